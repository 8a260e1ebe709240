#!/usr/bin/env bash
# `run --backend ncu` against `run` (CUPTI) and plain ncu on the GPU
# machine: builds the runtime and the named programs of the first round's
# manifests, then times each program alone, under `run`, under
# `run --backend ncu` and under ncu itself (SourceCounters, first launch of
# each kernel name), keeping each comparison's JSON. Results under $OUT.
#
#   [RUN_ARGS=...] research/verify-agreement/backend-device.sh PRED_DIR NAME...
# RUN_ARGS: the CUPTI run's selection (default --launch-count 1; empty for
# the verifier's default, the first 3 launches of each configuration).
set -u
PRED=${1:?prediction directory}
shift
OUT=${OUT:-/tmp/backend}
mkdir -p "$OUT"
LOG=$OUT/log.txt
. "$(dirname "$0")/common.sh"
build_runtime
ONLY="^($(echo "$@" | tr ' ' '|'))\$"
for SET in dev:programs-dev.json test:programs-test.json; do
  ONLY=$ONLY JOBS=8 bash research/unseen-code/measure-device.sh --build-only \
    .devcarry/corpus-unseen research/unseen-code/${SET#*:} ${SET%%:*} \
    >>"$OUT/build.txt" 2>&1
done
for NAME in "$@"; do
  BIN=$(ls /tmp/cal-unseen/*/bin/"$NAME" 2>/dev/null | head -1)
  [ -x "$BIN" ] || { echo "$NAME: no binary" >>"$LOG"; continue; }
  P=$PWD/$PRED/$NAME.json
  D=/tmp/be-run/$NAME && mkdir -p "$D" && cd "$D" || continue
  T=$(date +%s%N); "$BIN" >/dev/null 2>&1; TA=$(ms $T)
  T=$(date +%s%N)
  "$V" run ${RUN_ARGS---launch-count 1} --predictions "$P" --json-out "$OUT/$NAME.cupti.json" \
    -- "$BIN" >"$OUT/$NAME.cupti.txt" 2>&1; RC=$?; TC=$(ms $T)
  T=$(date +%s%N)
  "$V" run --backend ncu --predictions "$P" --json-out "$OUT/$NAME.ncu-backend.json" \
    -- "$BIN" >"$OUT/$NAME.ncu-backend.txt" 2>&1; RN=$?; TN=$(ms $T)
  T=$(date +%s%N)
  ncu --section SourceCounters --section LaunchStats --kernel-id ::regex:.:1 \
    --import-source no -f -o "$D/plain" "$BIN" >/dev/null 2>&1; RP=$?; TP=$(ms $T)
  cd - >/dev/null || exit 1
  echo "$NAME alone_ms=$TA cupti_ms=$TC rc=$RC ncu_backend_ms=$TN rc=$RN ncu_ms=$TP rc=$RP" |
    tee -a "$LOG"
done
