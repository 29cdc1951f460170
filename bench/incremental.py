"""`cvgraph add` / `cvgraph remove` of one CV on a built store: wall time of the real command
(a fresh process, as a user runs it), the stage seconds it reports, and whether the store
returns to exactly the triple count of the full build after the remove.

    python -m bench.incremental STORE [--seed 7] [--style .md] [--count N] [--warm] [--out bench/results]

The added CV is generated with another seed than the corpus (same world of names, venues and
institutions, so it links to people already in the store). The first `add` after a build made
by another version of the link features recomputes them once; run with `--warm` to do one
add/remove pair first and time the second. `--count N` adds N CVs in one `cvgraph add` (a folder)
and removes them in one `cvgraph remove`: the global link step runs once per command, so its cost
is shared by the batch.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def one_cv(seed: int, out: Path, suffix: str = ".md") -> Path:
    """One generated CV of the wanted style (the first of a small corpus with that seed)."""
    return some_cvs(seed, out, suffix, 1)[0]


def some_cvs(seed: int, out: Path, suffix: str = ".md", count: int = 1) -> list[Path]:
    """`count` generated CVs of the wanted style (the first of a corpus with that seed), as
    files named added-SEED[-I]SUFFIX directly in `out` (the corpus is generated beside it)."""
    from bench.generate import generate

    n = max(40, 8 * count)
    gen = out.parent / f"{out.name}-gen"
    generate(n, seed, gen)
    files = sorted(p for p in gen.rglob("cv*") if p.suffix == suffix)
    if len(files) < count:
        raise RuntimeError(f"{len(files)} {suffix} CVs among {n} generated with seed {seed}, {count} wanted")
    targets = []
    for i, f in enumerate(files[:count]):
        target = out / (f"added-{seed}{suffix}" if count == 1 else f"added-{seed}-{i + 1}{suffix}")
        target.write_bytes(f.read_bytes())
        targets.append(target)
    return targets


def _triples(store: Path) -> int:
    from cvgraph.store import open_read

    s = open_read(store)
    return int(next(iter(s.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value)


def _run(args: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    p = subprocess.run([str(BIN / "cvgraph"), *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode not in (0, 1):          # 1: SHACL violations, still committed
        raise RuntimeError(f"cvgraph {' '.join(args)} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    return wall, p.stdout


def measure(store: Path, seed: int = 7, style: str = ".md", warm: bool = False, count: int = 1) -> dict:
    store = Path(store)
    before = _triples(store)
    with tempfile.TemporaryDirectory(prefix="cvgraph-incr-") as tmp:
        folder = Path(tmp) / "added"
        folder.mkdir()
        cvs = some_cvs(seed, folder, style, count)
        names = [cv.name for cv in cvs]
        if warm:
            _run(["add", "--store", str(store), str(folder)])
            _run(["remove", "--store", str(store), *names])
        add_s, add_out = _run(["add", "--store", str(store), str(folder)])
        after_add = _triples(store)
        remove_s, remove_out = _run(["remove", "--store", str(store), *names])
        after_remove = _triples(store)

    def written(out: str) -> int | None:
        m = re.search(r"document graphs written: (\d+)", out)
        return int(m.group(1)) if m else None

    return {"store_triples": before, "after_add": after_add, "after_remove": after_remove,
            "back_to_full_build": after_remove == before, "added_file_style": style,
            "add_s": round(add_s, 2), "remove_s": round(remove_s, 2),
            "add_graphs_written": written(add_out), "remove_graphs_written": written(remove_out),
            "warm": warm, "documents": count}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("store", type=Path)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--style", default=".md", help="suffix of the added CV (.md, .txt, .tex, .json)")
    ap.add_argument("--warm", action="store_true", help="one add/remove pair before the timed one")
    ap.add_argument("--count", type=int, default=1, help="documents added (one command) and removed (one command)")
    ap.add_argument("--out", type=Path, help="also write incremental[_COUNT].json / .md here")
    args = ap.parse_args(argv)
    r = measure(args.store, args.seed, args.style, args.warm, args.count)
    print(json.dumps(r, indent=1))
    if args.out:
        write(r, args.store, args.out)
    return 0


def _cvs(r: dict) -> str:
    n = r.get("documents", 1)
    return "one CV" if n == 1 else f"{n} CVs (one command each)"


def write(r: dict, store: Path, out: Path) -> None:
    import os
    import platform

    out.mkdir(parents=True, exist_ok=True)
    r = {**r, "store": str(store), "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                               "load_average": [round(x, 2) for x in os.getloadavg()],
                                               "when": time.strftime("%Y-%m-%d %H:%M")}}
    stem = "incremental" if r.get("documents", 1) == 1 else f"incremental_{r['documents']}"
    (out / f"{stem}.json").write_text(json.dumps(r, indent=1) + "\n", encoding="utf-8")
    m = r["machine"]
    (out / f"{stem}.md").write_text(
        f"# `cvgraph add` / `cvgraph remove` of {_cvs(r)} on a built store\n\n"
        f"One run on {m['cpus']} CPUs, Python {m['python']}, {m['when']}; load average {m['load_average']}. "
        "Wall time of the command in a fresh process (imports included).\n\n"
        "| documents added and removed | store triples | add s | remove s | graphs written by add | triples after add | after remove | back to the full build's count |\n"
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n"
        f"| {r.get('documents', 1)} | {r['store_triples']:,} | {r['add_s']} | {r['remove_s']} | {r['add_graphs_written']} | "
        f"{r['after_add']:,} | {r['after_remove']:,} | {'yes' if r['back_to_full_build'] else 'NO'} |\n",
        encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
