#!/bin/bash
# Recreate the copies of the held-out TEST set of fixes to findings in public
# programs (research/costs/test-fixes.md, research/costs/fixes-test.json)
# under .devcarry/costs-test/ (git-ignored: third-party code), from
# /work/corpus-unseen. Run from the repository root:
#
#   LINT=/tmp/calpfx-s14/bin/cuda-access-lint bash research/costs/make-test-copies.sh
#
# One directory per program: before/ (the upstream files as they are),
# after/ (the fix applied: by `cuda-access-lint --fix`, by a literal
# substitution checked to match exactly once, or the program's own fixed
# twin copied from upstream), analysis/ (only where the program takes its
# sizes from its caller: the run's values written in on the same lines, no
# line added or removed, kernels untouched). Idempotent: each directory is
# removed and made again. Prints `diff before after` for each.
set -eu
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test

# --- hbk-aostosoa: ArchaeaSoftware/cudahandbook memory/AOStoSOA.cu --------
# The program times AOStoSOA_1 (each thread reads its 3-int structure: a
# 12-byte stride) and AOStoSOA_2 (the same transposition staged through
# shared memory so that the reads are contiguous), same grid and block, in
# the same run: no after/ copy is needed.
P=hbk-aostosoa
fresh $P
mkdir -p "$D/$P/before/memory" "$D/$P/before/chLib"
cp "$C/ArchaeaSoftware+cudahandbook/memory/AOStoSOA.cu" \
   "$C/ArchaeaSoftware+cudahandbook/memory/AOStoSOA_1.cuh" \
   "$C/ArchaeaSoftware+cudahandbook/memory/AOStoSOA_2.cuh" "$D/$P/before/memory/"
cp "$C/ArchaeaSoftware+cudahandbook/chLib/"*.h "$D/$P/before/chLib/"
rmdir "$D/$P/after"
echo "=== $P (no after/: the program's own AOStoSOA_2 is the fix)"

# --- cba-conv2d: CoffeeBeforeArch/cuda_programming 05_convolution/2d_constant_memory
# 16x16 blocks put two 64-byte half rows in a warp; 32x8 blocks a whole
# 128-byte row (grid N/32 x N/8, N = 1024).
P=cba-conv2d
fresh $P
cp "$C/CoffeeBeforeArch+cuda_programming/05_convolution/2d_constant_memory/convolution.cu" "$D/$P/before/"
cp "$D/$P/before/convolution.cu" "$D/$P/after/"
subst "$D/$P/after/convolution.cu" "  dim3 block_dim(THREADS, THREADS);" "  dim3 block_dim(32, 8);"
subst "$D/$P/after/convolution.cu" "  dim3 grid_dim(BLOCKS, BLOCKS);" "  dim3 grid_dim(N / 32, N / 8);"
show $P

