"""Scholarly identifiers: recognise, validate and normalise to the contract's IRI forms.

Pure functions on strings; used by extract (to find identifiers in text) and map (to emit
schema:sameAs and schema:identifier).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit


@dataclass(frozen=True)
class Identifier:
    scheme: str      # ORCID, GitHub, LinkedIn, GoogleScholar, DBLP, SemanticScholar, OpenAlex, Wikidata, DOI, arXiv,
    #                  Twitter, ResearchGate, Mastodon, Bluesky, Scopus, ResearcherID, OpenReview, Patent
    value: str       # the normalised identifier
    iri: str         # the normalised IRI per the contract


ORCID_RE = re.compile(r"\b(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\b")
DOI_RE = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)", re.I)
ARXIV_NEW_RE = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
ARXIV_OLD_RE = re.compile(r"\b((?:astro-ph|cond-mat|gr-qc|hep-ex|hep-lat|hep-ph|hep-th|math-ph|nlin|nucl-ex|"
                          r"nucl-th|physics|quant-ph|math|cs|q-bio|q-fin|stat|chao-dyn|solv-int|patt-sol|"
                          r"adap-org|cmp-lg|comp-gas|alg-geom|dg-ga|funct-an|q-alg|mtrl-th|supr-con|"
                          r"chem-ph|atom-ph|acc-phys|ao-sci|bayes-an|plasm-ph)(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\b")


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
    """A DOI (10.NNNN/suffix), lower-cased (DOIs are case-insensitive), trailing punctuation
    and a URL-encoded form undone."""
    from urllib.parse import unquote

    m = DOI_RE.search(unquote(text))
    if not m:
        return None
    doi = m.group(1).rstrip(".,;]").lower()
    if doi.endswith(")") and doi.count("(") < doi.count(")"):
        doi = doi[:-1]
    if "/" not in doi or not doi.split("/", 1)[1]:
        return None
    return Identifier("DOI", doi, f"https://doi.org/{doi}")


def normalise_arxiv(text: str) -> Identifier | None:
    """New style YYMM.NNNN(N) (month 01-12; five digits from 1501) or old style
    archive(.SC)/YYMMNNN; a version suffix (v2) is dropped."""
    m = ARXIV_NEW_RE.search(text)
    if m:
        ym, num = m.group(1).split(".")
        if not 1 <= int(ym[2:]) <= 12 or (len(num) == 5 and int(ym) < 1501) or (len(num) == 4 and int(ym) >= 1501):
            return None
        return Identifier("arXiv", m.group(1), f"https://arxiv.org/abs/{m.group(1)}")
    m = ARXIV_OLD_RE.search(text)
    if not m:
        return None
    if not 1 <= int(m.group(1).split("/")[1][2:4]) <= 12:
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
    try:
        # urlsplit, not urlparse: ';' belongs to the path (DOIs such as 10.1002/(SICI)…;2-0).
        u = urlsplit(url)
    except ValueError:      # e.g. an unclosed IPv6 bracket: "https://[oops/"
        return None
    host = u.netloc.lower().removeprefix("www.")
    parts = [p for p in u.path.split("/") if p]
    if host == "orcid.org":
        # "orcid.org/0000-…", and the signed-in page's "orcid.org/my-orcid?orcid=0000-…"
        return normalise_orcid(u.path) or normalise_orcid(u.query)
    if host == "github.com" and parts:
        user = parts[0]
        if user.lower() in _GITHUB_RESERVED:
            return None
        if re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}", user):
            return Identifier("GitHub", user, f"https://github.com/{user}")
        return None
    if host.endswith("linkedin.com") and len(parts) >= 2 and parts[0] == "in":
        from urllib.parse import unquote

        slug = unquote(parts[1]).lower()
        if not re.fullmatch(r"[\w-]{3,100}", slug):
            return None
        return Identifier("LinkedIn", slug, f"https://www.linkedin.com/in/{slug}")
    if host.startswith("scholar.google."):
        user = parse_qs(u.query).get("user", [None])[0]
        if user and re.fullmatch(r"[\w-]{12}", user):
            return Identifier("GoogleScholar", user, f"https://scholar.google.com/citations?user={user}")
        return None
    if host == "dblp.org" or host.endswith(".dblp.org") or host == "dblp.uni-trier.de":
        if len(parts) >= 3 and parts[0] == "pid":
            pid = "/".join(parts[1:3]).removesuffix(".html").removesuffix(".xml").removesuffix(".bib")
            if DBLP_PID_RE.fullmatch(pid):
                return Identifier("DBLP", pid, f"https://dblp.org/pid/{pid}")
        return None
    if host in ("semanticscholar.org", "api.semanticscholar.org") and len(parts) >= 2 and parts[0] == "author":
        sid = parts[-1]
        if sid.isdigit():
            return Identifier("SemanticScholar", sid, f"https://www.semanticscholar.org/author/{sid}")
        return None
    if host in ("openalex.org", "api.openalex.org") and parts and re.fullmatch(r"[AWISCFPaiwscfp]\d{4,12}", parts[-1]):
        oid = parts[-1].upper()
        return Identifier("OpenAlex", oid, f"https://openalex.org/{oid}")
    if host in ("wikidata.org", "m.wikidata.org") and parts and re.fullmatch(r"Q[1-9]\d*", parts[-1]):
        return Identifier("Wikidata", parts[-1], f"https://www.wikidata.org/entity/{parts[-1]}")
    if host == "patents.google.com" and len(parts) >= 2 and parts[0] == "patent":
        return normalise_patent(parts[1])
    if host in ("doi.org", "dx.doi.org"):
        return normalise_doi(u.path.lstrip("/"))
    if host == "arxiv.org":
        return normalise_arxiv(u.path)
    if host in ("twitter.com", "x.com", "mobile.twitter.com") and parts:
        # a handle (1–15 letters, digits, "_"), not a page of the site ("/intent", "/home")
        handle = parts[0].removeprefix("@")
        if not _TWITTER_HANDLE.fullmatch(handle) or handle.lower() in _TWITTER_RESERVED:
            return None
        return Identifier("Twitter", handle, f"https://twitter.com/{handle}")
    if host == "researchgate.net" and len(parts) >= 2 and parts[0] == "profile" and _RG_SLUG.fullmatch(parts[1]) \
            and (len(parts) == 2 or parts[2] in ("research", "info", "publications", "stats", "scores")):
        # (not "…/profile/Name/publication/…": a paper's page)
        return Identifier("ResearchGate", parts[1], f"https://www.researchgate.net/profile/{parts[1]}")
    if host == "bsky.app" and len(parts) >= 2 and parts[0] == "profile" and _BSKY_HANDLE.fullmatch(parts[1]):
        handle = parts[1].lower()
        return Identifier("Bluesky", handle, f"https://bsky.app/profile/{handle}")
    if host.endswith("scopus.com") and "authorid" in u.query.lower():
        sid = next((v for k, vs in parse_qs(u.query).items() if k.lower() == "authorid" for v in vs), "")
        if re.fullmatch(r"\d{8,12}", sid):
            return Identifier("Scopus", sid, f"https://www.scopus.com/authid/detail.uri?authorId={sid}")
        return None
    if host in ("researcherid.com", "publons.com", "webofscience.com", "app.webofscience.com", "webofknowledge.com"):
        # ResearcherID ("A-1234-2019"), as Web of Science, Publons and the old ResearcherID site write it
        m = _RESEARCHER_ID.search(u.path + "?" + u.query)
        if m:
            return Identifier("ResearcherID", m.group(0), f"https://www.webofscience.com/wos/author/rid/{m.group(0)}")
        return None
    if host == "openreview.net" and parts == ["profile"]:
        oid = parse_qs(u.query).get("id", [""])[0]
        if _OPENREVIEW_ID.fullmatch(oid):
            return Identifier("OpenReview", oid, f"https://openreview.net/profile?id={oid}")
        return None
    if len(parts) == 1 and parts[0].startswith("@") and _is_mastodon_host(host):
        user = parts[0][1:]
        if re.fullmatch(r"[A-Za-z0-9_]{1,30}", user):
            return Identifier("Mastodon", f"@{user}@{host}", f"https://{host}/@{user}")
    return None


_TWITTER_HANDLE = re.compile(r"[A-Za-z0-9_]{1,15}")
_TWITTER_RESERVED = {"home", "intent", "share", "search", "hashtag", "i", "explore", "notifications", "messages",
                     "settings", "login", "signup", "tos", "privacy", "about", "who_to_follow"}
_RG_SLUG = re.compile(r"[A-Za-z\u00c0-\u024f0-9][\w.\u00c0-\u024f%-]{1,100}")
_BSKY_HANDLE = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}|did:plc:[a-z2-7]{24}", re.I)
_RESEARCHER_ID = re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,3}-\d{4}-(?:19|20)\d\d(?![0-9])")
_OPENREVIEW_ID = re.compile(r"~[A-Za-z\u00c0-\u024f][\w.\u00c0-\u024f-]*\d+")
# Mastodon servers: a "/@user" page on a host that names the network or is one of the large
# academic/technical servers (other sites use "/@user" too: Medium, YouTube, TikTok)
_MASTODON_HOSTS = {"fosstodon.org", "hachyderm.io", "infosec.exchange", "sciencemastodon.com", "scholar.social",
                   "sigmoid.social", "mathstodon.xyz", "fediscience.org", "qoto.org", "toot.community", "masto.ai",
                   "ecoevo.social", "mas.to", "octodon.social", "aus.social", "social.coop", "universeodon.com"}
_NOT_MASTODON = {"medium.com", "youtube.com", "m.youtube.com", "tiktok.com", "threads.net", "threads.com",
                 "pinterest.com", "flickr.com", "behance.net", "substack.com"}


def _is_mastodon_host(host: str) -> bool:
    if host in _NOT_MASTODON:
        return False
    return host in _MASTODON_HOSTS or "mastodon" in host or "mstdn" in host or host.endswith(".social") \
        or host.startswith("social.") or "toot" in host


_GITHUB_RESERVED = {"orgs", "topics", "features", "about", "settings", "login", "join", "explore",
                    "marketplace", "sponsors", "pricing", "search", "notifications", "new", "site"}
DBLP_PID_RE = re.compile(r"\d{2,3}/\d{1,8}(?:-\d+)?|[a-z]/[A-Z][A-Za-z0-9_'=.-]*(?::[A-Za-z0-9_'=.-]+)*")
_PATENT_RE = re.compile(
    r"\b(CN|US|EP|WO)\s*[-:]?\s*((?:\d[\d,./ ]{5,18}\d))\s*[-]?\s*([A-Z]\d?)?\b", re.I)


def normalise_patent(text: str) -> Identifier | None:
    """CN / US / EP / WO publication numbers → the compact form Google Patents uses, e.g.
    "CN 114546633 A" → CN114546633A, "US 10,123,456 B2" → US10123456B2,
    "US 2019/0123456 A1" → US20190123456A1, "WO 2020/123456 A1" → WO2020123456A1."""
    m = _PATENT_RE.search(text.strip())
    if not m:
        return None
    cc, digits, kind = m.group(1).upper(), re.sub(r"[\s,./]", "", m.group(2)), (m.group(3) or "").upper()
    if cc == "CN":
        ok = re.fullmatch(r"\d{9}|\d{12}", digits) and (not kind or kind[0] in "ABCUY")
    elif cc == "US":
        ok = (re.fullmatch(r"\d{7,8}", digits) and (not kind or kind[0] in "ABES")) or \
             (re.fullmatch(r"(?:19|20)\d{9}", digits) and (not kind or kind[0] == "A"))
        if ok and len(digits) == 10:
            ok = False
    elif cc == "EP":
        ok = re.fullmatch(r"\d{7}", digits) and (not kind or kind[0] in "AB")
    else:
        if re.fullmatch(r"(?:19|20)\d{2}\d{6}", digits):
            ok = not kind or kind[0] == "A"
        elif re.fullmatch(r"(?:19|20)\d{2}\d{5}", digits):     # WO2004/12345 → WO2004012345
            digits = digits[:4] + "0" + digits[4:]
            ok = not kind or kind[0] == "A"
        else:
            ok = False
    if not ok:
        return None
    number = f"{cc}{digits}{kind}"
    return Identifier("Patent", number, f"https://patents.google.com/patent/{number}")


def normalise_wikidata(text: str) -> Identifier | None:
    m = re.search(r"(?<![A-Za-z0-9])(Q[1-9]\d{0,10})(?![A-Za-z0-9])", text)
    return Identifier("Wikidata", m.group(1), f"https://www.wikidata.org/entity/{m.group(1)}") if m else None


def recognise(text: str) -> list[Identifier]:
    """Every identifier in a piece of text (URLs, "doi:", "arXiv:", bare ORCIDs, patent
    numbers), normalised, de-duplicated, in order of appearance."""
    found: list[tuple[int, Identifier]] = []
    for m in re.finditer(r"(?:https?://|www\.)[^\s<>\"')\]]+", text):
        ident = classify_profile(m.group(0))
        if ident is not None:
            found.append((m.start(), ident))
    rest = re.sub(r"(?:https?://|www\.)[^\s<>\"')\]]+", lambda m: " " * len(m.group(0)), text)
    for rx, fn in ((ORCID_RE, normalise_orcid), (DOI_RE, normalise_doi)):
        for m in rx.finditer(rest):
            ident = fn(m.group(0))
            if ident is not None:
                found.append((m.start(), ident))
    for m in re.finditer(r"arxiv\s*:?\s*(\S+)", rest, re.I):
        ident = normalise_arxiv(m.group(1))
        if ident is not None:
            found.append((m.start(), ident))
    for m in _PATENT_RE.finditer(rest):
        ident = normalise_patent(m.group(0))
        if ident is not None:
            found.append((m.start(), ident))
    out, seen = [], set()
    for _, ident in sorted(found, key=lambda x: x[0]):
        if ident.iri not in seen:
            seen.add(ident.iri)
            out.append(ident)
    return out
