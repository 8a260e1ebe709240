// The matrix-transposition story, 32x32 tiles, 32x8 threads, n = 4096.
// - naive: reads in[(y+j)*n + x] along a row (128 B = 4 sectors) but writes
//   out[x*n + (y+j)] down a column: lanes 4*n bytes apart, 32 sectors.
// - shared tile: both global accesses run along rows (4 sectors), but the
//   column read tile[threadIdx.x][threadIdx.y + j] has lanes 128 B apart:
//   all in one bank, 32 wavefronts (32-way conflict).
// - padded tile [32][33]: lanes 132 B = 33 words apart, 33 is odd, so 32
//   distinct banks: 1 wavefront.
// - diagonal block order changes which block reads which tile, not the
//   pattern inside a warp: the same 4 sectors and 1 wavefront.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal %s | FileCheck %s --check-prefix=DIAG

#define TILE 32
#define ROWS 8
#define N 4096

__global__ void naive(float *out, const float *in, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * n + (y + j)] = in[(y + j) * n + x];
}

__global__ void tiled(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void padded(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void diagonal(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int by = blockIdx.x;
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx * TILE + threadIdx.x;
  int y = by * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = by * TILE + threadIdx.x;
  y = bx * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  float *a, *b;
  dim3 grid(N / TILE, N / TILE), block(TILE, ROWS);
  naive<<<grid, block>>>(a, b, N);
  tiled<<<grid, block>>>(a, b, N);
  padded<<<grid, block>>>(a, b, N);
  diagonal<<<grid, block>>>(a, b, N);
}

// CHECK-LABEL: kernel naive launch host-launch grid (128,128,1) block (32,8,1)
// CHECK: summary access 22:5 global store 4B {{.*}} sectors=32 ideal=4 confidence=exact
// CHECK: summary access 22:28 global load 4B {{.*}} sectors=4 ideal=4 confidence=exact
// A loop of 4 iterations exits in the same iteration in every warp.
// CHECK: summary branch 21:3 for uniform divergent-warps=0
// CHECK-LABEL: kernel tiled
// CHECK: summary access 30:5 shared store 4B {{.*}} wavefronts=1 ideal=1
// CHECK: summary access 30:42 global load 4B {{.*}} sectors=4 ideal=4
// CHECK: summary access 35:5 global store 4B {{.*}} sectors=4 ideal=4
// CHECK: summary access 35:28 shared load 4B {{.*}} wavefronts=32 ideal=1
// CHECK-LABEL: kernel padded
// CHECK: summary access 48:28 shared load 4B {{.*}} wavefronts=1 ideal=1
// CHECK-LABEL: kernel diagonal
// CHECK: summary access 58:42 global load 4B {{.*}} sectors=4 ideal=4
// CHECK: summary access 63:5 global store 4B {{.*}} sectors=4 ideal=4
// CHECK: summary access 63:28 shared load 4B {{.*}} wavefronts=1 ideal=1

// DIAG: 22:5: warning: global store touches 32 sectors per request where 4 would do (8x the bytes moved) [cuda-uncoalesced-global]
// DIAG: note: byte offset in thread terms:
// DIAG: note: fix: consecutive lanes are 16384 bytes apart (a column walk); stage the data through a shared-memory tile
// DIAG: 35:28: warning: shared load takes 32 wavefronts per request where 1 would do (32-way bank conflict) [cuda-shared-bank-conflict]
// DIAG: note: first warp: lane 0 -> bank 0, lane 1 -> bank 0,
// DIAG: note: fix: {{.*}}pad each row by one element (e.g. [32][33] instead of [32][32])
// DIAG-NOT: warning
