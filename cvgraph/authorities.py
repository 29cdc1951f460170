"""Offline authorities shipped in data/authorities/: ROR organizations (CC0) and CS venues
(DBLP keys, Wikidata). Loaded lazily once per process into in-memory indexes.

`ror.tsv.gz` is a compact projection of ../shared/data/ror/organizations.jsonl.gz
(id, name, aliases, acronyms, country, types, wikidata): about 2.4 MB, loads in well under
a second. Venue tables are the CSVs from ../shared/data/venues/ as given.
"""
from __future__ import annotations

import contextlib
import csv
import gzip
import hashlib
import marshal
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .iris import KEY_SEPARATOR, key_fold

AUTHORITY_DIR = Path(__file__).resolve().parent.parent / "data" / "authorities"


@dataclass(frozen=True)
class Venue:
    acronym: str
    name: str
    dblp_key: str
    wikidata: str
    type: str

    @property
    def dblp_iri(self) -> str | None:
        return f"https://dblp.org/streams/{self.dblp_key}" if self.dblp_key else None


@dataclass(frozen=True)
class RorOrg:
    ror: str
    name: str
    aliases: tuple[str, ...]
    acronyms: tuple[str, ...]
    country: str
    types: tuple[str, ...]
    wikidata: str

    @property
    def iri(self) -> str:
        return f"https://ror.org/{self.ror}"


_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_NON_ALNUM = KEY_SEPARATOR


def org_key(name: str) -> str:
    """Folded comparison key for organization names: case, accents, punctuation, 'The'."""
    low = name.lower() if name.isascii() else key_fold(_DASHES.sub(" ", name))
    key = _NON_ALNUM.sub(" ", low).strip()
    return key[4:] if key.startswith("the ") else key


@lru_cache(maxsize=1)
def venues() -> tuple[Venue, ...]:
    out: dict[str, Venue] = {}
    for file in ("venues.csv", "venues_extended.csv"):  # core rows win over extended rows
        path = AUTHORITY_DIR / file
        if not path.exists():
            continue
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                acro = (row.get("acronym") or "").strip()
                if acro and acro.upper() not in out:
                    out[acro.upper()] = Venue(acro, (row.get("name") or "").strip(),
                                              (row.get("dblp_key") or "").strip(),
                                              (row.get("wikidata") or "").strip(),
                                              (row.get("type") or "").strip())
    return tuple(out.values())


_PUBLISHER_PREFIX = re.compile(r"^(?:the\s+)?(?:acm|ieee(?:/cvf)?|usenix|aaai|siam|acl|ifip)\b[\s/-]*", re.I)


@lru_cache(maxsize=1)
def _venue_index() -> tuple[dict[str, Venue], dict[str, Venue]]:
    by_acro = {v.acronym.upper(): v for v in venues()}
    by_name = {org_key(v.name): v for v in venues() if v.name}
    # CVs often drop the publisher ("Symposium on Operating Systems Principles"): the name
    # without it is a key too, unless two venues share it or it is another venue's full name.
    bare: dict[str, list[Venue]] = {}
    for v in venues():
        stripped = _PUBLISHER_PREFIX.sub("", v.name or "")
        if stripped and stripped != v.name:
            bare.setdefault(org_key(stripped), []).append(v)
    for key, found in bare.items():
        if len(found) == 1 and key and key not in by_name:
            by_name[key] = found[0]
    return by_acro, by_name


def venue_by_acronym(acronym: str) -> Venue | None:
    return _venue_index()[0].get(acronym.upper())


def venue_by_name(name: str) -> Venue | None:
    return _venue_index()[1].get(org_key(name))


