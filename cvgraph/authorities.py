"""Offline authorities shipped in data/authorities/: ROR organizations (CC0) and CS venues
(DBLP keys, Wikidata). Loaded lazily once per process into in-memory indexes.

`ror.tsv.gz` is a compact projection of ../shared/data/ror/organizations.jsonl.gz
(id, name, aliases, acronyms, country, types, wikidata): about 2.4 MB, loads in well under
a second. Venue tables are the CSVs from ../shared/data/venues/ as given.
"""
from __future__ import annotations

import csv
import gzip
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .iris import fold

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
_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def org_key(name: str) -> str:
    """Folded comparison key for organization names: case, accents, punctuation, 'The'."""
    low = name.lower() if name.isascii() else fold(_DASHES.sub(" ", name))
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


@lru_cache(maxsize=1)
def _venue_index() -> tuple[dict[str, Venue], dict[str, Venue]]:
    by_acro = {v.acronym.upper(): v for v in venues()}
    by_name = {org_key(v.name): v for v in venues() if v.name}
    return by_acro, by_name


def venue_by_acronym(acronym: str) -> Venue | None:
    return _venue_index()[0].get(acronym.upper())


def venue_by_name(name: str) -> Venue | None:
    return _venue_index()[1].get(org_key(name))


@lru_cache(maxsize=1)
def ror_orgs() -> tuple[RorOrg, ...]:
    path = AUTHORITY_DIR / "ror.tsv.gz"
    if not path.exists():
        return ()
    orgs = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            f = line.rstrip("\n").split("\t")
            if len(f) < 7:
                continue
            split = lambda s: tuple(x for x in s.split("|") if x)  # noqa: E731
            orgs.append(RorOrg(f[0], f[1], split(f[2]), split(f[3]), f[4],
                              tuple(t for t in re.split(r"[|,]", f[5]) if t), f[6]))
    return tuple(orgs)


@lru_cache(maxsize=1)
def _ror_index() -> dict[str, RorOrg | None]:
    """Name/alias key → org; keys shared by two different orgs map to None (ambiguous)."""
    index: dict[str, RorOrg | None] = {}

    def put(key: str, org: RorOrg) -> None:
        if not key:
            return
        if key in index and index[key] is not None and index[key].ror != org.ror:
            index[key] = None
        else:
            index.setdefault(key, org)

    for org in ror_orgs():
        put(org_key(org.name), org)
        # "Google (United States)" is also known as "Google".
        bare = re.sub(r"\s*\([^)]*\)$", "", org.name)
        if bare != org.name:
            put(org_key(bare), org)
        for alias in org.aliases:
            put(org_key(alias), org)
    return index


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
def _ror_keys() -> tuple[tuple[RorOrg, str, str, tuple[str, ...], tuple[str, ...]], ...]:
    """(org, name key, bare-name key, alias keys, acronym keys) per ROR record, computed once."""
    out = []
    for org in ror_orgs():
        name = org_key(org.name)
        bare = org_key(org.name[: org.name.rindex("(")]) if org.name.endswith(")") and "(" in org.name else name
        out.append((org, name, bare, tuple(org_key(a) for a in org.aliases),
                    tuple(org_key(a) for a in org.acronyms)))
    return tuple(out)


def _add(index: dict, key: str, org: RorOrg) -> None:
    if not key:
        return
    have = index.get(key)
    if have is None:
        index[key] = (org,)
    elif all(o.ror != org.ror for o in have):
        index[key] = have + (org,)


@lru_cache(maxsize=1)
def _ror_match_index() -> tuple[dict[str, tuple[RorOrg, ...]], dict[str, tuple[RorOrg, ...]],
                               dict[str, tuple[RorOrg, ...]], dict[str, tuple[RorOrg, ...]]]:
    """(name key → orgs, alias key → orgs, acronym key → orgs, full-name key → orgs).
    The name index holds ROR's name and the name without a trailing "(Country)"."""
    names: dict[str, tuple[RorOrg, ...]] = {}
    aliases: dict[str, tuple[RorOrg, ...]] = {}
    acronyms: dict[str, tuple[RorOrg, ...]] = {}
    full: dict[str, tuple[RorOrg, ...]] = {}
    for org, name, bare, alias_keys, acr_keys in _ror_keys():
        _add(full, name, org)
        _add(names, name, org)
        if bare != name:
            _add(names, bare, org)
        for k in alias_keys:
            _add(aliases, k, org)
        for k in acr_keys:
            _add(acronyms, k, org)
    return names, aliases, acronyms, full


@lru_cache(maxsize=1)
def _ror_fallback_index() -> tuple[dict[str, tuple[RorOrg, ...]], dict[str, list[str]]]:
    """Built on first need only: (key without 'of'/'the' → orgs, token → name keys)."""
    names, aliases, _, _ = _ror_match_index()
    loose: dict[str, tuple[RorOrg, ...]] = {}
    for index in (names, aliases):
        for key, orgs in index.items():
            for org in orgs:
                _add(loose, _loose(key), org)
    tokens: dict[str, list[str]] = {}
    for key in names:
        for t in set(key.split()):
            tokens.setdefault(t, []).append(key)
    return loose, tokens


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
    hint = country_hint(location) or hint
    for key in cands:
        for index, method in ((names, "name"), (aliases, "alias")):
            orgs = index.get(key)
            if orgs and len(orgs) > 1 and len(full.get(key, ())) == 1:
                orgs = full[key]          # "HKUST" over "HKUST (Guangzhou)" stripped of its campus
            if orgs:
                org, used = _pick(orgs, hint)
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
        if re.fullmatch(r"[A-Z][A-Z&-]{1,8}|[A-Z][a-z]?[A-Z][A-Za-z]{0,6}", raw) and sum(c.isupper() for c in raw) >= 2:
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


class OfflineAuthorities(AuthoritySource):
    """ROR + DBLP/Wikidata venue tables from data/authorities/; no network."""

    name = "offline"

    def match_org(self, name: str, location: str | None = None) -> OrgMatch | None:
        return match_org(name, location)

    def match_venue(self, name: str | None, acronym: str | None = None) -> Venue | None:
        return match_venue(name, acronym)


class NoAuthorities(AuthoritySource):
    """Link without any authority (for tests and benchmarks of the rules alone)."""

    name = "none"
