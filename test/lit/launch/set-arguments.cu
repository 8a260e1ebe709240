// An integer argument with several possible definitions is a launch set
// too, as the grid and block are: the book-style default that a command
// line argument may replace is the run without arguments (stated), never
// a sampled 4096/4097.
// RUN: %cal --format=json %s | FileCheck %s
// RUN: %cal --list-kernels %s | FileCheck %s --check-prefix=LIST

int atoi(const char *);

__global__ void readOffset(const float *A, float *C, int n, int offset) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned k = i + offset;
  if (k < n)
    C[i] = A[k];
}

int main(int argc, char **argv) {
  int nElem = 1 << 20;
  int blocksize = 512;
  int offset = 0;
  if (argc > 1)
    offset = atoi(argv[1]);
  if (argc > 2)
    blocksize = atoi(argv[2]);
  dim3 block(blocksize, 1);
  dim3 grid((nElem + block.x - 1) / block.x, 1);
  readOffset<<<grid, block>>>(nullptr, nullptr, nElem, offset);
}

// LIST: launch at {{.*}}:27:3 in main(): grid (2048, 1, 1) block (512, 1, 1)
// LIST-NEXT: set member: blocksize = 512: value 1 of 1 of the definitions at {{.*}}:19:3; argc taken as 1: the program run without arguments
// LIST-NEXT: set member: offset = 0: value 1 of 1 of the definitions at {{.*}}:20:3; argc taken as 1
// LIST-NEXT: args: A=`nullptr`, C=`nullptr`, n=1048576, offset=0

// offset = 0: A[k] is A[i], 32 consecutive floats from a 128-byte boundary
// in every warp: 4 sectors, exact (known arguments, no sample).
// CHECK: "confidence": "exact",
// CHECK: "line": 14,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK-NEXT: "mean": 4,
// CHECK-NEXT: "min": 4
// CHECK: "arguments": {
// CHECK-NEXT: "n": 1048576,
// CHECK-NEXT: "offset": 0
