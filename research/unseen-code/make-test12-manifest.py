#!/usr/bin/env python3
"""Writes corpus-test12-manifest.json: every CUDA translation unit of the
twelfth round's test collections (corpora.json's "round12": the CUDA
memory-access and hardware-effect optimisation example code of
JingliangGao/CudaRoad, ifromeast/cuda_learning and
Liu-xiandong/How_to_optimize_in_GPU), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test12-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test12-manifest.json

The rule is make-test11-manifest.py's: make-test6-manifest.py's manifest()
with round12 and programs-test12.json (make-test2-manifest.py's rule: a .cu
file with a `__global__` or a `<<<` that no other .cu file #includes;
-arch=sm_90 for every file; a file that programs-test12.json builds gets its
program's `flags` and the compile options of its `build_flags`, link options
-l... left out), which also applies each collection's `exclude`
(corpora.json): CudaRoad's hardware_tools/ (a byte-identical copy of
reduce_case/1_reduce_global_memory/reduce_global_memory.cu) and
cuda_learning's 02_reduce/ and 04_transformer/ (copies of earlier rounds'
brucefan1983/CUDA-Programming and karpathy/llm.c) and 05_cuda_mode/ (a
PyTorch load_inline extension). No repository-wide flags. Files that no
program of programs-test12.json builds get the compile flags of their
directory's build file where it has any: cuda_learning's bandwidth/build.sh
(-Xptxas=-v, for the left-out smem_bandwidth.cu). The other build files name
none (CudaRoad's CMakeLists.txt outside Debug, Liu-xiandong's reduce/Makefile,
and the directories without build files: plain nvcc).
"""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)

CUDA_LEARNING = "ifromeast/cuda_learning"
# repository -> {path: compile flags} of its files that no program builds
FILE_FLAGS = {
    CUDA_LEARNING: {"bandwidth/smem_bandwidth.cu": ["-Xptxas=-v"]},
}


def manifest(src):
    return mt6.manifest(src, round_key="round12", programs="programs-test12.json",
                        note="twelfth round's test collections (corpora.json "
                             "round12); see README.md and make-test12-manifest.py",
                        repo_flags={}, file_flags=FILE_FLAGS)


if __name__ == "__main__":
    mt6.cli(manifest)
