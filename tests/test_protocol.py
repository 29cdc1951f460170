"""The W3C SPARQL 1.1 Protocol tests (../shared/conformance/sparql11/protocol/manifest.ttl).

Each ``mf:ProtocolTest`` is a list of HTTP requests (``ht:Request``: method, path, headers,
body) with the expected response (status class, result format, ASK answer). They are read
from the manifest with rdflib and replayed against the endpoint app, with ``/sparql/``
mapped to ``/sparql`` and the precondition graphs (``ut:graphData``) loaded as named graphs
through cvgraph.store.Generation.

The endpoint is read-only by default, so:

- every query test must pass exactly as the manifest says;
- every update test must be refused with 403 and must change nothing (its follow-up ASK
  answers false);
- on an endpoint started with updates enabled and a token, every update test must pass as
  the manifest says: the self-contained ones (17–19) and the ones that give the dataset with
  the ``using-graph-uri`` / ``using-named-graph-uri`` protocol parameters (13–16), which the
  endpoint writes into the update as USING / USING NAMED clauses;
- every negative test must get a 4xx, and the exact code the endpoint documents.

``data0.rdf`` is named by several tests but never provided; it is loaded as an empty named
graph (the endpoint answers 400 for a dataset IRI that is not a graph of its store, which
test_unknown_dataset_graph_is_400 checks).
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from fastapi.testclient import TestClient
from rdflib.collection import Collection

from cvgraph.config import Settings
from cvgraph.store import Generation
from endpoint.app import create_app

ROOT = Path(__file__).resolve().parents[1]
PROTOCOL = ROOT.parent / "shared" / "conformance" / "sparql11" / "protocol"
MANIFEST = PROTOCOL / "manifest.ttl"

pytestmark = pytest.mark.skipif(not MANIFEST.is_file(), reason=f"{MANIFEST} not present")

MF = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
HT = rdflib.Namespace("http://www.w3.org/2011/http#")
HTS = rdflib.Namespace("http://www.w3.org/2011/http-statusCodes#")
CNT = rdflib.Namespace("http://www.w3.org/2011/content#")
UT = rdflib.Namespace("http://www.w3.org/2009/sparql/tests/test-update#")
DATA0 = "http://kasei.us/2009/09/sparql/data/data0.rdf"
TOKEN = "protocol-token"

STATUS = {HTS.StatusCode2xx: range(200, 300), HTS.StatusCode3xx: range(300, 400),
          HTS.StatusCode4xx: range(400, 500), HTS.OK: [200], HTS.Created: [201],
          HTS.NoContent: [204], HTS.NotFound: [404]}

# The exact status this endpoint documents for each negative test (read-only endpoint).
EXACT_READ_ONLY = {
    "bad_query_method": 405, "bad_multiple_queries": 400, "bad_query_wrong_media_type": 415,
    "bad_query_missing_form_type": 415, "bad_query_missing_direct_type": 415,
    "bad_query_non_utf8": 415, "bad_query_syntax": 400, "bad_update_get": 400,
    "bad_multiple_updates": 400, "bad_update_wrong_media_type": 415,
    "bad_update_missing_form_type": 415, "bad_update_non_utf8": 415,
    "bad_update_syntax": 403, "bad_update_dataset_conflict": 403,
}
EXACT_UPDATABLE = {**EXACT_READ_ONLY, "bad_update_syntax": 400, "bad_update_dataset_conflict": 400}
USING_PARAMS = {"update_dataset_default_graph", "update_dataset_default_graphs",
                "update_dataset_named_graphs", "update_dataset_full"}


def _load():
    g = rdflib.Graph()
    g.parse(MANIFEST, format="turtle", publicID=MANIFEST.as_uri())
    man = rdflib.URIRef(MANIFEST.as_uri())
    tests = []
    for lst in g.objects(man, MF.entries):
        for entry in Collection(g, lst):
            if (entry, rdflib.RDF.type, MF.ProtocolTest) not in g:
                continue
            name = str(entry).rsplit("#", 1)[-1]
            graphs = [(str(g.value(gd, rdflib.RDFS.label)), Path(str(g.value(gd, UT.graph))[7:]))
                      for gd in g.objects(entry, UT.graphData)]
            action = g.value(entry, MF.action)
            steps = []
            for req in Collection(g, g.value(action, HT.requests)):
                headers = {}
                hl = g.value(req, HT.headers)
                if hl is not None:
                    for h in Collection(g, hl):
                        headers[str(g.value(h, HT.fieldName))] = str(g.value(h, HT.fieldValue))
                body = None
                b = g.value(req, HT.body)
                if b is not None:
                    enc = str(g.value(b, CNT.characterEncoding) or "UTF-8")
                    body = str(g.value(b, CNT.chars)).encode(enc)
                resp = g.value(req, HT.resp)
                statuses = set()
                for st in g.objects(resp, MF.expectedStatus):
                    statuses.update(STATUS[st])
                fmt = g.value(resp, MF.expectedFormat)
                boolean = g.value(resp, MF.expectedBoolean)
                steps.append({
                    "method": str(g.value(req, HT.methodName)),
                    "path": str(g.value(req, HT.absolutePath)).replace("/sparql/", "/sparql", 1),
                    "headers": headers, "body": body, "statuses": statuses,
                    "format": str(fmt) if fmt is not None else None,
                    "boolean": boolean.toPython() if boolean is not None else None,
                })
            tests.append({"name": name, "graphs": graphs, "steps": steps,
                          "update": any(s["headers"].get("content-type", "").startswith(
                              "application/sparql-update") or (s["body"] or b"").startswith(b"update=")
                              for s in steps)})
    return tests


TESTS = _load() if MANIFEST.is_file() else []
BY_NAME = {t["name"]: t for t in TESTS}


def _store(path: Path) -> Path:
    """All precondition graphs of the manifest, plus the never-provided data0.rdf (empty)."""
    path.mkdir(parents=True, exist_ok=True)
    graphs = {label: file for t in TESTS for label, file in t["graphs"]}
    gen = Generation(path)
    for label, file in sorted(graphs.items()):
        gen.add_quads(ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(label))
                      for t in ox.parse(path=str(file), format=ox.RdfFormat.N_TRIPLES))
    gen.store.add_graph(ox.NamedNode(DATA0))
    gen.commit()
    return path


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(_store(tmp_path_factory.mktemp("protocol")), Settings(base="http://cv.example.org/"),
                     workers=1)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.pool.close()


def _updatable(path: Path):
    app = create_app(_store(path), Settings(base="http://cv.example.org/"), workers=1,
                     allow_updates=True, update_token=TOKEN)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.pool.close()


@pytest.fixture
def updatable(tmp_path):
    """A fresh updatable store per test (the update tests clear it)."""
    yield from _updatable(tmp_path / "store")


@pytest.fixture(scope="module")
def updatable_shared(tmp_path_factory):
    """One updatable store for the negative tests (none of them may change it)."""
    yield from _updatable(tmp_path_factory.mktemp("updatable"))


def send(client, step, extra_headers=None):
    headers = {**step["headers"], **(extra_headers or {})}
    return client.request(step["method"], step["path"], content=step["body"], headers=headers)


def check_format(r, step):
    ctype = r.headers.get("content-type", "").split(";")[0]
    if step["format"] == "boolean":
        assert ctype in ("application/sparql-results+json", "application/sparql-results+xml"), ctype
        if ctype.endswith("json"):
            value = r.json()["boolean"]
        else:
            value = ET.fromstring(r.content).find(
                "{http://www.w3.org/2005/sparql-results#}boolean").text == "true"
        if step["boolean"] is not None:
            assert value is step["boolean"]
        return value
    if step["format"] == "tabular":
        assert ctype in ("application/sparql-results+json", "application/sparql-results+xml",
                         "text/csv", "text/tab-separated-values"), ctype
        if ctype.endswith("json"):
            assert "bindings" in json.loads(r.content)["results"]
    elif step["format"] == "RDF":
        fmt = {"text/turtle": "turtle", "application/rdf+xml": "xml",
               "application/n-triples": "nt", "application/ld+json": "json-ld"}[ctype]
        rdflib.Graph().parse(data=r.content, format=fmt)
    return None


QUERY_TESTS = [t["name"] for t in TESTS if not t["update"]
               and not t["name"].startswith("bad_")]
UPDATE_TESTS = [t["name"] for t in TESTS if t["update"] and not t["name"].startswith("bad_")]
NEGATIVE_TESTS = [t["name"] for t in TESTS if t["name"].startswith("bad_")]


def test_manifest_read():
    assert len(TESTS) == 34
    assert len(QUERY_TESTS) == 13 and len(UPDATE_TESTS) == 7 and len(NEGATIVE_TESTS) == 14
    assert USING_PARAMS <= set(UPDATE_TESTS)   # the four that give the dataset as parameters


@pytest.mark.parametrize("name", QUERY_TESTS)
def test_query(client, name):
    for step in BY_NAME[name]["steps"]:
        r = send(client, step)
        assert r.status_code in step["statuses"], (step["path"], r.status_code, r.text)
        check_format(r, step)


@pytest.mark.parametrize("name", UPDATE_TESTS)
def test_update_refused_on_read_only_endpoint(client, name):
    first, *rest = BY_NAME[name]["steps"]
    r = send(client, first)
    assert r.status_code == 403, r.text
    assert "read only" in r.text
    for step in rest:  # the follow-up ASK sees that nothing was written
        r = send(client, step)
        assert r.status_code == 200
        assert check_format(r, {**step, "boolean": None}) is False


@pytest.mark.parametrize("name", UPDATE_TESTS)
def test_update_with_token(updatable, name):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    first, *rest = BY_NAME[name]["steps"]
    r = send(updatable, first, auth)
    assert r.status_code in first["statuses"], r.text
    for step in rest:
        r = send(updatable, step, auth)
        assert r.status_code in step["statuses"], r.text
        check_format(r, step)


@pytest.mark.parametrize("name", NEGATIVE_TESTS)
def test_negative(client, name):
    (step,) = BY_NAME[name]["steps"]
    r = send(client, step)
    assert r.status_code in step["statuses"], r.text
    assert r.status_code == EXACT_READ_ONLY[name], r.text
    assert "Traceback" not in r.text


@pytest.mark.parametrize("name", NEGATIVE_TESTS)
def test_negative_with_updates_enabled(updatable_shared, name):
    (step,) = BY_NAME[name]["steps"]
    r = send(updatable_shared, step, {"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == EXACT_UPDATABLE[name], r.text


# --- what the manifest leaves to the implementation ------------------------------------------

def test_unknown_dataset_graph_is_400(client):
    r = client.get("/sparql", params={"query": "ASK {}",
                                      "default-graph-uri": "http://kasei.us/nowhere.rdf"})
    assert r.status_code == 400 and "http://kasei.us/nowhere.rdf" in r.text


def test_protocol_dataset_overrides_from(client):
    """Test 7's rule, checked in the other direction: named-graph-uri wins over FROM NAMED."""
    k = "http://kasei.us/2009/09/sparql/data/"
    q = f"SELECT ?g FROM NAMED <{k}data1.rdf> WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}"
    r = client.get("/sparql", params={"query": q, "named-graph-uri": f"{k}data2.rdf"})
    assert [b["g"]["value"] for b in r.json()["results"]["bindings"]] == [f"{k}data2.rdf"]
    r = client.get("/sparql", params={"query": q})
    assert [b["g"]["value"] for b in r.json()["results"]["bindings"]] == [f"{k}data1.rdf"]


def test_utf8_declared_charsets_accepted(client):
    for ctype in ("application/sparql-query; charset=UTF-8", "application/sparql-query;charset=utf-8",
                  "application/sparql-query; charset=us-ascii"):
        r = client.post("/sparql", content=b"ASK {}", headers={"Content-Type": ctype})
        assert r.status_code == 200, (ctype, r.text)
    r = client.post("/sparql", content="ASK {}".encode("latin-1"),
                    headers={"Content-Type": "application/sparql-query; charset=ISO-8859-1"})
    assert r.status_code == 415
    r = client.post("/sparql", content=b"ASK { ?s ?p \"\xff\" }",
                    headers={"Content-Type": "application/sparql-query"})
    assert r.status_code == 400 and "UTF-8" in r.text.replace("utf-8", "UTF-8")
