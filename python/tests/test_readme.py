"""The README's Python section runs: its code blocks, and the training-loop listing is
python/examples/train_policy.py, which runs end to end on small sizes."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "python", "examples", "train_policy.py")
DATA = os.environ.get("RIICHI_SHARED_DATA", "/work/shared/data")


def python_section():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    start = text.index("\n## Python\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def blocks(section):
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_listing_is_the_example_file():
    listing = [b for b in blocks(python_section()) if "argparse" in b]
    assert len(listing) == 1, "the README shows python/examples/train_policy.py once"
    with open(EXAMPLE, encoding="utf-8") as f:
        assert listing[0].strip() == f.read().strip()


def test_the_code_blocks_run(capsys):
    snippets = [b for b in blocks(python_section()) if "argparse" not in b]
    assert len(snippets) >= 2
    for code in snippets:
        exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "{'remaining': 4, 'shapes': ['ryanmen'], 'tile': '1p'}" in out
    assert "(179, 34)" in out and "(8, 179, 34) (8, 4)" in out


@pytest.mark.skipif(not os.path.isdir(os.path.join(DATA, "tenhou6")), reason="no shared logs")
def test_the_training_loop_runs():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    run = subprocess.run([sys.executable, "-P", EXAMPLE, "--logs", os.path.join(DATA, "tenhou6"),
                          "--steps", "100", "--games", "2", "--envs", "24"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert re.match(r"cloning epoch 0: \d+ decisions, [\d.]+% predicted", lines[0]), lines
    assert any(line.startswith("self-play step ") for line in lines), lines
    assert re.match(r"average rank against greedy bots over [2-9] hanchan: [1-4]\.\d\d$",
                    lines[-1]), lines
