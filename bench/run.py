"""The cvgraph benchmark: build throughput and SPARQL latency, side by side.

    python -m bench.run [--sizes 1000,10000] [--seed 1] [--reps 30] [--work .bench] [--out bench/results]

For every size N it

1. generates N synthetic CVs (``bench/generate.py``) and writes them to disk;
2. builds them through the real pipeline (``cvgraph.build.build``) in a child process, timing
   the whole build and every stage (read, extract, map, link, validate, store from
   ``BuildSummary.seconds``), sampling the resident memory of the build's process tree
   (psutil, every 0.2 s) and reading ``getrusage`` peaks; measures the store on disk;
3. compares a sample of 50 extracted documents with what the generator wrote (agreement);
4. times read+extract+map per document on one core (the 5–10 KB text shapes);
5. exports the live generation as N-Quads WITH its default graph (the materialised merge), loads
   that file into an Oxigraph server (``oxigraph load`` + ``oxigraph serve-read-only``); rdflib
   (``Dataset``) gets the part of that export the queries need, cut from it in one streaming
   pass (``--rdflib-graphs``, default ``auto``: the default graph, i.e. the merge, for the
   queries without GRAPH, then the named graphs for those with GRAPH), so all engines answer
   from the same data. Above ``--export-max`` (default 10,000; at 100k the export and a second
   store would not fit on this disk) there is no export: the Oxigraph server opens the build's
   own store read-only beside the endpoint (same Oxigraph version and storage format), and
   Virtuoso and rdflib, which load the export, are not run. ``--reuse-builds`` takes
   ``WORK/n<N>/store`` and its ``build.json`` from an earlier run instead of building again;
6. runs the query mix (``bench/queries/*.rq``) against (a) the cvgraph endpoint over HTTP
   (``cvgraph serve``, keep-alive client), (b) pyoxigraph in-process on the same store,
   (c) the Oxigraph server over HTTP, interleaved query by query in the same loop, then
   (d) rdflib (fewer repetitions, a per-query time limit, its memory watched: see the rdflib
   section below); every engine returns the
   full result serialised (SPARQL JSON for SELECT/ASK, N-Triples for CONSTRUCT/DESCRIBE);
   (e) OpenLink Virtuoso over HTTP (``bench/virtuoso.py``: a private instance, the same export
   bulk-loaded, its default-graph triples into cvgraph's stand-in graph named by
   ``default-graph-uri``), interleaved with (a)–(c); skipped with the reason printed when
   ``virtuoso-t`` is not installed (``scripts/install-virtuoso.sh``) or with ``--no-virtuoso``;
   before that, the whole build runs again into another Virtuoso instance through cvgraph's
   remote path (``cvgraph build --store http://…/sparql``: Graph Store Protocol PUTs), timed,
   and its graphs are compared with the local build's (N ≤ ``--virtuoso-build-max``);
7. records the endpoint's resident memory (server + query workers) after the mix.

Tables go to ``OUT/<name>.md`` and ``OUT/<name>.json``, plots to ``OUT/*.png``.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERY_DIR = Path(__file__).resolve().parent / "queries"
BIN = Path(sys.executable).parent


# -- queries ----------------------------------------------------------------------------------

def load_queries(params: dict[str, str]) -> dict[str, str]:
    """The query mix with %PERSON%, %ORG%, %VENUE% filled in (string literals, escaped)."""
    out = {}
    for f in sorted(QUERY_DIR.glob("*.rq")):
        text = f.read_text(encoding="utf-8")
        for k, v in params.items():
            text = text.replace(f"%{k}%", v.replace("\\", "\\\\").replace('"', '\\"'))
        out[f.stem] = text
    return out


def query_form(q: str) -> str:
    body = re.sub(r"(?im)^\s*(#.*|PREFIX\s+\S*\s*<[^>]*>|BASE\s*<[^>]*>)\s*$", "", q)
    m = re.search(r"\b(SELECT|ASK|CONSTRUCT|DESCRIBE)\b", body, re.I)
    return m.group(1).upper() if m else "SELECT"


def params_from_truth(cv_dir: Path) -> dict[str, str]:
    """Parameters from the first generated document: its subject, PhD institution, a venue."""
    from bench.check import load_truth

    truth = load_truth(cv_dir)
    first = truth[min(truth)]
    venue = next((p["venue"] for p in first["publications"]), "NSDI")
    return {"PERSON": first["name"], "ORG": first["education"][0]["institution"], "VENUE": venue}


# -- engines ----------------------------------------------------------------------------------

ACCEPT = {"SELECT": "application/sparql-results+json", "ASK": "application/sparql-results+json",
          "CONSTRUCT": "application/n-triples", "DESCRIBE": "application/n-triples"}


class HTTPEngine:
    def __init__(self, name: str, url: str, form: dict | None = None):
        import httpx

        self.name = name
        self.url = url
        self.form = form     # None: POST application/sparql-query; else a form POST with these fields
        self.client = httpx.Client(timeout=600, http2=False)   # keep-alive connection pool

    def run(self, q: str) -> tuple[int, int]:
        if self.form is not None:      # Virtuoso 7.2 never answers a direct application/sparql-query POST
            r = self.client.post(self.url, data={"query": q, **self.form},
                                 headers={"Accept": ACCEPT[query_form(q)]})
        else:
            r = self.client.post(self.url, content=q.encode("utf-8"),
                                 headers={"Content-Type": "application/sparql-query",
                                          "Accept": ACCEPT[query_form(q)]})
        if r.status_code != 200:
            raise RuntimeError(f"{self.name}: HTTP {r.status_code}: {r.text[:300]}")
        return len(r.content), _count_results(r.content, query_form(q))

    def close(self):
        self.client.close()


def _count_results(body: bytes, form: str) -> int:
    if form in ("SELECT", "ASK"):
        doc = json.loads(body)
        return int(doc["boolean"]) if "boolean" in doc else len(doc["results"]["bindings"])
    return sum(1 for line in body.splitlines() if line.strip())


class InProcessEngine:
    """pyoxigraph on the same on-disk generation, results serialised like the endpoint's."""

    name = "pyoxigraph in-process"

    def __init__(self, gen_path: Path):
        import pyoxigraph as ox

        self.ox = ox
        self.store = ox.Store.read_only(str(gen_path))

    def run(self, q: str) -> tuple[int, int]:
        ox = self.ox
        form = query_form(q)
        res = self.store.query(q)
        if form in ("SELECT", "ASK"):
            body = res.serialize(format=ox.QueryResultsFormat.JSON)
        else:
            body = ox.serialize(res, format=ox.RdfFormat.N_TRIPLES)
        return len(body), _count_results(body, form)

    def close(self):
        self.store = None


# -- rdflib -------------------------------------------------------------------------------------
#
# rdflib holds what the query mix needs, not the whole export (the export is every named graph
# plus the default graph, which cvgraph materialises as their merge: 14.6 M quads at 10k, ~16 GB
# in rdflib's memory store). `--rdflib-graphs` chooses:
#   auto    (default) `default` for the queries that read no named graph, then, in a second load
#           after the first is gone, `named` for the queries with GRAPH / FROM NAMED;
#   named   the named graphs only, in a Dataset with default_union=True: rdflib's default graph is
#           then the union (a set) of the named graphs, i.e. the same triples as cvgraph's
#           materialised merge, and GRAPH queries see every named graph (all queries run);
#   default the default graph only (the merge), as N-Triples into the Dataset's default graph;
#           queries that use named graphs (GRAPH, FROM NAMED) are reported as not run;
#   all     the whole export (default graph and named graphs), as before.
# The input is cut out of the export in one streaming pass over its lines (split_export). With
# `--rdflib-parser pyoxigraph` (default) the lines are parsed by pyoxigraph and each term is
# turned into the rdflib term rdflib's own parser would make (one object per distinct term),
# then added to rdflib's Memory store; with `rdflib` rdflib's N-Triples / N-Quads parser reads
# them. The queries always run on rdflib's SPARQL engine over rdflib's Memory store.

# Resident bytes per loaded quad, measured on the 1k export (seed 1): rdflib 7.6, CPython 3.11.
RDFLIB_BYTES_PER_QUAD = {("pyoxigraph", "default"): 850, ("pyoxigraph", "named"): 1060,
                         ("pyoxigraph", "all"): 1000, ("rdflib", "default"): 1260,
                         ("rdflib", "named"): 1490, ("rdflib", "all"): 1110}
XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


def uses_named_graphs(q: str) -> bool:
    """True when the query reads named graphs (GRAPH or FROM NAMED), comments and strings aside."""
    body = re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', '""', q)
    body = re.sub(r"(?m)#.*$", "", re.sub(r"<[^<>\s]*>", "<>", body))
    body = re.sub(r"[?$]\w+|[\w.-]*:[\w.-]*", " ", body)      # variables and prefixed names
    return re.search(r"\bGRAPH\b|\bFROM\s+NAMED\b", body, re.I) is not None


