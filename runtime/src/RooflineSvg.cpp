//===- RooflineSvg.cpp - Standalone SVG roofline plot ---------------------===//
//
// Drawn by hand, like the HTML report's scatter plot (HtmlScatter.cpp), so
// that the file opens anywhere with no script and no network. Log-log axes:
// x is arithmetic intensity (operations per DRAM byte), y operations per
// second. The memory roof is peak bandwidth x intensity, a line of slope 1;
// each operation class present has a horizontal compute roof that starts at
// its ridge point (where the memory roof reaches it).
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Roofline.h"

#include "Format.h"
#include "cal/runtime/HtmlReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace cal {

namespace {

constexpr double Width = 780, Left = 78, Right = 200, Top = 24, PlotH = 420;
constexpr double PlotW = Width - Left - Right, Bottom = Top + PlotH;
constexpr double KeyTop = Bottom + 62, Line = 15;

std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f", V);
  return Buf;
}

std::string mhz(double Hz) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.0f MHz", Hz / 1e6);
  return Buf;
}

/// Text for an XML document: htmlEscape's entities are XML's too; control
/// characters other than tab and newline are not allowed even escaped.
std::string xml(const std::string &S) {
  std::string Clean;
  for (char C : S)
    Clean += (unsigned char)C < 0x20 && C != '\t' && C != '\n' ? '?' : C;
  return htmlEscape(Clean);
}

/// 10^E as "0.01" .. "10000", beyond that "1e5".
std::string decade(int E) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), E >= -4 && E <= 4 ? "%.4f" : "1e%.0f",
                E >= -4 && E <= 4 ? std::pow(10.0, E) : double(E));
  std::string S = Buf;
  if (E >= -4 && E <= 4) { // trailing zeros and point of the fixed form
    S.erase(S.find_last_not_of('0') + 1);
    if (S.back() == '.')
      S.pop_back();
  }
  return S;
}

/// 1e12 -> "1 T": the y axis spans giga to peta operations per second.
std::string si(double V) {
  static const char *Prefix[] = {"", "k", "M", "G", "T", "P", "E"};
  int E = 0;
  while (std::fabs(V) >= 1000 && E < 6)
    V /= 1000, ++E;
  return sig3(V) + (E ? std::string(" ") + Prefix[E] : std::string());
}

std::string colour(const std::string &Classes) {
  std::string Class = Classes.substr(0, Classes.find(','));
  if (Class == "fp16")
    return "#e67e00";
  if (Class == "fp32")
    return "#1f77b4";
  if (Class == "fp64")
    return "#8e44ad";
  if (Class == "int")
    return "#2e8b57";
  return "#7f7f7f";
}

/// Whole decades on a log10 axis covering the values.
struct Axis {
  double Lo = 0, Hi = 1; ///< exponents
  void cover(const std::vector<double> &Vs, double Pad) {
    double Min = INFINITY, Max = -INFINITY;
    for (double V : Vs)
      if (V > 0 && std::isfinite(V))
        Min = std::min(Min, std::log10(V)), Max = std::max(Max, std::log10(V));
    if (!std::isfinite(Min))
      return;
    Lo = std::floor(Min - Pad);
    Hi = std::ceil(Max + Pad);
    if (Hi <= Lo)
      Hi = Lo + 1;
  }
  double unit(double V) const { return (std::log10(V) - Lo) / (Hi - Lo); }
};

struct Point {
  const RooflineRow *R;
  double PX = Unknown, PY = Unknown, MX = Unknown, MY = Unknown;
  bool pred() const { return PX > 0 && PY > 0; }
  bool meas() const { return MX > 0 && MY > 0; }
};

/// Why a row has no point on the plot (empty: it has one).
std::string whyNot(const RooflineRow &R, const Point &P) {
  if (R.Status != RooflineStatus::Compared)
    return std::string(statusName(R.Status)) + ": " + R.Reason;
  if (P.pred() || P.meas())
    return "";
  if (R.OpsTotal == 0)
    return "ops = 0: no place on a log axis";
  if (R.PredictedDramBytes == 0)
    return "predicted DRAM bytes = 0: no place on a log axis";
  if (std::isnan(R.OpsTotal) || std::isnan(R.PredictedDramBytes))
    return "operations or DRAM bytes not predicted";
  return "no time bound and no measured point";
}

} // namespace

