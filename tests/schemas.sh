#!/bin/sh
# tests/schemas.sh - the machine-readable outputs against their schemas.
#
# Every CLI case (tests/cli/cases/) that runs `check` is run again twice
# (merge's own cases are its output's business: only their stored jsonl),
# with --format=sarif and with --format=jsonl --report=games added (the last
# --format wins; options may come anywhere), plus the cases' own expected
# SARIF and jsonl outputs; each SARIF log is validated against the official
# SARIF 2.1.0 schema (testdata/schemas/, OASIS errata 01) and each jsonl
# line against doc/pgnarbiter-jsonl.schema.json, with Debian's
# python3-jsonschema.  SARIF's artifactLocation.uri must be a percent-encoded
# URI reference (RFC 3986).  The validator is installed when missing and
# this runs as root; otherwise the test is skipped (exit 77) and says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
cases=$TOP_SRCDIR/tests/cli/cases

# Debian's python3 first (where apt-get puts the validator), then the PATH's.
find_python() {
    for py in /usr/bin/python3 python3; do
        if "$py" -c 'import jsonschema' 2>/dev/null; then
            echo "$py"
            return 0
        fi
    done
    return 1
}
if ! PY=$(find_python); then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get install -y -q python3-jsonschema >/dev/null 2>&1 || true
    fi
    if ! PY=$(find_python); then
        echo "schemas: SKIPPED: python3-jsonschema is not installed (apt-get install python3-jsonschema)"
        exit 77
    fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/sarif" "$tmp/jsonl"

n=0
for dir in "$cases"/*/; do
    name=$(basename "$dir")
    args=$(cat "$dir/args")
    case "$args" in
        position* | perft* | explain* | --help* | --version* | *--help*) continue ;;
        # they write files where they run (their case runs in a directory of its own), or PGN
        *--good* | *--bad* | fix*) continue ;;
    esac
    case "$args" in
        *--format=sarif*) cp "$dir/stdout" "$tmp/sarif/$name.case" ;;
        *--format=jsonl*) cp "$dir/stdout" "$tmp/jsonl/$name.case" ;;
    esac
    case "$args" in merge*) continue ;; esac
    input=/dev/null
    [ -f "$dir/stdin" ] && input=$dir/stdin
    # The case's own format and --report out, ours in front (before any "--"),
    # after the command name when there is one.
    cmd=
    case "$args" in check\ *) cmd=check args=${args#check } ;; esac
    args=$(printf '%s\n' "$args" | sed -e 's/--format=[a-z]*//g' -e 's/--report=games//g')
    set +e
    # shellcheck disable=SC2086
    (cd "$TOP_SRCDIR/testdata" && eval "exec \"\$PGNARBITER\" $cmd --format=sarif $args") \
        <"$input" >"$tmp/sarif/$name" 2>/dev/null
    # shellcheck disable=SC2086
    (cd "$TOP_SRCDIR/testdata" &&
        eval "exec \"\$PGNARBITER\" $cmd --format=jsonl --report=games $args") \
        <"$input" >"$tmp/jsonl/$name" 2>/dev/null
    set -e
    n=$((n + 1))
done
# File names a URI must encode, and standard input.
odd="$tmp/a game #1 (50%) ü.pgn"
cp "$TOP_SRCDIR/testdata/diag/illegal-move.pgn" "$odd"
"$PGNARBITER" --format=sarif "$odd" - <"$TOP_SRCDIR/testdata/diag/bad-san.pgn" \
    >"$tmp/sarif/odd-names" 2>/dev/null || true
"$PGNARBITER" --format=jsonl --report=games "$odd" - <"$TOP_SRCDIR/testdata/diag/bad-san.pgn" \
    >"$tmp/jsonl/odd-names" 2>/dev/null || true

# The shards' own records (check --shard: "shard" on every record, and a
# game_key per game without --report=games), over a file with duplicates,
# findings, escapes and tags that are absent.
for f in pgn/fingerprints.pgn pgn/unescaped_quote_header.pgn pgn/control-characters.pgn \
    diag/duplicate-game.pgn diag/event-inconsistent.pgn; do
    for k in 1 2; do
        for games in "" --report=games; do
            # shellcheck disable=SC2086
            (cd "$TOP_SRCDIR/testdata" && "$PGNARBITER" --quiet --strict $games --shard $k/2 \
                -o "$tmp/jsonl/shard-$(echo "$f" | tr / -)-$k${games:+-games}" "$f") || true
        done
    done
done

"$PY" - "$TOP_SRCDIR" "$tmp" <<'PY'
import json, os, re, sys
import jsonschema

