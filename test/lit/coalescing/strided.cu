// Sectors per request of `in[i * s]` for 4-byte floats. Lane i reads bytes
// [4*s*i, 4*s*i + 4) from a 256-byte-aligned base, so a warp spans 128*s
// bytes: sectors = min(32, 4*s) (one sector per lane once lanes are 32 bytes
// or more apart). The bytes needed are 32 lanes x 4 B = 4 sectors (ideal).
// gpu-facts.md measured 8, 12 and 32 for s = 2, 3 and >= 8.
// RUN: %cal --sort=location --dump=events %s | FileCheck %s
// RUN: %cal --sort=location %s | FileCheck %s --check-prefix=TEXT

__global__ void strided(float *out, const float *in, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}

int main() {
  float *a, *b;
  strided<<<16, 256>>>(a, b, 1);
  strided<<<16, 256>>>(a, b, 2);
  strided<<<16, 256>>>(a, b, 3);
  strided<<<16, 256>>>(a, b, 4);
  strided<<<16, 256>>>(a, b, 8);
  strided<<<16, 256>>>(a, b, 33);
}

// s = 1: contiguous, 128 B = 4 sectors; the store is contiguous too.
// CHECK-LABEL: kernel strided launch host-launch grid (16,1,1) block (256,1,1)
// CHECK: summary access 11:3 global store 4B requests={{[0-9]+}} sectors=4 ideal=4 confidence=exact
// CHECK: summary access 11:12 global load 4B requests={{[0-9]+}} sectors=4 ideal=4 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 11:12 global load 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 11:12 global load 4B {{.*}} sectors=12 ideal=4 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 11:12 global load 4B {{.*}} sectors=16 ideal=4 confidence=exact
// CHECK-LABEL: kernel strided
// CHECK: summary access 11:12 global load 4B {{.*}} sectors=32 ideal=4 confidence=exact
// s = 33: lanes 132 B apart, each in its own sector.
// CHECK-LABEL: kernel strided
// CHECK: summary access 11:12 global load 4B {{.*}} sectors=32 ideal=4 confidence=exact

// The text findings, with the fix for each pattern. Stride 2 and 4: a lane
// that also needs its neighbours' elements can take them in one 8- or
// 16-byte load; stride 3 would need 12 bytes, which is no single load.
// TEXT: 11:12: warning: global load touches 8 sectors per request where 4 would do (2x the bytes moved)
// TEXT: fix: if each lane also uses the 1 element(s) after this one, vectorize: one 8-byte load per lane (float2, int2) replaces 2 requests touching the same sectors
// TEXT: 11:12: warning: global load touches 12 sectors per request
// TEXT-NOT: vectorize
// TEXT: 11:12: warning: global load touches 16 sectors per request
// TEXT: vectorize: one 16-byte load per lane (float4, int4, double2) replaces 4 requests
// s = 8 and s = 33 give the same warning, reported once for both launches.
// TEXT: 11:12: warning: global load touches 32 sectors per request where 4 would do (8x the bytes moved)
// TEXT: note: the same in 1 more launch: {{.*}}strided.cu:{{[0-9]+}}:3 (grid (16,1,1))
// TEXT-NOT: warning
