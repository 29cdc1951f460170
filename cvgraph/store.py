"""The store stage: an on-disk Oxigraph store whose content is replaced atomically.

Layout of a store directory::

    STORE/
      LOCK            flock()ed by the one writer (a build); a second writer waits or fails
      CURRENT         name of the live generation, replaced with os.replace()
      gen-<stamp>/    a complete Oxigraph (RocksDB) database, never written after it goes live;
                      its named graphs are the data, its default graph their merge (a set)

A build writes a *new* generation and only then points CURRENT at it, so a running
endpoint never sees a half-built graph, and a build that fails or is killed leaves the
previous generation live. Readers (endpoint, query, export) open the live generation
read-only and reopen when CURRENT changes. The two newest generations are kept so a
reader that has the previous one open can finish; older ones are removed.
"""
from __future__ import annotations

import contextlib
import fcntl
import gc
import io
import os
import queue
import shutil
import sys
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path

import pyoxigraph as ox

from .errors import StoreError

CURRENT = "CURRENT"
LOCK = "LOCK"
KEEP_GENERATIONS = 2
CACHE_DIR = "cvgraph-cache"   # inside a generation: per-document provisional graphs (see build.py)


def name_os_thread(name: str) -> None:
    """Give the calling thread ``name`` (15 bytes at most) at the kernel level, as RocksDB does
    with its own threads, so ``top -H``, ``/proc`` and bench/thread_cpu.py tell the bulk-load
    threads from the rest (Python 3.11 names threads only for itself). Linux only; a no-op
    elsewhere or if it fails."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).prctl(15, name.encode("utf-8")[:15], 0, 0, 0)      # PR_SET_NAME
    except (OSError, AttributeError):
        pass


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def live_generation(store_dir: Path) -> Path | None:
    """The directory of the live generation, or None if nothing was ever built (or remote)."""
    from .remote import is_remote

    if is_remote(store_dir):
        return None
    check_store_dir(Path(store_dir))
    try:
        name = (Path(store_dir) / CURRENT).read_text().strip()
    except FileNotFoundError:
        return None
    gen = Path(store_dir) / name
    return gen if name and gen.is_dir() else None


def check_store_dir(store_dir: Path) -> None:
    if store_dir.exists() and not store_dir.is_dir():
        raise StoreError(f"the store {store_dir} is a file, not a directory: give --store a directory")


def open_read(store_dir: Path) -> ox.Store:
    """Open the live generation read-only (for query, export, validate, serve).

    A remote store (an ``http(s)://`` URL or a :class:`cvgraph.remote.RemoteTarget`) gives a
    :class:`cvgraph.remote.RemoteStore`, which answers the same read operations over HTTP.
    """
    from .remote import RemoteStore, is_remote

    if is_remote(store_dir):
        return RemoteStore(store_dir)
    gen = live_generation(store_dir)
    if gen is None:
        raise StoreError(f"no graph has been built in {store_dir} (run `cvgraph build` first)")
    try:
        return ox.Store.read_only(str(gen))
    except OSError as exc:
        raise StoreError(f"cannot open store {gen}: {exc}") from exc


@contextlib.contextmanager
def writer_lock(store_dir: Path, wait: bool = True) -> Iterator[None]:
    """One writer at a time. With wait=False a second build fails at once with a clear error."""
    store_dir = Path(store_dir)
    check_store_dir(store_dir)
    try:
        store_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(store_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"cannot create the store {store_dir}: {exc.strerror or exc}") from None
    try:
        flags = fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB)
        try:
            fcntl.flock(fd, flags)
        except BlockingIOError as exc:
            raise StoreError(f"another build holds the lock on {store_dir}") from exc
        yield
    finally:
        os.close(fd)  # releases the flock


class Generation:
    """A new generation being written; becomes live only on commit()."""

    def __init__(self, store_dir: Path, *, _open: bool = True):
        self.store_dir = Path(store_dir)
        # Nanosecond stamps sort in creation order, so "newer than live" means "abandoned".
        self.name = f"gen-{time.time_ns():020d}-{uuid.uuid4().hex[:6]}"
        self.path = self.store_dir / self.name
        self.store = ox.Store(str(self.path)) if _open else None
        self.union_delta = 0     # triples added to (minus removed from) the default graph by changes

    @property
    def cache_dir(self) -> Path:
        """Where the build keeps what incremental changes need (inside the generation, so it
        goes live, and is removed, together with the graph it describes)."""
        return self.path / CACHE_DIR

    @classmethod
    def checkpoint_of_live(cls, store_dir: Path) -> "Generation":
        """A new generation starting as a RocksDB checkpoint of the live one.

        The checkpoint hard-links the live generation's immutable SST files, so it takes
        milliseconds whatever the store size (``copy_of_live`` re-inserts every quad). The
        live generation is never written: new writes go to the new generation's own files.
        """
        live = live_generation(store_dir)
        if live is None:
            raise StoreError(f"no graph has been built in {store_dir} (run `cvgraph build` first)")
        gen = cls(store_dir, _open=False)
        source = ox.Store.read_only(str(live))
        try:
            source.backup(str(gen.path))
        except OSError as exc:
            shutil.rmtree(gen.path, ignore_errors=True)
            raise StoreError(f"cannot checkpoint {live}: {exc}") from exc
        finally:
            del source
            gc.collect()
        gen.store = ox.Store(str(gen.path))
        return gen

    @classmethod
    def copy_of_live(cls, store_dir: Path) -> "Generation":
        """A new generation starting from the live one's content (for incremental changes)."""
        gen = cls(store_dir)
        live = live_generation(store_dir)
        if live is not None:
            source = ox.Store.read_only(str(live))
            gen.store.bulk_extend(source.quads_for_pattern(None, None, None, None))
            del source
        return gen

    def add_quads(self, quads: Iterable[ox.Quad]) -> None:
        self.store.bulk_extend(quads)

    def load_nquads(self, data: bytes) -> None:
        self.store.bulk_load(data, format=ox.RdfFormat.N_QUADS)

    def materialise_union(self) -> None:
        """Make the default graph the RDF merge (a set) of all named graphs.

        SPARQL's default graph at cvgraph's endpoint is the union of all graphs. Oxigraph 0.5's
        `use_default_graph_as_union` yields a shared triple once per graph that holds it
        (oxigraph#1919, fixed upstream after 0.5.13), which inflates COUNT and repeats rows;
        a materialised merge has set semantics and needs no per-query flag.
        """
        self.store.update("CLEAR SILENT DEFAULT")
        self.store.update("INSERT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")

    def load_graphs(self, graphs: Iterable[tuple[str, str | bytes]], *, union: bool = True) -> int:
        """Load named graphs given as N-Triples, ``(graph IRI, text)``, in ONE bulk load.

        With ``union=True`` the same N-Quads stream also puts every triple into the default
        graph, so after the load the default graph is the merge of these graphs without a
        SPARQL ``INSERT … WHERE { GRAPH ?g … }`` over the whole store: the store holds a set
        of quads, so a triple that several graphs hold is stored once in the default graph.
        Blank nodes keep one identity per graph (their labels are made unique per graph
        before the load, as separate loads would keep them apart). The stream goes through a
        temporary file next to the generation, so memory does not grow with the store.
        Returns the number of named-graph triples written.
        """
        import tempfile

        count = 0
        fd, tmp = tempfile.mkstemp(prefix=f".{self.name}-", suffix=".nq", dir=self.store_dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
                for n, (graph, data) in enumerate(graphs):
                    if isinstance(data, bytes):
                        data = data.decode("utf-8")
                    lines = list(nquads_lines(data, graph, f"g{n}x", union=union))
                    count += len(lines) // (2 if union else 1)
                    out.writelines(lines)
            if count:
                self.load_nquads_files([Path(tmp)])
        finally:
            os.unlink(tmp)
        return count

    def load_nquads_files(self, paths: list[Path]) -> None:
        """Bulk-load N-Quads files (the build's shards) as ONE stream, so the loader sorts and
        writes the whole dataset once instead of once per file."""
        if paths:
            self.store.bulk_load(_ChainedFiles(paths), format=ox.RdfFormat.N_QUADS)

    EXTEND_BATCH = 100_000

    def extend_with_union(self, quads: Iterable[ox.Quad]) -> None:
        """Add quads as they are (blank node labels kept, unlike a bulk load) and each triple to
        the default graph too, keeping it the merge.

        In batches of ``EXTEND_BATCH`` quads: pyoxigraph's ``bulk_extend`` collects its whole
        input before loading it (~420 bytes per quad), which for the validation graph of a
        100,000-CV build was ~2 GB at once."""
        from itertools import islice

        def both():
            default = ox.DefaultGraph()
            for q in quads:
                yield q
                yield ox.Quad(q.subject, q.predicate, q.object, default)

        source = both()
        while batch := list(islice(source, self.EXTEND_BATCH)):
            self.store.bulk_extend(batch)

    def add_with_union(self, graph: ox.NamedNode, triples: Iterable[ox.Triple]) -> None:
        """Add triples to a named graph and to the default graph (the merge), counting in
        ``union_delta`` the triples new to the default graph."""
        default = ox.DefaultGraph()
        quads = []
        for t in triples:
            quads.append(ox.Quad(t.subject, t.predicate, t.object, graph))
            union = ox.Quad(t.subject, t.predicate, t.object, default)
            if union not in self.store:
                self.union_delta += 1
                quads.append(union)
        if quads:
            self.store.extend(quads)

    def replace_graph(self, graph: ox.NamedNode, quads: Iterable[ox.Quad] | None) -> set[ox.Triple]:
        """Replace the content of one named graph (None: drop it) and keep the default graph the
        merge: new triples are added to it; returns the triples the graph lost, which leave the
        default graph only through :meth:`retract_from_union` (another graph may hold them)."""
        old = {q.triple for q in self.store.quads_for_pattern(None, None, None, graph)}
        new = set() if quads is None else {ox.Triple(q.subject, q.predicate, q.object) for q in quads}
        return self._apply_difference(graph, old - new, new - old)

    def replace_graph_lines(self, graph: ox.NamedNode, old: str, new: str, *,
                            distinct_lines: bool = False) -> set[ox.Triple]:
        """:meth:`replace_graph` when the graph's current content is known as N-Triples text
        (``old``, exactly what was loaded, no blank nodes: a document graph rebuilt from the
        build cache, the links graph): only the lines that differ are
        parsed and written, instead of reading every quad of the graph back from the store.
        A document whose link plan changed usually differs from its stored graph in a few
        lines (a renamed canonical IRI). ``distinct_lines``: no line occurs twice in ``old``
        nor in ``new`` (the links graph), so only the stretches where the texts differ need
        comparing (:func:`differing_stretches`)."""
        if distinct_lines:
            old, new = differing_stretches(old, new)
        old_lines, new_lines = set(old.split("\n")), set(new.split("\n"))
        gone = "\n".join(old_lines - new_lines).encode("utf-8")
        come = "\n".join(new_lines - old_lines).encode("utf-8")
        lost = {q.triple for q in ox.parse(gone, format=ox.RdfFormat.N_TRIPLES)}
        added = {q.triple for q in ox.parse(come, format=ox.RdfFormat.N_TRIPLES)}
        return self._apply_difference(graph, lost - added, added - lost)

    def _apply_difference(self, graph: ox.NamedNode, lost: set[ox.Triple], added: set[ox.Triple]) -> set[ox.Triple]:
        """Take ``lost`` out of a named graph and put ``added`` in (and into the merge); returns
        ``lost`` for :meth:`retract_from_union`."""
        for t in lost:
            self.store.remove(ox.Quad(t.subject, t.predicate, t.object, graph))
        self.add_with_union(graph, added)
        return lost

    def retract_from_union(self, triples: Iterable[ox.Triple]) -> int:
        """Remove from the default graph (the merge) each triple no named graph holds any more."""
        removed = 0
        for t in triples:
            held = any(not isinstance(q.graph_name, ox.DefaultGraph)
                       for q in self.store.quads_for_pattern(t.subject, t.predicate, t.object, None))
            if not held:
                self.store.remove(ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()))
                removed += 1
        self.union_delta -= removed
        return removed

    def commit(self, materialise_union: bool = True, optimize: bool = True) -> None:
        """Materialise the union, flush, close, and atomically make this generation live.

        `materialise_union=False` keeps the default graph exactly as loaded (for datasets whose
        default graph is not the merge of the named graphs, e.g. the W3C SPARQL test suite).
        """
        if materialise_union:
            self.materialise_union()
        self.store.flush()
        if optimize:
            self.store.optimize()
        self._close()
        tmp = self.store_dir / f"{CURRENT}.{self.name}.tmp"
        tmp.write_text(self.name + "\n")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, self.store_dir / CURRENT)
        _fsync_dir(self.store_dir)
        prune(self.store_dir)

    def abort(self) -> None:
        self._close()
        shutil.rmtree(self.path, ignore_errors=True)

    def _close(self) -> None:
        self.store = None  # pyoxigraph closes the database when the object is dropped
        gc.collect()


