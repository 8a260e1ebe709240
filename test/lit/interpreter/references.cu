// References are followed in and out: a reference parameter or local
// aliases what it was bound to; a const reference to a temporary holds the
// temporary's value; a reference to memory makes each use an access.
// One warp of 32 threads; floats (4 B); sectors are 32 B.
// RUN: %cal --dump=events %s | FileCheck %s

__device__ void scale(int &i) { i *= 32; }
__device__ int twice(const int &v) { return 2 * v; }
__device__ void setTo(int *p, int v) { *p = v; }
__device__ float &at(float *p, int i) { return p[i]; }

__global__ void refs(float *a, float *b) {
  int i = threadIdx.x;
  scale(i);
  // i = 32*t: 32 lanes x 4 B at a stride of 128 B, one sector each:
  // 32 sectors (ideal 4).
  a[i] = 0;
  int x = threadIdx.x;
  int &r = x;
  r += 32;
  // x = t + 32: contiguous and 128-B aligned: 4 sectors.
  b[x] = 1;
  const int &c = threadIdx.x * 2;
  // c = 2t: stride 8 B over 256 B: 8 sectors.
  b[c] = 2;
  // A temporary bound to a const reference parameter: 2t again, 8 sectors.
  b[twice(threadIdx.x + 0)] = 3;
  float &e = a[threadIdx.x];
  // A reference to memory: the assignment is a store to a[t], 4 sectors.
  e = 4;
  // The address of a local: setTo writes y itself (a register), so b[y]
  // is b[t]: 4 sectors.
  int y = 0;
  setTo(&y, threadIdx.x);
  b[y] = 5;
  int *p = &y;
  *p += 1;
  // y = t + 1: one float past a sector boundary: 5 sectors.
  b[y] = 6;
  // A function returning a reference: the store is to a[2t], at the call:
  // 8 sectors; no load inside at().
  at(a, 2 * threadIdx.x) = 7;
  // An lvalue conditional on one array: lanes 0..15 write b[t], lanes
  // 16..31 b[t + 32]: 2 x 64 B, 4 sectors, in one store.
  (threadIdx.x < 16 ? b[threadIdx.x] : b[threadIdx.x + 32]) = 8;
}

int main() { refs<<<1, 32>>>(0, 0); }

// CHECK-LABEL: kernel refs
// CHECK: summary access 17:3 global store 4B requests=1 sectors=32 ideal=4 confidence=exact
// CHECK-NEXT: summary access 22:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 25:3 global store 4B requests=1 sectors=8 ideal=4 confidence=exact
// CHECK-NEXT: summary access 27:3 global store 4B requests=1 sectors=8 ideal=4 confidence=exact
// CHECK-NEXT: summary access 30:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 35:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 39:3 global store 4B requests=1 sectors=5 ideal=4 confidence=exact
// CHECK-NEXT: summary access 42:3 global store 4B requests=1 sectors=8 ideal=4 confidence=exact
// CHECK-NEXT: summary access 45:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// No access through &y or *p: y is a register, not memory.
// CHECK-NOT: summary access
