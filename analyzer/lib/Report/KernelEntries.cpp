//===- KernelEntries.cpp - Kernel entries kept as JSON text ---------------===//
//
// A file's kernel entries are rendered as they are made and kept as text
// (FileReport.h says why); the few readers that need values parse them back.
//
//===----------------------------------------------------------------------===//
#include "cal/Report/FileReport.h"

using namespace llvm;

namespace cal {

void KernelEntries::push_back(const json::Value &V, bool Cut) {
  // Compact: the indentation of a report is a third of its text.
  std::string Text;
  raw_string_ostream OS(Text);
  json::OStream(OS, 0).value(V);
  Texts.push_back(std::move(Text));
  CutByBudget.push_back(Cut);
  OverBudget += CutByBudget.back();
}

json::Value KernelEntries::value(size_t I) const {
  // The text was written by json::OStream: it parses.
  return cantFail(json::parse(Texts[I]));
}

void KernelEntries::print(size_t I, raw_ostream &OS, unsigned Level) const {
  // The compact text re-indented as json::OStream(OS, 2) writes a value
  // whose first line is at depth Level: a newline after `{`, `[` and `,`,
  // one before `}` and `]`, `{}` and `[]` kept, a space after the `:` of a
  // key. Outside strings the compact text has no other whitespace.
  StringRef T = Texts[I];
  auto Newline = [&] { OS.indent(2 * Level); };
  bool InString = false, Escaped = false;
  for (size_t C = 0; C < T.size(); ++C) {
    char Ch = T[C];
    if (InString) {
      OS << Ch;
      if (Escaped)
        Escaped = false;
      else if (Ch == '\\')
        Escaped = true;
      else if (Ch == '"')
        InString = false;
      continue;
    }
    switch (Ch) {
    case '"':
      InString = true;
      OS << Ch;
      break;
    case '{':
    case '[':
      OS << Ch;
      if (C + 1 < T.size() && (T[C + 1] == '}' || T[C + 1] == ']')) {
        OS << T[++C];
        break;
      }
      ++Level;
      OS << '\n';
      Newline();
      break;
    case '}':
    case ']':
      --Level;
      OS << '\n';
      Newline();
      OS << Ch;
      break;
    case ',':
      OS << ",\n";
      Newline();
      break;
    case ':':
      OS << ": ";
      break;
    default:
      OS << Ch;
    }
  }
}

void KernelEntries::copyFrom(const KernelEntries &From, size_t I) {
  Texts.push_back(From.Texts[I]);
  CutByBudget.push_back(From.CutByBudget[I]);
  OverBudget += CutByBudget.back();
}

} // namespace cal
