"""The link stage split into per-document and global parts gives what ``link_ntriples`` gives.

``link_features`` (per document, in worker processes), ``resolve_links`` (global, in the
parent) and ``apply_link_plan`` (per document) exchange plain picklable data; their
composition must equal ``link_ntriples`` byte for byte: the same linked N-Triples per
document (and None exactly where a document is left unchanged), the same links graph, the
same mappings and statistics — on the seeds, the shared real corpus, a ``bench/generate.py``
corpus and the link benchmark's synthetic CVs. The features travel through pickle (and, in
one test, through spawned worker processes with their own hash seeds), as in the build.
"""
from __future__ import annotations

import pickle
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from cvgraph.authorities import NoAuthorities
from cvgraph.config import Settings
from cvgraph.link import (DocLinkFeatures, LinkPlan, Overrides, apply_link_plan, link_features, link_ntriples,
                          resolve_links)

from .conftest import REAL, ROOT, SEEDS

S = Settings()


def _mapped(paths, settings: Settings = S) -> list[tuple[str, str]]:
    from cvgraph.build import _disambiguate_doc_iris, process_document

    results = [process_document(str(p), settings) for p in paths]
    ok = [r for r in results if r.error is None]
    _disambiguate_doc_iris(ok)
    return [(r.doc_iri, r.ntriples) for r in ok]


def _split(docs, settings: Settings, overrides=None, authorities=None, features=None):
    """The build's path: features per document (through pickle), the global plan, each
    document's plan (through pickle) applied to its provisional text."""
    if features is None:
        features = [pickle.loads(pickle.dumps(link_features(iri, text, settings.base))) for iri, text in docs]
    plan = resolve_links(features, settings, overrides, authorities)
    assert isinstance(plan, LinkPlan)
    out = {}
    for iri, text in docs:
        doc_plan = pickle.loads(pickle.dumps(plan.document_plan(iri)))
        out[iri] = apply_link_plan(text, doc_plan)
    return plan, out


def assert_split_equals_full(docs, settings: Settings = S, overrides=None, authorities=None, features=None):
    full = link_ntriples(docs, settings, overrides, authorities=authorities)
    plan, out = _split(docs, settings, overrides, authorities, features)
    assert set(plan.plans) == {iri for iri, _ in docs}
    for (iri, text), (iri2, linked), rewritten in zip(docs, full.documents, full.rewritten):
        assert iri == iri2
        if rewritten:
            assert out[iri] == linked, iri
        else:
            assert out[iri] is None and linked is text, iri
    assert plan.links == full.links
    assert plan.mapping == full.mapping
    assert plan.document_mappings == full.document_mappings
    assert plan.stats == full.stats
    return full, plan


def _seed_and_real_docs():
    paths = sorted(SEEDS.iterdir())
    if REAL.exists():
        paths += sorted(p for p in REAL.iterdir() if p.is_file() and p.suffix != ".bib")
    return _mapped(paths)


@pytest.fixture(scope="module")
def seed_real_docs():
    return _seed_and_real_docs()


def test_split_equals_full_on_seeds_and_real_corpus(seed_real_docs):
    if not REAL.exists():
        pytest.skip(f"{REAL} not present (the shared corpus is read in place)")
    full, plan = assert_split_equals_full(seed_real_docs)
    assert any(full.rewritten) and plan.mapping                 # the corpus does merge across documents
    assert "same-authors+venue+year" in plan.links and "same-authority-record" in plan.links


def test_split_equals_full_on_seeds_with_overrides_and_without_authorities(seed_real_docs):
    seeds = {str(p.name) for p in SEEDS.iterdir()}
    docs = _mapped(sorted(SEEDS.iterdir()))
    assert len(docs) == len(seeds)
    assert_split_equals_full(docs, authorities=NoAuthorities())
    # must-link the subjects of two different CVs (two people), cannot-link two others
    subjects = sorted({m[2][0] for iri, text in docs for m in link_features(iri, text, S.base).mentions
                       if m[0] == "person" and m[3] and m[2]})
    assert len(subjects) >= 3
    ov = Overrides(must_link=[(subjects[0], subjects[-1])], cannot_link=[("Hao Wang", "ChonLam Lao")])
    full, plan = assert_split_equals_full(docs, overrides=ov)
    assert "user-override" in plan.links


def test_plan_is_a_function_of_the_set_of_features(seed_real_docs):
    feats = [link_features(iri, text, S.base) for iri, text in seed_real_docs]
    ref = resolve_links(feats, S)
    for seed in (1, 2):
        shuffled = feats[:]
        random.Random(seed).shuffle(shuffled)
        again = resolve_links(shuffled, S)
        assert again.links == ref.links and again.mapping == ref.mapping
        assert again.plans == ref.plans and list(again.plans) == sorted(again.plans)


def test_features_are_made_in_spawned_workers_with_other_hash_seeds(seed_real_docs):
    """Worker processes (spawned: their own PYTHONHASHSEED, so sets iterate differently)
    compute the features; the parent's plan is still exactly link_ntriples'."""
    docs = seed_real_docs
    with ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn")) as pool:
        feats = list(pool.map(link_features, [i for i, _ in docs], [t for _, t in docs], [S.base] * len(docs)))
    assert all(isinstance(f, DocLinkFeatures) and f.base == S.base for f in feats)
    assert_split_equals_full(docs, features=feats)


