#!/usr/bin/env bash
# The verifier's two paths on the same launches, on the GPU machine: for
# each program, `cuda-access-verify run` (CUPTI: range profiler and SASS
# metrics) and Nsight Compute (`ncu --section SourceCounters`, first launch
# of each kernel name, as `run --launch-count 1`), whose report the
# verifier then judges through `--ncu-report`; the program is also timed
# alone, under `run` and under ncu. Also lists the SASS metrics CUPTI offers
# for the device's chip. Results under $OUT (set by the device tool).
#
#   research/verify-agreement/run-device.sh PRED_DIR NAME...
# PRED_DIR/NAME.json: cuda-access-lint's JSON for the program (made where
# clang is). The programs are built first by research/unseen-code/
# measure-device.sh --build-only (binaries in /tmp/cal-unseen/SET/bin).
set -u
PRED=${1:?prediction directory}
shift
OUT=${OUT:-/tmp/verify-agreement}
BUDGET=${BUDGET:-470}
mkdir -p "$OUT"/run "$OUT"/ncu "$OUT"/reports
LOG=$OUT/log.txt
START=$(date +%s)
elapsed() { echo $(($(date +%s) - START)); }
{ nvidia-smi -L; nvcc --version | tail -1; ncu --version | tail -1; } >"$LOG" 2>&1

. "$(dirname "$0")/common.sh"
build_runtime
echo "built at $(elapsed) s" >>"$LOG"

# The SASS metrics of this chip (CUPTI's list; which per-instruction
# quantities the CUPTI path could collect).
cat >/tmp/sasslist.cpp <<'CPP'
#include <cuda.h>
#include <cupti_sass_metrics.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cstdio>
#include <vector>
int main() {
  cuInit(0);
  CUpti_Profiler_Initialize_Params I = {CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
  cuptiProfilerInitialize(&I);
  CUpti_Device_GetChipName_Params C = {CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  C.deviceIndex = 0;
  if (cuptiDeviceGetChipName(&C)) { std::puts("no chip name"); return 1; }
  CUpti_SassMetrics_GetNumOfMetrics_Params P = {CUpti_SassMetrics_GetNumOfMetrics_Params_STRUCT_SIZE};
  P.pChipName = C.pChipName;
  if (int R = cuptiSassMetricsGetNumOfMetrics(&P)) { std::printf("error %d\n", R); return 1; }
  std::vector<CUpti_SassMetrics_MetricDetails> V(P.numOfMetrics);
  CUpti_SassMetrics_GetMetrics_Params G = {CUpti_SassMetrics_GetMetrics_Params_STRUCT_SIZE};
  G.pChipName = C.pChipName;
  G.numOfMetrics = P.numOfMetrics;
  G.pMetricsList = V.data();
  if (int R = cuptiSassMetricsGetMetrics(&G)) { std::printf("error %d\n", R); return 1; }
  std::printf("chip %s: %zu SASS metrics\n", C.pChipName, V.size());
  for (auto &M : V) std::printf("%s\t%s\n", M.pMetricName, M.pMetricDescription);
}
CPP
CUDA=$(dirname "$(dirname "$(command -v nvcc)")")
nvcc -o /tmp/sasslist /tmp/sasslist.cpp -I"$CUDA/extras/CUPTI/include" \
  -L"$CUDA/extras/CUPTI/lib64" -L"$CUDA/lib64" -lcupti -lcuda \
  >"$OUT/sass-metrics.txt" 2>&1 &&
  LD_LIBRARY_PATH=$CUDA/extras/CUPTI/lib64:$CUDA/lib64:${LD_LIBRARY_PATH:-} \
    /tmp/sasslist >>"$OUT/sass-metrics.txt" 2>&1

for NAME in "$@"; do
  if [ "$(elapsed)" -gt "$BUDGET" ]; then
    echo "$NAME skipped: budget" >>"$LOG"
    continue
  fi
  BIN=$(ls /tmp/cal-unseen/*/bin/"$NAME" 2>/dev/null | head -1)
  [ -x "$BIN" ] || { echo "$NAME: no binary" >>"$LOG"; continue; }
  D=/tmp/va-run/$NAME
  mkdir -p "$D" && cd "$D" || continue
  T=$(date +%s%N); timeout 60 "$BIN" >/dev/null 2>&1; RA=$?; TA=$(ms $T)
  T=$(date +%s%N)
  timeout 120 "$V" run --launch-count 1 --predictions "$OLDPWD/$PRED/$NAME.json" \
    --measurements-out "$OUT/run/$NAME.measurements.json" \
    --json-out "$OUT/run/$NAME.comparison.json" -- "$BIN" \
    >"$OUT/run/$NAME.txt" 2>&1
  RR=$?; TR=$(ms $T)
  T=$(date +%s%N)
  timeout 120 ncu --clock-control none --section SourceCounters \
    --kernel-id ::regex:.:1 --launch-count 30 --import-source no -f \
    -o "$OUT/reports/$NAME" "$BIN" >"$OUT/ncu/$NAME.ncu.txt" 2>&1
  RN=$?; TN=$(ms $T)
  cd "$OLDPWD" || exit 1
  "$V" --ncu-report "$OUT/reports/$NAME.ncu-rep" \
    --predictions "$PRED/$NAME.json" \
    --json-out "$OUT/ncu/$NAME.comparison.json" >"$OUT/ncu/$NAME.txt" 2>&1
  RV=$?
  python3 scripts/ncu-source-lines.py "$OUT/reports/$NAME.ncu-rep" \
    >"$OUT/ncu/$NAME.lines.csv" 2>/dev/null
  echo "$NAME alone_ms=$TA rc=$RA run_ms=$TR rc=$RR ncu_ms=$TN rc=$RN ncu_report_rc=$RV" |
    tee -a "$LOG"
done
echo "done at $(elapsed) s" >>"$LOG"
cd "$OUT" && tar -czf reports.tar.gz reports && rm -rf reports &&
  tar -czf results.tar.gz run ncu && rm -rf run ncu
