// Kernel and launch discovery: a plain kernel, a template launched with two
// instantiations, launches through dim3 variables, macros, constexpr values
// and a never-reassigned local, a kernel that is never launched, and a
// launch whose configuration is not constant.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --format=json %s | FileCheck %s --check-prefix=JSON

#define BLOCK 256
constexpr int Rows = 8;

__global__ void plain(float *a, int n) { a[threadIdx.x] = n; }

template <typename T, int Scale>
__global__ void scaled(T *a, int n) { a[threadIdx.x] *= Scale; }

__global__ void unused(float *a) {}

void run(float *f, double *d, int dynamicN) {
  int n = 1 << 20;
  dim3 block(32, Rows);
  dim3 grid(n / 32 / 32, 4);
  plain<<<n / BLOCK, BLOCK>>>(f, n);
  scaled<float, 2><<<grid, block, 0, 0>>>(f, 7);
  scaled<double, 3><<<dim3(2, 3, 4), 64, 1024>>>(d, n);
  plain<<<dynamicN, BLOCK>>>(f, dynamicN);
}

// CHECK: templates-dim3.cu:11:17: kernel 'plain' [_Z5plainPfi]
// CHECK-NEXT: launch at {{.*}}templates-dim3.cu:22:3 in run(): grid (4096, 1, 1) block (256, 1, 1) shared 0 stream default
// CHECK-NEXT: args: a=`f`, n=1048576
// CHECK-NEXT: launch at {{.*}}:25:3 in run(): grid (?, 1, 1) from `dynamicN` block (256, 1, 1)
// CHECK-NEXT: args: a=`f`, n=`dynamicN`
// CHECK-NEXT: templates-dim3.cu:14:17: kernel 'scaled' (template)
// CHECK-NEXT: templates-dim3.cu:14:17: kernel 'scaled<float, 2>' [_Z6scaledIfLi2EEvPT_i]
// CHECK-NEXT: launch at {{.*}}:23:3 in run(): grid (1024, 4, 1) block (32, 8, 1) shared 0 stream 0
// CHECK-NEXT: args: a=`f`, n=7
// CHECK-NEXT: templates-dim3.cu:14:17: kernel 'scaled<double, 3>' [_Z6scaledIdLi3EEvPT_i]
// CHECK-NEXT: launch at {{.*}}:24:3 in run(): grid (2, 3, 4) block (64, 1, 1) shared 1024 stream default
// CHECK-NEXT: args: a=`d`, n=1048576
// CHECK-NEXT: templates-dim3.cu:16:17: kernel 'unused' [_Z6unusedPf]
// CHECK-NEXT: no launch in this translation unit

// JSON: "kernels": [
// JSON: "block": [
// JSON-NEXT: 256,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON: "grid_text": "n / BLOCK",
// JSON: "mangled_name": "_Z5plainPfi",
// JSON: "name": "plain"
// JSON: "mangled_name": "_Z6scaledIfLi2EEvPT_i",
// JSON: "name": "scaled<float, 2>"
