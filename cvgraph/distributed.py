"""The build on a distributed engine: per-document stages on Dask, shards on a shared folder.

read → extract → map are independent per document, so they run as a Dask bag over the input
files, one task per partition of files. Each task writes one *shard* to a shared folder:

    SHARDS/part-00000.nq     the partition's provisional (pre-link) document graphs, N-Quads,
                             one named graph per document (graph name = document IRI)
    SHARDS/part-00000.json   per file: path, name, document IRI, error or extraction report,
                             stage timings

and returns only the small JSON part to the driver. The driver then reads the shards and runs
the global stages exactly as ``cvgraph build`` does (``build.build_from_results``): link over
all documents, SHACL per document, and a bulk load into a new store generation, committed
atomically. The result is the same graph as a normal build of the same files.

Engines: any Dask scheduler — ``"processes"`` (a local pool), ``"threads"``, ``"sync"``, or
the address of a ``dask.distributed`` scheduler (``tcp://host:8786``), whose workers must see
the input files and SHARDS at the same paths (a shared file system). See README, "Scale".
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

from .build import BuildSummary, DocumentResult, build_from_results, process_document
from .config import Settings
from .errors import CVGraphError


def run_partition(index: int, paths: list[str], settings: Settings, shard_dir: str) -> list[dict]:
    """One task: read → extract → map a partition of files; write its shard; return its metadata."""
    shard = Path(shard_dir)
    meta, quads = [], []
    for path in paths:
        r = process_document(path, settings)
        meta.append({"path": r.path, "name": r.name, "doc_iri": r.doc_iri, "error": r.error,
                     "report": r.record.report.model_dump() if r.record is not None else None,
                     "seconds": r.seconds})
        if r.error is None:
            g = ox.NamedNode(r.doc_iri)
            quads.extend(ox.Quad(q.subject, q.predicate, q.object, g)
                         for q in ox.parse(r.ntriples.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES))
    name = f"part-{index:05d}"
    tmp = shard / f".{name}.nq.tmp"
    ox.serialize(quads, str(tmp), format=ox.RdfFormat.N_QUADS)
    os.replace(tmp, shard / f"{name}.nq")          # a retried task rewrites its shard whole
    (shard / f"{name}.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    return meta


def _chunks(files: list[str], partitions: int) -> list[tuple[int, list[str]]]:
    size = max(1, -(-len(files) // max(1, partitions)))
    return [(i, files[start:start + size]) for i, start in enumerate(range(0, len(files), size))]


def read_shards(shard_dir: Path) -> list[DocumentResult]:
    """The shards back into per-document results, in input order (partition, then file)."""
    results: list[DocumentResult] = []
    for meta_path in sorted(Path(shard_dir).glob("part-*.json")):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        by_graph: dict[str, list] = {}
        nq = meta_path.with_suffix(".nq")
        for q in ox.parse(path=str(nq), format=ox.RdfFormat.N_QUADS):
            by_graph.setdefault(q.graph_name.value, []).append(q.triple)
        for m in meta:
            r = DocumentResult(path=m["path"], name=m["name"], doc_iri=m["doc_iri"], error=m["error"],
                               seconds=m.get("seconds") or {}, report=m.get("report"))
            if r.error is None:
                r.ntriples = ox.serialize(by_graph.get(r.doc_iri, []), format=ox.RdfFormat.N_TRIPLES).decode("utf-8")
            results.append(r)
    return results


def distributed_build(paths: list[Path], store_dir, settings: Settings, *, scheduler: str = "processes",
                      workers: int | None = None, partitions: int | None = None,
                      shard_dir: Path | None = None, overrides_path: Path | None = None,
                      wait_for_lock: bool = True) -> BuildSummary:
    """``cvgraph build`` with read → extract → map on Dask (see the module docstring).

    `scheduler`: "processes" | "threads" | "sync" | a dask.distributed scheduler address.
    `shard_dir`: the shared folder for the shards (default: a temporary folder, removed after).
    """
    try:
        import dask
        import dask.bag as db
    except ImportError as exc:
        raise CVGraphError("the distributed build needs Dask: pip install 'cvgraph[distributed]' "
                           "(or 'dask[bag]')") from exc
    from mappers.read import iter_input_files

    summary = BuildSummary()
    t_start = time.perf_counter()
    for p in paths:
        if not Path(p).exists():
            summary.failed.append((str(p), "no such file or folder"))
    files = [str(Path(f).resolve()) for f in iter_input_files([p for p in paths if Path(p).exists()])]
    workers = workers or max(1, os.cpu_count() or 1)
    partitions = partitions or min(len(files), workers * 4) or 1
    own_shards = shard_dir is None
    shards = Path(tempfile.mkdtemp(prefix="cvgraph-shards-")) if own_shards else Path(shard_dir)
    shards.mkdir(parents=True, exist_ok=True)
    for old in list(shards.glob("part-*.nq")) + list(shards.glob("part-*.json")):
        old.unlink()
    client = None
    try:
        chunks = _chunks(files, partitions)
        if chunks:
            bag = db.from_sequence(chunks, npartitions=len(chunks))
            tasks = bag.map(lambda c: run_partition(c[0], c[1], settings, str(shards)))
            if "://" in scheduler:
                from dask.distributed import Client

                client = Client(scheduler)
                tasks.compute()  # the client is the default scheduler while it is open
            else:
                with dask.config.set(scheduler=scheduler, num_workers=workers):
                    tasks.compute()
        summary.seconds["distributed"] = time.perf_counter() - t_start
        results = read_shards(shards)
        for r in results:
            if r.error is None and r.report is not None:
                summary.reports[r.name] = r.report
    finally:
        if client is not None:
            client.close()
        if own_shards:
            shutil.rmtree(shards, ignore_errors=True)
    return build_from_results(results, store_dir, settings, summary=summary, overrides_path=overrides_path,
                              wait_for_lock=wait_for_lock, t_start=t_start)
