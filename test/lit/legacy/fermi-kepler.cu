// Fermi (sm_20, sm_21) and Kepler (sm_30), docs/legacy-architectures.md:
// one request per warp (8-byte lanes split into two half-warp requests,
// 16-byte lanes into four quarter-warp ones), one transaction per distinct
// unit touched: a 128-byte L1 line for loads cached in L1 (Fermi's default,
// nvcc -Xptxas -dlcm=ca), a 32-byte segment for loads cached in L2 only
// (--legacy-l1=uncached, i.e. -dlcm=cg; Kepler sm_30 always), and for
// stores (written to L2). Grid 4 x 32 lanes; base 256-byte aligned.
//
//                       cached (sm_20)          uncached / sm_30
// aligned  in[i]     128 B in 1 line -> 1       4 segments -> 4
// misaligned in[i+1] bytes 4..131: 2 lines -> 2 5 segments -> 5
// strided  in[2*i]   bytes 0..251: 2 lines -> 2 8 segments -> 8
// double   d[i]      2 half-warp requests of    8 segments -> 8
//                    128 B, 1 line each -> 2
// float4   q[i]      4 quarter-warp requests    16 segments -> 16
//                    of 128 B -> 4
// store    out[i]    always 32-byte segments: 128 B -> 4
// "ideal": the bytes in whole lines (cached: 1, 1, 1, 2, 4) or segments
// (4, 4, 4, 8, 16), per request.
// sm_21 has sm_20's memory rules.
// RUN: %cal --quiet --arch=sm_20 --dump=events %s | FileCheck %s --check-prefix=CACHED
// RUN: %cal --quiet --arch=sm_21 --dump=events %s | FileCheck %s --check-prefix=CACHED
// RUN: %cal --quiet --arch=sm_20 --legacy-l1=uncached --dump=events %s | FileCheck %s --check-prefix=UNCACHED
// RUN: %cal --quiet --arch=sm_30 --dump=events %s | FileCheck %s --check-prefix=UNCACHED
// --legacy-l1=cached restates Fermi's default; Kepler sm_30 has no L1
// caching of global loads to choose, and says so.
// RUN: %cal --quiet --arch=sm_20 --legacy-l1=cached --dump=events %s | FileCheck %s --check-prefix=CACHED
// RUN: %cal --quiet --arch=sm_30 --legacy-l1=cached --dump=events %s | FileCheck %s --check-prefix=KEPLER
// RUN: not %cal --quiet --arch=sm_20 --legacy-l1=sometimes %s 2>&1 | FileCheck %s --check-prefix=BAD

__global__ void aligned(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void misaligned(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
__global__ void strided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
__global__ void wide(double *outd, const double *d, float4 *outq,
                     const float4 *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  outd[i] = d[i];
  outq[i] = q[i];
}

int main() {
  aligned<<<4, 32>>>(0, 0);
  misaligned<<<4, 32>>>(0, 0);
  strided<<<4, 32>>>(0, 0);
  wide<<<4, 32>>>(0, 0, 0, 0);
}

// CACHED-LABEL: kernel aligned
// CACHED: summary access 33:3 global store 4B {{.*}} transactions=4 ideal=4 bytes=128 ideal-bytes=128
// CACHED: summary access 33:12 global load 4B {{.*}} transactions=1 ideal=1 bytes=128 ideal-bytes=128
// CACHED-LABEL: kernel misaligned
// CACHED: summary access 37:12 global load 4B {{.*}} transactions=2 ideal=1 bytes=256 ideal-bytes=128
// CACHED-LABEL: kernel strided
// CACHED: summary access 41:12 global load 4B {{.*}} transactions=2 ideal=1 bytes=256 ideal-bytes=128
// CACHED-LABEL: kernel wide
// CACHED: summary access 46:13 global load 8B {{.*}} transactions=2 ideal=2 bytes=256 ideal-bytes=256
// CACHED: summary access 47:13 global load 16B {{.*}} transactions=4 ideal=4 bytes=512 ideal-bytes=512

// UNCACHED-LABEL: kernel aligned
// UNCACHED: summary access 33:3 global store 4B {{.*}} transactions=4 ideal=4 bytes=128 ideal-bytes=128
// UNCACHED: summary access 33:12 global load 4B {{.*}} transactions=4 ideal=4 bytes=128 ideal-bytes=128
// UNCACHED-LABEL: kernel misaligned
// UNCACHED: summary access 37:12 global load 4B {{.*}} transactions=5 ideal=4 bytes=160 ideal-bytes=128
// UNCACHED-LABEL: kernel strided
// UNCACHED: summary access 41:12 global load 4B {{.*}} transactions=8 ideal=4 bytes=256 ideal-bytes=128
// UNCACHED-LABEL: kernel wide
// UNCACHED: summary access 46:13 global load 8B {{.*}} transactions=8 ideal=8 bytes=256 ideal-bytes=256
// UNCACHED: summary access 47:13 global load 16B {{.*}} transactions=16 ideal=16 bytes=512 ideal-bytes=512

// KEPLER: assume --legacy-l1=cached ignored: sm_30 caches global loads in L2 only
// KEPLER: summary access 33:12 global load 4B {{.*}} transactions=4 ideal=4

// BAD: error: --legacy-l1='sometimes' is not one of cached, uncached
