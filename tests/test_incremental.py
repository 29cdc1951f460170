"""`cvgraph add` / `cvgraph remove`: incremental changes give the graph a full build gives.

The reference is the full build of the resulting set of files (the session's `built_store` for
the five seeds); the incremental store is compared graph by graph: every named graph and the
default graph (the merge) isomorphic, document and links graphs identical as sets (so every
canonical IRI is the same).
"""
from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import pyoxigraph as ox
import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

from cvgraph.build import add_documents, build, remove_documents
from cvgraph.cli import main
from cvgraph.config import Settings
from cvgraph.store import CACHE_DIR, live_generation

from .conftest import SEED_FILES, SEEDS

ADDED = SEED_FILES["lam"]
REMOVED = SEED_FILES["lao_profile"]


def dataset(store_dir: Path) -> dict[str, set[ox.Triple]]:
    """Graph name ('' for the default graph) → its triples, from the live generation."""
    store = ox.Store.read_only(str(live_generation(store_dir)))
    out: dict[str, set] = defaultdict(set)
    for q in store.quads_for_pattern(None, None, None, None):
        name = "" if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
        out[name].add(q.triple)
    del store
    return dict(out)


def as_rdflib(triples: set) -> Graph:
    g = Graph()
    data = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
    if data:
        g.parse(data=data.decode("utf-8"), format="nt")
    return g


def assert_same_dataset(got: dict, want: dict) -> None:
    assert sorted(got) == sorted(want), "the stores hold different sets of graphs"
    for name in sorted(want):
        has_bnodes = any(isinstance(t.subject, ox.BlankNode) or isinstance(t.object, ox.BlankNode)
                         for t in want[name])
        if has_bnodes:   # the validation reports (and the merge holding them)
            assert isomorphic(as_rdflib(got[name]), as_rdflib(want[name])), f"graph <{name}> differs"
        else:
            missing, extra = want[name] - got[name], got[name] - want[name]
            assert not missing and not extra, (
                f"graph <{name}>: {len(missing)} triples missing, {len(extra)} extra; "
                f"e.g. missing {sorted(map(str, missing))[:3]} extra {sorted(map(str, extra))[:3]}")


def union_is_merge(data: dict) -> None:
    merged = set().union(*(ts for name, ts in data.items() if name))
    assert data[""] == merged, "the default graph is not the merge of the named graphs"


@pytest.fixture(scope="module")
def four_seed_store(tmp_path_factory):
    """Every seed but one, built with the normal build; plus its dataset before any change."""
    store = tmp_path_factory.mktemp("incremental") / "store"
    files = [SEEDS / name for name in sorted(SEED_FILES.values()) if name != ADDED]
    summary = build(files, store, Settings(), jobs=1)
    assert summary.exit_code == 0, summary.render()
    return store, dataset(store)


@pytest.mark.slow
def test_add_then_remove_equal_full_builds(four_seed_store, built_store, tmp_path):
    store, before = four_seed_store
    full_five = dataset(built_store[0])

    summary = add_documents([SEEDS / ADDED], store, Settings(), jobs=1)
    assert summary.exit_code == 0 and summary.committed, summary.render()
    assert summary.documents == 5
    assert summary.changed_graphs >= 1
    after_add = dataset(store)
    assert_same_dataset(after_add, full_five)
    union_is_merge(after_add)
    full = built_store[1]
    assert (summary.triples, summary.people, summary.organizations, summary.publications) == \
        (full.triples, full.people, full.organizations, full.publications)

    # remove by file name: back to exactly the four-seed build
    summary = remove_documents([ADDED], store, Settings())
    assert summary.exit_code == 0 and summary.committed, summary.render()
    assert summary.documents == 4
    assert summary.triples == len(before[""])
    after_remove = dataset(store)
    assert_same_dataset(after_remove, before)
    union_is_merge(after_remove)


