#include <cuda_runtime.h>
__global__ void __launch_bounds__(128) bounded(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
int main() {
  float *a;
  bounded<<<64, 256>>>(a);
}
