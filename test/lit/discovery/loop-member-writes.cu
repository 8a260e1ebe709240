// Launch configurations set member by member inside loops, as Rodinia's
// needle.cu does: `dim3 grid;` before two loops, each writing grid.x and
// grid.y before its launch. A definition in the launch's own loop body,
// before the launch, is the value there: writes in the other loop run
// before it (and are overwritten) or after it (in source and in time).
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void k1(float *a) { a[blockIdx.x * 16 + threadIdx.x] = 0; }
__global__ void k2(float *a) { a[blockIdx.x * 16 + threadIdx.x] = 1; }
__global__ void k3(float *a) { a[threadIdx.x] = 2; }

void run(float *a, int w) {
  dim3 grid;
  dim3 block(16, 1);
  for (int i = 1; i <= w; i++) {
    grid.x = i;
    grid.y = 1;
    k1<<<grid, block>>>(a);
  }
  for (int i = w - 1; i >= 1; i--) {
    grid.x = i;
    grid.y = 1;
    k2<<<grid, block>>>(a);
  }
  // grid.z was never written: still dim3's default 1. x is the loop's
  // counter, y is 1 from the statement before each launch. run's only call,
  // run(0, 8), makes w = 8: k1's loop takes i = 1..8, k2's i = 7..1, one
  // launch of the set each.
  // CHECK: kernel 'k1'
  // CHECK-NEXT: launch at {{.*}}:19:5 in run(): grid (1, 1, 1) block (16, 1, 1)
  // CHECK-NEXT: set member: i = 1: value 1 of 8 of the loop at {{.*}}:16:3
  // CHECK: launch at {{.*}}:19:5 in run(): grid (8, 1, 1) block (16, 1, 1)
  // CHECK-NEXT: set member: i = 8: value 8 of 8 of the loop
  // CHECK: kernel 'k2'
  // CHECK-NEXT: launch at {{.*}}:24:5 in run(): grid (7, 1, 1) block (16, 1, 1)
  // CHECK-NEXT: set member: i = 7: value 1 of 7 of the loop at {{.*}}:21:3
  // CHECK: grid (1, 1, 1) block (16, 1, 1)
  // CHECK-NEXT: set member: i = 1: value 7 of 7 of the loop

  // A definition before the loop does not kill a write after the launch
  // inside the loop: in the second iteration y is 4.
  dim3 g3;
  g3.y = 2;
  for (int i = 0; i < w; i++) {
    k3<<<g3, 32>>>(a);
    g3.y = 4;
  }
  // CHECK: kernel 'k3'
  // CHECK-NEXT: launch at {{.*}}:46:5 in run(): grid (1, ?, 1) from `g3`
}

int main() { run(0, 8); }

// The first member of k1's set is analysed with its own grid, x = 1 (never
// the declaration's default, never a sample), and says which value it is.
// JSON: "launch": {
// JSON-NEXT: "arguments": {},
// JSON-NEXT: "assumed": false,
// JSON-NEXT: "block": [
// JSON-NEXT: 16,
// JSON: "grid": [
// JSON-NEXT: 1,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON: "grid_unknown": [
// JSON-NEXT: false,
// JSON-NEXT: false,
// JSON-NEXT: false
// JSON: "set_choices": [
// JSON-NEXT: "i = 1: value 1 of 8 of the loop at {{.*}}loop-member-writes.cu:16:3"
// JSON: "name": "k1"
