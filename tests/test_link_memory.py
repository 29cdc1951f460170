"""The link stage's memory layout: compact features, streamed into ``resolve_links``.

The build hands ``resolve_links`` a generator that reads each document's features from a
file (``features_to_bytes`` / ``features_from_bytes``: marshal, interned strings) and keeps
none of them; the linker's mentions share the features' tuples and strings. These tests check
that this path decides exactly what ``link_ntriples`` decides, that the stored form reads back
equal, shares strings across documents, and is refused (None: compute again) when it was
written by another version.
"""
from __future__ import annotations

import pickle
import sys

import pytest

from cvgraph.config import Settings
from cvgraph.link import (LINK_FEATURES_VERSION, DocLinkFeatures, features_from_bytes, features_to_bytes,
                          link_features, link_ntriples, resolve_links)

from .conftest import SEEDS

S = Settings()


def _mapped(paths) -> list[tuple[str, str]]:
    from cvgraph.build import _disambiguate_doc_iris, process_document

    results = [process_document(str(p), S) for p in paths]
    ok = [r for r in results if r.error is None]
    _disambiguate_doc_iris(ok)
    return [(r.doc_iri, r.ntriples) for r in ok]


@pytest.fixture(scope="module")
def generated_docs(tmp_path_factory):
    from bench.generate import generate

    out = tmp_path_factory.mktemp("gen") / "cvs"
    generate(300, 11, out)
    docs = _mapped(sorted(p for p in out.rglob("*") if p.is_file()))
    assert len(docs) >= 290
    return docs


def _streamed(blobs: list[bytes]):
    """What the build does: read one document's features at a time, keep none."""
    for b in blobs:
        yield features_from_bytes(b)


def test_streamed_stored_features_decide_what_link_ntriples_decides(generated_docs):
    docs = generated_docs
    blobs = [features_to_bytes(link_features(iri, text, S.base)) for iri, text in docs]
    consumed = []

    def stream():
        for f in _streamed(blobs):
            consumed.append(f.doc_iri)
            yield f

    plan = resolve_links(stream(), S)
    assert consumed == [iri for iri, _ in docs]            # read once, in the given order
    full = link_ntriples(docs, S)
    assert plan.links == full.links and plan.mapping == full.mapping
    assert plan.document_mappings == full.document_mappings and plan.stats == full.stats
    assert list(plan.plans) == sorted(iri for iri, _ in docs)
    # the list form (and a reversed input) gives the same plans as the stream
    again = resolve_links(list(reversed([features_from_bytes(b) for b in blobs])), S)
    assert again.plans == plan.plans and again.links == plan.links
    assert any(p.changes for p in plan.plans.values()) and "IdentityDecision" in plan.links


def test_stored_features_read_back_equal_and_share_strings(generated_docs):
    feats = [link_features(iri, text, S.base) for iri, text in generated_docs[:40]]
    back = [features_from_bytes(features_to_bytes(f)) for f in feats]
    assert [(f.doc_iri, f.base, tuple(f.mentions)) for f in back] == \
        [(f.doc_iri, f.base, tuple(f.mentions)) for f in feats]
    # pickle (worker → parent, tests) still works and gives equal features
    assert pickle.loads(pickle.dumps(feats[0])) == feats[0]
    # every collection is a tuple (no per-mention set or dict), every string interned: an IRI
    # named by two documents is one object after reading both back
    for f in back:
        assert isinstance(f.mentions, tuple)
        for m in f.mentions:
            assert isinstance(m[1], str) and sys.intern(m[1]) is m[1]
            assert all(isinstance(v, tuple) for v in m[2:3] + m[4:11] + m[12:15] + m[17:18])
    objects: dict[str, set[int]] = {}
    docs: dict[str, set[str]] = {}
    for f in back:
        for m in f.mentions:
            objects.setdefault(m[1], set()).add(id(m[1]))
            docs.setdefault(m[1], set()).add(f.doc_iri)
    assert all(len(ids) == 1 for ids in objects.values())
    assert sum(len(d) > 1 for d in docs.values()) > 10        # IRIs named by several documents


