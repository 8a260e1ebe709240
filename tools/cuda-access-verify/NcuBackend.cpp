//===- NcuBackend.cpp - `run --backend ncu` -------------------------------===//
//
// The CUPTI backend runs the program once, then once more per launch for the
// SASS counters (one patched kernel per process under CUDA 13.0), so a
// program with many launches pays many runs. Nsight Compute replays each
// selected kernel inside one run of the program, saving and restoring the
// memory it touches; where ncu is installed this backend uses it and judges
// its report with the same code (NcuReport.h).
//
//===----------------------------------------------------------------------===//
#include "NcuBackend.h"

#include "Spawn.h"

#include "cal/runtime/NcuReport.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

std::string ncuProgram() {
  const char *Env = std::getenv("CAL_NCU");
  return findProgram(Env ? Env : "ncu");
}

cal::Expected<cal::Measurements>
measureWithNcu(const std::vector<std::string> &Program, const NcuSelection &S,
               int &Status) {
  const char *Env = std::getenv("CAL_NCU");
  std::string Ncu = ncuProgram();
  if (Ncu.empty())
    return cal::Error::failure(
        std::string("--backend ncu: '") + (Env ? Env : "ncu") +
        "' not found (install Nsight Compute, put ncu on PATH or set "
        "CAL_NCU)");
  char Dir[] = "/tmp/cal-ncu-run-XXXXXX";
  if (!mkdtemp(Dir))
    return cal::Error::failure("cannot create a temporary directory");
  std::string Report = std::string(Dir) + "/report";
  std::vector<std::string> Args = {
      Ncu,         "--section",   "SourceCounters",
      "--section", "LaunchStats", "--import-source",
      "no",        "-f",          "-o",
      Report};
  if (S.Count >= 0) {
    if (!S.KernelRegex.empty()) {
      Args.push_back("--kernel-name");
      Args.push_back("regex:" + S.KernelRegex);
    }
    if (S.Skip > 0) {
      Args.push_back("--launch-skip");
      Args.push_back(std::to_string(S.Skip));
    }
    Args.push_back("--launch-count");
    Args.push_back(std::to_string(S.Count));
  } else {
    // Per kernel name, the launch after the skipped ones.
    Args.push_back("--kernel-id");
    Args.push_back("::regex:" +
                   (S.KernelRegex.empty() ? std::string(".") : S.KernelRegex) +
                   ":" + std::to_string(S.Skip + 1));
  }
  Args.insert(Args.end(), Program.begin(), Program.end());

  Status = spawnProgram(Args, {}, /*Quiet=*/false);

  std::string File = Report + ".ncu-rep";
  cal::Expected<cal::Measurements> M =
      access(File.c_str(), R_OK) == 0
          ? cal::readNcuReport(File)
          : cal::Expected<cal::Measurements>(cal::Measurements());
  std::remove(File.c_str());
  rmdir(Dir);
  if (M) {
    std::string Cmd;
    for (size_t I = 1; I < Args.size(); ++I)
      Cmd += " " + Args[I];
    M->Command = "ncu" + Cmd;
  }
  return M;
}
