"""The validate stage: check one document's graph against the SHACL shapes in ``shapes/``.

    outcome = validate_graph(doc_graph, "cv.pdf")                 # an rdflib Graph
    outcome = validate_ntriples(doc_iri, "cv.pdf", ntriples)      # N-Triples bytes/str
    outcome.conforms, outcome.violations, outcome.warnings, outcome.results
    print(format_results([outcome]))

The shapes are parsed once per process (:func:`load_shapes` is cached). Semantics are those of
pyshacl run without inference (``inference="none"``), with SHACL-SPARQL / SHACL-AF enabled
(``advanced=True``): several constraints (ORCID check digit, start <= end, author list
consistency, year range) are SPARQL-based. Warnings never make a graph non-conforming
(``allow_warnings=True``); ``conforms`` is False only when there is a sh:Violation.

Three engines give the same sh:ValidationResults (focus node, path, value, severity, source
shape, source constraint component, source constraint, messages, multiplicity) and the same
sh:conforms; ``engine=`` or the environment variable ``CVGRAPH_SHACL_ENGINE`` chooses one:

``engine="fast"`` (the default): the compiled engine
    The shapes graph is compiled once per process (:func:`_compile`) into Python checks for
    the SHACL Core components it uses — targets (class with rdfs:subClassOf in the DATA graph,
    node, subjectsOf, objectsOf), IRI property paths, sh:property (nested too), minCount,
    maxCount, datatype (ill-typed literals fail, as rdflib/pyshacl decide), nodeKind, class
    (rdfs:subClassOf* in the data graph, no inference), hasValue, in, pattern (+ flags),
    min/maxInclusive, min/maxExclusive, equals, disjoint, or, severity, message, deactivated —
    each written after pyshacl's own evaluation (conformance of nested shapes with
    ``allow_warnings`` included). The document is read from canonical N-Triples (one triple a
    line, :func:`_index_ntriples`; an rdflib Graph is read term by term) into a subject →
    predicate → objects index of N-Triples terms: no rdflib Graph on this path. Typed literals
    are checked once per process against rdflib (which normalises ``"01"^^xsd:integer`` to
    ``"1"``: such documents are not read here). The SPARQL-based constraints are the hybrid
    engine's jobs (below), evaluated in Python on the same index with ``$this`` pre-bound to
    each focus node (:mod:`cvgraph.shacl_sparql`; ``CVGRAPH_SHACL_SPARQL=oxigraph`` turns it
    off); a query outside its subset, or a document it cannot decide exactly, runs on an
    oxigraph store loaded with the document, with the focus nodes as ``VALUES ?this``. The
    solutions are put in one canonical order either way. A job whose focus nodes all lack the
    predicate of its query's first (required) triple pattern is skipped, and the jobs of one shape and
    constraint under several node shapes share one query. The report is written directly as
    N-Triples (``report_nt``); blank-node shapes are copied into it as pyshacl copies them.
    What the compiled engine does not take goes to the hybrid engine, so results never change:
    a shapes graph using any other SHACL term (sh:node, sh:and/xone/not, sh:closed,
    sh:qualified*, string lengths, languageIn, uniqueLang, lessThan, non-IRI paths, SHACL-AF,
    custom components, implicit class targets), a reportable shape without sh:message
    (pyshacl would write generic messages) or SPARQL constraints the plan cannot take; and a
    document with blank nodes, literals with upper-case language tags or explicit
    ``^^xsd:string``, non-normalised typed literals, lines not in canonical N-Triples form, or
    (when SPARQL jobs must run) literals oxigraph would canonicalise. ``outcome.engine`` says
    which engine ran.
``engine="hybrid"`` (the previous fast engine)
    pyshacl validates the SHACL Core constraints with a copy of the shapes graph from which
    the SPARQL-based constraints it can take over were removed (:class:`_Plan`). Those
    constraints run on a pyoxigraph in-memory store holding the document, ONCE per document
    and (node shape, shape, constraint) instead of once per focus node: ``$this`` becomes a
    variable joined with a sub-select of the node shape's targets, which by SHACL 1.0 §5.3.1
    (pre-binding) gives the union of the per-focus-node solutions for the queries the plan
    accepts (no sub-select, aggregate, solution modifier, MINUS, VALUES, SERVICE, re-binding
    of ``$this``, and ``$this`` only at the top level or directly inside EXISTS/OPTIONAL).
    The result nodes are built the way pyshacl's SPARQLBasedConstraint builds them (value,
    path, message substitution of ``{?var}``/``{$var}``, per-focus-node de-duplication of
    solutions) and merged into pyshacl's report. Oxigraph canonicalises some literals
    (``"1.50"^^xsd:decimal`` → ``"1.5"``, time zones, language-tag case) and knows no plain vs
    ``xsd:string`` distinction; when the store's N-Triples differ from the document's, that
    document's SPARQL constraints run in pyshacl as before, so results never change.
    pyshacl runs with two dispatch speed-ups (:func:`_pyshacl_speedups`, applied only inside
    that call): O(1) lookup in its constraint-parameter list, and one validation of a
    ``sh:property`` shape for all value nodes of its parent instead of one per value node.
``engine="pyshacl"``
    plain pyshacl with the full shapes graph (the reference).

The pyshacl-based engines hand pyshacl a zero-copy view of the data graph whose ``query()``
keeps prepared queries in a process-wide cache, and run it ``inplace`` (no clone) since the
shapes contain no SHACL rules.

Cost (CPU per synthetic ~790-triple document, one process, ``bench/validate_bench.py``, see
docs/readme-validation-speed.md): plain pyshacl ~350-380 ms, hybrid ~65 ms, compiled ~7 ms
(index ~1.2-2 ms, SHACL Core ~1 ms, SPARQL jobs in Python ~2.7 ms; on oxigraph they took
~1.2 ms to load the store and ~2.8 ms of queries).

``outcome.report_nt`` is the sh:ValidationReport as N-Triples, one triple per line, with, on
the report node, ``cvg:validates <doc>`` and ``prov:wasDerivedFrom <doc>`` (the document IRI
is the data graph's identifier when that is an IRI) and ``schema:name "<source name>"``.
Its blank-node labels start with ``v<12 hex digits of sha1(document IRI)>_``, so the reports
of many documents can be loaded into one graph without clashes. ``outcome.report_graph`` is
the same report as an rdflib Graph, parsed from ``report_nt`` on first access (labels
``v…_k<id>`` become ``<id>``: the shapes' own blank node ids, which pyshacl keeps).
"""
from __future__ import annotations

import contextlib
import functools
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.graph import ConjunctiveGraph
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.sparql import Query
from rdflib.term import Node

from . import config
from .shacl_sparql import Punt, compile_select, nt_escape, nt_unescape, text_of
from .vocab import CVG, PREFIXES, PROV, RDF, SCHEMA, SH

_RDFS_SUBCLASSOF = URIRef("http://www.w3.org/2000/01/rdf-schema#subClassOf")
_OWL_ONTOLOGY = URIRef("http://www.w3.org/2002/07/owl#Ontology")

_SEVERITIES = {SH.Violation: "Violation", SH.Warning: "Warning", SH.Info: "Info"}
_lock = threading.Lock()


@dataclass(frozen=True)
class ValidationResult:
    """One sh:ValidationResult in plain terms (IRIs and literals as strings)."""

    source_name: str
    severity: str                 # "Violation" | "Warning" | "Info"
    focus_node: str
    result_path: str | None
    value: str | None
    message: str
    source_shape: str | None
    source_constraint_component: str | None = None
    source_constraint: str | None = None


@dataclass
class ValidationOutcome:
    source_name: str
    conforms: bool
    violations: int
    warnings: int
    results: list[ValidationResult] = field(default_factory=list)
    # The sh:ValidationReport as N-Triples, one triple per line; blank-node labels carry a
    # prefix derived from the document IRI, so many documents' reports can share one graph.
    report_nt: bytes = field(default=b"", repr=False)
    elapsed_ms: float = 0.0
    engine: str = ""              # what validated: "compiled", "hybrid" or "pyshacl"

    @property
    def infos(self) -> int:
        return sum(1 for r in self.results if r.severity == "Info")

    @property
    def report_graph(self) -> Graph:
        """The report as an rdflib Graph, parsed from ``report_nt`` on first access."""
        g = self.__dict__.get("_report_graph")
        if g is None:
            g = Graph()
            if self.report_nt:
                # `<prefix>k<id>` labels are the ids pyshacl keeps (copies of blank-node shapes)
                g.parse(data=self.report_nt, format="nt", bnode_context=_KeptLabels())
            _bind_prefixes(g)
            self.__dict__["_report_graph"] = g
        return g

    @report_graph.setter
    def report_graph(self, graph: Graph | None) -> None:
        self.__dict__["_report_graph"] = graph


class _KeptLabels(dict):
    """bnode_context for rdflib's N-Triples parser: label `v<hash>_k<id>` -> BNode(<id>), every
    other label -> BNode(label) (report_nt labels are unique per document already)."""

    def get(self, label, default=None):
        head, sep, rest = label.partition("_k")
        return rest if sep and head.startswith("v") and rest else label


_QUERY_CACHE: dict[str, Query] = {}
_QUERY_CACHE_MAX = 2048


class _QueryCachingGraph(Graph):
    """A view of another graph's triples whose SPARQL queries are parsed once per process."""

    def query(self, query_object, processor="sparql", result="sparql", initNs=None,  # noqa: N803
              initBindings=None, use_store_provided=True, **kwargs):  # noqa: N803
        if isinstance(query_object, str) and not initNs and processor == "sparql":
            prepared = _QUERY_CACHE.get(query_object)
            if prepared is None:
                prepared = prepareQuery(query_object)
                if len(_QUERY_CACHE) < _QUERY_CACHE_MAX:
                    _QUERY_CACHE[query_object] = prepared
            query_object = prepared
        return super().query(query_object, processor, result, initNs, initBindings,
                             use_store_provided, **kwargs)


def _view(data: Graph) -> Graph:
    """Zero-copy caching view of a plain Graph; other graph kinds are used as they are."""
    if isinstance(data, (Dataset, ConjunctiveGraph)) or type(data) not in (Graph, _QueryCachingGraph):
        return data
    view = _QueryCachingGraph(store=data.store, identifier=data.identifier,
                              namespace_manager=data.namespace_manager)
    return view


def _bind_prefixes(g: Graph) -> None:
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns, override=True, replace=True)


@functools.lru_cache(maxsize=4)
def _load_shapes(shapes_dir: str) -> Graph:
    g = Graph()
    for path in sorted(Path(shapes_dir).glob("*.ttl")):
        g.parse(path, format="turtle")
    _bind_prefixes(g)
    return g


def _shapes_have_rules(shapes: Graph) -> bool:
    return (None, SH.rule, None) in shapes


def load_shapes(shapes_dir: Path | str | None = None) -> Graph:
    """All ``shapes/*.ttl`` as one graph, parsed once per process (do not mutate it)."""
    return _load_shapes(str(shapes_dir or config.SHAPES_DIR))


def _text(node: Node | None, graph: Graph, is_path: bool = False) -> str | None:
    if node is None:
        return None
    if isinstance(node, BNode):
        # A blank-node property path: render it SPARQL-style where we can.
        path = _path_text(node, graph) if is_path else None
        return path or "_:" + str(node)
    if isinstance(node, URIRef):
        try:
            return graph.namespace_manager.normalizeUri(node)
        except Exception:  # pragma: no cover - odd IRIs
            return str(node)
    return str(node)


