// Second round of 8- and 16-byte shared-load probes (docs/gpu-facts.md,
// "Wide shared accesses"): the lane patterns of the GPU fuzz record's lines
// that the first round's rule did not fit (found by research/sass-emulator/sass-emulate.py,
// docs/testing-at-scale.md), and variations that separate the candidate
// rules: how many quarters or halves are active, and whether the same
// chunks are contiguous or spread over rows. One warp per launch, one
// LDS.64 or LDS.128 per kernel; each launch's lane indices come from a
// table, so the launch order below is the pattern order ncu reports.
#include <cstdio>
#include <cuda_runtime.h>

template <class T>
__global__ void probe(const int *idx, unsigned mask, T *out) {
  __shared__ T s[512];
  unsigned l = threadIdx.x;
  for (unsigned i = l; i < 512; i += blockDim.x)
    s[i] = T{};
  __syncthreads();
  if (mask >> l & 1)
    out[l] = s[idx[l]];
}

struct Pattern {
  const char *name;
  int bytes, block;
  unsigned mask;
  int idx[32];
};

static void fill(Pattern &P, int (*f)(int)) {
  for (int l = 0; l < 32; ++l)
    P.idx[l] = f(l);
}

int main() {
  Pattern Ps[] = {
      {"f4 l%8 all (first round: 4)", 16, 32, ~0u, {}},
      {"f4 l%8 lanes 0-15", 16, 32, 0xffffu, {}},
      {"f4 l%8 block of 16", 16, 16, 0xffffu, {}},
      {"f4 rows ((l+2)%8)*9+1 lanes 0-15 (k1004_20)", 16, 32, 0xffffu, {}},
      {"f4 rows ((l+2)%8)*9+1 all", 16, 32, ~0u, {}},
      {"f4 l%4 all (fuzz: 4)", 16, 32, ~0u, {}},
      {"f4 l%4 lanes 0-15", 16, 32, 0xffffu, {}},
      {"f4 l%4 lanes l%4<2 (k1004_31)", 16, 32, 0x33333333u, {}},
      {"f4 l%2 all", 16, 32, ~0u, {}},
      {"f4 l%2 lanes 0-15", 16, 32, 0xffffu, {}},
      {"f4 35 lanes 0-5, 39 lanes 6-31 (k1013_3)", 16, 32, ~0u, {}},
      {"f4 48 lanes 0-2, 49 lanes 3-31 (k1014_16)", 16, 32, ~0u, {}},
      {"f4 0 lanes 0-8", 16, 32, 0x1ffu, {}},
      {"f4 l%8 lanes 0-7", 16, 32, 0xffu, {}},
      {"f4 l%8 lanes 0-7 and 16-23", 16, 32, 0x00ff00ffu, {}},
      {"f4 l%8 lanes 8-15 and 24-31", 16, 32, 0xff00ff00u, {}},
      {"d 64 lanes 0 and 16, 448 others (k1011_5)", 8, 32, ~0u, {}},
      {"d 8/32/56 on lanes 1,4,7,9,... (k1012_19)", 8, 32, 0x92929292u, {}},
      {"d l/7 (k1002_16)", 8, 32, ~0u, {}},
      {"d l%16 (first round: 2)", 8, 32, ~0u, {}},
  };
  fill(Ps[0], [](int l) { return l % 8; });
  fill(Ps[1], [](int l) { return l % 8; });
  fill(Ps[2], [](int l) { return l % 8; });
  fill(Ps[3], [](int l) { return ((l + 2) % 8) * 9 + 1; });
  fill(Ps[4], [](int l) { return ((l + 2) % 8) * 9 + 1; });
  fill(Ps[5], [](int l) { return l % 4; });
  fill(Ps[6], [](int l) { return l % 4; });
  fill(Ps[7], [](int l) { return l % 4; });
  fill(Ps[8], [](int l) { return l % 2; });
  fill(Ps[9], [](int l) { return l % 2; });
  fill(Ps[10], [](int l) { return l < 6 ? 35 : 39; });
  fill(Ps[11], [](int l) { return l < 3 ? 48 : 49; });
  fill(Ps[12], [](int) { return 0; });
  fill(Ps[13], [](int l) { return l % 8; });
  fill(Ps[14], [](int l) { return l % 8; });
  fill(Ps[15], [](int l) { return l % 8; });
  fill(Ps[16], [](int l) { return l % 16 == 0 ? 64 : 448; });
  // Lanes 1, 4, 7 of each group of 8 read doubles 8, 32, 56.
  fill(Ps[17], [](int l) { return l % 8 == 1 ? 8 : l % 8 == 4 ? 32 : 56; });
  fill(Ps[18], [](int l) { return l / 7; });
  fill(Ps[19], [](int l) { return l % 16; });
  int *idx;
  void *out;
  cudaMalloc(&idx, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(float4));
  int n = 0;
  for (Pattern &P : Ps) {
    cudaMemcpy(idx, P.idx, sizeof P.idx, cudaMemcpyHostToDevice);
    if (P.bytes == 16)
      probe<float4><<<1, P.block>>>(idx, P.mask, (float4 *)out);
    else
      probe<double><<<1, P.block>>>(idx, P.mask, (double *)out);
    printf("launch %d: %s\n", n++, P.name);
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
