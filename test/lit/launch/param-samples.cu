// Unknown parameters get sample values that respect their use, distinct
// values in declaration order, and a kernel that reaches no access says
// why. Two samples each: a multiple of a large power of two, then odd.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

// cuda-access-lint: block(32) grid(1)
__global__ void shifted(float *a, int sh) { a[threadIdx.x << sh] = 0; }

// cuda-access-lint: block(32) grid(1)
__global__ void rows(float *a, int m) {
  for (int r = 0; r < m; ++r)
    a[r * 32 + threadIdx.x] = 0;
}

// cuda-access-lint: block(256) grid(4)
__global__ void gridStride(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = 0;
}

// cuda-access-lint: block(32) grid(1)
__global__ void wrap(float *a, int m) { a[threadIdx.x % m] = 0; }

// cuda-access-lint: block(32) grid(1)
__global__ void ordered(float *a, int k, int j, int n) {
  if (k < j && j < n)
    a[threadIdx.x] = 0;
}

// cuda-access-lint: block(32) grid(1)
__global__ void never(float *a, int n) {
  if (n > 100000)
    a[threadIdx.x] = 0;
}

// A shift count gets 4 and 3, valid for any integer width (4096 is not).
// Lanes 16 or 8 floats apart (64 or 32 B): each lane in its own sector, 32.
// CHECK-LABEL: kernel shifted
// CHECK: assume parameter sh unknown: evaluated with 4 and 3 (sh: shift count)
// CHECK: summary access 8:45 global store 4B requests=2 sectors=32 ideal=4 confidence=exact

// A loop bound gets 16 and 17: the loop runs in full (below the 64-iteration
// cap), 16.5 times per warp on average, each 32 x 4 B aligned = 4 sectors.
// CHECK-LABEL: kernel rows
// CHECK: assume parameter m unknown: evaluated with 16 and 17 (m: loop bound)
// CHECK-NOT: evaluated for its first iterations only
// CHECK: summary access 13:5 global store 4B requests=33 sectors=4 ideal=4 confidence=exact

// A loop from a thread-dependent start walks the problem size: n stays a
// size (4096, 4097), not a loop bound.
// CHECK-LABEL: kernel gridStride
// CHECK: assume parameter n unknown: evaluated with 4096 and 4097{{$}}

// A divisor is never zero; 4096 and 4097 already are not. threadIdx.x % m
// = threadIdx.x: 4 sectors.
// CHECK-LABEL: kernel wrap
// CHECK: assume parameter m unknown: evaluated with 4096 and 4097 (m: divisor)
// CHECK: summary access 24:41 global store 4B requests=2 sectors=4 ideal=4 confidence=exact

// k, j, n in declaration order get 4096 + 256 * rank: k < j < n holds and
// the store is reached (all equal values never reached it).
// CHECK-LABEL: kernel ordered
// CHECK: assume parameters k, j, n unknown: evaluated with k=4096, j=4352, n=4608, then k=4097, j=4353, n=4609
// CHECK: summary access 29:5 global store 4B requests=2 sectors=4 ideal=4 confidence=exact

// n > 100000 is false for both samples: nothing is reached, and the kernel
// says which test kept the warps out.
// CHECK-LABEL: kernel never
// CHECK: assume no evaluated warp reached a memory access: the test at {{.*}}param-samples.cu:34:3 (always false) came out the same in every evaluated warp (the samples vary unknown parameters)
// CHECK-NOT: summary access

// TEXT: param-samples.cu:33:17: remark: kernel 'never': no evaluated warp reached a memory access: the test at {{.*}}param-samples.cu:34:3 (always false) {{.*}} [cuda-no-access-reached]

// A bound that is also a guard (`threadIdx.x < n`) is a problem size: a
// small value would switch most threads off, so n stays 4096 and 4097 (and
// the loop is then evaluated for its first iterations only).
// RUN: %cal --dump=events --kernel=guarded %s | FileCheck %s --check-prefix=GUARD
// cuda-access-lint: block(32) grid(1)
__global__ void guarded(float *a, int n) {
  if (threadIdx.x < n)
    for (int r = 0; r < n; ++r)
      a[r * 32 + threadIdx.x] = 0;
}
// GUARD: assume parameter n unknown: evaluated with 4096 and 4097{{$}}
// In the full dump, the kernel after `never`: bounds its CHECK-NOT.
// CHECK: kernel guarded launch annotation

// The start of a grid-stride loop held in a local (`int tid = ...; for (int
// i = tid; ...)`), or the loop variable declared before the loop, is as
// thread-dependent as the index written in place: n is a problem size
// (4096, 4097), not a loop bound (16, 17). With the loop bound's 16, only
// the first 16 lanes of the grid's 8192 threads would store.
// RUN: %cal --dump=events --kernel=strideFromLocal %s | FileCheck %s --check-prefix=LOCAL
// RUN: %cal --dump=events --kernel=strideDeclaredBefore %s | FileCheck %s --check-prefix=LOCAL
// cuda-access-lint: block(256) grid(32)
__global__ void strideFromLocal(float *a, int n) {
  const int threads = blockDim.x * gridDim.x;
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += threads)
    a[i] = 0;
}
// cuda-access-lint: block(256) grid(32)
__global__ void strideDeclaredBefore(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (; i < n; i += blockDim.x * gridDim.x)
    a[i] = 0;
}
// LOCAL: assume parameter n unknown: evaluated with 4096 and 4097{{$}}
