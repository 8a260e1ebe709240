#!/bin/bash
# Time the kernels of the FIFTH held-out test set of fixes ("test5",
# research/costs/test5-fixes.md, research/costs/fixes-test5.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test5 (git-ignored; made by research/costs/make-test5-copies.sh
# from /work/corpus-test5):
#
#   OUT=/some/dir bash research/costs/measure-test5.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test5.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test5.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test4.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5: every kernel of this set is launched once a run); the CSVs
# go to $OUT/ncu/<program>.<variant>.<rep>.csv (the tag is the first two
# dot-separated fields of the file name) and the comparison takes the median
# over all launches of the kernel in all reps. The programs take no
# arguments and write no files; they run in the build directory.
# 11 builds, 55 runs, 85 launches profiled (aksh-aos, aplain-aos and
# bigcircle-transpose 5 runs x 2 kernels each; tprog-matadd 5 + 5;
# atomic-transpose 5 runs x 4 kernels; GITHUBear's two reduce programs 5
# each; HydraQYH's three transpose programs 5 each). The largest: tprog-matadd (three 200 MB
# device arrays, four host ones) and hydra-transpose (two 426 MB device
# matrices, 106M rand() calls on the host, about a second). Expected:
# about 3 minutes on one H200, builds included.
#
# GITHUBear's programs are tagged gh-nodiv (reduce_no_divergence_branch)
# and gh-nobc (reduce_no_bank_conflict, its fix), one kernel `reduce` each.
# HydraQYH's are hydra-transpose-base (transpose_basline.cu),
# hydra-transpose-dst (transpose.cu) and hydra-transpose2 (transpose2.cu,
# the fix of both), one kernel `transpose` each. atomic-transpose is one
# program with four kernels (transpose_no_bank_conflicts<32> is the fix of
# the other three).
set -u
. "$(dirname "$0")/lib.sh"
measure_in test5
build aksh-aos before "$D/aksh-aos/before/Intermediate_MemoryCoalescing_05_E.cu" ""
build aplain-aos before "$D/aplain-aos/before/SoA_AoS.cu" ""
T=$D/tprog-matadd
build tprog-matadd before "$T/before/MatrixAdd/matrix_add.cu" "-I$T/before/include"
build tprog-matadd after  "$T/after/MatrixAdd/matrix_add.cu" "-I$T/after/include"
build atomic-transpose before "$D/atomic-transpose/before/2-transpose/main.cu" "-std=c++17"
G=$D/gh-reduce
build gh-nodiv before "$G/before/1_cuda_reduce/reduce_no_divergence_branch.cu" ""
build gh-nobc before "$G/before/1_cuda_reduce/reduce_no_bank_conflict.cu" ""
H=$D/hydra-transpose
build hydra-transpose-base before "$H/before/transpose_basline.cu" ""
build hydra-transpose-dst before "$H/before/transpose.cu" ""
build hydra-transpose2 before "$H/before/transpose2.cu" ""
build bigcircle-transpose before "$D/bigcircle-transpose/before/main.cu" ""
builds_done
# one launch each of kernel_aos and its fix kernel_soa
prof aksh-aos before 5 '^kernel_(aos|soa)$'
# one launch each of sumAoS and its fix sumSoA
prof aplain-aos before 5 '^sum(AoS|SoA)$'
# one launch of MatrixAdd: before/ (row index from x), after/ (from y)
prof tprog-matadd before 5 '^MatrixAdd$'
prof tprog-matadd after  5 '^MatrixAdd$'
# one launch each: the two naive transposes, the [32][32] tile, and their
# fix, the [32][33] tile (templates: transpose_tiled<32U>, ...)
prof atomic-transpose before 5 '^transpose_(naive_read_coalesced|naive_write_coalesced|tiled|no_bank_conflicts)(<.*>)?$'
# one launch of `reduce` in each program: no_divergence_branch and its fix
# no_bank_conflict
for t in gh-nodiv gh-nobc; do prof $t before 5 '^reduce$'; done
# one launch of `transpose` in each program (basline and transpose fixed by
# transpose2)
for t in hydra-transpose-base hydra-transpose-dst hydra-transpose2; do prof $t before 5 '^transpose$'; done
# one launch each of transpose_parallel_per_element and its fix
# transpose_parallel_shared
prof bigcircle-transpose before 5 '^transpose_parallel_(per_element|shared)$'
date -u >> "$OUT/env.txt"
