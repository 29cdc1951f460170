"""The extract stage: a SourceDocument → a typed CVRecord.

Dispatches on the document's format: structured formats (JSON Resume, YAML CV data,
BibTeX, LaTeX CV classes) have their own parsers; everything else (plain text, Markdown,
text from PDFs and HTML) goes through the general text extractor, which finds sections,
entries and fields. Raises DocumentError when a document is not a CV.
"""
from __future__ import annotations

import re
from functools import partial

from cvgraph.errors import DocumentError
from cvgraph.identifiers import classify_profile, normalise_doi
from cvgraph.iris import web_iri
from cvgraph.record import CVRecord
from mappers.extract.fields import _is_initialism_of, is_region, parse_period, same_person_name, split_affiliation, strip_honorifics
from mappers.read import SourceDocument


def extract(doc: SourceDocument) -> CVRecord:
    if doc.format == "jsonresume":
        from .jsonresume import extract_jsonresume as parse
    elif doc.format == "yaml":
        from .yamlcv import extract_yaml as parse
    elif doc.format == "bibtex":
        raise DocumentError(doc.name, "a BibTeX file is a publication list, not a CV; "
                                      "give it alongside a CV of the same person")
    elif doc.format == "latex":
        from .latex import extract_latex as parse
    else:
        from .text import extract_text as parse
        if doc.format == "markdown":
            from .yamlcv import cv_front_matter, extract_front_matter

            data = cv_front_matter(doc)      # a Hugo author profile or page holding CV data
            if data is not None:
                parse = partial(extract_front_matter, data=data)
    record = parse(doc)
    record.person.name = strip_honorifics(record.person.name)   # the name, not "Dr. …"
    record.report.warnings[:0] = list(doc.warnings)
    drop_unusable_links(record)
    drop_placeholder_contacts(record)
    one_profile_per_address(record)
    drop_placeholder_theses(record)
    one_github_account(record)
    drop_grades_from_degrees(record)
    drop_blank_entries(record)
    drop_non_languages(record)
    split_run_on_awards(record)
    tidy_award_names(record)
    venues_out_of_titles(record)
    dates_out_of_talk_hosts(record)
    tidy_cut_dates(record)
    term_off_courses(record)
    acronyms_beside_names(record)
    places_after_organizations(record)
    merge_repeated_publications(record)
    subject_from_authorship(record)
    mark_subject_authors(record)
    return record.fill_counts()


def mark_subject_authors(record: CVRecord) -> CVRecord:
    """The subject among every publication's authors, whichever reader named the subject (a LaTeX
    CV read as text learns its name from the LaTeX source after the references were read)."""
    name = record.person.name
    if not name or not record.publications:
        return record
    if any("never states its subject" in w for w in record.report.warnings):
        record.report.warnings = [w for w in record.report.warnings if "never states its subject" not in w]
    for pub in record.publications:
        if any(a.is_subject for a in pub.authors):
            continue
        for a in pub.authors:
            if same_person_name(a.name, name):
                a.is_subject = True
                break
    return record


def subject_from_authorship(record: CVRecord) -> CVRecord:
    """A document that never names its subject but lists publications (a site's publication page,
    a publication data file): the one author found in nearly every entry (four in five, three
    entries at least, no other name as often) is its subject, marked so in every entry."""
    if record.person.name:
        return record
    authored = [p for p in record.publications if p.authors]
    if len(authored) < 3:
        return record
    forms: list[list[str]] = []         # the written forms of each person met, in order
    counts: list[int] = []
    for pub in authored:
        seen: set[int] = set()
        for a in pub.authors:
            k = next((i for i, fs in enumerate(forms) if same_person_name(a.name, fs[0])), None)
            if k is None:
                forms.append([a.name])
                counts.append(0)
                k = len(forms) - 1
            elif a.name not in forms[k]:
                forms[k].append(a.name)
            if k not in seen:
                seen.add(k)
                counts[k] += 1
    best = max(range(len(counts)), key=counts.__getitem__, default=None)
    if best is None or counts[best] < max(3, 0.8 * len(authored)) or \
            sum(1 for c in counts if c == counts[best]) > 1:
        return record
    name = max(forms[best], key=len)
    record.person.name = name
    for pub in authored:
        for a in pub.authors:
            if same_person_name(a.name, forms[best][0]):
                a.is_subject = True
    record.report.warnings = [w for w in record.report.warnings if "never states its subject" not in w]
    record.report.warnings.append(f"the subject's name is taken from the publications: '{name}' is an author "
                                  f"of {counts[best]} of {len(authored)}")
    return record


# The text field each kind of entry is named by (the record requires it, and the shapes
# require it non-empty: an entry without it cannot be mapped to a valid node).
_ENTRY_NAME = {
    "education": "institution", "positions": "organization", "publications": "title",
    "patents": "title", "awards": "name", "teaching": "course", "service": "role",
    "talks": "title",
}


