#!/usr/bin/env bash
# The installed tools with nothing from the build tree: `cmake --install`
# into a temporary prefix, the prefix MOVED elsewhere (a path compiled into
# the binary cannot point into it any more), then a lint of a file with a
# known warning, with the built-in CUDA header and with the toolkit's; the
# compile command (-v) must take clang's headers and the built-in ones from
# the moved prefix. find_package(CudaAccessVerify) must work from it.
#   check-relocated.sh BUILD SRC WORK CMAKE
set -euo pipefail
build=$1 src=$2 work=$3 cmake=$4
rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/staged" >"$work/install.log"
mv "$work/staged" "$work/moved"
p=$work/moved
fail() { echo "FAIL: $*"; exit 1; }

files=(bin/cuda-access-lint
       share/cuda-access-lint/include/cal_cuda_minimal.h
       share/cuda-access-lint/include/cal_nvcc_compat.h
       lib/cuda-access-lint/clang/include/__clang_cuda_runtime_wrapper.h
       lib/cmake/CudaAccessVerify/CudaAccessVerifyConfig.cmake
       lib/cmake/CudaAccessVerify/CudaAccessVerifyConfigVersion.cmake
       lib/cmake/CudaAccessVerify/CudaAccessVerify.cmake
       share/doc/cuda-access-lint/README.md
       share/doc/cuda-access-lint/CHANGELOG.md
       share/doc/cuda-access-lint/docs/prediction-schema.md)
verify=0
if [ -x "$build/bin/cuda-access-verify" ]; then
  verify=1
  files+=(bin/cuda-access-verify lib/libcal-inject.so
          share/cuda-access-lint/ncu-source-lines.py)
fi
for f in "${files[@]}"; do
  [ -e "$p/$f" ] || fail "$f is not installed"
done
# The run path names the system's clang libraries, never the build tree.
if command -v readelf >/dev/null; then
  for b in "$p/bin/"*; do
    if readelf -d "$b" | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
      fail "$b's run path names the build tree"
    fi
  done
fi

"$p/bin/cuda-access-lint" --version >"$work/version.txt"
grep -Eq '^cuda-access-lint version [0-9]+\.[0-9]+\.[0-9]+' "$work/version.txt" \
  || fail "--version: $(cat "$work/version.txt")"
# The build's version, the same in both tools.
"$build/bin/cuda-access-lint" --version | cmp -s - "$work/version.txt" \
  || fail "the installed tool's version differs from the build's"
if [ $verify = 1 ]; then
  v=$("$p/bin/cuda-access-verify" --version | head -n 1)
  [ "${v#cuda-access-verify }" = "$(head -n 1 "$work/version.txt" | sed 's/^cuda-access-lint //')" ] \
    || fail "cuda-access-verify --version: '$v'"
fi

cp "$src/test/install/Inputs/strided.cu" "$work/strided.cu"
cd "$work"
lint() {
  local mode=$1; shift
  "$p/bin/cuda-access-lint" --header-cache=off -v "$@" strided.cu -- \
    >"$work/$mode.out" 2>&1 || fail "$mode: exit $? ($(tail -n 3 "$work/$mode.out"))"
  grep -q 'strided.cu:2:39: warning: .*\[cuda-uncoalesced-global\]' "$work/$mode.out" \
    || fail "$mode: no uncoalesced-global warning: $(cat "$work/$mode.out")"
  grep -qF -- "-resource-dir=$p/lib/cuda-access-lint/clang " "$work/$mode.out" \
    || fail "$mode: clang's headers are not the installed ones"
  grep -qF -- "-include $p/share/cuda-access-lint/include/cal_nvcc_compat.h" "$work/$mode.out" \
    || fail "$mode: the built-in header is not the installed one"
  if grep -F -- "-include $src/analyzer/" "$work/$mode.out"; then
    fail "$mode: a header from the source tree"
  fi
  echo "ok: $mode"
}
lint builtin-header --no-cuda-toolkit
grep -qF -- "-include $p/share/cuda-access-lint/include/cal_cuda_minimal.h" "$work/builtin-header.out" \
  || fail "the built-in CUDA header is not the installed one"
if [ -e "${CUDA_PATH:-/usr/local/cuda}/include/cuda_runtime.h" ]; then
  lint toolkit
else
  echo "note: no CUDA toolkit; the lint with its headers is left out"
fi

# find_package(CudaAccessVerify) from the moved prefix, as a user project.
mkdir -p "$work/user"
cat >"$work/user/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.20)
project(user LANGUAGES NONE)
find_package(CudaAccessVerify 0.1 REQUIRED)
if(NOT COMMAND cuda_access_verify_test)
  message(FATAL_ERROR "cuda_access_verify_test is not defined")
endif()
message(STATUS "lint=${CUDA_ACCESS_LINT}")
message(STATUS "verify=${CUDA_ACCESS_VERIFY}")
CM
"$cmake" -S "$work/user" -B "$work/user/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$p" >"$work/user.log" 2>&1 \
  || fail "find_package(CudaAccessVerify): $(cat "$work/user.log")"
grep -qF -- "lint=$p/bin/cuda-access-lint" "$work/user.log" \
  || fail "find_package did not name the installed cuda-access-lint: $(cat "$work/user.log")"
if [ $verify = 1 ]; then
  grep -qF -- "verify=$p/bin/cuda-access-verify" "$work/user.log" \
    || fail "find_package did not name the installed cuda-access-verify"
fi
echo "ok: find_package(CudaAccessVerify)"
echo "PASS"
