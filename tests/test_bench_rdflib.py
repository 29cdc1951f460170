"""The benchmark's rdflib path: what rdflib holds (a subset of the export) and how it is loaded.

`bench/run.py` no longer loads the whole N-Quads export into rdflib: it cuts the named graphs
(or the default graph) out of the export in one streaming pass and loads only that. These tests
check, on a 20-document generated corpus built by the real pipeline, that the cut is exact
(the same quads as the store holds), that rdflib loaded that way answers every query of the mix
exactly as pyoxigraph does on the store (and as rdflib does with the whole export), and that the
timeout and memory guards of the rdflib child work. No timings are asserted.
"""
from __future__ import annotations

import json
import re
from argparse import Namespace
from pathlib import Path

import pytest

from bench.generate import generate
from bench.run import (RdflibEngine, RdflibUnavailable, load_into_rdflib, load_queries, params_from_truth,
                       query_form, rdflib_answer, rdflib_dataset, rdflib_overall, rdflib_phase, rdflib_ratios,
                       split_export, uses_named_graphs)
from cvgraph.build import build
from cvgraph.config import Settings
from cvgraph.store import live_generation

pytestmark = pytest.mark.slow

# rdflib's own evaluation differs from the SPARQL semantics Oxigraph implements here, whatever
# rdflib holds: SP2Bench Q6 filters inside OPTIONAL on a variable bound outside it, and rdflib
# evaluates that FILTER without the outer binding (more rows). For these queries the subset is
# only compared with rdflib holding the whole export.
RDFLIB_SEMANTICS = {"q14_sp2b6_optional"}


@pytest.fixture(scope="module")
def bench_data(tmp_path_factory):
    import pyoxigraph as ox

    work = tmp_path_factory.mktemp("bench-rdflib")
    cvs = work / "cvs"
    generate(20, 11, cvs)
    summary = build([cvs], work / "store", Settings(), jobs=1)
    assert summary.committed and summary.documents == 20, summary.failed
    gen = live_generation(work / "store")
    store = ox.Store.read_only(str(gen))
    export = work / "export.nq"
    store.dump(str(export), format=ox.RdfFormat.N_QUADS)
    split = split_export(export, work / "default.nt", work / "named.nq")
    return {"work": work, "cvs": cvs, "gen": gen, "store": store, "export": export, "split": split,
            "queries": load_queries(params_from_truth(cvs))}


def _quads(path: Path, fmt) -> set:
    import pyoxigraph as ox

    return {str(q) for q in ox.parse(path=str(path), format=fmt)}


def test_split_export_is_exactly_the_default_graph_and_the_named_graphs(bench_data):
    import pyoxigraph as ox

    store, split, work = bench_data["store"], bench_data["split"], bench_data["work"]
    default = {str(ox.Quad(q.subject, q.predicate, q.object))
               for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph())}
    named = {str(q) for q in store if not isinstance(q.graph_name, ox.DefaultGraph)}
    assert split["default_graph_quads"] == len(default) > 0
    assert split["named_graph_quads"] == len(named) > 0
    # the default-graph lines are N-Triples (a triple parser reads them), the rest N-Quads
    assert {str(ox.Quad(t.subject, t.predicate, t.object))
            for t in ox.parse(path=str(work / "default.nt"), format=ox.RdfFormat.N_TRIPLES)} == default
    assert _quads(work / "named.nq", ox.RdfFormat.N_QUADS) == named


