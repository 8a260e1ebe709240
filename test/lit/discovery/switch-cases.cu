// The reduction pattern: a block size chosen at run time, dispatched by
// `switch (threads)` to a template instance per size. Inside `case C:` a
// variable that the function never writes equals C, also where it was read
// earlier (dim3 dimBlock(threads)). A case entered by falling through from
// another label, or sharing its code with another label, stays unknown.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s

template <int B> __global__ void red(float *a, int n) {}

void reduce(int size, int threads, int blocks, float *a) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(float)
                                 : threads * sizeof(float);
  switch (threads) {
  case 512:
    red<512><<<dimGrid, dimBlock, smemSize>>>(a, size);
    break;
  case 256:
    red<256><<<dimGrid, dimBlock, smemSize>>>(a, size);
  case 128:
    red<128><<<dimGrid, dimBlock, smemSize>>>(a, size);
    break;
  case 64: {
    red<64><<<dimGrid, dimBlock, smemSize>>>(a, size);
  } break;
  case 16:
  case 32:
    red<32><<<dimGrid, dimBlock, smemSize>>>(a, size);
    break;
  }
}
// blocks is never known (reduce has no call here): grid (?, 1, 1) throughout.
// case 512: block 512; threads > 32 so shared = 512 * sizeof(float) = 2048.
// CHECK: kernel 'red<512>'
// CHECK-NEXT: launch at {{.*}}:18:5 in reduce(): grid (?, 1, 1) from `dimGrid` block (512, 1, 1) shared 2048
// case 256 (its own code, before the fall-through): block 256, 1024 bytes.
// CHECK: kernel 'red<256>'
// CHECK-NEXT: launch at {{.*}}:21:5 in reduce(): grid (?, 1, 1) from `dimGrid` block (256, 1, 1) shared 1024
// case 128 is also reached from case 256 falling through: unknown.
// CHECK: kernel 'red<128>'
// CHECK-NEXT: launch at {{.*}}:23:5 in reduce(): grid (?, 1, 1) from `dimGrid` block (?, 1, 1) from `dimBlock` shared ? (`smemSize`)
// case 64 with a braced body: block 64, shared 64 * 4 = 256.
// CHECK: kernel 'red<64>'
// CHECK-NEXT: launch at {{.*}}:26:5 in reduce(): grid (?, 1, 1) from `dimGrid` block (64, 1, 1) shared 256
// case 16 and case 32 share the code: threads is 16 or 32, unknown.
// CHECK: kernel 'red<32>'
// CHECK-NEXT: launch at {{.*}}:30:5 in reduce(): grid (?, 1, 1) from `dimGrid` block (?, 1, 1) from `dimBlock`
