__global__ void hk(float *a) {
  a[threadIdx.x * 64] = 2.0f;
}
