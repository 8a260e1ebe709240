#!/bin/bash
# Recreate the copies of the EIGHTH held-out test set ("test8") of fixes to
# findings in public programs (research/costs/test8-fixes.md,
# research/costs/fixes-test8.json) under .devcarry/costs-test8/ (git-ignored:
# third-party code), from /work/corpus-test8 (the repositories and commits
# are listed in test8-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-1a56/bin/cuda-access-lint bash research/costs/make-test8-copies.sh
#
# One directory per code base: before/ (the upstream files as they are,
# with the headers they include) and, for the two fixes made by hand
# (noel-blur: the launch's block shape; izmttk-v1seq: two lines of the
# kernel), after/ with the fixed file only. The other fixes are the program's own twin kernel or the
# repository's own next version, so they have no after/. No transposes.
# No analysis copy is needed: every program writes its sizes in its source.
# Idempotent: each directory is removed and made again. Fails loudly if a
# size it relies on is not in the source, or if a text to replace is not
# there exactly once.
#
# `cuda-access-lint --fix` is not used: LINT is only checked to be there, as
# make-test7-copies.sh does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test8}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test8

# --- chong-vecadd: chongchen1999/cuda-kernels elementwise/vector_add_main.cu
# (+ elementwise/includes/vector_add_v5.cuh, vector_add_v6.cuh and
# utils/includes/cpu_random.h). n = 2^25 floats (128 MiB a vector), B =
# alpha * A + B in place; main() runs cuBLAS saxpy, the scalar kernel
# (my_vector_add_vecsize1::vectorAdd, grid 131072) and the float4-reference
# kernel (my_vector_add_vecsize4::vectorAdd, grid 32768), 1000 launches
# each, four rounds.
#  chong-vec4: my_vector_add_vecsize4::vectorAdd (each thread reads and
#    writes 4 consecutive floats through a float4 reference, component by
#    component: scalar accesses 16 bytes apart) -> the program's own
#    my_vector_add_vecsize1::vectorAdd (one float a thread, coalesced), the
#    same n, block 256, grid 131072.
P=chong-vecadd
fresh $P
rmdir "$D/$P/after"
S=$C/chongchen1999+cuda-kernels
mkdir -p "$D/$P/before/elementwise/includes" "$D/$P/before/utils/includes"
cp "$S/elementwise/vector_add_main.cu" "$D/$P/before/elementwise/"
cp "$S/elementwise/includes/vector_add_v5.cuh" "$S/elementwise/includes/vector_add_v6.cuh" "$D/$P/before/elementwise/includes/"
cp "$S/utils/includes/cpu_random.h" "$D/$P/before/utils/includes/"
F=$D/$P/before/elementwise/vector_add_main.cu
has "$F" "    int n = 1 << 25;"
has "$F" "static const int iters = 1000;"
has "$D/$P/before/elementwise/includes/vector_add_v5.cuh" "        int block_size = 256;"
has "$D/$P/before/elementwise/includes/vector_add_v6.cuh" "        int block_size = 256;"
echo "=== $P (no after/: the program's own my_vector_add_vecsize1::vectorAdd is the fix)"

