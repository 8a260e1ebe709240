// Block-reuse probe: whether the warps of a block (and the SM's other
// blocks) find in L1 the sectors a neighbouring warp loaded, and whether
// L1 merges stores of different warps to the same sectors before L2. One
// kernel, C = A + B over an N x N matrix, with lanes along I
// (threadIdx.x) and warps of a block along J (threadIdx.y): a load or store
// "by column" indexes [I * N + J], so its 32 lanes are N elements apart
// (32 sectors a request) and the block's warps take the neighbouring
// columns of the same rows; "by row" indexes [J * N + I], 32 consecutive
// elements. Each combination of element type, block shape and load and
// store direction runs once; research/probes/block-reuse-probe.sh reads
// its time and ncu's L1 and L2 sectors: L1 counts what the requests touch,
// L2 what reached it.
#include "probe.h"

template <typename T, bool LoadCol, bool StoreCol>
__global__ void addPattern(T *C, const T *A, const T *B, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int J = blockIdx.y * blockDim.y + threadIdx.y;
  size_t Src = LoadCol ? size_t(I) * N + J : size_t(J) * N + I;
  size_t Dst = StoreCol ? size_t(I) * N + J : size_t(J) * N + I;
  C[Dst] = A[Src] + B[Src];
}

template <typename T, bool LoadCol, bool StoreCol>
static void launch(int N, dim3 Block, void *C, void *A, void *B) {
  dim3 Grid(N / Block.x, N / Block.y);
  printf("%s N=%d block=%dx%d load=%s store=%s\n",
         sizeof(T) == 8 ? "double" : "float", N, Block.x, Block.y,
         LoadCol ? "col" : "row", StoreCol ? "col" : "row");
  addPattern<T, LoadCol, StoreCol>
      <<<Grid, Block>>>((T *)C, (const T *)A, (const T *)B, N);
}

template <typename T> static void all4(int N, dim3 Block, void *C, void *A,
                                       void *B) {
  launch<T, false, false>(N, Block, C, A, B);
  launch<T, true, false>(N, Block, C, A, B);
  launch<T, false, true>(N, Block, C, A, B);
  launch<T, true, true>(N, Block, C, A, B);
}

int main() {
  const size_t Bytes = size_t(4096) * 4096 * 4; // 64 MiB an array
  void *A, *B, *C;
  CK(cudaMalloc(&A, Bytes));
  CK(cudaMalloc(&B, Bytes));
  CK(cudaMalloc(&C, Bytes));
  CK(cudaMemset(A, 0, Bytes));
  CK(cudaMemset(B, 0, Bytes));
  // kernels/add_matrix.cu's add2D is double, N 2048, block 32x8, by
  // column both ways.
  all4<double>(2048, dim3(32, 8), C, A, B);
  all4<double>(2048, dim3(32, 32), C, A, B);
  all4<float>(4096, dim3(32, 32), C, A, B);
  all4<float>(4096, dim3(32, 8), C, A, B);
  all4<float>(4096, dim3(16, 16), C, A, B);
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  return 0;
}
