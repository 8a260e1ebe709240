#!/usr/bin/env python3
"""Writes corpus-test10-manifest.json: every CUDA translation unit of the
tenth round's test collections (corpora.json's "round10": the example code of
two CUDA books, PacktPublishing/Hands-On-GPU-Accelerated-Computer-Vision-with-
OpenCV-and-CUDA and ronnierahman1/absolute-beginners-guide-to-cuda-programming),
in the manifest format of research/data/corpus-manifest.json.

  research/unseen-code/make-test10-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test10-manifest.json

The rule is make-test6-manifest.py's, whose manifest() this script calls
with round10 and programs-test10.json (make-test2-manifest.py's rule: a .cu
file with a `__global__` or a `<<<` that no other .cu file #includes;
-arch=sm_90 for every file; a file that programs-test10.json builds gets its
program's `flags` and the compile options of its `build_flags`, link
options -l... left out). No repository-wide flags: the Packt book's
repository has no build files (plain nvcc, no flags), and the beginner's
guide's flags differ per chapter Makefile, so its files that no program of
programs-test10.json builds (the left-out too_many_threads_demo.cu,
invert_pgm.cu, moving_average.cu and Chapter 7's four files) get their
chapter Makefile's compile flags (CHAPTER_FLAGS; -arch and -O left out as
for the programs), and demo_scan_verify_apps.cu also the -DHAVE_VERIFY that
its Makefile rule adds (FILE_FLAGS).
"""
import importlib.util, os

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)

RAHMAN = "ronnierahman1/absolute-beginners-guide-to-cuda-programming"
# chapter directory -> its Makefile's compile flags (those of
# programs-test10.json's programs of the chapter, where it has any)
CHAPTER_FLAGS = {
    "Chapter_2_Indexing_Made_Intuitive": ["-std=c++17", "-Xcompiler",
                                          "-Wall,-Wextra"],
    "Chapter_5_Pictures_Arrays": ["-std=c++17"],
    "Chapter_7_Scans_and_Order": ["-std=c++14"],
    "Chapter_9_Time_Series_Basics": ["-std=c++17",
                                     "-IChapter_9_Time_Series_Basics",
                                     "-Xcompiler", "-Wall"],
}
FILE_FLAGS = {
    "Chapter_7_Scans_and_Order/demo_scan_verify_apps.cu": ["-DHAVE_VERIFY"],
}


def manifest(src):
    out = mt6.manifest(src, round_key="round10", programs="programs-test10.json",
                       note="tenth round's test collections (corpora.json "
                            "round10); see README.md and make-test10-manifest.py",
                       repo_flags={})
    for r in out["repos"]:
        if r["repo"] != RAHMAN:
            continue
        files = []
        for f in r["files"]:
            chapter = f.split("/")[0] if isinstance(f, str) else None
            if chapter in CHAPTER_FLAGS:
                f = {"path": f, "flags": CHAPTER_FLAGS[chapter] +
                     FILE_FLAGS.get(f, [])}
            files.append(f)
        r["files"] = files
    return out


if __name__ == "__main__":
    mt6.cli(manifest)
