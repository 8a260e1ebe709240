//===- Checks.cpp - The check registry and shared helpers -----------------===//
#include "CheckSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cassert>
#include <tuple>

using namespace llvm;

namespace cal {

llvm::ArrayRef<const Check *> registeredChecks() {
  static const Check *const Checks[] = {
#define CAL_CHECK(Accessor) &Accessor(),
#include "Checks.def"
#undef CAL_CHECK
  };
  return Checks;
}

const Check *findCheck(StringRef Id) {
  for (const Check *C : registeredChecks())
    if (C->id() == Id)
      return C;
  return nullptr;
}

std::string nearestSpelling(StringRef Word, ArrayRef<std::string> Candidates) {
  std::string Best;
  unsigned BestDist = ~0u;
  for (const std::string &C : Candidates) {
    unsigned D = Word.edit_distance_insensitive(C);
    if (D < BestDist) {
      BestDist = D;
      Best = C;
    }
  }
  return BestDist <= std::max<size_t>(3, Word.size() / 3) ? Best : "";
}

std::string nearestCheckId(StringRef Id) {
  std::vector<std::string> Ids;
  for (const Check *C : registeredChecks())
    Ids.push_back(C->id().str());
  return nearestSpelling(Id, Ids);
}

Error validateCheckGlobs(StringRef Globs) {
  SmallVector<StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim();
    P.consume_front("-");
    P = P.trim();
    if (P.empty() || P.contains('*') || findCheck(P))
      continue;
    std::string Near = nearestCheckId(P);
    return createStringError("unknown check '" + P + "'" +
                             (Near.empty() ? " (see --list-checks)"
                                           : "; did you mean '" + Near + "'?"));
  }
  return Error::success();
}

static const CheckOption *findOption(StringRef CheckId, StringRef Name) {
  if (const Check *C = findCheck(CheckId))
    for (const CheckOption &O : C->options())
      if (Name == O.Name)
        return &O;
  return nullptr;
}

Error CheckSettings::set(StringRef Key, StringRef Value) {
  auto [Id, Name] = Key.rsplit('.');
  const CheckOption *O = findOption(Id, Name);
  if (!O) {
    std::vector<std::string> Keys;
    for (auto &[K, V] : allOptions())
      Keys.push_back(K);
    std::string Near = nearestSpelling(Key, Keys);
    return createStringError(
        "unknown check option '" + Key + "'" +
        (Near.empty() ? std::string(" (see --explain CHECK for a check's "
                                    "options)")
                      : "; did you mean '" + Near + "'?"));
  }
  Value = Value.trim();
  bool Ok = true;
  if (O->Kind == CheckOption::Bool) {
    Ok = Value == "true" || Value == "false";
  } else {
    double D;
    Ok = to_float(Value, D) && D >= 0;
  }
  if (!Ok)
    return createStringError("option '" + Key + "' takes " +
                             (O->Kind == CheckOption::Bool
                                  ? "true or false"
                                  : "a non-negative number") +
                             ", not '" + Value + "'");
  Values[Key.str()] = Value.str();
  return Error::success();
}

std::string CheckSettings::raw(StringRef CheckId, StringRef Name) const {
  auto It = Values.find((CheckId + "." + Name).str());
  if (It != Values.end())
    return It->second;
  const CheckOption *O = findOption(CheckId, Name);
  assert(O && "a check reads an option it does not declare");
  return O ? O->Default : "";
}

double CheckSettings::number(StringRef CheckId, StringRef Name) const {
  double D = 0;
  (void)to_float(raw(CheckId, Name), D);
  return D;
}

bool CheckSettings::flag(StringRef CheckId, StringRef Name) const {
  return raw(CheckId, Name) == "true";
}

std::vector<std::pair<std::string, std::string>>
CheckSettings::allOptions() const {
  std::vector<std::pair<std::string, std::string>> Out;
  for (const Check *C : registeredChecks())
    for (const CheckOption &O : C->options())
      Out.emplace_back((C->id() + "." + O.Name).str(), raw(C->id(), O.Name));
  return Out;
}

std::vector<Finding> runChecks(const KernelResult &K, const TargetModel &TM,
                               const CheckSettings &S) {
  std::vector<Finding> Out;
  for (const Check *C : registeredChecks()) {
    if (!S.enabled(C->id()))
      continue;
    FindingSink Sink(C->id(), Out);
    C->run(K, TM, S, Sink);
  }
  // Source order, as a compiler reports.
  std::stable_sort(Out.begin(), Out.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Pos.Line, A.Pos.Column) <
                            std::tie(B.Pos.Line, B.Pos.Column);
                   });
  return Out;
}

Finding accessFinding(const AccessSummary &A, const KernelResult &K,
                      std::string Message,
                      std::string (*Lane)(int64_t, const TargetModel &),
                      const TargetModel &TM) {
  Finding F;
  F.Range = A.Range;
  F.Pos = A.Pos;
  F.Message = std::move(Message);
  F.Notes.push_back("in " + launchText(K));
  if (!A.IndexText.empty())
    F.Notes.push_back("byte offset in thread terms: " + A.IndexText);
  F.Notes.push_back("first warp: " + laneList(A, Lane, TM));
  return F;
}

Finding kernelFinding(const KernelResult &K, std::string Message) {
  Finding F;
  F.Severity = Finding::Remark;
  F.Range = clang::SourceRange(K.Loc);
  F.Pos = K.Pos;
  F.Message = std::move(Message);
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

void addAccessCost(Finding &F, const AccessSummary &A, const KernelResult &K,
                   const LaunchTime &T, const TargetModel &TM, StringRef Unit) {
  if (std::optional<AccessCost> C = accessCost(K, T, TM, A)) {
    F.Notes.push_back("cost: " + C->text(K, TM));
    F.Cost = C->toJSON();
    if (C->Timed)
      F.SavedUs = C->SavedUs;
  }
  if (A.Closed)
    F.Notes.push_back((Unit + " per request as a function of " +
                       A.Closed->Param + ": " + A.Closed->Text +
                       " (full warps; found at " + A.Closed->Checked + ")")
                          .str());
}

std::string launchText(const KernelResult &K) {
  const LaunchConfig &L = K.Launch;
  std::string S = llvm::formatv("kernel '{0}', {1} launch", K.Name,
                                L.Source == "host-launch" ? "host" : L.Source);
  if (!L.Site.empty())
    S += " at " + L.Site;
  if (!L.Origin.empty())
    S += " (another translation unit)";
  if (L.Assumed)
    return S + llvm::formatv(" with assumed block ({0},{1},{2})", L.Block[0],
                             L.Block[1], L.Block[2])
                   .str();
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
