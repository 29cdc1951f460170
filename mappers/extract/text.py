"""The general text extractor: plain text / Markdown / text from PDF or HTML → CVRecord.

Reads like a careful human: find the sections (sections.py), then read each section's
entries with a small slot-filling state machine — an entry is complete when a line brings
a field the entry already has (a second institution, a second title), which is how people
tell where one entry ends without relying on blank lines or bullets that PDF text loses.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import replace
from functools import lru_cache, partial

from cvgraph.authorities import is_known_org_name
from cvgraph.errors import DocumentError
from cvgraph.identifiers import classify_profile
from cvgraph.record import (Award, CVRecord, Education, Patent, Person, Position, Publication, Service, Talk, Teaching)
from mappers.read import SourceDocument

from . import publications as pubs
from .patents import is_number_label, number_in, parse_patent, patent_heading_status
from .fields import (DEGREE_RE, EMAIL_RE, NATURAL_LANGUAGE as _NATURAL_LANGUAGE, without_template, MAX_FIELD, MONTHS, PERIOD_RE, _is_region,
                     clean, split_affiliation, degree_level, YEAR_RE,
                     field_of_degree, find_emails, is_region, YEAR_OR_RANGE, find_period, find_phones, find_urls, profile_handles, town_of_address,
                     _fold, latin_form, looks_like_name, may_hold_year, month_year_field, parse_period, _full_year,
                     proper_case_name, same_person_name, split_authors, strip_honorifics, strip_markup, venue_and_years)
from .sections import (ENTRY_KINDS, SECTION_RULES, Line, Section, _DETAIL_LABEL, classify_heading, _date_only as _only_a_date, front_matter, join_wrapped, only_heading_words,
                       split_sections, text_measure)

HEADER_LINES = 12

ORG_WORDS = re.compile(
    r"\b(universi(?:t(?:y|ies|ät|é|à|ad|e|eit|at|et(?:et)?|as|i|eti)|dad|dade)|univerzit\w*|univerz[aeio]|sveučilišt\w*|üniversite\w*|yliopisto\w*|uniwersytet|egyetem|college|institute|institut|school|academy|polytechnic|"
    r"scuola|[ée]cole|escuela|escola|hochschule|politecnico|polytechnique|lyc[ée]e|liceo|gymnasium|gimnazija|istituto|instituto|"
    r"laborator(?:y|ies)|centre|center|hospital|foundation|corporation|inc\.?|ltd\.?|llc|gmbh|"
    r"research|labs?|group|company|technolog(?:y|ies)|cloud|systems|ETH|EPFL|MIT|KAIST|"
    r"bank|agency|ministry|museum|library|council|commission|bureau|observatory|consortium|"
    r"organi[sz]ation|association|society)\b"
    # in other scripts (CJK words have no word breaks around them)
    r"|大学|大學|学院|學院|研究所|研究院|研究中心|实验室|實驗室|研究室|公司|株式会社|대학교|연구소|연구원|회사|"
    r"(?i:университет\w*|институт\w*|академи\w*|лаборатори\w*|πανεπιστήμι\w*|ινστιτούτο\w*|جامعة|معهد)"
    r"|\buniv\.(?=\s)", re.I)
INSTITUTION_WORDS = re.compile(
    r"\b(universi(?:t(?:y|ies|ät|é|à|ad|e|eit|at|et(?:et)?|as|i|eti)|dad|dade)|univerzit\w*|üniversite\w*|yliopisto\w*|uniwersytet|egyetem|college|institute|institut|school|academy|polytechnic|"
    r"scuola|[ée]cole|escuela|escola|hochschule|politecnico|polytechnique|lyc[ée]e|liceo|gymnasium|gimnazija|istituto|"
    r"conservato(?:ire|ry|rio|rium)|"
    r"instituto|ETH|EPFL|MIT|KAIST|HKUST|(?-i:TU|LMU|RWTH|KIT|UCL))\b"
    r"|大学|大學|学院|學院|大学院|대학교|университет\w*|институт\w*|академи\w*|πανεπιστήμι\w*|جامعة"
    r"|\buniv\.(?=\s)", re.I)      # ("Univ. of Lorem")
TITLE_WORDS = re.compile(
    r"\b(intern(?:ship)?|researcher|scientist|engineer|assistant|associate|scholar|professor|lecturer|reader|"
    r"post[- ]?doc(?:toral)?|fellow|director|manager|developer|consultant|program|student|candidate|"
    r"member of technical staff|head|lead|analyst|architect|founder|cto|ceo|vp|svp|evp|visiting|instructor|"
    r"expert|staff|president|officer|visitor|rapporteur|(?:board|group|council|panel) member|specialist|programmer|trainee|apprentice|employee|technician|coordinator|curator|designer|"
    # a volunteer's roles ("Science Fair Mentor", "Open Day Volunteer"), contractors, inspectors
    r"contractor|inspector|mentor|volunteer|leader|treasurer|secretary|"
    r"administrator|advisor|adviser|dean|provost|vice[- ]provost|rector|vice[- ]rector|chancellor|vice[- ]chancellor|"
    # clinical posts (medical CVs): "Attending Physician, Infectious Diseases Consult Service, Lorem Hospital"
    r"attending|physician|surgeon|clinician|registrar|consultant physician|staff physician|nurse practitioner|pharmacist|"
    # a science's practitioner ("Principal Ecologist, Lorem Blue Conservation", "Senior Economist"; singular
    # only: "Society of Ecologists" is an organization)
    r"\w*ologist|physicist|chemist|economist|statistician|mathematician|\w+scientist|oceanographer|geographer|"
    # the same in Spanish, French, German, Portuguese and Italian CVs ("LOREM, Ingeniero de Datos")
    r"ingenier[oa]|ing[ée]nieure?|engenheir[oa]|ingegnere|investigador[a]?|chercheur|chercheuse|forscher(?:in)?|"
    r"profesor[a]?|professeure?|professor[a]|docente|becari[oa]|stagiaire|praktikant(?:in)?|doktorand(?:in)?|"
    r"doctorant[e]?|desarrollador[a]?|d[ée]veloppeur|d[ée]veloppeuse|entwickler(?:in)?|analista|asistente|consultor[a]?|"
    r"consultante?|enseignante?|enseignant-chercheur|ma[iî]tre de conf[ée]rences|teacher|tutor|"
    r"coordinat(?:eur|rice)|chef|cheffe|charg[ée]e?|attach[ée]e?|responsable|conseill[eè]re?|technicienne?|gestionnaire|"
    r"werkstudent(?:in)?|mitarbeiter(?:in)?|hilfskraft|leiter(?:in)?|berater(?:in)?|referent(?:in)?|"
    r"gerente|jef[ea]|directeur|directrice|directora|stagista|tirocinante|pasante|practicante|"
    # a teaching or research assistant written short, in capitals ("PhD-TA", "Graduate RA")
    r"(?-i:G?TA|G?RA|GSI))\b"
    r"|教授|讲师|講師|研究员|研究員|博士后|博士後|工程师|工程師|实习生|助教|准教授|研究助理|助理|교수|연구원|강사|"
    r"(?i:профессор\w*|доцент\w*|научн\w+\s+сотрудник\w*|преподавател\w*|инженер\w*|ассистент\w*|"
    r"καθηγητ\w*|ερευνητ\w*|أستاذ|باحث)", re.I)
SERVICE_ROLE_WORDS = re.compile(
    r"\b(reviewer|referee|chair|co-chair|committee|tpc|pc member|organi[sz]er|editor|president|"
    r"volunteer|judge|panelist|member|web chair|session chair)\b", re.I)
_SERVICE_POST = re.compile(SERVICE_ROLE_WORDS.pattern[:-3] + r"|treasurer|secretary|representative|coordinator|"
                           r"officer|ambassador|moderator|mentor|trustee|delegate|liaison|convenor|convener|webmaster|"
                           r"vice[- ]president|head|lead|director|founder|co-founder|host|"
                           r"(?:editorial|advisory|review|scientific)\s+board|fellow)\b", re.I)
ADVISOR_RE = re.compile(
    r"(?i:(?:advis(?:ed|ors?|ers?)|supervis(?:ed|or|ors|ion(?=\s*:)))(?:\s+of\s+(?:the\s+)?(?:thesis|dissertation))?|mentor(?:s|ed)?|"
    r"under (?:the )?(?:advisement|supervision|guidance) of|"
    r"committee\s*&\s*advisors?|working with|host(?:ed)? by|(?:thesis|dissertation)\s+(?:co-?)?chairs?(?=\s*:))(?:\(s\))?\s*(?i:by)?\s*:?\s*"
    r"((?:(?:[Pp]rof(?:essor|esor)?s?\.?|Drs?\.?|Assoc\.\s*Prof\.?)\s*){0,2}[A-Z][\w.\-' ]+?"
    r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)(?:(?:[Pp]rof(?:essor|esor)?\.?|Dr\.?|Assoc\.\s*Prof\.?)\s*){0,2}[A-Z][\w.\-' ]+?)*)"
    r"(?=\s*(?:(?<!\b[A-Z])\.|[;)(\t]|\bin\b|$|\d))")
# An education entry's advisor and thesis labels in Spanish, French, German, Portuguese and
# Italian ("Director de tesis: …", "Directeur de thèse : …", "Betreuer: …", "Orientador: …",
# "Relatore: …"). Words that also name a job ("director", "tutor") count only as a label before
# a colon, or in a phrase that says who supervised ("sous la direction de", "sob orientação de").
ADVISOR_LABEL_OTHER = (
    r"(?:co-?)?(?:director(?:a|es|as)?|directeur|directrice|directeurs|tutor(?:a|es|as)?|asesor(?:a|es|as)?|"
    r"encadrant(?:e)?s?|betreuer(?:in|innen)?|doktor(?:vater|mutter)|(?:erst|zweit)?gutachter(?:in)?|"
    r"orientador(?:a|es|as)?|relat(?:ore|rice|ori)|correlat(?:ore|rice|ori)|supervisor[ae]?)"
    r"(?:\s+(?:de\s+(?:la\s+)?)?(?:tesis|th[èe]se|tese|tesi|disserta[çc][ãa]o))?\s*:"
    r"|sous la (?:co-?)?direction d[eu']|bajo la (?:co-?)?direcci[óo]n de|sob (?:a )?(?:co-?)?orienta[çc][ãa]o d[eao]|"
    r"unter (?:der )?(?:Betreuung|Anleitung) von|sotto la (?:supervisione|guida) d[ie]")
# "Dissertation Committee: A (chair), B, C": the chair (or the members marked advisor) advise;
# a list with no such mark names its members only
_COMMITTEE = re.compile(r"\b(?:(?:dissertation|thesis|doctoral|ph\.?\s?d\.?)\s+)?committee\s*:\s*(.+)$", re.I)
_CHAIR_MARK = re.compile(r"\(\s*(?:co-?)?(?:chair|advisor|adviser|supervisor|main advisor|primary advisor)\s*\)", re.I)


def committee_advisors(text: str) -> list[str]:
    """'Committee: Jonah Roe (chair), Elise Poe' → ['Jonah Roe']; [] when none is marked."""
    m = _COMMITTEE.search(text)
    if not m or not _CHAIR_MARK.search(m.group(1)):
        return []
    out = []
    for part in re.split(r",\s*(?:and\s+)?|;\s*|\s+and\s+", m.group(1)):
        if _CHAIR_MARK.search(part):
            name = HONORIFIC.sub("", _CHAIR_MARK.sub("", part).strip(" .")).strip()
            if looks_like_name(name):
                out.append(name)
    return out


_OTHER_AND = r"(?:and|y|e|et|und)"     # "and" in English, Spanish, Portuguese/Italian, French, German
ADVISOR_OTHER_RE = re.compile(r"(?i:\b(?:" + ADVISOR_LABEL_OTHER + r"))\s*" + ADVISOR_RE.pattern[
    ADVISOR_RE.pattern.index(r"((?:(?:[Pp]rof"):].replace(r"\s+and\s+", r"\s+" + _OTHER_AND + r"\s+")
    .replace("[A-Z]", "[A-ZÀ-ÖØ-Þ]"))     # and names that open on an accented capital ("Ángela")
THESIS_LABEL = (r"\b(?:(?:tema|t[íi]tulo|sujet|titre|thema|titolo|argomento)\s+(?:de(?:\s+la)?|da|der|della)\s+|"
                # "bachelor thesis:", "Master's thesis:", "PhD dissertation:": the degree's own thesis
                r"(?:bachelor|master|honou?rs|diploma|doctoral|ph\.?\s?d\.?|senior|undergraduate)(?:['’]?s)?\s+)?"
                # ("Titre : …" alone, under a degree: the French thesis's title)
                r"(?:titre(?=\s*:)|thesis|dissertation|tesis(?:\s+(?:doctoral|de\s+(?:m[áa]ster|grado|licenciatura|doctorado)))?|"
                r"th[èe]se(?:\s+de\s+(?:doctorat|master))?|m[ée]moire(?:\s+de\s+master)?|tese(?:\s+de\s+doutorado)?|"
                r"disserta[çc][ãa]o(?:\s+de\s+mestrado)?|tesi(?:\s+di\s+(?:laurea|dottorato))?|"
                r"(?:doktor|master|bachelor|diplom|abschluss)arbeit|promotionsschrift)")
UNIT_WORDS = re.compile(r"\b(?:lab|group|team|department|dept|division)\b", re.I)
HONORIFIC = re.compile(r"^(?:(?:Prof(?:essor|esor)?s?\.?|Drs?\.?|Assoc\.\s*Prof\.?|Asst\.\s*Prof\.?)\s*){1,3}", re.I)
US_STATES = set("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ "
                "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split())
CITY_PREFIX = set("San Santa Los Las New Mountain Palo Menlo Ann Salt Chapel Stony College Hong Kuala Tel Rio "
                  "Buenos Cape St. Saint Fort Great West East North South Long Baton El La Le Hoboken".split())
PLACE_WORDS = set("""remote online beijing shanghai shenzhen hangzhou guangzhou nanjing wuhan hong kong taiwan taipei
macau macao singapore seattle boston cambridge redmond bellevue madison allston pittsburgh berkeley stanford
london paris berlin munich zurich lausanne tokyo seoul toronto montreal vancouver sydney melbourne china usa
us uk germany france japan korea canada india israel switzerland netherlands italy spain australia zhuhai
guangdong""".split())


# formats whose text is Markdown or is converted to Markdown's shape (mappers/markup.py)
MARKDOWN_SHAPED = ("markdown", "org", "rst")


def _comma_before_date_cell(lines: list[Line]) -> list[Line]:
    """"Lorem Research Stipend, \\hfill 2022 - Present" / "University of Lorem" (the next source
    line, no blank line between): a line stopped by a comma before its date column goes on on the
    line under it, which carries no date, list marker or heading of its own. The date column stays
    at the end of the joined line."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        main, tab, tail = prev.text.rpartition("\t") if prev is not None else ("", "", "")
        cont = line.text.strip()
        if prev is not None and tab and main.rstrip().endswith(",") and bare_date(tail) and cont \
                and line.no == prev.no + 1 and not line.gap and not line.bullet and not line.entry_head \
                and "\t" not in cont and not YEAR_RE.search(cont) and len(cont.split()) <= 12:
            out[-1] = Line(prev.no, main.rstrip() + " " + cont + "\t" + tail, prev.entry_head, prev.bullet,
                           prev.depth, prev.gap, prev.indent)
            continue
        out.append(line)
    return out


def _paired_venue_lines(lines: list[Line]) -> set[int]:
    """A list of talks each given on two lines, its title with a date column and under it one
    undated line (the event): the numbers of those undated lines. Only when every line of the
    list is of one of the two kinds, in pairs, at least two pairs (headings over groups of them
    aside); else none."""
    lines = [ln for ln in lines if not (ln.entry_head and "\t" not in ln.text)]
    if len(lines) < 4 or len(lines) % 2:
        return set()
    out: set[int] = set()
    for head, under in zip(lines[::2], lines[1::2]):
        cols = head.text.rsplit("\t", 1)
        if len(cols) != 2 or not bare_date(cols[1]) or not cols[0].strip() or head.bullet or under.bullet \
                or head.depth or under.entry_head or "\t" in under.text or YEAR_RE.search(under.text) \
                or not under.text.strip():
            return set()
        out.add(under.no)
    return out


_NAME_ROW = re.compile(r"(?i)(?:full\s+)?name\t\s*(\S.{2,60}?)\s*$")


def _labelled_fuller_name(sections: list[Section], name: str) -> str | None:
    """A "Name<TAB>Jane Quinn Roe" row near the top (a CV page's basics table) that gives the name
    found first ("cv | Jane Q. Roe" in the page's title) in full: the same first and last words, more
    letters. None when there is no such row."""
    words = name.split()
    for sec in sections[:4]:
        for line in sec.lines[:12]:
            if line.text[:4].lower() not in ("name", "full") or not (m := _NAME_ROW.match(line.text)):
                continue
            row = clean(strip_markup(m.group(1)))
            rw = row.split()
            if len(rw) >= 2 and rw[0].lower() == words[0].lower() and rw[-1].lower() == words[-1].lower() \
                    and len(row) > len(name) and looks_like_name(row):
                return row
    return None


def extract_text(doc: SourceDocument) -> CVRecord:
    text = doc.text
    sections = split_sections(text, markdown=doc.format in MARKDOWN_SHAPED)
    if not any(s.lines for s in sections):
        raise DocumentError(doc.name, "no text content to read")
    fm = front_matter(text)         # (read once: the name's fallback and the contacts)
    name, name_line = _find_name(sections, text, fm)
    if name and (fuller := _labelled_fuller_name(sections, name)):
        name = fuller
    if not name and doc.format in ("html", "docx", "odt") and doc.raw:
        # HTML → text drops <b>/<u>; the marks that name the subject are in the source (for
        # Word and OpenDocument files, their HTML one block a line).
        name, _ = _marked_subject([Section("publications", "", [Line(i + 1, t) for i, t in
                                                                  enumerate(doc.raw[: MAX_FIELD * 50].splitlines())])])
        name_line = None
    cv_sections = {s.kind for s in sections} & {"education", "positions", "publications", "awards", "teaching"}
    if not name and not cv_sections:
        raise DocumentError(doc.name, "no person's name and no CV sections found: this does not look like a CV")
    record = CVRecord(source_name=doc.name, format=doc.format, person=Person(name=name or "", line=name_line))
    if not name:
        record.report.warnings.append("the document never states its subject's name; the subject is left unnamed")
    open_now: set[int] = set()
    for sec in sections:
        for ln in sec.lines:
            if sec.kind in ("education", "positions") and ln.text.rstrip(" *_.)").lower().endswith(_NOW_WORDS) \
                    and (now := _undated_now_cut(ln.text)) is not None and not YEAR_RE.search(ln.text):
                # "**Role**, Lorem Lab, Place - *(current)*": a post or degree under way, with no date
                ln.text = ln.text[:now].rstrip(" ,;")
                open_now.add(ln.no)
            if ln.text.endswith((")", ").", ");")) and _MON_YY_BRACKET.search(ln.text) and not YEAR_RE.search(ln.text):
                ln.text = _MON_YY_BRACKET.sub(_mon_yy_four_digits, ln.text)
            elif ":" in ln.text[:40] and (lead := _MON_YY_LEAD.match(ln.text)) and not YEAR_RE.search(ln.text):
                ln.text = ln.text[:lead.start(2)] + _mon_yy_range(lead) + ln.text[lead.end():]
    if doc.format in ("pdf", "text"):
        # Text laid out on a page: lines broken by its width are joined back.
        measure = text_measure(sections)
        for sec in sections:
            _month_year_cells(sec.lines)
            if sec.kind == "publications":
                sec.lines = _labelled_references(sec.lines)    # (before its labelled lines are joined to it)
            sec.lines = join_wrapped(sec.lines, publications=sec.kind == "publications", measure=measure,
                                     references=sec.kind == "talks")
    elif doc.format in MARKDOWN_SHAPED:
        for sec in sections:
            if sec.kind != "publications":
                sec.lines = _comma_before_date_cell(sec.lines)
    reader = _Reader(record, text, fm)
    reader.read(sections)
    for edu in record.education:
        if edu.institution[-1:] in "—–" and len(edu.institution) > 2:
            # "Lorem University — Springfield, ST": the dash before the place read off stays no part of the name
            edu.institution = edu.institution.rstrip(" —–")
    for entry in [*record.education, *record.positions]:
        if entry.line in open_now and not entry.end:
            entry.current = True
    record.positions = _school_line_under_a_dated_topic(record.positions)
    _drop_site_template_content(record)
    if any("@" in s for s in record.skills):
        # a page footer's "joe@example.org" after the last section (skills): the address, no skill
        record.skills = [s for s in record.skills if not EMAIL_RE.fullmatch(s.strip(" .<>"))]
    if not (record.education or record.positions or record.publications or record.person.emails):
        record.report.warnings.append("no education, positions, publications or e-mail found: is this a CV?")
    return record


# "… - *(current)*", "… (present)", "…, ongoing" closing an education or positions line that holds no year
_NOW_WORDS = ("current", "present", "ongoing", "now")


def _undated_now_cut(text: str) -> int | None:
    """Where an open end closing a line starts ("… - *(current)*", "… (present)", "…, ongoing"),
    scanned back from the line's end (no pattern: runs of blanks cost one pass), or None."""
    end = len(text)
    while end and text[end - 1] in " \t.*_)":
        end -= 1
    low = text[:end].lower()
    word = next((w for w in _NOW_WORDS if low.endswith(w)), None)
    if word is None:
        return None
    cut = end - len(word)
    if cut and (text[cut - 1].isalnum() or text[cut - 1] in "-'’"):
        return None         # "Lorem Omnipresent", "ever-present"
    i = cut
    while i and text[i - 1] in " \t*_(":
        i -= 1
    if i and text[i - 1] in "-–—,":
        i -= 1
        while i and text[i - 1] in " \t":
            i -= 1
    return i if 0 < i < cut else None
# "(Oct 08 – Sep 10)", "(since Jan 13)", "(Mar 05)" closing a line with no four-digit year: months with
# two-digit years (a WordPress CV's habit), read with four
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
_MON_YY_BRACKET = re.compile(rf"\(\s*((?:since|from)\s+)?({_MON})\s+(\d\d)(?:\s*[-\u2010-\u2015]\s*({_MON})\s+(\d\d))?\s*\)(?=[.;]?$)",
                             re.I)


# "Oct 11 - Jun 14: PhD in …", "* Sep 19 - now: Lecturer, …": the same months with two-digit years
# opening a line as its date column, before a colon
_MON_YY_LEAD = re.compile(rf"([*+•-][ \t]+)?({_MON})[ \t](\d\d)[ \t]?[-\u2010-\u2015][ \t]?"
                          rf"(?:({_MON})[ \t](\d\d)|(present|now|current|today))(?=[ \t]?:)", re.I)


def _mon_yy_range(m: re.Match[str]) -> str:
    end = f"{m.group(4)} {_full_year(m.group(5))}" if m.group(4) else m.group(6)
    return f"{m.group(2)} {_full_year(m.group(3))} – {end}"


def _mon_yy_four_digits(m: re.Match[str]) -> str:
    start = f"{m.group(2)} {_full_year(m.group(3))}"
    if m.group(4):
        return f"({start} – {m.group(4)} {_full_year(m.group(5))})"
    return f"({m.group(1) or ''}{start})"


_LEAD_MM_YY = re.compile(r"((?:0?[1-9]|1[0-2])/\d\d(?:\s?[-\u2010-\u2015]\s?(?:(?:0?[1-9]|1[0-2])/\d\d|present|now|today|current))?"
                         r"|(?:0?[1-9]|1[0-2])-\d\d\s[-\u2010-\u2015]\s(?:(?:0?[1-9]|1[0-2])-\d\d|present|now|today|current))"
                         r"(\t| (?=[A-Z]))", re.I)


def _month_year_cells(lines: list[Line]) -> None:
    """A date column in month/two-digit-year form opening the lines ("10/15-08/18 Bachelor in
    Physics", "09/18 Schneider, A. D.; …", "03-16 - Now Lead architect", as friggeri-cv CVs
    print it) → four-digit years and a
    tab after the cell ("10/2015 – 08/2018<TAB>Bachelor in Physics"). A range, or a lone
    'MM/YY' before a tab, is a date cell; other lone ones only when two or more lines of the
    section open with one."""
    found = [(ln, m) for ln in lines if ln.text[:1].isdigit() and (m := _LEAD_MM_YY.match(ln.text))]
    lone_column = sum(1 for _, m in found if "/" in m.group(1) and m.group(1).count("/") == 1
                      and not re.search(r"[-\u2010-\u2015]", m.group(1))) >= 2
    for ln, m in found:
        single = m.group(2) == "\t" or lone_column
        # ("03-16 - Now", "09-16 - 03-17": month_year_field reads the hyphen form too)
        cell = month_year_field(m.group(1), single=single)
        if cell != m.group(1):
            ln.text = cell + "\t" + ln.text[m.end():]


def _school_line_under_a_dated_topic(positions: list[Position]) -> list[Position]:
    """'**Computational Astronomy**, 2013' then 'University of Lorem, Springfield, ST' on the next
    line: a research post written as its subject and dates, the university under it. Read as two
    entries (the subject as an undated post's organization, the university as an undated,
    untitled post of its own), they are one: the subject is the post's title, the university its
    organization. Only when the first names no organization (no organization word, no known
    name) and the second is a university, college, school or institute with no title or dates."""
    out: list[Position] = []
    for p in positions:
        a = out[-1] if out else None
        if a is not None and a.line and p.line == a.line + 1 and not a.title and (a.start or a.end or a.current) \
                and not p.title and not (p.start or p.end or p.current) and p.organization and a.organization \
                and INSTITUTION_WORDS.search(p.organization) and not ORG_WORDS.search(a.organization) \
                and not is_known_org_name(a.organization) and not DEGREE_RE.search(a.organization) \
                and len(a.organization.split()) <= 10:
            a.title, a.organization = a.organization, p.organization
            a.unit = a.unit or p.unit
            a.location = a.location or p.location
            a.mentors = [*a.mentors, *(m for m in p.mentors if m not in a.mentors)]
            if p.description:
                a.description = f"{a.description}\n{p.description}" if a.description else p.description
            continue
        out.append(p)
    return out


# ---------------------------------------------------------------------------------------
# Site-template content
# ---------------------------------------------------------------------------------------
# The example entries of the CV page academicpages sites start from (``_pages/cv.md``):
# owners often add their own entries and keep the examples ("M.S. in Jekyll, GitHub
# University", "Research Assistant / Github University", "Skill 1"). As for JSON Resume
# samples, an entry is the template's when two of its fields equal an example's (an
# institution alone can be anyone's); a skill when it is a numbered placeholder.
_TEMPLATE_ORGS = {"github university"}
_TEMPLATE_DEGREES = {"b.s. in github", "m.s. in jekyll", "ph.d in version control theory"}
_TEMPLATE_ROLES = {"research assistant", "academic pages collaborator"}
_TEMPLATE_SERVICE = {"currently signed in to 43 different slack teams"}
_TEMPLATE_SKILL = re.compile(r"(?:sub-)?skill \d{1,2}(?:\.\d{1,2})?", re.I)


def _norm_words(value: str | None) -> str:
    return " ".join((value or "").lower().split())


def _drop_site_template_content(record: CVRecord) -> None:
    dropped: list[str] = []
    keep = partial(without_template, dropped)
    record.education = keep("education", record.education, lambda e: _norm_words(e.institution) in _TEMPLATE_ORGS
                            and _norm_words(e.degree) in _TEMPLATE_DEGREES)
    record.positions = keep("positions", record.positions, lambda p: _norm_words(p.organization) in _TEMPLATE_ORGS
                            and _norm_words(p.title) in _TEMPLATE_ROLES)
    record.service = keep("service", record.service, lambda s: _norm_words(s.role).rstrip(".") in _TEMPLATE_SERVICE)
    record.skills = keep("skills", record.skills, lambda k: _TEMPLATE_SKILL.fullmatch(k.strip()) is not None)
    if dropped:
        record.report.warnings.append("template example content ignored (entries of the academicpages sample CV "
                                      "page): " + ", ".join(dropped))

# ---------------------------------------------------------------------------------------
# The subject
# ---------------------------------------------------------------------------------------
_NAME_LABEL = re.compile(r"^(?:name|full name)\s*:\s*(.+)$", re.I)


def _find_name(sections: list[Section], text: str, fm: dict[str, str]) -> tuple[str | None, int | None]:
    """The subject's name: a name-like line near the top (a heading, a bold line or a plain
    line); else the site's front matter (`author:`/`name:`); else the author the CV marks as
    its subject (bold/underlined) in several of its publications — academic-site CV pages
    often carry the name only in the site template, not in the page. `fm` is the text's front
    matter (`front_matter(text)`)."""
    name, line_no = _name_near_top(sections, text)
    if name:
        return name, line_no
    for key in ("author", "name", "full_name", "fullname"):
        cand = strip_markup(fm.get(key, ""))
        if looks_like_name(cand, max_words=4):
            return cand, None
    # a CV document titled with its subject's name (Quarto/R Markdown: 'title: "Jane Roe"'), not
    # a page named after its content ("Selected Works")
    cand = strip_honorifics(strip_markup(fm.get("title", "")).strip())
    if looks_like_name(cand, max_words=4) and not only_heading_words(cand) and not _TITLE_NOT_NAME.search(cand):
        return proper_case_name(cand, text), None
    # the page's title or summary: "Jane Q. Doe's curriculum vitae (CV)", "Current CV for Jane Doe"
    for key in ("title", "excerpt", "description"):
        m = _CV_OF.search(fm.get(key, "")[:300])
        cand = m and strip_markup(next(g for g in m.groups() if g)).strip(" ,.")
        if cand and looks_like_name(cand, max_words=4):
            return cand, None
    # a third-person biography ("Jane Roe is an Associate Professor at …", "Jane Roe (Member,
    # IEEE) received the B.S. degree …"): its subject opens it
    first = next((ln.text for sec in sections[:2] for ln in sec.lines[:1]), "")
    if first[:1].isupper() and (m := _BIO_SUBJECT.match(first[:200])) and looks_like_name(m.group(1), max_words=4) \
            and not only_heading_words(m.group(1)):
        return m.group(1), sections[0].lines[0].no if sections[0].lines else None
    return _marked_subject(sections)


_BIO_SUBJECT = re.compile(r"([A-Z][\w'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][\w'’-]+){1,2})(?:\s*\([^()]{1,80}\))?,?\s+"
                          r"(?:is|was|has\s+been|received|joined|works|serves|holds|obtained|earned)\s")


_TITLE_NOT_NAME = re.compile(r"\b(?:home|welcome|hello|world|getting|started|notes|guide|tutorial|posts?|archive|index|gallery|links|about|page|site|blog|news|portfolio|resume|r[ée]sum[ée]|cv|vitae|"
                             r"publications?|projects?|teaching|research|talks?|contact)\b", re.I)
_CV_OF = re.compile(r"^\s*([^'’:|]{3,60}?)['’]s?\s+(?:academic\s+)?(?:curriculum vitae|cv|vita|r[ée]sum[ée])\b|"
                    # (… "of Jane Doe: education, positions and talks": what the page holds, after a colon)
                    r"\b(?:curriculum vitae|cv|vita|r[ée]sum[ée])\s+(?:of|for)\s+([^,;:|()]{3,60}?)\s*(?:$|[:–—]\s)|"
                    # "Curriculum Vitae - Jane Doe", "Vita - Jane Doe", "Jane Doe | CV": the name beside the word
                    r"^\s*(?:curriculum vitae|cv|vita|r[ée]sum[ée])\s*[-–—|:·]\s*([^,;:|()]{3,60}?)\s*$|"
                    r"^\s*([^,;:|()\-–—·]{3,60}?)\s*[-–—|:·]\s*(?:academic\s+)?(?:curriculum vitae|cv|vita|r[ée]sum[ée])\s*$|"
                    # "Jane Doe Curriculum Vitae": a heading whose subtitle a <br> put on the name's line
                    r"^\s*([^,;:|()\-–—·]{3,60}?)\s+(?:curriculum vitae|r[ée]sum[ée])\s*$|"
                    # "李明个人简历", "王芳的简历" (Chinese: the name, then "(personal) résumé")
                    r"^\s*(?!个人|個人)([\u4e00-\u9fff·]{2,8}?)\s*(?:的)?\s*(?:个人|個人)?(?:简历|簡歷|履历|履歷)\s*$", re.I)


_CJK_CV_WORD = re.compile(r"(?:个人|個人)?(?:简历|簡歷|履历|履歷)|履歴書")


_MARKED_INVERTED = re.compile(r"<(em|i)>\s*([A-Z][\w'’-]{1,30}(?: [A-Z][\w'’-]{1,30})?),\s+([A-Z][a-z\u00c0-\u024f'’-]{1,30}"
                              r"(?: [A-Z]\.)?)\s*</\1>")
# a marked name written surname first with initials (APA): "Roe, J. A", "Roe-Poe, J"
_MARKED_SURNAME_INITIALS = re.compile(r"([A-Z][\w'’-]{1,30}(?: [A-Z][\w'’-]{1,30})?),\s*([A-Z]\.?(?:[\s-]?[A-Z]\.?){0,2})")
_MARKED = re.compile(r"\*\*([^*\n]{2,80}?)\*\*|__([^_\n]{2,80}?)__|<(b|strong|u)>([^<\n]{2,80}?)</\3>", re.I)


def _marked_subject(sections: list[Section]) -> tuple[str | None, int | None]:
    """The name marked (bold/underline) inside publication author lists: the one marked in
    the most entries (two or more, or the only name marked at all). A surname alone counts."""
    counts: dict[str, list[int]] = {}
    for sec in sections:
        if sec.kind != "publications":
            continue
        for line in sec.lines:
            for m in _MARKED.finditer(line.text[:MAX_FIELD]):
                inner = m.group(1) or m.group(2) or m.group(4)
                # closing/opening marks around the mark ("<u><b>Name</b></u>, …") are not separators
                after = re.sub(r"^(?:</?(?:u|b|strong|i|em|sup)>|\*\*|__|\s)+", "", line.text[m.end(): m.end() + 40])[:10]
                before = re.sub(r"(?:</?(?:u|b|strong|i|em|sup)>|\*\*|__|\s)+$", "", line.text[max(0, m.start() - 40): m.start()])[-6:]
                # Only inside an author list: a separator or "et al." next to the mark.
                if not (inner.rstrip().endswith(",") or re.match(r"^\s*(?:,|and\b|&|et\.?\s*al)", after)
                        or re.search(r"(?:,|\band|&)\s*$", before)):
                    continue
                cand = clean(re.sub(r"\([^)]*\)|[*†‡\d]+$", "", inner)).strip(" ,.")
                if "," in cand and (inv := _MARKED_SURNAME_INITIALS.fullmatch(cand)):
                    # "**Roe, J. A.**, Poe, S. (2020)…" (APA): the name is "J. A. Roe"
                    cand = " ".join(f"{c}." for c in re.findall(r"[A-Z]", inv.group(2))) + " " + inv.group(1)
                if looks_like_name(cand, max_words=4) or re.fullmatch(r"[A-Z][a-z\u00c0-\u024f'-]{2,30}", cand):
                    counts.setdefault(cand, []).append(line.no)
            # "<em>Roe, Jana</em>, and Poe, Sam" (al-folio's author lines): an emphasised inverted name
            for m in _MARKED_INVERTED.finditer(line.text[:MAX_FIELD]):
                if re.match(r"\s*(?:,|and\b|&)", line.text[m.end(): m.end() + 10]) \
                        or re.search(r"(?:,|\band|&)\s*$", line.text[max(0, m.start() - 10): m.start()]):
                    counts.setdefault(f"{m.group(3)} {m.group(2)}", []).append(line.no)
    if not counts:
        return None, None
    best = max(sorted(counts), key=lambda k: (len(counts[k]), len(k.split())))
    if len(counts[best]) < 2 and len(counts) > 1:
        return None, None
    return best, counts[best][0]


_TRAILING_LINK = re.compile(r"(?<=\S)\s+(?:<a\b[^<>]{0,1000}>[^<>]{0,200}</a>|\[[^\[\]]{0,200}\]\([^()\s]{0,1000}\))\s*$", re.I)
_SOURCE_SUBHEADING = re.compile(r"^\s{0,3}(?:(#{2,6})\s|<h([2-6])\b)", re.I)


_BUTTON_TEXT = re.compile(r"\s*(?:\[\s*)?(?:download|view|print|get)\b[\w ]{0,20}\b(?:cv|pdf|r[ée]sum[ée]|version|vitae)"
                          r"\s*(?:\]\([^()\s]*\))?\s*$", re.I)
# a town and its state or postcode: "Santa Barbara, CA, 93106-5110", "Lorem City, NY 10027"
# (a postcode is needed: "Jane Roe, MD" is a name and a degree)
_PLACE_LINE = re.compile(r"[^,]{2,40},\s*(?:[A-Z]{2}\b\.?\s*,?\s*\d{5}(?:-\d{4})?|\d{4,6}(?:-\d{4})?)\s*(?:,|$)")


# a called-by name between the given name and the surname, in brackets or quotes
_NICKNAME = re.compile(r"(?<=\w)\s+(?:\([A-Z][\w'’.-]{0,20}\)|[“\"][A-Z][\w'’.-]{0,20}[”\"])(?=\s+\w)", re.I)


def _name_near_top(sections: list[Section], text: str) -> tuple[str | None, int | None]:
    source = text.split("\n")
    # the levels of the CV's known section headings ("## Education" → 2)
    section_levels = {s.level for s in sections if s.level and s.kind not in ("preamble", "other")}
    seen = 0
    prose_seen = False      # a line that is not a heading came before
    prev_text = ""          # the line before (its text)
    for sec in sections:
        if sec.kind not in ("preamble", "interests", "contact"):
            break
        for line in sec.lines:
            seen += 1
            after_comma, prev_text = prev_text.endswith(","), line.text.rstrip()
            # (a download button's text, "Download Full CV", is no prose before the name)
            prose_before, prose_seen = prose_seen, prose_seen or not (line.entry_head or _BUTTON_TEXT.match(line.text))
            if seen > 30:
                return None, None
            if sec.kind == "interests" and "," in line.text:
                continue        # "Economic History, Applied Econometrics": a list of fields, not a name
            cols = line.text.split("\t")
            # a header's first column; after a "Name" label column, the next one
            first = cols[1] if len(cols) > 1 and re.fullmatch(r"\W*(?:full\s+)?name\W*", cols[0], re.I) else cols[0]
            if line.entry_head and ("<a" in first or "](" in first):
                # "# Jane Doe <a href=…>Download CV</a>": a link after the name is not part of it
                first = _TRAILING_LINK.sub("", first)
            cand = strip_honorifics(strip_markup(first).strip(" #*:"))
            m = _NAME_LABEL.match(cand)
            if m:
                cand = m.group(1).strip()
            # "# Curriculum Vitae — Jane Doe", "Jane Doe's CV": the name the heading gives
            cv_of = _CV_OF.search(cand) if len(cand) < 200 else None
            if cv_of:
                cand = next(g for g in cv_of.groups() if g).strip(" ,.")
            if "," in cand and _PLACE_LINE.match(cand):
                continue        # "Santa Barbara, CA, 93106": an address line, not a name
            if _CJK_CV_WORD.fullmatch(cand):
                continue        # "个人简历" ("résumé"): the page's title, no name
            if after_comma:
                continue        # "Yokohama," / "Kanagawa JP": the rest of a line a narrow column wrapped
            cand = re.split(r"\s*[|•◊,]\s*|\t", cand)[0].strip()
            cand = latin_form(cand)                              # "张伟 (Wei Zhang)" → "Wei Zhang"
            cand = re.sub(r"\s*\([^()]{1,80}\)$", "", cand)      # "Jane Doe (Doe Consulting Ltd)"
            cand = _NICKNAME.sub("", cand)                       # "Zhiwei (Karl) Martens", "Ann “Annie” Lee"
            if looks_like_name(cand, max_words=4) and not only_heading_words(cand):   # not "Selected Work"
                # a heading set as high as the CV's section headings, after text, heads a section
                # of its own ("<h2>CS Work</h2>" under a paragraph, above "<h2>Education</h2>")
                sub = _SOURCE_SUBHEADING.match(source[line.no - 1][:200]) if seen > 1 and line.entry_head \
                    and prose_before and 0 < line.no <= len(source) else None
                if sub and int(len(sub.group(1)) if sub.group(1) else sub.group(2)) in section_levels:
                    continue
                return strip_honorifics(proper_case_name(cand, text)), line.no   # ("DR JANE DOE")
        if sec.kind not in ("preamble", "interests", "contact"):
            break
    return None, None


# ---------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------
_READER_RE1 = re.compile(r"https?://\S+|www\.\S+")
# a profile site's address is never the homepage, even when its identifier cannot be read
# a link to a file ("[Current CV](…/files/cv.pdf)", a photo) is not a home page
_DOCUMENT_URL = re.compile(r"\.(?:pdf|docx?|odt|pptx?|zip|bib|tex|ps|txt|png|jpe?g|gif|svg|webp)(?:[?#][^\s]{0,300})?$", re.I)
_PROFILE_HOST = re.compile(r"//(?:www\.)?(?:scholar\.google\.|[a-z]{0,3}\.?linkedin\.com|orcid\.org|dblp\.|"
                           r"researchgate\.net|twitter\.com|x\.com/|semanticscholar\.org|"
                           # (nor a messenger's or a social network's page: "t.me/jdoe", "facebook.com/jdoe")
                           r"t\.me/|telegram\.me|wa\.me/|whatsapp\.com|discord(?:app)?\.(?:com|gg)|facebook\.com|fb\.com|"
                           r"instagram\.com|youtube\.com|youtu\.be|vk\.com|tiktok\.com|codewars\.com|leetcode\.com|"
                           r"hackerrank\.com|codepen\.io|kaggle\.com|stackoverflow\.com/users)", re.I)
# two addresses run together where a separator macro printed nothing: "jdoe.at.lorem.comgithub.com/jdoe"
_GLUED_HOSTS = re.compile(r"\.(?:com|org|net|edu|io)[a-z]+\.(?:com|org|net|io)\b|(?<=[a-z0-9])(?:github|gitlab|linkedin|"
                          r"twitter|orcid)\.(?:com|org)/")
_BARE_ORCID = re.compile(r"\bORCID(?:\s*i?D)?[*_]*\s*[:#]?[*_`\s]*(\d{4}-\d{4}-\d{4}-\d{3}[\dXx])\b", re.I)
_BARE_SITE = re.compile(r"(?<![@\w./:-])(?:[a-z0-9][a-z0-9-]*\.)+(?:org|com|net|io|me|dev|info|edu|ai|page|site|"
                        r"de|uk|fr|nl|ch|ca|au|it|es|se|no|fi|dk|be|at|pl|il|kr|sg|hk|jp|cn|in|eu|us|co)"
                        r"(?:/[\w~./-]*)?(?![\w@.-]*[\w@-])|"
                        # ("Scholar.harvard.edu/jdoe" capitalised at the start of its line: with a path, so
                        # that a company's name, "Lorem.com", is not taken for an address)
                        r"(?<![@\w./:-])[A-Z][a-z0-9-]*\.(?:[a-z0-9][a-z0-9-]*\.)*(?:org|com|net|io|edu|me)/[\w~.-]+/?"
                        r"(?![\w@.-]*[\w@-])")
_READER_RE2 = re.compile(r"\b(github|gitlab|scholar|linkedin|orcid|dblp|semantic scholar|homepage|website|web page|personal site|"
                         r"researchgate|research gate|twitter|mastodon|bluesky|scopus|openreview|web of science|researcherid|"
                         r"publons)\b", re.I)


# the offices a job-market CV names at its top, with their holders' addresses ("Placement
# Director: Jana Roe", "Graduate Administrator: …")
_OTHER_OFFICE = (r"placement\s+(?:directors?|officers?|coordinators?|chairs?)|(?:graduate|program|department|"
                 r"administrative)\s+(?:administrators?|coordinators?|assistants?)")
_OFFICE_HOLDER = re.compile(r"\b(?:" + _OTHER_OFFICE + r")\s*:\s*(?:Prof(?:essor)?\.?\s+|Dr\.?\s+)?"
                            r"([A-Z][\w'’-]+(?:\s+[A-Z][\w'’.-]+){0,3})", re.I)
_OTHERS_CONTACT = re.compile(r"\b(?:supervisors?|advisors?|mentors?|hosts?|referees?|references?|"
                             r"principal investigator|contact person|" + _OTHER_OFFICE + r")\s*:|"
                             r"\b(?:supervised|advised|hosted|mentored) by\b", re.I)
# Lower-case words one of which an ASCII text must hold for _OTHERS_CONTACT / _READER_RE2
# (case-blind) to match it: a cheap test that spares the pattern most lines. (In other
# text a case-blind match can differ from the lower-cased form: "İ", "ı", "ſ", "K".)
_OTHERS_CONTACT_WORDS = ("supervis", "advis", "mentor", "host", "referee", "reference", "principal investigator",
                         "contact person", "placement", "administrat", "coordinator")
_READER_WORDS = ("github", "gitlab", "scholar", "linkedin", "orcid", "dblp", "homepage", "website", "web page", "personal site",
                 "researchgate", "research gate", "twitter", "mastodon", "bluesky", "scopus", "openreview", "web of science",
                 "researcherid", "publons")


def _others_contact(text: str) -> bool:
    """Another person's contact details are given on the line ("Supervisor: …", "hosted by …")."""
    if text.isascii():
        low = text.lower()
        if not any(w in low for w in _OTHERS_CONTACT_WORDS):
            return False
    return _OTHERS_CONTACT.search(text) is not None


def _names_profile(text: str, words: tuple[str, ...] = _READER_WORDS) -> bool:
    """The text names a profile or home page outside its URLs ("GitHub: …", "[Scholar](…)").
    ``words``: those of _READER_WORDS the whole document holds (a cheap test first)."""
    if "http" in text or "www." in text:     # (what _READER_RE1 matches starts so)
        text = _READER_RE1.sub("", text)
    if text.isascii():
        low = text.lower()
        if not any(w in low for w in words):
            return False
    if "web" in text.lower() or "homepage" in text.lower():
        # "[course website](…)", "the project's homepage": another thing's site, not the subject's
        text = _OTHER_SITE.sub("", text)
    return _READER_RE2.search(text) is not None


_OTHER_SITE = re.compile(r"\b(?:course|class|project|lab|group|conference|workshop|company|team|event|journal|program(?:me)?|"
                         r"product|department|university|school|seminar|challenge|competition|app)(?:'s)?\s+(?:website|homepage|web page)\b", re.I)
# (other languages' headings too: "Références", "Referenzen", "Referencias", "Referências")
_REFEREES = re.compile(r"\b(?:referees?|references?|placement|r[ée]f[ée]rences|referenz(?:en)?|referencias|refer[êe]ncias|referenze)\b", re.I)
_COURSE_CODE = re.compile(r"\b[A-Z]{2,}\s?\d{2,}")      # "CS 101", "EECS281"
# "…, ICFP", "…, Lorem Symposium": a venue after a title's last comma (up to three capitalised words)
_TITLE_VENUE_TAIL = re.compile(r",\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})\.?$")


def _dated_heading_entries(lines: list[Line]) -> list[tuple[str, Line, str]] | None:
    """'## May 2019' / '### Title' / 'A paragraph about the work.': each entry of a list set as a
    heading of its date (a month and year, or a year) over a heading of its title, then prose. The
    (date, title line, first paragraph) of each, or None when the list has not this shape (two
    entries at least, every heading paired)."""
    out: list[tuple[str, Line, str]] = []
    i, n = 0, len(lines)
    while i < n:
        ln = lines[i]
        if not (ln.entry_head and len(ln.text) <= 30 and _only_a_date(strip_markup(ln.text)) and YEAR_RE.search(ln.text)):
            return None
        if i + 1 >= n or not lines[i + 1].entry_head or _only_a_date(strip_markup(lines[i + 1].text)):
            return None
        head = lines[i + 1]
        j, about = i + 2, []
        while j < n and not lines[j].entry_head:
            about.append(lines[j].text)
            j += 1
        out.append((strip_markup(ln.text).strip(), head, clean(strip_markup(about[0])) if about else ""))
        i = j
    return out if len(out) >= 2 else None


_TALKS_TOO = re.compile(r"\b(?:presentations?|talks?|posters?)\b", re.I)
# "Title of the work. Posters, Lorem Meeting 2019 (Place) and …", "Title. Ipsum 2017 World Congress"
_TALK_IN_TITLE = re.compile(r"(.{12,300}?[a-z)])\.\s+((?:(?:oral |poster |invited )?(?:posters?|presentations?|talks?)\b[,:]?\s*)?"
                            r"[A-Z][^.]{0,120}?\b(?:19|20)\d\d\b[^.]{0,160})\.?$")
_PRESENTATION_KIND_LEAD = re.compile(r"^(?:oral |poster |invited )?(?:posters?|presentations?|talks?)\b[,:]?\s*", re.I)
# "MRS Fall Meeting, Boston, USA — Oral presentation": the event (and place), then only the kind of talk
_KIND_AFTER_EVENT = re.compile(r"\s+[–—-]\s+(?:(?:oral|poster|invited|contributed|keynote|plenary|spotlight)\s+"
                               r"(?:presentation|talk|lecture)|poster|oral|talk)\.?$", re.I)
_LEAD_BOLD = re.compile(r"(?:\*\*|__)([^*_\n]{2,80}?)(?:\*\*|__)\s*,")
# an organization's word other than "research" ("Directed Research" names an activity, not a body)
_ORG_BUT_RESEARCH = re.compile(ORG_WORDS.pattern.replace("research|", ""), re.I)
_COLOCATED = re.compile(r"\s*\((?:co-?located|collocated|held jointly|held together)\s+with\s+[^()]{2,80}\)$", re.I)
_LOWER_NOTE = re.compile(r"\s*\(([a-z][\w-]*(?:\s+[a-z][\w-]*){1,7})\)$")
# "*Nov 2025 – present*", "_2019 – 2021_" opening a line (in italics; "**2017 -- 2018** Lorem University" is a header)
_EMPHASISED_LEAD = re.compile(r"(?:\*(?!\*)|_(?!_))([^*_\n]{4,40}?)(?:\*|_)")
# "(Prof. Ann Roe)", "(advisor: Dr. Ben Poe)", "(with Professor C. Doe)" closing an organization's name
_ADVISOR_BRACKET = re.compile(r"\s*\((?:(?:with|under|advis(?:or|er)s?|supervis(?:or|ed by)|mentors?|PI|host)\s*:?\s+)?"
                              r"(?:Prof\.?|Professor|Dr\.?)\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\)$")
# "(Group Leader: Dr. Ann Roe)", "(Supervisor: Prof. Ben Poe)" on a line of its own under a post
_BRACKET_MENTOR = re.compile(r"\(\s*(?i:group leader|supervisors?|advis(?:or|er)s?|mentors?|PI|host|"
                             r"supervised by|advised by)\s*:?\s+(?:(?:Prof\.?|Professor|Dr\.?)\s+)?"
                             r"([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,3})\s*\)")
# "Research Fellow at School of Computing, Computer Science Department": a role, "at", where
_ROLE_AT_UNIT = re.compile(r"([A-Z][\w/&'’ -]{2,60}?)\s+(?:at|@)\s+(?:the\s+)?([A-Z][^;]{2,150})")
_ORG_PART = re.compile(r"(?:Department|Dept\.?|School|Faculty|Division|College|Institute)\s+(?:of|for)\b")
# "*Title*, Host, Nov 2017", "<i>Title</i>. Host": an emphasised title opens the line
_GIVEN_AT_NOTE = re.compile(r"\s*\((?:an?\s+)?(?:invited\s+)?(?:talk|paper|poster|presentation)\s+(?:given|presented|delivered)\s+at\s+"
                            r"([^,;()]{2,150})[^()]{0,300}\)$", re.I)
_HOST_COLON_TALK = re.compile(r"^\s*(?:((?:19|20)\d\d)\s+)?(?:(?:poster|talk|invited\s+talk|keynote|oral(?:\s+presentation)?)\b,?\s+)?"
                              r"([^*_<>]{3,300}?)\s*(?::|(?<=[a-z)])\.)\s+(?:\*(?!\*)|_(?!_)|<(?:i|em)>)"
                              r"([^*_<>]{3,300}?)(?:\*|_|</(?:i|em)>)\.?(?:\s*\((?:https?://|www\.)[^()\s]{1,300}\))?\s*$", re.I)
# "__Event__, Place<TAB>2018. Authors. _Title._": the event in bold opening the line, the title in emphasis closing it
_EVENT_THEN_TITLE = re.compile(r"^(?:\*\*|__)(?P<e>[^*_\n]{3,160}?)(?:\*\*|__)(?P<mid>[^*_\n]{4,400}?)"
                               r"(?<![\w*_])(?:\*(?!\*)|_(?!_))(?P<t>[^*_\n]{8,300}?)(?:\*|_)\.?$")
_EMPHASISED_TALK = re.compile(r"^\s*(?:\*(?!\*)|_(?!_)|<(?:i|em)>)([^*_<>]{3,300}?)(?:\*|_|</(?:i|em)>)[\s,.;:–—-]+(\S.*)$")
# the kind of a talk as a part of its own: "Invited talk, University of Lorem"
_TALK_KIND_PART = re.compile(r"(?:invited|keynote|plenary|contributed|oral|spotlight|poster)(?:\s+(?:talk|lecture|"
                             r"presentation|speaker|address))?\s*[,;:–—-]\s*", re.I)
# a note after a talk's date: lower case, up to eight words, perhaps a bracket ("audience
# internationale (280 personnes)", "invited", "virtual")
_NOTE_AFTER_DATE = re.compile(r"\s*,\s*[a-zà-ÿ][^\s,()]*(?:\s[^\s,()]+){0,7}(?:\s*\([^()]{0,40}\))?\s*\.?\s*")
# the words leading to where a talk was given after its quoted title: "at", "in", "during a visit at"
_TALK_AT_LEAD = re.compile(r"(?:(?:given|presented|delivered)\s+)?(?:during\s+(?:a\s+|my\s+)?visit\s+)?(?:at|to|in)\s+(?:the\s+)?", re.I)
_QUOTED_TALK = re.compile(r'^\s*(?:(?:invited\s+|plenary\s+|contributed\s+)?(?:talk|keynote(?:\s+talk)?|plenary|tutorial|'
                          r'seminar|lecture|colloquium|panel(?:ist)?|poster|presentation)\s*[:–—-]\s*)?'
                          r'["“”]([^"“”]{3,300}?)[\s,.;:]*["”][\s,.;:–—-]*(.*)$', re.I)

# "Scalable Query Processing. Department of Computer Science, University of Toronto": the host
# after the title's closing stop names an institution, a department or an event
_SERVICE_IN_TEACHING = re.compile(
    r"^(?:(?:from\s+|since\s+)?((?:19|20)\d\d(?:\s*[-–—]{1,2}\s*(?:(?:19|20)\d\d|present|now))?)\s*[:\t]\s*)?"
    r"((?:(?:session|program(?:me)?|workshop|conference|panel|track)\s+)?(?:co-?)?chair|(?:submission|paper|peer|manuscript)\s+"
    r"review(?:er|ing)?|reviewer|referee|(?:program(?:me)?|organi[sz]ing|scientific)\s+committee(?:\s+member)?|"
    r"(?:co-?)?organi[sz]er)\s+(?:at|for|of)\s+(\S.{2,300})$", re.I)
# a sentence that tells what was done: "Hosted workshops on …", "Coordinated speaker events …"
_DONE_SENTENCE = re.compile(r"(?!Chair|Co-?chair|Co-?organi|Organi|Review|Refere|Serv|Judg|Edit|Elected|Appointed|Nominated)[A-Z][a-z]{2,}ed\s+\S+(?:\s+\S+){2,}")
_ROLE_FOR_COURSES = re.compile(r"^((?:(?:graduate|undergraduate|head|lead|senior)\s+)?(?:teaching\s+(?:assistant|fellow)|TA|"
                               r"tutor|grader|instructor|lecturer))\s+for\s+(?:the\s+)?(?:courses?\s+)?(\S.{2,600}?)\.?$", re.I)
_INSTITUTION_COURSES = re.compile(r"^([A-Z][^:;,]{2,80}):\s+(\S.{4,600})$")
_COURSE_SPLIT = re.compile(r"\s*;\s*|,\s*(?![^()]*\))")
_BRACKET_DATE = re.compile(r"\(\s*((?:[A-Z][a-z]{2,8}\.?\s+)?(?:19|20)\d\d)\s*\)")
_BOLD_EVENT = re.compile(r"^(?:\*\*|__)([^*_]{3,200}?)(?:\*\*|__)")
_NTH_MACRO = re.compile(r"\\nth\{(\d{1,3})\}")
_SENTENCE_STOP_IN_HOST = re.compile(r"(?:(?<=\b[A-Z]{2})|(?<=[a-z]{3}))\.\s+(?=[A-Z])")
_KIND_BEFORE_EMPHASIS = re.compile(r"(?i)(?:keynote|plenary|(?:invited|contributed)\s+talk|poster|talk)\s*:?\s+(?=\*(?!\*)|_(?!_)|<(?:i|em)>)")
_YEAR_OPENS_EVENT = re.compile(r"((?:19|20)\d\d)\s+(?=\S)")
_INLINE_BOLD_TAG = re.compile(r"</?(?:b|strong)>")
_INLINE_ITALIC_TAG = re.compile(r"</?(?:i|em)>")
_LIST_ITEM_TAG = re.compile(r"^\s*<li[^>]*>|</li>\s*$")
_TALK_NOTE = re.compile(r"(?<!\s)\s*\((?:(?:co-?authored|joint|presented)\s+)?with\s[^()]{2,200}\)|(?<!\s)\s*\((?:session\s+)?(?:co-?)?"
                        r"(?:chair|organizer|discussant|moderator|panelist)\)", re.I)
_MONTH_NAME = (r"(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
               r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_MONTH_DAYS = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:\s*[-–]\s*\d{1,2})?", re.I)
_TALK_HOST_HEAD = re.compile(r"\.\s+(?=(?:the\s+)?[A-Z])|\s[–—]\s+(?=(?:the\s+)?[A-Z])")
# (where a talk was given, beside _TALK_HOST_WORDS: "Guest Lecture, Lorem University")
_TALK_VENUE_WORDS = re.compile(r"\b(?:lecture|university|institute|school|college|academy|universit[àäé]t?)\b", re.I)
_TALK_HOST_WORDS = re.compile(r"\b(?:department|dept\.|faculty|laborator(?:y|ies)|lab|labs|research|center|centre|"
                              r"conference|workshop|symposium|seminar|colloquium|meeting|summit|forum|congress|"
                              r"society|association)\b", re.I)
_STOP_MONTH_END = re.compile(r"\.\s+(" + _MONTH_NAME + r")\.?$")


_EDITOR_THEN_JOURNAL = re.compile(r"((?:(?:[Aa]ssociate|[Mm]anaging|[Ss]enior|[Ss]ection|[Gg]uest|[Dd]eputy|[Cc]o-?)\s*)?"
                                  r"[Ee]ditor(?:-in-[Cc]hief)?|[Ee]ditor-in-[Cc]hief)\s+(?!of\b|for\b|at\b|and\b)([A-Z][^,;]{3,150})$")
# a label of a publication list: a few words, no digit, no sentence or title punctuation
_GROUP_LABEL_WORDS = re.compile(r"[^\W\d_][\w'’&/-]*(?:\s+[\w'’&/-]+){0,3}")
_HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _group_label_work(p: Publication) -> bool:
    """A "work" that is only a short label: one to four words and nothing else it names."""
    title = p.title.strip(" .:")
    return not (p.authors or p.venue or p.year or p.urls or p.doi or p.arxiv or p.awards) \
        and _GROUP_LABEL_WORDS.fullmatch(title) is not None \
        and not _HAN_OR_KANA.search(title)


# "Journals (13 items):", "Conference papers (38):": a kind of work and how many there are, a colon
_LIST_TALLY = re.compile(r"[A-Z][A-Za-z -]{2,40}\s\(\s?\d{1,4}(?:\s(?:items?|papers?|articles?|publications?|works?|entries))?\s?\):\s"
                         # "First author: total 8 papers (September 29, 2015)": how many the list below holds
                         r"|[A-Z][A-Za-z -]{2,40}:\s(?:total\s)?\d{1,4}\s(?:papers?|articles?|publications?|works?)\b[^.]{0,60}$")
# "Lecturer. Lorem Methods (UG). University of Ipsum.": a teaching role closed by a full stop, then the course
_ROLE_STOP_COURSE = re.compile(r"(?:(?:lab|head|senior|graduate|course|lead)\s+)?(?:teaching assistant|teaching fellow|"
                               r"lecturer|instructor|tutor|grader|co-instructor|guest lecturer|TA)\.\s+[A-Z]", re.I)
# "PC member. The 33rd Lorem Conference (LC)": a short post, a full stop, then the venue
_ROLE_STOP_ORG = re.compile(r"((?:[A-Z][\w&/-]*|&)(?: (?:[\w&/-]+|&)){0,3} (?:[Cc]hair|[Cc]o-[Cc]hair|[Mm]ember|[Vv]olunteer|"
                            r"[Oo]rgani[sz]er|[Ee]ditor|[Rr]eviewer|[Rr]eferee)s?|[Vv]olunteer|[Rr]eviewer)\.\s+"
                            r"(?:[Tt]he\s+)?([A-Z0-9].{3,200})$")
_VENUE_NAMED = re.compile(r"\b(?:[Cc]onference|[Ww]orkshop|[Ss]ymposium|[Jj]ournal|[Ss]ociety|[Cc]ongress|[Mm]eeting|[Ff]orum|"
                          r"[Ss]chool|[Aa]ssociation|[Cc]ommittee|[Tt]ransactions|[Cc]ollege|[Uu]niversity|[Ii]nstitute)\b|"
                          r"\([A-Z][A-Za-z0-9+&-]{1,15}\)")
# "LoremConf: 2021, 2022, 2024 (Outstanding Reviewer), 2025": a venue, a colon, then years (and notes)
_VENUE_YEARS = re.compile(r"([^:]{2,120}):\s*((?:19|20)\d\d\b[^:]{0,300})$")
MEMBERSHIP_HEADING = re.compile(r"\bmemberships?\b|\bprofessional (?:societies|affiliations|associations)\b|"
                                 r"\bsociety memberships?\b|\bmember of\b", re.I)
# "Paper presented at the Lorem Seminar, …": the kind of talk before its host is no part of the host
_PRESENTED_AT = re.compile(r"^(?:(?:an?\s+)?(?:invited\s+)?(?:paper|poster|talk|presentation|lecture|keynote|seminar)\s+)?"
                           r"(?:presented|given|delivered)\s+(?:at|to|in)\s+(?:the\s+)?(?=\S)", re.I)
# "…, annual meeting of the Lorem Association, April, Springfield", "…, Lorem Seminar, December 8": the
# month (and day) of a talk dated by its year alone, set apart by commas among the host's parts
_HOST_MONTH_PART = re.compile(r"(?:^|,\s)(" + _MON + r")"
                              r"(?:\s+(\d{1,2})(?:\s*[-–]\s*\d{1,2})?)?(?=,|$)", re.I)


_EVENT_NOUNS = r"(?:Conference|Workshop|Symposium|Meeting|Congress|Summit|Colloquium)"
_EVENT_WORD = re.compile(r"\b" + _EVENT_NOUNS + r"\b")
# the event's word ending the text ("… Workshop", "… Conference (LC).")
_EVENT_WORD_END = re.compile(r"\b" + _EVENT_NOUNS + r"(?:\s*\([A-Z][\w-]{1,12}\))?\.?$")


def ordinal(n: int) -> str:
    """2 → "2nd", 11 → "11th", 23 → "23rd"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _event_only(title: str) -> bool:
    """A talk's "title" that only names an event: "8th Annual Lorem (LC) Conference", "Ipsum
    International Workshop on Dolor: …" (the event's word ends the text, or stands among its first
    five words with no comma before it), no quoted title, no sentence."""
    if '"' in title or "“" in title or len(words := title.split()) > 18 or not title[:1].isalnum():
        return False
    ev = _EVENT_WORD.search(title)
    if ev is None or title.startswith("Meeting ") or "," in title[: ev.start()]:
        # ("Meeting the Challenges of …": a verb; "Flocks and Swarms, Winter Workshop": a title before the event)
        return False
    return (len(title[: ev.start()].split()) < 5 or bool(_EVENT_WORD_END.search(title))) \
        and sum(w[:1].isupper() or w[:1].isdigit() for w in words) * 2 > len(words)


# a talk written as a reference, its authors first ("Roe, A.B., Poe, C. (2024). Title. Venue, Place";
# "Roe, AB. 2013. Title. Venue."; "Roe AB and Poe C "Title." Venue, May 2014"): the names of the
# authors, inverted ("Roe, A.B.", "Roe, AB") or in the Vancouver style ("Roe AB")
_INVERTED_NAME = r"[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?,\s?(?:[A-Z]\.?\s?-?){1,3}\*?"
_VANCOUVER_NAME = r"[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?\s[A-Z]{1,3}\b\*?"
# ("Roe J.M", "Roe J.M.": Vancouver initials with stops between them, as distinct as an inverted name)
_VANCOUVER_DOTTED = r"[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?\s(?:[A-Z]\.){1,2}[A-Z]\b\.?\*?"
_NAME_JOIN = r"(?:,\s*|;\s*|,?\s+(?:and|&)\s+)"
_TALK_AUTHORS = re.compile(r"(?:" + _INVERTED_NAME + r"(?:" + _NAME_JOIN + _INVERTED_NAME + r")*"
                           r"|" + _VANCOUVER_NAME + r"(?:" + _NAME_JOIN + _VANCOUVER_NAME + r")+"
                           r"|" + _VANCOUVER_DOTTED + r"(?:" + _NAME_JOIN + r"(?:" + _VANCOUVER_DOTTED + "|" + _VANCOUVER_NAME + r"))*)"
                           r"(?:[.,]?\s*\(?(?P<year>(?:19|20)\d\d)[a-z]?\)?)?\.?")
_TALK_QUOTED_TITLE = re.compile(r"(?:\"(?P<title>[^\"]{8,400}?)[.,]?\"|“(?P<curly>[^“”]{8,400}?)[.,]?”)\s*[.,]?\s*")
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)?!\]”\"])[.?!]\s+(?=[A-Z(“\"])")


_ITALIC_LINE = re.compile(r"(?:\*(?!\*)|_(?!_))([^*_\n\d]{2,100})(?<!\*)(?:\*|_)")


def _italic_label(raw: str, below: Line) -> bool:
    """A line wholly in italics, short and with no digit, over a bulleted or numbered item that holds
    a year: a label grouping the items under it."""
    m = _ITALIC_LINE.fullmatch(raw.strip())
    return m is not None and len(m.group(1).split()) <= 10 and below.bullet and YEAR_RE.search(below.text) is not None


_DOTTED_INITIALS = re.compile(r"\s(?:[A-Z]\.){1,2}[A-Z]\b")


def _citation_talk(t: dict) -> None:
    """A talk written as a reference, authors first, read with the authors as its title: the title is
    the sentence after the authors (and their year) or the quoted words after them, the host what
    follows; the year after the authors is the talk's date when no other is given."""
    title, host = t["title"], t.get("host") or ""
    if (quoted := _TALK_QUOTED_TITLE.search(title)) and (names := _TALK_AUTHORS.fullmatch(title[: quoted.start()].strip())):
        # "Roe AB and Poe C "Title." Lorem Society Meeting, March 2014, Place"
        t["title"], t["host"] = clean(quoted.group("title") or quoted.group("curly")), clean(" ".join((title[quoted.end():], host))).strip(" ,.") or None
    elif host and (names := _TALK_AUTHORS.fullmatch(title.strip())) and ("," in title or _DOTTED_INITIALS.search(title)):
        # "Roe, A.B., Poe, C. (2024)" over "Title. Lorem Conference, Place" (split at the year)
        end = _SENTENCE_END.search(host)
        t["title"], t["host"] = (clean(host[: end.start()]), clean(host[end.end():]).strip(" ,.") or None) if end \
            else (clean(host).strip(" ,."), None)
    else:
        return
    if names.group("year") and not t.get("date"):
        t["date"] = names.group("year")


def _talk_host_month(t: dict) -> None:
    """Clean a talk's host of a leading "Paper presented at (the)" and, when the talk is dated by
    a year alone, move a month standing as one of the host's comma parts into the date."""
    host = _PRESENTED_AT.sub("", t["host"]) if t["host"][:1] in "PpGgDdTtIiAaLlKkSs" else t["host"]
    date = t.get("date")
    if date and re.fullmatch(r"(?:19|20)\d\d", date.strip()) and (m := _HOST_MONTH_PART.search(host)) \
            and m.group(1).rstrip(".").lower() in MONTHS:
        t["date"] = f"{m.group(1).rstrip('.')} {date.strip()}"
        host = (host[:m.start()] + host[m.end():]).strip(" ,;")
    t["host"] = host or None


# a post named in Chinese: "…技术员", "…工程师", "…经理", "…实习生"
_HAN_ROLE = re.compile(r"[\u4e00-\u9fff](?:员|师|经理|实习生|助理|主管|总监|专员|教授|讲师)$")
_UNIT_WORD = re.compile(r"\b(?:team|group|lab|labs|laborator\w*|department|dept|division|unit|cent(?:er|re)|office|"
                        r"school|institute|faculty|section|branch|studio)\b|[部组室所院系科处]$", re.I)
# a short label closing on its colon ("Timeline:", "Key projects:", "Classes:")
_BARE_LABEL = re.compile(r"[^\W\d_][\w'&/-]*(?: [\w'&/-]+){0,3}:")
# "As department tutor for exam review:", "As a peer mentor:": a role over the courses listed under it
_AS_ROLE_LABEL = re.compile(r"[Aa]s\s+(?:an?\s+)?([a-z][a-z -]{2,40}?)(?:\s+(?:for|in|of|at)\s+[^:]{2,80})?\s*:")
_PROGRAM_END = re.compile(r"\bprogram(?:me)?$", re.I)
_NOW_LABEL = re.compile(r"(?:current(?:ly)?|ongoing|present|now)\s*:\s*", re.I)
_LEVEL_LEGEND = re.compile(r"(?:[A-Z]{1,3}\d?\s*=\s*[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?\s*[,;]?\s*){2,4}\.?")
_LEVEL_TAG = re.compile(r"\[[A-Z]{1,3}\d?\]\s+")
_AWARD_NAME_NOUN = re.compile(r"\b(?:award|prize|medal|fellowship|scholarship|grant|honou?r|bursary|stipend)s?\b", re.I)
_TITLE_YEAR_HOST = re.compile(r"^([^()]{8,300}?(?:\([^()]{1,40}\)[^()]{0,200}?)?)\s+\(([^()]{0,40}\b(?:19|20)\d\d)\)\s*[,.:]\s+(\S.{2,400})$")
_TALK_ABSTRACT = re.compile(r"(?:abstract|summary|description|synopsis)\s*:", re.I)
_TALK_LABEL = re.compile(r"^(venue|location|place|where|city|event|host|conference|meeting|dates?|when)\s*:\s*(\S.*)$", re.I)


_TEACHING_ROLE = re.compile(r"\b(?:teach(?:er|ing assistant|ing fellow)|tutor|TA|instructor|lecturer|grader|demonstrator|"
                            r"docent|teaching)\b", re.I)


# "Fall 2011, 2012, 2013 : Teaching Assistant", "Spring 2008 – Spring 2009 : Course Instructor (Lorem Coordinator)"
_TERM_WORD = r"(?:(?:Spring|Summer|Fall|Autumn|Winter)\s+)?"
_TERM_COLON_ROLE = re.compile(rf"({_TERM_WORD}(?:19|20)\d\d(?:\s*[-–—,&]\s*{_TERM_WORD}(?:(?:19|20)\d\d|[Pp]resent))*)"
                              r"\s*:\s+([A-Z][^:\d()]{2,60}(?:\([^()]{1,40}\))?)")
_ROLE_AT_PLACE = re.compile(r"([A-Z][\w/&'’ -]{2,60}?)\s+at\s+(?:the\s+)?([A-Z][^;:()]{2,120})")
_HELPER_ROLE = re.compile(r"(?i)\b(?:section leader|coordinator|head assistant|course assistant|mentor|facilitator|marker|"
                          r"teaching associate|demonstrator)\b")


# "teaching fellow for Professor Ann Roe", "research assistant to Professors A. Roe and B. Poe"
_ROLE_FOR_PROFESSOR = re.compile(r"([A-Za-z][\w -]{1,40}?)\s+(?:for|to|under|with)\s+(?:Professors?|Profs?\.|Drs?\.?)\s+(\S.*)")


# a teaching role and nothing else, as one comma-separated part of a course line
_ROLE_ONLY = re.compile(r"(?:(?:lab|head|senior|graduate|undergraduate|course|lead)\s+)?(?:teaching\s+(?:assistant|fellow)|"
                        r"(?-i:TA)|instructor(?:\s+of\s+record)?|lecturer|grader|tutor|co-instructor|guest\s+lecturer)", re.I)


# a short label and its colon opening a nested line ("项目名: …", "Amount: $4,000", "Role: PI")
_GRANT_DETAIL = re.compile(r"\s*(?:(?:my\s+)?role|(?:co-?)?PI|principal\s+investigator|amount|funding\s+(?:agency|body|source)|"
                           r"funder|sponsor|duration|budget)\s*[:：]\s*\S", re.I)
_DEGREE_SUB_LABEL = re.compile(r"\s*(?:((?:(?:thesis|dissertation|project)\s+)?title)|department|dept\.?|faculty|school|"
                               r"division|graduate\s+school)\s*:\s*(\S.*)$", re.I)
_AWARD_GIVEN_BY = re.compile(r"\s*(?:(?:awarded|granted|given|presented|conferred|bestowed|funded|sponsored)\s+by|"
                             r"selected\s+(?:based\s+on|on\s+the\s+basis\s+of|by|for|from\s+among))\s+\S", re.I)
_NESTED_LABEL = re.compile(r"\s*([^\s:：][^:：\n]{0,15}?)\s*[:：]\s*\S")
_GRANT_AMOUNT = re.compile(r"[.,;(]\s*(?:US)?[$€£]\s?\d[\d,.]*(?:\s*(?:[kKmM]|million))?\b")
_AWARD_GROUP_LABEL = re.compile(
    r"(?i)(?:(?:funded|unfunded|not\s+funded|pending|under\s+review|submitted|completed|current|ongoing|active|past|"
    r"previous|internal|external|institutional|federal|national|international|foundation|competitive|research|"
    r"grants?|funding|awards?|awarded|honou?rs?|fellowships?|and|&|/)\s*){1,4}")
_APA_TALK_KIND = re.compile(r"\s?\[[^\[\]]{0,40}\b(?:presentation|poster|session|address|talk|symposium|keynote|lecture|"
                            r"workshop|paper|roundtable|panel)\b[^\[\]]{0,20}\]", re.I)
_APA_DATE = re.compile(r"\(((?:19|20)\d\d)(?:,\s*([A-Z][a-z]+)\.?(?:\s+\d{1,2}(?:\s*[-–]\s*\d{1,2})?)?)?\)")


def _talk_host_split(text: str) -> tuple[str, str] | None:
    """'Title. Host, Place' → (title, host) when what follows a stop names a host. A talk's
    line is short: longer text, or more than six stops, is not looked at (bounded work)."""
    if len(text) > 1000:
        return None
    for n, m in enumerate(_TALK_HOST_HEAD.finditer(text)):
        if n == 6:
            break
        title, host = text[:m.start()].strip(), text[m.end():].strip(" .")
        first = host.split(",")[0].strip()
        if len(title.split()) >= 2 and host and (INSTITUTION_WORDS.search(first) or _TALK_HOST_WORDS.search(first)
                                                 or is_known_org_name(first)):
            return title, host
    return None


# an amount of money and nothing else: "$4,000 USD", "€2,500", "USD 5,000", "$37,000 AUD p.a."
_AMOUNT_ONLY = re.compile(r"(?:(?:US|CA|AU)?[$€£¥]\s?\d[\d,.]*|(?:USD|EUR|GBP|AUD|CAD|CHF|JPY|CNY)\s?\d[\d,.]*)"
                          r"(?:\s?(?:[kKM]|million|thousand))?(?:\s+(?:USD|EUR|GBP|AUD|CAD|CHF|JPY|CNY))?"
                          r"(?:\s*(?:p\.\s?a\.|per\s+(?:year|annum)|/\s?(?:year|yr)))?\.?", re.I)
# a name cut off at the end of a line: "…, Faculty of", "… and"
_NAME_CUT_END = re.compile(r"(?:,|\b(?:of|and|for|in|the|on|at|to|with|&))$")
# "McDonnell Fellowship" / "Lorem University, 2009": the line under an undated award naming who gave
# it and the year (the parts of one paragraph, split by <br>)
# (the year may name what the subject was that year: "Lorem Academy of Medicine, 2017 Awardee")
_GIVER_THEN_YEAR = re.compile(r"(.{2,150}?)[,\s]+((?:19|20)\d\d)(?:\s*[-–]\s*(?:(?:19|20)\d\d|present))?"
                              r"(?:\s+(?:awardee|recipient|inductee|honou?ree|fellow|winner|laureate))?\.?", re.I)
_AWARD_NOUN = re.compile(r"\b(?:awards?|prizes?|fellowships?|scholarships?|grants?|medals?|honou?rs?|mention|"
                         r"distinction|recipient|winner|finalist)\b", re.I)
# a month's name, abbreviated or whole, with or without a full stop ("Mar", "Sept.", "August")
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
# (a month may come first: "… Grant (Mar 2011)"; also after a dash: "Lorem Fellowship, Ipsum Laboratory – 2025")
# (a run of blanks is tried from its first blank only: a 20,000-space run took 0.9 s from each)
_AWARD_YEAR_TAIL = re.compile(r"(?:[,;]\s*|(?<!\s)\s+\(\s*|(?<=[^\d\s])\s[–—-]\s+)"
                              # ("(Spring 2019)": a term of the academic year)
                              r"(?:(?:" + _MONTH_WORD + r"|spring|summer|fall|autumn|winter)\s+)?"
                              # (", 2025.6", ", 2024.11": a year and month with a full stop, as Japanese and Chinese CVs write them)
                              + YEAR_OR_RANGE.pattern + r"(?:\.[01]?\d(?:\.[0-3]?\d)?(?!\d))?\s*\)?\.?$"
                              # (", August 2019 - May 2023", ", 2009 -- 2011": a range whose end names its month, or set with "--")
                              r"|[,;]\s*(?:" + _MONTH_WORD + r"\s+)?(?:19|20)\d\d"
                              r"\s*(?:--|[-–—])\s*(?:" + _MONTH_WORD + r"\s+)?"
                              r"(?:(?:19|20)\d\d|present)\s*\.?$", re.I)
# "Lorem Society Fellow 2021", "Ipsum Mathematics Olympiad 2008": a year set after the name with only a space
_AWARD_BARE_YEAR = re.compile(r"(?<=[A-Za-z)])\s+((?:19|20)\d\d)\.?$")
# "Lorem Scholarship — by the University of Ipsum 2022 -- 2024" (a Pandoc date span's brackets gone):
# a span of years set after the name with only a space
_AWARD_BARE_RANGE = re.compile(r"(?<=[A-Za-z)])\s+((?:19|20)\d\d)\s*(?:--|[-–—])\s*(?:(?:19|20)\d\d|present)\.?$", re.I)
_MONTH_OR_TERM = re.compile(_MONTH_WORD + r"$|"
                            r"(?:spring|summer|fall|autumn|winter)$", re.I)
# a grant's amount and the holder's role after its name: ", $550,000", " (Co-PI)", ", PI."
_GRANT_TAIL = re.compile(r"(?:[,;]\s*|(?<!\s)\s+\(\s*)(?:(?:US|CA|AU)?[$€£¥]\s?\d[\d,.]*\s*(?:[kKM]|million|thousand)?|"
                         r"\d[\d,.]{0,20}\s?(?:[kKM]\s?)?(?:yen|jpy|eur(?:os?)?|usd|chf|gbp|sek|nok|dkk|cny|rmb|inr|aud|cad)|"
                         r"(?:role\s*:\s*)?(?:lead\s+|co-?\s?)?(?:PI|P\.I\.|principal investigator|investigator))\s*\)?\.?$|"
                         # ". Principal Investigator", ". Role: PI" after a sentence (medical and social-science grants)
                         r"(?<=[.\u201d\"])\s+(?:role\s*:\s*)?(?:lead\s+|co-?\s?|multiple\s+)?(?:PI|P\.I\.|principal investigator|"
                         r"(?:co-?)?investigator)\s*\.?$", re.I)

# A service line's date: "2019", "2019-2021", "2019–21", "since 2018", "Oct. 2013" (the month kept with it).
_FIRST_COLUMN = re.compile(r"([^\t]{1,40})\t(?=[^\t]*\S)")
_MONTH_ALTERNATIVES = "|".join(sorted(MONTHS, key=len, reverse=True))     # (the longest form first)
_DAY_OF_MONTH = r"(?:3[01]|[12]\d|0?[1-9])"
_SERVICE_PERIOD = re.compile(
    r"\b((?:19|20)\d\d\s*[-–—])\s*(?=\))|"       # "(2020–)": from then on
    # ("October 28-30, 2016", "July 31 - August 3, 2011": the days before the year, when the
    # month comes first)
    r"\b((?:(?:(?:" + _MONTH_ALTERNATIVES + r")\.?\s+" + _DAY_OF_MONTH + r"\s*[-–]\s*)?"
    r"(?:" + _MONTH_ALTERNATIVES + r")\.?,?\s+"
    r"(?:" + _DAY_OF_MONTH + r"(?:st|nd|rd|th)?(?:\s*[-–]\s*" + _DAY_OF_MONTH + r")?,?\s+)?)?(?:since\s+(?:19|20)\d\d|"
    # ("Sep 2024 - Dec 2025 Member of …": the end's month too, not left before the role)
    # ("Nov 2017 -- Present": a doubled hyphen, as plain-text Markdown writes the en dash)
    r"(?:19|20)\d\d(?:\.\d{1,2})?\s*(?:--|[-–])\s*(?:(?:(?:" + _MONTH_ALTERNATIVES + r")\.?,?\s+)?"
    r"(?:19|20)\d\d(?:\.\d{1,2})?|present|now)|(?:19|20)\d\d[-–]\d\d(?!\d)|"
    r"(?:19|20)\d\d))\b", re.I)
_END_STOP = re.compile(r"(?<=[a-z]{3})\.$")
_SERVICE_LABEL = re.compile(r"^([^:]{3,60}):\s*(\S.*)$")
_AND_LANGUAGE = re.compile(r"\s+(?:and|&)\s+(?=[A-Z])")      # "Hindi and Bengali"
# "July 2022 - Logic Families", "Feb. 2022: Title": a month and year before the talk's title
_WHOLE_EMPHASIS = re.compile(r"(?:\*(?!\*)[^*\n]{3,200}(?<!\s)\*|_(?!_)[^_\n]{3,200}_|<(?:i|em)>[^<>\n]{3,200}</(?:i|em)>)\.?")
_TALK_MONTH_LEAD = re.compile(r"^(" + _MON + r",?\s+(?:19|20)\d\d)"
                              r"\s*[:|–—-]\s+(?=\S)", re.I)
_ACRONYM_ORG = re.compile(r"[A-Z][A-Z&]{1,9}")
_PLACE_ACRONYMS = {"USA", "US", "UK", "UAE", "PRC", "ROC", "EU", "NYC", "SF", "LA", "DC", "HK", "SAR", "ROK"}
_UNIT_OF_ORG = re.compile(r"\b(?:lab|laboratory|group|team|department|dept|division|office|cent(?:er|re)|unit|school|faculty)\b", re.I)


def _initials_of(acronym: str, name: str) -> bool:
    """Are the acronym's letters, in order, initials of the name's words ("NSRC", "Northern Space
    Research Center"): the name's own acronym, not that of an organization it belongs to."""
    initials = "".join(w[0].upper() for w in re.findall(r"[^\W\d_]+", name))
    it = iter(initials)
    return all(c in it for c in acronym.replace("&", ""))


_TITLE_UNIT = re.compile(r"\s*\(([^()]{3,60}\b(?:division|department|team|group|lab|unit)\b[^()]{0,20})\)$", re.I)
# "Languages: …", "Spoken languages: …", "Languages known/spoken: …" (one pattern for the two readers)
_LANGUAGES_LABEL = re.compile(r"^\s*(?:spoken\s+)?languages?(?:\s+(?:known|spoken))?\s*:\s*(.{2,300})$", re.I)
_SERVICE_ROLE_COMMA = re.compile(r"^([^,:]{3,60}),\s*(.+)$")
_ROLE_FOR_FIRST = re.compile(r"^(.{0,40}?\b(?:reviewer|referee|chair|co-chair|(?:pc|tpc|committee)\s+member|editor)s?)"
                             r"\s+(?:for|of|at)\s+(?:the\s+)?(\S.{0,60})$", re.I)
_AND_LEAD = re.compile(r"^(?:and|&)\s+", re.I)
_ACRONYM_STOP = re.compile(r"(?<=[A-Z]{2})\.$")
_ITEM_NOTE = re.compile(r"\s*\((?=[^()]*\b(?:award|reviewer|outstanding|top|best|distinguished)\b)[^()]{2,50}\)$", re.I)
_REVIEWER_HONOUR = re.compile(r"(?i:\b(?:outstanding|top|best|distinguished|excellent|highlighted|notable)\s+"
                              r"(?:(?:senior\s+)?reviewer|area\s+chair|meta-?reviewer)s?\b)|优秀审稿|優秀審稿|優秀査読")
_RANK_NOTE = re.compile(r"\s*\((?:(?:CCF|CORE)[- ]?(?:A\*|[A-C])|[\u3040-\u30ff\u3400-\u9fff]{1,20})\)$")
_REFEREE_HEADING = re.compile(r"\b(?:referee(?:ing)?|review(?:er|ers|ing)|ad[- ]hoc\s+review\w*)\b", re.I)


def referee_role(heading: str) -> str | None:
    """The role a 'Referee Service' / 'Reviewing' heading gives the journals listed under it
    ("Referee" or "Reviewer"), or None for any other heading."""
    referee = _REFEREE_HEADING.search(strip_markup(heading or ""))
    if not referee:
        return None
    return "Referee" if referee.group(0).lower().startswith("referee") else "Reviewer"


def referee_list(text: str) -> list[str] | None:
    """'American Lorem Review, Ipsum Letters, Journal of Dolor' under a referee heading: the
    journals; None when the text is not such a list (a role of its own, a date, a label)."""
    if "," not in text or SERVICE_ROLE_WORDS.search(text) or re.search(r"\d|:", text):
        return None
    items = [clean(i).rstrip(".") for i in split_list(strip_markup(text)) if clean(i)]
    if len(items) < 2 or not all(len(i.split()) <= 8 and i[:1].isupper() for i in items):
        return None
    return items


# "**Languages:** Python, C++ · **ML:** PyTorch, JAX · **Tools:** Docker": labelled groups on one line
_SKILL_GROUP_BREAK = re.compile(r"\s*[·|;•]\s*(?=(?:\*\*|__)?[A-Z][\w /&+-]{1,25}:)")


_SKILL_SEPARATOR = re.compile(r"[,;·•|]")


def _skill_groups(text: str) -> list[str]:
    """A skills line cut into its labelled groups when it holds two or more ("A: x, y · B: z")."""
    if ":" not in text or text.count(":") < 2:
        return [text]
    parts = _SKILL_GROUP_BREAK.split(text)
    return parts if len(parts) >= 2 else [text]


_TRAILING_MENTOR = re.compile(r"[.;]\s+(?:mentors?|advisors?|supervisors?|hosts?|manager|PI)\s*:\s*(\S.{2,120})$", re.I)
_SERVICE_COMMA = re.compile(r"^([^,]{2,80}),\s+([^,]{2,120}(?:,[^,]{1,120})?)$")
# Where one labelled role ends and the next begins: ". Reviewer: …", "; Associate editor: …"
_SERVICE_LABEL_BREAK = re.compile(r"(?<=[.;])\s+(?=[A-Z][\w'’ /-]{2,40}:\s)")


# a role in a venue's list of roles: "PC", "Artifact PC", "Registration Chair (2025)"
_ROLE_ITEM = re.compile(SERVICE_ROLE_WORDS.pattern[:-3] + r"|a?e?t?pc|aec)\b", re.I)
# a name in title case: "Humanities and Social Sciences Communications", "Journal of Lorem"
_TITLED_NAME = re.compile(r"[A-Z][\w&'’-]*(?: (?:(?:of|and|for|in|on|the|&)|[A-Z][\w&'’-]*))*")
# a journal's abbreviated name ("J. Lor. Chem. Soc.", "Ips. Lett.", "Phys. Rev. E"): capitalised words,
# one at least cut short with a stop
_ABBREVIATED_WORD = re.compile(r"(?<![\w.])[A-Z][a-z]{0,6}\.(?=\s|$)")
# "J. Low Lorem Phys. and Ipsum": the last two of a list of such names, "and" between them
_ABBREVIATED_AND = re.compile(r"(.{2,80}?[A-Za-z]\.)\s+(?:and|&)\s+([A-Z].{1,80})")


def _abbreviated_name(text: str) -> bool:
    """True for a journal's abbreviated name: capitalised words (or "of", "and" …), one at least
    before the last cut short with a stop ("J. Am. Lorem Soc.", "Ips. Lett.", "Phys. Rev. E"; a
    stop after the last word alone may end a sentence)."""
    return "." in text and bool(_ABBREVIATED_WORD.search(text.rstrip("."))) \
        and bool(_TITLED_NAME.fullmatch(re.sub(r"\.(?=\s|$)", "", text).strip()))


# Chinese and Japanese service-role words (reviewer, committee, editorial board, chair, member),
# which no word boundary sets apart from the words around them: "会议审稿人", "程序委员会成员"
_CJK_SERVICE_ROLE = re.compile(r"审稿|審稿|査読|委员|委員|编委|編委|主席|会员|會員")


def _service_role_words(text: str) -> bool:
    return bool(SERVICE_ROLE_WORDS.search(text) or not text.isascii() and _CJK_SERVICE_ROLE.search(text))


# a label naming a service role: "Journal Reviewer", "Conference PC", "Program Committee Member",
# "Referee", "Conference Reviewing" (an activity: its role is the reviewer's)
_ROLE_LABEL = re.compile(r"(?:[A-Z][\w/&-]*\s+){0,3}(?:reviewers?|referees?|(?:T?PC|committee)(?:\s+members?)?|"
                         r"(?:co-)?chairs?|program committee(?:\s+members?)?|editorial board(?:\s+members?)?)", re.I)
_ACTIVITY_LABEL = re.compile(r"(?:[A-Z][\w/&-]*\s+){0,3}(?:reviewing|refereeing|peer review)", re.I)


def _role_label(text: str) -> str | None:
    """The role a list label names ("* **Journal Reviewer**:" → "Journal Reviewer", "Conference
    Reviewing" → "Reviewer"), or None when the label names none."""
    label = strip_markup(_LIST_MARK.sub("", text, count=1)).strip().rstrip(":").strip()
    if not label or len(label) > 50 or re.search(r"\d", label):
        return None
    if _ROLE_LABEL.fullmatch(label):
        return label
    if _ACTIVITY_LABEL.fullmatch(label):
        return referee_role(label)
    return None


_LIST_MARK = re.compile(r"^\s*[-*+•]\s+")
_MEMBER_SEP = re.compile(r"\s+[•·]\s+")
# "(5 times)", "(2 time)", "(x3)", "(×2)": how often the subject reviewed for a venue
_COUNT_NOTE = re.compile(r"\s*\((?:\d{1,3}\s*times?|once|twice|[x×]\s?\d{1,3}|\d{1,3}\s?[x×])\)", re.I)
# a note in brackets that names a role: "(Secondary Reviewer)", "(ad hoc)"
_ROLE_NOTE = re.compile(r"\s*\((?=[^()]*\b(?:reviewer|referee|ad[- ]hoc|emergency|secondary|sub-?reviewer)\b)[^()]{2,50}\)", re.I)
_ETC_END = re.compile(r"[,;]?\s*(?:etc\.?|and (?:many )?others|and more|\.\.\.|…)\s*$", re.I)
# "Neural Lorem Systems (NLS) - 2021, 2022", "Lorem Letters- 2020.", "Ipsum Review (2019, 2021)"
_VENUE_THEN_YEARS = re.compile(r"(.{3,120}?)\s*(?:[-–—:]\s*|\(\s*|\s)((?:19|20)\d\d(?:\s*[-–]\s*(?:(?:19|20)\d\d|present))?"
                               r"(?:\s*[,;&]\s*(?:19|20)\d\d(?:\s*[-–]\s*(?:(?:19|20)\d\d|present))?){0,12})\s*\)?\.?")


def _listed_venues(text: str) -> list[tuple[str, list[str]]] | None:
    """The venues a line under a reviewer's role lists, each with the years it gives; None when the
    line is not such a list (a role of its own, a sentence, a label)."""
    t = _ETC_END.sub("", _ROLE_NOTE.sub("", _COUNT_NOTE.sub("", clean(text)))).strip(" .;,")
    if not t or ":" in t or SERVICE_ROLE_WORDS.search(t) or len(t) > 400:
        return None
    if (whole := _VENUE_THEN_YEARS.fullmatch(t)) and not YEAR_RE.search(whole.group(1)):
        items = [whole.group(0)]        # one venue and its years ("NeurIPS - 2021, 2022")
    else:
        items = [i.strip() for i in split_list(t) if i.strip()]
        if items:
            items[-1] = _AND_LEAD.sub("", items[-1])
    out = []
    for item in items:
        if (m := _VENUE_THEN_YEARS.fullmatch(item)) and not YEAR_RE.search(m.group(1)):
            venue, years = m.group(1).strip(" -–—,("), YEAR_OR_RANGE.findall(m.group(2))
        else:
            venue, years = venue_and_years(item)
        venue = _END_STOP.sub("", venue.strip(" -–—,"))
        if not venue or len(venue.split()) > 8 or not (_TITLED_NAME.fullmatch(_BRACKETED.sub("", venue).strip())
                                                       or re.fullmatch(r"[A-Z][\w&/'’.-]*(?:\s+\S+){0,3}", venue)
                                                       and re.search(r"[A-Z]{2}", venue)):
            return None
        out.append((venue, years))
    return out or None


def _labelled_role(text: str) -> re.Match | None:
    """'Role: what it was for' when the label names a service role ("Program committee: …",
    "会议审稿人: …")."""
    m = _SERVICE_LABEL.match(text)
    if m and _ROLE_FOR_NAMED.search(m.group(1)) and not _DATE_BEFORE_COLON.search(m.group(1)):
        # "Peer reviewer for Lorem: Practice and Ipsum": the colon is inside the venue's name the
        # role was for ("Reviewer for journals: …" stays a label; "Referee for Lorem. 2023–present:
        # Member of …", two run-on items, has a date before the colon, or its trace once the period
        # is taken out: no venue's name ends so)
        return None
    return m if m and _service_role_words(m.group(1)) else None


# (a date, or a full stop and a blank where a date was taken out, before the colon: two run-on items)
_DATE_BEFORE_COLON = re.compile(r"(?:\b(?:19|20)\d\d|present|now|current|\.\s)\s*$", re.I)
# "Peer reviewer for Lorem", "Program Committee for 45th Ipsum Conference": a role, "for", then a named venue
_ROLE_FOR_NAMED = re.compile(r"\b(?:reviewer|referee|chair|committee|member|editor|organi[sz]er)\s+(?:for|of)\s+(?:the\s+)?"
                             r"(?!(?:following|various|several|many|top|major|international|journals?|conferences?|"
                             r"workshops?|venues?|proceedings)\b)(?:\d{1,3}(?:st|nd|rd|th)\s+)?[A-Z]", re.I)
# "Software: Practice and Experience (SPE-23-0201)", "Lorem Letters LL-D-24-00741": a manuscript's
# number after the journal reviewed for, no part of its name
_MANUSCRIPT_NO = re.compile(r"\s+\(?[A-Z]{2,6}(?:-[A-Z]{1,3})?-\d{2}-\d{3,6}(?:R\d)?\)?$")


_ADVISED_BY = re.compile(r"[,;(]\s*(?:advised|supervised|mentored|hosted|working)\s+(?:by|with)\s+([^()]{3,120}?)\)?\s*$", re.I)

_ONLY_PRESENT = re.compile(r"(?i)present|now|current|today|ongoing")
_CONTACT_ITEM_SEP = re.compile(r"\s*[·|•⋅]\s*")
_TOWN_REGION = re.compile(r"([A-Z][\w.'-]*(?:\s[A-Z][\w.'-]*){0,3}),\s*([A-Z][\w.'-]*(?:\s[A-Z][\w.'-]*){0,2})")


# "**Travel Grant** - *Lorem House*": an award in bold, a dash, its giver in italics
_BOLD_DASH_ITALIC = re.compile(r"^(\*\*[^*\n]{2,200}\*\*)[ \t]+[-–—][ \t]+(\*[^*\n]{2,200}\*)(?![*\w])")
# "Mentor: Prof. Sam Poe" after a course taught: the professor the course was taught for
_PROFESSOR_LABEL = re.compile(r"(?:mentor|supervisor|advis[eo]r|professor|course\s+(?:leader|coordinator))s?\s*:\s*\S", re.I)
_YEAR_COLON_EMPHASIS = re.compile(r"((?:19|20)\d\d):[ \t]+(?=[*_<])")
# a presentation cited with its authors: "Roe, J., & Poe, S. (2017). “Title”, presented as a poster at …"
_APA_TALK = re.compile(r"([^“”\"()]{3,300}?)\s*\(((?:19|20)\d\d)[a-z]?\)\.?\s*[“\"]([^“”\"]{5,400}?)\s*[”\"]\s*[,.]?\s*(.{0,400})$")
_APA_TALK_HOST_LEAD = re.compile(r"^(?:(?:was\s+)?(?:presented|given)\s+)?(?:as\s+(?:an?\s+)?[\w -]{0,40}?\s+)?(?:in|at)\s+"
                           r"(?:an?\s+(?:symposium|session|workshop|panel)\s+(?:of|at)\s+)?(?:the\s+)?", re.I)
# front-matter keys of pandoc, R Markdown and Quarto CV templates that hold the subject's contacts
_FM_CONTACT_KEYS = {"email": "email", "e-mail": "email", "mail": "email", "phone": "phone", "mobile": "phone",
                    "telephone": "phone", "github": "github", "gitlab": "gitlab", "linkedin": "linkedin",
                    "twitter": "twitter", "orcid": "orcid", "homepage": "site", "website": "site", "www": "site",
                    "web": "site", "address": "address"}


# the front matter's list of contacts: "contact:" (or "contacts:", "links:", "social:") over items,
# each with its address in a "link:" / "url:" / "href:" key
_FM_BLOCK = re.compile(r"\A(?:\ufeff)?---[ \t]*\n((?:[^\n]*\n){0,200}?)---[ \t]*(?=\n|\Z)")
_FM_LIST_LINKS = re.compile(r"(?m)^(?:contacts?|links|social|socials)[ \t]*:[ \t]*\n((?:[ \t]+[^\n]*\n|#[^\n]*\n|\n|-[ \t][^\n]*\n){1,120})")
_FM_LINK_KEY = re.compile(r"(?m)^[ \t]*(?:-[ \t]+)?(?:link|url|href)[ \t]*:[ \t]*(\S[^\n]{0,300})")
_ORCID_IN_LINK = re.compile(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]")


class _Reader:
    def __init__(self, record: CVRecord, text: str, fm: dict[str, str] | None = None):
        self.r = record
        self.text = text
        self.fm = fm                # the text's front matter, when the caller has read it
        self._members = False       # the service section being read lists memberships

    def read(self, sections: list[Section]) -> None:
        self._contacts(sections)
        self._front_matter_contacts()
        self._interests(sections)
        handlers = {
            "education": self._education, "positions": self._positions,
            "publications": self._publications, "awards": self._awards,
            "patents": self._patents, "teaching": self._teaching, "service": self._service,
            "talks": self._talks, "skills": self._skills, "languages": self._languages,
        }
        kinds = {sec.kind for sec in sections}
        self._labelled_languages(sections)
        self._bio(sections, education="education" not in kinds, positions="positions" not in kinds,
                  service="service" not in kinds)
        if "education" not in kinds:
            self._unheaded_degrees(sections)
            for sec in sections:
                schooling = [ln for ln in sec.lines if _JA_ENTERED_LEFT.search(ln.text) and _JA_SCHOOL.search(ln.text)] \
                    if sec.kind in ("preamble", "other") else []
                if len(schooling) >= 2:
                    # "2018年4月 東京大学理科一類入学" / "2023年3月 東京大学工学部…卒業" under a page title
                    # ("履歴書") and no Education heading: a Japanese record of schooling all the same
                    self._education(Section("education", sec.heading, lines=schooling, level=sec.level))
        parts = [part for sec in sections for part in _mixed_parts(sec)]
        for i, sec in enumerate(parts):
            if sec.kind == "languages" and i and parts[i - 1].kind == "skills" and sec.lines \
                    and re.fullmatch(r"(?i)languages?", strip_markup(sec.heading).strip(" :")) \
                    and not any(_NATURAL_LANGUAGE.search(ln.text) for ln in sec.lines):
                # "## Skills" then "Languages" over "Python · C/C++ · Java" (a label on a line of its own, or
                # "**Languages**: …"): a group of the skills that names no spoken language is programming
                # languages, and the labelled groups after it are skills too
                sec = Section("skills", sec.heading, sec.lines, sec.level)
            handler = handlers.get(sec.kind)
            if sec.kind in _DETAIL_KINDS:
                sec = replace(sec, lines=_without_detail_lines(sec.lines, sec.kind))    # (its item_indent kept)
            elif sec.kind == "publications":
                sec = replace(sec, lines=_labelled_references(sec.lines))
            if sec.kind in _DATED_KINDS:
                sec = Section(sec.kind, sec.heading, dated_groups(sec.lines, each=_DATED_KINDS[sec.kind]), sec.level,
                              sec.item_indent)
            if handler:
                handler(sec)
            elif sec.kind == "other" and sec.lines and _MISC_HEADING.fullmatch(strip_markup(sec.heading).strip(" :#*")) \
                    and (sorted_lines := _misc_kinds(sec.lines)):
                # "Miscellaneous": "[2012] External reviewer for …", "[2013] Invited speaker at …",
                # "[2009] Finalist at the Lorem contest": each line the kind its words name
                for kind, kind_lines in sorted_lines.items():
                    handlers[kind](Section(kind, sec.heading, kind_lines, sec.level))
            elif sec.kind == "other" and sec.lines:
                self.r.report.skipped.append(f"section {sec.heading!r} (line {sec.lines[0].no}): not a kind cvgraph reads")
        pubs.split_run_together_authors(self.r.publications, self.r.person.name)

    def _labelled_languages(self, sections: list[Section]) -> None:
        """"Languages: English, Hindi and Bengali" among "Personal Data", "**Languages**: Korean
        (Native), English (Professional)" under "Language & Contact": the spoken languages a
        labelled line of the CV's header or personal details names."""
        for sec in sections:
            if sec.kind not in ("contact", "preamble", "other"):
                continue
            for line in sec.lines[:40]:
                if "anguage" not in line.text[:40]:
                    continue
                m = _LANGUAGES_LABEL.match(strip_markup(line.text))
                if not m:
                    continue
                items = [part for i in split_list(m.group(1)) if clean(i)
                         for part in (_AND_LANGUAGE.split(clean(i)) if _AND_LANGUAGE.search(clean(i)) else [clean(i)])]
                if items and all(_NATURAL_LANGUAGE.match(i) for i in items):
                    self.r.languages.extend(n for n in map(_language_name, items) if n not in self.r.languages)

    # --- contacts ------------------------------------------------------------------------
    def _contacts(self, sections: list[Section]) -> None:
        person = self.r.person
        header: list[Line] = []
        for sec in sections:
            # (a CV that opens straight on its entries has no header: an entry's links are not
            # the subject's home page)
            if sec.kind in ("preamble", "contact") or (sec is sections[0] and sec.kind not in ENTRY_KINDS):
                header.extend(sec.lines[:HEADER_LINES] if sec.kind == "preamble" else sec.lines)
        header_text = "\n".join(l.text for l in header)
        # E-mails: anywhere (de-obfuscated); phones only in the header (page ranges look like phones).
        # Not a supervisor's or a referee's address ("Supervisor: Prof. R. Roe · rroe@…").
        normalised = "\n".join(l.text for sec in sections for l in sec.lines
                               if not (sec.kind == "other" and _REFEREES.search(sec.heading))
                               and not _others_contact(l.text[:200]))
        # (the addresses of the offices a job-market CV names at its top, written in a column of
        # their own: "Placement Director: Jana Roe" … "ROE@LOREM.EDU")
        holders = {_fold(m.group(1).split()[-1]) for line in header if ":" in line.text
                   for m in _OFFICE_HOLDER.finditer(line.text[:300])} if "placement" in header_text.lower() \
            or "administrat" in header_text.lower() or "coordinator" in header_text.lower() else set()
        holders = {h for h in holders if len(h) >= 3 and h not in _fold(person.name or "")}
        for email in find_emails(normalised[: MAX_FIELD * 50]):
            if email not in person.emails and not any(h in _fold(email.split("@")[0]) for h in holders):
                person.emails.append(email)
        person.phones.extend(p for p in find_phones(header_text) if p not in person.phones)
        if holders and person.phones:
            # their telephone numbers, a number a line right under their addresses
            theirs: list[str] = []
            texts = [l.text.strip() for l in header]
            last = max((i for i, t in enumerate(texts) if "@" in t and any(h in _fold(t.split("@")[0]) for h in holders)),
                       default=None)
            for t in texts[last + 1:] if last is not None else ():
                found = find_phones(t)
                if not found or len(found[0]) < len(t) - 2 or len(theirs) >= len(holders):
                    break
                theirs.extend(found)
            person.phones = [p for p in person.phones if p not in theirs]
        if not person.location and ":" in header_text:
            # "Location: Lorem City, Ipsum", "Based in: …" (a labelled header line): where the subject lives
            for line in header:
                if ":" in line.text[:24] and (m := _LOCATION_LABEL.match(strip_markup(line.text))):
                    place = _LOCATION_END.split(m.group(1), maxsplit=1)[0]
                    place = clean(place).strip(" ,.;")
                    if place and len(place) <= 80 and "@" not in place and "http" not in place:
                        person.location = place
                        break
            # "Address: 2401 Lorem Drive, Ann Arbor, MI 48105": the town of a labelled postal address
            for line in header if not person.location else ():
                if ":" in line.text[:30] and (m := _ADDRESS_LABEL.match(strip_markup(line.text))):
                    person.location = town_of_address([clean(_LOCATION_END.split(m.group(1), maxsplit=1)[0])])
                    break
        if not person.location:
            # an unlabelled postal address at the top: a line with a postcode ("12 Lorem Road,
            # Springfield, IL 62701", "25, Ipsum Lane, Dolorham HP6 5LN", "78580 Maule")
            for line in header:
                # (up to the next contact a run-together line holds: "… HP6 5LN jdoe@…")
                t = _CONTACT_CUT.split(line.text[:160], maxsplit=1)[0]
                if "@" not in t and "http" not in t and _POSTAL_LINE.search(t):
                    person.location = town_of_address([clean(t)])
                    if person.location:
                        break
        if not person.location:
            # "College Station, TX · jdoe@… · jdoe.github.io": a town and its state or country as one
            # item of the header's contact line (items set apart by "·", "|" or "•")
            for line in header:
                t = strip_markup(line.text[:300])
                if not _CONTACT_ITEM_SEP.search(t):
                    continue
                # (on a line of no contact, only its first item: "Lorem City, Canada • Open to
                # relocation in May 2018")
                segs = _CONTACT_ITEM_SEP.split(t)
                for seg in segs if "@" in t or "http" in t or ".io" in t else segs[:1]:
                    m = _TOWN_REGION.fullmatch(seg.strip())
                    if m and (m.group(2) in US_STATES or is_region(m.group(2))):
                        person.location = seg.strip()
                        break
                if person.location:
                    break
        if not person.location:
            # "700 E Lorem Road" / "Mountain View, CA": a street on one line, its town and state or
            # country on the next (an address broken with <br>)
            for above, line in zip(header, header[1:]):
                t = strip_markup(line.text).strip()
                if _STREET_LINE.match(strip_markup(above.text)) and (m := _TOWN_REGION.fullmatch(t)) \
                        and (m.group(2) in US_STATES or is_region(m.group(2))):
                    person.location = t
                    break
        if not person.location:
            # the label read as a heading of its own ("Address:<TAB>2401 Lorem Drive, …" in a table)
            for sec in sections:
                if sec.kind == "contact" and sec.lines and _ADDRESS_LABEL.match(sec.heading.rstrip(": ") + ": x"):
                    person.location = town_of_address([clean(_LOCATION_END.split(sec.lines[0].text, maxsplit=1)[0])])
                    break
        # Profile links: the header, contact sections and lines that name the profile.
        # The label must be outside the URL ("GitHub: …", "[Scholar](…)"), not a repository link.
        # (the words the document holds at all, looked for once: a line is tested for those only)
        every = "\n".join(l.text for sec in sections for l in sec.lines)
        doc_low = every.lower()
        words = tuple(w for w in _READER_WORDS if w in doc_low) if every.isascii() else _READER_WORDS
        labelled = [(sec.kind, l.text) for sec in sections for l in sec.lines if _names_profile(l.text[:MAX_FIELD], words)] \
            if words else []
        link_text = header_text + "\n" + "\n".join(t for _, t in labelled)
        # "[Code](…) • [Website](…)" under a project or a post: that entry's site, not the person's
        # homepage (a profile named so there is still the person's)
        entry_links = {u for kind, t in labelled if kind in _ENTRY_LINK_KINDS for u in find_urls(t)}
        # "[Fengyuan Ren](url)": a link on another person's name is that person's page.
        link_text = re.sub(r"\[([^\]\n]{2,80})\]\((?:[^)\s]{0,500})\)",
                           lambda m: m.group(0) if not looks_like_name(strip_markup(m.group(1))) or
                           same_person_name(strip_markup(m.group(1)), person.name) else m.group(1), link_text)
        for url in find_urls(link_text):
            ident = classify_profile(url)
            if ident is not None:
                if ident.iri not in person.profiles:
                    person.profiles.append(ident.iri)
            elif not person.homepage and not _is_email_host(url, person.emails) and not _PROFILE_HOST.search(url) \
                    and not _DOCUMENT_URL.search(url) and url not in entry_links:
                person.homepage = url
        # "ORCID 0000-0002-1825-0097", "ORCID iD: …": the identifier without its address
        for m in _BARE_ORCID.finditer(link_text):
            ident = classify_profile("https://orcid.org/" + m.group(1).upper())
            if ident is not None and ident.iri not in person.profiles:
                person.profiles.append(ident.iri)
        # "GitHub: jdoe", "Twitter: @jdoe": a handle without its address, when the CV gives no
        # address of that network
        if ":" in link_text:
            kinds = {ident.scheme for u in person.profiles if (ident := classify_profile(u)) is not None}
            for _net, url in profile_handles(link_text):
                ident = classify_profile(url)
                if ident is not None and ident.scheme not in kinds and ident.iri not in person.profiles:
                    person.profiles.append(ident.iri)
        # "[whwh1996.github.io](https://github.com/whwh1996)": the link text names the homepage.
        for m in re.finditer(r"\[((?:www\.)?[\w-]+(?:\.[\w-]+)+/?)\]\(", header_text):
            if not person.homepage and "." in m.group(1):
                person.homepage = "https://" + m.group(1).rstrip("/") + "/"
        # "⌂ jonasokafor.org", "jdoe.github.io" in the header: a site written without a scheme
        if not person.homepage:
            for m in _BARE_SITE.finditer(header_text):
                host, _, path = m.group(0).rstrip(".,;:)").partition("/")
                url = "https://" + host.lower() + ("/" + path if path or m.group(0).endswith("/") else "")
                if classify_profile(url) is None and not _is_email_host(url, person.emails) \
                        and not _PROFILE_HOST.search(url) and not _GLUED_HOSTS.search(m.group(0)) \
                        and not _DOCUMENT_URL.search(url):
                    person.homepage = url
                    break

    def _front_matter_contacts(self) -> None:
        """'email: jroe@…', 'phone: "+1 …"', 'github: jroe', 'www: jroe.org', 'address: "…, Lorem
        City, Ipsum"' in the front matter of a pandoc, R Markdown or Quarto CV (its template sets
        them in the header): the subject's contacts, when the page's text gives none of that kind."""
        if self.text[:3] != "---":
            return
        fm = self.fm if self.fm is not None else front_matter(self.text)
        person = self.r.person
        if "\n  - " in self.text[:20_000] or "\n- " in self.text[:20_000]:
            self._front_matter_contact_list()
        for key, value in fm.items():
            what = _FM_CONTACT_KEYS.get(key)
            value = value.strip()
            if what is None or not value or value.lower() in ("no", "false", "true", "yes", "null", "~"):
                continue
            if what == "email":
                if not person.emails:
                    person.emails.extend(e for e in find_emails(value) if e not in person.emails)
            elif what == "phone":
                if not person.phones:
                    person.phones.extend(find_phones(value))
            elif what == "address":
                if not person.location and "@" not in value and "http" not in value:
                    person.location = town_of_address([clean(strip_markup(value))])
            elif what == "orcid":
                ident = classify_profile("https://orcid.org/" + value.rsplit("/", 1)[-1])
                if ident is not None and ident.iri not in person.profiles:
                    person.profiles.append(ident.iri)
            else:
                url = value if value.startswith(("http://", "https://")) else None
                if url is None and what == "site" and re.fullmatch(r"[\w-]+(?:\.[\w-]+)+(?:/\S*)?", value):
                    url = "https://" + value
                if url is None and what != "site":
                    url = next((u for _, u in profile_handles(f"{what}: {value}")), None)
                ident = classify_profile(url) if url else None
                if ident is not None:
                    if ident.iri not in person.profiles:
                        person.profiles.append(ident.iri)
                elif url and what == "site" and not person.homepage and not _DOCUMENT_URL.search(url):
                    person.homepage = url

    def _front_matter_contact_list(self) -> None:
        """'contact:' / '  - text: "jroe@lorem.edu"' / '    link: "mailto:jroe@lorem.edu"' / '  - text:
        "jroe"' / '    link: "https://github.com/jroe"' in the front matter of an R Markdown or Quarto
        CV (its LaTeX or HTML template prints the list in the header): each item's link is a contact
        of the subject, an e-mail address, an ORCID iD or a profile, when the page's text gives none
        of that kind."""
        m = _FM_BLOCK.match(self.text[:20_000])
        if not m:
            return
        person = self.r.person
        emails: list[str] = []
        profiles: list[str] = []
        for link in (k for block in _FM_LIST_LINKS.findall(m.group(1)) for k in _FM_LINK_KEY.findall(block)):
            link = link.strip().strip("\"'")
            if link.lower().startswith("mailto:"):
                emails.extend(e for e in find_emails(link[7:]) if e not in emails)
            else:
                if not link.startswith(("http://", "https://")):
                    if not re.fullmatch(r"[\w-]+(?:\.[\w-]+)+(?:/\S*)?", link):
                        continue
                    host, _, path = link.partition("/")
                    link = "https://" + host.lower() + ("/" + path if path else "")   # "jroe.github.io": no scheme
                ident = classify_profile(link)
                if ident is None and "orcid.org/" in link and (oid := _ORCID_IN_LINK.search(link)):
                    ident = classify_profile("https://orcid.org/" + oid.group(0))
                if ident is not None:
                    if ident.iri not in profiles:
                        profiles.append(ident.iri)
                elif not person.homepage and not _DOCUMENT_URL.search(link) and not _is_email_host(link, emails):
                    person.homepage = link
        if emails and not person.emails:
            person.emails.extend(emails)
        person.profiles.extend(p for p in profiles if p not in person.profiles)

    # --- degrees listed under no heading ----------------------------------------------------
    def _unheaded_degrees(self, sections: list[Section]) -> None:
        """'Ph.D., Economics, Lorem University, 2018 (expected)' / 'M.A., Economics, …, 2013' at the
        top of a page with no Education heading (a department's page, a job-market CV), and
        'B.S. 1993, Lorem University; M.S. 1995, Ipsum School': each a degree, when the line opens
        with one and names an institution and a year."""
        found: list[Line] = []
        for sec in sections:
            if sec.kind not in ("preamble", "other"):
                continue
            for line in sec.lines:
                if not YEAR_RE.search(line.text) or len(line.text) > 400:
                    continue
                # ("…, 2018 (expected) M.A., Economics, …": two lines the page's width joined)
                for part in _DEGREE_AFTER_YEAR.split(line.text.replace(";", "\n")):
                    t = strip_markup(part).strip(" \t*-•")
                    if DEGREE_RE.match(t) and YEAR_RE.search(t) and len(t) <= 200 \
                            and (INSTITUTION_WORDS.search(t) or is_known_org_name(t.split(",")[1].strip() if "," in t else "")):
                        found.append(Line(line.no, t))
        if found:
            self._education(Section("education", "", found))

    # --- first-person biography (a home page without CV sections) ------------------------
    def _bio(self, sections: list[Section], education: bool, positions: bool, service: bool = False) -> None:
        """'I am a research scientist in Network Research at Alibaba Cloud.' → a current
        position; 'I received my Ph.D. degree from Tsinghua University in 2020, under the
        guidance of Professor X.' → a degree. Read only when the CV has no such section."""
        if not (education or positions or service):
            return
        for sec in sections:
            if sec.kind not in ("preamble", "interests"):
                continue
            for line in sec.lines:
                text = strip_markup(line.text)
                edus, posts = bio_entries(text, education, positions, subject=self.r.person.name)
                roles = bio_service(text, subject=self.r.person.name) if service else []
                for item in edus + posts + roles:
                    item.line = line.no
                self.r.education += edus
                self.r.positions += posts
                self.r.service += roles

    # --- interests -----------------------------------------------------------------------
    def _interests(self, sections: list[Section]) -> None:
        person = self.r.person
        found: list[str] = []
        text = self.text[: MAX_FIELD * 50]
        # (a cheap test first: in ASCII text a case-blind match holds the lower-cased words; in
        # other text it can differ from the lower-cased form: "ſ", "K")
        may_state = not text.isascii() or "research interest" in text.lower()
        for m in re.finditer(r"research interests?\s*(?:include|includes|are|is|lie in|:)\s*(?:on\s+)?([^.\n]{3,300})",
                             text, re.I) if may_state else ():
            found.extend(_split_topics(m.group(1)))
        for sec in sections:
            if sec.kind == "interests" and re.search(r"interest|research area|focus|^\W*fields\W*$", sec.heading, re.I):
                first = sec.lines[0].text if sec.lines else ""
                bullets = list(itertools.takewhile(lambda ln: ln.bullet, sec.lines))
                if len(bullets) >= 2:
                    # "- Machine learning" / "- Signal processing and coding": a list of topics, one
                    # a bullet, parted at commas only ("and" joins the words of one topic); a
                    # sentence among them describes, it names no topic
                    for line in bullets:
                        topic = strip_markup(line.text)
                        if self._labelled_topics(topic, found):
                            continue
                        if not _SENTENCE.match(topic) and len(topic.split()) <= 8:
                            found.extend(t[0].upper() + t[1:] for t in (t.strip(" .:;") for t in re.split(r"[,;]", topic))
                                         if 1 <= len(t.split()) <= 6)
                else:
                    found.extend(_split_topics(first.split(";")[0]))
            elif sec.kind == "interests" and sec.lines and not person.summary:
                summary = " ".join(strip_markup(l.text) for l in sec.lines)
                if len(summary.split()) >= 8:
                    person.summary = summary[:2000]
        for topic in found:
            if topic.lower() not in (t.lower() for t in person.interests):
                person.interests.append(topic)

    def _labelled_topics(self, topic: str, found: list[str]) -> bool:
        """A labelled bullet under an interests heading: "Reinforcement Learning: RLHF, LoRA" names
        an area and its topics (all interests); "Research: A; B" and "Teaching: C" name the kind of
        interest (the topics only); "Technical: C/C++, Python" or "Language: English (TOEFL)" under
        "Skills & Interests" are skills or languages. False when the bullet carries no such label."""
        label, sep, rest = topic.partition(":")
        label, rest = label.strip(" *_"), rest.strip(" *_")
        if not sep or not rest or not 1 <= len(label.split()) <= 5 or "http" in label or _SENTENCE.match(rest) \
                or not label[:1].isupper():
            return False
        items = [t.strip(" .:;") for t in re.split(r"[,;]", rest)]
        items = [t for t in items if 1 <= len(t.split()) <= 8 and t not in ("...", "…", "etc")]
        if not items:
            return False
        kind = label.lower()
        if kind in _SKILL_LABELS:
            self.r.skills.extend(t for t in items if t not in self.r.skills)
        elif kind in _LANGUAGE_LABELS:
            for t in items:
                if not (m := _NATURAL_LANGUAGE.search(t)):
                    continue
                # "English (TOEFL-100)" is English; "native Spanish speaker" names Spanish
                name = _language_name(t) if m.start() == 0 else m.group(0)
                if name not in self.r.languages:
                    self.r.languages.append(name)
        else:
            if kind not in _INTEREST_KIND_LABELS:
                found.append(label)
            found.extend(t[0].upper() + t[1:] for t in items)
        return True

    # --- education -----------------------------------------------------------------------
    def _japanese_schooling(self, lines: list[Line]) -> list[Line]:
        """Pair each entrance line (入学) with the leaving line (卒業, 修了, 退学) after it into one
        entry: its start and end, its institution (the school up to 大学), its degree (博士後期課程 a
        doctorate, 博士前期課程/修士課程 a master's, 学部 a bachelor's; "博士（分野）取得" names it) and
        field (the 専攻 or 学科). The lines of another shape are given back."""
        rest: list[Line] = []
        opened: tuple[str | None, str] | None = None
        opened_line: Line | None = None
        for line in lines:
            text = strip_markup(line.text)
            m = _JA_ENTERED_LEFT.search(text)
            if m is None:
                rest.append(line)
                continue
            found = find_period(text)
            date = found[0][0] or found[0][1] if found else None
            body = text[found[1][1]:] if found else text
            body = body[: _JA_ENTERED_LEFT.search(body).start()].strip(" \t、,") if _JA_ENTERED_LEFT.search(body) else body.strip()
            note = text[m.end():].strip(" \t、,")
            if m.group(1) in ("入学", "編入学", "進学"):
                opened, opened_line = (date, body), line
                continue
            if body.startswith("同上") or not body:
                body = opened[1] if opened else ""
            start = opened[0] if opened else None
            opened = None
            self._japanese_degree(body, note, start, date, line.no, m.group(1) in ("退学", "中退", "満期退学"))
        if opened is not None and opened_line is not None and opened_line is lines[-1] \
                and ("博士" in opened[1] or "修士" in opened[1]):
            # "2025年4月 …研究科…博士課程入学" last, with no leaving line: the degree under way
            self._japanese_degree(opened[1], "", opened[0], None, opened_line.no, False, current=True)
        return rest

    def _japanese_degree(self, body: str, note: str, start: str | None, end: str | None, line_no: int,
                         unfinished: bool, current: bool = False) -> None:
        inst = _JA_SCHOOL.match(body)
        degree = None
        if "博士後期課程" in body or "博士課程" in body:
            degree = "博士"
        elif "博士前期課程" in body or "修士課程" in body:
            degree = "修士"
        elif "学部" in body or "学科" in body:
            degree = "学士"
        got = _JA_DEGREE_GOT.search(note)
        if got:
            degree = got.group(1)
        field = got.group(2) if got and got.group(2) else None
        if field is None and (major := _JA_MAJOR.search(body)):
            field = major.group(1) or major.group(2)
        edu = Education(institution=inst.group(0) if inst else body or None, degree=degree,
                        level=degree_level(degree) if degree else "other", field=field, start=start, end=end,
                        current=current, line=line_no, unfinished=unfinished)
        if edu.institution:
            self.r.education.append(edu)

    def _education(self, sec: Section) -> None:
        if sum(1 for ln in sec.lines if _JA_ENTERED_LEFT.search(ln.text)) >= 2:
            # A Japanese record of schooling (学歴): "1997年4月 X大学大学院…博士前期課程 入学" /
            # "1999年3月 同上 修了" — a line for the entrance and one for the leaving of each
            sec = Section(sec.kind, sec.heading, lines=self._japanese_schooling(sec.lines), level=sec.level)
            if not sec.lines:
                return
        entries: list[Education] = []
        cur: Education | None = None
        pending_degree: list[tuple[dict, Line]] = []
        degree_first = False
        # Bullet-entry layout (Markdown sites): the section's entries are its top-level bullets.
        bullet_entries = bool(sec.lines) and sec.lines[0].bullet and sec.lines[0].depth == 0
        pending_period = None
        visit: dict | None = None      # a visiting post set inside the list (its lines follow it)
        head_lines = sum(1 for ln in sec.lines if ln.entry_head)
        head_of_cur = False            # whether the current entry opened at a heading line ("#### …")
        for line in _split_degrees(_join_continuations(sec.lines)):
            text, place = _entry_text(line.text)
            if visit is not None:
                if not line.bullet and not line.depth:
                    # "*Ipsum University*" / "January 2023–April 2023" under "**Visiting Scholar**"
                    if (when := find_period(text)) and _date_only(text):
                        visit["period"] = visit.get("period") or when[0]
                    elif not visit.get("organization") and len(text.split()) <= 10:
                        visit["organization"] = clean(strip_markup(text))
                    continue
                self._add_position(visit)
                visit = None
            if bullet_entries and cur is not None and not line.bullet and not line.depth and line.text[:2] in ("**", "__") \
                    and _VISIT_ROLE.fullmatch(strip_markup(text).strip()):
                # "- **Ph.D. in Economics**, 2024" / "  **Visiting Scholar**" / "  *Ipsum University*" /
                # "  January 2023–April 2023": a visit during the degree, set in the list's item
                # below it, is a post of its own, not the institution of the next degree
                visit = {"title": clean(strip_markup(text)), "line": line.no}
                continue
            if text[:2].isdigit() and (honour := _DATED_HONOUR.match(strip_markup(text))) is not None:
                # "1995 Fellow of the Royal Society", "1986 Awarded the Lorem medal for …" under
                # "Qualifications": an honour, not a degree; "1990 Honorary Professor of Physics at
                # Ipsum University": a post
                what = clean(honour.group(2)).rstrip(" .")
                if honour.group(3) and honour.group(4):
                    self._add_position({"title": clean(honour.group(3)), "organization": clean(honour.group(4)),
                                        "period": (honour.group(1), None, False), "line": line.no})
                else:
                    self.r.awards.append(Award(name=re.sub(r"^awarded\s+(?:the\s+)?", "", what, flags=re.I), year=honour.group(1), line=line.no))
                continue
            if text[:1] in "[(" and (status := _LEAD_STATUS.match(text)):
                text = text[status.end():]      # "[Present] PhD in Lorem, Ipsum University, 2019 - 2025": a status tag, no part of the degree
            if cur is not None and line.bullet and line.depth and ":" in text[:40] \
                    and (sub := _DEGREE_SUB_LABEL.match(strip_markup(text))):
                # "- Ph.D., Lorem Engineering, March 1995," / "    - Title: …" / "    - Department: Department of …":
                # labelled lines nested under a degree give its thesis, or the unit it was taken in (no
                # degree of its own)
                if sub.group(1) and not cur.thesis:
                    cur.thesis = clean(sub.group(2)).rstrip(" .,;")
                continue
            fields = _education_fields(text)
            if fields.get("institution") and " in " in fields["institution"] and not fields.get("field") \
                    and (inst_in := _INSTITUTION_IN_SUBJECT.fullmatch(fields["institution"])):
                # "__PhD student__, Lorem University in Space Physics": the field of study after the institution
                fields["institution"], fields["field"] = inst_in.group(1), inst_in.group(2)
            if fields.get("degree") and not fields.get("institution") and " in " in fields["degree"] \
                    and (at_uni := _DEGREE_IN_UNIVERSITY.fullmatch(fields["degree"])) \
                    and not _SUBJECT_END.search(at_uni.group(2)):
                # "Ph.D. in Lorem Universitätsmedizin Berlin, 2019-now": the degree was taken in a
                # university (no field named), not in a subject
                fields["degree"], fields["institution"] = at_uni.group(1), at_uni.group(2)
                if fields.get("field") == at_uni.group(2):
                    del fields["field"]
            if cur is not None and cur.degree and cur.institution and line.bullet and not (bullet_entries and not line.depth) \
                    and fields.get("degree") and fields.keys() <= {"degree", "field"} \
                    and (level := degree_level(fields["degree"])) != "other" and level == degree_level(cur.degree):
                # "MS" / "University of Lorem" / "- Masters in Electrical Engineering" (al-folio): the
                # degree spelled out in a bullet under it gives its field, and opens no entry
                named = fields.get("field") or (m.group(1) if (m := re.search(r"\s(?:in|of)\s+([^,;()]{3,80})$", fields["degree"])) else None)
                if named and not cur.field:
                    cur.field = clean(named)
                continue
            if len(fields) == 1 and fields.get("period") and bullet_entries and line.depth and cur is not None \
                    and not cur.start and fields["period"][0] and not pending_degree and _date_only(text):
                # "* **Lorem University**" / "  * Ph.D. in Physics (Expected May 2027)" / "  * *Jan. 2024 -
                # Present*": a nested line of dates dates the list entry it is nested in (its span
                # replaces the degree's expected date), not the entry below
                cur.start, cur.end, cur.current = fields["period"]
                continue
            if len(fields) == 1 and fields.get("period") and not pending_degree \
                    and (cur is None or cur.start or cur.end or cur.current) and (_date_only(text) or _place_and_dates(text)):
                # "<dt>sept. 2015–août 2018</dt>" / "<dd>Doctorat …, Université …</dd>": a date on a
                # line of its own, when the entry above has its dates, dates the entry below it
                pending_period = fields["period"]
                continue
            if len(fields) == 1 and fields.get("period") and pending_degree and not pending_degree[-1][0].get("period") \
                    and _date_only(text):
                # "M.Sc. in Lorem Science" / "2019 – 2023" / "Lorem University": the dates, on a line
                # of their own between a degree and its institution, are the degree's
                pending_degree[-1][0]["period"] = fields["period"]
                continue
            if pending_period is not None:
                if (fields.get("degree") or fields.get("institution")) and not fields.get("period"):
                    fields["period"] = pending_period
                pending_period = None
            if line.bullet and cur is not None and _SENTENCE.match(text.split("\t")[0]) \
                    and not any(fields.get(k) for k in ("degree", "advisors", "thesis", "period")):
                continue     # "- Visiting student at the Lorem Institute. Focused on …": it describes the entry
            if line.depth and bullet_entries and cur is not None and cur.degree and cur.start and cur.end \
                    and fields.get("institution") and not fields.get("degree") and (span := fields.get("period")) \
                    and span[0] and span[1] and cur.start[:4] <= span[0][:4] and span[1][:4] <= cur.end[:4] \
                    and (span[0] != cur.start or span[1] != cur.end):
                # "- 2021-2025: Ph.D. in Lorem, Ipsum University" / "  - 2023/08-2023/09: Dolor University": a
                # nested place and a span inside the degree's own is a research visit during it, no degree
                continue
            if cur is not None and (minor := re.match(r"(?:minor|second major|concentration|specialization)\s*(?:in\b|:)\s*"
                                                      r"([^,;()]{2,80})", text, re.I)):
                # "* Minor in Computer Science, Wuhan University, 2014" under its degree: part of it
                if minor.group(0).strip() not in cur.honours:
                    cur.honours.append(clean(minor.group(0)))
                continue
            if cur is not None and cur.institution and cur.degree and not pending_degree and not line.entry_head \
                    and not (bullet_entries and line.bullet and not line.depth) and text[:1].isalpha() \
                    and (unit := _DEGREE_UNIT_LINE.match(text)) and not _A_UNIVERSITY.search(text) \
                    and not any(fields.get(k) for k in ("degree", "period", "thesis", "advisors")):
                # "- **M.S.**, the University of Lorem (Apr. 2022 – Mar. 2024)" / "Department of Ipsum
                # Science, Graduate School of Dolor": the department and school the degree was taken in,
                # no entry of their own; the department names the field when none is given
                if not cur.field and unit.group(1):
                    cur.field = clean(unit.group(1))
                elif not cur.field and unit.start() == 0 and (school := _SCHOOL_OF_FIELD.match(text)):
                    # "School of Mechanical Engineering, Dynamics and Control." under the degree's
                    # heading: the school names the field (not "Graduate School of …", a school's name)
                    cur.field = clean(school.group(1))
                continue
            if place and (fields.get("institution") or fields.get("degree")):
                fields["location"] = place
            if fields.get("institution") and cur is not None and not pending_degree and cur.degree \
                    and fields["institution"] == cur.institution and not (fields.get("degree") or fields.get("period")) \
                    and fields.get("honour") and not line.entry_head:
                _merge_education(cur, {k: v for k, v in fields.items() if k not in ("institution", "location")}, "")
                continue     # the institution named again under its degree, with an honour
            if fields.get("degree") and not fields.get("institution") and "," in text:
                # "Ph.D, HUST, Wuhan, China": after the degree, a name and its place
                parts = [p.strip() for p in strip_markup(text).split(",")]
                for k in (3, 2):
                    named = _name_then_country(", ".join(parts[-k:])) if len(parts) > k else None
                    if named and not DEGREE_RE.search(named[0]):
                        fields["institution"], fields["location"] = named
                        for key in ("field", "honour"):
                            if fields.get(key) in named or (fields.get(key) or "").rstrip(".") in named:
                                del fields[key]
                        break
                else:
                    if fields.get("field") and fields.get("honour") and not fields.get("thesis") \
                            and (named := _name_then_country(f"{fields['field']}, {fields['honour'].strip(' .')}")):
                        # "Ph.D., 2014 - 2018, NPU, CN. Supervisor: Prof. A & B": the name and
                        # country read as field and honour once the supervisors are taken out
                        fields["institution"], fields["location"] = named
                        del fields["field"], fields["honour"]
            if pending_degree and not any(fields.get(k) for k in ("institution", "degree", "period")) \
                    and (named := _name_then_country(text)):
                # "2014.09 ~ 2018.06, Ph.D," / "  HUST, Wuhan, China": under a degree that waits for
                # its institution, a name and its place are that institution (an unknown acronym)
                fields["institution"], fields["location"] = named
            if not fields and pending_degree and cur is None and _unnamed_institution(text, line, pending_degree[-1][1]):
                # "MSc in Artificial Intelligence" / "Lorem BarcelonaTech" / "2019 – 2021" (AltaCV): the
                # line right under a degree that waits for its institution names it, whatever its words
                fields = {"institution": clean(text)}
            if fields.get("institution") and cur is not None and cur.institution \
                    and (cur.degree or cur.start or cur.end) and head_lines >= 2 \
                    and head_of_cur and not line.entry_head and not line.bullet and not pending_degree \
                    and not any(fields.get(k) for k in ("degree", "period")):
                # "#### Lorem Institute of Technology (M.Sc.) [2020-22]" / "Ipsum University, School of
                # Computer Science. Advised by …": the paragraph under a heading entry describes that
                # entry (its parent university, its school), no degree of its own
                if not cur.field and (unit := _DEGREE_UNIT_LINE.search(text)):
                    named = unit.group(1) or re.match(r"\s*([^,;.()]{3,80})", text[unit.end():])
                    if named:
                        cur.field = clean(named if isinstance(named, str) else named.group(1))
                _merge_education(cur, {k: v for k, v in fields.items() if k not in ("institution", "location")}, "")
                continue
            if fields.get("institution") and fields.get("degree") and cur is not None and cur.institution \
                    and not cur.degree and not cur.start and not cur.end and head_of_cur and not line.entry_head \
                    and not pending_degree and _A_UNIVERSITY.search(cur.institution) \
                    and not _UNIVERSITY.search(fields["institution"]) and _DEGREE_UNIT_LINE.match(fields["institution"]):
                # "## University of Lorem" / "* PhD, School of Ipsum Sciences \hfill 2021 – Present": the
                # school of the university the heading names, which conferred the degree; the school
                # names the field when none is given
                school = fields.pop("institution")
                fields.pop("location", None)
                if not fields.get("field") and (named := _SCHOOL_OF_FIELD.match(school) or _DEGREE_UNIT_LINE.match(school)) \
                        and named.group(1):
                    fields["field"] = clean(named.group(1))
            if fields.get("institution") and cur is not None and cur.institution and not cur.degree and not pending_degree \
                    and not (line.gap or line.bullet or line.entry_head) and not fields.get("period") \
                    and (level_note := _SCHOOL_LEVEL_NOTE.match(strip_markup(text).strip())):
                # "2004 – 2005: Lorem Academy – Marion, MA" / "*High school; graduated with honours*": the
                # line under a school names its level (and a note), no school of its own
                cur.degree = clean(level_note.group(1))
                if note := clean(level_note.group(2) or "").strip(" .;,"):
                    cur.honours.append(note)
                continue
            if fields.get("institution") and (cur is None or cur.institution or pending_degree):
                if cur is not None and cur.institution:
                    entries.append(cur)
                cur = Education(institution=fields["institution"], line=line.no)
                head_of_cur = line.entry_head
                for dfields, dl in pending_degree:
                    _merge_education(cur, {k: v for k, v in dfields.items() if k != "period"}, "")
                    if dfields.get("period"):
                        cur.start, cur.end, cur.current = dfields["period"]
                    cur.line = dl.no
                    if not entries:
                        degree_first = True
                pending_degree = []
            elif fields.get("degree") and cur is not None and cur.degree and not fields.get("institution") \
                    and not fields.get("period") and not (line.gap or line.bullet or line.entry_head) \
                    and (bare := _BARE_DEGREE_WORD.fullmatch(fields["degree"].strip())) \
                    and cur.degree.lower().startswith(bare.group(1).lower()[:5]) \
                    and (rest := text.strip()[bare.end():].strip(" ,;:")) :
                # "Master’s Degree in Economics, 2011 – 2012" / "Lorem University" / "Master, Doctoral Stream,
                # GPA 4.0": the degree's word alone again, with notes after it, under the degree it names
                # describes that degree, no second one
                cur.honours.append(clean(rest))
                continue
            elif fields.get("degree") and cur is not None and cur.degree and not fields.get("institution") \
                    and degree_first:
                # Degree-first layout ("Ph.D., CS" / "MIT, August 2021"): this degree opens the next entry.
                entries.append(cur)
                cur = None
                pending_degree.append((fields, line))
                continue
            elif fields.get("degree") and cur is not None and cur.degree and not fields.get("institution") \
                    and fields.get("period") and fields["period"] != (cur.start, cur.end, cur.current) \
                    and (bullet_entries and line.bullet and not line.depth or not line.bullet and cur.start and cur.end):
                # "* M.Sc. in Statistics, Lorem University, 2020-2021" / "* B.S. in Applied Math,
                # 2017-2020": a list entry of its own, with its own dates, that names no
                # institution does not take the one of the entry above it; a plain line waits
                # for the institution on a line below it ("2009 – 2013  Bachelor of Science" /
                # "   University of Lorem")
                entries.append(cur)
                cur = None
                if not line.bullet:
                    pending_degree.append((fields, line))
                continue
            elif fields.get("degree") and cur is not None and cur.degree and not fields.get("institution"):
                # A second degree at the same institution: "B.S. in CS," / "B.S. in Applied Math".
                if cur.start or cur.end or not has_period(text):
                    entries.append(cur)
                    cur = Education(institution=cur.institution, location=cur.location, line=line.no,
                                    start=cur.start, end=cur.end, current=cur.current)
                    if fields.get("period"):
                        cur.start = cur.end = None
                        cur.current = False
            elif fields.get("degree") and cur is None:
                pending_degree.append((fields, line))
                continue
            if cur is None:
                continue
            _merge_education(cur, fields, text)
        if visit is not None:
            self._add_position(visit)
        if cur is not None and cur.institution:
            entries.append(cur)
        if pending_degree and cur is None and entries and entries[-1].institution \
                and all(not dl.bullet for _, dl in pending_degree):
            # "* **Lorem University**" / "*Ph.D. (CS)*, 2017 – now" / "*M.S. (CS)*, 2015 – 2017" / "*B.S.
            # (CS)*, 2013 – 2015": dated degree lines under one school that no institution follows (they
            # waited for one below them) were taken at the school above them
            for dfields, dl in pending_degree:
                extra = Education(institution=entries[-1].institution, location=entries[-1].location, line=dl.no)
                _merge_education(extra, {k: v for k, v in dfields.items() if k != "period"}, "")
                if dfields.get("period"):
                    extra.start, extra.end, extra.current = dfields["period"]
                entries.append(extra)
        if pending_degree and cur is None and not entries:
            # "1963 DPhil, Lorem Properties of Ipsum Systems, Clarendon, Oxford" / "1960 BA (Hons, Class
            # I Physics, Oxford": dated degree lines whose school no institution word names (a
            # laboratory, a town's name for its university); the last part of the line is where
            for dfields, dl in pending_degree:
                where = re.split(r"\s*[,;(]\s*", strip_markup(dl.text).strip(" .;)"))[-1]
                if dl.bullet or not dfields.get("period") or not _PLACE_NAME.fullmatch(where) or DEGREE_RE.search(where):
                    continue
                extra = Education(institution=where, line=dl.no)
                _merge_education(extra, {k: v for k, v in dfields.items() if k not in ("period", "honour")}, "")
                extra.start, extra.end, extra.current = dfields["period"]
                entries.append(extra)
        # Two degrees read from one block share dates given once at its end.
        for a, b in zip(entries, entries[1:]):
            if a.institution == b.institution and not (a.start or a.end) and (b.start or b.end) and a.line and b.line and b.line - a.line <= 2:
                a.start, a.end, a.current = b.start, b.end, b.current
        for e in entries:
            if e.degree and e.degree[-1:] in ".,;" and e.degree[-2:-1] == " ":
                e.degree = re.sub(r"\s+[.,;]+$", "", e.degree)     # "PhD. ." (a sentence's stop left by a note cut out)
            if ": " in e.institution and not e.thesis and e.level in ("doctorate", "master") \
                    and (thesis := _INSTITUTION_THEN_THESIS.fullmatch(e.institution)) \
                    and INSTITUTION_WORDS.search(thesis.group(1)):
                # "PhD in Lorem, Université de Nordval: Étude contrastive du futur …, 1991-95": the
                # dissertation's title after the institution and a colon
                e.institution, e.thesis = thesis.group(1).strip(), clean(thesis.group(2)).strip(" .\"“”")
            if e.institution[:1] in "MmCcSs" and (minor := _MINOR_LEAD.match(e.institution)) \
                    and INSTITUTION_WORDS.search(e.institution[minor.end():]):
                # "B.S. in Lorem, B.S. in Ipsum, Minor in Physics, Dolor State University": the minor, then
                # the institution (each degree of the line gets both)
                if clean(minor.group(1)) not in e.honours:
                    e.honours.append(clean(minor.group(1)))
                e.institution = e.institution[minor.end():].strip()
            # A degree with one date gives the date it was (or is expected to be) conferred.
            if e.start and not e.end and not e.current:
                e.start, e.end = None, e.start
            e.start, e.end, e.current = self._checked_period((e.start, e.end, e.current),
                                                             f"education at {e.institution}", e.line)
        self.r.education.extend(entries)

    # --- positions -----------------------------------------------------------------------
    def _positions(self, sec: Section) -> None:
        stacked = _stacked_entries(sec.lines)
        if stacked is not None:
            for e in stacked:
                self._add_position(e)
            return
        entries: list[Position] = []
        cur: dict | None = None
        # Bullet-entry layout (Markdown sites): the section's entries are its top-level bullets.
        bullet_entries = bool(sec.lines) and sec.lines[0].bullet and sec.lines[0].depth == 0
        internships = bool(re.search(r"\binternships?\b", sec.heading, re.I))
        headed = False          # the line before was an entry's header, not a detail
        nested_org = False      # the line before named the entry's organization under its header
        lines = _role_over_orgs(_org_over_roles(_join_continuations(sec.lines, join_bullets=False)))
        if bullet_entries and any(ln.text[:2] in ("**", "__") for ln in lines):
            lines = _bold_head_then_prose(lines)
        if bullet_entries and any(ln.depth for ln in lines):
            lines = _project_over_org_and_dates(lines)
        if not bullet_entries and lines and all(ln.bullet and ln.depth == 0 for ln in lines) \
                and not any(ln.bullet for ln in sec.lines):
            bullet_entries = True       # (every line a role rewritten under its organization's sub-heading)
        # a date-first layout: two or more entry lines open with their dates ("Dec 2020 - Feb 2021
        # Web Developer - Lorem SA"); an undated line under a complete header describes it
        # (a role after the dates: "2019.3 - 2019.6, Hong Kong" under its header is no such line)
        date_first = sum(1 for ln in lines if not ln.bullet and "\t" not in ln.text
                         and (ln.text[:1].isdigit() or _MONTH_YEAR_LEAD.match(ln.text)) and (p := find_period(ln.text))
                         and p[1][0] <= 1 and TITLE_WORDS.search(ln.text[p[1][1]:])) >= 2
        role_para = False       # the lines after "*Role*. What was done …" belong to its paragraph
        label_depth = None      # depth of a nested "Label:" item whose deeper items describe the entry
        for i, line in enumerate(lines):
            if role_para and cur is not None and not line.gap and not line.bullet and not line.entry_head:
                _position_details(cur, strip_markup(line.text).strip())
                continue
            role_para = False
            if label_depth is not None and cur is not None and line.bullet and line.indent > label_depth:
                _position_details(cur, strip_markup(line.text).strip())
                continue
            label_depth = None
            if bullet_entries and cur is not None and line.bullet and line.depth and line.indent and i + 1 < len(lines) \
                    and lines[i + 1].bullet and lines[i + 1].indent > line.indent \
                    and _BARE_LABEL.fullmatch(strip_markup(line.text).strip()):
                # "- *Apr 2023 - now*: Engineer @ Lorem" / "  - Timeline:" / "    - *Jan 2024:* Became
                # …": a short label over deeper items; they (dated or not) describe the entry above
                label_depth = line.indent
                _position_details(cur, strip_markup(line.text).strip())
                continue
            if cur is not None and not cur.get("title") and cur.get("organization") and line.gap and not line.bullet \
                    and not line.entry_head and line.text[:1] in "*_" and (lead := _EMPHASISED_LEAD.match(line.text)) \
                    and line.text[lead.end():lead.end() + 2] in (". ", ".") and len(lead.group(1).split()) <= 8 \
                    and TITLE_WORDS.search(lead.group(1)) and not find_period(lead.group(1)):
                # a definition list "2009 - 2010" / ": Lorem Foundation", then the paragraph under it
                # opening on the post in emphasis: "*Research Technician*. Computer vision for …"
                cur["title"] = clean(lead.group(1)).strip(" .")
                if rest := strip_markup(line.text[lead.end():]).strip(" ."):
                    _position_details(cur, rest)
                role_para = True
                continue
            text, place = _entry_text(line.text)
            if cur is not None and i and lines[i - 1].no == cur.get("line") and lines[i - 1].bullet \
                    and (lines[i - 1].text[:2] in ("**", "__") or lines[i - 1].text[:3].lower() == "<b>") \
                    and not (line.bullet or line.gap or line.entry_head) and cur.get("period") \
                    and not (cur.get("title") and cur.get("organization")) and not cur.get("unit") \
                    and _EMPHASISED_LINE.fullmatch(line.text.strip()) and not find_period(text) \
                    and 0 < len(org_line := _END_STOP.sub("", clean(strip_markup(line.text)).strip(" ,;"))) and len(org_line.split()) <= 8 \
                    and (ORG_WORDS.search(org_line) or not TITLE_WORDS.search(org_line)):
                # "- **Undergraduate Choir Minister**<TAB>Aug 2019 - Jun 2023" / "  *University of Ipsum*": the
                # bold words over their dates are the post, the italic line right under them where it was held
                if not cur.get("title"):
                    cur["title"] = cur.pop("organization")
                cur["organization"] = org_line
                continue
            if "://" in text and (bare := _LINKED_URL.sub("", text).strip(" \t,;·|")) and bare != text.strip() \
                    and _date_only(bare) and find_period(bare):
                # '<a href="https://lorem.edu/">https://lorem.edu/</a><TAB>August 2022 – May 2025' (a card's
                # link set beside its dates): the dates, the link is the organization's site
                text = bare
            if text[-1:] == ":" and cur is not None and _DETAIL_LABEL.fullmatch(strip_markup(text).strip()):
                continue        # "Duties:" / "Research Projects:" over an entry's bullets: a label, no entry
            if cur is not None and line.text[:1] in "*_" and not line.bullet and not line.entry_head and not cur.get("period") \
                    and (lead := _EMPHASISED_LEAD.match(line.text)) and line.text[lead.end():].strip()[:1] in "(·;,." \
                    and _date_only(lead.group(1)) and (when := find_period(lead.group(1))):
                # "### Role — Lorem Lab" / "*Nov 2025 – present* (a note; …). Advisor: …": the dates in
                # emphasis opening the line under the heading date the entry; the rest describes it
                cur["period"] = when[0]
                _position_details(cur, strip_markup(line.text[lead.end():]).strip(" ·,;"))
                continue
            if len(text) <= 24 and _MORE_LINK.fullmatch(strip_markup(text).strip()):
                continue        # "...more details", "Read more" (a link's text under an entry): no entry
            if date_first and cur is not None and cur.get("organization") and cur.get("title") and not line.bullet \
                    and not line.entry_head and not line.depth and not find_period(text) and text.strip():
                _position_details(cur, text)
                headed = False
                continue
            # "…, University of Lorem, UK. Host: Prof. A. Roe": a labelled mentor after the entry's
            # full stop (read apart, so the line is not taken for a description by its length)
            tail_mentors = None
            if ": " in text and (mt := _TRAILING_MENTOR.search(text)) and find_period(text[: mt.start()]):
                text, tail_mentors = text[: mt.start()], _people(mt.group(1))
            if cur is not None and not (bullet_entries and line.bullet and not line.depth) \
                    and _labelled_field(cur, text):
                headed = False
                continue
            # "2017 - 2018<TAB>Lorem Ltd | Analyst - Built the … . I helped …": a dated line too
            # long for a header is one when its head, up to the first clause break, is one.
            tail = None
            if not line.bullet and len(text.split()) > 16 and find_period(text) and (cut := clause_cut(text)):
                head_fields = _position_fields(cut[0], line)
                closing = _CLOSING_DATES.search(cut[1]) if not head_fields.get("period") else None
                if closing is None and not head_fields.get("period") and cut[1][-1:] in ".0123456789":
                    # "… Advisor Dr. Ivo Roe.  August 2019-August 2021.": a last sentence that is
                    # only the post's dates closes the paragraph like "(since Jan 2013)"
                    closing = _CLOSING_SENTENCE.search(cut[1])
                    if closing and not (_date_only(closing.group(1)) and find_period(closing.group(1))):
                        closing = None
                if closing and find_period(closing.group(1)):
                    # "Scholar-in-Residence at the Lorem Museum. Research topic: … (since Jan 2013)": one
                    # paragraph per post, its dates closing it: the first clause and those dates head it
                    cut = (f"{cut[0]} ({closing.group(1)})", cut[1][: closing.start()].rstrip())
                    head_fields = _position_fields(cut[0], line)
                if head_fields.get("period") and (head_fields.get("title") or head_fields.get("organization")):
                    text, tail = cut
                    line = Line(line.no, cut[0], True, line.bullet, line.depth, indent=line.indent)
            fields = _position_fields(text, line) if not _is_description(line, text) or line.bullet else {}
            if cur is not None and not (line.bullet or line.entry_head) and text[:1] == "(" and text.rstrip().endswith(")") \
                    and text.count("(") == 1 and not find_period(text) and (cur.get("organization") or cur.get("title")) \
                    and (note := _BRACKET_MENTOR.fullmatch(text.strip())):
                # "Post-doctoral researcher at Lorem Center, 2016-2021" / "(Group Leader: Dr. Ann Roe)": the
                # person the subject worked under, on a line of its own under the post, not the next employer
                cur.setdefault("mentors", []).append(clean(note.group(1)))
                continue
            if tail_mentors and (fields.get("title") or fields.get("organization")):
                fields["mentors"] = tail_mentors
            # "**Photo Archivist for the Lorem Project** at the Ipsum Institute": the bold words
            # before "at" are the role, however they read
            if fields.get("organization") and not fields.get("title") and "at" in line.text \
                    and (bold := _BOLD_AT.search(line.text)):
                role = clean(strip_markup(bold.group(1)))
                at = fields["organization"].find(role + " at ")
                if at == 0 and (org := re.sub(r"^the\s+(?=[A-Z])", "", fields["organization"][len(role) + 4:]).strip()):
                    fields["title"], fields["organization"] = role, org
            if place and (fields.get("organization") or fields.get("title")):
                fields["location"] = place
            if cur is not None and i and not line.bullet and not line.depth and not line.entry_head \
                    and lines[i - 1].no == cur.get("line") and lines[i - 1].text[:2] in ("**", "__") \
                    and not lines[i - 1].bullet and cur.get("title") and not cur.get("period") \
                    and fields.get("period") and fields.get("organization") and not fields.get("title") \
                    and fields.keys() <= {"period", "organization", "location"} and len(text.split()) <= 12:
                # "**Vice President – Lorem Sailing Club**" / "University of Ipsum (Oct 2024 – Present)":
                # the plain line right under an undated bold header dates it; it names the header's
                # organization when the header gives none (else the host the organization is part of)
                cur["period"] = fields["period"]
                if not cur.get("organization"):
                    cur["organization"] = fields["organization"]
                if fields.get("location") and not cur.get("location"):
                    cur["location"] = fields["location"]
                continue
            if bullet_entries and line.bullet and not line.depth and (fields.get("organization") or fields.get("title")) \
                    and len(text.split()) <= 24 and not _DESCRIPTION_START.match(text):
                line = Line(line.no, line.text, True, line.bullet, line.depth, indent=line.indent)   # an entry header
            under_head = bool(line.depth and cur is not None and i and lines[i - 1].no == cur.get("line"))
            # "* 07/2020 - 04/2021: Data Analyst - Statistics and Reporting" / "  * Lorem Research
            # Foundation": a header cut on its dash into post and organization (or organization and
            # unit) where no part names an organization, right over a nested line that does: the
            # whole header is the post, the nested line its organization
            if under_head and cur.get("organization") and not fields.get("title") and not fields.get("period") \
                    and (org := fields.get("organization")) and len(org.split()) <= 16 and org[-1:] != "." \
                    and (ORG_WORDS.search(text) or _LEGAL_FORM.search(org)) and not _VERB_START.match(text) \
                    and not ORG_WORDS.search(cur["organization"]) and not ORG_WORDS.search(cur.get("unit") or "") \
                    and cur["organization"].casefold() not in org.casefold() \
                    and (head := _dashed_post(next((ln.text for ln in lines if ln.no == cur.get("line")), ""),
                                              cur["organization"])):
                cur["title"], cur["organization"] = head, org
                cur.pop("unit", None)
                for k in ("unit", "location"):
                    if fields.get(k):
                        cur[k] = fields[k]
                nested_org = True
                continue
            # A nested bullet under a header that has a title but no organization names the
            # organization ("* 2018 - 2019: Software Engineer" / "  * Huawei Technology Co. Ltd.");
            # right under the header, a long name with an organization's word is one too ("  * Lorem
            # Institute for the Physics and Chemistry of Ipsum")
            if line.depth and cur is not None and cur.get("title") and not cur.get("organization") \
                    and (not cur.get("unit") or UNIT_WORDS.search(cur["unit"]) and not _A_UNIVERSITY.search(cur["unit"])
                         and ORG_WORDS.search(fields.get("organization") or "")) \
                    and fields.get("organization") and not fields.get("title") \
                    and (len(fields["organization"].split()) <= 8
                         or under_head and len(fields["organization"].split()) <= 16
                         and ORG_WORDS.search(fields["organization"]) and fields["organization"][-1:] != ".") \
                    and not _VERB_START.match(text):
                # (the words of its place do not count: "Lorem Institute for Advanced Study (LIAS),
                # Seoul, Republic of Korea")
                cur["organization"] = fields["organization"]
                for k in ("unit", "location"):
                    if fields.get(k) and not cur.get(k):
                        cur[k] = fields[k]
                nested_org = True
                continue
            # "  Lorem Change Institute" / "  University of Ipsum" (two such lines): the second,
            # a university, is the employer; the first its unit
            if line.depth and nested_org and cur is not None and cur.get("organization") \
                    and fields.get("organization") and not fields.get("title") and not fields.get("period") \
                    and len(text.split()) <= 8 and _UNIVERSITY.search(fields["organization"]) \
                    and not _UNIVERSITY.search(cur["organization"]):
                # (a unit named already, "Researcher with Lorem Lab", goes before the institute)
                cur["unit"] = f'{cur["unit"]}, {cur["organization"]}' if cur.get("unit") else cur["organization"]
                cur["organization"] = fields["organization"]
                nested_org = False
                continue
            nested_org = False
            # "* 2015-2020: Chair <br> Department of Mathematics <br> University of Lorem": under a
            # header whose one short name has no organization's word, a nested line naming the
            # organization (or its unit) shows that name was the role
            if line.depth and cur is not None and cur.get("organization") and not cur.get("title") \
                    and not cur.get("unit") and cur.get("period") and len(cur["organization"].split()) <= 3 \
                    and not ORG_WORDS.search(cur["organization"]) and not fields.get("title") \
                    and (fields.get("organization") or fields.get("unit")) and len(text.split()) <= 8:
                cur["title"] = cur.pop("organization")
                cur.update({k: fields[k] for k in ("organization", "unit", "location") if fields.get(k)})
                nested_org = True
                continue
            # "* 2020-2025: Dean of the Graduate College <br> University of Lorem": a nested
            # university under a header whose organization is none is the employer; the header's
            # organization (a school or college of it) is its unit
            if line.depth and cur is not None and cur.get("title") and cur.get("organization") \
                    and fields.get("organization") and fields.keys() <= {"organization", "location"} \
                    and len(text.split()) <= 8 and _A_UNIVERSITY.search(fields["organization"]) \
                    and not _A_UNIVERSITY.search(cur["organization"]) \
                    and (head := next((ln.text for ln in lines if ln.no == cur.get("line")), "")):
                unit = cur["organization"]
                if cur.get("unit"):
                    # ("Dean of the School of Natural Sciences" was cut into the unit "School"
                    # and the organization "Natural Sciences")
                    joined = re.search(re.escape(cur["unit"]) + r"\s+of\s+(?:the\s+)?" + re.escape(unit), head)
                    unit = joined.group(0) if joined else None
                if unit:
                    cur["unit"], cur["organization"] = unit, fields["organization"]
                    if fields.get("location") and not cur.get("location"):
                        cur["location"] = fields["location"]
                    continue
            # "* **10/2022 -- Present, Lorem University**" / "  - Research Fellow at School of Computing":
            # a nested line under a dated organization with no role names the role and its unit
            if line.depth and cur is not None and cur.get("organization") and not cur.get("title") \
                    and cur.get("period") and not fields.get("period") and " " in text \
                    and (role_at := _ROLE_AT_UNIT.fullmatch(text.strip(" .;"))) and TITLE_WORDS.search(role_at.group(1)) \
                    and not INSTITUTION_WORDS.search(role_at.group(1)) and len(role_at.group(1).split()) <= 5:
                cur["title"] = clean(role_at.group(1))
                if not cur.get("unit"):
                    cur["unit"] = clean(role_at.group(2))
                continue
            # "Professor at Lorem Engineering Program (LEP)" / "University of Ipsum" (al-folio's work card:
            # the role, then the employer on the line right under it): the "at" part is the unit
            if cur is not None and cur.get("title") and cur.get("organization") and not cur.get("unit") \
                    and i and lines[i - 1].no == cur.get("line") and not (line.bullet or line.entry_head or line.gap) \
                    and fields.keys() <= {"organization", "location"} and fields.get("organization") \
                    and _A_UNIVERSITY.search(fields["organization"]) and not _A_UNIVERSITY.search(cur["organization"]) \
                    and len(text.split()) <= 10 and _UNIT_OR_PROGRAM.search(cur["organization"]) \
                    and (head := next((ln.text for ln in lines if ln.no == cur.get("line")), "")) \
                    and " at " in head and not find_period(text):
                cur["unit"], cur["organization"] = cur["organization"], fields["organization"]
                if fields.get("location") and not cur.get("location"):
                    cur["location"] = fields["location"]
                continue
            # "* Associate (March 2018 - September 2019)" / "  * Joined first as a summer trainee, …
            # (March 2018 - August 2018).": a sentence nested under a post, dated or not, describes it
            if line.depth and line.bullet and cur is not None and cur.get("title") and cur.get("organization") \
                    and len(words := text.split()) >= 6 and not line.entry_head \
                    and (_VERB_START.match(text) or len(words) >= 8 and 2 * sum(w[:1].islower() for w in words) >= len(words)):
                _position_details(cur, text)
                continue
            # "__Dolor Research Centre__" / "* Research scientist": a short bullet right under an
            # organization that has no role yet names the role.
            if line.bullet and headed and cur is not None and cur.get("organization") and not cur.get("title") \
                    and fields.keys() == {"title"} and len(text.split()) <= 6 and not (bullet_entries and not line.depth):
                cur["title"] = fields["title"]
                headed = False
                continue
            if cur is not None and cur.get("organization") and cur.get("period") and not cur.get("title") \
                    and not (line.bullet or line.entry_head or line.depth) \
                    and not fields.get("period") and i and lines[i - 1].no == cur.get("line") \
                    and (lead := _ROLE_DASH_PROSE.match(strip_markup(text))) and TITLE_WORDS.search(lead.group(1)) \
                    and not ORG_WORDS.search(lead.group(1)):
                # "## Lorem Corp - May 2019 - Present" / "**Staff Engineer** - Worked on the …": the role
                # held there, a dash, then what the work was (the paragraph under a dated employer)
                cur["title"] = clean(lead.group(1))
                _position_details(cur, lead.group(2))
                headed = True
                continue
            headed = False
            if cur is not None and not line.entry_head and text[:1].isupper() and _TECH_LABEL.match(text):
                _position_details(cur, text)      # "Technologies: PHP, JavaScript, SQL" under a post: its tools
                continue
            if line.entry_head and cur is not None and not cur.get("period") and cur.get("title") and cur.get("organization") \
                    and i and lines[i - 1].entry_head and _date_only(text) and (p := find_period(text)):
                # "## Lorem Ltd" / "### Developer" / "#### June 2015 - September 2015": the dates, a heading
                # of their own under the entry's
                cur["period"] = p[0]
                headed = True
                continue
            if _is_description(line, text) and not (line.bullet and fields.get("title") and fields.get("period")):
                if cur is not None:
                    if _date_only(text) and (p := find_period(text)):
                        if not cur.get("period"):
                            cur["period"] = p[0]       # the entry's dates on a line of their own
                    else:
                        _position_details(cur, text)
                continue
            if not fields:
                if cur is not None:
                    _position_details(cur, text)
                continue
            if cur is not None and line.entry_head and cur.get("title") and not cur.get("period") \
                    and not cur.get("description") and fields.get("organization") and fields.get("period") \
                    and not fields.get("title") and all(
                        TITLE_WORDS.search(cur[k]) and not ORG_WORDS.search(cur[k])
                        for k in ("organization", "unit") if cur.get(k)):
                # "### Intern, Software Engineer" / "#### Lorem Ltd (Jun 2024 - Sep 2024)": the roles
                # over a sub-heading naming where and when
                for k in ("organization", "unit"):
                    if cur.get(k):
                        cur["title"] = f'{cur["title"]}, {cur.pop(k)}'
                for k in ("organization", "unit", "location", "period"):
                    if fields.get(k) and not cur.get(k):
                        cur[k] = fields[k]
                headed = True
                continue
            if cur is not None and cur.get("title") and cur.get("organization") and cur.get("period") \
                    and not (line.entry_head or line.bullet) and set(fields) <= {"organization", "unit", "location"} \
                    and _EMPHASISED_LINE.fullmatch(line.text.strip()):
                # "<em>Open Radio Networks Research</em>" under a header with its role,
                # organization and dates: the subject of the work, not the next employer
                _position_details(cur, text)
                continue
            if cur is not None and cur.get("title") and cur.get("organization") and cur.get("period") \
                    and not (line.entry_head or line.bullet or line.gap) and set(fields) <= {"organization", "unit", "location"} \
                    and text.rstrip().endswith(".") and not text.rstrip().endswith(" .") and len(words := text.split()) >= 4 \
                    and 2 * sum(w[:1].islower() for w in words) >= len(words) and not _A_UNIVERSITY.search(text) \
                    and not find_period(text):
                # "Teaching and research in Lorem Engineering." under a complete header (al-folio's
                # summary line): a sentence about the post, not the next employer
                _position_details(cur, text)
                continue
            if cur is not None and cur.get("organization") and not cur.get("period") \
                    and not cur.get("description") and not line.bullet and fields.get("period") \
                    and not fields.get("title") and (found := _place_before_dates(line.text, single_word=not line.gap)) is not None \
                    and (cur.get("title") or cur.get("unit") or not line.gap and found[0]):
                # (under a header naming only its organization, a place must open the line: a date
                # line alone may head the next entry, as in a timeline with the dates above)
                # "### Lorem Bank — Engineer" / "**Montréal, QC | Octobre 2021 – Présent**": the
                # header's place and dates on a line of their own, not the next employer
                where, cur["period"], rest = found
                if where and not cur.get("location"):
                    cur["location"] = where
                if rest and _SHORT_PLACE.fullmatch(rest):
                    cur.setdefault("location", rest)      # "2019.9 - now, Hong Kong"
                elif rest:
                    _position_details(cur, rest)          # "Oct 2025 – Mar 2026 — a note on the role"
                headed = True
                continue
            if cur is not None and cur.get("organization") and cur.get("period") and not cur.get("title") \
                    and not (line.gap or line.bullet or line.entry_head or line.depth) and fields.get("title") \
                    and not fields.get("period") and "," not in text and " at " not in text and len(text.split()) <= 10 \
                    and i and lines[i - 1].no == cur.get("line"):
                # "2013 : Lorem (Mountain View, CA)" / "Research Intern in Speech Modeling": the line
                # right under a dated employer is the role held there, whole ("in …" is no employer)
                cur["title"] = clean(strip_markup(text))
                headed = True
                continue
            if cur is not None and cur.get("organization") and cur.get("unit") and cur.get("period") and not cur.get("title") \
                    and fields.keys() <= {"organization", "location"} and fields.get("organization") \
                    and i and lines[i - 1].no == cur.get("line") and not (line.bullet or line.entry_head or line.gap or line.depth) \
                    and len(cur["unit"].split()) <= 5 and not (UNIT_WORDS.search(cur["unit"]) or ORG_WORDS.search(cur["unit"])
                                                             or is_known_org_name(cur["unit"]) or is_region(cur["unit"])) \
                    and len(fields["organization"].split()) <= 8 and all(
                        w[:1].isupper() or w in ("of", "and", "for", "the", "&", "de") for w in fields["organization"].split()) \
                    and (head := next((ln.text for ln in lines if ln.no == cur.get("line")), "")) \
                    and re.search(re.escape(cur["unit"]) + r"\s*\(", head):
                # "Lorem Bird Atlas, Principal Atlaser (May 2016 - July 2016)" / "Ipsum Ornithologists Union":
                # the words after the comma, before the dates, are the role; the organization on the line
                # right under the entry is the body it was held for (not the next employer)
                cur["title"], cur["unit"] = cur["unit"], fields["organization"]
                continue
            if cur is not None and i >= 2 and fields and not (line.entry_head or line.bullet or line.depth) \
                    and lines[i - 1].entry_head and lines[i - 2].entry_head and lines[i - 2].no == cur.get("line") \
                    and _date_only(strip_markup(lines[i - 1].text)) and cur.get("period") and not cur.get("description") \
                    and not fields.get("period") and (fields.get("organization") or fields.get("unit") or fields.get("location")) \
                    and len(text.split()) <= 10 and text.count(",") <= 2 and not text.rstrip().endswith(".") \
                    and (head := clean(strip_markup(lines[i - 2].text))) \
                    and not (ORG_WORDS.search(head) and not TITLE_WORDS.search(head)) \
                    and not (TITLE_WORDS.search(first := strip_markup(text).split(",")[0]) and not ORG_WORDS.search(first)
                             and not TITLE_WORDS.search(head)):
                # "##### Sandwich Maker" / "###### 2017 - 2019" / "Lorem Cafe, Bergen" (a résumé template's
                # post: its role and its dates in headings, the employer and town on the line under them):
                # the heading is the role, whole, and the line the employer it was held at
                parts = [clean(p) for p in strip_markup(text).split(",") if p.strip()]
                for k in ("organization", "unit", "location", "group"):
                    cur.pop(k, None)
                cur["title"], cur["organization"] = head, parts[0]
                if len(parts) > 1:
                    cur["location"] = ", ".join(parts[1:])
                continue
            starts_new = cur is None or line.entry_head or any(
                k in cur and cur[k] for k in fields if k in ("organization", "title"))
            if not starts_new and fields.get("period") and cur.get("period") and fields["period"] != cur["period"] \
                    and (fields.get("title") or fields.get("organization")) and not line.depth \
                    and _LEAD_YEARS.match(strip_markup(text)) and _LEAD_YEARS.match(strip_markup(
                        next((ln.text for ln in lines if ln.no == cur.get("line")), ""))):
                # "2018–23 Board member, University of Lorem." / "2020– Steering group member, Ipsum
                # Institute.": lines that each open with their own dates are entries of their own
                starts_new = True
            if starts_new and _role_over_employer(cur, fields, line, lines[i - 1] if i else None):
                # "Research agent<TAB>Montreal, Canada" / "LOREM INSTITUTE<TAB>May 2021 - Aug. 2021"
                # (Awesome-CV's rows): a line naming no employer, right above the employer's line
                # that carries the dates, is the role held there
                cur["title"] = cur.pop("organization")
                cur.pop("group", None)
                for k, v in fields.items():
                    if v and not cur.get(k):
                        cur[k] = v
                headed = True
                continue
            if starts_new and _closing_unit(cur, fields, line, lines[i + 1] if i + 1 < len(lines) else None):
                # "Lecturer<TAB>2017 –" / "University of Lorem" / "Department of Ipsum", then a
                # blank line: the block's second organization line is the first one's unit (or
                # the other way round), not the organization heading the next block's role
                if _UNIVERSITY.search(fields["organization"]) and not _UNIVERSITY.search(cur["organization"]):
                    cur["unit"], cur["organization"] = cur["organization"], fields["organization"]
                else:
                    cur["unit"] = fields["organization"]
                continue
            if fields.keys() == {"period"} or fields.keys() <= {"period", "location"}:
                starts_new = cur is None or "period" in cur
            if starts_new:
                group = cur.get("group") if cur is not None else None
                if cur is not None:
                    entries.append(cur)
                cur = {"line": line.no}
                if fields.get("organization") and not fields.get("title") and not fields.get("period"):
                    # an organization on a line of its own heads the roles listed under it
                    cur["group"] = {k: fields[k] for k in ("organization", "unit", "location") if fields.get(k)}
                elif group and fields.get("title") and not fields.get("organization"):
                    # the next role under the same organization; its own unit or place comes first
                    cur.update({k: v for k, v in group.items() if not fields.get(k)})
                    cur["group"] = group
            for k, v in fields.items():
                if v and not cur.get(k):
                    cur[k] = v
            if tail:
                _position_details(cur, tail)
            headed = True
        if cur is not None:
            entries.append(cur)
        # An organization over the roles held there is their header, not a position of its own.
        entries = [e for i, e in enumerate(entries)
                   if not (e.get("group") and not (e.get("title") or e.get("period") or e.get("description"))
                           and i + 1 < len(entries) and entries[i + 1].get("group") is e["group"])]
        for e in entries:
            if internships and e.get("organization") and not e.get("title"):
                e["title"] = "Intern"     # an entry under "Internships" is an internship
            self._add_position(e)

    def _checked_period(self, period, what: str, line: int | None):
        """An end before its start is a slip in the CV: keep the start, drop the end, say so."""
        start, end, current = period
        if start and end and end[:len(start)] < start[:len(end)]:
            self.r.report.warnings.append(
                f"{what} (line {line}): end {end} is before start {start}; the end date was dropped")
            return start, None, current
        return period

    def _add_position(self, e: dict) -> None:
        course = e.get("course")
        if not course and e.get("title") and _TA_POST.fullmatch(e["title"]) and e.get("description") \
                and (taught := _TEACHING_POST_FOR_DESC.match(e["description"][0])):
            course = clean(taught.group(1)).rstrip(" .")    # "Fall 2024: Teaching Assistant" / "Teaching assistant for CSE 123: Lorem"
        if course:
            self.r.teaching.append(Teaching(course=course, role=e.get("title"), institution=e.get("organization"),
                                            line=e.get("line")))
        if (named := e.get("organization")) and named.endswith(")") and (note := _LOWER_NOTE.search(named)) and note.start() > 1:
            # "Lorem Advisors (a small strategy consultancy)": what the organization does, in
            # lower-case words in brackets, describes it; it is no part of its name
            e["organization"] = named[: note.start()].rstrip()
            e["description"] = [note.group(1), *(e.get("description") or [])]
        for key in ("organization", "unit"):
            if (named := e.get(key)) and "; " in named and (note := _DATED_NOTE.search(named)) and note.start() > 2:
                # "Board member, Lorem Foundation; vice chair 2023–.": a later post there, in lower-case
                # words with its own dates, after a semicolon: it describes the entry, no part of the name
                e[key] = named[: note.start()].rstrip()
                e["description"] = [*(e.get("description") or []), note.group(1).rstrip(" .")]
        for key in ("organization", "unit"):
            if (named := e.get(key)) and named.endswith(")") and (adv := _ADVISOR_BRACKET.search(named)) and adv.start():
                # "LRMU (Prof. Ann Roe)", "Lorem Lab (advisor: Dr. Ben Poe)": the person the subject
                # worked with is a mentor, no part of the organization's name
                e[key] = named[: adv.start()].rstrip(" ,")
                e["mentors"] = [*(e.get("mentors") or []), clean(adv.group(1))]
        org = e.get("organization") or e.get("unit")
        if org and not e.get("title") and (not re.search(r"[^\W\d_]", org) or _ONLY_PRESENT.fullmatch(org.strip())):
            # "02" (a page's section number), "Present" (a date set apart from its partner): no employer
            return
        if not org:
            if e.get("title"):
                self.r.report.skipped.append(f"position {e['title']!r} (line {e.get('line')}): no organization found")
            return
        start, end, current = self._checked_period(e.get("period") or (None, None, False),
                                                   f"position at {org}", e.get("line"))
        title = e.get("title")
        if title and SERVICE_ROLE_WORDS.search(title) and (not TITLE_WORDS.search(title) or re.search(
                r"\b(?:co-?chair|chair|committee|reviewer|referee|tpc|pc member)\b", title, re.I)) \
                and not (re.fullmatch(r"(?i)chair(?:man|woman|person)?", title)
                         and re.match(r"(?i)(?:department|dept\.?|school|faculty|division)\b", e.get("unit") or "")):
            # ("Chair" of a department: the post of its head, not a committee's chair)
            self.r.service.append(Service(role=title, organization=org, period=_period_text(start, end, current), line=e.get("line")))
            return
        self.r.positions.append(Position(
            organization=org, title=title, unit=e.get("unit") if e.get("organization") else None,
            location=e.get("location"), start=start, end=end, current=current,
            mentors=e.get("mentors", []), description=(" ".join(e.get("description", [])) or None),
            line=e.get("line")))

    # --- publications --------------------------------------------------------------------
    def _publications(self, sec: Section) -> None:
        if (dated := _dated_heading_entries(sec.lines)) is not None:
            # "## May 2019" / "### Title of the Paper, VENUE" / a paragraph about it: each entry a
            # date heading over a title heading, then prose (a static site's list of works)
            talks_too = bool(_TALKS_TOO.search(sec.heading))
            for when, head, about in dated:
                year = YEAR_RE.search(when).group(0)
                first = about.split(",", 1)[0] if about else ""
                if talks_too and "," in about and YEAR_RE.search(first) and len(first.split()) <= 6 \
                        and (_TALK_HOST_WORDS.search(first) or re.search(r"[a-z]Conf\b", first)):
                    # "RubyLorem Conf 2021, introducing …": the event the talk was given at opens the paragraph
                    self.r.talks.append(Talk(title=clean(strip_markup(head.text)).rstrip(" ."), host=clean(first), date=(find_period(when) or ((year,),))[0][0] or year,
                                             line=head.no))
                    continue
                title, venue = clean(strip_markup(head.text)).rstrip(" ."), None
                if (tail := _TITLE_VENUE_TAIL.search(title)) and not YEAR_RE.search(tail.group(1)):
                    title, venue = title[: tail.start()], tail.group(1)
                self.r.publications.append(Publication(title=title, venue=venue, year=year, line=head.no))
            return
        if (titled := _titled_work_headings(sec.lines)) is not None:
            for line_no, title, venue in titled:
                e: dict = {"title": title, "line": line_no}
                if venue and (status := _VENUE_STATUS_LEAD.match(venue)):
                    # "Submitted to Lorem Journal, published by Ipsum University.": the status, then the venue
                    e["status"] = _VENUE_STATUS_WORDS[status.group(1).lower().split()[0]]
                    venue = venue[status.end():]
                venue = re.split(r",\s+(?:published|organi[sz]ed|hosted)\s+by\b", venue or "", maxsplit=1)[0].strip(" .")
                if venue:
                    e["venue"] = venue
                    if (year := re.search(r"(?<!\d)((?:19|20)\d\d)(?!\d)", venue)):
                        e["year"] = year.group(1)
                if (pub := pubs._finish(e, self.r.person.name)) is not None:
                    self.r.publications.append(pub)
            return
        # (a line of punctuation only, ".—", is no publication: it has no title)
        found = [p for p in pubs.read_publications(sec.lines, self.r.person.name, self.r.report, heading=sec.heading)
                 if p.title.strip()]
        for p in [p for p in found if not p.authors and _LIST_TALLY.match(p.title)]:
            # "Journals (13 items): Covering lorem …", "Theses (3): Ph.D. (2022), …": how many works a
            # list of them holds, no work
            self.r.report.skipped.append(f"a count of works, not a work: {p.title[:60]}")
            found.remove(p)
        for p in [p for p in found if not p.authors and not p.venue and not p.year and _POINTER_LINE.match(p.title)]:
            # "A list is also available online", "[Google Scholar Profile](…)", "For a complete list,
            # see …": a line pointing to a list kept elsewhere, no work
            self.r.report.skipped.append(f"a pointer to a list, not a work: {p.title[:60]}")
            found.remove(p)
        found = self._drop_group_labels(found)
        if _TALKS_TOO.search(sec.heading):
            # "Publications & Presentations": an entry with no authors and no venue whose title runs on
            # into a poster or an event and its year ("Title. Posters, Lorem Meeting 2019 (Place)",
            # "Title. Ipsum 2017 World Congress") is a talk given, not a paper
            for p in list(found):
                if p.authors or p.venue or not (m := _TALK_IN_TITLE.match(p.title)):
                    continue
                host = _PRESENTATION_KIND_LEAD.sub("", m.group(2)).strip(" ,.;")
                year = YEAR_RE.search(host)
                self.r.talks.append(Talk(title=m.group(1).strip(), host=host or None, date=year.group(0) if year else p.year,
                                         line=p.line))
                found.remove(p)
        self.r.publications.extend(found)

    def _drop_group_labels(self, found: list[Publication]) -> list[Publication]:
        """A label over a group of the list, read as a work of its own: a few words and nothing
        else (no author, venue, year, link or identifier) right over a work that names its
        authors, its year or its venue ("Original Research", "*In prep*", "1. Periodicals", "Work in
        Progress", a table's "year entry" header). It is no work. A short title alone at the end
        of a list, or over another bare title ("+ Ecosphere"), is left as it is."""
        out: list[Publication] = []
        for i, p in enumerate(found):
            nxt = found[i + 1] if i + 1 < len(found) else None
            if nxt is not None and (nxt.authors or nxt.year or nxt.venue) and _group_label_work(p):
                self.r.report.skipped.append(f"a label of the list, not a work: {p.title[:60]}")
                continue
            out.append(p)
        return out

    # --- awards --------------------------------------------------------------------------
    def _awards(self, sec: Section) -> None:
        lines = _split_glued(sec.lines)
        if any("** " in ln.text[:200] and " *" in ln.text[:300] for ln in lines):
            # "**Travel Grant** - *Lorem House of Young Scientists*": the award in bold, then, after a
            # dash, the body that gave it in italics — written as cvgraph keeps it ("Name, Body")
            lines = [Line(ln.no, _BOLD_DASH_ITALIC.sub(r"\1, \2", ln.text, count=1), ln.entry_head, ln.bullet, ln.depth, ln.gap, ln.indent)
                     for ln in lines]
        if any("\t" in ln.text and _HAN_TAB.search(ln.text) for ln in lines):
            # "2022 清华大学 综合优秀奖学金" (the giver, a space, the award): in an award's line the gap
            # between two words of Han script, read as a column break, is a space of the name
            # (a year opening the line stays a date column: "2022<TAB>清华大学 综合优秀奖学金")
            lines = [Line(ln.no, _LEAD_YEAR_SPACE.sub("\\1\t", _HAN_TAB.sub(" ", ln.text), count=1), ln.entry_head,
                          ln.bullet, ln.depth, ln.gap, ln.indent)
                     if "\t" in ln.text else ln for ln in lines]
        if any(ln.text.count(" · ") >= 2 for ln in lines):
            # "Lorem Scholarship (Top 2%) · Ipsum Prize · Dolor Award" (a paragraph of awards parted
            # by middle dots): one award each
            lines = [Line(ln.no, part.strip(), ln.entry_head, ln.bullet, ln.depth, ln.gap, ln.indent)
                     if part is not None else ln
                     for ln in lines
                     for part in (ln.text.split(" · ") if ln.text.count(" · ") >= 2
                                  and all(len(q.split()) <= 12 for q in ln.text.split(" · ")) else [None])]
        if any(_AWARD_YEAR_THEN_NEXT.search(ln.text) for ln in lines):
            # "Lorem Fellowship, 2022 Best Student Paper, Ipsum Congress, 2020" (pasted text that ran
            # the awards together): each award ends with its year; a capital after a year that ends
            # an award opens the next
            lines = [Line(ln.no, part, ln.entry_head, ln.bullet, ln.depth, ln.gap, ln.indent) for ln in lines
                     for part in _run_on_awards(ln.text)]
        heads = [ln for ln in lines if ln.entry_head and not bare_date(ln.text)]
        # (or each heading an award with at most a paragraph under it: "#### Lorem Medal [2012]" /
        # "#### Ipsum Fellowship [2019]" / "Travel to Dolor, with Prof. Ann Roe.")
        if heads and lines[0] is heads[0] and (len(heads) * 2 <= len(lines) or len(heads) >= 2 and all(
                ln.entry_head or not ln.bullet and lines[k - 1].entry_head for k, ln in enumerate(lines))):
            # "### Travel grant" / "**2014** Lorem Foundation" / "*I obtained …*": each heading names
            # an award; the lines under it give its year, the rest describes it
            for i, head in enumerate(heads):
                nxt = lines.index(heads[i + 1]) if i + 1 < len(heads) else len(lines)
                below = lines[lines.index(head) + 1: nxt]
                year = next((y for ln in [head, *below[:1]] for y in re.findall(r"(?<!\d)((?:19|20)\d\d)(?!\d)",
                                                                                strip_markup(ln.text))), None)
                name = clean(strip_markup(head.text))
                if name[-1:] in ")]" and (when := _BRACKETED_DATE_END.search(name)) and when.start() > 3:
                    name = name[: when.start()]     # "Lorem Medal [Sep. 2012]": the date in brackets after the name
                # "### Sabbatical Leave, Spring 2014" (a vita of heading lines): the closing term and
                # year are no part of the name, as on an award's own line below
                while (cut := _AWARD_YEAR_TAIL.sub("", name).strip()) and cut != name:
                    name = cut
                self.r.awards.append(Award(name=name, year=year, line=head.no))
            return
        header = False       # the line before was an award's own (non-bullet) line
        dated = False        # the line before was an award with a date column
        bold = False         # the lines before were an award named in bold and the lines under it
        year_above = ""      # a date on a line of its own, over the award it dates
        last: Award | None = None     # the award the line before gave
        bullet_above = False          # the line before was an award's bullet
        # "- ACM-ICPC:" / "  - Coach and Team Lead:" / "    - Dec 2017, 7th Place, Regional Contest": a
        # bullet that is only a short label and its colon, over more bullets, names a group of
        # awards, not an award (the nesting may be lost: a web page's nested lists read flat)
        labels = {ln.no for ln, nxt in zip(lines, lines[1:]) if ln.bullet and nxt.bullet and nxt.depth >= ln.depth
                  and strip_markup(ln.text).rstrip().endswith(":") and len(ln.text.split()) <= 6
                  and not re.search(r"\d", ln.text)}
        dated_item = False            # the line before was a dated award's top-level bullet, or a detail under one
        # A list of awards each dated in a column ("2018" / "Lorem Grand Prize" / (blank) / "For “…”" /
        # "2016" / …, the date set above read as the award's column): a paragraph of four words or more
        # with no year, set apart between two dated awards, describes the award above it
        # (read from the section's own lines: the glued-line split above keeps no blank lines)
        described: set[int] = set()
        for k, ln in enumerate(sec.lines[1:], 1):
            nxt = sec.lines[k + 1] if k + 1 < len(sec.lines) else None
            if ln.gap and not ln.bullet and not ln.entry_head and "\t" not in ln.text and len(ln.text.split()) >= 4 \
                    and not re.search(r"(?:19|20)\d\d", ln.text) and _dated_column(sec.lines[k - 1].text) \
                    and (nxt is None or _dated_column(nxt.text) or bare_date(nxt.text) is not None):
                described.add(ln.no)
        for line in lines:
            if line.no in labels or line.no in described:
                continue
            if dated_item and line.bullet and line.depth and not line.entry_head and not YEAR_RE.search(line.text):
                # "* Lorem Travel Award, 2019" / "  * Conference on Ipsum Systems" / "  * Given to the best 5%":
                # nested bullets under a dated award say who gave it and why, no awards of their own
                continue
            if last is not None and line.bullet and line.depth and not line.entry_head \
                    and (lab := _NESTED_LABEL.match(strip_markup(line.text))) and not re.search(r"\d", lab.group(1)):
                # "* Lorem Grant (PI)" / "  * 项目名: …" / "  * 时间: 2024.04.10 - 2026.12.31": labelled lines
                # nested under a grant give its project, dates or amount, no awards of their own
                if last.year is None and (when := YEAR_RE.search(line.text)):
                    last.year = when.group(1)
                continue
            if last is not None and not line.entry_head and _GRANT_DETAIL.match(strip_markup(line.text)):
                # "Lorem Visiting Grant (€4,000)<TAB>2023" / "Role: Collaborator | PI: Ann Roe": the
                # subject's role, the grant's PI, amount or funder, labelled under it: no award
                continue
            if last is not None and not line.entry_head and not (line.bullet and not line.depth) \
                    and _AWARD_GIVEN_BY.match(strip_markup(line.text)):
                # "**Lorem Reviewer Award**" / "Awarded by the Ipsum Society on March 9, 2023." / "Selected
                # based on …": who gave the award above, when and why; its year if it has none
                if last.year is None and (when := YEAR_RE.search(line.text)):
                    last.year = when.group(1)
                continue
            dated_item = False
            # "**Junior Scholar Fellowship**" / "Lorem Program" / "Ipsum Research Council": plain lines
            # set right under an award named in bold (hard line breaks) say who gave it, not awards
            if bold and not (line.bullet or line.gap or line.entry_head) and not _WHOLE_BOLD.match(line.text) \
                    and not find_period(line.text.split("\t")[0]):
                continue
            bold = bool(_WHOLE_BOLD.match(line.text)) and not line.bullet
            if "\t" in line.text and _AMOUNT_ONLY.fullmatch(line.text.rsplit("\t", 1)[-1].strip()):
                # "Lorem Award<TAB>$4,000 USD": the award's amount, set in a column of its own
                line = Line(line.no, line.text.rsplit("\t", 1)[0], line.entry_head, line.bullet, line.depth, line.gap, line.indent)
            if _AMOUNT_ONLY.fullmatch(strip_markup(line.text).strip()):
                continue        # "$4,000 USD" on a line of its own (a right-hand column): the amount above
            if not line.bullet and len(line.text) <= 40 and _AWARD_GROUP_LABEL.fullmatch(strip_markup(line.text).strip(" :")):
                continue        # "Funded" / "Under Review" / "External Funding": a group of grants, no grant
            if last is not None and last.year is None and not (line.bullet or line.gap or line.entry_head) \
                    and (giver := _GIVER_THEN_YEAR.fullmatch(strip_markup(line.text).strip())) \
                    and ORG_WORDS.search(giver.group(1)) and not _AWARD_NOUN.search(giver.group(1)):
                last.year = giver.group(2)
                last = None
                continue
            if not line.bullet and len(line.text) <= 24 and line.text.rstrip().endswith(":") \
                    and not re.search(r"\d", line.text):
                continue        # "本科奖项：" ("as an undergraduate:"), "Graduate:": a label over the awards under it
            if last is not None and not line.bullet and _NAME_CUT_END.search(last.name) \
                    and not find_period(line.text) and len(line.text.split()) <= 12:
                # "… Scholars Award, Faculty of" / "Business and Economics": the name goes on
                last.name = clean(last.name + " " + strip_markup(line.text).replace("\t", " "))
                last = None
                continue
            last = None
            # "Early Career Grant, Council.<TAB>2022" / "Funding for two field seasons and …": an
            # undated sentence set directly under a dated award (text from a PDF) describes it
            if dated and not line.bullet and not line.gap and "\t" not in line.text \
                    and _SENTENCE.match(strip_markup(line.text)) and not re.search(r"(?:19|20)\d\d", line.text):
                continue
            dated = False
            if bullet_above and (not line.bullet or line.depth) and not line.gap and not line.entry_head and "\t" not in line.text \
                    and _SENTENCE.match(strip_markup(line.text)) and len(line.text.split()) >= 6 \
                    and not re.search(r"(?:19|20)\d\d", line.text):
                bullet_above = False
                continue     # "- Lorem Grant, 2027" / "Awarded in support of my visit to …": a sentence under it
                # (a line of the item after a hard break, or a nested one), no award of its own
            bullet_above = line.bullet and not line.depth
            # "__Lorem Foundation |__ Fellowship" / "- Working with the … group.": a sentence in a
            # bullet under the award's line describes it
            if line.bullet and header and _SENTENCE.match(strip_markup(line.text.split("\t")[0])):
                continue
            header = not line.bullet and not bare_date(line.text) or header and line.bullet
            # A last tab-separated column holding only dates is the award's year column.
            cols = line.text.split("\t")
            if len(cols) > 1 and find_period(cols[-1]) and _date_only(cols[-1]):
                year_col = cols[-1]
                text = clean(" ".join(cols[:-1]))
            elif len(cols) > 1 and find_period(cols[0]) and _date_only(cols[0]):
                year_col = cols[0]       # a first column of dates ("2018<TAB>Blue Finch Fellowship")
                # ("2018<TAB>Blue Finch Fellowship<TAB>Lorem University": the award, then its giver)
                text = clean(", ".join(c.strip() for c in cols[1:] if c.strip()))
            else:
                year_col = ""
                # ("山东省**优秀学生**，省教育厅，2021": emphasis inside the name is no part of it)
                text = clean(strip_markup(line.text) if "**" in line.text[2:-2] else line.text)
                # "March 2024: Outstanding Reviewer", "2019 – Best Poster": a date before the name
                lead = _AWARD_DATE_PREFIX.match(text)
                when = (lead.group(1) or lead.group(2)) if lead else ""
                if lead and find_period(when) and _date_only(when):
                    year_col, text = when, text[lead.end():]
            dated = bool(year_col) and not line.bullet and bool(text.strip())
            if year_col and not text.strip():
                year_above = year_col       # "2007" / "“Title.” Lorem Foundation Grant …" (a date set above its entry)
                continue
            if not year_col and year_above and not YEAR_RE.search(text):
                year_col = year_above
            year_above = ""
            if len(text.split()) > 16 and (amount := _GRANT_AMOUNT.search(text)) and len(text[: amount.start()].split()) >= 3:
                # "“Title.” Lorem Foundation Grant SBR #0648320. $104,452. Co-PI with A. Roe.": a grant's
                # title and funder; its amount and the subject's role after them are no part of the name
                text = text[: amount.start()]
            if len(text.split()) > 16 and (cut := clause_cut(text)):
                if not year_col and not YEAR_RE.search(cut[0]) and (p := find_period(cut[1])):
                    # "Lorem Innovator of the Year - Winner - State of Nordland in the month of Feb
                    # 2020": the date in the description cut off dates the award
                    year_col = cut[1][p[1][0]:p[1][1]]
                text = cut[0]      # "Lorem Fellowship - Working with the … group.": the name, not its description
            if len(text.split()) > LONG_ENTRY_WORDS and year_col and "(" in text \
                    and len(text[: text.index("(")].split()) >= 3:
                # "2010-present: Doctoral supervision award (“Prime d’encadrement …”) awarded by the
                # Ministry of … in 2010, 2014 and 2018": a dated award too long to be a name is named
                # by its words before the bracketed aside
                text = text[: text.index("(")].rstrip()
            # (a name in any script: "最優秀発表賞", "Премия …")
            if not text or len(text.split()) > LONG_ENTRY_WORDS or not re.search(r"[^\W\d_]", text):
                continue
            if re.match(r"^(?:paper|note|description|title|topic|project|citation)\s*:", text, re.I):
                continue
            year = None
            years = re.findall(r"(?<!\d)((?:19|20)\d\d)(?!\d)", year_col or text)
            if years:
                year = years[0]
            name = re.sub(r"\s*\t\s*", " ", text).strip()
            # "NSF CAREER Award, 2022", "Sloan Fellowship (2021)", "… Program, $550,000, 2019–2022, Co-PI":
            # the closing years, amount and role are not part of the name
            while (cut := _GRANT_TAIL.sub("", _AWARD_YEAR_TAIL.sub("", name)).strip()) and cut != name:
                name = cut
            if year is not None and (span := _AWARD_BARE_RANGE.search(name)) and span.group(1) == year \
                    and len(name[: span.start()].split()) >= 2:
                name = name[: span.start()]
            if year is not None and (bare := _AWARD_BARE_YEAR.search(name)) and name.count(bare.group(1)) == 1 \
                    and len(found := re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", name)) == 1 and found[0] == year \
                    and len(words := name[: bare.start()].split()) >= 2 and words[-1][:1].isupper() \
                    and not words[-1].isupper() and not _MONTH_OR_TERM.match(words[-1]) \
                    and not re.search(r"\s(?:in|at)\s", name):
                # "Lorem Physics Olympiad 2008": its year, after a space, no part of the name (but a
                # meeting's year stays with it: "Best Paper Award, LOREM 2020", "Best Paper at Ipsumcon 2019")
                name = name[: bare.start()]
            name = _without_stop(name)
            if " | " in name and (halves := name.split(" | ", 1)) and _AWARD_NAME_NOUN.search(halves[1]) \
                    and not _AWARD_NAME_NOUN.search(halves[0]):
                name = f"{halves[1]}, {halves[0]}"     # "Lorem Foundation | Research Fellowship": the award, then its giver
            if name[:1] in "PpCc" and (lead := _GRANT_ROLE_LEAD.match(name)) and len(name) > lead.end() + 8:
                name = name[lead.end():]     # "PI, “Digital twins for …,” Lorem Agency": the role is no part of the grant's name
            self.r.awards.append(Award(name=name, year=year, line=line.no))
            last = self.r.awards[-1]
            dated_item = line.bullet and not line.depth and year is not None

    # --- patents -------------------------------------------------------------------------
    def _patents(self, sec: Section) -> None:
        """One patent per line (see patents.parse_patent). A line naming only a number ("Patent
        application 2026001781", "U.S. Patent 12,243,293") gives the number of the title under it,
        and the prose under such a block describes it; a nested or labelled line under a patent
        ("Date of Application: 2021.05.31") fills in what it lacks."""
        held: tuple[str, int] | None = None       # a number line waiting for its title
        block = False                             # the last patent came from a number line and a title
        subject = self.r.person.name
        group_status = patent_heading_status(sec.heading)    # "Pending Patents", "Patents Granted"
        for line in _lazy_continuations(_join_continuations(sec.lines)):
            text = strip_markup(line.text)
            if not text.strip() or _PATENT_COUNT.match(text):
                continue        # "6 patents currently under review at USPTO.": a count, no patent
            if line.entry_head and held is None and not number_in(text) and len(text.split()) <= 5 \
                    and (patent_heading_status(text) or re.search(r"\bpatents?\b", text, re.I)):
                group_status = patent_heading_status(text)      # "**Granted**", "US Patents" over its patents
                continue
            last = self.r.patents[-1] if self.r.patents else None
            if is_number_label(line.text) and not line.depth:
                held, block = (line.text, line.no), False
                continue
            if last is not None and (line.depth > 0 and not line.entry_head or _PATENT_LABELLED.match(text)):
                # "  * Date of Application: 2021.05.31" under its patent
                extra = parse_patent("x " + text, subject) or {}
                label = _PATENT_LABELLED.match(text)
                if label and re.match(r"inventors?", label.group(1), re.I):
                    last.inventors = last.inventors or _name_list(text[label.end():].strip(" .")) or []
                last.date = last.date or extra.get("date")
                last.status = last.status or extra.get("status")
                last.number = last.number or extra.get("number")
                continue
            if block and held is None and not line.bullet and not line.entry_head and not number_in(text):
                continue        # the description under a number line and its title
            entry = parse_patent(line.text if held is None else held[0] + " | " + line.text, subject)
            block = held is not None
            held = None
            if entry is None:
                continue
            entry["status"] = entry["status"] or group_status
            self.r.patents.append(Patent(line=line.no, **entry))

    # --- teaching ------------------------------------------------------------------------
    def _teaching(self, sec: Section) -> None:
        pending: Teaching | None = None
        held: tuple[str, str | None] | None = None    # a role/term heading waiting for its course line
        term_run: tuple[str, str] | None = None       # "Fall 2014 : Instructor" over the course lines after it
        under: str | None = None                      # the role of such a heading over a list of courses
        from_heading = False                          # the current course came under such a heading
        head_role: str | None = None                  # the role a sub-heading names, for the courses under it
        group: tuple[str, str | None, str, int] | None = None   # role, term, institution over nested courses
        heading_org: str | None = None                # "Lorem University" on its own over the courses taught there
        heading_term: str | None = None               # the years given beside such an institution
        pending_depth = 0                             # the list depth of the current course's line
        pending_indent = 0                            # and its indentation
        para_entry = False                            # the current course is a paragraph naming its role or term
        lines = _split_glued(sec.lines)
        for idx, line in enumerate(lines):
            nxt = lines[idx + 1] if idx + 1 < len(lines) else None
            if group is not None and line.depth <= group[3]:
                group = None
            text = strip_markup(line.text)
            org_label = False         # a bracketed line naming where the courses under it were taught
            if not line.bullet and nxt is not None and nxt.bullet and text[:1] == "(" and text.rstrip().endswith(")") \
                    and text.count("(") == 1 and ORG_WORDS.search(text):
                text, org_label = text.strip()[1:-1], True    # "(Lorem Agency, 2019–2025)" over the courses taught there
            if nxt is not None and len(text) <= 30 and text.rstrip().endswith(":") and len(text.split()) <= 3 \
                    and not re.search(r"\d", text) and not _TEACHING_ROLE.search(text) and not INSTITUTION_WORDS.search(text):
                continue        # "Graduate:", "Independent Studies:": a label over the courses under it, no course
            if "=" in text and _LEVEL_LEGEND.fullmatch(text.strip()):
                continue        # "U = undergraduate, G = graduate.": the key to the level tags, no course
            if text[:1] == "[" and (tag := _LEVEL_TAG.match(text)):
                text = text[tag.end():]     # "[U2] Digital Circuits, Lorem University, 2024": the course's level tag
            if len(text) > 30 and not line.entry_head and _ELSEWHERE_NOTE.search(text):
                continue        # "This information can be found on the teaching page.": a pointer, no course
            if len(text) > 100 and not line.bullet and not line.entry_head and text[:1].isupper() \
                    and (stop := _SENTENCE_STOP.search(text)) and len(text[: stop.start()].split()) >= 5 \
                    and len(text.split()) >= 18 and not re.search(r"\b[A-Z]{2,5}[- ]?\d{2,4}\b", text):
                continue        # "Ten years of lecturing for lay audiences. Evaluated …": a paragraph about the teaching, no course
            if line.bullet and nxt is not None and nxt.bullet and nxt.indent > line.indent \
                    and (as_role := _AS_ROLE_LABEL.fullmatch(text.strip())) and not find_period(text):
                # "* As department tutor for exam review:" over the courses indented under it: the
                # role held in each of them, no course
                group, pending = (as_role.group(1), None, None, line.depth), None
                continue
            m_instr = re.match(r"^(?:instructor|lecturer|professor)\s*:\s*(.+)$", text, re.I)
            if m_instr and pending is not None:
                continue
            if pending is not None and not line.bullet and not line.entry_head and _duty_list(text):
                # "2021 Computational Methods" / "Recitations, software support, assignment evaluation":
                # the line under a course listing what the subject did in it describes it, no course
                continue
            # Bullets under a course describe it ("Graded assignments.", a course URL).
            # (not a bullet right under a role heading, nor one with a term: those are courses)
            if line.bullet and (from_heading or held or group) and not line.entry_head and \
                    (not re.sub(r"https?://\S+", "", text).strip() or len(text.split()) > 8 and not (held or find_period(text))
                     or re.match(r"^[A-Z][a-z]+ed\b", text) and not find_period(text)):
                # ("Advanced Ipsum (Econ 650), Spring 2023": an adjective in -ed opening a course with its term)
                continue
            if line.bullet and pending is not None and line.indent > pending_indent and not line.entry_head \
                    and (not (when := find_period(text)) or len(text.split()) >= 8 and when[1][0] > 0) \
                    and not _COURSE_CODE.search(text) \
                    and ("://" in text or len(text.split()) >= 6 and text.rstrip().endswith(".")
                         and not _TEACHING_ROLE.search(text)):
                # "- **LOR 505: Intro to R**" / "    - Lab notes available at https://…": an item
                # indented under a course, with no code or term of its own, describes it
                continue
            if line.bullet and para_entry and not line.entry_head and pending is not None and not find_period(text):
                # "Lecturer, Lorem Computing, Dept. of X, University of Y, 2013." over "- 3 hour course",
                # "- Co-taught with A. Roe": the bullets under a course written as a paragraph describe it
                continue
            if not line.bullet:
                para_entry = False
            listed = _INSTITUTION_COURSES.match(text) if ":" in text and not line.depth else None
            if listed and INSTITUTION_WORDS.search(listed.group(1)) and not find_period(text) \
                    and len(courses := [clean(c) for c in _COURSE_SPLIT.split(listed.group(2)) if clean(c)]) >= 2 \
                    and all(len(c.split()) <= 10 for c in courses):
                # "Lorem College: Europe in the Age of Reformation; Early Modern France; Methods (seminar)":
                # the institution, then the courses taught there
                for course in courses:
                    self.r.teaching.append(Teaching(course=course.rstrip("."), institution=clean(listed.group(1)), line=line.no))
                pending = None
                continue
            if (" at " in text or " for " in text) and (svc := _SERVICE_IN_TEACHING.match(text)):
                # "2022: Session chair at Lorem Graduate Conference", "Submission review for Ipsum
                # Journal" under "Teaching & Academic Service": a service role, not a course
                self.r.service.append(Service(role=clean(svc.group(2)), organization=clean(svc.group(3)).strip(" .") or None,
                                              period=svc.group(1), line=line.no))
                pending = None
                continue
            role_for = _ROLE_FOR_COURSES.match(text) if " for " in text[:60] and not line.depth else None
            if role_for and not find_period(text) \
                    and len(courses := [_AND_LEAD.sub("", clean(c)).rstrip(".") for c in _COURSE_SPLIT.split(role_for.group(2))
                                        if clean(c)]) >= 2 \
                    and all(len(c.split()) <= 8 and not INSTITUTION_WORDS.search(c)
                            and not re.match(r"(?:Prof|Dr)\b", c) for c in courses):
                # "Teaching Assistant for Operations Research, Microeconomics, and Game Theory.": the
                # role, then the courses it was held for
                for course in courses:
                    self.r.teaching.append(Teaching(course=course, role=clean(role_for.group(1)), line=line.no))
                pending = None
                continue
            found = find_period(text)
            if found and "\t" in line.text and (last := strip_markup(line.text.rstrip().rpartition("\t")[2]).strip()) \
                    and _date_only(last) and (in_last := find_period(last)) and (at := text.rfind(last)) > found[1][0]:
                # "Literary History III (1850-1950) with A. Roe<TAB>2014-2015": the date column, not a
                # year in the course's name
                found = (in_last[0], (at + in_last[1][0], at + in_last[1][1]))
            for _ in range(3):
                # "Modern China I (1644-1912)", "Europe 1789-1914, Fall 2019": years before 1950 name the
                # period a history course covers, not when it was taught (a later date may follow)
                if not (found and found[0][0] and found[0][0][:4].isdigit() and int(found[0][0][:4]) < 1950):
                    break
                later = find_period(text[found[1][1]:])
                found = (later[0], (found[1][1] + later[1][0], found[1][1] + later[1][1])) if later else None
            if pending is not None and found and line.bullet and line.depth > pending_depth and not line.entry_head \
                    and not pending.term and not text[:found[1][0]].strip(" \t,;:(") \
                    and len(text[found[1][1]:].split()) <= 8:
                # "* Lorem Algorithms, Teaching Assistant" / "  * Spring 2014 - Fall 2015, Lorem Department":
                # a nested line that opens on a term is the term (and place) of the course above
                pending.term = text[found[1][0]:found[1][1]].strip()
                if (place := text[found[1][1]:].strip(" \t,;:)")) and not pending.institution:
                    pending.institution = place
                continue
            if pending is not None and not found and text.rstrip().endswith(".") and len(text.split()) >= 5 \
                    and not _COURSE_CODE.search(text) and not _ROLE_STOP_COURSE.match(text):
                # ("Lecturer. Lorem Methods (UG). University of Ipsum.": the next course, its role first)
                continue     # "Ran weekly lab sections for 40 students.": a sentence about the course
            if pending is not None and len(text) <= 30 and _COURSE_LINK_LABEL.fullmatch(text.strip()):
                continue     # "Course website", "Syllabus" (a link's text under the course): no course
            if found and found[1][0] == 0 and ":" in text and nxt is not None and not line.bullet \
                    and (tr := _TERM_COLON_ROLE.fullmatch(text.strip())) \
                    and (_TEACHING_ROLE.search(tr.group(2)) or _HELPER_ROLE.search(tr.group(2))) \
                    and not _COURSE_CODE.search(re.sub(r"\([^()]*\)", "", tr.group(2))):
                # "Fall 2011, 2012, 2013 : Teaching Assistant", "Winter 2006 – 2008 : Section Leader" over
                # the course lines: the terms and the role held in the courses under them
                held = term_run = (clean(tr.group(2)), tr.group(1).strip())
                pending = None
                continue
            if not found and not line.bullet and nxt is not None and not nxt.entry_head and " at " in text \
                    and (ra := _ROLE_AT_PLACE.fullmatch(text.strip().rstrip("."))) \
                    and (_TEACHING_ROLE.search(ra.group(1)) or _HELPER_ROLE.search(ra.group(1))) \
                    and (INSTITUTION_WORDS.search(ra.group(2)) or is_known_org_name(ra.group(2))) \
                    and not _COURSE_CODE.search(text):
                # "Instructor at the University of Lorem" / "Elementary Ipsum": the role and where it was
                # held, over the courses taught (not a course "at the University of Lorem")
                held = term_run = (clean(ra.group(1)), None)
                heading_org, heading_term, pending = clean(ra.group(2)), None, None
                continue
            term_text = bracket_role = None
            if found:
                span = found[1]
                term_text = text[span[0]:].strip(" \t,;")
                body = text[:span[0]].strip(" \t,;:")
                after = text[span[1]:]
                if re.match(r"\s*[,;]\s*\S", after) and re.search(r"[A-Za-z]{3}", after) and len(after.split()) >= 3 \
                        and not find_period(after):
                    # "Teaching Assistant, Fall 2022, LOR 101: Lorem; Ipsum University": the course
                    # and institution after the term
                    term_text, body = text[span[0]:span[1]].strip(), f"{body}, {after.strip(' ,;')}"
                term_text = re.sub(r"\s*[\u2010\u2011]\s*", " – ", term_text)   # "Fall 2022 ‑ Spring 2024" (non-breaking hyphen)
                if term_text.endswith(")") and body.endswith("("):   # "TA (Spring 2015)"
                    term_text, body = term_text[:-1].strip(), body[:-1].strip()
                elif term_text.endswith(")") and body.count("(") > body.count(")") and (at := body.rfind("(")) > 0:
                    # "Lorem Modelling (module lead, 2016–present)": the bracket gives the role and the term
                    bracket_role = clean(body[at + 1:].strip(" ,;")) or None
                    term_text, body = term_text[:-1].strip(), body[:at].strip()
                elif not body and span[0] == 0 and ("\t" in line.text[:span[1] + 12]
                                                    or text[span[1]:].lstrip(" ,;:–—-")[:1].isupper()):
                    # (or a single space after the date, as a PDF gives the column:
                    # "2020 – present Physical Chemistry II, University of Lorem")
                    # "2015<TAB>Lorem Lyceum | Substitute teacher - Physics and maths.": a date column first
                    term_text, body = text[:span[1]].strip(), text[span[1]:].strip(" \t,;:")
                    cols = [c.strip() for c in strip_markup(line.text.replace("\t", "\x1f")).split("\x1f")]
                    if len(cols) > 2 and _date_only(cols[0]) and find_period(cols[0]):
                        # "2006 - 2007<TAB>Lorem University<TAB>Data Processing I" (a table's row):
                        # each later column is a field of its own
                        body = "\t".join(c for c in cols[1:] if c)
                    if len(body.split()) > 8 and (cut := clause_cut(body, 12)):
                        body = cut[0]           # the rest describes the course
            else:
                body = text.strip()
            role = None
            m = re.match(r"^(?:as\s+(?:an?\s+)?)?((?:(?:lab|head|senior|graduate|undergraduate|course|lead)\s+)?"
                         r"(?:teaching assistan(?:t|ct)|teaching associate|teaching fellow|TA|instructor(?:\s+of\s+record)?|lecturer|grader|tutor|co-instructor|guest lecturer|"
                         r"(?<=lab )assistant|(?<=course )assistant|"
                         # (in Chinese: teaching assistant, course teacher, lecturer)
                         r"助教|授课教师|任课教师|主讲教师|讲师)"
                         r"(?:\s+(?:and|&)\s+(?:grader|instructor|tutor|lecturer))?)(?:\b|(?<=[助授任主讲][教课师]))(?:\s*\|)?[,:：]?\s*", body, re.I)
            if m:
                role = m.group(1)
                body = body[m.end():]
                if body[:1] == "(" and (bracketed := re.fullmatch(r"\(\s*([^()]{2,120}?)\s*\)\s*:?\s*", body)) \
                        and (INSTITUTION_WORDS.search(bracketed.group(1)) or is_known_org_name(bracketed.group(1))):
                    body = bracketed.group(1)       # "As grader (Lorem University):": where, over its courses
                if body[:1] == "." and (rest := body[1:].strip()) and rest[:1].isupper():
                    # "Lecturer. Lorem Methods (UG). University of Ipsum.": the role, then the course
                    # and the institution, each closed by a full stop
                    body = re.sub(r"(?<=[\w)])\.\s+(?=[A-Z])", "; ", rest)
            elif bracket_role and len(bracket_role.split()) <= 4:
                role = bracket_role
            if line.entry_head:
                # "### Teaching Assistant" / "### Instructor of Record" / "### As course instructor": a
                # sub-heading naming a role gives it to every course under it, up to the next one
                head_role = role if role and not body.strip(" ()-–,") else None
            elif not role and head_role and not held:
                role = head_role
            elif body.count("|") == 1 and re.search(r"\s\|\s", body) and all(p.strip() for p in body.split("|")):
                # "Lorem High School | Substitute teacher", "TA | Calculus I": the side naming a
                # teaching role is the role, the other the course or its institution
                left, right = (p.strip() for p in body.split("|"))
                if _TEACHING_ROLE.search(right) and not _TEACHING_ROLE.search(left):
                    role, body = right, left
                elif _TEACHING_ROLE.search(left) and not _TEACHING_ROLE.search(right):
                    role, body = left, right
            if role and not body.strip(" ()-–,") :
                held = (role, term_text)           # "### Teaching Assistant and Grader (Spring 2015)"
                pending = None
                continue
            from_heading = bool(held)
            if held and not role:
                role, term_text = held[0], term_text or held[1]
            elif under is not None and not role and line.bullet and not held:
                role = under             # "Grader" / "- Course A …" / "- Course B …": each course under it
            if held and line.bullet:
                under = held[0]
            elif not line.bullet:
                under = None
            held = None
            if term_run is not None:
                # ("Winter 2006 – 2008 : Section Leader" / "LOR 106A: Lorem" / "LOR 106B: Ipsum": each course
                # line under the terms and role, up to a blank line, holds them)
                if nxt is not None and not nxt.gap and not nxt.entry_head and not nxt.bullet \
                        and not find_period(strip_markup(nxt.text)):
                    held = term_run
                else:
                    term_run = None
            # (a comma inside brackets parts nothing: "Lorem Methods (Ipsum University, MA)")
            parts = [p.strip(" .") for p in re.split(r",\s*(?![^()]{0,80}\))|;\s*|\t", body) if p.strip(" .")]
            # "**Introduction to Lorem** (Ipsum University): Fall 2020": the institution in brackets
            if len(parts) == 1 and (paren := re.fullmatch(r"([^()]{3,300}?) ?\(([^()]{2,80})\):?", parts[0])) \
                    and (INSTITUTION_WORDS.search(paren.group(2)) or is_known_org_name(paren.group(2))) \
                    and not INSTITUTION_WORDS.search(paren.group(1)):
                parts = [paren.group(1).strip(), paren.group(2)]
            # ("University courses", "College seminars": a label over a list of courses, not an institution)
            org_parts = [p for p in parts if (_ORG_PART.match(p) or INSTITUTION_WORDS.search(p) or is_known_org_name(p)
                                              or org_label and ORG_WORDS.search(p))
                         and not _COURSE_LABEL.search(p)]
            if parts and len(org_parts) == len(parts):
                if nxt is not None and nxt.depth > line.depth and (role or not line.bullet or nxt.bullet):
                    # "* Teaching Assistant, Dept. of X, University of Y, 2019–2020" over nested courses;
                    # "Lorem University" alone over its indented courses
                    group, pending = (role, term_text, org_parts[-1], line.depth), None
                    continue
                if not role and nxt is not None and (pending is None or heading_org is not None) \
                        and (not term_text or not line.bullet and nxt.bullet and not nxt.entry_head):
                    # the section opens on an institution alone (a CV from PDF keeps no indent):
                    # it and each later one head the courses under them
                    # ("University of Lorem, Department of Ipsum": the university, not its department;
                    # "Lorem University, 2019–2025" over a list: the institution and the years of its courses)
                    main = next((p for p in org_parts if _A_UNIVERSITY.search(p)), org_parts[-1])
                    heading_org, heading_term, pending = main.rstrip(":"), term_text, None
                    continue
                if not role and pending is not None and not pending.institution:
                    # "School of Earth Sciences, University of Lorem, 2019-2021" under its course
                    pending.institution = org_parts[-1]
                    pending.term = pending.term or term_text
                    continue
            if group is not None:
                role, term_text = role or group[0], term_text or group[1]
                if group[2]:
                    parts = [p for p in parts if p != group[2]] + [group[2]]
            institution = next((p for p in parts if (INSTITUTION_WORDS.search(p) or is_known_org_name(p))
                                and not _COURSE_CODE.search(p)), None)
            course_parts = [p for p in parts if p != institution]
            if not role and len(course_parts) >= 2 and (rp := next((p for p in course_parts[1:] if _ROLE_ONLY.fullmatch(p)), None)):
                role = rp        # "Behavioural Finance (undergraduate), head TA, Lorem University": the role after the course
                course_parts.remove(rp)
            elif not role and len(course_parts) >= 2 and (rp := next((p for p in course_parts[1:]
                                                                      if (rf := _ROLE_FOR_PROFESSOR.fullmatch(p))
                                                                      and _ROLE_ONLY.fullmatch(rf.group(1))), None)):
                # "Ec1123, Lorem University, teaching fellow for Professor Ann Roe": the role (the
                # course's professor is not kept: a teaching entry has no field for it)
                role = _ROLE_FOR_PROFESSOR.fullmatch(rp).group(1)
                course_parts.remove(rp)
            if len(course_parts) >= 2:
                # "General Lorem Course, Mentor: Prof. Sam Poe": the course's professor is not kept
                # (a teaching entry has no field for it), nor read as part of the course
                course_parts = course_parts[:1] + [p for p in course_parts[1:] if not _PROFESSOR_LABEL.match(p)]
            if not course_parts and institution and pending is not None and not pending.institution:
                pending.institution = institution.rstrip(":")
                pending.term = pending.term or term_text
                continue
            if not course_parts:
                continue
            course = ", ".join(course_parts)
            if term_text and (award := re.search(r"\(([^()]{3,120})\)\s*$", term_text)) \
                    and not find_period(award.group(1)):
                term_text = term_text[: award.start()].rstrip()      # "Fall 2020 (Outstanding Instructor Award)"
            if institution is None:
                inst_m = re.match(r"^([A-Z][A-Za-z]+)\s+(?=[A-Z]{2,}\s?\d)", course)
                if inst_m and is_known_org_name(inst_m.group(1) + " University"):
                    institution = inst_m.group(1)
                    course = course[inst_m.end():]
                else:
                    acro = re.match(r"^([A-Z]{3,})\s+(?=[A-Z]{2,}\s?\d)", course)
                    if acro:
                        institution, course = acro.group(1), course[acro.end():]
            if term_text is None and institution is None and heading_org is not None:
                term_text = heading_term
            pending = Teaching(course=course.strip(" -–,"), institution=institution or heading_org, term=term_text, role=role,
                               line=line.no)
            pending_depth, pending_indent = line.depth, line.indent
            self.r.teaching.append(pending)
            para_entry = not line.bullet and not line.entry_head and bool(role or term_text)

    # --- service -------------------------------------------------------------------------
    def _service(self, sec: Section) -> None:
        referee = referee_role(sec.heading)     # "Referee Service" over a plain list of journals
        if sec.item_indent is not None and (label := _role_label(sec.heading)):
            referee = label     # "* **Journal Reviewer**:" over the journals listed under it: that role
        # "Professional Memberships" over a plain list of societies: each is one the subject is a member of
        self._members = bool(MEMBERSHIP_HEADING.search(sec.heading))
        lines = _join_continuations(sec.lines)
        label_role: tuple[str, int] | None = None     # a role label in the list over the items nested under it
        org_label: tuple[str, int] | None = None      # an organization in the list over the roles nested under it
        under_entry = False     # a line that is no list item (an entry's head) came before
        for idx, line in enumerate(lines):
            raw, column_date = line.text, None
            if not line.bullet and _PAGE_LINK_LINE.match(strip_markup(raw).strip()):
                continue        # "Full CV", "Return to index page", "Google Scholar profile": the page's links, no service
            if not line.bullet:
                under_entry = True
            elif under_entry and _DONE_SENTENCE.match(strip_markup(raw)):
                # "**Society Secretary** — Lorem College, 2023" / "- Hosted workshops on …": what was
                # done in the role above, no role of its own
                continue
            elif under_entry and lines[idx - 1].no and (said := strip_markup(raw).strip()).endswith(".") \
                    and len(said.split()) >= 6 and not YEAR_RE.search(said) \
                    and not _service_role_words(lead := " ".join(said.split()[:3])) and not _SERVICE_POST.search(lead) \
                    and not re.match(r"(?:Serv|Elected|Appointed|Nominated|Invited)", said):
                # "### Meetup Organizer | Jun 2019 -- Present" / "- Run a monthly meetup on testing
                # practice.": a sentence under the role's heading says what was done in it
                continue
            if label_role is not None and line.depth <= label_role[1]:
                label_role = None
            if org_label is not None and line.depth <= org_label[1]:
                org_label = None
            nxt = lines[idx + 1] if idx + 1 < len(lines) else None
            if line.bullet and nxt is not None and nxt.bullet and nxt.depth > line.depth \
                    and (head := strip_markup(raw).strip(" :")) and len(head.split()) <= 8 \
                    and not _service_role_words(head) and not _SERVICE_POST.search(head) and not YEAR_RE.search(head) \
                    and (kids := list(itertools.takewhile(lambda k: k.depth > line.depth, lines[idx + 1:]))) \
                    and all(k.depth == nxt.depth and YEAR_RE.search(k.text) and _SERVICE_POST.search(k.text) for k in kids):
                # "* Lorem Alumni Chapter" / "  * Board Member, 2025 - Present" / "  * Treasurer, 2023 - 2024":
                # an organization over the dated roles held in it
                org_label = (clean(head), line.depth)
                continue
            before = len(self.r.service)
            if line.bullet and nxt is not None and nxt.bullet and nxt.depth > line.depth \
                    and strip_markup(raw).rstrip().endswith(":") and (label := _role_label(raw)):
                # "* **Conference PC**:" / "  - NeurIPS, ICLR, ICML": a role over the venues listed under it
                label_role = (label, line.depth)
                continue
            item_role = label_role[0] if label_role is not None else referee
            if item_role and not line.entry_head and "\t" not in raw and (venues := _listed_venues(strip_markup(raw))):
                # "TPAMI, TASLP, Neurocomputing, etc.", "Lorem Letters (5 times), Ipsum Review (2 times)",
                # "Neural Lorem Systems (NLS) - 2021, 2022", "Journal of Lorem": under a reviewer's role
                # (a heading or a label over them), each venue reviewed for, with its years
                for venue, years in venues:
                    self.r.service.append(Service(role=item_role, organization=venue, period=", ".join(years) or None,
                                                  line=line.no))
                continue
            if item_role and not line.entry_head and raw.count("\t") == 1 and (when := bare_date(raw.split("\t")[1])) \
                    and not SERVICE_ROLE_WORDS.search(raw.split("\t")[0]) \
                    and (venues := _listed_venues(strip_markup(raw.split("\t")[0]))):
                # "Lorem Journal of Ipsum \hfill 2023" under "Journal Reviewing": the venue reviewed for,
                # the dates in a column of their own
                for venue, years in venues:
                    self.r.service.append(Service(role=item_role, organization=venue,
                                                  period=", ".join(years) or clean(raw.split("\t")[1]) or None, line=line.no))
                continue
            if referee and (raw[:2] in ("**", "__") or not line.entry_head and "\t" not in raw
                            and not SERVICE_ROLE_WORDS.search(raw.split(":", 1)[0])) \
                    and (venue_years := _VENUE_YEARS.match(strip_markup(raw))):
                # "- **LoremConf**: 2021, 2022, 2023" (or a plain "Lorem Symposium (LS): 2016") under
                # "Reviewing": the venue, then the years reviewed for ("2024 (Outstanding Reviewer)":
                # the note is no year)
                years = ", ".join(YEAR_RE.findall(venue_years.group(2)))
                self.r.service.append(Service(role=referee, organization=clean(venue_years.group(1)),
                                              period=years or None, line=line.no))
                continue
            if referee and not line.entry_head and "\t" not in raw and (journals := referee_list(raw)):
                for journal in journals:
                    self.r.service.append(Service(role=referee, organization=journal, line=line.no))
                continue
            if not line.bullet and raw.count("\t") in (2, 3) \
                    and len(cells := [clean(strip_markup(c)) for c in raw.split("\t")]) == raw.count("\t") + 1 \
                    and all(cells) and _date_only(cells[0]) and find_period(cells[0]) and not find_period(" ".join(cells[1:])):
                # "| Aug 2015 - May 2016 | Vice-president | Lorem Student Organization | Dunmore, NC |" (a
                # table's row): the dates, the post and the body it was held in, each a cell of its own;
                # a place in the last cell is neither
                when, cells = cells[0], cells[1:]
                if len(cells) == 3 and (_strip_location(cells[2])[1] or is_region(cells[2])
                                        or cells[2].lower() in PLACE_WORDS):
                    cells = cells[:2]
                short = [len(c.split()) <= 4 for c in cells]
                post = [bool(_SERVICE_POST.search(c)) for c in cells]
                if len(cells) == 2 and all(len(c) <= 120 for c in cells):
                    # (the post is the short cell naming one: "Treasurer" after "Lorem Society" too)
                    order = (0, 1) if short[0] and post[0] else (1, 0) if short[1] and post[1] else \
                        (0, 1) if len(cells[0].split()) <= 3 and not ORG_WORDS.search(cells[0]) else None
                    if order is not None:
                        self.r.service.append(Service(role=cells[order[0]], organization=cells[order[1]], period=when,
                                                      line=line.no))
                        continue
            column = re.search(r"\t([^\t]{1,40})$", raw)
            if column and bare_date(column.group(1)):
                # the date of a heading over this line (`dated_groups`): used when the line has none
                raw, column_date = raw[:column.start()], bare_date(column.group(1))
            elif (first := _FIRST_COLUMN.match(raw)) and (lead := bare_date(first.group(1))) \
                    and not _SERVICE_PERIOD.search(first.group(1)):
                # "2003年4月 - 現在<TAB>Lorem学会" (a table's date column, in a form the role's own
                # period rule does not read): the date column dates the role
                raw, column_date = raw[first.end():], lead
            text = strip_markup(raw)
            if not text or bare_date(text.strip(" -–—•*")):
                continue           # a date alone on its line is a heading or a column, not an entry
            if _DAYS_ONLY.fullmatch(text) and YEAR_RE.search(text):
                continue           # "Dec. 03, 2018 — Dec. 05, 2018": the days of the event below, no role
            if not line.bullet and idx and not lines[idx - 1].bullet and "," in text \
                    and is_region(text.rsplit(",", 1)[1].strip()) and not _service_role_words(text):
                continue           # "Lorem Institute, Ipsum, Russia" under an event: where it was held, no role
            # "Program committee: ISCA 2024, MICRO 2023. Reviewer: IEEE TC, ACM TACO": one
            # labelled role after another on one line, each read on its own
            if "," not in text and _SPACED_DASHES.search(text) and not _DASHED_RANGE.search(text):
                text = _SPACED_DASHES.sub(", ", text)   # "Head of Outreach — Lorem Society — 2025": the fields
            parts = _SERVICE_LABEL_BREAK.split(text)
            if self._members and ("•" in text or "·" in text) and len(
                    societies := [p.strip(" .") for p in _MEMBER_SEP.split(text) if p.strip(" .")]) >= 2 \
                    and all(p[:1].isupper() and len(p.split()) <= 12 and not YEAR_RE.search(p)
                            and not _service_role_words(p) for p in societies):
                # "Lorem Society • Ipsum Forum • Dolor Association" under "Professional Memberships": one
                # society after another, the subject a member of each
                for society in societies:
                    self._service_entry(society, line.no, column_date)
            elif len(parts) > 1 and all(_labelled_role(part) for part in parts):
                for part in parts:
                    self._service_entry(part.strip(" ."), line.no, column_date)
            else:
                self._service_entry(text, line.no, column_date)
            if org_label is not None:
                for k, entry in enumerate(self.r.service[before:], before):
                    # ("Board Member, Tech": the team named after the role stays with the role)
                    role = f"{entry.role}, {entry.organization}" if entry.organization else entry.role
                    self.r.service[k] = entry.model_copy(update={"role": role, "organization": org_label[0]})

    def _service_entry(self, text: str, line_no: int | None, column_date: str | None) -> None:
        # "ACSOS: PC (2024-2025), Registration Chair (2025)": the venue as the label, then each role
        # held for it with its years
        if (venue_first := _SERVICE_LABEL.match(text)) and not SERVICE_ROLE_WORDS.search(venue_first.group(1)) \
                and len(venue_first.group(1).split()) <= 6:
            roles = _top_level_commas(venue_first.group(2).rstrip(" ."))
            if roles and all(len(r.split()) <= 6 and _ROLE_ITEM.search(r) for r in roles):
                for item in roles:
                    role, years = venue_and_years(item.strip())
                    self.r.service.append(Service(role=clean(role), organization=clean(venue_first.group(1)),
                                                  period=", ".join(years) or column_date, line=line_no))
                return
        # "Program Committee: PLDI 2024, POPL 2023, ESOP 2022": one role per venue
        # "Reviewer, NeurIPS 2020, ICML 2021" too: a comma after the role
        listed = _labelled_role(text) or _SERVICE_ROLE_COMMA.match(text)
        if listed and _service_role_words(listed.group(1)):
            role_text = listed.group(1)
            items = [i.strip() for i in split_list(listed.group(2))]
            if listed.re is _SERVICE_ROLE_COMMA and (first := _ROLE_FOR_FIRST.match(role_text)):
                # "Reviewer for TPAMI, TCSVT, NeurIPS, and AAAI": the role, then the first of the
                # venues it was for, then the others after commas
                role_text, items = first.group(1), [first.group(2).strip()] + items
                # (", and ICME." closing the sentence: the last venue, without "and" and the full stop)
                items[-1] = _ACRONYM_STOP.sub("", _AND_LEAD.sub("", items[-1]))
            if "(" in listed.group(2):
                items = [_COUNT_NOTE.sub("", i).strip() for i in items]   # "Lorem Letters (5 times)": how often, no part of the venue
            if _REVIEWER_HONOUR.search(role_text) and len(items) >= 2 \
                    and all(len(i.split()) <= 6 and i[:1].isupper() for i in items):
                # "Outstanding Reviewer: NeurIPS 2022, ICML 2023", "优秀审稿人：A、B、C": an honour
                # for each venue's reviewing, not a service role
                for item in items:
                    venue, years = venue_and_years(item)
                    venue = _RANK_NOTE.sub("", venue)
                    self.r.awards.append(Award(name=f"{clean(role_text)}, {clean(venue)}", year=years[0][:4] if years else None,
                                               line=line_no))
                return
            # ("Member, Lorem Committee on Bridge Loads, 2017 – present": a date alone is the
            # role's period, not a venue)
            role_period = None
            if len(items) >= 2 and (rp := _SERVICE_PERIOD.search(role_text)) and not role_text[:rp.start()].strip() \
                    and _service_role_words(rest := (role_text[:rp.start()] + role_text[rp.end():]).strip(" ,;:-–—")):
                # "2021–present  Reviewer: A, B" (the date column read into the line): the period of
                # each venue's role, not part of the role
                role_text, role_period = rest, rp.group(2) or rp.group(1)[:-1].rstrip() + "–present"
            if len(items) >= 2:
                # ("…, SR, and Humanities and Social Sciences Communications": the last venue without "and")
                items[-1] = _AND_LEAD.sub("", items[-1])
                if (last_two := _ABBREVIATED_AND.fullmatch(items[-1])) is not None:
                    # "Phys. Rev. E, J. Low Lorem Phys. and Ipsum.": "and" after an abbreviated
                    # journal's stop joins the last two venues (an abbreviated name drops its "and")
                    items[-1:] = [last_two.group(1), last_two.group(2)]
                if not _abbreviated_name(items[-1]) and any(_abbreviated_name(i) for i in items[:-1]):
                    items[-1] = _END_STOP.sub("", items[-1])     # ("…, Phys. Rev. E, Ipsum.": the list's full stop)
            one_place = len(items) >= 2 and INSTITUTION_WORDS.search(items[-1]) and not any(
                INSTITUTION_WORDS.search(i) or YEAR_RE.search(i) for i in items[:-1])
            # ("Admissions Committee Co-Chair, Lorem Studies, University of Ipsum": a unit and its
            # university, one place, not two venues)
            if len(items) >= 2 and not one_place \
                    and all(len(i.split()) <= 6 and (re.search(r"(?:19|20)\d\d|[A-Z]{2,}", i) or _TITLED_NAME.fullmatch(i)
                                                     or _abbreviated_name(i))
                            and re.search(r"[A-Za-z]{2}", i) and not bare_date(i) for i in items):
                for item in items:
                    # "SIGMOD (2021, 2022)", "VLDB (2020–2022)", "ICDE 2021": years and ranges as written
                    venue, years = venue_and_years(item)
                    if venue.endswith(")") and (note := _ITEM_NOTE.search(venue) or _RANK_NOTE.search(venue)):
                        # "ICML (Outstanding Reviewer)": a note on the role; "NeurIPS (CCF-A)",
                        # "AOM Annual Meeting (管理学顶会)": a note on the venue's rank
                        venue = venue[: note.start()]
                    venue = clean(venue)
                    if not _abbreviated_name(venue):
                        venue = _END_STOP.sub("", venue)      # ("J. Org. Lett.": an abbreviated name keeps its stop)
                    self.r.service.append(Service(role=clean(role_text), organization=venue or None,
                                                  period=", ".join(years) or role_period, line=line_no))
                return
        period = None
        m = _SERVICE_PERIOD.search(text)
        if m:
            period = m.group(2) or m.group(1)[:-1].rstrip() + "–present"
            text = re.sub(r"\(\s*\)", "", text[:m.start()] + text[m.end():]).strip(" \t,;.")
            text = re.sub(r"\|(?:\s*\|)+", "|", text).strip(" \t|")     # "Organizer |  | Remote": the dates' cell emptied
            if " | " in text:
                # "Meetup Organizer | Remote" (the cells of a heading, its dates cut out): the role,
                # then where it was held; a place or "remote" is no organization
                cells = [c.strip() for c in text.split("|") if c.strip()]
                held = [c for c in cells[1:] if not (c.lower() in PLACE_WORDS or c.lower() in ("various", "hybrid")
                                                     or is_region(c) or _strip_location(c)[1])]
                text = ", ".join(cells[:1] + held[:1])
            text = re.sub(r"(?<=\S)\s+,", ",", text)            # "ISCA 2024, …" without its year
            text = re.sub(r",\s*,", ",", text)                  # "Meeting, October 28-30, 2016, Lorem": one comma left
        elif column_date:
            text, period = text.strip(" \t,;."), column_date
        emph = re.search(r"\(\s*\**\s*([^()*]{2,60}?)\s*\**\s*\)\s*$", text)
        labelled = _labelled_role(text)
        role = org = None
        dashed = _ORG_DASH_ROLE.fullmatch(text) if "–" in text or "—" in text else None
        if dashed and SERVICE_ROLE_WORDS.search(dashed.group(2)) and not SERVICE_ROLE_WORDS.search(dashed.group(1)) \
                and _SERIAL_LIST.search(dashed.group(2)) and not _DASHED_RANGE.search(text):
            # "Lorem Survey – Diversity, equity, and inclusion committee": the body, a dash, then the
            # committee, whose name lists its words with commas (a list, not fields)
            role, org = dashed.group(2), dashed.group(1)
        elif emph and SERVICE_ROLE_WORDS.search(emph.group(1)):
            role, org = emph.group(1).strip(), text[:emph.start()].strip(" ,")
        elif labelled:
            # "Program Vice-Chair: 11th Symposium on X (XYZ), Newport Beach, California"
            role, org = labelled.group(1), _strip_location(labelled.group(2))[0] or labelled.group(2)
        else:
            # ("Artifact Evaluation committee for …", "Member in the Admission Committee for …")
            rm = re.search(r"^(.*?\b(?:reviewer|referee|chair|co-chair|committee(?: member)?|member|organi[sz]er|editor|president|"
                           r"volunteer|editorial board|examiner)\b)\s+(?:of|for|at|in)\s+(.+)$", text, re.I)
            if rm is None:
                # "Web Chair. The 9th Lorem Conference on Ipsum (LCI)": the post, a full stop, then
                # what it was held for
                rm = _ROLE_STOP_ORG.match(text)
                if rm is not None and not _VENUE_NAMED.search(rm.group(2)):
                    rm = None               # "Served as chair. Lorem went well.": two sentences
            if rm is None:
                # "Editor-in-Chief Journal of Lorem", "Associate Editor Ipsum Review": an editor's title
                # run into the journal's name
                rm = _EDITOR_THEN_JOURNAL.match(text)
            if rm:
                role, org = rm.group(1), re.sub(r"^the\s+", "", rm.group(2))   # "Reviewer for the Journal of …"
            else:
                rm = re.search(r"^(.+?)\s+((?:external\s+|external-)?(?:reviewer|referee|pc member|tpc member|chair|co-chair|member|organi[sz]er|editor))\s*$", text, re.I)
                if rm:
                    org, role = rm.group(1), rm.group(2)
        if role is None and (comma := _SERVICE_COMMA.match(text)):
            head, tail = comma.group(1).strip(), comma.group(2).strip()
            # "Treasurer, Lorem Society" / "Lorem Society, Vice President": the part that
            # names a post is the role, the other the organization
            if _SERVICE_POST.search(tail) and len(tail.split()) <= 4 and not ORG_WORDS.search(tail) \
                    and (ORG_WORDS.search(head) or not _SERVICE_POST.search(head)):
                role, org = tail, head
            elif _SERVICE_POST.search(head) and len(head.split()) <= 6:
                role, org = head, tail
        if role is None and (comma := _SERVICE_COMMA.match(text)) and (tail := comma.group(2).strip()) \
                and len(tail.split()) <= 4 and all(w[:1].isupper() for w in tail.split()) and not ORG_WORDS.search(tail) \
                and (TITLE_WORDS.search(tail) or re.search(r"(?:er|or|ist|ant|ent)$", tail.split()[-1])) \
                and not re.search(r"\d", tail) and len(comma.group(1).split()) <= 10:
            # "Lorem Bird Observatory, Marketing Consultant", "Ipsum Watershed District, Annual Report Creator":
            # the organization, then the post held there (a role's word, or an agent noun, last)
            role, org = tail, comma.group(1).strip()
        if role is None and text.count(", ") >= 2 and (post := text.split(", ", 1))[0] \
                and len(post[0].split()) <= 4 and _SERVICE_POST.search(post[0]) and not ORG_WORDS.search(post[0]) \
                and not _SERVICE_POST.search(post[1]) and (held := _without_town(post[1])):
            # "Local Organizer, Fall Lorem Meeting, Lorem Mathematical Society, Springfield, MN" (its
            # dates cut out): the post, then the event and the body it was held for, then the place
            role, org = post[0], held
        if role is None and self._members and not _SERVICE_POST.search(text) \
                and not SERVICE_ROLE_WORDS.search(text) and len(text.split()) <= 12:
            role, org = "Member", text      # "2009-present American Lorem Association" under "Memberships"
        if role is None:
            role, org = text, None
        org = _END_STOP.sub("", clean(org)) if org else None      # "Journal of X." ends a sentence
        if org and (number := _MANUSCRIPT_NO.search(org)) and number.start():
            org = org[: number.start()]
        if org and org.endswith(")") and (colo := _COLOCATED.search(org)) and colo.start():
            org = org[: colo.start()]        # "LoremConf (co-located with IpsumConf 2023)": where it was held
        self.r.service.append(Service(role=clean(role), organization=org or None, period=period, line=line_no))

    # --- talks ---------------------------------------------------------------------------
    def _talks(self, sec: Section) -> None:
        known_titles = [p.title for p in self.r.publications]
        cur: dict | None = None
        talks: list[dict] = []
        bullet_entries = bool(sec.lines) and sec.lines[0].bullet and sec.lines[0].depth == 0
        bullet_nos = {ln.no for ln in sec.lines if ln.bullet and not ln.depth}
        prev_no, prev_tab = None, False
        talk_lines = _slot_talks(_split_glued(_run_on_quoted_talks(sec.lines)))
        paired_hosts = _paired_venue_lines(talk_lines)
        for k, line in enumerate(talk_lines):
            raw, date = line.text, None
            if raw[:1] in "_*" and not (line.bullet or line.entry_head) and k + 1 < len(talk_lines) \
                    and _italic_label(raw, talk_lines[k + 1]):
                continue      # "_Conference presentations at national scope_" over numbered talks: a group label
            if "\\nth{" in raw:
                raw = _NTH_MACRO.sub(lambda m: ordinal(int(m.group(1))), raw)     # pandoc's "\nth{2} Lorem Workshop"
            above, prev_no = prev_no, line.no
            # (the line above was a table's row, its first cell the date)
            above_tab, prev_tab = prev_tab, "\t" in raw and bool(bare_date(raw.split("\t", 1)[0])
                                                                or _MONTH_SLASH_YY.fullmatch(raw.split("\t", 1)[0].strip()))
            if cur is not None and cur.get("title") and not cur.get("host") and cur.get("date") and cur.get("event_first") \
                    and cur.get("line") == above and not line.bullet and not line.gap \
                    and _WHOLE_EMPHASIS.fullmatch(raw.strip()):
                # "**2023** — Lorem Congress on Applied Mathematics (Tokyo)" / "*Title of the talk*": the
                # dated line names the event, the emphasised line under it the talk
                cur["host"], cur["title"] = cur["title"], clean(strip_markup(raw))
                continue
            if line.no in paired_hosts and cur is not None and cur.get("line") == above and not cur.get("host"):
                # "Title of the talk<TAB>2023" / "Lorem Meeting (virtual)", each talk two such lines:
                # the undated line names where it was given, however long; opening in lower case it
                # first ends the title the margin cut ("with lorem lesions, Ipsum Meeting")
                venue = clean(strip_markup(raw)).strip(" ,.;")
                if venue[:1].islower() and "," in venue:
                    rest, venue = (part.strip() for part in venue.split(",", 1))
                    cur["title"] = cur["title"].rstrip() + " " + rest
                cur["host"] = venue or None
                continue
            cols = raw.rsplit("\t", 1)
            if len(cols) == 2 and (col := bare_date(cols[1])):
                raw, date = cols[0], col                           # a last column of dates
            elif (cols := raw.split("\t", 1)) and len(cols) == 2 and (col := bare_date(cols[0])):
                raw, date = cols[1], col                           # a first column of dates
            elif len(cols) == 2 and (my := _MONTH_SLASH_YY.fullmatch(cols[0].strip())):
                # "09/19<TAB>Lorem Conference" (a table's first column): the month and the year's last two digits
                raw, date = cols[1], f"20{my.group(2)}-{my.group(1)}"
            elif "\t" not in raw and above_tab and cur is not None and cur.get("title") and cur.get("date") and not cur.get("host") \
                    and cur.get("line") == above and not line.bullet and not line.gap and "," in raw \
                    and not re.search(r"[\"“”]", raw) and not find_period(raw) \
                    and is_region(strip_markup(raw).rsplit(",", 1)[1].strip(" .")):
                # "09/19<TAB>Lorem Conference" / "Lorem Institute, Town, Country" (the next row of a
                # table, its date cell empty): where the talk above was given
                cur["host"] = re.sub(r"\s+,", ",", clean(strip_markup(raw))).strip(" ,.;")   # ("<em>Lorem</em> , Town")
                continue
            text = strip_markup(raw).strip()
            if cur is not None and cur.get("title") and not cur.get("host") and cur.get("line") == above \
                    and not line.bullet and not line.gap and not line.entry_head and date is not None and date == cur.get("date") \
                    and "," in text and len(text.split()) <= 12 and not re.search(r"[\"“”]", text) \
                    and (_TALK_HOST_WORDS.search(venue := text.split(",", 1)[0]) or _TALK_VENUE_WORDS.search(venue)) \
                    and not _TALK_HOST_WORDS.search(cur["title"]) and not find_period(text):
                # "Oct 2018" / "Sparse Probes for Lattice Models" / "Lorem Symposium, Lenhold, NL.": the
                # line under the talk's title names where it was given (its first part names the event;
                # "Title, Lorem Meeting, Place" under another such talk is a talk of its own); it carries
                # the title's date when the date was set above both (an undated line under a title is
                # read as its host further on)
                cur["host"] = clean(text).strip(" ,.;")
                continue
            if not line.entry_head and _TALK_ABSTRACT.match(text):
                continue    # "**Abstract**: Piracy remains …" under a talk: what it was about, no talk
            # "Venue: Lorem Symposium" / "Date: May 2019" under a talk: that talk's host or date
            lab = _TALK_LABEL.match(text) if cur is not None else None
            if lab:
                if lab.group(1).lower() in ("date", "dates", "when"):
                    if not cur.get("date") and find_period(lab.group(2)):
                        cur["date"] = lab.group(2).strip()
                elif not cur.get("host"):
                    cur["host"] = clean(lab.group(2)).strip(" ,.;")
                else:
                    cur["host"] += ", " + clean(lab.group(2)).strip(" ,.;")
                continue
            apa = _APA_TALK.match(text) if date is None and "(" in text[:400] else None
            if apa:
                # "Roe, J., Poe, S. (2017). “Title of the talk”, presented as a poster at the 48th Lorem
                # Meeting." (a presentation cited with its authors and year): the quoted title is the
                # talk's, the words after "presented … at/in" name its event
                date = apa.group(2)
                host = _APA_TALK_HOST_LEAD.sub("", apa.group(4).strip(" ,.;"), count=1)
                text = f'"{clean(apa.group(3)).rstrip(" .,")}", {host}' if host else f'"{clean(apa.group(3)).rstrip(" .,")}"'
                raw = text
            if date is None and raw[:2].isdigit() and (ld := _YEAR_COLON_EMPHASIS.match(raw)):
                # "2020: *Title of the talk*. Lorem Symposium, …" (a pandoc list of talks under their
                # dates): the year, then the emphasised title and its event
                date, raw = ld.group(1), raw[ld.end():]
            if date is None and ": " in text and (edt := _event_date_title(text)) is not None:
                # "Lorem Star Meeting, June 21, 2012: Surveying the ipsum gas" (a list of talks,
                # each its event, its date, a colon, then its title): the event hosts the talk
                date, text = edt[1], f'"{edt[2]}", {edt[0]}'
                raw = text
            if raw[:1].isalpha() and (kind_lead := _KIND_BEFORE_EMPHASIS.match(raw)):
                raw = raw[kind_lead.end():]     # "Keynote *Title*, Lorem Expo, Town": the kind of talk, then its title
            emph = _EMPHASISED_TALK.match(raw)
            # ("<li><b>…</b>, … <i>…</i></li>": the same marks written in HTML inside Markdown)
            marked = _INLINE_ITALIC_TAG.sub("*", _INLINE_BOLD_TAG.sub("**", _LIST_ITEM_TAG.sub("", raw))).strip() \
                if "<b>" in raw or "<strong>" in raw else raw.strip()
            if date is None and marked[:2] in ("**", "__") and (et := _EVENT_THEN_TITLE.match(marked)) \
                    and (ey := _YEAR_OPENS_EVENT.match(et.group("e"))) and not YEAR_RE.search(et.group("mid")):
                # "**2016 Lorem Spring Meeting**, Town, ST. Symposium X: Ipsum. *Title of the talk*": the
                # event in bold with its year first, where, the session, then the title emphasised
                date = ey.group(1)
                host = clean(et.group("e")[ey.end():]).strip(" ,") + ", " + \
                    _SENTENCE_STOP_IN_HOST.sub(", ", clean(et.group("mid")).strip(" ,;."))     # ("Town, ST. Symposium")
                text = f'"{clean(et.group("t")).rstrip(" .")}", {host.rstrip(", ")}'
            elif raw[:2] in ("**", "__") and (et := _EVENT_THEN_TITLE.match(raw.strip())) \
                    and (yr := YEAR_RE.search(et.group("mid"))) and not YEAR_RE.search(et.group("mid")[yr.end():]):
                # "__Lorem Genetics Conference__, Madison WI<TAB>2018. Roe A, Poe B. _Title of the talk._": the
                # event in bold, where and when, the speakers, then the talk's title emphasised
                if date is None:
                    date = yr.group(0)
                place = clean(strip_markup(et.group("mid")[: yr.start()])).strip(" ,;.\t")
                host = clean(et.group("e")).strip(" ,") + (f", {place}" if place else "")
                text = f'"{clean(et.group("t")).rstrip(" .")}", {host}'
            elif emph and re.search(r"[A-Za-z]", emph.group(2)):
                text = f'"{clean(emph.group(1))}", {strip_markup(emph.group(2))}'   # "*Title*, Host, Date"
            elif raw[-1:] in "*_>.)" and (hc := _HOST_COLON_TALK.match(raw)) and re.search(r"[A-Za-z]{3}", hc.group(2)):
                # "2015 Colloque Lorem, Lyon, France : *Title of the talk.*": the event (its year first),
                # a colon, then the title emphasised
                if hc.group(1) and date is None:
                    date = hc.group(1)
                text = f'"{clean(hc.group(3)).rstrip(" .")}", {strip_markup(hc.group(2))}'
            # "2023: NBER Summer Institute, …", "2025 Lorem Workshop, Place", "July 2022 Logic Families"
            # (a date column read as text)
            # ("2023–2024: Title …", a talk given over two years: the range is its date)
            lead = re.match(r'^((?:' + _MONTH_NAME + r'\.?\s+)?(?:19|20)\d\d(?:[–—-](?:19|20)\d\d(?=:))?)(?:\s*[:|–—-]\s+|\s+(?=[A-Z"“])|(?=[“”"])|\.\s+(?=[“"]))', text) \
                or _TALK_MONTH_LEAD.match(text)
            event_first = False
            if lead and date is None:
                date, text = lead.group(1), text[lead.end():]
                event_first = True
            found = find_period(text) if date is None else None
            if found and found[1][1] < len(text.rstrip(" .")) - 1 and (later := find_period(text[found[1][1]:])) \
                    and found[1][1] + later[1][1] >= len(text.rstrip(" .")) - 1 and found[0][0] and len(found[0][0]) == 4 \
                    and not found[0][1] and (later[0][0] or "").startswith(found[0][0]) and len(later[0][0]) > 4:
                # "Lorem Workshop 2016, Town, 3--4 juin 2016.": the event's own year first, the talk's date
                # (its month in that year) at the end
                found = (later[0], (found[1][1] + later[1][0], found[1][1] + later[1][1]))
            if found and found[1][1] < len(text.rstrip(" .")) - 1 and (note := _NOTE_AFTER_DATE.fullmatch(text, found[1][1])):
                # "Lorem Workshop, Paris, 22 septembre 2015, audience internationale.": a note in lower
                # case after the date says how the talk was given, no part of it
                text = text[:note.start()]
            if found and found[1][1] >= len(text.rstrip(" .")) - 1:
                date = text[found[1][0]:found[1][1]]
                text = text[:found[1][0]].strip(" ,;")
                if text.endswith("("):
                    text = text[:-1].rstrip(" ,;.")     # "…, San Francisco, CA (2023)": the date's brackets
                # "August, 2024" was read as a year; keep the month.
                mm = re.search(r"([A-Za-z]+),?\s*$", text)
                if mm and mm.group(1).lower()[:3] in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"):
                    date = mm.group(1) + " " + date
                    text = text[:mm.start()].strip(" ,")
                # "…, Springfield. 12 December 2019": the day before the month is no part of the host
                # ("…, Town, 12--14 avril 2017": a range of days likewise)
                text = re.sub(r"(?:^|(?<=[.,;]))\s*\d{1,2}(?:st|nd|rd|th)?(?:\s*(?:-{1,2}|–)\s*\d{1,2}(?:st|nd|rd|th)?)?\.?$", "",
                              text).strip(" ,;")
            title = host = None
            if text and (kind_only := _KIND_AFTER_EVENT.search(text)) and kind_only.start() > 2 \
                    and len(text[: kind_only.start()].split()) <= 12 and not _SENTENCE.match(text[: kind_only.start()]):
                # "**Lorem Fall Meeting**, Springfield, USA — Oral presentation (Dec 2024)": the event and
                # its place, then only the kind of talk: the CV names no title, the event stands for it
                host = clean(text[: kind_only.start()]).strip(" ,.;")
                cur = {"title": host.split(", ")[0], "host": host, "date": date, "line": line.no}
                talks.append(cur)
                continue
            event = _BOLD_EVENT.match(raw) if raw[:2] in ("**", "__") else None
            if event and _TALK_HOST_WORDS.search(event.group(1)):
                # "**Lorem Society Annual Meeting.** Title. Place. (Mar 2023).": the event in bold first,
                # then the title, then the place
                name = clean(strip_markup(event.group(1))).rstrip(" .")
                rest = text[len(name):].lstrip(" .:") if text.startswith(name) else ""
                stop = re.search(r"[.?!]\s+(?=[A-Z])", rest)
                if rest and len((rest[: stop.start()] if stop else rest).split()) >= 2:
                    title = rest[: stop.start() + (1 if rest[stop.start()] in "?!" else 0)] if stop else rest.rstrip(" .")
                    place = rest[stop.end():].strip(" .,;") if stop else ""
                    if date is None and (when := _BRACKET_DATE.search(place)):
                        # "Las Vegas, NV. (Mar 2023). Padden Award Winner.": the date, then a note
                        date, place = when.group(1), place[: when.start()]
                    place = re.sub(r"\.?\s*\(?\s*$", "", place).strip(" .,;")
                    cur = {"title": clean(title), "host": name + (", " + place if place else ""), "date": date,
                           "line": line.no}
                    talks.append(cur)
                    continue
            if title is None and text.endswith(")") and (given := _GIVEN_AT_NOTE.search(text)) and given.start() > 10:
                # "Title of the talk (talk given at LoremConf2023, paper forthcoming in …)": the
                # note in brackets names where it was given
                cur = {"title": clean(text[:given.start()]).strip(" ,.;"), "host": clean(given.group(1)).strip(" ,.;"),
                       "date": date, "line": line.no}
                talks.append(cur)
                continue
            # "Title of the talk (2021), Lorem Meeting, Place." / "Title (two days, 2019), Host": the title,
            # the year in brackets after it, then the event (when no speakers open the line)
            if title is None and date is None and (ty := _TITLE_YEAR_HOST.match(text)) \
                    and split_authors(ty.group(1).split(",")[0]) is None:
                title, date = clean(ty.group(1)), YEAR_RE.findall(ty.group(2))[-1]
                host = re.sub(r"\s*\((?:19|20)\d\d\)$", "", clean(ty.group(3)).strip(" ,.;"))   # "JSM (2021)": its year again
                cur = {"title": title, "host": host or None, "date": date, "line": line.no}
                talks.append(cur)
                continue
            # "Doe, J. and Roe, R. Title. Event. Place.": a talk written as a reference, its
            # speakers first; the title follows them, the event and place are its host
            ref = pubs.parse_reference(text, self.r.person.name) if len(text) < 1000 and ("," in text or " and " in text) else None
            if ref and ref.get("authors") and ref.get("title") and len(ref["title"].split()) >= 2 \
                    and (at := text.find(ref["title"])) > 0:
                title = ref["title"]
                host = re.sub(r"\.\s+", ", ", text[at + len(title):].strip(' ,.;:"”'))
                if "[" in title or "[" in host:
                    # APA: "Title [Paper presentation]. Meeting, Place." — the kind of talk, in brackets
                    title = _APA_TALK_KIND.sub("", title).strip(" .") or title
                    host = _APA_TALK_KIND.sub("", host).strip(" ,.;")
                if date is None and (apa := _APA_DATE.search(text, 0, at)):
                    # "Roe, A. (2024, February 3–5). Title …": the date after the speakers
                    date = (apa.group(2) + " " if apa.group(2) else "") + apa.group(1)
                if (doi := re.search(r"\bdoi\b", host, re.I)):
                    host = host[:doi.start()]                  # "…, DOI 10.5281/…"
                host = host.strip(" ,.;") or None
                parts = (host or "").split(", ")
                for i in range(len(parts) - 1, 0, -1):
                    if date is None and find_period(parts[i]) and _date_only(parts[i]):
                        # "…, Lorem, 6 February 2019, DOI …": the talk's date, not its host
                        date, host = parts[i], ", ".join(parts[:i])
                        break
                cur = {"title": title, "host": host, "date": date, "line": line.no}
                talks.append(cur)
                continue
            quoted = _QUOTED_TALK.match(text)
            if quoted:            # '"Learning over Tables," Google Research, Mountain View, CA': one talk
                title, host = clean(quoted.group(1)), clean(quoted.group(2)).strip(" ,.;") or None
                if host and (kind := _TALK_KIND_PART.match(host)) and host[kind.end():].strip(" ,.;"):
                    host = host[kind.end():].strip(" ,.;")     # '"Title", Invited talk, University of Lorem'
                if host and host[:1].islower() and (at := _TALK_AT_LEAD.match(host)) and host[at.end():].strip(" ,.;"):
                    host = host[at.end():].strip(" ,.;")       # '"Title" during a visit at Lorem Institute'
                if host and "(" in host:
                    # "…, Hamburg (with A. Roe and B. Poe).", "(Session chair)": the co-speakers and the
                    # subject's role, no part of the host
                    host = _TALK_NOTE.sub("", host).strip(" ,.;") or None
                if host and date is None and "," in host:
                    parts = host.split(", ")
                    for i in range(1, len(parts)):
                        if find_period(parts[i]) and _date_only(parts[i]) and re.search(r"(?:19|20)\d\d", parts[i]):
                            # "Lorem Humanities 2012, July 16–20, 2012, Vellano": the talk's date
                            j = i - 1 if i > 1 and _MONTH_DAYS.fullmatch(parts[i - 1]) else i
                            date = ", ".join(parts[j:i + 1])
                            host = ", ".join(parts[:j] + parts[i + 1:])
                            break
                if host and date is not None and re.fullmatch(r"(?:19|20)\d\d", date.strip()) \
                        and (mo := _STOP_MONTH_END.search(host)):
                    # '2009. “Title.” Lorem University, School of Ipsum. May.' (a year first): the talk's month
                    host, date = host[: mo.start()].strip(" ,;."), f"{mo.group(1)} {date.strip()}"
                if host and date is not None and "," in host and _MONTH_DAYS.fullmatch(host.rsplit(", ", 1)[-1]):
                    host, days = host.rsplit(", ", 1)     # "…, January 7–10" before a year read as the date
                    if re.fullmatch(r"(?:19|20)\d\d", date.strip()):
                        # "2015" / "“Title.” Paper presented at the Lorem Seminar, …, December 8.": the
                        # talk's month, under a year column
                        date = f"{days.split()[0].rstrip('.')} {date.strip()}"
                years = set(YEAR_RE.findall(host or ""))
                if date is None and len(years) == 1:
                    date = years.pop()     # "Keynote, MLSys 2024 Workshop on …": the event's year
                cur = {"title": title, "host": host, "date": date, "line": line.no}
                talks.append(cur)
                continue
            for known in known_titles:
                if text.lower().startswith(known.lower()) and len(text) > len(known):
                    title, host = known, text[len(known):].strip(" ,.-–")
                    break
            # a line with a date of its own, after a dated talk or before any talk, is a talk of its
            # own, not a host ("Lorem lunch talk, July 26, 2015": a short line, its date parted off)
            dated_again = bool(date and (cur is None or cur.get("date")))
            # in a list whose entries are its top-level bullets, such a bullet is a talk of its
            # own however short, not the host of the talk above
            own_entry = bullet_entries and line.bullet and not line.depth
            # "Title, Event, Place" under a line of that same shape: the next talk, not the host
            own_entry = own_entry or bool(cur and cur.get("title") and cur["title"].count(",") >= 2
                                          and text.count(",") >= 2 and not cur.get("host"))
            if title is None and line.entry_head and date and text and len(text.split()) <= 8 \
                    and _TALK_HOST_WORDS.search(text) and not _SENTENCE.match(text):
                # "### Lorem Developer Conference 2022" over the talk's abstract: a heading that names only
                # the event and its year; the event stands as the talk's title too (the CV gives none)
                title = host = text
            if title is None and bullet_entries and not line.bullet and not line.gap and text and cur is not None \
                    and cur.get("title") and not cur.get("host") and cur.get("line") == above and above in bullet_nos \
                    and len(text.split()) <= 30 and not re.search(r"[\"“”]", text) and not _FIRST_PERSON.match(text) \
                    and ((date is not None and not cur.get("date")) or _TALK_HOST_WORDS.search(re.split(r"[.,]\s", text, maxsplit=1)[0])):
                # "- Title of the talk" / "Lorem Workshop on Ipsum. Town, ST. March 3, 2014." (a list
                # whose talks are its bullets, each title's event and date on the line under it): the
                # line under the bullet is where the talk was given, no talk of its own
                host = text
                cur["venue_line"] = line.no
            elif title is None and cur is not None and cur.get("venue_line") == above and not line.bullet \
                    and date is None and len(text.split()) <= 8:
                continue        # ("Slides Video" under those two lines: the links to its slides)
            if title is None and host is None:
                if text and (cur is None or cur.get("title")) and (len(text.split()) >= 5 or own_entry or dated_again) \
                        and not (cur and not cur.get("host") and len(text.split()) < 8 and not dated_again
                                 and not own_entry):
                    title = text
                    split = _talk_host_split(text)
                    if split:
                        title, host = split
                elif text:
                    host = text
            if title:
                cur = {"title": title, "host": host, "date": None, "line": line.no, "event_first": event_first}
                talks.append(cur)
            elif host and host.endswith(":") and not date and len(host.split()) <= 4:
                cur = None      # "Summer Schools:": a label over the lines below, no host of the talk above
            elif host and cur is not None and not cur.get("host"):
                cur["host"] = host
            if date and cur is not None and not cur.get("date"):
                cur["date"] = date
        for t in talks:
            if not t.get("host") and t.get("title") and _event_only(t["title"]):
                # "* 2022:" / "8th Annual Lorem Conference": a line naming only the event presented at
                # (the CV gives no title): the event is the host, and stands for the title too
                t["host"] = t["title"]
            if t.get("title") and t["title"][:1].isupper():
                _citation_talk(t)
            if t.get("host"):
                _talk_host_month(t)
            date = parse_period(t["date"])[0] if t.get("date") else None
            self.r.talks.append(Talk(title=_without_stop(t["title"]), host=t.get("host") or None, date=date, line=t["line"]))

    # --- skills and languages ------------------------------------------------------------
    def _skills(self, sec: Section) -> None:
        # "- Programming" / "  - Python, MATLAB, R": a short bullet over nested bullets labels the
        # group they list (as "Programming: Python, …" does), no skill of its own
        group_labels = {ln.no for ln, nxt in zip(sec.lines, sec.lines[1:]) if ln.bullet and nxt.bullet
                        and nxt.depth > ln.depth and len(ln.text.split()) <= 3 and not re.search(r"[,:;(]", ln.text)}
        # "**Query Languages**" / "* SQL" / "* SQLite": a line wholly in bold (no list item) over a
        # list names the group the list holds, no skill of its own
        group_labels.update(ln.no for ln, nxt in zip(sec.lines, sec.lines[1:]) if not ln.bullet and nxt.bullet
                            and ln.text[:2] in ("**", "__") and _BOLD_LABEL_LINE.fullmatch(ln.text.strip())
                            and len(strip_markup(ln.text).split()) <= 6 and not re.search(r"[,:;(]", strip_markup(ln.text)))
        # "- Python" / "  - Service development via Flask" / "  - Data visualization via Matplotlib": a
        # short bullet over phrases saying what was done with it is the skill; the phrases describe it
        described: set[int] = set()
        for k, ln in enumerate(sec.lines):
            if ln.no not in group_labels or _SKILL_GROUP_WORDS.search(ln.text):
                continue
            kids = list(itertools.takewhile(lambda c, d=ln.depth: c.depth > d, sec.lines[k + 1:]))
            phrases = [_ETC_END.sub("", strip_markup(c.text)) for c in kids]
            if phrases and all(
                    len(ws := p.split()) >= 2 and 2 * sum(w[:1].islower() for w in ws) >= len(ws)
                    and not _SKILL_SEPARATOR.search(p) for p in phrases):
                group_labels.discard(ln.no)
                described.update(c.no for c in kids)
        lines = [ln.text for ln in sec.lines if ln.no not in group_labels and ln.no not in described]
        # a group's label on a line of its own over the line that lists it ("Databases" / "__Visual__" over
        # "SQLite · MySQL · MongoDB"): a label, no skill
        lines = [t for k, t in enumerate(lines) if not (
            k + 1 < len(lines) and len(t) <= 40 and not _SKILL_SEPARATOR.search(t) and ":" not in t
            and len(strip_markup(t).split()) <= 4 and len(_SKILL_SEPARATOR.findall(lines[k + 1])) >= 2)]
        for text in (seg for line in lines for seg in _skill_groups(line)):
            if "` `" in text:
                # "`Rust` `Go` `Haskell`": code spans set side by side, one skill each (as tags)
                text = _CODE_SPAN_THEN_SPAN.sub(r"\1,", text)
            label = None
            if "\t" in text:
                label, text = [strip_markup(t) for t in text.split("\t", 1)]
            elif (lead := _SKILL_LEAD.match(text) if text[:1] in "*_<" else
                  _SKILL_DASH.match(text) if " - " in text or " – " in text else None):
                rest = lead.group(2)
                if len(lead.group(1).split()) <= 3 and (len(rest.split()) > 3 * (rest.count(",") + 1) or ". " in rest):
                    # "**Erlang** - developing applications, troubleshooting …" (bold or not, as a PDF
                    # gives it): the skill, then prose about it
                    self.r.skills.append(clean(strip_markup(lead.group(1))))
                    continue
                if len(lead.group(1).split()) <= 3 and rest.count(",") >= 2 and ":" not in rest:
                    # "Languages - haskell, c/c++, ruby", "**Tools** – git, bazel, gdb": the group's
                    # label, a dash, then the tools it lists
                    label, text = strip_markup(lead.group(1)).strip(), rest
            text = strip_markup(text)
            if _NATURAL_LANGUAGE.match(text) and _languages_before_level(text):
                # "German, Italian – mother-tongues; English – excellent, written and oral" under
                # "Languages and skills": spoken languages and how well, not skills
                for seg in text.split(";"):
                    named = _languages_before_level(seg.strip()) or []
                    self.r.languages.extend(n for n in named if n not in self.r.languages)
                continue
            # "Programming: …", "ML/AI Frameworks: …", "Tools & Platforms: …": the group's label
            # ("Programming (Fluent): Rust, C++": a label with its level in brackets; "系统研发:" in Chinese)
            if label is None and (re.match(r"^[A-Z][\w /&+.-]{1,30}(?:\([\w /&+.-]{1,20}\))?:", text)
                                  or _HAN_SKILL_LABEL.match(text)):
                label, text = [t.strip() for t in text.split(":", 1)]
            if "、" in text:
                text = text.replace("、", ", ")      # "C++、Python、SQL": the enumeration comma of Chinese and Japanese
            level = _SKILL_LEVEL_LEAD.match(text) if label is None and "(" not in text and ")" not in text else None
            tools = re.split(r",?\s+and\s+|,\s*", text[level.end():].rstrip(" .")) if level else []
            if not tools and label is None and "," in text and "(" not in text and not text.rstrip().endswith(".") \
                    and (lead := _TOPIC_WITH_TOOLS.match(text)):
                # "Graph visualization with Gephi, d3js, Tulip", "Long programming experience in C++,
                # Python, …": what was done, then the tools it was done with
                tools = re.split(r",?\s+and\s+|,\s*", text[lead.end():].rstrip(" ."))
            if tools and all(len(t.split()) <= 3 for t in tools):
                # "Proficient in Python, C++, and Rust", "Familiar with MATLAB and Java": how well, then
                # the tools (each a skill; "and" parts the last two); not prose ("Experienced with a
                # range of software, …")
                text = ", ".join(tools)
            # ("…, Burp Suite, etc": the list goes on, "etc" is no skill)
            items = [clean(i) for i in split_list(text) if clean(i) and clean(i).lower() not in ("etc", "etc.", "etc…")]
            if len(items) >= 2 and (last := _AND_LEAD.match(items[-1])) and len(items[-1].split()) <= 4:
                items[-1] = items[-1][last.end():]      # "Python, OCaml, and LaTeX": "and" joins the last item
            if items and items[-1].endswith(".") and not items[-1].endswith((" etc.", "..")) \
                    and not re.search(r"(?:^|[\s.])\w\.$", items[-1]):
                items[-1] = items[-1][:-1]      # "…, SNMP, JSONRPC2.": the list's full stop
            if label is None and len(items) >= 2 and (lead := _SPOKEN_LABEL_LEAD.match(items[0])) and \
                    _spoken_name(items[0][lead.end():]):
                # "Natural Languages English (mother tongue), Arabic (…)": the label without its colon
                label, items[0] = items[0][:lead.end()].strip(), items[0][lead.end():]
            if label and _SPOKEN_LABEL.fullmatch(label) and \
                    (label.lower().startswith(("spoken", "natural", "foreign")) or any(_spoken_name(i) for i in items)):
                # ("Languages: Spanish (native), English (fluent)": each without its level, as under "Languages";
                # "Languages: Native German, excellent English": the level before the name)
                self.r.languages.extend(n for i in items if (n := _spoken_name(i) or _language_name(i))
                                        not in self.r.languages)    # "Languages: OCaml, Coq" under skills are programming languages
            elif label is None and len(items) >= 2 and all(_spoken_name(i) for i in items):
                # a line naming only spoken languages among the skills ("English, Fluent Greek, Reading
                # Spanish" under "Skills and Languages"): languages, not skills
                self.r.languages.extend(n for i in items if (n := _spoken_name(i)) not in self.r.languages)
            else:
                # (words in brackets list the tools of the skill: "Deep Learning (PyTorch, JAX)")
                self.r.skills.extend(i for i in items if len(_BRACKETED.sub("", i).split()) <= 6)

    def _languages(self, sec: Section) -> None:
        lines = []
        for line in sec.lines:
            cells = line.text.split("\t")
            if len(cells) > 2 and all(1 < len(c.split()) <= 3 and _LEVEL_WORD.search(c) for c in cells):
                # "Français natif<TAB>Anglais courant<TAB>Japonais intermédiaire" (a row of languages
                # and their levels, parted like columns): one language each
                lines.extend(Line(line.no, c.split(None, 1)[0] + "\t" + c.split(None, 1)[1]) for c in cells)
            else:
                lines.append(line)
        for line in lines:
            text = line.text
            if "\t" in text:
                first, _, rest = text.partition("\t")
                if len(first.split()) <= 3 and _LEVEL_WORD.search(rest):
                    # "English<TAB>Native", "Portuguese<TAB>Intermediate Listener, …" (a label
                    # column): the language, its level beside it
                    text = first
            text = strip_markup(text)
            if _LEVEL_WORD.match(text.strip()) and not _NATURAL_LANGUAGE.search(text) \
                    and not _NATURAL_LANGUAGE.search(sec.heading):
                continue        # "**Japanese**" / "Intermediate reading and speaking": the level of the language above
            # "Native proficiency: Catalan • Spanish": a label over the languages it lists
            # (not a colon inside brackets: "Persian(native), English(TOEFL iBT: 110)")
            label = re.match(r"^[^:(]{3,60}?\s*:\s*(?=\S)", text)
            if label and not _NATURAL_LANGUAGE.search(text) and not _LEVEL_WORD.search(label.group(0)) \
                    and not re.search(r"languag|idiom|sprach|langue|lingu", label.group(0), re.I):
                continue        # "Permission to work: Lorem" after the languages (a header's next labelled line)
            if label and not re.search(r"\d", label.group(0)) and ("•" in text or "·" in text or re.search(
                    r"proficien|native|fluent|mother|elementary|intermediate|advanced|working|basic", label.group(0), re.I)):
                text = text[label.end():]
            if len(text.split()) > 8 and _SENTENCE.match(text):
                # "I am fluent in French and in English. I have some German.": the languages it names
                self.r.languages.extend(n.capitalize() for n in dict.fromkeys(m.group(0).lower() for m in
                                                                               _NATURAL_LANGUAGE.finditer(text))
                                        if n.capitalize() not in self.r.languages)
                continue
            for item in (clean(i) for i in (split_list(text) if "(" in text else re.split(r",|;|\t| [•·|] ", text))):
                # "…, and German(basic)": the list's last item after its "and"; "[French] Bilingual":
                # the language in brackets as a label, its level after it
                item = re.sub(r"^(?:and|&)\s+", "", item)
                if item[:1] == "[" and (bracket := re.match(r"\[([^\[\]]{3,30})\]", item)) and _NATURAL_LANGUAGE.fullmatch(bracket.group(1).strip()):
                    item = bracket.group(1).strip()
                if "(" in item and (head := re.match(r"([^()]{2,30}?)\s*\(", item)) and len(languages_in_run(item) or ()) < 2 \
                        and (_NATURAL_LANGUAGE.fullmatch(head.group(1).strip()) or re.fullmatch(r"[\u4e00-\u9fff]{2,6}", head.group(1).strip())):
                    # "English(TOEFL iBT: 110)", "英语（熟练…）": the language before its note (not when more
                    # languages follow it: "Catalan (mother tongue) - Spanish (native) - English")
                    item = head.group(1).strip()
                if item and not _NATURAL_LANGUAGE.match(item) and (lang := _NATURAL_LANGUAGE.fullmatch(sec.heading.split()[-1])) \
                        and _LANGUAGE_LEVEL.match(" " + item):
                    item = lang.group(0).capitalize()     # "B2 - Upper-Intermediate" under "English": English
                if item and _PROGRAMMING_LANGUAGE.fullmatch(item) and not _NATURAL_LANGUAGE.fullmatch(item):
                    # "Languages" / "* Python" / "* Stata" / "* English": a programming language listed
                    # with the spoken ones is a skill
                    if item not in self.r.skills:
                        self.r.skills.append(item)
                    continue
                if item and (run := languages_in_run(item)):
                    self.r.languages.extend(n for n in run if n not in self.r.languages)
                elif item and (item := _language_name(item)) not in self.r.languages:
                    self.r.languages.append(item)


# a programming or statistics language, named alone
_PROGRAMMING_LANGUAGE = re.compile(r"(?:python|java(?:script)?|c\+\+|c#|c|r|matlab|julia|golang|rust|ruby|perl|php|scala|"
                                   r"kotlin|swift|typescript|haskell|fortran|sql|bash|lua|html|css|stata|sas|spss|"
                                   r"octave|mathematica|latex|assembly|cuda|verilog|vhdl)", re.I)


# the text of a link to more about an entry ("...more details", "Read more »", "See more")
_MORE_LINK = re.compile(r"(?i)(?:\.{2,}|…)?\s*(?:read|see|show)?\s*more(?:\s+details|\s+info(?:rmation)?)?\s*(?:\.{2,}|…|»|>+)?")


# how well the tools that follow are known ("Proficient in", "Familiar with", "Working knowledge of")
_SKILL_LEVEL_LEAD = re.compile(r"(?:(?:very|highly)\s+)?(?:proficient|experienced|skilled|fluent|expert|familiar|"
                               r"(?:basic|working|good|strong|some)\s+knowledge|knowledgeable|competent)\s+(?:in|with|of)\s+(?=\S)",
                               re.I)


def _titled_work_headings(lines: list[Line]) -> list[tuple[int, str, str]] | None:
    """"#### Lorem Control of a Robot (1st Author)" / "Submitted to Ipsum Journal." (an Org-mode or
    Markdown list of works): each sub-heading a work's title (its line, the title, the paragraph
    under it: the venue or status); None for other lists."""
    heads = [i for i, ln in enumerate(lines) if ln.entry_head]
    if len(heads) < 2 or heads[0] != 0:
        return None
    out: list[tuple[int, str, str]] = []
    for k, i in enumerate(heads):
        below = lines[i + 1: heads[k + 1] if k + 1 < len(heads) else len(lines)]
        title = _AUTHOR_RANK_NOTE.sub("", strip_markup(lines[i].text)).strip(" .")
        if len(below) > 2 or any(ln.bullet for ln in below) or len(title.split()) < 3 or YEAR_RE.search(title) \
                or classify_heading(title) is not None or any(len(ln.text.split()) > 30 for ln in below):
            return None         # group headings ("Journal Papers", "2021") over lists, not titles
        venue = " ".join(strip_markup(ln.text).strip() for ln in below).strip()
        if venue and not (_VENUE_STATUS_LEAD.match(venue) or _VENUE_HINT.search(venue)):
            return None         # the lines under a title heading give its authors, not its venue
        out.append((lines[i].no, title, venue))
    return out


_BRACKETED_YEAR_LEAD = re.compile(r"\[((?:19|20)\d\d(?:\s*[-–]\s*(?:(?:19|20)\d\d|present))?)\]\s*", re.I)
_TECH_LABEL = re.compile(r"(?i)(?:technologies|technology\s+stack|tech\s+stack|tools\s+used|stack|contribution)\s*:\s*\S")
_PAGE_LINK_LINE = re.compile(r"(?i)(?:(?:return|back|go\s+back)\s+to\b.{0,40}|(?:download\s+)?(?:(?:my|the)\s+)?(?:full|complete|detailed)\s+(?:cv|vita|r[ée]sum[ée])(?:\s*\(pdf\))?|"
                             r"(?:my\s+)?(?:google\s+scholar|orcid|researchgate|dblp|linkedin|github)(?:\s+profile)?(?:\s+https?://\S+)?)\.?$")
_MISC_HEADING = re.compile(r"(?i)misc\.?|miscellaneous|miscellanea|other(?:\s+(?:activities|information|achievements))?|various")
_MISC_SERVICE = re.compile(r"\b(?:reviewer|referee|reviewing|(?:co-)?chair(?:man|person)?|program committee|pc member|organi[sz]er|editor)\b", re.I)
_MISC_TALK = re.compile(r"\b(?:invited|keynote|plenary)\s+(?:speaker|talk|lecture)\b|\bspeaker\s+at\b|\btalk\s+at\b", re.I)
_MISC_AWARD = re.compile(r"\b(?:winner|finalist|award(?:ed)?|prize|medal(?:ist)?|honou?rable mention|scholarship|fellowship)\b", re.I)


def _misc_kinds(lines: list[Line]) -> dict[str, list[Line]]:
    """The lines of a "Miscellaneous" section by the kind each one's words name (service, talks,
    awards), when every dated line names one; {} otherwise."""
    out: dict[str, list[Line]] = {}
    for ln in lines:
        if ln.text[:1] == "[" and (lead := _BRACKETED_YEAR_LEAD.match(ln.text)):
            ln = replace(ln, text=f"{lead.group(1)}\t{ln.text[lead.end():]}")     # "[2012] …": the year as a date column
        text = strip_markup(ln.text)
        kind = "service" if _MISC_SERVICE.search(text) else "talks" if _MISC_TALK.search(text) \
            else "awards" if _MISC_AWARD.search(text) else None
        if kind is None:
            if YEAR_RE.search(text):
                return {}
            continue
        out.setdefault(kind, []).append(ln)
    return out


_VENUE_HINT = re.compile(r"\b(?:journal|conference|proceedings|workshop|symposium|transactions|letters|magazine|congress|"
                         r"arxiv|preprint|press)\b", re.I)


_BRACKETED_DATE_END = re.compile(r"\s*[\[(][^\[\]()]{0,30}(?:19|20)\d\d[^\[\]()]{0,12}[\])]$")
_VENUE_STATUS_LEAD = re.compile(r"(submitted|accepted|under\s+review|in\s+press|to\s+appear)\s*(?:to|at|in|for|by)?\s+(?:the\s+)?", re.I)
# (accepted, in press, to appear: published, as cvgraph.record.PublicationStatus has it)
_VENUE_STATUS_WORDS = {"submitted": "in submission", "accepted": "published", "under": "under review", "in": "published", "to": "published"}


# "(1st Author)", "(first author)", "(co-first author)": the subject's place in the author list
_AUTHOR_RANK_NOTE = re.compile(r"\s*\((?:(?:co-?)?(?:1st|first|2nd|second|3rd|third|last|sole|corresponding)(?:\s+and\s+corresponding)?)\s+author\)", re.I)
# a phrase of three or more words ending in "with", "in" or "using" before a list of tools
_TOPIC_WITH_TOOLS = re.compile(r"[A-Za-z][\w-]*(?:\s+[\w/&-]+){1,7}?\s+(?:with|in|using)\s+(?=[A-Z0-9][^,]{0,30},)")
# a skill item set in bold and a dash, then what the CV says about it
_SKILL_LEAD = re.compile(r"(?:\*\*|__|<(?:b|strong)>)([^*_<>]{1,40}?)(?:\*\*|__|</(?:b|strong)>)\s+[-–—]\s+(\S.*)$", re.I)


# a role, a dash, then a sentence about the work: "Staff Engineer - Worked on the compiler for …"
_ROLE_DASH_PROSE = re.compile(r"([A-Z][^,;:()\-–—]{2,60}?)\s+[-–—]\s+([A-Z][a-z]+\b.{10,})$")
# dates written with their days and nothing else: "Dec. 03, 2018 — Dec. 05, 2018", "May 21 - 26, 2018"
_DAYS_ONLY = re.compile(r"(?i)(?:[\s\d.,/–—-]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\b\.?)+")
# "09/19": a month and a year of this century written with two digits (in a date column)
_MONTH_SLASH_YY = re.compile(r"(0[1-9]|1[0-2])/([0-4]\d)")
# a part of an organization: its lab, group, department, school, program or centre
_UNIT_OR_PROGRAM = re.compile(r"(?i)\b(?:lab|laboratory|group|team|department|dept|division|program(?:me)?|school|faculty|"
                              r"cent(?:er|re)|institute|unit|office)\b")
_SKILL_DASH = re.compile(r"([^\s,:;][^,:;]{0,30}?)\s+[-–—]\s+(\S.*)$")


_NOT_A_FIELD_BRACKET = re.compile(r"(?i)\bhons?\b|honou?rs|distinction|merit|laude|class|expected|ongoing|candidate|"
                                  r"incomplete|unfinished|\babd\b|all but|\d|gpa|grade|full[- ]time|part[- ]time|online|remote")
_MINOR_LEAD = re.compile(r"[ \t]*((?:minor|major|concentration|specialization)[ \t]+(?:in[ \t]+)?[^,;\s][^,;]{1,59}?)[ \t]*[,;][ \t]*",
                         re.I)
_DEGREE_AFTER_YEAR = re.compile(r"\n|(?<=(?:19|20)\d\d)\s+(?=[A-Z])|(?<=\))\s+(?=[A-Z])")


# a header line labelling where the subject lives (not "Address", which is often a street or an office)
_LOCATION_LABEL = re.compile(r"\s*(?:current\s+)?(?:location|city|based\s+in|residence|lives\s+in|wohnort|"
                             r"ubicaci[oó]n|localiza[cç][aã]o|localisation|ville|residenza)\s*[:：]\s*(\S.*)$", re.I)


# where a run-together line's next contact begins (not at a number: "…, CA, 93106-5110" is a ZIP code)
_CONTACT_CUT = re.compile(r"\t|\s+[|·•]\s+|\s+(?=\S+@\S+\.\w)|\s+(?=(?:https?://|www\.))")
# a postcode: "…, IL 62701", "… HP6 5LN", "78580 Maule", "Lorem City, 93106-5110"
_POSTAL_LINE = re.compile(r"\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|"
                          r"(?:^|,\s*)\d{5}\s+[A-Z][a-zà-ÿ]+|,\s*\d{5}-\d{4}\b")
_ADDRESS_LABEL = re.compile(r"\s*(?:home\s+|postal\s+|mailing\s+|permanent\s+|current\s+)?address\s*[:：]\s*(\S.*)$", re.I)


# where a labelled place ends: a column, a bar, or the next contact joined onto its line
_LOCATION_END = re.compile(r"\t|\s+[|·•]\s+|\s{2,}|\s+(?=\S+@\S+\.\w)|\s+(?=(?:https?://|www\.))|\s+(?=\+?\(?\d[\d ()-]{7,}\d)")


# a word naming how well a language is spoken, anywhere in a label column's cell ("Native",
# "Intermediate Listener", "Courant"); (_LANGUAGE_LEVEL below: a level written after the language)
_LEVEL_WORD = re.compile(r"\b(?:native|mother|fluent|proficien\w*|intermediate|advanced|basic|beginner|elementary|"
                         r"conversational|working|business|courant|natif|maternelle|muttersprache|fließend|reading|"
                         r"nativo|materna|avanzado|básico|interm[ée]diaire|d[ée]butant|bilingue|courante|"
                         r"grundkenntnisse|intermedio|fluido|flu[eê]nte|[ABC][12])\b", re.I)


# ---------------------------------------------------------------------------------------
# Helpers (small, named rules)
# ---------------------------------------------------------------------------------------
_BIO_DEGREE = re.compile(
    r"\bI\s+(?:have\s+)?(?:received|obtained|earned|got|completed|hold)\s+(?:my|a|the|both\s+my)\s+"
    r"(?P<degree>(?:(?!\bfrom\b|\bat\b)[^,;]){2,80}?)\s+(?:from|at)\s+(?:the\s+)?"
    r"(?P<inst>[A-Z][^,;()]{2,100}?)(?:\s+in\s+(?P<year>(?:19|20)\d\d))?(?=\s*(?:[,;(.]|$|\s+(?:under|with|advised|supervised|where)\b))")
_BIO_STUDENT = re.compile(
    r"\bI\s+am\s+(?:currently\s+|now\s+)?an?\s+(?:\w+-year\s+|final-year\s+)?"
    r"(?P<degree>(?:Ph\.?\s?D\.?|doctoral|master'?s|M\.?S\.?|undergraduate)(?:\s+(?:student|candidate)))"
    r"(?:\s+(?:in|studying)\s+(?P<field>[^,;]{2,80}?))?\s+(?:at|in)\s+(?:the\s+)?(?P<inst>[A-Z][^,;()]{2,100}?)"
    r"(?=\s*(?:[,;(.]|$|\s+where\b))")
_BIO_ROLE = re.compile(
    r"\bI\s+am\s+(?:currently\s+|now\s+)?(?:working\s+as\s+)?an?\s+(?P<title>[a-zA-Z -]{3,60}?)"
    r"(?:\s+(?:in|with|of)\s+(?:the\s+)?(?P<unit>[A-Z][^,;()]{2,80}?))?\s+at\s+(?:the\s+)?"
    r"(?P<org>[A-Z][^,;()]{1,80}?)(?=\s*(?:[,;(.]|$|\s+(?:and|where|since|working)\b))")


_BIO_SENTENCE_END = re.compile(r"(?:(?<=[a-z)])|(?<=\b(?:19|20)\d\d))(?<!\bProf)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bSt)\.\s+(?=[A-Z])")


def _first_person(sentence: str, third: re.Pattern[str]) -> str:
    """'Jane Roe is a …' / 'She received the …' → 'I am a …' / 'I received the …'."""
    if sentence[:1].isupper() and (lead := third.match(sentence)):
        rest = sentence[lead.end():]
        return "I am" + re.sub(r"^(?:is|are)\b", "", rest) if rest.startswith(("is", "are")) else "I " + rest
    return sentence


def _third_person(subject: str | None) -> re.Pattern[str]:
    if subject and len(subject) <= 80:
        return re.compile(r"(?:" + re.escape(subject) + r"|[Hh]e|[Ss]he|[Tt]hey)\s+"
                          r"(?=is\b|are\b|received\b|obtained\b|earned\b|has\b|have\b|serves\b|served\b)")
    return _THIRD_PERSON


# "I have served/will serve as an area chair or a senior program committee member in prestigious
# conferences, such as A, B and C", "I am an editorial board member for Journal A, Journal B and
# Journal C", "I serve as an Associate Editor of Lorem Letters"
_BIO_SERVICE = re.compile(
    r"\bI\s+(?:(?:ha(?:ve|s)\s+)?served(?:/will\s+serve|\s+or\s+will\s+serve)?|serves?|am\s+serving|will\s+serve|(?P<am>am))\s+"
    r"(?:currently\s+|now\s+|also\s+)?(?:as\s+|on\s+)?(?:an?\s+|the\s+)?(?P<role>[A-Za-z][\w /-]{2,120}?)\s+(?:in|for|of|on|at)\s+(?P<what>\S.{2,600})$")
_BIO_BOARD_ROLE = re.compile(r"\b(?:reviewers?|referees?|chairs?|co-chairs?|committees?|editors?|editorial|board|organi[sz]ers?|"
                             r"panelists?|judges?)\b",
                             re.I)
_SUCH_AS = re.compile(r"\b(?:such\s+as|including|e\.g\.,?)\s+")
_AND_SO_ON = re.compile(r"\s*(?:,?\s+and\s+so\s+on|,?\s+etc\.?)\s*\.?$")


def bio_service(text: str, subject: str | None = None) -> list[Service]:
    """The service roles a biography states: 'He has served as an area chair for A, B and C' →
    one role per venue named."""
    out: list[Service] = []
    if not re.search(r"serv|board|chair|editor|president|treasurer|secretary|organi[sz]er", text[:MAX_FIELD], re.I):
        return out                      # (a cheap test first)
    third = _third_person(subject)
    for sentence in _BIO_SENTENCE_END.split(text[:MAX_FIELD]):
        m = _BIO_SERVICE.search(_first_person(sentence, third))
        if m is None or not (_BIO_BOARD_ROLE.search(m.group("role"))
                             or not m.group("am") and _SERVICE_POST.search(m.group("role"))):
            continue        # ("I am the director of …" is a post; "I am an associate editor of …" service)
        role = clean(re.sub(r"\s+(or|and)\s+(?:an?|the)\s+", r" \1 ", m.group("role")))
        what = m.group("what").rstrip(" .")
        if (such := _SUCH_AS.search(what)) is not None:
            what = what[such.end():]
        what = _AND_SO_ON.sub("", what)
        items = [_AND_LEAD.sub("", i).strip(" .") for i in split_list(what)]
        if len(items) == 1 and re.search(r"\s+and\s+(?=[A-Z]{2,}\b)", items[0]):
            items = re.split(r"\s+and\s+", items[0])      # "CVPR and ICCV"
        items = [i for i in items if i[:1].isupper() and len(i.split()) <= 12]
        out += [Service(role=role, organization=i) for i in items]
    for sentence in _BIO_SENTENCE_END.split(text[:MAX_FIELD]) if not out else ():
        # "I am a PhD student in X at Lorem University and Co-President of the Lorem Student
        # Association (LSA)": a post of a society named beside the main one
        if (c := _BIO_AND_POST.search(_first_person(sentence, third))) is not None:
            out.append(Service(role=clean(c.group(1)), organization=clean(c.group(2))))
    return out


_BIO_AND_POST = re.compile(r"\bI\s+am\b[^.;]{3,300}?,?\s+and\s+(?:the\s+|a\s+)?((?:co-?\s?|vice[- ])?(?:president|chair|treasurer|"
                           r"secretary|organi[sz]er))\s+of\s+(?:the\s+)?([A-Z][^,;.()]{2,100}?)(?=\s*(?:\(|[,;.]|$))", re.I)


def bio_entries(text: str, education: bool = True, positions: bool = True,
                subject: str | None = None) -> tuple[list[Education], list[Position]]:
    """The degrees and current posts that a biography states, sentence by sentence (the text of
    a home page's opening paragraph, a YAML CV's "about"): in the first person, or in the third
    with the subject's name or a pronoun ("Jane Roe is a …", "She received the …")."""
    edus: list[Education] = []
    posts: list[Position] = []
    third = _third_person(subject)
    for sentence in _BIO_SENTENCE_END.split(text[:MAX_FIELD]):
        sentence = _first_person(sentence, third)      # "Jane Roe is a …" read as "I am a …"
        if education and (several := _bio_degrees(sentence)):
            edus += several
        elif education and (e := _bio_degree(sentence)) is not None:
            edus.append(e)
        elif positions and (p := _bio_position(sentence)) is not None:
            posts.append(p)
    return edus, posts


_THIRD_PERSON = re.compile(r"(?:[Hh]e|[Ss]he|[Tt]hey)\s+(?=is\b|are\b|received\b|obtained\b|earned\b)")
_BIO_RECEIVED = re.compile(r"\bI\s+(?:have\s+)?(?:received|obtained|earned)\s+(?=(?:the|my|both)\s)")
# "the B.Eng. and M.Eng. degrees from the Department of Lorem, Ipsum University, Dolorville, in
# 2001 and 2004, respectively", "the Ph.D. degree in Physics from Lorem University in 2010"
_BIO_DEGREE_CLAUSE = re.compile(
    r"(?:the|my|both(?:\s+the|\s+my)?)\s+(?P<degs>[^,;]{2,120}?)\s+degrees?"
    r"(?:\s+(?:in|on)\s+(?P<field>[^,;]{2,100}?))?\s+(?:from|at)\s+(?P<where>[^;]{3,300}?)"
    r"(?:,?\s+in\s+(?P<years>(?:19|20)\d\d(?:\s*(?:,\s*and|,|and)\s*(?:19|20)\d\d){0,4})(?:,\s*respectively)?)?"
    r"(?=,?\s+and\s+(?:the|my)\s|\s*[.;]?\s*$|,?\s+(?:under|with|advised|supervised|where|working|after|before)\b)")


def _bio_degrees(sentence: str) -> list[Education]:
    """'I received the B.Eng. and M.Eng. degrees from the Department of Lorem, Ipsum University,
    Dolorville, in 2001 and 2004, respectively, and the Ph.D. degree from Dolor University, in
    2007': each degree, with its year, institution and (from the department) field."""
    m = _BIO_RECEIVED.search(sentence[:MAX_FIELD])
    if m is None:
        return []
    out: list[Education] = []
    pos = m.end()
    while (c := _BIO_DEGREE_CLAUSE.match(sentence, pos)) is not None:
        degrees = [d for d in re.split(r"\s*(?:,|\band\b|&)\s*", c.group("degs")) if d]
        if not degrees or not all(DEGREE_RE.search(d) for d in degrees):
            return []
        years = re.findall(r"(?:19|20)\d\d", c.group("years") or "")
        inst, unit, place = split_affiliation(re.sub(r"^the\s+", "", c.group("where").strip(" ,")))
        inst = re.sub(r"^the\s+", "", inst or "")
        if not inst:
            return []
        field = clean(c.group("field")) if c.group("field") else None
        if not field and unit and (dept := re.match(r"(?:the\s+)?(?:department|school|faculty)\s+of\s+(.+)", unit, re.I)):
            field = clean(dept.group(1))
        for i, d in enumerate(degrees):
            year = years[i] if len(years) == len(degrees) else (years[0] if len(years) == 1 else None)
            out.append(Education(institution=inst, location=place, degree=clean(d), level=degree_level(d),
                                 field=field or field_of_degree(d), end=year))
        nxt = re.match(r",?\s+and\s+", sentence[c.end():])
        if nxt is None:
            # "…, under the guidance of Professor X": the advisor of the degree(s) just read
            if (adv := ADVISOR_RE.search(sentence[c.end():])) is not None:
                for e in out[-len(degrees):]:
                    e.advisors = _people(adv.group(1))
            break
        pos = c.end() + nxt.end()
    return out


def _bio_degree(sentence: str) -> Education | None:
    m = _BIO_DEGREE.search(sentence)
    current = False
    if m is None:
        m = _BIO_STUDENT.search(sentence)
        current = True
    if m is None or not DEGREE_RE.search(m.group("degree")) and not re.search(r"doctoral|undergraduate", m.group("degree"), re.I):
        return None
    where = m.group("inst")
    if " at " in where and INSTITUTION_WORDS.search(where.rsplit(" at ", 1)[1]):
        where = where.rsplit(" at ", 1)[1]     # "the Lorem Institute at Ipsum University": the university
    inst = _institution(where)
    if inst is None:
        return None
    degree = clean(re.sub(r"\s+degree\b", "", m.group("degree"), flags=re.I))
    if current:
        degree = re.sub(r"\s+(?:student|candidate)$", "", degree)   # "PhD candidate": the degree is "PhD"
    year = m.groupdict().get("year")
    e = Education(institution=inst[0], location=inst[1], degree=degree, level=degree_level(degree),
                  end=year, current=current)
    f = re.search(r"\b(?:in|of)\s+(.+)$", degree)
    e.field = clean(f.group(1)) if f else (clean(m.group("field")) if m.groupdict().get("field") else None)
    adv = ADVISOR_RE.search(sentence[m.end():])
    if adv:
        e.advisors = _people(adv.group(1))
    return e


_PLACE_BEFORE_DATES = re.compile(r"[A-ZÀ-Ý][\w.'’-]+(?:[ -][A-ZÀ-Ý][\w.'’-]+){0,2},\s*[A-ZÀ-Ý][\w.'’-]+(?: [A-ZÀ-Ý][\w.'’-]+){0,2}"
                                r"(?:\s*\([^()]{1,30}\))?")


_SHORT_PLACE = re.compile(r"[A-ZÀ-Ý][\w.'’-]+(?:[ -][A-ZÀ-Ý][\w.'’-]+){0,2}(?:,\s*[A-ZÀ-Ý][\w.'’-]+(?: [A-ZÀ-Ý][\w.'’-]+){0,2})?"
                          r"(?:\s*\([^()]{1,30}\))?")
_EDGE_SYMBOLS = re.compile(r"^[^\w(]+|[^\w).]+$")


def _place_before_dates(text: str, single_word: bool = False) -> tuple[str | None, tuple, str] | None:
    """'Montréal, QC (remote) | Oct 2025 – Mar 2026 — a note' → ('Montréal, QC (remote)',
    period, 'a note'): the words before the dates name a place only (a city and its region or
    country) or there are none ('📅 Jan 2025 - Jan 2026 / Nantes (44)'); None otherwise."""
    p = find_period(text)
    if not p or p[1][0] > 60:
        return None
    text = clean(text)
    p = _find_spells(text)
    if not p:
        return None
    head = _EDGE_SYMBOLS.sub("", text[: p[1][0]])
    rest = _EDGE_SYMBOLS.sub("", text[p[1][1]:])
    if not head:
        return None, p[0], rest
    if (_PLACE_BEFORE_DATES.fullmatch(head) or single_word and re.fullmatch(r"[A-ZÀ-Ý][\w'’-]{2,30}", head)
            and not is_known_org_name(head)) \
            and not (ORG_WORDS.search(head) or INSTITUTION_WORDS.search(head) or TITLE_WORDS.search(head)):
        # (with single_word, a city alone: "Milano 15/03/2019 - 15/04/2019" right under its header)
        return head, p[0], rest
    return None


def _bio_position(sentence: str) -> Position | None:
    m = _BIO_ROLE.search(sentence)
    if m is None or not TITLE_WORDS.search(m.group("title")) or re.search(r"student|candidate", m.group("title"), re.I):
        return None
    title = " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in m.group("title").split())
    org, location = _strip_location(clean(m.group("org")))
    if not org:
        return None
    return Position(organization=org, title=title, unit=clean(m.group("unit")) if m.group("unit") else None,
                    location=location, current=True)


_AWARD_DATE_PREFIX = re.compile(
    r"^((?:(?:[A-Z][a-z]{2,8}\.?|Spring|Summer|Fall|Autumn|Winter)\s+)?(?:19|20)\d\d(?:[./](?:0?[1-9]|1[0-2])(?![\d.]))?"
    r"(?:\s*[-–—]\s*(?:(?:[A-Z][a-z]{2,8}\.?\s+)?(?:19|20)\d\d|(?<=[-–—])\d\d|[Pp]resent|[Nn]ow))?)\s*(?:[:|,–—-]\s*|\s+)"
    r"(?=[A-Z]|\d{1,2}(?:st|nd|rd|th)\s)"     # ("2022 1st Place Speaker, …"; "2010, Lorem Award": a comma after the date)
    # "01/2016-present: Lorem Foundation", "09/2013-12/2013: Travel grant" (month/year dates), "2012–19 — co-PI,
    # Lorem survey" (a lower-case word after a colon or a long dash)
    r"|^((?:(?:0?[1-9]|1[0-2])/)?(?:19|20)\d\d(?:\s*[-–—]\s*(?:(?:(?:0?[1-9]|1[0-2])/)?(?:19|20)\d\d|(?<=[-–—])\d\d|[Pp]resent|[Nn]ow))?)"
    r"\s*(?::\s*|\s[–—]\s+)(?=[A-Za-z])")


# Where a long entry line's own name ends and its description begins: a spaced dash before a
# capital ("Lorem Fellowship - Working with …"), a sentence's full stop, a semicolon.
_CLAUSE_BREAK = re.compile(r"\s[-–—]\s+(?=[A-Z\"“])|(?<=[a-z)]{3})\.\s+(?=[A-Z])|;\s+")
LONG_ENTRY_WORDS = 22      # above this, a line is a description unless its name can be cut off


def clause_cut(text: str, limit: int = LONG_ENTRY_WORDS) -> tuple[str, str] | None:
    """'Lorem Foundation | Fellowship - Working with the … group. - I model …' →
    ('Lorem Foundation | Fellowship', 'Working with …'): the entry's name (at most ``limit``
    words) up to its first clause break, and the description after it (at least 4 words)."""
    for m in _CLAUSE_BREAK.finditer(text):
        if m.start() > 40 * limit:
            return None                  # no name of ``limit`` words is that long
        head = text[: m.start()].strip(" ,;.-–—\t")
        if len(head.split()) > limit:
            return None
        if not re.search(r"[A-Za-z]{2}", PERIOD_RE.sub("", head)):
            continue                     # "2022 - Present<TAB>…": the break is inside the dates
        tail = text[m.end():].strip()
        if 2 <= len(head.split()) <= limit and len(tail.split()) >= 4:
            return head, tail
        return None
    return None


_POSITIONS_HEADING = dict(SECTION_RULES)["positions"]
# headings of a career path that lists degrees and posts together ("Parcours", "Werdegang")
_CAREER_HEADING = re.compile(r"\b(?:parcours|werdegang|trajectoire|trayectoria|percorso|cursus)\b|"
                             r"^(?:short|brief|abridged)(?: academic)? (?:cv|c\.v\.|curriculum vitae|vita)$", re.I)


# "Thesis: <i>… 2012-2013</i>" under a degree: a detail of it, whatever years its title holds
_CAREER_DETAIL = re.compile(r"[\s*_]*(?:thesis|dissertation|advis[eo]r|supervisor|dissertation topic)\s*:", re.I)
_CAREER_HONOUR = re.compile(r"(?i:scholarship|stipend|fellowship|prize|award)")
# "Scientific Career", "Academic Career", "Career": a career path, its degrees among its posts
_CAREER_PATH_HEADING = re.compile(r"(?:(?:scientific|academic|research|professional)\s+)?career(?:\s+path)?", re.I)


_STUDIES_AT = re.compile(r"^[^A-Za-z]{0,30}(?:undergraduate\s+|graduate\s+|doctoral\s+)?stud(?:ies|y|ied)\s+(?:in|of)\s+"
                         r"[^\n]{2,200}?\s(?:at|in)\s+(?:the\s+)?[^\n]{0,80}\b(?:universit|college|institut|school|hochschule)",
                         re.I)


_STUDIUM = re.compile(r"(?:^|[\s:*])(?:[A-ZÄÖÜ][a-zäöüß]+)?[Ss]tudium\b")
_COURSE_LABEL = re.compile(r"^(?:university|college|school|graduate|undergraduate)\s+(?:courses|classes|modules|seminars|lectures|teaching)$",
                           re.I)
_DEGREE_IN_UNIVERSITY = re.compile(r"(.{2,40}?)\s+in\s+((?:the\s+)?(?:[A-Z][\w'’&.-]*\s+){0,4}(?:Universit\w*|Hochschule\w*)"
                                   r"(?:\s+(?:of\s+)?[A-Z][\w'’&.-]*){0,4})")
_LEAD_STATUS = re.compile(r"[\[(](?:present|current|ongoing|in progress)[\])]\s*", re.I)
# "Lorem University in Space Physics": an institution, then the subject studied there (a subject's
# last word, not a town: "Lorem University in St. Ipsum" is one name)
_INSTITUTION_IN_SUBJECT = re.compile(
    r"((?:[A-Z][\w'’&.-]*\s+){0,4}(?:Universit\w*|College|Institute|Hochschule)(?:\s+(?:of\s+)?[A-Z][\w'’&.-]*){0,4})"
    r"\s+in\s+((?:[A-Z][\w'’&-]*\s+){0,3}(?:Physics|Chemistry|Biology|Mathematics|Statistics|Economics|Engineering|"
    r"Sciences?|Informatics|Medicine|Psychology|Linguistics|Philosophy|History|Geology|Geophysics|Astronomy|"
    r"Astrophysics|Neuroscience|Sociology|Finance|Law))")
# "University Studies", "Higher Education Administration": subjects that name a university
_SUBJECT_END = re.compile(r"\b(?:studies|education|administration|teaching|affairs|management|policy|leadership)$", re.I)
_QUOTED_THESIS_TAIL = re.compile(r",\s*[\"“]([^\"“”]{8,300})[\"”]\s*\.?\s*$")
_STUDIES_FIELD_AT = re.compile(r"(?:undergraduate\s+|graduate\s+|doctoral\s+)?stud(?:ies|y|ied)\s+(?:in|of)\s+([^\n]{2,200}?)\s+"
                               r"(?:at|in)\s+(?:the\s+)?([^\n]{0,80}\b(?:[Uu]niversit|[Cc]ollege|[Ii]nstitut|[Ss]chool|[Hh]ochschule)[^\n]{0,80})",
                               re.I)


def _mixed_parts(sec: Section) -> list[Section]:
    """An education section whose heading names positions too ("Scientific positions and
    education", "Education and Employment") lists both in one run of dated entries: each entry
    (a dated line and the undated lines under it) goes to education when its first line names
    a degree, to positions otherwise. Other sections are returned as they are."""
    if not (sec.kind == "education" and (_POSITIONS_HEADING.search(sec.heading.lower()) or _CAREER_HEADING.search(sec.heading))
            or sec.kind == "positions" and _CAREER_PATH_HEADING.fullmatch(sec.heading.strip(" :"))):
        return [sec]
    groups: list[list[Line]] = []
    for line in sec.lines:
        if not groups or (has_period(line.text) and not _CAREER_DETAIL.match(line.text) or line.gap) \
                and not (len(groups[-1]) == 1 and _date_line(groups[-1][0].text) and not has_period(line.text)):
            groups.append([line])
        else:
            groups[-1].append(line)     # (a date on a line of its own goes with the line under it)

    def opening(g: list[Line]) -> str:
        # a date on a line of its own (a date column, "<dt>2015–2018</dt>") opens the entry below it
        return g[0].text + " " + g[1].text if len(g) > 1 and _date_line(g[0].text) else g[0].text

    def studies(g: list[Line]) -> bool:
        # "2006-2012 Studies in English and Geography at the University of Lorem": a course of study
        # (German "Studium der Physik, Universität Lorem", "Diplomstudium Physik an der …")
        return bool(_STUDIES_AT.search(opening(g)) or _STUDIUM.search(opening(g)))

    if not any(DEGREE_RE.search(opening(g)) or studies(g) for g in groups):
        return [sec]
    parts: list[Section] = []
    for g in groups:
        kind = "education" if DEGREE_RE.search(opening(g)) or studies(g) else "positions"
        if kind == "positions" and _CAREER_HONOUR.search(g[0].text) and not TITLE_WORDS.search(g[0].text):
            kind = "awards"     # "2014: ERASMUS-Scholarship at Lorem University": an honour on the way
            if len(g) > 1 and parts and parts[-1].kind == "education":
                # ("Thesis: …" under it is the degree's above)
                parts[-1].lines.extend(g[1:])
                g = g[:1]
        if parts and parts[-1].kind == kind:
            parts[-1].lines.extend(g)
        else:
            parts.append(Section(kind, sec.heading, list(g), sec.level))
    return parts


def has_period(text: str) -> bool:
    return find_period(text) is not None


def _date_line(text: str) -> bool:
    """A line that holds a date and (almost) nothing else ("2015–2018", "Depuis sept. 2019")."""
    return has_period(text) and _date_only(text)


def _is_email_host(url: str, emails: list[str]) -> bool:
    return any(url.split("//", 1)[-1].startswith(e.split("@", 1)[1]) for e in emails)


# "Ukrainian - Native", "English B1 - Intermediate", "Spanish Native", "French (fluent)", "German: C1":
# a language named first, then how well it is spoken
_LANGUAGE_LEVEL = re.compile(r"(?i)(?:\s*(?:-{1,3}|[–—:(,/])\s*|\s+)\(?(?:native|mother tongue|fluent|bilingual|proficien\w*|"
                             r"reading(?:\s+knowledge)?|scholarly reading|passive|"
                             r"intermediate|upper[- ]intermediate|pre[- ]intermediate|basic|beginner|elementary|"
                             r"advanced|conversational|working|professional|limited|good|[ABC][12]\+?|"
                             # a certificate's score: "English (IELTS 8.0)", "Korean (TOPIK Level 5)"
                             r"ielts|toefl|toeic|teps|topik|hsk|jlpt|delf|dalf|testdaf|dele|cefr|goethe)\b")


def _language_name(item: str) -> str:
    """The language a "Languages" item names, without its level: "Ukrainian - Native" → "Ukrainian",
    "English B1 - Intermediate" → "English". An item that does not open with a known language's
    name, or names no level after it, is kept as written."""
    m = _NATURAL_LANGUAGE.match(item)
    if not m:
        if (other := _OTHER_LANGUAGE_LEVEL.fullmatch(item)) and len((level := other.group(2) or other.group(3)).split()) <= 5 \
                and _LANGUAGE_LEVEL.match(" " + level) and not _PROGRAMMING_LANGUAGE.fullmatch(other.group(1)):
            return other.group(1)       # "Twi (Native)", "Kurdish: Limited working proficiency"
        return item
    end = m.end()
    while (nxt := _NATURAL_LANGUAGE.match(item, end + 1)) and item[end:end + 1] == " ":
        end = nxt.end()             # "Mandarin Chinese"
    if _LANGUAGE_LEVEL.match(item, end):
        return item[:end]
    tail = item[end:]
    if (lvl := _LEVEL_AFTER_NAME.fullmatch(tail)) and len((lvl.group(1) or lvl.group(2)).split()) <= 4 \
            and not _NATURAL_LANGUAGE.search(tail):
        # "Slovak: Full understanding", "Dutch: learning", "English (CET6)": whatever stands after
        # the name, parted by a colon, a dash or brackets, is its level or certificate
        return item[:end]
    return item


# a language the list of names does not hold ("Twi", "Anglo-Norman", "Old Norse"), then its level
# parted by a colon, a dash or brackets: "Twi (Native)", "Sinhala - Native", "Kurdish: Limited
# working proficiency" (the level must open with a word of _LANGUAGE_LEVEL)
_OTHER_LANGUAGE_LEVEL = re.compile(r"([A-Z][a-zà-ÿ'’]+(?:-[A-Z][a-zà-ÿ'’]+)?(?: [A-Z][a-zà-ÿ'’]+)?)"
                                   r"(?:\s*\(\s*([^()]+?)\s*\)|(?:\s*:\s*|\s+(?:-{1,3}|[–—])\s+)([^:]+))")
# after a language's name: ": level", " - level", " (level)" (a level the words above do not list)
_LEVEL_AFTER_NAME = re.compile(r"\s*(?::|\s[-–—]|[–—])\s*([^\s,;:()][^,;:()]{0,40})|\s*\(\s*([^()]{1,40}?)\s*\)")


def languages_in_run(item: str) -> list[str] | None:
    """The languages of an item that names two or more, each after the level of the one before
    and with no separator ("german first language english fluent", "Spanish native English C1"),
    capitalised; None for any other item."""
    names = list(_NATURAL_LANGUAGE.finditer(item))
    if len(names) < 2 or names[0].start() > 0 or _LIST_JOINER.search(item):
        return None
    out: list[str] = []
    prev_end = -2
    for m in names:
        if m.start() == prev_end + 1 and item[prev_end] == " ":
            out[-1] += " " + m.group(0).capitalize()      # "Mandarin Chinese"
        else:
            out.append(m.group(0).capitalize())
        prev_end = m.end()
    return out if len(out) >= 2 else None


_LIST_JOINER = re.compile(r"[,;/&+|•·]|\b(?:and|or|und|et|y|e)\b", re.I)


# a sentence, not a name: it opens with a pronoun or runs to more than eight words and a full stop
# a line under a publications heading that points to a list kept elsewhere ("A list is also available
# online", "Google Scholar Profile", "For a complete list of publications, see …", "Full list here")
_POINTER_LINE = re.compile(r"(?i)(?:(?:an?|the|my)\s+)?(?:(?:full|complete|comprehensive|updated|up-to-date|current)\s+)?"
                           r"list\b[^.\n]{0,80}?\b(?:available|online|here|see|visit)\b[^\n]{0,80}$"
                           r"|(?:see|visit|find)\s[^\n]{0,60}\b(?:google scholar|orcid|dblp|researchgate|scopus|profile|list)\b[^\n]{0,60}$"
                           r"|for\s+(?:an?|the|my)\s+(?:(?:full|complete|comprehensive|updated|up-to-date)\s+)?list\b[^\n]{0,120}$"
                           r"|(?:my\s+)?(?:google\s+scholar|orcid|dblp|researchgate|scopus|semantic\s+scholar|inspire(?:-?hep)?)"
                           r"(?:\s+(?:profile|page|link))?\s*$")
# labels of an interests list that name the kind of interest, skills or languages, not a topic
_INTEREST_KIND_LABELS = frozenset("research teaching interests interest personal hobbies topics areas academic "
                                  "professional other general".split())
_SKILL_LABELS = frozenset("technical programming skills software computer tools computing technologies".split())
_LANGUAGE_LABELS = frozenset(("language", "languages", "spoken languages"))
_SENTENCE = re.compile(r"^(?:(?:I|We|My|Our|This|It)\s|\S+(?:\s+\S+){8,}\.\s*$)")
_FIRST_PERSON = re.compile(r"(?:I|We|My|Our|This|It)\s")
_BRACKETED = re.compile(r"\([^()]{0,300}\)")


# a "Languages" label over spoken languages ("Natural Languages", "Foreign languages"; in French,
# German, Spanish, Italian and Portuguese too), and such a label run into the first item
_SPOKEN_LABEL = re.compile(r"(?:(?:spoken|natural|foreign)\s+)?languages?|langues(?:\s+[ée]trang[èe]res)?|"
                           r"(?:fremd)?sprach(?:en|kenntnisse)|idiomas|lenguas|lingue|l[íi]nguas", re.I)
_SPOKEN_LABEL_LEAD = re.compile(r"(?:spoken|natural|foreign)\s+languages?\s+(?=[A-Z])", re.I)
# the level a CV writes before a language's name: "Native German", "excellent English", "Reading Spanish"
_LEVEL_BEFORE_LANGUAGE = re.compile(r"(?:native|fluent|excellent|good|basic|conversational|intermediate|advanced|"
                                    r"working|limited|beginner|reading|some)\s+(?=[A-Za-z])", re.I)


def _spoken_name(item: str) -> str | None:
    """The spoken language an item names, its level before or after the name left out ("Native
    German", "good French.", "English (fluent)", "Mandarin Chinese" → the language); None when it
    names something else ("Python", "English literature")."""
    item = item.strip().rstrip(".")
    lead = _LEVEL_BEFORE_LANGUAGE.match(item)
    rest = item[lead.end():] if lead else item
    if not _NATURAL_LANGUAGE.match(rest):
        return None
    name = _language_name(rest)
    return name if all(_NATURAL_LANGUAGE.fullmatch(w) for w in name.split()) else None


def _languages_before_level(text: str) -> list[str] | None:
    """'German, Italian – mother-tongues' → ['German', 'Italian']: natural languages, then a dash
    and what the CV says of them; None when a name before the dash is not a natural language."""
    parts = re.split(r"\s+[-–—]\s+", text, maxsplit=1)
    if len(parts) < 2:
        return None
    names = [n.strip() for n in re.split(r",|\s+and\s+|\s*&\s*", parts[0]) if n.strip()]
    if not names or not all(_NATURAL_LANGUAGE.fullmatch(n) for n in names):
        return None
    return [n.capitalize() for n in names]


def split_list(text: str) -> list[str]:
    """'Python (NumPy, pandas), R · SQL | Git' → ['Python (NumPy, pandas)', 'R', 'SQL', 'Git']:
    items split at commas (the ideographic "、" too), semicolons, tabs, middle dots, bullets and bars
    outside brackets."""
    items, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        if depth == 0 and ch in ",;\t·•|、":
            items.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    items.append("".join(cur))
    return [i.strip() for i in items if i.strip()]


_DOT_SEPARATED = re.compile(r"\s+[·•|]\s+")


def _split_topics(text: str) -> list[str]:
    text = strip_markup(text)
    if _DOT_SEPARATED.search(text):
        # "Compositional and zero-shot recognition · vision-language models": the author's own
        # separator parts the topics ("and" inside one of them does not)
        items = _DOT_SEPARATED.split(text)
    else:
        items = re.split(r",\s*(?:and\s+)?|;\s*|\s+and\s+", text)
    out = []
    for item in items:
        item = item.strip(" .:;")
        if 1 <= len(item.split()) <= 6 and not re.match(r"^(broadly|i am|my|in particular)\b", item, re.I):
            out.append(item[0].upper() + item[1:] if item else item)
    return out


_JOIN_CONTINUATIONS_RE1 = re.compile(r"(,|&|\band|\bof|\bin|\bthe|\bfor)\s*$")


_BOLD_HEAD_STOP = re.compile(r"((?:\*\*|__)[^*_\n]{3,200}(?:\*\*|__)[^.\n]{0,80}?)\.\s+(?=[A-Z])(\S.{19,})")


def _project_over_org_and_dates(lines: list[Line]) -> list[Line]:
    """"* Deciphering lorem regulation with ipsum models" / "  * Roe Laboratory, University of Lorem"
    / "  * 2022/04 - 2023/08, Advisor: Dr. Ann Roe" / "  * Processed …": a research project named
    by a top-level item with no role, organization or date, over nested lines naming the lab and
    then the dates: the post is the lab's, dated so; the project's name and the rest describe it."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        if i + 2 < len(lines) and ln.bullet and not ln.depth and not ln.entry_head and len(ln.text.split()) >= 4 \
                and lines[i + 1].depth and lines[i + 2].depth and not find_period(ln.text) \
                and not _position_fields(_entry_text(ln.text)[0], ln):
            org_line, date_line = lines[i + 1], lines[i + 2]
            org_fields = _position_fields(_entry_text(org_line.text)[0], org_line)
            when = find_period(date_line.text)
            if org_fields.get("organization") and not org_fields.get("period") and not org_fields.get("title") \
                    and ORG_WORDS.search(org_line.text) and when and when[1][0] == 0:
                date_text = date_line.text[: when[1][1]]
                out.append(Line(ln.no, f"{strip_markup(org_line.text).strip()} ({date_text})", False, True, 0, ln.gap))
                if (after := date_line.text[when[1][1]:].strip(" ,;")):
                    out.append(Line(date_line.no, after, False, True, 1))
                out.append(Line(ln.no, ln.text, False, True, 1))
                i += 3
                continue
        out.append(ln)
        i += 1
    return out


def _bold_head_then_prose(lines: list[Line]) -> list[Line]:
    """"- **Research Fellow, Lorem Lab, University of Ipsum**, May 2019 – May 2021. Built a …": a
    top-level item whose bold head and dates close on a full stop, the rest of it prose: the head
    is the entry, the prose a nested line describing it."""
    out: list[Line] = []
    for ln in lines:
        m = _BOLD_HEAD_STOP.fullmatch(ln.text.strip()) if ln.bullet and not ln.depth and ln.text[:2] in ("**", "__") else None
        head = m.group(1) if m else ""
        found = find_period(head) if m else None
        if found is None or head[found[1][1]:].strip(" )") or not _date_only(head[found[1][0]:]):
            out.append(ln)
            continue
        out.append(Line(ln.no, head, ln.entry_head, ln.bullet, ln.depth, ln.gap, ln.indent))
        out.append(Line(ln.no, m.group(2), False, True, ln.depth + 1))
    return out


def _join_continuations(lines: list[Line], join_bullets: bool = True) -> list[Line]:
    """Join a line that ends mid-sentence (',', '&', 'and', 'of') with the next one."""
    out: list[Line] = []
    for line in lines:
        # (the pattern matches only at the end of the line's text without its trailing blanks, and
        # looks at most 4 characters back there: a search of the whole line found the same)
        if out and _JOIN_CONTINUATIONS_RE1.search(out[-1].text.rstrip()[-4:]) and not line.entry_head \
                and (join_bullets or not line.bullet):
            prev = out[-1]
            out[-1] = Line(prev.no, prev.text.rstrip() + " " + line.text.strip(), prev.entry_head, prev.bullet, prev.depth, indent=prev.indent)
        else:
            out.append(line)
    return out


_SPLIT_GLUED_RE1 = re.compile(r"^\s+[A-Z][a-z]+\s")
_SPLIT_GLUED_RE2 = re.compile(r"\d{4}")
_SPLIT_GLUED_RE3 = re.compile(r"^[A-Z][a-z]")


_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_LOWER_START = re.compile(r"^[a-z]")


# Kinds whose lines a date set above them can date: True where each line is an entry of its own.
# "Link: https://…", "Links: https://… , https://…", "Slides: https://…": an entry's address on a
# line of its own under it
_LINK_LINE = re.compile(r"(?:links?|urls?|web(?:site|page)?|slides|code|video|pdf|project(?: page)?|demo)\s*:\s*"
                        r"<?https?://\S+?>?(?:\s*[,;|]?\s*<?https?://\S+?>?)*\s*$", re.I)
_SPACED_DASHES = re.compile(r"\s+[—–]\s+")
_ORG_DASH_ROLE = re.compile(r"([^,–—]{3,120}?)\s+[—–]\s+([^–—]{3,160})")
_SERIAL_LIST = re.compile(r"\b\w+,\s+\w+,?\s+(?:and|&)\s+\w+")     # "diversity, equity, and inclusion"
# a dash inside a period ("2016 – Present", "May – June 2020"), not between fields
_DASHED_RANGE = re.compile(r"(?:\b(?:19|20)\d\d|\b(?:present|now|current|today)|\b" + _MONTH_NAME + r"\.?)\s+[—–]\s+", re.I)
_DETAIL_KINDS = frozenset({"education", "positions", "service", "talks", "awards", "teaching"})
_NOTE_KINDS = frozenset({"service", "talks", "awards"})


def _without_detail_lines(lines: list[Line], kind: str) -> list[Line]:
    """An entry's address line ("Link: https://…") is no entry; under a dated entry of a list
    of service, talks or awards ("- Conference Organizer — Lorem Meeting — 2025"), a nested item
    that is a sentence ("  • Organized a 200-person meeting; raised the funding.") tells what
    was done there and is no entry of its own either."""
    out: list[Line] = []
    head: Line | None = None
    for ln in lines:
        text = strip_markup(ln.text).strip()
        if _LINK_LINE.match(text):
            continue
        if ln.bullet and ln.depth == 0:
            head = ln
        elif kind in _NOTE_KINDS and ln.bullet and ln.depth > 0 and head is not None and YEAR_RE.search(head.text) \
                and len(re.findall(r"[A-Za-z]{2,}", YEAR_RE.sub("", head.text))) >= 2 \
                and len(text.split()) >= 4 and (text.endswith(".") or ";" in text or len(text.split()) >= 7):
            continue    # (under a year alone, "- 2023", the nested items are the entries of that year)
        out.append(ln)
    return out


# A publication written as a line and labelled lines under it ("Lorem Title — Ipsum Workshop, 2023." /
# "Authors: A. Roe, B. Poe." / "Notes: …" / "Link: https://…"), as text CVs made for parsers write them
_AUTHORS_LABEL = re.compile(r"authors?\s*:\s*(\S.*)$", re.I)
_NOTE_LABEL = re.compile(r"(?:notes?|details?|summary|abstract|description|comments?|links?|urls?|doi|code|slides|video)\s*:", re.I)
_MARK_KEY = re.compile(r"\s*\((?:[*†‡#]+\s*)?(?:indicates|denotes|=|:)?\s*(?:equal|joint|shared|co-?first|corresponding)[^()]{0,60}\)\s*\.?$",
                       re.I)


def _labelled_references(lines: list[Line]) -> list[Line]:
    """Each entry whose next line is "Authors: …" → one reference "Authors. Title. Venue, year."
    (the title and the venue parted by a spaced dash on the entry's line), its note and link lines
    dropped (an address stays with the reference). Other lines are left as they are."""
    if not any(_AUTHORS_LABEL.match(strip_markup(ln.text).strip()) for ln in lines):
        return lines
    out: list[Line] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        nxt = strip_markup(lines[i + 1].text).strip() if i + 1 < len(lines) else ""
        who = _AUTHORS_LABEL.match(nxt)
        if not who or _AUTHORS_LABEL.match(strip_markup(ln.text).strip()):
            out.append(ln)
            i += 1
            continue
        head = strip_markup(ln.text).strip()
        parts = _SPACED_DASHES.split(head, maxsplit=1)
        title, venue = (parts[0], parts[1]) if len(parts) == 2 and YEAR_RE.search(parts[1]) else (head, "")
        urls: list[str] = []
        j = i + 2
        while j < len(lines) and not (lines[j].bullet and lines[j].depth == 0) and \
                _NOTE_LABEL.match(strip_markup(lines[j].text).strip()):
            urls += re.findall(r"https?://[^\s,;|<>]+", lines[j].text)
            j += 1
        # "(* indicates equal contribution)" after the names: a key to their marks, no author
        authors = _MARK_KEY.sub("", who.group(1).strip()).rstrip(".")
        text = f"{authors}. {title.rstrip('. ')}. {venue.strip()}".strip()
        if urls:
            text += " " + " ".join(urls[:1])
        out.append(Line(ln.no, text, ln.entry_head, ln.bullet, ln.depth, ln.gap, ln.indent))
        i = j
    return out


_DATED_KINDS = {"education": False, "positions": False, "teaching": False,
                "awards": True, "service": True, "talks": True}


@lru_cache(maxsize=8192)     # pure; asked of the same line more than once (dated_groups)
def bare_date(text: str) -> str | None:
    """The date or range of a line that holds nothing else ("`2015–2020`", "**2019**", "2023:")."""
    t = clean(text).rstrip(":")
    if len(t) > 40:
        return None
    found = find_period(t)
    if found is None or _LETTER_OR_DIGIT.search(t[:found[1][0]] + t[found[1][1]:]):
        return None
    if not found[0][2] and t[-1:].isdigit() and (raw := text.strip().rstrip(":")) != t \
            and (open_found := find_period(raw)) is not None and open_found[0][2]:
        return f"{t}–present"      # "2018–" (its dash dropped by clean): from then on
    return t


def _dated_column(text: str) -> bool:
    """A line with a first or last tab-separated column holding only a date ("Lorem Prize<TAB>2018")."""
    return "\t" in text and (bare_date(text.rsplit("\t", 1)[1]) is not None or bare_date(text.split("\t", 1)[0]) is not None)


def dated_groups(lines: list[Line], each: bool) -> list[Line]:
    """Dates set above what they date, as a column of the lines they date.

    A line that is only a date dates the lines under it, not the entry before it: a year
    bullet over nested bullets ("* 2023" / "  * Talk, Oslo"), and in a date-first layout (the
    section opens with such a line, or it follows a blank line) the lines up to the next date
    or blank line. The date becomes a last tab-separated column of the first line under it,
    or of each line at the top depth when every line is an entry of its own (talks, awards).
    """
    date_first = bool(lines) and bare_date(lines[0].text) is not None
    out: list[Line] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        date = bare_date(line.text)
        j = i + 1
        headed = False
        nested = date is not None and j < len(lines) and lines[j].depth > line.depth
        if nested:
            while j < len(lines) and lines[j].depth > line.depth:
                j += 1
        elif date is not None and (date_first or line.gap) and j < len(lines) and not lines[j].gap \
                and bare_date(lines[j].text) is None:
            while j < len(lines) and not lines[j].gap and bare_date(lines[j].text) is None:
                j += 1
        elif date is not None and line.entry_head and j < len(lines) and not lines[j].entry_head \
                and bare_date(lines[j].text) is None \
                and not (i and lines[i - 1].entry_head and bare_date(lines[i - 1].text) is None):
            # (not a date heading right under the entry's own headings, "## Lorem Ltd" / "### Developer"
            # / "#### June 2015 - May 2016": those are that entry's dates, read with it)
            # "### Oct 2015 - June 2016" / (blank line) / "Master … - University of Lorem": a heading
            # holding only a date dates the paragraph under it (which opens an entry, however long)
            headed = True
            j += 1
            while j < len(lines) and not lines[j].gap and bare_date(lines[j].text) is None:
                j += 1
        else:
            out.append(line)
            i += 1
            continue
        group = lines[i + 1:j]
        top = min(g.depth for g in group)
        for k, g in enumerate(group):
            text = g.text
            if k == 0 or each and g.depth == top and not _LOWER_START.match(clean(text)):
                text = f"{text}\t{date}"
            out.append(Line(g.no, text, g.entry_head or headed and k == 0, g.bullet, g.depth - 1 if nested else g.depth,
                            line.gap if k == 0 else g.gap))
        i = j
    return out


_RESEARCH = re.compile(r"\bresearch\b", re.I)     # a role's word too ("Research agent")


def _role_over_employer(cur: dict | None, fields: dict, line: Line, prev: Line | None) -> bool:
    """The entry so far is one short line read as an organization with no role, dates or
    details, set directly above this line, which names an organization and its dates and no
    role; the line above names no kind of organization (no "University", "Institute", …;
    "Research" alone names none)."""
    return cur is not None and prev is not None and cur.get("line") == prev.no and not line.gap \
        and set(cur) <= {"line", "organization", "location", "group"} and bool(cur.get("organization")) \
        and len(cur["organization"].split()) <= 5 and not ORG_WORDS.search(_RESEARCH.sub("", cur["organization"])) \
        and bool(fields.get("organization")) and bool(fields.get("period")) and not fields.get("title") \
        and not line.bullet and not prev.bullet


# "; vice chair 2022–23" at the end of an organization: a post held there later, with its dates
_DATED_NOTE = re.compile(r";\s+([a-z][a-z -]{2,40}(?:19|20)\d\d(?:\s*[–—-]\s*(?:(?:19|20)?\d\d)?)?)\.?$")
_MON_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
# ", 1 May 2020 – 30 June 2021." / ", June–September" closing a line whose dates open it
_EXACT_SPAN_TAIL = re.compile(r",\s*(?:\d{1,2}\s+)?(?P<m0>" + _MON_NAME + r")(?:\s+(?P<y0>(?:19|20)\d\d))?\s*[–—-]\s*"
                              r"(?:\d{1,2}\s+)?(?P<m1>" + _MON_NAME + r")(?:\s+(?P<y1>(?:19|20)\d\d))?\s*\.?$", re.I)
# the end of a sentence another follows ("… academic audiences. Evaluated …")
_SENTENCE_STOP = re.compile(r"[a-z]{2}[.!?]\s+[A-Z]")
_LEAD_YEARS = re.compile(r"\s*(?:19|20)\d\d\s*(?:[–—-]|$|\s)")


def _closing_unit(cur: dict | None, fields: dict, line: Line, nxt: Line | None) -> bool:
    """An organization alone on the last line of an entry's block (a blank line or the end
    follows), right under the entry's organization line, when the entry has a role and no unit."""
    return cur is not None and bool(cur.get("title")) and bool(cur.get("organization")) and not cur.get("unit") \
        and bool(fields.get("organization")) and fields.keys() <= {"organization", "unit", "location"} \
        and not fields.get("unit") and not line.gap and not line.bullet and not line.entry_head \
        and (nxt is None or nxt.gap)


def _stacked_entries(lines: list[Line]) -> list[dict] | None:
    """Positions set as blocks of three short lines, role / organization / dates in any order
    ("Product Designer" / "Acme Studio, Springfield, IL" / "June 2020–Present"), with bullets
    under them: each block is one entry, its lines told apart by role and organization words.
    None unless every blank-line block of the section has that shape."""
    blocks: list[list[Line]] = []
    for line in lines:
        if line.gap or not blocks:
            blocks.append([])
        blocks[-1].append(line)
    if len(blocks) < 2:
        return None
    entries = []
    for block in blocks:
        place = None
        if len(block) >= 4 and not any(ln.bullet or ln.entry_head for ln in block[:2]) and "," in block[1].text \
                and (place := _place_only(clean(strip_markup(block[1].text)))) \
                and find_period(block[0].text) and _date_only(block[0].text):
            # "2024.01 - 2024.02" / "Vellano, Italy" / "Visiting fellow" / "Università di Vellano" (al-folio's
            # rendered work card): a line naming only a place right under the dates is the entry's location
            block = [block[0], *block[2:]]
        elif len(block) >= 3 and "\t" in block[0].text and not (block[0].bullet or block[0].entry_head) \
                and (cols := block[0].text.rsplit("\t", 1)) and find_period(cols[1]) and _date_only(cols[1]) \
                and "," in cols[0] and (place := _place_only(clean(strip_markup(cols[0])))):
            # ("Vellano, Italy<TAB>2024.01 - 2024.02": the place and the dates read as one row)
            block = [Line(block[0].no, cols[1].strip(), gap=block[0].gap), *block[1:]]
        head = [(line, clean(line.text)) for line in block[:3] if not line.bullet and not line.entry_head]
        if len(head) != 3 or any(len(text.split()) > 10 for _, text in head):
            return None
        dated = [(text, found) for _, text in head if (found := find_period(text))]
        if len(dated) != 1 or bare_date(dated[0][0]) is None:
            return None
        named = [text for _, text in head if text != dated[0][0]]
        role_like = [text for text in named if TITLE_WORDS.search(text) and not ORG_WORDS.search(text)]
        if len(named) != 2 or len(role_like) != 1:
            return None
        org_text = next(text for text in named if text != role_like[0])
        org_line = next(line for line, text in head if text == org_text)
        fields = _position_fields(org_text, org_line)
        if not fields.get("organization") and fields.get("location") \
                and (place := re.fullmatch(r"(.+?)\s+([A-Z][\w.'-]*),?\s+([A-Z]{2})", org_text)) and place.group(3) in US_STATES:
            # "Acme Studio Springfield, IL" on the organization's line: the name, then its place
            fields = {"organization": place.group(1), "location": f"{place.group(2)}, {place.group(3)}"}
        if not fields.get("organization") or fields.get("title") or fields.get("period"):
            return None
        entry = {"line": block[0].no, "title": role_like[0], "period": dated[0][1][0]}
        entry.update({k: fields[k] for k in ("organization", "unit", "location") if fields.get(k)})
        if place and not entry.get("location"):
            entry["location"] = place
        for line in block[3:]:
            _position_details(entry, clean(line.text))     # the bullets under it, as under any header
        entries.append(entry)
    return entries


# an author's name in a list: initials (with or without stops) and a surname, or given name and surname
_LISTED_NAME = re.compile(r"(?:[A-Z]\.?[ \t-]?){1,3}[ \t]*[A-Z][\w'’-]+|[A-Z][a-z'’-]+(?:[ \t][A-Z]\.)?[ \t][A-Z][\w'’-]+")


_BOLD_TITLE_LINE = re.compile(r"\*\*[^*\n]{3,300}\*\*|__[^_\n]{3,300}__")


def _names_line(text: str) -> bool:
    """'A Roe, B. Poe, C. Doe.': a line listing two or more people's names and nothing else, one at
    least written with an initial."""
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", text.strip().rstrip(".")) if p.strip()]
    return len(parts) >= 2 and all(_LISTED_NAME.fullmatch(p) for p in parts) \
        and any(re.match(r"[A-Z]\.?[ \t]", p) for p in parts) and not _TALK_HOST_WORDS.search(text)


def _slot_talks(lines: list[Line]) -> list[Line]:
    """'**Title of the talk.**' / 'A Roe, B. Poe.' / 'Lorem Conference (LC), March 2015.' (three lines,
    one under the other: the title in bold, the speakers, then the event and date) → one line
    '"Title of the talk", Lorem Conference (LC), March 2015.' read as a quoted title and its event."""
    out: list[Line] = []
    k = 0
    while k < len(lines):
        ln = lines[k]
        if k + 2 < len(lines) and ln.text.lstrip()[:2] in ("**", "__") and _BOLD_TITLE_LINE.fullmatch(ln.text.strip()) \
                and (names := lines[k + 1]).no == ln.no + 1 and (venue := lines[k + 2]).no == ln.no + 2 \
                and not names.gap and not venue.gap and not names.bullet and not venue.bullet \
                and _names_line(strip_markup(names.text)) and find_period(venue.text) and not _names_line(strip_markup(venue.text)):
            title = strip_markup(ln.text).strip().rstrip(".")
            out.append(Line(no=ln.no, text=f'"{title}", {venue.text.strip()}', entry_head=ln.entry_head, bullet=ln.bullet,
                            depth=ln.depth, gap=ln.gap))
            k += 3
            continue
        out.append(ln)
        k += 1
    return out


# a quoted talk's date closing it, a full stop, then the next quoted title: "…, Town, May 2020. “Title"
_NEXT_QUOTED_TALK = re.compile(r"(?<=(?:19|20)\d\d)\.\s+(?=[“\"][A-Z])")


def _run_on_quoted_talks(lines: list[Line]) -> list[Line]:
    """'“Title A”, Lorem Symposium, Town, May 2020. “Title B”, Ipsum Seminar, …, March 2019.' (a
    pasted list of talks run on into one line): one line per quoted talk, each ending in its date."""
    out: list[Line] = []
    for line in lines:
        text = line.text
        if text[:1] in "“\"" and _NEXT_QUOTED_TALK.search(text):
            out.extend(Line(line.no, p.strip(), line.entry_head, line.bullet, line.depth, line.gap, line.indent)
                       for p in _NEXT_QUOTED_TALK.split(text) if p.strip())
        else:
            out.append(line)
    return out


def _split_glued(lines: list[Line]) -> list[Line]:
    """'…(Computing at Scale)Spring 2021Teaching Assistant, …': entries glued after a date."""
    out: list[Line] = []
    for line in lines:
        text = line.text
        pieces = []
        last = 0
        for m in PERIOD_RE.finditer(text) if may_hold_year(text) else ():     # (a date needs a year)
            after = text[m.end():]
            glued = bool(_SPLIT_GLUED_RE3.match(after))
            month_or_term = not _SPLIT_GLUED_RE2.fullmatch(m.group(1))
            # a date that opens the line is that entry's own date ("March 2024<TAB>Best Poster
            # Award"), not the end of an entry glued before it
            if text[last:m.start()].strip() and (glued or month_or_term and _SPLIT_GLUED_RE1.match(after)) \
                    and len(after.split()) >= 3 \
                    and not re.match(r"^\s*(?:Present|Now)\b", after):
                pieces.append(text[last:m.end()])
                last = m.end()
        pieces.append(text[last:])
        for p in pieces:
            if p.strip():
                out.append(Line(line.no, p.strip(), line.entry_head, line.bullet, line.depth, indent=line.indent))
    return out


def _place_and_dates(text: str) -> bool:
    """'Lorem City, Brazil, 2012.03 - 2017.05' (a date badge and the place under it, read as one line):
    a town and its country or state, and the dates, nothing else."""
    found = find_period(text)
    if not found:
        return False
    rest = (text[: found[1][0]] + " " + text[found[1][1]:]).strip(" ,;|·\t")
    return "," in rest and len(rest.split()) <= 6 and is_region(rest.rsplit(",", 1)[1].strip(" ."))


def _date_only(text: str) -> bool:
    rest = PERIOD_RE.sub("", text) if may_hold_year(text) else text      # (a date needs a year)
    return len(re.sub(r"[\W\d_]+", " ", rest).split()) <= 3


def _name_list(text: str) -> list[str] | None:
    names = [clean(n) for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if clean(n)]
    if names and all(looks_like_name(n) for n in names):
        return names
    return None


def _people(text: str, conjunction: str = "and") -> list[str]:
    out = []
    for group in re.split(rf",\s*(?:{conjunction}\s+)?|\s*&\s*", text):
        pieces = re.split(rf"\s+{conjunction}\s+", group)
        if len(pieces) > 1 and re.fullmatch(r"[A-Z][a-z]{2,}", pieces[0].strip()):
            continue        # "Botany and Plant Pathology" after the names: a department, no people
        for part in pieces:
            name = HONORIFIC.sub("", part.strip(" .;")).strip()
            name = re.sub(r"\s+in\s+.*$", "", name)
            if looks_like_name(name):
                out.append(name)
    return out


_BRACKETED_COUNTRY = re.compile(r"\s*\(([A-Z][A-Za-z .'-]{1,30})\)$")


_COLON_AFTER = re.compile(r"\s*:\s+(?=\S)")


def _event_date_title(text: str) -> tuple[str, str, str] | None:
    """'Lorem Star Meeting, June 21, 2012: Surveying the ipsum gas' → (event, date, title): an
    event of up to ten words, a comma, a date (with its month), a colon, then a title of three
    words or more; None for any other line."""
    found = find_period(text)
    if found is None or found[0][1] is not None or found[0][2] or not found[0][0] or len(found[0][0]) < 7:
        return None
    (a, b) = found[1]
    event, colon = text[:a].rstrip(), _COLON_AFTER.match(text, b)
    if colon is None or not event.endswith(",") or re.search(r"[\"“”:]", event) or not 1 <= len(event.split()) <= 10:
        return None
    title = text[colon.end():].strip()
    if len(title.split()) < 3 or re.search(r"[\"“”]", title):
        return None
    return event.rstrip(" ,"), text[a:b], title


_AWARD_YEAR_THEN_NEXT = re.compile(r",\s*((?:19|20)\d\d)\s+(?=[A-Z])")
_ENDS_WITH_YEAR = re.compile(r",\s*(?:19|20)\d\d\.?\s*$")


def _run_on_awards(text: str) -> list[str]:
    """'A, 2022 B, Giver, 2020' → ['A, 2022', 'B, Giver, 2020'] when the line ends with a year and
    every piece does; the line whole otherwise."""
    if not _ENDS_WITH_YEAR.search(text):
        return [text]
    pieces, start = [], 0
    for m in _AWARD_YEAR_THEN_NEXT.finditer(text):
        pieces.append(text[start:m.end(1)].strip())
        start = m.end()
    pieces.append(text[start:].strip())
    if len(pieces) < 2 or not all(len(p.split()) >= 3 for p in pieces):
        return [text]
    return pieces


def _without_town(text: str) -> str:
    """'Lorem Meeting, Ipsum Society, Dolor City, MN' → 'Lorem Meeting, Ipsum Society': a town of
    up to three words and its state or country cut off the end ('…, Rhodes, Greece' too)."""
    parts = [p.strip() for p in text.strip(" .,").split(",")]
    if len(parts) >= 3 and (parts[-1] in US_STATES or is_region(parts[-1])) and 1 <= len(parts[-2].split()) <= 3 \
            and parts[-2][:1].isupper() and not ORG_WORDS.search(parts[-2]) and not INSTITUTION_WORDS.search(parts[-2]):
        return ", ".join(parts[:-2])
    return _strip_location(text)[0]


_RESEARCH_HOUSE = re.compile(r"\b(?:laborator(?:y|ies)|labs?|institutes?|institut|cent(?:er|re)s?|observatory|hospital)\b", re.I)
_PLACE_ONLY = re.compile(r"([A-ZÀ-Ý][\w.'’-]*(?:[ -](?:[A-ZÀ-Ý][\w.'’-]*|de|da|di|del|la|le|am|upon|sur)){0,3}),\s*"
                         r"([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,2})")


def _degree_place(text: str) -> bool:
    """'Ipsumville, Quebec', 'Ipsumville, Quebec, Canada' (a line of its own under a degree): a town,
    then its region or state, then its country, and nothing else."""
    text = text.rstrip(" .")
    if _place_only(text):
        return True
    town, _, rest = text.partition(", ")
    regions = rest.split(", ")
    return len(regions) == 2 and _place_only(f"{town}, {regions[0]}") is not None \
        and all(is_region(r) or r in US_STATES for r in regions)


def _place_only(text: str) -> str | None:
    """'Vellano, Italy', 'Rio de Lorem, Brazil', 'Ipsumville, NJ' → the text: a town and its country
    or state, and nothing else (no organization's, unit's or post's word in the town's name)."""
    m = _PLACE_ONLY.fullmatch(text)
    if m is None or not (m.group(2) in US_STATES or is_region(m.group(2))):
        return None
    if ORG_WORDS.search(m.group(1)) or UNIT_WORDS.search(m.group(1)) or TITLE_WORDS.search(m.group(1)):
        return None
    return text


def _strip_location(text: str) -> tuple[str, str | None]:
    """'Alibaba Cloud, Bellevue, WA' → ('Alibaba Cloud', 'Bellevue, WA'); 'Google, remote MA' too;
    'University of Bucharest (Romania)' → ('University of Bucharest', 'Romania')."""
    text = text.strip(" ,")
    if text[-1:] in ("-", "–", "—", "|", "*", "_"):
        text = text.rstrip(" -–—|*_").rstrip(" ,")    # "…, Vellano, France - *": a separator left by a date cut
    country = _BRACKETED_COUNTRY.search(text)
    if country and text[: country.start()].strip() and (len(country.group(1)) >= 4 or country.group(1) in
                                                          ("UK", "USA", "US", "UAE")) and is_region(country.group(1)):
        return text[: country.start()].strip(" ,"), country.group(1)
    usa = re.search(r",\s*(?:USA|U\.S\.A?\.?|US|United States)$", text)
    if usa and re.search(r",\s*[A-Z]{2}$", text[: usa.start()]):
        # "Lorem University, Princeton, NJ, USA": the state and country after the place
        head, loc = _strip_location(text[: usa.start()])
        if loc:
            return head, f"{loc}{text[usa.start():]}"
    m = re.fullmatch(r"((?:[A-Z][\w.'-]*\s+){0,2}[A-Z][\w.'-]*),?\s+([A-Z]{2})", text)
    if m and m.group(2) in US_STATES and not ORG_WORDS.search(m.group(1)):
        return "", text
    m = re.search(r"(?:,\s*|\s+)((?:[A-Z][\w.'-]*\s+){0,2}[A-Z][\w.'-]*),?\s+([A-Z]{2})$", text)
    if m and m.group(2) in US_STATES and not INSTITUTION_WORDS.search(m.group(1).split()[-1]):
        words = m.group(1).split()
        # Keep multi-word city names only when they start with a common city prefix.
        while len(words) > 1 and words[0] not in CITY_PREFIX:
            words = words[1:]
        city = " ".join(words)
        head = text[: m.start(1) + len(m.group(1)) - len(city)].rstrip(" ,")
        if head:
            return head, f"{city}, {m.group(2)}" if "," in m.group(0) else f"{city} {m.group(2)}"
    m = re.search(r",\s*([A-Z]{2})$", text)
    if m and m.group(1) in US_STATES:
        return text[: m.start()].strip(" ,"), m.group(1)
    m = re.search(r",\s*((?:remote\s+)?[A-Za-z][\w .'-]{1,30})$", text)
    if m:
        loc = m.group(1).strip()
        # "…, Springfield, USA", "…, Cameroon": place words, or a country or state name (ISO 3166)
        if all(w.lower() in PLACE_WORDS or w in US_STATES for w in loc.split()) or is_region(loc):
            head = text[: m.start()].strip(" ,")
            # "University of Lorem, Springfield, USA": a city between the name and the country
            city = re.search(r",\s*([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:[ -][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)?)$", head)   # ("Saarbrücken", "São Paulo")
            if city and not (ORG_WORDS.search(city.group(1)) or UNIT_WORDS.search(city.group(1))
                             or TITLE_WORDS.search(city.group(1))):
                return head[: city.start()].strip(" ,"), f"{city.group(1)}, {loc}"
            return head, loc
    m = re.search(r"\s+(remote)$", text, re.I)
    if m:
        return text[: m.start()], m.group(1)
    return text, None


_PLACE_COLUMN = re.compile(r"[A-Z][\w.'’\- ]{1,40},\s*[A-Z][\w.'’\- ]{1,40}|remote|online|[A-Z][a-z]+(?: [A-Z][a-z]+)?")


def _tab_location(text: str) -> tuple[str, str | None]:
    """'Stripe<TAB>San Francisco, CA' (a resume's right-hand column) → ('Stripe', 'San Francisco, CA')."""
    if "\t" not in text:
        return text, None
    head, _, last = text.rpartition("\t")
    last = last.strip()
    # ("2016<TAB>Trainee at KPMG, Hong Kong": a role in the column makes it the entry, not a place)
    if head.strip() and _PLACE_COLUMN.fullmatch(last) and not ORG_WORDS.search(last) and not has_period(last) \
            and not DEGREE_RE.search(last) and not TITLE_WORDS.search(last) and not re.search(r"\s(?:at|@)\s", last) \
            and (", " in last or last.lower() in PLACE_WORDS or last.lower() in ("remote", "online") or _is_region(last)):
        return head.rstrip(), last
    return text, None


def _entry_text(raw: str) -> tuple[str, str | None]:
    """An entry line → (its text, columns read as fields; a right-hand place column apart)."""
    if "|" in raw:
        # "Lorem Ltd | Apr. 2021 - Jul. 2022 | Vietnam": cells parted by bars, one of them the
        # dates, are columns (bars with no dates may part an organization and a role)
        cells = _BAR_CELLS.split(raw)
        if len(cells) >= 2 and all(c.strip() for c in cells) and any(_date_only(strip_markup(c)) for c in cells):
            raw = "\t".join(c.strip() for c in cells)
    body, place = _tab_location(raw)
    if place is None and body.rstrip().endswith(")") and (pp := _PAREN_PLACE.search(body)) \
            and _is_region(pp.group(1).rsplit(",", 1)[1].strip()):
        # "University of Lorem (Toronto, Ontario, Canada)": the place in brackets after the name
        body, place = body[: pp.start()], pp.group(1).strip()
    if place is None and body[-1:] in "*_." and (ep := _EMPHASISED_PLACE_END.search(body)) and "," in body[: ep.start()] \
            and not any(rx.search(ep.group(2)) for rx in (TITLE_WORDS, DEGREE_RE, INSTITUTION_WORDS, ORG_WORDS)):
        # "[2011–2014] Co-Founder & CEO, Lorem Labs, *Paris*.": the town in emphasis after the
        # organization
        body, place = body[: ep.start()], ep.group(2).strip(" .")
    if place is None and body[-1:] in "*_" and (tp := _EMPHASISED_TOWN_END.search(body)) and tp.start() \
            and _is_region(tp.group(2).rsplit(",", 1)[1].strip(" .")) \
            and not any(rx.search(tp.group(2)) for rx in (TITLE_WORDS, DEGREE_RE, INSTITUTION_WORDS, ORG_WORDS)):
        # "### Lorem Biotech _Tarrytown, NY_": the town and its state in emphasis after the name,
        # with no comma between
        body, place = body[: tp.start()], tp.group(2).strip(" .")
    if "•" in body or " · " in body:
        # "**2016** Uppsala University • Uppsala, Sweden", "腾讯 · 研发实习生": a bullet sign or a
        # middle dot between fields parts them
        body = _FIELD_BULLET.sub(", ", body)
    text = strip_markup(_columns_as_fields(body))
    # "_Doctor of Philosophy in X 2025 – Present": an emphasis mark opened and never closed
    return _UNCLOSED_MARK.sub("", text), place


_EMPHASISED_TOWN_END = re.compile(r"\s([*_])([A-Z][^\W\d_]+(?:[ '’-][A-Za-z][^\W\d_]*){0,2},\s*[A-Z][^\W\d_]+(?:[ '’-][A-Za-z][^\W\d_]*){0,2}\.?)\1\s*$")
_EMPHASISED_PLACE_END = re.compile(r",\s*([*_])([A-Z][^\W\d_]+(?:[ '’-][A-Za-z][^\W\d_]*){0,2}(?:,\s*[A-Z][^\W\d_]+(?:[ '’-][A-Za-z][^\W\d_]*){0,2})?\.?)\1\.?\s*$")
# a department, school or faculty on its own line under a degree ("Department of Applied Physics,
# School of Engineering"): group 1 is the department's subject
_DEGREE_UNIT_LINE = re.compile(r"(?:the\s+)?(?:(?:department|dept\.)\s+of\s+(?:the\s+)?([^,;()]{3,80}?)\s*(?=[,;(]|$)|"
                               r"(?:graduate\s+)?(?:school|faculty|division)\s+of\s)", re.I)
# "Université de Nordval: Étude contrastive du futur": an institution, a colon, then a title of 3+ words
_PLACE_NAME = re.compile(r"[A-Z][a-z\u00e0-\u024f'’-]{2,30}(?: [A-Z][a-z\u00e0-\u024f'’-]{2,30}){0,2}")
# a dated line of a "Qualifications" list that is an honour or an honorary post, not a degree
_DATED_HONOUR = re.compile(r"((?:19|20)\d\d)\s*[:,.-]?\s+((?:(?:honorary|elected|chartered)\s+)?(?:fellow|member)\s+of\s+(?:the\s+)?[A-Z].{2,120}"
                           r"|awarded\s+(?:the\s+)?.{4,160}"
                           r"|(honorary\s+(?:professor|lecturer|fellow|research\s+fellow)(?:\s+of\s+[A-Z][\w ]{2,40}?)?)"
                           r"(?:\s+(?:at|in)\s+(?:the\s+)?([A-Z].{2,100}))?)$", re.I)
_SCHOOL_OF_FIELD = re.compile(r"(?:school|faculty)\s+of\s+((?!the\b)[A-Z][^,;()]{2,60}?)\s*(?=[,;(.]|$)", re.I)
_INSTITUTION_THEN_THESIS = re.compile(r"([^:]{3,120}?):\s+(\S+(?:\s+\S+){2,60})")
_ROLE_WITH = re.compile(r"([A-Z][^,()]{2,60}?)\s+with\s+(?:the\s+)?([A-Z][^,()]{1,80}?)((?:,|\s+at\s+).*)?$")
_PI_ROLE = re.compile(r"\b(?:co-?)?PI\b|\bprincipal investigator\b", re.I)


def _role_over_orgs(lines: list[Line]) -> list[Line]:
    """A heading that names only a role over two or more plain lines that each name an
    organization and end with a date column ("## Research Assistant" / "Lorem Lab, Ipsum
    University<TAB>2021" / "Dolor Institute<TAB>2019-2020"): the role held at each, each line
    rewritten as "role, organization<TAB>dates" (the heading no entry of its own)."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        role = strip_markup(line.text).strip(" :#")
        kids = []
        j = i + 1
        while j < len(lines) and not lines[j].entry_head and not lines[j].bullet and "\t" in lines[j].text:
            kids.append(lines[j])
            j += 1
        if line.entry_head and not line.bullet and len(kids) >= 2 and (j == len(lines) or lines[j].entry_head) \
                and "\t" not in line.text and "," not in role and len(role.split()) <= 5 and TITLE_WORDS.search(role) \
                and not (ORG_WORDS.search(re.sub(r"(?i)\bresearch\b", "", role)) or INSTITUTION_WORDS.search(role)) \
                and not find_period(role) and not SERVICE_ROLE_WORDS.search(role) \
                and all(bare_date(k.text.rsplit("\t", 1)[1]) and not TITLE_WORDS.search(k.text.rsplit("\t", 1)[0])
                        for k in kids) \
                and sum(1 for k in kids if ORG_WORDS.search(k.text) or INSTITUTION_WORDS.search(k.text)) >= 2:
            out.extend(Line(k.no, f"{role}, {k.text.strip()}", k.entry_head, k.bullet, k.depth, k.gap, k.indent)
                       for k in kids)
            i = j
            continue
        out.append(line)
        i += 1
    return out


def _org_over_roles(lines: list[Line]) -> list[Line]:
    """An organization alone on a bullet over two or more nested bullets that each name a role
    ("* University of Lorem" / "  * Associate Professor of Ipsum" / "  * 2020 - 2022 Assistant
    Professor, Department of Dolor"): one post per role at that organization, each line rewritten
    as "dates: role, unit, organization" in the organization's place. Other lines are kept."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        kids = []
        j = i + 1
        # (or an organization as a sub-heading over plain lines that each name a role and its dates:
        # "#### University of Lorem" / "Chair, Department of Ipsum, June 2011 - Present" / "Professor
        # of Ipsum, September, 2003 - Present")
        heading_org = line.entry_head and not line.bullet
        while j < len(lines) and (not lines[j].entry_head and not lines[j].bullet if heading_org
                                  else lines[j].depth > line.depth and lines[j].bullet):
            kids.append(lines[j])
            j += 1
        org = strip_markup(line.text).strip(" :#")
        if (line.bullet and len(kids) >= 2 or heading_org and kids) and len(org.split()) <= 8 and not find_period(org) \
                and not TITLE_WORDS.search(org) and (ORG_WORDS.search(org) or is_known_org_name(org)):
            rewritten = []
            for kid in kids:
                text = strip_markup(kid.text).strip()
                found = find_period(text)
                period = ""
                if heading_org:
                    # under a heading each line opens with its dates or ends with them (and at most a
                    # short note: ", visiting position.", which is dropped)
                    tail = text[found[1][1]:].strip(" .,;:") if found else ""
                    if not found or found[1][0] != 0 and (len(tail.split()) > 3 or re.search(r"\d", tail)):
                        break
                    if found[1][0] != 0:
                        period, text = text[found[1][0]: found[1][1]].strip(), text[: found[1][0]].strip(" :,–—-")
                if found and found[1][0] == 0:
                    period, text = text[: found[1][1]].strip(), text[found[1][1]:].strip(" :,–—-")
                head = text.split(",")[0]
                # (under a heading a short capitalised head that names no organization is a role too:
                # "Chair, Department of Ipsum, June 2011 - Present")
                if ":" in text or not head or len(head.split()) > 8 \
                        or not (TITLE_WORDS.search(head) or _PI_ROLE.search(head)
                                or heading_org and head[:1].isupper() and len(head.split()) <= 4
                                and not ORG_WORDS.search(head) and not is_known_org_name(head)):
                    break
                rewritten.append(Line(kid.no, f"{period + ': ' if period else ''}{text}, {org}", kid.entry_head,
                                      True, line.depth, kid.gap))
            else:
                out.extend(rewritten)
                i = j
                continue
        out.append(line)
        i += 1
    return out


# a description's first word, a verb ("Managed …", "Leading the …"): not a name that happens to end
# so ("Tarling Genomics Institute", "Ealing Lorem College"), which a capitalised word follows
_VERB_START = re.compile(r"[A-Z][a-z]+(?:ed|ing)\b(?![ \t]+[A-Z])")
# a company's legal form closing its name ("Lorembox SE", "Ipsum Media GmbH & Co. KGaA", "Dolor AG")
_LEGAL_FORM = re.compile(r"\b(?:SE|AG|KGaA|GmbH|S\.?A\.?S?|S\.?p\.?A\.?|B\.?V\.?|N\.?V\.?|plc|PLC|Oy|AB|ASA|Pty)\.?$")


def _dashed_post(head: str, org: str) -> str | None:
    """The words of an entry's header line with its dates cut, when they are a post written
    with a dash in it ("07/2020 - 04/2021 : Data Analyst - Statistics and Reporting" → "Data
    Analyst - Statistics and Reporting"), the organization read from it among them; else None."""
    text = strip_markup(head)
    if (p := find_period(text)) is None:
        return None
    rest = clean(text[: p[1][0]] + " " + text[p[1][1]:])
    rest = " ".join(rest.strip(" :|").split())
    if not re.search(r"\s[-–—]\s", rest) or org not in rest or len(rest.split()) > 10:
        return None
    return rest
_DESCRIPTION_START = re.compile(r"[a-z]|[A-Z][a-z]+(?:ed|ing)\b(?![ \t]+[A-Z])")
_PAREN_PLACE = re.compile(r"(?<=\S)\s*\(([^(),]{2,60}(?:,[^(),]{2,60}){1,3})\)\s*$")
_UNCLOSED_MARK = re.compile(r"^([_*]{1,2})(?=[^\W_])(?!.*\1)")


_DEGREE_PART = re.compile(r"(?:speciali[sz]ation|major|minor|concentration|track|focus|emphasis|option|"
                          r"orientation|profile|stream)\b", re.I)
_EMPHASISED_LINE = re.compile(r"\*(?!\*)[^*]{3,300}\*|_(?!_)[^_]{3,300}_|<(em|i)>[^<>]{3,300}</\1>", re.I)
_FIELD_BULLET = re.compile(r"(?<=\S) +[•·] +(?=\S)")
_BAR_CELLS = re.compile(r"[ \t]+\|[ \t]+")


def _columns_as_fields(text: str) -> str:
    """'Ph.D. in EE<TAB>Stanford University<TAB>2012' → 'Ph.D. in EE, Stanford University, 2012':
    columns are fields, as commas separate them in a line of prose."""
    if "\t" not in text:
        return text
    return ", ".join(c.strip(" ,") for c in text.split("\t") if c.strip(" ,"))


def _name_then_country(text: str) -> tuple[str, str] | None:
    """'HUST, Wuhan, China' → ('HUST', 'Wuhan, China'): a short capitalised name, then a place
    that ends in a country (or state)."""
    parts = [p.strip() for p in strip_markup(text).strip(" .;").split(",")]
    if 2 <= len(parts) <= 4 and (_is_region(parts[-1]) or _country_code(parts[-1])) and _SHORT_NAME.fullmatch(parts[0]) \
            and not _is_region(parts[0]) and all(_SHORT_NAME.fullmatch(p) for p in parts[1:]):
        return parts[0], ", ".join(parts[1:])
    return None


@lru_cache(maxsize=512)
def _country_code(part: str) -> bool:
    """'CN', 'HK', 'JP': a country's two-letter ISO code, as a CV writes it after a university's
    short name ("Ph.D., 2014 - 2018, NPU, CN")."""
    if len(part) != 2 or not part.isupper() or not part.isalpha():
        return False
    import pycountry
    return pycountry.countries.get(alpha_2=part) is not None


_SHORT_NAME = re.compile(r"[A-Z][\w&.'’-]*(?:\s+(?:of|for|de|the|and|&|[A-Z][\w&.'’-]*)){0,6}")


_CLINICAL_TRAINING = re.compile(
    r"((?:Chief\s+)?Residency|Internship|(?:(?:Clinical|Research|Subspecialty|Post-?doctoral)\s+(?:Research\s+)?)?Fellowship)"
    r"(?:\s+in\s+([A-Z][^,;\t]{2,80}?))?(?:,\s+|:\s+|\s+[-–—]\s+)(?:(?!\S*(?:Hospital|Universit|School|Institut|College|Cent(?:er|re)))"
    r"([A-Z][^,;\t]{2,80}?),\s+)?"
    r"([A-Z][^,;\t]{1,120}?\b(?:Hospitals?|Medical\s+Cent(?:er|re)|Clinics?|Health(?:\s+System)?|Infirmary|"
    r"Universit\w*|School(?:\s+of\s+\w+)?|Institutes?)\b[^,;\t]{0,80}(?:,\s*[^;\t]{2,60})?)$")


_CJK_TITLE = r"(?:教授|老师|先生|博士|准教授|講師|助教)"      # a title written after a name
# (a name in Latin letters, "Prof. Ann Roe", "John Doe", has its spaces)
_CJK_ADVISOR_NAME = r"(?:(?:(?:Prof|Dr)\.?[ \t]+)?[A-Z][\w'-]*\.?(?:[ \t]+[A-Z][\w'-]*\.?){1,3}(?![\w.])|[^\s\d(:;,、]{2,12})"
_CJK_ADVISOR = re.compile(r"(?:导师|導師|指导教师|指導教師|指导老师|指導教員|指導教官|指導教授|지도\s?교수)\s*[:：]\s*"
                          r"(" + _CJK_ADVISOR_NAME + r"(?:[ \t]?" + _CJK_TITLE + r")?"
                          r"(?:\s*[,、]\s*" + _CJK_ADVISOR_NAME + r"(?:[ \t]?" + _CJK_TITLE + r")?){0,3})"
                          r"(?:\s*\([^()]{0,40}\))?")
_CJK_TITLE_AFTER = re.compile(r"[ \t]?" + _CJK_TITLE + r"$")
# ("博士" is also the degree: a name is never only a title)
_GRANT_ROLE_LEAD = re.compile(r"(?:co-?\s?)?(?:PI|principal\s+investigator)\s*[,:]\s*", re.I)
_OPEN_DASH_END = re.compile(r"[ \t]*[-–—][ \t]*\.?[ \t]*$")
_DEGREE_FIELD_BRACKET_INST = re.compile(r"([^:()]{2,40}):\s*([^:()]{2,80}?)\s*\(([^()]{0,60}(?:Universit|Hochschule|College|Institut|"
                                        r"[Ss]chool|Academy|Akademie|Universidad|Università|Université)[^()]{0,60})\)")
_DEGREE_LINE_LABEL = re.compile(r"\s*(?:award(?:ed)?|degree(?:\s+awarded)?|qualification|diploma)\s*:\s*", re.I)
_PAREN_EMAIL = re.compile(r"[ \t]*\([ \t]*<?(?:mailto:)?[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,6}>?[ \t]*\)")


# a field's name before its degree ("Bioinformatics Engineer Degree"), and the end of that degree's
# segment (an "I"/"II" year mark of a French master allowed)
_FIELD_BEFORE_DEGREE = re.compile(r"[A-Z][\w&'’-]*(?:\s+(?:[A-Za-z][\w&'’-]*|&)){0,4}")
_DEGREE_SEGMENT_END = re.compile(r"(?:\s+(?:I{1,2}|[12]))?\s*(?=,|\(|$)")
_NOT_A_FIELD = re.compile(r"(?:completed|ongoing|current(?:ly)?|pursuing|graduated|awarded|received|earned|obtained|expected|"
                          r"finished|incomplete|integrated|joint|dual|double|first|second|final|\d)\b", re.I)


def _field_then_degree(text: str, deg: re.Match) -> tuple[str, int] | None:
    """The field named before the degree `deg` of `text` ("Bioinformatics Engineer Degree") and
    where that degree's segment ends, or None when what stands before the degree is no field."""
    lead = text[: deg.start()].strip(" \t,-–•*:;|")
    tail = _DEGREE_SEGMENT_END.match(text, deg.end()) if lead else None
    if tail is None or not _FIELD_BEFORE_DEGREE.fullmatch(lead) or _NOT_A_FIELD.match(lead) \
            or HONOUR_WORDS.search(lead) or TITLE_WORDS.search(lead) or INSTITUTION_WORDS.search(lead):
        return None
    return lead, tail.end()


def field_before_degree(text: str) -> str | None:
    """'Computer science Master I', 'Bioinformatics Engineer Degree' → the field named before the
    degree; None when the text is not a field and then a degree."""
    deg = DEGREE_RE.search(text)
    found = _field_then_degree(text, deg) if deg else None
    return found[0] if found and not text[found[1]:].strip() else None


# "计算机科学博士", "理学硕士", "计算机软件与理论在读硕士": in Chinese the field (or the class of the
# degree: 理学 science, 工学 engineering, …) is written right before the degree word, with no
# space, and the institution follows after a comma
# the entrance to or the leaving of a school in a Japanese record of schooling ("入学", "卒業", "修了")
_JA_ENTERED_LEFT = re.compile(r"[\s　]*(入学|編入学|進学|卒業|修了|満期退学|退学|中退)(?=[\s、,。.]|$)")
_JA_SCHOOL = re.compile(r".{1,20}?(?:大学|大學|高等専門学校|高等学校|学院)(?!院)")
_JA_DEGREE_GOT = re.compile(r"(博士|修士|学士)\s*(?:\(([^(),、]{2,20})[、,)])?")
_JA_MAJOR = re.compile(r"(?:学部|研究科)\s*(.{2,12}?)専攻|学部\s*(.{2,12}?)科(?=\s|$)")
_GERMAN_AT_INST = re.compile(r"\s+(?:an\s+der|an\s+dem|am)\s+(?=[A-ZÄÖÜ])")
_FRENCH_AT_INST = re.compile(r"\s+(?:à\s+l['’]|à\s+la\s+|à\s+|au\s+)(?=[A-ZÀ-Ý]|universit|[ée]cole|institut)")
_GUILLEMET_THESIS = re.compile(r"\s*:\s*«\s*([^«»]{6,300}?)\s*»\s*\.?\s*$")
# (a space may part the field from the degree: "物理学 博士, Department of Physics, 东京大学")
_CJK_DEGREE_FIRST = re.compile(r"([\u4e00-\u9fff]{2,20}?)[ \u3000]?(在读|在讀)?(博士|硕士|碩士|学士|學士)(研究生|学位|學位|在读|在讀|候选人)?"
                               r"(?=\s*[,;、]\s*\S)")
_KO_SCHOOL_DEPARTMENT = re.compile(r"([가-힣]{1,20}대학교)\s+([가-힣]{1,20}(?:학과|학부|전공))(?![가-힣(])")
_CJK_FIELD_LABEL = re.compile(r"(?:^|(?<=[\s,;]))(?:专业|專業|主修|専攻)\s*:\s*([^,;:]{2,40}?)\s*(?=[,;]|$)")
_CJK_INST_COLON_DEGREE = re.compile(r"\s*:\s*([\u4e00-\u9fff]{2,20}?)(博士|硕士|碩士|学士|學士)(研究生|学位|學位)?(在读|在讀)?\s*$")
_CJK_GENERIC_CLASS = re.compile(r"[理工]学?|[理工文]科")     # (science, engineering: no field)
_HAN_FIELD = re.compile(r"[\u4e00-\u9fff]{2,20}")
_CJK_DEGREE_CLASS = re.compile(r"(?:理|工|文|法|农|農|医|醫|经济|經濟|管理|教育|哲|历史|歷史|艺术|藝術|军事|軍事)学?|[理工文法农医]科")


def cjk_degree_field(degree: str | None) -> str | None:
    """'计算机科学博士' → '计算机科学' (the field written before a Chinese degree word); '理学硕士'
    (a class of degree, "Master of Science") and '博士' → None."""
    # (the pattern wants a comma and more after the degree, as in a line)
    m = _CJK_DEGREE_FIRST.match(degree + ", x") if degree and not degree.isascii() else None
    if m is None or m.end() != len(degree) or _CJK_DEGREE_CLASS.fullmatch(m.group(1)):
        return None
    return m.group(1)


# "High school; graduated with honours", "Secondary school": a school's level, then a note on it
_SCHOOL_LEVEL_NOTE = re.compile(r"(?i)((?:high|secondary|middle|grammar|upper secondary)\s+school)\s*(?:[;,:–—-]\s*(.{2,120}))?$")
# a degree named by its word alone: "Master", "Bachelor", "PhD"
_BARE_DEGREE_WORD = re.compile(r"(?i)(master|bachelor|doctor(?:ate)?|ph\.?\s?d\.?|diploma)(?:['’]?s)?")
_CANDIDATE_FOR = re.compile(r"(?i)^(?:\*\*|__)?candidate\s+for\s+(?:the\s+|an?\s+)?(?=[A-Z])")


# "University of Lorem, Ann Roe, Advisor", "Lorem University, Ann Roe (supervisor)": the advisor after the school
_NAME_ADVISOR_TAIL = re.compile(r",\s*((?:(?:Prof\.?|Dr\.?)\s+)?[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z'’-]+){1,2})"
                                r"\s*(?:,\s*|\(\s*)(?i:advis[oe]r|supervisor|mentor)s?\s*\)?\s*$")


def _education_fields(text: str) -> dict:
    """Read the fields an education line carries: institution, degree, period, location, …"""
    fields = _education_fields_whole(text)
    if (degree := fields.get("degree")) and " in " in degree and (honour := fields.get("honour")) \
            and (more := _FIELD_LIST_TAIL.match(honour)) and not INSTITUTION_WORDS.search(more.group(1)) \
            and not _HONOUR_WORD.search(more.group(1)) and f"{degree}, {more.group(1)}" in text:
        # "B.S. in Environmental Sciences, Policy and Management, *summa cum laude*": the field goes on
        # after the comma to its "and" (a list of subjects), the honour follows it
        fields["degree"] = f"{degree}, {more.group(1)}"
        if fields.get("field"):
            fields["field"] = f'{fields["field"]}, {more.group(1)}'
        rest = honour[more.end():].strip(" ,;")
        if rest:
            fields["honour"] = rest
        else:
            del fields["honour"]
    return fields


# "Policy and Management" (, …): two or three capitalised words joined by "and", the end of a list of fields
_FIELD_LIST_TAIL = re.compile(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?(?:,? and| &) [A-Z][a-z]+(?: [A-Z][a-z]+)?)(?=,|$)")
_HONOUR_WORD = re.compile(r"(?i)\b(?:honou?rs?|distinction|merit|laude|first|class|summa|magna|gpa|cgpa|grade)\b")


def _education_fields_whole(text: str) -> dict:
    if text[-1:] in "rR)" and (adv := _NAME_ADVISOR_TAIL.search(text)) and adv.start() > 3:
        fields = _education_fields(text[: adv.start()])
        if fields.get("institution") or fields.get("degree"):
            fields["advisors"] = [*(fields.get("advisors") or []), re.sub(r"^(?:Prof\.?|Dr\.?)\s+", "", adv.group(1))]
            return fields
    if text[:1] in "Cc*_" and (cand := _CANDIDATE_FOR.match(text)) and DEGREE_RE.match(text[cand.end():]):
        # "Candidate for Ph.D. in Computer Science, September 2018": the degree under way
        text = text[: cand.end()].replace(cand.group(0).lstrip("*_"), "") + text[cand.end():]
    if "：" in text:
        text = text.replace("：", ":")       # (a full-width colon, as typed in Chinese)
    if not text.isascii() and (label := _CJK_FIELD_LABEL.search(text.replace("：", ":"))):
        # "专业: 机械工程, 导师: Ann Roe" (under a degree): the field of study, labelled, and the advisors
        fields = _education_fields(_CJK_FIELD_LABEL.sub("", text.replace("：", ":"), count=1).strip(" ,;"))
        if not fields.get("field"):
            fields["field"], fields["labelled_field"] = label.group(1).strip(), True
        return fields
    if not text.isascii() and ":" in text and (late := _CJK_INST_COLON_DEGREE.search(text)):
        # "2019-2023 清华大学：经济学博士": the institution, a colon, then the field and the degree
        prefix, word = late.group(1), late.group(2) + (late.group(3) or "") + (late.group(4) or "")
        before = text[: late.start()]
        if _CJK_DEGREE_CLASS.fullmatch(prefix):
            fields = _education_fields(f"{prefix}{word}, {before}")
            if not fields.get("field") and not _CJK_GENERIC_CLASS.fullmatch(prefix):
                fields["field"] = prefix        # "经济学博士": a Doctor of Economics (the class is the field)
            return fields
        return _education_fields_read(f"{word}, {prefix}, {before}")
    if not text.isascii() and "대학" in text and (ko := _KO_SCHOOL_DEPARTMENT.search(text)):
        # "가천대학교 산업공학과, 컴퓨터공학과(복수전공) (2015년 3월 - 2020년 2월)" (a Korean CV): the
        # department after the university is the field of study
        fields = _education_fields_read(text[: ko.end(1)] + text[ko.end():])
        if fields.get("institution") and not fields.get("field"):
            fields["field"] = ko.group(2)
        return fields
    m = _CJK_DEGREE_FIRST.search(text) if not text.isascii() else None
    if m is None or text[: m.start()].strip(" \t`*_|,;:-–—0123456789./年月至今~"):
        return _education_fields_read(text)
    prefix, ongoing, word, suffix = m.group(1), m.group(2) or "", m.group(3), m.group(4) or ""
    if _CJK_DEGREE_CLASS.fullmatch(prefix):
        fields = _education_fields_read(text[: m.start()] + word + ongoing + suffix + text[m.end():])
        if fields.get("degree", "").startswith(word):
            fields["degree"] = prefix + fields["degree"]     # "理学硕士": a Master of Science
        return fields
    # "计算机科学博士, 北京大学" → the degree, then its field, then the institution
    return _education_fields_read(text[: m.start()] + word + ongoing + suffix + ", " + prefix + text[m.end():])


_NAME_THEN_REGION = re.compile(r"[A-Z][^\s,]*(?:\s+[^\s,]+){0,3}\s*,\s*[^,]{2,40}")
_INSTITUTION_THEN_DEGREE = re.compile(r"([^()]{3,120}?)\s*\(([^()]{2,30})\)((?:\s*[,;].*)?)$")


def _education_fields_read(text: str) -> dict:
    fields: dict = {}
    if " @ " in text and (at := text.index(" @ ")) and DEGREE_RE.match(strip_markup(text[:at]).strip()) \
            and _UNIVERSITY.search(text[at:]):
        # "Ph.D in Lorem Science @ Ipsum University": the degree at its school (a unit after the
        # sign, "Ph.D. candidate @ Institute for …" under the university's line, is left alone)
        text = f"{text[:at]}, {text[at + 3:]}"
    if text[-1:] == ")" and ":" in text[:40] and (bracketed := _DEGREE_FIELD_BRACKET_INST.fullmatch(strip_markup(text).strip())) \
            and DEGREE_RE.match(bracketed.group(1).strip()) and len(bracketed.group(1).split()) <= 5:
        # "Master of Arts: Classical Lorem (Ruhr-Universität Ipsum)": the degree, its field, and the
        # institution in brackets
        fields.update(degree=clean(bracketed.group(1)), field=clean(bracketed.group(2)),
                      institution=clean(bracketed.group(3)))
        return fields
    if ":" in text[:30] and (label := _DEGREE_LINE_LABEL.match(text)) and DEGREE_RE.match(text[label.end():]):
        # "Award: PhD in Astrophysics", "Degree: M.Sc. in Geology" (a labelled line under the
        # institution): the degree itself
        text = text[label.end():]
    if text[-1:] in '"”.' and (quoted := _QUOTED_THESIS_TAIL.search(text)) and DEGREE_RE.search(text[: quoted.start()]) \
            and len(quoted.group(1).split()) >= 3:
        # "PhD in Lorem, The University of Ipsum, UK, “The few-particle physics of lorem.”": the
        # thesis, quoted after the degree's institution and place
        fields["thesis"] = clean(quoted.group(1)).rstrip(" .")
        text = text[: quoted.start()]
    if "«" in text and (quoted := _GUILLEMET_THESIS.search(text)) and DEGREE_RE.search(text[: quoted.start()]):
        # "Doctorat en informatique à l'université Lorem : « Titre de la thèse »": the thesis
        fields["thesis"] = clean(quoted.group(1))
        text = text[: quoted.start()]
    found = find_period(text)
    if found and ("“" in text or '"' in text):
        # "Dissertation title: “Fascist Nature … Italy, 1922-1945”. (2007)": years inside a quoted
        # title are the title's, not the entry's dates
        quoted = [m.span() for m in _QUOTED_SPAN.finditer(text)]
        if any(a <= found[1][0] and found[1][1] <= b for a, b in quoted):
            masked = text
            for a, b in quoted:
                masked = masked[:a] + " " * (b - a) + masked[b:]
            found = find_period(masked)
    rest = text
    if found and found[0][0] and not found[0][1] and not found[0][2] \
            and _OPEN_DASH_END.match(text, found[1][1]):
        # "…, Universidad de Lorem, 2020 -": a dash after the start and nothing after it (the
        # degree is under way)
        found = ((found[0][0], None, True), (found[1][0], len(text)))
    if found:
        fields["period"] = found[0]
        rest = (text[: found[1][0]] + " " + text[found[1][1]:]).strip()
        if rest[:1] in ",;|":
            rest = rest.lstrip(" ,;|")      # "2004 – 2008, MD, Lorem School of Medicine": the date column's separator
        elif rest[:2] == ". " and not text[: found[1][0]].strip():
            rest = rest[2:]                 # "2016 - 2020. Lorem School of Medicine.": the dates written as a sentence
        elif rest[:1] in "-–—" and rest[1:2] in (" ", "-") and not strip_markup(text[: found[1][0]]).strip(" *_"):
            rest = rest.lstrip("-–— ")      # "2000 — PhD in Lorem, University of Ipsum.": a dash after the opening dates
        rest = re.sub(r"[\s,]*[-–—]+\s*\?+\s*$", "", rest)     # "2025-?": an end not known yet
        rest = re.sub(r"\s*\(\s*\)|\s*\[\s*[.,;]?\s*\]", "", rest)          # "Ph.D. (2017)": the brackets the year was in
        # "Lorem University (B.Sc.) [2013-17. GPA: 3.8/4.0]": the grade left in the date's brackets
        rest = re.sub(r"\s*\[\s*[.,;]?\s*((?:GPA|CGPA|Grade)\b[^\[\]]{0,40})\]", r", \1", rest)
        rest = re.sub(r"(?:\s*[,;])+\s*\.\s*$", "", rest)               # "MA Philosophy, cum laude, 2007.": its stop
        if found[1][0] >= 8 and re.search(r"\bclass\s+of\s*$", text[: found[1][0]], re.I):
            rest = re.sub(r"^\s*class\s+of\s*[,;:]?\s*", "", rest, flags=re.I)   # "Class of 2003, High School Diploma"
    if "(" in rest and (inst_deg := _INSTITUTION_THEN_DEGREE.match(rest)) and DEGREE_RE.fullmatch(inst_deg.group(2).strip()) \
            and INSTITUTION_WORDS.search(inst_deg.group(1)):
        # "Lorem Institute of Technology (M.Sc.)": the degree in brackets after its institution
        if not inst_deg.group(3).strip():
            # (the institution as written: "Lorem: Ipsum Institute for Learning" keeps its colon)
            fields["degree"], fields["institution"] = clean(inst_deg.group(2)), clean(inst_deg.group(1))
            return fields
        rest = inst_deg.group(2).strip() + ", " + inst_deg.group(1).strip() + inst_deg.group(3)
    if "|" in rest:
        # "12th Grade | April 2018 | Lorem Academy" (fields parted by pipes): the cells left once the date
        # is out, parted by commas
        rest = ", ".join(p.strip() for p in rest.split("|") if p.strip())
    if ":" in rest[:12] and (now := _NOW_LABEL.match(rest)):
        # "*Current:* Dual Degree in Lorem at Ipsum Institute": a degree under way, no date given
        rest = rest[now.end():]
        if "period" not in fields:
            fields["period"] = (None, None, True)
    if rest[:1] in "SsUuGgDd" and not DEGREE_RE.search(rest) and (study := _STUDIES_FIELD_AT.fullmatch(rest.strip(" ,;."))):
        # "Studies in English, Geography and Pedagogy at the University of Lorem": a course of study
        # with no degree named, its subjects and where
        fields["field"], fields["institution"] = clean(study.group(1)), clean(study.group(2))
        return fields
    if rest[:1] in "RICFSP" and (training := _CLINICAL_TRAINING.match(rest.rstrip(" ,;"))):
        # "Residency, Internal Medicine, Lorem General Hospital, Ipsum, MD": a physician's training
        # after the MD (under "Postdoctoral Training"): its kind, specialty and hospital
        fields["degree"] = training.group(1)
        if training.group(2) or training.group(3):
            fields["field"] = clean(training.group(2) or training.group(3))
        inst, _, place = training.group(4).partition(", ")
        if re.search(r"\b(?:Cent(?:er|re)|Institut\w*|Department|Division|Lab\w*|Program\w*|Unit)\b", place):
            place = ""          # "…, Lorem General Hospital, Vinter Center for Lorem Biology": a unit, no place
        fields["institution"], fields["location"] = clean(inst), clean(place) or None
        return fields
    # "expected June 2025", "2021 - 2025 (expected)": a degree not conferred yet, studies going on
    # ("2020–2026 Ph.D., Lorem University (expected June 2026)": the bracket's date, when the line's
    # dates were read from the column before, is no part of the institution)
    expected = re.search(r"\(\s*(?:expected|anticipated|exp\.)\s*:?\s*(?:[A-Za-z]{3,9}\.?\s+)?(?:(?:19|20)\d\d)?\s*\)|\b(?:expected|anticipated)\b(?=[\s,.;)]*$)", rest, re.I)
    if expected:
        rest = (rest[: expected.start()] + rest[expected.end():]).strip()
        if found:
            start, end, _ = found[0]
            fields["period"] = (None, start, True) if start and not end else (start, end, True)
    if "--" in rest:
        rest = re.sub(r"(?<=\s)-{2,3}(?=\s)", "—", rest)    # "PhD --- Lorem University": TeX's and Pandoc's dashes
    # "Ph.D., Marine Biology — University of Lorem": a dash between the degree and the institution
    # "Dr. rer. nat.: Lorem Zentrum/Hochschule Ipsum", "M.Sc. Physik: TU Dortmund": a degree, a colon, the institution
    colon = re.match(r"([^:]{2,60}):\s+(?=\S)", rest) if ":" in rest else None
    if colon and DEGREE_RE.match(colon.group(1).strip()) and not _DETAIL_LABEL_WORDS.search(colon.group(1)) \
            and (INSTITUTION_WORDS.search(rest[colon.end():].split(",")[0]) or is_known_org_name(rest[colon.end():].split(",")[0].strip())):
        rest = colon.group(1).rstrip() + ", " + rest[colon.end():]
    # ("MSc Lorem - University of Ipsum": a hyphen too, when the institution comes right after it;
    # "MSc Lorem - Upper Second Class Honours, Ipsum University" keeps its honour)
    dash = re.search(r"\s[—–]\s", rest) or re.search(r"\s-\s", rest)
    if dash and DEGREE_RE.search(rest[: dash.start()]) and (
            INSTITUTION_WORDS.search(rest[dash.end():] if dash.group(0).strip() != "-" else rest[dash.end():].split(",")[0])
            or is_known_org_name(rest[dash.end():].strip(" ,"))
            or dash.group(0).strip() != "-" and _NAME_THEN_REGION.fullmatch(rest[dash.end():].strip(" .;"))
            and is_region(rest[dash.end():].strip(" .;").rsplit(",", 1)[1].strip())):
        # ("PhD in Lorem — UCIpsum, Belgium": after a long dash, a short name and its country)
        rest = rest[: dash.start()].rstrip(" ,") + ", " + rest[dash.end():]
    if (cjk := _CJK_ADVISOR.search(rest)) is not None:
        # "导师:陈立德 教授", "指導教員: 井田茂, 黒川宏之 (学部4年次-博士課程)": the advisors of a Chinese or
        # Japanese CV (names in Han script have no capitals for the rule below), without the
        # title after a name ("教授", "先生") or a bracketed note
        names = [n for n in (_CJK_TITLE_AFTER.sub("", n).strip() for n in re.split(r"\s*[,、;]\s*", cjk.group(1)))
                 if n and not _CJK_TITLE_AFTER.fullmatch(n)]     # ("陈立德, 教授": a title set apart)
        names = [re.sub(r"^(?:Prof|Dr)\.?\s+", "", n) for n in names]     # ("Prof. Ann Roe": the name)
        if names and all(1 < len(n) <= (40 if n.isascii() else 12) for n in names):
            fields["advisors"] = names
            rest = (rest[: cjk.start()] + rest[cjk.end():]).strip(" \t,;")
            if not rest:
                return fields
    if "@" in rest:
        # "Supervisors: Dr. Ann Roe (<a.roe@lorem.edu>) and Dr. Ben Poe (<b.poe@lorem.edu>)": each
        # advisor's address in brackets is no part of the list of names
        rest = _PAREN_EMAIL.sub("", rest)
    adv = ADVISOR_RE.search(rest)
    if not (adv and re.search(r"advis|supervis|mentor|guidance|committee|chair", adv.group(0), re.I)):
        adv = ADVISOR_OTHER_RE.search(rest) if ":" in rest or " d" in rest else None
        if adv:
            fields["advisors"] = _people(adv.group(1), _OTHER_AND)
    elif adv:
        fields["advisors"] = _people(adv.group(1))
    if adv:
        rest = rest[: adv.start()] + rest[adv.end():]
        rest = re.sub(r"\(\s*\)", "", rest)
    elif "ommittee" in rest and (chairs := committee_advisors(rest)):
        fields["advisors"] = chairs
        rest = rest[: _COMMITTEE.search(rest).start()].rstrip(" ,;.")
        if not rest:
            return fields
    # "Thesis: …", "PhD thesis - Agent-Based Modeling …" (a dash between spaces for the colon)
    thesis = re.search(THESIS_LABEL + r"(?:\s+(?:title|topic))?(?:\s*:|\s+[-\u2013\u2014]\s)\s*(.+)$", rest, re.I)
    if thesis:
        fields["thesis"] = re.sub(r"(?:\s*[.;,])+$", "", clean(thesis.group(1).replace("\t", " ")))
        if "(" in fields["thesis"]:
            # "Title (grade 5.75/6)", "Title (mark: 110/110)": the thesis's grade, not its title
            fields["thesis"] = re.sub(r"\s*\((?:grade|mark|note|score|gpa)\b[^()]*\)\s*$", "", fields["thesis"], flags=re.I)
        if (quoted := re.fullmatch(r'["“]([^"“”]{3,})[,.]?["”]', fields["thesis"])) is not None:
            fields["thesis"] = quoted.group(1)      # 'Thesis: "Spin transport in …".'

        # "M.Sc. Psychology, University of Lorem, 2016-2018, … Thesis: …": the degree's own
        # line goes on to its thesis; what comes before the label is still read
        rest = rest[: thesis.start()].rstrip(" ,.;")
        if not DEGREE_RE.search(rest) or DEGREE_RE.fullmatch(rest.strip(" \t•*-–'’s")):
            return fields     # ("PhD thesis - …": the kind of the thesis, not a second degree)
    # "BSc(Hons, 1st class) in …", "BSc (Hons) Mathematics", "MSc (Distinction) in …": an honours
    # mark in brackets right after the degree's letters is a note on the degree, not part of it
    rest, mark = without_honour_mark(rest)
    if mark:
        fields["honour_mark"] = mark
    if " ," in rest or ",," in rest:
        rest = re.sub(r"(?<!\s)\s*,(?:\s*,)*", ",", rest)      # "Psychology , University of …", "Lorem, , 2018"
    # "Doctoral (Ph.D.) Candidate in …": the degree named in brackets after its kind
    rest = re.sub(r"^(?:Doctoral|Doctorate|Master'?s?|Bachelor'?s?)\s*\(\s*([A-Za-z.]{2,8})\s*\)",
                  lambda m: m.group(1) if DEGREE_RE.fullmatch(m.group(1)) else m.group(0), rest)
    deg = DEGREE_RE.search(rest)
    if deg and (found := _field_then_degree(rest, deg)):
        # "Bioinformatics Engineer Degree, INSA Lorem, France", "Computer science Bachelor, …": the
        # field named before the degree, as "Engineer Degree in Bioinformatics"
        lead, end = found
        rest = f"{rest[deg.start():end].rstrip()} in {lead}{rest[end:]}"
        deg = DEGREE_RE.search(rest)
    if deg and rest[: deg.start()].strip(" \t,-–•*:;|`") and not (INSTITUTION_WORDS.search(rest[: deg.start()])
                                                            or is_known_org_name(rest[: deg.start()].strip(" ,\t"))):
        deg = None  # "Outstanding Master's Graduate": a degree word inside an honour
    inst_text = rest
    if deg:
        before, degree_text = rest[: deg.start()], rest[deg.start():]
        if INSTITUTION_WORDS.search(before) or (before.strip(" ,") and is_known_org_name(before.strip(" ,"))):
            inst_text = before
        else:
            # "PhD Candidate in CS, Hong Kong University of …": the institution follows the degree.
            # "MSc. Public Health. London School of …": a full stop after a word also ends the degree
            parts = re.split(r",\s*|\t|(?<=[a-z]{3})\.\s+(?=[A-Z])", degree_text, maxsplit=1)
            # "DPhil University of Oxford, 2022": an abbreviated degree, then the institution
            bare = re.match(r"(\S{2,12})\s+(?=[A-Z])", degree_text)
            if bare and deg.end() - deg.start() == len(bare.group(1)) \
                    and _INSTITUTION_AHEAD.match(degree_text, bare.end()):
                parts = [bare.group(1), degree_text[bare.end():]]
            # "Ph.D. in Literary, Cultural, and Linguistic Studies, University of Lorem": one field list
            elif len(parts) == 2 and re.search(r"\sin\s", parts[0]) and (fl := _FIELD_LIST_REST.match(parts[1])) \
                    and re.match(r"\s*,\s*\S", parts[1][fl.end():]):
                parts = [degree_text[: len(degree_text) - len(parts[1]) + fl.end()],
                         parts[1][fl.end():].lstrip(" ,")]
            # "Ph.D. in Biochemistry, Molecular, and Cell Biology. Cornell University": the stop
            # before the institution ends the degree, commas and all
            stop = _STOP_BEFORE_INSTITUTION.search(degree_text)
            if stop and "," in degree_text[: stop.start()]:
                parts = [degree_text[: stop.start()], degree_text[stop.end():]]
            # "Master of Science in Information Science at the Lorem University, …", "Laurea degree in
            # History from the Università di Lorem, Italy"
            at_inst = re.search(r"\s+(?:at|from)\s+(?:the\s+)?(?=[A-Z])", parts[0])
            if at_inst is None and (not degree_text.isascii() or " an " in degree_text or " am " in degree_text):
                # "Doctorat en informatique à l'université Lorem", "Licence d'informatique à l'ENS de
                # Lyon", "Master de …, à l'ENS Cachan": the French "at" before the institution
                for k, part in enumerate(parts[:2]):
                    fr_at = _FRENCH_AT_INST.search(" " + part)
                    if fr_at is None and (fr_at := _GERMAN_AT_INST.search(" " + part)) is not None and not (
                            INSTITUTION_WORDS.search(part[fr_at.end() - 1:]) or re.match(r"[A-Z]{2,}\b", part[fr_at.end() - 1:])):
                        # German "an der Universität Lorem", "am Institut X der Universität Y", "an der
                        # RWTH Lorem": the "at" before an institution (named by its word or an acronym)
                        fr_at = None
                    # (a capital after a bare "à" may be a city, "à Paris": only "à l'", "à la", "au" or an
                    # institution's word say the name is a school's)
                    if fr_at and (INSTITUTION_WORDS.search(part[fr_at.end() - 1:])
                                  or part[fr_at.end() - 1:][:1].isupper() and not re.fullmatch(r"\s+à\s+", fr_at.group(0))):
                        fields["institution"] = clean(part[fr_at.end() - 1:]).rstrip(" .")
                        head = part[: max(fr_at.start() - 1, 0)].strip(" ,")
                        parts = [head] if k == 0 else [parts[0]]
                        degree_text = parts[0]
                        break
            if at_inst and INSTITUTION_WORDS.search(parts[0][at_inst.end():]):
                parts = [parts[0][: at_inst.start()], degree_text[at_inst.end():]]
            elif at_inst is None and " in " in parts[0] and (run_on := _run_on_institution(parts[0])):
                # "M.Sc. in Mechanical Engineering Lorem Technical University, Ipsum, Country": the
                # column or comma between the field and the institution lost (a PDF's or a page's text)
                parts = [parts[0][:run_on].rstrip(), degree_text[run_on:]]
            named = re.sub(r"\s*\([^()]{0,80}\)", "", parts[1].split(",")[0]).strip() if len(parts) > 1 else ""
            if len(parts) > 1 and not (INSTITUTION_WORDS.search(parts[1]) or is_known_org_name(parts[1].split(",")[0].strip())) \
                    and field_of_degree(strip_markup(parts[0])) and _SHORT_ORG_NAME.fullmatch(named) \
                    and not (HONOUR_WORDS.search(named) or DEGREE_RE.search(named) or TITLE_WORDS.search(named)) \
                    and not _SUBJECT_ONLY.fullmatch(named):      # ("Master of Math, Statistics": a subject)
                # "M.Sc. in Statistics (MASH), Dauphine-ENS": the degree has its field, so the
                # name after it is the institution, though no word marks it as one
                fields["institution"] = named
                degree_text, inst_text = parts[0], ""
            elif len(parts) > 1 and not (INSTITUTION_WORDS.search(parts[1]) or is_known_org_name(parts[1].split(",")[0].strip())):
                inst_text = ""          # "Ph.D., Computer Science": no institution on this line
            else:
                degree_text = parts[0]
                inst_text = parts[1] if len(parts) > 1 else ""
                # "Ph.D., Computer Sciences, University of Wisconsin": the field, then the institution
                first, _, after = inst_text.partition(",")
                if after and (fl := _FIELD_LIST_REST.match(inst_text)) and re.match(r"\s*,\s*\S", inst_text[fl.end():]):
                    # "PhD, Decision, Risk, and Financial Sciences, University of Lorem": one field list
                    first, after = inst_text[: fl.end()], inst_text[fl.end():].lstrip(" ,")
                # "Mathematics (summa cum laude), University of Michigan": an honour after the field
                honour = re.search(r"\s*\(([^()]{2,60})\)\s*$", first)
                if honour and not HONOUR_WORDS.search(honour.group(1)):
                    honour = None
                # "Philosophy with Honors, University of Lorem": the honour after the field
                honour = honour or re.search(r"(?<=\S)\s+(?:with\s+)?((?:summa|magna)\s+cum\s+laude|"
                                             r"(?:(?:high|highest|first[- ]class)\s+)?(?:honou?rs|distinction))\s*$",
                                             first, re.I)
                if honour:
                    first = first[: honour.start()]
                if after and not honour and _HONOUR_PHRASE.fullmatch(first.strip()) and INSTITUTION_WORDS.search(after):
                    fields["honour"] = clean(first)      # "BSc Mathematics, First Class, University of Lorem"
                    inst_text = after
                elif after and not INSTITUTION_WORDS.search(first) and INSTITUTION_WORDS.search(after) \
                        and (re.fullmatch(r"(?:[A-Z][\w&-]*|and|of|&)(?:\s+(?:[A-Z][\w&-]*|and|of|&)){0,9}",
                                          first.replace(",", " ").strip())
                             # "硕士, 计算机软件与理论, 山东大学": a field in Han script has no capitals
                             or _HAN_FIELD.fullmatch(first.strip())):
                    fields["field"] = first.strip()
                    inst_text = after
                    if honour:
                        fields["honour"] = clean(honour.group(1))
                    if (minor := _MINOR_LEAD.match(inst_text)) and INSTITUTION_WORDS.search(inst_text[minor.end():]):
                        # "B.A., Economics, minor Mathematics, Lorem University": the minor, then the institution
                        fields.setdefault("honour", clean(minor.group(1)))
                        inst_text = inst_text[minor.end():]
        # "B.Eng. @ Computer Science": the field after an "@"; "@ Institute for …" is a unit.
        at = re.match(r"^(.+?)\s+@\s+(.+)$", degree_text)
        if at:
            degree_text = at.group(1)
            if not INSTITUTION_WORDS.search(at.group(2)):
                fields["field"] = clean(at.group(2))
        degree, tail = _cut_degree(degree_text)
        fields["degree"] = degree
        if tail and tail[:1] == "(" and (bm := re.fullmatch(r"\(\s*([^()]{2,60}?)\s*\)[\s,;]*(.*)", tail)) \
                and not HONOUR_WORDS.search(bm.group(1)) and not DEGREE_RE.search(bm.group(1)) \
                and not _NOT_A_FIELD_BRACKET.search(bm.group(1)) \
                and not find_period(bm.group(1)) and len(bm.group(1).split()) <= 6 and not fields.get("field"):
            # "Ph.D. (economics), Lorem University": the subject in brackets after the degree
            fields["field"] = clean(bm.group(1))
            tail = clean(bm.group(2)) or None
        # "Ph.D., Computer Science, Summa Cum Laude": a field of study, then honours.
        if tail and field_of_degree(degree) is None:
            first, _, more = tail.partition(",")
            # (the field's last word may be an abbreviation: "PhD, Chemistry Dept., 2007")
            # ("Computer Science — AI/ML": a field and its focus after a spaced dash)
            if re.fullmatch(r"(?:[A-Z][\w&-]*|and|of|&)(?:\s+(?:[A-Z][\w&-]*|and|of|&)){0,6}",
                            _SPACED_DASHES.split(first.strip(), maxsplit=1)[0].rstrip(".")) \
                    and not HONOUR_WORDS.search(first):
                fields["field"] = first.strip().rstrip(".")
                tail = clean(more) or None
        if tail:
            fields["honour"] = tail
    # "Graduation with Highest Distinction, University of Lorem": an honour before the institution
    lead = re.match(r"([^,]{3,80}),\s+(?=\S)", inst_text) if "," in inst_text else None
    if lead and HONOUR_WORDS.search(lead.group(1)) and not INSTITUTION_WORDS.search(lead.group(1)) \
            and not DEGREE_RE.search(lead.group(1)) and INSTITUTION_WORDS.search(inst_text[lead.end():]):
        fields.setdefault("honour", clean(lead.group(1)))
        inst_text = inst_text[lead.end():]
    inst = _institution(inst_text)
    if inst:
        fields["institution"], fields["location"] = inst
        org, unit, _ = split_affiliation(inst[0])
        if unit and _ORG_PART.match(unit):
            fields["institution"] = org      # "School of Engineering, Lorem University": the university
        elif inst[1] and _SCHOOL_WORD.search(inst[0]) and not _A_UNIVERSITY.search(inst[0]) \
                and _A_UNIVERSITY.search(head := inst[1].split(",")[0]) and not _is_region(head.strip()):
            # "B.A. in Ipsum Studies, Lorem School of Dolor, Ipsum University, 2019": the school is a unit
            # of the university named after it, which conferred the degree
            fields["institution"] = clean(head)
            fields["location"] = clean(inst[1][len(head):].lstrip(" ,")) or None
        if inst[1] and HONOUR_WORDS.search(inst[1]) and not _is_region(inst[1].split(",")[-1].strip()) \
                and not re.search(r"(?i)\bc?gpa\b|\bgrade", inst[1]):
            # "…, University of Lorem, 1st class honors, 2009": the honour after the institution
            fields["location"] = None
            fields.setdefault("honour", clean(inst[1]))
        elif inst[1] and _NOT_A_PLACE.search(inst[1]):
            _details_after_institution(fields, inst[1])
        elif inst[1] and _OTHER_SCRIPT.search(inst[1]) and not _is_region(inst[1]):
            # "北京大学, 计算机科学, 博士": in a CV in another script, what follows the institution
            # is the field studied (or the institution's unit), not a place
            fields["location"] = None
            if not fields.get("field") and not _OTHER_SCRIPT_UNIT.search(inst[1]) and "," not in inst[1]:
                fields["field"] = clean(inst[1])
    return fields


# letters of scripts other than Latin (CJK, Hangul, Cyrillic, Greek, Arabic, Hebrew)
_OTHER_SCRIPT = re.compile(r"[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_OTHER_SCRIPT_UNIT = re.compile(r"学院|學院|系$|学部|研究科|学系|학과|학부|(?i:факультет|кафедр|институт|τμήμα|σχολή|كلية|قسم)")


# what follows an institution but is no place: a school or faculty, a role, a note in brackets
_NOT_A_PLACE = re.compile(r"[()\d]|\b(?:faculty|school|department|dept|college|graduate|division|lab|laboratory|"
                          r"program(?:me)?|studies|intern|clerkship|research|institute|centre|center)\b", re.I)
_UNIT_PART = re.compile(r"^(?:(?:graduate\s+)?school|faculty|department|dept\.?|college|division|institute|"
                        r"centre|center)\b|\b(?:lab|laboratory|group)$", re.I)


# a short organization name: one to three capitalised words or acronyms ("Dauphine-ENS", "Paris-Est-ENPC")
_SHORT_ORG_NAME = re.compile(r"[A-Z][\w.&'’]*(?:-[A-Z][\w.&'’]*)*(?: [A-Z][\w.&'’]*(?:-[A-Z][\w.&'’]*)*){0,2}")
_FIELD_LIST_REST = re.compile(r"\A(?:[A-Z][\w-]*(?: [A-Z][\w-]*){0,3}, ){0,4}(?:[A-Z][\w-]*(?: [A-Z][\w-]*){0,3},? )?"
                              r"and [A-Z][\w-]*(?: [A-Z][\w-]*){0,3}")
_INSTITUTION_AHEAD = re.compile(r"(?:the\s+)?(?:[A-Z][\w'’&-]*\s+){0,3}(?:Universit\w*|College|Institute|School|"
                                r"Academy|Polytechnic|Hochschule|ETH|EPFL|MIT)\b")
# the last word of a field of study ("… Engineering", "… Mathematics", "… Sciences", "… Biology")
_FIELD_END_WORD = re.compile(r"(?:[a-z]{2}(?:ics|ogy|ing|ences?|istry|ory|ure|ion|ies|ism)|Law|Arts|Design|Medicine|"
                             r"Studies|Management|Finance|Mathematics)$")


def _run_on_institution(part: str) -> int | None:
    """'Ph.D. in Mechanical Engineering Lorem Institute of Ipsum' → where the institution starts:
    after the last word of the field (after ' in ') that ends like a subject, when a capitalised
    name of an institution (its word within its first four words) follows; None otherwise."""
    field_at = part.find(" in ") + 4
    words = list(re.finditer(r"\S+", part[field_at:]))
    best = None
    for i, w in enumerate(words[:-2]):
        nxt = field_at + words[i + 1].start()
        if _FIELD_END_WORD.search(w.group(0)) and part[nxt].isupper() and _INSTITUTION_AHEAD.match(part, nxt):
            best = nxt
    return best


_STOP_BEFORE_INSTITUTION = re.compile(r"(?<=[a-z]{3})\.\s+(?=(?:[A-Z][\w'’&-]*\s+){0,4}(?:University|College|Institute|School|"
                                      r"Universit[àéäy]\w*|Academy|Polytechnic)\b)")


def _details_after_institution(fields: dict, tail: str) -> None:
    """'Lorem University, Faculty of Letters, French Literature (GPA 3.7)': the parts after the
    institution are its unit (dropped), the field studied and notes — not its location."""
    fields["location"] = None
    notes = re.findall(r"\(([^()]{1,60})\)", tail)
    parts = [p.strip() for p in re.sub(r"\([^()]{0,60}\)", "", tail).split(",") if p.strip()]
    rest = [p for p in parts if not _UNIT_PART.search(p)]
    if rest and not fields.get("field") and not fields.get("degree") and len(rest) == 1 \
            and re.fullmatch(r"[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|\d{1,2}|and|of|in|&)){0,5}", rest[0]) \
            and not TITLE_WORDS.search(rest[0]) and not re.search(r"clerkship|exchange|visit", rest[0], re.I):
        fields["field"] = rest[0]          # "Stockholm University, Cinema Studies"
    honours = [n for n in notes if re.match(r"(?:gpa|grade|cgpa|summa|magna|cum|honou?rs|distinction|first)", n, re.I)]
    if honours and not fields.get("honour"):
        fields["honour"] = clean(honours[0])


_NAMES_ADVISORS = re.compile(r"\b(?:advis|supervis|mentor|committee)\w*\s*:|\b(?:thesis|dissertation)\s+(?:co-?)?chairs?\s*:|\b(?:" + ADVISOR_LABEL_OTHER + ")", re.I)


def _unnamed_institution(text: str, line: Line, degree_line: Line) -> bool:
    """A short capitalised line with no date, label or sentence in it, set right under a degree
    line (the next line of the source): an institution's name ("UPC BarcelonaTech"). Not a line
    set in emphasis or naming a part of the degree ("*Specialisation Data Science and AI*"
    over "University of Antwerp"): that describes the degree."""
    words = text.split()
    return line.no == degree_line.no + 1 and not line.bullet and not line.gap and 1 <= len(words) <= 6 \
        and not _EMPHASISED_LINE.fullmatch(line.text.strip()) and not _DEGREE_PART.match(text) \
        and all(w[:1].isupper() or w.lower() in ("of", "de", "for", "and", "&", "the", "di", "du", "la") for w in words) \
        and not re.search(r"[:;.!?]\s|[:;]$|\d", text) and "\t" not in text


def _split_degrees(lines: list[Line]) -> list[Line]:
    """'B.S. in Computer Science, B.S. in Applied Mathematics' → one line per degree. A line
    naming advisors is not split: 'Advisors: Ann Lee, ScD and Bo Chen, PhD' gives their titles."""
    out = []
    for line in lines:
        if _NAMES_ADVISORS.search(line.text):
            out.append(line)
            continue
        parts = re.split(r",\s*(?=(?:B\.?S|M\.?S|B\.?A|M\.?A|Ph\.?D|B\.?Eng|M\.?Eng|BSc|MSc|Bachelor|Master|Doctor)\b)", line.text)
        # (each part a degree: "2014.09 ~ 2018.06, Ph.D, Lorem" is one degree and its dates)
        if len(parts) > 1 and all(DEGREE_RE.match(strip_markup(p).strip()) for p in parts[1:]) \
                and DEGREE_RE.search(strip_markup(parts[0])):
            parts = [p.strip() for p in parts]
            if "," in parts[-1] and all("," not in p for p in parts[:-1]):
                # "M.A. in General Lorem, M.A. in Ipsum, Université de Nordval, 1989-91": the degrees
                # named alone before the last share its institution and dates
                tail = parts[-1][parts[-1].index(","):]
                parts = [p + tail for p in parts[:-1]] + parts[-1:]
            out.extend(Line(line.no, p, line.entry_head, line.bullet, line.depth, indent=line.indent) for p in parts)
        else:
            out.append(line)
    return out


# an honour named alone between commas: "First Class", "Upper Second Class Honours", "With Distinction"
_HONOUR_PHRASE = re.compile(r"(?:with\s+)?(?:(?:first|1st|upper second|lower second|second)[- ]class(?:\s+honou?rs)?|"
                            r"(?:high(?:est)?\s+)?(?:honou?rs|distinction|merit)|(?:summa|magna)?\s*cum\s+laude)", re.I)
# an honours mark in brackets: "(Hons)", "(Hons, 1st class)", "(First Class Honours)", "(Distinction)"
_BRACKETED_HONOUR = re.compile(
    r"\s*\(\s*((?:(?:first|1st|upper second|lower second|second)[- ]class\s+)?(?:hons?\.?|honou?rs)"
    r"(?:\s*[,;:]?\s*(?:(?:1st|2nd|3rd|first|second|third|upper second|lower second)(?:[- ]class)?|2[:.][12]|"
    r"(?:with\s+)?(?:high\s+)?(?:distinction|merit)))?|(?:first|1st|upper second)[- ]class(?:\s+honou?rs)?|"
    r"(?:with\s+)?(?:high\s+|highest\s+)?(?:distinction|merit)|(?:summa|magna)?\s*cum\s+laude|"
    # the same in Spanish, French, Italian, Portuguese and German: "(con mención honorífica)"
    r"(?:con\s+)?menci[óo]n\s+honor[íi]fica|mention\s+(?:tr[èe]s\s+)?(?:bien|honorable)|(?:con\s+)?lode|"
    r"com\s+louvor|mit\s+auszeichnung)\s*\)", re.I)
def without_honour_mark(text: str) -> tuple[str, str | None]:
    """'BSc(Hons, 1st class) in Physics, …' → ('BSc in Physics, …', 'Hons, 1st class'): an honours
    mark in brackets set right after a degree's name (no comma between); else (text, None)."""
    hons = _BRACKETED_HONOUR.search(text) if "(" in text else None
    if hons:
        before = text[: hons.start()]
        degree = None
        for degree in DEGREE_RE.finditer(before):
            pass
        if degree and hons.start() - degree.end() <= 25 and "," not in before[degree.end():]:
            return before + text[hons.end():], clean(hons.group(1))
    return text, None


HONOUR_WORDS = re.compile(r"\b(?:cum laude|summa|magna|honou?rs?|distinction|first class|gpa|rank|valedictorian|award|prize)\b", re.I)


def _cut_degree(text: str) -> tuple[str, str | None]:
    """'PhD of Computer Science, year 4' → 'PhD of Computer Science'; tail kept as honour.
    'Ph.D. candidate' / 'PhD student' name the degree 'Ph.D.' / 'PhD'."""
    text = clean(text.replace("\t", " "))
    text = re.sub(r"^((?:Ph\.?\s?D\.?|D\.?Phil\.?))\s+(?:candidate|student)\b", r"\1", text, flags=re.I)
    # "B.Sc (Hons) in Pharmacology": the honours mark after the degree's letters
    hons = re.search(r"\s*\((hons?\.?|honou?rs)\)(?=\s+(?:in|of)\b)", text, re.I)
    if hons:
        degree, tail = _cut_degree(text[: hons.start()] + text[hons.end():])
        return degree, tail or hons.group(1)
    abbr = re.search(r"\s*\(([A-Za-z. ]{2,12})\)", text)
    if abbr and DEGREE_RE.fullmatch(abbr.group(1).strip()):
        text = text[: abbr.start()] + text[abbr.end():]    # "Doctor of Philosophy (PhD)": one degree named twice
    m = re.search(r"(?:[,;]|\s+(?=\d+(?:st|nd|rd|th)\b)|\s+(?=(?:GPA|Graduated|Specialization|Concentration|Minor|with|summa|magna|cum|Thesis)\b)|\s+\(|"
                  r"\s[-–—]\s+(?=[\w ]{0,30}\b(?i:honou?rs|distinction|merit|laude|first class)\b))", text)
    if m:
        # "…; Summa Cum Laude", "…; 1.0 (GPA: 4.0)": a semicolon sets notes apart like a comma
        head, tail = text[: m.start()], clean(text[m.end():] if m.group(0).strip()[:1] in (",", ";", "-", "–", "—")
                                              else text[m.start():])
        if text[m.start()] == "," and re.search(r"\sin\s", head) and _FIELD_LIST_REST.fullmatch(tail):
            return text, None     # "Ph.D. in Biochemistry, Molecular, and Cell Biology": one field list
        tail = None if not tail or re.match(r"^(year \d|minor|gpa|concentration|specialization)", tail, re.I) else tail
        return clean(head), tail
    return re.sub(r"(\s[A-Za-z][a-z]{3,})\.$", r"\1", text), None    # "MSc Theoretical Physics.": the stop ends the line


_DETAIL_LABEL_WORDS = re.compile(r"thesis|dissertation|advis|supervis|grade|gpa|focus|topic|thema", re.I)
_NAME_JOINERS = frozenset("of at in for de di du da do der des del della von van".split())


def _institution(text: str, bracketed: bool = False) -> tuple[str, str | None] | None:
    text = clean(text.replace("\t", " ")).rstrip(" ,.;-–—")
    text = re.sub(r"\s*\((?:advised|supervised)[^)]*\)", "", text)
    if not text:
        return None
    if not bracketed and "(" in text and "," in text:
        # a comma inside brackets does not part the name: "College of Lorem (Ipsum University, Chennai)"
        found = _institution(re.sub(r"\([^()]{0,200}\)", lambda m: m.group(0).replace(",", "\ue000"), text), True)
        return (found[0].replace("\ue000", ","), found[1] and found[1].replace("\ue000", ",")) if found else None
    parts = [p.strip() for p in text.split(",")]
    # "University of California, Berkeley": a comma inside a known name.
    for n in range(len(parts), 0, -1):
        cand = ", ".join(parts[:n])
        if is_known_org_name(cand):
            loc = ", ".join(parts[n:]) or None
            return cand, loc
    if INSTITUTION_WORDS.search(text):
        name, loc = _strip_location(text)
        if "," in name:
            head, tail = name.split(",", 1)
            # "Zhuhai No.1 High School, Zhuhai, Guangdong, China": places after the institution.
            if INSTITUTION_WORDS.search(head) and (not loc or all(w.lower().strip(".") in PLACE_WORDS for w in tail.replace(",", " ").split())):
                name, loc = head, (tail.strip() + (", " + loc if loc else ""))
        # "University of Washington Seattle" (no comma): cut a trailing place word.
        words = name.split()
        # ("…, University of Melbourne": a place after "of" is the name's own, not where it is)
        while len(words) > 2 and words[-1].lower().strip(".") in PLACE_WORDS \
                and words[-2].lower() not in _NAME_JOINERS:
            loc = (words[-1] + (" " + loc if loc else "")) if not loc else words[-1] + ", " + loc
            words = words[:-1]
        name = " ".join(words)
        if INSTITUTION_WORDS.search(name) and not re.match(r"^(?:advis|supervis|direction|research interest|thesis|focus|mentor)", name, re.I):
            return name.strip(" ,"), loc
    return None


def _apply_degree(cur: Education, degree: str) -> None:
    if not cur.degree:
        cur.degree = degree
        cur.level = degree_level(degree)
        cur.field = field_of_degree(degree)


def _merge_education(cur: Education, fields: dict, text: str) -> None:
    if fields.get("degree"):
        _apply_degree(cur, fields["degree"])
        if fields.get("field") and not cur.field:
            cur.field = fields["field"]
    elif fields.get("field") and (fields.get("institution") or fields.get("labelled_field")) and not cur.field:
        cur.field = fields["field"]      # "Stockholm University, Cinema Studies": studies without a degree
    if fields.get("period") and not (cur.start or cur.end or cur.current):
        cur.start, cur.end, cur.current = fields["period"]
    if cur.field and (grade := _CLASS_TAIL.search(cur.field)) and grade.start() > 0:
        # "BA Philosophy First Class", "BSc Physics Upper Second": the class of the degree, an
        # honour, is no part of its field
        cur.honours.append(grade.group(1))
        if cur.degree and cur.degree.endswith(grade.group(0).strip()):
            cur.degree = cur.degree[: -len(grade.group(0).strip())].rstrip(" ,")
        cur.field = cur.field[: grade.start()].rstrip(" ,")
    if fields.get("location") and not cur.location:
        cur.location = fields["location"]
    for a in fields.get("advisors", []):
        if a not in cur.advisors:
            cur.advisors.append(a)
    if fields.get("thesis"):
        cur.thesis = fields["thesis"]
    if fields.get("honour_mark"):
        cur.honours.append(fields["honour_mark"])
    if fields.get("honour") and not re.fullmatch(r"\(?(?:unfinished|incomplete|expected)\)?", fields["honour"], re.I):
        honour = fields["honour"]
        if honour.startswith("(") and honour.endswith(")") and "(" not in honour[1:-1]:
            honour = honour[1:-1].strip()           # "(110/110 cum laude)": the honour, not its brackets
        cur.honours.append(honour)
    if re.search(r"\bunfinished|incomplete|not completed|withdrew|left the program\b|\b(?-i:ABD)\b|all but dissertation", text, re.I):
        cur.unfinished = True
    if not fields.get("institution") and not fields.get("degree") and not fields.get("thesis") \
            and not fields.get("advisors") and not fields.get("period"):
        q = re.search(r"thesis[^\"“]*[\"“]([^\"”]{5,200})[\"”]", text, re.I)
        if q and not cur.thesis:
            cur.thesis = q.group(1)
        honour = clean(text)
        if cur.degree and not cur.field and (labelled := _DEGREE_FIELD_LABEL.match(honour)):
            cur.field = labelled.group(1).rstrip(".")     # "Major: History", "Subfield: Global History"
            return
        if cur.degree and not cur.field and _SUBJECT_ONLY.fullmatch(honour.rstrip(".")):
            cur.field = honour.rstrip(".")     # "Ph.D. (2017)" / "Lorem Institute" / "Mechanical Engineering"
            return
        if honour and honour[:1].isupper() and "," in honour and _degree_place(honour):
            # "Lorem City, France" / "Ipsumville, NJ" / "Ipsumville, Quebec, Canada" on a line of its
            # own under the degree: where it was taken, not an honour
            if not cur.location:
                cur.location = honour.rstrip(" .")
            return
        # a sentence about the degree ("Thesis on the prosody of …", nine words or more) is not an honour
        if honour and not re.match(r"^(gpa|research interests?|direction|focus|courses?|google scholar|http|"
                                   r"(?:thesis|dissertation) (?:on|about)\b)", honour, re.I) \
                and not _SENTENCE.match(honour) \
                and len(honour.split()) <= 20 and not find_urls(honour):
            cur.honours.append(honour)


_CLASS_TAIL = re.compile(r"[\s,]+((?:first|upper second|lower second|second|third)[- ]class(?:\s+hon(?:ou)?rs)?|"
                         r"(?:summa|magna)\s+cum\s+laude|cum\s+laude|with\s+(?:high(?:est)?\s+)?distinction)$", re.I)
_QUOTED_SPAN = re.compile(r'“[^“”]{3,300}”|"[^"]{3,300}"')
# A line under a degree that names its field with a label ("Major: History", "Subfield: Global
# History", "Field of study: …", "Spécialité : …", "Fachrichtung: …")
_DEGREE_FIELD_LABEL = re.compile(r"(?:major|sub-?field|field(?:\s+of\s+study)?|area\s+of\s+study|discipline|"
                                 r"sp[ée]cialit[ée]|fachrichtung|studienfach|especialidad)\s*:\s*([^:;]{2,80})$", re.I)


# "Since August 2017: …", "2015 - 2017: …": a line that opens on its dates heads an entry
_FROM_DATE = re.compile(r"^(?:from|since)\s+(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)\d\d\b(?!\s*(?:[-–—]|to\b))", re.I)
_DATE_LABEL = re.compile(r"^(?:since\s+)?(?:[A-Za-z]{3,9}\.?\s+)?(?:19|20)\d\d(?:\s*[-–—]\s*(?:[A-Za-z]{3,9}\.?\s+)?"
                         r"(?:(?:19|20)\d\d|present|now|current))?(?:\s*\([^()]{0,20}\))?\s*:\s", re.I)


_DUTY_WORD = re.compile(r"(?i)\b(?:grad(?:ing|ed|e)|mark(?:ing|ed)|tutor(?:ial|ials|ing)|recitations?|discussions?|"
                        r"assignments?|exams?|examinations?|homeworks?|quiz(?:zes)?|labs?|laborator(?:y|ies)|lectures?|"
                        r"lecturing|evaluations?|office hours|support|invigilation|proctoring|teaching|q&a)\b")


def _duty_list(text: str) -> bool:
    """'Recitations, software support, assignment evaluation, discussions': a list of the tasks
    done in a course (short parts in lower case after the first word, a task's word among them)."""
    t = text.strip().rstrip(".")
    if not t or len(t) > 160 or re.search(r"\d", t) or not _DUTY_WORD.search(t):
        return False
    parts = [p.strip() for p in re.split(r",|;|\band\b", t) if p.strip()]
    if len(parts) < 2 or any(len(p.split()) > 4 for p in parts):
        return False
    words = t.split()[1:]
    return all(w[:1].islower() or not w[:1].isalpha() for w in words)


def _is_description(line: Line, text: str) -> bool:
    """A bullet or sentence describing the entry, not an entry header."""
    if line.entry_head:
        return False
    words = text.split()
    if line.bullet:
        return True
    if len(words) > 16 and text[:1].isdigit() and (lead := find_period(text[:40])) and lead[1][0] == 0 \
            and TITLE_WORDS.search(" ".join(text[lead[1][1]:].split()[:5])):
        # "2021 - 2022 - Associate research fellow at Lorem Key Laboratory for …, University of …":
        # the dates first, then the role: an entry, however long
        return False
    if len(words) > 16 and not (line.text.startswith("#")) and not _DATE_LABEL.match(text):
        # "Teaching Assistant for undergraduate … economics, Department of Economics, Lorem
        # University, Nowhere, February 2016--November 2017.": a paragraph of its own that opens on
        # a role and closes on its dates is an entry, however long
        # ("Lorem Academy of Science, Data Manager, Meeting Coordinator, and Communications Specialist
        # (March 2013 - September 2015)": one that opens on its organization the same)
        return not (line.gap and len(words) <= 40 and (TITLE_WORDS.search(" ".join(words[:3]))
                                                       or ORG_WORDS.search(" ".join(words[:3])) and "," in " ".join(words[:6]))
                    and (found := find_period(text)) and found[1][1] >= len(text.rstrip(" .")) - 1)
    if _FROM_DATE.match(text):
        return False        # "from 2024, Lorem University, assistant professor": a date column first
    if text[:1].islower() and (lead := find_period(text[:40])) and lead[1][0] == 0:
        return False        # "dec.2020 - feb.2021 Web Developer - Lorem SA": a date first, in lower case
    if re.match(r"^(?:[a-z]|Researching\b|Working\b|Worked\b|Developed\b|Designed\b|Led\b|Research on\b|Research towards\b|Focus\b|Contributed\b|Reproduce\b|Write\b|Learn\b|"
                r"[A-Z][a-z]{2,20}ed\s+(?:by|with|through|under)\b)", text):    # "Funded by a Lorem grant"
        return True
    # "Built the deployment pipeline for the private cloud of the company.": a sentence of nine
    # words or more with no dates, opening on neither a role nor an organization
    head = " ".join(words[:3])
    if not words or not _SENTENCE.match(text) or find_period(text):
        return False
    # ("Two months internship in the field of X during which I carried out …": a sentence
    # written in the first person describes, whatever words it opens with)
    # ("One month internship in which devices were made …": a full sentence of twelve words or
    # more with none of a header's separators, no comma, dash or bar, is prose too)
    if " I " in text or " we " in text or text.startswith(("I ", "We ", "My ", "Our ")) \
            or len(words) >= 12 and not _HEADER_SEPARATOR.search(text):
        return True
    return not TITLE_WORDS.search(head) \
        and not ORG_WORDS.search(head) and not is_known_org_name(words[0].strip(","))


# a line that is one bold phrase (and perhaps a date column after it)
_WHOLE_BOLD = re.compile(r"\s*(?:\*\*|__|<b>|<strong>)[^*_<>\t]{2,150}(?:\*\*|__|</b>|</strong>)\s*(?:\t[^\t]*)?$", re.I)
_CLOSING_DATES = re.compile(r"\(([^()]{4,60})\)[.;]?$")
_CLOSING_SENTENCE = re.compile(r"(?<=[.;])\s+([^.;()]{4,60}?)\.?$")
# a sentence that sends the reader to another page for the section's content
_ELSEWHERE_NOTE = re.compile(r"\b(?:can|could|may)\s+(?:also\s+)?be\s+found\b|\b(?:please\s+)?(?:see|visit|refer\s+to)\s+(?:my|the|our)\s+[^.]{0,60}\bpages?\b"
                             # "See all courses at lorem.org/teaching", "View the full list on my site"
                             r"|^(?:please\s+)?(?:see|view)\s+(?:all|more|the\s+full\s+list(?:\s+of)?)\s+(?:[a-z]+\s+){0,2}(?:at|on|here)\b", re.I)
_ROLE_FOR_INSTITUTION = re.compile(r"(.+?)\s+for\s+(?:the\s+)?([A-Z].+)$")
_ORG_COLON_ROLE = re.compile(r"([^:]{2,80}?):\s+([^:]{2,120})")
_ENTRY_LABEL = re.compile(r"(?i)(?:responsibilit|dut(?:y|ies)|tasks?\b|achievements?|projects?\b|tools?\b|technolog|skills?\b|"
                          r"roles?\b|positions?\b|titles?\b|descriptions?\b|keywords?|environment|stack|locations?\b|"
                          r"teams?\b|clients?\b|topics?\b|areas?\b|focus|subjects?\b|courses?\b|thesis|note)")
_HEADER_SEPARATOR = re.compile(r"[,;|\t–—(]| - | @ ")
_PI_NOTE = re.compile(r"\s*\(\s*(?:PI|P\.I\.|supervisors?|advisors?|mentors?|hosts?|head)\s*:\s*([^()]{3,160})\)", re.I)
# "Teaching Assistant in Mathematics", "Lecturer in Applied Statistics": a subject, not an organization
_SUBJECT_ONLY = re.compile(r"(?:[A-Z][a-z]+\s+|(?:and|&|of)\s+){0,3}(?:[A-Z][a-z]*(?:ics|ogy|omy|istry|ture|ences?|ism|ance)|"
                           r"(?:Engineering|Computing|Nursing|Law|Medicine|History|Philosophy|Arts|Design|Music|"
                           r"Studies|Management|Finance|Education|Government|Politics|Policy|Methods))")
_SCHOOL_WORD = re.compile(r"\b(?:School|Faculty|Department|Dept\.?|College|Division)\b")
_A_UNIVERSITY = re.compile(r"\buniversit(?:y|ies|ät|é|à|ad|e|eit|at)\b|\bhochschule\b", re.I)
_UNIVERSITY = re.compile(r"\b(?:universit(?:y|ies|ät|é|à|ad|e|eit|at)|college|polytechnic|hochschule)\b", re.I)
_BOLD_AT = re.compile(r"(?:\*\*|__|<b>|<strong>)([^*_<>]{2,150})(?:\*\*|__|</b>|</strong>)\s+(?:at|@)\s", re.I)
_POST_WORDS = re.compile(r"\b(?:position|post|role|appointment|placement|secondment|contractor|worker)\b", re.I)


_FROM_END = re.compile(r"(?<![\w-])from\s*$", re.I)
_KEEP_DOT = {"inc", "ltd", "co", "corp", "jr", "sr", "st", "bros", "dept", "univ", "assoc", "no", "vol", "etc"}


def _without_stop(text: str) -> str:
    """A sentence's closing full stop dropped from a name ("…, University of Westmarch." →
    "…, University of Westmarch"); kept after an abbreviation ("Galois, Inc.", "Ph.D.", "J.")."""
    if text.endswith((".\u201d", '."')) and text.count(text[-1]) % 2 == 0 or text.endswith(".\u201d") and "\u201c" in text:
        return text[:-2] + text[-1]     # '… Grant. “Title.”': the stop inside the closing quote
    if not text.endswith(".") or text.endswith(".."):
        return text
    last = text[:-1].rsplit(None, 1)[-1] if text[:-1].strip() else ""
    if last.isdigit():
        return text[:-1]                # "Goal 3."
    if not last or "." in last or len(last) == 1 or last.lower().strip("(),") in _KEEP_DOT:
        return text
    return text[:-1]


_DIGIT = re.compile(r"\d")
_MONTH_YEAR_LEAD = re.compile(r"[^\W\d_]{3,9}\.?\s?(?:19|20)\d\d")     # "dec.2020", "Dec 2020" opening a line


# a comma-separated part naming a contract and how long it ran ("CDI - 3 ans ½", "Stage - 4 mois",
# "6 months", "Internship, 3 months"): no title, no organization
_CONTRACT_PART = re.compile(r",[ \t]?(?:[A-Za-zÀ-ÿ]{2,12}[ \t]?(?:[-–—:][ \t]?)?)?\d{1,2}(?:[.,]\d)?[ \t]?(?:½[ \t]?)?(?:years?|yrs?|months?|"
                            r"weeks?|ans?|mois|semaines?|jahre?|monate?|wochen|años|meses|semanas|anni|mesi|anos)"
                            r"(?:\s*½)?(?=\s*(?:,|$))", re.I)


_STREET_LINE = re.compile(r"\s*\d{1,6}[A-Za-z]?\s+(?:[NSEW]\.?\s+)?[A-Z][\w.'’-]*(?:\s+[\w.'’-]+){0,4}\s*$")
_COURSE_LINK_LABEL = re.compile(r"(?i)\[?\s*(?:(?:the\s+)?course(?:'s)?\s+)?(?:web\s?site|web\s?page|home\s?page|page|syllabus|"
                                r"slides|materials?|notes|link)\s*\]?")
_PLACE_AFTER_COLON = re.compile(r"[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}(?:,\s*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}){1,2}")


_CJK_TITLE_SUFFIX = re.compile(r"((?:主任|上席|特別|特任|客員|副|助理|高级|高級|首席|资深|資深)?"
                               r"(?:研究員|研究员|准教授|教授|講師|讲师|助教|助手|工程师|工程師|研究助理|实习生|研究科学家|科学家))"
                               r"\s*(?:\([^()]{0,40}\)\s*)?$")
_ORG_COLON_UNIT = re.compile(r"([A-Z][^:\n]{2,80}?):\s+([A-Z][^:\n]{2,80})")
# a link whose text is its address (HTML or Markdown), or a bare address
_LINKED_URL = re.compile(r"<a\b[^<>]{0,500}>\s*https?://[^<>\s]{1,500}\s*</a\s*>|\[\s*https?://[^\]\s]{1,500}\s*\]\([^()\s]{0,500}\)|"
                         r"https?://\S{1,500}")
# a visiting post named alone on a line ("Visiting Scholar", "Exchange Student", "Visiting PhD Student")
_VISIT_ROLE = re.compile(r"(?i)(?:visiting|exchange|guest)(?:\s+[\w.-]+){0,2}?\s+(?:scholar|student|researcher|scientist|"
                         r"fellow|professor|research\s+student)")
# sections whose lines are entries, and "other" (a link labelled "Website" in them is the entry's)
_ENTRY_LINK_KINDS = frozenset(ENTRY_KINDS | {"other"})
_BOLD_LABEL_LINE = re.compile(r"(?:\*\*[^*\n]{2,60}\*\*|__[^_\n]{2,60}__)")
_CODE_SPAN_THEN_SPAN = re.compile(r"`([^`\n]{1,60})`(?=[ \t]+`)")
_LEAD_YEAR_SPACE = re.compile(r"^((?:19|20)\d\d)[ \t]+(?=\S)")
_HAN_TAB = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u9fff“”\"])\t(?=[\u3040-\u30ff\u3400-\u9fff“”\"])")
_HAN_END = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]$")
# "系统研发:", "科学计算:" (a skills group's label in Chinese or Japanese)
_HAN_SKILL_LABEL = re.compile(r"[\u3040-\u30ff\u3400-\u9fff][\u3040-\u30ff\u3400-\u9fff\w /&+.-]{0,15}:")
_CJK_PARTS = re.compile(r"\s*[,;\t]\s*")
# (a word that names an organization or one of its units in Chinese or Japanese)
_CJK_ORG_WORD = re.compile(r"大学|大學|学院|學院|研究所|研究院|研究センター|センター|中心|实验室|實驗室|研究室|部門|公司|会社|"
                           r"法人|機構|机构|集团|集團|研究科|学部|学系")
# the French "at" ("à", "au", "à l'", "chez") and the German "bei" between a role and its organization
_TITLE_A_ORG = re.compile(r"^([^,;:()]{3,80}?)\s+(?:à\s+l['’]|à\s+la\s+|à\s+|au\s+|aux\s+|chez\s+|bei\s+(?:der\s+|dem\s+)?)(\S.{1,200})$")
_SENTENCE_END = re.compile(r"[.;]\s+(?=[A-ZÀ-Ý])")
_ORG_NOUN_FR = re.compile(r"(?:minist[eè]re|laboratoire|universit[ée]|institut|centre|groupe|soci[ée]t[ée]|entreprise|"
                          r"[ée]cole|acad[ée]mie|agence|fondation|direction|service|h[ôo]pital|mairie)\b", re.I)


# a research post ("Research Assistant", "Senior Research Fellow"): "research" names no organization here
_RESEARCH_ROLE = re.compile(r"(?i)(?:(?:senior|junior|graduate|undergraduate|postdoctoral|visiting)\s+)?research\s+"
                            r"(?:assistant|associate|fellow|scientist|engineer|intern|analyst|officer|technician|"
                            r"coordinator|specialist|professor|student|scholar)s?")


# the words of a skill group's label ("Languages", "Frameworks & Tools", "Other"): a label, never a skill
_SKILL_GROUP_WORDS = re.compile(r"(?i)\b(?:languages?|frameworks?|tools?|librar(?:y|ies)|software|technolog(?:y|ies)|platforms?|"
                                r"databases?|programming|skills?|other|misc|cloud|devops|web|data|methods?|systems?)\b")
_TA_POST = re.compile(r"(?:graduate\s+|undergraduate\s+)?(?:teaching\s+assistant|TA|GSI|grader|tutor|teaching\s+fellow)", re.I)
_TEACHING_POST_FOR = re.compile(r"((?:[Gg]raduate\s+|[Uu]ndergraduate\s+)?(?:[Tt]eaching\s+[Aa]ssistant|TA|GSI|[Gg]rader|[Tt]utor|[Tt]eaching\s+[Ff]ellow|"
                                r"[Ii]nstructor))\s+(?:for|of|in)\s+(\S.{1,80}?)\s+at\s+(?:the\s+)?([A-Z].{2,120})$")
_TEACHING_POST_FOR_DESC = re.compile(r"(?:teaching\s+assistant|TA|GSI|grader|tutor)\s+(?:for|of|in)\s+(\S.{2,120})$", re.I)
_PERIOD_JOIN = re.compile(r"\s*(?:[,;&]|and)\s*")


def _find_spells(text: str) -> tuple[tuple[str | None, str | None, bool], tuple[int, int]] | None:
    """find_period, reading a post held in two spells ("Jan 2021 - May 2021, Jan 2022 - May 2022")
    as one period from the start of the first to the end of the second."""
    found = find_period(text)
    if found and found[0][1] and (sep := _PERIOD_JOIN.match(text, found[1][1])) \
            and (second := find_period(text[sep.end():])) and second[1][0] == 0 and (second[0][1] or second[0][2]) \
            and second[0][0] and found[0][0] and second[0][0] >= found[0][1]:
        return (found[0][0], second[0][1], second[0][2]), (found[1][0], sep.end() + second[1][1])
    return found


def _role_with_gloss(head: str, note: str) -> bool:
    """'Maître de conférences (associate prof.)', 'Research Fellow (postdoc)': a post's name, then
    the same post said another way in brackets (no organization before the brackets: a few words
    naming a post, no comma, no organization's word but "research", no committee's role)."""
    head = head.strip(" ,")
    return len(head.split()) <= 4 and "," not in head and bool(TITLE_WORDS.search(head)) \
        and bool(TITLE_WORDS.search(note)) and not ORG_WORDS.search(re.sub(r"(?i)\bresearch\b", "", head)) \
        and not SERVICE_ROLE_WORDS.search(head) and not SERVICE_ROLE_WORDS.search(note) \
        and not re.search(r"(?i)\bprogram", head) and not is_known_org_name(head)


def _position_fields(text: str, line: Line) -> dict:
    fields = _position_fields_read(text, line)
    title, org = fields.get("title"), fields.get("organization")
    if title and org and ", " in org and not fields.get("unit") and f"{title} of {org.split(', ')[0]}" in text:
        # "Managing Director and Head of Lorem Sovereign Research, ABN LOREM, 2000-2005": the head of a unit,
        # then the body it belongs to (an organization's word, a known name, or an acronym), not a title
        # "Head" at an organization named "Lorem Sovereign Research, ABN LOREM"
        unit, _, body = org.rpartition(", ")
        if 1 <= len(body.split()) <= 5 and not INSTITUTION_WORDS.search(unit) and "," not in unit \
                and (ORG_WORDS.search(body) or is_known_org_name(body) or re.fullmatch(r"[A-Z][A-Z&.\-]+(?: [A-Z][A-Z&.\-]+)*", body)):
            fields["title"], fields["organization"] = f"{title} of {unit}", body
    return fields


def _position_fields_read(text: str, line: Line) -> dict:
    """Fields of a position header line: title, organization, unit, location, period."""
    fields: dict = {}
    text = re.sub(r"\s{2,}", " ", text)    # a run of spaces is one (and no quadratic backtracking below)
    found = _find_spells(text)
    rest = text
    if found:
        fields["period"] = found[0]
        before = text[: found[1][0]]
        if before[-5:].lower().rstrip() in ("from", "- from", ",from") or _FROM_END.search(before[-12:]):
            before = _FROM_END.sub("", before)        # "… \t From Sep., 2015 to Dec., 2015": "From" is the dates'
        rest = (before + " " + text[found[1][1]:]).strip(" ,\t")
        after = text[found[1][1]:]
        if before.rstrip().endswith("(") and after.lstrip().startswith(")") and len(before.split()) >= 2 \
                and (role := after.lstrip()[1:].strip(" ,.;")) and TITLE_WORDS.search(role) and len(role.split()) <= 6 \
                and not TITLE_WORDS.search(before) and ORG_WORDS.search(before):
            # "Lorem State University (2008-2011) Research Associate": the bracketed dates part the
            # organization from the role after them
            rest = f"{role} at {before.rstrip(' (')}"
        if re.match(r"since\s*[:,–—-]", rest, re.I) and not found[0][1]:
            # "Since August 2017: Research Assistant at …": the date opens a current post
            rest = re.sub(r"^since\s*[:,–—-]\s*", "", rest, flags=re.I)
            fields["period"] = (found[0][0], None, True)
        rest = re.sub(r"\s*\(\s*\)|\s*\[\s*\]", "", rest).strip(" ,:\t")   # "Intern (Summer 2019)", "Lorem [May 2018]"
        if rest[:2] == ". " and not before.strip():
            rest = rest[2:]         # "2020 - Present. Resident Physician, Surgery.": the dates written as a sentence
        rest = re.sub(r"[\s,]+\.$", "", rest)          # "Org, Analyst, July 2019." → "Org, Analyst"
        if not before.strip(" *_") and "," in rest and (exact := _EXACT_SPAN_TAIL.search(rest)):
            # "2020–21 — Adviser, Lorem Office, 1 May 2020 – 30 June 2021.", "2024 — Rapporteur, Lorem
            # Office, June–September": the line's dates again, to the month, at its end: the period
            # more precisely, no part of the organization
            (y0, y1, _), m0, m1 = fields["period"], MONTHS[exact.group("m0").lower()[:3]], MONTHS[exact.group("m1").lower()[:3]]
            a, b = exact.group("y0") or y0, exact.group("y1") or (y0 if not y1 and not exact.group("y0") else y1)
            if a and b and a[:4] == (y0 or "")[:4] and (not y1 or b[:4] == y1[:4]):
                fields["period"] = (f"{a[:4]}-{m0:02d}", f"{b[:4]}-{m1:02d}", False)
                rest = rest[: exact.start()].rstrip(" ,")
    rest = _without_stop(rest)                           # "…, University of Westmarch." (a sentence's stop)
    if rest[:1] in "TtGgIi" and (taught := _TEACHING_POST_FOR.match(strip_markup(rest))):
        # "TA for EECS 201 (Lorem Tools) at University of Ipsum EECS Department": the teaching post, the
        # course it was for, and where (the course is also read as teaching)
        fields.update(title=clean(taught.group(1)), course=clean(taught.group(2)), organization=clean(taught.group(3)))
        return fields
    if rest.count(",") >= 2 and (parts := _top_level_commas(rest)) and 3 <= len(parts) <= 5 \
            and (TITLE_WORDS.search(parts[-1]) or _HAN_ROLE.search(parts[-1])) and len(parts[-1].split()) <= 5 \
            and not re.search(r"\s[–—-]\s|[|/]", parts[-1]) \
            and not TITLE_WORDS.search(parts[0]) and not _HAN_ROLE.search(parts[0]) and not _UNIT_WORD.search(parts[0]) \
            and all(len(p.split()) <= 3 and len(p) <= 30 and not TITLE_WORDS.search(p) and not ORG_WORDS.search(p)
                    and not _UNIT_WORD.search(p) and not _HAN_ROLE.search(p) and not _DIGIT.search(p)
                    # ("Digital Office, LUST, Designer": an acronym that names no region is the organization)
                    and not (re.fullmatch(r"[A-Z]{3,8}", p.strip()) and not is_region(p.strip())) for p in parts[1:-1]):
        # "Lorem Pharma, Shenzhen, China, Quality Analyst (2020-2021)", "某某公司，中国深圳，质量分析员（…）": the
        # employer, the place, then the post last
        fields.update(organization=clean(parts[0]), location=clean(", ".join(parts[1:-1])), title=clean(parts[-1]))
        return fields
    if "," in rest and ("½" in rest or _DIGIT.search(rest)) and _CONTRACT_PART.search(rest):
        # "Développeur Front, CDI - 3 ans ½, Unow (Lyon)": the contract and its length are no field
        rest = _CONTRACT_PART.sub("", rest).strip(" ,")
    # "Supervisor: Henk Roe", also in brackets: "(Supervisor: Henk Roe)"
    # ("Supervisor(s): Drs. Ann Roe, Ben Poe": the label's plural in brackets)
    mentor = re.match(r"^(?:(?:mentor|advisor|adviser|supervisor)(?:s|\(s\))?|supervision|manager|host)\s*:\s*(.+)$",
                      rest[1:-1] if rest[:1] == "(" and rest[-1:] == ")" else rest, re.I)
    if mentor:
        fields["mentors"] = _people(mentor.group(1))
        return fields
    if ": " in rest and (ou := _ORG_COLON_UNIT.fullmatch(rest)) and ORG_WORDS.search(ou.group(1)) \
            and UNIT_WORDS.search(ou.group(2)) and not TITLE_WORDS.search(rest) and not _HAN_ROLE.search(rest):
        # "Lorem Business School: Applied Ipsum Lab", "Ipsum University: Department of Physics": the
        # organization, a colon, its unit
        fields.update(organization=clean(ou.group(1)), unit=clean(ou.group(2)))
        return fields
    if ":" in rest and (oc := _ORG_COLON_ROLE.match(rest)) and TITLE_WORDS.search(oc.group(2).split(",")[0]) \
            and not TITLE_WORDS.search(oc.group(1)) and not _ENTRY_LABEL.match(oc.group(1)) \
            and all(w[:1].isupper() or w[:1].isdigit() or w.lower() in ("of", "and", "for", "&", "the", "de")
                    for w in oc.group(1).replace(",", " ").split()):
        # "Tezda Pvt Ltd: Senior Software Developer (Remote)", "Lorem University, Cambridge, UK:
        # Customer Service Agent": the organization (and its place), a colon, the role
        org, _, place = oc.group(1).partition(",")
        rest = f"{oc.group(2)} at {org.strip()}" + (f", {place.strip()}" if place.strip() else "")
    elif ":" in rest and (oc := _ORG_COLON_ROLE.match(rest)) and " at " in oc.group(1) and TITLE_WORDS.search(oc.group(1)) \
            and _PLACE_AFTER_COLON.fullmatch(oc.group(2).strip()):
        # "**Data Engineer** at **Lorem Analytics**: Torino, Italy": the role at the organization,
        # a colon, its place
        rest = oc.group(1).strip()
        fields["location"] = oc.group(2).strip()
    elif ":" in rest and (oc := _ORG_COLON_ROLE.match(rest)) and TITLE_WORDS.search(oc.group(1)) \
            and len(oc.group(1).split()) <= 5 and not TITLE_WORDS.search(oc.group(2).split(",")[0]) \
            and not _ENTRY_LABEL.match(oc.group(1)) and oc.group(2)[:1].isupper() and "(" not in oc.group(1) \
            and ")" not in oc.group(2):
        # "**Data Scientist** (01.2019-heute): Lorem AG, München": the role, a colon, the organization
        rest = f"{oc.group(1).strip()} at {oc.group(2).strip()}"
    # "Postdoctoral Researcher with Lorem Lab (PI: R. Roe)": the bracketed head of the group
    pi = _PI_NOTE.search(rest) if "(" in rest else None
    if pi and (people := _people(pi.group(1))):
        fields["mentors"] = people
        rest = (rest[: pi.start()] + rest[pi.end():]).strip(" ,;\t")
    # "Postdoctoral Researcher with Lorem Lab", "Postdoctoral Researcher with Ada Roe, Lorem Centre at
    # the University of X": the role, then the group it was held in (its unit) or the person it was
    # held with (a mentor)
    if " with " in rest and (rw := _ROLE_WITH.match(rest)) and TITLE_WORDS.search(rw.group(1)) \
            and not ORG_WORDS.search(rw.group(1)):
        head, after = rw.group(2), re.sub(r"\s+at\s+(?:the\s+)?", ", ", rw.group(3) or "").strip(" ,")
        if looks_like_name(head) and not ORG_WORDS.search(head) and not UNIT_WORDS.search(head):
            fields.setdefault("mentors", []).append(head)
            rest = rw.group(1) + (f", {after}" if after else "")
        elif UNIT_WORDS.search(head):
            rest = f"{rw.group(1)}, {head}" + (f", {after}" if after else "")
        else:
            rest = f"{rw.group(1)} at {head}" + (f", {after}" if after else "")
    # "Lorem University, research assistant to Professor Ann Roe": the role, and the mentor
    if "," in rest and "rof" in rest and (rf := _ROLE_FOR_PROFESSOR.fullmatch(rest.rsplit(",", 1)[1].strip())) \
            and TITLE_WORDS.search(rf.group(1)) and len(rf.group(1).split()) <= 4 \
            and (people := _people(rf.group(2).replace("\n", " "))):
        fields["mentors"] = people
        rest = f"{rf.group(1)} at {rest.rsplit(',', 1)[0].strip()}"
    # "Postdoctoral Researcher, advised by Magdalena Balazinska": the mentor, not a unit
    advised = _ADVISED_BY.search(rest)
    if advised and (people := _people(advised.group(1))):
        fields["mentors"] = people
        rest = rest[: advised.start()].strip(" ,;\t")
    rest = re.sub(r"\s*\([^()]{0,200}?(?:startup|company|corporation)[^()]{0,200}\)", "", rest, flags=re.I).strip()
    if not rest:
        return fields
    # "The 1st Workshop on … (NGNO) (***Publication Co-Chair***)": a trailing role in parentheses.
    role = re.search(r"\(\s*([^()]{2,60}?)\s*\)\s*$", rest)
    if role and (SERVICE_ROLE_WORDS.search(role.group(1)) or TITLE_WORDS.search(role.group(1))
                 # "The Lorem Foundation (Career Position)": a kind of post after an organization
                 or _POST_WORDS.search(role.group(1)) and len(role.group(1).split()) <= 4
                 and (ORG_WORDS.search(rest[: role.start()]) or is_known_org_name(rest[: role.start()].strip(" ,")))) \
            and rest[: role.start()].strip(" ,") and not _role_with_gloss(rest[: role.start()], role.group(1)):
        fields["title"] = clean(role.group(1))
        fields["organization"] = clean(rest[: role.start()])
        return fields
    if not rest.isascii() and (ct := _CJK_TITLE_SUFFIX.search(rest)) and ct.start() >= 2 \
            and _HAN_END.search(rest[: ct.start()]):
        parts = _CJK_PARTS.split(rest[: ct.start()])
        if len(parts) > 1 and not _CJK_ORG_WORD.search(parts[-1]):
            # "腾讯, 分布式数据库研发实习生(青云计划)": the organization, then the whole post
            fields["title"] = parts[-1] + ct.group(1)
            fields["organization"] = clean(", ".join(parts[:-1]))
        else:
            # "…研究センター主任研究員(任期付き)", "国立大学法人 福井大学…部門准教授": in Japanese and Chinese
            # the post is written right after its organization, with no space; a bracketed note
            # after it is no part of either
            fields["title"] = ct.group(1)
            fields["organization"] = clean(" ".join(parts))
        return fields
    head, loc = _strip_location(rest)
    if not head and loc or all(w.lower().strip(",.") in PLACE_WORDS or w.strip(",") in US_STATES for w in rest.split()):
        fields["location"] = loc or rest
        return fields
    title = org = unit = location = None
    m = re.match(r"^(.+?)\s+(?:@|at)\s+(.+)$", rest)
    if not m and not rest.isascii() and (fr := _TITLE_A_ORG.match(rest)) and TITLE_WORDS.search(fr.group(1)) \
            and not ORG_WORDS.search(fr.group(1)) \
            and (fr.group(2)[:1].isupper() or ORG_WORDS.search(fr.group(2)) or _ORG_NOUN_FR.match(fr.group(2))):
        # "Chargé de recherche à Inria.", "Consultant au ministère de …", "Ingenieur bei Lorem GmbH":
        # the French/German "at"; what follows a sentence's stop is a note, not the organization
        rest = f"{fr.group(1)} at {_SENTENCE_END.split(fr.group(2), maxsplit=1)[0]}"
        m = re.match(r"^(.+?)\s+(?:@|at)\s+(.+)$", rest)
    # "…, University of Texas at Austin": the "at" is inside the organization's name, unlike
    # "University Intern at the University of Lorem"
    if m and TITLE_WORDS.search(m.group(1)) and (not INSTITUTION_WORDS.search(m.group(1).split(",")[-1])
                                                 or re.match(r"the\s+\S", m.group(2))):
        title, org_part = m.group(1), re.sub(r"^the\s+(?=[A-Z])", "", m.group(2))
        org, location = _strip_location(org_part)
        if "," in org:
            org, unit = [s.strip() for s in org.split(",", 1)]
    elif (m := re.match(r"^(.+?)\s+[-–—|\u2010\u2011]\s+(.+)$", rest)):
        left, right = m.group(1), m.group(2)
        if TITLE_WORDS.search(right) and not TITLE_WORDS.search(left):
            org = left
            title, _, unit = right.partition(",")
        elif m.group(0)[len(left):].strip().startswith("|") and not TITLE_WORDS.search(left) \
                and len(right.split()) <= 4 and not (ORG_WORDS.search(right) or UNIT_WORDS.search(right)
                                                     or is_known_org_name(right) or _strip_location(right)[1]
                                                     or find_period(right)):
            org, title = left, right      # "Lorem Studio | Distiller": the employer, then the role
        elif TITLE_WORDS.search(left):
            title, org = left, right
        else:
            org, unit = left, right
        if org:
            org, location = _strip_location(org)
    elif " for " in rest and (m := _ROLE_FOR_INSTITUTION.match(rest)) and TITLE_WORDS.search(m.group(1)) \
            and "," not in m.group(1) and not ORG_WORDS.search(m.group(1)) and _A_UNIVERSITY.search(m.group(2)):
        # "Student assistant via Lorem Staffing for Ipsum University of Technology": the role, and
        # the university it was held for ("University of Technology" is one name, not "… of" a field)
        title, (org, location) = m.group(1), _strip_location(m.group(2))
    elif (m := re.match(r"^(.+?)\s+(?:in|of)\s+(?:the\s+)?(.+?)(?:\s+(?:of|at)\s+(.+?))?(?:\s+in\s+(.+))?$", rest)) \
            and TITLE_WORDS.search(m.group(1)) and "," not in m.group(1) \
            and not ("," in rest and INSTITUTION_WORDS.search(rest.rsplit(",", 1)[1])) \
            and not ("," in m.group(2) and any(_A_UNIVERSITY.search(p) for p in rest.split(",")[1:])) \
            and (m.group(3) or ORG_WORDS.search(m.group(2)) or UNIT_WORDS.search(m.group(2))
                 or is_known_org_name(m.group(2)) or not _SUBJECT_ONLY.fullmatch(m.group(2))):
        title = m.group(1)
        a, b, c = m.group(2), m.group(3), m.group(4)
        if b:   # "Assistant in the Network Lab of PKU"
            unit, org = a, b
        else:
            org = a
        if c:   # "Program of HKUST in iSING Lab"
            unit = c
        org, location = _strip_location(org)
    else:
        head, location = _strip_location(rest)
        parts: list[str] = []
        # (a comma inside brackets parts no fields: "Lorem University, Lecturer (History Dept, New College)")
        for p in (_top_level_commas(head) if "(" in head else re.split(r",\s*", head)):
            p = p.strip()
            if parts and re.fullmatch(r"(?:inc|ltd|llc|gmbh|co|corp|plc|s\.?a|s\.?l|s\.?r\.?l|s\.?a\.?s|ag|b\.?v|l\.?p)\.?", p, re.I):
                parts[-1] += ", " + p          # "Galois, Inc." is one name
            elif p:
                parts.append(p)
        if not parts:
            return fields
        if TITLE_WORDS.search(parts[0]) and not (ORG_WORDS.search(parts[0]) and not re.search(
                r"intern|researcher|engineer|scientist|assistant|associate|fellow|analyst|student|scholar|administrator|"
                r"developer|manager|programmer|consultant|specialist|technician|coordinator|officer|director|"
                r"tutor|instructor|lecturer|trainee|apprentice|member$|visitor$|"
                r"ologist|physicist|chemist|economist|statistician|mathematician", parts[0], re.I)):
            title = parts[0]
            # "Assistant Professor, School of Computing, University of Utah": the last part that
            # names an organization is the employer, the others its unit.
            orgs = [i for i, p in enumerate(parts[1:], 1) if ORG_WORDS.search(p) or is_known_org_name(p)
                    # "Lecturer, School of Lorem, UNSW": the university's acronym after its unit
                    or i == len(parts) - 1 and i > 1 and _ACRONYM_ORG.fullmatch(p) and p not in _PLACE_ACRONYMS
                    and p not in US_STATES and _UNIT_OF_ORG.search(parts[i - 1]) and not _initials_of(p, parts[i - 1])]
            if len(parts) > 2 and len(orgs) > 1 and UNIT_WORDS.search(parts[orgs[-1]].split()[0]) \
                    and _A_UNIVERSITY.search(parts[orgs[-2]]) and not UNIT_WORDS.search(parts[orgs[-2]].split()[0]):
                # "Professor of Lorem, Université de Nordval, Department of English": the unit after
                # the university that employs
                orgs = orgs[:-1]
            if len(parts) > 2 and orgs and not UNIT_WORDS.search(parts[orgs[-1]].split()[0]):
                org = parts[orgs[-1]]
                unit = ", ".join(p for i, p in enumerate(parts[1:], 1) if i != orgs[-1]) or None
            elif len(parts) > 1:
                unit = ", ".join(parts[1:])
        elif _POST_WORDS.search(parts[0]) and len(parts) == 1 and len(parts[0].split()) <= 5 \
                and not (ORG_WORDS.search(parts[0]) or is_known_org_name(parts[0])):
            title = parts[0]         # "12 month work placement": a kind of post, not an employer
        elif len(parts) >= 2 and re.fullmatch(r"(?i)(?:vice[- ])?chair(?:man|woman|person)?", parts[0]) \
                and re.match(r"(?i)(?:department|dept\.?|school|faculty|division)\b", parts[1]):
            # "Chair, Department of Mathematics, June 2011 - Present": the head of the department
            # (a post), then the department
            title, unit = parts[0], parts[1]
            if len(parts) > 2:
                org = ", ".join(parts[2:])
        else:
            if len(parts) > 2 and TITLE_WORDS.search(parts[-1]) and not ORG_WORDS.search(parts[-1]) \
                    and not UNIT_WORDS.search(parts[-1]) and (_ORG_PART.match(parts[0]) or ORG_WORDS.search(parts[0])
                                                             and not any(TITLE_WORDS.search(p) for p in parts[1:-1])):
                # "School of Computing, Lorem University, Lecturer", "Lorem University, Science and
                # Technology Studies, Postdoctoral Fellow": the role last
                title = parts.pop()
            org = parts[0]
            second = re.sub(r"\s*\([^()]*\)", "", parts[1]) if len(parts) > 1 else ""   # (words in brackets aside)
            # ("Lorem University, Genetics Graduate Program": a programme of study is a unit, not a role)
            if second and TITLE_WORDS.search(_PROGRAM_END.sub("", second)) \
                    and (not ORG_WORDS.search(second) or _RESEARCH_ROLE.fullmatch(second)) \
                    and not UNIT_WORDS.search(second) and (len(parts) == 2 or ORG_WORDS.search(org)):
                # "Ipsum Analytics, Data Analyst": the employer, then the role ("Lorem University,
                # Visiting Assistant Professor, History Department": and the unit after it)
                title = parts[1]
                if len(parts) > 2:
                    unit = ", ".join(parts[2:])
            elif len(parts) > 1:
                unit = ", ".join(parts[1:])
            # "Berger Lab, MIT Computer Science and AI Laboratory": a group, then its organization.
            if unit and UNIT_WORDS.search(org) and (ORG_WORDS.search(unit) or is_known_org_name(unit)) \
                    and not UNIT_WORDS.search(unit.split()[-1]) or unit and re.match(r"^(?:Department|Dept\.?|School|Faculty|Division)\s+of\b", org) \
                    and ORG_WORDS.search(unit):
                org, unit = unit, org
            elif unit and len(parts) == 2 and unit[:1] != "(" and ";" not in unit and _A_UNIVERSITY.search(unit) \
                    and not _A_UNIVERSITY.search(org) \
                    and not _LEGAL_FORM.search(org) and not is_known_org_name(org) and len(org.split()) <= 8 \
                    and not TITLE_WORDS.search(org) and not _RESEARCH_HOUSE.search(org):
                # "Archives and School of Lorem Studies, Ipsum University", "Forestry, Dolor State
                # University": a part of the university, then the university (a laboratory, institute
                # or centre named first stays the organization: "Roe Laboratory, University of Lorem")
                org, unit = unit, org
            elif unit and _ACRONYM_ORG.fullmatch(unit) and unit not in _PLACE_ACRONYMS and unit not in US_STATES \
                    and _UNIT_OF_ORG.search(org) and not _ACRONYM_ORG.fullmatch(org):
                # "Insect Molecular Biology Lab, JBNU", "Information Technology Office, CQUPT": a unit,
                # then the acronym of the university or company it belongs to
                org, unit = unit, org
    if title and title.endswith(")") and not unit and (div := _TITLE_UNIT.search(title)):
        # "Data Analyst Intern (Autonomous Driving Division)": the unit the post was in, in brackets
        title, unit = title[: div.start()], div.group(1)
    if org and " / " in org and not unit and "(" not in org:    # not "ETIS (Lorem University / CNRS)"
        org, unit = [p.strip() for p in org.split(" / ", 1)]   # "Google / YouTube": company / product unit
    if org and unit and not title and line.text.lstrip()[:2] in ("**", "__") \
            and (lead_bold := _LEAD_BOLD.match(line.text.lstrip())) and clean(strip_markup(lead_bold.group(1))) == clean(org) \
            and len(org.split()) <= 4 and not _ORG_BUT_RESEARCH.search(org) and not is_known_org_name(org) \
            and (_ACRONYM_ORG.fullmatch(unit.split(" (")[0]) or ORG_WORDS.search(unit) or is_known_org_name(unit.split(" (")[0])):
        # "**Mentor**, Lorem Academy Summer Program (2025)", "**Directed Research**, LRMU (Fall 2019)": a
        # bold head that names no organization, then one that does: the role, then where it was held
        title, org, unit = org, unit, None
    if title:
        fields["title"] = clean(title)
    if org:
        fields["organization"] = _without_stop(clean(org))     # "Lorem Hospital. New York, NY.": the stop before the place
    if unit:
        fields["unit"] = clean(unit)
    if location:
        fields["location"] = location
    # A line with neither a title, an organization-like name nor a date is not a header.
    if not (fields.get("title") or fields.get("period") or line.entry_head
            or (fields.get("organization") and (ORG_WORDS.search(fields["organization"]) or is_known_org_name(fields["organization"]) or len(fields["organization"].split()) <= 4))):
        return {}
    return fields


# "Location: Lorem City", "Date: 2019 - 2021", "Role: Analyst": a labelled line under an entry
# (a sub-bullet in Markdown, a bare line in PDF text) gives that entry one of its fields.
_FIELD_LABEL = re.compile(
    r"^(location|place|where|city|address|dates?|when|period|duration|time|role|position|title|"
    r"organi[sz]ation|institution|employer|company|affiliation|topic|project|subject|focus|(?:research\s+)?areas?|"
    r"tasks|duties|responsibilities|"      # "Tasks: Research, teaching, …" under a post: what it involved
    r"group|lab|laboratory|team|department|dept\.?|division|unit)\s*:\s*(\S.*)$", re.I)


def _top_level_commas(text: str) -> list[str]:
    """'Lorem University, Lecturer (History Dept, New College)' → its comma parts outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif ch == "," and not depth:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _labelled_field(cur: dict, text: str) -> bool:
    """Fill the entry's field named by a labelled line; False when it is not one."""
    m = _FIELD_LABEL.match(text)
    if not m:
        return False
    label, value = m.group(1).lower(), m.group(2).strip()
    if label in ("location", "place", "where", "city", "address"):
        if not cur.get("organization") and (ORG_WORDS.search(value) or is_known_org_name(value)):
            for k, v in _position_fields(value, Line(0, value, False)).items():   # "Location: Dept. of X, Y University"
                if v and k != "period" and not cur.get(k):
                    cur[k] = v
        elif not cur.get("location"):
            cur["location"] = clean(value)
        else:
            return False
    elif label in ("date", "dates", "when", "period", "duration", "time"):
        found = find_period(value)
        if not found or cur.get("period"):
            return False
        cur["period"] = found[0]
    elif label in ("role", "position", "title"):
        if cur.get("title"):
            return False
        cur["title"] = clean(value)
    elif label in ("organization", "organisation", "institution", "employer", "company", "affiliation"):
        if cur.get("organization"):
            return False
        cur["organization"] = clean(value)
    elif label in ("group", "lab", "laboratory", "team", "department", "dept", "dept.", "division", "unit"):
        if cur.get("unit"):                # "Group: Lorem Lab (with Dr R. Roe)": the unit
            return False
        cur["unit"] = clean(re.sub(r"\s*\([^()]{0,200}\)\s*$", "", value)) or None
    else:
        _position_details(cur, text)       # "Topic: …", "Project: …": a detail of the entry
    return True


def _position_details(cur: dict, text: str) -> None:
    adv = ADVISOR_RE.search(text)
    if adv:
        for name in _people(adv.group(1)):
            cur.setdefault("mentors", [])
            if name not in cur["mentors"]:
                cur["mentors"].append(name)
    cur.setdefault("description", []).append(text)


def _period_text(start, end, current) -> str | None:
    if not start:
        return None
    return f"{start}–{'present' if current else (end or '')}".rstrip("–")


# "Date of Application: 2021.05.31", "Inventors: A, B", "Status: granted" under a patent
_PATENT_LABELLED = re.compile(r"^\s*(inventors?|status|date(?:\s+of\s+\w+)?|filed|granted|issued|priority\s+date|"
                              r"application\s+(?:no\.?|number|date)|patent\s+(?:no\.?|number))\s*:\s*", re.I)
_PATENT_COUNT = re.compile(r"^\s*(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+(?:more\s+)?"
                           r"(?:\w+\s+)?patents?\b", re.I)


def _lazy_continuations(lines: list[Line]) -> list[Line]:
    """'- A and B.' / 'Title, 2013.' / 'US Patent 9,596,412.': lines under a list item with no
    marker and no blank line before them go on with that item (Markdown's lazy continuation)."""
    out: list[Line] = []
    in_item = False
    for line in lines:
        if out and in_item and not line.bullet and not line.entry_head and not line.gap and line.text.strip():
            prev = out[-1]
            out[-1] = Line(prev.no, prev.text.rstrip() + " " + line.text.strip(), prev.entry_head, prev.bullet, prev.depth, indent=prev.indent)
            continue
        in_item = line.bullet
        out.append(line)
    return out
