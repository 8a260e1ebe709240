//===- LspProtocol.cpp - The analyzer's results as LSP values -------------===//
#include "LspProtocol.h"

#include "cal/Frontend/CompileCommands.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Target/TargetModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace cal {

std::string uriToPath(StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return "";
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned V = 0;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, V)) {
      Out.push_back(char(V));
      I += 2;
      continue;
    }
    Out.push_back(Uri[I]);
  }
  return Out;
}

std::string pathToUri(StringRef Path) {
  std::string Out = "file://";
  for (char C : Path) {
    if (isAlnum(C) || StringRef("/-_.~").contains(C))
      Out.push_back(C);
    else
      Out += formatv("%{0:X2}", unsigned(uint8_t(C))).str();
  }
  return Out;
}

LineTable::LineTable(StringRef Text) : Text(Text) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
}

/// UTF-16 code units of UTF-8 \p S: one per character, two for one
/// outside the Basic Multilingual Plane (a 4-byte sequence).
static int64_t utf16Length(StringRef S) {
  int64_t N = 0;
  for (unsigned char C : S) {
    if ((C & 0xC0) == 0x80)
      continue;
    N += (C & 0xF8) == 0xF0 ? 2 : 1;
  }
  return N;
}

json::Object LineTable::positionOfOffset(size_t Offset) const {
  Offset = std::min(Offset, Text.size());
  size_t Line = std::upper_bound(Starts.begin(), Starts.end(), Offset) -
                Starts.begin() - 1;
  return json::Object{
      {"line", int64_t(Line)},
      {"character", utf16Length(Text.slice(Starts[Line], Offset))}};
}

json::Object LineTable::position(unsigned Line, unsigned Column) const {
  if (Line == 0)
    return json::Object{{"line", 0}, {"character", 0}};
  size_t L = std::min<size_t>(Line - 1, Starts.size() - 1);
  size_t Offset = Starts[L] + (Column ? Column - 1 : 0);
  size_t LineEnd = L + 1 < Starts.size() ? Starts[L + 1] : Text.size();
  return positionOfOffset(std::min(Offset, LineEnd));
}

size_t LineTable::offsetOf(int64_t Line, int64_t Character) const {
  if (Line < 0)
    return 0;
  if (size_t(Line) >= Starts.size())
    return Text.size();
  size_t I = Starts[Line];
  size_t End =
      size_t(Line) + 1 < Starts.size() ? Starts[Line + 1] - 1 : Text.size();
  // Walk the line a character at a time, counting UTF-16 units.
  int64_t Units = 0;
  while (I < End && Units < Character) {
    unsigned char C = Text[I];
    unsigned Len = C < 0x80             ? 1
                   : (C & 0xE0) == 0xC0 ? 2
                   : (C & 0xF0) == 0xE0 ? 3
                                        : 4;
    Units += Len == 4 ? 2 : 1;
    I = std::min(I + Len, End);
  }
  return I;
}

// ---- Hover ----------------------------------------------------------------

static std::string number(double V) {
  return V == double(int64_t(V)) ? std::to_string(int64_t(V))
                                 : formatv("{0:F2}", V).str();
}

static std::string launchLine(const KernelResult &K) {
  const LaunchConfig &L = K.Launch;
  std::string S = "kernel `" + K.Name + "`, ";
  if (L.Assumed)
    return S + formatv("assumed block ({0},{1},{2}) (no launch found)",
                       L.Block[0], L.Block[1], L.Block[2])
                   .str();
  S += (L.Source == "host-launch" ? std::string("host") : L.Source) + " launch";
  if (!L.Site.empty())
    S += " at " + L.Site;
  return S + formatv(", grid {0}, block ({1},{2},{3})", L.gridText(),
                     L.Block[0], L.Block[1], L.Block[2])
                 .str();
}

