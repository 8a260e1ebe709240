#!/usr/bin/env bash
# The analyzer's predictions for examples/, made where clang is (the GPU
# machine has none), into the git-ignored .devcarry/ that travels with the
# working tree to the GPU machine:
#   research/gpu-runs/predict-examples.sh [BUILD_DIR]
#   -> .devcarry/examples-predictions.json
set -eu
BUILD=${1:-build}
mkdir -p .devcarry
"$BUILD/bin/cuda-access-lint" --format=json --arch=sm_90 \
  examples/access_patterns.cu -- >.devcarry/examples-predictions.json
echo ".devcarry/examples-predictions.json: $(grep -c '"mangled_name"' \
  .devcarry/examples-predictions.json) kernel entries"
