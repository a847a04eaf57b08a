#!/bin/sh
# tests/man-options.sh - every option `pgnarbiter --help` prints (check,
# position, perft, explain and merge, each command's own --help too) is
# documented in both manual pages, doc/pgnarbiter.1 and doc/it/pgnarbiter.1,
# and so is every value of an option that takes one of a list
# (--format=text|jsonl|..., --notation=...).
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
unset LANGUAGE LANG LC_MESSAGES || true
{
    "$PGNARBITER" --help
    for c in check position perft explain merge; do "$PGNARBITER" $c --help; done
} >"$tmp/help"
# options: --long and -x, as the help writes them at the start of a column
grep -oE '(^|[ [,|])--?[a-zA-Z0-9][a-zA-Z0-9-]*' "$tmp/help" | sed -E 's/^[ [,|]//' |
    grep -vx -- '--' | sort -u >"$tmp/options"
# values of --opt=a|b|c lists
grep -oE -- '--[a-z0-9-]+=[a-z0-9]+(\|[a-z0-9]+)+' "$tmp/help" | sed 's/.*=//' | tr '|' '\n' |
    sort -u >"$tmp/values"
[ -s "$tmp/options" ] || { echo "man-options: FAIL: no option found in --help"; exit 1; }
fail=0
for page in doc/pgnarbiter.1 doc/it/pgnarbiter.1; do
    # troff: \- is a hyphen, \f[BIRP] and \fR change fonts
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' "$TOP_SRCDIR/$page" >"$tmp/page"
    while IFS= read -r o; do
        if ! grep -q -e "\\(^\\|[^a-zA-Z0-9-]\\)$o\\($\\|[^a-zA-Z0-9-]\\)" "$tmp/page"; then
            echo "FAIL: $page does not document $o"
            fail=1
        fi
    done <"$tmp/options"
    while IFS= read -r v; do
        if ! grep -q -w -e "$v" "$tmp/page"; then
            echo "FAIL: $page does not name the value $v"
            fail=1
        fi
    done <"$tmp/values"
done
[ "$fail" -eq 0 ] && echo "man-options: $(wc -l <"$tmp/options") options and $(wc -l <"$tmp/values") values in both manual pages"
exit "$fail"
