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

#include "cal/runtime/NcuReport.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static std::string findInPath(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return access(Name.c_str(), X_OK) == 0 ? Name : "";
  const char *Path = std::getenv("PATH");
  std::string P = Path ? Path : "";
  size_t Start = 0;
  while (Start <= P.size()) {
    size_t End = P.find(':', Start);
    if (End == std::string::npos)
      End = P.size();
    std::string Cand = P.substr(Start, End - Start) + "/" + Name;
    if (access(Cand.c_str(), X_OK) == 0)
      return Cand;
    Start = End + 1;
  }
  return "";
}

cal::Expected<cal::Measurements>
measureWithNcu(const std::vector<std::string> &Program, const NcuSelection &S,
               int &Status) {
  const char *Env = std::getenv("CAL_NCU");
  std::string Ncu = findInPath(Env ? Env : "ncu");
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

  // As system(): the terminal's interrupt goes to the program.
  struct sigaction Ign {
  }, OldInt{}, OldQuit{};
  Ign.sa_handler = SIG_IGN;
  sigaction(SIGINT, &Ign, &OldInt);
  sigaction(SIGQUIT, &Ign, &OldQuit);
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid == 0) {
    sigaction(SIGINT, &OldInt, nullptr);
    sigaction(SIGQUIT, &OldQuit, nullptr);
    std::vector<char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(const_cast<char *>(A.c_str()));
    Argv.push_back(nullptr);
    execv(Argv[0], Argv.data());
    std::fprintf(stderr, "cuda-access-verify run: cannot execute '%s': %s\n",
                 Argv[0], std::strerror(errno));
    _exit(127);
  }
  Status = 127 << 8;
  if (Pid > 0)
    while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
  sigaction(SIGINT, &OldInt, nullptr);
  sigaction(SIGQUIT, &OldQuit, nullptr);

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
