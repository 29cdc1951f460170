"""The core vocabulary contract, checked with queries written only from the contract.

Clients query these terms exactly as the contract writes them; these tests run such queries
against the real build of the seed CVs, and build every document of the shared corpus.
"""
from __future__ import annotations

import io
import json

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

from cvgraph.build import build
from cvgraph.config import Settings
from cvgraph.export import export
from cvgraph.store import open_read

from .conftest import REAL, SEEDS

PREFIXES = """
PREFIX schema: <http://schema.org/>
PREFIX foaf:   <http://xmlns.com/foaf/0.1/>
PREFIX bibo:   <http://purl.org/ontology/bibo/>
PREFIX prov:   <http://www.w3.org/ns/prov#>
PREFIX xsd:    <http://www.w3.org/2001/XMLSchema#>
PREFIX rdf:    <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
"""


def select(store_dir, query):
    store = open_read(store_dir)
    res = store.query(PREFIXES + query)
    names = [v.value for v in res.variables]
    return [tuple(None if sol[n] is None else sol[n].value for n in names) for sol in res]


def test_documents_are_described_per_contract(built_store):
    store_dir, _ = built_store
    got = select(store_dir, """
      SELECT ?file ?name ?sha WHERE {
        GRAPH ?doc { ?doc a schema:DigitalDocument, prov:Entity ; schema:name ?file ;
                          schema:about ?p ; schema:sha256 ?sha }
        ?p a schema:Person, foaf:Person ; schema:name ?name ; foaf:name ?name .
      } ORDER BY ?file""")
    assert [(f, n) for f, n, _ in got] == [
        ("000_d56ed223fd5c3e0d.txt", "ChonLam Lao"), ("001_a40dc47f4848799d.txt", "ChonLam Lao"),
        ("002_7e25e48f2bf0580d.txt", "Hao Wang"), ("003_ffbafd91d780978e.txt", "Maximilian Lam"),
        ("004_c16c2b3bbac6ef24.txt", "Liangyu Zhao")]
    import hashlib
    assert got[0][2] == hashlib.sha256((SEEDS / got[0][0]).read_bytes()).hexdigest()


def test_person_credentials_institutions_and_levels(built_store):
    store_dir, _ = built_store
    got = select(store_dir, """
      SELECT DISTINCT ?name ?level ?inst ?start ?end WHERE {
        ?p a schema:Person ; schema:name ?name ; schema:hasCredential ?c ; schema:alumniOf ?o .
        ?c a schema:EducationalOccupationalCredential ; schema:recognizedBy ?o ;
           schema:educationalLevel ?level .
        ?o a schema:Organization ; schema:name ?inst .
        OPTIONAL { ?c schema:startDate ?start } OPTIONAL { ?c schema:endDate ?end }
        FILTER(?name = "Maximilian Lam")
      } ORDER BY ?start""")
    assert got == [
        ("Maximilian Lam", "bachelor", "University of California, Berkeley", "2013-08", "2017-05"),
        ("Maximilian Lam", "master", "Stanford University", "2017-08", "2019-05"),
        ("Maximilian Lam", "doctorate", "Harvard University", "2019-08", "2024-05"),
    ]
    # Dates carry the contract's datatypes.
    typed = select(store_dir, """
      SELECT DISTINCT (DATATYPE(?d) AS ?t) WHERE { ?c a schema:EducationalOccupationalCredential ; schema:startDate ?d }""")
    assert {t for (t,) in typed} <= {"http://www.w3.org/2001/XMLSchema#gYear",
                                     "http://www.w3.org/2001/XMLSchema#gYearMonth"}
    # An open end ("Present") has no schema:endDate.
    open_end = select(store_dir, """
      SELECT ?start WHERE { ?p schema:name "Liangyu Zhao" ; schema:hasCredential ?c .
        ?c schema:educationalLevel "doctorate" ; schema:startDate ?start FILTER NOT EXISTS { ?c schema:endDate ?e } }""")
    assert open_end == [("2021",)]


