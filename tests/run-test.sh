#!/bin/sh
# run-test.sh TEST: how `make check` runs each test.  A Check program runs under
# $VALGRIND when that is set (--enable-valgrind); a shell test gets $VALGRIND
# and wraps the program itself.
set -eu
t=$1
# In a sanitizer build a report must fail the test: ASan and UBSan exit with
# status 1 by default, which a test of `check` (exit 1: findings) would pass.
# Settings of the caller's own come after these and win.
ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
UBSAN_OPTIONS="exitcode=87:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS UBSAN_OPTIONS
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
