//===- GlobList.cpp - clang-tidy's check globs ----------------------------===//
#include "cal/Report/GlobList.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace cal {

GlobList::GlobList(StringRef Text) : Text(Text.str()) {
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim();
    bool Positive = !P.consume_front("-");
    P = P.trim();
    if (P.empty())
      continue;
    // Only '*' is special, as in clang-tidy; everything else is literal.
    std::string Re = "^";
    for (char C : P)
      Re += C == '*' ? std::string(".*") : Regex::escape(StringRef(&C, 1));
    Re += "$";
    Items.push_back({Positive, Regex(Re)});
  }
}

bool GlobList::contains(StringRef Name) const {
  for (auto It = Items.rbegin(); It != Items.rend(); ++It)
    if (It->Pattern.match(Name))
      return It->Positive;
  return false;
}

} // namespace cal
