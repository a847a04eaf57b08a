#!/bin/sh
# tests/wild.sh - the wild corpus (../shared/corpus/wild: 140 real PGN files from
# 31 projects, nobody's test data) against its second opinion, chessops'
# replay of every game's main line (wild/expected.json):
#  - every file is read without a crash, a sanitizer report or a hang (exit 0
#    or 1, a summary record at the end);
#  - a game chessops replays whole gets no legality error from us (illegal-move,
#    ambiguous-move, bad-san, or moves after a checkmate or stalemate): a false
#    error is a bug;
#  - a game chessops rejects at ply P gets our legality error at ply P;
#  - the number of games we split each file into is the oracle's, or the
#    difference is one of the reviewed splits in tests/wild-splits.txt.
# Games chessops skips (junk tokens, other variants) are not compared.
# Needs python3 to read expected.json (installed when root and missing).  Skips
# (exit 77) when ../shared is absent, and says so.
set -eu
LC_ALL=C; export LC_ALL
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PGNARBITER:=$TOP_SRCDIR/src/pgnarbiter}"
wild=$TOP_SRCDIR/../shared/corpus/wild
if [ ! -f "$wild/expected.json" ]; then
    echo "wild: $wild/expected.json is absent; skipping the wild-corpus tests"
    exit 77
fi
# python3 reads the oracle's JSON; as root it is installed when missing (as
# tests/cli-it.sh installs its locale), else the test says what to install.
if ! command -v python3 >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "wild: installing python3 (apt-get) to read expected.json"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 \
        --no-install-recommends python3 >/dev/null 2>&1 ||
        { apt-get update -qq -o DPkg::Lock::Timeout=300 &&
          DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 \
              --no-install-recommends python3 >/dev/null; } || true
fi
command -v python3 >/dev/null 2>&1 || {
    echo "wild: FAIL: python3 is missing (as root: apt-get install python3)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

python3 - "$wild" "$PGNARBITER" "$TOP_SRCDIR/tests/wild-splits.txt" "$tmp" <<'EOF'
import json, os, re, subprocess, sys

wild, prog, splits_file, tmp = sys.argv[1:5]
oracle = json.load(open(os.path.join(wild, "expected.json")))["files"]
LEGALITY = {"illegal-move", "ambiguous-move", "bad-san"}
SANITIZER = re.compile(r"Sanitizer|runtime error:")
# file -> the number of games we split it into, where that differs from the
# oracle's for a reason reviewed by hand (the reason follows on the line)
splits = {}
for line in open(splits_file, encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        name, count = line.split()[:2]
        splits[name] = int(count)

def numbers(spec):
    out = set()
    for part in filter(None, (p.strip() for p in spec.split(","))):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out

passed = failed = games_compared = 0
def bad(message):
    global failed
    failed += 1
    print("FAIL: " + message)

for name, want in sorted(oracle.items()):
    path = os.path.join(wild, name)
    try:
        run = subprocess.run([prog, "check", "--quiet", "--format=jsonl", "--report=games", path],
                             capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        bad(f"{name}: no answer in 120 s")
        continue
    err = run.stderr.decode("utf-8", "replace")
    records = [json.loads(l) for l in run.stdout.decode("utf-8").splitlines() if l.strip()]
    if run.returncode > 1 or SANITIZER.search(err) or not records or records[-1].get("type") != "summary":
        bad(f"{name}: exit {run.returncode}, {err.strip()[-400:]}")
        continue
    games = [r for r in records if r.get("type") == "game"]
    starts = want["starts"]
    if len(games) != len(starts) and splits.get(name) != len(games):
        bad(f"{name}: {len(games)} games, the oracle splits it into {len(starts)}")
        continue
    # Pair games with the oracle's: by order when the counts agree, else by the
    # line the game starts on.
    if len(games) == len(starts):
        pairs = list(zip(range(1, len(starts) + 1), games))
    else:
        by_line = {g["line"]: g for g in games}
        pairs = [(i, by_line[l]) for i, l in enumerate(starts, 1) if l in by_line]
    errors = {}
    for r in records:
        if r.get("type") == "diagnostic" and r["severity"] == "error" and not r["variation"]:
            errors.setdefault(r["game"], []).append(r)
    full, illegal = numbers(want["full"]), want["illegal"]
    for number, game in pairs:
        ending = game["ending"]
        found = [r for r in errors.get(game["game"], [])
                 if r["code"] in LEGALITY or
                 (r["code"] == "moves-after-end" and ending["kind"] in ("checkmate", "stalemate"))]
        said = "; ".join(f"{r['code']} at ply {r['ply']} ({r['san']}): {r['message']}" for r in found)
        games_compared += 1
        if number in full:
            if found:
                bad(f"{name}: game {game['game']} (line {game['line']}): legal for the oracle; we say {said}")
                continue
        elif str(starts[number - 1]) in illegal:
            first = illegal[str(starts[number - 1])]
            if first["ply"] not in [r["ply"] for r in found]:
                bad(f"{name}: game {game['game']} (line {game['line']}): the oracle stops at ply "
                    f"{first['ply']} ({first['token']}: {first['why']}); we say {said or 'nothing'}")
                continue
        passed += 1
    passed += 1  # the file was read

print(f"wild: {len(oracle)} files, {games_compared} games compared with the oracle")
print(f"wild: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
