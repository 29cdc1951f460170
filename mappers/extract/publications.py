"""Publication entries: title, ordered authors, venue, year, status, awards, identifiers.

CVs write a reference in many shapes; each is a named rule below:
- QUOTED:      "Title", A, B, C, VENUE YEAR. (Best Paper Award)
- EMPHASIS:    A, B, C. <i>Title</i>. Venue (ACRO), Year. URL      (also *Title*)
- ITALIC_AUTH: Title <i>A, B, and C</i><TAB>VENUE YEAR
- SENTENCES:   A, B, C. Title. Venue, Year.
- RUN_ON:      Title A, B, C venue-text                           (PDF text lost the breaks)
- CARD:        preprint2026arXiv / Title / abstract               (profile pages)
- SLOTS:       title, authors and venue on separate lines in any order (Markdown sites)
"""
from __future__ import annotations

import re
from functools import lru_cache

from cvgraph.identifiers import normalise_arxiv, normalise_doi
from cvgraph.record import Author, ExtractionReport, Publication

from .fields import (AUTHOR_MARKS, INITIALS_FIRST_NAME, MAX_FIELD, STATUS_PATTERNS, SUP_MARK, YEAR_RE, clean, find_urls,
                     is_preprint_venue, looks_like_name, may_state_status, same_person_name, split_authors,
                     split_inverted_authors, strip_event_place, strip_markup, venue_acronym, venue_year, is_region, _is_city)
from .sections import Line

VENUE_START = re.compile(
    r"^(?:in\s*:?\s*)?(?:proc(?:eedings|\.)?|the\s+\d+\w*|\d+\w*\s+(?:international|annual|acm|ieee|usenix)|usenix|acm|ieee|"
    r"international|conference|symposium|workshop|journal|transactions|advances in|arxiv|biorxiv|medrxiv|chemrxiv|ssrn|"
    r"(?:revised\s+)?selected\s+papers|"       # "In: Revised Selected Papers of the 23rd …" (LNCS post-proceedings)
    r"research square|techrxiv|psyarxiv|"
    r"openreview|annual|lecture notes|springer|elsevier|nature|science|preprint|technical report|tech report|"
    r"under review|in submission|submitted|to appear|accepted)\b", re.I)
VENUE_INSIDE = re.compile(
    r"\s(?=(?:In\s+)?(?:Proceedings|Transactions|Journal|International|Conference|Symposium|Workshop|"
    r"Advances in|Arxiv|arXiv|USENIX|ACM|IEEE)\b)")
AWARD_RE = re.compile(r"((?:best|distinguished|outstanding|honou?rable mention|spotlight|oral)[\w\s'-]{0,30}?(?:paper|award|artifact|presentation|mention)"
                      r"(?:\s+(?:honou?rable\s+mention|runner[- ]up|finalist|nominee|nomination|candidate))?(?:\s+award)?)", re.I)
NOTE_RE = re.compile(r"\(\s*[*_]*\s*(?:\w+(?:-\w+)?\s+author|long talk|oral|spotlight|poster|short paper|full paper|invited|job market paper|"
                     r"[*†‡#]?\s*(?:denotes\s+)?equal(?:ly)? contribut\w*|(?:authors?\s+(?:listed\s+)?in\s+)?alphabetical(?:\s+order)?)"
                     r"\s*[*_]*\s*\)", re.I)
CARD_RE = re.compile(r"^(preprint|article|journal article|conference paper|proceedings article|book chapter|thesis|dataset|report)\s*((?:19|20)\d\d)\s*([\w .&-]{0,60})$", re.I)
# the labels of a reference's extra links: "[pdf]", "[[Code]](…)", "[slides]"
LINK_LABELS = (r"pdf|slides?|code|video|bib|bibtex|paper|project|arxiv|doi|talk|website|link|poster|data|dataset|"
               r"demo|blog(?:\s+post)?|github|html|supp(?:lementary)?|abstract|media|"
               # "[ECCV page](…)", "[project page](…)": a link to the paper's page at its venue or project
               r"(?:[A-Za-z0-9-]{1,20}\s)?(?:page|webpage)")
PDF_LINK = re.compile(r"^\\?\[?\s*\[?(?:" + LINK_LABELS + r")\]{0,2}\s*\(?[^)\s]*\)?\s*\\?\]?$", re.I)
# a row of link labels, each perhaps with a short note in brackets, parted by slashes or bars:
# "Paper / Code", "Paper (Workshop A) / Paper (Workshop B)", "PDF | Slides", "Paper • Code"
_LABEL_ONE = r"\[?\s*(?:" + LINK_LABELS + r")\s*\]?(?:\s*\([^()]{1,30}\))?"
_LABEL_ROW = re.compile(_LABEL_ONE + r"(?:\s*[/|•·]\s*" + _LABEL_ONE + r")+", re.I)


def read_publications(lines: list[Line], subject: str, report: ExtractionReport,
                      heading: str | None = None) -> list[Publication]:
    """The entries of a publication list. `heading` is the list's own heading: a status it
    names ("Working Papers", "Under Review", "Submitted") is the status of its entries, unless
    an entry states its own; a sub-heading inside the list ("**Submitted Manuscripts:**") does
    the same for the entries under it."""
    entries: list[dict] = []
    cur: dict | None = None

    group_year: str | None = None
    section_status = heading_status(heading) if heading else None
    list_status = section_status

    def close():
        nonlocal cur
        if cur is not None:
            cur.pop("authors_open", None)
            cur.pop("title_below", None)
            if group_year and not cur.get("year"):
                cur["group_year"] = group_year
            if list_status and cur.get("status_hint") is None:
                cur["status_hint"] = list_status
            entries.append(cur)
        cur = None

    def sub_heading(label: str) -> None:
        nonlocal list_status
        st = heading_status(label)
        # a sub-heading that names no status keeps the list's, unless it names published work
        list_status = st if st or _PUBLISHED_HEADING.search(label) else section_status

    lines = _dated_cards(lines)
    joined = _join_lines(_year_heads(lines))
    # (the joined lines keep no blank-line marks: the lines that follow one are known by number)
    after_gap = {ln.no for ln in lines if ln.gap}
    blocks = _slot_blocks(joined, after_gap, subject)
    badges = False           # the list's entries open with a venue badge (al-folio)
    in_abstract = False      # the line before was prose under an entry
    years_lead = False       # the list opened with a year line
    for idx, line in enumerate(joined):
        raw = line.text.strip()
        if raw[:2] in ("**", "__") and (number := _BOLD_ITEM_NUMBER.match(raw)):
            raw = raw[number.end():]        # "**1.** *Title*": the list's own numbering, set in bold
        # A year in a first column ("2024<TAB>A. Author, …", moderncv's date column) dates the entry.
        lead_year = _LEAD_YEAR.match(raw)
        if lead_year and len(raw) > lead_year.end() + 20:
            raw = raw[lead_year.end():]
        text = strip_markup(raw)
        if _MARK_NOTE.match(text) or len(text) <= 80 and _MARKS_LEGEND.fullmatch(text.strip()):
            continue  # "* denotes equal contribution", "Equal contribution † Correspondence": a legend, not an entry
        if not line.bullet and len(text) <= 200 and _POINTER_NOTE.match(text.strip()):
            continue  # "[For a full record of works, see my ADS page.]", "Back to top": no entry
        if _ABBR_BADGE.fullmatch(raw):
            # '<li><abbr class="badge">ICML</abbr> <div>Title</div> …' (al-folio's list): the
            # venue's badge opens the entry; the lines under it give title, authors and venue
            close()
            cur = {"line": line.no, "badge": text.strip()}
            badges = True
            continue
        if cur is not None and cur.get("badge") is not None and not line.bullet and not line.entry_head \
                and not (("](" in raw or "</a" in raw) and _LINK_BUTTONS.fullmatch(raw.strip())) \
                and _badge_entry_line(cur, raw, text, subject):
            continue
        if cur is not None and cur.get("title") and cur.get("authors") and not (cur.get("venue") or cur.get("year")) \
                and not line.bullet and not line.entry_head and len(text) <= 30 and _STATUS_NOTE.fullmatch(text.strip()):
            # "### Title" / "A. Roe and B. Coe" / "Under Review": the entry's status, where its venue
            # would be (a web page's card), not a label over the entries after it
            cur["status_note"] = text.strip()
            continue
        if "](" not in raw and "http" not in raw and not PDF_LINK.match(raw.strip()) \
                and (_PUB_GROUP_LABEL.fullmatch(text.strip(" :")) or _nested_group_label(joined, idx, raw, text)
                     or _italic_group_label(joined, idx, raw, text)):
            close()   # "Books", "Journal Articles", "Working Papers": a group of the list, not an entry
            sub_heading(text)
            continue
        if not text or PDF_LINK.match(raw.strip()) or cur is not None and ("](" in raw or "</a" in raw) \
                and _LINK_BUTTONS.fullmatch(raw.strip()):
            if cur is not None:
                cur.setdefault("urls", []).extend(find_urls(raw))
            continue
        urls = find_urls(raw)
        if urls and not _URL_LABEL.sub("", re.sub(r"https?://\S+", "", text), count=1).strip(" []()<>"):
            # (a link alone, or after its label: "Accessible at: https://…", "Code: https://…")
            if cur is not None:
                cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and raw[:2] in ("[(", "[[") and _BRACKETED_LINK.fullmatch(raw.strip()):
            # "[(Previous version. 32 Pages. 2023)](url)", "[[Final Preprint. 19 pages]](url)" under an
            # entry: a bracketed link of the entry (a version of the paper), not an entry of its own
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and len(text) <= 120 and ("/" in text or "|" in text) \
                and _LABEL_ROW.fullmatch(re.sub(r"https?://\S+", "", text).strip()):
            # "Paper / Code", "Paper (Workshop A) / Paper (Workshop B)": a web page's row of link
            # labels under an entry (the links themselves lost), not an entry of its own
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and ("</a" in raw or "](" in raw) and _only_link_labels(raw):
            # "- <a href=…>Arxiv link</a>, <a href=…>Summary on Twitter</a>" under a reference
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and not line.bullet and "[" in text and _BRACKETED_LABELS.fullmatch(text.strip()):
            # "[ full version ]", "[ pdf ] [ slides ]" on a line of its own under a reference: the labels of its
            # links set in brackets, no entry of their own
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and line.depth > 0 and len(text.split()) <= 2 \
                and not YEAR_RE.search(text):
            # "  * [full]", "  * sample", "  * doi" nested under a reference: labels of its links
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and _STATUS_NOTE.fullmatch(text):
            cur["status_note"] = text      # "(accepted for publication)" on a line of its own under the entry
            continue
        if cur is not None and text[:1] in "→⇒➔" and not line.entry_head:
            continue     # "→ Genome annotation using HTS" under a reference: the subject's part in it, a note
        card = CARD_RE.match(text)
        if card:
            close()
            cur = {"line": line.no, "card": True, "year": card.group(2),
                   "venue": card.group(3).strip() or None,
                   "status_hint": "preprint" if card.group(1).lower() == "preprint" else None}
            continue
        if (line.entry_head or _BOLD_ONLY.fullmatch(raw) or years_lead) and _YEAR_HEADING.fullmatch(text):
            # "### 2021": the year of the entries under it (in a list that opens with a year line,
            # every year line is one: a date column read before each entry)
            years_lead = years_lead or not entries and cur is None
            close()
            group_year = _YEAR_HEADING.fullmatch(text).group(1)
            list_status = section_status    # (and the end of an "### Under Review" group above it)
            continue
        nxt = joined[idx + 1].text if idx + 1 < len(joined) else ""
        if line.entry_head and not _has_reference_parts(raw, subject) and not _WITH_LINE.fullmatch(strip_markup(nxt)) \
                and not _authors_line_under(joined, idx, subject):
            # a topic heading that groups publications (not a title with a "with A and B" line or
            # its authors' line under it)
            close()
            sub_heading(text)
            continue
        with_line = _WITH_LINE.fullmatch(text) if cur is not None else None
        if with_line and cur.get("title") and not cur.get("authors"):
            # "### Title" then "with A and B": the subject's co-authors (economics working papers)
            others = split_authors(with_line.group(1), subject)
            if others:
                if subject:     # (with no name for the subject, the list would lack its first author)
                    cur["authors"] = [Author(name=subject, is_subject=True)] + [a for a in others[0] if not a.is_subject]
                continue
        bold_with = _BOLD_THEN_WITH.fullmatch(_MD_LINK.sub(r"\1", raw) if "](" in raw else raw) if "with" in raw else None
        if bold_with and (others := split_authors(strip_markup(bold_with.group("w")), subject)):
            # "**Title,** with [A. Roe](url) and B. Poe": a working paper and the subject's co-authors
            close()
            cur = {"line": line.no, "title": clean(bold_with.group("t")), "urls": list(urls)}
            if subject:     # (with no name for the subject, the list would lack its first author)
                cur["authors"] = [Author(name=subject, is_subject=True)] + [a for a in others[0] if not a.is_subject]
            continue
        if cur is not None and cur.get("title") and cur.get("authors") and not cur.get("venue") \
                and (bv := _BOLD_VENUE.fullmatch(raw)) and _only_numbers_and_links(bv.group(2) or ""):
            # "*Title*" / "(with A and B)" / "**Journal of Lorem**, vol. 3: 10--20, 2021, [doi…](…)":
            # the bold name under the title and authors is the venue
            cur["venue"] = clean(bv.group(1))       # (its volume and pages left out)
            numbers = _LINKS_AND_URLS.sub(" ", bv.group(2) or "")
            if (y := YEAR_RE.search(numbers)) and not cur.get("year"):
                cur["year"] = y.group(1)
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and cur.get("authors") and not cur.get("venue") \
                and (vv := _VENUE_VOLUME_YEAR.fullmatch(_strip_link_labels(_BUTTON_LINKS.sub(" ", text)))):
            # "[Physical Review A 109, 013318 (2024)](url) [[In the News]](url)" under its title and
            # authors: the journal (volume and pages left out), and the year
            cur["venue"], cur["year"] = (vv.group("j") or "arXiv"), vv.group("y")
            cur.setdefault("urls", []).extend(urls)
            continue
        if cur is not None and cur.get("title") and not line.gap and not line.bullet and not line.entry_head \
                and _co_authored(cur, raw, subject):
            # '"Title" \hfill [under review] \' / '*Journal*. Co-authored with Roe, J.' / 'Co-authored
            # with Roe, J.; Poe, E.;' (pandoc CVs, one paragraph broken into lines): the venue in
            # emphasis, and the subject's co-authors
            continue
        # "**Doe J**. [Accepted] Title. Venue, 2024": a bracketed status between the authors and the
        # title is a note on the entry, not part of a title the reference cannot then be read around
        bracket_note = _BRACKET_STATUS.search(raw) if "[" in raw else None
        parse_raw = (raw[: bracket_note.start()] + " " + raw[bracket_note.end():]) if bracket_note else raw
        dot_byline = " · " in text and _authors(_names_before_dot(text), subject) is not None
        # ("A. Roe, B. Poe · Appl. Sci. Lett. 3, 12 (2025)": the names, then the venue, read below)
        full = _parse_full(parse_raw, subject) if not (cur is not None and cur.get("card") and not cur.get("title")) \
            and not dot_byline else None
        if full is None and blocks and (cur is None or line.no in after_gap) and (by := _BYLINE.fullmatch(text.strip())) \
                and (named := _authors(by.group(1), subject)) is not None:
            full = {"authors": named[0], "et_al": named[1], "title": by.group(2)}   # "Jan Roe. 2014." opening its block
        if full is None and line.bullet and line.depth == 0 and idx + 1 < len(joined) and not joined[idx + 1].bullet \
                and not joined[idx + 1].entry_head and joined[idx + 1].no not in after_gap \
                and not YEAR_RE.search(joined[idx + 1].text) \
                and (ayv := _authors_year_venue(text, subject)) is not None:
            # "- Roe, A., Poe, B., and Doe, C. 2014, Lorem J., 12, 345" / "A survey of ipsum clouds"
            # (an astronomer's list, the ADS style: the authors, the year, the journal, its volume and
            # page, the title on the line under them in the same item): the first line opens the entry
            full = ayv
        if full is not None and full.get("authors") and (dated := _DATE_ONLY.fullmatch(full.get("title") or "")):
            # "Jan Roe and Ann Poe. 2014." / "… Forthcoming." over the title's own line: the names and
            # the year (or the status in its place), not a paper titled "2014"
            del full["title"]
            if dated.group(1):
                full["year"] = dated.group(1)
            elif st := heading_status(dated.group(0)):
                full["status_hint"] = st
        if blocks and full is not None and cur is not None and line.no not in after_gap and not line.entry_head \
                and not (full.get("authors") and full.get("title")):
            full = None     # a line inside an entry's block (its title, venue or a note): read below
        if full is not None and bracket_note:
            full["status_note"] = strip_markup(bracket_note.group(0)).strip(" []")
        if full is not None and isinstance(full.get("venue"), str) and not re.search(r"\w", full["venue"]):
            full["venue"] = None       # "[Title](url)." : the stop after a linked title is no venue
        if full is not None and cur is not None and cur.get("authors") and not cur.get("title") \
                and (not cur.get("venue") or cur.get("title_below")) and not full.get("authors") and full.get("title"):
            # "- A. Roe, **J. Doe** <br/>" then "[Title](url) <br/> Venue": the authors' line
            # opens the entry that the next line goes on with
            for k, v in full.items():
                if k == "urls":
                    cur.setdefault("urls", []).extend(v)
                elif v and not cur.get(k):
                    cur[k] = v
            cur.setdefault("urls", []).extend(urls)
            continue
        if full is not None and cur is not None and cur.get("title") and not (cur.get("authors") or cur.get("venue")) \
                and full.get("authors") and full.get("title") and not full.get("card") and idx and not line.gap \
                and not line.entry_head and not (line.bullet and line.depth == 0) and joined[idx - 1].no == cur.get("line") \
                and _EMPHASIS_SPAN.search(raw) and clean(strip_markup(_EMPHASIS_SPAN.search(raw).group(1))) == full["title"]:
            # "*Title*" / "Roe A, Poe B, et al. (2024). *Lorem Letters*, IF 4.7": the line right under a
            # title (a hard line break) names the authors, the year and, in emphasis, the venue
            cur["authors"], cur["et_al"] = full["authors"], full.get("et_al")
            cur["venue"] = full["title"]
            if full.get("year") and not cur.get("year"):
                cur["year"] = full["year"]
            cur.setdefault("urls", []).extend(urls)
            continue
        if full is not None:
            close()
            full["line"] = line.no
            if lead_year and not full.get("year"):
                full["year"] = lead_year.group(1)
            full.setdefault("urls", []).extend(urls)
            cur = full
            continue
        if cur is not None and cur.get("title") and (len(text.split()) > 40 or _is_abstract(line, text, in_abstract)) \
                and not _authors(text, subject) and not _own_item(line, lead_year, cur, joined, idx):
            in_abstract = True
            continue  # an abstract or description under the entry
        in_abstract = False
        kind, value = _classify(raw, subject)
        if cur is not None and cur.get("card") and not cur.get("title"):
            kind, value = "title", clean(text)
        if kind == "noise":
            continue
        if kind == "title" and cur is not None and cur.get("title") and cur.get("authors") and not cur.get("venue") \
                and not (line.bullet and line.depth == 0) and not line.entry_head \
                and (YEAR_RE.search(text) or _STATUS_PAREN.search(text) and len(text.split()) <= 12):
            # title / authors / "Genome Research 2023 and oral presentation at …": the third line, dated, is the
            # venue; so is a journal with a status in brackets ("… Quarterly (Forthcoming)")
            kind, value = "venue", clean(text)
        if kind in ("title", "authors") and cur is not None and cur.get("title") and not cur.get("venue") \
                and not cur.get("authors") and (not line.bullet or line.depth > 0) and _emphasised_venue(raw.strip(), subject):
            # "### Title" / "*Journal of Lorem* - 2024" / "A. Roe, B. Poe": the emphasised line under the
            # title is its venue
            kind, value = "venue", clean(text)
        starts_new = cur is None or line.bullet and cur.get("title") and kind == "title" or (kind in cur and cur[kind]) or \
            (kind == "title" and (cur.get("venue") and cur.get("authors")) and not cur.get("title_below"))
        if cur is not None and cur.get("card") and kind == "title" and not cur.get("title"):
            starts_new = False
        if not starts_new and cur is not None and line.bullet and line.depth == 0 and cur.get("title") \
                and not line.entry_head and YEAR_RE.search(text) and (cur.get("year") or YEAR_RE.search(cur["title"])) \
                and idx and joined[idx - 1].bullet and joined[idx - 1].no == cur.get("line"):
            # "- Title, *Journal*, 5, No. 1, 2003, 161-178." / "- Title, *Journal*, 18, 2002, 81-89.": each
            # item a whole dated reference, the next item opens the next entry (its title not read as authors)
            starts_new = True
            if kind == "authors" and re.search(r"\b(?:for|of|the|in|on|to|an?)\b", text.split(",", 1)[0]):
                kind, value = "title", clean(text)
        if starts_new and blocks and cur is not None and line.no not in after_gap and not line.entry_head:
            # a line of an entry's block, set apart from the next entry by a blank line: the venue
            # after the title ("Title" / "*Journal* 8: 1–9"), or a note on the entry ("Data and code
            # to follow", "Manuscript: [paper.pdf](…)") — never an entry of its own
            if kind == "title" and cur.get("title") and not cur.get("venue"):
                cur["venue"] = value
                cur.setdefault("urls", []).extend(urls)
            continue
        if starts_new:
            close()
            cur = {"line": line.no}
            if badges and line.bullet and kind == "title":
                cur["badge"] = ""       # an item of a badge list that has no badge: the same layout
            if bracket_note:
                note = cur["status_note"] = strip_markup(bracket_note.group(0)).strip(" []")   # "*Title* [in preparation]"
                if st := heading_status(note):
                    cur["status_hint"] = st
        if kind == "authors":
            cur["authors"], cur["et_al"] = value
            tail = _tail_after_authors(raw)
            if tail and not cur.get("venue"):
                cur["venue"] = tail
        else:
            cur[kind] = value
        if lead_year and not cur.get("year"):
            cur["year"] = lead_year.group(1)     # "2017 IEEE 30th Conference on …": the year the line opens with
        cur.setdefault("urls", []).extend(urls)
    close()
    out: list[Publication] = []
    # "Publications (* = corresponding author)", "† denotes the corresponding author": a legend
    # that gives the list's marks to the corresponding author, and none to equal contribution
    legend = " ".join([heading or "", *(t for ln in lines if _MARK_NOTE.match(t := strip_markup(ln.text).strip()))])
    marks_corresponding = _MARKS_CORRESPONDING.search(legend) is not None and not _EQUAL_LEGEND.search(legend)
    for e in entries:
        pub = _finish(e, subject)
        if pub is None:
            if e.get("title") or e.get("venue"):
                report.skipped.append(f"publication-like text at line {e.get('line')}: no title found")
            continue
        if marks_corresponding:
            for a in pub.authors:
                if a.equal_contribution:
                    a.equal_contribution, a.corresponding = False, True
        out.append(pub)
    return out


