#!/bin/sh
# tests/corpus-findings.sh - what every PGN file of ../shared/corpus (wild/
# included) gives, held to a reviewed list, so that a change in any finding
# on real files is seen: tests/corpus-findings.expected has one line per
# error (FILE game N ply P CODE) and one per other code and severity
# (FILE SEVERITY CODE COUNT), from `check --strict`.  Every file must also be
# read without a crash, a hang or a sanitizer report, with exit status 0 or
# 1.  UPDATE=1 rewrites the expected list from this run: review the diff (a
# new error on a real file is a false error until shown otherwise) and say
# what changed in the commit.  Skips (exit 77) when ../shared is absent, and
# says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
corpus=$TOP_SRCDIR/../shared/corpus
expected=$TOP_SRCDIR/tests/corpus-findings.expected
if [ ! -d "$corpus" ]; then
    echo "corpus-findings: $corpus is absent; skipping the real-data findings"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0 files=0

(cd "$corpus" && find . -type f \( -name '*.pgn' -o -name '*.pgn.gz' -o -name '*.zst' -o -name '*.txt' \) \
    ! -path './dead/*' ! -path './expected/*' ! -path './trf/*' | sed 's|^\./||' | sort) >"$tmp/files"
: >"$tmp/found"
while read -r f; do
    files=$((files + 1))
    status=0
    timeout 300 "$PGNARBITER" check --quiet --strict --format=jsonl "$corpus/$f" \
        >"$tmp/out" 2>"$tmp/err" || status=$?
    if [ "$status" -gt 1 ] || grep -q 'Sanitizer\|runtime error:' "$tmp/err" ||
        ! tail -n 1 "$tmp/out" | grep -q '"type":"summary"'; then
        echo "FAIL: $f: exit $status"
        head -c 2000 "$tmp/err"
        failed=$((failed + 1))
        continue
    fi
    # errors one by one; other findings counted by severity and code
    grep '"type":"diagnostic"' "$tmp/out" |
        sed -n 's/.*"game":\([0-9]*\),.*"ply":\([0-9a-z]*\),.*"code":"\([a-z0-9-]*\)","severity":"\([a-z]*\)".*/\4 \3 \1 \2/p' >"$tmp/diag"
    awk -v f="$f" '$1 == "error" { print f, "game", $3, "ply", $4, $2 }' "$tmp/diag" >>"$tmp/found"
    awk -v f="$f" '$1 != "error" { n[$1 " " $2]++ } END { for (k in n) print f, k, n[k] }' \
        "$tmp/diag" | sort >>"$tmp/found"
done <"$tmp/files"

if [ "${UPDATE:-}" = 1 ]; then
    cp "$tmp/found" "$expected"
    echo "corpus-findings: $expected rewritten ($(wc -l <"$expected") lines): review the diff"
fi
if ! cmp -s "$expected" "$tmp/found"; then
    echo "FAIL: the findings on the corpus changed (- expected, + now; UPDATE=1 rewrites the list):"
    diff -u "$expected" "$tmp/found" | sed 1,2d | head -80
    failed=$((failed + 1))
fi
echo "corpus-findings: $files files, $(grep -c ' game ' "$tmp/found" || true) errors held to the list"
echo "corpus-findings: $((files - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
