"""YAML CV data (bamos/cv ``cv.yaml``, al-folio/academicpages ``cv.yml``, RenderCV) → CVRecord.

Keys are read by meaning, not by one file's layout: a section is any key (or al-folio
``title:``) whose name says education / positions / honors / publications / talks / service /
teaching / skills; an item's fields are found among synonyms (school|institution|place|org,
degree|title, dates|year|start_date..). Values may hold HTML, Markdown or LaTeX markup
(``\\href``, ``--``, ``\\&``); all are turned into plain text. Only ``yaml.safe_load`` is used.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Any

import yaml

from cvgraph.errors import DocumentError
from cvgraph.record import (Author, Award, CVRecord, Education, Patent, Person, Position, Publication, Service,
                            Talk, Teaching)
from mappers.extract.fields import (DEGREE_RE, _is_city, _is_region, NATURAL_LANGUAGE, ORG_WORD, clean, town_of_address, looks_like_name, without_template, degree_level, field_of_degree, find_emails, find_urls, latin_form, parse_date,
                                    parse_period, publication_status, split_affiliation, split_authors,
                                    strip_honorifics, strip_markup,
                                    venue_year)
from mappers.extract.text import ADVISOR_RE, INSTITUTION_WORDS, SERVICE_ROLE_WORDS, TITLE_WORDS, _SERVICE_POST, _people
from mappers.read import SourceDocument, without_surrogates, yaml_one_document
from mappers.extract.sections import _foreign_heading
from mappers.extract.patents import _GOOGLE_PATENT, _granted_number, number_in, parse_patent, patent_number, status_of

# ---------------------------------------------------------------------------------------
# Section kinds (shared with the LaTeX extractor)
# ---------------------------------------------------------------------------------------
SECTION_PATTERNS = [
    ("education", r"education|academic background|degrees?|qualifications|studies"),
    ("publications", r"publications?|papers|bibliography|articles|pre ?prints|conference|journal|manuscripts?|"
                     r"under review|submitted|in preparation|book chapters?|chapters in books"),
    ("patents", r"patents?"),
    ("talks", r"talks|presentations|invited|lectures given|seminars"),
    ("teaching", r"teaching|courses taught|instruct"),
    ("service", r"service|professional activit|professional contributions|reviewing|reviewer|committee|area.?chair|organi[sz]|volunteer|activities|outreach|membership|leadership"),
    ("awards", r"honou?rs?|awards?|prizes?|fellowships?|scholarships?|grants?|funding|distinctions|achievements|accolades|"
               r"certificat(?:es?|ions?)|competitions|contests"),
    ("positions", r"experience|employment|positions?|work(?![a-z])|career|appointments?|research experience|internships?|jobs?|"
                  r"industry$"),
    ("skills", r"skills|technologies|programming|tools|competenc|expertise"),
    ("languages", r"languages?(?![a-z])"),
    ("projects", r"projects?|repos|open.?source|software"),
    ("references", r"references|referees"),
    ("advising", r"advising|mentoring|students|supervis"),
    ("interests", r"interests|research areas?|research topics|areas? of (?:research|interest)"),
]
_SECTION_KINDS = frozenset(kind for kind, _ in SECTION_PATTERNS)


def section_kind(title: str) -> str | None:
    """'Honors & Awards' → 'awards', 'Work Experience' → 'positions'; None when unknown."""
    t = re.sub(r"[_\-]+", " ", title).lower().strip()
    if re.search(r"\b(?:computational|computing|computer|programming) experience\b", t):
        return "skills"             # "Computational Experience": languages and tools, not posts
    if re.search(r"\bcompetitive programming\b", t):
        return "awards"             # contest results and ranks, not a list of tools
    if re.fullmatch(r"(?:computer |programm?(?:ing)? )languages?", t):
        return "skills"             # "Program Languages": C, Java, SageMath; no spoken languages
    if re.match(r"(?:selected |relevant |graduate |advanced )?(?:courses|coursework|classes)\b", t) and \
            not re.search(r"\b(?:taught|teach\w*|instruct\w*|given|lectured)\b|project", t):
        return None                 # "Courses for the School of Advanced Studies": courses taken, no degrees
    if re.search(r"\b(?:works?|research|papers?) in progress\b", t):
        return "publications"       # "Work in Progress": papers not yet out, not a post
    if re.search(r"research experience|work experience|professional experience|industry experience", t):
        return "positions"
    if re.fullmatch(r"funded|(?:grants?|funding) (?:received|awarded|obtained)", t):
        return "awards"             # "funded:" (grants won), as "grants:" and "funding:" are read
    if re.fullmatch(r"langs?", t):
        return "languages"          # "lang:" (a theme's short key)
    if re.fullmatch(r"(?:(?:international|research|academic|scientific) )*(?:mobility|stays?|visits?)(?: abroad)?", t):
        return "positions"          # "Mobility", "Research Stays": visits to other labs, each a post
    if re.search(r"\breview(?:er|ers|ing|s)?\b|\brefereeing\b", t) and not re.search(r"publication|paper|article|preprint|manuscript|"
                                                                    r"under review|in review", t):
        return "service"            # "Journal Peer Review" is reviewing, not a journal list
    if re.search(r"\bstack\b", t) and not re.search(r"project", t):
        return "skills"             # "Tech Stack", "Stack software": the tools one works with
    if re.search(r"project", t):
        # ("Awards, Grants, and Experience on Sponsored Projects": a list of awards first)
        return "awards" if re.match(r"(?:awards?|honou?rs?|prizes?|grants?|fellowships?)\b", t) else "projects"
    if re.search(r"\b(?:attended|attendance|participation)\b", t) and not re.search(r"talk|presentation|invited", t):
        return None                 # "Conferences and Workshops Attended": where one listened, not spoke
    if re.search(r"conference|journal", t) and re.search(r"\bservices?\b|reviewing|committee|organi[sz]", t) and \
            not re.search(r"publication|paper|article|talk|presentation", t):
        return "service"            # "Conference Service": committees, not a list of conference papers
    if re.fullmatch(r"(?:posters?|demos?)(?: (?:and|&) (?:posters?|demos?))?", t):
        return "publications"       # "Posters and Demos": poster and demo papers, each a reference
    if re.fullmatch(r"(?:other |selected |popular |public |recent )?writings?", t):
        return "publications"       # "Other Writing": articles and reviews
    for kind, pattern in SECTION_PATTERNS:
        if re.search(r"(?<![a-z])(?:" + pattern + r")", t):
            return kind
    # a heading in another language ("Formación académica", "Berufserfahrung", "Istruzione"),
    # as the text reader knows them
    foreign = _foreign_heading(t)
    return foreign if foreign in _SECTION_KINDS else None


# ---------------------------------------------------------------------------------------
# Value helpers
# ---------------------------------------------------------------------------------------
def text_of(value: Any) -> str:
    """Any YAML scalar → plain text (LaTeX, HTML and Markdown markup removed)."""
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return "; ".join(t for t in (text_of(v) for v in value) if t)
    if isinstance(value, dict):
        return "; ".join(t for t in (text_of(v) for v in value.values()) if t)
    text = re.sub(r"\\href\s*\{[^{}]*\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}", r"\1", str(value))
    if "``" in text:
        text = text.replace("``", "“").replace("''", "”")     # LaTeX quotes
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)        # "[Dr. Ada Dolor](https://lorem.edu/~dolor/)": the label
    if "~" in text and "://" in text:
        # a "~" inside an address is the address's own ("/~jdoe/"), not LaTeX's tie
        text = _URL_TOKEN.sub(lambda m: m.group(0).replace("~", "\ue001"), text)
    if "\\" in text or "--" in text or "~" in text or "{" in text:
        from mappers.convert import latex_fragment_to_text

        if "%" in text:
            # "~1.3% acceptance rate", "top 5 %": a percentage, not LaTeX's comment sign (which
            # would drop the rest of the value)
            text = _PERCENT.sub(r"\\%", text)
        text = latex_fragment_to_text(text.replace("\\\\", "\n")).replace("\t", " ")
    text = text.replace("\ue001", "~")
    text = _LINK_LABEL.sub("", strip_markup(text))
    # "Switzerland |": a separator the template prints between this value and the next
    return _EDGE_SEPARATOR.sub("", re.sub(r"\s+", " ", text).strip())


_PERCENT = re.compile(r"(?<=\d)%|(?<=\d\s)%")
_MD_LINK = re.compile(r"\[([^\[\]]{1,300})\]\((?:https?://|mailto:)[^()\s]{1,500}\)")
_URL_TOKEN = re.compile(r"https?://[^\s<>\"'()\[\]{}]{1,500}")
_LINK_LABEL = re.compile(r"\s?\((?:link|pdf|url|here)\)(?=\W|$)", re.I)
_EDGE_SEPARATOR = re.compile(r"^[|•·]\s*|\s*[|•·]$")


def href_texts(value: Any) -> list[str]:
    """The link texts of \\href{..}{text} and <a ...>text</a> in a raw value."""
    raw = str(value or "")
    out = [m.group(1) for m in re.finditer(r"\\href\s*\{[^{}]*\}\s*\{([^{}]*)\}", raw)]
    out += [m.group(1) for m in re.finditer(r"<a\b[^>]*>(.*?)</a>", raw, re.S)]
    return [text_of(x) for x in out if text_of(x)]


def period_of(text: str) -> tuple[str | None, str | None, bool]:
    """parse_period plus the open-ended '2025--' / '2025 –' / '2025-present' forms."""
    start, end, current = parse_period(text)
    if start and not end and not current and re.search(
            r"(?:19|20)\d\d(?:[-/.]\d\d?)?\s*[-–—]+\s*(?:(?:pursuing|ongoing|in progress|current|now|today|date)\W*)?$", text, re.I):
        current = True                  # "2025--", "2023--pursuing"
    return start, end, current


def pick(item: dict, *keys: str) -> Any:
    """The first non-empty value among keys; keys match case-blind, '-' as '_' ('start-date')."""
    lower = {str(k).lower().replace("-", "_"): v for k, v in item.items()}
    for k in keys:
        v = lower.get(k)
        if v not in (None, "", [], {}):
            return v
    return None


def _year_month(item: dict, side: str) -> str | None:
    """{from-year: 2019, from-month: July}: the date written in two keys ('from'/'to', 'start'/'end')."""
    names = ("from", "start") if side == "start" else ("to", "end")
    for n in names:
        year = text_of(pick(item, f"{n}_year", f"{n}year"))
        if re.fullmatch(r"(?:19|20)\d\d", year):
            month = text_of(pick(item, f"{n}_month", f"{n}month"))
            return f"{month} {year}" if re.fullmatch(r"[A-Za-z]{3,9}\.?|\d{1,2}", month) and not month.isdigit() \
                else f"{year}-{int(month):02d}" if month.isdigit() and 1 <= int(month) <= 12 else year
    return None


def item_period(item: dict) -> tuple[str | None, str | None, bool]:
    if (ym := _year_month(item, "start")) is not None:
        end_ym = _year_month(item, "end")
        if end_ym is None and any(str(k).lower().replace("-", "_") in ("to_year", "end_year", "toyear")
                                  for k in item):
            return parse_date(ym) or None, None, True      # "to-year:" left empty: still held
        if end_ym is not None or not any(pick(item, k) for k in ("start_date", "startdate", "start", "from", "dates",
                                                                   "date", "years", "period", "when")):
            return parse_date(ym) or None, (parse_date(end_ym) or None) if end_ym else None, False
    # ("startYear: Mar 2009": a month and year under a year key, which _year_month leaves)
    start_v = pick(item, "start_date", "startdate", "date_start", "start", "from", "year_start", "start_year", "begin",
                   "startyear")
    if start_v is not None:
        start = parse_date(text_of(start_v)) or None
        end_v = pick(item, "end_date", "enddate", "date_end", "end", "to", "until", "year_end", "end_year", "endyear")
        end_t = text_of(end_v) if end_v is not None else ""
        if not end_t or re.fullmatch(r"present|now|current|ongoing", end_t.strip(), re.I):
            return start, None, bool(start) and (end_v is not None or True)
        return start, parse_date(end_t), False
    v = pick(item, "dates", "date", "years", "year", "period", "when", "time", "duration")
    v = _with_year(item, v)
    if v is None:
        end_v = pick(item, "end_date", "enddate", "end", "until", "year_end", "end_year")
        if end_v is not None:        # RenderCV: a degree given only its end_date
            end_t = text_of(end_v)
            if re.fullmatch(r"present|now|current|ongoing", end_t.strip(), re.I):
                return None, None, True
            return None, parse_date(end_t), False
        slip = item.get("data")
        if isinstance(slip, (str, int)) and len(str(slip)) <= 40 and re.search(r"(?:19|20)\d\d", str(slip)) \
                and (found := period_of(text_of(slip)))[0]:
            return found        # {data: "Since 09/2019"} beside title and place: "date" misspelt, a short date
        return None, None, False
    text = text_of(v)
    if ";" in text and len(parts := [period_of(p) for p in text.split(";")]) <= 6 and all(p[0] for p in parts):
        # "Jul - Aug 2019; Jan - Feb, Jul - Aug 2020": spells of one post, from the first to the last
        return parts[0][0], parts[-1][1] or parts[-1][0], parts[-1][2]
    return period_of(text)


def _with_year(item: dict, v: Any) -> Any:
    """{year: 2026, date: May 27} or {year: 2025, month: June}: the date with its year."""
    year = text_of(pick(item, "year"))
    if v is None or not re.fullmatch(r"(?:19|20)\d\d", year):
        return v
    text = text_of(v)
    if text == year:
        month = text_of(pick(item, "month"))
        return f"{month} {year}" if re.fullmatch(r"[A-Za-z]{3,9}\.?", month) else v
    if not re.search(r"(?:19|20)\d\d", text) and re.search(r"[A-Za-z]{3}", text):
        m = re.fullmatch(r"([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?", text)
        return f"{m.group(2)} {m.group(1)} {year}" if m else f"{text} {year}"    # "May 27" → "27 May 2026"
    return v


def _detail_line(x: Any) -> str:
    """A detail line; an unquoted "Thesis: Lorem ipsum" in a YAML list is read as the mapping
    {Thesis: Lorem ipsum}: the line as written, label and all."""
    if isinstance(x, dict) and len(x) == 1:
        (k, v), = x.items()
        if isinstance(k, str) and isinstance(v, (str, int, float)) and text_of(v):
            if _norm_key(k) in _TEXT_ONLY_KEYS:
                return text_of(v)       # "- text: Built a widget index": a theme's bullet row, its key no label
            return f"{text_of(k)}: {text_of(v)}"
    if isinstance(x, list) and len(x) == 2 and all(isinstance(e, str) for e in x) and text_of(x[1]) \
            and re.fullmatch(r"[A-Z][\w ./&-]{0,40}", x[0].strip()):
        return f"{x[0].strip()}: {text_of(x[1])}"     # "fields: [[Thesis, Lorem ipsum]]": a label and its value
    return text_of(x)


_DATE_KEYS = ("year", "years", "date", "dates")


_LANGUAGE_CODES = frozenset({"en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "pl", "cs", "ru", "uk",
                             "tr", "el", "ro", "hu", "ca", "eu", "zh", "ja", "ko", "ar", "he", "fa", "hi", "vi", "id"})


def _one_language(data: Any, depth: int = 0) -> Any:
    """A bilingual site's values {fr: "Ingénieure", en: "Engineer"}: the English text (or the
    first language's when there is no English one), so that the two are not read as one value."""
    if depth > 30:
        return data
    if isinstance(data, dict):
        if len(data) >= 2 and all(str(k).lower() in _LANGUAGE_CODES for k in data) \
                and all(isinstance(v, (str, int, float)) or v is None for v in data.values()):
            lower = {str(k).lower(): v for k, v in data.items()}
            return lower.get("en") if lower.get("en") not in (None, "") else next(
                (v for v in data.values() if v not in (None, "")), None)
        return {k: _one_language(v, depth + 1) for k, v in data.items()}
    if isinstance(data, list):
        return [_one_language(v, depth + 1) for v in data]
    return data


def _dated_markdown(item: Any) -> dict | None:
    """al-folio's time table written as {name: "2024-Present", value: "**Title** <br> Place <br>
    - note"}: the period under name, the entry as Markdown under value. → {year, title,
    institution, description}: the first line is the entry's title, the next one (not a bullet)
    where it was, the rest its notes. None for any other item."""
    if not isinstance(item, dict) or set(item) != {"name", "value"} or not isinstance(item["value"], str):
        return None
    when = re.sub(r"[*_]", "", text_of(item["name"])).strip()
    if not re.fullmatch(r"(?:19|20)\d\d\S*(?:\s*[-–—]+\s*(?:(?:19|20)\d\d\S*|present|now|current|ongoing))?", when, re.I):
        return None
    lines = []
    for raw in re.split(r"\n|<br\s*/?>", item["value"]):
        line = re.sub(r"<[^>]+>", "", raw)
        line = re.sub(r"\*+|(?<!\w)_+|_+(?!\w)", "", line).strip()
        if line:
            lines.append(line)
    if not lines:
        return None
    out: dict = {"year": when, "title": lines[0]}
    rest = lines[1:]
    if rest and not rest[0].startswith(("-", "•")):
        # "Lorem University – Town, Country"; "Lorem Assembly · Aug 2025 -- Present" (the period again);
        # "For Prof. A. Roe, Lorem University" (whom the post was for: its mentor)
        place = rest.pop(0).split(" · ")[0].strip()
        mentor = re.match(r"(?:for|with|under)\s+((?:prof(?:essor)?|dr)\.?\s+[^,]{3,60}),\s*(\S.*)$", place, re.I)
        if mentor:
            out["advisor"], place = re.sub(r"(?i)^(?:prof(?:essor)?|dr)\.?\s+", "", mentor.group(1)), mentor.group(2)
        inst, _, town = place.partition(" – ") if " – " in place else place.partition(" — ")
        out["institution"] = inst.strip()
        if town.strip():
            out["location"] = town.strip()
    if rest:
        out["description"] = [re.sub(r"^[-•]\s*", "", x) for x in rest]
    return out


def _merge_lone_dates(items: list) -> list:
    """An al-folio time table written with the year and its entries as two list items
    ([{year: 2021}, {items: [award, award]}, {year: 2020}, …]): the year is the next item's."""
    out: list = []
    for item in items:
        prev = out[-1] if out else None
        if isinstance(item, dict) and isinstance(prev, dict) and len(prev) == 1 and next(iter(prev)) in _DATE_KEYS \
                and isinstance(next(iter(prev.values())), (str, int)) and not any(k in item for k in _DATE_KEYS):
            out[-1] = {**prev, **item}
        else:
            out.append(item)
    return out


# "Independent Consultant for Lorem Ltd": a post and whom it was held for, in one phrase
_ROLE_FOR_ORG = re.compile(r"((?:[A-Z][\w-]*\s+){0,3}[A-Z]?[\w-]+)\s+(?:for|at|with)\s+([A-Z].{1,120})$")
# a part of an institution: its lab, group, centre, department
# "Department of …", "the Faculty of …" before the subject a unit is named for
_UNIT_OF = re.compile(r"^(?:the\s+)?(?:department|dept\.?|faculty|school|division)\s+of\s+", re.I)
_UNIT_NAME = re.compile(r"\b(?:lab(?:oratory)?|group|team|cent(?:er|re)|department|dept\.?|division|unit|program(?:me)?)\b", re.I)
_ORG_KEYS = ("school", "institution", "institute", "university", "college", "place", "institution_name", "school_name",
             "university_name", "organization", "org", "company", "company_name", "employer", "affiliation", "where")


_SUBTITLE_KEYS = ("subtitle", "sub_title", "subheader", "subheading")


