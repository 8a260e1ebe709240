// A program's own command-line parser: `getOption(&n, "n", argc, argv)`
// writes n only inside its loop over argv[1..argc), so the run without
// arguments keeps the default (stated, as for `if (argc > 1) n = ...`). A
// function that writes through the pointer outside such a loop is not
// one: its value stays unknown.
// RUN: %cal --list-kernels %s | FileCheck %s

int atoi(const char *);
int strcmp(const char *, const char *);

template <typename T>
static bool getOption(T *p, const char *key, int argc, char *argv[]) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], key) && i + 1 < argc)
      *p = atoi(argv[++i]);
  return false;
}

static void always(int *p, int argc) { *p = argc * 64; }

__global__ void saxpy(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

__global__ void other(float *y) { y[threadIdx.x] = 0; }

int main(int argc, char *argv[]) {
  int nBlocks = 1500, nThreads = 256, t = 32;
  getOption(&nBlocks, "nBlocks", argc, argv);
  getOption(&nThreads, "nThreads", argc, argv);
  saxpy<<<nBlocks, nThreads>>>(nullptr, nullptr, 2.0f);
  always(&t, argc);
  other<<<1, t>>>(nullptr);
}

// The defaults: grid 1500, block 256.
// CHECK: kernel 'saxpy'
// CHECK-NEXT: launch at {{.*}}option-parsers.cu:32:3 in main(): grid (1500, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: argc taken as 1: the program run without arguments
// always() writes t on every run: the block is unknown.
// CHECK: kernel 'other'
// CHECK-NEXT: launch at {{.*}}option-parsers.cu:34:3 in main(): grid (1, 1, 1) block (?, 1, 1)
