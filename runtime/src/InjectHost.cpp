//===- InjectHost.cpp - Settings, launch filter and records of injection --===//
#include "cal/runtime/Inject.h"

#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"

#include <cerrno>
#include <cstdlib>
#include <fstream>

namespace cal {

const char *injectModeName(InjectMode M) {
  switch (M) {
  case InjectMode::Profile:
    return "profile";
  case InjectMode::Sass:
    return "sass";
  case InjectMode::Observe:
    return "observe";
  }
  return "profile";
}

std::vector<std::pair<std::string, std::string>>
toEnvironment(const InjectSettings &S) {
  std::vector<std::pair<std::string, std::string>> Env = {
      {injectenv::Out, S.OutPath},
      {injectenv::Mode, injectModeName(S.Mode)},
      {injectenv::Kernel, S.KernelRegex},
  };
  if (S.Skip)
    Env.emplace_back(injectenv::Skip, std::to_string(S.Skip));
  if (S.Count >= 0)
    Env.emplace_back(injectenv::Count, std::to_string(S.Count));
  if (S.SassIndex >= 0)
    Env.emplace_back(injectenv::SassIndex, std::to_string(S.SassIndex));
  return Env;
}

static Expected<long> number(const char *Name, const char *Text) {
  errno = 0;
  char *End = nullptr;
  long V = std::strtol(Text, &End, 10);
  if (errno || End == Text || *End || V < 0)
    return Error::failure(std::string(Name) + "='" + Text +
                          "' is not a non-negative integer");
  return V;
}

Expected<InjectSettings>
fromEnvironment(const std::function<const char *(const char *)> &Get) {
  InjectSettings S;
  const char *Out = Get(injectenv::Out);
  if (!Out || !*Out)
    return Error::failure(std::string(injectenv::Out) + " is not set");
  S.OutPath = Out;
  if (const char *M = Get(injectenv::Mode); M && *M) {
    std::string Mode = M;
    if (Mode == "profile")
      S.Mode = InjectMode::Profile;
    else if (Mode == "sass")
      S.Mode = InjectMode::Sass;
    else if (Mode == "observe")
      S.Mode = InjectMode::Observe;
    else
      return Error::failure(std::string(injectenv::Mode) + "='" + Mode +
                            "': expected profile, sass or observe");
  }
  if (const char *K = Get(injectenv::Kernel))
    S.KernelRegex = K;
  if (const char *V = Get(injectenv::Skip); V && *V) {
    Expected<long> N = number(injectenv::Skip, V);
    if (!N)
      return N.takeError();
    S.Skip = unsigned(*N);
  }
  if (const char *V = Get(injectenv::Count); V && *V) {
    Expected<long> N = number(injectenv::Count, V);
    if (!N)
      return N.takeError();
    S.Count = int(*N);
  }
  if (const char *V = Get(injectenv::SassIndex); V && *V) {
    Expected<long> N = number(injectenv::SassIndex, V);
    if (!N)
      return N.takeError();
    S.SassIndex = int(*N);
  }
  if (S.Mode == InjectMode::Sass && S.SassIndex < 0)
    return Error::failure(std::string(injectenv::Mode) + "=sass needs " +
                          injectenv::SassIndex);
  return S;
}

Expected<LaunchFilter> LaunchFilter::create(const InjectSettings &S) {
  LaunchFilter F;
  if (!S.KernelRegex.empty()) {
    try {
      F.Regex = std::regex(S.KernelRegex, std::regex::ECMAScript);
    } catch (const std::regex_error &E) {
      return Error::failure("--kernel '" + S.KernelRegex +
                            "' is not a valid regular expression: " + E.what());
    }
    F.HasRegex = true;
  }
  // Either option switches from "the first 3 of each configuration" to
  // "skip N, then count M of each kernel, whatever its configuration".
  F.PerConfig = S.Skip == 0 && S.Count < 0;
  F.Skip = S.Skip;
  F.Count = S.Count >= 0 ? unsigned(S.Count) : InjectSettings::DefaultPerConfig;
  return F;
}

int LaunchFilter::next(const std::string &Kernel, const unsigned Grid[3],
                       const unsigned Block[3]) {
  ++Seen;
  if (HasRegex && !std::regex_search(Kernel, Regex))
    return -1;
  std::string Key = Kernel;
  if (PerConfig)
    for (int I = 0; I < 3; ++I)
      Key += "|" + std::to_string(Grid[I]) + "," + std::to_string(Block[I]);
  unsigned N = PerKey[Key]++;
  if (N < Skip || N - Skip >= Count)
    return -1;
  return int(Selected++);
}

std::vector<std::string> injectRangeMetrics() {
  std::vector<std::string> All;
  for (const MetricGroup &G : metricCatalogue())
    All.insert(All.end(), G.Metrics.begin(), G.Metrics.end());
  All.push_back(InjectDurationMetric);
  return All;
}

std::string recordLine(const json::Value &V) {
  // The writer indents; raw newlines only ever occur as layout (strings
  // escape theirs), so dropping them with the indentation that follows
  // leaves one line.
  std::string Text = json::print(V), Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n') {
      Out += Text[I];
      continue;
    }
    while (I + 1 < Text.size() && Text[I + 1] == ' ')
      ++I;
  }
  return Out + "\n";
}

