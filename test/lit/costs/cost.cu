// What a finding costs in time (LaunchTime.h, docs/costs.md), and the
// order it gives the findings (--sort=cost, the default).
//
// The rates of the sm_90 model, per microsecond over 132 SMs at 1980 MHz
// (every launch below has at least 132 blocks): L2 load sectors 0.757 x
// 132 x 1980 = 197849.52, L2 store sectors 0.345 x 132 x 1980 = 90169.2,
// shared wavefronts 1 x 132 x 1980 = 261360, DRAM 2978.6 GB/s = 2978600
// bytes per microsecond, warp instructions 4 (one a scheduler) x 132 x
// 1980 = 1045440. A launch's time is the largest of its DRAM, L2, shared,
// issue and L1 terms (the arithmetic here is tiny), summed over the stretches
// between block barriers (phases.cu).

// 1024 blocks of 8 warps = 8192 warps. in[i * 8]: lanes 32 bytes apart,
// 32 sectors a request where 128 bytes fill 4: 262144 load sectors,
// 229376 (28 x 8192) of them excess = 7/9 of the 262144 + 32768 (the
// store's 4 a request) = 78%. The 9 MiB read and written fit in the
// 50 MiB L2, so DRAM bounds nothing. L2: 262144 / 197849.52 + 32768 /
// 90169.2 = 1.32497 + 0.36340 = 1.68837 us; with the load at 4 sectors
// 32768 / 197849.52 + 0.36340 = 0.52902 us: fixing it saves 1.15935 us.
__global__ void smallStrided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 8];
}

// 65536 blocks: 524288 warps, 16777216 load and 2097152 store sectors.
// DRAM: the read spans 16777216 x 32 bytes = 512 MiB, the write 64 MiB,
// 603979776 bytes, more than L2: 603979776 / 2978600 = 202.773 us, above
// L2's 16777216 / 197849.52 + 2097152 / 90169.2 = 84.80 + 23.26 = 108.06.
// The excess, 28 x 524288 = 14680064 sectors, brings as many DRAM bytes
// per sector byte as the launch's whole traffic (603979776 over 18874368
// sectors of 32 bytes: 1.0): 469762048 bytes fewer leave 134217728, 45.06
// us, and L2 falls to 2097152 / 197849.52 + 23.26 = 33.86 us: fixing it
// saves 202.77 - 45.06 = 157.71 us.
__global__ void bigStrided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 8];
}

// 1024 one-warp blocks. t[threadIdx.x][0]: lanes 128 bytes apart, one
// bank, 32 wavefronts where 1 would do; the read of row 0 takes 1:
// 33 x 1024 = 33792 wavefronts, 31 x 1024 = 31744 excess (94%). The
// barrier splits the launch in two phases: before it, the conflicted
// store's 32768 wavefronts, 32768 / 261360 = 0.12538 us; after it, the
// read's 1024 wavefronts (0.00392 us) and the global store's 4096 sectors,
// 4096 / 90169.2 = 0.04543 us. 0.12538 + 0.04543 = 0.17080 us; with the
// store at 1 wavefront the first phase takes 1024 / 261360 = 0.00392 us:
// fixing it saves 0.12146 us.
__global__ void column(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = 1.0f;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = t[0][threadIdx.x];
}

void host(float *o, const float *in) {
  smallStrided<<<1024, 256>>>(o, in);
  bigStrided<<<65536, 256>>>(o, in);
  column<<<1024, 32>>>(o);
}

// Text: the largest saving first, whatever the source order.
// RUN: %cal %s | FileCheck %s --check-prefix=TEXT
// TEXT: cost.cu:36:12: warning: global load touches 32 sectors per request
// TEXT: note: cost: 78% of the launch's sectors; fixing it saves about 0.16 ms of an estimated 0.20 ms per launch (grid (65536,1,1), H100 SXM5 80GB)
// TEXT: cost.cu:22:12: warning: global load touches 32 sectors per request
// TEXT: note: cost: 78% of the launch's sectors; fixing it saves about 1.2 us of an estimated 1.7 us per launch (grid (1024,1,1), H100 SXM5 80GB)
// TEXT: cost.cu:50:3: warning: shared store takes 32 wavefronts per request
// TEXT: note: cost: 94% of the launch's wavefronts; fixing it saves about 0.121 us of an estimated 0.171 us per launch (grid (1024,1,1), H100 SXM5 80GB)

