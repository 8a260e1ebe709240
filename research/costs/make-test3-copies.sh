#!/bin/bash
# Recreate the copies of the THIRD held-out test set ("test3") of fixes to
# findings in public programs (research/costs/test3-fixes.md,
# research/costs/fixes-test3.json) under .devcarry/costs-test3/ (git-ignored:
# third-party code), from /work/corpus-test3 (the repositories and commits
# are listed in test3-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-4e27/bin/cuda-access-lint bash research/costs/make-test3-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include), after/ (only eppie-cpasync: the fix applied by a
# literal substitution checked to match exactly once; every other fix is the
# program's own fixed kernel, run in the same program), analysis/ (only
# tongkaio-transpose: the run's sizes written into the launch lines, no line
# added or removed, kernels untouched). Idempotent: each directory is removed
# and made again. Prints `diff before after` (or analysis) for each.
#
# `cuda-access-lint --fix` is not used: the two padded tiles of the set are
# the programs' own padded kernels (the [32][33] tile --fix would make), so
# LINT is used only to check that it is there, as make-test2-copies.sh does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test3}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test3

# --- eunomia-fine: eunomia-bpf/basic-cuda-tutorial 11-fine-grained-gpu-modifications.cu
# Two fixes, both the program's own twins, all in one run (main runs every
# example with sizes written in main: no analysis copy):
#  eunomia-aos: updateParticles_AoS (a 24-byte struct of 6 floats per
#    thread, 1,000,000 particles, 100 launches) -> updateParticles_SoA (six
#    float arrays, same grid, block and launches).
#  eunomia-transpose: transposeNaive (4096 x 4096 floats, writes by column,
#    one launch) -> transposeTiled (a [32][33] shared tile, both global
#    accesses along rows, same grid and block, one launch).
P=eunomia-fine
fresh $P
rmdir "$D/$P/after"
cp "$C/eunomia-bpf+basic-cuda-tutorial/11-fine-grained-gpu-modifications.cu" "$D/$P/before/"
has "$D/$P/before/11-fine-grained-gpu-modifications.cu" "testAoSvsSoA(1000000);"
has "$D/$P/before/11-fine-grained-gpu-modifications.cu" "testMatrixTranspose(4096, 4096);"
echo "=== $P (no after/: the program's own updateParticles_SoA and transposeTiled are the fixes)"

# --- eppie-coalescing: Eppie/learn-cuda 02-memory-coalescing/bench.cu
# Two fixes, both the program's own structure-of-arrays twins, in one run
# (section (3) of the bench: 16M points of struct Vec3 {float x, y, z},
# block 256, each kernel launched once to check and 1 + 50 times timed):
#  eppie-aos-full: scale_aos_full (reads and writes the whole 12-byte Vec3)
#    -> scale_soa_full (three float arrays).
#  eppie-aos-sparse: scale_aos_sparse (reads and writes only .x of each
#    Vec3) -> scale_soa_sparse (the x array alone).
# The program's headers are the course's common/ (bench.h, cuda_utils.h).
P=eppie-coalescing
fresh $P
rmdir "$D/$P/after"
mkdir -p "$D/$P/before/02-memory-coalescing" "$D/$P/before/common"
cp "$C/Eppie+learn-cuda/02-memory-coalescing/bench.cu" "$D/$P/before/02-memory-coalescing/"
cp "$C/Eppie+learn-cuda/common/bench.h" "$C/Eppie+learn-cuda/common/cuda_utils.h" "$D/$P/before/common/"
echo "=== $P (no after/: the program's own scale_soa_full and scale_soa_sparse are the fixes)"

# --- eppie-transpose: Eppie/learn-cuda 03-shared-memory/solution.cu
# 8192 x 8192 floats, 32 x 32 blocks, each kernel launched once. Two fixes,
# both by the program's own transpose_shared_padded (a [32][33] tile), same
# grid and block, same run:
#  eppie-transpose-naive: transpose_naive (writes by column).
#  eppie-transpose-shared: transpose_shared (the [32][32] tile read by
#    column: 32-way bank conflicts); the padded kernel is the pad --fix
#    makes.
P=eppie-transpose
fresh $P
rmdir "$D/$P/after"
mkdir -p "$D/$P/before/03-shared-memory" "$D/$P/before/common"
cp "$C/Eppie+learn-cuda/03-shared-memory/solution.cu" "$D/$P/before/03-shared-memory/"
cp "$C/Eppie+learn-cuda/common/cuda_utils.h" "$D/$P/before/common/"
echo "=== $P (no after/: the program's own transpose_shared_padded is the fix)"

