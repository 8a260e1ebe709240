#!/usr/bin/env python3
"""Writes corpus-test4-manifest.json: every CUDA translation unit of the
fourth round's test collections (corpora.json's "round4":
brucefan1983/CUDA-Programming, Infatoshi/cuda-course), in the manifest format
of research/data/corpus-manifest.json.

  research/unseen-code/make-test4-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test4-manifest.json

The rule is make-test2-manifest.py's, which this script calls with round4
and programs-test4.json: a .cu file with a `__global__` or a `<<<` that no
other .cu file #includes (no .cu file of these collections includes
another; the 13-md programs of brucefan1983/CUDA-Programming are several
units each); -arch=sm_90 for every file; a file that programs-test4.json
builds gets its program's `flags` and the compile options of its
`build_flags` (link options -l... left out); other files: none. Some of
Infatoshi/cuda-course's paths contain spaces.
"""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test2_manifest", os.path.join(HERE, "make-test2-manifest.py"))
mt2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt2)

if __name__ == "__main__":
    mt2.main(round_key="round4", programs="programs-test4.json",
             note="fourth round's test collections (corpora.json round4); "
                  "see README.md and make-test4-manifest.py")
