// A cooperative group's index and size queries (`block.thread_index().x`,
// `block.group_dim().x`, `tile.thread_rank()`) are inline special-register
// reads in the toolkit's header, not calls: an arm that uses them is
// predicated like one that reads threadIdx. Learn-CUDA-Programming's
// cooperative-group reduction, `if (block.thread_index().x < stride)
// s_data[block.thread_index().x] += s_data[block.thread_index().x +
// stride];` on a __shared__ array, measured no branch instruction on that
// line on the H100 (research/unseen-code/h100-test5/, lcp-03-cg-reduction).
// A call of a function of the user's own keeps the branch, as before.
// RUN: %cal --format=json %s | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ __noinline__ float opaque(float x);

__global__ void groupFold(const float *g, float *out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x];
  block.sync();
  for (unsigned stride = block.group_dim().x / 2; stride > 0; stride >>= 1) {
    if (block.thread_index().x < stride)
      s[block.thread_index().x] += s[block.thread_index().x + stride];
    block.sync();
  }
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void callFold(const float *g, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 16)
    s[threadIdx.x] = opaque(s[threadIdx.x + 16]);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  groupFold<<<1, 64>>>(nullptr, nullptr);
  callFold<<<1, 64>>>(nullptr, nullptr);
}

// Keys are sorted: a kernel's branches come before its name.
// CHECK: "compiled_as": "predicated",
// CHECK: "line": 22,
// CHECK: "name": "groupFold"
// CHECK: "compiled_as": "branch",
// CHECK: "line": 33,
// CHECK: "name": "callFold"