_BOLD_ITEM_NUMBER = re.compile(r"(?:\*\*|__)\s*\[?\d{1,3}[.)\]]?\s*(?:\*\*|__)\s+(?=\S)")
_EMPHASIS_SPAN = re.compile(r"(?<![*\w])\*(?!\*)([^*\n]{3,300}?)(?<!\s)\*(?!\*)|<(?:i|em)>(.{3,300}?)</(?:i|em)>")
_DATE_ONLY = re.compile(r"\(?\s*(?:((?:19|20)\d\d)[a-z]?|forthcoming|in press|accepted|submitted|under review|"
                        r"in preparation|in prep)\s*\)?\.?", re.I)


_BYLINE = re.compile(r"(.{3,200}?)[.,]\s+(\(?(?:(?:19|20)\d\d[a-z]?|forthcoming|in press)\)?)\.?", re.I)


def _slot_blocks(lines: list[Line], after_gap: set[int], subject: str) -> bool:
    """A list whose entries are blocks of lines set apart by blank lines, one part of the entry a
    line ("A. Roe and J. Doe. 2014." / "Title." / "*Journal* 65: 1–9." / "Data and code on …",
    Markdown hard breaks): two blocks of three lines or more, no bullets, and in most of them the
    second line is no whole reference of its own (a year's group of one-line references is no block)."""
    if any(ln.bullet for ln in lines):
        return False
    starts = [i for i, ln in enumerate(lines) if ln.no in after_gap or i == 0]
    long_blocks = own = 0
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        if end - i >= 3 and not any(ln.entry_head for ln in lines[i:end]):
            long_blocks += 1
            second_text = lines[i + 1].text
            if _WITH_LINE.fullmatch(strip_markup(second_text)):
                continue        # "(joint with A and B)" under a title: the co-authors' line of the block
            second = _parse_full(second_text, subject)
            own += bool(second and second.get("authors") and second.get("title"))
    return long_blocks >= 2 and own * 2 < long_blocks


# "* Equal contribution † Correspondence" (a Markdown list took the first mark): the marks' meanings side by side
_MARKS_LEGEND = re.compile(r"[*†‡✉§#]?\s*(?:equal(?:ly)?\s+contribut\w*|co-?first\s+authors?|correspond\w*(?:\s+authors?)?)"
                           r"(?:\s*[,;]?\s*[*†‡✉§#]\s*(?:equal(?:ly)?\s+contribut\w*|co-?first\s+authors?|correspond\w*"
                           r"(?:\s+authors?)?))+\.?", re.I)
_MARKS_CORRESPONDING = re.compile(r"[*\u2217†‡]\s*(?:=|:|denotes?|indicates?|marks?|means)?\s*(?:the\s+|a\s+)?corresponding", re.I)
_EQUAL_LEGEND = re.compile(r"equal(?:ly)?\s+contribut|co-?first|joint(?:ly)?\s+first|shared\s+first", re.I)


# ---------------------------------------------------------------------------------------
_JOIN_LINES_RE1 = re.compile(r"[A-Z][a-z]+$")
_JOIN_LINES_RE2 = re.compile(r"^[A-Z][a-z]+,\s")
# a venue's line, not a surname going on with the authors above: "Lorema, 2026.", "Ipsonics, vol. 10"
_VENUE_THEN_NUMBERS = re.compile(r"^[A-Z][a-z]+,\s+(?:(?:19|20)\d\d\b|(?:vol|no|pp)\.\s*\d)", re.I)


# The status a publication list's heading gives its entries. Only a heading that names one
# status counts: "Submitted and In Preparation" names two, "Published and Forthcoming Papers"
# or "Refereed Articles and Working Papers" name published work too — those give none.
_HEADING_STATUSES = (
    ("under review", re.compile(r"\b(?:under (?:review|revision|consideration)|in review|revise (?:and|&) resubmit|"
                                r"r\s?&\s?r|revisions? requested)\b", re.I)),
    ("in submission", re.compile(r"\b(?:submitted|in submission|under submission|submissions?)\b", re.I)),
    ("preprint", re.compile(r"\b(?:working papers?|works? in progress|research in progress|in preparation|in prep\b|"
                            r"preprints?|pre-prints?|unpublished|drafts?|ongoing (?:work|research|projects?)|"
                            r"current (?:work|research|projects?))\b", re.I)),
)
_PUBLISHED_HEADING = re.compile(r"\b(?:published|refereed|peer[- ]reviewed|in press|in-press|forthcoming|accepted|"
                                r"journal|proceedings|conference|books?|chapters?|appeared)\b", re.I)


_CARD_DATE = re.compile(r"\s*(?:(?:19|20)\d\d(?:[./-]\d{1,2}){0,2}|(?:[A-Z][a-z]{2,8}\.?\s+)(?:\d{1,2},?\s+)?(?:19|20)\d\d)\s*")
_CARD_LABEL = re.compile(r"(?i)\s*(published|accepted|submitted|under review|in press|to appear|preprint|"
                         r"publisher|venue|journal|conference)\s*(?:in|at)?\s*:\s*")
_CARD_VENUE_YEAR = re.compile(r"['’](\d\d)\b")


