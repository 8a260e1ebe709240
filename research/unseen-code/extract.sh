#!/usr/bin/env bash
# Copies the source files (.cu .cuh .h .hpp .c .cpp) of the two collections
# measured on the H100 in this round, at the commits recorded in
# corpora.json, into DEST/<owner>+<name>/<path> (default /work/corpus-unseen).
# Reads the bare git mirrors that `fetch github:OWNER/NAME` leaves under
# /work/.mirror (MIRRORS overrides the root). No fetched code is committed.
#
#   research/unseen-code/extract.sh [DEST]
set -eu
DEST=${1:-/work/corpus-unseen}
MIRRORS=${MIRRORS:-/work/.mirror}
# repo-dir commit (the commits of corpora.json)
SETS="deeperlearning+professional-cuda-c-programming ee58310bcdcec62a609f02b6c5193452d8102183
olcf+cuda-training-series 9cd77d539d85ee3457e09a083ba299b787b7a16e"
echo "$SETS" | while read -r r commit; do
  g=$MIRRORS/$r/repo
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
             grep -E '\.(cu|cuh|h|hpp|c|cpp)$')
  echo "$r@${commit:0:12}: $n files -> $DEST/$r"
done
# Our own pre-include for the book's pre-Volta warp shuffles
# (programs-test.json: -include ../compat/shfl-sync.h).
mkdir -p "$DEST/compat"
cp "$(dirname "$0")/compat/shfl-sync.h" "$DEST/compat/"
echo "compat/shfl-sync.h -> $DEST/compat"
