//===- LaunchPass.cpp - The list of per-launch analyses
//--------------------===//
#include "LaunchPass.h"

namespace cal {

llvm::ArrayRef<const LaunchPass *> launchPasses() {
  static const LaunchPass *const Passes[] = {
#define CAL_LAUNCH_PASS(Get) &Get(),
#include "LaunchPasses.def"
  };
  return Passes;
}

void addPassSections(const KernelResult &K, const TargetModel &TM,
                     llvm::json::Object &Entry) {
  for (const LaunchPass *P : launchPasses())
    if (std::optional<llvm::json::Value> V = P->toJSON(K, TM))
      Entry[P->name()] = std::move(*V);
}

} // namespace cal
