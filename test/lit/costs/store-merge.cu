// Stores merged in L1 (docs/gpu-facts.md, "Stores merged in L1"): of a
// store's sectors that its warp stored to before, since its last barrier,
// 0.15 reach L2 (the store-merge probe's median share). The rates are
// cost.cu's: 90169.2 L2 store sectors a microsecond and 197849.52 load
// sectors over the H100's 132 SMs; nothing here leaves L2 (5 MiB).

// 1024 blocks of 256 threads: 8192 warps. A thread writes its 4 floats as
// 4 scalar stores: lanes 16 bytes apart, 512 bytes a request, 16 sectors
// where 4 would do, the same 16 each time. A warp sends L2 16 + 3 x 16 x
// 0.15 = 23.2 sectors, 190054.4 in all, 2.10777 us; the load, 4 sectors a
// warp, 32768 in all, 0.16562 us; L2 takes 2.27339 us and bounds the
// launch.
__global__ void fourScalars(float *out, const float *in) {
  int i = blockIdx.x * 256 + threadIdx.x;
  float a = in[i];
  float *c = out + 4 * i;
  c[0] = a;
  c[1] = a;
  c[2] = a;
  c[3] = a;
}

// The same bytes as one float4 store: 16 whole sectors a warp, 131072,
// 1.45362 us; with the load, 1.61924 us.
__global__ void oneVector(float4 *out, const float *in) {
  int i = blockIdx.x * 256 + threadIdx.x;
  float a = in[i];
  out[i] = make_float4(a, a, a, a);
}

void host(float *o, const float *in) {
  fourScalars<<<1024, 256>>>(o, in);
  oneVector<<<1024, 256>>>((float4 *)o, in);
}

// RUN: %cal --format=json %s > %t.json
// RUN: %python %S/Inputs/times.py %t.json | FileCheck %s
// CHECK: fourScalars bound_by=l2-sectors us=2.2734
// CHECK: fourScalars l2 store_sectors=190054.4 load_sectors=32768.0
// CHECK: oneVector bound_by=l2-sectors us=1.6192
// CHECK: oneVector l2 store_sectors=131072.0 load_sectors=32768.0

// Each scalar store's 12 excess sectors a warp reach L2 at the launch's
// share of store excess that does, (190054.4 - 131072) / (4 x 98304) =
// 0.15: 14745.6 sectors, 0.16353 us. Its share of the sectors L1 counts:
// 98304 of 4 x 131072 + 32768 = 557056, 18%.
// RUN: %cal %s | FileCheck %s --check-prefix=TEXT
// TEXT: store-merge.cu:17:3: warning: global store touches 16 sectors per request where 4 would do
// TEXT: note: cost: 18% of the launch's sectors; fixing it saves about 0.164 us of an estimated 2.3 us per launch
