"""A remote store: `--store http://…` against a REAL Oxigraph server started here.

The seeds are built into the server (Graph Store Protocol PUT per graph, the default graph the
merge), then read back through `cvgraph query/export/validate` and through `cvgraph serve
--store http://…`, and compared with the same build in a local store.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pyoxigraph as ox
import pytest

from cvgraph.cli import main
from cvgraph.remote import RemoteTarget, inject_values, is_remote

from .conftest import ROOT, SEED_FILES, SEEDS
from .test_incremental import assert_same_dataset, dataset, union_is_merge

DEGREES = """SELECT ?name ?level ?institution WHERE {
  ?doc a schema:DigitalDocument ; schema:about ?p .
  ?p schema:name ?name ; schema:hasCredential ?c .
  ?c schema:educationalLevel ?level ; schema:recognizedBy/schema:name ?institution .
} ORDER BY ?name ?level ?institution"""


def oxigraph_binary() -> str | None:
    candidate = Path(sys.executable).parent / "oxigraph"
    return str(candidate) if candidate.exists() else shutil.which("oxigraph")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, proc: subprocess.Popen, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited: " + proc.stderr.read().decode(errors="replace")[-2000:])
        try:
            httpx.get(url, timeout=2)
            return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError(f"{what} did not answer at {url} within {timeout} s")


@contextlib.contextmanager
def running(cmd: list[str], ready_url: str, what: str, **popen):
    """A server process for the block: started in its own session, waited for until
    `ready_url` answers, stopped (with its children) at the end."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, **popen)
    try:
        wait_for(ready_url, proc, what)
        yield proc
    finally:
        stop(proc)


@contextlib.contextmanager
def cvgraph_serving(store: str):
    """`cvgraph serve --store STORE` on a free port for the block; yields its base URL."""
    base = f"http://127.0.0.1:{(port := free_port())}"
    with running([sys.executable, "-m", "cvgraph.cli", "serve", "--store", store, "--port", str(port),
                  "--timeout", "20"], base + "/health", "cvgraph serve", cwd=ROOT):
        yield base


