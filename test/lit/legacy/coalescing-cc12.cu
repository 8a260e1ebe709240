// Compute capability 1.2/1.3 (sm_12, sm_13), docs/legacy-architectures.md:
// per half-warp (16 lanes), one transaction per segment touched - 128
// bytes for 4-, 8- and 16-byte words, 64 for 2-byte, 32 for 1-byte - each
// shrunk to its lower or upper half (128 -> 64 -> 32 bytes) while the bytes
// it serves lie in one half. The lanes' order does not matter. Figures are
// per warp instruction, the sum over both half-warps; "ideal" is what the
// bytes would take in whole segments; "ideal-bytes" the needed bytes of each
// half-warp in whole 32-byte transactions.
//
// The slides' cases (grid 4 x 32 lanes):
// - aligned:    in[i]     half-warp h: bytes 64h..64h+63, one half of
//                         segment 0 spanning both its quarters -> 64 B;
//                         2 transactions, 128 bytes (ideal 2, 128).
// - misaligned: in[i+1]   half 0: bytes 4..67 cross the middle of segment 0
//                         -> one 128-B transaction (the slides: "one
//                         transaction on c.c. 1.2"); half 1: bytes 68..131
//                         -> segment 0's upper half 68..127 (64 B) and
//                         segment 1's 128..131 (32 B): two transactions
//                         (the slides: "may need two"). 3 transactions,
//                         128 + 64 + 32 = 224 bytes (ideal 2, 128).
// - strided:    in[2*i]   half h: bytes 128h..128h+123, one whole segment
//                         each -> 2 transactions of 128 B = 256 bytes for
//                         64 needed per half-warp (ideal-bytes 128): as
//                         many transactions as the ideal, twice the bytes.
// - stride 32:  in[32*i]  lanes 128 bytes apart: 16 segments per
//                         half-warp, each shrunk to 32 B -> 32 transactions,
//                         1024 bytes (ideal 2, 128): the "dramatic" drop of
//                         wide spacing.
// - permuted:   in[i^1]   the same 64 bytes per half-warp in another order
//                         -> 2, 128 bytes, as aligned.
// - char:       c[i]      1-byte words, 32-byte segments: 16 bytes per
//                         half-warp in one -> 2 x 32 B (ideal 2, 64).
// sm_12 has the same rules: the same figures.
// RUN: %cal --quiet --arch=sm_13 --dump=events %s | FileCheck %s
// RUN: %cal --quiet --arch=sm_12 --dump=events %s | FileCheck %s
// RUN: %cal --quiet --arch=sm_13 %s 2>&1 | FileCheck %s --check-prefix=TEXT

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
__global__ void stride32(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}
__global__ void permuted(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i ^ 1];
}
__global__ void bytes(char *out, const char *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c[i];
}

int main() {
  aligned<<<4, 32>>>(0, 0);
  misaligned<<<4, 32>>>(0, 0);
  strided<<<4, 32>>>(0, 0);
  stride32<<<4, 32>>>(0, 0);
  permuted<<<4, 32>>>(0, 0);
  bytes<<<4, 32>>>(0, 0);
}

// CHECK-LABEL: kernel aligned
// CHECK: summary access 40:12 global load 4B {{.*}} transactions=2 ideal=2 bytes=128 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel misaligned
// CHECK: summary access 44:12 global load 4B {{.*}} transactions=3 ideal=2 bytes=224 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 48:12 global load 4B {{.*}} transactions=2 ideal=2 bytes=256 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel stride32
// CHECK: summary access 52:12 global load 4B {{.*}} transactions=32 ideal=2 bytes=1024 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel permuted
// CHECK: summary access 56:12 global load 4B {{.*}} transactions=2 ideal=2 bytes=128 ideal-bytes=128 confidence=exact
// CHECK-LABEL: kernel bytes
// CHECK: summary access 60:12 global load 1B {{.*}} transactions=2 ideal=2 bytes=64 ideal-bytes=64 confidence=exact

// Warnings: the misaligned load in transactions, the strided one in bytes;
// the permuted and char loads are coalesced (no warning).
// TEXT: 44:12: warning: global load takes 3 transactions per request where 2 would do (1.50x the fewest transactions) [cuda-uncoalesced-global]
// TEXT: 48:12: warning: global load takes 2 transactions per request, moving 256 bytes where 128 would do (2x) [cuda-uncoalesced-global]
// TEXT: 52:12: warning: global load takes 32 transactions per request where 2 would do (16x the fewest transactions) [cuda-uncoalesced-global]
// TEXT-NOT: 56:12: warning
// TEXT-NOT: 60:12: warning
