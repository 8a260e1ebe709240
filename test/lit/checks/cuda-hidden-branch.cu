// cuda-hidden-branch: an IEEE float division has a data-dependent slow
// path; __fdividef has none.
// RUN: %cal %s 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: %cal --explain cuda-hidden-branch | FileCheck %s --check-prefix=EXPLAIN

__global__ void divide(float *out, const float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i] / b[i];
  // CHECK: cuda-hidden-branch.cu:[[@LINE-1]]:12: remark: possible slow-path divergence: IEEE float division compiles to a fast path and a data-dependent slow-path call [cuda-hidden-branch]
  // CHECK: note: fix, where last-bit rounding does not matter: __fdividef(a, b)
  out[i] = __fdividef(a[i], b[i]);
}

void host(float *f) { divide<<<2, 128>>>(f, f, f); }

// EXPLAIN: cuda-hidden-branch: IEEE division or square root with a data-dependent slow path (remark)