# a grade written into a degree's name: "M.S. in Computer Science (GPA 4.0)", "B.Tech, CGPA: 9.1/10"
_GRADE_IN_DEGREE = re.compile(r"(?:[(\[,;]|(?<=\s)[-–—|])\s*(?:c?gpa|grade|average|score)\s*(?:[:=]\s*)?"
                              r"\d{1,3}(?:[.,]\d{1,3})?(?:\s*/\s*\d{1,3}(?:[.,]\d{1,3})?)?\s*%?\s*[)\]]?", re.I)


def drop_grades_from_degrees(record: CVRecord) -> CVRecord:
    """A grade is no part of a degree's name (the same degree with and without it is one
    degree); every format's reader can leave one there."""
    for e in record.education:
        if e.degree and re.search(r"(?i)gpa|grade|average|score", e.degree):
            cut = " ".join(_GRADE_IN_DEGREE.sub("", e.degree).split()).strip(" ,;-–—|")
            if cut:
                e.degree = cut
    return record


# a skill list's level or its "Others" label standing where a skill goes (friggeri's
# \entry{}{Ruby}{Experienced}{…}: "Experienced" is how well, not what)
_LEVEL_OR_LABEL_ONLY = re.compile(
    r"(?i)(?:very\s+)?(?:expert|advanced|intermediate|beginner|basic|proficient|experienced|excellent|familiar|novice|"
    r"experiente|proficiente|avan[cç]ad[oa]|b[aá]sic[oa]|intermedi[oa]|fortgeschritten|grundkenntnisse|"
    r"d[ée]butant|confirm[ée]|exp[ée]riment[ée]|experto|experimentad[oa]|esperto|others?|outros|otros|autres|andere|altro)")


# a skill group's label standing where a skill goes ("Software", "Operating Systems", "Query
# Languages", "Softwares and Packages", "Database and caching"): words naming a kind of tool, none
# named ("Distributed Systems" is a skill: only the modifiers below make a label of "systems")
_GROUP_LABEL_ONLY = re.compile(
    r"(?i)(?:(?:programming|scripting|query|markup|operating|computer|technical|other|ML|web|cloud|software|"
    r"statistical|development|analysis)\s+)?"
    r"(?:languages|systems|softwares?|tools|frameworks|librar(?:y|ies)|packages|databases?|platforms|technologies|"
    r"environments)(?:\s*(?:and|&|/)\s*[\w-]+)?")


def drop_blank_entries(record: CVRecord) -> CVRecord:
    """Drop, as skipped, each entry whose naming field is blank, and blank authors, skills
    and languages.

    Every extractor should give each entry its name, but one that ends up with an empty
    string (a list item whose text was only a date, say) would be mapped to a node the SHACL
    shapes reject, making the whole document invalid for one unreadable line. The guard is
    here, once, after every format's extractor."""
    for kind, field in _ENTRY_NAME.items():
        kept = []
        for e in getattr(record, kind):
            if getattr(e, field).strip():
                kept.append(e)
            else:
                where = f" at line {e.line}" if e.line else ""
                record.report.skipped.append(f"{kind} entry{where} without {field} dropped")
        setattr(record, kind, kept)
    for pub in record.publications:
        pub.authors = [a for a in pub.authors if a.name.strip()]
    record.skills = [s for s in record.skills if s.strip() and not _LEVEL_OR_LABEL_ONLY.fullmatch(s.strip())
                     and not _GROUP_LABEL_ONLY.fullmatch(s.strip())]
    record.languages = [s for s in record.languages if s.strip()]
    return record


# "Lorem Fellowship (2021); Ipsum Prize, doctoral selection (2019).": awards each closed by its
# year in brackets, one after another on one line
_YEAR_CLOSED_PART = re.compile(r"\s*(\S.{2,200}?)\s*\(((?:19|20)\d\d)\)\s*\.?\s*")
# "Granted Lorem Scholarship. Competitive contract for …": a full stop after a word (not an
# initial or an abbreviation such as "St."), then a capital: the name ends, a description follows
_NAME_STOP = re.compile(r"(?:(?<=[a-z]{3})|(?<=\d\d))\.\s+(?=[A-Z])")
_AWARD_WORD = re.compile(r"(?i)\b(?:scholarships?|awards?|prizes?|fellowships?|grants?|medals?|honou?rs?|distinction|"
                         r"bursary|stipend|mark|laureate)\b")


