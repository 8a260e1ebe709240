// Probe: where ptxas widens 4-byte shared accesses (docs/compiler-effects.md,
// "Shared accesses ptxas widens"). Read with
//   research/compiler-effects/sass-by-line.py research/compiler-effects/wide-shared.cu -O3
struct F4 { float x, y, z, w; };     // 16 B, aligned to 4
struct F2 { float x, y; };           // 8 B
struct F3 { float x, y, z; };        // 12 B
struct F6 { float v[6]; };           // 24 B
struct F8 { float v[8]; };           // 32 B
struct D2 { double x; float y; };    // 16 B, aligned to 8
struct Outer { float pad; F4 p; };   // F4 at 20*i + 4

__global__ void structCopies(const F4 *b4, const F2 *b2, const F3 *b3,
                             const F6 *b6, const F8 *b8, const D2 *bd,
                             float *out) {
  int i = threadIdx.x;
  __shared__ F4 s4[32];
  __shared__ F2 s2[32];
  __shared__ F3 s3[32];
  __shared__ F6 s6[32];
  __shared__ F8 s8[32];
  __shared__ D2 sd[32];
  __shared__ Outer so[32];
  s4[i] = b4[i];
  s2[i] = b2[i];
  s3[i] = b3[i];
  s6[i] = b6[i];
  s8[i] = b8[i];
  sd[i] = bd[i];
  so[i].p = b4[i];
  __syncthreads();
  F4 v = s4[31 - i];
  F4 u = so[31 - i].p;
  F8 w = s8[31 - i];
  D2 d = sd[31 - i];
  out[i] = v.x + v.w + u.x + u.w + w.v[0] + w.v[7] + float(d.x) + d.y;
}

// Field by field, in one statement each: merged as the whole copy is.
__global__ void fieldStores(const F4 *g, float *out) {
  __shared__ F4 s[256];
  int t = threadIdx.x;
  s[t].x = g[t].x;
  s[t].y = g[t].y;
  s[t].z = g[t].z;
  s[t].w = g[t].w;
  __syncthreads();
  out[t] = s[255 - t].x;
}

template <int IPT> __global__ void unrolled(int *out, int n) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
#pragma unroll
  for (int i = 0; i < IPT; i++)
    run += s[IPT * t + i];
  for (int i = 0; i < 8; i++) // no pragma, 8 constant trips
    run += s[4096 + 8 * t + i];
#pragma unroll 1
  for (int i = 0; i < 4; i++)
    run += s[8192 + 4 * t + i];
  for (int i = 0; i < n; i++) // a run-time trip count
    run += s[12288 + 4 * t + i];
#pragma unroll
  for (int i = 0; i < 4; i++)
    s[16384 + 4 * t + 1 + i] = run + i;
  out[t] = run;
}
template __global__ void unrolled<3>(int *, int);
template __global__ void unrolled<4>(int *, int);
