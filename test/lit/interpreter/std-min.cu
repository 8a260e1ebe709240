// std::min and std::max take and return references; the table gives their
// value (a temporary argument is its value, a returned reference is read as
// the builtin's result), never an access. One warp; floats; 32-B sectors.
// RUN: %cal --no-cuda-toolkit --dump=events %s | FileCheck %s
// RUN: %if cuda-toolkit %{ %cal --dump=events %s | FileCheck %s %}
#include <algorithm>

__global__ void k(float *a, int n) {
  int t = threadIdx.x;
  // min(t + 1, 16) is 1..16: bytes 4..67, sectors 0..2: 3 (ideal 3: fewer
  // than the 4 of a coalesced request of 32 lanes x 4 B, so no excess).
  a[std::min(t + 1, 16)] = 0;
  // max(t, 8) + 64 with n = 8 is 72..95: bytes 288..383, sectors 9..11: 3
  // (24 words, 96 B: ideal 3).
  a[std::max(t, n) + 64] = 0;
}

int main() { k<<<1, 32>>>(0, 8); }

// CHECK-LABEL: kernel k
// CHECK: summary access 12:3 global store 4B requests=1 sectors=3 ideal=3 confidence=exact
// CHECK-NEXT: summary access 15:3 global store 4B requests=1 sectors=3 ideal=3 confidence=exact
// CHECK-NOT: summary access
