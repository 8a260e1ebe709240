//===- SarifReport.cpp - Findings as a SARIF 2.1.0 log --------------------===//
//
// The subset of SARIF 2.1.0 that GitHub code scanning reads
// (docs.github.com, "SARIF support for code scanning"): one run, the rules
// with their help text, results with a stable ruleId, a region with start
// and end, paths relative to %SRCROOT% and partial fingerprints. Suppressed
// findings are kept, with an in-source suppression, so that the alert is
// closed rather than lost.
//
//===----------------------------------------------------------------------===//
#include "cal/Checks/Check.h"
#include "cal/Report/Reporters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <map>

using namespace llvm;

namespace cal {

namespace {

/// The longer explanation code scanning shows beside an alert. It belongs
/// with each check's class once checks are classes.
std::string uriEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

/// The artifact location of \p File: relative to \p Root under %SRCROOT%
/// when it is inside the root, else an absolute file URI.
json::Object artifactLocation(StringRef File, StringRef Root) {
  std::string P = pathFromRoot(File, Root);
  if (!sys::path::is_absolute(P))
    return json::Object{{"uri", uriEncode(P)}, {"uriBaseId", "%SRCROOT%"}};
  return json::Object{{"uri", "file://" + uriEncode(P)}};
}

json::Object physicalLocation(const FindingRecord &F, StringRef Root) {
  json::Object Region{{"startLine", std::max(1u, F.Line)},
                      {"startColumn", std::max(1u, F.Column)},
                      {"endLine", std::max(std::max(1u, F.Line), F.EndLine)},
                      {"endColumn", std::max(1u, F.EndColumn)}};
  if (!F.SourceLine.empty())
    Region["snippet"] = json::Object{{"text", F.SourceLine}};
  return json::Object{
      {"physicalLocation",
       json::Object{{"artifactLocation", artifactLocation(F.File, Root)},
                    {"region", std::move(Region)}}}};
}

/// Stable across runs, unrelated edits and working directories: the check,
/// the file relative to the source root, the column and the text of the
/// line (whitespace-insensitive), not the line number, which moves
/// whenever code above it changes.
std::string fingerprint(const FindingRecord &F, StringRef Root) {
  std::string Line;
  for (char C : F.SourceLine)
    if (!isSpace(C))
      Line += C;
  std::string Key = F.CheckId + "\n" + pathFromRoot(F.File, Root) + "\n" +
                    std::to_string(F.Column) + "\n" + Line;
  return utohexstr(xxh3_64bits(Key), /*LowerCase=*/true, 16) + ":1";
}

/// The explanation as Markdown: its example (the indented lines after
/// "Example:") in a fenced CUDA block, the rest as paragraphs.
std::string helpMarkdown(StringRef Help) {
  std::string Out;
  bool InCode = false;
  SmallVector<StringRef, 32> Lines;
  Help.split(Lines, '\n');
  for (StringRef L : Lines) {
    bool Code = L.starts_with("  ");
    if (Code && !InCode)
      Out += "```cuda\n";
    else if (!Code && InCode)
      Out += "```\n";
    InCode = Code;
    Out += (Code ? L.drop_front(2) : L).str() + "\n";
  }
  if (InCode)
    Out += "```\n";
  return Out;
}

/// Where a rule's help lives on the project's site: the README's "Checks"
/// section (every check is a row there; --explain has the rest), at the
/// release's tag for a release build and on main otherwise, since a
/// commit of a development build may never have been pushed.
std::string rulesHelpUri(StringRef Homepage, StringRef ToolVersion) {
  StringRef V = ToolVersion.ltrim('v');
  SmallVector<StringRef, 3> Parts;
  V.split(Parts, '.');
  bool Release = Parts.size() == 3 && llvm::all_of(Parts, [](StringRef P) {
                   return !P.empty() && llvm::all_of(P, isDigit);
                 });
  return (Homepage.rtrim('/') + "/blob/" + (Release ? "v" + V.str() : "main") +
          "/README.md#checks")
      .str();
}

std::string messageText(const FindingRecord &F) {
  std::string S = F.Message;
  for (const std::string &N : F.Notes)
    S += "\n" + N;
  for (const std::string &X : F.Fixes)
    S += "\nfix: " + X;
  return S;
}

} // namespace

std::string pathFromRoot(StringRef File, StringRef Root) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  StringRef Rel = Abs;
  if (!Root.empty() && Rel.consume_front(Root) && Rel.consume_front("/"))
    return Rel.str();
  return Abs.str().str();
}

