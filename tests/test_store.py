"""The store stage: generations replace the live graph atomically; failures keep the old one."""
from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from cvgraph.errors import StoreError
from cvgraph.store import Generation, live_generation, open_read, writer_lock

EX = "http://example.org/"


def quad(s, o, g="g1"):
    return ox.Quad(ox.NamedNode(EX + s), ox.NamedNode(EX + "p"), ox.Literal(o), ox.NamedNode(EX + g))


def names(store):
    return sorted(r["o"].value for r in store.query("SELECT ?o WHERE { ?s ?p ?o }"))


def test_commit_makes_a_generation_live_and_readers_see_only_complete_ones(tmp_path):
    with pytest.raises(StoreError, match="no graph has been built"):
        open_read(tmp_path)
    g1 = Generation(tmp_path)
    g1.add_quads([quad("a", "first")])
    assert live_generation(tmp_path) is None          # not live before commit
    g1.commit()
    assert names(open_read(tmp_path)) == ["first"]
    g2 = Generation(tmp_path)
    g2.add_quads([quad("a", "second")])
    reader = open_read(tmp_path)                      # opened while g2 is being written
    assert names(reader) == ["first"]
    g2.commit()
    assert names(open_read(tmp_path)) == ["second"]
    assert names(reader) == ["first"]                 # an open reader keeps its snapshot


def test_aborted_generation_leaves_the_previous_graph(tmp_path):
    g1 = Generation(tmp_path)
    g1.add_quads([quad("a", "kept")])
    g1.commit()
    g2 = Generation(tmp_path)
    g2.add_quads([quad("a", "lost")])
    g2.abort()
    assert names(open_read(tmp_path)) == ["kept"]
    assert not g2.path.exists()


def test_old_generations_are_pruned(tmp_path):
    for i in range(4):
        g = Generation(tmp_path)
        g.add_quads([quad("a", str(i))])
        g.commit()
    assert len(list(tmp_path.glob("gen-*"))) == 2
    assert names(open_read(tmp_path)) == ["3"]


def test_second_writer_is_refused_while_the_lock_is_held(tmp_path):
    with writer_lock(tmp_path):
        with pytest.raises(StoreError, match="another build holds the lock"):
            with writer_lock(tmp_path, wait=False):
                pass
    with writer_lock(tmp_path, wait=False):   # free again afterwards
        pass