def split_export(export: Path, default_out: Path, named_out: Path) -> dict:
    """One streaming pass over an N-Quads export (Oxigraph's output: one quad per line, terms
    separated by spaces): default-graph lines to `default_out` (they are N-Triples lines),
    the others to `named_out`. A line has a graph term when, after its object, one more IRI or
    blank node precedes the final '.'; the object is a literal exactly when the line has a '"'
    (IRIs and blank node labels cannot hold one), and after a literal's last '"' only its
    language tag or datatype, the graph term and '.' can follow. (No RDF-star triple terms.)"""
    t = time.perf_counter()
    nd = nn = 0
    with open(export, "rb") as f, open(default_out, "wb") as d, open(named_out, "wb") as g:
        for line in f:
            q = line.rfind(b'"')
            if q >= 0:
                named = any(tok[:1] in (b"<", b"_") for tok in line[q + 1:].split()[:-1])
            else:
                toks = line.split()
                if not toks or toks[0][:1] == b"#":
                    continue
                named = len(toks) == 5
            if named:
                g.write(line)
                nn += 1
            else:
                d.write(line)
                nd += 1
    return {"default_graph_quads": nd, "named_graph_quads": nn, "split_s": round(time.perf_counter() - t, 2)}


def load_into_rdflib(ds, path: str, graphs: str, parser: str) -> int:
    """Load `path` (N-Triples for graphs='default', else N-Quads) into the rdflib Dataset `ds`;
    returns the number of quads read."""
    default_graph = getattr(ds, "default_graph", None)
    if default_graph is None:                          # rdflib < 7.5
        default_graph = ds.default_context
    if parser == "rdflib":
        if graphs == "default":
            default_graph.parse(path, format="nt")
        else:
            ds.parse(path, format="nquads")
        return sum(len(c) for c in getattr(ds, "graphs", ds.contexts)()) if graphs != "default" else len(default_graph)
    import pyoxigraph as ox
    from rdflib import BNode, Literal, URIRef

    terms: dict = {}

    def term(t):
        r = terms.get(t)
        if r is None:
            if isinstance(t, ox.NamedNode):
                r = URIRef(t.value)
            elif isinstance(t, ox.BlankNode):
                r = BNode(t.value)
            else:        # what rdflib's parser makes: no datatype for simple and language-tagged literals
                dt = t.datatype.value
                r = Literal(t.value, lang=t.language,
                            datatype=None if t.language or dt == XSD_STRING else URIRef(dt))
            terms[t] = r
        return r

    add = ds.store.add
    n = 0
    if graphs == "default":
        for tr in ox.parse(path=path, format=ox.RdfFormat.N_TRIPLES):
            add((term(tr.subject), term(tr.predicate), term(tr.object)), default_graph)
            n += 1
        return n
    contexts = {}
    for qd in ox.parse(path=path, format=ox.RdfFormat.N_QUADS):
        g = contexts.get(qd.graph_name)
        if g is None:
            g = contexts[qd.graph_name] = (default_graph if isinstance(qd.graph_name, ox.DefaultGraph)
                                           else ds.graph(term(qd.graph_name)))
        add((term(qd.subject), term(qd.predicate), term(qd.object)), g)
        n += 1
    return n


class _QueryTimeout(BaseException):
    """Raised in the rdflib child by SIGALRM (a BaseException: rdflib's `except Exception` and
    bare excepts around expression evaluation must not swallow it; the alarm re-arms too)."""


def _on_alarm(signum, frame):
    import signal
    signal.setitimer(signal.ITIMER_REAL, 1.0)          # again in 1 s should a bare except eat this one
    raise _QueryTimeout()


def rdflib_dataset(graphs: str):
    import rdflib
    # named: the default graph is the union of the named graphs (cvgraph's merge, computed);
    # default/all: queries see the Dataset's own default graph (the loaded merge)
    return rdflib.Dataset(default_union=(graphs == "named"))


def rdflib_answer(ds, q: str) -> bytes:
    """Run `q` on rdflib and serialise the full result like the endpoint does."""
    form = query_form(q)
    res = ds.query(q)
    if form in ("SELECT", "ASK"):
        body = res.serialize(format="json")
    else:
        body = res.graph.serialize(format="nt", encoding="utf-8")
    return body if isinstance(body, bytes) else body.encode("utf-8")


def _rdflib_worker(conn, data_path: str, graphs: str, parser: str):
    """Child process: load the data into an rdflib Dataset, then answer queries (each stopped by
    SIGALRM at its time limit, so a slow query does not cost a reload)."""
    import signal

    import psutil

    try:
        t0 = time.perf_counter()
        ds = rdflib_dataset(graphs)
        quads = load_into_rdflib(ds, data_path, graphs, parser)
        load_s = time.perf_counter() - t0
        triples = len(ds)           # distinct triples in the store: the default graph the queries see
        conn.send(("loaded", load_s, quads, triples, psutil.Process().memory_info().rss))
    except BaseException as exc:                       # noqa: BLE001 — reported to the parent
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    signal.signal(signal.SIGALRM, _on_alarm)
    while True:
        msg = conn.recv()
        if msg is None:
            return
        q, timeout = msg
        t = time.perf_counter()
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout)
            body = rdflib_answer(ds, q)
            signal.setitimer(signal.ITIMER_REAL, 0)
            reply = ("ok", time.perf_counter() - t, len(body), _count_results(body, query_form(q)))
        except _QueryTimeout:
            signal.setitimer(signal.ITIMER_REAL, 0)
            reply = ("timeout", time.perf_counter() - t)
        except Exception as exc:                      # noqa: BLE001 — an engine error is a result
            signal.setitimer(signal.ITIMER_REAL, 0)
            reply = ("error", f"{type(exc).__name__}: {str(exc)[:300]}")
        body = None
        conn.send(reply)


class RdflibUnavailable(RuntimeError):
    """rdflib could not be loaded within the memory limits (the reason is the message)."""


class RdflibEngine:
    """rdflib in a child process; its RSS and the machine's free memory are watched while it loads
    and answers: past `max_rss` or below `min_available` it is stopped (never swapping the box)."""

    name = "rdflib"

    def __init__(self, data_path: Path, graphs: str = "all", parser: str = "rdflib",
                 max_rss: float = float("inf"), min_available: float = 0):
        import multiprocessing as mp

        self.ctx = mp.get_context("spawn")
        self.data_path, self.graphs, self.parser = data_path, graphs, parser
        self.max_rss, self.min_available = max_rss, min_available
        self.load_seconds = self.quads = self.triples = self.rss = None
        self.peak_rss = 0
        self.restarts = 0
        self._start()

    def _memory_problem(self) -> str | None:
        import psutil

        try:
            rss = psutil.Process(self.proc.pid).memory_info().rss
        except psutil.Error:
            return None
        self.peak_rss = max(self.peak_rss, rss)
        avail = psutil.virtual_memory().available
        if rss > self.max_rss:
            return f"rdflib's RSS reached {rss / 2**30:.1f} GiB (limit {self.max_rss / 2**30:.1f} GiB)"
        if avail < self.min_available:
            return (f"the machine's available memory fell to {avail / 2**30:.1f} GiB "
                    f"(rdflib at {rss / 2**30:.1f} GiB; at least {self.min_available / 2**30:.1f} GiB kept free)")
        return None

    def _stop(self):
        self.proc.kill()
        self.proc.join()

    def _start(self):
        self.parent, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=_rdflib_worker,
                                     args=(child, str(self.data_path), self.graphs, self.parser), daemon=True)
        self.proc.start()
        child.close()
        while not self.parent.poll(0.5):
            problem = self._memory_problem()
            if problem or not self.proc.is_alive():
                self._stop()
                raise RdflibUnavailable(f"loading stopped: {problem}" if problem else
                                        f"the rdflib process exited ({self.proc.exitcode}) while loading")
        try:
            msg = self.parent.recv()
        except EOFError:
            self.proc.join()
            raise RdflibUnavailable(f"the rdflib process exited ({self.proc.exitcode}) while loading") from None
        if msg[0] != "loaded":
            self._stop()
            raise RdflibUnavailable(f"loading failed: {msg[1]}")
        problem = self._memory_problem()       # a load faster than one poll is checked here
        if problem:
            self._stop()
            raise RdflibUnavailable(f"loading stopped: {problem}")
        self.load_seconds, self.quads, self.triples, self.rss = msg[1:]

    def run(self, q: str, timeout: float) -> tuple:
        """('ok', seconds, bytes, results) | ('timeout', seconds) | ('error', message) |
        ('memory', seconds, reason) — after a memory stop (or a child that ignored its alarm
        for 60 s) the child is restarted with a fresh load."""
        self.parent.send((q, timeout))
        t = time.perf_counter()
        while not self.parent.poll(0.5):
            problem = self._memory_problem()
            hung = time.perf_counter() - t > timeout + 60
            if problem or hung or not self.proc.is_alive():
                secs = time.perf_counter() - t
                self._stop()
                self.restarts += 1
                self._start()
                return ("memory", secs, problem) if problem else ("timeout", secs)
        try:
            return self.parent.recv()
        except EOFError:                                # the child died (e.g. killed from outside)
            secs = time.perf_counter() - t
            self.proc.join()
            self.restarts += 1
            self._start()
            return ("error", f"the rdflib process exited ({self.proc.exitcode}) after {secs:.1f} s")

    def close(self):
        try:
            self.parent.send(None)
        except OSError:
            pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()


# -- processes --------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            if httpx.get(url, timeout=2).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def tree_rss(pid: int) -> tuple[int, int, int]:
    """(main RSS, sum of descendants' RSS, number of descendants) in bytes."""
    import psutil

    try:
        p = psutil.Process(pid)
        kids = p.children(recursive=True)
        main = p.memory_info().rss
        rest = 0
        for k in kids:
            try:
                rest += k.memory_info().rss
            except psutil.Error:
                pass
        return main, rest, len(kids)
    except psutil.Error:
        return 0, 0, 0


