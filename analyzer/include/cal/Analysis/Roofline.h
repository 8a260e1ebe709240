//===- Roofline.h - Static roofline per launch ------------------*- C++ -*-===//
//
// What one launch moves and computes over its whole grid, extrapolated from
// the evaluated blocks: the sectors' bytes (L1 to L2), an estimate of the
// DRAM bytes, the arithmetic operations written in the source, and the
// lower bound on time that the reference part's peaks give.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_ROOFLINE_H
#define CAL_ANALYSIS_ROOFLINE_H

#include "cal/Target/TargetModel.h"
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cal {

/// Arithmetic operations by the unit that executes them.
enum class OpClass { Fp16, Fp32, Fp64, Int };
inline constexpr unsigned NumOpClasses = 4;
const char *opClassName(OpClass C); ///< "fp16", "fp32", "fp64", "int"
/// Results per clock per SM of \p C on \p TM (0: not modelled).
unsigned opsPerClock(const TargetModel &TM, OpClass C);

/// One sample's traffic (a launch shape and parameter values), over the
/// whole grid of that sample.
struct SampleTraffic {
  double GridThreads = 0;
  double SectorBytes = 0; ///< global and local sectors x sector bytes
  std::array<double, NumOpClasses> Ops = {0, 0, 0, 0};
  /// DRAM estimate per global object: the distinct fetch units (reads) and
  /// sectors (writes) of each evaluated block, times the blocks it stands
  /// for, and the byte span that the evaluated lanes touched.
  struct Object {
    double Read = 0, Write = 0;
    /// Of those units and sectors, the bytes some lane of the block read
    /// or wrote.
    double ReadUsed = 0, WriteUsed = 0;
    uint64_t ReadLo = UINT64_MAX, ReadHi = 0, WriteLo = UINT64_MAX, WriteHi = 0;
  };
  std::map<uint64_t, Object> Objects; ///< by the object's base address
};

struct RooflineResult {
  bool Modelled = false;
  std::string Why; ///< when not modelled
  double GridThreads = 0;
  double SectorBytes = 0;
  double DramRead = 0, DramWrite = 0;
  /// Of those, the bytes no lane reads or writes: what coalescing the
  /// accesses could save at most (the rest moves whatever the order).
  double DramUnused = 0;
  std::array<double, NumOpClasses> Ops = {0, 0, 0, 0};
  double Footprint = 0; ///< bytes of the objects' touched spans
  /// "estimate", "upper-bound" (the footprint fits in L2), "lower-bound"
  /// (some work was not counted), each with its notes.
  std::string Certainty;
  std::vector<std::string> Notes;
  bool HasBound = false;
  double TimeBoundUs = 0;
  std::string BoundBy; ///< "dram" or an OpClass name
  double opsTotal() const;
  double dramTotal() const { return DramRead + DramWrite; }
};

/// Averages the samples and bounds the time on \p TM's reference part.
/// \p Incomplete lists what was not counted (capped loops, calls not
/// followed, unknown addresses); \p Sampled says what the samples vary.
RooflineResult computeRoofline(const TargetModel &TM,
                               const std::vector<SampleTraffic> &Samples,
                               const std::vector<std::string> &Incomplete,
                               const std::vector<std::string> &Sampled);

} // namespace cal

#endif // CAL_ANALYSIS_ROOFLINE_H
