// Another translation unit that mentions a kernel but does not parse: its
// include is missing.
#include "kernels.cuh"
#include "no-such-header.cuh"

void run(float *out, const float *in) { transpose<<<1, 64>>>(out, in, 8, 8); }
