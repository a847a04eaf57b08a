#!/bin/sh
# tests/i18n-po.sh - the Italian catalogue po/it.po is complete and current:
#   1. msgfmt --statistics: every message translated, none fuzzy;
#   2. a fresh xgettext of every source under src/ (not only those in
#      POTFILES.in) finds no message that it.po lacks, and it.po holds no
#      message the sources no longer have;
#   3. po/POTFILES.in lists every source that wraps a string;
# and every code of diag_codes.def has its summary and explain text marked.
# Needs the gettext tools (bootstrap installs them); skips (77) without them.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
for tool in msgfmt xgettext msgcmp; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "i18n-po: SKIP: $tool is missing (apt-get install gettext)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
po=$TOP_SRCDIR/po/it.po
fail=0

# 1. complete
stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || { echo "$stats"; exit 1; }
echo "i18n-po: it.po: $stats"
case $stats in
    *untranslated* | *fuzzy*) echo "FAIL: po/it.po is not complete: $stats"; fail=1 ;;
esac

# 2. current: the keywords are po/Makevars' XGETTEXT_OPTIONS.
opts=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$TOP_SRCDIR/po/Makevars" |
    sed -e 's/^XGETTEXT_OPTIONS *=//' -e 's/\\$//' | tr '\n' ' ')
(cd "$TOP_SRCDIR" && find src -name '*.[ch]' -o -name '*.def' | LC_ALL=C sort) >"$tmp/files"
# shellcheck disable=SC2086
(cd "$TOP_SRCDIR" && xgettext $opts -o "$tmp/fresh.pot" -f "$tmp/files")
if ! msgcmp "$po" "$tmp/fresh.pot" >"$tmp/missing" 2>&1; then
    echo "FAIL: po/it.po lacks messages of the sources (make -C po update-po, then translate):"
    sed 's/^/    /' "$tmp/missing" | head -40
    fail=1
fi
if ! msgcmp --use-untranslated "$tmp/fresh.pot" "$po" >"$tmp/stale" 2>&1; then
    echo "FAIL: po/it.po holds messages no source has any more (make -C po update-po):"
    sed 's/^/    /' "$tmp/stale" | head -40
    fail=1
fi

# 2b. every code's summary and explain text in diag_codes.def is marked N_()
def=$TOP_SRCDIR/src/diag/diag_codes.def
codes=$(grep -c '^DIAG_CODE(' "$def")
marked=$(grep -v '^ *\*\|^/\*' "$def" | grep -o 'N_(' | wc -l)
if [ "$marked" -ne $((2 * codes)) ]; then
    echo "FAIL: diag_codes.def has $codes codes but $marked N_() marks: wrap each summary and explain text in N_()"
    fail=1
fi

# 3. POTFILES.in
grep -v '^#' "$TOP_SRCDIR/po/POTFILES.in" | sed '/^$/d' | LC_ALL=C sort >"$tmp/listed"
(cd "$TOP_SRCDIR" && grep -lE '(^|[^A-Za-z0-9_])(N?_|C_|ngettext)\(' $(cat "$tmp/files") |
    LC_ALL=C sort) >"$tmp/using"
if ! cmp -s "$tmp/listed" "$tmp/using"; then
    echo "FAIL: po/POTFILES.in does not list exactly the sources that wrap strings:"
    diff "$tmp/listed" "$tmp/using" | sed 's/^/    /'
    fail=1
fi

[ "$fail" -eq 0 ] && echo "i18n-po: it.po complete and current"
exit "$fail"
