// A divergence warning states its cost: what a divergent warp pays, as the
// analyzer counts it while running the warp. The counting rule: a
// statement is an expression statement, a declaration that initialises a
// variable, a `return` of a value or an inline asm, counted each time it
// runs (loop iterations included); tests, `for` headers, `break`,
// `continue` and `return;` are not counted. An if/else runs both arms in
// turn, so the shorter arm's statements are serialised; an `if` without
// else runs its arm with the other lanes idle; a loop runs some lanes for
// more iterations than others (the most minus the fewest trip count over
// the warp's lanes). Every kernel runs one block of 64 threads: two warps.
// Each arm below holds a loop, so that nvcc keeps a real branch (arms of
// short straight-line code are predicated, and the finding is a note).
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %cal --format=json --kernel=bothArms %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --format=json --kernel=tripCounts %s | FileCheck %s --check-prefix=LOOP
// RUN: %cal --format=sarif --kernel=bothArms %s | FileCheck %s --check-prefix=SARIF

// Lanes split 16/16 (even lanes take the branch) in both warps. Then arm:
// the loop's body runs 4 times (4 statements; the header is not counted),
// then `b[t] = 2.0f` (1): 5. Else arm: the declaration with its
// initialiser (1), two stores (2): 3. The shorter arm is the else, 3
// statements, once per warp.
__global__ void bothArms(float *a, float *b) {
  int t = threadIdx.x;
  if (t % 2 == 0) {
    for (int k = 0; k < 4; ++k)
      a[k * 64 + t] += 1.0f;
    b[t] = 2.0f;
  } else {
    float y = a[t] * 3.0f;
    b[t] = y;
    a[t] = 0.0f;
  }
}
// TEXT: cost.cu:[[@LINE-10]]:7: warning: branch if diverges in 100% of warps (first split: 16/16 lanes taken/not taken); a divergent warp runs both arms in turn: the 3 statements of the shorter arm (else) are serialised [cuda-divergent-branch]
// JSON: "check": "cuda-divergent-branch",
// JSON-NEXT: "column": 7,
// JSON-NEXT: "cost": {
// JSON-NEXT: "arm": "else",
// JSON-NEXT: "arms": {
// JSON-NEXT: "else": {
// JSON-NEXT: "max": 3,
// JSON-NEXT: "mean": 3,
// JSON-NEXT: "min": 3
// JSON-NEXT: },
// JSON-NEXT: "then": {
// JSON-NEXT: "max": 5,
// JSON-NEXT: "mean": 5,
// JSON-NEXT: "min": 5
// JSON-NEXT: }
// JSON-NEXT: },
// The cost's time members (the issue slots spent on idle lanes,
// costs/issue.cu) come between the statement counts.
// JSON: "kind": "both-arms",
// JSON-NEXT: "lanes_leave": false,
// JSON: "lower_bound": false,
// JSON-NEXT: "per_divergent_warp": 3,
// JSON-NEXT: "per_split": {
// JSON-NEXT: "max": 3,
// JSON-NEXT: "mean": 3,
// JSON-NEXT: "min": 3
// JSON-NEXT: },
// JSON: "splits_per_divergent_warp": 1,
// JSON: "unit": "statements"
// JSON-NEXT: },
// SARIF: "properties": {
// SARIF-NEXT: "cost": {
// SARIF-NEXT: "arm": "else",
// SARIF: "kind": "both-arms",
// SARIF: "ruleId": "cuda-divergent-branch"

// Lanes 0..7 of each warp take it: 8/24. No else, and code follows the
// `if`, so it is a branch (not a predicated exit). The arm: the loop's
// body 6 times (6), then `a[t] *= 0.5f` (1): 7 statements, run with the 24
// other lanes idle.
__global__ void idleArm(float *a) {
  int t = threadIdx.x;
  if (t % 32 < 8) {
    for (int k = 0; k < 6; ++k)
      a[k * 64 + t] += 1.0f;
    a[t] *= 0.5f;
  }
  a[t + 1024] = 0.0f;
}
// TEXT: cost.cu:[[@LINE-7]]:7: warning: branch if diverges in 100% of warps (first split: 8/24 lanes taken/not taken); a divergent warp runs the arm's 7 statements with the other lanes idle [cuda-divergent-branch]

