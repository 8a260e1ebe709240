#!/bin/bash
# Recreate the copies of the SECOND held-out test set ("test2") of fixes to
# findings in public programs (research/costs/test2-fixes.md,
# research/costs/fixes-test2.json) under .devcarry/costs-test2/ (git-ignored:
# third-party code), from /work/corpus-unseen. Run from the repository root:
#
#   LINT=/tmp/calpfx-d329/bin/cuda-access-lint bash research/costs/make-test2-copies.sh
#
# One directory per program: before/ (the upstream files as they are, with
# the headers they include), after/ (the fix applied: by a literal
# substitution checked to match exactly once, or the program's own fixed
# version copied from upstream; absent where the program's own fixed kernel
# runs in the same program), analysis/ (only where the analyzer cannot see
# the run's sizes: the values written in on the same lines, no line added or
# removed, kernels untouched). Idempotent: each directory is removed and
# made again. Prints `diff before after` (or analysis) for each.
#
# `cuda-access-lint --fix` pads none of these tiles (the one pad here is on a
# tile whose row stride is known only at run time), so LINT is used only to
# check that it is there, as make-test-copies.sh does.
set -eu
. "$(dirname "$0")/lib.sh"
copies_in .devcarry/costs-test2
SAMPLES=$C/NVIDIA+cuda-samples/Common

# --- darglein-particles: darglein/CudaTutorial 4_Optimization/Code/simple_particle.cu
# IntegrateParticlesSimple reads and writes a 32-byte Particle (position,
# radius, velocity, invMass) per thread; the program's own
# IntegrateParticlesInverse does the same integration on the same N with
# the structure split into two arrays of 16-byte structures (position and
# radius; velocity and invMass), same block, same run: no after/ copy.
# analysis/: N (a local const of main captured by the timing lambdas) is
# written into the two launch lines, and iDivUp(N, BLOCK_SIZE) as the
# division it computes (the analyzer does not evaluate the host helper).
P=darglein-particles
fresh $P
S=$C/darglein+CudaTutorial/4_Optimization/Code
mkdir -p "$D/$P/before/tiny-eigen/include/tiny-eigen"
cp "$S/simple_particle.cu" "$S/Timer.h" "$D/$P/before/"
cp "$S/tiny-eigen/include/tiny-eigen/"*.h "$D/$P/before/tiny-eigen/include/tiny-eigen/"
rmdir "$D/$P/after"
cp -r "$D/$P/before" "$D/$P/analysis"
A=$D/$P/analysis/simple_particle.cu
subst "$A" "IntegrateParticlesSimple<<<iDivUp(N, BLOCK_SIZE), BLOCK_SIZE>>>(d_particles.data().get(), N, dt);" \
           "IntegrateParticlesSimple<<<(2500000 + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_particles.data().get(), 2500000, dt);"
subst "$A" "IntegrateParticlesInverse<<<iDivUp(N, BLOCK_SIZE), BLOCK_SIZE>>>(d_pr.data().get(), d_vm.data().get(), N, dt);" \
           "IntegrateParticlesInverse<<<(2500000 + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_pr.data().get(), d_vm.data().get(), 2500000, dt);"
has "$D/$P/before/simple_particle.cu" "const int N     = 2500000;"
samelines "$D/$P/before/simple_particle.cu" "$A"
echo "=== $P (no after/: the program's own IntegrateParticlesInverse is the fix)"
echo "--- analysis/ against before/:"
diff "$D/$P/before/simple_particle.cu" "$A" || true