def _plain(node: Node | None) -> str | None:
    """Focus nodes and values: the IRI or the literal's lexical form; blank nodes as _:id."""
    if node is None:
        return None
    return "_:" + str(node) if isinstance(node, BNode) else str(node)


def _path_text(node: BNode, graph: Graph) -> str | None:
    """Render the common SHACL property paths (sequence, inverse) for messages."""
    inverse = graph.value(node, SH.inversePath)
    if inverse is not None:
        return "^" + (_text(inverse, graph, True) or "?")
    first = graph.value(node, RDF.first)
    if first is not None:
        items = list(graph.items(node))
        return "/".join(_text(i, graph, True) or "?" for i in items)
    return None


def _shape_label(node: Node | None, report: Graph, shapes: Graph) -> str | None:
    """Named shapes by their prefixed IRI; an anonymous property shape as Parent[path]."""
    if node is None:
        return None
    if isinstance(node, BNode):
        parent = shapes.value(predicate=SH.property, object=node)
        path = shapes.value(node, SH.path)
        if parent is not None and path is not None:
            return f"{_text(parent, shapes)}[{_text(path, shapes)}]"
    return _text(node, report)


def _results(report: Graph, source_name: str, shapes: Graph) -> list[ValidationResult]:
    out: list[ValidationResult] = []
    for res in report.subjects(RDF.type, SH.ValidationResult):
        severity = _SEVERITIES.get(report.value(res, SH.resultSeverity), "Violation")
        messages = sorted(str(m) for m in report.objects(res, SH.resultMessage))
        out.append(ValidationResult(
            source_name=source_name,
            severity=severity,
            focus_node=_plain(report.value(res, SH.focusNode)) or "",
            result_path=_text(report.value(res, SH.resultPath), report, is_path=True),
            value=_plain(report.value(res, SH.value)),
            message=" / ".join(messages),
            source_shape=_shape_label(report.value(res, SH.sourceShape), report, shapes),
            source_constraint_component=_text(report.value(res, SH.sourceConstraintComponent), report),
            source_constraint=_text(report.value(res, SH.sourceConstraint), report),
        ))
    order = {"Violation": 0, "Warning": 1, "Info": 2}
    out.sort(key=lambda r: (order.get(r.severity, 3), r.focus_node, r.result_path or "", r.value or "", r.message,
                            r.source_shape or "", r.source_constraint_component or "", r.source_constraint or ""))
    return out


# =======================================================================================
# The fast engine: SPARQL-based constraints once per document on pyoxigraph
# =======================================================================================
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_RDFS_CLASS = URIRef("http://www.w3.org/2000/01/rdf-schema#Class")
_OWL_CLASS = URIRef("http://www.w3.org/2002/07/owl#Class")
_PYSHACL_DEFAULT_PREFIXES = {   # SPARQLQueryHelper's defaults
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
}
# pyshacl's own regexes (SPARQLQueryHelper): where it pre-binds $this and substitutes $PATH
_BIND_THIS = re.compile(r"([\s{}()])[\$\?]this", flags=re.M)
_BIND_PATH = re.compile(r"([\s{}()])[\$\?]PATH", flags=re.M)
# Queries the plan leaves to pyshacl (conservative, case-insensitive, on the raw text):
# anything whose per-focus-node evaluation is not the join of $this with the targets.
_UNSAFE = re.compile(
    r"\b(MINUS|VALUES|SERVICE|GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT|OFFSET|COUNT|SUM|MIN|MAX|AVG|"
    r"SAMPLE|GROUP_CONCAT|GRAPH|FROM|CONSTRUCT|ASK|DESCRIBE)\b"
    r"|[\$\?](shapesGraph|currentShape|failure)\b|\bAS\s+[\$\?]this\b|\bSELECT\s+(DISTINCT\s+|REDUCED\s+)?\*",
    flags=re.I)
_SELECT_HEAD = re.compile(
    r"^(?P<prologue>(?:\s*(?:#[^\n]*|PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s*<[^>]*>))*)\s*"
    r"SELECT\s+(?P<mod>(?:DISTINCT|REDUCED)\s+)?(?P<vars>(?:[\$\?]\w+\s*)+)(?:WHERE\s*)?\{",
    flags=re.I)
_THIS = re.compile(r"[\$\?]this\b")
# the first pattern of the WHERE group is `$this <iri> ?var` (a required triple pattern)
_REQUIRED_THIS = re.compile(r"\{\s*[\$\?]this\s+<([^<>\s]*)>\s+[\$\?][A-Za-z_]\w*\s*[.;,]")


@dataclass(frozen=True)
class _Job:
    """One SPARQL constraint of one shape, evaluated for the focus nodes of one node shape."""

    node_shape: Node                 # provides the focus nodes (its targets)
    shape: Node                      # sh:sourceShape: the node shape itself or its property shape
    constraint: Node                 # sh:sourceConstraint
    is_property: bool
    path: Node | None                # the shape's sh:path (property shapes)
    severity: Node
    shape_messages: tuple            # the shape's own sh:message values
    messages: tuple                  # the constraint's sh:message values
    variables: tuple[str, ...]       # the query's projection, in order (without an added ?this)
    projects_this: bool
    query: str                       # for oxigraph: ?this joined with the node shape's targets
    # the same query in pieces, for the compiled engine (focus nodes given as VALUES):
    # prologue + head + " WHERE {" + VALUES ?this {...} + body_rest
    prologue: str = ""
    head: str = ""
    body_rest: str = ""
    required_predicate: str | None = None   # a top-level `$this <p> ?x` pattern: focus nodes without p give nothing


@dataclass
class _Plan:
    core_shapes: Graph               # the shapes graph minus the constraints in `jobs`
    jobs: list[_Job]
    left_to_pyshacl: list[tuple[Node, Node, str]]   # (shape, constraint, why) for the record
    removed: list[tuple[Node, Node, Node]] = field(default_factory=list)   # triples not in core_shapes


def _prefixes_for(sg: Graph, constraint: Node) -> dict[str, str] | None:
    """pyshacl's SPARQLQueryHelper.collect_prefixes, with its defaults."""
    prefixes = dict(_PYSHACL_DEFAULT_PREFIXES)
    vals = set(sg.objects(constraint, SH.prefixes))
    if not vals:
        return prefixes
    ng_declares = set(sg.objects(sg.identifier, SH.declare)) if sg.identifier else set()
    onts = set(sg.subjects(RDF.type, _OWL_ONTOLOGY))
    ont_declares = set()
    for o in onts:
        ont_declares |= set(sg.objects(o, SH.declare))
    global_declares = ng_declares | ont_declares
    for val in vals:
        pfx_declares = set(sg.objects(val, SH.declare))
        declares = pfx_declares | ng_declares if (pfx_declares and val in onts) else global_declares | pfx_declares
        for dec in declares:
            pfx = list(sg.objects(dec, SH.prefix))
            ns = list(sg.objects(dec, SH.namespace))
            if len(pfx) != 1 or len(ns) != 1 or not isinstance(pfx[0], Literal):
                return None
            prefixes[str(pfx[0].value)] = str(ns[0].value if isinstance(ns[0], Literal) else ns[0])
    return prefixes


def _target_pattern(sg: Graph, node_shape: Node) -> str | None:
    """The node shape's focus nodes as a SPARQL group binding ?this (pyshacl's focus_nodes)."""
    branches = []
    for c in sg.objects(node_shape, SH.targetClass):
        if not isinstance(c, URIRef):
            return None
        branches.append(f"?this <{RDF.type}>/<{_RDFS_SUBCLASSOF}>* <{c}> .")
    for p in sg.objects(node_shape, SH.targetSubjectsOf):
        if not isinstance(p, URIRef):
            return None
        branches.append(f"?this <{p}> ?__o .")
    for p in sg.objects(node_shape, SH.targetObjectsOf):
        if not isinstance(p, URIRef):
            return None
        branches.append(f"?__s <{p}> ?this .")
    for n in sg.objects(node_shape, SH.targetNode):
        if not isinstance(n, URIRef):
            return None
        branches.append(f"BIND(<{n}> AS ?this)")
    if not branches:
        return None
    return " UNION ".join("{ " + b + " }" for b in branches)


def _this_is_top_level(body: str) -> bool:
    """$this occurs only in the WHERE group itself or in a group opened by EXISTS/OPTIONAL
    directly inside it (where a join with the targets equals pre-binding)."""
    stack: list[str] = []        # opener keyword of each open group
    i = 0
    prev = ""
    for m in re.finditer(r'"""|\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|<[^<>"{}|^`\\\s]*>|#[^\n]*|[{}]|[\$\?]this\b|\w+',
                         body):
        tok = m.group(0)
        if tok in ('"""', "'''"):
            return False                       # long strings: do not try
        if tok == "{":
            stack.append(prev.upper())
        elif tok == "}":
            if not stack:
                return False
            stack.pop()
        elif _THIS.fullmatch(tok):
            depth = len(stack)
            if depth == 0 or depth > 2 or (depth == 2 and stack[1] not in ("EXISTS", "OPTIONAL")):
                return False
        if not tok.startswith("#"):
            prev = tok
        i += 1
    return not stack


def _plan_job(sg: Graph, node_shape: Node, shape: Node, constraint: Node,
              is_property: bool, targets: str) -> _Job | str:
    """A job for (node shape, shape, constraint), or why pyshacl keeps the constraint."""
    if (constraint, SH.deactivated, None) in sg:
        return "sh:deactivated"
    selects = list(sg.objects(constraint, SH.select))
    if len(selects) != 1 or not isinstance(selects[0], Literal) or not isinstance(selects[0].value, str):
        return "no single sh:select string"
    messages = tuple(sg.objects(constraint, SH.message))
    shape_messages = tuple(set(sg.objects(shape, SH.message)))
    if not messages or not all(isinstance(m, Literal) and isinstance(m.value, str) for m in messages):
        return "no sh:message string (pyshacl would write generic messages)"
    severities = set(sg.objects(shape, SH.severity))
    if len(severities) > 1:
        return "several sh:severity values"
    severity = next(iter(severities)) if severities else SH.Violation
    prefixes = _prefixes_for(sg, constraint)
    if prefixes is None:
        return "unusual sh:prefixes"
    text = str(selects[0].value)
    path = None
    if is_property:
        paths = list(sg.objects(shape, SH.path))
        if len(paths) != 1 or not isinstance(paths[0], URIRef):
            return "not a single IRI sh:path"
        path = paths[0]
        text = _BIND_PATH.sub(r"\g<1><" + str(path) + ">", text)
    elif _BIND_PATH.search(text):
        return "$PATH without a path"
    if _UNSAFE.search(text):
        return "query form not evaluated per document (see _UNSAFE)"
    if len(re.findall(r"\bSELECT\b", text, flags=re.I)) != 1:
        return "sub-select"
    head = _SELECT_HEAD.match(text)
    if head is None:
        return "unrecognised SELECT head"
    variables = tuple(v[1:] for v in head.group("vars").split())
    if len(set(variables)) != len(variables):
        return "repeated projection variable"
    body = text[head.end() - 1:]
    if not body.rstrip().endswith("}") or not _this_is_top_level(body):
        return "$this below the top level of the WHERE group"
    if not _BIND_THIS.search(text) and "this" not in variables:
        # pyshacl binds nothing; the solutions do not depend on the focus node
        return "no $this"
    projects_this = "this" in variables
    projection = " ".join("?" + v for v in variables)
    if not projects_this:
        projection = "?this " + projection
    # sorted: the declarations come from sets (the names are distinct, so the order does not change
    # the query), and one text per query in every process lets its parse be cached on disk
    prologue = "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in sorted(prefixes.items())) + head.group("prologue")
    query = (f"{prologue}\nSELECT {head.group('mod') or ''}{projection} WHERE {{\n"
             f"  {{ SELECT DISTINCT ?this WHERE {{ {targets} }} }}\n"
             f"{body[1:]}")
    required = _REQUIRED_THIS.match(body)
    return _Job(node_shape=node_shape, shape=shape, constraint=constraint, is_property=is_property,
                path=path, severity=severity, shape_messages=shape_messages, messages=messages,
                variables=variables, projects_this=projects_this, query=query,
                prologue=prologue, head=f"SELECT {head.group('mod') or ''}{projection}", body_rest=body[1:],
                required_predicate=required.group(1) if required else None)


