#!/usr/bin/env bash
# Copies the source files (.cu .cuh .h .hpp .inl .c .cpp .cc) of the
# collections of corpora.json, at the commits recorded there, into
# DEST/<owner>+<name>/<path> (default /work/corpus-unseen). By default the two
# collections measured on the H100 in this round; ONLY=dev copies the three
# development collections (the whole-collection survey, corpus-dev.md),
# ONLY=test the two test collections (the whole-collection survey of the
# test set, corpus-test.md), ONLY=test2 the second round's two test
# collections (corpora.json's round2, programs-test2.json), ONLY=test3 the
# third round's two test collections (corpora.json's round3,
# programs-test3.json), ONLY=test4 the fourth round's two test collections
# (corpora.json's round4, programs-test4.json), ONLY=test5 the fifth
# round's two test collections (corpora.json's round5, programs-test5.json;
# of NVIDIA/cuda-samples only Common/ and Samples/0_Introduction,
# 2_Concepts_and_Techniques and 6_Performance), ONLY=test6 the sixth
# round's two test collections (corpora.json's round6, programs-test6.json;
# of NVIDIA/cuda-samples only Common/ and Samples/1_Utilities,
# 3_CUDA_Features, 4_CUDA_Libraries and 5_Domain_Specific; of
# myurtoglu/cudaforengineers every file but the four copies of the CImg
# image library, CImg.h), ONLY=test7 the seventh round's two test
# collections (corpora.json's round7, programs-test7.json), ONLY=test8 the
# eighth round's two test collections (corpora.json's round8,
# programs-test8.json; with NVIDIA/cuda-samples' Common/ helper headers,
# which RichardAns/CUDA-Programs' cx.h includes), ONLY=test9 the ninth
# round's three test collections (corpora.json's round9,
# programs-test9.json), ONLY=test10 the tenth round's two test collections
# (corpora.json's round10, programs-test10.json), ONLY=test11 the eleventh
# round's two test collections (corpora.json's round11,
# programs-test11.json), ONLY=test12 the twelfth round's three test
# collections (corpora.json's round12, programs-test12.json), ONLY=all every
# collection.
# A third field after the commit restricts a collection to the paths that
# match that extended regex.
# Reads the bare git mirrors that `fetch github:OWNER/NAME` leaves under
# /work/.mirror (MIRRORS overrides the root). No fetched code is committed.
#
#   [ONLY=dev|test|test2|test3|test4|test5|test6|test7|test8|test9|test10|test11|test12|all] research/unseen-code/extract.sh [DEST]
set -eu
DEST=${1:-/work/corpus-unseen}
MIRRORS=${MIRRORS:-/work/.mirror}
# repo-dir commit [path-regex] (the commits of corpora.json)
H100="deeperlearning+professional-cuda-c-programming ee58310bcdcec62a609f02b6c5193452d8102183
olcf+cuda-training-series 9cd77d539d85ee3457e09a083ba299b787b7a16e"
DEV="olcf+cuda-training-series 9cd77d539d85ee3457e09a083ba299b787b7a16e
vetter+shoc 0aea03beba2f09fcb5935cc11737372fe4de9ec0
uuudown+Tartan e3166abc3b1ea79c789fd3aae5c31dde03d9214b"
TEST="deeperlearning+professional-cuda-c-programming ee58310bcdcec62a609f02b6c5193452d8102183
gpgpu-sim+ispass2009-benchmarks 1716296b22bc78acdef08fb46a338f36f9dd4b96"
TEST2="NVIDIA-developer-blog+code-samples 72d62ec464442786a36754508bcb1094d197d6a5
CodedK+CUDA-by-Example-source-code-for-the-book-s-examples- 0824fae6f6c4aba60a5cf339971f698b9d5a9a41"
TEST3="CoffeeBeforeArch+cuda_programming 8711be08e2060680820304594f3691cc0016edd1
karpathy+llm.c f1e2ace651495b74ae22d45d1723443fd00ecd3a"
TEST4="brucefan1983+CUDA-Programming 8b6c96ba30fafeb3f71c74b2abb18a6bf849822d
Infatoshi+cuda-course 79681bfd003d403170dd93c0436c6f2a45cb390f"
TEST5="PacktPublishing+Learn-CUDA-Programming 10bd9b59bfcc680d608ea1417da5089f73d91b11
NVIDIA+cuda-samples c94ff366aed18c797b8a85dfaac7817b0228b420 ^(Common|Samples/(0_Introduction|2_Concepts_and_Techniques|6_Performance))/"
TEST6="myurtoglu+cudaforengineers 8336559ed91bf799f4b8bba59f3f3dc51e036e9c (^|/)([^C]|C[^I])[^/]*$
NVIDIA+cuda-samples c94ff366aed18c797b8a85dfaac7817b0228b420 ^(Common|Samples/(1_Utilities|3_CUDA_Features|4_CUDA_Libraries|5_Domain_Specific))/"
TEST7="psmarter+PMPP-Learning fe07c6b411bd9cad8704bc8baa22b5c15f4e2912
sahandhdz+CUDA-PMPP c4bcea40083397c9e647b5a24ff44d2795356a16"
TEST8="ArchaeaSoftware+cudahandbook c56ebf85f3d226545daa1ffff4218fe8b8636f8e
RichardAns+CUDA-Programs e43624aa2025253f5a81f30629ee997284591348
NVIDIA+cuda-samples c94ff366aed18c797b8a85dfaac7817b0228b420 ^Common/"
TEST9="Sely85+cuda c489182b8e6d561c53e24de9a4d5e3ab9b23669c
darglein+CudaTutorial 4f43f1f924bcd8caac469617893ecd5453a90085
thimotyb+cuda-course 4ff8655cde29ca19e405756617591457b81627b7"
TEST10="PacktPublishing+Hands-On-GPU-Accelerated-Computer-Vision-with-OpenCV-and-CUDA 47aa49577e68dff926296d9708bd7bf547f344d7
ronnierahman1+absolute-beginners-guide-to-cuda-programming 4a4a222664c0bc765c5c539f1f460feba6f2c9de"
TEST11="RussWong+CUDATutorial d78149aeca6dd2e2d2899616c84522a932ba2f5b
PaddleJitLab+CUDATutorial 7499a3792f44ef6c78fcad5091fb7335ba6d2d68"
TEST12="JingliangGao+CudaRoad f3f29f3ad174f4d888f7e82e9ac4e136f80fe4a1
ifromeast+cuda_learning 52fa78bf46481e08c99b5aa83480597bcb792422
Liu-xiandong+How_to_optimize_in_GPU 5d2def3e082c4e1364c3ade54451b7b9d1d6f044"
case "${ONLY:-}" in
  "") SETS=$H100 ;;
  dev) SETS=$DEV ;;
  test) SETS=$TEST ;;
  test2) SETS=$TEST2 ;;
  test3) SETS=$TEST3 ;;
  test4) SETS=$TEST4 ;;
  test5) SETS=$TEST5 ;;
  test6) SETS=$TEST6 ;;
  test7) SETS=$TEST7 ;;
  test8) SETS=$TEST8 ;;
  test9) SETS=$TEST9 ;;
  test10) SETS=$TEST10 ;;
  test11) SETS=$TEST11 ;;
  test12) SETS=$TEST12 ;;
  all) SETS=$(printf '%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n' "$H100" "$DEV" "$TEST" "$TEST2" "$TEST3" "$TEST4" "$TEST5" "$TEST6" "$TEST7" "$TEST8" "$TEST9" "$TEST10" "$TEST11" "$TEST12" | sort -u) ;;
  *) echo "extract: ONLY must be dev, test, test2, test3, test4, test5, test6, test7, test8, test9, test10, test11, test12 or all" >&2; exit 1 ;;