class BackgroundLoader:
    """Bulk-loads N-Quads files into a generation on ``threads`` threads while the caller
    writes more.

    The build's pass 2 writes one shard per chunk of documents; loading the finished shards
    while the workers produce the next ones overlaps the two longest stages. Files are loaded
    in groups of about ``group_bytes`` (one bulk load each, ~300 k quads), so a load never
    waits for a file still being written. Groups load on two threads by default: pyoxigraph
    releases the GIL in ``bulk_load`` and each load writes its own SST files (Oxigraph's own
    loader ingests from several threads the same way), so two loads run side by side; once
    the workers are done, the loads left over use both cores instead of one. The dataset
    does not depend on the order of the groups. Errors surface in :meth:`finish`; leaving
    the ``with`` block on an exception waits for the loads in progress (a bulk load cannot be
    interrupted) and loads nothing more.
    """

    def __init__(self, gen: "Generation", group_bytes: int = 48 << 20, *, remove_loaded: bool = False,
                 threads: int = 2) -> None:
        self._gen = gen
        self._remove_loaded = remove_loaded     # the build's shards: disk space is freed as they load
        self._group_bytes = group_bytes
        self._pending: list[Path] = []
        self._pending_bytes = 0
        self._queue: queue.Queue = queue.Queue()
        self._error: BaseException | None = None
        self._stopped = False
        self._lock = threading.Lock()
        self._busy = 0.0
        self._active = 0                   # loads in progress
        self._since: float | None = None   # since when at least one load has been in progress
        self._threads = [threading.Thread(target=self._run, name=f"cvgraph-bulk-load-{n}", daemon=True)
                         for n in range(max(1, threads))]
        for t in self._threads:
            t.start()

    def add(self, path: Path) -> None:
        """Queue a complete N-Quads file (ending with a newline)."""
        self._pending.append(Path(path))
        self._pending_bytes += Path(path).stat().st_size
        if self._pending_bytes >= self._group_bytes:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._queue.put(self._pending)
            self._pending, self._pending_bytes = [], 0

    def _started(self) -> None:
        with self._lock:
            if self._active == 0:
                self._since = time.perf_counter()
            self._active += 1

    def _ended(self) -> None:
        with self._lock:
            self._active -= 1
            if self._active == 0:
                self._busy += time.perf_counter() - self._since
                self._since = None

    def _run(self) -> None:
        name_os_thread("cvgraph-load")
        while (group := self._queue.get()) is not None:
            if self._error is not None or self._stopped:
                continue
            self._started()
            try:
                self._gen.load_nquads_files(group)
                if self._remove_loaded:
                    for path in group:
                        path.unlink()
            except BaseException as exc:       # reported by finish()
                with self._lock:
                    self._error = self._error or exc
            finally:
                self._ended()

    @property
    def busy_seconds(self) -> float:
        """Wall time during which at least one load was in progress, so far."""
        with self._lock:
            since = self._since
            return self._busy + (time.perf_counter() - since if since is not None else 0.0)

    def _close(self) -> None:
        self._flush()
        for _ in self._threads:
            self._queue.put(None)
        for t in self._threads:
            t.join()

    def _alive(self) -> bool:
        return any(t.is_alive() for t in self._threads)

    def finish(self) -> None:
        """Load what is queued, wait for the threads; raise the first load error."""
        self._close()
        if self._error is not None:
            raise self._error

    def __enter__(self) -> "BackgroundLoader":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if self._alive():
            if exc_type is not None:           # load nothing more
                self._stopped = True
                self._pending = []
            self._close()


