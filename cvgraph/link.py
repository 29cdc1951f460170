"""The link stage: provisional (name-based) entity IRIs → canonical IRIs across documents.

Input: the document graphs of the map stage (one rdflib Graph per document, identifier =
document IRI). Entity IRIs in them are *provisional*: ``{base}person/{slug(name)}``,
``{base}org/...``, ``{base}venue/...``, ``{base}pub/...``, ``{base}patent/...``.

Output (:class:`LinkResult`): the same documents with provisional IRIs rewritten to one
canonical IRI per real-world entity, and a *links graph* recording every merge as a
``cvg:MergeDecision`` (``cvg:mergedFrom``, ``cvg:mergedInto``, ``cvg:score``,
``cvg:method``, ``cvg:evidence``).

The unit of linking is a *mention*: one provisional IRI in one document. Mentions are
joined with a union-find that honours cannot-link constraints (user overrides, two
same-name subjects kept apart, two authors of one paper, two works of one CV), in this
order:

1. user must-link overrides;
2. organizations: normalised-name equality (location and corporate suffix removed),
   then alias / acronym forms used by the same person; sub-units get
   ``schema:parentOrganization`` in the links graph instead of a merge;
3. venues: same acronym (case-insensitive) or same name;
4. persons: identical folded names (split when same-name CV subjects contradict each
   other), then name variants found by blocking (last name + first initial, both name
   orders) that have supporting evidence (shared coauthor, work, organization, e-mail or
   identifier), and shared identifiers alone;
5. works: identical titles, shared DOI/arXiv, similar titles (token_sort_ratio ≥ 92),
   or different titles with the same first author, ≥ 60% shared authors, same venue and
   year, in different documents. Patents: same number or same title.

Candidate pairs come only from blocks (no all-pairs comparison); pairs are accepted in
order of descending score with a deterministic tie-break, and the inputs are sorted by
document IRI first, so the result does not depend on the order of the documents.

The stage runs in three parts with plain, picklable data between them, so that the
per-document parts run in worker processes (and their results can be cached per document):

- :func:`link_features` (per document): parse the provisional N-Triples and collect the
  document's mentions with every doc-local field → :class:`DocLinkFeatures`;
- :func:`resolve_links` (global): every decision above, from the features of all documents
  → :class:`LinkPlan` (a small :class:`DocLinkPlan` per document — provisional → canonical
  IRIs and canonical names — the links graph, the mapping, statistics);
- :func:`apply_link_plan` (per document): the document's linked N-Triples, or None when it
  does not change.

:func:`link_ntriples` is their composition in one process (same result, byte for byte).
"""
from __future__ import annotations

import hashlib
import json
import marshal
import re
import sys
from bisect import bisect_left
from functools import cached_property, lru_cache
from collections import defaultdict
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any, Iterable, Iterator

from rapidfuzz import fuzz
from rdflib import Graph, URIRef
from rdflib.namespace import XSD

from cvgraph.authorities import ROR_TYPE_CLASSES, AuthoritySource, OfflineAuthorities, OrgMatch, Venue
from cvgraph.config import Settings
from cvgraph.errors import ConfigError
from cvgraph.iris import KEY_SEPARATOR, key_fold as _fold_any, mint, slugify
from cvgraph.vocab import BIBO, CVG, FOAF, PREFIXES, PROV, RDF, SCHEMA

_intern = sys.intern


class _Terms:
    """A namespace whose terms are made once: rdflib builds a new URIRef on every
    ``SCHEMA.author``, which dominated the link stage's profile on 100k-person inputs."""

    def __init__(self, ns):
        self._ns = ns

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        term = getattr(self._ns, name)
        setattr(self, name, term)
        return term

    def __getitem__(self, key):
        return self._ns[key]

    def __str__(self) -> str:
        return str(self._ns)


BIBO, CVG, FOAF, PROV, RDF, SCHEMA = (_Terms(n) for n in (BIBO, CVG, FOAF, PROV, RDF, SCHEMA))

__all__ = ["LinkResult", "LinkStats", "LinkedDocuments", "Overrides", "link_documents", "link_ntriples",
           "DocLinkFeatures", "DocLinkPlan", "LinkPlan", "link_features", "resolve_links", "apply_link_plan",
           "LINK_FEATURES_VERSION", "MENTION_FIELDS", "features_to_bytes", "features_from_bytes",
           "relink", "relink_ntriples", "changed_documents",
           "load_overrides", "overrides_from_data",
           "parse_name", "compare_names", "name_preference", "org_key", "org_display", "venue_name",
           "title_key"]

KINDS = ("person", "org", "venue", "pub", "patent")
_IRI_OF = attrgetter("iri")

# --- thresholds (documented in the README by the lead) ---------------------------------
TITLE_SIMILARITY = 92          # rapidfuzz token_sort_ratio on folded titles
AUTHOR_OVERLAP = 0.6           # shared authors / max(len) for different-title works
FAMILY_FUZZY = 90              # rapidfuzz ratio for near-identical long family names
GIVEN_FUZZY = 90               # rapidfuzz ratio for near-identical given names
MAX_TITLE_BLOCK = 500          # title-token blocks bigger than this are skipped (stopword-like)
MAX_IDENTIFIER_FANOUT = 5      # an identifier shared by more entities is ignored (a lab e-mail)
SHARED_IDENTIFIER_SCORE = 0.97

_NAME, _FOAF_NAME, _ALT = SCHEMA.name, FOAF.name, SCHEMA.alternateName
TITLE_AUTHORS_SCORE = 0.9


# =======================================================================================
# N-Triples terms: the linker works on terms as their N-Triples text ("<iri>", "_:b",
# '"lexical"@en', '"1"^^<…#integer>'), never on rdflib objects (parsing into rdflib Graphs
# and rewriting them cost ~15 ms per document). Lines are those of rdflib's N-Triples
# serializer (the map stage writes exactly that form), so a document the linker leaves
# unchanged is passed through as the same text.
# =======================================================================================
def _t(term) -> str:
    return f"<{term}>"


def fold(text: str) -> str:
    """:func:`cvgraph.iris.key_fold` (ASCII-fold and lower-case Latin letters, keep the letters
    of other scripts) with a fast path: ASCII text only needs lower-casing."""
    return text.lower() if text.isascii() else _fold_any(text)


_RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_XSD_DECIMAL = "<http://www.w3.org/2001/XMLSchema#decimal>"
T_NAME, T_FOAF_NAME, T_ALT = _t(SCHEMA.name), _t(FOAF.name), _t(SCHEMA.alternateName)
T_ABOUT, T_AUTHOR, T_AUTHOR_LIST = _t(SCHEMA.about), _t(SCHEMA.author), _t(BIBO.authorList)
T_EMAIL, T_SAME_AS, T_AFFILIATION, T_ALUMNI_OF = (_t(SCHEMA.email), _t(SCHEMA.sameAs), _t(SCHEMA.affiliation),
                                                   _t(SCHEMA.alumniOf))
T_PARENT, T_DATE_PUBLISHED, T_DATE_CREATED = (_t(SCHEMA.parentOrganization), _t(SCHEMA.datePublished),
                                              _t(SCHEMA.dateCreated))
T_IS_PART_OF, T_STATUS, T_IDENTIFIER = _t(SCHEMA.isPartOf), _t(SCHEMA.creativeWorkStatus), _t(SCHEMA.identifier)
T_AGENT, T_NAME_AS_WRITTEN, T_WORKS_FOR, T_RECOGNIZED_BY, T_LOCATION = (
    _t(CVG.agent), _t(CVG.nameAsWritten), _t(SCHEMA.worksFor), _t(SCHEMA.recognizedBy), _t(SCHEMA.location))
T_MENTOR, T_ADVISOR = _t(CVG.mentor), _t(CVG.advisor)
T_TYPE = _t(RDF.type)

_NT_UNESCAPE = re.compile(r'\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))', re.S)
_NT_SIMPLE = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
_IRI_UNSAFE = re.compile(r'[\x00-\x20<>"{}|^`\\]')


def _unescape(text: str) -> str:
    def one(m):
        code = m.group(1) or m.group(2)
        return chr(int(code, 16)) if code else _NT_SIMPLE.get(m.group(3), m.group(3))
    return _NT_UNESCAPE.sub(one, text)


def _value(term: str) -> str:
    """What ``str()`` of the rdflib term gives: the IRI, the literal's lexical form, the
    blank node's label."""
    c = term[0]
    if c == "<":
        v = term[1:-1]
    elif c == "_":
        return term[2:]
    else:
        v = term[1:term.rfind('"')]
    return _unescape(v) if "\\" in v else v


def _is_literal(term: str) -> bool:
    return term[0] == '"'


def _lit(text: str) -> str:
    """A plain literal as rdflib's N-Triples serializer writes it."""
    return '"' + text.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"').replace("\r", "\\r") + '"'


def _iri(value: str) -> str:
    if _IRI_UNSAFE.search(value):
        value = _IRI_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04X}", value)
    return f"<{value}>"


def _split_line(line: str) -> tuple[str, str, str] | None:
    """One canonical N-Triples line → (s, p, o) term texts; None if not in that form."""
    if not line.endswith(" ."):
        return None
    parts = line[:-2].split(" ", 2)
    if len(parts) != 3:
        return None
    s, p, o = parts
    if s[:1] not in ("<", "_") or p[:1] != "<" or not o or o[0] not in '<_"' or o != o.strip():
        return None
    return s, p, o


