"""Rules found in session 27's second Markdown round: the first round's held-out CVs (an R
Markdown CV typeset with LaTeX `\\hfill` dates, a Hugo page of year-dash prose lines), read
after they were counted. Each test is an invented CV in the shape that showed the problem;
names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


_RMD_TALKS = """
    ---
    name: "Jane Q. Roe"
    ---

    # Presentations

    ## Posters

    Lorem fungi shape the soil carbon of upland heaths \\hfill 2024 \\thinspace

      Ipsum Ecology Meeting (virtual)

    A survey of moss viruses across the northern \\hfill 2023 \\thinspace

      islands of Lorem, Dolor Virus Evolution Workshop

    Seed banks and drought in coastal dunes of the Lorem Bay \\hfill 2022 \\thinspace

      Society for Applied Dune Studies 40th Anniversary Symposium (virtual)
    """


def test_undated_lines_paired_under_dated_talks_name_where_they_were_given():
    talks = {t.title: t for t in _doc(_RMD_TALKS, "cv.Rmd").talks}
    assert len(talks) == 3
    assert talks["Lorem fungi shape the soil carbon of upland heaths"].host.startswith("Ipsum Ecology Meeting")
    # a long event line (eight words and more) is the host, no talk of its own
    dune = talks["Seed banks and drought in coastal dunes of the Lorem Bay"]
    assert dune.host.startswith("Society for Applied Dune Studies 40th Anniversary Symposium")
    # an event line opening in lower case first ends the title the margin cut
    moss = talks["A survey of moss viruses across the northern islands of Lorem"]
    assert moss.host == "Dolor Virus Evolution Workshop"


def test_talks_each_on_one_dated_line_stay_talks_of_their_own():
    rec = _doc("""
        ---
        name: "Jane Q. Roe"
        ---

        # Talks

        Lorem fungi shape the soil carbon of upland heaths \\hfill 2024

        Seed banks and drought in coastal dunes, Ipsum Meeting \\hfill 2023

        A survey of moss viruses, Dolor Workshop on Virus Evolution \\hfill 2022

        Fire and regrowth on the Lorem moors, Sit Amet Symposium \\hfill 2021
        """, "cv.Rmd")
    assert len(rec.talks) == 4
    # (no line under another: each its own talk, the event after the title's comma its host)
    assert [t.host for t in rec.talks] == [None, "Ipsum Meeting", "Dolor Workshop on Virus Evolution", "Sit Amet Symposium"]


def test_visitor_and_rapporteur_are_posts_before_their_organization():
    rec = _doc("""
        # Jane Roe

        ## Earlier posts

        2023 — Rapporteur on Housing, Lorem Ministry of Works.

        2012–13 — Academic visitor, Faculty of Ipsum Studies, Dolor College, University of Lorem.

        2007–09 — Senior researcher, Lorem Research Institute.
        """)
    by_title = {p.title: p for p in rec.positions}
    assert by_title["Rapporteur on Housing"].organization == "Lorem Ministry of Works"
    assert by_title["Academic visitor"].organization == "University of Lorem"


def test_a_visitor_centre_stays_the_organization():
    rec = _doc("""
        # Jane Roe

        ## Experience

        2015–16 — Volunteer, Lorem Visitor Centre, Ipsum National Park.
        """)
    assert [p.title for p in rec.positions] == ["Volunteer"]
    assert "Visitor Centre" in (rec.positions[0].organization or "") + (rec.positions[0].unit or "")


_RMD_GRANTS = """
    ---
    name: "Jane Q. Roe"
    ---

    # Grants and Scholarships

    Lorem Research Training Stipend, \\hfill 2022 - Present
    University of Ipsum

    Dolor Scholarship in Moss Ecology, \\hfill 2020-2021
    University of Ipsum

    Sit Amet Field Fund, \\hfill 2019

    Travel Award, Lorem Society \\hfill 2018
    """


def test_a_line_stopped_by_a_comma_before_its_date_goes_on_on_the_next_line():
    awards = {a.name: a for a in _doc(_RMD_GRANTS, "cv.Rmd").awards}
    assert "Lorem Research Training Stipend, University of Ipsum" in awards
    assert "Dolor Scholarship in Moss Ecology, University of Ipsum" in awards
    assert str(awards["Dolor Scholarship in Moss Ecology, University of Ipsum"].year).startswith("2020")
    assert "University of Ipsum" not in awards
    # (a line set apart by a blank line is no part of the one above)
    assert "Travel Award, Lorem Society" in awards
    assert str(awards["Travel Award, Lorem Society"].year).startswith("2018")


def test_member_posts_each_on_a_dated_line_are_posts_of_their_own():
    rec = _doc("""
        # Jane Roe

        ## Posts of trust

        2012– Board member, Lorem Foundation; vice chair 2019–.
        2017–22 Expert member, Ipsum Research Fund.
        2015–21 Board member, University of Dolor.
        2019– Steering group member, Sit Amet Institute.
        """)
    got = [(p.title, p.organization, p.start) for p in rec.positions]
    assert got == [("Board member", "Lorem Foundation", "2012"), ("Expert member", "Ipsum Research Fund", "2017"),
                   ("Board member", "University of Dolor", "2015"), ("Steering group member", "Sit Amet Institute", "2019")]
    assert "vice chair 2019" in (rec.positions[0].description or "")


def test_a_dated_role_line_under_a_dated_organization_line_is_no_new_entry_without_leading_dates():
    # (the dates close the lines here: the line under the employer stays its role, as before)
    rec = _doc("""
        # Jane Roe

        ## Experience

        **Lorem Analytics**, Springfield, 2016 - 2020
        Data Analyst, 2016 - 2018
        """)
    assert [(p.title, p.organization) for p in rec.positions] == [("Data Analyst", "Lorem Analytics")]


def test_the_dates_again_to_the_month_at_the_end_of_a_dated_line_refine_its_period():
    rec = _doc("""
        # Jane Roe

        ## Earlier posts

        2022 — Rapporteur on Housing, Lorem Ministry of Works, March–October.

        2018–19 — Senior Adviser, Ipsum Policy Office, 1 April 2018 – 31 May 2019.

        2015–16 — Adviser, Dolor Office, 1 April 2011 – 31 May 2012.
        """)
    got = {p.title: (p.organization, p.start, p.end) for p in rec.positions}
    assert got["Rapporteur on Housing"] == ("Lorem Ministry of Works", "2022-03", "2022-10")
    assert got["Senior Adviser"] == ("Ipsum Policy Office", "2018-04", "2019-05")
    # (dates that disagree with the line's own are not read as its period)
    assert ("2015", "2016") in {(p.start, p.end) for p in rec.positions}


_RMD_EDUCATION = """
    ---
    name: "Jane Q. Roe"
    ---

    # Education

    ## Dolor University \\normalfont Shelbyville, ST

    * Master of Research, Marine Botany \\hfill 2021

    * Bachelor of Advanced Science, Zoology \\hfill 2018

    * Master of Science in Soil Physics \\hfill 2016
    """


def test_research_and_advanced_name_the_degree_the_subject_after_the_comma_its_field():
    edu = {e.degree: e for e in _doc(_RMD_EDUCATION, "cv.Rmd").education}
    assert (edu["Master of Research"].field, edu["Master of Research"].honours) == ("Marine Botany", [])
    assert (edu["Bachelor of Advanced Science"].field, edu["Bachelor of Advanced Science"].honours) == ("Zoology", [])
    # (a field in the degree's name stays its field)
    assert edu["Master of Science in Soil Physics"].field == "Soil Physics"


def test_a_school_after_the_degree_under_a_university_heading_is_part_of_that_university():
    rec = _doc("""
        ---
        name: "Jane Q. Roe"
        ---

        # Education

        ## Lorem University \\normalfont Springfield, ST

        * PhD, School of Ipsum Sciences \\hfill Sep 2020 - Present
          * Supervisor: Ann Vole

        ## Dolor University \\normalfont Shelbyville, ST

        * MSc, Sit Amet University \\hfill 2019
        """, "cv.Rmd")
    got = [(e.degree, e.institution, e.field) for e in rec.education]
    assert got[0] == ("PhD", "Lorem University", "Ipsum Sciences")
    assert rec.education[0].advisors == ["Ann Vole"]
    # (a university named after the degree is the one that conferred it, whatever the heading says)
    assert ("MSc", "Sit Amet University", None) in got


def test_a_role_heading_over_dated_organization_lines_is_the_role_at_each():
    rec = _doc("""
        ---
        name: "Jane Q. Roe"
        ---

        # Work Experience

        ## Research Assistant
          Vellum Labs, Inc \\normalfont \\hfill 2022

          Ipsum Institute for Soils, Lorem University \\normalfont \\hfill 2021

          Dolor Lab, Sit Amet University \\normalfont \\hfill 2018-2019
        """, "cv.Rmd")
    assert [p.title for p in rec.positions] == ["Research Assistant"] * 3
    assert {p.start for p in rec.positions} == {"2022", "2021", "2018"}


def test_dated_lines_that_name_their_own_roles_keep_them_under_a_heading():
    rec = _doc("""
        ---
        name: "Jane Q. Roe"
        ---

        # Work Experience

        ## Research Assistant
          Lab Manager, Vellum Labs, Inc \\normalfont \\hfill 2022

          Data Analyst, Lorem University \\normalfont \\hfill 2021
        """, "cv.Rmd")
    assert "Lab Manager" in [p.title for p in rec.positions]
    assert "Data Analyst" in [p.title for p in rec.positions]


def test_journals_with_a_date_column_under_a_reviewing_heading_are_reviewed_for():
    rec = _doc("""
        ---
        name: "Jane Q. Roe"
        ---

        # Service

        ## Journal Reviewing

        Lorem Journal of Moss Ecology  \\hfill 2023 \\thinspace

        Ipsum Virus Letters \\hfill 2021 \\thinspace

        Associate Editor, Dolor Reviews \\hfill 2020 \\thinspace
        """, "cv.Rmd")
    got = {(s.role, s.organization, s.period) for s in rec.service}
    assert ("Reviewer", "Lorem Journal of Moss Ecology", "2023") in got
    assert ("Reviewer", "Ipsum Virus Letters", "2021") in got
    # (a line that names its own post keeps it)
    assert not any(s.role == "Reviewer" and "Dolor" in (s.organization or "") for s in rec.service)


def test_a_paragraph_about_the_teaching_is_no_course():
    rec = _doc("""
        # Jane Roe

        ## Teaching

        Fifteen years of regular lecturing for student, public and professional groups. Lecturing
        skills rated excellent at the University of Lorem in 2009.

        ## Courses taught

        - LRM 210: Introduction to Moss Ecology, University of Lorem, Fall 2019
        """)
    assert [t.course for t in rec.teaching] == ["LRM 210: Introduction to Moss Ecology"]


def test_a_year_dash_paragraph_stopped_mid_sentence_goes_on_on_the_next_source_line():
    rec = _doc("""
        # Jane Roe

        ## Research funding

        2022–26 — Moss, Lichen and Fern Diversity in Upland Heaths: Towards Lorem
        Conservation in Ipsum (MossCon), consortium PI, Dolor Foundation, €250 000.

        2019–21 — PI, Seed Banks of Coastal Dunes, Sit Amet Council, €90 000.
        2017 — Travel grant, Lorem Society.
        """)
    names = [a.name for a in rec.awards]
    assert any(n.startswith("Moss, Lichen and Fern Diversity in Upland Heaths: Towards Lorem Conservation in Ipsum")
               for n in names)
    assert not any(n.startswith("Conservation in Ipsum") for n in names)
    # (a line opening with its own year stays an entry of its own)
    assert any(n.startswith("Travel grant") for n in names)
