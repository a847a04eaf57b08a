#!/bin/sh
# tests/html-browser.sh - the --format=html page of testdata/sample.pgn in a
# real browser (issue 24): Debian's chromium, headless, loads it with no
# console message (the page's script ran: <html class="js">, and the summary
# and every finding are in the DOM) and takes a screenshot.  SHOT=FILE keeps
# the screenshot there (doc/report-sample.png is made so).  Skips (exit 77)
# when chromium is not installed, and says so; .ci/run installs it.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
browser=
for b in chromium chromium-browser; do
    if command -v "$b" >/dev/null 2>&1; then browser=$b; break; fi
done
if [ -z "$browser" ]; then
    echo "html-browser: chromium is not installed; skipping (apt-get install chromium)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
(cd "$TOP_SRCDIR/testdata" && "$PGNARBITER" check --quiet --format=html sample.pgn) \
    >"$tmp/sample.html" || true
findings=$(grep -c '<article class="finding' "$tmp/sample.html" || true)

run() {
    HOME=$tmp timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --no-first-run --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 "$@" \
        "file://$tmp/sample.html"
}
failed=0
run --dump-dom >"$tmp/dom.html" 2>"$tmp/dom.err" || true
if grep -q 'CONSOLE' "$tmp/dom.err"; then
    echo "FAIL: console messages:"; grep 'CONSOLE' "$tmp/dom.err"; failed=1
fi
grep -q '<html lang="en" class="js">' "$tmp/dom.html" ||
    { echo "FAIL: the page's script did not run (no class=\"js\")"; failed=1; }
grep -q 'id="summary"' "$tmp/dom.html" || { echo "FAIL: no summary in the DOM"; failed=1; }
n=$(grep -o '<article class="finding' "$tmp/dom.html" | wc -l)
[ "$n" -eq "$findings" ] && [ "$n" -gt 0 ] ||
    { echo "FAIL: $n findings in the DOM, $findings in the page"; failed=1; }

run --screenshot="$tmp/shot.png" --window-size=1000,2300 >/dev/null 2>"$tmp/shot.err" || true
if ! head -c 8 "$tmp/shot.png" 2>/dev/null | od -An -c | grep -q 'P   N   G'; then
    echo "FAIL: no screenshot"; cat "$tmp/shot.err"; failed=1
elif [ -n "${SHOT:-}" ]; then
    cp "$tmp/shot.png" "$SHOT"
fi
echo "html-browser: $browser rendered the sample's page ($n findings)$([ $failed = 0 ] && echo ', ok')"
[ "$failed" -eq 0 ]
