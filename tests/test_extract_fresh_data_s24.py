"""Rules found in session 24 by reading a fresh batch of real CV data files and plain-text CVs
(JSON Resume, `_data/cv.yml`, `data/cv.yaml`, `cv.yaml`, `files/cv.txt`), counting each error's
general cause over the batch and fixing the causes seen in three or more CVs. Each test is an
invented CV in the shape that showed the problem; names, places, venues and addresses are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _yaml(text: str, name: str = "cv.yaml"):
    return _doc(text, name, "yaml")


# a site's CV data as a list of {title, icon, subsections} blocks, each entry {name, subheader,
# dates}, the person under header: (the whole file was refused: "not a YAML CV")
_SUBSECTIONS_CV = """
    color:
        primaryColor: "#336699"
    header:
        name: Tamsin Ferrowby
        title: PhD Candidate
        contact:
            - address: mailto:tamsin@ferrowby.example.org
              text: tamsin@ferrowby.example.org
    sections:
        - title: Education
          icon: fa-solid fa-school
          subsections:
              - name: PhD in Topology
                subheader: University of Loremvale
                dates: Fall 2021 - Present
              - name: Bachelor of Science in Physics
                subheader: Ipsum Polytechnic
                dates: Fall 2014 - Spring 2018
        - title: Experience
          icon: fa-solid fa-briefcase
          subsections:
              - name: Graduate Teaching Assistant
                subheader: "[University of Loremvale](https://loremvale.example.edu)"
                dates: "Fall 2021, Spring 2022"
              - name: Software Engineer
                subheader: Dolorware Inc.
                dates: "Jan 2018 - Dec 2020"
"""


def test_sections_with_subsections_and_subheaders():
    r = _yaml(_SUBSECTIONS_CV)
    assert r.person.name == "Tamsin Ferrowby"
    assert [(e.degree, e.institution, e.field) for e in r.education] == [
        ("PhD in Topology", "University of Loremvale", "Topology"),
        ("Bachelor of Science in Physics", "Ipsum Polytechnic", "Physics")]
    assert r.education[0].current and r.education[0].start == "2021"
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Graduate Teaching Assistant", "University of Loremvale"), ("Software Engineer", "Dolorware Inc.")]
    assert (r.positions[1].start, r.positions[1].end) == ("2018-01", "2020-12")


# a Jekyll site's data/cv.yaml: each section a {enabled, list} block; the schools keyed by ids,
# each entry {name: organization, role: post or degree, date}
_SWITCHED_BLOCKS_CV = """
    experience:
        enabled: true
        list:
            -
                name: Quillon Analytics
                date: June 2023 -- December 2023
                role: Applied Science Internship
                location: Lorem City, Ipsumland
            -
                name: Dolor Research Lab
                date: November 2020 -- March 2023
                role: ML Researcher
    education:
        enabled: true
        list:
            master:
                name: Institute of Sit Amet Studies
                role: Master's degree, Computer Science
                date: Sep 2018 -- May 2020
            undergrad:
                name: Consectetur State University
                role: Bachelor's degree, Mathematics
                date: Sep 2014 -- May 2018
    awards:
        enabled: false
        list:
            - "**Adipiscing Scholarship**, 2019, Lorem City"
            - "**Elit Olympiad**, *Bronze medal*, 2013"
    languages:
        enabled: true
        list:
            - flag: /lo.svg
              name: Loremish
            - flag: /ip.svg
              name: Ipsumese
"""


def test_switched_blocks_with_lists_of_entries():
    r = _yaml(_SWITCHED_BLOCKS_CV)
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Quillon Analytics", "Applied Science Internship", "2023-06", "2023-12"),
        ("Dolor Research Lab", "ML Researcher", "2020-11", "2023-03")]
    assert [(e.institution, e.degree, e.field, e.end) for e in r.education] == [
        ("Institute of Sit Amet Studies", "Master's degree, Computer Science", "Computer Science", "2020-05"),
        ("Consectetur State University", "Bachelor's degree, Mathematics", "Mathematics", "2018-05")]
    assert [a.year for a in r.awards] == ["2019", "2013"]
    assert r.awards[0].name.startswith("Adipiscing Scholarship")
    assert r.languages == ["Loremish", "Ipsumese"]


# spoken languages written with their level in the string itself: a list of strings, a list of
# {flag, name} maps, and a "Languages" group of a skills list
_LEVELLED_LANGUAGES = """
    name: Ysolde Marrant
    education:
      - degree: MSc in Geodesy
        institution: University of Loremvale
        year: 2019
    languages:
      - "Loremish: Native"
      - "Ipsumese: Full Professional Proficiency (Near-Native)"
      - "Dolorian: Conversational (B2; C1 planned)"
