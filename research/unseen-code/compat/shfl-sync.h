/* The warp shuffles without a mask (__shfl, __shfl_up, __shfl_down,
 * __shfl_xor) are not declared for sm_70 and later since CUDA 9; programs
 * written for sm_30 (professional-cuda-c-programming's chapter 5) use them.
 * For the device pass of such an architecture this maps each to its _sync
 * form with the full mask, which is what the old form meant for a full warp.
 * Pre-included (nvcc and the analyzer: -include ../compat/shfl-sync.h, from
 * the repository's directory); extract.sh copies it to DEST/compat/. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#define __shfl(...) __shfl_sync(0xffffffffu, __VA_ARGS__)
#define __shfl_up(...) __shfl_up_sync(0xffffffffu, __VA_ARGS__)
#define __shfl_down(...) __shfl_down_sync(0xffffffffu, __VA_ARGS__)
#define __shfl_xor(...) __shfl_xor_sync(0xffffffffu, __VA_ARGS__)
#endif