def _make_plan(sg: Graph) -> _Plan:
    """Split the shapes: SPARQL constraints of top-level shapes go to oxigraph, the rest stays."""
    from pyshacl.constraints import ALL_CONSTRAINT_PARAMETERS

    jobs: list[_Job] = []
    kept: list[tuple[Node, Node, str]] = []
    take: set[tuple[Node, Node]] = set()            # (shape, constraint) triples to strip
    referenced = {o for s, p, o in sg if p != RDF.type and not isinstance(o, Literal)}
    has_custom_components = (None, RDF.type, SH.ConstraintComponent) in sg
    node_shapes = {}
    for ns in set(sg.subjects(RDF.type, SH.NodeShape)) | set(sg.subjects(SH.targetClass, None)) \
            | set(sg.subjects(SH.targetObjectsOf, None)) | set(sg.subjects(SH.targetSubjectsOf, None)) \
            | set(sg.subjects(SH.targetNode, None)):
        top_level = (ns not in referenced and (ns, SH.path, None) not in sg
                     and (ns, SH.deactivated, None) not in sg and (ns, SH.target, None) not in sg
                     and (ns, RDF.type, _RDFS_CLASS) not in sg and (ns, RDF.type, _OWL_CLASS) not in sg)
        targets = _target_pattern(sg, ns) if top_level else None
        node_shapes[ns] = targets

    def property_shape_ok(ps: Node) -> bool:
        """Reached only through sh:property of top-level node shapes, with no targets of its own."""
        if (ps, SH.deactivated, None) in sg or any((ps, t, None) in sg for t in (
                SH.targetClass, SH.targetNode, SH.targetObjectsOf, SH.targetSubjectsOf, SH.target)):
            return False
        for s, p in sg.subject_predicates(ps):
            if p != SH.property or node_shapes.get(s) is None:
                return False
        return True

    for shape, constraint in sorted(sg.subject_objects(SH.sparql), key=lambda t: (str(t[0]), str(t[1]))):
        if (shape, SH.path, None) in sg:
            if not property_shape_ok(shape):
                kept.append((shape, constraint, "property shape not only under top-level node shapes"))
                continue
            parents = sorted(set(sg.subjects(SH.property, shape)), key=str)
            planned = [_plan_job(sg, ns, shape, constraint, True, node_shapes[ns]) for ns in parents]
        elif node_shapes.get(shape) is not None:
            planned = [_plan_job(sg, shape, shape, constraint, False, node_shapes[shape])]
        else:
            kept.append((shape, constraint, "shape without plain targets, or nested"))
            continue
        why = next((j for j in planned if isinstance(j, str)), None)
        if why is not None or not planned:
            kept.append((shape, constraint, why or "unused"))
            continue
        jobs.extend(planned)
        take.add((shape, constraint))

    core = Graph()
    for prefix, ns in sg.namespace_manager.namespaces():
        core.bind(prefix, ns, override=True, replace=True)
    stripped = {(s, SH.sparql, c) for s, c in take}
    core.addN((s, p, o, core) for s, p, o in sg if (s, p, o) not in stripped)
    if not has_custom_components:
        # A property shape left with no constraint gives no results: do not make pyshacl walk it.
        params = set(ALL_CONSTRAINT_PARAMETERS) | {SH.expression, SH.js}
        emptied = {s for s, _ in take
                   if (s, SH.path, None) in core and not any(p in params for p in core.predicates(s))}
        for ps in emptied:
            for ns in list(core.subjects(SH.property, ps)):
                core.remove((ns, SH.property, ps))
                stripped.add((ns, SH.property, ps))
    return _Plan(core_shapes=core, jobs=jobs, left_to_pyshacl=kept, removed=sorted(stripped, key=str))


def _per_shapes_graph(cache: dict, shapes: Graph, make):
    """``make(shapes)`` once per process and shapes graph (recomputed if the graph changed size
    or another graph took its id); a few graphs at most are kept."""
    entry = cache.get(id(shapes))
    if entry is None or entry[0] is not shapes or entry[1] != len(shapes):
        entry = (shapes, len(shapes), make(shapes))
        if len(cache) > 8:
            cache.clear()
        cache[id(shapes)] = entry
    return entry[2]


_PLANS: dict[int, tuple[Graph, int, _Plan]] = {}


def _plan(shapes: Graph) -> _Plan:
    return _per_shapes_graph(_PLANS, shapes, _make_plan)


def _ox_to_rdflib(term) -> Node | None:
    import pyoxigraph as ox

    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        dt = term.datatype.value
        # the store agrees with rdflib's terms (checked): its xsd:string is rdflib's plain literal
        return Literal(term.value) if dt == _XSD_STRING else Literal(term.value, datatype=URIRef(dt))
    raise TypeError(f"unexpected term {term!r}")  # pragma: no cover - RDF-star triple terms


def _format_message(msg: str, bound: dict) -> str:
    """pyshacl's ConstraintComponent._format_sparql_based_result_message (same substitution)."""
    for var, val in bound.items():
        msg = re.sub("{{[?$]{}}}".format(var), str(val), msg)
    return msg


def _load_store(ntriples: bytes):
    """The document in an in-memory oxigraph store, or None when the store would not hold the
    very terms rdflib holds (oxigraph canonicalises some literals; see the module docstring)."""
    import pyoxigraph as ox

    try:
        quads = list(ox.parse(ntriples, ox.RdfFormat.N_TRIPLES))
    except (SyntaxError, ValueError):
        return None
    store = ox.Store()
    store.extend(quads)
    dumped = store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.DefaultGraph())
    if set(dumped.splitlines()) != {ln.strip() for ln in ntriples.splitlines() if ln.strip()}:
        return None
    return store


def _run_jobs(plan: _Plan, store, data: Graph, shapes: Graph, report: Graph, report_node: Node) -> bool:
    """Evaluate the plan's SPARQL jobs on `store`, add the results to `report` as pyshacl
    would, and return whether they allow the graph to conform."""
    from pyshacl.rdfutil import clone_blank_node

    conforms = True
    cloned: dict[tuple[int, str], Node] = {}

    def node_for(source: Graph, n: Node) -> Node:
        if isinstance(n, BNode):
            key = (id(source), str(n))
            if key not in cloned:
                cloned[key] = clone_blank_node(source, n, report, keepid=True)
            return cloned[key]
        return n

    for job in plan.jobs:
        seen: dict[Node, list] = {}
        for row in store.query(job.query):
            f = _ox_to_rdflib(row["this"])
            var_dict = {}
            for v in job.variables:
                if v in ("this", "path", "value", "failure"):
                    continue
                val = _ox_to_rdflib(row[v])
                if val is not None:
                    var_dict[v] = val
            t = f if job.projects_this else None
            p = _ox_to_rdflib(row["path"]) if "path" in job.variables else None
            v = _ox_to_rdflib(row["value"]) if "value" in job.variables else None
            if p is None and v is None and t is None:
                continue                          # pyshacl ignores such solutions
            key = (t, p, v, var_dict)
            done = seen.setdefault(f, [])
            if key in done:
                continue                          # pyshacl's per-focus-node de-duplication
            done.append(key)
            if v is None:
                v = None if job.is_property else f
            focus = t or f
            path = p if p is not None else (job.path if job.is_property else None)
            bound = dict(var_dict)
            if t is not None:
                bound["this"] = t
            if p is not None:
                bound["path"] = p
            if v is not None:
                bound["value"] = v
            r = BNode()
            report.add((report_node, SH.result, r))
            report.add((r, RDF.type, SH.ValidationResult))
            report.add((r, SH.sourceConstraintComponent, SH.SPARQLConstraintComponent))
            report.add((r, SH.sourceShape, node_for(shapes, job.shape)))
            report.add((r, SH.resultSeverity, job.severity))
            report.add((r, SH.focusNode, node_for(data, focus)))
            if v is not None:
                report.add((r, SH.value, v if isinstance(v, Literal) else node_for(data, v)))
            if path is not None:
                report.add((r, SH.resultPath, path))
            report.add((r, SH.sourceConstraint, node_for(shapes, job.constraint)))
            for m in job.messages:
                if m not in job.shape_messages:
                    report.add((r, SH.resultMessage, Literal(_format_message(str(m.value), bound))))
            for m in job.shape_messages:
                if isinstance(m, Literal):
                    m = Literal(_format_message(str(m.value), bound))
                report.add((r, SH.resultMessage, m))
            if job.severity not in (SH.Warning, SH.Info):
                conforms = False
    return conforms


# =======================================================================================
# The compiled engine (engine="fast"): SHACL Core in Python over an index of the document
# =======================================================================================
_XSD_NS = "http://www.w3.org/2001/XMLSchema#"
_K_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
_K_SUBCLASS = "<http://www.w3.org/2000/01/rdf-schema#subClassOf>"
_SH_NS = str(SH)
_XSD_INTEGER = URIRef(_XSD_NS + "integer")
# A term as it appears in canonical N-Triples (and the compiled engine's key for it): an
# absolute IRI without characters N-Triples must escape; literals with only \\ \" \n \r escaped.
_IRI_TOKEN = re.compile(r'<[A-Za-z][A-Za-z0-9+.\-]*:[^\x00-\x20<>"{}|^`\\]*>')
_LABEL = re.compile(r"[A-Za-z0-9_]+")
_LANG_LOWER = re.compile(r"[a-z]+(?:-[a-z0-9]+)*")
_MEMO_MAX = 200_000
_OK_IRIS: set[str] = set()              # IRI tokens already checked
_LITERAL_KEYS: dict[str, str | None] = {}   # raw non-plain literal token -> key, or None: not for this engine
_TYPED: dict[str, Literal | None] = {}  # typed literal key -> rdflib's Literal (None: see _typed_literal)
_OX_CHANGES: set[str] = set()           # typed literal keys an oxigraph store would give back changed
_EMPTY: tuple = ()
_EMPTY_MAP: dict = {}

