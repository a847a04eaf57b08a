#!/bin/sh
# tests/cli/run.sh - end-to-end tests of the pgnarbiter program.
#
# Each directory tests/cli/cases/NAME/ is one case:
#   args     the command-line arguments (shell words, one line)
#   stdin    optional: fed to standard input (else /dev/null)
#   stdout   expected standard output
#   stderr   expected standard error (timings masked, see normalize)
#   status   expected exit status
#   env      optional: variable assignments for this case (e.g. LC_ALL= LANG=...)
#   setup    optional: a shell script run in a fresh empty directory, which is
#            then the working directory of the case instead of testdata/ (for
#            inputs whose names git should not hold: controls, bytes that are
#            not UTF-8); $TESTDATA names testdata/ in it
#   cwd      optional, with setup: the directory under that one to run in
#            (a settings file found upward)
# The program runs with testdata/ as its working directory, so file names in
# args and in the output are relative to it.  UPDATE=1 rewrites the expected
# files from the actual output (review the diff before committing).
# tests/cli-it.sh runs the Italian cases (cases-it/) through this script with
# CLI_LC_ALL=it_IT.UTF-8 and CLI_CASES, and the terminal cases' expected words
# in CLI_TTY_NO_INPUT, CLI_TTY_TRY and CLI_TTY_NO_POSITION.
set -eu
LC_ALL=${CLI_LC_ALL:-C}; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
: "${VALGRIND:=}"
cases=${CLI_CASES:-$TOP_SRCDIR/tests/cli/cases}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Timings and rates change from run to run: mask them (English and Italian).
normalize() {
    sed -E -e 's/[0-9]+(\.[0-9]+)? (s|ms|games\/s|partite\/s|MB\/s)([ ,;)]|$)/# \2\3/g' "$1"
}

passed=0 failed=0
for dir in "$cases"/*/; do
    name=$(basename "$dir")
    input=/dev/null
    [ -f "$dir/stdin" ] && input=$dir/stdin
    args=$(cat "$dir/args")
    environ=
    [ -f "$dir/env" ] && environ=$(cat "$dir/env")
    workdir=$TOP_SRCDIR/testdata
    if [ -f "$dir/setup" ]; then
        workdir=$tmp/work
        rm -rf "$workdir"
        mkdir "$workdir"
        (cd "$workdir" && TESTDATA=$TOP_SRCDIR/testdata sh "$dir/setup")
        [ -f "$dir/cwd" ] && workdir=$workdir/$(cat "$dir/cwd")
    fi
    set +e
    # shellcheck disable=SC2086
    (cd "$workdir" && eval "$environ exec $VALGRIND \"\$PGNARBITER\" $args") \
        <"$input" >"$tmp/stdout" 2>"$tmp/stderr.raw"
    status=$?
    set -e
    normalize "$tmp/stderr.raw" >"$tmp/stderr"
    echo "$status" >"$tmp/status"
    if [ "${UPDATE:-}" = 1 ]; then
        for f in stdout stderr status; do cp "$tmp/$f" "$dir/$f"; done
    fi
    ok=1
    for f in stdout stderr status; do
        if ! cmp -s "$dir/$f" "$tmp/$f"; then
            [ $ok = 1 ] && echo "FAIL: $name"
            ok=0
            diff -u "$dir/$f" "$tmp/$f" | sed 's/^/    /' | head -40
        fi
    done
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
# No FILE with standard input on a terminal: a hint and status 2, not a
# silent wait.  script(1) (util-linux) gives the program a terminal.
if command -v script >/dev/null 2>&1 && [ -z "$VALGRIND" ]; then
    set +e
    (cd "$TOP_SRCDIR/testdata" && PGNARBITER=$PGNARBITER \
        script -qec '"$PGNARBITER"; echo "status $?"' /dev/null) </dev/null >"$tmp/tty" 2>&1
    set -e
    if grep -q "${CLI_TTY_NO_INPUT:-no input: give PGN files to check}" "$tmp/tty" &&
        grep -q "${CLI_TTY_TRY:-Try 'pgnarbiter --help'}" "$tmp/tty" && grep -q 'status 2' "$tmp/tty"; then
        passed=$((passed + 1))
    else
        echo "FAIL: no arguments on a terminal"
        sed 's/^/    /' "$tmp/tty"
        failed=$((failed + 1))
    fi
    set +e
    (cd "$TOP_SRCDIR/testdata" && PGNARBITER=$PGNARBITER \
        script -qec '"$PGNARBITER" position; echo "status $?"' /dev/null) </dev/null >"$tmp/tty" 2>&1
    set -e
    if grep -q "${CLI_TTY_NO_POSITION:-no position: give FENs}" "$tmp/tty" && grep -q 'status 2' "$tmp/tty"; then
        passed=$((passed + 1))
    else
        echo "FAIL: position with no FEN on a terminal"
        sed 's/^/    /' "$tmp/tty"
        failed=$((failed + 1))
    fi
else
    echo "cli: skipped the terminal case (no script(1), or under valgrind)"
fi
echo "cli: $passed passed, $failed failed"
[ "$passed" -gt 0 ] || { echo "cli: no case was run" >&2; exit 1; }
[ "$failed" -eq 0 ]
