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

int main() { copies<<<1, 32>>>(0, 0, 0, 0, 0, 0, 0, 0); }

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
