//===- CudaAccessVerify.cpp - cuda-access-verify driver -------------------===//
//
// Runs the reference kernel suite under CUPTI (or reads saved measurements),
// reads the analyzer's predictions, prints the side-by-side table and writes
// JSON/CSV. Option parsing and reporter choice only; the work is in
// runtime/. Exit codes are documented in docs/runtime.md and --help.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Compare.h"
#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/HtmlReport.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/NcuReport.h"
#include "cal/runtime/Predictions.h"
#include "cal/runtime/ProfilerHost.h"
#include "cal/runtime/Roofline.h"
#include "cal/runtime/Runner.h"

#include "OptionParser.h"
#include "RunCommand.h"
#include "cal/Schema/Prediction.h"
#include "cal/Version.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

enum ExitCode {
  ExitAgree = 0,
  ExitMismatch = 1,
  ExitUsage = 2,
  ExitNotPermitted = 3,
  ExitFailure = 4,
  ExitNothingJudged = 7,
  ExitNoDevice = 77, // the automake/ctest convention for "skipped"
};

const char *Usage =
    "usage: cuda-access-verify [options]\n"
    "       cuda-access-verify run [options] -- PROGRAM [ARGS...]\n"
    "                           (run --help: profile any CUDA program)\n"
    "       cuda-access-verify lines DUMP.csv [PROGRAM]\n"
    "                           print the per-line table of an ncu per-PC\n"
    "                           dump (scripts/ncu-source-lines.py)\n"
    "  --predictions FILE       analyzer JSON (cuda-access-lint "
    "--format=json)\n"
    "  --measurements F1,F2     compare saved measurements (merged by label);\n"
    "                           no GPU needed\n"
    "  --ncu-report FILE        judge the launches of an Nsight Compute "
    "report\n"
    "                           (ncu --section SourceCounters, -lineinfo):\n"
    "                           read through ncu's Python report interface\n"
    "                           (ncu on PATH); no GPU needed\n"
    "  --ncu-lines FILE         the same from a per-PC dump already written\n"
    "                           by scripts/ncu-source-lines.py\n"
    "  --measurements-out FILE  save the raw measurements of this run\n"
    "  --json-out FILE          write the comparison as JSON\n"
    "  --csv-out FILE           write the comparison as CSV\n"
    "  --html FILE              write the comparison as one self-contained\n"
    "                           HTML page (source lines, scatter plot)\n"
    "  --html-axes log|linear   the plot's axes (default log)\n"
    "  --html-title TEXT        the page's title\n"
    "  --source-root DIR        where the HTML report looks for source files\n"
    "                           whose recorded path does not exist here\n"
    "  --filter P1,P2           only launches whose label starts with a Pi\n"
    "  --no-timing | --no-profile | --no-sass   skip a sweep\n"
    "  --launch-only            launch each kernel once, measure nothing\n"
    "                           (for ncu or compute-sanitizer)\n"
    "  --bandwidth              print the effective-bandwidth table\n"
    "  --counters               print DRAM bytes, threads per instruction and\n"
    "                           branch targets per launch\n"
    "  --roofline               print the analyzer's static roofline against\n"
    "                           the run: DRAM bytes, intensity, time bound\n"
    "                           for the measured device (needs --predictions;\n"
    "                           reported, never part of the exit code)\n"
    "  --roofline-svg FILE      write the roofline plot as a standalone SVG\n"
    "  --list-metrics CHIP      print the metric groups and their pass counts\n"
    "                           on CHIP (e.g. GH100); no GPU needed\n"
    "  --version                print the version and exit\n"
    "verdicts: agree (within the tolerance of the predicted headline),\n"
    "  within range (only within the predicted minimum-maximum: counted\n"
    "  apart, neither agreement nor mismatch), mismatch\n"
    "exit codes: 0 no mismatch, 1 a mismatch, 2 usage or I/O error,\n"
    "  3 profiling not permitted, 4 other failure, 7 predictions given but\n"
    "  no measured launch paired with one (each launch says why),\n"
    "  77 no CUDA device (prints \"skipped: no CUDA device\")\n";

struct Options {
  std::string Predictions, MeasurementsIn, MeasurementsOut, JsonOut, CsvOut;
  std::string NcuReport, NcuLines;
  cal::HtmlCli Html;
  std::string ListMetricsChip;
  bool Bandwidth = false;
  bool Counters = false;
  bool Roofline = false;
  std::string RooflineSvg;
  /// Internal: this process is one launch's SASS child (see isolatedSass).
  bool SassChild = false;
  cal::RunOptions Run;
};

