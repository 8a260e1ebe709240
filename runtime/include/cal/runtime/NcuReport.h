//===- NcuReport.h - Per-line figures from Nsight Compute's counters -*- C++
//-*-===//
//
// The one definition of the per-line figures the verifier judges, and the
// reader of Nsight Compute's per-instruction counters. A user who profiled
// with `ncu --section SourceCounters` verifies predictions from that report
// without another run: scripts/ncu-source-lines.py (ncu's Python report
// interface) dumps every instanced metric per PC, and readNcuPcDump reduces
// the dump to the same Measurements the CUPTI path produces.
//
// A "request" is a warp-level execution of a memory instruction with at
// least one predicated-on lane, the unit the analyzer predicts per.
// inst_executed also counts executions whose lanes were all predicated off
// (`if (tid == 0) out[b] = s[0];` compiled as a predicated store runs in
// every warp), so the requests of an instruction are (activeRequests):
//   - inst_executed, when thread_inst_executed_true equals
//     thread_inst_executed (no lane was ever predicated off): exact;
//   - for a shared access of at most 4 bytes per lane, the ideal wavefronts
//     (exactly one per execution with any lane on): exact;
//   - for a wider shared access, from the ideal wavefronts and the
//     predicated-on thread executions, taking each request as a full warp
//     or one lane: an estimate (exact for `if (tid < s)` and `if (tid == 0)`);
//   - for a global access, memory_l1_tag_requests_global divided by the
//     access's 32-bit slices, at most inst_executed: an estimate (tag
//     requests count 128-byte lines);
//   - otherwise inst_executed: an estimate.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_NCUREPORT_H
#define CAL_RUNTIME_NCUREPORT_H

#include "cal/runtime/Error.h"
#include "cal/runtime/Measurements.h"

#include <iosfwd>
#include <map>
#include <string>

namespace cal {

/// The class of a SASS instruction ("global_ld", ..., "shared_atom") from
/// its text (`@P0 LDG.E R2, desc[UR4][R2.64]`), or "" for none. A generic
/// LD/ST/ATOM counts as global only where it touched global memory.
std::string sassClass(const std::string &Sass, bool TouchedGlobal);

struct RequestCount {
  double Requests = 0;
  bool Exact = true;
};

/// Requests of one instruction of class \p Class from its per-PC metrics
/// (Nsight Compute's names), by the definition above.
RequestCount activeRequests(const std::map<std::string, double> &Metrics,
                            const std::string &Class);

/// Reads a dump of scripts/ncu-source-lines.py (columns kernel_index,
/// mangled, grid, block, pc, file, line, sass, metric, value): one
/// LaunchMeasurement per profiled launch, in report order, with per-line
/// class counters (requests included). \p Label prefixes the launches'
/// labels (e.g. the program's name).
Expected<Measurements> readNcuPcDump(const std::string &Path,
                                     const std::string &Label);

/// Profiles nothing: runs scripts/ncu-source-lines.py on \p Report (which
/// needs ncu's Python report interface, found next to `ncu` on PATH) and
/// reads the dump.
Expected<Measurements> readNcuReport(const std::string &Report);

/// The per-line table of scripts/eval/realcode-compare.py (`reduce`): program,
/// launch, mangled, grid, block, file, line, class, instructions, executed,
/// requests, requests_inferred, sectors, sectors_ideal, wavefronts,
/// wavefronts_ideal, divergent_targets. \p StripPrefix: a file path
/// containing "/.devcarry/src/" is cut to what follows it.
void writeLineTable(const Measurements &M, const std::string &Program,
                    std::ostream &OS);

} // namespace cal

#endif // CAL_RUNTIME_NCUREPORT_H
