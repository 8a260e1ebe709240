// A crash while analysing one launch costs that launch its figures, never
// the run: the other kernels are reported, the failed one says so, and the
// exit status is the usual one. The crash is injected through a test-only
// environment variable.
// RUN: env CAL_TEST_CRASH_IN_KERNEL=first %cal --sort=location --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: env CAL_TEST_CRASH_IN_KERNEL=first %cal --sort=location %s 2>&1 | FileCheck %s --check-prefix=TEXT
// A crash while searching the file for kernels and launches costs the file
// its analysis, with a note, and the run goes on to the next file.
// RUN: env CAL_TEST_CRASH_IN_DISCOVERY=1 not %cal --sort=location %s %s 2>&1 | FileCheck %s --check-prefix=DISCOVERY

__global__ void first(float *a) { a[threadIdx.x * 2] = 0; }
__global__ void second(float *a) { a[threadIdx.x * 2] = 0; }

int main() {
  first<<<1, 32>>>(nullptr);
  second<<<1, 32>>>(nullptr);
}

// CHECK: "accesses": [],
// CHECK: "internal error: the analysis of this launch stopped; nothing of it is reported"
// CHECK: "name": "first",
// second's store: lanes 8 bytes apart, 256 bytes in 8 sectors.
// CHECK: "name": "second",
// TEXT: crash-recovery.cu:12:17: remark: kernel 'first': internal error: the analysis of this launch stopped; nothing of it is reported
// TEXT: crash-recovery.cu:13:36: warning: global store touches 8 sectors per request where 4 would do
// DISCOVERY: crash-recovery.cu': internal error: the search for kernels and launches stopped; nothing in this file is analysed
// DISCOVERY: error: '{{.*}}crash-recovery.cu' parsed, but an internal error stopped the search for its kernels; no analysis was done
// DISCOVERY: cuda-access-lint: 2 files (2 not analysed)
