"""Rules found in session 27's data pass: a fresh batch of CV data files (Jekyll `_data/cv.yml`
files, RenderCV files, site data files, JSON Resume), each error written down with its general
cause and the causes counted over the batch. Each test is an invented CV in the shape that showed
the problem; names, places and subjects are made up."""
from __future__ import annotations

import json
import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _yaml(text: str, name: str = "cv.yaml"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="yaml", text=text, raw=text))


def _json(data: dict, name: str = "cv.json"):
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="jsonresume", text=text, raw=text))


def test_bullet_rows_under_a_text_key_are_their_text():
    # bullets: [{text: …, sub: [...]}, {text: …}]: a theme's bullet rows; "text" is no label of the line
    rec = _yaml("""
        personal:
          name: "Mira Quell"
        work:
          - company: "Loremtech"
            role: "Widget Engineer"
            start: "2021-03"
            end: "2023-07"
            bullets:
              - text: "Built a widget index for sparse catalogues"
                sub:
                  - "Cut the lookup time by half"
              - text: "Kept the widget service running"
    """)
    [p] = rec.positions
    assert (p.organization, p.title) == ("Loremtech", "Widget Engineer")
    assert "text:" not in p.description
    assert p.description.endswith("Kept the widget service running")
    # guard: a one-key row under another key is still a labelled line
    rec = _yaml("""
        name: Mira Quell
        education:
          - institution: Ipsum University
            degree: Ph.D. in Widgetry
            year: 2020
            details:
              - Thesis: Sparse widgets in the wild
    """)
    assert [e.thesis for e in rec.education] == ["Sparse widgets in the wild"]


