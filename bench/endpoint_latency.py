"""Micro-benchmark of the endpoint's per-request overhead, side by side in one run.

    python -m bench.endpoint_latency --store DIR [--reps 30] [--queries bench/queries]
                                     [--no-oxigraph] [--json OUT.json]

Starts ``cvgraph serve`` on a free port over the store's live generation, loads the same
data (every graph, the default graph included, as N-Quads) into an Oxigraph server
(``oxigraph load`` + ``oxigraph serve-read-only``, when the ``oxigraph`` CLI is installed
next to this Python), and times every query of the mix, interleaved query by query and
engine by engine in one loop, against

- the cvgraph endpoint over HTTP (one keep-alive httpx client, POST
  ``application/sparql-query``),
- pyoxigraph in-process on the same generation (query + native serialisation),
- the Oxigraph server over HTTP (same client settings).

Every engine returns the full result serialised: SPARQL JSON for SELECT/ASK, N-Triples
for CONSTRUCT/DESCRIBE. Two extra probes measure the fixed cost: ``ASK {}`` and a
one-row ``SELECT``. Query parameters (%PERSON%, %ORG%, %VENUE%) come from the store itself
(the subject of the first document, an institution they studied at, a venue acronym).

Prints per-query medians and the ratios endpoint/in-process and endpoint/Oxigraph
server (ratio of the medians of per-query medians, and the median of per-query ratios).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.run import (BIN, ROOT, HTTPEngine, InProcessEngine, free_port, load_queries, pct,
                       wait_http)

PROBES = {
    "p0_ask_empty": "ASK {}",
    "p0_select_one": "SELECT ?x WHERE { BIND(1 AS ?x) }",
}


def params_from_store(gen: Path) -> dict[str, str]:
    import pyoxigraph as ox

    st = ox.Store.read_only(str(gen))
    q = """PREFIX schema: <http://schema.org/>
    SELECT ?name ?org ?venue WHERE {
      ?d a schema:DigitalDocument ; schema:about ?p . ?p schema:name ?name .
      OPTIONAL { ?p schema:hasCredential/schema:recognizedBy/schema:name ?org }
      OPTIONAL { ?w schema:author ?p ; schema:isPartOf/schema:alternateName ?venue }
    } ORDER BY ?d LIMIT 1"""
    row = next(iter(st.query(q)), None)
    out = {"PERSON": "nobody", "ORG": "nowhere", "VENUE": "NONE"}
    if row is not None:
        for key, var in (("PERSON", "name"), ("ORG", "org"), ("VENUE", "venue")):
            if row[var] is not None:
                out[key] = row[var].value
    del st
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", type=Path, required=True, help="a built cvgraph store")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--no-oxigraph", action="store_true", help="skip the Oxigraph server")
    ap.add_argument("--json", type=Path, help="write the raw figures here")
    ap.add_argument("--only", help="comma-separated query names (stems) to run")
    ap.add_argument("--uvicorn", action="append", default=[], metavar="KEY=VALUE",
                    help="serve with these uvicorn.run settings instead of `cvgraph serve` "
                         "(e.g. access_log=false, http=httptools, loop=uvloop); repeatable; "
                         "a second endpoint column is added with them")
    ap.add_argument("--baseline", type=Path, metavar="DIR",
                    help="also serve with the `endpoint` package found in DIR (e.g. a copy of "
                         "the previous version), as column endpoint-before, in the same loop")
    args = ap.parse_args(argv)

    from cvgraph.store import live_generation

    gen = live_generation(args.store)
    if gen is None:
        print(f"no generation in {args.store}", file=sys.stderr)
        return 2
    params = params_from_store(gen)
    queries = {**PROBES, **load_queries(params)}
    if args.only:
        keep = set(args.only.split(","))
        queries = {k: v for k, v in queries.items() if k in keep}

    tmp = Path(tempfile.mkdtemp(prefix="cvgraph-eplat-"))
    procs = []
    engines = []
    try:
        port = free_port()
        ep = subprocess.Popen([str(BIN / "cvgraph"), "serve", "--store", str(args.store),
                               "--host", "127.0.0.1", "--port", str(port), "--timeout", "600"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(ep)
        engines.append(HTTPEngine("endpoint", f"http://127.0.0.1:{port}/sparql"))
        if args.baseline:
            import os
            bport = free_port()
            bp = subprocess.Popen([sys.executable, "-m", "bench.endpoint_latency", "_serve",
                                   str(args.store.resolve()), str(bport)], cwd=args.baseline,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            procs.append(bp)
            wait_http(f"http://127.0.0.1:{bport}/health", bp)
            engines.append(HTTPEngine("endpoint-before", f"http://127.0.0.1:{bport}/sparql"))
        if args.uvicorn:
            vport = free_port()
            vp = subprocess.Popen([sys.executable, "-m", "bench.endpoint_latency", "_serve",
                                   str(args.store), str(vport), *args.uvicorn], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            procs.append(vp)
            wait_http(f"http://127.0.0.1:{vport}/health", vp)
            engines.append(HTTPEngine("endpoint+uvicorn", f"http://127.0.0.1:{vport}/sparql"))
        engines.append(InProcessEngine(gen))
        engines[-1].name = "in-process"
        oxbin = BIN / "oxigraph"
        if not args.no_oxigraph and oxbin.exists():
            import pyoxigraph as ox
            export = tmp / "export.nq"
            src = ox.Store.read_only(str(gen))
            src.dump(str(export), format=ox.RdfFormat.N_QUADS)
            del src
            subprocess.run([str(oxbin), "load", "--location", str(tmp / "db"), "--file", str(export)],
                           check=True, capture_output=True)
            oport = free_port()
            oxp = subprocess.Popen([str(oxbin), "serve-read-only", "--location", str(tmp / "db"),
                                    "--bind", f"127.0.0.1:{oport}"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            procs.append(oxp)
            wait_http(f"http://127.0.0.1:{oport}/", oxp)
            engines.append(HTTPEngine("oxigraph-server", f"http://127.0.0.1:{oport}/query"))
        wait_http(f"http://127.0.0.1:{port}/health", ep)

        times = {e.name: {q: [] for q in queries} for e in engines}
        counts = {e.name: {} for e in engines}
        for rep in range(args.warmup + args.reps):
            for qname, q in queries.items():
                for e in engines:
                    t = time.perf_counter()
                    _, nres = e.run(q)
                    dt = time.perf_counter() - t
                    if rep >= args.warmup:
                        times[e.name][qname].append(dt)
                    counts[e.name][qname] = nres
    finally:
        for e in engines:
            e.close()
        for p in procs:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(tmp, ignore_errors=True)

    names = [e.name for e in engines]
    med = {n: {q: pct(times[n][q], 50) * 1000 for q in queries} for n in names}
    print(f"store {args.store} ({gen.name}), reps {args.reps}; median ms per query")
    header = f"{'query':34s}" + "".join(f"{n:>17s}" for n in names) + "  rows"
    print(header)
    for q in queries:
        print(f"{q:34s}" + "".join(f"{med[n][q]:17.2f}" for n in names)
              + f"  {counts[names[0]][q]}")
        rows = {counts[n][q] for n in names}
        if len(rows) > 1:
            print(f"  ! engines disagree on {q}: {counts}")
    mix = [q for q in queries if q not in PROBES]
    summary = {"store": str(args.store), "reps": args.reps, "params": params,
               "median_ms": med, "overall": {}}
    for n in names:
        summary["overall"][n] = statistics.median(med[n][q] for q in mix) if mix else None
    print("\nmedian of per-query medians (mix only):",
          ", ".join(f"{n} {summary['overall'][n]:.2f} ms" for n in names if summary["overall"][n]))
    ep_name = names[0]
    for other in names[1:]:
        if not mix:
            break
        r_overall = summary["overall"][ep_name] / summary["overall"][other]
        r_per = statistics.median(med[ep_name][q] / med[other][q] for q in mix)
        summary[f"ratio_vs_{other}"] = {"of_medians": r_overall, "median_of_ratios": r_per}
        print(f"endpoint / {other}: {r_overall:.2f}x (ratio of medians), "
              f"{r_per:.2f}x (median of per-query ratios)")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


def serve(store: str, port: str, *opts: str) -> None:
    """`cvgraph serve` with other uvicorn settings (the --uvicorn variant)."""
    import uvicorn

    from cvgraph.config import Settings
    from endpoint.app import create_app

    kw = {"log_level": "info"}
    for o in opts:
        k, _, v = o.partition("=")
        kw[k] = {"true": True, "false": False}.get(v.lower(), v)
    app = create_app(Path(store), Settings(), query_timeout=600)
    uvicorn.run(app, host="127.0.0.1", port=int(port), **kw)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "_serve":
        serve(*sys.argv[2:])
        sys.exit(0)
    sys.exit(main())