def _parse_lines(text: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """Distinct N-Triples lines of a document in the serializer's form (one triple per line,
    single spaces) and their (s, p, o). Input already in that form (the map stage's, the
    build cache's) is used as is; anything else is normalised through rdflib once."""
    lines: list[str] = []
    triples: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for line in text.split("\n"):
        if line in seen:
            continue
        t = None
        if line.endswith(" ."):                  # _split_line, inlined (the hot loop)
            parts = line[:-2].split(" ", 2)
            if len(parts) == 3:
                s, p, o = parts
                if s[:1] in ("<", "_") and p[:1] == "<" and o and o[0] in '<_"' and o == o.strip():
                    t = (s, p, o)
        if t is None:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            g = Graph()
            g.parse(data=text, format="nt")
            lines = [x for x in dict.fromkeys(g.serialize(format="nt").split("\n")) if x]
            return lines, [_split_line(x) for x in lines]
        seen.add(line)
        lines.append(line)
        triples.append(t)
    return lines, triples


def _canonical_lines(text: str) -> list[str]:
    return _parse_lines(text)[0]


# =======================================================================================
# Public data
# =======================================================================================
@dataclass
class Overrides:
    """User decisions. Each item is a tuple of ≥ 2 references; a reference is an IRI
    (absolute, or relative to the base: ``person/wei-liu``), a name, or a dict
    ``{"iri"|"name": ..., "document": <doc IRI>}`` restricting it to one document."""

    must_link: list[tuple[Any, ...]] = field(default_factory=list)
    cannot_link: list[tuple[Any, ...]] = field(default_factory=list)


@dataclass
class LinkStats:
    mentions: dict[str, int] = field(default_factory=dict)      # kind -> mentions
    entities: dict[str, int] = field(default_factory=dict)      # kind -> canonical entities
    person_comparisons: int = 0                                 # component pairs examined
    person_name_comparisons: int = 0                            # distinct spelling pairs compared
    person_blocks: int = 0
    largest_person_block: int = 0
    pub_comparisons: int = 0
    org_comparisons: int = 0
    merges: int = 0
    rejected_by_constraint: int = 0


@dataclass
class LinkResult:
    graphs: list[Graph]                 # rewritten document graphs, same order and identifiers
    links: Graph                        # identifier = settings.links_graph
    mapping: dict[str, str]             # provisional IRI -> canonical IRI (only those that changed)
    # doc IRI -> {provisional -> canonical} (changed only). Differs from ``mapping`` only
    # when one provisional IRI was split into two entities (two people with one name).
    document_mappings: dict[str, dict[str, str]] = field(default_factory=dict)
    stats: LinkStats = field(default_factory=LinkStats)


@dataclass
class LinkedDocuments:
    """The link stage's result on N-Triples (:func:`link_ntriples`), the build's fast path."""

    documents: list[tuple[str, str]]    # (document IRI, linked N-Triples), same order as the input
    rewritten: list[bool]               # per document: False = the input text, unchanged
    links: str                          # the links graph (settings.links_graph) as N-Triples
    mapping: dict[str, str]
    document_mappings: dict[str, dict[str, str]] = field(default_factory=dict)
    stats: LinkStats = field(default_factory=LinkStats)


def load_overrides(path) -> Overrides:
    """Read a YAML or JSON file::

        must_link:   [["Max Lam", "Maximilian Lam"], ["person/a", "person/b"]]
        cannot_link: [[{"name": "Wei Liu", "document": "http://.../doc/a"},
                       {"name": "Wei Liu", "document": "http://.../doc/b"}]]

    Items may also be dicts ``{"a": ref, "b": ref}``. Keys may be spelled ``must-link`` /
    ``mustLink`` / ``cannot-link`` / ``cannotLink``.
    """
    import yaml

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the override file ({exc})") from None
    try:
        data = json.loads(text) if p.suffix.lower() == ".json" else yaml.safe_load(text)
    except ValueError as exc:                        # json.JSONDecodeError
        raise ConfigError(f"{path}: invalid JSON: {exc}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: invalid YAML: {' '.join(str(exc).split())}") from None
    try:
        return overrides_from_data(data or {})
    except ValueError as exc:
        raise ConfigError(f"{path}: {exc}") from None


_OVERRIDE_KEYS = {"must_link": ("must_link", "must-link", "mustLink"),
                  "cannot_link": ("cannot_link", "cannot-link", "cannotLink")}


def overrides_from_data(data: dict) -> Overrides:
    """Checked as it is read: a typo'd key or a malformed item would otherwise be ignored
    without a word, and the user would think the decision was applied. Raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError(f"an override file holds a mapping with must_link / cannot_link, "
                         f"not a {type(data).__name__}")
    known = {k for keys in _OVERRIDE_KEYS.values() for k in keys}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise ValueError(f"unknown override key(s) {', '.join(map(repr, unknown))} "
                         f"(known: must_link, cannot_link)")

    def reference(ref, where: str):
        if isinstance(ref, str) and ref.strip():
            return ref
        if isinstance(ref, dict):
            target = ref.get("iri") or ref.get("name")
            doc = ref.get("document") or ref.get("doc")
            if isinstance(target, str) and target.strip() and (doc is None or isinstance(doc, str)):
                return ref
        raise ValueError(f"{where}: a reference is a name, an IRI or {{name|iri: ..., document: ...}}, "
                         f"not {ref!r}")

    def items(kind: str):
        for k in _OVERRIDE_KEYS[kind]:
            section = data.get(k)
            if not section:
                continue
            if not isinstance(section, list):
                raise ValueError(f"{k} must be a list of items, not a {type(section).__name__}")
            for n, item in enumerate(section, 1):
                where = f"{k} item {n}"
                if isinstance(item, dict) and "a" in item and "b" in item:
                    refs = (item["a"], item["b"])
                elif isinstance(item, (list, tuple)) and len(item) >= 2:
                    refs = tuple(item)
                else:
                    raise ValueError(f"{where} needs two references: {item!r}")
                yield tuple(reference(r, where) for r in refs)

    return Overrides(must_link=list(items("must_link")), cannot_link=list(items("cannot_link")))


# =======================================================================================
# Names
# =======================================================================================
NICKNAMES: dict[str, str] = {}
for _canon, _nicks in {
    "maximilian": "max maxi", "maxwell": "max", "alexander": "alex al sasha",
    "alexandra": "alex sasha", "andrew": "andy drew", "anthony": "tony",
    "benjamin": "ben benny", "charles": "charlie chuck", "christopher": "chris",
    "christina": "chris tina", "daniel": "dan danny", "david": "dave",
    "edward": "ed eddie ted", "elizabeth": "liz beth betty lisa", "frederick": "fred",
    "gregory": "greg", "jacob": "jake", "james": "jim jimmy jamie", "jennifer": "jen jenny",
    "jonathan": "jon", "john": "jack johnny", "joseph": "joe joey", "joshua": "josh",
    "katherine": "kate kathy katie", "kenneth": "ken kenny", "lawrence": "larry",
    "matthew": "matt", "michael": "mike mick", "nicholas": "nick nicky",
    "patrick": "pat", "peter": "pete", "philip": "phil", "rebecca": "becky",
    "richard": "rich rick dick", "robert": "rob bob bobby", "samuel": "sam",
    "stephen": "steve", "steven": "steve", "susan": "sue", "theodore": "ted theo",
    "thomas": "tom tommy", "timothy": "tim", "victoria": "vicky", "william": "will bill",
    "zachary": "zach zack",
}.items():
    NICKNAMES[_canon] = _canon
    for _n in _nicks.split():
        NICKNAMES.setdefault(_n, _canon)

_NAME_TITLES = {"dr", "prof", "professor", "mr", "mrs", "ms", "sir"}
_NAME_SUFFIXES = {"jr", "sr", "ii", "iii", "iv", "phd", "md"}
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_ALNUM = KEY_SEPARATOR


@dataclass(frozen=True)
class Tok:
    compact: str          # folded, lower-case, no hyphens: "hsienhsin"
    initials: str         # first letter of each part: "hh"
    is_initial: bool      # "M.", "S", "HH"


@dataclass(frozen=True)
class PName:
    raw: str
    tokens: tuple[Tok, ...]

    @cached_property
    def key(self) -> str:
        """Identity key: equal for case / hyphen / diacritic variants of one spelling."""
        return " ".join(t.compact for t in self.tokens)

    def reversed(self) -> "PName":
        return PName(self.raw, tuple(reversed(self.tokens)))

    @property
    def full_tokens(self) -> int:
        return sum(1 for t in self.tokens if not t.is_initial)


@lru_cache(maxsize=200_000)
def parse_name(name: str) -> PName | None:
    s = " ".join(name.split())
    if "," in s:
        last, rest = s.split(",", 1)
        rest_tokens = [_ALNUM.sub("", fold(t)) for t in rest.split()]
        if rest.strip() and not all(t in _NAME_SUFFIXES for t in rest_tokens):
            s = rest.strip() + " " + last.strip()
        else:
            s = last
    upper_name = s.upper() == s
    toks: list[Tok] = []
    for raw in s.replace(",", " ").split():
        f = _ALNUM.sub("", fold(raw))
        if not f or (f in _NAME_TITLES and raw.endswith(".")) or f in _NAME_SUFFIXES and toks:
            continue
        if f in _NAME_TITLES and len(s.split()) > 2 and not toks:
            continue
        parts = [p for p in re.split(r"[-‐‑'’.]+", raw) if p]
        sub: list[str] = []
        for p in parts:
            sub.extend(_CAMEL.split(p) if not p.isupper() else [p])
        initials = "".join(_ALNUM.sub("", fold(p))[:1] for p in sub)
        letters = "".join(c for c in raw if c.isalpha())
        is_initial = len(f) == 1 or (
            "." in raw and all(len(_ALNUM.sub("", fold(p))) == 1 for p in parts)
        ) or (not upper_name and letters.isupper() and len(letters) <= 3 and len(f) <= 3)
        if is_initial:
            initials = f
        toks.append(Tok(f, initials, is_initial))
    if not toks:
        return None
    return PName(name, tuple(toks))


def block_keys(n: PName) -> list[str]:
    t = n.tokens
    if len(t) == 1:
        return [t[0].compact + "|"]
    first, last = t[0], t[-1]
    keys = {f"{last.compact}|{first.compact[0]}"}
    canon = NICKNAMES.get(first.compact)
    if canon:
        keys.add(f"{last.compact}|{canon[0]}")
    if not first.is_initial:                       # the other name order: "Lao ChonLam"
        keys.add(f"{first.compact}|{last.compact[0]}")
    return sorted(keys)


def person_key(n: PName) -> str:
    """Coarse key for coauthor overlap: last name + first initial."""
    t = n.tokens
    return f"{t[-1].compact}|{t[0].compact[0]}" if len(t) > 1 else t[0].compact + "|"


def _initials_match(a: Tok, b_given: tuple[Tok, ...]) -> bool:
    """An initials token ("M", "HH", "H") against the other side's given tokens."""
    other = "".join(t.initials for t in b_given)
    return bool(a.initials) and (other.startswith(a.initials) or b_given[0].initials.startswith(a.initials)
                                 or a.initials == b_given[0].compact[:1])


def _given_match(ga: tuple[Tok, ...], gb: tuple[Tok, ...]) -> tuple[float, str] | None:
    fa, fb = ga[0], gb[0]
    full_a = "".join(t.compact for t in ga if not t.is_initial)
    full_b = "".join(t.compact for t in gb if not t.is_initial)
    if fa.is_initial or fb.is_initial:
        if fa.is_initial and fb.is_initial:
            ok = fa.initials.startswith(fb.initials) or fb.initials.startswith(fa.initials)
            return (0.7, "initials") if ok else None
        init, other = (fa, gb) if fa.is_initial else (fb, ga)
        return (0.75, "initials") if _initials_match(init, other) else None
    if fa.compact == fb.compact or (full_a and full_a == full_b):
        rest_a = [t for t in ga[1:]]
        rest_b = [t for t in gb[1:]]
        if fa.compact == fb.compact and rest_a and rest_b:
            ia = "".join(t.initials[:1] for t in rest_a)
            ib = "".join(t.initials[:1] for t in rest_b)
            if not (ia.startswith(ib) or ib.startswith(ia)):
                return None                       # "Michael I. Jordan" vs "Michael J. Jordan"
        return 0.95, "name-variant"
    ca, cb = NICKNAMES.get(fa.compact), NICKNAMES.get(fb.compact)
    if ca and ca == cb:
        return 0.9, "nickname"
    short, long_ = sorted((fa.compact, fb.compact), key=len)
    if len(short) >= 3 and long_.startswith(short):
        return 0.85, "short-form"
    if min(len(fa.compact), len(fb.compact)) >= 4 and fuzz.ratio(fa.compact, fb.compact) >= GIVEN_FUZZY:
        return 0.8, "fuzzy-name"
    return None


def _compare_oriented(a: PName, b: PName) -> tuple[float, str] | None:
    if len(a.tokens) < 2 or len(b.tokens) < 2:
        return None
    fa, fb = a.tokens[-1], b.tokens[-1]
    factor = 1.0
    if fa.is_initial or fb.is_initial:
        return None
    if fa.compact != fb.compact:
        if min(len(fa.compact), len(fb.compact)) >= 7 and fuzz.ratio(fa.compact, fb.compact) >= FAMILY_FUZZY:
            factor = 0.95
        else:
            return None
    g = _given_match(a.tokens[:-1], b.tokens[:-1])
    if g is None:
        return None
    return round(g[0] * factor, 3), g[1] if factor == 1.0 else "fuzzy-name"


def compare_names(a: PName, b: PName) -> tuple[float, str] | None:
    """Name-variant score in (0, 1] and the rule that matched, or None."""
    if a.key == b.key:
        return 1.0, "identical-name"
    best = _compare_oriented(a, b)
    if best is None and len(b.tokens) >= 2:
        r = _compare_oriented(a, b.reversed())
        if r is not None:
            best = (round(r[0] * 0.95, 3), "reversed-order")
    if best is None and len(a.tokens) >= 2 and len(b.tokens) >= 2:
        # Spacing variants of the whole name: "Chon Lam Lao" vs "ChonLam Lao" vs "Lao Chonlam"
        ja = "".join(t.compact for t in a.tokens)
        if ja == "".join(t.compact for t in b.tokens):
            best = (0.95, "name-variant")
        elif sorted(t.compact for t in a.tokens) == sorted(t.compact for t in b.tokens):
            best = (0.9, "reversed-order")
    return best


def _bad_case(name: str) -> bool:
    if name.isascii():           # letters are A-Z, a-z: all of them upper (lower) case, and one at least
        return name.isupper() or name.islower()
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters) or all(c.islower() for c in letters))


def name_preference(name: str, docs: int = 0) -> tuple:
    """Sort key: the most complete, best-cased variant first."""
    bad_case = _bad_case(name)
    p = parse_name(name)
    full = p.full_tokens if p else 0
    return (bad_case, -full, -len(name.strip()), -docs, name)


def _preferred(names: Iterable[str], head=None, docs=None) -> str:
    """``sorted(names, key=lambda n: head(n) + name_preference(n, docs(n)))[0]`` for distinct
    ``names`` (``head`` and ``docs`` default to ``()`` and 0). The keys are distinct (they end
    with the name), so that is the least key; it is found among the names whose key starts
    with the least ``head(n) + (bad case,)``, and only those are parsed (``parse_name`` of a
    paper's every title variant dominated the work decisions)."""
    firsts = {n: (head(n) if head else ()) + (_bad_case(n),) for n in names}
    low = min(firsts.values())
    tied = [n for n, k in firsts.items() if k == low]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda n: firsts[n][:-1] + name_preference(n, docs(n) if docs else 0))


def _memo(fn):
    """``fn`` of one hashable argument, each value computed once (for the caller's lifetime)."""
    cache: dict = {}

    def get(x):
        v = cache.get(x, cache)
        if v is cache:
            v = cache[x] = fn(x)
        return v

    return get


# =======================================================================================
# Organizations, venues, titles
# =======================================================================================
_CORP_SUFFIXES = {"inc", "llc", "ltd", "corp", "corporation", "gmbh", "plc", "limited", "co",
                  "incorporated", "ag", "sa", "bv", "srl"}
_ORG_GENERIC = {"university", "univ", "college", "institute", "inst", "school", "the", "of",
                "and", "at", "in", "technology", "polytechnic"}
_US_STATES = set("al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne "
                 "nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc".split())
_COUNTRIES = {"usa", "us", "united states", "uk", "united kingdom", "china", "prc", "hong kong",
              "taiwan", "macau", "macao", "japan", "korea", "south korea", "singapore", "india",
              "germany", "france", "canada", "switzerland", "italy", "spain", "netherlands",
              "israel", "australia", "sweden", "remote", "online"}
# Multi-campus systems: ", Berkeley" is a campus, not a location to strip.
_SYSTEMS = {"university of california", "university of texas", "university of wisconsin",
            "university of illinois", "university of massachusetts", "university of maryland",
            "university of north carolina", "state university of new york", "university of colorado",
            "university of minnesota", "university of missouri", "university of london",
            "indiana university", "purdue university", "university of michigan",
            "university of pittsburgh", "pennsylvania state university", "penn state"}
_ORG_STOP = {"of", "and", "the", "for", "at", "in", "de", "du", "la", "&"}


def _org_tokens(text: str) -> list[str]:
    return [t for t in _ALNUM.split(fold(text.replace("&", " and "))) if t]


def _strip_corp(tokens: list[str]) -> list[str]:
    while len(tokens) > 1 and tokens[-1] in _CORP_SUFFIXES:
        tokens = tokens[:-1]
    if len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    return tokens


def org_key(name: str) -> str:
    """Folded name without punctuation and corporate suffixes (no location stripping)."""
    return " ".join(_strip_corp(_org_tokens(name)))


def _is_location(part: str) -> bool:
    f = " ".join(_org_tokens(part))
    if not f:
        return True
    if f in _COUNTRIES or f in _US_STATES:
        return True
    toks = f.split()
    # "Madison WI", "remote MA", "Mountain View CA"
    return len(toks) <= 4 and toks[-1] in _US_STATES and part.strip().split()[-1].isupper()


def org_display(name: str, known_keys: set[str]) -> str:
    """The organization's name without a trailing location, parenthetical or suffix."""
    s = re.sub(r"\s*\([^)]*\)\s*$", "", name.strip()) or name.strip()
    parts = [p.strip() for p in s.split(",")]
    # Trailing corporate suffix as its own comma part: "Google, Inc."
    while len(parts) > 1 and all(t in _CORP_SUFFIXES for t in _org_tokens(parts[-1])):
        parts.pop()
    stripped_state = False
    while len(parts) > 1 and _is_location(parts[-1]):
        parts.pop()
        stripped_state = True
    if len(parts) > 1:
        stem = ", ".join(parts[:-1])
        if org_key(stem) not in _SYSTEMS and (
            org_key(stem) in known_keys or (stripped_state and len(parts[-1].split()) <= 2)
        ):
            parts.pop()
    out = ", ".join(parts)
    toks = out.split()
    while len(toks) > 1 and _ALNUM.sub("", fold(toks[-1])) in _CORP_SUFFIXES:
        toks.pop()
        if toks:
            toks[-1] = toks[-1].rstrip(",")
    return " ".join(toks)


def _acronym(tokens: list[str]) -> str:
    return "".join(t[0] for t in tokens if t not in _ORG_STOP)


_TITLE_STOP = {"a", "an", "the", "of", "for", "and", "in", "on", "to", "with", "via", "by", "at",
               "from", "towards", "toward", "using", "is", "are", "as", "its", "into"}


_VENUE_YEAR = re.compile(r"\s*(?:\b(?:19|20)\d{2}\b|['’‘]\d{2}\b)")


def venue_name(name: str) -> str:
    """A venue series name without the edition's year: "NSDI 2021" → "NSDI"."""
    out = _VENUE_YEAR.sub("", name)
    out = re.sub(r"\(\s*([^()]*?)\s*\)", lambda m: f"({m.group(1)})" if m.group(1) else "", out)
    return " ".join(out.split()) or name


@lru_cache(maxsize=200_000)
def title_key(title: str) -> str:
    return " ".join(t for t in _ALNUM.split(fold(title)) if t)


def _sorted_words(key: str) -> str:
    """What rapidfuzz's ``token_sort_ratio`` compares: the words sorted, joined by a space."""
    return " ".join(sorted(key.split()))


@lru_cache(maxsize=200_000)
def _title_tokens(title: str) -> tuple[str, ...]:
    # interned: the cache holds up to 200,000 titles' tokens, mostly the same few words
    return tuple(sys.intern(t) for t in title_key(title).split() if len(t) >= 3 and t not in _TITLE_STOP)


class _Rarity(dict):
    """token -> its rarity sort key ``(frequency, -len(token), token)``, made on first use."""

    def __init__(self, df: dict[str, int]):
        super().__init__()
        self.df = df

    def __missing__(self, t: str) -> tuple:
        v = self[t] = (self.df.get(t, 0), -len(t), t)
        return v


# =======================================================================================
# Union-find with constraints
# =======================================================================================
# Collections of distinct keys that are mostly tiny and sometimes large (occurrence keys, see
# ``_UF.occ``; an identity record's evidence and documents): a tuple while they have at most
# _KEYS_TUPLE_MAX members (a set is 216 bytes even for one), a set above.
_KEYS_TUPLE_MAX = 8


def _keys(items: Iterable) -> tuple | set:
    """The distinct ``items`` (first-seen order) in that compact form."""
    t = tuple(dict.fromkeys(items))
    return t if len(t) <= _KEYS_TUPLE_MAX else set(t)


def _keys_union(a: tuple | set, b: tuple | set) -> tuple | set:
    """The union of two such collections, in that form; may update a set in place."""
    if len(a) < len(b):
        a, b = b, a
    if type(a) is set:
        a.update(b)
        return a
    for x in b:                   # mostly nothing new (an identity record's documents, evidence)
        if x not in a:
            break
    else:
        return a
    merged = a + tuple(x for x in b if x not in a)
    return merged if len(merged) <= _KEYS_TUPLE_MAX else set(merged)


