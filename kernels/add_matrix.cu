//===- add_matrix.cu - The add-matrix family: patterns and divergence -----===//
//
// C = A + B on even rows (or columns) and A - B on odd ones, written six
// ways. Row-wise variants make consecutive lanes walk consecutive rows
// (stride N: uncoalesced); column-wise variants make them walk consecutive
// columns (coalesced). The parity test diverges by lane in the plain
// variants and is warp-uniform in the regrouped ones, which instead split
// lanes over every other row or column. The add/subtract bodies are short:
// the compiler may turn them into selects, which the hardware counters then
// report as no divergence (see docs/measurements-h100.md).
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

constexpr int AddN = 2048;

__global__ void addRowLoop(double *C, const double *A, const double *B,
                           int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  for (int J = 0; J < N; ++J) {
    if (I % 2 == 0)
      C[I * N + J] = A[I * N + J] + B[I * N + J];
    else
      C[I * N + J] = A[I * N + J] - B[I * N + J];
  }
}

__global__ void add2D(double *C, const double *A, const double *B, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int J = blockIdx.y * blockDim.y + threadIdx.y;
  if (I % 2 == 0)
    C[I * N + J] = A[I * N + J] + B[I * N + J];
  else
    C[I * N + J] = A[I * N + J] - B[I * N + J];
}

__global__ void add2DRegrouped(double *C, const double *A, const double *B,
                               int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int J = blockIdx.y * blockDim.y + threadIdx.y;
  if (I < N / 2) {
    int Row = 2 * I;
    C[Row * N + J] = A[Row * N + J] + B[Row * N + J];
  } else {
    int Row = 2 * (I - N / 2) + 1;
    C[Row * N + J] = A[Row * N + J] - B[Row * N + J];
  }
}

__global__ void addColLoop(double *C, const double *A, const double *B,
                           int N) {
  int J = blockIdx.x * blockDim.x + threadIdx.x;
  for (int I = 0; I < N; ++I) {
    if (J % 2 == 0)
      C[I * N + J] = A[I * N + J] + B[I * N + J];
    else
      C[I * N + J] = A[I * N + J] - B[I * N + J];
  }
}

__global__ void add2DCol(double *C, const double *A, const double *B, int N) {
  int J = blockIdx.x * blockDim.x + threadIdx.x;
  int I = blockIdx.y * blockDim.y + threadIdx.y;
  if (J % 2 == 0)
    C[I * N + J] = A[I * N + J] + B[I * N + J];
  else
    C[I * N + J] = A[I * N + J] - B[I * N + J];
}

__global__ void add2DColRegrouped(double *C, const double *A, const double *B,
                                  int N) {
  int J = blockIdx.x * blockDim.x + threadIdx.x;
  int I = blockIdx.y * blockDim.y + threadIdx.y;
  if (J < N / 2) {
    int Col = 2 * J;
    C[I * N + Col] = A[I * N + Col] + B[I * N + Col];
  } else {
    int Col = 2 * (J - N / 2) + 1;
    C[I * N + Col] = A[I * N + Col] - B[I * N + Col];
  }
}

void cal_suite_add_matrix(cal::SuiteContext &Ctx) {
  constexpr uint64_t Bytes = uint64_t(AddN) * AddN * sizeof(double);
  double *A = Ctx.alloc<double>(size_t(AddN) * AddN);
  double *B = Ctx.alloc<double>(size_t(AddN) * AddN);
  double *C = Ctx.alloc<double>(size_t(AddN) * AddN);
  Ctx.fill(A, size_t(AddN) * AddN, 21);
  Ctx.fill(B, size_t(AddN) * AddN, 22);

  Ctx.launch("add_matrix.row_loop", {2 * Bytes, Bytes}, [&] {
    addRowLoop<<<AddN / 128, 128>>>(C, A, B, AddN);
  });
  dim3 Block(32, 8);
  dim3 Grid(AddN / 32, AddN / 8);
  Ctx.launch("add_matrix.2d", {2 * Bytes, Bytes},
             [&] { add2D<<<Grid, Block>>>(C, A, B, AddN); });
  Ctx.launch("add_matrix.2d_regrouped", {2 * Bytes, Bytes},
             [&] { add2DRegrouped<<<Grid, Block>>>(C, A, B, AddN); });
  Ctx.launch("add_matrix.col_loop", {2 * Bytes, Bytes}, [&] {
    addColLoop<<<AddN / 128, 128>>>(C, A, B, AddN);
  });
  Ctx.launch("add_matrix.2d_col", {2 * Bytes, Bytes},
             [&] { add2DCol<<<Grid, Block>>>(C, A, B, AddN); });
  Ctx.launch("add_matrix.2d_col_regrouped", {2 * Bytes, Bytes},
             [&] { add2DColRegrouped<<<Grid, Block>>>(C, A, B, AddN); });
}
