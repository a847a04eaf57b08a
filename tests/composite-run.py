#!/usr/bin/env python3
"""tests/composite-run.py - run the steps of a composite GitHub Action
(action.yml) here, the way the runner does, so tests/action.sh can test the
action itself and not only the script its steps call.

    composite-run.py ACTION_DIR RESULT.json [NAME=VALUE ...]

Inputs not given take their `default`.  Each step's `if:` is evaluated
(default: run only when no earlier step failed), `${{ ... }}` expressions in
`run:` and `env:` are replaced, `run:` steps with `shell: bash` run as
`bash --noprofile --norc -eo pipefail FILE` (what GitHub runs) with
GITHUB_ACTION_PATH, GITHUB_OUTPUT and GITHUB_WORKSPACE set, in the current
directory (the workspace); their stdout is written to this process's stdout
and to RESULT.json.  `uses:` steps are NOT run (they would need GitHub): they
are recorded with their `with:` values, so the test can check that they would
run and with what.

Expressions understood: inputs.NAME, steps.ID.outputs.NAME, 'string'
literals, == != && || ! and parentheses, always() success() failure();
anything else is an error (so the test fails rather than guesses).
"""

import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

TOKEN = re.compile(
    r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||!|\(|\))"
    r"|(?P<call>(?:always|success|failure)\(\))"
    r"|(?P<ref>inputs\.[A-Za-z_][\w-]*|steps\.[A-Za-z_][\w-]*\.outputs\.[A-Za-z_][\w-]*))"
)


def evaluate(expr, ctx):
    """Evaluate one expression (without ${{ }}) to a Python value."""
    out = []
    pos = 0
    expr = expr.strip()
    while pos < len(expr):
        m = TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            raise SystemExit(f"composite-run: cannot evaluate {expr!r} at {expr[pos:]!r}")
        pos = m.end()
        if m.group("str") is not None:
            out.append(repr(m.group("str")[1:-1].replace("''", "'")))
        elif m.group("op") is not None:
            out.append({"&&": " and ", "||": " or ", "!": " not "}.get(m.group("op"), m.group("op")))
        elif m.group("call") is not None:
            name = m.group("call")[:-2]
            val = {"always": True, "success": not ctx["failed"], "failure": ctx["failed"]}[name]
            out.append(repr(val))
        else:
            ref = m.group("ref").split(".")
            if ref[0] == "inputs":
                if ref[1] not in ctx["inputs"]:
                    raise SystemExit(f"composite-run: no input {ref[1]!r}")
                out.append(repr(ctx["inputs"][ref[1]]))
            else:
                out.append(repr(ctx["outputs"].get(ref[1], {}).get(ref[3], "")))
    return eval("".join(out), {"__builtins__": {}}, {})  # only literals and operators


def substitute(text, ctx):
    def one(m):
        val = evaluate(m.group(1), ctx)
        if isinstance(val, bool):
            return "true" if val else "false"
        return str(val)

    return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))


def condition(step, ctx):
    cond = step.get("if")
    if cond is None:
        return not ctx["failed"]
    cond = str(cond).strip()
    m = re.fullmatch(r"\$\{\{(.*)\}\}", cond, re.S)
    expr = m.group(1) if m else cond
    if not re.search(r"\b(always|failure)\(\)", expr):
        expr = f"success() && ({expr})"
    return bool(evaluate(expr, ctx))


def main():
    action_dir, result_path = sys.argv[1], sys.argv[2]
    with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as f:
        action = yaml.safe_load(f)
    if action["runs"]["using"] != "composite":
        raise SystemExit("composite-run: not a composite action")
    inputs = {k: str(v.get("default", "")) for k, v in action.get("inputs", {}).items()}
    for arg in sys.argv[3:]:
        name, _, value = arg.partition("=")
        if name not in inputs:
            raise SystemExit(f"composite-run: the action has no input {name!r}")
        inputs[name] = value
    ctx = {"inputs": inputs, "outputs": {}, "failed": False}
    steps = []
    for i, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", f"step {i + 1}")
        rec = {"name": name, "id": step.get("id"), "ran": False}
        steps.append(rec)
        if not condition(step, ctx):
            continue
        rec["ran"] = True
        if "uses" in step:
            rec["uses"] = step["uses"]
            rec["with"] = {k: substitute(v, ctx) for k, v in step.get("with", {}).items()}
            continue
        if step.get("shell") != "bash":
            raise SystemExit(f"composite-run: step {name!r}: only shell: bash is run here")
        with tempfile.TemporaryDirectory() as tmp:
            script = os.path.join(tmp, "step.sh")
            output = os.path.join(tmp, "output")
            with open(script, "w", encoding="utf-8") as f:
                f.write(substitute(step["run"], ctx))
            open(output, "w").close()
            env = dict(os.environ)
            env.update({k: substitute(v, ctx) for k, v in step.get("env", {}).items()})
            env.update(GITHUB_ACTION_PATH=os.path.abspath(action_dir), GITHUB_OUTPUT=output,
                       GITHUB_WORKSPACE=os.getcwd())
            print(f"composite-run: --- {name}", flush=True)
            proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                                  env=env, stdout=subprocess.PIPE, check=False)
            sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
            sys.stdout.flush()
            rec["status"] = proc.returncode
            rec["stdout"] = proc.stdout.decode("utf-8", "replace")
            outs = {}
            with open(output, encoding="utf-8") as f:
                for line in f:
                    if "=" in line:
                        k, _, v = line.rstrip("\n").partition("=")
                        outs[k] = v
            rec["outputs"] = outs
            if step.get("id"):
                ctx["outputs"][step["id"]] = outs
            if proc.returncode != 0:
                ctx["failed"] = True
    result = {"failed": ctx["failed"], "steps": steps,
              "outputs": {k: substitute(v.get("value", ""), ctx)
                          for k, v in action.get("outputs", {}).items()}}
    with open(result_path, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