# ---------------------------------------------------------------------------------------
# The ROR tables: parsed once and indexed, then cached on disk so that a process pays a
# fast load instead of parsing and folding 48k records (~1.5 s of CPU). The cache file
# holds plain data only (marshal: records as tuples, index keys → record numbers), is
# keyed by the SHA-256 of ror.tsv.gz and the Python version, is written atomically (a
# temporary file renamed into place) and is rebuilt when missing or unreadable. It lives
# in data/authorities/.cvgraph/ (ignored by git), or in ~/.cache/cvgraph when that
# directory is not writable; when neither is, the tables are just built in memory.
# RorOrg objects are made on first use of a record.
# ---------------------------------------------------------------------------------------
_ROR_CACHE_FORMAT = 3      # 3: keys keep the letters of other scripts (ROR's aliases 清华大学, 東京大学 …)


def _ror_build_tables(path: Path) -> dict[str, bytes]:
    """Parse ror.tsv.gz and build every index as plain data: part name → its marshal
    serialisation (the cache file's content; each part is loaded on first use)."""
    records: list[tuple] = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            f = line.rstrip("\n").split("\t")
            if len(f) < 7:
                continue
            split = lambda s: tuple(x for x in s.split("|") if x)  # noqa: E731
            records.append((f[0], f[1], split(f[2]), split(f[3]), f[4],
                            tuple(t for t in re.split(r"[|,]", f[5]) if t), f[6]))

    # name/alias key → record, -1 when two different records share it (ror_by_name)
    simple: dict[str, int] = {}

    def put(key: str, n: int) -> None:
        if not key:
            return
        have = simple.get(key)
        if have is not None and have >= 0 and records[have][0] != records[n][0]:
            simple[key] = -1
        elif have is None:
            simple[key] = n

    def add(index: dict, key: str, n: int) -> None:
        if not key:
            return
        have = index.get(key)
        if have is None:
            index[key] = (n,)
        elif all(records[o][0] != records[n][0] for o in have):
            index[key] = have + (n,)

    names: dict[str, tuple[int, ...]] = {}
    aliases: dict[str, tuple[int, ...]] = {}
    acronyms: dict[str, tuple[int, ...]] = {}
    full: dict[str, tuple[int, ...]] = {}
    for n, (_, name, alias_list, acr_list, *_rest) in enumerate(records):
        key = org_key(name)
        put(key, n)
        bare_name = re.sub(r"\s*\([^)]*\)$", "", name)     # "Google (United States)" is also "Google"
        if bare_name != name:
            put(org_key(bare_name), n)
        alias_keys = tuple(org_key(a) for a in alias_list)
        for k in alias_keys:
            put(k, n)
        bare = org_key(name[: name.rindex("(")]) if name.endswith(")") and "(" in name else key
        add(full, key, n)
        add(names, key, n)
        if bare != key:
            add(names, bare, n)
        for k in alias_keys:
            add(aliases, k, n)
        for a in acr_list:
            add(acronyms, org_key(a), n)
    loose: dict[str, tuple[int, ...]] = {}
    for index in (names, aliases):
        for key, ns in index.items():
            for n in ns:
                add(loose, _loose(key), n)
    name_keys = list(names)
    tokens: dict[str, list[int]] = {}
    for n, key in enumerate(name_keys):
        for t in set(key.split()):
            tokens.setdefault(t, []).append(n)
    parts = {"records": ["\t".join([r[0], r[1], "|".join(r[2]), "|".join(r[3]), r[4], "|".join(r[5]), r[6]])
                         for r in records],
             "simple": simple, "names": names, "aliases": aliases, "acronyms": acronyms, "full": full,
             "loose": loose, "tokens": (name_keys, {t: tuple(ns) for t, ns in tokens.items()})}
    return {name: marshal.dumps(part) for name, part in parts.items()}


