#!/usr/bin/env python3
"""Writes corpus-test7-manifest.json: every CUDA translation unit of the
seventh round's test collections (corpora.json's "round7":
psmarter/PMPP-Learning and sahandhdz/CUDA-PMPP, two repositories of the
exercises of "Programming Massively Parallel Processors"), in the manifest
format of research/data/corpus-manifest.json.

  research/unseen-code/make-test7-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test7-manifest.json

The rule is make-test6-manifest.py's, whose manifest() this script calls
with round7 and programs-test7.json (make-test2-manifest.py's rule): a .cu file with a
`__global__` or a `<<<` that no other .cu file #includes; -arch=sm_90 for
every file; a file that programs-test7.json builds gets its program's
`flags` and the compile options of its `build_flags` (link options -l...
left out); a collection's files are only those under its `paths`
(corpora.json), less its `exclude` (round7 has neither). PMPP-Learning's
files also get the include directory that its exercise Makefiles name for
solution.cu (COMMON_DIR=../../../Common, i.e. the repository's Common/:
-ICommon). sahandhdz/CUDA-PMPP has no build files.
"""
import importlib.util, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)

REPO_FLAGS = {
    "psmarter/PMPP-Learning": ["-ICommon"],
}


def manifest(src):
    return mt6.manifest(src, round_key="round7", programs="programs-test7.json",
                        note="seventh round's test collections (corpora.json "
                             "round7); see README.md and make-test7-manifest.py",
                        repo_flags=REPO_FLAGS)


if __name__ == "__main__":
    mt6.cli(manifest)
