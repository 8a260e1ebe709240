//===- RunCommand.cpp - cuda-access-verify run ----------------------------===//
//
// Runs a program the verifier did not build with libcal-inject.so injected
// (CUDA_INJECTION64_PATH), once with the range profiler on its selected
// launches and once more per selected launch with the SASS Metrics API,
// which patches only one kernel per process (docs/runtime.md). The first
// run's stdout, stderr and exit status are the program's; the SASS runs'
// output is discarded. The records the library appends are assembled into
// the measurement schema and compared with the predictions as for the
// suite. Exit codes: docs/runtime.md, "Verifying your own program".
//
//===----------------------------------------------------------------------===//
#include "RunCommand.h"
#include "NcuBackend.h"
#include "OptionParser.h"
#include "Spawn.h"

#include "cal/runtime/Compare.h"
#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/HtmlReport.h"
#include "cal/runtime/Inject.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Predictions.h"
#include "cal/runtime/Roofline.h"

#include <cuda_runtime.h>

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

enum RunExit {
  RunAgree = 0,
  RunMismatch = 1,
  RunUsage = 2,
  RunNotPermitted = 3,
  RunFailure = 4,
  RunNoLaunch = 5,
  RunProgramFailed = 6,
  RunNothingJudged = 7,
  RunNoDevice = 77,
};

const char *RunUsageText =
    "usage: cuda-access-verify run [options] -- PROGRAM [ARGS...]\n"
    "  --kernel REGEX           only kernels whose demangled name matches\n"
    "  --launch-skip N          per kernel, skip the first N launches\n"
    "  --launch-count N         per kernel, then measure N launches\n"
    "                           (default: the first 3 launches of each\n"
    "                           distinct kernel, grid and block)\n"
    "  --predictions FILE       analyzer JSON: compare (exit 0 agree, 1 "
    "mismatch)\n"
    "  --measurements-out FILE  save the measurements\n"
    "  --json-out FILE | --csv-out FILE   the comparison\n"
    "  --html FILE              the comparison as one self-contained page\n"
    "                           (--html-axes log|linear, --html-title TEXT,\n"
    "                           --source-root DIR)\n"
    "  --roofline               the analyzer's static roofline against the\n"
    "                           run (needs --predictions; the time is one\n"
    "                           replay pass; never part of the exit code)\n"
    "  --roofline-svg FILE      the roofline plot as a standalone SVG\n"
    "  --no-sass                no per-line counters (no re-runs)\n"
    "  --sass-launches N        per-line counters for the first N selected\n"
    "                           launches only (one program run each)\n"
    "  --backend auto|cupti|ncu auto (default): ncu where it is found, a\n"
    "                           device is present and --roofline is not\n"
    "                           given, else cupti;\n"
    "                           cupti: libcal-inject.so, one more\n"
    "                           program run per launch for the per-line\n"
    "                           counters; ncu: one run under Nsight Compute\n"
    "                           (ncu on PATH or $CAL_NCU), its report judged\n"
    "                           as --ncu-report does; the selection is then\n"
    "                           ncu's: by default the first launch of each\n"
    "                           kernel name (after --launch-skip ones), with\n"
    "                           --launch-count N the first N launches\n"
    "  --inject-lib PATH        libcal-inject.so (default: next to the\n"
    "                           verifier, ../lib; or $CAL_INJECT_LIB);\n"
    "                           given, --backend auto takes cupti\n"
    "verdicts: agree (within the tolerance of the predicted headline),\n"
    "  within range (only within the predicted minimum-maximum: counted\n"
    "  apart, not a mismatch), mismatch\n"
    "exit codes: 0 no mismatch (or, without --predictions, the program's own\n"
    "  status), 1 mismatch, 2 usage error or program not found, 3 profiling\n"
    "  not permitted, 4 other failure, 5 no kernel launch was measured,\n"
    "  6 the program failed (with --predictions; otherwise its status, or\n"
    "  128+signal, passes through), 7 no measured launch paired with a\n"
    "  prediction (each launch says why), 77 no CUDA device\n";

struct RunOptions {
  cal::InjectSettings Inject;
  std::string Predictions, MeasurementsOut, JsonOut, CsvOut, InjectLib;
  std::string RooflineSvg;
  cal::HtmlCli Html;
  bool Sass = true;
  bool Roofline = false;
  enum class Backend { Auto, Cupti, Ncu } Use = Backend::Auto; ///< --backend
  int SassLaunches = -1;
  std::vector<std::string> Program;
};