def _ror_cache_dirs() -> list[Path]:
    return [AUTHORITY_DIR / ".cvgraph",
            Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cvgraph"]


def _ror_cache_name(digest: str) -> str:
    v = sys.version_info
    return f"ror-index-{digest[:20]}-py{v[0]}{v[1]}-f{_ROR_CACHE_FORMAT}.marshal"


@lru_cache(maxsize=1)
def _ror_tables() -> dict[str, bytes]:
    path = AUTHORITY_DIR / "ror.tsv.gz"
    if not path.exists():
        return {name: marshal.dumps({}) for name in ("simple", "names", "aliases", "acronyms", "full", "loose")} | {
            "records": marshal.dumps([]), "tokens": marshal.dumps(([], {}))}
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    name = _ror_cache_name(digest)
    for d in _ror_cache_dirs():
        try:
            data = marshal.loads((d / name).read_bytes())
            if isinstance(data, dict) and data.get("source") == digest and isinstance(data.get("parts"), dict):
                return data["parts"]
        except (OSError, EOFError, ValueError, TypeError):
            continue
    parts = _ror_build_tables(path)
    blob = marshal.dumps({"source": digest, "parts": parts})
    for d in _ror_cache_dirs():
        try:
            d.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=name + ".", suffix=".tmp", dir=d)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(blob)
                os.chmod(tmp, 0o644)
                os.replace(tmp, d / name)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
            break
        except OSError:
            continue
    return parts


@lru_cache(maxsize=None)
def _ror_part(name: str):
    return marshal.loads(_ror_tables()[name])


@lru_cache(maxsize=1)
def _ror_records() -> "_RorRecords":
    return _RorRecords(_ror_part("records"))


class _RorRecords:
    """Record number → RorOrg, made on first use."""

    def __init__(self, records: list[str]):
        self._records = records                        # the record's fields, tab-separated
        self._orgs: list[RorOrg | None] = [None] * len(records)

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, n: int) -> RorOrg:
        org = self._orgs[n]
        if org is None:
            f = self._records[n].split("\t")
            split = lambda s: tuple(x for x in s.split("|") if x)  # noqa: E731
            org = self._orgs[n] = RorOrg(f[0], f[1], split(f[2]), split(f[3]), f[4], split(f[5]), f[6])
        return org

    def many(self, ns: tuple[int, ...]) -> tuple[RorOrg, ...]:
        return tuple(self[n] for n in ns)


class _OrgIndex:
    """A read-only view key → tuple of RorOrg over an index of record numbers."""

    __slots__ = ("_index", "_records")

    def __init__(self, index: dict[str, tuple[int, ...]], records: _RorRecords):
        self._index = index
        self._records = records

    def get(self, key: str, default=None):
        ns = self._index.get(key)
        return default if ns is None else self._records.many(ns)

    def __getitem__(self, key: str) -> tuple[RorOrg, ...]:
        return self._records.many(self._index[key])

    def __contains__(self, key) -> bool:
        return key in self._index

    def __iter__(self):
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def keys(self):
        return self._index.keys()

    def items(self):
        return ((k, self._records.many(ns)) for k, ns in self._index.items())


@lru_cache(maxsize=1)
def ror_orgs() -> tuple[RorOrg, ...]:
    records = _ror_records()
    return tuple(records[n] for n in range(len(records)))


class _SimpleIndex:
    """Name/alias key → org, None when ambiguous (a view over the cached table)."""

    __slots__ = ("_index", "_records")

    def __init__(self, index: dict[str, int], records: _RorRecords):
        self._index = index
        self._records = records

    def get(self, key: str, default=None):
        n = self._index.get(key)
        if n is None:
            return default
        return None if n < 0 else self._records[n]

    def __getitem__(self, key: str) -> RorOrg | None:
        n = self._index[key]
        return None if n < 0 else self._records[n]

    def __contains__(self, key) -> bool:
        return key in self._index

    def __len__(self) -> int:
        return len(self._index)


@lru_cache(maxsize=1)
def _ror_index() -> _SimpleIndex:
    """Name/alias key → org; keys shared by two different orgs map to None (ambiguous)."""
    return _SimpleIndex(_ror_part("simple"), _ror_records())


def ror_by_name(name: str) -> RorOrg | None:
    """Exact (folded) match on the ROR name, a country-suffixed name, or an alias; None if ambiguous."""
    return _ror_index().get(org_key(name))


def is_known_org_name(name: str) -> bool:
    return org_key(name) in _ror_index()


