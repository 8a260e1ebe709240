// The transposition study on the GeForce GTX 280 (GT200, sm_13), restated
// with the sm_13 model (docs/legacy-architectures.md). n = 4096 floats per
// row (a multiple of 512), block (32,8), grid (128,128); every row is
// 16384 bytes, a multiple of 8 partitions x 256 bytes = 2048, so element
// (r, c) lies in partition (4c / 256) mod 8 = (c / 64) mod 8 whatever r.
//
// Coalescing (per warp: one row of 32 lanes, tx = 0..31):
// - naive load idata[y*n + x]: 128 contiguous bytes, 64-aligned halves ->
//   2 transactions of 64 B.
// - naive store odata[x*n + y]: lanes 16384 bytes apart, one 128-byte
//   segment each, shrunk to 32 B -> 16 per half-warp, 32 per warp, 1024
//   bytes for 128 (ideal 2). The study measured 5.3 GB/s for this kernel
//   against 112.4 GB/s for a copy.
// - tiled (coalesced) and diagonal: both global sides read or write a
//   32-float row segment -> 2 transactions; the padded tile [32][33] is
//   conflict-free: 1 step per half-warp -> 2.
//
// Partition camping: the blocks that run at once on a GTX 280 with 256
// threads per block are 30 multiprocessors x min(8 blocks, 1024/256
// threads) = 120, blocks 0..119 in launch order: blockIdx.x = 0..119,
// blockIdx.y = 0.
// - naive store: column x = 32*bx + tx, row y = ty (< 8): address
//   4*(x*n + y), partition (y / 64) mod 8 = 0 for every lane: 1 of 8.
//   The load: column x, partition (x / 64) mod 8 over x < 3840: all 8.
// - tiled store odata[(32*bx + ty + i)*n + 32*by + tx]: column 32*by + tx
//   < 32 for by = 0: partition 0 only: 1 of 8 (the load's columns
//   32*bx + tx cover all 8).
// - diagonal: by' = bx, bx' = (bx + by) mod 128 = bx for by = 0: the load's
//   columns 32*bx' + tx and the store's 32*by' + tx = 32*bx + tx both
//   cover partitions (bx / 2) mod 8: all 8, no finding.
// RUN: %cal --quiet --arch=sm_13 --dump=events %s | FileCheck %s
// RUN: %cal --quiet --arch=sm_13 %s 2>&1 | FileCheck %s --check-prefix=CAMP
// On sm_90 the check does not apply, and says so in assumptions[].
// RUN: %cal --quiet --format=json %s | FileCheck %s --check-prefix=HASHED
// RUN: %cal --quiet --arch=sm_20 --format=json %s | FileCheck %s --check-prefix=FERMI
// RUN: %cal --quiet --arch=sm_11 --format=json %s | FileCheck %s --check-prefix=CC11

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void naive(float *odata, const float *idata, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  odata[x * n + y] = idata[y * n + x];
}

__global__ void tiled(float *odata, const float *idata, int n) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = x + y * n;
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = x + y * n;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * n];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * n] = tile[threadIdx.x][threadIdx.y + i];
}

__global__ void diagonal(float *odata, const float *idata, int n) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_y = blockIdx.x;
  int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = blockIdx_x * TILE_DIM + threadIdx.x;
  int y = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = x + y * n;
  x = blockIdx_y * TILE_DIM + threadIdx.x;
  y = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = x + y * n;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * n];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * n] = tile[threadIdx.x][threadIdx.y + i];
}

int main() {
  const int n = 4096;
  dim3 grid(n / TILE_DIM, n / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
  naive<<<grid, block>>>(0, 0, n);
  tiled<<<grid, block>>>(0, 0, n);
  diagonal<<<grid, block>>>(0, 0, n);
}

// CHECK-LABEL: kernel naive
// CHECK: summary access 44:3 global store 4B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=128 confidence=exact
// CHECK: summary access 44:22 global load 4B {{.*}} transactions=2 ideal=2 bytes=128 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel tiled
// CHECK: summary access 56:5 shared store 4B {{.*}} wavefronts=2 ideal=2
// CHECK: summary access 56:42 global load 4B {{.*}} transactions=2 ideal=2 bytes=128
// CHECK: summary access 59:5 global store 4B {{.*}} transactions=2 ideal=2 bytes=128
// CHECK: summary access 59:32 shared load 4B {{.*}} wavefronts=2 ideal=2
// CHECK-LABEL: kernel diagonal
// CHECK: summary access 73:42 global load 4B {{.*}} transactions=2 ideal=2 bytes=128
// CHECK: summary access 76:5 global store 4B {{.*}} transactions=2 ideal=2 bytes=128

// CAMP: 44:3: warning: global store: the 120 blocks that run at once send their first requests to 1 of 8 memory partitions (partition camping) [cuda-partition-camping]
// CAMP: note: blocks 0 to 119 in launch order (x first): 30 multiprocessors of a GeForce GTX 280 x 4 blocks each
// Each of the 120 x 32 lanes' columns is its own row, 16384 bytes apart:
// 3840 distinct 256-byte chunks, all in partition 0.
// CAMP: note: their first requests to 'odata' span 3840 chunks of 256 bytes, all in partition 0
// CAMP: note: fix: reorder the blocks diagonally
// CAMP-NOT: 44:22: warning: {{.*}}partition
// CAMP-NOT: 56:42: warning: {{.*}}partition
// The tiled store: 120 blocks x 8 warps, each one row's 128 bytes: 960
// chunks, all in partition 0.
// CAMP: 59:5: warning: global store: the 120 blocks that run at once send their first requests to 1 of 8 memory partitions (partition camping) [cuda-partition-camping]
// CAMP: note: their first requests to 'odata' span 960 chunks of 256 bytes, all in partition 0
// CAMP-NOT: [cuda-partition-camping]

// HASHED: "cuda-partition-camping does not apply to sm_90: the sources describe partition camping for compute capability 1.x; from Fermi (sm_20) on addresses are spread over the partitions by a hash
// HASHED-NOT: cuda-partition-camping"
// FERMI: "cuda-partition-camping does not apply to sm_20
// CC11: "cuda-partition-camping does not apply to sm_11: the sources document no partition layout for its parts
