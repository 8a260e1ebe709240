// Shared atomics on the H100 (sm_90), each figure measured by a
// one-instruction probe (docs/gpu-facts.md, "Shared atomics";
// research/probes/shared-atomics-probe.cu): integer atomics cost as a load
// of the same addresses does (lanes on one word merge, distinct words in
// one bank conflict); atomicCAS takes 2 wavefronts; a float atomicAdd is a
// loop around ATOMS.CAST.SPIN, 2 wavefronts per execution, executed once
// per lane of the most used bank.
// RUN: %cal --format=json %s | FileCheck %s

#define PROBE(NAME, T, IDX)                                                   \
  __global__ void NAME(T *out) {                                              \
    __shared__ T s[1024];                                                     \
    unsigned l = threadIdx.x;                                                 \
    atomicAdd(&s[IDX], (T)1);                                                 \
    out[l] = s[l];                                                            \
  }

// measured 1 wavefront
PROBE(i_same, int, 0)
// measured 2 wavefronts (2-way bank conflict)
PROBE(i_stride2, int, 2 * l)
// measured 32
PROBE(i_stride32, int, 32 * l)
// measured 2 wavefronts, 1 execution
PROBE(f_distinct, float, l)
// measured 64 wavefronts over 32 executions
PROBE(f_same, float, 0)
// measured 4 wavefronts over 2 executions
PROBE(f_stride2, float, 2 * l)

__global__ void i_cas(int *out) {
  __shared__ int s[32];
  atomicCAS(&s[threadIdx.x], 0, 1); // measured 2 wavefronts
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  i_same<<<1, 32>>>(nullptr);
  i_stride2<<<1, 32>>>(nullptr);
  i_stride32<<<1, 32>>>(nullptr);
  f_distinct<<<1, 32>>>(nullptr);
  f_same<<<1, 32>>>(nullptr);
  f_stride2<<<1, 32>>>(nullptr);
  i_cas<<<1, 32>>>(nullptr);
}
// CHECK: "executions_per_warp": 1,
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 1,
// CHECK: "name": "i_same"
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "name": "i_stride2"
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 32,
// CHECK: "name": "i_stride32"
// CHECK: "executions_per_warp": 1,
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "name": "f_distinct"
// CHECK: "executions_per_warp": 32,
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "name": "f_same"
// CHECK: "executions_per_warp": 2,
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "name": "f_stride2"
// CHECK: "kind": "atomic",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "name": "i_cas"
