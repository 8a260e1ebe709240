//===- HtmlScatter.h - SVG scatter plot of predicted vs measured ----------===//
//
// Internal to the HTML report. The plot is drawn here rather than by a
// charting library so that the page needs no script and no network.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_SRC_HTMLSCATTER_H
#define CAL_RUNTIME_SRC_HTMLSCATTER_H

#include "cal/runtime/Compare.h"

#include <string>

namespace cal {

/// True for the rows the scatter plot draws: judged, with a numeric
/// prediction and measurement. Yes/no rows (divergence) are judged too but
/// have no common numeric scale (the measurement counts branch targets);
/// the page counts them in a yes/no table instead.
bool isPlotted(const Row &R);
bool isYesNo(const Row &R);

/// An <svg id="Id"> with one <circle class="pt ..."> per plotted row,
/// the y = x line, axes, and a legend.
std::string scatterSvg(const Comparison &C, bool LogAxes,
                       const std::string &Id = "scatter");

} // namespace cal

#endif // CAL_RUNTIME_SRC_HTMLSCATTER_H
