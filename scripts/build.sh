#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and builds everything into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
runtime=$(bash scripts/setup.sh | tail -n 1)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -D"$runtime" >/dev/null
cmake --build build -j "$(nproc)"
