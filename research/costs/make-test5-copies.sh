#!/bin/bash
# Recreate the copies of the FIFTH held-out test set ("test5") of fixes to
# findings in public programs (research/costs/test5-fixes.md,
# research/costs/fixes-test5.json) under .devcarry/costs-test5/ (git-ignored:
# third-party code), from /work/corpus-test5 (the repositories and commits
# are listed in test5-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-3a6a/bin/cuda-access-lint bash research/costs/make-test5-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include), after/ (where the fix is not a kernel of the
# program itself: the fix applied by literal substitutions, each checked to
# match exactly once, no line added or removed). No analysis copy is
# needed: every program writes its sizes in its source. Idempotent: each
# directory is removed and made again. Prints `diff before after` for each
# (and the diffs between the repositories' own before and after versions).
#
# `cuda-access-lint --fix` is not used: LINT is only checked to be there, as
# make-test4-copies.sh does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test5}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test5

# --- aksh-aos: AkshDesai04/CUDA final_samples/Intermediate_MemoryCoalescing_05_E.cu
# 16M elements, block 256, grid 65536; kernel_aos and kernel_soa launched
# once each, one after the other.
#  aksh-aos: kernel_aos (struct {float x, y} per element: data[idx].x and
#    data[idx].y loaded and stored 8 bytes apart across the warp) -> the
#    program's own kernel_soa (the same two updates on two float arrays),
#    same grid, block and run.
P=aksh-aos
fresh $P
rmdir "$D/$P/after"
cp "$C/AkshDesai04+CUDA/final_samples/Intermediate_MemoryCoalescing_05_E.cu" "$D/$P/before/"
has "$D/$P/before/Intermediate_MemoryCoalescing_05_E.cu" "const size_t N = 1 << 24;"
has "$D/$P/before/Intermediate_MemoryCoalescing_05_E.cu" "const int threadsPerBlock = 256;"
echo "=== $P (no after/: the program's own kernel_soa is the fix)"

# --- aplain-aos: aplainjane/CUDA_Learning 010_SoA_AoS/SoA_AoS.cu. 16M
# elements, block 128, grid 131072; sumAoS and sumSoA launched once each.
#  aplain-aos: sumAoS (struct {float a, b}: data[i].a += data[i].b, the
#    fields loaded and stored 8 bytes apart across the warp) -> the
#    program's own sumSoA (res[i] = a[i] + b[i] on three float arrays: the
#    same sums, written to res), same grid, block and run.
P=aplain-aos
fresh $P
rmdir "$D/$P/after"
cp "$C/aplainjane+CUDA_Learning/010_SoA_AoS/SoA_AoS.cu" "$D/$P/before/"
has "$D/$P/before/SoA_AoS.cu" "#define N (1<<24)"
has "$D/$P/before/SoA_AoS.cu" "#define BLOCK_SIZE 128"
echo "=== $P (no after/: the program's own sumSoA is the fix)"

# --- tprog-matadd: T-prog123/CUDA_learning MatrixAdd/matrix_add.cu
# (+ include/cuda_check.h). M x N = 10000 x 5000 floats, row-major
# (index j + i*N), block 16x16, MatrixAdd launched once.
#  tprog-matadd: MatrixAdd takes the row i from threadIdx.x and the column j
#    from threadIdx.y (consecutive lanes 20000 bytes apart; grid
#    (625,313)) -> by hand: i from the y dimension and j from the x
#    dimension (the kernel's two index lines and its two grid-stride steps
#    swapped), and the host grid swapped to match ((N+15)/16, (M+15)/16) =
#    (313,625), the same 195625 blocks; every element is still added once
#    (the grid-stride loops cover M x N either way), after/.
P=tprog-matadd
fresh $P
S=$C/T-prog123+CUDA_learning
mkdir -p "$D/$P/before/MatrixAdd" "$D/$P/before/include"
cp "$S/MatrixAdd/matrix_add.cu" "$D/$P/before/MatrixAdd/"
cp "$S/include/cuda_check.h" "$D/$P/before/include/"
has "$D/$P/before/MatrixAdd/matrix_add.cu" "    int M = 10000;"
has "$D/$P/before/MatrixAdd/matrix_add.cu" "    int N = 5000;"
cp -r "$D/$P/before/." "$D/$P/after/"
F=$D/$P/after/MatrixAdd/matrix_add.cu
subst "$F" "    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int j = threadIdx.y + blockIdx.y * blockDim.y;" \
"    int i = threadIdx.y + blockIdx.y * blockDim.y;
    int j = threadIdx.x + blockIdx.x * blockDim.x;"