class _UF:
    def __init__(self, n: int, ids: list[int] | None = None):
        self.parent = list(range(n)) if ids is None else list(ids)      # the mentions' own int objects
        self.size = [1] * n
        # occurrence keys that must not overlap (``_keys``: most mentions are never joined)
        self.occ: list[tuple | set | None] = [None] * n
        self.cannot: dict[int, set[int]] = {}           # automatic cannot-link (mention ids)
        self.ucannot: dict[int, set[int]] = {}          # user cannot-link (mention ids)

    def find(self, x: int) -> int:
        p = self.parent
        while p[x] != x:
            p[x] = p[p[x]]
            x = p[x]
        return x

    def add_cannot(self, a: int, b: int, user: bool = False) -> None:
        store = self.ucannot if user else self.cannot
        store.setdefault(self.find(a), set()).add(b)
        store.setdefault(self.find(b), set()).add(a)

    def _blocked(self, store: dict[int, set[int]], ra: int, rb: int) -> bool:
        """Whether a cannot-link keeps roots ``ra`` and ``rb`` apart. ``add_cannot`` records a
        constraint on both sides and ``union`` carries a root's set to the new root, so the
        sets are symmetric (a member of ra's set has root rb exactly when a member of rb's has
        root ra): the smaller set is enough, and none when either side has none (a mention
        joining a cluster that many same-named clusters must not join would otherwise scan
        that cluster's whole set at every join)."""
        sa, sb = store.get(ra), store.get(rb)
        if not sa or not sb:
            return False
        small, other = (sa, rb) if len(sa) <= len(sb) else (sb, ra)
        find = self.find
        return any(find(x) == other for x in small)

    def _refusal(self, ra: int, rb: int, force: bool) -> str | None:
        """Why two distinct roots may not be joined, or None (the one rule ``conflict`` and
        ``union_roots`` both apply; a store with no set for a root is not searched)."""
        ucannot = self.ucannot
        if ucannot and self._blocked(ucannot, ra, rb):
            return "user cannot-link"
        if force:
            return None
        cannot = self.cannot
        if cannot and ra in cannot and rb in cannot and self._blocked(cannot, ra, rb):
            return "cannot-link"
        oa, ob = self.occ[ra], self.occ[rb]
        if oa and ob:
            small, big = (oa, ob) if len(oa) < len(ob) else (ob, oa)
            for x in small:
                if x in big:
                    return "co-occur"
        return None

    def conflict(self, a: int, b: int, force: bool = False) -> str | None:
        ra, rb = self.find(a), self.find(b)
        return None if ra == rb else self._refusal(ra, rb, force)

    def union(self, a: int, b: int, force: bool = False) -> bool:
        ra, rb = self.find(a), self.find(b)
        return ra != rb and self.union_roots(ra, rb, force)

    def union_roots(self, ra: int, rb: int, force: bool = False) -> bool:
        """``union`` of two distinct roots: what ``conflict`` would refuse is refused (False)."""
        if self._refusal(ra, rb, force) is not None:
            return False
        ucannot, occ = self.ucannot, self.occ
        size = self.size
        sa, sb = size[ra], size[rb]
        if sa < sb or (sa == sb and rb < ra):
            ra, rb = rb, ra
        self.parent[rb] = ra
        size[ra] = sa + sb
        ob = occ[rb]
        if ob:
            oa = occ[ra]
            occ[ra] = ob if oa is None else _keys_union(oa, ob)
            occ[rb] = None
        for store in (self.cannot, ucannot):
            if store:
                s = store.pop(rb, None)
                if s:
                    store.setdefault(ra, set()).update(s)
        return True


# =======================================================================================
# Mentions
# =======================================================================================
@dataclass(slots=True)
class _DocMention:
    """A mention while one document's features are collected (:func:`_doc_mentions`)."""

    id: int
    kind: str
    doc: str
    iri: str
    names: list[str]
    is_subject: bool = False
    # persons
    emails: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    works: set[str] = field(default_factory=set)           # work IRIs in this doc
    coauthors: dict[str, str] = field(default_factory=dict)  # person key -> display name
    titles: dict[str, str] = field(default_factory=dict)     # title key -> title
    org_iris: set[str] = field(default_factory=set)          # provisional org IRIs (this doc)
    written: set[str] = field(default_factory=set)           # cvg:nameAsWritten on authorships
    orgs: dict[str, str] = field(default_factory=dict)       # canonical org IRI -> name
    # orgs
    parent: str | None = None                                # unit: provisional parent IRI
    locations: set[str] = field(default_factory=set)         # schema:location of its roles/credentials
    people: set[str] = field(default_factory=set)            # person IRIs (this doc) using this org
    # venues
    acronyms: list[str] = field(default_factory=list)
    # works
    year: str | None = None
    venue: str | None = None
    authors: list[str] = field(default_factory=list)         # provisional person IRIs, in order
    status: str | None = None
    identifier: str | None = None                            # patent number
    skey: tuple[str, str] | None = None                      # (doc, iri): the stable sort key


@dataclass(slots=True)
class _Mention:
    """A mention in the global decisions (:class:`_Linker`). Its fields are the features'
    own objects (tuples, interned strings: nothing is copied per mention); only ``orgs``,
    ``authors`` and ``venue`` are set by the linker."""

    id: int
    kind: str
    doc: str
    iri: str
    names: tuple[str, ...]
    is_subject: bool
    # persons
    emails: tuple[str, ...]
    ids: tuple[str, ...]
    works: tuple[str, ...]              # work IRIs in this doc
    coauthors: tuple[str, ...]          # flat (person key, display name, ...), keys sorted
    titles: tuple[str, ...]             # flat (title key, title, ...), keys sorted
    org_iris: tuple[str, ...]           # provisional org IRIs (this doc)
    written: tuple[str, ...]            # cvg:nameAsWritten on authorships
    orgs: dict[str, str] | None         # canonical org IRI -> name (link_persons)
    # orgs
    parent: str | None                  # unit: provisional parent IRI
    locations: tuple[str, ...]          # schema:location of its roles/credentials
    people: tuple[str, ...]             # person IRIs of this doc using this org
    # venues
    acronyms: tuple[str, ...]
    # works
    year: str | None
    venue: str | None
    authors: tuple[str, ...]            # provisional person IRIs, in order (canonical after link_works)
    status: str | None
    identifier: str | None              # patent number


# The same mention with only the fields its kind uses (a person 14 of the 23, a venue 7):
# the others are class attributes with their empty value, so reading them gives what a
# :class:`_Mention` would hold. :meth:`_Linker.collect` makes one of these when every field
# outside the class is empty, else a :class:`_Mention`. ~100 fewer bytes a mention.
class _PersonMention:
    __slots__ = ("id", "kind", "doc", "iri", "names", "is_subject", "emails", "ids", "works", "coauthors",
                 "titles", "org_iris", "written", "orgs")
    parent = year = venue = status = identifier = None
    locations = people = acronyms = authors = ()

    def __init__(self, id, kind, doc, iri, names, is_subject, emails, ids, works, coauthors, titles, org_iris,
                 written):
        self.id, self.kind, self.doc, self.iri, self.names, self.is_subject = id, kind, doc, iri, names, is_subject
        self.emails, self.ids, self.works, self.coauthors, self.titles = emails, ids, works, coauthors, titles
        self.org_iris, self.written, self.orgs = org_iris, written, None


class _OrgMention:
    __slots__ = ("id", "kind", "doc", "iri", "names", "is_subject", "parent", "locations", "people")
    orgs = year = venue = status = identifier = None
    emails = ids = works = coauthors = titles = org_iris = written = acronyms = authors = ()

    def __init__(self, id, kind, doc, iri, names, is_subject, parent, locations, people):
        self.id, self.kind, self.doc, self.iri, self.names, self.is_subject = id, kind, doc, iri, names, is_subject
        self.parent, self.locations, self.people = parent, locations, people


class _VenueMention:
    __slots__ = ("id", "kind", "doc", "iri", "names", "is_subject", "acronyms")
    orgs = parent = year = venue = status = identifier = None
    emails = ids = works = coauthors = titles = org_iris = written = locations = people = authors = ()

    def __init__(self, id, kind, doc, iri, names, is_subject, acronyms):
        self.id, self.kind, self.doc, self.iri, self.names, self.is_subject = id, kind, doc, iri, names, is_subject
        self.acronyms = acronyms


class _WorkMention:
    __slots__ = ("id", "kind", "doc", "iri", "names", "is_subject", "ids", "year", "venue", "authors", "status",
                 "identifier")
    orgs = parent = None
    emails = works = coauthors = titles = org_iris = written = locations = people = acronyms = ()

    def __init__(self, id, kind, doc, iri, names, is_subject, ids, year, venue, authors, status, identifier):
        self.id, self.kind, self.doc, self.iri, self.names, self.is_subject = id, kind, doc, iri, names, is_subject
        self.ids, self.year, self.venue, self.authors, self.status, self.identifier = (ids, year, venue, authors,
                                                                                      status, identifier)


class _Doc:
    """Subject → predicate → objects index of one document (terms as N-Triples text)."""

    def __init__(self, iri: str, text: str):
        self.iri = iri
        self.text = text
        self.lines, self.triples = _parse_lines(text)
        props: dict[str, dict[str, list[str]]] = {}
        for s, p, o in self.triples:
            d = props.get(s)
            if d is None:
                d = props[s] = {}
            objs = d.get(p)
            if objs is None:
                d[p] = [o]
            else:
                objs.append(o)
        self.props = props
        abouts = props.get(_iri(self.iri), {}).get(T_ABOUT, [])
        self.subjects = {_value(a) for a in abouts}

    def values(self, s, p) -> list:
        d = self.props.get(s)
        return d.get(p, []) if d else []


@dataclass(slots=True)
class _Decision:
    kind: str
    a: int
    b: int | None
    score: float
    method: str
    evidence: list[str]


def _same(x):
    return x


def _kind_of(base: str, iri: str) -> str | None:
    if not iri.startswith(base):
        return None
    rest = iri[len(base):]
    k = rest.split("/", 1)[0]
    return k if k in KINDS and "/" in rest else None


# Bumped whenever link_features would give something else for the same input: part of the
# key of any cache of features (with the provisional text's digest and the base).
# 2: tuples (sets sorted, dicts as flat sorted key/value tuples), interned strings, an
#    organization's users as person IRIs; stored with marshal (features_to_bytes).
# 3: keys keep the letters of scripts other than Latin (iris.key_fold; they were dropped).
LINK_FEATURES_VERSION = 3

# The doc-local fields of a mention, in the order of :attr:`DocLinkFeatures.mentions` tuples.
MENTION_FIELDS = ("kind", "iri", "names", "is_subject", "emails", "ids", "works", "coauthors", "titles",
                  "org_iris", "written", "parent", "locations", "people", "acronyms", "year", "venue",
                  "authors", "status", "identifier")


@dataclass
class DocLinkFeatures:
    """What the link stage needs of one document, computed from that document alone
    (:func:`link_features`): plain, picklable data.

    ``mentions``: one tuple per mention (a provisional entity IRI named in the document), with
    the fields of :data:`MENTION_FIELDS` in that order: kind, provisional IRI, names (sorted),
    whether it is the CV's subject, e-mails, identifiers (``schema:sameAs``), work IRIs it
    authors, coauthor keys → names, title keys → titles, provisional organization IRIs, names
    as written on its roles, a unit's provisional parent, role locations, the persons (IRIs
    in this document) using an organization, venue acronyms, a work's year, venue, ordered
    author IRIs, status and patent number. Mentions are in the order of their IRIs.

    Compact, because the parent holds the mentions of every document at once: collections
    are tuples (sets sorted; the two mappings, coauthors and titles, as flat
    ``(key, value, key, value, …)`` tuples sorted by key; empty ones the shared ``()``) and
    strings are interned, so one IRI, name or title named by many mentions and documents is
    one object (also after :func:`features_from_bytes`, which keeps them interned)."""

    doc_iri: str
    base: str
    mentions: tuple[tuple, ...]


def _doc_mentions(d: _Doc, base: str) -> list[_DocMention]:
    """The mentions of one document with all their doc-local fields (ids are positions in
    the returned list)."""
    doc = d.iri
    V = _value
    mentions: list[_DocMention] = []
    local: dict[str, _DocMention] = {}
    for iri, s in sorted((_value(s), s) for s in d.props if s[0] == "<"):
        kind = _kind_of(base, iri)
        if kind is None:
            continue
        names = sorted({_value(n) for n in d.values(s, T_NAME)})
        m = _DocMention(len(mentions), kind, doc, iri, names)
        mentions.append(m)
        local[iri] = m
    m_of = local.get
    rdf_member = _RDF_NS + "_"
    # works and their authors
    for s, preds in d.props.items():
        m = m_of(V(s)) if s[0] == "<" else None      # mentions are IRIs, never blank nodes
        authors = preds.get(T_AUTHOR, [])
        if authors:
            title = min((V(n) for n in preds.get(T_NAME, [])), default=None)
            seqs = preds.get(T_AUTHOR_LIST, [])
            ordered: list[str] = []
            if seqs:
                seq = d.props.get(seqs[0], {})
                pos = sorted(
                    (int(V(p)[len(rdf_member):]), V(o[0]))
                    for p, o in seq.items() if V(p).startswith(rdf_member) and o
                )
                ordered = [o for _, o in pos]
            if not ordered:
                ordered = sorted(V(a) for a in authors)
            author_ms = [m_of(a) for a in ordered]
            author_ms = [a for a in author_ms if a is not None and a.kind == "person"]
            for a in author_ms:
                a.works.add(V(s))
                if title:
                    tk = title_key(title)
                    a.titles[tk] = min(a.titles.get(tk, title), title)
                for b in author_ms:
                    if b is not a:
                        for n in b.names[:1]:
                            p = parse_name(n)
                            if p:
                                ck = person_key(p)
                                a.coauthors[ck] = min(a.coauthors.get(ck, n), n)
            if m is not None and m.kind in ("pub", "patent"):
                m.authors = ordered
        if m is None:
            continue
        if m.kind == "person":
            m.is_subject = m.iri in d.subjects
            m.emails = {V(e).strip().lower() for e in preds.get(T_EMAIL, [])}
            m.ids = {V(x) for x in preds.get(T_SAME_AS, [])}
            for p in (T_AFFILIATION, T_ALUMNI_OF):
                m.org_iris.update(V(o) for o in preds.get(p, []))
        elif m.kind == "org":
            parents = preds.get(T_PARENT, [])
            if parents:
                m.parent = min(V(x) for x in parents)
        elif m.kind == "venue":
            m.acronyms = sorted({V(a) for a in preds.get(T_ALT, [])})
        elif m.kind in ("pub", "patent"):
            years = sorted(V(y)[:4] for y in preds.get(T_DATE_PUBLISHED, []) + preds.get(T_DATE_CREATED, []))
            m.year = years[0] if years else None
            venues = sorted(V(v) for v in preds.get(T_IS_PART_OF, []))
            m.venue = venues[0] if venues else None
            m.ids = {V(x) for x in preds.get(T_SAME_AS, [])}
            st = preds.get(T_STATUS, [])
            m.status = min(V(x) for x in st) if st else None
            idents = sorted(V(x) for x in preds.get(T_IDENTIFIER, []) if _is_literal(x))
            m.identifier = idents[0] if idents else None
    # roles / credentials: mentors and advisors are tied to the organization
    for s, preds in d.props.items():
        for agent in preds.get(T_AGENT, []):
            am = m_of(V(agent))
            if am is not None and am.kind == "person":
                am.written.update(V(n) for n in preds.get(T_NAME_AS_WRITTEN, []))
        if T_WORKS_FOR not in preds and T_RECOGNIZED_BY not in preds:
            continue                                 # no organization: nothing below applies
        orgs = [V(o) for o in preds.get(T_WORKS_FOR, []) + preds.get(T_RECOGNIZED_BY, [])]
        for loc in preds.get(T_LOCATION, []):
            if _is_literal(loc):
                for o in orgs:
                    om = m_of(o)
                    if om is not None and om.kind == "org":
                        om.locations.add(V(loc))
        people = preds.get(T_MENTOR, []) + preds.get(T_ADVISOR, [])
        for pr in people:
            pm = m_of(V(pr))
            if pm is not None:
                pm.org_iris.update(o for o in orgs if m_of(o) is not None)
    # persons who use each org (for alias rules)
    for m in mentions:
        if m.kind == "person":
            for o in m.org_iris:
                om = m_of(o)
                if om is not None:
                    om.people.add(m.iri)
    return mentions


def _strings(values) -> tuple[str, ...]:
    """A set of strings as a sorted tuple of interned strings (``()`` when empty)."""
    return tuple(sorted(map(_intern, values))) if values else ()


def _pairs(mapping: dict[str, str]) -> tuple[str, ...]:
    """A str → str mapping as a flat ``(key, value, …)`` tuple sorted by key, interned."""
    if not mapping:
        return ()
    out: list[str] = []
    for k in sorted(mapping):
        out.append(_intern(k))
        out.append(_intern(mapping[k]))
    return tuple(out)


def _opt(value: str | None) -> str | None:
    return None if value is None else _intern(value)


def _features_of(d: _Doc, base: str) -> DocLinkFeatures:
    I, S = _intern, _strings
    return DocLinkFeatures(I(d.iri), I(base), tuple(
        (I(m.kind), I(m.iri), tuple(map(I, m.names)), m.is_subject, S(m.emails), S(m.ids), S(m.works),
         _pairs(m.coauthors), _pairs(m.titles), S(m.org_iris), S(m.written), _opt(m.parent), S(m.locations),
         S(m.people), tuple(map(I, m.acronyms)), _opt(m.year), _opt(m.venue), tuple(map(I, m.authors)),
         _opt(m.status), _opt(m.identifier))
        for m in _doc_mentions(d, base)))


