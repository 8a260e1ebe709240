// A launch under an `if` whose condition is known in a calling context is
// only listed for the contexts where it runs (as in the CUDA samples'
// matrixMul: `if (block_size == 16) k<16><<<...>>> else k<32><<<...>>>`).
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s

template <int B> __global__ void mm(float *c, int w) {}

int multiply(float *c, int block_size, const dim3 &dims) {
  dim3 threads(block_size, block_size);
  dim3 grid(dims.x / threads.x, dims.y / threads.y);
  if (block_size == 16)
    mm<16><<<grid, threads>>>(c, dims.x);
  else
    mm<32><<<grid, threads>>>(c, dims.x);
  return 0;
}

int main(int argc, char **argv) {
  float *c = nullptr;
  int block_size = 32;
  dim3 dims(5 * 2 * block_size, 5 * 2 * block_size, 1);
  if (argc > 1)
    dims.x = argc;
  int r = multiply(c, block_size, dims);
  return r;
}
// The only call passes block_size = 32: the `if` takes the else branch, so
// mm<16> is never launched and mm<32> runs with threads (32, 32, 1). The grid
// reads dims through a const reference parameter, which multiply() cannot
// write: the caller's dims at the call. Its y is 5 * 2 * 32 = 320, so
// grid.y = 320 / 32 = 10; its x is also written under `argc > 1`, and a
// dim3 component takes no set of values: unknown.
// CHECK-NOT: kernel 'mm<16>'
// CHECK: kernel 'mm<32>'
// CHECK-NEXT: launch at {{.*}}:15:5 in multiply(): grid (?, 10, 1) from `grid` block (32, 32, 1)
// CHECK-NEXT: from call at {{.*}}:25:11 in main()
// CHECK-NOT: launch at
