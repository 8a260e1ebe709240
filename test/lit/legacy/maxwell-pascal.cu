// Maxwell and Pascal (sm_50 ... sm_62), which Makefiles still name: each has
// its model, parsed for sm_75 (clang 22 and CUDA 13 target nothing older)
// and said so in every kernel's assumptions. Global requests count 32-byte
// sectors as on Volta onwards (PG 5.x and 6.x "Global Memory"); shared
// memory per SM is 64 KiB on 6.0 and 96 KiB on 6.1, 48 KiB per block at
// most (PG "Technical Specifications").
// RUN: %cal --format=json %s -- -arch=sm_60 | FileCheck %s --check-prefix=P60
// RUN: %cal --format=json %s -- -arch=sm_61 | FileCheck %s --check-prefix=P61
// An architecture with no model is predicted for sm_90, and the JSON says
// so, not only standard error.
// RUN: %cal --format=json %s -- -arch=sm_72 2>/dev/null | FileCheck %s --check-prefix=NOMODEL

__global__ void tile(float *out) {
  __shared__ float s[12 * 1024]; // 48 KiB
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[1023 - threadIdx.x];
}

int main() { tile<<<64, 1024>>>(nullptr); }

// 32 consecutive floats: 4 sectors. sm_60: 64 KiB / 48 KiB = 1 block of
// 1024 threads per SM, 32 of 64 warps: 50%. sm_61: 96 KiB holds 2 blocks:
// 2048 threads, 100%.
// P60: "arch": "sm_60",
// P60: "sectors_per_request": {
// P60-NEXT: "max": 4,
// P60: "clang and the CUDA 13 toolkit cannot target sm_60: the code is parsed for sm_75 (__CUDA_ARCH__ 750) and costed with the sm_60 model"
// P60: "limited_by": "shared memory",
// P60: "theoretical_occupancy_pct": 50,
// P61: "arch": "sm_61",
// P61: "theoretical_occupancy_pct": 100,
// NOMODEL: "arch": "sm_90",
// NOMODEL: "no model for sm_72, the compile command's architecture: the figures are for sm_90"
