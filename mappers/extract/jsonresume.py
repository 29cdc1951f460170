"""JSON Resume (https://jsonresume.org/schema) → CVRecord.

The shape is checked first: invalid JSON (with line/column), a root that is not an object,
no ``basics.name``, or sections of the wrong type raise DocumentError with the reason.
Line numbers of items are found by locating each item's first string value in the source.
"""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from cvgraph.errors import DocumentError
from cvgraph.record import (Award, CVRecord, Education, Patent, Person, Position, Publication, Service, Talk, Teaching)
from mappers.extract.patents import _GOOGLE_PATENT, number_in, patent_number, status_of
from mappers.extract.fields import (DEGREE_RE, clean, find_emails, town_of_address, degree_level, field_of_degree, parse_date, parse_period,
                                    latin_form, publication_status,
                                    split_affiliation, split_authors, strip_honorifics, strip_markup, venue_and_years)
from mappers.extract.publications import named_venue
from mappers.extract.yamlcv import _LIST_SPLIT, arxiv_venue
from mappers.extract.text import ADVISOR_RE, _people, without_honour_mark
from mappers.read import SourceDocument, parse_json

LIST_SECTIONS = ("work", "volunteer", "education", "awards", "certificates", "publications",
                 "skills", "languages", "interests", "references", "projects")
KNOWN_KEYS = {"basics", "meta", "$schema", *LIST_SECTIONS}


class _LineFinder:
    """Finds the 1-based line of a value in the raw JSON, scanning forward per section."""

    def __init__(self, raw: str):
        self.raw = raw
        self.pos = 0

    def section(self, key: str) -> None:
        m = re.search(r'"' + re.escape(key) + r'"\s*:', self.raw)
        self.pos = m.end() if m else 0

    def find(self, item: Any) -> int | None:
        if not isinstance(item, dict):
            values = [item]
        else:
            values = [v for v in item.values() if isinstance(v, str) and v.strip()]
        for v in values[:1]:
            needle = json.dumps(v, ensure_ascii=False)
            i = self.raw.find(needle, self.pos)
            if i < 0:
                needle = json.dumps(v)
                i = self.raw.find(needle, self.pos)
            if i >= 0:
                self.pos = i + len(needle)
                if isinstance(item, dict):
                    brace = self.raw.rfind("{", 0, i)
                    i = brace if brace >= 0 else i
                return self.raw.count("\n", 0, i) + 1
        return None