subst "$F" "            j += blockDim.y * gridDim.y; 
        }
        j = threadIdx.y + blockIdx.y * blockDim.y;
        i += blockDim.x * gridDim.x;" \
"            j += blockDim.x * gridDim.x; 
        }
        j = threadIdx.x + blockIdx.x * blockDim.x;
        i += blockDim.y * gridDim.y;"
subst "$F" "    int grid_dim_x = (M + block_dim_x - 1) / block_dim_x;
    int grid_dim_y = (N + block_dim_y - 1) / block_dim_y;" \
"    int grid_dim_x = (N + block_dim_x - 1) / block_dim_x;
    int grid_dim_y = (M + block_dim_y - 1) / block_dim_y;"
samelines "$D/$P/before/MatrixAdd/matrix_add.cu" "$F"
show $P

# --- atomic-transpose: AtomicVar/CUDA-Patterns 2-transpose/main.cu (+ its
# .cuh files and common/). M x N = 10240 x 1024 floats, block 32x32; each
# of the four kernels launched once, one after the other.
#  atomic-transpose-write: transpose_naive_read_coalesced (writes by column:
#    lanes 40960 bytes apart; grid (32,320)) -> the program's own
#    transpose_no_bank_conflicts<32> (a [32][33] tile, both global accesses
#    along rows), same grid and block.
#  atomic-transpose-read: transpose_naive_write_coalesced (reads by column:
#    lanes 4096 bytes apart; grid (320,32)) -> transpose_no_bank_conflicts<32>
#    (grid (32,320): the same 10240 blocks of 32x32).
#  atomic-transpose-tile: transpose_tiled<32> (a [32][32] tile read by
#    column: 32-way conflicts) -> transpose_no_bank_conflicts<32> (the same
#    kernel with a [32][33] tile), same grid and block.
P=atomic-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/AtomicVar+CUDA-Patterns
mkdir -p "$D/$P/before/2-transpose" "$D/$P/before/common"
cp "$S/2-transpose/main.cu" "$S/2-transpose/transpose_cpu.h" "$S/2-transpose/transpose_naive.cuh" \
   "$S/2-transpose/transpose_tiled.cuh" "$S/2-transpose/transpose_no_bank_conflicts.cuh" \
   "$S/2-transpose/Makefile" "$D/$P/before/2-transpose/"
cp "$S/common/common.hpp" "$S/common/Timer.hpp" "$D/$P/before/common/"
has "$D/$P/before/2-transpose/main.cu" "#define M         10240U"
has "$D/$P/before/2-transpose/main.cu" "#define N         1024U"
echo "=== $P (no after/: the program's own transpose_no_bank_conflicts is the fix of all three)"
diff "$D/$P/before/2-transpose/transpose_tiled.cuh" "$D/$P/before/2-transpose/transpose_no_bank_conflicts.cuh" || true

