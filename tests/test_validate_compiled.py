"""The compiled SHACL engine (cvgraph.validate, engine="fast"): every SHACL Core component it
implements gives exactly plain pyshacl's results (engine="pyshacl") on conforming and
violating data; shapes graphs it does not implement and documents it does not read go to the
hybrid engine (and still agree); report_nt is the report as N-Triples with blank-node labels
unique per document.
"""
from __future__ import annotations

from collections import Counter

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import RDF, SH, XSD

from cvgraph import validate as V
from cvgraph.validate import load_shapes, validate_graph, validate_ntriples
from cvgraph.vocab import CVG, PROV, SCHEMA

from .test_shapes import fixture_graph
from .test_validate_fast import result_tuples

EX = "http://example.org/"

# One shapes graph exercising every component the compiled engine implements.
SHAPES = """
@prefix ex: <http://example.org/> .
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

ex:ThingShape a sh:NodeShape ;
    sh:targetClass ex:Thing ;
    sh:property
        [ sh:path ex:two ; sh:minCount 2 ; sh:maxCount 3 ; sh:message "two: 2..3 values" ] ,
        [ sh:path ex:int ; sh:datatype xsd:integer ; sh:message "int: xsd:integer"@en ] ,
        [ sh:path ex:str ; sh:datatype xsd:string ; sh:message "str: xsd:string", "str: second message" ] ,
        [ sh:path ex:lang ; sh:datatype rdf:langString ; sh:message "lang: rdf:langString" ] ,
        [ sh:path ex:date ; sh:datatype xsd:date ; sh:message "date: xsd:date" ] ,
        [ sh:path ex:bool ; sh:datatype xsd:boolean ; sh:message "bool: xsd:boolean" ] ,
        [ sh:path ex:year ; sh:datatype xsd:gYear ; sh:message "year: xsd:gYear" ] ,
        [ sh:path ex:lit ; sh:datatype rdfs:Literal ; sh:message "lit: any literal" ] ,
        [ sh:path ex:iri ; sh:nodeKind sh:IRI ; sh:message "iri: IRI" ] ,
        [ sh:path ex:literal ; sh:nodeKind sh:Literal ; sh:message "literal: Literal" ] ,
        [ sh:path ex:iriOrLiteral ; sh:nodeKind sh:IRIOrLiteral ; sh:message "iriOrLiteral" ] ,
        [ sh:path ex:bnodeOrIri ; sh:nodeKind sh:BlankNodeOrIRI ; sh:message "bnodeOrIri" ] ,
        [ sh:path ex:member ; sh:class ex:C1 ; sh:message "member: an ex:C1" ] ,
        [ sh:path ex:twoClasses ; sh:class ex:C1, ex:D ; sh:message "twoClasses: ex:C1 and ex:D" ] ,
        [ sh:path rdf:type ; sh:hasValue ex:Marked ; sh:severity sh:Warning ; sh:message "type: ex:Marked" ] ,
        [ sh:path ex:label ; sh:hasValue "Hello"@EN ; sh:message "label: Hello@en" ] ,
        [ sh:path ex:level ; sh:in ( "low" "high"@en 1 ex:Max ) ; sh:message "level: in list" ] ,
        [ sh:path ex:code ; sh:pattern "^ab[0-9]+$" ; sh:flags "i" ; sh:message "code: ab<digits>" ] ,
        [ sh:path ex:code2 ; sh:pattern "^x" , "y$" ; sh:message "code2: x...y" ] ,
        [ sh:path ex:score ; sh:minInclusive 0 ; sh:maxInclusive 1.5 ; sh:message "score: 0..1.5" ] ,
        [ sh:path ex:excl ; sh:minExclusive 0 ; sh:maxExclusive 10 ; sh:severity sh:Info ; sh:message "excl: (0, 10)" ] ,
        [ sh:path ex:when ; sh:minInclusive "2000-01-01"^^xsd:date ; sh:message "when: from 2000" ] ,
        [ sh:path ex:word ; sh:maxInclusive "m" ; sh:message "word: up to m" ] ,
        [ sh:path ex:same ; sh:equals ex:same2 ; sh:message "same: equals same2" ] ,
        [ sh:path ex:apart ; sh:disjoint ex:apart2 ; sh:message "apart: disjoint from apart2" ] ,
        [ sh:path ex:either ;
          sh:or ( [ sh:datatype xsd:gYear ] [ sh:datatype xsd:date ] [ sh:class ex:C1 ] ) ;
          sh:message "either: a year, a date or an ex:C1" ] ,
        [ sh:path ex:warnOr ; sh:or ( [ sh:datatype xsd:date ] [ sh:datatype xsd:gYear ; sh:severity sh:Warning ] ) ;
          sh:message "warnOr" ] ,
        [ sh:path ex:off ; sh:minCount 5 ; sh:deactivated true ; sh:message "never" ] ,
        [ sh:path ex:child ; sh:minCount 1 ; sh:message "child: at least one" ;
          sh:property [ sh:path ex:name ; sh:minCount 1 ; sh:datatype xsd:string ; sh:message "child name" ] ] ,
        ex:SharedProperty .

ex:SharedProperty a sh:PropertyShape ;
    sh:path ex:shared ; sh:maxCount 1 ; sh:message "shared: at most one" .

ex:OtherShape a sh:NodeShape ;
    sh:targetClass ex:Other ;
    sh:property ex:SharedProperty .

ex:LenientShape a sh:NodeShape ;
    sh:targetClass ex:Lenient ;
    sh:severity sh:Warning ;
    sh:property [ sh:path ex:must ; sh:minCount 1 ; sh:message "must: one (under a warning node shape)" ] .

ex:NodeTargets a sh:NodeShape ;
    sh:targetNode ex:fixed ;
    sh:class ex:Fixed ;
    sh:message "fixed: an ex:Fixed" .

ex:LiteralTarget a sh:NodeShape ;
    sh:targetNode "a literal focus" ;
    sh:nodeKind sh:Literal ; sh:in ( "a literal focus" ) ;
    sh:message "a literal focus node" .

ex:SubjectsOf a sh:NodeShape ;
    sh:targetSubjectsOf ex:owns ;
    sh:class ex:Owner ;
    sh:message "owner: an ex:Owner" .

ex:ObjectsOf a sh:NodeShape ;
    sh:targetObjectsOf ex:owns ;
    sh:nodeKind sh:IRI ;
    sh:in ( ex:house ex:car ) ;
    sh:message "owned: ex:house or ex:car" .

ex:TargetedProperty a sh:PropertyShape ;
    sh:targetClass ex:Counted ;
    sh:path ex:count ; sh:minCount 1 ; sh:datatype xsd:integer ; sh:message "count: one xsd:integer" .

ex:Off a sh:NodeShape ; sh:targetClass ex:Thing ; sh:deactivated true ; sh:class ex:Nothing ; sh:message "off" .
"""