# the SHACL vocabulary the compiled engine implements; a shapes graph using any other sh: term
# (or shapes it cannot take, see _compile) is validated by the hybrid engine instead
_COMPILED_PREDICATES = {SH[n] for n in (
    "targetClass", "targetNode", "targetSubjectsOf", "targetObjectsOf", "property", "path",
    "minCount", "maxCount", "datatype", "nodeKind", "class", "hasValue", "in", "pattern", "flags",
    "minInclusive", "maxInclusive", "minExclusive", "maxExclusive", "equals", "disjoint", "or",
    "severity", "message", "deactivated", "sparql", "select", "prefixes", "declare", "prefix",
    "namespace", "name", "description", "order", "group", "defaultValue")}
_NODE_KINDS = {SH.IRI: "<", SH.Literal: '"', SH.BlankNode: "_", SH.BlankNodeOrIRI: "_<",
               SH.BlankNodeOrLiteral: '_"', SH.IRIOrLiteral: '<"'}
_ALLOWED_SEVERITIES = (SH.Warning, SH.Info)       # allow_warnings=True


def _iri_ok(token: str) -> bool:
    if _IRI_TOKEN.fullmatch(token) is None:
        return False
    if len(_OK_IRIS) > _MEMO_MAX:
        _OK_IRIS.clear()
    _OK_IRIS.add(token)
    return True


def _ox_keeps(lexical: str, datatype: str) -> bool:
    """Does an oxigraph store give this typed literal back as written (it canonicalises some)?"""
    import pyoxigraph as ox

    store = ox.Store()
    store.add(ox.Quad(ox.NamedNode("urn:x:s"), ox.NamedNode("urn:x:p"),
                      ox.Literal(lexical, datatype=ox.NamedNode(datatype))))
    back = next(iter(store)).object
    return back.value == lexical and back.datatype.value == datatype


def _typed_literal(key: str, lexical: str, datatype: str) -> Literal | None:
    """rdflib's Literal for a typed literal key, or None when rdflib would hold another lexical
    form (it normalises "01"^^xsd:integer to "1") or keeps xsd:string apart from plain literals
    (oxigraph does not). Keys whose lexical form an oxigraph store changes ("1.50"^^xsd:decimal
    becomes "1.5") go to _OX_CHANGES: such documents cannot run the SPARQL jobs on oxigraph."""
    if key in _TYPED:
        return _TYPED[key]
    lit = None
    if datatype != _XSD_STRING:
        candidate = Literal(lexical, datatype=URIRef(datatype))
        if str(candidate) == lexical:
            lit = candidate
            if not _ox_keeps(lexical, datatype):
                _OX_CHANGES.add(key)
    if len(_TYPED) > _MEMO_MAX:
        _TYPED.clear()
        _OX_CHANGES.clear()
        _LITERAL_KEYS.clear()
    _TYPED[key] = lit
    return lit


def _literal_key(token: str) -> str | None:
    """The key of a non-plain (or escaped) N-Triples literal token, None if not for this engine."""
    key = _LITERAL_KEYS.get(token, False)
    if key is not False:
        return key
    key = None
    q = token.rfind('"')
    if q > 0:
        raw, suffix = token[1:q], token[q + 1:]
        lexical = nt_unescape(raw) if ("\\" in raw or '"' in raw) else raw
        if lexical is not None and "\r" not in raw:
            base = '"' + nt_escape(lexical) + '"'
            if not suffix:
                key = base
            elif suffix[0] == "@":
                if _LANG_LOWER.fullmatch(suffix, 1):      # rdflib compares tags case-insensitively
                    key = base + suffix
            elif suffix[:2] == "^^" and (suffix[2:] in _OK_IRIS or _iri_ok(suffix[2:])):
                if _typed_literal(base + suffix, lexical, suffix[3:-1]) is not None:
                    key = base + suffix
    if len(_LITERAL_KEYS) > _MEMO_MAX:
        _LITERAL_KEYS.clear()
    _LITERAL_KEYS[token] = key
    return key


def _key_of(term: Node) -> str | None:
    """The key of an rdflib term of a data graph (None: not for this engine)."""
    if isinstance(term, URIRef):
        token = "<" + str(term) + ">"
        return token if token in _OK_IRIS or _iri_ok(token) else None
    if isinstance(term, Literal):
        base = '"' + nt_escape(str(term)) + '"'
        if term.language:
            return base + "@" + term.language if _LANG_LOWER.fullmatch(term.language) else None
        if term.datatype is None:
            return base
        token = "<" + str(term.datatype) + ">"
        if not (token in _OK_IRIS or _iri_ok(token)):
            return None
        key = base + "^^" + token
        lit = _typed_literal(key, str(term), str(term.datatype))
        if lit is None or (lit.ill_typed is True) != (term.ill_typed is True) \
                or type(lit.value) is not type(term.value):
            return None            # e.g. "yes"^^xsd:boolean: rdflib holds an ill-typed "false"
        return key
    return None                                   # blank nodes: the hybrid engine


def _nt_term(term: Node, bnodes: dict | None = None, prefix: str = "") -> str:
    """Any rdflib term as N-Triples (blank nodes relabelled through `bnodes`: `prefix`k<id>,
    which ValidationOutcome.report_graph turns back into <id>, or `prefix`b<n>)."""
    if isinstance(term, URIRef):
        return "<" + str(term) + ">"
    if isinstance(term, Literal):
        base = '"' + nt_escape(str(term)) + '"'
        if term.language:
            return base + "@" + term.language
        return base + ("^^<" + str(term.datatype) + ">" if term.datatype is not None else "")
    if isinstance(term, BNode):
        if bnodes is None:
            return "_:" + str(term)
        label = bnodes.get(term)
        if label is None:
            label = bnodes[term] = (f"_:{prefix}k{term}" if _LABEL.fullmatch(str(term))
                                    else f"_:{prefix}b{len(bnodes)}")
        return label
    raise TypeError(f"unexpected term {term!r}")  # pragma: no cover


def _cmp_key(term: Node) -> str:
    """Key of a shapes-graph constant for comparison with data keys (rdflib term equality:
    language tags compare case-insensitively)."""
    if isinstance(term, Literal) and term.language:
        return '"' + nt_escape(str(term)) + '"@' + term.language.lower()
    return _nt_term(term)


def _lexical(key: str) -> str:
    """str() of the term: an IRI, or a literal's lexical form."""
    if key[0] == "<":
        return key[1:-1]
    if key[0] == '"':
        q = key.rfind('"')
        raw = key[1:q]
        return nt_unescape(raw) if "\\" in raw else raw
    return key[2:]


def _rdflib_literal(key: str) -> Literal:
    """rdflib's Literal for a literal key (as rdflib's N-Triples parser builds it)."""
    q = key.rfind('"')
    suffix = key[q + 1:]
    lexical = _lexical(key)
    if not suffix:
        return Literal(lexical)
    if suffix[0] == "@":
        return Literal(lexical, lang=suffix[1:])
    lit = _TYPED.get(key)
    return lit if lit is not None else Literal(lexical, datatype=URIRef(suffix[3:-1]))


def _to_rdflib(key: str) -> Node:
    if key[0] == "<":
        return URIRef(key[1:-1])
    if key[0] == '"':
        return _rdflib_literal(key)
    return BNode(key[2:])


_NT_LINE = re.compile(r'^(<[^ >]*>) (<[^ >]*>) ([<"].*) \.\r?$', re.M)
_NT_IRIS = re.compile(r'(?:<[A-Za-z][A-Za-z0-9+.\-]*:[^\x00-\x20<>"{}|^`\\]*>)*')


def _index_ntriples(text: str) -> tuple[dict, dict, bool] | None:
    """subject -> predicate -> [objects], class -> [instances] and whether an oxigraph store
    would hold the very same terms, for canonical N-Triples (one triple per line, single
    spaces, IRIs and literals only), or None when the text is not in that form (the hybrid
    engine takes it)."""
    triples = _NT_LINE.findall(text)
    lines = text.count("\n") + (1 if text and text[-1] != "\n" else 0) - text.count("\n\n") \
        - (1 if text[:1] == "\n" else 0)
    if len(triples) != lines:
        return None                       # a line of another form, or blank lines: not counted here
    spo: dict = {}
    types: dict = {}
    iris = []
    changes = _OX_CHANGES
    ox_safe = True
    for s, p, o in triples:
        if o[0] == "<":
            if o[-1] != ">":
                return None
            iris.append(o)
        elif o[-1] != '"' or "\\" in o or o.count('"') != 2:
            o = _literal_key(o)
            if o is None:
                return None
            if o in changes:
                ox_safe = False
        pm = spo.get(s)
        if pm is None:
            spo[s] = {p: [o]}
        else:
            vs = pm.get(p)
            if vs is None:
                pm[p] = [o]
            elif o not in vs:
                vs.append(o)
            else:
                continue
        if p == _K_TYPE:
            ts = types.get(o)
            if ts is None:
                types[o] = [s]
            else:
                ts.append(s)
    # every IRI (subjects, predicates, objects) absolute, without characters N-Triples forbids
    if _NT_IRIS.fullmatch("".join(spo)) is None or _NT_IRIS.fullmatch("".join(iris)) is None \
            or _NT_IRIS.fullmatch("".join({p for pm in spo.values() for p in pm})) is None:
        return None
    return spo, types, ox_safe


def _index_graph(data: Graph) -> tuple[dict, dict, bool, str] | None:
    """_index_ntriples for an rdflib Graph, plus the N-Triples text for the store."""
    spo: dict = {}
    types: dict = {}
    lines = []
    ox_safe = True
    for s, p, o in data:
        ks, kp, ko = _key_of(s), _key_of(p), _key_of(o)
        if ks is None or kp is None or ko is None or ks[0] != "<":
            return None
        if ko in _OX_CHANGES:
            ox_safe = False
        lines.append(f"{ks} {kp} {ko} .")
        spo.setdefault(ks, {}).setdefault(kp, []).append(ko)
        if kp == _K_TYPE:
            types.setdefault(ko, []).append(ks)
    return spo, types, ox_safe, "\n".join(lines) + "\n"


class _Doc:
    """One document's index and what the evaluation derives from it."""

    __slots__ = ("spo", "types", "_sub", "_sup", "_byp")

    def __init__(self, spo: dict, types: dict):
        self.spo = spo
        self.types = types
        self._sub = None           # class -> direct subclasses (data graph rdfs:subClassOf)
        self._sup = None
        self._byp: dict = {}

    def by_predicate(self, p: str) -> list:
        pairs = self._byp.get(p)
        if pairs is None:
            pairs = self._byp[p] = [(s, o) for s, pm in self.spo.items() for o in pm.get(p, _EMPTY)]
        return pairs

    def _subclass_maps(self):
        if self._sub is None:
            self._sub, self._sup = {}, {}
            for s, o in self.by_predicate(_K_SUBCLASS):
                self._sub.setdefault(o, []).append(s)
                self._sup.setdefault(s, []).append(o)
        return self._sub, self._sup

    def instances(self, cls: str) -> list:
        """pyshacl's targetClass: instances of cls and of its transitive subclasses in the data."""
        sub, _ = self._subclass_maps()
        found = list(self.types.get(cls, _EMPTY))
        if sub:
            seen, todo = {cls}, [cls]
            while todo:
                for s in sub.get(todo.pop(), _EMPTY):
                    if s not in seen:
                        seen.add(s)
                        todo.append(s)
                        found.extend(self.types.get(s, _EMPTY))
        return found

    def has_class(self, node: str, cls: str) -> bool:
        """pyshacl's sh:class test: an rdf:type of node is cls or has it as transitive superclass."""
        node_types = self.spo.get(node, _EMPTY_MAP).get(_K_TYPE, _EMPTY)
        if cls in node_types:
            return True
        _, sup = self._subclass_maps()
        if not sup:
            return False
        for t in node_types:
            seen, todo = {t}, [t]
            while todo:
                for o in sup.get(todo.pop(), _EMPTY):
                    if o == cls:
                        return True
                    if o not in seen:
                        seen.add(o)
                        todo.append(o)
        return False


