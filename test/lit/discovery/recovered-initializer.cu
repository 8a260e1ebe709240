// A dim3 whose initializer clang rejects (a call with too few arguments) is left
// as an untyped expression in the AST; the launch that uses it is
// followed with its grid unknown (sampled), not a crash (exit 139 before).
// RUN: not %cal --list-kernels %s 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not %cal %s 2>&1 | FileCheck %s
__global__ void k(float *a) { a[threadIdx.x * 2] = 0; }
float two(float, float);
void f(float *a, int n) {
  dim3 grid(two(n / 256.0f), 1, 1);
  k<<<grid, 256>>>(a);
}
// LIST: recovered-initializer.cu:9:13: error: no matching function for call to 'two'
// LIST: launch at {{.*}}recovered-initializer.cu:10:3 in f(): grid (?, ?, ?) from `grid` block (256, 1, 1)
// Lanes 8 bytes apart: 256 bytes in 8 sectors where 128 bytes need 4.
// CHECK: recovered-initializer.cu:6:31: warning: global store touches 8 sectors per request where 4 would do
