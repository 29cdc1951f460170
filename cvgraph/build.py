"""The build: files → read → extract → map → link → validate → store, one way.

Per-document stages (read, extract, map) are independent and pure, so they run in worker
processes when there are enough documents; link needs every document, then validation
runs per document again. Every file is attempted; a failure is recorded with the file
name and the reason and never stops the others. The store is replaced atomically.
"""
from __future__ import annotations

import contextlib
import gc
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from .config import ONTOLOGY_DIR, Settings
from .errors import CVGraphError, DocumentError, StoreError
from .iris import document_iri
from .record import CVRecord
from .store import Generation, cleanup_abandoned, file_tag, live_generation, writer_lock

PARALLEL_THRESHOLD = 64  # below this, process start-up costs more than it saves
# Load shards while pass 2 writes the next ones (default); CVGRAPH_LOAD_AFTER_PASS2=1 queues
# them all after pass 2 instead, the previous behaviour, kept to measure the difference.
LOAD_DURING_PASS2 = os.environ.get("CVGRAPH_LOAD_AFTER_PASS2", "") in ("", "0")


def env_count(name: str, default: int) -> int:
    """A positive whole number from the environment variable ``name``; ``default`` when it is
    unset or not digits (a tuning knob must not stop a build)."""
    value = os.environ.get(name, "")
    return max(1, int(value)) if value.isdigit() else default


# Bulk loads that run side by side (threads of the build process; each load is one core's work).
LOAD_THREADS = env_count("CVGRAPH_LOAD_THREADS", 2)
# Megabytes of shards per bulk load: each load's files are ingested into RocksDB as new sorted
# files, which its background compaction then merges (larger groups measured slower, see README).
LOAD_GROUP_MB = env_count("CVGRAPH_LOAD_GROUP_MB", 48)
LINK_IN_CHILD = os.environ.get("CVGRAPH_LINK_IN_PROCESS", "") in ("", "0")


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
    key: str | None = None            # cache key of the file (a hash of its resolved path)
    features: object = None           # the link stage's per-document features (link_features)
    raw_iri: str | None = None        # the document IRI before two same-named files were told apart

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
    unchanged: bool = False             # add: every file is already in the store as it is

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def render(self) -> str:
        lines = [f"FAILED {name}: {reason}" for name, reason in self.failed]
        lines.append(
            f"documents: {self.documents}  people: {self.people}  organizations: {self.organizations}  "
            f"publications: {self.publications}  triples: {self.triples}  "
            f"SHACL violations: {self.violations}  warnings: {self.warnings}  failed files: {len(self.failed)}")
        if self.unchanged:
            lines.append("store unchanged: every file is already in it as it is (same graphs, same links)")
        elif not self.committed:
            lines.append("store unchanged (nothing was built)")
        return "\n".join(lines)


def process_document(path: str, settings: Settings, names_in_use: dict[str, int] | None = None) -> DocumentResult:
    """read → extract → map for one file; never raises for bad input."""
    from mappers.extract import extract
    from mappers.rdf import SourceInfo, map_record_ntriples
    from mappers.read import file_name, read_document

    result = DocumentResult(path=str(path), name=file_name(path))
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


def _distinct_doc_iri(seen: dict[str, int], iri: str) -> str:
    """Two files with the same name (in different folders) get distinct document IRIs: the
    n-th file minting ``iri`` (in build order) gets ``iri-n``."""
    n = seen.get(iri, 0) + 1
    seen[iri] = n
    return iri if n == 1 else f"{iri}-{n}"


def _renamed_document(ntriples: str, old: str, new: str) -> str:
    """A document's graph with its document IRI (and the IRIs minted under it) renamed."""
    return ntriples.replace(f"<{old}>", f"<{new}>").replace(f"<{old}/", f"<{new}/")


def _disambiguate_doc_iris(results: list[DocumentResult]) -> None:
    """:func:`_distinct_doc_iri` for results carrying their N-Triples."""
    seen: dict[str, int] = {}
    for r in results:
        if r.doc_iri is None:
            continue
        new = _distinct_doc_iri(seen, r.doc_iri)
        if new != r.doc_iri:
            r.ntriples = _renamed_document(r.ntriples, r.doc_iri, new)
            r.doc_iri = new


# =======================================================================================
# The pipeline: two passes over the documents in worker processes, the global link in
# between, the store load at the end. Document texts travel through files in a spool
# folder next to the store (never all in the parent's memory), so memory does not grow
# with the corpus beyond the link features and the per-document summaries.
#
#   pass 1 (workers)  read → extract → map → link features; provisional N-Triples → spool/prov
#   link   (parent)   resolve_links(features) → a small rewrite plan per document
#   pass 2 (workers)  apply the plan → SHACL → the document's quads (its named graph and the
#                     default graph, the merge) → spool/quads/NNNNNN.nq; report → spool/validation
#   store  (parent)   one bulk load of every shard into a new generation, then commit
# =======================================================================================
SPOOL_PREFIX = ".spool-"


def doc_file(folder: Path, kind: str, key: str) -> Path:
    """A document's file of one kind in a spool or a store cache (one naming rule for both):
    ``prov``/``linked``/``validation`` N-Triples, ``features`` (link features; the name keeps
    its historical ``.pkl``)."""
    return folder / kind / f"{key}{'.pkl' if kind == 'features' else '.nt'}"


def _stem(entry: dict, kind: str) -> str:
    """The name (without suffix) of a cache index entry's file of one kind: its key, or the
    name a change wrote it under (``stems``; see :func:`_adopt_document_files`)."""
    stems = entry.get("stems")
    return stems.get(kind, entry["key"]) if stems else entry["key"]


def entry_file(cache: Path, kind: str, entry: dict) -> str:
    """The path of a cache index entry's file of one kind (a string: built for every document
    of a store when a change reads their link features)."""
    return f"{cache}{os.sep}{kind}{os.sep}{_stem(entry, kind)}{'.pkl' if kind == 'features' else '.nt'}"


class _Spool:
    """A work folder for one build (next to the store, so renames into the cache are cheap)."""

    def __init__(self, store_dir) -> None:
        import tempfile
        import uuid

        from .remote import is_remote

        if is_remote(store_dir):
            self.path = Path(tempfile.mkdtemp(prefix="cvgraph-spool-"))
        else:
            Path(store_dir).mkdir(parents=True, exist_ok=True)
            self.path = Path(store_dir) / f"{SPOOL_PREFIX}{uuid.uuid4().hex[:12]}"
            self.path.mkdir()
        (self.path / "pid").write_text(str(os.getpid()))
        for sub in ("prov", "features", "quads", "validation", "linked"):
            (self.path / sub).mkdir()

    def file(self, kind: str, key: str) -> Path:
        return doc_file(self.path, kind, key)

    def remove(self) -> None:
        import shutil

        shutil.rmtree(self.path, ignore_errors=True)


