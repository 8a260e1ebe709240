//===- AnalysisCoverageCheck.cpp - What the analysis could not see --------===//
//
// Two kernel-level remarks, so that a silent kernel is never read as a clean
// one: cuda-assumed-launch (no launch was found, so every figure holds for
// an assumed block shape only) and cuda-no-access-reached (the evaluation
// reached no memory access, with the tests that kept it out).
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace cal {

static Finding kernelRemark(const char *Id, const KernelResult &K,
                            std::string Message) {
  Finding F;
  F.Severity = Finding::Remark;
  F.CheckId = Id;
  F.Range = clang::SourceRange(K.Loc);
  F.Pos = K.Pos;
  F.Message = std::move(Message);
  return F;
}

void checkAssumedLaunch(const KernelResult &K, const TargetModel &,
                        std::vector<Finding> &Out) {
  const LaunchConfig &L = K.Launch;
  if (!L.Assumed || L.AssumedBlocks.empty())
    return;
  auto Dim = [](const Dim3 &D) {
    return llvm::formatv("({0},{1},{2})", D[0], D[1], D[2]).str();
  };
  Finding F = kernelRemark(
      "cuda-assumed-launch", K,
      "assuming block " + Dim(L.AssumedBlocks[0]) + "; " + L.AssumedWhy +
          " (set one with --block, an annotation or __launch_bounds__)");
  std::vector<std::string> Others;
  for (unsigned I = 1; I < L.AssumedBlocks.size(); ++I)
    Others.push_back(Dim(L.AssumedBlocks[I]));
  if (!Others.empty())
    F.Notes.push_back("also evaluated with block " +
                      llvm::join(Others, " and ") +
                      "; figures that differ between the shapes are "
                      "reported as ranges");
  Out.push_back(std::move(F));
}

void checkNoAccessReached(const KernelResult &K, const TargetModel &,
                          std::vector<Finding> &Out) {
  if (K.NoAccessReason.empty())
    return;
  Out.push_back(kernelRemark("cuda-no-access-reached", K,
                             "kernel '" + K.Name + "': " + K.NoAccessReason));
}

} // namespace cal
