// A textbook's test harness: the loop over block sizes reads its bound
// from the device's properties, set in a bare block; the harness calls the
// scan through a pointer it is given; the scan calls itself on its partial
// sums. The block size reaches the launch through all three: the bare
// block's assignment runs where it stands, a call through a pointer of the
// scan's type is taken as the scan's call (stated), and the scan's calls of
// itself are followed after the calls from elsewhere (their launches, on
// the partial sums, run first).
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void partials(int *out, const int *in, int n) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x];
}

void scan(int *out, const int *in, int n, int b) {
  if (n <= b)
    return;
  int m = (n + b - 1) / b;
  scan(out, out, m, b);
  partials<<<m, b>>>(out, in, n);
}

void test(void (*pfn)(int *, const int *, int, int), int n, int threads) {
  pfn(nullptr, nullptr, n, threads);
}

int main() {
  int maxThreads;
  {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    maxThreads = prop.maxThreadsPerBlock;
  }
  for (int t = 256; t <= maxThreads; t *= 2)
    test(scan, 1 << 20, t);
}

// The H100's maxThreadsPerBlock is 1024: t = 256, 512, 1024, and the
// outer grid is ceil(2^20 / t) = 4096, 2048, 1024. The recursion on the
// partial sums: scan(4096, 256) launches ceil(4096 / 256) = 16 blocks and
// scan(2048, 512) 4; scan(1024, 1024) returns at once.
// CHECK: kernel 'partials'
// CHECK-NEXT: launch at {{.*}}harness-calls.cu:21:3 in scan(): grid (4096, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: only the direct calls of scan() and the calls through pointers of its type are followed
// CHECK-NEXT: set member: scan() taken as the target of `pfn` in test(), a pointer of its type
// CHECK-NEXT: set member: t = 256: value 1 of 3 of the loop at {{.*}}harness-calls.cu:35:3; device properties of H100 SXM5 80GB, the sm_90 model's device: maxThreadsPerBlock = 1024
// CHECK-NEXT: from call at {{.*}}harness-calls.cu:25:3 in test() <- {{.*}}harness-calls.cu:36:5 in main()
// CHECK-DAG: grid (2048, 1, 1) block (512, 1, 1)
// CHECK-DAG: grid (1024, 1, 1) block (1024, 1, 1)
// CHECK-DAG: grid (16, 1, 1) block (256, 1, 1)
// CHECK-DAG: grid (4, 1, 1) block (512, 1, 1)
// scan(1024, 1024) returns before its launch (the test `n <= b` holds):
// no launch of grid 1.
// CHECK-NOT: grid (1, 1, 1) block (1024, 1, 1)

// A call through a pointer is the program's call of scan only if the
// pointer holds scan: no figure of these launches is exact. The store
// out[blockIdx.x * blockDim.x + threadIdx.x]: 32 consecutive ints, 4
// sectors, but a range for that reason.
// JSON: "confidence": "range",
// JSON: "reason": "the launch's values come from a call through a function pointer taken to be its wrapper's",
// JSON-NEXT: "sectors_per_request": {
// JSON-NEXT: "max": 4,
// JSON-NEXT: "mean": 4,
// JSON-NEXT: "min": 4
