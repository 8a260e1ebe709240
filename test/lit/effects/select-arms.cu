// A zero-padded tile load, `if (in range) t[y][x] = in[...]; else t[y][x] =
// 0;`, is predicated however long its index arithmetic: nvcc loads under the
// predicate and stores once. Measured on the H100 (nvcc 13.0 -O2
// -arch=sm_90, Nsight Compute source counters in
// research/unseen-code/h100-test7/): PMPP-Learning's tiled matrix products
// (Chapter06/Exercise01, lines 68 and 74 and 121 and 130) and tiled
// convolutions (Chapter07/Exercise02 line 76, Chapter07/Exercise03 line
// 168) have no branch instruction on their `if` lines, whose arms are 41 to
// 88 AST nodes; at the time, any arm without control flow counted as
// predicated below 40 nodes (60 now: docs/compiler-effects.md).
// RUN: %cal --format=json %s | FileCheck %s
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

#define TILE 16
// cuda-access-lint: block(16,16) grid(7,7)
__global__ void tiled(const float *M, float *P, int m, int n, int o) {
  __shared__ float Mds[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float v = 0;
  for (int ph = 0; ph < (n + TILE - 1) / TILE; ++ph) {
    if (col < 100 && (ph * TILE + tx) < n && row < m && ph >= 0)
      Mds[ty][tx] = M[row * n + ph * TILE + tx + (ph * TILE + tx) * 0 +
                      (row - col) * 0 + (row + ph) * 0];
    else
      Mds[ty][tx] = 0.0f;
    __syncthreads();
    v += Mds[ty][0];
    __syncthreads();
  }
  P[row * o + col] = v;
}
// Columns 96 to 111 of the last column of blocks split at 100: divergent
// warps, but the select is predicated, so a note and no warning.
// CHECK: "compiled_as": "predicated",
// CHECK: "depends_on_samples": {{true|false}},
// CHECK: "kind": "if",
// CHECK-NEXT: "lane_split"
// CHECK-NEXT: "likely_predicated": true,
// CHECK-NEXT: "line": 22,
// TEXT-NOT: select-arms.cu:22:{{.*}}warning

// An else arm that stores elsewhere is no select: the size rule decides,
// and these arms are over it, so the branch is kept, and the warps of
// columns 96 to 111 (split at 100) make it a warning.
// cuda-access-lint: block(16,16) grid(7,7)
__global__ void notSelect(const float *M, float *P, float *Q, int m, int n) {
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  if (col < 100 && row < m && row * n + col < m * n && col * m + row < m * n)
    P[row * n + col + (row * col) * 0 + (row + col) * 0] =
        M[row * n + col + (col * row) * 0 + (col - row) * 0] + M[col * m + row];
  else
    Q[row * n + col] = 0.0f;
}
// CHECK: "compiled_as": "branch",
// CHECK: "depends_on_samples": {{true|false}},
// CHECK: "kind": "if",
// CHECK-NEXT: "lane_split"
// CHECK-NEXT: "likely_predicated": false,
// CHECK-NEXT: "line": 49,
// TEXT: select-arms.cu:49:7: warning: branch if diverges
