//===- HtmlScatter.cpp - SVG scatter plot of predicted vs measured --------===//
#include "HtmlScatter.h"

#include "Format.h"
#include "cal/runtime/HtmlReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

namespace cal {

bool isYesNo(const Row &R) { return R.Tolerance == "yes/no"; }

bool isPlotted(const Row &R) {
  return (R.V == Verdict::Agree || R.V == Verdict::Mismatch ||
          R.V == Verdict::InRange) &&
         !isYesNo(R) &&
         std::isfinite(R.Predicted) && std::isfinite(R.Measured);
}

namespace {

// Plot area inside the SVG, in pixels; the legend sits right of it, where
// no point can fall (a corner inside would hide a badly wrong prediction).
constexpr double Width = 680, Height = 500;
constexpr double Left = 64, Right = 170, Top = 20, Bottom = 56;

std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f", V);
  return Buf;
}

/// Maps a value to [0, 1] along either axis; both axes share it so that
/// y = x is the diagonal.
class Scale {
public:
  Scale(const std::vector<const Row *> &Pts, bool Log) : Log(Log) {
    double Min = INFINITY, Max = -INFINITY;
    for (const Row *R : Pts)
      for (double V : {R->Predicted, R->Measured}) {
        if (Log && V <= 0) {
          ClampedAny = true;
          continue;
        }
        Min = std::min(Min, V);
        Max = std::max(Max, V);
      }
    if (!std::isfinite(Min)) // no points, or only zeros on a log axis
      Min = 1, Max = 2;
    if (Log) {
      // Whole octaves, with a margin so that no point sits on the frame.
      double LoE = std::floor(std::log2(Min)), HiE = std::ceil(std::log2(Max));
      if (HiE <= LoE)
        HiE = LoE + 1;
      Lo = LoE - 0.2;
      Hi = HiE + 0.2;
      int Step = HiE - LoE > 10 ? 2 : 1;
      for (int E = int(LoE); E <= int(HiE); E += Step)
        Ticks.push_back(std::ldexp(1.0, E));
      return;
    }
    Lo = 0;
    double Raw = std::max(Max, 1.0) / 6,
           Mag = std::pow(10, std::floor(std::log10(Raw)));
    double Step = Mag;
    for (double F : {1.0, 2.0, 5.0, 10.0})
      if (F * Mag >= Raw) {
        Step = F * Mag;
        break;
      }
    double Top = std::max(std::ceil(Max / Step) * Step, Step);
    for (double T = 0; T <= Top + Step / 2; T += Step)
      Ticks.push_back(T);
    Lo = -0.04 * Top;
    Hi = 1.04 * Top;
  }

  double unit(double V) const {
    if (!Log)
      return (V - Lo) / (Hi - Lo);
    if (V <= 0)
      return 0; // drawn on the axis; the caption says so
    return (std::log2(V) - Lo) / (Hi - Lo);
  }
  double x(double V) const { return Left + unit(V) * (Width - Left - Right); }
  double y(double V) const {
    return Height - Bottom - unit(V) * (Height - Top - Bottom);
  }

  bool Log;
  bool ClampedAny = false;
  double Lo = 0, Hi = 1;
  std::vector<double> Ticks;
};

std::string tickText(double V) {
  if (V == std::floor(V) && std::fabs(V) < 1e9) {
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), "%.0f", V);
    return Buf;
  }
  return fmt(V);
}

} // namespace

