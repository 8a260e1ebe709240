// Launches the kernels that kernels.cu and scale.cu define: constant
// blocks, grids computed from a size read at run time.
#include "kernels.cuh"
#include <cstdlib>

#ifndef BLOCK_Y
#error "BLOCK_Y comes from main.cu's own compile command"
#endif

int main(int argc, char **argv) {
  const int w = 1024;
  int h = std::atoi(argv[1]);
  float *in, *out;
  cudaMalloc(&in, sizeof(float) * w * h);
  cudaMalloc(&out, sizeof(float) * w * h);
  dim3 block(32, BLOCK_Y);
  dim3 grid(w / 32, (h + 7) / 8);
  transpose<<<grid, block>>>(out, in, w, h);
  scale<<<w * h / 512, 256>>>(out, w * h);
  cudaDeviceSynchronize();
  return 0;
}
