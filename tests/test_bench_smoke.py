"""Keeps the benchmark harness working: a tiny generated corpus, the real build, the query mix.

No timings are asserted (performance is measured by `make bench`, never in unit tests); this
checks that the generator writes documents the pipeline reads back, and that every query of
the mix parses and returns results on in-process pyoxigraph.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from bench.check import check, load_truth
from bench.generate import generate
from bench.run import InProcessEngine, load_queries, params_from_truth, query_form
from cvgraph.build import build
from cvgraph.config import Settings
from cvgraph.store import live_generation

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    cvs = tmp_path_factory.mktemp("bench") / "cvs"
    generate(20, 7, cvs)
    return cvs


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory) -> Path:
    store_dir = tmp_path_factory.mktemp("bench-store") / "store"
    summary = build([corpus], store_dir, Settings(), jobs=1)
    assert summary.committed
    assert summary.documents == 20, summary.failed
    return store_dir


def test_generator_is_deterministic_and_writes_every_shape(corpus, tmp_path):
    again = tmp_path / "cvs"
    generate(20, 7, again)
    a = {p.relative_to(corpus): p.read_bytes() for p in corpus.rglob("*") if p.is_file()}
    b = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert a == b
    assert {p.suffix for p in a} == {".txt", ".md", ".tex", ".json"}
    truth = load_truth(corpus)
    assert len(truth) == 20
    # a real coauthor network: some paper is listed, with the same author list, in two CVs
    listed: dict[int, list[list[str]]] = {}
    for t in truth.values():
        for p in t["publications"]:
            listed.setdefault(p["paper"], []).append(p["authors"])
    shared = [lists for lists in listed.values() if len(lists) > 1]
    assert shared and all(all(x == lists[0] for x in lists) for lists in shared)
    json_doc = next(p for p in corpus.rglob("*.json"))
    assert json.loads(json_doc.read_text())["basics"]["name"]


def test_generated_documents_extract_as_written(corpus):
    result = check(corpus, sample=20, seed=0)
    assert result["failed"] == []
    assert result["by_fact"]["name"]["agreement"] == 1.0
    assert result["by_fact"]["publication title"]["total"] > 0
    assert result["overall_agreement"] >= 0.9


def test_every_query_of_the_mix_parses_and_returns_results(corpus, store):
    queries = load_queries(params_from_truth(corpus))
    assert len(queries) >= 12
    engine = InProcessEngine(live_generation(store))
    try:
        for name, q in queries.items():
            assert not re.search(r"%[A-Z]+%", q), f"{name}: a parameter was not filled"
            nbytes, results = engine.run(q)
            assert nbytes > 0, name
            assert results > 0, f"{name} ({query_form(q)}) returned nothing"
    finally:
        engine.close()


def test_incremental_bench_adds_and_removes_one_cv_through_the_cli(store):
    """bench/incremental.py: `cvgraph add` then `remove` of one generated CV on the built store;
    the store gains the CV's triples and returns to exactly the full build's count."""
    from bench.incremental import measure

    r = measure(store, seed=11, style=".md")
    assert r["after_add"] > r["store_triples"]
    assert r["after_remove"] == r["store_triples"] and r["back_to_full_build"]
    assert r["add_graphs_written"] >= 1


def test_incremental_bench_adds_and_removes_a_batch_in_one_command_each(store, tmp_path):
    """--count 3: three generated CVs added by one `cvgraph add` of their folder and removed by
    one `cvgraph remove` naming all three; the store returns to the full build's count."""
    from bench.incremental import measure, write

    r = measure(store, seed=13, style=".md", count=3)
    assert r["documents"] == 3
    assert r["add_graphs_written"] >= 3
    assert r["after_add"] > r["store_triples"]
    assert r["after_remove"] == r["store_triples"] and r["back_to_full_build"]
    write(r, store, tmp_path)
    assert "| 3 |" in (tmp_path / "incremental_3.md").read_text()


