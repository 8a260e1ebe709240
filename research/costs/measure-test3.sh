#!/bin/bash
# Time the kernels of the THIRD held-out test set of fixes ("test3",
# research/costs/test3-fixes.md, research/costs/fixes-test3.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test3 (git-ignored; made by research/costs/make-test3-copies.sh
# from /work/corpus-test3):
#
#   OUT=/some/dir bash research/costs/measure-test3.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test3.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test3.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test2.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5 where the program launches the kernel once, 1 where it
# launches it 11 times or more); the CSVs go to
# $OUT/ncu/<program>.<before|after>.<rep>.csv (the tag is the first two
# dot-separated fields of the file name) and the comparison takes the median
# over all launches of the kernel in all reps. The programs take no
# arguments, read no files and write none; they run in the build directory.
# eunomia-fine's program is built twice, as eunomia-aos (its particle
# kernels, 100 launches each: 1 run) and eunomia-transpose (its transposes,
# one launch each: 5 runs), so that the two have their own CSVs.
set -u
. "$(dirname "$0")/lib.sh"
measure_in test3
EU=$D/eunomia-fine/before/11-fine-grained-gpu-modifications.cu
build eunomia-aos before "$EU" ""
build eunomia-transpose before "$EU" ""
EC=$D/eppie-coalescing/before
build eppie-coalescing before "$EC/02-memory-coalescing/bench.cu" "-I$EC/common"
ET=$D/eppie-transpose/before
build eppie-transpose before "$ET/03-shared-memory/solution.cu" "-I$ET/common"
EA=$D/eppie-cpasync
build eppie-cpasync before "$EA/before/13-ptx-appendix/cpasync_inline.cu" "-I$EA/before/common"
build eppie-cpasync after  "$EA/after/13-ptx-appendix/cpasync_inline.cu" "-I$EA/after/common"
# ilya-reduce uses std::vector without including <vector> (older toolkits'
# cub brought it in; nvcc 13.0's does not): the header is pre-included on
# the command line, the source is upstream's
build ilya-reduce before "$D/ilya-reduce/before/warp_shuffle_reduction_float32.cu" "--pre-include vector"
TK=$D/tongkaio-transpose/before
build tongkaio-transpose before "$TK/transpose.cu $TK/src/utils.cu" "-I$TK/include"
builds_done
# 100 launches of each (updateParticles_AoS and its fix updateParticles_SoA)
prof eunomia-aos before 1 '^updateParticles_(AoS|SoA)$'
# one launch of each (transposeNaive and its fix transposeTiled)
prof eunomia-transpose before 5 '^transpose(Naive|Tiled)$'
# 52 launches of each: scale_aos_full / scale_soa_full, scale_aos_sparse / scale_soa_sparse
prof eppie-coalescing before 1 '^scale_(aos|soa)_(full|sparse)$'
# one launch of each: transpose_naive and transpose_shared, both fixed by transpose_shared_padded
prof eppie-transpose before 5 '^transpose_(naive|shared|shared_padded)$'
# 51 launches of copy_wrapper (copy_inline_ptx is not timed)
prof eppie-cpasync before 1 '^copy_wrapper$'
prof eppie-cpasync after  1 '^copy_wrapper$'
# 51 launches of each (the CustomStruct kernel and its fix, the Vectorized one)
prof ilya-reduce before 1 '^warpShuffleReduction(CustomStruct|Vectorized)(<.*>)?$'
# 11 launches of each: v0, v1, v3 and their fix v4 (not v2 or v5)
prof tongkaio-transpose before 1 '^device_transpose_v[0134](<.*>)?$'
date -u >> "$OUT/env.txt"
