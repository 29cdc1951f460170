"""Patent entries: title, number, inventors in order, date and status, from one line of text.

CVs write a patent in many shapes; each reads to the same fields:
- "Title" United States Patent Number US11223478            (quoted title, then the number)
- A, B, and C. Title. US15/433,834. (Filed in multiple countries)
- A, B, C, Title, Korean Intellectual Property Office, 10-2021-0025895, October 2021
- US 10,123,456 B2 | 2019-03-05 | Title                      (columns)
- Doe, J., Roe, R. (2019). Title. U.S. Patent No. 10,123,456.
- Title<TAB>2022                                              (a title and its year)
"""
from __future__ import annotations

import re

from cvgraph.identifiers import normalise_patent

from .publications import _WITH_COAUTHORS, _split_authors_then_rest, parse_reference
from .fields import (AUTHOR_MARKS, MAX_FIELD, clean, find_period, looks_like_name, same_person_name, split_authors,
                     strip_markup)

# "U.S. Patent No. 10,123,456 B2", "US Patent App. 16/123,456", "United States Patent Number US11223478",
# "Patent application 20260017810", "Korean Patent Application No. 10-2026-0007653": a phrase naming
# the patent, then its number
# (a comma inside a number is a thousands separator, followed by a digit: in "US 11,222,333, 2022"
# the year is not part of it)
_NUMBER = r"(?:[A-Z]{2}\s?)?\d(?:[\d./-]|,(?=\d)){3,20}\d(?:\s?[A-Z]\d?)?(?![\w/])"
_PHRASE = re.compile(
    r"(?:\b(?:U\.\s?S\.|US|EP|CN|KR|JP|DE|WO|United\s+States|European|Chinese|Korean|Japanese|German|Canadian|"
    r"International|PCT|Provisional|Utility)\s+)*"
    r"\b(?:Patent|Pat\.)(?:\s+(?:Application|Appl?\.|Publication|Pub\.))?(?:\s+(?:Nos?\.|Numbers?|#))?\s*[:#]?\s*"
    r"(?P<n>" + _NUMBER + r")", re.I)
# a number standing alone: a country code and digits ("US 10,123,456 B2", "CN 202110572838.8",
# "US15/433,834"), or a Korean application number ("10-2021-0025895")
_BARE = re.compile(r"(?<![\w/])(?P<n>(?:US|EP|WO|CN|JP|KR|DE|GB|FR|CA|AU|IN|TW)\s?-?\s?\d(?:[\d./ -]|,(?=\d)){3,20}\d"
                   r"(?:\s?[A-Z]\d?)?|10-(?:19|20)\d\d-\d{7})(?![\w/])")
_GOOGLE_PATENT = re.compile(r"patents\.google\.com/patent/([A-Z]{2}\d{4,14}[A-Z]?\d?)\b")
_PHRASE_COUNTRY = re.compile(r"(U\.\s?S\.|US|EP|CN|KR|JP|DE|WO|United\s+States|European|Chinese|Korean|Japanese|German|PCT)\s", re.I)
_APPLICATION = re.compile(r"\b(?:application|appl?\.|publication|pub\.|provisional|serial)", re.I)
# a Chinese patent's number ("ZL 2021 1 0408724.X"), and a number named by "number"/"No." alone
# ("Patent Issued, number 9,983,959")
_ZL = re.compile(r"(?P<n>\bZL\s?(?:19|20)\d\d\s?\d\s?\d{7}\s?\.?\s?[\dX])(?![\w])")
_NUMBER_WORD = re.compile(r"\b(?:number|no\.|#)\s*:?\s*(?P<n>\d{1,2}(?:,\d{3}){2}|\d{6,8})(?![\d,/])", re.I)
_LEAD_NUMBERING = re.compile(r"^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|[PpA-Z]?\d{1,3}\s*[-.)–:]|\d{1,3}\s+(?=[\"“]))\s*(?=\S)")
_QUOTED = re.compile(r"[\"“]\s*(?P<t>[^\"“”]{4,400}?)\s*[\"”“]")
_GRANTED = re.compile(r"\b(?:granted|issued|awarded|registered|registration|grant|authori[sz](?:ed|ation))\b", re.I)
_PENDING = re.compile(r"\bpending\b", re.I)
_FILED = re.compile(r"\b(?:filed|filing|applied|application|provisional|submitted|published|publication)\b|\bappl?\.", re.I)
_DATE_WORD = re.compile(r"\b(?:granted|issued|filed|published|registered|awarded|"
                        r"date\s+of\s+(?:application|filing|grant|issue|publication)|dated?|priority)\b\s*(?:on|in)?\s*:?\s*", re.I)
