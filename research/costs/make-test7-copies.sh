#!/bin/bash
# Recreate the copies of the SEVENTH held-out test set ("test7") of fixes to
# findings in public programs (research/costs/test7-fixes.md,
# research/costs/fixes-test7.json) under .devcarry/costs-test7/ (git-ignored:
# third-party code), from /work/corpus-test7 (the repositories and commits
# are listed in test7-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-1a56/bin/cuda-access-lint bash research/costs/make-test7-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include). No after/: every fix is a kernel of the
# program itself or the repository's own fixed program. One program
# (catter-transpose) has no main() upstream: harness/main.cu, written here,
# is a two-line main() that calls the program's own demo_transpose(); it is
# built with the upstream file and never read by the analyzer (the launches
# are in demo_transpose, in the upstream file). No analysis copy is needed:
# every program writes its sizes in its source (huicong-transpose takes the
# fixed argument `profile`, which selects the one 5120 x 5120 run). Idempotent:
# each directory is removed and made again. Fails loudly if a size it
# relies on is not in the source.
#
# `cuda-access-lint --fix` is not used: LINT is only checked to be there, as
# make-test6-copies.sh does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test7}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test7

# --- akash-transpose: AkashKarnatak/100-days-of-cuda day53/transpose_naive.cu
# and day53/transpose_shared.cu: two programs, one kernel each, N = M = 16384
# floats (1 GiB a matrix), each kernel launched once (rand() fill, a CPU
# transpose for the check, one launch, the check).
#  akash-transpose: transpose_naive_kernel (block 16x16, grid (1024,1024):
#    reads in[row * M + col] along rows, writes out[col * N + row] by column,
#    lanes 64 KiB apart) -> the repository's transpose_shared.cu (the same
#    program with transpose_shared_kernel<32,32,8>: a [32][33] tile, block
#    256 threads, grid (512,512), both global accesses along rows).
P=akash-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/AkashKarnatak+100-days-of-cuda/day53
mkdir -p "$D/$P/before/day53"
for f in transpose_naive.cu transpose_shared.cu; do
  cp "$S/$f" "$D/$P/before/day53/"
  has "$D/$P/before/day53/$f" "  N = M = 16384;"
done
has "$D/$P/before/day53/transpose_naive.cu" "  const size_t BLOCK_SIZE = 16;"
has "$D/$P/before/day53/transpose_shared.cu" "  const size_t CN = 8;"
echo "=== $P (no after/: the repository's transpose_shared.cu is the fix)"
diff "$D/$P/before/day53/transpose_naive.cu" "$D/$P/before/day53/transpose_shared.cu" || true

# --- catter-transpose: cattermelon1234/kernels layout/transpose.cu. M = N =
# 4096 floats (64 MiB a matrix), TILE 16, block 16x16, grid (256,256); the
# function demo_transpose() launches transpose and transposeTiled 10 times
# each (interleaved warm-up), then 100 times each (timed).
#  catter-transpose: transpose (B[col * rows + row] = A[row * cols + col]:
#    the store by column, lanes 16 KiB apart) -> the program's own
#    transposeTiled (a [16][17] tile), same grid, block and run.
# The upstream file has no main(); harness/main.cu calls demo_transpose().
P=catter-transpose
fresh $P
rmdir "$D/$P/after"
mkdir -p "$D/$P/before/layout" "$D/$P/harness"
cp "$C/cattermelon1234+kernels/layout/transpose.cu" "$D/$P/before/layout/"
F=$D/$P/before/layout/transpose.cu
has "$F" "#define TILE 16"
has "$F" "    constexpr int M = 4096;"
has "$F" "    constexpr int N = 4096;"
has "$F" "    constexpr int ITERS = 100;"
if grep -q 'int main' "$F"; then echo "error: $F now has a main()" >&2; exit 1; fi
cat > "$D/$P/harness/main.cu" <<'EOF'
// test7 harness (not upstream): the upstream layout/transpose.cu has no main().
void demo_transpose();
int main() { demo_transpose(); return 0; }
EOF
echo "=== $P (no after/: the program's own transposeTiled is the fix; harness/main.cu added)"

