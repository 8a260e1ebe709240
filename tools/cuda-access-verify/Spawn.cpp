//===- Spawn.cpp - Running the user's program, as system() would ----------===//
#include "Spawn.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static bool executable(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode) &&
         access(Path.c_str(), X_OK) == 0;
}

std::string findProgram(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return executable(Name) ? Name : "";
  const char *Path = std::getenv("PATH");
  std::string P = Path ? Path : "/usr/bin:/bin";
  for (size_t Start = 0; Start <= P.size();) {
    size_t End = P.find(':', Start);
    if (End == std::string::npos)
      End = P.size();
    std::string Dir = P.substr(Start, End - Start);
    std::string Cand = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (executable(Cand))
      return Cand;
    Start = End + 1;
  }
  return "";
}

int spawnProgram(const std::vector<std::string> &Args,
                 const std::vector<std::pair<std::string, std::string>> &Env,
                 bool Quiet) {
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
    for (const auto &KV : Env)
      setenv(KV.first.c_str(), KV.second.c_str(), 1);
    if (Quiet) {
      int Null = open("/dev/null", O_WRONLY);
      dup2(Null, 1);
      dup2(Null, 2);
    }
    std::vector<char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(const_cast<char *>(A.c_str()));
    Argv.push_back(nullptr);
    execvp(Argv[0], Argv.data());
    std::fprintf(stderr, "cuda-access-verify run: cannot execute '%s': %s\n",
                 Argv[0], std::strerror(errno));
    _exit(127);
  }
  int Status = 127 << 8;
  if (Pid > 0)
    while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
  sigaction(SIGINT, &OldInt, nullptr);
  sigaction(SIGQUIT, &OldQuit, nullptr);
  return Status;
}
