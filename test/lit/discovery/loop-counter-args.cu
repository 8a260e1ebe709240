// A kernel argument that is the counter of a `for` loop around the launch
// (PolyBench's 3DConvolution launches once per plane i) takes the values
// the loop gives it: the analyzer evaluates its first and its last value
// instead of the large samples it uses for an unknown parameter, so guards
// such as `i < n - 1` hold as they do in the program.
// RUN: %cal --format=json %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=BODY

#define N 64
__global__ void plane(float *a, int i) {
  // Under the guard, lane t of the 32-thread block stores
  // a[i*32 + t]: 32 contiguous floats, 128 B aligned = 4 sectors.
  if (i > 0 && i < N - 1)
    a[i * 32 + threadIdx.x] = 0;
}

__global__ void other(float *a, int i) {
  if (i > 0 && i < N - 1)
    a[i * 32 + threadIdx.x] = 1;
}

void run(float *a) {
  // i runs 1, 2, ..., 62: first 1, last 62.
  for (int i = 1; i < N - 1; ++i)
    plane<<<1, 32>>>(a, i);
  // Stepping down by 3 from 60 while i >= 2: 60, 57, ..., 3 (last 3).
  int j;
  for (j = 60; j >= 2; j -= 3)
    plane<<<1, 32>>>(a, j);
  // Written in the body too: not a plain counter, so it stays unknown.
  for (int k = 0; k < 10; ++k) {
    other<<<1, 32>>>(a, k);
    k += 2;
  }
}

int main() { run(0); }

// CHECK: "parameter i unknown: evaluated with 1 and 62 (i: counter of the loop around the launch, 1 to 62)"
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK-NEXT: "mean": 4,
// CHECK-NEXT: "min": 4
// CHECK: "parameter i unknown: evaluated with 60 and 3 (i: counter of the loop around the launch, 60 to 3)"
// The third loop's k is also written in its body: sampled as any unknown
// parameter (4096, 4097), and the guard then fails in every warp.
// BODY: "name": "plane"
// BODY: "name": "plane"
// BODY: "parameter i unknown: evaluated with 4096 and 4097",
// BODY: "no evaluated warp reached a memory access
// BODY: "name": "other"
