//===- NcuBackend.h - `run --backend ncu` ----------------------*- C++ -*-===//
#ifndef CAL_TOOLS_NCUBACKEND_H
#define CAL_TOOLS_NCUBACKEND_H

#include "cal/runtime/Measurements.h"

#include <string>
#include <vector>

/// Which launches Nsight Compute profiles: ncu's own selection, which is
/// per program, not per (kernel, grid, block) as the CUPTI backend's.
/// Count < 0: per kernel name, the launch after the first Skip ones
/// (`--kernel-id ::regex:REGEX:Skip+1`); else ncu's --launch-skip and
/// --launch-count over the launches of every matching kernel together.
struct NcuSelection {
  std::string KernelRegex;
  long Skip = 0;
  long Count = -1;
};

/// Nsight Compute as this backend starts it: $CAL_NCU, else `ncu` on the
/// PATH; empty when neither is found.
std::string ncuProgram();

/// Runs \p Program once under `ncu --section SourceCounters --section
/// LaunchStats` (ncu from PATH, or $CAL_NCU), reads the report back
/// (cal::readNcuReport) and removes it. \p Status: the wait status of ncu,
/// which returns the program's exit status. An error when ncu cannot be
/// started or its report cannot be read.
cal::Expected<cal::Measurements>
measureWithNcu(const std::vector<std::string> &Program, const NcuSelection &S,
               int &Status);

#endif // CAL_TOOLS_NCUBACKEND_H