bool parse(int Argc, char **Argv, Options &O) {
  auto Str = [](std::string &Into) {
    return [&Into](const std::string &V) {
      Into = V;
      return true;
    };
  };
  auto Flag = [](bool &Into, bool To) {
    return [&Into, To](const std::string &) {
      Into = To;
      return true;
    };
  };
  std::vector<CliOption> Opts = {
      {"--predictions", true, Str(O.Predictions)},
      {"--measurements", true, Str(O.MeasurementsIn)},
      {"--ncu-report", true, Str(O.NcuReport)},
      {"--ncu-lines", true, Str(O.NcuLines)},
      {"--measurements-out", true, Str(O.MeasurementsOut)},
      {"--json-out", true, Str(O.JsonOut)},
      {"--csv-out", true, Str(O.CsvOut)},
      {"--filter", true, Str(O.Run.Filter)},
      {"--list-metrics", true, Str(O.ListMetricsChip)},
      {"--roofline-svg", true, Str(O.RooflineSvg)},
      {"--no-timing", false, Flag(O.Run.Timing, false)},
      {"--no-profile", false, Flag(O.Run.RangeProfile, false)},
      {"--no-sass", false, Flag(O.Run.Sass, false)},
      {"--launch-only", false, Flag(O.Run.LaunchOnly, true)},
      {"--sass-child", false, Flag(O.SassChild, true)},
      {"--counters", false, Flag(O.Counters, true)},
      {"--bandwidth", false, Flag(O.Bandwidth, true)},
      {"--roofline", false, Flag(O.Roofline, true)},
  };
  for (const char *H :
       {"--html", "--html-axes", "--html-title", "--source-root"})
    Opts.push_back({H, true, [&O, H](const std::string &V) {
                      return O.Html.set(H, V, std::cerr);
                    }});
  auto Help = [](const std::string &) -> bool {
    std::cout << Usage;
    std::exit(ExitAgree);
  };
  Opts.push_back({"--help", false, Help});
  Opts.push_back({"-h", false, Help});
  Opts.push_back({"--version", false, [](const std::string &) -> bool {
                    // The same lines as cuda-access-lint's: one build, one
                    // version, and the prediction schema it reads.
                    std::cout << "cuda-access-verify version " << CAL_VERSION
                              << "\nprediction schema version "
                              << cal::SchemaVersion << "\n";
                    std::exit(ExitAgree);
                  }});
  return parseOptions("cuda-access-verify", Argc, Argv, Opts,
                      /*StopAtDashDash=*/false);
}

int listMetrics(const std::string &Chip) {
  int Rc = ExitAgree;
  for (const cal::MetricGroup &G : cal::metricCatalogue()) {
    cal::Expected<size_t> Passes = cal::passCountFor(Chip, G.Metrics);
    std::cout << G.Name << ": ";
    if (Passes)
      std::cout << *Passes << " pass(es), expected " << G.ExpectedPasses;
    else
      std::cout << "error: " << Passes.error().message(), Rc = ExitFailure;
    std::cout << "\n  " << G.Purpose << "\n";
    for (const std::string &M : G.Metrics)
      std::cout << "    " << M << "\n";
  }
  std::cout << "sass (per instruction):\n";
  for (const cal::SassMetricSpec &S : cal::sassMetricCatalogue())
    std::cout << "    " << S.Name << (S.Required ? "" : " (optional)") << "\n";
  return Rc;
}

/// Per-line counters, one child process per launch: measured on the H100
/// with CUDA 13.0, the SASS Metrics API patches only the first kernel after
/// its configuration, and the configuration cannot be set again in the same
/// process (runtime/src/SassMetrics.cpp).
cal::Error isolatedSass(const Options &O, cal::Measurements &M) {
  std::vector<std::string> Labels;
  for (const cal::LaunchMeasurement &L : M.Launches)
    Labels.push_back(L.Label);
  if (Labels.empty()) { // no other sweep ran: list the labels
    cal::RunOptions Dry = O.Run;
    Dry.DryRun = true;
    Dry.Timing = true;
    Dry.RangeProfile = Dry.Sass = false;
    std::ostringstream Quiet;
    cal::Expected<cal::Measurements> D = cal::runSuite(Dry, Quiet);
    if (!D)
      return D.takeError();
    for (const cal::LaunchMeasurement &L : D->Launches)
      Labels.push_back(L.Label);
  }
  std::cerr << "SASS metrics, one process per launch:\n";
  // Under std::system, /proc/self/exe would name the shell: resolve it here.
  char Self[4096];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (N <= 0)
    return cal::Error::failure("cannot resolve /proc/self/exe");
  Self[N] = 0;
  std::string Tmp = "/tmp/cal-sass-" + std::to_string(getpid()) + ".json";
  for (const std::string &Label : Labels) {
    std::remove(Tmp.c_str());
    std::string Cmd =
        std::string("'") + Self +
        "' --sass-child --no-timing --no-profile --filter '=" + Label +
        "' --measurements-out " + Tmp + " >/dev/null";
    int Rc = std::system(Cmd.c_str());
    cal::Expected<cal::json::Value> V = cal::json::readFile(Tmp);
    cal::Expected<cal::Measurements> Child =
        V ? cal::measurementsFromJson(*V)
          : cal::Expected<cal::Measurements>(V.takeError());
    if (!Child) {
      std::cerr << "  " << Label << ": SASS child failed (status " << Rc
                << "): " << Child.error().message() << "\n";
      continue;
    }
    cal::mergeMeasurements(M, *Child);
  }
  std::remove(Tmp.c_str());
  return cal::Error::success();
}

