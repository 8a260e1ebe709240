__global__ void g_if_last(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}
__global__ void g_if_last_loop(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0;
    for (int k = 0; k < m; ++k)
      s += a[k * n + i];
    c[i] = s;
  }
}
__global__ void g_if_last_sync(const float *a, float *c, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    t[threadIdx.x] = a[i];
    __syncthreads();
    c[i] = t[255 - threadIdx.x];
  }
}
__global__ void g_return(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  c[i] = a[i] * 2.0f;
}
__global__ void g_return_loop(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0;
  for (int k = 0; k < m; ++k)
    s += a[k * n + i];
  c[i] = s;
}
__global__ void g_tail(const float *a, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = a[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int st = 128; st > 0; st >>= 1) {
    if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
__global__ void g_mid(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0;
    for (int k = 0; k < n; ++k) s += a[k * 7 + i];
    c[i] = s;
  }
  c[i + n] = 1.0f;
}
__global__ void g_2d(const float *a, float *c, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    c[y * w + x] = a[x * h + y];
  }
}
__global__ void g_ret_mid_loop(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < m; ++k) {
    s += a[k * n + i];
  }
  if (s > 0) return;
  c[i] = s;
}
