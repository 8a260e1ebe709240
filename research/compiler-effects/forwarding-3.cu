__global__ void two_pass(const float *a, float *o, int n) {
  float m = 0, s = 0;
  for (int i = threadIdx.x; i < n; i += 64) m += a[i];
  for (int i = threadIdx.x; i < n; i += 64) s += a[i] * m;
  o[threadIdx.x] = s;
}
__global__ void after_loop(const float *a, float *c, float *o, int n) {
  int i = threadIdx.x;
  for (int k = 0; k < n; ++k) c[i] += a[k * 64 + i];
  o[i] = c[i];
}
__global__ void invariant_load(const float *a, const float *c, float *o, int n) {
  int i = threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k) s += c[i] * a[k * 64 + i];
  o[i] = s;
}
__global__ void shared_dead(const float *a, float *o) {
  __shared__ float s[64];
  s[threadIdx.x] = a[threadIdx.x];
  o[threadIdx.x] = 1.0f;
}
