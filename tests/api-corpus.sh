#!/bin/sh
# tests/api-corpus.sh - libpgnarbiter's records (include/pgnarbiter.h) are
# the command's jsonl lines, byte for byte: for every file of the corpus
# (games/, the 140 wild files, edge/), tests/api_records prints each
# record's json as the library gives it, by path and fed in random chunks,
# and `pgnarbiter check --format=jsonl --report=games` writes the reference;
# then all the files in one run with -j 2 against the command's -j 2.
# Skips (exit 77) when ../shared is absent, and says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"
: "${PGNARBITER:=$TOP_BUILDDIR/src/pgnarbiter}"
API=$TOP_BUILDDIR/tests/api_records
corpus=$TOP_SRCDIR/../shared/corpus
if [ ! -d "$corpus/wild/files" ]; then
    echo "api-corpus: $corpus is absent; skipping"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

{
    for f in pychess-dortmund.pgn pychess-world_matches.pgn lichess-db-2025-05-sample.pgn \
        twic1599-sample.pgn; do
        echo "$corpus/games/$f"
    done
    find "$corpus/games/tcec" "$corpus/wild/files" "$corpus/edge" -type f | LC_ALL=C sort
} >"$tmp/files"

files=0 fail=0
# same WHAT ARGS...: api_records ARGS gives the lines of $tmp/want
same() {
    what=$1
    shift
    if ! "$API" "$@" >"$tmp/got" 2>"$tmp/err"; then
        echo "FAIL: api_records ($what): $(cat "$tmp/err")"
        fail=$((fail + 1))
    elif ! cmp -s "$tmp/want" "$tmp/got"; then
        echo "FAIL: the records of $what are not the command's lines:"
        diff "$tmp/want" "$tmp/got" | head -5
        fail=$((fail + 1))
    fi
}
while IFS= read -r f; do
    files=$((files + 1))
    "$PGNARBITER" check --format=jsonl --report=games --no-config --quiet "$f" >"$tmp/want" 2>/dev/null ||
        [ $? -le 2 ] || { echo "FAIL: pgnarbiter on $f"; fail=$((fail + 1)); continue; }
    same "$f, by path" --games "$f"
    same "$f, fed in random chunks" --games --feed 0 "$f"
done <"$tmp/files"

# every file in one run, -j 2: the same as the command's
set --
while IFS= read -r f; do set -- "$@" "$f"; done <"$tmp/files"
"$PGNARBITER" check --format=jsonl --report=games --no-config --quiet -j 2 "$@" >"$tmp/want" 2>/dev/null ||
    [ $? -le 2 ] || { echo "FAIL: pgnarbiter -j 2"; fail=$((fail + 1)); }
same "the -j 2 run" --games --jobs 2 "$@"
echo "api-corpus: $files files, $(wc -l <"$tmp/got") records in the -j 2 run; $fail failed"
[ "$fail" -eq 0 ]
