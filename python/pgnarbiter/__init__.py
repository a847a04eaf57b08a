"""pgnarbiter: the pgnarbiter checker for chess games in PGN, as a Python module.

The same engine as the ``pgnarbiter`` command, in the same process: every game
is replayed through an exact FIDE legality engine and judged, and each
finding, game record and the run's summary comes back as a dict equal to the
line ``pgnarbiter check --format=jsonl`` writes for it (``json.loads`` of that
line)::

    import pgnarbiter

    for r in pgnarbiter.check("event.pgn", strict=True):
        if r["type"] == "diagnostic":
            print(r["file"], r["line"], r["code"], r["message"])
        elif r["type"] == "summary":
            print(r["games"], "games,", r["errors"], "errors")

    for g in pgnarbiter.games(open("big.pgn.zst", "rb").read()):
        print(g["white"], g["black"], g["result"], g["plies"], g["errors"])

    pgnarbiter.position("8/8/8/4k3/8/8/8/4K2B w - - 0 1")["dead"]      # True
    pgnarbiter.play_move(pgnarbiter.START_FEN, "Cf3", notation="it")    # ("Nf3", "...")

The library does its work with the GIL released, so threads checking
different inputs run in parallel.  Messages follow the process's locale as the
command's do: call ``locale.setlocale(locale.LC_ALL, "")`` first to have them
in the user's language (``LANG=it_IT.UTF-8``: Italian).
"""

import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from . import _core
from ._core import Error, InputError, UsageError

__all__ = [
    "check",
    "games",
    "position",
    "play_move",
    "Error",
    "UsageError",
    "InputError",
    "START_FEN",
    "__version__",
]

__version__: str = _core.version()
"""The version of libpgnarbiter (and of this package), e.g. "0.1.0"."""

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

Record = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]", "os.PathLike[bytes]"]
Buffer = Union[bytes, bytearray, memoryview]
Source = Union[PathLike, Buffer, Any]  # Any: a binary file object (has read())
Codes = Union[str, Iterable[str]]

_PATH, _BUFFER, _FILE = 0, 1, 2


def _input(item: Any, name: Optional[str]) -> Tuple[int, Any, Optional[bytes]]:
    if isinstance(item, (bytes, bytearray, memoryview)):
        return (_BUFFER, item, os.fsencode(name if name is not None else "<bytes>"))
    if isinstance(item, (str, os.PathLike)):
        return (_PATH, os.fsencode(item), None)
    if callable(getattr(item, "read", None)):
        if name is None:
            name = getattr(item, "name", None)
            if not isinstance(name, (str, bytes)):
                name = "<stream>"
        return (_FILE, item, os.fsencode(name))
    raise TypeError(
        "pgnarbiter: an input must be a path (str or os.PathLike), bytes, bytearray, "
        "memoryview or a binary file object, not %s" % type(item).__name__
    )


def _inputs(source: Any, name: Optional[str]) -> List[Tuple[int, Any, Optional[bytes]]]:
    if isinstance(source, (list, tuple)):
        return [_input(item, name) for item in source]
    return [_input(source, name)]


def _codes(option: str, value: Optional[Codes]) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    codes = list(value)
    if not all(isinstance(c, str) for c in codes):
        raise TypeError("pgnarbiter: %s must be a str or an iterable of str" % option)
    return ",".join(codes)


def _severity(value: Union[None, str, Mapping[str, str], Iterable[str]]) -> Optional[str]:
    if isinstance(value, Mapping):
        return ",".join("%s=%s" % (code, level) for code, level in value.items())
    return _codes("severity", value)


def _path(value: Optional[PathLike]) -> Optional[bytes]:
    return None if value is None else os.fsencode(value)


def _checker(
    source: Any,
    games_only: bool,
    raw: bool,
    name: Optional[str],
    chunk_size: int,
    **options: Any,
) -> Iterator[Any]:
    if options["jobs"] is not None and (not isinstance(options["jobs"], int) or options["jobs"] < 0):
        raise UsageError("pgnarbiter: jobs must be an integer >= 0 (0: one per processor)")
    for key in ("clock_delay", "clock_slack"):
        if options[key] is None:
            options[key] = -1.0
    options["select"] = _codes("select", options["select"])
    options["ignore"] = _codes("ignore", options["ignore"])
    options["severity"] = _severity(options["severity"])
    for key in ("config", "trf", "players"):
        options[key] = _path(options[key])
    return _core.Checker(_inputs(source, name), options, games_only, raw, chunk_size)


