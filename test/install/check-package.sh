#!/usr/bin/env bash
# The packages as a user gets them: cpack builds the .tar.gz and the .deb
# from the build tree; the .deb's control fields are checked (clang's
# run-time libraries required, CUDA only recommended), it is unpacked with
# `dpkg -x` into a temporary root and its tool runs there (--version, a
# lint with a known warning); the tarball is unpacked and run the same way.
# Skipped (77) without dpkg-deb.
#   check-package.sh BUILD SRC WORK CPACK
set -euo pipefail
build=$1 src=$2 work=$3 cpack=$4
if ! command -v dpkg-deb >/dev/null || ! command -v dpkg >/dev/null; then
  echo "SKIPPED: dpkg-deb is not installed; the .deb is neither built nor checked"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work"
start=$(date +%s)
"$cpack" --config "$build/CPackConfig.cmake" -G "TGZ;DEB" -B "$work/out" \
  >"$work/cpack.log" 2>&1 || fail "cpack: $(tail -n 20 "$work/cpack.log")"
echo "cpack: $(( $(date +%s) - start )) s"
debs=("$work"/out/*.deb)
tgzs=("$work"/out/*.tar.gz)
[ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ] || fail "no single .deb in $work/out"
[ ${#tgzs[@]} = 1 ] && [ -f "${tgzs[0]}" ] || fail "no single .tar.gz in $work/out"
deb=${debs[0]} tgz=${tgzs[0]}
ls -l "$deb" "$tgz"

# The package's version is the build's.
want=$("$build/bin/cuda-access-lint" --version | sed -n 's/^cuda-access-lint version //p')
got=$(dpkg-deb -f "$deb" Version)
[ "$got" = "$want" ] || fail ".deb version '$got', the tool says '$want'"
case "$tgz" in *"cuda-access-lint-$want-"*) ;; *) fail "tarball name $tgz lacks $want" ;; esac
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
echo "Recommends: $(dpkg-deb -f "$deb" Recommends)"
for lib in libclang-cpp22 libllvm22; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib"
done
[[ "$depends" != *cuda* ]] || fail "Depends names CUDA, which must only be recommended"
# Every library the tool links is in a package the .deb depends on (or in
# the C and C++ run-time libraries, which every Debian system has).
while read -r so; do
  # /usr/lib/llvm-22/lib's links belong to the -dev packages; the files
  # they point to, to the run-time ones.
  pkg=$(dpkg -S "$(readlink -f "$so")" 2>/dev/null | head -n 1 | cut -d: -f1) || true
  case "$pkg" in
    ""|libc6|libstdc++6|libgcc-s1) ;;
    *) [[ "$depends" == *"$pkg"* ]] || fail "links $so (package $pkg), not in Depends" ;;
  esac
done < <(ldd "$build/bin/cuda-access-lint" | awk '$3 ~ /^\// && $1 ~ /^lib(clang|LLVM)/ {print $3}')

cp "$src/test/install/Inputs/strided.cu" "$work/strided.cu"
cd "$work"
check_tool() { # check_tool LABEL PREFIX
  local label=$1 p=$2
  "$p/bin/cuda-access-lint" --version >"$work/$label.version" \
    || fail "$label: --version failed"
  grep -qxF "cuda-access-lint version $want" "$work/$label.version" \
    || fail "$label: --version says $(head -n 1 "$work/$label.version")"
  "$p/bin/cuda-access-lint" --header-cache=off --no-cuda-toolkit -v strided.cu -- \
    >"$work/$label.out" 2>&1 || fail "$label: lint failed: $(tail -n 3 "$work/$label.out")"
  grep -q 'strided.cu:2:39: warning: .*\[cuda-uncoalesced-global\]' "$work/$label.out" \
    || fail "$label: no uncoalesced-global warning"
  grep -qF -- "-resource-dir=$p/lib/cuda-access-lint/clang " "$work/$label.out" \
    || fail "$label: clang's headers are not the package's"
  echo "ok: $label"
}
dpkg -x "$deb" "$work/root"
check_tool deb "$work/root/usr"
mkdir "$work/tgz"
tar -xzf "$tgz" -C "$work/tgz"
check_tool tgz "$(echo "$work"/tgz/cuda-access-lint-*)"
echo "PASS ($(( $(date +%s) - start )) s)"
