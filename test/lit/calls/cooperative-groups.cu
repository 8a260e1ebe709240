// Cooperative groups, modelled by name with the values the CUDA
// Programming Guide defines (the toolkit implements them with inline PTX):
// a block's thread_rank() is the linear thread index x + y*Dx + z*Dx*Dy;
// tiled_partition<N> cuts the linear ranks into consecutive groups of N
// (thread_rank = rank % N, meta_group_rank = rank / N); a grid's
// thread_rank() is (linear block index) * (block size) + block rank.
// Rules: 32-byte sectors; 32 banks of 4 bytes.
// REQUIRES: cuda-toolkit
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int reduceGroup(cg::thread_group g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i)
      val += x[lane + i];
    g.sync();
  }
  return val;
}

__global__ void blockRank(float *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  out[block.group_index().x * block.size() + r] = 1.0f;
  out[r * 2] = block.thread_index().y;
  block.sync();
  cg::sync(block);
}

__global__ void tiles(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  out[tile.meta_group_rank() * 32 + tile.thread_rank()] = 1.0f;
  tile.sync();
  cg::thread_group dyn = cg::tiled_partition(block, 8);
  out[dyn.thread_rank() * 8 + 1024] = 2.0f;
  auto t32 = cg::tiled_partition<32>(block);
  int v = t32.shfl_down(int(t32.thread_rank()), 1);
  out[v + 2048] = 3.0f;
}

__global__ void grid(float *out) {
  cg::grid_group g = cg::this_grid();
  out[g.thread_rank()] = 1.0f;
}

__global__ void groupArg(int *res) {
  extern __shared__ int workspace[];
  cg::thread_block block = cg::this_thread_block();
  res[block.thread_rank()] =
      reduceGroup(block, workspace, block.thread_rank());
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  int off = block.thread_rank() - t16.thread_rank();
  res[64 + block.thread_rank()] =
      reduceGroup(t16, workspace + off, t16.thread_rank());
}

int main() {
  blockRank<<<4, dim3(16, 16)>>>(0);
  tiles<<<1, 64>>>(0);
  grid<<<8, 128>>>(0);
  groupArg<<<1, 64, 64 * sizeof(int)>>>(0);
}

// Block (16, 16): warp 0 holds rows y = 0, 1, and thread_rank() is
// 16y + x = 0..31. out[blockIdx*256 + r]: 32 consecutive floats, 4 sectors.
// out[2r]: 8 sectors. thread_index().y is 0 or 1 in warp 0 (a value, no
// address).
// CHECK-LABEL: kernel blockRank
// CHECK: access 29:3 global store 4B block(0,0,0) warp 0 active=32 sectors=4 ideal=4 offsets: 0:0 1:4 2:8 3:12
// CHECK: access 30:3 global store 4B block(0,0,0) warp 0 active=32 sectors=8 ideal=4
// CHECK: access 29:3 global store 4B block(0,0,0) warp 1 active=32 sectors=4 ideal=4 offsets: 0:128 1:132
// CHECK: access 29:3 global store 4B block(3,0,0) warp 0 active=32 sectors=4 ideal=4 offsets: 0:3072 1:3076

// Tiles of 16: lane i of warp 0 has meta rank i / 16 and rank i % 16, so
// out[32*(i/16) + i%16]: floats 0..15 and 32..47, 2 x 64 B: 4 sectors.
// Tiles of 8: rank i % 8, out[8*(i%8) + 1024]: 8 distinct floats 32 B apart,
// each its own sector: 8 (ideal 4, a coalesced
// request of 32 lanes x 4 B). shfl_down(rank, 1) in tiles of 32: lane i reads
// rank i + 1, lane 31 keeps its own 31: out[2049..2079, 2079]: 31 distinct
// consecutive floats from 4 B past a 32-byte boundary: 4 sectors.
// CHECK-LABEL: kernel tiles
// CHECK: access 38:3 global store 4B block(0,0,0) warp 0 active=32 sectors=4 ideal=4 offsets: 0:0 1:4 2:8 3:12
// CHECK: access 41:3 global store 4B block(0,0,0) warp 0 active=32 sectors=8 ideal=4 offsets: 0:4096 1:4128 2:4160 3:4192
// CHECK: access 44:3 global store 4B block(0,0,0) warp 0 active=32 sectors=4 ideal=4 offsets: 0:8196 1:8200
// CHECK: access 38:3 global store 4B block(0,0,0) warp 1 active=32 sectors=4 ideal=4 offsets: 0:256 1:260

// Grid rank: block b, warp w, lane i is 128b + 32w + i: 4 sectors at
// 512b + 128w bytes.
// CHECK-LABEL: kernel grid
// CHECK: access 49:3 global store 4B block(0,0,0) warp 0 active=32 sectors=4 ideal=4 offsets: 0:0 1:4
// CHECK: access 49:3 global store 4B block(7,0,0) warp 3 active=32 sectors=4 ideal=4 offsets: 0:3968 1:3972

// A thread_block passed as a cg::thread_group keeps its shape: rank = tid,
// size = 64, so x[lane] and x[lane + i] are consecutive words: 1 wavefront.
// So does a thread_block_tile<16> (converted from the tile of the block):
// rank = tid % 16, x = workspace + 16*(tid / 16), x[lane] = workspace[tid]:
// consecutive words again, 1 wavefront. res[64 + tid]: per warp 32
// consecutive ints from a multiple of 128 B, 4 sectors.
// CHECK-LABEL: kernel groupArg
// CHECK: summary access 17:5 shared store 4B {{.*}} wavefronts=1 ideal=1 confidence=exact
// CHECK: summary access 20:14 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact
// CHECK: summary access 55:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK: summary access 59:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact

// No cooperative-groups call is left unfollowed.
// JSON-NOT: "call to
// JSON-NOT: cooperative group of unknown shape
