#!/bin/sh
# tests/output-files.sh - issue 35 item 3: output files and merge lose
# nothing and fake nothing.
#  1. -o FILE: a FIFO and a character device (mknod'ed in the temporary
#     directory, never a real /dev node) are written through and stay what
#     they are; a symbolic link is followed, the link stays and its target
#     gets the records; a file with two hard links is refused (exit 2, both
#     names keep their content); a 0600 file keeps its mode; a new file gets
#     0666 less the umask; a device that refuses writes stops the run at
#     the first failed write (exit 2, said).
#  2. -o naming an input - the same name, a symbolic link to it, a hard link
#     to it, standard input, a file inside a -r directory - is refused with
#     exit 2 before anything is read, and the PGN is left as it was.
#  3. SIGTERM (and SIGHUP, SIGINT) during a run reading a FIFO: exit 128+N,
#     a complete -o FILE left as it was and no temporary file left, also on
#     a second signal; written to standard output, every format says the run
#     was interrupted (text and github a last line, SARIF
#     executionSuccessful=false, HTML a banner, jsonl "interrupted":true).
#  4. check --shard stops within a second of SIGTERM, and says so.
#  5. merge: refuses (exit 2, nothing on standard output) a file with a
#     second run appended, an interrupted shard, an unconfirmed one whatever
#     its status, a summary whose status or counts disagree with its records,
#     a record of another shard, a NUL in a name, a malformed or out-of-range
#     number, a line over 1 MiB, shards of two different files of one name;
#     escapes the file names it echoes; reads a pipe and '-'; takes options
#     after the files; --help shows its options.
# Only the mknod case skips (said aloud) where device nodes cannot be made.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp"
cp "$TOP_SRCDIR/testdata/sample.pgn" game.pgn
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
P() { $VALGRIND "$PGNARBITER" "$@"; }
# status CMD...: the exit status of CMD, its output in out, its errors in err
status() {
    set +e
    "$@" >out 2>err
    echo $?
    set -e
}
no_temporary() { # DIR: no FILE.XXXXXX was left
    if ls "$1" | grep -q '\.[A-Za-z0-9]\{6\}$'; then bad "$2: a temporary file is left: $(ls "$1")"; else ok; fi
}

# ---- 1. what -o does to each kind of FILE
P --quiet game.pgn >expected || true

mkfifo fifo
cat fifo >from-fifo &
reader=$!
st=$(status P --quiet -o fifo game.pgn)
wait $reader
if [ "$st" = 1 ] && [ -p fifo ] && cmp -s expected from-fifo; then ok; else bad "-o FIFO: exit $st, $(ls -l fifo)"; fi

if mknod null c 1 3 2>/dev/null; then
    st=$(status P --quiet -o null game.pgn)
    if [ "$st" = 1 ] && [ -c null ] && [ ! -s null ]; then ok; else bad "-o device: exit $st, $(ls -l null)"; fi
    no_temporary . "-o device"
    # A device that refuses every write (as /dev/full does): the run stops at
    # the first failed write, not after reading every input, and says why.
    if mknod full c 1 7 2>/dev/null; then
        for i in 1 2 3 4 5; do
            for j in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat game.pgn; done >"many$i.pgn"
        done
        st=$(status P --format=jsonl --report=games -o full many1.pgn many2.pgn many3.pgn many4.pgn many5.pgn)
        if [ "$st" = 2 ] && [ -c full ] && grep -q 'cannot write full' err &&
            ! grep -q ' 5 files' err; then ok; else bad "-o a full device: exit $st, $(cat err)"; fi
        rm -f many?.pgn
    fi
else
    echo "output-files: SKIP the device case: mknod is not permitted here (not root, or a container without CAP_MKNOD)"
fi

echo old >target
ln -s target link
st=$(status P --quiet -o link game.pgn)
if [ "$st" = 1 ] && [ -L link ] && cmp -s expected target; then ok; else bad "-o symlink: exit $st, $(ls -l link target)"; fi
mkdir sub
ln -s ../newtarget sub/dangling
st=$(status P --quiet -o sub/dangling game.pgn)
if [ "$st" = 1 ] && [ -L sub/dangling ] && cmp -s expected newtarget; then ok; else bad "-o dangling symlink: exit $st"; fi

echo old >one
ln one two
st=$(status P --quiet -o two game.pgn)
if [ "$st" = 2 ] && [ "$(cat one)" = old ] && [ "$(stat -c %h one)" = 2 ] &&
    grep -q 'hard links' err; then ok; else bad "-o hard link: exit $st, $(cat err)"; fi

echo old >private
chmod 600 private
st=$(status P --quiet -o private game.pgn)
if [ "$st" = 1 ] && [ "$(stat -c %a private)" = 600 ] && cmp -s expected private; then ok; else
    bad "-o 0600 file: exit $st, mode $(stat -c %a private)"; fi
