//===- NcuReport.cpp - Per-line figures from Nsight Compute's counters ----===//
#include "cal/runtime/NcuReport.h"
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/MetricCatalogue.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace cal {

/// The SASS opcode without predicate guard and modifiers: "@!P0 LDG.E.64
/// R2, [R4]" -> "LDG".
static std::string opcodeOf(const std::string &Sass) {
  size_t I = Sass.find_first_not_of(" \t");
  if (I == std::string::npos)
    return "";
  if (Sass[I] == '@') { // @P0, @!P1, @!UPT, @PT
    size_t E = Sass.find_first_of(" \t", I);
    if (E == std::string::npos)
      return "";
    I = Sass.find_first_not_of(" \t", E);
    if (I == std::string::npos)
      return "";
  }
  size_t E = Sass.find_first_of(" \t.", I);
  return Sass.substr(I, E == std::string::npos ? std::string::npos : E - I);
}

std::string sassClass(const std::string &Sass, bool TouchedGlobal) {
  static const std::map<std::string, std::string> Classes = {
      {"LDG", "global_ld"},     {"LD", "global_ld"},
      {"STG", "global_st"},     {"ST", "global_st"},
      {"ATOMG", "global_atom"}, {"ATOM", "global_atom"},
      {"RED", "global_atom"},   {"REDG", "global_atom"},
      {"LDS", "shared_ld"},     {"LDSM", "shared_ld"},
      {"STS", "shared_st"},     {"ATOMS", "shared_atom"}};
  std::string Op = opcodeOf(Sass);
  auto It = Classes.find(Op);
  if (It == Classes.end())
    return "";
  // A generic access that never reached global memory (local or shared
  // through a generic pointer) is not a global request.
  if ((Op == "LD" || Op == "ST" || Op == "ATOM") && !TouchedGlobal)
    return "";
  return It->second;
}

static bool isBranchOpcode(const std::string &Op) {
  return Op == "BRA" || Op == "BRX" || Op == "JMP" || Op == "JMX" ||
         Op == "BSSY" || Op == "WARPSYNC" || Op == "BREAK";
}

static double get(const std::map<std::string, double> &M, const char *Name,
                  double Default = 0) {
  auto It = M.find(Name);
  return It == M.end() ? Default : It->second;
}

RequestCount activeRequests(const std::map<std::string, double> &M,
                            const std::string &Class) {
  double Executed = get(M, "inst_executed");
  if (get(M, "thread_inst_executed_true") >=
      get(M, "thread_inst_executed") - 0.5)
    return {Executed, true}; // no lane was ever predicated off
  double Bits = get(M, "memory_access_size_type", 32);
  if (Bits <= 0)
    Bits = 32;
  if (Class.rfind("shared", 0) == 0 && Bits <= 32)
    return {get(M, "memory_l1_wavefronts_shared_ideal"), true};
  if (Class.rfind("shared", 0) == 0 && Bits <= 128) {
    // Wider lanes: a request of k lanes has ceil(k * Bits / 1024) ideal
    // wavefronts, F = Bits / 32 for a full warp. Taking each request as
    // either a full warp or one lane (the shapes of `if (tid < s)` trees
    // and `if (tid == 0)`), the ideal wavefronts W and the predicated-on
    // thread executions T give the full ones, (T - W) / (32 - F), and the
    // requests W - (F - 1) * full: an estimate, exact for those shapes.
    double W = get(M, "memory_l1_wavefronts_shared_ideal");
    double T = get(M, "thread_inst_executed_true");
    double F = Bits / 32;
    double Full = std::clamp((T - W) / (32 - F), 0.0, W / F);
    return {std::min(Executed, W - (F - 1) * Full), false};
  }
  if (Class.rfind("global", 0) == 0 && M.count("memory_l1_tag_requests_global"))
    return {std::min(Executed, get(M, "memory_l1_tag_requests_global") /
                                   std::max(1.0, Bits / 32)),
            false};
  return {Executed, false};
}

/// One record of a CSV file (RFC 4180 quoting); false at the end.
static bool readCsvRecord(std::istream &In, std::vector<std::string> &Out) {
  Out.clear();
  std::string Field;
  bool Quoted = false, Any = false;
  char C;
  while (In.get(C)) {
    Any = true;
    if (Quoted) {
      if (C == '"') {
        if (In.peek() == '"') {
          In.get(C);
          Field += '"';
        } else {
          Quoted = false;
        }
      } else {
        Field += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Out.push_back(std::move(Field));
      Field.clear();
    } else if (C == '\n') {
      break;
    } else if (C != '\r') {
      Field += C;
    }
  }
  if (!Any)
    return false;
  Out.push_back(std::move(Field));
  return true;
}

static bool parseDims(const std::string &S, unsigned D[3]) {
  return std::sscanf(S.c_str(), "%ux%ux%u", &D[0], &D[1], &D[2]) == 3;
}

/// "/anything/.devcarry/src/<repo>/<path>" -> "<repo>/<path>": the copies
/// research/unseen-code/measure-device.sh profiles.
static std::string shortPath(const std::string &P) {
  static const std::string Mark = "/.devcarry/src/";
  size_t I = P.find(Mark);
  return I == std::string::npos ? P : P.substr(I + Mark.size());
}

Expected<Measurements> readNcuPcDump(const std::string &Path,
                                     const std::string &Label) {
  std::ifstream In(Path);
  if (!In)
    return Error::failure("cannot open '" + Path + "'");
  std::vector<std::string> Rec;
  static const char *Columns[] = {"kernel_index", "mangled", "grid", "block",
                                  "pc",           "file",    "line", "sass",
                                  "metric",       "value"};
  if (!readCsvRecord(In, Rec) || Rec.size() != 10 ||
      !std::equal(Rec.begin(), Rec.end(), std::begin(Columns)))
    return Error::failure(
        "'" + Path +
        "' is not a per-PC dump of scripts/ncu-source-lines.py (its header "
        "must be kernel_index,mangled,grid,block,pc,file,line,sass,metric,"
        "value)");
  struct Pc {
    std::string Mangled, Grid, Block, File, Sass;
    unsigned Line = 0;
    std::map<std::string, double> M;
  };
  // (launch, pc) -> counters; launches in report order.
  std::map<std::pair<unsigned, unsigned long long>, Pc> Pcs;
  std::map<unsigned, std::tuple<std::string, std::string, std::string>> Info;
  unsigned RecNo = 1;
  while (readCsvRecord(In, Rec)) {
    ++RecNo;
    if (Rec.size() == 1 && Rec[0].empty())
      continue;
    if (Rec.size() != 10)
      return Error::failure(Path + ":" + std::to_string(RecNo) + ": " +
                            std::to_string(Rec.size()) +
                            " fields where 10 were expected");
    char *End = nullptr;
    unsigned Launch = unsigned(std::strtoul(Rec[0].c_str(), &End, 10));
    if (End == Rec[0].c_str())
      return Error::failure(Path + ":" + std::to_string(RecNo) +
                            ": kernel_index '" + Rec[0] + "' is not a number");
    Info.emplace(Launch, std::make_tuple(Rec[1], Rec[2], Rec[3]));
    if (Rec[5].empty())
      continue; // a launch-wide metric, not instanced by PC
    unsigned long long PcAddr = std::strtoull(Rec[4].c_str(), nullptr, 16);
    Pc &P = Pcs[{Launch, PcAddr}];
    P.Mangled = Rec[1];
    P.Grid = Rec[2];
    P.Block = Rec[3];
    P.File = Rec[5];
    P.Line = unsigned(std::strtoul(Rec[6].c_str(), nullptr, 10));
    P.Sass = Rec[7];
    P.M[Rec[8]] = std::strtod(Rec[9].c_str(), nullptr);
  }

  Measurements Out;
  Out.Command = "ncu per-PC dump " + Path;
  std::map<unsigned, size_t> LaunchIndex;
  for (const auto &KV : Info) {
    LaunchMeasurement L;
    L.Label = Label + "#" + std::to_string(KV.first);
    L.MangledName = std::get<0>(KV.second);
    L.Kernel = kernelNameFromMangled(L.MangledName);
    if (!parseDims(std::get<1>(KV.second), L.Grid) ||
        !parseDims(std::get<2>(KV.second), L.Block))
      L.Notes.push_back("grid or block not recorded in the report");
    LaunchIndex[KV.first] = Out.Launches.size();
    Out.Launches.push_back(std::move(L));
  }
  // Per launch: (file, line) -> index into Lines.
  std::map<std::pair<unsigned, std::pair<std::string, unsigned>>, size_t>
      LineIndex;
  for (const auto &KV : Pcs) {
    const Pc &P = KV.second;
    std::string Op = opcodeOf(P.Sass);
    std::string Class =
        sassClass(P.Sass, get(P.M, "memory_l2_theoretical_sectors_global") > 0);
    bool Branch = P.M.count("smsp__branch_targets_threads_divergent") &&
                  isBranchOpcode(Op);
    if (Class.empty() && !Branch)
      continue;
    LaunchMeasurement &L = Out.Launches[LaunchIndex[KV.first.first]];
    std::string File = shortPath(P.File);
    auto Key = std::make_pair(KV.first.first, std::make_pair(File, P.Line));
    auto It = LineIndex.find(Key);
    if (It == LineIndex.end()) {
      It = LineIndex.emplace(Key, L.Lines.size()).first;
      L.Lines.emplace_back();
      L.Lines.back().File = File;
      L.Lines.back().Line = P.Line;
    }
    LineMeasurement &LM = L.Lines[It->second];
    double Executed = get(P.M, "inst_executed");
    if (!Class.empty()) {
      ClassCounters &C = LM.Classes[Class];
      C.Instructions += 1;
      C.Executed += Executed;
      C.ThreadExecuted += get(P.M, "thread_inst_executed");
      RequestCount R = activeRequests(P.M, Class);
      C.Requests += R.Requests;
      C.RequestsInferred += R.Exact ? 0 : 1;
      C.Sectors += get(P.M, "memory_l2_theoretical_sectors_global");
      C.SectorsIdeal += get(P.M, "memory_l2_theoretical_sectors_global_ideal");
      C.Wavefronts += get(P.M, "memory_l1_wavefronts_shared");
      C.WavefrontsIdeal += get(P.M, "memory_l1_wavefronts_shared_ideal");
    }
    if (Branch) {
      ClassCounters &C = LM.Classes["branch"];
      C.Instructions += 1;
      C.Executed += Executed;
      C.DivergentTargets += get(P.M, "smsp__branch_targets_threads_divergent");
    }
  }
  // The kernel's divergent branch targets: the same counter summed over
  // its instructions (the range profiler's kernel-wide metrics, global
  // sectors and requests among them, are not in a per-PC dump: those
  // kernel rows read "no measurement").
  for (LaunchMeasurement &L : Out.Launches) {
    double Div = 0;
    for (const LineMeasurement &LM : L.Lines)
      for (const auto &KV : LM.Classes)
        Div += KV.second.DivergentTargets;
    L.Metrics[metric::BranchDivergent] = Div;
  }
  return Out;
}

/// scripts/ncu-source-lines.py: installed beside the verifier
/// (prefix/share/cuda-access-lint, found from the executable so that a moved
/// prefix still finds it), else the source tree's.
static std::string ncuSourceLinesScript() {
  char Self[4096];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (N > 0) {
    Self[N] = 0;
    std::string Prefix = Self;
    for (int Up = 0; Up < 2 && Prefix.rfind('/') != std::string::npos; ++Up)
      Prefix.erase(Prefix.rfind('/'));
    std::string Installed =
        Prefix + "/share/cuda-access-lint/ncu-source-lines.py";
    if (access(Installed.c_str(), R_OK) == 0)
      return Installed;
  }
  return CAL_NCU_SOURCE_LINES_SCRIPT;
}

Expected<Measurements> readNcuReport(const std::string &Report) {
  if (access(Report.c_str(), R_OK) != 0)
    return Error::failure("cannot read '" + Report + "'");
  const char *Env = std::getenv("CAL_NCU_SOURCE_LINES");
  std::string Script = Env ? Env : ncuSourceLinesScript();
  char Tmp[] = "/tmp/cal-ncu-XXXXXX";
  int Fd = mkstemp(Tmp);
  if (Fd < 0)
    return Error::failure("cannot create a temporary file");
  close(Fd);
  auto Quote = [](const std::string &S) {
    std::string Q = "'";
    for (char C : S)
      Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
    return Q + "'";
  };
  std::string Cmd =
      "python3 " + Quote(Script) + " " + Quote(Report) + " > " + Quote(Tmp);
  int Rc = std::system(Cmd.c_str());
  if (Rc != 0) {
    unlink(Tmp);
    return Error::failure("reading '" + Report + "' through " + Script +
                          " failed (it needs ncu's Python report interface, "
                          "found next to `ncu` on PATH)");
  }
  Expected<Measurements> M = readNcuPcDump(Tmp, Report);
  unlink(Tmp);
  return M;
}

static std::string num(double V) {
  char B[64];
  std::snprintf(B, sizeof B, "%g", V);
  return B;
}

static std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Q + "\"";
}

void writeLineTable(const Measurements &M, const std::string &Program,
                    std::ostream &OS) {
  OS << "program,launch,mangled,grid,block,file,line,class,instructions,"
        "executed,requests,requests_inferred,sectors,sectors_ideal,"
        "wavefronts,wavefronts_ideal,divergent_targets\n";
  for (const LaunchMeasurement &L : M.Launches) {
    std::string Launch = L.Label.substr(L.Label.rfind('#') + 1);
    auto Dims = [](const unsigned D[3]) {
      return std::to_string(D[0]) + "x" + std::to_string(D[1]) + "x" +
             std::to_string(D[2]);
    };
    for (const LineMeasurement &LM : L.Lines)
      for (const auto &KV : LM.Classes) {
        const ClassCounters &C = KV.second;
        bool Br = KV.first == "branch";
        OS << csvField(Program) << ',' << Launch << ',' << L.MangledName << ','
           << Dims(L.Grid) << ',' << Dims(L.Block) << ',' << csvField(LM.File)
           << ',' << LM.Line << ',' << KV.first << ',' << C.Instructions << ','
           << num(C.Executed) << ',' << num(Br ? 0 : C.Requests) << ','
           << num(Br ? 0 : C.RequestsInferred) << ',' << num(C.Sectors) << ','
           << num(C.SectorsIdeal) << ',' << num(C.Wavefronts) << ','
           << num(C.WavefrontsIdeal) << ',' << num(C.DivergentTargets) << '\n';
      }
  }
}

} // namespace cal
