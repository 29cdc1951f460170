"""Does the real extractor read back what the generator wrote?

`python -m bench.check DIR [--sample 50] [--seed 0]` reads a sample of generated CVs through
the normal read → extract path (``cvgraph.build.process_document``) and compares the
extracted record with ``DIR.truth.jsonl``, field by field. Agreement is the share of facts
written by the generator that come back equal (after light normalisation: case, spacing,
punctuation). Used by ``bench/run.py`` (table ``extraction``) and the smoke test.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import unicodedata
from collections import Counter
from pathlib import Path


def norm(s: str | None) -> str:
    s = unicodedata.normalize("NFKD", s or "").encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", " ", s).strip()


def load_truth(cv_dir: Path) -> dict[str, dict]:
    path = Path(cv_dir).parent / f"{Path(cv_dir).name}.truth.jsonl"
    with open(path, encoding="utf-8") as fh:
        return {t["file"]: t for t in map(json.loads, fh)}


def compare(record, truth: dict) -> Counter:
    """Counter of (fact kind, 'ok'|'total') for one document."""
    c: Counter = Counter()

    def tally(kind: str, ok: bool) -> None:
        c[(kind, "total")] += 1
        c[(kind, "ok")] += int(bool(ok))

    tally("name", norm(record.person.name) == norm(truth["name"]))
    got_edu = {(norm(e.institution), e.level) for e in record.education}
    for e in truth["education"]:
        tally("education (institution, level)", (norm(e["institution"]), e["level"]) in got_edu)
    got_start = {(norm(e.institution), (e.start or "")[:4]) for e in record.education}
    for e in truth["education"]:
        tally("education start year", (norm(e["institution"]), e["start"]) in got_start)
    got_pos = {(norm(p.organization), norm(p.title)) for p in record.positions}
    for p in truth["positions"]:
        tally("position (organization, role)", (norm(p["organization"]), norm(p["title"])) in got_pos)
    by_title = {norm(p.title): p for p in record.publications}
    for p in truth["publications"]:
        got = by_title.get(norm(p["title"]))
        tally("publication title", got is not None)
        if got is None:
            continue
        tally("publication year", got.year == p["year"])
        tally("publication venue acronym", norm(got.venue_acronym) == norm(p["venue"]))
        if truth["style"] != "jsonresume":       # JSON Resume has no author field
            tally("publication author list (ordered)",
                  [norm(a.name) for a in got.authors] == [norm(a) for a in p["authors"]])
    tally("no extra publications", len(record.publications) == len(truth["publications"]))
    return c


def check(cv_dir: Path, sample: int = 50, seed: int = 0) -> dict:
    from cvgraph.build import process_document
    from cvgraph.config import Settings

    truth = load_truth(cv_dir)
    files = sorted(Path(cv_dir).rglob("cv*.*"))
    files = [f for f in files if f.name in truth]
    picked = random.Random(seed).sample(files, min(sample, len(files)))
    settings = Settings()
    total: Counter = Counter()
    per_style: dict[str, Counter] = {}
    failed = []
    for f in picked:
        t = truth[f.name]
        r = process_document(str(f), settings)
        if r.error is not None:
            failed.append((f.name, r.error))
            continue
        c = compare(r.record, t)
        total += c
        per_style.setdefault(t["style"], Counter()).update(c)

    def table(c: Counter) -> dict:
        kinds = sorted({k for k, _ in c})
        return {k: {"ok": c[(k, "ok")], "total": c[(k, "total")],
                    "agreement": round(c[(k, "ok")] / c[(k, "total")], 4) if c[(k, "total")] else None}
                for k in kinds}

    facts_ok = sum(v for (k, s), v in total.items() if s == "ok")
    facts = sum(v for (k, s), v in total.items() if s == "total")
    return {"documents": len(picked), "failed": failed, "by_fact": table(total),
            "by_style": {s: table(c) for s, c in sorted(per_style.items())},
            "overall_agreement": round(facts_ok / facts, 4) if facts else None,
            "facts": facts}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="compare extracted facts with the generator's truth")
    ap.add_argument("dir", type=Path)
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(json.dumps(check(args.dir, args.sample, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
