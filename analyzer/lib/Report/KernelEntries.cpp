//===- KernelEntries.cpp - Kernel entries kept as JSON text ---------------===//
//
// A file's kernel entries are rendered as they are made and kept as text
// (FileReport.h says why); the few readers that need values parse them back.
//
//===----------------------------------------------------------------------===//
#include "cal/Report/FileReport.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace cal {

/// The launch was cut or skipped by the analysis budget: its
/// unsupported[] has an entry that says so (the summary line counts them).
static bool cutByBudget(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  const json::Array *U = O ? O->getArray("unsupported") : nullptr;
  return U && any_of(*U, [](const json::Value &E) {
           std::optional<StringRef> S = E.getAsString();
           return S && S->starts_with("analysis budget");
         });
}

void KernelEntries::push_back(const json::Value &V) {
  std::string Text;
  raw_string_ostream OS(Text);
  json::OStream(OS, 2).value(V);
  Texts.push_back(std::move(Text));
  CutByBudget.push_back(cutByBudget(V));
  OverBudget += CutByBudget.back();
}

json::Value KernelEntries::value(size_t I) const {
  // The text was written by json::OStream: it parses.
  return cantFail(json::parse(Texts[I]));
}

void KernelEntries::copyFrom(const KernelEntries &From, size_t I) {
  Texts.push_back(From.Texts[I]);
  CutByBudget.push_back(From.CutByBudget[I]);
  OverBudget += CutByBudget.back();
}

} // namespace cal
