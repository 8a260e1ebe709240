// Partition camping depends on the matrix size (the transposition study:
// multiples of 512 floats per row drop to 19 GB/s, other multiples of 256
// to 35 GB/s, other multiples of 128 to 62 GB/s, other sizes keep about
// 93 GB/s). The tiled transpose on sm_13 (8 partitions of 256 bytes), block
// (32,8): the 120 blocks running at once (30 multiprocessors x 4 blocks)
// have blockIdx.y = 0, so their first stores go to rows r = 32*bx + ty,
// columns 0..31 (the first 128 bytes of the row). Row r starts at byte
// 4*n*r, in 256-byte chunk 4*n*r/256.
// - n = 3840 (256 x 15): 15360 bytes per row = 60 chunks; partition
//   60r mod 8 = 4r mod 8 in {0, 4}: 2 of 8 ("at most two regions").
// - n = 3968 (128 x 31): 62 chunks per row; 62r mod 8 = 6r mod 8 in
//   {0, 2, 4, 6}: 4 of 8 ("at most four regions"), at the default
//   MaxPartitionShare 0.5 a finding.
// - n = 4000: 62.5 chunks per row: rows start in every partition: no
//   finding.
// - the diagonal kernel at n = 3840: block bx of the 120 stores row
//   r = 32*bx + ty at columns 32*bx + tx, byte 4*(3840r + 32bx + tx), chunk
//   60r + floor(bx/2), partition (4*ty + floor(bx/2)) mod 8: all 8 over
//   the blocks, no finding.
// RUN: %cal --quiet --arch=sm_13 --checks='-*,cuda-partition-camping' %s 2>&1 | FileCheck %s
// With MaxPartitionShare 0.25 only 2 of 8 or fewer camp: n = 3968 is quiet.
// RUN: %cal --quiet --arch=sm_13 --checks='-*,cuda-partition-camping' --config='{CheckOptions: {cuda-partition-camping.MaxPartitionShare: 0.25}}' %s 2>&1 | FileCheck %s --check-prefix=QUARTER

#define TILE 32
#define ROWS 8

__global__ void tiled(float *odata, const float *idata, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  int in = x + y * n;
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  int out = x + y * n;
  for (int i = 0; i < TILE; i += ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[in + i * n];
  __syncthreads();
  for (int i = 0; i < TILE; i += ROWS)
    odata[out + i * n] = tile[threadIdx.x][threadIdx.y + i];
}

__global__ void diagonal(float *odata, const float *idata, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int by = blockIdx.x;
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx * TILE + threadIdx.x;
  int y = by * TILE + threadIdx.y;
  int in = x + y * n;
  x = by * TILE + threadIdx.x;
  y = bx * TILE + threadIdx.y;
  int out = x + y * n;
  for (int i = 0; i < TILE; i += ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[in + i * n];
  __syncthreads();
  for (int i = 0; i < TILE; i += ROWS)
    odata[out + i * n] = tile[threadIdx.x][threadIdx.y + i];
}

int main() {
  dim3 block(TILE, ROWS);
  tiled<<<dim3(120, 120), block>>>(0, 0, 3840);
  tiled<<<dim3(124, 124), block>>>(0, 0, 3968);
  tiled<<<dim3(125, 125), block>>>(0, 0, 4000);
  diagonal<<<dim3(120, 120), block>>>(0, 0, 3840);
}

// CHECK: 39:5: warning: global store: the 120 blocks that run at once send their first requests to 2 of 8 memory partitions (partition camping)
// CHECK-NEXT: odata[out + i * n]
// CHECK: note: in kernel 'tiled', host launch at {{.*}}:61:3
// CHECK: note: their first requests to 'odata' span 960 chunks of 256 bytes, all in partitions 0, 4
// CHECK: 39:5: warning: global store: the 120 blocks that run at once send their first requests to 4 of 8 memory partitions (partition camping)
// CHECK: note: in kernel 'tiled', host launch at {{.*}}:62:3
// CHECK: note: their first requests to 'odata' span 960 chunks of 256 bytes, all in partitions 0, 2, 4, 6
// CHECK-NOT: warning

// QUARTER: 39:5: warning: {{.*}} 2 of 8 memory partitions
// QUARTER: note: in kernel 'tiled', host launch at {{.*}}:61:3
// QUARTER-NOT: warning
