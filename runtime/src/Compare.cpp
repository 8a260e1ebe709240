//===- Compare.cpp - Predictions against measurements ---------------------===//
#include "cal/runtime/Compare.h"

#include "Format.h"

#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace cal {

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Agree:
    return "agree";
  case Verdict::Mismatch:
    return "MISMATCH";
  case Verdict::NoPrediction:
    return "no prediction";
  case Verdict::NoMeasurement:
    return "no measurement";
  case Verdict::InRange:
    return "within range";
  }
  return "?";
}

static double metricOr(const LaunchMeasurement &L, const char *Name) {
  auto It = L.Metrics.find(Name);
  return It == L.Metrics.end() ? Unknown : It->second;
}

static double ratio(double Num, double Den) {
  return (std::isnan(Num) || std::isnan(Den) || Den <= 0) ? Unknown : Num / Den;
}

namespace {

class Comparer {
public:
  Comparer(const Measurements &M, const Predictions *P, const Tolerances &Tol)
      : M(M), P(P), Tol(Tol) {}

  Comparison run() {
    C.HavePredictions = P != nullptr;
    std::vector<LaunchMatch> Matches;
    if (P)
      Matches = matchLaunches(M, *P);
    for (size_t I = 0; I < M.Launches.size(); ++I) {
      const LaunchMeasurement &L = M.Launches[I];
      if (!P) {
        compareLaunch(L, nullptr);
        continue;
      }
      const LaunchMatch &Mt = Matches[I];
      if (Mt.Kernel && Mt.Config != ConfigMatch::Exact) {
        Row &R = newRow(L, "kernel", "launch configuration");
        R.PredictedText = configText(Mt.Kernel->Grid, Mt.Kernel->Block,
                                     Mt.Kernel->GridUnknown);
        R.MeasuredText = configText(L.Grid, L.Block);
        R.Note = Mt.Note;
        R.V = Verdict::NoPrediction;
      }
      // A configuration that is not the predicted one is reported as such:
      // its quantities are shown unjudged rather than counted as errors.
      compareLaunch(L, Mt.Config == ConfigMatch::Differs ? nullptr : Mt.Kernel,
                    Mt.Kernel != nullptr);
      if (Mt.Kernel && Mt.Config != ConfigMatch::Differs)
        addCost(L, *Mt.Kernel);
    }
    for (const Row &R : C.Rows) {
      switch (R.V) {
      case Verdict::Agree:
        ++C.Agree;
        break;
      case Verdict::Mismatch:
        ++C.Mismatch;
        break;
      case Verdict::NoPrediction:
        ++C.NoPrediction;
        break;
      case Verdict::NoMeasurement:
        ++C.NoMeasurement;
        break;
      case Verdict::InRange:
        ++C.InRange;
        break;
      }
    }
    return std::move(C);
  }

private:
  const Measurements &M;
  const Predictions *P;
  Tolerances Tol;
  Comparison C;

  std::string tolText(double Pred) const {
    return "+-" + fmt(std::max(Tol.Abs, Tol.Rel * std::fabs(Pred)));
  }

  /// Verdict for a numeric quantity with an optional predicted range.
  /// \p Bound: the prediction is the range itself (an upper bound), so
  /// anything in it agrees.
  void judge(Row &R, const PredictedRange &PR, bool Bound = false) {
    R.Predicted = PR.Mean;
    if (std::isnan(R.Measured)) {
      R.V = Verdict::NoMeasurement;
      return;
    }
    if (std::isnan(PR.Mean)) {
      R.V = Verdict::NoPrediction;
      return;
    }
    double Lo = std::isnan(PR.Min) ? PR.Mean : PR.Min;
    double Hi = std::isnan(PR.Max) ? PR.Mean : PR.Max;
    R.PredictedText = Lo == Hi
                          ? fmt(PR.Mean)
                          : fmt(PR.Mean) + " [" + fmt(Lo) + "," + fmt(Hi) + "]";
    double Slack = std::max(Tol.Abs, Tol.Rel * std::fabs(PR.Mean));
    R.Tolerance = tolText(PR.Mean);
    // The headline decides; the range only gives the weaker verdict.
    bool InRange = R.Measured >= Lo - Slack && R.Measured <= Hi + Slack;
    if (std::fabs(R.Measured - PR.Mean) <= Slack || (Bound && InRange))
      R.V = Verdict::Agree;
    else if (Lo != Hi && InRange)
      R.V = Verdict::InRange;
    else
      R.V = Verdict::Mismatch;
  }

  Row &newRow(const LaunchMeasurement &L, const std::string &Scope,
              const std::string &Quantity) {
    C.Rows.emplace_back();
    Row &R = C.Rows.back();
    R.Launch = L.Label;
    R.Kernel = L.Kernel;
    R.Scope = Scope;
    R.Quantity = Quantity;
    return R;
  }