CONFORMING = """
@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:C3 rdfs:subClassOf ex:C2 . ex:C2 rdfs:subClassOf ex:C1 .
ex:SubThing rdfs:subClassOf ex:Thing .
ex:good a ex:Thing, ex:Marked ;
    ex:two 1, 2 ; ex:int 5, "-3"^^xsd:integer ; ex:str "plain" ; ex:lang "hallo"@de ;
    ex:date "2021-05-01"^^xsd:date ; ex:bool true ; ex:year "2021"^^xsd:gYear ; ex:lit "x", 3, "y"@en ;
    ex:iri ex:a ; ex:literal "l" ; ex:iriOrLiteral ex:a, "b" ; ex:bnodeOrIri ex:b ;
    ex:member ex:m3 ; ex:twoClasses ex:both ; ex:label "Hello"@en ; ex:level "low", "high"@en, 1, ex:Max ;
    ex:code "AB123" ; ex:code2 "xay" ; ex:score 0, 1.5, 0.5e0 ; ex:excl 5 ; ex:when "2001-02-03"^^xsd:date ;
    ex:word "a" ; ex:same ex:s1, "s2" ; ex:same2 ex:s1, "s2" ; ex:apart ex:p1 ; ex:apart2 ex:p2 ;
    ex:either "2020"^^xsd:gYear, "2020-01-01"^^xsd:date, ex:m3 ; ex:warnOr "2020"^^xsd:gYear ;
    ex:child ex:kid ; ex:shared ex:one .
ex:kid ex:name "Kid" .
ex:m3 a ex:C3 . ex:both a ex:C2, ex:D .
ex:sub a ex:SubThing, ex:Marked ; ex:two 1, 2 ; ex:label "Hello"@en ; ex:child ex:kid .
ex:fixed a ex:Fixed .
ex:alice a ex:Owner ; ex:owns ex:house .
ex:tally a ex:Counted ; ex:count 3 .
ex:lenient a ex:Lenient ; ex:must 1 .
"""

