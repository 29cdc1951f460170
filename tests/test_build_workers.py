"""The build's worker processes: what they inherit from the parent must not change how they
manage memory.

The parent pauses the cyclic garbage collector while results arrive (`_gc_paused` around
`_Workers.map`), and the workers are forked inside that pause. They used to inherit it: each
worker kept every reference cycle of every document it processed, ~70 KB per document, and
reached 1.6 GB after 20,000 documents of a 100,000-CV build.
"""
from __future__ import annotations

import gc
import weakref

import pytest

from cvgraph.build import PARALLEL_THRESHOLD, _gc_paused, _Workers


class _Node:
    pass


def _cycles_are_collected(_item) -> tuple[bool, bool]:
    """In a worker: is the collector on, and does a dropped reference cycle go away once the
    collector runs on its own (enough allocations to pass generation 0's threshold)?"""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    probe = weakref.ref(a)
    del a, b
    junk = [[] for _ in range(gc.get_threshold()[0] * 3)]
    del junk
    return gc.isenabled(), probe() is None


def test_workers_collect_cycles_although_forked_during_the_gc_pause():
    with _Workers(2, PARALLEL_THRESHOLD) as workers:
        assert workers.pool is not None
        with _gc_paused():          # as the build forks them: inside map's pause
            results = workers.map(_cycles_are_collected, list(range(8)))
    assert results == [(True, True)] * 8


def test_the_parent_gc_state_is_restored_after_map():
    assert gc.isenabled()
    with _Workers(2, PARALLEL_THRESHOLD) as workers:
        workers.map(_cycles_are_collected, list(range(4)))
        assert gc.isenabled()


def test_release_stops_the_workers_and_the_next_map_starts_new_ones():
    import os

    with _Workers(2, PARALLEL_THRESHOLD) as workers:
        first = set(workers.map(_pid, list(range(16))))
        workers.release()
        assert workers.pool is None
        second = set(workers.map(_pid, list(range(16))))
        assert first and second and not first & second and os.getpid() not in second


def _pid(_item) -> int:
    import os
    return os.getpid()


# -- the link step in its own process --------------------------------------------------------


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    from bench.generate import generate

    cvs = tmp_path_factory.mktemp("corpus") / "cvs"
    generate(PARALLEL_THRESHOLD + 6, 3, cvs)           # enough documents for the worker processes
    return cvs


@pytest.mark.slow
def test_link_step_in_a_child_process_builds_the_same_store(corpus, tmp_path, monkeypatch):
    """The build's link step runs in a forked child that writes the plans and the links graph
    to the spool; the store, its links graph and the cache equal the in-process linker's."""
    import cvgraph.build as build_module
    from cvgraph.config import Settings
    from cvgraph.store import live_generation

    from .test_incremental import assert_same_dataset, dataset

    stores, caches = {}, {}
    for child in (True, False):
        monkeypatch.setattr(build_module, "LINK_IN_CHILD", child)
        store_dir = tmp_path / f"child-{child}"
        summary = build_module.build([corpus], store_dir, Settings(), jobs=2)
        assert summary.committed and summary.documents == PARALLEL_THRESHOLD + 6, summary.failed
        stores[child] = dataset(store_dir)
        cache = live_generation(store_dir) / "cvgraph-cache"
        caches[child] = ((cache / "links.nt").read_bytes(), (cache / "plans.pkl").read_bytes())
    assert_same_dataset(stores[True], stores[False])
    assert caches[True][0] == caches[False][0] and len(caches[True][0]) > 10_000
    assert caches[True][1] == caches[False][1]


def test_an_error_in_the_link_process_is_raised_in_the_build_and_keeps_the_store(tmp_path, monkeypatch):
    import cvgraph.build as build_module
    import cvgraph.link as link_module
    from cvgraph.config import Settings
    from cvgraph.store import live_generation

    from .conftest import SEEDS

    store_dir = tmp_path / "store"
    assert build_module.build([SEEDS], store_dir, Settings(), jobs=1).committed
    live = live_generation(store_dir)

    def broken(*args, **kwargs):
        raise ValueError("linker bug on purpose")

    monkeypatch.setattr(link_module, "resolve_links", broken)     # inherited by the forked child
    with pytest.raises(ValueError, match="linker bug on purpose"):
        build_module.build([SEEDS], store_dir, Settings(), jobs=1)
    assert live_generation(store_dir) == live
    assert not list(store_dir.glob(".spool-*"))


def test_a_killed_link_process_is_a_clear_error(tmp_path, monkeypatch):
    import os
    import signal

    import cvgraph.build as build_module
    import cvgraph.link as link_module
    from cvgraph.config import Settings
    from cvgraph.errors import CVGraphError

    from .conftest import SEEDS

    def killed(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(link_module, "resolve_links", killed)
    with pytest.raises(CVGraphError, match="link step's process ended with exit code -9"):
        build_module.build([SEEDS], tmp_path / "store", Settings(), jobs=1)


def test_resolve_links_without_the_mapping_makes_the_same_plans():
    """The build's link step asks for no provisional → canonical mapping (it does not use it);
    everything else of the plan is the same, and the name caches it clears are refilled."""
    from cvgraph.build import process_document
    from cvgraph.config import Settings
    from cvgraph.link import link_features, parse_name, resolve_links

    from .conftest import SEEDS

    s = Settings()
    docs = [process_document(str(f), s) for f in sorted(SEEDS.iterdir()) if f.is_file()]
    feats = [link_features(r.doc_iri, r.ntriples, s.base) for r in docs if r.error is None]
    assert len(feats) == 5
    full = resolve_links(feats, s)
    lean = resolve_links(feats, s, with_mapping=False)
    assert full.mapping and lean.mapping == {}
    assert lean.plans == full.plans and lean.links == full.links and lean.stats == full.stats
    assert parse_name("Ada Lovelace") == parse_name("Ada Lovelace")
