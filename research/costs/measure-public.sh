#!/bin/bash
# Time the kernels of the public-program fixes (research/costs/public-fixes.md)
# before and after, on the GPU machine. Run from the repository root with the
# copies in .devcarry/costs-public (git-ignored; made by hand from
# /work/corpus-unseen, see public-fixes.md):
#
#   OUT=/some/dir bash research/costs/measure-public.sh
#
# Each program is built with nvcc -O3 -arch=sm_90 and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5 where the program launches the kernel once); the CSVs go to
# $OUT/ncu/<fix>.<before|after>.<rep>.csv and research/costs/compare-public.py
# takes the median over all launches of all reps.
set -u
D=.devcarry/costs-public
B=/tmp/costs-public-bin
mkdir -p "$B" "$OUT/ncu" "$OUT/stdout"
NVCC="nvcc -O3 -arch=sm_90"
{ nvidia-smi; nvcc --version; ncu --version; date -u; } > "$OUT/env.txt" 2>&1

# tag  variant  source  extra-flags
build() { $NVCC $4 -o "$B/$1.$2" "$3" > "$OUT/stdout/build.$1.$2.txt" 2>&1 || echo "BUILD FAILED $1.$2"; }
build blogtr before $D/blogtr/before/transpose.cu "" &
build blogtr after  $D/blogtr/after/transpose.cu "" &
build samplestr before $D/samplestr/before/transpose.cu "-I$D/samplestr/Common" &
build samplestr after  $D/samplestr/after/transpose.cu "-I$D/samplestr/Common" &
build prof4 before $D/prof/before/transpose.cu "" &
build prof4 after  $D/prof/after/transpose.cu "" &
build prof5 before $D/prof/before/transposeRectangle.cu "" &
build profsq before $D/prof/before/checkSmemSquare.cu "" &
build profsq after  $D/prof/after/checkSmemSquare.cu "" &
build bruce before $D/bruce/before/bank.cu "" &
build bruce after  $D/bruce/after/bank.cu "" &
build packt before $D/packt/before/matrix_transpose.cu "" &
build packt after  $D/packt/after/matrix_transpose.cu "" &
build aos before $D/aos/before/simpleMathAoS.cu "" &
build aos after  $D/aos/after/simpleMathSoA.cu "" &
wait
ls -la "$B"

. "$(dirname "$0")/lib.sh"
prof blogtr before 1 '^transposeCoalesced$'
prof blogtr after  1 '^transposeCoalesced$'
prof samplestr before 1 '^transposeCoalesced$' -dimX=4096 -dimY=4096
prof samplestr after  1 '^transposeCoalesced$' -dimX=4096 -dimY=4096
prof prof4 before 5 '^copyCol$' 1
prof prof4 after  5 '^copyCol$' 1
prof prof5 before 5 '^transposeSmem'
prof profsq before 5 '^(setRowReadCol|setColReadCol)$'
prof profsq after  5 '^(setRowReadCol|setColReadCol)$'
prof bruce before 1 '^transpose1$' 8192
prof bruce after  1 '^transpose1$' 8192
prof packt before 5 '^matrix_transpose_shared$'
prof packt after  5 '^matrix_transpose_shared$'
prof aos before 5 '^testInnerStruct$'
prof aos after  5 '^testInnerArray$'
date -u >> "$OUT/env.txt"
