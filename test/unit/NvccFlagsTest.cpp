//===- NvccFlagsTest.cpp - Compile commands rewritten for clang -----------===//
//
// The nvcc spellings CMake and hand-written Makefiles use, one by one: what
// reaches clang, what selects the architecture, what is dropped silently
// and what is named as unknown.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/CompileCommands.h"
#include "cal/Report/GlobList.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace cal;
using clang::tooling::CompileCommand;

namespace {

TranslatedCommand translate(std::vector<std::string> Args,
                            std::string Dir = "/proj/build") {
  CompileCommand Cmd(Dir, "/proj/src/a.cu", std::move(Args), "a.o");
  llvm::Expected<TranslatedCommand> T = translateCompileCommand(Cmd);
  EXPECT_TRUE(bool(T)) << llvm::toString(T.takeError());
  return T ? *T : TranslatedCommand();
}

bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

TEST(NvccFlags, GencodeAndArchSelectTheNewestArchitecture) {
  EXPECT_EQ(gpuArchFromNvccValue("arch=compute_90,code=[compute_90,sm_90]"),
            "sm_90");
  EXPECT_EQ(gpuArchFromNvccValue("arch=compute_90a,code=sm_90a"), "sm_90a");
  EXPECT_EQ(gpuArchFromNvccValue("sm_80,sm_120,sm_90"), "sm_120");
  EXPECT_EQ(gpuArchFromNvccValue("native"), "");
  EXPECT_EQ(gpuArchFromNvccValue("all-major"), "");
  // Two -gencode options: the newest is the model's.
  TranslatedCommand T =
      translate({"nvcc", "-gencode", "arch=compute_80,code=sm_80",
                 "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                 "-c", "/proj/src/a.cu"});
  EXPECT_EQ(T.GpuArch, "sm_90");
  EXPECT_EQ(translate({"nvcc", "-arch=sm_75", "-c", "a.cu"}).GpuArch, "sm_75");
  EXPECT_EQ(
      translate({"nvcc", "--gpu-architecture", "compute_86", "a.cu"}).GpuArch,
      "sm_86");
  EXPECT_EQ(translate({"clang++", "--cuda-gpu-arch=sm_89", "a.cu"}).GpuArch,
            "sm_89");
  EXPECT_EQ(translate({"clang++", "--offload-arch=sm_100", "a.cu"}).GpuArch,
            "sm_100");
}

TEST(NvccFlags, KeepsWhatChangesTheSourceAndMakesPathsAbsolute) {
  TranslatedCommand T = translate(
      {"/usr/local/cuda/bin/nvcc", "-DTILE=32", "-I../include", "-isystem",
       "third_party", "--include-path", "gen", "--define-macro", "X=1", "--std",
       "c++20", "-Xcompiler=-DHOST,-Wall", "-x", "cu", "-c", "/proj/src/a.cu",
       "-o", "a.o"});
  EXPECT_TRUE(has(T.Args, "-DTILE=32"));
  EXPECT_TRUE(has(T.Args, "-I/proj/include"));
  EXPECT_TRUE(has(T.Args, "/proj/build/third_party"));
  EXPECT_TRUE(has(T.Args, "-I/proj/build/gen"));
  EXPECT_TRUE(has(T.Args, "-DX=1"));
  EXPECT_TRUE(has(T.Args, "-std=c++20"));
  // -Xcompiler: the host preprocessor's flags only.
  EXPECT_TRUE(has(T.Args, "-DHOST"));
  EXPECT_FALSE(has(T.Args, "-Wall"));
  // The file, the phase, the language and the output are the analyzer's.
  for (const char *Gone : {"-x", "cu", "-c", "-o", "a.o", "/proj/src/a.cu"})
    EXPECT_FALSE(has(T.Args, Gone)) << Gone;
  EXPECT_TRUE(T.Unknown.empty());
}

TEST(NvccFlags, DropsNvccOnlyFlagsWithTheirValues) {
  TranslatedCommand T = translate({"nvcc",
                                   "-forward-unknown-to-host-compiler",
                                   "--expt-relaxed-constexpr",
                                   "--expt-extended-lambda",
                                   "-rdc=true",
                                   "-ccbin",
                                   "/usr/bin/g++",
                                   "-Xptxas",
                                   "-v",
                                   "-Xcompiler",
                                   "-Wall",
                                   "-lineinfo",
                                   "-G",
                                   "--use_fast_math",
                                   "-Werror",
                                   "all-warnings",
                                   "-MD",
                                   "-MT",
                                   "a.o",
                                   "-MF",
                                   "a.o.d",
                                   "--diag-suppress=177",
                                   "a.cu"});
  EXPECT_TRUE(T.Args.empty()) << T.Args.front();
  EXPECT_TRUE(T.Unknown.empty()) << T.Unknown.front();
}

TEST(NvccFlags, NamesUnknownFlagsOnce) {
  TranslatedCommand T =
      translate({"nvcc", "--no-such-flag", "-DA", "--other-unknown", "a.cu"});
  EXPECT_EQ(T.Unknown,
            (std::vector<std::string>{"--no-such-flag", "--other-unknown"}));
  EXPECT_TRUE(has(T.Args, "-DA"));
}

TEST(NvccFlags, ReadsOptionsFilesRelativeToTheEntry) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cal-optf", Dir));
  llvm::SmallString<128> Rsp(Dir);
  llvm::sys::path::append(Rsp, "inc.rsp");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Rsp, EC);
    ASSERT_FALSE(EC);
    OS << "-I\"../my include\" -DFROM_FILE\n";
  }
  TranslatedCommand T =
      translate({"nvcc", "--options-file", "inc.rsp", "-optf=inc.rsp", "a.cu"},
                std::string(Dir));
  llvm::SmallString<128> Inc(llvm::sys::path::parent_path(Dir));
  llvm::sys::path::append(Inc, "my include");
  EXPECT_TRUE(has(T.Args, "-I" + std::string(Inc)));
  EXPECT_TRUE(has(T.Args, "-DFROM_FILE"));
  // A missing options file is an error, not a silent parse without flags.
  CompileCommand Bad(std::string(Dir), "a.cu", {"nvcc", "-optf", "none.rsp"},
                     "");
  llvm::Expected<TranslatedCommand> E = translateCompileCommand(Bad);
  ASSERT_FALSE(bool(E));
  EXPECT_NE(llvm::toString(E.takeError()).find("none.rsp"), std::string::npos);
  llvm::sys::fs::remove(Rsp);
  llvm::sys::fs::remove(Dir);
}

