#!/bin/sh
# run-test.sh TEST: how `make check` runs each test.  A Check program runs under
# $VALGRIND when that is set (--enable-valgrind); a shell test gets $VALGRIND
# and wraps the program itself.
set -eu
t=$1
case "$t" in
    *.sh) exec "${SHELL:-/bin/sh}" "$t" ;;
    *)
        if [ -n "${VALGRIND:-}" ]; then
            CK_FORK=no; export CK_FORK
            # shellcheck disable=SC2086
            exec $VALGRIND "$t"
        fi
        exec "$t" ;;
esac
