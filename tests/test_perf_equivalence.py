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


def test_many_cv_owners_of_one_name_link_identically(tmp_path, monkeypatch):
    """150 generated people sharing 6 names (so ≥ 25 CV owners of one name): the identity
    phase compares a mention only with the same-named clusters that share an evidence token
    with it; the reference compares it with every cluster in order."""
    from collections import Counter

    import bench.generate as generate_module
    from bench.check import load_truth

    monkeypatch.setattr(generate_module, "FIRST", ["Wei", "Anna"])
    monkeypatch.setattr(generate_module, "LAST", ["Wang", "Smith", "Garcia"])
    out = tmp_path / "cvs"
    generate_module.generate(150, 5, out)
    owners = Counter(t["name"] for t in load_truth(out).values())
    assert len(owners) <= 6 and max(owners.values()) >= 25, owners
    new = assert_same_as_reference(_mapped(sorted(p for p in out.rglob("cv*") if p.is_file())))
    assert "identical-name" in new.links


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


# ---------------------------------------------------------------------------------------
# Store: one bulk load whose stream also fills the default graph (no SPARQL INSERT)
# ---------------------------------------------------------------------------------------
def _default_and_named(store):
    import pyoxigraph as ox

    named, default = set(), []
    for q in store.quads_for_pattern(None, None, None, None):
        if isinstance(q.graph_name, ox.DefaultGraph):
            default.append(q.triple)
        else:
            named.add(q.triple)
    return default, named


def test_one_bulk_load_gives_the_set_merge_with_separate_blank_nodes(tmp_path):
    import pyoxigraph as ox

    from cvgraph.store import Generation, open_read

    ex = "http://example.org/"
    a = f'<{ex}s> <{ex}p> "shared" .\n_:b1 <{ex}p> "in a" .\n<{ex}s> <{ex}q> _:b1 .\n'
    b = f'<{ex}s> <{ex}p> "shared" .\n_:b1 <{ex}p> "in b" .\n'
    gen = Generation(tmp_path)
    assert gen.load_graphs([(ex + "a", a), (ex + "b", b), (ex + "empty", "")]) == 5
    gen.commit(materialise_union=False)
    store = open_read(tmp_path)
    default, named = _default_and_named(store)
    assert len(default) == len(set(default)) == 4 and set(default) == named
    # the two documents' _:b1 are two blank nodes, as with one load per graph
    subjects = {q.subject for q in store.quads_for_pattern(None, ox.NamedNode(ex + "p"), None, None)
                if isinstance(q.subject, ox.BlankNode)}
    assert len(subjects) == 2
    linked = list(store.quads_for_pattern(ox.NamedNode(ex + "s"), ox.NamedNode(ex + "q"), None, ox.NamedNode(ex + "a")))
    assert [q.object for q in linked] == [q.subject for q in store.quads_for_pattern(
        None, None, ox.Literal("in a"), ox.NamedNode(ex + "a"))]


def test_built_store_equals_per_graph_loads_plus_sparql_union(built_store, tmp_path):
    """The seed build (new store path) holds the same named graphs and the same default graph
    as loading each named graph on its own and materialising the union with SPARQL."""
    import pyoxigraph as ox

    from cvgraph.store import Generation, open_read

    store = open_read(built_store[0])
    default, named = _default_and_named(store)
    assert len(default) == len(set(default)) == len(named)
    assert set(default) == named
    old = Generation(tmp_path)
    old.store.bulk_extend(q for q in store.quads_for_pattern(None, None, None, None)
                          if not isinstance(q.graph_name, ox.DefaultGraph))
    old.materialise_union()
    old_default = {q.triple for q in old.store.quads_for_pattern(None, None, None, ox.DefaultGraph())}
    assert old_default == set(default)
    old.abort()
