"""Over every PGN file of the shared corpus (wild/ included) and testdata/,
the package's records equal `pgnarbiter check --format=jsonl` record for
record: the lines byte for byte (raw=True) and the dicts (json.loads of the
command's lines), with and without report_games (--report=games), and
games() gives exactly the game records.

The shared corpus is ../shared/corpus beside the tree (PGNARBITER_SHARED
names another); without it those cases are skipped, saying so.  Files over
BIG_BYTES (the 85 MB book) are left to bench/python unless
PGNARBITER_TEST_BIG=1.
"""

import os

import pytest

import pgnarbiter
from conftest import SHARED_CORPUS, TESTDATA, cli_check, records

BIG_BYTES = 4 << 20
SKIP_DIRS = ("dead", "expected", "trf")  # not PGN (as tests/corpus-findings.sh)
SUFFIXES = (".pgn", ".pgn.gz", ".zst", ".txt")


def corpus_files():
    if not os.path.isdir(SHARED_CORPUS):
        return [pytest.param(None, marks=pytest.mark.skip(
            reason="the shared corpus %s is absent: its files are not compared" % SHARED_CORPUS))]  # fmt: skip
    found = []
    for root, dirs, files in os.walk(SHARED_CORPUS):
        rel = os.path.relpath(root, SHARED_CORPUS)
        if rel.split(os.sep)[0] in SKIP_DIRS:
            continue
        for f in files:
            if f.endswith(SUFFIXES):
                found.append(os.path.join(rel, f))
    params = []
    for rel in sorted(found):
        path = os.path.join(SHARED_CORPUS, rel)
        marks = []
        if os.path.getsize(path) > BIG_BYTES and os.environ.get("PGNARBITER_TEST_BIG") != "1":
            marks = [pytest.mark.skip(reason="%s is big: bench/python checks it "
                                      "(PGNARBITER_TEST_BIG=1 here)" % rel)]  # fmt: skip
        params.append(pytest.param(path, id=rel, marks=marks))
    return params


def files_of_testdata():
    found = []
    for root, dirs, files in os.walk(TESTDATA):
        for f in files:
            if f.endswith((".pgn", ".gz", ".zst", ".bgz", ".bz2", ".xz", ".lz4", ".zip")):
                found.append(os.path.join(root, f))
    return [pytest.param(p, id=os.path.relpath(p, TESTDATA)) for p in sorted(found)]


def same_as_cli(path, strict):
    opt = ["--strict"] if strict else []
    for report_games in (False, True):
        expected = cli_check(*opt, *(["--report=games"] if report_games else []), path)
        got = list(pgnarbiter.check(path, strict=strict, report_games=report_games, raw=True))
        assert got == expected, "raw lines differ, report_games=%s" % report_games
        got = list(pgnarbiter.check(path, strict=strict, report_games=report_games))
        assert got == records(expected)
        # the keys in the line's order, as json.loads gives them
        assert [list(r) for r in got] == [list(r) for r in records(expected)]
    games = list(pgnarbiter.games(path, strict=strict))
    assert games == [r for r in records(expected) if r.get("type") == "game"]
    summary = records(expected)[-1]
    assert summary["type"] == "summary"
    assert len(games) == summary["games"]


@pytest.mark.parametrize("path", corpus_files())
def test_corpus_file(path):
    same_as_cli(path, strict=True)


@pytest.mark.parametrize("path", files_of_testdata())
def test_testdata_file(path):
    same_as_cli(path, strict=False)


def test_several_files_as_one_run():
    paths = [os.path.join(TESTDATA, "sample.pgn"), os.path.join(TESTDATA, "pgn", "clean.pgn"),
             os.path.join(TESTDATA, "sample.pgn.gz")]  # fmt: skip
    expected = cli_check("--report=games", *paths)
    assert list(pgnarbiter.check(paths, report_games=True, raw=True)) == expected
    assert list(pgnarbiter.check(tuple(paths), report_games=True)) == records(expected)