def test_person_roles_organizations(built_store):
    store_dir, _ = built_store
    got = select(store_dir, """
      SELECT ?org ?role ?start ?end WHERE {
        ?p schema:name "ChonLam Lao" ; schema:worksFor ?r ; schema:affiliation ?o .
        ?r a schema:EmployeeRole ; schema:worksFor ?o ; schema:roleName ?role .
        ?o schema:name ?org .
        OPTIONAL { ?r schema:startDate ?start } OPTIONAL { ?r schema:endDate ?end }
      } ORDER BY DESC(?start)""")
    assert got == [
        ("Alibaba Cloud", "Research Intern", "2024-06", "2024-12"),
        ("Harvard University", "Research Assistant", "2022-09", None),
        ("Google", "Student Researcher", "2022-06", "2023-12"),
        ("University of Wisconsin-Madison", "Visiting Scholar", "2019-09", "2020-02"),
    ]


def test_publications_with_ordered_authors_venue_and_year(built_store):
    store_dir, _ = built_store
    got = select(store_dir, """
      SELECT ?n ?author ?acronym ?year WHERE {
        ?w a schema:ScholarlyArticle ; schema:name "eTran: Extensible Kernel Transport with eBPF" ;
           bibo:authorList ?seq ; schema:isPartOf ?v ; schema:datePublished ?year .
        ?v schema:alternateName ?acronym .
        ?seq a rdf:Seq ; ?slot ?a . ?a schema:name ?author .
        FILTER(STRSTARTS(STR(?slot), STR(rdf:_)))
        BIND(xsd:integer(STRAFTER(STR(?slot), "#_")) AS ?n)
        ?w schema:author ?a .
      } ORDER BY ?n""")
    assert [a for _, a, _, _ in got] == ["Zhongjie Chen", "Qingkai Meng", "ChonLam Lao", "Yifan Liu",
                                         "Fengyuan Ren", "Minlan Yu", "Yang Zhou"]
    assert {(acro, year) for _, _, acro, year in got} == {("NSDI", "2025")}
    first = select(store_dir, """
      SELECT ?title WHERE { ?w schema:name ?title ; bibo:authorList ?seq . ?seq rdf:_1 ?a .
        ?a schema:name "Maximilian Lam" } ORDER BY ?title""")
    assert ("Word2Bits - Quantized Word Vectors",) in first and len(first) >= 4
    status = dict(select(store_dir, """
      SELECT ?t ?s WHERE { ?w schema:name ?t ; schema:creativeWorkStatus ?s .
        FILTER(?t IN ("TrainMover: An Interruption-Resilient and Reliable ML Training Runtime",
                      "Widening Access to Applied Machine Learning with TinyML")) }"""))
    assert status == {"TrainMover: An Interruption-Resilient and Reliable ML Training Runtime": "in submission",
                      "Widening Access to Applied Machine Learning with TinyML": "preprint"}
    award = select(store_dir, """SELECT ?a WHERE { ?w schema:name "ATP: In-network Aggregation for Multi-tenant Learning" ; schema:award ?a }""")
    assert award == [("Best Paper Award",)]
    arxiv = select(store_dir, """SELECT ?s WHERE { ?w schema:name "Word2Bits - Quantized Word Vectors" ; schema:sameAs ?s }""")
    assert ("https://arxiv.org/abs/1803.05651",) in arxiv


def test_contacts_and_profiles(built_store):
    store_dir, _ = built_store
    got = select(store_dir, """
      SELECT ?email ?mbox WHERE { ?p schema:name "ChonLam Lao" ; schema:email ?email ; foaf:mbox ?mbox }""")
    assert got == [("chonlamlao@g.harvard.edu", "mailto:chonlamlao@g.harvard.edu")]
    same = {s for (s,) in select(store_dir, """SELECT ?s WHERE { ?p schema:name "ChonLam Lao" ; schema:sameAs ?s }""")}
    assert {"https://github.com/laochonlam", "https://www.linkedin.com/in/chonlam-lao-384865122"} <= same
    patents = select(store_dir, """
      SELECT ?id WHERE { ?x a schema:CreativeWork, bibo:Patent ; schema:identifier ?id ; schema:author ?a .
        ?a schema:name "ChonLam Lao" } ORDER BY ?id""")
    assert patents == [("CN114546633A",), ("CN114553879A",), ("CN114553880A",)]