class _Unsupported(Exception):
    pass


class _NoStore(Exception):
    """The document's SPARQL jobs cannot run on oxigraph (it would change some literals)."""


class _CShape:
    """A compiled shape: its value-node checks and its property shapes."""

    __slots__ = ("node", "key", "path", "severity", "sev_key", "allowed", "deactivated", "msgs",
                 "checks", "empty_checks", "props", "flat", "flat_props", "noop", "label", "path_text",
                 "sev_text", "message_text")

    def __init__(self, node):
        self.node = node
        self.props: list[_CShape] = []
        self.checks: list = []          # run for a focus node with value nodes: chk(doc, f, vals, out)
        self.empty_checks: list = []    # run for a focus node without value nodes


@dataclass
class _Compiled:
    top: list                          # (compiled shape, targets) for shapes with targets
    shapes: dict                       # shape node -> _CShape
    plan: _Plan                        # the SPARQL jobs
    templates: dict                    # blank-node shape/constraint key -> N-Triples lines of its copy
    texts: dict                        # term key -> its text in ValidationResult (report namespaces)
    nm: Graph                          # a graph with a report graph's namespace bindings
    keys: dict                         # blank-node shape/constraint -> its key in templates
    # (shape, constraint) -> the job's query compiled for Python (cvgraph.shacl_sparql), or None
    evaluators: dict = field(default_factory=dict)


def _datatype_ok(key: str, rule: URIRef) -> bool:
    """pyshacl's DatatypeConstraintComponent test for one literal key."""
    from pyshacl.constraints.core.value_constraints import DatatypeConstraintComponent
    from rdflib.namespace import RDF as _RDF, RDFS as _RDFS, XSD as _X

    v = _rdflib_literal(key)
    datatype, lang = v.datatype, v.language
    if datatype == rule:
        if getattr(v, "ill_typed", None) is True:
            return False
        return DatatypeConstraintComponent._assert_actual_datatype(None, v, rule)
    if rule == _RDFS.Literal:
        return True
    if rule == _RDFS.Datatype and datatype:
        return True
    if datatype is None and lang is None and rule == _X.string:
        return DatatypeConstraintComponent._assert_actual_datatype(None, v, rule)
    if rule == _RDF.langString and lang:
        return DatatypeConstraintComponent._assert_actual_datatype(None, v, rule)
    return False


def _range_ok(key: str, bound: Literal, test) -> bool:
    """pyshacl's min/max inclusive/exclusive test for one value key."""
    from pyshacl.rdfutil.compare import compare_literal

    if key[0] != '"':
        return False
    v = _rdflib_literal(key)
    if isinstance(bound.value, str) != isinstance(v.value, str):
        return False
    try:
        return test(compare_literal(v, bound))
    except (TypeError, NotImplementedError):
        return False


_RANGES = {SH.minInclusive: (SH.MinInclusiveConstraintComponent, lambda c: c >= 0),
           SH.minExclusive: (SH.MinExclusiveConstraintComponent, lambda c: c > 0),
           SH.maxInclusive: (SH.MaxInclusiveConstraintComponent, lambda c: c <= 0),
           SH.maxExclusive: (SH.MaxExclusiveConstraintComponent, lambda c: c < 0)}


def _memo_test(test):
    cache: dict = {}

    def memo(key):
        r = cache.get(key)
        if r is None:
            if len(cache) > _MEMO_MAX:
                cache.clear()
            r = cache[key] = test(key)
        return r
    return memo


def _compile(sg: Graph) -> _Compiled | str:
    """The shapes graph as a plan for the compiled engine, or why the hybrid engine keeps it."""
    try:
        return _compile_or_raise(sg)
    except _Unsupported as e:
        return str(e)


def _compile_or_raise(sg: Graph) -> _Compiled:
    from pyshacl.constraints import ALL_CONSTRAINT_PARAMETERS
    from pyshacl.rdfutil import clone_blank_node

    plan = _plan(sg)
    if plan.left_to_pyshacl:
        raise _Unsupported("a SPARQL constraint the plan leaves to pyshacl")
    for p in set(sg.predicates()):
        if str(p).startswith(_SH_NS) and p not in _COMPILED_PREDICATES:
            raise _Unsupported(f"{p} is not implemented")
    class_types = {_RDFS_CLASS} | set(sg.subjects(_RDFS_SUBCLASSOF, _RDFS_CLASS))
    for t in (SH.NodeShape, SH.PropertyShape):
        for s in sg.subjects(RDF.type, t):
            if any(c in class_types for c in sg.objects(s, RDF.type)):
                raise _Unsupported("implicit class targets")
    if (None, RDF.type, SH.ConstraintComponent) in sg:
        raise _Unsupported("custom constraint components")
    params = set(ALL_CONSTRAINT_PARAMETERS) | {SH.expression, SH.js}
    jobs_taken = {(j.shape, j.constraint) for j in plan.jobs}

    nm_graph = Graph(bind_namespaces="core")
    for prefix, ns in sg.namespace_manager.namespaces():
        nm_graph.namespace_manager.bind(prefix, ns)
    _bind_prefixes(nm_graph)
    texts: dict = {}
    templates: dict = {}
    shapes: dict = {}
    compiling: set = set()

    def text(term: Node) -> str:
        return _text(term, nm_graph) or ""

    bnode_keys: dict = {}

    def shape_key(node: Node) -> str:
        """The shape's (or constraint's) term in reports: its IRI, or a blank node whose copy
        (pyshacl's clone_blank_node into the report, which keeps the shape's blank node id) is
        kept as N-Triples lines."""
        if not isinstance(node, BNode):
            return _nt_term(node)
        key = bnode_keys.get(node)
        if key is None:
            if not _LABEL.fullmatch(str(node)):
                raise _Unsupported("a blank-node shape id that is not an N-Triples label")
            key = bnode_keys[node] = "_:k" + str(node)
            tmp = Graph()
            root = clone_blank_node(sg, node, tmp, keepid=True)
            labels = {root: key}

            def label(t):
                if isinstance(t, BNode):
                    if t not in labels:
                        labels[t] = f"_:c{len(bnode_keys)}_{len(labels)}"
                    return labels[t]
                return _nt_term(t)
            templates[key] = [(label(s), _nt_term(p), label(o)) for s, p, o in tmp]
            texts[key] = "_:" + str(node)
        return key

    def one(node, p, what) -> Node:
        vals = list(sg.objects(node, p))
        if len(vals) != 1:
            raise _Unsupported(f"{what}: not exactly one {p}")
        return vals[0]

    def count(node, p) -> int:
        v = one(node, p, "count")
        if not (isinstance(v, Literal) and v.datatype == _XSD_INTEGER) or int(v.value) < 0:
            raise _Unsupported(f"malformed {p}")
        return int(v.value)

    def compile_shape(node: Node, reported: bool) -> _CShape:
        if node in shapes:
            cs = shapes[node]
            if reported and cs.message_text is None and (cs.checks or cs.empty_checks):
                raise _Unsupported("a shape without sh:message (pyshacl writes generic messages)")
            return cs
        if node in compiling:
            raise _Unsupported("recursive shapes")
        if not any(True for _ in sg.predicate_objects(node)):
            raise _Unsupported("reference to a shape that does not exist")
        compiling.add(node)
        cs = _CShape(node)
        paths = list(sg.objects(node, SH.path))
        if len(paths) > 1 or (paths and not isinstance(paths[0], URIRef)):
            raise _Unsupported("a property path that is not an IRI")
        cs.path = _nt_term(paths[0]) if paths else None
        deact = list(sg.objects(node, SH.deactivated))
        if len(deact) > 1 or (deact and not isinstance(deact[0], Literal)):
            raise _Unsupported("malformed sh:deactivated")
        cs.deactivated = bool(deact[0].value) if deact else False
        sev = list(set(sg.objects(node, SH.severity)))
        if len(sev) > 1:
            raise _Unsupported("several sh:severity values")
        cs.severity = sev[0] if sev else SH.Violation
        cs.sev_key = _nt_term(cs.severity)
        cs.sev_text = _SEVERITIES.get(cs.severity, "Violation")
        cs.allowed = cs.severity in _ALLOWED_SEVERITIES
        messages = set(sg.objects(node, SH.message))
        cs.msgs = tuple(_nt_term(m) for m in messages)
        cs.message_text = " / ".join(sorted(str(m) for m in messages)) if messages else None
        cs.key = shape_key(node)
        cs.label = _shape_label(node, nm_graph, sg)
        cs.path_text = text(paths[0]) if paths else None
        own = {p for p in sg.predicates(node) if p in params}
        is_property = cs.path is not None
        path, msgs = cs.path, cs.msgs

        def result(comp: URIRef):
            ck = _nt_term(comp)
            texts[ck] = text(comp)
            return ck

        for p in own:
            if p == SH.property:
                for ps in sg.objects(node, SH.property):
                    if (ps, SH.path, None) not in sg:
                        raise _Unsupported("sh:property value that is not a property shape")
                    cs.props.append(compile_shape(ps, reported))
            elif p == SH.sparql:
                for c in sg.objects(node, SH.sparql):
                    if (node, c) not in jobs_taken:
                        raise _Unsupported("a SPARQL constraint outside the plan")
            elif p in (SH.minCount, SH.maxCount):
                if not is_property:
                    raise _Unsupported(f"{p} on a node shape")
                n = count(node, p)
                if p == SH.minCount and n > 0:
                    ck = result(SH.MinCountConstraintComponent)

                    def chk(doc, f, vals, out, n=n, ck=ck, cs=cs):
                        if len(vals) < n:
                            out.append((cs, ck, f, None, path, None, msgs, None))
                    cs.checks.append(chk)
                    cs.empty_checks.append(chk)
                elif p == SH.maxCount:
                    ck = result(SH.MaxCountConstraintComponent)

                    def chk(doc, f, vals, out, n=n, ck=ck, cs=cs):
                        if len(vals) > n:
                            out.append((cs, ck, f, None, path, None, msgs, None))
                    cs.checks.append(chk)
            elif p == SH.datatype:
                rule = one(node, p, "sh:datatype")
                if not isinstance(rule, URIRef):
                    raise _Unsupported("malformed sh:datatype")
                ck = result(SH.DatatypeConstraintComponent)
                plain_ok = _datatype_ok('""', rule)
                test = _memo_test(lambda k, rule=rule: _datatype_ok(k, rule))

                def chk(doc, f, vals, out, ck=ck, cs=cs, plain_ok=plain_ok, test=test):
                    for v in vals:
                        if v[0] == '"':
                            if (plain_ok if v[-1] == '"' else test(v)):
                                continue
                        out.append((cs, ck, f, v, path, None, msgs, None))
                cs.checks.append(chk)
            elif p == SH.nodeKind:
                rule = one(node, p, "sh:nodeKind")
                kinds = _NODE_KINDS.get(rule, "")
                ck = result(SH.NodeKindConstraintComponent)

                def chk(doc, f, vals, out, ck=ck, cs=cs, kinds=kinds):
                    for v in vals:
                        if v[0] not in kinds:
                            out.append((cs, ck, f, v, path, None, msgs, None))
                cs.checks.append(chk)
            elif p == SH["class"]:
                ck = result(SH.ClassConstraintComponent)
                for c in sg.objects(node, p):
                    c = _nt_term(c)

                    def chk(doc, f, vals, out, ck=ck, cs=cs, c=c):
                        for v in vals:
                            if v[0] == '"' or not doc.has_class(v, c):
                                out.append((cs, ck, f, v, path, None, msgs, None))
                    cs.checks.append(chk)
            elif p == SH.hasValue:
                ck = result(SH.HasValueConstraintComponent)
                for hv in set(sg.objects(node, p)):
                    hv = _cmp_key(hv)

                    def chk(doc, f, vals, out, ck=ck, cs=cs, hv=hv):
                        if hv not in vals:
                            out.append((cs, ck, f, None, path, None, msgs, None))
                    cs.checks.append(chk)
                    cs.empty_checks.append(chk)
            elif p == SH["in"]:
                lst = one(node, p, "sh:in")
                members = {_cmp_key(i) for i in sg.items(lst)}
                ck = result(SH.InConstraintComponent)

                def chk(doc, f, vals, out, ck=ck, cs=cs, members=members):
                    for v in vals:
                        if v not in members:
                            out.append((cs, ck, f, v, path, None, msgs, None))
                cs.checks.append(chk)
            elif p == SH.pattern:
                flags = list(set(sg.objects(node, SH.flags)))
                if len(flags) > 1:
                    raise _Unsupported("several sh:flags")
                re_flags = 0
                if flags:
                    if not isinstance(flags[0], Literal):
                        raise _Unsupported("sh:flags that is not a literal")
                    fl = str(flags[0].value).lower()
                    re_flags = (re.I if "i" in fl else 0) | (re.M if "m" in fl else 0)
                ck = result(SH.PatternConstraintComponent)
                for pat in sg.objects(node, p):
                    if not isinstance(pat, Literal):
                        raise _Unsupported("malformed sh:pattern")
                    try:
                        rx = re.compile(str(pat.value) if pat.value is not None and len(pat.value) > 1
                                        else str(pat), re_flags)
                    except re.error as e:
                        raise _Unsupported(f"sh:pattern does not compile: {e}") from e

                    def chk(doc, f, vals, out, ck=ck, cs=cs, rx=rx):
                        for v in vals:
                            if v[0] == "_" or not rx.search(_lexical(v)):
                                out.append((cs, ck, f, v, path, None, msgs, None))
                    cs.checks.append(chk)
            elif p in _RANGES:
                comp, cmp_test = _RANGES[p]
                ck = result(comp)
                for bound in sg.objects(node, p):
                    if not isinstance(bound, Literal):
                        raise _Unsupported(f"malformed {p}")
                    test = _memo_test(lambda k, b=bound, t=cmp_test: _range_ok(k, b, t))

                    def chk(doc, f, vals, out, ck=ck, cs=cs, test=test):
                        for v in vals:
                            if not test(v):
                                out.append((cs, ck, f, v, path, None, msgs, None))
                    cs.checks.append(chk)
            elif p in (SH.equals, SH.disjoint):
                others = set(sg.objects(node, p))
                if not all(isinstance(o, URIRef) for o in others):
                    raise _Unsupported(f"{p} with a property path")
                for other in others:
                    other = _nt_term(other)
                    if p == SH.equals:
                        ck = result(SH.EqualsConstraintComponent)

                        def chk(doc, f, vals, out, ck=ck, cs=cs, other=other):
                            mine = set(vals)
                            theirs = set(doc.spo.get(f, _EMPTY_MAP).get(other, _EMPTY))
                            for v in mine - theirs:
                                out.append((cs, ck, f, v, path, None, msgs, None))
                            for v in theirs - mine:
                                out.append((cs, ck, f, v, path, None, msgs, None))
                        cs.checks.append(chk)
                        cs.empty_checks.append(chk)
                    else:
                        ck = result(SH.DisjointConstraintComponent)

                        def chk(doc, f, vals, out, ck=ck, cs=cs, other=other):
                            theirs = doc.spo.get(f, _EMPTY_MAP).get(other, _EMPTY)
                            for v in vals:
                                if v in theirs:
                                    out.append((cs, ck, f, v, path, None, msgs, None))
                        cs.checks.append(chk)
            elif p == SH["or"]:
                ck = result(SH.OrConstraintComponent)
                for lst in sg.objects(node, p):
                    members = [compile_shape(m, False) for m in set(sg.items(lst))]
                    if not members:
                        raise _Unsupported("empty sh:or list")

                    def chk(doc, f, vals, out, ck=ck, cs=cs, members=members):
                        for v in vals:
                            if not any(_conforms(m, v, doc) for m in members):
                                out.append((cs, ck, f, v, path, None, msgs, None))
                    cs.checks.append(chk)
            else:
                raise _Unsupported(f"{p} is not implemented")
        if reported and cs.message_text is None and (cs.checks or cs.empty_checks):
            raise _Unsupported("a shape without sh:message (pyshacl writes generic messages)")
        cs.props = [ps for ps in cs.props if not ps.noop]
        cs.flat = not cs.props
        cs.flat_props = [ps for ps in cs.props if ps.flat and ps.path is not None]
        cs.noop = cs.deactivated or (cs.flat and not cs.checks and not cs.empty_checks)
        compiling.discard(node)
        shapes[node] = cs
        return cs

    top = []
    targeted = set()
    for t in (SH.targetClass, SH.targetNode, SH.targetSubjectsOf, SH.targetObjectsOf):
        targeted |= set(sg.subjects(t, None))
    for node in sorted(targeted, key=str):
        if any(isinstance(n, Literal) and n.language and n.language != n.language.lower()
               for n in sg.objects(node, SH.targetNode)):
            raise _Unsupported("a sh:targetNode literal with an upper-case language tag")
        cs = compile_shape(node, True)
        targets = ([("class", _nt_term(c)) for c in sg.objects(node, SH.targetClass)]
                   + [("node", _cmp_key(n)) for n in sg.objects(node, SH.targetNode)]
                   + [("subjects", _nt_term(p)) for p in sg.objects(node, SH.targetSubjectsOf)]
                   + [("objects", _nt_term(p)) for p in sg.objects(node, SH.targetObjectsOf)])
        top.append((cs, targets))
    for j in plan.jobs:                       # every shape a job reports on is compiled
        for n in (j.node_shape, j.shape):
            if n not in shapes:
                raise _Unsupported("a SPARQL job on a shape without targets")
        key = shape_key(j.constraint)
        texts[_nt_term(SH.SPARQLConstraintComponent)] = text(SH.SPARQLConstraintComponent)
        if not isinstance(j.constraint, BNode):
            texts[key] = text(j.constraint)
    evaluators = {}
    for j in plan.jobs:
        if (j.shape, j.constraint) not in evaluators:
            evaluators[(j.shape, j.constraint)] = compile_select(f"{j.prologue}\n{j.head} WHERE {{\n{j.body_rest}")
    return _Compiled(top=top, shapes=shapes, plan=plan, templates=templates, texts=texts, nm=nm_graph,
                     keys=bnode_keys, evaluators=evaluators)