def test_default_graph_is_the_set_merge_of_the_named_graphs(tmp_path):
    """The same triple in two documents' graphs counts once (cf. oxigraph#1919)."""
    g = Generation(tmp_path)
    g.add_quads([quad("a", "shared", "g1"), quad("a", "shared", "g2"), quad("b", "own", "g2")])
    g.commit()
    store = open_read(tmp_path)
    assert next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")))["n"].value == "2"
    assert next(iter(store.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")))["n"].value == "3"


def _shards(tmp_path, n, per):
    """n N-Quads files of `per` quads each (named graph + default-graph copy, as the build writes)."""
    paths = []
    for i in range(n):
        lines = []
        for j in range(per):
            body = f"<{EX}s{i}-{j}> <{EX}p> \"v{j % 7}\""
            lines.append(f"{body} <{EX}g{i}> .\n{body} .\n")
        p = tmp_path / f"{i:03d}.nq"
        p.write_text("".join(lines), encoding="utf-8")
        paths.append(p)
    return paths


def _dataset(store):
    return sorted(str(q) for q in store)


def _gen(path):
    path.mkdir()
    return Generation(path)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_background_loader_loads_every_file_in_groups_like_one_bulk_load(tmp_path, threads):
    """Several groups, loaded by one thread or side by side by several: the same dataset."""
    from cvgraph.store import BackgroundLoader

    paths = _shards(tmp_path, 9, 50)
    one = _gen(tmp_path / "one")
    one.load_nquads_files(paths)
    bg = _gen(tmp_path / "bg")
    with BackgroundLoader(bg, group_bytes=paths[0].stat().st_size * 2, threads=threads) as loader:
        for p in paths:
            loader.add(p)
        loader.finish()
    assert len(bg.store) == len(one.store) == 9 * 50 * 2
    assert _dataset(bg.store) == _dataset(one.store)
    assert loader.busy_seconds > 0
    assert all(p.exists() for p in paths)              # kept unless asked

    freed = _gen(tmp_path / "freed")
    with BackgroundLoader(freed, group_bytes=1, remove_loaded=True, threads=threads) as loader:
        for p in paths:
            loader.add(p)
        loader.finish()
    assert _dataset(freed.store) == _dataset(one.store)
    assert not any(p.exists() for p in paths)          # each file removed once loaded


def test_background_loader_reports_a_bad_file_and_stops_on_an_exception(tmp_path):
    from cvgraph.store import BackgroundLoader

    good = _shards(tmp_path, 2, 5)
    bad = tmp_path / "bad.nq"
    bad.write_text(f"<{EX}a> <{EX}p> \"unterminated .\n", encoding="utf-8")
    gen = _gen(tmp_path / "s1")
    loader = BackgroundLoader(gen, group_bytes=1)
    loader.add(bad)
    with pytest.raises(SyntaxError):
        loader.finish()

    gen2 = _gen(tmp_path / "s2")
    with pytest.raises(RuntimeError, match="pass 2 failed"):
        with BackgroundLoader(gen2, group_bytes=10 ** 9) as loader:   # nothing flushed yet
            loader.add(good[0])
            raise RuntimeError("pass 2 failed")
    assert len(gen2.store) == 0                        # the queued file was not loaded after the error
    assert not loader._alive()


def test_loading_during_or_after_pass_2_gives_the_same_dataset(tmp_path, monkeypatch):
    """The store stage's overlap with pass 2 changes when shards load, not what is stored."""
    import cvgraph.build as build_module
    from cvgraph.config import Settings

    from .conftest import SEEDS
    from .test_incremental import assert_same_dataset, dataset

    stores = {}
    for during in (True, False):
        monkeypatch.setattr(build_module, "LOAD_DURING_PASS2", during)
        store_dir = tmp_path / f"during-{during}"
        summary = build_module.build([SEEDS], store_dir, Settings(), jobs=1)
        assert summary.committed and summary.documents == 5
        stores[during] = dataset(store_dir)
    assert len(stores[True]) == 5 + 4 and len(stores[True][""]) > 4000   # 5 documents, links,
    assert_same_dataset(stores[True], stores[False])                    # validation, ontology, default


def test_extend_with_union_in_batches_keeps_every_quad_and_blank_node_label(tmp_path, monkeypatch):
    """The validation graph is added in batches (bulk_extend would hold its whole input at
    once): the same quads as in one call, blank node labels as written, each triple also in the
    default graph."""
    stores = {}
    for batch in (3, 10_000):
        monkeypatch.setattr(Generation, "EXTEND_BATCH", batch)
        (tmp_path / f"b{batch}").mkdir()
        gen = Generation(tmp_path / f"b{batch}")
        g = ox.NamedNode(EX + "validation")
        gen.extend_with_union(ox.Quad(ox.BlankNode(f"r{i}"), ox.NamedNode(EX + "p"), ox.Literal(str(i)), g)
                              for i in range(10))
        stores[batch] = sorted(str(q) for q in gen.store)
        gen.abort()
    assert stores[3] == stores[10_000]
    assert len(stores[3]) == 20 and sum("_:r7 " in q for q in stores[3]) == 2


def test_tuning_knobs_from_the_environment_fall_back_on_bad_values(monkeypatch):
    from cvgraph.build import env_count

    for value, expected in (("", 48), ("3", 3), ("0", 1), ("-4", 48), ("2.5", 48), ("many", 48), (" 7", 48)):
        monkeypatch.setenv("CVGRAPH_TEST_KNOB", value)
        assert env_count("CVGRAPH_TEST_KNOB", 48) == expected, value
    monkeypatch.delenv("CVGRAPH_TEST_KNOB")
    assert env_count("CVGRAPH_TEST_KNOB", 2) == 2


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="kernel thread names are read from Linux /proc")
def test_bulk_load_threads_carry_a_kernel_thread_name(tmp_path):
    """So per-thread CPU (top -H, bench/thread_cpu.py) tells them from RocksDB's and Python's."""
    import threading
    import time

    from cvgraph.store import BackgroundLoader

    gen = _gen(tmp_path / "g")
    with BackgroundLoader(gen, threads=2) as loader:
        deadline = time.monotonic() + 10
        while True:          # each thread names itself when it starts
            names = [Path(f"/proc/self/task/{t.native_id}/comm").read_text().strip() for t in loader._threads]
            if names == ["cvgraph-load"] * 2 or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        loader.finish()
    assert names == ["cvgraph-load", "cvgraph-load"]
    main = Path(f"/proc/self/task/{threading.main_thread().native_id}/comm").read_text().strip()
    assert main != "cvgraph-load"


@pytest.mark.parametrize("seed", range(40))
def test_differing_stretches_give_the_set_difference_of_texts_of_distinct_lines(seed):
    """Texts of distinct lines (in any order), changed by lines added, dropped, replaced and
    moved, runs of changes longer than a piece, at the start and at the end, with and without
    a final newline: the set differences of the kept stretches are those of all the lines."""
    import random

    from cvgraph.store import differing_stretches

    rng = random.Random(seed)
    pool = [f'<http://example.org/s{i}> <http://example.org/p> "{pad}{i}" .'
            for i, pad in enumerate("x" * rng.randrange(0, 80) for _ in range(6000))]
    old = rng.sample(pool[:4000], rng.randrange(0, 4000))
    if rng.random() < 0.7:
        old.sort()
    new = list(old)
    in_old = set(old)
    unused = [line for line in pool if line not in in_old]
    for _ in range(rng.randrange(0, 40)):
        op = rng.random()
        if op < 0.3 and unused:
            new.insert(rng.randrange(len(new) + 1), unused.pop())
        elif op < 0.55 and new:
            del new[rng.randrange(len(new))]
        elif op < 0.75 and new and unused:
            new[rng.randrange(len(new))] = unused.pop()
        elif op < 0.9 and new:
            new.insert(rng.randrange(len(new) + 1), new.pop(rng.randrange(len(new))))    # moved
        elif new and unused:
            at = rng.randrange(len(new))
            run = [unused.pop() for _ in range(min(len(unused), rng.randrange(1, 800)))]
            new[at:at + rng.randrange(0, 800)] = run
    chunk = rng.choice([64, 1 << 10, 1 << 16])
    old_text = "\n".join(old) + ("\n" if rng.random() < 0.8 else "")
    new_text = "\n".join(new) + ("\n" if rng.random() < 0.8 else "")
    kept_old, kept_new = differing_stretches(old_text, new_text, chunk)
    whole = set(old_text.split("\n")) - {""}, set(new_text.split("\n")) - {""}
    part = set(kept_old.split("\n")) - {""}, set(kept_new.split("\n")) - {""}
    assert part[0] - part[1] == whole[0] - whole[1]
    assert part[1] - part[0] == whole[1] - whole[0]
    if old == new and old_text == new_text:
        assert kept_old == kept_new == ""
