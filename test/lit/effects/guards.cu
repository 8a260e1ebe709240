// Whole-body guards compile to a predicated EXIT, not a branch (SASS for
// each shape in docs/compiler-effects.md: nvcc 13.0, -arch=sm_90). The
// lanes leaving the kernel split no branch, so no divergence is reported;
// the source-level split stays in the summary and the JSON.
// Launch: 4 blocks of 256 threads, n = 1000: warp 7 of the last block holds
// i = 992..1023, so `i < n` splits it 8/24 (1 warp of the 24 evaluated in
// blocks 0, 3 and 2: 0.0416667); every other warp is whole.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --config='{CheckOptions: {cuda-divergent-branch.ReportLikelyPredicated: true}}' %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

// The guard is the last statement: `@P0 EXIT` at its line.
__global__ void guardLast(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}

// Early exit at the top: `@P0 EXIT`, also with a loop after it.
__global__ void earlyReturn(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0;
  for (int k = 0; k < m; ++k)
    s += a[k * n + i];
  c[i] = s;
}

// A __syncthreads() inside the guarded tail does not stop the EXIT.
__global__ void guardSync(const float *a, float *c, int n) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    t[threadIdx.x] = a[i];
    __syncthreads();
    c[i] = t[255 - threadIdx.x];
  }
}

// The final `if (tid == 0)` store of a reduction: `@P0 EXIT` (1/31 split).
__global__ void tailStore(const float *a, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = a[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// Not exits: an exit arm with a loop (@!P0 BRA around it), a guard that
// code follows (BSSY / @P0 BRA / BSYNC), and an if/else (its short arms
// stay under the size heuristic: likely predicated, still warned).
__global__ void stillBranches(const float *a, float *c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    for (int k = 0; k < m; ++k)
      c[k * 1024 + i] = 0.0f;
    return;
  }
  if (i < n - 8) {
    float s = 0;
    for (int k = 0; k < m; ++k)
      s += a[k * 1024 + i];
    c[i] = s;
  }
  c[i + 4096] = 1.0f;
  if (i < n - 16) {
    c[i] = a[i] * 3.0f;
  } else {
    c[i] = a[i + 5] + 2.0f;
  }
}

int main() {
  guardLast<<<4, 256>>>(0, 0, 0, 1000);
  earlyReturn<<<4, 256>>>(0, 0, 1000, 4);
  guardSync<<<4, 256>>>(0, 0, 1000);
  tailStore<<<4, 256>>>(0, 0);
  stillBranches<<<4, 256>>>(0, 0, 1000, 4);
}

// CHECK-LABEL: kernel guardLast
// CHECK: summary branch 15:3 if divergent divergent-warps=0.0416667 split=8/24 likely-predicated predicated-exit
// CHECK-LABEL: kernel earlyReturn
// CHECK: summary branch 23:3 if divergent divergent-warps=0.0416667 split=24/8 likely-predicated predicated-exit
// The loop's trip count m = 4 is the same for every lane: uniform.
// CHECK: summary branch 26:3 for uniform
// CHECK-LABEL: kernel guardSync
// CHECK: summary branch 35:3 if divergent divergent-warps=0.0416667 split=8/24 likely-predicated predicated-exit
// CHECK-LABEL: kernel tailStore
// Lane 0 of warp 0 only: 1 of 8 warps per block splits 1/31.
// CHECK: summary branch 47:3 if divergent divergent-warps=0.125 split=1/31 likely-predicated predicated-exit
// CHECK-LABEL: kernel stillBranches
// CHECK: summary branch 56:3 if divergent divergent-warps=0.0416667 split=24/8{{$}}
// i < n - 8 = 992: warps are whole (block 3 warp 7 has only its 8 lanes
// 992..999 left, all false): warp-uniform, no warning.
// CHECK: summary branch 61:3 if warp-uniform divergent-warps=0 split=32/0{{$}}
// i < n - 16 = 984: block 3 warp 6 (i = 960..991) splits 24/8; short
// straight-line arms: likely predicated.
// CHECK: summary branch 68:3 if divergent divergent-warps=0.0416667 split=24/8 likely-predicated{{$}}

// No divergence warning for any predicated exit; the two divergent
// branches of stillBranches keep theirs.
// WARN-NOT: guards.cu:15:3: warning
// WARN-NOT: guards.cu:23:3: warning
// WARN-NOT: guards.cu:35:3: warning
// WARN-NOT: guards.cu:47:3: warning
// WARN: guards.cu:56:7: warning: branch if diverges
// WARN-NOT: guards.cu:61:3: warning
// WARN: guards.cu:68:7: warning: branch if diverges

// JSON: "name": "guardLast"
// JSON: "classification": "divergent",
// JSON-NEXT: "column": 3,
// JSON-NEXT: "compiled_as": "predicated-exit",
// JSON-NEXT: "depends_on_samples": false,
// JSON-NEXT: "divergent_warp_fraction": 0.041666666666666664,
// JSON: "lane_split": "8/24",
// JSON-NEXT: "likely_predicated": true,
