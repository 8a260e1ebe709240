// Constructs the interpreter does not follow never crash it and never get a
// made-up number: the access is `unknown` with a reason, or the construct is
// listed as unsupported.
// RUN: %cal --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

struct Node { float *data; Node *next; };

__device__ int recurse(int x) { return x <= 0 ? 0 : 1 + recurse(x - 1); }
__device__ int twice(int x) { return 2 * x; }

__global__ void odd(float **tables, Node *list, float *out, int n) {
  int t = threadIdx.x;
  // A pointer loaded from memory, one per lane: its target is unknown.
  float *row = tables[t];
  out[t] = row[t];
  // Pointer chasing through a struct, the same pointers in every lane:
  // followed as global buffers (interpreter/loaded-pointers.cu).
  out[t] += list->next->data[t];
  // A reference to a local is followed: out[r] is out[t], 4 sectors.
  int &r = t;
  out[r] = 1.0f;
  // A call through a function pointer.
  int (*f)(int) = twice;
  out[f(t)] = 2.0f;
  // goto.
  if (t > 1000)
    goto done;
  out[t + 1] = 3.0f;
done:
  // Recursion stops at the inlining depth limit.
  out[recurse(t)] = 4.0f;
  asm volatile("" ::: "memory");
}

int main() { odd<<<2, 32>>>(0, 0, 0, 8); }

// The pointer `row` was loaded from memory: its target, and so its memory
// space, is unknown; the access is kept out of the global totals.
// CHECK: "reason": "memory space unknown: the pointer's target is unknown (value loaded from memory at {{.*}}unsupported.cu:16:16)",
// CHECK-NEXT: "sectors_per_request": null,
// CHECK-NEXT: "space": "unknown",
// CHECK: "line": 23,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK: "reason": "address depends on indirect call at {{.*}}unsupported.cu:26:7",
// out[t + 1]: contiguous, one float past a sector boundary: 5 sectors.
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 5,
// CHECK: "reason": "address depends on call depth limit reached at {{.*}}unsupported.cu:10:57",
// CHECK: "unsupported": [
// CHECK-NEXT: "call to a function pointer or lambda at {{.*}}unsupported.cu:26:7 is not followed; accesses inside it are not counted",
// CHECK-NEXT: "call to 'recurse' at {{.*}}unsupported.cu:10:57 is past the inlining depth limit; accesses inside it are not counted",
// CHECK-NEXT: "inline asm at {{.*}}unsupported.cu:34:3 ('') may access memory; its accesses are not counted"

// TEXT: 17:12: remark: cannot predict this load (memory space unknown): the pointer's target is unknown (value loaded from memory at {{.*}}unsupported.cu:16:16) [cuda-unknown-access]
