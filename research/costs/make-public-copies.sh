#!/bin/bash
# Recreate .devcarry/costs-public/, the copies of public CUDA programs that
# research/costs/measure-public.sh times and research/costs/compare-public.py
# analyses, from the upstream sources under /work/corpus-unseen, as
# research/costs/public-fixes.md ("Copies (not in the repository)") describes.
# The copies are third-party code: .devcarry/ is git-ignored and they are never
# committed; this script is how to get them back.
#
#   LINT=/path/to/cuda-access-lint bash research/costs/make-public-copies.sh
#
# Run from the repository root. Idempotent: the directory is removed and made
# again. For each program:
#   before/    the upstream file (and the headers it includes, at the relative
#              path it includes them from);
#   after/     the fix: `cuda-access-lint --fix` on the copy where
#              public-fixes.md says --fix, a sed edit where it says "by hand",
#              or the program's own fixed version;
#   analysis/  (programs sized from the command line only) the measured run's
#              values written in on the same lines, so that the analyzer sees
#              the launch's grid; no line added or removed, kernels untouched.
# Every after/ and analysis/ copy is diffed against before/ (the diffs are
# printed) and the script fails unless exactly the intended lines changed.
set -eu

LINT=${LINT:-build/bin/cuda-access-lint}
CORPUS=${CORPUS:-/work/corpus-unseen}
D=.devcarry/costs-public

die() { echo "make-public-copies: error: $*" >&2; exit 1; }

[ -f research/costs/public-fixes.md ] || die "run from the repository root"
[ -x "$LINT" ] || die "no analyzer at $LINT (set LINT=)"
[ -d "$CORPUS" ] || die "no upstream corpus at $CORPUS (set CORPUS=)"

BLOG=$CORPUS/NVIDIA-developer-blog+code-samples/series/cuda-cpp/transpose
SAMPLES=$CORPUS/NVIDIA+cuda-samples
PROF=$CORPUS/deeperlearning+professional-cuda-c-programming/examples
BRUCE=$CORPUS/brucefan1983+CUDA-Programming/src/08-shared-memory
PACKT=$CORPUS/PacktPublishing+Learn-CUDA-Programming/Chapter02/02_memory_overview/04_matrix_transpose

# cp, failing loudly on a missing upstream file (set -e would too, but say which)
get() { [ -f "$1" ] || die "missing upstream file $1"; mkdir -p "$(dirname "$2")"; cp "$1" "$2"; }

# fix FILE [flags...]: cuda-access-lint --fix in place. `--` is always given so
# that the copy is parsed with these flags only, never with a compile database
# found above it (build/compile_commands.json has no entry for it anyway).
fix() {
  local f=$1; shift
  echo "== $LINT --fix $f -- $*"
  "$LINT" --fix --quiet "$f" -- "$@" > /dev/null || die "--fix failed on $f"
}

# check BEFORE AFTER "HUNKS" LINE:REGEX...: print diff BEFORE AFTER; fail unless
# its hunk headers are exactly HUNKS (e.g. "113c113") -- the intended lines and
# no others, changed in place -- and each LINE of AFTER matches its REGEX (the
# edit took the intended form).
check() {
  local a=$1 b=$2 want=$3; shift 3
  echo "== diff $a $b"
  local d; d=$(diff "$a" "$b" || true)
  echo "$d"
  local got; got=$(echo "$d" | grep -E '^[0-9]' | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "$want" ] || die "$b: changed lines '$got', expected '$want'"
  [ "$(wc -l < "$a")" = "$(wc -l < "$b")" ] || die "$b: line count differs from $a"
  local lr
  for lr in "$@"; do
    sed -n "${lr%%:*}p" "$b" | grep -qE -- "${lr#*:}" \
      || die "$b:${lr%%:*} does not match '${lr#*:}': $(sed -n "${lr%%:*}p" "$b")"
  done
}

rm -rf "$D"
mkdir -p "$D"

# --- blogtr: NVIDIA developer blog transpose. Sizes are constants. ------------
get "$BLOG/transpose.cu" "$D/blogtr/before/transpose.cu"
get "$BLOG/transpose.cu" "$D/blogtr/after/transpose.cu"
fix "$D/blogtr/after/transpose.cu"
# transposeCoalesced's tile (line 113) padded, nothing else
check "$D/blogtr/before/transpose.cu" "$D/blogtr/after/transpose.cu" "113c113" \
  '113:tile\[TILE_DIM\]\[TILE_DIM \+ 1\]'

# --- samplestr: cuda-samples transpose, built with -I samplestr/Common. ------
# The whole Common/ (helper_cuda.h etc.), as the -I in measure-public.sh names.
mkdir -p "$D/samplestr"
cp -r "$SAMPLES/Common" "$D/samplestr/Common"
get "$SAMPLES/Samples/6_Performance/transpose/transpose.cu" "$D/samplestr/before/transpose.cu"
get "$SAMPLES/Samples/6_Performance/transpose/transpose.cu" "$D/samplestr/after/transpose.cu"
fix "$D/samplestr/after/transpose.cu" -I "$D/samplestr/Common"
# transposeCoalesced's tile (line 143)
check "$D/samplestr/before/transpose.cu" "$D/samplestr/after/transpose.cu" "143c143" \
  '143:tile\[TILE_DIM\]\[TILE_DIM \+ 1\]'
# analysis: the run's -dimX=4096 -dimY=4096 in place of getParams (line 410)
get "$D/samplestr/before/transpose.cu" "$D/samplestr/analysis/transpose.cu"
sed -i '410s/getParams(argc, argv, deviceProp, size_x, size_y, max_matrix_dim);/size_x = 4096; size_y = 4096;/' \
  "$D/samplestr/analysis/transpose.cu"