# The on-disk form of one document's features (the build's cache): marshal, which is several
# times faster to read than pickle for tuples of strings and keeps interned strings interned
# (a store's 10,000 cached feature files share one object per IRI, name and title). The
# header names the features' and marshal's versions and the Python version: a file made by
# another one is not read (None: compute the features again).
_FEATURES_MAGIC = (f"cvgraph-link-features {LINK_FEATURES_VERSION} marshal {marshal.version} "
                   f"py{sys.version_info[0]}.{sys.version_info[1]}\n").encode()


def features_to_bytes(features: DocLinkFeatures) -> bytes:
    """:func:`link_features`' result as bytes (:func:`features_from_bytes` reads them)."""
    return _FEATURES_MAGIC + marshal.dumps((features.doc_iri, features.base, tuple(features.mentions)))


def features_from_bytes(data: bytes) -> DocLinkFeatures | None:
    """The features :func:`features_to_bytes` wrote, or None for bytes written by another
    version of the features, of marshal or of Python, or damaged (the caller computes them
    again from the provisional graph)."""
    n = len(_FEATURES_MAGIC)
    if data[:n] != _FEATURES_MAGIC:
        return None
    try:
        doc_iri, base, mentions = marshal.loads(memoryview(data)[n:])
    except (EOFError, ValueError, TypeError):
        return None
    return DocLinkFeatures(doc_iri, base, mentions)


def link_features(doc_iri: str, ntriples: str, base: str) -> DocLinkFeatures:
    """The per-document half of the link stage: parse one document's provisional N-Triples
    (map-stage output) and collect its mentions with every doc-local field the global
    decisions use. Depends on this document only, so it runs in worker processes and can be
    cached per document (its input is the provisional text)."""
    import gc

    enabled = gc.isenabled()
    gc.disable()                 # many small objects, none cyclic garbage: no collector passes
    try:
        return _features_of(_Doc(doc_iri, ntriples), base)
    finally:
        if enabled:
            gc.enable()


def _evidence_tokens(f: dict) -> Iterator[tuple[int, str]]:
    """What ``_Linker._evidence`` can find shared between two persons' features, as tokens."""
    for kind, name in enumerate(("emails", "ids", "coauthors", "titles", "orgs")):
        for x in f[name]:
            yield kind, x


def _merge_feats(f: dict, g: dict) -> None:
    """``f`` becomes the features of its mentions followed by those of ``g`` (what
    ``_feats`` of the concatenated ids gives: the first mention's value wins for a key)."""
    f["emails"] |= g["emails"]
    f["ids"] |= g["ids"]
    for name in ("coauthors", "titles", "orgs"):
        d = f[name]
        for k, v in g[name].items():
            d.setdefault(k, v)
    f["docs"] |= g["docs"]
    f["keys"] |= g["keys"]
    f["subject"] = f["subject"] or g["subject"]


