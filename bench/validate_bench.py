"""Validation micro-benchmark: CPU per document of each SHACL engine on a synthetic corpus.

    .venv/bin/python -m bench.validate_bench [--n 200] [--seed 1] [--work DIR] [--reps 3]
                                             [--engines fast,hybrid,pyshacl] [--pyshacl-docs 50]

Generates ``--n`` CVs (``bench.generate``), reads, extracts and maps each one
(``cvgraph.build.process_document``) and links them (``cvgraph.link.link_ntriples``), exactly
as the build does; then validates every linked document with ``validate_ntriples`` (the
build's call, N-Triples in) under each engine:

- ``fast``: the compiled engine (SHACL Core in Python, SPARQL constraints on oxigraph);
- ``hybrid``: the previous fast engine (pyshacl for SHACL Core, SPARQL constraints on oxigraph);
- ``pyshacl``: plain pyshacl, the reference (slow: ``--pyshacl-docs`` limits it to the first N
  documents).

Times are CPU time (``time.process_time``) of this process, one warm-up pass first, ``--reps``
timed passes; the machine is shared and noisy, so the minimum and the median over the passes
are reported. For the compiled engine the time is also split into its stages (index the
N-Triples, SHACL Core, load the oxigraph store, SPARQL jobs, results and report). Afterwards
every engine's results are compared with every other's on every document they both validated
(the ValidationResults, sh:conforms and the report's sh:ValidationResult triples): any
difference is printed and makes the exit status 1.

Results: printed, and written as JSON to ``--json`` if given.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path


def prepare(n: int, seed: int, work: Path) -> list[tuple[str, str, bytes]]:
    """(document IRI, source name, linked N-Triples) for a generated corpus."""
    from bench.generate import main as generate
    from cvgraph.build import process_document
    from cvgraph.config import Settings
    from cvgraph.link import link_ntriples

    cvs = work / "cvs"
    if generate(["--n", str(n), "--seed", str(seed), "--out", str(cvs)]) != 0:
        raise SystemExit("bench.generate failed")
    settings = Settings()
    files = sorted(p for p in cvs.rglob("*") if p.is_file())
    mapped = [process_document(str(f), settings) for f in files]
    ok = [r for r in mapped if r.error is None]
    linked = link_ntriples([(r.doc_iri, r.ntriples) for r in ok], settings)
    docs = []
    for r, (iri, text) in zip(ok, linked.documents):
        data = text.encode("utf-8") if isinstance(text, str) else text
        docs.append((iri, r.name, data))
    return docs


def broken(nt: bytes, rng) -> bytes:
    """A broken variant of a document (as N-Triples): some lines dropped (missing names, types,
    author list positions...), a year out of range, a date without its datatype, a shifted
    author position, an ORCID with a wrong check digit."""
    lines = nt.decode("utf-8").splitlines()
    for _ in range(4):
        lines.pop(rng.randrange(len(lines)))

    def first(pred):
        hits = [i for i, ln in enumerate(lines) if pred(ln)]
        return rng.choice(hits) if hits else None

    i = first(lambda ln: ln.endswith("XMLSchema#gYear> ."))
    if i is not None:
        lines[i] = lines[i][:lines[i].rindex('"') - 4] + '1850"^^<http://www.w3.org/2001/XMLSchema#gYear> .'
    i = first(lambda ln: ln.endswith("XMLSchema#gYearMonth> ."))
    if i is not None:
        lines[i] = lines[i][:lines[i].rindex('"') + 1] + " ."
    i = first(lambda ln: "#authorPosition>" in ln)
    if i is not None:
        head, _, rest = lines[i].rpartition(' "')
        n = int(rest.split('"')[0])
        lines[i] = f'{head} "{n + 1}"^^<http://www.w3.org/2001/XMLSchema#integer> .'
    i = first(lambda ln: ln.startswith("<") and "<http://schema.org/about>" in ln)
    if i is not None:
        person = lines[i].split(" ")[2]
        lines.append(f"{person} <http://schema.org/sameAs> <https://orcid.org/0000-0002-1825-0098> .")
    return ("\n".join(lines) + "\n").encode("utf-8")


def time_engine(engine: str, docs, reps: int) -> tuple[list[float], list]:
    """ms CPU per document for each timed pass, and the outcomes of the last pass."""
    from cvgraph.validate import validate_ntriples

    outcomes = [validate_ntriples(iri, name, nt, engine=engine) for iri, name, nt in docs]   # warm-up
    per_pass = []
    for _ in range(reps):
        t0 = time.process_time()
        outcomes = [validate_ntriples(iri, name, nt, engine=engine) for iri, name, nt in docs]
        per_pass.append((time.process_time() - t0) * 1000.0 / len(docs))
    return per_pass, outcomes


def compiled_stages(docs, reps: int) -> dict[str, float]:
    """The compiled engine's time per document split into stages (minimum over the passes)."""
    import pyoxigraph as ox

    from cvgraph import validate as V

    cp = V._compiled(V.load_shapes())
    if isinstance(cp, str):
        return {}
    best: dict[str, float] = {}
    for _ in range(reps):
        tot = dict.fromkeys(("index", "core", "store", "sparql", "report"), 0.0)
        for iri, name, nt in docs:
            t0 = time.process_time()
            index = V._index_ntriples(nt.decode("utf-8"))
            t1 = time.process_time()
            tot["index"] += t1 - t0
            if index is None:
                continue
            spo, types, _ = index
            doc = V._Doc(spo, types)
            found, focus_of = [], {}
            for cs, targets in cp.top:
                focus = focus_of[cs.node] = V._focus_nodes(targets, doc)
                if not cs.noop and focus:
                    found.extend(V._eval_shape(cs, focus, doc)[1])
            t2 = time.process_time()
            tot["core"] += t2 - t1
            load = [0.0]

            def load_store():
                a = time.process_time()
                store = ox.Store()
                store.load(nt, ox.RdfFormat.N_TRIPLES, lenient=True)
                load[0] += time.process_time() - a
                return store
            jr, _ = V._run_compiled_jobs(cp, doc, focus_of, load_store)
            t3 = time.process_time()
            tot["store"] += load[0]
            tot["sparql"] += t3 - t2 - load[0]
            V._compiled_report_nt(cp, found + jr, True, V._bnode_prefix(iri, name), name, iri)
            tot["report"] += time.process_time() - t3
        for k, v in tot.items():
            best[k] = min(best.get(k, float("inf")), v * 1000.0 / len(docs))
    return best


