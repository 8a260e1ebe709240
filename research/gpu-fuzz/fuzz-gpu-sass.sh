#!/usr/bin/env bash
# The SASS with line markers of each generated program of a GPU fuzz batch,
# built as research/gpu-fuzz/run-fuzz-gpu.sh builds it (nvcc -O3 -lineinfo
# -arch=sm_90), for research/sass-emulator/sass-emulate.py, sass-divergence.py and
# fuzz-gpu-sass-buckets.py (docs/testing-at-scale.md). Runs here: nvcc
# compiles without a GPU. The toolkit here has no nvdisasm; NVIDIA's PyPI
# package has one (same listing format):
#   pip install nvidia-cuda-nvdisasm==13.2.51
#   NVDISASM=$(python3 -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "bin", "nvdisasm"))')
#
#   NVDISASM=... bash research/gpu-fuzz/fuzz-gpu-sass.sh .devcarry/fuzz-gpu OUTDIR
set -euo pipefail
BATCH=${1:?batch directory}
OUT=${2:?output directory}
NVCC=${NVCC:-nvcc}
NVDISASM=${NVDISASM:-nvdisasm}
command -v "$NVDISASM" >/dev/null || { echo "fuzz-gpu-sass: no nvdisasm ($NVDISASM); see the comment at the top" >&2; exit 2; }
mkdir -p "$OUT"
n=0
for cu in "$BATCH"/programs/*.cu; do
  name=$(basename "$cu" .cu)
  "$NVCC" -O3 -lineinfo -arch=sm_90 -cubin -o "$OUT/$name.cubin" "$cu"
  "$NVDISASM" -gi -c "$OUT/$name.cubin" >"$OUT/$name.sass"
  n=$((n + 1))
  echo "fuzz-gpu-sass: $n $name" >&2
done