top, tmp = sys.argv[1], sys.argv[2]
with open(os.path.join(top, "testdata/schemas/sarif-schema-2.1.0.json")) as f:
    sarif = json.load(f)
with open(os.path.join(top, "doc/pgnarbiter-jsonl.schema.json")) as f:
    jsonl = json.load(f)
sarif_v = jsonschema.Draft4Validator(sarif)
jsonl_v = jsonschema.Draft7Validator(jsonl)
jsonschema.Draft7Validator.check_schema(jsonl)
# RFC 3986 URI reference as pgnarbiter writes one: unreserved bytes, '/',
# and percent-encoded octets only.
uri_ref = re.compile(r"^(?:[A-Za-z0-9._~/-]|%[0-9A-F]{2})+$")
bad = 0
checked = {"sarif": 0, "jsonl": 0, "lines": 0, "results": 0}

def fail(what):
    global bad
    bad += 1
    print("FAIL: " + what)

for name in sorted(os.listdir(os.path.join(tmp, "sarif"))):
    path = os.path.join(tmp, "sarif", name)
    text = open(path, encoding="utf-8").read()
    if not text.strip():
        continue  # a usage error: no output
    try:
        log = json.loads(text)
    except ValueError as e:
        fail("sarif %s: not JSON: %s" % (name, e))
        continue
    errors = sorted(sarif_v.iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:3]:
        fail("sarif %s: %s at %s" % (name, e.message[:200], "/".join(map(str, e.path))))
    for run in log.get("runs", []):
        if run.get("columnKind") not in ("unicodeCodePoints", "utf16CodeUnits"):
            fail("sarif %s: no columnKind" % name)
        for res in run.get("results", []):
            checked["results"] += 1
            for loc in res.get("locations", []):
                uri = loc["physicalLocation"]["artifactLocation"]["uri"]
                if not uri_ref.match(uri):
                    fail("sarif %s: uri %r is not a percent-encoded URI reference" % (name, uri))
            if res["ruleId"] != "input" and res.get("properties", {}).get("game") \
                    and not res["message"]["text"].startswith("game "):
                fail("sarif %s: message %r does not name the game" % (name, res["message"]["text"]))
    checked["sarif"] += 1

for name in sorted(os.listdir(os.path.join(tmp, "jsonl"))):
    path = os.path.join(tmp, "jsonl", name)
    lines = open(path, encoding="utf-8").read().splitlines()
    if not lines:
        continue
    for i, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except ValueError as e:
            fail("jsonl %s:%d: not JSON: %s" % (name, i, e))
            continue
        errors = list(jsonl_v.iter_errors(rec))
        if errors:
            best = jsonschema.exceptions.best_match(errors)
            fail("jsonl %s:%d: %s at %s" % (name, i, best.message[:200], "/".join(map(str, best.path))))
        checked["lines"] += 1
    if json.loads(lines[-1]).get("type") != "summary":
        fail("jsonl %s: the last record is not the summary" % name)
    checked["jsonl"] += 1

odd = [json.loads(l) for l in open(os.path.join(tmp, "jsonl", "odd-names"), encoding="utf-8")]
sar = json.load(open(os.path.join(tmp, "sarif", "odd-names"), encoding="utf-8"))
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sar["runs"][0]["results"]}
for want in ("%3Cstdin%3E",):
    if want not in uris:
        fail("sarif: standard input is not written %s (got %s)" % (want, sorted(uris)))
if not any(u.endswith("/a%20game%20%231%20%2850%25%29%20%C3%BC.pgn") for u in uris):
    fail("sarif: the odd file name is not percent-encoded as expected (got %s)" % sorted(uris))

# Shards without --report=games write game_key records, with it game records.
kinds = {}
for name in sorted(os.listdir(os.path.join(tmp, "jsonl"))):
    if name.startswith("shard-"):
        for line in open(os.path.join(tmp, "jsonl", name), encoding="utf-8"):
            rec = json.loads(line)
            kinds.setdefault(name.endswith("-games"), set()).add(rec["type"])
            if "shard" not in rec:
                fail("jsonl %s: a shard's record without \"shard\": %s" % (name, line[:80]))
if "game_key" not in kinds.get(False, ()) or "game" in kinds.get(False, ()):
    fail("shards without --report=games do not write game_key records: %s" % kinds.get(False))
if "game" not in kinds.get(True, ()) or "game_key" in kinds.get(True, ()):
    fail("shards with --report=games do not write game records: %s" % kinds.get(True))

print("schemas: %(sarif)d SARIF logs (%(results)d results), %(jsonl)d jsonl streams "
      "(%(lines)d records) validated" % checked)
if checked["sarif"] < 10 or checked["lines"] < 50:
    fail("too few outputs were validated")
sys.exit(1 if bad else 0)
PY
