"""The fast SHACL engines (cvgraph.validate: engine="fast", the compiled engine, and
engine="hybrid", pyshacl core + SPARQL constraints on oxigraph) give exactly the validation
results of plain pyshacl (engine="pyshacl"): same focus node, path, value, severity, source
shape, source constraint component, source constraint and messages, with the same
multiplicity, and the same sh:conforms — on every shapes fixture, the seed CVs and randomly
broken documents.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import RDF, SH, XSD

from cvgraph import validate as V
from cvgraph.config import Settings
from cvgraph.validate import load_shapes, validate_graph, validate_ntriples
from cvgraph.vocab import CVG, SCHEMA

from .conftest import SEED_FILES, SEEDS
from .test_shapes import EXPECTED, fixture_graph, mapped, realistic_record

BIBO = "http://purl.org/ontology/bibo/"
FOAF_MBOX = URIRef("http://xmlns.com/foaf/0.1/mbox")
RDF_ = "http://www.w3.org/1999/02/22-rdf-syntax-ns#_"


def result_tuples(report: Graph) -> Counter:
    """Every sh:ValidationResult as a tuple of its terms (messages sorted), counted."""
    out: Counter = Counter()
    for r in report.subjects(RDF.type, SH.ValidationResult):
        def one(p):
            values = list(report.objects(r, p))
            assert len(values) <= 1, (p, values)
            return values[0] if values else None
        out[(one(SH.focusNode), one(SH.resultPath), one(SH.value), one(SH.resultSeverity),
             one(SH.sourceShape), one(SH.sourceConstraintComponent), one(SH.sourceConstraint),
             tuple(sorted(report.objects(r, SH.resultMessage))))] += 1
    return out


def assert_same(g: Graph, name: str, compiled: bool | None = True) -> Counter:
    """The fast engines and plain pyshacl on `g`; returns the fast engine's results. `compiled`:
    whether the fast engine must have used the compiled engine or fallen back to the hybrid
    one (None: either)."""
    ref = validate_graph(g, name, engine="pyshacl")
    ref_t = result_tuples(ref.report_graph)
    ref_node = ref.report_graph.value(predicate=RDF.type, object=SH.ValidationReport)
    out = {}
    for engine in ("fast", "hybrid"):
        fast = out[engine] = validate_graph(g, name, engine=engine)
        fast_t = result_tuples(fast.report_graph)
        assert fast_t == ref_t, f"{name} ({engine}): only pyshacl {ref_t - fast_t}; only {engine} {fast_t - ref_t}"
        assert fast.conforms is ref.conforms
        assert (fast.violations, fast.warnings) == (ref.violations, ref.warnings)
        assert Counter(fast.results) == Counter(ref.results)
        fast_node = fast.report_graph.value(predicate=RDF.type, object=SH.ValidationReport)
        assert fast.report_graph.value(fast_node, SH.conforms) == ref.report_graph.value(ref_node, SH.conforms)
    assert out["hybrid"].engine == "hybrid"
    if compiled is not None:
        assert out["fast"].engine == ("compiled" if compiled else "hybrid")
    return result_tuples(out["fast"].report_graph)


def sparql_constraints() -> set:
    sg = load_shapes()
    return set(sg.subjects(RDF.type, SH.SPARQLConstraint))


# --- the plan -------------------------------------------------------------------------
def test_plan_takes_every_sparql_constraint_of_the_shapes_file():
    sg = load_shapes()
    plan = V._plan(sg)
    assert plan.left_to_pyshacl == []
    assert {j.constraint for j in plan.jobs} == sparql_constraints()
    # one job per (parent node shape, shape, constraint): shared property shapes count per parent
    uses = sum(len(set(sg.subjects(SH.property, s))) if (s, SH.path, None) in sg else 1
               for s, _ in sg.subject_objects(SH.sparql))
    assert len(plan.jobs) == uses
    assert (None, SH.sparql, None) not in plan.core_shapes
    assert len(plan.core_shapes) < len(sg)
    assert V._plan(sg) is plan                      # compiled once per shapes graph


# --- fixtures: exactly the expected results, and the same as pyshacl --------------------
# The compiled engine leaves documents with blank nodes (an rdf:List author list) and with
# literals an oxigraph store would change ("1.0"^^xsd:decimal) to the hybrid engine.
HYBRID_FIXTURES = {"article_bad_fields.ttl", "identity_ok.ttl"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_same_results_as_pyshacl(name):
    assert_same(fixture_graph(name), name, compiled=name not in HYBRID_FIXTURES)


def test_fixture_reports_are_isomorphic():
    """The whole report graph (incl. the blank-node property shape pyshacl copies into it)."""
    for name in ("property_value_bad.ttl", "author_list_bad.ttl", "credential_bad_dates.ttl", "person_ok.ttl"):
        g = fixture_graph(name)
        ref = validate_graph(g, name, engine="pyshacl").report_graph
        for engine in ("fast", "hybrid"):
            assert isomorphic(ref, validate_graph(g, name, engine=engine).report_graph), (name, engine)


# --- seed CVs ---------------------------------------------------------------------------
def seed_graphs() -> list[tuple[str, Graph, str]]:
    from cvgraph.build import process_document

    out = []
    for name in SEED_FILES.values():
        r = process_document(str(SEEDS / name), Settings())
        assert r.error is None, r.error
        g = Graph(identifier=URIRef(r.doc_iri))
        g.parse(data=r.ntriples, format="nt")
        out.append((name, g, r.ntriples))
    return out


@pytest.fixture(scope="module")
def seeds():
    return seed_graphs()


def test_seeds_same_results_as_pyshacl(seeds):
    for name, g, nt in seeds:
        assert len(g) > 50
        assert_same(g, name)
        by_nt = validate_ntriples(str(g.identifier), name, nt)
        by_graph = validate_graph(g, name)
        assert by_nt.results == by_graph.results and by_nt.conforms is by_graph.conforms
        assert result_tuples(by_nt.report_graph) == result_tuples(by_graph.report_graph)


# --- randomly broken documents ------------------------------------------------------------
def _pick(rng, items):
    items = sorted(items, key=str)
    return rng.choice(items) if items else None


def _date_objects(g, p):
    return [(s, o) for s, o in g.subject_objects(p)]


def break_year(g, rng):
    p = _pick(rng, [SCHEMA.startDate, SCHEMA.endDate, SCHEMA.datePublished, SCHEMA.dateCreated])
    hit = _pick(rng, _date_objects(g, p))
    if hit:
        g.remove((hit[0], p, hit[1]))
        g.add((hit[0], p, Literal(rng.choice(["1850", "2150", "0999"]), datatype=XSD.gYear)))


def break_period(g, rng):
    hit = _pick(rng, [(s, o) for s, o in g.subject_objects(SCHEMA.startDate)])
    if hit:
        year = int(str(hit[1])[:4])
        g.set((hit[0], SCHEMA.endDate, Literal(f"{year - rng.randint(1, 5)}-0{rng.randint(1, 9)}",
                                                datatype=XSD.gYearMonth)))


def drop_dates(g, rng):
    for kind in (SCHEMA.EducationalOccupationalCredential, SCHEMA.ScholarlyArticle):
        s = _pick(rng, g.subjects(RDF.type, kind))
        if s is not None:
            for p in (SCHEMA.startDate, SCHEMA.endDate, SCHEMA.datePublished):
                g.remove((s, p, None))


def wrong_date_type(g, rng):
    hit = _pick(rng, _date_objects(g, SCHEMA.datePublished) + _date_objects(g, SCHEMA.startDate))
    if hit:
        p = SCHEMA.datePublished if (hit[0], SCHEMA.datePublished, hit[1]) in g else SCHEMA.startDate
        g.remove((hit[0], p, hit[1]))
        g.add((hit[0], p, Literal(str(hit[1]))))


def _seqs(g):
    return set(g.subjects(RDF.type, RDF.Seq)) | set(g.objects(None, URIRef(BIBO + "authorList")))


def _members(g, seq):
    return sorted(((p, o) for p, o in g.predicate_objects(seq) if str(p).startswith(RDF_)),
                  key=lambda t: int(str(t[0])[len(RDF_):]))


def gap_in_author_list(g, rng):
    seq = _pick(rng, [s for s in _seqs(g) if len(_members(g, s)) >= 2])
    if seq is not None:
        p, o = _members(g, seq)[0]
        g.remove((seq, p, o))


def duplicate_position(g, rng):
    seq = _pick(rng, _seqs(g))
    person = _pick(rng, g.subjects(RDF.type, SCHEMA.Person))
    if seq is not None and person is not None:
        g.add((seq, URIRef(RDF_ + "1"), person))


def literal_in_author_list(g, rng):
    seq = _pick(rng, _seqs(g))
    if seq is not None:
        n = len(_members(g, seq)) + 1
        g.add((seq, URIRef(f"{RDF_}{n}"), Literal("A. Nonymous")))


def author_missing_from_list(g, rng):
    work = _pick(rng, [w for w in g.subjects(URIRef(BIBO + "authorList"), None)])
    person = _pick(rng, g.subjects(RDF.type, SCHEMA.Person))
    if work is not None and person is not None:
        g.add((work, SCHEMA.author, person))
        if rng.random() < 0.5:      # and sometimes a list member that is not an author
            for a in list(g.objects(work, SCHEMA.author))[:1]:
                g.remove((work, SCHEMA.author, a))


def shift_authorship(g, rng):
    a = _pick(rng, g.subjects(RDF.type, CVG.Authorship))
    if a is not None:
        pos = g.value(a, CVG.authorPosition)
        g.set((a, CVG.authorPosition, Literal(int(pos) + rng.randint(1, 3))))


def break_identifier(g, rng):
    holder = _pick(rng, set(g.subjects(SCHEMA.sameAs, None)) | set(g.subjects(RDF.type, SCHEMA.Person)))
    if holder is None:
        return
    bad = rng.choice([
        "https://orcid.org/0000-0002-1825-0098",        # wrong check digit
        "https://orcid.org/0000-0002-1825-009",         # malformed
        "http://orcid.org/0000-0002-1825-0097",         # not https
    ])
    g.add((holder, SCHEMA.sameAs, URIRef(bad)))
    for iri in (rng.choice(["https://doi.org/10.1145/ABC.123",      # upper case
                            "https://doi.org/11.1/x"]),             # not 10.
                "https://arxiv.org/abs/2301.10904v2",               # version suffix
                "https://ror.org/03vek6s5"):                        # too short
        if rng.random() < 0.7:
            g.add((holder, SCHEMA.sameAs, URIRef(iri)))
    pv = _pick(rng, g.subjects(RDF.type, SCHEMA.PropertyValue))
    if pv is not None and rng.random() < 0.5:
        g.set((pv, SCHEMA.url, URIRef(bad)))


def break_person_links(g, rng):
    person = _pick(rng, [p for p in g.subjects(RDF.type, SCHEMA.Person) if (p, SCHEMA.alumniOf, None) in g
                         or (p, SCHEMA.affiliation, None) in g or (p, SCHEMA.email, None) in g])
    if person is None:
        return
    g.remove((person, SCHEMA.alumniOf, None))
    g.remove((person, SCHEMA.affiliation, None))
    g.add((person, FOAF_MBOX, URIRef("mailto:someone@elsewhere.org")))


def break_core(g, rng):
    s = _pick(rng, g.subjects(RDF.type, SCHEMA.Person))
    if s is not None:
        g.remove((s, SCHEMA.name, None))
        g.add((s, SCHEMA.url, Literal("not an IRI")))


MUTATIONS = [break_year, break_period, drop_dates, wrong_date_type, gap_in_author_list,
             duplicate_position, literal_in_author_list, author_missing_from_list, shift_authorship,
             break_identifier, break_person_links, break_core]


def perturbed(base: list[tuple[str, Graph]], n: int, seed: int):
    rng = random.Random(seed)
    for i in range(n):
        # every mutation once on the first base graph (it has every kind of node), then
        # random mixes of one to four mutations on all of them
        name, g0 = base[0] if i < len(MUTATIONS) else base[i % len(base)]
        g = Graph(identifier=g0.identifier)
        for t in g0:
            g.add(t)
        ops = ([MUTATIONS[i]] if i < len(MUTATIONS) else []) + rng.sample(MUTATIONS, rng.randint(0, 3))
        ops = ops or [rng.choice(MUTATIONS)]
        for op in ops:
            op(g, rng)
        yield f"{name}#{i}:" + ",".join(op.__name__ for op in ops), g


@pytest.mark.slow
def test_perturbed_documents_same_results_as_pyshacl(seeds):
    base = [("realistic", mapped(realistic_record()))] + [(n, g) for n, g, _ in seeds[:3]]
    hit: Counter = Counter()
    for name, g in perturbed(base, 2 * len(MUTATIONS), seed=11):
        for key, count in assert_same(g, name).items():
            hit[key[6]] += count
    # the comparison was not vacuous: every SPARQL constraint fired somewhere
    assert sparql_constraints() <= set(hit), sparql_constraints() - set(hit)


# --- when oxigraph would not see rdflib's terms, pyshacl runs the SPARQL constraints --------
@pytest.mark.parametrize("literal", [
    Literal("1.50", datatype=XSD.decimal),                      # oxigraph: "1.5"
    Literal("2021-05-01T10:00:00Z", datatype=XSD.dateTime),     # rdflib "+00:00", oxigraph "Z"
    Literal("Doe", lang="EN-GB"),                               # oxigraph lower-cases language tags
    Literal("jane@example.org", datatype=XSD.string),           # rdflib keeps ^^xsd:string apart
])
def test_non_canonical_literals_fall_back_and_agree(literal):
    g = fixture_graph("article_author_list.ttl")
    g.add((URIRef("http://example.org/jane"), CVG.researchInterest, literal))
    nt = g.serialize(format="nt", encoding="utf-8")
    assert V._load_store(nt) is None
    assert V._load_store(fixture_graph("article_author_list.ttl").serialize(format="nt", encoding="utf-8")) is not None
    assert_same(g, "non-canonical", compiled=False)


def test_queries_the_plan_cannot_rewrite_stay_with_pyshacl():
    """A sub-select, an aggregate and a LIMIT are evaluated per focus node by pyshacl; the
    plan leaves them there, and the results still agree."""
    sg = Graph()
    for t in load_shapes():
        sg.add(t)
    ex = "http://example.org/shapes#"
    ttl = f"""
    @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix schema: <http://schema.org/> .
    <{ex}Many> a sh:NodeShape ; sh:targetClass schema:Person ;
        sh:sparql [ sh:message "{{?n}} sameAs" ; sh:select \"\"\"
            SELECT $this (COUNT(?x) AS ?n) WHERE {{ $this <http://schema.org/sameAs> ?x }}
            GROUP BY $this HAVING (COUNT(?x) > 0)\"\"\" ] ,
                  [ sh:message "first name {{?value}}" ; sh:select \"\"\"
            SELECT $this ?value WHERE {{ {{ SELECT $this ?value WHERE {{ $this <http://schema.org/name> ?value }}
            LIMIT 1 }} }}\"\"\" ] .
    """
    sg.parse(data=ttl, format="turtle")
    plan = V._plan(sg)
    assert {why for _, _, why in plan.left_to_pyshacl} and len(plan.left_to_pyshacl) == 2
    assert (None, SH.sparql, None) in plan.core_shapes
    g = fixture_graph("person_bad_orcid.ttl")
    ref = validate_graph(g, "x", shapes=sg, engine="pyshacl")
    fast = validate_graph(g, "x", shapes=sg, engine="fast")
    assert fast.engine == "hybrid"          # the compiled engine takes only fully planned shapes
    assert result_tuples(fast.report_graph) == result_tuples(ref.report_graph)
    assert any(r.message.endswith("sameAs") for r in fast.results)


def test_engine_selection(monkeypatch):
    g = fixture_graph("person_bad_mbox.ttl")
    with pytest.raises(ValueError):
        validate_graph(g, "x", engine="nope")
    monkeypatch.setenv("CVGRAPH_SHACL_ENGINE", "pyshacl")
    assert V._engine(None) == "pyshacl"
    assert validate_graph(g, "x").engine == "pyshacl"
    monkeypatch.setenv("CVGRAPH_SHACL_ENGINE", "hybrid")
    assert validate_graph(g, "x").engine == "hybrid"
    monkeypatch.delenv("CVGRAPH_SHACL_ENGINE")
    assert V._engine(None) == "fast"
    assert validate_graph(g, "x").engine == "compiled"
    assert validate_graph(g, "x").results == validate_graph(g, "x", engine="pyshacl").results != []


def test_reference_engine_is_unpatched_pyshacl():
    """The speed-ups to pyshacl's dispatch are applied only inside the fast engine's call."""
    import pyshacl.shape as shape_module
    from pyshacl.constraints.core.shape_based_constraints import PropertyConstraintComponent

    before = PropertyConstraintComponent._evaluate_property_shape
    validate_graph(fixture_graph("person_bad_names.ttl"), "x", engine="hybrid")
    assert PropertyConstraintComponent._evaluate_property_shape is before
    assert not isinstance(getattr(shape_module, "CONSTRAINT_PARAMS", (None,))[0], V._ParameterList)