class _Linker:
    """The global decisions over the mentions of every document (:func:`resolve_links`)."""

    def __init__(self, features: Iterable["DocLinkFeatures"], settings: Settings, overrides: Overrides | None,
                 authorities: AuthoritySource | None = None):
        self.settings = settings
        self.base = settings.base
        self.overrides = overrides or Overrides()
        self.stats = LinkStats()
        self.with_mapping = True                          # output: the plan's provisional → canonical mapping
        self.release_authorities = False                  # drop the ROR tables after the organizations
        self.features = features                       # consumed by collect()
        self.doc_iris: list[str] = []                  # the documents, sorted
        self.mentions: list[_Mention] = []
        self.index: dict[str, dict[str, int]] | None = None   # see collect()
        self.decisions: list[_Decision] = []           # merges (identities: self.identity_records)
        # identity decisions (one provisional IRI in several documents: hundreds of thousands
        # at 10k documents) aggregated as they are made, per (first mention, IRI, method):
        # [lowest score, evidence, documents]; _links_graph joins those of one node
        self.identity_records: dict[tuple[int, str, str], list] = {}
        self.split_notes: dict[int, str] = {}         # mention id -> evidence for a split
        self.sub_units: set[tuple[str, str]] = set()  # (unit canonical, parent canonical)
        self.canon: list[str | None] = []             # mention id -> canonical IRI
        self.canon_name: list[str | None] = []        # mention id -> canonical name
        self.by_doc: dict[str, range] = {}                # doc -> its mention ids
        self.prefix = {k: f"{self.base}{k}/" for k in KINDS}
        self.authorities: AuthoritySource = authorities if authorities is not None else OfflineAuthorities()
        self._org_match_cache: dict[tuple[str, str | None], OrgMatch | None] = {}
        self.org_authority: dict[str, OrgMatch] = {}           # canonical org IRI -> ROR match
        self.venue_authority: dict[str, Venue] = {}            # canonical venue IRI -> table row
        self._venue_hits: dict[int, Venue] = {}

    # --- collection --------------------------------------------------------------------
    def kind_of(self, iri: str) -> str | None:
        return _kind_of(self.base, iri)

    def collect(self) -> None:
        """Mentions of every document from their features (documents sorted by IRI, each
        document's mentions in the order :func:`link_features` gives them), with global ids.
        The features are consumed one document at a time and not kept: a mention holds the
        features' own field objects, so an iterable that reads them from files (the build)
        never has every document's features and mentions in memory at once."""
        per_doc: dict[str, list[_Mention]] = {}
        same: dict[tuple, tuple] = {}
        base = self.base
        for f in self.features:
            doc = f.doc_iri
            if f.base != base:
                raise ValueError(f"features of <{doc}> were made for base {f.base!r}, not {base!r}")
            if doc in per_doc:
                raise ValueError(f"document IRI given twice: <{doc}>")
            # equal tuples of different documents (a paper's authors, a person's names) become
            # one object (the table lives while collecting only)
            u = same.setdefault
            ms = per_doc[doc] = []
            add = ms.append
            for (kind, iri, names, is_subject, emails, ids_, works, coauthors, titles, org_iris, written,
                 parent, locations, people, acronyms, year, venue, authors, status, identifier) in f.mentions:
                names = names and u(names, names)
                works = works and u(works, works)
                written = written and u(written, written)
                people = people and u(people, people)
                acronyms = acronyms and u(acronyms, acronyms)
                authors = authors and u(authors, authors)
                # a class of the kind's fields when the others are empty (as they are for every
                # mention link_features makes, but a field of another kind is never dropped)
                if kind == "person":
                    if (parent is None and not (locations or people or acronyms or authors) and year is None
                            and venue is None and status is None and identifier is None):
                        add(_PersonMention(0, kind, doc, iri, names, is_subject, emails, ids_, works, coauthors,
                                           titles, org_iris, written))
                        continue
                elif kind == "org":
                    if (not (emails or ids_ or works or coauthors or titles or org_iris or written or acronyms
                             or authors) and year is None and venue is None and status is None
                            and identifier is None):
                        add(_OrgMention(0, kind, doc, iri, names, is_subject, parent, locations, people))
                        continue
                elif kind == "venue":
                    if (not (emails or ids_ or works or coauthors or titles or org_iris or written or locations
                             or people or authors) and parent is None and year is None and venue is None
                            and status is None and identifier is None):
                        add(_VenueMention(0, kind, doc, iri, names, is_subject, acronyms))
                        continue
                elif not (emails or works or coauthors or titles or org_iris or written or locations or people
                          or acronyms) and parent is None:                    # pub, patent
                    add(_WorkMention(0, kind, doc, iri, names, is_subject, ids_, year, venue, authors, status,
                                     identifier))
                    continue
                add(_Mention(0, kind, doc, iri, names, is_subject, emails, ids_, works, coauthors, titles,
                             org_iris, written, None, parent, locations, people, acronyms, year, venue, authors,
                             status, identifier))
        self.features = None
        same.clear()
        mentions, by_doc = self.mentions, self.by_doc
        by_kind: dict[str, list[int]] = {k: [] for k in KINDS}
        self.by_kind = by_kind
        counts = self.stats.mentions
        self.doc_iris = sorted(per_doc)
        ordered = True
        for doc in self.doc_iris:
            start = len(mentions)
            prev = None
            for m in per_doc.pop(doc):
                n = len(mentions)
                m.id = n
                mentions.append(m)
                kind = m.kind
                counts[kind] = counts.get(kind, 0) + 1
                by_kind[kind].append(n)
                if prev is not None and m.iri <= prev:
                    ordered = False
                prev = m.iri
            by_doc[doc] = range(start, len(mentions))      # a document's mentions are consecutive ids
        # (document, provisional IRI) -> mention id: a binary search over the document's ids when
        # its mentions are in IRI order (as link_features gives them), so no table of every
        # mention's IRI is kept (~11 MB at 10,000 documents); a table only for other orders
        self.index = None if ordered else {doc: {mentions[i].iri: i for i in by_doc[doc]} for doc in self.doc_iris}
        # The stable order of mentions is (document, provisional IRI). link_features gives each
        # document's mentions in the order of their IRIs, so it is the order of the ids and
        # sorting ids needs no key (okey None); for features in another order the key is
        # (document, IRI). skey(i) is a value of that order for one id.
        if ordered:
            self.okey = None
            self.skey = _same
        else:
            self.okey = self.skey = lambda i: (mentions[i].doc, mentions[i].iri)
        self.uf = _UF(len(mentions), [m.id for m in mentions])
        self.canon = [None] * len(mentions)
        self.canon_name = [None] * len(mentions)

    def mention_id(self, doc: str, iri: str) -> int | None:
        """The id of the mention of provisional IRI ``iri`` in document ``doc``, or None."""
        ids = self.by_doc.get(doc)
        if ids is None:
            return None
        if self.index is not None:
            return self.index[doc].get(iri)
        mentions = self.mentions
        i = bisect_left(mentions, iri, ids.start, ids.stop, key=_IRI_OF)
        return i if i < ids.stop and mentions[i].iri == iri else None

    def doc_index(self, doc: str) -> dict[str, int]:
        """Provisional IRI -> mention id for one document (what ``mention_id`` answers, as a
        table made for a loop over that document's mentions and dropped after it)."""
        if self.index is not None:
            return self.index[doc]
        ids = self.by_doc[doc]
        return dict(zip(map(_IRI_OF, self.mentions[ids.start:ids.stop]), ids))

    def _m(self, doc: str, iri) -> _Mention | None:
        i = self.mention_id(doc, str(iri))
        return None if i is None else self.mentions[i]

    # --- overrides ---------------------------------------------------------------------
    def _resolve(self, ref) -> list[int]:
        doc = None
        if isinstance(ref, dict):
            doc = ref.get("document") or ref.get("doc")
            ref = ref.get("iri") or ref.get("name")
        ref = str(ref).strip()
        if re.match(r"^[a-z][a-z0-9+.-]*:", ref, re.I):
            hits = [m.id for m in self.mentions if m.iri == ref]
        elif self.kind_of(self.base + ref):
            hits = [m.id for m in self.mentions if m.iri == self.base + ref]
        else:
            p = parse_name(ref)
            key = p.key if p else None
            tk = title_key(ref)
            hits = [m.id for m in self.mentions
                    if any((pn := parse_name(n)) is not None and pn.key == key for n in m.names)
                    or (m.kind in ("pub", "patent", "org", "venue")
                        and any(title_key(n) == tk for n in m.names + m.acronyms))]
        if doc:
            hits = [h for h in hits if self.mentions[h].doc == str(doc)]
        return hits

    def apply_cannot_links(self) -> None:
        for item in self.overrides.cannot_link:
            groups = [self._resolve(r) for r in item]
            for i in range(len(groups)):
                for j in range(i + 1, len(groups)):
                    for a in groups[i]:
                        for b in groups[j]:
                            if a != b and self.mentions[a].kind == self.mentions[b].kind:
                                self.uf.add_cannot(a, b, user=True)

    def apply_must_links(self, kind: str) -> None:
        for item in self.overrides.must_link:
            groups = [[h for h in self._resolve(r) if self.mentions[h].kind == kind] for r in item]
            groups = [g for g in groups if g]
            if len(groups) < 2:
                continue
            first = groups[0][0]
            for g in groups:
                for h in g:
                    self._join(first, h, 1.0, "user-override", ["user override"], force=True)

    # --- joining -------------------------------------------------------------------------
    def _join(self, a: int, b: int, score: float, method: str, evidence: list[str], force=False) -> bool:
        uf = self.uf
        parent = uf.parent
        ra = a if parent[a] == a else uf.find(a)
        rb = b if parent[b] == b else uf.find(b)
        if ra == rb:
            return False
        if not uf.union_roots(ra, rb, force):
            self.stats.rejected_by_constraint += 1
            return False
        mentions = self.mentions
        ma, mb = mentions[a], mentions[b]
        iri = ma.iri
        if iri == mb.iri and ma.doc != mb.doc:
            # an identity: its node is a function of (canonical IRI of a, IRI, method), and
            # what it records (lowest score, evidence, documents) does not depend on order
            # (evidence and documents as tuples while few: most records get one or two)
            key = (a, iri, method)
            rec = self.identity_records.get(key)
            ev = (evidence[0],) if len(evidence) == 1 else _keys(evidence)
            if rec is None:
                self.identity_records[key] = [score, ev, (ma.doc, mb.doc)]
            else:
                if score < rec[0]:
                    rec[0] = score
                if len(ev) != 1 or ev[0] not in rec[1]:
                    rec[1] = _keys_union(rec[1], ev)
                # = _keys_union(rec[2], (ma.doc, mb.doc)): ma.doc is in the record (its key's mention)
                docs, d = rec[2], mb.doc
                if d not in docs:
                    if type(docs) is set:
                        docs.add(d)
                    else:
                        docs += (d,)
                        rec[2] = docs if len(docs) <= _KEYS_TUPLE_MAX else set(docs)
        elif ma.iri != mb.iri or method == "user-override":
            self.decisions.append(_Decision(ma.kind, a, b, score, method, evidence))
        self.stats.merges += 1
        return True

    def _of_kind(self, *kinds: str) -> list:
        """The mentions of these kinds, in id order."""
        mentions, by_kind = self.mentions, self.by_kind
        ids = by_kind[kinds[0]] if len(kinds) == 1 else sorted(i for k in kinds for i in by_kind[k])
        return [mentions[i] for i in ids]

    def components(self, kind: str) -> dict[int, list[int]]:
        comps: dict[int, list[int]] = defaultdict(list)
        find = self.uf.find
        parent = self.uf.parent
        for i in self.by_kind.get(kind, ()):                 # the kind's mention ids, in order
            r = parent[i]
            if parent[r] != r:                              # (a root or a root's child: no call)
                r = find(i)
            comps[r].append(i)
        return comps

    # --- organizations -------------------------------------------------------------------
    def link_orgs(self) -> None:
        self.apply_must_links("org")
        orgs = [m for m in self._of_kind("org") if m.parent is None]
        key_of = _memo(org_key)                  # an organization is named in thousands of documents
        known = {key_of(n) for n in {n for m in orgs for n in m.names}}
        shown = _memo(lambda n: org_display(n, known))
        display: dict[int, str] = {}
        for m in orgs:
            display[m.id] = shown(m.names[0]) if m.names else m.iri
        # 1. normalised-name equality
        by_key: dict[str, list[int]] = defaultdict(list)
        for m in orgs:
            by_key[key_of(display[m.id])].append(m.id)
        for key in sorted(by_key):
            ids = by_key[key]
            for i in ids[1:]:
                a, b = self.mentions[ids[0]], self.mentions[i]
                ev = [f"same name after normalisation: '{a.names[0]}' = '{b.names[0]}'"]
                self._join(ids[0], i, 1.0, "normalised-name", ev)
        # 2. alias / acronym used by the same person; 3. sub-units
        comps = self.components("org")
        reps = {}
        for root, ids in comps.items():
            ids = [i for i in ids if self.mentions[i].parent is None]
            if not ids:
                continue
            key = org_key(display[ids[0]])
            reps[key] = (root, ids)
        acr_index: dict[str, list[str]] = defaultdict(list)
        for key in sorted(reps):
            toks = key.split()
            if len(toks) >= 2:
                acr_index[_acronym(toks)].append(key)
        cands: list[tuple] = []
        parent_of: dict[str, str] = {}
        for long_ in sorted(reps):
            lt = long_.split()
            for j in range(len(lt) - 1, 0, -1):          # longest proper prefix first
                short = " ".join(lt[:j])
                if short not in reps:
                    continue
                self.stats.org_comparisons += 1
                st, rest = lt[:j], lt[j:]
                if not any(t not in _ORG_GENERIC for t in st):
                    continue
                if all(t in _ORG_GENERIC for t in rest):
                    people = self._people(reps[short][1]) & self._people(reps[long_][1])
                    if people:
                        who = self._person_label(sorted(people)[0])
                        cands.append((0.9, short, long_, "alias+same-person",
                                      [f"'{short}' is a short form of '{long_}'",
                                       f"both are organizations of {who}"]))
                elif long_ not in parent_of:
                    # "Microsoft Research" is a unit of "Microsoft": the longest prefix wins
                    parent_of[long_] = short
        for key in sorted(reps):
            toks = key.split()
            if len(toks) == 1 and len(toks[0]) >= 2:
                same_doc = []
                for long_ in acr_index.get(toks[0], []):
                    self.stats.org_comparisons += 1
                    people = self._people(reps[key][1]) & self._people(reps[long_][1])
                    if people:
                        who = self._person_label(sorted(people)[0])
                        cands.append((0.9, key, long_, "acronym+same-person",
                                      [f"'{key.upper()}' is the acronym of '{long_}'",
                                       f"both are organizations of {who}"]))
                    else:
                        docs = self._org_docs(reps[key][1]) & self._org_docs(reps[long_][1])
                        if docs:
                            same_doc.append((long_, min(docs)))
                # an acronym written as one ("CMU", "VT") and its expansion in one CV name one
                # organization even when no person links them (a course's provider, a talk's
                # host); only when the acronym expands to one organization in all its CVs
                if len(same_doc) == 1 and any(
                        n.isupper() for i in reps[key][1] for n in self.mentions[i].names):
                    long_, doc = same_doc[0]
                    cands.append((0.85, key, long_, "acronym+same-document",
                                  [f"'{key.upper()}' is the acronym of '{long_}'",
                                   f"both are named in <{doc}>"]))
        for score, a, b, method, ev in sorted(cands, key=lambda c: (-c[0], c[1], c[2])):
            self._join(reps[a][0], reps[b][0], score, method, ev)
        self._org_authority_phase(reps, parent_of)
        self._org_display = display
        self._org_parent_keys = parent_of
        self._org_reps = reps

    def _org_match(self, ids: list[int]) -> OrgMatch | None:
        """The authority record of a cluster of organization mentions: every name that
        matches must agree (one ROR id), else None."""
        found: dict[str, OrgMatch] = {}
        for i in sorted(ids, key=self.okey):
            m = self.mentions[i]
            locs = sorted(m.locations) or [None]
            for n in m.names:
                for loc in locs:
                    key = (n, loc)
                    if key not in self._org_match_cache:
                        self._org_match_cache[key] = self.authorities.match_org(n, loc)
                    hit = self._org_match_cache[key]
                    if hit is not None:
                        found.setdefault(hit.org.ror, hit)
        return next(iter(found.values())) if len(found) == 1 else None

    def _org_authority_phase(self, reps: dict, parent_of: dict[str, str]) -> None:
        """Organizations that resolve to one authority record are one organization
        ("PKU" and "Peking University" → ROR 02v51f717), except a unit and its parent."""
        related = {frozenset(p) for p in parent_of.items()}
        by_ror: dict[str, list[tuple[str, int, OrgMatch]]] = defaultdict(list)
        comps = self.components("org")
        for root, ids in comps.items():
            ids = [i for i in ids if self.mentions[i].parent is None]
            if not ids:
                continue
            hit = self._org_match(ids)
            if hit is not None:
                key = org_key(self.mentions[min(ids, key=self.okey)].names[0]
                              if self.mentions[ids[0]].names else "")
                by_ror[hit.org.ror].append((key, min(ids, key=self.okey), hit))
        for ror in sorted(by_ror):
            group = sorted(by_ror[ror], key=lambda e: self.skey(e[1]))
            first = group[0]
            for other in group[1:]:
                if frozenset((first[0], other[0])) in related:
                    continue
                self.stats.org_comparisons += 1
                self._join(first[1], other[1], 0.95, "same-authority-record",
                           [first[2].evidence, other[2].evidence, f"both are ROR {ror} ({first[2].org.name})"])

    def _org_docs(self, ids: list[int]) -> set[str]:
        return {self.mentions[i].doc for i in ids}

    def _people(self, ids: list[int]) -> set[str]:
        out: set[str] = set()
        for i in ids:
            m = self.mentions[i]
            out.update(f"{m.doc}|{p}" for p in m.people)
        return out

    def _person_label(self, doc_person: str) -> str:
        doc, iri = doc_person.split("|", 1)
        m = self._m(doc, iri)
        return m.names[0] if m and m.names else iri

    def finish_orgs(self) -> None:
        """Canonical IRIs for organizations, then units (keyed by their canonical parent)."""
        display = self._org_display
        comps = self.components("org")
        clusters = []
        for root, ids in comps.items():
            ids = [i for i in ids if self.mentions[i].parent is None]
            if not ids:
                continue
            names = [display[i] for i in ids]
            name = self._best_name(names, ids)
            clusters.append((ids, "org", name, name))
        self._assign(clusters)
        for ids, *_ in clusters:
            hit = self._org_match(ids)
            if hit is not None:
                self.org_authority[self.canon[ids[0]]] = hit
        # units: same canonical parent + same folded unit name
        units = [m for m in self._of_kind("org") if m.parent is not None]
        by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
        for m in units:
            pm = self._m(m.doc, m.parent)
            parent = (self.canon[pm.id] or m.parent) if pm else m.parent
            by_key[(parent, org_key(m.names[0] if m.names else m.iri))].append(m.id)
        uclusters = []
        for (parent, key), ids in sorted(by_key.items()):
            for i in ids[1:]:
                self._join(ids[0], i, 1.0, "same-unit-of-same-parent",
                           [f"unit '{self.mentions[i].names[0]}' of <{parent}>"])
            pm = self._m(self.mentions[ids[0]].doc, self.mentions[ids[0]].parent)
            pname = (self.canon_name[pm.id] or "") if pm else ""
            name = self._best_name([n for i in ids for n in self.mentions[i].names], ids)
            uclusters.append((ids, "org", name, f"{pname} {name}"))
        self._assign(uclusters)
        # sub-units found by name ("Microsoft Research" → "Microsoft")
        reps = self._org_reps
        for long_, short in sorted(self._org_parent_keys.items()):
            a, b = self.canon[reps[long_][1][0]], self.canon[reps[short][1][0]]
            if a != b:
                self.sub_units.add((a, b))
        # every organization is matched: what only the organization phase needed goes
        self._org_display = None
        self._org_match_cache.clear()
        if self.release_authorities:
            self.authorities.release_organizations()

    # --- venues --------------------------------------------------------------------------
    def link_venues(self) -> None:
        self.apply_must_links("venue")
        venues = self._of_kind("venue")
        first: dict[str, int] = {}
        series = _memo(venue_name)                 # a venue is named in thousands of documents
        keys_of: dict[tuple, list[str]] = {}        # (names, acronyms) -> keys
        find, mentions = self.uf.find, self.mentions
        for m in venues:
            nk = (m.names, m.acronyms)
            keys = keys_of.get(nk)
            if keys is None:
                keys = keys_of[nk] = sorted({title_key(a) for a in m.acronyms}
                                            | {title_key(series(n)) for n in m.names} - {""})
            for k in keys:
                j = first.get(k)
                if j is None:
                    first[k] = m.id
                elif find(j) != find(m.id):          # (else _join leaves everything as it is)
                    o = mentions[j]
                    self._join(j, m.id, 1.0, "same-acronym-or-name",
                               [f"'{k}' names both <{o.iri}> and <{m.iri}>"])
        del keys_of
        clusters = []
        for root, ids in self.components("venue").items():
            acrs = [a for i in ids for a in self.mentions[i].acronyms]
            names = [series(n) for i in ids for n in self.mentions[i].names]
            acr_keys = {title_key(a) for a in acrs}
            full = [n for n in names if title_key(n) not in acr_keys]
            name = self._best_name(full or names, ids)
            if acrs:
                counts = defaultdict(int)
                for a in acrs:
                    counts[a] += 1
                acr = sorted(counts, key=lambda a: (-counts[a], not a.isupper(), a))[0]
            else:
                acr = name
            hit = None
            for cand_acr in ([acr] if acrs else []) + [None]:
                hit = self.authorities.match_venue(name, cand_acr)
                if hit is not None:
                    break
            if hit is not None and hit.name:
                name = hit.name                    # the authority's full name is canonical
                acr = hit.acronym or acr
            clusters.append((ids, "venue", name, acr))
            if hit is not None:
                self._venue_hits[ids[0]] = hit
        self._assign(clusters)
        for i, hit in self._venue_hits.items():
            self.venue_authority[self.canon[i]] = hit

    # --- persons -------------------------------------------------------------------------
    def link_persons(self) -> None:
        self.apply_must_links("person")
        persons = self._of_kind("person")
        # features that need canonical orgs / occurrence constraints
        canon, canon_name, mentions = self.canon, self.canon_name, self.mentions
        occs = self.uf.occ
        doc, local = None, {}                       # the current document's IRI -> mention id
        for m in persons:                           # in id order: one document after the other
            if not (m.org_iris or m.works):
                continue
            if m.doc != doc:
                doc = m.doc
                local = self.doc_index(doc)
            if m.org_iris:
                orgs = {}
                for o in m.org_iris:
                    j = local.get(o)
                    if j is not None and mentions[j].kind == "org":
                        name = canon_name[j]
                        orgs[canon[j]] = o if name is None else name
                m.orgs = orgs or None
            # occurrence keys: the work's mention id (its provisional IRI in this document),
            # "doc|work" for an authored node that is not a mention
            works = m.works
            if len(works) == 1:                     # (most persons: a coauthor of one work)
                j = local.get(works[0])
                occs[m.id] = (f"{doc}|{works[0]}" if j is None else j,)
            elif works:
                occs[m.id] = _keys(f"{doc}|{w}" if (j := local.get(w)) is None else j for w in works)
        # re-seat occurrence sets on the roots of components made by must-link overrides
        # (without any, no person has been joined: every component is one mention)
        for root, ids in (self.components("person") if self.overrides.must_link else {}).items():
            if len(ids) == 1:
                continue
            occ = None
            for i in ids:
                if self.uf.occ[i]:
                    occ = self.uf.occ[i] if occ is None else _keys_union(occ, self.uf.occ[i])
                if i != root:
                    self.uf.occ[i] = None
            self.uf.occ[root] = occ
        # parsed names per names tuple: the tuples are shared by the mentions that have the
        # same names (a coauthor named in many CVs), so one entry serves them all
        parsed: dict[tuple, tuple] = {}
        for m in persons:
            if m.names not in parsed:
                parsed[m.names] = tuple(p for n in m.names if (p := parse_name(n)))
        self.parsed = parsed
        self.subject_key = {}
        for m in persons:
            if m.is_subject and parsed[m.names]:
                self.subject_key[m.doc] = person_key(parsed[m.names][0])
        self._identity_phase(persons)
        self._identifier_phase(persons)
        self._variant_phase(persons)

    def _feats(self, ids: Iterable[int]) -> dict:
        f = {"emails": set(), "ids": set(), "coauthors": {}, "titles": {}, "orgs": {},
             "docs": set(), "keys": set(), "subject": False}
        for i in ids:
            m = self.mentions[i]
            f["emails"].update(m.emails)
            f["ids"].update(m.ids)
            if m.coauthors:
                d = f["coauthors"]
                it = iter(m.coauthors)               # flat (key, value, …)
                for k, v in zip(it, it):
                    d.setdefault(k, v)
            if m.titles:
                d = f["titles"]
                it = iter(m.titles)
                for k, v in zip(it, it):
                    d.setdefault(k, v)
            if m.orgs:
                d = f["orgs"]
                for k, v in m.orgs.items():
                    d.setdefault(k, v)
            f["docs"].add(m.doc)
            f["keys"].update(person_key(p) for p in self.parsed.get(m.names, ()))
            f["subject"] = f["subject"] or m.is_subject
        return f

    def _evidence(self, fa: dict, fb: dict) -> tuple[list[str], list[str]]:
        """(evidence kinds, evidence strings) supporting that two persons are one."""
        kinds, ev = [], []
        emails = sorted(fa["emails"] & fb["emails"])
        if emails:
            kinds.append("shared-email")
            ev += [f"shared e-mail: {e}" for e in emails[:3]]
        ids = sorted(fa["ids"] & fb["ids"])
        if ids:
            kinds.append("shared-identifier")
            ev += [f"shared identifier: {i}" for i in ids[:3]]
        exclude = fa["keys"] | fb["keys"]
        if len(fa["docs"]) == 1 and fa["docs"] == fb["docs"]:
            exclude = exclude | {self.subject_key.get(next(iter(fa["docs"])))}
        co = sorted(k for k in fa["coauthors"].keys() & fb["coauthors"].keys() if k not in exclude)
        if co:
            kinds.append("shared-coauthor")
            ev += [f"shared coauthor: {fa['coauthors'][k]}" for k in co[:3]]
        titles = sorted(fa["titles"].keys() & fb["titles"].keys())
        if titles:
            kinds.append("shared-work")
            ev += [f"shared work: {fa['titles'][t]}" for t in titles[:3]]
        orgs = sorted(fa["orgs"].keys() & fb["orgs"].keys())
        if orgs:
            kinds.append("shared-organization")
            ev += [f"shared organization: {fa['orgs'][o]}" for o in orgs[:3]]
        return kinds, ev

    @staticmethod
    def _contradicts(fa: dict, fb: dict) -> str | None:
        if fa["emails"] and fb["emails"] and not fa["emails"] & fb["emails"]:
            return f"different e-mails ({', '.join(sorted(fa['emails']))} vs {', '.join(sorted(fb['emails']))})"
        for scheme in ("https://orcid.org/", "https://github.com/", "https://scholar.google.com/",
                       "https://dblp.org/pid/", "https://www.linkedin.com/in/"):
            ia = {i for i in fa["ids"] if i.startswith(scheme)}
            ib = {i for i in fb["ids"] if i.startswith(scheme)}
            if ia and ib and not ia & ib:
                return f"different identifiers ({', '.join(sorted(ia))} vs {', '.join(sorted(ib))})"
        return None

    def _identity_phase(self, persons: list[_Mention]) -> None:
        # groups of mentions sharing an identity key (connected through any of their names)
        up = [m.id for m in self.mentions]          # a union-find's parents (the ids' own int objects)

        def top(x: int) -> int:
            while up[x] != x:
                up[x] = up[up[x]]
                x = up[x]
            return x

        first: dict[str, int] = {}
        parsed = self.parsed
        for m in persons:
            for p in parsed[m.names]:
                j = first.get(p.key)
                if j is None:
                    first[p.key] = m.id
                else:
                    ra, rb = top(j), top(m.id)
                    if ra != rb:
                        up[rb] = ra
        del first
        groups: dict[int, list[int]] = defaultdict(list)
        for m in persons:
            i = m.id
            r = up[i]
            if up[r] != r:
                r = top(i)
            groups[r].append(i)
        up.clear()                                  # (the groups are made)
        for root in sorted(groups, key=lambda r: self.skey(groups[r][0])):
            ids = sorted(groups[root], key=self.okey)
            subjects = [i for i in ids if self.mentions[i].is_subject]
            clusters: list[list[int]] = []
            if len(subjects) <= 1:
                clusters = [ids]
            else:
                # Evidence between two persons is only ever a shared e-mail, identifier,
                # coauthor, work or organization (``_evidence``), so a mention is compared only
                # with the clusters that hold one of its evidence tokens: the others would give
                # none. Same clusters as comparing with every one in order, without the
                # (mentions × clusters) cost of a name that many CV owners share.
                feats: list[dict] = []
                holders: dict[tuple, set[int]] = defaultdict(set)   # evidence token → clusters

                def sharing(f: dict) -> list[int]:
                    found: set[int] = set()
                    for t in _evidence_tokens(f):
                        h = holders.get(t)
                        if h:
                            found |= h
                    return sorted(found)

                for s in subjects:
                    fs = self._feats([s])
                    target = None
                    for ci in sharing(fs):                  # positive evidence first
                        if self._evidence(fs, feats[ci])[0]:
                            target = ci
                            break
                    if target is None:
                        for ci, fc in enumerate(feats):
                            if not self._contradicts(fs, fc):
                                target = ci
                                break
                    if target is None and feats:
                        why = self._contradicts(fs, feats[0])
                        self.split_notes[s] = (f"same name as <{self.mentions[subjects[0]].iri}> in "
                                               f"<{self.mentions[subjects[0]].doc}> but {why} and no "
                                               f"shared coauthor, work or organization")
                    if target is None:
                        target = len(clusters)
                        clusters.append([s])
                        feats.append(fs)
                    else:
                        clusters[target].append(s)
                        _merge_feats(feats[target], fs)      # = self._feats(clusters[target])
                    for t in _evidence_tokens(fs):
                        holders[t].add(target)
                for i in ids:
                    if self.mentions[i].is_subject:
                        continue
                    fi = self._feats([i])
                    best, best_n = 0, 0                      # no evidence anywhere: the first
                    for ci in sharing(fi):
                        n = len(self._evidence(fi, feats[ci])[1])
                        if n > best_n:
                            best, best_n = ci, n
                    clusters[best].append(i)
                for ci in range(len(clusters)):
                    for cj in range(ci + 1, len(clusters)):
                        self.uf.add_cannot(clusters[ci][0], clusters[cj][0])
            for cl in clusters:
                cl = sorted(cl, key=self.okey)
                for i in cl[1:]:
                    a, b = self.mentions[cl[0]], self.mentions[i]
                    ev = [f"same name after folding: '{a.names[0]}' = '{b.names[0]}'"]
                    self._join(cl[0], i, 1.0, "identical-name", ev)

    def _identifier_phase(self, persons: list[_Mention]) -> None:
        by_id: dict[str, list[int]] = defaultdict(list)
        for m in persons:
            for x in sorted(set(m.emails).union(m.ids)):
                by_id[x].append(m.id)
        for x in sorted(by_id):
            ids = by_id[x]
            roots = {self.uf.find(i) for i in ids}
            if len(roots) < 2 or len(roots) > MAX_IDENTIFIER_FANOUT:
                continue
            ids = sorted(ids, key=self.okey)
            for i in ids[1:]:
                label = "e-mail" if "@" in x and not x.startswith("http") else "identifier"
                self._join(ids[0], i, SHARED_IDENTIFIER_SCORE, "shared-identifier",
                           [f"shared {label}: {x}"])

    def _variant_phase(self, persons: list[_Mention]) -> None:
        comps = self.components("person")
        roots = sorted(comps, key=lambda r: self.skey(min(comps[r], key=self.okey)))
        order = {r: n for n, r in enumerate(roots)}
        names: dict[int, dict[str, PName]] = {}
        blocks: dict[str, list[int]] = defaultdict(list)
        for r in roots:
            ns: dict[str, PName] = {}
            for i in comps[r]:
                for p in self.parsed[self.mentions[i].names]:
                    ns.setdefault(p.key, p)
            names[r] = ns
            keys = set()
            for p in ns.values():
                keys.update(block_keys(p))
            for k in keys:
                blocks[k].append(r)
        feats: dict[int, dict] = {}
        tokens: dict[int, set[str]] = {}
        seen: set[tuple[int, int]] = set()
        name_cache: dict[tuple[str, str], tuple | None] = {}
        cands = []
        self.stats.person_blocks = len(blocks)

        def feat(r: int) -> dict:
            if r not in feats:
                feats[r] = self._feats(comps[r])
            return feats[r]

        def toks(r: int) -> set[str]:
            """Evidence tokens, to find component pairs that share a fact without all-pairs."""
            if r not in tokens:
                f = feat(r)
                tokens[r] = ({"c:" + k for k in f["coauthors"]} | {"t:" + k for k in f["titles"]}
                             | {"o:" + k for k in f["orgs"]} | {"e:" + k for k in f["emails"]}
                             | {"i:" + k for k in f["ids"]})
            return tokens[r]

        def consider(ra: int, rb: int, match) -> None:
            pair = (ra, rb) if order[ra] < order[rb] else (rb, ra)
            if ra == rb or pair in seen:
                return
            seen.add(pair)
            self.stats.person_comparisons += 1
            (nscore, nmethod), pa, pb = match
            if order[rb] < order[ra]:
                pa, pb = pb, pa
            fa, fb = feat(pair[0]), feat(pair[1])
            kinds, ev = self._evidence(fa, fb)
            if not kinds:
                return
            orcid_a = {i for i in fa["ids"] if i.startswith("https://orcid.org/")}
            orcid_b = {i for i in fb["ids"] if i.startswith("https://orcid.org/")}
            if orcid_a and orcid_b and not orcid_a & orcid_b:
                return
            score = 1 - (1 - nscore) * (0.5 ** min(len(ev), 3))
            ev = [f"name: '{pa.raw}' ~ '{pb.raw}' ({nmethod})"] + ev
            method = "+".join([nmethod] + kinds)
            cands.append((-round(score, 4), order[pair[0]], order[pair[1]], pair, score, method, ev))

        for k in sorted(blocks):
            members = blocks[k]
            self.stats.largest_person_block = max(self.stats.largest_person_block, len(members))
            # distinct spellings in the block; components with the same spelling were kept
            # apart on purpose (identity phase), so only different spellings are compared
            by_name: dict[str, list[int]] = defaultdict(list)
            pnames: dict[str, PName] = {}
            for r in members:
                for nk, p in names[r].items():
                    if k in block_keys(p):
                        by_name[nk].append(r)
                        pnames[nk] = p
            keys = sorted(by_name)
            for x in range(len(keys)):
                for y in range(x + 1, len(keys)):
                    ka, kb = keys[x], keys[y]
                    if (ka, kb) not in name_cache:
                        self.stats.person_name_comparisons += 1
                        name_cache[(ka, kb)] = compare_names(pnames[ka], pnames[kb])
                    r = name_cache[(ka, kb)]
                    if r is None:
                        continue
                    match = (r, pnames[ka], pnames[kb])
                    ca, cb = by_name[ka], by_name[kb]
                    if len(ca) * len(cb) <= 16:
                        for ra in ca:
                            for rb in cb:
                                consider(ra, rb, match)
                        continue
                    # many same-spelled components: pair only those sharing an evidence token
                    small, big, flip = (ca, cb, False) if len(ca) <= len(cb) else (cb, ca, True)
                    index: dict[str, list[int]] = defaultdict(list)
                    for rb in big:
                        for t in toks(rb):
                            index[t].append(rb)
                    for ra in small:
                        hits = sorted({rb for t in toks(ra) for rb in index.get(t, ())}, key=order.get)
                        for rb in hits:
                            consider(rb, ra, match) if flip else consider(ra, rb, match)
        cands.sort(key=lambda c: c[:3])
        for _, _, _, (ra, rb), score, method, ev in cands:
            a = min(comps[ra], key=self.okey)
            b = min(comps[rb], key=self.okey)
            self._join(a, b, score, method, ev)

    def finish_persons(self) -> None:
        clusters = []
        mentions, parsed = self.mentions, self.parsed
        for root, ids in self.components("person").items():
            # the names of the cluster's mentions, each with its documents; the spelling used in
            # author lists counts when it is a case variant of a name ("ChonLam Lao" written for
            # the subject "CHONLAM LAO"). What _best_name gives for the list of every name
            # (once for the cluster, once per mention with its written variants) and these
            # documents: it looks at the distinct names only.
            if len(ids) == 1 and not mentions[ids[0]].written and len(mentions[ids[0]].names) == 1:
                name = mentions[ids[0]].names[0]
            else:
                docs: dict[str, set[str]] = defaultdict(set)
                keys = None
                for i in ids:
                    m = mentions[i]
                    for n in m.names:
                        docs[n].add(m.doc)
                    if m.written:
                        if keys is None:
                            keys = {p.key for j in ids for p in parsed.get(mentions[j].names, ())}
                        for w in sorted(m.written):
                            if (p := parse_name(w)) is not None and p.key in keys:
                                docs[w].add(m.doc)
                if not docs:
                    name = mentions[ids[0]].iri.rsplit("/", 1)[-1]
                elif len(docs) == 1:
                    name = next(iter(docs))
                else:
                    name = _preferred(docs, docs=lambda n: len(docs[n]))
            clusters.append((ids, "person", name, name))
        self._assign(clusters)

    # --- works ---------------------------------------------------------------------------
    def link_works(self) -> None:
        # persons are decided: what only their decisions used goes (no person is joined after
        # this, and a join of two works looks at the works' own occurrence sets only)
        self.parsed = self.subject_key = None
        self.uf.occ = [None] * len(self.mentions)
        mentions = self.mentions
        for i in self.by_kind["person"]:
            m = mentions[i]
            if m.orgs is not None:                    # canonical orgs: person evidence only
                m.orgs = None
        self.apply_must_links("pub")
        self.apply_must_links("patent")
        works = self._of_kind("pub", "patent")
        for m in works:
            self.uf.occ[m.id] = (m.doc,)
        for kind in ("pub", "patent") if self.overrides.must_link else ():    # (else no work is joined yet)
            for root, ids in self.components(kind).items():
                for i in ids:
                    if i != root:
                        self.uf.occ[root] = _keys_union(self.uf.occ[root], self.uf.occ[i])
                        self.uf.occ[i] = None
        # canonical authors
        canon = self.canon
        doc, local = None, {}                       # the current document's IRI -> mention id
        for m in works:                             # in id order: one document after the other
            if not (m.authors or m.venue):
                if type(m.authors) is not tuple:
                    m.authors = tuple(m.authors)
                continue
            if m.doc != doc:
                doc = m.doc
                local = self.doc_index(doc)
            out = []
            for a in m.authors:
                j = local.get(a)
                out.append(canon[j] if j is not None and mentions[j].kind == "person" else a)
            m.authors = tuple(out)
            if m.venue:
                j = local.get(m.venue)
                if j is not None and mentions[j].kind == "venue":
                    m.venue = canon[j]
        for kind in ("patent", "pub"):
            ws = [m for m in works if m.kind == kind]
            # 1. identical titles / patent numbers / DOI, arXiv
            index: dict[str, list[int]] = defaultdict(list)
            for m in ws:
                # the mention's keys: "t:" title keys, its "n:" number, "i:" DOI / arXiv IRIs (three
                # groups of distinct keys that no two groups share)
                if len(m.names) == 1:
                    tk = title_key(m.names[0])
                    if tk:
                        index["t:" + tk].append(m.id)
                else:
                    for k in {"t:" + tk for n in m.names if (tk := title_key(n))}:
                        index[k].append(m.id)
                if m.identifier:
                    index["n:" + _ALNUM.sub("", m.identifier.lower())].append(m.id)
                if m.ids:
                    for k in {"i:" + x for x in m.ids if "doi.org/" in x or "arxiv.org/" in x}:
                        index[k].append(m.id)
            find = self.uf.find
            for k in sorted(index):
                ids = index[k]
                if len(ids) < 2:
                    continue
                ids = sorted(ids, key=self.okey)
                for i in ids[1:]:
                    if find(ids[0]) == find(i):
                        continue                           # (_join would leave everything as it is)
                    a, b = self.mentions[ids[0]], self.mentions[i]
                    if k.startswith("t:"):
                        self._join(ids[0], i, 1.0, "identical-title",
                                   [f"same title after folding: '{a.names[0]}' = '{b.names[0]}'"])
                    elif k.startswith("n:"):
                        self._join(ids[0], i, 1.0, "same-number", [f"same number: {b.identifier}"])
                    else:
                        self._join(ids[0], i, SHARED_IDENTIFIER_SCORE, "shared-identifier",
                                   [f"shared identifier: {k[2:]}"])
            if kind == "pub":
                self._similar_works(ws)
        # every join is made: the constraints are not needed any more (``find`` still is)
        self.uf.occ = None
        self.uf.cannot.clear()

    def _similar_works(self, ws: list[_Mention]) -> None:
        comps = defaultdict(list)
        for m in ws:
            comps[self.uf.find(m.id)].append(m.id)
        roots = sorted(comps, key=lambda r: self.skey(min(comps[r], key=self.okey)))
        order = {r: n for n, r in enumerate(roots)}
        info = {}
        tblocks: dict[str, list[int]] = defaultdict(list)
        df: dict[str, int] = defaultdict(int)            # title-token frequency, for rare-token keys
        for r in roots:
            toks = set()
            for i in comps[r]:
                for n in self.mentions[i].names:
                    toks.update(_title_tokens(n))
            for t in toks:
                df[t] += 1
        ablocks: dict[tuple, list[int]] = defaultdict(list)
        rarity = _Rarity(df)                                 # token -> (df, -len, token)
        for r in roots:
            ms = [self.mentions[i] for i in sorted(comps[r], key=self.okey)]
            titles = sorted({title_key(n): n for m in ms for n in m.names}.items())
            authors = max((m.authors for m in ms), key=len)
            # years, venues and documents as sorted tuples (a set is 216 bytes even when it has
            # one member; they are only intersected for the few same-author candidate pairs)
            info[r] = (titles, authors, tuple(sorted({m.year for m in ms if m.year})),
                       tuple(sorted({m.venue for m in ms if m.venue})), tuple(sorted({m.doc for m in ms})))
            keys = set()
            for tk, t in titles:
                # pairs of the 4 rarest significant tokens: a near-duplicate title shares
                # at least one pair even with a typo in one of them (the tokens of title t are
                # those of its key tk: title_key(tk) is tk, and t's are cached from above)
                toks = sorted(set(_title_tokens(t)), key=rarity.__getitem__)[:4]
                if len(toks) < 2:
                    keys.update(toks or [tk])
                for x in range(len(toks)):
                    for y in range(x + 1, len(toks)):
                        keys.add(" ".join(sorted((toks[x], toks[y]))))
            for k in keys:
                tblocks[k].append(r)
            if authors:
                for y in info[r][2]:
                    for v in info[r][3]:
                        ablocks[(v, y, authors[0])].append(r)
        seen = set()
        cands = []

        def pairs(blocks, cap):
            for k in sorted(k for k, members in blocks.items() if len(members) > 1):    # (one member: no pair)
                members = blocks[k]
                if cap and len(members) > cap:
                    continue
                for x in range(len(members)):
                    for y in range(x + 1, len(members)):
                        a, b = members[x], members[y]
                        yield (a, b) if order[a] < order[b] else (b, a)

        def title_pairs() -> Iterable[tuple[int, int]]:
            """The pairs that share a title block of at most MAX_TITLE_BLOCK members and can
            merge, each once. Two works with 2+ authors each merge on a similar title only when
            they share an author, so they are paired within (title block, author) sub-blocks; a
            work with fewer authors is paired with its whole title blocks. Same candidates as
            all pairs of every title block minus the pairs that could not merge, without the
            quadratic cost of large blocks (12M comparisons at 80k people before).

            Whether a pair is made in a block depends on the pair only (its authors), not on the
            block, so a pair is made in every block both are in: it is given in the first of
            them (in the order of ``tblocks``), and only one block's pairs are held at a time
            (a set of every pair was 14 million pairs, 1.4 GB, at 40,000 documents). The
            candidates are sorted before they are accepted, so the order of examination does
            not matter."""
            rank: dict[str, int] = {}                  # the blocks that are paired, in order
            for k, members in tblocks.items():
                if 2 <= len(members) <= MAX_TITLE_BLOCK:     # (one member makes no pair)
                    rank[k] = len(rank)
            blocks_of: dict[int, list[int]] = defaultdict(list)     # root -> its blocks' ranks, ascending
            for k, q in rank.items():
                for r in tblocks[k]:
                    blocks_of[r].append(q)
            for k, q in rank.items():
                members = tblocks[k]
                out: set[tuple[int, int]] = set()
                add = out.add
                sub: dict[str, list[int]] = defaultdict(list)       # author -> members with 2+ authors
                sets = [asets[r] for r in members if r in asets]
                # (sub-blocks only when two members share an author; most blocks have none)
                shared = len(sets) >= 2 and len(set().union(*sets)) < sum(map(len, sets))
                for r in members:
                    if r in asets:
                        if shared:
                            for a in asets[r]:
                                sub[a].append(r)
                    else:
                        orr = order[r]
                        for o in members:
                            if o != r:
                                add((r, o) if orr < order[o] else (o, r))
                for sub_members in sub.values():
                    n = len(sub_members)
                    for x in range(n):
                        a = sub_members[x]
                        oa = order[a]
                        for y in range(x + 1, n):
                            b = sub_members[y]
                            add((a, b) if oa < order[b] else (b, a))
                for pair in out:
                    ka, kb = blocks_of[pair[0]], blocks_of[pair[1]]
                    i = j = 0
                    while ka[i] != kb[j]:              # their first common block (q is one)
                        if ka[i] < kb[j]:
                            i += 1
                        else:
                            j += 1
                    if ka[i] == q:
                        yield pair

        asets = {r: set(info[r][1]) for r in roots if len(info[r][1]) >= 2}    # only these are looked up
        # token_sort_ratio(x, y) is ratio() of the words sorted and joined by one space; title
        # keys are words of [a-z0-9] joined by one space, so each title's sorted form is made
        # once instead of in every comparison (test_link_split checks the identity)
        sorted_titles = {r: [(_sorted_words(tk), t) for tk, t in info[r][0]] for r in roots}
        ratio = fuzz.ratio
        for pair in title_pairs():
            aa, ab = info[pair[0]][1], info[pair[1]][1]
            if len(aa) >= 2 and len(ab) >= 2 and asets[pair[0]].isdisjoint(asets[pair[1]]):
                continue                                  # same title, different people
            self.stats.pub_comparisons += 1
            ta, tb = sorted_titles[pair[0]], sorted_titles[pair[1]]
            if len(ta) == 1 and len(tb) == 1:
                best = (ratio(ta[0][0], tb[0][0], score_cutoff=TITLE_SIMILARITY), ta[0][1], tb[0][1])
            else:
                best = max((ratio(x, y, score_cutoff=TITLE_SIMILARITY), xa, ya) for x, xa in ta for y, ya in tb)
            if best[0] < TITLE_SIMILARITY:
                continue
            ev = [f"similar titles ({best[0]:.0f}/100): '{best[1]}' ~ '{best[2]}'"]
            cands.append((-round(best[0] / 100, 4), order[pair[0]], order[pair[1]], pair,
                          best[0] / 100, "similar-title", ev))
        for pair in pairs(ablocks, 0):
            if pair in seen:
                continue
            seen.add(pair)
            self.stats.pub_comparisons += 1
            ia, ib = info[pair[0]], info[pair[1]]
            if not set(ia[4]).isdisjoint(ib[4]):
                continue                                  # one CV lists both: two works
            shared = set(ia[1]) & set(ib[1])
            overlap = len(shared) / max(len(set(ia[1])), len(set(ib[1])))
            if overlap < AUTHOR_OVERLAP:
                continue
            first = ia[1][0]
            fname = self._name_of(first)
            venue = self._name_of(sorted(set(ia[3]) & set(ib[3]))[0])
            year = sorted(set(ia[2]) & set(ib[2]))[0]
            ev = [f"different titles: '{ia[0][0][1]}' / '{ib[0][0][1]}'",
                  f"same first author: {fname}",
                  f"{len(shared)} of {max(len(set(ia[1])), len(set(ib[1])))} authors shared",
                  f"same venue and year: {venue} {year}"]
            cands.append((-TITLE_AUTHORS_SCORE, order[pair[0]], order[pair[1]], pair, TITLE_AUTHORS_SCORE,
                          "same-authors+venue+year", ev))
        cands.sort(key=lambda c: c[:3])
        for _, _, _, (ra, rb), score, method, ev in cands:
            a = min(comps[ra], key=self.okey)
            b = min(comps[rb], key=self.okey)
            self._join(a, b, score, method, ev)

    def _name_of(self, canonical: str) -> str:
        return self._names_by_canon.get(canonical, canonical)

    def finish_works(self) -> None:
        for kind in ("pub", "patent"):
            clusters = []
            mentions = self.mentions
            for root, ids in self.components(kind).items():
                if len(ids) == 1 and len(mentions[ids[0]].names) == 1:
                    m = mentions[ids[0]]
                    name = m.names[0]
                    slug_src = m.identifier if kind == "patent" and m.identifier else name
                    clusters.append((ids, kind, name, slug_src))
                    continue
                distinct = {n for i in ids for n in mentions[i].names}
                if len(distinct) == 1:
                    name = next(iter(distinct))          # one title: no preference to compute
                elif distinct:
                    docs_per_title = defaultdict(set)
                    published = defaultdict(bool)
                    for i in ids:
                        m = mentions[i]
                        for n in m.names:
                            docs_per_title[n].add(m.doc)
                            published[n] |= bool(m.venue) and m.status in (None, "published")
                    name = _preferred(distinct, lambda n: (-len(docs_per_title[n]), not published[n]))
                else:
                    name = mentions[ids[0]].iri
                numbers = sorted({mentions[i].identifier for i in ids if mentions[i].identifier})
                slug_src = numbers[0] if kind == "patent" and numbers else name
                clusters.append((ids, kind, name, slug_src))
            self._assign(clusters)

    # --- canonical IRIs -------------------------------------------------------------------
    def _best_name(self, names: list[str], ids: list[int], docs: dict | None = None) -> str:
        if not names:
            return self.mentions[ids[0]].iri.rsplit("/", 1)[-1]
        distinct = set(names)
        if len(distinct) == 1:
            return names[0]
        if docs is None:
            docs = defaultdict(set)
            for i in ids:
                for n in self.mentions[i].names:
                    docs[n].add(self.mentions[i].doc)
        return _preferred(distinct, docs=lambda n: len(docs.get(n, ())))

    def _assign(self, clusters: list[tuple[list[int], str, str, str]]) -> None:
        """clusters: (mention ids, kind, canonical name, slug source). Collisions get -2, -3
        in the order of a stable key (the sorted documents and provisional IRIs)."""
        mentions, canon, canon_name, names_by_canon = self.mentions, self.canon, self.canon_name, self._names_by_canon
        entities = self.stats.entities
        wanted: dict[str, list] = {}
        base = self.base
        for ids, kind, name, src in clusters:
            iri = mint(base, kind, src)
            entries = wanted.get(iri)
            if entries is None:
                wanted[iri] = [(ids, name)]
            else:
                entries.append((ids, name))
        taken = set(wanted)
        for iri in sorted(wanted):
            entries = wanted[iri]
            if len(entries) > 1:             # the stable key orders the clusters that want one IRI
                keyed = []
                for ids, name in entries:
                    key = (sorted({mentions[i].doc for i in ids}), sorted({mentions[i].iri for i in ids}))
                    # a cluster holding the provisional IRI it would get keeps it first
                    own = iri not in key[1]
                    keyed.append(((own, key), ids, name))
                entries = [(ids, name) for _, ids, name in sorted(keyed, key=lambda e: e[0])]
            for n, (ids, name) in enumerate(entries):
                target = iri
                if n:
                    k = n + 1
                    while f"{iri}-{k}" in taken:
                        k += 1
                    target = f"{iri}-{k}"
                    taken.add(target)
                for i in ids:
                    canon[i] = target
                    canon_name[i] = name
                names_by_canon[target] = name
                kind = mentions[ids[0]].kind
                entities[kind] = entities.get(kind, 0) + 1

    # --- output ----------------------------------------------------------------------------
    def run(self) -> "LinkPlan":
        self._names_by_canon: dict[str, str] = {}
        self.collect()
        self.apply_cannot_links()
        self.link_orgs()
        self.finish_orgs()
        self.link_venues()
        self.link_persons()
        self.finish_persons()
        self.link_works()
        self.finish_works()
        return self.output()

    def output(self) -> "LinkPlan":
        # every decision is made: the name and title caches (up to 200,000 entries each) are
        # not needed any more, and their memory serves the plans and the links graph instead
        parse_name.cache_clear()
        title_key.cache_clear()
        _title_tokens.cache_clear()
        canon, canon_name, mentions = self.canon, self.canon_name, self.mentions
        # the canonical IRIs whose mentions have more than one name between them (``one``: the
        # name of the others, so far); a mention's names tuple is often the previous mention's
        # of that IRI (shared tuples), which needs no look at its names
        one: dict[str, str] = {}
        last: dict[str, tuple] = {}
        multi: set[str] = set()
        if self.with_mapping:
            target: dict[str, str] = {}               # provisional IRI -> its first canonical IRI
            several: set[str] = set()                 # provisional IRIs with more than one
        for m in mentions:
            c = canon[m.id]
            names = m.names
            if names and c not in multi and last.get(c) is not names:
                last[c] = names
                for n in names:
                    if one.setdefault(c, n) != n:
                        multi.add(c)
                        break
            if self.with_mapping:
                t = target.setdefault(m.iri, c)
                if t != c:
                    several.add(m.iri)
        del one, last
        if self.with_mapping:
            mapping = {p: t for p, t in sorted(target.items()) if p != t and p not in several}
            del target, several
        else:
            mapping = {}
        plans: dict[str, DocLinkPlan] = {}
        base, by_doc = self.base, self.by_doc
        for doc in self.doc_iris:
            mp: dict[str, str] = {}
            rename: dict[str, str] = {}                # canonical IRI -> canonical name
            for i in by_doc[doc]:
                m = mentions[i]
                c = canon[i]
                if c != m.iri:
                    mp[m.iri] = c
                if m.parent is not None and m.kind == "org":
                    continue
                cn = canon_name[i]
                names = m.names
                # (the names of c's mentions ∪ {canonical name}) has more than one name, or the
                # mention's names are not exactly {canonical name} (when c's mentions have one
                # name between them, that name is this mention's)
                if c in multi or not names or (names[0] != cn if len(names) == 1
                                               else names.count(cn) != len(names)):
                    rename[c] = cn
            plans[doc] = DocLinkPlan(doc, base, mp, rename)
        return LinkPlan(plans, self._links_graph(), mapping, self.stats)

    def _links_graph(self) -> "_LinksGraph":
        """The links graph as the records it is written from (:class:`_LinksGraph`): one per
        decision node, plus the few other triples (sub-units, authority links). Its text is
        made when it is asked for, one subject at a time, so the parent never holds a set of
        its lines (hundreds of bytes per line, millions of lines at 100,000 documents)."""
        others: dict[str, set[str]] = {}        # subject term -> its lines (not decisions)

        def add(s: str, p: str, o: str) -> None:
            lines = others.get(s)
            if lines is None:
                lines = others[s] = set()
            lines.add(f"{s} {p} {o} .")

        records: dict[str, tuple] = {}
        covered: set[tuple[str, str]] = set()
        # Several decisions can make one node: its evidence and documents are the union of
        # theirs (sorted once at the end: a provisional IRI named in thousands of documents
        # gets thousands of identity decisions). An identity keeps the lowest score, a merge
        # the last one; a merge made by one decision keeps its evidence in the decision's order.
        identities: dict[str, list] = {}          # node -> [canon, score, method, evidence, docs]
        merges: dict[str, list] = {}              # node -> [canon, froms, score, method, ev, evs, docs, n]
        # the documents where a split provisional IRI became each of its canonical IRIs
        split_iris = {self.mentions[i].iri for i in self.split_notes}
        split_docs: dict[tuple[str, str], set[str]] = defaultdict(set)
        if split_iris:
            for m in self._of_kind("person"):            # (split_notes are persons')
                if m.iri in split_iris:
                    split_docs[(m.iri, self.canon[m.id])].add(m.doc)
        for (a, iri, method), (score, evidence, docs) in self.identity_records.items():
            # one provisional IRI in several documents: an identity, not a rewrite
            canon = self.canon[a]
            h = hashlib.sha1(f"{canon}|{iri}|{method}|identity".encode()).hexdigest()[:16]
            node = f"{self.base}link/{h}"
            rec = identities.get(node)
            if rec is None:
                identities[node] = [canon, score, method, evidence, docs]
            else:
                rec[1] = min(rec[1], score)
                rec[3] = _keys_union(rec[3], evidence)
                rec[4] = _keys_union(rec[4], docs)
        for dec in self.decisions:
            ma = self.mentions[dec.a]
            mb = self.mentions[dec.b] if dec.b is not None else None
            canon = self.canon[dec.a]
            docs = {m.doc for m in (ma, mb) if m is not None}
            froms = sorted({m.iri for m in (ma, mb) if m is not None and m.iri != canon})
            if not froms and dec.method == "user-override":
                froms = [""]
            for f in froms:
                h = hashlib.sha1("|".join([canon, f, dec.method]).encode()).hexdigest()[:16]
                node = f"{self.base}link/{h}"
                rec = merges.get(node)
                if rec is None:
                    merges[node] = [canon, [f] if f else [], dec.score, dec.method, list(dec.evidence),
                                    set(dec.evidence), set(docs), 1]
                else:
                    rec[0], rec[1], rec[2], rec[3] = canon, [f] if f else [], dec.score, dec.method
                    rec[5].update(dec.evidence)
                    rec[6] |= docs
                    rec[7] += 1
                if f:
                    covered.add((f, canon))
        for node, (canon, froms, score, method, ev, evs, docs, n) in merges.items():
            records[node] = (canon, froms, score, method, ev if n == 1 else sorted(evs), sorted(docs))
        merges.clear()
        identities = {node: (canon, score, method, sorted(ev), sorted(docs))
                      for node, (canon, score, method, ev, docs) in identities.items()}
        for m in self.mentions:
            canon = self.canon[m.id]
            if canon == m.iri or (m.iri, canon) in covered:
                continue
            covered.add((m.iri, canon))
            if m.id in self.split_notes:
                method, ev, score = "same-name-split", [self.split_notes[m.id]], 1.0
                docs = sorted(split_docs[(m.iri, canon)])
            else:
                method, score = "canonical-name", 1.0
                ev = [f"canonical name: '{self.canon_name[m.id]}'"]
                docs = []
            h = hashlib.sha1(f"{canon}|{m.iri}|{method}".encode()).hexdigest()[:16]
            records[f"{self.base}link/{h}"] = (canon, [m.iri], score, method, ev, docs)
        for unit, parent in sorted(self.sub_units):
            add(_iri(unit), _t(SCHEMA.parentOrganization), _iri(parent))
            add(_iri(parent), _t(SCHEMA.subOrganization), _iri(unit))
        self._authority_triples(add)
        return _LinksGraph({_iri(node): rec for node, rec in records.items()},
                           {_iri(node): rec for node, rec in identities.items()}, others)

    def _identifier_node(self, add, entity: str, scheme: str, value: str, url: str,
                         description: str | None = None) -> None:
        node = _iri(f"{self.base}identifier/{scheme.lower()}/{slugify(value)}")
        add(entity, _t(SCHEMA.identifier), node)
        add(node, T_TYPE, _t(SCHEMA.PropertyValue))
        add(node, _t(SCHEMA.propertyID), _lit(scheme))
        add(node, _t(SCHEMA.value), _lit(value))
        add(node, _t(SCHEMA.url), _iri(url))
        if description:
            add(node, _t(SCHEMA.description), _lit(description))

    def _authority_triples(self, add) -> None:
        """Authority links of canonical entities (offline ROR / venue tables by default)."""
        same_as = _t(SCHEMA.sameAs)
        for canon, hit in sorted(self.org_authority.items()):
            e, org = _iri(canon), hit.org
            add(e, same_as, _iri(org.iri))
            self._identifier_node(add, e, "ROR", org.ror, org.iri, f"matched by {hit.method}: {hit.evidence}")
            if org.wikidata:
                add(e, same_as, _iri(f"https://www.wikidata.org/entity/{org.wikidata}"))
            for t in org.types:
                cls = ROR_TYPE_CLASSES.get(t)
                if cls:
                    add(e, T_TYPE, _t(SCHEMA[cls]))
        for canon, v in sorted(self.venue_authority.items()):
            e = _iri(canon)
            if v.dblp_iri:
                add(e, same_as, _iri(v.dblp_iri))
                self._identifier_node(add, e, "DBLP", v.dblp_key, v.dblp_iri)
            if v.wikidata:
                add(e, same_as, _iri(f"https://www.wikidata.org/entity/{v.wikidata}"))
            if v.name:
                add(e, T_NAME, _lit(v.name))
            if v.acronym:
                add(e, T_ALT, _lit(v.acronym))