def test_split_export_on_awkward_literals(tmp_path):
    """Objects that look like graph terms inside literals, escapes, language tags, datatypes,
    blank-node graphs: every quad goes to the right side."""
    import pyoxigraph as ox

    s, p = ox.NamedNode("http://ex.org/s"), ox.NamedNode("http://ex.org/p")
    objects = [ox.Literal('a "quoted" <http://ex.org/g> . value'), ox.Literal("x\\", language="en"),
               ox.Literal('ends with " <http://ex.org/g> "'), ox.Literal("2024", datatype=ox.NamedNode(
                   "http://www.w3.org/2001/XMLSchema#gYear")), ox.Literal("line\nbreak\t\"tab\""),
               ox.NamedNode("http://ex.org/o"), ox.BlankNode("b1"), ox.Literal("")]
    graphs = [ox.DefaultGraph(), ox.NamedNode("http://ex.org/g"), ox.BlankNode("g1")]
    quads = [ox.Quad(s, p, o, g) for o in objects for g in graphs]
    export = tmp_path / "x.nq"
    export.write_bytes(ox.serialize(quads, format=ox.RdfFormat.N_QUADS))
    split = split_export(export, tmp_path / "d.nt", tmp_path / "n.nq")
    assert split["default_graph_quads"] == len(objects)
    assert split["named_graph_quads"] == 2 * len(objects)
    assert ({str(ox.Quad(t.subject, t.predicate, t.object))
             for t in ox.parse(path=str(tmp_path / "d.nt"), format=ox.RdfFormat.N_TRIPLES)}
            == {str(q) for q in quads if isinstance(q.graph_name, ox.DefaultGraph)})
    assert (_quads(tmp_path / "n.nq", ox.RdfFormat.N_QUADS)
            == {str(q) for q in quads if not isinstance(q.graph_name, ox.DefaultGraph)})


def test_uses_named_graphs():
    assert uses_named_graphs("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }")
    assert uses_named_graphs("select ?s from named <http://ex.org/g> where { graph <http://ex.org/g> { ?s ?p ?o } }")
    assert not uses_named_graphs('SELECT ?graph WHERE { ?s <http://ex.org/GRAPH> "GRAPH ?g { }" } # GRAPH ?g')
    assert not uses_named_graphs("SELECT * FROM <http://ex.org/g> WHERE { ?s ?p ?o }")


# -- answers ----------------------------------------------------------------------------------

def _canonical(body: bytes, form: str):
    """A result in a form two engines can be compared by: solutions as a sorted list of
    (variable, term) tuples (blank node labels dropped), ASK as a boolean, graphs as sorted
    N-Triples lines with blank nodes blanked."""
    if form == "ASK":
        return json.loads(body)["boolean"]
    if form == "SELECT":
        doc = json.loads(body)
        rows = []
        for b in doc["results"]["bindings"]:
            row = []
            for var, t in sorted(b.items()):
                kind = "literal" if t["type"] in ("literal", "typed-literal") else t["type"]
                value = "_" if kind == "bnode" else t["value"]
                dt = t.get("datatype")
                dt = None if dt == "http://www.w3.org/2001/XMLSchema#string" else dt
                row.append((var, kind, value, t.get("xml:lang", "").lower(), dt))
            rows.append(tuple(row))
        return rows
    return sorted(re.sub(r"_:\S+", "_:b", ln) for ln in body.decode("utf-8").splitlines() if ln.strip())


def _order_vars(q: str) -> list[str] | None:
    m = re.search(r"ORDER BY\s+((?:\?\w+\s*)+)\s*LIMIT", q, re.I)
    return m.group(1).split() if m else None


def _same_answer(q: str, a, b) -> bool:
    """Equal answers; for ORDER BY … LIMIT, rows tied with the last row on the order key may be
    any of the tied ones (SPARQL leaves their order open), so only their number must agree."""
    if not isinstance(a, list) or not _order_vars(q) or len(a) != len(b):
        return (sorted(a) if isinstance(a, list) else a) == (sorted(b) if isinstance(b, list) else b)
    keys = {v[1:] for v in _order_vars(q)}
    key = lambda row: tuple(t for t in row if t[0] in keys)   # noqa: E731
    last = key(a[-1])
    return (sorted(r for r in a if key(r) != last) == sorted(r for r in b if key(r) != last)
            and sum(key(r) == last for r in a) == sum(key(r) == last for r in b))