VIOLATING = """
@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:C3 rdfs:subClassOf ex:C2 . ex:C2 rdfs:subClassOf ex:C1 .
ex:SubThing rdfs:subClassOf ex:Thing .
ex:bad a ex:Thing, ex:Other ;
    ex:two 1, 2, 3, 4 ;
    ex:int "abc"^^xsd:integer, "7", 7.0, "2"^^xsd:decimal ;
    ex:str "x"@en, 5, ex:notALiteral ;
    ex:lang "plain", "x"^^xsd:token ;
    ex:date "2021-13-45"^^xsd:date, "2021-05"^^xsd:gYearMonth, "2021-05-01" ;
    ex:bool "1"^^xsd:integer, "text" ;
    ex:year "21"^^xsd:gYear, 2021 ;
    ex:lit ex:notALiteral ;
    ex:iri "text", 3 ;
    ex:literal ex:a ;
    ex:iriOrLiteral ex:a ;
    ex:bnodeOrIri "text" ;
    ex:member ex:m2other, ex:untyped, "literal", ex:unrelated ;
    ex:twoClasses ex:m3 ;
    ex:label "Hello"@de, "Hello" ;
    ex:level "medium", "high", "high"@de, "1", 2, ex:Min ;
    ex:code "xab123", "ab12x", ex:ab1 ;
    ex:code2 "xa", "ay", ex:x_y ;
    ex:score -1, 1.6, "0.7", 2.0e0, "abc"^^xsd:decimal, ex:one ;
    ex:excl 0, 10, 11, -0.5 ;
    ex:when "1999-12-31"^^xsd:date, "2005"^^xsd:gYear, "2001-02-03" ;
    ex:word "z", "a"@en, 3 ;
    ex:same ex:s1, "only here" ; ex:same2 ex:s1, "only there" ;
    ex:apart ex:p1, ex:p2, "t" ; ex:apart2 ex:p2, "t" ;
    ex:either "2020-01"^^xsd:gYearMonth, "2020", ex:m2other, ex:unrelated ;
    ex:warnOr "2020-05"^^xsd:gYearMonth, "2020"^^xsd:gYear ;
    ex:child ex:kid, ex:nameless ;
    ex:shared ex:one, ex:two .
ex:kid ex:name "Kid"@en .
ex:m2other a ex:C2other . ex:m3 a ex:C3 . ex:unrelated a ex:Unrelated .
ex:sub a ex:SubThing ; ex:same2 "only there" ; ex:label "Hello"@en .
ex:fixed ex:p ex:o .
ex:bob ex:owns ex:boat, "a house" .
ex:tally a ex:Counted ; ex:count "3" .
ex:empty a ex:Counted .
ex:lenient a ex:Lenient .
"""


def shapes_graph(ttl: str = SHAPES) -> Graph:
    g = Graph()
    g.parse(data=ttl, format="turtle")
    return g


