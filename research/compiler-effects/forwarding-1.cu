#define N 1024
__global__ void mm(const float *a, const float *b, float *c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}
__global__ void mm_r(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}
__global__ void mm_n(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    c[i * n + j] += a[i * n + k] * b[k * n + j];
}
__global__ void mm_nr(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    c[i * n + j] += a[i * n + k] * b[k * n + j];
}
