// A store to the first byte of a shared array (address 0) while the lane
// holds values of that array: the look-up of held values that may overlap
// starts below address 0, where the lane-value map keeps its two reserved
// keys. It once read an empty slot there and crashed the launch's analysis
// ("internal error: the analysis of this launch stopped").
// RUN: %cal %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error
// Every access is as good as it gets: the shared loads are 8-byte lanes at
// consecutive doubles (two wavefronts, the least for 256 bytes), the global
// store 256 contiguous bytes per warp (8 sectors, the least); nothing to
// warn of or remark on.
// CHECK: cuda-access-lint: 1 file; 0 warnings, 0 remarks;
__global__ void zeroFirst(double *out) {
  __shared__ double s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 0)
    s[0] = 0;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
int main() { zeroFirst<<<1, 64>>>(nullptr); }
