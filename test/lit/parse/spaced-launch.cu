// nvcc accepts a launch spelled with blanks inside the chevrons, as some
// editors format it (`k << <grid, block >> > (args)`); clang rejects it.
// The analyzer joins them on the launch's line without moving any column,
// and leaves `>> >` that closes template argument lists alone.
// RUN: %cal --list-kernels %s 2>&1 | FileCheck %s
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

template <class T> struct Box { T v; };
template <class T> struct Pair { T a, b; };

__global__ void stride2(float *a) { a[2 * threadIdx.x] = 0; }

int main() {
  float *a = nullptr;
  Box<Pair<Box<int>> > unused{};
  (void)unused;
  stride2 << <4, 64 >> > (a);
}

// CHECK-NOT: error
// CHECK: kernel 'stride2'
// CHECK-NEXT: launch at {{.*}}spaced-launch.cu:17:3 in main(): grid (4, 1, 1) block (64, 1, 1)
// Lanes 8 bytes apart: 256 B = 8 sectors where 4 would do, reported at the
// store's own column.
// TEXT: spaced-launch.cu:11:37: warning: global store touches 8 sectors per request where 4 would do