def data_graph(ttl: str) -> Graph:
    g = Graph(identifier=URIRef(EX + "doc"))
    g.parse(data=ttl, format="turtle")
    return g


@pytest.fixture(scope="module")
def sg() -> Graph:
    g = shapes_graph()
    assert not isinstance(V._compiled(g), str), V._compiled(g)
    return g


def compare(g: Graph, sg: Graph | None, expect_engine: str = "compiled", ntriples: bool = True):
    """Both engines on `g` (as a graph, and as N-Triples); returns the compiled engine's outcome."""
    ref = validate_graph(g, "doc", shapes=sg, engine="pyshacl")
    fast = validate_graph(g, "doc", shapes=sg, engine="fast")
    assert fast.engine == expect_engine
    ref_t, fast_t = result_tuples(ref.report_graph), result_tuples(fast.report_graph)
    assert fast_t == ref_t, f"only pyshacl {ref_t - fast_t}; only fast {fast_t - ref_t}"
    assert Counter(fast.results) == Counter(ref.results)
    assert fast.results == ref.results                  # same order too
    assert (fast.conforms, fast.violations, fast.warnings, fast.infos) == \
        (ref.conforms, ref.violations, ref.warnings, ref.infos)
    assert isomorphic(fast.report_graph, ref.report_graph)
    if ntriples:        # the same document as N-Triples (rdflib re-reads some literals differently)
        nt = g.serialize(format="nt", encoding="utf-8")
        ref_nt = validate_ntriples(str(g.identifier), "doc", nt, shapes=sg, engine="pyshacl")
        by_nt = validate_ntriples(str(g.identifier), "doc", nt, shapes=sg, engine="fast")
        assert by_nt.engine == expect_engine
        assert by_nt.results == ref_nt.results and by_nt.conforms is ref_nt.conforms
        assert result_tuples(by_nt.report_graph) == result_tuples(ref_nt.report_graph)
        assert isomorphic(by_nt.report_graph, ref_nt.report_graph)
    return fast


# --- every component, conforming and violating ------------------------------------------------
def test_conforming_data_gives_no_results(sg):
    out = compare(data_graph(CONFORMING), sg)
    assert out.conforms and out.results == []


def test_violating_data_same_results_as_pyshacl(sg):
    out = compare(data_graph(VIOLATING), sg)
    assert not out.conforms
    components = {r.source_constraint_component for r in out.results}
    for c in ("MinCount", "MaxCount", "Datatype", "NodeKind", "Class", "HasValue", "In", "Pattern",
              "MinInclusive", "MaxInclusive", "MinExclusive", "MaxExclusive", "Equals", "Disjoint", "Or"):
        assert f"sh:{c}ConstraintComponent" in components, c
    assert {r.severity for r in out.results} == {"Violation", "Warning", "Info"}
    # the deactivated shapes said nothing
    assert not any(r.message in ("never", "off") for r in out.results)
    # ill-typed literals fail sh:datatype, as in pyshacl
    bad_values = {r.value for r in out.results if r.source_constraint_component == "sh:DatatypeConstraintComponent"}
    assert {"abc", "2021-13-45", "text"} <= bad_values