# --- gh-reduce: GITHUBear/cuda_optimization_learning 1_cuda_reduce/
# reduce_no_divergence_branch.cu and reduce_no_bank_conflict.cu (+
# utils/cuda_context.cuh): two programs, one kernel `reduce` each, 32M
# floats (all 2.0), block 256 (THREAD_PER_BLOCK), grid 131072, 1 KB of
# dynamic shared memory, launched once.
#  gh-nodiv: reduce_no_divergence_branch (contiguous active lanes adding
#    shm[(thread_id << (i + 1)) + (1 << i)] into shm[thread_id << (i + 1)]:
#    bank conflicts) -> the repository's reduce_no_bank_conflict (the same
#    kernel with the add on the finding's line replaced by
#    shm[thread_id] += shm[thread_id + (THREAD_PER_BLOCK >> (i + 1))], and a
#    comment line above it), same grid, block and host code.
# (reduce_v0 and reduce_with_shared_mem are not copied: the same kernels,
# sizes and launches as the fourth set's guangong-v0 and guangong-v1; see
# test5-fixes.md, Candidates rejected.)
P=gh-reduce
fresh $P
rmdir "$D/$P/after"
S=$C/GITHUBear+cuda_optimization_learning
mkdir -p "$D/$P/before/1_cuda_reduce" "$D/$P/before/utils"
cp "$S/utils/cuda_context.cuh" "$D/$P/before/utils/"
for f in reduce_no_divergence_branch reduce_no_bank_conflict; do
  cp "$S/1_cuda_reduce/$f.cu" "$D/$P/before/1_cuda_reduce/"
  has "$D/$P/before/1_cuda_reduce/$f.cu" "    constexpr int N = 32 * 1024 * 1024;"
  has "$D/$P/before/1_cuda_reduce/$f.cu" "#define THREAD_PER_BLOCK 256"
done
echo "=== $P (no after/: the repository's reduce_no_bank_conflict.cu is the fix)"
diff "$D/$P/before/1_cuda_reduce/reduce_no_divergence_branch.cu" "$D/$P/before/1_cuda_reduce/reduce_no_bank_conflict.cu" || true

# --- hydra-transpose: HydraQYH/CUDA_Practice transpose_basline.cu,
# transpose.cu and transpose2.cu: three programs, one kernel `transpose`
# each, a 10384 x 10259 float matrix (rand() fill), block 32x32, launched
# once.
#  hydra-transpose-write: transpose_basline.cu (threads along the source's
#    rows: the load is coalesced, the store goes by column, lanes 41536
#    bytes apart; grid (321,325)) -> the repository's transpose2.cu (a
#    [32][33] tile, both global accesses along rows), same grid, block and
#    host code.
#  hydra-transpose-read: transpose.cu (threads along the destination's rows:
#    the store is coalesced, the load goes by column, lanes 41036 bytes
#    apart; grid (325,321)) -> transpose2.cu (grid (321,325): the same
#    104325 blocks).
P=hydra-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/HydraQYH+CUDA_Practice
cp "$S/transpose_basline.cu" "$S/transpose.cu" "$S/transpose2.cu" "$D/$P/before/"
for f in transpose_basline transpose transpose2; do
  has "$D/$P/before/$f.cu" "const int SOURCE_ROW = 10384;"
  has "$D/$P/before/$f.cu" "const int SOURCE_COLUMN = 10259;"
done
echo "=== $P (no after/: the repository's transpose2.cu is the fix of both)"
diff "$D/$P/before/transpose_basline.cu" "$D/$P/before/transpose2.cu" || true

# --- bigcircle-transpose: BigCircle100/cuda_learning notes/chapter5/main.cu
# (+ gputimer.h). A 1024 x 1024 int matrix, K = 32; four kernels launched
# once each (transpose_serial <<<1,1>>> and transpose_parallel_per_row
# <<<1,1024>>> are not timed).
#  bigcircle-transpose: transpose_parallel_per_element (one thread an
#    element, out[i + j*N] written by column: lanes 4096 bytes apart; grid
#    (32,32), block 32x32) -> the program's own transpose_parallel_shared
#    (a [32][32] tile, both global accesses along rows; the tile is read by
#    column, unpadded), same grid, block and run.
P=bigcircle-transpose
fresh $P
rmdir "$D/$P/after"
S=$C/BigCircle100+cuda_learning/notes/chapter5
cp "$S/main.cu" "$S/gputimer.h" "$D/$P/before/"
has "$D/$P/before/main.cu" "const int N = 1024;"
has "$D/$P/before/main.cu" "const int K = 32;"
echo "=== $P (no after/: the program's own transpose_parallel_shared is the fix)"

echo "copies in $D: $(ls "$D" | tr '\n' ' ')"
