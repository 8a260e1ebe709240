//===- DivergentBranchCheck.cpp - cuda-divergent-branch -------------------===//
//
// A branch diverges when lanes of one warp disagree: the warp runs both
// sides under masks. Granularity that is a multiple of the warp size costs
// nothing. A branch whose bodies are short straight-line code is usually
// predicated by the compiler, so no divergent branch ever executes (none of
// them diverged on the H100, docs/compiler-effects.md): a note unless
// ReportLikelyPredicated is set.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cal {

namespace {
constexpr const char *ReportLikelyPredicated = "ReportLikelyPredicated";

class DivergentBranchCheck : public Check {
public:
  StringRef id() const override { return "cuda-divergent-branch"; }
  StringRef summary() const override {
    return "branch or loop test splits a warp";
  }
  StringRef explanation() const override;
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Bool, ReportLikelyPredicated, "false",
         "warn also about divergent branches whose bodies the compiler will "
         "likely predicate (otherwise they are notes, JSON and SARIF only)"}};
    return Opts;
  }
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef DivergentBranchCheck::explanation() const {
  return R"(The condition of a branch or loop differs between the lanes of one warp,
so the warp runs both paths (or the longest trip count) one after the other
with the other lanes switched off.

How it is computed: the condition is evaluated for every lane of each
evaluated warp under the launch configuration; a warp diverges when its
active lanes do not all agree. The message gives the percentage of
evaluated warps that diverge and the first warp's split. A branch whose
bodies are short straight-line code is likely to be compiled into
predicated instructions, with no branch at all; it is reported as a note
unless ReportLikelyPredicated is true. A guard that ends the kernel for
some lanes (`if (i >= n) return;`) is a predicated exit, not a divergent
branch.

A warning needs a cost the user can act on. Two kinds of split have none,
and are notes (in JSON and SARIF, not in the text or --fail-on-findings):
the test of a grid-stride loop (its index steps by gridDim * blockDim),
which splits a warp only in its last, partial iteration, once per warp;
and the retry loop of a compare-and-swap (its test reads what atomicCAS
returned), whose cost is the contention on the address.

How to fix it: make the condition change only every warpSize threads (test
threadIdx.x / 32 rather than threadIdx.x), or give the lanes of a warp the
same trip count.

Example:
  if (threadIdx.x % 2 == 0) a[i] = f(a[i]);   // diverges in every warp
  else                      a[i] = g(a[i]);
)";
}

void DivergentBranchCheck::run(const KernelResult &K, const TargetModel &TM,
                               const CheckSettings &S, FindingSink &Out) const {
  bool WarnPredicated = S.flag(id(), ReportLikelyPredicated);
  for (const BranchSummary &B : K.Branches) {
    // Lanes leaving through a predicated EXIT split no branch: the
    // hardware counts no divergent target (docs/compiler-effects.md).
    if (B.classify() != BranchClass::Divergent ||
        B.Lowering == BranchLowering::PredicatedExit)
      continue;
    bool Loop = B.Kind == "for" || B.Kind == "while" || B.Kind == "do";
    Finding F;
    F.Range = B.TestRange.isValid() ? B.TestRange : B.Range;
    F.Pos = B.Pos;
    F.Message = formatv("{0} {1} diverges in {2}% of warps "
                        "(first split: {3} lanes taken/not taken)",
                        Loop ? "loop test of" : "branch", B.Kind,
                        fmtNum(100 * B.Stats.divergentWarpFraction()),
                        B.Stats.laneSplit());
    F.Notes.push_back("in " + launchText(K));
    if (!B.NoCostWhy.empty()) {
      // A split the user cannot remove and that costs one iteration per
      // warp at most: a note, not a warning (JSON, SARIF).
      F.Notes.push_back("no cost to act on: " + B.NoCostWhy);
      F.Severity = Finding::Note;
    }
    if (B.LikelyPredicated) {
      F.Notes.push_back("the branch bodies are short straight-line code: the "
                        "compiler will likely predicate them (memory accesses "
                        "become predicated loads and stores), and hardware "
                        "counters will then show no divergent branch");
      if (!WarnPredicated)
        F.Severity = Finding::Note;
    }
    // K.SampledWhat may also name the assumed block shape, which the test
    // need not depend on: say only what the flag means.
    if (B.DependsOnSampledParameters)
      F.Notes.push_back("the test names a value the analyzer samples (an "
                        "unknown parameter or a run-time grid dimension; see "
                        "the kernel's assumptions): the program's values may "
                        "split no warp; give them with --param or the "
                        "configuration's Kernels list");
    if (Loop)
      F.Notes.push_back("fix: the trip count depends on the lane; give the "
                        "lanes of a warp equal trip counts");
    else
      F.Notes.push_back(
          formatv("fix: regroup work so that the condition changes only every "
                  "{0} threads (a multiple of warpSize), e.g. test (tid / {0}) "
                  "rather than tid",
                  TM.WarpSize));
    Out.report(std::move(F));
  }
}

const Check &divergentBranchCheck() {
  static const DivergentBranchCheck C;
  return C;
}

} // namespace cal
