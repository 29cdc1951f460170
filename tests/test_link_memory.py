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
