//===- GithubReport.cpp - Findings as GitHub Actions annotations ----------===//
//
// Workflow commands (docs.github.com, "Workflow commands for GitHub
// Actions"): `::warning file=F,line=L,col=C,endLine=..,endColumn=..,
// title=T::message`. Data is escaped as the runner expects: `%`, CR and LF
// everywhere, and `:` and `,` in property values as well.
//
//===----------------------------------------------------------------------===//
#include "cal/Report/Reporters.h"

using namespace llvm;

namespace cal {

namespace {
std::string escapeData(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

std::string escapeProperty(StringRef S) {
  std::string Out;
  for (char C : escapeData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

void annotation(raw_ostream &OS, StringRef Level, StringRef File, unsigned Line,
                unsigned Col, unsigned EndLine, unsigned EndCol,
                StringRef Title, StringRef Message) {
  OS << "::" << Level << " file=" << escapeProperty(File);
  if (Line) {
    OS << ",line=" << Line << ",col=" << Col;
    if (EndLine)
      OS << ",endLine=" << EndLine << ",endColumn=" << EndCol;
  }
  if (!Title.empty())
    OS << ",title=" << escapeProperty(Title);
  OS << "::" << escapeData(Message) << "\n";
}
} // namespace

void printGithubAnnotations(raw_ostream &OS,
                            ArrayRef<const FindingRecord *> Findings,
                            ArrayRef<FileReport> Files, StringRef SourceRoot) {
  for (const FileReport &FR : Files) {
    if (!FR.Parsed)
      annotation(OS, "error", pathFromRoot(FR.File, SourceRoot), 0, 0, 0, 0,
                 "cuda-access-lint",
                 "'" + FR.File + "' did not parse; no analysis was done");
    for (const CommentError &E : FR.CommentErrors)
      annotation(OS, "error", pathFromRoot(E.File, SourceRoot), E.Line,
                 E.Column, 0, 0,
                 "cuda-access-lint", E.Message);
  }
  for (const FindingRecord *F : Findings) {
    // Notes are below their check's threshold: not worth an annotation
    // on a pull request (they stay in JSON and SARIF).
    if (!F->SuppressedBy.empty() || F->isNote())
      continue;
    std::string Msg = F->Message + " [" + F->CheckId + "]";
    for (const std::string &X : F->Fixes)
      Msg += "\nfix: " + X;
    // A multi-line range is annotated on its first line only: GitHub
    // drops the columns of annotations that span lines.
    annotation(OS,
               F->AsError       ? "error"
               : F->isWarning() ? "warning"
                                : "notice",
               pathFromRoot(F->File, SourceRoot), F->Line,
               F->Column, F->Line,
               F->EndLine == F->Line ? F->EndColumn : F->Column + 1, F->CheckId,
               Msg);
  }
}

} // namespace cal
