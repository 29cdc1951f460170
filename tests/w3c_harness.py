"""W3C SPARQL 1.1 query-evaluation tests, run through cvgraph's HTTP endpoint.

For every ``mf:QueryEvaluationTest`` (and ``mf:CSVResultFormatTest``) reachable from
``manifest-all.ttl`` of the W3C suite (``../shared/conformance/sparql11``):

1. the test's data is loaded into a fresh store generation through the real store path
   (``cvgraph.store.Generation``): ``qt:data`` into the default graph, ``qt:graphData`` into
   named graphs named by their file IRI; graphs named by the query's own ``FROM`` /
   ``FROM NAMED`` are loaded as named graphs too (the endpoint only accepts dataset IRIs
   that are graphs of its store). The generation is committed with
   ``materialise_union=False`` so the default graph is exactly the test's default graph;
2. the query is sent to ``/sparql`` of the FastAPI app (a real HTTP exchange through
   Starlette's TestClient), prefixed with ``BASE <query file IRI>`` so relative IRIs resolve
   as the suite expects; the result format rotates deterministically over SPARQL JSON, XML
   and TSV (Turtle and N-Triples for graphs) so every serialiser is exercised;
3. the response is parsed in the format it declares (independent parsers here, not
   pyoxigraph's) and compared with the expected ``.srx`` / ``.srj`` / ``.tsv`` / ``.csv`` /
   ``.ttl`` / ``.rdf`` file by the W3C rules: solutions as a multiset (a sequence only when
   the query has a top-level ORDER BY, ties allowed to differ), blank nodes up to a
   consistent renaming across all rows, numeric literals of the same datatype by value,
   graphs by RDF isomorphism, ASK by its boolean.

Run it alone: ``python -m tests.w3c_harness [--write docs/w3c-sparql-results.md]``.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pyoxigraph as ox
import rdflib
from rdflib.collection import Collection
from rdflib.compare import isomorphic

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT.parent / "shared" / "conformance" / "sparql11"

MF = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
QT = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-query#")
DAWGT = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#")
RS = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/result-set#")
XSD = "http://www.w3.org/2001/XMLSchema#"
RDF_LANGSTRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
SRX = "{http://www.w3.org/2005/sparql-results#}"

EVAL_TYPES = {MF.QueryEvaluationTest: "QueryEvaluationTest",
              MF.CSVResultFormatTest: "CSVResultFormatTest"}
SKIP_FOLDERS = {
    "entailment": "needs an entailment regime (RDF/RDFS/D/OWL); the endpoint evaluates with "
                  "simple entailment only",
    "service": "federated query: the endpoint refuses SERVICE (403) so it never sends "
               "requests to other hosts",
}
OUT_OF_SCOPE = {
    "UpdateEvaluationTest": "SPARQL Update evaluation; the endpoint is read-only by default",
    "PositiveSyntaxTest11": "syntax test, not query evaluation",
    "NegativeSyntaxTest11": "syntax test, not query evaluation",
    "PositiveUpdateSyntaxTest11": "update syntax test, not query evaluation",
    "NegativeUpdateSyntaxTest11": "update syntax test, not query evaluation",
    "ProtocolTest": "protocol test: run by tests/test_protocol.py",
    "GraphStoreProtocolTest": "Graph Store Protocol writes (PUT/POST/DELETE); the endpoint "
                              "offers only the read part",
    "ServiceDescriptionTest": "prose-only test (no machine-readable action)",
}

RESULT_ACCEPT = ["application/sparql-results+json", "application/sparql-results+xml",
                 "text/tab-separated-values"]
GRAPH_ACCEPT = ["text/turtle", "application/n-triples"]


# --- the manifests ---------------------------------------------------------------------------

@dataclass
class W3CTest:
    iri: str
    name: str
    kind: str
    folder: str
    query: Path | None = None
    data: list[Path] = field(default_factory=list)
    graph_data: list[Path] = field(default_factory=list)
    result: Path | None = None
    approval: str = ""
    skip: str | None = None

    @property
    def short(self) -> str:
        return f"{self.folder}/{self.iri.rsplit('#', 1)[-1]}"


def _path(term) -> Path:
    return Path(unquote(urlparse(str(term)).path))


def load_manifests(top: Path | None = None) -> tuple[list[W3CTest], Counter]:
    """All evaluation tests reachable from manifest-all.ttl, plus a count of the other types."""
    top = top or SUITE / "manifest-all.ttl"
    tests: list[W3CTest] = []
    others: Counter = Counter()
    seen: set[Path] = set()

    def visit(path: Path) -> None:
        if path in seen:
            return
        seen.add(path)
        g = rdflib.Graph()
        g.parse(path, format="turtle", publicID=path.as_uri())
        man = rdflib.URIRef(path.as_uri())
        for inc in g.objects(man, MF.include):
            for item in Collection(g, inc):
                visit(_path(item))
        for lst in g.objects(man, MF.entries):
            for entry in Collection(g, lst):
                kinds = set(g.objects(entry, rdflib.RDF.type))
                kind = next((EVAL_TYPES[k] for k in kinds if k in EVAL_TYPES), None)
                folder = path.parent.name
                if kind is None:
                    for k in kinds:
                        others[(folder, str(k).rsplit("#", 1)[-1])] += 1
                    continue
                approval = g.value(entry, DAWGT.approval)
                t = W3CTest(str(entry), str(g.value(entry, MF.name) or entry), kind, folder,
                            approval=str(approval).rsplit("#", 1)[-1] if approval else "")
                action = g.value(entry, MF.action)
                if action is not None:
                    q = g.value(action, QT.query)
                    t.query = _path(q) if q is not None else None
                    t.data = sorted(_path(d) for d in g.objects(action, QT.data))
                    t.graph_data = sorted(_path(d) for d in g.objects(action, QT.graphData))
                    if any(True for _ in g.objects(action, QT.serviceData)):
                        t.skip = SKIP_FOLDERS["service"]
                res = g.value(entry, MF.result)
                t.result = _path(res) if res is not None else None
                if folder in SKIP_FOLDERS:
                    t.skip = SKIP_FOLDERS[folder]
                elif t.query is None or t.result is None:
                    t.skip = "manifest entry has no query or no expected result"
                tests.append(t)

    visit(top)
    return tests, others


# --- terms -----------------------------------------------------------------------------------
# A term is ("uri", iri) | ("bnode", label) | ("literal", lexical, datatype, lang).

_NUMERIC = {XSD + n for n in ("integer", "decimal", "double", "float", "int", "long", "short",
                              "byte", "nonNegativeInteger", "positiveInteger", "negativeInteger",
                              "nonPositiveInteger", "unsignedInt", "unsignedLong",
                              "unsignedShort", "unsignedByte")}


def literal(lex: str, dt: str | None = None, lang: str | None = None) -> tuple:
    if lang:
        return ("literal", lex, RDF_LANGSTRING, lang.lower())
    return ("literal", lex, dt or XSD + "string", None)


_BY_VALUE = True  # switched off by compare(..., by_value=False) for the strict count


def _number(text: str):
    try:
        return Decimal(text.strip())
    except InvalidOperation:
        return None


def compare_key(term):
    """The value a term is compared by.

    Strictly, RDF term equality. By value (the default, as the suite's numeric tests need):
    literals of the XSD numeric types by their value within the same datatype ("2.0" = "2"
    as xsd:decimal), xsd:boolean by value ("0" = "false"), and, for the lossy CSV format
    only, cells that both read as numbers by numeric value ("1.0E6" = "1000000").
    Datatypes are never conflated (xsd:negativeInteger is not xsd:integer)."""
    if term is None or not _BY_VALUE:
        return term
    if term[0] == "csv":
        n = _number(term[1])
        return ("csvnum", n) if n is not None else term
    if term[0] != "literal":
        return term
    _, lex, dt, lang = term
    if dt == XSD + "boolean" and lex.strip() in ("0", "1", "true", "false"):
        return ("bool", lex.strip() in ("1", "true"))
    if dt in _NUMERIC:
        try:
            if dt in (XSD + "double", XSD + "float"):
                return ("num", dt, float(lex))
            return ("num", dt, Decimal(lex.strip()))
        except (ValueError, InvalidOperation):
            return term
    return term


def _rdflib_term(t) -> tuple:
    if isinstance(t, rdflib.URIRef):
        return ("uri", str(t))
    if isinstance(t, rdflib.BNode):
        return ("bnode", str(t))
    return literal(str(t), str(t.datatype) if t.datatype else None, t.language)


# --- result parsers --------------------------------------------------------------------------

@dataclass
class Results:
    kind: str                    # "bindings" | "boolean" | "graph" | "csv"
    variables: list[str] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)
    boolean: bool | None = None
    graph: rdflib.Graph | None = None


def parse_srx(data: bytes, base: str | None = None) -> Results:
    root = ET.fromstring(data)
    boolean = root.find(SRX + "boolean")
    if boolean is not None:
        return Results("boolean", boolean=boolean.text.strip() == "true")
    variables = [v.get("name") for v in root.iter(SRX + "variable")]
    rows = []
    for result in root.iter(SRX + "result"):
        row = {}
        for b in result.findall(SRX + "binding"):
            node = list(b)[0]
            tag = node.tag.replace(SRX, "")
            text = node.text or ""
            if tag == "uri":
                row[b.get("name")] = ("uri", urljoin(base, text) if base else text)
            elif tag == "bnode":
                row[b.get("name")] = ("bnode", text)
            else:
                row[b.get("name")] = literal(text, node.get("datatype"),
                                             node.get("{http://www.w3.org/XML/1998/namespace}lang"))
        rows.append(row)
    return Results("bindings", variables, rows)


def parse_srj(data: bytes) -> Results:
    doc = json.loads(data)
    if "boolean" in doc:
        return Results("boolean", boolean=bool(doc["boolean"]))
    rows = []
    for b in doc["results"]["bindings"]:
        row = {}
        for name, v in b.items():
            if v["type"] == "uri":
                row[name] = ("uri", v["value"])
            elif v["type"] == "bnode":
                row[name] = ("bnode", v["value"])
            else:  # "literal" or the SPARQL 1.0 "typed-literal"
                row[name] = literal(v["value"], v.get("datatype"), v.get("xml:lang"))
        rows.append(row)
    return Results("bindings", list(doc["head"].get("vars", [])), rows)


_TSV_TERM = re.compile(
    r'^(?:<(?P<iri>[^>]*)>'
    r'|_:(?P<bnode>\S+)'
    r'|"(?P<lex>(?:[^"\\]|\\.)*)"(?:@(?P<lang>[A-Za-z0-9\-]+)|\^\^<(?P<dt>[^>]*)>)?'
    r"|'(?P<lex2>(?:[^'\\]|\\.)*)'(?:@(?P<lang2>[A-Za-z0-9\-]+)|\^\^<(?P<dt2>[^>]*)>)?"
    r'|(?P<double>[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+)'
    r'|(?P<decimal>[+-]?\d*\.\d+)'
    r'|(?P<integer>[+-]?\d+)'
    r'|(?P<bool>true|false))$')
_ESC = re.compile(r'\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[tbnrf"\'\\])')
_ESC_MAP = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}


def _unescape(s: str) -> str:
    return _ESC.sub(lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] in "uU"
                    else _ESC_MAP[m.group(1)], s)


def parse_tsv_term(text: str):
    if text == "":
        return None
    m = _TSV_TERM.match(text)
    if not m:
        raise ValueError(f"not a TSV term: {text!r}")
    if m.group("iri") is not None:
        return ("uri", _unescape(m.group("iri")))
    if m.group("bnode") is not None:
        return ("bnode", m.group("bnode"))
    for lex, lang, dt in (("lex", "lang", "dt"), ("lex2", "lang2", "dt2")):
        if m.group(lex) is not None:
            return literal(_unescape(m.group(lex)), m.group(dt), m.group(lang))
    for kind in ("double", "decimal", "integer"):
        if m.group(kind) is not None:
            return literal(m.group(kind), XSD + kind)
    return literal(m.group("bool"), XSD + "boolean")


def _bare_boolean(data: bytes) -> Results | None:
    """SPARQL defines no CSV/TSV form for ASK; the endpoint (Oxigraph) writes a bare
    ``true`` / ``false``."""
    text = data.decode("utf-8").strip()
    return Results("boolean", boolean=text == "true") if text in ("true", "false") else None


def parse_tsv(data: bytes) -> Results:
    boolean = _bare_boolean(data)
    if boolean is not None:
        return boolean
    lines = data.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
    variables = [v.strip()[1:] for v in lines[0].split("\t")] if lines and lines[0] else []
    rows = []
    for line in lines[1:]:
        cells = line.split("\t")
        row = {}
        for name, cell in zip(variables, cells):
            term = parse_tsv_term(cell.strip())
            if term is not None:
                row[name] = term
        rows.append(row)
    return Results("bindings", variables, rows)


def parse_csv(data: bytes) -> Results:
    """CSV is lossy: every value is a string; "_:x" marks a blank node; "" is unbound."""
    boolean = _bare_boolean(data)
    if boolean is not None:
        return boolean
    reader = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    variables = reader[0] if reader else []
    rows = []
    for rec in reader[1:]:
        row = {}
        for name, cell in zip(variables, rec):
            if cell == "":
                continue
            row[name] = ("bnode", cell[2:]) if cell.startswith("_:") else ("csv", cell)
        rows.append(row)
    return Results("csv", variables, rows)


def parse_rdf_resultset(g: rdflib.Graph) -> Results | None:
    rs = next(iter(g.subjects(rdflib.RDF.type, RS.ResultSet)), None)
    if rs is None:
        return None
    b = g.value(rs, RS.boolean)
    if b is not None:
        return Results("boolean", boolean=bool(b.toPython()))
    variables = [str(v) for v in g.objects(rs, RS.resultVariable)]
    rows, indexed = [], []
    for sol in g.objects(rs, RS.solution):
        row = {str(g.value(bd, RS.variable)): _rdflib_term(g.value(bd, RS.value))
               for bd in g.objects(sol, RS.binding)}
        idx = g.value(sol, RS.index)
        indexed.append((int(idx) if idx is not None else 0, len(indexed), row))
    rows = [r for _, _, r in sorted(indexed, key=lambda x: (x[0], x[1]))]
    return Results("bindings", variables, rows)


_RDF_FORMATS = {".ttl": "turtle", ".nt": "nt", ".rdf": "xml", ".n3": "n3"}


def parse_expected(path: Path) -> Results:
    data = path.read_bytes()
    suffix = path.suffix.lower()
    if suffix == ".srx":
        return parse_srx(data, path.as_uri())
    if suffix == ".srj":
        return parse_srj(data)
    if suffix == ".tsv":
        return parse_tsv(data)
    if suffix == ".csv":
        return parse_csv(data)
    if suffix in _RDF_FORMATS:
        g = rdflib.Graph()
        g.parse(data=data, format=_RDF_FORMATS[suffix], publicID=path.as_uri())
        return parse_rdf_resultset(g) or Results("graph", graph=g)
    raise ValueError(f"unknown expected-result format {path.name}")


def parse_response(content_type: str, body: bytes) -> Results:
    mt = content_type.split(";", 1)[0].strip().lower()
    if mt == "application/sparql-results+json":
        return parse_srj(body)
    if mt == "application/sparql-results+xml":
        return parse_srx(body)
    if mt == "text/tab-separated-values":
        return parse_tsv(body)
    if mt == "text/csv":
        return parse_csv(body)
    fmt = {"text/turtle": "turtle", "application/n-triples": "nt",
           "application/rdf+xml": "xml"}.get(mt)
    if fmt is None:
        raise ValueError(f"unexpected response content type {content_type!r}")
    g = rdflib.Graph()
    g.parse(data=body, format=fmt)
    return Results("graph", graph=g)


# --- comparison ------------------------------------------------------------------------------

def _shape(row: dict) -> frozenset:
    """A row with blank-node labels erased (for a quick multiset pre-check)."""
    return frozenset((k, ("bnode",) if v[0] == "bnode" else compare_key(v)) for k, v in row.items())


def _row_match(e: dict, a: dict, fwd: dict, back: dict) -> list | None:
    """Bnode pairs to add so that rows e and a are equal, or None if they cannot be."""
    if e.keys() != a.keys():
        return None
    new: list = []
    f, b = dict(fwd), dict(back)
    for k, ev in e.items():
        av = a[k]
        if ev[0] == "bnode" or av[0] == "bnode":
            if ev[0] != av[0]:
                return None
            if f.get(ev[1], av[1]) != av[1] or b.get(av[1], ev[1]) != ev[1]:
                return None
            if ev[1] not in f:
                f[ev[1]], b[av[1]] = av[1], ev[1]
                new.append((ev[1], av[1]))
        elif compare_key(ev) != compare_key(av):
            return None
    return new


def rows_equal(expected: list[dict], actual: list[dict], ordered: bool) -> bool:
    if len(expected) != len(actual):
        return False
    if Counter(map(_shape, expected)) != Counter(map(_shape, actual)):
        return False
    fwd: dict = {}
    back: dict = {}
    used = [False] * len(actual)

    def search(i: int) -> bool:
        if i == len(expected):
            return True
        candidates = [i] if ordered else range(len(actual))
        for j in candidates:
            if used[j]:
                continue
            new = _row_match(expected[i], actual[j], fwd, back)
            if new is None:
                continue
            used[j] = True
            for e, a in new:
                fwd[e], back[a] = a, e
            if search(i + 1):
                return True
            used[j] = False
            for e, a in new:
                del fwd[e], back[a]
            if not new and not ordered:
                # an identical row without new bnodes: other equal rows are interchangeable
                break
        return False

    return search(0)


def _strip_strings_and_comments(q: str) -> str:
    q = re.sub(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\'', '""', q, flags=re.S)
    q = re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', '""', q)
    q = re.sub(r"<[^<>\s]*>", "<>", q)
    return re.sub(r"#[^\n]*", "", q)


def order_vars(query: str) -> list[str] | None:
    """Variables of a top-level ORDER BY (after the last '}'), [] if it has only
    expressions, None if there is no top-level ORDER BY."""
    q = _strip_strings_and_comments(query)
    tail = q[q.rfind("}") + 1:]
    m = re.search(r"\bORDER\s+BY\b(.*?)(?:\bLIMIT\b|\bOFFSET\b|\bVALUES\b|$)", tail, re.I | re.S)
    if not m:
        return None
    clause = m.group(1)
    return re.findall(r"(?:ASC|DESC)?\s*\(?\s*[?$](\w+)\s*\)?", clause, re.I)


def compare(expected: Results, actual: Results, query: str, by_value: bool = True) -> str | None:
    """None if they match, else a short reason (by_value=False: strict term equality)."""
    global _BY_VALUE
    _BY_VALUE = by_value
    try:
        return _compare(expected, actual, query)
    finally:
        _BY_VALUE = True


def _compare(expected: Results, actual: Results, query: str) -> str | None:
    if expected.kind == "boolean":
        if actual.kind != "boolean":
            return f"expected a boolean, got {actual.kind}"
        return None if expected.boolean == actual.boolean else \
            f"expected {expected.boolean}, got {actual.boolean}"
    if expected.kind == "graph":
        if actual.kind != "graph":
            return f"expected a graph, got {actual.kind}"
        if isomorphic(expected.graph, actual.graph):
            return None
        return (f"graphs differ ({len(expected.graph)} expected triples, "
                f"{len(actual.graph)} returned)")
    if actual.kind not in ("bindings", "csv"):
        return f"expected solutions, got {actual.kind}"
    if expected.kind == "csv":
        # CSV: compare the lossy string forms
        actual_rows = actual.rows
    else:
        actual_rows = actual.rows
    if expected.variables and actual.variables and set(expected.variables) != set(actual.variables):
        return f"variables differ: expected {expected.variables}, got {actual.variables}"
    keys = order_vars(query)
    if rows_equal(expected.rows, actual_rows, ordered=False):
        if keys is None:
            return None
        if rows_equal(expected.rows, actual_rows, ordered=True):
            return None
        # ORDER BY: rows with equal sort keys may come in any order
        if keys and all(compare_key(e.get(k)) == compare_key(a.get(k))
                        for e, a in zip(expected.rows, actual_rows) for k in keys
                        if (e.get(k) or ("",))[0] != "bnode"):
            return None
        return "same solutions but a different order (query has ORDER BY)"
    return (f"solutions differ ({len(expected.rows)} expected, {len(actual_rows)} returned)")


# --- the runner ------------------------------------------------------------------------------

_RDF_IN = {".ttl": ox.RdfFormat.TURTLE, ".nt": ox.RdfFormat.N_TRIPLES,
           ".rdf": ox.RdfFormat.RDF_XML, ".nq": ox.RdfFormat.N_QUADS, ".trig": ox.RdfFormat.TRIG}
_FROM = re.compile(r"\bFROM\s+(NAMED\s+)?<([^<>\s]*)>", re.I)


def _quads(path: Path, graph) -> list[ox.Quad]:
    fmt = _RDF_IN[path.suffix.lower()]
    return [ox.Quad(t.subject, t.predicate, t.object, graph)
            for t in ox.parse(path=str(path), format=fmt, base_iri=path.as_uri())]


@dataclass
class Outcome:
    test: W3CTest
    status: str              # passed | failed | skipped
    reason: str = ""
    engine: bool = False     # a failure pyoxigraph gives without the endpoint too
    by_value: bool = False   # passed only with literals compared by value (see compare_key)


def engine_agrees(quads: list, query: str, expected: Results, original: str, kind: str) -> bool:
    """Does pyoxigraph, queried directly (in memory, no endpoint), fail the test too?

    Used to tell the endpoint's own failures from the engine's: the same dataset and query
    text, results serialised by pyoxigraph and parsed and compared by the same rules."""
    store = ox.Store()
    store.extend(quads)
    try:
        result = store.query(query)
    except SyntaxError:
        return True
    if isinstance(result, ox.QueryTriples):
        body = ox.serialize(list(result), format=ox.RdfFormat.N_TRIPLES)
        direct = parse_response("application/n-triples", body)
    else:
        fmt = ox.QueryResultsFormat.CSV if kind == "CSVResultFormatTest" else ox.QueryResultsFormat.JSON
        body = result.serialize(format=fmt)
        direct = parse_csv(body) if fmt == ox.QueryResultsFormat.CSV else parse_srj(body)
    return compare(expected, direct, original) is not None


class Harness:
    """Owns a store directory and one endpoint app; each test is a new committed generation."""

    def __init__(self, workdir: Path | None = None, query_timeout: float = 20.0):
        from fastapi.testclient import TestClient

        from cvgraph.config import Settings
        from endpoint.app import create_app

        self._tmp = None
        if workdir is None:
            shm = Path("/dev/shm")  # many small RocksDB generations: a RAM disk if there is one
            self._tmp = tempfile.TemporaryDirectory(
                prefix="cvgraph-w3c-", dir=shm if shm.is_dir() and os.access(shm, os.W_OK) else None)
            workdir = Path(self._tmp.name)
        self.store_dir = Path(workdir) / "store"
        self.store_dir.mkdir(parents=True, exist_ok=True)
        self.app = create_app(self.store_dir, Settings(base="http://cvgraph.test/"), workers=1,
                              query_timeout=query_timeout)
        self.client = TestClient(self.app, raise_server_exceptions=False)
        self.client.__enter__()
        self._live = None

    def close(self) -> None:
        self.client.__exit__(None, None, None)
        self.app.state.pool.close()
        if self._tmp is not None:
            self._tmp.cleanup()

    @staticmethod
    def dataset(test: W3CTest, query: str) -> tuple[tuple[Path, ...], tuple[tuple[str, Path], ...]]:
        """(default-graph files, (graph IRI, file) pairs) the test needs."""
        named = {p.as_uri(): p for p in test.graph_data}
        for m in _FROM.finditer(_strip_strings_and_comments_keep_iris(query)):
            iri = urljoin(test.query.as_uri(), m.group(2))
            p = _path(iri)
            if iri.startswith("file:") and p.is_file() and p.suffix.lower() in _RDF_IN:
                named.setdefault(iri, p)
        return tuple(test.data), tuple(sorted(named.items()))

    @staticmethod
    def quads(dataset) -> list[ox.Quad]:
        default, named = dataset
        quads: list[ox.Quad] = []
        for d in default:
            quads += _quads(d, ox.DefaultGraph())
        for iri, p in named:
            quads += _quads(p, ox.NamedNode(iri))
        return quads

    def load(self, test: W3CTest, query: str) -> list[ox.Quad]:
        """Commit a new generation holding the test's dataset (unless it is already live)."""
        from cvgraph.store import Generation

        dataset = self.dataset(test, query)
        quads = self.quads(dataset)
        if dataset == self._live:
            return quads
        gen = Generation(self.store_dir)
        try:
            gen.add_quads(quads)
            gen.commit(materialise_union=False)
        except BaseException:
            gen.abort()
            raise
        self._live = dataset
        return quads

    def run(self, test: W3CTest, index: int = 0) -> Outcome:
        if test.skip:
            return Outcome(test, "skipped", test.skip)
        query = test.query.read_text(encoding="utf-8")
        try:
            quads = self.load(test, query)
        except (SyntaxError, OSError, ValueError) as exc:
            return Outcome(test, "failed", f"could not load the test data: {exc}")
        text = f"BASE <{test.query.as_uri()}>\n{query}"
        if test.kind == "CSVResultFormatTest":
            accept = "text/csv"
        else:
            accept = (f"{RESULT_ACCEPT[index % len(RESULT_ACCEPT)]}, "
                      f"{GRAPH_ACCEPT[index % len(GRAPH_ACCEPT)]};q=0.9")
        r = self.client.post("/sparql", content=text.encode("utf-8"),
                             headers={"Content-Type": "application/sparql-query; charset=utf-8",
                                      "Accept": accept})
        if r.status_code != 200:
            return Outcome(test, "failed", f"HTTP {r.status_code}: {r.text.strip()[:200]}")
        ctype = r.headers.get("content-type", "")
        try:
            actual = parse_response(ctype, r.content)
        except Exception as exc:  # a response that does not parse is a failure to report
            return Outcome(test, "failed", f"response ({ctype}) does not parse: {exc}")
        try:
            expected = parse_expected(test.result)
        except Exception as exc:
            return Outcome(test, "failed", f"expected result does not parse: {exc}")
        reason = compare(expected, actual, query)
        if reason:
            return Outcome(test, "failed", f"{reason} [response: {ctype.split(';')[0]}]",
                           engine=engine_agrees(quads, text, expected, query, test.kind))
        return Outcome(test, "passed", by_value=compare(expected, actual, query, by_value=False) is not None)


def _strip_strings_and_comments_keep_iris(q: str) -> str:
    q = re.sub(r'"""(?:[^"\\]|\\.|"(?!""))*"""', '""', q, flags=re.S)
    q = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', q)
    return re.sub(r"#[^\n>]*$", "", q, flags=re.M)


@dataclass
class Report:
    outcomes: list[Outcome]
    others: Counter
    seconds: float

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def pass_rate(self) -> float:
        ran = self.count("passed") + self.count("failed")
        return self.count("passed") / ran if ran else 0.0

    @property
    def by_value(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "passed" and o.by_value]

    @property
    def endpoint_failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "failed" and not o.engine]

    def summary(self) -> str:
        return (f"{self.count('passed')} passed, {self.count('failed')} failed, "
                f"{self.count('skipped')} skipped")

    def markdown(self) -> str:
        lines = [
            "# W3C SPARQL 1.1 query-evaluation results through the cvgraph endpoint",
            "",
            "Generated by `python -m tests.w3c_harness --write docs/w3c-sparql-results.md` "
            "(also run by `tests/test_w3c_sparql.py`). Every `mf:QueryEvaluationTest` and "
            "`mf:CSVResultFormatTest` reachable from the suite's `manifest-all.ttl` is loaded into "
            "a fresh store generation and sent over HTTP to `/sparql`; see `tests/w3c_harness.py` "
            "for the comparison rules.",
            "",
            f"**{self.summary()}** — pass rate {self.pass_rate:.1%} of the tests run "
            f"({len(self.outcomes)} evaluation tests in all, {self.seconds:.0f} s).",
            "",
            "Comparison by value (`compare_key` in the harness): numeric literals of one XSD "
            "datatype by value, `xsd:boolean` by value, numeric CSV cells by value; datatypes "
            "are never conflated. Oxigraph stores literals of these types in canonical form "
            f"(`\"0\"^^xsd:boolean` comes back as `\"false\"`). {len(self.by_value)} tests pass only "
            "by value: " + (", ".join(f"`{o.test.short}`" for o in self.by_value) or "none") +
            f"; with strict RDF term equality the figure is {self.count('passed') - len(self.by_value)} "
            "passed.",
            "",
            "## Failures",
            "",
        ]
        failed = [o for o in self.outcomes if o.status == "failed"]
        if failed:
            n_engine = sum(1 for o in failed if o.engine)
            lines += [
                f"{n_engine} of the {len(failed)} failures are the query engine's own: pyoxigraph "
                f"{ox.__version__} queried directly (in memory, no endpoint, same data and query) "
                "fails the same way. Cause column: *engine* = reproduced without the endpoint, "
                "*endpoint* = only through HTTP.", "",
                "| test | name | cause | reason |", "| --- | --- | --- | --- |"]
            lines += [f"| `{o.test.short}` | {_md(o.test.name)} | "
                      f"{'engine' if o.engine else 'endpoint'} | {_md(o.reason)} |" for o in failed]
        else:
            lines.append("None.")
        lines += ["", "## Skipped evaluation tests", ""]
        skipped = [o for o in self.outcomes if o.status == "skipped"]
        by_reason: dict[str, list[Outcome]] = {}
        for o in skipped:
            by_reason.setdefault(o.reason, []).append(o)
        lines += ["| tests | reason |", "| --- | --- |"]
        for reason, outs in by_reason.items():
            names = ", ".join(f"`{o.test.short}`" for o in outs)
            lines.append(f"| {len(outs)}: {names} | {_md(reason)} |")
        lines += ["", "## Other test types (not query evaluation)", "",
                  "| folder | type | tests | why not run here |", "| --- | --- | --- | --- |"]
        for (folder, kind), n in sorted(self.others.items()):
            lines.append(f"| {folder} | {kind} | {n} | {_md(OUT_OF_SCOPE.get(kind, 'not a query-evaluation test'))} |")
        return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def run_all(only: str | None = None) -> Report:
    tests, others = load_manifests()
    if only:
        tests = [t for t in tests if only in t.short]
    started = time.monotonic()
    h = Harness()
    try:
        outcomes = [h.run(t, i) for i, t in enumerate(tests)]
    finally:
        h.close()
    return Report(outcomes, others, time.monotonic() - started)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", help="write the Markdown report to this file")
    ap.add_argument("--only", help="run only tests whose folder/id contains this text")
    ap.add_argument("-v", action="store_true", help="print every failure")
    args = ap.parse_args(argv)
    report = run_all(args.only)
    if args.v:
        for o in report.outcomes:
            if o.status == "failed":
                print(f"FAIL {o.test.short} ({'engine' if o.engine else 'endpoint'}): {o.reason}")
    print(report.summary())
    if args.write:
        Path(args.write).write_text(report.markdown(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