bool parseCount(const std::string &Opt, const std::string &Text, long &Into) {
  char *End = nullptr;
  Into = std::strtol(Text.c_str(), &End, 10);
  if (Text.empty() || *End || Into < 0) {
    std::cerr << "cuda-access-verify run: error: " << Opt
              << " needs a non-negative integer, got '" << Text << "'\n";
    return false;
  }
  return true;
}

bool parse(int Argc, char **Argv, RunOptions &O) {
  auto Str = [](std::string &Into) {
    return [&Into](const std::string &V) {
      Into = V;
      return true;
    };
  };
  auto Count = [](const char *Opt, auto Set) {
    return [Opt, Set](const std::string &V) {
      long N = 0;
      if (!parseCount(Opt, V, N))
        return false;
      Set(N);
      return true;
    };
  };
  auto Help = [](const std::string &) -> bool {
    std::cout << RunUsageText;
    std::exit(RunAgree);
  };
  std::vector<CliOption> Opts = {
      {"--kernel", true, Str(O.Inject.KernelRegex)},
      {"--launch-skip", true,
       Count("--launch-skip", [&O](long N) { O.Inject.Skip = unsigned(N); })},
      {"--launch-count", true,
       Count("--launch-count", [&O](long N) { O.Inject.Count = int(N); })},
      {"--sass-launches", true,
       Count("--sass-launches", [&O](long N) { O.SassLaunches = int(N); })},
      {"--predictions", true, Str(O.Predictions)},
      {"--measurements-out", true, Str(O.MeasurementsOut)},
      {"--json-out", true, Str(O.JsonOut)},
      {"--csv-out", true, Str(O.CsvOut)},
      {"--inject-lib", true, Str(O.InjectLib)},
      {"--roofline-svg", true, Str(O.RooflineSvg)},
      {"--backend", true,
       [&O](const std::string &V) {
         if (V != "auto" && V != "cupti" && V != "ncu") {
           std::cerr << "cuda-access-verify run: error: --backend must be "
                        "auto, cupti or ncu, got '"
                     << V << "'\n";
           return false;
         }
         O.Use = V == "ncu"     ? RunOptions::Backend::Ncu
                 : V == "cupti" ? RunOptions::Backend::Cupti
                                : RunOptions::Backend::Auto;
         return true;
       }},
      {"--no-sass", false,
       [&O](const std::string &) {
         O.Sass = false;
         return true;
       }},
      {"--roofline", false,
       [&O](const std::string &) {
         O.Roofline = true;
         return true;
       }},
      {"--help", false, Help},
      {"-h", false, Help},
  };
  for (const char *H :
       {"--html", "--html-axes", "--html-title", "--source-root"})
    Opts.push_back({H, true, [&O, H](const std::string &V) {
                      return O.Html.set(H, V, std::cerr);
                    }});
  if (!parseOptions("cuda-access-verify run", Argc, Argv, Opts,
                    /*StopAtDashDash=*/true, &O.Program))
    return false;
  if (O.Program.empty()) {
    std::cerr << "cuda-access-verify run: error: no program given (after --; "
                 "see --help)\n";
    return false;
  }
  if ((O.Roofline || !O.RooflineSvg.empty()) && O.Predictions.empty()) {
    std::cerr << "cuda-access-verify run: error: --roofline and "
                 "--roofline-svg need --predictions\n";
    return false;
  }
  return true;
}

std::string defaultInjectLib() {
  if (const char *E = std::getenv("CAL_INJECT_LIB"))
    return E;
  char Self[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (N <= 0)
    return "";
  Self[N] = 0;
  std::string Dir = Self;
  Dir = Dir.substr(0, Dir.rfind('/'));
  for (const char *Rel : {"/../lib/libcal-inject.so", "/libcal-inject.so"})
    if (access((Dir + Rel).c_str(), R_OK) == 0)
      return Dir + Rel;
  return Dir + "/../lib/libcal-inject.so";
}

/// Runs the program with the injection settings; returns its wait status.
/// \p Quiet sends its output to /dev/null (the SASS re-runs).
int runInjected(const RunOptions &O, const std::string &Lib,
                const cal::InjectSettings &S, bool Quiet) {
  std::vector<std::pair<std::string, std::string>> Env = {
      {"CUDA_INJECTION64_PATH", Lib}};
  for (const auto &KV : cal::toEnvironment(S))
    Env.emplace_back(KV.first, KV.second);
  return spawnProgram(O.Program, Env, Quiet);
}

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status))
    return std::string("was killed by signal ") +
           std::to_string(WTERMSIG(Status)) + " (" +
           strsignal(WTERMSIG(Status)) + ")";
  return "exited with status " + std::to_string(WEXITSTATUS(Status));
}

