// Host code that clang rejects does not stop the file: the kernels are
// analysed, the error is shown, and the exit status is 2 because the file
// has errors. A rejected call (too few arguments for the one declaration)
// is replaced by clang with a RecoveryExpr, so the rest
// of main() is intact and its launch is followed; a rejected declaration
// (an unknown type) leaves no such trace, and the launches of that function
// are not followed.
// RUN: sh -c '%cal --dump=events %s > %t.out 2> %t.err; test $? -eq 2'
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: sh -c '%cal --dump=events --no-cuda-toolkit %s > %t.out2 2> %t.err2; test $? -eq 2'
// RUN: FileCheck %s < %t.out2
// RUN: FileCheck %s --check-prefix=ERR < %t.err2
// RUN: grep summary %t.out > %t.sum && grep summary %t.out2 > %t.sum2
// RUN: diff %t.sum %t.sum2

__global__ void spread(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = 0.f;
}

void launchFine(float *a) { spread<<<4, 64>>>(a); }

float takesTwo(float, float);
int main() {
  float *a;
  float m = takesTwo(1.0f);
  spread<<<2, 32>>>(a);
  launchFine(a);
}

void broken(float *a) {
  UnknownType t;
  spread<<<8, 128>>>(a);
}

// The launches in launchFine() and main() are followed, not the one in
// broken(). out[2 * i]: lanes 8 B apart span 256 B = 8 sectors for the 4
// that 32 x 4 B need.
// CHECK: kernel spread launch host-launch grid (4,1,1) block (64,1,1)
// CHECK: summary access 19:3 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK: kernel spread launch host-launch grid (2,1,1) block (32,1,1)
// CHECK: summary access 19:3 global store 4B {{.*}} sectors=8 ideal=4 confidence=exact
// CHECK-NOT: grid (8,1,1)

// ERR: host-rejected.cu:27:13: error:
// ERR: host-rejected.cu:33:3: error: unknown type name 'UnknownType'
// ERR: cuda-access-lint: note: '{{.*}}host-rejected.cu' has host code that clang rejects (errors above); launches in 'broken' are not followed
// ERR: note: '{{.*}}host-rejected.cu': the errors in host function(s) 'main' are confined to expressions clang replaced; their launches are followed
// ERR-NOT: did not parse

// An error outside any function body may change any declaration a kernel
// uses: the file is not analysed, and nothing is printed on stdout.
// RUN: printf 'int g = undeclared;\n__global__ void k(float *a) { a[2 * threadIdx.x] = 0; }\n' > %t.top.cu
// RUN: sh -c '%cal %t.top.cu > %t.top.out 2> %t.top.err; test $? -eq 2'
// RUN: test ! -s %t.top.out
// RUN: FileCheck %s --check-prefix=TOP < %t.top.err
// TOP: error: use of undeclared identifier 'undeclared'
// TOP: cuda-access-lint: error: '{{.*}}top.cu' did not parse; no analysis was done
