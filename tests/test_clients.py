"""Real SPARQL clients against a live server (`cvgraph serve` under uvicorn, 127.0.0.1, free port)
over the store built from the seed CVs.

Every answer is compared with the same query run directly on the store (pyoxigraph, no
HTTP), so the clients must see exactly what the store holds: SPARQLWrapper (JSON, XML, CSV,
CONSTRUCT as Turtle and as JSON-LD, GET and POST), rdflib's SPARQLStore, and plain
urllib / httpx requests the way curl sends them (Accept with q-values, format=, 406).
"""
from __future__ import annotations

import csv
import io
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import httpx
import pytest
import rdflib
from rdflib.compare import isomorphic

ROOT = Path(__file__).resolve().parents[1]

PEOPLE = """PREFIX schema: <http://schema.org/>
SELECT ?person ?name WHERE { ?person a schema:Person ; schema:name ?name } ORDER BY ?person ?name"""
SUBJECT_NAMES = """PREFIX schema: <http://schema.org/>
SELECT DISTINCT ?person ?name WHERE { ?doc a schema:DigitalDocument ; schema:about ?person .
  ?person schema:name ?name } ORDER BY ?person ?name"""
CONSTRUCT = """PREFIX schema: <http://schema.org/>
CONSTRUCT { ?person schema:name ?name ; schema:alumniOf ?org . ?org schema:name ?orgName }
WHERE { ?doc schema:about ?person . ?person schema:name ?name .
  OPTIONAL { ?person schema:alumniOf ?org . ?org schema:name ?orgName } }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`python -m cvgraph.cli serve` on a free port; stopped (by its own pid) on close."""

    def __init__(self, store: Path, timeout: float = 10.0):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(Path(store).parent / f"serve-{self.port}.log", "w+b")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cvgraph.cli", "serve", "--store", str(store),
             "--host", "127.0.0.1", "--port", str(self.port), "--timeout", str(timeout)],
            cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                self.log.seek(0)
                raise RuntimeError("server did not start:\n" + self.log.read().decode()[-3000:])
            time.sleep(0.2)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.log.close()


@pytest.fixture(scope="module")
def server(built_store):
    store, _ = built_store
    srv = LiveServer(store)
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def direct(built_store):
    """The store itself, queried without HTTP: the reference answers."""
    from cvgraph.store import open_read

    store = open_read(built_store[0])

    def rows(query: str) -> list[tuple]:
        return [tuple(None if t is None else t.value for t in sol) for sol in store.query(query)]

    def graph(query: str) -> rdflib.Graph:
        import pyoxigraph as ox
        g = rdflib.Graph()
        g.parse(data=ox.serialize(store.query(query), format=ox.RdfFormat.N_TRIPLES), format="nt")
        return g

    yield rows, graph
    store = None        # noqa: F841 (releases the store for the next module's builds)


def sparql_wrapper(server, fmt, method="GET"):
    from SPARQLWrapper import GET, POST, SPARQLWrapper
    sw = SPARQLWrapper(server.url + "/sparql")
    sw.setReturnFormat(fmt)
    sw.setMethod(POST if method == "POST" else GET)
    return sw


# --- SPARQLWrapper ---------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["GET", "POST"])
def test_sparqlwrapper_json(server, direct, method):
    from SPARQLWrapper import JSON
    sw = sparql_wrapper(server, JSON, method)
    sw.setQuery(PEOPLE)
    data = sw.query().convert()
    got = [(b["person"]["value"], b["name"]["value"]) for b in data["results"]["bindings"]]
    assert got == direct[0](PEOPLE)
    assert len({p for p, _ in got}) >= 5


def test_sparqlwrapper_xml(server, direct):
    from SPARQLWrapper import XML
    sw = sparql_wrapper(server, XML)
    sw.setQuery(SUBJECT_NAMES)
    doc = sw.query().convert()  # xml.dom.minidom Document
    got = []
    for result in doc.getElementsByTagName("result"):
        row = {b.getAttribute("name"): b.firstChild.firstChild.data
               for b in result.getElementsByTagName("binding")}
        got.append((row["person"], row["name"]))
    assert got == direct[0](SUBJECT_NAMES)
    assert len(got) >= 4


def test_sparqlwrapper_csv(server, direct):
    from SPARQLWrapper import CSV
    sw = sparql_wrapper(server, CSV)
    sw.setQuery(SUBJECT_NAMES)
    body = sw.query().convert()
    rows = list(csv.reader(io.StringIO(body.decode("utf-8"))))
    assert rows[0] == ["person", "name"]
    assert [tuple(r) for r in rows[1:]] == direct[0](SUBJECT_NAMES)


def test_sparqlwrapper_ask(server):
    from SPARQLWrapper import JSON
    sw = sparql_wrapper(server, JSON, "POST")
    sw.setQuery("ASK { ?d a <http://schema.org/DigitalDocument> }")
    assert sw.query().convert()["boolean"] is True
    sw.setQuery("ASK { ?d a <http://example.org/Nothing> }")
    assert sw.query().convert()["boolean"] is False


def test_sparqlwrapper_construct_turtle(server, direct):
    from SPARQLWrapper import TURTLE
    sw = sparql_wrapper(server, TURTLE)
    sw.setQuery(CONSTRUCT)
    result = sw.query()
    assert result.response.headers["Content-Type"].startswith("text/turtle")
    g = rdflib.Graph().parse(data=result.convert(), format="turtle")
    expected = direct[1](CONSTRUCT)
    assert len(expected) > 10
    assert isomorphic(g, expected)