def test_stored_features_of_another_version_are_not_read():
    docs = _mapped(sorted(SEEDS.iterdir()))
    f = link_features(*docs[0], S.base)
    data = features_to_bytes(f)
    assert features_from_bytes(data) == f
    assert features_from_bytes(pickle.dumps(f)) is None                     # the previous format
    other = data.replace(f"link-features {LINK_FEATURES_VERSION} ".encode(),
                         f"link-features {LINK_FEATURES_VERSION + 1} ".encode(), 1)
    assert other != data and features_from_bytes(other) is None
    assert features_from_bytes(b"") is None
    assert features_from_bytes(data[: len(data) // 2]) is None                # a damaged (cut) file


def test_resolve_links_refuses_duplicates_and_other_bases_from_a_stream():
    docs = _mapped(sorted(SEEDS.iterdir()))[:2]
    f = link_features(*docs[0], S.base)
    with pytest.raises(ValueError, match="given twice"):
        resolve_links(iter([f, f]), S)
    with pytest.raises(ValueError, match="base"):
        resolve_links(iter([link_features(*docs[1], "http://other.example/")]), S)
    assert isinstance(f, DocLinkFeatures)


def test_links_graph_in_pieces_is_the_sorted_distinct_lines(generated_docs):
    """The links graph is kept as its decision records and written a subject at a time: the
    pieces join to ``links``, which is the sorted set of its lines (what a set of every line,
    sorted and joined, gave before), and each piece ends with a whole line."""
    docs = generated_docs
    plan = resolve_links([link_features(iri, text, S.base) for iri, text in docs], S)
    text = plan.links
    lines = text.split("\n")
    assert lines[-1] == "" and len(lines) > 1000
    assert lines[:-1] == sorted(set(lines[:-1]))
    for size in (1, 4096, 1 << 20):
        pieces = list(plan.links_chunks(size))
        assert "".join(pieces) == text
        assert all(p.endswith("\n") for p in pieces)
        if size == 4096:
            assert len(pieces) > 10 and all(len(p) >= size for p in pieces[:-1])
    # the same pieces from a plan whose links are a string (e.g. unpickled from an old cache)
    from cvgraph.link import LinkPlan
    as_text = LinkPlan(plan.plans, text, plan.mapping, plan.stats)
    assert "".join(as_text.links_chunks(4096)) == text and as_text == plan
    assert all(p.endswith("\n") for p in as_text.links_chunks(4096))
    import io
    out = io.StringIO()
    plan.write_links(out)
    assert out.getvalue() == text
    # a decision node's lines: its type, target, score, method, evidence and documents
    node = next(line.split(" ", 1)[0] for line in lines if "IdentityDecision" in line)
    mine = [line for line in lines if line.startswith(node + " ")]
    assert any("wasDerivedFrom" in line for line in mine) and any("mergedInto" in line for line in mine)


def test_mentions_keep_every_field_whatever_their_kind(generated_docs):
    """The linker holds each mention with its kind's fields only (the others read as empty);
    a mention that carries a field of another kind keeps it (a full mention), so the
    decisions see every field link_features gave."""
    from cvgraph.link import MENTION_FIELDS, _Linker

    feats = [link_features(iri, text, S.base) for iri, text in generated_docs[:60]]
    # give one organization a field of persons and one venue a year: not dropped
    f0 = feats[0]
    ms = list(f0.mentions)
    org = next(n for n, m in enumerate(ms) if m[0] == "org")
    venue = next((n for n, m in enumerate(ms) if m[0] == "venue"), None)
    ms[org] = ms[org][:4] + (("someone@example.org",),) + ms[org][5:]
    if venue is not None:
        ms[venue] = ms[venue][:15] + ("2020",) + ms[venue][16:]
    feats[0] = DocLinkFeatures(f0.doc_iri, f0.base, tuple(ms))
    lk = _Linker(iter(feats), S, None)
    lk.collect()
    fields = [f for f in MENTION_FIELDS if f != "kind"]
    by_key = {(m.doc, m.iri): m for m in lk.mentions}
    for f in feats:
        for t in f.mentions:
            m = by_key[(f.doc_iri, t[1])]
            assert m.kind == t[0]
            for name, value in zip(fields, t[1:]):
                assert getattr(m, name) == value, (t[1], name)
    # the compact form is the usual one: fewer slots than the full mention for most of them
    full = sum(1 for m in lk.mentions if len(type(m).__slots__) >= len(MENTION_FIELDS))
    assert full <= 2 and len(lk.mentions) > 1000


def test_build_cache_keeps_the_links_graph_beside_the_plans(generated_docs, tmp_path):
    """The build writes the links graph to the cache as a file (links.nt, made while it writes
    the links shard) and the plans without it; a cache written with the links inside
    plans.pkl is still read."""
    import pyoxigraph as ox

    from cvgraph.build import _read_plans, build
    from cvgraph.store import CACHE_DIR, live_generation

    summary = build([SEEDS], tmp_path / "store", S, jobs=1)
    assert summary.committed
    cache = live_generation(tmp_path / "store") / CACHE_DIR
    back = _read_plans(cache)
    assert "links" not in pickle.loads((cache / "plans.pkl").read_bytes())
    stored = ox.Store.read_only(str(live_generation(tmp_path / "store")))
    links_graph = {q.triple for q in stored.quads_for_pattern(None, None, None, ox.NamedNode(S.links_graph))}
    reloaded = ox.Store()                                     # the same term encoding as the store
    reloaded.load(back["links"], format=ox.RdfFormat.N_TRIPLES)
    cached = {q.triple for q in reloaded}
    assert cached == links_graph and len(links_graph) > 100
    assert len(back["plans"]) == 5

    plan = resolve_links([link_features(iri, text, S.base) for iri, text in generated_docs[:80]], S)
    old = tmp_path / "old"
    old.mkdir()
    (old / "plans.pkl").write_bytes(pickle.dumps({"plans": plan.plans, "links": plan.links}))
    again = _read_plans(old)
    assert again["plans"] == plan.plans and again["links"] == plan.links


def test_mentions_in_another_order_are_looked_up_without_the_iri_order(generated_docs):
    """The linker finds a document's mention by IRI with a binary search over the document's
    consecutive ids when its mentions come in IRI order (link_features' order); features
    in another order take a lookup table instead, and decide the same."""
    from cvgraph.link import _Linker

    feats = [link_features(iri, text, S.base) for iri, text in generated_docs[:80]]
    ref = resolve_links(feats, S)
    lk = _Linker(iter(feats), S, None)
    lk.collect()
    assert lk.index is None                                    # IRI order: no table
    for doc in lk.doc_iris[:20]:
        ids = lk.by_doc[doc]
        assert list(ids) == sorted(ids, key=lambda i: lk.mentions[i].iri)
        for i in ids:
            assert lk.mention_id(doc, lk.mentions[i].iri) == i
        assert lk.mention_id(doc, lk.mentions[ids[0]].iri + "-not-there") is None
    assert lk.mention_id("https://example.org/no-such-document", lk.mentions[0].iri) is None

    shuffled = [DocLinkFeatures(f.doc_iri, f.base, tuple(reversed(f.mentions))) for f in feats]
    lk = _Linker(iter(shuffled), S, None)
    lk.collect()
    assert lk.index is not None and all(lk.mention_id(m.doc, m.iri) == m.id for m in lk.mentions)
    again = resolve_links(shuffled, S)
    assert again.plans == ref.plans and again.links == ref.links and again.mapping == ref.mapping


def test_ror_tables_released_after_the_organizations_decide_the_same(generated_docs):
    """The build's link step asks the authority source to drop its ROR tables once every
    organization is matched: the plan is the same, and a later lookup loads them again."""
    from cvgraph import authorities as a

    feats = [link_features(iri, text, S.base) for iri, text in generated_docs[:120]]
    ref = resolve_links(feats, S)
    assert ref.links.count("ror.org/") > 0                     # organizations were matched to ROR
    assert a._ror_tables.cache_info().currsize == 1
    lean = resolve_links(feats, S, release_authorities=True)
    assert a._ror_tables.cache_info().currsize == 0 and a._ror_match_index.cache_info().currsize == 0
    assert lean.plans == ref.plans and lean.links == ref.links and lean.stats == ref.stats
    assert a.match_org("Peking University") is not None        # loaded again on use


def test_occurrence_keys_stay_tuples_while_few_and_still_block_co_occurring_mentions():
    """Occurrence keys (the works a person mention authors; a work's documents) are a tuple
    while a component has at most _KEYS_TUPLE_MAX of them and a set above; a join of two
    components that share a key is refused either way."""
    from cvgraph.link import _KEYS_TUPLE_MAX, _UF

    uf = _UF(4)
    uf.occ[0], uf.occ[1] = (1, 2), (3,)
    uf.occ[2] = tuple(range(10, 10 + _KEYS_TUPLE_MAX))
    uf.occ[3] = (2, 99)
    assert uf.union(0, 1) and uf.occ[uf.find(0)] == (1, 2, 3)
    assert uf.conflict(0, 3) == "co-occur" and not uf.union(1, 3)      # key 2 in both
    assert uf.union(0, 2)
    merged = uf.occ[uf.find(0)]
    assert isinstance(merged, set) and merged == {1, 2, 3, *range(10, 10 + _KEYS_TUPLE_MAX)}
    assert uf.conflict(2, 3) == "co-occur"
    assert all(o is None for i, o in enumerate(uf.occ) if i not in (uf.find(0), 3))


def test_identity_records_keep_few_documents_as_tuples_and_many_as_sets(generated_docs):
    """An identity record (one provisional IRI joined across documents) keeps its evidence and
    documents as a tuple while it has at most _KEYS_TUPLE_MAX of each, a set above; either way
    they are distinct, and the links graph is link_ntriples' (checked above on the same docs)."""
    from cvgraph.link import _KEYS_TUPLE_MAX, _Linker

    feats = [link_features(iri, text, S.base) for iri, text in generated_docs]
    lk = _Linker(iter(feats), S, None)
    lk.with_mapping = False
    lk._names_by_canon = {}
    for phase in ("collect", "apply_cannot_links", "link_orgs", "finish_orgs", "link_venues", "link_persons",
                  "finish_persons", "link_works", "finish_works"):
        getattr(lk, phase)()
    docs = [rec[2] for rec in lk.identity_records.values()]
    small = [d for d in docs if isinstance(d, tuple)]
    large = [d for d in docs if isinstance(d, set)]
    assert small and large                                   # both forms occur on 300 CVs
    assert all(2 <= len(d) <= _KEYS_TUPLE_MAX and len(set(d)) == len(d) for d in small)
    assert all(len(d) > _KEYS_TUPLE_MAX for d in large)
    assert all(len(set(rec[1])) == len(rec[1]) for rec in lk.identity_records.values())
    assert lk.output().links == resolve_links(feats, S).links


def _blocked_both_sides(uf, store, ra, rb) -> bool:
    """The cannot-link check as it was: every member of both roots' sets."""
    return any(s and any(uf.find(x) == other for x in s)
               for s, other in ((store.get(ra), rb), (store.get(rb), ra)))


def test_cannot_link_check_on_the_smaller_side_answers_as_both_sides():
    """``_UF._blocked`` looks at one set (the smaller; none when a side has none): the sets are
    symmetric, so it answers as a scan of both, after any mix of constraints and unions."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from cvgraph.link import _UF

    ops = st.lists(st.tuples(st.sampled_from(["cannot", "ucannot", "union", "force"]),
                             st.integers(0, 11), st.integers(0, 11)), max_size=40)

    @settings(max_examples=300, deadline=None)
    @given(ops)
    def check(seq):
        uf = _UF(12)
        for op, a, b in seq:
            if op in ("cannot", "ucannot"):
                uf.add_cannot(a, b, user=op == "ucannot")
            else:
                uf.union(a, b, force=op == "force")
            roots = sorted({uf.find(i) for i in range(12)})
            for ra in roots:
                for rb in roots:
                    if ra != rb:
                        for store in (uf.cannot, uf.ucannot):
                            assert uf._blocked(store, ra, rb) == _blocked_both_sides(uf, store, ra, rb)

    check()

