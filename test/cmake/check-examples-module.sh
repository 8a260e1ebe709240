#!/usr/bin/env bash
# cmake/CudaAccessVerify.cmake as a user meets it: examples/ configured as a
# standalone project with the freshly built tools named by cache variables,
# built (nvcc compiles the program, cuda-access-lint writes the predictions
# from the compile_commands.json), and its ctest run. Without a GPU the test
# must be reported skipped (cuda-access-verify run exits 77); with one it
# must pass. Skipped (77) when there is no nvcc.
#   check-examples-module.sh LINT VERIFY SRC OUT NVCC CMAKE CTEST
set -euo pipefail
lint=$1 verify=$2 src=$3 out=$4 nvcc=${5:-} cmake=${6:-cmake} ctest=${7:-ctest}
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  nvcc=$(command -v nvcc || true)
  [ -x /usr/local/cuda/bin/nvcc ] && [ -z "$nvcc" ] && nvcc=/usr/local/cuda/bin/nvcc
fi
if [ -z "$nvcc" ]; then
  echo "SKIPPED: no nvcc (the CUDA toolkit) to build examples/"
  exit 77
fi
rm -rf "$out"
"$cmake" -S "$src/examples" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_COMPILER="$nvcc" -DCUDA_ACCESS_LINT="$lint" \
  -DCUDA_ACCESS_VERIFY="$verify" -DCUDA_ACCESS_VERIFY_REQUIRED=ON \
  > "$out.configure.log" 2>&1 || { cat "$out.configure.log"; exit 1; }
"$cmake" --build "$out" -j 2 > "$out.build.log" 2>&1 \
  || { cat "$out.build.log"; exit 1; }
pred="$out/access-patterns.verify.predictions.json"
n=$(grep -c '"mangled_name"' "$pred" || true)
echo "predictions at build time: $pred ($n kernels)"
[ "$n" -eq 3 ] || { echo "FAIL: expected the 3 kernels of access_patterns.cu"; exit 1; }
[ -f "$out/compile_commands.json" ] \
  || { echo "FAIL: no compile_commands.json for cuda-access-lint -p"; exit 1; }

rc=0
"$ctest" --test-dir "$out" --output-on-failure -V > "$out.ctest.log" 2>&1 || rc=$?
grep -E "access-patterns.verify|skipped|Skipped|tests passed|Test command" "$out.ctest.log" || true
[ "$rc" -eq 0 ] || { echo "FAIL: ctest exited $rc"; cat "$out.ctest.log"; exit 1; }
grep -qF -- "\"run\" \"--predictions\" \"$pred\"" "$out.ctest.log" \
  || { echo "FAIL: the test does not run cuda-access-verify run --predictions"; exit 1; }
if grep -q "skipped: no CUDA device" "$out.ctest.log"; then
  grep -Eq "access-patterns.verify .*Skipped" "$out.ctest.log" \
    || { echo "FAIL: exit 77 not reported as skipped"; exit 1; }
  echo "ok: no GPU here, and the test was reported skipped (exit 77)"
else
  grep -Eq "access-patterns.verify .*Passed" "$out.ctest.log" \
    || { echo "FAIL: the test neither passed nor was skipped"; exit 1; }
  echo "ok: the test ran on the GPU and passed"
fi
