//===- DiscoveryReport.cpp - Printing kernels and launches ----------------===//
#include "cal/Report/DiscoveryReport.h"

using namespace llvm;

namespace cal {

static std::string dimText(const std::optional<Dim3> &D, StringRef Written) {
  if (!D)
    return ("? (`" + Written + "` is not constant)").str();
  return "(" + std::to_string((*D)[0]) + ", " + std::to_string((*D)[1]) + ", " +
         std::to_string((*D)[2]) + ")";
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
      OS << ": grid " << dimText(L.Grid, L.GridText) << " block "
         << dimText(L.Block, L.BlockText) << " shared ";
      if (L.SharedBytes)
        OS << *L.SharedBytes;
      else
        OS << "? (`" << L.SharedText << "`)";
      OS << " stream " << (L.StreamText.empty() ? "default" : L.StreamText)
         << "\n";
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

json::Value launchToJSON(const LaunchSite &L) {
  json::Array Args;
  for (const LaunchArgument &A : L.Args) {
    json::Object O{{"param", A.Param}, {"text", A.Text}};
    O["value"] = A.Value ? json::Value(*A.Value) : json::Value(nullptr);
    Args.push_back(std::move(O));
  }
  json::Object O{{"site", L.Pos.str()},
                 {"caller", L.Caller},
                 {"grid", dim3ToJSON(L.Grid)},
                 {"block", dim3ToJSON(L.Block)},
                 {"grid_text", L.GridText},
                 {"block_text", L.BlockText},
                 {"stream", L.StreamText.empty() ? "default" : L.StreamText},
                 {"arguments", std::move(Args)}};
  O["dynamic_shared_bytes"] =
      L.SharedBytes ? json::Value(*L.SharedBytes) : json::Value(nullptr);
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
