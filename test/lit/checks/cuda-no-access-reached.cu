// cuda-no-access-reached: no evaluated lane passes the guard, said on the
// kernel with the test that kept them out, named with its file.
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal --explain cuda-no-access-reached | FileCheck %s --check-prefix=EXPLAIN

__global__ void none(float *a) {
  // Block 256: threadIdx.x is at most 255, never over 2000.
  if (threadIdx.x > 2000)
    a[0] = 0;
}
// CHECK: cuda-no-access-reached.cu:[[@LINE-5]]:17: remark: kernel 'none': no evaluated warp reached a memory access: the test at {{.*}}cuda-no-access-reached.cu:[[@LINE-3]]:3 (always false) came out the same in every evaluated warp [cuda-no-access-reached]

void host(float *f) { none<<<1, 256>>>(f); }

// EXPLAIN: cuda-no-access-reached: no evaluated warp reached a memory access, and why (remark)