def split_run_on_awards(record: CVRecord) -> CVRecord:
    """An award entry that holds two awards, each with its year in brackets, parted by a
    semicolon, is two awards; one whose name is a sentence naming the award followed by
    sentences describing it keeps the first sentence (any reader can leave such a line whole:
    a YAML value, a list item)."""
    out = []
    for a in record.awards:
        name = a.name
        if ";" in name and ")" in name:
            parts = name.split(";")
            found = [_YEAR_CLOSED_PART.fullmatch(p) for p in parts]
            if len(parts) >= 2 and all(found):
                out.extend(a.model_copy(update={"name": m.group(1).strip(" ,"), "year": m.group(2)}) for m in found)
                continue
        if ". " in name and (stop := _NAME_STOP.search(name)) and _AWARD_WORD.search(name[:stop.start()]) \
                and len(name[:stop.start()].split()) >= 2:
            a = a.model_copy(update={"name": name[:stop.start()]})
        out.append(a)
    record.awards = out
    return record


# "Recipient: Lorem Teaching Award", "Winner, Ipsum Prize": the subject's part in the award, said
# before its name, is no part of the name (a nominee's or finalist's entry keeps its word: it was
# not won)
_AWARD_ROLE_LEAD = re.compile(r"(?i)(?:recipient|awardee|winner)\s*[:,–—]\s*(?=\S)")
# the body that gave an award, named in brackets after it: "(the University of Lorem"
_GIVER_WORD = re.compile(r"(?i)\b(?:universit|college|institut|school|foundation|society|academy|association|council|"
                         r"ministry|agency|department|cent(?:er|re)|laborator|government|office|trust|fund)")
_OPEN_YEAR_RANGE_END = re.compile(r"\s*\(\s*((?:19|20)\d\d)\s*[-–—]\s*\)$")
_AMOUNT_PART = re.compile(r"(?i)(?:US|CA|AU)?[$€£¥]\s?\d[\d,.]*\s*(?:k|m|million|thousand)?|\d[\d,.]*\s*(?:USD|EUR|GBP|CHF)")


def tidy_award_names(record: CVRecord) -> CVRecord:
    """What a reader leaves in an award's name when it cuts the year, amount or a note out of a
    bracket after it: 'Lorem Teaching Award (the University of Ipsum' (from '(the University of
    Ipsum, 1997, $1,000)') is 'Lorem Teaching Award, the University of Ipsum'; an unclosed note
    ('… (administrative coordination') is dropped, a stray closing bracket after an amount
    ('… Foundation, $40k)') goes with the amount, an open-ended year range closing the name
    ('Fellow, Journal of Lorem (2014-)') goes when it is the award's year. 'Recipient:' or 'Winner,'
    before the name is the subject's part, not the name."""
    for a in record.awards:
        name = a.name
        if name[:1] in "RrAaWw" and (lead := _AWARD_ROLE_LEAD.match(name)) and len(name[lead.end():].split()) >= 2:
            name = name[lead.end():]
        opened, closed = name.count("("), name.count(")")
        if opened == closed + 1:
            i = name.rfind("(")
            head, tail = name[:i].rstrip(" ,;:–—-"), name[i + 1:].strip(" ,;:")
            if len(head.split()) >= 2 and ")" not in tail:
                name = f"{head}, {tail}" if tail and _GIVER_WORD.search(tail) and not re.search(r"\d", tail) else head
        elif closed == opened + 1 and name.endswith(")"):
            name = name[:-1].rstrip(" ,;")
            if "," in name and _AMOUNT_PART.fullmatch(name.rsplit(",", 1)[1].strip()):
                name = name.rsplit(",", 1)[0].rstrip()
        if (span := _OPEN_YEAR_RANGE_END.search(name)) and span.group(1) == a.year and span.start() > 0:
            name = name[: span.start()]
        if name != a.name and name.strip():
            a.name = name.strip()
    return record


_TALK_HOST_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_MONTH_WORD = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*(?![a-z])\.?"
# a comma part of a talk's host that is only a date or a day range: "Mar 3 - Mar 7", "24 May", "2023"
_HOST_DATE_PART = re.compile(r"(?i)(?:" + _MONTH_WORD + r"|\d+(?!\d)(?:st|nd|rd|th)?|[-–—\s])+")
# a date in brackets at the end of a talk's title: "(May 2-6, 2021)"
_TITLE_DATE_BRACKET = re.compile(r"\s*\(([^()]{0,40}\b(?:19|20)\d\d)\)$")
# the date after the last full stop: "…, Town, ST. June 2024."
_HOST_STOP_TAIL = re.compile(r"\.\s+([^.,]+?)\s*\.?\s*$")
# the same at the end of a place: "LRI 25-29 Apr" before the year
_HOST_DAYS_END = re.compile(r"(?i)\s+\d{1,2}(?:\s*[-–]+\s*\d{1,2})?\s+" + _MONTH_WORD + r"$")
# a word naming an event a talk was given at, and the quotation marks of a quoted title
_EVENT_WORD = re.compile(r"\b(?:conference|workshop|symposium|seminar|colloquium|meeting|congress|summit|forum)s?\b", re.I)
_QUOTE_MARK = re.compile(r"[\"“”«»]")
_PLACE_WORD = re.compile(r"\b(?:universit(?:y|ies|é|ät|à|ad)|institut[eo]?|college|school|academy|laborator(?:y|ies)|department)\b", re.I)
# a proper name: capitalised words (and the small words between them), commas allowed: "Lorem University, Springfield"
_HOST_NAME = re.compile(r"(?:[A-Z][\w&.'-]*|of|the|for|and|de|du|des|la|le|di|del|at|in|on)(?:,?\s+(?:[A-Z][\w&.'-]*|of|the|for|and|de|du|des|la|le|di|del|at|in|on))*")
# the words before a talk's host saying it was given there: "presented at", "Invited talk given to",
# "Poster presented at the"
_PRESENTED_AT_LEAD = re.compile(r"(?i)(?:(?:online|virtual|invited)\s+)?(?:(?:talk|poster(?:\s+session)?|presentation|lecture)\s+)?"
                                r"(?:presented|given|delivered)\s+(?:at|to|in)\s+(?:the\s+)?(?=\S)")
