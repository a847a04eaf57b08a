#!/bin/sh
# tests/cli-it.sh - the CLI cases of tests/cli/cases-it/ in Italian
# (LC_ALL=it_IT.UTF-8), compared whole like tests/cli/run.sh's, and
# doc/diagnostics.it.md against the Italian explain texts (doc/diagnostics-it.sh).
#
# No root needed: the catalogue is compiled from po/it.po into
# $TOP_BUILDDIR/tests/locale/it/LC_MESSAGES/ and found through
# PGNARBITER_LOCALEDIR.  When the system has no it_IT.UTF-8 locale it is made
# there too (localedef -i it_IT -f UTF-8, read through LOCPATH) from the
# sources of Debian's `locales` package, which is installed when missing and we
# are root; without it the test is skipped (77), saying so.
set -eu
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"
loc=$TOP_BUILDDIR/tests/locale
if [ "${USE_NLS:-yes}" = no ]; then
    echo "cli-it: SKIP: built without NLS (configure --disable-nls): the program speaks English only"
    exit 77
fi
mkdir -p "$loc/it/LC_MESSAGES"
command -v msgfmt >/dev/null 2>&1 || { echo "cli-it: SKIP: msgfmt is missing (apt-get install gettext)"; exit 77; }
msgfmt -c -o "$loc/it/LC_MESSAGES/pgnarbiter.mo" "$TOP_SRCDIR/po/it.po"

if LC_ALL=C locale -a 2>/dev/null | grep -qix 'it_IT\.utf-\{0,1\}8'; then
    echo "cli-it: using the system's it_IT.UTF-8 locale"
else
    if [ ! -f /usr/share/i18n/locales/it_IT ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "cli-it: installing Debian's locales package (locale sources for localedef)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends locales >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 &&
              DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends locales >/dev/null 2>&1; } || true
    fi
    if [ ! -f /usr/share/i18n/locales/it_IT ]; then
        echo "cli-it: SKIP: no it_IT.UTF-8 locale and no locale sources to make one (apt-get install locales)"
        exit 77
    fi
    if [ ! -f "$loc/it_IT.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES" ]; then
        echo "cli-it: the system has no it_IT.UTF-8: making it in $loc (localedef, LOCPATH)"
        localedef -i it_IT -f UTF-8 "$loc/it_IT.UTF-8" >/dev/null 2>&1 ||
            [ -f "$loc/it_IT.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES" ] ||
            { echo "cli-it: FAIL: localedef -i it_IT -f UTF-8 $loc/it_IT.UTF-8 failed"; exit 1; }
    fi
    LOCPATH=$loc; export LOCPATH
fi
PGNARBITER_LOCALEDIR=$loc; export PGNARBITER_LOCALEDIR
unset LANGUAGE LC_MESSAGES LANG || true
status=0
CLI_LC_ALL=it_IT.UTF-8 CLI_CASES=$TOP_SRCDIR/tests/cli/cases-it \
    "${SHELL:-/bin/sh}" "$TOP_SRCDIR/tests/cli/run.sh" || status=$?

# doc/diagnostics.it.md is what `explain` says in Italian, code by code.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=it_IT.UTF-8 PGNARBITER=${PGNARBITER:-$TOP_SRCDIR/src/pgnarbiter} TOP_SRCDIR=$TOP_SRCDIR \
    "${SHELL:-/bin/sh}" "$TOP_SRCDIR/doc/diagnostics-it.sh" >"$tmp/diagnostics.it.md"
if [ "${UPDATE:-}" = 1 ]; then cp "$tmp/diagnostics.it.md" "$TOP_SRCDIR/doc/diagnostics.it.md"; fi
if cmp -s "$TOP_SRCDIR/doc/diagnostics.it.md" "$tmp/diagnostics.it.md"; then
    echo "cli-it: doc/diagnostics.it.md matches the Italian explain texts"
else
    echo "FAIL: doc/diagnostics.it.md differs from doc/diagnostics-it.sh's output (UPDATE=1 rewrites it):"
    diff -u "$TOP_SRCDIR/doc/diagnostics.it.md" "$tmp/diagnostics.it.md" | sed 's/^/    /' | head -40
    status=1
fi
exit "$status"
