// One-warp kernels, one global 4-byte load each (float4 where named), whose
// lanes read the byte offsets given: what Nsight Compute counts as the
// sectors and the *ideal* sectors of one request, for the patterns whose
// ideal the analyzer has to reproduce (global-ideal-probe.sh runs it).
#include <cstdio>

#define PROBE(NAME, OFFSET)                                                    \
  __global__ void NAME(const float *in, float *out) {                          \
    unsigned l = threadIdx.x;                                                  \
    float v = in[(OFFSET) / 4];                                                \
    if (v == 12345.f) /* never: the store issues with no active lane */       \
      out[l] = v;                                                              \
  }

PROBE(contiguous, 4 * l)                      // 128 B from a sector start
PROBE(offset16, 16 + 4 * l)                   // 128 B from byte 16
PROBE(stride2, 8 * l)                         // every other word
PROBE(stride32, 128 * l)                      // one word per 128 B
PROBE(broadcast, 0)                           // one word
PROBE(two_far, (l / 16) * 4096)               // 2 words, 4 KiB apart
PROBE(four_far, (l / 8) * 4096)               // 4 words, 4 KiB apart
PROBE(two_near, (l / 16) * 64)                // 2 words, 64 B apart
PROBE(pairs, (l / 2) * 4)                     // 16 words, 64 B, 2 lanes each
PROBE(rows16, (l % 16) * 4 + (l / 16) * 4096) // 2 rows of 64 B, 4 KiB apart
PROBE(rows8, (l % 8) * 4 + (l / 8) * 4096)    // 4 rows of 32 B
PROBE(rows16_off8, 8 + (l % 16) * 4 + (l / 16) * 4096) // rows from byte 8
PROBE(eight_words, (l / 4) * 4)               // 8 words, 32 B, 4 lanes each

__global__ void half_active(const float *in, float *out) {
  unsigned l = threadIdx.x;
  if (l < 16) { // 16 lanes, 64 B
    float v = in[l];
    if (v == 12345.f)
      out[l] = v;
  }
}

__global__ void wide_contiguous(const float4 *in, float *out) {
  unsigned l = threadIdx.x;
  float4 v = in[l]; // 512 B
  if (v.x == 12345.f)
    out[l] = v.y;
}

__global__ void wide_two_far(const float4 *in, float *out) {
  unsigned l = threadIdx.x;
  float4 v = in[(l / 16) * 256]; // 2 x 16 B, 4 KiB apart
  if (v.x == 12345.f)
    out[l] = v.y;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 12);
  cudaMemset(in, 0, 1 << 20);
  void (*ks[])(const float *, float *) = {
      contiguous, offset16, stride2,     stride32,    broadcast,
      two_far,    four_far, two_near,    pairs,       rows16,
      rows8,      rows16_off8, eight_words, half_active};
  for (auto k : ks)
    k<<<1, 32>>>(in, out);
  wide_contiguous<<<1, 32>>>((const float4 *)in, out);
  wide_two_far<<<1, 32>>>((const float4 *)in, out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