TEST(NvccFlags, ClangCommandsLoseOnlyPhaseAndOutputFlags) {
  TranslatedCommand T = translate(
      {"clang++", "-x", "cuda", "--cuda-device-only", "-Werror", "-Wall", "-DK",
       "-MD", "-MF", "a.d", "-fsyntax-only", "-c", "a.cu"});
  EXPECT_EQ(T.Args, (std::vector<std::string>{"-Wall", "-DK"}));
}

TEST(NvccFlags, HeaderExtensions) {
  EXPECT_TRUE(isHeaderFile("a/b.cuh"));
  EXPECT_TRUE(isHeaderFile("b.hpp"));
  EXPECT_FALSE(isHeaderFile("b.cu"));
  EXPECT_FALSE(isHeaderFile("b.cpp"));
}

TEST(GlobList, LastMatchWinsAsInClangTidy) {
  GlobList G("-*,cuda-shared-*");
  EXPECT_TRUE(G.contains("cuda-shared-bank-conflict"));
  EXPECT_FALSE(G.contains("cuda-uncoalesced-global"));
  GlobList H("cuda-*, -cuda-divergent-branch");
  EXPECT_TRUE(H.contains("cuda-uncoalesced-global"));
  EXPECT_FALSE(H.contains("cuda-divergent-branch"));
  // Only '*' is special.
  EXPECT_FALSE(GlobList("cuda.shared").contains("cudaxshared"));
  EXPECT_FALSE(GlobList("").contains("cuda-shared-bank-conflict"));
}

// Every nvcc spelling of the translation's table is one the installed nvcc
// lists in `nvcc --help` (as `--long` or `(-short)`), so that a flag is
// translated as nvcc reads it. -Xcudafe and -Xfatbin are accepted by nvcc
// but left out of its help text.
TEST(NvccFlags, TableMatchesTheInstalledNvcc) {
  std::string Nvcc = "/usr/local/cuda/bin/nvcc";
  if (const char *P = std::getenv("CUDA_PATH"))
    Nvcc = std::string(P) + "/bin/nvcc";
  if (!llvm::sys::fs::can_execute(Nvcc))
    GTEST_SKIP() << "no nvcc at " << Nvcc;
  std::string Help;
  if (FILE *F = popen((Nvcc + " --help 2>/dev/null").c_str(), "r")) {
    char Buf[4096];
    size_t N;
    while ((N = fread(Buf, 1, sizeof Buf, F)) > 0)
      Help.append(Buf, N);
    pclose(F);
  }
  ASSERT_FALSE(Help.empty());
  auto Listed = [&](const std::string &Spelling) {
    for (size_t At = Help.find(Spelling); At != std::string::npos;
         At = Help.find(Spelling, At + 1)) {
      char Before = At ? Help[At - 1] : ' ';
      char After = At + Spelling.size() < Help.size()
                       ? Help[At + Spelling.size()]
                       : ' ';
      if ((Before == ' ' || Before == '(' || Before == '\n') &&
          (After == ' ' || After == ')' || After == ',' || After == '=' ||
           After == '<' || After == '\n'))
        return true;
    }
    return false;
  };
  for (const auto &[Short, Long] : knownNvccOptions()) {
    if (Short == "Xcudafe" || Short == "Xfatbin")
      continue;
    EXPECT_TRUE(Listed("--" + Long) || Listed("-" + Short))
        << "-" << Short << " / --" << Long << " is not in nvcc --help";
  }
}

} // namespace
