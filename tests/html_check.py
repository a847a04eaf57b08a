#!/usr/bin/env python3
"""tests/html_check.py PAGE JSONL [MAX_BOARDS]: hold a --format=html page to the jsonl
output of the same run (issue 24).

 - the page parses as HTML with no error (html5lib, strict mode);
 - every diagnostic of the jsonl output is a finding of the page, in the same
   order, with the same file, game, line and code;
 - every finding with a FEN has a board whose data-fen is that FEN, and whose
   pieces, read back from the drawing (each piece's glyph and the square its
   x, y fall on), rebuild the FEN's placement; the side-to-move disc agrees;
 - an ambiguous move has an arrow per candidate (two or more), an illegal
   move none;
 - with MAX_BOARDS (the run's --html-max-boards), no more boards than that,
   and the page says that the others were left out;
 - nothing is fetched: no src attribute, no <link>, every href a fragment
   of the page that exists, no url() or @import in the CSS;
 - each main-line mark names a ply that has a main-line finding of its game.
Prints one line per failure; exit status 1 when any."""
import json
import sys

import html5lib

GLYPHS = dict(zip("\u2654\u2655\u2656\u2657\u2658\u2659\u265a\u265b\u265c\u265d\u265e\u265f",
                  "KQRBNPkqrbnp"))
SQ, BX, BY = 40, 20, 4  # board_svg.c's geometry


def local(tag):
    return tag.rsplit("}", 1)[-1]


def classes(el):
    return el.get("class", "").split()


def walk(el):
    yield el
    for child in el:
        yield from walk(child)


def placement_of(svg, fail, where):
    board = [["" for _ in range(8)] for _ in range(8)]
    for g in walk(svg):
        if local(g.tag) != "g" or "pc" not in classes(g):
            continue
        texts = [t for t in g if local(t.tag) == "text"]
        if not texts:
            fail(f"{where}: a piece without a glyph")
            continue
        t = texts[-1]
        piece = GLYPHS.get((t.text or "").strip())
        x, y = int(t.get("x")), int(t.get("y"))
        file, rank = (x - BX) // SQ, 7 - (y - BY) // SQ
        square = "abcdefgh"[file] + str(rank + 1)
        if piece is None:
            fail(f"{where}: unknown glyph {t.text!r}")
            continue
        if g.get("data-square") != square or g.get("data-piece") != piece:
            fail(f"{where}: drawn {piece} on {square}, labelled "
                 f"{g.get('data-piece')} on {g.get('data-square')}")
        if board[rank][file]:
            fail(f"{where}: two pieces on {square}")
        board[rank][file] = piece
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            p = board[rank][file]
            if not p:
                empty += 1
                continue
            if empty:
                row += str(empty)
            row, empty = row + p, 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def main():
    page_path, jsonl_path = sys.argv[1], sys.argv[2]
    max_boards = int(sys.argv[3]) if len(sys.argv) > 3 else None
    failures = []
    fail = failures.append
    with open(page_path, "rb") as f:
        data = f.read()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        doc = parser.parse(data)
    except Exception as e:  # html5lib.html5parser.ParseError
        print(f"{page_path}: does not parse: {e} {parser.errors[:3]}")
        return 1
    diags, games = [], []
    with open(jsonl_path, encoding="utf-8") as f:
        for line in f:
            o = json.loads(line)
            if o["type"] == "diagnostic":
                diags.append(o)
            elif o["type"] == "game":
                games.append(o)
    findings = [el for el in walk(doc) if local(el.tag) == "article" and "finding" in classes(el)]
    if len(findings) != len(diags):
        fail(f"{len(diags)} diagnostics in the jsonl, {len(findings)} findings in the page")
    boards = 0
    for i, (d, el) in enumerate(zip(diags, findings)):
        where = f"{page_path}: finding {i + 1} ({d['code']}, line {d['line']})"
        want = (d["file"], str(d["game"]), str(d["line"]), d["code"])
        got = (el.get("data-file"), el.get("data-game"), el.get("data-line"), el.get("data-code"))
        if want != got:
            fail(f"{where}: the page has {got}")
            continue
        svgs = [s for s in walk(el) if local(s.tag) == "svg" and "bd" in classes(s)]
        if not d.get("fen"):
            if svgs:
                fail(f"{where}: a board for a finding without a FEN")
            continue
        if max_boards is not None and not svgs:
            continue  # past the limit: listed without a board
        if len(svgs) != 1:
            fail(f"{where}: {len(svgs)} boards")
            continue
        svg = svgs[0]
        boards += 1
        if svg.get("data-fen") != d["fen"]:
            fail(f"{where}: board of {svg.get('data-fen')}, finding at {d['fen']}")
        if svg.get("role") != "img" or not svg.get("aria-label"):
            fail(f"{where}: the board has no role=img and text alternative")
        placement = placement_of(svg, fail, where)
        if placement != d["fen"].split()[0]:
            fail(f"{where}: pieces drawn {placement}, FEN {d['fen'].split()[0]}")
        discs = [c for c in walk(svg) if local(c.tag) == "circle" and "stm" in classes(c)]
        if len(discs) != 1 or discs[0].get("data-side") != d["fen"].split()[1]:
            fail(f"{where}: the side to move is not shown as {d['fen'].split()[1]}")
        arrows = [a for a in walk(svg) if local(a.tag) == "g" and "ar" in classes(a)]
        if d["code"] == "ambiguous-move" and len(arrows) < 2:
            fail(f"{where}: {len(arrows)} arrows for an ambiguous move")
        if d["code"] == "illegal-move" and arrows:
            fail(f"{where}: an arrow for an illegal move")
    if max_boards is not None:
        drawn = [s for s in walk(doc) if local(s.tag) == "svg" and "bd" in classes(s)]
        wanted = sum(1 for d in diags if d.get("fen"))
        if len(drawn) > max_boards or (wanted > max_boards and len(drawn) < max_boards):
            fail(f"{page_path}: {len(drawn)} boards with --html-max-boards={max_boards}")
        if wanted > max_boards and b"--html-max-boards" not in data:
            fail(f"{page_path}: the page does not say that boards were left out")
    # Self-contained: nothing to fetch, every link inside the page.
    ids = {el.get("id") for el in walk(doc) if el.get("id")}
    for el in walk(doc):
        name = local(el.tag) if isinstance(el.tag, str) else ""
        if el.get("src") is not None or name in ("link", "img", "iframe", "object", "embed"):
            fail(f"{page_path}: <{name}> would fetch something")
        href = el.get("href")
        if href is not None and (not href.startswith("#") or href[1:] not in ids):
            fail(f"{page_path}: link {href!r} does not point inside the page")
        if name == "style" and ("url(" in (el.text or "") or "@import" in (el.text or "")):
            fail(f"{page_path}: the CSS fetches something")
    # Main-line marks: (file, game, ply) of main-line findings.
    marked = {(d["file"], str(d["game"]), str(d["ply"])) for d in diags
              if d.get("ply") and not d["variation"] and d.get("san")}
    for sec in walk(doc):
        if local(sec.tag) != "section" or "game" not in classes(sec):
            continue
        for m in walk(sec):
            if local(m.tag) == "mark":
                key = (sec.get("data-file"), sec.get("data-game"), m.get("data-ply"))
                if key not in marked:
                    fail(f"{page_path}: mark {key} has no main-line finding")
    for line in failures:
        print("FAIL:", line)
    print(f"{page_path}: {len(findings)} findings, {boards} finding boards checked")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