/// The first warp's lanes, four to a line: a byte offset each for global
/// and local memory, a bank (and the offset) for shared memory.
static std::string laneTable(const AccessSummary &A, const TargetModel &TM) {
  bool Shared = A.Space == AddrSpace::Shared;
  std::vector<std::string> Cells;
  size_t Width = 0;
  for (size_t I = 0; I < A.FirstWarpOffsets.size(); ++I) {
    int64_t Off = A.FirstWarpOffsets[I];
    std::string Cell = formatv("{0,2} -> ", A.FirstWarpLanes[I]).str();
    if (Shared) {
      // Offsets are from the array's start, which the compiler places on
      // a bank boundary.
      int64_t W = int64_t(TM.BankWidthBytes), N = int64_t(TM.SharedBanks);
      int64_t Word = Off >= 0 ? Off / W : (Off - W + 1) / W;
      Cell += formatv("bank {0,2} (byte {1})", ((Word % N) + N) % N, Off).str();
    } else {
      Cell += "byte " + std::to_string(Off);
    }
    Width = std::max(Width, Cell.size());
    Cells.push_back(std::move(Cell));
  }
  std::string S;
  for (size_t I = 0; I < Cells.size(); ++I) {
    S += Cells[I];
    if (I % 4 == 3 || I + 1 == Cells.size())
      S += "\n";
    else
      S += std::string(Width + 2 - Cells[I].size(), ' ');
  }
  return S;
}

static std::string hoverText(const AccessSummary &A, const KernelResult &K,
                             const TargetModel &TM) {
  bool Global = A.Space == AddrSpace::Global;
  std::string Unit = Global ? TM.globalUnit().str() : std::string(A.mainUnit());
  std::string S = formatv("**{0} {1}**, {2} bytes per lane — {3}\n\n",
                          addrSpaceName(A.Space), accessKindName(A.Kind),
                          A.BytesPerLane, launchLine(K))
                      .str();
  Confidence C = accessConfidence(A, K);
  if (StringRef(C.Level) == "unknown") {
    S += "cost unknown: " + C.Reason + "\n";
  } else {
    double Ideal = -1;
    if (A.Space == AddrSpace::Shared)
      Ideal = A.IdealWavefronts.empty() ? -1 : A.IdealWavefronts.mean();
    else if (Global || A.Space == AddrSpace::Local)
      Ideal = A.IdealSectors.empty() ? -1 : A.IdealSectors.mean();
    else if (A.Space == AddrSpace::Constant)
      Ideal = 1;
    S += "**" + number(A.headline(K)) + " " + Unit + " per request**";
    if (Ideal >= 0)
      S += " (ideal " + number(Ideal) + ")";
    S += StringRef(C.Level) == "exact"
             ? std::string("\n")
             : "; " + std::string(C.Level) + ": " + C.Reason + "\n";
  }
  if (!A.IndexText.empty())
    S += "\nbyte offset in thread terms: `" + A.IndexText + "`\n";
  if (!A.FirstWarpOffsets.empty())
    S += std::string("\nfirst warp, lane -> ") +
         (A.Space == AddrSpace::Shared ? "bank" : "byte offset") + ":\n```\n" +
         laneTable(A, TM) + "```\n";
  return S;
}

void collectAccessHovers(const AnalysisResult &R, clang::ASTContext &Ctx,
                         std::vector<AccessHover> &Out) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const KernelResult &K : R.Kernels)
    for (const AccessSummary &A : K.Accesses) {
      if (A.Range.isInvalid())
        continue;
      clang::SourceLocation B = SM.getExpansionLoc(A.Range.getBegin());
      clang::SourceLocation E = clang::Lexer::getLocForEndOfToken(
          SM.getExpansionLoc(A.Range.getEnd()), 0, SM, Ctx.getLangOpts());
      if (!SM.isWrittenInMainFile(B) || !SM.isWrittenInMainFile(E))
        continue;
      AccessHover H;
      H.Begin = SM.getFileOffset(B);
      H.End = SM.getFileOffset(E);
      H.Markdown = hoverText(A, K, R.Target);
      // The host and device passes may both see a kernel: one entry each.
      if (none_of(Out, [&](const AccessHover &O) {
            return O.Begin == H.Begin && O.End == H.End &&
                   O.Markdown == H.Markdown;
          }))
        Out.push_back(std::move(H));
    }
}