def test_features_are_compact_and_plans_small(seed_real_docs):
    for iri, text in seed_real_docs:
        f = link_features(iri, text, S.base)
        assert f.doc_iri == iri and f.mentions
        # the features hold the mentions' fields, not the document: smaller than its N-Triples
        assert len(pickle.dumps(f, protocol=pickle.HIGHEST_PROTOCOL)) < len(text.encode())
    plan = resolve_links([link_features(i, t, S.base) for i, t in seed_real_docs], S)
    changed = [p for p in plan.plans.values() if p.changes]
    assert changed and all(set(p.mapping) | set(p.rename) for p in changed)
    assert any(not p.changes for p in plan.plans.values()) or len(plan.plans) == len(changed)


def test_apply_link_plan_leaves_unchanged_documents_alone(seed_real_docs):
    plan = resolve_links([link_features(i, t, S.base) for i, t in seed_real_docs], S)
    for iri, text in seed_real_docs:
        p = plan.document_plan(iri)
        out = apply_link_plan(text, p)
        assert (out is None) == (not p.changes)
    assert apply_link_plan(seed_real_docs[0][1], None) is None


def test_resolve_refuses_mixed_bases_and_duplicate_documents(seed_real_docs):
    iri, text = seed_real_docs[0]
    with pytest.raises(ValueError, match="base"):
        resolve_links([link_features(iri, text, "http://other.example/")], S)
    f = link_features(iri, text, S.base)
    with pytest.raises(ValueError, match="twice"):
        resolve_links([f, f], S)


@pytest.mark.slow
def test_split_equals_full_on_a_generated_corpus(tmp_path):
    """bench/generate.py (n=300, seed 3): four CV shapes, shared papers with title variants,
    ROR organizations, same-name people."""
    out = tmp_path / "c300"
    subprocess.run([sys.executable, "-m", "bench.generate", "--n", "300", "--seed", "3", "--out", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    docs = _mapped(sorted(p for p in out.rglob("*") if p.is_file()))
    assert len(docs) >= 290
    full, plan = assert_split_equals_full(docs)
    assert "similar-title" in plan.links and "identical-title" in plan.links
    assert sum(full.rewritten) > 50


@pytest.mark.slow
@pytest.mark.parametrize("people,seed", [(3000, 1), (1500, 4)])
def test_split_equals_full_on_the_link_benchmark_corpus(people, seed):
    from bench.link_bench import S as BS
    from bench.link_bench import ntriples_for, synthetic_records

    docs = ntriples_for(synthetic_records(people, seed))
    full, plan = assert_split_equals_full(docs, settings=BS)
    assert full.stats.mentions["person"] >= people * 0.7 and plan.mapping


# ---------------------------------------------------------------------------------------
# The ROR match index: cached on disk (keyed by the source file's hash), same answers
# ---------------------------------------------------------------------------------------
def _clear_ror_caches(a):
    a.release_ror_tables()


@pytest.mark.slow
def test_ror_index_cache_is_written_once_and_gives_the_same_matches(tmp_path, monkeypatch):
    import csv

    from cvgraph import authorities as a

    labels = list(csv.DictReader((a.AUTHORITY_DIR / "org_labels.csv").open(encoding="utf-8")))
    probes = [(r["mention"], r.get("location") or None) for r in labels] + [
        ("Massachusets Institute of Technology", None), ("University Bremen", None), ("Harvard", None),
        ("Google", "Mountain View, CA"), ("HKUST", "Hong Kong")]
    cache_dirs = [tmp_path / "ro", tmp_path / "cache"]
    (tmp_path / "ro").write_text("not a directory")            # the first choice is not writable
    monkeypatch.setattr(a, "_ror_cache_dirs", lambda: cache_dirs)
    try:
        _clear_ror_caches(a)
        built = [a.match_org(n, loc) for n, loc in probes]
        files = list((tmp_path / "cache").iterdir())
        assert len(files) == 1 and files[0].name.endswith(".marshal") and not list(tmp_path.glob("cache/*.tmp"))
        stamp = files[0].stat().st_mtime_ns
        _clear_ror_caches(a)
        loaded = [a.match_org(n, loc) for n, loc in probes]
        assert files[0].stat().st_mtime_ns == stamp                # read, not rebuilt
        assert loaded == built and sum(m is not None for m in loaded) >= 30
        assert len(a.ror_orgs()) > 40_000 and a.is_known_org_name("Peking University")
        # an unreadable cache file is rebuilt, not trusted
        files[0].write_bytes(b"garbage")
        _clear_ror_caches(a)
        assert [a.match_org(n, loc) for n, loc in probes] == built
        assert files[0].read_bytes() != b"garbage"
    finally:
        _clear_ror_caches(a)


def test_title_comparison_equals_rapidfuzz_token_sort_ratio(seed_real_docs):
    """The linker compares titles with fuzz.ratio on each title key's words sorted once;
    that is rapidfuzz's token_sort_ratio for title keys (words of [a-z0-9], one space)."""
    from rapidfuzz import fuzz

    from cvgraph.link import TITLE_SIMILARITY, _sorted_words, title_key

    titles = sorted({title_key(n) for iri, text in seed_real_docs
                     for m in link_features(iri, text, S.base).mentions if m[0] in ("pub", "patent")
                     for n in m[2]} - {""})
    assert len(titles) > 50
    rng = random.Random(5)
    pairs = [(a, b) for a in titles for b in rng.sample(titles, 20)]
    pairs += [(t, " ".join(reversed(t.split()))) for t in titles]           # same words, other order
    pairs += [(t, t[:-1] + "x") for t in titles]                            # near-identical
    for a, b in pairs:
        for cutoff in (None, TITLE_SIMILARITY):
            assert fuzz.ratio(_sorted_words(a), _sorted_words(b), score_cutoff=cutoff) == \
                fuzz.token_sort_ratio(a, b, score_cutoff=cutoff), (a, b)
