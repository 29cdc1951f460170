"""The serve stage (endpoint/): SPARQL 1.1 Protocol, Graph Store read, linked data, pages.

A small real store is built in a temporary directory with cvgraph.store.Generation,
following the vocabulary of mappers/rdf.py, and the app is exercised with TestClient.
"""
from __future__ import annotations

import csv
import io
import json
import os
import time
import xml.etree.ElementTree as ET
from urllib.parse import quote

import pyoxigraph as ox
import pytest
import rdflib
from fastapi.testclient import TestClient

from cvgraph.config import Settings
from cvgraph.store import Generation, live_generation
from endpoint.app import create_app

BASE = "http://cv.example.org/"
SETTINGS = Settings(base=BASE)
SCHEMA = "http://schema.org/"
RESULTS_NS = "{http://www.w3.org/2005/sparql-results#}"

PREFIXES = f"""
@prefix schema: <http://schema.org/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix bibo: <http://purl.org/ontology/bibo/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix cvg: <https://w3id.org/cvgraph/ns#> .
@prefix person: <{BASE}person/> .
@prefix org: <{BASE}org/> .
@prefix venue: <{BASE}venue/> .
@prefix pub: <{BASE}pub/> .
"""

DOC_A = PREFIXES + f"""
<{BASE}doc/cv-a> a schema:DigitalDocument, prov:Entity ;
    schema:name "cv-a.txt" ; schema:about person:chonlam-lao .
person:chonlam-lao a schema:Person, foaf:Person ;
    schema:name "Chonlam Lao" ; foaf:name "Chonlam Lao" ;
    schema:email "chonlam@example.org" ;
    schema:sameAs <https://orcid.org/0000-0002-1825-0097> ;
    schema:alumniOf org:harvard-university ;
    schema:hasCredential <{BASE}doc/cv-a/credential/1> ;
    schema:affiliation org:google ;
    schema:worksFor <{BASE}doc/cv-a/role/1> .
<{BASE}doc/cv-a/credential/1> a schema:EducationalOccupationalCredential ;
    schema:name "PhD in Computer Science" ; schema:educationalLevel "PhD" ;
    schema:recognizedBy org:harvard-university ; schema:startDate "2015"^^xsd:gYear ;
    schema:endDate "2020"^^xsd:gYear .
<{BASE}doc/cv-a/role/1> a schema:EmployeeRole ; schema:worksFor org:google ;
    schema:roleName "Research Scientist" ; schema:startDate "2020"^^xsd:gYear .
org:harvard-university a schema:Organization, schema:CollegeOrUniversity ;
    schema:name "Harvard University" .
org:google a schema:Organization, schema:Corporation ; schema:name "Google" .
venue:nsdi a schema:CreativeWorkSeries, cvg:Venue ; schema:name "NSDI" .
pub:paper-one a schema:ScholarlyArticle ; schema:name "Paper One" ;
    schema:datePublished "2020"^^xsd:gYear ; schema:isPartOf venue:nsdi ;
    schema:author person:chonlam-lao, person:ada-byron ;
    bibo:authorList <{BASE}doc/cv-a/authors/1> .
<{BASE}doc/cv-a/authors/1> a rdf:Seq ; rdf:_1 person:ada-byron ; rdf:_2 person:chonlam-lao .
pub:paper-two a schema:ScholarlyArticle ; schema:name "Paper Two" ;
    schema:datePublished "2021"^^xsd:gYear ; schema:isPartOf venue:nsdi ;
    schema:author person:chonlam-lao .
person:ada-byron a schema:Person ; schema:name "Ada Byron" .
"""

DOC_B = PREFIXES + f"""
<{BASE}doc/cv-b> a schema:DigitalDocument ; schema:name "cv-b.txt" ; schema:about person:ada-byron .
person:ada-byron a schema:Person, foaf:Person ; schema:name "Ada Byron" ;
    schema:alumniOf org:harvard-university .
org:harvard-university a schema:Organization ; schema:name "Harvard University" .
person:mallory a schema:Person ; schema:name "<script>alert('x')</script> Mallory" ;
    schema:sameAs <javascript:alert(1)> .
"""

def quads(turtle: str, graph: str) -> list[ox.Quad]:
    g = ox.NamedNode(graph)
    return [ox.Quad(t.subject, t.predicate, t.object, g)
            for t in ox.parse(turtle.encode(), format=ox.RdfFormat.TURTLE)]


def build(store_dir, *docs: tuple[str, str]) -> None:
    store_dir.mkdir(parents=True, exist_ok=True)
    gen = Generation(store_dir)
    for turtle, graph in docs:
        gen.add_quads(quads(turtle, graph))
    gen.commit()