_OFFICE = re.compile(r"\b(?:patent|intellectual\s+property|trademark|uspto|kipo|cnipa|sipo|epo|wipo|jpo)\b", re.I)
_STATUS_NOTE = re.compile(r"[(\[]\s*(?:[^()\[\]]{0,40}\b(?:filed|pending|granted|issued|submitted|countries|"
                          r"application|provisional)\b[^()\[\]]{0,40})\s*[)\]]", re.I)
_SENTENCE = re.compile(r"(?<!\b[A-Z])(?<!\bNo)(?<!\bno)(?<!\bApp)(?<!\bAppl)(?<!\bPat)(?<!\bPub)\.\s+(?=\S)")
_AUTHOR_ITEM = re.compile(r",\s*(?:and\s+|&\s+)?|(?<!\s)\s+(?:and|&)\s+")
_APA_YEAR = re.compile(r"^(?P<a>[^()]{3,400}?)\s*\(\s*(?P<y>(?:19|20)\d\d)\s*\)\s*[.,:]?\s*(?P<rest>.+)$")


def number_in(text: str) -> tuple[str, int, int] | None:
    """The patent number written in the text, with where it stands (the whole phrase that
    names it: "U.S. Patent No. 10,123,456"), or None. A number named by a US phrase without
    its country code gets it ("U.S. Patent 12,243,293" → "US 12,243,293", "US Patent App.
    16/123,456" → "US 16/123,456")."""
    m = _PHRASE.search(text[:MAX_FIELD])
    if m and re.search(r"\d{4,}", m.group("n").replace(",", "")):
        n = m.group("n")
        if n[:1].isdigit() and (cc := _phrase_country(m.group(0))):
            n = cc + " " + n
        return n, m.start(), m.end()
    m = _BARE.search(text[:MAX_FIELD]) or _ZL.search(text[:MAX_FIELD]) or _NUMBER_WORD.search(text[:MAX_FIELD])
    if m:
        return m.group("n"), m.start(), m.end()
    return None


_COUNTRY_WORDS = {"u.s.": "US", "u. s.": "US", "us": "US", "united states": "US", "european": "EP", "ep": "EP",
                  "chinese": "CN", "cn": "CN", "korean": "KR", "kr": "KR", "japanese": "JP", "jp": "JP",
                  "german": "DE", "de": "DE", "pct": "WO", "wo": "WO"}


def _phrase_country(phrase: str) -> str | None:
    """The office a phrase names before 'Patent': 'U.S. Patent' → US, 'EP Patent' → EP."""
    m = _PHRASE_COUNTRY.match(phrase)
    return _COUNTRY_WORDS.get(re.sub(r"\s+", " ", m.group(1).lower())) if m else None


def patent_number(written: str) -> str:
    """The number in Google Patents' compact form when it is a publication number
    ("US 10,123,456 B2" → US10123456B2), else as written (application serial numbers:
    "US15/433,834", "US62/415332")."""
    serial = re.search(r"\d/\d", written) and not re.search(r"(?:19|20)\d\d\s?/\s?\d{5,7}", written)
    ident = None if serial else normalise_patent(written)
    return ident.value if ident else re.sub(r"\s+", "", written.strip(" .,;"))


def _granted_number(phrase: str, number: str) -> bool:
    """'U.S. Patent No. 10,123,456', 'United States Patent Number US11223478', 'US 9,876,543 B2':
    a granted US patent's number (seven or eight digits, or a B kind code), not an application."""
    return not _APPLICATION.search(phrase) and bool(re.fullmatch(r"US\d{7,8}(?:B\d?|E|S)?|[A-Z]{2}\d{5,12}B\d?", number))


def patent_heading_status(heading: str) -> str | None:
    """The status a heading gives the patents under it: 'Pending Patents' → pending, 'Patents
    Approved'/'Granted'/'Issued'/'Registrations' → granted, 'Applications'/'Filed' → filed; a
    heading naming two statuses ('Granted and Pending') gives none."""
    text = strip_markup(heading or "")[:120]
    found = {st for st, rx in _HEADING_STATUS if rx.search(text)}
    return found.pop() if len(found) == 1 else None


