"""The serve stage: a SPARQL 1.1 endpoint and linked-data server over the on-disk store.

``create_app(store_dir, settings)`` returns a FastAPI application with:

- ``/sparql``: SPARQL 1.1 Protocol. Queries by GET ``?query=``, POST
  ``application/x-www-form-urlencoded`` (``query=``) or POST ``application/sparql-query``;
  updates by POST form (``update=``) or ``application/sparql-update`` (only with
  ``allow_updates`` and ``Authorization: Bearer <update_token>``). ``GET /sparql`` without
  a query returns the SPARQL 1.1 Service Description (Turtle by default).
- ``/graph``: Graph Store Protocol, read only (``?default``, ``?graph=IRI``, or the whole
  store as TriG / N-Quads).
- every minted IRI (``/person/…``, ``/org/…``, ``/venue/…``, ``/pub/…``, ``/patent/…``,
  ``/doc/…``, ``/graph/…``) dereferences: HTML for browsers, Turtle / JSON-LD / N-Triples
  by ``Accept`` or by the suffix ``.ttl`` / ``.jsonld`` / ``.nt``.
- ``/`` and ``/query``: an offline SPARQL query page; ``/health``; ``/docs`` (OpenAPI).

Dataset rules (documented choice):

- Without a dataset description the default graph is the union of all named graphs.
- ``default-graph-uri`` / ``named-graph-uri`` define the dataset exactly (they override
  ``FROM`` / ``FROM NAMED``); a query's own ``FROM`` / ``FROM NAMED`` apply otherwise.
- Every graph IRI named this way must be a graph of the store: an unknown one (including
  ``file:``/``http:`` IRIs that are not stored graphs) is answered with **400**, nothing is
  ever fetched. ``SERVICE`` and ``LOAD`` are refused with **403** (they would make the
  server send requests to other hosts).

Limits:

- Request bodies over ``max_body_bytes`` (1 MiB) → 413.
- Each request runs in a worker process with a hard ``query_timeout``: on expiry the worker
  is killed (the work really stops) and the client gets **503** with a clear message.
- Results over ``max_results`` rows (SELECT) or triples (CONSTRUCT/DESCRIBE) are
  **truncated** to ``max_results``; the response then carries ``X-Cvgraph-Truncated: true``
  and ``X-SPARQL-MaxRows: <max_results>`` (the Virtuoso convention). Graph Store exports and
  linked-data descriptions are not capped (only timed).
- No traceback ever reaches a client: errors are short text (or JSON if the client asks
  for JSON, HTML for browsers).
"""
from __future__ import annotations

import codecs
import contextlib
import contextvars
import hmac
import logging
import re
from pathlib import Path
from urllib.parse import parse_qs, quote

import pyoxigraph as ox
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import (HTMLResponse, JSONResponse, PlainTextResponse, Response,
                               StreamingResponse)
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from cvgraph.config import ONTOLOGY_DIR, Settings
from cvgraph.store import live_generation
from cvgraph.vocab import PREFIXES

from . import negotiation as neg
from . import pages
from .pool import PoolBusy, PoolError, WorkerPool, WorkerReplyError, default_pool_size
from .sparql import QueryChecks, RefusedRequest, check_update, with_update_dataset

log = logging.getLogger("cvgraph.endpoint")

MAX_BODY_BYTES = 1 << 20
ENTITY_KINDS = ("person", "org", "venue", "pub", "patent", "doc", "graph")
SD = "http://www.w3.org/ns/sparql-service-description#"
VOID = "http://rdfs.org/ns/void#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
SUFFIXES = {".ttl": "turtle", ".jsonld": "jsonld", ".nt": "ntriples"}
SUFFIX_OF = {key: suffix for suffix, key in SUFFIXES.items()}
_BAD_IRI_CHARS = re.compile(r'[\x00-\x20<>"{}|^`\\]')

_TEXT = neg.Format("text", "text/plain", "text", "")
_JSON = neg.Format("json", "application/json", "JSON", "")
_HTML = neg.HTML


