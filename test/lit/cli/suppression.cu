// NOLINT comments with clang-tidy's syntax, and --checks globs. Suppressed
// findings are not printed and not counted by --fail-on-findings, but the
// summary counts them.
// RUN: %cal --sort=location %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: sh -c '%cal --sort=location --fail-on-findings %s > /dev/null 2>&1; test $? -eq 1'

// One warp (block 32) of float stores a[t * S]: lanes 4*S bytes apart.
// The 32 x 4 B = 128 B the warp stores would fit in 4 sectors.
__global__ void strides(float *a) {
  int t = threadIdx.x;
  // S = 2: lanes 8 B apart span 256 B = 8 sectors. Reported.
  a[t * 2] = 0;
  // CHECK: suppression.cu:[[@LINE-1]]:3: warning: global store touches 8 sectors per request where 4 would do
  a[t * 2 + 1] = 0; // NOLINT
  // The glob names another check: reported. S = 4: 16 B apart, 512 B = 16
  // sectors.
  a[t * 4] = 0; // NOLINT(cuda-shared-*)
  // CHECK: suppression.cu:[[@LINE-1]]:3: warning: global store touches 16 sectors per request where 4 would do
  // NOLINTNEXTLINE(cuda-uncoalesced-global)
  a[t * 8] = 0;
  // NOLINTBEGIN(cuda-uncoalesced-*, cuda-divergent-branch)
  a[t * 16] = 0;
  a[t * 32] = 0;
  // NOLINTEND(cuda-uncoalesced-*, cuda-divergent-branch)
  // After the END: reported. S = 3: 12 B apart, bytes 0..375 = 12 sectors.
  a[t * 3] = 0;
  // CHECK: suppression.cu:[[@LINE-1]]:3: warning: global store touches 12 sectors per request where 4 would do
  // CHECK-NOT: warning:
}

void host(float *a) { strides<<<1, 32>>>(a); }

// SUMMARY: 1 file; 3 warnings, 0 remarks (cuda-uncoalesced-global: 3); 4 suppressed;

// JSON lists the suppressed findings with the comment that silenced them.
// RUN: %cal --sort=location --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "findings": [
// JSON: "suppressed": false
// JSON: "suppressed": true,
// JSON-NEXT: "suppressed_by": "NOLINT"

// --checks: clang-tidy's globs, last match wins.
// RUN: %cal --sort=location --checks='-*,cuda-shared-*' %s 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED-NOT: warning:
// SHARED: 1 file; 0 warnings, 0 remarks; 0 suppressed;
// RUN: %cal --sort=location --checks='-*,cuda-shared-*' --list-checks | FileCheck %s --check-prefix=LIST
// LIST: Enabled checks:
// LIST-NEXT: cuda-shared-bank-conflict
// LIST-NOT: cuda-
// Every check but cuda-unknown-*, whichever checks exist (Checks.def is the
// only list of them): all of --list-checks less that one, in its order.
// RUN: %cal --sort=location --checks='*' --list-checks | grep -v cuda-unknown- > %t.all
// RUN: %cal --sort=location --checks='*,-cuda-unknown-*' --list-checks > %t.some
// RUN: diff %t.all %t.some
// RUN: FileCheck %s --check-prefix=LIST2 < %t.some
// LIST2: Enabled checks:
// LIST2-NEXT: cuda-uncoalesced-global
// LIST2-NOT: cuda-unknown-access
//
//
// RUN: sh -c '%cal --sort=location --checks=-* %s 2> %t.none; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=NONE < %t.none
// NONE: error: --checks='-*' enables no check (see --list-checks)
