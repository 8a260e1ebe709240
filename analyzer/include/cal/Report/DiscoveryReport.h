//===- DiscoveryReport.h - Printing kernels and launches --------*- C++ -*-===//
#ifndef CAL_REPORT_DISCOVERYREPORT_H
#define CAL_REPORT_DISCOVERYREPORT_H

#include "cal/Discovery/KernelDiscovery.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cal {

/// One line per kernel, then one indented line per launch and its
/// arguments; values that are not constant print as `?`.
void printKernelsText(llvm::raw_ostream &OS,
                      const std::vector<KernelInfo> &Kernels);

/// The kernels of one file as JSON objects (see docs/prediction-schema.md,
/// `--list-kernels --format=json`).
llvm::json::Array kernelsToJSON(const std::vector<KernelInfo> &Kernels);
llvm::json::Value launchToJSON(const LaunchSite &L);
llvm::json::Value dim3ToJSON(const std::optional<Dim3> &D);
/// `[16, null, 1]`: null for a component computed at run time.
llvm::json::Value partialDim3ToJSON(const PartialDim3 &D);

/// Launches whose kernel is unknown, one line each / as JSON objects.
void printUnresolvedText(llvm::raw_ostream &OS,
                         const std::vector<UnresolvedLaunch> &Us);
llvm::json::Array unresolvedToJSON(const std::vector<UnresolvedLaunch> &Us);

} // namespace cal

#endif