def _title_subtitle(item: dict, kind: str) -> dict:
    """A theme's {title, subtitle, period} entry with no organization key: which of the two is the
    institution is read from their words. {title: KAIST, subtitle: "Ph.D., Lorem School of AI"} is a
    degree at KAIST in that school; {title: Lorem Labs, subtitle: "Research Intern, Vision Team"} a post
    at Lorem Labs in that team. Title and subtitle the other way round are left as they are (the
    title is then the degree or the role, and the subtitle is read as the organization)."""
    sub = text_of(pick(item, *_SUBTITLE_KEYS))
    head_key = "title" if pick(item, "title") is not None else "name"   # {name: PhD in X, subheader: Lorem University}
    title = text_of(pick(item, head_key))
    if not title or not sub or pick(item, *_ORG_KEYS) is not None:
        return item
    first, _, rest = sub.partition(",")
    first, rest = first.strip(), rest.strip()
    rest_item = {k: v for k, v in item.items() if str(k).lower() not in (head_key, *_SUBTITLE_KEYS)}
    if kind == "education":
        if degree_level(title) == "other" and degree_level(first) != "other":
            dept = re.match(r"(?:Department|Dept\.?)\s+of\s+(.{2,80})$", rest)
            extra = {"field": dept.group(1)} if dept and pick(item, "area", "field", "major", "subject") is None else {}
            return {**rest_item, "institution": title, "degree": first, **extra}
        if degree_level(title) != "other":
            return {**rest_item, "degree": title, "institution": sub}
        return item
    if TITLE_WORDS.search(title) or _ROLE_AT_END.search(title):
        return {**rest_item, "title": title, "organization": sub}
    acronym = re.fullmatch(r"[A-Z][A-Z&.-]{1,7}", title) and not (ORG_WORD.search(first) or INSTITUTION_WORDS.search(first))
    if TITLE_WORDS.search(first) or _ROLE_AT_END.search(first) or INSTITUTION_WORDS.search(title) or ORG_WORD.search(title) \
            or acronym:
        return {**rest_item, "organization": title, "title": first, **({"unit": rest} if rest else {})}
    return item


# the list inside an entry that holds its several entries of one kind: the posts held at one
# employer, the degrees taken at one school, the terms a course was given, the places a talk was given
_NESTED_KEYS = {"positions": ("roles", "positions", "jobs", "affiliations", "appointments", "titles"), "education": ("degrees", "programs", "programmes"),
                "teaching": ("offerings", "sessions", "terms", "semesters", "instances"),
                "talks": ("events", "occasions", "deliveries")}


def nested_entries(item: Any, kind: str) -> list[dict] | None:
    """{employer: Lorem Corp, where: Springfield, roles: [{job: Engineer, when: 2020}, …]}: one
    entry per inner item, each with the outer keys (the inner item's own keys win); None when the
    item holds no such list of entries."""
    if not isinstance(item, dict):
        return None
    for key in _NESTED_KEYS.get(kind, ()):
        inner = pick(item, key)
        if isinstance(inner, list) and inner and all(isinstance(x, dict) for x in inner):
            outer = {k: v for k, v in item.items() if str(k).lower() != key}
            return [{**outer, **x} for x in inner]
    return None


_HEADED_LIST = re.compile(r"\s*([^\n:]{2,160}):[ \t]*\n(?:[ \t]*\n)*((?:[ \t]*[*-][ \t]+[^\n]+(?:\n|$))+)\s*$")
_TERM_LEAD = re.compile(r"((?:Spring|Summer|Fall|Autumn|Winter)\s+(?:19|20)\d\d)\s*:\s*(\S.*)$")
_TERM_INSIDE = re.compile(r"([^,()]{2,60}),\s*((?:Spring|Summer|Fall|Autumn|Winter)\s+(?:19|20)\d\d)"
                          r"(?:\s*\(([^()]{2,120})\))?(?:,?\s+with\s+[A-Z][^()]{2,200})?")
_ROLE_YEARS = re.compile(r"([^:]{2,80}?):\s*((?:19|20)\d\d\b.*)$")


def _headed_list(item: Any, kind: str) -> list[dict] | None:
    """A text item that is a heading over a Markdown list ("Lorem College (2009):" / "* Honours in X"
    / "* Ipsum Prize"; "Teaching Assistant, Lorem University:" / "* LOR 505, Winter 2012"): one entry
    per listed line, with what the heading says (the year, the role, the institution)."""
    if kind not in ("awards", "teaching", "service") or not isinstance(item, str) or "\n" not in item:
        return None
    m = _HEADED_LIST.fullmatch(item)
    if not m:
        return None
    head = text_of(m.group(1))
    lines = [text_of(re.sub(r"^[ \t]*[*-][ \t]+", "", ln)) for ln in m.group(2).split("\n") if ln.strip()]
    lines = [ln for ln in lines if ln]
    if not head or not lines:
        return None
    if kind == "awards":
        year = re.search(r"(?:19|20)\d\d", head)
        return [{"title": ln, **({"year": year.group(0)} if year and not re.search(r"(?:19|20)\d\d", ln) else {})}
                for ln in lines]
    if kind == "teaching":
        first, _, rest = head.partition(",")
        role, inst = (first.strip(), rest.strip() or None) if _TEACHING_ROLE.search(first) and len(first.split()) <= 4 \
            else (None, head)
        out = []
        for ln in lines:
            term = _TERM_LEAD.match(ln)
            course = term.group(2) if term else ln
            when = term.group(1) if term else None
            if not term and (inner := _TERM_INSIDE.fullmatch(ln)):
                # "LOR 548, Winter 2011 (Graduate Widgets), with Jane Roe": the course, its term, its
                # name in brackets; the co-teacher is no part of the course
                course = inner.group(1) + (f", {inner.group(3)}" if inner.group(3) else "")
                when = inner.group(2)
            course = re.sub(r"[\"“]([^\"“”]{2,200}?)\.?[\"”]", r"\1", course)     # 'LOR 611, "Lorem Methods."'
            out.append({"course": course.strip(" ."), "institution": inst, "role": role,
                        **({"term": when} if when else {})})
        return out
    out = []
    for ln in lines:
        ry = _ROLE_YEARS.match(ln)
        if ry:
            out.append({"role": ry.group(1), "organization": head, "years": ry.group(2)})
            continue
        pieces = [p.strip() for p in ln.split(";")]
        if not all(_YEAR_AT_END.search(p) for p in pieces):
            out.append({"role": ln, "organization": head})
            continue
        # "Lorem Committee Co-Chair, 2011; Member, 2010–2014": each post with its years (a bare post
        # after the first is a post on the same committee)
        body = None
        for piece in pieces:
            found = _service_from_text(piece)
            if len(found) != 1 or not found[0].period:
                out.append({"role": piece, "organization": head})
                continue
            role, org = found[0].role, found[0].organization
            if body and not org and len(role.split()) <= 2 and _SERVICE_POST.fullmatch(role):
                org = body
            elif org and _BODY_END.search(org):
                body = org
            elif not org and (b := _BODY_POST.fullmatch(role)):
                body = b.group(1)
            out.append({"role": role, "organization": org or head, "years": found[0].period})
    return out


_YEAR_AT_END = re.compile(r",\s*(?:19|20)\d\d(?:\s*(?:-{1,2}|–|—)\s*(?:(?:19|20)?\d\d)?)?$")
_BODY_END = re.compile(r"\b(?:committee|board|council|panel)$", re.I)
_BODY_POST = re.compile(r"(.{3,120}?\b(?:[Cc]ommittee|[Bb]oard|[Cc]ouncil|[Pp]anel))\s+\S.{0,40}")


_COUNT_NOTE = re.compile(r"\(?\s*\*?n\*?\s*=\s*\d+\s*\)?")


def _without_subheadings(value: list, skipped: list[str]) -> list:
    """A section's list with the entries that only head the entries after them left out: RenderCV
    writes a subheading as an entry with nothing but a name ("- name: Invited talks"), a work's
    subheading as a title with a count for its authors ("(n = 5)"). Only when two or more such
    entries each stand before a fuller entry (a lone name-only entry is an entry)."""
    def heading(e: Any) -> bool:
        if not isinstance(e, dict):
            return False
        if len(e) == 1 and str(next(iter(e))).lower() in ("name", "title", "label"):
            text = text_of(next(iter(e.values())))
            return bool(text) and len(text.split()) <= 8 and not re.search(r"\d", text)
        authors = e.get("authors")
        return set(map(str, e)) == {"title", "authors"} and isinstance(authors, list) and bool(authors) \
            and all(_COUNT_NOTE.fullmatch(text_of(a)) for a in authors)
    heads = [i for i, e in enumerate(value) if heading(e) and i + 1 < len(value)
             and isinstance(value[i + 1], dict) and len(value[i + 1]) >= 2 and not heading(value[i + 1])]
    if len(heads) < 2:
        return value
    for i in heads:
        skipped.append(f"a subheading, not an entry: {text_of(value[i].get('name') or value[i].get('title') or value[i].get('label'))}")
    return [e for i, e in enumerate(value) if i not in heads]


def details_of(item: dict) -> list[str]:
    v = pick(item, "details", "description", "highlights", "desc", "descr", "summary", "notes", "intro", "fields",
             "inline_detail", "detail", "items", "bullets", "note", "roles", "responsibilities", "duties", "tasks",
             "points")
    if v is None:
        return []
    if isinstance(v, list):
        out = [_detail_line(x) for x in v if text_of(x)]
        prose = pick(item, "summary", "description", "desc")
        if isinstance(prose, str) and (p := text_of(prose)) and p not in out:
            out.insert(0, p)      # a summary and its highlights (JSON Resume's shape written in YAML)
        return out
    if isinstance(v, str) and re.search(r"<br\s*/?>", v, re.I):
        # "<strong>Thesis:</strong> Title<br><strong>Supervisor:</strong> Prof. Jane Roe": lines
        return [t for t in (text_of(x) for x in re.split(r"<br\s*/?>", v, flags=re.I)) if t]
    return [text_of(v)] if text_of(v) else []


# one title or several ("Prof. Dr. A Roe", "Prof.Dr. A Roe")
TITLE_PREFIX = re.compile(r"^(?:(?:(?:assoc(?:iate)?|asst|assistant)\.?\s*(?=prof))?(?:prof(?:essor)?|dr|mr|ms)(?:\.\s*|\s+))+",
                          re.I)


def names_in(text: str, conjunction: str = "and") -> list[str]:
    """'Prof. A Roe (Lorem University) and B Poe': the names, without titles or the
    affiliations in brackets after them. `conjunction`: the pattern of the word "and" (a CV in
    another language: text._OTHER_AND)."""
    # one space between words first: the patterns below would backtrack over a long run
    text = re.sub(r"\s*\([^()]{0,200}\)", "", " ".join(text.split()))
    # ("Prof. A Roe - Prof. B Poe": a dash before a second title parts two names too)
    parts = re.split(rf"\s*(?:,\s*{conjunction}\s+|,|\b{conjunction}\b|&|;|\s[-–—](?=\s+(?:Prof|Dr)\b))\s*", text)
    return [TITLE_PREFIX.sub("", p).strip(" .") for p in parts if p.strip(" .")]


def line_of(raw_lines: list[str], needle: str, start: int = 0) -> int | None:
    """1-based line of the first raw line (from index start) that contains needle."""
    needle = needle.strip()[:40]
    if not needle:
        return None
    for i in range(start, len(raw_lines)):
        if needle in raw_lines[i]:
            return i + 1
    return None


# ---------------------------------------------------------------------------------------
# Extractor
# ---------------------------------------------------------------------------------------
PERSON_KEYS = {"name", "first", "last", "first_name", "last_name", "email", "emails", "mail", "phone", "url",
               "website", "homepage", "web", "social", "social_networks", "profiles", "location", "address",
               "about", "summary", "bio", "interests", "label", "headline", "photo", "image",
               "orcid", "github", "twitter", "linkedin", "google_scholar", "scholar", "pdf", "src",
               "dblp", "gitlab", "researchgate", "semantic_scholar",
               "style", "color", "color2", "linkcolor", "order_md", "order_latex", "about_old",
               "current_position", "currentposition", "sections", "cv", "design", "locale", "rendercv_settings",
               "contact", "contacts", "meta", "custom_connections", "city", "country", "fullname", "full_name"}

SOCIAL_URLS = {
    "github": "https://github.com/{}", "twitter": "https://twitter.com/{}", "x": "https://x.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}", "google_scholar": "https://scholar.google.com/citations?user={}",
    "googlescholar": "https://scholar.google.com/citations?user={}", "scholar": "https://scholar.google.com/citations?user={}",
    "orcid": "https://orcid.org/{}", "gitlab": "https://gitlab.com/{}", "dblp": "https://dblp.org/pid/{}",
    "researchgate": "https://www.researchgate.net/profile/{}", "semantic_scholar": "https://www.semanticscholar.org/author/{}",
    "bluesky": "https://bsky.app/profile/{}", "mastodon": "{}",
}


def social_url(network: str, user: str) -> str | None:
    user = user.strip()
    if not user:
        return None
    if re.match(r"https?://", user):
        return user
    tmpl = SOCIAL_URLS.get(network.lower().replace(" ", "_").replace("-", "_"))
    return tmpl.format(user) if tmpl else None


class _CVLoader(yaml.SafeLoader):
    """SafeLoader that keeps timestamps as the text written: dates are read by the CV date
    rules, and an impossible date ("2020-20-06") must not raise from inside the YAML library."""


_CVLoader.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))


def load_yaml(doc: SourceDocument) -> Any:
    try:
        data = yaml.load(yaml_one_document(doc.raw or doc.text), Loader=_CVLoader)  # noqa: S506 - SafeLoader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DocumentError(doc.name, f"invalid YAML: {problem}{where}") from exc
    data = without_surrogates(data, doc.raw or doc.text)[0]   # the read stage warned
    if data is None:
        raise DocumentError(doc.name, "empty YAML document")
    if not isinstance(data, (dict, list)):
        raise DocumentError(doc.name, f"not a YAML CV: the top level is a {type(data).__name__}")
    return data


def _norm_key(k: Any) -> str:
    return str(k).lower().replace("-", "_")


_GIVEN_KEYS = ("first", "first_name", "firstname", "given_name", "givenname", "given")
_FAMILY_KEYS = ("last", "last_name", "lastname", "family_name", "familyname", "family", "surname")
# one part of a person's name: one to three capitalised words ("Jane", "van der Berg", "Roe-Smith")
_NAME_PART = re.compile(r"(?:(?:[a-z]{1,3}\s+){0,2}[^\W\d_a-z][^\W\d_]*(?:[-'’][^\W\d_]+)*\.?\s?){1,3}")
_GREETING = re.compile(r"(?i)(?:hi|hello|hey|hallo|welcome|greetings)(?:\s+there)?\s*[!.,]*")
_NAME_PART_KEYS = frozenset(_GIVEN_KEYS + _FAMILY_KEYS + ("middle",))


def _person_from(root: dict, name_hint: str | None) -> Person:
    # {fullName: Jane Roe} (a site's own data file): the name under a longer key
    name_v = root.get("name") or pick(root, "fullname", "full_name")
    if isinstance(name_v, dict):
        # {first, last}; {given, family, display}
        name = text_of(pick(name_v, "display", "full")) or " ".join(
            text_of(v) for v in (pick(name_v, *_GIVEN_KEYS), pick(name_v, "middle"), pick(name_v, *_FAMILY_KEYS)) if text_of(v))
    elif name_v:
        name = text_of(name_v)
        family = text_of(pick(root, *_FAMILY_KEYS[1:])) if not isinstance(pick(root, *_FAMILY_KEYS[1:]), (dict, list)) else ""
        if family and _NAME_PART.fullmatch(family) and family.lower() not in name.lower() \
                and not pick(root, *_GIVEN_KEYS[1:]) and len(name.split()) <= 3:
            name = f"{name} {family}"     # {name: Jane, surname: Roe}: the given name, its family name beside it
    else:
        # first_name/last_name, firstName/lastName, given_name/family_name
        name = " ".join(text_of(v) for v in (pick(root, *_GIVEN_KEYS[1:]), pick(root, *_FAMILY_KEYS[1:])) if text_of(v))
        first, last = text_of(root.get("first")), text_of(root.get("last"))
        if not name and all(_NAME_PART.fullmatch(x) for x in (first, last)):
            name = f"{first} {last}"        # a person block's bare {first: Jane, last: Roe}
        if not name:
            # {first, last} under a key of another name (a misspelt "name:"): a mapping that holds
            # a given and a family name and nothing else
            for v in root.values():
                if isinstance(v, dict) and v and set(_norm_key(k) for k in v) <= _NAME_PART_KEYS \
                        and text_of(pick(v, *_GIVEN_KEYS)) and text_of(pick(v, *_FAMILY_KEYS)):
                    name = " ".join(text_of(x) for x in (pick(v, *_GIVEN_KEYS), pick(v, "middle"), pick(v, *_FAMILY_KEYS))
                                    if text_of(x))
                    break
    name = strip_honorifics(latin_form(name or name_hint or ""))    # "Wei Zhang (张伟)", "Dr. Jane Roe"
    if _GREETING.fullmatch(name):
        name = ""                   # a theme's greeting ("Hi!", "Hello there") under name:, not a name
    if name and re.fullmatch(r"[a-z][a-z0-9_.-]{1,38}", name) and any(
            re.search(rf"(?:/|^){re.escape(name)}(?:[/@]|$)", text_of(v).lower())
            for k, v in root.items() if isinstance(v, str) and k != "name"):
        name = ""                   # {name: jroe, web: github.com/jroe/}: a user name, not the person's
    person = Person(name=name)
    for k in ("email", "emails", "e_mail", "e-mail", "mail", "contact", "contacts"):
        # ("contacts: [{icon: email, label: jdoe@lorem.edu, url: mailto:…}]": a theme's list of contact rows)
        if k.startswith("contact") and not isinstance(root.get(k), (str, list)):
            continue                    # (a contact block is read as a block of its own)
        # al-folio's {name: Contact, value: "jdoe [at] lorem [dot] edu"}: the address, spelled out
        for e in (root.get(k) if isinstance(root.get(k), list) else [root.get(k)]):
            for found in find_emails(text_of(e)):
                if found not in person.emails:
                    person.emails.append(found)
    phone = text_of(pick(root, "phone", "phone_e164", "mobile", "telephone", "tel"))
    if phone and any(c.isdigit() for c in phone):        # "Upon request" is no number
        person.phones.append(phone)
    # (a "url:" map of other addresses — "url: {project_url: …}" — is not the person's page)
    url = next((text_of(v) for k in ("url", "website", "homepage")
                if isinstance(v := pick(root, k), (str, int))), "")
    # ("web:", "site:", "personal_website:": a page's address under another name)
    web = next((text_of(root[k]) for k in ("web", "site", "personal_website", "personal-website", "webpage")
                if isinstance(root.get(k), str)), "")
    if not url and re.fullmatch(r"(?:https?://)?[\w-]+(?:\.[\w-]+)+(?:/\S*)?", web.strip()):
        url = web.strip()               # "web: http://people.lorem.edu/~jdoe/"
    if url:
        person.homepage = url if re.match(r"https?://", url) else "https://" + url.lstrip("/")
        if re.fullmatch(r"https?://(?:www\.)?(?:github|gitlab)\.com/[\w.-]+/?", person.homepage):
            # "web: http://github.com/jdoe/": the page given is the person's code-hosting profile
            person.profiles.append(re.sub(r"^https?://(?:www\.)?", "https://", person.homepage).rstrip("/"))
    social = root.get("social") or root.get("social_networks") or root.get("profiles") \
        or (root.get("links") if isinstance(root.get("links"), list) else None)
    pairs: list[tuple[str, str]] = []
    if isinstance(social, dict):
        pairs = [(str(k), text_of(v)) for k, v in social.items()]
    elif isinstance(social, list):
        for s in social:
            if isinstance(s, dict):
                # (Hugo Academic/Wowchemy: {icon: github, icon_pack: fab, link: https://github.com/x})
                net = text_of(pick(s, "network", "name", "platform", "site", "label", "icon"))
                user = text_of(pick(s, "url", "username", "user", "id", "link"))
                pairs.append((net, user))
    for c in root.get("custom_connections") or []:     # RenderCV: {placeholder, url, fontawesome_icon}
        if isinstance(c, dict) and text_of(c.get("url")):
            pairs.append((text_of(c.get("placeholder")), text_of(c.get("url"))))
    for k in ("github", "twitter", "linkedin", "google_scholar", "scholar", "orcid", "dblp", "gitlab", "researchgate",
              "semantic_scholar"):
        if isinstance(root.get(k), (str, int)):
            pairs.append((k, text_of(root[k])))
    for net, user in pairs:
        if user.lower().startswith("mailto:"):
            person.emails += [e for e in find_emails(user) if e not in person.emails]
            continue
        if re.fullmatch(r"(?:personal\s+)?(?:web\s?site|homepage|home page|web)", net.strip(), re.I) \
                and re.match(r"https?://", user) and not person.homepage:
            person.homepage = user           # [{label: Website, url: …}]
            continue
        u = social_url(net, user)
        if u and u not in person.profiles:
            person.profiles.append(u)
    # ("place: Milan, 20125, Italy" beside the street lines under "address": the town is the place)
    loc = root.get("location") or (root.get("place") if isinstance(root.get("place"), str) else None) \
        or root.get("address")
    if isinstance(loc, dict):                # {road, postCode, city, country}
        # (a LaTeX template's "address: {position, department, institution}" is the subject's
        # affiliation, no place: those keys are no part of a location)
        parts = [text_of(v) for k, v in loc.items() if not isinstance(v, (dict, list))
                 and not _AFFILIATION_KEY.fullmatch(str(k).lower())]
        # (the town, region and country: not the road or the postcode, as in every other format)
        person.location = town_of_address(list(dict.fromkeys(t for t in parts if t)))
    elif isinstance(loc, (str, list)):
        person.location = text_of(loc) or None
        if person.location and ("," in person.location or isinstance(loc, list)) and re.search(r"\d", person.location):
            # "Lorem tee 15a, 12618 Tallinn, Estonia": the street and the postcode are no part of
            # where the subject lives
            lines = [text_of(x) for x in loc if text_of(x)] if isinstance(loc, list) else [person.location]
            person.location = town_of_address(lines) or person.location
    if not person.location and isinstance(root.get("city"), str) and text_of(root["city"]):
        # {city: Lorem, country: Ipsum} at the top level: the town and its country
        country = root.get("country")
        person.location = ", ".join([text_of(root["city"])] + ([text_of(country)] if isinstance(country, str) else []))
    interests = root.get("interests")
    if isinstance(interests, list):          # a Hugo author profile's list of topics
        person.interests += [t for t in (text_of(x) for x in interests if isinstance(x, (str, int))) if t]
    summary = next((v for v in (root.get(k) for k in ("about", "summary", "bio", "profile"))
                    if isinstance(v, str) and v.strip()), None)
    if summary:
        person.summary = text_of(summary)
    return person


