// Probe: early exits whose arm has statements before its `return;`
// (docs/compiler-effects.md, "Exit arms before a loop"). Read with
//   research/compiler-effects/sass-by-line.py research/compiler-effects/early-exits.cu
// A moving average's edge case: the arm stores a fill value and returns,
// and a loop follows.
__global__ void fillThenLoop(const float *x, float *y, int n, int w, float e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i < w - 1) {
    y[i] = e;
    return;
  }
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += x[i - w + 1 + k];
  y[i] = s / w;
}

// The same arm storing elsewhere.
__global__ void otherThenLoop(const float *x, float *y, float *z, int n, int w,
                              float e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i < w - 1) {
    z[i] = e;
    return;
  }
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += x[i - w + 1 + k];
  y[i] = s / w;
}

// A bare `return;` before the same loop.
__global__ void bareThenLoop(const float *x, float *y, int n, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < w - 1)
    return;
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += x[i - w + 1 + k];
  y[i] = s / w;
}

// The arm before straight-line code only.
__global__ void fillThenStore(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    y[i] = 0.0f;
    return;
  }
  y[i] = x[i] * 2.0f;
}

// Straight-line code after the arm, but after another early exit and with
// two loads: nvcc 13.0 branches here too (not modelled: still taken as
// predicated).
__global__ void fillThenTwoLoads(const float *x, float *y, int n, int w,
                                 float e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i < w - 1) {
    y[i] = e;
    return;
  }
  y[i] = x[i] * 2 + x[i + 1];
}
