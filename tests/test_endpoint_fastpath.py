"""The endpoint's per-request fast paths keep every answer and every refusal of the full path.

- ``endpoint.sparql.QueryChecks`` remembers the vetting of a query by its text and lexes a
  text once for the shape check, the analysis and the outer LIMIT: on every query and update
  of the W3C SPARQL 1.1 test suite (read in place from the shared conformance folder), the
  benchmark mix and hostile texts, it refuses exactly what the step-by-step check refuses
  (same status and message) and reports the same analysis, on the first (lexed) and the
  second (remembered) request alike.
- ``/sparql`` requests without an ``Origin`` header are answered by a plain ASGI handler
  (``EndpointApp.sparql_asgi``) instead of the FastAPI stack; the same requests with an
  ``Origin`` header take the full stack (CORS). Both must give the same status, type and body.
- The worker notices a new generation from one ``stat`` of ``STORE/CURRENT``.
"""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cvgraph.config import Settings
from cvgraph.vocab import PREFIXES
from endpoint.app import create_app
from endpoint.sparql import (QueryChecks, RefusedRequest, analyse, check_query, check_shape,
                             outer_limit)

from .conftest import ROOT, SHARED

BASE = "http://127.0.0.1:8000/"
W3C = SHARED / "conformance" / "sparql11"

HOSTILE = [
    "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    "select * where { service silent <http://x/> { ?s ?p ?o } }",
    "SELECT * WHERE { ?s ?p ?o } # harmless\nSERVICE",
    "SELECT * WHERE { ?s ?p 'it\\'s' . SERVICE <http://x/> {} }",
    "SELECT * WHERE { ?s ex:a\\' ?o . SERVICE <http://x/> {} }",
    "SELECT * WHERE { ?s ?p \"\"\"a\"\"\" SeRvIcE <http://x/> {} }",
    "SELECT * WHERE { ?s ?p ?o FILTER(?o = \"SERVICE <http://x/>\") }",
    "SELECT * WHERE { ?s <http://x/#SERVICE> ?o } # SERVICE <http://x/>",
    "LOAD <http://127.0.0.1:9/x.ttl>",
    "load silent <file:///etc/passwd> into graph <urn:g>",
    "SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }",
    "SELECT * FROM NAMED <http://127.0.0.1:9/g> WHERE { GRAPH ?g { ?s ?p ?o } }",
    "SELECT * FROM nope:g WHERE { ?s ?p ?o }",
    "SELECT * FROM WHERE { ?s ?p ?o }",
    "PREFIX g: <http://g.example/> SELECT * FROM g:one WHERE { ?s ?p ?o }",
    "BASE <http://b.example/dir/> SELECT * FROM <g> WHERE { ?s ?p ?o }",
    "SELECT * WHERE " + "{" * 300 + "}" * 300,
    "SELECT * WHERE { " + " UNION ".join(["{ ?s ?p ?o }"] * 2100) + " }",
    "SELECT * WHERE { ?s ?p ?o } LIMIT 10",
    "SELECT * WHERE { { SELECT * WHERE { ?s ?p ?o } LIMIT 5 } } LIMIT 7",
    "SELECT * WHERE { ?s ?p ?o } LIMIT 10 LIMIT 20",
    "SELECT * WHERE { ?s ?p ?o } LIMIT # comment\n 12",
    "WITH <http://g/> DELETE { ?s ?p ?o } USING NAMED <http://u/> WHERE { ?s ?p ?o }",
    "",
    "   ",
    "\u3000SERVICE <http://x/> {}",
]


def corpus() -> list[str]:
    texts = list(HOSTILE)
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "bench" / "queries").glob("*.rq"))]
    if W3C.is_dir():
        for p in sorted(W3C.rglob("*")):
            if p.suffix in (".rq", ".ru") and p.is_file():
                try:
                    texts.append(p.read_text(encoding="utf-8"))
                except UnicodeDecodeError:
                    continue
    return texts


def step_by_step(text: str):
    """The vetting as separate steps, each lexing the text itself (the check before the
    single-pass lexer and the cache): an outcome to compare."""
    try:
        check_shape(text)
        a = analyse(text, BASE, PREFIXES)
        if a.service or a.load or a.unresolved:
            raise RefusedRequest(0, "")  # the status is compared through check_query below
        limit = outer_limit(text) if a.form == "SELECT" else None
    except RefusedRequest:
        return "refused"
    return (a.form, a.service, a.load, a.from_default, a.from_named, a.using, a.unresolved, limit)


def outcome(fn, text: str):
    try:
        a = fn(text)
    except RefusedRequest as exc:
        return ("refused", exc.status, exc.message)
    return (a.form, a.service, a.load, a.from_default, a.from_named, a.using, a.unresolved, a.limit)


