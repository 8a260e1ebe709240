// The add-matrix family (doubles, N = 1024, 1-D blocks of 128 threads or
// 2-D blocks of 32x8). Derivations, with 8-byte elements:
// - row loop per thread (C[i*N + j], thread i owns row i): at each j, lanes
//   are N*8 = 8192 B apart, so every lane has its own sector. The `i % 2`
//   branch splits every warp 16/16 in the source, but both arms make the
//   same accesses: the compiler hoists them out of the branch (SimplifyCFG)
//   and each runs once for all 32 lanes: 32 sectors, where 32 x 8 B = 8
//   would do. The H100 measured 32.00 for this kernel in kernels/
//   (research/data/verifier-table-h100.txt), and no divergent branch: the
//   branch is likely predicated.
// - 2-D (i = row from y, j = column from x): a warp covers 32 consecutive
//   columns of one row: 256 B = 8 sectors; `i % 2` is the same for the whole
//   warp (one row), so it is warp-uniform.
// - regrouped (even rows to the first half of the threads): still one row
//   per warp, 8 sectors, and warp-uniform.
// - column-wise row loop (thread j owns column j, loop over rows): lanes
//   are 8 B apart; the merged accesses of the `j % 2` arms run for all 32
//   lanes: 256 B = 8 sectors, ideal 8.
// RUN: %cal --dump=events %s | FileCheck %s

#define N 1024

__global__ void addRowLoop(double *C, const double *A, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < n; j++) {
    if (i % 2 == 0)
      C[i * n + j] = A[i * n + j] + A[i * n + j];
    else
      C[i * n + j] = A[i * n + j] - A[i * n + j];
  }
}

__global__ void add2D(double *C, const double *A, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i % 2 == 0)
    C[i * n + j] = A[i * n + j] + A[i * n + j];
  else
    C[i * n + j] = A[i * n + j] - A[i * n + j];
}

__global__ void add2DRegrouped(double *C, const double *A, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n / 2) {
    int r = 2 * i;
    C[r * n + j] = A[r * n + j] + A[r * n + j];
  } else {
    int r = 2 * (i - n / 2) + 1;
    C[r * n + j] = A[r * n + j] - A[r * n + j];
  }
}

__global__ void addColLoop(double *C, const double *A, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < n; i++) {
    if (j % 2 == 0)
      C[i * n + j] = A[i * n + j] + A[i * n + j];
    else
      C[i * n + j] = A[i * n + j] - A[i * n + j];
  }
}

int main() {
  addRowLoop<<<N / 128, 128>>>(0, 0, N);
  add2D<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(0, 0, N);
  add2DRegrouped<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(0, 0, N);
  addColLoop<<<N / 128, 128>>>(0, 0, N);
}

// The row loop runs N = 1024 iterations: the first 64 are evaluated.
// CHECK-LABEL: kernel addRowLoop launch
// CHECK: assume loop at {{.*}}add-matrix.cu:25:3 evaluated for its first iterations only (at most 64 per loop, 16384 per kernel)
// CHECK: summary access 27:7 global store 8B {{.*}} sectors=32 ideal=8 confidence=range
// CHECK: summary access 27:22 global load 8B {{.*}} sectors=32 ideal=8 confidence=range
// CHECK: summary branch 26:5 if divergent divergent-warps=1 split=16/16 likely-predicated
// CHECK-LABEL: kernel add2D launch
// CHECK: summary access 37:5 global store 8B {{.*}} sectors=8 ideal=8 confidence=exact
// CHECK: summary branch 36:3 if warp-uniform divergent-warps=0
// CHECK-LABEL: kernel add2DRegrouped
// CHECK: summary access 47:5 global store 8B {{.*}} sectors=8 ideal=8 confidence=exact
// CHECK: summary branch 45:3 if warp-uniform divergent-warps=0
// CHECK-LABEL: kernel addColLoop
// CHECK: summary access 58:7 global store 8B {{.*}} sectors=8 ideal=8 confidence=range
// CHECK: summary branch 57:5 if divergent divergent-warps=1 split=16/16 likely-predicated
