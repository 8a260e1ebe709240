// A launch sized from the device's properties (`cudaGetDeviceProperties`,
// then `prop.multiProcessorCount` and friends, as CUDA by Example's
// histogram and llm.c's global_norm size their grids) takes the values of
// the target model's reference device, and says so: the program's GPU is
// known only when it runs. For sm_90 that device is the H100 SXM5 80GB:
// 132 SMs, 2048 threads per SM; maxThreadsDim[0] is 1024 on every
// architecture since compute capability 3.0.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// An architecture with no reference device leaves the properties unknown.
// RUN: %cal --arch=sm_75 --list-kernels %s | FileCheck %s --check-prefix=UNKNOWN

__global__ void histo(const unsigned char *b, long n, unsigned *h) {
  long i = threadIdx.x + blockIdx.x * blockDim.x;
  long stride = blockDim.x * gridDim.x;
  while (i < n) {
    atomicAdd(&h[b[i]], 1);
    i += stride;
  }
}

__global__ void fill(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = 0;
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int blocks = prop.multiProcessorCount;
  // 2 x 132 = 264 blocks.
  histo<<<blocks * 2, 256>>>(nullptr, 100 << 20, nullptr);
  // 2048 x 132 / 256 = 1056 blocks of 1024 / 4 = 256 threads.
  const int block = 256;
  const int grid =
      prop.maxThreadsPerMultiProcessor * prop.multiProcessorCount / block;
  fill<<<grid, prop.maxThreadsDim[0] / 4>>>(nullptr, 1 << 20);
}

// CHECK: kernel 'histo'
// CHECK-NEXT: launch at {{.*}}device-properties.cu:33:3 in main(): grid (264, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: device properties of H100 SXM5 80GB, the sm_90 model's device: multiProcessorCount = 132
// CHECK: kernel 'fill'
// CHECK-NEXT: launch at {{.*}}device-properties.cu:38:3 in main(): grid (1056, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: device properties of H100 SXM5 80GB, the sm_90 model's device: maxThreadsPerMultiProcessor = 2048, multiProcessorCount = 132, maxThreadsDim[0] = 1024

// JSON: "launch set member: device properties of H100 SXM5 80GB, the sm_90 model's device: multiProcessorCount = 132"
// JSON: "assumed": false,
// JSON: "set_choices": [
// JSON-NEXT: "device properties of H100 SXM5 80GB, the sm_90 model's device: multiProcessorCount = 132"

// UNKNOWN: launch at {{.*}}:33:3 in main(): grid (?, 1, 1) from `blocks * 2` block (256, 1, 1)
// UNKNOWN: launch at {{.*}}:38:3 in main(): grid (?, 1, 1) from `grid` block (?, 1, 1)
