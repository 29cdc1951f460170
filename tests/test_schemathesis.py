"""Property-based API testing with schemathesis over the app's own OpenAPI schema (/openapi.json).

Every operation gets up to 20 generated requests (parameters, bodies, headers within and
around the schema); no request may produce a 5xx other than the endpoint's documented 503
(a query stopped at the timeout or refused while every worker is busy).
"""
from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a test extra")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from cvgraph.config import Settings  # noqa: E402
from endpoint.app import create_app  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def api_schema(built_store):
    store, _ = built_store
    app = create_app(store, Settings(), query_timeout=5, workers=2)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    yield schema
    app.state.pool.close()


def _operations(api_schema):
    return [r.ok() for r in api_schema.get_all_operations()]


def test_no_server_errors(api_schema):
    """Up to 20 generated requests per operation; a 5xx (other than 503) fails.

    (Driven with hypothesis directly: schemathesis' pytest fixture integration does not
    support the pytest version used here.)
    """
    failures = []
    for op in _operations(api_schema):
        @given(case=op.as_strategy())
        @settings(max_examples=20, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def run(case):
            response = case.call()
            if response.status_code == 503:
                # the documented overload/timeout answer: a clear message, never a traceback
                assert "Traceback" not in response.text
                return
            case.validate_response(response, checks=[not_a_server_error])

        try:
            run()
        except Exception as exc:  # collect every failing operation, then report them all
            failures.append(f"{op.method.upper()} {op.path}: {exc}")
    assert not failures, "\n\n".join(failures)


def test_the_schema_lists_the_public_operations(api_schema):
    ops = {(op.method.upper(), op.path) for op in _operations(api_schema)}
    for expected in (("GET", "/sparql"), ("POST", "/sparql"), ("GET", "/graph"), ("GET", "/health")):
        assert expected in ops, ops
