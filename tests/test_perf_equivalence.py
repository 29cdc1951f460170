"""The fast link stage gives exactly what the previous one gave.

``tests/link_reference.py`` is a frozen copy of ``cvgraph/link.py`` as it was before the
performance work (rdflib graphs in and out, title blocks of up to 500 members compared
all-pairs). Both run here on the same inputs — the seed CVs, the shared real corpus, a
synthetic corpus from ``bench/generate.py`` (title variants, shared papers, ROR
organizations, same-name people) and the link benchmark's synthetic CVs (Zipf-like names,
spelling variants, a shared coauthor pool) — and must agree on every canonical IRI, the
provisional → canonical mappings, every triple of every rewritten document graph and every
triple of the links graph. Triples are compared as the N-Triples lines the store loads.
"""
from __future__ import annotations

import pytest

from cvgraph.authorities import NoAuthorities
from cvgraph.config import Settings
from cvgraph.link import LinkedDocuments, changed_documents, link_documents, link_ntriples, relink_ntriples

from . import link_reference as reference
from .conftest import REAL, ROOT, SEEDS

S = Settings()


def _lines(text: str) -> set[str]:
    return {line for line in text.split("\n") if line.strip()}


def _mapped(paths) -> list[tuple[str, str]]:
    from cvgraph.build import _disambiguate_doc_iris, process_document

    results = [process_document(str(p), S) for p in paths]
    ok = [r for r in results if r.error is None]
    _disambiguate_doc_iris(ok)
    return [(r.doc_iri, r.ntriples) for r in ok]


def _graphs(docs: list[tuple[str, str]]):
    from rdflib import Graph, URIRef

    out = []
    for iri, text in docs:
        g = Graph(identifier=URIRef(iri))
        g.parse(data=text, format="nt")
        out.append(g)
    return out


def assert_same_as_reference(docs: list[tuple[str, str]], settings: Settings = S, authorities=None,
                             overrides=None) -> LinkedDocuments:
    ref = reference.link_documents(_graphs(docs), settings, overrides, authorities=authorities)
    new = link_ntriples(docs, settings, overrides, authorities=authorities)
    assert [iri for iri, _ in new.documents] == [str(g.identifier) for g in ref.graphs]
    assert new.mapping == ref.mapping
    assert new.document_mappings == ref.document_mappings
    changed = 0
    for (iri, text), rewritten, g in zip(new.documents, new.rewritten, ref.graphs):
        assert _lines(text) == _lines(g.serialize(format="nt")), iri
        changed += rewritten
    assert _lines(new.links) == _lines(ref.links.serialize(format="nt"))
    assert new.stats.mentions == ref.stats.mentions and new.stats.entities == ref.stats.entities
    assert new.stats.merges == ref.stats.merges
    # the rdflib API on top of it gives the same graphs
    api = link_documents(_graphs(docs), settings, overrides, authorities=authorities)
    assert set(api.links) == set(ref.links)
    for g_api, g_ref in zip(api.graphs, ref.graphs):
        assert set(g_api) == set(g_ref)
    return new


def test_seeds_and_real_corpus_link_identically():
    paths = sorted(SEEDS.iterdir())
    if REAL.exists():
        paths += sorted(p for p in REAL.iterdir() if p.is_file() and p.suffix != ".bib")
    new = assert_same_as_reference(_mapped(paths))
    assert any(new.rewritten) and new.mapping                 # the seeds do merge across documents
    assert "same-authors+venue+year" in new.links             # the ICNP 2023 paper under two titles


def test_seeds_without_authorities_and_with_overrides_link_identically():
    from cvgraph.link import Overrides

    docs = _mapped(sorted(SEEDS.iterdir()))
    assert_same_as_reference(docs, authorities=NoAuthorities())
    ov = Overrides(must_link=[("Max Lam", "Maximilian Lam")],
                   cannot_link=[("Hao Wang", "ChonLam Lao")])
    assert_same_as_reference(docs, overrides=ov)


@pytest.mark.slow
def test_generated_corpus_links_identically(tmp_path):
    """bench/generate.py: CVs in four shapes, papers listed in several CVs (8 % with the title
    written differently), same-name people, ROR organizations."""
    import subprocess
    import sys

    out = tmp_path / "cvs"
    subprocess.run([sys.executable, str(ROOT / "bench" / "generate.py"), "--n", "120", "--seed", "7",
                    "--out", str(out)], check=True, capture_output=True)
    new = assert_same_as_reference(_mapped(sorted(p for p in out.rglob("*") if p.is_file())))
    assert "similar-title" in new.links and "identical-title" in new.links


@pytest.mark.slow
@pytest.mark.parametrize("people,seed", [(2000, 1), (1200, 5)])
def test_link_benchmark_corpus_links_identically(people, seed):
    from bench.link_bench import S as BS
    from bench.link_bench import ntriples_for, synthetic_records

    docs = ntriples_for(synthetic_records(people, seed))
    new = assert_same_as_reference(docs, settings=BS)
    assert new.stats.mentions["person"] >= people * 0.7 and new.mapping


def test_relink_ntriples_equals_a_full_link():
    docs = _mapped(sorted(SEEDS.iterdir()))
    full = link_ntriples(docs, S)
    for k in range(len(docs)):
        rest = docs[:k] + docs[k + 1:]
        before = link_ntriples(rest, S)
        inc = relink_ntriples(rest, S, added=[docs[k]])
        assert {i: _lines(t) for i, t in inc.documents} == {i: _lines(t) for i, t in full.documents}
        assert _lines(inc.links) == _lines(full.links) and inc.mapping == full.mapping
        assert docs[k][0] in changed_documents(before, inc)