# --- paddle-reduce: PaddleJitLab/CUDATutorial docs/09_optimize_reduce
# 01_interleaved_addressing/reduce_interleaved_addressing.cu: shared-memory
# tree reduction with index 2*s*tid (bank conflicts); the repository's next
# step, 02_bank_conflict/reduce_bank_conflict_free.cu (sequential
# addressing, sdata[tid] += sdata[tid + s]), is the fix, same program
# otherwise (integer sums). The upstream before file ends in a stray
# U+23CE character after the last brace (a shell's end-of-output mark
# pasted in), which nvcc rejects; before/ has it removed, nothing else.
P=paddle-reduce
fresh $P
S=$C/PaddleJitLab+CUDATutorial/docs/09_optimize_reduce
cp "$S/01_interleaved_addressing/reduce_interleaved_addressing.cu" "$D/$P/before/"
subst "$D/$P/before/reduce_interleaved_addressing.cu" "$(printf '}\xe2\x8f\x8e')" "}"
cp "$S/02_bank_conflict/reduce_bank_conflict_free.cu" "$D/$P/after/"
echo "=== $P (before/ is upstream less its trailing U+23CE; after/ is upstream's 02_bank_conflict/reduce_bank_conflict_free.cu)"
diff "$S/01_interleaved_addressing/reduce_interleaved_addressing.cu" "$D/$P/before/reduce_interleaved_addressing.cu" || true
diff "$D/$P/before/reduce_interleaved_addressing.cu" "$D/$P/after/reduce_bank_conflict_free.cu" || true

# --- packt-conv: PacktPublishing/Learn-CUDA-Programming Chapter07/07_parallel_programming_pattern/02_convolution
# 2048 x 2048 floats, 9 x 9 filter, 16 x 16 blocks. Two fixes in one after/
# copy (each kernel is timed on its own):
#  v1: convolution_kernel_v1 (the direct stencil) with 32 x 8 blocks
#      instead of 16 x 16 (grid 128 x 128 -> 64 x 256): a warp reads one
#      128-byte row piece instead of two 64-byte halves (the stencil's
#      offsets still misalign it, so this is a partial fix, as cba-conv2d
#      in the first set); v2 and v3 keep 16 x 16.
#  v3: convolution_kernel_v3's tile s_input (tile_size = 16 + 2 * 4 = 24
#      floats a row, allocated dynamically) read by two 16-lane rows per
#      warp 24 words apart (2-way conflict): a row stride of tile_size + 24
#      = 48 (= 16 mod 32) puts the two rows on the two halves of the banks;
#      24 rows of 48 floats fit the 34 x 34 floats the host already
#      allocates. `--fix` makes no pad here (the stride is known only at
#      run time).
# The book builds against the CUDA samples' helper headers (helper_cuda.h,
# helper_timer.h: the CUDA toolkit's samples/common/inc up to 11.x);
# Common/ is cuda-samples' copy.
P=packt-conv
fresh $P
mkdir -p "$D/$P/Common"
cp "$C/PacktPublishing+Learn-CUDA-Programming/Chapter07/07_parallel_programming_pattern/02_convolution/convolution.cu" "$D/$P/before/"
cp "$SAMPLES/helper_cuda.h" "$SAMPLES/helper_string.h" "$SAMPLES/helper_timer.h" "$SAMPLES/exception.h" "$D/$P/Common/"
cp "$D/$P/before/convolution.cu" "$D/$P/after/"
F=$D/$P/after/convolution.cu
subst "$F" "        convolution_kernel_v1<<<dimGrid, dimBlock>>>(d_output, d_input, d_filter, num_row, num_col, filter_size);" \
           "        convolution_kernel_v1<<<dim3((num_col + 31) / 32, (num_row + 7) / 8), dim3(32, 8)>>>(d_output, d_input, d_filter, num_row, num_col, filter_size);"
subst "$F" "            s_input[tile_size * fid_row + fid_col] = \\" \
           "            s_input[(tile_size + 24) * fid_row + fid_col] = \\"
subst "$F" "            float image_value  = s_input[tile_size * image_row + image_col];" \
           "            float image_value  = s_input[(tile_size + 24) * image_row + image_col]; /* row stride 48 = 16 mod 32 */"
has "$F" "int shared_mem_size = (2*filter_size+BLOCK_DIM) * (2*filter_size+BLOCK_DIM) * sizeof(float);"
samelines "$D/$P/before/convolution.cu" "$F"
show $P

# --- packt-transpose: PacktPublishing/Learn-CUDA-Programming Chapter02/02_memory_overview/04_matrix_transpose/conflict_solved.cu
# (not matrix_transpose.cu, the development set's file). 1024 x 1024 ints:
# matrix_transpose_naive writes by column; the program's own
# matrix_transpose_shared (a [32][33] tile, already padded in this file)
# transposes through shared memory so that both global accesses are
# contiguous, same grid and block, same run: no after/ copy.
P=packt-transpose
fresh $P
cp "$C/PacktPublishing+Learn-CUDA-Programming/Chapter02/02_memory_overview/04_matrix_transpose/conflict_solved.cu" "$D/$P/before/"
rmdir "$D/$P/after"
echo "=== $P (no after/: the program's own matrix_transpose_shared is the fix)"

