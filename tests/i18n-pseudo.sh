#!/bin/sh
# tests/i18n-pseudo.sh - no English reaches a user of another language.
#
# A pseudo-locale "qps" is made from the sources themselves (xgettext with
# po/Makevars' keywords, msgen, msgfilter): every translated string reads as
# its English wrapped in markers, line by line: "⟦the move is not legal⟧".
# Then every message path runs in that locale (LANGUAGE=qps, LC_ALL=C.UTF-8,
# PGNARBITER_LOCALEDIR):
#   - the arguments of every CLI case (tests/cli/cases, tests/cli/cases-it),
#     with their stdin and setup;
#   - every diagnostic fixture testdata/diag/*.pgn in every format, --strict;
#   - the usage errors of every command and option value, the output-file
#     errors, merge's refusals, position / perft / explain errors.
# Each line of standard error, and each line of text, github and explain
# output (and each jsonl "message"), once the marked spans are taken out, must
# hold no word but data: words of the run's inputs and arguments (names, tags,
# tokens echoed), moves, FENs, file names, codes, numbers and "pgnarbiter".
# A line with any other word is English that no _(), N_() or ngettext() let
# the catalogue reach: the test prints it and fails.
set -eu
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
if [ "${USE_NLS:-yes}" = no ]; then
    echo "i18n-pseudo: SKIP: built without NLS (configure --disable-nls)"
    exit 77
fi
for tool in xgettext msgen msgfilter msgfmt; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "i18n-pseudo: SKIP: $tool is missing (apt-get install gettext)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- the pseudo catalogue
opts=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$TOP_SRCDIR/po/Makevars" |
    sed -e 's/^XGETTEXT_OPTIONS *=//' -e 's/\\$//' | tr '\n' ' ')
(cd "$TOP_SRCDIR" && find src -name '*.[ch]' -o -name '*.def' | LC_ALL=C sort) >"$tmp/files"
# shellcheck disable=SC2086
(cd "$TOP_SRCDIR" && LC_ALL=C xgettext $opts -o "$tmp/all.pot" -f "$tmp/files")
sed -e 's/charset=CHARSET/charset=UTF-8/' \
    -e 's/^"Plural-Forms: .*/"Plural-Forms: nplurals=2; plural=(n != 1);\\n"/' "$tmp/all.pot" >"$tmp/all.po"
mkdir -p "$tmp/loc/qps/LC_MESSAGES"
LC_ALL=C.UTF-8 msgen "$tmp/all.po" |
    LC_ALL=C.UTF-8 msgfilter --keep-header -o "$tmp/qps.po" sed -e 's/^..*$/⟦&⟧/'
# piece letters must stay five capitals: the pseudo locale keeps English ones
msgfmt -o "$tmp/loc/qps/LC_MESSAGES/pgnarbiter.mo" "$tmp/qps.po"
PGNARBITER_LOCALEDIR=$tmp/loc; export PGNARBITER_LOCALEDIR
unset LANG LC_MESSAGES LOCPATH || true
LANGUAGE=qps; LC_ALL=C.UTF-8; export LANGUAGE LC_ALL
out=$("$PGNARBITER" --help | head -1)
case $out in
    *⟦*) ;;
    *) echo "FAIL: the pseudo locale is not taken up (--help says: $out)"; exit 1 ;;
esac