def _dated_cards(lines: list[Line]) -> list[Line]:
    """al-folio's rendered CV (JSON Resume's publications): blocks set apart by blank lines, each a
    date ("2025.7.31"), the title, the publisher ("Published: MLSys'25") and a summary. Each block
    becomes one reference line, “Title”, Venue, Year (and the status the label names); the summary
    is dropped. Lists of any other shape are returned as they are."""
    if len(lines) < 6 or not lines[0].gap and not _CARD_DATE.fullmatch(lines[0].text):
        return lines
    blocks: list[list[Line]] = []
    for ln in lines:
        if ln.gap or not blocks:
            blocks.append([])
        blocks[-1].append(ln)
    if len(blocks) < 2 or not all(len(b) >= 3 and _CARD_DATE.fullmatch(b[0].text) and not b[0].bullet
                                  and len(b[1].text.split()) <= 30 and not YEAR_RE.search(b[1].text)
                                  and len(b[2].text.split()) <= 12 for b in blocks):
        return lines
    out = []
    for b in blocks:
        date, title, venue = b[0].text.strip(), strip_markup(b[1].text).strip(), strip_markup(b[2].text).strip()
        label = _CARD_LABEL.match(venue)
        status = ""
        if label:
            venue = venue[label.end():]
            word = label.group(1).lower()
            status = "" if word in ("published", "publisher", "venue", "journal", "conference") else f" ({word})"
        year = YEAR_RE.search(date).group(0)
        short = _CARD_VENUE_YEAR.search(venue)
        if short and venue[: short.start()].strip():
            year = str(int(year) // 100 * 100 + int(short.group(1)))
            venue = venue[: short.start()].strip()
        out.append(Line(b[1].no, f"“{title.rstrip('.')}”, {venue}, {year}{status}.", False, False, 0, True))
    return out


@lru_cache(maxsize=4096)
def heading_status(heading: str) -> str | None:
    """'Working Papers' → preprint, 'Manuscripts Under Review' → under review, 'Submitted' →
    in submission; 'Journal Articles', 'Selected Publications', mixed headings → None."""
    text = strip_markup(heading)[:200]
    found = {st for st, rx in _HEADING_STATUSES if rx.search(text)}
    if len(found) != 1 or _PUBLISHED_HEADING.search(text):
        return None
    # "Publications, Preprints": a list of categories of which one names no status
    parts = [p for p in _HEADING_PARTS.split(text) if p.strip(" .:-")]
    if len(parts) > 1 and any(not any(rx.search(p) for _, rx in _HEADING_STATUSES) for p in parts):
        return None
    return found.pop()


_HEADING_PARTS = re.compile(r"\s*(?:[,;/&+|]|\band\b)\s*", re.I)


def _year_heads(lines: list[Line]) -> list[Line]:
    """A year alone over the entries it dates is a heading: "* 2023" over nested bullets, or a
    year line that opens the list or follows a blank line ("`2023`", "**2021**")."""
    out: list[Line] = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if not line.entry_head and nxt is not None and not nxt.gap and (nxt.depth > line.depth or i == 0 or line.gap) \
                and len(line.text) <= 40 and _YEAR_HEADING.fullmatch(clean(line.text)):
            line = Line(line.no, line.text, True, line.bullet, line.depth, line.gap)
        out.append(line)
    return out


# '"Title of the Paper",' alone on its line: the venue follows on the next line
_QUOTE_ENDS = ('"', "”", '",', "”,", '".', "”.")
_QUOTED_END = re.compile(r'["“][^"“”]{4,500}["”][.,]?$')


def _open_link_text(text: str) -> bool:
    """'- A, B [Title words via' — a Markdown link's text still open at the end of the line
    (its second half, '…](url)', is on the next line)."""
    i = text.rfind("[")
    return i >= 0 and "]" not in text[i:] and len(text) - i > 12


_BOLD_LABEL_DASH_TITLE = re.compile(r"\*\*(?P<v>[^*\n]{2,80})\*\*\s+[-–—]\s+(?P<t>[^\n]{8,300}?[^\s.])\.\s+"
                                    r"(?P<y>(?:19|20)\d\d)(?:,?\s*[A-Z][a-z]{2,8}\.?)?\.?")
_WHOLLY_BOLD = re.compile(r"(?:\*\*|__)([^*_\n]{2,60})(?:\*\*|__)\s*:?")


def _nested_group_label(lines: list[Line], idx: int, raw: str, text: str) -> bool:
    """An item wholly in bold, short and with no digit, over an item that is a whole reference
    ("* **Internet Standards**" / "    1. Roe, A. …", "* **会议/期刊**"; the nested list's indent may
    be lost): a group of the list, however it is worded."""
    line = lines[idx]
    if not line.bullet or _WHOLLY_BOLD.fullmatch(raw) is None or len(text.split()) > 6 or any(c.isdigit() for c in text) \
            or idx + 1 >= len(lines):
        return False
    nxt = lines[idx + 1]
    # (the item under it holds a year: a short bold title over its authors' line is no label)
    return nxt.bullet and nxt.depth >= line.depth and len(strip_markup(nxt.text)) >= 40 \
        and _WHOLLY_BOLD.fullmatch(nxt.text.strip()) is None and YEAR_RE.search(nxt.text) is not None


def _italic_group_label(lines: list[Line], idx: int, raw: str, text: str) -> bool:
    """A line of its own wholly in italics, short and with no digit, over a numbered or bulleted
    item that is a whole reference ("_Published books, videos, software etc._" / "c.1) Roe J. …
    2022."): a group of the list, however it is worded."""
    line = lines[idx]
    if line.bullet or line.entry_head or _WHOLLY_ITALIC.fullmatch(raw.strip()) is None or len(text.split()) > 10 \
            or any(c.isdigit() for c in text) or idx + 1 >= len(lines):
        return False
    nxt = lines[idx + 1]
    return nxt.bullet and len(strip_markup(nxt.text)) >= 30 and YEAR_RE.search(nxt.text) is not None


_TITLE_YEAR_END = re.compile(r"\s+\(((?:19|20)\d\d)\)$")
_URL_LABEL = re.compile(r"^\s*(?:(?:accessible|available)(?:\s+(?:online|here))?(?:\s+(?:at|from|on))?|url|link|code|"
                        r"repository|source\s+code|website|download)\s*:\s*", re.I)
_WHOLLY_ITALIC = re.compile(r"(?:\*(?!\*)|_(?!_))([^*_\n]{2,100})(?<!\*)(?:\*|_)")


def _join_lines(lines: list[Line]) -> list[Line]:
    """Join a reference broken across lines: an author list that goes on ('…, Matthai' /
    'Philipose, Arvind …', '…; Li, X.;' / '"Title",'), a line ending in a comma or semicolon,
    and a link whose text runs on to the next line. A blank line always ends the entry."""
    out: list[Line] = []
    # a loose list (a blank line between its items): a line straight under an item, not indented
    # and no item itself, goes on with it when the item's line broke mid-sentence (Markdown's "lazy
    # continuation" of a hard-wrapped reference)
    items = [ln for ln in lines if ln.bullet and not ln.depth]
    loose = len(items) >= 2 and all(ln.gap for ln in items[1:])
    in_item = False
    for line in lines:
        if out:
            prev = out[-1].text.rstrip()
            nxt = line.text.strip()
            if loose and in_item and not line.bullet and not line.entry_head and not line.gap and nxt \
                    and (prev[-1:].isalnum() or prev[-1:] == ":") and not nxt.startswith(("http", "[", "\\[")):
                # (broken mid-sentence: a line closing on a stop or a quote may end one part of an entry
                # written a part per line, title then venue)
                out[-1] = Line(out[-1].no, prev + " " + nxt, out[-1].entry_head, out[-1].bullet, out[-1].depth)
                continue
            if not line.bullet and not line.entry_head and (
                    prev.endswith(",") and not nxt.startswith(("http", "[", "\\["))
                    or (_JOIN_LINES_RE1.search(prev) and _JOIN_LINES_RE2.match(nxt)
                        and prev.count(",") >= 2 and not _VENUE_THEN_NUMBERS.match(nxt))
                    or not line.gap and nxt and (prev.endswith(";") and not nxt.startswith(("http", "[", "\\["))
                                                 or _open_link_text(prev)
                                                 or prev.endswith(_QUOTE_ENDS) and _QUOTED_END.search(prev[-520:])
                                                 and not nxt.startswith(("http", "[", "\\[", '"', "“"))
                                                 and not _authors(strip_markup(nxt), ""))):
                out[-1] = Line(out[-1].no, prev + " " + nxt, out[-1].entry_head, out[-1].bullet, out[-1].depth)
                continue
        in_item = line.bullet and not line.depth
        out.append(Line(line.no, line.text, line.entry_head, line.bullet, line.depth))
    return out


_WITH_LINE = re.compile(r"\(?\s*(?:joint\s+)?with\s+([A-Z][^()]{2,300}?)\s*\)?\.?", re.I)
_SENTENCE_END = re.compile(r"[a-z]{2}[.!?](?:\s+|$)")


_ANY_LINK = re.compile(r"<a\b[^<>]{0,500}>\s*([^<>]{1,80}?)\s*</a\s*>|\\?\[([^\[\]\n]{1,80})\\?\]\([^()\s]{0,500}\)", re.I)
_LINK_WORD = re.compile(r"\b(?:" + LINK_LABELS + r"|link|twitter|tweet|news|press|summary|thread|online|full[- ]text|"
                        r"here|pdf|preprint|publisher|journal|repository|pmid|pmcid|pubmed|scholar|dblp|more)\b", re.I)


def _only_link_labels(raw: str) -> bool:
    """A line made only of links whose labels name a kind of link ('Arxiv link', 'Summary on
    Twitter', '[PDF]'), not a title."""
    labels = [m.group(1) or m.group(2) for m in _ANY_LINK.finditer(raw[:MAX_FIELD])]
    if not labels or _ANY_LINK.sub("", raw[:MAX_FIELD]).strip(" \t,.;:|/·•-*[]()"):
        return False
    return all(len(label.split()) <= 4 and _LINK_WORD.search(label) for label in labels)


def _own_item(line: Line, lead_year: re.Match | None, cur: dict, lines: list[Line], idx: int) -> bool:
    """A line that opens an entry of its own, never the prose under the entry before it, however
    long: a line that opens with its year ("2011: Roe, J., … Title …", a Pandoc year term's
    definition), a heading, or a list item as deep as the item that opened the entry (the next
    item of the same list). `lines[idx]` is the line; the entry's opener is looked for before it."""
    if lead_year is not None or line.entry_head:
        return True
    if not line.bullet:
        return False
    first = cur.get("line") or 0
    for k in range(idx - 1, -1, -1):
        if lines[k].no <= first:        # (the lines run in order: the opener, or none, is here)
            return lines[k].no == first and lines[k].bullet and line.depth <= lines[k].depth
    return False


def _is_abstract(line: Line, text: str, after_prose: bool = False) -> bool:
    """A prose paragraph under an entry: two sentences or more (one, right after such prose),
    no year, no venue words."""
    if line.bullet or line.entry_head or len(text.split()) < (8 if after_prose else 12) \
            or not text.endswith((".", "!", "?")):
        return False
    if len(_SENTENCE_END.findall(text)) < (1 if after_prose else 2) or YEAR_RE.search(text) or _is_venue(text) \
            or VENUE_INSIDE.search(text):
        return False
    return True


def _badge_entry_line(cur: dict, raw: str, text: str, subject: str) -> bool:
    """The lines of an entry opened by a venue badge, in al-folio's fixed order: its title,
    its authors ('Roe, Jana, <em>Doe, Ali</em>, and Poe, Sam': surname and forenames, inverted,
    throughout), its venue and year. False (the line read as usual) once the three are read."""
    if not cur.get("title"):
        cur["title"] = clean(text)
        return True
    if not cur.get("authors") and not cur.get("venue"):
        found = _authors(text, subject)
        pairs = _inverted_pairs(text, subject)
        if pairs and (not found or any(len(a.name.split()) == 1 for a in found[0])
                      or any(a.is_subject for a in pairs[0]) and not any(a.is_subject for a in found[0])):
            found = pairs       # ("Roe, Jana, Doe, Ali" read as four one-word names)
        if found:
            cur["authors"], cur["et_al"] = found
            return True
    if not cur.get("venue") and len(text) <= 300:
        year = YEAR_RE.search(text)
        cur["venue"] = clean(text)
        if year and not cur.get("year"):
            cur["year"] = year.group(1)
        return True
    return False


def _inverted_pairs(text: str, subject: str) -> tuple[list[Author], bool] | None:
    """'Amiri Roe, Jana, Doe, Ali, and Poe, Sam' → Jana Amiri Roe, Ali Doe, Sam Poe: every
    name written surname first, so the comma-parted pieces pair up."""
    text = SUP_MARK.sub(r"\1", strip_markup(text))[:MAX_FIELD]
    et_al = bool(re.search(r"\bet\.?\s*al\b", text))
    text = re.sub(r"\bet\.?\s*al\.?", "", text)
    parts = [p.strip(" .") for p in re.split(r"\s*(?:,\s*(?:and|&)\s+|,|;|\s+and\s+|\s+&\s+)\s*", text) if p.strip(" .")]
    if len(parts) < 2 or len(parts) % 2:
        return None
    authors = []
    for surname, given in zip(parts[::2], parts[1::2]):
        name = f"{given} {surname}"
        if not looks_like_name(name, 5) or len(surname.split()) > 3 or len(given.split()) > 3:
            return None
        authors.append(Author(name=name, is_subject=bool(subject) and same_person_name(name, subject)))
    return authors, et_al


_BRACKET_STATUS = re.compile(r"(?:\*\*|__)?\\?\[\s*(?:[\w ]{1,30},\s*)?(?:accepted|in\s+press|to\s+appear|forthcoming|"
                             r"under\s+review|submitted|in\s+submission|in\s+preparation|revised?\s+(?:and|&)\s+resubmit(?:ted)?|"
                             r"(?:major|minor)\s+revisions?|under\s+revision|r\s?&\s?r)\s*\\?\](?:\*\*|__)?(?!\()", re.I)
_SENTENCE_BEFORE = re.compile(r"[a-z]{2}\.\s+[A-Z][\w'’-]*\s+\S")
# the month names' common stems; each pattern below adds its own tail (abbreviation dot, full name, days)
_MONTH_STEM = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
_TRAILING_MONTH = re.compile(r"[.,;]\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|"
                             r"april|june|july|august|september|october|november|december)\.?(?:\s+\d{1,2},?)?"
                             r"(?:\s+(?:19|20)\d\d)?\.?\s*$", re.I)
_LINKS_AND_URLS = re.compile(r"\[[^\[\]]{0,300}\]\([^()\s]{0,500}\)|https?://\S+")
_BOLD_VENUE = re.compile(r"(?:\*\*|__)([^*_\n]{3,150}?)(?:\*\*|__)\s*(?:[,.;:]\s*(.{0,600}?))?\s*")


def _only_numbers_and_links(text: str) -> bool:
    """'vol. 153: 102737, 2021, [doi.org/10.1/x](https://doi.org/10.1/x)': volume, pages, year
    and links, no words."""
    text = _LINKS_AND_URLS.sub(" ", text)
    text = re.sub(r"\b(?:vol|no|pp|p|issue|art|doi)\b\.?", " ", text, flags=re.I)
    return not re.search(r"[^\W\d_]{2,}", text)


_ABBR_BADGE = re.compile(r"<abbr\b[^<>]{0,300}>\s*[^<>]{1,40}?\s*</abbr\s*>", re.I)


def _authors_line_under(lines: list[Line], idx: int, subject: str) -> bool:
    """'### Title' then 'A. Roe, B. Poe, C. Lin' (an HTML page's `<h3>` title over its authors):
    the next line, no heading itself, is only an author list of two names or more."""
    if idx + 1 >= len(lines) or lines[idx + 1].entry_head:
        return False
    found = _authors(_names_before_dot(strip_markup(lines[idx + 1].text)), subject)
    if found is None and idx + 2 < len(lines) and not lines[idx + 2].entry_head \
            and _EMPH_LINE.fullmatch(lines[idx + 1].text.strip()):
        # '### Title' / '*Journal* - 2024' / 'A. Roe, B. Poe': the venue in emphasis between them
        found = _authors(_names_before_dot(strip_markup(lines[idx + 2].text)), subject)
    return bool(found) and len(found[0]) >= 2


def _emphasised_venue(raw: str, subject: str) -> bool:
    """"*Journal of Lorem* - 2024", "<ins>Annals of Ipsum</ins>. Vol. 8 (2023), No. 1, 127—139.": a
    line that opens with an emphasised name, no person's, and holds only numbers and a word or
    two ("To appear", "Vol.", "No.") after it."""
    m = _EMPH_LINE.fullmatch(raw)
    if not m:
        return False
    inner = strip_markup(raw[: len(raw) - len(m.group(2) or "")]) if m.group(2) is not None else ""
    tail = m.group(2) or ""
    return len(re.findall(r"[A-Za-z]{2,}", tail)) <= 4 and _authors(inner.strip(" .,"), subject) is None


_BRACKETED_LINK = re.compile(r"\[\s*[\[(][^\[\]()]{1,200}[\])]\s*\]\([^()\s]{0,500}\)")
# a line that opens with its emphasised part: "*Computers & Lorem Engineering* - 2024", "_Journal_ 2023"
_EMPH_LINE = re.compile(r"(?:(?:\*(?!\*)|_(?!_))[^*_\n]{2,200}(?:\*|_)|<(ins|u|i|em)>[^<>\n]{2,200}</\1>)([^*_\n]{0,80})")


def _names_before_dot(text: str) -> str:
    """'A. Roe, B. Poe · Journal 12, 34 (2020)' (a middle dot set between the authors and the venue,
    as lab pages print them): the names before it; any other text as it is."""
    return text.partition(" · ")[0] if " · " in text else text


def _has_reference_parts(raw: str, subject: str) -> bool:
    text = strip_markup(raw)
    return bool(YEAR_RE.search(text) or '"' in raw or "“" in raw or _authors(text, subject))


_AUTHORS_RE1 = re.compile(r"^(?:(?:authors?|by)\s*:\s*|with\s+(?=[A-Z]))", re.I)   # ("With A, B and C. 2018.": co-authors)


_BRACKETED_LABELS = re.compile(r"(?:\[[^\[\]\n\d]{1,30}\]\s*){1,6}")
_BRACKETED_YEAR_END = re.compile(r"\(\s*(?:19|20)\d\d[a-z]?\s*\)$")
_YEAR_TOKEN = re.compile(r"(?<![\w/.-])((?:19|20)\d\d)[a-z]?(?![\w/-])")
_MONTH_BEFORE_YEAR = re.compile(r"(?:,\s*)?\b(?:January|February|March|April|May|June|July|August|September|October|"
                                r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?,?$")


def _authors_year_venue(text: str, subject: str) -> dict | None:
    """'Roe, A., Poe, B., and Doe, C. 2014, Lorem J., 12, 345' → its authors, year and venue (the
    journal, volume and page after the year): a reference with no title on its line. None when the
    words before the year are no list of names or the words after it no short venue with numbers."""
    m = _YEAR_TOKEN.search(text)
    if m is None or m.start() < 8:
        return None
    head = text[: m.start()].rstrip(" ,;(")
    head = _MONTH_BEFORE_YEAR.sub("", head).rstrip(" ,;")
    tail = text[m.end():].strip(" ,;.)")
    if not tail or len(tail.split()) > 8 or not re.search(r"\d", tail) or not re.match(r"[A-Z]", tail) \
            or _YEAR_TOKEN.search(tail) or head.count(",") < 2:
        return None
    named = _authors(head, subject)
    if named is None or len(named[0]) < 2:
        return None
    return {"authors": named[0], "et_al": named[1], "year": m.group(1), "venue": clean(tail), "title_below": True}


def _authors(text: str, subject: str) -> tuple[list[Author], bool] | None:
    text = _AUTHORS_RE1.sub("", text.strip())
    res = split_authors(text, subject)
    if res is None:
        return None
    authors, et_al = res
    if len(authors) == 1 and subject and len(authors[0].name.split()) >= 4:
        # "Ola Brandt **Mira Quell** Tomas Roe": names with no commas around the subject's own
        pieces = _around_subject(authors[0].name, subject)
        if pieces:
            authors = [Author(name=p, is_subject=same_person_name(p, subject)) for p in pieces]
    if len(authors) >= 2 or et_al or any(a.is_subject for a in authors):
        return authors, et_al
    return None


_CONNECTORS = {"of", "and", "in", "for", "on", "the", "&", "de", "du", "des", "la", "le", "für", "und"}


def _title_then_journal(text: str) -> tuple[str, str]:
    """'Quiet rivers of the plain Lorem Historical Review 12, 2019' (no stop between the title
    and the journal) → the sentence-case title and 'Lorem Historical Review, 2019': the
    capitalised run before the volume and year, after a lower-case word of the title. A title
    in Title Case gives no such evidence and is left whole."""
    words = text.split()
    if len(words) > 80 or not YEAR_RE.search(words[-1] if words else ""):
        return text, ""
    end = len(words)
    while end > 0 and not re.search(r"[A-Za-z]{2}", words[end - 1]):
        end -= 1                            # the volume, issue, pages and year after the name
    start = end
    while start > 0 and (words[start - 1][:1].isupper() or words[start - 1].lower() in _CONNECTORS):
        start -= 1
    while start < end and words[start].lower() in _CONNECTORS:
        start += 1                          # the run opens with a capitalised word
    caps = sum(1 for w in words[start:end] if w[:1].isupper())
    if caps < 2 or start < 3 or not words[start - 1][:1].islower() \
            or sum(1 for w in words[:start] if w[:1].isupper()) > 2:
        return text, ""
    # (the volume and pages are no part of the journal's name; the year is kept for the year rule)
    return " ".join(words[:start]), " ".join(words[start:end]) + ", " + YEAR_RE.search(words[-1]).group(1)


def _around_subject(name: str, subject: str) -> list[str] | None:
    """'Ola Brandt Mira Quell Tomas Roe' with the subject Mira Quell → the names before it, the
    subject and the names after it (each run cut into two- or three-word names that read as
    names); None unless the subject's name is there whole and every piece is a name."""
    words, own = name.split(), subject.split()
    if not 2 <= len(own) <= 4 or len(words) > 16:
        return None
    for i in range(len(words) - len(own) + 1):
        if words[i:i + len(own)] == own:
            before = _partition_names(words[:i], looks_like_name)
            after = _partition_names(words[i + len(own):], looks_like_name)
            if before is None or after is None or not (before or after):
                return None
            return before + [" ".join(own)] + after
    return None


_CLASSIFY_RE1 = re.compile(r"\s*(?:\*\*|__|<b>|<strong>)(.+?)(?:\*\*|__|</b>|</strong>)[\s.]*", re.I)
_CLASSIFY_RE2 = re.compile(r"\d+\s+[\w ()]+")


# (each piece read one way only: a grade letter's star is the class's "*"; "A." repeated had been
# read in two ways a letter, exponential in its length)
_NOTE_ONLY = re.compile(r"(?:\b(?:ccf|core|rank(?:ed)?|tier|class|oral|poster|spotlight|highlight|presentation|"
                        r"long|short|paper|talk|q[1-4]|[a-c])\b|[\s,;.\-–/*])+", re.I)


_KRAMDOWN_ATTR = re.compile(r"\{:[^{}\n]{0,200}\}")
# a line sending the reader elsewhere for the works, or a page's navigation link, not a work:
# "[For a full record of works, see my ADS page.]", "Complete list", "Top"
_POINTER_NOTE = re.compile(r"\[?\s*(?:for\s+(?:a\s+)?(?:more\s+)?(?:complete|full|up[- ]to[- ]date)\s+(?:list(?:ing)?|record)\b"
                           r"|(?:a\s+|the\s+)?(?:more\s+)?(?:complete|full)\s+list(?:ing)?\s*\.?\s*\]?$"
                           r"|please\s+(?:see|refer\s+to|visit)\s+(?:my|the|our)\b"
                           r"|(?:back\s+to\s+)?top\s*[↑^]?$|↑\s*(?:back\s+to\s+)?top$)", re.I)
_STATUS_NOTE = re.compile(r"[(\[]?\s*(?:accepted(?:\s+for\s+publication)?|in\s+press|to\s+appear|forthcoming|under\s+review|"
                          r"submitted|in\s+preparation|in\s+submission)\s*[)\]]?\s*\.?", re.I)
_RATE_NOTE = re.compile(r"(?:acceptance\s+rate|acc\.\s+rate|impact\s+factor|\(?IF\)?\s*[:=]|citations?\s*:|"
                        r"cited\s+by\b)", re.I)


_AVAILABLE_HERE = re.compile(r"(?:(?:the\s+)?(?:paper|pdf|draft|preprint|article|manuscript|chapter|link)\s+)?(?:is\s+)?"
                             r"available\s+(?:here|online|on request)\.?", re.I)
# "American Journal of Political Science (Forthcoming)": a journal with the work's status after it
_STATUS_PAREN = re.compile(r"\(\s*(?:forthcoming|in press|to appear|accepted|under review|submitted|in print)\s*\)\.?$", re.I)


# a list of names in Han script: 2-4 characters each, parted by 、 or "," and the last joined by 和
_HAN_NAME_LIST = re.compile(r"[\u4e00-\u9fff·]{2,4}(?:\s*(?:、|,|和)\s*[\u4e00-\u9fff·]{2,4})+")
_HAN_NAME_SPLIT = re.compile(r"\s*(?:、|,|(?<=[\u4e00-\u9fff]{2})和(?=[\u4e00-\u9fff]{2}))\s*")
_BOOK_TITLE_MARKS = re.compile(r"《([^《》]{2,60})》")


def _classify(raw: str, subject: str) -> tuple[str, object]:
    if "](" in raw:
        # "A, B. [[SSRN](url)]", "A, B. [SSRN](url)": the names, not the link buttons after them
        raw = _TRAILING_BUTTONS.sub("", _BRACKETED_BUTTON.sub("", raw)).strip() or raw
    text = strip_markup(raw)
    if len(text.split()) <= 6 and _NOTE_ONLY.fullmatch(text):
        return "noise", None      # "CCF A, Oral Presentation.": a ranking or presentation note
    if len(text.split()) <= 12 and _RATE_NOTE.match(text):
        return "noise", None      # "Acceptance rate: 26.1%.", "Impact factor: 4.2"
    if _CLASSIFY_RE2.fullmatch(text) and len(text.split()) <= 4:
        return "noise", None
    if len(text) <= 60 and _AVAILABLE_HERE.fullmatch(text):
        return "noise", None      # "Paper available here.": the text of a link under the entry
    # ("**Title** [[Link]](url)": the labels of its links aside, a whole bold line)
    whole = _CLASSIFY_RE1.fullmatch(_LABEL_LINKS.sub("", raw).strip() if "](" in raw else raw)
    if whole and (not re.search(r",\s", whole.group(1)) or re.search(r"\w:\s+\w", whole.group(1))) \
            and not _is_venue(strip_markup(whole.group(1))):
        # (a colon inside, "**Noisy Returns: Information, Price Pressure, and Reversals**", is a
        # title's; an author list has none)
        # A whole bold line in a publication list is a title ("**Synthesizing Safe and …**").
        return "title", clean(whole.group(1))
    if ("、" in text or "和" in text) and _HAN_NAME_LIST.fullmatch(text):
        # "李大华、王小明、张三和赵四" (Chinese: 、 parts the names, 和 "and" joins the last): the authors
        authors = _authors(", ".join(_HAN_NAME_SPLIT.split(text)), subject)
        if authors is not None:
            return "authors", authors
    if "《" in text and (book := _BOOK_TITLE_MARKS.search(text)) and len(text) <= 120:
        # "发表在《某某学报》 2019 年第 3 期" (a line under the title): the journal in book-title marks
        year = YEAR_RE.search(text[book.end():])
        return "venue", book.group(1) + (f", {year.group(0)}" if year else "")
    authors = _authors(text, subject)
    if authors is None and " · " in text and (named := _authors(_names_before_dot(text), subject)) is not None:
        return "authors", named     # "A. Roe, B. Poe · Journal 12, 34 (2020)": the venue is read after them
    if authors is None and "," in text:
        # "A, B, C venue-text" on one line: the authors then the venue.
        split = _split_authors_then_rest(text, subject)
        if split and split[1]:
            return "authors", (split[0], False)
    if authors is not None:
        return "authors", authors
    if _is_venue(text):
        return "venue", clean(text)
    m = re.match(r"^\s*(?:\*\*|__)(.+?)(?:\*\*|__)", raw)
    if m:
        return "title", clean(m.group(1))
    return "title", clean(text)


def _tail_after_authors(raw: str) -> str | None:
    """'A, B, C *ACM SIGCOMM* (SIGCOMM '24)': the emphasised tail after an author list is the venue."""
    # ("Lin*, Wu*": an equal-contribution mark after a name opens no emphasis)
    m = re.search(r"(?:<i>|<em>|(?<![\w*\\])\*(?=[^\s*]))([^*<]{3,200})(?:</i>|</em>|(?<=\S)\*(?![\w*]))(.*)$", raw)
    if m and strip_markup(raw[: m.start()]).strip(" ,.;:"):
        return clean(m.group(1) + " " + m.group(2))
    if " · " in raw:
        return clean(strip_markup(raw.partition(" · ")[2])) or None    # "A. Roe, B. Poe · Journal 12, 34 (2020)"
    return None     # ("*J. Doe, A. Roe*": the emphasis holds the authors themselves, no venue after them)


def _is_venue(text: str) -> bool:
    t = text.strip()
    if len(t.split()) > 25:
        return False
    if _JOURNAL_VOLUME.match(t):
        return True           # "Speculum 88, no. 2 (2013): 401–436"
    if VENUE_START.match(t):
        return True
    if re.fullmatch(r"[A-Za-z][\w-]*\s*(?:'|’)?\s?(?:\d{2}|(?:19|20)\d\d)\.?", t):
        return True
    if re.search(r"\(\s*[A-Z][A-Za-z]*[A-Z][A-Za-z]*\s*(?:'|’)?\s?\d{2,4}\s*\)", t):
        return True
    return False


# A sentence break: not after an initial ("J. Doe"), except the numeral of a part ("… Part I.
# The Astrophysical Journal"), nor after "vs"/"et"; or after a question ("…now? CMAJ").
# (The stop or blank is matched first, the look-behinds after it taking it in: a pattern that
# opens on look-behinds is tried at every position of the text, this one only at "." and blanks.)
# (a sentence of a reference in Cyrillic or Greek opens on its capital too; their initials, "И.", do not end one)
_PARSE_FULL_RE1 = re.compile(r"[.\s](?:(?<!\b[A-Z\u0391-\u03a9\u0400-\u042f][.\s])|(?<=\bPart [IVX][.\s]))(?<!\bvs[.\s])(?<!\bet[.\s])"
                             r"(?:(?<=\.)\s+|(?<=\w\?\s)\s*)"
                             r"(?=[A-Z0-9\"“(\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0391-\u03a9\u0400-\u042f«]|(?:arXiv|bioRxiv|medRxiv)\b)")
# (not the bracket closing "[Paper url]"; the angle brackets of a Markdown autolink, "<https://…>", go with it)
_PARSE_FULL_RE2 = re.compile(r"<?https?://[^\s\]<>]*[^\s\])<>]>?")
_PARSE_FULL_RE3 = re.compile(r"(?:<i>|<em>)(.+?)(?:</i>|</em>)")
# (the mark before its look-behind: tried only where a "*" or "_" stands)
_PARSE_FULL_RE4 = re.compile(r"\*(?<![*\w]\*)(?!\*)([^*]{3,400}?)(?<!\s)\*(?!\*)")
_PARSE_FULL_RE4U = re.compile(r"_(?<![_\w]_)(?!_)([^_]{3,400}?)(?<!\s)_(?![_\w])")   # "_Title_" (Markdown)
_AUTHORS_IN = re.compile(r"(?P<a>[^:;]{3,600}?)[.,]?\s+(?:[Ii]n:|In)\s+(?P<v>\S.*)$")
_ETAL_LEAD = re.compile(r"^(?P<a>[^;:\"“”]{3,400}?)\bet\.?\s*al\b\.?\s*[,.:]\s+(?P<rest>\S.*)$")
_PARSE_FULL_RE5 = re.compile(r'^\s*["“](.+?)["”][\s,.;:]*(.*)$')    # ('“Title”. A, B': the stop after it too)


_COLLABORATION_LEAD = re.compile(r"^(?:\s*(?:[-*+•]|\d{1,3}[.)])?\s*)(?:[Tt]he\s+)?(?:[A-Z][\w/&-]{1,30}\s+){1,3}"
                                 r"(?:[Cc]ollaborations?|[Cc]onsortium)\s*[,:;]\s*(?=[A-Z])")
_COLLABORATION_AFTER = re.compile(r"(?<=\S)\s*\(\s*(?:[Tt]he\s+|[Ff]or\s+the\s+|[Oo]n\s+behalf\s+of\s+the\s+)?(?:[A-Z][\w/&-]{1,30}\s+){1,3}"
                                  r"(?:[Cc]ollaborations?|[Cc]onsortium)\s*\)")


def parse_reference(text: str, subject: str) -> dict | None:
    """One line read as a whole reference: title, authors, venue, … (None when it is not one)."""
    return _parse_full(text, subject)


# Harvard style (Google Scholar's "Harvard" export): "Roe, A., Poe, B. and Doe, J., 2021. Title.
# In Proceedings of …, ACM." — inverted names, a comma, the year and a full stop, then the title
_HARVARD = re.compile(r"(?P<a>[^\n]{3,800}?\.),\s*(?P<y>(?:19|20)\d\d)[a-z]?(?:,\s*[A-Z][a-z]{2,9}\.?)?\.\s+"
                      r"(?P<t>[^\n]{8,400}?[^\s.A-Z])\.\s+(?P<v>[^\n]{3,600})")
_HARVARD_IN = re.compile(r"^(?:In:?\s+)")
_HARVARD_TAIL = re.compile(r"(?:,\s*(?:\d+\s*[-–]\s*\d+|[A-Z][\w/&.-]{1,20}(?:\s[A-Z][\w/&.-]{1,20})?))+\.?$")


def _harvard(raw: str, subject: str) -> dict | None:
    plain = raw.replace("**", "").replace("__", "")
    m = _HARVARD.match(plain.strip(" -"))
    if m is None or not re.match(r"[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?,?\s+[A-Z]\.", m.group("a")):
        return None     # (the authors open with a surname and initials: "Roe, A.", "Roe A.")
    found = split_inverted_authors(m.group("a").strip(), subject)
    if not found or not found[0]:
        return None
    venue = _HARVARD_IN.sub("", m.group("v").strip())
    venue = _HARVARD_TAIL.sub("", venue) or venue
    return {"title": clean(m.group("t")), "authors": found[0], "year": m.group("y"),
            "venue": clean(venue.replace("*", "").replace("_", " ")).strip(" ,.;")}


# IEEE-like references written with commas only: "A B, C D and E F, Title, In the Proceedings of …,
# pp. 1-9, Place, May, 2021." — full names (given names first), the last after "and"; the comma
# after that last name ends the list of authors, and a comma before "In (the) Proceedings" or an
# italic venue ("<i>9th Lorem Conference …</i>") ends the title (the title had taken the venue up
# to "pp." and a title's first words had read as a name).
_FULL_NAME_WORD = r"[A-Z][\w'’-]+"
_COMMA_FULL_NAME = (_FULL_NAME_WORD + r"(?:\s(?:[A-Z]\.|(?:de|van|von|der|da|di|dos|du|la|le)(?=\s[A-Z])|"
                    + _FULL_NAME_WORD + r")){0,3}\s" + _FULL_NAME_WORD)
_COMMA_STYLE_AUTHORS = re.compile(r"(?P<a>(?:" + _COMMA_FULL_NAME + r",\s){0,30}" + _COMMA_FULL_NAME
                                  + r",?\sand\s" + _COMMA_FULL_NAME + r"),\s*(?=[A-Z“\"'])")
_COMMA_IN_PROCEEDINGS = re.compile(r"(?<=[\w)”\"']),\s*(?=In\s(?:the\s)?Proc(?:eedings|\.)|<(?:i|em)>)")


_SINGLE_QUOTED_TITLE = re.compile(r"(?<=[.,:]\s)'([A-Z][^'\n]{8,300}?)'(?=\s+in\s|\s*[,.]|\s*$)")


def _comma_style(raw: str, subject: str) -> str:
    """"A B, C D and E F, Title, In the Proceedings of …" read as "A B, C D and E F. Title. In the
    Proceedings of …" (the full stops the reference reader parts a reference at). The names are
    authors only when the subject is one of them or there are three or more."""
    head = _COMMA_STYLE_AUTHORS.match(raw)
    if head is None:
        return raw
    names = head.group("a")
    surname = subject.split()[-1] if subject.split() else ""
    if not ((surname and re.search(r"\b" + re.escape(surname) + r"\b", names)) or names.count(",") >= 2):
        return raw
    rest = _COMMA_IN_PROCEEDINGS.sub(". ", raw[head.end():], count=1)
    return names + ". " + rest


def _parse_full(raw: str, subject: str) -> dict | None:
    """A line holding a whole reference; None if it holds only one part."""
    raw = raw[:MAX_FIELD]
    if " and " in raw[:600] and raw[:1].isupper():
        raw = _comma_style(raw, subject)
    if "'" in raw and (single := _SINGLE_QUOTED_TITLE.search(raw)):
        # "A. Roe, B. Poe. 'Title of the paper' in LOREM 2022": a title in single quotes, read as
        # one in double quotes (a title holding an apostrophe does not match and is left as it is)
        raw = raw[:single.start()] + "“" + single.group(1) + "”" + raw[single.end():]
    if "’" in raw:
        raw = _NAME_APOSTROPHE.sub("'", raw)     # "D’Orsay", "O’Brien": the surname's apostrophe, as "D'Orsay"
    if ("Initiative" in raw or "Team" in raw or "team" in raw or "Group" in raw) and (quote := raw.find("“")) > 0:
        # "A, B, The LOREM Study Team, Ipsum Imaging Initiative, C, and D for the Dolor Study team. “Title”":
        # a study group named among the authors, or "for" whom they wrote, is no author's name
        head = _FOR_GROUP.sub("", _GROUP_AUTHOR.sub("", raw[:quote]))
        raw = head + raw[quote:]
    if "ollaboration" in raw or "onsortium" in raw:
        # "The LOREM Collaboration, A. Roe, B. Poe et al., “Title,” …", "A. Roe et al. (The IPSUM
        # Collaboration), “Title,” …" (physics, genomics): the collaboration's name opens or
        # follows the list of authors; it is neither the title nor an author's name
        raw = _COLLABORATION_LEAD.sub("", raw, count=1)
        raw = _COLLABORATION_AFTER.sub("", raw, count=1)
    if raw.startswith("**") and (bb := _BOLD_NAMES_BOLD_TITLE.match(raw)) and raw[bb.end():bb.end() + 1] == "*" and \
            (it := _PARSE_FULL_RE4.match(raw, bb.end())) and \
            (named := _authors(strip_markup(bb.group(1)).strip(" .,"), subject)) is not None and \
            _authors(bb.group(2).strip(" .,"), subject) is None:
        # "**Doe, J.** **Title of the paper** *Journal,* Vol. 28, Issue 4. (2015)": the bold names,
        # the bold title, then the journal in italics (the title had run into the journal)
        return {"title": clean(bb.group(2)).strip(" .,"), "authors": named[0], "et_al": named[1],
                "venue": clean(strip_markup(it.group(1)) + " " + strip_markup(raw[it.end():])).strip(" .,;") or None}
    if "[" in raw:
        raw = _PUBMED_NOTE.sub("", raw)   # "[published online ahead of print, 2020 Jul 31]": PubMed's note
        # GB/T 7714 (Chinese CVs): "Title[J]. Journal, 2020, 34(5): 1-9", "Title[C]//Proceedings of …":
        # the document-type code ends the title
        raw = _GBT_TYPE.sub(". ", raw)
    if "//" in raw and (gost := _GOST_VENUE.search(raw)):
        # GOST 7.1 (Russian CVs): "Authors. Title // Venue. — 2019. — Т. 5, № 2. — С. 10–20": "//" opens
        # the venue and ". — " parts its details; read as "Authors. Title. Venue, 2019."
        parts = _GOST_PART.split(raw[gost.end():])
        year = next((m.group(0) for q in parts[1:] if (m := re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", q))), None)
        # (the volume, issue and pages after the year — "Т. 5, № 2", "С. 10–20" — are left out)
        raw = raw[: gost.start()].rstrip(" .") + ". " + parts[0].strip(" .") + (f", {year}." if year else ".")
    # Superscript marks ("Name<sup>*</sup>") must not read as *emphasis*: make them daggers.
    if "<" in raw:          # (the pattern opens with "<sup>")
        raw = SUP_MARK.sub(lambda m: m.group(1).replace("*", "†"), raw)
    # "[PDF](url)", "[**DOI**](url)": the labels of its links are no part of a reference (the
    # links themselves are read from the line)
    if "](" in raw:
        raw = _DOI_LABEL_LINK.sub("", _LABEL_LINKS.sub("", raw))
    if "ontribut" in raw or "first author" in raw:
        raw = _EQUAL_NOTE.sub("", raw)      # "… 2024. \*Equal contribution.": the key to the marks, after the reference
        if "[[" in raw:
            raw = _BRACKETED_BUTTON.sub("", raw)    # "[[SSRN](url)] [[JFQA](url)]": buttons after the reference
    # A title given as a link or an inline quotation: "A, B, [Title](url). Venue" reads like "A, B, “Title”. Venue".
    if "](" in raw or "<" in raw:         # (a Markdown link or an HTML element: nothing else matches)
        raw = _LINKED_TITLE.sub(_quote_linked_title, raw)
    # A book review: "Review of _Title_, by Author (Press, 2002). _Journal_ (Winter, 2003)."
    review = _REVIEW.match(raw) if raw.lstrip(" *_-").lower().startswith(("review of", "book review of")) else None
    if review:
        return _book_review(review)
    # "**[NeurIPS 2025]** A, B. “Title.” *Venue*.": a bracketed badge naming the venue and year
    # before the reference; the reference's own venue and year, where it gives them, win
    if raw[:1] in "*_[" and (bb := _BRACKET_BADGE.match(raw)) and not _BADGE_STATUS.match(bb.group("v")):
        entry = _parse_full(raw[bb.end():], subject)
        if entry is not None and entry.get("title") and entry.get("authors"):
            entry["venue"] = entry.get("venue") or clean(bb.group("v"))
            entry["year"] = entry.get("year") or bb.group("y")
            return entry
    # "ICLR 2025 (Oral) “Title”. A, B": a badge naming the venue and year before the reference
    badge = _BADGE.match(_TAGS.sub("", raw)) if raw[:1] in "<[(" or raw[:1].isupper() else None
    if badge:
        entry = _parse_full(_TAGS.sub("", raw)[badge.end():], subject)
        if entry is not None and entry.get("title"):
            entry["venue"] = entry.get("venue") or clean(badge.group("v"))
            entry.setdefault("year", badge.group("y"))
            if badge.group("note"):
                entry["note"] = badge.group("note")     # ("Best Paper Award": read by the award rule)
            return entry
    if raw[:2] in ("**", "__") and (whole := _CLASSIFY_RE1.fullmatch(raw)) and re.search(r"\w:\s+\w", whole.group(1)) \
            and "**" not in whole.group(1):
        return None     # "**Noisy Returns: Information, Price Pressure, and Reversals**": a title alone (read as one)
    if ", with " in raw and subject and (tw := _TITLE_WITH_VENUE.match(
            re.sub(r"\s+", " ", _PARSE_FULL_RE2.sub("", raw)) if "://" in raw else raw.strip(" -*"))):
        # (a co-author's page linked from the name, "with A. Roe https://… and B. Poe", is no part of it)
        others = split_authors(tw.group("w"), subject)
        rest = strip_markup(tw.group("rest"))      # ("*Journal of Lorem*, 47, …": the venue emphasised)
        years = re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", rest)
        cut = _VENUE_NUMBERS.search(rest)
        venue = clean(rest[: cut.start()] if cut else rest).strip(" ,.;")
        if others and venue and years:
            entry = {"title": clean(tw.group("t")), "venue": venue, "year": years[-1],
                     "authors": [Author(name=subject, is_subject=True)] + [a for a in others[0] if not a.is_subject]}
            return entry
    if raw[:2] == "**" and (labelled := _BOLD_LABEL_DASH_TITLE.fullmatch(raw.strip())):
        # "**RFC 9275** - Lorem Extension: Path Vector. 2022, Sept.": the document's series and number
        # in bold (its venue), a dash, the title and the year
        return {"title": clean(labelled.group("t")), "venue": clean(labelled.group("v")), "year": labelled.group("y")}
    if ", " in raw and ". " in raw and (harvard := _harvard(raw, subject)) is not None:
        return harvard
    # QUOTED
    m = _PARSE_FULL_RE5.match(raw)
    if m:
        entry = {"title": clean(m.group(1))}
        _read_rest(entry, m.group(2), subject)
        return entry
    # "**Title** (A. Roe, 2023)": an emphasised title, then its authors and year in brackets
    lead = _LEAD_TITLE.match(raw) if raw.lstrip()[:1] in "*_<" else None
    if lead and lead.group("rest").startswith("("):
        entry = {"title": clean(lead.group("t"))}
        _read_rest(entry, lead.group("rest"), subject)
        if entry.get("authors"):
            return entry
    # "A compositional game to divide a cake (A. Roe, 2023)": a plain title, then its authors (initials
    # and surname) and year in brackets — the bold title of a web CV, its bold lost in the PDF
    byline = _TITLE_BYLINE.match(raw) if raw.count("(") == 1 and "(" in raw[8:] else None
    authors = _authors(byline.group("a"), subject) if byline else None
    if byline and authors is None and re.fullmatch(_INITIALS_NAME, lone := byline.group("a")):
        authors = ([Author(name=lone, is_subject=bool(subject) and same_person_name(lone, subject))], False)
    if byline and authors is not None:
        return {"title": clean(byline.group("t")).rstrip(" ,.;:"), "authors": authors[0], "et_al": authors[1],
                "year": byline.group("y")}
    # "**Title, and More** *Journal of Lorem,* 35 (2022), 5057-5093": a bold title, then the journal in
    # italics (finance and economics pages); the bold words are the title however name-like they read
    if lead and raw.lstrip()[:2] in ("**", "__") and (venue_em := _ITALIC_OPEN.match(lead.group("rest"))) \
            and not same_person_name(lead.group("t").strip(" ,.*"), subject or ""):
        entry = {"title": clean(lead.group("t"))}
        after = lead.group("rest")[venue_em.end():]
        if "](" in after:
            after = _TRAILING_BUTTONS.sub("", _BRACKETED_BUTTON.sub("", after))     # "[[SSRN](url)]" buttons
        venue_rest = strip_markup(venue_em.group(1) + " " + after)
        entry["venue"] = clean(_PARSE_FULL_RE2.sub("", venue_rest)).strip(" .,;") or None
        return entry
    # "**Title** A. Roe, B. Doe in: Venue, 2020": an emphasised title, its authors, then "in:" and the venue
    by_in = _AUTHORS_IN.match(strip_markup(lead.group("rest"))) if lead and lead.group("rest")[:1].isupper() \
        and not looks_like_name(lead.group("t").strip(" ,.*")) and not same_person_name(lead.group("t"), subject) else None
    if by_in and (authors := _authors(by_in.group("a"), subject)) is not None:
        return {"title": clean(lead.group("t")), "authors": authors[0], "et_al": authors[1],
                "venue": clean(_PARSE_FULL_RE2.sub("", by_in.group("v"))).strip(" .,;") or None}
    # "Linnard, P., Osk, D., and Varga, T. Title. Venue, 2019.": surname-first names with
    # initials run straight into the title (the last initial's stop ends the list)
    plain = strip_markup(raw)
    if "Jr" in plain or "Sr" in plain:
        # "…, Guimarães, P. R., Jr, & Gross, T.": a generational suffix after the initials is no
        # name of its own (it ended the surname-first list, and "Jr, & Gross, T." was the title)
        plain = _INVERTED_SUFFIX.sub("", plain)
    inv = _INVERTED_LIST.match(plain) if _INVERTED_HINT.match(plain) else None
    # (an emphasised title right after the names is read by the emphasis rule instead)
    # (the three emphasis patterns need a "<", a "*" and a "_": a line without one has none)
    emphasised = ([strip_markup(m.group(1))[:20] for m in _PARSE_FULL_RE3.finditer(raw)] if "<" in raw else []) + \
        ([strip_markup(m.group(1))[:20] for m in _PARSE_FULL_RE4.finditer(raw)] if "*" in raw else []) + \
        ([strip_markup(m.group(1))[:20] for m in _PARSE_FULL_RE4U.finditer(raw)] if "_" in raw else [])
    if inv and any(e and inv.group("rest").startswith(e) for e in emphasised):
        inv = None
    if inv and inv.group("a").rstrip()[-1:] == "," and inv.group("rest")[:1] != '"':
        # "Roe, A.B., C.D. Poe, E. Moe. Title. Journal.": only the first author is written surname
        # first; the names after the comma, forenames first, go on with the list up to its stop
        head = _PARSE_FULL_RE1.split(inv.group("rest"), maxsplit=1)
        if len(head) == 2 and (_authors(head[0].strip(" ,;"), subject) is not None or looks_like_name(head[0].strip(" ,;"), 6)) \
                and (both := _authors(inv.group("a").strip(" ,;") + ", " + head[0].strip(" ,;"), subject)) is not None:
            segs = [x for x in _PARSE_FULL_RE1.split(head[1], maxsplit=1) if x.strip()]
            if segs and len(segs[0].split()) >= 2:
                return {"title": clean(segs[0]).rstrip("."), "authors": both[0], "et_al": both[1],
                        "venue": clean(_PARSE_FULL_RE2.sub("", segs[1])).strip(" .,;") if len(segs) > 1 else None}
    if inv and "(" in inv.group("rest") and _BRACKETED_YEAR_END.search(
            _PARSE_FULL_RE1.split(inv.group("rest"), maxsplit=1)[0].strip()) and _APA_YEAR.match(plain):
        # "Roe, A.B., Poe C., Doe, E. & Moe, B. (2017). Title. …" (one name typed without its comma):
        # the names run on to the year in brackets (APA), read below, not to the first stop
        inv = None
    if inv and (authors := _authors(inv.group("a").strip(" ,;"), subject)) is not None:
        lead = _LEAD_TITLE.match(inv.group("rest")) if inv.group("rest")[:1] in '"“' else None
        if lead:       # '…; Li, X.; "Title", J. Phys. Chem. Lett., 2016': the quotes hold the title
            return {"title": clean(lead.group("t")).rstrip("."), "authors": authors[0], "et_al": authors[1],
                    "venue": clean(_PARSE_FULL_RE2.sub("", lead.group("rest"))).strip(" .,;") or None}
        segs = [x for x in _PARSE_FULL_RE1.split(inv.group("rest"), maxsplit=1) if x.strip()]
        if segs and len(segs[0].split()) >= 2:
            return {"title": clean(segs[0]).rstrip("."), "authors": authors[0], "et_al": authors[1],
                    "venue": clean(_PARSE_FULL_RE2.sub("", segs[1])).strip(" .,;") if len(segs) > 1 else None}
    # A book: "Title. Ithaca: Cornell University Press, 2014."
    book = _BOOK.match(strip_markup(raw))
    if book:
        return {"title": clean(book.group("t")), "venue": clean(book.group("p") or book.group("p2")), "year": book.group("y")}
    # AUTHORS (YEAR). Title. Venue — and AUTHORS, "Title," Venue, YEAR (IEEE, ACM, APA, Chicago)
    entry = _authors_first(_LABEL_LINKS.sub("", raw) if "](" in raw else raw, subject)    # (a label link ends "](")
    if entry is not None:
        return entry
    # ITALIC_AUTH / EMPHASIS
    m = _PARSE_FULL_RE3.search(raw) or (_PARSE_FULL_RE4.search(raw) if "*" in raw else None) \
        or (_PARSE_FULL_RE4U.search(raw) if "_" in raw else None)
    emphasis = m
    if m:
        inner = strip_markup(m.group(1))
        before, after = raw[: m.start()], raw[m.end():]
        if _is_venue(inner) or re.match(r"^\s*\(\s*[A-Z]", after) and not strip_markup(before).strip(" .,").count(". "):
            m = None  # the emphasis marks the venue ("A, B *ACM SIGCOMM* (SIGCOMM '24)")
        elif _VOLUME_THEN_YEAR.match(after) and strip_markup(before).rstrip().endswith(",") \
                and _authors(strip_markup(before).strip(" .,"), subject) is None:
            m = None  # "Title, *J. Lorem Anal.*, 5, No. 1, 2003": a volume after it, the emphasis marks a journal
        elif _SENTENCE_BEFORE.search(strip_markup(before).strip(" .,")):
            m = None  # "A and B. Title. *Journal* 12, 2019": a sentence (the title) comes first, so
            #           the emphasis marks the venue, and the sentences are read in turn
    if m:
        inner = strip_markup(m.group(1))
        before, after = raw[: m.start()], raw[m.end():]
        inner_authors = _authors(inner, subject)
        # "A and B. *Title.* Venue": an author list closed by a stop before the emphasis is the
        # authors, however the title's words read ("*Characterizing CUDA and OpenMP Primitives.*")
        if inner_authors is not None and before.rstrip().endswith(".") \
                and _authors(strip_markup(before).strip(" .,"), subject) is not None:
            inner_authors = None
        if inner_authors is not None and strip_markup(before).strip():
            entry = {"title": clean(before), "authors": inner_authors[0], "et_al": inner_authors[1]}
            entry["venue"] = clean(after) or None
            return entry
        before_authors = _authors(strip_markup(before).strip(" .,"), subject)
        if before_authors is not None:
            entry = {"title": clean(inner), "authors": before_authors[0], "et_al": before_authors[1]}
            entry["venue"] = clean(re.sub(r"https?://\S+", "", strip_markup(after))) or None
            return entry
    if emphasis is not None:
        entry = _names_title_venue(raw, emphasis, subject) or _title_then_emphasised_venue(raw, emphasis, subject)
        if entry is not None:
            return entry
    text = strip_markup(raw)
    text_nourl = _PARSE_FULL_RE2.sub("", text).strip()
    # "A, B et al, Title. Venue": "et al" ends the author list, whatever follows it
    etal = _ETAL_LEAD.match(text_nourl) if "al" in text_nourl else None
    if etal and (first := _authors(etal.group("a").strip(" ,") + " et al.", subject)) is not None:
        segs = [x for x in _PARSE_FULL_RE1.split(etal.group("rest"), maxsplit=1) if x.strip()]
        if segs and "*" in raw:
            # "A et al, Title words. *eLife.* 2021 Mar; (10) e66151.": a journal in emphasis after
            # the title's stop ends the title even when its name opens in lower case
            for em in _PARSE_FULL_RE4.finditer(raw):
                name = strip_markup(em.group(1)).strip(" .")
                cut = segs[0].find(". " + name) if len(name) >= 2 else -1
                if cut > 0:
                    segs = [segs[0][:cut], segs[0][cut + 2:] + (" " + segs[1] if len(segs) > 1 else "")]
                    break
        if segs and len(segs[0].split()) >= 2:
            return {"title": clean(segs[0]).rstrip("."), "authors": first[0], "et_al": True,
                    "venue": clean(segs[1]) if len(segs) > 1 else None}
    # SENTENCES
    segs = [s.strip() for s in _PARSE_FULL_RE1.split(text_nourl) if s.strip()]
    if len(segs) >= 2:
        first = _authors(segs[0], subject)
        if first is not None:
            title, venue = segs[1], _venue_sentences(segs[2:])
            if not venue:
                parts = VENUE_INSIDE.split(title, maxsplit=1)
                if len(parts) == 2:
                    title, venue = parts
                else:
                    title, venue = _title_then_journal(title)
            else:
                # "Dustin Tingley Widening Access …": the last author ran into the title.
                pass
            return {"title": clean(title), "authors": first[0], "et_al": first[1], "venue": clean(venue) or None}
        # "Title. A and B. Venue" (a title-first layout whose lines were joined): the second
        # sentence is the author list when it names two or more people or the subject
        second = _authors(segs[1], subject) if len(segs) >= 3 and len(segs[0].split()) >= 3 else None
        if second is not None and (len(second[0]) >= 2 or any(a.is_subject for a in second[0])):
            return {"title": clean(segs[0]), "authors": second[0], "et_al": second[1],
                    "venue": clean(_venue_sentences(segs[2:])) or None}
        # "…, Matthew Stewart, Dustin Tingley Widening Access … TinyML. Arxiv Preprint, 2021."
        run = _split_authors_then_rest(segs[0], subject, comma_title=True)
        if run is not None and run[1] and len(run[0]) >= 2:
            return {"title": clean(run[1]), "authors": run[0], "et_al": False, "venue": clean(" ".join(segs[1:])) or None}
    # RUN_ON: "Title First Author, B, C venue…"
    run = _run_on(text_nourl, subject)
    if run is not None:
        return run
    # "Title, A, B, C, Venue 2025": the title first, then the authors, all set off by commas
    if text_nourl.count(",") >= 2:
        return _title_then_authors(text_nourl, subject)
    return None


_BOLD_NAMES_BOLD_TITLE = re.compile(r"\*\*([^*]{2,300})\*\*[\s,.:]*\*\*([^*]{8,400})\*\*[\s,.:]*")
_YEAR_NEXT = re.compile(r"\s*[,.]?\s*\(?((?:19|20)\d\d)\b")
# a journal's volume (and number) before the year: ", 47, No. 5, 2017", " 12(3), May 2020", ", 5 (2003)"
_VOLUME_THEN_YEAR = re.compile(r"\s*,?\s*(?!(?:19|20)\d\d)\d{1,4}(?:\s*\(\d{1,4}\))?\s*,?\s*(?:(?:No|Issue)\.?\s*\d{1,4},?\s*)?"
                               r"(?:[A-Z][a-z]{2,8}\.?,?\s+)?\(?((?:19|20)\d\d)\b")


def _place_only(text: str) -> bool:
    """A sentence naming a place and nothing else: a city and its state or country ("Lexington,
    Kentucky, USA", "Dublin, Ireland")."""
    parts = [p.strip(" .") for p in text.split(",")]
    return 2 <= len(parts) <= 4 and is_region(parts[-1]) and \
        all(is_region(p) or _is_city(p) for p in parts[:-1])


def _venue_sentences(segs: list[str]) -> str:
    """The sentences after a reference's title and authors, as its venue: a last sentence naming
    only a place is where the event was held ("… (LOREM 2014), ACM Press. Varnes, Norway."), no
    part of the venue's name (it had run into it: "ACM Press Varnes, Norway")."""
    if len(segs) >= 2 and _place_only(segs[-1]):
        segs = segs[:-1]
    return " ".join(segs)


def _title_then_emphasised_venue(raw: str, emphasis: re.Match[str], subject: str) -> dict | None:
    """'Title words, *Journal of Lorem*, 2021, 12(3): 44–51' (a list of the owner's own works, no
    author list): the title before the emphasised venue, the year right after it (the line had been
    one title holding the venue, year and pages, or no publication at all)."""
    before = strip_markup(raw[: emphasis.start()]).strip()
    if not before.endswith(","):
        return None
    title = before.rstrip(" ,")
    inner = strip_markup(emphasis.group(1)).strip(" .,")
    year = _YEAR_NEXT.match(strip_markup(raw[emphasis.end():]))
    first = title.split(",")[0].strip()
    if not year or len(title.split()) < 3 or not _is_venue(inner) or looks_like_name(first, 6) or \
            _authors(title, subject) is not None or (subject and same_person_name(first, subject)):
        return None
    return {"title": clean(title), "authors": [], "et_al": False, "venue": clean(inner), "year": year.group(1)}


def _names_title_venue(raw: str, emphasis: re.Match[str], subject: str) -> dict | None:
    """'A, B, C, Title words, *Journal* 46 (4), 521–530, 2024' (Google Scholar's citation form):
    the names, then the title up to the emphasised venue, all set off by commas."""
    before = strip_markup(raw[: emphasis.start()]).rstrip()
    if not before.endswith(",") or before.count(",") < 2:
        return None
    # (each name a whole item: a Title-Case title's first words are no name of their own)
    pos, names = 0, []
    for sep in _AUTHOR_ITEM_SEP.finditer(before):
        item = _ITEM_MARKS.sub("", before[pos:sep.start()]).strip()
        if not (looks_like_name(item, 6) or subject and same_person_name(item, subject)):
            break
        names.append(before[pos:sep.start()])
        pos = sep.end()
    title = before[pos:].strip(" ,")
    found = split_authors(", ".join(names), subject) if names else None
    if not found or len(title.split()) < 3 or not (len(found[0]) >= 2 or any(a.is_subject for a in found[0])):
        return None
    venue = strip_markup(emphasis.group(1)) + " " + strip_markup(raw[emphasis.end():])
    return {"title": clean(title), "authors": found[0], "et_al": found[1],
            "venue": clean(_PARSE_FULL_RE2.sub("", venue)).strip(" .,;") or None}


def _title_then_authors(text: str, subject: str) -> dict | None:
    """'Title words, A, B, C, Venue 2025': the items before the first run of two names or more
    (or the subject's name) are the title — a title may hold commas of its own ("Think Twice,
    Act Once: …") — the names are the authors and what follows them is the venue."""
    items = [i.strip() for i in text[:MAX_FIELD].split(",")]
    if len(items) < 3 or len(items) > 80:
        return None

    def is_name(item: str) -> bool:
        bare = _ITEM_MARKS.sub("", item).strip()
        return bool(bare) and (looks_like_name(bare, 6) or bool(subject) and same_person_name(bare, subject)
                               or bare.lower().startswith("and ") and looks_like_name(bare[4:], 6))

    for k in range(1, min(len(items) - 1, 12)):
        if is_name(items[k]) and (is_name(items[k + 1]) or subject and same_person_name(_ITEM_MARKS.sub("", items[k]).strip(), subject)):
            title = ", ".join(items[:k]).strip()
            if len(title.split()) < 3 or any(is_name(i) for i in items[:k]) or _is_venue(title):
                return None
            end = k
            while end < len(items) and is_name(items[end]):
                end += 1
            authors = split_authors(", ".join(items[k:end]), subject)
            if not authors:
                return None
            return {"title": clean(title), "authors": authors[0], "et_al": authors[1],
                    "venue": clean(", ".join(items[end:])) or None}
    return None


_ITEM_MARKS = re.compile(r"\\?[*\u2217†‡#+]|\bet\.?\s*al\b\.?")
_TAGS = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]{0,300})?/?>")
_BRACKET_BADGE = re.compile(r"(?:\*\*|__)?\[\s*(?P<v>[A-Z][\w&.-]{0,20}(?:\s[A-Za-z][\w&.-]{0,20}){0,3}?)\s*['’]?\s*"
                            r"(?P<y>(?:19|20)\d\d)\s*\](?:\*\*|__)?\s+(?=\S)")
_BADGE_STATUS = re.compile(r"(?i)(?:accepted|submitted|under|in\s+press|to\s+appear|forthcoming|preprint|working|draft|published)\b")
# "ICLR 2025", "IEEE TKDE 2023", "NeurIPS'24" and a note in brackets, before a quoted or linked title
_BADGE = re.compile(r"\s*(?P<v>(?:[A-Z][\w&.-]{0,20}\s+){0,3}[A-Z][\w&.-]{0,20}?[A-Z][\w&.-]{0,20}\s*['’]?\s*(?P<y>(?:19|20)\d\d))"
                    r"\s+(?:\(\s*(?P<note>[^()]{1,60}?)\s*\)\s*)?(?=[“\"\[])")


# "Review of _Title_ by …": the reviewed work's title, emphasised, quoted or running up to "by"
_REVIEW = re.compile(r"^[\s*_-]*(?:book\s+)?review\s+of\s+(?:_(?P<u>[^_]{2,300})_|\*(?P<s>[^*]{2,300})\*|"
                     r"<(?:i|em)>(?P<i>[^<>]{2,300})</(?:i|em)>|[\"“](?P<q>[^\"“”]{2,300})[\"”]|"
                     r"(?P<p>[^.,()]{2,300}?)(?=,?\s+(?:(?:edited|ed\.|eds\.|translated)\s+)?by\s))(?P<rest>.*)$", re.I)
# its byline: "by A and B (Press, 2002)." or "by A. Journal"
_REVIEW_BY = re.compile(r"[\s,.]*(?:(?:edited|ed\.|eds\.|translated)\s+)?by\s+[^()]{1,300}?"
                        r"(?:\s*\((?P<pub>[^()]{1,200})\)\s*[.,]?|(?<!\b[A-Z])\.(?=\s)|$)", re.I)
_MONTH_OR_SEASON = (r"(?:" + _MONTH_STEM + r"[a-z]{0,6}\.?|spring|summer|fall|"
                    r"autumn|winter)")
# the review's date after the journal: "(October, 2002)", ", July 2006", "(2000): 44-46"
_REVIEW_DATE = re.compile(r"[\s,.]*(?:\(\s*(?:" + _MONTH_OR_SEASON + r",?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d\d)\s*\)|"
                          r"(?:" + _MONTH_OR_SEASON + r",?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d\d))"
                          r"[\s.]*(?::\s*[\d–-]{1,20}\s*\.?)?$", re.I)


_REVIEW_VOLUME = re.compile(r"\s+\d{1,4}(?:\s*\(\d{1,4}\))?(?:,?\s*no\.\s*\d{1,4})?[\s,.]*$", re.I)


def _book_review(m: re.Match[str]) -> dict:
    """A review of a book: the title "Review of <book>", the journal it appeared in as venue, and
    the year of the review (the book's own year when the review gives none)."""
    book = next(g for g in (m.group("u"), m.group("s"), m.group("i"), m.group("q"), m.group("p")) if g)
    rest = _PARSE_FULL_RE2.sub("", strip_markup(m.group("rest")))
    by = _REVIEW_BY.match(rest)
    pub_year = YEAR_RE.search(by.group("pub") or "") if by else None
    venue = rest[by.end():] if by else rest
    date = _REVIEW_DATE.search(venue)
    year = (date.group(1) or date.group(2)) if date else (pub_year.group(0) if pub_year else None)
    if date:
        venue = venue[: date.start()]
    venue = _REVIEW_VOLUME.sub("", venue)       # "Quarterly 12, no. 2": the journal's volume and issue
    entry = {"title": "Review of " + clean(book).strip(" ,.")}
    entry["venue"] = clean(venue).strip(" .,;:") or None
    if year:
        entry["year"] = year
    return entry


_VOLUME_PAGES = re.compile(
    r"(?:[,;]\s*(?:(?:vol(?:ume)?|no|nr|issue|pp?|pages?|art(?:icle)?|id)\.?\s*[\w().:–-]+|[vn]\.\s*\d[\w().:–-]*|\d+\s*(?:\(\s*[\w–-]+\s*\))?"
    r"(?:\s*:\s*[\w]+(?:\s*[–-]\s*\w+)?)?|\d+\s*[–-]{1,2}\s*\d+|(?:19|20)\d\d|" +
    _MONTH_STEM + r"[a-z]*\.?(?:[\s–-]+\d{1,2})?(?:\s+(?:19|20)\d\d)?))+"
    r"\s*[.,;]?\s*$", re.I)
_VOLUME_COLON_PAGES = re.compile(r"\s+\d+\s*(?:\(\s*[\w–-]+\s*\))?\s*:\s*\w+(?:\s*[–-]\s*\w+)?\s*\.?$")
_DBLP_TAIL = re.compile(r"\s+\d{1,4}(?:\s*\(\d+\))?\s*:\s*\w+(?:\s*[–-]\s*\w+)?\s*\((?:19|20)\d\d\)\.?$")
_PUBLISHER_TAIL = re.compile(r"[.,]\s*(?:Springer(?:[- ]Verlag)?|Elsevier|Wiley|IOS Press|CEUR(?:-WS)?|Morgan Kaufmann|"
                             r"Curran Associates|PMLR|OpenReview)\b[^.]{0,40}$")
_DOT_VOLUME = re.compile(r"(?<=[A-Za-z)])\.\s+\d{1,4}(?:\s*\(\s*[\w–-]{1,12}\s*\))?\s*\.?$")
_PAGES_TAIL = re.compile(r"[.,;]\s*(?:pp?\.?\s*)?\d+\s*[–-]\s*\d+\.?$")
# APA's pages of a chapter or paper in brackets after the book's name: "(pp. 45–57)", "(Vol. 2, pp. 45–57)"
_BRACKETED_PAGES = re.compile(r"\s*\(\s*(?:vol(?:ume)?\.?\s*\d+\s*,\s*)?(?:pp?\.?|pages?)\s*[A-Za-z]?\d+\s*[–-]\s*[A-Za-z]?\d+\s*\)\.?$", re.I)
# a book series named after a proceedings volume: "LNCS, vol. 6049", "LNCS (LNAI) Vol. 3571",
# "Lecture Notes in Computer Science, vol. 12", "CEUR Workshop Proceedings 2540"
_SERIES_NAMES = (r"LNCS|LNAI|LNBI|LNBIP|LNEE|LNICST|LNNS|CCIS|AISC|LIPIcs|EPTCS|CEUR(?:[- ]WS(?:\.org)?|\s+Workshop\s+Proceedings)?|"
                 r"(?i:Lecture\s+Notes\s+in\s+(?:Computer\s+Science|Artificial\s+Intelligence|Bioinformatics|"
                 r"Business\s+Information\s+Processing|Electrical\s+Engineering|Networks\s+and\s+Systems)|"
                 r"Communications\s+in\s+Computer\s+and\s+Information\s+Science|Advances\s+in\s+Intelligent\s+Systems\s+and\s+Computing)")
_SERIES_HINT = re.compile(r"\b(?:" + _SERIES_NAMES + r")\b")
_SERIES_TAIL = re.compile(r"(?:[.,;:]\s*|(?<![\s.,;:])\s+|^)(?:Springer\s+)?\b(?:" + _SERIES_NAMES + r")\b(?:\s*\((?:LNAI|LNBI)\))?"
                          r"(?:[,.]?\s*(?:[Vv]ol(?:ume)?\.?\s*)?\d{1,5}\b)?(?:\s*\(\s*\d{1,5}\s*[-–]{1,2}\s*\d{1,5}\s*\))?"
                          r"\.?\s*(?=[,;:.]|$)")     # ("vol.11536 (253-266)": the pages in brackets)
# "…(ICML), 2026. CCF-A; …": the year closing the reference's venue, then a note in sentences of its own
_NOTE_AFTER_YEAR = re.compile(r"(?:,\s*|\s\(?)((?:19|20)\d\d)\)?\.\s+(?=[A-Z\u00c0-\u024f(\[*])")
_VENUE_WORDS_BEFORE = re.compile(r"[^\W\d_]{3}")
# "(AP2PS 2010), October 25-30, Florence": the event's days, the month first
_MONTH_DAYS = re.compile(r"[.,;]\s*" + _MONTH_STEM + r"[a-z]{0,6}\.?\s+\d{1,2}\s*[-–]\s*\d{1,2}"
                         r"(?:,?\s+(?:19|20)\d\d)?(?=[\s.,;)]|$)", re.I)
_DAY_MONTH = re.compile(r"(?:[.,;]\s*|(?<![\s.,;])\s+)?(?<![\w(])\d{1,2}(?:\s*[-–]\s*\d{1,2})?\s+" + _MONTH_STEM +
                        r"[a-z]{0,6}\.?(?:,?\s+(?:19|20)\d\d)?(?=[\s.,;)]|$)", re.I)
_EDITORS_LEAD = re.compile(r"^(?:in\s*:?\s*)?[^()]{2,300}?\((?:eds?|Eds?|Hrsg)\.?\)\s*[.,:]?\s+(?=\S)")
_IN_PRESS = re.compile(r"[,;]?\s*\(?\b(?:in press|forthcoming|to appear|accepted(?: for publication)?)(?:\s+(?:article|paper))?\b\)?",
                       re.I)
# "The LOREM-HD Study Team, ", "Ipsum Disease Imaging Initiative, " among the authors; "… and D. Roe for the
# Ipsum Imaging Initiative and the Dolor Study team" closing them: groups, no authors' names
_GROUP_WORDS = r"(?:[Ss]tudy\s+[Tt]eam|[Ss]tudy\s+[Gg]roup|[Rr]esearch\s+[Gg]roup|[Ww]orking\s+[Gg]roup|Initiative|Investigators)"
_GROUP_AUTHOR = re.compile(r"(?<=, )(?:[Tt]he\s+)?(?:[A-Z][\w'’/&-]*\s+){1,5}" + _GROUP_WORDS + r",\s+")
_FOR_GROUP = re.compile(r"\s+(?:for|on\s+behalf\s+of)\s+the\s+(?:[\w'’/&-]+\s+){1,12}?" + _GROUP_WORDS
                        + r"(?:\s+and\s+the\s+(?:[\w'’/&-]+\s+){1,8}?" + _GROUP_WORDS + r")?(?=\s*\.\s*$)")
# the curly apostrophe after a surname's one-letter particle: "D’Orsay", "O’Brien", "L’Heureux"
_NAME_APOSTROPHE = re.compile(r"(?<=\b[A-Za-z])’(?=[A-Z][a-z])")
# "\*Equal contribution.", "† co-first authors" after a reference: what its marks mean, no part of it
_EQUAL_NOTE = re.compile(r"\s+\\?[*∗†‡#]\s*(?:equal(?:ly)?\s+contribut\w*|co-?first\s+authors?|joint\s+first\s+authors?)\.?\s*$", re.I)
# "[doi: 10.1117/12.3047240](https://doi.org/…)", "[10.1002/ca.70077](…)": a link whose text is the
# reference's DOI (read from the link itself), no title and no part of the venue
_DOI_LABEL_LINK = re.compile(r"\[\s*(?:doi\s*:?\s*)?10\.\d{4,9}/[^\]\s]+\s*\]\([^)\s]*\)", re.I)
_LABEL_LINKS = re.compile(r"\\?\[\\?\[?\s*(?:\*\*|__)?\s*(?:" + LINK_LABELS + r")\s*(?:\*\*|__)?\s*\]?\\?\]\([^)\s]*\)", re.I)
# ("2020, Title." — a date column set off by a comma, as "2020. Title." and "2020: Title.")
_LEAD_YEAR = re.compile(r"^(?:\*\*|__)?(?:(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+)?((?:19|20)\d\d)[a-z]?(?:\*\*|__)?\s*(?:\t|[.,:|–—-]\s+|\s+(?=[A-Z\u00c0-\u024f][\w.'’-]*[,. ]))\s*")
_CHICAGO_HINT = re.compile(r"\.\s+(?:(?:19|20)\d\d[a-z]?|forthcoming|in\s+press|n\.\s?d)\.\s*[\"“A-Z]", re.I)
_INVERTED_HINT = re.compile(r"(?:(?!and\s)[a-z]{1,3}\s)*[A-Z][\w'’\-]+(?:\s[A-Z][\w'’\-]+){0,2},\s*[A-Z]\.")
# A surname before its initials: "Doe", "Van Der Berg", "van den Berg", "De La Cruz" (lower-case
# particles, then up to three capitalised words; each word starts where the one before ended,
# so a run of names has one reading only).
_INV_SURNAME = r"(?:(?!and\s)[a-z]{1,3}\s)*[A-Z][\w'’\-]+(?:\s(?:(?!and\s)[a-z]{1,3}\s)*[A-Z][\w'’\-]+){0,2}"
# The title that follows is neither the next initial ("Doe, J. Q., …") nor the next name. Names
# are separated by commas or semicolons ("Doe, J.; Roe, R.P. Title"), an author's mark may follow
# the initials (ACS: "Roe, D. M.‡; Poe, E.* Title"); "..." / "…" stands for authors left out. (Each piece of a name has one reading — initials "J.-P." / "R. P.", then a
# separator — so a long line that is no list fails fast.)
_INVERTED_SUFFIX = re.compile(r"(?<=[A-Z]\.),\s*(?:Jr|Sr)\.?(?=\s*(?:[,;&]|and\b))")
_INVERTED_LIST = re.compile(
    r"^(?P<a>(?:(?:and\s+|&\s+)?" + _INV_SURNAME + r",\s*[A-Z]\.(?:(?:\s*-\s*|\s*)[A-Z]\.){0,2}[*†‡§]{0,2}(?:[,;]\s*|\s+)"
    r"(?:(?:\.\s?\.\s?\.|…)[,;]?\s+)?){1,40})"
    r"(?P<rest>(?!and\b)(?![A-Z]\.[\s,;-]|" + _INV_SURNAME + r",\s*[A-Z]\.)[A-Z“\"].+)$")
# (an edited volume opens "With A. Roe, eds."; "Place: Publisher" names any publisher, a publisher
# alone must say it is one; "forthcoming 2026": a book accepted, published as far as the status goes)
_BOOK = re.compile(r"^(?:[Ww]ith\s+(?:[A-Z][\w'’-]*\.?\s?){1,4}(?:(?:,\s*|\s+and\s+)(?:[A-Z][\w'’-]*\.?\s?){1,4}){0,4},\s+eds?\.\s+)?"
                   r"(?P<t>[^.“\"]{8,300}?)\.\s+(?:(?:[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}(?:,\s+[A-Z][\w.]*(?:\s[A-Z][\w.]*)?)?):\s+"
                   r"(?P<p2>[A-Z][^,.:]{1,60})|(?:[A-Z][\w .,'’-]{1,40}:\s+)?(?P<p>[^,.]{2,80}?\b(?:Press|Publishers?|"
                   r"Publishing|Verlag|Books|Éditions|Editions|Editores|Routledge|Springer|Wiley|Elsevier)\b[^,.]{0,40})),"
                   r"\s*(?:(?:forthcoming|in press)\s*,?\s*)?(?P<y>(?:19|20)\d\d)\.?$")
_JOURNAL_VOLUME = re.compile(r"[A-Z][\w .&:'’-]{1,80}?,?\s+\d{1,4}(?:\s*\(\d+\))?(?:,\s*no\.?\s*\d+)?\s*\(?(?:19|20)\d\d\)?"
                             r"(?:\s*:\s*[\d–-]+)?\.?$")
_WITH_COAUTHORS = re.compile(r"\(\s*(?:joint\s+)?with\s+([^()]{3,300})\)", re.I)
# "with Y. Roe and Z. Poe. Submitted.": co-authors opening the rest of a reference, without brackets
# (a name of three words too: "with Ann Lorem Ipsum, and Ben Poe")
_CO_NAME = r"(?:[A-Z][a-z]?\.\s?(?:-?[A-Z]\.\s?)*)*[A-Z][\w'’-]+(?:\s(?:van|von|de|der|da|di|Van|Von|De)?\s?[A-Z][\w'’-]+){0,2}"
_WITH_LEAD = re.compile(r"^[\s,.;]*with\s+(" + _CO_NAME + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)" + _CO_NAME + r"){0,12})"
                        r"(?=\s*(?:[.;,]|$))")
