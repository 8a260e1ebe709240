#!/usr/bin/env bash
# The research tests: research/tests/, a lit suite of its own (tests of the
# research scripts), and the relative links of research/'s Markdown files.
# The product's test command (scripts/run-tests.sh, ctest) runs none of
# them. Needs the product built first (bash scripts/build.sh) for the tests
# that call cuda-access-lint, and lit and FileCheck (LLVM 22).
#   bash research/run-tests.sh [lit options...]
set -euo pipefail
cd "$(dirname "$0")/.."
python3 test/docs/check-md-links.py . --only research
lit=$(command -v lit || command -v llvm-lit || echo /usr/lib/llvm-22/bin/lit)
exec "$lit" -sv "$@" --param build="$PWD/build" research/tests
