//===- coalescing.cu - Global-memory coalescing reference kernels ---------===//
//
// One access pattern per kernel, so that the per-kernel sectors-per-request
// counter reads the pattern directly (gpu-facts.md: contiguous float 4, float
// misaligned by one element 5, double 8, double2 16, 12-byte struct member
// 12, stride s float min(4s, 32)). Launch configurations are constants so
// the analyzer can evaluate them.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

constexpr int CoalesceN = 1 << 24; // 16 Mi elements: 64 MiB of floats
constexpr int CoalesceBlock = 256;

struct Particle {
  float X, Y, Z; // 12 bytes, so lane i's X is 12 bytes after lane i-1's
};

__global__ void copyFloat(float *Out, const float *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

__global__ void stridedRead(float *Out, const float *In, int N, int Stride) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I * Stride];
}

__global__ void misalignedRead(float *Out, const float *In, int N,
                               int Offset) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I + Offset];
}

__global__ void copyDouble(double *Out, const double *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

__global__ void copyDouble2(double *Out, const double *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (2 * I + 1 < N)
    *(double2 *)&Out[2 * I] = *(const double2 *)&In[2 * I];
}

__global__ void aosMember(float *Out, const Particle *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I].X;
}

__global__ void copyFloatLdg(float *Out, const float *__restrict__ In,
                             int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = __ldg(&In[I]);
}

void cal_suite_coalescing(cal::SuiteContext &Ctx) {
  constexpr uint64_t F = sizeof(float), D = sizeof(double);
  // The strided source is 32 times larger so the largest stride stays inside.
  float *Src = Ctx.alloc<float>(size_t(CoalesceN) * 32 + 64);
  float *Dst = Ctx.alloc<float>(CoalesceN);
  double *SrcD = Ctx.alloc<double>(CoalesceN);
  double *DstD = Ctx.alloc<double>(CoalesceN);
  Particle *Parts = Ctx.alloc<Particle>(CoalesceN);
  Ctx.fill(Src, size_t(CoalesceN) * 32 + 64, 1);
  Ctx.fill(SrcD, CoalesceN, 2);
  Ctx.fill((float *)Parts, size_t(CoalesceN) * 3, 3);

  Ctx.launch("coalescing.copy_float", {CoalesceN * F, CoalesceN * F}, [&] {
    copyFloat<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                            CoalesceN);
  });
  Ctx.launch("coalescing.copy_float_ldg", {CoalesceN * F, CoalesceN * F}, [&] {
    copyFloatLdg<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                               CoalesceN);
  });
  // Effective bandwidth counts the bytes the kernel uses, not the sectors
  // it drags in: strided kernels show how much bandwidth the pattern wastes.
  Ctx.launch("coalescing.stride_2", {CoalesceN * F, CoalesceN * F}, [&] {
    stridedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                              CoalesceN, 2);
  });
  Ctx.launch("coalescing.stride_3", {CoalesceN * F, CoalesceN * F}, [&] {
    stridedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                              CoalesceN, 3);
  });
  Ctx.launch("coalescing.stride_8", {CoalesceN * F, CoalesceN * F}, [&] {
    stridedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                              CoalesceN, 8);
  });
  Ctx.launch("coalescing.stride_32", {CoalesceN * F, CoalesceN * F}, [&] {
    stridedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Src,
                                                              CoalesceN, 32);
  });
  Ctx.launch("coalescing.misaligned_1", {CoalesceN * F, CoalesceN * F}, [&] {
    misalignedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(
        Dst, Src, CoalesceN, 1);
  });
  Ctx.launch("coalescing.misaligned_8", {CoalesceN * F, CoalesceN * F}, [&] {
    misalignedRead<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(
        Dst, Src, CoalesceN, 8);
  });
  Ctx.launch("coalescing.copy_double", {CoalesceN * D, CoalesceN * D}, [&] {
    copyDouble<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(DstD, SrcD,
                                                             CoalesceN);
  });
  Ctx.launch("coalescing.copy_double2", {CoalesceN * D, CoalesceN * D}, [&] {
    copyDouble2<<<CoalesceN / 2 / CoalesceBlock, CoalesceBlock>>>(
        DstD, SrcD, CoalesceN);
  });
  Ctx.launch("coalescing.aos_member", {CoalesceN * F, CoalesceN * F}, [&] {
    aosMember<<<CoalesceN / CoalesceBlock, CoalesceBlock>>>(Dst, Parts,
                                                            CoalesceN);
  });
}
