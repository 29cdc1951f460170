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

The web server talks to workers without a thread hop: ``WorkerPool.request`` (async) sends
the request, registers the pipe with the event loop and awaits the reply. Replies are raw
byte messages (protocol in ``endpoint.worker``): one ``O`` message for a complete answer,
or a header then chunks, which ``Stream`` hands to the HTTP response as they arrive. Once
a body streams, the budget applies to each wait for the next chunk; a stream abandoned by
the client (or that errs or stalls) kills its worker, so the work stops there too.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
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

    # -- requests --
    def _release(self, slot: _Slot) -> None:
        self._idle.put(slot)

    def _kill(self, slot: _Slot) -> None:
        pid = slot.proc.pid if slot.proc is not None else None
        self._stop(slot, kill=True)
        if pid is not None:
            self.killed.append(pid)

    def _timeout(self, timeout: float) -> QueryTimeout:
        return QueryTimeout(
            f"the query did not finish within {timeout:g} s and was stopped; "
            "simplify it, add a LIMIT, or ask the operator for a longer timeout")

    def _busy(self) -> PoolBusy:
        return PoolBusy(f"all {self.size} query workers are busy; try again later")

    async def _acquire(self, timeout: float) -> _Slot:
        if self.closed:
            raise PoolBusy("the endpoint is shutting down")
        try:
            slot = self._idle.get_nowait()
        except queue.Empty:
            loop = asyncio.get_running_loop()
            fut = loop.run_in_executor(None, self._idle.get, True, timeout)
            try:
                slot = await asyncio.shield(fut)
            except queue.Empty:
                raise self._busy() from None
            except asyncio.CancelledError:
                # the thread may still get a slot: give it back when it does
                fut.add_done_callback(lambda f: f.cancelled() or f.exception() or self._release(f.result()))
                raise
        if not slot.alive:
            try:
                if slot.proc is not None:
                    self._stop(slot, kill=True)
                await asyncio.get_running_loop().run_in_executor(None, self._start, slot)
            except BaseException:
                self._release(slot)
                raise
        return slot

    async def request(self, request: dict, timeout: float) -> tuple[object, "Stream | None"]:
        """Run `request` in a worker: (payload, None) for a complete answer, or (meta,
        stream) when the body streams. Raises PoolError or WorkerReplyError."""
        slot = await self._acquire(timeout)
        deadline = time.monotonic() + timeout
        handed_off = False
        sent = False
        try:
            try:
                slot.conn.send(request)
                sent = True
            except (OSError, ValueError) as exc:
                self._stop(slot, kill=True)
                raise WorkerCrashed(f"query worker unavailable ({exc})") from None
            # A request that waited for its worker still gets a small slice.
            wait = max(deadline - time.monotonic(), min(timeout, 0.5))
            if not await _readable(slot.conn, wait):
                self._kill(slot)
                raise self._timeout(timeout)
            try:
                msg = slot.conn.recv_bytes()
            except (EOFError, OSError):
                self._stop(slot, kill=True)
                raise WorkerCrashed("the query worker died while running the request "
                                    "(out of memory?)") from None
            tag = msg[:1]
            if tag == b"O":
                return pickle.loads(memoryview(msg)[1:]), None
            if tag == b"E":
                raise WorkerReplyError(*pickle.loads(memoryview(msg)[1:]))
            if tag == b"H":
                meta = pickle.loads(memoryview(msg)[1:])
                handed_off = True
                return meta, Stream(self, slot, timeout)
            self._stop(slot, kill=True)
            raise WorkerCrashed("the query worker sent an unreadable reply")
        except asyncio.CancelledError:
            if sent and slot.conn is not None:
                # The client went away while the worker runs: let a thread wait for the
                # reply (the worker is then idle again) or kill it at the deadline.
                handed_off = True
                threading.Thread(target=self._drain, args=(slot, deadline), daemon=True).start()
            raise
        finally:
            if not handed_off:
                self._release(slot)

    def _drain(self, slot: _Slot, deadline: float) -> None:
        try:
            while slot.conn is not None:
                if not slot.conn.poll(max(0.0, deadline - time.monotonic())):
                    self._kill(slot)
                    return
                tag = slot.conn.recv_bytes()[:1]
                if tag in (b"O", b"E", b"."):
                    return
        except (EOFError, OSError):
            self._stop(slot, kill=True)
        finally:
            self._release(slot)

    async def call_async(self, request: dict, timeout: float) -> object:
        """`request`'s whole payload (a streamed body is collected into payload["body"])."""
        payload, stream = await self.request(request, timeout)
        if stream is None:
            return payload
        parts = [chunk async for chunk in stream]
        return {**payload, "body": b"".join(parts)}

    def call(self, request: dict, timeout: float) -> object:
        """Blocking form of ``call_async`` (for scripts and threads without a loop)."""
        return asyncio.run(self.call_async(request, timeout))

    def pids(self) -> list[int]:
        with self._lock:
            return [s.proc.pid for s in self._all if s.proc is not None and s.proc.pid]


