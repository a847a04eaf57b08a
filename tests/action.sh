#!/bin/bash
# tests/action.sh - the GitHub Action (action.yml) run here: its composite
# steps (install, build, check, SARIF upload, fail) are run by
# tests/composite-run.py the way the runner runs them, from a fresh copy of
# this tree (the action's checkout), in a throwaway workspace holding games:
#   - testdata/sample.pgn, with sarif: the `::error file=...` annotations
#     (illegal-move at 9:35 ...), as many ::error/::warning lines as the text
#     format has errors/warnings, a valid SARIF 2.1.0 file, the upload step
#     would run with it, status 1 and the job fails;
#   - a clean game: no annotation, status 0, the job passes, no upload;
#   - a directory (walked), strict (notes become ::notice), werror (a
#     warning fails the job), notation passed only when not empty;
#   - the workflow README.md shows, with its inputs;
#   - the action's build dependencies cover bootstrap's.
# The build step runs ./bootstrap in the copy (about a minute on 2 cores).
# Not part of `make check` (it builds the tree again and may apt-get); .ci/run
# runs it.  Exit 77 (skip) when python3-yaml is missing and cannot be
# installed (not root).
set -euo pipefail
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)

skip() { echo "action: SKIP: $*"; exit 77; }
fail() { echo "action: FAIL: $*" >&2; exit 1; }

if ! python3 -c 'import yaml' 2>/dev/null; then
    [ "$(id -u)" -eq 0 ] || skip "python3-yaml is not installed (as root: apt-get install python3-yaml)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends python3-yaml >/dev/null 2>&1 ||
        { apt-get update -qq -o DPkg::Lock::Timeout=300 && apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends python3-yaml >/dev/null; } ||
        skip "python3-yaml cannot be installed"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnarbiter-action.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
ok() { passed=$((passed + 1)); echo "action: ok: $*"; }

# The action's build dependencies include bootstrap's (a package bootstrap
# gains must reach the action too).
deps=$(sed -n 's/^BUILD_DEPS="\(.*\)"$/\1/p' "$top/.github/action-run.sh")
[ -n "$deps" ] || fail "no BUILD_DEPS line in .github/action-run.sh"
boot=$(sed -n '/^DEPS="/,/"$/p' "$top/bootstrap" | tr -d '"' | sed 's/^DEPS=//' | tr ' ' '\n' | sed -n 's/:.*//p')
[ -n "$boot" ] || fail "cannot read bootstrap's DEPS"
for p in $boot; do
    grep -qw -- "$p" <<<"$deps" || fail "bootstrap needs $p, the action does not install it"
done
ok "the action installs bootstrap's build dependencies ($(tr '\n' ' ' <<<"$boot"))"

# A fresh checkout of the action: tracked and untracked-but-not-ignored files.
act="$tmp/action"
mkdir "$act"
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$top" ls-files -z --cached --others --exclude-standard |
        (cd "$top" && tar -cf - --null -T -) | tar -xf - -C "$act"
else
    cp -a "$top/." "$act"
    (cd "$act" && { make distclean >/dev/null 2>&1 || true; })
fi

# The workspace: the sample, a clean game and a warning, under games/.
ws="$tmp/ws"
mkdir -p "$ws/games/turni" "$ws/clean"
cp "$top/testdata/sample.pgn" "$ws/games/"
cp "$top/testdata/pgn/clean.pgn" "$ws/clean/"
printf '%s\n' '[Event "Torneo sociale"]' '[Site "Circolo scacchistico, Bologna"]' '[Date "2026.11.21"]' \
    '[Round "4"]' '[White "Rossi, Mario"]' '[Black "Bianchi, Lucia"]' '[Result "*"]' '' \
    '1. e4 e5 2. Nf3+ Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *' >"$ws/games/turni/turno4.pgn"

run_action() { # run_action NAME [INPUT=VALUE...]: output in $tmp/NAME.out, result $tmp/NAME.json
    local name=$1
    shift
    (cd "$ws" && python3 "$top/tests/composite-run.py" "$act" "$tmp/$name.json" "$@") \
        >"$tmp/$name.out" 2>"$tmp/$name.err" || { cat "$tmp/$name.out" "$tmp/$name.err" >&2; fail "$name: composite-run failed"; }
}
# field NAME PY-EXPR: a value from the result, r = the JSON, s(name) = a step
field() {
    python3 - "$tmp/$1.json" "$2" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
def s(name):
    return next(x for x in r["steps"] if x["name"] == name)
v = eval(sys.argv[2])
print(json.dumps(v) if not isinstance(v, str) else v)
EOF
}
check_step="Check PGN files"
upload_step="Upload SARIF to code scanning"
fail_step="Fail on findings"

