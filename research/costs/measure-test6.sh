#!/bin/bash
# Time the kernels of the SIXTH held-out test set of fixes ("test6",
# research/costs/test6-fixes.md, research/costs/fixes-test6.json) before and
# after, on the GPU machine. Run from the repository root with the copies in
# .devcarry/costs-test6 (git-ignored; made by research/costs/make-test6-copies.sh
# from /work/corpus-test6):
#
#   OUT=/some/dir bash research/costs/measure-test6.sh
#   BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test6.sh            # compile check only (no GPU)
#   SERIAL=1 NICE="nice -n 19" BUILD_ONLY=1 OUT=/tmp/x bash research/costs/measure-test6.sh
#                                     # the same, one build at a time, niced (a busy machine)
#
# The same method as research/costs/measure-test5.sh: each program is built
# with nvcc -O3 -arch=sm_90 (in parallel unless SERIAL is set) and run under
#   ncu --clock-control none --metrics gpu__time_duration.sum -k regex:NAME
# (lib.sh's prof); the CSVs go to $OUT/ncu/<program>.<variant>.<rep>.csv
# (the tag is the first two dot-separated fields of the file name) and the
# comparison takes the median over all launches of the kernel in all reps.
# The programs take no arguments and write no files; they run in the build
# directory.
# 7 builds, 23 runs, 2787 launches profiled:
#   starboy-transpose: 5 runs x 2 kernels x 51 launches (1 warm-up + 50) = 510;
#   solidcc2-transpose: 5 runs x 3 kernels x 1 launch = 15;
#   ywq-share, ywq-nomod: 1 run each of 1 + 1000 launches (the programs'
#   own loop; one run, as the fourth set's xiao-transpose of 1 + 100) = 2002;
#   aic-aos2: 1 run x 2 kernels x 100 launches = 200;
#   aic-aos5: 5 runs x 2 kernels x 5 launches = 50;
#   enjia-aos: 5 runs x 2 kernels x 1 launch = 10.
# The largest: aic-aos2 (its own coalescing benchmarks first: a 64M-float
# (256 MB) array filled on the host and copied, strided kernels over it, not
# profiled) and aic-aos5 (its own bandwidth, transpose and vector tests,
# not profiled); the rest are small (solidcc2: two 8 MB matrices; ywq 4 MB;
# enjia 12 MB a layout).
# Expected: about 3 minutes on one H200, builds included (ncu's per-launch
# overhead dominates the 2002 ywq launches).
#
# solidcc2-transpose is one program with three kernels (_cu_transpose_gpu_v3
# is the fix of _v1 and of _v2). starboy-transpose is one program with two
# kernels (transposeShared is the fix of transposeNaive). ywq880611's two
# programs are tagged ywq-share (04-share-memory) and ywq-nomod
# (05-no-modulus, its fix), one kernel `sumReuction` each. AIComputing101's
# two programs are tagged aic-aos2 (module2) and aic-aos5 (module5), each
# with its AoS kernel and its own SoA fix; enjia-aos is one program with
# add_aos and its fix add_soa.
set -u
. "$(dirname "$0")/lib.sh"
measure_in test6
S=$D/starboy-transpose/before/labs/03_memory_system/transpose
build starboy-transpose before "$S/transpose.cu" "-std=c++17"
build solidcc2-transpose before "$D/solidcc2-transpose/before/transpose.cu" ""
Y=$D/ywq-reduce/before/03-sum-reduction
build ywq-share before "$Y/04-share-memory/sr.cu" ""
build ywq-nomod before "$Y/05-no-modulus/sr.cu" ""
build aic-aos2 before "$D/aic-aos/before/module2/02_memory_coalescing_cuda.cu" ""
build aic-aos5 before "$D/aic-aos/before/module5/02_memory_optimization_cuda.cu" ""
build enjia-aos before "$D/enjia-aos/before/06_coalesced_memory_access.cu" ""
builds_done
# 51 launches each of transposeNaive and its fix transposeShared a run
prof starboy-transpose before 5 '^transpose(Naive|Shared)$'
# one launch each of _cu_transpose_gpu_v1, _v2 and their fix _v3 a run
prof solidcc2-transpose before 5 '^_cu_transpose_gpu_v[123]$'
# 1 + 1000 launches of sumReuction in each program: 04-share-memory and its
# fix 05-no-modulus
for t in ywq-share ywq-nomod; do prof $t before 1 '^sumReuction$'; done
# 100 launches each of updateParticlesAoS and its fix updateParticlesSoA
prof aic-aos2 before 1 '^updateParticles(AoS|SoA)$'
# 5 launches each of updateParticlesAoS and its fix updateParticlesSoA a run
prof aic-aos5 before 5 '^updateParticles(AoS|SoA)$'
# one launch each of add_aos and its fix add_soa a run
prof enjia-aos before 5 '^add_(aos|soa)$'
date -u >> "$OUT/env.txt"
