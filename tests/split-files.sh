#!/bin/sh
# tests/split-files.sh - issue 37: `check --good FILE --bad FILE` writes each
# game's own bytes, unchanged, to one or the other by its verdict, in input
# order, whatever -j (src/cli/game_split.c says where each byte goes).
#  1. Every PGN file of ../shared/corpus (wild/ included; plain, gzip, zstd):
#     GOOD and BAD are exactly the input cut at the game records' offsets
#     (tests/split_check.py), so GOOD and BAD together are the input byte for
#     byte; with -j 2 they are the same files; --bad-on=warning too.
#  2. Small cases that need no corpus: the bytes before the first game go
#     with it, a classic Mac file keeps its CRs, an input with no game goes
#     whole by its own findings, a truncated compressed input sends its last
#     game to BAD, standard input, several inputs, --good alone; a FIFO and
#     a device (mknod'ed here, never a real /dev node) are written through;
#     an input, or one file named twice, is refused before anything is read;
#     SIGTERM leaves -o, --good and --bad as they were, and a second SIGTERM
#     removes all three temporary files.
# Part 1 skips (said aloud) when ../shared is absent.
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
decoded() { # FILE: its bytes after gzip or zstd
    case "$1" in
    *.gz) gzip -dc "$1" ;;
    *.zst) zstd -qdc "$1" ;;
    *) cat "$1" ;;
    esac
}
# split NAME INPUT WORST [OPTIONS]: one run, held to split_check.py
split() {
    name=$1 input=$2 worst=$3
    shift 3
    rm -f good bad
    st=0
    P check --quiet --format=jsonl --report=games --bad-on="$worst" --good good --bad bad "$@" \
        "$input" >out 2>err || st=$?
    if [ "$st" -gt 2 ] || [ ! -f good ] || [ ! -f bad ]; then
        bad "$name: exit $st: $(head -c 300 err)"
        return 1
    fi
    if [ -n "${SPLIT_DECODED:-}" ]; then cp "$SPLIT_DECODED" input.bytes; else decoded "$input" >input.bytes; fi
    if python3 "$TOP_SRCDIR/tests/split_check.py" input.bytes out good bad "$worst" >why; then
        ok
    else
        bad "$name: $(cat why)"
        return 1
    fi
}

# ---- 2. small cases
printf '\357\273\277%% header\n\n[Event "a"]\n\n1. e4 e5 *\n\n\n[Event "b"]\n1. e4 e5 2. Ke3 *\n  junk\n' >mixed.pgn
split "mixed" mixed.pgn error
if [ "$(head -c 3 good | od -An -c | tr -d ' ')" = '357273277' ] && grep -q 'Event "a"' good &&
    grep -q 'Ke3' bad && grep -q junk bad && ! grep -q 'Event "b"' good; then ok; else bad "mixed: $(cat good bad)"; fi
split "mixed, warnings" mixed.pgn warning
printf '[Event "a"]\r\r1. e4 e5 *\r\r[Event "b"]\r\r1. e4 e5 2. Ke3 *\r' >mac.pgn
split "classic Mac" mac.pgn error
if [ "$(tr -cd '\r' <good | wc -c)" -eq 4 ]; then ok; else bad "classic Mac: the CRs of good changed"; fi
printf '\n%% nothing\n\n' >empty.pgn
split "no game" empty.pgn error
if cmp -s empty.pgn good && [ ! -s bad ]; then ok; else bad "no game: not all in good"; fi
split "no game, warnings" empty.pgn warning
if cmp -s empty.pgn bad && [ ! -s good ]; then ok; else bad "no game, warnings: not all in bad"; fi
i=0
while [ $i -lt 200 ]; do
    printf '[Event "e%d"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n' $i
    i=$((i + 1))
done | gzip -1 -c >whole.pgn.gz
head -c 500 whole.pgn.gz >cut.pgn.gz
# what a reader gets of it before it fails (gzip -dc holds back its last bytes)
python3 -c 'import sys, zlib
sys.stdout.buffer.write(zlib.decompressobj(31).decompress(open("cut.pgn.gz", "rb").read()))' >cut.bytes
if SPLIT_DECODED=cut.bytes split "truncated gzip" cut.pgn.gz error && grep -q '"code":"input"' out &&
    [ "$(grep -c Event bad)" = 1 ] && [ "$(grep -c Event good)" -gt 1 ]; then ok; else bad "truncated gzip: $(cat err)"; fi
