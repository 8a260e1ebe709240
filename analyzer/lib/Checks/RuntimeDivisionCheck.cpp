//===- RuntimeDivisionCheck.cpp - cuda-runtime-division ---------------------===//
//
// An integer division or remainder whose divisor is known only at run time
// but is a power of two in every evaluated lane: nvcc's general sequence
// where a shift or a mask would do.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "cal/Analysis/LaunchTime.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cal {

namespace {
class RuntimeDivisionCheck : public Check {
public:
  StringRef id() const override { return "cuda-runtime-division"; }
  StringRef summary() const override {
    return "integer division or remainder by a run-time power of two";
  }
  Finding::SeverityTy severity() const override { return Finding::Warning; }
  StringRef explanation() const override;
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef RuntimeDivisionCheck::explanation() const {
  return R"(An integer division or remainder by a value the compiler cannot see
(a parameter, a loop variable that doubles) takes nvcc's general sequence on
sm_90, which has no divide instruction: a reciprocal estimate, its
conversion and two multiply-high corrections, about 18 instructions per
warp (17 measured in the SASS of `tid % (2 * stride)`). Where the divisor
is a power of two, a mask (remainder) or a shift (quotient of a
non-negative value) does the same in one.

How it is computed: the divisor is evaluated in every active lane of each
evaluated warp; the finding is reported when it was a power of two in all
of them and took more than one value (a stride that doubles or halves): a
single value may be the launch's (a grid dimension) and not hold for
another launch. The cost is the issue slots of the sequence beyond one
instruction over the launch, and the time that saves in the time model
(docs/costs.md, "Issue slots"). A divisor that is a constant expression is
not reported: the compiler already uses a shift, a mask or a
multiply-high.

How to fix it: x & (d - 1) for x % d, x >> log2(d) for x / d when x is
non-negative (pass or compute log2(d) once), or make d a template argument
or a constant.

Example:
  for (int s = 1; s < blockDim.x; s *= 2)
    if (tid % (2 * s) == 0) ...       // 18 instructions a warp each time
    if ((tid & (2 * s - 1)) == 0) ... // 2
)";
}

void RuntimeDivisionCheck::run(const KernelResult &K, const TargetModel &TM,
                               const CheckSettings &S, FindingSink &Out) const {
  LaunchTime Time = launchTime(K, TM);
  for (const DivisionSummary &D : K.Divisions) {
    // Only a divisor the fix can replace: a power of two in every lane,
    // and more than one (a stride that doubles or halves). One value may
    // be the launch's (gridDim.x) and not another launch's.
    if (!D.PowerOfTwo || D.MaxDivisor <= 0 || D.MinDivisor == D.MaxDivisor)
      continue;
    Finding F;
    F.Range = D.Range;
    F.Pos = D.Pos;
    std::string Seen =
        D.MinDivisor == D.MaxDivisor
            ? std::to_string(D.MinDivisor)
            : formatv("{0} to {1}", D.MinDivisor, D.MaxDivisor).str();
    F.Message = formatv("integer {0} by a run-time value, a power of two in "
                        "every evaluated lane ({1}): about 18 instructions "
                        "where a {2} takes 1",
                        D.Remainder ? "remainder" : "division", Seen,
                        D.Remainder ? "mask" : "shift");
    F.Cost = json::Object{{"divisor_min", D.MinDivisor},
                          {"divisor_max", D.MaxDivisor}};
    if (std::optional<IssueSaving> C = divisionTime(K, Time, TM, D)) {
      F.Notes.push_back("cost: " + C->text(K, TM, "are this sequence",
                                           D.Remainder ? "a mask" : "a shift"));
      C->addJSON(*F.Cost);
      F.SavedUs = C->SavedUs;
    }
    F.Notes.push_back("in " + launchText(K));
    F.Notes.push_back(D.Remainder
                          ? "fix: x & (d - 1) gives x % d for a power of two d"
                          : "fix: x >> log2(d) gives x / d for a power of two "
                            "d and x >= 0 (compute log2(d) once)");
    Out.report(std::move(F));
  }
  (void)S;
}

const Check &runtimeDivisionCheck() {
  static const RuntimeDivisionCheck C;
  return C;
}

} // namespace cal
