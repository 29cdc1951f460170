"""CPU cost of the per-document stages (read → extract → map) per input format, on one core.

    .venv/bin/python -m bench.extract_bench                      # generates a 400-CV corpus (seed 1)
    .venv/bin/python -m bench.extract_bench --cvs /tmp/cvs --json out.json
    .venv/bin/python -m bench.extract_bench --profile latex      # cProfile of one format, top 30

Figures are CPU time (``time.process_time``), not wall time: the machine is shared, and CPU
time per document is what decides how many documents a core builds. The first ``--warmup``
documents of each format are run first and not counted (imports, compiled patterns, authority
tables); every other document is then run ONCE, as in a build (running a document twice would
measure the memoised string helpers hitting their caches on that document's own strings).
Each stage is timed separately (read = ``read_document``, extract = ``extract``, map =
``map_record_ntriples``), exactly as ``cvgraph.build.process_document`` runs them.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

FORMATS = {".tex": "latex", ".md": "markdown", ".txt": "text (from PDF)", ".json": "jsonresume",
           ".html": "html", ".yml": "yaml", ".yaml": "yaml"}


def _stages(path: Path, settings):
    from cvgraph.iris import document_iri
    from mappers.extract import extract
    from mappers.rdf import SourceInfo, map_record_ntriples
    from mappers.read import read_document

    c0 = time.process_time()
    doc = read_document(path)
    c1 = time.process_time()
    record = extract(doc)
    c2 = time.process_time()
    iri = document_iri(settings.base, doc.name)
    map_record_ntriples(record, SourceInfo(doc.name, doc.sha256, doc.media_type, iri), settings)
    c3 = time.process_time()
    return c1 - c0, c2 - c1, c3 - c2


def measure(files: list[Path], warmup: int) -> dict:
    from cvgraph.config import Settings

    settings = Settings()
    by_fmt: dict[str, list[Path]] = {}
    for f in files:
        if f.suffix in FORMATS:
            by_fmt.setdefault(FORMATS[f.suffix], []).append(f)
    for group in by_fmt.values():          # warm-up, not counted
        for f in group[:warmup]:
            try:
                _stages(f, settings)
            except Exception:
                pass
    out = {}
    for fmt, group in sorted(by_fmt.items()):
        group = group[warmup:]
        per_doc, stage = [], [0.0, 0.0, 0.0]
        for f in group:
            try:
                r, e, m = _stages(f, settings)
            except Exception:
                continue
            per_doc.append(r + e + m)
            stage[0] += r
            stage[1] += e
            stage[2] += m
        n = len(per_doc)
        if not n:
            continue
        out[fmt] = {"documents": len(group), "runs": n,
                    "mean_ms": round(sum(per_doc) / n * 1000, 2),
                    "median_ms": round(statistics.median(per_doc) * 1000, 2),
                    "read_ms": round(stage[0] / n * 1000, 2), "extract_ms": round(stage[1] / n * 1000, 2),
                    "map_ms": round(stage[2] / n * 1000, 2)}
    return out


def profile(files: list[Path], fmt: str, top: int) -> None:
    import cProfile
    import pstats

    from cvgraph.config import Settings

    settings = Settings()
    group = [f for f in files if FORMATS.get(f.suffix, "").startswith(fmt)]
    for f in group[:5]:
        _stages(f, settings)
    group = group[5:]
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for f in group:
        _stages(f, settings)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cvs", type=Path, help="folder of CVs (default: generate --n N --seed SEED)")
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=5, help="documents per format run first, not counted")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--profile", metavar="FORMAT", help="cProfile one format (latex, markdown, text, jsonresume)")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)

    cvs = args.cvs
    if cvs is None:
        from bench.generate import main as generate

        cvs = Path(tempfile.mkdtemp(prefix="extract-bench-")) / "cvs"
        generate(["--n", str(args.n), "--seed", str(args.seed), "--out", str(cvs)])
    files = sorted(f for f in cvs.rglob("*") if f.is_file())
    if args.profile:
        profile(files, args.profile, args.top)
        return 0
    res = measure(files, args.warmup)
    print(f"CPU ms per document (one core, each document once, after {args.warmup} warm-up documents "
          f"per format), corpus {cvs}")
    print("| format | documents | mean ms | median ms | read ms | extract ms | map ms |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for fmt, r in res.items():
        print(f"| {fmt} | {r['documents']} | {r['mean_ms']} | {r['median_ms']} | {r['read_ms']} | "
              f"{r['extract_ms']} | {r['map_ms']} |")
    if args.json:
        args.json.write_text(json.dumps(res, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
