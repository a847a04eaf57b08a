"""Each option gives what the command's flag gives (table-driven: the
keyword arguments, the command's arguments, the input), the option's other
spellings (lists, dicts) give the same, and jobs does not change the output."""

import pytest

import pgnarbiter
from conftest import cli_check, in_testdata, records

SAMPLE = in_testdata("sample.pgn")

CASES = [
    # id, keyword arguments, the command's arguments, inputs
    ("strict", dict(strict=True), ["--strict"], [SAMPLE]),
    ("werror", dict(werror=True), ["--werror"], [in_testdata("diag", "false-check.pgn")]),
    ("select", dict(select="false-check,duplicate-game"), ["--select=false-check,duplicate-game"], [SAMPLE]),
    ("select-list", dict(select=["false-check", "duplicate-game"]), ["--select=false-check,duplicate-game"],
     [SAMPLE]),
    ("ignore", dict(ignore=("illegal-move",)), ["--ignore=illegal-move"], [SAMPLE]),
    ("severity-str", dict(severity="syntax=note,false-check=error"),
     ["--severity=syntax=note,false-check=error"], [SAMPLE]),
    ("severity-dict", dict(severity={"syntax": "note", "false-check": "error"}),
     ["--severity=syntax=note,false-check=error"], [SAMPLE]),
    ("notation-it", dict(notation="it"), ["--notation=it"], [in_testdata("pgn", "over-the-board-it.pgn")]),
    ("notation-it-claims", dict(notation="it", strict=True), ["--notation=it", "--strict"],
     [in_testdata("pgn", "claims-it.pgn")]),
    ("notation-en-on-it", dict(notation="en"), ["--notation=en"], [in_testdata("pgn", "over-the-board-it.pgn")]),
    ("duplicates-off", dict(duplicates="off"), ["--duplicates=off"],
     [in_testdata("diag", "duplicate-game.pgn"), in_testdata("pgn", "fingerprints.pgn")]),
    ("round-form", dict(round_form="board"), ["--round-form=board"], [in_testdata("pgn", "round-form.pgn")]),
    ("after-illegal", dict(after_illegal="stop"), ["--after-illegal=stop"],
     [in_testdata("pgn", "over-the-board.pgn")]),
    ("clocks", dict(clock_slack=0.5, clock_delay=3), ["--clock-slack=0.5", "--clock-delay=3"],
     [in_testdata("diag", "clock-time-left.pgn"), in_testdata("diag", "clock-control.pgn")]),
    ("trf", dict(trf=in_testdata("trf", "kdu.trf")), ["--trf=" + in_testdata("trf", "kdu.trf")],
     [in_testdata("trf", "kdu-seha2013.pgn")]),
    ("trf-players", dict(trf=in_testdata("trf", "names.trf"), players=in_testdata("trf", "names-players.txt")),
     ["--trf=" + in_testdata("trf", "names.trf"), "--players=" + in_testdata("trf", "names-players.txt")],
     [in_testdata("trf", "names.pgn")]),
    ("trf-require-all", dict(trf=in_testdata("trf", "kdu.trf"), trf_require_all=True),
     ["--trf=" + in_testdata("trf", "kdu.trf"), "--trf-require-all"], [in_testdata("trf", "kdu-missing-game.pgn")]),
]  # fmt: skip


@pytest.mark.parametrize("kwargs,args,inputs", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_option_as_the_command(kwargs, args, inputs):
    for report_games in (False, True):
        expected = cli_check(*args, *(["--report=games"] if report_games else []), *inputs)
        got = list(pgnarbiter.check(inputs, report_games=report_games, raw=True, **kwargs))
        assert got == expected
    if "trf" not in kwargs and "werror" not in kwargs:
        assert list(pgnarbiter.games(inputs, **kwargs)) == [
            r for r in records(expected) if r["type"] == "game"
        ]


def test_notation_it_reads_italian_moves():
    path = in_testdata("pgn", "over-the-board-it.pgn")
    by_code = list(pgnarbiter.check(path, notation="it"))[-1]["by_code"]
    as_en = list(pgnarbiter.check(path, notation="en"))[-1]["by_code"]
    assert by_code != as_en  # read as English, "Td8" is no move


def test_config_file(tmp_path):
    toml = tmp_path / "ci.toml"
    toml.write_text('[check]\nseverity = { false-check = "error" }\n')
    path = in_testdata("diag", "false-check.pgn")
    got = list(pgnarbiter.check(path, config=toml, raw=True))
    assert got == cli_check("--config=%s" % toml, path)
    assert records(got)[-1]["status"] == 1


@pytest.mark.parametrize("jobs", [0, 2, 3])
def test_jobs_change_nothing(jobs):
    paths = [SAMPLE, in_testdata("pgn", "clean.pgn"), in_testdata("containers", "sample-pzstd.pgn.zst")]
    one = list(pgnarbiter.check(paths, report_games=True, strict=True, raw=True))
    assert list(pgnarbiter.check(paths, report_games=True, strict=True, raw=True, jobs=jobs)) == one