_WITH_IN_TITLE = re.compile(r",\s+with\s+" + _CO_NAME + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)" + _CO_NAME + r"){0,12}"
                            r"(?=\s*(?:[.;]|$))")
# "Title, with P.R. Roe and D. Poe, Journal of Lorem, 47, No. 5, 2017, 1655-1691." (mathematics CVs):
# the title to the first comma, the co-authors after "with" (each with two words or an initial, so a
# one-word journal such as "Axioms" is not taken for one), then the venue and its numbers
_CO_FULL_NAME = (r"(?:(?:[A-Z][a-z]?\.\s?(?:-?[A-Z]\.\s?)*)+[A-Z][\w'’-]+"
                 r"|[A-Z][\w'’-]+\s(?:(?:van|von|de|der|da|di)\s)?(?:[A-Z]\.\s)?[A-Z][\w'’-]+)")
_TITLE_WITH_VENUE = re.compile(r"^(?P<t>[^,;]{8,300}?),\s+with\s+(?P<w>" + _CO_FULL_NAME + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
                               + _CO_FULL_NAME + r"){0,12}),\s+(?P<rest>(?:\*(?!\*)|_(?!_))?[A-Z].{2,600})$")
_VENUE_NUMBERS = re.compile(r",\s*(?:\d|(?:no|vol|issue|pp?)\.?\s*\d|(?:" + "|".join(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "spring", "summer", "fall",
     "autumn", "winter", "in preparation", "to appear", "in press", "submitted", "accepted")) + r"))", re.I)
