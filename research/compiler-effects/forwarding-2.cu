__global__ void s_then_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 1.0f;
  o[i] = c[i] * 2.0f;
}
__global__ void l_l(const float *c, float *o) {
  int i = threadIdx.x;
  float x = c[i];
  float y = c[i];
  o[i] = x * y;
}
__global__ void l_st_l(float *c, float *o) {
  int i = threadIdx.x;
  float x = c[i];
  o[i] = x;
  float y = c[i];
  o[i + 64] = y;
}
__global__ void l_st_l_r(float *__restrict__ c, float *__restrict__ o) {
  int i = threadIdx.x;
  float x = c[i];
  o[i] = x;
  float y = c[i];
  o[i + 64] = y;
}
__global__ void s_st_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  o[i] = 5.0f;
  o[i + 64] = c[i];
}
__global__ void s_st_l_r(float *__restrict__ c, float *__restrict__ o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  o[i] = 5.0f;
  o[i + 64] = c[i];
}
__global__ void s_sync_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  __syncthreads();
  o[i] = c[i];
}
__global__ void s_fence_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  __threadfence();
  o[i] = c[i];
}
__global__ void s_syncwarp_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  __syncwarp();
  o[i] = c[i];
}
__global__ void shared_fwd(const float *a, float *o) {
  __shared__ float s[256];
  int i = threadIdx.x;
  s[i] = a[i];
  o[i] = s[i] * 2.0f;
}
__global__ void s_s(float *c, float x) {
  int i = threadIdx.x;
  c[i] = x;
  c[i] = x * 2.0f;
}
__global__ void s_other_elem_l(float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  c[i + 1] = 4.0f;
  o[i] = c[i];
}
__global__ void s_dyn_elem_l(float *c, float *o, const int *idx) {
  int i = threadIdx.x;
  int j = idx[i];
  c[i] = 3.0f;
  c[j] = 4.0f;
  o[i] = c[i];
}
__global__ void s_atomic_l(float *c, float *o, int *cnt) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  atomicAdd(cnt, 1);
  o[i] = c[i];
}
__global__ void s_vol_l(volatile float *c, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  o[i] = c[i];
}
__global__ void s_l_other_l(float *c, const float *a, float *o) {
  int i = threadIdx.x;
  c[i] = 3.0f;
  float z = a[i];
  o[i] = c[i] + z;
}
__global__ void mm_ab_r(const float *__restrict__ a, const float *__restrict__ b, float *c, int n) {
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
__global__ void st_loop_other_store(const float *a, float *c, float *d, int n) {
  int j = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    c[j] += a[k * 256 + j];
    d[k * 256 + j] = 1.0f;
  }
}