def test_review_rows_of_label_and_details_name_the_venues():
    # RenderCV's {label, details} rows under "Reviews": the label is the venue or its publisher,
    # the details the counts or the publisher's venues
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            Reviews:
            - label: WIDCON
              details: WIDCON 2025 (4 reviews)
            - label: LSW
              details: Transactions on Widgets (3 reviews), Widget Letters (6 reviews), and Sprocket Quarterly (2 reviews)
            - label: Journal of Lorem Software
              details: 3 reviews (see [#12](https://example.org/reviews/12))
            - label: 'Ipsum Partner Journals: Widgetry'
              details: 2 reviews
    """)
    assert [(s.role, s.organization) for s in rec.service] == [
        ("Reviewer", "WIDCON 2025"), ("Reviewer", "LSW Transactions on Widgets"), ("Reviewer", "LSW Widget Letters"),
        ("Reviewer", "LSW Sprocket Quarterly"), ("Reviewer", "Journal of Lorem Software"),
        ("Reviewer", "Ipsum Partner Journals: Widgetry")]
    # guard: a {label, details} row under another heading is no review
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            Service:
            - label: Treasurer
              details: Lorem Widget Society, 2021-2023
    """)
    assert rec.service and all(s.role != "Reviewer" for s in rec.service)


def test_an_undated_pointer_to_a_profile_is_no_position():
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            Experience:
            - company: Ipsum University
              position: Widget Assistant
              start_date: 2020-10
              end_date: present
            - company: see my [Lorem profile](https://lorem.example/in/mquell).
              position: For further posts
    """)
    assert [(p.organization, p.title) for p in rec.positions] == [("Ipsum University", "Widget Assistant")]
    # guard: a dated post whose organization merely contains "see" stays
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            Experience:
            - company: Seesaw Widget Labs
              position: Widget Intern
              start_date: 2019-06
              end_date: 2019-09
    """)
    assert [p.organization for p in rec.positions] == ["Seesaw Widget Labs"]


def test_a_membership_named_under_name_is_the_post_and_where_the_organization():
    rec = _yaml("""
        name: Mira Quell
        work:
          - name: Widget Scientist
            where: Loremtech
            when: "Nov 2021 - present"
          - name: Member of the Widget Challenge Organising Committee
            where: Ipsum Vision Centre, Dolor University
            when: Jun. 2015 - Oct. 2015
          - name: Sprocket Tutor
            where: School of Sprockets, Dolor University.
            when: Sep. 2014
    """)
    assert [(p.title, p.organization) for p in rec.positions] == [
        ("Widget Scientist", "Loremtech"),
        ("Member of the Widget Challenge Organising Committee", "Dolor University"),
        ("Sprocket Tutor", "Dolor University")]
    # guard: a company's abbreviated ending keeps its stop
    rec = _yaml("""
        name: Mira Quell
        work:
          - title: Widget Engineer
            company: Lorem Widgets Ltd.
            dates: 2019 - 2020
    """)
    assert [p.organization for p in rec.positions] == ["Lorem Widgets Ltd."]


def test_a_subject_tutor_without_a_course_teaches_the_subject():
    # {semester, name: (empty), institution, position: "Geometry tutor"}: the subject is the course
    rec = _yaml("""
        name: Mira Quell
        teaching:
          - semester: "Spring 2019"
            name: "Widget Calculus"
            institution: "Ipsum University"
            position: "Instructor"
          - semester: 2015-2017
            name:
            institution: "The Lorem Study Centre, Ipsum University"
            position: "Geometry tutor"
          - semester: 2018
            name:
            institution: "Dolor College"
            position: "Peer tutor"
    """)
    assert [(t.course, t.role, t.term) for t in rec.teaching] == [
        ("Widget Calculus", "Instructor", "Spring 2019"), ("Geometry", "Tutor", "2015-2017")]


def test_a_working_paper_series_is_a_preprint():
    # "Working Papers in Widgetry 17/05": a department's working-paper series, not a journal
    rec = _yaml("""
        name: Mira Quell
        publications:
          - citation: Quell, M. and R. Loom (2019). "Sparse Widgets and Their Keepers." Working Papers in Widgetry 19/04, Ipsum University.
          - citation: Quell, M. (2020). "Widget Demand." Journal of Lorem Studies 12(3), 45-67.
    """)
    assert [(p.title, p.status) for p in rec.publications] == [
        ("Sparse Widgets and Their Keepers", "preprint"), ("Widget Demand", "published")]


def test_a_graduate_degrees_first_detail_in_italics_is_its_thesis():
    # a YAML-to-LaTeX template's details: the thesis title set in italics (a link inside), then the advisors
    rec = _yaml(r'''
        name: {first: Mira, last: Quell}
        education:
          - school: Ipsum University
            degree: Ph.D. in Widget Science
            dates: 2019 -- 2023
            details:
              - "\\textit{\\href{https://example.org/thesis}{Sparse Widgets and the Keepers of Sprockets}}"
              - "Advisors: \\href{https://example.org/roe}{Jane Roe}, Ken Poe"
          - school: Ipsum University
            degree: M.Sc. in Geometry
            dates: 2015 -- 2019
            details:
              - "\\textit{magna cum laude}, with \\textit{distinction} in widgetry"
    ''')
    phd, msc = rec.education
    assert (phd.thesis, phd.advisors) == ("Sparse Widgets and the Keepers of Sprockets", ["Jane Roe", "Ken Poe"])
    assert msc.thesis is None and msc.honours
    # guard: a master's first detail in plain words is no thesis
    rec = _yaml("""
        name: Mira Quell
        education:
          - school: Dolor University
            degree: M.Phil. in Widget Studies
            dates: 2017
            details:
            - "Data Systems (Machine Learning, Widgets)"
    """)
    assert rec.education[0].thesis is None


def test_an_activity_line_with_the_post_after_a_bar_names_post_and_organization():
    # extracurricular rows "Organization, Place | Post. Note": the post and where it was held
    rec = _yaml("""
        name: Mira Quell
        activities:
          - details: Lorem Widget Club, Portugal | Treasurer. A student club for widget makers
            year: 2017
          - details: Marathon of Dolor, Ipsum | Finished the long course
            year: 2018
    """)
    assert [(s.role, s.organization, s.period) for s in rec.service] == [("Treasurer", "Lorem Widget Club", "2017")]


def test_a_seminar_entry_noted_as_a_course_taught_is_teaching():
    rec = _yaml("""
        name: Mira Quell
        seminars:
          - name: "Widget Recognition"
            where: "Lorem Vision Centre"
            when: "2018 - 2021"
            description: Lecturer at the Lorem graduate school of widgetry.
          - name: "Invited Talk: Sparse Sprockets"
            where: "Ipsum Symposium"
            when: "Mar. 2022"
    """)
    assert [(t.course, t.institution, t.role, t.term) for t in rec.teaching] == [
        ("Widget Recognition", "Lorem Vision Centre", "Lecturer", "2018 - 2021")]
    assert [t.title for t in rec.talks] == ["Sparse Sprockets"]
