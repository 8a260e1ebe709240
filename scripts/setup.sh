#!/usr/bin/env bash
# Installs what cuda-access-lint needs on a Debian machine, if missing, and
# checks the CUDA toolkit. Idempotent: a second run installs nothing.
# Called by the other scripts; there is no need to run it by hand.
#
# Required: the build (clang/LLVM 22, CMake, ninja, g++, nlohmann/json for
# the verifier) and the tests
# (GoogleTest, lit and FileCheck from llvm-22-tools, python3 with jsonschema
# for the SARIF schema and yaml for the CI files, pre-commit and git for the
# hook test, clang-apply-replacements from clang-tools-22, the sanitizer
# run-time libraries for scripts/sanitize.sh). dpkg-deb, which the package
# test uses, is part of Debian's dpkg.
# Optional, and their tests are skipped with a message without them:
# Chromium (the HTML report's browser test), Emacs (emacs-nox) with
# eglot (elpa-eglot, before Emacs 29 has it built in) and Neovim (the
# editor snippets' and language-server clients' tests), installed below
# where the archive has them; nvim-lint (never installed: its test runs where the user has
# it), a container engine (the image test: never installed
# here), the CUDA toolkit (checked at the end) and a GPU.
set -euo pipefail

need_pkgs=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools cmake ninja-build
           libgtest-dev nlohmann-json3-dev g++ python3 python3-jsonschema
           python3-yaml pre-commit git clang-tools-22 libclang-rt-22-dev)
missing=()
for p in "${need_pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Optional: Chromium renders the HTML report in its browser test
# (test/html/check-browser.sh), which is skipped, not failed, without it.
# Its absence from the archive or a failed install must not stop the build.
if ! command -v chromium >/dev/null 2>&1 && ! dpkg -s chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO=sudo
  if [ "$(id -u)" -eq 0 ] || [ -n "$SUDO" ]; then
    echo "setup: installing chromium (optional)" >&2
    { [ ${#missing[@]} -gt 0 ] || $SUDO apt-get update -qq; } >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium \
      >/dev/null 2>&1 \
      || echo "setup: chromium is not available; the HTML report's browser test will be skipped" >&2
  fi
fi
# Optional: Emacs and Neovim run the README's editor snippets
# (test/lit/cli/editor-*.test) and language-server set-ups
# (test/lit/lsp/), which are skipped, not failed, without them.
opt_editors=()
command -v emacs >/dev/null 2>&1 || dpkg -s emacs-nox >/dev/null 2>&1 || opt_editors+=(emacs-nox)
emacs --batch -q --eval "(require 'eglot)" >/dev/null 2>&1 || dpkg -s elpa-eglot >/dev/null 2>&1 || opt_editors+=(elpa-eglot)
command -v nvim >/dev/null 2>&1 || dpkg -s neovim >/dev/null 2>&1 || opt_editors+=(neovim)
if [ ${#opt_editors[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && SUDO=sudo
  if [ "$(id -u)" -eq 0 ] || [ -n "$SUDO" ]; then
    echo "setup: installing ${opt_editors[*]} (optional)" >&2
    # A package list may be missing or stale where nothing else was installed.
    { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${opt_editors[@]}" \
        || { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
             $SUDO apt-get install -y -qq "${opt_editors[@]}"; }; } >/dev/null 2>&1 \
      || echo "setup: ${opt_editors[*]} not available; the editor snippets' tests will be skipped" >&2
  fi
fi
for t in /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/lit; do
  [ -x "$t" ] || { echo "setup: error: $t missing after installing llvm-22-tools" >&2; exit 1; }
done

# The CUDA toolkit is optional for the analyzer (it falls back to a built-in
# header) but needed to build the runtime verifier and the reference kernels.
cuda="${CUDA_PATH:-/usr/local/cuda}"
problems=()
# any_of PATTERN...: true if any glob matches an existing file.
any_of() { for p in "$@"; do for f in $p; do [ -e "$f" ] && return 0; done; done; return 1; }
[ -x "$cuda/bin/nvcc" ] || problems+=("nvcc ($cuda/bin/nvcc)")
any_of "$cuda/lib64/libcudart.so*" "$cuda/lib/libcudart.so*" "$cuda/targets/*/lib/libcudart.so*" \
  || problems+=("cudart (libcudart.so under $cuda/lib64)")
any_of "$cuda/include/cupti.h" "$cuda/extras/CUPTI/include/cupti.h" \
  || problems+=("CUPTI headers (cupti.h)")
any_of "$cuda/lib64/libcupti.so*" "$cuda/lib/libcupti.so*" "$cuda/extras/CUPTI/lib64/libcupti.so*" \
  || problems+=("CUPTI library (libcupti.so)")
if [ ${#problems[@]} -gt 0 ]; then
  echo "setup: CUDA toolkit at $cuda is missing: ${problems[*]}" >&2
  echo "setup: install the CUDA 13.0 toolkit (NVIDIA's cuda-toolkit-13-0 package) or set CUDA_PATH;" >&2
  echo "setup: building the analyzer only (the runtime verifier is skipped)" >&2
  echo "CAL_ENABLE_RUNTIME=OFF"
else
  echo "CAL_ENABLE_RUNTIME=ON"
fi
