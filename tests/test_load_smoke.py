"""A short version of bench/load.py against a live `cvgraph serve` over the seed store.

10 clients for 5 s of cheap queries: no errors. Then the same with one client sending queries
that cannot finish within the server's timeout: the cheap queries keep answering (the bounded
pool kills the stuck worker at the timeout), and the expensive ones get a clean 503.
"""
from __future__ import annotations

import asyncio

import pytest

from bench.load import Server, run_phase

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(built_store):
    store, _ = built_store
    srv = Server(store, timeout=3)
    yield srv
    srv.stop()


def test_cheap_queries_under_concurrency_have_no_errors(server):
    result = asyncio.run(run_phase(server.url, cheap_clients=10, expensive_clients=0, duration=5))
    cheap = result["cheap"]
    assert cheap["requests"] >= 10
    assert cheap["errors"] == 0, cheap["status"]


def test_cheap_queries_answer_while_expensive_ones_run(server):
    result = asyncio.run(run_phase(server.url, cheap_clients=9, expensive_clients=1, duration=8))
    cheap, expensive = result["cheap"], result["expensive"]
    assert expensive["requests"] >= 1
    assert set(expensive["status"]) == {"503"}, expensive["status"]      # stopped at the timeout
    assert cheap["errors"] == 0, cheap["status"]
    assert cheap["ok"] >= 10