def _s(value: Any) -> str | None:
    """A string field → cleaned text or None (non-strings and empty strings are None)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    text = clean(value)
    return text or None


_SHORT_YEAR = re.compile(r"['’‘](\d\d)")
_MONTH_SHORT_YEAR = re.compile(r"([A-Za-z]{3,9})\.?[-\s]?['’]?(\d\d)")
_DATE_RE1 = re.compile(r"((?:19|20)\d\d)(?:-(\d\d)(?:-(\d\d))?)?")


def _date(value: Any) -> str | None:
    """JSON Resume dates are ISO 8601 (YYYY, YYYY-MM, YYYY-MM-DD); keep them as given."""
    text = _s(value)
    if not text:
        return None
    m = _DATE_RE1.fullmatch(text)
    if m:
        return text
    m = _SHORT_YEAR.fullmatch(text)
    if m:           # "'16": a date field holding a year of two digits
        yy = int(m.group(1))
        return str((2000 if yy <= (date.today().year % 100) + 5 else 1900) + yy)
    m = _MONTH_SHORT_YEAR.fullmatch(text)
    if m and (month := parse_date(f"{m.group(1)} 2000")):
        # "Jun-25", "Sep '19": a month and a year of two digits (a spreadsheet's form)
        yy = int(m.group(2))
        return f"{(2000 if yy <= (date.today().year % 100) + 5 else 1900) + yy}-{month[5:7]}"
    return parse_period(text)[0] or parse_date(text)      # "expected June 2025" → 2025-06


def load_json(doc: SourceDocument) -> dict:
    raw = doc.raw or doc.text
    data = parse_json(doc.name, raw)[0]
    if not isinstance(data, dict):
        raise DocumentError(doc.name, f"not a JSON Resume: the top level is a JSON {type(data).__name__}, "
                                      "not an object with 'basics'")
    basics = data.get("basics")
    if basics is None:
        if not any(k in data for k in LIST_SECTIONS):
            raise DocumentError(doc.name, "not a JSON Resume: no 'basics' object and none of the "
                                          "JSON Resume sections (work, education, ...)")
        raise DocumentError(doc.name, "JSON Resume has no basics (basics.name is required)")
    if not isinstance(basics, dict):
        raise DocumentError(doc.name, f"JSON Resume basics must be an object, not a {type(basics).__name__}")
    if not isinstance(basics.get("name"), str) or not basics["name"].strip():
        raise DocumentError(doc.name, "JSON Resume has no basics.name")
    for key in LIST_SECTIONS:
        if key in data and data[key] is not None and not isinstance(data[key], list):
            raise DocumentError(doc.name, f"JSON Resume section '{key}' must be a list, "
                                          f"not a {type(data[key]).__name__}")
        for i, item in enumerate(data.get(key) or []):
            if not isinstance(item, dict):
                raise DocumentError(doc.name, f"JSON Resume {key}[{i}] must be an object, "
                                              f"not a {type(item).__name__}")
    return data


# ---------------------------------------------------------------------------------------
# Template content
# ---------------------------------------------------------------------------------------
# The example content of the two samples JSON Resume files start from: the JSON Resume
# schema's sample (jsonresume.org, "Richard Hendriks") and al-folio's assets/json/resume.json
# ("Albert Einstein"). Owners often change the name and keep the rest, or keep the example
# entries next to their own. An entry is the template's when two of its fields equal the
# sample's (an institution alone can be anyone's); the languages only when the whole list is
# the sample's and example entries were there too; a contact when it equals the sample's placeholder; the name only when other
# template values are there too.
def _norm(value: Any) -> str:
    """Case and spacing do not count."""
    return " ".join(value.lower().split()).rstrip("/") if isinstance(value, str) else ""


TEMPLATE_NAMES = {"richard hendriks", "albert einstein"}
TEMPLATE_CONTACTS = {_norm(v) for v in (
    "richard.hendriks@mail.com", "(912) 555-4321", "http://richardhendricks.example.com",
    "albert@einstein.de", "(912) 123-4567", "https://alshedivat.github.io/al-folio/",
    "https://twitter.com/AlbertEinstein", "https://twitter.com/neutralthoughts",
    "https://soundcloud.example.com/dandymusicnl", "2712 Broadway St")}
# section → (first field, second field) → the sample's value pairs
TEMPLATE_ENTRIES: dict[str, tuple[tuple[str, ...], tuple[str, ...], set[tuple[str, str]]]] = {
    "work": (("name", "company"), ("position",), {
        ("Pied Piper", "CEO/President"),
        ("Institute for Advanced Study, Princeton University", "Professor of Theoretical Physics")}),
    "volunteer": (("organization",), ("position",), {
        ("CoderDojo", "Teacher"), ("People's Climate March", "Lead Organizer")}),
    "education": (("institution",), ("area",), {
        ("University of Oklahoma", "Information Technology"),
        ("University of Zurich, Zurich, Switzerland", "Software Development")}),
    "awards": (("title",), ("awarder",), {
        ("Digital Compression Pioneer Award", "Techcrunch"),
        ("Nobel Prize in Physics", "Royal Swedish Academy of Sciences")}),
    "certificates": (("name",), ("issuer",), {
        (n, "Stanford University") for n in ("Machine Learning", "Quantum Computing", "Quantum Information",
                                             "Quantum Cryptography", "Quantum Communication",
                                             "Quantum Teleportation")}),
    "publications": (("name", "title"), ("publisher",), {
        ("Video compression for 3d media", "Hooli"),
        ("Zur Elektrodynamik bewegter Körper", "Annalen der Physik"),
        ("Zur Elektrody/namik bewegter Körper", "Annalen der Physik"),
        ("Über einen die Erzeugung und Verwandlung des Lichtes betreffenden heuristischen Gesichtspunkt",
         "Annalen der Physik"),
        ("Die Grundlage der allgemeinen Relativitätstheorie", "Annalen der Physik")}),
    "skills": (("name",), ("keywords",), {
        ("Web Development", "HTML"), ("Compression", "Mpeg"), ("Physics", "Quantum Mechanics")}),
    "interests": (("name",), ("keywords",), {("Wildlife", "Ferrets"), ("Physics", "Quantum Mechanics")}),
    "projects": (("name",), ("description", "summary"), {
        ("Miss Direction", "A mapping engine that misguides you"),
        ("Quantum Computing", "Quantum computing is the use of quantum-mechanical phenomena such as "
                              "superposition and entanglement to perform computation. Computers that perform "
                              "quantum computations are known as quantum computers.")}),
    "references": (("name",), ("reference",), {
        ("Erlich Bachman", "It is my pleasure to recommend Richard, his performance working as a consultant "
                           "for Main St. Company proved that he will be a valuable addition to any company."),
        ("Professor John Doe", "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Aliquam condimentum, "
                               "diam quis convallis euismod, arcu mi ullamcorper lorem, a vestibulum nunc magna "
                               "at sem. Sed in risus ac felis varius blandit. D")}),
    # only the whole list is the sample's (see _drop_template_content)
    "languages": (("language",), ("fluency",), {
        ("English", "Native speaker"), ("German", "Native speaker"), ("English", "Fluent")}),
}
_TEMPLATE_KEYS = {sec: {(_norm(a), _norm(b)) for a, b in pairs} for sec, (_, _, pairs) in TEMPLATE_ENTRIES.items()}


def _field(item: dict, keys: tuple[str, ...]) -> str:
    for k in keys:
        v = item.get(k)
        if isinstance(v, list):
            v = v[0] if v else None
        if isinstance(v, str) and v.strip():
            return _norm(v)
    return ""


_TEMPLATE_FIRST = {sec: {a for a, _ in keys} for sec, keys in _TEMPLATE_KEYS.items()}


def _is_template_entry(section: str, item: dict) -> bool:
    first, second, _ = TEMPLATE_ENTRIES[section]
    head = _field(item, first)
    return head in _TEMPLATE_FIRST[section] and (head, _field(item, second)) in _TEMPLATE_KEYS[section]


def _drop_template_content(data: dict) -> tuple[dict, str | None]:
    """The data without the samples' example values, and a warning naming what was dropped."""
    dropped: list[str] = []
    out = dict(data)
    for section in TEMPLATE_ENTRIES:
        if section == "languages" or not isinstance(data.get(section), list):
            continue
        kept = [i for i in data[section] if not (isinstance(i, dict) and _is_template_entry(section, i))]
        if len(kept) < len(data[section]):
            dropped.append(f"{len(data[section]) - len(kept)} {section}")
            out[section] = kept
    basics = dict(data["basics"])
    for key in ("email", "phone", "url", "website"):
        if _norm(basics.get(key)) in TEMPLATE_CONTACTS and _norm(basics.get(key)):
            dropped.append(key)
            basics.pop(key)
    loc = basics.get("location")
    if isinstance(loc, dict) and _norm(loc.get("address")) in TEMPLATE_CONTACTS and _norm(loc.get("address")):
        dropped.append("location")
        basics.pop("location")
    profiles = basics.get("profiles")
    if isinstance(profiles, list):
        kept_p = [p for p in profiles if not (isinstance(p, dict) and _norm(p.get("url")) in TEMPLATE_CONTACTS
                                              and _norm(p.get("url")))]
        if len(kept_p) < len(profiles):
            dropped.append("profile")
            basics["profiles"] = kept_p
    langs = data.get("languages")
    entries_dropped = any(d[0].isdigit() for d in dropped)
    if entries_dropped and isinstance(langs, list) and langs and \
            all(isinstance(i, dict) and _is_template_entry("languages", i) for i in langs):
        dropped.append(f"{len(langs)} languages")     # the sample's whole language list
        out["languages"] = []
    if dropped and _norm(basics.get("name")) in TEMPLATE_NAMES:     # (languages alone never count)
        dropped.insert(0, "name")
        basics["name"] = ""
    out["basics"] = basics
    if not dropped:
        return data, None
    return out, ("template example content ignored (values of the JSON Resume or al-folio sample "
                 "resume): " + ", ".join(dropped))


