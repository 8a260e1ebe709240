#!/bin/bash
# Recreate the copies of the SIXTH held-out test set ("test6") of fixes to
# findings in public programs (research/costs/test6-fixes.md,
# research/costs/fixes-test6.json) under .devcarry/costs-test6/ (git-ignored:
# third-party code), from /work/corpus-test6 (the repositories and commits
# are listed in test6-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-eed0/bin/cuda-access-lint bash research/costs/make-test6-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include), after/ (only where the fix is not a kernel of
# the program itself: none in this set so far). No analysis copy is needed:
# every program writes its sizes in its source. Idempotent: each directory
# is removed and made again. Prints the diffs between the repositories' own
# before and after versions where they are separate files.
#
# `cuda-access-lint --fix` is not used: LINT is only checked to be there, as
# make-test5-copies.sh does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test6}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test6

# --- starboy-transpose: starboy520/cuda_study
# cuda_deep_course/labs/03_memory_system/transpose/transpose.cu (+
# labs/common/cuda_check.cuh). No arguments: width 1003, height 769 floats;
# each kernel launched 51 times (one warm-up and 50 timed).
#  starboy-transpose: transposeNaive (block 32x8, grid (32,97): reads along
#    rows, writes output[col * height + row] by column, lanes 3076 bytes
#    apart) -> the program's own transposeShared (a [32][33] tile, each
#    thread 4 rows; both global accesses along rows; block 32x8, grid
#    (32,25)), same run.
P=starboy-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/starboy520+cuda_study/cuda_deep_course/labs
mkdir -p "$D/$P/before/labs/03_memory_system/transpose" "$D/$P/before/labs/common"
cp "$S/03_memory_system/transpose/transpose.cu" "$D/$P/before/labs/03_memory_system/transpose/"
cp "$S/common/cuda_check.cuh" "$D/$P/before/labs/common/"
F=$D/$P/before/labs/03_memory_system/transpose/transpose.cu
has "$F" "  int width = 1003;"
has "$F" "  int height = 769;"
has "$F" "  const dim3 naiveBlock(32, 8);"
has "$F" "constexpr int kBlockRows = 8;"
echo "=== $P (no after/: the program's own transposeShared is the fix)"

# --- solidcc2-transpose: solidcc2/cuda-learn cuda_code/transpose/transpose.cu.
# ROWS x COLS = 1024 x 2048 floats (rand() fill), block 32x16 (BLOCK_X,
# BLOCK_Y), grid (64,64); _cu_transpose_gpu_v1, _v2 and _v3 launched once
# each, one after the other.
#  solidcc2-transpose: _cu_transpose_gpu_v1 (writes output[x * rows + y] by
#    column: lanes 4096 bytes apart) -> the program's own
#    _cu_transpose_gpu_v3 (a padded (32+1) x 16 dynamic shared tile, both
#    global accesses along rows), same grid, block and run.
#  solidcc2-tile: _cu_transpose_gpu_v2 (the same tile unpadded, 32 x 16,
#    read by column at tile[o_tid_x * o_dim_y + o_tid_y]: 16-way conflicts)
#    -> _cu_transpose_gpu_v3 (the tile's rows padded to 33 floats), same
#    grid, block and run.
P=solidcc2-transpose
fresh $P
rmdir "$D/$P/after"
cp "$C/solidcc2+cuda-learn/cuda_code/transpose/transpose.cu" "$D/$P/before/"
has "$D/$P/before/transpose.cu" "#define ROWS 1024"
has "$D/$P/before/transpose.cu" "#define COLS 2048"
has "$D/$P/before/transpose.cu" "#define BLOCK_X 32"
has "$D/$P/before/transpose.cu" "#define BLOCK_Y 16"
echo "=== $P (no after/: the program's own _cu_transpose_gpu_v3 is the fix of both)"

