// Hardware check of docs/compiler-effects.md: the kernels of
// test/lit/effects/{guards,forwarding}.cu launched on real buffers, for
// Nsight Compute (command and results in docs/compiler-effects.md).
#include <cstdio>
#define N 64

__global__ void guardLast(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}

__global__ void guardMid(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0;
    for (int k = 0; k < m; ++k)
      s += a[k * 1024 + i];
    c[i] = s;
  }
  c[i + 4096] = 1.0f;
}

__global__ void matmul(const float *a, const float *b, float *c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

__global__ void matmulRestrict(const float *__restrict__ a,
                               const float *__restrict__ b, float *c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

__global__ void fdiv(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] / b[i];
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 1 << 24);
  cudaMalloc(&b, 1 << 24);
  cudaMalloc(&c, 1 << 24);
  cudaMemset(a, 0, 1 << 24);
  cudaMemset(b, 0, 1 << 24);
  cudaMemset(c, 0, 1 << 24);
  guardLast<<<4, 256>>>(a, b, c, 1000);
  guardMid<<<4, 256>>>(a, c, 1000, 4);
  dim3 block(32, 8), grid(2, 2);
  matmul<<<grid, block>>>(a, b, c);
  matmulRestrict<<<grid, block>>>(a, b, c);
  fdiv<<<4, 256>>>(a, b, c);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