@pytest.mark.parametrize("ttl", [
    # a subclass chain in the data graph: instances of ex:SubThing are ex:Thing targets
    "ex:SubThing rdfs:subClassOf ex:Thing . ex:x a ex:SubThing ; ex:member ex:m . ex:m a ex:C4 . "
    "ex:C4 rdfs:subClassOf ex:C3 . ex:C3 rdfs:subClassOf ex:C2 . ex:C2 rdfs:subClassOf ex:C1 .",
    "ex:x a ex:Thing ; ex:member ex:m . ex:m a ex:C2 .",                 # no subclass statement
    "ex:x a ex:Thing ; ex:member ex:m . ex:m a ex:C2 . ex:C2 rdfs:subClassOf ex:C9 .",
    "ex:A rdfs:subClassOf ex:B . ex:B rdfs:subClassOf ex:A . ex:x a ex:A ; ex:member ex:x .",   # a cycle
    "ex:x a ex:Thing ; ex:two 1 ; ex:same2 2 .",                        # equals with no values of its own
    "ex:x a ex:Thing, ex:Other ; ex:shared 1, 2 .",                     # a shared shape under two node shapes
    "ex:x a ex:Thing ; ex:child ex:c1, ex:c2 . ex:c1 ex:name 1 . ex:y a ex:Thing ; ex:child ex:c1 .",
    "ex:x a ex:Thing ; ex:lang \"a\"@en-gb, \"b\"@de-1996 ; ex:level \"high\"@en .",
    "ex:x a ex:Thing ; ex:str \"tab\\there\", \"quote \\\" and \\\\ and\\nnewline\" ; ex:code \"\\u00e9ab1\" .",
    "ex:x a ex:Thing ; ex:score 1.0, 1.50e0, \"1E0\"^^xsd:float, \"-0.0\"^^xsd:double .",
    "ex:x ex:owns ex:car, ex:house . ex:x a ex:Owner .",
    "ex:x a ex:Lenient, ex:Thing ; ex:must 1 .",
])
def test_small_documents_same_results_as_pyshacl(sg, ttl):
    prefixes = ("@prefix ex: <http://example.org/> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> . "
                "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n")
    compare(data_graph(prefixes + ttl), sg)


def test_warning_node_shape_over_violation_property_conforms_as_in_pyshacl(sg):
    """pyshacl: a node shape of severity Warning conforms whatever its property shapes say."""
    g = data_graph("@prefix ex: <http://example.org/> . ex:lenient a ex:Lenient . ex:fixed a ex:Fixed .")
    out = compare(g, sg)
    assert out.conforms is False and out.violations == 1          # conforms needs no Violation result
    ref_node = out.report_graph.value(predicate=RDF.type, object=SH.ValidationReport)
    assert out.report_graph.value(ref_node, SH.conforms) == Literal(True)


# --- the cvgraph shapes: documents with everything the mapper writes ------------------------------
@pytest.mark.parametrize("name", ["person_ok.ttl", "author_list_bad.ttl", "credential_bad_dates.ttl",
                                  "property_value_bad.ttl", "document_bad.ttl"])
def test_cvgraph_fixtures_run_compiled(name):
    out = compare(fixture_graph(name), None)
    assert out.engine == "compiled"


# --- what the compiled engine leaves to the hybrid engine ------------------------------------------
UNSUPPORTED = {
    "sh:node": "ex:S a sh:NodeShape ; sh:targetClass ex:Thing ; sh:property [ sh:path ex:member ; "
               "sh:node [ sh:class ex:C1 ] ; sh:message \"node\" ] .",
    "sh:minLength": "ex:S a sh:NodeShape ; sh:targetClass ex:Thing ; sh:property [ sh:path ex:str ; "
                    "sh:minLength 3 ; sh:message \"short\" ] .",
    "inverse path": "ex:S a sh:NodeShape ; sh:targetClass ex:C1 ; sh:property [ sh:path [ sh:inversePath ex:member ] ; "
                    "sh:minCount 1 ; sh:message \"inverse\" ] .",
    "no message": "ex:S a sh:NodeShape ; sh:targetClass ex:Thing ; sh:property [ sh:path ex:int ; "
                  "sh:datatype xsd:integer ] .",
    "minCount on a node shape": "ex:S a sh:NodeShape ; sh:targetClass ex:Thing ; sh:minCount 1 ; sh:message \"m\" .",
    "implicit class target": "ex:Thing a rdfs:Class, sh:NodeShape ; sh:property [ sh:path ex:int ; "
                             "sh:datatype xsd:integer ; sh:message \"i\" ] .",
}


