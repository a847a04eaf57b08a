"""Threads: two checks on two threads at once give what each gives alone;
the library works with the GIL released (another thread runs Python code
meanwhile, measured with a switch interval so long that the GIL changes hands
only when released); one check used from two threads at once is refused."""

import sys
import threading
import time

import pgnarbiter
from conftest import in_testdata

SAMPLE = in_testdata("sample.pgn")


def big_input(copies=300):
    with open(SAMPLE, "rb") as f:
        return f.read() * copies


def test_two_threads_two_checks():
    data = big_input()
    inputs = {"a": data, "b": [in_testdata("pgn", "clean.pgn"), data]}
    alone = {k: list(pgnarbiter.check(v, report_games=True, raw=True)) for k, v in inputs.items()}
    together = {}

    def run(key):
        together[key] = list(pgnarbiter.check(inputs[key], report_games=True, raw=True))

    threads = [threading.Thread(target=run, args=(k,)) for k in inputs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


def test_gil_released_while_checking():
    data = big_input(600)
    ticks = 0
    done = threading.Event()

    def ticker():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.0005)  # gives the GIL back; waits for it again after

    old = sys.getswitchinterval()
    sys.setswitchinterval(30.0)  # no forced hand-over: only a released GIL lets the ticker run
    try:
        t = threading.Thread(target=ticker)
        t.start()
        time.sleep(0.01)
        before = ticks
        games = sum(1 for _ in pgnarbiter.games(data, jobs=1))
        during = ticks - before
        done.set()
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert games == 21 * 600
    assert during >= 5, "the ticker ran %d times while checking: the GIL was not released" % during


def test_one_check_two_threads_refused():
    it = pgnarbiter.check(big_input(2000), jobs=1)
    errors = []

    def pull():
        try:
            for _ in it:
                pass
        except ValueError as e:
            errors.append(e)

    threads = [threading.Thread(target=pull) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # either one thread saw the other inside and was refused, or they took turns;
    # never a crash, and the run ends
    assert all("another thread" in str(e) for e in errors)
    assert list(it) == []


def test_ctrl_c_stops_a_check_that_gives_no_record(tmp_path):
    """Ctrl-C stops a check that goes on without a record to hand over (clean
    games keep coming through a FIFO, duplicates off): KeyboardInterrupt,
    not a wait for a summary that never comes."""
    import os
    import signal
    import subprocess

    game = (
        b'[Event "Sociale"]\n[White "Rossi"]\n[Black "Bianchi"]\n[Result "1/2-1/2"]\n\n'
        b"1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n"
    )
    fifo = tmp_path / "fifo.pgn"
    os.mkfifo(fifo)
    code = (
        "import pgnarbiter, sys\n"
        "try:\n"
        "    for r in pgnarbiter.check(sys.argv[1], duplicates='off'):\n"
        "        print(r['type'], flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code, str(fifo)], stdout=subprocess.PIPE, text=True)
    stop = threading.Event()

    def write_games() -> None:
        with open(fifo, "wb") as w:
            while not stop.is_set():
                w.write(game)
                w.flush()
                time.sleep(0.02)

    writer = threading.Thread(target=write_games)
    writer.start()
    try:
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=20)
    finally:
        stop.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        writer.join()
    assert proc.returncode == 3 and out == "interrupted\n"
