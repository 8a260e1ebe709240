__global__ void cond_then(float *a) {
  int t = threadIdx.x;
  if (t % 4 < 2)
    a[t] = 1.0f;
  a[t] = 2.0f;
}
__global__ void sw_then(float *a) {
  int t = threadIdx.x;
  switch (t % 4) {
  case 0:
  case 1:
    a[t] = 1;
    break;
  default:
    break;
  }
  a[t] = 2;
}
__global__ void spelled(float *a) {
  int t = threadIdx.x;
  a[(t / 8) * 8 + t % 8] = 0;
  a[t] = 2;
}
__global__ void fwd_cond(float *a, float *o) {
  int t = threadIdx.x;
  if (t % 4 < 2)
    a[t] = 1.0f;
  o[t] = a[t];
}