_JOURNAL_TAIL = re.compile(r"(?<!\s),?\s+\d{1,4}(?:\s*\(\d+\))?(?:,\s*no\.?\s*\d+)?,?\s*\((?:19|20)\d\d\)(?:\s*:\s*[\d–-]+)?\.?$")
_PUB_GROUP_LABEL = re.compile(
    r"(?i)(?:(?:selected|refereed|peer[- ]reviewed|journals?|conferences?|workshops?|book|books|edited|working|other|"
    r"invited|non[- ]refereed|technical|policy|review|reviews|in|under|progress|submitted|published|preprints?|"
    r"papers?|articles?|chapters?|volumes?|monographs?|reports?|proceedings|publications|theses|thesis|dissertations?|"
    r"b\.?sc\.?|m\.?sc\.?|b\.?a\.?|m\.?a\.?|ph\.?d\.?|master'?s|bachelor'?s|doctoral|diploma|honou?rs|"
    # "First author", "Co-authored", "As corresponding author": lists parted by the subject's role
    r"first|last|senior|corresponding|co-?first|co-?authored|authored|authors?|as|"
    r"and|&|/)\s*){1,5}")
# (also a mark set right before what it means: "(‡equal contribution; *corresponding author)")
_MARK_NOTE = re.compile(r"^(?:_+|\*\*)?[(\[]?\s*(?:(?:\\?[*†‡#✉+§])+|\d|(?:bold(?:face|ed)?|underlined?|italics?|italicized)"
                        r"(?:\s+(?:font|type|names?|authors?))?[_*]*)\s*(?:(?:denotes?|indicates?|marks?|means|are|is)\b|=|:|"
                        r"(?<=[*†‡#✉+§])(?:equal(?:ly)?\s+contribut|co-?first\s+author|corresponding\s+author|joint\s+first))", re.I)
_BARE_DOI_END = re.compile(r"[.,;]?\s+10\.\d{4,9}/\S+\s*$")
_VANCOUVER_NAME = re.compile(r"(?:[A-Z][\w'’\-]+ ){1,2}(?:[A-Z]{1,3}|(?:[A-Z]\.){1,3}|(?:[A-Z]\.){1,2}[A-Z])")   # ("Doe J.", Springer; "Doe J.M")
_DOI_WRITTEN = re.compile(r"[.,;]?(?<!\s)\s*\bdoi\s*:?\s*(?:https?://(?:dx\.)?doi\.org/)?(10\.\d{4,9}/\S+?)(?=[.,;]?(?:\s|$))", re.I)
# (also "Bioinformatics 2015 May 21:btv317": the article's id after the date, no volume yet)
_VANCOUVER_TAIL = re.compile(r"[.,]?(?<!\s)\s*((?:19|20)\d\d)(?:\s+[A-Z][a-z]{2}(?:\s+\d{1,2})?)?\s*(?:;.*|:\s*[\w.-]+\.?)$")
_STATUS_LEFTOVER = re.compile(r"^[\s,;:.(]*(?:(?:conditionally|provisionally)\s+(?:accepted\s+)?)?(?:at|to)\s+(?!appear\b)(?=(?-i:[A-Z\d]))|"
                              r"[.,;]?(?<!\s)\s*\bdoi\s*:?\s*$", re.I)
_EMPTY_BRACKETS = re.compile(r"\[\s*\]|\(\s*\)")
_SERVER_ID = re.compile(r"\b((?:19|20)\d\d)\.\d\d\.\d\d\.\d{5,6}(?:v\d+)?\b")
_VANCOUVER_CONFERENCE = re.compile(r"(?<!\s)\s*;\s*((?:19|20)\d\d)\b[^;]{0,40};.*$")
# (also "2018, exp." / "2019 (forthcoming)": a year column's cell with a status note)
# ("2025 · 3": a year and the entry's number in the list, a lab page's date column)
_YEAR_HEADING = re.compile(r"\s*((?:19|20)\d\d)(?:\s*[-–—]\s*(?:(?:19|20)\d\d|present|now))?"
                           r"(?:,?\s*\(?(?:exp\.?|expected|forthcoming|in\s+press|submitted|under\s+review)\)?\.?)?"
                           r"(?:\s+·\s+\d{1,4})?\s*:?\s*", re.I)
_EMPH_VENUE = re.compile(r"\s*(?:\*(?!\*)|_(?!_))(?P<v>[^*_\n]{3,200})(?:\*|_)[.,]?\s*(?:(?P<w>(?i:co-?authored|written|joint)\s+with\s+.{3,400}?))?\s*")
_CO_AUTHORED = re.compile(r"(?i:co-?authored|written|joint)\s+with\s+(?P<w>.{3,600}?)[.;]?\s*")


def _co_authored(cur: dict, raw: str, subject: str) -> bool:
    """Fill in, from a line under an entry's title, the venue ('*Journal*', '*Journal*. Co-authored
    with Roe, J.') or the co-authors ('Co-authored with Roe, Jane; Poe, E.;', or the line that goes
    on with a list ending in ';'). False when the line is neither."""
    with_text = None
    if cur.get("authors_open"):
        with_text = raw.strip()
    elif (raw.lstrip()[:1] in "*_") and not re.search(r"[^\W\d_]", cur.get("venue") or "") \
            and (ev := _EMPH_VENUE.fullmatch(raw)) and not _authors(ev.group("v"), subject):
        if cur.get("venue") and not cur.get("year") and (y := YEAR_RE.search(cur["venue"])):
            cur["year"] = y.group(1)      # '"Title" \hfill 2018': the year column read as the venue
        cur["venue"] = clean(ev.group("v"))
        with_text = ev.group("w") and _CO_AUTHORED.fullmatch(ev.group("w")).group("w")
    elif "with" in raw and not cur.get("authors") and (cw := _CO_AUTHORED.fullmatch(raw.strip())):
        with_text = cw.group("w")
    else:
        return False
    cur.pop("authors_open", None)
    if with_text:
        names = strip_markup(with_text).strip(" ;,")
        found = split_authors(names, subject)
        if found is None and ";" in names and all(p.count(",") == 1 for p in names.strip(" .").split(";")):
            # "Vale, Mark; Poe, Edna": each name surname first, the names parted by semicolons
            found = split_authors(", ".join(" ".join(reversed([w.strip() for w in p.split(",")]))
                                            for p in names.strip(" .").split(";")), subject)
        others = (found or ([], False))[0]
        if others:
            if subject and not cur.get("authors"):
                cur["authors"] = [Author(name=subject, is_subject=True)]
            cur.setdefault("authors", []).extend(a for a in others if not a.is_subject)
        if with_text.rstrip().endswith(";"):
            cur["authors_open"] = True     # the list goes on on the next line
    return True


_BOLD_ONLY = re.compile(r"\s*(?:\*\*|__|<b>|<strong>)[^*_<>]{1,40}(?:\*\*|__|</b>|</strong>)\s*", re.I)
# (a site's own file named with blanks, "[Title](/papers/Ecol. Lett. 2014 Roe.pdf)", is a link target too:
# spaces allowed in a target that ends with a file extension; the cut title had kept "[" and the venue "Lett. …)")
# (an address may hold brackets in pairs, as CommonMark allows: "…/S1538-4721(17)30007-7/abstract")
_LINK_TARGET = r"\((?:[^()\s]{0,500}(?:\([^()\s]{0,100}\)[^()\s]{0,500}){1,2}(?=\))|[^)\s]{0,500}|[^()\s][^()\n]{0,300}?\.[A-Za-z]{2,4})\)"
_LINKED_TITLE = re.compile(r"\[([^\]\n]{8,300})\]" + _LINK_TARGET + r"|<(a|q)\b[^<>]{0,500}>([^<>]{8,300})</\2\s*>", re.I)
_CHICAGO_YEAR = re.compile(r"^(?P<a>[^\"“]{3,600}?)\.\s+(?P<y>(?:19|20)\d\d|(?i:forthcoming|in\s+press|n\.\s?d))[a-z]?\.\s*"
                           r"(?P<rest>[\"“A-Z].*)$")