# --- eppie-cpasync: Eppie/learn-cuda 13-ptx-appendix/cpasync_inline.cu
# copy_wrapper (16M floats, block 256, 4 floats a thread: cp.async into
# shared memory, then 4 scalar stores per thread, 16 bytes apart across the
# warp) -> one float4 store of the same 4 floats (b + gid * 4 is 16-byte
# aligned: cudaMalloc and a multiple of 4 floats). Only copy_wrapper is
# changed; copy_inline_ptx, the same kernel through inline PTX, is left as
# it is (and not timed). 1 + 50 launches.
P=eppie-cpasync
fresh $P
mkdir -p "$D/$P/before/13-ptx-appendix" "$D/$P/before/common"
cp "$C/Eppie+learn-cuda/13-ptx-appendix/cpasync_inline.cu" "$D/$P/before/13-ptx-appendix/"
cp "$C/Eppie+learn-cuda/common/bench.h" "$C/Eppie+learn-cuda/common/cuda_utils.h" "$D/$P/before/common/"
cp -r "$D/$P/before/." "$D/$P/after/"
F=$D/$P/after/13-ptx-appendix/cpasync_inline.cu
subst "$F" "        __pipeline_wait_prior(0);
    }
    __syncthreads();

    if (idx_out + VEC <= n) {
        for (int v = 0; v < VEC; ++v) b[idx_out + v] = smem[threadIdx.x * VEC + v];" \
"        __pipeline_wait_prior(0);
    }
    __syncthreads();

    if (idx_out + VEC <= n) {
        const float* s = &smem[threadIdx.x * VEC]; *reinterpret_cast<float4*>(&b[idx_out]) = make_float4(s[0], s[1], s[2], s[3]);"
samelines "$D/$P/before/13-ptx-appendix/cpasync_inline.cu" "$F"
show $P

# --- ilya-reduce: IlyaNyrkov/CUDA-programming-examples-TUM-HPC
# examples/generalized_reductions/warp_shuffle_sum/warp_shuffle_reduction_float32.cu
# 2^25 floats, block 1024, grid 1024 (32 floats a thread), 1 + 50 launches
# of each kernel: warpShuffleReductionCustomStruct<1024> loads a 32-byte
# struct of 8 floats (4-byte aligned: 8 scalar loads, 32 bytes apart across
# the warp) four times per thread -> the program's own
# warpShuffleReductionVectorized<1024> (the same 32 floats per thread as
# eight float4 loads, 16 bytes apart), same grid, block and run. cub is the
# toolkit's (header-only).
P=ilya-reduce
fresh $P
rmdir "$D/$P/after"
cp "$C/IlyaNyrkov+CUDA-programming-examples-TUM-HPC/examples/generalized_reductions/warp_shuffle_sum/warp_shuffle_reduction_float32.cu" "$D/$P/before/"
echo "=== $P (no after/: the program's own warpShuffleReductionVectorized<1024> is the fix)"

# --- tongkaio-transpose: Tongkaio/CUDA_Kernel_Samples transpose/transpose.cu
# (+ include/utils.cuh, src/utils.cu). 12800 x 1280 floats, 32 x 32 blocks,
# each kernel 1 + 10 launches. Three fixes, all by the program's own
# device_transpose_v4<32> (a [32][33] tile, both global accesses along
# rows), same run:
#  tongkaio-v0: device_transpose_v0 (reads rows, writes columns).
#  tongkaio-v1: device_transpose_v1 (writes rows, reads columns).
#  tongkaio-v3: device_transpose_v3<32> (the [32][32] tile read by column:
#    32-way bank conflicts); v4 is the pad --fix makes.
# analysis/: the grid, block and sizes (M = 12800, N = 1280, locals of main
# captured by reference by the timing lambdas) written into the six launch
# lines; the analyzer finds no grid without them.
P=tongkaio-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/Tongkaio+CUDA_Kernel_Samples/transpose
mkdir -p "$D/$P/before/include" "$D/$P/before/src"
cp "$S/transpose.cu" "$D/$P/before/"
cp "$S/include/utils.cuh" "$D/$P/before/include/"
cp "$S/src/utils.cu" "$D/$P/before/src/"
has "$D/$P/before/transpose.cu" "size_t M = 12800;"
has "$D/$P/before/transpose.cu" "size_t N = 1280;"
cp -r "$D/$P/before" "$D/$P/analysis"
A=$D/$P/analysis/transpose.cu
for i in 0 3 4 5; do
  subst "$A" "<<<grid_size$i, block_size$i>>>(d_matrix, d_output$i, M, N)" \
             "<<<dim3(40, 400), dim3(32, 32)>>>(d_matrix, d_output$i, 12800, 1280)"
done
for i in 1 2; do
  subst "$A" "<<<grid_size$i, block_size$i>>>(d_matrix, d_output$i, M, N)" \
             "<<<dim3(400, 40), dim3(32, 32)>>>(d_matrix, d_output$i, 12800, 1280)"
done
has "$A" "dim3 grid_size0(CEIL(N, BLOCK_SIZE), CEIL(M, BLOCK_SIZE));"
has "$A" "dim3 grid_size1(CEIL(M, BLOCK_SIZE), CEIL(N, BLOCK_SIZE));"
samelines "$D/$P/before/transpose.cu" "$A"
echo "=== $P (no after/: the program's own device_transpose_v4<32> is the fix)"
echo "--- analysis/ (the run's grid, block and sizes in the launch lines) against before/:"
diff "$D/$P/before/transpose.cu" "$A" || true

echo "copies in $D: $(ls "$D" | tr '\n' ' ')"
