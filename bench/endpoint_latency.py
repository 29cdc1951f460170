"""HTTP latency of the cvgraph endpoint against pyoxigraph in-process and the Oxigraph server,
side by side in one run.

    python -m bench.endpoint_latency --store DIR [--reps 30] [--warmup 3] [--only q01,q02]
                                     [--budget SECONDS [--min-reps 3]] [--no-oxigraph]
                                     [--baseline DIR] [--uvicorn KEY=VALUE] [--json OUT.json]

Starts ``cvgraph serve`` on a free port over the store's live generation, loads the same
data (every graph, the default graph included, as N-Quads) into an Oxigraph server
(``oxigraph load`` + ``oxigraph serve-read-only``, when the ``oxigraph`` CLI is installed
next to this Python), and times every query of the mix (``bench/queries/*.rq``) interleaved
query by query: each repetition runs query 1 on every engine, then query 2 on every engine,
and so on, with the order of the engines rotated from one repetition to the next. Engines:

- ``endpoint``: the cvgraph endpoint over HTTP (one keep-alive httpx client, POST
  ``application/sparql-query``);
- ``in-process``: pyoxigraph on the same generation, query + native serialisation;
- ``oxigraph-server``: the Oxigraph server over HTTP (same client, same requests).

Every engine returns the full result body in the same format (the same ``Accept`` header
for both HTTP engines): SPARQL JSON for SELECT/ASK, N-Triples for CONSTRUCT/DESCRIBE, and
every body is read and counted (rows or triples). Two probes (``ASK {}`` and a one-row
``SELECT``) show the fixed cost per request; they are printed but left out of the mix
figures. Query parameters (%PERSON%, %ORG%, %VENUE%) come from the store itself.

``--baseline DIR`` adds a column ``endpoint-before`` served by the ``endpoint`` package found
in DIR (e.g. a copy of the previous version), with the same uvicorn settings as
``cvgraph serve``; ``--uvicorn KEY=VALUE`` adds a column with other uvicorn settings.

``--budget`` keeps a run on a large store bounded: a query whose measured time (all engines)
passes the budget is not repeated after ``--min-reps`` repetitions (its row says how many).

Prints, per query, the median and p95 of each engine and the ratios of the endpoint to the
other engines; then, over the mix, the median of the per-query medians (and of the p95s) of
each engine and the ratios (ratio of those medians, and median of the per-query ratios).
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
      { SELECT ?p WHERE { ?d a schema:DigitalDocument ; schema:about ?p } ORDER BY ?d LIMIT 1 }
      ?p schema:name ?name .
      OPTIONAL { ?p schema:hasCredential/schema:recognizedBy/schema:name ?org }
      OPTIONAL { ?w schema:author ?p ; schema:isPartOf/schema:alternateName ?venue }
    } LIMIT 1"""
    row = next(iter(st.query(q)), None)
    out = {"PERSON": "nobody", "ORG": "nowhere", "VENUE": "NONE"}
    if row is not None:
        for key, var in (("PERSON", "name"), ("ORG", "org"), ("VENUE", "venue")):
            if row[var] is not None:
                out[key] = row[var].value
    del st
    return out


