__global__ void r_in_loop(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    if (a[k * 1024 + i] < 0) return;
    c[k * 1024 + i] = 1.0f;
  }
}
__global__ void r_nested(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i & 1) {
    c[i] = a[i];
    if (i & 2) return;
    c[i + 1] = a[i + 1];
  }
  c[i + 2] = 3.0f;
}
__global__ void r_body(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) { c[i] = 0.0f; return; }
  c[i] = a[i] * 2.0f;
}
__global__ void r_body_loop(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) { for (int k = 0; k < m; ++k) c[k * 1024 + i] = 0.0f; return; }
  c[i] = a[i] * 2.0f;
}
__global__ void if_else_last(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] * 3.0f;
  } else {
    c[i] = a[i + 5] + 2.0f;
  }
}
__global__ void if_last_long(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i];
  if (x > 0.5f) {
    float s = 0;
    for (int k = 0; k < n; ++k) s += b[k * 1024 + i] * x;
    c[i] = s;
    c[i + 1024] = s * s;
  }
}
__global__ void if_last_nested_ret(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = a[i];
    if (x < 0) return;
    c[i] = x;
  }
}
__global__ void two_guards(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i];
  if (x > 0) {
    c[i] = x;
    c[i+n] = x * x;
  }
}
__device__ void dev(const float *a, float *c, int i, int n) {
  if (i < n) c[i] = a[i];
}
__global__ void via_dev(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dev(a, c, i, n);
}