_AFFILIATION_KEY = re.compile(r"position|title|role|job|department|dept|unit|lab|group|institution|institute|"
                             r"organi[sz]ation|affiliation|university|company|employer|name")


def _sections(data: Any) -> list[tuple[str, Any]]:
    """(title, value) pairs: top-level keys, RenderCV 'cv.sections', al-folio lists of {title, contents}."""
    out: list[tuple[str, Any]] = []
    if isinstance(data, list):
        for sec in data:
            if isinstance(sec, dict) and "title" in sec and ("contents" in sec or "content" in sec):
                out.append((text_of(sec["title"]), sec.get("contents", sec.get("content"))))
            elif isinstance(sec, dict) and isinstance(sec.get("category"), str) and isinstance(sec.get("items"), list):
                out.append((text_of(sec["category"]), sec["items"]))    # {category: Education, items: [...]}
            elif isinstance(sec, dict) and isinstance(sec.get("title"), str) and (inner := _block_entries(sec)) is not None:
                # {title: Education, icon: …, items: [...]} (or subsections:, entries:, list:)
                out.append((text_of(sec["title"]), inner))
            elif isinstance(sec, dict) and isinstance(sec.get("content"), dict) \
                    and isinstance(sec["content"].get("items"), list):
                # Hugo Blox page sections: {block: experience, content: {title: Education, items: [...]}}
                out.append((text_of(sec["content"].get("title")) or text_of(sec.get("block")), sec["content"]["items"]))
        return out
    for k, v in data.items():
        if str(k).lower() in ("current_position", "currentposition") and isinstance(v, (list, dict)) \
                and any(isinstance(i, dict) for i in (v if isinstance(v, list) else [v])):
            out.append((str(k), v))          # bamos: the current position(s), as a section
        elif k == "cv" and isinstance(v, dict):
            out.extend(_sections(v))
        elif k == "sections" and isinstance(v, dict):
            out.extend((str(kk), vv) for kk, vv in v.items())
        elif isinstance(v, dict) and (data := _block_entries(v)) is not None:
            # {education: {name: Education, data: {uw: {name: …, start-date: …}, …}}}: the block's
            # entries, keyed by an id of the site's own; {awards: {enabled: true, list: [...]}}: a
            # theme's switch beside them
            name = text_of(v.get("name") or v.get("title"))
            if isinstance(data, dict) and all(isinstance(e, dict) for e in data.values()):
                data = list(data.values())
            out.append((name if section_kind(name) else str(k), data))
        elif k == "sections" and isinstance(v, list):
            out.extend(_sections(v))
        elif isinstance(v, list) and v and section_kind(str(k)) != "skills" \
                and all(isinstance(s, dict) and isinstance(s.get("category"), str)
                        and isinstance(s.get("items"), list) for s in v):
            # a page column ("left:") holding {category, items} groups; under "skills:" they are
            # skill groups ("Concepts", "Tools"), read by the skills rule with their labels
            out.extend(_sections(v))
        elif str(k).lower() not in PERSON_KEYS:
            out.append((str(k), v))
    return out


# the keys of a section block besides its entries: its heading, and how a theme shows it
_BLOCK_KEYS = frozenset({"name", "title", "icon", "type", "layout", "show", "order", "id",
                         "enabled", "hide", "hidden", "visible"})
# the one key of an entry that holds the entry as text ({html: "Lorem Prize, 2020"})
_TEXT_ONLY_KEYS = frozenset({"html", "text", "content", "value", "line", "entry", "markdown", "md"})
# "…. Advisor: Prof. Jane Roe" at the end of a degree's name
_DEGREE_ADVISOR = re.compile(r"[.,;]\s+(?:advis(?:o|e)rs?|supervisors?|supervised by)\s*:?\s+([^:]{3,120})$", re.I)
_DEGREE_HONOUR = re.compile(r",\s*((?:summa|magna)?\s*cum laude|with (?:high(?:est)? )?(?:honou?rs|distinction))$", re.I)
_TALK_KIND_LEAD = re.compile(r"^(?:(?:invited|contributed|plenary|keynote)\s+)?(?:talk|poster|seminar|keynote|lecture|"
                             r"presentation)\s*[|:]\s+(?=\S)", re.I)
# a group of a conference list that holds talks or posters given, not papers
_TALK_GROUP = re.compile(r"(?i)(?:oral|poster|invited|contributed)?\s*(?:orals?|posters?|talks?|presentations?)")
# the key of a section block that holds its entries
_ENTRIES_KEYS = ("data", "items", "subsections", "entries", "list", "groups")


def _block_entries(block: dict) -> Any:
    """The entries of a section block ({title: Education, icon: …, subsections: [...]},
    {enabled: true, list: [...]}, {name: Education, data: {id: {…}}}): the list (or the map of
    entries keyed by ids) under its one entries key, when every other key is a heading or a switch
    of the theme's; None for any other map."""
    keys = [k for k in _ENTRIES_KEYS if k in block]
    kind_key = block.get("type")
    if not keys and isinstance(kind_key, str) and isinstance(block.get(kind_key), list):
        keys = [kind_key]           # {type: events, events: [...]}: the theme's type names the key of the entries
    if len(keys) != 1:
        return None
    if not set(block) <= _BLOCK_KEYS | {keys[0]}:
        # a titled block with keys of the theme's own beside its entries ({id, title, style:
        # timeline, entries: [...]}, {title, site: {id: …}, items: [...]}): a block when those
        # keys hold only settings (words, switches, a map of them), never a list
        heading = block.get("title", block.get("name"))
        if not (isinstance(heading, str) and heading.strip()) or not all(
                _setting(v) or isinstance(v, dict) and all(_setting(x) for x in v.values())
                for k, v in block.items() if k not in _BLOCK_KEYS and k != keys[0]):
            return None
    inner = block[keys[0]]
    return inner if isinstance(inner, (list, dict)) and inner else None


def _setting(value: Any) -> bool:
    """A value a theme's block key holds beside the entries: a word, a switch, a number."""
    return value is None or isinstance(value, (bool, int, float)) or isinstance(value, str) and len(value) <= 80


def _order_titles(data: Any) -> dict[str, str]:
    """bamos/cv's 'order: [[industry, Industry Experience], …]': the heading of each key. Other
    themes write the heading first and settings after the key ('[Education, edu, voices, 1]'):
    the key is the entry's string that names a key of the data, the heading the other one."""
    order = data.get("order") if isinstance(data, dict) else None
    if not isinstance(order, list):
        return {}
    out = {e[0]: text_of(e[1]) for e in order
           if isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) and text_of(e[1])}
    for e in order:
        if isinstance(e, list) and len(e) > 2 and isinstance(e[0], str) and isinstance(e[1], str) \
                and e[1] in data and e[0] not in data and text_of(e[0]):
            out[e[1]] = text_of(e[0])          # [Honors & Awards, awd, voices, 2]
    return out


# keys of the person's own block (read for the name and contacts, not as sections)
_PERSON_BLOCKS = ("basics", "personal", "personal_info", "personal_information", "personal_data", "personal_details",
                  "profile", "about", "info", "contact", "contacts", "header", "meta", "links", "summary")


def extract_yaml(doc: SourceDocument) -> CVRecord:
    return extract_cv_data(doc, load_yaml(doc), "yaml")


_FRONT = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
# keys of a Hugo page or author profile that are about the page, not CV sections
_PAGE_KEYS = {"title", "date", "lastmod", "type", "role", "organizations", "status", "superuser", "highlight_name",
              "user_groups", "weight", "draft", "design", "layout", "permalink", "bio", "button", "image",
              "headless", "share", "url", "aliases", "slug", "tags", "categories", "authors"}


def cv_front_matter(doc: SourceDocument) -> dict | None:
    """The front matter of a Markdown page when it holds CV data: a Hugo Blox/Wowchemy author
    profile (education, work, awards, skills lists) or a landing page whose sections are
    experience blocks with items. None otherwise (the page is read as text)."""
    m = _FRONT.match((doc.raw or doc.text)[:200_000])
    if not m or not re.search(r"^(?:education|work|experience|awards|sections)\s*:", m.group(1), re.M):
        return None
    from mappers.read import check_structure

    try:
        check_structure(doc.name, "yaml", m.group(1))     # aliases, nesting: refused as in a YAML file
        data = yaml.load(m.group(1), Loader=_CVLoader)   # noqa: S506 - SafeLoader
    except (DocumentError, yaml.YAMLError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    data = without_surrogates(data, m.group(1))[0]
    blocks = [b for b in data.get("sections") or [] if isinstance(b, dict) and isinstance(b.get("content"), dict)
              and isinstance(b["content"].get("items"), list)] if isinstance(data.get("sections"), list) else []
    lists = [k for k in ("education", "work", "experience", "awards", "skills") if isinstance(data.get(k), (list, dict))
             and data.get(k)]
    if not blocks and not lists:
        return None
    out = {k: v for k, v in data.items() if str(k).lower() not in _PAGE_KEYS and k != "sections"}
    if blocks:
        out["sections"] = blocks
    title = text_of(data.get("title"))
    if "name" not in out and title and looks_like_name(title, max_words=4):
        out["name"] = title               # an author profile's display name
    return out


def extract_front_matter(doc: SourceDocument, data: dict) -> CVRecord:
    """A Markdown page whose front matter holds CV data: the front matter read as YAML CV
    data, and the page's text read as Markdown for what the front matter does not hold."""
    from mappers.extract.text import extract_text

    try:
        record = extract_cv_data(doc, data, doc.format)
    except DocumentError:
        return extract_text(doc)
    try:
        body = extract_text(doc)
    except DocumentError:
        return record
    for kind in ("education", "positions", "publications", "patents", "awards", "teaching", "service", "talks"):
        if not getattr(record, kind) and getattr(body, kind):
            setattr(record, kind, getattr(body, kind))
    if not record.person.name and body.person.name:
        record.person.name, record.person.line = body.person.name, body.person.line
    record.person.summary = record.person.summary or body.person.summary
    record.skills += [x for x in body.skills if x not in record.skills]
    return record


_REFERENCE_KEYS = frozenset({"authors", "author", "journal", "venue", "year", "doi", "booktitle", "publisher"})


def _publication_records(data: Any) -> bool:
    """A top-level list whose items are nearly all references: a title and two reference keys
    (authors, journal, venue, year, doi, …) each."""
    if not isinstance(data, list) or len(data) < 2:
        return False
    refs = sum(1 for x in data if isinstance(x, dict) and "title" in x
               and len(_REFERENCE_KEYS & {str(k).lower() for k in x}) >= 2)
    return refs >= 0.8 * len(data)


# the key naming an entry's section in a flat list of entries ({category: teaching, title, place, date})
_CATEGORY_KEYS = ("category", "section", "kind")
# a post's role and its organization, in a flat list's entries
_ROLE_KEYS = ("title", "position", "role", "job_title")
_ORG_KEYS = ("place", "company", "organization", "organisation", "employer", "institution", "affiliation", "org")


def _categorised_entries(data: Any) -> tuple[Any, set[str], str | None]:
    """A site's own data file that lists every entry in one flat list, each naming its section in a
    key of its own ("items: [{category: teaching, title, place, date}, …]" beside a "categories:"
    list): the entries grouped into one section per category, in their first order, the titles
    of those groups and the list's key. Data of any other shape is returned as it is. The
    list must be the data's only list of entries and its key name no section (a "publications:"
    list grouped by a "kind" key stays one publication list)."""
    if isinstance(data, dict):
        lists = [k for k, v in data.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)]
        if len(lists) != 1 or section_kind(str(lists[0])):
            return data, set(), None
        key, items = lists[0], data[lists[0]]
    elif isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        key, items = None, data
    else:
        return data, set(), None
    if len(items) < 3 or any(isinstance(v, list) and v and isinstance(v[0], dict) for x in items for v in x.values()):
        return data, set(), None        # (entries holding entries: al-folio's sections, not a flat list)
    for ck in _CATEGORY_KEYS:
        values = [text_of(pick(x, ck)).strip() for x in items]
        named = {v.lower() for v in values if v}
        if sum(1 for v in values if v) < 0.9 * len(items) or not 2 <= len(named) < len(items):
            continue
        groups: dict[str, list] = {}
        for x, v in zip(items, values):
            groups.setdefault(v or "other", []).append({k: y for k, y in x.items() if _norm_key(k) != ck})
        outer = {k: v for k, v in data.items() if k != key and _norm_key(k) not in ("categories", "sections", "kinds")} \
            if isinstance(data, dict) else {}
        return {**outer, **groups}, set(groups), key
    return data, set(), None


