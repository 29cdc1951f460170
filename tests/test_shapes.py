"""SHACL shapes (shapes/cvgraph-shapes.ttl), the validate stage, the ontology and the JSON-LD
context (ontology/context.jsonld).

Fixtures: tests/fixtures/shapes/*.ttl, each merged with _base.ttl (a valid document, its
subject and one university). *_ok.ttl fixtures must conform with no results at all; the
others must give exactly the results listed in EXPECTED (severity, focus node, result path,
source shape, source constraint or constraint component).
"""
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import RDF, SH

from cvgraph import config
from cvgraph.config import Settings
from cvgraph.identifiers import orcid_checksum_ok
from cvgraph.iris import document_iri
from cvgraph.record import (Author, Award, CVRecord, Education, Patent, Person, Position,
                            Publication, Service, Talk, Teaching)
from cvgraph.validate import format_results, load_shapes, validate_graph
from cvgraph.vocab import CVG, PROV, SCHEMA
from mappers.rdf import SourceInfo, map_record

FIXTURES = Path(__file__).parent / "fixtures" / "shapes"
BASE = FIXTURES / "_base.ttl"
CONTEXT = config.ONTOLOGY_DIR / "context.jsonld"
ONTOLOGY = config.ONTOLOGY_DIR / "cvgraph.ttl"
EX = "http://example.org/"

V, W = "Violation", "Warning"


def fixture_graph(name: str) -> Graph:
    g = Graph(identifier=URIRef(EX + "doc"))
    g.parse(BASE, format="turtle")
    if name != BASE.name:
        g.parse(FIXTURES / name, format="turtle")
    return g


def short(node: str) -> str:
    return node.strip("<>").replace(EX, "ex:")


def result_keys(outcome) -> list[tuple]:
    return sorted(
        (r.severity, short(r.focus_node), r.result_path, r.source_shape,
         r.source_constraint or r.source_constraint_component)
        for r in outcome.results
    )


