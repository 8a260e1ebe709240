// Branch granularity, 256 threads = 8 warps per block.
// - tid / 32 > 2: constant within each warp (warps 0-2 false, 3-7 true):
//   warp-uniform, no warp diverges.
// - tid > 2: only warp 0 splits (lanes 3..31 taken, 0..2 not): 1/8 of warps,
//   split 29/3.
// - tid % 2: every warp splits 16/16; the bodies are tiny and touch no
//   memory, so the compiler will likely predicate them (gpu-facts.md: zero
//   divergent branch targets measured for such a branch).
// - k < (tid & 3): the trip count depends on the lane (0..3): every warp
//   splits; in the first iteration lanes with tid & 3 == 0 leave (24/8).
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void branches(float *a) {
  int tid = threadIdx.x;
  float v = a[tid];
  if (tid / 32 > 2)
    a[tid] = 1.0f;
  if (tid > 2)
    a[tid] = 2.0f;
  if (tid % 2 == 0)
    v = v * v + 1.0f;
  else
    v = v * 0.5f - 1.0f;
  for (int k = 0; k < (tid & 3); ++k)
    v += 1.0f;
  a[tid] = v;
}

int main() { branches<<<4, 256>>>(0); }

// CHECK: summary branch 17:3 if warp-uniform divergent-warps=0
// CHECK: summary branch 19:3 if divergent divergent-warps=0.125 split=29/3
// CHECK: summary branch 21:3 if divergent divergent-warps=1 split=16/16 likely-predicated
// CHECK: summary branch 25:3 for divergent divergent-warps=1 split=24/8

// JSON: "classification": "warp-uniform",
// JSON: "classification": "divergent",
// JSON-NEXT: "column": 3,
// JSON-NEXT: "compiled_as": "predicated",
// JSON-NEXT: "depends_on_samples": false,
// JSON-NEXT: "divergent_warp_fraction": 0.125,