# 1. The sample with SARIF (the first run also installs and builds).
run_action sample paths=games/sample.pgn sarif=pgnarbiter.sarif
[ "$(field sample 's("Build pgnarbiter")["status"]')" = 0 ] || { cat "$tmp/sample.err" >&2; fail "the build step failed"; }
bin="$act/src/pgnarbiter"
[ -x "$bin" ] || fail "the build step left no $bin"
ok "install and build steps: $("$bin" --version)"
field sample "s('$check_step')['stdout']" >"$tmp/ann"
for want in 'error file=games/sample.pgn,line=9,col=35,title=illegal-move::game 1 (A - B, round 1), 4. Nb3 (ply 7): illegal move' \
    'error file=games/sample.pgn,line=19,col=67,title=illegal-move::' \
    'error file=games/sample.pgn,line=31,col=4,title=ambiguous-move::' \
    'warning file=games/sample.pgn,line=[0-9]*,col=[0-9]*,title=false-check::'; do
    grep -q "^::$want" "$tmp/ann" || { cat "$tmp/ann" >&2; fail "no annotation ::$want"; }
done
# As many annotations of each severity as the text format has findings.
(cd "$ws" && { "$bin" games/sample.pgn 2>/dev/null || true; }) >"$tmp/text"
for sev in error warning; do
    n_text=$(grep -c ": $sev: " "$tmp/text" || true)
    n_ann=$(grep -c "^::$sev file=games/sample.pgn," "$tmp/ann" || true)
    if [ "$n_text" -eq 0 ] || [ "$n_ann" -ne "$n_text" ]; then
        fail "$n_ann ::$sev annotations, the text format has $n_text ${sev}s"
    fi
done
grep -q '^::notice' "$tmp/ann" && fail "notes annotated without strict"
ok "sample: $(grep -c '^::error' "$tmp/ann") ::error and $(grep -c '^::warning' "$tmp/ann") ::warning annotations, as the text format"
[ "$(field sample "s('$check_step')['outputs']['status']")" = 1 ] || fail "sample: status output is not 1"
[ "$(field sample "r['outputs']['status']")" = 1 ] || fail "sample: the action's status output is not 1"
[ "$(field sample "s('$fail_step')['status']")" = 1 ] || fail "sample: the fail step did not fail"
[ "$(field sample "r['failed']")" = true ] || fail "sample: the job did not fail"
ok "sample: status 1, the job fails"
[ -s "$ws/pgnarbiter.sarif" ] || fail "sample: no SARIF file written"
[ "$(field sample "s('$upload_step')['ran']")" = true ] || fail "sample: the SARIF upload step would not run"
[ "$(field sample "s('$upload_step')['uses'].split('@')[0]")" = github/codeql-action/upload-sarif ] ||
    fail "sample: the upload step is not github/codeql-action/upload-sarif"
[ "$(field sample "s('$upload_step')['with']['sarif_file']")" = pgnarbiter.sarif ] ||
    fail "sample: the upload step does not upload pgnarbiter.sarif"
python3 - "$ws/pgnarbiter.sarif" "$top/../shared/schemas/sarif-schema-2.1.0.json" "$tmp/text" <<'EOF' || fail "sample: the SARIF file is wrong"
import json, os, sys
sarif = json.load(open(sys.argv[1]))
assert sarif["version"] == "2.1.0", sarif["version"]
results = sarif["runs"][0]["results"]
findings = sum(1 for l in open(sys.argv[3]) if ": error: " in l or ": warning: " in l)
assert len(results) == findings, (len(results), findings)
schema = sys.argv[2]
try:
    import jsonschema
except ImportError:
    jsonschema = None
if jsonschema and os.path.exists(schema):
    jsonschema.validate(sarif, json.load(open(schema)))
    print("action: the SARIF file is valid against", os.path.basename(schema))
else:
    print("action: (SARIF schema check skipped: no jsonschema module or no ../shared/schemas)")
