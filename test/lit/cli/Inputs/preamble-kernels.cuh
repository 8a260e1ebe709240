// A user's header that defines a kernel: it must be parsed from source, so
// include lines that name it are not precompiled; the lines before it and
// this header's own include line are.
#ifndef PREAMBLE_KERNELS_CUH
#define PREAMBLE_KERNELS_CUH
#include <map>
__global__ void fromHeader(float *a) { a[threadIdx.x * 2] = 0; }
#endif