std::string rooflineSvg(const RooflineReport &Rep) {
  // The roofs: the first compared row's device (every row of one run has
  // the same measured device; the reference part comes from the analyzer).
  const RooflineDevice *Dev = nullptr;
  std::set<std::string> Classes;
  std::vector<Point> Pts;
  std::vector<std::pair<const RooflineRow *, std::string>> NoPlot;
  for (const RooflineRow &R : Rep.Rows) {
    Point P{&R};
    if (R.Status == RooflineStatus::Compared) {
      if (!Dev)
        Dev = &R.Device;
      for (const auto &KV : R.Ops)
        if (KV.second > 0)
          Classes.insert(KV.first);
      if (R.OpsTotal > 0) {
        P.PX = R.PredictedAI, P.PY = R.OpsTotal / R.BoundS;
        P.MX = R.MeasuredAI, P.MY = R.OpsTotal / R.MeasuredS;
      }
    }
    std::string Why = whyNot(R, P);
    if (Why.empty())
      Pts.push_back(P);
    else
      NoPlot.push_back({&R, Why});
  }
  if (Dev && Classes.empty()) // nothing counted: show every roof known
    for (const auto &KV : Dev->OpsPerClockPerSm)
      Classes.insert(KV.first);
  double Bw = Dev && Dev->PeakGBps > 0 ? Dev->PeakGBps * 1e9 : Unknown;
  // Classes with the same throughput (fp64 and int on the H100) share one
  // roof and one label, which would otherwise be drawn over each other.
  std::vector<std::pair<std::string, double>> Roofs;
  for (const std::string &C : Classes) {
    double Peak = Dev ? Dev->peakOps(C) : Unknown;
    if (std::isnan(Peak))
      continue;
    bool Merged = false;
    for (auto &Rf : Roofs)
      if (std::fabs(Rf.second - Peak) <= 1e-9 * Peak)
        Rf.first += ", " + C, Merged = true;
    if (!Merged)
      Roofs.push_back({C, Peak});
  }
  double TopRoof = 0;
  for (const auto &Rf : Roofs)
    TopRoof = std::max(TopRoof, Rf.second);

  std::vector<double> Xs, Ys;
  for (const Point &P : Pts) {
    for (double X : {P.PX, P.MX})
      Xs.push_back(X);
    for (double Y : {P.PY, P.MY})
      Ys.push_back(Y);
  }
  for (const auto &Rf : Roofs) {
    Ys.push_back(Rf.second);
    if (std::isfinite(Bw))
      Xs.push_back(Rf.second / Bw); // the ridge point
  }
  Axis AX, AY;
  AX.Lo = -2, AX.Hi = 2, AY.Lo = 9, AY.Hi = 14;
  AX.cover(Xs, 0.1);
  AY.cover(Ys, 0.15);
  auto X = [&](double V) { return Left + AX.unit(V) * PlotW; };
  auto Y = [&](double V) { return Bottom - AY.unit(V) * PlotH; };

  // The key under the plot: what each number stands for, then every launch
  // that has no point, with the reason.
  struct KeyLine {
    const char *Class;
    std::string Launch, Text;
    double Gap;
  };
  std::vector<KeyLine> Key;
  Key.push_back({"key", "", "launches (number at the point):", 0});
  for (size_t I = 0; I < Pts.size(); ++I) {
    const RooflineRow &R = *Pts[I].R;
    std::string Missing;
    if (!Pts[I].meas())
      Missing = R.MeasuredDramBytes == 0 ? " (no measured point: DRAM bytes 0)"
                                         : " (no measured point)";
    else if (!Pts[I].pred())
      Missing = R.PredictedDramBytes == 0
                    ? " (no predicted point: predicted DRAM bytes 0)"
                    : " (no predicted point)";
    Key.push_back({"key", "",
                   std::to_string(I + 1) + " " + R.Launch + ": AI " +
                       sig3(R.PredictedAI) + " predicted, " +
                       sig3(R.MeasuredAI) + " measured; bound/measured " +
                       sig3(R.BoundOverMeasured) + Missing,
                   Line});
  }
  if (!NoPlot.empty()) {
    Key.push_back({"noplot", "", "not on the plot:", 2 * Line});
    for (const auto &NP : NoPlot)
      Key.push_back({"noplot", NP.first->Launch,
                     NP.first->Launch + ": " + NP.second, Line});
  }
  // Wide enough for the longest key line (11px monospace: about 6.7px a
  // character), so that no reason is cut off.
  double DocWidth = Width, Height = KeyTop + 10;
  for (const KeyLine &K : Key) {
    DocWidth = std::max(DocWidth, 16 + 6.7 * double(K.Text.size()));
    Height += K.Gap;
  }
  std::string H = num(Height), W = num(DocWidth);
  std::string Out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    W + "\" height=\"" + H + "\" viewBox=\"0 0 " + W + " " + H +
                    "\" role=\"img\" aria-label=\"roofline\">\n";
  Out += "<style>\n"
         "text { font: 11px sans-serif; fill: #222; }\n"
         ".frame { fill: none; stroke: #444; }\n"
         ".grid { stroke: #e6e6e6; }\n"
         ".axis { font-size: 12px; }\n"
         ".roof { fill: none; stroke-width: 2; }\n"
         ".pred { fill: #fff; stroke: #c0392b; stroke-width: 1.5; }\n"
         ".meas { fill: #c0392b; }\n"
         ".pair { stroke: #999; stroke-dasharray: 3 3; }\n"
         ".key, .noplot { font: 11px monospace; }\n"
         ".noplot { fill: #a02020; }\n"
         "</style>\n";
  Out += "<defs><clipPath id=\"plot\"><rect x=\"" + num(Left) + "\" y=\"" +
         num(Top) + "\" width=\"" + num(PlotW) + "\" height=\"" + num(PlotH) +
         "\"/></clipPath></defs>\n";
  for (int E = int(AX.Lo); E <= int(AX.Hi); ++E) {
    double V = std::pow(10.0, E), PX = X(V);
    Out += "<line class=\"grid\" x1=\"" + num(PX) + "\" y1=\"" + num(Top) +
           "\" x2=\"" + num(PX) + "\" y2=\"" + num(Bottom) + "\"/>\n";
    Out += "<text x=\"" + num(PX) + "\" y=\"" + num(Bottom + 16) +
           "\" text-anchor=\"middle\">" + decade(E) + "</text>\n";
  }
  for (int E = int(AY.Lo); E <= int(AY.Hi); ++E) {
    double V = std::pow(10.0, E), PY = Y(V);
    Out += "<line class=\"grid\" x1=\"" + num(Left) + "\" y1=\"" + num(PY) +
           "\" x2=\"" + num(Left + PlotW) + "\" y2=\"" + num(PY) + "\"/>\n";
    Out += "<text x=\"" + num(Left - 6) + "\" y=\"" + num(PY + 4) +
           "\" text-anchor=\"end\">" + si(V) + "</text>\n";
  }
  Out += "<rect class=\"frame\" x=\"" + num(Left) + "\" y=\"" + num(Top) +
         "\" width=\"" + num(PlotW) + "\" height=\"" + num(PlotH) + "\"/>\n";
  Out += "<text class=\"axis\" x=\"" + num(Left + PlotW / 2) + "\" y=\"" +
         num(Bottom + 36) +
         "\" text-anchor=\"middle\">arithmetic intensity (operations per DRAM "
         "byte, log)</text>\n";
  Out += "<text class=\"axis\" transform=\"translate(16 " +
         num(Top + PlotH / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">operations per second "
         "(log)</text>\n";

  // Roofs, clipped to the plot area.
  Out += "<g clip-path=\"url(#plot)\">\n";
  if (std::isfinite(Bw)) {
    // The memory roof ends where it meets the highest compute roof.
    double X0 = std::pow(10.0, AX.Lo), X1 = std::pow(10.0, AX.Hi);
    if (TopRoof > 0)
      X1 = std::min(X1, TopRoof / Bw);
    Out += "<line class=\"roof\" stroke=\"#000\" x1=\"" + num(X(X0)) +
           "\" y1=\"" + num(Y(Bw * X0)) + "\" x2=\"" + num(X(X1)) + "\" y2=\"" +
           num(Y(Bw * X1)) + "\"><title>DRAM " + xml(fmt(Dev->PeakGBps)) +
           " GB/s</title></line>\n";
  }
  for (const auto &Rf : Roofs) {
    double From = std::isfinite(Bw) ? std::max(X(Rf.second / Bw), Left) : Left;
    Out += "<line class=\"roof\" stroke=\"" + colour(Rf.first) + "\" x1=\"" +
           num(From) + "\" y1=\"" + num(Y(Rf.second)) + "\" x2=\"" +
           num(Left + PlotW) + "\" y2=\"" + num(Y(Rf.second)) + "\"><title>" +
           xml(Rf.first) + " " + si(Rf.second) + "op/s</title></line>\n";
  }
  Out += "</g>\n";
  for (const auto &Rf : Roofs)
    Out += "<text x=\"" + num(Left + PlotW - 4) + "\" y=\"" +
           num(Y(Rf.second) - 4) + "\" text-anchor=\"end\" fill=\"" +
           colour(Rf.first) + "\">" + xml(Rf.first) + " " + si(Rf.second) +
           "op/s</text>\n";

  // Points: the pair of one launch in one group, named by data-launch.
  for (size_t I = 0; I < Pts.size(); ++I) {
    const Point &P = Pts[I];
    const RooflineRow &R = *P.R;
    Out += "<g class=\"launch\" data-launch=\"" + xml(R.Launch) + "\"><title>" +
           xml(R.Launch + ": predicted AI " + sig3(R.PredictedAI) + ", bound " +
               fmt(R.BoundS * 1e6) + " us; measured AI " + sig3(R.MeasuredAI) +
               ", " + fmt(R.MeasuredS * 1e6) + " us") +
           "</title>\n";
    if (P.pred() && P.meas())
      Out += "<line class=\"pair\" x1=\"" + num(X(P.PX)) + "\" y1=\"" +
             num(Y(P.PY)) + "\" x2=\"" + num(X(P.MX)) + "\" y2=\"" +
             num(Y(P.MY)) + "\"/>\n";
    if (P.pred())
      Out += "<circle class=\"pred\" cx=\"" + num(X(P.PX)) + "\" cy=\"" +
             num(Y(P.PY)) + "\" r=\"4.5\"/>\n";
    if (P.meas())
      Out += "<rect class=\"meas\" x=\"" + num(X(P.MX) - 4) + "\" y=\"" +
             num(Y(P.MY) - 4) + "\" width=\"8\" height=\"8\"/>\n";
    double LX = P.meas() ? X(P.MX) : X(P.PX), LY = P.meas() ? Y(P.MY) : Y(P.PY);
    Out += "<text x=\"" + num(LX + 6) + "\" y=\"" + num(LY - 6) + "\">" +
           std::to_string(I + 1) + "</text>\n</g>\n";
  }

  double LX = Left + PlotW + 20, LY = Top + 10;
  Out += "<g class=\"legend\">\n";
  Out += "<circle class=\"pred\" cx=\"" + num(LX) + "\" cy=\"" + num(LY) +
         "\" r=\"4.5\"/><text x=\"" + num(LX + 12) + "\" y=\"" + num(LY + 4) +
         "\">predicted (ops / bound)</text>\n";
  LY += 18;
  Out += "<rect class=\"meas\" x=\"" + num(LX - 4) + "\" y=\"" + num(LY - 4) +
         "\" width=\"8\" height=\"8\"/><text x=\"" + num(LX + 12) + "\" y=\"" +
         num(LY + 4) + "\">measured (ops / median)</text>\n";
  LY += 18;
  Out += "<line class=\"pair\" x1=\"" + num(LX - 6) + "\" y1=\"" + num(LY) +
         "\" x2=\"" + num(LX + 6) + "\" y2=\"" + num(LY) + "\"/><text x=\"" +
         num(LX + 12) + "\" y=\"" + num(LY + 4) + "\">same launch</text>\n";
  if (std::isfinite(Bw)) {
    LY += 18;
    Out += "<line class=\"roof\" stroke=\"#000\" x1=\"" + num(LX - 6) +
           "\" y1=\"" + num(LY) + "\" x2=\"" + num(LX + 6) + "\" y2=\"" +
           num(LY) + "\"/><text x=\"" + num(LX + 12) + "\" y=\"" + num(LY + 4) +
           "\">DRAM " + xml(fmt(Dev->PeakGBps)) + " GB/s</text>\n";
  }
  for (const auto &Rf : Roofs) {
    LY += 18;
    Out += "<line class=\"roof\" stroke=\"" + colour(Rf.first) + "\" x1=\"" +
           num(LX - 6) + "\" y1=\"" + num(LY) + "\" x2=\"" + num(LX + 6) +
           "\" y2=\"" + num(LY) + "\"/><text x=\"" + num(LX + 12) + "\" y=\"" +
           num(LY + 4) + "\">" + xml(Rf.first) + " roof</text>\n";
  }
  if (Dev) {
    LY += 24;
    Out += "<text x=\"" + num(LX - 6) + "\" y=\"" + num(LY) + "\">" +
           xml(Dev->Name) + "</text>\n";
    LY += 14;
    Out += "<text x=\"" + num(LX - 6) + "\" y=\"" + num(LY) + "\">" +
           sig3(Dev->SmCount) + " SMs, " +
           (std::isfinite(Dev->ClockHz) ? mhz(Dev->ClockHz)
                                        : std::string("clock unknown")) +
           " (" + xml(Dev->ClockSource) + ")</text>\n";
  }
  Out += "</g>\n";

  double KY = KeyTop;
  for (const KeyLine &K : Key) {
    KY += K.Gap;
    Out += "<text class=\"" + std::string(K.Class) + "\"" +
           (K.Launch.empty() ? "" : " data-launch=\"" + xml(K.Launch) + "\"") +
           " x=\"8\" y=\"" + num(KY) + "\">" + xml(K.Text) + "</text>\n";
  }
  Out += "</svg>\n";
  return Out;
}

} // namespace cal
