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
    report: dict | None = None        # the extraction report, when `record` is not carried (shards)

    def report_dict(self) -> dict:
        return self.record.report.model_dump() if self.record is not None else (self.report or {})


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
    changed_graphs: int | None = None   # add/remove: document graphs written (new or re-linked)

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
    from mappers.rdf import SourceInfo, map_record_ntriples
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
        ntriples = map_record_ntriples(record, SourceInfo(doc.name, doc.sha256, doc.media_type, iri), settings)
        t3 = time.perf_counter()
        result.doc_iri = iri
        result.ntriples = ntriples
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


def _validate_serialised(doc_iri: str, name: str, ntriples: bytes):
    """Worker side of parallel validation: plain bytes in, outcome with its report as bytes out."""
    from .validate import validate_graph

    g = Graph(identifier=URIRef(doc_iri))
    g.parse(data=ntriples, format="nt")
    outcome = validate_graph(g, name)
    report = outcome.report_graph.serialize(format="nt", encoding="utf-8")
    outcome.report_graph = None
    return outcome, report


def _graph(iri: str, ntriples: str) -> Graph:
    g = Graph(identifier=URIRef(iri))
    g.parse(data=ntriples, format="nt")
    return g


def _validate_all(ok: list[DocumentResult], documents: list[tuple[str, str]], validate_graph, jobs: int):
    """SHACL per document (``documents``: linked (IRI, N-Triples)); in a process pool
    (N-Triples bytes between processes) for many documents."""
    if jobs <= 1 or len(ok) < PARALLEL_THRESHOLD:
        return [validate_graph(_graph(iri, text), r.name) for r, (iri, text) in zip(ok, documents)]
    payload = [text.encode("utf-8") for _, text in documents]
    outcomes = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for outcome, report in pool.map(_validate_serialised, [iri for iri, _ in documents],
                                        [r.name for r in ok], payload,
                                        chunksize=max(1, len(ok) // (jobs * 8))):
            outcome.report_graph = Graph()
            if report.strip():
                outcome.report_graph.parse(data=report, format="nt")
            outcomes.append(outcome)
    return outcomes


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

    summary = BuildSummary()
    jobs = jobs or max(1, os.cpu_count() or 1)
    t_start = time.perf_counter()
    files = iter_input_files(paths)
    missing = [p for p in paths if not Path(p).exists()]
    for p in missing:
        summary.failed.append((str(p), "no such file or folder"))
    bibliographies = [f for f in files if f.suffix.lower() == ".bib"]
    results = _process_all([f for f in files if f not in bibliographies], settings, jobs)
    attach_bibliographies(bibliographies, results, settings, summary)
    return build_from_results(results, store_dir, settings, summary=summary, overrides_path=overrides_path,
                              wait_for_lock=wait_for_lock, t_start=t_start, jobs=jobs)


def attach_bibliographies(bibs: list[Path], results: list[DocumentResult], settings: Settings,
                          summary: BuildSummary) -> None:
    """A BibTeX file is a person's publication list: attach it to the CV of the same person.

    The CV is the one with the same file stem in the same folder (cv.tex + cv.bib), else the
    CV whose subject is an author of most of the file's entries. Publications already in the
    CV (same folded title) are not repeated. A .bib with no such CV is reported as failed.
    """
    from mappers.extract.bibtex import parse_bibtex
    from mappers.extract.fields import same_person_name
    from mappers.rdf import SourceInfo, map_record_ntriples
    from mappers.read import read_document

    cvs = [r for r in results if r.error is None and r.record is not None]
    for bib in bibs:
        try:
            text = read_document(bib).raw
            entries = parse_bibtex(text, None)
        except CVGraphError as exc:
            summary.failed.append((bib.name, str(exc)))
            continue
        except Exception as exc:
            summary.failed.append((bib.name, f"unreadable BibTeX ({type(exc).__name__}: {exc})"))
            continue
        target = next((r for r in cvs if Path(r.path).parent == bib.parent and Path(r.path).stem == bib.stem), None)
        if target is None:
            def share(r: DocumentResult) -> int:
                name = r.record.person.name
                return sum(any(same_person_name(a.name, name) for a in e.authors) for e in entries) if name else 0
            best = max(cvs, key=share, default=None)
            if best is not None and share(best) * 2 >= max(1, len(entries)):
                target = best
        if target is None:
            summary.failed.append((bib.name, "a BibTeX publication list with no CV of the same person among the inputs"))
            continue
        record = target.record
        known = {fold_title(p.title) for p in record.publications}
        for pub in parse_bibtex(text, record.person.name or None):
            if fold_title(pub.title) not in known:
                record.publications.append(pub)
                known.add(fold_title(pub.title))
        record.fill_counts()
        record.report.warnings.append(f"publications from {bib.name} attached")
        source = read_document(target.path)
        target.ntriples = map_record_ntriples(
            record, SourceInfo(source.name, source.sha256, source.media_type, target.doc_iri), settings)


def fold_title(title: str) -> str:
    import re

    from .iris import fold
    return re.sub(r"[^a-z0-9]+", " ", fold(title)).strip()


def build_from_results(results: list[DocumentResult], store_dir, settings: Settings, *,
                       summary: BuildSummary | None = None, overrides_path: Path | None = None,
                       wait_for_lock: bool = True, t_start: float | None = None,
                       jobs: int | None = None) -> BuildSummary:
    """link → validate → store for the outcome of the per-document stages (however they ran:
    in this process, a process pool, or a distributed engine — see cvgraph.distributed)."""
    from .link import link_ntriples, load_overrides
    from .remote import is_remote
    from .validate import format_results, validate_graph

    summary = summary or BuildSummary()
    t_start = time.perf_counter() if t_start is None else t_start
    raw = {id(r): (r.doc_iri, r.ntriples) for r in results}   # the cache keeps the pre-disambiguation form
    _disambiguate_doc_iris(results)
    for stage in ("read", "extract", "map"):
        summary.seconds[stage] = sum(r.seconds.get(stage, 0.0) for r in results)
    ok = [r for r in results if r.error is None]
    summary.failed.extend((r.name, r.error) for r in results if r.error is not None)
    for r in ok:
        summary.reports[r.name] = r.report_dict()
    if not ok:
        summary.seconds["total"] = time.perf_counter() - t_start
        return summary

    # link: canonical IRIs across all documents
    t0 = time.perf_counter()
    overrides = load_overrides(overrides_path) if overrides_path else None
    linked = link_ntriples([(r.doc_iri, r.ntriples) for r in ok], settings, overrides)
    summary.seconds["link"] = time.perf_counter() - t0

    # validate: per document, with the document's own graph
    t0 = time.perf_counter()
    outcomes = []
    validation = Graph(identifier=URIRef(settings.validation_graph))
    jobs = jobs or max(1, os.cpu_count() or 1)
    for outcome in _validate_all(ok, linked.documents, validate_graph, jobs):
        outcomes.append(outcome)
        summary.violations += outcome.violations
        summary.warnings += outcome.warnings
        validation += outcome.report_graph
    summary.validation_text = format_results(outcomes)
    summary.seconds["validate"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if is_remote(store_dir):
        _write_remote(store_dir, linked, validation, settings, summary)
    else:
        entries = [_cache_entry(r, raw[id(r)], o) for r, o in zip(ok, outcomes)]
        _write_local(store_dir, settings, summary, linked, outcomes, entries, overrides, wait_for_lock)
    summary.documents = len(ok)
    summary.seconds["store"] = time.perf_counter() - t0
    summary.seconds["total"] = time.perf_counter() - t_start
    return summary


def _write_local(store_dir: Path, settings: Settings, summary: BuildSummary, linked, outcomes,
                 entries: list[dict], overrides, wait_for_lock: bool) -> None:
    """A new generation, made live atomically; with the cache that `cvgraph add/remove` use."""
    with writer_lock(store_dir, wait=wait_for_lock):
        cleanup_abandoned(store_dir)
        gen = Generation(store_dir)
        try:
            # every document graph and the links graph in one bulk load that also fills the
            # default graph (their merge); validation and ontology keep their blank node labels
            digests = [_digest(text) for _, text in linked.documents]
            gen.load_graphs([*linked.documents, (settings.links_graph, linked.links)], union=True)
            reports = [o.report_graph.serialize(format="nt", encoding="utf-8") for o in outcomes]
            _load_preserving_bnodes(gen, settings.validation_graph, reports)
            _load_ontology(gen, settings)
            _count(gen.store, summary)
            for e, d, rep in zip(entries, digests, reports):
                e["digest"] = d
                e["validation_nt"] = rep
            _write_cache(gen.cache_dir, entries, overrides, settings, previous=None)
            gen.commit(materialise_union=False)        # the loads above made the default graph the merge
            summary.committed = True
        except BaseException:
            gen.abort()
            raise


def _write_remote(target, linked, validation: Graph, settings: Settings, summary: BuildSummary) -> None:
    """The build's graphs to a remote SPARQL server (see cvgraph.remote.write_dataset)."""
    from .remote import write_dataset

    def graphs():
        for iri, text in linked.documents:
            yield iri, text.encode("utf-8")
        yield settings.links_graph, linked.links.encode("utf-8")
        for g in [validation]:
            yield str(g.identifier), g.serialize(format="nt", encoding="utf-8")
        path = ONTOLOGY_DIR / "cvgraph.ttl"
        if path.exists():
            onto = Graph()
            onto.parse(path, format="turtle")
            yield settings.ontology_graph, onto.serialize(format="nt", encoding="utf-8")

    store = write_dataset(target, graphs())
    _count(store, summary)
    summary.committed = True


def _load_graph(gen: Generation, graph: Graph) -> bytes:
    """Load a graph into its own named graph (the default graph is their merge, see store)."""
    data = graph.serialize(format="nt", encoding="utf-8")
    if data.strip():
        gen.store.bulk_load(data, format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(str(graph.identifier)))
    return data


def _quads(data: bytes, graph: str):
    """N-Triples → quads in `graph`, keeping blank node labels (bulk_load renames them)."""
    g = ox.NamedNode(graph)
    return (ox.Quad(q.subject, q.predicate, q.object, g) for q in ox.parse(data, format=ox.RdfFormat.N_TRIPLES))


def _load_preserving_bnodes(gen: Generation, graph: str, parts: list[bytes]) -> None:
    """The validation graph: each document's SHACL report keeps its blank node labels in the
    store, so an incremental change can remove exactly one document's report."""
    from itertools import chain

    gen.extend_with_union(chain.from_iterable(_quads(data, graph) for data in parts if data.strip()))


def _load_ontology(gen: Generation, settings: Settings) -> None:
    path = ONTOLOGY_DIR / "cvgraph.ttl"
    if path.exists():
        g = ox.NamedNode(settings.ontology_graph)
        gen.extend_with_union(ox.Quad(q.subject, q.predicate, q.object, g)
                              for q in ox.parse(path=str(path), format=ox.RdfFormat.TURTLE))


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


# =======================================================================================
# Incremental changes: `cvgraph add` / `cvgraph remove`
# =======================================================================================
# A build leaves, inside the generation (STORE/gen-*/cvgraph-cache/), what a change needs
# without re-reading the other documents: each document's *provisional* (pre-link) graph as
# N-Triples, its SHACL report as N-Triples (with the blank node labels the store holds), and
# index.json (documents in build order with path, name, provisional and final document IRI,
# a digest of the linked graph, extraction report and SHACL counts; the base; the link
# overrides). A change reads/extracts/maps only the new files, re-links the whole set
# (deterministic, so the result is the graph a full build of the resulting set gives),
# re-validates the documents whose linked graph changed, and writes only the graphs that
# changed into a checkpoint of the live generation, keeping the default graph the merge.

CACHE_VERSION = 1


def _path_key(path: str) -> str:
    import hashlib

    return hashlib.sha1(path.encode("utf-8")).hexdigest()[:24]


def _digest(data: bytes | str) -> str:
    import hashlib

    if isinstance(data, str):
        data = data.encode("utf-8")
    lines = sorted(line for line in data.split(b"\n") if line.strip())
    return hashlib.sha1(b"\n".join(lines)).hexdigest()


def _cache_entry(r: DocumentResult, raw: tuple[str, str], outcome) -> dict:
    path = str(Path(r.path).resolve())
    return {"path": path, "name": r.name, "key": _path_key(path), "doc_iri": raw[0], "graph": r.doc_iri,
            "violations": outcome.violations, "warnings": outcome.warnings,
            "report": r.report_dict(),
            "prov_nt": raw[1]}


def _overrides_json(overrides) -> dict | None:
    if overrides is None:
        return None
    return {"must_link": [list(t) for t in overrides.must_link],
            "cannot_link": [list(t) for t in overrides.cannot_link]}


def _write_cache(cache_dir: Path, entries: list[dict], overrides, settings: Settings,
                 previous: Path | None) -> None:
    import json
    import shutil

    (cache_dir / "prov").mkdir(parents=True, exist_ok=True)
    (cache_dir / "validation").mkdir(exist_ok=True)
    index = []
    for e in entries:
        for kind, field_name in (("prov", "prov_nt"), ("validation", "validation_nt")):
            target = cache_dir / kind / f"{e['key']}.nt"
            data = e.get(field_name)
            if data is not None:
                target.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
            else:  # unchanged: share the previous generation's file (never modified in place)
                source = previous / kind / f"{e['key']}.nt"
                try:
                    os.link(source, target)
                except OSError:
                    shutil.copyfile(source, target)
        index.append({k: v for k, v in e.items() if k not in ("prov_nt", "validation_nt")})
    doc = {"version": CACHE_VERSION, "base": settings.base, "overrides": _overrides_json(overrides),
           "documents": index}
    (cache_dir / "index.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def _read_cache(store_dir: Path, settings: Settings) -> tuple[Path, dict]:
    import json

    from .errors import StoreError
    from .store import CACHE_DIR, live_generation

    live = live_generation(store_dir)
    if live is None:
        raise StoreError(f"no graph has been built in {store_dir} (run `cvgraph build` first)")
    cache = live / CACHE_DIR
    try:
        index = json.loads((cache / "index.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise StoreError(f"the live graph in {store_dir} has no build cache (it was built by an older "
                         "cvgraph or written by an update); run `cvgraph build` once") from None
    if index.get("version") != CACHE_VERSION:
        raise StoreError(f"the build cache in {store_dir} has another format; run `cvgraph build` once")
    if index.get("base") != settings.base:
        raise CVGraphError(f"the store was built with base IRI {index.get('base')}, not {settings.base} "
                           "(pass the same --base or CVGRAPH_BASE)")
    return cache, index


def _match_removals(refs: list, entries: list[dict], summary: BuildSummary) -> set[str]:
    """File paths or file names → keys of documents in the store; unknown or ambiguous
    references are failures (named, like a build's failed files)."""
    keys: set[str] = set()
    for ref in refs:
        resolved = str(Path(ref).resolve())
        hits = [e for e in entries if e["path"] == resolved]
        if not hits:
            hits = [e for e in entries if e["name"] == Path(ref).name] if Path(ref).name == str(ref) else []
        if not hits:
            summary.failed.append((str(ref), "no such document in the store"))
        elif len(hits) > 1:
            where = ", ".join(e["path"] for e in hits)
            summary.failed.append((str(ref), f"{len(hits)} documents have this name ({where}); give the path"))
        else:
            keys.add(hits[0]["key"])
    return keys


def add_documents(paths: list[Path], store_dir: Path, settings: Settings, *, jobs: int | None = None,
                  overrides_path: Path | None = None, wait_for_lock: bool = True) -> BuildSummary:
    """Add (or replace, same path) documents in the live graph; same result as a full build of
    the resulting set of files (the previous files in build order, then the new ones)."""
    return _change(store_dir, settings, add=paths, remove=[], jobs=jobs, overrides_path=overrides_path,
                   wait_for_lock=wait_for_lock)


def remove_documents(refs: list, store_dir: Path, settings: Settings, *,
                     wait_for_lock: bool = True) -> BuildSummary:
    """Remove documents (by file path, or by file name when unambiguous) from the live graph."""
    return _change(store_dir, settings, add=[], remove=refs, jobs=1, overrides_path=None,
                   wait_for_lock=wait_for_lock)


def _change(store_dir, settings: Settings, *, add: list, remove: list, jobs: int | None,
            overrides_path: Path | None, wait_for_lock: bool) -> BuildSummary:
    from mappers.read import iter_input_files

    from .link import link_ntriples, load_overrides, overrides_from_data
    from .remote import is_remote
    from .store import live_generation
    from .validate import format_results, validate_graph

    if is_remote(store_dir):
        raise CVGraphError("add/remove need a local store (its build cache); rebuild a remote store "
                           "with `cvgraph build --store URL`")
    summary = BuildSummary()
    t_start = time.perf_counter()
    jobs = jobs or max(1, os.cpu_count() or 1)
    with writer_lock(store_dir, wait=wait_for_lock):
        cleanup_abandoned(store_dir)
        cache, index = _read_cache(store_dir, settings)
        old_entries: list[dict] = index["documents"]
        drop = _match_removals(remove, old_entries, summary)

        missing = [p for p in add if not Path(p).exists()]
        for p in missing:
            summary.failed.append((str(p), "no such file or folder"))
        files = iter_input_files([p for p in add if Path(p).exists()])
        for f in [f for f in files if f.suffix.lower() == ".bib"]:
            summary.failed.append((f.name, "a BibTeX publication list is attached to its CV by `cvgraph build`; "
                                           "rebuild to add it"))
        files = [f for f in files if f.suffix.lower() != ".bib"]
        results = _process_all(files, settings, jobs)
        for stage in ("read", "extract", "map"):
            summary.seconds[stage] = sum(r.seconds.get(stage, 0.0) for r in results)
        incoming: dict[str, dict] = {}
        for r in results:
            if r.error is not None:
                summary.failed.append((r.name, r.error))
                continue
            path = str(Path(r.path).resolve())
            incoming[path] = {"path": path, "name": r.name, "key": _path_key(path), "doc_iri": r.doc_iri,
                              "report": r.record.report.model_dump(), "prov_nt": r.ntriples, "new": True}
            summary.reports[r.name] = incoming[path]["report"]
        if not incoming and not drop:
            summary.seconds["total"] = time.perf_counter() - t_start
            return summary

        # the resulting set, in build order: replaced files keep their place, new ones go last
        entries: list[dict] = []
        for e in old_entries:
            if e["key"] in drop:
                continue
            entries.append(incoming.pop(e["path"]) if e["path"] in incoming else dict(e))
        entries.extend(incoming.values())
        if not entries:
            summary.failed.append(("(store)", "removing every document would leave an empty graph; "
                                              "build the store again instead"))
            summary.seconds["total"] = time.perf_counter() - t_start
            return summary

        # link the whole set again (deterministic: the graph a full build would give)
        t0 = time.perf_counter()
        docs = []
        for e in entries:
            nt = e.get("prov_nt")
            if nt is None:
                nt = (cache / "prov" / f"{e['key']}.nt").read_text(encoding="utf-8")
            docs.append(DocumentResult(path=e["path"], name=e["name"], doc_iri=e["doc_iri"], ntriples=nt))
        _disambiguate_doc_iris(docs)
        if overrides_path:
            overrides = load_overrides(overrides_path)
        else:
            overrides = overrides_from_data(index["overrides"]) if index.get("overrides") else None
        linked = link_ntriples([(d.doc_iri, d.ntriples) for d in docs], settings, overrides)
        summary.seconds["link"] = time.perf_counter() - t0

        # what changed, and its validation
        t0 = time.perf_counter()
        old_by_key = {e["key"]: e for e in old_entries}
        changed: list[tuple[dict, bytes]] = []
        outcomes = []
        for e, d, (_, text) in zip(entries, docs, linked.documents):
            data = text.encode("utf-8")
            digest = _digest(data)
            old = old_by_key.get(e["key"])
            e["graph"] = d.doc_iri
            if e.pop("new", False) or old is None or old.get("digest") != digest or old.get("graph") != d.doc_iri:
                e["digest"] = digest
                outcome = validate_graph(_graph(d.doc_iri, text), e["name"])
                outcomes.append(outcome)
                e["violations"], e["warnings"] = outcome.violations, outcome.warnings
                e["validation_nt"] = outcome.report_graph.serialize(format="nt", encoding="utf-8")
                changed.append((e, data))
        summary.validation_text = format_results(outcomes) if outcomes else ""
        summary.seconds["validate"] = time.perf_counter() - t0

        # write only what changed, into a checkpoint of the live generation
        t0 = time.perf_counter()
        gen = Generation.checkpoint_of_live(store_dir)
        try:
            lost: set = set()
            new_graphs = {e["graph"] for e in entries}
            for e in old_entries:
                if e["graph"] not in new_graphs:
                    lost |= gen.replace_graph(ox.NamedNode(e["graph"]), None)
            for e, data in changed:
                lost |= gen.replace_graph(ox.NamedNode(e["graph"]), _quads(data, e["graph"]))
            links = linked.links.encode("utf-8")
            lost |= gen.replace_graph(ox.NamedNode(settings.links_graph), _quads(links, settings.links_graph))
            # validation: take out the reports of changed and removed documents, put in the new ones
            vnode = ox.NamedNode(settings.validation_graph)
            stale_reports = {e["key"] for e, _ in changed} | (set(old_by_key) - {e["key"] for e in entries})
            old_report = set()
            for key in stale_reports:
                path = cache / "validation" / f"{key}.nt"
                if key in old_by_key and path.exists():
                    old_report |= {q.triple for q in _quads(path.read_bytes(), settings.validation_graph)}
            new_report = set()
            for e, _ in changed:
                new_report |= {q.triple for q in _quads(e["validation_nt"], settings.validation_graph)}
            for t in old_report - new_report:
                gen.store.remove(ox.Quad(t.subject, t.predicate, t.object, vnode))
            added = new_report - old_report
            if added:
                gen.store.extend([ox.Quad(t.subject, t.predicate, t.object, g)
                                  for t in added for g in (vnode, ox.DefaultGraph())])
            lost |= old_report - new_report
            gen.retract_from_union(lost)
            _count(gen.store, summary)
            _write_cache(gen.cache_dir, entries, overrides, settings, previous=cache)
            gen.commit(materialise_union=False, optimize=False)
            summary.committed = True
        except BaseException:
            gen.abort()
            raise
    summary.documents = len(entries)
    summary.violations = sum(e.get("violations", 0) for e in entries)
    summary.warnings = sum(e.get("warnings", 0) for e in entries)
    summary.changed_graphs = len(changed)
    summary.seconds["store"] = time.perf_counter() - t0
    summary.seconds["total"] = time.perf_counter() - t_start
    return summary