def _run_flat(cs: _CShape, focus, doc: _Doc, out: list) -> None:
    """The checks of a shape without property shapes, for each focus node."""
    if cs.path is None:
        for f in focus:
            vals = (f,)
            for chk in cs.checks:
                chk(doc, f, vals, out)
        return
    spo, path, checks, empty = doc.spo, cs.path, cs.checks, cs.empty_checks
    for f in focus:
        pm = spo.get(f)
        vals = pm.get(path) if pm is not None else None
        if vals:
            for chk in checks:
                chk(doc, f, vals, out)
        elif empty:
            for chk in empty:
                chk(doc, f, _EMPTY, out)


def _conforms(cs: _CShape, v: str, doc: _Doc) -> bool:
    """Does the value node v conform to the shape (pyshacl's Shape.validate(focus=v) result)?"""
    return _eval_shape(cs, [v], doc)[0]


def _eval_shape(cs: _CShape, focus: list, doc: _Doc) -> tuple[bool, list]:
    """pyshacl's Shape.validate for one call: (conforms, results) with allow_warnings=True."""
    if cs.deactivated or not focus:
        return True, []
    out: list = []
    _run_flat(cs, focus, doc, out)
    non_conformant = bool(out) and not cs.allowed
    if cs.flat:
        return not non_conformant, out
    if cs.path is None:
        values = focus
    else:
        spo, path = doc.spo, cs.path
        values = [v for f in dict.fromkeys(focus) for v in spo.get(f, _EMPTY_MAP).get(path, _EMPTY)]
    if not values:
        return not non_conformant, out
    prop_results: list = []
    prop_nc = False
    # Flat property shapes (no sh:property of their own): pyshacl validates each once per value
    # node; here all value nodes at once, in one pass over them (same results, and the call
    # for a value node fails exactly when it has a result and the shape's severity is not allowed).
    flat = cs.flat_props
    if flat:
        spo, r = doc.spo, []
        for v in values:
            pm = spo.get(v, _EMPTY_MAP)
            for ps in flat:
                vals = pm.get(ps.path)
                if vals:
                    for chk in ps.checks:
                        chk(doc, v, vals, r)
                else:
                    for chk in ps.empty_checks:
                        chk(doc, v, _EMPTY, r)
        prop_nc = any(not res[0].allowed for res in r)
        prop_results.extend(r)
    for ps in cs.props:
        if ps.deactivated or ps in flat:
            continue
        if ps.flat:          # a flat shape without a path (a node shape as sh:property value)
            r = []
            _run_flat(ps, values, doc, r)
            prop_nc = prop_nc or (bool(r) and not ps.allowed)
        else:
            r = []
            for v in values:
                c, rv = _eval_shape(ps, [v], doc)
                prop_nc = prop_nc or not c
                r.extend(rv)
        prop_results.extend(r)
    if prop_nc and not cs.allowed and not all(res[0].allowed for res in prop_results):
        non_conformant = True
    out.extend(prop_results)
    return not non_conformant, out


def _focus_nodes(targets: list, doc: _Doc) -> list:
    found: dict = {}
    for kind, t in targets:
        if kind == "class":
            found.update(dict.fromkeys(doc.instances(t)))
        elif kind == "node":
            found[t] = None
        elif kind == "subjects":
            found.update(dict.fromkeys(s for s, _ in doc.by_predicate(t)))
        else:
            found.update(dict.fromkeys(o for _, o in doc.by_predicate(t)))
    return list(found)


def _ox_key(term) -> tuple[str, str]:
    """(key, str()) of an oxigraph term from a query solution."""
    import pyoxigraph as ox

    if isinstance(term, ox.NamedNode):
        return "<" + term.value + ">", term.value
    if isinstance(term, ox.Literal):
        base = '"' + nt_escape(term.value) + '"'
        if term.language:
            return base + "@" + term.language, term.value
        dt = term.datatype.value
        return (base if dt == _XSD_STRING else base + "^^<" + dt + ">"), term.value
    if isinstance(term, ox.BlankNode):
        return "_:q" + term.value, term.value
    raise TypeError(f"unexpected term {term!r}")  # pragma: no cover - RDF-star triple terms