# ---- the check of one run's output
# unmarked FILE WORDS KIND: print each line of FILE that holds a word outside
# the markers that is not data; WORDS lists the data words one a line.
unmarked() {
    LC_ALL=C.UTF-8 awk -v kind="$3" '
        FILENAME == ARGV[1] { ok[$0] = 1; next }
        FILENAME == ARGV[2] { if ($0 != "") ext[$0] = 1; next }
        {
            line = $0; s = line
            # what other libraries say (strerror(), zlib, zstd) is theirs
            for (e in ext) while ((i = index(s, e)) > 0) s = substr(s, 1, i - 1) " " substr(s, i + length(e))
            if (kind == "jsonl") {
                if (!match(s, /"message":"([^"\\]|\\.)*"/)) next
                s = substr(s, RSTART + 11, RLENGTH - 12)
            }
            if (kind == "github") sub(/^::[a-z]+ [^:]*::/, "", s)
            # marked spans, innermost first
            # (as control bytes: an awk may read bytes, not characters)
            gsub(/⟦/, "\001", s); gsub(/⟧/, "\002", s)
            while (gsub(/\001[^\001\002]*\002/, " ", s)) {}
            gsub(/\[[a-z0-9-]+\]/, " ", s)                 # [code]
            gsub(/"([^"\\]|\\.)*"|'\''[^'\'']*'\''/, " ", s)  # quoted data
            gsub(/\\(x[0-9a-f][0-9a-f]|u[0-9a-f][0-9a-f][0-9a-f][0-9a-f])/, " ", s)
            n = split(s, w, /[^A-Za-z0-9_.\/<>@+#=-]+/)
            for (i = 1; i <= n; i++) {
                t = w[i]
                sub(/^[0-9]+\.+/, "", t)                      # 12...Nf6
                if (t !~ /[A-Za-z][A-Za-z]/) continue       # numbers, marks
                if (t in ok) continue
                if (t ~ /\// || t ~ /\.(pgn|gz|zst|jsonl|html|PGN|txt|toml)$/) continue  # FEN, paths
                if (t ~ /^<[a-z]+>$/) continue                 # <stdin>
                if (t ~ /^-/) continue                          # options
                if (t ~ /^(FIDE|PGN)$/) continue                # references
                if (t ~ /^[0-9]*\.*(O-O(-O)?|[KQRBNP]?[a-h]?[1-8]?x?[a-h][1-8](=?[QRBN])?)[+#]?$/) continue
                if (t ~ /^(pgnarbiter|KQkq|KQ|kq|Kk|Qq|pgnarbiter-[0-9.]+)$/) continue
                if (t ~ /^[KQRBNkqrbnPp1-8]+$/ && t ~ /[1-8]/) continue  # FEN ranks
                print FILENAME ": " line "   <<" t ">>"
                break
            }
        }' "$2" "$tmp/external" "$1"
}

# Messages of the C library and of zlib and zstd, which their own catalogues
# translate (or not): strerror() for every errno, and what the
# decompressors say about a corrupt stream.
{
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import os
for i in range(1, 134): print(os.strerror(i))'
    else
        printf '%s\n' 'No such file or directory' 'Is a directory' 'Permission denied' \
            'No space left on device' 'Not a directory' 'Broken pipe'
    fi
    printf '%s\n' 'invalid code lengths set' 'incorrect header check' 'invalid block type' \
        'incorrect data check' 'invalid distance too far back' 'Unknown frame descriptor' \
        'Data corruption detected' 'Restored data doesn'"'"'t match checksum' \
        'Frame requires too much memory for decoding' 'Src size is incorrect'
} >"$tmp/external"
# the stable names of the codes never change with the language
sed -n 's/^DIAG_CODE([A-Z0-9_]*, "\([a-z0-9-]*\)".*/\1/p' "$TOP_SRCDIR/src/diag/diag_codes.def" >"$tmp/codes"

fails=0 runs=0
words() { # the data words of the inputs and arguments given, and the codes
    for f in "$@"; do
        if [ -d "$f" ]; then find "$f" -type f -exec cat {} + 2>/dev/null | LC_ALL=C tr -c 'A-Za-z0-9_.<>@+#=/-' '\n'
        elif [ -f "$f" ]; then
            case $f in
                *.gz) gzip -dc "$f" 2>/dev/null || true ;;
                *.zst) zstd -dcq "$f" 2>/dev/null || true ;;
                *) cat "$f" ;;
            esac | LC_ALL=C tr -c 'A-Za-z0-9_.<>@+#=/-' '\n'
        fi
        printf '%s\n' "$f" | LC_ALL=C tr -c 'A-Za-z0-9_.<>@+#=/-' '\n'
    done | cat - "$tmp/codes" | sort -u
}
# run NAME KIND DIR STDIN ARGS...: run the program in DIR and check its output
run() {
    name=$1 kind=$2 dir=$3 input=$4
    shift 4
    runs=$((runs + 1))
    set +e
    # shellcheck disable=SC2086
    (cd "$dir" && exec $VALGRIND "$PGNARBITER" "$@") <"$input" >"$tmp/stdout" 2>"$tmp/stderr"
    set -e
    (cd "$dir" && words "$@" "$input") >"$tmp/words"
    : >"$tmp/bad"
    unmarked "$tmp/stderr" "$tmp/words" text >>"$tmp/bad"
    case $kind in
        text | jsonl | github) unmarked "$tmp/stdout" "$tmp/words" "$kind" >>"$tmp/bad" ;;
    esac
    if [ -s "$tmp/bad" ]; then
        echo "FAIL: $name: pgnarbiter $*"
        sed -e "s|^$tmp/||" -e 's/^/    /' "$tmp/bad" | head -20
        fails=$((fails + 1))
    fi
}
kind_of() { # the stdout kind of a command line
    case " $* " in
        *--version* | *-V\ *) echo none ;;
        *--format=jsonl* | *"--format jsonl"* | *--shard*) echo jsonl ;;
        *--format=github*) echo github ;;
        *--format=sarif* | *--format=html*) echo none ;;
        " fix --help "*) echo text ;;
        " fix "*) echo none ;; # PGN: tag names and values are data, not words to translate
        *) echo text ;;
    esac
}

