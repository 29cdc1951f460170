"""Rules found in session 24's second Markdown/HTML round, which pooled the error causes left open
by the first round over every saved Markdown and HTML CV page and fixed the causes seen in the most
of them. Each test is an invented CV in the shape that showed the problem; names, places and
organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _awards(record):
    return [(a.name, a.year) for a in record.awards]


def test_award_dates_after_the_name_are_cut_off():
    # a term in brackets, a range whose end names its month, a range set with "--", a bare year
    record = _doc("""
        # Mira Quellen

        ## Honors and Awards

        * Lorem Logistics Excellence Scholarship (Autumn 2021)
        * Dean's Merit List, Ipsum Polytechnic, March 2016 - June 2019
        * Placed in the top 5 of 80 teams, 2011 -- 2013
        * Gold Medal Northland Chemistry Olympiad 2009
        * Vellum Library Research Fellow 2020
        * Travel support for fieldwork in autumn 2018
        * Best Paper Award, QUILL 2017
        * Best Poster Award at Ipsumcon 2016
        """)
    assert _awards(record) == [
        ("Lorem Logistics Excellence Scholarship", "2021"),
        ("Dean's Merit List, Ipsum Polytechnic", "2016"),
        ("Placed in the top 5 of 80 teams", "2011"),
        ("Gold Medal Northland Chemistry Olympiad", "2009"),
        ("Vellum Library Research Fellow", "2020"),
        # a year in the sentence's own words (after a lower-case word) stays
        ("Travel support for fieldwork in autumn 2018", "2018"),
        # a meeting's year stays with its name
        ("Best Paper Award, QUILL 2017", "2017"),
        ("Best Poster Award at Ipsumcon 2016", "2016"),
    ]


def test_award_dates_before_the_name_are_cut_off():
    # month/year dates before a colon, a two-digit end year before a long dash and a lower-case word
    record = _doc("""
        # Jonah Pellerin

        ## Scholarships

        * 02/2015-present: Lorem Academic Foundation
        * 09/2013-12/2013: Travel grant
        * 2014–18 — co-lead, Ipsum Household Panel Survey
        """)
    names = [a.name for a in record.awards]
    assert names[:2] == ["Lorem Academic Foundation", "Travel grant"]
    assert [a.year for a in record.awards] == ["2015", "2013", "2014"]
    assert not any(n[:1].isdigit() for n in names)
    assert "Ipsum Household Panel Survey" in names[2]


def test_masters_of_applied_science_is_a_degree():
    # "M.A.Sc." (and "BASc") opening a degree line: the degree, not part of the institution, and
    # the next line no part of it
    record = _doc("""
        # Jonah Pellerin

        ## Education

        - Ph.D., University of Lorem, 2027
        - M.A.Sc., University of Lorem, 2022
        - BASc, Dolor Polytechnic, 2016
        """)
    assert [(e.degree, e.institution, e.level, e.end) for e in record.education] == [
        ("Ph.D.", "University of Lorem", "doctorate", "2027"),
        ("M.A.Sc.", "University of Lorem", "master", "2022"),
        ("BASc", "Dolor Polytechnic", "bachelor", "2016"),
    ]


_CARD_PAGE = """<html><body><h1>cv</h1>
<h3>Work</h3>
<ul>
<li><table><tr><td><span class="badge">2024.01 - 2024.02</span></td></tr>
<tr><td><p class="location">Vellano, Italy</p></td></tr></table>
<h6 class="title">Visiting fellow</h6><h6>Università di Vellano</h6><h6><i>Soil moisture models in dry lands.</i></h6></li>
<li><table><tr><td><span class="badge">2023.03 - ongoing</span></td></tr>
<tr><td><p class="location">Lyonne, France</p></td></tr></table>
<h6 class="title">Post-doc fellow</h6><h6>Ecole Superieure de Lorem - Geology Lab</h6></li>
<li><table><tr><td><span class="badge">2021.04 - 2023.02</span></td></tr>
<tr><td><p class="location">Ipsumburg, Germany</p></td></tr></table>
<h6 class="title">Junior fellow</h6><h6>Lorem Institute of Dolor</h6></li>
</ul>
</body></html>
"""


def test_place_under_the_dates_of_a_rendered_card_is_the_location(tmp_path):
    # al-folio's rendered work card: the dates with the place under them, then the post and the
    # employer; the place is the entry's location, not its organization
    page = tmp_path / "cv.html"
    page.write_text(_CARD_PAGE, encoding="utf-8")
    record = extract(read_document(page))
    assert [(p.title, p.organization, p.unit, p.location, p.start) for p in record.positions] == [
        ("Visiting fellow", "Università di Vellano", None, "Vellano, Italy", "2024-01"),
        ("Post-doc fellow", "Ecole Superieure de Lorem", "Geology Lab", "Lyonne, France", "2023-03"),
        ("Junior fellow", "Lorem Institute of Dolor", None, "Ipsumburg, Germany", "2021-04"),
    ]


def test_subject_after_the_institution_is_the_field():
    # "__PhD student__, Lorem University in Space Physics": the subject after "in" is the field; a
    # town after "in" stays part of the institution's name
    record = _doc("""
        # Lin Qiao

        ## Education

        * **2018 – present**

          &nbsp; __PhD student__, Lorem University in Space Physics

        * **2018**

          &nbsp; __Bachelor’s degree__, Lorem University in Applied Mathematics

        * **2016**

          &nbsp; __Master’s degree__, Ipsum University in St. Dolores
        """)
    assert [(e.institution, e.field, e.level) for e in record.education] == [
        ("Lorem University", "Space Physics", "doctorate"),
        ("Lorem University", "Applied Mathematics", "bachelor"),
        ("Ipsum University in St. Dolores", None, "master"),
    ]


def test_status_tag_before_a_degree_line():
    # "[Present] PhD in …, University, Town, ST, USA, 2019 - 2025 (Expected)": the tag is no part
    # of the institution, and the line is read as a degree
    record = _doc("""
        # Jonah Pellerin

        ## Degrees

        [Present] PhD in Computer Science, University of Lorem, Northtown, CA, USA, 2019 - 2025 (Expected)

        MS in Information Security, Ipsum Institute of Technology, Southtown, GA, USA, 2018
        """)
    first = record.education[0]
    assert first.degree == "PhD in Computer Science"
    assert first.level == "doctorate"
    assert first.institution.startswith("University of Lorem")
    assert first.start == "2019"
    assert len(record.education) == 2


def test_a_basic_info_heading_is_not_the_name(tmp_path):
    # "<h2>Basic Info</h2>" over the subject's name (a page whose title is only "Curriculum Vitae"):
    # the heading names the block, the line under it the person
    page = tmp_path / "index.html"
    page.write_text(textwrap.dedent("""\
        ---
        layout: page
        title: Curriculum Vitae
        ---

        <h2>Basic Info</h2>
        Marlo Vintry
        <br/>Northtown, NY

        <h2>Education</h2>
        <ul><li>PhD in Computer Science, University of Lorem, 2014</li></ul>
        """), encoding="utf-8")
    record = extract(read_document(page))
    assert record.person.name == "Marlo Vintry"


def test_a_part_of_the_university_before_it_is_the_unit():
    # academicpages: "* 2019 - present: Assistant Professor" / "  * Archives and School of …,
    # Lorem University": the university is the employer, the part named before it its unit
    record = _doc("""
        Work experience
        ======
        * 2021 - present: Assistant Professor of Lorem Analytics
          * Archives and School of Lorem Studies, Lorem University

        * 2018 - 2021: Research Associate
          * Forestry, Ipsum State University

        * 2016 - 2018: Data Engineer
          * Dolorbyte GmbH, Ipsum State University
        """)
    assert [(p.organization, p.unit) for p in record.positions] == [
        ("Lorem University", "Archives and School of Lorem Studies"),
        ("Ipsum State University", "Forestry"),
        # a company (legal form) before the university keeps its place
        ("Dolorbyte GmbH", "Ipsum State University"),
    ]


def test_placeholders_and_pointers_are_no_entries():
    # "* Coming soon!" under a heading not yet written, and "See all courses at <site>" nested
    # under a teaching post: neither is an entry
    record = _doc("""
        # Tove Marrin

        Skills
        ======
        * Coming soon!

        Service and leadership
        ======
        * TBA

        Teaching
        ======
        - (2019 -- Present) **Teaching assistant in statistics** -- Lorem University, Belgium
          + See all courses at [tovemarrin.example/teaching](https://tovemarrin.example/teaching/)
        """)
    assert record.skills == []
    assert record.service == []
    assert [t.course for t in record.teaching if "See all" in (t.course or "")] == []
    assert len(record.teaching) == 1


def test_status_sub_headings_under_grants_keep_the_grants():
    # "### UNDER REVIEW" / "### CURRENT" / "### COMPLETED" under "## GRANT FUNDING": the state of
    # the grants under each; no sub-heading starts a section of its own (the first had made its
    # grant a submitted paper, the other two a section cvgraph skips)
    record = _doc("""
        # Oren Valdis

        ## GRANT FUNDING

        ### UNDER REVIEW

        Valdis, O. et al. *Lorem Data Commons*. Ipsum Innovation Fund, 2027-2031.

        ### CURRENT

        Valdis, O. (Co-PI). *Dolor Access Network*, Sit Research Council, 2023-2026.

        ### COMPLETED

        Valdis, O. *Amet Metadata Study*, Lorem Foundation, 2020-2022.
        """)
    assert record.publications == []
    names = [a.name for a in record.awards]
    assert len(names) == 3
    assert all(("Lorem Data Commons" in names[0], "Dolor Access Network" in names[1], "Amet Metadata Study" in names[2]))
    assert not any(n.upper() in ("UNDER REVIEW", "CURRENT", "COMPLETED") for n in names)
