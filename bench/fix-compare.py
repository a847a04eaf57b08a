#!/usr/bin/env python3
"""bench/fix-compare.py OURS.pgn THEIRS.pgn - compare `pgnarbiter fix` with
`pgn-extract -s` game by game: the tags (as a set of name/value pairs) and the
main-line moves (SAN, without move numbers, comments, NAGs and variations).
Prints a count of games compared, of differences by kind, and the first few
of each kind."""
import re
import sys
from collections import Counter, defaultdict

TAG = re.compile(r'^\[(\S+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def games(path):
    tags, moves, text, out = {}, [], [], []
    def done():
        if tags or text:
            out.append((tags, mainline(" ".join(text))))
    for line in open(path, encoding="utf-8", errors="replace"):
        m = TAG.match(line)
        if m:
            if text:
                done()
                tags, text = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            text.append(line.strip())
    done()
    return out


def mainline(t):
    t = re.sub(r"\{[^}]*\}", " ", t)
    t = re.sub(r";[^\n]*", " ", t)
    depth, moves = 0, []
    for tok in re.findall(r"\(|\)|[^\s()]+", t):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth -= 1
        elif depth == 0 and not re.match(r"^(\d+\.+|\$\d+|1-0|0-1|1/2-1/2|\*)$", tok):
            moves.append(re.sub(r"^\d+\.+", "", tok))
    return [m for m in moves if m]


ours, theirs = games(sys.argv[1]), games(sys.argv[2])
kinds, first = Counter(), defaultdict(list)
for i, ((ta, ma), (tb, mb)) in enumerate(zip(ours, theirs)):
    if ma != mb:
        j = next((k for k in range(min(len(ma), len(mb))) if ma[k] != mb[k]), min(len(ma), len(mb)))
        kind = "moves"
        kinds[kind] += 1
        first[kind].append(f"game {i + 1}: ply {j + 1}: ours {ma[j:j + 2]} theirs {mb[j:j + 2]}")
    for k in sorted(set(ta) | set(tb)):
        if ta.get(k) != tb.get(k):
            kind = f"tag {k}"
            kinds[kind] += 1
            first[kind].append(f"game {i + 1}: ours {ta.get(k)!r} theirs {tb.get(k)!r}")
print(f"{len(ours)} games ours, {len(theirs)} theirs; {min(len(ours), len(theirs))} compared")
for kind, n in kinds.most_common():
    print(f"  {kind}: {n} games; e.g. {'; '.join(first[kind][:2])}")
