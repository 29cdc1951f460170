"""BibTeX → publications (bibtexparser 1.x), for a .bib given alongside a CV.

Titles are de-braced and converted LaTeX → Unicode; authors "Last, First and ..." become
"First Last" in order, the subject marked with same_person_name; venue from
booktitle/journal; arXiv ids from eprint or 'arXiv preprint arXiv:XXXX'; arXiv-only → preprint.
"""
from __future__ import annotations

import re

from cvgraph.record import Author, Patent, Publication
from mappers.extract.fields import publication_status, same_person_name

_ARXIV_ID = re.compile(r"(?:arxiv[:\s/]*(?:abs/)?)\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)


def _latex(text: str) -> str:
    from mappers.convert import latex_fragment_to_text

    text = re.sub(r"\s+", " ", text or "")
    out = latex_fragment_to_text(text).replace("\n", " ").replace("\t", " ")
    return re.sub(r"\s+", " ", out.replace("{", "").replace("}", "")).strip()


def _capitalized(word: str) -> str:
    return "-".join(part.capitalize() for part in word.split("-"))


def bib_name(name: str) -> str:
    """'Last, First' / 'Last, Jr, First' / 'First Last' → 'First Last' (Unicode)."""
    name = _latex(name)
    parts = [p.strip() for p in name.split(",")]
    if name.isupper() and re.search(r"[A-Z]{3}", name) and len(parts) in (2, 3):
        # "DOE, JANE" (a name written in capitals, as Google Scholar exports some): "Jane
        # Doe"; the family name is capitalized, given names only when they are no initials ("AJ")
        parts[0] = " ".join(_capitalized(w) for w in parts[0].split())
        parts[-1] = " ".join(_capitalized(w) if len(w) > 3 or (len(w) == 3 and re.search(r"[AEIOUY]", w))
                             else w for w in parts[-1].split())
    if len(parts) == 2:
        name = f"{parts[1]} {parts[0]}"
    elif len(parts) == 3:
        name = f"{parts[2]} {parts[0]} {parts[1]}"
    return re.sub(r"\s+", " ", name).strip()


def split_bib_authors(field: str, subject_name: str | None) -> tuple[list[Author], bool]:
    names = re.split(r"\s+and\s+", re.sub(r"\s+", " ", field.strip()))
    authors: list[Author] = []
    et_al = False
    for raw in names:
        raw = raw.strip()
        if not raw:
            continue
        if raw.lower() in ("others", "{others}", "et al.", "et al"):
            et_al = True
            continue
        equal = "*" in raw or "\\textsuperscript{*}" in raw
        name = bib_name(raw.replace("*", ""))
        if not name:
            continue
        authors.append(Author(name=name, equal_contribution=equal,
                              is_subject=bool(subject_name) and same_person_name(name, subject_name)))
    return authors, et_al


def parse_bibtex(text: str, subject_name: str | None) -> list[Publication]:
    import bibtexparser
    from bibtexparser.bparser import BibTexParser

    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False)
    db = bibtexparser.loads(text, parser=parser)
    pubs: list[Publication] = []
    for entry in db.entries:
        if _is_patent(entry):
            continue        # (read by parse_bibtex_patents)
        title = _latex(entry.get("title", ""))
        if not title:
            continue
        authors, et_al = split_bib_authors(entry.get("author", ""), subject_name)
        venue_raw = entry.get("booktitle") or entry.get("journal") or entry.get("howpublished") \
            or entry.get("school") or entry.get("publisher") or entry.get("institution") or ""
        venue = _latex(venue_raw) or None
        year = None
        m = re.search(r"(?:19|20)\d\d", entry.get("year", "") or entry.get("date", ""))
        if m:
            year = m.group(0)
        arxiv = None
        eprint = entry.get("eprint", "")
        archive = (entry.get("archiveprefix", "") or entry.get("eprinttype", "")).lower()
        if eprint and (archive == "arxiv" or re.fullmatch(r"\d{4}\.\d{4,5}(v\d+)?", eprint.strip())):
            arxiv = eprint.strip()
        else:
            for field in (venue_raw, entry.get("url", ""), entry.get("note", ""), entry.get("howpublished", "")):
                mm = _ARXIV_ID.search(field or "")
                if mm:
                    arxiv = mm.group(1)
                    break
        if arxiv:
            arxiv = re.sub(r"v\d+$", "", arxiv)
        doi = (entry.get("doi") or "").strip() or None
        if doi:
            doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", "", doi, flags=re.I)
        urls = [u for u in (entry.get("url", "").strip(),) if u]
        only_arxiv = bool(arxiv) and (not venue or re.search(r"arxiv|corr", venue, re.I) is not None) \
            and entry.get("ENTRYTYPE", "").lower() not in ("phdthesis", "mastersthesis")
        if venue and re.fullmatch(r"(?:arxiv|corr)(?:\s+preprint)?(?:\s+arxiv:\S+)?", venue, re.I):
            venue = "arXiv"
        if not venue and arxiv:
            venue = "arXiv"
        status = "preprint" if only_arxiv else _status(entry, venue)
        from mappers.extract.publications import named_venue

        venue, acronym = named_venue(venue)
        pub = Publication(
            title=title.rstrip("."), authors=authors, et_al=et_al, venue=venue,
            venue_acronym=acronym, year=year, status=status, arxiv=arxiv, doi=doi, urls=urls)
        pubs.append(pub)
    return pubs


