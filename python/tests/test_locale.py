"""Messages follow the process's locale, as the command's do: after
locale.setlocale(LC_ALL, "") with LANG=it_IT.UTF-8 the records' messages and
the errors are the Italian command's.  Needs the it_IT.UTF-8 locale (the
system's, or the one tests/cli-it.sh makes in the build tree's tests/locale)
and the catalogue of the build tree (src/locale, named by PGNARBITER_LOCALEDIR:
a library run from its build tree has no installed catalogue)."""

import json
import os
import subprocess
import sys

import pytest

from conftest import BUILD_DIR, PGNARBITER, in_testdata

LOCALEDIR = os.path.join(BUILD_DIR, "src", "locale")


def italian_env():
    env = dict(os.environ, LANG="it_IT.UTF-8", PGNARBITER_LOCALEDIR=LOCALEDIR)
    for k in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(k, None)
    if not os.path.exists(os.path.join(LOCALEDIR, "it", "LC_MESSAGES", "pgnarbiter.mo")):
        pytest.skip("no Italian catalogue in %s (a build without NLS)" % LOCALEDIR)
    has = subprocess.run(["locale", "-a"], stdout=subprocess.PIPE, text=True, check=False).stdout
    if "it_IT.utf8" not in has.split():
        made = os.path.join(BUILD_DIR, "tests", "locale")
        if not os.path.isdir(os.path.join(made, "it_IT.UTF-8")):
            pytest.skip("no it_IT.UTF-8 locale (the system's, or tests/locale that tests/cli-it.sh makes)")
        env["LOCPATH"] = made
    return env


def test_italian_messages():
    env = italian_env()
    path = in_testdata("sample.pgn")
    code = ("import locale, json, sys, pgnarbiter\n"
            "locale.setlocale(locale.LC_ALL, '')\n"
            "out = [json.dumps(r) for r in pgnarbiter.check(sys.argv[1], strict=True)]\n"
            "try:\n"
            "    pgnarbiter.check(sys.argv[1], notation='italian')\n"
            "except pgnarbiter.UsageError as e:\n"
            "    out.append(json.dumps(str(e)))\n"
            "print('\\n'.join(out))\n")  # fmt: skip
    got = subprocess.run([sys.executable, "-c", code, path], stdout=subprocess.PIPE, env=env,
                         check=True).stdout.decode().splitlines()  # fmt: skip
    cli = subprocess.run([PGNARBITER, "check", "--no-config", "--quiet", "--strict", "--format=jsonl", path],
                         stdout=subprocess.PIPE, env=env, check=False).stdout.decode().splitlines()  # fmt: skip
    bad = subprocess.run([PGNARBITER, "check", "--no-config", "--notation=italian", path],
                         stderr=subprocess.PIPE, env=env, check=False).stderr.decode().splitlines()  # fmt: skip
    assert [json.loads(x) for x in got[:-1]] == [json.loads(x) for x in cli]
    assert any("mossa illegale" in json.loads(x).get("message", "") for x in got[:-1])
    assert "pgnarbiter: " + json.loads(got[-1]) == bad[0]