# =======================================================================================
# Organization matching (used by the link stage): exact name/alias, acronym, country hints,
# conservative fuzzy fallback. Precision first: an ambiguous or doubtful string gets None.
# =======================================================================================
COUNTRY_CODES = {
    "usa": "US", "us": "US", "u s": "US", "u s a": "US", "united states": "US",
    "united states of america": "US", "uk": "GB", "united kingdom": "GB", "england": "GB",
    "scotland": "GB", "china": "CN", "prc": "CN", "hong kong": "HK", "hong kong sar": "HK",
    "taiwan": "TW", "macau": "MO", "macao": "MO", "japan": "JP", "korea": "KR", "south korea": "KR",
    "republic of korea": "KR", "singapore": "SG", "india": "IN", "germany": "DE", "france": "FR",
    "canada": "CA", "switzerland": "CH", "italy": "IT", "spain": "ES", "netherlands": "NL",
    "the netherlands": "NL", "israel": "IL", "australia": "AU", "sweden": "SE", "denmark": "DK",
    "norway": "NO", "finland": "FI", "austria": "AT", "belgium": "BE", "ireland": "IE",
    "portugal": "PT", "brazil": "BR", "poland": "PL", "greece": "GR", "new zealand": "NZ",
    "beijing": "CN", "shanghai": "CN", "shenzhen": "CN", "hangzhou": "CN", "seoul": "KR",
    "daejeon": "KR", "tokyo": "JP", "london": "GB", "paris": "FR", "berlin": "DE",
    "munich": "DE", "zurich": "CH", "toronto": "CA", "vancouver": "CA", "montreal": "CA",
}
US_STATES = {
    "al", "ak", "az", "ar", "ca", "co", "ct", "de", "fl", "ga", "hi", "id", "il", "in", "ia", "ks",
    "ky", "la", "me", "md", "ma", "mi", "mn", "ms", "mo", "mt", "ne", "nv", "nh", "nj", "nm", "ny",
    "nc", "nd", "oh", "ok", "or", "pa", "ri", "sc", "sd", "tn", "tx", "ut", "vt", "va", "wa", "wv",
    "wi", "wy", "dc", "california", "massachusetts", "washington", "new york", "texas",
    "pennsylvania", "illinois", "virginia", "new york city", "nyc", "georgia", "michigan",
}
_US_STATE_CODES = {s for s in US_STATES if len(s) == 2}
_ABBREV = {"univ": "university", "inst": "institute", "natl": "national", "nat": "national",
           "tech": "technology", "sci": "science", "dept": "department", "intl": "international",
           "u": "university"}
_CORP = {"inc", "llc", "ltd", "corp", "corporation", "gmbh", "plc", "limited", "co", "incorporated",
         "ag", "sa", "bv", "srl", "pte"}
FUZZY_MIN_RATIO = 95          # rapidfuzz ratio on folded keys, fuzzy fallback only
FUZZY_MIN_LENGTH = 14         # keys shorter than this never match fuzzily
FUZZY_MARGIN = 3              # the best candidate must beat the runner-up by this much


def country_hint(text: str | None) -> str | None:
    """An ISO country code from a location string: "Seattle, WA" → US, "Hong Kong" → HK,
    "Bremen, Germany" → DE; None when the string says nothing certain."""
    if not text:
        return None
    parts = [org_key(p) for p in re.split(r"[,;/()]", text) if org_key(p)]
    for part in reversed(parts):
        if part in COUNTRY_CODES:
            return COUNTRY_CODES[part]
        toks = part.split()
        if part in US_STATES or (toks and toks[-1] in _US_STATE_CODES and re.search(
                r"\b" + toks[-1].upper() + r"\b", text)):
            return "US"
    return None


@dataclass(frozen=True)
class OrgMatch:
    org: RorOrg
    method: str          # "name", "alias", "acronym", "country", "fuzzy"
    evidence: str


