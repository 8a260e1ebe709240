//===- LspReuse.cpp - A kernel's results kept between edits ---------------===//
#include "LspReuse.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace cal {

void KernelReuse::begin(StringRef P, StringRef T, StringRef F) {
  Path = P.str();
  Text = T.str();
  Fingerprint = F.str();
  Bodies.clear();
  Enabled = Seen = false;
  Reused = Analysed = 0;
}

/// What a kernel's launches are, as text: those of other translation units
/// change without this file's text changing.
static std::string launchesText(const KernelInfo &KI) {
  std::string S = KI.Name + "\n";
  for (const LaunchSite &L : KI.Launches) {
    S += L.Pos.str() + "|" + L.GridText + "|" + L.BlockText + "|" +
         L.SharedText + "|" + L.Origin + "|" + L.Api + "|" + L.PointerText;
    for (const LaunchArgument &A : L.Args)
      S += "|" + A.Param + "=" + A.Text +
           (A.Value ? "#" + std::to_string(*A.Value) : "");
    for (const std::string &C : L.Choices)
      S += "|" + C;
    S += "\n";
  }
  return S;
}

/// Every file the parse read but the main one, by size and time, sorted
/// (the source manager's table is in no particular order): a header
/// changed on disk changes every key. The main file's text is in the key
/// anyway.
static std::string filesRead(const clang::SourceManager &SM) {
  std::vector<std::string> Read;
  clang::OptionalFileEntryRef Main =
      SM.getFileEntryRefForID(SM.getMainFileID());
  for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I)
    if (!Main || I->first != *Main)
      Read.push_back(formatv("{0}:{1}:{2}\n", I->first.getName(),
                             I->first.getSize(),
                             int64_t(I->first.getModificationTime())));
  llvm::sort(Read);
  return join(Read, "");
}

bool KernelReuse::findBodies(const clang::SourceManager &SM,
                             ArrayRef<KernelInfo> Ks,
                             std::vector<int> &BodyOf) {
  BodyOf.assign(Ks.size(), -1);
  for (size_t I = 0; I < Ks.size(); ++I) {
    const clang::FunctionDecl *D = Ks[I].Decl;
    if (!D)
      continue;
    if (const clang::FunctionDecl *P = D->getTemplateInstantiationPattern())
      D = P;
    const clang::Stmt *S = D->getBody();
    if (!S)
      continue;
    clang::SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    clang::SourceLocation L = SM.getExpansionLoc(S->getBeginLoc());
    clang::SourceLocation R = SM.getExpansionLoc(S->getEndLoc());
    if (!SM.isWrittenInMainFile(B) || !SM.isWrittenInMainFile(L) ||
        !SM.isWrittenInMainFile(R))
      continue;
    size_t LB = SM.getFileOffset(L), RB = SM.getFileOffset(R);
    if (RB <= LB || RB >= Text.size())
      continue;
    // A kernel that launches kernels gives them launches from its body:
    // no kernel's results can then stand for themselves.
    if (StringRef(Text).slice(LB, RB).contains("<<<"))
      return false;
    auto It = find_if(Bodies, [&](const Body &X) { return X.LBrace == LB; });
    if (It == Bodies.end()) {
      Body X;
      X.Begin = std::min<size_t>(SM.getFileOffset(B), LB);
      X.LBrace = LB;
      X.RBrace = RB;
      X.FirstLine = SM.getLineNumber(SM.getMainFileID(), X.Begin);
      X.LastLine = SM.getLineNumber(SM.getMainFileID(), RB);
      Bodies.push_back(X);
      It = std::prev(Bodies.end());
    }
    BodyOf[I] = int(It - Bodies.begin());
  }
  return true;
}

void KernelReuse::keyBodies(StringRef Files, ArrayRef<KernelInfo> Ks,
                            ArrayRef<int> BodyOf) {
  // Keys: the text with the other bodies reduced to their line breaks and
  // the column of their closing brace, then this body's launches.
  std::vector<const Body *> InOrder;
  for (const Body &X : Bodies)
    InOrder.push_back(&X);
  llvm::sort(InOrder, [](const Body *A, const Body *B) {
    return A->LBrace < B->LBrace;
  });
  for (size_t Bi = 0; Bi < Bodies.size(); ++Bi) {
    Body &X = Bodies[Bi];
    std::string K = Files.str();
    size_t At = 0;
    for (const Body *OP : InOrder) {
      const Body &O = *OP;
      if (&O == &X || O.LBrace < At)
        continue;
      K.append(Text, At, O.LBrace + 1 - At);
      StringRef Inner = StringRef(Text).slice(O.LBrace + 1, O.RBrace);
      K.append(Inner.count('\n'), '\n');
      K += "#" + std::to_string(Inner.size() - Inner.rfind('\n') - 1);
      At = O.RBrace;
    }
    K.append(Text, At, std::string::npos);
    for (size_t I = 0; I < Ks.size(); ++I)
      if (BodyOf[I] == int(Bi))
        K += launchesText(Ks[I]);
    X.Key = xxh3_64bits(K);
    X.Kept = Cache.count(X.Key);
  }
}

