// IEEE division and square root hide a data-dependent branch: a fast path
// and a call of a slow path (SASS probes in docs/compiler-effects.md: FCHK +
// @P0 BRA + CALL __internal_..._div_rn_noftz_f32_slowpath, and so on). They
// are remarks, not warnings: the slow path runs only for extreme operands.
// The SASS of this file has the slow-path CALL at lines 11, 16-19 and 21.
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal %s -- -ffast-math 2>&1 | FileCheck %s --check-prefix=FAST
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --fail-on-findings %s > /dev/null 2>&1

__device__ float scale(float x, float s) { return x / s; }

__global__ void maths(const float *a, const float *b, const double *d,
                      const int *n, float *o, double *od, int *oi) {
  int i = threadIdx.x;
  o[i] = a[i] / b[i];              // float division: slow path
  od[i] = d[i] / d[i + 32];        // double division: slow path
  o[i + 32] = sqrtf(a[i]);         // float square root: slow path
  od[i + 32] = sqrt(d[i]);         // double square root: slow path
  o[i + 64] = a[i] / 2.0f;         // power of two: a multiply, no call
  o[i + 96] = a[i] / 3.0f;         // other constants: slow path
  oi[i] = n[i] / n[i + 32];        // integer: fixed sequence, no call
  o[i + 128] = __fdividef(a[i], b[i]); // one MUFU.RCP, no call
  o[i + 160] = rsqrtf(a[i]);       // one MUFU.RSQ, no call
  o[i + 192] = scale(a[i], b[i]);  // inlined: the division inside counts
}

int main() { maths<<<1, 32>>>(0, 0, 0, 0, 0, 0, 0); }

// CHECK: slow-paths.cu:11:51: remark: possible slow-path divergence: IEEE float division compiles to a fast path and a data-dependent slow-path call [cuda-hidden-branch]
// CHECK: note: fix, where last-bit rounding does not matter: __fdividef(a, b), or -ffast-math (nvcc: --use_fast_math or -prec-div=false)
// CHECK: slow-paths.cu:16:10: remark: possible slow-path divergence: IEEE float division
// CHECK: slow-paths.cu:17:11: remark: possible slow-path divergence: IEEE double division
// CHECK: slow-paths.cu:18:15: remark: possible slow-path divergence: IEEE float square root
// CHECK: slow-paths.cu:19:16: remark: possible slow-path divergence: IEEE double square root
// CHECK-NOT: slow-paths.cu:20:
// CHECK: slow-paths.cu:21:15: remark: possible slow-path divergence: IEEE float division
// CHECK-NOT: slow-paths.cu:22:
// CHECK-NOT: slow-paths.cu:23:
// CHECK-NOT: slow-paths.cu:24:
// CHECK-NOT: warning:

// -ffast-math allows the reciprocal and approximate square root for float;
// double keeps its slow paths (probes ddiv and dsqrt with --use_fast_math).
// FAST-NOT: IEEE float
// FAST: slow-paths.cu:17:11: remark: possible slow-path divergence: IEEE double division
// FAST: slow-paths.cu:19:16: remark: possible slow-path divergence: IEEE double square root
// FAST-NOT: IEEE float

// JSON: "hidden_branches": [
// JSON-NEXT: {
// JSON-NEXT: "column": 51,
// JSON-NEXT: "file": "{{.*}}slow-paths.cu",
// JSON-NEXT: "line": 11,
// JSON-NEXT: "note": "possible slow-path divergence: IEEE float division compiles to a fast path and a data-dependent slow-path call",
// JSON-NEXT: "operation": "float division"
