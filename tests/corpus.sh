#!/bin/sh
# tests/corpus.sh - the real-data checks of issues 5 and 6 over ../shared/corpus:
#  - real game collections that their producers call legal give no legality
#    error (illegal-move, ambiguous-move, bad-san, bad-fen, illegal-position)
#    and no unreadable input;
#  - every file of the corpus is read without a crash (exit status 0 or 1);
#  - known-bad cases from other projects' test suites give the finding their
#    source expects, at the ply it names;
#  - --jobs 3 gives the same output as one job over all of it, and so does
#    position -j 3 over a sample of the labelled dead-position sets.
# Skips (exit 77) when ../shared is absent, and says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
corpus=$TOP_SRCDIR/../shared/corpus
if [ ! -d "$corpus" ]; then
    echo "corpus: $corpus is absent; skipping the real-data tests"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# count CODE FILE: diagnostics with that code in a jsonl output
count() { grep -c "\"code\":\"$1\"" "$2" || true; }

# 1. Legal collections: no legality error.
for f in "$corpus"/games/*.pgn "$corpus"/games/*.zst "$corpus"/games/tcec/*.zst; do
    status=0
    "$PGNARBITER" check --quiet --format=jsonl "$f" >"$tmp/out" || status=$?
    n=0
    for code in illegal-move ambiguous-move bad-san bad-fen illegal-position input; do
        n=$((n + $(count $code "$tmp/out")))
    done
    games=$(tail -n 1 "$tmp/out" | sed -n 's/.*"games":\([0-9]*\).*/\1/p')
    if [ "$n" -eq 0 ] && [ "$status" -le 1 ] && [ "${games:-0}" -gt 0 ]; then ok; else
        bad "$f: $n legality errors, exit $status, ${games:-0} games"; fi
done

# 2. Every corpus file is read without a crash or a hang.
find "$corpus" -type f \( -name '*.pgn' -o -name '*.txt' -o -name '*.zst' \) ! -path '*/dead/*' \
    ! -path '*/expected/*' | sort >"$tmp/files"
while read -r f; do
    status=0
    timeout 60 "$PGNARBITER" check --quiet --strict --format=jsonl "$f" >"$tmp/out" 2>"$tmp/err" || status=$?
    if [ "$status" -le 1 ] && tail -n 1 "$tmp/out" | grep -q '"type":"summary"'; then ok; else
        bad "$f: exit $status"; fi
done <"$tmp/files"

# 3. Known-bad cases: expect CODE COUNT [PLIES] FILE
expect() {
    code=$1 want=$2 plies=$3 file=$corpus/$4
    "$PGNARBITER" check --quiet --format=jsonl "$file" >"$tmp/out" || true
    got=$(count "$code" "$tmp/out")
    if [ "$got" -ne "$want" ]; then bad "$4: $got $code, expected $want"; return; fi
    if [ -n "$plies" ]; then
        have=$(grep "\"code\":\"$code\"" "$tmp/out" | sed -n 's/.*"ply":\([0-9][0-9]*\).*/\1/p' | tr '\n' ' ')
        [ "$have" = "$plies " ] || { bad "$4: $code at plies '$have', expected '$plies '"; return; }
    fi
    ok
}
# pgn-extract: 3.Kf2 is played after 2...Qh4 mated White.
expect moves-after-end 1 "5" edge/pgn-extract/test-r.txt
# pgn-extract --fixresulttags: all 5 results contradict a final mate/stalemate.
expect wrong-result 5 "" edge/pgn-extract/test-fixresulttags-in.pgn
# PGN 8.2.6: tag and marker must be identical (pgn-extract lets "*" pass: it logs 6).
expect result-mismatch 9 "" edge/pgn-extract/test-nobadresults.pgn
# chessops: 75-move plies 305, 300, 246, 351, 294; the 4th game ends there drawn.
expect missed-75-move 4 "305 300 246 294" edge/pgn-extract/test-seventyfive.pgn
# python-chess: fivefold at ply 16; the first game stops there, the second goes on.
expect missed-fivefold 1 "16" rules/python-chess-fivefold.pgn
expect moves-after-end 1 "17" rules/python-chess-fivefold.pgn

