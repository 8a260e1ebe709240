//===- FixVerify.cpp - Prove a proposed change before offering it ---------===//
//
// A check proposes a change where its rule says the change removes the cost
// (pad a shared tile's row by one). Before --fix writes it, the file is
// analysed again with the change applied, under the same launches and
// settings: the change is kept only if the access it targets no longer
// costs more than its ideal, and no access of any kernel costs more than
// before (more sectors or more wavefronts per request).
//
//===----------------------------------------------------------------------===//
#include "cal/Driver/LintRun.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <tuple>

using namespace llvm;

namespace cal {

Expected<std::string> applyEdits(StringRef Text, ArrayRef<TextEdit> Edits) {
  std::vector<TextEdit> Sorted(Edits.begin(), Edits.end());
  llvm::sort(Sorted, [](const TextEdit &A, const TextEdit &B) {
    return A.Offset > B.Offset;
  });
  std::string Out = Text.str();
  size_t Limit = Out.size();
  for (const TextEdit &E : Sorted) {
    if (E.Offset + E.Length > Limit)
      return createStringError("overlapping or out-of-range replacements in '" +
                               E.File + "'");
    Out.replace(E.Offset, E.Length, E.Text);
    Limit = E.Offset;
  }
  return Out;
}

namespace {

/// An access's place and cost in one kernel analysis (prediction JSON).
using AccessKey = std::tuple<std::string, std::string, int64_t, int64_t,
                             std::string>; // kernel, launch, line, col, kind

struct Cost {
  double Sectors = -1, Wavefronts = -1, IdealWavefronts = -1;
  std::string File; ///< where the access is, for the reason
};

double meanOf(const json::Object *A, StringRef Key) {
  if (const json::Object *S = A->getObject(Key))
    if (std::optional<double> M = S->getNumber("mean"))
      return *M;
  return -1;
}

/// The costs of every access, keyed so that the two analyses line up.
/// \p Shift moves columns after an insertion on its line back to where
/// they were before it.
std::map<AccessKey, Cost> costsOf(const KernelEntries &Kernels,
                                  ArrayRef<TextEdit> Shift) {
  std::map<AccessKey, Cost> Out;
  for (size_t I = 0; I < Kernels.size(); ++I) {
    json::Value KV = Kernels.value(I);
    const json::Object *K = KV.getAsObject();
    if (!K)
      continue;
    std::string Name = K->getString("name").value_or("").str();
    std::string Launch;
    if (const json::Object *L = K->getObject("launch"))
      Launch = formatv("{0}", json::Value(json::Object(*L))).str();
    const json::Array *As = K->getArray("accesses");
    for (const json::Value &AV : As ? *As : json::Array()) {
      const json::Object *A = AV.getAsObject();
      if (!A)
        continue;
      int64_t Line = A->getInteger("line").value_or(0);
      int64_t Col = A->getInteger("column").value_or(0);
      for (const TextEdit &E : Shift)
        if (int64_t(E.Line) == Line && int64_t(E.Column) < Col)
          Col -= int64_t(E.Text.size()) - int64_t(E.Length);
      Cost C;
      C.Sectors = meanOf(A, "sectors_per_request");
      C.Wavefronts = meanOf(A, "wavefronts_per_request");
      C.IdealWavefronts =
          A->getNumber("ideal_wavefronts_per_request").value_or(-1);
      C.File = A->getString("file").value_or("").str();
      Out[{Name, Launch, Line, Col, A->getString("kind").value_or("").str()}] =
          C;
    }
  }
  return Out;
}

/// Why the change is not proven; empty when it is.
std::string compare(const std::map<AccessKey, Cost> &Before,
                    const std::map<AccessKey, Cost> &After,
                    ArrayRef<const FindingRecord *> Targets) {
  if (Before.size() != After.size())
    return "the changed file has a different set of accesses";
  for (auto &[Key, B] : Before) {
    auto It = After.find(Key);
    if (It == After.end())
      return "an access of the original is missing after the change";
    const Cost &A = It->second;
    if (A.Sectors > B.Sectors + 1e-9 || A.Wavefronts > B.Wavefronts + 1e-9)
      return formatv("the access at {0}:{1}:{2} would cost more", B.File,
                     std::get<2>(Key), std::get<3>(Key));
  }
  for (const FindingRecord *F : Targets)
    for (auto &[Key, A] : After)
      if (std::get<2>(Key) == int64_t(F->Line) &&
          std::get<3>(Key) == int64_t(F->Column) &&
          A.Wavefronts > A.IdealWavefronts + 1e-9)
        return formatv("the access at {0}:{1}:{2} would still take {3} "
                       "wavefronts where {4} would do",
                       F->File, F->Line, F->Column, A.Wavefronts,
                       A.IdealWavefronts);
  return "";
}

} // namespace

void verifyFixes(FileReport &FR, StringRef File, const LintConfig &C,
                 const ConfigFile &Cfg) {
  std::vector<FindingRecord *> WithEdits;
  for (FindingRecord &F : FR.Findings)
    if (!F.Edits.empty())
      WithEdits.push_back(&F);
  if (WithEdits.empty())
    return;
  auto Reject = [&](const std::string &Why) {
    for (FindingRecord *F : WithEdits) {
      F->Edits.clear();
      F->Notes.push_back("no automatic fix: " + Why);
    }
  };
  if (!FR.Parsed || FR.Partial || !FR.CommentErrors.empty())
    return Reject("the file has errors");
  std::string Self = canonicalReportPath(File);
  for (FindingRecord *F : WithEdits)
    for (const TextEdit &E : F->Edits)
      if (E.File != Self)
        return Reject("the change is in another file ('" + E.File + "')");

  std::string Original;
  if (C.StdinContents) {
    Original = *C.StdinContents;
  } else {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
    if (!Buf)
      return Reject("cannot read '" + File.str() + "' again");
    Original = (*Buf)->getBuffer().str();
  }

  // Each distinct change (one per array) is proven on its own, with the
  // findings that propose it as its targets.
  std::map<std::vector<std::tuple<unsigned, unsigned, std::string>>,
           std::vector<FindingRecord *>>
      Groups;
  for (FindingRecord *F : WithEdits) {
    std::vector<std::tuple<unsigned, unsigned, std::string>> Key;
    for (const TextEdit &E : F->Edits)
      Key.emplace_back(E.Offset, E.Length, E.Text);
    llvm::sort(Key);
    Groups[Key].push_back(F);
  }
  std::map<AccessKey, Cost> Before = costsOf(FR.Kernels, {});
  for (auto &[Key, Fs] : Groups) {
    ArrayRef<TextEdit> Edits = Fs.front()->Edits;
    auto RejectGroup = [&](const std::string &Why) {
      for (FindingRecord *F : Fs) {
        F->Edits.clear();
        F->Notes.push_back("no automatic fix: " + Why);
      }
    };
    Expected<std::string> Changed = applyEdits(Original, Edits);
    if (!Changed) {
      RejectGroup(toString(Changed.takeError()));
      continue;
    }
    LintConfig Again = C;
    Again.VerifyFixes = false;
    Again.OnAnalysis = nullptr;
    Again.BeforeAnalysis = nullptr;
    Again.StdinContents = *Changed;
    FileReport After = lintFile(File, Again, Cfg);
    if (!After.Parsed || After.Partial) {
      RejectGroup("the changed file does not parse");
      continue;
    }
    std::vector<const FindingRecord *> Targets(Fs.begin(), Fs.end());
    std::string Why = compare(Before, costsOf(After.Kernels, Edits), Targets);
    if (!Why.empty()) {
      RejectGroup("re-analysis of the change: " + Why);
      continue;
    }
    for (FindingRecord *F : Fs)
      F->FixVerified = true;
  }
}

} // namespace cal
