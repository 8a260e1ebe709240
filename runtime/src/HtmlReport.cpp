//===- HtmlReport.cpp - Comparison as one self-contained HTML page --------===//
//
// Per launch: the kernel-wide rows, then one table row per source line with
// the predicted and measured figure of each quantity side by side and the
// line's text where the file can be read. Above them, the scatter plot of
// every numeric judged row (HtmlScatter.cpp) and the yes/no rows' counts.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/HtmlReport.h"

#include "Format.h"
#include "HtmlScatter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sys/stat.h>

namespace cal {

std::string htmlEscape(const std::string &S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

namespace {

std::string esc(const std::string &S) { return htmlEscape(S); }

/// "file:line" scopes; a scope that is not one ("kernel") has Line 0.
struct Loc {
  std::string File;
  unsigned Line = 0;
};

Loc parseScope(const std::string &Scope) {
  Loc L;
  size_t Colon = Scope.rfind(':');
  if (Colon == std::string::npos || Colon + 1 == Scope.size())
    return L;
  for (size_t I = Colon + 1; I < Scope.size(); ++I)
    if (Scope[I] < '0' || Scope[I] > '9')
      return L;
  L.File = Scope.substr(0, Colon);
  L.Line = unsigned(std::stoul(Scope.substr(Colon + 1)));
  return L;
}

bool isFile(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

/// Source files read once each; a file that cannot be found stays empty
/// and its lines are shown as file:line only.
class SourceCache {
public:
  explicit SourceCache(const std::vector<std::string> &Roots) : Roots(Roots) {}

  /// The line's text, or null when the file or the line is not there.
  const std::string *line(const std::string &File, unsigned Line) {
    auto It = Files.find(File);
    if (It == Files.end())
      It = Files.emplace(File, read(resolve(File))).first;
    if (Line == 0 || Line > It->second.size())
      return nullptr;
    return &It->second[Line - 1];
  }

private:
  std::vector<std::string> Roots;
  std::map<std::string, std::vector<std::string>> Files;

  std::string resolve(const std::string &Path) const {
    if (isFile(Path))
      return Path;
    // Under each root: the path, then its tails (a/b/c.cu, b/c.cu, c.cu),
    // for a program whose line table names the directory it was built in.
    for (const std::string &Root : Roots)
      for (size_t From = 0; From != std::string::npos;) {
        std::string Tail = Path.substr(From);
        if (!Tail.empty() && Tail[0] != '/' && isFile(Root + "/" + Tail))
          return Root + "/" + Tail;
        size_t Slash = Path.find('/', From);
        From = Slash == std::string::npos ? Slash : Slash + 1;
      }
    return "";
  }

  static std::vector<std::string> read(const std::string &Path) {
    std::vector<std::string> Lines;
    if (Path.empty())
      return Lines;
    std::ifstream In(Path);
    for (std::string L; std::getline(In, L);) {
      while (!L.empty() && (L.back() == '\r' || L.back() == ' '))
        L.pop_back();
      Lines.push_back(L);
    }
    return Lines;
  }
};

const char *verdictClass(Verdict V) {
  switch (V) {
  case Verdict::Agree:
    return "agree";
  case Verdict::Mismatch:
    return "mismatch";
  case Verdict::NoPrediction:
    return "noprediction";
  case Verdict::NoMeasurement:
    return "nomeasurement";
  case Verdict::InRange:
    return "inrange";
  }
  return "";
}

struct LaunchGroup {
  std::string Label, Kernel;
  std::vector<const Row *> KernelRows;
  /// Per source line, in file and line order.
  std::map<std::pair<std::string, unsigned>, std::vector<const Row *>> Lines;
  unsigned Count[4] = {0, 0, 0, 0}; // by Verdict
};

std::vector<LaunchGroup> groupByLaunch(const Comparison &C) {
  std::vector<LaunchGroup> Groups;
  std::map<std::string, size_t> Index;
  for (const Row &R : C.Rows) {
    auto It = Index.find(R.Launch);
    if (It == Index.end()) {
      It = Index.emplace(R.Launch, Groups.size()).first;
      Groups.emplace_back();
      Groups.back().Label = R.Launch;
      Groups.back().Kernel = R.Kernel;
    }
    LaunchGroup &G = Groups[It->second];
    ++G.Count[int(R.V)];
    Loc L = parseScope(R.Scope);
    if (L.Line)
      G.Lines[{L.File, L.Line}].push_back(&R);
    else
      G.KernelRows.push_back(&R);
  }
  return Groups;
}

/// Column order of the per-line table; quantities not listed follow.
const char *const QuantityOrder[] = {
    "global_ld sectors/req",    "global_st sectors/req",
    "global sectors/req",       "shared_ld wavefronts/req",
    "shared_st wavefronts/req", "shared wavefronts/req",
    "divergent branch"};

std::vector<std::string> lineQuantities(const LaunchGroup &G) {
  std::vector<std::string> Present;
  for (const auto &KV : G.Lines)
    for (const Row *R : KV.second)
      if (std::find(Present.begin(), Present.end(), R->Quantity) ==
          Present.end())
        Present.push_back(R->Quantity);
  std::vector<std::string> Out;
  for (const char *Q : QuantityOrder)
    if (std::find(Present.begin(), Present.end(), Q) != Present.end())
      Out.push_back(Q);
  for (const std::string &Q : Present)
    if (std::find(Out.begin(), Out.end(), Q) == Out.end())
      Out.push_back(Q);
  return Out;
}

std::string cellTitle(const Row &R) {
  std::string T = verdictName(R.V);
  if (!R.Tolerance.empty())
    T += ", tolerance " + R.Tolerance;
  if (!R.Note.empty())
    T += "; " + R.Note;
  return esc(T);
}

void kernelTable(std::string &Out, const LaunchGroup &G) {
  if (G.KernelRows.empty())
    return;
  Out += "<table class=\"kernel-rows\">\n<tr><th>quantity</th><th>predicted"
         "</th><th>measured</th><th>tolerance</th><th>verdict</th><th>note"
         "</th></tr>\n";
  for (const Row *R : G.KernelRows)
    Out += std::string("<tr class=\"kernel-row ") + verdictClass(R->V) +
           "\"><td>" + esc(R->Quantity) + "</td><td class=\"n\">" +
           esc(R->PredictedText.empty() ? "-" : R->PredictedText) +
           "</td><td class=\"n\">" + esc(R->MeasuredText) +
           "</td><td class=\"n\">" +
           esc(R->Tolerance.empty() ? "-" : R->Tolerance) +
           "</td><td class=\"v\">" + esc(verdictName(R->V)) + "</td><td>" +
           esc(R->Note) + "</td></tr>\n";
  Out += "</table>\n";
}

/// The directory prefix that every line's file shares, left out of the
/// "line" column (the title attribute keeps the full path): absolute paths
/// from a build directory would otherwise take half the table's width.
std::string commonDir(const std::vector<LaunchGroup> &Groups) {
  std::string Prefix;
  bool First = true;
  for (const LaunchGroup &G : Groups)
    for (const auto &KV : G.Lines) {
      const std::string &F = KV.first.first;
      std::string Dir = F.substr(0, F.rfind('/') + 1);
      if (First)
        Prefix = Dir, First = false;
      size_t N = 0;
      while (N < Prefix.size() && N < Dir.size() && Prefix[N] == Dir[N])
        ++N;
      Prefix = Prefix.substr(0, Prefix.rfind('/', N ? N - 1 : 0) + 1);
      if (N == 0)
        Prefix.clear();
    }
  return Prefix;
}

void lineTable(std::string &Out, const LaunchGroup &G, SourceCache &Src,
               const std::string &Strip) {
  if (G.Lines.empty()) {
    Out += "<p class=\"muted\">No per-line counters for this launch.</p>\n";
    return;
  }
  std::vector<std::string> Qs = lineQuantities(G);
  Out += "<table class=\"lines\">\n<tr><th rowspan=\"2\">line</th>"
         "<th rowspan=\"2\">source</th>";
  for (const std::string &Q : Qs)
    Out += "<th colspan=\"2\">" + esc(Q) + "</th>";
  Out += "</tr>\n<tr>";
  for (size_t I = 0; I < Qs.size(); ++I)
    Out += "<th class=\"sub\">pred.</th><th class=\"sub\">meas.</th>";
  Out += "</tr>\n";
  for (const auto &KV : G.Lines) {
    const std::string &File = KV.first.first;
    unsigned Line = KV.first.second;
    bool Bad = false;
    for (const Row *R : KV.second)
      Bad |= R->V == Verdict::Mismatch;
    Out += std::string("<tr class=\"line-row") + (Bad ? " mismatch" : "") +
           "\"><td class=\"loc\" title=\"" + esc(File) + "\">" +
           esc(File.substr(Strip.size())) + ":" + std::to_string(Line) +
           "</td>";
    if (const std::string *Text = Src.line(File, Line))
      Out += "<td class=\"src\"><code>" + esc(*Text) + "</code></td>";
    else
      Out += "<td class=\"src missing\">source not available</td>";
    for (const std::string &Q : Qs) {
      const Row *R = nullptr;
      for (const Row *Cand : KV.second)
        if (Cand->Quantity == Q)
          R = Cand;
      if (!R) {
        Out += "<td class=\"empty\"></td><td class=\"empty\"></td>";
        continue;
      }
      std::string Cls = std::string("n ") + verdictClass(R->V);
      Out += "<td class=\"" + Cls + "\" title=\"" + cellTitle(*R) + "\">" +
             esc(R->PredictedText.empty() ? "-" : R->PredictedText) +
             "</td><td class=\"" + Cls + "\" title=\"" + cellTitle(*R) + "\">" +
             esc(R->MeasuredText) + "</td>";
    }
    Out += "</tr>\n";
  }
  Out += "</table>\n";
}

/// Counts of the judged yes/no rows: predicted against measured.
/// "0.15 ms", "12.3 us"; "-" for NaN.
std::string usText(double Us) {
  if (std::isnan(Us))
    return "-";
  return Us >= 100 ? fmt(Us / 1000) + " ms" : fmt(Us) + " us";
}

/// The launch's estimated and measured time and its findings by estimated
/// saving (docs/costs.md).
void costTable(std::string &Out, const LaunchCost &LC) {
  Out += "<p class=\"meta\">estimated time " + usText(LC.PredictedUs) + " (" +
         esc(LC.BoundBy) + ", " + esc(LC.Certainty) + "), measured " +
         usText(LC.MeasuredUs) + "</p>\n";
  if (LC.Findings.empty())
    return;
  Out += "<table class=\"costs\">\n<tr><th>line</th><th>access</th>"
         "<th>estimated saving per launch</th><th>share of the launch's "
         "sectors or wavefronts</th></tr>\n";
  for (const LaunchCost::Finding &F : LC.Findings)
    Out += "<tr><td>" + esc(F.Scope) + "</td><td>" + esc(F.What) +
           "</td><td class=\"n\">" + usText(F.SavedUs) +
           "</td><td class=\"n\">" +
           (std::isnan(F.TrafficShare) ? std::string("-")
                                       : fmt(100 * F.TrafficShare) + "%") +
           "</td></tr>\n";
  Out += "</table>\n";
}

/// Estimated against measured time per launch, on the scatter of the rows:
/// a point "agrees" within a factor of 2.
std::string timeScatter(const Comparison &C) {
  Comparison T;
  for (const LaunchCost &LC : C.Costs) {
    if (std::isnan(LC.MeasuredUs) || std::isnan(LC.PredictedUs))
      continue;
    Row R;
    R.Launch = LC.Launch;
    R.Kernel = LC.Kernel;
    R.Scope = "kernel";
    R.Quantity = "time (us)";
    R.Predicted = LC.PredictedUs;
    R.Measured = LC.MeasuredUs;
    R.Tolerance = "factor 2";
    double Q = R.Predicted / R.Measured;
    R.V = Q >= 0.5 && Q <= 2 ? Verdict::Agree : Verdict::Mismatch;
    T.Rows.push_back(R);
  }
  if (T.Rows.empty())
    return "";
  // One page, two plots: the second has its own id.
  return scatterSvg(T, /*LogAxes=*/true, "time-scatter");
}

void yesNoTable(std::string &Out, const Comparison &C) {
  unsigned N[2][2] = {{0, 0}, {0, 0}}; // [predicted yes][measured yes]
  unsigned Total = 0;
  for (const Row &R : C.Rows)
    if (isYesNo(R) && (R.V == Verdict::Agree || R.V == Verdict::Mismatch)) {
      ++N[R.Predicted > 0][R.Measured > 0];
      ++Total;
    }
  Out += "<table id=\"yesno\" class=\"yesno\" data-rows=\"" +
         std::to_string(Total) +
         "\">\n<caption>divergence rows (yes/no), judged: " +
         std::to_string(Total) +
         "</caption>\n<tr><th></th><th>measured yes</th><th>measured no</th>"
         "</tr>\n";
  for (int P : {1, 0}) {
    Out += std::string("<tr><th>predicted ") + (P ? "yes" : "no") + "</th>";
    for (int M : {1, 0})
      Out += std::string("<td class=\"n ") +
             (N[P][M] ? (P == M ? "agree" : "mismatch") : "empty") + "\">" +
             std::to_string(N[P][M]) + "</td>";
    Out += "</tr>\n";
  }
  Out += "</table>\n";
}

const char *Style = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.5em;margin:0 0 .3em}h2{font-size:1.15em;margin:1.6em 0 .3em}
code,.loc,.n{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
.meta{color:#555;margin:.1em 0}.muted{color:#777}
.summary b{font-size:1.1em}
.aside{max-width:30em}
.figure{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start;margin:1em 0}
table{border-collapse:collapse;margin:.4em 0}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#f2f2f2;font-weight:600}th.sub{font-weight:400;font-size:12px}
td.n{text-align:right;white-space:nowrap}
td.src code{white-space:pre}td.src.missing{color:#999;font-style:italic}
td.agree{background:#e9f6ec}td.inrange{background:#fdf3d6}td.mismatch{background:#f9c9c4;font-weight:700}
td.noprediction,td.nomeasurement{color:#777}
tr.mismatch td.loc,table.index tr.mismatch td,tr.kernel-row.mismatch td{background:#fde3e0}
tr.kernel-row.mismatch td.v{color:#b00;font-weight:700}
tr.kernel-row.noprediction td,tr.kernel-row.nomeasurement td{color:#777}
section.launch.has-mismatch h2{color:#b00}
.kernel{color:#555;margin:0}
svg text{font:12px system-ui,sans-serif;fill:#222}
svg .grid{stroke:#e4e4e4}svg .frame{fill:none;stroke:#999}
svg .diag{stroke:#555;stroke-dasharray:5 4}
svg .pt.agree,svg .pt-legend.agree{fill:#2e8b57;fill-opacity:.55;stroke:#1d5e3a}
svg .pt.mismatch,svg .pt-legend.mismatch{fill:#d62728;stroke:#7a1010}
svg .count{font-size:11px;fill:#333}
)";

} // namespace

bool HtmlCli::takes(const std::string &Opt) {
  return Opt == "--html" || Opt == "--html-axes" || Opt == "--html-title" ||
         Opt == "--source-root";
}

bool HtmlCli::set(const std::string &Opt, const std::string &Value,
                  std::ostream &Err) {
  if (Opt == "--html")
    Path = Value;
  else if (Opt == "--html-title")
    Options.Title = Value;
  else if (Opt == "--source-root")
    Options.SourceRoots.push_back(Value);
  else if (Value == "log" || Value == "linear")
    Options.LogAxes = Value == "log";
  else {
    Err << "cuda-access-verify: --html-axes takes log or linear, not '" << Value
        << "'\n";
    return false;
  }
  return true;
}

std::string HtmlCli::render(const Comparison &C, const Measurements &M) const {
  HtmlOptions O = Options;
  O.Command = M.Command;
  O.Device = M.Device.Name;
  return toHtml(C, O);
}

std::string toHtml(const Comparison &C, const HtmlOptions &O) {
  std::vector<LaunchGroup> Groups = groupByLaunch(C);
  SourceCache Src(O.SourceRoots);
  std::string Strip = commonDir(Groups);
  std::string Out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                    "charset=\"utf-8\">\n<title>" +
                    esc(O.Title) + "</title>\n<style>" + Style +
                    "</style>\n</head>\n<body>\n<h1>" + esc(O.Title) +
                    "</h1>\n";
  if (!O.Device.empty())
    Out += "<p class=\"meta\">device: " + esc(O.Device) + "</p>\n";
  if (!O.Command.empty())
    Out += "<p class=\"meta\">measured by: <code>" + esc(O.Command) +
           "</code></p>\n";
  unsigned Judged = C.Agree + C.InRange + C.Mismatch;
  Out += "<p class=\"summary\" id=\"summary\">rows: " +
         std::to_string(C.Rows.size()) + ", <b>agree " +
         std::to_string(C.Agree) + "</b>, within the predicted range only " +
         std::to_string(C.InRange) + ", <b>mismatch " +
         std::to_string(C.Mismatch) + "</b>, no prediction " +
         std::to_string(C.NoPrediction) + ", no measurement " +
         std::to_string(C.NoMeasurement);
  if (Judged)
    Out += "; agreement " + fmt(100.0 * C.Agree / Judged) + "% of " +
           std::to_string(Judged) + " judged rows";
  Out += "</p>\n";
  if (!Strip.empty())
    Out += "<p class=\"meta\">source files under <code>" + esc(Strip) +
           "</code></p>\n";
  if (!C.HavePredictions)
    Out += "<p class=\"muted\">No predictions file was given: every row "
           "reads &quot;no prediction&quot;.</p>\n";

  Out += "<div class=\"figure\">\n" + scatterSvg(C, O.LogAxes) +
         "<div class=\"aside\">\n<p>Every judged row with a number on both "
         "sides: sectors "
         "per request (global) and wavefronts per request (shared), per "
         "launch and per source line. Hover a point for its row.</p>\n";
  yesNoTable(Out, C);
  Out += "</div>\n</div>\n";
  if (std::string Time = timeScatter(C); !Time.empty())
    Out += "<h2>Time</h2>\n<div class=\"figure\">\n" + Time +
           "<div class=\"aside\">\n<p>Each launch's estimated time (the "
           "analyzer's time model, docs/costs.md) against its measured "
           "median; a point within a factor of 2 is drawn as agreeing. Each "
           "launch's section lists its findings by estimated saving.</p>\n"
           "</div>\n</div>\n";

  Out += "<h2>Launches</h2>\n<table class=\"index\">\n<tr><th>launch</th>"
         "<th>agree</th><th>mismatch</th><th>no prediction</th>"
         "<th>no measurement</th></tr>\n";
  for (size_t I = 0; I < Groups.size(); ++I) {
    const LaunchGroup &G = Groups[I];
    Out += std::string("<tr class=\"") + (G.Count[1] ? "mismatch" : "") +
           "\"><td><a href=\"#launch-" + std::to_string(I) + "\">" +
           esc(G.Label) + "</a></td>";
    for (unsigned N : G.Count)
      Out += "<td class=\"n\">" + std::to_string(N) + "</td>";
    Out += "</tr>\n";
  }
  Out += "</table>\n";

  for (size_t I = 0; I < Groups.size(); ++I) {
    const LaunchGroup &G = Groups[I];
    Out += "<section class=\"launch" +
           std::string(G.Count[1] ? " has-mismatch" : "") + "\" id=\"launch-" +
           std::to_string(I) + "\">\n<h2>" + esc(G.Label) + "</h2>\n";
    if (G.Kernel != G.Label)
      Out +=
          "<p class=\"kernel\">kernel <code>" + esc(G.Kernel) + "</code></p>\n";
    kernelTable(Out, G);
    for (const LaunchCost &LC : C.Costs)
      if (LC.Launch == G.Label)
        costTable(Out, LC);
    lineTable(Out, G, Src, Strip);
    Out += "</section>\n";
  }
  Out += "</body>\n</html>\n";
  return Out;
}

} // namespace cal
