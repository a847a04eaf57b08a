#!/usr/bin/env python3
"""tests/split_check.py INPUT JSONL GOOD BAD WORST - check --good/--bad's promise
(src/cli/game_split.c): with the game records of the same run (JSONL, from
--report=games), slice INPUT (decoded bytes) at each game's offset - the bytes
before the first game go with it, a game runs to the next one's start - and
expect GOOD and BAD to be exactly the games of each verdict, in order.  A game
is bad when a finding of its own, said before its record, is an error
(WORST=error) or an error or warning (WORST=warning), or when it is the last
game of an input that failed.  Prints what
differs; exit 1 then."""
import json
import sys

data, jsonl, good, bad, worst = sys.argv[1:6]
data = open(data, "rb").read()
games, failed, file_bad, next_bad = [], False, False, False
for line in open(jsonl, encoding="utf-8", errors="replace"):
    rec = json.loads(line)
    if rec.get("type") == "game":
        games.append([rec["offset"], next_bad])
        next_bad = False
    elif rec.get("type") == "diagnostic":
        if rec["code"] == "input":
            failed = True
        sev_bad = rec["severity"] == "error" or (worst == "warning" and rec["severity"] == "warning")
        # a finding counts for the game whose record comes next (the checks
        # across games say theirs before it); one about an earlier game, after
        # that game's record (the end of the run), moves nothing
        if sev_bad and rec["game"] == 0:
            file_bad = True
        elif sev_bad and rec["game"] == len(games) + 1:
            next_bad = True
exp = {True: [], False: []}
if not games:
    exp[file_bad or failed].append(data)
else:
    games[-1][1] |= failed
    for i, (off, isbad) in enumerate(games):
        start = 0 if i == 0 else off
        end = games[i + 1][0] if i + 1 < len(games) else len(data)
        exp[isbad].append(data[start:end])
ok = True
for name, path, want in (("good", good, b"".join(exp[False])), ("bad", bad, b"".join(exp[True]))):
    got = open(path, "rb").read()
    if got != want:
        ok = False
        i = next((k for k in range(min(len(got), len(want))) if got[k] != want[k]), min(len(got), len(want)))
        print(f"{name}: {len(got)} bytes, expected {len(want)}; first difference at byte {i}")
if len(open(good, "rb").read()) + len(open(bad, "rb").read()) != len(data):
    ok = False
    print("good + bad is not the size of the input")
sys.exit(0 if ok else 1)