# --- pcuda5-reduce: professional-cuda-c-programming examples/chapter05/reduceInteger.cu
# (chapter 5, not the first set's chapter 3 file). reduceNeighboredGmem
# adds pairs in place in global memory with the active lanes 2*stride
# apart (tid % (2*stride) == 0), block 128; the interleaved order (stride
# from blockDim.x/2 down, lanes tid < stride) makes them contiguous. The
# same integer sum in another order.
P=pcuda5-reduce
fresh $P
mkdir -p "$D/$P/before/chapter05" "$D/$P/before/common"
cp "$C/deeperlearning+professional-cuda-c-programming/examples/chapter05/reduceInteger.cu" "$D/$P/before/chapter05/"
cp "$C/deeperlearning+professional-cuda-c-programming/examples/common/common.h" "$D/$P/before/common/"
cp -r "$D/$P/before/." "$D/$P/after/"
subst "$D/$P/after/chapter05/reduceInteger.cu" \
"    // in-place reduction in global memory
    for (int stride = 1; stride < blockDim.x; stride *= 2)
    {
        if ((tid % (2 * stride)) == 0)
        {
            idata[tid] += idata[tid + stride];" \
"    // in-place reduction in global memory
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1)
    {
        if (tid < stride)
        {
            idata[tid] += idata[tid + stride];"
samelines "$D/$P/before/chapter05/reduceInteger.cu" "$D/$P/after/chapter05/reduceInteger.cu"
show $P

# --- richard-stencil: RichardAns/CUDA-Programs Chapter04/stencil9PT/stencil9PT.cu
# A 9-point stencil on 1024 x 1024 floats whose block shape is the
# program's own arguments 5 and 6 (default 16 x 16; "8, 16, 32 or 64").
# The fix is the run with 32 x 8 blocks (a warp reads one 128-byte row
# piece per stencil row instead of two 64-byte halves; the stencil's
# offsets still misalign it: partial, as cba-conv2d). Same binary, no
# after/ copy; both runs with 100 GPU iterations instead of the default
# 10000 (ncu time). The book's cx.h includes helper_cuda.h from the CUDA
# samples (Common/ is cuda-samples' copy). analysis/: the run's block
# shape of the fixed run written into the argument defaults (for the
# estimated time after the fix).
P=richard-stencil
fresh $P
mkdir -p "$D/$P/before/Chapter04/stencil9PT" "$D/$P/before/include" "$D/$P/Common"
cp "$C/RichardAns+CUDA-Programs/Chapter04/stencil9PT/stencil9PT.cu" "$D/$P/before/Chapter04/stencil9PT/"
cp "$C/RichardAns+CUDA-Programs/include/"*.h "$D/$P/before/include/"
cp "$SAMPLES/helper_cuda.h" "$SAMPLES/helper_string.h" "$D/$P/Common/"
rmdir "$D/$P/after"
cp -r "$D/$P/before" "$D/$P/analysis"
A=$D/$P/analysis/Chapter04/stencil9PT/stencil9PT.cu
subst "$A" "uint threadx  = (argc>5) ? atoi(argv[5]) : 16;" "uint threadx  = (argc>5) ? atoi(argv[5]) : 32;"
subst "$A" "uint thready  = (argc>6) ? atoi(argv[6]) : 16;" "uint thready  = (argc>6) ? atoi(argv[6]) : 8;"
samelines "$D/$P/before/Chapter04/stencil9PT/stencil9PT.cu" "$A"
echo "=== $P (no after/: the fix is the program's own block-shape arguments, 32 8 for 16 16)"
echo "--- analysis/ (the fixed run's block shape as the defaults) against before/:"
diff "$D/$P/before/Chapter04/stencil9PT/stencil9PT.cu" "$A" || true

echo "copies in $D: $(ls "$D" | tr '\n' ' ')"
