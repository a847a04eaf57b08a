#!/bin/bash
# tests/precommit.sh - the pre-commit hook of .pre-commit-hooks.yaml, run by
# the real pre-commit (Debian's package `pre-commit`) on commits in a
# throwaway git repository:
#   - the hook as other repositories use it: `repo:` naming a git repository
#     that holds this checkout's .pre-commit-hooks.yaml (a local path, so no
#     network: GIT_ALLOW_PROTOCOL=file forbids any other transport);
#   - a commit of a good PGN (plain and .gz) passes; a commit of a bad one is
#     refused, the finding is shown, and nothing is committed;
#   - a warning alone passes, and is refused with `args: [--werror]`;
#   - files that are not PGN are not passed to the hook;
#   - the `repo: local` lines README.md shows, verbatim, refuse the bad PGN too.
# pgnarbiter is the build's ($PGNARBITER, else src/pgnarbiter), put first on
# PATH under the name the hook runs.  Not part of `make check` (it may install
# a package); .ci/run runs it.  Exit 77 (skip) when pre-commit is missing and
# cannot be installed (not root).
set -euo pipefail
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)

skip() { echo "precommit: SKIP: $*"; exit 77; }
fail() { echo "precommit: FAIL: $*" >&2; exit 1; }

bin=${PGNARBITER:-$top/src/pgnarbiter}
[ -x "$bin" ] || fail "no pgnarbiter at $bin: build first (./bootstrap)"

if ! command -v pre-commit >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] || skip "pre-commit is not installed (as root: apt-get install pre-commit)"
    echo "precommit: installing Debian's pre-commit"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends pre-commit >/dev/null 2>&1 ||
        { apt-get update -qq -o DPkg::Lock::Timeout=300 && apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends pre-commit >/dev/null; } ||
        skip "pre-commit cannot be installed"
fi
command -v git >/dev/null 2>&1 || skip "git is not installed"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnarbiter-precommit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$bin" "$tmp/bin/pgnarbiter"
export PATH="$tmp/bin:$PATH"
# pre-commit's clones and logs stay in the temporary directory; git may only
# use local files; no user or system git configuration leaks in.
export PRE_COMMIT_HOME="$tmp/cache" GIT_ALLOW_PROTOCOL=file
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME="Arbitro" GIT_AUTHOR_EMAIL="arbitro@example.org"
export GIT_COMMITTER_NAME="Arbitro" GIT_COMMITTER_EMAIL="arbitro@example.org"
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

passed=0
ok() { passed=$((passed + 1)); echo "precommit: ok: $*"; }

# A repository holding the hook definition as it is in this checkout.
git init -q "$tmp/hooks"
cp "$top/.pre-commit-hooks.yaml" "$tmp/hooks/"
git -C "$tmp/hooks" add .pre-commit-hooks.yaml
git -C "$tmp/hooks" commit -q -m hooks
rev=$(git -C "$tmp/hooks" rev-parse HEAD)

pgn() { # pgn FILE EVENT MOVETEXT RESULT
    printf '[Event "%s"]\n[Site "Circolo scacchistico, Bologna"]\n[Date "2026.11.21"]\n[Round "1"]\n' "$2" >"$1"
    printf '[White "Rossi, Mario"]\n[Black "Bianchi, Lucia"]\n[Result "%s"]\n\n%s %s\n' "$4" "$3" "$4" >>"$1"
}

new_repo() { # new_repo DIR CONFIG-TEXT
    git init -q "$1"
    printf '%s\n' "$2" >"$1/.pre-commit-config.yaml"
    git -C "$1" add .pre-commit-config.yaml
    git -C "$1" commit -q --no-verify -m config
    (cd "$1" && pre-commit install >/dev/null)
}

commits() { git -C "$1" rev-list --count HEAD; }

# try_commit DIR FILE...: stage and commit; the output goes to $tmp/out.
try_commit() {
    local dir=$1
    shift
    git -C "$dir" add -- "$@"
    (cd "$dir" && git commit -q -m "add $*") >"$tmp/out" 2>&1
}

repo="$tmp/games"
new_repo "$repo" "repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: pgnarbiter"

# A good game: the hook passes and the commit is made.
pgn "$repo/sociale.pgn" "Torneo sociale" "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7" "1/2-1/2"
n=$(commits "$repo")
try_commit "$repo" sociale.pgn || { cat "$tmp/out"; fail "the commit of a good PGN was refused"; }
grep -q '^pgnarbiter.*Passed$' "$tmp/out" || { cat "$tmp/out"; fail "the hook did not run (no 'Passed') on a good PGN"; }
[ "$(commits "$repo")" -eq $((n + 1)) ] || fail "the good PGN was not committed"
ok "a good .pgn is committed (hook Passed)"

