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


def org_key(name: str) -> str:
    """Folded comparison key for organization names: case, accents, punctuation, 'The'."""
    key = re.sub(r"[^a-z0-9]+", " ", fold(name)).strip()
    return re.sub(r"^the ", "", key)


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
            orgs.append(RorOrg(f[0], f[1], split(f[2]), split(f[3]), f[4], split(f[5]), f[6]))
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
