#!/bin/sh
# tests/fix-files.sh - issue 37: `pgnarbiter fix` (src/cli/cmd_fix.c,
# src/report/pgn_export.c, pgn_export_text.c) and its guarantees.
#  1. Small cases: an Italian game comes out in English SAN with the roster
#     and the result put right, each change a `fixed` note; a game already in
#     export format comes out byte for byte with no finding; a game with an
#     error comes out as it was (exit 1), or goes to --bad, or is fixed with
#     --force; -o naming an input is refused; a "½-½" marker rewritten is
#     said, each note with the game's line and players; clock and eval
#     commands come out as written, never cut across two lines.
#  2. Every PGN file of ../shared/corpus (wild/ included):
#     - idempotent: fix of fix's output is byte-identical, with no finding;
#       so with --strip=variations,clocks,evals and with --strip=comments,nags
#       --results=from-rules;
#     - meaning kept: the games of the input and of the output have the same
#       start, moves, ending and recorded result (tests/fix_compare.py);
#     - `check --strict` of what fix wrote in export format (the games not
#       fixed sent to --bad) gives no notation or tag note
#       (noncanonical-san, missing-tag, false-check, missing-result).
# Part 2 skips (said aloud) when ../shared is absent.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
corpus=$TOP_SRCDIR/../shared/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
P() { $VALGRIND "$PGNARBITER" "$@"; }

# ---- 1. small cases
cat >it.pgn <<'PGN'
[White "Rossi, Mario"]
[Black "Bianchi, Luca"]
[Event "Sociale"]
[Result "1/2"]