void KernelReuse::beforeAnalysis(clang::ASTContext &Ctx,
                                 std::vector<KernelInfo> &Ks) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  // The analysis reads the text clang parsed; it must be the document's.
  if (SM.getBufferData(SM.getMainFileID()) != Text)
    return;
  std::vector<int> BodyOf;
  if (!findBodies(SM, Ks, BodyOf))
    return;
  keyBodies(Fingerprint + filesRead(SM), Ks, BodyOf);
  Enabled = true;
  std::vector<KernelInfo> Todo;
  for (size_t I = 0; I < Ks.size(); ++I)
    if (BodyOf[I] < 0 || !Bodies[BodyOf[I]].Kept)
      Todo.push_back(std::move(Ks[I]));
  Ks = std::move(Todo);
}

void KernelReuse::onAnalysis(const AnalysisResult &R, clang::ASTContext &Ctx) {
  // One analysis per file; a second call would misalign the entries.
  if (Seen) {
    Enabled = false;
    return;
  }
  Seen = true;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < R.Kernels.size(); ++I) {
    clang::SourceLocation L = SM.getExpansionLoc(R.Kernels[I].Loc);
    if (L.isInvalid() || !SM.isWrittenInMainFile(L))
      continue;
    size_t Off = SM.getFileOffset(L);
    for (Body &B : Bodies)
      if (!B.Kept && B.Begin <= Off && Off <= B.RBrace)
        B.Results.push_back(I);
  }
}

/// Whether every place in \p V (objects with a file and a line) is in the
/// main file, between \p First and \p Last.
static bool placesWithin(const json::Value &V, StringRef Path, unsigned First,
                         unsigned Last) {
  if (const json::Array *A = V.getAsArray())
    return all_of(*A, [&](const json::Value &E) {
      return placesWithin(E, Path, First, Last);
    });
  const json::Object *O = V.getAsObject();
  if (!O)
    return true;
  std::optional<StringRef> File = O->getString("file");
  std::optional<int64_t> Line = O->getInteger("line");
  if (File && Line &&
      (!(*File == Path || *File == canonicalReportPath(Path)) ||
       *Line < First || *Line > Last))
    return false;
  for (auto &[K, E] : *O)
    if (!placesWithin(E, Path, First, Last))
      return false;
  return true;
}

bool KernelReuse::cacheable(const Body &B, const FileReport &FR,
                            ArrayRef<const FindingRecord *> Findings) const {
  for (size_t I : B.Results)
    if (I >= FR.Kernels.size() ||
        !placesWithin(FR.Kernels.value(I), Path, B.FirstLine, B.LastLine))
      return false;
  // A fix is moved with the kernel: it must change the kernel's own text.
  for (const FindingRecord *F : Findings)
    for (const TextEdit &E : F->Edits)
      if (E.Offset < B.Begin || E.Offset + E.Length > B.RBrace + 1)
        return false;
  return true;
}

void KernelReuse::finish(FileReport &FR, std::vector<AccessHover> &Hovers) {
  if (!Enabled || !FR.Parsed || FR.Partial || !FR.CommentErrors.empty() ||
      !FR.Error.empty()) {
    Cache.clear();
    return;
  }
  std::map<uint64_t, Entry> Next;
  auto Within = [](const Body &B, unsigned Line) {
    return Line >= B.FirstLine && Line <= B.LastLine;
  };
  // This analysis's own kernels, before the kept ones are added.
  for (const Body &B : Bodies) {
    if (B.Kept)
      continue;
    ++Analysed;
    std::vector<const FindingRecord *> Fs;
    for (const FindingRecord &F : FR.Findings)
      if (inDocument(F, Path) && Within(B, F.Line))
        Fs.push_back(&F);
    if (!cacheable(B, FR, Fs))
      continue;
    Entry E;
    E.LBrace = B.LBrace;
    for (const FindingRecord *F : Fs)
      E.Findings.push_back(*F);
    for (size_t I : B.Results)
      E.Kernels.copyFrom(FR.Kernels, I);
    for (const AccessHover &H : Hovers)
      if (H.Begin >= B.Begin && H.End <= B.RBrace + 1)
        E.Hovers.push_back(H);
    Next[B.Key] = std::move(E);
  }
  // The kept kernels: their results, moved to where the body is now (its
  // lines are the same; its bytes may have moved).
  for (const Body &B : Bodies) {
    if (!B.Kept)
      continue;
    ++Reused;
    Entry E = std::move(Cache[B.Key]);
    int64_t Shift = int64_t(B.LBrace) - int64_t(E.LBrace);
    for (FindingRecord &F : E.Findings)
      for (TextEdit &T : F.Edits)
        T.Offset = unsigned(int64_t(T.Offset) + Shift);
    for (AccessHover &H : E.Hovers) {
      H.Begin = size_t(int64_t(H.Begin) + Shift);
      H.End = size_t(int64_t(H.End) + Shift);
    }
    E.LBrace = B.LBrace;
    append_range(FR.Findings, E.Findings);
    for (size_t I = 0; I < E.Kernels.size(); ++I)
      FR.Kernels.copyFrom(E.Kernels, I);
    append_range(Hovers, E.Hovers);
    Next[B.Key] = std::move(E);
  }
  // Source order, as a run that analysed every kernel gives.
  std::stable_sort(FR.Findings.begin(), FR.Findings.end(),
                   [](const FindingRecord &A, const FindingRecord &B) {
                     return std::tie(A.File, A.Line, A.Column) <
                            std::tie(B.File, B.Line, B.Column);
                   });
  Cache = std::move(Next);
}

} // namespace cal
