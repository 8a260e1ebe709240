// A host function's parameter takes the argument of each of its calls in the
// translation unit: one launch site per distinct set of values, each naming
// the call it came from (followed up to three calls deep).
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
// RUN: %cal --list-kernels --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void k(float *a, int n) {}
__global__ void other(float *a, int n) {}

void run(float *a, int n, int threads) {
  k<<<n / threads, threads>>>(a, n);
}

void launch2d(float *a, dim3 grid, dim3 block) { other<<<grid, block>>>(a, 0); }

void wrap(float *a, int t) { run(a, 1 << 20, t); }

int main(int argc, char **argv) {
  float *a = nullptr;
  run(a, 4096, 128);
  run(a, 4096, 256);
  run(a, 4096, 256);
  run(a, argc, 64);
  wrap(a, 512);
  dim3 b(32, 8);
  launch2d(a, dim3(4, 4), b);
}
// Sites follow the calls in source order; wrap's call of run (line 17) comes
// first.
// wrap(a, 512) calls run(a, 1 << 20, 512): 2^20 / 512 = 2048, two calls deep.
// CHECK: kernel 'k'
// CHECK-NEXT: launch at {{.*}}:12:3 in run(): grid (2048, 1, 1) block (512, 1, 1)
// CHECK-NEXT: from call at {{.*}}:17:30 in wrap() <- {{.*}}:25:3 in main()
// CHECK-NEXT: args: a=`a`, n=1048576
// run(a, 4096, 128): grid 4096 / 128 = 32, block 128.
// CHECK-NEXT: launch at {{.*}}:12:3 in run(): grid (32, 1, 1) block (128, 1, 1)
// CHECK-NEXT: from call at {{.*}}call-site-params.cu:21:3 in main()
// CHECK-NEXT: args: a=`a`, n=4096
// run(a, 4096, 256): 16 blocks of 256; the same values again at line 23 make
// no new site.
// CHECK-NEXT: launch at {{.*}}:12:3 in run(): grid (16, 1, 1) block (256, 1, 1)
// CHECK-NEXT: from call at {{.*}}:22:3 in main()
// CHECK-NEXT: args: a=`a`, n=4096
// run(a, argc, 64): argc is only known at run time -> grid x unknown.
// CHECK-NEXT: launch at {{.*}}:12:3 in run(): grid (?, 1, 1) from `n / threads` block (64, 1, 1)
// CHECK-NEXT: from call at {{.*}}:24:3 in main()
// CHECK-NEXT: args: a=`a`, n=`n`
// CHECK-NOT: launch at
// dim3 parameters: grid dim3(4, 4), block b = (32, 8, 1).
// CHECK: kernel 'other'
// CHECK-NEXT: launch at {{.*}}:15:50 in launch2d(): grid (4, 4, 1) block (32, 8, 1)
// CHECK-NEXT: from call at {{.*}}:27:3 in main()

// JSON: "call_chain": [
// JSON-NEXT: {
// JSON-NEXT: "caller": "wrap",
// JSON-NEXT: "site": "{{.*}}call-site-params.cu:17:30"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "caller": "main",
// JSON-NEXT: "site": "{{.*}}call-site-params.cu:25:3"
