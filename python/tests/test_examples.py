"""The example scripts run and print what they promise."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples")


def run(name, *args):
    out = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, name), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_random_bot():
    out = run("random_bot.py", "--games", "3", "--size", "12")
    lines = out.splitlines()
    assert len(lines) == 3 and all(l.startswith("game ") and "plies" in l for l in lines)


def test_study(tmp_path):
    out = run("study.py", "--out", str(tmp_path))
    assert "red wins in" in out and "key" in out
    assert "check: 0 errors" in out
    assert sorted(os.listdir(tmp_path)) == ["key-moves.svg", "puzzle.svg", "solution.svg"]
