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
#  3. check --shard K/N: for N in 1 2 3 7 64 over sample.pgn and its
#     containers that can be cut, every shard's end is confirmed and the
#     shards' games, bytes and lines add up to one run's; one zstd frame and
#     plain gzip are refused with advice (exit 2).
#  4. pgnarbiter merge: the shards' jsonl, given in reverse order, merge into
#     exactly one run's output (--strict; text, jsonl with --report=games,
#     github, sarif) and exit status, for N in 1 2 3 7 64 (64: more shards
#     than games, so many own none) over sample.pgn, its cuttable containers
#     (games across frame and block boundaries) and the edge fixtures of
#     testdata/shard (Site-first tags, a '[' tag line inside a comment, CRLF,
#     an empty file; CR-only is pgn/mac-line-endings.pgn), for N in 2 3 7
#     over sample.pgn repeated to 756 KB, plain and as 200 pzstd files end to end
#     (ranges longer than the cut search's first step), for N in 2 3 7
#     over a pzstd and a BGZF file cut short inside a frame, over a zstd and
#     a BGZF file with a damaged frame or block in the middle (merge drops
#     the shards after the damage, as one run reads no further), and for N in 2 7
#     over the rest of testdata/pgn; a shard whose end is not confirmed makes
#     merge refuse (exit 2), never print a wrong run.
#  5. failure injection: a missing, duplicated, truncated (cut mid-record,
#     or its summary line lost) shard, shards of two different N or two
#     different inputs: merge exits 2 with a message and prints nothing.
#  6. check -j 2, -j 3 and -j 9 over multi-frame zstd and BGZF files (frames
#     decoded on helper threads) equal -j 1, damaged files included.
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
# (the reference itself must hold sample.pgn's 21 games, or every comparison is empty)
if [ "$(grep -c '"type":"game"' "$tmp/plain")" = 21 ]; then ok; else bad "sample.pgn: not 21 games"; fi
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

# 3. Shards account for every game, byte and line once.
# summary_key KEY FILE: the value of KEY in FILE's last (summary) line
summary_key() { tail -n 1 "$2" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }
run "$tmp/whole" --quiet --format=jsonl sample.pgn
for f in sample.pgn containers/sample-pzstd.pgn.zst containers/sample-frames.pgn.zst \
    containers/sample-skippable.pgn.zst containers/sample-blocks.pgn.bgz containers/sample.pgn.bgz; do
    for n in 1 2 3 7 64; do
        games=0 bytes=0 lines=0 k=1 unconfirmed=0
        while [ $k -le $n ]; do
            run "$tmp/sh" --quiet --shard $k/$n "$f"
            games=$((games + $(summary_key games "$tmp/sh")))
            bytes=$((bytes + $(summary_key bytes "$tmp/sh")))
            lines=$((lines + $(summary_key lines "$tmp/sh")))
            tail -n 1 "$tmp/sh" | grep -q '"confirmed":true' || unconfirmed=$((unconfirmed + 1))
            k=$((k + 1))
        done
        want="$(summary_key games "$tmp/whole") $(summary_key bytes "$tmp/whole") $(summary_key lines "$tmp/whole") 0"
        if [ "$games $bytes $lines $unconfirmed" = "$want" ]; then ok; else
            bad "$f in $n shards: games bytes lines unconfirmed = $games $bytes $lines $unconfirmed, want $want"; fi
    done
done
for f in containers/sample.pgn.zst containers/sample-members.pgn.gz; do
    run "$tmp/no" --quiet --shard 1/2 "$f"
    if [ "$(cat "$tmp/no.status")" = 2 ] && [ ! -s "$tmp/no" ] && grep -q 'Recompress it with' "$tmp/no.err"
    then ok; else bad "--shard 1/2 $f: exit $(cat "$tmp/no.status"), no advice"; fi
done

