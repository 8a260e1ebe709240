//===- shared_banks.cu - Shared-memory bank patterns ----------------------===//
//
// Each warp stores to and loads from its own 1024-word region of a shared
// array with one index pattern per kernel, so the wavefronts per shared
// instruction are the pattern's conflict degree: 32 banks of 4 bytes, a
// 32-bit access costs as many wavefronts as the most distinct words any one
// bank must deliver (gpu-facts.md: stride C gives 1, 2, 1, 4, 8, 16, 32 for
// C = 1, 2, 3, 4, 8, 16, 32); a 64-bit access by a full warp needs 2
// wavefronts and a 128-bit one 4, conflict-free. The __syncthreads() between
// store and load keeps the compiler from forwarding the stored value.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

constexpr int BankThreads = 256; // 8 warps
constexpr int BankBlocks = 2048;
constexpr int WarpWords = 1024;  // per-warp region, a multiple of 32 banks

__global__ void sharedOffset(float *Out, const float *In, int Offset) {
  __shared__ float S[8 * WarpWords + 64];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  S[Warp * WarpWords + Lane + Offset] = In[G];
  __syncthreads();
  Out[G] = S[Warp * WarpWords + Lane + Offset];
}

__global__ void sharedStride(float *Out, const float *In, int Stride) {
  __shared__ float S[8 * WarpWords];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  S[Warp * WarpWords + Lane * Stride] = In[G];
  __syncthreads();
  Out[G] = S[Warp * WarpWords + Lane * Stride];
}

// Lanes with equal Lane % Mod share a word (a multicast, not a conflict);
// the Mod distinct words are 32 words apart, all in one bank.
__global__ void sharedModulo(float *Out, const float *In, int Mod) {
  __shared__ float S[8 * WarpWords];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  if (Lane < Mod)
    S[Warp * WarpWords + Lane * 32] = In[G];
  __syncthreads();
  Out[G] = S[Warp * WarpWords + (Lane % Mod) * 32];
}

__global__ void sharedBroadcast(float *Out, const float *In) {
  __shared__ float S[8];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  if (Lane == 0)
    S[Warp] = In[G];
  __syncthreads();
  Out[G] = S[Warp];
}

__global__ void shared64(double *Out, const double *In, int Stride) {
  __shared__ double S[8 * WarpWords / 2];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  S[Warp * (WarpWords / 2) + Lane * Stride] = In[G];
  __syncthreads();
  Out[G] = S[Warp * (WarpWords / 2) + Lane * Stride];
}

__global__ void shared128(float4 *Out, const float4 *In) {
  __shared__ float4 S[8 * 32];
  int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  S[Warp * 32 + Lane] = In[G];
  __syncthreads();
  Out[G] = S[Warp * 32 + Lane];
}

void cal_suite_shared_banks(cal::SuiteContext &Ctx) {
  constexpr size_t N = size_t(BankBlocks) * BankThreads;
  constexpr uint64_t F = N * sizeof(float);
  float *In = Ctx.alloc<float>(4 * N);
  float *Out = Ctx.alloc<float>(4 * N);
  Ctx.fill(In, 4 * N, 31);

  Ctx.launch("shared_banks.offset_1", {F, F}, [&] {
    sharedOffset<<<BankBlocks, BankThreads>>>(Out, In, 1);
  });
  Ctx.launch("shared_banks.stride_1", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 1);
  });
  Ctx.launch("shared_banks.stride_2", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 2);
  });
  Ctx.launch("shared_banks.stride_3", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 3);
  });
  Ctx.launch("shared_banks.stride_4", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 4);
  });
  Ctx.launch("shared_banks.stride_8", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 8);
  });
  Ctx.launch("shared_banks.stride_16", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 16);
  });
  Ctx.launch("shared_banks.stride_32", {F, F}, [&] {
    sharedStride<<<BankBlocks, BankThreads>>>(Out, In, 32);
  });
  Ctx.launch("shared_banks.modulo_4", {F, F}, [&] {
    sharedModulo<<<BankBlocks, BankThreads>>>(Out, In, 4);
  });
  Ctx.launch("shared_banks.broadcast", {F, F}, [&] {
    sharedBroadcast<<<BankBlocks, BankThreads>>>(Out, In);
  });
  Ctx.launch("shared_banks.double_1", {2 * F, 2 * F}, [&] {
    shared64<<<BankBlocks, BankThreads>>>((double *)Out, (const double *)In,
                                          1);
  });
  Ctx.launch("shared_banks.double_2", {2 * F, 2 * F}, [&] {
    shared64<<<BankBlocks, BankThreads>>>((double *)Out, (const double *)In,
                                          2);
  });
  Ctx.launch("shared_banks.float4", {4 * F, 4 * F}, [&] {
    shared128<<<BankBlocks, BankThreads>>>((float4 *)Out, (const float4 *)In);
  });
}