# --- exact expected results of every fixture ------------------------------------------
EXPECTED: dict[str, list[tuple]] = {
    "_base.ttl": [],
    "person_ok.ttl": [],
    "organization_ok.ttl": [],
    "credential_ok.ttl": [],
    "role_ok.ttl": [],
    "article_ok.ttl": [],
    "patent_ok.ttl": [],
    "teaching_ok.ttl": [],
    "merge_ok.ttl": [],
    "document_bad.ttl": [
        (V, "ex:doc2", "rdf:type", "cvgsh:DocumentShape[rdf:type]", "sh:HasValueConstraintComponent"),
        (V, "ex:doc2", "schema:about", "cvgsh:DocumentShape[schema:about]", "sh:ClassConstraintComponent"),
        (V, "ex:doc2", "schema:sha256", "cvgsh:DocumentShape[schema:sha256]", "sh:PatternConstraintComponent"),
        (V, "ex:doc2/count/x", "cvg:count", "cvgsh:ExtractedCountShape[cvg:count]", "sh:MinInclusiveConstraintComponent"),
        (V, "ex:doc2/count/x", "cvg:factKind", "cvgsh:ExtractedCountShape[cvg:factKind]", "sh:MinCountConstraintComponent"),
    ],
    "person_bad_email.ttl": [
        (V, "ex:bob", "foaf:mbox", "cvgsh:PersonShape[foaf:mbox]", "sh:PatternConstraintComponent"),
        (V, "ex:bob", "schema:email", "cvgsh:PersonEmailProperty", "sh:PatternConstraintComponent"),
    ],
    "person_bad_mbox.ttl": [
        (V, "ex:bob", "foaf:mbox", "cvgsh:PersonMboxMatchesEmail", "cvgsh:PersonMboxMatchesEmailConstraint"),
    ],
    "person_bad_names.ttl": [
        (V, "ex:bob", "foaf:name", "cvgsh:PersonShape[foaf:name]", "sh:EqualsConstraintComponent"),
        (V, "ex:bob", "foaf:name", "cvgsh:PersonShape[foaf:name]", "sh:EqualsConstraintComponent"),
        (V, "ex:bob", "rdf:type", "cvgsh:PersonShape[rdf:type]", "sh:HasValueConstraintComponent"),
    ],
    "person_unnamed.ttl": [
        (W, "ex:anon", "schema:name", "cvgsh:PersonShape[schema:name]", "sh:MinCountConstraintComponent"),
    ],
    "person_bad_orcid.ttl": [
        (V, "ex:bob", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:OrcidChecksumConstraint"),
        (V, "ex:bob", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:OrcidFormConstraint"),
        (V, "ex:bob", "schema:sameAs", "cvgsh:SameAsProperty", "sh:NodeKindConstraintComponent"),
        (W, "ex:bob", "schema:telephone", "cvgsh:PersonTelephoneProperty", "sh:PatternConstraintComponent"),
    ],
    "person_bad_links.ttl": [
        (V, "ex:bob", "cvg:sourceLine", "cvgsh:SourceLineProperty", "sh:MinInclusiveConstraintComponent"),
        (V, "ex:bob", "prov:wasDerivedFrom", "cvgsh:DerivedFromProperty", "sh:ClassConstraintComponent"),
        (V, "ex:bob", "schema:alumniOf", "cvgsh:PersonShape[schema:alumniOf]", "sh:ClassConstraintComponent"),
        (V, "ex:bob", "schema:hasCredential", "cvgsh:PersonShape[schema:hasCredential]", "sh:ClassConstraintComponent"),
        (V, "ex:bob", "schema:worksFor", "cvgsh:PersonShape[schema:worksFor]", "sh:ClassConstraintComponent"),
    ],
    "property_value_bad.ttl": [
        (V, "ex:doc/identifier/orcid", "schema:propertyID", "cvgsh:PropertyValueShape[schema:propertyID]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/identifier/orcid", "schema:url", "cvgsh:PropertyValueShape[schema:url]", "cvgsh:OrcidChecksumConstraint"),
        (V, "ex:doc/identifier/orcid", "schema:value", "cvgsh:PropertyValueShape[schema:value]", "sh:MaxCountConstraintComponent"),
    ],
    "organization_bad.ttl": [
        (V, "ex:acme", "rdf:type", "cvgsh:OrganizationSubclassShape[rdf:type]", "sh:HasValueConstraintComponent"),
        (V, "ex:lab", "schema:name", "cvgsh:OrganizationShape[schema:name]", "sh:MinCountConstraintComponent"),
        (V, "ex:lab", "schema:parentOrganization", "cvgsh:OrganizationShape[schema:parentOrganization]", "sh:ClassConstraintComponent"),
        (V, "ex:lab", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:RorFormConstraint"),
    ],
    "credential_bad_fields.ttl": [
        (V, "ex:doc/credential/1", "cvg:unfinished", "cvgsh:CredentialShape[cvg:unfinished]", "sh:DatatypeConstraintComponent"),
        (V, "ex:doc/credential/1", "schema:educationalLevel", "cvgsh:CredentialShape[schema:educationalLevel]", "sh:InConstraintComponent"),
        (V, "ex:doc/credential/1", "schema:name", "cvgsh:CredentialShape[schema:name]", "sh:MaxCountConstraintComponent"),
        (V, "ex:doc/credential/1", "schema:recognizedBy", "cvgsh:CredentialShape[schema:recognizedBy]", "sh:MinCountConstraintComponent"),
    ],
    "credential_bad_dates.ttl": [
        (V, "ex:doc/credential/1", "schema:endDate", "cvgsh:PeriodOrder", "cvgsh:StartBeforeEndConstraint"),
        (V, "ex:doc/credential/2", "schema:endDate", "cvgsh:EndDateYearRange", "cvgsh:YearRangeConstraint"),
        (V, "ex:doc/credential/2", "schema:startDate", "cvgsh:StartDateProperty", "sh:OrConstraintComponent"),
    ],
    "credential_no_dates.ttl": [
        (W, "ex:doc/credential/1", "schema:endDate", "cvgsh:CredentialWithoutDates", "cvgsh:CredentialWithoutDatesConstraint"),
    ],
    "credential_no_alumni.ttl": [
        (V, "ex:doc/credential/1", "schema:recognizedBy", "cvgsh:CredentialAlumniOf", "cvgsh:CredentialAlumniOfConstraint"),
    ],
    "thesis_bad.ttl": [
        (V, "ex:doc/thesis/1", "rdf:type", "cvgsh:ThesisShape[rdf:type]", "sh:HasValueConstraintComponent"),
        (V, "ex:doc/thesis/1", "schema:author", "cvgsh:ThesisShape[schema:author]", "sh:MinCountConstraintComponent"),
    ],
    "role_bad.ttl": [
        (V, "ex:doc/role/1", "schema:endDate", "cvgsh:PeriodOrder", "cvgsh:StartBeforeEndConstraint"),
        (V, "ex:doc/role/1", "schema:roleName", "cvgsh:EmployeeRoleShape[schema:roleName]", "sh:MaxCountConstraintComponent"),
        (V, "ex:doc/role/1", "schema:worksFor", "cvgsh:EmployeeRoleShape[schema:worksFor]", "sh:MinCountConstraintComponent"),
    ],
    "role_warnings.ttl": [
        (V, "ex:doc/role/1", "schema:worksFor", "cvgsh:EmployeeRoleAffiliation", "cvgsh:EmployeeRoleAffiliationConstraint"),
        (W, "ex:doc/role/1", "schema:startDate", "cvgsh:EmployeeRoleStartDateWarning", "sh:MinCountConstraintComponent"),
    ],
    "article_bad_fields.ttl": [
        (V, "ex:paper", "bibo:authorList", "cvgsh:ScholarlyArticleShape[bibo:authorList]", "sh:ClassConstraintComponent"),
        (V, "ex:paper", "bibo:authorList", "cvgsh:ScholarlyArticleShape[bibo:authorList]", "sh:NodeKindConstraintComponent"),
        (V, "ex:paper", "schema:author", "cvgsh:ScholarlyArticleShape[schema:author]", "sh:MinCountConstraintComponent"),
        (V, "ex:paper", "schema:creativeWorkStatus", "cvgsh:ScholarlyArticleShape[schema:creativeWorkStatus]", "sh:InConstraintComponent"),
        (V, "ex:paper", "schema:datePublished", "cvgsh:DatePublishedProperty", "sh:MaxCountConstraintComponent"),
        (V, "ex:paper", "schema:isPartOf", "cvgsh:ScholarlyArticleShape[schema:isPartOf]", "sh:ClassConstraintComponent"),
    ],
    "article_no_date.ttl": [
        (V, "ex:old", "schema:datePublished", "cvgsh:DatePublishedYearRange", "cvgsh:YearRangeConstraint"),
        (W, "ex:paper", "schema:datePublished", "cvgsh:DatePublishedWarning", "cvgsh:DatePublishedWarningConstraint"),
    ],
    "article_bad_identifiers.ttl": [
        (V, "ex:paper", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:ArxivFormConstraint"),
        (V, "ex:paper", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:DoiFormConstraint"),
        (V, "ex:paper", "schema:sameAs", "cvgsh:SameAsIdentifiers", "cvgsh:DoiFormConstraint"),
    ],
    "article_author_list.ttl": [
        (V, "ex:paper", "bibo:authorList", "cvgsh:AuthorListMembersAreAuthors", "cvgsh:AuthorListMembersAreAuthorsConstraint"),
        (W, "ex:paper", "schema:author", "cvgsh:AuthorsInAuthorList", "cvgsh:AuthorsInAuthorListConstraint"),
    ],
    "author_list_bad.ttl": [
        (V, "ex:doc/authors/1", "rdf:_3", "cvgsh:AuthorListShape", "cvgsh:AuthorListGapConstraint"),
        (V, "ex:doc/authors/2", "rdf:_1", "cvgsh:AuthorListShape", "cvgsh:AuthorListMemberConstraint"),
        (V, "ex:doc/authors/3", "rdf:_1", "cvgsh:AuthorListShape", "cvgsh:AuthorListDuplicatePositionConstraint"),
        (V, "ex:doc/authors/3", "rdf:_1", "cvgsh:AuthorListShape", "cvgsh:AuthorListDuplicatePositionConstraint"),
    ],
    "authorship_bad.ttl": [
        (V, "ex:doc/authorship/1/1", "cvg:agent", "cvgsh:AuthorshipShape[cvg:agent]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/authorship/1/1", "cvg:authorPosition", "cvgsh:AuthorshipShape[cvg:authorPosition]", "sh:MinInclusiveConstraintComponent"),
        (V, "ex:doc/authorship/1/1", "cvg:equalContribution", "cvgsh:AuthorshipShape[cvg:equalContribution]", "sh:DatatypeConstraintComponent"),
        (V, "ex:doc/authorship/1/2", "cvg:authorPosition", "cvgsh:AuthorshipMatchesAuthorList", "cvgsh:AuthorshipMatchesAuthorListConstraint"),
    ],
    "venue_bad.ttl": [
        (V, "ex:nsdi", "rdf:type", "cvgsh:VenueShape[rdf:type]", "sh:HasValueConstraintComponent"),
        (V, "ex:nsdi", "schema:name", "cvgsh:VenueShape[schema:name]", "sh:MinCountConstraintComponent"),
    ],
    "patent_bad.ttl": [
        (V, "ex:patent", "rdf:type", "cvgsh:PatentShape[rdf:type]", "sh:HasValueConstraintComponent"),
        (V, "ex:patent", "schema:author", "cvgsh:PatentShape[schema:author]", "sh:MinCountConstraintComponent"),
        (V, "ex:patent", "schema:dateCreated", "cvgsh:DateCreatedProperty", "sh:OrConstraintComponent"),
    ],
    "teaching_bad.ttl": [
        (V, "ex:doc/course/2", "schema:name", "cvgsh:CourseShape[schema:name]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/service/1", "schema:roleName", "cvgsh:ServiceRoleShape[schema:roleName]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/talk/1", "schema:name", "cvgsh:TalkShape[schema:name]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/talk/1", "schema:startDate", "cvgsh:StartDateProperty", "sh:OrConstraintComponent"),
        (V, "ex:doc/teaching/1", "cvg:course", "cvgsh:TeachingRoleShape[cvg:course]", "sh:MinCountConstraintComponent"),
        (V, "ex:doc/teaching/1", "cvg:term", "cvgsh:TeachingRoleShape[cvg:term]", "sh:MaxCountConstraintComponent"),
    ],
    "identity_ok.ttl": [],
    "identity_bad.ttl": [
        (V, "ex:decision/3", "cvg:evidence", "cvgsh:IdentityDecisionShape[cvg:evidence]", "sh:MinCountConstraintComponent"),
        (V, "ex:decision/3", "cvg:mergedFrom", "cvgsh:IdentityDecisionShape[cvg:mergedFrom]", "sh:MaxCountConstraintComponent"),
        (V, "ex:decision/3", "cvg:method", "cvgsh:IdentityDecisionShape[cvg:method]", "sh:MinCountConstraintComponent"),
        (V, "ex:decision/3", "prov:wasDerivedFrom", "cvgsh:IdentityDecisionShape[prov:wasDerivedFrom]", "sh:MinCountConstraintComponent"),
    ],
    "merge_bad.ttl": [
        (V, "ex:decision/1", "cvg:mergedFrom", "cvgsh:MergeDecisionShape[cvg:mergedFrom]", "sh:DisjointConstraintComponent"),
        (V, "ex:decision/1", "cvg:score", "cvgsh:MergeDecisionShape[cvg:score]", "sh:MaxInclusiveConstraintComponent"),
        (V, "ex:decision/2", "cvg:mergedInto", "cvgsh:MergeDecisionShape[cvg:mergedInto]", "sh:MinCountConstraintComponent"),
    ],
}

OK_FIXTURES = sorted(name for name, exp in EXPECTED.items() if not exp)


def test_every_fixture_has_expectations():
    on_disk = {p.name for p in FIXTURES.glob("*.ttl")}
    assert on_disk == set(EXPECTED), "add new fixtures to EXPECTED (or remove stale entries)"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_results(name):
    outcome = validate_graph(fixture_graph(name), name)
    assert result_keys(outcome) == sorted(EXPECTED[name])
    expected_v = sum(1 for e in EXPECTED[name] if e[0] == V)
    assert outcome.violations == expected_v
    assert outcome.warnings == len(EXPECTED[name]) - expected_v
    assert outcome.conforms is (expected_v == 0)
    for r in outcome.results:
        assert r.message and "{" not in r.message, "every result carries a filled-in human message"


# --- coverage: every shape has a conforming and a violating example ----------------------
def _shapes():
    return load_shapes()


def _label(node) -> str:
    sg = _shapes()
    if isinstance(node, BNode):
        parent = sg.value(predicate=SH.property, object=node)
        path = sg.value(node, SH.path)
        return f"{sg.namespace_manager.normalizeUri(parent)}[{sg.namespace_manager.normalizeUri(path)}]"
    return sg.namespace_manager.normalizeUri(node)


def _node_shapes():
    sg = _shapes()
    return sorted(set(sg.subjects(RDF.type, SH.NodeShape)), key=str)


def _targets(shape) -> list[tuple[URIRef, URIRef]]:
    sg = _shapes()
    return ([(SH.targetClass, c) for c in sg.objects(shape, SH.targetClass)]
            + [(SH.targetObjectsOf, p) for p in sg.objects(shape, SH.targetObjectsOf)])


def _instances(g: Graph, kind, what) -> list:
    if kind == SH.targetClass:
        return sorted(g.subjects(RDF.type, what), key=str)
    return sorted(set(g.objects(None, what)), key=str)


def _violating_labels() -> set[str]:
    return {e[3] for exp in EXPECTED.values() for e in exp} | {e[4] for exp in EXPECTED.values() for e in exp}


@pytest.mark.parametrize("shape", _node_shapes(), ids=lambda s: str(s).split("#")[-1])
def test_node_shape_has_conforming_and_violating_examples(shape):
    name = _label(shape)
    conforming = [
        f for f in OK_FIXTURES
        if any(_instances(fixture_graph(f), k, w) for k, w in _targets(shape))
    ]
    assert conforming, f"no conforming fixture holds a target of {name}"
    sg = _shapes()
    own = {name} | {_label(p) for p in sg.objects(shape, SH.property)} \
        | {_label(c) for c in sg.objects(shape, SH.sparql)}
    assert own & _violating_labels(), f"no violating fixture for {name}"


def test_every_sparql_constraint_has_a_violating_fixture():
    sg = _shapes()
    constraints = {_label(c) for c in sg.subjects(RDF.type, SH.SPARQLConstraint)}
    assert constraints - _violating_labels() == set()


_VALUE_KINDS = (SH.datatype, SH["or"], SH["class"], SH.nodeKind, SH["in"], SH.pattern, SH.equals,
                SH.minInclusive, SH.maxInclusive, SH.disjoint)


def _property_shape_cases():
    sg = _shapes()
    cases = []
    for shape in _node_shapes():
        for prop in sg.objects(shape, SH.property):
            if not any((prop, k, None) in sg for k in _VALUE_KINDS + (SH.hasValue, SH.minCount)):
                continue   # SPARQL-only property shapes: covered by the fixtures above
            cases.append((shape, prop))
    return cases


@pytest.mark.parametrize("shape,prop", _property_shape_cases(),
                         ids=lambda x: _label(x) if not isinstance(x, tuple) else str(x))
def test_every_property_shape_rejects_a_mutation(shape, prop):
    """Take a conforming fixture, break one value of the property shape's path, expect a
    result from exactly that property shape with its severity and path."""
    sg = _shapes()
    path = sg.value(prop, SH.path)
    severity = {SH.Warning: W, SH.Info: "Info"}.get(sg.value(prop, SH.severity), V)
    for fixture in [BASE.name] + OK_FIXTURES:
        g = fixture_graph(fixture)
        focus = next((n for k, w in _targets(shape) for n in _instances(g, k, w)), None)
        if focus is not None:
            break
    else:
        pytest.fail(f"no conforming fixture holds a target of {_label(shape)}")
    assert validate_graph(g, fixture).results == []

    has_value = sg.value(prop, SH.hasValue)
    if has_value is not None:
        g.remove((focus, path, has_value))
    elif any((prop, k, None) in sg for k in _VALUE_KINDS):
        wants_iri = (prop, SH["class"], None) in sg or (prop, SH.nodeKind, SH.IRI) in sg
        g.add((focus, path, Literal(42) if wants_iri else URIRef(EX + "not-a-literal")))
    else:   # only sh:minCount
        g.remove((focus, path, None))

    outcome = validate_graph(g, fixture)
    hits = [r for r in outcome.results
            if r.source_shape == _label(prop) and r.focus_node == str(focus)]
    assert hits, format_results([outcome])
    assert {r.severity for r in hits} == {severity}
    assert {r.result_path for r in hits} == {sg.namespace_manager.normalizeUri(path)}


# --- identifiers: the SPARQL ORCID check digit agrees with cvgraph.identifiers --------------
def test_orcid_checksum_constraint_agrees_with_python():
    rng = random.Random(7)
    g = fixture_graph(BASE.name)
    jane = URIRef(EX + "jane")
    iris = []
    for _ in range(60):
        digits = "".join(rng.choice("0123456789") for _ in range(15)) + rng.choice("0123456789X")
        orcid = "-".join(digits[i:i + 4] for i in range(0, 16, 4))
        iris.append((orcid, URIRef("https://orcid.org/" + orcid)))
        g.add((jane, SCHEMA.sameAs, iris[-1][1]))
    # make sure both outcomes are represented: fix the check digit of a third of them
    for orcid, iri in iris[:20]:
        total = 0
        for ch in orcid.replace("-", "")[:-1]:
            total = (total + int(ch)) * 2
        check = (12 - total % 11) % 11
        good = orcid[:-1] + ("X" if check == 10 else str(check))
        g.add((jane, SCHEMA.sameAs, URIRef("https://orcid.org/" + good)))
        iris.append((good, URIRef("https://orcid.org/" + good)))
    outcome = validate_graph(g, "orcids")
    flagged = {r.value for r in outcome.results if r.source_constraint == "cvgsh:OrcidChecksumConstraint"}
    expected = {str(iri) for orcid, iri in iris if not orcid_checksum_ok(orcid)}
    assert flagged == expected
    assert 0 < len(expected) < len({str(i) for _, i in iris})


# --- the validate stage ------------------------------------------------------------------
def test_load_shapes_is_cached_and_complete():
    assert load_shapes() is load_shapes()
    sg = load_shapes()
    assert (None, RDF.type, SH.NodeShape) in sg
    for shape in sg.subjects(RDF.type, SH.NodeShape):
        assert _targets(shape), f"{shape} has no target"


def test_every_property_shape_and_constraint_has_a_message():
    sg = load_shapes()
    for prop in set(sg.objects(None, SH.property)) | set(sg.subjects(RDF.type, SH.PropertyShape)):
        if (prop, SH.sparql, None) in sg:
            for c in sg.objects(prop, SH.sparql):
                assert (c, SH.message, None) in sg, _label(c)
        else:
            assert (prop, SH.message, None) in sg, _label(prop)
    for shape in sg.subjects(RDF.type, SH.NodeShape):
        for c in sg.objects(shape, SH.sparql):
            assert (c, SH.message, None) in sg, _label(c)


def test_report_graph_links_the_document_and_format_results():
    g = fixture_graph("person_bad_email.ttl")
    outcome = validate_graph(g, "bob.txt")
    report = outcome.report_graph
    node = report.value(predicate=RDF.type, object=SH.ValidationReport)
    assert report.value(node, CVG.validates) == URIRef(EX + "doc")
    assert report.value(node, PROV.wasDerivedFrom) == URIRef(EX + "doc")
    assert len(list(report.objects(node, SH.result))) == 2
    text = format_results([outcome, validate_graph(fixture_graph("person_ok.ttl"), "ok.txt")])
    lines = text.splitlines()
    assert lines[0] == "bob.txt: INVALID (2 violation(s), 0 warning(s))"
    assert any("http://example.org/bob schema:email [Bob@Example.org]: schema:email must be" in ln
               for ln in lines), text
    assert "ok.txt: ok (0 violation(s), 0 warning(s))" in lines
    assert lines[-1] == "2 file(s), 1 invalid: 2 violation(s), 0 warning(s)"


# --- map_record → shapes / context ------------------------------------------------------
def small_record() -> CVRecord:
    return CVRecord(
        source_name="ada.md", format="markdown",
        person=Person(name="Ada Lovelace", emails=["ada@example.org"],
                      profiles=["https://orcid.org/0000-0002-1825-0097"], line=1),
        education=[Education(institution="University of London", degree="BSc", level="bachelor",
                             start="1830", end="1833-06", line=3)],
        publications=[Publication(title="Notes on the Engine",
                                  authors=[Author(name="Ada Lovelace", is_subject=True),
                                           Author(name="Charles Babbage")],
                                  venue="Scientific Memoirs", year="1943", line=5)],
    )


def realistic_record() -> CVRecord:
    return CVRecord(
        source_name="jane.pdf", format="pdf",
        person=Person(name="Jane Doe", emails=["jane@example.org"], phones=["+852 1234 5678"],
                      homepage="https://jane.example.org/",
                      profiles=["https://orcid.org/0000-0002-1825-0097", "https://github.com/janedoe",
                                "https://scholar.google.com/citations?user=abcdefghijkl",
                                "https://dblp.org/pid/123/4567.html"],
                      location="Hong Kong", interests=["Networking", "Systems"], summary="Researcher.",
                      line=1),
        education=[
            Education(institution="Harvard University", degree="PhD in Computer Science", level="doctorate",
                      field="Computer Science", start="2021", end="2024-05", advisors=["John Smith"],
                      thesis="On Fast Networks", honours=["Graduate Fellowship"], line=5),
            Education(institution="Tsinghua University", degree="B.Eng.", level="bachelor",
                      start="2017-09", end="2021-06", line=9),
            Education(institution="MIT", degree="SM", level="master", start="2020", current=True,
                      unfinished=True, line=11),
        ],
        positions=[
            Position(organization="Google Research", title="Research Intern", unit="Brain Team",
                     start="2024-06", end="2024-12", mentors=["Alice Lee"], location="Mountain View",
                     line=14),
            Position(organization="Microsoft", title="Researcher", start="2025-01-15", current=True, line=16),
        ],
        publications=[
            Publication(title="Fast Networks",
                        authors=[Author(name="Jane Doe", is_subject=True, equal_contribution=True),
                                 Author(name="Bob Chen", equal_contribution=True, corresponding=True),
                                 Author(name="John Smith")],
                        venue="USENIX Symposium on Networked Systems Design and Implementation",
                        venue_acronym="NSDI", year="2025", awards=["Best Paper Award"],
                        arxiv="2301.10904", doi="10.1145/ABC.123", urls=["https://example.org/p.pdf"],
                        line=20),
            Publication(title="Faster Networks",
                        authors=[Author(name="Bob Chen"), Author(name="J. Doe", is_subject=True)],
                        venue="SIGCOMM", venue_acronym="SIGCOMM", year="2024-08", line=22),
            Publication(title="Slow Networks", authors=[Author(name="Jane Doe", is_subject=True)],
                        et_al=True, status="preprint", year="2023", arxiv="2305.00001", line=24),
            Publication(title="Untitled Work", status="in submission", line=26),
        ],
        patents=[Patent(title="A Method", number="CN114546633A", inventors=["Jane Doe", "Bob Chen"],
                        date="2022-03", status="granted", line=30)],
        awards=[Award(name="Gold Medal", year="2019")],
        teaching=[Teaching(course="CS101", institution="Harvard University", role="Teaching Fellow",
                           term="Fall 2022", line=40)],
        service=[Service(role="Reviewer", organization="NSDI", period="2023-2024", line=45)],
        talks=[Talk(title="Fast Networks", host="Stanford", date="2024-03", line=50),
               Talk(title="Slow Networks", host="CMU", date="Spring 2023", line=51)],
        skills=["Python"], languages=["English"],
    ).fill_counts()


def mapped(record: CVRecord) -> Graph:
    settings = Settings()
    iri = document_iri(settings.base, record.source_name)
    src = SourceInfo(name=record.source_name, sha256="ab" * 32, media_type="application/pdf", iri=iri)
    return map_record(record, src, settings)


def context() -> dict:
    return json.loads(CONTEXT.read_text())["@context"]


def round_trip(g: Graph) -> Graph:
    text = g.serialize(format="json-ld", context=context())
    return Graph().parse(data=text, format="json-ld")


def test_context_round_trip_small_record():
    g = mapped(small_record())
    back = round_trip(g)
    assert len(back) == len(g)
    assert isomorphic(g, back)


def test_context_round_trip_realistic_record_reads_cleanly():
    g = mapped(realistic_record())
    assert isomorphic(g, round_trip(g))
    doc = json.loads(g.serialize(format="json-ld", context=context()))
    person = next(n for n in doc["@graph"] if n["id"].endswith("/person/jane-doe"))
    assert person["name"] == "Jane Doe" and person["foaf:name"] == "Jane Doe"
    assert person["email"] == "jane@example.org"
    assert "https://orcid.org/0000-0002-1825-0097" in person["sameAs"]
    assert set(person["type"]) == {"Person", "foaf:Person"}
    cred = next(n for n in doc["@graph"] if n["id"].endswith("/credential/1"))
    assert cred["startDate"] == {"@value": "2021", "type": "xsd:gYear"}
    assert cred["endDate"] == {"@value": "2024-05", "type": "xsd:gYearMonth"}
    assert cred["educationalLevel"] == "doctorate"


@pytest.mark.parametrize("name", OK_FIXTURES)
def test_context_round_trip_fixtures(name):
    g = fixture_graph(name)
    assert isomorphic(g, round_trip(g))


def test_realistic_record_has_no_violations():
    g = mapped(realistic_record())
    assert len(g) > 200
    validate_graph(g, "warm-up")
    t0 = time.perf_counter()
    outcome = validate_graph(g, "jane.pdf")
    elapsed = (time.perf_counter() - t0) * 1000
    assert outcome.violations == 0, format_results([outcome])
    assert outcome.conforms
    # No warnings either: every published paper and preprint has a date (the undated one is
    # in submission), every position has a start date, every degree has dates.
    assert outcome.warnings == 0, format_results([outcome])
    print(f"\nvalidated {len(g)} triples in {elapsed:.0f} ms")
    assert elapsed < 3000


def test_count_records_and_teaching_terms_validate():
    g = mapped(realistic_record())
    counts = list(g.objects(None, CVG.extractedCount))
    assert len(counts) == 10                      # fill_counts(): one record per kind
    assert (None, CVG["term"], Literal("Fall 2022")) in g
    assert validate_graph(g, "jane.pdf").violations == 0


# --- ontology ---------------------------------------------------------------------------
def test_ontology_defines_every_cvg_term_the_mapper_emits():
    onto = Graph().parse(ONTOLOGY)
    source = (Path(config.PROJECT_ROOT) / "mappers" / "rdf.py").read_text()
    used = set(re.findall(r"CVG\.(\w+)", source)) | set(re.findall(r"CVG\[[\"'](\w+)[\"']\]", source))
    assert used
    from rdflib.namespace import OWL, RDFS
    for name in sorted(used):
        term = CVG[name]
        assert (term, RDF.type, None) in onto, name
        assert (term, RDFS.label, None) in onto, name
        assert (term, RDFS.comment, None) in onto, name
    header = URIRef("https://w3id.org/cvgraph/ns")
    assert (header, RDF.type, OWL.Ontology) in onto
    assert (header, OWL.versionIRI, URIRef("https://w3id.org/cvgraph/ns/0.1.0")) in onto
    for term in ("MergeDecision", "mergedInto", "mergedFrom", "evidence", "score", "method"):
        assert (CVG[term], RDFS.label, None) in onto


def test_telephone_numbers_written_with_brackets_first_are_numbers():
    """North American "(617) 694-8450" and "(+32) 16 193831" were warned about as odd numbers."""
    from cvgraph.validate import validate_graph

    r = realistic_record()
    r.person.phones = ["(617) 694-8450", "(+32) 16 193831", "+1 (808) 956-3548", "617.694.8450", "call me"]
    outcome = validate_graph(mapped(r), "jane.pdf")
    odd = sorted(res.value for res in outcome.results if res.result_path and res.result_path.endswith("telephone"))
    assert odd == ["call me"]


def test_a_patent_application_serial_number_is_not_linked_to_google_patents():
    """'US15/433,834' (an application's serial number) was compacted to 'US15433834' and linked
    to a Google Patents page that does not exist; a publication number still is linked."""
    from rdflib import URIRef

    from cvgraph.record import Patent

    r = realistic_record()
    r.patents = [Patent(title="Stand for cranes", number="US15/433,834"),
                 Patent(title="Box for cranes", number="US 10,123,456 B2")]
    links = {str(o) for o in mapped(r).objects() if isinstance(o, URIRef) and "patents.google.com" in str(o)}
    assert links == {"https://patents.google.com/patent/US10123456B2"}


def test_a_doi_written_as_an_address_or_not_at_all_still_validates(tmp_path):
    """Readers hand on a DOI as the CV writes it: a YAML `doi: http://dx.doi.org/10.1109/WACV…`
    gave `https://doi.org/http://dx.doi.org/…`, which the DOI shape refuses (one violation per
    paper). The extract stage keeps the DOI's normal form and drops, with a warning, a value that
    holds no DOI; the map stage writes only a normal DOI IRI."""
    from mappers.extract import extract
    from mappers.read import read_document

    cv = tmp_path / "cv.yml"
    cv.write_text("name: Ana Roe\n"
                  "education:\n  - degree: PhD\n    school: Lorem University\n    year: 2019\n"
                  "publications:\n"
                  "  - title: Fast Lorem Filters\n    authors: Ana Roe and Ben Poe\n    year: 2016\n"
                  "    venue: Ipsum Graphics\n    doi:     http://dx.doi.org/10.1145/2790060.2790063\n"
                  "  - title: Slow Ipsum Maps\n    authors: Ana Roe\n    year: 2017\n"
                  "    venue: Dolor Review\n    doi: see the publisher's page\n", encoding="utf-8")
    record = extract(read_document(cv))
    dois = {p.title: p.doi for p in record.publications}
    assert dois == {"Fast Lorem Filters": "10.1145/2790060.2790063", "Slow Ipsum Maps": None}
    assert "DOI dropped, not a DOI: \"see the publisher's page\"" in record.report.warnings
    g = mapped(record)
    same = {str(o) for o in g.objects(None, SCHEMA.sameAs) if "doi.org" in str(o)}
    assert same == {"https://doi.org/10.1145/2790060.2790063"}
    assert validate_graph(g, "cv.yml").results == []
    # a record made by other code with the DOI as an address: the map stage writes the normal IRI
    record.publications[0].doi = "https://dx.doi.org/10.1145/2790060.2790063"
    g = mapped(record)
    assert {str(o) for o in g.objects(None, SCHEMA.sameAs) if "doi.org" in str(o)} == same
