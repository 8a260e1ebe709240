#!/usr/bin/env bash
# README command 1: set up, build, and analyze the bundled transposition
# kernels, printing the findings.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
echo "== cuda-access-lint kernels/transpose.cu"
./build/bin/cuda-access-lint kernels/transpose.cu -- -Iruntime/include
