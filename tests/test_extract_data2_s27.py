"""Rules found in session 27's second data round: the first round's held-out CV data files, each
error written down with its general cause. Each test is an invented CV in the shape that showed
the problem; names, places and subjects are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _yaml(text: str, name: str = "cv.yaml"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="yaml", text=text, raw=text))


def test_an_organization_and_its_unit_after_a_spaced_dash():
    rec = _yaml("""
        name: Tova Brennick
        jobs:
            - title: Summer Intern
              where: Quillon Research &mdash; Sparse Widget Systems (SWS)
              dates: 2014
            - title: Summer Intern
              where: Ferrow, Inc. &mdash; Harbour R&amp;D
              dates: 2012
            - title: Staff Engineer
              where: Ferrow &mdash; Principal Engineer
              dates: 2016
    """)
    a, b, c = rec.positions
    assert (a.organization, a.unit) == ("Quillon Research", "Sparse Widget Systems (SWS)")
    assert (b.organization, b.unit) == ("Ferrow, Inc.", "Harbour R&D")
    # guard: a post after the dash is no unit; the field stays whole
    assert c.unit is None and "Principal Engineer" in c.organization


def test_headed_service_lines_with_their_years_after_a_comma():
    rec = _yaml("""
        name: Tova Brennick
        service:
            - |
                Ferrow University, Widget Science:

                * Doctoral Intake Committee, 2013&ndash;2015
                * Visiting Day Committee Chair, 2016; Member, 2014&ndash;2017
                * Open House Coordinator, 2012
                * Reading Circle Host
    """)
    got = {(s.role, s.organization, s.period) for s in rec.service}
    assert ("Doctoral Intake Committee", "Ferrow University, Widget Science", "2013–2015") in got
    assert ("Chair", "Visiting Day Committee", "2016") in got
    assert ("Member", "Visiting Day Committee", "2014–2017") in got
    assert ("Open House Coordinator", "Ferrow University, Widget Science", "2012") in got
    assert ("Reading Circle Host", "Ferrow University, Widget Science", None) in got


def test_an_event_with_two_posts_held_there():
    rec = _yaml("""
        name: Tova Brennick
        committees:
            - |
                QUILL 2019: Organizer, steering committee member
            - |
                TARN 2021: Area chair
            - |
                Lorem Reading Group: Host, snacks
    """)
    got = sorted((s.role, s.organization) for s in rec.service)
    assert ("Organizer", "QUILL 2019") in got and ("steering committee member", "QUILL 2019") in got
    assert ("Area chair", "TARN 2021") in got
    assert not any(s.role == "Organizer" and s.organization != "QUILL 2019" for s in rec.service)


def test_ta_course_lines_with_their_term_and_co_teacher():
    rec = _yaml("""
        name: Tova Brennick
        teaching:
            - |
                Teaching Assistant, Ferrow University:

                * <a href="http://example.org/w1/">WID 512, Winter 2013</a> (Graduate Widget Design), with Orla Penn
                * WID 330, Spring 2012
    """)
    a, b = rec.teaching
    assert (a.course, a.term, a.role) == ("WID 512, Graduate Widget Design", "Winter 2013", "Teaching Assistant")
    assert (b.course, b.term) == ("WID 330", "Spring 2012")


def test_a_talk_still_to_be_announced_is_no_talk():
    rec = _yaml("""
        name: Tova Brennick
        talks:
            - title: 'TBA'
              where: 'Colloquium, Ferrow University'
            - title: 'Widgets All the Way Down'
              where: 'Colloquium, Quillon College'
    """)
    assert [t.title for t in rec.talks] == ["Widgets All the Way Down"]


def test_a_user_name_is_not_the_persons_name():
    rec = _yaml("""
        name: tbrennick
        email: tova@example.org
        web: http://github.com/tbrennick/
        education:
            - title: MA in Widgetry
              affiliation: Ferrow University
              date: 2018-2020
    """)
    assert rec.person.name == ""
    # guard: a name that is no handle of the same page stays
    rec = _yaml("""
        name: Tova Brennick
        web: http://github.com/tbrennick/
        education:
            - title: MA in Widgetry
              affiliation: Ferrow University
              date: 2018-2020
    """)
    assert rec.person.name == "Tova Brennick"


def test_review_years_listed_with_their_links():
    rec = _yaml("""
        name: Tova Brennick
        reviews:
            journal:
                - title: Annals of Widgetry
                  years:
                    - year: 2016
                      url: http://example.org/issue/17
                    - year: 2017
                      url:
    """)
    [s] = rec.service
    assert (s.role, s.organization, s.period) == ("Reviewer", "Annals of Widgetry", "2016, 2017")


def test_civilian_service_among_degrees_is_a_post():
    rec = _yaml("""
        name: Tova Brennick
        education:
            - period: "2003 – 2007"
              role: "Doctoral studies, Widget Science"
              where: "Ferrow University"
            - period: "1998 – 1999"
              role: "Civilian service"
              where: "Quillon Nature Centre"
    """)
    assert [e.institution for e in rec.education] == ["Ferrow University"]
    [p] = rec.positions
    assert (p.title, p.organization, p.start, p.end) == ("Civilian service", "Quillon Nature Centre", "1998", "1999")


def test_a_tutor_line_over_numbered_courses():
    rec = _yaml("""
        name: Tova Brennick
        teaching:
            - |
                Grader, Ferrow University,
                2015--2018:
                WID 210 (Widget Basics), 315/316
                (Widget Theory), 420 (Quill Design)
            - |
                Grader, Ferrow University, 2019: the widget seminar, all terms
    """)
    got = [(t.course, t.role, t.institution, t.term) for t in rec.teaching]
    assert got[:3] == [("WID 210, Widget Basics", "Grader", "Ferrow University", "2015–2018"),
                       ("WID 315/316, Widget Theory", "Grader", "Ferrow University", "2015–2018"),
                       ("WID 420, Quill Design", "Grader", "Ferrow University", "2015–2018")]
    # guard: a line whose list is no list of numbered courses stays one entry
    assert len(got) == 4 and "widget seminar" in got[3][0]


def test_a_degree_earned_on_the_way_in_brackets():
    import json
    data = {"basics": {"name": "Tova Brennick"},
            "education": [{"institution": "Ferrow University, Springfield", "area": "Ph.D in Widgetry, (M.S. 2021)",
                           "studyType": "Graduate (Ph.D.)", "startDate": "2019-08", "endDate": "2023-05"},
                          {"institution": "Quillon College", "area": "Widgetry (Honours 2018)", "studyType": "BSc",
                           "startDate": "2015-08", "endDate": "2018-05"}]}
    text = json.dumps(data, indent=2)
    rec = extract(SourceDocument(path="r.json", name="r.json", sha256="0" * 64, format="jsonresume", text=text, raw=text))
    got = [(e.degree, e.level, e.institution, e.end) for e in rec.education]
    assert ("Ph.D in Widgetry", "doctorate", "Ferrow University", "2023-05") in got
    assert ("M.S.", "master", "Ferrow University", "2021") in got
    # guard: a bracket that names no degree stays where it was
    assert len(got) == 3


def test_a_misspelt_date_key_in_a_categorised_list():
    rec = _yaml("""
        categories:
          - widgets
        items:
        -
          category: widgets
          title: Widget Engineer
          place: Quillworks
          data: Since 03/2021
          location: Springfield
        -
          category: widgets
          title: Widget Intern
          place: Ferrow Labs
          date: 2019
          data: a note on the data
    """)
    got = [(p.organization, p.start, p.current) for p in rec.positions]
    assert ("Quillworks", "2021-03", True) in got and ("Ferrow Labs", "2019", False) in got


def test_a_post_under_sub_details_as_the_writer_spelt_it():
    rec = _yaml("""
        name: Tova Brennick
        service:
          - details: "Quill workshop: ``Widgets for beginners''"
            sub_details: "Modarator"
            year: 2021
          - details: "Widget Fair"
            sub_details: "Summer"
            year: 2020
    """)
    got = {(s.role, s.organization) for s in rec.service}
    assert ("Modarator", "Quill workshop: “Widgets for beginners”") in got
    # guard: a season under sub_details is no post
    assert not any(s.role == "Summer" for s in rec.service)
