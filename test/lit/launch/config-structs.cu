// A launch configuration kept in the fields of a configuration struct, each
// field given a default and replaced from the command line only when an
// argument is there (`if (argc > 2) cfg.block_size = parseInt(argv[2]);`),
// the struct passed down by const reference to the function that computes
// the grid, and a switch on another field choosing the template instance
// that is launched. In the run without arguments the defaults hold:
// block 256, n = 2^20, so the grid is (2^20 + 255) / 256 = 4096 blocks;
// level is 32, so scale<32> is launched and scale<8> is not. A function
// cannot write through a `const Config &`, so the fields it reads are the
// caller's at the call.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
#include <cstdlib>

template <int Level>
__global__ void scale(const float *in, float *out, unsigned long long n) {
  unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * Level;
}

template <int Level>
static void launch(int blocks, int threads, const float *in, float *out,
                   unsigned long long n) {
  scale<Level><<<blocks, threads>>>(in, out, n);
}

struct Config {
  unsigned long long n;
  int block_size;
  int level;
};

static int parseInt(const char *s) {
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (end == s || v <= 0)
    std::exit(1);
  return int(v);
}

static void launchForLevel(int level, int blocks, int threads, const float *in,
                           float *out, unsigned long long n) {
  switch (level) {
  case 8:
    launch<8>(blocks, threads, in, out, n);
    break;
  case 32:
    launch<32>(blocks, threads, in, out, n);
    break;
  default:
    std::exit(1);
  }
}

static void runOnce(const Config &c, const float *in, float *out) {
  unsigned long long blocks = (c.n + c.block_size - 1) / c.block_size;
  launchForLevel(c.level, int(blocks), c.block_size, in, out, c.n);
}

int main(int argc, char **argv) {
  Config cfg{};
  cfg.n = 1ULL << 20;
  cfg.block_size = 256;
  cfg.level = 32;
  if (argc > 1)
    cfg.n = parseInt(argv[1]);
  if (argc > 2)
    cfg.block_size = parseInt(argv[2]);
  if (argc > 3)
    cfg.level = parseInt(argv[3]);
  float *in = nullptr, *out = nullptr;
  runOnce(cfg, in, out);
}

// CHECK: kernel 'scale<32>'
// CHECK-NEXT: launch at {{.*}}config-structs.cu:25:3 in launch(): grid (4096, 1, 1) block (256, 1, 1)
// CHECK: set member: cfg.block_size = 256: value 1 of 1 of the definitions at {{.*}}config-structs.cu:64:3; argc taken as 1: the program run without arguments
// CHECK: from call at {{.*}}config-structs.cu:49:5 in launchForLevel() <- {{.*}}config-structs.cu:58:3 in runOnce() <- {{.*}}config-structs.cu:73:3 in main()

// JSON: "source": "host-launch"
// JSON: "name": "scale<32>"
// JSON-NOT: "name": "scale<8>"