# a note in brackets at the end of a talk's host saying how the talk was given: "(Virtual Talk)", "(e-Poster)"
_HOST_KIND_NOTE = re.compile(r"(?i)\s*\(\s*(?:(?:virtual|online|remote|in[- ]person|invited|contributed|keynote|plenary|oral|"
                             r"talk|e-?poster|poster|visitor|participa(?:nt|tion))\b[\s+&,]*)+\)\s*\.?$")


def dates_out_of_talk_hosts(record: CVRecord) -> CVRecord:
    """'Dunmore, UK, Mar 3 - Mar 7, 2023 (Talk).', 'Lorem Rencontre,July 2012, Ipsumville': a talk's
    host that still holds the talk's date among its comma parts (any reader can leave one: a LaTeX
    argument, a YAML value, a list item) is the host without it; the date is the talk's when it
    says more than the date read. A note in brackets at the end naming how the talk was given
    ("(Virtual Talk)", "(e-Poster)") is no part of the host either, nor are the words before it
    saying the talk was given there ("presented at", "Invited talk given to")."""
    for t in record.talks:
        if t.title.endswith(")") and (br := _TITLE_DATE_BRACKET.search(t.title)) and br.start() > 0 \
                and all(_HOST_DATE_PART.fullmatch(p.strip()) for p in br.group(1).split(",")):
            # "Lorem Astronomy Meeting (LAM) (May 2-6, 2021)": the talk's date in brackets, no part of the title
            when = parse_period(br.group(1))[0]
            if when and (not t.date or (when.startswith(t.date) and len(when) > len(t.date))):
                t.date = when
            t.title = t.title[: br.start()].rstrip(" ,;")
        if t.host is None and ", " in t.title and not _QUOTE_MARK.search(t.title):
            parts = t.title.split(", ")
            k = next((i for i, p in enumerate(parts) if _EVENT_WORD.search(p)), 0)
            if k >= 1 and len(", ".join(parts[:k]).split()) >= 3 and parts[k][:1].isupper():
                # "Weighted Lorem Counting, Ipsum Group Seminar" (one field holding the whole talk, no
                # host read): the title, then the event it was given at
                t.title, t.host = ", ".join(parts[:k]), ", ".join(parts[k:]).rstrip(" .")
        if t.host is None and ". " in t.title and not _QUOTE_MARK.search(t.title) \
                and len(halves := t.title.rstrip(" .").split(". ")) == 2 and _HOST_NAME.fullmatch(halves[0]) \
                and (_EVENT_WORD.search(halves[0]) or _PLACE_WORD.search(halves[0])) \
                and len(halves[1].split()) >= 3 and not (_EVENT_WORD.search(halves[1]) or _PLACE_WORD.search(halves[1])):
            # "Lorem University, Springfield. Networks over time and space." (where, a full stop, then
            # the title): a proper name naming an institution or an event is the host
            t.title, t.host = halves[1], halves[0]
        if t.host and (lead := _PRESENTED_AT_LEAD.match(t.host)):
            t.host = t.host[lead.end():]        # "Invited talk given to the Lorem Society": the society
        host = t.host
        # (an event-only talk, its title the host too: the title loses the same parts)
        same = host is not None and t.title.rstrip(" .") == host.rstrip(" .")
        if host and host.rstrip(" .").endswith(")") and (note := _HOST_KIND_NOTE.search(host)):
            t.host = host = host[: note.start()].strip(" ,;.") or None
            if same and host:
                t.title = host
        if not host or not _TALK_HOST_YEAR.search(host) or ";" in host:
            continue        # (not a list of events parted by ";", each with its own date)
        if (tail := _HOST_STOP_TAIL.search(host)) and _HOST_DATE_PART.fullmatch(tail.group(1)):
            host = host[: tail.start()] + ", " + tail.group(1)     # "…, Town, ST. June 2024."
        parts = [p.strip() for p in host.split(",")]
        parts[-1] = parts[-1].rstrip(" .") if re.search(r"\d\.?$", parts[-1]) else parts[-1]
        dates = [k for k, p in enumerate(parts) if _HOST_DATE_PART.fullmatch(p) and re.search(r"\d", p)
                 and (_TALK_HOST_YEAR.search(p) or re.search(_MONTH_WORD, p, re.I))]
        if not dates or not any(_TALK_HOST_YEAR.search(parts[k]) for k in dates):
            continue
        cut = [parts[k] for k in dates]
        keep = [p for k, p in enumerate(parts) if k not in dates]
        j = dates[0] - 1
        if keep and j >= 0 and j not in dates and (days := _HOST_DAYS_END.search(parts[j])):
            cut.insert(0, days.group(0).strip())          # "LRI 25-29 Apr, 2022": the days before the year
            keep[keep.index(parts[j])] = parts[j][: days.start()]
        when = parse_period(" ".join(cut))[0]
        if when and (not t.date or (when.startswith(t.date) and len(when) > len(t.date))):
            t.date = when
        elif when and t.date and not t.date.startswith(when[:4]):
            continue        # another year than the talk's: not its date
        t.host = ", ".join(p for p in keep if p) or None
        if same and t.host:
            t.title = t.host
    return record


