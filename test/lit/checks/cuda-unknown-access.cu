// cuda-unknown-access: a remark with the reason, for an access whose
// addresses depend on data; the access it depends on is predicted.
// RUN: %cal %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %cal --checks='-*,cuda-unknown-access' --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --explain cuda-unknown-access | FileCheck %s --check-prefix=EXPLAIN

__global__ void gather(float *out, const float *in, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
  // CHECK: cuda-unknown-access.cu:[[@LINE-1]]:12: remark: cannot predict this global load: address depends on value loaded from memory at {{.*}}cuda-unknown-access.cu:[[@LINE-1]]:15 [cuda-unknown-access]
  // JSON: "line": [[@LINE-2]],
  // JSON: "severity": "remark"
}

void host(float *f, int *x) { gather<<<2, 128>>>(f, f, x); }
// CHECK: 0 warnings, 1 remark (cuda-unknown-access: 1)

// EXPLAIN: cuda-unknown-access: access whose addresses the analyzer cannot derive (remark)
