// A struct copied per lane is split into the requests nvcc emits: pieces as
// wide as the struct's alignment, at most 16 bytes. nvcc 13.0 for sm_90
// (SASS in docs/analyzer.md): a 48-byte struct aligned to 16 is 3 x
// LDG.E.128, aligned to 8 is 6 x LDG.E.64, aligned to 4 is 12 x LDG.E, a
// 20-byte one aligned to 4 is 5 x LDG.E; so a 12-byte triple is 3 x 4 B.
// One warp (32 lanes); lane i's struct starts at 48*i (or 12*i); sectors
// are 32 B; shared banks are 32 x 4 B.
// RUN: %cal --dump=events %s | FileCheck %s

struct alignas(16) S16 { float v[12]; };
struct alignas(8) S8 { float v[12]; };
struct S4 { float v[12]; };
struct F3 { float x, y, z; };

__global__ void copies(S16 *a16, S8 *a8, S4 *a4, F3 *a3, const S16 *b16,
                       const S8 *b8, const S4 *b4, const F3 *b3) {
  int i = threadIdx.x;
  __shared__ S16 s[32];
  // 3 requests of 16 B per copy. Lane i's piece k is at 48i + 16k: 16 B
  // inside one sector, and lanes 48 B apart never share one: 32 sectors
  // (ideal 32 x 16 B = 512 B = 16).
  a16[i] = b16[i];
  // 6 requests of 8 B: 32 sectors each (ideal 256 B = 8).
  a8[i] = b8[i];
  // 12 requests of 4 B: 32 sectors each (ideal 128 B = 4).
  a4[i] = b4[i];
  // 3 requests of 4 B at a stride of 12 B: lanes cover 384 B, 12 sectors
  // (ideal 4).
  a3[i] = b3[i];
  // Shared, 3 x 16 B: a 16-B access runs in 4 phases of 8 lanes; in a
  // phase, lane j's piece starts at word 12j: words {0,12,24,4,16,28,8,20}
  // + 0..3 hit all 32 banks once: 1 wavefront per phase, 4 per request.
  s[i] = b16[i];
}

// In shared memory ptxas places the arrays itself, so it merges a copy's
// 4-byte pieces at consecutive offsets into one access as wide as the
// largest power of two dividing the struct's size (at most 16 B) where the
// address is a multiple of it. nvcc 13.0, sm_90, this kernel's SASS
// (docs/compiler-effects.md, "Struct copies in shared memory"): STS.128 for
// F4, STS.64 for F2, three STS for F3 (12 B: offsets only 4-aligned), three
// STS.64 for F6 (24 B), four STS for Outer::p (at 20*i + 4), LDS.128 for
// the F4 read whole and four LDS for Outer::p; the global side stays 4 x
// LDG.E (a pointer carries only the type's 4-byte alignment).
struct F4 { float x, y, z, w; };
struct F2 { float x, y; };
struct F3f { float x, y, z; };
struct F6 { float v[6]; };
struct Outer { float pad; F4 p; };

__global__ void shared_copies(const F4 *b4, const F2 *b2, const F3f *b3,
                              const F6 *b6, F4 *out) {
  int i = threadIdx.x;
  __shared__ F4 s4[32];
  __shared__ F2 s2[32];
  __shared__ F3f s3[32];
  __shared__ F6 s6[32];
  __shared__ Outer so[32];
  // One 16-B request: 4 quarter-warp phases, each 8 lanes x 16 B = 128
  // contiguous bytes on all 32 banks once: 4 wavefronts, the ideal.
  s4[i] = b4[i];
  // One 8-B request: 2 half-warp phases of 16 x 8 B contiguous: 2, ideal.
  s2[i] = b2[i];
  // 3 requests of 4 B, lane j at word 3j + k: 3 is odd, so the 32 lanes
  // hit 32 banks: 1 wavefront each.
  s3[i] = b3[i];
  // 3 requests of 8 B at words 6j + 2k: in a half-warp, 6j mod 32 for
  // j = 0..15 are 16 distinct even banks, and their next words the odd
  // ones: 1 wavefront per half, 2 per request, the ideal.
  s6[i] = b6[i];
  // 4 requests of 4 B at words 5j + 1 + k: 5 is odd, 32 banks: 1 each.
  so[i].p = b4[i];
  __syncthreads();
  // Read whole, every field used: as the stores, one 16-B request of 4
  // wavefronts, and 4 requests of 1 for Outer::p. (Where only some fields
  // are used, nvcc loads only those; that is not modelled.)
  F4 v = s4[31 - i];
  F4 u = so[31 - i].p;
  out[i].x = v.x + v.y + v.z + v.w + u.x + u.y + u.z + u.w;
  // Read back, so that nvcc keeps the stores above.
  out[i].y = s2[31 - i].y + s3[31 - i].z + s6[31 - i].v[5];
}

