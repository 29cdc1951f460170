"""Fuzz the latex reader: bytes → a latex file → read_document → extract.

Run: .venv/bin/python fuzz/fuzz_latex.py -max_total_time=60 fuzz/corpus/latex   (see fuzz/README.md)
Only cvgraph.errors.CVGraphError is an expected outcome; anything else is a finding.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import fuzz_main, one_input  # noqa: E402

FORMAT = "latex"


def test_one_input(data: bytes) -> None:
    one_input(FORMAT, data)


if __name__ == "__main__":
    fuzz_main(FORMAT, test_one_input)
