#!/bin/sh
# tests/html.sh - --format=html (issue 24), its structure: the page of the
# sample and of every diagnostic fixture parses as HTML with no error
# (html5lib, strict), holds every finding of the jsonl output, and every
# board's pieces, read back from the SVG, are the finding's FEN
# (tests/html_check.py); --html-max-boards stops the boards; -j 3 gives the
# same bytes as one job.  Needs Debian's python3-html5lib: installed with
# apt-get when run as root, else the test skips (exit 77) and says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"

find_python() {
    for p in /usr/bin/python3 python3; do
        if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import html5lib' 2>/dev/null; then
            echo "$p"
            return 0
        fi
    done
    return 1
}
if ! py=$(find_python); then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get install -y -q python3-html5lib >/dev/null 2>&1 || true
    fi
    if ! py=$(find_python); then
        echo "html: python3-html5lib is not installed (and cannot be, not root); skipping"
        exit 77
    fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0 pages=0
cd "$TOP_SRCDIR/testdata"

# page FILE [OPTIONS...]: check the page of FILE against its jsonl.
page() {
    f=$1
    shift
    "$PGNARBITER" check --quiet --strict --format=html "$@" "$f" >"$tmp/page.html" || true
    "$PGNARBITER" check --quiet --strict --format=jsonl "$f" >"$tmp/out.jsonl" || true
    max=
    for a in "$@"; do case $a in --html-max-boards=*) max=${a#*=} ;; esac; done
    pages=$((pages + 1))
    # shellcheck disable=SC2086
    if ! "$py" "$TOP_SRCDIR/tests/html_check.py" "$tmp/page.html" "$tmp/out.jsonl" $max \
        >"$tmp/check.out" 2>&1; then
        sed "s|$tmp/page.html|$f|" "$tmp/check.out"
        failed=$((failed + 1))
    fi
}

page sample.pgn
for f in diag/*.pgn; do page "$f"; done
page sample.pgn --html-max-boards=5
page pgn/claims-it.pgn

# The same bytes with any -j (the report gets everything in input order).
"$PGNARBITER" check --quiet --strict --format=html sample.pgn diag/*.pgn pgn/*.pgn \
    >"$tmp/one.html" || true
"$PGNARBITER" check --quiet --strict --format=html -j 3 sample.pgn diag/*.pgn pgn/*.pgn \
    >"$tmp/three.html" || true
if ! cmp -s "$tmp/one.html" "$tmp/three.html"; then
    echo "FAIL: --format=html -j 3 differs from one job"
    failed=$((failed + 1))
fi

echo "html: $pages pages checked, $failed failed"
[ "$failed" -eq 0 ]
