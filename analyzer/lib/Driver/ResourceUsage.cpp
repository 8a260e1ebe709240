//===- ResourceUsage.cpp - Registers per kernel from ptxas ----------------===//
#include "ResourceUsage.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <optional>

using namespace llvm;

namespace cal {

std::map<std::string, unsigned> parsePtxasRegisters(StringRef Output) {
  std::map<std::string, unsigned> Out;
  std::string Entry;
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n');
  for (StringRef L : Lines) {
    // Device functions compiled separately ("Compiling function") have
    // their own counts; only entry functions are kernels.
    size_t P = L.find("Compiling entry function '");
    if (P != StringRef::npos) {
      StringRef Rest = L.substr(P + strlen("Compiling entry function '"));
      Entry = Rest.take_until([](char C) { return C == '\''; }).str();
      continue;
    }
    P = L.find("Used ");
    if (P == StringRef::npos || Entry.empty() || !L.contains("registers"))
      continue;
    StringRef Num = L.substr(P + 5).take_while(isDigit);
    unsigned N;
    if (!Num.getAsInteger(10, N))
      Out[Entry] = N;
    Entry.clear();
  }
  return Out;
}

Expected<std::map<std::string, unsigned>>
ptxasRegisters(StringRef ToolkitRoot, StringRef Arch, StringRef File,
               ArrayRef<std::string> Args) {
  SmallString<256> Nvcc(ToolkitRoot);
  sys::path::append(Nvcc, "bin", "nvcc");
  if (!sys::fs::can_execute(Nvcc))
    return createStringError("no nvcc at " + Nvcc.str());
  std::vector<std::string> Cmd = {Nvcc.str().str(),
                                  "-arch=" + Arch.str(),
                                  "--resource-usage",
                                  "-c",
                                  "-o",
                                  "/dev/null",
                                  "-x",
                                  "cu"};
  // The file's include paths, macros and language standard; clang-only
  // flags would make nvcc fail.
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    bool Joined = A.starts_with("-I") || A.starts_with("-D") ||
                  A.starts_with("-U") || A.starts_with("-std=");
    bool Separate = A == "-isystem" || A == "-include";
    if (Joined && A.size() > 2)
      Cmd.push_back(A.str());
    else if ((Separate || A == "-I" || A == "-D") && I + 1 < Args.size()) {
      Cmd.push_back(A.str());
      Cmd.push_back(Args[++I]);
    }
  }
  Cmd.push_back(File.str());
  SmallString<128> Log;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("cal-ptxas", "log", Log))
    return createStringError(EC, "cannot create a temporary file");
  FileRemover Remove(Log);
  std::vector<StringRef> Argv(Cmd.begin(), Cmd.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), Log.str(), Log.str()};
  std::string Err;
  int RC = sys::ExecuteAndWait(Nvcc, Argv, std::nullopt, Redirects,
                               /*SecondsToWait=*/300, 0, &Err);
  auto Buf = MemoryBuffer::getFile(Log);
  std::string Text = Buf ? (*Buf)->getBuffer().str() : "";
  if (RC != 0) {
    StringRef T = StringRef(Text).trim();
    if (T.size() > 400)
      T = T.take_back(400);
    return createStringError(
        "nvcc failed (" + (Err.empty() ? "exit " + std::to_string(RC) : Err) +
        ")" + (T.empty() ? "" : ": " + T.str()));
  }
  return parsePtxasRegisters(Text);
}

} // namespace cal