# --- huicong-transpose: huicongyao/KernelPractices mat_transpose.cu (+
# utils.hpp). Argument `profile`: benchmark_transpose_all(5120, 5120, 1),
# each of the four kernels launched once on a 5120 x 5120 float matrix
# (100 MiB), block 32x32, grid (160,160) (the f32x4 kernel: block 16x16,
# grid (320,80)).
#  huicong-transpose: transposeNaive (output[col_idx * ROW + row_idx] =
#    input[...]: the store by column, lanes 20 KiB apart) -> the program's
#    own transposeSharedMem<32> (a [32][33] tile), same grid, block and run.
P=huicong-transpose
fresh $P
rmdir "$D/$P/after"
cp "$C/huicongyao+KernelPractices/mat_transpose.cu" "$C/huicongyao+KernelPractices/utils.hpp" "$D/$P/before/"
F=$D/$P/before/mat_transpose.cu
has "$F" '    benchmark_transpose_all(5120, 5120, 1);'
has "$F" '  if (mode == "profile") {'
has "$F" "  constexpr int BLOCK_SIZE = 32;"
echo "=== $P (no after/: the program's own transposeSharedMem<32> is the fix)"

# --- hswsp-memory: hswsp/learn-cuda-from-scratch code/ch06_tile/transpose.cu
# and code/ch05_memory/exercises/01_coalesce_solution.cu (+ code/common/*.h):
# two programs.
#  hswsp-tile (ch06_tile/transpose.cu): M = N = 4096 floats, block 32x32,
#    grid (128,128); transpose_shared (an unpadded [32][32] tile read by
#    column, tile[threadIdx.x][threadIdx.y]: 32-way conflicts) -> the
#    program's own transpose_padded (the tile padded to [32][33]), same grid,
#    block and run; each kernel launched 1 + 5 times (the bench lambda).
#  hswsp-copy (01_coalesce_solution.cu): H = W = 4096 floats, block (32,8);
#    copy_bad (row = x index: out[row * W + col] = in[row * W + col] with the
#    lanes 16 KiB apart, load and store) -> the program's own copy_good (x ->
#    col), grid (128,512) both; each launched once.
P=hswsp-memory
fresh $P
rmdir "$D/$P/after"
S=$C/hswsp+learn-cuda-from-scratch/code
mkdir -p "$D/$P/before/code/ch06_tile" "$D/$P/before/code/ch05_memory/exercises" "$D/$P/before/code/common"
cp "$S/ch06_tile/transpose.cu" "$D/$P/before/code/ch06_tile/"
cp "$S/ch05_memory/exercises/01_coalesce_solution.cu" "$D/$P/before/code/ch05_memory/exercises/"
cp "$S/common/"*.h "$D/$P/before/code/common/"
has "$D/$P/before/code/ch06_tile/transpose.cu" "    int M = 4096, N = 4096;"
has "$D/$P/before/code/ch06_tile/transpose.cu" "constexpr int TILE = 32;"
has "$D/$P/before/code/ch06_tile/transpose.cu" "    __shared__ float tile[TILE][TILE];     "
has "$D/$P/before/code/ch05_memory/exercises/01_coalesce_solution.cu" "    int H = 4096, W = 4096;"
has "$D/$P/before/code/ch05_memory/exercises/01_coalesce_solution.cu" "    dim3 block(32, 8);"
echo "=== $P (no after/: each program's own kernel is the fix)"

# --- zeppelin-transpose: Zeppelinpp/LearnCuda matrix_transpose.cu. width
# 4096, height 8192 floats (128 MiB a matrix); iterations = 1: each kernel
# launched 3 times (warm-up, one timed, one for the check).
#  zeppelin-transpose: transposeNaive (block 16x16, grid (256,512):
#    out[col * height + row] = in[...], the store by column, lanes 32 KiB
#    apart) -> the program's own transposeTiled (a [32][33] tile, block
#    32x32, grid (128,256)), same run.
P=zeppelin-transpose
fresh $P
rmdir "$D/$P/after"
cp "$C/Zeppelinpp+LearnCuda/matrix_transpose.cu" "$D/$P/before/"
F=$D/$P/before/matrix_transpose.cu
has "$F" "  int width = 4096;"
has "$F" "  int height = 8192;"
has "$F" "  int iterations = 1;"
has "$F" "  dim3 blockSize(16, 16);"
has "$F" "#define TILE_SIZE 32"
echo "=== $P (no after/: the program's own transposeTiled is the fix)"
