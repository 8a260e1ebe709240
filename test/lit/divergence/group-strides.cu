// Grid- and block-stride loops written with cooperative groups are the same
// idiom as with blockDim and gridDim: a block's group_dim(), dim_threads(),
// size() and num_threads() are its blockDim, a grid's size() is blockDim x
// gridDim threads. Their tests split a warp only in the last, partial
// iteration: a note, not a warning (costless.cu has the plain forms).
// Learn-CUDA-Programming's cooperative-group reduction steps its loading
// loop by `block.group_dim().x * gridDim.x * NUM_LOAD`.
//
// Each launch is 2 blocks of 256 threads. With n = 300, the first test of
// the grid-stride loops is true for threads 0..299 of the grid: warp 9 of
// block 0 (threads 288..319) holds 12 of them, a split; every later test
// is false for all lanes (steps of 2048 and 512). With n = 100, the first
// test of the block-stride loop is true for threads 0..99 of each block:
// warp 3 (96..127) holds 4, a split.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void loadFour(int n, const float *x, float *y) {
  cg::thread_block block = cg::this_thread_block();
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += block.group_dim().x * gridDim.x * 4)
    sum += x[i];
  y[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void gridSized(int n, float *y) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size())
    y[i] = 0;
}

__global__ void blockSized(int n, const float *x, float *out) {
  cg::thread_block block = cg::this_thread_block();
  float sum = 0;
  for (unsigned i = block.thread_rank(); i < n; i += block.size())
    sum += x[blockIdx.x * n + i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

int main() {
  loadFour<<<2, 256>>>(300, nullptr, nullptr);
  gridSized<<<2, 256>>>(300, nullptr);
  blockSized<<<2, 256>>>(100, nullptr, nullptr);
}
// TEXT-NOT: warning: loop test
// TEXT: cuda-access-lint: 1 file; 0 warnings
// The findings come first, in line order.
// JSON: "line": 23,
// JSON: "no cost to act on: a grid-stride loop: only its last, partial iteration splits a warp
// JSON: "line": 31,
// JSON: "no cost to act on: a grid-stride loop: only its last, partial iteration splits a warp
// JSON: "line": 38,
// JSON: "no cost to act on: a block-stride loop: only its last, partial iteration splits a warp