def count_triples(turtle: str) -> int:
    return len(list(ox.parse(turtle.encode(), format=ox.RdfFormat.TURTLE)))


LINKS = f"""<{BASE}person/ada-byron> <http://www.w3.org/2002/07/owl#sameAs> <https://orcid.org/0000-0001-0000-0001> ."""


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("store")
    build(d, (DOC_A, BASE + "doc/cv-a"), (DOC_B, BASE + "doc/cv-b"), (LINKS, BASE + "graph/links"))
    return d


@pytest.fixture(scope="module")
def app(store_dir):
    app = create_app(store_dir, SETTINGS, workers=2, allow_updates=False)
    yield app
    app.state.pool.close()


@pytest.fixture(scope="module")
def client(app):
    return TestClient(app, raise_server_exceptions=False)


NAMES_Q = """PREFIX schema: <http://schema.org/>
SELECT DISTINCT ?name WHERE { ?p a schema:Person ; schema:name ?name } ORDER BY ?name"""
EXPECTED_NAMES = ["<script>alert('x')</script> Mallory", "Ada Byron", "Chonlam Lao"]


def names_from_json(resp) -> list[str]:
    data = resp.json()
    return [b["name"]["value"] for b in data["results"]["bindings"]]


# --- SPARQL protocol: the three ways to send a query -----------------------------------------------

def test_select_get(client):
    r = client.get("/sparql", params={"query": NAMES_Q})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/sparql-results+json")
    assert "Accept" in r.headers["vary"]
    assert names_from_json(r) == EXPECTED_NAMES


def test_select_post_form(client):
    r = client.post("/sparql", data={"query": NAMES_Q})
    assert r.status_code == 200, r.text
    assert names_from_json(r) == EXPECTED_NAMES


def test_select_post_direct(client):
    r = client.post("/sparql", content=NAMES_Q.encode(),
                    headers={"Content-Type": "application/sparql-query"})
    assert r.status_code == 200, r.text
    assert names_from_json(r) == EXPECTED_NAMES


def test_predeclared_prefixes_and_ask(client):
    r = client.get("/sparql", params={"query": "ASK { ?p schema:name \"Ada Byron\" }"})
    assert r.status_code == 200, r.text
    assert r.json()["boolean"] is True


# --- result formats ------------------------------------------------------------------------------

