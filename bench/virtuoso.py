"""A private OpenLink Virtuoso instance for the benchmark and the tests.

    python -m bench.virtuoso CV_FOLDER [--jobs N] [--serve]   # build into a fresh instance, compare

:class:`Virtuoso` starts ``virtuoso-t`` (Debian's ``virtuoso-opensource-7-bin``, see
``scripts/install-virtuoso.sh``) on a database of its own in a temporary directory, with its own
``virtuoso.ini``, its HTTP server and its SQL (ISQL) port on free ports of 127.0.0.1, never the
system service. Once the server answers, :meth:`Virtuoso.start` opens what cvgraph's remote
store needs through ``isql-vt``:

- ``/sparql`` answers SPARQL queries (as the SQL user ``SPARQL``, role ``SPARQL_SELECT``);
- SPARQL 1.1 Update through ``/sparql`` (``update=``) and the Graph Store Protocol at
  ``/sparql-graph-crud`` run as the same user and need ``GRANT SPARQL_UPDATE TO "SPARQL"``:
  without it an update fails with ``SR186: No permission to execute procedure
  DB.DBA.SPARQL_INSERT_DICT_CONTENT`` and a PUT with 403. That is all 7.2.5 (Debian 12) needs;
  later releases (7.2.8 on) also check graph-level permissions, which
  ``DB.DBA.RDF_DEFAULT_USER_PERMS_SET('nobody', 7)`` (read, write, sponge for unauthenticated
  requests) grants, so the setup does both. ``/sparql-graph-crud-auth`` is the same protocol
  behind HTTP digest authentication, for a server reachable by others; this instance listens on
  127.0.0.1 only and lives as long as the benchmark or the test, so it is not used.

The SPARQL limits of the stock ``virtuoso.ini`` (10,000 result rows, 60 s per query) are lifted
so that every engine of the benchmark returns complete answers; ``ThreadsPerQuery`` is 2 (the
machine's cores).

:meth:`Virtuoso.target` is cvgraph's :class:`cvgraph.remote.RemoteTarget` for the instance:
queries and updates at ``/sparql``, Graph Store Protocol at ``/sparql-graph-crud``, what
``cvgraph build --store http://127.0.0.1:PORT`` finds by itself (cvgraph.remote recognises
Virtuoso by its ``Server`` header).
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VIRTUOSO_BIN = "virtuoso-t"
ISQL_NAMES = ("isql-vt", "isql-v")     # Debian's name, then another distributions' one

INI = """\
[Database]
DatabaseFile       = {db}/virtuoso.db
ErrorLogFile       = {db}/virtuoso.log
LockFile           = {db}/virtuoso.lck
TransactionFile    = {db}/virtuoso.trx
xa_persistent_file = {db}/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
MaxCheckpointRemap = 2000
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = {db}/virtuoso-temp.db
TransactionFile    = {db}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping           = 0

[Parameters]
ServerPort               = 127.0.0.1:{sql_port}
LiteMode                 = 0
DisableUnixSocket        = 1
DisableTcpSocket         = 0
MaxClientConnections     = 20
CheckpointInterval       = 0
O_DIRECT                 = 0
CaseMode                 = 2
MaxStaticCursorRows      = 5000
CheckpointAuditTrail     = 0
AllowOSCalls             = 0
SchedulerInterval        = 10
DirsAllowed              = ., {dirs_allowed}
ThreadCleanupInterval    = 0
ThreadThreshold          = 10
ResourcesCleanupInterval = 0
FreeTextBatchSize        = 100000
SingleCPU                = 0
PrefixResultNames        = 0
RdfFreeTextRulesSize     = 100
IndexTreeMaps            = 64
MaxMemPoolSize           = 200000000
MaxQueryMem              = 2G
VectorSize               = 1000
MaxVectorSize            = 1000000
AdjustVectorSize         = 0
ThreadsPerQuery          = {threads}
AsyncQueueMaxThreads     = 10
NumberOfBuffers          = {buffers}
MaxDirtyBuffers          = {dirty}