class _LinksGraph:
    """The links graph of a :class:`LinkPlan` as the data it is written from, detached from
    the linker: ``records`` (merge decisions) and ``identities`` (identity decisions), keyed by
    their node's IRI term, and ``others``, the remaining lines by subject term.

    Its N-Triples text is the graph's lines sorted, without duplicates (one triple per line):
    :meth:`chunks` gives it in pieces of about ``size`` characters, each ending with a line,
    and :meth:`text` whole. A line starts with its subject term and a space and a term has no
    space and only its last ``>`` (:func:`_iri`), so the sorted lines are the subjects' lines
    in the order of ``term + " "``, each subject's lines sorted: one subject is written at a
    time, and a set of every line is never made."""

    __slots__ = ("records", "identities", "others")

    def __init__(self, records: dict[str, tuple], identities: dict[str, tuple], others: dict[str, set[str]]):
        self.records = records
        self.identities = identities
        self.others = others

    def __bool__(self) -> bool:
        return bool(self.records or self.identities or self.others)

    def _subject_blocks(self) -> Iterable[str]:
        """Each subject's lines (sorted, newline-terminated) in the order of the sorted lines."""
        records, identities, others = self.records, self.identities, self.others
        t_type, t_into, t_from, t_score = T_TYPE, _t(CVG.mergedInto), _t(CVG.mergedFrom), _t(CVG.score)
        t_method, t_evidence, t_derived = _t(CVG.method), _t(CVG.evidence), _t(PROV.wasDerivedFrom)
        c_merge, c_identity = _t(CVG.MergeDecision), _t(CVG.IdentityDecision)

        # document IRI -> its term and " ." (a document is in many records: its term is made once)
        doc_ends: dict[str, str] = {}
        get_end, set_end = doc_ends.get, doc_ends.setdefault

        def decision(n: str, cls: str, canon: str, froms, score: float, method: str, ev, docs) -> list[str]:
            out = [f"{n} {t_type} {cls} .", f"{n} {t_into} {_iri(canon)} .",
                   f'{n} {t_score} "{score:.2f}"^^{_XSD_DECIMAL} .', f"{n} {t_method} {_lit(method)} ."]
            if froms:
                out += [f"{n} {t_from} {_iri(f)} ." for f in froms]
            pre = f"{n} {t_evidence} "
            out += [pre + _lit(e) + " ." for e in ev]
            pre = f"{n} {t_derived} "
            out += [pre + (get_end(d) or set_end(d, _iri(d) + " .")) for d in docs]
            return out

        subjects = set(records)
        subjects.update(identities)
        subjects.update(others)
        for s in sorted(subjects, key=lambda term: term + " "):
            rec = records.get(s)
            ident = identities.get(s)
            more = others.get(s)
            if rec is None and not more and ident is not None:
                # an identity decision's node alone (nearly every node): its lines are distinct (one
                # per predicate and distinct evidence / document), no set is needed to drop repeats
                canon, score, method, ev, docs = ident
                lines = decision(s, c_identity, canon, (), score, method, ev, docs)
                lines.sort()
            else:
                found: set[str] = set()
                if rec is not None:
                    canon, froms, score, method, ev, docs = rec
                    found.update(decision(s, c_merge, canon, froms, score, method, ev, docs))
                if ident is not None:
                    canon, score, method, ev, docs = ident
                    found.update(decision(s, c_identity, canon, (), score, method, ev, docs))
                if more:
                    found |= more
                lines = sorted(found)
            yield "\n".join(lines) + "\n"

    def chunks(self, size: int = 1 << 20) -> Iterable[str]:
        """The N-Triples text in pieces of about ``size`` characters, each ending with a line."""
        buf: list[str] = []
        n = 0
        for block in self._subject_blocks():
            buf.append(block)
            n += len(block)
            if n >= size:
                yield "".join(buf)
                buf.clear()
                n = 0
        if buf:
            yield "".join(buf)

    def text(self) -> str:
        return "".join(self.chunks())