esac
echo "$SETS" | while read -r r commit only; do
  g=$MIRRORS/$r/repo
  # some mirrors are a repository with a .git directory rather than bare
  [ -d "$g/.git" ] && g=$g/.git
  if ! git --git-dir="$g" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "extract: $g lacks commit $commit (fetch github:${r/+//} first)" >&2
    exit 1
  fi
  n=0
  while IFS= read -r f; do
    mkdir -p "$DEST/$r/$(dirname "$f")"
    git --git-dir="$g" show "$commit:$f" >"$DEST/$r/$f"
    n=$((n + 1))
  done < <(git --git-dir="$g" ls-tree -r --name-only "$commit" |
             grep -E '\.(cu|cuh|h|hpp|inl|c|cpp|cc)$' | grep -E "${only:-.}")
  echo "$r@${commit:0:12}: $n files -> $DEST/$r"
done
# Our own pre-include for the book's pre-Volta warp shuffles
# (programs-test.json: -include ../compat/shfl-sync.h).
mkdir -p "$DEST/compat"
cp "$(dirname "$0")/compat/shfl-sync.h" "$DEST/compat/"
echo "compat/shfl-sync.h -> $DEST/compat"
# Our stand-in for SHOC's configure-generated config.h
# (corpus-dev-manifest.json: -I../compat/shoc).
mkdir -p "$DEST/compat/shoc"
cp "$(dirname "$0")/compat/shoc/config.h" "$DEST/compat/shoc/"
echo "compat/shoc/config.h -> $DEST/compat/shoc"
