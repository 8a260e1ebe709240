#!/usr/bin/env bash
# Builds and profiles the programs of a programs manifest (programs-dev.json,
# programs-test.json) on the GPU machine, the way docs/real-code.md ("How it
# was measured") measured the previous corpus, and leaves the results under
# $OUT/SET/. Runs from the repository root; needs nvcc, ncu and python3 (no
# clang, no network).
#
#   research/unseen-code/measure-device.sh [--dry-run|--build-only] \
#       SRC PROGRAMS.json [SET]
#
# SRC      the sources laid out as <owner>+<name>/<path> (extract.sh), carried
#          in as a git-ignored folder, e.g. .devcarry/corpus-unseen
# SET      the output folder's name (default: from PROGRAMS.json,
#          programs-dev.json -> dev)
# --dry-run     check the manifest and the sources, print every command, run
#               nothing (needs neither nvcc nor ncu)
# --build-only  build the programs and stop (to check the builds where there
#               is no GPU; e.g. JOBS=2 nice -n 19 ...)
#
# Environment: OUT (default WORK/out), JOBS (parallel builds and dumps,
# default 8), PROG_TIMEOUT (s per program under ncu, default 120),
# PROFILE_BUDGET (s since start after which no further program is profiled,
# default 420: the device runs a command for at most 600 s), WORK (scratch,
# default /tmp/cal-unseen), MAX_FILES (files $OUT may hold, default 8),
# KEEP_REPORTS (1: also return the .ncu-rep files if they fit, default 1),
# FILE_LIMIT (bytes per returned file, default 15 MiB), ONLY (an extended
# regex: only the programs whose name matches, e.g. to measure the rest of a
# set in a second call under another SET name).
#
# Per program NAME: `nvcc -O2 -arch=sm_90 -lineinfo FLAGS BUILD_FLAGS -o NAME
# TUS` in the repository's directory (TUS as absolute paths, so that the line
# table names the file's full path), then
#   ncu --clock-control none --section SourceCounters --section LaunchStats
#       --kernel-id ::regex:.:1 --launch-count 30 --import-source no
#       -o REPORT ./NAME ARGS
# (the first launch of each kernel name), scripts/ncu-source-lines.py REPORT
# (per-PC counters with file:line and SASS) and `ncu -i REPORT --csv --page
# source --print-source sass` (ncu's source page). The sources are copied
# under WORK/SET/.devcarry/src/ first: scripts/eval/realcode-compare.py reduce
# turns a measured path /.../.devcarry/src/<owner>+<name>/<path> into
# <owner>+<name>/<path>, the name its compare step gives the analyzer's files.
#
# $OUT/SET/ gets (each file under 16 MiB, at most MAX_FILES in all of $OUT):
#   log.txt         the run log (GPU, nvcc, ncu, every build, run and dump)
#   reduced.tar.gz  reduced/NAME.csv (realcode-compare.py reduce, run here
#                   when build/bin/cuda-access-verify exists),
#                   logs/ (each build's, run's and dump's output), plan/
#   lines.tar.gz    lines/NAME.lines.csv: the per-PC dumps, reduce's input
#                   (split into lines.tar.gz.part-aa, -ab... if too big)
#   source.tar.gz   source/NAME.source.csv: ncu's source pages (if it fits)
#   reports.tar.gz  reports/NAME.ncu-rep (if KEEP_REPORTS=1 and it fits)
set -u -o pipefail

