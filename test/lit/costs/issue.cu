// The issue term of the time model (LaunchTime.h, docs/costs.md): an SM's
// four schedulers issue one warp instruction a clock each, 4 x 132 x 1980
// = 1045440 warp instructions a microsecond over the H100's 132 SMs. The
// instructions are counted from the source by Collector.cpp's rule: an
// operator 1 (an integer division or remainder by a run-time value 18: the
// H200's SASS for `tid % (2 * stride)` is 17 instructions before its
// comparison), a memory access 2 (its address and the instruction), a
// branch or loop test 2, a barrier 1, and 4 a warp; a loop the compiler
// unrolls fully loses its test and its integer arithmetic. The other rates
// are cost.cu's.

// 1024 blocks of 256 threads: 8192 warps. A warp issues 14 for the loop's
// 7 tests (6 trips), 6 x (2 * s: 1, the remainder: 18, acc +=: 1) = 120,
// 6 for s *= 2, 4 for the store's index and 2 for the store, and 4: 148.
// 8192 x 148 = 1212416 warp instructions, 1.15973 us; the store's 4
// sectors a request, 32768 / 90169.2 = 0.36340 us of L2; the 1 MiB written
// stays in L2. Issue bounds the launch.
__global__ void modLoop(int *out) {
  int t = threadIdx.x, acc = 0;
  for (int s = 1; s < 64; s *= 2)
    acc += t % (2 * s);
  out[blockIdx.x * 256 + t] = acc;
}

// The same over a loop the compiler unrolls (4 trips of constant bounds,
// no pragma needed): no test, and the rule takes its integer arithmetic as
// folded (here the compiler hoists t % 8, a mask, and sums the four): the
// store's index 2 and the store 2, and the warp 4: 8. 8192 x 8 = 65536,
// 0.06269 us; L2's 0.36340 us bounds it.
__global__ void modUnrolled(int *out) {
  int t = threadIdx.x, acc = 0;
  for (int s = 0; s < 4; ++s)
    acc += t % 8;
  out[blockIdx.x * 256 + t] = acc;
}

// A divergent branch whose arm is long: lanes 0, 4, 8, ... (8 of 32) run
// it. The warp issues 2 for i, 1 for threadIdx.x % 4 (a constant power of
// two: a mask) and 2 for the branch; the arm: the load 2, 51 loop tests
// 102, 50 x (a multiply and an add: 2) = 100, ++k 50: 254; the store 2
// and the warp's 4: 265 in all, 8192 x 265 = 2170880, 2.07652 us. The load
// touches 4 sectors a request (8 lanes 16 bytes apart), the store 4:
// 32768 / 197849.52 + 32768 / 90169.2 = 0.52902 us; the floating-point
// work, 8192 warps x 8 lanes x 100, 0.19590 us at 128 a clock an SM.
// Issue bounds it. The arm is issued for 32 lanes where 8 run it: packed
// into whole warps, the 8 would issue it for a quarter of a warp, so
// 254 x 3/4 = 190.5 of each warp's instructions are for idle lanes,
// 1560576 over the launch, 71.9% of its 2170880. Without them 610304, 0.58378 us, above L2's 0.52902:
// regrouping the lanes saves 2.07652 - 0.58378 = 1.49274 us.
__global__ void everyFourth(float *out, const float *in, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  float v = 0;
  if (threadIdx.x % 4 == 0) {
    v = in[i];
    for (int k = 0; k < n; ++k)
      v = v * 1.0001f + 0.5f;
  }
  out[i] = v;
}

void host(int *o, float *f, const float *in) {
  modLoop<<<1024, 256>>>(o);
  modUnrolled<<<1024, 256>>>(o);
  everyFourth<<<1024, 256>>>(f, in, 50);
}

// RUN: %cal --format=json %s > %t.json
// RUN: %python %S/Inputs/times.py %t.json | FileCheck %s
// CHECK: modLoop bound_by=issue us=1.1597 issue_us=1.1597 warp_instructions=1212416
// CHECK: modUnrolled bound_by=l2-sectors us=0.3634 issue_us=0.0627 warp_instructions=65536
// CHECK: everyFourth bound_by=issue us=2.0765 issue_us=2.0765 warp_instructions=2170880
// CHECK: everyFourth branch 53 idle_warp_instructions=1560576 share=0.719 saved_us=1.4927

// The text: the divergent branch's cost in time, the findings by saving.
// RUN: %cal %s | FileCheck %s --check-prefix=TEXT
// TEXT: issue.cu:53:7: warning: branch if diverges in 100% of warps
// TEXT: note: cost: 72% of the launch's issued instructions are for idle lanes; regrouping the lanes saves about 1.5 us of an estimated 2.1 us per launch (grid (1024,1,1), H100 SXM5 80GB)
