// Host patterns of benchmark programs: block sizes from a table walked by a
// loop, a launch helper whose grid is `ceil_div(n, bs)` (a function whose
// body is one return statement), and a `switch` on a kernel number that the
// run without arguments fixes, in a function called from main, which main
// also passes by name to a timing template (its direct calls and the calls
// through a pointer of its type, the template's, are followed, and the
// launch says so).
// RUN: %cal --list-kernels %s | FileCheck %s

int atoi(const char *);
void exit(int);

template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }

__global__ void k1(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = 1;
}
__global__ void k2(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[2 * i] = 1;
}

void run1(float *o, int n, const int bs) { k1<<<ceil_div(n, bs), bs>>>(o, n); }
void run2(float *o, int n, const int bs) { k2<<<ceil_div(n, bs), bs>>>(o, n); }

void dispatch(int kernel_num, float *o, int n, int bs) {
  switch (kernel_num) {
  case 1:
    run1(o, n, bs);
    break;
  case 2:
    run2(o, n, bs);
    break;
  default:
    exit(1);
  }
}

template <class Fn, class... Args> void bench(Fn f, Args... args) {
  f(args...);
}

int main(int argc, char **argv) {
  int n = 1 << 20;
  float *o = nullptr;
  int kernel_num = 1;
  if (argc > 1)
    kernel_num = atoi(argv[1]);
  int block_sizes[] = {32, 256, 1024};
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    dispatch(kernel_num, o, n, block_size);
  }
  bench(dispatch, kernel_num, o, n, 512);
}

// Without arguments kernel_num is 1: only k1 runs, once per table entry,
// with grid ceil(2^20 / bs) = 32768, 4096 and 1024.
// CHECK: kernel 'k1'
// CHECK-NEXT: launch at {{.*}}:26:44 in run1(): grid (32768, 1, 1) block (32, 1, 1)
// CHECK-NEXT: set member: only the direct calls of dispatch() and the calls through pointers of its type are followed: its address is also taken, and other launches through it are not seen
// CHECK-NEXT: set member: j = 0: value 1 of 3 of the loop at {{.*}}:53:3
// CHECK-NEXT: set member: argc taken as 1: the program run without arguments
// CHECK-NEXT: from call at {{.*}}:32:5 in dispatch() <- {{.*}}:55:5 in main()
// CHECK: grid (4096, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: only the direct calls of dispatch()
// CHECK-NEXT: set member: j = 1: value 2 of 3
// CHECK: grid (1024, 1, 1) block (1024, 1, 1)
// CHECK-NEXT: set member: only the direct calls of dispatch()
// CHECK-NEXT: set member: j = 2: value 3 of 3
// Through the template's `f(args...)`: block 512, grid ceil(2^20 / 512) =
// 2048.
// CHECK: grid (2048, 1, 1) block (512, 1, 1)
// CHECK-NEXT: set member: only the direct calls of dispatch()
// CHECK-NEXT: set member: dispatch() taken as the target of `f` in bench(), a pointer of its type
// k2 is reached only through `case 2:`: listed as a launch that does not
// run, never analysed under a configuration of k1's.
// CHECK: kernel 'k2'
// CHECK-NEXT: no launch in this translation unit
// CHECK: 27:44: launch of `k2` in run2() not listed: it does not run: an `if` or `switch` on every path to it is known to lead elsewhere