def _person(basics: dict, lines: _LineFinder) -> Person:
    person = Person(name=strip_honorifics(latin_form(clean(basics["name"]))),      # "Dr. Jane Roe", "Jane Roe, PhD"
                    line=lines.find(basics["name"]) if basics["name"] else None)
    email = _s(basics.get("email"))
    if email:
        # "jdoe[at]lorem.edu", "jdoe at lorem dot edu": written so that robots miss it
        # (what reads as no address stays as written, for the check that reports it)
        person.emails.extend(("@" not in email and find_emails(email)) or [email.lower()])
    phone = _s(basics.get("phone"))
    if phone and any(c.isdigit() for c in phone):        # "Upon request" is no number
        person.phones.append(phone)
    # ("personal-website", "homepage", "about", "bio": the names other themes give the URL and the summary)
    named = {re.sub(r"[\s_-]+", "", str(k).lower()): v for k, v in basics.items()}
    url = _s(basics.get("url") or basics.get("website") or named.get("personalwebsite") or named.get("homepage"))
    if url:
        person.homepage = url if re.match(r"https?://", url) else "https://" + url
    _add_profiles(person, basics.get("profiles"))
    for key, value in basics.items():
        # "basics": {"linkedin": "https://linkedin.com/in/jroe", "github": "jroe"}: a profile under
        # a key named for its network instead of in "profiles"
        network = str(key).lower().replace("_", " ").replace("-", " ")
        purl = _profile_url(network, _s(value) or "") if network in PROFILE_URLS else None
        if purl and purl not in person.profiles:
            person.profiles.append(purl)
    loc = basics.get("location")
    if isinstance(loc, dict):
        parts = [_s(loc.get(k)) for k in ("address", "city", "region", "countryCode")]
        if parts[0]:
            # the street ("Wiesingerweg 42"), a room ("D-10, room 7"): where the subject lives is the
            # town, as every other format keeps it
            parts[0] = town_of_address(parts[0].split("\n"))
        parts = [p for i, p in enumerate(parts) if p and p not in parts[:i]     # "London, London"
                 and not ("request" in p.lower() and _ON_REQUEST.fullmatch(p))]  # "Upon request"
        if len(parts) >= 2 and _country_name(parts[-1]) in parts[:-1]:
            parts.pop()                     # "Bogotá, Colombia, CO": the code repeats the region
        person.location = ", ".join(parts) or None
    elif isinstance(loc, str):
        person.location = _s(loc)
    summary = basics.get("summary") or named.get("about") or named.get("bio")
    if isinstance(summary, str) and summary.strip():
        person.summary = strip_markup(summary)
    return person


def _add_profiles(person: Person, profiles: Any) -> None:
    for prof in profiles if isinstance(profiles, list) else []:
        if not isinstance(prof, dict):
            continue
        purl = _s(prof.get("url"))
        if not purl:
            purl = _profile_url(_s(prof.get("network")) or "", _s(prof.get("username")) or "")
        if purl and purl not in person.profiles:
            person.profiles.append(purl)


_ON_REQUEST = re.compile(r"(?:(?:available|provided)\s+)?(?:up)?on\s+request\.?", re.I)


PROFILE_URLS = {
    "github": "https://github.com/{}", "twitter": "https://twitter.com/{}", "x": "https://x.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}", "gitlab": "https://gitlab.com/{}",
    "google scholar": "https://scholar.google.com/citations?user={}",
    "googlescholar": "https://scholar.google.com/citations?user={}",
    "orcid": "https://orcid.org/{}", "dblp": "https://dblp.org/pid/{}",
}


def _country_name(code: str) -> str | None:
    """'CO' → 'Colombia' (ISO 3166 alpha-2), else None."""
    import pycountry

    found = pycountry.countries.get(alpha_2=code.upper()) if re.fullmatch(r"[A-Za-z]{2}", code) else None
    return getattr(found, "common_name", None) or getattr(found, "name", None) if found else None


def _profile_url(network: str, username: str) -> str | None:
    if not network or not username:
        return None
    if username.startswith(("http://", "https://", "www.")) or "/" in username and "." in username.split("/")[0]:
        # the whole address written as the username ("https://www.linkedin.com/in/jane-roe/")
        return username if username.startswith("http") else "https://" + username
    tmpl = PROFILE_URLS.get(network.lower().replace("_", " "))
    return tmpl.format(username) if tmpl else None


