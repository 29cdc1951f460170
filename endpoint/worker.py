"""The query worker: a separate process that owns a read-only handle on the live store.

Every piece of work that touches the store (queries, updates, exports, linked-data
descriptions, the pages' look-ups) runs here, never in the web server process, so the
server can enforce a hard timeout by killing the worker (see ``endpoint.pool``).

Requests are plain picklable dicts sent over a pipe (``{"op": "query" | "update" |
"graph" | "dataset" | "resource" | "rows" | "health", ...}``). Replies are raw byte
messages (``Connection.send_bytes``), tagged by their first byte (see ``endpoint.pool``):

- ``O`` + pickle(payload): the whole answer in one message. A response body (results,
  graphs) rides in ``payload["body"]`` when it is smaller than ``CHUNK`` bytes.
- ``H`` + pickle(meta), then ``D`` + bytes (one per chunk of about ``CHUNK`` bytes), then
  ``.``: a body streamed as it is serialised (``meta`` has the status flags, known before
  the first byte).
- ``E`` + pickle((http_status, message)): an error, before or in the middle of a stream.

Result bodies are written by pyoxigraph's own serialisers (``QuerySolutions.serialize``,
``pyoxigraph.serialize``) straight into a ``Sink``, never built as Python objects.

Generations: before each request the worker stats ``STORE/CURRENT`` (one system call; the
file is read again only when its inode, size or times changed, as ``os.replace`` of a new
CURRENT does); if it names another generation than the open one, it opens the new
generation read-only and drops the old handle. A request therefore runs entirely against one complete generation,
and a committed build is seen by the next request.
"""
from __future__ import annotations

import gc
import json
import os
import pickle
import signal
from itertools import islice
from pathlib import Path

import pyoxigraph as ox

from .sparql import syntax_message


_RESULT_FORMATS = {
    "json": ox.QueryResultsFormat.JSON,
    "xml": ox.QueryResultsFormat.XML,
    "csv": ox.QueryResultsFormat.CSV,
    "tsv": ox.QueryResultsFormat.TSV,
}
_RDF_FORMATS = {
    "turtle": ox.RdfFormat.TURTLE,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "nquads": ox.RdfFormat.N_QUADS,
    "trig": ox.RdfFormat.TRIG,
    "rdfxml": ox.RdfFormat.RDF_XML,
}


class WorkError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


# --- term helpers ----------------------------------------------------------------------------

