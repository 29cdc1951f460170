"""Scholarly identifiers: recognise, validate and normalise to the contract's IRI forms.

Pure functions on strings; used by extract (to find identifiers in text) and map (to emit
schema:sameAs and schema:identifier).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlparse


@dataclass(frozen=True)
class Identifier:
    scheme: str      # ORCID, GitHub, LinkedIn, GoogleScholar, DBLP, SemanticScholar, OpenAlex, Wikidata, DOI, arXiv, Homepage
    value: str       # the normalised identifier
    iri: str         # the normalised IRI per the contract


ORCID_RE = re.compile(r"\b(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\b")
DOI_RE = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)", re.I)
ARXIV_NEW_RE = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
ARXIV_OLD_RE = re.compile(r"\b([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\b")


def orcid_checksum_ok(orcid: str) -> bool:
    """ISO 7064 MOD 11-2 check digit, as ORCID specifies."""
    digits = orcid.replace("-", "")
    if not re.fullmatch(r"\d{15}[\dX]", digits):
        return False
    total = 0
    for ch in digits[:-1]:
        total = (total + int(ch)) * 2
    result = (12 - total % 11) % 11
    check = "X" if result == 10 else str(result)
    return digits[-1] == check


def normalise_orcid(text: str) -> Identifier | None:
    m = ORCID_RE.search(text)
    if m and orcid_checksum_ok(m.group(1)):
        return Identifier("ORCID", m.group(1), f"https://orcid.org/{m.group(1)}")
    return None


def normalise_doi(text: str) -> Identifier | None:
    m = DOI_RE.search(text)
    if not m:
        return None
    doi = m.group(1).rstrip(".,;)").lower()
    return Identifier("DOI", doi, f"https://doi.org/{doi}")


def normalise_arxiv(text: str) -> Identifier | None:
    m = ARXIV_NEW_RE.search(text) or ARXIV_OLD_RE.search(text)
    if not m:
        return None
    return Identifier("arXiv", m.group(1), f"https://arxiv.org/abs/{m.group(1)}")


def classify_profile(url: str) -> Identifier | None:
    """A profile/identifier URL → its normalised Identifier, or None if not a known kind."""
    url = url.strip().rstrip(".,;")
    if not re.match(r"https?://", url, re.I):
        if re.match(r"(www\.)?[\w-]+(\.[\w-]+)+(/|$)", url):
            url = "https://" + url
        else:
            return normalise_orcid(url)
    u = urlparse(url)
    host = u.netloc.lower().removeprefix("www.")
    parts = [p for p in u.path.split("/") if p]
    if host == "orcid.org":
        return normalise_orcid(u.path)
    if host == "github.com" and parts:
        user = parts[0]
        if re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})", user):
            return Identifier("GitHub", user, f"https://github.com/{user}")
        return None
    if host.endswith("linkedin.com") and len(parts) >= 2 and parts[0] == "in":
        slug = parts[1]
        return Identifier("LinkedIn", slug, f"https://www.linkedin.com/in/{slug}")
    if host.startswith("scholar.google."):
        user = parse_qs(u.query).get("user", [None])[0]
        if user and re.fullmatch(r"[\w-]{12}", user):
            return Identifier("GoogleScholar", user, f"https://scholar.google.com/citations?user={user}")
        return None
    if host == "dblp.org" or host.endswith(".dblp.org") or host == "dblp.uni-trier.de":
        if len(parts) >= 3 and parts[0] == "pid":
            pid = "/".join(parts[1:3]).removesuffix(".html")
            return Identifier("DBLP", pid, f"https://dblp.org/pid/{pid}")
        return None
    if host == "semanticscholar.org" and len(parts) >= 2 and parts[0] == "author":
        sid = parts[-1]
        if sid.isdigit():
            return Identifier("SemanticScholar", sid, f"https://www.semanticscholar.org/author/{sid}")
        return None
    if host == "openalex.org" and parts and re.fullmatch(r"A\d+", parts[-1]):
        return Identifier("OpenAlex", parts[-1], f"https://openalex.org/{parts[-1]}")
    if host == "wikidata.org" and parts and re.fullmatch(r"Q\d+", parts[-1]):
        return Identifier("Wikidata", parts[-1], f"https://www.wikidata.org/entity/{parts[-1]}")
    if host in ("doi.org", "dx.doi.org"):
        return normalise_doi(u.path.lstrip("/"))
    if host == "arxiv.org":
        return normalise_arxiv(u.path)
    if host in ("twitter.com", "x.com") and parts:
        return Identifier("Twitter", parts[0], f"https://twitter.com/{parts[0]}")
    return None
