void h(int *p) { undeclared(p); }
__global__ void k(float *a) { a[threadIdx.x * 32] = 1.0f; }
void g(float *a) { k<<<1, 32>>>(a); }
