#!/bin/bash
# Time the kernels of the SECOND held-out test set of fixes ("test2",
# research/costs/test2-fixes.md, research/costs/fixes-test2.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test2 (git-ignored; made by research/costs/make-test2-copies.sh
# from /work/corpus-unseen):
#
#   OUT=/some/dir bash research/costs/measure-test2.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test2.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test2.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# REPS times (5 where the program launches the kernel once, 1 where it
# launches it 10 times or more); the CSVs go to
# $OUT/ncu/<program>.<before|after>.<rep>.csv (the tag is the first two
# dot-separated fields of the file name) and the comparison takes the median
# over all launches of the kernel in all reps. The programs run in the
# build directory (richard-stencil writes two 4 MiB .raw files there).
set -u
. "$(dirname "$0")/lib.sh"
measure_in test2
DP=$D/darglein-particles
build darglein-particles before "$DP/before/simple_particle.cu" "-I$DP/before -I$DP/before/tiny-eigen/include"
build paddle-reduce before "$D/paddle-reduce/before/reduce_interleaved_addressing.cu" ""
build paddle-reduce after  "$D/paddle-reduce/after/reduce_bank_conflict_free.cu" ""
build packt-conv before "$D/packt-conv/before/convolution.cu" "-I$D/packt-conv/Common"
build packt-conv after  "$D/packt-conv/after/convolution.cu" "-I$D/packt-conv/Common"
build packt-transpose before "$D/packt-transpose/before/conflict_solved.cu" ""
build pcuda5-reduce before "$D/pcuda5-reduce/before/chapter05/reduceInteger.cu" ""
build pcuda5-reduce after  "$D/pcuda5-reduce/after/chapter05/reduceInteger.cu" ""
# richard-stencil: one source; before and after are the same program run
# with the block shapes 16 16 and 32 8 as arguments (below)
RS=$D/richard-stencil
build richard-stencil before "$RS/before/Chapter04/stencil9PT/stencil9PT.cu" "-I$RS/before/include -I$RS/Common"
build richard-stencil after  "$RS/before/Chapter04/stencil9PT/stencil9PT.cu" "-I$RS/before/include -I$RS/Common"
builds_done
# 11 launches of each (the program's median of 11), IntegrateParticlesSimple
# and its fix IntegrateParticlesInverse (not IntegrateParticlesInverse16)
prof darglein-particles before 1 '^IntegrateParticles(Simple|Inverse)$'
prof paddle-reduce before 5 '^reduce_naive_kernel(<.*>)?$'
prof paddle-reduce after  5 '^reduce_bank_conflict_free_kernel(<.*>)?$'
prof packt-conv before 5 '^convolution_kernel_v[13]$'
prof packt-conv after  5 '^convolution_kernel_v[13]$'
prof packt-transpose before 5 '^matrix_transpose_(naive|shared)$'
prof pcuda5-reduce before 5 '^reduceNeighboredGmem$'
prof pcuda5-reduce after  5 '^reduceNeighboredGmem$'
# nx ny iter_host iter_gpu threadx thready: 100 launches (50 ping-pong pairs)
prof richard-stencil before 1 '^stencil9PT$' 1024 1024 10 100 16 16
prof richard-stencil after  1 '^stencil9PT$' 1024 1024 10 100 32 8
date -u >> "$OUT/env.txt"