_HEADING_STATUS = (("pending", re.compile(r"\bpending\b", re.I)),
                   ("granted", re.compile(r"\b(?:approved|granted|issued|awarded|registrations?|registered)\b", re.I)),
                   ("filed", re.compile(r"\b(?:applications?|filed|submitted|applied)\b", re.I)))


def status_of(text: str) -> str | None:
    """'pending', 'granted' or 'filed' as the line says it (an application is filed)."""
    if _PENDING.search(text):
        return "pending"
    if _GRANTED.search(text):
        return "granted"
    if _FILED.search(text):
        return "filed"
    return None


def _date(text: str) -> str | None:
    """The date after 'granted'/'filed'/…, else the last date the text holds."""
    for m in _DATE_WORD.finditer(text):
        found = find_period(text[m.end():m.end() + 40])
        if found and found[1][0] <= 2:
            return found[0][0]
    last = None
    for m in re.finditer(r"(?<![\d,./-])(?:19|20)\d\d(?![\d/]|,\d)", text):
        last = m
    if last is None:
        return None
    found = find_period(text[max(0, last.start() - 16):last.end() + 6])
    return found[0][0] if found else last.group(0)


def _is_inventor(item: str, subject: str | None) -> bool:
    """A name in a list of inventors: at most three words unless it has an initial ('Affect
    Driven Dialog Generation' is a title), never an office or status ('US Patent Pending')."""
    item = AUTHOR_MARKS.sub("", item).strip()
    if subject and same_person_name(item, subject):
        return True
    words = item.split()
    return looks_like_name(item, 6) and not _OFFICE.search(item) and not status_of(item) \
        and (len(words) <= 3 or any(re.fullmatch(r"[A-Z]\.?", w) for w in words))


def _leading_names(text: str, subject: str | None) -> tuple[list[str], str]:
    """'T Roe, J Poe, and K Doe, Title, …' → the names set off by commas, and what follows."""
    pos, names = 0, []
    for sep in _AUTHOR_ITEM.finditer(text):
        item = AUTHOR_MARKS.sub("", text[pos:sep.start()]).strip()
        if not _is_inventor(item, subject):
            break
        names.append(item)
        pos = sep.end()
    return names, text[pos:]


def _title_then_names(text: str, subject: str | None) -> tuple[str, list[str]] | None:
    """'Title words, A, B and C, US Patent Pending, …' → the title before a run of two names or
    more (or the subject's), and the names."""
    items = [i.strip() for i in _AUTHOR_ITEM.split(text[:2000]) if i.strip()]
    for k in range(1, min(len(items) - 1, 8)):
        if _is_inventor(items[k], subject) and (_is_inventor(items[k + 1], subject)
                                                or subject and same_person_name(items[k], subject)):
            end = k
            while end < len(items) and _is_inventor(items[end], subject):
                end += 1
            title = text[: text.find(items[k])].strip(" ,;")
            if len(title.split()) >= 2 and not any(_is_inventor(i, subject) for i in items[:k]):
                return title, [AUTHOR_MARKS.sub("", i).strip() for i in items[k:end]]
    return None


def _inventors(text: str, subject: str | None) -> list[str] | None:
    found = split_authors(text.strip(" ,.;:"), subject or "")
    if not found or not found[0]:
        return None
    names = [a.name for a in found[0]]
    if len(names) >= 2 or subject and same_person_name(names[0], subject) or len(names) == 1 and looks_like_name(names[0]):
        return names
    return None