@pytest.mark.parametrize("why", sorted(UNSUPPORTED))
def test_unsupported_shapes_fall_back_to_hybrid_and_agree(why):
    ttl = ("@prefix ex: <http://example.org/> . @prefix sh: <http://www.w3.org/ns/shacl#> . "
           "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> . "
           "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n" + UNSUPPORTED[why])
    sg = shapes_graph(ttl)
    assert isinstance(V._compiled(sg), str)
    if why == "minCount on a node shape":                         # pyshacl refuses the shapes graph
        with pytest.raises(Exception):
            validate_graph(data_graph(VIOLATING), "doc", shapes=sg, engine="pyshacl")
        with pytest.raises(Exception):
            validate_graph(data_graph(VIOLATING), "doc", shapes=sg, engine="fast")
        return
    out = compare(data_graph(VIOLATING), sg, expect_engine="hybrid")
    assert out.results


def test_cvgraph_shapes_plus_an_unsupported_shape_fall_back_whole():
    sg = Graph()
    for t in load_shapes():
        sg.add(t)
    sg.parse(data="@prefix sh: <http://www.w3.org/ns/shacl#> . @prefix schema: <http://schema.org/> . "
                  "<http://example.org/S> sh:targetClass schema:Person ; sh:property [ sh:path schema:name ; "
                  "sh:maxLength 3 ; sh:message \"long name\" ] .", format="turtle")
    assert isinstance(V._compiled(sg), str)
    out = compare(fixture_graph("person_bad_orcid.ttl"), sg, expect_engine="hybrid")
    assert any(r.message == "long name" for r in out.results)


@pytest.mark.parametrize("extra", [
    (BNode(), CVG.researchInterest, Literal("blank subject")),            # blank nodes
    (URIRef(EX + "jane"), CVG.researchInterest, Literal("Doe", lang="EN-GB")),   # upper-case language tag
    (URIRef(EX + "jane"), CVG.researchInterest, Literal("x", datatype=XSD.string)),   # explicit xsd:string
    (URIRef(EX + "jane"), CVG.researchInterest, Literal("1.50", datatype=XSD.decimal)),   # oxigraph: "1.5"
])
def test_documents_the_compiled_engine_does_not_read_fall_back_and_agree(extra):
    g = fixture_graph("article_author_list.ttl")
    g.add(extra)
    compare(g, None, expect_engine="hybrid")


def test_non_canonical_ntriples_text_falls_back_and_agrees():
    g = fixture_graph("person_bad_orcid.ttl")
    nt = g.serialize(format="nt", encoding="utf-8").decode()
    odd = "# a comment\n\n" + nt.replace("> <", ">  <", 3).replace(" .\n", " .   \n", 2)
    ref = validate_ntriples(str(g.identifier), "doc", odd, engine="pyshacl")
    fast = validate_ntriples(str(g.identifier), "doc", odd, engine="fast")
    assert fast.engine == "hybrid" and fast.results == ref.results and ref.results
    canonical = validate_ntriples(str(g.identifier), "doc", nt, engine="fast")
    assert canonical.engine == "compiled" and canonical.results == ref.results


def test_invalid_ntriples_raise_in_every_engine():
    bad = "<http://example.org/a> <http://example.org/p> \"unterminated .\n"
    for engine in V.ENGINES:
        with pytest.raises(Exception):
            validate_ntriples(EX + "doc", "doc", bad, engine=engine)


