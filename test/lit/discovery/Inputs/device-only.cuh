// Device code only: no host function, no launch.
__device__ inline float twice(float x) { return 2 * x; }

// cuda-access-lint: block(128)
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = twice(a[i]);
}

__global__ void shift(float *a, int n) { a[threadIdx.x + 1] = 0; }
