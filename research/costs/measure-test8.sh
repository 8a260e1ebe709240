#!/bin/bash
# Time the kernels of the EIGHTH held-out test set of fixes ("test8",
# research/costs/test8-fixes.md, research/costs/fixes-test8.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test8 (git-ignored; made by research/costs/make-test8-copies.sh
# from /work/corpus-test8):
#
#   OUT=/some/dir bash research/costs/measure-test8.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test8.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test8.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The method of research/costs/measure-test7.sh: each program is built with
# nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# the CSVs go to $OUT/ncu/<tag>.<variant>.<rep>.csv (the tag is the first
# two dot-separated fields of the file name) and the comparison takes the
# median over all launches of the kernel in all reps. The programs write no
# files, take no arguments and run in the build directory.
#
# One difference from measure-test7.sh: chong-vecadd launches each of its
# two kernels 4000 times a run (four rounds of 1000, after cuBLAS saxpy),
# so it is profiled by profc below (lib.sh's prof plus `-c 20`: the first
# 20 launches of the named kernel, the rest run unprofiled), once for each
# kernel, the kernel picked by its mangled name (`--kernel-name-base
# mangled`: both kernels are called vectorAdd, in two namespaces). The one
# binary is run under two tags, chong-vec4 (the before kernel,
# my_vector_add_vecsize4::vectorAdd) and chong-vec1 (its fix,
# my_vector_add_vecsize1::vectorAdd), through two links to it.
#
# Sizes: chong-vecadd moves two 128 MiB vectors (DRAM-resident; 512 MiB of
# device memory with the cuBLAS pair, a rand() fill of 2 x 2^25 floats on
# the host); izmttk-* reduce 4 MiB in place (L2-resident); noel-blur blurs a
# 2.3 MiB image (L2-resident).
#
# 8 builds, 39 runs, 115 launches profiled:
#   chong-vec4, chong-vec1: 2 runs x 20 launches each = 80 (the first 20
#     launches of the kernel, all in its first round of 1000);
#   izmttk-v1 (before and after), izmttk-v2, izmttk-v3, izmttk-v4: 5 runs x
#     1 launch each = 25;
#   noel-blur.before, noel-blur.after: 5 runs x 1 launch each = 10.
# Expected: about 1 to 2 minutes on one H200, builds included (the
# chong-vecadd runs dominate: host fill, cuBLAS start-up and 12000
# launches a run, cuBLAS saxpy and the two kernels 4000 each, all but 20
# unprofiled).
set -u
. "$(dirname "$0")/lib.sh"
measure_in test8

# profc TAG VARIANT REPS COUNT MANGLED-REGEX: prof with `-c COUNT` and the
# kernel matched on its mangled name.
profc() {
  local tag=$1 var=$2 reps=$3 cnt=$4 re=$5; shift 5
  for i in $(seq 1 "$reps"); do
    (cd "${PROF_DIR:-.}" && ncu --clock-control none --metrics gpu__time_duration.sum -c "$cnt" \
        --kernel-name-base mangled --print-units base \
        --csv --log-file "$OUT/ncu/$tag.$var.$i.csv" -k "regex:$re" \
        "$B/$tag.$var" "$@" > "$OUT/stdout/$tag.$var.$i.txt" 2>&1)
  done
}

V=$D/chong-vecadd/before
build chong-vecadd before "$V/elementwise/vector_add_main.cu" "-lcublas"
R=$D/izmttk-reduce/before
build izmttk-v1 before "$R/reduce_v1.cu" "-std=c++17"
build izmttk-v1 after "$D/izmttk-reduce/after/reduce_v1.cu" "-std=c++17"
build izmttk-v2 before "$R/reduce_v2.cu" "-std=c++17"
build izmttk-v3 before "$R/reduce_v3.cu" "-std=c++17"
build izmttk-v4 before "$R/reduce_v4.cu" "-std=c++17"
build noel-blur before "$D/noel-blur/before/day03.cu" ""
build noel-blur after "$D/noel-blur/after/day03.cu" ""
builds_done
ln -sf "$B/chong-vecadd.before" "$B/chong-vec4.before"
ln -sf "$B/chong-vecadd.before" "$B/chong-vec1.before"
# the first 20 launches of my_vector_add_vecsize4::vectorAdd, then of its
# fix my_vector_add_vecsize1::vectorAdd (mangled _ZN22my_vector_add_vecsize49vectorAddEPfS0_if, ...1...)
profc chong-vec4 before 2 20 'my_vector_add_vecsize4.*vectorAdd'
profc chong-vec1 before 2 20 'my_vector_add_vecsize1.*vectorAdd'
# one launch a run of reduce_sum_v1 before and after the hand fix
prof izmttk-v1 before 5 '^reduce_sum_v1$'
prof izmttk-v1 after 5 '^reduce_sum_v1$'
# one launch a run of reduce_sum_v2, of its fix reduce_sum_v3 (also the
# before of izmttk-seq), and of reduce_sum_v4
prof izmttk-v2 before 5 '^reduce_sum_v2$'
prof izmttk-v3 before 5 '^reduce_sum_v3$'
prof izmttk-v4 before 5 '^reduce_sum_v4$'
# one launch a run of blurKernel, block 16x16 (before) and 32x8 (after)
prof noel-blur before 5 '^blurKernel$'
prof noel-blur after 5 '^blurKernel$'
date -u >> "$OUT/env.txt"
