// The kernels' declarations, shared by the files that define them and the
// one that launches them (separately compiled kernels).
#pragma once

__global__ void transpose(float *out, const float *in, int w, int h);
__global__ void scale(float *a, int n);