bool writeText(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path);
  Out << Text;
  if (!Out) {
    std::cerr << "cuda-access-verify: cannot write '" << Path << "'\n";
    return false;
  }
  return true;
}

/// `cuda-access-verify lines DUMP.csv [PROGRAM]`: the per-line table of an
/// Nsight Compute per-PC dump (scripts/eval/realcode-compare.py reads it).
int linesCommand(int Argc, char **Argv) {
  if (Argc < 3 || Argc > 4) {
    std::cerr << "cuda-access-verify: error: usage: cuda-access-verify "
                 "lines DUMP.csv [PROGRAM]\n";
    return ExitUsage;
  }
  cal::Expected<cal::Measurements> M =
      cal::readNcuPcDump(Argv[2], Argc > 3 ? Argv[3] : "");
  if (!M) {
    std::cerr << "cuda-access-verify: error: " << M.error().message() << "\n";
    return ExitUsage;
  }
  cal::writeLineTable(*M, Argc > 3 ? Argv[3] : "", std::cout);
  return ExitAgree;
}

/// The predictions file, read before any GPU work so that a bad one fails
/// at once. An exit code to stop with.
std::optional<int> loadPredictions(const Options &O, cal::Predictions &Preds) {
  cal::Expected<cal::json::Value> V = cal::json::readFile(O.Predictions);
  if (!V) {
    std::cerr << "cuda-access-verify: error: " << V.error().message() << "\n";
    return ExitUsage;
  }
  cal::Expected<cal::Predictions> P = cal::predictionsFromJson(*V);
  if (!P) {
    std::cerr << "cuda-access-verify: " << O.Predictions << ": "
              << P.error().message() << "\n";
    return ExitUsage;
  }
  Preds = std::move(*P);
  return std::nullopt;
}

/// Measurements made elsewhere: --ncu-report, --ncu-lines, or the JSON of
/// --measurements (several files merge by launch label). An exit code to
/// stop with.
std::optional<int> readMeasurements(const Options &O, cal::Measurements &M) {
  if (int(!O.MeasurementsIn.empty()) + int(!O.NcuReport.empty()) +
          int(!O.NcuLines.empty()) >
      1) {
    std::cerr << "cuda-access-verify: error: --measurements, --ncu-report "
                 "and --ncu-lines are alternatives\n";
    return ExitUsage;
  }
  if (!O.NcuReport.empty() || !O.NcuLines.empty()) {
    cal::Expected<cal::Measurements> R =
        O.NcuReport.empty() ? cal::readNcuPcDump(O.NcuLines, O.NcuLines)
                            : cal::readNcuReport(O.NcuReport);
    if (!R) {
      std::cerr << "cuda-access-verify: error: " << R.error().message() << "\n";
      return ExitUsage;
    }
    M = std::move(*R);
  } else if (!O.MeasurementsIn.empty()) {
    // Several files (one per sweep, say) merge by launch label.
    size_t Start = 0;
    while (Start < O.MeasurementsIn.size()) {
      size_t End = O.MeasurementsIn.find(',', Start);
      if (End == std::string::npos)
        End = O.MeasurementsIn.size();
      std::string Path = O.MeasurementsIn.substr(Start, End - Start);
      Start = End + 1;
      cal::Expected<cal::json::Value> V = cal::json::readFile(Path);
      if (!V) {
        std::cerr << "cuda-access-verify: error: " << V.error().message()
                  << "\n";
        return ExitUsage;
      }
      cal::Expected<cal::Measurements> R = cal::measurementsFromJson(*V);
      if (!R) {
        std::cerr << "cuda-access-verify: " << Path << ": "
                  << R.error().message() << "\n";
        return ExitUsage;
      }
      cal::mergeMeasurements(M, *R);
    }
  }
  return std::nullopt;
}

