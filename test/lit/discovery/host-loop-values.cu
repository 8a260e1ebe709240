// Launch sizes stepped in a host loop before the launch (the pattern of the
// CUDA samples' fastWalshTransform): when the loop's header is the only
// place its variables change and their start values are known, the values
// it leaves are computed by running the header. A `while` loop whose body
// holds nothing but such updates is a header of its own.
// RUN: %cal --list-kernels %s | FileCheck %s

__global__ void k(float *a) { a[threadIdx.x] = 0; }

void batch(float *d, int M, int log2N) {
  int N = 1 << log2N;
  for (; log2N > 11; log2N -= 2, N >>= 2, M <<= 2)
    k<<<1, 32>>>(d);
  // From log2N = 23 (every call below passes 23) and M = 1: the test holds
  // at 23, 21, 19, 17, 15, 13 (6 times), so log2N ends at 11, N at
  // 2^23 / 4^6 = 2048 and M at 4^6 = 4096: grid 4096, block 2048/4 = 512,
  // shared 2048 * 4 B = 8192.
  k<<<M, N / 4, N * sizeof(float)>>>(d);
}
// CHECK: launch at {{.*}}:18:3 in batch(): grid (4096, 1, 1) block (512, 1, 1) shared 8192

void body(float *d) {
  int b = 32;
  for (int i = 0; i < 3; ++i)
    b *= 2;
  // The loop's body writes b: not followed, so the block stays unknown.
  k<<<1, b>>>(d);
}
// CHECK: launch at {{.*}}:27:3 in body(): grid (1, 1, 1) block (?, 1, 1)

void test(float *d) {
  int b = 32, n = 4;
  for (; n > 0; b += 32)
    --n;
  // The test reads n, which the body writes: not followed.
  k<<<1, b>>>(d);
}
// CHECK: launch at {{.*}}:36:3 in test(): grid (1, 1, 1) block (?, 1, 1)

void roundUp(float *d, unsigned n) {
  unsigned bs = 1;
  while (bs < n && bs < 1024) {
    bs *= 2;
  }
  // n = 999 (main): 1, 2, 4, ..., 512 are below it, so bs ends at 1024.
  k<<<1, bs>>>(d);
}
// CHECK: launch at {{.*}}:[[@LINE-2]]:3 in roundUp(): grid (1, 1, 1) block (1024, 1, 1)

void whileBody(float *d, int n) {
  int bs = 32;
  while (bs < n) {
    bs *= 2;
    d[0] = 0;
  }
  // A body that does more than update: not followed.
  k<<<1, bs>>>(d);
}
// CHECK: launch at {{.*}}:[[@LINE-2]]:3 in whileBody(): grid (1, 1, 1) block (?, 1, 1)

int main() {
  batch(0, 1, 23);
  batch(0, 1, 23);
  body(0);
  test(0);
  roundUp(0, 999);
  whileBody(0, 100);
}