std::string launchRecord(unsigned Index, const DeviceMeasurement &Dev,
                         const LaunchMeasurement &L, int Pid) {
  Measurements M;
  M.Device = Dev;
  M.Launches.push_back(L);
  json::Value V = json::Value::object();
  V["record"] = "launch";
  V["pid"] = Pid;
  V["index"] = Index;
  V["measurements"] = toJson(M);
  return recordLine(V);
}

std::string statusRecord(const std::string &Kind, const std::string &Message,
                         int Pid) {
  json::Value V = json::Value::object();
  V["record"] = "status";
  V["pid"] = Pid;
  V["kind"] = Kind;
  V["message"] = Message;
  return recordLine(V);
}

std::string endRecord(unsigned Seen, unsigned Selected, int Pid) {
  json::Value V = json::Value::object();
  V["record"] = "end";
  V["pid"] = Pid;
  V["launches"] = Seen;
  V["selected"] = Selected;
  return recordLine(V);
}

Expected<InjectRecords> readInjectRecords(const std::string &Path) {
  InjectRecords R;
  std::ifstream In(Path);
  if (!In)
    return R;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty())
      continue;
    Expected<json::Value> V = json::parse(Line);
    if (!V || !V->is_object()) {
      ++R.Malformed;
      continue;
    }
    std::string Kind = json::getString(*V, "record");
    if (Kind == "status") {
      R.Status.emplace_back(json::getString(*V, "kind"),
                            json::getString(*V, "message"));
    } else if (Kind == "end") {
      R.Ended = true;
      R.Seen += unsigned(json::getNumber(*V, "launches"));
      R.Selected += unsigned(json::getNumber(*V, "selected"));
    } else if (Kind == "launch") {
      const json::Value *MV = json::get(*V, "measurements");
      Expected<Measurements> M =
          MV ? measurementsFromJson(*MV)
             : Expected<Measurements>(Error::failure("no measurements"));
      if (!M || M->Launches.size() != 1) {
        ++R.Malformed;
        continue;
      }
      if (!R.HaveDevice) {
        R.Device = M->Device;
        R.HaveDevice = true;
      }
      unsigned Index = unsigned(json::getNumber(*V, "index"));
      // A second record for an index comes from a second process of the
      // same program (a child it started): the first is kept.
      if (!R.Launches.emplace(Index, std::move(M->Launches.front())).second)
        ++R.Duplicates;
    }
  }
  return R;
}

bool mergeSassLaunch(LaunchMeasurement &Into, const LaunchMeasurement &From) {
  bool Same = Into.MangledName == From.MangledName;
  for (int I = 0; I < 3; ++I)
    Same &= Into.Grid[I] == From.Grid[I] && Into.Block[I] == From.Block[I];
  if (!Same) {
    Into.Notes.push_back("SASS run: the selected launch at this index was " +
                         From.MangledName +
                         ", not this kernel and configuration (the program "
                         "does not launch the same way in every run); its "
                         "per-line counters are left out");
    return false;
  }
  Into.Lines = From.Lines;
  Into.Notes.insert(Into.Notes.end(), From.Notes.begin(), From.Notes.end());
  return true;
}

} // namespace cal
