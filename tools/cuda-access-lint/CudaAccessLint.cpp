//===- CudaAccessLint.cpp - The cuda-access-lint command ------------------===//
//
// Thin driver: parses options, runs the analyzer library on each file and
// picks a reporter. Exit codes (documented in README.md):
//   0  analysis ran (findings, if any, were printed)
//   1  findings were reported and --fail-on-findings was given
//   2  bad input or usage: missing/unreadable/binary/empty file, a
//      directory, a syntax error, an unknown option or value; or a file
//      in which clang rejects part of the code (the kernels that parsed
//      are analysed and their findings printed; KernelPasses.h)
//
// Nothing is printed to stdout when a file failed to parse: a run that fails
// on one input produces no partial report.
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/Analyzer.h"
#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Frontend/CudaFrontend.h"
#include "cal/Frontend/KernelPasses.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Report/DiscoveryReport.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
cl::OptionCategory Cat("cuda-access-lint options");

cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu>..."),
                            cl::cat(Cat));
cl::opt<bool> ListKernels("list-kernels",
                          cl::desc("List kernels and launch sites only"),
                          cl::cat(Cat));
enum class Format { Text, Json };
cl::opt<Format> OutFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json",
                          "JSON (docs/prediction-schema.md)")),
    cl::init(Format::Text), cl::cat(Cat));
cl::opt<std::string> CudaPath("cuda-path",
                              cl::desc("CUDA toolkit root (default: "
                                       "$CUDA_PATH, then /usr/local/cuda)"),
                              cl::cat(Cat));
cl::opt<bool> NoToolkit("no-cuda-toolkit",
                        cl::desc("Parse with the built-in minimal CUDA "
                                 "header even if a toolkit is installed"),
                        cl::cat(Cat));
cl::opt<std::string> Arch("arch", cl::desc("Target architecture model"),
                          cl::init("sm_90"), cl::cat(Cat));
cl::opt<std::string> Block("block",
                           cl::desc("Block dimensions X[,Y[,Z]] for kernels "
                                    "without a host launch or annotation"),
                           cl::cat(Cat));
cl::opt<std::string> Grid("grid", cl::desc("Grid dimensions X[,Y[,Z]]"),
                          cl::cat(Cat));
cl::list<std::string> Params("param",
                             cl::desc("Kernel parameter value NAME=VALUE"),
                             cl::cat(Cat));
cl::opt<std::string> Dump("dump",
                          cl::desc("Debug dump: 'events' prints the per-lane "
                                   "evaluation"),
                          cl::cat(Cat));
cl::opt<std::string> KernelFilter("kernel",
                                  cl::desc("Analyze only kernels whose name "
                                           "contains this string"),
                                  cl::cat(Cat));
cl::opt<bool> FailOnFindings("fail-on-findings",
                             cl::desc("Exit with 1 when there are findings"),
                             cl::cat(Cat));

int usageError(raw_ostream &Err, const Twine &Msg) {
  WithColor::error(Err, "cuda-access-lint") << Msg << "\n";
  return 2;
}
} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // Everything after `--` goes to the compiler, as in clang-tidy.
  std::vector<const char *> Own;
  cal::FrontendOptions FO;
  bool AfterDashes = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashes && I > 0 && StringRef(argv[I]) == "--") {
      AfterDashes = true;
      continue;
    }
    if (AfterDashes)
      FO.ExtraArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Cat);
  std::string ParseErrors;
  raw_string_ostream PE(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          Own.size(), Own.data(),
          "Predicts how each CUDA kernel's memory accesses and branches "
          "behave on the GPU.\n",
          &PE)) {
    StringRef Msg = StringRef(ParseErrors).trim();
    Msg.consume_front("cuda-access-lint: ");
    return usageError(errs(), Msg.split('\n').first);
  }
  if (Files.empty())
    return usageError(errs(), "no input files (usage: cuda-access-lint "
                              "[options] <file.cu>...; see --help)");

  FO.CudaPath = CudaPath;
  FO.NoToolkit = NoToolkit;
  FO.GpuArch = Arch; // __CUDA_ARCH__ of the device pass; checked below
  Expected<cal::ToolkitInfo> TK = cal::detectCudaToolkit(CudaPath);
  if (!TK)
    return usageError(errs(), toString(TK.takeError()));
  if (!TK->Found || NoToolkit)
    WithColor::note(errs(), "cuda-access-lint")
        << (NoToolkit ? std::string("--no-cuda-toolkit given") : TK->Reason)
        << "; parsing with the built-in minimal CUDA declarations\n";

  Expected<cal::AnalysisOptions> AO = cal::AnalysisOptions::fromStrings(
      Arch, Block, Grid, Params, KernelFilter);
  if (!AO)
    return usageError(errs(), toString(AO.takeError()));
  if (!Dump.empty() && Dump != "events")
    return usageError(errs(),
                      "unknown --dump kind '" + Dump + "' (expected 'events')");
  AO->DumpEvents = Dump == "events";

  for (const std::string &F : Files)
    if (Error E = cal::checkInputFile(F))
      return usageError(errs(), toString(std::move(E)));

  // Reports are assembled in memory and written only when every file
  // parsed, so a bad input leaves no partial output behind.
  std::string Text;
  raw_string_ostream TextOS(Text);
  json::Array AllKernels;
  unsigned Findings = 0;
  bool Failed = false, Partial = false;
  for (const std::string &F : Files) {
    cal::FileAnalysis Out = cal::analyzeCudaFile(
        F, FO, *TK,
        [&](clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
            std::vector<cal::KernelInfo> &Ks) {
          if (ListKernels) {
            if (OutFormat == Format::Text)
              cal::printKernelsText(TextOS, Ks);
            for (json::Value &V : cal::kernelsToJSON(Ks))
              AllKernels.push_back(std::move(V));
            return;
          }
          cal::AnalysisResult R = cal::analyzeKernels(Ctx, Ks, *AO);
          if (AO->DumpEvents)
            cal::printEventDump(TextOS, R);
          if (OutFormat == Format::Text)
            Findings += cal::emitFindings(R, Ctx, Diags);
          else
            Findings += cal::countFindings(R);
          for (json::Value &V : cal::resultToJSON(R))
            AllKernels.push_back(std::move(V));
        },
        OutFormat == Format::Text ? TextOS : nulls(),
        /*Color=*/false);
    errs() << Out.Diagnostics;
    for (const std::string &N : Out.Notes)
      WithColor::note(errs(), "cuda-access-lint") << N << "\n";
    if (Out.St == cal::FileAnalysis::Status::Failed) {
      WithColor::error(errs(), "cuda-access-lint")
          << "'" << F << "' did not parse; no analysis was done\n";
      Failed = true;
    }
    Partial |= Out.St == cal::FileAnalysis::Status::Partial;
  }
  if (Failed)
    return 2;

  if (OutFormat == Format::Json) {
    json::Array FileList;
    for (const std::string &F : Files)
      FileList.push_back(F);
    json::Object Doc{{"version", cal::SchemaVersion},
                     {"tool", "cuda-access-lint"},
                     {"arch", AO->Target.Arch},
                     {"files", std::move(FileList)},
                     {"kernels", std::move(AllKernels)}};
    outs() << formatv("{0:2}", json::Value(std::move(Doc))) << "\n";
  } else {
    outs() << Text;
  }
  if (Partial)
    return 2;
  return FailOnFindings && Findings ? 1 : 0;
}
