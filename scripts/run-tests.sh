#!/usr/bin/env bash
# README command 2: set up, build, and run every test (unit, lit, runtime;
# GPU tests are reported as skipped on machines without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