# --- jlg-reduce-gmem: JingliangGao/CudaRoad reduce_case/1_reduce_global_memory
# reduce_v2 adds pairs in global memory with the active lanes 2i apart
# (threadIdx.x % (2i) == 0); the interleaved order (i from blockDim.x/2
# down, lanes threadIdx.x < i) makes the active lanes contiguous. The same
# sum (float, in another order; the program checks to 0.005).
P=jlg-reduce-gmem
fresh $P
cp "$C/JingliangGao+CudaRoad/reduce_case/1_reduce_global_memory/reduce_global_memory.cu" "$D/$P/before/"
cp "$D/$P/before/reduce_global_memory.cu" "$D/$P/after/"
subst "$D/$P/after/reduce_global_memory.cu" \
"    for (int i = 1; i < blockDim.x; i *= 2) {
        if (threadIdx.x % (i * 2) == 0) {
            d_input[index] += d_input[index + i];" \
"    for (int i = blockDim.x / 2; i > 0; i /= 2) {
        if (threadIdx.x < i) {
            d_input[index] += d_input[index + i];"
show $P

# --- liu-reduce1: Liu-xiandong/How_to_optimize_in_GPU reduce/reduce_v1_no_divergence_branch.cu
# reduce1's shared index 2*s*tid is a stride of 2s words (bank conflicts);
# the repository's next version, reduce_v2_no_bank_conflict.cu (kernel
# reduce2: sequential addressing, sdata[tid] += sdata[tid + s]), is the fix,
# same program otherwise.
P=liu-reduce1
fresh $P
cp "$C/Liu-xiandong+How_to_optimize_in_GPU/reduce/reduce_v1_no_divergence_branch.cu" "$D/$P/before/"
cp "$C/Liu-xiandong+How_to_optimize_in_GPU/reduce/reduce_v2_no_bank_conflict.cu" "$D/$P/after/"
echo "=== $P (after/ is upstream's reduce_v2_no_bank_conflict.cu)"
diff "$D/$P/before/reduce_v1_no_divergence_branch.cu" "$D/$P/after/reduce_v2_no_bank_conflict.cu" || true

# --- samples-convsep: NVIDIA/cuda-samples Samples/2_Concepts_and_Techniques/convolutionSeparable
# Two fixes in one after/ copy (each kernel is timed on its own):
#  rows: s_Data[4][160] puts the warp's two rows (16 lanes each) on the same
#        banks; 16 more floats a row (176, = 16 mod 32) put them on the two
#        halves of the banks;
#  columns: s_Data[16][81] (already padded by 1) still takes 2 wavefronts;
#        `cuda-access-lint --fix` pads it once more (82).
# analysis/: the host wrappers take imageW and imageH from main.cpp (3072 x
# 3072); written in on the grid and launch lines.
P=samples-convsep
fresh $P
mkdir -p "$D/$P/Common" "$D/$P/analysis"
S=$C/NVIDIA+cuda-samples/Samples/2_Concepts_and_Techniques/convolutionSeparable
cp "$S/convolutionSeparable.cu" "$S/convolutionSeparable_common.h" "$S/convolutionSeparable_gold.cpp" "$S/main.cpp" "$D/$P/before/"
cp "$C/NVIDIA+cuda-samples/Common/"*.h "$D/$P/Common/"
cp "$D/$P/before/"* "$D/$P/after/"
lintfix "$D/$P/after/convolutionSeparable.cu" -I"$D/$P/Common"
has "$D/$P/after/convolutionSeparable.cu" "[(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 1 + 1];"
subst "$D/$P/after/convolutionSeparable.cu" \
  "__shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];" \
  "__shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + 16];"
cp "$D/$P/before/"* "$D/$P/analysis/"
A=$D/$P/analysis/convolutionSeparable.cu
subst "$A" "dim3 blocks(imageW / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), imageH / ROWS_BLOCKDIM_Y);" \
           "dim3 blocks(3072 / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), 3072 / ROWS_BLOCKDIM_Y);"
subst "$A" "convolutionRowsKernel<<<blocks, threads>>>(d_Dst, d_Src, imageW, imageH, imageW);" \
           "convolutionRowsKernel<<<blocks, threads>>>(d_Dst, d_Src, 3072, 3072, 3072);"
subst "$A" "dim3 blocks(imageW / COLUMNS_BLOCKDIM_X, imageH / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y));" \
           "dim3 blocks(3072 / COLUMNS_BLOCKDIM_X, 3072 / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y));"
subst "$A" "convolutionColumnsKernel<<<blocks, threads>>>(d_Dst, d_Src, imageW, imageH, imageW);" \
           "convolutionColumnsKernel<<<blocks, threads>>>(d_Dst, d_Src, 3072, 3072, 3072);"
[ "$(wc -l < "$A")" = "$(wc -l < "$D/$P/before/convolutionSeparable.cu")" ] || { echo "error: $A: line count changed" >&2; exit 1; }
show $P
echo "--- analysis/ against before/:"
diff "$D/$P/before/convolutionSeparable.cu" "$A" || true

# --- packt-aos: PacktPublishing/Learn-CUDA-Programming Chapter02/02_memory_overview/03_aos_soa
# aos.cu reads and writes an 8-int structure per thread (a 32-byte stride);
# the book's soa.cu is the same program with a structure of arrays.
P=packt-aos
fresh $P
cp "$C/PacktPublishing+Learn-CUDA-Programming/Chapter02/02_memory_overview/03_aos_soa/aos.cu" "$D/$P/before/"
cp "$C/PacktPublishing+Learn-CUDA-Programming/Chapter02/02_memory_overview/03_aos_soa/soa.cu" "$D/$P/after/"
echo "=== $P (after/ is the book's soa.cu)"
diff "$D/$P/before/aos.cu" "$D/$P/after/soa.cu" || true

# --- olcf-hw8: olcf/cuda-training-series exercises/hw8 (4096 x 4096 doubles)
#  task2_solution.cu: smem_cuda_transpose's tile double[32][32] read by
#        column (16-way conflict); `--fix` pads it to [32][33];
#  task1_solution.cu: naive_cuda_transpose reads by column; the fix is the
#        course's own next step, task 2's shared-tile kernel, padded (the
#        task-2 after/ copy, same size, grid and block).
P=olcf-hw8
fresh $P
cp "$C/olcf+cuda-training-series/exercises/hw8/task1/task1_solution.cu" "$D/$P/before/"
cp "$C/olcf+cuda-training-series/exercises/hw8/task2/task2_solution.cu" "$D/$P/before/"
cp "$D/$P/before/task2_solution.cu" "$D/$P/after/"
lintfix "$D/$P/after/task2_solution.cu"
has "$D/$P/after/task2_solution.cu" "__shared__ double smemArray[THREADS_PER_BLOCK_X][THREADS_PER_BLOCK_Y + 1];"
show $P

# --- pcuda-reduce: professional-cuda-c-programming examples/chapter03/reduceInteger.cu
# reduceNeighbored (active lanes 2*stride apart) and reduceNeighboredLess
# (index 2*stride*tid) against the program's own reduceInterleaved
# (contiguous lanes tid < stride), same grid and block, same run; integer
# sums, so the order does not change the result. No after/ copy.
P=pcuda-reduce
fresh $P
mkdir -p "$D/$P/before/chapter03" "$D/$P/before/common"
cp "$C/deeperlearning+professional-cuda-c-programming/examples/chapter03/reduceInteger.cu" "$D/$P/before/chapter03/"
cp "$C/deeperlearning+professional-cuda-c-programming/examples/common/common.h" "$D/$P/before/common/"
rmdir "$D/$P/after"
echo "=== $P (no after/: the program's own reduceInterleaved is the fix)"

# --- infatoshi-vecadd: Infatoshi/cuda-course "05_Writing_your_First_Kernels/02 Kernels/01_vector_add_v2.cu"
# vector_add_gpu_3d adds 10^7 floats as a 100 x 100 x 1000 box with 16x8x8
# blocks (each warp two 64-byte pieces of rows 400 bytes apart); the
# program's own vector_add_gpu_1d adds the same elements with a flat index,
# same run. No after/ copy.
P=infatoshi-vecadd
fresh $P
cp "$C/Infatoshi+cuda-course/05_Writing_your_First_Kernels/02 Kernels/01_vector_add_v2.cu" "$D/$P/before/vector_add_v2.cu"
rmdir "$D/$P/after"
echo "=== $P (no after/: the program's own vector_add_gpu_1d is the fix)"

echo "copies in $D: $(ls "$D" | tr '\n' ' ')"