class HTTPProblem(Exception):
    """An error answered to the client with a status and a human message."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            406: "Not Acceptable", 413: "Payload Too Large", 415: "Unsupported Media Type",
            500: "Internal Server Error", 503: "Service Unavailable"}


def error_response(request: Request | None, status: int, message: str,
                   headers: dict | None = None) -> Response:
    """Plain text by default; JSON if the client prefers JSON; HTML if a browser asks."""
    accept = request.headers.get("accept") if request is not None else None
    choice = neg.negotiate(accept, [_TEXT, _JSON, _HTML], explicit_only=("text/html", "application/json"))
    fmt = choice[0] if choice else _TEXT
    hdrs = {"Vary": "Accept", **(headers or {})}
    reason = _REASONS.get(status, "Error")
    if fmt is _JSON:
        return JSONResponse({"error": reason, "status": status, "message": message},
                            status_code=status, headers=hdrs)
    if fmt is _HTML:
        return HTMLResponse(pages.error_page(status, reason, message), status_code=status, headers=hdrs)
    return PlainTextResponse(f"{status} {reason}: {message}\n", status_code=status, headers=hdrs)


class EndpointApp(FastAPI):
    """The FastAPI application, with SPARQL queries on ``/sparql`` answered by a plain ASGI
    handler (``sparql_asgi``): the same handler functions as the documented ``/sparql``
    routes, without the middleware and dependency machinery, which cost several hundred
    microseconds per request. Cross-origin browser requests (with an ``Origin`` header, so
    CORS applies), other methods and every other route take the full FastAPI stack."""

    sparql_asgi = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope["method"] == "HEAD":
            # RFC 9110 §9.3.2 (and the Graph Store Protocol): HEAD is GET without the body, with
            # the same status and headers (Content-Type, Content-Length, Vary, Location, …).
            await self._head(scope, receive, send)
            return
        fast = self.sparql_asgi
        if (fast is not None and scope["type"] == "http" and scope["path"] == "/sparql"
                and scope["method"] in ("GET", "POST") and not self.root_path
                and not any(name == b"origin" for name, _ in scope["headers"])):
            await fast(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    async def _head(self, scope, receive, send) -> None:
        """Answer HEAD as GET and send only the start of the response: the body's messages
        are dropped and one empty body ends the response."""
        ended = False

        async def send_head(message) -> None:
            nonlocal ended
            if message["type"] == "http.response.start":
                await send(message)
            elif message["type"] == "http.response.body" and not ended:
                ended = True
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        token = _ANSWERING_HEAD.set(True)
        try:
            await self(dict(scope, method="GET"), receive, send_head)
        finally:
            _ANSWERING_HEAD.reset(token)


# Set while a HEAD request is answered as GET: a body that would stream from a query worker
# (a whole-store export, a large CONSTRUCT) is then not computed; its worker is stopped at once.
_ANSWERING_HEAD: contextvars.ContextVar[bool] = contextvars.ContextVar("cvgraph_answering_head", default=False)


_USING_ON_A_QUERY = ("using-graph-uri / using-named-graph-uri give an update's dataset; "
                     "a query's is given by default-graph-uri / named-graph-uri")


def _entity_prefixes(base: str) -> dict[str, str]:
    return {k: f"{base}{k}/" for k in ("person", "org", "venue", "pub", "patent")}


def _formats_config() -> dict:
    def rows(fmts):
        return [{"key": f.key, "label": f.label, "media_type": f.media_type, "suffix": f.suffix}
                for f in fmts]
    return {"results": rows(neg.RESULTS), "graph": rows(neg.GRAPH)}


async def _read_body(request: Request, limit: int) -> bytes:
    length = request.headers.get("content-length")
    if length and length.strip().isdigit() and int(length) > limit:
        raise HTTPProblem(413, f"request body is larger than the {limit} byte limit")
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise HTTPProblem(413, f"request body is larger than the {limit} byte limit")
    return bytes(buf)


def _charset(content_type: str) -> str:
    """SPARQL 1.1 Protocol: queries and updates are UTF-8 (US-ASCII is a subset); any other
    declared charset is refused with 415."""
    m = re.search(r"charset\s*=\s*\"?([A-Za-z0-9_.:\-]+)", content_type, re.I)
    name = m.group(1) if m else "utf-8"
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        raise HTTPProblem(415, f"unsupported charset {name!r}; send UTF-8") from None
    if codec not in ("utf-8", "ascii"):
        raise HTTPProblem(415, f"unsupported charset {name!r}; SPARQL requests must be UTF-8")
    return "utf-8"


def _decode(body: bytes, charset: str) -> str:
    try:
        return body.decode(charset)
    except UnicodeDecodeError:
        raise HTTPProblem(400, f"request body is not valid {charset}") from None


def _one(values: list[str] | None, name: str) -> str | None:
    if not values:
        return None
    if len(values) > 1:
        raise HTTPProblem(400, f"more than one '{name}' parameter")
    return values[0]


def create_app(store_dir: Path, settings: Settings | None = None, *, query_timeout: float = 10.0,
               max_results: int = 100_000, allow_updates: bool = False,
               update_token: str | None = None, workers: int | None = None,
               max_body_bytes: int = MAX_BODY_BYTES) -> FastAPI:
    """Build the endpoint application for the store at `store_dir`.

    `workers` is the number of query worker processes (default: 2–4 by CPU count);
    `max_body_bytes` bounds POST bodies (413 above it).
    """
    settings = settings or Settings()
    from cvgraph.remote import is_remote  # `--store http://…`: workers forward to that server

    store_dir = store_dir if is_remote(store_dir) else Path(store_dir)
    base = settings.base
    prefixes = {**PREFIXES, **_entity_prefixes(base)}
    context_file = str(ONTOLOGY_DIR / "context.jsonld")
    pool = WorkerPool(store_dir, base, prefixes, context_file, size=workers or default_pool_size())
    checks = QueryChecks(base, prefixes)   # the query vetting, remembered by query text
    linker = pages.Linker(base, prefixes)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        pool.warm()
        try:
            yield
        finally:
            pool.close()

    app = EndpointApp(
        title="cvgraph SPARQL endpoint",
        version="0.1.0",
        description="SPARQL 1.1 Protocol, Graph Store Protocol (read) and linked data over "
                    "a knowledge graph of researchers' CVs.",
        lifespan=lifespan,
    )
    app.state.pool = pool
    app.state.settings = settings
    app.state.store_dir = store_dir

    app.add_middleware(
        CORSMiddleware,
        allow_origins=["*"],
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=["*"],
        expose_headers=["Link", "Vary", "Content-Location", "X-Cvgraph-Truncated", "X-SPARQL-MaxRows"],
        max_age=3600,
    )

    # ---- error handling: never a traceback ----------------------------------------------------
    @app.exception_handler(HTTPProblem)
    async def _problem(request: Request, exc: HTTPProblem):
        return error_response(request, exc.status, exc.message, exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        return error_response(request, exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors():
            loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "body"))
            parts.append(f"{loc}: {err.get('msg')}" if loc else str(err.get("msg")))
        return error_response(request, 400, "invalid request: " + "; ".join(parts))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unexpected error serving %s", request.url.path)
        return error_response(request, 500, "internal server error (details are in the server log)")

    # ---- helpers ----------------------------------------------------------------------------
    async def work(req: dict, timeout: float | None = None):
        """The worker's whole answer to `req` (HTTPProblem on errors)."""
        try:
            return await pool.call_async(req, timeout or query_timeout)
        except WorkerReplyError as exc:
            raise HTTPProblem(exc.status, exc.message) from None
        except PoolBusy as exc:
            raise HTTPProblem(503, exc.message, {"Retry-After": "5"}) from None
        except PoolError as exc:
            raise HTTPProblem(exc.status, exc.message) from None

    async def work_stream(req: dict, timeout: float | None = None):
        """(payload, stream): a small body comes whole in payload["body"]; a large one
        streams from the worker as it is serialised (stream is then an async iterator)."""
        try:
            return await pool.request(req, timeout or query_timeout)
        except WorkerReplyError as exc:
            raise HTTPProblem(exc.status, exc.message) from None
        except PoolBusy as exc:
            raise HTTPProblem(503, exc.message, {"Retry-After": "5"}) from None
        except PoolError as exc:
            raise HTTPProblem(exc.status, exc.message) from None

    def choose(request: Request, family: str, fmt_param: str | None,
               explicit_only: tuple[str, ...] = (), extra: tuple = ()) -> tuple[neg.Format, str] | None:
        if fmt_param:
            try:
                f = neg.resolve_format(fmt_param, family)
            except neg.UnknownFormat:
                raise HTTPProblem(400, f"unknown format {fmt_param!r}") from None
            return (f, f.media_type) if f else None
        return neg.negotiate(request.headers.get("accept"), tuple(neg.FAMILIES[family]) + extra,
                             explicit_only)

    def not_acceptable(family: str, what: str) -> HTTPProblem:
        types = ", ".join(f.media_type for f in neg.FAMILIES[family])
        return HTTPProblem(406, f"no acceptable format for {what}; this endpoint offers: {types}")

    def rdf_response(body: bytes, choice: tuple[neg.Format, str], headers: dict | None = None,
                     stream=None) -> Response:
        fmt, mt = choice
        hdrs = {"Vary": "Accept", **(headers or {}), "Content-Type": neg.content_type_for(fmt, mt)}
        if stream is not None:
            if _ANSWERING_HEAD.get():
                # HEAD: the headers a streamed GET sends (no Content-Length), no body; closing the
                # stream stops its worker instead of serialising the whole result to drop it
                stream.close()
                return StreamingResponse(iter(()), headers=hdrs)
            return StreamingResponse(stream, headers=hdrs)
        return Response(body, headers=hdrs)

    # ---- SPARQL protocol ---------------------------------------------------------------------
    async def run_query(request: Request, query: str, default_graphs: list[str],
                        named_graphs: list[str], fmt_param: str | None) -> Response:
        if not query.strip():
            raise HTTPProblem(400, "empty query")
        try:
            analysis = checks.check(query)
        except RefusedRequest as exc:
            raise HTTPProblem(exc.status, exc.message) from None
        rchoice = choose(request, "results", fmt_param)
        gchoice = choose(request, "graph", fmt_param)
        if analysis.family == "results" and rchoice is None:
            raise not_acceptable("results", f"{analysis.form} results")
        if analysis.family == "graph" and gchoice is None:
            raise not_acceptable("graph", f"{analysis.form} results")
        if rchoice is None and gchoice is None:
            raise HTTPProblem(406, "no acceptable result format")
        payload, stream = await work_stream({
            "op": "query", "query": query,
            "default_graph_uri": default_graphs, "named_graph_uri": named_graphs,
            "from_default": analysis.from_default, "from_named": analysis.from_named,
            "results_format": rchoice[0].key if rchoice else None,
            "graph_format": gchoice[0].key if gchoice else None,
            "max_results": max_results,
            # an outer LIMIT within the cap: the worker streams without counting rows
            "bounded": analysis.form == "SELECT" and analysis.limit is not None
                       and analysis.limit <= max_results,
        })
        try:
            choice = rchoice if payload["family"] == "results" else gchoice
            headers = {}
            if payload.get("truncated"):
                headers["X-Cvgraph-Truncated"] = "true"
                headers["X-SPARQL-MaxRows"] = str(max_results)
            return rdf_response(payload.get("body"), choice, headers, stream)
        except BaseException:
            if stream is not None:
                stream.close()
            raise

    async def run_update(request: Request, update: str, using: list[str] = (),
                         using_named: list[str] = ()) -> Response:
        if not allow_updates:
            raise HTTPProblem(403, "SPARQL Update is disabled on this endpoint (read only)")
        auth = request.headers.get("authorization", "")
        scheme, _, token = auth.partition(" ")
        if not update_token or scheme.lower() != "bearer" or not hmac.compare_digest(
                token.strip().encode(), update_token.encode()):
            raise HTTPProblem(403, "SPARQL Update requires 'Authorization: Bearer <token>' "
                                   "with the endpoint's update token",
                              {"WWW-Authenticate": 'Bearer realm="cvgraph"'})
        if not update.strip():
            raise HTTPProblem(400, "empty update")
        try:
            if using or using_named:
                update = with_update_dataset(update, list(using), list(using_named))
            analysis = check_update(update, base, prefixes)
        except RefusedRequest as exc:
            raise HTTPProblem(exc.status, exc.message) from None
        payload = await work({"op": "update", "update": update, "using": analysis.using})
        return JSONResponse({"status": "ok", "generation": payload["generation"]})

    @app.get("/sparql", name="sparql_get", summary="SPARQL query (GET) or service description",
             response_class=Response,
             responses={200: {"description": "Query results or the service description",
                              "content": {f.media_type: {} for f in neg.RESULTS + neg.GRAPH}}})
    async def sparql_get(
        request: Request,
        query: str | None = Query(None, description="SPARQL 1.1 query"),
        default_graph_uri: list[str] = Query([], alias="default-graph-uri"),
        named_graph_uri: list[str] = Query([], alias="named-graph-uri"),
        format: str | None = Query(None, description="Override Accept: json, xml, csv, tsv, "
                                   "turtle, jsonld, nt, nq, trig, rdfxml or a media type"),
    ):
        return await sparql_get_request(request)

    async def sparql_get_request(request: Request) -> Response:
        params = request.query_params
        fmt_param = params.get("format")
        q = _one(params.getlist("query"), "query")
        if q is None:
            if "update" in params:
                raise HTTPProblem(400, "SPARQL Update must be sent with POST")
            return await service_description(request, fmt_param)
        return await run_query(request, q, params.getlist("default-graph-uri"),
                               params.getlist("named-graph-uri"), fmt_param)

    @app.post("/sparql", name="sparql_post", summary="SPARQL query or update (POST)",
              response_class=Response,
              openapi_extra={"requestBody": {"content": {
                  "application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {
                      "query": {"type": "string"}, "update": {"type": "string"},
                      "default-graph-uri": {"type": "array", "items": {"type": "string"}},
                      "named-graph-uri": {"type": "array", "items": {"type": "string"}}}}},
                  "application/sparql-query": {"schema": {"type": "string"}},
                  "application/sparql-update": {"schema": {"type": "string"}},
              }, "required": True}})
    async def sparql_post(request: Request):
        ctype = request.headers.get("content-type", "")
        mt = ctype.split(";", 1)[0].strip().lower()
        supported = ("application/x-www-form-urlencoded", "application/sparql-query",
                     "application/sparql-update")
        if mt not in supported:
            raise HTTPProblem(415, f"unsupported content type {mt or '(none)'!r}; use one of: "
                                   + ", ".join(supported))
        charset = _charset(ctype)
        body = await _read_body(request, max_body_bytes)
        params = request.query_params
        fmt_param = params.get("format")
        if mt == "application/x-www-form-urlencoded":
            text = _decode(body, charset)
            try:
                form = parse_qs(text, keep_blank_values=True, errors="strict")
            except (UnicodeDecodeError, ValueError):
                raise HTTPProblem(400, "malformed form body") from None
            query = _one(form.get("query"), "query")
            update = _one(form.get("update"), "update")
            fmt_param = _one(form.get("format"), "format") or fmt_param
            if query is not None and update is not None:
                raise HTTPProblem(400, "send either 'query' or 'update', not both")
            using = form.get("using-graph-uri", []) + params.getlist("using-graph-uri")
            using_named = form.get("using-named-graph-uri", []) + params.getlist("using-named-graph-uri")
            if update is not None:
                return await run_update(request, update, using, using_named)
            if using or using_named:
                raise HTTPProblem(400, _USING_ON_A_QUERY)
            if query is None:
                raise HTTPProblem(400, "missing 'query' (or 'update') form field")
            dg = form.get("default-graph-uri", []) + params.getlist("default-graph-uri")
            ng = form.get("named-graph-uri", []) + params.getlist("named-graph-uri")
            return await run_query(request, query, dg, ng, fmt_param)
        text = _decode(body, charset)
        if mt == "application/sparql-update":
            return await run_update(request, text, params.getlist("using-graph-uri"),
                                    params.getlist("using-named-graph-uri"))
        if "using-graph-uri" in params or "using-named-graph-uri" in params:
            raise HTTPProblem(400, _USING_ON_A_QUERY)
        return await run_query(request, text, params.getlist("default-graph-uri"),
                               params.getlist("named-graph-uri"), fmt_param)

    # ---- service description ------------------------------------------------------------------
    async def service_description(request: Request, fmt_param: str | None) -> Response:
        choice = choose(request, "graph", fmt_param, explicit_only=("text/html",),
                        extra=(neg.HTML,))
        if choice is None:
            raise not_acceptable("graph", "the service description")
        if choice[0] is neg.HTML:
            return await query_page(request)
        graphs: list[tuple[str, int]] = []
        total = None
        try:
            rows = await work({"op": "rows", "queries": [
                "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g",
                "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }",
            ]})
            graphs = [(r["g"][1], int(r["n"][1])) for r in rows[0] if r.get("g", ("",))[0] == "uri"]
            total = int(rows[1][0]["n"][1]) if rows[1] else 0
        except HTTPProblem as exc:
            if exc.status != 503:
                raise
        endpoint = str(request.base_url) + "sparql"
        N = ox.NamedNode
        svc = N(endpoint + "#service")
        t = []

        def add(s, p, o):
            t.append(ox.Triple(s, N(p) if isinstance(p, str) else p, o))

        add(svc, RDF_TYPE, N(SD + "Service"))
        add(svc, SD + "endpoint", N(endpoint))
        add(svc, SD + "supportedLanguage", N(SD + "SPARQL11Query"))
        if allow_updates:
            add(svc, SD + "supportedLanguage", N(SD + "SPARQL11Update"))
        add(svc, SD + "feature", N(SD + "UnionDefaultGraph"))
        add(svc, SD + "feature", N(SD + "EmptyGraphs"))
        add(svc, SD + "defaultEntailmentRegime", N("http://www.w3.org/ns/entailment/Simple"))
        for f in neg.RESULTS + neg.GRAPH:
            add(svc, SD + "resultFormat", N(f.sd_iri))
        dataset = ox.BlankNode("dataset")
        default = ox.BlankNode("defaultGraph")
        add(svc, SD + "defaultDataset", dataset)
        add(dataset, RDF_TYPE, N(SD + "Dataset"))
        add(dataset, SD + "defaultGraph", default)
        add(default, RDF_TYPE, N(SD + "Graph"))
        add(default, "http://www.w3.org/2000/01/rdf-schema#comment",
            ox.Literal("The union of all named graphs"))
        if total is not None:
            add(default, VOID + "triples", ox.Literal(str(total), datatype=N("http://www.w3.org/2001/XMLSchema#integer")))
        for i, (g, n) in enumerate(graphs):
            ng = ox.BlankNode(f"ng{i}")
            gr = ox.BlankNode(f"g{i}")
            add(dataset, SD + "namedGraph", ng)
            add(ng, RDF_TYPE, N(SD + "NamedGraph"))
            add(ng, SD + "name", N(g))
            add(ng, SD + "graph", gr)
            add(gr, RDF_TYPE, N(SD + "Graph"))
            add(gr, VOID + "triples", ox.Literal(str(n), datatype=N("http://www.w3.org/2001/XMLSchema#integer")))
        sd_prefixes = {"sd": SD, "void": VOID, "formats": "http://www.w3.org/ns/formats/",
                       "rdfs": "http://www.w3.org/2000/01/rdf-schema#"}
        from .worker import serialize_triples
        body = await run_in_threadpool(serialize_triples, t, choice[0].key, sd_prefixes, sd_prefixes)
        return rdf_response(body, choice)

    # ---- Graph Store Protocol (read) -----------------------------------------------------------
    @app.get("/graph", summary="Graph Store Protocol (read): ?default, ?graph=IRI, or the whole store",
             response_class=Response)
    async def graph_store(
        request: Request,
        graph: str | None = Query(None, description="IRI of a named graph"),
        default: str | None = Query(None, description="present (no value) for the union default graph"),
        format: str | None = Query(None),
    ):
        params = request.query_params
        if "graph" in params and "default" in params:
            raise HTTPProblem(400, "use either ?default or ?graph=IRI, not both")
        if "graph" in params or "default" in params:
            choice = choose(request, "graph", format)
            if choice is None:
                raise not_acceptable("graph", "a graph")
            iri = _one(params.getlist("graph"), "graph") if "graph" in params else None
            if iri is not None and not iri:
                raise HTTPProblem(400, "empty graph IRI")
            payload, stream = await work_stream({"op": "graph", "graph": iri, "format": choice[0].key})
            return rdf_response(payload.get("body"), choice, None, stream)
        choice = choose(request, "dataset", format)
        if choice is None:
            types = ", ".join(f.media_type for f in neg.DATASET)
            raise HTTPProblem(406, f"the whole store is offered as {types}; for one graph use "
                                   "?default or ?graph=IRI")
        payload, stream = await work_stream({"op": "dataset", "format": choice[0].key})
        return rdf_response(payload.get("body"), choice, None, stream)

    # ---- health --------------------------------------------------------------------------------
    @app.get("/health", summary="Health: live generation and triple count")
    async def health(request: Request):
        gen = live_generation(store_dir)
        try:
            info = await work({"op": "health"})
        except HTTPProblem as exc:
            return JSONResponse({"status": "unavailable", "generation": gen.name if gen else None,
                                 "message": exc.message}, status_code=503)
        return JSONResponse({"status": "ok", **info, "base": base,
                             "workers": pool.size, "query_timeout": query_timeout,
                             "max_results": max_results})

    # ---- query page ----------------------------------------------------------------------------
    async def query_page(request: Request) -> HTMLResponse:
        person, org = base + "person/example", base + "org/example"
        try:
            rows = await work({"op": "rows", "limit": 1, "queries": [
                "SELECT ?p WHERE { ?d a schema:DigitalDocument ; schema:about ?p } ORDER BY ?p LIMIT 1",
                "SELECT ?o (COUNT(?p) AS ?n) WHERE { ?p schema:alumniOf ?o } "
                "GROUP BY ?o ORDER BY DESC(?n) ?o LIMIT 1",
            ]}, timeout=min(query_timeout, 5.0))
            if rows[0]:
                person = rows[0][0]["p"][1]
            if rows[1]:
                org = rows[1][0]["o"][1]
        except HTTPProblem:
            pass
        examples = pages.example_queries(person, org, prefixes)
        html = pages.query_page(examples, _formats_config(), prefixes, base, query_timeout, max_results)
        return HTMLResponse(html, headers={"Vary": "Accept"})

    @app.get("/", response_class=HTMLResponse, summary="SPARQL query page")
    async def index(request: Request):
        return await query_page(request)

    @app.get("/query", response_class=HTMLResponse, summary="SPARQL query page")
    async def query_ui(request: Request):
        return await query_page(request)

    # ---- search --------------------------------------------------------------------------------
    search_cache: dict = {}

    @app.get("/search", response_class=HTMLResponse,
             summary="Fuzzy search over names, titles and organizations (HTML, or JSON by Accept)")
    async def search_route(request: Request, q: str = Query("", max_length=200, description="search text")):
        gen = live_generation(store_dir)
        key = gen.name if gen is not None else None
        if key is None or key not in search_cache:
            rows = await work({"op": "rows", "limit": 500_000, "queries": [pages.Q_SEARCH_INDEX]})
            search_cache.clear()
            search_cache[key] = await run_in_threadpool(pages.search_index, rows[0])
        index = search_cache[key]
        hits = await run_in_threadpool(pages.search, index, q) if q.strip() else []
        choice = neg.negotiate(request.headers.get("accept"), [_HTML, _JSON], explicit_only=("application/json",))
        if choice is not None and choice[0] is _JSON:
            return JSONResponse({"q": q, "results": [
                {"iri": iri, "label": label, "kind": kind, "score": round(min(score, 100.0), 1)}
                for iri, label, kind, score in hits]}, headers={"Vary": "Accept"})
        return HTMLResponse(pages.search_page(q, hits, linker, len({e[2] for e in index})),
                            headers={"Vary": "Accept"})

    static_dir = Path(__file__).resolve().parent / "static"
    app.mount("/static", StaticFiles(directory=str(static_dir)), name="static")

    # ---- linked data ---------------------------------------------------------------------------
    def resource_path(path: str, raw_path: str) -> tuple[str, str | None]:
        """Request path → (local path without suffix, forced format key). 404/400 if bad."""
        if "\\" in path or "\x00" in path or "%2f" in raw_path.lower() or "%5c" in raw_path.lower():
            raise HTTPProblem(400, "invalid resource path")
        segments = path.split("/")
        if any(s in ("", ".", "..") for s in segments) or len(path) > 2000:
            raise HTTPProblem(400 if ".." in segments or "." in segments else 404,
                              "invalid resource path" if ".." in segments or "." in segments
                              else "not found")
        if segments[0] not in ENTITY_KINDS or len(segments) < 2:
            raise HTTPProblem(404, "not found")
        for suffix, key in SUFFIXES.items():
            if path.endswith(suffix):
                return path[: -len(suffix)], key
        return path, None

    async def dereference(request: Request, path: str) -> Response:
        local, forced = resource_path(path, request.scope.get("raw_path", b"").decode("latin-1"))
        iri = base + local
        if _BAD_IRI_CHARS.search(iri):
            raise HTTPProblem(404, "not found")
        page_url = str(request.base_url) + quote(local, safe="/:@!$&'()*+,;=-._~%")
        alternates = [(page_url + SUFFIX_OF[f.key], f.media_type, f.label) for f in neg.RESOURCE]
        link = ", ".join(f'<{u}>; rel="alternate"; type="{mt}"' for u, mt, _ in alternates)
        link += f', <{page_url}>; rel="alternate"; type="text/html"'
        headers = {"Link": link, "Vary": "Accept"}
        fmt_param = request.query_params.get("format")
        if forced:
            choice = (neg.BY_KEY[forced], neg.BY_KEY[forced].media_type)
        elif fmt_param:
            if fmt_param.lower() in ("html", "text/html"):
                choice = (neg.HTML, "text/html")
            else:
                choice = choose(request, "graph", fmt_param)
                if choice is not None and choice[0] not in neg.RESOURCE:
                    choice = None
        else:
            choice = neg.negotiate(request.headers.get("accept"), neg.RESOURCE + (neg.HTML,),
                                   explicit_only=("text/html",))
        if choice is None:
            types = ", ".join(f.media_type for f in neg.RESOURCE + (neg.HTML,))
            raise HTTPProblem(406, f"no acceptable format; this resource is offered as {types}",
                              {"Link": link})
        if choice[0] is neg.HTML:
            segments = local.split("/")
            kind = segments[0] if (segments[0] != "doc" or len(segments) == 2) else "node"
            results = await work({"op": "rows", "bind": {"this": iri}, "queries": pages.queries_for(kind)})
            if not results[0] and not results[1]:
                raise HTTPProblem(404, f"no resource <{iri}> in this graph")
            alt_links = [(u, mt, label) for u, mt, label in alternates]
            html = pages.render(kind, iri, results, linker, alt_links)
            return HTMLResponse(html, headers=headers)
        payload = await work({"op": "resource", "iri": iri, "format": choice[0].key})
        if not forced:
            headers["Content-Location"] = page_url + SUFFIX_OF[choice[0].key]
        return rdf_response(payload["body"], choice, headers)

    @app.get("/graph/{name:path}", include_in_schema=False)
    async def named_graph(request: Request, name: str):
        """A graph IRI ({base}graph/…) dereferences to the graph's content; any other
        resource under /graph/ falls back to the ordinary description."""
        local, forced = resource_path("graph/" + name, request.scope.get("raw_path", b"").decode("latin-1"))
        iri = base + local
        if _BAD_IRI_CHARS.search(iri):
            raise HTTPProblem(404, "not found")
        if forced:
            choice = (neg.BY_KEY[forced], neg.BY_KEY[forced].media_type)
        else:
            choice = neg.negotiate(request.headers.get("accept"), neg.GRAPH + (neg.HTML,),
                                   explicit_only=("text/html",))
        if choice is None:
            raise not_acceptable("graph", "this graph")
        try:
            if choice[0] is neg.HTML:
                rows = await work({"op": "rows", "bind": {"g": iri}, "limit": 2000,
                                   "queries": [pages.Q_GRAPH_CONTENT]})
                if not rows[0]:
                    raise HTTPProblem(404, f"no graph <{iri}>")
                return HTMLResponse(pages.graph_page(iri, rows[0], linker), headers={"Vary": "Accept"})
            payload = await work({"op": "graph", "graph": iri, "format": choice[0].key})
            return rdf_response(payload["body"], choice)
        except HTTPProblem as exc:
            if exc.status != 404:
                raise
        return await dereference(request, "graph/" + name)

    @app.get("/{path:path}", include_in_schema=False)
    async def resource(request: Request, path: str):
        return await dereference(request, path)

    async def sparql_asgi(scope, receive, send) -> None:
        """GET/POST /sparql as a plain ASGI app: the route handlers above, with the same
        error answers as the exception handlers (never a traceback)."""
        request = Request(scope, receive)
        try:
            if scope["method"] == "GET":
                response = await sparql_get_request(request)
            else:
                response = await sparql_post(request)
        except HTTPProblem as exc:
            response = error_response(request, exc.status, exc.message, exc.headers)
        except Exception:
            log.exception("unexpected error serving %s", scope["path"])
            response = error_response(request, 500, "internal server error (details are in "
                                                    "the server log)")
        # What the CORS middleware adds to every response (its answer depends on Origin),
        # so a cache never serves this answer to a cross-origin request.
        response.headers["Vary"] = ", ".join([*response.headers.getlist("vary"), "Origin"])
        await response(scope, receive, send)

    app.sparql_asgi = sparql_asgi
    return app
