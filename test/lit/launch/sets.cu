// Launch sets: a block or grid that the program decides at run time from a
// finite set of values is one launch per value, each analysed with its own
// configuration and never averaged with the others.
// RUN: %cal --list-kernels %s | FileCheck %s --check-prefix=LIST
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

int atoi(const char *);

__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i * 2] = in[i];
}

__global__ void rows(const float *in, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * w + x] = in[y * w + x];
}

__global__ void pick(float *out) { out[threadIdx.x] = 0; }

__global__ void tile(float *out, int nx) {
  out[(blockIdx.y * blockDim.y + threadIdx.y) * nx +
      blockIdx.x * blockDim.x + threadIdx.x] = 0;
}

int main(int argc, char **argv) {
  int n = 1 << 20;
  float *a = nullptr, *b = nullptr;
  // A loop over block sizes: bs = 64, 128, 256, 512, 1024, the grid
  // following each, (n + bs - 1) / bs = 16384 ... 1024.
  for (int bs = 64; bs <= 1024; bs *= 2)
    copy<<<(n + bs - 1) / bs, bs>>>(a, b, n);
  // A default that an argument may replace: the run without arguments
  // keeps dimx = 32 (stated); `argc > 2 ? ... : 4096` gives w = 4096.
  int dimx = 32;
  if (argc > 1)
    dimx = atoi(argv[1]);
  int w = argc > 2 ? atoi(argv[2]) : 4096;
  dim3 block(dimx, 8);
  dim3 grid(w / block.x, w / block.y);
  rows<<<grid, block>>>(a, b, w);
  // if/else of constants under a condition only the run decides.
  int t;
  if (n % 3 == atoi("1"))
    t = 64;
  else
    t = 128;
  pick<<<1, t>>>(a);
  // Four sizes with defaults that arguments may replace (a sample program's
  // `nx ny bx by` command line): each keeps one value in the run without
  // arguments, so together they make one launch, not a set of several;
  // they count against no cap on sets: grid (2048 / 16, 1024 / 16) =
  // (128, 64), block (16, 16).
  int nx = 2048, ny = 1024, bx = 16, by = 16;
  if (argc > 1) nx = atoi(argv[1]);
  if (argc > 2) ny = atoi(argv[2]);
  if (argc > 3) bx = atoi(argv[3]);
  if (argc > 4) by = atoi(argv[4]);
  dim3 tb(bx, by);
  dim3 tg(nx / tb.x, ny / tb.y);
  tile<<<tg, tb>>>(a, nx);
}

// LIST: kernel 'copy'
// LIST-NEXT: launch at {{.*}}sets.cu:35:5 in main(): grid (16384, 1, 1) block (64, 1, 1)
// LIST-NEXT: set member: bs = 64: value 1 of 5 of the loop at {{.*}}sets.cu:34:3
// LIST: grid (8192, 1, 1) block (128, 1, 1)
// LIST: grid (4096, 1, 1) block (256, 1, 1)
// LIST: grid (2048, 1, 1) block (512, 1, 1)
// LIST: grid (1024, 1, 1) block (1024, 1, 1)
// LIST-NEXT: set member: bs = 1024: value 5 of 5 of the loop
// LIST: kernel 'rows'
// LIST-NEXT: grid (128, 512, 1) block (32, 8, 1)
// LIST-NEXT: set member: dimx = 32: value 1 of 1 of the definitions at {{.*}}sets.cu:38:3; argc taken as 1: the program run without arguments
// The assumption is stated once, not again on a line of its own: the
// arguments follow at once.
// LIST-NEXT: args: in=`a`, out=`b`, w=4096
// LIST: kernel 'pick'
// LIST-NEXT: grid (1, 1, 1) block (64, 1, 1)
// LIST-NEXT: set member: t = 64: value 1 of 2 of the definitions at {{.*}}sets.cu:48:5, {{.*}}sets.cu:50:5
// LIST: grid (1, 1, 1) block (128, 1, 1)
// LIST-NEXT: set member: t = 128: value 2 of 2
// LIST: kernel 'tile'
// LIST-NEXT: grid (128, 64, 1) block (16, 16, 1)
// In the order the grid's and block's dimensions read them: x, then y.
// LIST-NEXT: set member: nx = 2048: value 1 of 1
// LIST-NEXT: set member: bx = 16: value 1 of 1
// LIST-NEXT: set member: ny = 1024: value 1 of 1
// LIST-NEXT: set member: by = 16: value 1 of 1

// Each member is a kernel entry of its own, with its configuration and the
// values that chose it. copy's store out[i * 2]: lanes 8 bytes apart, 32
// lanes span 256 B = 8 sectors where the 128 B stored fill 4, under every
// block size (64 ... 1024 threads are whole warps).
// JSON: "block": [
// JSON-NEXT: 64,
// JSON: "set_choices": [
// JSON-NEXT: "bs = 64: value 1 of 5 of the loop at {{.*}}sets.cu:34:3"
// JSON: "name": "copy"
// JSON: "block": [
// JSON-NEXT: 128,
// JSON: "set_choices": [
// JSON-NEXT: "bs = 128: value 2 of 5 of the loop

// rows, block (32,8): a warp is one row of 32 floats, 128 B aligned since
// w = 4096: 4 sectors for the load and the store, exact (the launch is the
// run without arguments, stated in the assumptions).
// JSON: "launch set member: dimx = 32: value 1 of 1 of the definitions at {{.*}}; argc taken as 1: the program run without arguments"
// JSON: "name": "rows"

// The text reports copy's store once, with the other launches of the set.
// TEXT: sets.cu:13:5: warning: global store touches 8 sectors per request where 4 would do (2x the bytes moved) [cuda-uncoalesced-global]
// TEXT: note: the same in 4 more launches