def stop(proc: subprocess.Popen) -> None:
    """End the process this test started (and its own children, in its session)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


@pytest.fixture(scope="module")
def oxigraph_server(tmp_path_factory):
    binary = oxigraph_binary()
    if binary is None:
        pytest.skip("the `oxigraph` server binary is not installed (pip install 'oxigraph>=0.5,<0.6')")
    url = f"http://127.0.0.1:{(port := free_port())}"
    with running([binary, "serve", "--location", str(tmp_path_factory.mktemp("oxigraph")),
                  "--bind", f"127.0.0.1:{port}"], url + "/query?query=ASK%7B%7D", "oxigraph server"):
        yield url


@pytest.fixture(scope="module")
def remote_seeds(oxigraph_server):
    code = main(["build", str(SEEDS), "--store", oxigraph_server, "--jobs", "1"])
    assert code == 0
    return oxigraph_server


def remote_dataset(url: str) -> dict[str, set]:
    resp = httpx.get(url + "/store", headers={"Accept": "application/n-quads"}, timeout=60)
    resp.raise_for_status()
    out: dict[str, set] = {}
    for q in ox.parse(resp.content, format=ox.RdfFormat.N_QUADS):
        name = "" if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
        out.setdefault(name, set()).add(q.triple)
    return out


def test_store_argument_forms():
    t = RemoteTarget.parse("http://h:7878")
    assert (t.query, t.update, t.gsp) == ("http://h:7878/query", "http://h:7878/update", "http://h:7878/store")
    t = RemoteTarget.parse("https://h/sparql", gsp="https://h/gsp")
    assert (t.query, t.update, t.gsp) == ("https://h/sparql", "https://h/sparql", "https://h/gsp")
    assert RemoteTarget.parse(str(Path("http://h:1"))).url == "http://h:1"   # a Path-mangled URL
    assert is_remote("http://x") and is_remote(t) and not is_remote(Path("store")) and not is_remote("./http")


def test_bindings_go_first_in_the_where_group():
    this = {ox.Variable("this"): ox.NamedNode("http://e/p")}
    q = inject_values('CONSTRUCT { ?this ?p ?o } WHERE { ?this ?p "a { b" . }', this)
    assert q == 'CONSTRUCT { ?this ?p ?o } WHERE { VALUES (?this) { (<http://e/p>) }  ?this ?p "a { b" . }'
    q = inject_values("SELECT ?x { ?this <http://e/where> ?x }", this)
    assert q.startswith("SELECT ?x { VALUES (?this) { (<http://e/p>) } ")
    q = inject_values("ASK { ?this ?p ?o }", this)
    ox.Store().query(q)  # still a valid query


@pytest.mark.slow
def test_build_into_oxigraph_server_equals_local_build(remote_seeds, built_store):
    got = remote_dataset(remote_seeds)
    assert_same_dataset(got, dataset(built_store[0]))
    union_is_merge(got)   # the remote default graph is the merge, with set semantics


@pytest.mark.slow
def test_query_export_validate_against_the_server(remote_seeds, built_store, capsys):
    local = str(built_store[0])
    outputs = {}
    for fmt in ("table", "csv", "json"):
        assert main(["query", "--store", local, DEGREES, "--format", fmt]) == 0
        want = capsys.readouterr().out
        assert main(["query", "--store", remote_seeds, DEGREES, "--format", fmt]) == 0
        got = outputs[fmt] = capsys.readouterr().out
        if fmt == "json":
            got, want = json.loads(got), json.loads(want)
        assert got == want
    assert "ChonLam Lao    | doctorate | Harvard University" in outputs["table"]
    assert outputs["table"].rstrip().endswith("(15 rows)")
    # COUNT over the merge has set semantics (a person named in several CVs counts once)
    count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    assert main(["query", "--store", remote_seeds, count, "--format", "csv"]) == 0
    assert capsys.readouterr().out.split()[-1] == str(built_store[1].triples)

    assert main(["export", "--store", remote_seeds, "--format", "nquads"]) == 0
    exported = capsys.readouterr().out
    graphs = {q.graph_name.value for q in ox.parse(exported.encode(), format=ox.RdfFormat.N_QUADS)}
    assert len([g for g in graphs if "/doc/" in g]) == len(SEED_FILES)
    assert main(["validate", "--store", remote_seeds]) == 0
    assert f"{len(SEED_FILES)} file(s), 0 invalid" in capsys.readouterr().out

    # a syntax error from the server is one clear line, not a traceback
    assert main(["query", "--store", remote_seeds, "SELECT WHERE {"]) == 1
    assert "cvgraph: query syntax error" in capsys.readouterr().err


@pytest.mark.slow
def test_serve_forwards_to_the_server(remote_seeds, built_store):
    with cvgraph_serving(remote_seeds) as base:
        health = httpx.get(base + "/health", timeout=20).json()
        assert health["status"] == "ok" and health["generation"] == f"remote {remote_seeds}"
        assert health["named_graphs"] >= len(SEED_FILES) + 3

        r = httpx.post(base + "/sparql", data={"query": DEGREES},
                       headers={"Accept": "application/sparql-results+json"}, timeout=30)
        assert r.status_code == 200, r.text
        rows = r.json()["results"]["bindings"]
        assert len(rows) == 15
        assert {row["name"]["value"] for row in rows} == {"ChonLam Lao", "Hao Wang", "Liangyu Zhao",
                                                          "Maximilian Lam"}
        # cvgraph's own negotiation on the forwarded results
        r = httpx.get(base + "/sparql", params={"query": DEGREES}, headers={"Accept": "text/csv"}, timeout=30)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert r.text.splitlines()[0].strip() == "name,level,institution"
        # cvgraph's error handling: a bad query is a 400 with a message
        r = httpx.post(base + "/sparql", data={"query": "SELECT WHERE {"}, timeout=30)
        assert r.status_code == 400

        # a linked-data description, with the IRI bound in the forwarded query
        person = next(row["p"]["value"] for row in httpx.post(
            base + "/sparql", data={"query": "SELECT ?p WHERE { ?d schema:about ?p } ORDER BY ?p LIMIT 1"},
            headers={"Accept": "application/sparql-results+json"}, timeout=30).json()["results"]["bindings"])
        local_path = person.split("/", 3)[3]
        r = httpx.get(f"{base}/{local_path}", headers={"Accept": "application/n-triples"}, timeout=30)
        assert r.status_code == 200, r.text
        triples = list(ox.parse(r.content, format=ox.RdfFormat.N_TRIPLES))
        assert triples and all(t.subject.value == person or "/doc/" in t.subject.value for t in triples)
        r = httpx.get(f"{base}/{local_path}", headers={"Accept": "text/html"}, timeout=30)
        assert r.status_code == 200 and "<html" in r.text.lower()


@pytest.mark.slow
def test_rebuild_replaces_the_remote_dataset(oxigraph_server, remote_seeds):
    """A build replaces the remote dataset: graphs of documents no longer built are dropped."""
    one = SEEDS / SEED_FILES["lao_profile"]
    assert main(["build", str(one), "--store", remote_seeds, "--jobs", "1"]) == 0
    got = remote_dataset(remote_seeds)
    docs = [g for g in got if "/doc/" in g]
    assert len(docs) == 1
    union_is_merge(got)
    # add/remove need the local build cache, and say so
    assert main(["add", str(one), "--store", remote_seeds]) == 1
