// Sectors per request as a function of an unknown size (ClosedForm.cpp):
// the rule the sampled figures follow, checked here against the
// interpreter's own figures at several values given with --param.

// 16 x 16 blocks: a warp is two rows of 16 floats, 64 bytes each, which
// span 2 sectors when the row starts on a 32-byte boundary and 3 when not.
// Row y starts at byte 4*y*w: on a boundary when y*w = 0 mod 8.
// - w = 0 mod 8: every row aligned, 2 + 2 = 4.
// - w = 4 mod 8: every other row (y*w mod 8 is 0, 4, 0, 4 ...): 2.5 a row,
//   5 a warp.
// - w = 2 or 6 mod 8: one row in four (0, 2, 4, 6 ...): 2.75 a row, 5.5.
// - w odd: one row in eight: 2.875 a row, 5.75 a warp.
__global__ void rows(float *o, const float *i, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  o[y * w + x] = i[y * w + x];
}

// in[i * s]: lanes 4*s bytes apart. Below 32 bytes apart the 32 lanes
// span 4*s*31 + 4 bytes from an aligned start, ceil((124*s + 4) / 32) =
// 4*s sectors for s = 1..7 (4*s*32 - (4*s - 4) bytes: the last sector is
// reached); from s = 8 on each lane has its own sector: min(32, 4*s).
__global__ void strided(float *o, const float *in, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = in[i * s];
}

// s[t * k] over 4-byte words: lane t's bank is (t * k) mod 32, so the 32
// lanes fall in 32 / gcd(k, 32) banks, gcd(k, 32) lanes each: gcd(k, 32)
// wavefronts, which depends on k mod 32 only (32 for k = 0 mod 32, 16 for
// 16, 8 for 8 and 24, 4 for 4, 12, 20, 28, 2 for the other even residues,
// 1 for odd k).
__global__ void strideK(float *out, int k) {
  __shared__ float sh[32 * 128];
  sh[threadIdx.x * k] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = sh[threadIdx.x];
}

void host(float *o, const float *i, int w, int s, int k) {
  rows<<<dim3(w / 16, w / 16), dim3(16, 16)>>>(o, i, w);
  strided<<<1024, 256>>>(o, i, s);
  strideK<<<1, 32>>>(o, k);
}

// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "closed_form": {
// JSON-NEXT: "cases": [
// JSON-NEXT: {
// JSON-NEXT: "residues": [
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: "sectors_per_request": 4
// JSON: "residues": [
// JSON-NEXT: 2,
// JSON-NEXT: 6
// JSON-NEXT: ],
// JSON-NEXT: "sectors_per_request": 5.5
// JSON: "residues": [
// JSON-NEXT: 4
// JSON-NEXT: ],
// JSON-NEXT: "sectors_per_request": 5
// JSON: "residues": [],
// JSON-NEXT: "sectors_per_request": 5.75
// JSON: "checked": "w = 64..127 and 4096..4159",
// JSON-NEXT: "modulus": 8,
// JSON-NEXT: "parameter": "w",
// JSON-NEXT: "text": "4 when w mod 8 = 0; 5.5 when w mod 8 is 2 or 6; 5 when w mod 8 = 4; 5.75 otherwise"
// JSON: "checked": "s = 1..40",
// JSON-NEXT: "parameter": "s",
// JSON-NEXT: "text": "min(32, 4*s)"

// JSON: "wavefronts_per_request": 32
// JSON: "text": "32 when k mod 32 = 0; 2 when k mod 32 is 2, 6, 10, 14, 18, 22, 26 or 30; 4 when k mod 32 is 4, 12, 20 or 28; 8 when k mod 32 is 8 or 24; 16 when k mod 32 = 16; 1 otherwise"

// The finding's note.
// RUN: %cal %s | FileCheck %s --check-prefix=TEXT
// TEXT: note: sectors per request as a function of s: min(32, 4*s) (full warps; found at s = 1..40)

// The interpreter at values the rule names, one of each case (the store
// on line 16 is the second access of `rows`): 4104 = 0 mod 8, 4100 = 4,
// 4098 = 2, 4097 odd; s = 3, 5 and 9.
// RUN: %cal --format=json --kernel=rows --param w=4104 %s | FileCheck %s --check-prefix=W0
// W0: "line": 16,
// W0: "sectors_per_request": {
// W0-NEXT: "max": 4,
// W0-NEXT: "mean": 4,
// RUN: %cal --format=json --kernel=rows --param w=4100 %s | FileCheck %s --check-prefix=W4
// W4: "line": 16,
// W4: "sectors_per_request": {
// W4-NEXT: "max": 5,
// W4-NEXT: "mean": 5,
// RUN: %cal --format=json --kernel=rows --param w=4098 %s | FileCheck %s --check-prefix=W2
// W2: "line": 16,
// W2: "sectors_per_request": {
// W2-NEXT: "max": 6,
// W2-NEXT: "mean": 5.5,
// RUN: %cal --format=json --kernel=rows --param w=4097 %s | FileCheck %s --check-prefix=W1
// W1: "line": 16,
// W1: "sectors_per_request": {
// W1-NEXT: "max": 6,
// W1-NEXT: "mean": 5.75,
// RUN: %cal --format=json --kernel=strided --param s=3 %s | FileCheck %s --check-prefix=S3
// S3: "column": 10,
// S3: "mean": 12,
// RUN: %cal --format=json --kernel=strided --param s=5 %s | FileCheck %s --check-prefix=S5
// S5: "column": 10,
// S5: "mean": 20,
// RUN: %cal --format=json --kernel=strided --param s=9 %s | FileCheck %s --check-prefix=S9
// S9: "column": 10,
// S9: "mean": 32,
// The store sh[t * k] at k = 96 (0 mod 32), 8, 6 and 5.
// RUN: %cal --format=json --kernel=strideK --param k=96 %s | FileCheck %s --check-prefix=K96
// K96: "wavefronts_per_request": {
// K96-NEXT: "max": 32,
// RUN: %cal --format=json --kernel=strideK --param k=8 %s | FileCheck %s --check-prefix=K8
// K8: "wavefronts_per_request": {
// K8-NEXT: "max": 8,
// RUN: %cal --format=json --kernel=strideK --param k=6 %s | FileCheck %s --check-prefix=K6
// K6: "wavefronts_per_request": {
// K6-NEXT: "max": 2,
// RUN: %cal --format=json --kernel=strideK --param k=5 %s | FileCheck %s --check-prefix=K5
// K5: "wavefronts_per_request": {
// K5-NEXT: "max": 1,