def _period(item: dict) -> tuple[str | None, str | None, bool]:
    start = _date(item.get("startDate"))
    end_raw = item.get("endDate")
    end = _date(end_raw)
    current = bool(start) and (end_raw is None or (isinstance(end_raw, str) and (
        not end_raw.strip() or re.fullmatch(r"\s*(present|now|current)\s*", end_raw, re.I) is not None)))
    return start, end, current


# A section kind (yamlcv.section_kind, read from the key's words) → the JSON Resume section
# holding such entries.
# a "publisher" that only says where the work stands ("under submission", "in preparation")
_STATUS_ONLY = re.compile(r"\(?\s*(?:(?:currently\s+)?(?:under|in)\s+(?:submission|review|revision|preparation|press|progress)|"
                          r"submitted|accepted|forthcoming|to appear)\s*\)?\.?", re.I)

_KIND_SECTIONS = {"skills": "skills", "languages": "languages", "interests": "interests",
                  "publications": "publications", "awards": "awards", "positions": "work",
                  "education": "education", "service": "volunteer", "projects": "projects",
                  "references": "references", "patents": "patents", "talks": "talks", "teaching": "teaching"}


def _aliased_sections(data: dict) -> tuple[dict, list[str]]:
    """Sections under names of their own ("Programming Skills", "Language Skills", "Research
    Interests", "Selected Honors"): the key's words say which JSON Resume section it is, and
    its entries join that section. A list of strings is a list of names. Returns the data with
    the entries moved and the keys that say nothing known (reported as ignored)."""
    from mappers.extract.yamlcv import section_kind

    out = dict(data)
    unknown: list[str] = []
    for key, value in data.items():
        if key in KNOWN_KEYS:
            continue
        words = re.sub(r"[_\-]+", " ", str(key)).lower()
        kind = section_kind(words)
        if kind == "skills" and re.search(r"\blanguages?\b", words) and \
                not re.search(r"programming|coding|computer|software|technical", words):
            kind = "languages"                 # "Language Skills": spoken languages
        section = _KIND_SECTIONS.get(kind or "")
        if section == key and isinstance(value, list):
            continue                           # "patents": read as it is (not in the schema)
        if section is None or not isinstance(value, list) or not value:
            unknown.append(key)
            continue
        items = [{"name": v} if isinstance(v, str) else v for v in value]
        if not all(isinstance(v, dict) for v in items):
            unknown.append(key)
            continue
        out[section] = list(out.get(section) or []) + items
    return out, unknown