def parse_patent(raw: str, subject: str | None = None) -> dict | None:
    """One line read as a patent: {'title', 'number', 'inventors', 'date', 'status'}; None when no
    title is left."""
    text = clean(strip_markup(raw[:MAX_FIELD]).replace("\t", " | "))
    text = _LEAD_NUMBERING.sub("", text)
    lead_status = None
    if (tag := _LEAD_TAG.match(text)) and status_of(tag.group(1)):
        lead_status, text = status_of(tag.group(1)), text[tag.end():]      # "[Pending] A, B, “Title”"
    lead_date = None
    if lead := _LEAD_DATE.match(text):
        lead_date, text = find_period(lead.group(0))[0][0], text[lead.end():]    # "2023-06 Title …"
    text = _KIND_LABEL.sub("", text)          # "Chinese national invention patent: Title"
    if not text:
        return None
    num = number_in(text)
    number = patent_number(num[0]) if num else None
    if number is None and (link := _GOOGLE_PATENT.search(raw)):
        number = link.group(1)       # "[European Patent](https://patents.google.com/patent/ES2889699A1/en)"
    status = lead_status or status_of(text) or ("granted" if num and _granted_number(text[num[1]:num[2]], number) else None)
    date = _date(text[: num[1]] + " " + text[num[2]:] if num else text) or lead_date
    if ": " in text and _LABELLED_ITEM.search(text):
        # "Title, Application number: 202010139043.3, Date of authorization: 2021.05.11, A, B.":
        # labelled items are read above (number, date, status), not part of the title or names
        text = _LABELLED_ITEM.sub("", text)
        num = number_in(text)
    if (label := _INVENTORS_INLINE.search(text)) is not None:
        # "Crane stand. US Patent 9,876,543. Inventors: Mira Quell, Tomas Arvo."
        named = _inventors(label.group(1), subject)
        text = text[: label.start()] + text[label.end():]
        num = number_in(text)
    else:
        named = None
    with_names = _WITH_COAUTHORS.search(text)
    if with_names and subject:
        # "Title (with A, B, and C)": the subject's co-inventors
        others = _inventors(with_names.group(1), None) or []
        text = (text[: with_names.start()] + text[with_names.end():]).strip()
        with_list = [subject] + [n for n in others if not same_person_name(n, subject)]
    else:
        with_list = []
    inventors: list[str] = []
    title = None
    cells = [c.strip() for c in text.split("|") if c.strip()] if "|" in text else []
    quoted = _QUOTED.search(text)
    if len(cells) >= 2:
        # "US 10,123,456 B2 | 2019-03-05 | Title": the cell that is neither number, date nor status
        rest = [c for c in cells if not (num and num[0] in c and len(c) - len(num[0]) < 30 and _few_words(c, num[0]))
                and not _date_only(c) and not (status_of(c) and len(c.split()) <= 3)]
        if rest:
            names = _inventors(rest[0], subject) if len(rest) > 1 else None
            if names:
                inventors, rest = names, rest[1:]
            title = max(rest, key=lambda c: len(re.findall(r"[A-Za-z]{2,}", c)))
    elif quoted:
        title = quoted.group("t").rstrip(" ,.")
        before = text[: quoted.start()].strip(" ,.;:")
        apa = _APA_YEAR.match(before + " ") if "(" in before else None
        if apa:
            before = apa.group("a")
        names = _inventors(before, subject) if before else None
        if not names:
            # '"Title", A, B, EP Patent 2385483 (…)': the inventors after the title
            after, _ = _leading_names(text[quoted.end():].lstrip(" ,.;:") + ",", subject)
            names = after if len(after) >= 2 or after and subject and any(same_person_name(n, subject) for n in after) else None
        inventors = names or []
    else:
        head = text[: num[1]] if num else text
        number_first = bool(num) and len(re.findall(r"[A-Za-z]{3,}", head)) < 2
        if number_first:
            head = _LEAD_DATES.sub("", text[num[2]:])     # "US Patent App. 16/278,392, 2019, Title.": the title after the number
        apa = _APA_YEAR.match(head)
        if apa and (names := _inventors(apa.group("a"), subject)):
            # "Doe, J., Roe, R. (2019). Title. U.S. Patent No. …"
            inventors, head = names, apa.group("rest")
            date = date or apa.group("y")
        parts = [p.strip() for p in _SENTENCE.split(head) if p.strip(" .,;:")]
        if len(parts) >= 2 and not inventors and (names := _inventors(parts[0], subject)):
            inventors, parts = names, parts[1:]          # "A, B, and C. Title. US15/433,834."
        if parts and not inventors and parts[0].count(",") >= 2:
            names, after = _leading_names(parts[0], subject)
            if len(names) >= 2 or names and subject and any(same_person_name(n, subject) for n in names):
                inventors, parts = names, [after] + parts[1:]    # "A, B, C, Title, Office, 10-2021-…, Oct 2021"
        if len(parts) >= 2 and not inventors \
                and not _inventors(parts[0], subject) and (names := _inventors(parts[1], subject)):
            inventors, parts = names, [parts[0]] + parts[2:]   # "US 11,234,567 B2. Title. A, B. Granted 2022."
        title_first = _title_then_names(parts[0], subject) if parts and not inventors and parts[0].count(",") >= 2 else None
        ref = None
        if parts and not inventors and not title_first and ". " in parts[0]:
            # "Drost B., Ulrich M. Title.": the names in one of the reference forms publications use
            ref = parse_reference(head.strip(" ,;"), subject or "")
            if not (ref and ref.get("authors")) and (run := _split_authors_then_rest(parts[0], subject or "")) and run[1]:
                ref = {"authors": run[0], "title": run[1]}      # "Drost B., Ulrich M. Title" with nothing after it
            ref = ref if ref and ref.get("authors") and len((ref.get("title") or "").split()) >= 2 else None
        if title_first:
            title, inventors = title_first       # "Title, A, B and C, US Patent Pending"
        elif ref:
            title, inventors = _title_part(ref["title"]), [a.name for a in ref["authors"]]
        else:
            title = _title_part(parts[0]) if parts else None
    if title:
        title = _STATUS_NOTE.sub("", title)
        title = clean(re.sub(r"\s*[|,;:]\s*$", "", title)).strip(" .,;:-–([")
    if title and _NOT_TITLE.search(title):
        return None
    if title and date and (tail := _TITLE_YEAR.search(title)) and tail.group(1) in date:
        title = title[: tail.start()]          # "Title 2022": the year written after the title
    if not title or not re.search(r"[^\W\d_]{2}", title) or _date_only(title) or _NOT_TITLE.search(title):
        return None
    if num and title == num[0]:
        return None
    return {"title": title, "number": number, "inventors": inventors or named or with_list, "date": date, "status": status}