"""

_LEVELLED_LANGUAGE_MAPS = """
    name: Ysolde Marrant
    education:
      - degree: MSc in Geodesy
        institution: University of Loremvale
        year: 2019
    languages:
      - flag: /lo.svg
        name: Loremish (A2)
      - flag: /ip.svg
        name: Ipsumese (Intermediate / level N2)
"""


def test_languages_lose_their_levels():
    assert _yaml(_LEVELLED_LANGUAGES).languages == ["Loremish", "Ipsumese", "Dolorian"]
    assert _yaml(_LEVELLED_LANGUAGE_MAPS).languages == ["Loremish", "Ipsumese"]


# the supervisor of a post named in the post's own fields: after the organization (", Prof. X",
# "(Advisor: Prof. X, Prof. Y)"), in bamos/cv's inline_detail ("supervised by X on Y", a linked
# "Prof. X"), and in a JSON Resume summary ("Mentored by Dr. X, focused on …")
_MENTORS_CV = """
    - title: Research Experience
      type: time_table
      contents:
        - title: Sediment transport in braided rivers
          institution: Lorem Institute for Hydrology, Prof. Alma Quenby
          year: 2021 - 2023
        - title: Undergraduate Researcher
          institution: "Ipsum Vision Lab (Advisor: Prof. Bertil Sandow, Dr. Corra Vink)"
          year: 2019 - 2020
"""

_INLINE_DETAIL_CV = """
    name:
      first: Ivo
      last: Tamberg
    education:
      - school: University of Loremvale
        degree: M.Sc. in Geodesy
        dates: 2018 -- 2020
    current_position:
      - place: Dolor Institute
        title: Ph.D. Student
        dates: 2021 -- Present
        inline_detail: "supervised by \\\\href{https://dolor.example.org/roe}{Hedda Roe} on satellite gravimetry"
    positions:
      - place: Sit Amet Labs
        title: Research Intern
        dates: 2020 -- 2021
        inline_detail: "with \\\\href{https://example.org/poe}{Prof. Jasper Poe} on orbit determination"
"""

_MENTORED_RESUME = """
    {"basics": {"name": "Odile Varga"},
     "work": [{"name": "Lorem Polytechnic", "position": "Graduate Research Assistant",
               "startDate": "2021-09",
               "summary": "Mentored by Dr. Rafe Okonjo, focused on low-power sensor networks for field stations."}]}
"""


def test_mentors_named_in_the_post():
    r = _yaml(_MENTORS_CV)
    assert [(p.organization, p.location, p.mentors) for p in r.positions] == [
        ("Lorem Institute for Hydrology", None, ["Alma Quenby"]),
        ("Ipsum Vision Lab", None, ["Bertil Sandow", "Corra Vink"])]
    r = _yaml(_INLINE_DETAIL_CV)
    assert [(p.organization, p.mentors) for p in r.positions] == [
        ("Dolor Institute", ["Hedda Roe"]), ("Sit Amet Labs", ["Jasper Poe"])]
    r = _doc(_MENTORED_RESUME, "resume.json", "jsonresume")
    assert r.positions[0].mentors == ["Rafe Okonjo"]


def test_a_post_at_an_organization_with_no_person_named():
    # "…, Professor of X" is no supervisor: the organization is left as it was read
    r = _yaml("""
        - title: Experience
          type: time_table
          contents:
            - title: Visiting Researcher
              institution: University of Loremvale, Professor of Hydrology
              year: 2020 - 2021
    """)
    assert r.positions[0].mentors == []
    assert r.positions[0].organization.startswith("University of Loremvale")


# a venue that keeps what its year or status was written with: a status as the venue's label
# ("Submitted: LOREM'25", "In Progress"), a joined acronym with its year in brackets
# ("(ABC-DEFG 2024)"), a year in brackets before a note ("*bioRxiv* (2025). Accepted for …")
_LABELLED_VENUES = """
    {"basics": {"name": "Petra Holloway"},
     "publications": [
       {"name": "Caching Widgets at the Edge", "publisher": "Submitted: USENIX LOREM'25", "releaseDate": "2025-07-31"},
       {"name": "Adaptive Gadget Scheduling", "publisher": "Published: ACM IPSUM'24", "releaseDate": "2024-04-22"},
       {"name": "Incentives for Sharing Sprockets", "publisher": "In Progress", "releaseDate": "2022-07-09"},
       {"name": "Estimating Lorem Levels",
        "publisher": "Joint Conference on Dolor Studies and Sit Amet Evaluation (DOLOR-SIT 2024)",
        "releaseDate": "2024-05"}]}
