//===- FindingRecords.cpp - Findings as data, for every reporter ----------===//
//
// Runs while the file's AST lives: locates each merged finding (start and
// end, one canonical path), renders it once with clang's own diagnostic
// printer (carets and source line, as a compiler shows them), and matches
// it against the NOLINT comments of the file it is in.
//
//===----------------------------------------------------------------------===//
#include "Suppressions.h"
#include "cal/Frontend/CompileCommands.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Report/FileReport.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>

using namespace llvm;
using namespace clang;

namespace cal {

std::string FindingRecord::key() const {
  return CheckId + "\n" + File + "\n" + std::to_string(Line) + ":" +
         std::to_string(Column) + "\n" + Message;
}

namespace {

/// Swaps the file's diagnostics client for a printer into one string for
/// as long as it lives; the findings are cut out of the string one by one.
class RenderScope {
public:
  RenderScope(DiagnosticsEngine &Diags, const LangOptions &LO, bool Color)
      : Diags(Diags), OS(Buf), Printer(OS, Opts(Color)) {
    // A string stream prints no escape codes unless told to.
    OS.enable_colors(Color);
    Old = Diags.getClient();
    OwnedOld = Diags.ownsClient();
    Keep = OwnedOld ? Diags.takeClient() : nullptr;
    Diags.setClient(&Printer, /*ShouldOwnClient=*/false);
    Printer.BeginSourceFile(LO, nullptr);
  }
  ~RenderScope() {
    Printer.EndSourceFile();
    Diags.setClient(Old, OwnedOld);
    (void)Keep.release();
  }
  RenderScope(const RenderScope &) = delete;
  RenderScope &operator=(const RenderScope &) = delete;

  /// What the printer wrote since the last call.
  std::string take() {
    std::string S = Buf.substr(Taken);
    Taken = Buf.size();
    return S;
  }

private:
  static DiagnosticOptions &Opts(bool Color) {
    // Set up once: files may be linted on several threads at a time.
    static DiagnosticOptions Plain;
    static DiagnosticOptions Colored = [] {
      DiagnosticOptions O;
      O.ShowColors = true;
      return O;
    }();
    return Color ? Colored : Plain;
  }
  DiagnosticsEngine &Diags;
  std::string Buf;
  raw_string_ostream OS;
  TextDiagnosticPrinter Printer;
  DiagnosticConsumer *Old = nullptr;
  bool OwnedOld = false;
  std::unique_ptr<DiagnosticConsumer> Keep;
  size_t Taken = 0;
};

void replaceAll(std::string &S, StringRef From, StringRef To) {
  if (From == To)
    return;
  for (size_t P = S.find(From); P != std::string::npos;
       P = S.find(From, P + To.size()))
    S.replace(P, From.size(), To.str());
}

/// A finding in a header is reported once for every file that includes it,
/// so the stack of the first includer would mislead; the printer's
/// "In file included from" lines are dropped.
std::string dropIncludeStack(StringRef Text) {
  std::string Out;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    if (!Line.starts_with("In file included from ") &&
        !(Line.starts_with(" ") && Line.ltrim().starts_with("from ") &&
          Line.rtrim().ends_with(":")))
      Out += (Line + "\n").str();
    Text = Rest;
  }
  return Out;
}

/// The line of \p Buffer that holds byte \p Offset, found from the offset
/// (not by counting lines from the start: a file of thousands of findings
/// would pay for its whole length each time).
StringRef lineAt(StringRef Buffer, unsigned Offset) {
  size_t Begin = Buffer.take_front(Offset).rfind('\n');
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  return Buffer.substr(Begin).split('\n').first.rtrim("\r");
}

} // namespace