def test_sparqlwrapper_construct_jsonld(server, direct):
    from SPARQLWrapper import JSONLD
    sw = sparql_wrapper(server, JSONLD)
    sw.setQuery(CONSTRUCT)
    result = sw.query()
    assert result.response.headers["Content-Type"].startswith("application/ld+json")
    g = result.convert()  # SPARQLWrapper parses JSON-LD into an rdflib Graph
    assert isinstance(g, rdflib.Graph)
    assert isomorphic(g, direct[1](CONSTRUCT))


def test_sparqlwrapper_error_is_reported(server):
    from SPARQLWrapper import JSON
    from SPARQLWrapper.SPARQLExceptions import QueryBadFormed
    sw = sparql_wrapper(server, JSON)
    sw.setQuery("SELECT ?x WHERE { ?x ")
    with pytest.raises(QueryBadFormed) as info:
        sw.query()
    assert "syntax error" in str(info.value)


# --- rdflib's SPARQLStore --------------------------------------------------------------------

def test_rdflib_sparqlstore(server, direct):
    from rdflib.plugins.stores.sparqlstore import SPARQLStore
    store = SPARQLStore(server.url + "/sparql")
    g = rdflib.Graph(store=store)
    got = [(str(r.person), str(r.name)) for r in g.query(PEOPLE)]
    assert got == direct[0](PEOPLE)
    # triple patterns go through the store too
    schema = rdflib.Namespace("http://schema.org/")
    people = set(g.subjects(rdflib.RDF.type, schema.Person))
    assert {rdflib.URIRef(p) for p, _ in got} == people
    assert g.query("ASK { ?s a <http://schema.org/Person> }").askAnswer is True
    store.close()


# --- curl-style requests ---------------------------------------------------------------------

def _get(url: str, accept: str | None = None):
    req = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


@pytest.mark.parametrize("accept,expected", [
    (None, "application/sparql-results+json"),
    ("*/*", "application/sparql-results+json"),
    ("text/csv;q=0.4, application/sparql-results+xml;q=0.8", "application/sparql-results+xml"),
    ("application/sparql-results+json;q=0.1, text/tab-separated-values", "text/tab-separated-values"),
    ("text/*", "text/csv"),
    ("application/json", "application/json"),
])
def test_curl_accept_negotiation(server, direct, accept, expected):
    url = server.url + "/sparql?" + urllib.parse.urlencode({"query": SUBJECT_NAMES})
    status, headers, body = _get(url, accept)
    assert status == 200, body
    assert headers["Content-Type"].split(";")[0] == expected
    assert "Accept" in headers["Vary"]
    if expected.endswith("json"):
        data = json.loads(body)
        assert [(b["person"]["value"], b["name"]["value"]) for b in data["results"]["bindings"]] == \
            direct[0](SUBJECT_NAMES)


def test_curl_format_param_and_406(server):
    url = server.url + "/sparql?" + urllib.parse.urlencode({"query": SUBJECT_NAMES, "format": "tsv"})
    status, headers, body = _get(url, "application/sparql-results+json")
    assert status == 200 and headers["Content-Type"].startswith("text/tab-separated-values")
    assert body.decode().splitlines()[0] == "?person\t?name"
    url = server.url + "/sparql?" + urllib.parse.urlencode({"query": SUBJECT_NAMES})
    status, headers, body = _get(url, "image/png, text/html;q=0.5")
    assert status == 406
    assert b"application/sparql-results+json" in body
    url = server.url + "/sparql?" + urllib.parse.urlencode({"query": CONSTRUCT, "format": "csv"})
    assert _get(url)[0] == 406


def test_httpx_post_direct_and_form(server, direct):
    with httpx.Client(base_url=server.url, timeout=20) as c:
        r = c.post("/sparql", content=SUBJECT_NAMES.encode(),
                   headers={"Content-Type": "application/sparql-query",
                            "Accept": "application/sparql-results+json"})
        assert r.status_code == 200
        assert [(b["person"]["value"], b["name"]["value"]) for b in r.json()["results"]["bindings"]] \
            == direct[0](SUBJECT_NAMES)
        r = c.post("/sparql", data={"query": CONSTRUCT}, headers={"Accept": "application/n-triples"})
        assert r.status_code == 200 and r.headers["content-type"] == "application/n-triples"
        assert isomorphic(rdflib.Graph().parse(data=r.text, format="nt"), direct[1](CONSTRUCT))
        r = c.post("/sparql", content=b"ASK {}", headers={"Content-Type": "text/plain"})
        assert r.status_code == 415


def test_curl_linked_data(server, direct):
    """A person IRI dereferences: Turtle by Accept, HTML for a browser, .ttl suffix."""
    person = direct[0](SUBJECT_NAMES)[0][0]
    path = urllib.parse.urlparse(person).path
    status, headers, body = _get(server.url + path, "text/turtle")
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")
    g = rdflib.Graph().parse(data=body, format="turtle")
    assert (rdflib.URIRef(person), rdflib.RDF.type, rdflib.URIRef("http://schema.org/Person")) in g
    status, headers, body = _get(server.url + path, "text/html,application/xhtml+xml,*/*;q=0.8")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    status, headers, _ = _get(server.url + path + ".ttl")
    assert status == 200 and headers["Content-Type"].startswith("text/turtle")
