#!/bin/sh
# tests/api-build.sh - libpgnarbiter as a program outside the tree sees it:
#  - include/pgnarbiter.h compiles alone as C11 with -pedantic and every
#    warning an error, and as C++ (g++; skipped when there is none);
#  - the shared library exports the pgnarbiter_* functions of the header and
#    nothing else (nm -D --defined-only), and its SONAME is
#    libpgnarbiter.so.PGNARBITER_API_VERSION;
#  - the example of README.md's "Using pgnarbiter as a C library" compiles
#    against the build tree's shared and static libraries, and both programs
#    print the findings of testdata/sample.pgn the command finds; the static
#    library links into a shared object (it is PIC);
#  - pgnarbiter.pc gives the compile and link line.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TOP_BUILDDIR:=$TOP_SRCDIR}"
: "${PGNARBITER:=$TOP_BUILDDIR/src/pgnarbiter}"
: "${CC:=cc}"
: "${API_CFLAGS:=}" # the build's sanitizer flags, for programs linking its library
so=$TOP_BUILDDIR/src/.libs/libpgnarbiter.so
a=$TOP_BUILDDIR/src/.libs/libpgnarbiter.a
header=$TOP_SRCDIR/include/pgnarbiter.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# 1. the header alone, as C and as C++
printf '#include "pgnarbiter.h"\nint main(void) { struct pgnarbiter_options o; pgnarbiter_options_init(&o); return (int)o.size == 0; }\n' >"$tmp/h.c"
$CC -std=c11 -pedantic -Wall -Wextra -Werror -I"$TOP_SRCDIR/include" -c "$tmp/h.c" -o "$tmp/h.o" ||
    bad "pgnarbiter.h does not compile as C11 -pedantic"
if command -v g++ >/dev/null 2>&1; then
    cp "$tmp/h.c" "$tmp/h.cc"
    g++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$TOP_SRCDIR/include" -c "$tmp/h.cc" -o "$tmp/hxx.o" ||
        bad "pgnarbiter.h does not compile as C++"
    nm "$tmp/hxx.o" | grep -q ' U pgnarbiter_options_init$' ||
        bad "C++ does not see the functions with C linkage"
else
    echo "api-build: no g++: the header is not compiled as C++"
fi

# 2. what the shared library exports: the header's functions, all of them
[ -f "$so" ] || { echo "FAIL: $so is not built"; exit 1; }
nm -D --defined-only "$so" | awk '$2 ~ /^[A-Z]$/ && $2 != "A" { print $3 }' | sort >"$tmp/exported"
sed -n 's/^PGNARBITER_API [^(]*[ *]\(pgnarbiter_[a-z_0-9]*\)(.*/\1/p' "$header" | sort >"$tmp/declared"
[ -s "$tmp/declared" ] || bad "no function found in pgnarbiter.h"
cmp -s "$tmp/exported" "$tmp/declared" || {
    bad "the shared library exports other symbols than the header's functions:"
    diff "$tmp/declared" "$tmp/exported" | head -20
}
version=$(sed -n 's/^#define PGNARBITER_API_VERSION \([0-9]*\)$/\1/p' "$header")
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "libpgnarbiter.so.$version" ] || bad "SONAME '$soname', not libpgnarbiter.so.$version"

# 3. README's example, shared and static
awk '/<!-- api-example/ { on = 1; next } on && /^```c$/ { inside = 1; next }
     inside && /^```$/ { exit } inside { print }' "$TOP_SRCDIR/README.md" >"$tmp/findings.c"
lines=$(wc -l <"$tmp/findings.c")
[ "$lines" -gt 5 ] || bad "README.md's example was not found"
sample=$TOP_SRCDIR/testdata/sample.pgn
"$PGNARBITER" check --format=jsonl --no-config --quiet "$sample" 2>/dev/null |
    sed -n 's/.*"file":"\([^"]*\)","game":[0-9]*,"line":\([0-9]*\),.*"code":"\([^"]*\)".*/\1:\2: \3/p' >"$tmp/want" || true
[ -s "$tmp/want" ] || bad "no findings in the command's output on $sample"
$CC $API_CFLAGS -std=c11 -Wall -Werror -o "$tmp/findings" "$tmp/findings.c" -I"$TOP_SRCDIR/include" "$so" \
    -Wl,-rpath,"$TOP_BUILDDIR/src/.libs" || bad "README's example does not compile with the shared library"
$CC $API_CFLAGS -std=c11 -Wall -Werror -o "$tmp/findings-static" "$tmp/findings.c" -I"$TOP_SRCDIR/include" "$a" \
    -lzstd -lz -pthread || bad "README's example does not link with the static library"
# the static library is position-independent: a shared object (a Python
# extension module) can take it in
$CC $API_CFLAGS -shared -fPIC -o "$tmp/module.so" "$tmp/findings.c" -I"$TOP_SRCDIR/include" "$a" \
    -lzstd -lz -pthread || bad "the static library cannot go into a shared object (not PIC?)"
for prog in findings findings-static; do
    [ -x "$tmp/$prog" ] || continue
    status=0
    "$tmp/$prog" "$sample" >"$tmp/out" || status=$?
    [ "$status" -eq 0 ] || bad "$prog exits $status"
    sed 's/^\([^ ]*\) \([^ ]*\) .*/\1 \2/' "$tmp/out" >"$tmp/got"
    cmp -s "$tmp/want" "$tmp/got" || { bad "$prog does not print the command's findings"; diff "$tmp/want" "$tmp/got" | head -5; }
done

# 4. pgnarbiter.pc
pc=$TOP_BUILDDIR/pgnarbiter.pc
if command -v pkg-config >/dev/null 2>&1 && [ -f "$pc" ]; then
    flags=$(PKG_CONFIG_PATH=$TOP_BUILDDIR pkg-config --cflags --libs pgnarbiter)
    case $flags in
    *-I*include*-lpgnarbiter*) ;;
    *) bad "pkg-config gives '$flags'" ;;
    esac
fi
echo "api-build: header as C and C++, $(wc -l <"$tmp/exported") symbols exported, SONAME $soname, README's example ($lines lines) shared and static; $fail failed"
[ "$fail" -eq 0 ]
