// Loads shared by a block's warps, partly written store sectors, and L1's
// lines (docs/gpu-facts.md, "Loads shared by a block's warps" and "L1
// lines"; docs/costs.md). The rates are the H100's over its 132 SMs at
// 1980 MHz, 261360 SM clocks a microsecond: L2 load sectors 0.757 a clock
// (197849.52 a us), L2 store sectors 0.345 (90169.2), partly written store
// sectors whose lines L2 does not hold 0.168 (43908.48), L1 lines 1.0
// (261360), DRAM 2978.6 GB/s.
//
// C = A + B over 4096 x 4096 floats (64 MiB each: DRAM-resident), blocks of
// 32 x 32, lanes along I: 128 x 128 blocks, 524288 warps.

// Loads by column (A[I * N + J]: 32 lanes 16 KiB apart, 32 sectors and 32
// lines a request), the store by row (4 whole sectors, 1 line). A block's
// 32 warps read columns J .. J+31 of the same 32 rows: 32 x 128 bytes, 128
// sectors an array, 4 a warp. L2: 2 x 4 x 524288 = 4194304 load sectors,
// 21.199 us; 4 x 524288 = 2097152 store sectors, 23.258 us: 44.457 us.
// L1: (2 x 32 + 1) x 524288 = 34078720 lines, 130.390 us. DRAM: 3 x 64 MiB,
// 201326592 bytes, 67.591 us. L1 bounds it.
__global__ void colLoads(float *C, const float *A, const float *B) {
  int I = blockIdx.x * 32 + threadIdx.x, J = blockIdx.y * 32 + threadIdx.y;
  C[J * 4096 + I] = A[I * 4096 + J] + B[I * 4096 + J];
}

// Loads by row, the store by column: 32 sectors a request, 4 bytes written
// in each, which no store of the warp completes and the block never read:
// 32 x 524288 = 16777216 partly written sectors, 382.095 us; the loads,
// 21.199 us: L2 403.295 us, which bounds it. L1: (2 + 32) x 524288 =
// 17825792 lines, 68.204 us.
__global__ void colStore(float *C, const float *A, const float *B) {
  int I = blockIdx.x * 32 + threadIdx.x, J = blockIdx.y * 32 + threadIdx.y;
  C[I * 4096 + J] = A[J * 4096 + I] + B[J * 4096 + I];
}

// The same column store into an array the block read first (C += A): the
// lines are in L2, and the partly written sectors cost as whole ones,
// 16777216 at 90169.2 a us, 186.064 us. A store drops its sectors from the
// block's record of what L1 holds, so each warp's load of C finds none of
// its 32 sectors there (the warp before stored to them): 32 + 4 (A by row)
// = 36 a warp, 18874368, 95.398 us: L2 281.461 us. L1: 32 + 1 + 32 lines a
// warp, 34078720, 130.390 us.
__global__ void colUpdate(float *C, const float *A) {
  int I = blockIdx.x * 32 + threadIdx.x, J = blockIdx.y * 32 + threadIdx.y;
  C[I * 4096 + J] = C[I * 4096 + J] + A[J * 4096 + I];
}

void host(float *C, const float *A, const float *B) {
  dim3 Grid(128, 128), Block(32, 32);
  colLoads<<<Grid, Block>>>(C, A, B);
  colStore<<<Grid, Block>>>(C, A, B);
  colUpdate<<<Grid, Block>>>(C, A);
}

// RUN: %cal --format=json %s > %t.json
// RUN: %python %S/Inputs/times.py %t.json | FileCheck %s
// CHECK: colLoads bound_by=l1-lines us=130.3900
// CHECK: colLoads l2 store_sectors=2097152.0 load_sectors=4194304.0 partial_store_sectors=0.0 l1_lines=34078720.0
// CHECK: colStore bound_by=l2-sectors us=403.2946
// CHECK: colStore l2 store_sectors=16777216.0 load_sectors=4194304.0 partial_store_sectors=16777216.0 l1_lines=17825792.0
// CHECK: colUpdate bound_by=l2-sectors us=281.4613
// CHECK: colUpdate l2 store_sectors=16777216.0 load_sectors=18874368.0 partial_store_sectors=0.0 l1_lines=34078720.0
