"""The store stage: generations replace the live graph atomically; failures keep the old one."""
from __future__ import annotations

import pyoxigraph as ox
import pytest

from cvgraph.errors import StoreError
from cvgraph.store import Generation, live_generation, open_read, writer_lock

EX = "http://example.org/"


def quad(s, o, g="g1"):
    return ox.Quad(ox.NamedNode(EX + s), ox.NamedNode(EX + "p"), ox.Literal(o), ox.NamedNode(EX + g))


def names(store):
    return sorted(r["o"].value for r in store.query("SELECT ?o WHERE { ?s ?p ?o }"))


def test_commit_makes_a_generation_live_and_readers_see_only_complete_ones(tmp_path):
    with pytest.raises(StoreError, match="no graph has been built"):
        open_read(tmp_path)
    g1 = Generation(tmp_path)
    g1.add_quads([quad("a", "first")])
    assert live_generation(tmp_path) is None          # not live before commit
    g1.commit()
    assert names(open_read(tmp_path)) == ["first"]
    g2 = Generation(tmp_path)
    g2.add_quads([quad("a", "second")])
    reader = open_read(tmp_path)                      # opened while g2 is being written
    assert names(reader) == ["first"]
    g2.commit()
    assert names(open_read(tmp_path)) == ["second"]
    assert names(reader) == ["first"]                 # an open reader keeps its snapshot


def test_aborted_generation_leaves_the_previous_graph(tmp_path):
    g1 = Generation(tmp_path)
    g1.add_quads([quad("a", "kept")])
    g1.commit()
    g2 = Generation(tmp_path)
    g2.add_quads([quad("a", "lost")])
    g2.abort()
    assert names(open_read(tmp_path)) == ["kept"]
    assert not g2.path.exists()


def test_old_generations_are_pruned(tmp_path):
    for i in range(4):
        g = Generation(tmp_path)
        g.add_quads([quad("a", str(i))])
        g.commit()
    assert len(list(tmp_path.glob("gen-*"))) == 2
    assert names(open_read(tmp_path)) == ["3"]


def test_second_writer_is_refused_while_the_lock_is_held(tmp_path):
    with writer_lock(tmp_path):
        with pytest.raises(StoreError, match="another build holds the lock"):
            with writer_lock(tmp_path, wait=False):
                pass
    with writer_lock(tmp_path, wait=False):   # free again afterwards
        pass


def test_default_graph_is_the_set_merge_of_the_named_graphs(tmp_path):
    """The same triple in two documents' graphs counts once (cf. oxigraph#1919)."""
    g = Generation(tmp_path)
    g.add_quads([quad("a", "shared", "g1"), quad("a", "shared", "g2"), quad("b", "own", "g2")])
    g.commit()
    store = open_read(tmp_path)
    assert next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value == "2"
    assert next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")))["n"].value == "3"