def _python_sparql() -> bool:
    """Evaluate the SPARQL constraints in Python where cvgraph.shacl_sparql can (the default);
    CVGRAPH_SHACL_SPARQL=oxigraph runs every one on an oxigraph store, as before."""
    return os.environ.get("CVGRAPH_SHACL_SPARQL", "python") != "oxigraph"


def _job_rows(cp: _Compiled, doc: _Doc, job0: _Job, focus_all: list, load_store, store: list,
              in_python: bool) -> list:
    """A job's solutions for these focus nodes: ((?this key, text), {variable: (key, text)}),
    in one canonical order whichever way they were computed. In Python (`in_python`) when the
    query compiled and the evaluator decides this document (cvgraph.shacl_sparql.Punt
    otherwise), else on the document's oxigraph store, loaded on first need (`store` holds it)."""
    names = job0.variables
    rows = []
    ev = cp.evaluators.get((job0.shape, job0.constraint)) if in_python else None
    solutions = None
    if ev is not None:
        with contextlib.suppress(Punt):
            solutions = ev.rows(doc, focus_all)
    if solutions is not None:
        at = {n: i for i, n in enumerate(ev.variables)}
        this = at["this"]
        for sol in solutions:
            rows.append(((sol[this], text_of(sol[this])),
                         {n: (sol[at[n]], text_of(sol[at[n]])) for n in names if sol[at[n]] is not None}))
    else:
        if not store:
            store.append(load_store())
        query = (f"{job0.prologue}\n{job0.head} WHERE {{\n  VALUES ?this {{ {' '.join(focus_all)} }}\n"
                 f"{job0.body_rest}")
        for row in store[0].query(query):
            rows.append((_ox_key(row["this"]), {n: _ox_key(row[n]) for n in names if row[n] is not None}))
    if len(rows) > 1:
        rows.sort(key=_row_order)
    return rows


def _row_order(row) -> tuple:
    return row[0][0], sorted((n, x[0]) for n, x in row[1].items())


def _run_compiled_jobs(cp: _Compiled, doc: _Doc, focus_of: dict, load_store,
                       store_available: bool = True) -> tuple[list, bool]:
    """The plan's SPARQL jobs for the focus nodes of this document, built into results the way
    pyshacl's SPARQLBasedConstraint builds them (see _run_jobs). Each job runs in Python
    (cvgraph.shacl_sparql) where it can, else on an oxigraph store of the document with the
    focus nodes as VALUES; a job is skipped when none of its focus nodes has the predicate of
    the query's first (required) triple pattern; jobs of the same shape and constraint under
    several node shapes share one evaluation (its solutions for a focus node do not depend on
    the other focus nodes). `store_available` False: oxigraph would not hold the document's
    terms as written, so the document goes to the hybrid engine (_NoStore) whenever a job
    has to run, whichever way it would run (so the engine chosen never depends on this)."""
    spo = doc.spo
    groups: dict = {}
    for job in cp.plan.jobs:
        focus = focus_of.get(job.node_shape)
        if not focus:
            continue
        if job.required_predicate is not None:
            req = "<" + job.required_predicate + ">"
            focus = [f for f in focus if req in spo.get(f, _EMPTY_MAP)]
            if not focus:
                continue
        groups.setdefault((job.shape, job.constraint), []).append((job, focus))
    results: list = []
    conforms = True
    if not groups:
        return results, conforms
    if not store_available:
        raise _NoStore
    store: list = []
    in_python = _python_sparql()
    comp = _nt_term(SH.SPARQLConstraintComponent)
    for group in groups.values():
        job0 = group[0][0]
        focus_all = list(dict.fromkeys(f for _, focus in group for f in focus))
        rows = _job_rows(cp, doc, job0, focus_all, load_store, store, in_python)
        if not rows:
            continue
        for job, focus in group:
            in_focus = set(focus) if len(group) > 1 else None
            cs = cp.shapes[job.shape]
            constraint = cp.keys.get(job.constraint) or _nt_term(job.constraint)
            path_key = _nt_term(job.path) if job.path is not None else None
            counts = not cs.allowed and (not job.is_property or not cp.shapes[job.node_shape].allowed)
            seen: dict = {}
            for (f, f_str), bound_terms in rows:
                if in_focus is not None and f not in in_focus:
                    continue
                var_dict = {n: x for n, x in bound_terms.items() if n not in ("this", "path", "value", "failure")}
                t = (f, f_str) if job.projects_this else None
                p = bound_terms.get("path")
                v = bound_terms.get("value")
                if p is None and v is None and t is None:
                    continue                          # pyshacl ignores such solutions
                dedup = (t and t[0], p and p[0], v and v[0], tuple(sorted((n, x[0]) for n, x in var_dict.items())))
                done = seen.setdefault(f, [])
                if dedup in done:
                    continue                          # pyshacl's per-focus-node de-duplication
                done.append(dedup)
                if v is None and not job.is_property:
                    v = (f, f_str)
                path = p[0] if p is not None else (path_key if job.is_property else None)
                bound = {n: x[1] for n, x in var_dict.items()}
                if t is not None:
                    bound["this"] = t[1]
                if p is not None:
                    bound["path"] = p[1]
                if v is not None:
                    bound["value"] = v[1]
                msgs: dict = {}
                for m in job.messages:
                    if m not in job.shape_messages:
                        m = Literal(_format_message(str(m.value), bound))
                        msgs[_nt_term(m)] = str(m)
                for m in job.shape_messages:
                    if isinstance(m, Literal):
                        m = Literal(_format_message(str(m.value), bound))
                    msgs[_nt_term(m)] = str(m)
                results.append((cs, comp, t[0] if t is not None else f, v[0] if v is not None else None, path,
                                constraint, tuple(msgs), " / ".join(sorted(msgs.values()))))
                if counts:
                    conforms = False
    return results, conforms


_COMPILED: dict[int, tuple[Graph, int, object]] = {}


def _compiled(shapes: Graph) -> _Compiled | str:
    """The compiled plan of a shapes graph (once per process), or why there is none."""
    return _per_shapes_graph(_COMPILED, shapes, _compile)


def _bnode_prefix(doc_iri: str | None, source_name: str) -> str:
    """Blank-node label prefix of one document's report (reports of many documents can share a graph)."""
    import hashlib

    return "v" + hashlib.sha1((doc_iri or source_name).encode("utf-8")).hexdigest()[:12] + "_"


def _key_text(cp: _Compiled, key: str) -> str:
    t = cp.texts.get(key)
    if t is None:
        t = _text(_to_rdflib(key), cp.nm, is_path=True) or ""
        if len(cp.texts) < _MEMO_MAX:
            cp.texts[key] = t
    return t


_RDF_TYPE_NT = "<" + str(RDF.type) + ">"
_SH_NT = {n: "<" + str(SH[n]) + ">" for n in (
    "ValidationReport", "ValidationResult", "conforms", "result", "focusNode", "resultPath", "value",
    "sourceShape", "sourceConstraintComponent", "sourceConstraint", "resultSeverity", "resultMessage")}


def _provenance_nt(rep: str, source_name: str, doc_iri: str | None) -> list[str]:
    lines = [f"{rep} <{SCHEMA.name}> {_nt_term(Literal(source_name))} ."]
    if doc_iri is not None:
        lines.append(f"{rep} <{CVG.validates}> <{doc_iri}> .")
        lines.append(f"{rep} <{PROV.wasDerivedFrom}> <{doc_iri}> .")
    return lines


def _compiled_report_nt(cp: _Compiled, results: list, conforms: bool, prefix: str, source_name: str,
                        doc_iri: str | None) -> bytes:
    """The report pyshacl would write (same triples up to blank-node labels), as N-Triples."""
    b = "_:" + prefix
    rep = b + "report"
    sh = _SH_NT
    lines = [f"{rep} {_RDF_TYPE_NT} {sh['ValidationReport']} .",
             f"{rep} {sh['conforms']} \"{'true' if conforms else 'false'}\"^^<{_XSD_NS}boolean> ."]
    copies: dict = {}

    def term(k: str) -> str:
        if k[0] == "_":
            if k in cp.templates:
                copies[k] = None
            return b + k[2:]
        return k

    for i, (cs, ck, f, v, path, constraint, msgs, _) in enumerate(results):
        r = f"{b}r{i}"
        lines.append(f"{rep} {sh['result']} {r} .")
        lines.append(f"{r} {_RDF_TYPE_NT} {sh['ValidationResult']} .")
        lines.append(f"{r} {sh['sourceConstraintComponent']} {ck} .")
        lines.append(f"{r} {sh['sourceShape']} {term(cs.key)} .")
        lines.append(f"{r} {sh['resultSeverity']} {cs.sev_key} .")
        lines.append(f"{r} {sh['focusNode']} {term(f)} .")
        if v is not None:
            lines.append(f"{r} {sh['value']} {term(v)} .")
        if path is not None:
            lines.append(f"{r} {sh['resultPath']} {path} .")
        if constraint is not None:
            lines.append(f"{r} {sh['sourceConstraint']} {term(constraint)} .")
        for m in msgs:
            lines.append(f"{r} {sh['resultMessage']} {m} .")
    for k in copies:
        for s, p, o in cp.templates[k]:
            lines.append(f"{term(s)} {p} {term(o)} .")
    lines.extend(_provenance_nt(rep, source_name, doc_iri))
    return ("\n".join(dict.fromkeys(lines)) + "\n").encode("utf-8")


def _graph_nt(report: Graph, prefix: str) -> bytes:
    """An rdflib report graph as N-Triples, blank node <id> labelled `prefix`k<id> (see _nt_term)."""
    bnodes: dict = {}
    lines = [f"{_nt_term(s, bnodes, prefix)} {_nt_term(p)} {_nt_term(o, bnodes, prefix)} ." for s, p, o in report]
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""


_ORDER = {"Violation": 0, "Warning": 1, "Info": 2}


def _result_sort_key(r: ValidationResult):
    return (_ORDER.get(r.severity, 3), r.focus_node, r.result_path or "", r.value or "", r.message,
            r.source_shape or "", r.source_constraint_component or "", r.source_constraint or "")


def _validate_compiled(cp: _Compiled, spo: dict, types: dict, store_source, source_name: str,
                       doc_iri: str | None) -> ValidationOutcome:
    import pyoxigraph as ox

    doc = _Doc(spo, types)
    conforms = True
    found: list = []
    focus_of: dict = {}
    for cs, targets in cp.top:
        focus = _focus_nodes(targets, doc)
        focus_of[cs.node] = focus
        if cs.noop or not focus:
            continue
        c, r = _eval_shape(cs, focus, doc)
        conforms = conforms and c
        found.extend(r)

    def load_store():
        store = ox.Store()
        store.load(store_source, ox.RdfFormat.N_TRIPLES, lenient=True)
        return store

    if cp.plan.jobs:
        r, c = _run_compiled_jobs(cp, doc, focus_of, load_store, store_source is not None)
        conforms = conforms and c
        found.extend(r)
    results = []
    for cs, ck, f, v, path, constraint, msgs, text in found:
        results.append(ValidationResult(
            source_name=source_name,
            severity=cs.sev_text,
            focus_node=_lexical(f),
            result_path=_key_text(cp, path) if path is not None else None,
            value=_lexical(v) if v is not None else None,
            message=text if text is not None else (cs.message_text or ""),
            source_shape=cs.label,
            source_constraint_component=cp.texts[ck],
            source_constraint=cp.texts[constraint] if constraint is not None else None,
        ))
    results.sort(key=_result_sort_key)
    violations = sum(1 for r in results if r.severity == "Violation")
    warnings = sum(1 for r in results if r.severity == "Warning")
    report_nt = _compiled_report_nt(cp, found, conforms, _bnode_prefix(doc_iri, source_name), source_name, doc_iri)
    return ValidationOutcome(source_name=source_name, conforms=conforms and violations == 0,
                             violations=violations, warnings=warnings, results=results, report_nt=report_nt,
                             engine="compiled")