def _posts_only(value: Any) -> bool:
    """Is a section of no known kind a list of posts: dated entries each naming a role and an
    organization ({title: Research Engineer, place: Lorem Labs, date: 2016--2019})."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, dict) and pick(v, *_ROLE_KEYS) and pick(v, *_ORG_KEYS) and item_period(v) != (None, None, False)
        for v in value)


def _held_posts(value: Any) -> bool:
    """Posts only, each role named by a title word or a degree and one at least a post: a section
    of no known kind ("training:", "oldresearch:", "list:") read as posts (and degrees)."""
    roles = [text_of(pick(v, *_ROLE_KEYS)) for v in value] if _posts_only(value) else []
    return bool(roles) and all(TITLE_WORDS.search(r) or DEGREE_RE.search(r) for r in roles) \
        and any(TITLE_WORDS.search(r) and not DEGREE_RE.search(r) for r in roles)


def _text_lines(doc: SourceDocument, data: Any) -> tuple[str, list[int]] | None:
    """A text CV kept as a YAML list of its lines ("content: ['Jane Roe', 'Education :', '2011: PhD
    in Economics, …']": text copied out of a PDF into a site's data file): the lines as one text
    and, for each, its line in the YAML source. None for data of any other shape (a list of
    skills under "skills:" is a section, not a text)."""
    if isinstance(data, dict) and len(data) == 1 and not section_kind(str(next(iter(data)))):
        data = next(iter(data.values()))
    if not isinstance(data, list) or len(data) < 12 or sum(1 for x in data if isinstance(x, str)) < 0.95 * len(data):
        return None
    try:
        node = yaml.compose(yaml_one_document(doc.raw or doc.text), Loader=_CVLoader)    # noqa: S506 - SafeLoader
    except yaml.YAMLError:
        return None
    if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
        node = node.value[0][1]
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != len(data):
        return None
    lines = [" ".join(str(x).split()) if isinstance(x, (str, int, float)) else "" for x in data]
    return "\n".join(lines), [n.start_mark.line + 1 for n in node.value]


def _read_as_text(doc: SourceDocument, text: str, source_lines: list[int], fmt: str) -> CVRecord:
    """The text of :func:`_text_lines` read by the text extractor, each entry's line set back to
    its line in the YAML source."""
    from dataclasses import replace

    from mappers.extract.text import extract_text

    record = extract_text(replace(doc, text=text, format="text"))
    record.format = fmt

    def source_line(n: int | None) -> int | None:
        return source_lines[n - 1] if n and 0 < n <= len(source_lines) else n

    record.person.line = source_line(record.person.line)
    for kind in ("education", "positions", "publications", "patents", "awards", "teaching", "service", "talks"):
        for entry in getattr(record, kind):
            entry.line = source_line(entry.line)
    record.report.warnings.append("a text CV kept as a YAML list of lines: read as text")
    return record


def extract_cv_data(doc: SourceDocument, data: Any, fmt: str) -> CVRecord:
    """CV data (parsed YAML, or JSON that is not in JSON Resume's shape) → CVRecord, with
    sections and fields found by the meaning of their keys."""
    raw_lines = (doc.raw or doc.text).split("\n")
    data = _one_language(data)
    data, category_titles, list_key = _categorised_entries(data)
    if _publication_records(data):
        # a site's publication data ("_data/publications.yml": a list of {authors, title, journal,
        # year, doi}): the list is the document's publications
        data = {"publications": data}
    root = data if isinstance(data, dict) else {}
    if isinstance(root.get("cv"), dict):
        root = {**root, **root["cv"]}
    person_root = root
    if isinstance(data, list):
        # al-folio: a 'General Information' section holds {name, value} pairs.
        for sec in data:
            if isinstance(sec, dict) and isinstance(sec.get("contents"), list) and \
                    re.search(r"general|personal|contact", text_of(sec.get("title")), re.I):
                person_root = {str(c.get("name", "")).lower().replace(" ", "_"): c.get("value")
                               for c in sec["contents"] if isinstance(c, dict)}
                if "full_name" in person_root:
                    person_root["name"] = person_root["full_name"]
    person = _person_from(person_root, None)
    headings = _order_titles(data)
    # the person's block under a key of its own ("basics:", "contact:", "meta:", …): the name
    # when the top level has none, and contacts the top level lacks
    blocks = [root.get(key) for key in _PERSON_BLOCKS if isinstance(root.get(key), dict)]
    # "meta: {name, contact: {email, phone}}": a contact block inside the person's block
    blocks += [b[k] for b in list(blocks) for k in _PERSON_BLOCKS if isinstance(b.get(k), dict)]
    for block in blocks:
        inner = _person_from(block, None)
        if not person.name and inner.name:
            person.name = inner.name
        person.emails += [e for e in inner.emails if e not in person.emails]
        person.phones += [p for p in inner.phones if p not in person.phones]
        person.profiles += [u for u in inner.profiles if u not in person.profiles]
        person.homepage = person.homepage or inner.homepage
        person.location = person.location or inner.location
    sections = [(t, v) for t, v in _sections(data) if t != "order" or not headings]
    if not any(section_kind(t) or section_kind(headings.get(t, "")) or t in category_titles and _posts_only(v)
               or _held_posts(v) for t, v in sections):
        if not person.name and (lines := _text_lines(doc, data)) is not None:
            return _read_as_text(doc, *lines, fmt)
        raise DocumentError(doc.name, "not a YAML CV: no name and no education, positions, publications or "
                                      "similar sections" if not person.name else
                            "not a YAML CV: no education, positions, publications or similar sections")
    person.line = line_of(raw_lines, "name") if person.name else None
    if person.name and not any(b.get("name") for b in [person_root, *blocks]):
        # the name from {first, last} keys (a "name:" line, if any, is another entry's): its first part's line
        person.line = line_of(raw_lines, person.name.split()[0]) or person.line
    record = CVRecord(source_name=doc.name, format=fmt, person=person)
    if not person.name:
        record.report.warnings.append("the document never states its subject's name; the subject is left unnamed")
    ex = _YamlExtractor(record, raw_lines)
    if category_titles:
        # the entries of every category are searched for from the flat list's key down (the
        # "categories:" list above it names them too)
        at = next((i for i, ln in enumerate(raw_lines) if list_key is not None
                   and re.match(r"['\"]?" + re.escape(str(list_key)) + r"['\"]?\s*:", ln)), 0)
        ex._starts.update(dict.fromkeys(category_titles, at))
    spoken = person_root.get("languages") if isinstance(data, list) else None     # al-folio's map
    if spoken is None and isinstance(root, dict) and "languages" not in root:
        # "profile: {name, languages: 'English (native), German (fluent)'}": the person's block's
        # row (its dict values are never read as sections)
        spoken = next((b["languages"] for b in blocks if isinstance(b.get("languages"), str)
                       or isinstance(b.get("languages"), list) and all(isinstance(x, str) for x in b["languages"])), None)
    if isinstance(spoken, (str, list)) and spoken:
        # a "Languages" row of the person's block: "Korean (native), English (professional)"
        for lang in (spoken if isinstance(spoken, list) else _LIST_SPLIT.split(text_of(spoken))):
            if text_of(lang).strip(" ."):
                ex.do_languages(spoken_language(text_of(lang)), "languages", None)
    for title, value in sections:
        if _SETTINGS_KEY.search(title):
            continue            # bamos/cv's "publication_config: {name, categories}": how to list, not what
        kind = section_kind(title) or section_kind(headings.get(title, ""))
        if kind is None and title.strip().lower() == "research" and isinstance(value, list) and value \
                and all(isinstance(v, dict) and item_period(v) != (None, None, False) and pick(v, "title", "position", "role")
                        for v in value):
            kind = "positions"      # bamos/cv's "research:" list of dated posts ({dates, title, place, advisor})
        if kind is None and (title in category_titles and _posts_only(value)
                             or title not in category_titles and _held_posts(value)):
            # a category of a flat list ("machine learning") whose entries are all dated roles at an
            # organization: posts, and the degrees among them ("Engineering degree", at a school);
            # so too a section of no known kind whose roles are posts and degrees ("training:",
            # "list: [{date, organization, position: PhD in Lorem}]")
            degrees = [v for v in value if DEGREE_RE.search(text_of(pick(v, *_ROLE_KEYS)))
                       and not TITLE_WORDS.search(text_of(pick(v, *_ROLE_KEYS)))]
            if degrees:
                ex.section("education", title, [{**d, "degree": text_of(pick(d, *_ROLE_KEYS))} for d in degrees])
                ex.cursor.pop(title, None)      # (the posts' lines are searched for from the list's start again)
            ex.section("positions", title, [v for v in value if not any(v is d for d in degrees)])
            continue
        if kind is None:
            if isinstance(value, list) and _labelled_lines(ex, value, title):
                continue
            if value not in (None, "", [], {}) and not (title in _PERSON_BLOCKS and isinstance(value, dict)):
                record.report.skipped.append(f"section '{title}' not recognised; ignored")
            continue
        ex.section(kind, title, value)
    _drop_template_content(record)
    _bio_of_summary(record, raw_lines)
    # Publications kept in a separate BibTeX file are not in this document.
    for title, value in sections:
        if isinstance(value, dict) and isinstance(value.get("file"), str) and value["file"].endswith(".bib"):
            record.report.skipped.append(f"publications of '{title}' are in {value['file']} (not in this file)")
    return record


_LINE_LABEL = re.compile(r"\*\*([A-Za-z][^*:]{1,40}?):?\*\*:?\s*(\S.*)$|([A-Z][A-Za-z &/-]{1,40}?):\s+(\S.*)$")
_TRAILING_PERIOD = re.compile(r"\s*\(((?:19|20)\d\d[^()]{0,30})\)\s*$")


def _labelled_lines(ex: "_YamlExtractor", items: list, title: str) -> bool:
    """A section of no known kind ("other_information") whose lines each open with a label
    ("**Languages:** English (Professional), Nepali (Fluent)", "**Leadership:** Editorial Board,
    Lorem Journal (2024–Present); Executive Committee, Ipsum Society"): each line is read as a
    section of the kind its label names. False when a line has no label of a known kind."""
    found = []
    for item in items:
        text = text_of(pick(item, "bullet", "text", "details") if isinstance(item, dict) else item)
        m = _LINE_LABEL.match(text)
        kind = section_kind(m.group(1) or m.group(3)) if m else None
        if not kind:
            return False
        found.append((kind, (m.group(1) or m.group(3)).strip(), (m.group(2) or m.group(4)).strip()))
    for kind, label, rest in found:
        if kind in ("languages", "skills", "interests"):
            parts = [p for p in _LIST_SPLIT.split(rest.rstrip(".")) if p.strip()]
        else:
            parts = [p.strip() for p in rest.split(";") if p.strip()]
        values: list = []
        for part in parts:
            if kind == "languages":
                values.append(spoken_language(part))
            elif kind == "service" and (per := _TRAILING_PERIOD.search(part)):
                values.append({"details": part[:per.start()].strip(), "period": per.group(1)})
            else:
                values.append(part)
        ex.section(kind, label, values)
    return bool(found)


def _bio_of_summary(record: CVRecord, raw_lines: list[str]) -> None:
    """'about: I am a first-year Ph.D. student studying X at Lorem University …': the degree
    under way that the first-person summary states, when the education list holds no current
    entry and none at that institution (a list not brought up to date, or no list at all); the
    summary's degrees and posts all, as the text rule reads them, when the CV has no list of
    that kind."""
    from mappers.extract.text import bio_entries, bio_service

    summary = record.person.summary or ""
    if summary and not record.service:
        # the service posts the summary states ("… and Co-President of the Lorem Association"), when
        # the CV lists none
        line = line_of(raw_lines, summary.split(".")[0][:40])
        for s in bio_service(summary, record.person.name):
            s.line = line
            record.service.append(s)
    if not re.search(r"\bI\s+(?:am|have|received|obtained|earned|got|completed|hold)\b", summary):
        return                          # (a cheap test: the rules read first-person sentences only)
    edus, posts = bio_entries(summary, True, not record.positions)
    line = line_of(raw_lines, summary.split(".")[0][:40]) if summary else None
    if record.education:
        known = {e.institution.lower() for e in record.education}
        edus = [e for e in edus if e.current and e.institution.lower() not in known] \
            if not any(e.current for e in record.education) else []
    for item in edus + posts:
        item.line = line
    record.education += edus
    record.positions += posts


# a detail line with the date studies are due to end
_MAJOR_LINE = re.compile(r"(?:major|field(?:\s+of\s+study)?|specialization|concentration)\s*:\s*([^.;:]{2,120}?)\.?$", re.I)
_EXPECTED_LINE = re.compile(r"(?:expected|anticipated|planned)\s+(?:graduation|completion|defen[cs]e)(?:\s+date)?\s*[:-]?\s*"
                            r"(.{4,30}?)\.?$", re.I)


class _YamlExtractor:
    def __init__(self, record: CVRecord, raw_lines: list[str]):
        self.r = record
        self.raw_lines = raw_lines
        self.cursor: dict[str, int] = {}
        self._starts: dict[str, int] = {}

    def line(self, title: str, item: Any) -> int | None:
        """Line of the item: its first scalar value, searched forward from the previous item."""
        start = max(self._start(title), self.cursor.get(title, 0))
        values = [v for v in item.values() if isinstance(v, (str, int)) and str(v).strip()] \
            if isinstance(item, dict) else [item]
        for v in values[:1]:
            found = line_of(self.raw_lines, str(v).split("\n")[0], start)
            if found:
                self.cursor[title] = found
                if isinstance(item, dict):
                    # the item starts at its '- ' line
                    for i in range(found - 1, max(start - 1, found - 30), -1):
                        if re.match(r"\s*-(?:\s|$)", self.raw_lines[i]):    # ("- key: value", or "-" alone over it)
                            return i + 1
                return found
        return None

    def _start(self, title: str) -> int:
        if title not in self._starts:
            self._starts[title] = 0
            for i, ln in enumerate(self.raw_lines):
                if re.match(r"\s*-?\s*(?:title:\s*)?['\"]?" + re.escape(title) + r"['\"]?\s*:?\s*$", ln):
                    self._starts[title] = i
                    break
        return self._starts[title]

    def section(self, kind: str, title: str, value: Any) -> None:
        handler = getattr(self, "do_" + kind, None)
        if handler is None:
            n = len(value) if isinstance(value, (list, dict)) else 1
            self.r.report.skipped.append(f"section '{title}' ({kind}, {n} item(s)) not mapped")
            return
        if isinstance(value, dict) and kind in ("service", "awards", "talks", "teaching", "skills", "positions",
                                                "publications", "education") \
                and all(isinstance(v, list) for v in value.values() if v is not None):
            # grouped: service: {main: [...], area_chair: [...], reviewer: [...]}
            for sub, items in value.items():
                for item in items or []:
                    handler(item, title, group=str(sub))
            return
        if isinstance(value, str) and re.fullmatch(r"[\w./-]+\.(?:bib|json|ya?ml|csv|tex)|[\w.-]*(?:/[\w.-]+)+/?", value.strip()):
            self.r.report.skipped.append(f"{kind} of '{title}' are in {value.strip()} (not in this file)")
            return                          # "bibliography: cv.bib", "presentations: bibs/presentations"
        if isinstance(value, dict) and len(value) >= 2 and all(isinstance(v, dict) for v in value.values()) \
                and kind in ("positions", "education", "awards", "teaching", "talks", "service", "publications") \
                and not any(section_kind(str(k)) for k in value):
            # {positions: {postdoc_lorem: {position, institute, from-year, …}, phd_ipsum: {…}}}: the
            # entries keyed by ids of the site's own (not group names: those hold lists)
            value = list(value.values())
        if isinstance(value, dict):
            if "file" in value:
                return
            cats = value.get("categories")
            if isinstance(cats, list) and cats and all(isinstance(c, dict) and isinstance(c.get("file"), str) for c in cats):
                # bamos/cv: {name, categories: [{heading, prefix, file: journals.bib}, …]}: the works
                # are in the files named
                files = ", ".join(c["file"] for c in cats)
                self.r.report.skipped.append(f"{kind} of '{title}' are in {files} (not in this file)")
                return
            # ({French: Native proficiency, English: Fluent}: a language and its level per key)
            keyed = kind == "skills" or kind == "languages" and all(NATURAL_LANGUAGE.fullmatch(str(k)) for k in value)
            value = [{"title": k, "details": v} for k, v in value.items()] if keyed else [value]
        if not isinstance(value, list):
            value = [value]
        # {html: "<strong>Programming:</strong> C, Python"}: an entry kept as the theme's one text field
        value = [v[next(iter(v))] if isinstance(v, dict) and len(v) == 1
                 and str(next(iter(v))).lower() in _TEXT_ONLY_KEYS and isinstance(v[next(iter(v))], str) else v
                 for v in value]
        if kind in _TEXT_HEADINGS and value and all(isinstance(v, str) for v in value):
            self._text_entries(kind, title, value)
            return
        value = _without_subheadings(value, self.r.report.skipped)
        value = [_dated_markdown(v) or v for v in value]
        for item in _merge_lone_dates(value):
            for entry in _headed_list(item, kind) or [item]:
                handler(entry, title, group=None)

    def _text_entries(self, kind: str, title: str, items: list[str]) -> None:
        """Entries written as lines of text ("Research Analyst, Motu Research, Wellington,
        January 2018--present."): read by the text extractor's rules, as a Markdown list
        under the section's heading."""
        from mappers.extract.text import extract_text

        texts = [text_of(t) for t in items]
        head = f"# {self.r.person.name or 'Curriculum Vitae'}\n\n## {_TEXT_HEADINGS[kind]}\n\n"
        md = head + "\n".join(f"- {t}" for t in texts) + "\n"
        try:
            sub = extract_text(SourceDocument(path=title, name=title, sha256="0", format="markdown", text=md, raw=md))
        except DocumentError:
            return
        first = head.count("\n") + 1
        for entry in (sub.education if kind == "education" else sub.positions):
            i = (entry.line or 0) - first
            entry.line = self.line(title, items[i]) if 0 <= i < len(items) else None
            (self.r.education if kind == "education" else self.r.positions).append(entry)

    # -- per kind ---------------------------------------------------------------------
    def do_education(self, item: Any, title: str, group: str | None) -> None:
        if (entries := nested_entries(item, "education")) is not None:
            for entry in entries:
                self.do_education(entry, title, group)
            return
        if not isinstance(item, dict):
            return
        if pick(item, "level", "rating") and {_norm_key(k) for k in item} <= _SKILL_ROW_KEYS and pick(item, "name"):
            # {name: R programming, level: ⬛ ⬛ ⬛ ⬜} under "qualifications": a skill and its rating,
            # no school (twelve skills had been read as schools)
            self.do_skills({"name": pick(item, "name")}, title, group)
            return
        subs = pick(item, "degree", "degrees", "roles")
        if isinstance(subs, list) and subs and all(isinstance(d, dict) for d in subs):
            # {institution, degree: [{area: X, studyType: Bachelor}, {area: Y, studyType: Minor}]}: one
            # entry per degree at the institution; a minor (or a second major) is its degree's note
            # (a site's own {org, roles: [{title}]}, as its posts are written, names the degrees under roles)
            outer = {k: v for k, v in item.items() if str(k).lower() not in ("degree", "degrees", "roles")}
            done = len(self.r.education)
            for d in subs:
                kind = text_of(pick(d, "studytype", "study_type", "degree", "title", "type"))
                if _MINOR.fullmatch(kind) and len(self.r.education) > done:
                    what = text_of(pick(d, "area", "field", "major", "subject"))
                    if what:
                        self.r.education[-1].honours.append(f"{kind.strip().capitalize()} in {what}")
                    continue
                self.do_education({**outer, **d}, title, group)
            return
        item = _title_subtitle(item, "education")
        inst = text_of(pick(item, "school", "institution", "institute", "university", "college", "place",
                            "institution_name", "school_name", "university_name",
                            "organization", "org", "where", "affiliation", "name", "company", "employer"))
        # "role" last: a site's own data file ({period, role, where}) puts the degree there
        degree = text_of(pick(item, "degree", "studytype", "study_type", "title", "program", "role", "course", "what"))
        name = text_of(item.get("name"))
        if not degree and name and name != inst and degree_level(name) != "other":
            degree = name                   # {name: PhD in X, place: …}: the degree under "name"
        if not degree and inst and (told := re.fullmatch(r"(.{3,150}?)\.\s+(\S.{2,150}?)\.?", inst)) \
                and degree_level(told.group(2)) != "other" and INSTITUTION_WORDS.search(told.group(1)):
            # {name: "Lorem University, Springfield, USA. MSc in Widgetry.", date: 2012}: the school,
            # its town, then the degree, written as one line
            inst, degree = told.group(1), told.group(2)
        where = text_of(item.get("location"))
        if where and INSTITUTION_WORDS.search(where) and inst and not INSTITUTION_WORDS.search(inst):
            inst = where                    # {place: Lorem Lab, location: Lorem University}
        if not inst or inst[0].islower() and not INSTITUTION_WORDS.search(inst):
            # {name: Admitted to …, place: ranked 4th}: no institution is named
            self.r.report.skipped.append(f"education item without institution: {text_of(item)[:60]}")
            return
        start, end, current = item_period(item)
        if start and not end and not current:
            start, end = None, start   # a lone year is the completion year
        # "Department of X, University of Tarragona, Tarragona, Spain": the university and its place
        inst, _unit, place = split_affiliation(inst)
        dashed = re.fullmatch(r"(.{3,}?)\s+[—–]\s+([A-Z][\w.'-]*(?:[ ,]+[A-Z][\w.'-]*){0,2})", inst)
        if dashed and not INSTITUTION_WORDS.search(dashed.group(2)):
            inst, place = dashed.group(1).strip(" ,"), place or dashed.group(2)   # "Lorem University — France"
        location = (text_of(item.get("location")) if inst != where else None) or place
        if not current and _EXPECTED.search(" ".join(text_of(pick(item, k)) for k in (
                "dates", "date", "years", "year", "end_date", "enddate", "end", "degree", "title", "status"))):
            current = True             # "2021 - 2025 (expected)": studies still going on
        field = text_of(pick(item, "area", "field", "major", "subject"))
        # {area: School of Lorem Sciences}: the school names the field of study
        field = _SCHOOL_OF.sub("", field) if _SCHOOL_OF.match(field) and not INSTITUTION_WORDS.search(
            _SCHOOL_OF.sub("", field)) else field
        if not degree and field and degree_level(field) != "other":
            degree, field = field, ""       # {area: PhD Psychology}: the degree's whole name
        if not degree:
            # {name: Lorem University, points: [Ph.D. Computer Science, Minor in X]}: the degree
            # as the first point, no degree key
            first = next(iter(details_of(item)), "")
            if first and len(first.split()) <= 8 and degree_level(first) != "other":
                degree = first
        named_advisors: list[str] = []
        named_honour = None
        if degree and (adv := _DEGREE_ADVISOR.search(degree)):
            # "M.Sc. Physics. Advisor: Prof. Jane Roe": the advisor written into the degree's name
            named_advisors, degree = names_in(adv.group(1)), degree[:adv.start()].strip(" ,;.")
            if honour := _DEGREE_HONOUR.search(degree):      # "Dr. in Physics, summa cum laude. Advisor: …"
                degree, named_honour = degree[:honour.start()].strip(), honour.group(1)
        dept = text_of(pick(item, "department", "dept", "faculty"))
        if not field and dept and not _field_of(degree) \
                and not INSTITUTION_WORDS.search(subject := _UNIT_OF.sub("", dept)):
            # {degree: Doctor of Philosophy (PhD), department: Lorem Studies}: the department names the field
            field = subject
        edu = Education(institution=inst, degree=degree or None, level=degree_level(degree) if degree else "other",
                        field=field or _field_of(degree),
                        start=start, end=end, current=current, location=location,
                        line=self.line(title, item))
        edu.advisors += named_advisors
        edu.honours += [named_honour] if named_honour else []
        for d in details_of(item):
            m = _EXPECTED_LINE.match(d)
            if m and (due := parse_period(m.group(1))[0]) and not edu.end:
                edu.end, edu.current = due, True    # "Expected graduation: Jul 2025"
                continue
            m = _MAJOR_LINE.match(d)
            if m and not edu.field:
                edu.field = m.group(1).strip()     # al-folio's "<b>Major:</b> Computer Science."
                continue
            m = _THESIS_LINE.match(d)
            if not m and ("hesis" in d or "issertation" in d) and (later := _THESIS_LATER.search(d)):
                # "Magna Cum Laude. Thesis: Title, supervised by A and B.": the note after a sentence
                # (the sentence before it stays a detail: an honour)
                m = later
                before = d[:later.start()].strip(" .,;")
                if re.search(r"honou?rs|cum laude|distinction|award", before, re.I):
                    edu.honours.append(before + ".")
                elif d[later.start() - 1] in ",;" and not edu.field and len(before.split()) <= 6 \
                        and before[:1].isupper() and not re.search(r"\d", before):
                    edu.field = before      # "Earth Sciences, Dissertation: Title": the field, then the thesis
            if m:
                # "Master's Thesis: Title.", "Working thesis title: 'Title'", "Dissertation: Title.
                # Committee: …", "Thesis: Title. Advisors: A and B": the title, then whom the note names
                text = m.group(1).strip()
                cut = _THESIS_TAIL.search(text)
                thesis, tail = (text[:cut.start()], text[cut.end():]) if cut else (text, "")
                if (quoted := _QUOTED_THESIS.match(thesis)):
                    thesis = quoted.group(1)        # "*Title*. Built a pipeline …": the title alone
                elif (sentence := _THESIS_SENTENCE.search(thesis)):
                    thesis = thesis[:sentence.start()]
                edu.thesis = thesis.strip(" .'\"‘’“”")
                if (by := _THESIS_ADVISORS.match(tail)):
                    edu.advisors += [n for n in names_in(by.group(1)) if n and n not in edu.advisors]
                continue
            m = re.match(r"(?:(?:co-?)?(?:advisors?|supervisors?)\s*[:,]|(?:co-?)?(?:advised|supervised)\s+by)\s*(.+)",
                         d, re.I)
            if m:
                edu.advisors.extend(names_in(m.group(1)))
                continue
            adv = ADVISOR_RE.search(d[:2000])
            if adv:                         # "… FRAP. Supervisors: A. Roe & B. Poe.", "Supervised by X, PhD."
                edu.advisors += [n for n in _people(adv.group(1)) if n not in edu.advisors]
            if re.search(r"honou?rs|cum laude|distinction|award|scholarship", d, re.I):
                edu.honours.append(d)
        raw_details = pick(item, "details", "description", "highlights", "notes")
        if not edu.thesis and edu.level in ("doctorate", "master") and isinstance(raw_details, list) and raw_details \
                and isinstance(raw_details[0], str) and len(raw_details[0]) <= 400 \
                and _ITALIC_LINE.fullmatch(raw_details[0].strip()) and len(text_of(raw_details[0]).split()) >= 3:
            # details: ["\textit{Lorem Widgets in the Wild}", "Advisors: …"]: a graduate degree's
            # first detail, a title set in italics and nothing else, is its thesis
            edu.thesis = text_of(raw_details[0]).strip(" .")
        # ("advisor1: …, advisor2: …": bamos/cv's numbered advisors, each with its "advisorlink1")
        # ("supervisors: A. Roe; B. Poe", "mentor: A. Roe": the other names themes give the advisors)
        for k in ("advisor", "advisors", "supervisor", "supervisors", "mentor", "mentors",
                  *sorted(k for k in item if isinstance(k, str) and re.fullmatch(r"(?:advisor|supervisor)\d", k))):
            if item.get(k):
                edu.advisors.extend(n for n in names_in(strip_honorifics(text_of(item[k]))) if n not in edu.advisors)
        thesis = item.get("thesis")
        if isinstance(thesis, dict):
            # {thesis: {title, external_url, language, supervisor}}: the title is the thesis, the
            # supervisor its advisor (the mapping's values had been joined into the title)
            for k in ("supervisor", "supervisors", "advisor", "advisors"):
                edu.advisors += [n for n in names_in(text_of(thesis.get(k))) if n and n not in edu.advisors] \
                    if thesis.get(k) else []
            thesis = pick(thesis, "title", "name", "english_title")
        if thesis:
            # "thesis: Thesis -- Lorem Ipsum (working title)": the label written into the value
            edu.thesis = re.sub(r"^(?:(?:PhD|Master'?s?|Bachelor'?s?|Doctoral)\s+)?(?:thesis|dissertation)\s*[:–—-]\s+", "",
                                text_of(thesis), flags=re.I) or text_of(thesis)
        if edu.degree and _SERVICE_YEAR.fullmatch(edu.degree.strip(" .")) and edu.institution:
            # {role: Civilian service, where: Lorem Nature Centre} listed among degrees: a post served
            self.r.positions.append(Position(organization=edu.institution, title=edu.degree.strip(" ."),
                                             location=edu.location, start=edu.start, end=edu.end, current=edu.current,
                                             line=edu.line))
            return
        self.r.education.append(edu)

    def do_positions(self, item: Any, title: str, group: str | None) -> None:
        if (entries := nested_entries(item, "positions")) is not None:
            for entry in entries:
                self.do_positions(entry, title, group)
            return
        if not isinstance(item, dict):
            return
        item = _title_subtitle(item, "positions")
        # (a theme's subtitle under a title that is no role names the organization; "where" is then its town)
        org = text_of(pick(item, "place", "company", "company_name", "organization", "org", "employer", "workplace",
                           "institution", "institute", "school", "affiliation", "name", *_SUBTITLE_KEYS, "where"))
        # ("what": a theme's one key for an entry's name, beside "when", "where" and "info")
        role = text_of(pick(item, "title", "position", "role", "job", "jobtitle", "job_title", "what"))
        name, where = text_of(item.get("name")), text_of(item.get("where"))
        if not role and name and where and org == name and ((TITLE_WORDS.search(name) or _ROLE_AT_END.search(name))
                                                            and not ORG_WORD.search(name) and not INSTITUTION_WORDS.search(name)
                                                            or _MEMBER_OF.match(name)):
            # {name: Research Scientist, where: Lorem Labs, when: 2022 - present}; {name: Member of the
            # Lorem Organising Committee, where: Ipsum Centre}: a membership is a post too
            role, org = name, where
        if role and _ROLE_AT_END.search(org) and not ORG_WORD.search(org) and not INSTITUTION_WORDS.search(org) \
                and (ORG_WORD.search(role) or INSTITUTION_WORDS.search(role)) and not _ROLE_AT_END.search(role):
            role, org = org, role           # {title: Lorem Research Group, company: Research student}
        prose_mentors: list[str] = []
        if not org and role and (at := _ROLE_AT_ORG.match(role)):
            # {position: "Internship at Lorem Lab, Paris, France, supervised by A. Roe (2 months)."}:
            # the post, where it was held, and who supervised it, written as one phrase
            role, org = at.group(1).strip(), _PROSE_TAIL.split(at.group(2), maxsplit=1)[0].strip(" ,.;")
            if (sup := re.search(r"\b(?:supervised|advised|mentored|hosted)\s+by\s+(.+?)(?:\s*\(|[.;]|$)", at.group(2), re.I)):
                prose_mentors = names_in(sup.group(1))
        located, from_location = None, False
        if not org and role and (loc := text_of(pick(item, "location"))) and (ORG_WORD.search(loc) or INSTITUTION_WORDS.search(loc)):
            # {title: Research assistant, location: "Lorem Lab, Ipsum Computing Department"}: the
            # location names where the post was held; "Lorem Partners. New York, NY": then its town
            org, _, located = loc.partition(". ")
            org, located, from_location = org.strip(" ."), located.strip(" .") or None, True
        if not org:
            self.r.report.skipped.append(f"position without organization: {text_of(item)[:60]}")
            return
        if any(_POINTER.match(t) and len(t.split()) <= 12 for t in (org, role)) and item_period(item) == (None, None, False):
            # {company: "see my LinkedIn profile", position: "For other posts"}: a pointer to a list
            # kept elsewhere, undated, not a post
            self.r.report.skipped.append(f"a pointer, not a position: {org[:60]}")
            return
        if not role and (post := _ROLE_FOR_ORG.match(org)) and _ROLE_AT_END.search(post.group(1)):
            role, org = post.group(1), post.group(2)    # {place: "Independent Consultant for Lorem Ltd"}, no title
        lab_unit = None
        where = text_of(item.get("location"))
        if where and INSTITUTION_WORDS.search(where) and not INSTITUTION_WORDS.search(org) and _UNIT_NAME.search(org) \
                and not pick(item, "unit", "department", "lab", "team"):
            # {name: Lorem Learning Lab, location: University of Ipsum}: the lab is the unit of the
            # university the location names
            lab_unit, org, where = org, where, None
        start, end, current = item_period(item)
        if pick(item, "current", "currently_employed", "is_current", "ongoing") is True:
            end, current = None, True
        details = details_of(item)
        mentors: list[str] = []
        raw_detail = pick(item, "inline_detail", "detail", "details", "description")
        for d in details:
            # "with Jane Roe on X", "supervised by Jane Roe on X" (bamos/cv's inline_detail)
            m = re.match(r"(?:with|(?:supervised|advised|mentored|hosted)\s+by)\s+(.+?)(?:\s+on\s+.+)?$", d, re.I)
            if m:
                links = [TITLE_PREFIX.sub("", t).strip() for t in href_texts(raw_detail)]   # "Prof. Jane Roe"
                mentors = [t for t in links if t] or names_in(m.group(1))
                break
        if not mentors:
            who = pick(item, "advisor", "advisors", "supervisor", "supervisors", "mentor", "mentors", "pi")
            mentors = names_in(text_of(who)) if who else []
        for d in list(details):
            m = _MENTOR_DETAIL.match(d)
            if m:                           # "(Mentor: Jane Roe)" as a detail line
                mentors = mentors or names_in(m.group(1))
                details.remove(d)
            elif not mentors and (adv := ADVISOR_RE.search(d[:2000])):
                mentors = _people(adv.group(1))   # "… supervised by Prof. Jane Roe (2 months)."
        if not role and details and len(details[0].split()) <= 6 and TITLE_WORDS.search(details[0]) \
                and not re.search(r"\d|[.:;]$", details[0]):
            role = details.pop(0)           # the role written as the first detail line, no title key
        mentors = mentors or prose_mentors
        if role and "," in role and (led := _ROLE_PROFESSOR.fullmatch(role)) and not TITLE_WORDS.search(led.group(2)):
            # {position: "Research Scientist, Professor Jane Roe"}: the professor the post worked for
            # is its mentor, not part of the title
            role, mentors = led.group(1).strip(), mentors or [led.group(2)]
        if role and len(role) <= 300 and (bracket := _ROLE_WITH_MENTOR.search(role)) and (who := names_in(bracket.group(1))) \
                and all(looks_like_name(n) for n in who):
            # "Postdoctoral Researcher (with F. Roe)", "Research Intern (advised by Dr. Jane Roe)": the
            # person the post worked with is its mentor, not part of its title ("(with tenure)" stays)
            role, mentors = role[:bracket.start()].strip(), mentors or who
        if (named := _ORG_MENTORS.search(org)) and named.start() > 0:
            # "Lorem Lab (Advisor: Prof. Jane Roe)", "Lorem Institute, Prof. Jane Roe": the
            # supervisor named after the organization is the post's mentor, not a unit or a place
            who = named.group(1) or named.group(2)
            mentors = mentors or [n for n in names_in(who) if n]
            org = org[:named.start()].strip(" ,;")
        dotted = org.split(" · ", 1) if " · " in org else None
        if dotted and (INSTITUTION_WORDS.search(dotted[0]) or ORG_WORD.search(dotted[0])) and " · " not in dotted[1]:
            # "Lorem University · Mind, Brain & Widget Center (MBW)": the organization, then its unit
            # (a theme's middle dot parts them; the commas are the unit's own)
            org, unit, place = dotted[0].strip(), dotted[1].strip(), None
        else:
            org, unit, place = split_affiliation(org)     # "Lab X, University Y, City, Country"
            if not unit and len(halves := _ORG_DASH.split(org)) == 2 and all(halves) and "|" not in org:
                org, unit, place = _org_dash_tail(halves[0], halves[1], place)
        org = _SENTENCE_STOP.sub("", org)       # "…, Ipsum University.": the sentence's stop, no part of the name
        self.r.positions.append(Position(
            organization=org, title=role or None,
            location=(where if lab_unit else located if from_location else text_of(item.get("location"))) or place,
            unit=text_of(pick(item, "unit", "department", "dept", "lab", "team")) or lab_unit or unit,
            start=start, end=end, current=current, mentors=mentors,
            description="\n".join(details) or None, line=self.line(title, item)))

    def do_awards(self, item: Any, title: str, group: str | None) -> None:
        if isinstance(item, dict) and isinstance(item.get("items"), list) and not pick(item, "title", "name", "award"):
            # al-folio's time table: {year: 2021, items: [award, award]}
            for sub in item["items"]:
                sub = sub if isinstance(sub, dict) else {"title": sub}
                self.do_awards({**{k: v for k, v in item.items() if k != "items"}, **sub}, title, group)
            return
        if isinstance(item, dict):
            # ("awardname", "grantname": a LaTeX CV template's keys)
            name = text_of(pick(item, "title", "name", "award", "honor", "awardname", "award_name", "grantname", "grant_name",
                                "details", "detail", "bullet", "description", "text", "rank", "what"))
            label = text_of(item.get("label"))
            if label and not pick(item, "title", "name", "award", "honor") and \
                    not re.fullmatch(r"\s*(?:19|20)\d\d.*", label):
                # RenderCV's one-line entry {label: Lorem Prize, details: what it was for}: the
                # label names the award, the details describe it
                name = label
            awarder = text_of(pick(item, "awarder", "issuer", "organization", "by", "from"))
            if name and awarder and awarder.lower() not in name.lower():
                name = f"{name}, {awarder}"          # as JSON Resume's {title, awarder} is read
            # {title, from: Lorem University, dates: 2014.12}: "from" is the awarder, not the start
            dated = {k: v for k, v in item.items() if str(k).lower() != "from"} \
                if awarder and awarder == text_of(pick(item, "from")) else item
            start, end, _ = item_period(dated)
            year = (start or end or "")[:4] or None
            if not year and (label := text_of(item.get("label"))) and re.fullmatch(r"(?:19|20)\d\d", label.strip()):
                year = label.strip()          # RenderCV's one-line entry {label: 2020, details: Award}
            if not year:
                found = re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", name)
                year = found.group(0) if found else None
                if found and (tail := _YEAR_NOTE_TAIL.search(name)) and \
                        ("(" in tail.group(0)) == (")" in tail.group(0)) and found.start() >= tail.start():
                    # {bullet: "Lorem Fellowship, Ipsum Society (2022)"} (RenderCV), {title: "Lorem
                    # Prize, 2019"}: with no date key, the year closing the name is the award's year
                    name = name[:tail.start()].strip() or name
        else:
            name = text_of(item)
            found = re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", name)
            year = found.group(0) if found else None
            if found and name[-1:] in "0123456789.)":
                # "Lorem Prize, Lorem Society, 2018." / "…, 2014--2016.": the year is the award's
                # year, not part of its name (as the text reader reads such a line)
                # (only the tail is searched: the pattern is anchored at the end)
                name = (name[:-40] + _TRAILING_YEARS.sub("", name[-40:])).strip() or name
        if name:
            self.r.awards.append(Award(name=name, year=year, line=self.line(title, item)))

    def do_patents(self, item: Any, title: str, group: str | None) -> None:
        if isinstance(item, dict) and isinstance(item.get("items"), list) and not pick(item, "title", "name"):
            for sub in item["items"]:           # al-folio's time table: {year: 2017, items: [patent]}
                sub = sub if isinstance(sub, dict) else {"title": sub}
                self.do_patents({**{k: v for k, v in item.items() if k != "items"}, **sub}, title, group)
            return
        if isinstance(item, dict):
            name = text_of(pick(item, "title", "name", "patent"))
            number = text_of(pick(item, "number", "patent_number", "id")) or None
            who = pick(item, "inventors", "authors", "author")
            inventors = [text_of(a) for a in who] if isinstance(who, list) else names_in(text_of(who)) if who else []
            start, end, _ = item_period(item)
            date = start or end
            status = text_of(pick(item, "status")) or None
            if not number:
                # the number written in another field ("role: Korea patent no.: 10-2022-0113751")
                # or in a Google Patents link
                for key, value in item.items():
                    if key in ("title", "name", "patent") or not isinstance(value, str):
                        continue
                    found = number_in(value)
                    link = _GOOGLE_PATENT.search(value)
                    if found or link:
                        number = patent_number(found[0]) if found else link.group(1)
                        status = status or status_of(value)
                        break
            if number and not status and _granted_number("", patent_number(number)):
                status = "granted"          # (a B kind code, a US grant number)
        else:
            # a patent written as one line: read as text CVs read it
            entry = parse_patent(text_of(item), self.r.person.name) or {}
            name, number, inventors = entry.get("title") or text_of(item), entry.get("number"), entry.get("inventors") or []
            status, date = entry.get("status"), entry.get("date")
        if name:
            self.r.patents.append(Patent(title=name, number=number, inventors=[i for i in inventors if i],
                                         date=date, status=status, line=self.line(title, item)))

    def do_talks(self, item: Any, title: str, group: str | None) -> None:
        if (entries := nested_entries(item, "talks")) is not None:
            for entry in entries:
                self.do_talks(entry, title, group)
            return
        if isinstance(item, dict) and not pick(item, "title", "name", "talk") and \
                isinstance(raw_line := pick(item, "bullet", "text"), str) and (one := _BOLD_TITLE_REST.match(raw_line)):
            # RenderCV's {bullet: "**Title**, Lorem Workshop, Springfield (2025)"}: the bold title,
            # then where it was given and the year
            host, when = one.group("rest").strip(" ,;"), None
            if (year := _YEAR_NOTE_TAIL.search(host)) and ("(" in year.group(0)) == (")" in year.group(0)):
                when, host = re.search(r"(?:19|20)\d\d", year.group(0)).group(0), host[:year.start()].strip(" ,;")
            self.r.talks.append(Talk(title=text_of(one.group("t")), host=text_of(host) or None, date=when,
                                     line=self.line(title, item)))
            return
        if isinstance(item, dict) and pick(item, "title", "name") and not pick(item, "role", "position") \
                and (taught := _TAUGHT_NOTE.match(text_of(pick(item, "description", "summary", "details")))):
            # seminars: [{name: Widget Vision, where: Lorem University, when: 2019 - 2025, description:
            # "Lecturer at the Master in Widgetry."}]: a course taught, not a talk given
            self.do_teaching({**{k: v for k, v in item.items() if _norm_key(k) not in ("description", "summary", "details")},
                              "role": taught.group(1)[:1].upper() + taught.group(1)[1:].lower()}, title, group)
            return
        if isinstance(item, dict):
            name = _TITLE_STOP.sub("", text_of(pick(item, "title", "name", "talk", "topic")))
            # "Invited talk | Title", "Poster | Title": the kind of talk before the title
            name = _TALK_KIND_LEAD.sub("", name) or name
            # the event or host before a place ("event: Lorem Workshop, location: Springfield, UK");
            # bamos' talks name the event under "location"
            host = text_of(pick(item, "event", "conference", "venue", "host", *_SUBTITLE_KEYS, "location", "where",
                                "place")) or None
            summary = text_of(pick(item, "summary", "description"))
            if not host and summary and len(summary.split()) <= 14 and "\n" not in summary \
                    and not re.search(r"[a-z]{2}\.\s+[A-Z]", summary):
                host = summary          # RenderCV {name, date, summary: "Lorem Seminar Series"}: where it was given
            start, _, _ = item_period(item)
            if not start and not host and (ev := _EVENT_YEAR.fullmatch(name)):
                start = ev.group(1)         # {title: LOREM 2020, link: …}: a talk named by its event and year
            if not start and host and (when := re.search(r"(?<![\d-])((?:19|20)\d\d)(?![\d-])", host)):
                start = when.group(1)       # {title, where: "Lorem Workshop, at IPSUM 2017"}: the event's year
        else:
            name, host, start = text_of(item), None, parse_period(text_of(item))[0]
        if name and not host and len(name) <= 600:
            if isinstance(item, str) and (lead := _EMPHASIS_TALK.match(item)) and text_of(lead.group("rest")):
                # "*Lorem ipsum*, Springfield (Oct 2023).": the emphasised title, then where it was given
                name, host = text_of(lead.group("t")).strip(), text_of(lead.group("rest"))
            elif (quoted := _QUOTED_TALK.match(name)):
                # '"Lorem ipsum." Dolor Workshop, Springfield.': the quoted title, then where it was given
                name, host = quoted.group("t").strip(), quoted.group("rest")
            elif (dashed := _TITLE_DASH_EVENT.match(name)) and start and re.search(r"(?:19|20)\d\d|,", dashed.group(2)):
                # "Lorem ipsum? — IPSUM 2026, Springfield.": the title, then the event and its place
                name, host = dashed.group(1).strip(), dashed.group(2)
            if host:
                # (the date closing the line is the talk's date, already read)
                host = _TALK_DATE_TAIL.sub("", host).strip(" .,;") or None
            elif start and isinstance(item, str) and (bare := _TALK_DATE_TAIL.sub("", name).strip(" .,;")) \
                    and re.search(r"\(\s*(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)\d\d\s*\)\.?$", name):
                name = bare         # "Lorem Seminar, Springfield (Mar 2025).": the date is the talk's, read
        if name and _TO_BE_ANNOUNCED.fullmatch(name.strip(" .")):
            self.r.report.skipped.append("a talk whose title is still to be announced")
            return
        if name:
            self.r.talks.append(Talk(title=name, host=host, date=start, line=self.line(title, item)))

    def do_teaching(self, item: Any, title: str, group: str | None) -> None:
        if (entries := nested_entries(item, "teaching")) is not None:
            for entry in entries:
                self.do_teaching(entry, title, group)
            return
        courses = pick(item, "courses", "classes") if isinstance(item, dict) else None
        named_place = isinstance(courses, list) and courses and all(isinstance(c, dict) for c in courses) \
            and not pick(item, "course", "title", "institution", "school", "university") and pick(item, "name")
        if isinstance(courses, list) and (not pick(item, "name", "course", "title") or named_place):
            # {institution: X, courses: [{year, name, role}, …]}: each course, at that institution;
            # {name: Lorem University, courses: [{position, number, title, term}]}: the name is the place's
            outer = {k: v for k, v in item.items() if str(k).lower() not in ("courses", "classes")}
            if named_place:
                outer = {("institution" if str(k).lower() == "name" else k): v for k, v in outer.items()}
            for sub in courses:
                self.do_teaching({**outer, **(sub if isinstance(sub, dict) else {"name": sub})}, title, group)
            return
        if isinstance(item, dict):
            course = text_of(pick(item, "name", "course", "title"))
            short = text_of(pick(item, "short", "code", "number"))
            inst = text_of(pick(item, "institution", "school", "university", "place", "institute",
                                "institution_name", "org", "organization")) or None
            sub = text_of(pick(item, *_SUBTITLE_KEYS))
            if sub and not inst and (INSTITUTION_WORDS.search(sub) or ORG_WORD.search(sub)) and not _TEACHING_ROLE.search(sub):
                inst = sub          # {title: Course, subtitle: Lorem University, where: Springfield}
            where = text_of(pick(item, "where"))
            if not inst and where and where[0].isupper() and len(where) <= 120 and ". " not in where:
                inst = where            # {years, title, where: "Lorem University"} (not a sentence)
            if short and not inst and not re.fullmatch(r"[A-Z]{0,6}-?\d[\w/.-]*", short.strip()):
                # "UCB CS188" → "UCB"; a course number alone ("P2214", "EE-510") names no institution
                inst = re.sub(r"\s+[A-Z]*[\s-]?\d[\w/.-]*$", "", short).strip() or None
            term = text_of(pick(item, "semester", "term", "year", "date", "dates", "when", "years", "period",
                                "academic_year", "ay")) or None
            if not term:
                # {start_date: 2022-10-03}, {start-date, end-date}: the course's period
                start, end, _ = item_period(item)
                if start:
                    term = f"{start} – {end}" if end and end != start else start
            if term:
                m = re.fullmatch(r"([FSW]|Su|Sp|Fa|Wi)\s*'?((?:19|20)\d\d)", term)
                if m:
                    term = {"F": "Fall", "Fa": "Fall", "S": "Spring", "Sp": "Spring", "W": "Winter", "Wi": "Winter",
                            "Su": "Summer"}[m.group(1)] + " " + m.group(2)
            role = text_of(pick(item, "position", "role")) or None
            summary = text_of(pick(item, "summary", "description", "details"))
            if not role and course and summary and len(summary.split()) <= 5 and _TEACHING_ROLE.search(summary) \
                    and ":" not in summary:
                role = summary          # RenderCV {name: course, date, summary: "Teaching assistant"}
            what = text_of(pick(item, "title"))
            if not role and pick(item, "course") and what and what != course and _TEACHING_ROLE.search(what) \
                    and len(what.split()) <= 4:
                role = what             # {title: Lecturer, course: "PSYCH 100A: Statistics"}
            if not role and re.search(r"assist|(?<![a-z])tas?(?![a-z])", title.lower().replace("_", " ")):
                role = "Teaching Assistant"     # a section "teaching_assistant_experience", "TA positions"
            if not course and role and (dashed := _ROLE_DASH_COURSE.match(role)) \
                    and _TEACHING_ROLE.search(dashed.group(1)):
                role, course = dashed.group(1), dashed.group(2)    # {role: "Lecturer — Course Name"}
            if not role and course and (dashed := _ROLE_DASH_COURSE.match(course)) \
                    and _TEACHING_ROLE.search(dashed.group(1)) and not pick(item, "course"):
                role, course = dashed.group(1), dashed.group(2)    # {title: "Instructor — Course Name"}
            if not course and role and (piped := re.fullmatch(r"(.{3,150}?)\s+\|\s+([^|]{2,40})", role)) \
                    and _TEACHING_ROLE.search(piped.group(2)) and not _TEACHING_ROLE.search(piped.group(1)):
                course, role = piped.group(1), piped.group(2)     # {role: "Course Name | Assistant"}
            if not course and role:
                # {position: Lab sessions, details: …} / {position: Coach, contest: Lorem Olympiad}: a
                # role word names the role and the course is what it was for; other words name the course
                what = text_of(pick(item, "contest", "competition", "event", "subject", "topic"))
                if not _TEACHING_ROLE.search(role):
                    course, role = role, None
                elif what:
                    course = what
                elif (subject := _SUBJECT_TUTOR.fullmatch(role)) and not _NOT_SUBJECT.match(subject.group(1)):
                    # {position: Mathematics tutor, institution: Lorem Learning Centre}: the subject taught
                    course, role = subject.group(1), subject.group(2).capitalize()
        else:
            course, inst, term, role = text_of(item), None, None, None
            line = _ROLE_COURSE_PLACE.match(course)
            if line and _TEACHING_ROLE.search(line.group(1)):
                # "Teaching Assistant, Course A; Course B — Lorem University (2017 – 2022)"
                role, course, inst, term = line.group(1), line.group(2), line.group(3), line.group(4)
            elif (listed := _ROLE_PLACE_COURSES.fullmatch(course)) and _TEACHING_ROLE.search(listed.group(1)) \
                    and len(listed.group(1).split()) <= 4 \
                    and len(codes := _numbered_courses(listed.group(4))) >= 2:
                # "Tutor, Lorem University, 2009–2014: LOR 303 (Widgets), 311/312 (Ipsum), …": the
                # role, the place and the years over a list of courses, one course each
                line_no = self.line(title, item)
                for code in codes:
                    self.r.teaching.append(Teaching(course=code, institution=listed.group(2).strip(), term=listed.group(3),
                                                    role=listed.group(1).strip(), line=line_no))
                return
        if course and re.search(r"[^\W\d_]{3}\.$", course) and course.count(".") == 1:
            course = course[:-1]        # "LOR 225 Widget Structures.": the full stop that ends a list line
        if course:
            self.r.teaching.append(Teaching(course=course, institution=inst, term=term, role=role,
                                            line=self.line(title, item)))

    def _listed_authors(self, listed: list) -> tuple[list[Author], bool] | None:
        """authors: [Jane Roe*, "***LAL***", Kim Poe]: a list of one author per item, which the
        reader of author strings refused (an item is the subject's initials, or carries a mark):
        each item an author, bold the subject, a closing '*' equal contribution. None when an item
        is no short name."""
        out: list[Author] = []
        for raw in listed:
            if not isinstance(raw, str):
                return None
            name = text_of(raw).strip()
            marked = name.endswith(("*", "†")) or raw.rstrip().endswith(("*", "†")) and not raw.rstrip().endswith("**")
            name = name.rstrip("*†‡ ").strip()
            if not name or len(name) > 60 or len(name.split()) > 5 or re.search(r"[,;:()\d]|\bet al\b", name):
                return None
            bold = bool(re.match(r"\s*(?:\*\*|<b>|<strong>|\\textbf\{)", raw))
            out.append(Author(name=name, is_subject=bold or name == self.r.person.name, equal_contribution=marked))
        names = [a for a in out if looks_like_name(a.name)]
        return (out, False) if len(out) >= 2 and 2 * len(names) >= len(out) else None

    @staticmethod
    def _named_venue_list(item: dict) -> tuple[str, list[str]] | None:
        """{name: Journals, list: [A, B]}: the head and the names listed under it; None when the
        item is not one short head over one list of names."""
        if len(item) != 2:
            return None
        head = text_of(pick(item, "name", "title", "category", "type", "kind", "label"))
        inner = pick(item, "list", "items", "entries", "venues")
        if not head or len(head.split()) > 5 or not isinstance(inner, list) or not inner \
                or not all(isinstance(v, str) for v in inner):
            return None
        venues = [text_of(v).strip(" .") for v in inner]
        return (head, venues) if all(venues) else None

    def _venues_reviewed(self, item: dict, title: str) -> bool:
        """{name: Referee for journals, start_date: 2024, summary: "Lorem Letters (6 times), Ipsum Review
        (4 times), and Dolor Journal (once)."}: one reviewing role per venue listed, with the period."""
        head = text_of(pick(item, "name", "title", "role", "position"))
        summary = text_of(pick(item, "summary", "details", "description"))
        if not head or not summary or "," not in summary or len(summary) > 400 or not _REVIEW_TITLE.search(head) \
                or len(head.split()) > 5:
            return False
        venues = [re.sub(r"\s*\([^()]{0,40}\)", "", v).strip(" .;") for v in
                  re.split(r",\s*(?:and\s+)?|\s+and\s+", summary.rstrip(". "))]
        venues = [v for v in venues if v]
        if len(venues) < 2 or not all(v[:1].isupper() and len(v.split()) <= 8 for v in venues):
            return False
        start, end, current = item_period(item)
        period = start[:4] + ("-" + end[:4] if end else "-present" if current else "") if start else None
        role = "Referee" if re.search(r"referee", head, re.I) else "Reviewer"
        for v in venues:
            self.r.service.append(Service(role=role, organization=v, period=period, line=self.line(title, item)))
        return True

    def _labelled_reviews(self, item: dict, title: str) -> bool:
        """RenderCV's one-line rows under a reviews heading, {label: venue or publisher, details:
        what was reviewed}: {label: Lorem Letters, details: "3 reviews"} is the venue reviewed for;
        {label: LSW, details: "Transactions on Widgets (5 reviews), Widget Letters (1 review)"} lists
        the publisher's venues, each named with the publisher's acronym; {label: LOREM, details:
        "LOREM 2024 (2 reviews)"} the venue's edition. The counts are no part of a venue."""
        if set(map(_norm_key, item)) != {"label", "details"}:
            return False
        label, details = text_of(item["label"]).strip(" ."), text_of(item["details"])
        if not label or not details or len(details) > 600 or len(label.split()) > 12:
            return False
        rest = _REVIEW_COUNT.sub("", _SEE_NOTE.sub("", details)).strip(" .,;")
        if rest and _REVIEW_TITLE.search(rest):
            return False
        venues = [re.sub(r"^and\s+", "", v).strip(" .") for v in _LIST_SPLIT.split(rest)] if rest else []
        venues = [v for v in venues if v]
        if not venues:
            venues = [label]
        elif not all(v[:1].isupper() and len(v.split()) <= 14 for v in venues):
            return False
        elif re.fullmatch(r"[A-Z][A-Za-z&-]{0,2}[A-Z&-]{1,6}", label):
            venues = [v if label.lower() in v.lower() else f"{label} {v}" for v in venues]
        line = self.line(title, item)
        for v in venues:
            self.r.service.append(Service(role="Reviewer", organization=v, line=line))
        return True

    def _roles_and_venues(self, text: str, title: str, item: Any) -> None:
        for sentence in re.split(r"\.\s+(?=[A-Z])", text.strip(" .")):
            m = _ROLE_VENUES.fullmatch(sentence.strip(" ."))
            role, venues = (m.group(1) or m.group(3), m.group(2) or m.group(4)) if m else ("Reviewer", sentence)
            if m and not (_SERVICE_POST.search(role) or _REVIEWER_ROLE.match(role)):
                role, venues = "Reviewer", sentence
            for venue in _LIST_SPLIT.split(venues.strip(" .")):
                if venue.strip(" ."):
                    self.r.service.append(Service(role=role.strip(), organization=venue.strip(" ."),
                                                  line=self.line(title, item)))

    def _talk_or_award(self, text: str, title: str, item: Any) -> bool:
        """A line of a service or activities list that tells of a talk given ("Invited talk on “Title”.
        Invited talk at Lorem Workshop …", "Keynote speaker at Ipsum Meeting, June 2013.") or of an
        award ("Lorem President's Award for Research Excellence"): that talk or award."""
        year = re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", text)
        if (lead := _TALK_ITEM.match(text)) is not None:
            quoted = re.search(r"[“\"]([^”\"]{3,200})[”\"]", text)
            at = re.search(r"\b(?:talk|speaker|keynote|address)\s+at\s+(?:the\s+)?(.{3,150}?)(?=\s*[:;,(]|\.\s|\.?$)", text, re.I)
            self.r.talks.append(Talk(title=quoted.group(1).strip(" .") if quoted else lead.group(0),
                                     host=at.group(1).strip() if at else None, date=year.group(0) if year else None,
                                     line=self.line(title, item)))
            return True
        plain = re.sub(r"\b\w+['’]s\b", "", text)     # ("The President's Award": no post held)
        if _AWARD_ITEM.search(text) and not _SERVICE_POST.search(plain) and not SERVICE_ROLE_WORDS.search(plain):
            self.r.awards.append(Award(name=text.rstrip(" ."), year=year.group(0) if year else None,
                                       line=self.line(title, item)))
            return True
        return False

    def do_service(self, item: Any, title: str, group: str | None) -> None:
        if isinstance(item, str) and not group and len(item) <= 500 and self._talk_or_award(text_of(item), title, item):
            return
        if _PASTIMES.fullmatch(title.strip().replace("_", " ")) and not group:
            # bamos/cv's "activities: [{title: Classical Mandolin, year: 2013 -- Present}]": a
            # pastime, not service, unless the item names a post or whom it was for
            words = " ".join(f"{k} {text_of(v)}" for k, v in item.items()) if isinstance(item, dict) else text_of(item)
            if not _SERVICE_POST.search(words) and not _REVIEW_TITLE.search(words) and not (isinstance(item, dict) and pick(
                    item, "organization", "org", "venue", "conference", "institution", "journal", "event", "role", "position")):
                self.r.report.skipped.append(f"activity without a post, not service: {text_of(item)[:60]}")
                return
        group_role = None
        if group and (_SERVICE_POST.search(group.replace("_", " ")) or _REVIEW_TITLE.search(group.replace("_", " "))):
            # a group named for a role ("reviewer:", "area_chair:"), not one named for whom the
            # service was done ("service_to_university:")
            group_role = re.sub(r"[_-]+", " ", group).strip().title()
            if not _SERVICE_POST.search(group.replace("_", " ")) and not _REVIEWER_ROLE.match(group_role):
                group_role = "Reviewer"         # "reviewing: [Journal A, …]": the venues reviewed for
        if isinstance(item, dict) and self._venues_reviewed(item, title):
            return
        if isinstance(item, dict) and not group and _REVIEW_TITLE.search(title.replace("_", " ")) \
                and self._labelled_reviews(item, title):
            return
        if isinstance(item, dict) and not group and _REVIEW_TITLE.search(title.replace("_", " ")) \
                and (listed := self._named_venue_list(item)) is not None:
            # reviews: [{name: Journals, list: [Lorem Letters, …]}]: the kind of venue over the venues
            # reviewed for, or a role over them ({name: Area Chair, list: [LOREM 2024]})
            head, venues = listed
            role = head if _SERVICE_POST.search(head) or _REVIEWER_ROLE.match(head) else "Reviewer"
            line = self.line(title, item)
            for venue in venues:
                self.r.service.append(Service(role=role, organization=venue, line=line))
            return
        if isinstance(item, dict) and not group and re.search(r"\breview|\breferee", title, re.I) \
                and not pick(item, "role", "position", "organization", "org", "venue", "journal", "conference") \
                and (venue := text_of(pick(item, "name", "title")).strip(" .")) and len(venue.split()) <= 12 \
                and not _SERVICE_POST.search(venue) and not _REVIEW_TITLE.search(venue):
            # "Reviewerships: [{name: Lorem Transactions on Widgets., date: 2012-2014}]": a venue reviewed for
            period = _period_text(pick(item, "year", "years", "dates", "date", "period")) or None
            self.r.service.append(Service(role="Reviewer", organization=venue, period=period, line=self.line(title, item)))
            return
        if isinstance(item, dict) and item and all(isinstance(v, str) for v in item.values()) \
                and all(_VENUE_KIND_KEY.fullmatch(str(k).lower()) for k in item) \
                and _REVIEW_TITLE.search(title.replace("_", " ")):
            # reviewing: {conferences: "Area Chair (LOREM, IPSUM). Reviewer: DOLOR, AMET.", journals:
            # "TLOR, JIPS."}: each role with the venues it names, venues alone reviewed for
            for value in item.values():
                self._roles_and_venues(text_of(value), title, item)
            return
        venues = pick(item, "venues") if isinstance(item, dict) else None
        if isinstance(venues, (str, list)) and (own := text_of(pick(item, "role", "position", "title"))) \
                and len(own) <= 80:
            # {role: Reviewer, venues: "LOREM 2024 · IPSUM · Journal of Dolor"}: one role per venue
            parts = venues if isinstance(venues, list) else \
                re.split(r"\s+·\s+|\s*;\s*", venues) if re.search(r"·|;", venues) else _LIST_SPLIT.split(venues)
            parts = [text_of(v).strip(" .") for v in parts if text_of(v).strip(" .")]
            period = _period_text(pick(item, "year", "years", "dates", "date", "period")) or None
            line = self.line(title, item)
            for venue in parts:
                self.r.service.append(Service(role=own, organization=venue, period=period, line=line))
            if parts:
                return
        if isinstance(item, dict):
            own_role = text_of(pick(item, "role", "position"))
            text = own_role or text_of(pick(item, "title", "details", "name", "description", "activity", "what"))
            org = text_of(pick(item, "organization", "org", "venue", "conference", "place", "institution",
                               "institute", "company", "journal", "event", "where")) or None
            if not org and not own_role and text_of(pick(item, "title")) and text_of(item.get("name")) \
                    and text_of(item.get("name")) != text:
                org = text_of(item.get("name"))     # {title: Symposium Director, name: Lorem Symposium}
            if not own_role and re.search(r"volunt", title, re.I) and text_of(item.get("event")) \
                    and not pick(item, "title", "name", "details", "activity"):
                # "volunteering: [{institute: Lorem University, event: Camp Lorem, description: Teaching
                # pupils …}]": a volunteer at the event; the description tells what was done there
                own_role = text = "Volunteer"
                org = text_of(item["event"])
            if own_role and not org:
                # {role: Organizer, title: Lorem Outreach Day}: the post, and what it was held for
                what = text_of(pick(item, "title", "name", "activity", "what"))
                if what and what != own_role and not _SERVICE_POST.search(what) and not _REVIEW_TITLE.search(what):
                    org = what
            period = _period_text(pick(item, "year", "years", "dates", "date", "period")) or None
            if period and not re.search(r"\d", period) and not re.fullmatch(r"present|ongoing|current", period, re.I):
                period = None                  # {years: Reviewer, title: …}: no date under the date key
            if period is None:
                start, end, current = item_period(item)        # {year_start: 2023, year_end: 2024}
                if start:
                    period = start[:4] + ("-" + end[:4] if end else "-present" if current else "")
            sub = text_of(pick(item, "sub_details", "subtitle", "sub_title"))
            if not own_role and not org and sub and (_SERVICE_POST.search(sub) and len(sub.split()) <= 4
                                                     or _AGENT_NOUN.fullmatch(sub)):
                # (one capitalised agent noun as the writer spelt it, "Modarator"; not "Summer", "Poster")
                own_role, text, org = sub, sub, text              # {details: Lorem Society, sub_details: Treasurer}
            role = text if own_role else group_role or text
            one_venue = False
            if group_role and text and not org and not own_role:
                org, one_venue = text, True     # one venue of a list under a role ("reviewing: [A, B]")
            elif not own_role and not group_role and text and not org:
                if _REVIEW_TITLE.search(title) and not SERVICE_ROLE_WORDS.search(text):
                    role, org = "Reviewer", text      # a peer-review section lists the venues
                elif (piped := _PIPE_POST.fullmatch(text)) and len(piped.group(2).split()) <= 5 \
                        and _SERVICE_POST.search(piped.group(2)):
                    # "Lorem Student Society, France | Treasurer. Society of …": the organization and
                    # its place, then the post held and a note
                    role, org = piped.group(2).strip(), split_affiliation(piped.group(1))[0]
                elif (lab := _POST_LABEL.match(text)) and len(lab.group(1).split()) <= 4 \
                        and _SERVICE_POST.search(lab.group(1)):
                    role, org = lab.group(1), lab.group(2)   # "Mentor: Lorem Co-op Course"
                elif (of := _POST_OF.fullmatch(text)) and _SERVICE_POST.search(of.group(1)) \
                        and not INSTITUTION_WORDS.search(of.group(1)) and not ORG_WORD.search(of.group(1)):
                    # "Organiser of Lorem 2024", "Chair of the Ipsum Workshop": the post, and the
                    # event (its edition's year kept in its name) it was held for
                    role, org = of.group(1), of.group(2).strip(" .")
                elif _EVENTS_ORGANISED.search(title.replace("_", " ")) and not _SERVICE_POST.search(text) \
                        and len(text.split()) <= 8:
                    # event_organization: [{title: "LOREM 12 - Springfield", description: "One of the
                    # organizers of …"}]: an event organised, named by its title
                    role, org = "Organizer", text
                elif not re.search(r"(?:19|20)\d\d", text):
                    # "Treasurer, Lorem Society", "Program committee: Lorem 2024": the text rules
                    found = _service_from_text(text)
                    if len(found) == 1:
                        role, org = found[0].role, found[0].organization
        else:
            role, org, period = group_role or text_of(item), (text_of(item) if group_role else None), None
            one_venue = bool(group_role)
            if org and (years := _VENUE_YEARS.search(org)):
                # reviewing: ["Lorem Conference (LC): 2022, 2023"]: the years are the role's period;
                # "… (LOREM2024)": the edition's year
                if years.group(1):
                    org, period = org[:years.start()].rstrip(), re.sub(r"\s*,\s*", ", ", years.group(1))
                else:
                    period = years.group(2)
            review = _REVIEW_TITLE.search(title.replace("_", " "))       # "journal_reviews:"
            if not group_role and review and not _SERVICE_POST.search(role):
                role, org = "Reviewer: " + role, None      # "Journal Peer Review: A; B; C"
            elif not group_role and role and _SERVICE_POST.search(role) and len(role) <= 300 \
                    and len(found := _service_from_text(role)) == 1 and found[0].organization:
                # "Chair of the Lorem Workshop at IPSUM 2025", "LOREM 2019: Publicity Chair",
                # "Editorial Board of Lorem Letters.": the post and what it was for, by the text rules
                role, org, period = found[0].role, found[0].organization.rstrip(" ."), found[0].period
            elif not group_role and role and len(role) <= 200 and (lead := _VENUE_ROLES.fullmatch(role)) \
                    and len(found := _service_from_text(role)) >= 2 \
                    and all(f.organization == lead.group(1) and _SERVICE_POST.search(f.role) for f in found):
                # "LOREM 2017: Organizer, program committee member": each post held at the event
                line = self.line(title, item)
                for f in found:
                    self.r.service.append(Service(role=f.role, organization=f.organization, period=f.period, line=line))
                return
        m = _REVIEW_LIST.match(role or "") if not org else None
        if m:
            # "Reviewing: Journal of Hydrology, Water Resources Research": one role per venue
            for venue in _LIST_SPLIT.split(m.group(1).strip(" .")):
                if venue.strip(" ."):
                    self.r.service.append(Service(role="Reviewer", organization=venue.strip(" ."), period=period,
                                                  line=self.line(title, item)))
            return
        if role and org and not one_venue and _REVIEWER_ROLE.match(role) and "," in org \
                and split_affiliation(org)[1:] == (None, None):
            # {title: Reviewer, institution: "Journal A, Journal B, Journal C"}: one role per venue
            venues = [v.strip(" .") for v in _LIST_SPLIT.split(org) if v.strip(" .")]
            # not one name with commas in it ("Conference on Lorem, AI, and Ipsum Research")
            if len(venues) >= 2 and all(len(v) > 2 and v[0].isupper() for v in venues):
                for venue in venues:
                    self.r.service.append(Service(role=clean(re.sub(r"\s*\([^()]*\)$", "", role)), organization=venue,
                                                  period=period,
                                                  line=self.line(title, item)))
                return
        if role:
            self.r.service.append(Service(role=role, organization=org, period=period,
                                          line=self.line(title, item)))

    def do_skills(self, item: Any, title: str, group: str | None) -> None:
        label = group
        if group and _SPOKEN_LABEL.search(group) and not _CODE_LABEL.search(group) and isinstance(item, dict) \
                and NATURAL_LANGUAGE.fullmatch(text_of(pick(item, "language", "name", "title", "lang", "label"))):
            self.do_languages(item, title, None)    # skills: {langs: [{title: Italian, info: Mothertongue}]}
            return
        if isinstance(item, dict):
            v = pick(item, "details", "keywords", "items", "skills", "value", "list", "info")
            # a list of short lists ("Kraken2, Kallisto, Bowtie2"): each skill on its own
            v = [text_of(pick(e, "name", "title", "label")) if isinstance(e, dict) else e for e in v] \
                if isinstance(v, list) else v         # [{name: Python, percent: 50, icon: …}]
            values = [x for e in v for x in (_skill_list(text_of(e)) if isinstance(e, str) else [e])] \
                if isinstance(v, list) else _skill_list(text_of(v)) if v else [pick(item, "title", "name", "what")]
            if v:
                label = text_of(pick(item, "title", "name", "area", "label", "category")) or group
        else:
            values = _skill_list(text_of(item))
            if not label and (lead := re.match(r"([A-Z][\w &/-]{1,30}):\s+(\S.*)", text_of(item))):
                label = lead.group(1)       # "Languages: German (native), English (C1)": the row's label
        if label and _SPOKEN_LABEL.search(label) and not _CODE_LABEL.search(label):
            texts = [text_of(x).strip(" .") for x in values if text_of(x).strip(" .")]
            # a `languages` group of a skills block, or a "Languages" row whose values carry
            # proficiencies ("French (native)"): spoken languages
            # ("Languages: German, English, French": every value a spoken language's name)
            if group and label == group or texts and all(_PROFICIENCY.search(t) for t in texts) \
                    or len(texts) >= 2 and all(NATURAL_LANGUAGE.fullmatch(t) for t in texts):
                for t in texts:
                    self.do_languages(spoken_language(t), title, None)
                return
        if any(g and re.fullmatch(r"interests?|hobbies", g.strip().lower()) for g in (group, label)):
            for x in values:
                self.do_interests(x, title, None)
            return
        for s in values:
            s = _SKILL_RATING.sub("", text_of(s).strip(" ").rstrip("."))     # "Python (4/5)"; ".NET" keeps its dot
            if s and s not in self.r.skills:
                self.r.skills.append(s)

    def do_languages(self, item: Any, title: str, group: str | None) -> None:
        # bamos/cv: {title: French, details: native}
        # RenderCV's one-line entry {label: French, details: Native}: the label names the language
        name = text_of(pick(item, "language", "name", "title", "lang", "label", "what")) if isinstance(item, dict) \
            else text_of(item)
        # "German: Native", "English (Fluent)", {name: "German (A2)"}: the language without its level
        name = spoken_language(name) if name else name
        if name and name not in self.r.languages:
            self.r.languages.append(name)

    def do_interests(self, item: Any, title: str, group: str | None) -> None:
        name = text_of(pick(item, "name", "title")) if isinstance(item, dict) else text_of(item)
        if not name and isinstance(item, dict) and len(item) == 1 and isinstance(next(iter(item)), str) \
                and isinstance(next(iter(item.values())), str):
            # "- Markets: information aggregation, …" (YAML reads the colon as a key): the topic
            name = text_of(next(iter(item)))
        if name:
            self.r.person.interests.append(name)
        sub = pick(item, "items", "keywords") if isinstance(item, dict) else None
        # al-folio's nested list {title: Topic, items: [...]}: the topic, then its items (as
        # JSON Resume's interest keywords are read)
        for x in sub if isinstance(sub, list) else []:
            if text_of(x) and text_of(x) not in self.r.person.interests:
                self.r.person.interests.append(text_of(x))

    def _citation(self, text: str, item: Any, title: str) -> None:
        """A publication written as a formatted reference: read by the text reference rules."""
        from mappers.extract.publications import read_publications
        from mappers.extract.sections import Line

        line = self.line(title, item)
        pubs = read_publications([Line(no=line or 0, text=text, bullet=True)], self.r.person.name, self.r.report)
        if len(pubs) != 1:
            self.r.report.skipped.append(f"free-text publication not parsed: {text[:60]}")
            return
        pub = pubs[0]
        pub.line = line
        presented = _PRESENTED_AT.match(pub.venue or "") if pub.venue and "resented" in pub.venue else None
        if presented:
            # APA's "(2018, June). Title. Paper presented at the Lorem Conference, Springfield.": a
            # presentation at an event, not a publication
            from mappers.extract.fields import strip_event_place

            host = strip_event_place(pub.venue[presented.end():].strip(" .")) or None
            self.r.talks.append(Talk(title=pub.title, host=host, date=pub.year, line=line))
            return
        if isinstance(item, dict):
            pub.urls += [u for u in find_urls(" ".join(text_of(v) for k, v in item.items()
                                                        if re.search(r"url|link|pdf|html", str(k), re.I)))
                         if u not in pub.urls]
            pub.doi = pub.doi or text_of(item.get("doi")) or None
        self.r.publications.append(pub)

    def do_publications(self, item: Any, title: str, group: str | None) -> None:
        if isinstance(item, str) and re.fullmatch(r"[A-Z][\w'-]*:(?:19|20)\d\d[a-z]?", item.strip()):
            # "Torsney-Weir:2012": a BibTeX key the site's template looks up, not a work
            self.r.report.skipped.append(f"a BibTeX key, not a work: {item.strip()}")
            return
        if group and isinstance(item, dict) and _TALK_GROUP.fullmatch(group.replace("_", " ").strip()):
            # conferences: {oral: [{authors, title, venue, year}], poster: [...]}: talks and posters given
            self.do_talks(item, title, group)
            return
        if not isinstance(item, dict):
            text = text_of(item)
            if text:
                self._citation(text, item, title)
            return
        given = pick(item, "talk", "poster", "presentation")
        if isinstance(given, dict) and text_of(pick(given, "title", "name")) and not pick(item, "title", "authors"):
            # {name: Lorem Meeting, location, year, talk: {authors, title}} under "conferences": the
            # talk or poster given at the meeting, not a paper named after the meeting
            self.do_talks({"title": pick(given, "title", "name"), "event": pick(item, "name", "event"),
                           **{k: v for k, v in item.items() if str(k).lower() in ("year", "date", "location")}},
                          title, group)
            return
        name = _TITLE_STOP.sub("", text_of(pick(item, "title", "name")))
        citation = pick(item, "citation", "reference", "ref", "bib", "cite", "apa", "entry")
        if not name and isinstance(citation, str):
            self._citation(text_of(citation), item, title)
            return
        if not name or _POINTER.match(name) and len(name.split()) <= 12 and not pick(
                item, "authors", "author", "venue", "journal", "booktitle", "year", "doi"):
            return          # "Please see the list on my website": a pointer to a list, not a publication
        authors_v = pick(item, "authors", "author")
        authors, et_al = [], False
        if isinstance(authors_v, list):
            parsed = split_authors(", ".join(text_of(a) for a in authors_v), self.r.person.name)
            if parsed and len(parsed[0]) != len(authors_v) and (listed := self._listed_authors(authors_v)):
                # (the list's items joined read as other names: "LAL, Kim Poe" as one inverted name)
                parsed = listed
        elif authors_v:
            parsed = split_authors(text_of(authors_v), self.r.person.name)
        else:
            parsed = None
        if not parsed and isinstance(authors_v, list):
            parsed = self._listed_authors(authors_v)
        if parsed:
            authors, et_al = parsed
        venue = text_of(pick(item, "venue", "journal", "booktitle", "conference", "publisher", "publication",
                             "event")) or None
        short = text_of(item.get("short"))
        if not venue and _SHORT_VENUE.fullmatch(short):
            venue = short           # {name: Title, short: "LOREM 2026"}: the venue and year, abbreviated
        if venue and re.search(r"\bpatent", venue, re.I) and number_in(venue):
            # "journal: US Patent 10,123,456" (RenderCV has no patent entry): a patent
            self.do_patents({**item, "number": patent_number(number_in(venue)[0])}, title, group)
            return
        start, _, _ = item_period(item)
        year = start[:4] if start else (venue_year(venue) if venue else None)
        urls = find_urls(" ".join(text_of(item.get(k)) for k in ("url", "link", "pdf", "html") if item.get(k)))
        arxiv = text_of(item.get("arxiv")) or None
        if venue and "rxiv" in venue.lower() or any("arxiv.org/" in u for u in urls):
            venue, found = arxiv_venue(venue, urls)      # "arXiv preprint arXiv:2301.00001"
            arxiv = arxiv or found
        from mappers.extract.publications import named_venue

        stated = venue        # (the status is read from the venue as written: "ECCV, In Review")
        venue, acronym = named_venue(venue)
        doi = text_of(item.get("doi")) or None
        if not doi and any("doi.org/" in u for u in urls):
            from cvgraph.identifiers import normalise_doi      # {url: https://doi.org/10.…}: the work's DOI

            doi = next((d.value for u in urls if "doi.org/" in u and (d := normalise_doi(u))), None)
        pub = Publication(title=name, authors=authors, et_al=et_al, venue=venue,
                          venue_acronym=acronym, year=year, urls=urls,
                          doi=doi, arxiv=arxiv,
                          line=self.line(title, item))
        for key in ("award", "awards", "special", "highlight"):
            # {special: "Lorem Workshop 2025 Best Paper Award"}: the paper's award
            for note in (item.get(key) if isinstance(item.get(key), list) else [item.get(key)]):
                if _PAPER_AWARD.search(text_of(note)) and len(text_of(note)) <= 150:
                    pub.awards.append(text_of(note))
        pub.status = publication_status(" ".join(x for x in (stated, text_of(item.get("status"))) if x)) \
            or (group and publication_status(re.sub(r"[_-]+", " ", group))) or "published"
        self.r.publications.append(pub)


# the full stop a reference puts after a title ("… Pain Stimuli."), not an abbreviation's ("… et al.")
# "Internship at Lorem Lab, …": a post and where it was held, in one phrase; what follows the
# place ("with A. Roe on …", "supervised by …", "(2 months)") is not the place's name
_ROLE_AT_ORG = re.compile(r"([A-Z][\w'’ -]{1,60}?)\s+(?:at|@)\s+(?:the\s+)?([A-Z].{1,300})$")
_PROSE_TAIL = re.compile(r",?\s+(?:with|supervised|advised|mentored|hosted|under|in\s+collaboration|working|on|for)\b|\s*\(")
# a publication's venue abbreviated with its year ("ICRA 2026", "NeurIPS 2025 Workshop")
_SHORT_VENUE = re.compile(r"[A-Z][\w@&.-]*(?:\s+[\w@&.-]+){0,3}\s+(?:19|20)\d\d(?:\s+[A-Z][\w-]*){0,2}")
_PAPER_AWARD = re.compile(r"(?i)\b(?:award|prize|best\s+(?:\w+\s+)?paper|honou?rable\s+mention)\b")
_SCHOOL_OF = re.compile(r"(?:the\s+)?(?:school|faculty|department|dept\.?)\s+of\s+(?=[A-Z])", re.I)
# a section key that holds a theme's settings ("publication_config", "talks_settings")
_SETTINGS_KEY = re.compile(r"(?i)[_ -](?:config|configuration|settings|options)$")
# a line pointing to a list kept elsewhere ("Please see my website for the full list", "Full list on Google Scholar")
_POINTER = re.compile(r"(?i)(?:please\s+)?(?:see|visit|check(?:\s+out)?|refer\s+to|for\s+an?\s+(?:full|complete|up-to-date)\b"
                      r"|(?:a\s+|the\s+)?(?:full|complete|up-to-date)\s+(?:list|cv))\b"
                      r"(?=.*\b(?:cv|list|scholar|website|page|profile|above|below|here|link\w*|orcid|dblp)\b)")
# a degree list's minor or second major (a note of the degree before it)
_MINOR = re.compile(r"\s*(?:minor|second\s+major|double\s+major|major)\s*", re.I)
# a venue's years after a colon ("Lorem Conference: 2022, 2023"), or its edition's year in the
# acronym closing it ("(LOREM2024)", "(LOREM 2024)")
_VENUE_YEARS = re.compile(r":\s*((?:19|20)\d\d(?:\s*,\s*(?:19|20)\d\d)*)\s*$|\([A-Z][A-Za-z]{1,12}[\s\'-]?((?:19|20)\d\d)\)\s*$")
# "Lecturer — Introduction to Lorem": a teaching role, a dash, the course
_ROLE_DASH_COURSE = re.compile(r"^([A-Z][\w/-]*(?:\s+[\w/-]+){0,3})\s+[—–-]\s+(\S.{2,150})$")
# "Guest Lecturer, LOR 250: Course — Lorem University (2023 – 2026)": role, course(s), place, years
_ROLE_COURSE_PLACE = re.compile(r"^([A-Z][\w/-]*(?:\s+[\w/-]+){0,3}),\s+([^—–]{3,200}?)\s+[—–]\s+"
                                r"([A-Z][^—–()]{2,100}?)\s*\(([^()]*\b(?:19|20)\d\d[^()]*)\)\.?$")
_TEACHING_ROLE = re.compile(r"\b(?:coach(?:ed|ing)?|tutor(?:ed|ing)?|assistant|lecturer|instructor|teacher|grader|mentor|"
                            r"demonstrator|supervisor|teaching\s+fellow|TA)\b", re.I)
_TITLE_STOP = re.compile(r"(?<=[a-z0-9)]{3})\.$|(?<=[A-Z]{2})\.$")
# a job title's last word: "Teaching assistant", "Research physicist", "Deep Learning Engineer"
_ROLE_AT_END = re.compile(r"\b(?:assistant|engineer|student|researcher|scientist|physicist|chemist|biologist|"
                          r"mathematician|intern|fellow|lecturer|professor|developer|analyst|postdoc|associate|"
                          r"consultant|manager|director|technician|programmer|tutor|instructor)\s*$", re.I)
# a thesis note of a degree: "Thesis:", "Master's Thesis:", "Working thesis title:", "Dissertation:"
_THESIS_LINE = re.compile(r"(?:[\w’'-]+\s+){0,2}?(?:thesis|dissertation)\s*(?:title)?\s*:\s*(.+)", re.I)
# where the title ends: a sentence naming the committee or the advisors
_THESIS_TAIL = re.compile(r"\.\s+(?=(?i:committee\b|(?:co-?)?(?:advisors?|supervisors?)\s*:|(?:co-?)?(?:supervised|advised)\s+by\b))"
                          r"|,\s+(?=(?i:(?:co-?)?(?:supervised|advised)\s+by\b))")
_THESIS_LATER = re.compile(r"(?<=[a-z)][.,;])\s+(?:[\w’'-]+\s+){0,2}?(?:thesis|dissertation)\s*(?:title)?\s*:\s*(.+)", re.I)
# the first sentence of a thesis note that goes on to tell of the work ("Title. Built a pipeline …")
_THESIS_SENTENCE = re.compile(r"(?<=[a-z0-9)])\.\s+(?=[A-Z][a-z]+\s+\S+\s+\S+)")
_THESIS_ADVISORS = re.compile(r"(?:(?:co-?)?(?:advisors?|supervisors?)\s*:|(?:co-?)?(?:supervised|advised)\s+by)\s*(.+?)"
                              r"(?:\.?$|\.\s+(?=[A-Z]))", re.I)
_QUOTED_THESIS = re.compile(r"[*_“\"‘']+([^*_“”\"]{3,300}?)[*_”\"’']+(?:[.,]?\s|[.,]?$)")
_ORG_MENTORS = re.compile(r"\s*\((?i:\s{0,3}(?:advis[eo]rs?|supervisors?|mentors?|hosts?|PIs?)\s{0,3}:)\s{0,3}([^()]{3,200}?)\s{0,3}\)\s*$|"
                          r",\s{0,3}((?:Prof(?:essor)?\.?|Dr\.?)\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})\s*$")
_MENTOR_DETAIL = re.compile(r"\(?\s{0,3}(?:mentors?|advisors?|supervisors?|hosts?|manager|(?-i:PIs?))\s{0,3}:\s{0,3}([^();]{3,200}?)\s{0,3}\)?\.?$", re.I)
_PRESENTED_AT = re.compile(r"(?:(?:invited\s+)?(?:paper|poster|talk|presentation|keynote|symposium)(?:\s+session)?\s+)?"
                           r"presented\s+at\s+(?:the\s+)?", re.I)
# a year or a range of years closing an award's name after a comma or in brackets: ", 2019",
# " (2022)", " (2024–2026)" (not "Lorem Hackathon 2022", not "(LOREM 2024)")
_YEAR_NOTE_TAIL = re.compile(r"(?:\s*[,;]\s*\(?|\s*\()\s*(?:19|20)\d\d(?:\s*(?:-{1,2}|–|—|to)\s*(?:(?:19|20)\d\d|present|now))?"
                             r"\s*\)?\.?$", re.I)
_ROLE_PROFESSOR = re.compile(r"(.{3,80}?),\s*(?:Prof\.?|Professor|Dr\.?)\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’.-]*){1,3})\s*")
_BOLD_TITLE_REST = re.compile(r"\s*\*\*(?P<t>[^*\n]{3,300}?)\*\*\s*[,:–—-]?\s*(?P<rest>[^*\n]{0,300})$")
_SKILL_ROW_KEYS = {"name", "level", "rating", "icon", "keywords", "percent", "stars"}
_TRAILING_YEARS = re.compile(r"[,;]?\s*\(?(?:19|20)\d\d(?:\s*(?:-{1,2}|–|—|to)\s*(?:(?:19|20)\d\d|present|now))?\)?\.?$",
                             re.I)
_TEXT_HEADINGS = {"education": "Education", "positions": "Experience"}
_EXPECTED = re.compile(r"\b(?:expected|anticipated|exp\.|projected)(?!\w)", re.I)

# "LOREM 2020", "Ipsum Workshop '21"... an event's name and its year, nothing else
_EVENT_YEAR = re.compile(r"[A-Z][\w&.-]*(?: [A-Z][\w&.-]*){0,5}\s+((?:19|20)\d\d)")
# a section of pastimes as much as of service: "activities", "extracurricular activities"
# (bamos/cv forks name the key "extracur")
_PASTIMES = re.compile(r"(?:(?:extra-?curricular|other)\s+)?activities|extra-?cur(?:ricular)?s?", re.I)
# "Mentor: Lorem Co-op Course": a post, a colon, where it was held
_POST_LABEL = re.compile(r"([A-Za-z][A-Za-z -]{1,40}?)\s*:\s*(\S.{2,})$")
# "(with F. Roe)", "(advised by Dr. Jane Roe)", "(Supervisor: Prof. A. Roe)" closing a post's title
_ROLE_WITH_MENTOR = re.compile(r"\s*\(\s*(?:with|(?:co-?)?(?:advised|supervised|mentored|hosted)\s+by|(?:co-?)?(?:advisor|supervisor|mentor|host)s?\s*:)"
                               r"\s+((?:(?:Prof(?:essor)?|Dr)\.?\s+)?[A-Z][^()]{1,80})\)\.?$")
# "Organiser of Lorem 2024": a post (a few words) of an event or a body
_POST_OF = re.compile(r"((?:[Cc]o-?)?[A-Z][\w-]*(?:\s+[\w-]+){0,2}?)\s+of\s+(?:the\s+)?([A-Z0-9]\S*(?:\s+\S+){0,10})")
# a section of events organised ("Event Organization", "Organized Events", "Conference Organisation")
_EVENTS_ORGANISED = re.compile(r"\b(?:events?|conferences?|workshops?|meetings?|seminars?)\s+organi[sz]|"
                               r"\borgani[sz](?:ed|ing|ation\s+of)\s+(?:events?|conferences?|workshops?|meetings?|seminars?)", re.I)
# "*Lorem ipsum*, Springfield", "**Lorem ipsum** — IPSUM 2026": an emphasised title opening a talk's line
_EMPHASIS_TALK = re.compile(r"\s*(\*{1,2}|_)(?P<t>[^*_\n]{3,300}?)\1\s*[,.:;—–-]*\s+(?P<rest>\S.{1,200})$")
# '"Lorem ipsum." Dolor Workshop, Springfield': a quoted title before the event
_QUOTED_TALK = re.compile(r"[\"“](?P<t>[^\"“”]{3,300}?)[.,]?[\"”][.,]?\s+(?P<rest>[A-Z0-9]\S*(?:\s+\S+){0,15})$")
# "Lorem ipsum — IPSUM 2026, Springfield.": a title, a spaced dash, a short event and place
_TITLE_DASH_EVENT = re.compile(r"(\S.{7,300}?)\s+[—–]\s+([A-Z0-9][^—–]{1,120})$")
# "…, Springfield (Sep 2025).", "…, Springfield, 2026.": a date closing a talk's line
# (single blanks: the text is read with its blanks collapsed; a run of blanks tried at each blank was slow)
_TALK_DATE_TAIL = re.compile(r"(?:, ?| \( ?| )(?:[A-Za-z]{3,9}\.? )?(?:19|20)\d\d ?\)?\.?$")
# "(5 reviews)", "1 review", "3 manuscripts": how much was reviewed, no part of the venue
_REVIEW_COUNT = re.compile(r"\s*\(?\s?\b(?:\d{1,4}|one|two|three|four|five)\s+(?:reviews?|papers?|manuscripts?|submissions?)\b\s?\)?",
                           re.I)
# "(see #12)", "(see the list)": a pointer in brackets
_SEE_NOTE = re.compile(r"\s*\(\s?see\b[^()]{0,200}\)", re.I)
# "Member of the Lorem Committee", "Board member of …": a membership, named as a post
_MEMBER_OF = re.compile(r"(?:(?:board|committee|council|founding|steering|elected|executive)\s+)?members?\s+of\s+\S", re.I)
# the full stop after a name's last word of four letters or more (not "Inc.", "Co.", "Ltd.", "S.A.")
_SENTENCE_STOP = re.compile(r"(?<=[^\W\d_]{4})\.$")
# "Mathematics tutor", "Organic Chemistry instructor": a subject, then the role of its teacher
_VENUE_ROLES = re.compile(r"([^:,]{2,80}?(?:19|20)\d\d[^:,]{0,20}):\s(\S.{2,150})")
def _period_text(value: Any) -> str:
    """A service row's years; "years: [{year: 2020, url: …}, {year: 2021}]" → "2020, 2021" (each
    edition's link is no part of the period)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and v.get("year") is not None for v in value):
        return ", ".join(text_of(v["year"]) for v in value)
    return text_of(value)


_SERVICE_YEAR = re.compile(r"(?i)(?:civilian|civil|military|national|alternative|community)\s+service")
_ROLE_PLACE_COURSES = re.compile(r"([A-Z][^,:]{1,60}),\s*([^,:]{3,120}),\s*((?:19|20)\d\d(?:\s*[–—-]\s*(?:(?:19|20)\d\d|present))?)"
                                 r"\s*:\s*(\S.{5,1500})")
_NUMBERED_COURSE = re.compile(r"([A-Z]{2,6}\s+)?(\d{2,4}[A-Z]?(?:/\d{2,4}[A-Z]?)*)\s*(?:\(([^()]{2,120})\))?")


def _numbered_courses(text: str) -> list[str]:
    """'LOR 303 (Widgets), 311/312 (Ipsum)' → ['LOR 303, Widgets', 'LOR 311/312, Ipsum']: a list of
    numbered courses, the subject code of the first carried to the numbers after it; [] when any
    part is not a numbered course."""
    out, prefix = [], ""
    for part in re.split(r",\s*(?![^()]*\))", text.strip(" .")):
        m = _NUMBERED_COURSE.fullmatch(part.strip())
        if not m:
            return []
        prefix = (m.group(1) or "").strip() or prefix
        code = f"{prefix} {m.group(2)}".strip()
        out.append(f"{code}, {m.group(3)}" if m.group(3) else code)
    return out


_AGENT_NOUN = re.compile(r"(?:Co-?)?[A-Z][a-z]{2,20}(?:ator|itor|eer|ist|ant)")
_TO_BE_ANNOUNCED = re.compile(r"(?i)tb[ad]|to be (?:announced|determined|confirmed)|title tb[ad]")
_ORG_DASH = re.compile(r"\s[—–]\s")


def _org_dash_tail(head: str, tail: str, place: str | None) -> tuple[str, str | None, str | None]:
    """An organization field "Lorem Research — Ipsum Systems Group (ISG)" → the organization and,
    after the spaced dash, its unit; "Lorem — Springfield" → its town. A tail that reads as a
    post ("— Senior Engineer") keeps the field whole."""
    head, tail = head.strip(), tail.strip()
    org_like = ORG_WORD.search(tail) is not None
    if not org_like and (TITLE_WORDS.search(tail) or _ROLE_AT_END.search(tail)):
        return f"{head} — {tail}", None, place
    if not org_like and all(_is_city(p) or _is_region(p) for p in (q.strip() for q in tail.split(","))):
        return head, None, (f"{tail}, {place}" if place else tail)
    return head, tail, place


_SUBJECT_TUTOR = re.compile(r"([A-Z][a-z]+(?: [A-Za-z][a-z]+)?) (tutor|teacher|instructor|lecturer)", re.I)
_NOT_SUBJECT = re.compile(r"(?i)(?:teaching|graduate|undergraduate|head|senior|junior|lead|guest|adjunct|private|peer|"
                          r"student|volunteer|assistant|associate|course|lab|laboratory|substitute|sessional|visiting|"
                          r"part|full|online|main|chief|master|certified|english as)\b")
# a line that is one title in italics and nothing else: "\textit{…}", "\emph{…}", "*…*", "_…_", "<i>…</i>"
_ITALIC_LINE = re.compile(r"\\(?:textit|emph)\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|\*[^*\s][^*]*\*|_[^_\s][^_]*_|"
                          r"<(i|em)>(?:<a\b[^<>]*>)?[^<>]+(?:</a>)?</\1>")
# "Lorem Society, France | General Secretary. A federation of …": where, a bar, the post, a note
_PIPE_POST = re.compile(r"([^|]{2,160}?)\s\|\s([^|.]{2,80})(?:\.(?:\s[^|]*)?)?")
# "Lecturer at the postgraduate course …", "Assistant teacher at …": a talk entry's note telling of a course taught
_TAUGHT_NOTE = re.compile(r"((?:assistant\s+|guest\s+)?(?:lecturer|instructor|teacher|tutor)|teaching\s+assistant)\s+(?:at|in|for|of)\s",
                          re.I)
_REVIEW_TITLE = re.compile(r"\b(?:peer[- ])?review(?:s|er|ers|ing)?\b|\breferee", re.I)
_REVIEW_LIST = re.compile(r"(?:(?:journal|conference)\s+)?(?:(?:peer[- ])?review(?:er|ing)?|referee(?:ing)?)"
                          r"(?:\s+for)?\s*:\s*(.+)$", re.I)
# a reviewer's role, with a note in brackets at most: "Reviewer", "Ad hoc referee (~3 papers a year)"
_REVIEWER_ROLE = re.compile(r"(?:(?:ad[- ]hoc|external|journal|peer)\s+)?(?:reviewer|referee)s?(?:\s*\([^()]{0,80}\))?$", re.I)
# "Advanced: Python" / "School projects: C, Java": a level or label before a skill list's first item
_SKILL_RATING = re.compile(r"\s?\(\s{0,3}\d(?:\.\d)?\s{0,3}/\s{0,3}\d{1,2}\s{0,3}\)$")
_SKILL_LABEL = re.compile(r"^[A-Z][A-Za-z' -]{2,30}:\s+(?=\S)")
_SPOKEN_LABEL = re.compile(r"\blanguages?\b|\blangs?\b|\blinguistic|\bspoken\b", re.I)
_CODE_LABEL = re.compile(r"programming|coding|computer|software|technical|scripting|markup|query", re.I)
_PROFICIENCY = re.compile(r"\b(?:native|mother tongue|fluent|fluency|bilingual|proficien\w*|intermediate|"
                          r"basic|beginner|elementary|advanced|conversational|working|professional|"
                          r"[ABC][12])\b", re.I)


def _service_from_text(text: str) -> list[Service]:
    """A service entry written as one line of text, read by the text extractor's rules."""
    from mappers.extract.text import _Reader

    scratch = CVRecord(source_name="", format="yaml", person=Person(name=""))
    _Reader(scratch, text)._service_entry(text, None, None)
    return scratch.service


def _skill_list(text: str) -> list[str]:
    """'Advanced: Python, SQL' → ['Python', 'SQL']: the level or label before a list is no skill
    ('German: B2', one item, is left whole)."""
    parts = _LIST_SPLIT.split(text)
    if len(parts) >= 2:
        parts[0] = _SKILL_LABEL.sub("", parts[0], count=1)
    return parts


# a service list's line that opens on a talk given, and one that names an award
_TALK_ITEM = re.compile(r"(?:invited\s+(?:talk|speaker|lecture)|keynote(?:\s+(?:speaker|talk|address|lecture))?|"
                        r"plenary\s+(?:talk|speaker|lecture))\b", re.I)
_AWARD_ITEM = re.compile(r"\b(?:awards?|prizes?|medals?)\b", re.I)
# the keys of a reviewing block grouped by the kind of venue
_VENUE_KIND_KEY = re.compile(r"conferences?|journals?|workshops?|venues?|others?")
# "Area Chair (LOREM, IPSUM)", "Reviewer: DOLOR, AMET": a role, then the venues it was held for
_ROLE_VENUES = re.compile(r"([A-Z][\w /-]{1,40}?)\s*\(([^()]{2,300})\)|([A-Z][\w /-]{1,40}?):\s*(\S.{1,300})")
_LEVEL_LEAD = re.compile(r"(?:(?i:native|fluent|intermediate|advanced|basic|beginner|elementary|conversational|"
                         r"professional|working|limited|upper|lower|high|low)(?:[ -]+))+([A-Z][a-z]+(?: [A-Z][a-z]+)?)")


def spoken_language(text: str) -> str:
    """'French (native)', 'Fluent in English', 'Intermediate proficiency in Japanese',
    'German: B2' → the language's name."""
    t = re.sub(r"\s*\([^)]*\)", "", " ".join(text.split())[:200]).strip(" .")     # a language's name is short
    if lead := _LEVEL_LEAD.fullmatch(t):
        return lead.group(1)            # "Intermediate-high English", "Native Korean": the level first
    m = re.match(r"^(?:[\w-]+\s+){0,3}?(?:in|of)\s+([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)$", t)
    if m and _PROFICIENCY.search(t[:m.start(1)]):
        return m.group(1)
    t = re.sub(r"\s*[:–—-]\s*[^:–—-]*$", "", t) if re.search(r"[:–—-]", t) and _PROFICIENCY.search(t) else t
    return t.strip(" .")

# a comma or semicolon outside parentheses: "Python (NumPy, SciPy), Julia" is two skills
_LIST_SPLIT = re.compile(r"\s*[,;]\s*(?![^()]{0,200}\))")   # bounded: a bracket closes soon after a comma in it


_ARXIV_IN = re.compile(r"arxiv(?:\.org/(?:abs|pdf)/|\s*:\s*)(\d{4}\.\d{4,5})", re.I)


def arxiv_venue(venue: str | None, urls: list[str]) -> tuple[str | None, str | None]:
    """A structured publication's venue and arXiv id: "arXiv preprint arXiv:2301.00001" is the
    venue "arXiv" with the id read apart (as text references and BibTeX have it); an arxiv.org
    link gives the id too."""
    found = None
    for text in ([venue] if venue else []) + urls:
        m = _ARXIV_IN.search(text[:300])
        if m:
            found = m.group(1)
            break
    if venue and len(venue) <= 300 and "arxiv" in venue.lower():
        v = re.sub(r"(?:arxiv\s*:\s*)?\d{4}\.\d{4,5}(?:v\d+)?(?:\s*\[[\w.-]{1,20}\])?", "", venue, flags=re.I)
        v = re.sub(r"\(\s*\)|\[\s*\]", "", v)
        v = re.sub(r"^\s*(?:e-?print\s+)?arxiv(?:\s+(?:preprint|e-?prints?))?[\s,.;:]*$", "arXiv", v, flags=re.I)
        venue = v.strip(" ,.;:") or "arXiv"
    return venue, found


def _field_of(degree: str) -> str | None:
    from mappers.extract.text import field_before_degree

    # "Ph.D. in Physics"; "Computer science Master I" (the field named first)
    found = field_of_degree(degree) or field_before_degree(degree)
    if not found and "with" in degree and (plain := _WITH_HONOURS.sub("", degree)) != degree:
        # "Bachelor of Science with High Distinction, Computer Science": the honour is no field
        found = field_of_degree(plain)
    return found


_WITH_HONOURS = re.compile(r"\s+with\s+(?:(?:high|highest|great|first[- ]class)\s+)?(?:distinction|honou?rs)(?=,)", re.I)


# ---------------------------------------------------------------------------------------
# Template content (al-folio's _data/cv.yml)
# ---------------------------------------------------------------------------------------
# The example entries of al-folio's `_data/cv.yml` (an older one written for "Albert Einstein",
# the current one for the theme's maintainer), which owners often leave next to their own. As for
# JSON Resume (jsonresume._drop_template_content), an entry is the template's only when several
# of its fields equal the sample's: an organization with the role, an institution with the
# degree and its year, an award with its year. The sample's name is cleared only when such
# entries were there too. Numbered placeholders ("Description 1.", "Topic 2.", "Hobby 1") are
# never facts.
_NORM = re.compile(r"[\s.]+")


def _key(text: str | None) -> str:
    return _NORM.sub(" ", (text or "").lower()).strip()


TEMPLATE_NAMES = {"albert einstein", "kyle oman"}
TEMPLATE_POSITIONS = {(_key(a), _key(b)) for a, b in (
    ("Institute for Advanced Study", "Professor of Theoretical Physics"),
    ("California Institute of Technology", "Visiting Professor"),
    ("Kaiser Wilhelm Institute for Physics", "Director"),
    ("Karl-Ferdinand University", "Professor of Theoretical Physics"),
    ("University of Zurich", "Associate Professor of Theoretical Physics"),
    ("Institute for Computational Cosmology", "Royal Society Dorothy Hodgkin Fellow"),
    ("Institute for Computational Cosmology", "Postdoctoral Research Associate"),
    # Wowchemy's sample experience block
    ("GenCoin", "CEO"), ("University X", "Professor of Semiconductor Physics"),
    ("Kapteyn Astronomical Institute", "Postdoctoral Researcher"))}
TEMPLATE_DEGREES = {(_key(a), _key(b), c) for a, b, c in (
    ("University of Zurich", "PhD", "1905"), ("Eidgenössische Technische Hochschule", "Federal teaching diploma", "1900"),
    ("University of Victoria", "PhD", "2017"), ("University of Waterloo", "MSc", "2013"),
    ("University of Waterloo", "BSc", "2011"),
    # Wowchemy's sample author profile
    ("Stanford University", "PhD in Artificial Intelligence", "2012"),
    ("Massachusetts Institute of Technology", "MEng in Artificial Intelligence", "2009"),
    ("Massachusetts Institute of Technology", "BSc in Artificial Intelligence", "2008"))}
TEMPLATE_AWARDS = {(_key(a), b) for a, b in (
    ("Nobel Prize in Physics", "1921"), ("Matteucci Medal", "1921"), ("Max Planck Medal", "2029"),
    ("Dorothy Hodgkin Fellowship (The Royal Society)", "2023"),
    ("Durham Physics Developing Talent Award (Durham University)", "2022"),
    ("RM Petrie Memorial Fellowship (University of Victoria)", "2016"),
    ("Canada Graduate Scholarship (National Science & Engineering Research Council)", "2015"),
    ("Nora & Mark DeGoutière Memorial Scholarship (University of Victoria)", "2014"),
    ("Queen Elizabeth II Graduate Scholarship in Science & Technology (Ontario Student Assistance Program)", "2012"),
    # Hugo Blox's sample author profile (its awarder is named with it)
    ("Blockchain Fundamentals, edX", "2023"), ("Object-Oriented Programming in R, datacamp", "2023"))}
TEMPLATE_LANGUAGES = [["english", "german"], ["english", "french", "dutch"]]
_PLACEHOLDER = re.compile(r"(?:sub-?)?description \d+|topic \d+|(?:<u>)?hobbies:?(?:</u>)? hobby 1, hobby 2, etc|"
                          r"hobby \d+|item \d+|lorem ipsum.*", re.I)


def _placeholder(text: str | None) -> bool:
    return bool(text) and _PLACEHOLDER.fullmatch(_key(text).rstrip(" .")) is not None


def _drop_template_content(record: CVRecord) -> None:
    dropped: list[str] = []
    keep = partial(without_template, dropped)

    def sample_position(p: Position) -> bool:
        where = _key(", ".join(x for x in (p.unit, p.organization, p.location) if x))
        return any(org in where and _key(p.title) == title for org, title in TEMPLATE_POSITIONS)

    def sample_degree(e: Education) -> bool:
        inst = _key(e.institution)
        return any(inst.startswith(i) and _key(e.degree) == d and (e.end or e.start or "")[:4] == y
                   for i, d, y in TEMPLATE_DEGREES)

    record.positions = keep("positions", record.positions, sample_position)
    record.education = keep("education", record.education, sample_degree)
    record.awards = keep("awards", record.awards, lambda a: (_key(a.name), a.year) in TEMPLATE_AWARDS)
    samples = bool(dropped)
    if samples and [_key(x) for x in record.languages] in TEMPLATE_LANGUAGES:
        dropped.append(f"{len(record.languages)} languages")
        record.languages = []
    record.person.interests = keep("placeholder interests", record.person.interests, _placeholder)
    record.skills = keep("placeholder skills", record.skills, _placeholder)
    for p in record.positions:
        if p.description and any(_placeholder(d) for d in p.description.split("\n")):
            p.description = "\n".join(d for d in p.description.split("\n") if not _placeholder(d)) or None
    if samples and _key(record.person.name) in TEMPLATE_NAMES:
        dropped.insert(0, "name")
        record.person.name = ""
        record.person.line = None
        record.report.warnings.append("the document never states its subject's name; the subject is left unnamed")
    if dropped:
        record.report.warnings.append("template example content ignored (values of a site template's sample CV): "
                                      + ", ".join(dropped))