chmod 640 private
st=$(status P --quiet -o private game.pgn)
if [ "$(stat -c %a private)" = 640 ]; then ok; else bad "-o 0640 file: mode $(stat -c %a private)"; fi
(umask 027 && P --quiet -o fresh game.pgn) || true
if [ "$(stat -c %a fresh)" = 640 ]; then ok; else bad "-o new file, umask 027: mode $(stat -c %a fresh)"; fi
no_temporary . "-o regular files"

# ---- 2. -o naming an input
cp game.pgn keep.pgn
ln -s game.pgn alias.pgn
ln game.pgn hard.pgn
mkdir dir
cp game.pgn dir/in.pgn
for args in "-o game.pgn game.pgn" "-o alias.pgn game.pgn" "-o hard.pgn game.pgn" \
    "-o game.pgn expected alias.pgn" "-r -o dir/in.pgn dir"; do
    # shellcheck disable=SC2086
    st=$(status P --quiet $args)
    if [ "$st" = 2 ] && cmp -s game.pgn keep.pgn && cmp -s dir/in.pgn keep.pgn && [ ! -s out ] &&
        grep -q 'the report would replace its games' err; then ok; else
        bad "-o an input ($args): exit $st, $(cat err)"; fi
done
st=$(status P --quiet -o game.pgn <game.pgn)
if [ "$st" = 2 ] && cmp -s game.pgn keep.pgn; then ok; else bad "-o standard input's file: exit $st"; fi

# -o, --good or --bad naming the --trf or --players file: refused, the file kept
cp "$TOP_SRCDIR/testdata/trf/kdu-swapped-result.trf" event.trf
cp event.trf event.keep
printf 'Rossi, Mario = 851234\n' >players.txt
cp players.txt players.keep
for args in "-o event.trf" "--good event.trf" "--bad event.trf" "-o players.txt --players players.txt"; do
    # shellcheck disable=SC2086
    st=$(status P --quiet --trf event.trf $args game.pgn)
    if [ "$st" = 2 ] && cmp -s event.trf event.keep && cmp -s players.txt players.keep && [ ! -s out ] &&
        grep -q 'writing there would replace it' err; then ok; else
        bad "an output naming the TRF or players file ($args): exit $st, $(cat err)"; fi
done
# ---- 3. a signal during a run
mkfifo in
# interrupt SIGNAL ARGS...: a run reading the FIFO `in`, one copy of the
# games fed, then SIGNAL, then more; its exit status
interrupt() {
    sig=$1
    shift
    set +e
    # not through P(): $! must be the program's own process
    $VALGRIND "$PGNARBITER" "$@" in >out 2>err &
    pid=$!
    exec 3>in
    cat game.pgn >&3
    sleep 0.5
    kill -"$sig" $pid
    sleep 0.2
    cat game.pgn >&3 2>/dev/null
    exec 3>&-
    wait $pid
    echo $?
    set -e
}
echo complete >report
st=$(interrupt TERM --quiet -o report)
if [ "$st" = 143 ] && [ "$(cat report)" = complete ] && grep -q 'report is left as it was' err
then ok; else bad "SIGTERM with -o: exit $st, report: $(head -c 80 report)"; fi
no_temporary . "SIGTERM with -o"
st=$(interrupt HUP --quiet -o report)
if [ "$st" = 129 ] && [ "$(cat report)" = complete ]; then ok; else bad "SIGHUP with -o: exit $st"; fi
no_temporary . "SIGHUP with -o"

# a second signal: the temporary file goes too
set +e
$VALGRIND "$PGNARBITER" --quiet -o report in >out 2>err &
pid=$!
exec 3>in
cat game.pgn >&3
sleep 0.5
kill -TERM $pid
sleep 0.2
kill -TERM $pid
wait $pid
st=$?
exec 3>&-
set -e
if [ "$st" = 143 ] && [ "$(cat report)" = complete ]; then ok; else bad "two SIGTERMs with -o: exit $st"; fi
no_temporary . "two SIGTERMs with -o"

st=$(interrupt INT --quiet)
if [ "$st" = 130 ] && tail -1 out | grep -q '^pgnarbiter: interrupted by SIGINT: the findings above'
then ok; else bad "SIGINT, text: exit $st, last line $(tail -1 out)"; fi
st=$(interrupt TERM --quiet --format=github)
if [ "$st" = 143 ] && tail -1 out | grep -q '^::error title=pgnarbiter::interrupted by SIGTERM'
then ok; else bad "SIGTERM, github: exit $st"; fi
st=$(interrupt TERM --quiet --format=sarif)
if [ "$st" = 143 ] && grep -q '"invocations":\[{"executionSuccessful":false,"exitCode":143' out &&
    python3 -c 'import json,sys; json.load(open("out"))' 2>/dev/null; then ok; else
    bad "SIGTERM, sarif: exit $st, $(tail -c 200 out)"; fi