def places_after_organizations(record: CVRecord) -> CVRecord:
    """'Lorem Institute of Physics, Springfield, Norway' as a post's organization or a degree's
    institution, with no place read apart: the country or state at the end, and the city before
    it, are the entry's place (every format's reader can leave one there: a LaTeX argument, a
    YAML field, a line). Only a name whose last comma part is a country or a state is cut, and
    only when the entry has no place yet."""
    for kind, field in (("positions", "organization"), ("education", "institution")):
        for e in getattr(record, kind):
            name = getattr(e, field) or ""
            if e.location or "," not in name or len(name) > 300:
                continue
            last = name.rsplit(",", 1)[1].strip(" .")
            if len(last) < 3 or not is_region(last):
                continue
            org, unit, place = split_affiliation(name)
            if not org or not place or not name.rstrip(" .").endswith(place):
                continue
            if unit and kind == "positions" and not e.unit:
                setattr(e, field, org)
                e.unit = unit
            else:
                setattr(e, field, name.rstrip(" .")[: -len(place)].rstrip(" ,;"))
            e.location = place
    from mappers.extract.text import _place_only

    for e in record.positions:
        # "Lorem Labs - Springfield, IL" read as organization and unit: the "unit" is only a town
        # and its state or country, the post's place
        if e.unit and not e.location and len(e.unit) <= 60 and _place_only(e.unit.strip(" .")):
            e.location, e.unit = e.unit.strip(" ."), None
    return record


# a page's date stamp read as a list item ("updated 10/9/17", "Last updated: July", "Revised
# March 2024")
_DATE_STAMP = re.compile(r"(?i)(?:last\s+)?(?:updated|revised|modified)\b")
# a page's running header or footer ("Curriculum Vitae", "CV", "Page 2", "2 / 3")
_PAGE_MARK = re.compile(r"(?i)curriculum\s+vit(?:ae|æ)|c\.?v\.?|r[ée]sum[ée]|page\s*\d+(?:\s*(?:of|/)\s*\d+)?")
# the words of a level said with no language ("Native", "Full professional working proficiency",
# "Nivel profesional", "Limited working proficiency"): the level of the language above it
_LEVEL_ONLY_WORD = re.compile(
    r"(?i)native|mother|tongue|fluent|fluency|full|professional|profesional|working|limited|elementary|"
    r"proficiency|proficient|level|nivel|niveau|business|conversational|intermediate|advanced|basic|"
    r"beginner|bilingual|good|excellent|reading|writing|speaking|knowledge|skills?|and|of|in|"
    r"nativo|nativa|materna|avanzado|b[aá]sico|intermedio|courant|natif|maternelle|d[ée]butant")


def drop_non_languages(record: CVRecord) -> CVRecord:
    """Drop the language entries that name no language: a year or a page number (no letter:
    "2014", "1/1"), a page's date stamp or running header or footer ("updated 10/9/17",
    "Curriculum Vitae", the subject's own name under the last language), a level standing alone
    on its own line under the language it qualifies ("Full professional working proficiency"),
    and a Pandoc definition's note under a language ("~ Lorem Test level 2", the "~" marker
    kept). A skill that is a page's date stamp ("updated November 2015") goes too."""
    name = record.person.name.strip().casefold()
    kept = []
    for lang in record.languages:
        s = lang.strip()
        if s[-1:] == "." and re.fullmatch(r"[^\W\d_]+\.", s):
            s = s[:-1]                  # "Italian." (a list's last item and its full stop)
        words = re.findall(r"[^\W\d_]+", s)
        if not words or _DATE_STAMP.match(s) or _PAGE_MARK.fullmatch(s) or (name and s.casefold() == name) \
                or s[:2] in ("~ ", "~\t") or all(_LEVEL_ONLY_WORD.fullmatch(w) for w in words):
            record.report.skipped.append(f"language entry {s!r} dropped (names no language)")
            continue
        if s not in kept:
            kept.append(s)
    record.languages = kept
    record.skills = [s for s in record.skills if not _DATE_STAMP.match(s.strip())]
    return record


