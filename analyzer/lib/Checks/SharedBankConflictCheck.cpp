//===- SharedBankConflictCheck.cpp - cuda-shared-bank-conflict ------------===//
//
// A shared access conflicts when lanes of one phase hit different words of
// the same bank: the request is replayed once per extra word.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

namespace cal {

static std::string bankOf(int64_t Off, const TargetModel &TM) {
  return "bank " + std::to_string((Off / TM.BankWidthBytes) % TM.SharedBanks);
}

void checkSharedBankConflict(const KernelResult &K, const TargetModel &TM,
                             std::vector<Finding> &Out) {
  for (const AccessSummary &A : K.Accesses) {
    if (A.Space != AddrSpace::Shared || A.Wavefronts.empty())
      continue;
    double W = A.Wavefronts.mean(), Ideal = A.IdealWavefronts.mean();
    if (W < Ideal + 0.5)
      continue;
    Finding F = accessFinding(
        "cuda-shared-bank-conflict", A, K,
        "shared " + std::string(accessKindName(A.Kind)) + " takes " +
            perRequestText(A, K, W, "wavefronts") + " " +
            idealAndRatio(A, W, A.Wavefronts.Max, Ideal, "-way bank conflict"),
        bankOf, TM);
    // Lanes a multiple of the bank row apart all land in one bank.
    if (A.FirstWarpOffsets.size() >= 2) {
      int64_t D = A.FirstWarpOffsets[1] - A.FirstWarpOffsets[0];
      int64_t Row = int64_t(TM.SharedBanks) * TM.BankWidthBytes;
      if (D > 0 && (D / TM.BankWidthBytes) % 2 == 0)
        F.Notes.push_back(
            "fix: consecutive lanes are " + std::to_string(D) +
            " bytes apart, an even number of banks; pad each row by one "
            "element (e.g. [32][33] instead of [32][32]) so that the "
            "stride becomes odd" +
            std::string(D % Row == 0 ? "" : ", or use an odd stride"));
    }
    Out.push_back(std::move(F));
  }
}

} // namespace cal
