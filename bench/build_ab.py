"""Builds of one corpus back to back under different settings (environment variables), as
one table: the way to measure a change to the build on the same data in the same conditions.

    python -m bench.build_ab CVS --variant threads2 CVGRAPH_LOAD_THREADS=2 \\
        --variant threads1 CVGRAPH_LOAD_THREADS=1 --name load_threads --out bench/results
    python -m bench.build_ab --from-json threads2=a.json --from-json threads1=b.json ...

Each build is ``bench.run``'s ``run_build`` (the real build in a child process; its BENCH-JSON
line, the process tree's sampled peak RSS/PSS). ``--from-json`` tabulates BENCH-JSON lines
saved from ``python -m bench.run _build CVS STORE JOBS`` instead of building.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

COLUMNS = [
    ("wall s", lambda r: f"{r['wall']:.1f}"),
    ("docs/s", lambda r: f"{r['documents'] / r['wall']:.1f}"),
    ("read+extract+map s*", lambda r: f"{sum(r['seconds'].get(k, 0) for k in ('read', 'extract', 'map')):.1f}"),
    ("link s", lambda r: f"{r['seconds'].get('link', 0):.1f}"),
    ("pass 2 s", lambda r: f"{r['seconds'].get('validate', 0):.1f}"),
    ("loading during pass 2 s", lambda r: f"{r['seconds'].get('store: bulk load during pass 2', 0):.1f}"),
    ("bulk load tail s", lambda r: f"{r['seconds'].get('store: bulk load', 0):.1f}"),
    ("commit s", lambda r: f"{r['seconds'].get('store: commit', 0):.1f}"),
    ("CPU parent s", lambda r: f"{r['cpu_self']:.0f}"),
    ("CPU children s", lambda r: f"{r['cpu_children']:.0f}"),
    ("peak RSS parent MiB", lambda r: f"{r['maxrss_self'] >> 20}"),
    ("peak RSS child MiB", lambda r: f"{r['maxrss_children'] >> 20}"),
    ("peak tree RSS MiB", lambda r: f"{r['peak_tree_rss'] >> 20}" if r.get("peak_tree_rss") else "–"),
    ("triples", lambda r: f"{r['triples']:,}"),
]


def table(rows: list[tuple[str, dict]]) -> str:
    head = "| variant | " + " | ".join(c for c, _ in COLUMNS) + " |\n"
    head += "| --- | " + " | ".join("---:" for _ in COLUMNS) + " |\n"
    return head + "".join(f"| {name} | " + " | ".join(f(r) for _, f in COLUMNS) + " |\n" for name, r in rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cvs", nargs="?", type=Path)
    ap.add_argument("--variant", nargs="+", action="append", default=[], metavar=("NAME", "VAR=VALUE"),
                    help="a variant: its name, then the environment variables it sets")
    ap.add_argument("--from-json", action="append", default=[], metavar="NAME=FILE")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--name", required=True, help="results file stem: build_ab_<N>_<name>")
    ap.add_argument("--note", default="", help="a sentence for the table's caption")
    ap.add_argument("--out", type=Path, default=Path("bench/results"))
    args = ap.parse_args(argv)

    rows: list[tuple[str, dict]] = []
    started = []
    if args.from_json:
        for item in args.from_json:
            name, _, path = item.partition("=")
            text = Path(path).read_text(encoding="utf-8")
            rows.append((name, json.loads(text[text.index("{"):])))
    else:
        from bench.run import run_build

        if args.cvs is None or not args.variant:
            ap.error("give CVS and at least one --variant (or --from-json)")
        for name, *assignments in args.variant:
            env = dict(a.split("=", 1) for a in assignments)
            saved = {k: os.environ.get(k) for k in env}
            os.environ.update(env)
            started.append((name, time.strftime("%H:%M:%S"), [round(x, 2) for x in os.getloadavg()]))
            try:
                with tempfile.TemporaryDirectory(prefix="cvgraph-ab-") as tmp:
                    rows.append((name, run_build(args.cvs, Path(tmp) / "store", args.jobs)))
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v
    n = rows[0][1]["documents"]
    stem = f"build_ab_{n}_{args.name}"
    args.out.mkdir(parents=True, exist_ok=True)
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(), "when": time.strftime("%Y-%m-%d %H:%M")}
    (args.out / f"{stem}.json").write_text(json.dumps(
        {"machine": machine, "started": started, "note": args.note, "variants": dict(rows)}, indent=1) + "\n",
        encoding="utf-8")
    caption = (f"# {n:,}-document builds back to back: {args.name}\n\n"
               f"{args.note + ' ' if args.note else ''}{machine['cpus']} CPUs, Python {machine['python']}, "
               f"{machine['when']}. *read/extract/map are CPU-seconds summed over the workers; the other "
               "stages are wall seconds.\n\n")
    if started:
        caption += "Started: " + "; ".join(f"{n} {t} (load {la})" for n, t, la in started) + ".\n\n"
    (args.out / f"{stem}.md").write_text(caption + table(rows), encoding="utf-8")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
