"""Keeps the benchmark harness working: a tiny generated corpus, the real build, the query mix.

No timings are asserted (performance is measured by `make bench`, never in unit tests); this
checks that the generator writes documents the pipeline reads back, and that every query of
the mix parses and returns results on in-process pyoxigraph.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench.check import check, load_truth
from bench.generate import generate
from bench.run import InProcessEngine, load_queries, params_from_truth, query_form
from cvgraph.build import build
from cvgraph.config import Settings
from cvgraph.store import live_generation

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    cvs = tmp_path_factory.mktemp("bench") / "cvs"
    generate(20, 7, cvs)
    return cvs


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory) -> Path:
    store_dir = tmp_path_factory.mktemp("bench-store") / "store"
    summary = build([corpus], store_dir, Settings(), jobs=1)
    assert summary.committed
    assert summary.documents == 20, summary.failed
    return store_dir


def test_generator_is_deterministic_and_writes_every_shape(corpus, tmp_path):
    again = tmp_path / "cvs"
    generate(20, 7, again)
    a = {p.relative_to(corpus): p.read_bytes() for p in corpus.rglob("*") if p.is_file()}
    b = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert a == b
    assert {p.suffix for p in a} == {".txt", ".md", ".tex", ".json"}
    truth = load_truth(corpus)
    assert len(truth) == 20
    # a real coauthor network: some paper is listed, with the same author list, in two CVs
    listed: dict[int, list[list[str]]] = {}
    for t in truth.values():
        for p in t["publications"]:
            listed.setdefault(p["paper"], []).append(p["authors"])
    shared = [lists for lists in listed.values() if len(lists) > 1]
    assert shared and all(all(x == lists[0] for x in lists) for lists in shared)
    json_doc = next(p for p in corpus.rglob("*.json"))
    assert json.loads(json_doc.read_text())["basics"]["name"]


def test_generated_documents_extract_as_written(corpus):
    result = check(corpus, sample=20, seed=0)
    assert result["failed"] == []
    assert result["by_fact"]["name"]["agreement"] == 1.0
    assert result["by_fact"]["publication title"]["total"] > 0
    assert result["overall_agreement"] >= 0.9


def test_every_query_of_the_mix_parses_and_returns_results(corpus, store):
    queries = load_queries(params_from_truth(corpus))
    assert len(queries) >= 12
    engine = InProcessEngine(live_generation(store))
    try:
        for name, q in queries.items():
            assert not re.search(r"%[A-Z]+%", q), f"{name}: a parameter was not filled"
            nbytes, results = engine.run(q)
            assert nbytes > 0, name
            assert results > 0, f"{name} ({query_form(q)}) returned nothing"
    finally:
        engine.close()


def test_incremental_bench_adds_and_removes_one_cv_through_the_cli(store):
    """bench/incremental.py: `cvgraph add` then `remove` of one generated CV on the built store;
    the store gains the CV's triples and returns to exactly the full build's count."""
    from bench.incremental import measure

    r = measure(store, seed=11, style=".md")
    assert r["after_add"] > r["store_triples"]
    assert r["after_remove"] == r["store_triples"] and r["back_to_full_build"]
    assert r["add_graphs_written"] >= 1
