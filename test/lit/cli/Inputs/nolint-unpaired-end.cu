__global__ void k(float *a) {
  a[threadIdx.x * 2] = 0; // NOLINTEND
}
void h(float *a) { k<<<1, 32>>>(a); }
