"""Static checks of the project's Python code, run with the tests so that CI catches them.

ruff's pyflakes rules (F: undefined and unused names, a module-level name bound twice, …) and
W605 (an invalid escape sequence such as "\\c" in a non-raw string or docstring, a
DeprecationWarning today and a SyntaxError in a future Python)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["cvgraph", "mappers", "endpoint", "bench", "tests"]


def _ruff() -> list[str] | None:
    exe = Path(sys.executable).with_name("ruff")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("ruff")
    return [found] if found else None


def test_pyflakes_and_escape_sequences():
    ruff = _ruff()
    if ruff is None:
        pytest.skip("ruff is not installed (it is in the test extra: pip install -e '.[test]')")
    r = subprocess.run([*ruff, "check", "--no-cache", "--select", "F,W605", *PACKAGES],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
