"""A remote SPARQL 1.1 server as cvgraph's store (``--store http://host:port``).

cvgraph reads and writes a remote store through the standard protocols only:

- SPARQL 1.1 Protocol for queries (``POST query=…``, ``default-graph-uri`` / ``named-graph-uri``);
- SPARQL 1.1 Update for the default-graph merge and graph removal;
- SPARQL 1.1 Graph Store HTTP Protocol for whole graphs (``PUT ?graph=IRI`` per document
  graph, ``GET ?graph=IRI`` / ``?default``, and ``GET`` on the service for the whole dataset
  as N-Quads, which Oxigraph server offers).

``--store http://host:port`` (no path) uses Oxigraph server's conventional paths ``/query``,
``/update`` and ``/store``. Any other URL is taken as the query endpoint (and, unless given
separately, the update endpoint); without a Graph Store endpoint, graphs are written with
``DROP SILENT GRAPH`` + ``INSERT DATA``. ``--query-endpoint``, ``--update-endpoint`` and
``--gsp-endpoint`` override each one.

OpenLink Virtuoso is recognised by its ``Server`` header (one request when a store is opened)
and needs three adaptations, all confined to this module:

- it has no default graph of its own (without a dataset a query sees the union of *all* graphs,
  its system graphs included, with duplicates): the merge is kept in the named graph
  ``urn:x-cvgraph:default-graph`` (``VIRTUOSO_DEFAULT_GRAPH``) and every query without a dataset
  is sent with ``default-graph-uri`` naming it;
- with a ``default-graph-uri`` but no ``named-graph-uri``, ``GRAPH ?g`` still ranges over every
  graph while ``GRAPH <iri>`` finds nothing: queries that name graphs get those graphs as
  ``named-graph-uri`` (all of cvgraph's graphs for ``GRAPH ?var``), and cvgraph's
  own graph listings leave out the stand-in and Virtuoso's system graphs
  (``VIRTUOSO_SYSTEM_GRAPHS``), which a build therefore never drops;
- ``--store http://host:8890`` means ``/sparql`` (query and update) and ``/sparql-graph-crud``
  (Graph Store Protocol, unauthenticated; the server must grant ``SPARQL_UPDATE`` to its
  ``SPARQL`` user, see ``bench/virtuoso.py``); the whole-dataset ``GET`` is read graph by graph.

The remote default graph holds the same thing as a local store's: the materialised RDF merge
(a set) of all named graphs, recomputed by the build with one SPARQL Update. Do not start
Oxigraph server with ``--union-default-graph`` (that would count a shared triple once per
graph holding it, like pyoxigraph's flag, oxigraph#1919).

:class:`RemoteStore` implements the read operations of ``pyoxigraph.Store`` that cvgraph uses
(``query``, ``quads_for_pattern``, ``named_graphs``, ``contains_named_graph``, ``len``) and
returns real pyoxigraph objects, so ``query``, ``export``, ``validate`` and the endpoint's
worker run unchanged on it.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Iterable, Iterator
from urllib.parse import urlencode, urlsplit

import pyoxigraph as ox

from .errors import StoreError

RESULTS_JSON = "application/sparql-results+json"
NTRIPLES = "application/n-triples"
NQUADS = "application/n-quads"
FORM = "application/x-www-form-urlencoded"
DEFAULT_TIMEOUT = float(os.environ.get("CVGRAPH_REMOTE_TIMEOUT", "300"))


VIRTUOSO_DEFAULT_GRAPH = "urn:x-cvgraph:default-graph"
VIRTUOSO_SYSTEM_GRAPHS = ("http://www.openlinksw.com/", "http://www.w3.org/ns/ldp#", "http://localuriqaserver/")


@dataclass(frozen=True)
class RemoteTarget:
    """The endpoints of one remote store (picklable: it is passed to endpoint workers)."""

    url: str
    query: str
    update: str | None
    gsp: str | None
    # a named graph standing for the default graph (servers without one: Virtuoso)
    default_graph: str | None = None
    # IRI prefixes of graphs that belong to the server, not to cvgraph
    system_graphs: tuple[str, ...] = ()
    # "" until probed, then "virtuoso" or "generic"
    dialect: str = ""
    explicit: tuple[str, ...] = ()   # which of query/update/gsp were given by the user

    @classmethod
    def parse(cls, url: str, query: str | None = None, update: str | None = None,
              gsp: str | None = None) -> "RemoteTarget":
        url = _restore_url(url)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise StoreError(f"not an http(s) URL: {url!r}")
        root = url.rstrip("/")
        if parts.path in ("", "/"):   # Oxigraph server's conventional paths
            dq, du, dg = root + "/query", root + "/update", root + "/store"
        else:                         # a single SPARQL endpoint URL
            dq, du, dg = url, url, None
        explicit = tuple(k for k, v in (("query", query), ("update", update), ("gsp", gsp)) if v)
        return cls(url=root, query=query or dq, update=update or du, gsp=gsp or dg, explicit=explicit)

    def __str__(self) -> str:
        return self.url


def _restore_url(url) -> str:
    """``Path("http://h:1")`` is ``http:/h:1``; give such a value back its URL form."""
    s = str(url)
    m = re.match(r"^(https?):/+(.*)$", s)
    return f"{m.group(1)}://{m.group(2)}" if m else s


def is_remote(store) -> bool:
    if isinstance(store, RemoteTarget):
        return True
    if isinstance(store, (str, PurePath)):
        return bool(re.match(r"^https?:/", str(store)))
    return False


def as_target(store) -> RemoteTarget:
    return store if isinstance(store, RemoteTarget) else RemoteTarget.parse(str(store))


def probe(target: RemoteTarget, http) -> RemoteTarget:
    """Recognise the server (one request) and adapt the target to it (see the module doc)."""
    import dataclasses

    import httpx

    if target.dialect:
        return target
    try:
        resp = http.get(target.query, params={"query": "ASK {}"}, headers={"Accept": RESULTS_JSON})
    except httpx.HTTPError:
        return target                 # unreachable now: the real request will say so
    if not resp.headers.get("server", "").startswith("Virtuoso/"):
        return dataclasses.replace(target, dialect="generic")
    parts = urlsplit(target.url)
    origin = f"{parts.scheme}://{parts.netloc}"
    root_form = parts.path in ("", "/")
    changes = {"dialect": "virtuoso", "default_graph": target.default_graph or VIRTUOSO_DEFAULT_GRAPH,
               "system_graphs": target.system_graphs or VIRTUOSO_SYSTEM_GRAPHS}
    if root_form and "query" not in target.explicit:
        changes["query"] = origin + "/sparql"
    if root_form and "update" not in target.explicit:
        changes["update"] = origin + "/sparql"
    if "gsp" not in target.explicit and (root_form or target.gsp is None):
        changes["gsp"] = origin + "/sparql-graph-crud"
    return dataclasses.replace(target, **changes)


def store_argument(value: str):
    """argparse type for ``--store``: a local directory (Path) or an http(s) URL (kept as str)."""
    from pathlib import Path

    return value if is_remote(value) else Path(value)


# --- query text helpers -------------------------------------------------------------------

_TOKENS = re.compile(r'''
    (?P<str>"""(?:[^"\\]|\\.|"(?!""))*"""|'\'\'(?:[^'\\]|\\.|'(?!''))*'\'\'|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<iri><[^<>"{}|^`\\\s]*>)
  | (?P<comment>\#[^\n]*)
  | (?P<var>[?$][A-Za-z0-9_\u00b7-\uffff]+)
  | (?P<open>\{) | (?P<close>\})
  | (?P<where>(?<![:\w])WHERE(?![\w:]))
''', re.VERBOSE | re.IGNORECASE)


def _term_sparql(term) -> str:
    if isinstance(term, (ox.NamedNode, ox.Literal)):
        return str(term)
    raise ValueError(f"cannot send {term!r} to a remote store")


def inject_values(query: str, bindings: dict) -> str:
    """Bind variables (pyoxigraph's ``substitutions``) by a one-row VALUES block placed first
    in the query's WHERE group, where the engine joins it before anything else."""
    if not bindings:
        return query
    names = [v.value if isinstance(v, ox.Variable) else str(v).lstrip("?$") for v in bindings]
    values = " ".join(_term_sparql(t) for t in bindings.values())
    block = f" VALUES ({' '.join('?' + n for n in names)}) {{ ({values}) }} "
    depth, after_where, first_open = 0, None, None
    for m in _TOKENS.finditer(query):
        kind = m.lastgroup
        if kind == "open":
            if depth == 0:
                if after_where is not None:
                    return query[:m.end()] + block + query[m.end():]
                if first_open is None:
                    first_open = m.end()
            depth += 1
        elif kind == "close":
            depth -= 1
        elif kind == "where" and depth == 0:
            after_where = m.end()
    if first_open is not None and after_where is None:
        return query[:first_open] + block + query[first_open:]
    return query + "\n" + block


def _graph_form(query: str) -> bool:
    """Whether the query is a CONSTRUCT or DESCRIBE (its answer is a graph)."""
    for m in _KEYWORDS.finditer(query):
        if m.lastgroup == "form":
            return m.group("form").upper() in ("CONSTRUCT", "DESCRIBE")
    return False


def _graph_references(query: str) -> tuple[set[str], bool]:
    """(IRIs written as ``GRAPH <iri>``, whether any other ``GRAPH`` occurs: ``GRAPH ?var`` or a
    prefixed name), outside strings and comments."""
    constants, other = set(), False
    for m in _KEYWORDS.finditer(query):
        if m.lastgroup != "graph":
            continue
        rest = query[m.end():].lstrip()
        iri = re.match(r'<([^<>"{}|^`\\\s]*)>', rest)
        if iri:
            constants.add(iri.group(1))
        else:
            other = True
    return constants, other


_KEYWORDS = re.compile(r'''
    (?P<str>"""(?:[^"\\]|\\.|"(?!""))*"""|'\'\'(?:[^'\\]|\\.|'(?!''))*'\'\'|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<iri><[^<>"{}|^`\\\s]*>)
  | (?P<comment>\#[^\n]*)
  | (?P<var>[?$][A-Za-z0-9_\u00b7-\uffff]+)
  | (?P<form>(?<![:\w])(?:SELECT|ASK|CONSTRUCT|DESCRIBE)(?![\w:]))
  | (?P<graph>(?<![:\w])GRAPH(?![\w:]))
''', re.VERBOSE | re.IGNORECASE)


def _virtuoso_bnodes(body: bytes) -> bytes:
    """Virtuoso writes blank nodes in JSON results as ``nodeID://b10001``, not a blank node
    label; give them labels (the same node, the same label)."""
    import json

    doc = json.loads(body)
    for row in doc.get("results", {}).get("bindings", []):
        for term in row.values():
            if term.get("type") == "bnode":
                term["value"] = re.sub(r"[^A-Za-z0-9_]", "_", term["value"].removeprefix("nodeID://"))
    return json.dumps(doc).encode("utf-8")


def prologue(base_iri: str | None, prefixes: dict | None) -> str:
    out = []
    if base_iri:
        out.append(f"BASE <{base_iri}>")
    for p, ns in (prefixes or {}).items():
        out.append(f"PREFIX {p}: <{ns}>")
    return "\n".join(out) + ("\n" if out else "")


# --- the store ----------------------------------------------------------------------------

class RemoteStore:
    """The read (and whole-graph write) operations of a pyoxigraph Store, over HTTP."""

    def __init__(self, target, timeout: float | None = None):
        import httpx

        self._http = httpx.Client(timeout=timeout or DEFAULT_TIMEOUT, follow_redirects=True)
        self.target = probe(as_target(target), self._http)

    def close(self) -> None:
        self._http.close()

    def __del__(self):  # pragma: no cover - best effort
        try:
            self._http.close()
        except Exception:
            pass

    # -- HTTP --
    def _request(self, method: str, url: str, what: str, **kw):
        import httpx

        try:
            resp = self._http.request(method, url, **kw)
        except httpx.HTTPError as exc:
            raise StoreError(f"remote store {self.target.url}: {what} failed: {exc}") from exc
        if resp.status_code >= 400:
            message = resp.text.strip()[:500] or resp.reason_phrase
            if resp.status_code == 400:
                raise SyntaxError(message)
            raise StoreError(f"remote store {self.target.url}: {what} failed "
                             f"(HTTP {resp.status_code}): {message}")
        return resp

    # -- reads --
    def query(self, query: str, *, base_iri: str | None = None, prefixes: dict | None = None,
              substitutions: dict | None = None, default_graph=None, named_graphs=None,
              use_default_graph_as_union: bool = False, **_ignored):
        text = prologue(base_iri, prefixes) + inject_values(query, substitutions or {})
        data: list[tuple[str, str]] = [("query", text)]
        if default_graph is not None:
            graphs = default_graph if isinstance(default_graph, (list, tuple)) else [default_graph]
            data += [("default-graph-uri", g.value) for g in graphs if isinstance(g, ox.NamedNode)]
        for g in named_graphs or []:
            data.append(("named-graph-uri", g.value))
        if self.target.default_graph and default_graph is None and not named_graphs:
            data += self._stand_in_dataset(query)
        if _graph_form(text):   # a server may prefer the first type it can give (Virtuoso does)
            accept = f"{NTRIPLES}, text/turtle;q=0.9, {RESULTS_JSON};q=0.5"
        else:
            accept = f"{RESULTS_JSON}, {NTRIPLES};q=0.9, text/turtle;q=0.5"
        resp = self._request("POST", self.target.query, "query", content=urlencode(data), headers={
            "Content-Type": FORM, "Accept": accept})
        ctype = resp.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype in (RESULTS_JSON, "application/json"):
            body = resp.content
            if self.target.dialect == "virtuoso" and b'"bnode"' in body:
                body = _virtuoso_bnodes(body)
            return ox.parse_query_results(body, format=ox.QueryResultsFormat.JSON)
        fmt = ox.RdfFormat.from_media_type(ctype) if ctype else None
        if fmt is None:
            raise StoreError(f"remote store {self.target.url}: unexpected answer type {ctype!r}")
        return [q.triple for q in ox.parse(resp.content, format=fmt)]

    def _stand_in_dataset(self, query: str) -> list[tuple[str, str]]:
        """The dataset that gives a query cvgraph's semantics on a server whose default graph is
        a stand-in named graph (Virtuoso): the stand-in as default graph, and as named graphs
        those the query names (all of cvgraph's graphs if it has ``GRAPH ?var``)."""
        data = [("default-graph-uri", self.target.default_graph)]
        constants, other = _graph_references(query)
        if other:
            constants |= {g.value for g in self.named_graphs()}
        data += [("named-graph-uri", g) for g in sorted(constants)]
        return data

    def _own_graphs_filter(self, var: str) -> str:
        """A FILTER keeping ``var`` to cvgraph's graphs (not the stand-in, not the server's)."""
        if not self.target.default_graph:
            return ""
        tests = [f"{var} != <{self.target.default_graph}>"]
        tests += [f'!STRSTARTS(STR({var}), "{p}")' for p in self.target.system_graphs]
        return f" FILTER({' && '.join(tests)})"

    def _filtered(self) -> dict:
        """query() arguments for cvgraph's own queries that filter graphs themselves."""
        stand_in = self.target.default_graph
        return {"default_graph": ox.NamedNode(stand_in)} if stand_in else {}

    def _is_own_graph(self, iri: str) -> bool:
        return iri != self.target.default_graph and not iri.startswith(tuple(self.target.system_graphs))

    def _gsp_get(self, params: dict, accept: str, what: str):
        resp = self._request("GET", self.target.gsp, what, params=params, headers={"Accept": accept})
        ctype = resp.headers.get("content-type", accept).split(";")[0].strip().lower()
        fmt = ox.RdfFormat.from_media_type(ctype) or ox.RdfFormat.from_media_type(accept)
        return ox.parse(resp.content, format=fmt)

    def quads_for_pattern(self, subject=None, predicate=None, object=None, graph_name=None) -> Iterator[ox.Quad]:
        whole = subject is None and predicate is None and object is None
        if whole and self.target.gsp:
            if isinstance(graph_name, ox.NamedNode):
                if not self.contains_named_graph(graph_name):
                    return iter(())
                return (ox.Quad(q.subject, q.predicate, q.object, graph_name)
                        for q in self._gsp_get({"graph": graph_name.value}, NTRIPLES, "graph read"))
            stand_in = self.target.default_graph
            if isinstance(graph_name, ox.DefaultGraph):
                params = {"graph": stand_in} if stand_in else {"default": ""}
                return iter([ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph())
                             for q in self._gsp_get(params, NTRIPLES, "default graph read")])
            if graph_name is None and stand_in:     # no whole-dataset GET: graph by graph
                out = list(self.quads_for_pattern(graph_name=ox.DefaultGraph()))
                for g in self.named_graphs():
                    out += self.quads_for_pattern(graph_name=g)
                return iter(out)
            if graph_name is None:
                return iter(list(self._gsp_get({}, NQUADS, "dataset read")))
        terms = {"s": subject, "p": predicate, "o": object}
        pattern = " ".join(_term_sparql(t) if t is not None else f"?{k}" for k, t in terms.items())
        if isinstance(graph_name, ox.NamedNode):
            where = f"GRAPH {_term_sparql(graph_name)} {{ {pattern} }}"
        elif isinstance(graph_name, ox.DefaultGraph):
            where = pattern
        else:
            where = f"{{ {pattern} }} UNION {{ GRAPH ?g {{ {pattern} }}{self._own_graphs_filter('?g')} }}"
        dataset = self._filtered()
        if dataset and isinstance(graph_name, ox.NamedNode):
            dataset["named_graphs"] = [graph_name]
        rows = self.query(f"SELECT * WHERE {{ {where} }}", **dataset)
        out = []
        for row in rows:
            s = subject if subject is not None else row["s"]
            p = predicate if predicate is not None else row["p"]
            o = object if object is not None else row["o"]
            if isinstance(graph_name, ox.NamedNode):
                g = graph_name
            elif isinstance(graph_name, ox.DefaultGraph):
                g = ox.DefaultGraph()
            else:
                g = row["g"] if row["g"] is not None else ox.DefaultGraph()
            out.append(ox.Quad(s, p, o, g))
        return iter(out)

    def contains_named_graph(self, graph) -> bool:
        return bool(self.query(f"ASK {{ GRAPH {_term_sparql(graph)} {{ ?s ?p ?o }} }}"))

    def named_graphs(self) -> Iterator[ox.NamedNode]:
        rows = self.query(f"SELECT DISTINCT ?g WHERE {{ GRAPH ?g {{ ?s ?p ?o }}{self._own_graphs_filter('?g')} }}",
                          **self._filtered())
        return iter([row["g"] for row in rows
                     if isinstance(row["g"], ox.NamedNode) and self._is_own_graph(row["g"].value)])

    def __len__(self) -> int:
        rows = list(self.query("SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION "
                               f"{{ GRAPH ?g {{ ?s ?p ?o }}{self._own_graphs_filter('?g')} }} }}",
                               **self._filtered()))
        return int(rows[0]["n"].value)

    # -- writes --
    def update(self, update: str, *, base_iri: str | None = None, prefixes: dict | None = None) -> None:
        if not self.target.update:
            raise StoreError(f"remote store {self.target.url} has no update endpoint")
        self._request("POST", self.target.update, "update", headers={"Content-Type": FORM},
                      content=urlencode({"update": prologue(base_iri, prefixes) + update}))

    def put_graph(self, graph: str, ntriples: bytes) -> None:
        """Replace one named graph (Graph Store Protocol PUT, else DROP + INSERT DATA)."""
        if self.target.gsp:
            self._request("PUT", self.target.gsp, f"writing graph <{graph}>", params={"graph": graph},
                          content=ntriples, headers={"Content-Type": NTRIPLES})
        else:
            body = ntriples.decode("utf-8")
            self.update(f"DROP SILENT GRAPH <{graph}> ;\nINSERT DATA {{ GRAPH <{graph}> {{\n{body}\n}} }}")

    def drop_graphs(self, graphs: Iterable[str], batch: int = 200) -> None:
        graphs = list(graphs)
        for i in range(0, len(graphs), batch):
            self.update(" ;\n".join(f"DROP SILENT GRAPH <{g}>" for g in graphs[i:i + batch]))

    def materialise_union(self, graphs: Iterable[str] | None = None, batch: int = 200) -> None:
        """The remote default graph := the RDF merge (a set) of the named graphs (``graphs``:
        the named graphs, when the caller knows them)."""
        stand_in = self.target.default_graph
        if not stand_in:
            self.update("DROP SILENT DEFAULT ;\nINSERT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
            return
        graphs = sorted(graphs if graphs is not None else (g.value for g in self.named_graphs()))
        self.update(f"DROP SILENT GRAPH <{stand_in}>")
        for i in range(0, len(graphs), batch):    # ADD: the stand-in is a set, as a graph is
            self.update(" ;\n".join(f"ADD SILENT <{g}> TO <{stand_in}>" for g in graphs[i:i + batch]))


def write_dataset(target, graphs: Iterable[tuple[str, bytes]], *, replace: bool = True) -> RemoteStore:
    """Write a build to a remote store: every (graph IRI, N-Triples) with a PUT, then (with
    ``replace``) drop the named graphs the build does not hold, then recompute the default graph.

    Not atomic as a whole (each PUT is): a reader may see a mix of old and new graphs while it
    runs. There is no lock across machines: run one writer per remote store.
    """
    store = RemoteStore(target)
    before = {g.value for g in store.named_graphs()} if replace else set()
    written = set()
    for iri, data in graphs:
        store.put_graph(iri, data)
        written.add(iri)
    stale = sorted(before - written)
    if stale:
        store.drop_graphs(stale)
    store.materialise_union(written if replace else None)
    return store


# --- the endpoint's worker on a remote store ------------------------------------------------

def make_worker(store_dir, base: str, prefixes: dict, context_file: str | None):
    """The endpoint worker for this store: the normal one, or one that forwards to a remote
    SPARQL server (used by ``endpoint.worker.main``)."""
    from endpoint.worker import Worker, WorkError

    if not is_remote(store_dir):
        return Worker(store_dir, base, prefixes, context_file)

    class RemoteWorker(Worker):
        """Every operation of the local worker, against a remote server: queries and graph reads
        are forwarded over HTTP; cvgraph's negotiation, limits, pages and timeouts still apply."""

        def __init__(self):
            super().__init__(".", base, prefixes, context_file)
            self.target = as_target(store_dir)
            self._remote = RemoteStore(self.target)
            self._gen = f"remote {self.target.url}"

        def store(self):
            return self._remote

        def handle(self, req: dict):
            try:
                return super().handle(req)
            except StoreError as exc:
                raise WorkError(502, str(exc)) from None

        def op_update(self, req):
            self._graphs(self._remote, req.get("using") or [], "USING")
            try:
                self._remote.update(req["update"], base_iri=self.base, prefixes=self.prefixes)
                self._remote.materialise_union()
            except SyntaxError as exc:
                raise WorkError(400, f"update rejected by the remote store: {exc}") from None
            return {"generation": self._gen}

    return RemoteWorker()