@pytest.mark.slow
def test_remove_by_path_and_cli_messages(four_seed_store, tmp_path, capsys):
    store, _ = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    gen_before = live_generation(work).name

    # unknown documents fail by name, like a build's bad files, and leave the store as it was
    code = main(["remove", "no-such-cv.txt", "--store", str(work)])
    out = capsys.readouterr()
    assert code == 1
    assert "cvgraph: no-such-cv.txt: no such document in the store" in out.err
    assert "store unchanged" in out.out
    assert live_generation(work).name == gen_before

    code = main(["remove", str(SEEDS / REMOVED), "--store", str(work)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "documents: 3" in out.out and "document graphs written:" in out.out
    data = dataset(work)
    union_is_merge(data)
    doc_graphs = {name for name, ts in data.items() if name
                  if any(t.predicate.value == "http://schema.org/sha256" for t in ts)}
    assert len(doc_graphs) == 3
    assert not any(REMOVED in t.object.value for name in doc_graphs for t in data[name]
                   if isinstance(t.object, ox.Literal))
    # the new generation carries a cache for the next change
    assert (live_generation(work) / CACHE_DIR / "index.json").exists()


def test_add_needs_a_built_store(tmp_path, capsys):
    code = main(["add", str(SEEDS / ADDED), "--store", str(tmp_path / "empty")])
    assert code == 1
    assert "no graph has been built" in capsys.readouterr().err


def test_add_a_bad_file_fails_by_name_and_keeps_the_store(four_seed_store, tmp_path, capsys):
    store, before = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"PK\x03\x04 this is a zip, not a pdf")
    code = main(["add", str(bad), "--store", str(work)])
    out = capsys.readouterr()
    assert code == 1
    assert "cvgraph: broken.pdf:" in out.err
    assert_same_dataset(dataset(work), before)


def test_unreadable_stored_overrides_are_a_clear_error_and_keep_the_store(four_seed_store, tmp_path, capsys):
    """Overrides stored by an older cvgraph that took forms the reader now refuses (a number
    as a reference): add/remove say so and leave the store as it was, no traceback."""
    import json

    store, before = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    index = live_generation(work) / CACHE_DIR / "index.json"
    doc = json.loads(index.read_text())
    doc["overrides"] = {"must_link": [[1, 2]], "cannot_link": []}
    index.write_text(json.dumps(doc))
    code = main(["add", str(SEEDS / ADDED), "--store", str(work)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert "the link overrides stored with this graph cannot be read (must_link item 1: a reference is" in err
    assert "give them again with --links FILE" in err
    assert_same_dataset(dataset(work), before)


@pytest.mark.slow
def test_adding_files_already_in_the_store_as_they_are_changes_nothing(tmp_path, capsys, monkeypatch):
    """The build is deterministic: files whose provisional graphs and reports are the ones in
    the store, with the same overrides and linker, give the store it has; a changed file,
    other overrides or another linker go through the full change."""
    import cvgraph.build as build_module
    from cvgraph.build import BuildSummary, _count

    folder = tmp_path / "cvs"
    folder.mkdir()
    files = []
    for name in sorted(SEED_FILES.values())[:2]:
        shutil.copyfile(SEEDS / name, folder / name)
        files.append(folder / name)
    work = tmp_path / "store"
    built = build(files, work, Settings(), jobs=1)
    assert built.committed, built.render()
    gen = live_generation(work).name

    code = main(["add", str(files[0]), str(files[1]), "--store", str(work)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "store unchanged: every file is already in it as it is" in out.out
    assert "document graphs written" not in out.out
    assert live_generation(work).name == gen                      # no new generation
    counted = BuildSummary()
    _count(ox.Store.read_only(str(live_generation(work))), counted)
    assert (f"documents: 2  people: {counted.people}  organizations: {counted.organizations}  "
            f"publications: {counted.publications}  triples: {counted.triples}") in out.out

    # other link overrides: the full change (here they give the same graphs, but are recorded)
    links = tmp_path / "links.json"
    links.write_text('{"cannot_link": [["no one", "nobody"]]}', encoding="utf-8")
    summary = add_documents([files[0]], work, Settings(), overrides_path=links)
    assert summary.committed and not summary.unchanged
    assert live_generation(work).name != gen
    gen = live_generation(work).name
    # the same overrides again (now the stored ones, reused when none are given): nothing to do
    assert add_documents([files[0]], work, Settings(), overrides_path=links).unchanged
    assert add_documents([files[0]], work, Settings()).unchanged
    assert live_generation(work).name == gen

    # another linker: the full change
    monkeypatch.setattr(build_module, "linker_digest", lambda: "another linker")
    summary = add_documents([files[0]], work, Settings())
    assert summary.committed and not summary.unchanged
    monkeypatch.undo()

    # a changed file under the same path: the full change, its graph rewritten
    text = files[1].read_text(encoding="utf-8")
    files[1].write_text(text + "\nAwards\n2020 Best Paper Award, Example Conference\n", encoding="utf-8")
    summary = add_documents([files[1]], work, Settings())
    assert summary.committed and not summary.unchanged and summary.changed_graphs >= 1
    assert summary.documents == 2


def test_linker_digest_changes_with_the_authority_data(tmp_path, monkeypatch):
    """The authority files decide organization and venue links, so they are part of what
    `add` compares before leaving a store as it is."""
    import cvgraph.authorities as authorities
    from cvgraph.build import linker_digest

    data = tmp_path / "authorities"
    shutil.copytree(authorities.AUTHORITY_DIR, data, ignore=shutil.ignore_patterns(".cvgraph"))
    monkeypatch.setattr(authorities, "AUTHORITY_DIR", data)
    before = linker_digest()
    assert linker_digest() == before                       # deterministic
    with open(data / "venues.csv", "a", encoding="utf-8") as fh:
        fh.write("\n")
    assert linker_digest() != before



@pytest.mark.parametrize("module_name", ["link", "authorities", "iris"])
def test_linker_digest_changes_with_the_matcher_and_key_code(tmp_path, monkeypatch, module_name):
    """The ROR matcher (authorities.py) and the key folding (iris.py) decide links as much as
    link.py does: a change to any of them is another linker."""
    import importlib

    from cvgraph.build import linker_digest

    module = importlib.import_module(f"cvgraph.{module_name}")
    before = linker_digest()
    copy = tmp_path / f"{module_name}.py"
    copy.write_bytes(Path(module.__file__).read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(module, "__file__", str(copy))
    assert linker_digest() != before

@pytest.mark.slow
def test_changed_graphs_are_rewritten_by_their_differing_lines(four_seed_store, built_store, tmp_path, monkeypatch):
    """A document already in the store whose link plan changed is rewritten from the
    difference between its stored text (rebuilt from the cache and checked against the
    index's digest) and its new text, not by reading the graph back; a removed document the
    same way. The result is still exactly the full build's."""
    from cvgraph.store import Generation

    store = tmp_path / "store"
    shutil.copytree(four_seed_store[0], store)
    calls: dict[str, list[str]] = defaultdict(list)
    by_lines, by_reading = Generation.replace_graph_lines, Generation.replace_graph

    def spy_lines(self, graph, old, new, **kwargs):
        calls["lines"].append(graph.value)
        if kwargs.get("distinct_lines"):
            calls["distinct"].append(graph.value)
        return by_lines(self, graph, old, new, **kwargs)

    def spy_reading(self, graph, quads):
        calls["reading"].append(graph.value)
        return by_reading(self, graph, quads)

    monkeypatch.setattr(Generation, "replace_graph_lines", spy_lines)
    monkeypatch.setattr(Generation, "replace_graph", spy_reading)
    summary = add_documents([SEEDS / ADDED], store, Settings(), jobs=1)
    assert summary.committed and summary.changed_graphs >= 2, summary.render()
    assert len(calls["reading"]) == 1, calls                           # the new document only
    assert calls["reading"][0] not in four_seed_store[1]
    links = Settings().links_graph          # the links graph goes by its line difference too
    assert calls["lines"].count(links) == 1, calls
    assert calls["distinct"] == [links], calls     # its lines are distinct: compared by stretches
    assert len([g for g in calls["lines"] if g != links]) == summary.changed_graphs - 1, calls
    assert_same_dataset(dataset(store), dataset(built_store[0]))

    calls.clear()
    summary = remove_documents([ADDED], store, Settings())
    assert summary.committed, summary.render()
    assert not calls["reading"], calls
    assert calls["lines"].count(links) == 1, calls
    assert len([g for g in calls["lines"] if g != links]) == summary.changed_graphs + 1, calls   # the removed one too
    assert_same_dataset(dataset(store), four_seed_store[1])


def test_a_stored_text_is_used_only_when_its_digest_vouches_for_it(four_seed_store):
    import json

    from cvgraph.build import _digest, _read_plans, _stored_text

    cache = live_generation(four_seed_store[0]) / CACHE_DIR
    entries = json.loads((cache / "index.json").read_text())["documents"]
    plans = _read_plans(cache)
    for e in entries:
        text = _stored_text(e, e["graph"], cache, plans)
        assert text is not None and _digest(text) == e["digest"]
    e = dict(entries[0])
    assert _stored_text({**e, "digest": "0" * 40}, e["graph"], cache, plans) is None
    assert _stored_text(e, e["graph"] + "-other", cache, plans) is None
    assert _stored_text(None, e["graph"], cache, plans) is None


@pytest.mark.slow
def test_changed_documents_are_relinked_and_validated_in_worker_processes(four_seed_store, built_store, tmp_path,
                                                                          monkeypatch):
    """With many changed documents (here: the threshold lowered to 1) the rewrite and SHACL
    validation of each run in the worker processes, for an add and for a remove; the store is
    still the full build's."""
    import cvgraph.build as build_module

    store = tmp_path / "store"
    shutil.copytree(four_seed_store[0], store)
    monkeypatch.setattr(build_module, "PARALLEL_THRESHOLD", 1)
    started = []
    real_start = build_module._Workers._start

    def spy_start(self):
        pool = real_start(self)
        if pool is not None and pool not in started:
            started.append(pool)
        return pool

    monkeypatch.setattr(build_module._Workers, "_start", spy_start)
    summary = add_documents([SEEDS / ADDED], store, Settings(), jobs=2)
    assert summary.committed and summary.changed_graphs >= 2, summary.render()
    assert len(started) == 2, started                 # pools for pass 1 and for the relink of the changed graphs
    assert_same_dataset(dataset(store), dataset(built_store[0]))

    started.clear()
    summary = remove_documents([ADDED], store, Settings(), jobs=2)
    assert summary.committed and summary.changed_graphs >= 1, summary.render()
    assert len(started) == 1, started                 # for the relink (a remove has no pass 1)
    assert_same_dataset(dataset(store), four_seed_store[1])


def _cache_files(cache: Path) -> dict[str, set[str]]:
    return {kind: {p.name for p in (cache / kind).iterdir()} for kind in ("prov", "features", "validation")}


def _named_files(cache: Path) -> dict[str, set[str]]:
    """The file names the cache index names, per kind."""
    import json

    from cvgraph.build import entry_file

    index = json.loads((cache / "index.json").read_text())
    named = {kind: {Path(entry_file(cache, kind, e)).name for e in index["documents"]}
             for kind in ("prov", "features", "validation")}
    if index.get("features_pack"):
        named["features"].add(index["features_pack"])
    return named


@pytest.mark.slow
def test_a_change_moves_the_document_files_and_keeps_exactly_those_the_index_names(four_seed_store, built_store,
                                                                                   tmp_path):
    """The new generation takes the live one's document folders (no file is copied or linked
    per document); the files of changed documents are written under new names, the replaced
    and removed ones are dropped, so each folder holds exactly the files the index names; the
    previous generation keeps no document files. An add then a remove still equal full builds."""
    store, before = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    first = live_generation(work)
    assert _cache_files(first / CACHE_DIR) == _named_files(first / CACHE_DIR)

    summary = add_documents([SEEDS / ADDED], work, Settings(), jobs=1)
    assert summary.committed and summary.changed_graphs >= 1
    second = live_generation(work)
    assert _cache_files(second / CACHE_DIR) == _named_files(second / CACHE_DIR)
    assert not any((first / CACHE_DIR / kind).exists() for kind in ("prov", "features", "validation"))
    renamed = {kind: sorted(n for n in names if n.count(".") == 2 and not n.startswith("pack."))
               for kind, names in _named_files(second / CACHE_DIR).items()}
    # the re-validated documents' reports; the new document's provisional graph and features too
    assert len(renamed["validation"]) == summary.changed_graphs
    assert len(renamed["prov"]) == len(renamed["features"]) == 1
    assert_same_dataset(dataset(work), dataset(built_store[0]))

    summary = remove_documents([ADDED], work, Settings())
    assert summary.committed
    third = live_generation(work)
    assert _cache_files(third / CACHE_DIR) == _named_files(third / CACHE_DIR)
    assert len(_named_files(third / CACHE_DIR)["prov"]) == 4
    assert_same_dataset(dataset(work), before)


@pytest.mark.slow
def test_a_failed_or_killed_change_gives_the_document_files_back(four_seed_store, built_store, tmp_path,
                                                                  monkeypatch):
    """A commit that fails moves the document folders back to the live generation; a change
    killed after taking them (its generation abandoned, never committed) has them put back by
    the next writer. Either way the next add gives the full build's graph."""
    import cvgraph.build as build_module
    from cvgraph.store import Generation

    store, before = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    live = live_generation(work)
    files = _cache_files(live / CACHE_DIR)

    def failing_commit(self, *args, **kwargs):
        raise OSError("disk full (test)")

    monkeypatch.setattr(Generation, "commit", failing_commit)
    with pytest.raises(OSError, match="disk full"):
        add_documents([SEEDS / ADDED], work, Settings(), jobs=1)
    monkeypatch.undo()
    assert live_generation(work) == live and _cache_files(live / CACHE_DIR) == files
    assert not [p for p in work.glob("gen-*") if p.name > live.name]        # the new one was removed

    # killed between taking the folders and the commit: the process ends, its generation stays
    class Killed(BaseException):
        pass

    def killed(*args):
        raise Killed

    real_commit = Generation.commit

    def commit_then_die(self, *args, **kwargs):
        raise Killed

    monkeypatch.setattr(Generation, "commit", commit_then_die)
    monkeypatch.setattr(build_module, "_return_document_files", killed)
    monkeypatch.setattr(Generation, "abort", lambda self: None)       # a killed process cleans nothing
    with pytest.raises(Killed):
        add_documents([SEEDS / ADDED], work, Settings(), jobs=1)
    monkeypatch.undo()
    assert Generation.commit is real_commit
    assert not (live / CACHE_DIR / "prov").exists()          # the abandoned generation has them
    summary = add_documents([SEEDS / ADDED], work, Settings(), jobs=1)
    assert summary.committed
    assert _cache_files(live_generation(work) / CACHE_DIR) == _named_files(live_generation(work) / CACHE_DIR)
    assert_same_dataset(dataset(work), dataset(built_store[0]))


@pytest.mark.slow
def test_changes_read_the_features_from_a_pack_and_give_the_full_builds_graph(four_seed_store, built_store,
                                                                              tmp_path, monkeypatch):
    """The first change after a build writes the cached features into one pack; the next
    change reads them from it (no feature file of a document in the pack is opened), the new
    document's from its own file, and a pack that cannot be read is passed over. Every store
    is the full build's."""
    import json

    import cvgraph.build as build_module

    store, before = four_seed_store
    work = tmp_path / "store"
    shutil.copytree(store, work, symlinks=True)
    assert add_documents([SEEDS / ADDED], work, Settings(), jobs=1).committed
    index = json.loads((live_generation(work) / CACHE_DIR / "index.json").read_text())
    pack = live_generation(work) / CACHE_DIR / "features" / index["features_pack"]
    in_pack = build_module.FeaturesPack.open(pack)
    assert in_pack is not None and len(in_pack.stems) == 4     # the four built documents
    in_pack.close()
    assert_same_dataset(dataset(work), dataset(built_store[0]))

    opened = []
    real_read = build_module._read_features
    monkeypatch.setattr(build_module, "_read_features", lambda path: opened.append(Path(path).name) or real_read(path))
    assert remove_documents([ADDED], work, Settings()).committed
    assert opened == []                      # the removed one's features are not needed; the rest in the pack
    assert_same_dataset(dataset(work), before)

    assert add_documents([SEEDS / ADDED], work, Settings(), jobs=1).committed
    index = json.loads((live_generation(work) / CACHE_DIR / "index.json").read_text())
    assert opened == []                      # the four in the pack, the new one from pass 1
    assert index["features_pack"] != pack.name      # one document outside the pack of four: a new pack
    assert_same_dataset(dataset(work), dataset(built_store[0]))

    # a damaged pack: the documents' own files are read
    live = live_generation(work) / CACHE_DIR
    index = json.loads((live / "index.json").read_text())
    (live / "features" / index["features_pack"]).write_bytes(b"not a pack")
    opened.clear()
    assert remove_documents([ADDED], work, Settings()).committed
    assert len(opened) == 4
    assert_same_dataset(dataset(work), before)
