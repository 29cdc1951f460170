"""The W3C SPARQL 1.1 query-evaluation suite, run through the endpoint (tests/w3c_harness.py).

One test runs the whole harness (about 40 s on the 2-core machine): every evaluation test is
loaded through cvgraph.store.Generation and queried over HTTP. It asserts the pass rate,
that no failure is the endpoint's own (every remaining failure is reproduced by pyoxigraph
queried directly), and that docs/w3c-sparql-results.md lists every failure. The comparison
rules themselves are unit-tested below so the harness can be trusted to fail.
"""
from __future__ import annotations

import pytest

from tests import w3c_harness as h

ROOT = h.ROOT
DOC = ROOT / "docs" / "w3c-sparql-results.md"

needs_suite = pytest.mark.skipif(not (h.SUITE / "manifest-all.ttl").is_file(),
                                 reason=f"W3C suite not present at {h.SUITE}")


@pytest.fixture(scope="module")
def report():
    return h.run_all()


@needs_suite
@pytest.mark.slow
def test_w3c_query_evaluation_through_http(report):
    print(report.summary())
    ran = report.count("passed") + report.count("failed")
    assert ran >= 230, f"only {ran} evaluation tests ran: {report.summary()}"
    assert report.pass_rate >= 0.95, report.summary()
    own = [f"{o.test.short}: {o.reason}" for o in report.endpoint_failures]
    assert not own, "failures the engine alone does not have:\n" + "\n".join(own)
    skipped_reasons = {o.reason for o in report.outcomes if o.status == "skipped"}
    assert skipped_reasons <= set(h.SKIP_FOLDERS.values()), skipped_reasons
    documented = DOC.read_text(encoding="utf-8")
    missing = [o.test.short for o in report.outcomes if o.status == "failed"
               and f"`{o.test.short}`" not in documented]
    assert not missing, (f"{DOC} does not list these failures; regenerate it with "
                         f"`python -m tests.w3c_harness --write {DOC.relative_to(ROOT)}`: {missing}")


@needs_suite
def test_manifests_are_read_completely():
    tests, others = h.load_manifests()
    kinds = {t.kind for t in tests}
    assert kinds == {"QueryEvaluationTest", "CSVResultFormatTest"}
    assert sum(1 for t in tests if t.kind == "QueryEvaluationTest") == 309
    assert sum(n for (_, kind), n in others.items() if kind == "UpdateEvaluationTest") == 94
    assert {t.folder for t in tests if t.skip} == {"entailment", "service"}
    assert all(t.query.is_file() and t.result.is_file() for t in tests if not t.skip)


# --- the comparison rules --------------------------------------------------------------------

XSD = h.XSD
A, B = ("uri", "http://ex/a"), ("uri", "http://ex/b")


def lit(v, dt=None, lang=None):
    return h.literal(v, dt, lang)


def solutions(*rows):
    return h.Results("bindings", ["x", "y"], list(rows))


@pytest.mark.parametrize("expected,actual,query,ok", [
    # multiset: order free without ORDER BY, but multiplicity counts
    (solutions({"x": A}, {"x": B}), solutions({"x": B}, {"x": A}), "SELECT * {}", True),
    (solutions({"x": A}, {"x": A}), solutions({"x": A}), "SELECT * {}", False),
    # ORDER BY: order matters for the sort key, ties may come in any order
    (solutions({"x": A}, {"x": B}), solutions({"x": B}, {"x": A}), "SELECT * {} ORDER BY ?x", False),
    (solutions({"x": A, "y": A}, {"x": A, "y": B}), solutions({"x": A, "y": B}, {"x": A, "y": A}),
     "SELECT * {} ORDER BY ?x", True),
    # blank nodes: any consistent renaming, across rows
    (solutions({"x": ("bnode", "a"), "y": ("bnode", "a")}, {"x": ("bnode", "b")}),
     solutions({"x": ("bnode", "z"), "y": ("bnode", "z")}, {"x": ("bnode", "q")}), "SELECT * {}", True),
    (solutions({"x": ("bnode", "a")}, {"x": ("bnode", "a")}),
     solutions({"x": ("bnode", "z")}, {"x": ("bnode", "q")}), "SELECT * {}", False),
    (solutions({"x": ("bnode", "a")}, {"x": ("bnode", "b")}),
     solutions({"x": ("bnode", "z")}, {"x": ("bnode", "z")}), "SELECT * {}", False),
    # literals: numeric by value in one datatype; datatypes and languages never conflated
    (solutions({"x": lit("2.0", XSD + "decimal")}), solutions({"x": lit("2", XSD + "decimal")}),
     "SELECT * {}", True),
    (solutions({"x": lit("2", XSD + "integer")}), solutions({"x": lit("2", XSD + "decimal")}),
     "SELECT * {}", False),
    (solutions({"x": lit("a")}), solutions({"x": lit("a", lang="en")}), "SELECT * {}", False),
    (solutions({"x": lit("a", lang="EN")}), solutions({"x": lit("a", lang="en")}), "SELECT * {}", True),
    (solutions({"x": lit("a")}), solutions({"x": lit("a", XSD + "string")}), "SELECT * {}", True),
    # unbound differs from bound
    (solutions({"x": A}), solutions({"x": A, "y": B}), "SELECT * {}", False),
])
def test_compare_rules(expected, actual, query, ok):
    assert (h.compare(expected, actual, query) is None) is ok


def test_strict_comparison_is_term_equality():
    e = solutions({"x": lit("0", XSD + "boolean")})
    a = solutions({"x": lit("false", XSD + "boolean")})
    assert h.compare(e, a, "SELECT * {}") is None
    assert h.compare(e, a, "SELECT * {}", by_value=False) is not None


@pytest.mark.parametrize("text,term", [
    ("<http://ex/a>", ("uri", "http://ex/a")),
    ("_:b0", ("bnode", "b0")),
    ('"tab\\there"@en', ("literal", "tab\there", h.RDF_LANGSTRING, "en")),
    ('"1"^^<http://www.w3.org/2001/XMLSchema#int>', ("literal", "1", XSD + "int", None)),
    ("-12", ("literal", "-12", XSD + "integer", None)),
    ("1.5", ("literal", "1.5", XSD + "decimal", None)),
    ("1.0e6", ("literal", "1.0e6", XSD + "double", None)),
    ("true", ("literal", "true", XSD + "boolean", None)),
    ("", None),
])
def test_tsv_terms(text, term):
    assert h.parse_tsv_term(text) == term


def test_order_by_detection():
    assert h.order_vars("SELECT * { ?s ?p ?o } ORDER BY ?s DESC(?o) LIMIT 2") == ["s", "o"]
    assert h.order_vars("SELECT * { { SELECT ?s { ?s ?p ?o } ORDER BY ?s LIMIT 1 } }") is None
    assert h.order_vars('SELECT * { ?s ?p "}" } ORDER BY STR(?s)') == ["s"]
