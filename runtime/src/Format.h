//===- Format.h - Number formatting shared by comparison and reports ------===//
//
// Internal to the runtime: rows carry their text so that the table, JSON
// and CSV reporters show the same figures.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_SRC_FORMAT_H
#define CAL_RUNTIME_SRC_FORMAT_H

#include <cmath>
#include <cstdio>
#include <string>

namespace cal {

/// Two decimals; "-" for an unknown (NaN) value.
inline std::string fmt(double V) {
  if (std::isnan(V))
    return "-";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.2f", V);
  return Buf;
}

/// Three significant digits ("%.3g"): for figures spanning decades, such
/// as arithmetic intensities; "-" for an unknown (NaN) value.
inline std::string sig3(double V) {
  if (std::isnan(V))
    return "-";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.3g", V);
  return Buf;
}

} // namespace cal

#endif // CAL_RUNTIME_SRC_FORMAT_H