# --- izmttk-reduce: izmttk/cuda_reduce_optimization reduce_v1.cu,
# reduce_v2.cu, reduce_v3.cu, reduce_v4.cu: four programs, one kernel each,
# an in-place tree reduction in global memory of n = 2^20 floats (4 MiB:
# fits in the L2), block 1024, grid 1024 (v1: each block sums 1024 floats)
# or 512 (v2 to v4: 2048 floats a block), one launch a run (then atomicAdd
# of the block sums).
#  izmttk-div: reduce_v2.cu reduce_sum_v2 (`tid % stride == 0`: a
#    remainder by a run-time power of two, a branch divergent in every warp)
#    -> the repository's reduce_v3.cu (i = tid * 2 * stride, `i < size`:
#    contiguous active lanes, the same pairs added), same grid and block.
#  izmttk-seq: reduce_v3.cu reduce_sum_v3 (input[offset + i] with i = tid *
#    2 * stride: active lanes 2*stride floats apart, load and store) -> the
#    repository's reduce_v4.cu (stride = size/2 down to 1, `tid < stride`,
#    input[offset + tid] += input[offset + tid + stride]: sequential
#    addressing), same grid and block; the same sum in another order.
#  izmttk-v1seq: reduce_v1.cu reduce_sum_v1 (grid 1024, block 1024, each
#    block sums 1024 floats: `tid % (2 * stride) == 0`, active lanes
#    2*stride apart, a remainder by a run-time power of two, a branch
#    divergent in every warp, and the load input[offset + tid + stride] by
#    lanes 2*stride floats apart) -> by hand, the repository's own reduce_v4
#    loop in reduce_v1 (stride = blockDim.x/2 down to 1, `tid < stride`):
#    two lines of the kernel, the line of the access unchanged in text;
#    same grid, block and host code; the same sum in another order (the
#    inputs are integers 0..9 as floats: every partial sum is exact).
P=izmttk-reduce
fresh $P
cp "$C/izmttk+cuda_reduce_optimization/reduce_v1.cu" "$D/$P/before/"
cp "$C/izmttk+cuda_reduce_optimization/reduce_v1.cu" "$D/$P/after/"
has "$D/$P/before/reduce_v1.cu" "    int n = 1 << 20;"
has "$D/$P/before/reduce_v1.cu" "    int blockSize = 1024;"
subst "$D/$P/after/reduce_v1.cu" "    for (int stride = 1; stride < blockDim.x; stride *= 2) {" \
  "    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {"
subst "$D/$P/after/reduce_v1.cu" "        if (tid % (2 * stride) == 0 && offset + tid + stride < n) {" \
  "        if (tid < stride && offset + tid + stride < n) {"
samelines "$D/$P/before/reduce_v1.cu" "$D/$P/after/reduce_v1.cu"
for v in 2 3 4; do
  cp "$C/izmttk+cuda_reduce_optimization/reduce_v$v.cu" "$D/$P/before/"
  has "$D/$P/before/reduce_v$v.cu" "    int n = 1 << 20;"
  has "$D/$P/before/reduce_v$v.cu" "    int blockSize = 1024;"
  has "$D/$P/before/reduce_v$v.cu" "    int numBlocks = (n + blockSize * 2 - 1) / (blockSize * 2);"
done
echo "=== $P (after/ holds only reduce_v1.cu, fixed by hand; for v2 and v3 the repository's next versions are the fixes)"
diff "$D/$P/before/reduce_v1.cu" "$D/$P/after/reduce_v1.cu" || true
diff "$D/$P/before/reduce_v2.cu" "$D/$P/before/reduce_v3.cu" || true
diff "$D/$P/before/reduce_v3.cu" "$D/$P/before/reduce_v4.cu" || true

# --- noel-blur: NoelBird/100-days-of-CUDA day03/day03.cu: a 3x3 box blur
# of a 1280 x 1920 unsigned-char image (2.3 MiB), block 16x16, grid
# (80,120), one launch a run.
#  noel-blur: block 16x16 (a warp covers two half rows of 16 bytes: the
#    loads touch 2.65 sectors a request, the store 2) -> block 32x8 and grid
#    (40,240), by hand (two lines of the host code; the kernel unchanged;
#    1280 and 1920 are multiples of 32 and 8, so every pixel is still
#    computed once, the same result).
P=noel-blur
fresh $P
cp "$C/NoelBird+100-days-of-CUDA/day03/day03.cu" "$D/$P/before/"
cp "$C/NoelBird+100-days-of-CUDA/day03/day03.cu" "$D/$P/after/"
has "$D/$P/before/day03.cu" "    int width = 1280;"
has "$D/$P/before/day03.cu" "    int height = 1920;"
subst "$D/$P/after/day03.cu" "    dim3 threadsPerBlock(size, size);
    dim3 blocksPerGrid((width + size-1) / 16, (height + size-1) / 16);" "    dim3 threadsPerBlock(32, 8);
    dim3 blocksPerGrid((width + 31) / 32, (height + 7) / 8);"
samelines "$D/$P/before/day03.cu" "$D/$P/after/day03.cu"
show $P
