//===- OptionParser.cpp - cuda-access-verify's command lines --------------===//
#include "OptionParser.h"

#include "cal/runtime/LaunchMatch.h"

#include <algorithm>
#include <iostream>

std::string nearestOption(const std::string &Word,
                          const std::vector<CliOption> &Opts) {
  std::string Best;
  size_t BestD = std::max<size_t>(2, Word.size() / 3) + 1;
  for (const CliOption &O : Opts) {
    size_t D = cal::editDistance(Word, O.Name);
    if (D < BestD)
      BestD = D, Best = O.Name;
  }
  return Best;
}

bool parseOptions(const std::string &Tool, int Argc, char **Argv,
                  const std::vector<CliOption> &Opts, bool StopAtDashDash,
                  std::vector<std::string> *Rest) {
  auto Error = [&](const std::string &Msg) {
    std::cerr << Tool << ": error: " << Msg << " (see --help)\n";
    return false;
  };
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (StopAtDashDash && A == "--") {
      if (Rest)
        Rest->assign(Argv + I + 1, Argv + Argc);
      return true;
    }
    std::string Value;
    bool Inline = false;
    if (A.rfind("--", 0) == 0) {
      size_t Eq = A.find('=');
      if (Eq != std::string::npos) {
        Value = A.substr(Eq + 1);
        A.resize(Eq);
        Inline = true;
      }
    }
    auto It = std::find_if(Opts.begin(), Opts.end(),
                           [&](const CliOption &O) { return O.Name == A; });
    if (It == Opts.end()) {
      if (A.empty() || A[0] != '-')
        return Error("unexpected '" + A + "'" +
                     (StopAtDashDash ? " (the program follows --)" : ""));
      std::string Near = nearestOption(A, Opts);
      return Error("unknown option '" + A + "'" +
                   (Near.empty() ? "" : "; did you mean '" + Near + "'?"));
    }
    if (!It->TakesValue && Inline)
      return Error(A + " does not take a value");
    if (It->TakesValue && !Inline) {
      if (I + 1 >= Argc)
        return Error(A + " needs a value");
      Value = Argv[++I];
    }
    if (!It->Apply(Value))
      return false;
  }
  return true;
}