def _oxigraph_answers(store, queries):
    import pyoxigraph as ox

    out = {}
    for name, q in queries.items():
        form = query_form(q)
        res = store.query(q)
        body = (res.serialize(format=ox.QueryResultsFormat.JSON) if form in ("SELECT", "ASK")
                else ox.serialize(res, format=ox.RdfFormat.N_TRIPLES))
        out[name] = _canonical(body, form)
    return out


def _rdflib_answers(path: Path, graphs: str, parser: str, queries) -> dict:
    ds = rdflib_dataset(graphs)
    load_into_rdflib(ds, str(path), graphs, parser)
    return {name: _canonical(rdflib_answer(ds, q), query_form(q))
            for name, q in queries.items() if not (graphs == "default" and uses_named_graphs(q))}


@pytest.fixture(scope="module")
def reference(bench_data):
    queries = bench_data["queries"]
    return {"oxigraph": _oxigraph_answers(bench_data["store"], queries),
            "rdflib-whole-export": _rdflib_answers(bench_data["export"], "all", "rdflib", queries)}


@pytest.mark.parametrize("graphs,parser", [("named", "pyoxigraph"), ("named", "rdflib"),
                                           ("default", "pyoxigraph"), ("default", "rdflib")])
def test_rdflib_on_the_subset_answers_as_pyoxigraph(bench_data, reference, graphs, parser):
    queries = bench_data["queries"]
    path = bench_data["work"] / ("named.nq" if graphs == "named" else "default.nt")
    got = _rdflib_answers(path, graphs, parser, queries)
    named_queries = {n for n, q in queries.items() if uses_named_graphs(q)}
    assert "q18_documents_of_person" in named_queries
    # the named graphs answer every query; the default graph every query but those over named graphs
    assert set(got) == (set(queries) if graphs == "named" else set(queries) - named_queries)
    for name, answer in got.items():
        q = queries[name]
        assert _same_answer(q, answer, reference["rdflib-whole-export"][name]), f"{name}: differs from rdflib on the whole export"
        if name not in RDFLIB_SEMANTICS:
            assert _same_answer(q, answer, reference["oxigraph"][name]), f"{name}: differs from pyoxigraph"
    assert any(reference["oxigraph"][n] not in ([], False) for n in got)


# -- the child process: time limit, memory guard, the whole phase ------------------------------

def reference_count(bench_data, name):
    return list(bench_data["store"].query(bench_data["queries"][name]))


def test_rdflib_engine_stops_a_query_at_its_limit_without_reloading(bench_data):
    queries = bench_data["queries"]
    engine = RdflibEngine(bench_data["work"] / "named.nq", "named", "pyoxigraph")
    try:
        assert engine.quads == bench_data["split"]["named_graph_quads"]
        assert engine.triples == bench_data["split"]["default_graph_quads"]
        r = engine.run(queries["q11_lubm2_triangle"], 0.001)     # SIGALRM long before the answer
        assert r[0] == "timeout"
        r = engine.run(queries["q18_documents_of_person"], 120)
        assert r[0] == "ok"
        assert r[3] == len(reference_count(bench_data, "q18_documents_of_person"))
        assert engine.restarts == 0                              # stopped in place, not reloaded
    finally:
        engine.close()


def test_rdflib_engine_stops_loading_past_its_memory_limit(bench_data):
    with pytest.raises(RdflibUnavailable, match="loading stopped: rdflib's RSS"):
        RdflibEngine(bench_data["work"] / "named.nq", "named", "pyoxigraph", max_rss=1)


def _args(**kw):
    base = {"rdflib_max": 1000, "rdflib_graphs": "auto", "rdflib_parser": "pyoxigraph", "rdflib_max_gb": 12.0,
            "rdflib_min_free_gb": 0.0, "rdflib_reps": 1, "rdflib_timeout": 120.0}
    base.update(kw)
    return Namespace(**base)


