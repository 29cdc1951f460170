"""The shortcuts the global link step takes give what the plain computations give.

``resolve_links`` was made faster without changing a decision (plans and links graph
byte-identical on generated corpora of 2,000 and 10,000 CVs; ``test_perf_equivalence`` compares
the whole stage with the frozen reference linker). Some shortcuts rest on an identity that holds
for any input, not only for the corpora measured; these tests check those identities on random
input.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cvgraph.link import (_Rarity, _bad_case, _keys, _keys_union, _preferred, _title_tokens, name_preference,
                          title_key)

# letters of several kinds: ASCII, accented, a title-case digraph, uncased CJK, digits, punctuation
ALPHABET = "aAbBzZ éÉßǅ中1-.,'’"
names = st.text(alphabet=ALPHABET, max_size=14)


def _bad_case_by_letters(name: str) -> bool:
    """The case rule of ``name_preference`` as it was written: every letter upper or every one lower."""
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters) or all(c.islower() for c in letters))


@settings(max_examples=500, deadline=None)
@given(names)
def test_bad_case_is_the_letter_rule(name):
    assert _bad_case(name) == _bad_case_by_letters(name)


@settings(max_examples=300, deadline=None)
@given(st.lists(names, min_size=1, max_size=8, unique=True), st.data())
def test_preferred_is_the_first_of_the_sorted_names(distinct, data):
    """``_preferred`` parses only the names that tie on (head, case) and gives the first name of
    the full sort, with or without a head key and document counts."""
    docs = {n: data.draw(st.integers(0, 3)) for n in distinct}
    heads = {n: (data.draw(st.integers(-2, 0)), data.draw(st.booleans())) for n in distinct}
    assert _preferred(set(distinct)) == sorted(distinct, key=name_preference)[0]
    assert _preferred(distinct, docs=docs.get) == sorted(distinct, key=lambda n: name_preference(n, docs[n]))[0]
    assert (_preferred(distinct, heads.get)
            == sorted(distinct, key=lambda n: heads[n] + name_preference(n))[0])


def test_preferred_on_invented_name_variants():
    variants = {"ZORIAN KELLET", "Zorian Kellet", "Z. Kellet", "Zorian B. Kellet", "zorian kellet"}
    assert _preferred(variants) == "Zorian B. Kellet"                      # most tokens, well cased
    titles = {"Graph Folding for Sparse Ledgers", "graph folding for sparse ledgers",
              "Graph folding for sparse ledgers (extended)"}
    docs = {"Graph Folding for Sparse Ledgers": 1, "graph folding for sparse ledgers": 3,
            "Graph folding for sparse ledgers (extended)": 1}
    # the title named by the most documents wins before its case is looked at
    assert _preferred(titles, lambda n: (-docs[n], False)) == "graph folding for sparse ledgers"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abcXYZ éü-:,.0123 ", max_size=40))
def test_title_tokens_of_a_title_are_those_of_its_key(title):
    """``_similar_works`` takes a title's rarest tokens from the title (cached) instead of its key."""
    assert title_key(title_key(title)) == title_key(title)
    assert _title_tokens(title_key(title)) == _title_tokens(title)


def test_rarity_is_the_frequency_length_token_key():
    df = {"ledger": 3, "graph": 1}
    r = _Rarity(df)
    for t in ("ledger", "graph", "unseen"):
        assert r[t] == (df.get(t, 0), -len(t), t)
    assert sorted(["ledger", "unseen", "graph", "abc"], key=r.__getitem__) == ["unseen", "abc", "graph", "ledger"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 20), max_size=12), st.lists(st.integers(0, 20), max_size=12))
def test_keys_union_is_the_union_in_its_compact_form(a, b):
    """The union of two key collections (a tuple while at most _KEYS_TUPLE_MAX keys, a set above),
    also when nothing is new (the same object comes back)."""
    ka, kb = _keys(a), _keys(b)
    sa, sb = set(ka), set(kb)
    u = _keys_union(ka if isinstance(ka, tuple) else set(ka), kb)
    assert set(u) == sa | sb and len(set(u)) == len(u)
    assert isinstance(u, tuple) == (len(u) <= 8)
