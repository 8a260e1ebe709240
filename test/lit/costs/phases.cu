// The time model's two rules beyond "the slowest term" (LaunchTime.h,
// docs/costs.md): barrier phases follow one another, and an excess sector
// saves DRAM bytes only where some bytes of the launch go unused.
//
// The sm_90 rates per microsecond over 132 SMs at 1980 MHz (cost.cu): L2
// load sectors 197849.52, L2 store sectors 90169.2, shared wavefronts
// 261360, DRAM 2978600 bytes. Every launch here moves more than the 50 MiB
// of L2, so its DRAM bytes count; the arithmetic is tiny.

// 128 x 128 blocks of 32 x 32 threads: 524288 warps. Before the barrier:
// the row read, 4 sectors a request (2097152 load sectors, all 64 MiB of
// `in` from DRAM), and the row store to the tile, 1 wavefront (524288).
// After it: the column read of the tile, lanes 128 bytes apart in one
// bank, 32 wavefronts (16777216), and the row store, 4 sectors (2097152
// store sectors, 64 MiB to DRAM). Each phase gets the DRAM bytes its
// sectors carry: half each, 67108864 bytes, 22.5303 us.
//   phase 0: max(DRAM 22.5303, L2 2097152 / 197849.52 = 10.5997,
//            shared 524288 / 261360 = 2.0060) = 22.5303 us
//   phase 1: max(DRAM 22.5303, L2 2097152 / 90169.2 = 23.2579,
//            shared 16777216 / 261360 = 64.1920) = 64.1920 us
// 86.7223 us in all. At 1 wavefront the column read takes 2.0060 us and
// phase 1 23.2579 us: 45.7882 us, a saving of 40.9341 us. (The slowest
// term of the whole launch, 64.19 us of shared against 45.06 of DRAM,
// would say 19.13 us: a block's warps wait at the barrier for its row
// reads, then for its conflicted column reads. kernels/transpose.cu's
// tiled transpose has the same two phases, with 32 x 8 blocks of 4 rows
// each; the H100 ran it at 91.7 us before padding and 53.3 after,
// docs/costs.md.)
__global__ void tileTranspose(float *out, const float *in) {
  __shared__ float t[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  t[threadIdx.y][threadIdx.x] = in[y * 4096 + x];
  __syncthreads();
  int ox = blockIdx.y * 32 + threadIdx.x, oy = blockIdx.x * 32 + threadIdx.y;
  out[oy * 4096 + ox] = t[threadIdx.x][threadIdx.y];
}

struct Pair {
  float x, y;
};

// 65536 blocks of 256: 524288 warps. Each member read touches 8 sectors a
// request (lanes 8 bytes apart) where 4 would do: 4194304 sectors each,
// 2097152 excess. But the two reads use every byte of `in` between them:
// DRAM moves all 128 MiB of it and the 64 MiB written whatever the order,
// 201326592 bytes, 67.5909 us. The y read's sectors are those the warp's x
// read brought into L1: L2 serves 4194304 load sectors, not 8388608, and
// takes 4194304 / 197849.52 + 2097152 / 90169.2 = 21.1994 + 23.2579 =
// 44.4574 us. No byte goes unused, so the excess stands for no DRAM byte,
// and the loads' L2 sectors are their ideal (2 x 2097152): fixing either
// read saves nothing.
__global__ void bothMembers(float *out, const Pair *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x + in[i].y;
}

// One member read: the same 8 sectors a request, the same DRAM bytes
// (each 64-byte unit of `in` is fetched whole), but half of the 128 MiB
// read is never used: 67108864 unused bytes over 2097152 excess sectors,
// 32 bytes each (the launch's DRAM bytes per sector, 201326592 / 6291456,
// is 32 too). Fixing it leaves 134217728 bytes, 45.0606 us, and L2
// 2097152 / 197849.52 + 23.2579 = 33.8576 us: it saves 67.5909 - 45.0606
// = 22.5303 us.
__global__ void oneMember(float *out, const Pair *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
}

void host(float *o, const float *in, const Pair *p) {
  tileTranspose<<<dim3(128, 128), dim3(32, 32)>>>(o, in);
  bothMembers<<<65536, 256>>>(o, p);
  oneMember<<<65536, 256>>>(o, p);
}

// The largest saving first (33% = 2097152 of 6291456 sectors; 20% = 2097152
// of 10485760).
// RUN: %cal %s | FileCheck %s --check-prefix=TEXT
// TEXT: phases.cu:35:25: warning: shared load takes 32 wavefronts per request
// TEXT: note: cost: 94% of the launch's wavefronts; fixing it saves about 40.9 us of an estimated 86.7 us per launch
// TEXT: phases.cu:66:12: warning: global load touches 8 sectors per request
// TEXT: note: cost: 33% of the launch's sectors; fixing it saves about 22.5 us of an estimated 67.6 us per launch
// TEXT: phases.cu:54:12: warning: global load touches 8 sectors per request
// TEXT: note: cost: 20% of the launch's sectors; fixing it alone saves no time: the launch is bound by dram, of an estimated 67.6 us per launch
// TEXT: phases.cu:54:22: warning: global load touches 8 sectors per request
// TEXT: note: cost: 20% of the launch's sectors; fixing it alone saves no time: the launch is bound by dram, of an estimated 67.6 us per launch

// The phases in the JSON report, what each moves and where it starts, and
// the warp instructions each issues (Collector.cpp's rule, cost.cu):
// before the barrier, x and y (4 operators), y * 4096 + x (2), the load and
// the store (2 each) and the barrier (1): 11; after it, ox and oy (4),
// oy * 4096 + ox (2), the load and the store (2 each) and the warp's own 4:
// 14. Over 524288 warps 5767168 and 7340032, 5.52 and 7.02 us at 1045440
// a microsecond: neither phase is bound by issue.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "kernels": [
// JSON: "phases": [
// JSON-NEXT: {
// JSON-NEXT: "after_barrier": null,
// JSON-NEXT: "dram_bytes": 67108864,
// Each warp's global request, a row of 32 floats, touches one 128-byte
// line: 524288 a phase, 2.006 us at one a clock an SM, bounding neither.
// JSON-NEXT: "l1_lines": 524288,
// JSON-NEXT: "load_sectors": 2097152,
// JSON-NEXT: "partial_store_sectors": 0,
// JSON-NEXT: "shared_wavefronts": 524288,
// JSON-NEXT: "store_sectors": 0,
// JSON-NEXT: "us": 22.530{{[0-9]*}},
// JSON-NEXT: "warp_instructions": 5767168
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "after_barrier": "33:3",
// JSON-NEXT: "dram_bytes": 67108864,
// JSON-NEXT: "l1_lines": 524288,
// JSON-NEXT: "load_sectors": 0,
// JSON-NEXT: "partial_store_sectors": 0,
// JSON-NEXT: "shared_wavefronts": 16777216,
// JSON-NEXT: "store_sectors": 2097152,
// JSON-NEXT: "us": 64.19{{[0-9]*}},
// JSON-NEXT: "warp_instructions": 7340032
// JSON: "name": "tileTranspose"

// The member reads: L2 serves the x read's sectors alone, and neither
// read's excess would leave L2 or DRAM.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=MEMBERS
// MEMBERS: "name": "tileTranspose"
// MEMBERS: "excess_by_phase": [
// MEMBERS-NEXT: {
// MEMBERS-NEXT: "dram_bytes": 0,
// A member read's 8 sectors span 2 lines where 1 would do: 524288 excess
// lines, which no term they bound (L1 takes 2 x 2 x 524288 + 524288 lines,
// 10.03 us).
// MEMBERS-NEXT: "l1_lines": 524288,
// MEMBERS-NEXT: "load_sectors": 0,
// MEMBERS: "l2_sectors_us": 44.457{{[0-9]*}},
// MEMBERS-NEXT: "load_sectors": 4194304,
// MEMBERS: "name": "bothMembers"
