#!/bin/sh
# tests/fix-jobs.sh - `pgnarbiter fix -j N` (issue 37): with 2 and 3 jobs the
# games, the findings, the summary, the --bad file and the exit status are
# those of one job, byte for byte (the summary's time line aside).
#  1. Every PGN file of ../shared/corpus but the 86 MB book (FIX_JOBS_BOOK=1
#     adds it), as it is and with --strip=comments,nags --results=from-rules
#     --bad FILE.
#  2. All of them (the book aside) in one input, several MB: the pool cuts it
#     into many pieces, so games are replayed on the workers and their moves
#     delivered in input order; with --force and with --dry-run too.
# Skips (said aloud) when ../shared is absent.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
corpus=$TOP_SRCDIR/../shared/corpus
if [ ! -d "$corpus" ]; then
    echo "fix-jobs: SKIP ($corpus is absent)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
P() { $VALGRIND "$PGNARBITER" "$@"; }

# same NAME ARGS...: fix -j 1, -j 2 and -j 3 with ARGS give the same output,
# findings, --bad file (ARGS name it bad.pgn) and exit status (each run in
# its own directory, jN/)
same() {
    name=$1
    shift
    for j in 1 2 3; do
        rm -rf "j$j" && mkdir "j$j"
        st=0
        (cd "j$j" && P fix -j "$j" "$@" >out 2>err) || st=$?
        echo "$st" >"j$j/st"
        # the time the run took is the one line that may differ
        sed -i 's/ in [0-9.]* s ([0-9]* games\/s, [0-9.]* MB\/s)$//' "j$j/err"
    done
    for j in 2 3; do
        if diff -r j1 "j$j" >/dev/null; then
            ok
        else
            bad "$name: -j $j differs from -j 1: $(diff -r j1 "j$j" | head -5)"
        fi
    done
}

(cd "$corpus" && find . -type f \( -name '*.pgn' -o -name '*.pgn.gz' -o -name '*.zst' -o -name '*.txt' \) \
    ! -path './dead/*' ! -path './expected/*' ! -path './trf/*' | sed 's|^\./||' | sort) >files
[ -n "${FIX_JOBS_BOOK:-}" ] || sed -i '/gnuchess-book/d' files
n=0
: >all.pgn
while read -r f; do
    n=$((n + 1))
    same "$f" "$corpus/$f"
    same "$f (--strip --results --bad)" --strip=comments,nags --results=from-rules --bad bad.pgn "$corpus/$f"
    case $f in
    *.zst) zstd -q -dc "$corpus/$f" >>all.pgn 2>/dev/null || true ;;
    *.gz) gzip -dc "$corpus/$f" >>all.pgn 2>/dev/null || true ;;
    *) cat "$corpus/$f" >>all.pgn ;;
    esac
    printf '\n' >>all.pgn
done <files
same "all files in one input" "$tmp/all.pgn"
same "all files in one input, --force" --force "$tmp/all.pgn"
same "all files in one input, --dry-run" --dry-run "$tmp/all.pgn"
echo "fix-jobs: $n corpus files and their concatenation ($(wc -c <all.pgn) bytes) fixed with 1, 2 and 3 jobs"
echo "fix-jobs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
