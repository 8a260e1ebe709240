// An unknown parameter that changes the answer: b[i + off] is aligned when
// off is a multiple of 8 floats (off = 4096: 4 sectors) and straddles one
// more sector otherwise (off = 4097: 5). The analyzer reports the range and
// the value for each sample, never their mean as if it were a prediction:
// the headline ("mean") is the typical case, off a multiple of the access
// span (4096: 4), and sample_cases names the misaligned one.
// A stride by an unknown parameter (s, the 2nd unknown, is 4096+256 = 4352
// or 4353 floats): 32 sectors at both samples, but not exact: lanes 4*s
// bytes apart take min(32, 4*s) sectors (costs/closed-form.cu derives the
// rule), so a small s would give fewer; the reason says so.
// RUN: %cal --sort=location --format=json %s | FileCheck %s --check-prefix=JSON
// The typical case decides the finding's severity: b[i + off] takes its
// ideal 4 sectors there, so the 5 of the misaligned sample make a note
// naming the case (JSON and SARIF), not a warning, even with the excess
// threshold at 1.
// RUN: %cal --sort=location --config='{CheckOptions: {cuda-uncoalesced-global.MinExcessRatio: 1}}' %s | FileCheck %s --check-prefix=TEXT
// RUN: %cal --sort=location --format=json --config='{CheckOptions: {cuda-uncoalesced-global.MinExcessRatio: 1}}' %s | FileCheck %s --check-prefix=NOTE

// cuda-access-lint: block(256) grid(4)
__global__ void shifted(float *a, const float *b, int off, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i + off];
  a[i] += b[i * s];
}

// JSON: "column": 10,
// JSON: "confidence": "range",
// JSON: "line": 22,
// JSON: "reason": "depends on unknown parameters: 4 when off=4096, s=4352, 5 when off=4097, s=4353",
// JSON: "sample_cases": "4 when off=4096, s=4352, 5 when off=4097, s=4353",
// JSON: "sectors_per_request": {
// JSON-NEXT: "max": 5,
// JSON-NEXT: "mean": 4,
// JSON-NEXT: "min": 4
// JSON: "column": 11,
// JSON: "confidence": "range",
// JSON: "line": 23,
// JSON: "reason": "depends on unknown parameter s: min(32, 4*s)",
// JSON: "max": 32,

// TEXT-NOT: 22:10: warning
// TEXT: 23:11: warning: global load touches 32 sectors per request where 4 would do (8x the bytes moved) [cuda-uncoalesced-global]
// NOTE: "message": "global load touches 4 to 5 sectors per request depending on unknown parameters (4 when off=4096, s=4352, 5 when off=4097, s=4353) where 4 would do (up to 1.25x the bytes moved)",
// NOTE: "severity": "note"