# ---- 1. the CLI cases
for dir in "$TOP_SRCDIR"/tests/cli/cases/*/ "$TOP_SRCDIR"/tests/cli/cases-it/*/; do
    case_name=$(basename "$dir")
    # a case that chooses its own language speaks it: not ours to mark
    if [ -f "$dir/env" ] && grep -q 'LC_ALL\|LANG\|LC_MESSAGES' "$dir/env"; then continue; fi
    input=/dev/null
    [ -f "$dir/stdin" ] && input=$dir/stdin
    workdir=$TOP_SRCDIR/testdata
    if [ -f "$dir/setup" ]; then
        workdir=$tmp/work
        rm -rf "$workdir" && mkdir "$workdir"
        (cd "$workdir" && TESTDATA=$TOP_SRCDIR/testdata sh "$dir/setup")
    fi
    args=$(cat "$dir/args")
    case " $args " in *" >"* | *"/dev/full"*) continue ;; esac
    # the arguments are expanded where the case runs (globs)
    here=$(pwd)
    cd "$workdir"
    eval "set -- $args"
    cd "$here"
    run "case $case_name" "$(kind_of "$@")" "$workdir" "$input" "$@"
done

# ---- 2. every diagnostic fixture in every format
for f in "$TOP_SRCDIR"/testdata/diag/*.pgn; do
    for fmt in text jsonl github sarif html; do
        run "diag $(basename "$f") $fmt" "$fmt" "$TOP_SRCDIR/testdata" /dev/null \
            --strict --format=$fmt "diag/$(basename "$f")"
    done
    run "diag $(basename "$f") games" jsonl "$TOP_SRCDIR/testdata" /dev/null \
        --strict --format=jsonl --report=games "diag/$(basename "$f")"
done
run "sample" text "$TOP_SRCDIR/testdata" /dev/null --strict sample.pgn
run "sample -j2" text "$TOP_SRCDIR/testdata" /dev/null --strict -j 2 sample.pgn

# ---- 3. usage errors, option by option
w=$tmp/w
mkdir -p "$w"
cp "$TOP_SRCDIR/testdata/sample.pgn" "$w/game.pgn"
cp "$TOP_SRCDIR/testdata/containers/sample-members.pgn.gz" "$TOP_SRCDIR/testdata/containers/sample.pgn.zst" \
    "$TOP_SRCDIR/testdata/containers/sample-frames.pgn.zst" "$w/"
head -c 300 "$w/sample-frames.pgn.zst" >"$w/cut.pgn.zst"
T=$TOP_SRCDIR/testdata
while IFS= read -r line; do
    [ -n "$line" ] || continue
    eval "set -- $line"
    run "usage" "$(kind_of "$@")" "$w" /dev/null "$@"
done <<'EOF'
--format=x game.pgn
--report=x game.pgn
--report=games game.pgn
--duplicates=x game.pgn
--round-form=x game.pgn
--html-max-boards=x game.pgn
--jobs=x game.pgn
-j 9999 game.pgn
--notation=x game.pgn
--zstd-window-max=x game.pgn
--stdin-name= game.pgn
--shard=x game.pgn
--shard=1/2 --format=text game.pgn
--shard=1/2 game.pgn game.pgn
--shard=1/2 -
--shard=1/2 -j 2 game.pgn
--shard=1/2 nothing.pgn
--frobnicate game.pgn
-Z game.pgn
--format
--strict=yes game.pgn
nothing.pgn
.
--shard=1/2 sample-members.pgn.gz
--shard=1/2 sample.pgn.zst
--shard=2/2 cut.pgn.zst
--shard=1/2 .
-j 2 cut.pgn.zst
cut.pgn.zst
-o game.pgn game.pgn
-o . game.pgn
-o nodir/out.txt game.pgn
check --help
check --frobnicate
position --format=x 8/8/8/8/8/8/8/K1k5
position --nodes=x 8/8/8/8/8/8/8/K1k5
position -j x 8/8/8/8/8/8/8/K1k5
position --frobnicate
position x
position 8/8/8/8/8/8/8/K1k5
position k7/8/8/8/8/8/8/K7_w_-_-_0_1
position --chess960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
position --help
perft
perft x 1
perft "8/8/8/8/8/8/8/K1k5 w - - 0 1"
perft "8/8/8/8/8/8/8/K1k5 w - - 0 1" x
perft "8/8/8/8/8/8/8/K1k5 w - - 0 1" 99
perft "8/8/8/8/8/8/8/K1k5 w - - 0 1" 1 x
perft --frobnicate
perft --help
explain
explain no-such-code
explain illegal-move extra
explain --frobnicate
explain --list
explain illegal-move
explain --help
merge
merge --frobnicate
merge --format=x s1
merge - -
merge nothing.jsonl
merge game.pgn
merge --help
--help
EOF

# no FILE (no FEN) with standard input on a terminal: script(1) gives one
if command -v script >/dev/null 2>&1 && [ -z "$VALGRIND" ]; then
    for cmd in '' position; do
        runs=$((runs + 1))
        (cd "$w" && PGNARBITER=$PGNARBITER script -qec "\"\$PGNARBITER\" $cmd" "$tmp/typescript") \
            </dev/null >"$tmp/tty" 2>&1 || true
        tr -d '\r' <"$tmp/tty" >"$tmp/stderr"
        words >"$tmp/words"
        unmarked "$tmp/stderr" "$tmp/words" text >"$tmp/bad"
        if [ -s "$tmp/bad" ] || ! grep -q . "$tmp/stderr"; then
            echo "FAIL: pgnarbiter $cmd on a terminal"
            sed -e 's/^/    /' "$tmp/stderr" | head -20
            fails=$((fails + 1))
        fi
    done
fi

# ---- 4. merge's refusals (tests/output-files.sh makes the same shards)
(cd "$w" && for k in 1 2 3; do "$PGNARBITER" --quiet --shard $k/3 -o s$k game.pgn || true; done)
(cd "$w" && cat s2 s2 >appended && head -c 100 s2 >cut && : >empty &&
    sed 's/"by_code"/"interrupted":true,"by_code"/' s2 >interrupted &&
    sed 's/"confirmed":true/"confirmed":false/' s2 >unconfirmed &&
    sed 's/"status":1,/"status":0,/' s2 >status &&
    sed 's/"errors":\([0-9]*\),/"errors":9\1,/' s2 >counts &&
    sed '1s/"shard":"2\/3"/"shard":"1\/3"/' s2 >other-shard &&
    sed '2s/"white":"[^"]*"/"white":"A\\u0000B"/' s2 >nul &&
    sed '1s/"game":[0-9]*/"game":-3/' s2 >negative &&
    sed 's/"input_sample":"[0-9a-f]*"/"input_sample":"0123456789abcdef"/' s2 >other-file &&
    sed 's/"strict":false/"strict":true/' s2 >other-run &&
    sed 's/"shard":"2\/3"/"shard":"9\/3"/' s2 >bad-shard &&
    sed 's/"shard":"2\/3",//' s2 >no-shard &&
    printf 'x\n' >not-json && printf '{"type":"diagnostic"}\n' >record && cat record s2 >bad-record)
for f in appended cut empty interrupted unconfirmed status counts other-shard nul negative \
    other-file other-run bad-shard no-shard not-json bad-record; do
    run "merge $f" text "$w" /dev/null merge s1 "$f" s3
done
run "merge missing" text "$w" /dev/null merge s1 s3
run "merge twice" text "$w" /dev/null merge s1 s2 s2 s3
run "merge ok" text "$w" /dev/null merge s1 s2 s3

echo "i18n-pseudo: $runs runs, $fails with English outside the catalogue"
[ "$fails" -eq 0 ]
