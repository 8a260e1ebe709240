// A data-dependent gather: the index is loaded from memory, so its value,
// and the addresses, cannot be known before the kernel runs. The analyzer
// must say `unknown` and why, never a number. The index load itself is
// contiguous (4 sectors).
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal %s | FileCheck %s --check-prefix=DIAG

__global__ void gather(float *out, const float *in, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}

int main() { gather<<<4, 256>>>(0, 0, 0); }

// CHECK: summary access 11:12 global load 4B {{.*}} confidence=unknown
// CHECK: summary access 11:15 global load 4B {{.*}} sectors=4 ideal=4 confidence=exact

// JSON: "column": 12,
// JSON: "confidence": "unknown",
// JSON: "reason": "address depends on value loaded from memory at {{.*}}gather-unknown.cu:11:15",
// JSON: "sectors_per_request": null,

// DIAG: 11:12: remark: cannot predict this global load: address depends on value loaded from memory at {{.*}}gather-unknown.cu:11:15 [cuda-unknown-access]
