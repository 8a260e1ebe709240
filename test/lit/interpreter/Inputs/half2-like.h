// A stand-in for cuda_fp16.h's __half2 as a host-side parse sees it: the
// copy constructor and copy assignment of its NV_IF_ELSE_TARGET's host
// branch, field by field. (The device branch moves one 32-bit word.)
#pragma clang system_header
struct half_like {
  unsigned short x;
};
struct __attribute__((aligned(4))) half2_like {
  half_like x, y;
  half2_like() = default;
  __host__ __device__ half2_like(const half2_like &src) {
    this->x = src.x;
    this->y = src.y;
  }
  __host__ __device__ half2_like &operator=(const half2_like &src) {
    this->x = src.x;
    this->y = src.y;
    return *this;
  }
};
// One HADD2 in nvcc's code; here a body the interpreter can follow.
__device__ inline half2_like __hadd2(const half2_like a, const half2_like b) {
  half2_like r;
  r.x.x = (unsigned short)(a.x.x + b.x.x);
  r.y.x = (unsigned short)(a.y.x + b.y.x);
  return r;
}
