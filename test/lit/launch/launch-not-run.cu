// A kernel whose only launch does not run under the values the discovery
// takes (here the modelled device's properties: the H100 SXM5 80GB has
// 228 KiB = 233472 bytes of shared memory per SM, so the `else` is never
// taken) is analysed under an assumed block, and the remark says why its
// launch was not used instead of "no launch found" (the cuda-samples'
// tensor-core GEMMs launch their simple kernel only in such an `else`).
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal --list-kernels %s | FileCheck %s --check-prefix=LIST
__global__ void big(float *a) { a[threadIdx.x] = 0; }
__global__ void small(float *a) { a[threadIdx.x * 2] = 0; }
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  if (prop.sharedMemPerMultiprocessor >= 100 * 1024)
    big<<<1, 128>>>(nullptr);
  else
    small<<<1, 64>>>(nullptr);
}
// CHECK: launch-not-run.cu:10:17: remark: assuming block (256,1,1); its launch at {{.*}}launch-not-run.cu:17:5 does not run: an `if` or `switch` on every path to it is known to lead elsewhere (with argc taken as 1, the program run without arguments, where a test reads it; device properties of H100 SXM5 80GB, the sm_90 model's device: sharedMemPerMultiprocessor = 233472)
// LIST: kernel 'big'
// LIST-NEXT: launch at {{.*}}:15:5 in main(): grid (1, 1, 1) block (128, 1, 1)
// LIST: launch-not-run.cu:17:5: launch of `small` in main() not listed: it does not run
