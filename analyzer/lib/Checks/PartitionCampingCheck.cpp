//===- PartitionCampingCheck.cpp - cuda-partition-camping -----------------===//
//
// On GPUs whose global memory is a plain interleave of partitions (G80 and
// GT200: 256-byte chunks over 6 or 8 partitions), the blocks that run at
// once should spread their requests over all partitions. When their first
// requests at an access land in a few partitions while spanning many
// chunks, those partitions queue and the others idle: partition camping.
// The survey (PartitionSurvey.cpp) follows the blocks in launch order.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cal {

namespace {
constexpr const char *MaxPartitionShare = "MaxPartitionShare";

class PartitionCampingCheck : public Check {
public:
  StringRef id() const override { return "cuda-partition-camping"; }
  StringRef summary() const override {
    return "the blocks running at once send an access to few memory "
           "partitions (compute capability 1.x)";
  }
  StringRef explanation() const override;
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Number, MaxPartitionShare, "0.5",
         "the share of the partitions at or below which the blocks running "
         "at once camp (0.5: 4 of 8 on GT200, 3 of 6 on G80)"}};
    return Opts;
  }
  void run(const KernelResult &K, const TargetModel &TM, const CheckSettings &S,
           FindingSink &Out) const override;
};
} // namespace

StringRef PartitionCampingCheck::explanation() const {
  return R"(On GPUs of compute capability 1.x, global memory is split into partitions
(8 on GT200, e.g. GeForce GTX 280 and sm_13; 6 on G80, sm_10), and
consecutive 256-byte chunks go to consecutive partitions. Blocks start in
the order of their position in the grid (x first). When the blocks that run
at the same time all send an access to the same few partitions, those
partitions serialise the requests while the others idle: partition camping.
It depends on the problem size: a matrix whose row is a multiple of
8 x 256 bytes puts every row start in the same partition.

How it is computed: the first blocks of the grid in launch order are
evaluated, as many as run at once on the architecture's reference part
(multiprocessors x the blocks one holds by its block and thread limits;
registers and shared memory may allow fewer). For each global load and
store, the first request of each of their warps is taken, and the
partitions of its bytes counted: partition = (offset / 256) mod 8 on
GT200. A finding when they touch at most MaxPartitionShare of the
partitions (default half) while spanning at least as many 256-byte chunks
as there are partitions (so a small grid that cannot fill the partitions
is not reported).

From Fermi (sm_20) on, addresses are spread over the partitions by a hash,
and the check does not apply; nor for sm_11 and sm_12, whose partition
counts the sources do not give. The JSON output's assumptions[] says so.

How to fix it: reorder the blocks diagonally, so that the blocks running at
once work on tiles of different columns:
  int by = blockIdx.x;
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
and use bx, by in place of blockIdx.x, blockIdx.y (square grids); or pad
the rows so that their length is not a multiple of 256 bytes times the
partitions.

Example (n = 4096 floats per row, GTX 280, block (32,8)):
  // tiled transpose: the 120 blocks of blockIdx.y == 0 run at once and
  // store rows starting at blockIdx.y*32: all in partition 0, 1 of 8
  odata[(blockIdx.x*32 + threadIdx.y + i) * n + blockIdx.y*32 + threadIdx.x]
      = tile[threadIdx.x][threadIdx.y + i];
)";
}

void PartitionCampingCheck::run(const KernelResult &K, const TargetModel &TM,
                                const CheckSettings &Set,
                                FindingSink &Out) const {
  if (!TM.Partitions)
    return;
  const PartitionSurvey &P = K.Results.get<PartitionSurvey>();
  double Share = Set.number(id(), MaxPartitionShare);
  for (const PartitionUse &U : P.Uses) {
    unsigned Touched = unsigned(llvm::popcount(U.PartitionMask));
    if (U.Unknown || !Touched || U.Chunks < TM.Partitions ||
        Touched > Share * TM.Partitions)
      continue;
    std::vector<std::string> Which;
    for (unsigned I = 0; I < TM.Partitions; ++I)
      if (U.PartitionMask >> I & 1)
        Which.push_back(std::to_string(I));
    Finding F;
    F.Range = U.Range;
    F.Pos = U.Pos;
    F.Message = "global " + std::string(accessKindName(U.Kind)) + ": the " +
                std::to_string(P.Blocks) +
                " blocks that run at once send their first requests to " +
                std::to_string(Touched) + " of " +
                std::to_string(TM.Partitions) +
                " memory partitions (partition camping)";
    F.Notes.push_back("in " + launchText(K));
    F.Notes.push_back(
        "blocks 0 to " + std::to_string(P.Blocks - 1) +
        " in launch order (x first): " + std::to_string(TM.Multiprocessors) +
        " multiprocessors of a " + TM.ReferencePart + " x " +
        std::to_string(P.BlocksPerSM) +
        " blocks each (block and thread limits; registers and shared memory "
        "may allow fewer)" +
        (P.Sample.empty() ? "" : ", with " + P.Sample));
    F.Notes.push_back(
        "their first requests to '" + U.Object + "' span " +
        std::to_string(U.Chunks) + " chunks of " +
        std::to_string(TM.PartitionBytes) + " bytes, all in partition" +
        (Which.size() > 1 ? "s " : " ") + join(Which, ", ") + " (chunk mod " +
        std::to_string(TM.Partitions) + ", counted from the array's start)");
    F.Notes.push_back(
        "fix: reorder the blocks diagonally (by = blockIdx.x; bx = "
        "(blockIdx.x + blockIdx.y) % gridDim.x, for a square grid) so that "
        "the blocks running at once touch different partitions; or pad each "
        "row so that its length is not a multiple of " +
        std::to_string(TM.PartitionBytes * TM.Partitions) + " bytes");
    Out.report(std::move(F));
  }
}

std::string partitionCampingNotApplicable(const TargetModel &TM) {
  return "cuda-partition-camping does not apply to " + TM.Arch + ": " +
         (TM.countsTransactions() && TM.Global != GlobalScheme::LineOrSegment
              ? std::string("the sources document no partition layout for "
                            "its parts (only G80, sm_10: 6, and GT200, "
                            "sm_13: 8 partitions of 256 bytes)")
              : std::string("the sources describe partition camping for "
                            "compute capability 1.x; from Fermi (sm_20) on "
                            "addresses are spread over the partitions by a "
                            "hash, not interleaved in 256-byte chunks"));
}

const Check &partitionCampingCheck() {
  static const PartitionCampingCheck C;
  return C;
}

} // namespace cal