async def _readable(conn, timeout: float) -> bool:
    """Wait (without blocking the event loop) until `conn` has data; False on timeout."""
    if conn.poll(0):
        return True
    loop = asyncio.get_running_loop()
    fut = loop.create_future()
    fd = conn.fileno()

    def settle(value: bool) -> None:
        if not fut.done():
            fut.set_result(value)

    # One reader callback and one timer on the loop (no extra task, as asyncio.wait_for
    # would create on Python 3.11).
    loop.add_reader(fd, settle, True)
    timer = loop.call_later(max(0.0, timeout), settle, False)
    try:
        return await fut
    finally:
        timer.cancel()
        loop.remove_reader(fd)
        # uvloop (libuv) makes a watched fd non-blocking; the pipe is then read with blocking
        # recv_bytes, which would fail on a reply that arrives in pieces.
        if not os.get_blocking(fd):
            os.set_blocking(fd, True)


class StreamAborted(Exception):
    """A streamed body could not be completed (worker error, timeout, crash)."""


class Stream:
    """The chunks of a streamed body, as an async iterator of bytes (for a
    StreamingResponse). Holds its worker until the end; abandoning it kills the worker."""

    def __init__(self, pool: WorkerPool, slot: _Slot, timeout: float):
        self.pool, self.slot, self.timeout = pool, slot, timeout
        self.done = False

    def __aiter__(self):
        return self

    async def __anext__(self) -> bytes:
        if self.done:
            raise StopAsyncIteration
        conn = self.slot.conn
        try:
            if conn is None or not await _readable(conn, self.timeout):
                raise StreamAborted(f"no data from the query worker for {self.timeout:g} s")
            msg = conn.recv_bytes()
        except (EOFError, OSError):
            self._end(kill=True)
            raise StreamAborted("the query worker died while streaming the result") from None
        except BaseException:
            self._end(kill=True)
            raise
        tag = msg[:1]
        if tag == b"D":
            return msg[1:]
        if tag == b".":
            self._end(kill=False)
            raise StopAsyncIteration
        if tag == b"E":
            self._end(kill=False)
            status, message = pickle.loads(memoryview(msg)[1:])
            raise StreamAborted(f"the result could not be completed: {message}")
        self._end(kill=True)
        raise StreamAborted("the query worker sent an unreadable reply")

    def _end(self, kill: bool) -> None:
        if self.done:
            return
        self.done = True
        if kill:
            self.pool._kill(self.slot)
        self.pool._release(self.slot)

    async def aclose(self) -> None:
        self._end(kill=True)

    def close(self) -> None:
        self._end(kill=True)

    def __del__(self):
        if not self.done:
            self._end(kill=True)


class WorkerReplyError(Exception):
    """The worker answered with an HTTP-level error (400 syntax, 404, 406, 503 …)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def default_pool_size() -> int:
    return max(2, min(4, os.cpu_count() or 2))
