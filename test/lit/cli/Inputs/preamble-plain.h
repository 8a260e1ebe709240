// A project header that also builds without nvcc: compiled as plain C++ it
// defines the CUDA keywords away. Those #defines name __global__ without
// declaring a kernel, so the include lines naming this header are cached.
#ifndef PREAMBLE_PLAIN_H
#define PREAMBLE_PLAIN_H
#ifndef __CUDACC__
#define __global__
#define __host__
#define __device__
#endif
__host__ __device__ inline int stride() { return 4; }
#endif