[HTTPServer]
ServerPort                  = 127.0.0.1:{http_port}
ServerRoot                  = {vsp}
MaxClientConnections        = 20
DavRoot                     = DAV
EnabledDavVSP               = 0
HTTPProxyEnabled            = 0
TempASPXDir                 = 0
ServerThreads               = 20
MaxKeepAlives               = 20
KeepAliveTimeout            = 60
HTTPThreadSize              = 280000
HttpPrintWarningsInOutput   = 0
Charset                     = UTF-8
EnabledGzipContent          = 0

[Client]
SQL_PREFETCH_ROWS  = 100
SQL_PREFETCH_BYTES = 16000
SQL_QUERY_TIMEOUT  = 0
SQL_TXN_TIMEOUT    = 0

[SPARQL]
ResultSetMaxRows           = 100000000
MaxQueryCostEstimationTime = 0
MaxQueryExecutionTime      = 0
MaxSortedTopRows           = 100000000
DefaultGraph               =
"""

# What cvgraph's remote store needs (see the module docstring).
SETUP_SQL = """\
GRANT SPARQL_UPDATE TO "SPARQL";
DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('nobody', 7);
"""


# Queries of bench/queries whose result counts differ on Virtuoso, and why (filled from runs).
KNOWN_DIFFERENCES: dict[str, str] = {
    "q07_describe_person": "Virtuoso's DESCRIBE also returns the triples that have the resource as object "
                           "(DESCRIBE's answer is left to the implementation; Oxigraph gives the outgoing triples)",
}


def find_binary() -> str | None:
    return shutil.which(VIRTUOSO_BIN)


def find_isql() -> str | None:
    for name in ISQL_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def unavailable_reason() -> str | None:
    """Why a Virtuoso instance cannot be started here (None: it can)."""
    if find_binary() is None:
        return "virtuoso-t is not on PATH (sh scripts/install-virtuoso.sh installs it from Debian's virtuoso-opensource-7-bin)"
    if find_isql() is None:
        return "virtuoso-t is installed but its SQL client isql-vt is not"
    return None


def _sql_str(value) -> str:
    return str(value).replace("'", "''")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VirtuosoError(RuntimeError):
    pass


class Virtuoso:
    """One private Virtuoso server. Use as a context manager, or call start() and stop()."""

    def __init__(self, workdir: Path | str | None = None, *, buffers: int = 85000,
                 dirs_allowed: list[Path | str] = (), threads: int = 2, dba_password: str = "dba",
                 keep: bool = False):
        """``workdir``: the instance's folder (emptied at start; a temporary one if None), removed
        at stop unless ``keep``. ``buffers``: 8 KB pages of cache (NumberOfBuffers; 85,000 is
        about 700 MB, Virtuoso's guide suggests roughly 1 GB per 10M quads)."""
        reason = unavailable_reason()
        if reason:
            raise VirtuosoError(reason)
        self.binary, self.isql_binary = find_binary(), find_isql()
        self.keep = keep
        self.dir = Path(tempfile.mkdtemp(prefix="cvgraph-virtuoso-")) if workdir is None else Path(workdir)
        self.buffers, self.threads = buffers, threads
        self.dirs_allowed = [str(Path(d).resolve()) for d in dirs_allowed]
        self.password = dba_password
        self.proc: subprocess.Popen | None = None
        self.http_port = self.sql_port = None

    # -- URLs --
    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def sparql_url(self) -> str:
        return self.base + "/sparql"

    @property
    def gsp_url(self) -> str:
        return self.base + "/sparql-graph-crud"

    def target(self):
        from cvgraph.remote import RemoteTarget

        return RemoteTarget.parse(self.sparql_url, gsp=self.gsp_url)

    # -- life cycle --
    def start(self, timeout: float = 120) -> "Virtuoso":
        if self.dir.exists():
            shutil.rmtree(self.dir)
        db = self.dir / "db"
        vsp = self.dir / "vsp"
        db.mkdir(parents=True, exist_ok=True)
        vsp.mkdir(parents=True, exist_ok=True)
        self.http_port, self.sql_port = free_port(), free_port()
        while self.sql_port == self.http_port:
            self.sql_port = free_port()
        ini = self.dir / "virtuoso.ini"
        ini.write_text(INI.format(db=db, vsp=vsp, sql_port=self.sql_port, http_port=self.http_port,
                                  dirs_allowed=", ".join([str(self.dir), *self.dirs_allowed]),
                                  threads=self.threads, buffers=self.buffers,
                                  dirty=self.buffers * 3 // 4), encoding="utf-8")
        self.log = open(self.dir / "virtuoso-t.out", "wb")
        self.proc = subprocess.Popen([self.binary, "+foreground", "+configfile", str(ini)], cwd=db,
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        try:
            self._wait(timeout)
            if self.password != "dba":
                self.sql(f"USER_SET_PASSWORD ('dba', '{self.password}');", password="dba")
            self.sql(SETUP_SQL)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait(self, timeout: float) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise VirtuosoError(f"virtuoso-t exited with {self.proc.returncode}: {self.log_tail()}")
            try:
                r = httpx.get(self.sparql_url, params={"query": "ASK {}"}, timeout=5,
                              headers={"Accept": "application/sparql-results+json"})
                if r.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        raise VirtuosoError(f"Virtuoso did not answer at {self.sparql_url} within {timeout} s: {self.log_tail()}")

    def log_tail(self, n: int = 2000) -> str:
        parts = []
        for name in ("virtuoso-t.out", "db/virtuoso.log"):
            p = self.dir / name
            if p.exists():
                parts.append(p.read_text(errors="replace")[-n:])
        return "\n".join(parts)

    def sql(self, script: str, *, password: str | None = None, timeout: float = 3600) -> str:
        """Run SQL statements through isql-vt as dba; raise on any error."""
        r = subprocess.run([self.isql_binary, f"127.0.0.1:{self.sql_port}", "dba", password or self.password,
                            "VERBOSE=OFF", "BANNER=OFF", "PROMPT=OFF", "ECHO=OFF", "ERRORS=STDOUT"],
                           input=script + "\n", capture_output=True, text=True, timeout=timeout)
        out = r.stdout + r.stderr
        if r.returncode != 0 or "*** Error" in out:
            raise VirtuosoError(f"isql failed ({r.returncode}): {out.strip()[-2000:]}")
        return out

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)     # virtuoso-t shuts down cleanly on TERM
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
            except ProcessLookupError:
                pass
        if getattr(self, "log", None):
            self.log.close()
        if not self.keep:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "Virtuoso":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def rss(self) -> int:
        import psutil

        try:
            return psutil.Process(self.proc.pid).memory_info().rss
        except (psutil.Error, AttributeError):
            return 0

    # -- data --
    def load_nquads(self, path: Path | str, default_graph: str | None = None) -> float:
        """Bulk-load an N-Quads file with Virtuoso's bulk loader (``ld_dir`` + ``rdf_loader_run``
        + ``checkpoint``); its default-graph triples go to ``default_graph`` (cvgraph's stand-in,
        see cvgraph.remote). The file's folder must be in ``dirs_allowed``. Returns the seconds."""
        from cvgraph.remote import VIRTUOSO_DEFAULT_GRAPH

        path = Path(path).resolve()
        if path.suffix != ".nq":
            raise VirtuosoError(f"{path}: the bulk loader takes N-Quads only from *.nq files")
        graph = default_graph or VIRTUOSO_DEFAULT_GRAPH
        t = time.perf_counter()
        self.sql(f"ld_dir ('{_sql_str(path.parent)}', '{_sql_str(path.name)}', '{_sql_str(graph)}');\n"
                 "rdf_loader_run ();\ncheckpoint;")
        seconds = time.perf_counter() - t
        errors = self.sql("SELECT ll_file, ll_error FROM DB.DBA.LOAD_LIST WHERE ll_error IS NOT NULL;").strip()
        if errors:
            raise VirtuosoError(f"bulk load of {path} failed: {errors[-1500:]}")
        return seconds

    def graph_sizes(self) -> dict[str, int]:
        """Triples per graph as the server holds them: cvgraph's named graphs, and '' for the
        stand-in default graph (Virtuoso's own graphs left out)."""
        import httpx

        from cvgraph.remote import VIRTUOSO_DEFAULT_GRAPH, VIRTUOSO_SYSTEM_GRAPHS

        r = httpx.post(self.sparql_url, timeout=600, headers={"Accept": "application/sparql-results+json"},
                       data={"query": "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"})
        r.raise_for_status()
        out = {}
        for row in r.json()["results"]["bindings"]:
            g, n = row["g"]["value"], int(row["n"]["value"])
            if g == VIRTUOSO_DEFAULT_GRAPH:
                out[""] = n
            elif not g.startswith(VIRTUOSO_SYSTEM_GRAPHS):
                out[g] = n
        return out

    def count(self, query: str) -> int:
        import httpx

        r = httpx.post(self.sparql_url, data={"query": query}, timeout=600,
                       headers={"Accept": "application/sparql-results+json"})
        r.raise_for_status()
        row = r.json()["results"]["bindings"][0]
        return int(next(iter(row.values()))["value"])


def main(argv=None) -> int:
    """Build CV files into a fresh private Virtuoso through cvgraph's remote path, compare the
    graphs with a local build of the same files, print the timings; --serve keeps it running."""
    from bench.run import graph_sizes
    from cvgraph.build import build
    from cvgraph.config import Settings
    from cvgraph.store import live_generation

    ap = argparse.ArgumentParser(description="build CVs into a private Virtuoso and compare with a local build")
    ap.add_argument("paths", nargs="+", help="CV files or folders")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--buffers", type=int, default=85000, help="NumberOfBuffers (8 KB pages)")
    ap.add_argument("--serve", action="store_true", help="keep Virtuoso running until Ctrl-C")
    args = ap.parse_args(argv)
    reason = unavailable_reason()
    if reason:
        print(f"bench.virtuoso: {reason}", file=sys.stderr)
        return 1
    paths = [Path(p) for p in args.paths]
    with tempfile.TemporaryDirectory(prefix="cvgraph-local-") as tmp, Virtuoso(buffers=args.buffers) as v:
        print(f"Virtuoso {v.base}: queries {v.sparql_url}, Graph Store Protocol {v.gsp_url}, "
              f"SQL 127.0.0.1:{v.sql_port} (dba/dba)")
        t = time.perf_counter()
        remote = build(paths, v.target(), Settings(), jobs=args.jobs)
        remote_s = time.perf_counter() - t
        print(f"remote build: {remote.documents} documents in {remote_s:.1f} s "
              f"(store stage {remote.seconds.get('store', 0):.1f} s), {remote.triples} triples in the default graph")
        t = time.perf_counter()
        local = build(paths, Path(tmp) / "store", Settings(), jobs=args.jobs)
        print(f"local build:  {local.documents} documents in {time.perf_counter() - t:.1f} s "
              f"(store stage {local.seconds.get('store', 0):.1f} s)")
        import pyoxigraph as ox

        want = graph_sizes(ox.Store.read_only(str(live_generation(Path(tmp) / "store"))).query)
        got = v.graph_sizes()
        diff = {g: (got.get(g), want.get(g)) for g in set(got) | set(want) if got.get(g) != want.get(g)}
        print(f"{len(got) - 1} named graphs, {sum(got.values())} quads: "
              + ("the same triples per graph as the local build" if not diff else f"DIFFERENT (remote, local): {diff}"))
        if args.serve:
            print(f"serving; try: cvgraph serve --store {v.sparql_url}   (Ctrl-C stops Virtuoso)")
            try:
                while v.proc.poll() is None:
                    time.sleep(1)
            except KeyboardInterrupt:
                pass
        return 0 if not diff else 1


if __name__ == "__main__":
    sys.exit(main())
