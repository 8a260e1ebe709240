//===- wide_loads.cu - Max-reduction with plain and wide loads ------------===//
//
// For each point, the maximum over k of Big[k * Points + pt] + Small[k].
// Plain double loads of Big give 8 sectors per request; double2 loads of two
// adjacent points give 16 per request with half the requests, so the sector
// total is unchanged. Small[k] is one address for the whole warp: 1 sector
// per request, whether 8 or 16 bytes wide.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

constexpr int Points = 1 << 18;
constexpr int KMax = 64;
constexpr int WideThreads = 256;

__global__ void maxScalar(double *Final, const double *Big,
                          const double *Small, int NPoints, int K) {
  int Pt = blockIdx.x * blockDim.x + threadIdx.x;
  double Best = 0.0;
  for (int I = 0; I < K; ++I) {
    double C = Big[I * NPoints + Pt] + Small[I];
    Best = fmax(C, Best);
  }
  Final[Pt] = Best;
}

__global__ void maxWideSmall(double *Final, const double *Big,
                             const double *Small, int NPoints, int K) {
  int Pt = blockIdx.x * blockDim.x + threadIdx.x;
  double Best = 0.0;
  for (int I = 0; I < K; I += 2) {
    double2 Val = *(const double2 *)&Small[I];
    double C = Big[I * NPoints + Pt] + Val.x;
    Best = fmax(C, Best);
    C = Big[(I + 1) * NPoints + Pt] + Val.y;
    Best = fmax(C, Best);
  }
  Final[Pt] = Best;
}

__global__ void maxWideBoth(double *Final, const double *Big,
                            const double *Small, int NPoints, int K) {
  int Pt = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  double Best1 = 0.0, Best2 = 0.0;
  for (int I = 0; I < K; I += 2) {
    double2 C1 = *(const double2 *)&Big[I * NPoints + Pt];
    double2 C2 = *(const double2 *)&Big[(I + 1) * NPoints + Pt];
    double2 Val = *(const double2 *)&Small[I];
    Best1 = fmax(C1.x + Val.x, Best1);
    Best1 = fmax(C2.x + Val.y, Best1);
    Best2 = fmax(C1.y + Val.x, Best2);
    Best2 = fmax(C2.y + Val.y, Best2);
  }
  Final[Pt] = Best1;
  Final[Pt + 1] = Best2;
}

void cal_suite_wide_loads(cal::SuiteContext &Ctx) {
  constexpr uint64_t D = sizeof(double);
  constexpr uint64_t Read = uint64_t(Points) * KMax * D + KMax * D;
  constexpr uint64_t Written = uint64_t(Points) * D;
  double *Big = Ctx.alloc<double>(size_t(Points) * KMax);
  double *Small = Ctx.alloc<double>(KMax);
  double *Final = Ctx.alloc<double>(Points);
  Ctx.fill(Big, size_t(Points) * KMax, 51);
  Ctx.fill(Small, KMax, 52);

  Ctx.launch("wide_loads.scalar", {Read, Written}, [&] {
    maxScalar<<<Points / WideThreads, WideThreads>>>(Final, Big, Small,
                                                     Points, KMax);
  });
  Ctx.launch("wide_loads.double2_small", {Read, Written}, [&] {
    maxWideSmall<<<Points / WideThreads, WideThreads>>>(Final, Big, Small,
                                                        Points, KMax);
  });
  Ctx.launch("wide_loads.double2_both", {Read, Written}, [&] {
    maxWideBoth<<<Points / 2 / WideThreads, WideThreads>>>(Final, Big, Small,
                                                           Points, KMax);
  });
}
