#!/usr/bin/env bash
# Regression test of the analyzer against the GPU: predicts the reference
# suite (kernels/) with the current analyzer and compares the predictions
# with the H100 counters recorded in test/data/measurements-h100.json (see
# docs/measurements-h100.md for how they were measured). No GPU is needed;
# the verifier exits 0 only when every judged row agrees within tolerance.
set -euo pipefail
lint=$1 verify=$2 src=$3 out=$4
mkdir -p "$out"
cd "$src"
"$lint" --format=json kernels/*.cu -- -Iruntime/include > "$out/predictions.json"
"$verify" --predictions "$out/predictions.json" \
  --measurements test/data/measurements-h100.json > "$out/table.txt"
tail -n 1 "$out/table.txt"
