// A kernel chosen by a switch in the function that launches, on a value
// its caller passes: sel is A unless a command-line flag says otherwise,
// and the flag helper, run with argc taken as 1 (the program run without
// arguments), never reads argv and returns false. So run()'s `case B`
// does not run: kB has no launch. The same helper keeps n at 256.
#include <cstring>
inline bool checkFlag(const int argc, const char **argv, const char *ref) {
  bool found = false;
  if (argc >= 1) {
    for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], ref)) {
        found = true;
        continue;
      }
    }
  }
  return found;
}
__global__ void kA(float *o) { o[threadIdx.x] = 0; }
__global__ void kB(float *o) { o[threadIdx.x * 2] = 0; }
enum kernels { A = 0, B = 1 };
void run(float *o, kernels k) {
  switch (k) {
  case A:
  default:
    kA<<<1, 32>>>(o);
    break;
  case B:
    kB<<<1, 32>>>(o);
    break;
  }
}
int main(int argc, char **argv) {
  float *o = nullptr;
  kernels sel = A;
  if (checkFlag(argc, (const char **)argv, "kernel")) {
    sel = B;
  }
  run(o, sel);
  int n = 256;
  if (checkFlag(argc, (const char **)argv, "n"))
    n = 1024;
  kA<<<1, n>>>(o);
}

// RUN: %cal --list-kernels %s | FileCheck %s
// CHECK: kernel 'kA'
// CHECK-NEXT: launch at {{.*}}switch-in-callee.cu:26:5 in run(): grid (1, 1, 1) block (32, 1, 1)
// CHECK: launch at {{.*}}switch-in-callee.cu:43:3 in main(): grid (1, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: n = 256: value 1 of 1 of the definitions at {{.*}}switch-in-callee.cu:40:3; argc taken as 1: the program run without arguments
// CHECK: kernel 'kB'
// CHECK-NEXT: no launch in this translation unit
// CHECK: switch-in-callee.cu:29:5: launch of `kB` in run() not listed: it does not run
