//===- Checks.cpp - The check registry and shared helpers -----------------===//
#include "CheckSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <tuple>

namespace cal {

llvm::ArrayRef<CheckInfo> registeredChecks() {
  static const CheckInfo Checks[] = {
      {"cuda-uncoalesced-global",
       "global access touches more 32-byte sectors than its bytes need",
       checkUncoalescedGlobal},
      {"cuda-shared-bank-conflict",
       "shared access needs more wavefronts than its bytes need",
       checkSharedBankConflict},
      {"cuda-divergent-branch", "branch or loop test splits a warp",
       checkDivergentBranch},
      {"cuda-unknown-access",
       "access whose addresses the analyzer cannot derive", checkUnknownAccess},
      {"cuda-assumed-launch",
       "no launch found: the figures hold for an assumed block shape",
       checkAssumedLaunch},
      {"cuda-no-access-reached",
       "no evaluated warp reached a memory access, and why",
       checkNoAccessReached},
      {"cuda-hidden-branch",
       "IEEE division or square root with a data-dependent slow path",
       checkHiddenBranch},
  };
  return Checks;
}

std::vector<Finding> runChecks(const KernelResult &K, const TargetModel &TM) {
  std::vector<Finding> Out;
  for (const CheckInfo &C : registeredChecks())
    C.Run(K, TM, Out);
  // Source order, as a compiler reports.
  std::stable_sort(Out.begin(), Out.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Pos.Line, A.Pos.Column) <
                            std::tie(B.Pos.Line, B.Pos.Column);
                   });
  return Out;
}

Finding accessFinding(const char *CheckId, const AccessSummary &A,
                      const KernelResult &K, std::string Message,
                      std::string (*Lane)(int64_t, const TargetModel &),
                      const TargetModel &TM) {
  Finding F;
  F.CheckId = CheckId;
  F.Range = A.Range;
  F.Pos = A.Pos;
  F.Message = std::move(Message);
  F.Notes.push_back("in " + launchText(K));
  if (!A.IndexText.empty())
    F.Notes.push_back("byte offset in thread terms: " + A.IndexText);
  F.Notes.push_back("first warp: " + laneList(A, Lane, TM));
  return F;
}

std::string ratioText(double Mean, double Max, double Ideal, const char *What) {
  return "(" + std::string(Max > Mean + 1e-9 ? "up to " : "") +
         fmtNum(Max / Ideal) + What + ")";
}

std::string idealAndRatio(const AccessSummary &A, double Mean, double Max,
                          double Ideal, const char *What) {
  if (A.PerSampleIdeal.size() < 2)
    return "where " + fmtNum(Ideal) + " would do " +
           ratioText(Mean, Max, Ideal, What);
  // Each sample's figure against its own ideal: block shapes differ in
  // how many bytes a warp needs.
  double ILo = 1e300, IHi = 0, RLo = 1e300, RHi = 0;
  for (auto &[S, St] : A.PerSample) {
    auto It = A.PerSampleIdeal.find(S);
    if (It == A.PerSampleIdeal.end() || It->second.mean() <= 0)
      continue;
    double I = It->second.mean();
    ILo = std::min(ILo, I);
    IHi = std::max(IHi, I);
    RLo = std::min(RLo, St.mean() / I);
    RHi = std::max(RHi, St.Max / I);
  }
  if (RHi == 0)
    return "where " + fmtNum(Ideal) + " would do " +
           ratioText(Mean, Max, Ideal, What);
  return "where " +
         (ILo == IHi ? fmtNum(ILo) : fmtNum(ILo) + " to " + fmtNum(IHi)) +
         " would do (" + (RHi > RLo + 1e-9 ? "up to " : "") + fmtNum(RHi) +
         What + ")";
}

std::string perRequestText(const AccessSummary &A, const KernelResult &K,
                           double Mean, const char *Unit) {
  std::string Dep = A.sampleDependence(K);
  if (Dep.empty())
    return fmtNum(Mean) + " " + Unit + " per request";
  double Lo = A.PerSample.begin()->second.mean(), Hi = Lo;
  for (auto &[S, St] : A.PerSample) {
    Lo = std::min(Lo, St.mean());
    Hi = std::max(Hi, St.mean());
  }
  return fmtNum(Lo) + " to " + fmtNum(Hi) + " " + Unit +
         " per request depending on " + llvm::join(K.SampledWhat, " and ") +
         " (" + Dep + ")";
}

std::string fmtNum(double V) {
  if (V == double(int64_t(V)))
    return std::to_string(int64_t(V));
  return llvm::formatv("{0:F2}", V).str();
}

std::string launchText(const KernelResult &K) {
  const LaunchConfig &L = K.Launch;
  std::string S = llvm::formatv("kernel '{0}', {1} launch", K.Name, L.Source);
  if (!L.Site.empty())
    S += " at " + L.Site;
  if (!L.Origin.empty())
    S += " (another translation unit)";
  if (L.Assumed) {
    std::vector<std::string> Shapes;
    for (const Dim3 &B : L.AssumedBlocks)
      Shapes.push_back(llvm::formatv("({0},{1},{2})", B[0], B[1], B[2]));
    return S + " with assumed block " + llvm::join(Shapes, " or ");
  }
  S += llvm::formatv(" with grid {0} and block ({1},{2},{3})", L.gridText(),
                     L.Block[0], L.Block[1], L.Block[2]);
  return S;
}

std::string laneList(const AccessSummary &A,
                     std::string (*F)(int64_t, const TargetModel &),
                     const TargetModel &TM) {
  std::string S;
  for (unsigned I = 0; I < A.FirstWarpOffsets.size(); ++I) {
    if (I == 6 && A.FirstWarpOffsets.size() > 7) {
      S += ", ...";
      I = unsigned(A.FirstWarpOffsets.size()) - 1;
    }
    S += (I ? ", lane " : "lane ") + std::to_string(A.FirstWarpLanes[I]) +
         " -> " + F(A.FirstWarpOffsets[I], TM);
  }
  return S;
}

} // namespace cal
