#!/bin/sh
# tests/man-examples.sh - the EXAMPLES of doc/pgnarbiter.1 are run as written
# (from the top of the source tree, with the built program first on PATH), and
# each one's standard output, standard error (timings masked) and exit status
# must equal tests/man-examples/N.expected, N its place in the list:
#   $ COMMAND
#   STDOUT...
#   --- stderr
#   STDERR...
#   --- status S
# An example added, changed or removed fails until the expected files follow
# it: UPDATE=1 rewrites them from the actual output (review the diff before
# committing).
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
expected_dir=$TOP_SRCDIR/tests/man-examples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
ln -s "$PGNARBITER" "$tmp/bin/pgnarbiter"
# Lines between .SH EXAMPLES's .nf and .fi, with roff's \- turned into -.
sed -n '/^\.SH EXAMPLES/,/^\.SH/p' "$TOP_SRCDIR/doc/pgnarbiter.1" |
    sed -n '/^\.nf/,/^\.fi/p' | sed -e '/^\.nf/d' -e '/^\.fi/d' -e 's/\\-/-/g' >"$tmp/examples"

# Timings and rates change from run to run: mask them (as tests/cli/run.sh).
normalize() {
    sed -E -e 's/[0-9]+(\.[0-9]+)? (s|ms|games\/s|MB\/s)([ ,;)]|$)/# \2\3/g' "$1"
}

passed=0 failed=0 n=0
while read -r cmd; do
    n=$((n + 1))
    status=0
    (cd "$TOP_SRCDIR" && PATH="$tmp/bin:$PATH" sh -c "$cmd") \
        >"$tmp/out" 2>"$tmp/err.raw" </dev/null || status=$?
    normalize "$tmp/err.raw" >"$tmp/err"
    {
        printf '$ %s\n' "$cmd"
        cat "$tmp/out"
        echo "--- stderr"
        cat "$tmp/err"
        echo "--- status $status"
    } >"$tmp/actual"
    want=$expected_dir/$n.expected
    [ "${UPDATE:-}" = 1 ] && cp "$tmp/actual" "$want"
    if [ -f "$want" ] && cmp -s "$want" "$tmp/actual"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL (example $n, exit $status): $cmd"
        if [ -f "$want" ]; then
            diff -u "$want" "$tmp/actual" | sed 's/^/    /' | head -40
        else
            echo "    no $want (UPDATE=1 writes it)"
        fi
    fi
done <"$tmp/examples"
# An expected file without its example: the example was removed.
for f in "$expected_dir"/*.expected; do
    [ -f "$f" ] || continue
    k=$(basename "$f" .expected)
    if [ "$k" -gt "$n" ]; then
        if [ "${UPDATE:-}" = 1 ]; then rm -f "$f"; else
            failed=$((failed + 1)); echo "FAIL: $f has no example $k (UPDATE=1 removes it)"; fi
    fi
done
echo "man-examples: $passed passed, $failed failed"
[ "$passed" -gt 0 ] && [ "$failed" -eq 0 ]
