#!/bin/sh
# The verifier reads every prediction file the analyzer writes: for each
# CUDA input of the lit tests and of kernels/, the analyzer's JSON is given
# to cuda-access-verify with the recorded H100 measurements. The verifier
# may judge nothing (exit 7) or find mismatches (1): what fails is a file it
# cannot read (2). The analyzer's own exit code does not matter here (some
# inputs are errors by design); a file it wrote no JSON for is skipped.
#   schema-roundtrip.sh LINT VERIFY SRCROOT MEASUREMENTS
set -u
LINT=$1 VERIFY=$2 SRC=$3 MEAS=$4
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0 bad=0
for f in $(find "$SRC/test/lit" "$SRC/kernels" -name '*.cu' | sort); do
  "$LINT" --format=json --quiet --header-cache=off "$f" -- \
    -I"$SRC/runtime/include" >"$T/p.json" 2>/dev/null
  [ -s "$T/p.json" ] || continue
  n=$((n + 1))
  "$VERIFY" --predictions "$T/p.json" --measurements "$MEAS" >/dev/null 2>"$T/err"
  if [ $? -eq 2 ]; then
    bad=$((bad + 1))
    echo "not read: $f: $(head -1 "$T/err")"
  fi
done
echo "prediction files read: $((n - bad)) of $n"
[ "$bad" -eq 0 ] && [ "$n" -gt 50 ]
