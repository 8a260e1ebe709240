// Theoretical occupancy per launch on sm_90 (TargetModel.cpp, from the
// Programming Guide's per-compute-capability table and the toolkit's
// cuda_occupancy.h): 64 warps and 32 blocks per SM; 65536 registers in 4
// sub-partitions of 16384, allocated per warp in units of 256; shared
// memory 228 KiB = 233472 B per SM, per block static + dynamic + 1024 B
// reserved, rounded up to 128 B.
// RUN: %cal --format=json --registers=full=64 --registers=odd=37 %s \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: %cal --registers=full=64 --registers=odd=37 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT
// RUN: %cal --registers=full=64 --registers=odd=37 \
// RUN:   --config='{CheckOptions: {cuda-occupancy-limit.MinOccupancyPercent: 60}}' \
// RUN:   %s 2>&1 | FileCheck %s --check-prefix=SIXTY
// RUN: not %cal --registers=full %s 2>&1 | FileCheck %s --check-prefix=BAD

#include <cuda_runtime.h>

// 64 registers x 32 lanes = 2048 per warp (a multiple of 256); a
// sub-partition holds 16384 / 2048 = 8 warps, the SM 32; a block of 1024
// threads is 32 warps -> 1 block, 32 of 64 warps = 50%, limited by
// registers, exact (registers given). 50 is not below 50: no finding.
__global__ void full(float *a) { a[threadIdx.x] = 0; }

// 37 x 32 = 1184 -> 1280 per warp; 16384 / 1280 = 12 warps per
// sub-partition, 48 per SM; 256 threads = 8 warps -> 6 blocks, 48 of 64 =
// 75%, limited by registers.
__global__ void odd(float *a) { a[threadIdx.x] = 0; }

// 10240 floats = 40960 B static + 1024 reserved = 41984 B (328 x 128);
// 233472 / 41984 = 5 blocks of 4 warps = 20 of 64 warps = 31.25%, limited
// by shared memory; registers unknown: an upper bound.
__global__ void tile(float *a) {
  __shared__ float t[10240];
  t[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = t[127 - threadIdx.x];
}

// extern __shared__ adds nothing static; 40000 dynamic + 1024 = 41024 B ->
// 41088 (321 x 128); 233472 / 41088 = 5 blocks of 8 warps = 40 of 64 =
// 62.5%, limited by shared memory.
__global__ void dyn(float *a) {
  extern __shared__ float d[];
  d[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = d[255 - threadIdx.x];
}

// A device function's __shared__ array counts for its caller: 1024 floats
// = 4096 B. Block 32 = 1 warp: the 32-block limit binds first (shared:
// 233472 / (4096 + 1024) = 45; warps: 64), 32 of 64 warps = 50%, limited
// by blocks.
__device__ void helper(float *a) {
  __shared__ float h[1024];
  h[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = h[31 - threadIdx.x];
}
__global__ void callee(float *a) { helper(a); }

int main() {
  float *a;
  full<<<64, 1024>>>(a);
  odd<<<64, 256>>>(a);
  tile<<<64, 128>>>(a);
  dyn<<<64, 256, 40000>>>(a);
  callee<<<64, 32>>>(a);
}

// JSON-LABEL: "name": "full"
// JSON:      "occupancy": {
// JSON-NEXT:   "active_warps_per_sm": 32,
// JSON-NEXT:   "blocks_per_sm": 1,
// JSON-NEXT:   "certainty": "exact",
// JSON-NEXT:   "dynamic_shared_bytes": 0,
// JSON-NEXT:   "limited_by": "registers",
// JSON-NEXT:   "max_warps_per_sm": 64,
// JSON-NEXT:   "modelled": true,
// JSON-NEXT:   "registers_per_thread": 64,
// JSON-NEXT:   "static_shared_bytes": 0,
// JSON-NEXT:   "theoretical_occupancy_pct": 50,
// JSON-NEXT:   "threads_per_block": 1024
// JSON-LABEL: "name": "odd"
// JSON:        "blocks_per_sm": 6,
// JSON-NEXT:   "certainty": "exact",
// JSON:        "limited_by": "registers",
// JSON:        "theoretical_occupancy_pct": 75,
// JSON-LABEL: "name": "tile"
// JSON:        "active_warps_per_sm": 20,
// JSON-NEXT:   "blocks_per_sm": 5,
// JSON-NEXT:   "certainty": "upper-bound",
// JSON:        "limited_by": "shared memory",
// JSON:        "registers_per_thread": null,
// JSON-NEXT:   "registers_reason": "registers per thread unknown
// JSON-NEXT:   "static_shared_bytes": 40960,
// JSON-NEXT:   "theoretical_occupancy_pct": 31.25,
// JSON-LABEL: "name": "dyn"
// JSON:        "blocks_per_sm": 5,
// JSON:        "dynamic_shared_bytes": 40000,
// JSON-NEXT:   "limited_by": "shared memory",
// JSON:        "static_shared_bytes": 0,
// JSON-NEXT:   "theoretical_occupancy_pct": 62.5,
// JSON-LABEL: "name": "callee"
// JSON:        "blocks_per_sm": 32,
// JSON:        "limited_by": "blocks",
// JSON:        "static_shared_bytes": 4096,
// JSON-NEXT:   "theoretical_occupancy_pct": 50,

// Only tile is below 50%.
// TEXT-NOT: full'{{.*}}occupancy
// TEXT: occupancy.cu:32:17: remark: at most 31.25% theoretical occupancy (5 blocks of 128 threads per SM, 20 of 64 warps), limited by shared memory [cuda-occupancy-limit]
// TEXT: note: shared memory per block: 40960 static + 0 dynamic bytes
// TEXT: note: registers per thread unknown {{.*}}: an upper bound
// TEXT: note: less shared memory per block: a smaller tile
// TEXT: 1 file; 0 warnings, 1 remark (cuda-occupancy-limit: 1)

// With a threshold of 60: full (50%), tile (31.25%) and callee (50%).
// SIXTY: remark: 50% theoretical occupancy {{.*}} limited by registers
// SIXTY: note: 64 registers per thread
// SIXTY: note: fewer registers per thread: __launch_bounds__
// SIXTY: remark: at most 31.25%
// SIXTY: remark: at most 50% {{.*}} limited by blocks
// SIXTY: 3 remarks (cuda-occupancy-limit: 3)

// BAD: error: --registers='full' is not KERNEL=N

// __launch_bounds__(128) with a block of 256 threads: the launch fails
// (Programming Guide, "Launch Bounds"), so no block is resident: 0%,
// whatever the registers, and exact. Its own file, so that the JSON checks
// above keep their order.
// RUN: %cal --format=json %S/Inputs/launch-bounds.cu | FileCheck %s --check-prefix=BOUNDS
// BOUNDS:      "blocks_per_sm": 0,
// BOUNDS:      "certainty": "exact",
// BOUNDS:      "limited_by": "__launch_bounds__(128): the block does not launch",
// BOUNDS:      "theoretical_occupancy_pct": 0,
// RUN: %cal %S/Inputs/launch-bounds.cu 2>&1 | FileCheck %s --check-prefix=BOUNDS-TEXT
// BOUNDS-TEXT: 0% theoretical occupancy (0 blocks of 256 threads per SM, 0 of 64 warps), limited by __launch_bounds__(128): the block does not launch
// BOUNDS-TEXT-NOT: registers per thread
// BOUNDS-TEXT: note: a block within the kernel's __launch_bounds__, or a larger bound