def tree_pss(pid: int) -> int:
    """The summed PSS (proportional set size) of a process and its descendants, in bytes: a
    page shared by n of them counts 1/n in each, so unlike the RSS sum it counts the pages a
    forked child shares with its parent once (Linux: /proc/PID/smaps_rollup)."""
    import psutil

    total = 0
    try:
        p = psutil.Process(pid)
        for q in [p, *p.children(recursive=True)]:
            try:
                total += q.memory_full_info().pss
            except (psutil.Error, AttributeError):
                pass
    except psutil.Error:
        return 0
    return total


class PeakSampler:
    """Samples the summed RSS of a process tree every `every` seconds, and its summed PSS
    every `pss_every` samples (reading smaps costs more); keeps both peaks."""

    def __init__(self, pid: int, every: float = 0.2, pss_every: int = 5):
        self.pid, self.every, self.pss_every, self.peak, self.peak_pss = pid, every, pss_every, 0, 0
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._loop, daemon=True)
        self._t.start()

    def _loop(self):
        n = 0
        while not self._stop.is_set():
            main, rest, _ = tree_rss(self.pid)
            self.peak = max(self.peak, main + rest)
            if n % self.pss_every == 0:
                self.peak_pss = max(self.peak_pss, tree_pss(self.pid))
            n += 1
            self._stop.wait(self.every)

    def stop(self) -> int:
        self._stop.set()
        self._t.join()
        return self.peak


def dir_size(path: Path) -> int:
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


# -- build (child process) --------------------------------------------------------------------

def build_child(cvs: str, store: str, jobs: int) -> None:
    """Run the real build and print a JSON line with its summary and rusage peaks."""
    from cvgraph.build import build
    from cvgraph.config import Settings

    t0 = time.perf_counter()
    s = build([Path(cvs)], Path(store), Settings(), jobs=jobs)
    wall = time.perf_counter() - t0
    ru_self = resource.getrusage(resource.RUSAGE_SELF)
    ru_kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("BENCH-JSON " + json.dumps({
        "wall": wall, "seconds": s.seconds, "documents": s.documents, "failed": len(s.failed),
        "failed_sample": s.failed[:5], "people": s.people, "organizations": s.organizations,
        "publications": s.publications, "triples": s.triples, "violations": s.violations,
        "warnings": s.warnings, "maxrss_self": ru_self.ru_maxrss * 1024,
        "maxrss_children": ru_kids.ru_maxrss * 1024,
        "cpu_self": ru_self.ru_utime + ru_self.ru_stime, "cpu_children": ru_kids.ru_utime + ru_kids.ru_stime}))