"""

_NOTE_AFTER_YEAR = """
    name: Petra Holloway
    education:
      - degree: PhD in Widgetry
        institution: University of Loremvale
        year: 2020
    publications:
      - citation: "Holloway, P. (first author), et al. **\\"Counting widgets in the wild.\\"** *bioRxiv* (2025). Accepted for publication in *Journal of Lorem*."
"""


def test_venue_labels_and_brackets():
    r = _doc(_LABELLED_VENUES, "resume.json", "jsonresume")
    assert [(p.venue, p.status) for p in r.publications] == [
        ("USENIX LOREM", "in submission"), ("ACM IPSUM", "published"), (None, "preprint"),
        ("Joint Conference on Dolor Studies and Sit Amet Evaluation (DOLOR-SIT)", "published")]
    r = _yaml(_NOTE_AFTER_YEAR)
    assert [(p.venue, p.year) for p in r.publications] == [("bioRxiv", "2025")]


# thesis notes of a degree written as a labelled line: "Master's Thesis: …", "Working thesis title:
# '<i>…</i>'", "Thesis: *Title*. Built …" under an intro: key, "Dissertation: Title. Committee: …",
# "Thesis: Title. Advisors: A and B."
_THESIS_NOTES_CV = """
    - title: Education
      type: time_table
      contents:
        - title: PhD in Glaciology
          institution: University of Loremvale
          year: 2022 - 2026
          description:
            - "Working thesis title: '<i>The Role of Lorem Ice in Ipsum Currents'</i>"
        - title: Master of Technology (Geodesy)
          institution: Dolor Institute of Technology
          year: 2020 - 2022
          description:
            - "Master’s Thesis: Sparse Autoencoders for Lorem Imagery."
            - Developed models for spectral data.
"""

_THESIS_INTRO_CV = """
    education:
      - degree: "MSc in Data Engineering"
        org: "Ipsum University of Applied Sciences"
        dates: "2019 – 2021"
        intro: "Thesis: *Entity Recognition on Lorem Texts*. Built a hybrid pipeline with a rule engine and a language model."
      - degree: "Ph.D., Cognitive Sciences"
        org: "University of Loremvale"
        when: "2014 – 2019"
        note: "Dissertation: Timing and the dolor response. Committee: Hale Verrin (Chair), Ottilie Marsh."
      - degree: "M.S., Biomedical Engineering"
        org: "Sit Amet University"
        when: "2011 – 2014"
        note: "Thesis: Optical monitoring of lorem tissue. Advisors: Casimir Wend and Rhea Oltmann."
"""


def test_thesis_notes():
    r = _yaml(_THESIS_NOTES_CV)
    assert [e.thesis for e in r.education] == [
        "The Role of Lorem Ice in Ipsum Currents", "Sparse Autoencoders for Lorem Imagery"]
    r = _yaml(_THESIS_INTRO_CV)
    assert [e.thesis for e in r.education] == [
        "Entity Recognition on Lorem Texts", "Timing and the dolor response", "Optical monitoring of lorem tissue"]
    assert r.education[2].advisors == ["Casimir Wend", "Rhea Oltmann"]
