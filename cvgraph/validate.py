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

Two engines give the same sh:ValidationResults (focus node, path, value, severity, source
shape, source constraint component, source constraint, messages):

``engine="fast"`` (the default)
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
``engine="pyshacl"``
    plain pyshacl with the full shapes graph (the reference; also selectable for every call
    with ``CVGRAPH_SHACL_ENGINE=pyshacl``).

In the fast engine pyshacl also runs with two dispatch speed-ups (:func:`_pyshacl_speedups`,
applied only inside that call): O(1) lookup in its constraint-parameter list, and one
validation of a ``sh:property`` shape for all value nodes of its parent instead of one per
value node. Both engines hand pyshacl a zero-copy view of the data graph whose ``query()``
keeps prepared queries in a process-wide cache, and run it ``inplace`` (no clone) since the
shapes contain no SHACL rules.

Cost (CPU, one process, see README, "Validation (SHACL) and its speed"): ~330 ms per synthetic ~760-triple
document with plain pyshacl, ~35 ms with the fast engine (pyshacl core ~23 ms, the 45
SPARQL jobs on oxigraph ~6 ms, N-Triples + store ~5 ms).

The returned ``report_graph`` is the sh:ValidationReport with, on the report node,
``cvg:validates <doc>`` and ``prov:wasDerivedFrom <doc>`` (the document IRI is the data
graph's identifier when that is an IRI) and ``schema:name "<source name>"``.
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
    report_graph: Graph = field(default_factory=Graph, repr=False)
    elapsed_ms: float = 0.0

    @property
    def infos(self) -> int:
        return sum(1 for r in self.results if r.severity == "Info")


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
    prologue = "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in prefixes.items()) + head.group("prologue")
    query = (f"{prologue}\nSELECT {head.group('mod') or ''}{projection} WHERE {{\n"
             f"  {{ SELECT DISTINCT ?this WHERE {{ {targets} }} }}\n"
             f"{body[1:]}")
    return _Job(node_shape=node_shape, shape=shape, constraint=constraint, is_property=is_property,
                path=path, severity=severity, shape_messages=shape_messages, messages=messages,
                variables=variables, projects_this=projects_this, query=query)


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


_PLANS: dict[int, tuple[Graph, int, _Plan]] = {}


def _plan(shapes: Graph) -> _Plan:
    entry = _PLANS.get(id(shapes))
    if entry is None or entry[0] is not shapes or entry[1] != len(shapes):
        entry = (shapes, len(shapes), _make_plan(shapes))
        if len(_PLANS) > 8:
            _PLANS.clear()
        _PLANS[id(shapes)] = entry
    return entry[2]


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


def _engine(engine: str | None) -> str:
    engine = engine or os.environ.get("CVGRAPH_SHACL_ENGINE") or "fast"
    if engine not in ("fast", "pyshacl"):
        raise ValueError(f"unknown SHACL engine {engine!r} (fast | pyshacl)")
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


def _validate(data: Graph, source_name: str, shapes: Graph | None, engine: str | None,
              ntriples: bytes | None = None) -> ValidationOutcome:
    import time

    shapes_graph = shapes if shapes is not None else load_shapes()
    t0 = time.perf_counter()
    if _engine(engine) == "pyshacl":
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

    return ValidationOutcome(
        source_name=source_name,
        conforms=bool(conforms) and violations == 0,
        violations=violations,
        warnings=warnings,
        results=results,
        report_graph=report,
        elapsed_ms=elapsed,
    )


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

    ``engine``: "fast" (default) or "pyshacl" (plain pyshacl, the reference); the default
    can be changed with the environment variable ``CVGRAPH_SHACL_ENGINE``."""
    return _validate(data, source_name, shapes, engine)


def validate_ntriples(doc_iri: str, source_name: str, ntriples: bytes | str,
                      shapes: Graph | None = None, *, engine: str | None = None) -> ValidationOutcome:
    """Validate one document given as N-Triples (its named graph's content), e.g. the map
    stage's output or bytes from another process; same results as :func:`validate_graph` on
    the parsed graph."""
    data = ntriples.encode("utf-8") if isinstance(ntriples, str) else ntriples
    g = Graph(identifier=URIRef(doc_iri))
    g.parse(data=data, format="nt")
    return _validate(g, source_name, shapes, engine, ntriples=data)


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


__all__ = ["ValidationResult", "ValidationOutcome", "load_shapes", "validate_graph", "validate_ntriples",
           "format_results"]