st=$(interrupt TERM --quiet --format=html)
if [ "$st" = 143 ] && grep -q 'class="notice interrupted" role="alert">This run was interrupted by SIGTERM' out
then ok; else bad "SIGTERM, html: exit $st"; fi
st=$(interrupt TERM --quiet --format=jsonl)
if [ "$st" = 143 ] && tail -1 out | grep -q '"interrupted":true'; then ok; else bad "SIGTERM, jsonl: exit $st"; fi
# through a written-through FIFO the text says so too
mkfifo outfifo
cat outfifo >through &
reader=$!
st=$(interrupt TERM --quiet -o outfifo)
wait $reader
if [ "$st" = 143 ] && tail -1 through | grep -q 'interrupted by SIGTERM'; then ok; else
    bad "SIGTERM, -o FIFO: exit $st"; fi

# ---- 4. --shard honours SIGTERM within a second
cp game.pgn big.pgn
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do cat big.pgn big.pgn >big2.pgn && mv big2.pgn big.pgn; done
set +e
$VALGRIND "$PGNARBITER" --shard 1/1 big.pgn >out 2>err &
pid=$!
sleep 0.3
kill -TERM $pid
start=$(date +%s%N)
wait $pid
st=$?
set -e
took=$((($(date +%s%N) - start) / 1000000))
if [ "$st" = 143 ] && [ "$took" -lt 1000 ] && grep -q 'interrupted by SIGTERM' err &&
    tail -1 out | grep -q '"interrupted":true'; then ok; else
    bad "--shard and SIGTERM: exit $st after $took ms, $(head -2 err)"; fi

# ---- 5. merge
for k in 1 2 3; do P --quiet --shard $k/3 -o s$k game.pgn || true; done
P --quiet game.pgn >one || true
st=$(status P merge s3 s1 -q s2)
if [ "$st" = 1 ] && cmp -s one out && [ ! -s err ]; then ok; else bad "merge with options after the files: exit $st"; fi
set +e
cat s2 | $VALGRIND "$PGNARBITER" merge --quiet s1 - s3 >out 2>err
st=$?
set -e
if [ "$st" = 1 ] && cmp -s one out; then ok; else bad "merge of standard input: exit $st, $(cat err)"; fi
mkfifo pipe3
cat s3 >pipe3 &
st=$(status P merge --quiet s1 s2 pipe3)
wait
if [ "$st" = 1 ] && cmp -s one out; then ok; else bad "merge of a FIFO: exit $st, $(cat err)"; fi
st=$(status P merge --help)
if [ "$st" = 0 ] && grep -q '^merge options:' out && grep -q 'quiet' out; then ok; else bad "merge --help: exit $st"; fi

# refused: each case's file stands in for shard 2
cat s2 s2 >appended
sed 's/"by_code"/"interrupted":true,"by_code"/' s2 >interrupted
sed 's/"confirmed":true/"confirmed":false/' s2 >unconfirmed
sed 's/"status":1,/"status":0,/' s2 >status
sed 's/"errors":\([0-9]*\),/"errors":9\1,/' s2 >counts
sed '1s/"shard":"2\/3"/"shard":"1\/3"/' s2 >other-shard
sed '2s/"white":"[^"]*"/"white":"A\\u0000B"/' s2 >nul
sed '1s/"game":[0-9]*/"game":-3/' s2 >negative
sed '1s/"line":[0-9]*/"line":4294967296/' s2 >wide
sed 's/"bytes":\([0-9]*\)/"bytes":"\1"/' s2 >string-number
sed 's/"input_sample":"[0-9a-f]*"/"input_sample":"0123456789abcdef"/' s2 >other-file
{ python3 -c 'print("{\"type\":\"diagnostic\",\"x\":\"" + "a" * 1100000 + "\"}")'; cat s2; } >long
for f in appended interrupted unconfirmed status counts other-shard nul negative wide \
    string-number other-file long; do
    st=$(status P merge --quiet s1 $f s3)
    if [ "$st" = 2 ] && [ ! -s out ] && [ -s err ]; then ok; else bad "merge with a shard '$f': exit $st, $(head -c 300 out)"; fi
done
st=$(status P merge --quiet s1 appended s3)
if grep -q 'appended: line [0-9]*: it goes on after its summary' err; then ok; else bad "merge appended: $(cat err)"; fi
st=$(status P merge --quiet s1 long s3)
if grep -q 'longer than 1048576 bytes' err; then ok; else bad "merge long line: $(cat err)"; fi
st=$(status P merge --quiet s1 other-file s3)
if grep -q 'two different files named game.pgn' err; then ok; else bad "merge other file: $(cat err)"; fi
# a name with an escape sequence and a bidi control is echoed escaped
esc=$(printf 'x\033[31m\342\200\256y')
cp interrupted "$esc"
st=$(status P merge --quiet s1 "$esc" s3)
if [ "$st" = 2 ] && grep -q 'x\\x1b\[31m\\u202ey: line' err && ! grep -q "$(printf '\033')" err
then ok; else bad "merge names escaped: $(cat -A err)"; fi

echo "output-files: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
