#!/usr/bin/env python3
"""Writes corpus-test11-manifest.json: every CUDA translation unit of the
eleventh round's test collections (corpora.json's "round11": the example code
of two CUDA memory-access optimisation tutorials, RussWong/CUDATutorial and
PaddleJitLab/CUDATutorial), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test11-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test11-manifest.json

The rule is make-test6-manifest.py's, whose manifest() this script calls
with round11 and programs-test11.json (make-test2-manifest.py's rule: a .cu
file with a `__global__` or a `<<<` that no other .cu file #includes;
-arch=sm_90 for every file; a file that programs-test11.json builds gets its
program's `flags` and the compile options of its `build_flags`, link
options -l... left out). No repository-wide flags: RussWong/CUDATutorial's
files that no program of programs-test11.json builds (the left-out
4_device_query.cu, 11_softmax.cu and 12_measure_GPU_peak_perf.cu) get the
compile flags of its root CMakeLists.txt, as its programs do (FILE_FLAGS:
-I. -I15_gemv -Xcompiler -Wall); PaddleJitLab/CUDATutorial's docs/ chapters
have no build files (plain nvcc, no flags) but chapter 12's im2col Makefile,
whose compile flags its conv2d.cu gets (-DNDEBUG -DUSE_DEFAULT_STDLIB, its
-I./include as the directory's path, --std=c++11; -g, -Xptxas -v,
-lineinfo and -gencode left out). One addition: RussWong's
15_gemv/15_1_fp32_fp16_gemv.cu and 15_2_fp32_fp16_gemv.cu, which
programs-test11.json builds, have neither a `__global__` nor a `<<<` (their
kernels and launches are in the header 15_gemv/15_gemv.cuh that both
include), so the rule finds no unit for chapter 15; they are added as units
(EXTRA) with the same flags.
"""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)

RUSSWONG = "RussWong/CUDATutorial"
PADDLE = "PaddleJitLab/CUDATutorial"
IM2COL = "docs/12_convolution/03_im2col_conv/codes"
# units the rule misses: programs' .cu files whose kernels are in a header
EXTRA = {
    RUSSWONG: ["15_gemv/15_1_fp32_fp16_gemv.cu",
               "15_gemv/15_2_fp32_fp16_gemv.cu"],
}
# repository -> compile flags of its files that no program builds
FILE_FLAGS = {
    RUSSWONG: {None: ["-I.", "-I15_gemv", "-Xcompiler", "-Wall"]},
    PADDLE: {IM2COL + "/src/conv2d.cu": ["-DNDEBUG", "-DUSE_DEFAULT_STDLIB",
                                        "-I" + IM2COL + "/include",
                                        "-std=c++11"]},
}


def manifest(src):
    return mt6.manifest(src, round_key="round11", programs="programs-test11.json",
                        note="eleventh round's test collections (corpora.json "
                             "round11); see README.md and make-test11-manifest.py",
                        repo_flags={}, file_flags=FILE_FLAGS, extra=EXTRA)


if __name__ == "__main__":
    mt6.cli(manifest)
