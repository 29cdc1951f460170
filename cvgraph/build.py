"""The build: files → read → extract → map → link → validate → store, one way.

Per-document stages (read, extract, map) are independent and pure, so they run in worker
processes when there are enough documents; link needs every document, then validation
runs per document again. Every file is attempted; a failure is recorded with the file
name and the reason and never stops the others. The store is replaced atomically.
"""
from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph, URIRef

from .config import ONTOLOGY_DIR, Settings
from .errors import CVGraphError, DocumentError
from .iris import document_iri
from .record import CVRecord
from .store import Generation, cleanup_abandoned, writer_lock

PARALLEL_THRESHOLD = 64  # below this, process start-up costs more than it saves


@dataclass
class DocumentResult:
    """The outcome of the per-document stages for one file (plain, picklable data)."""

    path: str
    name: str
    doc_iri: str | None = None
    ntriples: str | None = None       # the mapped graph, serialised (cheap to pass between processes)
    record: CVRecord | None = None
    error: str | None = None
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class BuildSummary:
    documents: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)   # (file name, reason)
    people: int = 0
    organizations: int = 0
    publications: int = 0
    triples: int = 0
    violations: int = 0
    warnings: int = 0
    validation_text: str = ""
    reports: dict[str, dict] = field(default_factory=dict)       # file name → extraction report
    seconds: dict[str, float] = field(default_factory=dict)
    committed: bool = False

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def render(self) -> str:
        lines = [f"FAILED {name}: {reason}" for name, reason in self.failed]
        lines.append(
            f"documents: {self.documents}  people: {self.people}  organizations: {self.organizations}  "
            f"publications: {self.publications}  triples: {self.triples}  "
            f"SHACL violations: {self.violations}  warnings: {self.warnings}  failed files: {len(self.failed)}")
        if not self.committed:
            lines.append("store unchanged (nothing was built)")
        return "\n".join(lines)


def process_document(path: str, settings: Settings, names_in_use: dict[str, int] | None = None) -> DocumentResult:
    """read → extract → map for one file; never raises for bad input."""
    from mappers.extract import extract
    from mappers.rdf import SourceInfo, map_record
    from mappers.read import read_document

    name = Path(path).name
    result = DocumentResult(path=str(path), name=name)
    t0 = time.perf_counter()
    try:
        doc = read_document(path)
        t1 = time.perf_counter()
        record = extract(doc)
        t2 = time.perf_counter()
        iri = document_iri(settings.base, doc.name)
        graph = map_record(record, SourceInfo(doc.name, doc.sha256, doc.media_type, iri), settings)
        t3 = time.perf_counter()
        result.doc_iri = iri
        result.ntriples = graph.serialize(format="nt")
        result.record = record
        result.seconds = {"read": t1 - t0, "extract": t2 - t1, "map": t3 - t2}
    except DocumentError as exc:
        result.error = exc.reason
    except CVGraphError as exc:
        result.error = str(exc)
    except RecursionError:
        result.error = "document is nested too deeply to read"
    except Exception as exc:  # a bug must not stop the other files; report it as this file's failure
        result.error = f"internal error while reading ({type(exc).__name__}: {exc})"
    return result


