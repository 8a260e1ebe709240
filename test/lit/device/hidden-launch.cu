// A template kernel launched only from host code under
// `#ifndef __CUDA_ARCH__` is never instantiated by the device pass. It is
// not analysed (its host view would miss the real body), and the output
// says so; the instantiation both passes see is analysed.
// RUN: %cal --dump=events %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

template <int S>
__global__ void scaled(float *a) {
#if __CUDA_ARCH__ >= 800
  a[threadIdx.x * S] = 1.f;
#endif
}

int main() {
  float *a;
#ifndef __CUDA_ARCH__
  scaled<2><<<1, 32>>>(a);
#endif
  scaled<4><<<1, 32>>>(a);
}

// a[threadIdx.x * 4]: lanes 16 B apart span 512 B = 16 sectors for the 4
// that 32 x 4 B need.
// CHECK-NOT: kernel scaled<2>
// CHECK: kernel scaled<4> launch host-launch grid (1,1,1) block (32,1,1)
// CHECK: summary access 11:3 global store 4B {{.*}} sectors=16 ideal=4 confidence=exact
// CHECK-NOT: kernel scaled<2>
// ERR: cuda-access-lint: note: {{.*}}kernel 'scaled<2>' launched at {{.*}}hidden-launch.cu:18:3 is not analysed: the device pass does not instantiate it
