// A user's header that defines a kernel: it must be parsed from source, so
// include lines that name it are not precompiled.
#pragma once
__global__ void fromHeader(float *a) { a[threadIdx.x * 2] = 0; }
