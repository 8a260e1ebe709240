// A conditional whose value is a struct held in registers, under a
// condition that depends on loaded data: the select must not read lanes an
// arm left without a value (this crashed on cuda-samples' cdpQuadtree). The
// kernel analyses (exit 0), and the accesses after the conditional keep
// their figures.
// RUN: %cal --format=json %s | FileCheck %s
//
// count[it]: every lane reads the same 4-byte word: 1 sector.
// CHECK: "line": 34,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 1,
// out[i] = p: an 8-byte struct of 4-byte alignment is copied as two 4-byte
// pieces; in each, 32 lanes 8 bytes apart span 256 bytes = 8 sectors.
// CHECK: "line": 36,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 8,
// CHECK-NEXT: "mean": 8,
// CHECK-NEXT: "min": 8
// The loads inside in.get(i) run only where `active`, which depends on
// loaded data: each lane's test is unknown, so they are not exact.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=ARM
// ARM: "confidence": "range",
// ARM: "line": 29,
// ARM: "confidence": "range",
// ARM: "line": 29,
struct P2 { float x, y; };
struct Points {
  float *x;
  __device__ P2 get(int i) const { P2 p; p.x = x[i]; p.y = x[i + 1]; return p; }
};
__global__ void k(Points in, const int *count, P2 *out) {
  int i = threadIdx.x;
  for (int it = 0; it < 2; ++it) {
    bool active = i < count[it];
    P2 p = active ? in.get(i) : P2{0.0f, 0.0f};
    out[i] = p;
  }
}
int main() { Points p; int *c; P2 *o; k<<<1, 64>>>(p, c, o); }
