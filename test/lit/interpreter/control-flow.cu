// The SIMT interpreter's control flow, checked through the accesses it
// reports. One block of 64 threads (2 warps).
// RUN: %cal --dump=events %s | FileCheck %s

__device__ int rowOf(int t, int width) {
  if (t < 0)
    return 0;
  return t / width;
}

__global__ void flow(float *a, int n) {
  int t = threadIdx.x;
  // Inlined call: rowOf(t, 8) * 8 + t % 8 == t, so this is contiguous:
  // 4 sectors.
  a[rowOf(t, 8) * 8 + t % 8] = 0;
  // switch with fallthrough: lanes with t % 4 == 0 or 1 store at a[t]
  // (16 of 32 lanes: 0,1,4,5,...: bytes spanning 4 sectors, ideal 2).
  switch (t % 4) {
  case 0:
  case 1:
    a[t] = 1;
    break;
  default:
    break;
  }
  // while with break: every lane leaves when k reaches 3, the accesses run
  // 3 times per warp with all lanes.
  int k = 0;
  while (true) {
    if (k == 3)
      break;
    a[k * 64 + t] = 2;
    ++k;
  }
  // do/while with continue: the body's store is skipped for odd j.
  int j = 0;
  do {
    ++j;
    if (j % 2)
      continue;
    a[j * 64 + t] = 3;
  } while (j < 4);
  // Ternary and min: the index is min(t, 16): lanes 16..31 share a word.
  a[t < 16 ? t : 16] = 4;
  a[min(t, 16) + 128] = 5;
}

int main() { flow<<<1, 64>>>(0, 0); }

// CHECK-LABEL: kernel flow
// CHECK: summary access 15:3 global store 4B requests=2 sectors=4 ideal=4 confidence=exact
// CHECK: summary access 21:5 global store 4B requests=2 sectors=4 ideal=2 confidence=exact
// CHECK: summary access 32:5 global store 4B requests=6 sectors=4 ideal=4 confidence=exact
// j = 2 and j = 4 store; j = 1 and 3 continue: 2 stores per warp.
// CHECK: summary access 41:5 global store 4B requests=4 sectors=4 ideal=4 confidence=exact
// Warp 0 writes words 0..16 (68 B: 3 sectors, ideal 3); warp 1
// (t = 32..63) all write word 16 (1 sector, ideal 1): mean 2 and 2. The
// two warps differ (3 and 1), so no single value holds: range.
// CHECK: summary access 44:3 global store 4B requests=2 sectors=2 ideal=2 confidence=range
// CHECK: summary access 45:3 global store 4B requests=2 sectors=2 ideal=2 confidence=range
// The early return in rowOf is never taken (t >= 0).
// CHECK: summary branch 6:3 if uniform
// Lanes with t % 4 == 0 agree with lane 0: 8 of 32.
// CHECK: summary branch 18:3 switch divergent divergent-warps=1 split=8/24
// CHECK: summary branch 29:3 while uniform
// j alternates odd/even per iteration, the same in both warps: uniform.
// CHECK: summary branch 37:3 do uniform
// CHECK: summary branch 39:5 if uniform
