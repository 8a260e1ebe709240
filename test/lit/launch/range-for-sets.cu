// A range-for over a list of constants decides launch sizes one element at
// a time: a set, one launch per element. The list may be written in the
// loop (`for (int b : {32, 64})`), or be a local array or std::vector
// whose declaration's list is the only definition that runs before the
// loop (the replacement under `argc >= 3` does not run without
// arguments). The sizes also reach a launch through a call whose other
// argument has no set of its own (run()'s `blocks`, written in run()): the
// set of the variable that has one is taken first.
// run(): N = 37 over TPB = 4, 8, 16: grids (37 + TPB - 1) / TPB = 10, 5, 3.
// RUN: %cal --list-kernels %s | FileCheck %s
#include <cstdlib>
#include <vector>

__global__ void k(float *a, int n) {}

static void run(int n, int tpb, int blocks, bool autoBlocks) {
  if (autoBlocks)
    blocks = (n + tpb - 1) / tpb;
  k<<<blocks, tpb>>>(nullptr, n);
}

int main(int argc, char **argv) {
  int N = 37;
  std::vector<int> tpbs = {4, 8, 16};
  int fixed = -1;
  if (argc >= 3)
    tpbs = std::vector<int>{std::atoi(argv[2])};
  if (argc >= 4)
    fixed = std::atoi(argv[3]);
  for (int tpb : tpbs) {
    bool autoBlocks = fixed <= 0;
    int blocks = autoBlocks ? 0 : fixed;
    run(N, tpb, blocks, autoBlocks);
  }
  for (int b : {32, 64})
    k<<<1, b>>>(nullptr, 1);
  int sizes[] = {128, 256};
  for (int s : sizes)
    k<<<2, s>>>(nullptr, 2);
}

// CHECK: launch at {{.*}}range-for-sets.cu:19:3 in run(): grid (10, 1, 1) block (4, 1, 1)
// CHECK-NEXT: set member: tpb = 4: value 1 of 3 of the loop at {{.*}}range-for-sets.cu:30:3; argc taken as 1: the program run without arguments
// CHECK: launch at {{.*}}range-for-sets.cu:19:3 in run(): grid (5, 1, 1) block (8, 1, 1)
// CHECK: launch at {{.*}}range-for-sets.cu:19:3 in run(): grid (3, 1, 1) block (16, 1, 1)
// CHECK: launch at {{.*}}range-for-sets.cu:36:5 in main(): grid (1, 1, 1) block (32, 1, 1)
// CHECK-NEXT: set member: b = 32: value 1 of 2 of the loop at {{.*}}range-for-sets.cu:35:3
// CHECK: launch at {{.*}}range-for-sets.cu:36:5 in main(): grid (1, 1, 1) block (64, 1, 1)
// CHECK: launch at {{.*}}range-for-sets.cu:39:5 in main(): grid (2, 1, 1) block (128, 1, 1)
// CHECK: launch at {{.*}}range-for-sets.cu:39:5 in main(): grid (2, 1, 1) block (256, 1, 1)
