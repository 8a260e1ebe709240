// An `extern "C"` kernel's device symbol is its plain name: nvcc does not
// mangle it, and Nsight Compute reported conjugateGradientMultiBlockCG's
// `extern "C" __global__ void gpuConjugateGradient(...)` as
// "gpuConjugateGradient" on the H100 (research/unseen-code/h100-test6/).
// The prediction names it so, so that the verifier pairs its launches.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
extern "C" __global__ void plainName(float *a) { a[threadIdx.x] = 0; }
__global__ void mangled(float *a) { a[threadIdx.x] = 0; }
int main() {
  plainName<<<1, 32>>>(nullptr);
  mangled<<<1, 32>>>(nullptr);
}
// CHECK: kernel 'plainName' [plainName]
// CHECK: kernel 'mangled' [_Z7mangledPf]
// JSON: "mangled_name": "plainName",
// JSON: "mangled_name": "_Z7mangledPf",
