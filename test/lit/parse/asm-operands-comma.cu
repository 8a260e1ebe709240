// nvcc accepts the operands of an inline asm statement written without the
// comma between them (`:: "r"(v) "l"(p)`, as the cuda-samples'
// conjugateGradientMultiDeviceCG writes a release store); clang rejects it
// ("expected ')'"), and the kernel was not analysed. The analyzer gives the
// operand its comma in place of the blank before the next one, so that every
// column stays where it was: the store after the asm on line 19 is reported
// at its own column. A comment between two operands is skipped.
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

// CHECK-NOT: error
// CHECK-NOT: not analysed

__global__ void flag(unsigned char *f, float *a) {
  unsigned int v = 1, w;
  // Line 19, column 95 is `a` of the store after the asm. Lanes 12 bytes
  // apart: 32 lanes span bytes 0..375, 12 sectors of 32 bytes, where 128
  // contiguous bytes would take 4.
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(v) "l"(f + blockIdx.x) : "memory"); a[3 * threadIdx.x] = 0;
  asm("add.u32 %0, %1, %2;" : "=r"(w) : "r"(v) /* two */ "r"(w));
  // w is the asm's output: the address is data, reported as such.
  a[threadIdx.x + 32 * w] = 1;
}

int main() { flag<<<1, 32>>>(nullptr, nullptr); }

// CHECK: asm-operands-comma.cu:19:95: warning: global store touches 12 sectors per request where 4 would do (3x the bytes moved)
// CHECK: asm-operands-comma.cu:22:3: remark: cannot predict this global store: address depends on the output of the inline asm at {{.*}}asm-operands-comma.cu:20:3 ('add.u32 %0, %1, %2;')
// The asm's own store is not followed: it is listed, not counted.
// JSON: "unsupported": [
// JSON: inline asm at {{.*}}asm-operands-comma.cu:19:3
