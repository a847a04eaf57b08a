"""Shared helpers of the pgnarbiter package's tests.

The tests compare the package with the command built from the same tree:
PGNARBITER names the command (default: src/pgnarbiter of the tree this folder
is in, or of PGNARBITER_BUILD_DIR), TOP_SRCDIR the source tree (for
testdata/), PGNARBITER_SHARED the shared corpus (default ../shared/corpus
beside the tree).  Run them against the installed package, from the top of the
tree: `V/bin/python -m pytest python/tests` (README.md, "Python").
"""

import json
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_SRCDIR = os.environ.get("TOP_SRCDIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
BUILD_DIR = os.environ.get("PGNARBITER_BUILD_DIR") or TOP_SRCDIR
PGNARBITER = os.environ.get("PGNARBITER") or os.path.join(BUILD_DIR, "src", "pgnarbiter")
SHARED_CORPUS = os.environ.get("PGNARBITER_SHARED") or os.path.normpath(
    os.path.join(TOP_SRCDIR, "..", "shared", "corpus")
)
TESTDATA = os.path.join(TOP_SRCDIR, "testdata")

# The command in the C locale, reading no settings file, as the library does
# by default (the library reads a settings file only when config= names one).
CLI_ENV = dict(os.environ, LC_ALL="C")
CLI_ENV.pop("LANGUAGE", None)


def in_testdata(*parts):
    return os.path.join(TESTDATA, *parts)


def cli(*args, stdin=None):
    """(stdout lines as bytes, exit status) of `pgnarbiter ARGS`."""
    if not os.access(PGNARBITER, os.X_OK):
        pytest.skip("the command %s is not built (PGNARBITER names another)" % PGNARBITER)
    p = subprocess.run(
        [PGNARBITER, *args], input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=CLI_ENV, check=False,
    )  # fmt: skip
    assert p.returncode <= 2, p.stderr.decode(errors="replace")
    return p.stdout.splitlines(), p.returncode


def cli_check(*args, stdin=None):
    """The jsonl lines (bytes) of `pgnarbiter check --no-config --format=jsonl ARGS`
    (without --no-config when ARGS name a --config file)."""
    no_config = [] if any(a.startswith("--config") for a in args) else ["--no-config"]
    lines, _ = cli("check", *no_config, "--quiet", "--format=jsonl", *args, stdin=stdin)
    return lines


def records(lines):
    return [json.loads(line) for line in lines]