def _process_all(files: list[Path], settings: Settings, jobs: int) -> list[DocumentResult]:
    if jobs > 1 and len(files) >= PARALLEL_THRESHOLD:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(process_document, [str(f) for f in files], [settings] * len(files),
                                 chunksize=max(1, len(files) // (jobs * 8))))
    return [process_document(str(f), settings) for f in files]


def _disambiguate_doc_iris(results: list[DocumentResult]) -> None:
    """Two files with the same name (in different folders) get distinct document IRIs."""
    seen: dict[str, int] = {}
    for r in results:
        if r.doc_iri is None:
            continue
        n = seen.get(r.doc_iri, 0) + 1
        seen[r.doc_iri] = n
        if n > 1:
            new = f"{r.doc_iri}-{n}"
            r.ntriples = r.ntriples.replace(f"<{r.doc_iri}>", f"<{new}>").replace(f"<{r.doc_iri}/", f"<{new}/")
            r.doc_iri = new


def build(paths: list[Path], store_dir: Path, settings: Settings, *, jobs: int | None = None,
          overrides_path: Path | None = None, wait_for_lock: bool = True) -> BuildSummary:
    from mappers.read import iter_input_files

    from .link import link_documents, load_overrides
    from .validate import format_results, validate_graph

    summary = BuildSummary()
    jobs = jobs or max(1, os.cpu_count() or 1)
    t_start = time.perf_counter()
    files = iter_input_files(paths)
    missing = [p for p in paths if not Path(p).exists()]
    for p in missing:
        summary.failed.append((str(p), "no such file or folder"))
    results = _process_all(files, settings, jobs)
    _disambiguate_doc_iris(results)
    for stage in ("read", "extract", "map"):
        summary.seconds[stage] = sum(r.seconds.get(stage, 0.0) for r in results)
    ok = [r for r in results if r.error is None]
    summary.failed.extend((r.name, r.error) for r in results if r.error is not None)
    for r in ok:
        summary.reports[r.name] = r.record.report.model_dump()
    if not ok:
        summary.seconds["total"] = time.perf_counter() - t_start
        return summary

    # link: canonical IRIs across all documents
    t0 = time.perf_counter()
    graphs = []
    for r in ok:
        g = Graph(identifier=URIRef(r.doc_iri))
        g.parse(data=r.ntriples, format="nt")
        graphs.append(g)
    overrides = load_overrides(overrides_path) if overrides_path else None
    linked = link_documents(graphs, settings, overrides)
    summary.seconds["link"] = time.perf_counter() - t0

    # validate: per document, with the document's own graph
    t0 = time.perf_counter()
    outcomes = []
    validation = Graph(identifier=URIRef(settings.validation_graph))
    for r, g in zip(ok, linked.graphs):
        outcome = validate_graph(g, r.name)
        outcomes.append(outcome)
        summary.violations += outcome.violations
        summary.warnings += outcome.warnings
        validation += outcome.report_graph
    summary.validation_text = format_results(outcomes)
    summary.seconds["validate"] = time.perf_counter() - t0

    # store: a new generation, made live atomically
    t0 = time.perf_counter()
    with writer_lock(store_dir, wait=wait_for_lock):
        cleanup_abandoned(store_dir)
        gen = Generation(store_dir)
        try:
            for g in linked.graphs:
                _load_graph(gen, g)
            _load_graph(gen, linked.links)
            _load_graph(gen, validation)
            _load_ontology(gen, settings)
            gen.materialise_union()
            _count(gen.store, summary)
            gen.commit()
            summary.committed = True
        except BaseException:
            gen.abort()
            raise
    summary.documents = len(ok)
    summary.seconds["store"] = time.perf_counter() - t0
    summary.seconds["total"] = time.perf_counter() - t_start
    return summary


def _load_graph(gen: Generation, graph: Graph) -> None:
    """Load a graph into its own named graph (the default graph is their merge, see store)."""
    data = graph.serialize(format="nt", encoding="utf-8")
    if data.strip():
        gen.store.bulk_load(data, format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(str(graph.identifier)))


def _load_ontology(gen: Generation, settings: Settings) -> None:
    path = ONTOLOGY_DIR / "cvgraph.ttl"
    if path.exists():
        gen.store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE,
                            to_graph=ox.NamedNode(settings.ontology_graph))


COUNT_QUERY = """
PREFIX schema: <http://schema.org/>
SELECT
  (COUNT(DISTINCT ?person) AS ?people)
  (COUNT(DISTINCT ?org) AS ?orgs)
  (COUNT(DISTINCT ?pub) AS ?pubs)
WHERE {
  { ?person a schema:Person } UNION { ?org a schema:Organization } UNION { ?pub a schema:ScholarlyArticle }
}
"""


def _count(store: ox.Store, summary: BuildSummary) -> None:
    row = next(iter(store.query(COUNT_QUERY)))
    summary.people = int(row["people"].value)
    summary.organizations = int(row["orgs"].value)
    summary.publications = int(row["pubs"].value)
    summary.triples = next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value
    summary.triples = int(summary.triples)