bool programFailed(int Status) {
  return WIFSIGNALED(Status) || WEXITSTATUS(Status) != 0;
}

int passThrough(int Status) {
  return WIFSIGNALED(Status) ? 128 + WTERMSIG(Status) : WEXITSTATUS(Status);
}

std::string commandLine(const std::vector<std::string> &Program) {
  std::string Cmd;
  for (const std::string &A : Program)
    Cmd += (Cmd.empty() ? "" : " ") + A;
  return Cmd;
}

/// The comparison, its outputs and the exit code, for either backend.
int report(const RunOptions &O, const cal::Measurements &M,
           const cal::Predictions *Preds, int Status) {
  cal::Comparison C = cal::compare(M, Preds);
  cal::printTable(std::cout, C);
  // The roofline is an estimate: shown and saved, never in the exit code.
  cal::RooflineReport Roof = cal::rooflineFor(M, Preds, std::cout, O.Roofline);
  if (!O.RooflineSvg.empty()) {
    std::ofstream Out(O.RooflineSvg);
    Out << cal::rooflineSvg(Roof);
    if (!Out)
      std::cerr << "cuda-access-verify run: cannot write '" << O.RooflineSvg
                << "'\n";
  }
  cal::json::Value Json = cal::toJson(C);
  if (Preds)
    Json["roofline"] = cal::toJson(Roof);
  if (!O.JsonOut.empty())
    if (cal::Error WE = cal::json::writeFile(O.JsonOut, Json))
      std::cerr << "cuda-access-verify run: " << WE.message() << "\n";
  if (!O.CsvOut.empty()) {
    std::ofstream Out(O.CsvOut);
    Out << cal::toCsv(C);
  }
  if (!O.Html.Path.empty()) {
    std::ofstream Out(O.Html.Path);
    Out << O.Html.render(C, M);
    if (!Out)
      std::cerr << "cuda-access-verify run: cannot write '" << O.Html.Path
                << "'\n";
  }
  if (!Preds)
    return passThrough(Status);
  if (programFailed(Status))
    return RunProgramFailed;
  if (!C.Agree && !C.InRange && !C.Mismatch && !M.Launches.empty()) {
    std::cerr << "cuda-access-verify run: nothing judged: no measured launch "
                 "paired with a prediction\n";
    for (const std::string &W : cal::unpairedLaunches(M, *Preds))
      std::cerr << "  " << W << "\n";
    return RunNothingJudged;
  }
  return C.Mismatch ? RunMismatch : RunAgree;
}

/// Everything that can be checked before the program runs: the kernel
/// filter, the program, the predictions file. An exit code to stop with.
std::optional<int> checkBeforeRunning(const RunOptions &O,
                                      cal::Predictions &Preds) {
  // Everything that can be checked before the program runs is checked.
  cal::Expected<cal::LaunchFilter> Filter = cal::LaunchFilter::create(O.Inject);
  if (!Filter) {
    std::cerr << "cuda-access-verify run: " << Filter.error().message() << "\n";
    return RunUsage;
  }
  std::string Program = findProgram(O.Program[0]);
  if (Program.empty()) {
    std::cerr << "cuda-access-verify run: cannot run '" << O.Program[0]
              << "': no such executable file"
              << (O.Program[0].find('/') == std::string::npos ? " in PATH" : "")
              << "\n";
    return RunUsage;
  }
  if (!O.Predictions.empty()) {
    cal::Expected<cal::json::Value> V = cal::json::readFile(O.Predictions);
    if (!V) { // the message names the file, line and column
      std::cerr << "cuda-access-verify run: error: " << V.error().message()
                << "\n";
      return RunUsage;
    }
    cal::Expected<cal::Predictions> P = cal::predictionsFromJson(*V);
    if (!P) {
      std::cerr << "cuda-access-verify run: " << O.Predictions << ": "
                << P.error().message() << "\n";
      return RunUsage;
    }
    Preds = std::move(*P);
  }
  return std::nullopt;
}