# 4. merge == one run (shards with and without --report=games).
# shards FILE N [GAMES]: shard jsonl files $tmp/shards/K (K = 1..N), with
# --report=games (game records) unless GAMES is "no" (game_key records)
shards() {
    rm -rf "$tmp/shards" && mkdir "$tmp/shards"
    g=--report=games
    [ "${3:-}" = no ] && g=
    k=1
    while [ "$k" -le "$2" ]; do
        # shellcheck disable=SC2086
        "$PGNARBITER" --quiet --strict $g --shard "$k/$2" "$1" \
            >"$tmp/shards/$k" 2>/dev/null || true
        k=$((k + 1))
    done
}
# in_reverse N: the shard files, last first
in_reverse() {
    k=$1
    while [ "$k" -ge 1 ]; do
        printf '%s ' "$tmp/shards/$k"
        k=$((k - 1))
    done
}
# merge_equals FILE N: every format of merge equals one run (output, status);
# or, when a shard could not confirm where it ends (its summary says
# "confirmed":false), merge refuses: exit 2, nothing printed, a message
# naming the remedy -- never a different run.
merge_equals() {
    shards "$1" "$2"
    # (a shard whose input failed before its end - a damaged frame - is not
    # unconfirmed: one run stops at that failure too, and so does merge)
    if grep '"confirmed":false' "$tmp"/shards/* | grep -qv '"input_failed":true'; then
        if [ "${require_confirmed:-}" = 1 ]; then
            bad "$1 in $2 shards: a shard could not confirm its end"
            return
        fi
        # shellcheck disable=SC2046
        run "$tmp/merged" merge --quiet $(in_reverse "$2")
        if [ "$(cat "$tmp/merged.status")" = 2 ] && [ ! -s "$tmp/merged" ] &&
            grep -q 'fewer shards' "$tmp/merged.err"; then ok; else
            bad "merge of $1 in $2 shards with an unconfirmed end: exit $(cat "$tmp/merged.status")"; fi
        return
    fi
    # shards with --report=games: jsonl with the game records
    run "$tmp/one" --quiet --strict --format=jsonl --report=games "$1"
    # shellcheck disable=SC2046
    run "$tmp/merged" merge --quiet --format=jsonl $(in_reverse "$2")
    same "$tmp/one" "$tmp/merged" "merge of $1 in $2 shards, --format=jsonl --report=games"
    # shards without (game_key records): every format
    shards "$1" "$2" no
    for fmt in text jsonl github sarif; do
        run "$tmp/one" --quiet --strict --format=$fmt "$1"
        # shellcheck disable=SC2046
        run "$tmp/merged" merge --quiet --format=$fmt $(in_reverse "$2")
        same "$tmp/one" "$tmp/merged" "merge of $1 in $2 game_key shards, --format=$fmt"
    done
}
# A shard given as "-", standard input redirected from a regular file: pass 2
# must read it again (merge keeps a copy), not meet its end and stop halfway.
shards sample.pgn 3
run "$tmp/one" --quiet --strict --format=jsonl --report=games sample.pgn
status=0
"$PGNARBITER" merge --quiet --format=jsonl "$tmp/shards/1" - "$tmp/shards/3" \
    <"$tmp/shards/2" >"$tmp/merged" 2>"$tmp/merged.err" || status=$?
echo "$status" >"$tmp/merged.status"
same "$tmp/one" "$tmp/merged" "merge with shard 2 of 3 as - from a regular file"
require_confirmed=1 # these layouts must always merge exactly
for f in sample.pgn containers/sample-pzstd.pgn.zst containers/sample-skippable.pgn.zst \
    containers/sample-blocks.pgn.bgz shard/*.pgn pgn/mac-line-endings.pgn pgn/event-players.pgn; do
    for n in 1 2 3 7 64; do merge_equals "$f" $n; done
done
# Ranges longer than the cut search's first step (64 KB): the input that
# found a range's first cut reads on for the shard, the bytes it read handed
# on first (jobs/shard.c); a plain file and a zstd file of many frames.
i=0
while [ $i -lt 200 ]; do cat sample.pgn; i=$((i + 1)); done >"$tmp/long.pgn"
i=0
while [ $i -lt 200 ]; do cat containers/sample-pzstd.pgn.zst; i=$((i + 1)); done >"$tmp/long.pgn.zst"
for f in "$tmp/long.pgn" "$tmp/long.pgn.zst"; do
    for n in 2 3 7; do merge_equals "$f" $n; done
done
require_confirmed=
# Cut short inside a frame / block: the last shard meets the damage where one
# run does, and says the same.
head -c 1200 containers/sample-pzstd.pgn.zst >"$tmp/cut-short.pgn.zst"
head -c 1000 containers/sample-blocks.pgn.bgz >"$tmp/cut-short.pgn.bgz"
for f in "$tmp/cut-short.pgn.zst" "$tmp/cut-short.pgn.bgz"; do
    for n in 2 3 7; do merge_equals "$f" $n; done
done
# A damaged frame or block in the middle (4 bytes overwritten inside the
# second zstd frame; inside the second BGZF block): one run reports the
# damage and reads no further; the shard that meets it says its input failed,
# and merge drops the shards after it, so merge equals one run, exit status 2
# included, for any N.
cp containers/sample-frames.pgn.zst "$tmp/damaged.pgn.zst"
cp containers/sample-blocks.pgn.bgz "$tmp/damaged.pgn.bgz"
chmod u+w "$tmp/damaged.pgn.zst" "$tmp/damaged.pgn.bgz"
printf '\377\377\377\377' | dd of="$tmp/damaged.pgn.zst" bs=1 seek=600 conv=notrunc 2>/dev/null
printf '\377\377\377\377' | dd of="$tmp/damaged.pgn.bgz" bs=1 seek=700 conv=notrunc 2>/dev/null
require_confirmed=1
for f in "$tmp/damaged.pgn.zst" "$tmp/damaged.pgn.bgz"; do
    run "$tmp/one" --quiet --format=jsonl "$f"
    if [ "$(cat "$tmp/one.status")" = 2 ] && grep -q '"message":"corrupt' "$tmp/one"; then ok; else
        bad "$f: not reported as damaged (exit $(cat "$tmp/one.status"))"; fi
    for n in 2 3 7; do merge_equals "$f" $n; done
done
require_confirmed=
for f in pgn/*.pgn; do
    case $f in pgn/mac-line-endings.pgn) continue ;; esac
    for n in 2 7; do merge_equals "$f" $n; done
done
# The fuzz input's cuts fall in places only a reader from the file's start
# sees right: the merge must refuse, not print a different run.
shards pgn/regress/fuzz-quote-refill.pgn 2
run "$tmp/merged" merge --quiet "$tmp/shards/1" "$tmp/shards/2"
if [ "$(cat "$tmp/merged.status")" = 2 ] && [ ! -s "$tmp/merged" ] &&
    grep -q 'fewer shards' "$tmp/merged.err"; then ok; else
    bad "merge of an unconfirmed shard: exit $(cat "$tmp/merged.status")"; fi

# Merge reads the records as check --shard lays them out without building a
# table of keys; the same records laid out otherwise (blanks after commas and
# colons, keys in another order: still JSON) are read the general way, to
# the same output.
for kind in "" no; do
    shards sample.pgn 3 $kind
    for k in 1 2 3; do
        sed -e 's/,"plies":\([0-9]*\)/, "plies": \1/' \
            -e 's/^{"type":"game_key","shard":"\([^"]*\)",/{"shard":"\1","type":"game_key",/' \
            "$tmp/shards/$k" >"$tmp/shards/$k.other" && mv "$tmp/shards/$k.other" "$tmp/shards/$k"
    done
    if grep -q ', "plies": ' "$tmp/shards/1"; then ok; else bad "the shards were not laid out otherwise"; fi
    for fmt in jsonl text; do
        r=
        [ -z "$kind" ] && [ $fmt = jsonl ] && r=--report=games
        # shellcheck disable=SC2086
        run "$tmp/one" --quiet --strict --format=$fmt $r sample.pgn
        # shellcheck disable=SC2046
        run "$tmp/merged" merge --quiet --format=$fmt $(in_reverse 3)
        same "$tmp/one" "$tmp/merged" "merge of shards laid out otherwise (${kind:-games}), --format=$fmt"
    done
done

# 5. Failure injection.
shards sample.pgn 3
mkdir -p "$tmp/bad"
head -c 100 "$tmp/shards/2" >"$tmp/bad/cut"
sed '$d' "$tmp/shards/3" >"$tmp/bad/nosummary"
"$PGNARBITER" --quiet --shard 2/4 sample.pgn >"$tmp/bad/other-n" || true
"$PGNARBITER" --quiet --shard 2/3 containers/sample-pzstd.pgn.zst >"$tmp/bad/other-input" || true
s1=$tmp/shards/1 s2=$tmp/shards/2 s3=$tmp/shards/3
for set in "missing:$s1 $s3" "duplicated:$s1 $s2 $s2 $s3" "truncated:$s1 $tmp/bad/cut $s3" \
    "no-summary:$s1 $s2 $tmp/bad/nosummary" "mixed-n:$s1 $tmp/bad/other-n $s3" \
    "other-input:$s1 $tmp/bad/other-input $s3" "none:"; do
    # shellcheck disable=SC2086
    run "$tmp/merged" merge --quiet ${set#*:}
    if [ "$(cat "$tmp/merged.status")" = 2 ] && [ ! -s "$tmp/merged" ] && [ -s "$tmp/merged.err" ]
    then ok; else bad "merge with a ${set%%:*} shard: exit $(cat "$tmp/merged.status")"; fi
done

# 6. check -j N decodes the frames of a multi-frame zstd file (pzstd's,
# concatenated, skippable frames anywhere) and the blocks of a BGZF file on
# helper threads (jobs/frame_reader.h): the output and exit status are those
# of -j 1, byte for byte, in jsonl with --report=games - also over files of
# many frames (the containers concatenated: more runs than the helpers have
# slots, games across every frame boundary) and with a damaged frame or
# block in the middle (the damage reported where -j 1 reports it, nothing
# after it).
cat containers/sample-pzstd.pgn.zst containers/sample-frames.pgn.zst \
    containers/sample-skippable.pgn.zst containers/sample-pzstd.pgn.zst \
    containers/sample-frames.pgn.zst containers/sample-pzstd.pgn.zst >"$tmp/many.pgn.zst"
cat containers/sample-blocks.pgn.bgz containers/sample.pgn.bgz containers/sample-blocks.pgn.bgz \
    containers/sample-blocks.pgn.bgz containers/sample.pgn.bgz >"$tmp/many.pgn.bgz"
cat containers/sample-pzstd.pgn.zst "$tmp/damaged.pgn.zst" containers/sample-frames.pgn.zst \
    containers/sample-pzstd.pgn.zst >"$tmp/many-damaged.pgn.zst"
cat containers/sample-blocks.pgn.bgz "$tmp/damaged.pgn.bgz" containers/sample-blocks.pgn.bgz \
    >"$tmp/many-damaged.pgn.bgz"
# (and a zstd file followed by bytes that are no frame, here a PGN game: one
# run reports them as a corrupt stream; they must not be read as text)
{ cat containers/sample-frames.pgn.zst; printf '[Event "x"]\n\n1. e4 *\n'; } >"$tmp/trailing.pgn.zst"
for f in containers/sample-pzstd.pgn.zst containers/sample-frames.pgn.zst \
    containers/sample-skippable.pgn.zst containers/sample-blocks.pgn.bgz \
    "$tmp/many.pgn.zst" "$tmp/many.pgn.bgz" "$tmp/damaged.pgn.zst" "$tmp/damaged.pgn.bgz" \
    "$tmp/many-damaged.pgn.zst" "$tmp/many-damaged.pgn.bgz" "$tmp/trailing.pgn.zst"; do
    run "$tmp/j1" --quiet --strict --format=jsonl --report=games -j 1 "$f"
    for j in 2 3 9; do # (9: two helper threads)
        run "$tmp/jn" --quiet --strict --format=jsonl --report=games -j $j "$f"
        same "$tmp/j1" "$tmp/jn" "$f: -j $j differs from -j 1"
    done
done
# (the references are what they should be: many.pgn.zst holds six copies of
# sample.pgn's 21 games, and the damaged ones stop with exit status 2)
if [ "$(run "$tmp/m" --quiet --format=jsonl -j 1 "$tmp/many.pgn.zst"; summary_key games "$tmp/m")" = 126 ]
then ok; else bad "many.pgn.zst: not 126 games"; fi
for n in 2 7 64; do merge_equals "$tmp/trailing.pgn.zst" $n; done
# A frame whose window is over --zstd-window-max, not in the first run: the
# message names its byte of the file (1340), as -j 1 does.
cat containers/sample-frames.pgn.zst containers/sample.pgn.zst >"$tmp/window.pgn.zst"
run "$tmp/j1" --quiet --format=jsonl --zstd-window-max=3000 -j 1 "$tmp/window.pgn.zst"
for j in 2 3; do
    run "$tmp/jn" --quiet --format=jsonl --zstd-window-max=3000 -j $j "$tmp/window.pgn.zst"
    same "$tmp/j1" "$tmp/jn" "a window over the maximum: -j $j differs from -j 1"
done
if grep -q 'the zstd frame at byte 1340 needs a window' "$tmp/j1"; then ok; else
    bad "window.pgn.zst: no window message for byte 1340"; fi
for f in "$tmp/many-damaged.pgn.zst" "$tmp/many-damaged.pgn.bgz" "$tmp/trailing.pgn.zst"; do
    run "$tmp/m" --quiet --format=jsonl -j 3 "$f"
    if [ "$(cat "$tmp/m.status")" = 2 ] && grep -q '"message":"corrupt' "$tmp/m"; then ok; else
        bad "$f -j 3: exit $(cat "$tmp/m.status"), damage not reported"; fi
done

# --round-form reaches merge through the shards: a merge of shards run with it
# is one run with it, and shards run with other forms are refused.
for form in auto board game; do
    run "$tmp/rf" --quiet --strict --format=jsonl --round-form=$form pgn/round-form.pgn
    for k in 1 2; do
        run "$tmp/rf$k" --quiet --strict --shard $k/2 --round-form=$form pgn/round-form.pgn
    done
    run "$tmp/rfm" merge --quiet --format=jsonl "$tmp/rf2" "$tmp/rf1"
    same "$tmp/rf" "$tmp/rfm" "--round-form=$form: merge of 2 shards differs from one run"
done
run "$tmp/rf1" --quiet --strict --shard 1/2 --round-form=board pgn/round-form.pgn
run "$tmp/rf2" --quiet --strict --shard 2/2 --round-form=game pgn/round-form.pgn
run "$tmp/rfm" merge --quiet "$tmp/rf1" "$tmp/rf2"
if [ "$(cat "$tmp/rfm.status")" = 2 ] && [ ! -s "$tmp/rfm" ] && grep -q -- '--round-form' "$tmp/rfm.err"
then ok; else bad "shards of two --round-form values merged: exit $(cat "$tmp/rfm.status")"; fi

# --ignore, --select, --severity (and .pgnarbiter.toml) reach merge through
# the shards: in every format a merge of shards run with them is one run with
# them (findings, levels, counts, status), and shards run with other settings
# are refused.
for ctl in "--ignore=duplicate-game,wrong-result --severity=syntax=error,missing-result=note" \
    "--select=duplicate-game,illegal-move,false-check --werror" \
    "--severity=duplicate-game=note --strict" "--severity=false-check=error --severity=bad-tag=note --werror" \
    "--severity=noncanonical-san=warning,duplicate-game=error --ignore=illegal-move"; do
    for fmt in jsonl text sarif github; do # (html: merge has no main lines, as above)
        # shellcheck disable=SC2086
        run "$tmp/ctl" --quiet --format=$fmt $ctl sample.pgn
        for k in 1 2 3; do
            # shellcheck disable=SC2086
            run "$tmp/ctl$k" --quiet --shard $k/3 $ctl sample.pgn
        done
        run "$tmp/ctlm" merge --quiet --format=$fmt "$tmp/ctl3" "$tmp/ctl1" "$tmp/ctl2"
        same "$tmp/ctl" "$tmp/ctlm" "$ctl --format=$fmt: merge of 3 shards differs from one run"
    done
done
run "$tmp/ctl1" --quiet --shard 1/2 --ignore=duplicate-game sample.pgn
run "$tmp/ctl2" --quiet --shard 2/2 sample.pgn
run "$tmp/ctlm" merge --quiet "$tmp/ctl1" "$tmp/ctl2"
if [ "$(cat "$tmp/ctlm.status")" = 2 ] && [ ! -s "$tmp/ctlm" ] && grep -q -- '--ignore' "$tmp/ctlm.err"
then ok; else bad "shards of two --ignore settings merged: exit $(cat "$tmp/ctlm.status")"; fi
# the settings file's control is carried the same way
mkdir "$tmp/cfg"
printf '[check]\nignore = ["duplicate-game"]\nseverity = { syntax = "error" }\n' >"$tmp/cfg/.pgnarbiter.toml"
run "$tmp/ctl" --quiet --format=jsonl --config="$tmp/cfg/.pgnarbiter.toml" sample.pgn
run "$tmp/ctlx" --quiet --format=jsonl --ignore=duplicate-game --severity=syntax=error sample.pgn
same "$tmp/ctlx" "$tmp/ctl" "--config: not the run its options give"
for k in 1 2; do
    (cd "$tmp/cfg" && run "$tmp/ctl$k" --quiet --shard $k/2 "$TOP_SRCDIR/testdata/sample.pgn")
done
run "$tmp/ctlm" merge --quiet --format=jsonl "$tmp/ctl1" "$tmp/ctl2"
sed "s|$TOP_SRCDIR/testdata/||g" "$tmp/ctlm" >"$tmp/ctlm.named"
cp "$tmp/ctlm.status" "$tmp/ctlm.named.status"
same "$tmp/ctl" "$tmp/ctlm.named" ".pgnarbiter.toml found by shards: merge differs from one run"

# merge's summary: the games and bytes of the run, the shards joined and
# merge's own time, with no rate (the games were read by the shards).
run "$tmp/sum1" --quiet --shard 1/2 sample.pgn
run "$tmp/sum2" --quiet --shard 2/2 sample.pgn
run "$tmp/sum" merge --format=jsonl "$tmp/sum1" "$tmp/sum2"
games=$(summary_key games "$tmp/sum")
if grep -q "^pgnarbiter: 1 file, $games games[^,]*, [0-9]* bytes, from 2 shards (merged in [0-9.]* s)\$" \
    "$tmp/sum.err" && ! grep -q 'games/s' "$tmp/sum.err"; then ok; else
    bad "merge's summary line: $(head -n 1 "$tmp/sum.err")"; fi

echo "scale: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
