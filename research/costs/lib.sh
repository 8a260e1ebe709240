# Shared by the research/costs scripts (sourced, not run): making the
# before/after copies of public programs under $D, and timing a built
# program's kernel under ncu into $OUT.

# copies_in DIR: the copies go to DIR ($D); the upstream sources are in
# $CORPUS (default /work/corpus-unseen, as $C) and the analyzer is $LINT
# (default build/bin/cuda-access-lint); fails unless both are there.
copies_in() {
  D=$1
  C=${CORPUS:-/work/corpus-unseen}
  LINT=${LINT:-build/bin/cuda-access-lint}
  [ -d "$C" ] || { echo "error: no corpus at $C" >&2; exit 1; }
  [ -x "$LINT" ] || { echo "error: no analyzer at $LINT (set LINT)" >&2; exit 1; }
  mkdir -p "$D"
}

# fresh ID: an empty $D/ID with before/ and after/.
fresh() { rm -rf "$D/$1"; mkdir -p "$D/$1/before" "$D/$1/after"; }

# subst FILE OLD NEW: replace the literal text OLD (may span lines) by NEW;
# fails unless OLD occurs exactly once.
subst() {
  OLD="$2" NEW="$3" perl -0777 -i -pe '
    my $n = () = /\Q$ENV{OLD}\E/g;
    die "error: $ARGV: expected 1 match of the text to replace, found $n\n" unless $n == 1;
    s/\Q$ENV{OLD}\E/$ENV{NEW}/;' "$1"
}

# has FILE TEXT: fail loudly unless FILE contains the literal TEXT.
has() { grep -qF -- "$2" "$1" || { echo "error: $1 lacks: $2" >&2; exit 1; }; }

# samelines A B: fail unless A and B have the same number of lines.
samelines() {
  [ "$(wc -l < "$1")" = "$(wc -l < "$2")" ] || { echo "error: $2: line count differs from $1" >&2; exit 1; }
}

# lintfix FILE [flags...]: cuda-access-lint --fix on FILE (a copy).
lintfix() {
  local f=$1; shift
  "$LINT" --fix "$f" -- "$@" > /dev/null 2>&1 || true
}

# show ID: what the fix changed.
show() { echo "=== $1"; diff -r "$D/$1/before" "$D/$1/after" || true; }

# prof TAG VARIANT REPS KERNEL-REGEX [program arguments...]: run $B/TAG.VARIANT
# REPS times under ncu (gpu__time_duration.sum of every launch of the kernels
# the regex names), in the directory ${PROF_DIR:-.}; the CSVs go to
# $OUT/ncu/TAG.VARIANT.I.csv, the program's output to $OUT/stdout.
# With NCU_METRICS set (a comma-separated list), those counters instead, in
# one run of at most 40 launches (research/costs/profile-dev.sh).
prof() {
  local tag=$1 var=$2 reps=$3 re=$4; shift 4
  local metrics=gpu__time_duration.sum cap=()
  if [ -n "${NCU_METRICS:-}" ]; then metrics=$NCU_METRICS reps=1 cap=(-c 40); fi
  for i in $(seq 1 "$reps"); do
    (cd "${PROF_DIR:-.}" && ncu --clock-control none --metrics "$metrics" "${cap[@]}" --print-units base \
        --csv --log-file "$OUT/ncu/$tag.$var.$i.csv" -k "regex:$re" \
        "$B/$tag.$var" "$@" > "$OUT/stdout/$tag.$var.$i.txt" 2>&1)
  done
}

# measure_in SET: the start of a timing script (measure-test2.sh and
# later): the copies in .devcarry/costs-SET ($D, from the repository root),
# the programs built into /tmp/costs-SET-bin ($B) and run there
# ($PROF_DIR), $OUT made absolute, and, unless BUILD_ONLY is set, the
# machine's description in $OUT/env.txt.
measure_in() {
  D=$(pwd)/.devcarry/costs-$1
  B=/tmp/costs-$1-bin
  mkdir -p "$B" "$OUT/ncu" "$OUT/stdout"
  OUT=$(cd "$OUT" && pwd)
  NVCC="${NICE:-} nvcc -O3 -arch=sm_90"
  PROF_DIR=$B
  [ -n "${BUILD_ONLY:-}" ] || { nvidia-smi; nvcc --version; ncu --version; date -u; } > "$OUT/env.txt" 2>&1
}

# build TAG VARIANT "SOURCES" "EXTRA-FLAGS": $NVCC into $B/TAG.VARIANT, in
# the background unless SERIAL is set; builds_done waits for them, lists
# them, and ends the script there with BUILD_ONLY.
build1() { $NVCC $4 -o "$B/$1.$2" $3 > "$OUT/stdout/build.$1.$2.txt" 2>&1 || echo "BUILD FAILED $1.$2 (see $OUT/stdout/build.$1.$2.txt)"; }
build() { if [ -n "${SERIAL:-}" ]; then build1 "$@"; else build1 "$@" & fi; }
builds_done() { wait; ls -la "$B"; [ -z "${BUILD_ONLY:-}" ] || exit 0; }