# what cutting a date out of a name can leave: a bracket opened or closed on a comma or
# semicolon ("Data Scientist (2012---present, on leave)" → "( , on leave)", "(Spring 2024;
# graduate level)" → "(; graduate level)"), an empty bracket, and a dash left at the end or the
# start of the name ("Lorem Institute, 2011–." → "Lorem Institute, –.", "— Ipsum University —")
_OPEN_ON_COMMA = re.compile(r"\(\s*[,;]\s*")
_CLOSE_ON_COMMA = re.compile(r"\s*[,;]\s*\)")
_EMPTY_BRACKET = re.compile(r"\s*\(\s*\)")
_DASH_AT_END = re.compile(r"(?:\s*[,;])?\s+[-–—]+\s*\.?$|,\s*[-–—]+\s*\.?$")
_DASH_AT_START = re.compile(r"^[-–—]+\s+")
_NAMING_FIELDS = {
    "positions": ("title", "organization", "unit", "location"),
    "education": ("degree", "institution", "field", "location"),
    "awards": ("name",),
    "teaching": ("course", "institution", "role"),
    "service": ("role", "organization"),
    "talks": ("title", "host"),
}


def _tidy_cut(value: str) -> str:
    if not any(c in value for c in "(-–—"):
        return value
    out = _OPEN_ON_COMMA.sub("(", value)
    out = _CLOSE_ON_COMMA.sub(")", out)
    out = _EMPTY_BRACKET.sub("", out)
    out = _DASH_AT_START.sub("", _DASH_AT_END.sub("", out)).strip()
    return out or value


def tidy_cut_dates(record: CVRecord) -> CVRecord:
    """The marks a date leaves behind when a reader cuts it out of an entry's name: a bracket
    opened or closed on a comma ('Data Scientist ( , on educational leave)'), an empty bracket,
    and a lone dash at either end ('Lorem Institute, –.'). Every format's reader can leave one;
    no name is made of them."""
    for kind, names in _NAMING_FIELDS.items():
        for e in getattr(record, kind):
            for field in names:
                value = getattr(e, field, None)
                if isinstance(value, str) and value:
                    setattr(e, field, _tidy_cut(value))
    return record


def term_off_courses(record: CVRecord) -> CVRecord:
    """'Fall 2020: Lorem theory, Master program' with the term 'Fall 2020': a course that opens
    with its own term, then a colon or a dash, is the course without it (the term is kept in
    its own field)."""
    for e in record.teaching:
        term = (e.term or "").strip()
        if term and e.course.startswith(term):
            rest = e.course[len(term):]
            if (m := re.match(r"\s*[:\u2013\u2014|-]\s*", rest)) and rest[m.end():].strip():
                e.course = rest[m.end():].strip()
    return record


def acronyms_beside_names(record: CVRecord) -> CVRecord:
    """'Northern Space Research Center, NSRC': an organization's acronym after its name is no
    unit or place of it; it is kept with the name in brackets, as CVs also write it
    ('Institute for Lorem Studies (ILS)')."""
    for e in record.positions:
        for field in ("unit", "location"):
            value = getattr(e, field)
            if value and _is_initialism_of(value, e.organization):
                e.organization = f"{e.organization} ({value})"
                setattr(e, field, None)
    for e in record.education:
        if e.location and _is_initialism_of(e.location, e.institution):
            e.institution, e.location = f"{e.institution} ({e.location})", None
    return record


def drop_unusable_links(record: CVRecord) -> CVRecord:
    """Drop, with a warning, each link that no IRI can stand for (`cvgraph.iris.web_iri`).

    Links that are only mis-escaped (a space, ``%zz``, ``[1]``) are kept: the map stage
    writes their repaired form. What is dropped has no host, a malformed one, or a scheme
    that is not a web one (``javascript:``)."""
    def usable(url: str) -> bool:
        if web_iri(url) is not None:
            return True
        record.report.warnings.append(f"link dropped, not a usable IRI: {url!r}")
        return False

    person = record.person
    if person.homepage and not usable(person.homepage):
        person.homepage = None
    # A profile is written as the identifier's own IRI (`classify_profile`); one that names
    # no known identifier is not written at all, so only the former can be unusable.
    person.profiles = [url for url in person.profiles
                       if (profile := classify_profile(url)) is None or usable(profile.iri)]
    for pub in record.publications:
        pub.urls = [url for url in pub.urls if usable(url)]
        if pub.doi:
            # every reader hands the DOI on as written ("http://dx.doi.org/10.1145/…", "doi:10.…");
            # the record keeps the DOI itself, as cased in the CV (the map stage writes the
            # lower-case https://doi.org/10.NNNN/suffix), and a value holding none is dropped
            doi = normalise_doi(pub.doi)
            if doi is None:
                record.report.warnings.append(f"DOI dropped, not a DOI: {pub.doi!r}")
                pub.doi = None
            elif pub.doi.lower() != doi.value:
                start = pub.doi.lower().find(doi.value)
                pub.doi = pub.doi[start:start + len(doi.value)] if start >= 0 else doi.value
    return record


