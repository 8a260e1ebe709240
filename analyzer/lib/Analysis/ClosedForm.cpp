//===- ClosedForm.cpp - Sectors per request as a function of a size -------===//
//
// Where a sampled access's byte offset is an expression of the thread
// indices and one unknown parameter (no loop variable, nothing loaded), the
// sectors (global) or wavefronts (shared) of a full warp's request can be
// computed for any value of the parameter from the expression alone. This pass
// does so over two ranges of values and states the rule they follow, so that
// the user gets "4 when w mod 8 = 0; 5.75 otherwise" instead of the figures at
// 4096 and 4097:
//
// - a saturating line in a stride: f(s) = min(C, a*s + b) for s = 1..40
//   (`in[i * s]`: min(32, 4*s));
// - or, for a shared stride, cases of its residue (`s[t * k]`: the
//   conflict degree is gcd(k, 32) for 4-byte words);
// - else cases of the parameter modulo m, the smallest m of 2..32 such that
//   the figure depends only on the residue, the same residues giving the
//   same figures at 64..127 and at 4096..4159 (`o[y * w + x]`).
//
// The figure is the mean over the warps of the launch's first evaluated
// blocks, every lane active (a guard that switches lanes off is not
// applied). It is found, not proven, for the values outside those ranges:
// the JSON and the note say which values were checked.
//
//===----------------------------------------------------------------------===//
#include "LaunchPass.h"
#include "cal/Models/MemoryModels.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>

using namespace llvm;

namespace cal {
namespace {

constexpr unsigned MaxBlocks = 4;

/// The parameter atoms of \p E; false if it holds a loop variable or an
/// opaque value.
bool paramAtoms(const Expr *E, SmallPtrSetImpl<const Expr *> &Seen,
                SmallVectorImpl<const Expr *> &Params) {
  if (!Seen.insert(E).second)
    return true;
  if (E->getKind() == ExprKind::Atom) {
    switch (E->getAtomKind()) {
    case AtomKind::Param:
      Params.push_back(E);
      return true;
    case AtomKind::Induction:
    case AtomKind::Opaque:
      return false;
    default:
      return true;
    }
  }
  for (unsigned I = 0; I < E->getNumOperands(); ++I)
    if (!paramAtoms(E->getOperand(I), Seen, Params))
      return false;
  return true;
}

class Evaluator {
public:
  Evaluator(const ExprContext &EC, const TargetModel &TM,
            const AccessSummary &A, const WarpSetup &W, ArrayRef<Dim3> Blocks,
            const Expr *P, AccessOffset Off)
      : EC(EC), TM(TM), A(A), Blocks(Blocks), P(P), Off(Off) {
    for (Bindings &B : LB) {
      for (unsigned D = 0; D < 3; ++D) {
        B.BlockDim[D] = uint32_t(W.BlockDim[D]);
        B.GridDim[D] = uint32_t(W.GridDim[D]);
      }
      for (const auto &[Atom, V] : W.ParamValues)
        B.Atoms[Atom] = V;
    }
  }

