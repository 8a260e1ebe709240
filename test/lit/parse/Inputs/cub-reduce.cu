// A block reduction through CUB, as CUDA 13 ships it (include/cccl).
#include <cub/cub.cuh>

template <int B> __global__ void blockSum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, B>;
  __shared__ typename Reduce::TempStorage tmp;
  float v = in[blockIdx.x * B + threadIdx.x];
  float s =
      Reduce(tmp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

void run(const float *in, float *out) { blockSum<256><<<4, 256>>>(in, out); }