// --sort=location: by line.
// RUN: %cal --sort=location %s | FileCheck %s --check-prefix=LOC
// LOC: cost.cu:22:12: warning
// LOC: cost.cu:36:12: warning
// LOC: cost.cu:50:3: warning

// In JSON, the finding's cost, the access's (the same object) and the
// launch's estimated time with its terms and rates.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "bound_by": "dram",
// JSON-NEXT: "certainty": "estimate",
// JSON: "excess_dram_bytes": 469762048,
// JSON-NEXT: "excess_sectors": 14680064,
// JSON-NEXT: "launch_us": 202.77{{[0-9]*}},
// JSON-NEXT: "saved_us": 157.71{{[0-9]*}},
// JSON-NEXT: "share_of_launch_sectors": 0.7777{{[0-9]*}}
// JSON: "excess_sectors": 229376,
// JSON-NEXT: "launch_us": 1.6883{{[0-9]*}},
// JSON-NEXT: "saved_us": 1.1593{{[0-9]*}},
// JSON: "excess_wavefronts": 31744,
// JSON-NEXT: "launch_us": 0.1708{{[0-9]*}},
// JSON-NEXT: "saved_us": 0.1214{{[0-9]*}},
// JSON-NEXT: "share_of_launch_wavefronts": 0.9393{{[0-9]*}}
// JSON: "kernels": [
// JSON: "estimated_time": {
// JSON-NEXT: "arithmetic_us":
// JSON-NEXT: "bound_by": "l2-sectors",
// JSON-NEXT: "certainty": "estimate",
// JSON-NEXT: "dram_bytes": 0,
// JSON-NEXT: "dram_us": 0,
// smallStrided's warp issues 11 instructions (Collector.cpp's rule): the
// index's multiply and add (2), i * 8 (1), the load and the store (2 each:
// the address and the instruction), and the warp's own 4; 8192 x 11 =
// 90112, 90112 / 1045440 = 0.08620 us, far below L2's 1.688.
// JSON-NEXT: "issue_us": 0.08619{{[0-9]*}},
// L1 looks up each line a request touches, one a clock an SM (261360 a
// microsecond): the load's 32 sectors span 1024 bytes, 8 lines, the
// store's 1: 9 x 8192 = 73728 lines, 0.28209 us.
// JSON-NEXT: "l1_lines": 73728,
// JSON-NEXT: "l1_us": 0.2820{{[0-9]*}},
// JSON-NEXT: "l2_sectors_us": 1.6883{{[0-9]*}},
// JSON-NEXT: "load_sectors": 262144,
// JSON-NEXT: "modelled": true,
// The store writes whole sectors.
// JSON-NEXT: "partial_store_sectors": 0,
// JSON-NEXT: "phases": [
// JSON: "rates": {
// JSON-NEXT: "dram_bytes": 2978600,
// JSON-NEXT: "l1_lines": 261360,
// JSON-NEXT: "l2_load_sectors": 197849.5{{[0-9]*}},
// The launch's bytes fit in L2: partly written sectors go at the L2 rate.
// JSON-NEXT: "l2_partial_store_sectors": 90169.{{[0-9]*}},
// JSON-NEXT: "l2_store_sectors": 90169.{{[0-9]*}},
// JSON-NEXT: "shared_wavefronts": 261360,
// JSON-NEXT: "warp_instructions": 1045440
// JSON: "store_sectors": 32768,
// JSON-NEXT: "us": 1.6883{{[0-9]*}},
// JSON-NEXT: "warp_instructions": 90112
// JSON: "name": "smallStrided"

// SARIF's rank: 100 for the largest saving, the others in proportion:
// 100 x 1.15935 / 157.71 = 0.735, 100 x 0.12146 / 157.71 = 0.0770.
// RUN: %cal --format=sarif %s | FileCheck %s --check-prefix=SARIF
// SARIF: "rank": 100,
// SARIF: "rank": 0.735{{[0-9]*}},
// SARIF: "rank": 0.0770{{[0-9]*}},

// sm_80 has no measured rates: the share of the traffic, no time.
// RUN: %cal --arch=sm_80 %s | FileCheck %s --check-prefix=SM80
// SM80: note: cost: 78% of the launch's sectors{{$}}
// RUN: %cal --arch=sm_80 --format=json %s | FileCheck %s --check-prefix=SM80J
// SM80J: "estimated_time": {
// SM80J-NEXT: "modelled": false,
// SM80J-NEXT: "reason": "no measured throughput for sm_80"