  /// Mean sectors (global) or wavefronts (shared) per full-warp request
  /// with the parameter at \p V.
  std::optional<double> sectors(int64_t V) {
    for (Bindings &B : LB)
      B.Atoms[P] = V;
    unsigned Bx = LB[0].BlockDim[0], By = LB[0].BlockDim[1];
    uint64_t Threads = uint64_t(Bx) * By * LB[0].BlockDim[2];
    double Sum = 0;
    unsigned N = 0;
    for (const Dim3 &Blk : Blocks) {
      for (Bindings &B : LB)
        for (unsigned D = 0; D < 3; ++D)
          B.BlockIdx[D] = uint32_t(Blk[D]);
      for (uint64_t W0 = 0; W0 < Threads; W0 += TM.WarpSize) {
        // The warp's lanes at once: what does not depend on threadIdx is
        // evaluated once (ExprContext::evaluateWarp).
        uint32_t Active = 0;
        for (unsigned L = 0; L < TM.WarpSize && W0 + L < Threads; ++L) {
          uint64_t T = W0 + L;
          LB[L].ThreadIdx[0] = uint32_t(T % Bx);
          LB[L].ThreadIdx[1] = uint32_t(T / Bx % By);
          LB[L].ThreadIdx[2] = uint32_t(T / (uint64_t(Bx) * By));
          Active |= 1u << L;
        }
        EvalResult R[MaxLanes];
        EC.evaluateWarp(Off.Off, LB.data(), Active, R);
        std::array<LaneAddress, MaxLanes> Lanes;
        for (unsigned L = 0; L < TM.WarpSize && W0 + L < Threads; ++L) {
          if (!R[L].Known)
            return std::nullopt;
          Lanes[L] = Off.Base + uint64_t(R[L].Value);
        }
        ArrayRef<LaneAddress> Warp = ArrayRef(Lanes).take_front(TM.WarpSize);
        bool Load = A.Kind == AccessKind::Load;
        Sum +=
            A.Space == AddrSpace::Shared
                ? computeSharedCost(TM, Warp, A.BytesPerLane, Load).Wavefronts
                : computeGlobalCost(TM, Warp, A.BytesPerLane, Load).Sectors;
        ++N;
      }
    }
    return N ? std::optional<double>(Sum / N) : std::nullopt;
  }

private:
  const ExprContext &EC;
  const TargetModel &TM;
  const AccessSummary &A;
  ArrayRef<Dim3> Blocks;
  const Expr *P;
  AccessOffset Off;
  /// One lane's bindings each; they differ in threadIdx only.
  std::array<Bindings, MaxLanes> LB;
};

/// 4, 5.5, 5.75: as many decimals as the value needs, at most two.
std::string num(double V) {
  std::string S = formatv("{0:F2}", V).str();
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

/// min(C, a*s + b) for s = 1..40. The figures are taken one at a time and
/// the first that leaves the shape ends the search: most accesses are not of
/// this shape, and each figure costs a warp evaluation per lane.
std::optional<AccessSummary::ClosedForm> saturatingLine(Evaluator &E,
                                                        StringRef Name) {
  std::optional<double> F1 = E.sectors(1), F2 = E.sectors(2);
  if (!F1 || !F2)
    return std::nullopt;
  double A = *F2 - *F1, B = *F1 - A;
  if (A <= 0 || A != std::floor(A) || B != std::floor(B))
    return std::nullopt;
  // Cap: the first figure below the line; every later one must equal it,
  // and it must lie between the line's last two values before it.
  std::optional<double> Cap;
  for (int64_t S = 3; S <= 40; ++S) {
    std::optional<double> V = E.sectors(S);
    if (!V)
      return std::nullopt;
    double Line = A * double(S) + B;
    if (Cap ? *V != *Cap : *V != Line) {
      if (Cap || *V > Line || *V < Line - A)
        return std::nullopt;
      Cap = *V;
    }
  }
  AccessSummary::ClosedForm C;
  C.Param = Name.str();
  std::string Line = num(A) + "*" + C.Param + (B > 0   ? " + " + num(B)
                                               : B < 0 ? " - " + num(-B)
                                                       : "");
  C.Text = Cap ? "min(" + num(*Cap) + ", " + Line + ")" : Line;
  C.Checked = C.Param + " = 1..40";
  return C;
}

/// The figure by the parameter's residue modulo the smallest power of two
/// that decides it, at 64..127 and at 4096..4159. The second range only
/// confirms the first (every figure equal to the one 4032 below), so it is
/// taken only once the first has a modulus, and stops at the first
/// difference.
std::optional<AccessSummary::ClosedForm> residueCases(Evaluator &E,
                                                      StringRef Name) {
  // Taken in pairs 32 apart: a pair that differs rules out every modulus
  // up to 32, which ends the search after two figures for most accesses.
  std::vector<double> Lo(64);
  for (int64_t V = 0; V < 32; ++V) {
    std::optional<double> L = E.sectors(64 + V), U = E.sectors(96 + V);
    if (!L || !U || *L != *U)
      return std::nullopt; // unknown, or no modulus up to 32 fits
    Lo[V] = Lo[V + 32] = *L;
  }
  if (llvm::all_equal(Lo))
    return std::nullopt; // the parameter changes nothing
  for (int64_t V = 0; V < 64; ++V) {
    std::optional<double> H = E.sectors(4096 + V);
    if (!H || *H != Lo[V])
      return std::nullopt;
  }
  for (unsigned M = 2; M <= 32; M *= 2) {
    bool Fits = true;
    for (unsigned V = M; V < 64 && Fits; ++V)
      Fits = Lo[V] == Lo[V % M];
    if (!Fits)
      continue;
    // Residues grouped by their figure; the largest group is "otherwise".
    std::map<double, std::vector<unsigned>> ByValue;
    for (unsigned R = 0; R < M; ++R)
      ByValue[Lo[R]].push_back(R);
    auto Largest = std::max_element(
        ByValue.begin(), ByValue.end(), [](const auto &X, const auto &Y) {
          return X.second.size() < Y.second.size();
        });
    AccessSummary::ClosedForm C;
    C.Param = Name.str();
    C.Modulus = M;
    std::vector<std::pair<std::vector<unsigned>, double>> Named;
    for (const auto &[Value, Residues] : ByValue)
      if (Value != Largest->first)
        Named.push_back({Residues, Value});
    llvm::sort(Named, [](const auto &X, const auto &Y) {
      return X.first.front() < Y.first.front();
    });
    for (const auto &[Residues, Value] : Named) {
      std::string Rs;
      for (size_t I = 0; I < Residues.size(); ++I)
        Rs += (I == 0                      ? ""
               : I + 1 == Residues.size() ? " or "
                                           : ", ") +
              std::to_string(Residues[I]);
      C.Text += num(Value) + " when " + C.Param + " mod " +
                std::to_string(M) + (Residues.size() > 1 ? " is " : " = ") +
                Rs + "; ";
      C.Cases.push_back({Residues, Value});
    }
    C.Text += num(Largest->first) + " otherwise";
    C.Cases.push_back({{}, Largest->first});
    C.Checked = C.Param + " = 64..127 and 4096..4159";
    return C;
  }
  return std::nullopt;
}

class ClosedFormPass : public LaunchPass {
public:
  StringRef name() const override { return "closed_forms"; }
  void run(LaunchState &S, KernelResult &K) const override {
    const TargetModel &TM = S.Opts.Target;
    for (size_t I = 0; I < K.Accesses.size(); ++I) {
      AccessSummary &A = K.Accesses[I];
      AccessOffset Off =
          I < S.OffsetExprs.size() ? S.OffsetExprs[I] : AccessOffset();
      bool Global = A.Space == AddrSpace::Global && !TM.countsTransactions() &&
                    A.Sectors.Max > A.IdealSectors.Min;
      // Shared atomics compiled to a compare-and-swap loop cost otherwise.
      bool Shared = A.Space == AddrSpace::Shared &&
                    A.Kind != AccessKind::Atomic &&
                    A.Wavefronts.Max > A.IdealWavefronts.Min;
      if (!Off.Off || !(Global || Shared) || K.Samples.empty() ||
          S.OverBudget || A.UnknownRequests || A.BytesPerLane == 0 ||
          A.BytesPerLane > TM.MaxAccessBytes)
        continue;
      SmallPtrSet<const Expr *, 16> Seen;
      SmallVector<const Expr *, 2> Params;
      if (!paramAtoms(Off.Off, Seen, Params) || Params.size() != 1)
        continue;
      ArrayRef<Dim3> Blocks = K.Samples.front().Blocks;
      Evaluator E(S.EC, TM, A, S.FirstSetup,
                  Blocks.take_front(std::min<size_t>(MaxBlocks, Blocks.size())),
                  Params.front(), Off);
      StringRef Name = Params.front()->getName();
      A.Closed = saturatingLine(E, Name);
      if (!A.Closed)
        A.Closed = residueCases(E, Name);
    }
  }
};

} // namespace

const LaunchPass &closedFormPass() {
  static const ClosedFormPass P;
  return P;
}

} // namespace cal
