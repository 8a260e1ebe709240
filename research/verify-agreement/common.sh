# Shared by the GPU-machine scripts of this folder (sourced, not run).

# Builds the runtime alone (no analyzer, no tests) into build-gpu, logging to
# $OUT/build.txt, and sets V to its cuda-access-verify; exits on failure.
build_runtime() {
  cmake -S . -B build-gpu -G Ninja -DCAL_ENABLE_ANALYZER=OFF \
    -DCAL_ENABLE_TESTS=OFF >"$OUT/build.txt" 2>&1 &&
    ninja -C build-gpu >>"$OUT/build.txt" 2>&1 ||
    { tail -30 "$OUT/build.txt"; exit 1; }
  V=$PWD/build-gpu/bin/cuda-access-verify
}

# Milliseconds since $1, a `date +%s%N` reading.
ms() { echo $((($(date +%s%N) - $1) / 1000000)); }