def _write_bytes(path: Path, data: bytes | str) -> None:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def _features_bytes(features) -> bytes:
    """A document's link features as bytes (marshal with a version header, see
    ``cvgraph.link.features_to_bytes``; the file keeps its ``.pkl`` name)."""
    from .link import features_to_bytes

    return features_to_bytes(features)


def _write_features(path: Path, features) -> None:
    path.write_bytes(_features_bytes(features))


@contextlib.contextmanager
def _gc_paused():
    """The cyclic garbage collector off while many small objects arrive and none become
    garbage (results of worker processes, cached link features): it would rescan the growing
    heap again and again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_features(path: Path | str):
    """The features :func:`_write_features` wrote, or None when they were written by another
    version of the features (or of Python): the caller computes them again."""
    from .link import features_from_bytes

    with open(path, "rb") as fh:
        return features_from_bytes(fh.read())


def _spooled_features(results: list, spool: "_Spool", settings: Settings):
    """Each document's link features for ``resolve_links``, read from the spool one at a
    time and not kept (a renamed document's were computed in this process: handed over and
    dropped), so the parent never holds every document's features while the linker builds
    its mentions."""
    from .link import link_features

    for r in results:
        f, r.features = r.features, None
        if f is None:
            f = _read_features(spool.file("features", r.key))
        if f is None:                                  # not expected: the spool is this build's
            f = link_features(r.doc_iri, spool.file("prov", r.key).read_text("utf-8"), settings.base)
        yield f


def _spool_provisional(r: DocumentResult, settings: Settings, spool: _Spool) -> None:
    """A mapped document into the spool: its provisional graph and link features become
    files, and the result keeps only its extraction report (the parent reads the features
    back from the spool when it links: they do not travel between processes)."""
    from .link import link_features

    if r.key is None:
        r.key = _path_key(str(Path(r.path).resolve()))
    _write_bytes(spool.file("prov", r.key), r.ntriples)
    _write_features(spool.file("features", r.key), link_features(r.doc_iri, r.ntriples, settings.base))
    r.features = None
    r.report = r.report_dict()
    r.ntriples = None


def _pass1(path: str, settings: Settings, spool: _Spool, keep_record: bool) -> DocumentResult:
    """Worker: read → extract → map → link features; the provisional graph goes to the spool."""
    r = process_document(path, settings)
    if r.error is None:
        try:
            _spool_provisional(r, settings, spool)
        except Exception as exc:  # a bug must not stop the other files
            r.error = f"internal error while linking ({type(exc).__name__}: {exc})"
            r.ntriples = None
        if not keep_record:
            r.record = None
    return r


@dataclass
class _Pass2Item:
    key: str
    doc_iri: str
    name: str
    plan: object                 # the link stage's rewrite plan for this document
    text: str | None = None      # provisional N-Triples when not (only) in the spool


@dataclass
class _Pass2Result:
    outcome: object              # ValidationOutcome (plain data; its report is ``report_nt``)
    digest: str                  # of the linked graph

    @property
    def report_nt(self) -> bytes:
        return self.outcome.report_nt


def _pass2(chunk: int, items: list[_Pass2Item], spool: _Spool, keep_linked: bool) -> list[_Pass2Result]:
    """Worker: link (apply the plan) → validate → quads of a chunk of documents, one shard."""
    from .link import apply_link_plan
    from .store import nquads_lines
    from .validate import validate_ntriples

    out: list[_Pass2Result] = []
    shard = _shard_path(spool, chunk)
    tmp = shard.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        for n, item in enumerate(items):
            text = item.text if item.text is not None else spool.file("prov", item.key).read_text("utf-8")
            linked = apply_link_plan(text, item.plan)
            if linked is None:
                linked = text
            outcome = validate_ntriples(item.doc_iri, item.name, linked)
            _write_bytes(spool.file("validation", item.key), outcome.report_nt)
            if keep_linked:
                _write_bytes(spool.file("linked", item.key), linked)
            fh.writelines(nquads_lines(linked, item.doc_iri, f"c{chunk}d{n}x", union=True))
            out.append(_Pass2Result(outcome, _digest(linked)))
    os.replace(tmp, shard)
    return out


def build(paths: list[Path], store_dir: Path, settings: Settings, *, jobs: int | None = None,
          overrides_path: Path | None = None, wait_for_lock: bool = True) -> BuildSummary:
    from mappers.read import iter_input_files

    from .remote import is_remote
    from .store import check_store_dir

    if not is_remote(store_dir):
        check_store_dir(Path(store_dir))      # before the spool is made inside it
    summary = BuildSummary()
    jobs = jobs or max(1, os.cpu_count() or 1)
    t_start = time.perf_counter()
    files = iter_input_files(paths)
    missing = [p for p in paths if not Path(p).exists()]
    for p in missing:
        summary.failed.append((str(p), "no such file or folder"))
    bibliographies = [f for f in files if f.suffix.lower() == ".bib"]
    documents = [str(f) for f in files if f not in bibliographies]
    spool = _Spool(store_dir)
    try:
        with _Workers(jobs, len(documents)) as workers:
            results = workers.map(_pass1, documents, settings=settings, spool=spool,
                                  keep_record=bool(bibliographies))
            attach_bibliographies(bibliographies, results, settings, summary, spool)
            return _finish(results, store_dir, settings, summary, spool, workers, overrides_path,
                           wait_for_lock, t_start)
    finally:
        spool.remove()


def _worker_started() -> None:
    """A worker runs with the cyclic garbage collector on. The processes are forked while the
    parent has it paused (`_gc_paused`, around `map`), and a fork inherits that state: with it
    off, every reference cycle the per-document stages leave (parsed graphs, models) stayed,
    and each worker grew by ~70 KB per document, without bound (1.6 GB after ~20,000 documents
    of a 100,000-CV build). What the fork inherited is frozen, so collections skip it."""
    gc.enable()
    gc.freeze()


class _Workers:
    """The build's worker processes (one pool for both passes), or this process for small
    inputs, where starting processes costs more than it saves."""

    def __init__(self, jobs: int, documents: int) -> None:
        self.jobs = jobs if documents >= PARALLEL_THRESHOLD else 1
        self.pool = None

    def __enter__(self) -> "_Workers":
        self._start()
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def _start(self):
        if self.jobs > 1 and self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_started)
        return self.pool

    def release(self) -> None:
        """Stop the worker processes, so their memory is the system's while the parent alone
        works (the link step); the next `map` or `imap_chunks` starts new ones."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def map(self, fn, items: list, **kwargs) -> list:
        """fn(item, **kwargs) for every item, in order."""
        import functools

        call = functools.partial(fn, **kwargs)
        if self.jobs <= 1:
            return [call(i) for i in items]
        with _gc_paused():
            return list(self._start().map(call, items, chunksize=max(1, len(items) // (self.jobs * 8))))

    def chunks(self, items: list) -> list[list]:
        n = 1 if self.jobs <= 1 else max(1, min(200, len(items) // (self.jobs * 8)))
        size = -(-len(items) // n) if items else 1
        return [items[i:i + size] for i in range(0, len(items), size)]

    def imap_chunks(self, fn, chunks: list[list], **kwargs):
        """fn(index, chunk, **kwargs) for every chunk; results in order, as they complete."""
        if self.jobs <= 1:
            for n, c in enumerate(chunks):
                yield fn(n, c, **kwargs)
            return
        pool = self._start()
        futures = [pool.submit(fn, n, c, **kwargs) for n, c in enumerate(chunks)]
        for f in futures:
            yield f.result()


def attach_bibliographies(bibs: list[Path], results: list[DocumentResult], settings: Settings,
                          summary: BuildSummary, spool: "_Spool | None" = None) -> None:
    """A BibTeX file is a person's publication list: attach it to the CV of the same person.

    The CV is the one with the same file stem in the same folder (cv.tex + cv.bib), else the
    CV whose subject is an author of most of the file's entries. Publications already in the
    CV (same folded title) are not repeated. A .bib with no such CV is reported as failed.
    """
    from mappers.extract import drop_unusable_links
    from mappers.extract.bibtex import parse_bibtex, parse_bibtex_patents
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
        known = {fold_title(p.title) for p in record.patents}
        for pat in parse_bibtex_patents(text, record.person.name or None):     # (@patent entries)
            if fold_title(pat.title) not in known:
                record.patents.append(pat)
                known.add(fold_title(pat.title))
        drop_unusable_links(record).fill_counts()
        record.report.warnings.append(f"publications from {bib.name} attached")
        target.report = record.report.model_dump()
        source = read_document(target.path)
        target.ntriples = map_record_ntriples(
            record, SourceInfo(source.name, source.sha256, source.media_type, target.doc_iri), settings)
        if spool is not None and target.key is not None:     # the spooled provisional graph
            _spool_provisional(target, settings, spool)


def fold_title(title: str) -> str:
    import re

    from .iris import fold
    return re.sub(r"[^a-z0-9]+", " ", fold(title)).strip()


def build_from_results(results: list[DocumentResult], store_dir, settings: Settings, *,
                       summary: BuildSummary | None = None, overrides_path: Path | None = None,
                       wait_for_lock: bool = True, t_start: float | None = None,
                       jobs: int | None = None) -> BuildSummary:
    """link → validate → store for the outcome of the per-document stages however they ran
    (here, or on a distributed engine — see cvgraph.distributed): results carry their
    provisional N-Triples in ``ntriples``."""
    summary = summary or BuildSummary()
    t_start = time.perf_counter() if t_start is None else t_start
    spool = _Spool(store_dir)
    try:
        for r in results:
            if r.error is None:
                _spool_provisional(r, settings, spool)
        with _Workers(jobs or max(1, os.cpu_count() or 1), len(results)) as workers:
            return _finish(results, store_dir, settings, summary, spool, workers, overrides_path,
                           wait_for_lock, t_start)
    finally:
        spool.remove()


def _disambiguate_spooled(results: list[DocumentResult], spool: _Spool, settings: Settings) -> None:
    """:func:`_distinct_doc_iri` for spooled results: a renamed document carries its renamed
    text in memory (the spool and the cache keep the provisional form under ``raw_iri``)."""
    from .link import link_features

    seen: dict[str, int] = {}
    for r in results:
        if r.doc_iri is None or r.error is not None:
            continue
        r.raw_iri = r.doc_iri
        new = _distinct_doc_iri(seen, r.doc_iri)
        if new != r.doc_iri:
            r.ntriples = _renamed_document(spool.file("prov", r.key).read_text("utf-8"), r.doc_iri, new)
            r.features = link_features(new, r.ntriples, settings.base)
            r.doc_iri = new


def _finish(results: list[DocumentResult], store_dir, settings: Settings, summary: BuildSummary,
            spool: _Spool, workers: _Workers, overrides_path: Path | None, wait_for_lock: bool,
            t_start: float) -> BuildSummary:
    """link → validate → store for spooled per-document results."""
    from .link import load_overrides
    from .remote import is_remote

    _disambiguate_spooled(results, spool, settings)
    for stage in ("read", "extract", "map"):
        summary.seconds[stage] = sum(r.seconds.get(stage, 0.0) for r in results)
    ok = [r for r in results if r.error is None]
    summary.failed.extend((r.name, r.error) for r in results if r.error is not None)
    for r in ok:
        summary.reports[r.name] = r.report_dict()
    if not ok:
        summary.seconds["total"] = time.perf_counter() - t_start
        return summary

    # link: canonical IRIs across all documents (the decisions; pass 2 applies them), with
    # the pass-1 workers stopped and the linker in a process of its own
    t0 = time.perf_counter()
    overrides = load_overrides(overrides_path) if overrides_path else None
    workers.release()
    plan = _link_step(ok, spool, settings, overrides)
    summary.seconds["link"] = time.perf_counter() - t0

    # pass 2: apply the links, validate per document, write the quads; a local store loads
    # each finished shard while the workers write the next ones
    items = [_Pass2Item(r.key, r.doc_iri, r.name, plan.document_plan(r.doc_iri), r.ntriples) for r in ok]
    if is_remote(store_dir):
        done = _run_pass2(workers, items, spool, summary, keep_linked=True)
        t0 = time.perf_counter()
        _write_remote(store_dir, spool, ok, plan.links, done, settings, summary)
        summary.seconds["store"] = time.perf_counter() - t0
    else:
        _build_local(store_dir, settings, summary, spool, workers, ok, items, plan, overrides, wait_for_lock)
    summary.documents = len(ok)
    summary.seconds["total"] = time.perf_counter() - t_start
    return summary


def _link_step(ok: list[DocumentResult], spool: _Spool, settings: Settings, overrides):
    """`resolve_links` over the spooled features, in a forked child process that writes the
    plans and the links graph into the spool and exits.

    Why a process: the linker makes millions of small objects (4.4 M mentions at 100,000 CVs).
    Freed in the parent, they would stay as fragmented heap that CPython does not give back,
    so the parent would carry the linker's peak through pass 2 and the store stage, next to
    the workers and the bulk loader. A child's memory goes back to the system when it ends.

    Either way (``CVGRAPH_LINK_IN_PROCESS=1``, or a platform without ``fork``, keeps the
    linker in this process) the plan is the one `_resolve_to_spool` makes. An exception in the
    child is raised here; a child killed by a signal (e.g. out of memory) is a `CVGraphError`."""
    import multiprocessing
    import pickle

    from .link import LinkPlan, LinksFile

    if not LINK_IN_CHILD or "fork" not in multiprocessing.get_all_start_methods():
        return _resolve_to_spool(ok, spool, settings, overrides)
    out = spool.path / "link"
    out.mkdir(exist_ok=True)
    child = multiprocessing.get_context("fork").Process(
        target=_link_child, args=(ok, spool, settings, overrides, out), name="cvgraph-link")
    child.start()
    child.join()
    if child.exitcode != 0:
        err = out / "error.pkl"
        if err.exists():
            raise pickle.loads(err.read_bytes())
        raise CVGraphError(f"the link step's process ended with exit code {child.exitcode}"
                           + (" (killed by a signal: out of memory?)" if child.exitcode < 0 else ""))
    data = pickle.loads((spool.path / PLANS_FILE).read_bytes())
    for r in ok:                  # the child consumed these (`_spooled_features` hands them over)
        r.features = None
    return LinkPlan(data["plans"], LinksFile(spool.path / LINKS_FILE), {}, data["stats"])


def _resolve_to_spool(ok: list[DocumentResult], spool: _Spool, settings: Settings, overrides, *,
                      release_authorities: bool = False):
    """The link decisions with the links graph written to ``LINKS_FILE`` in the spool (the
    links shard is made from it, and it moves into the cache): the plan's links are that file
    (`LinkPlan.links_file`), and it has no provisional → canonical ``mapping`` (a build does
    not use it; 4 M entries at 100k). ``release_authorities``: the linker drops the ROR tables
    once organizations are matched (the link step's own process, which exits after)."""
    from .link import LinkPlan, LinksFile, resolve_links

    plan = resolve_links(_spooled_features(ok, spool, settings), settings, overrides, with_mapping=False,
                         release_authorities=release_authorities)
    path = spool.path / LINKS_FILE
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        plan.write_links(fh)
    _write_plans(spool.path, plan)             # read by the parent, then moved into the cache
    return LinkPlan(plan.plans, LinksFile(path), {}, plan.stats)


def _link_child(ok: list[DocumentResult], spool: _Spool, settings: Settings, overrides, out: Path) -> None:
    """In the link step's process: the decisions, written for the parent (see `_link_step`)."""
    import pickle

    try:
        _resolve_to_spool(ok, spool, settings, overrides, release_authorities=True)
    except BaseException as exc:                       # handed to the parent, which raises it
        try:
            data = pickle.dumps(exc)
            pickle.loads(data)
        except Exception:
            data = pickle.dumps(CVGraphError(f"link step failed: {type(exc).__name__}: {exc}"))
        (out / "error.pkl").write_bytes(data)
        raise SystemExit(1)


def _run_pass2(workers: _Workers, items: list[_Pass2Item], spool: _Spool, summary: BuildSummary, *,
               keep_linked: bool, on_shard=None) -> list[_Pass2Result]:
    """Pass 2 over all documents (in chunks, one N-Quads shard each), with the SHACL totals
    in the summary; ``on_shard(path)`` gets each shard as soon as it is complete."""
    from .validate import format_results

    t0 = time.perf_counter()
    done: list[_Pass2Result] = []
    for n, part in enumerate(workers.imap_chunks(_pass2, workers.chunks(items), spool=spool,
                                                 keep_linked=keep_linked)):
        done.extend(part)
        if on_shard is not None:
            on_shard(_shard_path(spool, n))
    workers.release()              # idle from here on: their memory back before the store stage
    outcomes = [d.outcome for d in done]
    summary.violations = sum(o.violations for o in outcomes)
    summary.warnings = sum(o.warnings for o in outcomes)
    summary.validation_text = format_results(outcomes)
    summary.seconds["validate"] = time.perf_counter() - t0
    return done


def _shard_path(spool: _Spool, chunk: int) -> Path:
    return spool.path / "quads" / f"{chunk:06d}.nq"


def _build_local(store_dir: Path, settings: Settings, summary: BuildSummary, spool: _Spool,
                 workers: _Workers, ok: list[DocumentResult], items: list[_Pass2Item], plan,
                 overrides, wait_for_lock: bool) -> None:
    """Pass 2 and the store stage into a new generation, made live atomically; with the cache
    that `cvgraph add/remove` use.

    The generation is opened before pass 2 so its shards load while the workers write the
    next ones (on two cores the bulk loader's second thread and the workers share the CPU
    that would otherwise idle while either waits for the other)."""
    from .store import BackgroundLoader, nquads_lines

    with writer_lock(store_dir, wait=wait_for_lock):
        cleanup_abandoned(store_dir)
        gen = Generation(store_dir)
        try:
            # every document graph and the links graph, each triple also in the default graph
            # (their merge); validation and ontology keep their blank node labels
            with BackgroundLoader(gen, LOAD_GROUP_MB << 20, remove_loaded=True,
                                  threads=LOAD_THREADS) as loader:
                finished: list[Path] = []
                done = _run_pass2(workers, items, spool, summary, keep_linked=False,
                                  on_shard=loader.add if LOAD_DURING_PASS2 else finished.append)
                for shard in finished:
                    loader.add(shard)
                t0 = time.perf_counter()
                overlapped = loader.busy_seconds
                # the links graph's shard, ~1 MB at a time from links.nt (the link step wrote it
                # into the spool; it moves into the cache)
                links_shard = spool.path / "quads" / "links.nq"
                with open(links_shard, "w", encoding="utf-8", newline="\n") as shard:
                    for chunk in plan.links_chunks():
                        shard.writelines(nquads_lines(chunk, settings.links_graph, "links", union=True))
                loader.add(links_shard)
                loader.finish()
            _load_preserving_bnodes(gen, settings.validation_graph, [d.report_nt for d in done])
            _load_ontology(gen, settings)
            t1 = time.perf_counter()
            _count(gen.store, summary)
            t2 = time.perf_counter()
            entries = [_cache_entry(r, d) for r, d in zip(ok, done)]
            gen.cache_dir.mkdir(parents=True, exist_ok=True)
            for sub in ("prov", "features", "validation", LINKS_FILE, PLANS_FILE):
                os.replace(spool.path / sub, gen.cache_dir / sub)
            _write_cache(gen.cache_dir, entries, overrides, settings, summary)
            t3 = time.perf_counter()
            gen.commit(materialise_union=False)        # the load made the default graph the merge
            summary.committed = True
            t4 = time.perf_counter()
            summary.seconds.update({"store: bulk load during pass 2": overlapped,
                                    "store: bulk load": t1 - t0, "store: count": t2 - t1,
                                    "store: cache": t3 - t2, "store: commit": t4 - t3,
                                    "store": t4 - t0})
        except BaseException:
            gen.abort()
            raise


def _write_remote(target, spool: _Spool, ok: list[DocumentResult], links: str, done: list[_Pass2Result],
                  settings: Settings, summary: BuildSummary) -> None:
    """The build's graphs to a remote SPARQL server (see cvgraph.remote.write_dataset)."""
    from .remote import write_dataset

    def graphs():
        for r in ok:
            yield r.doc_iri, spool.file("linked", r.key).read_bytes()
        yield settings.links_graph, links.encode("utf-8")
        yield settings.validation_graph, b"".join(d.report_nt for d in done)
        path = ONTOLOGY_DIR / "cvgraph.ttl"
        if path.exists():
            onto = Graph()
            onto.parse(path, format="turtle")
            yield settings.ontology_graph, onto.serialize(format="nt", encoding="utf-8")

    store = write_dataset(target, graphs())
    _count(store, summary)
    summary.committed = True


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
SELECT ?people ?orgs ?pubs WHERE {
  { SELECT (COUNT(%(d)s?x) AS ?people) WHERE { ?x a schema:Person } }
  { SELECT (COUNT(%(d)s?x) AS ?orgs) WHERE { ?x a schema:Organization } }
  { SELECT (COUNT(%(d)s?x) AS ?pubs) WHERE { ?x a schema:ScholarlyArticle } }
}
"""


def _count(store, summary: BuildSummary, triples: int | None = None) -> None:
    """Entities by type and triples in the default graph (the merge, a set: no DISTINCT
    needed). ``triples``: the count when the caller knows it (a change keeps it up to date,
    counting the whole store costs seconds at 10k documents)."""
    local = isinstance(store, ox.Store)      # its default graph is a set; a remote server's may not be
    row = next(iter(store.query(COUNT_QUERY % {"d": "" if local else "DISTINCT "})))
    summary.people = int(row["people"].value)
    summary.organizations = int(row["orgs"].value)
    summary.publications = int(row["pubs"].value)
    if triples is None:
        triples = int(next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value)
    summary.triples = triples


# =======================================================================================
# Incremental changes: `cvgraph add` / `cvgraph remove`
# =======================================================================================
# A build leaves, inside the generation (STORE/gen-*/cvgraph-cache/), what a change needs
# without re-reading the other documents: per document its *provisional* (pre-link) graph
# as N-Triples (prov/), its link features (features/, what the link stage's global decisions
# need of it), its SHACL report as N-Triples with the blank node labels the store holds
# (validation/); the link plans of the build (plans.pkl: per document graph, the rewrite the
# links made); and index.json (documents in build order with path, name, provisional and final
# document IRI, a digest of the linked graph, extraction report and SHACL counts; the base;
# the link overrides). A change reads/extracts/maps only the new files, re-runs the link
# stage's global decisions over the cached features of the whole set (deterministic, so the
# result is the graph a full build of the resulting set gives), rewrites and re-validates only
# the documents that are new or whose link plan changed, and writes only those graphs into a
# checkpoint of the live generation, keeping the default graph the merge.

CACHE_VERSION = 2
LINKS_FILE = "links.nt"     # the links graph's N-Triples in the cache, beside plans.pkl
PLANS_FILE = "plans.pkl"    # the link plans (and statistics) in the cache
CACHE_FILES = (("prov", "prov_nt"), ("features", "features_pkl"), ("validation", "validation_nt"))


def _write_plans(folder: Path, plan) -> None:
    """The per-document plans and the link statistics (``PLANS_FILE``). The links graph
    (``LINKS_FILE``) is written by the caller, which has it at hand: the link step beside this
    file in the spool, a change as the text it compared with the previous one (at 100,000
    documents it is ~0.9 GB: made once). The build's link step writes both into the spool and
    they move into the cache as they are (the plans are pickled once)."""
    import pickle

    (folder / PLANS_FILE).write_bytes(pickle.dumps({"plans": plan.plans, "stats": plan.stats},
                                                   protocol=pickle.HIGHEST_PROTOCOL))


def _read_plans(cache_dir: Path) -> dict:
    """{"plans": …, "links": the links graph's N-Triples} (a cache written before links.nt
    existed has the links inside plans.pkl)."""
    import pickle

    data = pickle.loads((cache_dir / PLANS_FILE).read_bytes())
    if "links" not in data:
        data["links"] = (cache_dir / LINKS_FILE).read_text(encoding="utf-8")
    return data


def _path_key(path: str) -> str:
    import hashlib

    return hashlib.sha1(os.fsencode(path)).hexdigest()[:24]   # a file name's bytes, UTF-8 or not


def _digest(data: bytes | str) -> str:
    import hashlib

    if isinstance(data, str):
        data = data.encode("utf-8")
    lines = sorted(line for line in data.split(b"\n") if line.strip())
    return hashlib.sha1(b"\n".join(lines)).hexdigest()


def _cache_entry(r: DocumentResult, done: "_Pass2Result") -> dict:
    """A built document in the cache index (its provisional graph and SHACL report are files)."""
    path = str(Path(r.path).resolve())
    return {"path": path, "name": r.name, "key": r.key, "doc_iri": r.raw_iri, "graph": r.doc_iri,
            "violations": done.outcome.violations, "warnings": done.outcome.warnings,
            "report": r.report_dict(), "digest": done.digest}


def _overrides_json(overrides) -> dict | None:
    if overrides is None:
        return None
    return {"must_link": [list(t) for t in overrides.must_link],
            "cannot_link": [list(t) for t in overrides.cannot_link]}


def _write_cache(cache_dir: Path, entries: list[dict], overrides, settings: Settings,
                 summary: BuildSummary, tag: str | None = None, features_pack: str | None = None) -> None:
    """index.json, and the cache files of the entries that carry their data (a change's new
    and re-validated documents), each under a new name, ``KEY.TAG`` (recorded in the entry's
    ``stems``), so the file the live generation's index names is never overwritten. The other
    documents' files are already in ``cache_dir``: a build moves its spooled folders in, a
    change the live generation's (:func:`_adopt_document_files`)."""
    import json

    for kind, _ in CACHE_FILES:
        (cache_dir / kind).mkdir(parents=True, exist_ok=True)
    index = []
    data_fields = {f for _, f in CACHE_FILES}
    for e in entries:
        for kind, field_name in CACHE_FILES:
            data = e.get(field_name)
            if data is None:
                continue
            if tag is not None:
                e["stems"] = {**(e.get("stems") or {}), kind: f"{e['key']}.{tag}"}
            with open(entry_file(cache_dir, kind, e), "wb") as fh:
                fh.write(data.encode("utf-8") if isinstance(data, str) else data)
        index.append({k: v for k, v in e.items() if k not in data_fields})
    from .link import LINK_FEATURES_VERSION

    doc = {"version": CACHE_VERSION, "base": settings.base, "overrides": _overrides_json(overrides),
           "link_features_version": LINK_FEATURES_VERSION, "linker": linker_digest(),
           "triples": summary.triples,
           "counts": {"people": summary.people, "organizations": summary.organizations,
                      "publications": summary.publications},
           "features_pack": features_pack,
           "documents": index}
    # ASCII with escapes: a path whose bytes are not UTF-8 holds lone surrogates (PEP 383),
    # which only an escape can carry; json.loads gives the same path back.
    (cache_dir / "index.json").write_text(json.dumps(doc), encoding="ascii")


def linker_digest() -> str:
    """What makes the link decisions — the linker's source with the matcher and key folding it
    calls (link.py, authorities.py, iris.py), its features version and the offline authority
    files (ROR, venues, organization labels; 2.4 MB): a store whose cache was written by the
    same linker holds what this one would decide for the same documents, so `add` of files
    that did not change can leave it as it is."""
    import hashlib

    from . import authorities, iris, link
    from .authorities import AUTHORITY_DIR

    h = hashlib.sha256()
    for module in (link, authorities, iris):
        h.update(Path(module.__file__).read_bytes())
    h.update(f"{link.LINK_FEATURES_VERSION}".encode())
    for path in sorted(p for p in AUTHORITY_DIR.glob("*") if p.is_file()):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def _unchanged(incoming: dict[str, dict], old_entries: list[dict], cache: Path, index: dict,
               overrides_path: Path | None) -> bool:
    """True when the change would give the store it already has: every incoming file is in it
    under the same path with the same provisional graph and extraction report, none is
    removed, the link overrides are the stored ones and the same linker wrote the cache. The
    build is deterministic, so the resulting set of documents is the one already built."""
    import json

    from .link import load_overrides

    def as_stored(value):                      # what index.json gives back (tuples → lists)
        return json.loads(json.dumps(value, ensure_ascii=False))

    if not incoming or index.get("linker") != linker_digest() or "counts" not in index:
        return False
    if (overrides_path is not None
            and as_stored(_overrides_json(load_overrides(overrides_path))) != index.get("overrides")):
        return False
    old_by_path = {e["path"]: e for e in old_entries}
    for path, e in incoming.items():
        old = old_by_path.get(path)
        if old is None or old["key"] != e["key"] or old["report"] != as_stored(e["report"]):
            return False
        try:
            with open(entry_file(cache, "prov", old), "rb") as fh:
                if fh.read() != e["prov_nt"]:
                    return False
        except OSError:
            return False
    return True


def _read_cache(store_dir: Path, settings: Settings) -> tuple[Path, dict]:
    import json

    from .errors import StoreError
    from .store import CACHE_DIR

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
    if not all((cache / kind).is_dir() for kind, _ in CACHE_FILES):
        raise StoreError(f"the build cache in {store_dir} lacks its document files; run `cvgraph build` once")
    if index.get("base") != settings.base:
        raise CVGraphError(f"the store was built with base IRI {index.get('base')}, not {settings.base} "
                           "(pass the same --base or CVGRAPH_BASE)")
    return cache, index


class FeaturesPack:
    """Many documents' link features in one file (``features/pack.TAG.bin`` in a store's
    cache), for a change to read instead of one file per document: unmarshalling 10,000 files
    costs ~1.4 s, the same features marshalled in chunks of ``CHUNK`` documents (one
    ``marshal.dumps`` shares each IRI, name and title within a chunk) less. A change writes one
    when more than a twentieth of the documents' features are outside the current pack (the
    first change after a build: all), while the link step reads them; the documents' own files
    stay, and a document changed since is read from its new file.

    Layout: a header line (the pack format, the features' version, marshal's and Python's: a
    pack made by another one is not used), chunks (8-byte length, then ``marshal`` of a tuple
    of ``(stem, doc_iri, base, mentions)``) in the cache index's document order, then the
    tuple of the stems it holds and the 8-byte offset of that tuple."""

    CHUNK = 2000

    def __init__(self, fh, stems: frozenset, end: int):
        self._fh = fh
        self.stems = stems
        self._end = end
        self._records = self._iter()

    @staticmethod
    def magic() -> bytes:
        import marshal
        import sys

        from .link import LINK_FEATURES_VERSION

        return (f"cvgraph-link-features-pack 1 features {LINK_FEATURES_VERSION} marshal {marshal.version} "
                f"py{sys.version_info[0]}.{sys.version_info[1]}\n").encode()

    @classmethod
    def open(cls, path) -> "FeaturesPack | None":
        """The pack at ``path``, or None when it is missing, damaged or of another version."""
        import marshal

        try:
            fh = open(path, "rb")
        except OSError:
            return None
        try:
            magic = cls.magic()
            if fh.read(len(magic)) != magic:
                raise ValueError("another version")
            size = fh.seek(0, os.SEEK_END)
            fh.seek(size - 8)
            end = int.from_bytes(fh.read(8), "little")
            if not len(magic) <= end <= size - 8:
                raise ValueError("damaged")
            fh.seek(end)
            stems = marshal.loads(fh.read(size - 8 - end))
            if not isinstance(stems, tuple):
                raise ValueError("damaged")
            fh.seek(len(magic))
            return cls(fh, frozenset(stems), end)
        except (OSError, ValueError, EOFError, TypeError):
            fh.close()
            return None

    def _iter(self):
        import marshal

        fh = self._fh
        while fh.tell() < self._end:
            n = int.from_bytes(fh.read(8), "little")
            yield from marshal.loads(fh.read(n))

    def get(self, stem: str):
        """The features of ``stem``, the next of the pack's documents in its order (the ones
        before it are passed over: removed or changed documents); None when it is not found."""
        from .link import DocLinkFeatures

        try:
            for rec in self._records:
                if rec[0] == stem:
                    return DocLinkFeatures(rec[1], rec[2], rec[3])
        except (OSError, ValueError, EOFError, TypeError):
            self._records = iter(())
        return None

    def close(self) -> None:
        self._fh.close()

    @classmethod
    def writer(cls, path) -> "_FeaturesPackWriter":
        return _FeaturesPackWriter(path, cls.magic(), cls.CHUNK)


class _FeaturesPackWriter:
    def __init__(self, path, magic: bytes, chunk: int):
        self._fh = open(path, "wb")
        self._fh.write(magic)
        self._chunk = chunk
        self._stems: list[str] = []
        self._buf: list[tuple] = []

    def add(self, stem: str, features) -> None:
        self._stems.append(stem)
        self._buf.append((stem, features.doc_iri, features.base, tuple(features.mentions)))
        if len(self._buf) >= self._chunk:
            self._flush()

    def _flush(self) -> None:
        import marshal

        if self._buf:
            data = marshal.dumps(tuple(self._buf))
            self._fh.write(len(data).to_bytes(8, "little"))
            self._fh.write(data)
            self._buf = []

    def close(self) -> None:
        import marshal

        self._flush()
        end = self._fh.tell()
        self._fh.write(marshal.dumps(tuple(self._stems)))
        self._fh.write(end.to_bytes(8, "little"))
        self._fh.close()


def _adopt_document_files(live_cache: Path, new_cache: Path) -> list[str]:
    """Move the live generation's per-document cache folders into the new generation's cache
    (renames: the new generation's index names the same files, and the files of changed
    documents are added under new names). Only the writer reads a cache, under the lock; if
    the change fails before its commit the folders go back (:func:`_return_document_files`,
    or ``store.cleanup_abandoned`` after a killed process)."""
    new_cache.mkdir(parents=True, exist_ok=True)
    moved = []
    for kind, _ in CACHE_FILES:
        os.replace(live_cache / kind, new_cache / kind)
        moved.append(kind)
    return moved


def _return_document_files(new_cache: Path, live_cache: Path, moved: list[str], tag: str) -> None:
    """The folders :func:`_adopt_document_files` moved go back, without the files the change
    wrote into them."""
    from .store import return_cache_folders

    if moved:
        return_cache_folders(new_cache, live_cache, tag)


def _drop_replaced_files(cache: Path, old_entries: list[dict], entries: list[dict]) -> None:
    """After a change's commit: the files of removed documents and the previous files of
    re-written ones (no index but the previous generation's, which no change reads again,
    names them)."""
    for kind, _ in CACHE_FILES:
        kept = {_stem(e, kind) for e in entries}
        for e in old_entries:
            if _stem(e, kind) not in kept:
                with contextlib.suppress(OSError):
                    os.unlink(entry_file(cache, kind, e))


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


def remove_documents(refs: list, store_dir: Path, settings: Settings, *, jobs: int | None = None,
                     wait_for_lock: bool = True) -> BuildSummary:
    """Remove documents (by file path, or by file name when unambiguous) from the live graph.
    `jobs`: worker processes for re-validating many documents whose links changed."""
    return _change(store_dir, settings, add=[], remove=refs, jobs=jobs, overrides_path=None,
                   wait_for_lock=wait_for_lock)


def _relink_document(args: tuple) -> tuple[bytes, str, object]:
    """One document of an add/remove whose link plan changed: its provisional text rewritten
    with the new plan, the digest the cache index records, and its SHACL outcome."""
    from .link import apply_link_plan
    from .validate import validate_ntriples

    graph, name, text, doc_plan = args
    linked = apply_link_plan(text, doc_plan)
    data = (text if linked is None else linked).encode("utf-8")
    return data, _digest(data), validate_ntriples(graph, name, data)


def _stored_text(old: dict | None, graph: str, cache: Path, old_plans: dict) -> str | None:
    """The N-Triples of a document graph as the live generation holds it, rebuilt from the
    cache (its provisional graph and its link plan), or None when that cannot be vouched for:
    a new document or graph IRI, a text that is not the one whose digest the index recorded,
    or blank nodes (the bulk loader renamed those in the store)."""
    from .link import apply_link_plan

    if old is None or old.get("graph") != graph or not old.get("digest"):
        return None
    try:
        with open(entry_file(cache, "prov", old), "rb") as fh:
            text = fh.read().decode("utf-8")
    except FileNotFoundError:
        return None
    if graph != old["doc_iri"]:
        text = _renamed_document(text, old["doc_iri"], graph)
    linked = apply_link_plan(text, old_plans["plans"].get(graph))
    if linked is not None:
        text = linked
    if text.startswith("_:") or " _:" in text or "\n_:" in text or _digest(text) != old["digest"]:
        return None
    return text


def _write_document_graph(gen: Generation, graph: str, old: dict | None, data: bytes | None, cache: Path,
                          old_plans: dict) -> set:
    """Replace one document graph in the new generation with ``data`` (None: drop it), by the
    difference of lines when its stored text can be rebuilt from the cache (:func:`_stored_text`),
    else against the quads read back from the store; returns the triples it lost."""
    node = ox.NamedNode(graph)
    stored = _stored_text(old, graph, cache, old_plans)
    if stored is not None:
        return gen.replace_graph_lines(node, stored, "" if data is None else data.decode("utf-8"))
    return gen.replace_graph(node, None if data is None else _quads(data, graph))


def _change(store_dir, settings: Settings, *, add: list, remove: list, jobs: int | None,
            overrides_path: Path | None, wait_for_lock: bool) -> BuildSummary:
    from mappers.read import iter_input_files

    from .link import (LINK_FEATURES_VERSION, features_from_bytes, link_features,
                       load_overrides, overrides_from_data, resolve_links)
    from .remote import is_remote
    from .validate import format_results

    if is_remote(store_dir):
        raise CVGraphError("add/remove need a local store (its build cache); rebuild a remote store "
                           "with `cvgraph build --store URL`")
    summary = BuildSummary()
    t_start = time.perf_counter()
    jobs = jobs or max(1, os.cpu_count() or 1)
    with writer_lock(store_dir, wait=wait_for_lock), contextlib.ExitStack() as on_exit:
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
        files = [str(f) for f in files if f.suffix.lower() != ".bib"]
        spool = _Spool(store_dir)
        try:
            with _Workers(jobs, len(files)) as workers:
                results = workers.map(_pass1, files, settings=settings, spool=spool, keep_record=False)
            for stage in ("read", "extract", "map"):
                summary.seconds[stage] = sum(r.seconds.get(stage, 0.0) for r in results)
            incoming: dict[str, dict] = {}
            for r in results:
                if r.error is not None:
                    summary.failed.append((r.name, r.error))
                    continue
                path = str(Path(r.path).resolve())
                incoming[path] = {"path": path, "name": r.name, "key": r.key, "doc_iri": r.doc_iri,
                                  "report": r.report, "new": True,
                                  "prov_nt": spool.file("prov", r.key).read_bytes(),
                                  "features_pkl": spool.file("features", r.key).read_bytes()}
                summary.reports[r.name] = r.report
            if not incoming and not drop:
                summary.seconds["total"] = time.perf_counter() - t_start
                return summary
            if not drop and _unchanged(incoming, old_entries, cache, index, overrides_path):
                summary.unchanged = True
                summary.documents = len(old_entries)
                summary.triples = index["triples"]
                summary.people, summary.organizations, summary.publications = (
                    index["counts"][k] for k in ("people", "organizations", "publications"))
                summary.violations = sum(e.get("violations", 0) for e in old_entries)
                summary.warnings = sum(e.get("warnings", 0) for e in old_entries)
                summary.changed_graphs = 0
                summary.seconds["total"] = time.perf_counter() - t_start
                return summary
        finally:
            spool.remove()

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

        # the link stage's global decisions over the cached features of the whole set
        # (deterministic: the decisions a full build of the set would make)
        t0 = time.perf_counter()

        def provisional(e: dict) -> str:
            data = e.get("prov_nt")
            if data is None:
                with open(entry_file(cache, "prov", e), "rb") as fh:
                    data = fh.read()
            return data.decode("utf-8")

        texts = {}
        seen: dict[str, int] = {}
        same_features = index.get("link_features_version") == LINK_FEATURES_VERSION

        # the cached features in one pack file when the cache has one (FeaturesPack), the
        # others (documents changed since) from their files; a new pack when many are outside it
        pack = FeaturesPack.open(cache / "features" / index["features_pack"]) \
            if same_features and index.get("features_pack") else None
        in_pack = pack.stems if pack is not None else frozenset()
        outside = sum(1 for e in entries if _stem(e, "features") not in in_pack or e.get("features_pkl") is not None)
        pack_spool = _Spool(store_dir) if same_features and outside > len(entries) // 20 else None
        if pack_spool is not None:
            on_exit.callback(pack_spool.remove)
        new_pack = FeaturesPack.writer(pack_spool.path / "features.pack") if pack_spool is not None else None

        def entry_features():
            """Each entry's features, read one at a time (resolve_links keeps none of them)."""
            for e in entries:
                e["graph"] = _distinct_doc_iri(seen, e["doc_iri"])
                if e["graph"] != e["doc_iri"]:
                    texts[e["key"]] = _renamed_document(provisional(e), e["doc_iri"], e["graph"])
                    yield link_features(e["graph"], texts[e["key"]], settings.base)
                    continue
                f = None
                if e.get("features_pkl") is not None:          # a new document's, from pass 1
                    f = features_from_bytes(e["features_pkl"])
                elif same_features:
                    stem = _stem(e, "features")
                    if stem in in_pack:
                        f = pack.get(stem)
                    if f is None:
                        f = _read_features(entry_file(cache, "features", e))
                    if f is not None and new_pack is not None:
                        new_pack.add(stem, f)          # its file's content, under the name it keeps
                if f is None:    # cached by another version of the linker: compute them again
                    f = link_features(e["doc_iri"], provisional(e), settings.base)
                    e["features_pkl"] = _features_bytes(f)
                yield f

        with _gc_paused():        # reading 10k feature sets: the collector would rescan them
            if overrides_path:
                overrides = load_overrides(overrides_path)
            else:
                try:
                    overrides = overrides_from_data(index["overrides"]) if index.get("overrides") else None
                except ValueError as exc:      # written by an older cvgraph that read fewer forms
                    raise StoreError(f"the link overrides stored with this graph cannot be read ({exc}); "
                                     "give them again with --links FILE") from None
            try:
                plan = resolve_links(entry_features(), settings, overrides)
            finally:
                if pack is not None:
                    pack.close()
                if new_pack is not None:
                    new_pack.close()
            old_plans = _read_plans(cache)
        summary.seconds["link"] = time.perf_counter() - t0

        # rewrite and validate what changed: new documents, and those whose link plan changed
        t0 = time.perf_counter()
        old_by_key = {e["key"]: e for e in old_entries}
        changed: list[tuple[dict, bytes]] = []
        outcomes = []
        todo: list[tuple[dict, tuple]] = []
        for e in entries:
            old = old_by_key.get(e["key"])
            doc_plan = plan.document_plan(e["graph"])
            if not (e.pop("new", False) or old is None or old.get("graph") != e["graph"]
                    or old_plans["plans"].get(e["graph"]) != doc_plan):
                continue
            todo.append((e, (e["graph"], e["name"], texts.get(e["key"]) or provisional(e), doc_plan)))
        # many changed documents (a batch that links to many people): in the worker processes
        with _Workers(jobs, len(todo)) as workers:
            done = workers.map(_relink_document, [args for _, args in todo])
        for (e, _), (data, digest, outcome) in zip(todo, done):
            e["digest"] = digest
            e["validation_nt"] = outcome.report_nt
            e["violations"], e["warnings"] = outcome.violations, outcome.warnings
            outcomes.append(outcome)
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
                    lost |= _write_document_graph(gen, e["graph"], e, None, cache, old_plans)
            for e, data in changed:
                lost |= _write_document_graph(gen, e["graph"], old_by_key.get(e["key"]), data, cache, old_plans)
            new_links = plan.links
            if new_links != old_plans["links"]:    # the links graph has no blank nodes: a line diff
                lost |= gen.replace_graph_lines(ox.NamedNode(settings.links_graph), old_plans["links"], new_links,
                                                distinct_lines=True)   # one line per triple of a set
            gen.cache_dir.mkdir(parents=True, exist_ok=True)
            with open(gen.cache_dir / LINKS_FILE, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(new_links)
            del new_links
            # validation: take out the reports of changed and removed documents, put in the new ones
            vnode = ox.NamedNode(settings.validation_graph)
            stale_reports = {e["key"] for e, _ in changed} | (set(old_by_key) - {e["key"] for e in entries})
            old_report = set()
            for key in stale_reports:
                if key not in old_by_key:
                    continue
                try:
                    with open(entry_file(cache, "validation", old_by_key[key]), "rb") as fh:
                        old_report |= {q.triple for q in _quads(fh.read(), settings.validation_graph)}
                except FileNotFoundError:
                    pass
            new_report = set()
            for e, _ in changed:
                new_report |= {q.triple for q in _quads(e["validation_nt"], settings.validation_graph)}
            for t in old_report - new_report:
                gen.store.remove(ox.Quad(t.subject, t.predicate, t.object, vnode))
            gen.add_with_union(vnode, new_report - old_report)
            lost |= old_report - new_report
            gen.retract_from_union(lost)
            _count(gen.store, summary, triples=index["triples"] + gen.union_delta)
            _write_plans(gen.cache_dir, plan)
            # the documents' cache files: the live generation's folders move into the new one
            # (three renames, whatever the number of documents) and the changed documents' files
            # are written beside theirs under new names; moved back if the commit fails
            adopted = _adopt_document_files(cache, gen.cache_dir)
            try:
                pack_name = index.get("features_pack") if same_features else None
                if pack_spool is not None:
                    pack_name = f"pack.{file_tag(gen.name)}.bin"
                    os.replace(pack_spool.path / "features.pack", gen.cache_dir / "features" / pack_name)
                _write_cache(gen.cache_dir, entries, overrides, settings, summary, tag=file_tag(gen.name),
                             features_pack=pack_name)
                gen.commit(materialise_union=False, optimize=False)
            except BaseException:
                if live_generation(store_dir) != gen.path:
                    _return_document_files(gen.cache_dir, cache, adopted, file_tag(gen.name))
                raise
            summary.committed = True
            _drop_replaced_files(gen.cache_dir, old_entries, entries)
            if pack_spool is not None and index.get("features_pack"):
                with contextlib.suppress(OSError):
                    os.unlink(gen.cache_dir / "features" / index["features_pack"])
        except BaseException:
            if not summary.committed:
                gen.abort()
            raise
    summary.documents = len(entries)
    summary.violations = sum(e.get("violations", 0) for e in entries)
    summary.warnings = sum(e.get("warnings", 0) for e in entries)
    summary.changed_graphs = len(changed)
    summary.seconds["store"] = time.perf_counter() - t0
    summary.seconds["total"] = time.perf_counter() - t_start
    return summary