_APS_TAIL = re.compile(r"\(\s*((?:19|20)\d\d)\s*\)\s*\.?\s*$")
_APS_VENUE = re.compile(r"(?:[A-Z][\w.&'’\-]*\.?(?:\s+[A-Z][\w.&'’\-]*\.?)*\s+\d+[A-Z]?$|arXiv:\s*\d{4}\.\d{4,5})")
_APA_YEAR = re.compile(r"^(?P<a>.{3,600}?)\s*\(\s*(?P<y>(?:19|20)\d\d[a-z]?|in press|forthcoming|n\.\s?d\.|"
                       r"under review|under revision|submitted|in preparation|in prep\.?)"
                       r"(?:\s*,[^()]{0,30})?\s*\)\s*[.:,]?\s*(?P<rest>.+)$", re.I)
# a word joined by hyphens to small words ("Human-in-the-Loop") or to a long lower-case one
# ("Front-office"), as titles write them (a given name's "Jun-ho", "Ji-won" is not one)
_LOWER_AFTER_HYPHEN = re.compile(r"[A-Za-z]-[a-z]+-|[A-Za-z]-[a-z]{4,}\b")
_AUTHORS_COLON = re.compile(r"^(?P<a>[^:]{3,600}?[A-Za-z.]):\s+(?P<rest>[A-Z“\"].+)$")
_MID_QUOTE = re.compile(r'^(?P<a>.{3,600}?)[\s,.:;]*["“](?P<t>[^"“”]{4,500}?)[\s,.;:]*["”][\s,.;:]*(?P<rest>.*)$')
_ITALIC_OPEN = re.compile(r"(?:\*(?!\*)|_(?!_)|<i>|<em>)(?=[A-Za-z])([^*_<>\n]{3,200}?)(?:\*|_|</i>|</em>)")
_INITIALS_NAME = r"(?:[A-Z]\.[\s-]?){1,3}[A-Z][\w'’-]+"
_TITLE_BYLINE = re.compile(r"^(?:(?:19|20)\d\d\s+)?(?P<t>[A-Z0-9][^()*_]{7,400}?)\s+\((?P<a>" + _INITIALS_NAME
                           + r"(?:(?:,\s*|\s+and\s+|\s*&\s*)" + _INITIALS_NAME + r")*),\s*(?P<y>(?:19|20)\d\d)[a-z]?\)")
_LEAD_TITLE = re.compile(r'^\s*(?:\*\*|__|<b>|<strong>|<i>|<em>|\*|_|["“])(?P<t>[^*_"“”<>]{4,500}?)[\s,.;:]*'
                         r'(?:\*\*|__|</b>|</strong>|</i>|</em>|\*|_|["”])[\s,.;:]*(?P<rest>.*)$', re.I)


# "Physical Review A 109, 013318 (2024)", "Nature Physics 18.1356–61 (2022)", "arXiv:2601.06763 (2026)":
# a journal (or arXiv id) with volume or page numbers, then the year in brackets
_VENUE_VOLUME_YEAR = re.compile(r"(?:(?P<j>[A-Z][\w.&'’-]*(?:\s+(?:[A-Z][\w.&'’-]*|of|and|in|for|the|&)){0,8})\s+\d[\w.,:;–-]{0,30}"
                                r"(?:\s+[\w.,:;–-]{1,30}){0,2}|arXiv:\s*\d{4}\.\d{4,5}(?:v\d+)?)\s*\(\s*(?P<y>(?:19|20)\d\d)\s*\)\.?\s*")
_MD_LINK = re.compile(r"\[([^\]\n]{1,300})\]" + _LINK_TARGET)
_BOLD_THEN_WITH = re.compile(r"\s*(?:\*\*|__|<b>|<strong>)\s*(?P<t>[^*_<>]{4,400}?)[\s,.;:]*(?:\*\*|__|</b>|</strong>)[\s,.;:]*"
                             r"\(?\s*(?:joint\s+)?with\s+(?P<w>[^()\n]{3,400}?)\s*\)?\s*\.?\s*", re.I)
_GOST_VENUE = re.compile(r"(?<!:)(?<!\[[CJ]\])\s+//\s+(?=\S)")
_GOST_PART = re.compile(r"\.?\s+[—–]\s+|\.\s+-\s+")
_GBT_TYPE = re.compile(r"\s*\[(?:J|C|M|D|R|P|S|N|Z|A|G|K|EB|DB|CP|(?:J|C|M|EB|DB|N)/OL)\](?:\s*//\s*|\s*[.,]\s*|\s+)(?=\S)")
_PUBMED_IDS = re.compile(r"[.;,]?\s*(?:pii:|(?:PubMed\s+)?PMID:|(?:PubMed\s+Central\s+)?PMCID:)")
_PUBMED_DATE_END = re.compile(r"[.,]?\s*((?:19|20)\d\d)(?:\s+[A-Z][a-z]{2}(?:\s+\d{1,2})?)?[.\s]*$")
_PUBMED_NOTE = re.compile(r"\[(?:published|epub|erratum|retraction|retracted|corrected|correction)\b[^\[\]\n]{0,160}\]", re.I)
_ARXIV_ID_NOTE = re.compile(r"[.,;]?\s*\barXiv\s*:\s*\d{4}\.\d{4,5}(?:v\d+)?(?:\s*\[[\w.-]{1,20}\])?")
# (a status and no journal before the id, "Under review, 2025. arXiv:…": the id stays its venue)
_STATUS_WORD = re.compile(r"\b(?:review|submitted|revision|preparation|prep|press|accepted|appear|forthcoming)\b", re.I)
_ARXIV_DIGITS = re.compile(r"(?<=arXiv)\s*:\s*\d{4}\.\d{4,5}(?:v\d+)?")
_ARXIV_TWICE = re.compile(r"\b(arXiv(?:\s+preprint)?)\s+arXiv\b", re.I)
_ARXIV_ID_VENUE = re.compile(r"\barXiv\s*:\s*\d{4}\.\d{4,5}(?:v\d+)?(?:\s*\[[\w.-]{1,20}\])?(?:\s*\(\s*(?:19|20)\d\d\s*\))?", re.I)
_TRAILING_BUTTONS = re.compile(r"(?:\s*\[[A-Z][\w-]{0,15}\]\([^()\s]{0,500}\))+\s*$")
_BRACKETED_BUTTON = re.compile(r"\s*\[\[[^\[\]\n]{1,40}\]\([^()\s]{0,500}\)\]")
_BUTTON_LINKS = re.compile(r"\\?\[\\?\[[^\[\]\n]{1,80}\\?\]\\?\](?:\([^()\s]{0,500}\)?)?")   # "[[In the News]](url)"
# A line of link buttons after a reference: '[[DBWY16_JCTC935]](url)', '[doi:10.1/x](url) [code](url)' —
# double brackets, or a label of one word (a cite key, an identifier), never a title of words
_LINK_BUTTONS = re.compile(r"(?:(?:\\?\[(?:\\?\[[^\[\]\n]{1,80}\\?\]|[^\s\[\]]{1,80})\\?\]\([^()\s]{1,500}\)|"
                           # (an HTML page's buttons: '<a href=… class="button">Zenodo</a>')
                           r"<a\b[^<>]{1,500}>\s*[^\s<>]{1,80}\s*</a\s*>)[\s.,;|/]*){1,8}", re.I)


def _quote_linked_title(m: re.Match[str]) -> str:
    text = m.group(1) or m.group(3)
    if PDF_LINK.match(f"[{text}]") or len(text.split()) < 2 or re.match(r"https?://", text) \
            or _VENUE_VOLUME_YEAR.fullmatch(text):
        return m.group(0)
    if m.string[max(0, m.start() - 1):m.start()] in ('"', "“"):
        return text          # '"[Title](url)"': already in quotes
    if len(text.split()) <= 4 and looks_like_name(text.strip(" ,.;*")) and not (
            len(text.split()) == 4 and m.string[m.end():m.end() + 1] == "." and "," not in m.string[:m.start()]):
        # "…, [Rosalie L. Pacula](url), and …": a co-author's page, not a title (but a four-word
        # link opening the reference and closed by a full stop is its title: "[Dynamic Graph
        # Information Bottleneck](url). A, B")
        return text
    return f"“{text}”"


# (also the AMS style of mathematics: "Title, Geom. Topol. 27 (2023), no. 4, 1501–1560.")
_ELSEVIER_TAIL = re.compile(r",\s*(?P<j>[A-Z][\w.&'’ -]{1,80}?)\s+(?P<v>\d{1,4})\s*\((?P<y>(?:19|20)\d\d)\)"
                            r"(?:\s*,\s*no\.\s*\d{1,4})?"
                            r"(?:\s*,?\s*(?:pp?\.?\s*)?[A-Za-z]?\d+(?:\s*[–-]\s*[A-Za-z]?\d+)?)?\.?"
                            # (physics: the arXiv id after the pages, in brackets or not: ", [arXiv:1807.01234]")
                            r"(?P<rest>\s*(?:doi\s*:?\s*\S+|https?://\S+|,?\s*\[?arXiv\s?:\s?\d{4}\.\d{4,5}(?:v\d+)?"
                            r"(?:\s*\[[\w.-]{2,20}\])?\]?)?\.?)$", re.I)


# "A. Roe and B. Poe, Title, arXiv:2310.05678 [math.GR], 2023. Submitted." (mathematics, physics)
_ARXIV_COMMA_TAIL = re.compile(r",\s*arXiv\s?:\s?(?P<id>\d{4}\.\d{4,5}(?:v\d+)?)(?:\s*\[[\w.-]{2,20}\])?"
                               r"(?:\s*,\s*(?P<y>(?:19|20)\d\d))?\s*[.,;]?(?P<rest>[^,]{0,60})$", re.I)


_QUOTED_BEFORE_VENUE = re.compile(r"[“\"][^“”\"]{8,400}[,.]?\s?[”\"]\s*,?\s*"
                                  r"(?:(?:submitted|accepted|to appear)(?:\s+for\s+publication)?\s+(?:to|in|by)\s+)?"
                                  r"[A-Z][^,]{1,80}?\(\s*(?:19|20)\d\d\s*\)")


def _arxiv_comma_reference(text: str, subject: str) -> dict | None:
    """Authors (or none: the subject's own paper), an unquoted title and an arXiv id as the
    venue, separated by commas; a status after it ("Submitted.") stays with the venue."""
    m = _ARXIV_COMMA_TAIL.search(text)
    if not m:
        return None
    if _QUOTED_BEFORE_VENUE.search(text[: m.start()]):
        # 'A, B, “Title,” Eur. Phys. J. C 81 (2021) 455, arXiv:2102.01234': a quoted title and a
        # journal before the arXiv id (read by the quoted-title reader, the journal the venue)
        return None
    found = _authors_and_title(text[: m.start()], subject)
    if found is None:
        return None
    (authors, et_al), title = found
    entry = {"title": clean(title)} if authors is None else {"title": clean(title), "authors": authors, "et_al": et_al}
    entry["venue"] = ("arXiv:" + m.group("id") + " " + m.group("rest").strip(" .")).strip()
    if m.group("y"):
        entry["year"] = m.group("y")
    return entry


def _elsevier_reference(text: str, subject: str) -> dict | None:
    """Authors, an unquoted title and 'Journal Volume (Year) Pages', separated by commas (the
    numbered style of Elsevier and ACS journals)."""
    if '"' in text or "“" in text:
        return None          # a quoted title: the other reference forms read it
    m = _ELSEVIER_TAIL.search(text)
    if not m or not re.search(r"[A-Za-z]{2}", m.group("j")) or \
            re.fullmatch(r"(?:no|nr|vol|volume|issue|pp?|art)\.?", m.group("j").strip(), re.I):
        return None          # ("…, no. 1 (2021)": Chicago's issue, not a journal)
    found = _authors_and_title(text[: m.start()], subject)
    if found is None:
        return None
    authors, title = found
    if authors[0] is None:
        return {"title": clean(title), "year": m.group("y"), "venue": clean(m.group("j")).rstrip(" ,") or None}
    # (a DOI after the pages stays with the venue text, which gives it to the DOI)
    venue = clean(m.group("j")).rstrip(" ,") + (" " + m.group("rest").strip(" .") if m.group("rest").strip(" .") else "")
    return {"title": clean(title), "authors": authors[0], "et_al": authors[1], "year": m.group("y"),
            "venue": venue or None}


def _authors_and_title(before_venue: str, subject: str) -> tuple[tuple, str] | None:
    """The comma parts before a venue read as authors then title (``_comma_authors_and_title``),
    or, when no leading run reads as authors, all of them as the title of a paper with no author
    list ("(with A. Roe) Title, J. Topol. 14 (2021), 233–270": the subject's own, its co-authors in
    a note read later): ((None, False), title). None when the first part is itself an author list
    or such a title has fewer than three words."""
    items = [i.strip() for i in re.split(r",\s*", before_venue.strip(" ,")) if i.strip()]
    found = _comma_authors_and_title(items, len(items), subject)
    if found is None:
        if not items or _authors(items[0], subject) is not None or len(", ".join(items).split()) < 3:
            return None
        found = ((None, False), ", ".join(items))
    return found


def _comma_authors_and_title(items: list[str], j: int, subject: str) -> tuple[tuple, str] | None:
    """Comma-separated parts of a reference before its venue (``items[:j]``): the longest run of
    leading parts that reads as an author list, and the rest as the title (a quoted title
    without its quotes); None when no run reads as authors or the title is a single word."""
    for k in range(j - 1, 0, -1):
        authors = _authors(", ".join(items[:k]), subject)
        if authors is not None:
            title = ", ".join(items[k:j])
            if len(title) > 2 and title[0] in '"“' and title[-1] in '"”':
                title = title[1:-1].rstrip(" ,")     # 'A, B, "Title", Phys. Rev. B 98, 045123 (2018)'
            return None if len(title.split()) < 2 else (authors, title)
    return None


def _aps_reference(text: str, subject: str) -> dict | None:
    """Authors, an unquoted title and 'Journal Volume, Page (Year)', all separated by commas."""
    m = _APS_TAIL.search(text)
    if not m:
        return None
    items = [i.strip() for i in re.split(r",\s*", text[: m.start()].strip(" ,")) if i.strip()]
    # the venue starts at the first item that is a journal with its volume, or an arXiv id
    starts = [j for j, it in enumerate(items) if _APS_VENUE.match(it)]
    if not starts:
        return None
    j = starts[-1] if len(starts) > 1 and not _APS_VENUE.match(items[starts[-1] - 1]) else starts[0]
    found = _comma_authors_and_title(items, j, subject)
    if found is None:
        return None
    authors, title = found
    venue = re.sub(r"\s+\d+[A-Z]?$", "", items[j])        # "Phys. Rev. Lett. 127" → the journal
    return {"title": clean(title), "authors": authors[0], "et_al": authors[1], "year": m.group(1),
            "venue": clean(venue) or None}


def _authors_first(raw: str, subject: str) -> dict | None:
    """A reference that opens with its author list (names forenames-first or surname-first),
    then either a year in brackets and the title, or the title in quotes."""
    year = None
    # Chicago author-date: "Ferreira, Rafael M., and Ivan Werning. 2023. "Title." Journal 113 (4): 1021–58."
    m = _CHICAGO_YEAR.match(raw) if _CHICAGO_HINT.search(raw) else None
    if m and (authors := _authors(strip_markup(m.group("a")).strip(" ,;:"), subject)) is None \
            and looks_like_name(lone := strip_markup(m.group("a")).strip(" ,;:."), 4) and "," not in lone:
        # "Kieran Roe. 2004. “Title.” Journal 69: 387–404": one author, written forenames first, then the
        # year and the quoted title (the author-date form leaves no doubt the name is the author)
        authors = ([Author(name=lone, is_subject=bool(subject) and same_person_name(lone, subject))], False)
    if m and authors is not None:
        rest = m.group("rest")
        lead = _LEAD_TITLE.match(rest)
        if lead:
            title, venue = lead.group("t"), lead.group("rest")
        else:
            segs = [x for x in _PARSE_FULL_RE1.split(strip_markup(rest), maxsplit=1) if x.strip()]
            title, venue = (segs[0], segs[1] if len(segs) > 1 else "") if segs else ("", "")
        if title:
            entry = {"title": clean(title).rstrip("."), "authors": authors[0], "et_al": authors[1],
                     "venue": clean(_PARSE_FULL_RE2.sub("", strip_markup(venue))).strip(" .,;") or None}
            if m.group("y")[:1].isdigit():
                entry["year"] = m.group("y")     # ("Forthcoming." holds the year's place: accepted, no year yet)
            return entry
    # APS / AIP: "T. Novak, M. Weber, and R. Moessner, Title, Phys. Rev. Lett. 127, 097201 (2021)." —
    # unless the title is in quotes after the authors ("A. Roe, B. Poe, and C. Loe. “Title”, Phys. Rev.
    # Lett. 120, 216101 (2018)": the quotes bound the title; the APS reading cut the list at its last
    # comma and took "and C. Loe. “Title”" for the title)
    quoted = _MID_QUOTE.match(raw) if ("“" in raw or '"' in raw) and raw.rstrip(" .").endswith(")") else None
    if quoted and _authors(strip_markup(quoted.group("a")).strip(" ,.;:"), subject) is None:
        quoted = None
    entry = _aps_reference(strip_markup(raw), subject) if raw.rstrip(" .").endswith(")") and not quoted else None
    if entry is not None:
        return entry
    # Elsevier / ACS numbered style: "A. Roe, B. Poe, Title, J. Am. Chem. Soc. 144 (2022) 1234–1242."
    entry = _elsevier_reference(strip_markup(raw), subject) if not quoted and (") " in raw or "), " in raw
                                                                           or raw.rstrip(" .").endswith(")")) else None
    if entry is not None:
        return entry
    entry = _arxiv_comma_reference(strip_markup(raw), subject) if "rXiv" in raw and ", " in raw else None
    if entry is not None:
        return entry
    m = _APA_YEAR.match(raw) if "(" in raw else None
    if m:
        authors = _authors(strip_markup(m.group("a")).strip(" ,.;:"), subject)
        if authors is not None:
            year, rest = (m.group("y")[:4] if m.group("y")[:1].isdigit() else None), m.group("rest")
            lead = _LEAD_TITLE.match(rest)
            if lead:
                title, venue = lead.group("t"), lead.group("rest")
            else:
                segs = [x for x in _PARSE_FULL_RE1.split(strip_markup(rest), maxsplit=1) if x.strip()]
                if not segs:
                    return None
                title, venue = segs[0], segs[1] if len(segs) > 1 else ""
                if title.endswith("?") and ". " in venue:
                    # "Who belongs? Cues of fit in recruitment. Journal, 10(6), 788–797.": a question,
                    # then its subtitle (no numbers), then the journal with its volume and pages
                    head, _, tail = venue.partition(". ")
                    if len(head.split()) >= 2 and not re.search(r"\d", head) and re.search(r"\d", tail):
                        title, venue = title + " " + head, tail
            entry = {"title": clean(title).rstrip("."), "authors": authors[0], "et_al": authors[1]}
            if year:
                entry["year"] = year
            elif (bracket := m.group("y").lower()) and not bracket[:1].isdigit():
                # "Roe, A. (under review). Title.": the status stands where the year would
                for st, rx in STATUS_PATTERNS:
                    # ("Roe, A. (in prep.). Title.": a paper in preparation, the preprint status)
                    if (st != "preprint" or _IN_PREP.search(bracket)) and rx.search(bracket):
                        entry["status_hint"] = st
                        break
            entry["venue"] = clean(_PARSE_FULL_RE2.sub("", strip_markup(venue))).strip(" .,;") or None
            return entry
    m = _AUTHORS_COLON.match(strip_markup(raw)) if ": " in raw else None
    if m and (len(lead := _PARSE_FULL_RE1.split(m.group("a"), maxsplit=1)) > 1 and _authors(lead[0], subject)):
        m = None       # "ARVO T, QUELL M. R-FOLD: A model …": the colon is the title's, after the names' stop
    if m and _LOWER_AFTER_HYPHEN.search(m.group("a")):
        # "Agentic Lorem and Human-in-the-Loop Ipsum: Field Evidence …", "Front-office and Back-office
        # Effort: …": words joined by a hyphen to a small word are a title's, no person's name
        m = None
    if m and not re.search(r"[a-z]{2}\.\s", m.group("a")) and (authors := _authors(m.group("a"), subject)) is not None:
        # "Roe, J., and Doe, K.: Title. Venue" (author list, colon, title)
        segs = [x for x in _PARSE_FULL_RE1.split(m.group("rest"), maxsplit=1) if x.strip()]
        if segs:
            entry = {"title": clean(segs[0]).rstrip("."), "authors": authors[0], "et_al": authors[1]}
            entry["venue"] = clean(_PARSE_FULL_RE2.sub("", segs[1])).strip(" .,;") if len(segs) > 1 else None
            return entry
    m = _MID_QUOTE.match(raw) if ('"' in raw or "“" in raw) else None
    if m:
        before = strip_markup(m.group("a")).strip(" ,.;:")
        y = re.search(r"\(\s*((?:19|20)\d\d)[a-z]?\s*\)\.?$", before)
        if y:
            before, year = before[: y.start()].strip(" ,.;:"), y.group(1)
        authors = _authors(before, subject)
        if authors is not None:
            entry = {"title": clean(m.group("t")).rstrip(",."), "authors": authors[0], "et_al": authors[1]}
            if year:
                entry["year"] = year
            rest = clean(_PARSE_FULL_RE2.sub("", strip_markup(m.group("rest")))).strip(" .,;")
            aps = _APS_TAIL.search(rest) if not year and rest.endswith(")") else None
            if aps and _APS_VENUE.match(first := rest[: aps.start()].split(",")[0].strip()):
                # '“Title,” Nature Physics 15, 101-106 (2019)': the journal, its volume, pages, year
                entry["year"], rest = aps.group(1), re.sub(r"\s+\d+[A-Z]?$", "", first)
            entry["venue"] = rest or None
            return entry
    return None


_IN_PREP = re.compile(r"\bin\s+prep(?:aration|\b)", re.I)
_READ_REST_RE1 = re.compile(r"\bfirst author\b", re.I)
_READ_REST_RE3 = re.compile(r",\s*")
_WITH_OPEN = re.compile(r"\(\s*(?:joint\s+)?with\b", re.I)
_PAREN_BYLINE = re.compile(r"\(\s*(?P<a>[^()]{2,300}?)(?:[,;]?\s*(?P<y>(?:19|20)\d\d)[a-z]?)?\s*\)[\s.,;]*(?P<rest>.*)$")


