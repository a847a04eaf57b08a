#!/bin/sh
# tests/man-examples.sh - the EXAMPLES of doc/pgnarbiter.1 are run as written
# (from the top of the source tree, with the built program first on PATH):
# each must print something and exit 0 (nothing found) or 1 (findings);
# 2 and crashes fail.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
ln -s "$PGNARBITER" "$tmp/bin/pgnarbiter"
# Lines between .SH EXAMPLES's .nf and .fi, with roff's \- turned into -.
sed -n '/^\.SH EXAMPLES/,/^\.SH/p' "$TOP_SRCDIR/doc/pgnarbiter.1" |
    sed -n '/^\.nf/,/^\.fi/p' | sed -e '/^\.nf/d' -e '/^\.fi/d' -e 's/\\-/-/g' >"$tmp/examples"
passed=0 failed=0
while read -r cmd; do
    status=0
    (cd "$TOP_SRCDIR" && PATH="$tmp/bin:$PATH" sh -c "$cmd") \
        >"$tmp/out" 2>"$tmp/err" </dev/null || status=$?
    if [ "$status" -le 1 ] && [ -s "$tmp/out" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL (exit $status): $cmd"
        head -5 "$tmp/err"
    fi
done <"$tmp/examples"
echo "man-examples: $passed passed, $failed failed"
[ "$passed" -gt 0 ] && [ "$failed" -eq 0 ]
