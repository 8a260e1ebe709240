//===- FixOutput.cpp - --fix and --export-fixes ---------------------------===//
#include "FixOutput.h"
#include "cal/Driver/LintRun.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cstdlib>
#include <thread>

using namespace llvm;
namespace tooling = clang::tooling;

namespace cal {

static std::string absolute(StringRef Path) {
  SmallString<256> P(Path);
  (void)sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The byte offset of 1-based \p Line and \p Column in \p Path, or 0.
static unsigned offsetOf(StringRef Path, unsigned Line, unsigned Column) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return 0;
  StringRef Text = (*Buf)->getBuffer();
  size_t At = 0;
  for (unsigned L = 1; L < Line && At != StringRef::npos; ++L) {
    At = Text.find('\n', At);
    if (At != StringRef::npos)
      ++At;
  }
  return At == StringRef::npos ? 0 : unsigned(At + Column - 1);
}

static bool offered(const FindingRecord &F) {
  return F.FixVerified && !F.Edits.empty() && F.SuppressedBy.empty();
}

Error exportFixes(StringRef Path, ArrayRef<const FindingRecord *> Findings) {
  SmallString<256> Cwd;
  (void)sys::fs::current_path(Cwd);
  tooling::TranslationUnitDiagnostics TU;
  for (const FindingRecord *F : Findings) {
    if (!offered(*F))
      continue;
    if (TU.MainSourceFile.empty())
      TU.MainSourceFile = absolute(F->File);
    tooling::DiagnosticMessage Msg;
    Msg.Message = F->Message;
    Msg.FilePath = absolute(F->File);
    Msg.FileOffset = offsetOf(F->File, F->Line, F->Column);
    for (const TextEdit &E : F->Edits) {
      tooling::Replacement R(absolute(E.File), E.Offset, E.Length, E.Text);
      if (Error Err = Msg.Fix[R.getFilePath()].add(R))
        return Err;
    }
    tooling::Diagnostic D(F->CheckId, Msg, {}, tooling::Diagnostic::Warning,
                          Cwd);
    TU.Diagnostics.push_back(std::move(D));
  }
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "cannot write --export-fixes='%s': %s",
                             Path.str().c_str(), EC.message().c_str());
  yaml::Output YAML(OS);
  YAML << TU;
  return Error::success();
}

void markApplied(FileReport &R) {
  for (FindingRecord &F : R.Findings)
    if (offered(F)) {
      const char *Fixed = "fixed: the change was written to the file (--fix)";
      F.Notes.push_back(Fixed);
      F.Rendered += F.File + ":" + std::to_string(F.Line) + ":" +
                    std::to_string(F.Column) + ": note: " + Fixed + "\n";
    }
}

Error applyFixes(const FileReport &R) {
  std::vector<TextEdit> Edits;
  for (const FindingRecord &F : R.Findings)
    if (offered(F))
      for (const TextEdit &E : F.Edits)
        if (llvm::none_of(Edits, [&](const TextEdit &O) {
              return O.File == E.File && O.Offset == E.Offset &&
                     O.Length == E.Length && O.Text == E.Text;
            }))
          Edits.push_back(E);
  if (Edits.empty())
    return Error::success();
  // verifyFixes keeps only edits of the file itself, in a file without
  // errors; the check here guards the write all the same.
  if (!R.Parsed || R.Partial || !R.CommentErrors.empty())
    return createStringError("'" + R.File + "' has errors; not changed");
  const std::string &Path = Edits.front().File;
  // Test hook (lit fix/concurrent.test): a pause between the analysis and
  // the write, for a file edited in between. Never set in normal use.
  if (const char *Ms = std::getenv("CAL_TEST_FIX_DELAY_MS"))
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(Ms)));
  // Runs that fix the same file take turns, through a lock file of their
  // own (the target itself is replaced by a rename, so a lock on it would
  // not be held by the file the next run reads).
  SmallString<256> LockPath;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, LockPath);
  sys::path::append(LockPath, "cuda-access-lint-fix-" +
                                  utohexstr(xxh3_64bits(absolute(Path))) +
                                  ".lock");
  int LockFD = -1;
  if (std::error_code EC = sys::fs::openFileForWrite(
          LockPath, LockFD, sys::fs::CD_OpenAlways, sys::fs::OF_None))
    return createStringError("cannot open the lock file '" +
                             std::string(LockPath) + "': " + EC.message());
  scope_exit Close([&] {
    (void)sys::fs::unlockFile(LockFD);
    sys::Process::SafelyCloseFileDescriptor(LockFD);
  });
  if (std::error_code EC = sys::fs::lockFile(LockFD))
    return createStringError("cannot lock '" + std::string(LockPath) +
                             "': " + EC.message());
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError("cannot read '" + Path +
                             "': " + Buf.getError().message());
  // The fixes are offsets into the text that was analysed: applied to any
  // other text they would corrupt it.
  if (!R.SourceHash || xxh3_64bits((*Buf)->getBuffer()) != *R.SourceHash)
    return createStringError(
        "'" + Path +
        "' changed after it was analysed (another run or an editor wrote "
        "it); not changed: run again on the new text");
  Expected<std::string> Changed = applyEdits((*Buf)->getBuffer(), Edits);
  if (!Changed)
    return Changed.takeError();
  // writeToOutput writes a temporary file beside the target and renames it
  // over the target: a reader never sees half a file.
  if (Error E = writeToOutput(Path, [&](raw_ostream &OS) {
        OS << *Changed;
        return Error::success();
      }))
    return E;
  WithColor::note(errs(), "cuda-access-lint")
      << "applied " << Edits.size() << " fix" << (Edits.size() == 1 ? "" : "es")
      << " to '" << Path << "'\n";
  return Error::success();
}

} // namespace cal
