// cuda-divergent-branch: a warning for a branch whose lanes disagree; a
// note when its bodies are short enough to be predicated, unless
// ReportLikelyPredicated; nothing for a warp-uniform test.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --config='{CheckOptions: {cuda-divergent-branch.ReportLikelyPredicated: true}}' %s 2>&1 | FileCheck %s --check-prefix=PRED
// RUN: %cal --explain cuda-divergent-branch | FileCheck %s --check-prefix=EXPLAIN

__global__ void branches(float *a, int n) {
  int t = threadIdx.x;
  // Even lanes take it, odd lanes do not: every warp splits 16/16. The body
  // holds a loop, so the compiler keeps a real branch. Its cost: the loop's
  // body runs n = 4 times, 4 statements, with the odd lanes idle.
  if (t % 2 == 0) {
    for (int k = 0; k < n; ++k)
      a[k * 64 + t] += 1.0f;
  }
  // TEXT: cuda-divergent-branch.cu:[[@LINE-4]]:7: warning: branch if diverges in 100% of warps (first split: 16/16 lanes taken/not taken); a divergent warp runs the arm's 4 statements with the other lanes idle [cuda-divergent-branch]
  // As clang does, the condition is underlined, not the whole statement.
  // TEXT-NEXT: if (t % 2 == 0) {
  // TEXT-NEXT: | ^~~~~~~~~~{{$}}
  // Lanes 0..7 of each warp (t % 32 < 8): split 8/24 in every warp; one
  // short store (1 statement) is predicated code, so a note by default.
  if (t % 32 < 8)
    a[t] = 0.0f;
  // JSON: "line": [[@LINE-2]],
  // JSON-NEXT: "message": "branch if diverges in 100% of warps (first split: 8/24 lanes taken/not taken); a divergent warp runs the arm's 1 statement with the other lanes idle",
  // JSON: "severity": "note"
  // PRED: cuda-divergent-branch.cu:[[@LINE-5]]:7: warning: branch if diverges in 100% of warps (first split: 8/24 lanes taken/not taken); a divergent warp runs the arm's 1 statement with the other lanes idle
  // PRED: note: the branch bodies are short straight-line code
  // t / 32 is the warp index: every lane of a warp agrees, no finding.
  if (t / 32 == 1)
    a[t + 64] = 1.0f;
}

void host(float *a) { branches<<<1, 64>>>(a, 4); }
// TEXT: 1 warning, 0 remarks (cuda-divergent-branch: 1); 1 below the checks' thresholds

// EXPLAIN: cuda-divergent-branch: branch or loop test splits a warp (warning)
// EXPLAIN: cuda-divergent-branch.ReportLikelyPredicated (default false)