class LinksFile:
    """The links graph of a :class:`LinkPlan` as an N-Triples file already written (by a
    build's link step in its own process): read in pieces, never held whole unless asked."""

    __slots__ = ("path",)

    def __init__(self, path):
        self.path = Path(path)

    def __bool__(self) -> bool:
        return self.path.stat().st_size > 0

    def chunks(self, size: int = 1 << 20) -> Iterable[str]:
        """The file's text in pieces of about ``size`` characters, each ending with a line."""
        with open(self.path, encoding="utf-8", newline="") as fh:
            while True:
                piece = fh.read(size)
                if not piece:
                    return
                if not piece.endswith("\n"):
                    piece += fh.readline()
                yield piece

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


# =======================================================================================
# The link stage in three parts: per document (features), global (plan), per document
# (rewrite). Plain, picklable data between them, so the per-document parts run in worker
# processes; link_ntriples is their composition.
# =======================================================================================
@dataclass
class DocLinkPlan:
    """How one document's provisional N-Triples become its linked N-Triples."""

    doc_iri: str
    base: str
    mapping: dict[str, str]     # provisional IRI -> canonical IRI, for the IRIs that change
    rename: dict[str, str]      # canonical IRI -> canonical name, for the nodes whose names change

    @property
    def changes(self) -> bool:
        return bool(self.mapping or self.rename)


