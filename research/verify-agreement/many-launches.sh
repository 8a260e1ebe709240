#!/usr/bin/env bash
# The cost of `cuda-access-verify run` on a program with many launches, on
# the GPU machine: builds the runtime and many-launches.cu, then times, for
# each (setup seconds, launches) case, the program alone, `run` with its
# default backend (auto), `run --backend cupti` (one re-run per launch) and
# ncu itself with the selection the ncu backend uses (SourceCounters, the
# first launch of each kernel name). One run each. Results in $OUT/log.txt.
# CUPTI=0 leaves out the `--backend cupti` runs (one program run per
# launch: 50 launches after 5 s of setup take minutes).
#
#   [CUPTI=0] research/verify-agreement/many-launches.sh "0 40" "5 50"
set -u
OUT=${OUT:-/tmp/many-launches}
mkdir -p "$OUT"
LOG=$OUT/log.txt
. "$(dirname "$0")/common.sh"
build_runtime
BIN=/tmp/many-launches
nvcc -O2 -arch=sm_90 -lineinfo -o $BIN research/verify-agreement/many-launches.cu ||
  exit 1
cd /tmp || exit 1
for CASE in "$@"; do
  set -- $CASE
  S=$1 N=$2 TAG=setup$1-launches$2
  T=$(date +%s%N); $BIN "$S" "$N" >/dev/null 2>&1; TA=$(ms $T)
  T=$(date +%s%N)
  "$V" run --json-out "$OUT/$TAG.auto.json" -- $BIN "$S" "$N" \
    >"$OUT/$TAG.auto.txt" 2>&1; RA=$?; TR=$(ms $T)
  TC=0 RC=-
  if [ "${CUPTI:-1}" != 0 ]; then
    T=$(date +%s%N)
    "$V" run --backend cupti --json-out "$OUT/$TAG.cupti.json" -- $BIN "$S" "$N" \
      >"$OUT/$TAG.cupti.txt" 2>&1; RC=$?; TC=$(ms $T)
  fi
  T=$(date +%s%N)
  ncu --section SourceCounters --section LaunchStats --kernel-id ::regex:.:1 \
    --import-source no -f -o /tmp/plain-$TAG $BIN "$S" "$N" >/dev/null 2>&1
  RP=$?; TP=$(ms $T)
  echo "$TAG alone_ms=$TA run_auto_ms=$TR rc=$RA run_cupti_ms=$TC rc=$RC ncu_ms=$TP rc=$RP auto/ncu=$(awk "BEGIN{printf \"%.2f\", $TR/$TP}") cupti/ncu=$(awk "BEGIN{printf \"%.2f\", $TC/$TP}")" |
    tee -a "$LOG"
done
