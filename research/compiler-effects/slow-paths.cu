__global__ void fdiv(const float *a, const float *b, float *c) {
  int i = threadIdx.x;
  c[i] = a[i] / b[i];
}
__global__ void ddiv(const double *a, const double *b, double *c) {
  int i = threadIdx.x;
  c[i] = a[i] / b[i];
}
__global__ void fsqrt(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = sqrtf(a[i]);
}
__global__ void dsqrt(const double *a, double *c) {
  int i = threadIdx.x;
  c[i] = sqrt(a[i]);
}
__global__ void idiv(const int *a, const int *b, int *c) {
  int i = threadIdx.x;
  c[i] = a[i] / b[i];
}
__global__ void fdivc(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = a[i] / 3.0f;
}
__global__ void fdiv2(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = a[i] / 2.0f;
}
__global__ void frcp(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = 1.0f / a[i];
}
__global__ void rsq(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = rsqrtf(a[i]);
}
__global__ void fdivfn(const float *a, const float *b, float *c) {
  int i = threadIdx.x;
  c[i] = __fdividef(a[i], b[i]);
}
__global__ void sqrt_f_overload(const float *a, float *c) {
  int i = threadIdx.x;
  c[i] = sqrt(a[i]);
}
