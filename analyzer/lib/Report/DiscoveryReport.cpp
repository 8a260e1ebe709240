//===- DiscoveryReport.cpp - Printing kernels and launches ----------------===//
#include "cal/Report/DiscoveryReport.h"

using namespace llvm;

namespace cal {

/// `(16, 16, 1)`, or with a component computed at run time `(?, ?, 1)
/// from `grid``.
static std::string dimText(const PartialDim3 &D, StringRef Written) {
  std::string S = "(";
  bool Unknown = false;
  for (unsigned I = 0; I < 3; ++I) {
    S += D[I] ? std::to_string(*D[I]) : "?";
    S += I < 2 ? ", " : ")";
    Unknown |= !D[I];
  }
  if (Unknown)
    S += (" from `" + Written + "`").str();
  return S;
}

void printKernelsText(raw_ostream &OS, const std::vector<KernelInfo> &Ks) {
  for (const KernelInfo &K : Ks) {
    OS << K.Pos.str() << ": kernel '" << K.Name << "'";
    if (K.IsTemplatePattern)
      OS << " (template)";
    else if (!K.MangledName.empty())
      OS << " [" << K.MangledName << "]";
    if (K.LaunchBoundsMaxThreads)
      OS << " __launch_bounds__(" << *K.LaunchBoundsMaxThreads << ")";
    OS << "\n";
    if (K.Launches.empty() && !K.IsTemplatePattern)
      OS << "  no launch in this translation unit\n";
    for (const LaunchSite &L : K.Launches) {
      OS << "  launch at " << L.Pos.str();
      if (!L.Caller.empty())
        OS << " in " << L.Caller << "()";
      if (!L.Origin.empty())
        OS << " (" << L.Origin << ")";
      if (!L.Api.empty())
        OS << " by " << L.Api;
      if (!L.PointerText.empty()) {
        OS << " through `" << L.PointerText << "`";
        if (L.PointerTargets > 1)
          OS << " (one of " << L.PointerTargets << " targets)";
      }
      OS << ": grid " << dimText(L.GridDims, L.GridText) << " block "
         << dimText(L.BlockDims, L.BlockText) << " shared ";
      if (L.SharedBytes)
        OS << *L.SharedBytes;
      else
        OS << "? (`" << L.SharedText << "`)";
      OS << " stream " << (L.StreamText.empty() ? "default" : L.StreamText)
         << "\n";
      for (const std::string &C : L.Choices)
        OS << "    set member: " << C << "\n";
      if (!L.CallChain.empty()) {
        OS << "    from call at";
        for (const CallSiteRef &C : L.CallChain)
          OS << (&C == &L.CallChain.front() ? " " : " <- ") << C.Pos.str()
             << " in " << C.Caller << "()";
        OS << "\n";
      }
      if (L.Args.empty())
        continue;
      OS << "    args:";
      for (const LaunchArgument &A : L.Args) {
        OS << " " << A.Param << "=";
        if (A.Value)
          OS << *A.Value;
        else
          OS << "`" << A.Text << "`";
        OS << (&A == &L.Args.back() ? "" : ",");
      }
      OS << "\n";
    }
  }
}

json::Value dim3ToJSON(const std::optional<Dim3> &D) {
  if (!D)
    return nullptr;
  return json::Array{(*D)[0], (*D)[1], (*D)[2]};
}

json::Value partialDim3ToJSON(const PartialDim3 &D) {
  json::Array A;
  for (const std::optional<uint64_t> &C : D)
    A.push_back(C ? json::Value(*C) : json::Value(nullptr));
  return A;
}

void printUnresolvedText(raw_ostream &OS,
                         const std::vector<UnresolvedLaunch> &Us) {
  for (const UnresolvedLaunch &U : Us)
    OS << U.Pos.str() << ": launch of `" << U.CalleeText << "` in " << U.Caller
       << "() not listed: " << U.Reason << "\n";
}

json::Array unresolvedToJSON(const std::vector<UnresolvedLaunch> &Us) {
  json::Array Out;
  for (const UnresolvedLaunch &U : Us)
    Out.push_back(json::Object{{"site", U.Pos.str()},
                               {"caller", U.Caller},
                               {"callee_text", U.CalleeText},
                               {"reason", U.Reason}});
  return Out;
}

json::Value launchToJSON(const LaunchSite &L) {
  json::Array Args;
  for (const LaunchArgument &A : L.Args) {
    json::Object O{{"param", A.Param}, {"text", A.Text}};
    O["value"] = A.Value ? json::Value(*A.Value) : json::Value(nullptr);
    Args.push_back(std::move(O));
  }
  json::Object O{{"site", L.Pos.str()},
                 {"caller", L.Caller},
                 {"grid", partialDim3ToJSON(L.GridDims)},
                 {"block", partialDim3ToJSON(L.BlockDims)},
                 {"grid_text", L.GridText},
                 {"block_text", L.BlockText},
                 {"stream", L.StreamText.empty() ? "default" : L.StreamText},
                 {"arguments", std::move(Args)}};
  O["dynamic_shared_bytes"] =
      L.SharedBytes ? json::Value(*L.SharedBytes) : json::Value(nullptr);
  if (!L.Api.empty())
    O["api"] = L.Api;
  if (!L.PointerText.empty())
    O["pointer"] =
        json::Object{{"text", L.PointerText}, {"targets", L.PointerTargets}};
  if (!L.Choices.empty()) {
    json::Array Choices;
    for (const std::string &C : L.Choices)
      Choices.push_back(C);
    O["set_choices"] = std::move(Choices);
  }
  if (!L.CallChain.empty()) {
    json::Array Chain;
    for (const CallSiteRef &C : L.CallChain)
      Chain.push_back(
          json::Object{{"site", C.Pos.str()}, {"caller", C.Caller}});
    O["call_chain"] = std::move(Chain);
  }
  return O;
}

json::Array kernelsToJSON(const std::vector<KernelInfo> &Ks) {
  json::Array Out;
  for (const KernelInfo &K : Ks) {
    json::Array Launches;
    for (const LaunchSite &L : K.Launches)
      Launches.push_back(launchToJSON(L));
    json::Object O{{"name", K.Name},
                   {"file", K.Pos.File},
                   {"line", K.Pos.Line},
                   {"column", K.Pos.Column},
                   {"template", K.IsTemplatePattern},
                   {"launches", std::move(Launches)}};
    O["mangled_name"] = K.MangledName.empty() ? json::Value(nullptr)
                                              : json::Value(K.MangledName);
    if (K.LaunchBoundsMaxThreads)
      O["launch_bounds_max_threads"] = *K.LaunchBoundsMaxThreads;
    Out.push_back(std::move(O));
  }
  return Out;
}

} // namespace cal
