#!/usr/bin/env python3
"""tests/fix_compare.py IN.jsonl OUT.jsonl - `fix` keeps the meaning: the game
records of `check --format=jsonl --report=games` on the input and on fix's
output have the same games in the same order, each with the same start
position and main line (fingerprint, plies), the same ending and, when the
input recorded a result, the same result.  Prints what differs; exit 1."""
import json
import sys


def games(path):
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        rec = json.loads(line)
        if rec.get("type") == "game":
            out.append(rec)
    return out


a, b = games(sys.argv[1]), games(sys.argv[2])
bad = []
if len(a) != len(b):
    bad.append(f"{len(a)} games in, {len(b)} out")
for i, (x, y) in enumerate(zip(a, b)):
    for k in ("fingerprint", "plies", "ending", "judged"):
        if x.get(k) != y.get(k):
            bad.append(f"game {i + 1}: {k} {x.get(k)} -> {y.get(k)}")
    if x.get("result") in ("1-0", "0-1", "1/2-1/2", "*") and x.get("result") != y.get("result"):
        bad.append(f"game {i + 1}: result {x.get('result')} -> {y.get('result')}")
for line in bad[:10]:
    print(line)
sys.exit(1 if bad else 0)
