"""`cvgraph validate`: re-validate every document graph held in the store."""
from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph, URIRef

from .config import Settings
from .store import open_read

DOCUMENTS = """
PREFIX schema: <http://schema.org/>
SELECT ?doc ?name WHERE { GRAPH ?doc { ?doc a schema:DigitalDocument ; schema:name ?name } } ORDER BY ?name
"""


def validate_store(store_dir: Path, settings: Settings) -> tuple[str, int]:
    from .validate import format_results, validate_graph

    store = open_read(store_dir)
    outcomes = []
    for row in store.query(DOCUMENTS):
        doc = row["doc"]
        data = ox.serialize(store.quads_for_pattern(None, None, None, doc), format=ox.RdfFormat.N_QUADS)
        g = Graph(identifier=URIRef(doc.value))
        g.parse(data=data.decode("utf-8"), format="nquads")
        outcomes.append(validate_graph(g, row["name"].value))
    violations = sum(o.violations for o in outcomes)
    return format_results(outcomes), violations