def test_rdflib_phase_loads_what_the_queries_need(bench_data, tmp_path):
    queries = {k: v for k, v in bench_data["queries"].items()
               if k in ("q01_person_lookup", "q10_triple_count", "q18_documents_of_person")}
    split = bench_data["split"]

    def check_results(results):
        for name in results:
            assert results[name] == len(reference_count(bench_data, name)), name

    # auto: the default graph for q01 and q10, then the named graphs for q18 (GRAPH)
    times, results, status, info = rdflib_phase(20, bench_data["export"], tmp_path, queries, _args())
    assert [(ld["graphs"], ld["queries"], ld["quads"]) for ld in info["loads"]] == [
        ("default", ["q01_person_lookup", "q10_triple_count"], split["default_graph_quads"]),
        ("named", ["q18_documents_of_person"], split["named_graph_quads"])]
    assert all(ld["rss"] > 0 and ld["load_s"] > 0 for ld in info["loads"])
    assert set(results) == set(queries) and not status
    check_results(results)
    assert not list(tmp_path.glob("rdflib-*"))                   # the cut files are removed

    # named: one load answers everything
    times, results, status, info = rdflib_phase(20, bench_data["export"], tmp_path, queries,
                                                _args(rdflib_graphs="named"))
    assert [(ld["graphs"], len(ld["queries"])) for ld in info["loads"]] == [("named", 3)]
    assert set(results) == set(queries) and not status
    check_results(results)

    # default: the GRAPH query is not run, and the report says why
    times, results, status, info = rdflib_phase(20, bench_data["export"], tmp_path, queries,
                                                _args(rdflib_graphs="default"))
    assert info["graphs"] == "default" and info["quads"] == split["default_graph_quads"]
    assert status == {"q18_documents_of_person": {"not_run": "named graphs not loaded: --rdflib-graphs default"}}
    assert set(results) == set(queries) - {"q18_documents_of_person"}
    check_results(results)

    # no room at all: rdflib is not loaded, every query says why
    times, results, status, info = rdflib_phase(20, bench_data["export"], tmp_path, queries,
                                                _args(rdflib_max_gb=0.001))
    assert "not loaded: memory" in info["skipped"] and not results
    assert status["q18_documents_of_person"] == {"not_run": "named graphs not loaded: memory"}
    assert status["q01_person_lookup"]["not_run"].startswith("rdflib not loaded: memory")
    assert rdflib_phase(20, bench_data["export"], tmp_path, queries, _args(rdflib_max=10)) == ({}, {}, {}, {})


def test_ratios_with_timeouts_are_lower_bounds():
    endpoint = {"a": 10.0, "b": 100.0, "c": 1000.0, "d": 5.0}
    per_query = {"a": {"rdflib": {"n": 3, "median_ms": 50.0}}, "b": {"rdflib": {"n": 3, "median_ms": 4000.0}},
                 "c": {"rdflib": {"timeout_s": 60.0, "after_s": 60.0}},
                 "d": {"rdflib": {"not_run": "named graphs not loaded: memory"}}}
    ratios = {q: rdflib_ratios(per_query[q]["rdflib"], endpoint[q]) for q in per_query}
    assert ratios["a"] == {"rdflib/endpoint": 5.0, "rdflib/endpoint (lower bound)": 5.0}
    assert ratios["c"] == {"rdflib/endpoint": None, "rdflib/endpoint (lower bound)": 60.0}
    assert ratios["d"] == {"rdflib/endpoint": None, "rdflib/endpoint (lower bound)": None}
    overall, summary = rdflib_overall(per_query, ratios, endpoint)
    assert overall["queries_within_limit"] == 2 and overall["queries_run"] == 3
    assert overall["stopped_at_limit"] == ["c"] and set(overall["not_run"]) == {"d"}
    assert summary["rdflib/endpoint (median of per-query ratios, finished queries)"] == 22.5
    assert summary["rdflib/endpoint (median of per-query ratios, lower bound: stopped queries at their limit)"] == 40.0
    assert summary["rdflib/endpoint (whole mix time, lower bound, queries rdflib ran)"] == round(64050 / 1110, 2)
    assert summary["rdflib timeouts (counted as not finished)"] == 1
    assert summary["rdflib queries not run"] == 1
