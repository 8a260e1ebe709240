//===- SharedBankConflictCheck.cpp - cuda-shared-bank-conflict ------------===//
//
// A shared access conflicts when lanes of one phase hit different words of
// the same bank: the request is replayed once per extra word. A conflict
// below MinConflictDegree (by default any mean under 2-way, e.g. a few warps
// of many) is a note.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

static std::string bankOf(int64_t Off, const TargetModel &TM) {
  return "bank " + std::to_string((Off / TM.BankWidthBytes) % TM.SharedBanks);
}

namespace {
constexpr const char *MinConflictDegree = "MinConflictDegree";

class SharedBankConflictCheck : public Check {
public:
  StringRef id() const override { return "cuda-shared-bank-conflict"; }
  StringRef summary() const override {
    return "shared access needs more wavefronts than its bytes need";
  }
  StringRef explanation() const override;
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Number, MinConflictDegree, "2",
         "wavefronts per request over the ideal at which an access is a "
         "warning; a smaller mean is a note (JSON and SARIF only)"}};
    return Opts;
  }
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef SharedBankConflictCheck::explanation() const {
  return R"(Lanes of one warp request access different 4-byte words that fall in the
same shared-memory bank, so the request is split into several wavefronts
(the n-way bank conflict) and the warp waits for all of them.

How it is computed: each lane's shared-memory byte offset is evaluated
under the launch configuration; the bank of a word is (offset / 4) mod 32.
Lanes reading the same word are served at once (broadcast); the request
takes as many wavefronts as the largest number of distinct words any bank
must deliver, and wide accesses (8 or 16 bytes per lane) are split into
phases of 16 or 8 lanes first. The message gives the mean over the
evaluated warps against the ideal for the bytes requested. A mean below
MinConflictDegree times the ideal (default 2) is a note.

How to fix it: pad the row of a 2-D tile by one element ([32][33] instead of
[32][32]) so that a column walk lands in 32 different banks; or give
consecutive lanes an odd stride in words.

Example:
  __shared__ float tile[32][32];
  float v = tile[threadIdx.x][threadIdx.y]; // lanes 128 bytes apart: all in
                                            // one bank, 32 wavefronts
)";
}

void SharedBankConflictCheck::run(const KernelResult &K, const TargetModel &TM,
                                  const CheckSettings &Set,
                                  FindingSink &Out) const {
  double MinDegree = Set.number(id(), MinConflictDegree);
  LaunchTime Time = launchTime(K, TM);
  for (const AccessSummary &A : K.Accesses) {
    if (A.Space != AddrSpace::Shared || A.Wavefronts.empty())
      continue;
    // (Unlike global sectors, the figure is the mean over the samples: a
    // size that is a multiple of a large power of two, the typical case
    // for global alignment, is the worst case for banks, and a tile's
    // width is as often padded.)
    double W = A.Wavefronts.mean(), Ideal = A.IdealWavefronts.mean();
    // Any excess is a finding; a small one is a note (MinConflictDegree).
    if (W <= Ideal + 1e-9)
      continue;
    Finding F = accessFinding(
        A, K,
        "shared " + std::string(accessKindName(A.Kind)) + " takes " +
            perRequestText(A, K, W, "wavefronts") + " " +
            idealAndRatio(A, W, A.Wavefronts.Max, Ideal, "-way bank conflict"),
        bankOf, TM);
    addAccessCost(F, A, K, Time, TM, "wavefronts");
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
    if (Ideal > 0 && W / Ideal < MinDegree)
      F.Severity = Finding::Note;
    else if (std::optional<clang::FixItHint> Fix = sharedPaddingFix(A, TM))
      F.FixIts.push_back(std::move(*Fix));
    Out.report(std::move(F));
  }
}

const Check &sharedBankConflictCheck() {
  static const SharedBankConflictCheck C;
  return C;
}

} // namespace cal
