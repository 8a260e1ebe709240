//===- Annotations.cpp - `// cuda-access-lint:` comments ------------------===//
#include "Annotations.h"
#include "LaunchConfigs.h"
#include "cal/Checks/Check.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cal {

namespace {

constexpr StringRef Marker = "cuda-access-lint:";
const char *const Items[] = {"block", "grid", "param"};

/// One line of the comment run above a kernel.
struct CommentLine {
  unsigned Offset; ///< of the line's first character in the buffer
  StringRef Text;
};

/// Where the declaration starts: its template header, if any, so that an
/// annotation above `template <int N>` applies.
clang::SourceLocation declBegin(const clang::FunctionDecl *FD,
                                const clang::SourceManager &SM) {
  clang::SourceLocation Begin = FD->getBeginLoc();
  if (const auto *TD = FD->getPrimaryTemplate())
    Begin = TD->getBeginLoc();
  else if (const auto *Pattern = FD->getTemplateInstantiationPattern())
    if (const auto *TD = Pattern->getDescribedFunctionTemplate())
      Begin = TD->getBeginLoc();
  return SM.getExpansionLoc(Begin);
}

class Reader {
public:
  Reader(clang::ASTContext &Ctx, clang::FileID FID, StringRef Buf,
         std::vector<AnnotationIssue> &Issues)
      : SM(Ctx.getSourceManager()), FID(FID), Buf(Buf), Issues(Issues) {}

  void issue(unsigned Offset, const Twine &Msg) {
    AnnotationIssue I;
    I.Loc = SM.getComposedLoc(FID, Offset);
    I.Pos.File = SM.getFilename(I.Loc).str();
    I.Pos.Line = SM.getSpellingLineNumber(I.Loc);
    I.Pos.Column = SM.getSpellingColumnNumber(I.Loc);
    I.Message = Msg.str();
    Issues.push_back(std::move(I));
  }

  /// Reads `block(..) grid(..) param(..)` from \p Text at \p Offset;
  /// anything else is reported and skipped.
  std::optional<Annotation> parse(StringRef Text, unsigned Offset) {
    Annotation A;
    bool Any = false;
    size_t Pos = 0;
    while (true) {
      while (Pos < Text.size() && isSpace(Text[Pos]))
        ++Pos;
      if (Pos >= Text.size())
        break;
      size_t Start = Pos;
      while (Pos < Text.size() && (isAlnum(Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      StringRef Name = Text.slice(Start, Pos);
      size_t Close = Text.find(')', Pos);
      if (Name.empty() || Pos >= Text.size() || Text[Pos] != '(' ||
          Close == StringRef::npos) {
        // Not an item: report the rest of the word and go on after it.
        size_t End = Text.find_first_of(" \t", Start + 1);
        StringRef Junk = Text.slice(Start, End);
        issue(Offset + Start, "ignored '" + Junk +
                                  "' in the cuda-access-lint annotation "
                                  "(expected block(X,Y,Z), grid(X,Y,Z) or "
                                  "param(NAME=VALUE, ...))");
        Pos = End == StringRef::npos ? Text.size() : End;
        continue;
      }
      StringRef Args = Text.slice(Pos + 1, Close);
      StringRef Item = Text.slice(Start, Close + 1);
      Pos = Close + 1;
      if (Name == "block" || Name == "grid") {
        Expected<Dim3> D = parseDim3(Name, Args);
        if (!D) {
          consumeError(D.takeError());
          issue(Offset + Start, "ignored '" + Item +
                                    "': expected one to three positive "
                                    "integers, e.g. " +
                                    Name + "(32,8)");
          continue;
        }
        (Name == "block" ? A.Block : A.Grid) = *D;
        Any = true;
      } else if (Name == "param") {
        SmallVector<StringRef, 4> Ps;
        Args.split(Ps, ',', -1, /*KeepEmpty=*/false);
        for (StringRef P : Ps) {
          auto [N, V] = P.split('=');
          int64_t X;
          if (N.trim().empty() || V.trim().getAsInteger(0, X)) {
            issue(Offset + Start, "ignored '" + P.trim() + "' in '" + Item +
                                      "': expected NAME=INTEGER");
            continue;
          }
          A.Params[N.trim().str()] = X;
          Any = true;
        }
      } else {
        std::string Near = nearestSpelling(
            Name, std::vector<std::string>(std::begin(Items), std::end(Items)));
        issue(Offset + Start,
              "ignored '" + Item + "': unknown annotation item '" + Name + "'" +
                  (Near.empty() ? std::string(" (expected block, grid or "
                                              "param)")
                                : "; did you mean '" + Near + "'?"));
      }
    }
    if (!Any)
      return std::nullopt;
    return A;
  }

private:
  const clang::SourceManager &SM;
  clang::FileID FID;
  StringRef Buf;
  std::vector<AnnotationIssue> &Issues;
};

} // namespace

std::optional<Annotation> annotationFor(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *FD,
                                        std::vector<AnnotationIssue> &Issues) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation Begin = declBegin(FD, SM);
  clang::FileID FID = SM.getFileID(Begin);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return std::nullopt;
  // The lines above the declaration, nearest first, up to the first line of
  // code: comments (`//`, or inside or around `/* */`) and blank lines.
  unsigned LineStart = SM.getFileOffset(Begin);
  while (LineStart > 0 && Buf[LineStart - 1] != '\n')
    --LineStart;
  bool InBlock = false, Adjacent = true;
  Reader R(Ctx, FID, Buf, Issues);
  while (LineStart > 0) {
    unsigned End = LineStart - 1; // the '\n' ending the line above
    unsigned Start = End;
    while (Start > 0 && Buf[Start - 1] != '\n')
      --Start;
    LineStart = Start;
    StringRef Line = Buf.slice(Start, End);
    StringRef T = Line.trim();
    if (T.empty() && !InBlock) {
      Adjacent = false;
      continue;
    }
    bool Comment = InBlock || T.starts_with("//") || T.starts_with("/*") ||
                   T.ends_with("*/");
    if (!Comment)
      break;
    // Going up, `*/` opens a block and `/*` closes it.
    if (T.ends_with("*/") && !T.contains("/*"))
      InBlock = true;
    else if (InBlock && T.contains("/*"))
      InBlock = false;
    size_t At = Line.find(Marker);
    if (At == StringRef::npos)
      continue;
    StringRef Text = Line.substr(At + Marker.size());
    Text = Text.split("*/").first;
    unsigned TextOffset = Start + unsigned(At + Marker.size());
    if (!Adjacent) {
      R.issue(Start + unsigned(At),
              "ignored cuda-access-lint annotation: a blank line separates "
              "it from kernel '" +
                  FD->getNameAsString() +
                  "'; put it directly above the kernel");
      return std::nullopt;
    }
    return R.parse(Text, TextOffset);
  }
  return std::nullopt;
}

} // namespace cal
