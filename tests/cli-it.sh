#!/bin/sh
# tests/cli-it.sh - the CLI cases of tests/cli/cases-it/ in Italian
# (LC_ALL=it_IT.UTF-8), compared whole like tests/cli/run.sh's, and
# doc/diagnostics.it.md against the Italian explain texts (doc/diagnostics-it.sh).
#
# No root needed: the catalogue is compiled from po/it.po into
# $TOP_BUILDDIR/tests/locale/it/LC_MESSAGES/ and found through
# PGNARBITER_LOCALEDIR (and the binary is checked to find the build's own
# catalogue, src/locale/, without it).  When the system has no it_IT.UTF-8 locale it is made
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
unset LANGUAGE LC_MESSAGES LANG PGNARBITER_LOCALEDIR || true
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
P=${PGNARBITER:-$TOP_SRCDIR/src/pgnarbiter}

# The binary of the build tree finds the build's catalogue beside it
# (src/locale/, marked by src/locale/pgnarbiter.build-tree): Italian with no
# PGNARBITER_LOCALEDIR, right after the build.
LC_ALL=it_IT.UTF-8 "$P" --frobnicate >"$tmp/out" 2>"$tmp/err" || true
if grep -q "^pgnarbiter: opzione '--frobnicate' sconosciuta$" "$tmp/err"; then
    echo "cli-it: the build tree's binary speaks Italian from its own catalogue"
else
    echo "FAIL: the build tree's binary, LC_ALL=it_IT.UTF-8, no PGNARBITER_LOCALEDIR:"
    sed 's/^/    /' "$tmp/err"
    status=1
fi
# A copy elsewhere (as an installed binary) has no marker beside it: it reads
# the install prefix's catalogue, $LOCALEDIR, and never the build tree's.
if [ -n "${LOCALEDIR:-}" ] && [ ! -e "$LOCALEDIR/it/LC_MESSAGES/pgnarbiter.mo" ] && [ -z "${VALGRIND:-}" ]; then
    cp "$P" "$tmp/pgnarbiter"
    LC_ALL=it_IT.UTF-8 "$tmp/pgnarbiter" --frobnicate >"$tmp/out" 2>"$tmp/err" || true
    if grep -q "^pgnarbiter: unknown option '--frobnicate'$" "$tmp/err"; then
        echo "cli-it: a copy outside the build tree does not read the build's catalogue"
    else
        echo "FAIL: a copy of the binary outside the build tree read a catalogue it should not:"
        sed 's/^/    /' "$tmp/err"
        status=1
    fi
fi
# The install prefix's catalogue folder compiled in is the one configure gave
# (localedir.h follows a new --prefix).
if [ -n "${LOCALEDIR:-}" ] && ! grep -a -q -F "$LOCALEDIR" "$P"; then
    echo "FAIL: $P does not hold the configured localedir $LOCALEDIR (a stale localedir.h?)"
    status=1
fi

PGNARBITER_LOCALEDIR=$loc; export PGNARBITER_LOCALEDIR
CLI_LC_ALL=it_IT.UTF-8 CLI_CASES=$TOP_SRCDIR/tests/cli/cases-it \
    CLI_TTY_NO_INPUT='nessun input: indicare i file PGN' \
    CLI_TTY_TRY="Usare 'pgnarbiter --help' per maggiori informazioni" \
    CLI_TTY_NO_POSITION='nessuna posizione: indicare le FEN' \
    "${SHELL:-/bin/sh}" "$TOP_SRCDIR/tests/cli/run.sh" || status=$?

# The HTML report in Italian: counts with their own plurals, and a game that
# did not end on the board.
printf '[Event "T"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Tb1 1-0\n' >"$tmp/one.pgn"
LC_ALL=it_IT.UTF-8 "$P" --quiet --format=html "$tmp/one.pgn" >"$tmp/page.html" 2>&1 || true
for want in 'Controllati: 1 input, 1 partita, [0-9]* byte\.' \
    'La partita non si è conclusa sulla scacchiera: il risultato deriva da abbandono'; do
    if ! grep -q "$want" "$tmp/page.html"; then
        echo "FAIL: the Italian HTML report lacks: $want"
        status=1
    fi
done

# doc/diagnostics.it.md is what `explain` says in Italian, code by code.
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
