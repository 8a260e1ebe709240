#!/usr/bin/env bash
# The HTML report from the recorded H100 run (docs/verify-run-h100.md),
# without a GPU: cuda-access-lint predicts examples/ and the reference suite
# here, cuda-access-verify compares the predictions with the recorded
# measurements and writes the CSV and the page, and check_report.py checks
# the page against the CSV. A third page comes from predictions with one
# figure made wrong on purpose (the transposed tile's column read predicted
# conflict-free), so that highlighted mismatches are checked too. The pages
# are left in OUT for check-browser.sh.
#   make-reports.sh LINT VERIFY SRC OUT
set -euo pipefail
lint=$1 verify=$2 src=$3 out=$4
mkdir -p "$out"
cd "$src"
rec=test/data/verify-run-h100
"$lint" --format=json --quiet --arch=sm_90 examples/access_patterns.cu -- \
  > "$out/app-predictions.json"
"$lint" --format=json --quiet kernels/*.cu -- -Iruntime/include \
  > "$out/suite-predictions.json"
python3 - "$out/app-predictions.json" "$out/wrong-predictions.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    if k["name"] == "transposeTile":
        for a in k["accesses"]:
            if a["space"] == "shared" and a["kind"] == "load":
                a["wavefronts_per_request"] = {"min": 1, "mean": 1, "max": 1}
        k["summary"]["shared_load"]["wavefronts_per_request"] = 1
json.dump(d, open(sys.argv[2], "w"))
PY

# report NAME PREDICTIONS MEASUREMENTS EXPECTED_EXIT
report() {
  local rc=0
  "$verify" --predictions "$out/$2" --measurements "$rec/$3" \
    --csv-out "$out/$1.csv" --html "$out/$1.html" --source-root "$src" \
    --html-title "$1" > "$out/$1.txt" || rc=$?
  if [ "$rc" -ne "$4" ]; then
    echo "FAIL: $1: cuda-access-verify exited $rc, expected $4"
    exit 1
  fi
  echo "== $1: $(tail -n 1 "$out/$1.txt")"
  python3 "$src/test/html/check_report.py" "$out/$1.html" "$out/$1.csv" \
    --source-root "$src"
}
report app app-predictions.json app-measurements.json 0
report suite suite-predictions.json suite-all-measurements.json 0
report wrong wrong-predictions.json app-measurements.json 1
# The wrong prediction must show: mismatching rows in the CSV, the points
# and lines the checker counted against them.
grep -q ',MISMATCH,' "$out/wrong.csv" || { echo "FAIL: no mismatch"; exit 1; }
