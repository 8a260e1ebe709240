// cuda-annotation: what of an annotation was ignored is a warning; a /* */
// annotation works like a // one. The analysed launches show which
// annotations applied: the block a kernel is analysed under.
// RUN: %cal --sort=location %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %cal --sort=location --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --sort=location --kernel=noSuchKernel %s 2>&1 | FileCheck %s --check-prefix=FILTER
// RUN: %cal --explain cuda-annotation | FileCheck %s --check-prefix=EXPLAIN

// cuda-access-lint: blok(1,32) grid(2)
__global__ void misspelled(float *a) { a[threadIdx.x] = 0; }
// CHECK: cuda-annotation.cu:[[@LINE-2]]:22: warning: ignored 'blok(1,32)': unknown annotation item 'blok'; did you mean 'block'? [cuda-annotation]
// The grid(2) item still applies; with no block the kernel is analysed
// under the assumed blocks.
// CHECK: cuda-annotation.cu:[[@LINE-4]]:17: remark: assuming block (256,1,1)

// cuda-access-lint: block(64)

__global__ void separated(float *a) { a[threadIdx.x] = 0; }
// CHECK: cuda-annotation.cu:[[@LINE-3]]:4: warning: ignored cuda-access-lint annotation: a blank line separates it from kernel 'separated'; put it directly above the kernel [cuda-annotation]
// CHECK: cuda-annotation.cu:[[@LINE-2]]:17: remark: assuming block (256,1,1)

/* cuda-access-lint: block(128) param(n=7, m) */
__global__ void blockComment(float *a, int n) { a[threadIdx.x * n] = 0; }
// CHECK: cuda-annotation.cu:[[@LINE-2]]:33: warning: ignored 'm' in 'param(n=7, m)': expected NAME=INTEGER [cuda-annotation]
// Lanes 7 floats (28 bytes) apart: 32 lanes span 868 bytes of 28 sectors,
// where 128 bytes need 4 (7x); this proves block(128) and n=7 applied.
// CHECK: cuda-annotation.cu:[[@LINE-4]]:49: warning: global store touches 28 sectors per request where 4 would do (7x the bytes moved)

// JSON: "check": "cuda-annotation",

// FILTER: warning: --kernel='noSuchKernel' matches no kernel of the files analysed

// EXPLAIN: cuda-annotation: a cuda-access-lint annotation, or part of one, was ignored (warning)