# standard input, several inputs in order, -j 2
P check --quiet --good good --bad bad - <mixed.pgn >/dev/null 2>&1 || true
cp good stdin.good
cp bad stdin.bad
split "standard input" mixed.pgn error
if cmp -s good stdin.good && cmp -s bad stdin.bad; then ok; else bad "standard input differs from the file"; fi
cp "$TOP_SRCDIR/testdata/sample.pgn" sample.pgn
st=0
P check --quiet -j 2 --good good --bad bad mixed.pgn empty.pgn sample.pgn mixed.pgn >/dev/null 2>&1 || st=$?
for f in mixed.pgn empty.pgn sample.pgn mixed.pgn; do
    P check --quiet --good g1 --bad b1 "$f" >/dev/null 2>&1 || true
    cat g1 >>good.want
    cat b1 >>bad.want
done
if [ "$st" = 1 ] && cmp -s good good.want && cmp -s bad bad.want; then ok; else bad "several inputs, -j 2: exit $st"; fi
rm -f bad
P check --quiet --good good mixed.pgn >/dev/null 2>&1 || true
if [ ! -e bad ] && grep -q 'Event "a"' good && ! grep -q Ke3 good; then ok; else bad "--good alone"; fi

# the same output rules as -o
mkfifo fifo
cat fifo >from-fifo &
reader=$!
st=0
P check --quiet --good good --bad fifo mixed.pgn >/dev/null 2>&1 || st=$?
wait $reader
if [ "$st" = 1 ] && [ -p fifo ] && grep -q Ke3 from-fifo; then ok; else bad "--bad FIFO: exit $st"; fi
if mknod null c 1 3 2>/dev/null; then
    st=0
    P check --quiet --good null --bad bad mixed.pgn >/dev/null 2>&1 || st=$?
    if [ "$st" = 1 ] && [ -c null ] && grep -q Ke3 bad; then ok; else bad "--good device: exit $st"; fi
else
    echo "split-files: SKIP the device case: mknod is not permitted here"
fi
cp mixed.pgn keep.pgn
st=0
P check --quiet --good mixed.pgn --bad bad mixed.pgn >out 2>err || st=$?
if [ "$st" = 2 ] && cmp -s mixed.pgn keep.pgn && grep -q 'is the input' err; then ok; else bad "--good INPUT: exit $st"; fi
st=0
P check --quiet --good same --bad same mixed.pgn >out 2>err || st=$?
if [ "$st" = 2 ] && [ ! -e same ] && grep -q 'the same file' err; then ok; else bad "--good F --bad F: exit $st"; fi
echo old >old.pgn
chmod 600 old.pgn
P check --quiet --good old.pgn --bad bad mixed.pgn >/dev/null 2>&1 || true
if [ "$(stat -c %a old.pgn)" = 600 ] && grep -q 'Event "a"' old.pgn; then ok; else bad "--good keeps the mode"; fi

# a signal: every file is left as it was, no temporary file stays (also
# after a second signal, which removes all three temporaries)
mkfifo in
for second in no yes; do
    echo complete >g.old
    echo complete >b.old
    echo complete >r.old
    set +e
    $VALGRIND "$PGNARBITER" --quiet -o r.old --good g.old --bad b.old in >out 2>err &
    pid=$!
    exec 3>in
    cat mixed.pgn >&3
    sleep 0.5
    kill -TERM $pid
    [ $second = yes ] && sleep 0.2 && kill -TERM $pid
    sleep 0.2
    exec 3>&-
    wait $pid
    st=$?
    set -e
    if [ "$st" = 143 ] && [ "$(cat g.old b.old r.old)" = "$(printf 'complete\ncomplete\ncomplete')" ] &&
        ! ls | grep -q '\.[A-Za-z0-9]\{6\}$'; then ok; else bad "SIGTERM (second: $second): exit $st, $(ls)"; fi
done

# ---- 1. the corpus
if [ -d "$corpus" ] && [ -z "${SPLIT_SMALL:-}" ]; then
    (cd "$corpus" && find . -type f \( -name '*.pgn' -o -name '*.pgn.gz' -o -name '*.zst' -o -name '*.txt' \) \
        ! -path './dead/*' ! -path './expected/*' ! -path './trf/*' | sed 's|^\./||' | sort) >files
    n=0
    while read -r f; do
        n=$((n + 1))
        split "$f" "$corpus/$f" error || continue
        cp good good.1
        cp bad bad.1
        P check --quiet -j 2 --good good --bad bad "$corpus/$f" >/dev/null 2>&1 || true
        if cmp -s good good.1 && cmp -s bad bad.1; then ok; else bad "$f: -j 2 differs"; fi
    done <files
    # --bad-on=warning on a sample of the files (every 7th)
    awk 'NR % 7 == 1' files | while read -r f; do
        split "$f (warning)" "$corpus/$f" warning || echo "FAIL: $f warning" >>warn.failed
    done
    if [ -s warn.failed ]; then bad "--bad-on=warning: $(cat warn.failed)"; else ok; fi
    echo "split-files: $n corpus files split and joined again"
else
    echo "split-files: SKIP the corpus files ($corpus is absent, or SPLIT_SMALL is set); the small cases ran"
fi
echo "split-files: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