def test_remembered_checks_refuse_exactly_what_the_lexer_refuses():
    texts = corpus()
    if not W3C.is_dir():
        pytest.skip(f"{W3C} not present (the W3C suite is read in place from the shared folder)")
    assert len(texts) > 400
    checks = QueryChecks(BASE, PREFIXES, size=4096)
    refused = 0
    for text in texts:
        direct = outcome(lambda t: check_query(t, BASE, PREFIXES), text)
        first = outcome(checks.check, text)
        second = outcome(checks.check, text)     # from the cache when short enough
        assert first == direct, text
        assert second == direct, text
        steps = step_by_step(text)
        if steps == "refused":
            assert direct[0] == "refused", text
            refused += 1
        else:
            assert direct[0] != "refused", text
            assert direct == steps, text
    assert refused >= 10  # the hostile texts at least


def test_refusals_are_remembered_and_raised_again():
    checks = QueryChecks(BASE, PREFIXES, size=8)
    q = "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }"
    errors = []
    for _ in range(3):
        with pytest.raises(RefusedRequest) as info:
            checks.check(q)
        errors.append(info.value)
    assert {(e.status, e.message) for e in errors} == {(errors[0].status, errors[0].message)}
    assert errors[0].status == 403 and "SERVICE" in errors[0].message
    assert len({id(e) for e in errors}) == 3           # a fresh exception each time
    # an allowed query, then the same text with SERVICE appended: refused
    ok = "SELECT * WHERE { ?s ?p ?o }"
    assert checks.check(ok).form == "SELECT"
    with pytest.raises(RefusedRequest):
        checks.check(ok[:-1] + " SERVICE <http://x/> { ?a ?b ?c } }")


def test_the_cache_is_bounded_and_long_texts_are_checked_every_time():
    checks = QueryChecks(BASE, PREFIXES, size=16, max_text=200)
    for i in range(100):
        checks.check(f"SELECT * WHERE {{ ?s ?p {i} }}")
    assert len(checks._cache) == 16
    long_q = "SELECT * WHERE { " + "?s ?p ?o . " * 40 + "SERVICE <http://x/> { ?a ?b ?c } }"
    assert len(long_q) > 200
    for _ in range(2):
        with pytest.raises(RefusedRequest):
            checks.check(long_q)
    assert long_q not in checks._cache


# ---- the plain ASGI /sparql handler against the full FastAPI stack ---------------------------------

@pytest.fixture(scope="module")
def client(built_store):
    store, _ = built_store
    app = create_app(store, Settings(), query_timeout=5, workers=2)
    plain = app.sparql_asgi
    app.plain_calls = 0

    async def counted(scope, receive, send):
        app.plain_calls += 1
        await plain(scope, receive, send)

    app.sparql_asgi = counted
    with TestClient(app) as c:
        yield c


FORM = {"Content-Type": "application/x-www-form-urlencoded"}
DIRECT = {"Content-Type": "application/sparql-query"}
NAMES = "SELECT ?n WHERE { ?p a schema:Person ; schema:name ?n } ORDER BY ?n LIMIT 5"
REQUESTS = [
    ("GET", {"query": NAMES}, {}, None),
    ("GET", {"query": NAMES}, {"Accept": "text/csv"}, None),
    ("GET", {"query": NAMES, "format": "xml"}, {}, None),
    ("GET", {"query": "ASK { ?s ?p ?o }"}, {"Accept": "text/tab-separated-values"}, None),
    ("GET", {"query": "CONSTRUCT WHERE { ?s a schema:Person } LIMIT 3"}, {"Accept": "application/n-triples"}, None),
    ("GET", {"query": "DESCRIBE ?p WHERE { ?p a schema:Person } LIMIT 1"}, {}, None),
    ("GET", {"query": NAMES}, {"Accept": "image/png"}, None),                      # 406
    ("GET", {"query": "SELECT"}, {"Accept": "application/json"}, None),            # 400
    ("GET", {"query": "SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }"}, {}, None),  # 403
    ("GET", {"query": "SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }"}, {}, None),  # 400
    ("GET", {"query": "   "}, {}, None),                                           # empty
    ("GET", [("query", "ASK {}"), ("query", "ASK {}")], {}, None),                 # two queries
    ("GET", {"query": NAMES, "format": "docx"}, {}, None),                         # unknown format
    ("GET", {"update": "CLEAR ALL"}, {}, None),                                    # update by GET
    ("GET", {}, {"Accept": "text/turtle"}, None),                                  # service description
    ("GET", {"query": NAMES, "default-graph-uri": "http://127.0.0.1:9/g"}, {}, None),
    ("POST", {}, FORM, "query=" + NAMES.replace(" ", "+").replace("?", "%3F").replace("{", "%7B").replace("}", "%7D")),
    ("POST", {}, DIRECT, NAMES),
    ("POST", {}, {**DIRECT, "Accept": "application/sparql-results+xml"}, NAMES),
    ("POST", {}, {"Content-Type": "text/plain"}, NAMES),                            # 415
    ("POST", {}, {**DIRECT.copy(), "Content-Type": "application/sparql-query; charset=latin-1"}, NAMES),
    ("POST", {}, {"Content-Type": "application/sparql-update"}, "CLEAR ALL"),        # read only: 403
    ("POST", {}, FORM, "update=CLEAR+ALL"),
    ("POST", {}, FORM, "query=ASK+%7B%7D&update=CLEAR+ALL"),
    ("POST", {}, DIRECT, b"\xff\xfe"),                                              # not UTF-8
    ("POST", {}, DIRECT, "x" * (1 << 20 + 1)),                                      # 413
]