class _ChainedFiles(io.RawIOBase):
    """Several files read as one binary stream (each must end with a newline)."""

    def __init__(self, paths: list[Path]) -> None:
        self._paths = list(paths)
        self._fh = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while True:
            if self._fh is None:
                if not self._paths:
                    return 0
                self._fh = open(self._paths.pop(0), "rb")
            n = self._fh.readinto(buffer)
            if n:
                return n
            self._fh.close()
            self._fh = None

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        super().close()


def nquads_lines(data: str, graph: str, bnode_prefix: str, *, union: bool) -> Iterator[str]:
    """N-Triples text → N-Quads lines in ``graph`` (and, with ``union``, each triple also in the
    default graph, keeping it the merge); blank node labels prefixed by ``bnode_prefix``, so
    graphs loaded together keep their blank nodes apart."""
    g = f" <{graph}> .\n"
    for s, p, o in _triples(data, bnode_prefix):
        body = f"{s} {p} {o}"
        yield body + g
        if union:
            yield body + " .\n"


def _triples(data: str, bnode_prefix: str) -> Iterator[tuple[str, str, str]]:
    """(s, p, o) N-Triples term texts of a graph, blank node labels prefixed by
    ``bnode_prefix``. Lines in the canonical one-triple-per-line form (what the map and link
    stages and rdflib's serializer write) are split as text; anything else is parsed."""
    rows = []
    for line in data.split("\n"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line[:-2].split(" ", 2) if line.endswith(" .") else ()
        if (len(parts) != 3 or parts[0][:1] not in ("<", "_") or parts[1][:1] != "<" or not parts[2]
                or parts[2][0] not in '<_"' or parts[2] != parts[2].strip()):
            rows = None
            break
        rows.append(parts)
    if rows is None:
        rows = [(str(t.subject), str(t.predicate), str(t.object))
                for t in ox.parse(data.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)]
    for s, p, o in rows:
        if s[0] == "_":
            s = f"_:{bnode_prefix}{s[2:]}"
        if o[0] == "_":
            o = f"_:{bnode_prefix}{o[2:]}"
        yield s, p, o


def differing_stretches(old: str, new: str, chunk: int = 1 << 16) -> tuple[str, str]:
    """The parts of two texts of lines that are not in common: ``old`` is walked in pieces of
    whole lines (about ``chunk`` characters); a piece found at the current place in ``new`` is
    skipped in both, else the texts are resynchronised on the next piece of ``old`` found at a
    line start in ``new`` (searched within a window: the difference of the lengths and 1 MB),
    and the skipped stretches of both are kept. Returns the kept stretches of each, joined.

    When no line occurs twice in either text, a line is in ``old`` and not in ``new`` exactly
    when it is in the first result and not in the second (a line in a common piece is in both
    texts; one in a kept stretch of ``old`` cannot also be in a common piece, which ``old``
    holds too), and likewise the other way: the set difference of the kept stretches is that
    of the whole texts. The links graph's 660,000 lines at 10,000 CVs, a few hundred of them
    changed by one CV, are compared by memory comparisons instead of two sets of every line."""
    if old and not old.endswith("\n"):
        old += "\n"              # a piece then always ends a line, in both texts
    if new and not new.endswith("\n"):
        new += "\n"
    kept_old: list[str] = []
    kept_new: list[str] = []
    n_old, n_new = len(old), len(new)
    slack = abs(n_new - n_old) + (1 << 20)

    def piece_end(start: int) -> int:
        end = old.find("\n", start + chunk)
        return n_old if end < 0 else end + 1

    a = c = 0                     # line starts in old and new
    while a < n_old:
        b = piece_end(a)
        if new.startswith(old[a:b], c):
            c += b - a
            a = b
            continue
        a2, j = b, -1             # the stretch old[a:a2] differs; find where new resumes
        while a2 < n_old:
            b2 = piece_end(a2)
            j = new.find(old[a2:b2], c, c + (b2 - a) + slack)
            if j >= 0 and (j == 0 or new[j - 1] == "\n"):
                break
            j = -1
            a2 = b2
        if j < 0:
            a2, j = n_old, n_new
        kept_old.append(old[a:a2])
        kept_new.append(new[c:j])
        a, c = a2, j
    if c < n_new:
        kept_new.append(new[c:])
    return "\n".join(kept_old), "\n".join(kept_new)


def file_tag(gen_name: str) -> str:
    """What a change puts in the names of the cache files it writes (``KEY.TAG.nt``): its
    generation's stamp, so they can be told from the live generation's."""
    return gen_name[len("gen-"):]


def return_cache_folders(abandoned: Path, live: Path, tag: str) -> None:
    """The per-document folders a change took from the live generation's cache (the live
    cache has its index but not the folder) go back, without the files the change wrote
    into them (their names hold ``tag``)."""
    if not (live / "index.json").is_file() or not abandoned.is_dir():
        return
    mark = f".{tag}."
    for sub in abandoned.iterdir():
        if sub.is_dir() and not (live / sub.name).exists():
            with contextlib.suppress(OSError):
                for f in os.scandir(sub):
                    if mark in f.name:
                        os.unlink(f.path)
                os.replace(sub, live / sub.name)


def prune(store_dir: Path) -> None:
    """Remove generations older than the newest KEEP_GENERATIONS, and abandoned partial ones."""
    live = live_generation(store_dir)
    gens = sorted(p for p in Path(store_dir).glob("gen-*") if p.is_dir())
    keep = set(gens[-KEEP_GENERATIONS:])
    if live is not None:
        keep.add(live)
    for gen in gens:
        if gen not in keep:
            shutil.rmtree(gen, ignore_errors=True)
    for tmp in Path(store_dir).glob(f"{CURRENT}.*.tmp"):
        tmp.unlink(missing_ok=True)


def cleanup_abandoned(store_dir: Path) -> None:
    """Remove generations left by a killed build (newer than the live one, never committed).
    A change (`cvgraph add`/`remove`) moves the live generation's per-document cache folders
    into its new generation just before its commit: if it was killed in between, they go back."""
    live = live_generation(store_dir)
    for gen in sorted(Path(store_dir).glob("gen-*"), reverse=True):
        if gen.is_dir() and (live is None or gen.name > live.name):
            if live is not None:
                return_cache_folders(gen / CACHE_DIR, live / CACHE_DIR, file_tag(gen.name))
            shutil.rmtree(gen, ignore_errors=True)
    for spool in Path(store_dir).glob(".spool-*"):      # work folders of builds that were killed
        try:
            os.kill(int((spool / "pid").read_text()), 0)
        except ProcessLookupError:
            shutil.rmtree(spool, ignore_errors=True)
        except (OSError, ValueError):      # no pid (yet): only when clearly stale
            try:
                stale = time.time() - spool.stat().st_mtime > 3600
            except FileNotFoundError:      # its build removed it meanwhile (after letting go of the lock)
                continue
            if stale:
                shutil.rmtree(spool, ignore_errors=True)