// The same F4 copy at a row offset the compiler cannot prove aligned
// (`threadIdx.x * m` floats, m a parameter the launch leaves unknown):
// nvcc emits four STS (docs/compiler-effects.md). m is sampled at 4096
// (all 32 lanes in one bank for each piece: 32 wavefronts) and 4097 (bank
// t + k: 1), a mean of 16.5; 4 pieces in each sample's warp, 8 in all.
__global__ void paramCopy(const F4 *g, float *out, int m) {
  __shared__ float s[1 << 14];
  *reinterpret_cast<F4 *>(&s[threadIdx.x * m]) = g[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  copies<<<1, 32>>>(0, 0, 0, 0, 0, 0, 0, 0);
  shared_copies<<<1, 32>>>(0, 0, 0, 0, 0);
  paramCopy<<<1, 32>>>(0, 0, argc);
}

// CHECK-LABEL: kernel copies
// CHECK: summary access 22:3 global store 16B requests=3 sectors=32 ideal=16 confidence=exact
// CHECK-NEXT: summary access 22:12 global load 16B requests=3 sectors=32 ideal=16 confidence=exact
// CHECK-NEXT: summary access 24:3 global store 8B requests=6 sectors=32 ideal=8 confidence=exact
// CHECK-NEXT: summary access 24:11 global load 8B requests=6 sectors=32 ideal=8 confidence=exact
// CHECK-NEXT: summary access 26:3 global store 4B requests=12 sectors=32 ideal=4 confidence=exact
// CHECK-NEXT: summary access 26:11 global load 4B requests=12 sectors=32 ideal=4 confidence=exact
// CHECK-NEXT: summary access 29:3 global store 4B requests=3 sectors=12 ideal=4 confidence=exact
// CHECK-NEXT: summary access 29:11 global load 4B requests=3 sectors=12 ideal=4 confidence=exact
// CHECK-NEXT: summary access 33:3 shared store 16B requests=3 wavefronts=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 33:10 global load 16B requests=3 sectors=32 ideal=16 confidence=exact

// CHECK-LABEL: kernel shared_copies
// CHECK: summary access 61:3 shared store 16B requests=1 wavefronts=4 ideal=4 confidence=exact
// CHECK: summary access 63:3 shared store 8B requests=1 wavefronts=2 ideal=2 confidence=exact
// CHECK: summary access 66:3 shared store 4B requests=3 wavefronts=1 ideal=1 confidence=exact
// CHECK: summary access 70:3 shared store 8B requests=3 wavefronts=2 ideal=2 confidence=exact
// CHECK: summary access 72:3 shared store 4B requests=4 wavefronts=1 ideal=1 confidence=exact
// CHECK: summary access 77:10 shared load 16B requests=1 wavefronts=4 ideal=4 confidence=exact
// CHECK: summary access 78:10 shared load 4B requests=4 wavefronts=1 ideal=1 confidence=exact

// CHECK-LABEL: kernel paramCopy
// CHECK: summary access {{[0-9]+}}:3 shared store 4B requests=8 wavefronts=16.5 ideal=1 confidence=range