std::string scatterSvg(const Comparison &C, bool LogAxes,
                       const std::string &Id) {
  std::vector<const Row *> Pts;
  for (const Row &R : C.Rows)
    if (isPlotted(R))
      Pts.push_back(&R);
  // Agreeing points first so that a mismatch is never hidden under them.
  std::stable_sort(Pts.begin(), Pts.end(), [](const Row *A, const Row *B) {
    return A->V == Verdict::Agree && B->V != Verdict::Agree;
  });
  Scale S(Pts, LogAxes);
  std::string Out;
  Out += "<svg id=\"" + Id +
         "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(Width) +
         "\" height=\"" + num(Height) + "\" viewBox=\"0 0 " + num(Width) + " " +
         num(Height) +
         "\" role=\"img\" aria-label=\"predicted against measured\">\n";
  // Grid and tick labels.
  for (double T : S.Ticks) {
    std::string X = num(S.x(T)), Y = num(S.y(T));
    Out += "<line class=\"grid\" x1=\"" + X + "\" y1=\"" + num(Top) +
           "\" x2=\"" + X + "\" y2=\"" + num(Height - Bottom) + "\"/>\n";
    Out += "<line class=\"grid\" x1=\"" + num(Left) + "\" y1=\"" + Y +
           "\" x2=\"" + num(Width - Right) + "\" y2=\"" + Y + "\"/>\n";
    Out += "<text class=\"tick\" x=\"" + X + "\" y=\"" +
           num(Height - Bottom + 16) + "\" text-anchor=\"middle\">" +
           tickText(T) + "</text>\n";
    Out += "<text class=\"tick\" x=\"" + num(Left - 6) + "\" y=\"" +
           num(S.y(T) + 4) + "\" text-anchor=\"end\">" + tickText(T) +
           "</text>\n";
  }
  Out += "<rect class=\"frame\" x=\"" + num(Left) + "\" y=\"" + num(Top) +
         "\" width=\"" + num(Width - Left - Right) + "\" height=\"" +
         num(Height - Top - Bottom) + "\"/>\n";
  double LoV = S.Ticks.front(), HiV = S.Ticks.back();
  Out += "<line class=\"diag\" x1=\"" + num(S.x(LoV)) + "\" y1=\"" +
         num(S.y(LoV)) + "\" x2=\"" + num(S.x(HiV)) + "\" y2=\"" +
         num(S.y(HiV)) + "\"/>\n";
  std::string Axis = S.Log ? " (log2 axis)" : "";
  Out += "<text class=\"axis\" x=\"" + num((Left + Width - Right) / 2) +
         "\" y=\"" + num(Height - 12) +
         "\" text-anchor=\"middle\">predicted per request" + Axis + "</text>\n";
  Out += "<text class=\"axis\" transform=\"translate(16 " +
         num((Top + Height - Bottom) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">measured per request" + Axis +
         "</text>\n";

  // Points; rows with the same coordinates stack, and a count says how many.
  std::map<std::pair<long, long>, unsigned> Stack;
  unsigned Agree = 0, Mismatch = 0;
  for (const Row *R : Pts) {
    bool Ok = R->V == Verdict::Agree;
    (Ok ? Agree : Mismatch)++;
    double X = S.x(R->Predicted), Y = S.y(R->Measured);
    ++Stack[{std::lround(X), std::lround(Y)}];
    Out += "<circle class=\"pt " + std::string(Ok ? "agree" : "mismatch") +
           "\" cx=\"" + num(X) + "\" cy=\"" + num(Y) + "\" r=\"" +
           (Ok ? "5" : "6") + "\"><title>" +
           htmlEscape(R->Launch + " | " + R->Scope + " | " + R->Quantity +
                      ": predicted " + fmt(R->Predicted) + ", measured " +
                      fmt(R->Measured) + " (" + verdictName(R->V) + ")") +
           "</title></circle>\n";
  }
  for (const auto &KV : Stack) {
    if (KV.second < 2)
      continue;
    // Right of the point, or left of it near the right edge.
    bool Flip = KV.first.first > Width - Right - 40;
    Out += "<text class=\"count\" x=\"" +
           num(KV.first.first + (Flip ? -9 : 9)) + "\" y=\"" +
           num(KV.first.second - 7) + "\" text-anchor=\"" +
           (Flip ? "end" : "start") + "\">&#215;" + std::to_string(KV.second) +
           "</text>\n";
  }

  double LX = Width - Right + 24, LY = Top + 12;
  Out += "<g class=\"legend\">\n";
  Out += "<circle class=\"pt-legend agree\" cx=\"" + num(LX) + "\" cy=\"" +
         num(LY) + "\" r=\"5\"/><text x=\"" + num(LX + 12) + "\" y=\"" +
         num(LY + 4) + "\">agree (" + std::to_string(Agree) + ")</text>\n";
  Out += "<circle class=\"pt-legend mismatch\" cx=\"" + num(LX) + "\" cy=\"" +
         num(LY + 20) + "\" r=\"6\"/><text x=\"" + num(LX + 12) + "\" y=\"" +
         num(LY + 24) + "\">mismatch (" + std::to_string(Mismatch) +
         ")</text>\n";
  Out += "<line class=\"diag\" x1=\"" + num(LX - 6) + "\" y1=\"" +
         num(LY + 40) + "\" x2=\"" + num(LX + 6) + "\" y2=\"" + num(LY + 40) +
         "\"/><text x=\"" + num(LX + 12) + "\" y=\"" + num(LY + 44) +
         "\">y = x</text>\n";
  if (S.ClampedAny)
    Out += "<text x=\"" + num(LX - 6) + "\" y=\"" + num(LY + 64) +
           "\">values &#8804; 0 drawn</text>\n<text x=\"" + num(LX - 6) +
           "\" y=\"" + num(LY + 80) + "\">on the axis</text>\n";
  Out += "</g>\n</svg>\n";
  return Out;
}

} // namespace cal