def run_remote_build(cvs: Path, url: str, jobs: int) -> dict:
    """The real build into a remote store (`cvgraph build --store URL`), in a child process."""
    proc = subprocess.run([sys.executable, "-m", "bench.run", "_build", str(cvs), url, str(jobs)],
                          cwd=ROOT, capture_output=True, text=True)
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("BENCH-JSON ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"remote build failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(line[len("BENCH-JSON "):])


def graph_sizes(run_query) -> dict[str, int]:
    """Triples per graph ('' = the default graph) through `run_query(text) -> rows`."""
    out = {row["g"].value: int(row["n"].value) for row in run_query(
        "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")}
    out[""] = int(next(iter(run_query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value)
    return out


def virtuoso_build(n: int, cvs: Path, work: Path, args, local_sizes: dict[str, int]) -> dict:
    """The whole build again, into a fresh Virtuoso through cvgraph's remote path; compared."""
    from bench.virtuoso import Virtuoso

    with Virtuoso(work / "virtuoso-build", buffers=args.virtuoso_buffers) as v:
        log(f"[{n}] remote build into Virtuoso ({v.sparql_url}, Graph Store Protocol at {v.gsp_url})")
        res = run_remote_build(cvs, v.sparql_url, args.jobs)
        got = v.graph_sizes()
        res["virtuoso_rss"] = v.rss()
    diff = {g: (got.get(g), local_sizes.get(g)) for g in set(got) | set(local_sizes) if got.get(g) != local_sizes.get(g)}
    res.update({"graphs": len(got) - 1, "quads": sum(got.values()), "same_graph_sizes_as_local": not diff,
                "differences": dict(sorted(diff.items())[:10])})
    log(f"[{n}] remote build {res['wall']:.1f} s (store stage {res['seconds'].get('store', 0):.1f} s); "
        f"{res['graphs']} graphs, {res['quads']} quads, " + ("same as the local build" if not diff else f"DIFFERS: {diff}"))
    return res


def run_build(cvs: Path, store: Path, jobs: int) -> dict:
    if store.exists():
        shutil.rmtree(store)
    proc = subprocess.Popen([sys.executable, "-m", "bench.run", "_build", str(cvs), str(store), str(jobs)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = PeakSampler(proc.pid)
    out, err = proc.communicate()
    peak = sampler.stop()
    line = next((ln for ln in out.splitlines() if ln.startswith("BENCH-JSON ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"build failed ({proc.returncode}):\n{err[-3000:]}")
    res = json.loads(line[len("BENCH-JSON "):])
    res["peak_tree_rss"] = peak
    res["peak_tree_pss"] = sampler.peak_pss
    from cvgraph.store import live_generation
    gen = live_generation(store)
    res["store_bytes"] = dir_size(gen)
    return res


# -- per-document speed -----------------------------------------------------------------------

def extract_speed(cv_dir: Path, sample: int = 300) -> dict:
    """read+extract+map per document on one core, for the text shapes (txt, md) and the seeds."""
    import random

    from cvgraph.build import process_document
    from cvgraph.config import Settings

    settings = Settings()
    files = sorted(f for f in cv_dir.rglob("cv*") if f.suffix in (".txt", ".md"))
    files = random.Random(0).sample(files, min(sample, len(files)))
    seeds = sorted((ROOT / "data" / "cvs").glob("*.txt"))
    for f in files[:5]:
        process_document(str(f), settings)        # warm-up: imports, regex caches
    out = {}
    for label, group, rounds in (("generated text CVs (.txt, .md)", files, 1), ("seed CVs (data/cvs)", seeds, 10)):
        if not group:
            continue
        stage = {"read": 0.0, "extract": 0.0, "map": 0.0}
        nbytes = 0
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        n = 0
        for _ in range(rounds):
            for f in group:
                r = process_document(str(f), settings)
                n += 1
                nbytes += f.stat().st_size
                for k in stage:
                    stage[k] += r.seconds.get(k, 0.0)
        wall = time.perf_counter() - t0
        cpu = time.process_time() - cpu0
        out[label] = {"documents": n, "mean_kb": round(nbytes / n / 1024, 1), "wall_s": round(wall, 3),
                      "docs_per_s_wall": round(n / wall, 1), "docs_per_cpu_s": round(n / cpu, 1),
                      "ms_per_doc": {k: round(v / n * 1000, 2) for k, v in stage.items()}}
    return out


# -- latency ----------------------------------------------------------------------------------

def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summarise(xs: list[float]) -> dict:
    return {"n": len(xs), "median_ms": round(pct(xs, 50) * 1000, 3), "p95_ms": round(pct(xs, 95) * 1000, 3),
            "p99_ms": round(pct(xs, 99) * 1000, 3)}


def _rounds(warmup: int) -> str:
    return f"{warmup} warm-up round{'s' if warmup != 1 else ''}"


def run_mix(queries: dict[str, str], engines: list, reps: int, warmup: int = 2) -> tuple[dict, dict]:
    times = {e.name: {q: [] for q in queries} for e in engines}
    results = {e.name: {} for e in engines}
    for rep in range(warmup + reps):
        for qname, q in queries.items():
            for e in engines:
                t = time.perf_counter()
                nbytes, nres = e.run(q)
                dt = time.perf_counter() - t
                if rep >= warmup:
                    times[e.name][qname].append(dt)
                results[e.name][qname] = nres
    return times, results


def run_rdflib(engine: RdflibEngine, queries: dict[str, str], reps: int, timeout: float) -> tuple[dict, dict, dict]:
    """Times per query (None if not finished), result counts, and for each query that did not
    finish a status: {'timeout_s', 'after_s'} | {'aborted', 'after_s'} | {'error'}."""
    times, results, status = {}, {}, {}
    for qname, q in queries.items():
        xs = []
        for i in range(reps + 1):                  # first run is the warm-up (lazy grammar, caches)
            r = engine.run(q, timeout)
            if r[0] != "ok":
                xs = None
                status[qname] = ({"timeout_s": timeout, "after_s": round(r[1], 2)} if r[0] == "timeout" else
                                 {"aborted": r[2], "after_s": round(r[1], 2)} if r[0] == "memory" else
                                 {"error": r[1]})
                log(f"rdflib {qname}: {status[qname]}")
                break
            _, secs, _, nres = r
            results[qname] = nres
            if i > 0:
                xs.append(secs)
            if secs > 10 and i >= 1:              # slow: one measured run is enough
                break
        times[qname] = xs
    return times, results, status


def rdflib_plan(queries: dict[str, str], graphs: str) -> tuple[list[tuple[str, list[str]]], dict[str, str]]:
    """[(what to load, the queries it answers)], and the queries not run with the reason."""
    named = [q for q, text in queries.items() if uses_named_graphs(text)]
    rest = [q for q in queries if q not in named]
    if graphs == "auto":           # the merge for what it answers, the named graphs only for GRAPH queries
        return [("default", rest)] + ([("named", named)] if named else []), {}
    if graphs == "default":
        return [("default", rest)], {q: "named graphs not loaded: --rdflib-graphs default" for q in named}
    return [(graphs, list(queries))], {}


def rdflib_phase(n: int, export: Path, work: Path, queries: dict[str, str], args) -> tuple[dict, dict, dict, dict]:
    """Load into rdflib what the mix needs (`--rdflib-graphs`, within `--rdflib-max-gb` and the
    memory the machine has free), one load after the other, and time the queries. Returns
    (times, results, status, info); info is {} when rdflib is not used at this N (`--rdflib-max`)."""
    import psutil

    if not (args.rdflib_max and n <= args.rdflib_max):
        return {}, {}, {}, {}
    GiB = 2**30
    info = {"graphs_requested": args.rdflib_graphs, "parser": args.rdflib_parser, "loads": []}
    paths = {"default": work / "rdflib-default.nt", "named": work / "rdflib-named.nq", "all": export}
    times, results, status = {}, {}, {}
    try:
        info.update(split_export(export, paths["default"], paths["named"]))
        counts = {"default": info["default_graph_quads"], "named": info["named_graph_quads"]}
        counts["all"] = counts["default"] + counts["named"]
        limit = args.rdflib_max_gb * GiB
        reserve = args.rdflib_min_free_gb * GiB

        def need(g):
            return 150 * 2**20 + counts[g] * RDFLIB_BYTES_PER_QUAD[(args.rdflib_parser, g)]

        info["estimate_gb"] = {g: round(need(g) / GiB, 1) for g in counts}
        log(f"[{n}] rdflib: {counts['default']:,} default-graph triples, {counts['named']:,} named-graph quads "
            f"(split in {info['split_s']} s); estimated RSS {info['estimate_gb']} GiB; limit {args.rdflib_max_gb} GiB, "
            f"{args.rdflib_min_free_gb} GiB kept free")
        plan, not_run = rdflib_plan(queries, args.rdflib_graphs)
        status.update({q: {"not_run": why} for q, why in not_run.items()})
        for graphs, qnames in plan:
            avail = psutil.virtual_memory().available
            budget = min(limit, avail - reserve)
            load = {"graphs": graphs, "queries": qnames, "available_gb_before": round(avail / GiB, 1)}
            info["loads"].append(load)
            if need(graphs) > budget and graphs == "named" and args.rdflib_graphs == "named" \
                    and need("default") <= budget:
                info["fallback"] = (f"named graphs not loaded: memory (they need about {need(graphs) / GiB:.1f} GiB, "
                                    f"{budget / GiB:.1f} GiB usable)")
                log(f"[{n}] rdflib: {info['fallback']}; loading the default graph only")
                plan_d, not_run = rdflib_plan(queries, "default")
                graphs, qnames = plan_d[0]
                load.update({"graphs": graphs, "queries": qnames})
                status.update({q: {"not_run": "named graphs not loaded: memory"} for q in not_run})
            if need(graphs) > budget:
                load["skipped"] = (f"not loaded: memory (the {graphs} graph{'s' if graphs != 'default' else ''} would need "
                                   f"about {need(graphs) / GiB:.1f} GiB; limit {args.rdflib_max_gb} GiB, "
                                   f"{avail / GiB:.1f} GiB available, {args.rdflib_min_free_gb} GiB kept free)")
            else:
                log(f"[{n}] rdflib: loading {counts[graphs]:,} quads ({graphs}, parser {args.rdflib_parser}) "
                    f"for {len(qnames)} queries; {avail / GiB:.1f} GiB available")
                try:
                    rd = RdflibEngine(paths[graphs], graphs, args.rdflib_parser, max_rss=limit, min_available=reserve)
                except RdflibUnavailable as exc:
                    load["skipped"] = str(exc)
            if "skipped" in load:
                log(f"[{n}] rdflib ({graphs}) {load['skipped']}")
                why = "named graphs not loaded: memory" if graphs == "named" else f"rdflib {load['skipped']}"
                status.update({q: {"not_run": why} for q in qnames})
                continue
            load.update({"load_s": round(rd.load_seconds, 2), "quads": rd.quads, "triples": rd.triples, "rss": rd.rss})
            log(f"[{n}] rdflib: {rd.quads:,} quads ({rd.triples:,} distinct triples) loaded in {rd.load_seconds:.1f} s, "
                f"RSS {rd.rss / GiB:.2f} GiB")
            try:
                t, r, s = run_rdflib(rd, {q: queries[q] for q in qnames}, args.rdflib_reps, args.rdflib_timeout)
                times.update(t)
                results.update(r)
                status.update(s)
            finally:
                load.update({"peak_rss": rd.peak_rss, "reloads": rd.restarts})
                rd.close()
        first = next((ld for ld in info["loads"] if "load_s" in ld), None)
        if first:          # the first load's figures at the top level, as before
            info.update({k: first[k] for k in ("graphs", "load_s", "quads", "triples", "rss", "peak_rss", "reloads")})
        else:
            info["skipped"] = "; ".join(ld["skipped"] for ld in info["loads"]) or "nothing to load"
        return times, results, status, info
    finally:
        for g in ("default", "named"):
            paths[g].unlink(missing_ok=True)


def rdflib_row(q: str, times: dict, status: dict) -> dict | None:
    """The per-query rdflib entry: timings, or why there are none (None: rdflib not used)."""
    if times.get(q):
        return summarise(times[q])
    return status.get(q)


def _rdflib_ms(row: dict | None) -> tuple[float | None, bool]:
    """(milliseconds, finished): the median, or for a query stopped at its limit the time it had
    run (a lower bound of its time); (None, False) when it did not run or failed."""
    if not row:
        return None, False
    if "median_ms" in row:
        return row["median_ms"], True
    if "timeout_s" in row:
        return row["timeout_s"] * 1000, False
    if "after_s" in row:
        return row["after_s"] * 1000, False
    return None, False


def rdflib_ratios(row: dict | None, endpoint_ms: float, against: str = "endpoint") -> dict:
    """rdflib's time over another engine's (`against`: its name in the keys)."""
    ms, finished = _rdflib_ms(row)
    return {f"rdflib/{against}": ratio(ms, endpoint_ms) if finished else None,
            f"rdflib/{against} (lower bound)": ratio(ms, endpoint_ms)}


def rdflib_overall(per_query: dict, ratios: dict, endpoint_ms: dict, against: str = "endpoint") -> tuple[dict, dict]:
    """rdflib's overall figures and the rdflib/endpoint ratios (rdflib/`against` when another engine's
    times are given): over the finished queries, and a
    lower bound counting each query stopped at its limit at that limit."""
    rows = {q: per_query[q]["rdflib"] for q in per_query}
    if not any(rows.values()):
        return {}, {}
    ms = {q: _rdflib_ms(r) for q, r in rows.items()}
    ok = [q for q, (v, fin) in ms.items() if fin]
    run = [q for q, (v, fin) in ms.items() if v is not None]
    stopped = [q for q in run if q not in ok]
    not_run = {q: r.get("not_run") or r.get("error") for q, r in rows.items() if r and q not in run}
    o = {"queries_within_limit": len(ok), "queries": len(rows), "queries_run": len(run),
         "stopped_at_limit": stopped, "not_run": not_run}
    if ok:
        o["median_of_medians_ms"] = round(statistics.median(ms[q][0] for q in ok), 3)
    if run:
        o["median_of_medians_ms_lower_bound"] = round(statistics.median(ms[q][0] for q in run), 3)
        o["total_mix_ms_lower_bound"] = round(sum(ms[q][0] for q in run), 3)
    summary = {}
    rr = [ratios[q][f"rdflib/{against}"] for q in ok if ratios[q][f"rdflib/{against}"]]
    lb = [ratios[q][f"rdflib/{against} (lower bound)"] for q in run if ratios[q][f"rdflib/{against} (lower bound)"]]
    if rr:
        summary[f"rdflib/{against} (median of per-query ratios, finished queries)"] = round(statistics.median(rr), 2)
        summary[f"rdflib/{against} (geometric mean, finished queries)"] = geomean(rr)
    if lb:
        summary[f"rdflib/{against} (median of per-query ratios, lower bound: stopped queries at their limit)"] = round(statistics.median(lb), 2)
        summary[f"rdflib/{against} (geometric mean, lower bound: stopped queries at their limit)"] = geomean(lb)
        summary[f"rdflib/{against} (whole mix time, lower bound, queries rdflib ran)"] = ratio(
            o["total_mix_ms_lower_bound"], sum(endpoint_ms[q] for q in run))
        summary[f"rdflib/{against}: queries at 20x or more (lower bounds counted)"] = f"{sum(x >= 20 for x in lb)} of {len(lb)}"
    summary["rdflib timeouts (counted as not finished)"] = len(stopped)
    if not_run:
        summary["rdflib queries not run"] = len(not_run)
    return o, summary


# -- reporting --------------------------------------------------------------------------------

def write_table(out: Path, name: str, title: str, header: list[str], rows: list[list], data, notes: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    md = [f"# {title}", ""]
    if notes:
        md += [notes, ""]
    md.append("| " + " | ".join(header) + " |")
    md.append("| " + " | ".join("---" for _ in header) + " |")
    for r in rows:
        md.append("| " + " | ".join(str(c) for c in r) + " |")
    (out / f"{name}.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def fmt_rdflib(rd: dict | None) -> str:
    if not rd:
        return "not run"
    if "median_ms" in rd:
        return fmt_ms(rd["median_ms"])
    if "timeout_s" in rd:
        return f"> {rd['timeout_s']:.0f} s"
    if "aborted" in rd:
        return f"> {rd['after_s']:.0f} s (stopped: memory)"
    return f"not run ({rd.get('not_run') or 'error: ' + rd.get('error', '')[:80]})"


def fmt_rdflib_overall(o: dict | None) -> str:
    if not o:
        return "–"
    s = fmt_ms(o.get("median_of_medians_ms"))
    if o.get("stopped_at_limit"):
        s += f" (finished queries); ≥ {fmt_ms(o['median_of_medians_ms_lower_bound'])} with timeouts at the limit"
    return s


def rdflib_note(info: dict | None, timeout: float | None = None) -> str:
    """What rdflib held, how it was loaded, and how it was timed (sentences for the notes)."""
    if not info:
        return "not loaded at this N (--rdflib-max, or no N-Quads export above --export-max)."
    if "loads" not in info:         # a run from before the subset loading
        if "load_s" in info:
            return f"the whole export loaded in {info['load_s']:.0f} s, up to 3 timed runs after one warm-up."
        return f"{info.get('skipped', 'not loaded')}."
    what = {"named": "the named graphs only, its default graph being their union (the merge, computed by rdflib: "
                     "default_union=True)",
            "default": "the default graph only (the merge)",
            "all": "the whole export (named graphs and the default graph)"}
    parser = ("pyoxigraph's parser, each distinct term made once as an rdflib term, into rdflib's Memory store"
              if info["parser"] == "pyoxigraph" else "rdflib's own parser")
    parts = []
    for ld in info["loads"]:
        qs = f"{len(ld['queries'])} quer{'y' if len(ld['queries']) == 1 else 'ies'}"
        if "skipped" in ld:
            parts.append(f"for {qs}, {what[ld['graphs']]} was {ld['skipped']}")
            continue
        parts.append(f"for {qs}, it held {what[ld['graphs']]}: {ld['quads']:,} quads ({ld['triples']:,} distinct "
                     f"triples) loaded in {ld['load_s']:.0f} s, RSS after loading {ld['rss'] / 2**30:.2f} GiB "
                     f"(peak {ld['peak_rss'] / 2**30:.2f} GiB)"
                     + (f", reloaded {ld['reloads']} times after a stopped query" if ld.get("reloads") else ""))
    s = (f"cut from the export in one streaming pass ({info['split_s']:.0f} s) and loaded with {parser}, one load "
         "after the other in a child process; " + "; ".join(parts))
    if info.get("fallback"):
        s += f"; {info['fallback']}"
    limit = f"{timeout:.0f} s" if timeout else "the time limit"
    return (s + f". Up to 3 timed runs after one warm-up, one run if slower than 10 s; a query still running at "
            f"{limit} is stopped (SIGALRM) and shown as '> {limit}', its rdflib/endpoint ratio as '> x', "
            "a lower bound (limit / endpoint median).")


def fmt_ms(x) -> str:
    if x is None:
        return "–"
    return f"{x:.1f}" if x >= 1 else f"{x:.2f}"


def ratio(a, b) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 2)


def geomean(xs):
    xs = [x for x in xs if x]
    if not xs:
        return None
    import math
    return round(math.exp(sum(math.log(x) for x in xs) / len(xs)), 2)


# -- main -------------------------------------------------------------------------------------

def terminate(p: subprocess.Popen) -> None:
    p.terminate()
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()


def bench_size(n: int, args, machine: dict) -> dict:
    from bench.check import check
    from bench.generate import generate
    from cvgraph.store import live_generation

    work = Path(args.work) / f"n{n}"
    work.mkdir(parents=True, exist_ok=True)
    cvs = work / "cvs"
    store = work / "store"
    saved = work / "build.json"
    if args.reuse_builds and saved.exists() and store.exists():
        # a build of this N from an earlier run of the same harness (`run_build`), e.g. a long
        # 100k build; the corpus is regenerated only if missing (same seed, same documents)
        b = json.loads(saved.read_text(encoding="utf-8"))
        log(f"[{n}] reusing the build in {store} ({saved}: {b['wall']:.1f} s)")
        if not cvs.exists():
            generate(n, args.seed, cvs)
        b["reused"] = True
    else:
        log(f"[{n}] generating")
        t = time.perf_counter()
        generate(n, args.seed, cvs)
        gen_s = time.perf_counter() - t
        log(f"[{n}] building (jobs={args.jobs})")
        b = run_build(cvs, store, args.jobs)
        b["generate_s"] = round(gen_s, 2)
        saved.write_text(json.dumps(b, indent=1), encoding="utf-8")
    b.update({"n": n, "corpus_bytes": dir_size(cvs), "docs_per_s": round(n / b["wall"], 2)})
    log(f"[{n}] build {b['wall']:.1f} s, {b['docs_per_s']} docs/s, stages {b['seconds']}")

    log(f"[{n}] extraction check")
    ext = check(cvs, sample=50, seed=0)
    log(f"[{n}] per-document speed")
    speed = extract_speed(cvs, sample=min(300, n))

    gen = live_generation(store)
    export = work / "export.nq"
    exported = n <= args.export_max
    import pyoxigraph as ox
    src = ox.Store.read_only(str(gen))
    export_s = None
    if exported:
        t = time.perf_counter()
        src.dump(str(export), format=ox.RdfFormat.N_QUADS)   # every graph, the default graph included
        export_s = time.perf_counter() - t
    default_triples = int(next(iter(src.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value)
    quads = len(src)
    local_sizes = graph_sizes(src.query) if exported else {}
    del src

    # (e) Virtuoso: the remote build (timed, compared), then a fresh instance for the query mix
    from bench.virtuoso import unavailable_reason
    vt_reason = ("--no-virtuoso" if args.no_virtuoso else
                 f"N > --export-max {args.export_max} (Virtuoso loads the N-Quads export)" if not exported
                 else unavailable_reason())
    vt_build, vt_info = None, {}
    if vt_reason:
        log(f"[{n}] Virtuoso skipped: {vt_reason}")
    elif n <= args.virtuoso_build_max:
        try:
            vt_build = virtuoso_build(n, cvs, work, args, local_sizes)
        except Exception as exc:         # an optional engine: report, do not end the benchmark
            log(f"[{n}] remote build into Virtuoso failed: {exc}")
            vt_build = {"error": str(exc)[-2000:]}

    params = params_from_truth(cvs)
    queries = load_queries(params)
    engines, procs = [], []
    mem = {}
    try:
        # (c) Oxigraph server on the same export, or above --export-max on the build's own
        #     store (same Oxigraph version and storage format), opened read-only beside the endpoint
        oxdb = work / "oxigraph-db"
        if oxdb.exists():
            shutil.rmtree(oxdb)
        ox_load_s = None
        if exported:
            t = time.perf_counter()
            subprocess.run([str(BIN / "oxigraph"), "load", "--location", str(oxdb), "--file", str(export)],
                           check=True, capture_output=True)
            ox_load_s = time.perf_counter() - t
        ox_port = free_port()
        oxp = subprocess.Popen([str(BIN / "oxigraph"), "serve-read-only", "--location", str(oxdb if exported else gen),
                                "--bind", f"127.0.0.1:{ox_port}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        procs.append(oxp)
        # (a) the cvgraph endpoint
        port = free_port()
        ep = subprocess.Popen([str(BIN / "cvgraph"), "serve", "--store", str(store), "--host", "127.0.0.1",
                               "--port", str(port), "--timeout", "600"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(ep)
        wait_http(f"http://127.0.0.1:{port}/health", ep)
        wait_http(f"http://127.0.0.1:{ox_port}/", oxp)
        mem["endpoint_idle"] = tree_rss(ep.pid)
        engines = [HTTPEngine("cvgraph endpoint (HTTP)", f"http://127.0.0.1:{port}/sparql"),
                   InProcessEngine(gen),
                   HTTPEngine("Oxigraph server (HTTP)", f"http://127.0.0.1:{ox_port}/query")]
        if not vt_reason:
            from bench.virtuoso import Virtuoso, VirtuosoError
            from cvgraph.remote import VIRTUOSO_DEFAULT_GRAPH
            vt = Virtuoso(work / "virtuoso-db", buffers=args.virtuoso_buffers, dirs_allowed=[work])
            try:
                vt.start()
                procs.append(vt)
                vt_load_s = vt.load_nquads(export, VIRTUOSO_DEFAULT_GRAPH)
            except VirtuosoError as exc:      # an optional engine: report, do not end the benchmark
                vt.stop()
                vt_reason = f"Virtuoso failed to start or load: {str(exc)[-500:]}"
                log(f"[{n}] {vt_reason}")
        if not vt_reason:
            vt_default = vt.count(f"SELECT (COUNT(*) AS ?n) FROM <{VIRTUOSO_DEFAULT_GRAPH}> WHERE {{ ?s ?p ?o }}")
            vt_sizes = vt.graph_sizes()
            vt_info = {"load_s": round(vt_load_s, 2), "default_graph_triples": vt_default,
                       "same_graph_sizes_as_local": vt_sizes == local_sizes, "db_bytes": dir_size(vt.dir / "db")}
            log(f"[{n}] Virtuoso: bulk load {vt_load_s:.1f} s, default graph {vt_default} triples "
                f"(local {default_triples}), triples per graph " + ("as local" if vt_sizes == local_sizes else "DIFFER"))
            engines.append(HTTPEngine("Virtuoso (HTTP)", vt.sparql_url, form={"default-graph-uri": VIRTUOSO_DEFAULT_GRAPH}))
        log(f"[{n}] query mix: {len(queries)} queries x {args.reps} reps x {len(engines)} engines")
        times, results = run_mix(queries, engines, args.reps, args.warmup)
        mem["endpoint_after_mix"] = tree_rss(ep.pid)
        mem["oxigraph_server_after_mix"] = tree_rss(oxp.pid)
        if not vt_reason:
            mem["virtuoso_after_mix"] = (vt.rss(), 0, 0)
    finally:
        for e in engines:
            e.close()
        for p in procs:
            if not isinstance(p, subprocess.Popen):    # the Virtuoso instance
                p.stop()
                continue
            terminate(p)

    rd_times, rd_results, rd_status, rd_info = (rdflib_phase(n, export, work, queries, args) if exported
                                                else ({}, {}, {}, {}))

    # agreement of result counts between engines (same data ⇒ same answers)
    names = [e.name for e in engines]
    disagreements = []
    for q in queries:
        counts = {nm: results[nm].get(q) for nm in names}
        if q in rd_results:
            counts["rdflib"] = rd_results[q]
        if len(set(counts.values())) > 1:
            disagreements.append({"query": q, "results": counts})

    per_query = {}
    for q in queries:
        row = {nm: summarise(times[nm][q]) for nm in names}
        row["rdflib"] = rdflib_row(q, rd_times, rd_status)
        row["results"] = results[names[0]][q]
        per_query[q] = row
    ep_n, ip_n, os_n = names[:3]
    vt_n = names[3] if len(names) > 3 else None
    med = lambda nm, q: per_query[q][nm]["median_ms"]  # noqa: E731
    ratios = {q: {"endpoint/in-process": ratio(med(ep_n, q), med(ip_n, q)),
                  "endpoint/oxigraph-server": ratio(med(ep_n, q), med(os_n, q)),
                  **({"endpoint/virtuoso": ratio(med(ep_n, q), med(vt_n, q))} if vt_n else {}),
                  **rdflib_ratios(per_query[q]["rdflib"], med(ep_n, q)),
                  **rdflib_ratios(per_query[q]["rdflib"], med(ip_n, q), "in-process")}
              for q in queries}
    overall = {}
    for nm in names:
        overall[nm] = {"median_of_medians_ms": round(statistics.median(med(nm, q) for q in queries), 3),
                       "total_mix_ms": round(sum(med(nm, q) for q in queries), 3)}
    rd_overall, rd_ratio_summary = rdflib_overall(per_query, ratios, {q: med(ep_n, q) for q in queries})
    if rd_overall:
        overall["rdflib"] = rd_overall
    overall["ratios"] = {
        "endpoint/in-process (median of per-query ratios)": statistics.median(r["endpoint/in-process"] for r in ratios.values()),
        "endpoint/in-process (geometric mean)": geomean([r["endpoint/in-process"] for r in ratios.values()]),
        "endpoint/in-process (ratio of overall medians)": ratio(overall[ep_n]["median_of_medians_ms"], overall[ip_n]["median_of_medians_ms"]),
        "endpoint/oxigraph-server (median of per-query ratios)": statistics.median(r["endpoint/oxigraph-server"] for r in ratios.values()),
        "endpoint/oxigraph-server (geometric mean)": geomean([r["endpoint/oxigraph-server"] for r in ratios.values()]),
        "endpoint/oxigraph-server (ratio of overall medians)": ratio(overall[ep_n]["median_of_medians_ms"], overall[os_n]["median_of_medians_ms"]),
    }
    if vt_n:
        overall["ratios"].update({
            "endpoint/virtuoso (median of per-query ratios)": statistics.median(r["endpoint/virtuoso"] for r in ratios.values()),
            "endpoint/virtuoso (geometric mean)": geomean([r["endpoint/virtuoso"] for r in ratios.values()]),
            "endpoint/virtuoso (ratio of overall medians)": ratio(overall[ep_n]["median_of_medians_ms"], overall[vt_n]["median_of_medians_ms"]),
        })
    if vt_n:
        from bench.virtuoso import KNOWN_DIFFERENCES
        for d in disagreements:
            if vt_n in d["results"] and d["query"] in KNOWN_DIFFERENCES:
                d["reason"] = KNOWN_DIFFERENCES[d["query"]]
    overall["ratios"].update(rd_ratio_summary)
    if rd_overall:        # the engine's floor against rdflib: what no endpoint on pyoxigraph can beat
        overall["ratios"].update(rdflib_overall(per_query, ratios, {q: med(ip_n, q) for q in queries}, "in-process")[1])

    return {"n": n, "build": b, "extraction": ext, "speed": speed,
            "export": {"quads": quads, "default_graph_triples": default_triples, "exported": exported,
                       **({"export_s": round(export_s, 2), "export_bytes": export.stat().st_size,
                           "oxigraph_load_s": round(ox_load_s, 2), "oxigraph_db_bytes": dir_size(oxdb)}
                          if exported else {"oxigraph_server_on": "the build's store (read-only)"})},
            "rdflib": rd_info, "virtuoso": {"skipped": vt_reason, "build": vt_build, **vt_info}, "params": params, "per_query": per_query, "ratios": ratios, "overall": overall,
            "memory": {k: {"main_rss": v[0], "children_rss": v[1], "children": v[2]} for k, v in mem.items()},
            "disagreements": disagreements, "reps": args.reps, "warmup": args.warmup,
            "rdflib_timeout": args.rdflib_timeout}


def rdflib_only(n: int, args, machine: dict) -> dict:
    """`--rdflib-only`: the cvgraph endpoint and rdflib, nothing else, on an existing WORK/n<N>
    (cvs/ and store/ from an earlier run; export.nq is dumped if missing): rdflib re-measured
    without a rebuild, its ratios against the endpoint timed in the same run."""
    import pyoxigraph as ox

    from cvgraph.store import live_generation

    work = Path(args.work) / f"n{n}"
    cvs, store, export = work / "cvs", work / "store", work / "export.nq"
    if not cvs.is_dir() or not store.is_dir():
        raise SystemExit(f"--rdflib-only: {work} has no cvs/ and store/ (run the benchmark at N = {n} first)")
    gen = live_generation(store)
    if not export.exists():
        src = ox.Store.read_only(str(gen))
        src.dump(str(export), format=ox.RdfFormat.N_QUADS)
        del src
    params = params_from_truth(cvs)
    queries = load_queries(params)
    port = free_port()
    ep = subprocess.Popen([str(BIN / "cvgraph"), "serve", "--store", str(store), "--host", "127.0.0.1",
                           "--port", str(port), "--timeout", "600"], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/health", ep)
        engine = HTTPEngine("cvgraph endpoint (HTTP)", f"http://127.0.0.1:{port}/sparql")
        # the engine's floor on the same store, interleaved with the endpoint query by query:
        # rdflib/in-process says how far any endpoint on this engine can be from rdflib
        local = InProcessEngine(gen)
        log(f"[{n}] query mix on the endpoint and in-process: {len(queries)} queries x {args.reps} reps")
        try:
            times, results = run_mix(queries, [engine, local], args.reps, args.warmup)
        finally:
            engine.close()
            local.close()
    finally:
        terminate(ep)
    rd_times, rd_results, rd_status, rd_info = rdflib_phase(n, export, work, queries, args)
    ep_n, ip_n = engine.name, local.name
    per_query, ratios = {}, {}
    for q in queries:
        per_query[q] = {ep_n: summarise(times[ep_n][q]), ip_n: summarise(times[ip_n][q]),
                        "rdflib": rdflib_row(q, rd_times, rd_status),
                        "results": results[ep_n][q], "rdflib_results": rd_results.get(q)}
        ratios[q] = {**rdflib_ratios(per_query[q]["rdflib"], per_query[q][ep_n]["median_ms"]),
                     **rdflib_ratios(per_query[q]["rdflib"], per_query[q][ip_n]["median_ms"], "in-process"),
                     "endpoint/in-process": ratio(per_query[q][ep_n]["median_ms"], per_query[q][ip_n]["median_ms"])}
    ep_ms = {q: per_query[q][ep_n]["median_ms"] for q in queries}
    ip_ms = {q: per_query[q][ip_n]["median_ms"] for q in queries}
    rd_overall, summary = rdflib_overall(per_query, ratios, ep_ms)
    _, summary_ip = rdflib_overall(per_query, ratios, ip_ms, "in-process")
    ep_ip = [ratios[q]["endpoint/in-process"] for q in queries if ratios[q]["endpoint/in-process"]]
    if ep_ip:
        summary_ip["endpoint/in-process (median of per-query ratios)"] = round(statistics.median(ep_ip), 2)
    overall = {ep_n: {"median_of_medians_ms": round(statistics.median(ep_ms.values()), 3),
                      "total_mix_ms": round(sum(ep_ms.values()), 3)},
               ip_n: {"median_of_medians_ms": round(statistics.median(ip_ms.values()), 3),
                      "total_mix_ms": round(sum(ip_ms.values()), 3)},
               "rdflib": rd_overall, "ratios": {**summary, **summary_ip}}
    return {"n": n, "rdflib": rd_info, "params": params, "per_query": per_query, "ratios": ratios,
            "overall": overall, "reps": args.reps, "warmup": args.warmup, "rdflib_timeout": args.rdflib_timeout}


def report_rdflib_only(r: dict, out: Path, machine: dict) -> None:
    n, ep_n, ip_n = r["n"], "cvgraph endpoint (HTTP)", "pyoxigraph in-process"
    has_ip = all(ip_n in row for row in r["per_query"].values())     # runs before session 20 had none

    def against(rt: dict, name: str) -> str:
        lower = rt.get(f"rdflib/{name} (lower bound)")
        return rt.get(f"rdflib/{name}") or (f"> {lower}" if lower else "–")

    rows = []
    for q, row in r["per_query"].items():
        rt = r["ratios"][q]
        rows.append([q, row["results"], "–" if row["rdflib_results"] is None else row["rdflib_results"],
                     fmt_ms(row[ep_n]["median_ms"]), fmt_ms(row[ep_n]["p95_ms"]),
                     *((fmt_ms(row[ip_n]["median_ms"]),) if has_ip else ()), fmt_rdflib(row["rdflib"]),
                     against(rt, "endpoint"), *((against(rt, "in-process"), rt["endpoint/in-process"]) if has_ip else ())])
    o = r["overall"]
    rows.append(["**median of medians**", "", "", fmt_ms(o[ep_n]["median_of_medians_ms"]), "",
                 *((fmt_ms(o[ip_n]["median_of_medians_ms"]),) if has_ip else ()),
                 fmt_rdflib_overall(o.get("rdflib")), "", *(("", "") if has_ip else ())])
    note = (f"One run on {machine['cpus']} CPUs ({machine['cpu']}), {machine['mem_gb']} GB RAM, Python "
            f"{machine['python']}, {machine['date']}; load average at start {machine['loadavg']}. The machine is "
            f"shared: compare figures within this table. `--rdflib-only`: the cvgraph endpoint over HTTP"
            f"{' and pyoxigraph in-process on the same store, interleaved query by query' if has_ip else ''} "
            f"({r['reps']} timed repetition{'s' if r['reps'] != 1 else ''} per query after {_rounds(r.get('warmup', 2))}) then rdflib, on the store and "
            f"export of an earlier run at N = {n}. rdflib: " + rdflib_note(r["rdflib"], r["rdflib_timeout"])
            + " Parameters: " + ", ".join(f"{k} = {v}" for k, v in r["params"].items()) + ". Overall: "
            + "; ".join(f"{k}: {v}" for k, v in o["ratios"].items()) + ".")
    write_table(out, f"rdflib_{n}", f"rdflib and the cvgraph endpoint, N = {n}",
                ["query", "results (endpoint)", "results (rdflib)", "endpoint median ms", "p95",
                 *(["in-process median ms"] if has_ip else []), "rdflib median ms", "rdflib / endpoint",
                 *(["rdflib / in-process", "endpoint / in-process"] if has_ip else [])], rows, r, note)


def log(msg: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {msg}", file=sys.stderr, flush=True)


def MB(x) -> str:
    return f"{x / 2**20:.0f}"


def report(all_res: list[dict], out: Path, machine: dict) -> None:
    note = (f"One run on {machine['cpus']} CPUs ({machine['cpu']}), {machine['mem_gb']} GB RAM, Python "
            f"{machine['python']}, {machine['date']}; load average at start {machine['loadavg']}. "
            "The machine is shared: compare figures within a table (same run), not across runs.")
    # build
    rows, data = [], []
    for r in all_res:
        b = r["build"]
        s = b["seconds"]
        rows.append([f"{r['n']} †" if b.get("reused") else r["n"], b["documents"], b["failed"], f"{b['wall']:.1f}", b["docs_per_s"],
                     *(f"{s.get(k, 0):.1f}" for k in ("read", "extract", "map", "link", "validate", "store")),
                     b["triples"], MB(b["peak_tree_rss"]), MB(b["peak_tree_pss"]) if b.get("peak_tree_pss") else "–",
                     MB(max(b["maxrss_self"], b["maxrss_children"])),
                     MB(b["store_bytes"]), MB(b["corpus_bytes"])])
        data.append(b)
    write_table(out, "build", "Build: end to end and per stage",
                ["N", "docs built", "failed", "wall s", "docs/s", "read s*", "extract s*", "map s*", "link s",
                 "validate s", "store s", "triples (store)", "peak RSS MB (tree)", "peak PSS MB (tree)",
                 "peak RSS MB (one proc)",
                 "store MB", "corpus MB"], rows, data,
                note + " *read/extract/map are summed over worker processes (CPU-seconds across "
                       f"{machine['jobs']} workers), the other stages are wall time in the parent. Peak RSS "
                       "(tree): the largest sum of the build's processes' RSS (every 0.2 s), which counts a "
                       "page a forked child shares with its parent twice; peak PSS (tree): the largest sum of "
                       "their proportional set sizes (every 1 s), each page once. MB = 2^20 bytes."
                       + (" † the build of an earlier run of this harness (--reuse-builds), not of this run."
                          if any(r["build"].get("reused") for r in all_res) else ""))
    # extraction agreement
    rows = []
    for r in all_res:
        for k, v in r["extraction"]["by_fact"].items():
            rows.append([r["n"], k, v["ok"], v["total"], f"{100 * v['agreement']:.1f} %"])
        rows.append([r["n"], "**all facts**", "", r["extraction"]["facts"],
                     f"**{100 * r['extraction']['overall_agreement']:.1f} %**"])
    write_table(out, "extraction", "Extraction agreement: 50 sampled generated CVs, extracted vs written",
                ["N", "fact", "agree", "facts", "agreement"], rows, [r["extraction"] for r in all_res], note)
    # per-document speed
    rows = []
    for r in all_res:
        for label, v in r["speed"].items():
            rows.append([r["n"], label, v["documents"], v["mean_kb"], v["docs_per_s_wall"], v["docs_per_cpu_s"],
                         v["ms_per_doc"]["read"], v["ms_per_doc"]["extract"], v["ms_per_doc"]["map"]])
    write_table(out, "extract_speed", "read + extract + map on one core", ["N", "documents", "count", "mean KB",
                "docs/s (wall)", "docs per CPU-second", "read ms", "extract ms", "map ms"], rows,
                [r["speed"] for r in all_res], note + " Target: ≥ 100 documents per second per core.")
    # queries, one table per N
    for r in all_res:
        n = r["n"]
        names = [k for k in next(iter(r["per_query"].values())) if k not in ("rdflib", "results")]
        rows = []
        for q, row in r["per_query"].items():
            cells = [q, row["results"]]
            for nm in names:
                cells += [fmt_ms(row[nm]["median_ms"]), fmt_ms(row[nm]["p95_ms"]), fmt_ms(row[nm]["p99_ms"])]
            rd = row["rdflib"]
            cells.append(fmt_rdflib(rd))
            rt = r["ratios"][q]
            lower = rt.get("rdflib/endpoint (lower bound)")
            lower_ip = rt.get("rdflib/in-process (lower bound)")
            cells += [rt["endpoint/in-process"], rt["endpoint/oxigraph-server"],
                      rt["rdflib/endpoint"] or (f"> {lower}" if lower else "–"),
                      rt.get("rdflib/in-process") or (f"> {lower_ip}" if lower_ip else "–")]
            if "endpoint/virtuoso" in rt:
                cells.append(rt["endpoint/virtuoso"])
            rows.append(cells)
        o = r["overall"]
        rows.append(["**median of medians**", "",
                     *sum(([fmt_ms(o[nm]["median_of_medians_ms"]), "", ""] for nm in names), []),
                     fmt_rdflib_overall(o.get("rdflib")),
                     o["ratios"]["endpoint/in-process (ratio of overall medians)"],
                     o["ratios"]["endpoint/oxigraph-server (ratio of overall medians)"], "", "",
                     *([o["ratios"]["endpoint/virtuoso (ratio of overall medians)"]]
                       if "endpoint/virtuoso (ratio of overall medians)" in o["ratios"] else [])])
        header = ["query", "results"]
        short = {"cvgraph endpoint (HTTP)": "endpoint", "pyoxigraph in-process": "in-process",
                 "Oxigraph server (HTTP)": "oxigraph server", "Virtuoso (HTTP)": "virtuoso"}
        for nm in names:
            header += [f"{short[nm]} median ms", "p95", "p99"]
        header += ["rdflib median ms", "endpoint / in-process", "endpoint / oxigraph server", "rdflib / endpoint",
                   "rdflib / in-process"]
        if "Virtuoso (HTTP)" in names:
            header.append("endpoint / virtuoso")
        ex = r["export"]
        extra = (f" N = {n} CVs: {ex['default_graph_triples']:,} triples in the default graph (the merge), "
                 f"{ex['quads']:,} quads in all. {r['reps']} timed repetitions per query and engine "
                 f"(after {_rounds(r.get('warmup', 2))}), engines interleaved query by query; rdflib: "
                 + rdflib_note(r["rdflib"], r.get("rdflib_timeout")) + " Parameters: "
                 + ", ".join(f"{k} = {v}" for k, v in r["params"].items()) + ". Overall ratios: "
                 + "; ".join(f"{k}: {v}" for k, v in o["ratios"].items()) + ".")
        if not ex.get("exported", True):
            extra += (" No N-Quads export at this N (--export-max): the Oxigraph server ran "
                      "`oxigraph serve-read-only` on the build's own store, beside the endpoint.")
        vt = r.get("virtuoso") or {}
        if vt.get("skipped"):
            extra += f" Virtuoso not run: {vt['skipped']}."
        elif vt:
            extra += (f" Virtuoso: the same export bulk-loaded in {vt['load_s']:.1f} s (ld_dir + rdf_loader_run "
                      f"+ checkpoint), {vt['default_graph_triples']:,} triples in its stand-in default graph, "
                      + ("triples per graph as in the local store" if vt.get("same_graph_sizes_as_local")
                         else "triples per graph DIFFERENT from the local store") + "; "
                      "queries sent as form POSTs with default-graph-uri.")
            b = vt.get("build")
            if b and "error" in b:
                extra += f" The build into Virtuoso through cvgraph's remote path failed: {b['error'][-300:]}."
            elif b:
                extra += (f" The whole build into Virtuoso through cvgraph's remote path (Graph Store Protocol): "
                          f"{b['wall']:.1f} s wall, store stage {b['seconds'].get('store', 0):.1f} s (local build: "
                          f"{r['build']['wall']:.1f} s, store stage {r['build']['seconds'].get('store', 0):.1f} s); "
                          f"{b['graphs']} named graphs, {b['quads']:,} quads, "
                          + ("triples per graph equal to the local build's" if b["same_graph_sizes_as_local"]
                             else f"DIFFERENT from the local build: {b['differences']}") + ".")
        if r["disagreements"]:
            extra += " Result counts differing between engines: " + "; ".join(
                f"{d['query']}: {d['results']}" + (f" ({d['reason']})" if d.get("reason") else "")
                for d in r["disagreements"]) + "."
        write_table(out, f"queries_{n}", f"SPARQL query latency, N = {n}", header, rows, r, note + extra)
    # memory
    rows = []
    for r in all_res:
        for k, v in r["memory"].items():
            rows.append([r["n"], k, MB(v["main_rss"]), MB(v["children_rss"]), v["children"]])
    write_table(out, "memory", "Resident memory of the servers (RSS, MB)",
                ["N", "when", "main process", "child processes (sum)", "children"], rows,
                [{"n": r["n"], **r["memory"]} for r in all_res],
                note + " The endpoint's children are the forkserver and the query workers (RSS sums count "
                       "shared pages more than once).")
    plots(all_res, out)


def plots(all_res: list[dict], out: Path) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib is not installed: no plots (pip install matplotlib)")
        return
    # build stages vs N
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ns = [r["n"] for r in all_res]
    stages = ["read", "extract", "map", "link", "validate", "store"]
    for st in stages:
        ax.plot(ns, [r["build"]["seconds"].get(st, 0) for r in all_res], marker="o", label=st)
    ax.plot(ns, [r["build"]["wall"] for r in all_res], marker="s", color="black", label="total (wall)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("CVs (N)")
    ax.set_ylabel("seconds")
    ax.set_title("cvgraph build time per stage")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "build_stages.png", dpi=110)
    plt.close(fig)
    # query latency per engine, one panel per N
    fig, axes = plt.subplots(len(all_res), 1, figsize=(11, 4.2 * len(all_res)), squeeze=False)
    for ax, r in zip(axes[:, 0], all_res):
        qs = list(r["per_query"])
        engines = ["cvgraph endpoint (HTTP)", "pyoxigraph in-process", "Oxigraph server (HTTP)", "rdflib"]
        if "Virtuoso (HTTP)" in r["per_query"][qs[0]]:
            engines.append("Virtuoso (HTTP)")
        w = 0.8 / len(engines)
        for i, nm in enumerate(engines):
            ys = []
            for q in qs:
                v = r["per_query"][q].get(nm)
                ys.append(v["median_ms"] if v and "median_ms" in v else float("nan"))
            ax.bar([j + (i - (len(engines) - 1) / 2) * w for j in range(len(qs))], ys, width=w, label=nm)
        ax.set_yscale("log")
        ax.set_xticks(range(len(qs)))
        ax.set_xticklabels([q.split("_", 1)[0] for q in qs])
        ax.set_ylabel("median latency, ms (log)")
        ax.set_title(f"Query mix, N = {r['n']} CVs ({r['export']['default_graph_triples']:,} triples)")
        ax.grid(True, axis="y", which="both", alpha=0.3)
        ax.legend(fontsize=8, ncol=5)
    fig.tight_layout()
    fig.savefig(out / "query_latency.png", dpi=110)
    plt.close(fig)


def machine_info(jobs: int) -> dict:
    import psutil

    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "cpu": cpu, "mem_gb": round(psutil.virtual_memory().total / 2**30),
            "python": platform.python_version(), "date": time.strftime("%Y-%m-%d %H:%M"),
            "loadavg": " / ".join(f"{x:.1f}" for x in os.getloadavg()), "jobs": jobs}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "_build":
        build_child(argv[1], argv[2], int(argv[3]))
        return 0
    ap = argparse.ArgumentParser(description="cvgraph benchmark: build throughput and query latency")
    ap.add_argument("--sizes", default=os.environ.get("BENCH_SIZES", "1000,10000"),
                    help="comma-separated corpus sizes (default 1000,10000 or $BENCH_SIZES)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reps", type=int, default=30, help="timed repetitions per query and engine")
    ap.add_argument("--warmup", type=int, default=2,
                    help="untimed rounds of the mix before the timed ones (at 100k one round of the "
                         "large joins takes minutes per engine)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="build worker processes")
    ap.add_argument("--work", default=str(ROOT / ".bench"), help="scratch folder (CVs, stores, exports)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="where tables and plots go")
    ap.add_argument("--rdflib-max", type=int, default=10000, help="largest N to load into rdflib (0: never)")
    ap.add_argument("--rdflib-reps", type=int, default=3)
    ap.add_argument("--rdflib-timeout", type=float, default=60.0, help="per-query limit for rdflib, seconds")
    ap.add_argument("--rdflib-graphs", choices=("auto", "named", "default", "all"), default="auto",
                    help="what rdflib holds: auto = the default graph (the merge) for the queries without "
                         "GRAPH, then, in a second load, the named graphs (default graph = their union) for "
                         "those with GRAPH; named = the named graphs only, for every query (falls back to "
                         "'default' when it does not fit); default = the default graph only (GRAPH queries "
                         "not run); all = the whole export")
    ap.add_argument("--rdflib-parser", choices=("pyoxigraph", "rdflib"), default="pyoxigraph",
                    help="who parses rdflib's input: pyoxigraph (faster, one rdflib term per distinct term) "
                         "or rdflib's N-Triples/N-Quads parser")
    ap.add_argument("--rdflib-only", action="store_true",
                    help="only the endpoint and rdflib, on WORK/n<N> from an earlier run (no generation, build "
                         "or other engines); writes OUT/rdflib_<N>.md/.json")
    ap.add_argument("--rdflib-max-gb", type=float, default=12.0,
                    help="rdflib's resident memory limit, GiB (estimated before loading, watched while running)")
    ap.add_argument("--rdflib-min-free-gb", type=float, default=2.0,
                    help="memory (GiB) the machine keeps available while rdflib runs (rdflib is stopped below it)")
    ap.add_argument("--no-virtuoso", action="store_true", help="leave Virtuoso out (it is used when virtuoso-t is installed)")
    ap.add_argument("--export-max", type=int, default=10000,
                    help="largest N exported to N-Quads for the Oxigraph server's own load, Virtuoso and rdflib; "
                         "above it the Oxigraph server opens the build's store read-only and Virtuoso and rdflib "
                         "are not run (the export and a second store would not fit on disk at 100k)")
    ap.add_argument("--reuse-builds", action="store_true",
                    help="reuse WORK/n<N>/store and its build.json from an earlier run instead of building again")
    ap.add_argument("--virtuoso-build-max", type=int, default=10000,
                    help="largest N whose whole build is repeated into Virtuoso through cvgraph's remote path (0: never)")
    ap.add_argument("--virtuoso-buffers", type=int, default=170000,
                    help="Virtuoso's NumberOfBuffers (8 KB pages; 170000 is about 1.3 GB)")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    machine = machine_info(args.jobs)
    out = Path(args.out)
    all_res = []
    if args.rdflib_only:
        for n in sizes:
            res = rdflib_only(n, args, machine)
            report_rdflib_only(res, out, machine)
        log(f"results in {out}")
        return 0
    for n in sizes:
        res = bench_size(n, args, machine)
        all_res.append(res)
        out.mkdir(parents=True, exist_ok=True)
        (out / "raw.json").write_text(json.dumps({"machine": machine, "runs": all_res}, indent=1), encoding="utf-8")
        report(all_res, out, machine)           # tables after each size, so a long run leaves results
    log(f"results in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
