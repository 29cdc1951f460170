"""A remote store on a REAL OpenLink Virtuoso (Debian's virtuoso-opensource), started here.

Skipped unless `virtuoso-t` is installed (`sh scripts/install-virtuoso.sh`). A private instance
(bench/virtuoso.py: own database folder, free ports on 127.0.0.1) gets the seeds through
cvgraph's remote path (`cvgraph build --store http://127.0.0.1:PORT`: Graph Store Protocol PUT
per graph, the default graph the merge, kept in a stand-in named graph), after a first build
with one more document, so the rebuild must drop that document's graph and nothing of
Virtuoso's own. The graphs and query answers are compared with the same build in a local store.
"""
from __future__ import annotations

import json
import shutil

import httpx
import pyoxigraph as ox
import pytest

from bench.virtuoso import Virtuoso, unavailable_reason
from cvgraph.cli import main
from cvgraph.config import Settings
from cvgraph.remote import VIRTUOSO_DEFAULT_GRAPH, RemoteStore

from .conftest import SEED_FILES, SEEDS
from .test_incremental import assert_same_dataset, dataset, union_is_merge
from .test_remote import DEGREES, cvgraph_serving

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

VIRTRDF = "http://www.openlinksw.com/schemas/virtrdf#"
PER_GRAPH = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g"


@pytest.fixture(scope="module")
def virtuoso(tmp_path_factory):
    with Virtuoso(tmp_path_factory.mktemp("virtuoso") / "instance") as v:
        yield v


@pytest.fixture(scope="module")
def remote_seeds(virtuoso, tmp_path_factory):
    extra = tmp_path_factory.mktemp("extra")
    for name in SEED_FILES.values():
        shutil.copy(SEEDS / name, extra / name)
    shutil.copy(SEEDS / SEED_FILES["wang"], extra / "extra_copy_of_wang.txt")
    assert main(["build", str(extra), "--store", virtuoso.base, "--jobs", "1"]) == 0
    before = {g.value for g in RemoteStore(virtuoso.base).named_graphs()}
    assert any("extra" in g for g in before)
    assert main(["build", str(SEEDS), "--store", virtuoso.base, "--jobs", "1"]) == 0
    return virtuoso


def sparql(v: Virtuoso, query: str, **params) -> dict:
    r = httpx.post(v.sparql_url, data={"query": query, **params}, timeout=60,
                   headers={"Accept": "application/sparql-results+json"})
    r.raise_for_status()
    return r.json()


def remote_dataset(url: str) -> dict[str, set]:
    out: dict[str, set] = {}
    for q in RemoteStore(url).quads_for_pattern(None, None, None, None):
        name = "" if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
        out.setdefault(name, set()).add(q.triple)
    return out


@pytest.mark.slow
def test_build_into_virtuoso_equals_local_build(remote_seeds, built_store):
    got = remote_dataset(remote_seeds.base)
    assert_same_dataset(got, dataset(built_store[0]))   # the extra document's graph was dropped
    union_is_merge(got)
    # what the server itself holds: the stand-in default graph, and its own graphs untouched
    graphs = {row["g"]["value"] for row in sparql(remote_seeds, "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }")
              ["results"]["bindings"]}
    assert VIRTUOSO_DEFAULT_GRAPH in graphs and VIRTRDF in graphs
    n = sparql(remote_seeds, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", **{"default-graph-uri": VIRTUOSO_DEFAULT_GRAPH})
    assert int(n["results"]["bindings"][0]["n"]["value"]) == built_store[1].triples


@pytest.mark.slow
def test_queries_answer_as_the_local_store(remote_seeds, built_store, capsys):
    local, remote = str(built_store[0]), remote_seeds.sparql_url
    for query, fmt in ((DEGREES, "json"), (PER_GRAPH, "csv"),
                       ("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "csv"),
                       (f"SELECT ?p (COUNT(*) AS ?n) WHERE {{ GRAPH <{Settings().links_graph}> {{ ?s ?p ?o }} }} "
                        "GROUP BY ?p ORDER BY ?p", "csv")):
        assert main(["query", "--store", local, query, "--format", fmt]) == 0
        want = capsys.readouterr().out
        assert main(["query", "--store", remote, query, "--format", fmt]) == 0
        got = capsys.readouterr().out
        if fmt == "json":
            got, want = json.loads(got), json.loads(want)
        assert got == want, query
    assert main(["query", "--store", remote, DEGREES, "--format", "table"]) == 0
    table = capsys.readouterr().out
    assert "ChonLam Lao    | doctorate | Harvard University" in table and table.rstrip().endswith("(15 rows)")
    assert main(["validate", "--store", remote]) == 0
    assert f"{len(SEED_FILES)} file(s), 0 invalid" in capsys.readouterr().out


@pytest.mark.slow
def test_serve_forwards_to_virtuoso(remote_seeds):
    with cvgraph_serving(remote_seeds.sparql_url) as base:
        health = httpx.get(base + "/health", timeout=20).json()
        assert health["status"] == "ok" and health["named_graphs"] == len(SEED_FILES) + 3
        r = httpx.post(base + "/sparql", data={"query": DEGREES},
                       headers={"Accept": "application/sparql-results+json"}, timeout=30)
        assert r.status_code == 200, r.text
        assert len(r.json()["results"]["bindings"]) == 15