/// The per-line counters of the selected launches of \p R: the SASS
/// Metrics API patches one kernel per process (CUDA 13.0, measured), so
/// the program runs once more per launch, quiet, and its counters are
/// merged into that launch's record.
void collectSassCounters(const RunOptions &O, const std::string &Lib,
                         const cal::InjectSettings &S, const char *Dir,
                         cal::InjectRecords &R) {
  unsigned N = 0;
  for (auto &KV : R.Launches) {
    if (O.SassLaunches >= 0 && N >= unsigned(O.SassLaunches))
      break;
    ++N;
    std::string Path =
        std::string(Dir) + "/sass-" + std::to_string(KV.first) + ".jsonl";
    cal::InjectSettings SS = S;
    SS.Mode = cal::InjectMode::Sass;
    SS.SassIndex = int(KV.first);
    SS.OutPath = Path;
    int SassStatus = runInjected(O, Lib, SS, /*Quiet=*/true);
    cal::Expected<cal::InjectRecords> SR = cal::readInjectRecords(Path);
    std::remove(Path.c_str());
    const cal::LaunchMeasurement *Sassed = nullptr;
    if (SR) {
      auto It = SR->Launches.find(KV.first);
      if (It != SR->Launches.end())
        Sassed = &It->second;
    }
    if (!Sassed) {
      std::string Why = "SASS run " + describeStatus(SassStatus) +
                        " without measuring this launch";
      if (SR)
        for (const auto &St : SR->Status)
          Why += "; " + St.second;
      KV.second.Notes.push_back(Why);
      continue;
    }
    cal::mergeSassLaunch(KV.second, *Sassed);
    bool AnyLine = false;
    for (const cal::LineMeasurement &L : KV.second.Lines)
      AnyLine |= !L.File.empty();
    if (!KV.second.Lines.empty() && !AnyLine)
      KV.second.Notes.push_back(
          "no line information in the program's cubin (build it with "
          "nvcc -lineinfo): the SASS counters are summed per kernel, with "
          "no per-line rows");
  }
}

/// `--backend ncu`: one run under Nsight Compute (NcuBackend.h).
int runUnderNcu(const RunOptions &O, const cal::Predictions *Preds) {
  NcuSelection Sel;
  Sel.KernelRegex = O.Inject.KernelRegex;
  Sel.Skip = O.Inject.Skip;
  Sel.Count = O.Inject.Count;
  int Status = 0;
  cal::Expected<cal::Measurements> M = measureWithNcu(O.Program, Sel, Status);
  if (!M) {
    std::cerr << "cuda-access-verify run: error: " << M.error().message()
              << "\n";
    return RunFailure;
  }
  if (programFailed(Status))
    std::cerr << "cuda-access-verify run: ncu (and the program under it) "
              << describeStatus(Status) << "\n";
  if (!O.MeasurementsOut.empty())
    if (cal::Error WE =
            cal::json::writeFile(O.MeasurementsOut, cal::toJson(*M)))
      std::cerr << "cuda-access-verify run: " << WE.message() << "\n";
  if (M->Launches.empty()) {
    std::cerr << "cuda-access-verify run: no kernel launch was measured "
                 "(ncu profiled none: the program launched no kernel, or "
                 "none matched the selection)\n";
    return programFailed(Status) && !Preds ? passThrough(Status) : RunNoLaunch;
  }
  return report(O, *M, Preds, Status);
}

/// The measurements' header from the profile run's records: the device,
/// the command, and a note for each status the library reported (\p
/// NotPermitted when profiling was refused), a failed program, cut-off or
/// duplicate records.
cal::Measurements profileRunNotes(const RunOptions &O,
                                  const cal::InjectRecords &R, int Status,
                                  bool &NotPermitted) {
  cal::Measurements M;
  M.Device = R.Device;
  M.Command = "cuda-access-verify run -- " + commandLine(O.Program);
  for (const cal::SassMetricSpec &Spec : cal::sassMetricCatalogue())
    M.SassMetrics.push_back(Spec.Name);
  for (const auto &St : R.Status) {
    std::cerr << "cuda-access-verify run: libcal-inject: " << St.second << "\n";
    M.Notes.push_back(St.first + ": " + St.second);
    NotPermitted |= St.first == "not-permitted";
  }
  if (programFailed(Status)) {
    std::string Text = "the program " + describeStatus(Status) + "; " +
                       std::to_string(R.Launches.size()) +
                       " launch(es) measured before that are kept";
    std::cerr << "cuda-access-verify run: " << Text << "\n";
    M.Notes.push_back(Text);
  }
  if (R.Malformed)
    M.Notes.push_back(std::to_string(R.Malformed) +
                      " record(s) cut off (the program ended mid-write)");
  if (R.Duplicates)
    M.Notes.push_back("launch records from more than one process (the "
                      "program starts CUDA children): the first process's "
                      "are kept");
  return M;
}

