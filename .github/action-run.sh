#!/bin/bash
# .github/action-run.sh - the steps of the pgnarbiter GitHub Action
# (action.yml), one sub-command per step, so they can be run and tested
# outside GitHub (tests/action.sh):
#
#   action-run.sh install   apt-get the build dependencies (sudo when not root)
#   action-run.sh build     build src/pgnarbiter in the action's checkout
#   action-run.sh check     check the input paths: annotations on stdout
#                           (--format=github), SARIF to the `sarif` file when
#                           given (a second pass over the games: pgnarbiter
#                           writes one format per run); exits with
#                           pgnarbiter's status
#
# Inputs come as the environment variables INPUT_PATHS, INPUT_STRICT,
# INPUT_WERROR, INPUT_NOTATION, INPUT_SARIF (action.yml sets them).  The
# action's checkout is GITHUB_ACTION_PATH (default: this script's parent
# directory); paths are read from the current directory (the workspace).
set -euo pipefail

action_path=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}
# The Debian/Ubuntu packages the build needs: bootstrap's DEPS, and gettext
# and autopoint for the message catalogues, libtool for libpgnarbiter.
BUILD_DEPS="autoconf automake libtool pkg-config make gcc check zlib1g-dev libzstd-dev gettext autopoint"

die() { echo "::error title=pgnarbiter action::$*"; exit 2; }

is_true() {
    case "${1,,}" in
        true | yes | 1 | on) return 0 ;;
        false | no | 0 | off | '') return 1 ;;
        *) die "expected true or false, got '$1'" ;;
    esac
}

install_deps() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    local missing=""
    for p in $BUILD_DEPS; do
        dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    if [ -z "$missing" ]; then
        echo "pgnarbiter action: build dependencies present"
        return 0
    fi
    echo "pgnarbiter action: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq -o DPkg::Lock::Timeout=300
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends $missing
}

build() {
    cd "$action_path"
    # bootstrap only generates, configures and builds once the packages are
    # in place (the install step).
    ./bootstrap
    src/pgnarbiter --version
}

check() {
    local bin="$action_path/src/pgnarbiter"
    [ -x "$bin" ] || die "$bin is not built (the build step)"
    # -j 0: one thread per processor of the runner (the output is the same).
    local opts=(check -r -j 0)
    is_true "${INPUT_STRICT:-false}" && opts+=(--strict)
    is_true "${INPUT_WERROR:-false}" && opts+=(--werror)
    # --notation only when set: empty means detect the notation per game.
    [ -n "${INPUT_NOTATION:-}" ] && opts+=("--notation=$INPUT_NOTATION")
    # paths: separated by blanks or newlines; globs are expanded.
    local paths=()
    read -r -d '' -a paths <<<"${INPUT_PATHS:-.}" || true
    [ "${#paths[@]}" -gt 0 ] || die "no paths to check"
    local expanded=() p
    for p in "${paths[@]}"; do
        # shellcheck disable=SC2206
        local g=($p)
        expanded+=("${g[@]}")
    done
    local status=0
    if [ -n "${INPUT_SARIF:-}" ]; then
        "$bin" "${opts[@]}" --quiet --format=sarif -- "${expanded[@]}" >"$INPUT_SARIF" || status=$?
        [ "$status" -le 1 ] || die "pgnarbiter exited $status writing $INPUT_SARIF"
        echo "pgnarbiter action: SARIF written to $INPUT_SARIF"
        status=0
    fi
    "$bin" "${opts[@]}" --format=github -- "${expanded[@]}" || status=$?
    return "$status"
}

case "${1:-}" in
    install) install_deps ;;
    build) build ;;
    check) check ;;
    *) echo "usage: $0 install|build|check" >&2; exit 2 ;;
esac
