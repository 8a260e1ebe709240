#!/bin/bash
# Time the kernels of the SEVENTH held-out test set of fixes ("test7",
# research/costs/test7-fixes.md, research/costs/fixes-test7.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test7 (git-ignored; made by research/costs/make-test7-copies.sh
# from /work/corpus-test7):
#
#   OUT=/some/dir bash research/costs/measure-test7.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test7.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test7.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test6.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# (lib.sh's prof); the CSVs go to $OUT/ncu/<program>.<variant>.<rep>.csv
# (the tag is the first two dot-separated fields of the file name) and the
# comparison takes the median over all launches of the kernel in all reps.
# The programs write no files; they run in the build directory; only
# huicong-transpose takes an argument (`profile`).
#
# THIS SET IS DRAM-RESIDENT: every matrix is 64 MiB to 1 GiB (the H200's L2
# is 50 MB). The programs allocate up to 2 GiB of device memory
# (akash-*: two 1 GiB matrices) and up to 3 GiB of host memory (akash-*:
# three 1 GiB host arrays, a rand() fill and a CPU transpose for the check,
# several seconds a run before the one launch).
#
# 7 builds, 19 runs, 294 launches profiled:
#   akash-naive, akash-shared: 2 runs x 1 launch each = 4;
#   catter-transpose: 1 run x 2 kernels x 110 launches (10 warm-up + 100) = 220;
#   huicong-transpose: 3 runs x 2 kernels x 1 launch = 6 (the run's other two
#     kernels are not profiled);
#   hswsp-tile: 3 runs x 2 kernels x 6 launches (1 + 5) = 36 (transpose_naive,
#     also run, is not profiled);
#   hswsp-copy: 5 runs x 2 kernels x 1 launch = 10;
#   zeppelin-transpose: 3 runs x 2 kernels x 3 launches = 18 (warm-up,
#     one timed, one for the check, a run).
# Expected: about 2 to 3 minutes on one H200, builds included (the akash
# programs' host work and ncu's per-launch overhead dominate).
#
# AkashKarnatak's two programs are tagged akash-naive (transpose_naive.cu)
# and akash-shared (transpose_shared.cu, its fix). catter-transpose is one
# program (upstream layout/transpose.cu + the harness main) with transpose
# and its fix transposeTiled; huicong-transpose one program with
# transposeNaive and its fix transposeSharedMem<32>; hswsp's two programs are
# tagged hswsp-tile (ch06_tile/transpose.cu: transpose_shared and its fix
# transpose_padded) and hswsp-copy (01_coalesce_solution.cu: copy_bad and its
# fix copy_good); zeppelin-transpose is one program with transposeNaive and
# its fix transposeTiled.
set -u
. "$(dirname "$0")/lib.sh"
measure_in test7
A=$D/akash-transpose/before/day53
build akash-naive before "$A/transpose_naive.cu" ""
build akash-shared before "$A/transpose_shared.cu" ""
build catter-transpose before "$D/catter-transpose/before/layout/transpose.cu $D/catter-transpose/harness/main.cu" ""
build huicong-transpose before "$D/huicong-transpose/before/mat_transpose.cu" "-std=c++17 -include vector"
H=$D/hswsp-memory/before/code
build hswsp-tile before "$H/ch06_tile/transpose.cu" "-std=c++17 --expt-relaxed-constexpr"
build hswsp-copy before "$H/ch05_memory/exercises/01_coalesce_solution.cu" "-std=c++17 --expt-relaxed-constexpr"
build zeppelin-transpose before "$D/zeppelin-transpose/before/matrix_transpose.cu" ""
builds_done
# one launch of transpose_naive_kernel / transpose_shared_kernel<32,32,8> a run
prof akash-naive before 2 '^transpose_naive_kernel$'
prof akash-shared before 2 '^transpose_shared_kernel'
# 110 launches each of transpose and its fix transposeTiled
prof catter-transpose before 1 '^transpose(Tiled)?$'
# one launch each of transposeNaive and its fix transposeSharedMem<32> a run
prof huicong-transpose before 3 '^(transposeNaive|transposeSharedMem)' profile
# 1 + 5 launches each of transpose_shared and its fix transpose_padded a run
prof hswsp-tile before 3 '^transpose_(shared|padded)$'
# one launch each of copy_bad and its fix copy_good a run
prof hswsp-copy before 5 '^copy_(bad|good)$'
# 3 launches each of transposeNaive and its fix transposeTiled a run
prof zeppelin-transpose before 3 '^transpose(Naive|Tiled)$'
date -u >> "$OUT/env.txt"
