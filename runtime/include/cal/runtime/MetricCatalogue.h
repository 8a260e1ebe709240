//===- MetricCatalogue.h - Which counters the verifier collects -*- C++ -*-===//
//
// The metric catalogue is data: named groups, each meant to be collected in
// one replay pass, so that every ratio the verifier forms (sectors over
// requests, wavefronts over instructions) comes from counters of the same
// kernel execution wherever the hardware allows. The expected pass counts are
// checked on GH100 by the host-API unit tests (docs/gpu-facts.md: requests and
// sectors of loads and stores together need three passes, so requests live
// in their own groups).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_METRICCATALOGUE_H
#define CAL_RUNTIME_METRICCATALOGUE_H

#include <string>
#include <vector>

namespace cal {

struct MetricGroup {
  /// Stable name used in the measurements file ("global", "shared", ...).
  std::string Name;
  /// Range-profiler metric names ("unit__counter.rollup").
  std::vector<std::string> Metrics;
  /// Passes the group must fit in on the chips we support (1 everywhere).
  unsigned ExpectedPasses;
  /// Why the group exists, shown in docs and --list-metrics.
  std::string Purpose;
};

/// The range-profiler groups, in collection order.
const std::vector<MetricGroup> &metricCatalogue();

/// A per-instruction (SASS-patching) metric of the SASS Metrics API.
struct SassMetricSpec {
  std::string Name;
  /// Required metrics must exist on the chip; optional ones refine the
  /// per-line split into loads and stores when the chip offers them.
  bool Required;
};

const std::vector<SassMetricSpec> &sassMetricCatalogue();

/// Well-known metric names, so that consumers do not repeat string literals.
namespace metric {
constexpr const char *GlobalLdSectors =
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
constexpr const char *GlobalStSectors =
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
constexpr const char *GlobalLdRequests =
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
constexpr const char *GlobalStRequests =
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
constexpr const char *GlobalLdInst = "smsp__inst_executed_op_global_ld.sum";
constexpr const char *GlobalStInst = "smsp__inst_executed_op_global_st.sum";
constexpr const char *DramRead = "dram__bytes_read.sum";
constexpr const char *DramWrite = "dram__bytes_write.sum";
constexpr const char *SharedLdWavefronts =
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
constexpr const char *SharedStWavefronts =
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
constexpr const char *SharedLdConflicts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
constexpr const char *SharedStConflicts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
constexpr const char *SharedLdInst = "smsp__inst_executed_op_shared_ld.sum";
constexpr const char *SharedStInst = "smsp__inst_executed_op_shared_st.sum";
constexpr const char *BranchTargets = "smsp__sass_branch_targets.sum";
constexpr const char *BranchDivergent =
    "smsp__sass_branch_targets_threads_divergent.sum";
constexpr const char *BranchUniform =
    "smsp__sass_branch_targets_threads_uniform.sum";
constexpr const char *ThreadsPerInst =
    "smsp__average_thread_inst_executed_per_inst_executed.ratio";
constexpr const char *InstExecuted = "smsp__inst_executed.sum";
constexpr const char *ThreadInstExecuted = "smsp__thread_inst_executed.sum";
/// Achieved occupancy: active warps over the SM's warp slots.
constexpr const char *AchievedOccupancy =
    "sm__warps_active.avg.pct_of_peak_sustained_active";
/// Not counters: at each launch, the driver's occupancy calculator
/// (cuOccupancyMaxActiveBlocksPerMultiprocessor on the launched function,
/// its registers, the block and the dynamic shared bytes) as a percentage
/// of the SM's warp slots, which is what ncu reports as
/// sm__maximum_warps_per_active_cycle_pct (a metric CUPTI's profiler host
/// does not offer), and the function's registers per thread.
constexpr const char *TheoreticalOccupancy =
    "driver__theoretical_occupancy_pct";
constexpr const char *RegistersPerThread = "driver__registers_per_thread";

// SASS Metrics API (per PC).
constexpr const char *SassInst = "smsp__sass_inst_executed";
constexpr const char *SassSectors = "smsp__sass_sectors_mem_global";
constexpr const char *SassSectorsIdeal = "smsp__sass_sectors_mem_global_ideal";
constexpr const char *SassWavefronts =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared";
constexpr const char *SassWavefrontsIdeal =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal";
constexpr const char *SassDivergent =
    "smsp__sass_branch_targets_threads_divergent";
constexpr const char *SassGlobalLd = "smsp__sass_inst_executed_op_global_ld";
constexpr const char *SassGlobalSt = "smsp__sass_inst_executed_op_global_st";
constexpr const char *SassSharedLd = "smsp__sass_inst_executed_op_shared_ld";
constexpr const char *SassSharedSt = "smsp__sass_inst_executed_op_shared_st";
constexpr const char *SassThreadInst = "smsp__sass_thread_inst_executed";
} // namespace metric

} // namespace cal

#endif // CAL_RUNTIME_METRICCATALOGUE_H
