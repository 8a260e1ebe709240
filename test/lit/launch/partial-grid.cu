// A launch whose grid is computed at run time keeps its constant block. The
// grid's unknown component is sampled like an unknown parameter: enough
// 256-thread blocks to cover 4096 threads (16 blocks), then 4097 (17).
// gridDim.x in the kernel is that value. Each evaluated block is weighted by
// the blocks it stands for, so means are over the whole grid.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 1.0f;
}

__global__ void offset(float *a, const float *b, int n) {
  b = b + gridDim.x;
  a[blockIdx.x * blockDim.x + threadIdx.x] = b[threadIdx.x];
}

// 2-D, constant: the weights of the representative blocks.
__global__ void column(float *a) {
  if (blockIdx.x == 0)
    a[blockIdx.y * 64 + threadIdx.y * 32 + threadIdx.x] = 0;
}

int atoi(const char *);

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  scale<<<n / 256, 256>>>(0, n);
  offset<<<n / 256, 256>>>(0, 0, n);
  column<<<dim3(5, 4), dim3(32, 2)>>>(0);
}

// CHECK-LABEL: kernel scale launch host-launch grid (?,1,1) block (256,1,1)
// CHECK: assume grid.x computed at run time: evaluated as 16 and 17 (blocks of 256 threads covering 4096 and 4097 threads)
// CHECK: assume parameter n unknown: evaluated with 4096 and 4097
// First, last and middle block; the interior one stands for G - 2 blocks.
// CHECK: sample 0 grid (16,1,1) block (256,1,1) [grid (16,1,1), n=4096] blocks (0,0,0)x1 (15,0,0)x1 (8,0,0)x14
// CHECK: sample 1 grid (17,1,1) block (256,1,1) [grid (17,1,1), n=4097] blocks (0,0,0)x1 (16,0,0)x1 (8,0,0)x15
// n = 4097, grid 17: block 16 holds threads 4096..4351, and only 4096 < n,
// so its warp 0 stores with one lane (1 sector) and its other warps not at
// all; every other warp stores 32 x 4 B = 128 B aligned = 4 sectors. The
// figure differs between warps: range.
// CHECK: access 12:5 global store 4B block(16,0,0) warp 0 [grid (17,1,1), n=4097] active=1 sectors=1 ideal=1
// CHECK: summary access 12:5 global store 4B {{.*}} confidence=range

// gridDim.x is the sample: b + 16 floats = 64 B, sector-aligned: 4 sectors;
// b + 17 floats = 68 B, 4 B into a sector: 5 sectors. The store does not
// depend on the grid: 4 sectors in every warp, exact.
// CHECK-LABEL: kernel offset launch host-launch grid (?,1,1) block (256,1,1)
// CHECK: summary access 17:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK: summary access 17:46 global load 4B {{.*}} sectors=4.5 ideal=4 confidence=range

// Grid (5,4): per dimension x: 0 (x1), 4 (x1), 2 (stands for 1..3, x3);
// y: 0 (x1), 3 (x1), 2 (stands for 1..2, x2). The weights sum to 20.
// CHECK-LABEL: kernel column launch host-launch grid (5,4,1) block (32,2,1)
// CHECK: sample 0 grid (5,4,1) block (32,2,1) blocks (0,0,0)x1 (4,0,0)x1 (2,0,0)x3 (0,3,0)x1 (4,3,0)x1 (2,3,0)x3 (0,2,0)x2 (4,2,0)x2 (2,2,0)x6

// Keys are printed in sorted order: a kernel's accesses come before its
// assumptions, launch and name.
// Over the whole grid: n = 4096: 16 x 8 warps, all store once; n = 4097:
// 17 x 8 = 136 warps, 129 stores. Mean per warp (1 + 129/136) / 2 =
// 265/272 = 0.97426.
// JSON: "executions_per_warp": 0.97426
// JSON: "grid.x computed at run time: evaluated as 16 and 17
// JSON: "launch": {
// JSON-NEXT: "arguments": {},
// JSON-NEXT: "assumed": false,
// JSON-NEXT: "block": [
// JSON: "grid": [
// JSON-NEXT: null,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "grid_unknown": [
// JSON-NEXT: true,
// JSON-NEXT: false,
// JSON-NEXT: false
// JSON: "name": "scale"
// JSON: "reason": "depends on the run-time grid and unknown parameters: 4 when grid (16,1,1), n=4096, 5 when grid (17,1,1), n=4097"
// JSON: "name": "offset"
// Only the x = 0 column stores: 4 of the 20 blocks, 0.2 stores per warp
// (an unweighted mean over the 9 evaluated blocks would say 3/9).
// JSON: "executions_per_warp": {{0\.2,|0\.19999}}
// JSON: "name": "column"

// A dim3 whose x and y are computed at run time leaves z at dim3's default
// of 1: only x and y are sampled, 4096 / 16 = 256 and ceil(4097 / 16) = 257.
// RUN: %cal --dump=events --kernel=tile2d %s | FileCheck %s --check-prefix=TILE
__global__ void tile2d(float *a, int w) {
  a[(blockIdx.y * 16 + threadIdx.y) * w + blockIdx.x * 16 + threadIdx.x] = 0;
}
void tile(int w, int h) {
  dim3 grid((w + 15) / 16, (h + 15) / 16);
  tile2d<<<grid, dim3(16, 16)>>>(0, w);
}
// TILE: kernel tile2d launch host-launch grid (?,?,1) block (16,16,1)
// TILE-NEXT: assume pointer arguments
// TILE-NEXT: assume grid.x computed at run time: evaluated as 256 and 257 (blocks of 16 threads covering 4096 and 4097 threads)
// TILE-NEXT: assume grid.y computed at run time: evaluated as 256 and 257
// TILE-NEXT: assume parameter w unknown
