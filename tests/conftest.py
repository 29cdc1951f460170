"""Shared fixtures: paths to the project's seed CVs and the shared real-CV corpus."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "data" / "cvs"
SHARED = ROOT.parent / "shared"
REAL = SHARED / "corpus" / "real"

SEED_FILES = {
    "lao": "000_d56ed223fd5c3e0d.txt",
    "lao_profile": "001_a40dc47f4848799d.txt",
    "wang": "002_7e25e48f2bf0580d.txt",
    "lam": "003_ffbafd91d780978e.txt",
    "zhao": "004_c16c2b3bbac6ef24.txt",
}


@pytest.fixture(scope="session")
def seed_dir() -> Path:
    return SEEDS


@pytest.fixture(scope="session")
def seed_records():
    """Every seed read and extracted once per test session."""
    from mappers.extract import extract
    from mappers.read import read_document

    return {key: extract(read_document(SEEDS / name)) for key, name in SEED_FILES.items()}


@pytest.fixture(scope="session")
def built_store(tmp_path_factory):
    """The five seeds built into a store once per session (the real build path)."""
    from cvgraph.build import build
    from cvgraph.config import Settings

    store = tmp_path_factory.mktemp("store")
    summary = build([SEEDS], store, Settings(), jobs=1)
    assert summary.exit_code == 0, summary.render()
    return store, summary


def real_file(name: str) -> Path:
    path = REAL / name
    if not path.exists():
        pytest.skip(f"{path} not present (the shared corpus is read in place, never copied)")
    return path


@pytest.fixture
def env_without_base(monkeypatch):
    monkeypatch.delenv("CVGRAPH_BASE", raising=False)
    return os.environ
