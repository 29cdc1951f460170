"""Rules found in session 24 by counting error causes over a fresh batch of Markdown and HTML CV
pages from researchers' sites (`_pages/cv.md`, `content/cv.md`, `cv/index.html`, `resume.md`,
`CV.md`) and fixing only the causes seen in three or more of them. Each test is an invented CV in
the shape that showed the problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _position(record, line):
    return next(p for p in record.positions if p.line == line)


# academicpages "Work experience": a dated header with the post, the organization on the first
# nested bullet under it
_NESTED_ORGS = """
    ---
    layout: archive
    title: "CV"
    ---

    Work experience
    ======
    * 03/2016 - 08/2019: Doctoral researcher
      * Lorem Planck Institute for the physics and chemistry of ipsum
      * Duties included: Modelled the dolor of sit amet molecules
      * Supervisor: Professor Ada Vexley

    * 09/2014-02/2016: Research Assistant
      * Quorum Institute for Advanced Analysis and Information Systems (QIAAIS)
      * Research on neural dolor

    * 05/2012 - 04/2013 : Product Owner - Data Science
      * lorembox SE
      * Duties includes: Overseeing the ipsum pipelines

    * 10/2011 - 03/2012: Data Analyst - Statistics and Reporting
      * Vexley Forschungsverband (VFV) - Ipsum Research Foundation
      * Duties included: Ran ad-hoc dolor queries

    * 2009 - 2011: Software Engineer - Quillon
      * Built the sit amet services
"""


def test_long_organization_on_the_nested_bullet_under_the_header():
    r = _doc(_NESTED_ORGS)
    first = _position(r, 8)
    assert first.title == "Doctoral researcher"
    assert first.organization == "Lorem Planck Institute for the physics and chemistry of ipsum"
    assert (first.start, first.end) == ("2016-03", "2019-08")
    second = _position(r, 13)
    assert second.organization == "Quorum Institute for Advanced Analysis and Information Systems (QIAAIS)"
    assert second.title == "Research Assistant"
    assert "Quorum" not in (second.description or "")


def test_dashed_post_over_a_nested_organization_is_the_whole_post():
    r = _doc(_NESTED_ORGS)
    owner = _position(r, 17)
    assert (owner.title, owner.organization) == ("Product Owner - Data Science", "lorembox SE")
    assert owner.unit is None
    assert owner.description == "Duties includes: Overseeing the ipsum pipelines"
    analyst = _position(r, 21)
    assert analyst.title == "Data Analyst - Statistics and Reporting"
    assert analyst.organization == "Vexley Forschungsverband (VFV)"
    assert "Vexley" not in (analyst.description or "")


def test_dashed_post_whose_organization_is_named_keeps_its_reading():
    # the header names its organization ("Quillon"), the nested line describes the work: the
    # header's split stands
    r = _doc(_NESTED_ORGS)
    eng = _position(r, 25)
    assert (eng.title, eng.organization) == ("Software Engineer", "Quillon")
    assert "Built the sit amet services" in (eng.description or "")


# the marks a cut date leaves in a name
_CUT_DATES = """
    # Dana Quillfeather

    Employment
    ======
    * Data Analyst (2014---present, on sabbatical leave)
      * Northfield Analytics Laboratory

    ## Positions

    Senior Researcher and Research Professor, Ipsum Population Institute, Dolorhaven, 2012–.

    ## Teaching

    - LORM 101 Introduction to Ipsum (Spring 2022; undergraduate level)
"""


def test_no_bracket_or_dash_left_where_a_date_was_cut():
    r = _doc(_CUT_DATES)
    analyst = _position(r, 5)
    assert analyst.title == "Data Analyst (on sabbatical leave)"
    assert analyst.organization == "Northfield Analytics Laboratory"
    assert analyst.start == "2014" and analyst.current
    senior = _position(r, 10)
    assert senior.start == "2012"
    for value in (senior.title, senior.organization, senior.unit):
        assert not (value or "").rstrip(".").endswith(("–", "-", ","))
    courses = {t.course: t.term for t in r.teaching}
    assert courses == {"LORM 101 Introduction to Ipsum (undergraduate level)": "Spring 2022"}


def test_dashes_around_a_name_are_no_part_of_it():
    # a plain-text CV's "Role — School — Term" over the course
    r = _doc("""
        TEACHING
        - Head Teaching Assistant — Lorem Polytechnic University — Spring 2021
          • Foundations of Ipsum Analysis, LPU.410
        - Teaching Assistant — Dolor State College — Winter 2017
          • Introduction to Sit Amet, DSC.220
    """, name="cv.txt", fmt="text")
    assert sorted(t.institution for t in r.teaching) == ["Dolor State College", "Lorem Polytechnic University"]
    assert sorted(t.term for t in r.teaching) == ["Spring 2021", "Winter 2017"]


def test_dash_after_the_opening_year_of_a_degree_line():
    r = _doc("""
        ## Degrees

        2000 — PhD in Ipsum Studies (Dolor Policy), University of Lorem, *cum laude*.
        1994 — MA in Cultural Lorem, University of Lorem.
        1990 - BSc in Physics, Ipsum Institute of Technology.
    """)
    got = [(e.end, e.degree, e.institution, e.level) for e in r.education]
    assert got == [("2000", "PhD in Ipsum Studies", "University of Lorem", "doctorate"),
                   ("1994", "MA in Cultural Lorem", "University of Lorem", "master"),
                   ("1990", "BSc in Physics", "Ipsum Institute of Technology", "bachelor")]
    assert r.education[0].honours == ["cum laude"]


def test_long_dash_between_a_degree_and_a_short_named_school_and_its_country():
    r = _doc("""
        ## Education

        - (2017 -- Present) **PhD in statistics** -- UCIpsum, Belgium
          + Thesis: *Lorem pricing: an ipsum approach* (supervisors: Prof. Ada Vexley and Prof. Bo Quill)
        - (2013 -- 2015) **MSc in economics** -- KULorem, Belgium
        - (Aug -- Dec 2014) **Faculty exchange** -- University of Dolor at Ipsum, USA
    """)
    phd, msc, exchange = r.education
    assert (phd.degree, phd.institution, phd.level, phd.start, phd.current) == \
        ("PhD in statistics", "UCIpsum", "doctorate", "2017", True)
    assert phd.thesis == "Lorem pricing: an ipsum approach"
    assert (msc.degree, msc.institution, msc.level) == ("MSc in economics", "KULorem", "master")
    assert exchange.degree is None and "University of Dolor at Ipsum" in exchange.institution