def _read_rest(entry: dict, rest: str, subject: str) -> None:
    """After a quoted title: 'A, B, C, VENUE YEAR. (Award)' or 'in submission, first author'."""
    rest_text = strip_markup(rest)
    # ("(with A and B)": the subject's co-authors, read by the with-rule in _finish)
    paren = _PAREN_BYLINE.match(rest_text) if rest_text[:1] == "(" and not _WITH_OPEN.match(rest_text) else None
    if paren and (byline := _authors(paren.group("a"), subject)) is not None:
        # '“Title” (A. Roe and B. Doe, 2018) …': the authors and year in brackets after the title
        entry["authors"], entry["et_al"] = byline
        if paren.group("y"):
            entry["year"] = paren.group("y")
        entry["venue"] = clean(paren.group("rest")) or None
        return
    items = [i.strip() for i in _READ_REST_RE3.split(rest_text) if i.strip()]
    authors: list[str] = []
    venue_items: list[str] = []
    for i, item in enumerate(items):
        cand = _ITEM_MARKS.sub("", item).strip()
        last = _NAME_THEN_SENTENCE.match(cand) if not venue_items and ". " in cand else None
        if last and (looks_like_name(last.group(1), 6) or same_person_name(last.group(1), subject)):
            # '“Title”. A, B. Venue, 2020': the last author's stop ends the list
            authors.append(last.group(1))
            venue_items.append(last.group(2))
        elif not venue_items and cand and (looks_like_name(cand, 6) or same_person_name(cand, subject)):
            authors.append(item)
        else:
            venue_items.append(item)
    if authors:
        res = split_authors(", ".join(authors), subject)
        if res:
            entry["authors"], entry["et_al"] = res
    if _READ_REST_RE1.search(rest_text) and not entry.get("authors"):
        entry["authors"], entry["et_al"] = [Author(name=subject, is_subject=True)], True
    entry["venue"] = clean(", ".join(venue_items)) or None


# (two words or more after the stop: "Ipsum Convers. Lett" is an abbreviated journal, no name)
_NAME_THEN_SENTENCE = re.compile(r"^(.{3,80}?[a-z\u00c0-\u024f]{2})\.\s+([A-Z][^\s.]*\.?\s+\S.*)$")
_AUTHOR_ITEM_SEP = re.compile(r",\s*(?:and\s+)?|(?<!\s)\s+and\s+")   # (a run of spaces is tried from its start only)


def _split_authors_then_rest(text: str, subject: str, comma_title: bool = False) -> tuple[list[Author], str] | None:
    """'A, B, C Title words' → ([A, B, C], 'Title words'): the last item holds a name then more.
    With comma_title, 'A, B, C, Title words' too: after two names or more, an item set off by a
    comma that is no name (nor opens with one followed by more capitalised words) opens the title."""
    # each item with where it starts in the text (the rest after the names is cut from the text
    # itself: re-joining the items turned a title's "and" into a comma)
    spans, pos = [], 0
    for sep in _AUTHOR_ITEM_SEP.finditer(text):
        spans.append((pos, text[pos:sep.start()]))
        pos = sep.end()
    spans.append((pos, text[pos:]))
    spans = [(start + len(raw) - len(raw.lstrip()), raw.strip()) for start, raw in spans if raw.strip()]
    items = [item for _, item in spans]
    if len(items) < 2:
        return None
    names: list[str] = []
    # ("G Roe, N Poe, A Lin, P Moe. Title": in a list of names written initials first, "A Lin" is one)
    initials_first = sum(bool(INITIALS_FIRST_NAME.fullmatch(AUTHOR_MARKS.sub("", i).strip())) for i in items[:4]) >= 2
    for idx, item in enumerate(items):
        bare = AUTHOR_MARKS.sub("", item).strip()
        if looks_like_name(bare, 6) or same_person_name(bare, subject) or (len(bare.split()) == 1 and bare[:1].isupper() and idx > 0 and idx == len(items) - 1 and len(bare) > 2) \
                or initials_first and bare[:2] == "A " and INITIALS_FIRST_NAME.fullmatch(bare):
            names.append(item)
            continue
        words = bare.split()
        if comma_title and len(names) >= 2 and len(words) >= 2 and "," in text[spans[idx - 1][0]:spans[idx][0]] \
                and not any(looks_like_name(" ".join(words[:k])) and words[k][:1].isupper()
                            for k in (2, 3) if len(words) > k):
            # "A, B, C, Title of the paper": the comma after the last name ends the list (a name
            # opening the item, then a lower-case word, is a title's opening words: "Cold Atoms in …")
            res = split_authors(", ".join(names), subject)
            return (res[0], text[spans[idx][0]:].strip()) if res else None
        # The name is two words unless its second word is an initial or particle ("J. Evan Smith").
        # (in a Vancouver list, "Surname A", the initial ends the name: "Karimi A. Fitness costs…")
        vancouver = bool(names) and all(_VANCOUVER_NAME.fullmatch(AUTHOR_MARKS.sub("", n).strip()) for n in names)
        ks = (3,) if len(words) > 3 and re.fullmatch(r"[A-Z\u0391-\u03a9\u0400-\u042f]\.?|[a-z]{1,3}", words[1]) and not vancouver else (2,)
        for k in ks:
            if len(words) > k and looks_like_name(" ".join(words[:k])):
                names.append(" ".join(words[:k]))
                start = spans[idx][0]
                skip = re.match(r"(?:[^\s]+\s+){%d}" % k, text[start:start + 2000])
                rest = text[start + skip.end():].strip() if skip else " ".join(words[k:])
                res = split_authors(", ".join(names), subject)
                return (res[0], rest) if res else None
        return None
    res = split_authors(", ".join(names), subject)
    return (res[0], "") if res else None


def _run_on(text: str, subject: str) -> dict | None:
    """'Title Words First Author, Second Author, …, Last Author venue words'."""
    if text.count(",") < 2:
        return None
    first_comma = text.index(",")
    head = text[:first_comma].split()
    for k in (2, 3):
        if len(head) <= k + 2:
            continue
        name = " ".join(head[-k:])
        if not looks_like_name(AUTHOR_MARKS.sub("", name)):
            continue
        if k == 2 and len(head) > 3 and looks_like_name(" ".join(head[-3:])) and re.fullmatch(r"[A-Z]\.?", head[-2]):
            continue
        title = " ".join(head[:-k])
        if len(title.split()) < 3:
            continue
        split = _split_authors_then_rest(name + text[first_comma:], subject)
        if split is None:
            continue
        authors, venue = split
        if len(authors) >= 2 and not _is_venue(title):
            return {"title": clean(title), "authors": authors, "et_al": False, "venue": clean(venue) or None}
    return None


_FINISH_RE1 = re.compile(r"arXiv[:\s]+(\d{4}\.\d{4,5})")
_FINISH_RE2 = re.compile(r"\s+")
_FINISH_RE3 = re.compile(r"\b(first|second|third|\w+th)\s+author\b", re.I)
_FINISH_RE4 = re.compile(r"\bhttps?://[^\s\]]*[^\s\])]")     # (not the bracket closing "[Paper url]")
_FINISH_RE5 = re.compile(r"\(\s*\)")
_FINISH_RE6 = re.compile(r"\s*\b(?:awarded|winner of|won|received|recipient of)\b.*$", re.I)
_AND_PRESENTED = re.compile(r"\s+(?:and|&)\s+(?:an?\s+)?(?:oral|poster|spotlight|invited|contributed)\s+(?:presentation|talk)\b.*$", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|we|our)\b")
_LIST_NOTE = re.compile(r"\b(?:full|complete|entire|updated)\s+list\b|^\d+\s+(?:[\w-]+\s+){0,2}(?:papers|publications|articles)\b|"
                        r"\bsee\b.{0,60}\bpage\b", re.I)
_URL_IN_TITLE = re.compile(r"https?://\S+")
_STAMP_MONTH = _MONTH_STEM + r"[a-z]*\.?"
_UPDATED_STAMP = re.compile(
    r"(?:last\s+)?(?:updated|modified|revised)(?:\s+(?:on|in))?\s*:?\s*"
    r"(?:" + _STAMP_MONTH + r"\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(?:19|20)\d\d|\d{1,2}\s+" + _STAMP_MONTH
    + r",?\s+(?:19|20)\d\d|(?:19|20)\d\d(?:[-/.]\d{1,2}){0,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d\d)\s*\.?", re.I)
_FIRST_PERSON_SINGULAR = re.compile(r"\b(?:I|[Mm]y)\b")
_LIST_WORDS = re.compile(r"\b(?:list|publications|papers|articles|google scholar|below|following)\b", re.I)
_BAR_DATE = re.compile(r"\s*\|\s*(?:[A-Za-z]{3,9}\.?\s+(?:\d{1,2},?\s+)?)?(?:19|20)\d\d\s*$")
_PREPRINT_NAME = re.compile(r"(?<![a-z])(?:arxiv|biorxiv|medrxiv|chemrxiv|ssrn|corr|openreview)(?![a-z])", re.I)
_PREPRINT_SERVERS = {"arxiv": "arXiv", "biorxiv": "bioRxiv", "medrxiv": "medRxiv", "chemrxiv": "ChemRxiv", "ssrn": "SSRN",
                     "corr": "CoRR", "openreview": "OpenReview"}
_SUPERVISION = re.compile(r"\b(?:under\s+(?:the\s+)?supervision\s+of|supervis(?:ed\s+by|or\s*:)|advis(?:ed\s+by|or\s*:))",
                          re.I)
_ACCEPTANCE = re.compile(r"\b(?:acceptance|accept(?:ed)?)\s+(?:rate|ratio)\b", re.I)


# The label of a link written after a reference ("[PDF]", "[ Coming Soon ]", "(preprint)"). One
# label is cut at a time from the end, looking at the last 80 characters only (a search for
# "separators, label, end" would restart at every separator of a long run).
_TRAILING_LABEL = re.compile(
    r"(?:\\?\[\s*(?:" + LINK_LABELS + r"|download|coming\s+soon|pre-?print|full[- ]text|ssrn|biorxiv|"
    r"medrxiv|repo|software|publisher|(?:journal|published)\s+version|open\s+access)\s*\\?\]|"
    r"\\?\[\s*(?:\*\*|__)?[A-Za-z][A-Za-z'’]*(?:\s[A-Za-z'’]+){0,3}(?:\*\*|__)?\s*\\?\]|"   # "[Oral]", "[**In the News**]"
    r"\(\s*(?:pdf|pre-?print|code|slides|link|download)\s*\))$", re.I)
_LABEL_SEPARATORS = " \t.,;:|/·•"
_ANGLE_ID = re.compile(r"(?<!\s)\s*⟨[^⟨⟩\n]{1,60}⟩")
_LEAD_NUMBER = re.compile(r"^\[\d{1,3}\]\s+(?=\S)")
_LEAD_PAREN_YEAR = re.compile(r"\(\s*(?:[A-Za-z][\w-]{1,20}\s+)?((?:19|20)\d\d)\s*\)\s*(?=\w)")
_IN_PREPARATION = re.compile(r"\(?\b(?:manuscript\s+)?in\s+prep(?:aration\b|\.|\b)\)?", re.I)


# The words AWARD_RE opens on (case-blind): an ASCII text holding none of them lower-cased has no
# match, a cheap test that spares the pattern most entries. (In other text a case-blind match
# can differ from the lower-cased form: "ſ", "K".)
_AWARD_OPENERS = ("best", "distinguished", "outstanding", "honorable mention", "honourable mention", "spotlight", "oral")


def _may_name_award(text: str) -> bool:
    if not text.isascii():
        return True
    low = text.lower()
    return any(w in low for w in _AWARD_OPENERS)


def _strip_link_labels(text: str) -> str:
    if "⟩" in text:
        text = _ANGLE_ID.sub("", text)       # "⟨hal-03326294⟩": an archive's id for the paper
    for _ in range(8):
        text = text.rstrip(_LABEL_SEPARATORS)
        if not text.endswith(("]", ")")):
            break
        m = _TRAILING_LABEL.search(text[-80:])
        if not m:
            break
        text = text[: len(text) - len(text[-80:]) + m.start()]
    return text.strip(" .,;:|/")


_RETRIEVED_FROM = re.compile(r"(?:retrieved|available)\s+(?:from|at)\b[\s:]*(?:<?https?://\S+>?)?[\s.]*$", re.I)


