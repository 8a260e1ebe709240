#!/usr/bin/env bash
# Re-compares the current analyzer with the recorded H100 counters of the
# reference suite (test/data/measurements-h100.json) and rewrites the current
# comparison record in research/data/ (docs/measurements-h100.md explains it).
# No GPU is needed. Run after scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
d=research/data
build/bin/cuda-access-lint --format=json kernels/*.cu -- -Iruntime/include \
  > "$d/predictions-h100.json"
set +e
build/bin/cuda-access-verify --measurements test/data/measurements-h100.json \
  --predictions "$d/predictions-h100.json" --bandwidth \
  --json-out "$d/comparison-h100.json" --csv-out "$d/comparison-h100.csv" \
  > "$d/verifier-table-h100.txt"
rc=$?
set -e
tail -n 1 "$d/verifier-table-h100.txt"
exit $rc
