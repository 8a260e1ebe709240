#!/bin/sh
# Exit codes of `cuda-access-verify run` that need no GPU (docs/runtime.md).
# Usage: run-exit-codes.sh VERIFIER
V="$1"
fail=0
expect() { # expect RC PATTERN -- command...
  want=$1 pattern=$2
  shift 3
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want" ] || ! printf '%s' "$out" | grep -q -- "$pattern"; then
    echo "FAIL: $* -> rc $rc (want $want), output:"
    printf '%s\n' "$out"
    fail=1
  else
    echo "ok: $* -> $rc"
  fi
}
# Usage errors are found before the program or the device is looked at.
expect 2 "no such executable file" -- "$V" run -- /nonexistent/program
expect 2 "in PATH" -- "$V" run -- cal-no-such-program-anywhere
expect 2 "no program given" -- "$V" run --
expect 2 "not a valid regular expression" -- "$V" run --kernel 'a(' -- /bin/true
expect 2 "non-negative integer" -- "$V" run --launch-count x -- /bin/true
expect 2 "unknown option" -- "$V" run --bogus 1 -- /bin/true
# The conventions of cuda-access-lint's command line: an error: prefix, the
# nearest option for a misspelt one, --name=value as well as --name value.
expect 2 "error: unknown option '--lauch-count'; did you mean '--launch-count'?" -- "$V" run --lauch-count 1 -- /bin/true
expect 2 "error: --launch-count needs a non-negative integer, got 'x'" -- "$V" run --launch-count=x -- /bin/true
expect 2 "error: --no-sass does not take a value" -- "$V" run --no-sass=1 -- /bin/true
expect 2 "error: unknown option '--predictons'; did you mean '--predictions'?" -- "$V" --predictons p.json
expect 2 "error: --backend must be auto, cupti or ncu" -- "$V" run --backend=nvprof -- /bin/true
expect 4 "injection library" -- "$V" run --inject-lib /nonexistent.so -- /bin/true
# A file that is not JSON is a usage error that names the file, the line
# and the column, for run and for the offline comparison alike.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '{"version": 1,\n "kernels": [}\n' >"$T/bad.json"
expect 2 "run: error: $T/bad.json:2:14: JSON: syntax error" -- "$V" run --predictions "$T/bad.json" -- /bin/true
expect 2 "verify: error: $T/bad.json:2:14: JSON: syntax error" -- "$V" --predictions "$T/bad.json" --measurements "$T/bad.json"
expect 2 "verify: error: $T/bad.json:2:14: JSON: syntax error" -- "$V" --measurements "$T/bad.json"

# /bin/true: 77 without a device (and is not run), 5 with one (it never
# initialises CUDA, so no launch is measured).
out=$("$V" run -- /bin/true 2>&1)
rc=$?
case "$out" in
*"skipped: no CUDA device"*)
  [ $rc -eq 77 ] || { echo "FAIL: no device but rc $rc"; fail=1; } ;;
*)
  [ $rc -eq 5 ] && printf '%s' "$out" | grep -q "no kernel launch was measured" ||
    { echo "FAIL: /bin/true on a GPU: rc $rc: $out"; fail=1; } ;;
esac
echo "/bin/true -> $rc: $out"
exit $fail
