//===- transpose.cu - The matrix-transposition case study -----------------===//
//
// The classic sequence, told as effective bandwidth: a tiled copy (the
// ceiling), the copy through a shared tile, the naive transpose (stores 32
// sectors per request), the shared-tile transpose (coalesced both ways, but a
// 32-way bank conflict on the column read of the tile), the padded tile
// ([32][33]: conflict-free), and diagonal block order (the partition-camping
// remedy of older GPUs). Sizes: 4096 (a multiple of 512), 4000 (not), and
// 16384, whose 1 GiB matrices exceed the H100's 50 MB L2 many times over.
// Each thread handles TileDim / BlockRows = 4 elements.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void copyTile(float *Out, const float *In, int N) {
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * N + X] = In[(Y + J) * N + X];
}

__global__ void copySharedTile(float *Out, const float *In, int N) {
  __shared__ float Tile[TILE_DIM][TILE_DIM];
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * N + X] = Tile[threadIdx.y + J][threadIdx.x];
}

__global__ void transposeNaive(float *Out, const float *In, int N) {
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[X * N + (Y + J)] = In[(Y + J) * N + X];
}

__global__ void transposeTile(float *Out, const float *In, int N) {
  __shared__ float Tile[TILE_DIM][TILE_DIM];
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  X = blockIdx.y * TILE_DIM + threadIdx.x;
  Y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * N + X] = Tile[threadIdx.x][threadIdx.y + J];
}

__global__ void transposePadded(float *Out, const float *In, int N) {
  __shared__ float Tile[TILE_DIM][TILE_DIM + 1];
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  X = blockIdx.y * TILE_DIM + threadIdx.x;
  Y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * N + X] = Tile[threadIdx.x][threadIdx.y + J];
}

// Square grids only: block (bx, by) is renumbered along diagonals so that
// consecutive blocks touch different memory partitions.
__global__ void transposeDiagonal(float *Out, const float *In, int N) {
  __shared__ float Tile[TILE_DIM][TILE_DIM + 1];
  int BlockY = blockIdx.x;
  int BlockX = (blockIdx.x + blockIdx.y) % gridDim.x;
  int X = BlockX * TILE_DIM + threadIdx.x;
  int Y = BlockY * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * N + X];
  __syncthreads();
  X = BlockY * TILE_DIM + threadIdx.x;
  Y = BlockX * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * N + X] = Tile[threadIdx.x][threadIdx.y + J];
}

// One group of launches per size. SIZE is an integer literal, so grid,
// block and the size argument are constants at each launch.
#define CAL_TRANSPOSE_SIZE(SIZE)                                               \
  if (Ctx.wants("transpose." #SIZE)) {                                         \
    constexpr uint64_t Bytes = uint64_t(SIZE) * SIZE * sizeof(float);          \
    float *In = Ctx.alloc<float>(size_t(SIZE) * SIZE);                         \
    float *Out = Ctx.alloc<float>(size_t(SIZE) * SIZE);                        \
    Ctx.fill(In, size_t(SIZE) * SIZE, SIZE);                                   \
    Ctx.launch("transpose." #SIZE ".copy", {Bytes, Bytes}, [&] {               \
      copyTile<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),                       \
                 dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);                 \
    });                                                                        \
    Ctx.launch("transpose." #SIZE ".copy_shared", {Bytes, Bytes}, [&] {        \
      copySharedTile<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),                 \
                       dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);           \
    });                                                                        \
    Ctx.launch("transpose." #SIZE ".naive", {Bytes, Bytes}, [&] {              \
      transposeNaive<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),                 \
                       dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);           \
    });                                                                        \
    Ctx.launch("transpose." #SIZE ".tile", {Bytes, Bytes}, [&] {               \
      transposeTile<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),                  \
                      dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);            \
    });                                                                        \
    Ctx.launch("transpose." #SIZE ".padded", {Bytes, Bytes}, [&] {             \
      transposePadded<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),                \
                        dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);          \
    });                                                                        \
    Ctx.launch("transpose." #SIZE ".diagonal", {Bytes, Bytes}, [&] {           \
      transposeDiagonal<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM),              \
                          dim3(TILE_DIM, BLOCK_ROWS)>>>(Out, In, SIZE);        \
    });                                                                        \
    Ctx.releaseAll();                                                          \
  }

void cal_suite_transpose(cal::SuiteContext &Ctx) {
  CAL_TRANSPOSE_SIZE(4096)
  CAL_TRANSPOSE_SIZE(4000)
  CAL_TRANSPOSE_SIZE(16384)
}