EOF
ok "sample: SARIF 2.1.0 with every finding in $(basename "$ws/pgnarbiter.sarif"); the upload step would send it"

# 2. A clean game, default inputs otherwise: nothing to say, the job passes.
run_action clean paths=clean/clean.pgn
[ -z "$(field clean "s('$check_step')['stdout']" | grep '^::' || true)" ] || fail "clean: annotations on a clean game"
[ "$(field clean "r['outputs']['status']")" = 0 ] || fail "clean: status is not 0"
[ "$(field clean "r['failed']")" = false ] || fail "clean: the job failed"
[ "$(field clean "s('$upload_step')['ran']")" = false ] || fail "clean: upload without sarif"
[ "$(field clean "s('$fail_step')['ran']")" = false ] || fail "clean: the fail step ran"
ok "clean game: no annotation, status 0, no upload, the job passes"

# 3. A directory, walked, and strict: notes become ::notice.
run_action dir "paths=games/turni
clean" strict=true
field dir "s('$check_step')['stdout']" >"$tmp/ann"
grep -q '^::warning file=games/turni/turno4.pgn,line=9,col=[0-9]*,title=false-check::' "$tmp/ann" ||
    { cat "$tmp/ann" >&2; fail "dir: the warning in games/turni/turno4.pgn is not annotated"; }
grep -q '^::notice file=games/turni/turno4.pgn,line=9,col=[0-9]*,title=noncanonical-san::.*0-0' "$tmp/ann" ||
    { cat "$tmp/ann" >&2; fail "dir: strict gave no ::notice for 4. 0-0"; }
[ "$(field dir "r['outputs']['status']")" = 0 ] || fail "dir: a warning alone gave status $(field dir "r['outputs']['status']")"
ok "directories walked, strict adds ::notice, a warning alone passes"

# 4. werror: the warning fails the job.
run_action werror paths=games/turni werror=true
[ "$(field werror "r['outputs']['status']")" = 1 ] || fail "werror: status is not 1"
[ "$(field werror "r['failed']")" = true ] || fail "werror: the job passed"
ok "werror: a warning fails the job"

# 5. notation: passed through only when not empty.  A notation no build
# knows must be a usage error (status 2) naming the notation option.
run_action notation paths=clean/clean.pgn notation=no-such-notation
[ "$(field notation "r['outputs']['status']")" = 2 ] || fail "notation: a bogus notation gave status $(field notation "r['outputs']['status']")"
grep -qi 'notation' "$tmp/notation.err" || { cat "$tmp/notation.err" >&2; fail "notation: the usage error does not name the notation"; }
ok "notation: passed to pgnarbiter when set ($(grep -i -m1 notation "$tmp/notation.err"))"

# 6. README.md's workflow, verbatim: its `with:` names only inputs the action
# has, and run with those values on the workspace's games/ it annotates the
# sample and fails the job.
python3 - "$top/README.md" >"$tmp/readme-inputs" <<'EOF' || fail "README.md's workflow is wrong"
import re, sys, yaml
text = open(sys.argv[1], encoding="utf-8").read()
section = text[text.index("### As a GitHub Action"):]
block = re.search(r"^```yaml\n(.*?)^```$", section, re.S | re.M).group(1)
wf = yaml.safe_load(block)
steps = [st for job in wf["jobs"].values() for st in job["steps"]]
ours = [st for st in steps if re.search(r"/pgnarbiter@", st.get("uses", ""))]
assert len(ours) == 1, "no step uses .../pgnarbiter@..."
for k, v in ours[0].get("with", {}).items():
    v = "" if v is None else ("true" if v is True else "false" if v is False else str(v))
    print(f"{k}={v}")
EOF
mapfile -t readme_inputs <"$tmp/readme-inputs"
run_action readme "${readme_inputs[@]}"
field readme "s('$check_step')['stdout']" >"$tmp/ann"
grep -q '^::error file=games/sample.pgn,line=9,col=35,title=illegal-move::' "$tmp/ann" ||
    { cat "$tmp/ann" >&2; fail "README's workflow: no illegal-move annotation"; }
[ "$(field readme "r['failed']")" = true ] || fail "README's workflow: the job passed"
ok "README.md's workflow inputs (${readme_inputs[*]}) run: annotations, the job fails"

echo "action: $passed passed, 0 failed"