/// The reference suite on this machine's GPU, with the per-line counters
/// in one child process per launch. An exit code to stop with (also after
/// --launch-only, which measures nothing).
std::optional<int> measureSuite(const Options &O, int Argc, char **Argv,
                                cal::Measurements &M) {
  cal::RunOptions Run = O.Run;
  bool Isolate = Run.Sass && !Run.LaunchOnly && !O.SassChild;
  if (Isolate)
    Run.Sass = false; // done below, one process per launch
  cal::Expected<cal::Measurements> R = cal::runSuite(Run, std::cerr);
  if (!R) {
    cal::Error E = R.takeError();
    if (E.code() == cal::NoDevice) {
      std::cout << "skipped: no CUDA device (" << E.message() << ")\n";
      return ExitNoDevice;
    }
    std::cerr << "cuda-access-verify: " << E.message() << "\n";
    if (E.code() == cal::ProfilingNotPermitted) {
      std::cerr << "cuda-access-verify: " << cal::profilingPermissionAdvice()
                << "\n";
      return ExitNotPermitted;
    }
    return ExitFailure;
  }
  M = std::move(*R);
  if (Isolate)
    if (cal::Error E = isolatedSass(O, M)) {
      std::cerr << "cuda-access-verify: " << E.message() << "\n";
      return ExitFailure;
    }
  std::string Cmd;
  for (int I = 0; I < Argc; ++I)
    Cmd += (I ? " " : "") + std::string(I ? Argv[I] : "cuda-access-verify");
  M.Command = Cmd;
  if (O.Run.LaunchOnly)
    return ExitAgree;
  return std::nullopt;
}

/// The comparison, its outputs and the exit code.
int report(const Options &O, const cal::Measurements &M,
           const cal::Predictions *Preds) {
  if (!O.MeasurementsOut.empty())
    if (cal::Error E =
            cal::json::writeFile(O.MeasurementsOut, cal::toJson(M))) {
      std::cerr << "cuda-access-verify: " << E.message() << "\n";
      return ExitUsage;
    }

  if (O.Bandwidth)
    cal::printBandwidth(std::cout, M);
  if (O.Counters)
    cal::printCounters(std::cout, M);
  cal::Comparison C = cal::compare(M, Preds);
  cal::printTable(std::cout, C);
  if (!Preds)
    std::cout << "no predictions file given (--predictions): every row reads "
                 "'no prediction'\n";
  // The roofline is an estimate: shown and saved, never in the exit code.
  cal::RooflineReport Roof = cal::rooflineFor(M, Preds, std::cout, O.Roofline);
  if (!O.RooflineSvg.empty() &&
      !writeText(O.RooflineSvg, cal::rooflineSvg(Roof)))
    return ExitUsage;
  cal::json::Value Out = cal::toJson(C);
  if (Preds)
    Out["roofline"] = cal::toJson(Roof);
  if (!O.JsonOut.empty())
    if (cal::Error E = cal::json::writeFile(O.JsonOut, Out)) {
      std::cerr << "cuda-access-verify: " << E.message() << "\n";
      return ExitUsage;
    }
  if (!O.CsvOut.empty() && !writeText(O.CsvOut, cal::toCsv(C)))
    return ExitUsage;
  if (!O.Html.Path.empty() && !writeText(O.Html.Path, O.Html.render(C, M)))
    return ExitUsage;
  if (Preds && !C.Agree && !C.InRange && !C.Mismatch && !M.Launches.empty()) {
    std::cerr << "cuda-access-verify: nothing judged: no measured launch "
                 "paired with a prediction\n";
    for (const std::string &W : cal::unpairedLaunches(M, *Preds))
      std::cerr << "  " << W << "\n";
    return ExitNothingJudged;
  }
  return C.Mismatch ? ExitMismatch : ExitAgree;
}

} // namespace

int main(int Argc, char **Argv) {
  // `run -- ./app`: an unmodified program through the injection library.
  if (Argc > 1 && std::string(Argv[1]) == "run")
    return runCommand(Argc - 1, Argv + 1);
  if (Argc > 1 && std::string(Argv[1]) == "lines")
    return linesCommand(Argc, Argv);
  Options O;
  if (!parse(Argc, Argv, O))
    return ExitUsage;
  if (!O.ListMetricsChip.empty())
    return listMetrics(O.ListMetricsChip);
  if ((O.Roofline || !O.RooflineSvg.empty()) && O.Predictions.empty()) {
    std::cerr << "cuda-access-verify: error: --roofline and --roofline-svg "
                 "need --predictions\n";
    return ExitUsage;
  }
  cal::Predictions Preds;
  if (!O.Predictions.empty())
    if (std::optional<int> Rc = loadPredictions(O, Preds))
      return *Rc;
  cal::Measurements M;
  bool Saved =
      !O.MeasurementsIn.empty() || !O.NcuReport.empty() || !O.NcuLines.empty();
  if (std::optional<int> Rc =
          Saved ? readMeasurements(O, M) : measureSuite(O, Argc, Argv, M))
    return *Rc;
  return report(O, M, O.Predictions.empty() ? nullptr : &Preds);
}
