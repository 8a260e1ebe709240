// Compute capability 1.0/1.1 (sm_10, sm_11), docs/legacy-architectures.md:
// a half-warp (16 lanes) coalesces into ONE transaction - 64 bytes for
// 4-byte words, 128 bytes for 8-byte words, two of 128 bytes for 16-byte
// words - only when every active lane k accesses word k of a segment
// aligned to 16 words; otherwise each active lane gets its own 32-byte
// transaction. Figures are per warp instruction = the sum over its two
// half-warps; "ideal" is one segment's worth per half-warp; "bytes" is what
// the transactions move and "ideal-bytes" the needed bytes of each
// half-warp in whole 32-byte transactions (the smallest).
//
// The slides' cases (grid 4 x 32 lanes, every lane active):
// - aligned:    in[i]     half-warp h reads words 16h..16h+15, base 64h,
//                         aligned to 64 -> 1 x 64 B each -> 2 (ideal 2),
//                         128 bytes moved for 128 needed.
// - misaligned: in[i+1]   base 64h+4, not 64-aligned -> 16 x 32 B per
//                         half-warp -> 32 transactions (ideal 2), 1024 bytes
//                         for 128: the slides' "1/8 of the performance"
//                         (32 bytes moved per 4 used).
// - strided:    in[2*i]   lane k reads word 2k, not word k -> 16 per
//                         half-warp -> 32 (ideal 2).
// - permuted:   in[i^1]   neighbours swapped: lane k reads word k^1, the
//                         k-th-word rule fails -> 32 (1.2 serves it in 2).
// - a lane off: lane 3 does not read; the others still read their own
//               word -> still 1 per half-warp -> 2 (some threads need not
//               participate); ideal-bytes: 60 bytes -> 64, and 64 -> 128.
// - double:     d[i]      16 x 8 B = 128-byte segment, aligned -> 1 per
//                         half-warp -> 2.
// - float4:     q[i]      16 x 16 B = 256 bytes, aligned -> 2 x 128 B per
//                         half-warp -> 4.
// - char:       c[i]      1-byte words never coalesce on 1.0/1.1 -> 16 x
//                         32 B per half-warp -> 32 (ideal: 16 bytes fit one
//                         64-byte segment -> 1 per half-warp -> 2; 16
//                         needed bytes in one 32-byte transaction per
//                         half-warp -> ideal-bytes 64).
// The stores out[i] are aligned 4-byte words: 2 each.
// sm_11 has the same rules: the same figures.
// RUN: %cal --quiet --arch=sm_10 --dump=events %s | FileCheck %s
// RUN: %cal --quiet --arch=sm_11 --dump=events %s | FileCheck %s
// RUN: %cal --quiet --arch=sm_10 %s 2>&1 | FileCheck %s --check-prefix=TEXT

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
__global__ void permuted(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i ^ 1];
}
__global__ void oneLaneOff(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x != 3)
    out[i] = in[i];
}
__global__ void wide(double *outd, const double *d, float4 *outq,
                     const float4 *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  outd[i] = d[i];
  outq[i] = q[i];
}
__global__ void bytes(char *out, const char *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c[i];
}

int main() {
  aligned<<<4, 32>>>(0, 0);
  misaligned<<<4, 32>>>(0, 0);
  strided<<<4, 32>>>(0, 0);
  permuted<<<4, 32>>>(0, 0);
  oneLaneOff<<<4, 32>>>(0, 0);
  wide<<<4, 32>>>(0, 0, 0, 0);
  bytes<<<4, 32>>>(0, 0);
}

// CHECK-LABEL: kernel aligned
// CHECK: summary access 43:12 global load 4B {{.*}} transactions=2 ideal=2 bytes=128 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel misaligned
// CHECK: summary access 47:12 global load 4B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 51:12 global load 4B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel permuted
// CHECK: summary access 55:12 global load 4B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel oneLaneOff
// CHECK: summary access 60:14 global load 4B {{.*}} transactions=2 ideal=2 bytes=128 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel wide
// CHECK: summary access 65:13 global load 8B {{.*}} transactions=2 ideal=2 bytes=256 ideal-bytes=256 confidence=exact
// CHECK: summary access 66:13 global load 16B {{.*}} transactions=4 ideal=4 bytes=512 ideal-bytes=512 confidence=exact
// CHECK-LABEL: kernel bytes
// CHECK: summary access 70:3 global store 1B {{.*}} transactions=32 ideal=2
// CHECK: summary access 70:12 global load 1B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=64 confidence=exact

// The warning names the unit and the rule.
// TEXT: 47:12: warning: global load takes 32 transactions per request where 2 would do (16x the fewest transactions) [cuda-uncoalesced-global]
// TEXT: note: sm_10 model: transactions per warp instruction, summed over its two half-warp requests
// TEXT: note: fix: the lanes are contiguous but start 4 bytes into a segment; align the base of the accessed range to 64 bytes
