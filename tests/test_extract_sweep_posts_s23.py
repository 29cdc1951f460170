"""Rules found in session 23 by an anomaly sweep over the positions and education of all saved
real CVs (about 390 files): detectors for suspicious field values, counted over every record.
Each test is an invented CV in the shape that showed the problem; names and places are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


# a LaTeX CV writing each post as a bold role, the dates, and the employer with its city and
# country in one slanted line under it
_BOLD_ROLE_SLANTED_PLACE = r"""
    \documentclass{article}
    \begin{document}
    \section{Research Experience}

    {\bf Postdoctoral Researcher}  \hfill Mar. 2019 - Feb. 2023 \\
    {\sl Quennel Astrophysical Centre, Brindova, Slovakia}

    {\bf Ph.D. Student Researcher}  \hfill Oct. 2013 - Sep. 2019 \\
    {\sl Ostrel Institute of Physics, Norway}

    \end{document}
"""


def test_country_after_an_organization_is_the_posts_place():
    posts = {p.title: p for p in _doc(_BOLD_ROLE_SLANTED_PLACE, "cv.tex", "latex").positions}
    post = posts["Postdoctoral Researcher"]
    assert (post.organization, post.location) == ("Quennel Astrophysical Centre", "Brindova, Slovakia")
    post = posts["Ph.D. Student Researcher"]
    assert (post.organization, post.location) == ("Ostrel Institute of Physics", "Norway")


# a LaTeX CV's own entry macro: degree, dates, then the school with its city and country
_ENTRY_MACRO_SCHOOL_PLACE = r"""
    \documentclass{article}
    \newcommand{\cvEntry}[4]{\textbf{#1} \hfill #2 \\ \textit{#3} \\ #4}
    \begin{document}
    \section{Education}
    \cvEntry{Master of Science in \textit{Applied Geology}}{Sep 2020 -- 2022}{Varnholt University of Technology, Keldra, Iceland}{}
    \cvEntry{Bachelor of Science in \textit{Geology}}{2016 -- 2020}{University of Pemsworth, Iceland}{}
    \end{document}
"""


def test_country_after_a_school_is_the_degrees_place():
    rec = _doc(_ENTRY_MACRO_SCHOOL_PLACE, "cv.tex", "latex")
    got = sorted((e.institution, e.location) for e in rec.education)
    assert got == [("University of Pemsworth", "Iceland"), ("Varnholt University of Technology", "Keldra, Iceland")]


# a name whose last part is a city (no country or state) stays whole: a campus or a place the
# name itself holds is not cut by this rule
_CITY_ONLY = r"""
    \documentclass{article}
    \begin{document}
    \section{Research Experience}

    {\bf Research Engineer}  \hfill Mar. 2019 - Feb. 2023 \\
    {\sl Quennel Systems, Brindova}

    \end{document}
"""


def test_a_city_alone_after_the_organization_is_not_cut_by_the_country_rule():
    post = _doc(_CITY_ONLY, "cv.tex", "latex").positions[0]
    assert post.organization.startswith("Quennel Systems")
    assert post.location in (None, "Brindova")


# a plain-text CV with the years in a left column and the degree's expected month and year in a
# bracket after the school
_EXPECTED_IN_BRACKET = """
    Wilma Astbury
    wilma@astbury.example.org

    EDUCATION
    2021–2027   Ph.D. in Sociology, Corrow University (expected May 2027)
    2019–2021   M.A. in Sociology, Ferrin College
"""


def test_an_expected_date_in_brackets_is_no_part_of_the_institution():
    phd, ma = _doc(_EXPECTED_IN_BRACKET, "cv.txt", "text").education
    assert (phd.institution, phd.start, phd.end, phd.current) == ("Corrow University", "2021", "2027", True)
    assert (ma.institution, ma.start, ma.end) == ("Ferrin College", "2019", "2021")


# an academic site's Markdown CV writing each research post as its subject in bold with the
# dates, the university and its place on the next line, then the advisor and a sentence
_SUBJECT_THEN_UNIVERSITY = """
    Tamsin Orrel
    ======
    tamsin@orrel.example.org

    Research Experience
    ======
    **Glacial Sediment Dynamics**, 2016-2021
    University of Pellworth, Ardley, OR
    Advisor: Prof. Joran Vell
    Topics include meltwater transport and moraine formation.

    **Coastal Remote Sensing**, 2015
    Hessel College, Marrow, DE
    Advisor: Prof. Ilsa Dunmore
    A survey of shoreline change from satellite images.
"""


def test_a_dated_subject_and_the_university_under_it_are_one_post():
    posts = _doc(_SUBJECT_THEN_UNIVERSITY, "cv.md", "markdown").positions
    assert [(p.title, p.organization, p.start) for p in posts] == [
        ("Glacial Sediment Dynamics", "University of Pellworth", "2016"),
        ("Coastal Remote Sensing", "Hessel College", "2015")]
    assert posts[0].end == "2021"
    assert posts[0].location == "Ardley, OR"
    assert posts[0].mentors == ["Joran Vell"]


# a company's line and a team's line under it stay as they are read: the rule takes only a
# university, college, school or institute on the line under a subject
_COMPANY_THEN_TEAM = """
    Tamsin Orrel
    ======
    tamsin@orrel.example.org

    Experience
    ======
    **Brellix**, 2016-2021
    Data Platform Group
"""


def test_a_team_under_a_company_is_not_read_as_its_organization():
    posts = _doc(_COMPANY_THEN_TEAM, "cv.md", "markdown").positions
    assert all(p.title != "Brellix" for p in posts)


# a PDF's text with the education column's separator lost: the degree, its field and the
# institution run on, then the city and country after commas
_FIELD_RUNS_INTO_SCHOOL = """
    Corvin Altmoor
    corvin@altmoor.example.org

    Education
    Ph.D. in Civil Engineering Brackwater Institute of Technology, Ostheim, Austria
    M.Sc. in Applied Mathematics Lindgard State University, Varsel, Norway
    B.Sc. in Data Science Institute
"""


def test_a_field_run_into_the_institution_is_split_after_the_subject():
    phd, msc, bsc = _doc(_FIELD_RUNS_INTO_SCHOOL, "cv.txt", "text").education
    assert (phd.degree, phd.field, phd.institution, phd.location) == (
        "Ph.D. in Civil Engineering", "Civil Engineering", "Brackwater Institute of Technology", "Ostheim, Austria")
    assert (msc.degree, msc.field, msc.institution, msc.location) == (
        "M.Sc. in Applied Mathematics", "Applied Mathematics", "Lindgard State University", "Varsel, Norway")
    # (one word after the subject is no institution's name: the words stay the field)
    assert bsc.field == "Data Science Institute"
