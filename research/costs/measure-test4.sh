#!/bin/bash
# Time the kernels of the FOURTH held-out test set of fixes ("test4",
# research/costs/test4-fixes.md, research/costs/fixes-test4.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test4 (git-ignored; made by research/costs/make-test4-copies.sh
# from /work/corpus-test4):
#
#   OUT=/some/dir bash research/costs/measure-test4.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test4.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test4.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test3.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5 where the program launches the kernel once, 1 where it
# launches it 10 times or more); the CSVs go to
# $OUT/ncu/<program>.<variant>.<rep>.csv (the tag is the first two
# dot-separated fields of the file name) and the comparison takes the median
# over all launches of the kernel in all reps. The programs take no
# arguments, read no files and write none; they run in the build directory.
# guangong's reduce_v0 to reduce_v3 are four programs, each with one kernel
# named `reduce`: tags guangong-v0 (before/ and after/), guangong-v1 to -v3
# (before/ only). caijixue's two programs are tagged caijixue-v0 and
# caijixue-v2 (one kernel, reduce_sum_kernel, each).
set -u
. "$(dirname "$0")/lib.sh"
measure_in test4
G=$D/guangong-reduce
build guangong-v0 before "$G/before/src/reduce/reduce_v0.cu" "-I$G/before/include"
build guangong-v0 after  "$G/after/src/reduce/reduce_v0.cu" "-I$G/after/include"
for v in 1 2 3; do
  build guangong-v$v before "$G/before/src/reduce/reduce_v$v.cu" "-I$G/before/include"
done
build xiao-ilp before "$D/xiao-ilp/before/01_ilp_basics.cu" ""
build xiao-ilp after  "$D/xiao-ilp/after/01_ilp_basics.cu" ""
build xiao-saxpy before "$D/xiao-saxpy/before/02_dual_issue.cu" ""
build xiao-saxpy after  "$D/xiao-saxpy/after/02_dual_issue.cu" ""
build xiao-memopt before "$D/xiao-memopt/before/memory_opt.cu" ""
build caijixue-v0 before "$D/caijixue-reduce/before/reduce_v0_naive.cu" ""
build caijixue-v2 before "$D/caijixue-reduce/before/reduce_v2_no_bank_conflict.cu" ""
builds_done
# one launch of `reduce` in each program: v0 before/after (the by-hand fix),
# v1 and v2 (fixed by v3)
prof guangong-v0 before 5 '^reduce$'
prof guangong-v0 after  5 '^reduce$'
for v in 1 2 3; do prof guangong-v$v before 5 '^reduce$'; done
# 25 launches of each: add_ilp_x4 and its fix add_ilp_x4_vector, add_ilp_x2
# (before); add_ilp_x2 (after: float2)
prof xiao-ilp before 1 '^add_ilp_x(2|4|4_vector)$'
prof xiao-ilp after  1 '^add_ilp_x2$'
# 25 launches of each of saxpy_dual_issue and saxpy_unroll_x4 (before:
# scalar, after: float2 and float4; saxpy_no_dual and saxpy_dual_ptx are not
# timed)
prof xiao-saxpy before 1 '^saxpy_(dual_issue|unroll_x4)$'
prof xiao-saxpy after  1 '^saxpy_(dual_issue|unroll_x4)$'
# 101 launches of each: transpose_naive and its fix transpose_shared
prof xiao-memopt before 1 '^transpose_(naive|shared)$'
# 201 launches of reduce_sum_kernel in each program (v0 and its fix v2)
prof caijixue-v0 before 1 '^reduce_sum_kernel$'
prof caijixue-v2 before 1 '^reduce_sum_kernel$'
date -u >> "$OUT/env.txt"
