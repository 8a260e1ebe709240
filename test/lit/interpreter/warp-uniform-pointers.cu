// Pointers that differ only between warps, or whose inactive lanes have
// returned, are followed: a conditional that the whole warp decides alike
// selects one arm, and an assignment that reaches every lane still in the
// function replaces the variable.
// RUN: %cal --format=json %s -- > %t.json
// RUN: %python %S/Inputs/accesses.py %t.json | FileCheck %s

__global__ void pick(const float *A, const float *B, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned warpId = threadIdx.x / 32;
  // Warps 0-1 read A, warps 2-3 read B, each at 64 * warpId floats
  // (256 * warpId bytes, a multiple of 32): 32 lanes x 4 B contiguous from
  // a sector boundary = 4 sectors in every warp.
  const float *p = warpId < 2 ? &A[64 * warpId] : &B[64 * warpId];
  out[x] = p[threadIdx.x % 32];
  float *q;
  if (x >= w)
    return;
  // Lanes past w have returned. q = out + 2x: 32 lanes 8 B apart span
  // 256 B = 8 sectors; the last block (7, threads 896-1023) keeps lanes
  // x < 1000: its warp 3 (x 992-1023) has 8 lanes, 64 B = 2 sectors.
  q = out + 2 * x;
  q[0] = 1;
}

int main() { pick<<<8, 128>>>(0, 0, 0, 1000); }

// CHECK: access 15 global store exact 4-4
// CHECK: access 15 global load exact 4-4
// CHECK: access 23 global store range 2-8 varies between evaluated warps: 2 to 8 sectors per request
