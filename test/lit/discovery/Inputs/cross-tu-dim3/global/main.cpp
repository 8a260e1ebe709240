#include <cuda_runtime.h>

extern "C" void render(float *d, int w, dim3 grid, dim3 block);

dim3 blockSize(16, 16);
dim3 gridSize;

int main() {
  float *d = nullptr;
  int w = 1024;
  gridSize = dim3(w / blockSize.x, w / blockSize.y);
  render(d, w, gridSize, blockSize);
  return 0;
}