def _clean_org_name(name: str) -> tuple[list[str], str | None]:
    """Candidate lookup strings for a name as written, most specific first, and the country
    hint its trailing parts carry ("Google, Mountain View, CA" → ["google, mountain view, ca",
    "google"], "US")."""
    s = " ".join(name.split()).strip(" ,.;")
    cands = [s]
    hint = None
    paren = re.search(r"\(([^()]*)\)\s*$", s)
    if paren:
        inner = paren.group(1).strip()
        hint = country_hint(inner)
        base = s[: paren.start()].strip(" ,")
        cands.append(base)
        if re.fullmatch(r"[A-Z][A-Za-z&-]{1,9}", inner):
            cands.append(inner)                           # "... (KAIST)" → "KAIST"
        s = base
    parts = [p.strip() for p in s.split(",") if p.strip()]
    while len(parts) > 1:
        h = country_hint(parts[-1])
        if h or org_key(parts[-1]) in _CORP or len(org_key(parts[-1]).split()) <= 2 and not any(
                w in org_key(parts[-1]) for w in ("university", "institute", "college", "school")):
            hint = hint or h
            parts.pop()
            cands.append(", ".join(parts))
        else:
            break
    out = []
    for c in cands:
        toks = org_key(c).split()
        while len(toks) > 1 and toks[-1] in _CORP:
            toks.pop()
        expanded = " ".join(_ABBREV.get(t, t) for t in toks)
        for k in (" ".join(toks), expanded):
            if k and k not in out:
                out.append(k)
    return out, hint


@lru_cache(maxsize=1)
def _ror_match_index() -> tuple[_OrgIndex, _OrgIndex, _OrgIndex, _OrgIndex]:
    """(name key → orgs, alias key → orgs, acronym key → orgs, full-name key → orgs).
    The name index holds ROR's name and the name without a trailing "(Country)"."""
    records = _ror_records()
    return tuple(_OrgIndex(_ror_part(name), records) for name in ("names", "aliases", "acronyms", "full"))


@lru_cache(maxsize=1)
def _ror_fallback_index() -> tuple[_OrgIndex, "_TokenIndex"]:
    """Loaded on first need only: (key without 'of'/'the' → orgs, token → name keys)."""
    return _OrgIndex(_ror_part("loose"), _ror_records()), _TokenIndex(*_ror_part("tokens"))


def release_ror_tables() -> None:
    """Drop the loaded ROR tables (~100 MB of Python objects). The next lookup loads them
    again from the marshal cache; a process that has matched every organization it will
    (the build's link step) gives their memory to what comes after."""
    for fn in (_ror_fallback_index, _ror_match_index, _ror_index, ror_orgs, _ror_records, _ror_part, _ror_tables):
        fn.cache_clear()


class _TokenIndex:
    """Token → the name keys holding it (a view over key numbers)."""

    __slots__ = ("_keys", "_index")

    def __init__(self, keys: list[str], index: dict[str, tuple[int, ...]]):
        self._keys = keys
        self._index = index

    def get(self, token: str, default=None):
        ns = self._index.get(token)
        return default if ns is None else tuple(self._keys[n] for n in ns)

    def __getitem__(self, token: str) -> tuple[str, ...]:
        return tuple(self._keys[n] for n in self._index[token])

    def __contains__(self, token) -> bool:
        return token in self._index


_LOOSE_STOP = {"of", "the", "at", "de", "in", "and"}


def _loose(key: str) -> str:
    """"university bremen" for "University of Bremen": word order kept, so "Washington
    University" and "University of Washington" stay apart."""
    return " ".join(t for t in key.split() if t not in _LOOSE_STOP)


def _pick(orgs: tuple[RorOrg, ...], hint: str | None) -> tuple[RorOrg | None, bool]:
    """One org from candidates, using the country hint when several; (org, used_hint)."""
    if len(orgs) == 1:
        if hint and orgs[0].country and orgs[0].country != hint and not _multinational(orgs[0]):
            return None, False                            # "Peking University" said to be in Brazil
        return orgs[0], False
    if hint:
        same = [o for o in orgs if o.country == hint]
        if len(same) == 1:
            return same[0], True
    return None, False


_ACRONYM_FORM = re.compile(r"[A-Z][A-Z&-]{1,8}|[A-Z][a-z]?[A-Z][A-Za-z]{0,6}")


