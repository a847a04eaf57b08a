#!/bin/sh
# tests/suites-listed.sh - every Check suite a tests/check_*.c defines
# (`Suite *NAME_suite(void)`) is listed in tests/suites.def, so the runner
# runs it: a suite left out links and passes silently, having run nothing
# (a merge once dropped three that way).
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
status=0
for name in $(sed -n 's/^Suite \*\([a-z0-9_]*\)_suite(void)$/\1/p' "$TOP_SRCDIR"/tests/check_*.c | sort -u); do
    grep -qx "SUITE($name)" "$TOP_SRCDIR/tests/suites.def" || {
        echo "suites-listed: suite '$name' is defined but not in tests/suites.def" >&2
        status=1
    }
done
for name in $(sed -n 's/^SUITE(\([a-z0-9_]*\))$/\1/p' "$TOP_SRCDIR/tests/suites.def" | sort | uniq -d); do
    echo "suites-listed: suite '$name' is listed twice in tests/suites.def" >&2
    status=1
done
[ "$status" -eq 0 ] && echo "suites-listed: every suite is run"
exit "$status"
