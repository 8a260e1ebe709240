// An access written inside a CUDA header's function (__nv_bfloat16's
// conversion to float and its assignment from float) is reported at the
// user's line that reached it, with the header's line beside it: the
// profiler names one or the other, and a finding in the user's code is not
// hidden as a system header's.
// REQUIRES: cuda-toolkit
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
#include <cuda_bf16.h>

__global__ void scale(__nv_bfloat16 *out, const __nv_bfloat16 *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    // 32 lanes x 2 B contiguous from a 256-byte boundary: 64 B = 2 sectors.
    float x = in[i];
    out[i] = x * 2.0f;
    // Every fourth element: lanes 8 B apart span 256 B = 8 sectors where
    // the 64 B used fill 2.
    float y = in[(4 * i) % n];
    out[i] += y;
  }
}

int main() { scale<<<64, 256>>>(0, 0, 16384); }

// CHECK: access 17 global load exact 2-2
// CHECK: access 18 global store exact 2-2
// CHECK: access 21 global load exact 8-8
// JSON: "file": "{{.*}}header-accesses.cu",
// JSON-NOT: "kind"
// JSON: "header": {
// JSON-NEXT: "column":
// JSON-NEXT: "file": "{{.*}}cuda_bf16.hpp",
// TEXT: header-accesses.cu:21:15: warning: global load touches 8 sectors per request where 2 would do (4x the bytes moved) [cuda-uncoalesced-global]