def test_result_formats_parse(client):
    r = client.get("/sparql", params={"query": NAMES_Q}, headers={"Accept": "text/csv"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0] == ["name"] and [x[0] for x in rows[1:]] == EXPECTED_NAMES

    r = client.get("/sparql", params={"query": NAMES_Q},
                   headers={"Accept": "application/sparql-results+xml"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/sparql-results+xml")
    root = ET.fromstring(r.content)
    lits = [e.text for e in root.iter(RESULTS_NS + "literal")]
    assert lits == EXPECTED_NAMES

    r = client.get("/sparql", params={"query": NAMES_Q},
                   headers={"Accept": "text/tab-separated-values"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/tab-separated-values")
    lines = r.text.strip().split("\n")
    assert lines[0] == "?name" and lines[2] == '"Ada Byron"'


@pytest.mark.parametrize("accept,expected", [
    ("text/csv;q=0.5, application/sparql-results+xml;q=0.9", "application/sparql-results+xml"),
    ("text/*;q=0.8, */*;q=0.1", "text/csv"),
    ("application/sparql-results+json;q=0, */*", "application/sparql-results+xml"),
    ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/xml"),
    ("text/tab-separated-values, text/csv", "text/tab-separated-values"),
    (None, "application/sparql-results+json"),
])
def test_accept_negotiation(client, accept, expected):
    headers = {"Accept": accept} if accept else {}
    r = client.get("/sparql", params={"query": NAMES_Q}, headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].split(";")[0] == expected


@pytest.mark.parametrize("fmt,expected", [("csv", "text/csv"), ("tsv", "text/tab-separated-values"),
                                          ("xml", "application/sparql-results+xml"),
                                          ("json", "application/sparql-results+json"),
                                          ("text/csv", "text/csv")])
def test_format_param_overrides_accept(client, fmt, expected):
    r = client.get("/sparql", params={"query": NAMES_Q, "format": fmt},
                   headers={"Accept": "application/sparql-results+json"})
    assert r.status_code == 200
    assert r.headers["content-type"].split(";")[0] == expected


CONSTRUCT_Q = """PREFIX schema: <http://schema.org/>
CONSTRUCT { ?p schema:name ?n } WHERE { ?p a schema:Person ; schema:name ?n }"""


@pytest.mark.parametrize("accept,rdflib_format", [
    ("text/turtle", "turtle"), ("application/ld+json", "json-ld"),
    ("application/n-triples", "nt"), ("application/rdf+xml", "xml"),
    ("application/n-quads", "nquads"), ("application/trig", "trig"),
])
def test_construct_formats_parse(client, accept, rdflib_format):
    r = client.get("/sparql", params={"query": CONSTRUCT_Q}, headers={"Accept": accept})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].split(";")[0] == accept
    if rdflib_format in ("nquads", "trig"):
        g = rdflib.Dataset()
    else:
        g = rdflib.Graph()
    g.parse(data=r.text, format=rdflib_format)
    assert len(set(g.triples((None, None, None)))) == 3


def test_construct_default_is_turtle_and_jsonld_is_compacted(client):
    r = client.get("/sparql", params={"query": CONSTRUCT_Q})
    assert r.headers["content-type"].startswith("text/turtle")
    r = client.get("/sparql", params={"query": CONSTRUCT_Q, "format": "jsonld"})
    doc = r.json()
    assert "@context" in doc
    text = json.dumps(doc)
    assert "http://schema.org/name" not in text  # compacted through the context


def test_406_when_nothing_acceptable(client):
    r = client.get("/sparql", params={"query": NAMES_Q}, headers={"Accept": "image/png"})
    assert r.status_code == 406
    assert "application/sparql-results+json" in r.text
    r = client.get("/sparql", params={"query": CONSTRUCT_Q, "format": "csv"})
    assert r.status_code == 406
    r = client.get("/sparql", params={"query": NAMES_Q, "format": "bogus"})
    assert r.status_code == 400


# --- errors ------------------------------------------------------------------------------------

def test_400_syntax_error_with_position(client):
    r = client.get("/sparql", params={"query": "SELECT ?s WHERE {\n  ?s ?p ?o "})
    assert r.status_code == 400
    assert "line 2" in r.text and "column" in r.text
    assert "Traceback" not in r.text


def test_415_unsupported_content_type(client):
    r = client.post("/sparql", content=b"{}", headers={"Content-Type": "application/json"})
    assert r.status_code == 415
    r = client.post("/sparql", files={"query": ("q.rq", NAMES_Q)})
    assert r.status_code == 415


def test_413_body_too_large(client):
    big = "# " + "x" * (1 << 20) + "\n" + NAMES_Q
    r = client.post("/sparql", content=big.encode(), headers={"Content-Type": "application/sparql-query"})
    assert r.status_code == 413


def test_update_forbidden_when_disabled(client):
    r = client.post("/sparql", data={"update": "INSERT DATA { <http://a> <http://b> <http://c> }"})
    assert r.status_code == 403
    r = client.post("/sparql", content=b"DROP ALL", headers={"Content-Type": "application/sparql-update"})
    assert r.status_code == 403
    assert client.get("/sparql", params={"update": "DROP ALL"}).status_code == 400


def test_service_refused(client):
    q = "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }"
    r = client.get("/sparql", params={"query": q})
    assert r.status_code == 403 and "SERVICE" in r.text
    # lower case, and hidden behind a comment-looking IRI and a string still counts
    q2 = 'SELECT * WHERE { ?s ?p "# not a comment" . service <http://127.0.0.1:9/> { ?s ?p ?o } }'
    assert client.get("/sparql", params={"query": q2}).status_code == 403
    # ...but the word inside strings, IRIs, comments or as a variable does not
    q3 = 'SELECT ?service WHERE { ?service ?p "SERVICE" } # SERVICE <x>'
    assert client.get("/sparql", params={"query": q3}).status_code == 200


def test_from_outside_store_refused(client):
    r = client.get("/sparql", params={"query": "SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }"})
    assert r.status_code == 400 and "file:///etc/passwd" in r.text
    r = client.get("/sparql", params={
        "query": "SELECT * FROM NAMED <http://evil.example/g> WHERE { GRAPH ?g { ?s ?p ?o } }"})
    assert r.status_code == 400
    r = client.get("/sparql", params={"query": NAMES_Q, "default-graph-uri": "http://nope.example/"})
    assert r.status_code == 400


def test_from_inside_store_applies(client):
    q = f"""PREFIX schema: <http://schema.org/>
    SELECT DISTINCT ?name FROM <{BASE}doc/cv-b> WHERE {{ ?p a schema:Person ; schema:name ?name }} ORDER BY ?name"""
    r = client.get("/sparql", params={"query": q})
    assert r.status_code == 200, r.text
    assert names_from_json(r) == ["<script>alert('x')</script> Mallory", "Ada Byron"]


def test_default_graph_uri_restricts(client):
    r = client.get("/sparql", params={"query": NAMES_Q, "default-graph-uri": BASE + "doc/cv-b"})
    assert r.status_code == 200, r.text
    assert names_from_json(r) == ["<script>alert('x')</script> Mallory", "Ada Byron"]
    r = client.post("/sparql", data={"query": NAMES_Q, "default-graph-uri": BASE + "doc/cv-a"})
    assert names_from_json(r) == ["Ada Byron", "Chonlam Lao"]
    q = "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }"
    r = client.get("/sparql", params={"query": q, "named-graph-uri": BASE + "doc/cv-a"})
    assert [b["g"]["value"] for b in r.json()["results"]["bindings"]] == [BASE + "doc/cv-a"]


def test_errors_never_leak_tracebacks(client):
    r = client.get("/sparql", params={"query": "SELECT"}, headers={"Accept": "application/json"})
    assert r.status_code == 400
    assert r.json()["status"] == 400 and "Traceback" not in r.text
    assert client.get("/no/such/thing").status_code == 404


def test_unexpected_error_is_a_clean_500(app, client, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("secret internals /etc/shadow")
    monkeypatch.setattr(app.state.pool, "call", boom)
    monkeypatch.setattr(app.state.pool, "request", boom)  # the async path every route uses
    r = client.get("/sparql", params={"query": NAMES_Q})
    assert r.status_code == 500
    assert "secret" not in r.text and "Traceback" not in r.text and "RuntimeError" not in r.text
    r = client.get("/person/chonlam-lao", headers={"Accept": "text/html"})
    assert r.status_code == 500 and "<html" in r.text and "secret" not in r.text


# --- service description, CORS, health, docs, page ---------------------------------------------

def test_service_description(client):
    r = client.get("/sparql")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/turtle")
    g = rdflib.Graph().parse(data=r.text, format="turtle")
    SD = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")
    assert (None, SD.feature, SD.UnionDefaultGraph) in g
    names = {str(o) for o in g.objects(None, SD.name)}
    assert names == {BASE + "doc/cv-a", BASE + "doc/cv-b", BASE + "graph/links"}
    formats = {str(o) for o in g.objects(None, SD.resultFormat)}
    assert "http://www.w3.org/ns/formats/SPARQL_Results_JSON" in formats
    r = client.get("/sparql", headers={"Accept": "application/ld+json"})
    assert r.status_code == 200
    g2 = rdflib.Graph().parse(data=r.text, format="json-ld")
    assert (None, SD.feature, SD.UnionDefaultGraph) in g2


def test_cors(client):
    r = client.get("/sparql", params={"query": NAMES_Q}, headers={"Origin": "http://other.example"})
    assert r.headers["access-control-allow-origin"] == "*"
    r = client.options("/sparql", headers={"Origin": "http://other.example",
                                           "Access-Control-Request-Method": "POST",
                                           "Access-Control-Request-Headers": "content-type"})
    assert r.status_code == 200 and "POST" in r.headers["access-control-allow-methods"]


def test_health_docs_and_query_page(client, store_dir):
    r = client.get("/health")
    assert r.status_code == 200
    data = r.json()
    assert data["status"] == "ok" and data["generation"] == live_generation(store_dir).name
    assert data["triples"] > 40 and data["named_graphs"] == 3
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/docs").status_code == 200
    page = client.get("/")
    assert page.status_code == 200 and "<textarea" in page.text
    assert "/static/query.js" in page.text and "cdn" not in page.text.lower()
    assert "Coauthors of a person" in page.text
    assert (BASE + "person/") in page.text
    js = client.get("/static/query.js")
    assert js.status_code == 200 and "textContent" in js.text
    assert client.get("/query").status_code == 200
    # a browser asking /sparql for HTML gets the page, not Turtle
    assert "<textarea" in client.get("/sparql", headers={"Accept": "text/html"}).text


def test_example_queries_answer(client):
    from endpoint import pages
    examples = pages.example_queries(BASE + "person/chonlam-lao", BASE + "org/harvard-university",
                                     {"schema": SCHEMA})
    by_title = {e["title"]: e["query"] for e in examples}
    r = client.post("/sparql", data={"query": by_title["Coauthors of a person"]})
    assert [b["name"]["value"] for b in r.json()["results"]["bindings"]] == ["Ada Byron"]
    r = client.post("/sparql", data={"query": by_title["Everyone who studied at an organization"]})
    assert {b["name"]["value"] for b in r.json()["results"]["bindings"]} == {"Ada Byron", "Chonlam Lao"}
    r = client.post("/sparql", data={"query": by_title["Papers per venue and year"]})
    rows = {(b["venueName"]["value"], b["year"]["value"], b["papers"]["value"])
            for b in r.json()["results"]["bindings"]}
    assert rows == {("NSDI", "2020", "1"), ("NSDI", "2021", "1")}
    for e in examples:
        r = client.post("/sparql", data={"query": e["query"]})
        assert r.status_code == 200, (e["title"], r.text)


# --- Graph Store Protocol ------------------------------------------------------------------------

def test_graph_store_read(client):
    r = client.get(f"/graph?graph={quote(BASE + 'doc/cv-b', safe='')}", headers={"Accept": "text/turtle"})
    assert r.status_code == 200
    g = rdflib.Graph().parse(data=r.text, format="turtle")
    assert len(g) == count_triples(DOC_B)
    r = client.get("/graph?default", headers={"Accept": "application/n-triples"})
    assert r.status_code == 200
    g = rdflib.Graph().parse(data=r.text, format="nt")
    union = {t for t in ox.parse(DOC_A.encode(), format=ox.RdfFormat.TURTLE)} | \
            {t for t in ox.parse(DOC_B.encode(), format=ox.RdfFormat.TURTLE)} | \
            {t for t in ox.parse(LINKS.encode(), format=ox.RdfFormat.TURTLE)}
    assert len(g) == len(union)
    r = client.get("/graph", headers={"Accept": "application/n-quads"})
    assert r.status_code == 200
    ds = rdflib.Dataset().parse(data=r.text, format="nquads")
    assert {str(c.identifier) for c in ds.contexts()} >= {BASE + "doc/cv-a", BASE + "doc/cv-b"}
    r = client.get("/graph", params={"format": "trig"})
    assert r.headers["content-type"].startswith("application/trig")
    assert client.get("/graph", headers={"Accept": "text/turtle"}).status_code == 406
    assert client.get("/graph", params={"graph": "http://nope.example/"}).status_code == 404


def test_graph_iri_dereferences_to_its_content(client):
    r = client.get("/graph/links", headers={"Accept": "application/n-triples"})
    assert r.status_code == 200, r.text
    assert len(rdflib.Graph().parse(data=r.text, format="nt")) == 1
    assert client.get("/graph/links.ttl").status_code == 200
    r = client.get("/graph/links", headers={"Accept": "text/html"})
    assert r.status_code == 200 and "orcid.org/0000-0001-0000-0001" in r.text
    assert client.get("/graph/nothing-here").status_code == 404


# --- linked data -------------------------------------------------------------------------------

def test_person_page_html_escaped_and_rich(client):
    r = client.get("/person/chonlam-lao", headers={"Accept": "text/html"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert "Chonlam Lao" in html
    assert "Harvard University" in html and "Research Scientist" in html and "Google" in html
    assert 'href="https://orcid.org/0000-0002-1825-0097"' in html
    assert 'href="/person/ada-byron"' in html          # coauthor linked to her page
    # publications grouped by year, newest first
    assert html.index('<h3 class="year">2021') < html.index('<h3 class="year">2020')
    assert "Paper One" in html and "NSDI" in html and "cv-a.txt" in html
    link = r.headers["link"]
    assert 'rel="alternate"' in link and 'type="text/turtle"' in link


def test_script_in_name_is_escaped(client):
    r = client.get("/person/mallory", headers={"Accept": "text/html"})
    assert r.status_code == 200
    assert "<script>alert" not in r.text
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; Mallory" in r.text
    assert 'href="javascript:' not in r.text


def test_resource_rdf_by_accept_and_suffix(client):
    r = client.get("/person/chonlam-lao", headers={"Accept": "text/turtle"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/turtle")
    assert "Accept" in r.headers["vary"]
    assert '.ttl>; rel="alternate"; type="text/turtle"' in r.headers["link"]
    assert '.jsonld>; rel="alternate"; type="application/ld+json"' in r.headers["link"]
    g = rdflib.Graph().parse(data=r.text, format="turtle")
    me = rdflib.URIRef(BASE + "person/chonlam-lao")
    assert (me, rdflib.URIRef(SCHEMA + "name"), rdflib.Literal("Chonlam Lao")) in g
    # owned document-scoped nodes come along (the credential)
    cred = rdflib.URIRef(BASE + "doc/cv-a/credential/1")
    assert (cred, rdflib.URIRef(SCHEMA + "name"), rdflib.Literal("PhD in Computer Science")) in g

    r = client.get("/person/chonlam-lao.jsonld")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/ld+json")
    g2 = rdflib.Graph().parse(data=r.text, format="json-ld")
    assert len(g2) == len(g)
    r = client.get("/person/chonlam-lao.nt")
    assert r.headers["content-type"].startswith("application/n-triples")
    assert len(rdflib.Graph().parse(data=r.text, format="nt")) == len(g)


@pytest.mark.parametrize("path", ["/org/harvard-university", "/venue/nsdi", "/pub/paper-one",
                                  "/doc/cv-a", "/doc/cv-a/credential/1", "/doc/cv-a/role/1"])
def test_every_kind_dereferences(client, path):
    r = client.get(path, headers={"Accept": "text/html"})
    assert r.status_code == 200, (path, r.text)
    r = client.get(path, headers={"Accept": "text/turtle"})
    assert r.status_code == 200
    assert len(rdflib.Graph().parse(data=r.text, format="turtle")) > 0


def test_unknown_resource_and_traversal(client):
    assert client.get("/person/nobody", headers={"Accept": "text/html"}).status_code == 404
    assert client.get("/person/nobody.ttl").status_code == 404
    assert client.get("/person/..%2f..%2fetc%2fpasswd").status_code in (400, 404)
    assert client.get("/doc/%2e%2e/%2e%2e/etc/passwd").status_code in (400, 404)
    assert client.get("/person/a%00b").status_code in (400, 404)


# --- truncation -------------------------------------------------------------------------------

def test_result_cap_truncates(store_dir):
    app = create_app(store_dir, SETTINGS, workers=1, max_results=2)
    try:
        c = TestClient(app)
        r = c.get("/sparql", params={"query": NAMES_Q})
        assert r.status_code == 200
        assert len(r.json()["results"]["bindings"]) == 2
        assert r.headers["x-cvgraph-truncated"] == "true" and r.headers["x-sparql-maxrows"] == "2"
        r = c.get("/sparql", params={"query": CONSTRUCT_Q, "format": "nt"})
        assert len(r.text.strip().splitlines()) == 2 and r.headers["x-cvgraph-truncated"] == "true"
    finally:
        app.state.pool.close()


# --- timeout: the work really stops --------------------------------------------------------------

def test_timeout_kills_the_work(store_dir):
    app = create_app(store_dir, SETTINGS, workers=1, query_timeout=1.0)
    try:
        c = TestClient(app)
        assert c.get("/sparql", params={"query": "ASK { ?s ?p ?o }"}).status_code == 200
        pid = app.state.pool.pids()[0]
        expensive = ("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . "
                     "?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r . ?s ?t ?u }")
        started = time.monotonic()
        r = c.get("/sparql", params={"query": expensive})
        elapsed = time.monotonic() - started
        assert r.status_code == 503
        assert "1 s" in r.text and "stopped" in r.text
        assert elapsed < 5
        assert pid in app.state.pool.killed
        with pytest.raises(ProcessLookupError):  # the worker process is gone, not just ignored
            os.kill(pid, 0)
        r = c.get("/sparql", params={"query": NAMES_Q})
        assert r.status_code == 200 and names_from_json(r) == EXPECTED_NAMES
        assert app.state.pool.pids()[0] != pid
    finally:
        app.state.pool.close()


# --- atomic switch to a new generation ----------------------------------------------------------

def test_new_generation_is_picked_up(tmp_path):
    d = tmp_path / "store"
    build(d, (DOC_B, BASE + "doc/cv-b"))
    app = create_app(d, SETTINGS, workers=1)
    try:
        c = TestClient(app)
        assert names_from_json(c.get("/sparql", params={"query": NAMES_Q})) == \
            ["<script>alert('x')</script> Mallory", "Ada Byron"]
        first = c.get("/health").json()["generation"]
        build(d, (DOC_A, BASE + "doc/cv-a"))  # a new build replaces the graph
        r = c.get("/sparql", params={"query": NAMES_Q})
        assert names_from_json(r) == ["Ada Byron", "Chonlam Lao"]
        assert c.get("/health").json()["generation"] != first
        assert c.get("/person/mallory", headers={"Accept": "text/turtle"}).status_code == 404
    finally:
        app.state.pool.close()


def test_no_store_yet_is_503_not_a_crash(tmp_path):
    app = create_app(tmp_path / "empty", SETTINGS, workers=1)
    try:
        c = TestClient(app, raise_server_exceptions=False)
        r = c.get("/sparql", params={"query": NAMES_Q})
        assert r.status_code == 503 and "cvgraph build" in r.text
        assert c.get("/health").status_code == 503
        assert c.get("/").status_code == 200
    finally:
        app.state.pool.close()


# --- updates (opt-in, token protected, each one a new generation) ---------------------------------

def test_update_with_token(tmp_path):
    d = tmp_path / "store"
    build(d, (DOC_B, BASE + "doc/cv-b"))
    app = create_app(d, SETTINGS, workers=1, allow_updates=True, update_token="s3cret")
    try:
        c = TestClient(app)
        upd = f'INSERT DATA {{ GRAPH <{BASE}doc/cv-b> {{ <{BASE}person/zed> a <{SCHEMA}Person> ; <{SCHEMA}name> "Zed" }} }}'
        assert c.post("/sparql", data={"update": upd}).status_code == 403
        assert c.post("/sparql", data={"update": upd},
                      headers={"Authorization": "Bearer wrong"}).status_code == 403
        auth = {"Authorization": "Bearer s3cret"}
        r = c.post("/sparql", data={"update": "LOAD <http://127.0.0.1:9/x.ttl>"}, headers=auth)
        assert r.status_code == 403 and "LOAD" in r.text
        r = c.post("/sparql", content=upd.encode(), headers={**auth, "Content-Type": "application/sparql-update"})
        assert r.status_code == 200, r.text
        assert "Zed" in names_from_json(c.get("/sparql", params={"query": NAMES_Q}))
        r = c.post("/sparql", data={"update": "INSERT DATA { <a> <b> "}, headers=auth)
        assert r.status_code == 400 and "line 1" in r.text
        sd = c.get("/sparql").text
        assert "SPARQL11Update" in sd
    finally:
        app.state.pool.close()


# --- the request vetting lexer ------------------------------------------------------------------

@pytest.mark.parametrize("text,service,from_default", [
    ("SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }", True, []),
    ("select * where { service silent <http://x/> { ?s ?p ?o } }", True, []),
    ("SELECT * WHERE { ?s ?p ?o FILTER(?o = \"SERVICE <http://x/>\") }", False, []),
    ("SELECT * WHERE { ?s ?p \"\"\"multi\nSERVICE\nline\"\"\" }", False, []),
    ("SELECT * WHERE { ?s <http://x/#SERVICE> ?o } # SERVICE <http://x/>", False, []),
    ("SELECT ?service WHERE { ?s ex:service ?service }", False, []),
    ("SELECT * WHERE { ?s ?p 'it\\'s' . SERVICE <http://x/> {} }", True, []),
    ("SELECT * WHERE { ?s ex:a\\' ?o . SERVICE <http://x/> {} }", True, []),
    ("PREFIX g: <http://g.example/>\nSELECT * FROM g:one WHERE { ?s ?p ?o }", False, ["http://g.example/one"]),
    ("BASE <http://b.example/dir/>\nSELECT * FROM <g> WHERE { ?s ?p ?o }", False, ["http://b.example/dir/g"]),
    ("SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p ?o }", False, ["file:///etc/passwd"]),
])
def test_lexer(text, service, from_default):
    from endpoint.sparql import analyse
    a = analyse(text, base=None, prefixes={"ex": "http://ex/"})
    assert a.service is service
    assert a.from_default == from_default


def test_lexer_forms_and_load():
    from endpoint.sparql import analyse
    assert analyse("PREFIX a: <http://a/> CONSTRUCT WHERE { ?s ?p ?o }").form == "CONSTRUCT"
    assert analyse("ASK {}").family == "results"
    assert analyse("DESCRIBE <http://x>").family == "graph"
    assert analyse("LOAD <http://x/> INTO GRAPH <http://g/>").load is True
    assert analyse('INSERT DATA { <a> <b> "LOAD" }').load is False
    a = analyse("WITH <http://g/> DELETE { ?s ?p ?o } USING NAMED <http://u/> WHERE { ?s ?p ?o }")
    assert a.using == ["http://u/"]



def test_update_dataset_parameters_become_using_clauses():
    """using-graph-uri / using-named-graph-uri (SPARQL 1.1 Protocol §2.2.3) are written in
    before the WHERE of each DELETE/INSERT operation; WHERE in strings, IRIs, comments and
    sub-queries, and the DELETE WHERE short form, are left alone; an update with its own
    USING/WITH is refused, as the protocol requires."""
    from endpoint.sparql import RefusedRequest, analyse, with_update_dataset
    g1, g2 = "http://example.org/g1", "http://example.org/g2"
    text = ('PREFIX ex: <http://example.org/where#> CLEAR ALL ;\n'
            'INSERT DATA { GRAPH <http://example.org/g1> { ex:a ex:b "WHERE" } } ;\n'
            '# a WHERE in a comment\n'
            'INSERT { GRAPH ex:out { ?s a ex:Copy } } where { ?s ?p ?o '
            '{ SELECT ?s WHERE { ?s ?p2 ?o2 } } } ;\n'
            'DELETE WHERE { ?x ex:gone ?y } ;\n'
            'DELETE { ?s ex:old ?o } INSERT { ?s ex:new ?o } WHERE { ?s ex:old ?o }')
    out = with_update_dataset(text, [g1], [g2])
    assert out.count(f"USING <{g1}> USING NAMED <{g2}>") == 2
    assert f"USING <{g1}> USING NAMED <{g2}> where {{ ?s ?p ?o {{ SELECT ?s WHERE" in out
    assert "DELETE WHERE { ?x ex:gone ?y }" in out
    assert '"WHERE"' in out and "# a WHERE in a comment" in out and "<http://example.org/where#>" in out
    assert analyse(out).using == [g1, g2, g1, g2]
    # the rewritten update runs, and USING chooses the default graph of the WHERE
    st = ox.Store()
    st.add(ox.Quad(ox.NamedNode("http://example.org/s"), ox.NamedNode("http://example.org/p"),
                   ox.Literal("x"), ox.NamedNode(g1)))
    st.update(with_update_dataset("INSERT { GRAPH <http://example.org/out> { ?s ?p ?o } } WHERE { ?s ?p ?o }",
                                  [g1], []))
    assert len(list(st.quads_for_pattern(None, None, None, ox.NamedNode("http://example.org/out")))) == 1
    for own in ("WITH <http://example.org/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
                "delete { ?s ?p ?o } using <http://example.org/g> where { ?s ?p ?o }"):
        with pytest.raises(RefusedRequest) as exc:
            with_update_dataset(own, [g1], [])
        assert exc.value.status == 400 and "USING, USING NAMED or WITH" in exc.value.message
    for bad in ("relative/iri", "http://example.org/a b", "http://example.org/<x>"):
        with pytest.raises(RefusedRequest) as exc:
            with_update_dataset("INSERT { ?s ?p ?o } WHERE { ?s ?p ?o }", [bad], [])
        assert exc.value.status == 400 and "not an absolute IRI" in exc.value.message


def test_using_parameters_on_a_query_are_refused(client):
    r = client.post("/sparql?using-graph-uri=http%3A%2F%2Fexample.org%2Fg",
                    content=b"ASK { ?s ?p ?o }", headers={"content-type": "application/sparql-query"})
    assert r.status_code == 400 and "default-graph-uri" in r.text
    r = client.post("/sparql", data={"query": "ASK { ?s ?p ?o }", "using-named-graph-uri": "http://example.org/g"})
    assert r.status_code == 400 and "default-graph-uri" in r.text


@pytest.mark.parametrize("path", ["/graph?default", "/sparql", "/health", "/",
                                  "/graph?graph=http%3A%2F%2Fexample.org%2Fno-such-graph",
                                  "/sparql?query=ASK%7B%7D", "/person/ada-byron"])
def test_head_is_get_without_the_body(client, path):
    """RFC 9110 §9.3.2 and the Graph Store Protocol: HEAD answers with GET's status and
    headers and no body (it was a 405 on every route)."""
    got, head = client.get(path, headers={"accept": "text/turtle"}), client.head(path, headers={"accept": "text/turtle"})
    assert head.status_code == got.status_code and head.content == b""
    for name in ("content-type", "content-length", "vary"):
        assert head.headers.get(name) == got.headers.get(name), name
    assert got.content

def test_negotiation_unit():
    from endpoint import negotiation as neg
    assert neg.negotiate("text/turtle;q=0.5, application/ld+json", neg.GRAPH)[0].key == "jsonld"
    assert neg.negotiate("application/*", neg.GRAPH)[0].key == "jsonld"
    assert neg.negotiate("*/*;q=0", neg.GRAPH) is None
    assert neg.negotiate("garbage, text/turtle", neg.GRAPH)[0].key == "turtle"
    assert neg.negotiate("text/html, */*;q=0.1", neg.RESOURCE + (neg.HTML,),
                         explicit_only=("text/html",))[0] is neg.HTML
    assert neg.negotiate("*/*", neg.RESOURCE + (neg.HTML,), explicit_only=("text/html",))[0].key == "turtle"
    assert neg.resolve_format("json", "graph").key == "jsonld"
    assert neg.resolve_format("nt", "results") is None
    with pytest.raises(neg.UnknownFormat):
        neg.resolve_format("docx", "results")


def test_cheap_queries_answer_while_an_expensive_one_runs(store_dir):
    import threading
    app = create_app(store_dir, SETTINGS, workers=2, query_timeout=1.5)
    try:
        c = TestClient(app)
        app.state.pool.warm()
        time.sleep(0.5)
        expensive = ("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . "
                     "?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r . ?s ?t ?u }")
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("r", c.get("/sparql", params={"query": expensive})))
        t.start()
        time.sleep(0.3)
        started = time.monotonic()
        r = c.get("/sparql", params={"query": NAMES_Q})
        assert r.status_code == 200 and time.monotonic() - started < 1.0
        t.join(10)
        assert out["r"].status_code == 503
    finally:
        app.state.pool.close()
