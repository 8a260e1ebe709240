//===- UncoalescedGlobalCheck.cpp - cuda-uncoalesced-global ---------------===//
//
// A global access is uncoalesced when its active lanes touch more 32-byte
// sectors than the bytes they need: every extra sector is bandwidth moved
// and thrown away. A small excess (a halo row of a stencil, 1.05x to 1.4x the
// ideal on public code) is real but rarely worth a change: below
// MinExcessRatio it is a note, not a warning.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

static std::string byteOffset(int64_t Off, const TargetModel &) {
  return "byte " + std::to_string(Off);
}

/// The distance between the first two active lanes, in bytes.
static std::optional<int64_t> laneStride(const AccessSummary &A) {
  if (A.FirstWarpOffsets.size() < 2)
    return std::nullopt;
  int64_t D = A.FirstWarpOffsets[1] - A.FirstWarpOffsets[0];
  int64_t L = A.FirstWarpLanes[1] - A.FirstWarpLanes[0];
  return L ? std::optional<int64_t>(D / L) : std::nullopt;
}

/// Lanes at base + lane * bytes from a sector-aligned base: every sector
/// above the ideal comes from lanes that are switched off (the divergence
/// check reports that), not from the access pattern.
static bool laneContiguousAligned(const AccessSummary &A,
                                  const TargetModel &TM) {
  if (A.FirstWarpOffsets.empty())
    return false;
  int64_t Base =
      A.FirstWarpOffsets[0] - int64_t(A.FirstWarpLanes[0]) * A.BytesPerLane;
  for (unsigned I = 0; I < A.FirstWarpOffsets.size(); ++I)
    if (A.FirstWarpOffsets[I] !=
        Base + int64_t(A.FirstWarpLanes[I]) * A.BytesPerLane)
      return false;
  return Base % TM.SectorBytes == 0;
}

/// Sectors over ideal sectors of every global access on \p A's line
/// together, weighted by their requests: the line's excess as a profiler's
/// source view shows it. An offset that spills into one more sector
/// (v[tid] += v[tid + 4], 13 sectors for 12) is small beside the line's
/// other requests; a single access keeps its own ratio.
static double lineRatio(const KernelResult &K, const AccessSummary &A) {
  double S = 0, Ideal = 0;
  for (const AccessSummary &B : K.Accesses)
    if (B.Space == AddrSpace::Global && !B.Sectors.empty() &&
        B.Pos.Line == A.Pos.Line && B.Pos.File == A.Pos.File) {
      double W = B.WeightedRequests > 0 ? B.WeightedRequests : 1;
      S += W * B.Sectors.mean();
      Ideal += W * B.IdealSectors.mean();
    }
  return Ideal > 0 ? S / Ideal : 0;
}

namespace {
constexpr const char *MinExcessRatio = "MinExcessRatio";

class UncoalescedGlobalCheck : public Check {
public:
  StringRef id() const override { return "cuda-uncoalesced-global"; }
  StringRef summary() const override {
    return "global access touches more 32-byte sectors than its bytes need";
  }
  StringRef explanation() const override;
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Number, MinExcessRatio, "1.25",
         "sectors per request over the ideal at which an access is a "
         "warning; a smaller excess is a note (JSON and SARIF only)"}};
    return Opts;
  }
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef UncoalescedGlobalCheck::explanation() const {
  return R"(The active lanes of one warp request touch more 32-byte sectors of global
memory than the bytes they read or write need, so the memory system moves
data that is thrown away.

How it is computed: each lane's byte address is evaluated under the kernel's
launch configuration, warp by warp; the distinct 32-byte sectors of the
active lanes are counted per request and compared with the ideal, the
fewest sectors that could hold the bytes the active lanes need. The
message gives the mean over the evaluated warps (weighted by the blocks
each evaluated block stands for) and the ratio to the ideal. An access
below MinExcessRatio times the ideal (default 1.25) is a note, and so is
one whose line, all its global accesses together, stays below it (the
line's excess as a profiler's source view shows it: v[tid] += v[tid + 4]
touches 4, 5 and 4 sectors where 12 would do, 1.08x).

How to fix it: let consecutive lanes access consecutive elements; stage a
column walk through a shared-memory tile; use a structure of arrays instead
of an array of structures; align the base of a contiguous range to 32 bytes.

Example:
  __global__ void k(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i * 32] = 0.f;   // lanes 128 bytes apart: 32 sectors per request
  }                    // where 4 would do (8x the bytes moved)
)";
}

