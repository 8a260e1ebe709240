#include <vector>
#include "unguarded-struct.h"

__global__ void sum(const pair_of_floats *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].a + p[i].b;
}

int main() { sum<<<4, 256>>>(nullptr, nullptr, 1024); }
