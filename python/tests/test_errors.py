"""A call the library cannot carry out raises pgnarbiter.Error with the
library's sentence: UsageError (also a ValueError) for a bad option value,
InputError (also an OSError) for a --trf/--players/--config file that cannot
be read; the message is the command's (without its "pgnarbiter: " prefix).
Bad PGN never raises."""

import subprocess

import pytest

import pgnarbiter
from conftest import CLI_ENV, PGNARBITER, cli_check, in_testdata, records

SAMPLE = in_testdata("sample.pgn")


def cli_message(*args):
    p = subprocess.run([PGNARBITER, "check", "--no-config", *args, SAMPLE], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=CLI_ENV, check=False)  # fmt: skip
    assert p.returncode == 2
    first = p.stderr.decode().splitlines()[0]
    assert first.startswith("pgnarbiter: ")
    return first[len("pgnarbiter: "):]


USAGE = [
    ("notation", dict(notation="italian"), ["--notation=italian"]),
    ("select", dict(select="illegal-moves"), ["--select=illegal-moves"]),
    ("ignore", dict(ignore=["illegal-move", "illegal-moves"]), ["--ignore=illegal-move,illegal-moves"]),
    ("severity-level", dict(severity={"syntax": "fatal"}), ["--severity=syntax=fatal"]),
    ("duplicates", dict(duplicates="sometimes"), ["--duplicates=sometimes"]),
    ("after-illegal", dict(after_illegal="jump"), ["--after-illegal=jump"]),
    ("round-form", dict(round_form="square"), ["--round-form=square"]),
]  # fmt: skip


@pytest.mark.parametrize("kwargs,args", [c[1:] for c in USAGE], ids=[c[0] for c in USAGE])
def test_usage_error(kwargs, args):
    with pytest.raises(pgnarbiter.UsageError) as e:
        pgnarbiter.check(SAMPLE, **kwargs)
    assert isinstance(e.value, ValueError) and isinstance(e.value, pgnarbiter.Error)
    assert str(e.value) == cli_message(*args)


def test_bad_values_on_the_python_side():
    with pytest.raises(ValueError):
        pgnarbiter.check(SAMPLE, jobs=-1)
    with pytest.raises(ValueError):
        pgnarbiter.check(SAMPLE, chunk_size=0)
    with pytest.raises(TypeError):
        pgnarbiter.check(SAMPLE, select=[1, 2])
    with pytest.raises(TypeError):
        pgnarbiter.check(SAMPLE, no_such_option=1)
    with pytest.raises(ValueError):
        pgnarbiter.check("a\0b")


@pytest.mark.parametrize("option", ["trf", "players"])
def test_unreadable_option_file(option, tmp_path):
    missing = str(tmp_path / "missing.txt")
    kwargs = {option: missing}
    args = ["--%s=%s" % (option, missing)]
    if option == "players":
        kwargs["trf"] = in_testdata("trf", "names.trf")
        args.append("--trf=" + kwargs["trf"])
    with pytest.raises(pgnarbiter.InputError) as e:
        pgnarbiter.check(SAMPLE, **kwargs)
    assert isinstance(e.value, OSError) and isinstance(e.value, pgnarbiter.Error)
    assert str(e.value) == cli_message(*args)


def test_bad_pgn_is_findings_not_errors():
    junk = bytes(range(256)) * 64 + b"\n\n[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
    got = list(pgnarbiter.check(junk, strict=True))
    assert got[-1]["type"] == "summary" and got[-1]["errors"] >= 1
    assert got == records(cli_check("--strict", "--stdin-name=<bytes>", "-", stdin=junk))


def test_error_base_classes():
    assert issubclass(pgnarbiter.UsageError, pgnarbiter.Error)
    assert issubclass(pgnarbiter.UsageError, ValueError)
    assert issubclass(pgnarbiter.InputError, OSError)
    assert issubclass(pgnarbiter.Error, Exception)
