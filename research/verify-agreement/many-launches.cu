// A program with many launches for the cost of `cuda-access-verify run`:
// a host setup of SETUP seconds, then LAUNCHES launches spread over ten
// kernels (template instances) and five block sizes. Written here for the
// measurement in docs/verify-run-h100.md.
//
//   many-launches SETUP LAUNCHES
#include <chrono>
#include <cstdio>
#include <cstdlib>

template <int K> __global__ void work(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 0.5f + K;
}

using Kernel = void (*)(float *, int);
static const Kernel Kernels[10] = {work<0>, work<1>, work<2>, work<3>,
                                   work<4>, work<5>, work<6>, work<7>,
                                   work<8>, work<9>};

int main(int argc, char **argv) {
  double Setup = argc > 1 ? atof(argv[1]) : 0;
  int Launches = argc > 2 ? atoi(argv[2]) : 40;
  // The setup: host work the program does before its first kernel.
  auto Start = std::chrono::steady_clock::now();
  volatile double X = 0;
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Start)
             .count() < Setup)
    X = X + 1;
  const int N = 1 << 22;
  float *A;
  cudaMalloc(&A, N * sizeof(float));
  cudaMemset(A, 0, N * sizeof(float));
  for (int L = 0; L < Launches; ++L) {
    int Block = 64 << (L / 10 % 5); // 64 ... 1024
    Kernels[L % 10]<<<(N + Block - 1) / Block, Block>>>(A, N);
  }
  cudaDeviceSynchronize();
  printf("%d launches after %.1f s of setup\n", Launches, Setup);
  cudaFree(A);
  return 0;
}
