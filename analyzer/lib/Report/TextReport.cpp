//===- TextReport.cpp - Findings as clang diagnostics; the event dump -----===//
#include "cal/Checks/Check.h"
#include "cal/Report/AnalysisReport.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>
#include <tuple>

using namespace llvm;

namespace cal {

namespace {
std::string launchSite(const KernelResult &K) {
  const LaunchConfig &L = K.Launch;
  return (L.Site.empty() ? L.Source : L.Site) + " (grid " + L.gridText() + ")";
}

} // namespace

std::vector<MergedFinding> mergeFindings(const AnalysisResult &R,
                                         const CheckSettings &S) {
  std::vector<MergedFinding> Out;
  std::map<
      std::tuple<std::string, std::string, unsigned, unsigned, std::string>,
      size_t>
      Index;
  for (const KernelResult &K : R.Kernels)
    for (Finding &F : runChecks(K, R.Target, S)) {
      auto Key = std::make_tuple(F.CheckId, F.Pos.File, F.Pos.Line,
                                 F.Pos.Column, F.Message);
      auto [It, New] = Index.try_emplace(Key, Out.size());
      if (New) {
        Out.push_back({std::move(F), {}, launchSite(K)});
        continue;
      }
      // The launch where fixing it saves the most speaks for the others:
      // its cost is the one stated and ranked.
      MergedFinding &M = Out[It->second];
      if (F.SavedUs.value_or(-1) > M.F.SavedUs.value_or(-1)) {
        M.AlsoIn.push_back(M.Site);
        M.F = std::move(F);
        M.Site = launchSite(K);
      } else {
        M.AlsoIn.push_back(launchSite(K));
      }
    }
  return Out;
}

std::string alsoInNote(const MergedFinding &M) {
  if (M.AlsoIn.empty())
    return "";
  return "the same in " + std::to_string(M.AlsoIn.size()) + " more launch" +
         (M.AlsoIn.size() > 1 ? "es" : "") + ": " + join(M.AlsoIn, ", ");
}

void printEventDump(raw_ostream &OS, const AnalysisResult &R) {
  for (const KernelResult &K : R.Kernels) {
    OS << "kernel " << K.Name << " launch " << K.Launch.Source << " grid "
       << K.Launch.gridText() << " block (" << K.Launch.Block[0] << ","
       << K.Launch.Block[1] << "," << K.Launch.Block[2] << ")"
       << (K.Launch.Assumed ? " assumed" : "") << "\n";
    for (const std::string &A : K.Assumptions)
      OS << "  assume " << A << "\n";
    for (unsigned S = 0; S < K.Samples.size(); ++S) {
      const SampleInfo &SI = K.Samples[S];
      OS << "  sample " << S << " grid (" << SI.Grid[0] << "," << SI.Grid[1]
         << "," << SI.Grid[2] << ") block (" << SI.Block[0] << ","
         << SI.Block[1] << "," << SI.Block[2] << ")";
      if (!SI.Description.empty())
        OS << " [" << SI.Description << "]";
      OS << " blocks";
      for (unsigned B = 0; B < SI.Blocks.size(); ++B)
        OS << " (" << SI.Blocks[B][0] << "," << SI.Blocks[B][1] << ","
           << SI.Blocks[B][2] << ")x" << SI.BlockWeights[B];
      OS << "\n";
    }
    for (const std::string &L : K.EventDump)
      OS << "  " << L << "\n";
    for (const AccessSummary &A : K.Accesses) {
      Confidence C = accessConfidence(A, K);
      OS << "  summary access " << A.Pos.Line << ":" << A.Pos.Column << " "
         << addrSpaceName(A.Space) << " " << accessKindName(A.Kind) << " "
         << A.BytesPerLane << "B requests=" << A.Requests;
      if (!A.Sectors.empty())
        OS << " " << K.GlobalUnit << "=" << format("%g", A.Sectors.mean())
           << " ideal=" << format("%g", A.IdealSectors.mean());
      if (!A.TransactionBytes.empty())
        OS << " bytes=" << format("%g", A.TransactionBytes.mean())
           << " ideal-bytes=" << format("%g", A.IdealBytes.mean());
      if (!A.Wavefronts.empty())
        OS << " wavefronts=" << format("%g", A.Wavefronts.mean())
           << " ideal=" << format("%g", A.IdealWavefronts.mean());
      if (!A.ConstantRequests.empty())
        OS << " constant-requests=" << format("%g", A.ConstantRequests.mean());
      OS << " confidence=" << C.Level;
      if (!A.IndexText.empty())
        OS << " index=" << A.IndexText;
      OS << "\n";
    }
    for (const BranchSummary &B : K.Branches)
      OS << "  summary branch " << B.Pos.Line << ":" << B.Pos.Column << " "
         << B.Kind << " " << branchClassName(B.classify())
         << " divergent-warps=" << format("%g", B.Stats.divergentWarpFraction())
         << " split=" << B.Stats.laneSplit()
         << (B.LikelyPredicated ? " likely-predicated" : "")
         << (B.Lowering == BranchLowering::PredicatedExit ? " predicated-exit"
                                                          : "")
         << "\n";
    for (const ElidedAccess &E : K.NotIssued)
      OS << "  summary not-issued " << E.Pos.Line << ":" << E.Pos.Column << " "
         << addrSpaceName(E.Space) << " " << accessKindName(E.Kind) << " "
         << E.BytesPerLane << "B executions=" << E.Executions << ": "
         << E.Reason << "\n";
    for (const HiddenBranch &H : K.Results.get<HiddenBranchList>().Branches)
      OS << "  summary hidden-branch " << H.Pos.Line << ":" << H.Pos.Column
         << " " << H.Operation << "\n";
  }
}

} // namespace cal