check "$D/samplestr/before/transpose.cu" "$D/samplestr/analysis/transpose.cu" "410c410" \
  '410:^ *size_x = 4096; size_y = 4096;$'

# --- prof: Professional CUDA C Programming. Its programs include
# "../common/common.h", so common.h goes to prof/common/ (and aos/common/).
get "$PROF/common/common.h" "$D/prof/common/common.h"
get "$PROF/chapter04/transpose.cu" "$D/prof/before/transpose.cu"
get "$PROF/chapter05/transposeRectangle.cu" "$D/prof/before/transposeRectangle.cu"
get "$PROF/chapter05/checkSmemSquare.cu" "$D/prof/before/checkSmemSquare.cu"

# chapter04/transpose.cu, by hand: copyCol's column walk made the same copy by
# rows (line 99).
get "$PROF/chapter04/transpose.cu" "$D/prof/after/transpose.cu"
perl -pi -e 's/out\[ix \* ny \+ iy\] = in\[ix \* ny \+ iy\];/out[iy * nx + ix] = in[iy * nx + ix];/ if $. == 99' \
  "$D/prof/after/transpose.cu"
check "$D/prof/before/transpose.cu" "$D/prof/after/transpose.cu" "99c99" \
  '99:^ *out\[iy \* nx \+ ix\] = in\[iy \* nx \+ ix\];$'

# chapter04/transpose.cu analysis: the run is `transpose 1` (copyCol, default
# 2048x2048, 16x16 blocks). iKernel's argv read becomes the run's 1; the argv
# reads of block and size are commented out (the run gives none); the launch
# through the kernel pointer names copyCol; and the Unroll4 cases' grid.x is
# commented out, without which the grid's x stays unknown at the launch.
get "$D/prof/before/transpose.cu" "$D/prof/analysis/transpose.cu"
perl -pi -e '
  s/^(\s*)if \(argc > 1\) iKernel = atoi\(argv\[1\]\);/${1}iKernel = 1;/ if $. == 225;
  s/^(\s*)(if \(argc > [2-5]\) \w+\s*= atoi\(argv\[[2-5]\]\);)/$1\/\/ $2/ if $. >= 227 && $. <= 233;
  s/^(\s*)(grid\.x = )/$1\/\/ $2/ if $. == 299 || $. == 305;
  s/^(\s*)kernel<<<grid, block>>>/${1}copyCol<<<grid, block>>>/ if $. == 321;
' "$D/prof/analysis/transpose.cu"
check "$D/prof/before/transpose.cu" "$D/prof/analysis/transpose.cu" \
  "225c225 227c227 229c229 231c231 233c233 299c299 305c305 321c321" \
  '225:^ *iKernel = 1;$' '227:^ *// if \(argc > 2\)' '229:^ *// if \(argc > 3\)' \
  '231:^ *// if \(argc > 4\)' '233:^ *// if \(argc > 5\)' \
  '299:^ *// grid\.x = ' '305:^ *// grid\.x = ' '321:^ *copyCol<<<grid, block>>>'

# chapter05/transposeRectangle.cu: no after copy; the program's own padded
# kernels are the fix, timed in the same run.

# chapter05/checkSmemSquare.cu, --fix: setColReadCol's (line 51) and
# setRowReadCol's (line 69) tiles padded.
get "$PROF/chapter05/checkSmemSquare.cu" "$D/prof/after/checkSmemSquare.cu"
fix "$D/prof/after/checkSmemSquare.cu"
check "$D/prof/before/checkSmemSquare.cu" "$D/prof/after/checkSmemSquare.cu" "51c51 69c69" \
  '51:tile\[BDIMX\]\[BDIMY \+ 1\]' '69:tile\[BDIMY\]\[BDIMX \+ 1\]'

# --- bruce: CUDA-Programming bank.cu (includes "error.cuh" beside it) --------
for v in before after analysis; do
  get "$BRUCE/bank.cu" "$D/bruce/$v/bank.cu"
  get "$BRUCE/error.cuh" "$D/bruce/$v/error.cuh"
done
fix "$D/bruce/after/bank.cu"
# transpose1's tile (line 115)
check "$D/bruce/before/bank.cu" "$D/bruce/after/bank.cu" "115c115" \
  '115:S\[TILE_DIM\]\[TILE_DIM \+ 1\]'
# analysis: the run's argument 8192 for atoi(argv[1]) (line 25)
sed -i '25s/const int N = atoi(argv\[1\]);/const int N = 8192;/' "$D/bruce/analysis/bank.cu"
check "$D/bruce/before/bank.cu" "$D/bruce/analysis/bank.cu" "25c25" \
  '25:^ *const int N = 8192;$'

# --- packt: Learn-CUDA-Programming matrix_transpose.cu. Sizes are macros. ----
get "$PACKT/matrix_transpose.cu" "$D/packt/before/matrix_transpose.cu"
get "$PACKT/matrix_transpose.cu" "$D/packt/after/matrix_transpose.cu"
fix "$D/packt/after/matrix_transpose.cu"
# matrix_transpose_shared's tile (line 23)
check "$D/packt/before/matrix_transpose.cu" "$D/packt/after/matrix_transpose.cu" "23c23" \
  '23:sharedMemory *\[BLOCK_SIZE\] *\[BLOCK_SIZE \+ 1\]'

# --- aos: the book's array-of-structures program; the after is its own
# structure-of-arrays version (a different file, so no diff check).
get "$PROF/common/common.h" "$D/aos/common/common.h"
get "$PROF/chapter04/simpleMathAoS.cu" "$D/aos/before/simpleMathAoS.cu"
get "$PROF/chapter04/simpleMathSoA.cu" "$D/aos/after/simpleMathSoA.cu"

echo "make-public-copies: $D recreated"
find "$D" -name '*.cu' | sort