def _written_as_acronym(text: str) -> bool:
    """'HKUST', 'PKU', 'UofT': a string written the way an acronym is (two capitals at least)."""
    return bool(_ACRONYM_FORM.fullmatch(text)) and sum(c.isupper() for c in text) >= 2


_NAME_GENERIC = frozenset("university institute college school of the and for at in de la "
                          "center centre research laboratory national state technology".split())


def _alias_owner(key: str, orgs: tuple[RorOrg, ...], hint: str | None) -> tuple[RorOrg | None, bool]:
    """Several records list one alias ("Georgia Tech": Georgia Institute of Technology, and a
    facility of it that gives its parent's name as an alias): the one whose own name shares a
    distinctive word with the alias, when exactly one does, it is not a facility and every
    other is one. An alias two institutions share ("University of Agriculture") gets no guess."""
    words = set(key.split()) - _NAME_GENERIC
    owners = [o for o in orgs if words & (set(org_key(o.name).split()) - _NAME_GENERIC)]
    if (len(owners) != 1 or "facility" in owners[0].types
            or any("facility" not in o.types for o in orgs if o is not owners[0])):
        return None, False
    return _pick((owners[0],), hint)


def _multinational(org: RorOrg) -> bool:
    return "company" in org.types


def match_org(name: str, location: str | None = None) -> OrgMatch | None:
    """The ROR record for an organization name as written in a CV, or None.

    In order: exact folded name (ROR name, or the name without its "(Country)" suffix), then
    alias, then acronym (only when the string is written as one, e.g. "HKUST", "PKU"), then a
    conservative fuzzy fallback (ratio ≥ 95 on keys of ≥ 14 characters, unique best with a
    margin). When several records share the name ("Google (United States)", "Google
    (Singapore)"), a country hint from ``location`` or the name's trailing parts ("Mountain
    View, CA") picks one; without a hint an ambiguous name gets None.
    """
    if not name or not name.strip():
        return None
    names, aliases, acronyms, full = _ror_match_index()
    cands, hint = _clean_org_name(name)
    if not cands:
        return None                   # nothing the index keys can hold (a name in CJK, Cyrillic, Greek …)
    hint = country_hint(location) or hint
    as_acronym = _written_as_acronym(name.strip())
    for key in cands:
        for index, method in ((names, "name"), (aliases, "alias")):
            orgs = index.get(key)
            if orgs and len(orgs) > 1 and len(full.get(key, ())) == 1:
                orgs = full[key]          # "HKUST" over "HKUST (Guangzhou)" stripped of its campus
            if orgs and method == "alias" and as_acronym and acronyms.get(key):
                # "USC" is an alias of one record and the acronym of five others: all are candidates
                orgs = tuple({o.ror: o for o in (*orgs, *acronyms[key])}.values())
            if orgs:
                org, used = _pick(orgs, hint)
                if org is None and method == "alias" and len(orgs) > 1 and not as_acronym:
                    org, used = _alias_owner(key, orgs, hint)
                if org is not None:
                    how = f"{method} + country {hint}" if used else method
                    return OrgMatch(org, "country" if used else method,
                                    f"'{name}' matches ROR {how} '{org.name}'")
                return None                               # ambiguous: no guess
    loose, tokens = _ror_fallback_index()
    for key in cands:
        orgs = loose.get(_loose(key))
        if orgs and len(key.split()) >= 2:
            org, used = _pick(orgs, hint)
            if org is not None:
                return OrgMatch(org, "name-variant", f"'{name}' matches ROR '{org.name}' up to 'of'/'the'")
            return None
    # acronyms: the string as written must look like one ("HKUST", "PKU", "KAIST")
    for raw in [name.strip()] + [c for c in re.findall(r"\(([A-Z][A-Za-z&-]{1,9})\)", name)]:
        if _written_as_acronym(raw):
            key = org_key(raw)
            orgs = acronyms.get(key)
            if orgs and key not in names and key not in aliases:
                org, used = _pick(orgs, hint)
                if org is not None and len(key) >= 3:
                    return OrgMatch(org, "acronym", f"'{raw}' is ROR's acronym for '{org.name}'")
    # a single word that is the distinctive part of exactly one university's name:
    # "Harvard" → "Harvard University", "Stanford" → "Stanford University"
    toks = cands[-1].split()
    if len(toks) == 1 and len(toks[0]) >= 5 and not name.strip().isupper() and toks[0] not in aliases:
        hits = {o.ror: o for k in (f"{toks[0]} university", f"university of {toks[0]}")
                for o in names.get(k, ()) if "education" in o.types}
        if len(hits) == 1:
            org, used = _pick(tuple(hits.values()), hint)
            if org is not None:
                return OrgMatch(org, "short-form", f"'{name}' is the short form of ROR '{org.name}'")
    # fuzzy fallback
    from rapidfuzz import fuzz
    for key in cands[:2]:
        if len(key) < FUZZY_MIN_LENGTH:
            continue
        toks = key.split()
        rare = sorted(toks, key=lambda t: len(tokens.get(t, ())))
        pool = set()
        for t in rare[:2]:
            if 0 < len(tokens.get(t, ())) <= 2000:
                pool.update(tokens[t])
        scored = sorted(((fuzz.ratio(key, k), k) for k in pool), reverse=True)
        if not scored or scored[0][0] < FUZZY_MIN_RATIO:
            continue
        if len(scored) > 1 and scored[0][0] - scored[1][0] < FUZZY_MARGIN:
            continue
        best = scored[0][1]
        if sorted(t for t in best.split() if len(t) > 3) != sorted(t for t in toks if len(t) > 3) and \
                len(best.split()) != len(toks):
            continue                                      # a word more or less is another org
        org, used = _pick(names[best], hint)
        if org is not None:
            return OrgMatch(org, "fuzzy", f"'{name}' ~ ROR '{org.name}' ({scored[0][0]:.0f}/100)")
    return None


