"""The linked-data pages users expect, on the store built from the seed CVs.

Expectations are derived from the store itself (queried directly with pyoxigraph), never
written in for a particular person: each page must show what the graph says about its
resource, link it, and escape it.
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from urllib.parse import urlparse

import pyoxigraph as ox
import pytest
from fastapi.testclient import TestClient

from cvgraph.config import Settings
from endpoint.app import create_app

HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def seed(built_store):
    from cvgraph.store import open_read

    store_dir, _ = built_store
    store = open_read(store_dir)
    app = create_app(store_dir, Settings(), workers=1)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c, store
    app.state.pool.close()


def rows(store, q):
    return [{v.value: (None if s[v.value] is None else s[v.value].value) for v in res.variables}
            for res in [store.query(q)] for s in res]


def path(iri: str) -> str:
    return urlparse(iri).path


def text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


SUBJECTS = """PREFIX schema: <http://schema.org/>
SELECT DISTINCT ?p ?name WHERE { ?d a schema:DigitalDocument ; schema:about ?p . ?p schema:name ?name }
ORDER BY ?p"""


def test_person_page_has_timeline_publications_network_and_validation(seed):
    client, store = seed
    for subject in rows(store, SUBJECTS):
        page = client.get(path(subject["p"]), headers=HTML)
        assert page.status_code == 200
        body = page.text
        assert f"<h1 class=\"person-name\">{html.escape(subject['name'])}</h1>" in body
        # every credential and role of the person is on the timeline
        n_items = len(rows(store, f"""PREFIX schema: <http://schema.org/>
            SELECT DISTINCT ?x WHERE {{ {{ <{subject['p']}> schema:hasCredential ?x }}
                                       UNION {{ <{subject['p']}> schema:worksFor ?x }} }}"""))
        if n_items:
            timeline = re.search(r'<ol class="timeline">(.*?)</ol>', body, re.S).group(1)
            assert timeline.count("<li") == n_items
            starts = [m for m in re.findall(r'<span class="tl-when">(\d{4})', timeline)]
            assert starts == sorted(starts, reverse=True)  # newest first
        # every coauthor IRI appears as a link (in the list and in the SVG network)
        coauthors = {r["c"] for r in rows(store, f"""PREFIX schema: <http://schema.org/>
            SELECT DISTINCT ?c WHERE {{ ?w schema:author <{subject['p']}>, ?c .
            FILTER(?c != <{subject['p']}> && isIRI(?c)) }}""")}
        for c in coauthors:
            assert f'href="{path(c)}"' in body
        if coauthors:
            svg = re.search(r"<svg .*?</svg>", body, re.S).group(0)
            ET.fromstring(svg)  # well-formed inline SVG
            assert "<script" not in svg and "http-equiv" not in svg
            drawn = set(re.findall(r'<a class="node" href="([^"]+)"', svg))
            assert drawn and drawn <= {path(c) for c in coauthors}
            assert len(drawn) == min(len(coauthors), 36)
        # publications grouped by year, newest first
        years = re.findall(r'<h3 class="year">(\d{4})</h3>', body)
        assert years == sorted(years, reverse=True)
        # source documents with their SHACL status (the seeds all conform)
        docs = rows(store, f"""PREFIX schema: <http://schema.org/>
            SELECT ?d WHERE {{ ?d schema:about <{subject['p']}> }}""")
        for d in docs:
            assert re.search(rf'href="{re.escape(path(d["d"]))}">[^<]+</a> <span class="badge ok">', body)


def test_identifiers_are_outbound_links(seed):
    client, store = seed
    found = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?p ?id WHERE { ?d schema:about ?p . ?p schema:sameAs ?id FILTER(isIRI(?id)) }""")
    assert found
    for r in found:
        body = client.get(path(r["p"]), headers=HTML).text
        assert f'href="{html.escape(r["id"])}" rel="nofollow noopener"' in body