void UncoalescedGlobalCheck::run(const KernelResult &K, const TargetModel &TM,
                                 const CheckSettings &Set,
                                 FindingSink &Out) const {
  double MinRatio = Set.number(id(), MinExcessRatio);
  LaunchTime Time = launchTime(K, TM);
  for (const AccessSummary &A : K.Accesses) {
    if (A.Space != AddrSpace::Global || A.Sectors.empty())
      continue;
    // The typical case decides (sizes that are multiples of the access
    // span); a figure of the misaligned samples alone is a note naming
    // them, never a warning.
    double S = A.headline(K), Ideal = A.IdealSectors.mean();
    bool EdgeOnly = S <= Ideal + 1e-9 && A.Sectors.Max > Ideal + 1e-9 &&
                    !A.sampleDependence(K).empty();
    // Legacy models: a transaction moves 32 to 128 bytes, so as many
    // transactions as the ideal may still move more bytes than needed
    // (1.2/1.3: lanes 8 bytes apart take one 128-byte transaction for 64
    // needed bytes).
    bool Txn = TM.countsTransactions();
    double Moved = A.TransactionBytes.mean(), Needed = A.IdealBytes.mean();
    bool ExcessBytes =
        Txn && Needed > 0 && Moved > Needed + 1e-9 && S <= Ideal + 1e-9;
    // Any excess is a finding; a small one is a note (MinExcessRatio).
    if ((S <= Ideal + 1e-9 && !ExcessBytes && !EdgeOnly) ||
        (A.ActiveLanes.mean() < TM.WarpSize && laneContiguousAligned(A, TM)))
      continue;
    // Legacy models count transactions per warp instruction (both
    // half-warps on 1.x), whose ideal is in transactions too.
    std::string What = ExcessBytes
                           ? "moving " + fmtNum(Moved) + " bytes where " +
                                 fmtNum(Needed) + " would do (" +
                                 fmtNum(Moved / Needed) + "x)"
                           : idealAndRatio(A, S, A.Sectors.Max, Ideal,
                                           Txn ? "x the fewest transactions"
                                               : "x the bytes moved");
    Finding F =
        accessFinding(A, K,
                      "global " + std::string(accessKindName(A.Kind)) +
                          (Txn ? " takes " : " touches ") +
                          perRequestText(A, K, S, TM.globalUnit().data()) +
                          (ExcessBytes ? ", " : " ") + What,
                      byteOffset, TM);
    addAccessCost(F, A, K, Time, TM, "sectors");
    if (Txn)
      F.Notes.push_back(TM.globalRuleText());
    // The alignment a contiguous range needs: a sector, or on 1.x the
    // half-warp's segment of 16 words.
    int64_t Align = TM.Global == GlobalScheme::StrictHalfWarp ||
                            TM.Global == GlobalScheme::SegmentHalfWarp
                        ? int64_t(TM.GlobalRequestLanes) * A.BytesPerLane
                        : int64_t(TM.SectorBytes);
    std::optional<int64_t> Stride = laneStride(A);
    if (Stride && *Stride == int64_t(A.BytesPerLane) &&
        A.FirstWarpLanes[0] == 0 && A.FirstWarpOffsets[0] % Align)
      F.Notes.push_back("fix: the lanes are contiguous but start " +
                        std::to_string(A.FirstWarpOffsets[0] % Align) +
                        " bytes into " + (Txn ? "a segment" : "a sector") +
                        "; align the base of the accessed range to " +
                        std::to_string(Align) + " bytes");
    else if (Stride && *Stride >= int64_t(TM.LineBytes))
      F.Notes.push_back(
          "fix: consecutive lanes are " + std::to_string(*Stride) +
          " bytes apart (a column walk); stage the data through a "
          "shared-memory tile so that the global access runs along rows");
    else if (Stride && *Stride > int64_t(A.BytesPerLane)) {
      F.Notes.push_back(
          "fix: consecutive lanes are " + std::to_string(*Stride) +
          " bytes apart for " + std::to_string(A.BytesPerLane) +
          "-byte elements; use a structure of arrays, or let consecutive "
          "lanes take consecutive elements");
      // A lane that also needs the elements up to the next lane's can take
      // them in one wide load: fewer requests for the same sectors.
      // Wide loads exist for 8 and 16 bytes per lane only (12-byte float3
      // is three loads).
      if ((*Stride == 8 || *Stride == 16) &&
          *Stride <= int64_t(TM.MaxAccessBytes) &&
          *Stride % A.BytesPerLane == 0)
        F.Notes.push_back(
            "fix: if each lane also uses the " +
            std::to_string(*Stride / A.BytesPerLane - 1) +
            " element(s) after this one, vectorize: one " +
            std::to_string(*Stride) + "-byte load per lane (" +
            (*Stride == 8 ? "float2, int2" : "float4, int4, double2") +
            ") replaces " + std::to_string(*Stride / A.BytesPerLane) +
            " requests touching the same " + (Txn ? "segments" : "sectors"));
    }
    if (EdgeOnly || (ExcessBytes ? Moved / Needed < MinRatio
                                 : Ideal > 0 && (S / Ideal < MinRatio ||
                                                 lineRatio(K, A) < MinRatio)))
      F.Severity = Finding::Note;
    Out.report(std::move(F));
  }
}

const Check &uncoalescedGlobalCheck() {
  static const UncoalescedGlobalCheck C;
  return C;
}

} // namespace cal
