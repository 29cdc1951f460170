"""A small bounded pool of worker processes with a hard per-request timeout.

Why processes: pyoxigraph evaluates a query inside Rust code that cannot be interrupted
from Python, so a thread that runs an expensive query cannot be stopped. A worker
*process* can: when a request exceeds its deadline the pool SIGKILLs the worker (the
operating system reclaims its CPU and memory at once), answers 503, and starts a fresh
worker for the next request. Workers are forked from a ``forkserver`` (a clean,
single-threaded process with pyoxigraph and rdflib preloaded), so a replacement is
ready in milliseconds and never inherits the web server's threads or locks.

Each request waits at most ``timeout`` seconds for a free worker (then 503 "busy") and
at most ``timeout`` seconds for its answer (then the worker is killed and 503 "timeout").
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import threading
import time
from dataclasses import dataclass, field

log = logging.getLogger("cvgraph.endpoint")

_CTX = None
_CTX_LOCK = threading.Lock()


def _context():
    global _CTX
    with _CTX_LOCK:
        if _CTX is None:
            methods = multiprocessing.get_all_start_methods()
            if "forkserver" in methods:
                ctx = multiprocessing.get_context("forkserver")
                ctx.set_forkserver_preload(["endpoint.worker", "rdflib",
                                            "rdflib.plugins.serializers.jsonld",
                                            "rdflib.plugins.parsers.ntriples",
                                            "cvgraph.store"])
            else:  # pragma: no cover - non-POSIX
                ctx = multiprocessing.get_context("spawn")
            _CTX = ctx
        return _CTX


class PoolError(Exception):
    status = 503

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class QueryTimeout(PoolError):
    pass


class PoolBusy(PoolError):
    pass


class WorkerCrashed(PoolError):
    # A worker dies only when the request exhausts its resources (stack, memory): the
    # request could not be served within the endpoint's limits, so 503, not a server bug.
    status = 503


@dataclass
class _Slot:
    index: int
    proc: object | None = None
    conn: object | None = None
    started: float = field(default=0.0)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.is_alive()


class WorkerPool:
    def __init__(self, store_dir: str, base: str, prefixes: dict, context_file: str | None,
                 size: int = 2):
        self.args = (str(store_dir), base, dict(prefixes), context_file)
        self.size = max(1, int(size))
        self._idle: queue.Queue[_Slot] = queue.Queue()
        self._all = [_Slot(i) for i in range(self.size)]
        for slot in self._all:
            self._idle.put(slot)
        self._lock = threading.Lock()
        self.killed: list[int] = []   # pids of workers killed on timeout (for tests/metrics)
        self.closed = False

    # -- lifecycle --
    def _start(self, slot: _Slot) -> None:
        from . import worker

        ctx = _context()
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=worker.main, args=(child, *self.args), daemon=True,
                           name=f"cvgraph-query-worker-{slot.index}")
        proc.start()
        child.close()
        slot.proc, slot.conn, slot.started = proc, parent, time.monotonic()

    def _stop(self, slot: _Slot, kill: bool) -> None:
        proc, conn = slot.proc, slot.conn
        slot.proc, slot.conn = None, None
        if conn is not None:
            try:
                if not kill:
                    conn.send(None)
            except (OSError, ValueError):
                pass
        if proc is not None:
            if kill:
                try:
                    proc.kill()
                except (OSError, AttributeError):
                    pass
            proc.join(timeout=2)
            if proc.is_alive():  # pragma: no cover - a worker ignoring shutdown
                proc.kill()
                proc.join(timeout=2)
            try:
                proc.close()
            except ValueError:  # pragma: no cover
                pass
        if conn is not None:
            try:
                conn.close()
            except OSError:  # pragma: no cover
                pass

    def warm(self) -> None:
        """Start the workers now (in the background) instead of on the first request."""
        def run():
            slots = []
            try:
                while True:
                    slots.append(self._idle.get_nowait())
            except queue.Empty:
                pass
            for s in slots:
                try:
                    if not s.alive and not self.closed:
                        self._start(s)
                except Exception:  # pragma: no cover
                    log.exception("could not start a query worker")
                finally:
                    self._idle.put(s)
        threading.Thread(target=run, name="cvgraph-pool-warm", daemon=True).start()

    def close(self) -> None:
        self.closed = True
        with self._lock:
            slots = list(self._all)
        for s in slots:
            self._stop(s, kill=False)

    # -- the one call --
    def call(self, request: dict, timeout: float) -> object:
        """Run `request` in a worker; its payload, or raise PoolError/WorkerReplyError."""
        if self.closed:
            raise PoolBusy("the endpoint is shutting down")
        deadline = time.monotonic() + timeout
        try:
            slot = self._idle.get(timeout=timeout)
        except queue.Empty:
            raise PoolBusy(f"all {self.size} query workers are busy; try again later") from None
        try:
            if not slot.alive:
                if slot.proc is not None:
                    self._stop(slot, kill=True)
                self._start(slot)
            try:
                slot.conn.send(request)
            except (OSError, ValueError) as exc:
                self._stop(slot, kill=True)
                raise WorkerCrashed(f"query worker unavailable ({exc})") from None
            remaining = max(0.0, deadline - time.monotonic())
            # Always grant the request its own full budget once a worker is assigned,
            # minus what it spent waiting for one, but at least a small slice.
            wait = max(remaining, min(timeout, 0.5))
            if not slot.conn.poll(wait):
                pid = slot.proc.pid if slot.proc is not None else None
                self._stop(slot, kill=True)
                if pid is not None:
                    self.killed.append(pid)
                raise QueryTimeout(
                    f"the query did not finish within {timeout:g} s and was stopped; "
                    "simplify it, add a LIMIT, or ask the operator for a longer timeout")
            try:
                reply = slot.conn.recv()
            except (EOFError, OSError):
                self._stop(slot, kill=True)
                raise WorkerCrashed("the query worker died while running the request "
                                    "(out of memory?)") from None
        finally:
            self._idle.put(slot)
        if reply[0] == "ok":
            return reply[1]
        raise WorkerReplyError(reply[1], reply[2])

    def pids(self) -> list[int]:
        with self._lock:
            return [s.proc.pid for s in self._all if s.proc is not None and s.proc.pid]


class WorkerReplyError(Exception):
    """The worker answered with an HTTP-level error (400 syntax, 404, 406, 503 …)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def default_pool_size() -> int:
    return max(2, min(4, os.cpu_count() or 2))
