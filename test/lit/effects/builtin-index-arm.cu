// A short arm that names threadIdx or blockIdx is still straight-line code
// to nvcc: the index is a special-register read (S2R), not a call, and the
// arm is if-converted. Evidence (docs/real-code-mismatches.md, class A):
// CUDA samples' scan.cu uniformUpdate, `if (threadIdx.x == 0)` around one
// global load indexed by blockIdx.x into a shared variable, compiles to
// `ISETP.NE.AND P0`, `@!P0 LDG.E`, `@!P0 STS` with no BRA; histogram's
// merge kernels likewise (`@!P0 LDS`, `@!P0 STS`).
// RUN: %cal --format=json %s -- > %t.json
// RUN: FileCheck %s < %t.json

__global__ void update(const float *d, float *out) {
  __shared__ float buf;
  if (threadIdx.x == 0) {
    buf = d[blockIdx.x];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf;
}

int main() { update<<<4, 128>>>(0, 0); }

// CHECK: "branches": [
// CHECK-NEXT: {
// CHECK-NEXT: "classification": "divergent",
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "compiled_as": "predicated",
