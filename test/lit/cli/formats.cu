// --format=text|json|sarif|github and --output: every reporter reads the
// same findings.
// RUN: rm -rf %t && mkdir -p %t

// One warp of float stores 8 B apart (a[t * 2]): 256 B = 8 sectors for the
// 128 B = 4 sectors stored. The second store is silenced by NOLINT.
__global__ void stride2(float *a) {
  a[threadIdx.x * 2] = 0;
  a[threadIdx.x * 2 + 1] = 0; // NOLINT
}
void host(float *a) { stride2<<<1, 32>>>(a); }

// In JSON, findings[] sit beside kernels[], with the schema version.
// The location is the store's range, `a[threadIdx.x * 2] = 0` on line 8:
// column 3 to the `0` at column 24; the end column is one past it, 25.
// RUN: %cal --format=json %s > %t/out.json
// RUN: FileCheck %s --check-prefix=JSON < %t/out.json
// JSON: "findings": [
// JSON-NEXT: {
// JSON-NEXT: "check": "cuda-uncoalesced-global",
// JSON-NEXT: "column": 3,
// The cost of its excess over the launch (LaunchTime.h; checked in
// costs/): 4 sectors beyond the ideal 4, a quarter of the launch's 16
// (both stores count, the silenced one too).
// JSON-NEXT: "cost": {
// JSON: "excess_sectors": 4,
// JSON: "share_of_launch_sectors": 0.25
// JSON: "end_column": 25,
// JSON-NEXT: "end_line": 8,
// JSON-NEXT: "file": "{{.*}}formats.cu",
// JSON-NEXT: "fix": [
// JSON-NEXT: "consecutive lanes are 8 bytes apart for 4-byte elements; use a structure of arrays, or let consecutive lanes take consecutive elements",
// JSON: "line": 8,
// JSON-NEXT: "message": "global store touches 8 sectors per request where 4 would do (2x the bytes moved)",
// JSON-NEXT: "notes": [
// JSON-NEXT: "in kernel 'stride2', host launch at {{.*}}formats.cu:11:23 with grid (1,1,1) and block (32,1,1)",
// JSON: "severity": "warning",
// JSON-NEXT: "suppressed": false
// JSON: "line": 9,
// JSON: "suppressed": true,
// JSON-NEXT: "suppressed_by": "NOLINT"
// JSON: "kernels": [
// JSON: "schema_version": 1,
// JSON: "version": 1

// SARIF, validated against the official 2.1.0 schema and GitHub's needs.
// Paths are relative to the source root: the enclosing git repository,
// else the working directory.
// %t stands for a repository's root (it has a .git), sub/ for a
// directory in it: paths and fingerprints are the root's, whichever
// directory the tool runs from.
// RUN: mkdir -p %t/.git %t/sub && cp %s %t/formats.cu
// RUN: cd %t && %cal --format=sarif --output=%t/out.sarif formats.cu > %t/sarif.stdout
// RUN: test ! -s %t/sarif.stdout
// RUN: FileCheck %s --check-prefix=SARIF < %t/out.sarif
// SARIF: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
// SARIF: "originalUriBaseIds": {
// SARIF-NEXT: "%SRCROOT%": {
// SARIF-NEXT: "uri": "file:///{{.*}}/"
// SARIF: "results": [
// SARIF: "uri": "{{([^"/]*/)*}}formats.cu",
// SARIF-NEXT: "uriBaseId": "%SRCROOT%"
// SARIF: "region": {
// SARIF-NEXT: "endColumn": 25,
// SARIF-NEXT: "endLine": 8,
// SARIF: "startColumn": 3,
// SARIF-NEXT: "startLine": 8
// SARIF: "ruleId": "cuda-uncoalesced-global",
// SARIF: "ruleIndex": 0
// SARIF: "suppressions": [
// SARIF-NEXT: {
// SARIF-NEXT: "justification": "silenced by a NOLINT comment",
// SARIF-NEXT: "kind": "inSource"
// SARIF: "version": "2.1.0"

// GitHub workflow annotations.
// RUN: cd %t && %cal --format=github formats.cu | FileCheck %s --check-prefix=GITHUB
// GITHUB: ::warning file=formats.cu,line=8,col=3,endLine=8,endColumn=25,title=cuda-uncoalesced-global::global store touches 8 sectors per request where 4 would do (2x the bytes moved) [cuda-uncoalesced-global]%0Afix: consecutive lanes are 8 bytes apart
// GITHUB-NOT: ::warning
// RUN: cd %t/sub && %cal --format=github ../formats.cu | FileCheck %s --check-prefix=GITHUB
// RUN: cd %t && %cal --format=sarif formats.cu | grep -e '"uri"' -e cudaAccessLintHash > %t/root.fp
// RUN: cd %t/sub && %cal --format=sarif ../formats.cu | grep -e '"uri"' -e cudaAccessLintHash > %t/sub.fp
// RUN: diff %t/root.fp %t/sub.fp
// RUN: FileCheck %s --check-prefix=FP < %t/sub.fp
// FP: "cudaAccessLintHash/v1":
// FP: "uri": "formats.cu",

// --output writes the text report to the file, not to stdout.
// RUN: %cal --output=%t/out.txt %s > %t/text.stdout
// RUN: test ! -s %t/text.stdout
// RUN: FileCheck %s --check-prefix=TEXT < %t/out.txt
// TEXT: formats.cu:8:3: warning: global store touches 8 sectors per request where 4 would do
// A missing directory is created (cli/output-dir.test); a path under a
// regular file cannot be written: a usage error (exit 2).
// RUN: sh -c '%cal --output=%t/out.txt/x.txt %s 2> %t/out.err; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=OUTERR < %t/out.err
// OUTERR: error: cannot write --output='{{.*}}x.txt': Not a directory
