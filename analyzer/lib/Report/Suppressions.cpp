//===- Suppressions.cpp - NOLINT comments, as clang-tidy reads them -------===//
#include "Suppressions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cal {

namespace {
enum class Kind { SameLine, NextLine, Begin, End };

struct Open {
  unsigned Line, Column;
  std::string List; ///< the "(...)" text, compared with the END's
  std::string Spelling;
};
} // namespace

Suppressions::Suppressions(StringRef Text) {
  std::vector<Open> Stack;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    for (size_t Pos = Line.find("NOLINT"); Pos != StringRef::npos;
         Pos = Line.find("NOLINT", Pos + 1)) {
      StringRef After = Line.drop_front(Pos + 6);
      Kind K = Kind::SameLine;
      if (After.consume_front("NEXTLINE"))
        K = Kind::NextLine;
      else if (After.consume_front("BEGIN"))
        K = Kind::Begin;
      else if (After.consume_front("END"))
        K = Kind::End;
      // NOLINTFOO is not a directive.
      if (!After.empty() && (isAlnum(After[0]) || After[0] == '_'))
        continue;
      std::string List;
      size_t End = After.data() - Line.data();
      if (After.starts_with("(")) {
        size_t Close = After.find(')');
        if (Close != StringRef::npos) {
          List = After.substr(1, Close - 1).trim().str();
          End += Close + 1;
        }
      }
      std::string Spelling = Line.slice(Pos, End).str();
      auto Globs = List.empty() ? nullptr : std::make_shared<GlobList>(List);
      unsigned Col = Pos + 1;
      switch (K) {
      case Kind::SameLine:
        Directives.push_back({LineNo, LineNo, Spelling, Globs});
        break;
      case Kind::NextLine:
        Directives.push_back({LineNo + 1, LineNo + 1, Spelling, Globs});
        break;
      case Kind::Begin:
        Stack.push_back({LineNo, Col, List, Spelling});
        break;
      case Kind::End: {
        // The innermost BEGIN with the same list closes, as in clang-tidy.
        auto It = find_if(reverse(Stack),
                          [&](const Open &O) { return O.List == List; });
        if (It == Stack.rend()) {
          Errors.push_back({LineNo, Col,
                            "unmatched '" + Spelling +
                                "' comment without a previous 'NOLINTBEGIN" +
                                (List.empty() ? "" : "(" + List + ")") +
                                "' comment"});
          break;
        }
        Directives.push_back({It->Line, LineNo, It->Spelling, Globs});
        Stack.erase(std::next(It).base());
        break;
      }
      }
    }
  }
  for (const Open &O : Stack)
    Errors.push_back({O.Line, O.Column,
                      "unmatched '" + O.Spelling +
                          "' comment without a subsequent 'NOLINTEND" +
                          (O.List.empty() ? "" : "(" + O.List + ")") +
                          "' comment"});
}

std::string Suppressions::suppressing(unsigned Line, StringRef CheckId) const {
  for (const Directive &D : Directives)
    if (Line >= D.FirstLine && Line <= D.LastLine &&
        (!D.Checks || D.Checks->contains(CheckId)))
      return D.Spelling;
  return "";
}

} // namespace cal