# biblatex's pubstate values (and the words a note writes) for work not yet published
_PUBSTATE = {"submitted": "in submission", "inpreparation": "preprint", "prepublished": "preprint",
             "underreview": "under review", "inreview": "under review"}


def _status(entry: dict, venue: str | None) -> str:
    """The status of an entry that is no arXiv preprint: biblatex's `pubstate` ("submitted",
    "prepublished"; "forthcoming" and "inpress" are accepted, so published), a status stated in
    `note`/`addendum` or in the venue field ("Under review", "medRxiv"), else published."""
    state = re.sub(r"[\s_-]+", "", (entry.get("pubstate") or "").lower())
    if state in _PUBSTATE:
        return _PUBSTATE[state]
    found = publication_status(venue) if venue else None
    if found:
        return found
    for text in (entry.get("note"), entry.get("addendum")):
        if text and len(text) < 300:
            found = publication_status(_latex(text))
            # a note's "preprint" (often a link to the arXiv version) makes no published paper one
            if found and (found != "preprint" or not venue):
                return found
    return "published"


def _is_patent(entry: dict) -> bool:
    """biblatex's @patent, or an entry whose type field says patent ("type = {US Patent}")."""
    return entry.get("ENTRYTYPE", "").lower() == "patent" or \
        bool(re.search(r"\bpat(?:ent|req)", entry.get("type", "") or "", re.I))


def parse_bibtex_patents(text: str, subject_name: str | None) -> list[Patent]:
    """The patents of a BibTeX file: title, number, inventors (author or holder) in order,
    date, and the status biblatex's type names (patreq…: an application, filed; patent…:
    granted)."""
    import bibtexparser
    from bibtexparser.bparser import BibTexParser

    from mappers.extract.patents import patent_number

    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False)
    db = bibtexparser.loads(text, parser=parser)
    out: list[Patent] = []
    for entry in db.entries:
        title = _latex(entry.get("title", ""))
        if not title or not _is_patent(entry):
            continue
        authors, _ = split_bib_authors(entry.get("author", "") or entry.get("holder", ""), subject_name)
        number = _latex(entry.get("number", "")) or None
        kind = (entry.get("type", "") or "").lower()
        status = "filed" if kind.startswith("patreq") or "application" in kind else \
            "granted" if kind.startswith("patent") else None
        date = None
        m = re.search(r"(?:19|20)\d\d(?:-\d\d)?", entry.get("date", "") or entry.get("year", ""))
        if m:
            date = m.group(0)
        out.append(Patent(title=title.rstrip("."), number=patent_number(number) if number else None,
                          inventors=[a.name for a in authors], date=date, status=status))
    return out
