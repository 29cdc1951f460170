"""Fuzz the text reader: bytes → a text file → read_document → extract.

Run: .venv/bin/python fuzz/fuzz_text.py -max_total_time=60 fuzz/corpus/text   (see fuzz/README.md)
Only cvgraph.errors.CVGraphError is an expected outcome; anything else is a finding.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import one_input, seed_inputs  # noqa: E402

FORMAT = "text"


def test_one_input(data: bytes) -> None:
    one_input(FORMAT, data)


def main() -> None:
    import atheris

    with atheris.instrument_imports():
        import mappers.convert  # noqa: F401
        import mappers.extract  # noqa: F401
        import mappers.extract.fields  # noqa: F401
        import mappers.extract.sections  # noqa: F401
        import mappers.read  # noqa: F401
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
