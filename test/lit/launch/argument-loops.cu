// Writes that only a command-line argument makes: a getopt loop and a
// `for (i = 1; i < argc; ++i)` loop run no iteration when the program is
// started without arguments, so the defaults before them reach the launch
// (stated as the run without arguments).
// RUN: %cal --list-kernels %s | FileCheck %s

extern "C" int getopt(int, char *const *, const char *);
extern "C" char *optarg;
int atoi(const char *);
int strcmp(const char *, const char *);

// A static kernel: nvcc's device code names it "_Z5scalePfi", without the
// internal-linkage mark "L" of clang's host mangling (Nsight Compute
// reported a static kernel so on the H100, docs/real-code.md), and the
// verifier pairs launches by that name.
static __global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2.0f;
}

__global__ void stride2(float *v) { v[2 * threadIdx.x] = 0; }

int main(int argc, char **argv) {
  int logn = 20, threads = 512;
  bool big = false;
  int c;
  while ((c = getopt(argc, argv, "n:t:b")) != -1) {
    switch (c) {
    case 'n': logn = atoi(optarg); break;
    case 't': threads = atoi(optarg); break;
    case 'b': big = true; break;
    }
  }
  int n = 1 << logn;
  int block;
  if (!big)
    block = threads;
  else
    block = 1024;
  float *v = nullptr;
  // n = 2^20, block = 512 (big stays false): grid (2^20 + 511) / 512 = 2048.
  scale<<<(n + block - 1) / block, block>>>(v, n);
  int bs = 128;
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "-bs"))
      bs = atoi(argv[++i]);
  stride2<<<1, bs>>>(v);
  // Another argument loop writes bs: skipped as well, bs = 128 again.
  for (int i = 1; i < argc; ++i)
    bs = 64;
  stride2<<<2, bs>>>(v);
}

// CHECK: kernel 'scale' [_Z5scalePfi]
// CHECK-NEXT: launch at {{.*}}argument-loops.cu:43:3 in main(): grid (2048, 1, 1) block (512, 1, 1)
// CHECK-NEXT: set member: block = 512: value 1 of 1 of the definitions at {{.*}}argument-loops.cu:38:5; argc taken as 1: the program run without arguments
// CHECK-NEXT: args: v=`v`, n=1048576
// CHECK: kernel 'stride2' [_Z7stride2Pf]
// CHECK-NEXT: launch at {{.*}}argument-loops.cu:48:3 in main(): grid (1, 1, 1) block (128, 1, 1)
// CHECK-NEXT: set member: argc taken as 1: the program run without arguments
// CHECK-NEXT: args: v=`v`
// CHECK-NEXT: launch at {{.*}}argument-loops.cu:52:3 in main(): grid (2, 1, 1) block (128, 1, 1)
// CHECK-NEXT: set member: argc taken as 1: the program run without arguments