def compare(a, b) -> str | None:
    from rdflib.namespace import RDF, SH

    if Counter(a.results) != Counter(b.results):
        return f"results differ: {Counter(a.results) - Counter(b.results)} / {Counter(b.results) - Counter(a.results)}"
    if a.conforms is not b.conforms:
        return "conforms differs"

    def tuples(g):
        out = Counter()
        for r in g.subjects(RDF.type, SH.ValidationResult):
            out[tuple(tuple(sorted(g.objects(r, p))) for p in (
                SH.focusNode, SH.resultPath, SH.value, SH.resultSeverity, SH.sourceShape,
                SH.sourceConstraintComponent, SH.sourceConstraint, SH.resultMessage))] += 1
        return out

    if tuples(a.report_graph) != tuples(b.report_graph):
        return "report results differ"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", type=Path, default=None, help="scratch folder (default: a new temporary one)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--engines", default="fast,hybrid,pyshacl")
    ap.add_argument("--pyshacl-docs", type=int, default=50, help="plain pyshacl on the first N documents only")
    ap.add_argument("--no-broken", action="store_true",
                    help="skip the second run on a broken variant of every document")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)

    from cvgraph.validate import load_shapes

    work = args.work or Path(tempfile.mkdtemp(prefix="validate_bench_"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    docs = prepare(args.n, args.seed, work)
    triples = statistics.mean(nt.count(b"\n") for _, _, nt in docs)
    print(f"{len(docs)} documents, {triples:.0f} triples on average (prepared in {time.perf_counter() - t0:.1f} s)")
    load_shapes()

    report: dict = {"n": len(docs), "triples_per_doc": round(triples, 1), "reps": args.reps,
                    "python": platform.python_version(), "corpora": {}}
    import random

    rng = random.Random(args.seed)
    corpora = {"clean": docs}
    if not args.no_broken:
        corpora["broken"] = [(iri, name, broken(nt, rng)) for iri, name, nt in docs]
    disagreements = 0
    for corpus, cdocs in corpora.items():
        print(f"--- {corpus} documents")
        entry = report["corpora"][corpus] = {"engines": {}}
        outcomes: dict = {}
        for engine in args.engines.split(","):
            subset = cdocs[: args.pyshacl_docs] if engine == "pyshacl" else cdocs
            passes, outs = time_engine(engine, subset, 1 if engine == "pyshacl" else args.reps)
            outcomes[engine] = outs
            kinds = Counter(o.engine for o in outs)
            entry["engines"][engine] = {"docs": len(subset), "ms_per_doc_min": round(min(passes), 2),
                                        "ms_per_doc_median": round(statistics.median(passes), 2),
                                        "passes": [round(p, 2) for p in passes], "ran_as": dict(kinds),
                                        "results": sum(len(o.results) for o in outs)}
            print(f"{engine:8} {len(subset):4} docs  min {min(passes):7.2f}  median {statistics.median(passes):7.2f}"
                  f" ms CPU/doc  (ran as {dict(kinds)}, {entry['engines'][engine]['results']} results)")
        if "fast" in outcomes:
            stages = compiled_stages(cdocs, args.reps)
            entry["compiled_stages_ms_per_doc"] = {k: round(v, 2) for k, v in stages.items()}
            print("compiled engine stages (min ms CPU/doc): "
                  + ", ".join(f"{k} {v:.2f}" for k, v in stages.items()))
        names = list(outcomes)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                for (iri, name, _), x, y in zip(cdocs, outcomes[a], outcomes[b]):
                    why = compare(x, y)
                    if why:
                        disagreements += 1
                        print(f"DISAGREE {a} vs {b} on {name} ({corpus}): {why}")
                entry.setdefault("compared", []).append(
                    f"{a} vs {b}: {min(len(outcomes[a]), len(outcomes[b]))} docs")
        print(f"compared: {'; '.join(entry.get('compared', []))}")
    report["disagreements"] = disagreements
    print(f"engines agree on every document: {'yes' if not disagreements else 'NO'}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
