#include "tile.cuh"
__global__ void k(float *a) {
  int i = threadIdx.x;
  /* π */ a[i * 32] = 1.0f;
}
__global__ void lone(float *a) { a[threadIdx.x * 2] = 0.0f; }
void h(float *a) { k<<<1, 32>>>(a); hk<<<1, 32>>>(a); }