def test_bench_above_export_max_serves_the_oxigraph_server_from_the_build_store(tmp_path):
    """Above --export-max (the 100k case) there is no N-Quads export: the Oxigraph server opens
    the build's own store read-only beside the endpoint, and every engine must still give the
    same number of results per query. --reuse-builds then takes that build instead of a new one."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    args = [sys.executable, "-m", "bench.run", "--sizes", "20", "--export-max", "10", "--reps", "1",
            "--work", str(tmp_path / "work"), "--out", str(tmp_path / "out"), "--no-virtuoso", "--rdflib-max", "0"]
    first = subprocess.run(args, cwd=root, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr[-3000:]
    work = tmp_path / "work" / "n20"
    assert not (work / "export.nq").exists() and not (work / "oxigraph-db").exists()
    built = json.loads((work / "build.json").read_text())
    run = json.loads((tmp_path / "out" / "queries_20.json").read_text())
    assert run["export"]["exported"] is False and run["export"]["quads"] > 0
    assert run["disagreements"] == []
    for q, row in run["per_query"].items():
        assert row["Oxigraph server (HTTP)"]["median_ms"] > 0, q
    assert "serve-read-only` on the build's own store" in (tmp_path / "out" / "queries_20.md").read_text()

    assert run["warmup"] == 2 and "after 2 warm-up rounds" in (tmp_path / "out" / "queries_20.md").read_text()

    # the same build again, now exported and with rdflib: rdflib is compared with the endpoint and
    # with pyoxigraph in-process (the floor of any endpoint on this engine)
    args = [a for a in args if a not in ("--export-max", "10", "--rdflib-max", "0")] + [
        "--export-max", "100", "--rdflib-max", "20", "--rdflib-reps", "1"]
    again = subprocess.run(args + ["--reuse-builds", "--warmup", "1"], cwd=root, capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "reusing the build" in again.stderr + again.stdout
    rerun = json.loads((tmp_path / "out" / "queries_20.json").read_text())
    assert rerun["warmup"] == 1 and "(after 1 warm-up round)" in (tmp_path / "out" / "queries_20.md").read_text()
    b = json.loads((tmp_path / "out" / "build.json").read_text())
    assert b[0]["wall"] == built["wall"] and b[0]["reused"] is True
    md = (tmp_path / "out" / "queries_20.md").read_text()
    assert "| rdflib / endpoint | rdflib / in-process |" in md
    finished = [q for q, row in rerun["per_query"].items() if "median_ms" in (row["rdflib"] or {})]
    assert len(finished) >= 12
    for q in finished:
        row, rt = rerun["per_query"][q], rerun["ratios"][q]
        assert rt["rdflib/in-process"] == round(row["rdflib"]["median_ms"] / row["pyoxigraph in-process"]["median_ms"], 2), q
    assert rerun["overall"]["ratios"]["rdflib/in-process (median of per-query ratios, finished queries)"] > 0


def test_build_ab_builds_each_variant_and_writes_one_table(corpus, tmp_path):
    """bench/build_ab.py: one real build per variant (its environment set for the child), the
    same dataset from each, one Markdown + JSON table; and the same table from saved lines."""
    from bench.build_ab import main

    out = tmp_path / "results"
    assert main([str(corpus), "--variant", "one", "CVGRAPH_LOAD_THREADS=1",
                 "--variant", "two", "CVGRAPH_LOAD_THREADS=2", "--jobs", "1",
                 "--name", "smoke", "--out", str(out)]) == 0
    data = json.loads((out / "build_ab_20_smoke.json").read_text(encoding="utf-8"))
    one, two = data["variants"]["one"], data["variants"]["two"]
    assert one["documents"] == two["documents"] == 20
    assert one["triples"] == two["triples"] > 0
    assert [name for name, *_ in data["started"]] == ["one", "two"]
    md = (out / "build_ab_20_smoke.md").read_text(encoding="utf-8")
    assert "| one |" in md and "| two |" in md and f"{one['triples']:,}" in md

    saved = tmp_path / "one.json"
    saved.write_text("BENCH-JSON " + json.dumps(one), encoding="utf-8")
    assert main(["--from-json", f"again={saved}", "--name", "saved", "--out", str(out)]) == 0
    assert "| again |" in (out / "build_ab_20_saved.md").read_text(encoding="utf-8")


def test_optimize_ab_builds_without_optimize_and_compares_the_mix(corpus, store, tmp_path):
    """bench/optimize_ab.py: the same build without the final `optimize` (same triples), then
    the query mix on both stores, every query with the same results."""
    from bench.optimize_ab import build_unoptimised, compare, write

    summary = build_unoptimised(corpus, tmp_path / "unopt", jobs=1)
    assert summary.committed and summary.documents == 20
    r = compare(store, tmp_path / "unopt", corpus, reps=1)
    assert len(r["per_query"]) >= 12
    assert all(q["same_results"] for q in r["per_query"].values()), r["per_query"]
    md = write(r, 20, tmp_path / "out").read_text(encoding="utf-8")
    assert "| q01_person_lookup |" in md and "Median of the per-query ratios" in md


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads Linux /proc")
def test_thread_cpu_attributes_cpu_to_threads_and_child_processes(tmp_path):
    """bench/thread_cpu.py: a command that burns CPU in a named thread and in a child process;
    both show up under their own rows, and what sampling saw plus what it missed is the
    command's CPU."""
    from bench.thread_cpu import main

    script = (
        "import subprocess, sys, threading, time\n"
        "from cvgraph.store import name_os_thread\n"
        "def named():\n"
        "    name_os_thread('burner')\n"
        "    end = time.thread_time() + 0.6\n"
        "    while time.thread_time() < end: pass\n"
        "t = threading.Thread(target=named); t.start(); t.join()\n"
        "subprocess.run([sys.executable, '-c', 'import time\\nend = time.process_time() + 0.6\\n"
        "while time.process_time() < end: pass\\ntime.sleep(0.3)'], check=True)\n"
    )
    out = tmp_path / "results"
    assert main(["--name", "smoke", "--out", str(out), "--interval", "0.1", "--",
                 sys.executable, "-c", script]) == 0
    res = json.loads((out / "thread_cpu_smoke.json").read_text())
    rows = {(r["process"], r["thread"]): r["cpu"] for r in res["threads"]}
    assert all(r["user"] + r["system"] == pytest.approx(r["cpu"], abs=0.02) for r in res["threads"])
    assert rows[("command", "burner")] >= 0.4
    assert sum(v for (p, _), v in rows.items() if p == "child processes") >= 0.4
    assert res["sampled"] + res["missed"] == pytest.approx(max(res["cpu"], res["sampled"]), abs=0.05)
    assert res["cpu"] >= 1.1
    md = (out / "thread_cpu_smoke.md").read_text()
    assert "| command | burner |" in md and "CPU seconds per 10 s" in md and res["peak_rss_mib"] > 0