def test_jsonld_export_round_trips_to_an_isomorphic_graph(built_store):
    store_dir, _ = built_store
    buf = io.BytesIO()
    export(store_dir, "jsonld", buf, Settings())
    doc = json.loads(buf.getvalue())
    assert isinstance(doc["@context"], dict) and doc["@context"].get("name")   # reads cleanly with the context
    back = Graph().parse(data=buf.getvalue(), format="json-ld")
    nt = io.BytesIO()
    export(store_dir, "ntriples", nt, Settings())
    union = Graph().parse(data=nt.getvalue(), format="nt")
    assert len(back) == len(union) and isomorphic(back, union)


@pytest.mark.slow
def test_whole_shared_corpus_builds_with_zero_violations(tmp_path):
    if not REAL.exists():
        pytest.skip(f"{REAL} not present")
    docs = sorted(p for p in REAL.iterdir() if p.name != "SOURCES.md") + sorted(SEEDS.iterdir())
    summary = build(docs, tmp_path / "store", Settings(), jobs=1)
    assert summary.failed == [], summary.failed
    assert summary.documents == len(docs)
    assert summary.violations == 0, summary.validation_text


def test_contract_queries_answer_for_all_five_seeds(built_store):
    """person → credentials → institutions and levels; person → roles → organizations;
    publications with ordered authors — for every seed document's subject."""
    store_dir, _ = built_store
    creds = select(store_dir, """
      SELECT DISTINCT ?name ?level ?inst WHERE {
        ?doc a schema:DigitalDocument ; schema:about ?p . ?p schema:name ?name ; schema:hasCredential ?c .
        ?c schema:educationalLevel ?level ; schema:recognizedBy/schema:name ?inst } ORDER BY ?name ?level ?inst""")
    assert creds == [
        ("ChonLam Lao", "bachelor", "National Cheng Kung University"),
        ("ChonLam Lao", "doctorate", "Harvard University"),
        ("ChonLam Lao", "master", "Tsinghua University"),
        ("Hao Wang", "bachelor", "Peking University"),
        ("Hao Wang", "doctorate", "Hong Kong University of Science and Technology"),
        ("Liangyu Zhao", "bachelor", "University of Washington"),
        ("Liangyu Zhao", "doctorate", "University of Washington"),
        ("Liangyu Zhao", "master", "University of Washington"),
        ("Maximilian Lam", "bachelor", "University of California, Berkeley"),
        ("Maximilian Lam", "doctorate", "Harvard University"),
        ("Maximilian Lam", "master", "Stanford University"),
    ]
    orgs = {}
    for name, org in select(store_dir, """
      SELECT DISTINCT ?name ?org WHERE { ?doc a schema:DigitalDocument ; schema:about ?p .
        ?p schema:name ?name ; schema:worksFor ?r . ?r a schema:EmployeeRole ; schema:worksFor ?o .
        ?p schema:affiliation ?o . ?o schema:name ?org }"""):
        orgs.setdefault(name, set()).add(org)
    assert orgs == {
        "ChonLam Lao": {"Alibaba Cloud", "Google", "Harvard University", "University of Wisconsin-Madison"},
        "Hao Wang": {"Hong Kong University of Science and Technology", "Naturali", "Peking University"},
        "Liangyu Zhao": {"Microsoft Research", "ByteDance", "Microsoft", "Google", "Zap Surgical Systems"},
        "Maximilian Lam": {"Meta", "Harvard University", "Stanford University", "Google", "Linkedin"},
    }
    counts = dict(select(store_dir, """
      SELECT ?name (COUNT(DISTINCT ?w) AS ?n) WHERE { ?doc a schema:DigitalDocument ; schema:about ?p .
        ?p schema:name ?name . ?w a schema:ScholarlyArticle ; schema:author ?p ; bibo:authorList ?seq .
        ?seq rdf:_1 ?first } GROUP BY ?name"""))
    assert counts == {"ChonLam Lao": "9", "Hao Wang": "10", "Maximilian Lam": "14", "Liangyu Zhao": "7"}