class LinkPlan:
    """The global decisions (:func:`resolve_links`): a plan per document (every input
    document, in document-IRI order; ``changes`` False when the document stays as it is), the
    links graph as N-Triples, the provisional → canonical mapping (IRIs with one target
    only) and statistics.

    ``links`` is the links graph's text, made each time it is read (about 9 KB per document
    of a ``bench/generate.py`` corpus: 0.9 GB at 100,000); :meth:`links_chunks` and
    :meth:`write_links` give the same text in pieces of about 1 MB without holding it whole."""

    def __init__(self, plans: dict[str, DocLinkPlan], links: "str | _LinksGraph | LinksFile", mapping: dict[str, str],
                 stats: LinkStats | None = None):
        self.plans = plans
        self._links = links
        self.mapping = mapping
        self.stats = stats if stats is not None else LinkStats()

    @property
    def links_file(self) -> Path | None:
        """The file the links graph is read from, when it was written before (a build's link
        step in its own process), else None."""
        return self._links.path if isinstance(self._links, LinksFile) else None

    @property
    def links(self) -> str:
        """The links graph as N-Triples (sorted lines)."""
        return self._links if isinstance(self._links, str) else self._links.text()

    def links_chunks(self, size: int = 1 << 20) -> Iterable[str]:
        """The text of :attr:`links` in pieces of about ``size`` characters, each ending with a
        line (an empty graph gives none)."""
        if isinstance(self._links, str):
            text, start = self._links, 0
            while start < len(text):
                end = text.find("\n", start + size - 1)
                end = len(text) if end < 0 else end + 1
                yield text[start:end]
                start = end
        else:
            yield from self._links.chunks(size)

    def write_links(self, fh) -> None:
        """Write :attr:`links` to a text file, one piece at a time."""
        for chunk in self.links_chunks():
            fh.write(chunk)

    def __eq__(self, other) -> bool:
        if not isinstance(other, LinkPlan):
            return NotImplemented
        return (self.plans == other.plans and self.mapping == other.mapping and self.stats == other.stats
                and self.links == other.links)

    __hash__ = None

    def __repr__(self) -> str:
        return f"LinkPlan({len(self.plans)} documents, {len(self.mapping)} mapped IRIs, {self.stats!r})"

    @property
    def document_mappings(self) -> dict[str, dict[str, str]]:
        """doc IRI -> {provisional -> canonical} (documents with a changed IRI only)."""
        return {d: p.mapping for d, p in self.plans.items() if p.mapping}

    def document_plan(self, doc_iri: str) -> DocLinkPlan | None:
        """The document's plan (None for a document that was not linked)."""
        return self.plans.get(doc_iri)

    plan_for = document_plan


def resolve_links(features: Iterable[DocLinkFeatures], settings: Settings, overrides: Overrides | None = None,
                  authorities: AuthoritySource | None = None, *, with_mapping: bool = True,
                  release_authorities: bool = False) -> LinkPlan:
    """The global half of the link stage: every decision across documents, from the
    documents' :class:`DocLinkFeatures` (in any order; document IRIs must be distinct). The
    result is a function of the set of features, the settings' base, the overrides and the
    authority source.

    ``features`` may be any iterable, e.g. a generator that reads each document's features
    from a file: they are consumed once, one document at a time, and not kept (the linker
    keeps only the mentions, which share the features' field objects).

    ``with_mapping=False`` leaves the plan's provisional → canonical ``mapping`` empty (every
    document's plan has its own): a build does not use it, and making it needs a table of
    every provisional IRI at the moment the linker's memory is at its peak.

    ``release_authorities=True`` asks the authority source to drop its organization tables
    once every organization is matched (the offline ROR tables: ~100 MB), for a process
    that links once, as the build's link step does; others would load them again."""
    import gc

    # The linker allocates millions of small objects and frees almost none until it returns:
    # the cyclic collector would rescan the growing heap again and again (superlinear time).
    enabled = gc.isenabled()
    gc.disable()
    try:
        linker = _Linker(features, settings, overrides, authorities)
        linker.with_mapping = with_mapping
        linker.release_authorities = release_authorities
        return linker.run()
    finally:
        if enabled:
            gc.enable()


def _rewrite_lines(lines: list[str], triples: list[tuple[str, str, str]], plan: DocLinkPlan) -> str:
    """The document's linked N-Triples: only the triples naming a rewritten IRI, and the names
    of renamed nodes, are rewritten (by term substitution); every other line is kept as is."""
    rename = {_iri(k): v for k, v in plan.rename.items()}      # canonical IRI term -> name
    umap = {_iri(k): _iri(v) for k, v in plan.mapping.items()}
    name_preds = (T_NAME, T_FOAF_NAME)
    venue_prefix = _iri(f"{plan.base}venue/")[:-1]
    person_prefix = _iri(f"{plan.base}person/")[:-1]
    keep: list[str] = []
    kept: set[tuple[str, str, str]] = set()
    touched: list[tuple[str, str, str]] = []
    for line, t in zip(lines, triples):
        s, p, o = t
        if s in umap or o in umap or (p in name_preds and s[0] == "<" and umap.get(s, s) in rename):
            touched.append(t)
        else:
            keep.append(line)
            kept.add(t)
    replaced: set[tuple[str, str, str]] = set()
    for s, p, o in touched:
        s2 = umap.get(s, s)
        o2 = umap.get(o, o)
        if p in name_preds and s2 in rename:
            written = venue_name(_value(o)) if s2.startswith(venue_prefix) else _value(o)
            if p == T_NAME and fold(written) != fold(rename[s2]):
                replaced.add((s2, T_ALT, _lit(written)))
            continue
        replaced.add((s2, p, o2))
    for s, name in rename.items():
        replaced.add((s, T_NAME, _lit(name)))
        if s.startswith(person_prefix):
            replaced.add((s, T_FOAF_NAME, _lit(name)))
    keep.extend(f"{s} {p} {o} ." for s, p, o in sorted(replaced) if (s, p, o) not in kept)
    return "\n".join(keep) + "\n"


def apply_link_plan(ntriples: str, plan_for_doc: DocLinkPlan | None) -> str | None:
    """The per-document rewrite: the document's linked N-Triples from its provisional
    N-Triples and its plan, or None when nothing in it changes (keep the input text)."""
    if plan_for_doc is None or not plan_for_doc.changes:
        return None
    lines, triples = _parse_lines(ntriples)
    return _rewrite_lines(lines, triples, plan_for_doc)


def link_ntriples(documents: list[tuple[str, str]], settings: Settings, overrides: Overrides | None = None,
                  *, authorities: AuthoritySource | None = None) -> LinkedDocuments:
    """The link stage on N-Triples: ``documents`` are (document IRI, N-Triples text) pairs as
    the map stage writes them. Returns each document's linked N-Triples (the input text
    itself when nothing in it changes) and the links graph as N-Triples. Same decisions,
    IRIs and triples as :func:`link_documents`, without building rdflib graphs.

    The composition of :func:`link_features` (per document), :func:`resolve_links` (global)
    and :func:`apply_link_plan` (per document), in this process; each document is parsed
    once."""
    import gc

    documents = list(documents)
    enabled = gc.isenabled()
    gc.disable()
    try:
        parsed = [_Doc(iri, text) for iri, text in documents]
        plan = resolve_links([_features_of(d, settings.base) for d in parsed], settings, overrides, authorities)
        out, rewritten = [], []
        for d in parsed:
            p = plan.plans.get(d.iri)
            text = _rewrite_lines(d.lines, d.triples, p) if p is not None and p.changes else None
            out.append((d.iri, d.text if text is None else text))
            rewritten.append(text is not None)
        return LinkedDocuments(out, rewritten, plan.links, plan.mapping, plan.document_mappings, plan.stats)
    finally:
        if enabled:
            gc.enable()


def _graph_from(identifier, text: str) -> Graph:
    g = Graph(identifier=identifier, bind_namespaces="none")
    for prefix, ns in PREFIXES.items():
        g.namespace_manager.bind(prefix, ns, override=False)
    if text.strip():
        g.parse(data=text, format="nt")
    return g


def link_documents(graphs: list[Graph], settings: Settings, overrides: Overrides | None = None,
                   *, in_place: bool = False, authorities: AuthoritySource | None = None) -> LinkResult:
    """Rewrite provisional entity IRIs to canonical ones and record the merges (rdflib API;
    the build uses :func:`link_ntriples`).

    By default the input graphs are left untouched and rewritten copies are returned (a
    graph with nothing to rewrite is returned as is). ``in_place=True`` edits the input
    graphs instead.
    """
    res = link_ntriples([(str(g.identifier), g.serialize(format="nt")) for g in graphs], settings, overrides,
                        authorities=authorities)
    out = []
    for g, (_, text), changed in zip(graphs, res.documents, res.rewritten):
        if not changed:
            out.append(g)
        elif in_place:
            new = _graph_from(g.identifier, text)
            g.remove((None, None, None))
            g.addN((s, p, o, g) for s, p, o in new)
            out.append(g)
        else:
            out.append(_graph_from(g.identifier, text))
    links = Graph(identifier=URIRef(settings.links_graph))
    links.bind("cvg", str(CVG))
    links.bind("schema", str(SCHEMA))
    links.bind("prov", str(PROV))
    links.bind("xsd", XSD)
    if res.links.strip():
        links.parse(data=res.links, format="nt")
    return LinkResult(out, links, res.mapping, res.document_mappings, res.stats)


# =======================================================================================
# Incremental linking
# =======================================================================================
def _relink_set(provisional, added, removed, key):
    gone = {str(r) for r in removed}
    new = {key(g): g for g in added}
    current = [g for g in provisional if key(g) not in gone and key(g) not in new]
    return current + [new[k] for k in sorted(new)]


def relink(provisional: Iterable[Graph], settings: Settings, overrides: Overrides | None = None, *,
           added: Iterable[Graph] = (), removed: Iterable[str] = (),
           authorities: AuthoritySource | None = None) -> LinkResult:
    """Link after adding and/or removing documents, with the result a full rebuild gives.

    ``provisional``: the *provisional* graphs (map-stage output, before linking) of the
    documents already in the store, e.g. cached by the store as N-Triples per document;
    ``added``: provisional graphs of new or changed documents (a document IRI already in
    ``provisional`` is replaced); ``removed``: document IRIs to drop. Linking is a
    deterministic function of the *set* of provisional graphs (inputs are sorted by document
    IRI, candidates by score then a stable key), so re-linking the new set equals the full
    rebuild: same canonical IRIs, isomorphic document graphs, the same links graph. Inputs
    are never modified. Use :func:`changed_documents` to rewrite only the document graphs
    whose linked form changed.
    """
    graphs = _relink_set(provisional, added, removed, lambda g: str(g.identifier))
    return link_documents(graphs, settings, overrides, authorities=authorities)


def relink_ntriples(provisional: Iterable[tuple[str, str]], settings: Settings, overrides: Overrides | None = None,
                    *, added: Iterable[tuple[str, str]] = (), removed: Iterable[str] = (),
                    authorities: AuthoritySource | None = None) -> LinkedDocuments:
    """:func:`relink` on (document IRI, provisional N-Triples) pairs."""
    docs = _relink_set(provisional, added, removed, lambda d: d[0])
    return link_ntriples(docs, settings, overrides, authorities=authorities)


def changed_documents(before: LinkResult | LinkedDocuments | None, after: LinkResult | LinkedDocuments) -> set[str]:
    """Document IRIs whose linked graph differs between two link results (added documents
    included; removed ones are not in ``after``)."""
    def graphs(res):
        if isinstance(res, LinkedDocuments):
            return {iri: frozenset(_canonical_lines(text)) for iri, text in res.documents}
        return {str(g.identifier): g for g in res.graphs}

    old = graphs(before) if before is not None else {}
    out = set()
    for k, g in graphs(after).items():
        prev = old.get(k)
        if prev is None or len(prev) != len(g) or set(prev) != set(g):
            out.add(k)
    return out
