#!/bin/bash
# Recreate the copies of the FOURTH held-out test set ("test4") of fixes to
# findings in public programs (research/costs/test4-fixes.md,
# research/costs/fixes-test4.json) under .devcarry/costs-test4/ (git-ignored:
# third-party code), from /work/corpus-test4 (the repositories and commits
# are listed in test4-fixes.md, "Files"). Run from the repository root:
#
#   LINT=/tmp/calpfx-9156/bin/cuda-access-lint bash research/costs/make-test4-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include), after/ (where the fix is not a kernel of the
# program itself: the fix applied by literal substitutions, each checked to
# match exactly once, no line added or removed). Idempotent: each directory
# is removed and made again. Prints `diff before after` for each.
#
# `cuda-access-lint --fix` is not used (no fix of this set is a pad --fix
# makes by itself): LINT is only checked to be there, as make-test3-copies.sh
# does.
set -eu
CORPUS=${CORPUS:-/work/corpus-test4}
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test4

# --- guangong-reduce: guangong789/CUDA_Learn src/reduce/reduce_v0..v3.cu
# (+ include/reduce_global.cuh: N = 32M floats, 256 threads a block). Four
# programs, one kernel `reduce` each, launched once, grid (131072), block 256.
#  guangong-v0: reduce_v0 (in-place tree in global memory, active lanes 2i
#    apart: tx % (2*i) == 0) -> by hand: the same tree with contiguous active
#    lanes (i = blockDim.x/2 down to 1, tx < i), the same sum in another
#    order (after/src/reduce/reduce_v0.cu).
#  guangong-v1: reduce_v1 (shared-memory tree, tx % (2*i) == 0) -> the
#    repository's reduce_v3 (tx < i, i halving), its sequential-addressing
#    version.
#  guangong-v2: reduce_v2 (contiguous active lanes, but shared[tx*2*i]:
#    bank conflicts, and blockDim.x / (2*i)) -> reduce_v3.
P=guangong-reduce
fresh $P
S=$C/guangong789+CUDA_Learn
mkdir -p "$D/$P/before/include" "$D/$P/before/src/reduce"
cp "$S/include/reduce_global.cuh" "$D/$P/before/include/"
for v in 0 1 2 3; do cp "$S/src/reduce/reduce_v$v.cu" "$D/$P/before/src/reduce/"; done
has "$D/$P/before/include/reduce_global.cuh" "constexpr int N = 32 * 1024 * 1024;"
has "$D/$P/before/include/reduce_global.cuh" "constexpr int THREAD_PER_BLOCK{256};"
cp -r "$D/$P/before/." "$D/$P/after/"
for v in 1 2 3; do rm "$D/$P/after/src/reduce/reduce_v$v.cu"; done
F=$D/$P/after/src/reduce/reduce_v0.cu
subst "$F" "    for (int i = 1; i < blockDim.x; i <<= 1) {
        if (tx % (2 * i) == 0) {
            d_input[tid] += d_input[tid + i];" \
"    for (int i = blockDim.x / 2; i > 0; i >>= 1) {
        if (tx < i) {
            d_input[tid] += d_input[tid + i];"
samelines "$D/$P/before/src/reduce/reduce_v0.cu" "$F"
echo "=== $P (after/: reduce_v0 fixed by hand; reduce_v3 is the fix of v1 and v2)"
diff "$D/$P/before/src/reduce/reduce_v0.cu" "$F" || true

# --- xiao-ilp: xiaohuangyu/cuda_learning examples/29_ilp_divergence/01_ilp_basics.cu
# 32M floats, block 256, each kernel 5 + 20 launches, c = a + b.
#  xiao-ilp-x4: add_ilp_x4 (4 consecutive floats a thread, scalar loads and
#    stores 16 bytes apart across the warp; grid 32768) -> the program's own
#    add_ilp_x4_vector (the same 4 floats a thread as one float4, grid
#    32768; on float4 copies of the arrays), same run.
#  xiao-ilp-x2: add_ilp_x2 (2 consecutive floats a thread, scalar, 8 bytes
#    apart; grid 65536) -> by hand: one float2 load of a, one of b, one
#    float2 store of c (a + idx is 8-byte aligned: cudaMalloc and idx even;
#    N is even, so idx + 1 < N wherever idx < N), after/.
P=xiao-ilp
fresh $P
cp "$C/xiaohuangyu+cuda_learning/examples/29_ilp_divergence/01_ilp_basics.cu" "$D/$P/before/"
has "$D/$P/before/01_ilp_basics.cu" "int N = 32 * 1024 * 1024;"
cp "$D/$P/before/01_ilp_basics.cu" "$D/$P/after/"
F=$D/$P/after/01_ilp_basics.cu
subst "$F" "        float a0 = a[idx];
        float a1 = a[idx + 1];
        float b0 = b[idx];
        float b1 = b[idx + 1];

        // 这些独立的加载和计算可以并行
        c[idx] = a0 + b0;
        c[idx + 1] = a1 + b1;" \
"        const float2 va = *reinterpret_cast<const float2*>(a + idx);
        const float2 vb = *reinterpret_cast<const float2*>(b + idx);
        float a0 = va.x, a1 = va.y;
        float b0 = vb.x, b1 = vb.y;

        // 这些独立的加载和计算可以并行
        *reinterpret_cast<float2*>(c + idx) = make_float2(a0 + b0, a1 + b1);
        // (one float2 store)"
samelines "$D/$P/before/01_ilp_basics.cu" "$F"
show $P

# --- xiao-saxpy: xiaohuangyu/cuda_learning examples/29_ilp_divergence/02_dual_issue.cu
# 16M floats, block 256, each kernel 5 + 20 launches (the program's
# benchmark()), y = a*x + y.
#  xiao-saxpy-x4: saxpy_unroll_x4 (4 consecutive floats a thread, scalar
#    loads and stores 16 bytes apart across the warp; grid 16384) -> by hand:
#    one float4 load of x, one of y, one float4 store of y (x + idx is
#    16-byte aligned: cudaMalloc, idx a multiple of 4; N is a multiple of 4
#    and the grid covers it exactly, so the guard idx + 3 < N holds wherever
#    the original's gi < N did), after/.
#  xiao-saxpy-x2: saxpy_dual_issue (2 consecutive floats a thread, scalar
#    loads and stores 8 bytes apart; grid 32768) -> by hand: one float2 load
#    of x, one of y, one float2 store of y under idx + 1 < N (N is even:
#    the same elements as the original's two guarded stores), after/.
P=xiao-saxpy
fresh $P
cp "$C/xiaohuangyu+cuda_learning/examples/29_ilp_divergence/02_dual_issue.cu" "$D/$P/before/"
has "$D/$P/before/02_dual_issue.cu" "int N = 16 * 1024 * 1024;"
cp "$D/$P/before/02_dual_issue.cu" "$D/$P/after/"
F=$D/$P/after/02_dual_issue.cu
subst "$F" "    #pragma unroll
    for (int i = 0; i < 4; i++) {
        int gi = idx + i;
        if (gi < N) {
            x_vals[i] = x[gi];
            y_vals[i] = y[gi];
        }
    }" \
"    if (idx + 3 < N) {
        const float4 vx = *reinterpret_cast<const float4*>(x + idx);
        const float4 vy = *reinterpret_cast<const float4*>(y + idx);
        x_vals[0] = vx.x; x_vals[1] = vx.y; x_vals[2] = vx.z; x_vals[3] = vx.w;
        y_vals[0] = vy.x; y_vals[1] = vy.y; y_vals[2] = vy.z; y_vals[3] = vy.w;
    }
    // (one float4 load of x and one of y)
    //"
subst "$F" "    #pragma unroll
    for (int i = 0; i < 4; i++) {
        int gi = idx + i;
        if (gi < N) {
            y[gi] = results[i];
        }
    }" \
"    if (idx + 3 < N) {
        *reinterpret_cast<float4*>(y + idx) =
            make_float4(results[0], results[1], results[2], results[3]);
    }
    // (one float4 store of y)
    //
    //"
subst "$F" "    float x0 = x[idx];
    float x1 = x[idx + 1];
    float y0 = y[idx];
    float y1 = y[idx + 1];" \
"    const float2 vx = *reinterpret_cast<const float2*>(x + idx);
    const float2 vy = *reinterpret_cast<const float2*>(y + idx);
    float x0 = vx.x, x1 = vx.y;
    float y0 = vy.x, y1 = vy.y;"
subst "$F" "    if (idx < N) y[idx] = r0;
    if (idx + 1 < N) y[idx + 1] = r1;" \
"    if (idx + 1 < N) *reinterpret_cast<float2*>(y + idx) = make_float2(r0, r1);
    // (one float2 store of y)"
samelines "$D/$P/before/02_dual_issue.cu" "$F"
show $P

# --- xiao-memopt: xiaohuangyu/cuda_learning examples/09_memory_opt/memory_opt.cu
# Its transpose section: 4096 x 4096 floats, block 32x32, grid (128,128),
# each kernel 1 + 100 launches.
#  xiao-transpose: transpose_naive (writes by column) -> the program's own
#    transpose_shared (a [32][33] tile, both global accesses along rows),
#    same grid and block, same run.
P=xiao-memopt
fresh $P
rmdir "$D/$P/after"
cp "$C/xiaohuangyu+cuda_learning/examples/09_memory_opt/memory_opt.cu" "$D/$P/before/"
has "$D/$P/before/memory_opt.cu" "    int width = 4096;"
has "$D/$P/before/memory_opt.cu" "    int height = 4096;"
echo "=== $P (no after/: the program's own transpose_shared is the fix)"

# --- caijixue-reduce: caijixueIT/CUDA_Learning_for_Freshman src/reduce/
# reduce_v0_naive.cu and reduce_v2_no_bank_conflict.cu: two programs, one
# kernel reduce_sum_kernel each, 1M floats (all 1.0), block 256, grid 4096,
# each launched 1 + 100 + 100 times.
#  caijixue-v0: reduce_v0_naive (shared-memory tree, (tid % (2*i)) == 0)
#    -> the repository's reduce_v2_no_bank_conflict (i = 128 down to 1,
#    tid < i: the same kernel otherwise), same grid, block and host code.
P=caijixue-reduce
fresh $P
rmdir "$D/$P/after"
S=$C/caijixueIT+CUDA_Learning_for_Freshman/src/reduce
cp "$S/reduce_v0_naive.cu" "$S/reduce_v2_no_bank_conflict.cu" "$D/$P/before/"
has "$D/$P/before/reduce_v0_naive.cu" "constexpr int N = 1024 * 1024;"
has "$D/$P/before/reduce_v2_no_bank_conflict.cu" "constexpr int N = 1024 * 1024;"
echo "=== $P (no after/: the repository's reduce_v2_no_bank_conflict.cu is the fix)"
diff "$D/$P/before/reduce_v0_naive.cu" "$D/$P/before/reduce_v2_no_bank_conflict.cu" || true

echo "copies in $D: $(ls "$D" | tr '\n' ' ')"
