#!/usr/bin/env python3
"""Writes corpus-test3-manifest.json: every CUDA translation unit of the
third round's test collections (corpora.json's "round3":
CoffeeBeforeArch/cuda_programming, karpathy/llm.c), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test3-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test3-manifest.json

The rule is make-test2-manifest.py's, which this script calls with round3
and programs-test3.json: a .cu file with a `__global__` or a `<<<` that no
other .cu file #includes (so llm.c's train_gpt2.cu and train_gpt2_fp32.cu,
included by test_gpt2*.cu and profile_gpt2.cu, are not units of their own);
-arch=sm_90 for every file; a file that programs-test3.json builds gets its
program's `flags` and the compile options of its `build_flags` (link options
-l... left out); other files: none.
"""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test2_manifest", os.path.join(HERE, "make-test2-manifest.py"))
mt2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt2)

if __name__ == "__main__":
    mt2.main(round_key="round3", programs="programs-test3.json",
             note="third round's test collections (corpora.json round3); "
                  "see README.md and make-test3-manifest.py")
