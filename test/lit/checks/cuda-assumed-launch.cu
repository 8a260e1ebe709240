// cuda-assumed-launch: a kernel with no launch is analysed under assumed
// blocks, said once on the kernel; a configuration file's Kernels entry
// gives it a launch and the remark goes.
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal --config='{Kernels: [{Name: "noLaunch", Block: [64]}]}' --format=json %s | FileCheck %s --check-prefix=CONFIG
// RUN: %cal --explain cuda-assumed-launch | FileCheck %s --check-prefix=EXPLAIN

__global__ void noLaunch(float *a) { a[threadIdx.x] = 0; }
// CHECK: cuda-assumed-launch.cu:[[@LINE-1]]:17: remark: assuming block (256,1,1); no launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
// One shape, from the kernel's indexing (x only); no other is averaged in.
// CHECK-NOT: also evaluated with block

// CONFIG: "findings": [],
// CONFIG: "block": [
// CONFIG-NEXT: 64,
// CONFIG-NEXT: 1,
// CONFIG-NEXT: 1
// CONFIG: "source": "config-file"

// EXPLAIN: cuda-assumed-launch: no launch found: the figures hold for an assumed block shape (remark)
