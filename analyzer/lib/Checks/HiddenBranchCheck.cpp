//===- HiddenBranchCheck.cpp - cuda-hidden-branch -------------------------===//
//
// IEEE float division and square root compile to a fast path and a slow
// path taken by lanes whose operands are denormal, huge or tiny: a branch
// that is not in the source (docs/compiler-effects.md has the SASS).
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

namespace {
class HiddenBranchCheck : public Check {
public:
  StringRef id() const override { return "cuda-hidden-branch"; }
  StringRef summary() const override {
    return "IEEE division or square root with a data-dependent slow path";
  }
  Finding::SeverityTy severity() const override { return Finding::Remark; }
  StringRef explanation() const override {
    return R"(A float division or square root with IEEE rounding (nvcc's default) is
compiled into a fast approximation plus a check that sends lanes with
awkward operands (denormal, very large or very small values) to a slow
subroutine. Lanes that need it run it while the others of the warp wait: a
data-dependent branch that the source does not show.

How it is computed: the operation and its type are recognised in the
kernel's code; whether any lane takes the slow path depends on the data, so
this is a remark, not a measured cost.

How to fix it, where last-bit rounding does not matter: __fdividef(a, b),
or -ffast-math (nvcc: --use_fast_math, -prec-div=false, -prec-sqrt=false).
Double precision has no such switch.

Example:
  out[i] = a[i] / b[i];   // remark: float division has a slow path
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &,
           FindingSink &Out) const override {
    for (const HiddenBranch &H : K.Results.get<HiddenBranchList>().Branches) {
      Finding F;
      F.Severity = Finding::Remark;
      F.Range = H.Range;
      F.Pos = H.Pos;
      F.Message = H.note();
      F.Notes.push_back("lanes whose operands need the slow path (denormal, "
                        "huge or tiny values) run it while the others wait");
      // Probes fdiv, fsqrt, fdivfn: the flags and __fdividef leave one
      // MUFU instruction; double precision has no such switch.
      if (H.Operation == "float division")
        F.Notes.push_back("fix, where last-bit rounding does not matter: "
                          "__fdividef(a, b), or -ffast-math (nvcc: "
                          "--use_fast_math or -prec-div=false)");
      else if (H.Operation == "float square root")
        F.Notes.push_back("fix, where last-bit rounding does not matter: "
                          "-ffast-math (nvcc: --use_fast_math or "
                          "-prec-sqrt=false)");
      Out.report(std::move(F));
    }
  }
};
} // namespace

const Check &hiddenBranchCheck() {
  static const HiddenBranchCheck C;
  return C;
}

} // namespace cal