# 4. The 145,716-game book: all moves legal (pgn-extract), 33 fivefolds of which
#    30 go on or are not drawn, 4 75-move draws of which 3 go on (chessops).
book=$corpus/games/gnuchess-book_1.02.pgn.zst
"$PGNARBITER" check --quiet --format=jsonl "$book" >"$tmp/book" || true
for pair in illegal-move:0 ambiguous-move:0 bad-san:0 missed-fivefold:30 missed-75-move:3; do
    code=${pair%:*} want=${pair#*:}
    got=$(count "$code" "$tmp/book")
    if [ "$got" -eq "$want" ]; then ok; else bad "book: $got $code, expected $want"; fi
done
grep -q '"games":145716,' "$tmp/book" && ok || bad "book: game count is not 145716"

# 5. --jobs: every corpus file above and the book in one run give the same
#    findings, game records and summary, in the same order, with 1 and 3 jobs.
set --
while read -r f; do set -- "$@" "$f"; done <"$tmp/files"
for jobs in 1 3; do
    "$PGNARBITER" check --quiet --strict --format=jsonl --report=games -j "$jobs" "$@" "$book" \
        >"$tmp/jobs$jobs" || true
done
if [ "$(grep -c '"type":"game"' "$tmp/jobs1")" -gt 145716 ] && cmp -s "$tmp/jobs1" "$tmp/jobs3"; then
    ok; else bad "--jobs 3 output differs from --jobs 1 (or too few games)"; fi
# ... and so do the book cut short (a zstd stream that fails a third of the
# way in) and the corpus files through standard input, all in one stream.
head -c 7000000 "$book" >"$tmp/short.pgn.zst"
for jobs in 1 3; do
    "$PGNARBITER" check --quiet --strict --format=jsonl --report=games -j "$jobs" \
        "$tmp/short.pgn.zst" >"$tmp/short$jobs" || true
    cat "$@" | "$PGNARBITER" check --quiet --strict --format=jsonl --report=games -j "$jobs" - \
        >"$tmp/stdin$jobs" || true
done
if grep -q 'truncated zstd stream' "$tmp/short1" && [ "$(grep -c '"type":"game"' "$tmp/short1")" -gt 20000 ] &&
    cmp -s "$tmp/short1" "$tmp/short3"; then
    ok; else bad "--jobs 3 output over a cut-short zstd stream differs from --jobs 1"; fi
if [ "$(grep -c '"type":"game"' "$tmp/stdin1")" -gt 1000 ] && cmp -s "$tmp/stdin1" "$tmp/stdin3"; then
    ok; else bad "--jobs 3 output over standard input differs from --jobs 1"; fi

# 6. position --jobs: the same output as one job over 2,048 Lichess positions
#    and 427 hard ones (several windows of positions with 3 jobs).
dead=$corpus/dead
{ awk 'NR % 32 == 0' "$dead/chasolver-lichess.txt"
  grep -v '^#' "$dead/chasolver-positions.txt" | awk 'NR % 8 == 0'; } | cut -c4- >"$tmp/fens"
for jobs in 1 3; do
    "$PGNARBITER" position --format=jsonl -j "$jobs" <"$tmp/fens" >"$tmp/position$jobs" || true
done
if [ "$(wc -l <"$tmp/position1")" -eq "$(wc -l <"$tmp/fens")" ] &&
    [ "$(wc -l <"$tmp/fens")" -gt 2400 ] && cmp -s "$tmp/position1" "$tmp/position3"; then
    ok; else bad "position -j 3 output differs from -j 1 (or positions are missing)"; fi

# 7. Duplicates: each real-game file named twice reports every judged game of
#    the second copy as a copy (duplicate-game or conflicting-duplicate) of a
#    game of the first, and nothing else: without those two codes the second
#    copy's output is the first copy's.
dupcodes='"code":"\(duplicate-game\|conflicting-duplicate\)"'
for f in "$corpus"/games/*.pgn; do
    "$PGNARBITER" check --quiet --strict --format=jsonl --report=games "$f" "$f" >"$tmp/twice" || true
    games=$(grep -c '"type":"game"' "$tmp/twice")
    half=$((games / 2))
    # split after the first copy's last game record
    awk -v half="$half" '{ print > (n < half ? FILENAME ".1" : FILENAME ".2") }
        /"type":"game"/ { n++ }' "$tmp/twice"
    grep -v '"type":"summary"' "$tmp/twice.2" >"$tmp/second"
    judged=$(grep '"type":"game"' "$tmp/second" | grep '"judged":true' | grep -vc '"plies":0,' || true)
    copies=$(grep -c "$dupcodes" "$tmp/second" || true)
    grep -v "$dupcodes" "$tmp/twice.1" | sed 's/"errors":[0-9]*,"warnings":[0-9]*,"notes":[0-9]*//' >"$tmp/first.clean"
    grep -v "$dupcodes" "$tmp/second" | sed 's/"errors":[0-9]*,"warnings":[0-9]*,"notes":[0-9]*//' >"$tmp/second.clean"
    if [ "$half" -gt 0 ] && [ "$copies" -eq "$judged" ] && cmp -s "$tmp/first.clean" "$tmp/second.clean"; then
        ok; else bad "$f twice: $copies copies found for $judged judged games of the second copy"; fi
done

echo "corpus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