@pytest.mark.parametrize("method,params,headers,body", REQUESTS)
def test_plain_handler_answers_like_the_full_stack(client, method, params, headers, body):
    app = client.app
    answers = []
    for origin in (None, "http://other.example"):
        hdrs = dict(headers)
        if origin:
            hdrs["Origin"] = origin
        before = app.plain_calls
        r = client.request(method, "/sparql", params=params, headers=hdrs,
                           content=body.encode() if isinstance(body, str) else body)
        # without Origin the plain handler answered; with it, the FastAPI stack did
        assert app.plain_calls == before + (0 if origin else 1)
        answers.append(r)
    plain, full = answers
    assert plain.status_code == full.status_code, (plain.text, full.text)
    assert plain.headers.get("content-type") == full.headers.get("content-type")
    assert plain.content == full.content
    for name in ("x-cvgraph-truncated", "retry-after", "www-authenticate"):
        assert plain.headers.get(name) == full.headers.get(name)
    assert "accept" in plain.headers.get("vary", "").lower()
    # CORS marks every response "Vary: Origin" (it differs by Origin); the plain path too
    assert plain.headers.get("vary") == full.headers.get("vary")
    assert "origin" in plain.headers["vary"].lower()
    assert full.headers["access-control-allow-origin"] == "*"
    assert "access-control-allow-origin" not in plain.headers
    assert "Traceback" not in plain.text


def test_plain_handler_hides_unexpected_errors(built_store, monkeypatch):
    store, _ = built_store
    app = create_app(store, Settings(), workers=1)
    try:
        def boom(*args, **kwargs):
            raise RuntimeError("secret internals /etc/shadow")
        monkeypatch.setattr(app.state.pool, "request", boom)
        c = TestClient(app, raise_server_exceptions=False)
        for hdrs in ({}, {"Origin": "http://other.example"}, {"Accept": "application/json"}):
            r = c.get("/sparql", params={"query": NAMES}, headers=hdrs)
            assert r.status_code == 500
            assert "secret" not in r.text and "Traceback" not in r.text and "RuntimeError" not in r.text
    finally:
        app.state.pool.close()


# ---- the worker's generation check --------------------------------------------------------------

def test_worker_follows_quick_generation_switches(tmp_path):
    """CURRENT replaced twice in quick succession (A → B → A-like names): each request runs
    on the generation CURRENT names at that moment."""
    import pyoxigraph as ox

    from cvgraph.store import Generation
    from endpoint.worker import Worker

    d = tmp_path / "store"

    d.mkdir()

    def commit(n: int) -> str:
        gen = Generation(d)
        g = ox.NamedNode(f"{BASE}doc/g{n}")
        gen.add_quads([ox.Quad(ox.NamedNode(f"{BASE}person/p{i}"), ox.NamedNode("http://schema.org/name"),
                               ox.Literal(f"p{i}"), g) for i in range(n)])
        gen.commit()
        return gen.name

    w = Worker(str(d), BASE, dict(PREFIXES), None)
    seen = []
    for n in (1, 2, 3, 4):
        name = commit(n)
        st = w.store()
        assert w._gen == name
        seen.append(len(list(st.quads_for_pattern(None, None, None, None))))
    assert seen == [2, 4, 6, 8]    # each named-graph quad plus its default-graph copy
    assert w.store() is w.store()  # unchanged CURRENT: the open handle is reused


def test_the_cache_is_safe_across_threads():
    """TestClient (and any embedding) may serve the app from several threads' loops."""
    import threading

    checks = QueryChecks(BASE, PREFIXES, size=4)
    texts = [f"SELECT * WHERE {{ ?s ?p {i} }} LIMIT {i + 1}" for i in range(12)]
    texts += [f"SELECT * WHERE {{ SERVICE <http://x/{i}> {{ ?s ?p ?o }} }}" for i in range(4)]
    errors = []

    def hammer(k: int) -> None:
        try:
            for n in range(400):
                text = texts[(n * (k + 1)) % len(texts)]
                try:
                    a = checks.check(text)
                    assert "SERVICE" not in text and a.limit == int(text.rsplit(" ", 1)[1])
                except RefusedRequest as exc:
                    assert "SERVICE" in text and exc.status == 403
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=hammer, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(checks._cache) <= 4
