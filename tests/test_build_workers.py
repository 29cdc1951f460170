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