# The same good game gzip-compressed (the hook's files pattern takes .pgn.gz).
pgn "$tmp/g.pgn" "Torneo sociale, turno 2" "1. d4 d5 2. c4 e6 3. Nc3 Nf6" "*"
gzip -c "$tmp/g.pgn" >"$repo/turno2.pgn.gz"
try_commit "$repo" turno2.pgn.gz || { cat "$tmp/out"; fail "the commit of a good .pgn.gz was refused"; }
grep -q '^pgnarbiter.*Passed$' "$tmp/out" || { cat "$tmp/out"; fail "the hook did not run on a .pgn.gz"; }
ok "a good .pgn.gz is committed (hook Passed)"

# A file that is not PGN: the hook is skipped.
echo "Bando del torneo" >"$repo/bando.txt"
try_commit "$repo" bando.txt || { cat "$tmp/out"; fail "the commit of a text file was refused"; }
grep -q '^pgnarbiter.*Skipped$' "$tmp/out" || { cat "$tmp/out"; fail "the hook was not skipped for bando.txt"; }
ok "a file that is not PGN is not passed to the hook (Skipped)"

# An illegal move (the king cannot go from e1 to e3): refused, finding shown.
pgn "$repo/turno3.pgn" "Torneo sociale, turno 3" "1. e4 e5 2. Ke3 Nc6" "1-0"
n=$(commits "$repo")
if try_commit "$repo" turno3.pgn; then
    cat "$tmp/out"
    fail "the commit of a PGN with an illegal move was accepted"
fi
grep -q '^pgnarbiter.*Failed$' "$tmp/out" || { cat "$tmp/out"; fail "no 'Failed' line for the bad PGN"; }
grep -q '^turno3\.pgn:9:[0-9]*: error: .*2\. Ke3 .*\[illegal-move\]$' "$tmp/out" ||
    { cat "$tmp/out"; fail "the illegal-move finding is not shown"; }
[ "$(commits "$repo")" -eq "$n" ] || fail "the bad PGN was committed"
ok "a PGN with an illegal move is refused, the finding shown; pre-commit said:"
sed 's/^/    | /' "$tmp/out"
git -C "$repo" rm -q --cached turno3.pgn
rm "$repo/turno3.pgn"

# A warning alone (a + that gives no check) passes by default ...
pgn "$repo/turno4.pgn" "Torneo sociale, turno 4" "1. e4 e5 2. Nf3+ Nc6" "*"
try_commit "$repo" turno4.pgn || { cat "$tmp/out"; fail "a warning alone refused the commit"; }
ok "a warning alone does not refuse the commit"

# ... and is refused with args: [--werror].
werror="$tmp/werror"
new_repo "$werror" "repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: pgnarbiter
        args: [--werror]"
cp "$repo/turno4.pgn" "$werror/"
if try_commit "$werror" turno4.pgn; then
    cat "$tmp/out"
    fail "args: [--werror] did not refuse a warning"
fi
grep -q '^turno4\.pgn:9:[0-9]*: warning: .*\[false-check\]$' "$tmp/out" ||
    { cat "$tmp/out"; fail "the false-check warning is not shown"; }
ok "args: [--werror] refuses a warning and shows it"

# README.md's `repo: local` lines, verbatim: the yaml block after the line
# that mentions `repo: local`.
local_cfg=$(awk '/`repo: local`/ { want = 1 } want && /^```yaml$/ { inb = 1; next }
    inb && /^```$/ { exit } inb { print }' "$top/README.md")
grep -q 'repo: local' <<<"$local_cfg" || fail "README.md shows no \`repo: local\` yaml block"
local_repo="$tmp/local"
new_repo "$local_repo" "$local_cfg"
pgn "$local_repo/turno5.pgn" "Torneo sociale, turno 5" "1. e4 e5 2. Ke3 Nc6" "0-1"
if try_commit "$local_repo" turno5.pgn; then
    cat "$tmp/out"
    fail "README's repo: local hook accepted a PGN with an illegal move"
fi
grep -q '^turno5\.pgn:9:[0-9]*: error: .*\[illegal-move\]$' "$tmp/out" ||
    { cat "$tmp/out"; fail "README's repo: local hook did not show the finding"; }
ok "README.md's repo: local lines refuse the illegal move too"

echo "precommit: $passed passed, 0 failed"