# --- ywq-reduce: ywq880611/cuda-programming 03-sum-reduction/04-share-memory/sr.cu
# and 05-no-modulus/sr.cu: two programs, one kernel `sumReuction` each; N =
# 1M floats (all 1), BLOCK_NUM 1024 blocks of THREAD_NUM 1024 threads, each
# block's 1024 floats in a static shared array; launched 1 + 1000 times (one
# check, ITERATION = 1000 timed), the sums atomically added into one float.
#  ywq-nomod: 04-share-memory (`if (threadId % (2 * stride) == 0)`: a
#    remainder by a run-time power of two, the active lanes 2*stride apart)
#    -> the repository's 05-no-modulus (the same kernel with the lanes made
#    contiguous: t_offset = threadId * stride * 2, `if (t_offset <
#    blockDim.x)`, smem[t_offset] += smem[t_offset + stride]; the comment
#    at the top shortened), same grid, block and host code.
# Analysis copies (analysis/, not built): the programs name a constant
# THREAD_NUM, which the analyzer's CUDA headers define as a macro
# (curand_mtgp32.h, included by its CUDA wrapper, not by nvcc's), so that
# the upstream files do not parse in the analyzer; analysis/ has each file
# with THREAD_NUM renamed THREADS_NUM (3 occurrences, no line added or
# removed). The builds use before/, as upstream.
P=ywq-reduce
fresh $P
rmdir "$D/$P/after"
S=$C/ywq880611+cuda-programming/03-sum-reduction
for v in 04-share-memory 05-no-modulus; do
  mkdir -p "$D/$P/before/03-sum-reduction/$v" "$D/$P/analysis/$v"
  cp "$S/$v/sr.cu" "$D/$P/before/03-sum-reduction/$v/"
  F=$D/$P/before/03-sum-reduction/$v/sr.cu
  has "$F" "const int N = 1 << 20;"
  has "$F" "const int BLOCK_NUM = 1 << 10;"
  has "$F" "const int THREAD_NUM = 1 << 10;"
  has "$F" "const int ITERATION = 1000;"
  [ "$(grep -o THREAD_NUM "$F" | wc -l)" = 3 ] || { echo "error: $F: expected 3 THREAD_NUM" >&2; exit 1; }
  sed 's/THREAD_NUM/THREADS_NUM/g' "$F" > "$D/$P/analysis/$v/sr.cu"
  samelines "$F" "$D/$P/analysis/$v/sr.cu"
done
echo "=== $P (no after/: the repository's 05-no-modulus is the fix; analysis/ renames THREAD_NUM)"
diff "$D/$P/before/03-sum-reduction/04-share-memory/sr.cu" "$D/$P/before/03-sum-reduction/05-no-modulus/sr.cu" || true

# --- aic-aos: AIComputing101/gpu-programming-101 modules/module2/examples/
# 02_memory_coalescing_cuda.cu and modules/module5/examples/
# 02_memory_optimization_cuda.cu: two programs, each with a particle update
# on a 28-byte struct {x, y, z, vx, vy, vz, mass} (AoS) and its own
# structure-of-arrays twin; 1M particles, block 256, grid 4096.
#  aic-aos2 (module2): updateParticlesAoS (x, y, z += v * dt and vx, vy, vz
#    *= 0.99: each field loaded and stored 28 bytes apart across the warp)
#    -> the program's own updateParticlesSoA (the same updates on seven
#    float arrays), same grid and block; each kernel launched 100 times.
#    The particle arrays are allocated and not initialised (the program's
#    own "simplified - just allocate").
#  aic-aos5 (module5): updateParticlesAoS (x, y, z += v * dt only) -> the
#    program's own updateParticlesSoA (the same on six float arrays), same
#    grid and block; each kernel launched NUM_ITERATIONS = 5 times.
P=aic-aos
fresh $P
rmdir "$D/$P/after"
S=$C/AIComputing101+gpu-programming-101/modules
mkdir -p "$D/$P/before/module2" "$D/$P/before/module5"
cp "$S/module2/examples/02_memory_coalescing_cuda.cu" "$D/$P/before/module2/"
cp "$S/module5/examples/02_memory_optimization_cuda.cu" "$D/$P/before/module5/"
has "$D/$P/before/module2/02_memory_coalescing_cuda.cu" "    const int n_particles = 1024 * 1024;  // 1M particles"
has "$D/$P/before/module2/02_memory_coalescing_cuda.cu" "    int threads = 256;"
has "$D/$P/before/module5/02_memory_optimization_cuda.cu" "    int n_particles = 1024 * 1024;"
has "$D/$P/before/module5/02_memory_optimization_cuda.cu" "#define NUM_ITERATIONS 5"
echo "=== $P (no after/: each program's own updateParticlesSoA is the fix)"

# --- enjia-aos: Enjia/CUDA-Kernel-Cases-of-Optimization-Techniques-for-GPU-Programming
# 06_coalesced_memory_access.cu. n = 1M Vec3 {float x, y, z}, block 256,
# grid 4096; add_aos and add_soa launched once each.
#  enjia-aos: add_aos (c[i] = a[i] + b[i] field by field on 12-byte
#    structs: loads and stores 12 bytes apart across the warp) -> the
#    program's own add_soa (the same sums on nine float arrays holding the
#    same values), same grid, block and run.
P=enjia-aos
fresh $P
rmdir "$D/$P/after"
cp "$C/Enjia+CUDA-Kernel-Cases-of-Optimization-Techniques-for-GPU-Programming/06_coalesced_memory_access.cu" "$D/$P/before/"
has "$D/$P/before/06_coalesced_memory_access.cu" "int n=1<<20;"
has "$D/$P/before/06_coalesced_memory_access.cu" "dim3 block(256)"
echo "=== $P (no after/: the program's own add_soa is the fix)"