def extract_jsonresume(doc: SourceDocument) -> CVRecord:
    try:
        data = load_json(doc)
    except DocumentError as not_resume:
        # CV data in a JSON file of its own shape ({"name": …, "contact": {…}, "education":
        # […], "work_experience": […]}): read by the meaning of its keys, as YAML CV data is
        # (JSON is YAML). When that finds no CV either, the JSON Resume reason stands.
        data = parse_json(doc.name, doc.raw or doc.text)[0]
        if not isinstance(data, dict) or "basics" in data:
            raise
        from mappers.extract.yamlcv import extract_cv_data

        try:
            record = extract_cv_data(doc, data, "jsonresume")
        except DocumentError:
            raise not_resume from None
        if not record.person.name and (not (record.education or record.positions)
                                       or any(k in data for k in ("person", "basics", "profile", "personal", "header"))):
            # (a site's data file with degrees or posts and no name, "{experience: […], education:
            # […]}", is the site owner's CV, as the same data in YAML is)
            raise not_resume from None
        record.report.warnings.append("not in JSON Resume's shape (no 'basics'); its keys read by their meaning")
        return record
    data, unknown = _aliased_sections(data)
    data, template_warning = _drop_template_content(data)
    raw = doc.raw or doc.text
    lines = _LineFinder(raw)
    lines.section("basics")
    record = CVRecord(source_name=doc.name, format="jsonresume", person=_person(data["basics"], lines))
    report = record.report
    if not (data["basics"].get("profiles") if isinstance(data["basics"], dict) else None):
        _add_profiles(record.person, data.get("profiles"))     # "profiles" beside "basics", not in it
    for email in [e for e in record.person.emails if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", e)]:
        record.person.emails.remove(email)           # "name.surnameatexampledotorg": no address
        report.skipped.append(f"basics.email {email!r} is not an e-mail address; ignored")
    if template_warning:
        report.warnings.append(template_warning)
        if not record.person.name:
            report.warnings.append("the document never states its subject's name; the subject is left unnamed")
    for key in unknown:
        report.skipped.append(f"unknown top-level key '{key}' ignored")

    lines.section("work")
    for item in data.get("work") or []:
        # (a research post under an "experience" key: {position, institution, facility}, the
        # university under "institution" as in the degrees)
        org = _s(item.get("name") or item.get("company") or item.get("organization") or item.get("institution")
                 or item.get("employer"))
        line = lines.find(item)
        if not org:
            report.skipped.append(f"work entry without name (line {line})")
            continue
        start, end, current = _period(item)
        desc_parts = [strip_markup(item["summary"])] if _s(item.get("summary")) else []
        desc_parts += [strip_markup(h) for h in item.get("highlights") or [] if isinstance(h, str) and h.strip()]
        if not desc_parts:
            # "description": "…" or a list of lines, in place of summary and highlights
            described = item.get("description")
            desc_parts = [strip_markup(h) for h in (described if isinstance(described, list) else [described])
                          if isinstance(h, str) and h.strip()]
        # "Department of X, University Y, City, Country": the employer, its unit and the place
        org, unit, place = split_affiliation(org)
        facility = _s(item.get("facility") or item.get("department") or item.get("lab"))
        unit_mentors: list[str] = []
        if facility and not unit and len(facility) <= 300:
            # "facility": "Lorem Lab, Advised by Prof. Jane Roe": the unit, and its mentor after it
            if (by := _UNIT_MENTOR.search(facility)):
                unit_mentors = _people(by.group(1))
                facility = facility[:by.start()].strip()
            unit = facility or None
        # "Supervised by Prof. A. Roe" in the summary or a highlight: the position's mentor
        # (not "Mentored Jane Roe", "Working with Spark": the words must say who supervised)
        mentors = [n for d in desc_parts if (adv := ADVISOR_RE.search(d)) and _SUPERVISED_BY.search(adv.group(0))
                   for n in _people(adv.group(1))]
        if not mentors:
            # "Mentored by Dr. Jane Roe, focused on …": the name up to the comma (the general
            # pattern stops only at a full stop, and takes "Dr" alone)
            mentors = [n for d in desc_parts if (by := _MENTORED_BY.search(d)) for n in _people(by.group(1))]
        if not mentors:
            # "summary": "Host: Jane Roe; Peers: …" (an internship's or a visit's host): the mentor
            mentors = [n for d in desc_parts if (host := _HOST_LABEL.match(d)) for n in _people(host.group(1))]
        mentors = unit_mentors + mentors
        record.positions.append(Position(
            organization=org, title=_s(item.get("position")), location=_s(item.get("location")) or place,
            unit=unit, start=start, end=None if current else end, current=current,
            description="\n".join(desc_parts) or None, line=line, mentors=list(dict.fromkeys(mentors))))

    lines.section("volunteer")
    for item in data.get("volunteer") or []:
        role = _s(item.get("position") or item.get("role"))
        org = _s(item.get("organization"))
        line = lines.find(item)
        venues = item.get("venues")
        if role and not org and isinstance(venues, list) and venues:
            # {"role": "Reviewer", "venues": [{"name": "Lorem Conference", "years": "2024–Present"}, …]}: one
            # role per venue, each with its years
            for v in venues:
                name = _s(v.get("name") or v.get("venue")) if isinstance(v, dict) else _s(v)
                if name:
                    years = _s(v.get("years") or v.get("year") or v.get("date")) if isinstance(v, dict) else None
                    record.service.append(Service(role=role, organization=name, period=years, line=line))
            continue
        if not role and not org:
            continue
        start, end, current = _period(item)
        if not (start or end) and _date(item.get("date")):
            start = _date(item.get("date"))          # one "date" instead of startDate/endDate
        highlights = [_s(h) for h in item.get("highlights") or [] if _s(h)]
        if not org and highlights:
            # {"position": "Reviewer", "highlights": ["IROS 2019, 2020", "ICRA 2021"]}: one role per venue
            for h in highlights:
                venue, years = venue_and_years(h)
                venue = venue or h
                record.service.append(Service(role=role or "Volunteer", organization=venue,
                                              period=", ".join(years) or None, line=line))
            continue
        record.service.append(Service(role=role or "Volunteer", organization=org,
                                      period=_period_text(start, end, current), line=line))

    lines.section("education")
    for item in data.get("education") or []:
        inst = _s(item.get("institution"))
        line = lines.find(item)
        if not inst:
            report.skipped.append(f"education entry without institution (line {line})")
            continue
        start, end, current = _period(item)
        study = _s(item.get("studyType"))
        if study and _INTERNSHIP.fullmatch(study):
            # "studyType": "Internship" among the degrees: a stay as an intern, a post and no degree
            org, unit, place = split_affiliation(inst)
            record.positions.append(Position(
                organization=org, unit=unit, title=re.sub(r"(?i)\binternship\b", "Intern", study).strip(),
                location=_s(item.get("location")) or place, start=start, end=None if current else end,
                current=current, line=line))
            continue
        inst, _unit, place = split_affiliation(inst)      # a degree's department is not recorded
        area, en_route = _s(item.get("area")), None
        if area and (bracket := _EN_ROUTE.search(area)) and DEGREE_RE.match(bracket.group(1)) \
                and degree_level(bracket.group(1)) not in ("other", degree_level(area)):
            # "area": "PhD in Lorem, (M.S. 2024)": a degree earned on the way, with its year
            area, en_route = area[:bracket.start()].strip(" ,") or None, (bracket.group(1).strip(), bracket.group(2))
        degree, field = degree_and_field(study, area)
        degree, honour = without_honour_mark(degree) if degree else (degree, None)    # "BEng (Hons)"
        if not current and _EXPECTED.search(" ".join(str(item.get(k) or "") for k in ("endDate", "studyType", "area"))):
            current = True                 # "endDate": "expected 2025": studies still going on
        edu = Education(
            institution=inst, degree=degree, level=degree_level(degree or ""),
            field=field, start=start, end=end, current=current, line=line,
            location=_s(item.get("location")) or place)
        _education_extras(item, edu)
        if honour and honour not in edu.honours:
            edu.honours.append(honour)
        record.education.append(edu)
        if en_route:
            record.education.append(Education(institution=inst, degree=en_route[0], level=degree_level(en_route[0]),
                                              field=field, end=en_route[1], line=line, location=edu.location))
        courses = [c for c in item.get("courses") or [] if not (_LABELLED_THESIS.match(_s(c) or "")
                                                                 or _LABELLED_ADVISOR.match(_s(c) or ""))] \
            if isinstance(item.get("courses"), list) else item.get("courses")
        if courses:
            report.skipped.append(f"education courses at {inst} ignored")

    lines.section("awards")
    for item in data.get("awards") or []:
        title = _s(item.get("title"))
        line = lines.find(item)
        if not title:
            continue
        awarder = _s(item.get("awarder"))
        name = f"{title}, {awarder}" if awarder and awarder.lower() not in title.lower() else title
        record.awards.append(Award(name=name, year=(_date(item.get("date")) or "")[:4] or None, line=line))

    lines.section("certificates")
    for item in data.get("certificates") or []:
        name = _s(item.get("name"))
        line = lines.find(item)
        if name:
            issuer = _s(item.get("issuer"))
            record.awards.append(Award(name=f"{name}, {issuer}" if issuer else name,
                                       year=(_date(item.get("date")) or "")[:4] or None, line=line))

    lines.section("publications")
    for item in data.get("publications") or []:
        title = _s(item.get("name") or item.get("title"))
        line = lines.find(item)
        if not title:
            continue
        # "publisher" is the schema's; "journal"/"venue"/"conference" are often added instead
        venue = _s(item.get("publisher")) or _s(item.get("journal") or item.get("venue") or item.get("conference")
                                                or item.get("booktitle"))
        if venue and _PATENT_WORD.search(venue) and number_in(venue):
            # "publisher": "US Patent 9,876,543": a patent listed among the publications
            record.patents.append(_patent(item, record.person.name, line))
            continue
        status_only = venue is not None and _STATUS_ONLY.fullmatch(venue) is not None
        date = _date(item.get("releaseDate") or item.get("date") or item.get("year"))
        url = _s(item.get("url"))
        arxiv_id = None
        if venue and "rxiv" in venue.lower():
            venue, arxiv_id = arxiv_venue(venue, [])     # "arXiv preprint arXiv:2301.00001": "arXiv", the id apart
        named, acronym = (None, None) if status_only else named_venue(venue)
        if not date and venue and (yr := re.search(r"(?<![\d/.-])((?:19|20)\d\d)(?![\d/.-])", venue)):
            date = yr.group(1)              # "venue": "LoremConf 2025 (CORE A)": no date key, the venue's year
        pub = Publication(title=title, venue=named, venue_acronym=acronym,
                          year=date[:4] if date else None, urls=[url] if url else [], line=line)
        # not in the schema, but often added: "authors": ["A. Roe", "B. Poe"] or "A. Roe, B. Poe"
        who = item.get("authors") or item.get("author")
        # [{"name": "A. Roe", "orcid": …}]: an author object gives its name
        who = ", ".join(_s(a.get("name") or a.get("fullName") or " ".join(
            x for x in (_s(a.get("given")), _s(a.get("family"))) if x)) if isinstance(a, dict) else _s(a) or ""
            for a in who) if isinstance(who, list) else _s(who)
        parsed = split_authors(who, record.person.name or None) if who else None
        if not parsed and not who and (summary := _s(item.get("summary"))) and len(summary) < 600 \
                and (listed := split_authors(summary.rstrip(" ."), record.person.name or None)) \
                and any(a.is_subject for a in listed[0]):
            parsed = listed      # "summary": "L. Roe, M. Poe, K. Doe": the authors, the subject among them
        if parsed:
            pub.authors, pub.et_al = parsed
        # "releaseDate": "under review" is where JSON Resume files put an unpublished status.
        status_text = " ".join(x for x in (venue, _s(item.get("releaseDate")), _s(item.get("status"))) if x)
        pub.status = publication_status(status_text) or (
            "preprint" if status_only and "progress" in venue.lower() else "published")   # "In Progress": work not yet out
        text = " ".join(x for x in (url or "", venue or "") if x)
        # arxiv.org/abs/ID, arXiv:ID, and arXiv's DOI 10.48550/arXiv.ID
        m = re.search(r"arxiv(?:\.org/(?:abs|pdf)/|:|\.)\s*(\d{4}\.\d{4,5})", text, re.I)
        if m:
            pub.arxiv = m.group(1)
        pub.arxiv = pub.arxiv or arxiv_id
        m = re.search(r"(?:doi\.org/|doi:\s*)(10\.\d{4,9}/\S+)", text, re.I)
        if m:
            pub.doi = m.group(1)
        doi = re.search(r"10\.\d{4,9}/\S+", _s(item.get("doi")) or "")
        if doi:
            pub.doi = doi.group(0)        # a "doi" key, not in the schema but often added
        record.publications.append(pub)

    lines.section("patents")
    for item in data.get("patents") or []:
        if isinstance(item, dict) and _s(item.get("name") or item.get("title")):
            record.patents.append(_patent(item, record.person.name, lines.find(item)))

    for item in data.get("skills") or []:
        # a keyword may be a list itself ("HTML5, HTML", "pip, npm, bower"): one skill each,
        # split outside parentheses as YAML skill lists are
        keywords = [x for k in item.get("keywords") or [] if _s(k)
                    for x in (_LIST_SPLIT.split(_s(k)) if "," in _s(k) or ";" in _s(k) else [_s(k)])]
        keywords = [k for k in keywords if k]
        for skill in keywords or [_s(item.get("name"))]:
            if skill and skill not in record.skills:
                record.skills.append(skill)

    for item in data.get("languages") or []:
        lang = _s(item.get("language") or item.get("name"))
        if lang and lang not in record.languages:
            record.languages.append(lang)

    for item in data.get("interests") or []:
        name = _s(item.get("name"))
        if name:
            record.person.interests.append(name)
        for k in item.get("keywords") or []:
            if _s(k) and _s(k) not in record.person.interests:
                record.person.interests.append(_s(k))

    lines.section("teaching")
    for item in data.get("teaching") or []:
        # not in the schema: "teaching": [{"course", "institution", "role", "startDate"|"term"}]
        if not isinstance(item, dict):
            continue
        course = _s(item.get("course") or item.get("name") or item.get("title"))
        if course:
            start, end, current = _period(item)
            term = _s(item.get("term") or item.get("semester") or item.get("date")) or _period_text(start, end, current)
            record.teaching.append(Teaching(course=course, institution=_s(item.get("institution") or item.get("school")),
                                            term=term, role=_s(item.get("role") or item.get("position")),
                                            line=lines.find(item)))

    lines.section("talks")
    for item in data.get("talks") or []:
        # not in the schema: "talks"/"presentations": [{"title", "event", "location", "date"}]; a
        # talk listed by its event alone ({"event": "Lorem Conference 2023"}) is named by the event
        if not isinstance(item, dict):
            continue
        title = _s(item.get("title") or item.get("name"))
        host = _s(item.get("event") or item.get("conference") or item.get("venue") or item.get("host"))
        when = _date(item.get("date") or item.get("releaseDate") or item.get("year"))
        if not when and host and (yr := re.search(r"\b(?:19|20)\d\d\b", host)):
            when = yr.group(0)
        if title or host:
            record.talks.append(Talk(title=title or host, host=host if title else None, date=when,
                                     line=lines.find(item)))

    if data.get("references"):
        report.skipped.append(f"{len(data['references'])} reference(s) ignored")
    if data.get("projects"):
        names = ", ".join(_s(p.get("name")) or "?" for p in data["projects"])
        report.skipped.append(f"{len(data['projects'])} project(s) skipped (no project type in the graph): {names}")
    if record.person.summary and not record.service:
        # the service posts the summary states ("… and Co-President of the Lorem Association", "She
        # has served as area chair of A, B and C"), when no volunteer list gives any
        from mappers.extract.text import bio_service

        record.service += bio_service(record.person.summary, record.person.name)
    return record


# a degree not conferred yet: "expected June 2025", "2025 (exp.)", "anticipated 2026"
_EXPECTED = re.compile(r"\b(?:expected|anticipated|exp\.|projected|(?:to\s+be\s+)?completed\s+by)(?!\w)", re.I)


_LEVEL_WORD = re.compile(r"\b(?:graduate|postgraduate|undergraduate|doctoral|doctorate|masters?|bachelors?|"
                         r"diploma|degree|certificate)\b", re.I)


_PATENT_WORD = re.compile(r"\bpatent", re.I)


def _patent(item: dict, subject: str | None, line: int | None) -> Patent:
    """A patent entry (not in JSON Resume's schema, often added as "patents", or a publication
    whose publisher is a patent office or number): its number from a number field, the other
    fields' text or a Google Patents link; inventors from a list or a string."""
    title = _s(item.get("name") or item.get("title")) or ""
    number = _s(item.get("number") or item.get("patentNumber") or item.get("patent_number")
                or item.get("applicationNumber"))
    texts = [t for k, v in item.items() if k not in ("name", "title") and (t := _s(v)) and isinstance(v, str)]
    if not number:
        for text in texts:
            found, link = number_in(text), _GOOGLE_PATENT.search(text)
            if found or link:
                number = patent_number(found[0]) if found else link.group(1)
                break
    who = item.get("inventors") or item.get("authors") or item.get("author")
    who = ", ".join(_s(a) or "" for a in who) if isinstance(who, list) else _s(who)
    parsed = split_authors(who, subject or None) if who else None
    date = _date(item.get("date") or item.get("grantDate") or item.get("filingDate") or item.get("releaseDate"))
    status = _s(item.get("status"))
    status = status.lower() if status else next((st for t in texts if (st := status_of(t))), None)
    return Patent(title=title, number=number, inventors=[a.name for a in parsed[0]] if parsed else [],
                  date=date, status=status, line=line)


_EN_ROUTE = re.compile(r",?\s*\(\s?([A-Z][A-Za-z.]{0,8}(?:\s[A-Z][A-Za-z.]{0,8}){0,2})\s((?:19|20)\d\d)\s?\)$")


def degree_and_field(study: str | None, area: str | None) -> tuple[str | None, str | None]:
    """JSON Resume's studyType (the degree) and area (the field), as people fill them in:
    the degree's whole name in area ("area": "PhD in Physics", no studyType) or the two
    swapped ("studyType": "Physics", "area": "Ph.D.") are read for what they say."""
    def names_degree(text: str | None) -> bool:
        return bool(text) and (DEGREE_RE.match(text) is not None or degree_level(text) != "other"
                               and re.match(r"(?:doctor|master|bachelor|diplom|licen)", text, re.I) is not None)

    if area and names_degree(area) and not names_degree(study):
        if study and degree_level(study) == "other" and not _LEVEL_WORD.search(study):
            return area, study                  # swapped: studyType names the field
        # the degree's whole name in area; studyType empty or a level ("Graduate (Ph.D.)")
        return area, field_of_degree(area)
    if area and study and names_degree(area) and names_degree(study) and len(study.split()) == 1 \
            and degree_level(area) == degree_level(study) != "other" and len(area) > len(study) \
            and (field := field_of_degree(area)):
        # "studyType": "Master", "area": "Master of Science in Hydrology": the degree's whole name
        # in area, its field after "in"
        return area, field
    if study and area and _BARE_LEVEL.fullmatch(study.strip()) and "(" in area:
        # "studyType": "Undergraduate", "area": "Physics (B.S.), Mathematics (B.S.), Classics (Minor)":
        # the degree is the one in brackets after each field of study
        pairs = [(f.strip(), d.strip()) for f, d in _FIELD_DEGREE.findall(area) if DEGREE_RE.match(d.strip())]
        if pairs:
            degree = pairs[0][1]
            return degree, ", ".join(f for f, d in pairs if d == degree)
    if area and study and _MINOR.match(area) and (major := field_of_degree(study)):
        return study, major             # "studyType": "BSc in Lorem", "area": "Minor in Ipsum": the major
    return study, area or field_of_degree(study)


_INTERNSHIP = re.compile(r"(?:(?:research|summer|visiting|industry|industrial)\s+)?intern(?:ship)?(?:\s+student)?", re.I)
_MINOR = re.compile(r"minors?\b(?:\s+in\b)?|minor\s*:", re.I)
# a level word alone, no degree named: "Undergraduate", "Graduate"
_BARE_LEVEL = re.compile(r"(?:under|post)?graduate(?:\s+studies)?", re.I)
# "Physics (B.S.)": a field of study and its degree in brackets
_FIELD_DEGREE = re.compile(r"([A-Z][^,;()]{1,60}?)\s*\(([^()]{1,20})\)")


_EDUCATION_KEYS = {"institution", "url", "area", "studyType", "startDate", "endDate", "score", "courses", "location"}
_MENTORED_BY = re.compile(r"\b(?:supervised|advised|mentored|hosted)\s+by\s+((?:(?:prof(?:essor)?|dr)\.?\s+)?"
                          r"[A-Z][\w'’-]*\.?(?:\s+[A-Z][\w'’-]*\.?){0,3})(?=\s*[,;(]|\s+(?:on|in|at|and|for)\b)", re.I)
# ", Advised by Prof. Jane Roe" closing a unit's name
_UNIT_MENTOR = re.compile(r"[,;(]\s*(?:co-?)?(?:mentored|advised|supervised|hosted)\s+by\s+([^()]{2,150}?)\)?\.?\s*$", re.I)
_HOST_LABEL = re.compile(r"\s*Hosts?\s*:\s*([^;.\n]{3,200})")
_SUPERVISED_BY = re.compile(r"(?:supervis|advis|mentor|host)\w*\s+by\b|\bunder\b|(?:supervisor|advisor|mentor|host)s?\s*:", re.I)
_ADVISOR_KEY = re.compile(r"(?:co-?)?(?:advis[oe]rs?|supervisors?|promoters?)\d*$")
_THESIS_KEY = re.compile(r"(?:thesis|dissertation)(?:[ _]?title)?$")
_HONOURS_KEY = re.compile(r"(?:honou?rs?|distinctions?|awards?)$")
_HONOUR_TEXT = re.compile(r"honou?rs?|cum laude|distinction|award|scholarship|prize|medal", re.I)


def _education_extras(item: dict, edu: Education) -> None:
    """Fields people add to a JSON Resume degree: advisor(s)/supervisor (also "advisor2"),
    thesis/dissertation, honors."""
    for key, value in item.items():
        if key in _EDUCATION_KEYS:
            continue
        k = str(key).lower()
        kind = "advisors" if _ADVISOR_KEY.match(k) else "thesis" if _THESIS_KEY.match(k) else \
            "honours" if _HONOURS_KEY.match(k) else None
        if kind is None:
            continue
        texts = [_s(v) for v in (value if isinstance(value, list) else [value])]
        texts = [t for t in texts if t]
        if kind == "advisors":
            from mappers.extract.yamlcv import names_in

            for t in texts:
                for n in names_in(re.sub(r"\s*\([^)]*\)", "", t)):
                    if n and n not in edu.advisors:
                        edu.advisors.append(n)
        elif kind == "thesis" and texts and not edu.thesis:
            edu.thesis = texts[0]
        elif kind == "honours":
            edu.honours += [t for t in texts if _HONOUR_TEXT.search(t) and t not in edu.honours]
    # "courses": ["Dissertation: …", "Advisor: …"]: labelled lines in the lists, not courses
    for line in (_s(x) for k in ("courses", "highlights") for x in (item.get(k) if isinstance(item.get(k), list) else [])):
        m = _LABELLED_THESIS.match(line or "")
        if m and not edu.thesis:
            edu.thesis = m.group(1).strip()
        m = _LABELLED_ADVISOR.match(line or "")
        if m:
            from mappers.extract.yamlcv import names_in

            edu.advisors += [n for n in names_in(m.group(1)) if n and n not in edu.advisors]


_LABELLED_THESIS = re.compile(r"(?:(?:ph\.?d\.?|master'?s|doctoral|bachelor'?s|senior)\s+)?(?:thesis|dissertation)"
                              r"(?:\s+title)?\s*:\s*(\S.{0,300})$", re.I)
_LABELLED_ADVISOR = re.compile(r"(?:co-?)?(?:advis[eo]rs?|supervisors?)\s*:\s*(\S.{0,200})$", re.I)


def _period_text(start: str | None, end: str | None, current: bool) -> str | None:
    if not start and not end:
        return None
    if current:
        return f"{start}–present"
    if start and end and start[:4] == end[:4]:
        return start[:4]
    if start and end:
        return f"{start}–{end}"
    return start or end
