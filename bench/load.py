"""Load test of the SPARQL endpoint: concurrent clients on a query mix, bounded in time.

    .venv/bin/python bench/load.py                      # 50 clients, 60 s per phase, seeds
    .venv/bin/python bench/load.py --clients 10 --duration 5 --no-write

It starts `cvgraph serve` on 127.0.0.1 over a built store (``--store``; by default the seeds
— or ``bench/generate.py``'s synthetic set if that script exists — are built into a temporary
store) unless ``--url`` names a running server, then runs three phases, each stopping by itself:

1. ``cheap``: every client loops over cheap lookups and aggregates (requirement: 0 errors);
2. ``mixed``: the same, while ``--expensive`` clients send queries that cannot finish within
   the server's timeout (the pool kills the worker and answers 503): the cheap queries must
   still answer;
3. ``saturation``: more expensive clients than workers for a short while, to see overload
   answered with 503 + ``Retry-After`` (and cheap queries measured alongside).

Latencies (p50/p90/p99/max) and status counts per phase and kind are written to
``bench/results/load.json`` and ``bench/results/load.md``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

P = "PREFIX schema: <http://schema.org/>\n"
CHEAP = {
    "ask-person": P + "ASK { ?p a schema:Person ; schema:name ?n }",
    "docs-count": P + "SELECT (COUNT(?d) AS ?n) WHERE { ?d a schema:DigitalDocument }",
    "subjects": P + "SELECT ?doc ?name WHERE { ?doc a schema:DigitalDocument ; schema:about ?p . "
                    "?p schema:name ?name } ORDER BY ?doc LIMIT 50",
    "person-lookup": P + "SELECT ?p ?email WHERE { ?p a schema:Person ; schema:name ?n . "
                         "OPTIONAL { ?p schema:email ?email } FILTER(STRSTARTS(?n, \"L\")) } LIMIT 10",
    "pubs-per-venue": P + "SELECT ?v (COUNT(?pub) AS ?n) WHERE { ?pub a schema:ScholarlyArticle ; "
                          "schema:isPartOf ?v } GROUP BY ?v ORDER BY DESC(?n) LIMIT 20",
    "degrees": P + "SELECT ?name ?level WHERE { ?p schema:name ?name ; schema:hasCredential ?c . "
                   "?c schema:educationalLevel ?level } ORDER BY ?name LIMIT 100",
}
# A triple cross product: no store of any size answers it within a few seconds.
EXPENSIVE = {
    "cross-product": "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",
    "regex-join": "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?x . ?c ?d ?y "
                  "FILTER(REGEX(STR(?x), STR(?y))) }",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    k = min(len(v) - 1, max(0, round(q / 100 * (len(v) - 1))))
    return v[k]


class Recorder:
    def __init__(self):
        self.rows: dict[str, dict] = {}

    def add(self, kind: str, status: int | str, seconds: float, retry_after: bool) -> None:
        r = self.rows.setdefault(kind, {"latencies": [], "status": {}, "retry_after_503": 0, "503": 0})
        r["latencies"].append(seconds)
        r["status"][str(status)] = r["status"].get(str(status), 0) + 1
        if status == 503:
            r["503"] += 1
            r["retry_after_503"] += int(retry_after)

    def summary(self, wall: float) -> dict:
        out = {}
        for kind, r in self.rows.items():
            lat = r["latencies"]
            ok = r["status"].get("200", 0)
            out[kind] = {
                "requests": len(lat), "ok": ok, "errors": len(lat) - ok,
                "status": dict(sorted(r["status"].items())),
                "throughput_per_s": round(len(lat) / wall, 1) if wall else None,
                "p50_ms": _ms(percentile(lat, 50)), "p90_ms": _ms(percentile(lat, 90)),
                "p99_ms": _ms(percentile(lat, 99)), "max_ms": _ms(max(lat) if lat else None),
                "503_with_retry_after": f"{r['retry_after_503']}/{r['503']}",
            }
        return out


def _ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 1)


async def _client(http: httpx.AsyncClient, url: str, queries: dict, kind: str, rec: Recorder,
                  stop_at: float, rng: random.Random) -> None:
    names = sorted(queries)
    while time.monotonic() < stop_at:
        q = queries[rng.choice(names)]
        t0 = time.monotonic()
        try:
            r = await http.get(url + "/sparql", params={"query": q},
                               headers={"Accept": "application/sparql-results+json"})
            status = r.status_code
            if status == 200:
                json.loads(r.content)  # a complete, well-formed answer
            retry = "retry-after" in r.headers
        except (httpx.HTTPError, ValueError) as exc:
            status, retry = type(exc).__name__, False
        rec.add(kind, status, time.monotonic() - t0, retry)
        if status == 503:
            await asyncio.sleep(0.2)


async def run_phase(url: str, cheap_clients: int, expensive_clients: int, duration: float,
                    request_timeout: float = 120.0, seed: int = 1) -> dict:
    """Run one bounded phase; returns {"cheap": {...}, "expensive": {...}} summaries."""
    rec = Recorder()
    limits = httpx.Limits(max_connections=cheap_clients + expensive_clients + 4)
    async with httpx.AsyncClient(timeout=request_timeout, limits=limits) as http:
        t0 = time.monotonic()
        stop_at = t0 + duration
        rng = random.Random(seed)
        tasks = [_client(http, url, CHEAP, "cheap", rec, stop_at, random.Random(rng.random()))
                 for _ in range(cheap_clients)]
        tasks += [_client(http, url, EXPENSIVE, "expensive", rec, stop_at, random.Random(rng.random()))
                  for _ in range(expensive_clients)]
        await asyncio.gather(*tasks)
        wall = time.monotonic() - t0
    return {"wall_s": round(wall, 1), "cheap_clients": cheap_clients,
            "expensive_clients": expensive_clients, **rec.summary(wall)}


class Server:
    def __init__(self, store: Path, timeout: float):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "cvgraph.cli", "serve", "--store", str(store),
                                      "--port", str(self.port), "--timeout", str(timeout)],
                                     cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                r = httpx.get(self.url + "/health", timeout=10)
                if r.status_code == 200:
                    self.health = r.json()
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                break
            time.sleep(0.3)
        self.stop()
        raise RuntimeError("cvgraph serve did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def build_store(tmp: Path, synthetic: int) -> tuple[Path, str]:
    gen = ROOT / "bench" / "generate.py"
    inputs, label = ROOT / "data" / "cvs", "the five seed CVs (data/cvs)"
    if gen.exists() and synthetic > 0:
        out = tmp / "synthetic" / "cvs"
        res = subprocess.run([sys.executable, "-m", "bench.generate", "--n", str(synthetic), "--seed", "1",
                              "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
        if res.returncode == 0 and out.exists():
            inputs, label = out, f"{synthetic} synthetic CVs (`bench/generate.py --n {synthetic} --seed 1`)"
    store = tmp / "store"
    res = subprocess.run([sys.executable, "-m", "cvgraph.cli", "build", str(inputs), "--store", str(store)],
                         cwd=ROOT, capture_output=True, text=True)
    if res.returncode != 0 and not (store / "CURRENT").exists():
        raise RuntimeError("build failed: " + res.stderr[-2000:])
    return store, label


def render_md(result: dict) -> str:
    lines = ["# Endpoint load test", "",
             f"Run {result['date']} on {result['machine']}; store: {result['dataset']} "
             f"({result.get('triples', '?')} triples); server `cvgraph serve --timeout "
             f"{result['server_timeout']}` with {result.get('workers', '?')} query workers, "
             "on 127.0.0.1, client `bench/load.py` (httpx, asyncio) on the same machine.", "",
             "| phase | clients (cheap + expensive) | kind | requests | errors | status counts | req/s | "
             "p50 ms | p90 ms | p99 ms | max ms | 503 with Retry-After |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, ph in result["phases"].items():
        for kind in ("cheap", "expensive"):
            if kind not in ph:
                continue
            k = ph[kind]
            st = ", ".join(f"{s}: {n}" for s, n in k["status"].items())
            lines.append(f"| {name} ({ph['wall_s']} s) | {ph['cheap_clients']} + {ph['expensive_clients']} | {kind} "
                         f"| {k['requests']} | {k['errors']} | {st} | {k['throughput_per_s']} | {k['p50_ms']} "
                         f"| {k['p90_ms']} | {k['p99_ms']} | {k['max_ms']} | {k['503_with_retry_after']} |")
    lines += ["", "Expensive queries are expected to fail with 503 (stopped at the timeout, or refused "
              "while every worker is busy); the requirement is 0 errors for the cheap queries in the "
              "`cheap` phase and cheap queries still answering in the `mixed` phase.", ""]
    return "\n".join(lines)


async def main_async(args) -> dict:
    tmpdir = None
    server = None
    try:
        if args.url:
            url, label = args.url.rstrip("/"), args.url
        else:
            store = args.store
            label = str(store) if store else ""
            if store is None:
                tmpdir = tempfile.TemporaryDirectory(prefix="cvgraph-load-")
                store, label = build_store(Path(tmpdir.name), args.synthetic)
            server = Server(store, args.timeout)
            url = server.url
        health = httpx.get(url + "/health", timeout=30).json()
        phases = {}
        phases["cheap"] = await run_phase(url, args.clients, 0, args.duration)
        phases["mixed"] = await run_phase(url, args.clients - args.expensive, args.expensive, args.duration)
        if args.saturation:
            n = max(2, health.get("workers", 2) * 2)
            phases["saturation"] = await run_phase(url, args.clients - n, n, min(args.duration, 15))
        return {"date": time.strftime("%Y-%m-%d %H:%M"), "dataset": label,
                "machine": f"{platform.machine()}, {os.cpu_count()} cores (shared), {platform.python_version()}",
                "server_timeout": args.timeout, "workers": health.get("workers"),
                "triples": health.get("triples"), "phases": phases}
    finally:
        if server:
            server.stop()
        if tmpdir:
            tmpdir.cleanup()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="a running server (default: start one over --store)")
    ap.add_argument("--store", type=Path, help="a built store (default: build the seeds into a temp dir)")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds per phase")
    ap.add_argument("--expensive", type=int, default=1, help="expensive clients in the mixed phase")
    ap.add_argument("--timeout", type=float, default=5.0, help="server query timeout (seconds)")
    ap.add_argument("--synthetic", type=int, default=100,
                    help="CVs to generate with bench/generate.py when no --store is given (0: the seeds)")
    ap.add_argument("--no-saturation", dest="saturation", action="store_false")
    ap.add_argument("--no-write", dest="write", action="store_false")
    args = ap.parse_args(argv)
    result = asyncio.run(main_async(args))
    md = render_md(result)
    print(md)
    if args.write:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "load.json").write_text(json.dumps(result, indent=2) + "\n")
        (RESULTS / "load.md").write_text(md)
    cheap_errors = result["phases"]["cheap"]["cheap"]["errors"]
    mixed_ok = result["phases"]["mixed"].get("cheap", {}).get("ok", 0)
    return 0 if cheap_errors == 0 and mixed_ok > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