def count_persons(gen: Path) -> int:
    import pyoxigraph as ox

    st = ox.Store.read_only(str(gen))
    row = next(iter(st.query("SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE "
                             "{ ?p a <http://schema.org/Person> }")))
    n = int(row["n"].value)
    del st
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", type=Path, required=True, help="a built cvgraph store")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--budget", type=float, default=0.0, metavar="SECONDS",
                    help="per query: stop repeating it once its measured time on all engines "
                         "passes SECONDS (after --min-reps repetitions); 0 = no limit")
    ap.add_argument("--min-reps", type=int, default=3)
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
    persons = count_persons(gen)
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
            wait_http(f"http://127.0.0.1:{bport}/sparql?query=ASK%20%7B%7D", bp)
            engines.append(HTTPEngine("endpoint-before", f"http://127.0.0.1:{bport}/sparql"))
        if args.uvicorn:
            vport = free_port()
            vp = subprocess.Popen([sys.executable, "-m", "bench.endpoint_latency", "_serve",
                                   str(args.store), str(vport), *args.uvicorn], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            procs.append(vp)
            wait_http(f"http://127.0.0.1:{vport}/sparql?query=ASK%20%7B%7D", vp)
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
        wait_http(f"http://127.0.0.1:{port}/sparql?query=ASK%20%7B%7D", ep)

        times = {e.name: {q: [] for q in queries} for e in engines}
        counts = {e.name: {} for e in engines}
        sizes = {e.name: {} for e in engines}
        started = time.monotonic()
        spent = {q: 0.0 for q in queries}
        for rep in range(args.warmup + args.reps):
            for qi, (qname, q) in enumerate(queries.items()):
                measured = rep - args.warmup
                if (args.budget and measured >= args.min_reps and spent[qname] > args.budget):
                    continue                           # heavy query: enough repetitions
                k = (rep + qi) % len(engines)          # rotate who goes first
                for e in engines[k:] + engines[:k]:
                    t = time.perf_counter()
                    size, nres = e.run(q)
                    dt = time.perf_counter() - t
                    if rep >= args.warmup:
                        times[e.name][qname].append(dt)
                        spent[qname] += dt
                    counts[e.name][qname] = nres
                    sizes[e.name][qname] = size
            print(f"rep {rep + 1}/{args.warmup + args.reps} done at "
                  f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        elapsed = time.monotonic() - started
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
    p95 = {n: {q: pct(times[n][q], 95) * 1000 for q in queries} for n in names}
    ep_name = names[0]
    others = names[1:]
    print(f"store {args.store} ({gen.name}): {persons} schema:Person; reps {args.reps} "
          f"(+{args.warmup} warm-up), {elapsed:.0f} s; ms per request, median / p95")
    print(f"{'query':28s}" + "".join(f"{n:>18s}" for n in names)
          + "".join(f"{'ep/' + o[:9]:>13s}" for o in others) + "   rows")
    for q in queries:
        print(f"{q[:28]:28s}"
              + "".join(f"{med[n][q]:>10.2f}/{p95[n][q]:<7.1f}" for n in names)
              + "".join(f"{med[ep_name][q] / med[o][q]:>12.2f}x" for o in others)
              + f"   {counts[names[0]][q]}" + ("" if len(times[ep_name][q]) == args.reps
                                                   else f" ({len(times[ep_name][q])} reps)"))
        rows = {counts[n][q] for n in names}
        if len(rows) > 1:
            print(f"  ! engines disagree on {q}: " + ", ".join(f"{n} {counts[n][q]}" for n in names))
    mix = [q for q in queries if q not in PROBES]
    summary = {"store": str(args.store), "generation": gen.name, "persons": persons,
               "reps": args.reps, "warmup": args.warmup, "params": params,
               "median_ms": med, "p95_ms": p95, "rows": counts, "bytes": sizes,
               "overall": {}, "overall_p95": {}}
    if not mix:
        return 0
    for n in names:
        summary["overall"][n] = statistics.median(med[n][q] for q in mix)
        summary["overall_p95"][n] = statistics.median(p95[n][q] for q in mix)
    print(f"\nover the {len(mix)}-query mix (median of per-query medians; of per-query p95s):")
    for n in names:
        print(f"  {n:18s} median {summary['overall'][n]:8.2f} ms   p95 {summary['overall_p95'][n]:8.2f} ms")
    for other in others:
        r_overall = summary["overall"][ep_name] / summary["overall"][other]
        r_per = statistics.median(med[ep_name][q] / med[other][q] for q in mix)
        r_p95 = summary["overall_p95"][ep_name] / summary["overall_p95"][other]
        summary[f"ratio_vs_{other}"] = {"of_medians": r_overall, "median_of_ratios": r_per,
                                        "of_p95": r_p95}
        print(f"  endpoint / {other}: {r_overall:.2f}x (ratio of medians), "
              f"{r_per:.2f}x (median of per-query ratios), {r_p95:.2f}x (ratio of p95s)")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


def serve(store: str, port: str, *opts: str) -> None:
    """`cvgraph serve` with other uvicorn settings (the --uvicorn variant)."""
    import uvicorn

    from cvgraph.config import Settings
    from endpoint.app import create_app

    # the same settings as `cvgraph serve` (cvgraph/cli.py), unless overridden
    kw = {"log_level": "info", "access_log": False, "loop": "asyncio"}
    for o in opts:
        k, _, v = o.partition("=")
        kw[k] = {"true": True, "false": False}.get(v.lower(), v)
    timeout = float(kw.pop("query_timeout", 600))
    app = create_app(Path(store), Settings(), query_timeout=timeout)
    uvicorn.run(app, host="127.0.0.1", port=int(port), **kw)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "_serve":
        serve(*sys.argv[2:])
        sys.exit(0)
    sys.exit(main())
