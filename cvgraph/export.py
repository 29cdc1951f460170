"""Export and query of the store: RDF serialisations and SPARQL result formats.

TriG and N-Quads keep the named graphs (pyoxigraph dumps them directly); Turtle,
N-Triples and JSON-LD give the merged (union) graph. JSON-LD is compacted with the
project's context (ontology/context.jsonld) through rdflib's JSON-LD serialiser.
"""
from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

import pyoxigraph as ox
from rdflib import Graph

from .config import ONTOLOGY_DIR, Settings
from .errors import CVGraphError
from .store import open_read
from .vocab import PREFIXES

# The store's default graph is the RDF merge of every named graph (see store.nquads_lines).
UNION_CONSTRUCT = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }"
DATASET_FORMATS = {"trig": ox.RdfFormat.TRIG, "nquads": ox.RdfFormat.N_QUADS}
GRAPH_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES}
RESULT_FORMATS = {"json": ox.QueryResultsFormat.JSON, "csv": ox.QueryResultsFormat.CSV,
                  "tsv": ox.QueryResultsFormat.TSV, "xml": ox.QueryResultsFormat.XML}


@lru_cache(maxsize=1)
def jsonld_context() -> dict:
    """The project's JSON-LD context (the "@context" value), or the prefixes as a fallback."""
    path = ONTOLOGY_DIR / "context.jsonld"
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        return data.get("@context", data)
    return dict(PREFIXES)


def triples_to_jsonld(triples, base: str | None = None) -> bytes:
    g = Graph()
    data = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
    if data:
        g.parse(data=data.decode("utf-8"), format="nt")
    return g.serialize(format="json-ld", context=jsonld_context(), auto_compact=True).encode("utf-8")


def export(store_dir: Path, fmt: str, out: BinaryIO, settings: Settings) -> None:
    store = open_read(store_dir)
    if fmt in DATASET_FORMATS:
        # The named graphs are the data; the default graph is their derived merge.
        ox.serialize(named_quads(store), out, format=DATASET_FORMATS[fmt],
                     **({"prefixes": dict(PREFIXES)} if fmt == "trig" else {}))
    elif fmt in GRAPH_FORMATS:
        triples = store.query(UNION_CONSTRUCT)
        kwargs = {"prefixes": dict(PREFIXES)} if fmt == "turtle" else {}
        ox.serialize(triples, out, format=GRAPH_FORMATS[fmt], **kwargs)
    elif fmt == "jsonld":
        out.write(triples_to_jsonld(store.query(UNION_CONSTRUCT)))
    else:
        raise CVGraphError(f"unknown export format {fmt!r}")


def named_quads(store: ox.Store):
    return (q for q in store.quads_for_pattern(None, None, None, None)
            if not isinstance(q.graph_name, ox.DefaultGraph))


def run_query(store_dir: Path, text: str, fmt: str, settings: Settings) -> str:
    store = open_read(store_dir)
    try:
        result = store.query(text, prefixes=dict(PREFIXES))
    except SyntaxError as exc:
        raise CVGraphError(f"query syntax error: {exc}") from exc
    if isinstance(result, ox.QueryBoolean):
        if fmt == "table":
            return ("true" if bool(result) else "false") + "\n"
        return result.serialize(format=RESULT_FORMATS.get(fmt, ox.QueryResultsFormat.JSON)).decode("utf-8")
    if isinstance(result, ox.QuerySolutions):
        if fmt == "table":
            return _table(result)
        if fmt not in RESULT_FORMATS:
            raise CVGraphError(f"format {fmt!r} is for CONSTRUCT/DESCRIBE; use table, json, csv, tsv or xml")
        return result.serialize(format=RESULT_FORMATS[fmt]).decode("utf-8")
    # CONSTRUCT / DESCRIBE
    if fmt == "jsonld":
        return triples_to_jsonld(result).decode("utf-8")
    rdf_fmt = {"turtle": ox.RdfFormat.TURTLE, "table": ox.RdfFormat.TURTLE, "ntriples": ox.RdfFormat.N_TRIPLES}.get(fmt)
    if rdf_fmt is None:
        raise CVGraphError(f"format {fmt!r} is for SELECT/ASK; use turtle, ntriples or jsonld")
    kwargs = {"prefixes": dict(PREFIXES)} if rdf_fmt == ox.RdfFormat.TURTLE else {}
    return ox.serialize(result, format=rdf_fmt, **kwargs).decode("utf-8")


def _term(t) -> str:
    if t is None:
        return ""
    if isinstance(t, ox.NamedNode):
        for p, ns in PREFIXES.items():
            if t.value.startswith(ns) and t.value[len(ns):].replace("_", "a").isalnum():
                return f"{p}:{t.value[len(ns):]}"
        return f"<{t.value}>"
    if isinstance(t, ox.BlankNode):
        return f"_:{t.value}"
    return t.value


def _table(solutions: ox.QuerySolutions) -> str:
    names = [v.value for v in solutions.variables]
    rows = [[_term(sol[n]) for n in names] for sol in solutions]
    widths = [max([len(n)] + [len(r[i]) for r in rows]) for i, n in enumerate(names)]
    buf = io.StringIO()
    buf.write(" | ".join(n.ljust(w) for n, w in zip(names, widths)).rstrip() + "\n")
    buf.write("-+-".join("-" * w for w in widths) + "\n")
    for r in rows:
        buf.write(" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() + "\n")
    buf.write(f"({len(rows)} row{'s' if len(rows) != 1 else ''})\n")
    return buf.getvalue()
