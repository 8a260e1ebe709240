// Loads nvcc serves from registers and stores it drops are not issued, so
// they are not counted (SASS of each shape in docs/compiler-effects.md:
// nvcc 13.0, -arch=sm_90). Each kernel's requests are per evaluated warp
// execution; `not-issued` lines count the executions dropped. The
// expected lines were checked against nvcc's SASS of this very file.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

#define N 64

// c is loaded once before the k-loop and kept in a register; a and b may
// alias c (no __restrict__), so each iteration still stores it (SASS "mm":
// one LDG of c, then LDG a, LDG b, FFMA, STG c per iteration).
// Block (32,8), grid (2,2): the launch sampling evaluates all 4 blocks,
// 8 warps each: 32 warps x 64 iterations.
__global__ void matmul(const float *a, const float *b, float *c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

// With __restrict__ on the loaded arrays the store sinks out of the loop
// as well (SASS "mm_ab_r": one LDG and one STG of c).
__global__ void matmulRestrict(const float *__restrict__ a,
                               const float *__restrict__ b, float *c) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

// Straight-line shapes, 2 warps of 32 lanes, 32 x 4 B contiguous = 4
// sectors for each access that is issued.
__global__ void straight(float *c, float *o, const int *idx) {
  int t = threadIdx.x;
  c[t] = 1.0f;
  o[t] = c[t];          // forwarded from the store above (s_then_l)
  float x = c[t + 64];
  float y = c[t + 64];  // the same element again: one LDG (l_l)
  o[t + 64] = x * y;    // may alias c: c is loaded again below (s_st_l)
  o[t + 128] = c[t + 64];
  c[t] = 2.0f;
  __syncthreads();      // reloaded after a barrier (s_sync_l)
  o[t + 192] = c[t];
  c[t + 128] = 3.0f;    // overwritten below, never read: dropped (s_s)
  c[t + 128] = 4.0f;
  c[idx[t]] = 5.0f;     // unknown element: c[t + 128] reloaded (s_dyn_elem_l)
  o[t + 256] = c[t + 128];
}

// A second pass over the same array is loaded again: a register holds a
// value only within the loop iteration or for a loop-invariant address
// (SASS "two_pass": the loads of both loops are issued).
__global__ void twoPass(const float *a, float *o, int n) {
  float m = 0, s = 0;
  for (int i = threadIdx.x; i < n; i += 64)
    m += a[i];
  for (int i = threadIdx.x; i < n; i += 64)
    s += a[i] * m;
  o[threadIdx.x] = s;
}

// A store under a branch is kept although the store after the branch
// overwrites it (SASS "cond_then": @!P0 STG, then STG); a load after a
// store under a branch runs for the lanes that did not store (SASS
// "fwd_cond": @P0 LDG): lanes with t % 4 >= 2, 16 of 32, in pairs 8 bytes
// apart every 16 bytes: 4 sectors where 2 would do.
__global__ void branchy(float *a, float *o) {
  int t = threadIdx.x;
  if (t % 4 < 2)
    a[t] = 1.0f;
  o[t] = a[t];
  a[t] = 2.0f;
}

int main() {
  dim3 block(32, 8), grid(2, 2);
  matmul<<<grid, block>>>(0, 0, 0);
  matmulRestrict<<<grid, block>>>(0, 0, 0);
  straight<<<1, 64>>>(0, 0, 0);
  twoPass<<<1, 64>>>(0, 0, 256);
  branchy<<<1, 64>>>(0, 0);
}

// CHECK-LABEL: kernel matmul
// CHECK: summary access 20:5 global load 4B requests=32 sectors=4
// CHECK: summary access 20:5 global store 4B requests=2048 sectors=4
// CHECK: summary access 20:21 global load 4B requests=2048
// CHECK: summary access 20:36 global load 4B requests=2048
// CHECK: summary not-issued 20:5 global load 4B executions=2016: the value is in a register, from the store at {{.*}}forwarding.cu:20:5
// CHECK-NOT: not-issued
// CHECK-LABEL: kernel matmulRestrict
// CHECK: summary access 30:5 global load 4B requests=32 sectors=4
// CHECK: summary access 30:5 global store 4B requests=32 sectors=4
// CHECK: summary not-issued 30:5 global load 4B executions=2016: the value is in a register, from the store at {{.*}}forwarding.cu:30:5
// CHECK: summary not-issued 30:5 global store 4B executions=2016: overwritten by the store at {{.*}}forwarding.cu:30:5 before anything reads it

// SASS of this kernel: STG at 38, 41, 42, 43, 45, 47, 48, 49; LDG at 39,
// 42, 45, 48 (idx), 49; nothing at 37, 40 or 46, none for c at 38.
// CHECK-LABEL: kernel straight
// CHECK-NOT: summary access 37:
// CHECK: summary access 38:3 global store 4B requests=2 sectors=4
// CHECK-NOT: summary access 38:10
// CHECK: summary access 39:13 global load 4B requests=2 sectors=4
// CHECK-NOT: summary access 40:
// CHECK: summary access 41:3 global store 4B requests=2 sectors=4
// CHECK: summary access 42:3 global store 4B requests=2 sectors=4
// CHECK: summary access 42:16 global load 4B requests=2 sectors=4
// CHECK: summary access 43:3 global store 4B requests=2 sectors=4
// CHECK: summary access 45:3 global store 4B requests=2 sectors=4
// CHECK: summary access 45:16 global load 4B requests=2 sectors=4
// CHECK-NOT: summary access 46:
// CHECK: summary access 47:3 global store 4B requests=2 sectors=4
// CHECK: summary access 48:3 global store 4B requests=2 confidence=unknown
// CHECK: summary access 48:5 global load 4B requests=2 sectors=4
// CHECK: summary access 49:3 global store 4B requests=2 sectors=4
// CHECK: summary access 49:16 global load 4B requests=2 sectors=4
// The store at 37 dies: the load of c[t + 64] at 39 cannot read it, and
// c[t] is written again at 43 with the same lanes.
// CHECK: summary not-issued 37:3 global store 4B executions=2: overwritten by the store at {{.*}}forwarding.cu:43:3 before anything reads it
// CHECK: summary not-issued 38:10 global load 4B executions=2: the value is in a register, from the store at {{.*}}forwarding.cu:37:3
// CHECK: summary not-issued 40:13 global load 4B executions=2: the value is in a register, from the load at {{.*}}forwarding.cu:39:13
// CHECK: summary not-issued 46:3 global store 4B executions=2: overwritten by the store at {{.*}}forwarding.cu:47:3 before anything reads it
// CHECK-NOT: not-issued

// 256 elements, 64 threads: 4 iterations of each loop, 2 warps: 8 requests
// per loop, none dropped.
// CHECK-LABEL: kernel twoPass
// CHECK: summary access 58:10 global load 4B requests=8 sectors=4
// CHECK: summary access 60:10 global load 4B requests=8 sectors=4
// CHECK-NOT: not-issued

// CHECK-LABEL: kernel branchy
// CHECK: summary access 72:5 global store 4B requests=2 sectors=4 ideal=2
// CHECK: summary access 73:3 global store 4B requests=2 sectors=4 ideal=4
// CHECK: summary access 73:10 global load 4B requests=2 sectors=4 ideal=2
// CHECK: summary access 74:3 global store 4B requests=2 sectors=4 ideal=4
// CHECK-NOT: not-issued

// JSON: "name": "matmul"
// JSON: "not_issued": [
// JSON-NEXT: {
// JSON-NEXT: "bytes_per_lane": 4,
// JSON-NEXT: "column": 5,
// 2016 executions over 32 warps = 63 per warp.
// JSON-NEXT: "executions_per_warp": 63,
// JSON-NEXT: "file": "{{.*}}forwarding.cu",
// JSON-NEXT: "kind": "load",
// JSON-NEXT: "line": 20,
// JSON-NEXT: "reason": "the value is in a register, from the store at {{.*}}forwarding.cu:20:5",
// JSON-NEXT: "space": "global"
