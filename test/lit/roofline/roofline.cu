// The static roofline per launch (docs/roofline.md): bytes over the whole
// grid, operations written in the source, and the time bound on the
// reference part of the architecture. sm_90's part is the H100 SXM5
// (TargetModel.cpp): 132 SMs at 1980 MHz, DRAM 3352.32 GB/s, L2 50 MiB,
// DRAM reads in 64-byte sector pairs; per SM per clock 128 fp32 and 64
// integer results. So 132 x 1.98e9 x 64 = 1.672704e13 integer and
// 3.345408e13 fp32 operations per second.
// RUN: %cal --format=json --output=%t.json %s
// RUN: %python %S/Inputs/roofline.py %t.json | FileCheck %s
// sm_80's part is the A100 SXM4 80GB: 2039 GB/s, L2 40 MiB, 32-byte reads.
// RUN: %cal --format=json --arch=sm_80 --kernel=copy --output=%t80.json %s
// RUN: %python %S/Inputs/roofline.py %t80.json | FileCheck %s --check-prefix=A100
// sm_86 has throughput facts but no reference part: no bound.
// RUN: %cal --format=json --arch=sm_86 --kernel=copy --output=%t86.json %s
// RUN: %python %S/Inputs/roofline.py %t86.json | FileCheck %s --check-prefix=NOPART

#include <cuda_runtime.h>

// 65536 x 256 = 16777216 threads, one float each way: 64 MiB read and 64
// MiB written, every sector once: sectors 2 x 67108864 = 134217728 B,
// DRAM read 67108864 and write 67108864. Operations: blockIdx.x *
// blockDim.x + threadIdx.x = 2 integer. Footprint 128 MiB > 50 MiB L2: an
// estimate. Bound: 134217728 / 3352.32e9 = 40.04 us (DRAM) against
// 2 x 16777216 / 1.672704e13 = 2.0 us (integer).
// CHECK: kernel copy estimate threads=16777216 sectors=134217728 read=67108864 write=67108864 fp16=0 fp32=0 fp64=0 int=2 40 us by dram
// On the A100 (sm_80): 134217728 / 2039e9 = 65.83 us.
// A100: kernel copy estimate threads=16777216 sectors=134217728 read=67108864 write=67108864 fp16=0 fp32=0 fp64=0 int=2 65.8 us by dram
// NOPART: kernel copy estimate {{.*}} no bound
// NOPART: note: no reference part for sm_86
__global__ void copy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// 4096 x 256 = 1048576 threads, each reads one float 128 bytes after the
// previous lane's: 32 sectors per request, 1048576 x 32 = 33554432 sector
// bytes read, and a 64-byte DRAM read each: 67108864. The store is
// contiguous: 1048576 x 4 = 4194304 both ways. Integer: 2 for i, 1 for
// i * 32. Footprint: the read span 1048576 x 128 = 128 MiB. Bound
// (67108864 + 4194304) / 3352.32e9 = 21.27 us.
// CHECK: kernel strided estimate threads=1048576 sectors=37748736 read=67108864 write=4194304 fp16=0 fp32=0 fp64=0 int=3 21.3 us by dram
__global__ void strided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 32];
}

// 1024 x 256 = 262144 threads on 1 MiB in and 1 MiB out: 2 MiB fit in L2,
// so the DRAM figures are an upper bound and the bound leaves DRAM out.
// Per thread: 32 iterations of two fused multiply-adds written as a * b +
// c (4 fp32 operations each) = 128, and x + y: 129 fp32; integer 2 for i
// and 32 for ++k. fp32: 129 x 262144 / 3.345408e13 = 1.011 us; integer
// 34 x 262144 / 1.672704e13 = 0.53 us: bound by fp32.
// CHECK: kernel fma upper-bound threads=262144 sectors=2097152 read=1048576 write=1048576 fp16=0 fp32=129 fp64=0 int=34 1.01 us by fp32
// CHECK-NEXT: note: the launch touches 2.0 MiB, which fits in the 50.0 MiB L2 of the H100 SXM5 80GB
// CHECK-NEXT: note: the time bound leaves DRAM out
__global__ void fma(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i], y = 0.5f;
  for (int k = 0; k < 32; ++k) {
    x = x * 1.0001f + y;
    y = y * 0.9999f + x;
  }
  out[i] = x + y;
}

// No launch in the file: the grid is assumed, and nothing is extrapolated.
// CHECK: kernel unlaunched not modelled: no launch: the grid is assumed
__global__ void unlaunched(float *a) { a[threadIdx.x] = 0; }

int main() {
  float *a, *b;
  cudaMalloc(&a, 128 << 20);
  cudaMalloc(&b, 128 << 20);
  copy<<<65536, 256>>>(a, b);
  strided<<<4096, 256>>>(a, b);
  fma<<<1024, 256>>>(a, b);
  return 0;
}
