// The header's `#define __global__` is not a kernel: the include lines are
// precompiled. Lanes 4 floats (16 bytes) apart: 16 sectors per request
// where 4 would do.
#include "preamble-plain.h"

__global__ void own(float *a) { a[threadIdx.x * stride()] = 0; }

int main() { own<<<4, 32>>>(nullptr); }
