#!/bin/sh
# tests/mutants/run.sh [PATCH...] - mutation testing: does `make check` catch
# each bug in tests/mutants/*.patch?
#
# Each patch plants one realistic bug (an off-by-one, a dropped condition, a
# swapped colour ...) in the rules, the reader or the output.  The tree is
# copied to a scratch directory (sources only, as a fresh clone has them:
# without ../shared beside it unless MUTANTS_SHARED names that directory),
# configured and built there once, and `make check` must pass on it as is.
# Then each patch, one at a time, is applied, `make -j$MUTANTS_JOBS check` is
# run, and the patch is reversed: a failing `make check` has CAUGHT the bug,
# a passing one let it SURVIVE.  A patch that no longer applies is STALE
# (rewrite it against the current tree).  Prints one line per patch, then
# the kill rate; exits 0 only when every patch applied and was caught.
#
# With PATCH arguments only those run (names or paths).  Environment:
#   MUTANTS_JOBS     make -j for each check (default 2)
#   MUTANTS_TIMEOUT  seconds before one mutant's check counts as caught (a hang; default 900)
#   MUTANTS_CONFIGURE  ./configure's options (default --disable-lto: each mutant relinks)
#   MUTANTS_SHARED   a ../shared directory to put beside the scratch tree (default: none)
#   MUTANTS_KEEP=1   keep the scratch directory (its path is printed)
# `make check-mutants` runs it on every patch.  Never part of `make check`.
set -eu
# shellcheck disable=SC2086 # $MUTANTS_CONFIGURE is a list of options
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${MUTANTS_JOBS:=2}"
: "${MUTANTS_TIMEOUT:=900}"
: "${MUTANTS_SHARED:=}"
: "${MUTANTS_CONFIGURE=--disable-lto}"
: "${MUTANTS_KEEP:=}"
dir=$TOP_SRCDIR/tests/mutants

if [ "$#" -eq 0 ]; then
    set -- "$dir"/*.patch
    [ -f "$1" ] || { echo "mutants: no patch in $dir" >&2; exit 1; }
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/pgnarbiter-mutants.XXXXXX")
if [ -n "$MUTANTS_KEEP" ]; then
    echo "mutants: scratch directory $scratch (kept)"
else
    trap 'rm -rf "$scratch"' EXIT INT TERM
fi
tree=$scratch/tree
mkdir "$tree"

# The sources: git's list of tracked and untracked (not ignored) files when the
# tree is a git checkout, else everything but the build products.
if git -C "$TOP_SRCDIR" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$TOP_SRCDIR" && git ls-files -z -c -o --exclude-standard) |
        (cd "$TOP_SRCDIR" && xargs -0 cp --parents -t "$tree")
else
    (cd "$TOP_SRCDIR" && tar cf - --exclude='*.o' --exclude='*.a' --exclude=.deps \
        --exclude=Makefile --exclude=config.status --exclude=config.h --exclude=config.log . ) |
        (cd "$tree" && tar xf -)
fi
[ -n "$MUTANTS_SHARED" ] && ln -s "$(cd "$MUTANTS_SHARED" && pwd)" "$scratch/shared"

log=$scratch/log
echo "mutants: building the unmutated tree in $tree"
if ! (cd "$tree" && autoreconf -fi && ./configure $MUTANTS_CONFIGURE && make -j"$MUTANTS_JOBS") >"$log" 2>&1; then
    tail -20 "$log"; echo "mutants: the unmutated tree does not build" >&2; exit 2
fi
if ! (cd "$tree" && make -j"$MUTANTS_JOBS" check) >"$log" 2>&1; then
    grep -E '^(FAIL|ERROR)|Failures: [1-9]|Errors: [1-9]' "$log" | head -20
    echo "mutants: make check fails on the unmutated tree" >&2; exit 2
fi

caught=0 survived=0 stale=0 n=0
survivors=""
start=$(date +%s)
for p in "$@"; do
    case "$p" in */*) ;; *) p=$dir/$p ;; esac
    case "$p" in *.patch) ;; *) p=$p.patch ;; esac
    name=$(basename "$p" .patch)
    n=$((n + 1))
    if [ ! -f "$p" ]; then
        stale=$((stale + 1)); survivors="$survivors $name(missing)"
        printf '%-44s MISSING (no such patch)\n' "$name"; continue
    fi
    if ! (cd "$tree" && patch -p1 -s -f --dry-run <"$p") >/dev/null 2>&1; then
        stale=$((stale + 1)); survivors="$survivors $name(stale)"
        printf '%-44s STALE (does not apply)\n' "$name"; continue
    fi
    (cd "$tree" && patch -p1 -s -f <"$p")
    t0=$(date +%s)
    status=0
    (cd "$tree" && timeout "$MUTANTS_TIMEOUT" make -j"$MUTANTS_JOBS" check) >"$log" 2>&1 || status=$?
    secs=$(($(date +%s) - t0))
    if [ "$status" -eq 0 ]; then
        survived=$((survived + 1)); survivors="$survivors $name"
        printf '%-44s SURVIVED (%ss)\n' "$name" "$secs"
    else
        caught=$((caught + 1))
        # Which test caught it: the first failing test's name, or the build.
        how=$(grep -m1 -E '^(FAIL|ERROR): ' "$log" | sed 's/^[A-Z]*: //' || true)
        [ "$status" -eq 124 ] && how="timeout"
        grep -q 'Error [0-9]' "$log" && [ -z "$how" ] && how="build"
        printf '%-44s caught (%ss) %s\n' "$name" "$secs" "$how"
    fi
    (cd "$tree" && patch -p1 -s -f -R <"$p")
done
total=$((caught + survived))
rate=0
[ "$total" -gt 0 ] && rate=$((100 * caught / total))
echo "mutants: $n patches, $caught caught, $survived survived, $stale stale; kill rate $rate% ($caught/$total) in $(($(date +%s) - start))s"
[ -n "$survivors" ] && echo "mutants: not caught:$survivors"
[ "$survived" -eq 0 ] && [ "$stale" -eq 0 ]
