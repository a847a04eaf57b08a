"""position() is `pgnarbiter position --format=jsonl`'s line as a dict;
play_move() plays a move written in any notation and gives English SAN and
the FEN after it."""

import json

import pytest

import pgnarbiter
from conftest import cli

FENS = [
    pgnarbiter.START_FEN,
    "8/8/8/4k3/8/8/8/4K2B w - - 0 1",  # dead: a lone bishop
    "6k1/8/8/8/8/6p1/6Pp/7K b - - 0 1",
    "k7/Pp6/1P6/K2b4/8/8/8/8 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  # mate
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "8/8/8/8/8/8/8/8 w - - 0 1",  # no kings: not a legal position
    "not a fen",
]


@pytest.mark.parametrize("fen", FENS)
def test_position_equals_the_command(fen):
    lines, _ = cli("position", "--format=jsonl", fen)
    assert pgnarbiter.position(fen) == json.loads(lines[0])


def test_position_chess960_and_nodes():
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    lines, _ = cli("position", "--format=jsonl", "--chess960", "--nodes=1000", fen)
    assert pgnarbiter.position(fen, chess960=True, nodes=1000) == json.loads(lines[0])


def test_position_bad_nodes():
    with pytest.raises(ValueError):
        pgnarbiter.position(pgnarbiter.START_FEN, nodes=-1)
    with pytest.raises(pgnarbiter.UsageError):
        pgnarbiter.position(pgnarbiter.START_FEN, nodes=10**12)


MOVES = [
    # the en passant square written after every double step (PGN 16.1.3.4)
    (pgnarbiter.START_FEN, "e4", None, "e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    (pgnarbiter.START_FEN, "g1f3", None, "Nf3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"),
    (pgnarbiter.START_FEN, "Cf3", "it", "Nf3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"),
    ("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "Qh5", None, "Qh5#",
     "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3"),
    ("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", None, "O-O-O+", "3k4/8/8/8/8/8/8/2KR3R b - - 1 1"),
    ("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0", None, "O-O", "3k4/8/8/8/8/8/8/R4RK1 b - - 1 1"),
]  # fmt: skip


@pytest.mark.parametrize("fen,move,notation,san,after", MOVES)
def test_play_move(fen, move, notation, san, after):
    assert pgnarbiter.play_move(fen, move, notation=notation) == (san, after)


@pytest.mark.parametrize("fen,move", [
    (pgnarbiter.START_FEN, "e5"),                      # not legal
    (pgnarbiter.START_FEN, "xyz"),                     # not a move
    ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2"),       # ambiguous
    ("8/8/8/8/8/8/8/8 w - - 0 1", "e4"),               # not a legal position
])  # fmt: skip
def test_play_move_errors(fen, move):
    with pytest.raises(pgnarbiter.UsageError) as e:
        pgnarbiter.play_move(fen, move)
    assert str(e.value)


def test_version():
    assert isinstance(pgnarbiter.__version__, str) and pgnarbiter.__version__
    lines, _ = cli("--version")
    assert pgnarbiter.__version__.encode() in lines[0]