std::string hoverAt(ArrayRef<AccessHover> Hovers, size_t Offset, size_t &Begin,
                    size_t &End) {
  // The innermost access under the cursor (`a[b[i]]`: b's load inside a's).
  const AccessHover *Best = nullptr;
  for (const AccessHover &H : Hovers)
    if (H.Begin <= Offset && Offset <= H.End &&
        (!Best || H.End - H.Begin < Best->End - Best->Begin))
      Best = &H;
  if (!Best)
    return "";
  Begin = Best->Begin;
  End = Best->End;
  std::vector<std::string> Parts;
  for (const AccessHover &H : Hovers)
    if (H.Begin == Best->Begin && H.End == Best->End)
      Parts.push_back(H.Markdown);
  return join(Parts, "\n---\n\n");
}

// ---- Diagnostics ----------------------------------------------------------

bool inDocument(const FindingRecord &F, StringRef Path) {
  return F.File == canonicalReportPath(Path) || F.File == Path;
}

static json::Object range(const LineTable &T, unsigned L, unsigned C,
                          unsigned EL, unsigned EC) {
  json::Object Start = T.position(L, C);
  json::Object End = EL ? T.position(EL, EC) : T.position(L, C);
  return json::Object{{"start", std::move(Start)}, {"end", std::move(End)}};
}

json::Object toDiagnostic(const FindingRecord &F, const LineTable &T,
                          StringRef Uri) {
  json::Object Range = range(T, F.Line, F.Column, F.EndLine, F.EndColumn);
  json::Array Related;
  auto Add = [&](const std::string &Msg) {
    Related.push_back(
        json::Object{{"location", json::Object{{"uri", Uri},
                                               {"range", json::Object(Range)}}},
                     {"message", Msg}});
  };
  for (const std::string &N : F.Notes)
    Add(N);
  for (const std::string &N : F.Fixes)
    Add("fix: " + N);
  // LSP severities: 1 error, 2 warning, 3 information, 4 hint.
  int Severity = F.AsError ? 1 : F.isWarning() ? 2 : 3;
  json::Object D{{"range", std::move(Range)},
                 {"severity", Severity},
                 {"code", F.CheckId},
                 {"source", "cuda-access-lint"},
                 {"message", F.Message}};
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

json::Array documentDiagnostics(const FileReport &R, StringRef Path,
                                StringRef Uri, const LineTable &T) {
  json::Array Out;
  if (!R.Error.empty())
    Out.push_back(json::Object{{"range", range(T, 1, 1, 1, 1)},
                               {"severity", 1},
                               {"source", "cuda-access-lint"},
                               {"message", R.Error}});
  // clang's own errors and warnings on the document's lines
  // ("file:12:5: error: ..."); those of headers are listed at the top.
  Regex Diag("^(.*):([0-9]+):([0-9]+): (fatal error|error|warning): (.*)$");
  SmallVector<StringRef, 8> Lines;
  StringRef(R.Diagnostics).split(Lines, '\n');
  std::string Canon = canonicalReportPath(Path);
  for (StringRef L : Lines) {
    SmallVector<StringRef, 6> M;
    if (!Diag.match(L, &M))
      continue;
    unsigned Line = 1, Col = 1;
    bool Here =
        M[1] == Path || M[1] == Canon || canonicalReportPath(M[1]) == Canon;
    if (Here) {
      M[2].getAsInteger(10, Line);
      M[3].getAsInteger(10, Col);
    }
    Out.push_back(json::Object{
        {"range", range(T, Line, Col, Line, Col)},
        {"severity", M[4] == "warning" ? 2 : 1},
        {"source", "clang"},
        {"message",
         Here ? M[5].str() : (M[1] + ":" + M[2] + ": " + M[5]).str()}});
  }
  for (const CommentError &E : R.CommentErrors)
    Out.push_back(
        json::Object{{"range", range(T, E.Line, E.Column, E.Line, E.Column)},
                     {"severity", 1},
                     {"code", "cuda-access-lint-nolint"},
                     {"source", "cuda-access-lint"},
                     {"message", E.Message}});
  for (const FindingRecord &F : R.Findings)
    if (F.SuppressedBy.empty() && inDocument(F, Path))
      Out.push_back(toDiagnostic(F, T, Uri));
  return Out;
}

} // namespace cal
