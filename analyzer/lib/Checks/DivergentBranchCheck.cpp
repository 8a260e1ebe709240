//===- DivergentBranchCheck.cpp - cuda-divergent-branch -------------------===//
//
// A branch diverges when lanes of one warp disagree: the warp runs both
// sides under masks. Granularity that is a multiple of the warp size costs
// nothing.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/Support/FormatVariadic.h"

namespace cal {

void checkDivergentBranch(const KernelResult &K, const TargetModel &TM,
                          std::vector<Finding> &Out) {
  for (const BranchSummary &B : K.Branches) {
    // Lanes leaving through a predicated EXIT split no branch: the
    // hardware counts no divergent target (docs/compiler-effects.md).
    if (B.classify() != BranchClass::Divergent ||
        B.Lowering == BranchLowering::PredicatedExit)
      continue;
    bool Loop = B.Kind == "for" || B.Kind == "while" || B.Kind == "do";
    Finding F;
    F.CheckId = "cuda-divergent-branch";
    F.Range = B.Range;
    F.Pos = B.Pos;
    F.Message = llvm::formatv("{0} {1} diverges in {2}% of warps "
                              "(first split: {3} lanes taken/not taken)",
                              Loop ? "loop test of" : "branch", B.Kind,
                              fmtNum(100 * B.Stats.divergentWarpFraction()),
                              B.Stats.laneSplit());
    F.Notes.push_back("in " + launchText(K));
    if (B.LikelyPredicated)
      F.Notes.push_back("the branch bodies are short straight-line code: the "
                        "compiler will likely predicate them (memory accesses "
                        "become predicated loads and stores), and hardware "
                        "counters will then show no divergent branch");
    if (Loop)
      F.Notes.push_back("fix: the trip count depends on the lane; give the "
                        "lanes of a warp equal trip counts");
    else
      F.Notes.push_back(llvm::formatv(
          "fix: regroup work so that the condition changes only every "
          "{0} threads (a multiple of warpSize), e.g. test (tid / {0}) "
          "rather than tid",
          TM.WarpSize));
    Out.push_back(std::move(F));
  }
}

void checkHiddenBranch(const KernelResult &K, const TargetModel &,
                       std::vector<Finding> &Out) {
  for (const HiddenBranch &H : K.HiddenBranches) {
    Finding F;
    F.Severity = Finding::Remark;
    F.CheckId = "cuda-hidden-branch";
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
    Out.push_back(std::move(F));
  }
}

void checkUnknownAccess(const KernelResult &K, const TargetModel &,
                        std::vector<Finding> &Out) {
  for (const AccessSummary &A : K.Accesses) {
    if (!A.UnknownRequests ||
        (A.Space != AddrSpace::Global && A.Space != AddrSpace::Shared &&
         A.Space != AddrSpace::Unknown))
      continue;
    Finding F;
    F.Severity = Finding::Remark;
    F.CheckId = "cuda-unknown-access";
    F.Range = A.Range;
    F.Pos = A.Pos;
    F.Message =
        A.Space == AddrSpace::Unknown
            ? "cannot predict this " + std::string(accessKindName(A.Kind)) +
                  " (memory space unknown): " + A.UnknownReason
            : "cannot predict this " + std::string(addrSpaceName(A.Space)) +
                  " " + accessKindName(A.Kind) + ": " + A.UnknownReason;
    Out.push_back(std::move(F));
  }
}

} // namespace cal
