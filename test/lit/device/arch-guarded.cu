// Kernel bodies under __CUDA_ARCH__ are analysed as the device compiler sees
// them: __CUDA_ARCH__ is 900 for the default --arch=sm_90, so the
// `#if __CUDA_ARCH__ >= 800` body is analysed and its `#else` host stub is
// not; the launches still come from the host code.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --dump=events --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
// RUN: %cal --dump=events %s | grep summary > %t.toolkit
// RUN: %cal --dump=events --no-cuda-toolkit %s 2>/dev/null | grep summary > %t.builtin
// RUN: diff %t.toolkit %t.builtin
// For sm_75 (__CUDA_ARCH__ 750) the stub is what the GPU runs.
// RUN: %cal --dump=events --arch=sm_75 %s | FileCheck %s --check-prefix=SM75

template <int S>
__global__ void tiled(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 800
  out[i] = in[i * S];
#else
  out[0] = in[0];
#endif
}

__global__ void guarded(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  out[2 * i] = 0.f;
#endif
}

int main() {
  float *a, *b;
  tiled<4><<<8, 128>>>(a, b);
  guarded<<<8, 64>>>(a);
}

// The real body. out[i]: 32 lanes x 4 B contiguous from a 256-byte-aligned
// base = 128 B = 4 sectors. in[i * 4]: lanes 16 B apart span 512 B = 16
// sectors for the 4 that 128 B need.
// CHECK-LABEL: kernel tiled<4> launch host-launch grid (8,1,1) block (128,1,1)
// CHECK-NOT: summary access 19:
// CHECK: summary access 17:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 17:12 global load 4B {{.*}} sectors=16 ideal=4 confidence=exact
// CHECK-NOT: summary access 19:
// `#ifdef __CUDA_ARCH__` inside a kernel: the host pass has no access here.
// out[2 * i]: lanes 8 B apart span 256 B = 8 sectors for 4 needed.
// CHECK-LABEL: kernel guarded launch host-launch grid (8,1,1) block (64,1,1)
// CHECK: summary access 26:3 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact

// sm_75: every lane stores to out[0] and loads in[0], one 4-byte word: 1
// sector, which is also all it needs; the real body is not there.
// SM75-LABEL: kernel tiled<4> launch host-launch
// SM75-NOT: summary access 17:
// SM75: summary access 19:3 global store 4B {{.*}} sectors=1 ideal=1
// SM75: summary access 19:12 global load 4B {{.*}} sectors=1 ideal=1
// SM75-LABEL: kernel guarded launch host-launch
// SM75: summary access 26:3 global store 4B {{.*}} sectors=8 ideal=4
