#!/bin/bash
# The hardware counters behind the time of every development fix's kernels
# (research/costs/public-fixes.md, test-fixes.md and test2-fixes.md, all
# measured before): which unit each launch keeps busy, and how busy. Run on
# the GPU machine from the repository root, with .devcarry/costs-public,
# costs-test and costs-test2 carried:
#
#   OUT=/some/dir bash research/costs/profile-dev.sh
#
# SETS names the sets (default: public test test2; the third and fourth
# held-out sets, development data since they were measured, are test3 and
# test4, with their copies carried).
#
# Each set's measure script builds and runs its programs as for the timing,
# with lib.sh's prof collecting the counters below instead of the time alone
# (one run, at most 40 launches of the named kernels); the CSVs go to
# $OUT/<set>/ncu/. Counters this ncu does not know are left out (listed in
# $OUT/missing-metrics.txt) rather than failing every run.
set -u
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WANT="gpu__time_duration.sum sm__cycles_elapsed.avg sm__inst_executed.sum
smsp__inst_executed.avg.per_cycle_active sm__throughput.avg.pct_of_peak_sustained_elapsed
l1tex__throughput.avg.pct_of_peak_sustained_active lts__throughput.avg.pct_of_peak_sustained_elapsed
dram__throughput.avg.pct_of_peak_sustained_elapsed dram__bytes_read.sum dram__bytes_write.sum
lts__t_sectors_srcunit_tex_op_read.sum lts__t_sectors_srcunit_tex_op_write.sum
lts__t_requests_srcunit_tex_op_write.sum
l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
l1tex__data_pipe_lsu_wavefronts.sum l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum l1tex__lsu_writeback_active.sum
sm__inst_executed_pipe_lsu.sum smsp__thread_inst_executed_per_inst_executed.ratio
sm__warps_active.avg.pct_of_peak_sustained_active
smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio
smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_wait_per_issue_active.ratio
smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio
smsp__average_warps_issue_stalled_selected_per_issue_active.ratio"
ncu --query-metrics --chip gh100 > "$OUT/query-metrics.txt" 2>&1
have=() missing=()
for m in $WANT; do
  if grep -q "^${m%%.*} " "$OUT/query-metrics.txt"; then have+=("$m"); else missing+=("$m"); fi
done
printf '%s\n' "${missing[@]}" > "$OUT/missing-metrics.txt"
export NCU_METRICS=$(IFS=,; echo "${have[*]}")
echo "profile-dev: ${#have[@]} counters, ${#missing[@]} unknown to this ncu"
for s in ${SETS:-public test test2}; do
  echo "profile-dev: set $s ($(date -u +%T))"
  OUT=$OUT/$s bash "$(dirname "$0")/measure-$s.sh" > "$OUT/$s.log" 2>&1
done
date -u > "$OUT/done.txt"
