"""What the build's final `optimize` (a full RocksDB compaction) buys: the query mix in-process
on a store built as usual and on one built from the same corpus without `optimize`.

    python -m bench.optimize_ab build CVS STORE            # the build, `optimize` left out
    python -m bench.optimize_ab compare OPTIMISED UNOPTIMISED CVS [--reps 3] [--out bench/results]

`compare` runs each query of the mix once on both stores as a warm-up, then ``--reps`` times,
alternating the two stores on every round so both see the same machine; it writes
``optimize_<N>.md`` / ``.json`` with the medians and their ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path


def build_unoptimised(cvs: Path, store: Path, jobs: int = 2):
    """The real build, its commit without `optimize` (only for this measurement)."""
    import cvgraph.store as store_module
    from cvgraph.build import build
    from cvgraph.config import Settings

    commit = store_module.Generation.commit

    def without_optimize(self, materialise_union=True, optimize=True):
        return commit(self, materialise_union, False)

    store_module.Generation.commit = without_optimize
    try:
        return build([Path(cvs)], Path(store), Settings(), jobs=jobs)
    finally:
        store_module.Generation.commit = commit


def compare(optimised: Path, unoptimised: Path, cvs: Path, reps: int = 3) -> dict:
    from bench.run import InProcessEngine, load_queries, params_from_truth
    from cvgraph.store import live_generation

    queries = load_queries(params_from_truth(Path(cvs)))
    engines = {"optimised": InProcessEngine(live_generation(optimised)),
               "unoptimised": InProcessEngine(live_generation(unoptimised))}
    times: dict[str, dict[str, list[float]]] = {k: {} for k in engines}
    rows: dict[str, tuple[int, int]] = {}
    for name, q in queries.items():
        for rnd in range(reps + 1):                # round 0 is the warm-up
            for label, engine in engines.items():
                t0 = time.perf_counter()
                rows.setdefault(f"{label}/{name}", engine.run(q))
                if rnd:
                    times[label].setdefault(name, []).append(time.perf_counter() - t0)
    per_query = {}
    for name in queries:
        a = statistics.median(times["optimised"][name])
        b = statistics.median(times["unoptimised"][name])
        per_query[name] = {"optimised_ms": round(a * 1000, 2), "unoptimised_ms": round(b * 1000, 2),
                           "ratio": round(b / a, 2) if a > 0 else None,
                           "same_results": rows[f"optimised/{name}"] == rows[f"unoptimised/{name}"]}
    ratios = [r["ratio"] for r in per_query.values() if r["ratio"] is not None]
    return {"per_query": per_query, "median_ratio": round(statistics.median(ratios), 2),
            "reps": reps, "optimised": str(optimised), "unoptimised": str(unoptimised)}


def write(result: dict, documents: int, out: Path, note: str = "") -> Path:
    out.mkdir(parents=True, exist_ok=True)
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(),
               "load_average": [round(x, 2) for x in os.getloadavg()], "when": time.strftime("%Y-%m-%d %H:%M")}
    result = {**result, "documents": documents, "machine": machine, "note": note}
    stem = out / f"optimize_{documents}"
    stem.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    lines = [f"# The build's `optimize`: query mix in-process, {documents:,} documents\n",
             f"{note + ' ' if note else ''}{machine['cpus']} CPUs, Python {machine['python']}, {machine['when']}; "
             f"median of {result['reps']} rounds after one warm-up, the two stores alternated every round.\n",
             "| query | optimised ms | unoptimised ms | unoptimised / optimised | same results |",
             "| --- | ---: | ---: | ---: | --- |"]
    for name, r in result["per_query"].items():
        lines.append(f"| {name} | {r['optimised_ms']} | {r['unoptimised_ms']} | {r['ratio']} | "
                     f"{'yes' if r['same_results'] else 'NO'} |")
    lines.append(f"\nMedian of the per-query ratios: **{result['median_ratio']}**.\n")
    stem.with_suffix(".md").write_text("\n".join(lines), encoding="utf-8")
    return stem.with_suffix(".md")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("cvs", type=Path)
    b.add_argument("store", type=Path)
    b.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare")
    c.add_argument("optimised", type=Path)
    c.add_argument("unoptimised", type=Path)
    c.add_argument("cvs", type=Path)
    c.add_argument("--reps", type=int, default=3)
    c.add_argument("--note", default="")
    c.add_argument("--out", type=Path, default=Path("bench/results"))
    args = ap.parse_args(argv)
    if args.cmd == "build":
        s = build_unoptimised(args.cvs, args.store, args.jobs)
        print(s.render())
        return s.exit_code
    r = compare(args.optimised, args.unoptimised, args.cvs, args.reps)
    from cvgraph.build import _read_cache
    from cvgraph.config import Settings

    documents = len(_read_cache(args.optimised, Settings())[1]["documents"])
    print(write(r, documents, args.out, args.note).read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
