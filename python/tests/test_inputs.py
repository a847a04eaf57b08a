"""The same records whatever form the input takes: a path (str, bytes-free
os.PathLike), bytes, bytearray, memoryview, a binary file object read in
chunks (down to one byte at a time, through the library's feed API), a list
mixing them, standard input ("-").  Names: an in-memory or file-object input
is named by name=, else "<bytes>" or the file object's name."""

import io
import json
import pathlib
import subprocess
import sys

import pytest

import pgnarbiter
from conftest import cli_check, in_testdata, records

SAMPLE = in_testdata("sample.pgn")
CLEAN = in_testdata("pgn", "clean.pgn")


def data(path):
    with open(path, "rb") as f:
        return f.read()


def by_path(path, **kw):
    return list(pgnarbiter.check(path, report_games=True, raw=True, **kw))


@pytest.mark.parametrize("make", [bytes, bytearray, memoryview], ids=["bytes", "bytearray", "memoryview"])
def test_buffer_equals_path(make):
    got = list(pgnarbiter.check(make(data(SAMPLE)), name=SAMPLE, report_games=True, raw=True))
    assert got == by_path(SAMPLE)


def test_pathlike_equals_str():
    assert list(pgnarbiter.check(pathlib.Path(SAMPLE), report_games=True, raw=True)) == by_path(SAMPLE)


@pytest.mark.parametrize("chunk", [1, 7, 100, 4096, 1 << 20])
def test_file_object_equals_path(chunk):
    with open(SAMPLE, "rb") as f:
        got = list(pgnarbiter.check(f, report_games=True, raw=True, chunk_size=chunk))
    assert got == by_path(SAMPLE)


def test_file_object_without_name():
    got = records(pgnarbiter.check(io.BytesIO(data(CLEAN)), raw=True))
    assert {r["file"] for r in got if "file" in r} <= {"<stream>"}
    assert got == records(cli_check("--stdin-name=<stream>", "-", stdin=data(CLEAN)))


def test_default_name_of_bytes():
    got = list(pgnarbiter.check(data(SAMPLE)))
    assert {r["file"] for r in got if "file" in r} == {"<bytes>"}
    assert got == records(cli_check("--stdin-name=<bytes>", "-", stdin=data(SAMPLE)))


def test_stdin_path_named_as_told():
    # "-" is the standard input of a child process given clean.pgn
    code = ("import pgnarbiter, json\n"
            "print(json.dumps(list(pgnarbiter.check('-', stdin_name='in.pgn'))))\n")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], input=data(CLEAN), stdout=subprocess.PIPE,
                         check=True).stdout  # fmt: skip
    assert json.loads(out) == records(cli_check("--stdin-name=in.pgn", "-", stdin=data(CLEAN)))


def test_list_mixing_kinds_is_one_run():
    # the bytes are named "<bytes>": the command's standard input named so
    expected = cli_check("--report=games", "--stdin-name=<bytes>", SAMPLE, CLEAN, "-", CLEAN,
                         stdin=data(SAMPLE))  # fmt: skip
    with open(CLEAN, "rb") as f:
        got = list(pgnarbiter.check([SAMPLE, f, data(SAMPLE), pathlib.Path(CLEAN)], report_games=True,
                                    raw=True, chunk_size=64))  # fmt: skip
    assert got == expected


def test_two_file_objects_in_a_row():
    with open(SAMPLE, "rb") as a, open(CLEAN, "rb") as b:
        got = list(pgnarbiter.check([a, b], report_games=True, raw=True, chunk_size=333))
    assert got == cli_check("--report=games", SAMPLE, CLEAN)


def test_empty_inputs():
    assert records(pgnarbiter.check(b"", raw=True)) == list(pgnarbiter.check(io.BytesIO(b""), name="<bytes>"))
    summary = list(pgnarbiter.check([]))
    assert len(summary) == 1 and summary[0]["type"] == "summary" and summary[0]["files"] == 0


def test_text_file_object_is_refused():
    with open(SAMPLE, encoding="utf-8") as f:
        with pytest.raises(TypeError, match="binary mode"):
            list(pgnarbiter.check(f))


def test_bad_input_type():
    with pytest.raises(TypeError):
        pgnarbiter.check(42)


def test_unreadable_path_is_a_finding():
    missing = in_testdata("no-such-file.pgn")
    got = list(pgnarbiter.check(missing))
    assert got == records(cli_check(missing))
    assert got[0]["code"] == "input" and got[-1]["status"] == 2


def test_bytes_kept_alive_and_mutation_refused():
    buf = bytearray(data(SAMPLE))
    it = pgnarbiter.check(buf)
    with pytest.raises(BufferError):
        buf.extend(b"x")  # the library reads it in place: it cannot move
    first = next(it)
    del buf
    rest = list(it)
    assert [first] + rest == list(pgnarbiter.check(data(SAMPLE), name="<bytes>"))


def test_close_and_context_manager():
    with pgnarbiter.check(SAMPLE) as it:
        next(it)
    assert list(it) == []
    it = pgnarbiter.check(SAMPLE)
    it.close()
    assert list(it) == []


@pytest.mark.parametrize("parts", [("sample.pgn.gz",), ("containers", "sample.pgn.zst"),
                                   ("containers", "sample-pzstd.pgn.zst"), ("containers", "sample.pgn.bgz"),
                                   ("pgn", "wild", "utf16le.pgn"), ("pgn", "mac-line-endings.pgn")])  # fmt: skip
@pytest.mark.parametrize("chunk", [1, 1000])
def test_compressed_and_odd_file_objects_fed(parts, chunk):
    path = in_testdata(*parts)
    with open(path, "rb") as f:
        got = list(pgnarbiter.check(f, report_games=True, raw=True, chunk_size=chunk))
    assert got == by_path(path)
    assert list(pgnarbiter.check(data(path), name=path, report_games=True, raw=True)) == got
