// A grid-stride loop whose block size is a template parameter
// (`i += numThreads * gridDim.x`, the CUDA Handbook's templated reductions,
// launched with numThreads equal to the block's size) is the same idiom as
// `i += blockDim.x * gridDim.x`: only its last, partial iteration splits a
// warp. n = 1000 over 2 x 256 = 512 threads: the second pass has 488
// indices, so warp 15 of block 0 holds 8 of them and splits, once. The H100
// measured no divergent branch target on such a loop of the Handbook's
// reduction3WarpSynchronousTemplated.cuh (1,800 x 128 threads; per-line
// counters in research/unseen-code/h100-test8). A note, not a warning.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

template <unsigned numThreads>
__global__ void sum(int *out, const int *in, int n) {
  int s = 0;
  for (int i = blockIdx.x * numThreads + threadIdx.x; i < n;
       i += numThreads * gridDim.x)
    s += in[i];
  out[blockIdx.x * numThreads + threadIdx.x] = s;
}

int main() { sum<256><<<2, 256>>>(nullptr, nullptr, 1000); }

// TEXT-NOT: warning: loop test
// JSON: "message": "loop test of for diverges in
// JSON: "no cost to act on: a grid-stride loop: only its last, partial iteration splits a warp
// JSON: "severity": "note"