json::Value sarifLog(ArrayRef<const FindingRecord *> Findings,
                     ArrayRef<FileReport> Files, StringRef SourceRoot,
                     StringRef ToolVersion, StringRef HomepageUrl) {
  std::string HelpUri =
      HomepageUrl.empty() ? "" : rulesHelpUri(HomepageUrl, ToolVersion);
  json::Array Rules;
  std::map<std::string, unsigned> RuleIndex;
  for (const Check *C : registeredChecks()) {
    RuleIndex[C->id().str()] = Rules.size();
    // The explanation's first paragraph says what a finding means; the
    // whole text (how it is computed, how to fix it) is the help.
    StringRef Help = C->explanation();
    std::string Meaning = Help.split("\n\n").first.str();
    std::replace(Meaning.begin(), Meaning.end(), '\n', ' ');
    json::Object Rule{
        {"id", C->id()},
        {"name", C->id()},
        {"shortDescription", json::Object{{"text", C->summary()}}},
        {"fullDescription", json::Object{{"text", Meaning}}},
        {"help",
         json::Object{{"text", Help}, {"markdown", helpMarkdown(Help)}}},
        {"defaultConfiguration",
         json::Object{{"level", C->severity() == Finding::Warning ? "warning"
                                                                  : "note"}}},
        {"properties",
         json::Object{{"tags", json::Array{"performance", "cuda"}}}}};
    if (!HelpUri.empty())
      Rule["helpUri"] = HelpUri;
    Rules.push_back(std::move(Rule));
  }

  // SARIF's rank (0 to 100, higher first): the estimated saving against
  // the largest of the log.
  double MostSaved = 0;
  for (const FindingRecord *F : Findings)
    MostSaved = std::max(MostSaved, F->SavedUs.value_or(0));
  json::Array Results;
  for (const FindingRecord *F : Findings) {
    json::Object R{{"ruleId", F->CheckId},
                   {"level", F->AsError     ? "error"
                             : F->isWarning() ? "warning"
                                              : "note"},
                   {"message", json::Object{{"text", messageText(*F)}}},
                   {"locations", json::Array{physicalLocation(*F, SourceRoot)}},
                   {"partialFingerprints",
                    json::Object{{"cudaAccessLintHash/v1",
                                 fingerprint(*F, SourceRoot)}}}};
    auto It = RuleIndex.find(F->CheckId);
    if (It != RuleIndex.end())
      R["ruleIndex"] = It->second;
    if (F->SavedUs && MostSaved > 0)
      R["rank"] = 100 * *F->SavedUs / MostSaved;
    // The cost the message states, as the JSON prediction's "cost".
    if (F->Cost)
      R["properties"] = json::Object{{"cost", json::Object(*F->Cost)}};
    // A comment in the source, or an option of the run (--header-filter,
    // --line-filter, no --system-headers: FindingFilters.h).
    if (!F->SuppressedBy.empty()) {
      bool ByOption = StringRef(F->SuppressedBy).starts_with("--");
      R["suppressions"] = json::Array{json::Object{
          {"kind", ByOption ? "external" : "inSource"},
          {"justification", ByOption ? "filtered by " + F->SuppressedBy
                                     : "silenced by a " + F->SuppressedBy +
                                           " comment"}}};
    }
    Results.push_back(std::move(R));
  }

  json::Array Notifications;
  bool Success = true;
  for (const FileReport &FR : Files) {
    if (!FR.Parsed) {
      Success = false;
      Notifications.push_back(json::Object{
          {"level", "error"},
          {"message",
           json::Object{{"text", "'" + FR.File +
                                     "' did not parse; no analysis was done"}}},
          {"locations",
           json::Array{json::Object{
               {"physicalLocation",
                json::Object{{"artifactLocation",
                              artifactLocation(FR.File, SourceRoot)}}}}}}});
    }
    for (const CommentError &E : FR.CommentErrors) {
      Success = false;
      FindingRecord At;
      At.File = E.File;
      At.Line = At.EndLine = E.Line;
      At.Column = At.EndColumn = E.Column;
      Notifications.push_back(json::Object{
          {"level", "error"},
          {"message", json::Object{{"text", E.Message}}},
          {"locations", json::Array{physicalLocation(At, SourceRoot)}}});
    }
  }

  std::string RootUri = "file://" + uriEncode(SourceRoot);
  if (!StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  json::Object Driver{
      {"name", "cuda-access-lint"},
      {"version", ToolVersion},
      {"semanticVersion", StringRef(ToolVersion).ltrim('v').str()},
      {"rules", std::move(Rules)}};
  if (!HomepageUrl.empty())
    Driver["informationUri"] = HomepageUrl.str();
  json::Object Run{
      {"tool", json::Object{{"driver", std::move(Driver)}}},
      {"originalUriBaseIds",
       json::Object{{"%SRCROOT%", json::Object{{"uri", RootUri}}}}},
      {"invocations", json::Array{json::Object{{"executionSuccessful", Success},
                                               {"toolExecutionNotifications",
                                                std::move(Notifications)}}}},
      {"results", std::move(Results)}};
  return json::Object{
      {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/"
                  "schemas/sarif-schema-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
}

std::string defaultSourceRoot() {
  SmallString<256> Dir;
  sys::fs::current_path(Dir);
  SmallString<256> Real;
  if (!sys::fs::real_path(Dir, Real))
    Dir = Real;
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Git(D);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return D.str();
  }
  return std::string(Dir);
}

} // namespace cal
