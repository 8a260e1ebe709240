#!/usr/bin/env bash
# README command 2: set up, build, and run every test (unit, lit, runtime;
# GPU tests are reported as skipped on machines without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
# The ASan+UBSan build (scripts/sanitize.sh, docs/testing-at-scale.md):
# about half an hour more on a 2-core machine, so opt-in; CI switches it
# on with CAL_SANITIZE=1.
if [ "${CAL_SANITIZE:-0}" = 1 ]; then
  bash scripts/sanitize.sh
fi
