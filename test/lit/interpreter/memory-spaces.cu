// Never a wrong memory space: an access through a pointer whose target is
// unknown is reported with space "unknown" and kept out of the global and
// shared totals; the address of a local is a register (or local-memory)
// object, never global.
// One block of 32 threads; floats (4 B); sectors are 32 B.
// RUN: %cal --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

__device__ float *pick(float **table, int k) { return table[k]; }
__device__ float &ext(int k); // defined elsewhere

__global__ void spaces(float **table, float *out) {
  __shared__ float tile[32];
  int t = threadIdx.x;
  tile[t] = out[t];
  __syncthreads(); // so tile[t] below is loaded, not forwarded from a register
  float *row = pick(table, t); // one per lane, from memory: target unknown
  row[t] = tile[t];
  // &v of a scalar local: *q reads v itself, no memory access.
  float v = 1.0f;
  float *q = &v;
  out[t] = *q;
  // A reference from a function without a body: memory or a register,
  // nobody knows. The store is listed with space unknown, not dropped.
  ext(t) = 3.0f;
}

int main() { spaces<<<1, 32>>>(0, 0); }

// The accesses in source order. table[k] (10:55) with k = t: 32 pointers of
// 8 B, 256 B = 8 sectors. out[t] and tile[t]: contiguous, 4 sectors and 1
// wavefront. (A pointer the whole warp loads from one address is taken to
// be global, interpreter/loaded-pointers.cu; one per lane is not.)
// CHECK: "line": 10,
// CHECK: "space": "global",
// CHECK: "line": 16,
// CHECK: "space": "shared",
// CHECK: "line": 16,
// CHECK: "space": "global",
// row[t]: space unknown, no numbers, with the reason.
// CHECK: "confidence": "unknown",
// CHECK: "line": 19,
// CHECK-NEXT: "lines_per_request": null,
// CHECK-NEXT: "reason": "memory space unknown: the pointer's target is unknown (value loaded from memory at {{.*}}memory-spaces.cu:10:55)",
// CHECK-NEXT: "sectors_per_request": null,
// CHECK-NEXT: "space": "unknown",
// CHECK: "line": 19,
// CHECK: "space": "shared",
// out[t] = *q: the store only; *q is v.
// CHECK: "line": 23,
// CHECK: "space": "global",
// CHECK-NOT: "line": 23,
// CHECK: "line": 26,
// CHECK-NEXT: "lines_per_request": null,
// CHECK-NEXT: "reason": "memory space unknown: the pointer's target is unknown (lvalue CallExpr at {{.*}}memory-spaces.cu:26:3 is not followed)",
// CHECK-NEXT: "sectors_per_request": null,
// CHECK-NEXT: "space": "unknown",
// Totals: global loads are table[k] and out[t], one request each per warp,
// 8 and 4 sectors: mean 6. Shared: tile[t] store and load, 1 wavefront.
// The unknown stores are in neither total, and it makes the store summaries
// incomplete, as it may belong to either space.
// CHECK: "summary": {
// CHECK: "global_load": {
// CHECK-NEXT: "complete": true,
// CHECK-NEXT: "requests_per_warp": 2,
// CHECK-NEXT: "sectors_per_request": 6
// CHECK: "global_store": {
// CHECK-NEXT: "complete": false,
// CHECK-NEXT: "requests_per_warp": 1,
// CHECK-NEXT: "sectors_per_request": 4
// CHECK: "shared_load": {
// CHECK-NEXT: "complete": true,
// CHECK-NEXT: "requests_per_warp": 1,
// CHECK: "shared_store": {
// CHECK-NEXT: "complete": false,
// CHECK-NEXT: "requests_per_warp": 1,
// CHECK: "unknown_space": {
// CHECK-NEXT: "requests_per_warp": 2
// CHECK: "unsupported": [
// CHECK-NEXT: "call to 'ext' at {{.*}}memory-spaces.cu:26:3 is not followed; accesses inside it are not counted"

// TEXT: 19:3: remark: cannot predict this store (memory space unknown): the pointer's target is unknown (value loaded from memory at {{.*}}memory-spaces.cu:10:55) [cuda-unknown-access]