def _finish(e: dict, subject: str) -> Publication | None:
    e.pop("badge", None)        # (the badge's label repeats the venue the entry names)
    title = e.get("title")
    venue_text = e.get("venue") or ""
    if "](" in venue_text:
        venue_text = _LABEL_LINKS.sub("", venue_text)      # "[[Link]](url)" after the venue (before its URL goes)
    if venue_text[:1] in "RrAa" and _RETRIEVED_FROM.match(venue_text):
        # APA's "Retrieved from <url>" after a software package or web page (the URL is read from
        # the line): no venue
        venue_text = _RETRIEVED_FROM.sub("", venue_text)
    if not title:
        return None
    if "://" in title and (bare := clean(_PARSE_FULL_RE2.sub(" ", title)).strip(" .,;:")) and len(bare.split()) >= 2:
        # "Moral Views of Market Society http://…" (a LaTeX \href in the quoted title gives its text,
        # then its address): the address is a link of the entry, not words of its title
        e.setdefault("urls", []).extend(find_urls(title))
        title = bare
    all_text = " ".join(str(v) for k, v in e.items() if isinstance(v, str))
    awards = []
    for m in AWARD_RE.finditer(all_text) if _may_name_award(all_text) else ():
        award = clean(m.group(1))
        if award and award.lower() not in (a.lower() for a in awards) and re.search(r"award|paper|mention", award, re.I):
            awards.append(award if re.search(r"award", award, re.I) else award)
    if title[-1:] == ")" and not e.get("year") and (bracket_year := _TITLE_YEAR_END.search(title)):
        # "**Title** (2023). Venue.": the year in brackets after a bold title is the work's year
        e["year"], title = bracket_year.group(1), title[: bracket_year.start()]
    if "(" in title:        # (a note is in brackets)
        title = NOTE_RE.sub("", title)
    title = clean(_FINISH_RE2.sub(" ", title))
    if _YEAR_HEADING.fullmatch(title):
        return None                 # "2016": a year column read as the title, no publication
    if not e.get("authors") and title[:1] in "LlUuMmRr" and _UPDATED_STAMP.fullmatch(title):
        return None                 # "Last updated: September 16, 2026": the page's date stamp under the list
    if not e.get("authors") and not venue_text:
        bare = _URL_IN_TITLE.sub(" ", title) if "://" in title else title
        if not e.get("year") and _LIST_WORDS.search(bare) and (_FIRST_PERSON.search(bare) or _LIST_NOTE.search(bare)):
            # "Here is a list of the papers I (co-)authored, …", "14 peer-reviewed papers, 6 as first
            # author", "Full list on the Publications page", "Complete List of Published Work in
            # MyBibliography: https://…": the list's introduction
            return None
        if _FIRST_PERSON_SINGULAR.search(bare) and len(bare.split()) >= 15 and _SENTENCE_END.search(bare):
            # "Thermal tolerance of mussels. Early in my career I showed that …" (a biosketch's
            # contribution, told in the first person above the works it cites): prose, no work
            return None
    if not re.search(r"[^\W\d_]", title):
        return None                 # "1.": a numbered item left empty (its text made by a template)
    title = _strip_link_labels(title) or title          # "Title [Download]", "Title [ Coming Soon ]"
    title = _LEAD_NUMBER.sub("", title)                  # "[2] Title": the list's own numbering
    lead = _LEAD_PAREN_YEAR.match(title)
    if lead:
        title = title[lead.end():]                       # "(arXiv 2025) Title": the year, before the title
        e["year"] = e.get("year") or lead.group(1)
    # "(with Olivier Coibion and Yuriy Gorodnichenko)": the subject's co-authors, in economics CVs
    # (mathematics and the humanities too: "[Title](url), (with Y. Roe). Submitted.", "Title, with
    # Y. Roe. Submitted."; the note is no venue even when the subject is unnamed and the list of
    # authors, which would lack the subject, is not kept)
    with_note = _WITH_COAUTHORS.search(venue_text) or _WITH_COAUTHORS.search(e.get("title") or "")
    if not with_note and venue_text[:30].lstrip(" ,.;").lower().startswith("with "):
        with_note = _WITH_LEAD.match(venue_text)
    elif not with_note and not venue_text and ", with " in title and (cut := _WITH_IN_TITLE.search(title)):
        # "Title, with R. Roe and T. Poe. Submitted.": read whole as the title, the note and the rest
        # after it are no part of it
        title, venue_text = title[: cut.start()], title[cut.start() + 1:]
        with_note = _WITH_LEAD.match(venue_text)
    if with_note and not e.get("authors"):
        others = split_authors(with_note.group(1), subject) if subject else None
        if others:
            e["authors"] = [Author(name=subject, is_subject=True)] + [a for a in others[0] if not a.is_subject]
        if with_note.re is _WITH_LEAD:
            venue_text = venue_text[with_note.end():].strip(" ,;.")
        else:
            venue_text = _WITH_COAUTHORS.sub("", venue_text).strip(" ,;.")
            title = clean(_WITH_COAUTHORS.sub("", title))
    # "doi: 10.1016/S2352-3018(22)00345-1" written in the reference: the DOI, not the venue
    doi_written = _DOI_WRITTEN.search(venue_text) if "doi" in venue_text.lower() else None
    if doi_written:
        venue_text = venue_text[: doi_written.start()] + venue_text[doi_written.end():]
    elif "10." in venue_text and (bare_doi := _BARE_DOI_END.search(venue_text)):
        # "Journal, 92, 104059. 10.1016/j.jesp.2020.104059" (APA pages print the DOI bare, as the
        # text of its link): the DOI, read from the link, is no part of the venue
        venue_text = venue_text[: bare_doi.start()]
    if "PMID" in venue_text or "pii:" in venue_text:
        # PubMed's citation: "J Mol Lorem. 2015 Nov 9. pii: abc053. PubMed PMID: 26553261": the
        # identifiers after the journal and its date are no part of the venue (nor is a date alone)
        if (ids := _PUBMED_IDS.search(venue_text)) is not None and ids.start() > 0:
            venue_text = venue_text[: ids.start()]
            if ";" not in venue_text and (date := _PUBMED_DATE_END.search(venue_text)) and date.start() > 0:
                e.setdefault("year", date.group(1))
                venue_text = venue_text[: date.start()]
    # Vancouver: "Lancet HIV. 2023 Mar;10(3):e155-e164" — the year, then volume and pages after ';'
    vancouver = _VANCOUVER_TAIL.search(venue_text) if ";" in venue_text or ":" in venue_text else None
    if vancouver:
        e.setdefault("year", vancouver.group(1))
        venue_text = venue_text[: vancouver.start()]
    elif ";" in venue_text and (conf := _VANCOUVER_CONFERENCE.search(venue_text)):
        # "Proceedings of the X Conference; 2004 May 3-5; Oslo, Norway. p. 442-446": the date and place
        e.setdefault("year", conf.group(1))
        venue_text = venue_text[: conf.start()]
    if " and " in venue_text or "&" in venue_text:
        venue_text = _AND_PRESENTED.sub("", venue_text)   # "Genome Research 2023 and oral presentation at RECOMB"
    if "(" in venue_text:
        venue_text = NOTE_RE.sub("", venue_text)
    # "… Symposium (Security'23) Acceptance rate: 29.22% (422 of 1,444)": a note on the venue, not its name
    if "ccept" in venue_text and (acc := _ACCEPTANCE.search(venue_text)):
        if not e.get("year") and (y := re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", venue_text[acc.end():])):
            e["year"] = y.group(0)           # "… Acceptance rate: 16% (94 of 581)<TAB>Mar. 2023"
        venue_text = venue_text[: acc.start()].rstrip(" ,;.([")
    # "Cell Systems 2018 Awarded Best Student Paper at RECOMB 2018": the note is not the venue.
    venue_text = _FINISH_RE6.sub("", venue_text)
    sup = _SUPERVISION.search(venue_text) if "vis" in venue_text else None
    if sup:
        venue_text = venue_text[: sup.start()].rstrip(" ,;.(")     # "Under supervision of prof. X": a thesis's note
    if _may_name_award(venue_text):
        venue_text = AWARD_RE.sub("", venue_text)
    venue_text = _FINISH_RE5.sub("", venue_text)
    if "{:" in venue_text or "“" in venue_text:
        # kramdown's "{: .chip .award}" and the quotes a linked venue was given ("In [Proceedings …](url)")
        venue_text = _KRAMDOWN_ATTR.sub("", venue_text).replace("“”", "")
        if venue_text.count("“") == 1 and venue_text.count("”") == 1:
            venue_text = venue_text.replace("“", "").replace("”", "")
    venue_text = _FINISH_RE4.sub("", venue_text)
    venue_text = _strip_link_labels(venue_text) or venue_text   # "Journal, 3, 5–9. [PDF] [code]"
    if "rXiv" in venue_text and (note := _ARXIV_ID_NOTE.search(venue_text)) \
            and (head := venue_text[: note.start()].strip(" .,;")) and not is_preprint_venue(head) \
            and not _STATUS_WORD.search(head):
        # "Class. Quant. Grav. 37 (15), 155003. arXiv:2005.05417": a journal's paper whose arXiv id
        # is a note (read apart below); the id's digits are no year ("2005") nor a preprint's venue
        venue_text = head + venue_text[note.end():]
    status = e.get("status_hint") or "published"
    venue_lower, all_lower = venue_text.lower(), all_text.lower()
    for st, rx in STATUS_PATTERNS:       # review and submission first (anywhere), then preprint (venue)
        if st == "preprint":
            if status == "published" and (rx.search(venue_text) or is_preprint_venue(venue_text)):
                status = "preprint"
        elif may_state_status(st, venue_lower) and rx.search(venue_text) \
                or may_state_status(st, all_lower) and rx.search(all_text):
            status = st
            venue_text = rx.sub("", venue_text)
            break
    # "In Preparation", "Manuscript in prep.": the status read just above, never a venue
    venue_text = _IN_PREPARATION.sub("", venue_text)
    venue_text = _FINISH_RE3.sub("", venue_text)
    # what a status phrase leaves behind: "(minor revision)" → "()", "Under review at X" → "at X",
    # "Conditionally accepted at X"
    venue_text = _STATUS_LEFTOVER.sub("", _FINISH_RE5.sub("", venue_text))
    if "[" in venue_text or "(" in venue_text:
        venue_text = _EMPTY_BRACKETS.sub("", venue_text)    # "[revise and resubmit]" read as the status: "[]"
    if "rxiv" in venue_text.lower() and (server_id := _SERVER_ID.search(venue_text)):
        # "bioRxiv 2024.01.01.573000": the server's id for the paper (its year is the year)
        e.setdefault("year", server_id.group(1))
        venue_text = venue_text[: server_id.start()] + venue_text[server_id.end():]
    venue_text = clean(_FINISH_RE2.sub(" ", venue_text)).strip(" .,;")
    year = e.get("year") or (venue_year(_ARXIV_DIGITS.sub("", venue_text) if "rXiv" in venue_text else venue_text)
                             if venue_text else None) or e.get("group_year")
    if "|" in venue_text:
        venue_text = _BAR_DATE.sub("", venue_text)     # "BioRxiv | Dec 5, 2023": the date, read above
    if year and ". " in venue_text and (after := _NOTE_AFTER_YEAR.search(venue_text)) and after.group(1) == year \
            and _VENUE_WORDS_BEFORE.search(venue_text[: after.start()]):
        # "…Machine Learning (ICML), 2026. CCF-A; Oral.", "ACM Computing Surveys, 2024. Q1 journal.":
        # the reference ends with its year; the sentences after it are the CV's notes on the paper
        # (rankings, impact, what it contributed), no part of the venue's name
        cut = after.end(1)
        if venue_text[cut:cut + 1] == ")" and venue_text.count("(", 0, cut) > venue_text.count(")", 0, cut):
            cut += 1                        # "bioRxiv (2025). Accepted for …": the year's bracket closes
        venue_text = venue_text[:cut]
    if "arxiv:" in venue_text.lower():
        venue_text = _ARXIV_ID_VENUE.sub("arXiv", venue_text)      # "arXiv:2601.06763 (2026)": the id is read apart
        venue_text = _ARXIV_TWICE.sub(r"\1", venue_text)           # "arXiv preprint arXiv:2508.09123"
    if ". " in venue_text and "," in venue_text:
        # "Proceedings of MT Summit XV. 2015. Miami, USA": the place as a sentence of its own
        # (a status note after it is read already: "… Miami, USA. (to appear)")
        head, _, tail = _IN_PRESS.sub("", venue_text).strip(" .,;").rpartition(". ")
        if head and strip_event_place(head + ", " + tail) != head + ", " + tail:
            venue_text = strip_event_place(head + ", " + tail)
    if "," in venue_text:
        venue_text = strip_event_place(venue_text)     # "ICML, Vienna, Austria": where it was held
    venue_text = venue_without_numbers(venue_text)
    if venue_text and year:
        venue_text = _TRAILING_MONTH.sub("", venue_text) or venue_text     # "SC Workshops. November 2025"
    if not year:
        year = None
    acronym = venue_acronym(venue_text) if venue_text else None
    if venue_text and not acronym:
        from cvgraph.authorities import venue_by_name

        known = venue_by_name(re.sub(r"^(?:in\s+)?(?:proceedings of (?:the\s+)?)", "", venue_text, flags=re.I))
        acronym = known.acronym if known else None
    if venue_text and is_preprint_venue(venue_text):
        # (the server's own name: "bioRxiv", "medRxiv", "SSRN" — not arXiv for all of them)
        server = _PREPRINT_SERVERS.get(_PREPRINT_NAME.search(venue_text).group(0).lower(), "arXiv") \
            if _PREPRINT_NAME.search(venue_text) else "arXiv"
        acronym = acronym if acronym and acronym.lower() != "arxiv" else server
        if status == "published":
            status = "preprint"
    venue_name = _venue_name(venue_text, acronym)
    arxiv = None
    doi = doi_written.group(1) if doi_written else None
    urls = []
    for url in e.get("urls", []):
        if url not in urls:
            urls.append(url)
        arxiv = arxiv or (normalise_arxiv(url).value if "arxiv.org" in url and normalise_arxiv(url) else None)
        doi = doi or (normalise_doi(url).value if "doi.org" in url and normalise_doi(url) else None)
    m = _FINISH_RE1.search(all_text)
    if m and not arxiv:
        arxiv = m.group(1)
    if arxiv and not venue_name and status == "published" and not e.get("status_hint") and not _IN_PRESS.search(all_text):
        status = "preprint"        # an arXiv paper that names no venue (nor says it was accepted)
    authors = e.get("authors") or []
    return Publication(title=title.rstrip("."), authors=authors, et_al=bool(e.get("et_al")), venue=venue_name,
                       venue_acronym=acronym, year=year, status=status, awards=awards, arxiv=arxiv,
                       doi=doi, urls=urls, line=e.get("line"))


# A chapter's book, as the humanities and social sciences write it: "Book, edited by A and B,
# 112–139. Cambridge: Fenwick University Press" (Chicago), "Book. A and B, eds. Eastport, Maine:
# Vennstra" (older Chicago and MLA), "Book (pp. 210–231). Northfield Press" (APA, after "In A & B
# (Eds.),", cut before): the editors, pages, place and publisher are no part of the venue's name.
_EDITED_BY = re.compile(r"(?:,\s*|(?<![\s,])\s+)(?:edited|ed\.)\s+by\s+[A-Z].*$|,\s+eds?\.\s+[A-Z].*$")
_EDS_SENTENCE = re.compile(r"\.\s+(?:(?:[A-Z][\w'’-]*\.?|van|von|de|der)\s?){1,5}(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
                           r"(?:(?:[A-Z][\w'’-]*\.?|van|von|de|der)\s?){1,5}){0,6},?\s+\(?[Ee]ds?\.\)?(?:\s.*)?$")
_PLACE_PUBLISHER = re.compile(r"(?:\s?\((?:pp?\.|[Vv]ol\.)[^()]{0,40}\))?\.\s+(?:[A-Z][\w .,'’-]{1,40}:\s+[^:]{2,80}|"
                              r"[^.:]{0,60}\b(?:Press|Publishers?|Publishing|Verlag)\b[^.:]{0,30})$")


def _book_of_chapter(venue: str) -> str | None:
    """The book a chapter appeared in, when the venue names its editors ("edited by", "eds.")
    or its publisher after the book ("… . Place: Publisher", "… Press"); None otherwise."""
    book, edited = venue, False
    if m := _EDS_SENTENCE.search(book):
        book, edited = book[: m.start()], True
    elif m := _EDITED_BY.search(book):
        book, edited = book[: m.start()], True
    m = _PLACE_PUBLISHER.search(book)
    if m and (edited or re.search(r"\b(?:Press|Publishers?|Publishing|Verlag)\b", m.group(0))):
        book = book[: m.start()]
    book = book.strip(" .,;")
    return book if book != venue.strip(" .,;") and len(book) >= 3 else None


_ARXIV_AFTER_VENUE = re.compile(r"\s*[,;.]\s*(?:e-?print\s+)?arXiv(?::\s*\d{4}\.\d{4,5}(?:v\d+)?)?(?:\s*\[[\w.-]{1,20}\])?\s*\.?$")
_BARE_VOLUME_TAIL = re.compile(r"(?<=[A-Za-z.)]),\s*\d{1,5}(?:,\s*[A-Z]?\d{1,7})?(?:,?\s+(?:19|20)\d\d)?\s*$|"
                               r"(?<=[A-Za-z.)])\s+\d{1,5},\s*[A-Z]?\d{1,7}(?:,?\s+(?:19|20)\d\d)?\s*$")
_VOL_TAIL = re.compile(r"(?<=\w)[.,]?\s+Vol(?:ume|s)?\.?(?=\s*[\d,(]|\s*$)[^A-Za-z]*"
                       r"(?:\b(?:Nos?|Number|Issue|pp?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6})\.?[^A-Za-z]*){0,3}"
                       r"(?:\([A-Z]{0,2}\d{1,9}\)\.?)?\s*$",
                       re.I)
_APS_STYLE_TAIL = re.compile(r"(?<=[A-Za-z.])\s+\d{1,5},\s*[A-Z]?\d{1,7}(?:\([A-Z]\))?\s*\(\s*(?:19|20)\d\d\s*\)\s*$")
_PHYSICS_TAIL = re.compile(r"(?<=[A-Za-z.])\s+(?:\*\*|<b>)?\d{1,5}(?:\*\*|</b>)?,?\s*\(\s*(?:19|20)\d\d\s*\)\s*,?\s*"
                           r"(?:[A-Z]|[A-Z]{2}\s?)?\d{1,7}(?:\s?[-–]\s?\d{1,7})?\s*$")


def venue_without_numbers(venue_text: str) -> str:
    """The venue's name without what follows it in a reference: volume, issue, article id,
    pages, publisher, and 'in press'/'forthcoming' (read as the status, not the venue). The
    year must be read before."""
    if "--" in venue_text:
        venue_text = _DOUBLE_HYPHEN.sub("–", venue_text)      # "1724--1737" (TeX's en dash, typed in Markdown)
    if ("Publish" in venue_text or "Press" in venue_text or "Verlag" in venue_text) \
            and (lead := _PUBLISHER_LEAD.match(venue_text)) and _SERIAL_WORD.search(venue_text, lead.end()):
        # "Lorem-Science Publishing, Journal of Ipsum Technology, Volume 7": the publisher named
        # before the journal is no part of the journal's name
        venue_text = venue_text[lead.end():]
    if ("dit" in venue_text or "ed" in venue_text or "Ed" in venue_text or "Press" in venue_text) \
            and (book := _book_of_chapter(venue_text)):
        venue_text = book
    if venue_text.endswith(")") or venue_text.endswith(")."):
        venue_text = _BRACKETED_PAGES.sub("", venue_text).strip(" .,;") or venue_text    # "Book (pp. 45–57)"
    if "arXiv" in venue_text and (arx := _ARXIV_AFTER_VENUE.search(venue_text)) and arx.start() > 2:
        # "JINST (2024), arXiv:2403.05678": the preprint's id after the journal (read apart) is no
        # part of the journal's name
        venue_text = venue_text[: arx.start()].strip(" .,;") or venue_text
    if ")" in venue_text:
        # "Phys. Rev. Lett. 128 (2022) 081802", "Eur. Phys. J. C 81 (2021) 455" (physics): volume,
        # year in brackets and the page or article number after the journal's name
        venue_text = _PHYSICS_TAIL.sub("", venue_text).strip(" .,;") or venue_text
        # "Applied Physics Letters 127, 203503 (2025)", "Physical Review B 97, 241115(R) (2018)" (APS
        # style): volume, page or article number, then the year in brackets
        venue_text = _APS_STYLE_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    # "Speculum 88, no. 2 (2013): 401–436": volume, number, year and pages after the journal's name
    venue_text = _JOURNAL_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    if "Vol" in venue_text:
        # "Annals of Lorem. Vol. 8 (2023), No. 1, 127—139" (AMS style): from the volume on, numbers
        venue_text = _VOL_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    # "Journal of Widgets, 4(2), 1-9", "Management Science, vol. 64, pp. 3-9": volume, issue
    # and pages are not part of the venue's name (the year is read first).
    venue_text = _VOLUME_PAGES.sub("", venue_text).strip(" .,;") or venue_text
    # "Ocean Modelling Letters. 8, 101–118" (MDPI): the volume after the journal's full stop
    venue_text = _DOT_VOLUME.sub("", venue_text).strip(" .,;") or venue_text
    if ":" in venue_text:
        venue_text = _DBLP_TAIL.sub("", venue_text).strip(" .,;") or venue_text   # "Endow. 11(7): 813-825 (2015)"
        venue_text = _VOLUME_COLON_PAGES.sub("", venue_text).strip(" .,;") or venue_text   # "Journal 131: 103452"
    # "…(EMNLP). 100–110", "WISE 2017. Springer, pp 1–10": pages and the publisher after the name
    venue_text = _PUBLISHER_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    venue_text = _PAGES_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    if venue_text[-1:].isdigit():
        # "MNRAS, 453", "MNRAS, 451, 4328", "Proc. SPIE 6473, 647308": a volume (and a page or
        # article number) after the journal's name, the year already read
        venue_text = _BARE_VOLUME_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    if _SERIES_HINT.search(venue_text):
        # "…(GD'04), LNCS, vol. 3383, pp. 206–216. Springer": the book series and its volume
        # (pages and publisher after it were cut above) are not the venue's name
        venue_text = _SERIES_TAIL.sub("", venue_text).strip(" .,;") or \
            _VOLUME_PAGES.sub("", venue_text).strip(" .,;") or venue_text      # (the series alone is the venue)
        venue_text = _PAGES_TAIL.sub("", venue_text).strip(" .,;") or venue_text
    if _MONTH_DAYS.search(venue_text):
        venue_text = _MONTH_DAYS.sub("", venue_text).strip(" .,;") or venue_text     # "…, October 25-30, Florence"
    if _DAY_MONTH.search(venue_text):
        # "LREC 2012. 21-27 May 2012": the days the event took place
        venue_text = _DAY_MONTH.sub("", venue_text).strip(" .,;") or venue_text
    if "(ed" in venue_text or "(Ed" in venue_text or "(Hrsg" in venue_text:
        # "Smith, A., Roe, B. (eds.) SEA 2010": the volume's editors before its title (Springer, LNCS)
        venue_text = _EDITORS_LEAD.sub("", venue_text).strip(" .,;") or venue_text
    low = venue_text.lower()
    if "press" in low or "forthcoming" in low or "appear" in low or "accepted" in low:
        # accepted work: "…, in press", "(forthcoming)" — published as far as the status goes, not the venue
        venue_text = _IN_PRESS.sub("", venue_text).strip(" .,;") or venue_text
        venue_text = _STATUS_LEFTOVER.sub("", venue_text) or venue_text     # "To appear at ICML": "at ICML"
    return venue_text


_PUBLISHER_LEAD = re.compile(r"[A-Z][\w&.'’-]*(?:[ -][A-Z][\w&.'’-]*){0,4}\s+(?:Publishing|Publishers|Press|Verlag)"
                             r"(?:\s+(?:Ltd|Inc|Co|Company|Group)\.?)?,\s+(?=[A-Z])")
_SERIAL_WORD = re.compile(r"\b(?:Journal|Transactions|Proceedings|Review|Letters|Conference|Symposium|Magazine|Annals)\b")
_DOUBLE_HYPHEN = re.compile(r"(?<=\d)\s?-{2,3}\s?(?=\d)")
_VENUE_NAME_RE0 = re.compile(r"\s+([,;.])(?=\s|$)")
_VENUE_NAME_RE2 = re.compile(r"\s*(?:'|’)\d{2}\b")
_VENUE_NAME_RE3 = re.compile(r"(?:,\s*|\s+|^)(?:\((?:19|20)\d\d\)|(?:'|’)?(?:19|20)\d\d\b)")   # (also "(2017)")
_VENUE_NAME_RE4 = re.compile(r"^(.*\b(?:Symposium|Conference|Workshop)\b.*?)\s+(?:19|20)\d\d\s+Conference\b")
_VENUE_NAME_RE5 = re.compile(r"\b(?:the\s+)?(?:\d{1,3}(?:st|nd|rd|th)\s+|(?:(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-?)?"
                             r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|"
                             r"(?:thir|four|fif|six|seven|eigh|nine)teenth|(?:twen|thir|for|fif|six|seven|eigh|nine)tieth)\s+"
                             r"(?=(?:[\w-]+\s+){0,3}(?:conference|symposium|workshop|meeting)\b|"
                             r"(?:international|annual|acm|ieee|aaai|usenix)\b))", re.I)   # "18th", "Thirty-seventh Conference"
_VENUE_NAME_RE6 = re.compile(r"^\s*(?:in\s*:?\s+)?(?:(?:the\s+)?proc(?:eedings|\.)?\s+of\s+(?:the\s+)?)?", re.I)
# journals whose names open with "Proceedings of the" (PVLDB, PNAS, Proc. IEEE, PACM, Proc. R.
# Soc.): the words are the name, not an event's proceedings
_JOURNAL_PROCEEDINGS = re.compile(r"\s*(?:in\s*:?\s+)?(?:the\s+)?proceedings\s+of\s+the\s+(?:IEEE\s*(?:$|[(,.;])|"
                                  r"VLDB\s+Endowment|National\s+Academy\s+of\s+Sciences|Royal\s+Society|ACM\s+on\s|"
                                  r"(?:[A-Z][a-z]+\s+){1,2}(?:Mathematical|Philosophical|Physical|Chemical|Geological|Zoological)\s+Society|"
                                  r"American\s+Mathematical\s+Society|Japan\s+Academy|Indian\s+Academy)", re.I)
_VENUE_NAME_IN = re.compile(r"^\s*in\s*:?\s+(?:the\s+)?", re.I)
# the MLA / Google Scholar tail "53.6 (2018): 065005", "12 (2019): 45-67": volume.issue (year): pages
_VENUE_MONTH_END = re.compile(r"(?:,\s*|\s+)(?:\d{1,2}\s+)?" + _MONTH_STEM +
                              r"(?:uary|ruary|ch|il|e|y|ust|tember|ober|ember)?\.?(?:\s+\d{1,2})?[\s.,;]*$", re.I)
_VENUE_NAME_MLA = re.compile(r",?\s+\d{1,4}(?:\.\d{1,4})?\s*(?:\((?:19|20)\d\d\))?\s*:\s*[A-Za-z]?\d{1,8}(?:\s*[-–]\s*[A-Za-z]?\d{1,8})?\.?\s*$")
_VENUE_NAME_RE7 = re.compile(r",?\s*\d+\s*\(\d+\)\s*(?:[,:]\s*\d+\s*[-–]\s*\d+)?")
_VENUE_NAME_RE8 = re.compile(r"\(\s*(?:\*\*)?[A-Z][A-Za-z.&/\s]*(?:\*\*)?\s*\)")
_VENUE_NAME_RE9 = re.compile(r"\(\s*(?:\*\*)?([A-Za-z](?:[A-Za-z&/]|\d(?=[A-Za-z]))*)\s*(?:'|’)?\s?\d{2,4}\s*(?:\*\*)?\s*\)")


_STATUS_TAIL = re.compile(r"\s*,\s*(?:(?P<to>(?:submitted|accepted|under review|in review|under revision|"
                          r"conditionally accepted|to appear)\s+(?:to|at|in|for)\s+)(?=[A-Z])|"
                          r"(?:in review|under review|submitted|in submission|under revision|in press|to appear|"
                          r"forthcoming|accepted|in preparation)\.?\s*$)", re.I)
_SPACE_BEFORE_CLOSE = re.compile(r"\s+\)")
_UNCLOSED_TAIL = re.compile(r"\s*\([^()]*$")
_SUBMITTED_TO = re.compile(r"^\s*(?:(?:submitted|accepted|under review|in review|under revision|revised and resubmitted|"
                           r"revise and resubmit|r&r|conditionally accepted|forthcoming|to appear)\s*,?\s+(?:to|at|in)\s+|"
                           # a status as the label of the venue: "Submitted: USENIX FAST'25", "Published: ACM X'24"
                           r"(?:submitted|accepted|published|under review|in review|under revision|in press|forthcoming|"
                           r"to appear)\s*:\s*(?=\S)|"
                           r"to\s+(?=[A-Z])(?!Appear\b))", re.I)


@lru_cache(maxsize=16384)
def named_venue(venue: str | None) -> tuple[str | None, str | None]:
    """A structured record's venue (JSON Resume, YAML, BibTeX) named as a text reference's venue
    is, and its acronym: "Proceedings of the 31st IEEE International Conference on … (ABC 2024)"
    → ("IEEE International Conference on …", "ABC"), so one paper has one venue name in every format."""
    if not venue:
        return venue, None
    acronym = venue_acronym(venue)
    return _venue_name(venue, acronym) or venue, acronym


def _venue_name(venue_text: str, acronym: str | None) -> str | None:
    """The venue's name as written, without year, edition, 'In Proceedings of' and notes:
    "In Proceedings of the ACM SIGCOMM 2025 Conference (SIGCOMM '25)" → "ACM SIGCOMM Conference"."""
    if not venue_text:
        return acronym
    v = _SUBMITTED_TO.sub("", venue_text)       # "Submitted to Journal of …": the status is read apart
    if "," in v and (tail := _STATUS_TAIL.search(v)):
        # "ECCV, In Review", "Lorem Journal, submitted": the status after the venue's name;
        # "arXiv preprint, submitted to Lorem Letters": the venue the work went to (the status is read apart)
        v = v[tail.end():] if tail.group("to") else v[:tail.start()]
    v = _VENUE_NAME_RE9.sub("", v)  # "(NSDI '25)"
    v = _VENUE_NAME_RE8.sub("", v)              # "(TMLR)"
    if "**" in v:
        v = re.sub(r"\*\*\s*\*\*", "", v)       # ("Lorem Transactions**(LT)**": the bold acronym taken out)
    if ":" in v:
        v = _VENUE_NAME_MLA.sub("", v)
    v = _VENUE_NAME_RE7.sub("", v)           # "14 (4), 978-990"
    if not ("roceedings of the" in v and _JOURNAL_PROCEEDINGS.match(v)):
        v = _VENUE_NAME_RE6.sub("", v)
    else:                                   # a journal named "Proceedings of the …" keeps its name
        v = _VENUE_NAME_IN.sub("", v)
    v = _VENUE_NAME_RE5.sub("", v)          # edition: "18th", "The 3rd"
    # "… Symposium on Operating Systems Principles 2025 Conference": the year's event, not the series.
    v = _VENUE_NAME_RE4.sub(r"\1", v)
    v = _VENUE_NAME_RE3.sub(" ", v)                        # the year
    v = _VENUE_MONTH_END.sub("", v)                        # "…, June" left of "…, June 2017"
    v = _VENUE_NAME_RE2.sub("", v)
    v = clean(_VENUE_NAME_RE0.sub(r"\1", _FINISH_RE2.sub(" ", v))).strip(" .,;")   # "Learning (ICML), X" → "Learning, X"
    if "(" in v:
        # what the year's removal leaves of a bracket: "( )", "(LOREM )", an unclosed "(" at the end
        v = _EMPTY_BRACKETS.sub("", _SPACE_BEFORE_CLOSE.sub(")", v)).strip(" ,;")
        if v.count("(") > v.count(")"):
            v = _UNCLOSED_TAIL.sub("", v).strip(" .,;")
    if not v:
        return acronym
    if acronym and v.lower() == acronym.lower():
        return acronym
    if acronym and "(" in v and " " in acronym:
        # "USENIX Security Symposium (USENIX Security)": the acronym, its year read above
        v = re.sub(r"\(\s*" + re.escape(acronym) + r"\s*\)", "", v).strip(" ,") or v
    return v


def split_run_together_authors(publications: list[Publication], subject: str | None = None) -> None:
    """'Yan Zhang Wenyuan Yu', 'Ennan Zhai Xin Jin Jingren Zhou' (missing commas) → one author
    per name. A run of 4+ capitalised words is cut into 2–3-word names when every piece is a
    name the document lists alone elsewhere, or ends in a surname other authors carry."""
    known = {a.name for p in publications for a in p.authors if 2 <= len(a.name.split()) <= 3}
    surnames = {n.split()[-1] for n in known}
    for p in publications:
        fixed: list[Author] = []
        for a in p.authors:
            words = a.name.split()
            pieces = None
            if len(words) >= 4 and all(re.fullmatch(r"[A-Z][a-z\u00c0-\u024f'-]+", w) for w in words):
                pieces = (_partition_names(words, lambda n: n in known)
                          or _partition_names(words, lambda n: n.split()[-1] in surnames and looks_like_name(n)))
                if not pieces:
                    # One piece the document knows; the others read as names.
                    pieces = _partition_names(words, lambda n: n in known or looks_like_name(n))
                    pieces = pieces if pieces and any(x in known for x in pieces) else None
            if not pieces:
                fixed.append(a)
                continue
            for i, piece in enumerate(pieces):
                last = i == len(pieces) - 1
                fixed.append(Author(name=piece, is_subject=bool(subject) and same_person_name(piece, subject),
                                    equal_contribution=a.equal_contribution and last,
                                    corresponding=a.corresponding and last))
        p.authors = fixed


def _partition_names(words: list[str], ok) -> list[str] | None:
    """Cut words into consecutive 2–3-word pieces that all satisfy ok; two-word pieces first."""
    if not words:
        return []
    for k in (2, 3):
        if len(words) < k or len(words) - k == 1:
            continue
        piece = " ".join(words[:k])
        if ok(piece):
            rest = _partition_names(words[k:], ok)
            if rest is not None:
                return [piece] + rest
    return None
