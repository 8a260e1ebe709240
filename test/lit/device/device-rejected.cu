// Device code that clang rejects stops only the kernels that run into it:
// a kernel whose own body has the error (a __shared__ variable with an
// initializer, which nvcc rejects too), and a kernel that calls a
// __device__ function with the error (here an inline-asm operand with a
// constraint that PTX does not have, seen only by the device pass under
// __CUDA_ARCH__). The other kernel is analysed; the exit status is 2
// because the file has errors.
// RUN: sh -c '%cal --dump=events %s > %t.out 2> %t.err; test $? -eq 2'
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: sh -c '%cal --dump=events --no-cuda-toolkit %s > %t.out2 2> %t.err2; test $? -eq 2'
// RUN: FileCheck %s < %t.out2
// RUN: FileCheck %s --check-prefix=ERR < %t.err2

struct Counter {
  int N;
  __device__ Counter() : N(0) {}
};

__device__ float publish(float *p) {
#if __CUDA_ARCH__ >= 700
  asm volatile("st.global.f32 [%0], %1;" ::"l"(p), "z"(1.0f));
#endif
  return p[0];
}

__global__ void viaHelper(float *p) { publish(p + threadIdx.x); }

__global__ void sharedObject(float *out) {
  __shared__ Counter C = Counter();
  out[threadIdx.x] = C.N;
}

__global__ void fine(float *out) { out[2 * threadIdx.x] = 0.f; }

int main() {
  float *a;
  viaHelper<<<1, 32>>>(a);
  sharedObject<<<1, 32>>>(a);
  fine<<<1, 32>>>(a);
}

// fine: out[2 * threadIdx.x], lanes 8 B apart span 256 B = 8 sectors for
// the 4 that 32 x 4 B need. Nothing of the other two kernels is reported.
// CHECK-NOT: kernel viaHelper
// CHECK-NOT: kernel sharedObject
// CHECK: kernel fine launch host-launch grid (1,1,1) block (32,1,1)
// CHECK: summary access 34:36 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK-NOT: {{^}}kernel

// ERR-DAG: device-rejected.cu:22:{{[0-9]+}}: error: invalid input constraint 'z' in asm
// ERR-DAG: device-rejected.cu:30:{{[0-9]+}}: error: initialization is not supported for __shared__ variables
// ERR-DAG: cuda-access-lint: note: {{.*}}kernel 'viaHelper' is not analysed: it runs into the error at {{.*}}device-rejected.cu:22:
// ERR-DAG: cuda-access-lint: note: {{.*}}kernel 'sharedObject' is not analysed: it runs into the error at {{.*}}device-rejected.cu:30:
// ERR-NOT: did not parse

// The same error in a template kernel shows only in its instantiation, which
// clang leaves without a body; the note names it all the same.
template <int B> __global__ void sharedInTemplate(float *out) {
  __shared__ Counter C = Counter();
  out[threadIdx.x * B] = C.N;
}
void launchTemplate(float *a) { sharedInTemplate<2><<<1, 32>>>(a); }
// ERR-DAG: cuda-access-lint: note: {{.*}}kernel 'sharedInTemplate<2>' is not analysed: it runs into the error at {{.*}}device-rejected.cu:60:
