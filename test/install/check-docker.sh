#!/usr/bin/env bash
# The Dockerfile's image, built and run as README shows it: a project
# mounted at /src whose compilation database (build/compile_commands.json)
# names a file with a known warning; the image's default command is
# `cuda-access-lint -p /src/build`. Skipped (77) unless a container engine
# works here (`docker info`): building the image needs it and the network.
#   check-docker.sh SRC WORK LINT
set -euo pipefail
src=$1 work=$2 lint=$3
if ! command -v docker >/dev/null; then
  echo "SKIPPED: docker is not installed; the image is not built"
  exit 77
fi
if ! docker info >/dev/null 2>&1; then
  echo "SKIPPED: no working container engine (docker info failed); the image is not built"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work/project/build"
tag="cuda-access-lint-ctest:$$"
trap 'docker rmi -f "$tag" >/dev/null 2>&1 || true' EXIT
# The build's version, which the image cannot learn from git.
version=$("$lint" --version | sed -n 's/^cuda-access-lint version //p')
start=$(date +%s)
docker build --build-arg CAL_VERSION="$version" -t "$tag" "$src" \
  >"$work/build.log" 2>&1 || fail "docker build: $(tail -n 30 "$work/build.log")"
echo "docker build: $(( $(date +%s) - start )) s"
docker run --rm "$tag" --version | grep -qxF "cuda-access-lint version $version" \
  || fail "the image's --version is not $version"
cp "$src/test/install/Inputs/strided.cu" "$work/project/"
cat >"$work/project/build/compile_commands.json" <<'JSON'
[{"directory": "/src/build", "file": "/src/strided.cu",
  "command": "nvcc -arch=sm_90 -c /src/strided.cu -o strided.o"}]
JSON
docker run --rm -u "$(id -u):$(id -g)" -v "$work/project:/src" "$tag" \
  >"$work/run.out" 2>&1 || fail "docker run: $(tail -n 5 "$work/run.out")"
grep -q 'strided.cu:2:39: warning: .*\[cuda-uncoalesced-global\]' "$work/run.out" \
  || fail "no uncoalesced-global warning: $(cat "$work/run.out")"
echo "PASS"
