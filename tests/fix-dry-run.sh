#!/bin/sh
# tests/fix-dry-run.sh - `pgnarbiter fix --dry-run` (src/report/udiff.c):
# a unified diff of each input against what fix writes.
#  - on the files named below (testdata and corpus files whose changes stay
#    inside their games) the diff is byte for byte what `diff -u --label F
#    --label "F (fixed)"` writes;
#  - on every corpus file (wild/ included) it is a patch that turns the
#    input into fix's output (`patch`), and says nothing for a file fix
#    leaves as it is;
#  - --dry-run with --bad is a usage error.
# The comparisons with diff and patch are skipped, said aloud, when those
# programs are absent; the corpus part when ../shared is absent.
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

st=0
P fix --dry-run --bad k.pgn "$TOP_SRCDIR/testdata/sample.pgn" >out 2>err || st=$?
if [ "$st" = 2 ] && [ ! -s out ] && grep -q 'dry-run' err; then ok; else bad "--dry-run --bad: exit $st"; fi

# x.pgn: the file as the diff names it
same_as_diff() {
    cp "$1" x.pgn
    P fix --quiet --dry-run x.pgn >ours.diff 2>/dev/null || true
    P fix --quiet x.pgn >fixed.pgn 2>/dev/null || true
    diff -u --label x.pgn --label 'x.pgn (fixed)' x.pgn fixed.pgn >theirs.diff || true
    if cmp -s ours.diff theirs.diff; then ok; else bad "$1: not diff -u's: $(diff ours.diff theirs.diff | head -5)"; fi
}
if command -v diff >/dev/null 2>&1; then
    for f in testdata/pgn/fix-strip.pgn testdata/diag/fixed.pgn testdata/pgn/claims-it.pgn testdata/sample.pgn; do
        same_as_diff "$TOP_SRCDIR/$f"
    done
    if [ -d "$corpus" ]; then
        for f in games/lichess-db-2025-05-sample.pgn games/twic1599-sample.pgn; do
            same_as_diff "$corpus/$f"
        done
    fi
else
    echo "fix-dry-run: SKIP the comparison with diff -u: diff is absent"
fi

if [ -d "$corpus" ] && command -v patch >/dev/null 2>&1; then
    (cd "$corpus" && find . -type f \( -name '*.pgn' -o -name '*.txt' \) \
        ! -path './dead/*' ! -path './expected/*' ! -path './trf/*' | sed 's|^\./||' | sort) >files
    n=0
    while read -r f; do
        n=$((n + 1))
        cp "$corpus/$f" x.pgn
        st=0
        P fix --quiet --dry-run x.pgn >d.diff 2>d.err || st=$?
        P fix --quiet x.pgn >fixed.pgn 2>/dev/null || true
        if [ "$st" -gt 1 ]; then bad "$f: exit $st: $(head -c 300 d.err)"; continue; fi
        if cmp -s x.pgn fixed.pgn; then
            if [ ! -s d.diff ]; then ok; else bad "$f: a diff for a file fix leaves as it is"; fi
            continue
        fi
        if patch -s -o p.pgn x.pgn <d.diff >perr 2>&1 && cmp -s p.pgn fixed.pgn; then ok; else bad "$f: the diff does not make fix's output: $(head -c 300 perr)"; fi
        rm -f p.pgn
    done <files
    echo "fix-dry-run: $n corpus files diffed and patched"
else
    echo "fix-dry-run: SKIP the corpus files (../shared or patch is absent)"
fi
echo "fix-dry-run: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
