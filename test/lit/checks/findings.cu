// Each check's text output: the warning with its check id, its notes, and
// the exit code with --fail-on-findings. The silent cases (coalesced,
// conflict-free, warp-uniform, uniform loop, broadcast) are grouped at the
// end and must produce nothing. The divergent branch's body is short enough
// to be predicated, so it is shown only with ReportLikelyPredicated
// (cuda-divergent-branch.cu has the default).
// RUN: %cal --sort=location --config='{CheckOptions: {cuda-divergent-branch.ReportLikelyPredicated: true}}' %s > %t.txt; FileCheck %s < %t.txt
// RUN: sh -c '%cal --sort=location --fail-on-findings %s > /dev/null; test $? -eq 1'
// RUN: %cal --sort=location --kernel=silent --format=json %s | FileCheck %s --check-prefix=SILENT
// RUN: %cal --sort=location --kernel=silent %s | count 0
// RUN: %cal --sort=location --kernel=silent --fail-on-findings %s

__global__ void divergent(float *a) {
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    if (t % 4 == 0)
      a[t * 8 + k] = a[t + k] * 2.0f;
}

// One store (1 statement) with 24 lanes idle, in each of the 4 iterations:
// 4 statements per warp.
// CHECK: findings.cu:[[@LINE-6]]:9: warning: branch if diverges in 100% of warps (first split: 8/24 lanes taken/not taken); a divergent warp runs the arm's 1 statement with the other lanes idle, 4 statements per divergent warp over 4 splits [cuda-divergent-branch]
// CHECK-NEXT: {{[0-9]+}} | if (t % 4 == 0)
// CHECK: note: in kernel 'divergent', host launch at {{.*}}findings.cu:{{[0-9]+}}:3 with grid (1,1,1) and block (64,1,1)
// CHECK: note: fix: regroup work so that the condition changes only every 32 threads (a multiple of warpSize), e.g. test (tid / 32) rather than tid
// 8 lanes (0, 4, ..., 28) storing 4 bytes 128 B apart: 8 sectors, where
// 32 B = 1 sector would do.
// CHECK: findings.cu:[[@LINE-11]]:7: warning: global store touches 8 sectors per request where 1 would do (8x the bytes moved) [cuda-uncoalesced-global]

__global__ void silent(float *out, const float *in, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = in[i];
  __syncthreads();
  if (t / 32 > 0)
    out[i] = s[t] + s[0];
  for (int k = 0; k < 8; ++k)
    out[i] += in[k];
}

void host(float *a, const float *b) {
  divergent<<<1, 64>>>(a);
  silent<<<8, 256>>>(a, b, 2048);
}

// Not even a note for the silent kernel.
// SILENT: "findings": [],