std::vector<FindingRecord> collectFindings(const AnalysisResult &R,
                                           ASTContext &Ctx,
                                           DiagnosticsEngine &Diags, bool Color,
                                           const CheckSettings &Checks,
                                           std::vector<CommentError> &Errors) {
  SourceManager &SM = Ctx.getSourceManager();
  unsigned Warn = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
  unsigned Rem = Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [%1]");
  unsigned Note = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  // The comments of each file a finding is in, read once; the main file's
  // always, so that an unpaired NOLINTBEGIN is an error even in a file
  // without findings.
  std::map<FileID, std::unique_ptr<Suppressions>> ByFile;
  auto suppressionsOf = [&](FileID FID) -> const Suppressions & {
    std::unique_ptr<Suppressions> &Sup = ByFile[FID];
    if (!Sup) {
      Sup = std::make_unique<Suppressions>(SM.getBufferData(FID));
      OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
      std::string File;
      if (FE) {
        StringRef Real = FE->getFileEntry().tryGetRealPathName();
        File = canonicalReportPath(Real.empty() ? FE->getName() : Real);
      }
      for (const Suppressions::Error &Err : Sup->errors())
        Errors.push_back({File, Err.Line, Err.Column, Err.Message});
    }
    return *Sup;
  };
  suppressionsOf(SM.getMainFileID());
  RenderScope Render(Diags, Ctx.getLangOpts(), Color);
  std::vector<FindingRecord> Out;
  for (const MergedFinding &M : mergeFindings(R, Checks)) {
    const Finding &F = M.F;
    FindingRecord Rec;
    Rec.CheckId = F.CheckId;
    Rec.Severity = F.Severity;
    Rec.Message = F.Message;
    Rec.Cost = F.Cost;
    Rec.SavedUs = F.SavedUs;
    for (const std::string &N : F.Notes) {
      StringRef S = N;
      if (S.consume_front("fix: "))
        Rec.Fixes.push_back(S.str());
      else
        Rec.Notes.push_back(N);
    }
    if (!M.AlsoIn.empty())
      Rec.Notes.push_back(alsoInNote(M));

    for (const FixItHint &H : F.FixIts) {
      CharSourceRange R = H.RemoveRange;
      SourceLocation At = SM.getFileLoc(R.getBegin());
      FileID EFID = SM.getFileID(At);
      OptionalFileEntryRef EFE = SM.getFileEntryRefForID(EFID);
      if (!EFE)
        continue;
      TextEdit E;
      StringRef Real = EFE->getFileEntry().tryGetRealPathName();
      E.File = canonicalReportPath(Real.empty() ? EFE->getName() : Real);
      E.Offset = SM.getFileOffset(At);
      if (R.isValid() && R.getBegin() != R.getEnd())
        E.Length = SM.getFileOffset(SM.getFileLoc(R.getEnd())) - E.Offset;
      E.Text = H.CodeToInsert;
      E.Line = SM.getSpellingLineNumber(At);
      E.Column = SM.getSpellingColumnNumber(At);
      Rec.Edits.push_back(std::move(E));
    }

    SourceLocation B = SM.getExpansionLoc(F.Range.getBegin());
    SourceLocation E = Lexer::getLocForEndOfToken(
        SM.getExpansionLoc(F.Range.getEnd()), 0, SM, Ctx.getLangOpts());
    PresumedLoc PB = SM.getPresumedLoc(B);
    FileID FID = SM.getFileID(B);
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (PB.isInvalid() || !FE) {
      // No file to point at (a finding without a location): keep what the
      // check computed.
      Rec.File = F.Pos.File;
      Rec.Line = Rec.EndLine = F.Pos.Line;
      Rec.Column = Rec.EndColumn = F.Pos.Column;
    } else {
      StringRef Real = FE->getFileEntry().tryGetRealPathName();
      Rec.File = canonicalReportPath(Real.empty() ? FE->getName() : Real);
      Rec.Line = PB.getLine();
      Rec.Column = PB.getColumn();
      PresumedLoc PE = SM.getPresumedLoc(E);
      bool SameFile = PE.isValid() && SM.getFileID(E) == FID;
      Rec.EndLine = SameFile ? PE.getLine() : Rec.Line;
      Rec.EndColumn = SameFile ? PE.getColumn() : Rec.Column + 1;
      StringRef Buffer = SM.getBufferData(FID);
      Rec.SourceLine = lineAt(Buffer, SM.getFileOffset(B)).str();
      Rec.SuppressedBy = suppressionsOf(FID).suppressing(Rec.Line, Rec.CheckId);
      Rec.InSystemHeader = SM.isInSystemHeader(B);
    }
    // A note (below its check's threshold) is data for JSON and SARIF;
    // the text output leaves it out.
    if (Rec.SuppressedBy.empty() && !Rec.isNote()) {
      Diags.Report(F.Range.getBegin(), Rec.isWarning() ? Warn : Rem)
          << F.Message << F.CheckId << F.Range;
      for (const std::string &N : F.Notes)
        Diags.Report(F.Range.getBegin(), Note) << N;
      if (!M.AlsoIn.empty())
        Diags.Report(F.Range.getBegin(), Note) << alsoInNote(M);
      Rec.Rendered = dropIncludeStack(Render.take());
      // The printer names the file as it was reached (`src/../inc/t.cuh`);
      // every report names it one way.
      if (PB.isValid()) {
        std::string Pos = ":" + std::to_string(PB.getLine()) + ":" +
                          std::to_string(PB.getColumn()) + ":";
        replaceAll(Rec.Rendered, PB.getFilename() + Pos, Rec.File + Pos);
      }
      // -w or a pragma can silence the printer; the finding is still one.
      if (Rec.Rendered.empty())
        Rec.Rendered = Rec.File + ":" + std::to_string(Rec.Line) + ":" +
                       std::to_string(Rec.Column) + ": " + Rec.severityName() +
                       ": " + Rec.Message + " [" + Rec.CheckId + "]\n";
    }
    Out.push_back(std::move(Rec));
  }
  return Out;
}

} // namespace cal
