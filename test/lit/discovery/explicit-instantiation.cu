// Every kernel is accounted for: an explicitly instantiated template kernel
// (a small library's only kernels, launched from another project) is
// analysed, under the assumed launch since none is in the file; a template
// nothing instantiates is a remark naming why it is not analysed.
// RUN: %cal --sort=location %s 2>&1 | FileCheck %s
// RUN: %cal --sort=location --format=json %s | FileCheck %s --check-prefix=JSON

template <typename T>
__global__ void scale(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[2 * i];
}
template __global__ void scale<float>(const float *, float *, int);

template <typename T> __global__ void never(T *a) { a[threadIdx.x] = 0; }

// scale<float>, assumed block (256,1,1): in[2 * i] reads floats 8 bytes
// apart, 256 bytes in 8 sectors for the 128 bytes used.
// CHECK: explicit-instantiation.cu:9:17: remark: assuming block (256,1,1); no launch found
// CHECK: explicit-instantiation.cu:12:14: warning: global load touches 8 sectors per request where 4 would do
// CHECK: explicit-instantiation.cu:16:39: remark: kernel 'never': template kernel with no instantiation in this translation unit (no launch and no explicit instantiation): not analysed [cuda-no-access-reached]
// JSON: "name": "scale<float>",
// JSON: "name": "never",