  /// \p Explained: the launch row for a missing prediction was written.
  void compareLaunch(const LaunchMeasurement &L, const PredictedKernel *K,
                     bool Explained = false);
  void compareLines(const LaunchMeasurement &L, const PredictedKernel *K);
  void addCost(const LaunchMeasurement &L, const PredictedKernel &K);
};

/// The launch's estimated time beside the measured median, with the
/// findings whose fix the prediction says saves time.
void Comparer::addCost(const LaunchMeasurement &L, const PredictedKernel &K) {
  if (std::isnan(K.EstimatedUs))
    return;
  LaunchCost LC;
  LC.Launch = L.Label;
  LC.Kernel = L.Kernel;
  LC.PredictedUs = K.EstimatedUs;
  if (L.TimedRuns > 0)
    LC.MeasuredUs = L.MedianMs * 1000;
  LC.BoundBy = K.EstimatedBoundBy;
  LC.Certainty = K.EstimatedCertainty;
  for (const PredictedAccess &A : K.Accesses)
    if (!std::isnan(A.SavedUs) || !std::isnan(A.TrafficShare))
      LC.Findings.push_back({A.File + ":" + std::to_string(A.Line),
                             A.Space + " " + A.Kind, A.SavedUs,
                             A.TrafficShare});
  std::stable_sort(
      LC.Findings.begin(), LC.Findings.end(),
      [](const LaunchCost::Finding &X, const LaunchCost::Finding &Y) {
        double A = std::isnan(X.SavedUs) ? -1 : X.SavedUs;
        double B = std::isnan(Y.SavedUs) ? -1 : Y.SavedUs;
        return A > B;
      });
  C.Costs.push_back(std::move(LC));
}

/// SASS per-request sums over all lines of one class, for the per-kernel
/// shared rows: the hardware's ld bank-conflict counter is inexact
/// (gpu-facts.md), the patched per-instruction wavefronts are not.
static void sassTotals(const LaunchMeasurement &L, const char *Class,
                       double &Units, double &Executed) {
  Units = Executed = 0;
  for (const LineMeasurement &Line : L.Lines) {
    auto It = Line.Classes.find(Class);
    if (It == Line.Classes.end())
      continue;
    Units += It->second.Wavefronts;
    Executed += requestsOf(It->second);
  }
}

void Comparer::compareLaunch(const LaunchMeasurement &L,
                             const PredictedKernel *K, bool Explained) {
  using namespace metric;
  if (!K && !Explained) {
    Row &R = newRow(L, "kernel", "launch");
    R.V = Verdict::NoPrediction;
    R.MeasuredText = L.MangledName + " grid " + std::to_string(L.Grid[0]) +
                     "x" + std::to_string(L.Grid[1]) + "x" +
                     std::to_string(L.Grid[2]);
    R.Note = P ? "no predicted kernel with this name, grid and block"
               : "no predictions file given";
  }
  struct GlobalQ {
    const char *Name, *Sectors, *Requests;
    const PredictedSummary *S;
  };
  PredictedSummary None;
  GlobalQ Gs[] = {
      {"global_ld sectors/req", GlobalLdSectors, GlobalLdRequests,
       K ? &K->GlobalLoad : &None},
      {"global_st sectors/req", GlobalStSectors, GlobalStRequests,
       K ? &K->GlobalStore : &None},
  };
  for (const GlobalQ &G : Gs) {
    double Req = metricOr(L, G.Requests);
    bool PredictedSome =
        !std::isnan(G.S->RequestsPerWarp) && G.S->RequestsPerWarp > 0;
    if (!(Req > 0) && !PredictedSome)
      continue; // neither side has this kind of access
    Row &R = newRow(L, "kernel", G.Name);
    R.Measured = ratio(metricOr(L, G.Sectors), Req);
    R.MeasuredText = fmt(R.Measured);
    PredictedRange PR;
    PR.Mean = G.S->PerRequest;
    judge(R, PR);
    if (!K)
      R.V = Verdict::NoPrediction;
  }

  struct SharedQ {
    const char *Name, *Class, *HwWavefronts, *HwInst;
    const PredictedSummary *S;
  };
  SharedQ Ss[] = {
      {"shared_ld wavefronts/req", "shared_ld", SharedLdWavefronts,
       SharedLdInst, K ? &K->SharedLoad : &None},
      {"shared_st wavefronts/req", "shared_st", SharedStWavefronts,
       SharedStInst, K ? &K->SharedStore : &None},
  };
  for (const SharedQ &S : Ss) {
    double Units, Executed;
    sassTotals(L, S.Class, Units, Executed);
    double HwInst = metricOr(L, S.HwInst);
    bool PredictedSome =
        !std::isnan(S.S->RequestsPerWarp) && S.S->RequestsPerWarp > 0;
    if (!(Executed > 0) && !(HwInst > 0) && !PredictedSome)
      continue;
    Row &R = newRow(L, "kernel", S.Name);
    R.Measured = ratio(Units, Executed);
    double Hw = ratio(metricOr(L, S.HwWavefronts), HwInst);
    if (std::isnan(R.Measured))
      R.Measured = Hw; // no SASS data: fall back to the hardware counter
    R.MeasuredText = fmt(R.Measured);
    // The hardware ratio reads 3-10% high on the H100, for loads and
    // stores alike (docs/measurements-h100.md); shown, not judged.
    R.Note = "hw counter " + fmt(Hw);
    PredictedRange PR;
    PR.Mean = S.S->PerRequest;
    judge(R, PR);
    if (!K)
      R.V = Verdict::NoPrediction;
  }

  // Theoretical occupancy: a calculation from the launch's resources, so an
  // exact prediction must equal the counter (to its two printed decimals);
  // one without registers is an upper bound.
  if (double Hw = metricOr(L, TheoreticalOccupancy);
      !std::isnan(Hw) || (K && !std::isnan(K->OccupancyPct))) {
    Row &R = newRow(L, "kernel", "theoretical occupancy %");
    R.Measured = Hw;
    R.MeasuredText = std::isnan(Hw) ? "-" : fmt(Hw);
    double Ach = metricOr(L, AchievedOccupancy);
    if (!std::isnan(Ach))
      R.Note = "achieved " + fmt(Ach);
    PredictedRange PR;
    PR.Mean = K ? K->OccupancyPct : Unknown;
    if (K && !K->OccupancyExact) {
      PR.Min = 0;
      PR.Max = PR.Mean;
      R.Note += std::string(R.Note.empty() ? "" : "; ") +
                "registers unknown: an upper bound";
    }
    Tolerances Saved = Tol;
    Tol.Abs = 0.01;
    Tol.Rel = 0;
    judge(R, PR, /*Bound=*/K && !K->OccupancyExact);
    Tol = Saved;
    if (!K)
      R.V = Verdict::NoPrediction;
  }

  // Divergence: does any branch target split a warp? The prediction counts
  // only branches the analyzer expects to survive as branches.
  {
    Row &R = newRow(L, "kernel", "divergent branches");
    double Div = metricOr(L, BranchDivergent);
    R.Measured = Div;
    R.MeasuredText = std::isnan(Div) ? "-"
                     : Div > 0       ? "yes (" + fmt(Div) + " targets)"
                                     : "no";
    if (K) {
      bool AnyDiv = false, AnyUnknown = false;
      for (const PredictedBranch &B : K->Branches) {
        if (B.Classification == "divergent" && !B.LikelyPredicated)
          AnyDiv = true;
        if (B.Classification == "unknown")
          AnyUnknown = true;
      }
      R.Predicted = AnyDiv ? 1 : 0;
      R.PredictedText = AnyDiv ? "yes" : "no";
      R.Tolerance = "yes/no";
      if (std::isnan(Div))
        R.V = Verdict::NoMeasurement;
      else if (!AnyDiv && AnyUnknown)
        R.V = Verdict::NoPrediction, R.Note = "a branch is 'unknown'";
      else
        R.V = (AnyDiv == (Div > 0)) ? Verdict::Agree : Verdict::Mismatch;
    } else {
      R.V = Verdict::NoPrediction;
    }
  }
  compareLines(L, K);
}

void Comparer::compareLines(const LaunchMeasurement &L,
                            const PredictedKernel *K) {
  struct ClassQ {
    const char *Class, *Space, *Kind, *Unit;
  };
  static const ClassQ Classes[] = {
      {"global_ld", "global", "load", "sectors/req"},
      {"global_st", "global", "store", "sectors/req"},
      {"global", "global", "", "sectors/req"},
      {"shared_ld", "shared", "load", "wavefronts/req"},
      {"shared_st", "shared", "store", "wavefronts/req"},
      {"shared", "shared", "", "wavefronts/req"},
  };
  for (const LineMeasurement &Line : L.Lines) {
    // Instructions without line information (a program built without
    // -lineinfo) count in the kernel's totals only; the launch's note says
    // so.
    if (Line.File.empty() && Line.Line == 0)
      continue;
    std::string Scope = Line.File + ":" + std::to_string(Line.Line);
    for (const ClassQ &Q : Classes) {
      auto It = Line.Classes.find(Q.Class);
      if (It == Line.Classes.end())
        continue;
      const ClassCounters &CC = It->second;
      bool Global = std::string(Q.Space) == "global";
      Row &R = newRow(L, Scope, std::string(Q.Class) + " " + Q.Unit);
      // Per request (an execution with an active lane) where the counters
      // tell them apart (NcuReport.h), else per executed instruction.
      double Den = requestsOf(CC);
      R.Measured = ratio(Global ? CC.Sectors : CC.Wavefronts, Den);
      R.MeasuredText = fmt(R.Measured);
      double Ideal = ratio(Global ? CC.SectorsIdeal : CC.WavefrontsIdeal, Den);
      R.Note = "ideal " + fmt(Ideal) + ", " + std::to_string(CC.Instructions) +
               " instr.";
      if (CC.Requests > 0 && CC.RequestsInferred)
        R.Note += ", requests estimated";
      else if (!(CC.Requests > 0) && !(CC.OpExecuted > 0))
        R.Note += ", per executed instruction";
      // Execution-weighted mean of the predicted accesses of this line.
      PredictedRange PR;
      double WSum = 0, Sum = 0, Lo = INFINITY, Hi = -INFINITY;
      unsigned Matched = 0, UnknownCount = 0;
      if (K)
        for (const PredictedAccess &A : K->Accesses) {
          if (A.Space != Q.Space || (Q.Kind[0] && A.Kind != Q.Kind))
            continue;
          // The user's line, or the header's for an access made in a
          // CUDA header's function (the profiler may name either).
          bool AtUser = A.Line == Line.Line &&
                        (A.File.empty() || sameSourceFile(A.File, Line.File));
          bool AtHeader = A.HeaderLine && A.HeaderLine == Line.Line &&
                          sameSourceFile(A.HeaderFile, Line.File);
          if (!AtUser && !AtHeader)
            continue;
          ++Matched;
          const PredictedRange &V = Global ? A.Sectors : A.Wavefronts;
          if (std::isnan(V.Mean)) {
            ++UnknownCount;
            continue;
          }
          double W = std::isnan(A.ExecutionsPerWarp) || A.ExecutionsPerWarp <= 0
                         ? 1.0
                         : A.ExecutionsPerWarp;
          Sum += W * V.Mean;
          WSum += W;
          Lo = std::min(Lo, std::isnan(V.Min) ? V.Mean : V.Min);
          Hi = std::max(Hi, std::isnan(V.Max) ? V.Mean : V.Max);
        }
      if (WSum > 0 && UnknownCount == 0) {
        PR.Mean = Sum / WSum;
        PR.Min = Lo;
        PR.Max = Hi;
      }
      judge(R, PR);
      if (R.V == Verdict::NoPrediction)
        R.Note += Matched ? "; predicted 'unknown'"
                          : "; no predicted access on this line";
    }
    auto Br = Line.Classes.find("branch");
    if (Br != Line.Classes.end() && Br->second.DivergentTargets > 0) {
      Row &R = newRow(L, Scope, "divergent branch");
      R.Measured = Br->second.DivergentTargets;
      R.MeasuredText = "yes (" + fmt(R.Measured) + " targets)";
      R.V = Verdict::NoPrediction;
      if (K)
        for (const PredictedBranch &B : K->Branches)
          if (B.Line == Line.Line && B.Classification != "unknown") {
            bool Div = B.Classification == "divergent" && !B.LikelyPredicated;
            R.Predicted = Div;
            R.PredictedText = Div ? "yes" : "no (" + B.Classification + ")";
            R.Tolerance = "yes/no";
            R.V = Div ? Verdict::Agree : Verdict::Mismatch;
            break;
          }
    }
  }
  // Predicted divergent branches on lines where nothing diverged.
  if (!K || L.Lines.empty())
    return;
  for (const PredictedBranch &B : K->Branches) {
    if (B.Classification != "divergent" || B.LikelyPredicated)
      continue;
    bool Measured = false;
    for (const LineMeasurement &Line : L.Lines)
      if (Line.Line == B.Line && Line.Classes.count("branch") &&
          Line.Classes.at("branch").DivergentTargets > 0)
        Measured = true;
    if (Measured)
      continue;
    Row &R =
        newRow(L, B.File + ":" + std::to_string(B.Line), "divergent branch");
    R.Predicted = 1;
    R.PredictedText = "yes";
    R.Measured = 0;
    R.MeasuredText = "no";
    R.Tolerance = "yes/no";
    R.V = Verdict::Mismatch;
  }
}

} // namespace

Comparison compare(const Measurements &M, const Predictions *P,
                   const Tolerances &Tol) {
  return Comparer(M, P, Tol).run();
}

} // namespace cal
