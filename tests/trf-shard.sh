#!/bin/sh
# tests/trf-shard.sh - check --trf under --shard K/N and merge: every shard
# reports what it matched (a "trf" key in its game records, the TRF's name
# and hash in its summary) and merge, reading the TRF again, writes exactly
# what one run writes (its own findings first, the TRF games no shard
# matched last) in text, jsonl with --report=games and sarif, with the same
# exit status, for N in 1 2 3 5; a TRF whose bytes changed is refused
# (exit 2, nothing written), and merge --trf finds it elsewhere.
set -u
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$TOP_SRCDIR/testdata" || exit 1
fail=0 n_ok=0
ok() { n_ok=$((n_ok + 1)); }
bad() { echo "trf-shard: FAIL: $*"; fail=1; }
# one_vs_merge TRF PGN N OPTIONS...
one_vs_merge() {
    trf=$1 pgn=$2 n=$3
    shift 3
    "$PGNARBITER" check --quiet --format=jsonl --report=games --trf "$trf" "$@" "$pgn" >"$tmp/one.jsonl" 2>/dev/null
    one_status=$?
    k=1 files=""
    while [ $k -le "$n" ]; do
        "$PGNARBITER" check --quiet --shard $k/"$n" --report=games --trf "$trf" "$@" "$pgn" \
            >"$tmp/s$k.jsonl" 2>"$tmp/s$k.err" || [ $? -eq 1 ] || bad "shard $k/$n of $pgn: $(cat "$tmp/s$k.err")"
        files="$tmp/s$k.jsonl $files"
        k=$((k + 1))
    done
    "$PGNARBITER" merge --quiet --format=jsonl $files >"$tmp/merged.jsonl" 2>"$tmp/merge.err"
    st=$?
    if cmp -s "$tmp/one.jsonl" "$tmp/merged.jsonl" && [ $st = $one_status ]; then ok; else
        bad "merge of $pgn in $n shards ($*): exit $st, expected $one_status"
        diff "$tmp/one.jsonl" "$tmp/merged.jsonl" | head -5
        cat "$tmp/merge.err"
    fi
    for fmt in text sarif; do
        "$PGNARBITER" check --quiet --format=$fmt --trf "$trf" "$@" "$pgn" >"$tmp/one.$fmt" 2>/dev/null
        "$PGNARBITER" merge --quiet --format=$fmt $files >"$tmp/merged.$fmt" 2>/dev/null
        if cmp -s "$tmp/one.$fmt" "$tmp/merged.$fmt"; then ok; else
            bad "merge of $pgn in $n shards ($*), --format=$fmt"
            diff "$tmp/one.$fmt" "$tmp/merged.$fmt" | head -5
        fi
    done
}
for n in 1 2 3 5; do
    one_vs_merge trf/kdu.trf trf/kdu-seha2013.pgn $n
    one_vs_merge trf/kdu.trf trf/kdu-seha2013.pgn $n --strict
    one_vs_merge trf/kdu-inconsistent.trf trf/kdu-seha2013-rounds.pgn $n --trf-require-all
    one_vs_merge trf/names.trf trf/names.pgn $n --strict --players trf/names-players.txt
done
# the shards name the TRF's bytes: another file is refused, merge --trf finds it elsewhere
"$PGNARBITER" check --quiet --shard 1/1 --trf trf/kdu.trf trf/kdu-seha2013.pgn >"$tmp/s.jsonl" 2>/dev/null
cp trf/kdu-swapped-result.trf "$tmp/other.trf"
"$PGNARBITER" merge --quiet --trf "$tmp/other.trf" "$tmp/s.jsonl" >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ] && [ ! -s "$tmp/out" ] && grep -q 'not the file' "$tmp/err"; then ok; else bad "a changed TRF was not refused"; fi
cp trf/kdu.trf "$tmp/moved.trf"
"$PGNARBITER" merge --quiet --trf "$tmp/moved.trf" "$tmp/s.jsonl" >"$tmp/out" 2>"$tmp/err"
if [ $? = 1 ] && grep -q 'trf-forfeit-mismatch' "$tmp/out"; then ok; else bad "merge --trf did not read the TRF moved"; fi
echo "trf-shard: $n_ok passed"
exit $fail
