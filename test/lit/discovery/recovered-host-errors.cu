// Host code that clang rejects inside one expression (a call no overload
// fits) is replaced by clang with a RecoveryExpr; the rest
// of the function is as written, so its launches are still followed. The
// replaced expression's value is unknown, and every variable it names may
// have been written there. The error is reported and the exit status is 2.
// RUN: not %cal %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i * 2] = 0.0f;
}
// Block 256 from main's launch: lanes 8 bytes apart, 256 bytes in 8
// sectors where the 128 bytes written need 4.
// CHECK: recovered-host-errors.cu:[[@LINE-4]]:5: warning: global store touches 8 sectors per request where 4 would do
// CHECK: note: in kernel 'scale', host launch at {{.*}}recovered-host-errors.cu:[[@LINE+17]]:3 with grid (4096,1,1) and block (256,1,1)

__global__ void tuned(float *a) { a[threadIdx.x * 4] = 0.0f; }
// `threads` is named in the rejected call `setup(threads)`, which may have
// written it through its reference parameter: the launch's block is
// unknown, not 128, and the kernel is analysed under the assumed blocks.
// CHECK: recovered-host-errors.cu:[[@LINE-4]]:17: remark: assuming block (256,1,1); no usable launch found

void setup(int &threads, int extra);

float takesTwo(float, float);
int main() {
  float scaleFactor = takesTwo(192.0f / 132.0f);
  int n = 1 << 20;
  float *a = nullptr;
  int threads = 128;
  setup(threads);
  scale<<<n / 256, 256>>>(a, n);
  tuned<<<1, threads>>>(a);
  return scaleFactor > 0 ? 0 : 1;
}
// ERR: recovered-host-errors.cu:[[@LINE-9]]:23: error: no matching function for call to 'takesTwo'
// ERR: recovered-host-errors.cu:[[@LINE-6]]:3: error: no matching function for call to 'setup'
// ERR: note: '{{.*}}recovered-host-errors.cu': the errors in host function(s) 'main' are confined to expressions clang replaced; their launches are followed