def check(
    source: Union[Source, List[Source], Tuple[Source, ...]],
    *,
    strict: bool = False,
    werror: bool = False,
    notation: Optional[str] = None,
    jobs: int = 1,
    report_games: bool = False,
    select: Optional[Codes] = None,
    ignore: Optional[Codes] = None,
    severity: Union[None, str, Mapping[str, str], Iterable[str]] = None,
    config: Optional[PathLike] = None,
    duplicates: Optional[str] = None,
    round_form: Optional[str] = None,
    after_illegal: Optional[str] = None,
    clock_delay: Optional[float] = None,
    clock_slack: Optional[float] = None,
    trf: Optional[PathLike] = None,
    players: Optional[PathLike] = None,
    trf_require_all: bool = False,
    stdin_name: Optional[str] = None,
    name: Optional[str] = None,
    raw: bool = False,
    chunk_size: int = 1 << 20,
) -> Iterator[Record]:
    """Check PGN and yield its records, as ``pgnarbiter check --format=jsonl`` writes them.

    source: a path (str or os.PathLike: plain, gzip or zstd, or "-" for standard
    input), bytes/bytearray/memoryview checked in memory, a binary file object
    (read in chunks of chunk_size bytes), or a list or tuple of these, checked in
    order as one run (as the command's several files).

    Yields dicts, each ``json.loads`` of the jsonl line for it: the findings
    ("type": "diagnostic"), with report_games a game record ("type": "game") after
    each game's findings, and the run's summary ("type": "summary") last, with
    "status", the command's exit status.  With raw=True it yields each line as
    bytes instead (without the line feed), byte for byte the command's.

    The options are the command's (see pgnarbiter(1)): strict (--strict),
    werror, notation ("auto", "en", "it", "es", "fr", "de", "nl", "figurine"),
    jobs (replay threads: 1 by default, 0 one per processor; the records are the
    same for any number), report_games (--report=games), select and ignore
    (codes: a comma-separated str or an iterable), severity ("code=level,...",
    an iterable of "code=level" or a dict {code: level}), config (a settings
    file; none is read unless given), duplicates, round_form, after_illegal
    ("continue" or "stop"), clock_delay and clock_slack (seconds), trf and
    players (files), trf_require_all, stdin_name (the name of "-").
    name: how an in-memory or file-object input is named in the records
    (default "<bytes>", or the file object's name).

    The returned iterator has close() and is a context manager; dropping it
    abandons the run.  A bad option raises UsageError (a ValueError) at once;
    a trf/players/config file that cannot be read, InputError (an OSError).
    A PGN file that cannot be read is not an exception: it is a finding, as
    in the command.  Bad PGN never raises: it is findings.
    """
    return _checker(
        source, False, raw, name, chunk_size,
        strict=strict, werror=werror, notation=notation, jobs=jobs,
        report_games=report_games, select=select, ignore=ignore, severity=severity,
        config=config, duplicates=duplicates, round_form=round_form,
        after_illegal=after_illegal, clock_delay=clock_delay, clock_slack=clock_slack,
        trf=trf, players=players, trf_require_all=trf_require_all, stdin_name=stdin_name,
    )  # fmt: skip


def games(
    source: Union[Source, List[Source], Tuple[Source, ...]],
    *,
    strict: bool = False,
    notation: Optional[str] = None,
    jobs: int = 1,
    select: Optional[Codes] = None,
    ignore: Optional[Codes] = None,
    severity: Union[None, str, Mapping[str, str], Iterable[str]] = None,
    config: Optional[PathLike] = None,
    duplicates: Optional[str] = None,
    round_form: Optional[str] = None,
    after_illegal: Optional[str] = None,
    clock_delay: Optional[float] = None,
    clock_slack: Optional[float] = None,
    stdin_name: Optional[str] = None,
    name: Optional[str] = None,
    raw: bool = False,
    chunk_size: int = 1 << 20,
) -> Iterator[Record]:
    """Check PGN and yield only its game records, one a game, in order.

    Each is the "type": "game" record of ``pgnarbiter check --format=jsonl
    --report=games``: file, game, offset, line, the tags (event, white, black,
    round, site, date, ...), result, result_kind, plies, ending, the game's
    errors, warnings and notes (after select/ignore/severity), judged and
    fingerprint.  The arguments are check()'s.
    """
    return _checker(
        source, True, raw, name, chunk_size,
        strict=strict, werror=False, notation=notation, jobs=jobs,
        report_games=True, select=select, ignore=ignore, severity=severity,
        config=config, duplicates=duplicates, round_form=round_form,
        after_illegal=after_illegal, clock_delay=clock_delay, clock_slack=clock_slack,
        trf=None, players=None, trf_require_all=False, stdin_name=stdin_name,
    )  # fmt: skip


def position(fen: str, chess960: bool = False, nodes: int = 0) -> Record:
    """Judge one position as ``pgnarbiter position --format=jsonl`` does.

    Returns that line as a dict: whether the FEN is a legal position (and if
    not, why), check, checkmate, stalemate, whether each side can still
    checkmate, dead position.  chess960: read the castling rights as
    Chess960's.  nodes: the search budget per side (0: the default, 65,000;
    at most 10,000,000).  A FEN that is not a legal position, or not a FEN at
    all, is a verdict ("legal": False and "reason"), not an exception; a bad
    nodes value raises UsageError.
    """
    if not isinstance(nodes, int) or nodes < 0:
        raise UsageError("pgnarbiter: nodes must be an integer >= 0")
    return _core.position(fen, bool(chess960), nodes)


def play_move(fen: str, move: str, notation: Optional[str] = None) -> Tuple[str, str]:
    """Play move from fen: (the move in English SAN with + or #, the FEN after it).

    move may be written in any notation pgnarbiter reads (SAN in English,
    Italian, ..., figurines, LAN, UCI); notation as check()'s (None: "auto").
    Raises UsageError when the FEN is not a legal position, or the move is
    not legal or is ambiguous there.
    """
    return _core.play_move(fen, move, notation)
