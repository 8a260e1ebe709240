//===- HtmlReport.h - Comparison as one self-contained HTML page -*- C++
//-*-===//
//
// A reporter like the table, JSON and CSV ones in Compare.h: it reads only
// the Comparison (and, for the source text, the files its rows name). The
// page loads nothing from anywhere: styles and the SVG scatter plot are
// inline, so it can be attached to a CI run or opened offline.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_HTMLREPORT_H
#define CAL_RUNTIME_HTMLREPORT_H

#include "cal/runtime/Compare.h"

#include <ostream>
#include <string>
#include <vector>

namespace cal {

struct HtmlOptions {
  std::string Title = "cuda-access-verify report";
  /// How the measurements were taken (Measurements::Command), shown as is.
  std::string Command;
  /// The GPU's name (DeviceMeasurement::Name).
  std::string Device;
  /// Where to look for a row's source file when its path, as the line table
  /// recorded it, does not exist here (a program built elsewhere): the path
  /// under each root, then each shorter tail of it.
  std::vector<std::string> SourceRoots;
  /// Log2 axes suit sectors and wavefronts per request (1..32); linear
  /// ones show zeros.
  bool LogAxes = true;
};

std::string toHtml(const Comparison &C, const HtmlOptions &O = HtmlOptions());

/// The HTML options that both modes of cuda-access-verify accept (--html
/// FILE, --html-axes log|linear, --source-root DIR), parsed in one place.
struct HtmlCli {
  std::string Path;
  HtmlOptions Options;

  static bool takes(const std::string &Opt);
  /// False, with a message on \p Err, for a value the option rejects.
  bool set(const std::string &Opt, const std::string &Value, std::ostream &Err);
  /// The page, with the device and command taken from \p M.
  std::string render(const Comparison &C, const Measurements &M) const;
};

/// Text for HTML element content and double-quoted attribute values.
std::string htmlEscape(const std::string &S);

} // namespace cal

#endif // CAL_RUNTIME_HTMLREPORT_H