def match_venue(name: str | None, acronym: str | None = None) -> Venue | None:
    """The venue table row for a series, by acronym first, then by full name."""
    for a in (acronym, name):
        if a and re.fullmatch(r"[A-Za-z][A-Za-z0-9&+-]{1,15}", a.strip()):
            v = venue_by_acronym(a.strip())
            if v:
                return v
    if name:
        return venue_by_name(name)
    return None


# ROR types → schema.org subclasses of schema:Organization
ROR_TYPE_CLASSES = {
    "education": "CollegeOrUniversity",
    "company": "Corporation",
    "government": "GovernmentOrganization",
    "nonprofit": "NGO",
    "healthcare": "MedicalOrganization",
    "facility": "ResearchOrganization",
    "funder": "FundingAgency",
    "archive": "ArchiveOrganization",
}


# =======================================================================================
# Pluggable authority sources
# =======================================================================================
class AuthoritySource:
    """What the linker asks an authority. The default is offline (the shipped tables); an
    online source (OpenAlex, ORCID, Crossref, DBLP) implements the same two methods and is
    passed to ``link_documents(..., authorities=...)``; a method returning None means
    "no opinion". Implementations must be deterministic for a given input."""

    name = "abstract"

    def match_org(self, name: str, location: str | None = None) -> OrgMatch | None:  # pragma: no cover
        return None

    def match_venue(self, name: str | None, acronym: str | None = None) -> Venue | None:  # pragma: no cover
        return None

    def release_organizations(self) -> None:
        """Called once every organization is matched: drop what only ``match_org`` needs."""


class OfflineAuthorities(AuthoritySource):
    """ROR + DBLP/Wikidata venue tables from data/authorities/; no network."""

    name = "offline"

    def match_org(self, name: str, location: str | None = None) -> OrgMatch | None:
        return match_org(name, location)

    def match_venue(self, name: str | None, acronym: str | None = None) -> Venue | None:
        return match_venue(name, acronym)

    def release_organizations(self) -> None:
        release_ror_tables()


class NoAuthorities(AuthoritySource):
    """Link without any authority (for tests and benchmarks of the rules alone)."""

    name = "none"