ENGINES = ("fast", "hybrid", "pyshacl")


def _engine(engine: str | None) -> str:
    engine = engine or os.environ.get("CVGRAPH_SHACL_ENGINE") or "fast"
    if engine not in ENGINES:
        raise ValueError(f"unknown SHACL engine {engine!r} (fast | hybrid | pyshacl)")
    return engine


class _ParameterList(list):
    """pyshacl's list of constraint parameters with O(1) membership (it tests ``p in list``
    for every predicate of a shape on every call: ~2 M rdflib ``__eq__`` calls per 20 docs)."""

    def __init__(self, items=()):
        super().__init__(items)
        self._set = set(self)

    def __contains__(self, item) -> bool:
        return item in self._set

    def copy(self):
        return _ParameterList(self)

    def append(self, item) -> None:
        super().append(item)
        self._set.add(item)


@contextlib.contextmanager
def _pyshacl_speedups():
    """Two changes to how pyshacl dispatches work, not to what it evaluates (call under _lock):

    - the constraint-parameter list it scans gets O(1) membership;
    - ``sh:property``: pyshacl validates the property shape once per value node of the parent
      (re-building every constraint object each time); here it validates it once for all of
      them, which pyshacl's Shape.validate supports (a focus list) and which gives the same
      results (each constraint evaluates per focus node). Only when the value nodes are
      distinct and the per-node path would not stop for recursion; otherwise pyshacl's loop.
    """
    import pyshacl.shape as shape_module
    from pyshacl.constraints import ALL_CONSTRAINT_PARAMETERS, CONSTRAINT_PARAMETERS_MAP
    from pyshacl.constraints.core.shape_based_constraints import PropertyConstraintComponent

    original = PropertyConstraintComponent._evaluate_property_shape

    def batched(self, executor, prop_shape, target_graph, focus_value_nodes, potentially_recursive,
                _evaluation_path):
        values = [v for vs in focus_value_nodes.values() for v in vs]
        found = self.shape.get_other_shape(prop_shape)
        if (not found or not found.is_property_shape or len(set(values)) != len(values)
                or (potentially_recursive and found in potentially_recursive)):
            return original(self, executor, prop_shape, target_graph, focus_value_nodes,
                            potentially_recursive, _evaluation_path)
        if not values:
            return False, []
        conforms, reports = found.validate(executor, target_graph, focus=values,
                                           _evaluation_path=_evaluation_path[:])
        return (not conforms), reports

    saved_params = getattr(shape_module, "CONSTRAINT_PARAMS", None)
    shape_module.CONSTRAINT_PARAMS = (_ParameterList(ALL_CONSTRAINT_PARAMETERS), CONSTRAINT_PARAMETERS_MAP)
    PropertyConstraintComponent._evaluate_property_shape = batched
    try:
        yield
    finally:
        PropertyConstraintComponent._evaluate_property_shape = original
        if saved_params is None:
            del shape_module.CONSTRAINT_PARAMS
        else:
            shape_module.CONSTRAINT_PARAMS = saved_params


def _pyshacl(data: Graph, shapes_graph: Graph, fast: bool = False):
    import pyshacl

    # pyshacl mutates nothing with inference="none", but serialise use of the shared
    # shapes graph anyway: rdflib graphs are not documented as thread-safe.
    # SHACL-AF rules would write into the data graph: only validate in place without them.
    inplace = not _shapes_have_rules(shapes_graph)
    target = _view(data) if inplace else data
    with _lock, (_pyshacl_speedups() if fast else contextlib.nullcontext()):
        conforms, report, _ = pyshacl.validate(
            target,
            shacl_graph=shapes_graph,
            inference="none",
            advanced=True,
            allow_warnings=True,
            inplace=inplace,
            abort_on_first=False,
            meta_shacl=False,
            debug=False,
        )
    return bool(conforms), report


def _validate(data: Graph | None, source_name: str, shapes: Graph | None, engine: str | None,
              ntriples: bytes | str | None = None, doc_iri: str | None = None) -> ValidationOutcome:
    """One document: `data` (a graph) or `ntriples` (with `doc_iri`)."""
    import time

    shapes_graph = shapes if shapes is not None else load_shapes()
    if doc_iri is None and data is not None and isinstance(data.identifier, URIRef):
        doc_iri = str(data.identifier)
    t0 = time.perf_counter()
    engine = _engine(engine)
    if engine == "fast":
        outcome = _try_compiled(data, source_name, shapes_graph, ntriples, doc_iri)
        if outcome is not None:
            outcome.elapsed_ms = (time.perf_counter() - t0) * 1000.0
            return outcome
        engine = "hybrid"
    if isinstance(ntriples, str):
        ntriples = ntriples.encode("utf-8")
    if data is None:
        data = Graph(identifier=URIRef(doc_iri))
        data.parse(data=ntriples, format="nt")
    if engine == "pyshacl":
        conforms, report = _pyshacl(data, shapes_graph)
    else:
        plan = _plan(shapes_graph)
        store = None
        if plan.jobs and not _shapes_have_rules(shapes_graph):
            if ntriples is None:
                ntriples = data.serialize(format="nt", encoding="utf-8")
            store = _load_store(ntriples)
        if store is None:            # nothing to take over, or oxigraph would see other terms
            conforms, report = _pyshacl(data, shapes_graph)
        else:
            conforms, report = _pyshacl(data, plan.core_shapes, fast=True)
            report_node = report.value(predicate=RDF.type, object=SH.ValidationReport, any=True)
            _restore_stripped(plan, shapes_graph, report)
            if not _run_jobs(plan, store, data, shapes_graph, report, report_node):
                conforms = False
            report.set((report_node, SH.conforms, Literal(conforms)))
    elapsed = (time.perf_counter() - t0) * 1000.0
    _bind_prefixes(report)
    results = _results(report, source_name, shapes_graph)
    violations = sum(1 for r in results if r.severity == "Violation")
    warnings = sum(1 for r in results if r.severity == "Warning")

    report_node = report.value(predicate=RDF.type, object=SH.ValidationReport, any=True)
    if report_node is None:  # pragma: no cover - pyshacl always writes one
        report_node = BNode()
        report.add((report_node, RDF.type, SH.ValidationReport))
    report.add((report_node, SCHEMA.name, Literal(source_name)))
    if isinstance(data.identifier, URIRef):
        report.add((report_node, CVG.validates, data.identifier))
        report.add((report_node, PROV.wasDerivedFrom, data.identifier))

    outcome = ValidationOutcome(
        source_name=source_name,
        conforms=bool(conforms) and violations == 0,
        violations=violations,
        warnings=warnings,
        results=results,
        report_nt=_graph_nt(report, _bnode_prefix(doc_iri, source_name)),
        elapsed_ms=elapsed,
        engine=engine,
    )
    outcome.report_graph = report
    return outcome


def _try_compiled(data: Graph | None, source_name: str, shapes: Graph, ntriples: bytes | str | None,
                  doc_iri: str | None) -> ValidationOutcome | None:
    """The compiled engine, or None when this shapes graph or this document is for the hybrid
    engine (see the module docstring)."""
    cp = _compiled(shapes)
    if isinstance(cp, str):
        return None
    if data is None:
        try:
            text = ntriples.decode("utf-8") if isinstance(ntriples, bytes) else ntriples
        except UnicodeDecodeError:
            return None
        index = _index_ntriples(text)
        if index is None:
            return None
        spo, types, ox_safe = index
        source = ntriples
    else:
        if type(data) not in (Graph, _QueryCachingGraph):
            return None
        index = _index_graph(data)
        if index is None:
            return None
        spo, types, ox_safe, source = index
    try:
        return _validate_compiled(cp, spo, types, source if ox_safe else None, source_name, doc_iri)
    except _NoStore:                   # the SPARQL jobs need a store, oxigraph would change terms
        return None
    except (SyntaxError, ValueError, OSError):     # oxigraph would not read the document
        return None


def _restore_stripped(plan: _Plan, shapes: Graph, report: Graph) -> None:
    """pyshacl copies blank-node shapes into the report from the shapes graph it was given;
    put back what the plan stripped from them, so the report is the one plain pyshacl writes."""
    from pyshacl.rdfutil import clone_blank_node

    for s, p, o in plan.removed:
        if isinstance(s, BNode) and (s, None, None) in report:
            report.add((s, p, clone_blank_node(shapes, o, report, keepid=True) if isinstance(o, BNode) else o))


def validate_graph(data: Graph, source_name: str, shapes: Graph | None = None, *,
                   engine: str | None = None) -> ValidationOutcome:
    """Validate one document's graph; never raises on invalid data (only on broken shapes).

    ``engine``: "fast" (default, the compiled engine), "hybrid" or "pyshacl" (plain pyshacl,
    the reference); the default can be changed with the environment variable
    ``CVGRAPH_SHACL_ENGINE``. The compiled engine reads a plain ``Graph`` term by term; other
    graph kinds (Dataset, ConjunctiveGraph) go to the hybrid engine."""
    return _validate(data, source_name, shapes, engine)


def validate_ntriples(doc_iri: str, source_name: str, ntriples: bytes | str,
                      shapes: Graph | None = None, *, engine: str | None = None) -> ValidationOutcome:
    """Validate one document given as N-Triples (its named graph's content), e.g. the map
    stage's output or bytes from another process; same results as :func:`validate_graph` on
    the parsed graph."""
    return _validate(None, source_name, shapes, engine, ntriples=ntriples, doc_iri=str(doc_iri))


def format_results(outcomes: Iterable[ValidationOutcome]) -> str:
    """Human-readable report: one line per result, grouped by file, with totals."""
    outcomes = list(outcomes)
    lines: list[str] = []
    total_v = total_w = total_i = 0
    for o in outcomes:
        total_v += o.violations
        total_w += o.warnings
        total_i += o.infos
        status = "ok" if o.conforms else "INVALID"
        counts = f"{o.violations} violation(s), {o.warnings} warning(s)"
        lines.append(f"{o.source_name}: {status} ({counts})")
        for r in o.results:
            parts = [f"  {r.severity:<9}", r.focus_node]
            if r.result_path:
                parts.append(r.result_path)
            if r.value is not None:
                value = r.value if len(r.value) <= 80 else r.value[:77] + "..."
                parts.append(f"[{value}]")
            lines.append(" ".join(parts) + f": {r.message}")
    n_invalid = sum(1 for o in outcomes if not o.conforms)
    lines.append(
        f"{len(outcomes)} file(s), {n_invalid} invalid: "
        f"{total_v} violation(s), {total_w} warning(s)" + (f", {total_i} info" if total_i else "")
    )
    return "\n".join(lines)


__all__ = ["ENGINES", "ValidationResult", "ValidationOutcome", "load_shapes", "validate_graph",
           "validate_ntriples", "format_results"]