# --- report_nt ---------------------------------------------------------------------------------------
def test_report_nt_is_the_report_with_labels_unique_per_document():
    g1 = fixture_graph("property_value_bad.ttl")
    g2 = Graph(identifier=URIRef(EX + "doc2"))
    for t in g1:
        g2.add(t)
    out1 = validate_graph(g1, "one", engine="fast")
    out2 = validate_graph(g2, "two", engine="fast")
    ref = validate_graph(g1, "one", engine="pyshacl")
    for out in (out1, out2):
        lines = out.report_nt.decode().splitlines()
        assert lines and all(ln.endswith(" .") for ln in lines)
        assert len(Graph().parse(data=out.report_nt, format="nt")) == len(lines)     # one triple a line
    labels = [set(_labels(o.report_nt)) for o in (out1, out2)]
    assert labels[0] and labels[1] and not labels[0] & labels[1]
    assert len({lb.split("_")[0] for lb in labels[0]}) == 1            # one prefix per document
    # both reports in one graph: two reports, each with its own results and provenance
    merged = Graph()
    merged.parse(data=out1.report_nt + out2.report_nt, format="nt")
    reports = set(merged.subjects(RDF.type, SH.ValidationReport))
    assert len(reports) == 2
    for rep, doc in ((r, merged.value(r, CVG.validates)) for r in reports):
        assert merged.value(rep, PROV.wasDerivedFrom) == doc
        assert len(list(merged.objects(rep, SH.result))) == out1.violations + out1.warnings
        assert merged.value(rep, SCHEMA.name) in (Literal("one"), Literal("two"))
    # report_graph (built lazily from report_nt) is pyshacl's report plus the provenance
    assert "_report_graph" not in out1.__dict__
    assert isomorphic(out1.report_graph, ref.report_graph)
    assert result_tuples(out1.report_graph) == result_tuples(ref.report_graph)


@pytest.mark.parametrize("engine", V.ENGINES)
def test_report_nt_in_every_engine(engine):
    g = fixture_graph("author_list_bad.ttl")
    out = validate_graph(g, "x", engine=engine)
    parsed = out.__class__(source_name="x", conforms=out.conforms, violations=out.violations,
                           warnings=out.warnings, report_nt=out.report_nt)
    assert isomorphic(parsed.report_graph, out.report_graph)
    assert result_tuples(parsed.report_graph) == result_tuples(out.report_graph)
    assert all(lb.startswith(V._bnode_prefix(EX + "doc", "x")) for lb in _labels(out.report_nt))


def _labels(nt: bytes) -> list[str]:
    import re
    return re.findall(r"_:([A-Za-z0-9_]+)", nt.decode())


# --- synthetic corpus documents through the build's route (N-Triples after link) --------------------
@pytest.mark.slow
def test_synthetic_corpus_documents_same_results_as_pyshacl(tmp_path):
    """bench.generate CVs, mapped and linked as the build does; every document and a broken
    variant of each validated as N-Triples by the compiled engine and by plain pyshacl."""
    import random

    from bench.generate import main as generate
    from cvgraph.build import process_document
    from cvgraph.config import Settings
    from cvgraph.link import link_ntriples

    from .test_validate_fast import MUTATIONS

    assert generate(["--n", "8", "--seed", "5", "--out", str(tmp_path / "cvs")]) == 0
    settings = Settings()
    mapped = [process_document(str(f), settings) for f in sorted((tmp_path / "cvs").rglob("*")) if f.is_file()]
    mapped = [r for r in mapped if r.error is None]
    assert len(mapped) >= 6
    linked = link_ntriples([(r.doc_iri, r.ntriples) for r in mapped], settings)
    rng = random.Random(3)
    seen_results = 0
    for (iri, text), r in zip(linked.documents, mapped):
        g = Graph(identifier=URIRef(iri))
        g.parse(data=text, format="nt")
        broken = Graph(identifier=URIRef(iri))
        for t in g:
            broken.add(t)
        for op in rng.sample(MUTATIONS, 3):
            op(broken, rng)
        for nt in (text, broken.serialize(format="nt", encoding="utf-8")):
            ref = validate_ntriples(iri, r.name, nt, engine="pyshacl")
            fast = validate_ntriples(iri, r.name, nt, engine="fast")
            assert fast.engine == "compiled"
            assert fast.results == ref.results and fast.conforms is ref.conforms
            assert result_tuples(fast.report_graph) == result_tuples(ref.report_graph)
            assert isomorphic(fast.report_graph, ref.report_graph)
            seen_results += len(ref.results)
    assert seen_results > 0
