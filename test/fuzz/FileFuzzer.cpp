//===- FileFuzzer.cpp - libFuzzer target for whole-file analysis ----------===//
//
// The input is a CUDA source file. It goes through what cuda-access-lint
// does for one file (lintFile: parse with the built-in minimal CUDA header,
// discover kernels and launches, interpret every evaluated warp, run the
// checks), and the findings and kernels are rendered as the JSON and SARIF
// reporters write them. Any crash, sanitizer report or run past libFuzzer's
// -timeout is a finding; bad input must come back as an error string.
//
//===----------------------------------------------------------------------===//
#include "cal/Driver/LintRun.h"
#include "cal/Report/Reporters.h"
#include "llvm/Support/raw_ostream.h"

using namespace cal;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64 * 1024)
    return 0; // bigger inputs only slow the search down
  LintConfig C;
  C.Frontend.NoToolkit = true;
  C.StdinContents = std::string(reinterpret_cast<const char *>(Data), Size);
  // One byte of the input picks the event dump too, so its printer runs.
  C.DumpEvents = Size && Data[Size - 1] % 7 == 0;
  ConfigFile Cfg;
  std::vector<FileReport> Files;
  Files.push_back(lintFile("fuzz.cu", C, Cfg));
  llvm::json::Array Findings;
  for (const FindingRecord *F : uniqueFindings(Files))
    Findings.push_back(findingToJSON(*F));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::json::Value(std::move(Findings));
  OS << llvm::json::Value(llvm::json::Array(Files.front().Kernels));
  OS << sarifLog(uniqueFindings(Files), Files, "/", "fuzz");
  return 0;
}
