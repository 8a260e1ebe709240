//===- Registry.cpp - The list of reference-kernel suites -----------------===//
//
// An explicit list rather than static registrars: a static library drops
// object files nobody references, and with them self-registering globals.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

void cal_suite_coalescing(cal::SuiteContext &);
void cal_suite_transpose(cal::SuiteContext &);
void cal_suite_add_matrix(cal::SuiteContext &);
void cal_suite_shared_banks(cal::SuiteContext &);
void cal_suite_divergence(cal::SuiteContext &);
void cal_suite_wide_loads(cal::SuiteContext &);

const std::vector<cal::SuiteEntry> &cal::suiteRegistry() {
  static const std::vector<SuiteEntry> Entries = {
      {"coalescing", "kernels/coalescing.cu", cal_suite_coalescing},
      {"transpose", "kernels/transpose.cu", cal_suite_transpose},
      {"add_matrix", "kernels/add_matrix.cu", cal_suite_add_matrix},
      {"shared_banks", "kernels/shared_banks.cu", cal_suite_shared_banks},
      {"divergence", "kernels/divergence.cu", cal_suite_divergence},
      {"wide_loads", "kernels/wide_loads.cu", cal_suite_wide_loads},
  };
  return Entries;
}
