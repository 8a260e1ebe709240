#!/bin/sh
# A stand-in for Nsight Compute in the offline test of `run --backend ncu`:
# records its arguments next to the report it is asked for (-o PATH), writes
# an empty PATH.ncu-rep, then runs the program (the first argument that is
# not an option or an option's value) and returns its exit status, as ncu
# does.
out=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    -f) shift ;;
    --*) shift 2 ;;
    *) break ;;
  esac
done
[ -n "$out" ] || { echo "fake-ncu: no -o" >&2; exit 9; }
: >"$out.ncu-rep"
"$@"
