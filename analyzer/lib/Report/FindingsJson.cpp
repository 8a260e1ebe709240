//===- FindingsJson.cpp - findings[] of the prediction file ---------------===//
#include "cal/Report/Reporters.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>
#include <tuple>

using namespace llvm;

namespace cal {

std::vector<const FindingRecord *> uniqueFindings(ArrayRef<FileReport> Files) {
  std::vector<const FindingRecord *> Out;
  StringSet<> Seen;
  for (const FileReport &FR : Files)
    for (const FindingRecord &F : FR.Findings)
      if (Seen.insert(F.key()).second)
        Out.push_back(&F);
  std::stable_sort(Out.begin(), Out.end(),
                   [](const FindingRecord *A, const FindingRecord *B) {
                     return std::tie(A->File, A->Line, A->Column) <
                            std::tie(B->File, B->Line, B->Column);
                   });
  return Out;
}

void sortByCost(std::vector<const FindingRecord *> &Findings) {
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const FindingRecord *A, const FindingRecord *B) {
                     return A->SavedUs.value_or(-1) > B->SavedUs.value_or(-1);
                   });
}

json::Object findingToJSON(const FindingRecord &F) {
  json::Array Notes, Fixes;
  for (const std::string &N : F.Notes)
    Notes.push_back(N);
  for (const std::string &X : F.Fixes)
    Fixes.push_back(X);
  json::Object O{{"check", F.CheckId},
                 {"severity", F.severityName()},
                 {"message", F.Message},
                 {"file", F.File},
                 {"line", F.Line},
                 {"column", F.Column},
                 {"end_line", F.EndLine},
                 {"end_column", F.EndColumn},
                 {"notes", std::move(Notes)},
                 {"fix", std::move(Fixes)},
                 {"suppressed", !F.SuppressedBy.empty()}};
  if (!F.SuppressedBy.empty())
    O["suppressed_by"] = F.SuppressedBy;
  if (F.Cost)
    O["cost"] = json::Object(*F.Cost);
  // Only a change that a re-analysis proved (--fix, --export-fixes).
  if (F.FixVerified) {
    json::Array Edits;
    for (const TextEdit &E : F.Edits)
      Edits.push_back(json::Object{{"file", E.File},
                                   {"offset", E.Offset},
                                   {"length", E.Length},
                                   {"text", E.Text},
                                   {"line", E.Line},
                                   {"column", E.Column}});
    O["replacements"] = std::move(Edits);
  }
  return O;
}

} // namespace cal
