"""Large results stream from the query worker to the client; small ones come in one message.

The worker serialises with pyoxigraph's own serialisers into a sink that sends the body in
chunks over the pipe (``endpoint.worker.Sink``); the server hands the chunks to a
``StreamingResponse`` as they arrive (``endpoint.pool.Stream``). These tests check the
bodies are exactly what pyoxigraph serialises in-process, that the row cap and its headers
still hold on the streamed path, and that a stream abandoned half-way frees its worker.
"""
from __future__ import annotations

import asyncio
import csv
import io

import pyoxigraph as ox
import pytest
from fastapi.testclient import TestClient
from starlette.responses import StreamingResponse

from cvgraph.config import Settings
from cvgraph.store import Generation, live_generation
from endpoint.app import create_app
from endpoint.worker import CHUNK

BASE = "http://cv.example.org/"
SETTINGS = Settings(base=BASE)
N = 3000
GRAPH = BASE + "doc/big"
P = ox.NamedNode("http://schema.org/description")

SELECT_Q = "SELECT ?s ?o WHERE { ?s <http://schema.org/description> ?o } ORDER BY ?s"
CONSTRUCT_Q = "CONSTRUCT { ?s <http://schema.org/description> ?o } WHERE { ?s <http://schema.org/description> ?o }"


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("bigstore")
    gen = Generation(d)
    g = ox.NamedNode(GRAPH)
    gen.add_quads([ox.Quad(ox.NamedNode(f"{BASE}person/p{i:05d}"), P,
                           ox.Literal(f"row {i} " + "tab\there, newline\nthere, quote \" é " * 3), g)
                   for i in range(N)])
    gen.commit()
    return d


def in_process(store_dir, query: str, fmt) -> bytes:
    st = ox.Store.read_only(str(live_generation(store_dir)))
    res = st.query(query)
    if isinstance(fmt, ox.QueryResultsFormat):
        return res.serialize(format=fmt)
    return ox.serialize(res, format=fmt)


def test_large_select_streams_in_chunks_and_matches_pyoxigraph(store_dir):
    expected = in_process(store_dir, SELECT_Q, ox.QueryResultsFormat.JSON)
    assert len(expected) > 4 * CHUNK  # large enough to need several chunks
    app = create_app(store_dir, SETTINGS, workers=1)
    pool = app.state.pool
    try:
        async def fetch():
            meta, stream = await pool.request(
                {"op": "query", "query": SELECT_Q, "results_format": "json", "graph_format": None,
                 "max_results": 100_000}, 30)
            assert stream is not None, "a large result must stream, not come in one message"
            chunks = [c async for c in stream]
            return meta, chunks
        meta, chunks = asyncio.run(fetch())
        assert meta["truncated"] is False and meta["family"] == "results"
        assert len(chunks) >= 4 and all(len(c) <= CHUNK + 64 * 1024 for c in chunks)
        assert b"".join(chunks) == expected

        # the route answers with a StreamingResponse carrying the same bytes
        c = TestClient(app)
        r = c.get("/sparql", params={"query": SELECT_Q},
                  headers={"Accept": "application/sparql-results+json"})
        assert r.status_code == 200 and r.content == expected
        assert r.headers["content-type"] == "application/sparql-results+json"
        assert "x-cvgraph-truncated" not in r.headers

        # a small result is one message, no stream
        async def small():
            return await pool.request({"op": "query", "query": "ASK {}", "results_format": "json",
                                       "graph_format": None, "max_results": 100_000}, 30)
        payload, stream = asyncio.run(small())
        assert stream is None and payload["body"] == b'{"head":{},"boolean":true}'
    finally:
        pool.close()


def test_run_query_returns_a_streaming_response(store_dir, monkeypatch):
    import endpoint.app as app_mod
    seen = []
    original = app_mod.StreamingResponse

    class Spy(original):
        def __init__(self, *a, **kw):
            seen.append(self)
            super().__init__(*a, **kw)

    monkeypatch.setattr(app_mod, "StreamingResponse", Spy)
    app = create_app(store_dir, SETTINGS, workers=1)
    try:
        c = TestClient(app)
        r = c.get("/sparql", params={"query": CONSTRUCT_Q, "format": "nt"})
        assert r.status_code == 200
        assert len(seen) == 1 and isinstance(seen[0], StreamingResponse)
        got = set(ox.parse(r.content, format=ox.RdfFormat.N_TRIPLES))
        assert got == set(ox.parse(in_process(store_dir, CONSTRUCT_Q, ox.RdfFormat.N_TRIPLES),
                                   format=ox.RdfFormat.N_TRIPLES))
        assert len(got) == N
        # a small answer is a plain Response
        r = c.get("/sparql", params={"query": "ASK {}"})
        assert r.status_code == 200 and len(seen) == 1
    finally:
        app.state.pool.close()


