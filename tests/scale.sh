#!/bin/sh
# tests/scale.sh - the Lichess-scale guarantees of issue 18, end to end:
#  1. containers: every compressed layout of testdata/sample.pgn in
#     testdata/containers/ (one zstd frame, concatenated frames, pzstd's
#     skippable frames, skippable frames anywhere, gzip members, BGZF) gives
#     the plain file's findings exactly, as a named file and through stdin, in
#     jsonl with --report=games (every game record and the summary too).
#  2. the jsonl summary's status is the exit status (findings, --werror, an
#     unreadable input, a clean file); --stdin-name names stdin; -o FILE holds
#     exactly what standard output would, and no FILE is left on failure.
# Each check compares whole outputs and exit statuses, so it fails when any
# finding, game or count differs.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$TOP_SRCDIR/testdata"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run OUT ARGS...: stdout to OUT, the exit status to OUT.status
run() {
    out=$1
    shift
    status=0
    # shellcheck disable=SC2086
    $VALGRIND "$PGNARBITER" "$@" >"$out" 2>"$out.err" || status=$?
    echo "$status" >"$out.status"
}

# same A B WHAT: A and B (and their statuses) are byte-identical
same() {
    if cmp -s "$1" "$2" && cmp -s "$1.status" "$2.status"; then ok; else
        bad "$3"
        diff "$1" "$2" | head -5
    fi
}

# 1. Containers.
opts="--quiet --format=jsonl --report=games"
# shellcheck disable=SC2086
run "$tmp/plain" $opts sample.pgn
# shellcheck disable=SC2086
run "$tmp/plain-stdin" $opts - <sample.pgn
for f in containers/sample*; do
    # shellcheck disable=SC2086
    run "$tmp/c" $opts "$f"
    sed "s|\"file\":\"$f\"|\"file\":\"sample.pgn\"|" "$tmp/c" >"$tmp/c.named"
    cp "$tmp/c.status" "$tmp/c.named.status"
    same "$tmp/plain" "$tmp/c.named" "$f differs from sample.pgn"
    # shellcheck disable=SC2086
    run "$tmp/s" $opts - <"$f"
    same "$tmp/plain-stdin" "$tmp/s" "$f through stdin differs from sample.pgn"
done

# 2. Summary status, --stdin-name, -o.
head -c 600 containers/sample.pgn.zst >"$tmp/truncated.pgn.zst"
for args in "sample.pgn" "--werror pgn/leading-whitespace.pgn" "$tmp/truncated.pgn.zst" \
    "pgn/clean.pgn" "--werror pgn/clean.pgn"; do
    # shellcheck disable=SC2086
    run "$tmp/st" --quiet --format=jsonl $args
    said=$(tail -n 1 "$tmp/st" | sed -n 's/^{"type":"summary","status":\([0-9]\).*/\1/p')
    if [ "$said" = "$(cat "$tmp/st.status")" ]; then ok; else
        bad "$args: summary status '$said', exit $(cat "$tmp/st.status")"; fi
done
# shellcheck disable=SC2086
run "$tmp/named" $opts --stdin-name=sample.pgn - <sample.pgn
same "$tmp/plain" "$tmp/named" "--stdin-name does not name standard input as the file"
# shellcheck disable=SC2086
run "$tmp/o" $opts -o "$tmp/o.file" sample.pgn
if [ ! -s "$tmp/o" ] && cmp -s "$tmp/plain" "$tmp/o.file" && cmp -s "$tmp/plain.status" "$tmp/o.status"
then ok; else bad "-o FILE differs from standard output"; fi
mkdir "$tmp/odir"
run "$tmp/o2" --quiet -o "$tmp/odir/sub/x.jsonl" sample.pgn
if [ "$(cat "$tmp/o2.status")" = 2 ] && [ -z "$(ls "$tmp/odir")" ]; then ok; else
    bad "-o into a missing directory: exit $(cat "$tmp/o2.status"), left $(ls "$tmp/odir")"; fi

echo "scale: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