def term_tuple(term) -> tuple | None:
    """A pyoxigraph term → a picklable tuple: ("uri", v) / ("bnode", v) / ("literal", v, dt, lang)."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return ("uri", term.value)
    if isinstance(term, ox.BlankNode):
        return ("bnode", term.value)
    if isinstance(term, ox.Literal):
        return ("literal", term.value, term.datatype.value, term.language)
    return ("triple", str(term))


# --- JSON-LD ----------------------------------------------------------------------------------

_context_cache: dict = {}


def _strip_remote(ctx):
    """Drop remote context references (strings) anywhere, so no serializer ever fetches one."""
    if isinstance(ctx, list):
        return [_strip_remote(c) for c in ctx if not isinstance(c, str)]
    if isinstance(ctx, dict):
        out = {}
        for k, v in ctx.items():
            if k == "@context":
                if isinstance(v, str):
                    continue
                out[k] = _strip_remote(v)
            elif isinstance(v, dict):
                out[k] = _strip_remote(v)
            else:
                out[k] = v
        return out
    return ctx


def jsonld_context(context_file: str | None, fallback: dict) -> dict:
    """The project's context (ontology/context.jsonld) if present, else the prefix map.

    Loaded lazily and re-read when the file changes; a broken file falls back to the
    prefixes rather than failing requests.
    """
    if context_file:
        try:
            st = os.stat(context_file)
            key = (context_file, st.st_mtime_ns, st.st_size)
            if key in _context_cache:
                return _context_cache[key]
            with open(context_file, encoding="utf-8") as fh:
                doc = json.load(fh)
            ctx = doc.get("@context", doc) if isinstance(doc, dict) else doc
            if isinstance(ctx, list):
                merged: dict = {}
                for part in ctx:
                    if isinstance(part, dict):
                        merged.update(part)
                ctx = merged
            if isinstance(ctx, dict) and ctx:
                ctx = _strip_remote(ctx)
                _context_cache.clear()
                _context_cache[key] = ctx
                return ctx
        except (OSError, ValueError):
            pass
    return dict(fallback)


def to_jsonld(triples: list, context: dict) -> bytes:
    """Triples → JSON-LD compacted with `context` (rdflib does the compaction)."""
    import rdflib

    nt = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
    g = rdflib.Graph()
    if nt:
        g.parse(data=nt.decode("utf-8"), format="nt")
    text = g.serialize(format="json-ld", context=context, auto_compact=True)
    return text.encode("utf-8") if isinstance(text, str) else text


def used_prefixes(triples: list, prefixes: dict) -> dict:
    """Only the prefixes whose namespace some IRI of `triples` starts with (tidy Turtle)."""
    namespaces = set()
    for t in triples:
        for term in (t.subject, t.predicate, t.object):
            if isinstance(term, ox.NamedNode):
                value = term.value
            elif isinstance(term, ox.Literal):
                value = term.datatype.value
            else:
                continue
            cut = max(value.rfind("#"), value.rfind("/")) + 1
            namespaces.add(value[:cut])
    return {p: ns for p, ns in sorted(prefixes.items())
            if any(n.startswith(ns) for n in namespaces)}


def serialize_triples(triples: list, key: str, prefixes: dict, context: dict, output=None):
    """Triples in format `key`: bytes, or written to `output` (a binary writer) if given."""
    if key == "jsonld":
        body = to_jsonld(triples, context)
        if output is None:
            return body
        output.write(body)
        return None
    fmt = _RDF_FORMATS[key]
    if key in ("turtle", "trig", "rdfxml"):
        prefixes = used_prefixes(triples, prefixes)
    if fmt.supports_datasets:
        triples = [ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()) for t in triples]
    if key in ("turtle", "trig", "rdfxml"):
        return ox.serialize(triples, output, format=fmt, prefixes=prefixes)
    return ox.serialize(triples, output, format=fmt)


# --- streaming output and the row cap ----------------------------------------------------------

CHUNK = 64 * 1024


class Sink:
    """A binary writer that sends what is written to the pipe in ``CHUNK``-sized messages.

    Nothing is sent until ``CHUNK`` bytes have accumulated: a small body goes back in the
    single final ``O`` message with the payload (one pipe message per request), and an
    error raised before then still becomes a clean HTTP error. ``meta`` (the response
    flags) must be set before the first byte is written.
    """

    def __init__(self, conn, chunk: int = CHUNK):
        self.conn = conn
        self.chunk = chunk
        self.buf = bytearray()
        self.started = False
        self.meta: dict | None = None

    def write(self, data) -> int:
        self.buf += data
        if len(self.buf) >= self.chunk:
            self._send()
        return len(data)

    def flush(self) -> None:
        pass

    def _send(self) -> None:
        if not self.started:
            self.conn.send_bytes(b"H" + pickle.dumps(self.meta or {}, protocol=pickle.HIGHEST_PROTOCOL))
            self.started = True
        self.buf[:0] = b"D"
        self.conn.send_bytes(self.buf)
        self.buf = bytearray()

    def finish(self, payload) -> None:
        """Send the reply: the rest of the stream and its end, or the one ``O`` message."""
        if self.started:
            if self.buf:
                self._send()
            self.conn.send_bytes(b".")
            return
        if isinstance(payload, dict) and self.meta is not None:
            payload = {**payload, **self.meta, "body": bytes(self.buf)}
        self.conn.send_bytes(b"O" + pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL))


class _Full(Exception):
    pass


class _LineCap:
    """Collects TSV output and stops the serialiser once it holds `cap` rows plus one
    (SPARQL TSV writes one solution per line: newlines in terms are escaped)."""

    def __init__(self, cap: int):
        self.limit = cap + 2          # the header line, `cap` rows, one more
        self.lines = 0
        self.parts: list[bytes] = []

    def write(self, data) -> int:
        data = bytes(data)
        self.parts.append(data)
        self.lines += data.count(b"\n")
        if self.lines >= self.limit:
            raise _Full()
        return len(data)

    def flush(self) -> None:
        pass


def bounded_tsv(result, cap: int) -> tuple[bytes, bool]:
    """SELECT solutions as SPARQL TSV, at most `cap` rows: (tsv, truncated).

    pyoxigraph serialises (and evaluates) natively and stops as soon as one row more than
    the cap has been written, so memory stays bounded by the cap, in compact bytes."""
    sink = _LineCap(cap)
    try:
        result.serialize(sink, format=ox.QueryResultsFormat.TSV)
    except _Full:
        pass
    tsv = b"".join(sink.parts)
    if sink.lines < sink.limit:
        return tsv, False
    end = -1
    for _ in range(cap + 1):
        end = tsv.index(b"\n", end + 1)
    return tsv[: end + 1], True


# --- the worker state -------------------------------------------------------------------------

class Worker:
    def __init__(self, store_dir: str, base: str, prefixes: dict, context_file: str | None):
        self.store_dir = Path(store_dir)
        self.base = base
        self.prefixes = prefixes
        self.context_file = context_file
        self._store: ox.Store | None = None
        self._gen: str | None = None
        self._current = str(self.store_dir / "CURRENT")
        self._current_key: tuple | None = None
        self.out: Sink | None = None    # where the current request's body goes (see main)

    # The live generation, reopened when CURRENT names another one.
    def store(self) -> ox.Store:
        # One stat per request: CURRENT is only ever replaced by os.replace() of a new file,
        # which changes its inode (and ctime), so an unchanged stat means an unchanged name.
        try:
            st = os.stat(self._current)
            key = (st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        except FileNotFoundError:
            key = None
        if key is not None and key == self._current_key and self._store is not None:
            return self._store
        self._current_key = None
        try:
            name = (self.store_dir / "CURRENT").read_text().strip()
        except FileNotFoundError:
            name = ""
        if not name or not (self.store_dir / name).is_dir():
            self._store, self._gen = None, None
            raise WorkError(503, f"no graph has been built in {self.store_dir} "
                                 "(run `cvgraph build` first)")
        if name != self._gen or self._store is None:
            self._store = None
            gc.collect()
            try:
                self._store = ox.Store.read_only(str(self.store_dir / name))
            except OSError as exc:
                raise WorkError(503, f"cannot open store generation {name}: {exc}") from exc
            self._gen = name
        self._current_key = key
        return self._store

    @property
    def context(self) -> dict:
        return jsonld_context(self.context_file, self.prefixes)

    def handle(self, req: dict):
        op = req.get("op")
        fn = getattr(self, "op_" + str(op), None)
        if fn is None:
            raise WorkError(500, f"unknown worker operation {op!r}")
        return fn(req)

    # -- helpers --
    def _graphs(self, store: ox.Store, iris: list[str], what: str) -> list[ox.NamedNode]:
        out = []
        for iri in iris:
            try:
                node = ox.NamedNode(iri)
            except ValueError:
                raise WorkError(400, f"{what}: not a valid IRI: {iri!r}") from None
            if not store.contains_named_graph(node):
                raise WorkError(400, f"{what}: <{iri}> is not a graph of this store "
                                     "(see the service description at /sparql for the list)")
            out.append(node)
        return out

    # -- operations --
    def op_health(self, req):
        # Counting every quad takes seconds on a large store (5 s for 3 million quads), and a
        # local generation never changes once live: count once per generation in each worker
        # (a remote store can change under the same name: counted every time).
        store = self.store()
        cached = getattr(self, "_health", None)
        if cached is not None and cached[0] == self._gen and isinstance(store, ox.Store):
            return dict(cached[1])
        info = {"generation": self._gen, "triples": len(store),
                "named_graphs": sum(1 for _ in store.named_graphs())}
        self._health = (self._gen, info)
        return dict(info)

    def op_query(self, req):
        store = self.store()
        kwargs = {}
        default_uris, named_uris = req.get("default_graph_uri"), req.get("named_graph_uri")
        if default_uris or named_uris:
            # Protocol dataset: exactly these graphs (overrides FROM / FROM NAMED).
            kwargs["default_graph"] = self._graphs(store, default_uris or [], "default-graph-uri")
            kwargs["named_graphs"] = self._graphs(store, named_uris or [], "named-graph-uri")
        elif req.get("from_default") or req.get("from_named"):
            # The query's own dataset clause, restricted to graphs of this store.
            self._graphs(store, req.get("from_default") or [], "FROM")
            self._graphs(store, req.get("from_named") or [], "FROM NAMED")
        # Otherwise the store's default graph, which is the merge of all named graphs
        # (materialised by cvgraph.store.Generation.commit, with set semantics).
        try:
            result = store.query(req["query"], base_iri=self.base, prefixes=self.prefixes, **kwargs)
        except SyntaxError as exc:
            raise WorkError(400, syntax_message(exc, "query")) from None
        cap = int(req.get("max_results") or 0)
        rkey, gkey = req.get("results_format"), req.get("graph_format")
        out = self.out
        try:
            if isinstance(result, ox.QueryBoolean):
                if rkey is None:
                    raise WorkError(406, "no acceptable format for an ASK result")
                out.meta = {"family": "results", "format": rkey, "truncated": False}
                out.write(result.serialize(format=_RESULT_FORMATS[rkey]))
                return {}
            if isinstance(result, ox.QuerySolutions):
                if rkey is None:
                    raise WorkError(406, "no acceptable format for SELECT results")
                fmt = _RESULT_FORMATS[rkey]
                if not cap or req.get("bounded"):
                    # The query's own outer LIMIT keeps it within the cap: stream it as the
                    # engine produces it.
                    out.meta = {"family": "results", "format": rkey, "truncated": False}
                    result.serialize(out, format=fmt)
                    return {}
                # Evaluate up to cap + 1 rows natively (as TSV, one row per line) to know
                # whether the result is truncated before the first byte goes out, then
                # convert natively to the requested format.
                tsv, truncated = bounded_tsv(result, cap)
                out.meta = {"family": "results", "format": rkey, "truncated": truncated}
                if rkey == "tsv":
                    out.write(tsv)
                else:
                    ox.parse_query_results(tsv, format=ox.QueryResultsFormat.TSV).serialize(
                        out, format=fmt)
                return {}
            # CONSTRUCT / DESCRIBE
            if gkey is None:
                raise WorkError(406, "no acceptable RDF format for CONSTRUCT/DESCRIBE results")
            it = iter(result)
            triples = list(islice(it, cap + 1)) if cap else list(it)
            truncated = bool(cap) and len(triples) > cap
            if truncated:
                triples = triples[:cap]
            out.meta = {"family": "graph", "format": gkey, "truncated": truncated}
            serialize_triples(triples, gkey, self.prefixes, self.context, out)
            return {}
        except SyntaxError as exc:
            raise WorkError(400, syntax_message(exc, "query")) from None
        except OSError as exc:
            raise WorkError(500, f"query evaluation failed: {exc}") from None

    def op_update(self, req):
        from cvgraph.errors import StoreError
        from cvgraph.store import Generation, cleanup_abandoned, writer_lock

        live = self.store()
        self._graphs(live, req.get("using") or [], "USING")
        try:
            with writer_lock(self.store_dir, wait=False):
                cleanup_abandoned(self.store_dir)
                gen = Generation.copy_of_live(self.store_dir)
                try:
                    gen.store.update(req["update"], base_iri=self.base, prefixes=self.prefixes)
                    gen.commit()
                except BaseException:
                    gen.abort()
                    raise
        except StoreError as exc:
            raise WorkError(503, f"the store is being written by another process: {exc}") from None
        except SyntaxError as exc:
            raise WorkError(400, syntax_message(exc, "update")) from None
        except OSError as exc:
            raise WorkError(500, f"update failed: {exc}") from None
        return {"generation": gen.name}

    def op_graph(self, req):
        """One graph of the Graph Store Protocol: a named graph, or the union default graph."""
        store = self.store()
        iri = req.get("graph")
        if iri is None:
            triples = [q.triple for q in store.quads_for_pattern(None, None, None, ox.DefaultGraph())]
        else:
            try:
                node = ox.NamedNode(iri)
            except ValueError:
                raise WorkError(400, f"not a valid IRI: {iri!r}") from None
            if not store.contains_named_graph(node):
                raise WorkError(404, f"no graph <{iri}> in this store")
            triples = [q.triple for q in store.quads_for_pattern(None, None, None, node)]
        self.out.meta = {}
        serialize_triples(triples, req["format"], self.prefixes, self.context, self.out)
        return {}

    def op_dataset(self, req):
        """The whole store with its named graphs (TriG or N-Quads)."""
        store = self.store()
        fmt = _RDF_FORMATS[req["format"]]
        # The named graphs are the data; the default graph is their derived merge.
        quads = (q for q in store.quads_for_pattern(None, None, None, None)
                 if not isinstance(q.graph_name, ox.DefaultGraph))
        self.out.meta = {}
        if req["format"] == "trig":
            ox.serialize(quads, self.out, format=fmt, prefixes=self.prefixes)
        else:
            ox.serialize(quads, self.out, format=fmt)
        return {}

    def op_resource(self, req):
        """Linked-data description of one IRI: its triples plus those of the nodes it owns
        (document-scoped nodes under {base}doc/), all graphs merged. 404 if unknown."""
        store = self.store()
        try:
            node = ox.NamedNode(req["iri"])
        except ValueError:
            raise WorkError(404, "not found") from None
        # (substituted variables must appear in the CONSTRUCT template, so the owned-node
        # prefix goes in as an escaped string literal)
        owned = json.dumps(self.base + "doc/")
        q = """
        CONSTRUCT { ?this ?p ?o . ?o ?p2 ?o2 } WHERE {
          { ?this ?p ?o }
          UNION
          { ?this ?p ?o . FILTER(isIRI(?o) && STRSTARTS(STR(?o), %s)) ?o ?p2 ?o2 }
        }""" % owned
        triples = list(dict.fromkeys(store.query(
            q, substitutions={ox.Variable("this"): node})))
        if not triples:
            referenced = store.quads_for_pattern(None, None, node, None)
            if next(iter(referenced), None) is None:
                raise WorkError(404, f"no resource <{node.value}> in this graph")
        self.out.meta = {}
        serialize_triples(triples, req["format"], self.prefixes, self.context, self.out)
        return {}

    def op_rows(self, req):
        """Run several SELECT queries (for HTML pages) → list of rows of term tuples each."""
        store = self.store()
        subs = {ox.Variable(k): ox.NamedNode(v) for k, v in (req.get("bind") or {}).items()}
        out = []
        limit = int(req.get("limit") or 10_000)
        for q in req["queries"]:
            try:
                res = store.query(q, prefixes=self.prefixes,
                                  base_iri=self.base, substitutions=subs or None)
            except SyntaxError as exc:
                raise WorkError(500, syntax_message(exc, "query")) from None
            if isinstance(res, ox.QueryBoolean):
                out.append(bool(res))
                continue
            variables = [v.value for v in res.variables]
            rows = []
            for sol in islice(res, limit):
                rows.append({name: term_tuple(v) for name, v in zip(variables, sol) if v is not None})
            out.append(rows)
        return out


def main(conn, store_dir: str, base: str, prefixes: dict, context_file: str | None) -> None:
    """Worker process entry point: serve requests from `conn` until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's business
    from cvgraph.remote import make_worker  # a local store, or a remote SPARQL server

    worker = make_worker(store_dir, base, prefixes, context_file)
    dumps = pickle.dumps
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        if req is None:
            return
        sink = worker.out = Sink(conn)
        try:
            payload = worker.handle(req)
            err = None
        except WorkError as exc:
            err = (exc.status, exc.message)
        except SyntaxError as exc:
            err = (400, syntax_message(exc))
        except MemoryError:
            err = (503, "the query needs more memory than this endpoint allows")
        except (BrokenPipeError, ConnectionError):
            return
        except Exception as exc:  # never let a worker die on a bad request
            err = (500, f"internal error while running the request ({type(exc).__name__})")
        finally:
            worker.out = None
        try:
            if err is None:
                sink.finish(payload)
            else:
                # before the stream started: a clean error reply; in the middle of it: the
                # server aborts the response it has begun.
                conn.send_bytes(b"E" + dumps(err))
        except (BrokenPipeError, OSError):
            return