1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. 0-0 f6 1/2-1/2
PGN
cat >it.want <<'PGN'
[Event "Sociale"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Rossi, Mario"]
[Black "Bianchi, Luca"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 1/2-1/2
PGN
st=0
P fix --quiet it.pgn >out 2>err || st=$?
if [ "$st" = 0 ] && cmp -s out it.want && [ "$(grep -c '\[fixed\]' err)" = 4 ] &&
    grep -q '2. Cf3 as Nf3' err; then ok; else bad "Italian game: exit $st: $(cat out err)"; fi
st=0
P fix --quiet it.want >out 2>err || st=$?
if [ "$st" = 0 ] && cmp -s out it.want && [ ! -s err ]; then ok; else bad "export format: exit $st: $(cat err)"; fi
cat it.want >two.pgn
printf '\n[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n' >>two.pgn
st=0
P fix --quiet two.pgn >out 2>err || st=$?
if [ "$st" = 1 ] && cmp -s out two.pgn && grep -q 'illegal-move' err; then ok; else bad "error kept: exit $st"; fi
st=0
P fix --quiet --bad kept.pgn two.pgn >out 2>err || st=$?
# the first game is in export format: its bytes as they were, up to the next game
{ cat it.want; echo; } >first.want
if [ "$st" = 1 ] && cmp -s out first.want && grep -q 'Ke3' kept.pgn; then ok; else bad "--bad: exit $st"; fi
st=0
P fix --quiet --force two.pgn >out 2>err || st=$?
if grep -q '^1. e4 e5 2. Ke3 \*$' out && grep -q 'not replayed' err; then ok; else bad "--force: exit $st: $(cat out err)"; fi
cp two.pgn keep.pgn
st=0
P fix --quiet -o two.pgn two.pgn >out 2>err || st=$?
if [ "$st" = 2 ] && cmp -s two.pgn keep.pgn; then ok; else bad "-o INPUT: exit $st"; fi

# the changes are said as other findings are: the game's line and players
printf '\n[Event "Sociale"]\n[White "Rossi, Mario"]\n[Black "Bianchi, Luca"]\n[Result "1/2"]\n\n1. e4 e5 \302\275-\302\275\n' >half.pgn
st=0
P fix --quiet half.pgn >out 2>err || st=$?
if [ "$st" = 0 ] && grep -q '^1. e4 e5 1/2-1/2$' out &&
    grep -q '^half.pgn:2:1: note: game 1 (Rossi, Mario - Bianchi, Luca): termination marker "½-½" written in its PGN form "1/2-1/2" \[fixed\]$' err &&
    grep -q '^half.pgn:2:1: note: game 1 (Rossi, Mario - Bianchi, Luca): Result tag "1/2" written' err; then ok; else bad "½-½ marker: exit $st: $(cat out err)"; fi
# clock and eval commands as written: their blanks kept, never cut across two lines
{
    sed -n '1,8p' it.want
    printf '1. e4 {[%%clk  1:30:12]} 1... e5 {a comment long enough to end its line [%%eval  0.17]} 2. Nf3 *\n'
} | sed 's/1\/2-1\/2/*/' >clk.pgn
st=0
P fix --quiet clk.pgn >out 2>err || st=$?
if [ "$st" = 0 ] && grep -q '{\[%clk  1:30:12\]}' out && grep -q '\[%eval  0.17\]}' out &&
    ! grep -q '\[%eval *$' out && [ "$(awk '{ if (length($0) > 79) n++ } END { print n + 0 }' out)" = 0 ]; then ok; else bad "clock commands: exit $st: $(cat out err)"; fi
P fix --quiet out >out2 2>err || true
if cmp -s out out2 && [ ! -s err ]; then ok; else bad "clock commands: fix of fix's output changed it"; fi

# ---- 2. the corpus
if [ -d "$corpus" ] && [ -z "${FIX_SMALL:-}" ]; then
    (cd "$corpus" && find . -type f \( -name '*.pgn' -o -name '*.pgn.gz' -o -name '*.zst' -o -name '*.txt' \) \
        ! -path './dead/*' ! -path './expected/*' ! -path './trf/*' | sed 's|^\./||' | sort) >files
    n=0
    while read -r f; do
        n=$((n + 1))
        st=0
        P fix --quiet "$corpus/$f" >a.pgn 2>a.err || st=$?
        if [ "$st" -gt 1 ] || grep -q 'Sanitizer\|runtime error:' a.err; then
            bad "$f: exit $st: $(head -c 300 a.err)"
            continue
        fi
        P fix --quiet a.pgn >b.pgn 2>b.err || true
        # no change the second time (a game not fixed still says why)
        if cmp -s a.pgn b.pgn && ! grep '\[fixed\]' b.err | grep -vq 'not written in export format'; then ok; else bad "$f: fix of fix's output changed it"; fi
        for opts in --strip=variations,clocks,evals '--strip=comments,nags --results=from-rules'; do
            # shellcheck disable=SC2086
            P fix --quiet $opts "$corpus/$f" >sa.pgn 2>/dev/null || true
            # shellcheck disable=SC2086
            P fix --quiet $opts sa.pgn >sb.pgn 2>sb.err || true
            if cmp -s sa.pgn sb.pgn && ! grep '\[fixed\]' sb.err | grep -vq 'not written in export format' &&
                ! grep -q 'strip removed' sb.err; then ok; else bad "$f: $opts: fix of fix's output changed it"; fi
        done
        P check --quiet --format=jsonl --report=games "$corpus/$f" >in.jsonl 2>/dev/null || true
        P check --quiet --format=jsonl --report=games a.pgn >out.jsonl 2>/dev/null || true
        if python3 "$TOP_SRCDIR/tests/fix_compare.py" in.jsonl out.jsonl >why; then ok; else bad "$f: meaning changed: $(cat why)"; fi
        P fix --quiet --bad kept.pgn "$corpus/$f" >c.pgn 2>/dev/null || true
        P check --quiet --strict --format=jsonl c.pgn 2>/dev/null |
            grep -o '"code":"\(noncanonical-san\|missing-tag\|false-check\|missing-result\)"' >notes || true
        if [ ! -s notes ]; then ok; else bad "$f: check --strict of fix's output: $(sort notes | uniq -c | tr '\n' ' ')"; fi
    done <files
    echo "fix-files: $n corpus files fixed twice"
else
    echo "fix-files: SKIP the corpus files ($corpus is absent, or FIX_SMALL is set); the small cases ran"
fi
echo "fix-files: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