_LEAD_TAG = re.compile(r"^\s*\[\s*([A-Za-z ]{3,20})\s*\]\s*")
_LEAD_DATE = re.compile(r"^\s*(?:19|20)\d\d(?:[-./](?:0?[1-9]|1[0-2]))?(?:[-./]\d{1,2})?\s+(?=[A-Za-z\u00c0-\uffff])")
_KIND_LABEL = re.compile(r"^\s*[A-Za-z ]{0,40}\b(?:patent|utility\s+model|invention)\s*:\s*(?=\S)", re.I)
_LABELLED_ITEM = re.compile(r"(?:^|,\s*)(?:date\s+of\s+\w+|application\s+(?:number|no\.?|date)|patent\s+(?:number|no\.?)|"
                            r"filing\s+date|grant\s+date|publication\s+(?:number|no\.?|date))\s*:\s*[^,]{1,40}(?=,|$)", re.I)
_INVENTORS_INLINE = re.compile(r"[.,;]?(?<!\s)\s*\b(?:co-?)?inventors?\s*:\s*([^.;:]{3,300}?)\s*(?:[.;]\s|[.;]?$)", re.I)
_LEAD_DATES = re.compile(r"^[\s,.;:|-]*(?:(?:19|20)\d\d[\s,.;:|-]+)?")
_TITLE_YEAR = re.compile(r"(?<![\s,;(|])[\s,;(|]+((?:19|20)\d\d)\)?$")
# "(Last Updated: March 2022)", "[under construction]": a note on the list, not a patent
_NOT_TITLE = re.compile(r"^\s*(?:[(\[].*[)\]]\s*$|(?:last\s+)?updated\b|see\b|(?:a\s+|the\s+)?(?:full|complete)\s+list\b)|"
                        r"\b(?:full|complete)\s+list\b|\b\d+\s+(?:\w+\s+){0,3}patents\b", re.I)
# ("See Google Patents for a full list.", "Inventor on 12 granted US patents": notes on the list)


def _few_words(cell: str, number: str) -> bool:
    return len(re.findall(r"[A-Za-z]{3,}", cell.replace(number, ""))) <= 3


def _date_only(text: str) -> bool:
    found = find_period(text)
    return bool(found) and not re.sub(r"[\W\d_]+", "", text[: found[1][0]] + text[found[1][1]:]).strip()


def _title_part(text: str) -> str:
    """The title in 'Title, Korean Intellectual Property Office, 10-2021-0025895, October 2021' or
    'Title, filed 2020': the items before the first that names an office, a status or a date."""
    items = text.split(", ")
    keep = []
    for i, item in enumerate(items):
        if i and (_OFFICE.search(item) or status_of(item) and len(item.split()) <= 4 or _date_only(item)
                  or not re.search(r"[A-Za-z]{2}", item)):
            break
        keep.append(item)
    return ", ".join(keep)


def is_number_label(raw: str) -> bool:
    """'Patent application 20260017810', 'U.S. Patent 12,243,293': a line that only names a
    patent's number (its title follows on the next line)."""
    text = clean(strip_markup(raw))
    num = number_in(text)
    if not num:
        return False
    rest = (text[: num[1]] + " " + text[num[2]:]).strip(" .,;:|-–()")
    return len(re.findall(r"[A-Za-z]{3,}", rest)) <= 1