@pytest.mark.parametrize("fmt", ["json", "xml", "csv", "tsv"])
def test_cap_holds_on_large_streamed_results(store_dir, fmt):
    cap = N - 500
    app = create_app(store_dir, SETTINGS, workers=1, max_results=cap)
    try:
        c = TestClient(app)
        r = c.get("/sparql", params={"query": SELECT_Q, "format": fmt})
        assert r.status_code == 200
        assert r.headers["x-cvgraph-truncated"] == "true" and r.headers["x-sparql-maxrows"] == str(cap)
        res = ox.parse_query_results(r.content, format=ox.QueryResultsFormat.TSV) if fmt == "tsv" \
            else None
        if fmt == "json":
            rows = r.json()["results"]["bindings"]
            assert len(rows) == cap
            assert rows[-1]["s"]["value"] == f"{BASE}person/p{cap - 1:05d}"
            assert rows[7]["o"]["value"].startswith("row 7 tab\there, newline\nthere")
        elif fmt == "xml":
            assert r.text.count("<result>") == cap
        elif fmt == "csv":
            assert len(list(csv.reader(io.StringIO(r.text)))) == cap + 1
        else:
            assert len(list(res)) == cap
        # the query's own LIMIT within the cap: no truncation, exact row count
        r = c.get("/sparql", params={"query": SELECT_Q + f" LIMIT {cap}", "format": fmt})
        assert r.status_code == 200 and "x-cvgraph-truncated" not in r.headers
        # exactly the cap: not truncated either
        r = c.get("/sparql", params={"query": SELECT_Q + f" OFFSET {N - cap}", "format": "tsv"})
        assert "x-cvgraph-truncated" not in r.headers
        assert len(r.text.splitlines()) == cap + 1
        r = c.get("/sparql", params={"query": CONSTRUCT_Q, "format": "nt"})
        assert r.headers["x-cvgraph-truncated"] == "true"
        assert len(r.content.strip().splitlines()) == cap
    finally:
        app.state.pool.close()


def test_abandoned_stream_frees_its_worker(store_dir):
    app = create_app(store_dir, SETTINGS, workers=1)
    pool = app.state.pool
    try:
        async def go():
            meta, stream = await pool.request(
                {"op": "query", "query": CONSTRUCT_Q, "results_format": None,
                 "graph_format": "ntriples", "max_results": 100_000}, 30)
            assert stream is not None
            first = await stream.__anext__()
            assert first
            pid = pool.pids()[0]
            await stream.aclose()            # the client went away after one chunk
            return pid
        pid = asyncio.run(go())
        assert pid in pool.killed            # the worker was stopped, not left writing
        c = TestClient(app)                  # and the pool still answers
        r = c.get("/sparql", params={"query": "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"})
        assert r.status_code == 200
        assert r.json()["results"]["bindings"][0]["n"]["value"] == str(N)
    finally:
        pool.close()


def test_the_pool_works_on_uvloop(store_dir):
    """Under uvloop (libuv), watching a pipe makes it non-blocking; replies larger than one
    pipe read (multi-kilobyte rows, streamed chunks) must still be read whole, and a worker
    killed on timeout must be replaced (the replacement's pipe may reuse the fd number)."""
    uvloop = pytest.importorskip("uvloop")
    expected = in_process(store_dir, SELECT_Q, ox.QueryResultsFormat.JSON)
    app = create_app(store_dir, SETTINGS, workers=1)
    pool = app.state.pool
    rows_req = {"op": "rows", "limit": N, "queries": [SELECT_Q]}
    try:
        async def go():
            out = {}
            for attempt in range(2):
                meta, stream = await pool.request(
                    {"op": "query", "query": SELECT_Q, "results_format": "json",
                     "graph_format": None, "max_results": 100_000}, 30)
                out[f"stream{attempt}"] = b"".join([c async for c in stream])
                out[f"rows{attempt}"] = await pool.call_async(rows_req, 30)
                if attempt == 0:   # a query over the timeout: its worker is killed
                    slow = ("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . "
                            "?j ?k ?l }")
                    with pytest.raises(Exception) as info:
                        await pool.request({"op": "query", "query": slow, "results_format": "json",
                                            "graph_format": None, "max_results": 10}, 0.5)
                    out["timeout"] = info.value
            return out
        out = uvloop.run(go())
        assert out["stream0"] == expected and out["stream1"] == expected
        rows = out["rows0"][0]
        assert len(rows) == N and rows == out["rows1"][0]
        assert rows[7]["o"][1].startswith("row 7 tab\there")
        assert getattr(out["timeout"], "status", None) == 503 and pool.killed
    finally:
        pool.close()


@pytest.mark.parametrize("spec", ["2.3", "2.4"])
@pytest.mark.parametrize("path", ["/graph", "/graph?default", "/sparql?format=nt&query=" + CONSTRUCT_Q])
def test_head_on_a_streamed_body_stops_its_worker(store_dir, path, spec):
    """HEAD answers a streamed GET's status and headers without the body, and does not have
    the worker serialise the whole result only to drop it: the stream is closed at once,
    which stops its worker. Under ASGI spec 2.3 (uvicorn's) Starlette also stopped it when the
    server reported the client gone after the HEAD's end; under 2.4 it has no such listener
    and the worker used to serialise the whole body."""
    app = create_app(store_dir, SETTINGS, workers=1)
    pool = app.state.pool

    async def server(scope, receive, send):        # the ASGI spec version a server reports
        if scope["type"] == "http":
            scope = dict(scope, asgi={"version": "3.0", "spec_version": spec})
        await app(scope, receive, send)

    accept = {"Accept": "application/n-quads, application/n-triples"}
    try:
        c = TestClient(server)
        got = c.get(path, headers=accept)
        assert got.status_code == 200 and len(got.content) > 4 * CHUNK   # a body that streams
        pid = pool.pids()[0]
        head = c.head(path, headers=accept)
        assert head.status_code == 200 and head.content == b""
        for name in ("content-type", "content-length", "vary", "transfer-encoding"):
            assert head.headers.get(name) == got.headers.get(name), name
        assert pid in pool.killed            # stopped, not left serialising the whole body
        again = c.get(path, headers=accept)
        assert again.content == got.content  # and the pool answers as before
    finally:
        pool.close()