def test_org_page_lists_people_who_studied_and_worked_there(seed):
    client, store = seed
    studied = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?o ?p WHERE { ?p schema:hasCredential/schema:recognizedBy ?o ; a schema:Person }""")
    worked = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?o ?p WHERE { ?p schema:worksFor/schema:worksFor ?o ; a schema:Person }""")
    assert studied and worked
    for relation, found in (("People who studied here", studied), ("People who worked here", worked)):
        for r in found[:15]:
            body = client.get(path(r["o"]), headers=HTML).text
            section = body.split(relation, 1)[1].split("</ul>", 1)[0]
            assert f'href="{path(r["p"])}"' in section, (r, relation)


def test_venue_page_lists_papers_by_year(seed):
    client, store = seed
    venues = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?v (COUNT(DISTINCT ?w) AS ?n) WHERE { ?w schema:isPartOf ?v } GROUP BY ?v ORDER BY DESC(?n) ?v LIMIT 5""")
    for v in venues:
        body = client.get(path(v["v"]), headers=HTML).text
        papers = rows(store, f"""PREFIX schema: <http://schema.org/>
            SELECT DISTINCT ?w WHERE {{ ?w schema:isPartOf <{v['v']}> }}""")
        assert f"<h2>Papers ({len(papers)})</h2>" in body
        for w in papers:
            assert f'href="{path(w["w"])}"' in body
        years = re.findall(r'<h3 class="year">(\d{4})</h3>', body)
        assert years == sorted(years, reverse=True)


def test_publication_page_orders_authors_and_links_sameas(seed):
    client, store = seed
    works = rows(store, """PREFIX schema: <http://schema.org/> PREFIX bibo: <http://purl.org/ontology/bibo/>
        SELECT DISTINCT ?w WHERE { ?w a schema:ScholarlyArticle ; bibo:authorList ?l ; schema:sameAs ?s } LIMIT 5""")
    assert works
    for w in works:
        body = client.get(path(w["w"]), headers=HTML).text
        seq = rows(store, f"""PREFIX bibo: <http://purl.org/ontology/bibo/>
            SELECT ?li ?a WHERE {{ <{w['w']}> bibo:authorList ?l . ?l ?li ?a
            FILTER(STRSTARTS(STR(?li), "http://www.w3.org/1999/02/22-rdf-syntax-ns#_")) }}""")
        order = [r["a"] for r in sorted(seq, key=lambda r: int(r["li"].rsplit("_", 1)[1]))]
        authors = re.search(r'<ol class="authors">(.*?)</ol>', body, re.S).group(1)
        shown = [h for h in re.findall(r'href="([^"]+)"', authors)]
        assert shown[:len(order)] == [path(a) for a in dict.fromkeys(order)]
        for r in rows(store, f"SELECT ?s WHERE {{ <{w['w']}> <http://schema.org/sameAs> ?s }}"):
            assert f'href="{html.escape(r["s"])}"' in body


def test_document_page_shows_validation(seed):
    client, store = seed
    docs = rows(store, """PREFIX schema: <http://schema.org/> PREFIX sh: <http://www.w3.org/ns/shacl#>
        SELECT ?d ?c WHERE { ?r a sh:ValidationReport ; <https://w3id.org/cvgraph/ns#validates> ?d ; sh:conforms ?c }""")
    assert docs
    for d in docs:
        body = client.get(path(d["d"]), headers=HTML).text
        assert "<h2>Validation</h2>" in body
        assert ('class="badge ok"' in body) is (d["c"] == "true")


def test_search_is_fuzzy_and_grouped(seed):
    client, store = seed
    people = rows(store, SUBJECTS)
    for p in people:
        name = p["name"]
        # a typo (two letters swapped in the middle) and lower case still find the person first
        i = len(name) // 2
        typo = (name[:i] + name[i + 1] + name[i] + name[i + 2:]).lower()
        r = client.get("/search", params={"q": typo}, headers={"Accept": "application/json"})
        assert r.status_code == 200
        hits = r.json()["results"]
        assert hits and hits[0]["iri"] == p["p"], (typo, hits[:3])
    title = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?w ?t WHERE { ?w a schema:ScholarlyArticle ; schema:name ?t } ORDER BY ?w LIMIT 1""")[0]
    words = title["t"].split()
    hits = client.get("/search", params={"q": " ".join(words[:4])},
                      headers={"Accept": "application/json"}).json()["results"]
    assert title["w"] in [h["iri"] for h in hits]
    org = rows(store, """PREFIX schema: <http://schema.org/>
        SELECT ?o ?n WHERE { ?p schema:alumniOf ?o . ?o schema:name ?n } ORDER BY ?o LIMIT 1""")[0]
    page = client.get("/search", params={"q": org["n"]}, headers=HTML).text
    assert '<ul class="search-results" data-kind="org">' in page and f'href="{path(org["o"])}"' in page
    assert client.get("/search", params={"q": "zzqxv wqkj"}, headers={"Accept": "application/json"}).json()["results"] == []


def test_search_escapes_the_query(seed):
    client, _ = seed
    r = client.get("/search", params={"q": "<script>alert(1)</script>"}, headers=HTML)
    assert r.status_code == 200
    assert "<script>alert(1)" not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    assert client.get("/search", params={"q": "x" * 500}).status_code == 400


def test_every_page_kind_is_escaped(tmp_path):
    """A name with markup in it is text on every kind of page and in the SVG."""
    from cvgraph.store import Generation

    base = "http://cv.example.org/"
    evil = "<img src=x onerror=alert(1)>\"'&"
    lit = evil.replace('"', '\\"')  # as a Turtle string body
    ttl = f"""@prefix schema: <http://schema.org/> . @prefix cvg: <https://w3id.org/cvgraph/ns#> .
    @prefix bibo: <http://purl.org/ontology/bibo/> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
    <{base}doc/d> a schema:DigitalDocument ; schema:name "{lit}.txt" ; schema:about <{base}person/a> .
    <{base}person/a> a schema:Person ; schema:name "A {lit}" ; schema:alumniOf <{base}org/o> .
    <{base}person/b> a schema:Person ; schema:name "B {lit}" .
    <{base}org/o> a schema:Organization ; schema:name "O {lit}" .
    <{base}venue/v> a schema:CreativeWorkSeries, cvg:Venue ; schema:name "V {lit}" .
    <{base}pub/w> a schema:ScholarlyArticle ; schema:name "W {lit}" ; schema:isPartOf <{base}venue/v> ;
        schema:author <{base}person/a>, <{base}person/b> ; bibo:authorList <{base}doc/d/authors/1> ;
        schema:sameAs <javascript:alert(1)> .
    <{base}doc/d/authors/1> a rdf:Seq ; rdf:_1 <{base}person/b> ; rdf:_2 <{base}person/a> ."""
    g = ox.NamedNode(base + "doc/d")
    (tmp_path / "s").mkdir()
    gen = Generation(tmp_path / "s")
    gen.add_quads(ox.Quad(t.subject, t.predicate, t.object, g)
                  for t in ox.parse(ttl.encode(), format=ox.RdfFormat.TURTLE))
    gen.commit()
    app = create_app(tmp_path / "s", Settings(base=base), workers=1)
    with TestClient(app) as c:
        for p in ("/person/a", "/person/b", "/org/o", "/venue/v", "/pub/w", "/doc/d",
                  "/search?q=onerror"):
            body = c.get(p, headers=HTML).text
            assert "<img" not in body and "onerror=alert(1)>" not in body, p
            assert "&lt;img src=x onerror=alert(1)&gt;" in body, p
            assert 'href="javascript:' not in body
        svg = re.search(r"<svg .*?</svg>", c.get("/person/a", headers=HTML).text, re.S).group(0)
        ET.fromstring(svg)
        authors = re.search(r'<ol class="authors">(.*?)</ol>', c.get("/pub/w", headers=HTML).text, re.S).group(1)
        assert authors.index("/person/b") < authors.index("/person/a")
    app.state.pool.close()