def test_rdflib_only_times_the_endpoint_and_the_engine_floor_against_rdflib(corpus, store, tmp_path):
    """`--rdflib-only` on an earlier run's folder: the endpoint and pyoxigraph in-process (the
    floor any endpoint on this engine has) are both timed, and rdflib is compared with each."""
    import argparse

    from bench.run import machine_info, ratio, rdflib_only, report_rdflib_only

    n = 20
    work = tmp_path / "work"
    (work / f"n{n}").mkdir(parents=True)
    (work / f"n{n}" / "cvs").symlink_to(corpus)
    (work / f"n{n}" / "cvs.truth.jsonl").symlink_to(corpus.parent / "cvs.truth.jsonl")
    (work / f"n{n}" / "store").symlink_to(store)
    args = argparse.Namespace(work=str(work), reps=1, warmup=1, rdflib_reps=1, rdflib_timeout=60.0,
                              rdflib_graphs="auto", rdflib_parser="pyoxigraph", rdflib_max_gb=12.0,
                              rdflib_min_free_gb=0.5, rdflib_max=n, jobs=1)
    res = rdflib_only(n, args, machine_info(1))
    queries = res["per_query"]
    assert len(queries) >= 12
    for q, row in queries.items():
        assert row["cvgraph endpoint (HTTP)"]["median_ms"] > 0 and row["pyoxigraph in-process"]["median_ms"] > 0, q
        rt = res["ratios"][q]
        assert rt["endpoint/in-process"] > 0, q
        if "median_ms" in (row["rdflib"] or {}):        # rdflib finished: compared with both engines
            assert rt["rdflib/endpoint"] == ratio(row["rdflib"]["median_ms"], row["cvgraph endpoint (HTTP)"]["median_ms"]), q
            assert rt["rdflib/in-process"] == ratio(row["rdflib"]["median_ms"], row["pyoxigraph in-process"]["median_ms"]), q
    summary = res["overall"]["ratios"]
    assert summary["rdflib/in-process (median of per-query ratios, finished queries)"] > 0
    assert summary["endpoint/in-process (median of per-query ratios)"] > 0
    assert res["overall"]["pyoxigraph in-process"]["median_of_medians_ms"] > 0
    out = tmp_path / "out"
    report_rdflib_only(res, out, machine_info(1))
    md = (out / f"rdflib_{n}.md").read_text()
    assert "| rdflib / in-process | endpoint / in-process |" in md
    assert "interleaved query by query" in md
    assert len([l for l in md.splitlines() if re.match(r"\| q\d\d_", l)]) == len(queries)