// The branch splits 16/16 in each of the 4 iterations of a uniform loop.
// Then arm: the inner loop's body twice (2); else arm: one store (1). The
// shorter arm is the else, 1 statement per split; 4 splits per warp make
// 4 x 1 = 4 statements per divergent warp.
__global__ void repeated(float *a) {
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    if (t % 2 == 0) {
      for (int j = 0; j < 2; ++j)
        a[j * 64 + t] += 1.0f;
    } else {
      a[t] = 0.0f;
    }
  }
}
// TEXT: cost.cu:[[@LINE-8]]:9: warning: branch if diverges in 100% of warps (first split: 16/16 lanes taken/not taken); a divergent warp runs both arms in turn: the 1 statement of the shorter arm (else) is serialised, 4 statements per divergent warp over 4 splits [cuda-divergent-branch]

// Lane t runs t % 8 + 1 iterations (k = 0 .. t % 8): 1 to 8 in every
// warp, so some lanes run 8 - 1 = 7 iterations more than others. The first
// test (k = 0) is true for all 32 lanes; the second (k = 1) is false for
// the 4 lanes with t % 8 == 0: the first split is 28/4.
__global__ void tripCounts(float *a) {
  int t = threadIdx.x;
  for (int k = 0; k <= t % 8; ++k)
    a[k * 64 + t] = 1.0f;
}
// TEXT: cost.cu:[[@LINE-3]]:{{[0-9]+}}: warning: loop test of for diverges in 100% of warps (first split: 28/4 lanes taken/not taken); some lanes of a divergent warp run 7 iterations more than the others, which wait idle (trip counts 1 to 8 in the first split) [cuda-divergent-branch]
// LOOP: "cost": {
// LOOP-NEXT: "first_split_trips": {
// LOOP-NEXT: "max": 8,
// LOOP-NEXT: "min": 1
// LOOP-NEXT: },
// LOOP-NEXT: "kind": "extra-iterations",
// LOOP-NEXT: "lower_bound": false,
// LOOP-NEXT: "per_divergent_warp": 7,
// LOOP-NEXT: "per_split": {
// LOOP-NEXT: "max": 7,
// LOOP-NEXT: "mean": 7,
// LOOP-NEXT: "min": 7
// LOOP-NEXT: },
// LOOP-NEXT: "splits_per_divergent_warp": 1,
// LOOP-NEXT: "unit": "iterations"
// LOOP-NEXT: },

// The trip count differs between the warps: lane l of warp w runs
// (l % 4) * (w + 1) + 1 iterations. Warp 0: 1 to 4, 3 more for some lanes;
// warp 1: 1 to 7, 6 more. Per split 3 to 6, mean (3 + 6) / 2 = 4.50. The
// first split is warp 0's second test: the 8 lanes with l % 4 == 0 leave,
// 24/8.
__global__ void tripsPerWarp(float *a) {
  int t = threadIdx.x;
  for (int k = 0; k <= (t % 4) * (t / 32 + 1); ++k)
    a[k * 64 + t] = 1.0f;
}
// TEXT: cost.cu:[[@LINE-3]]:{{[0-9]+}}: warning: loop test of for diverges in 100% of warps (first split: 24/8 lanes taken/not taken); some lanes of a divergent warp run 3 to 6 (mean 4.50) iterations more than the others, which wait idle (trip counts 1 to 4 in the first split) [cuda-divergent-branch]

// Odd lanes leave the iteration at once: the arm runs no statement
// (`continue` is not one), and its lanes wait while the even lanes store.
__global__ void leave(float *a) {
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    if (t % 2 == 1)
      continue;
    a[k * 64 + t] = 1.0f;
  }
}
// TEXT: cost.cu:[[@LINE-5]]:9: warning: branch if diverges in 100% of warps (first split: 16/16 lanes taken/not taken); the lanes that take it leave (return, break or continue) and wait for the rest of the warp, for a time not counted [cuda-divergent-branch]

void host(float *a, float *b) {
  bothArms<<<1, 64>>>(a, b);
  idleArm<<<1, 64>>>(a);
  repeated<<<1, 64>>>(a);
  tripCounts<<<1, 64>>>(a);
  tripsPerWarp<<<1, 64>>>(a);
  leave<<<1, 64>>>(a);
}
// TEXT: 6 warnings