MODE=run
case "${1:-}" in
--dry-run) MODE=dry; shift ;;
--build-only) MODE=build; shift ;;
esac
SRC=${1:?usage: measure-device.sh [--dry-run|--build-only] SRC PROGRAMS.json [SET]}
PROGRAMS=${2:?programs manifest}
SET=${3:-$(basename "$PROGRAMS" .json)}
SET=${SET#programs-}
OUT=${OUT:-${WORK:-/tmp/cal-unseen}/out}
JOBS=${JOBS:-8}
PROG_TIMEOUT=${PROG_TIMEOUT:-120}
PROFILE_BUDGET=${PROFILE_BUDGET:-420}
MAX_FILES=${MAX_FILES:-8}
KEEP_REPORTS=${KEEP_REPORTS:-1}
W=${WORK:-/tmp/cal-unseen}/$SET
R=$OUT/$SET
T0=$(date +%s)
LIMIT=${FILE_LIMIT:-$((15 * 1024 * 1024))} # bytes per returned file (16 MiB)

if [ ! -f scripts/ncu-source-lines.py ] || [ ! -f scripts/eval/realcode-compare.py ]; then
  echo "measure-device: run from the repository root" >&2
  exit 2
fi
[ -d "$SRC" ] || { echo "measure-device: no sources at $SRC" >&2; exit 2; }
[ -f "$PROGRAMS" ] || { echo "measure-device: no $PROGRAMS" >&2; exit 2; }

rm -rf "$W"
mkdir -p "$W"/{plan,bin,logs,run,reports,lines,source,reduced}
LOG=$R/log.txt
if [ "$MODE" = dry ]; then LOG=$W/log.txt; else mkdir -p "$R"; fi
: >"$LOG"
log() { echo "$*" | tee -a "$LOG"; }
elapsed() { echo $(($(date +%s) - T0)); }

# The sources, where the line table's paths contain /.devcarry/src/.
STAGE=$W/.devcarry/src
mkdir -p "$STAGE"
cp -a "$SRC"/. "$STAGE"/

# The plan: plan/order.txt (names in manifest order), plan/NAME.build (the
# build command), plan/NAME.args (the arguments). Fails on a missing file.
python3 - "$PROGRAMS" "$STAGE" "$W" <<'EOF' || exit 2
import json, os, shlex, sys
manifest, stage, w = sys.argv[1:4]
progs = json.load(open(manifest))["programs"]
bad, names = [], []
for p in progs:
    name = p["name"]
    if not name.replace("-", "").replace("_", "").replace(".", "").isalnum() \
            or name in names:
        bad.append("bad or repeated name %r" % name)
        continue
    root = os.path.join(stage, p["repo_dir"])
    files = p.get("build_files", p["tus"])
    for f in files:
        if not os.path.isfile(os.path.join(root, f)):
            bad.append("%s: no %s/%s" % (name, p["repo_dir"], f))
    cmd = (["nvcc", "-O2", "-arch=sm_90", "-lineinfo"] + p.get("flags", []) +
           p.get("build_flags", []) + ["-o", os.path.join(w, "bin", name)] +
           [os.path.join(root, f) for f in files])
    args = p.get("args", "")
    if isinstance(args, list):
        args = " ".join(shlex.quote(a) for a in args)
    with open(os.path.join(w, "plan", name + ".build"), "w") as fh:
        fh.write("cd %s && %s\n" % (shlex.quote(root),
                                    " ".join(shlex.quote(c) for c in cmd)))
    with open(os.path.join(w, "plan", name + ".args"), "w") as fh:
        fh.write(args + "\n")
    names.append(name)
only = os.environ.get("ONLY")
if only:
    import re
    names = [n for n in names if re.search(only, n)]
with open(os.path.join(w, "plan", "order.txt"), "w") as fh:
    fh.write("".join(n + "\n" for n in names))
for b in bad:
    print("manifest: " + b, file=sys.stderr)
print("%d programs in %s" % (len(names), manifest))
sys.exit(1 if bad else 0)
EOF
NAMES=$(cat "$W/plan/order.txt")
NCU_FLAGS=(--clock-control none --section SourceCounters --section LaunchStats
  --kernel-id ::regex:.:1 --launch-count 30 --import-source no)

if [ "$MODE" = dry ]; then
  for n in $NAMES; do
    echo "build: $(cat "$W/plan/$n.build")"
    echo "  run: (cd $W/run/$n && timeout -k 10 $PROG_TIMEOUT ncu ${NCU_FLAGS[*]} -f -o $W/reports/$n $W/bin/$n $(cat "$W/plan/$n.args"))"
    echo " dump: python3 scripts/ncu-source-lines.py $W/reports/$n.ncu-rep > $W/lines/$n.lines.csv"
    echo "       ncu -i $W/reports/$n.ncu-rep --csv --page source --print-source sass > $W/source/$n.source.csv"
  done
  echo "then: python3 scripts/eval/realcode-compare.py reduce $W/lines $W/reduced; results in $R"
  exit 0
fi

# ------------------------------------------------------------------ build
{
  nvidia-smi -L 2>&1 || echo "no nvidia-smi"
  nvcc --version 2>&1 | tail -1
  ncu --version 2>&1 | tail -1 || echo "no ncu"
  echo "set $SET: $(wc -l <"$W/plan/order.txt") programs of $PROGRAMS, sources $SRC"
} | tee -a "$LOG"
build_one() { # W name
  if bash "$1/plan/$2.build" >"$1/logs/$2.build.log" 2>&1; then
    echo "built $2"
  else
    echo "BUILD FAILED $2: $(grep -m1 -i error "$1/logs/$2.build.log")"
  fi
}
export -f build_one
xargs -P "$JOBS" -n 1 bash -c 'build_one "$0" "$1"' "$W" <"$W/plan/order.txt" |
  tee -a "$LOG"
log "build done at $(elapsed) s: $(ls "$W/bin" | wc -l) of $(wc -l <"$W/plan/order.txt") built"
if [ "$MODE" = build ]; then
  cp -a "$W/logs" "$R/" 2>/dev/null
  exit 0
fi

# ---------------------------------------------------------------- profile
for n in $NAMES; do
  if [ ! -x "$W/bin/$n" ]; then
    log "not profiled $n: not built"
    continue
  fi
  left=$((PROFILE_BUDGET - $(elapsed)))
  if [ "$left" -lt 15 ]; then
    log "NOT PROFILED $n: time budget ($PROFILE_BUDGET s) spent"
    continue
  fi
  t=$PROG_TIMEOUT
  [ "$left" -lt "$t" ] && t=$left
  mkdir -p "$W/run/$n"
  s=$(date +%s)
  # shellcheck disable=SC2046 # the arguments are split on purpose
  (cd "$W/run/$n" && timeout -k 10 "$t" ncu "${NCU_FLAGS[@]}" -f -o "$W/reports/$n" \
    "$W/bin/$n" $(cat "$W/plan/$n.args") </dev/null >"$W/logs/$n.run.log" 2>&1)
  rc=$?
  launches=$(grep -c '^==PROF== Profiling "' "$W/logs/$n.run.log")
  msg="profiled $n rc=$rc in $(($(date +%s) - s)) s, $launches launches"
  [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] && msg="$msg, TIMED OUT after $t s"
  [ -f "$W/reports/$n.ncu-rep" ] || msg="$msg, NO REPORT"
  log "$msg"
  if [ "$rc" -ne 0 ] || [ ! -f "$W/reports/$n.ncu-rep" ]; then
    grep -E '==ERROR==|==WARNING==|rror' "$W/logs/$n.run.log" | head -3 |
      sed 's/^/    /' | tee -a "$LOG"
  fi
done
log "profiling done at $(elapsed) s"

# ------------------------------------------------------------------- dump
dump_one() { # W name
  local w=$1 n=$2 rows
  python3 scripts/ncu-source-lines.py "$w/reports/$n.ncu-rep" \
    >"$w/lines/$n.lines.csv" 2>"$w/logs/$n.dump.log"
  rows=$(($(wc -l <"$w/lines/$n.lines.csv") - 1))
  ncu -i "$w/reports/$n.ncu-rep" --csv --page source --print-source sass \
    >"$w/source/$n.source.csv" 2>>"$w/logs/$n.dump.log"
  echo "  $n: $rows per-PC rows, source page $(wc -l <"$w/source/$n.source.csv") lines"
}
export -f dump_one
ls "$W/reports" | sed -n 's/\.ncu-rep$//p' |
  xargs -P "$JOBS" -n 1 bash -c 'dump_one "$0" "$1"' "$W" | tee -a "$LOG"
log "dumps done at $(elapsed) s"
# The reduction is cuda-access-verify's (`lines`), built only where a
# build/ exists; otherwise reduce lines.tar.gz afterwards (README, step 4).
if [ -x build/bin/cuda-access-verify ]; then
  python3 scripts/eval/realcode-compare.py reduce "$W/lines" "$W/reduced" 2>&1 |
    tee -a "$LOG"
else
  log "no build/bin/cuda-access-verify here: reduce lines.tar.gz afterwards"
fi
for f in "$W"/reduced/*.csv; do
  [ -f "$f" ] && log "reduced $(basename "$f" .csv): $(($(wc -l <"$f") - 1)) rows"
done

# ---------------------------------------------------------------- package
nfiles() { find "$OUT" -type f | wc -l; }
add() { # name dirs... : tar.gz of WORK/SET/dirs into $R/name if it fits
  local f=$R/$1
  shift
  tar -C "$W" -czf "$f" "$@"
  local size
  size=$(stat -c %s "$f")
  if [ "$size" -gt "$LIMIT" ] || [ "$(nfiles)" -gt "$MAX_FILES" ]; then
    rm -f "$f"
    log "left out $(basename "$f"): $size bytes or more than $MAX_FILES files"
    return 1
  fi
  log "wrote $f ($size bytes)"
}
cp "$LOG" "$W/logs/log.txt"
add reduced.tar.gz reduced logs plan || add reduced.tar.gz reduced
tar -C "$W" -czf "$R/lines.tar.gz" lines
if [ "$(stat -c %s "$R/lines.tar.gz")" -gt "$LIMIT" ]; then
  (cd "$R" && split -b "$LIMIT" lines.tar.gz lines.tar.gz.part- &&
    rm lines.tar.gz)
  log "lines.tar.gz split: $(find "$R" -name "lines.tar.gz.part-*" | wc -l) parts (cat lines.tar.gz.part-* | tar -xz)"
else
  log "wrote $R/lines.tar.gz ($(stat -c %s "$R/lines.tar.gz") bytes)"
fi
add source.tar.gz source
[ "$KEEP_REPORTS" = 1 ] && add reports.tar.gz reports
log "total $(elapsed) s"
ls -l "$R"