# the end of a reference read whole into its title: ", [Month] 2021" and perhaps its pages after
_MONTHS = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_TITLE_YEAR_END = re.compile(r",\s*(?:" + _MONTHS + r"\s+)?((?:19|20)\d\d)(?:,\s*(?:pp?\.\s*)?\d+\s*[-–]\s*\d+)?\s*\.?$")
# a part of it holding the volume, issue or pages: "44(3) 453-465", "313: 1018-1027", "No. 1", "vol. 5"
_NUMBERS_PART = re.compile(r"(?:vol\.?\s*|no\.?\s*)?\d+[\w()]*(?:\s*[:(]?\s*\d+\)?)?(?:\s*[:,]?\s*(?:pp?\.\s*)?\d+\s*[-–]\s*\d+)?"
                           r"|(?:pp?\.|#)\s*\w+(?:\s*[-–]\s*\w+)?", re.I)
_THESIS_PART = re.compile(r"(?:ph\.?\s?d\.?|doctoral|master'?s?|m\.?sc?\.?|bachelor'?s?|diploma)\s+(?:thesis|dissertation)", re.I)


def venues_out_of_titles(record: CVRecord) -> CVRecord:
    """'Lorem and ipsum reconstruction, Dolor Sit Theory, 17, 210-219, 2020': a
    reference written title first, with no authors (a list of the subject's own works; co-authors,
    if any, in a '(with …)' note read apart), read whole into its title. The title is what comes
    before the venue: the part before the volume and pages, or before the year when there are
    none ('…, Lorem 2024 Proceedings, 2024'); a thesis's kind and school follow its title."""
    for pub in record.publications:
        title = pub.title or ""
        if pub.venue or title.count(",") < 2 or not (end := _TITLE_YEAR_END.search(title)):
            continue
        parts = [p.strip() for p in title[: end.start()].split(",")]
        thesis = next((k for k, p in enumerate(parts) if k and _THESIS_PART.fullmatch(p)), None)
        if thesis is not None:
            head, venue = parts[:thesis], ", ".join(parts[thesis:])
        else:
            k = next((k for k, p in enumerate(parts) if k >= 2 and _NUMBERS_PART.fullmatch(p)), None)
            if k is not None and all(_NUMBERS_PART.fullmatch(p) for p in parts[k:]):
                head, venue = parts[: k - 1], parts[k - 1]
            elif k is None and not any(_NUMBERS_PART.fullmatch(p) for p in parts):
                head, venue = parts[:-1], parts[-1]
            else:
                continue
        head_text = ", ".join(p for p in head if p).strip(" ,")
        if len(head_text.split()) < 2 or not venue[:1].isupper() or len(venue.split()) > 14 \
                or re.search(r"\b(?:and|&)\s+[A-Z]\.", venue):
            continue
        pub.title, pub.venue = head_text, venue
        if not pub.year:
            pub.year = end.group(1)
    return record


# a template's stand-in left in a contact: "github.com/yourusername", "youremail@yourdomain.com"
_PLACEHOLDER_CONTACT = re.compile(r"(?i)(?<![a-z])your[-_.]?(?:user[-_]?name|name|handle|id|e?-?mail|domain)(?![a-z])|"
                                  r"/(?:user[-_]?name|username)/?$")


_PROFILE_KEY = re.compile(r"^(?:https?://)?(?:www\.)?")
# "Thesis: In progress", "Dissertation: TBD": a thesis not yet titled
_THESIS_PLACEHOLDER = re.compile(r"\W*(?:(?:still\s+|work\s+)?in\s+progress|ongoing|tb[adc]|to\s+be\s+(?:announced|determined|decided)"
                                 r"|forthcoming|pending|n/?a)\W*", re.I)


def drop_placeholder_theses(record: CVRecord) -> CVRecord:
    """A thesis "title" that only says the thesis is not yet titled ('In progress', 'TBD') is no title."""
    for edu in record.education:
        if edu.thesis and _THESIS_PLACEHOLDER.fullmatch(edu.thesis):
            edu.thesis = None
    return record


def one_profile_per_address(record: CVRecord) -> CVRecord:
    """One profile written twice, as a link's address and as its shown text
    ("https://linkedin.com/in/x" and "www.linkedin.com/in/x/"), is kept once: the first."""
    seen: set[str] = set()
    kept = []
    for url in record.person.profiles:
        if (key := _PROFILE_KEY.sub("", url.strip().casefold()).rstrip("/")) not in seen:
            seen.add(key)
            kept.append(url)
    record.person.profiles = kept
    return record