/// `--backend cupti`: the program under libcal-inject.so, then the SASS
/// runs.
int runUnderCupti(const RunOptions &O, const cal::Predictions *Preds) {
  std::string Lib = O.InjectLib.empty() ? defaultInjectLib() : O.InjectLib;
  if (access(Lib.c_str(), R_OK) != 0) {
    std::cerr << "cuda-access-verify run: injection library '" << Lib
              << "' not found (--inject-lib or CAL_INJECT_LIB)\n";
    return RunFailure;
  }
  int Count = 0;
  cudaError_t E = cudaGetDeviceCount(&Count);
  if (E != cudaSuccess || Count == 0) {
    std::cout << "skipped: no CUDA device ("
              << (E == cudaSuccess ? "device count is 0"
                                   : cudaGetErrorString(E))
              << "); the program was not run\n";
    return RunNoDevice;
  }

  char Dir[] = "/tmp/cal-run-XXXXXX";
  if (!mkdtemp(Dir)) {
    std::cerr << "cuda-access-verify run: cannot create a temporary "
                 "directory\n";
    return RunFailure;
  }
  std::string ProfilePath = std::string(Dir) + "/profile.jsonl";
  cal::InjectSettings S = O.Inject;
  S.Mode = cal::InjectMode::Profile;
  S.OutPath = ProfilePath;
  int Status = runInjected(O, Lib, S, /*Quiet=*/false);
  cal::Expected<cal::InjectRecords> R = cal::readInjectRecords(ProfilePath);
  std::remove(ProfilePath.c_str());
  if (!R) {
    std::cerr << "cuda-access-verify run: " << R.error().message() << "\n";
    rmdir(Dir);
    return RunFailure;
  }

  bool NotPermitted = false;
  cal::Measurements M = profileRunNotes(O, *R, Status, NotPermitted);


  // Per-line counters: one re-run per selected launch, only when the first
  // run completed (a failing program would fail again).
  if (O.Sass && !NotPermitted && !programFailed(Status))
    collectSassCounters(O, Lib, S, Dir, *R);
  for (auto &KV : R->Launches)
    M.Launches.push_back(std::move(KV.second));
  rmdir(Dir);

  if (!O.MeasurementsOut.empty())
    if (cal::Error WE = cal::json::writeFile(O.MeasurementsOut, cal::toJson(M)))
      std::cerr << "cuda-access-verify run: " << WE.message() << "\n";

  if (NotPermitted) {
    std::cerr << "cuda-access-verify run: " << cal::profilingPermissionAdvice()
              << "\n";
    return RunNotPermitted;
  }
  if (M.Launches.empty()) {
    std::cerr << "cuda-access-verify run: no kernel launch was measured ("
              << (R->Ended ? std::to_string(R->Seen) +
                                 " launch(es) seen, none selected by the "
                                 "filters"
                           : std::string("the injection library recorded "
                                         "nothing: the program did not "
                                         "initialise CUDA, or ended before "
                                         "exit"))
              << ")\n";
    return programFailed(Status) && !Preds ? passThrough(Status) : RunNoLaunch;
  }

  return report(O, M, Preds, Status);
}

} // namespace

int runCommand(int Argc, char **Argv) {
  RunOptions O;
  if (!parse(Argc, Argv, O))
    return RunUsage;
  cal::Predictions Preds;
  if (std::optional<int> Rc = checkBeforeRunning(O, Preds))
    return *Rc;
  const cal::Predictions *P = O.Predictions.empty() ? nullptr : &Preds;
  // One run under Nsight Compute costs the program's time plus ncu's
  // replay of each selected kernel; the CUPTI backend runs the program
  // once more per selected launch for the per-line counters, which is
  // cheaper only for short programs with few launches
  // (docs/verify-run-h100.md). Its range profiler is still needed for
  // --roofline (duration and DRAM bytes). Without a device the CUPTI
  // backend says so (exit 77). An injection library named on the command
  // line is a request for the CUPTI backend.
  int Devices = 0;
  bool Ncu = O.Use == RunOptions::Backend::Ncu ||
             (O.Use == RunOptions::Backend::Auto && !O.Roofline &&
              O.InjectLib.empty() && !ncuProgram().empty() &&
              cudaGetDeviceCount(&Devices) == cudaSuccess && Devices > 0);
  return Ncu ? runUnderNcu(O, P) : runUnderCupti(O, P);
}
