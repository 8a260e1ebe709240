#!/bin/bash
# Time the kernels of the held-out TEST set of fixes (research/costs/test-fixes.md,
# research/costs/fixes-test.json) before and after, on the GPU machine. Run from
# the repository root with the copies in .devcarry/costs-test (git-ignored; made
# by research/costs/make-test-copies.sh from /work/corpus-unseen):
#
#   OUT=/some/dir bash research/costs/measure-test.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test.sh   # compile check only (no GPU)
#
# The same method as research/costs/measure-public.sh: each program is built
# with nvcc -O3 -arch=sm_90 and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5 where the program launches the kernel once, 1 where it launches
# it 10 times or more); the CSVs go to $OUT/ncu/<program>.<before|after>.<rep>.csv
# (the tag is the first two dot-separated fields of the file name) and the
# comparison takes the median over all launches of the kernel in all reps.
set -u
D=.devcarry/costs-test
B=/tmp/costs-test-bin
mkdir -p "$B" "$OUT/ncu" "$OUT/stdout"
NVCC="nvcc -O3 -arch=sm_90"
[ -n "${BUILD_ONLY:-}" ] || { nvidia-smi; nvcc --version; ncu --version; date -u; } > "$OUT/env.txt" 2>&1

# build TAG VARIANT "SOURCES" "EXTRA-FLAGS"
build() { $NVCC $4 -o "$B/$1.$2" $3 > "$OUT/stdout/build.$1.$2.txt" 2>&1 || echo "BUILD FAILED $1.$2 (see $OUT/stdout/build.$1.$2.txt)"; }
CS=$D/samples-convsep
build hbk-aostosoa before "$D/hbk-aostosoa/before/memory/AOStoSOA.cu" "-I$D/hbk-aostosoa/before/chLib" &
build cba-conv2d before "$D/cba-conv2d/before/convolution.cu" "" &
build cba-conv2d after  "$D/cba-conv2d/after/convolution.cu" "" &
build jlg-reduce-gmem before "$D/jlg-reduce-gmem/before/reduce_global_memory.cu" "" &
build jlg-reduce-gmem after  "$D/jlg-reduce-gmem/after/reduce_global_memory.cu" "" &
build liu-reduce before "$D/liu-reduce1/before/reduce_v1_no_divergence_branch.cu" "" &
build liu-reduce after  "$D/liu-reduce1/after/reduce_v2_no_bank_conflict.cu" "" &
build samples-convsep before "$CS/before/main.cpp $CS/before/convolutionSeparable.cu $CS/before/convolutionSeparable_gold.cpp" "-I$CS/Common" &
build samples-convsep after  "$CS/after/main.cpp $CS/after/convolutionSeparable.cu $CS/after/convolutionSeparable_gold.cpp" "-I$CS/Common" &
build packt-aos before "$D/packt-aos/before/aos.cu" "" &
build packt-aos after  "$D/packt-aos/after/soa.cu" "" &
build olcf-task1 before "$D/olcf-hw8/before/task1_solution.cu" "" &
build olcf-task2 before "$D/olcf-hw8/before/task2_solution.cu" "" &
build olcf-task2 after  "$D/olcf-hw8/after/task2_solution.cu" "" &
build pcuda-reduce before "$D/pcuda-reduce/before/chapter03/reduceInteger.cu" "" &
build infatoshi-vecadd before "$D/infatoshi-vecadd/before/vector_add_v2.cu" "" &
wait
ls -la "$B"
[ -z "${BUILD_ONLY:-}" ] || exit 0

. "$(dirname "$0")/lib.sh"
# 11 launches of each (1 checked + 10 timed), AOStoSOA_1 and its fix AOStoSOA_2
prof hbk-aostosoa before 1 '^AOStoSOA_[12](<.*>)?$'
prof cba-conv2d before 5 '^convolution_2d$'
prof cba-conv2d after  5 '^convolution_2d$'
prof jlg-reduce-gmem before 5 '^reduce_v2$'
prof jlg-reduce-gmem after  5 '^reduce_v2$'
prof liu-reduce before 5 '^reduce1$'
prof liu-reduce after  5 '^reduce2$'
# 17 launches of each kernel (1 warm-up + 16 timed)
prof samples-convsep before 1 '^convolution(Rows|Columns)Kernel$'
prof samples-convsep after  1 '^convolution(Rows|Columns)Kernel$'
prof packt-aos before 5 '^complicatedCalculation$'
prof packt-aos after  5 '^complicatedCalculation$'
prof olcf-task1 before 5 '^naive_cuda_transpose$'
prof olcf-task2 before 5 '^smem_cuda_transpose$'
prof olcf-task2 after  5 '^smem_cuda_transpose$'
prof pcuda-reduce before 5 '^(reduceNeighbored|reduceNeighboredLess|reduceInterleaved)$'
# 103 launches of each (3 warm-up + 100 timed)
prof infatoshi-vecadd before 1 '^vector_add_gpu_(1d|3d)$'
date -u >> "$OUT/env.txt"