def drop_placeholder_contacts(record: CVRecord) -> CVRecord:
    """A profile or e-mail a template left unfilled ('https://github.com/yourusername',
    'youremail@yourdomain.com') is nobody's: it is dropped."""
    person = record.person
    person.profiles = [u for u in person.profiles if not _PLACEHOLDER_CONTACT.search(u)]
    person.emails = [e for e in person.emails if not _PLACEHOLDER_CONTACT.search(e)]
    if person.homepage and _PLACEHOLDER_CONTACT.search(person.homepage):
        person.homepage = None
    return record


_GITHUB_URL = re.compile(r"https?://(?:www\.)?github\.com/([A-Za-z0-9][A-Za-z0-9-]*)(/[^?#\s]*)?", re.I)


def one_github_account(record: CVRecord) -> CVRecord:
    """A CV names its subject's own GitHub account; other GitHub links a page holds are someone
    else's: a theme's credit in the footer ('Layout adapted from sitthemes'), a tool listed
    among the skills ('…/ipsumframework/ipsum'), a project's repository. When two or more GitHub
    accounts were read as the subject's profiles and some of them bear the subject's name (or
    e-mail name, or github.io home page), the others are dropped; a repository's link is dropped
    when its owner's own profile is kept too."""
    person = record.person
    found = [(url, m.group(1).lower(), (m.group(2) or "").strip("/"))
             for url in person.profiles if (m := _GITHUB_URL.match(url))]
    if len(found) < 2:
        return record
    keys = {w for w in re.findall(r"[a-z]{4,}", (person.name or "").casefold())}
    keys |= {re.sub(r"[^a-z0-9]", "", e.split("@")[0].casefold()) for e in person.emails}
    if person.homepage and (home := re.match(r"https?://([a-z0-9-]+)\.github\.io", person.homepage, re.I)):
        keys.add(home.group(1).lower())
    keys = {k for k in keys if len(k) >= 4}

    def own(user: str) -> bool:
        flat = user.replace("-", "")
        return any(k in flat or flat in k for k in keys)

    users = {user for _, user, _ in found}
    mine = {user for user in users if own(user)}
    bare = {user for _, user, rest in found if not rest}
    drop = set()
    for url, user, rest in found:
        if mine and len(users) >= 2 and user not in mine:
            drop.add(url)
        elif rest and user in bare:
            drop.add(url)      # "github.com/lorem/lorem-tools" beside "github.com/lorem": a repository of the profile's owner
    if drop:
        person.profiles = [url for url in person.profiles if url not in drop]
    return record


def _fold(text: str | None) -> str:
    return " ".join(re.findall(r"\w+", (text or "").casefold()))


def merge_repeated_publications(record: CVRecord) -> CVRecord:
    """One entry for a publication the CV lists twice (under "Journal" and again under
    "Selected", say): same title, and no venue or year that tells the two apart.

    Two entries with one title and different venues or years stay two works (a conference
    paper and its journal version). The later entry fills what the first lacks."""
    first: dict[str, list] = {}
    kept = []
    for pub in record.publications:
        key = _fold(pub.title)
        same = next((p for p in first.get(key, ()) if _compatible(p, pub)), None) if key else None
        if same is None:
            first.setdefault(key, []).append(pub)
            kept.append(pub)
            continue
        for field in ("venue", "venue_acronym", "year", "arxiv", "doi"):
            if not getattr(same, field) and getattr(pub, field):
                setattr(same, field, getattr(pub, field))
        if not same.authors and pub.authors:
            same.authors, same.et_al = pub.authors, pub.et_al
        same.urls += [u for u in pub.urls if u not in same.urls]
        same.awards += [a for a in pub.awards if a not in same.awards]
        where = f" at line {pub.line}" if pub.line else ""
        record.report.skipped.append(f"publication{where} repeats one listed before; merged with it")
    record.publications = kept
    return record


def _compatible(a, b) -> bool:
    """Nothing tells the two entries apart: venues, years and DOIs agree or one is missing, and
    the co-authors (the subject aside) are not two different sets of people."""
    coauthors_a, coauthors_b = _coauthor_names(a), _coauthor_names(b)
    return (not coauthors_a or not coauthors_b or bool(coauthors_a & coauthors_b)) and all(
        not x or not y or x == y for x, y in (
            (_fold(a.venue), _fold(b.venue)), (a.year, b.year), ((a.doi or "").lower(), (b.doi or "").lower())))


def _coauthor_names(pub) -> set[str]:
    """Family names (last words, folded) of a publication's authors other than the subject."""
    return {words[-1] for author in pub.authors if not author.is_subject and (words := _fold(author.name).split())}
