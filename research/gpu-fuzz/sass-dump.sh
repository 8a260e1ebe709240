#!/usr/bin/env bash
# On the GPU machine: the SASS with line markers of each generated program
# of a batch, built as run-fuzz-gpu.sh builds it (nvcc -O3 -lineinfo
# -arch=sm_90), packed as $OUT/sass.tar for research/gpu-fuzz/fuzz-gpu-sass-buckets.py
# (docs/testing-at-scale.md).
#
#   OUT=... bash research/gpu-fuzz/sass-dump.sh .devcarry/fuzz-gpu
set -u
BATCH=${1:?batch directory}
mkdir -p "$OUT/sass"
build() {
  n=$(basename "$1" .cu)
  nvcc -O3 -lineinfo -arch=sm_90 -cubin -o "/tmp/$n.cubin" "$1" 2>/dev/null &&
    nvdisasm -gi -c "/tmp/$n.cubin" >"$OUT/sass/$n.sass" 2>/dev/null
}
export -f build
export OUT
ls "$BATCH"/programs/*.cu | xargs -P 16 -I{} bash -c 'build {}'
gzip -9 "$OUT"/sass/*.sass
(cd "$OUT" && tar cf sass.tar sass && rm -rf sass)
