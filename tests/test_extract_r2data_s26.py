"""Rules of session 26's second data round: the causes of the data pass's held-out CVs and of what
the pass left, counted over the saved real CVs. Each test is an invented CV in the shape that showed
the problem; names, places and subjects are made up."""
from __future__ import annotations

import json
import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _yaml(text: str, name: str = "cv.yaml"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="yaml", text=text, raw=text))


def _json(data: dict, name: str = "resume.json"):
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="jsonresume", text=text, raw=text))


def test_json_resume_research_post_with_its_university_under_institution():
    rec = _json({
        "basics": {"name": "Tarn Velloway", "email": "tarn@example.org",
                   "personal-website": "https://tarnv.example.org",
                   "about": "Doctoral student working on widget theory."},
        "experience": [
            {"type": "Research", "position": "Research Assistant", "institution": "University of Loremvale",
             "facility": "Widget Dynamics Lab, Advised by Prof. Oren Pask",
             "startDate": "2024-02", "endDate": "Present",
             "description": ["Built a widget simulator.", "Ran ablation studies on gadgets."]},
            {"position": "Engineering Intern", "company": "Ipsum Devices", "startDate": "2022-06", "endDate": "2022-08"}]})
    got = [(p.organization, p.title, p.unit, p.mentors, p.start, p.current) for p in rec.positions]
    assert got == [("University of Loremvale", "Research Assistant", "Widget Dynamics Lab", ["Oren Pask"], "2024-02", True),
                   ("Ipsum Devices", "Engineering Intern", None, [], "2022-06", False)]
    assert rec.positions[0].description == "Built a widget simulator.\nRan ablation studies on gadgets."
    assert rec.person.homepage == "https://tarnv.example.org"
    assert rec.person.summary == "Doctoral student working on widget theory."


def test_degree_supervisors_and_mentor_keys_give_advisors():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "PhD, Widget Sciences"
            institution: "University of Loremvale"
            date: "2023"
            supervisors: "Q. Harrow; L. Mintz (Ipsum Forest Service)"
          - degree: "MSc, Gadgetry"
            institution: "Dolor College"
            date: "2018"
            supervisors: ""
          - title: BA in Gadgetry
            affiliation: Dolor College
            date: 2012-2016
            mentor: Dr. Ines Corva
        """)
    assert [e.advisors for e in rec.education] == [["Q. Harrow", "L. Mintz"], [], ["Ines Corva"]]


def test_research_stays_under_mobility_are_posts():
    rec = _yaml("""
        name: Tarn Velloway
        positions:
          - role: Postdoctoral Researcher
            institution: University of Loremvale
            start: 2024
            end: present
        mobility:
          - role: Research Stay
            institution: Ipsum Polytechnic
            location: Dolorville, Freedonia
            year: 2022
            duration: 3 months
        """)
    assert [(p.organization, p.title, p.start) for p in rec.positions] == [
        ("University of Loremvale", "Postdoctoral Researcher", "2024"), ("Ipsum Polytechnic", "Research Stay", "2022")]


def test_latex_template_keys_address_block_reviews_and_award_names():
    rec = _yaml("""
        firstname: Tarn
        lastname: Velloway
        address:
          position: Postdoctoral Fellow
          department: Widget Section, Code 1234
          institution: Loremvale Research Laboratory
        email: tarn@example.org
        education:
          - years: 2018
            degree: Ph.D.
            institution: University of Loremvale
        reviews:
          - name: Journals
            list:
              - "Journal of Widgets: Theory"
              - "Gadget Letters"
          - name: Area Chair
            list:
              - "LOREM 2024"
        award:
          - years: 2018
            awardname: Outstanding Tutor Prize
            institution: University of Loremvale
        funding:
          - years: 2020
            grantname: Ipsum Travel Fellowship
            institution: Dolor Society
        """)
    assert rec.person.location is None
    assert [(s.role, s.organization) for s in rec.service] == [
        ("Reviewer", "Journal of Widgets: Theory"), ("Reviewer", "Gadget Letters"), ("Area Chair", "LOREM 2024")]
    assert sorted((a.name, a.year) for a in rec.awards) == [
        ("Ipsum Travel Fellowship", "2020"), ("Outstanding Tutor Prize", "2018")]


def test_street_address_as_location_and_languages_row_of_the_person_block():
    rec = _yaml("""
        personal_info:
          name: "Tarn Velloway"
          location: "Loremstraat 12b, 10115 Ipsumburg, Freedonia"
          languages: "Freedonian (native), Sylvanian (fluent), French (basic)"
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
            from: "Oct 2012"
            to: "Jun 2016"
        """)
    assert rec.person.location == "Ipsumburg, Freedonia"
    assert "French" in rec.languages
    assert len(rec.languages) == 3
    # a town written alone stays as it is
    rec = _yaml("""
        personal_info:
          name: "Tarn Velloway"
          location: "Ipsumburg, Freedonia"
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        """)
    assert rec.person.location == "Ipsumburg, Freedonia"


def test_organiser_of_an_event_and_events_organised():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        event_organization:
          - title: "Organiser of WidgetCon 2024"
            description: "The yearly meeting of the widget community."
            date: "Dec 2024"
          - title: "LGM 17 - Dolorville"
            description: "One of the organizers of the 17th Lorem Gadget Meeting."
            date: "Apr 2018"
        service:
          - title: "Webmaster University of Loremvale Gadget Club"
            date: "2021"
        """)
    assert [(s.role, s.organization, s.period) for s in rec.service][:2] == [
        ("Organiser", "WidgetCon 2024", "Dec 2024"), ("Organizer", "LGM 17 - Dolorville", "Apr 2018")]
    # (a post written before a university's name is not parted at its "of")
    assert rec.service[2].role != "Webmaster University"


def test_talk_lines_with_a_title_before_the_event():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        talks:
          - "*Can widgets dream of gadgets?* — LOREM-IPSUM 2026, Dolorville."
          - "*Widgets across scales*, Ipsumburg (Oct 2023)."
          - "Gadget seminar, University of Loremvale (Mar 2025)."
        presentations:
          - name: '"Widget tuning." Gadget workshop, Dolor College, Ipsumburg.'
            date: 2012-06
        """)
    got = [(t.title, t.host, t.date) for t in rec.talks]
    assert got == [("Can widgets dream of gadgets?", "LOREM-IPSUM 2026, Dolorville", "2026"),
                   ("Widgets across scales", "Ipsumburg", "2023-10"),
                   ("Gadget seminar, University of Loremvale", None, "2025-03"),
                   ("Widget tuning", "Gadget workshop, Dolor College, Ipsumburg", "2012-06")]


def test_mentor_in_brackets_after_a_post_title():
    rec = _yaml("""
        name: Tarn Velloway
        appointments:
          - role: "Postdoctoral Researcher (with Q. Harrow)"
            institution: "Ipsum Polytechnic"
            dates: "2021–2023"
          - role: "Associate Professor (with tenure)"
            institution: "University of Loremvale"
            dates: "2023–present"
        """)
    assert [(p.title, p.mentors) for p in rec.positions] == [
        ("Postdoctoral Researcher", ["Q. Harrow"]), ("Associate Professor (with tenure)", [])]


def test_section_pointing_to_a_file_and_field_before_a_dissertation_label():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - years: 2018
            degree: Ph.D.
            institution: University of Loremvale
            description: "Widget Sciences, Dissertation: Gadgets at the edge of widgetry"
        presentations: talks/conference
        """)
    assert [(e.field, e.thesis) for e in rec.education] == [("Widget Sciences", "Gadgets at the edge of widgetry")]
    assert rec.talks == []


def test_place_beside_street_lines_of_an_address():
    rec = _yaml("""
        profile:
          name: Tarn Velloway
          place: Ipsumburg, 20125, Freedonia
          address:
            - Via Lorem 336
            - Room 12, 1st Floor
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        """)
    assert rec.person.location == "Ipsumburg, Freedonia"


def test_order_list_naming_short_keys_and_what_when_where_entries():
    # a theme's "order" rows: the heading, the key of the data, then the style and column
    rec = _yaml("""
        name:
            first: Tarn
            last: Velloway
        site: "tarnv.example.org"
        order:
            - [Education, edu, voices, 1]
            - [Work, work, voices, 1]
            - [Languages, lang, skills, 2]
            - [Computer Skills, comp, skills_bar, 2]
            - [Honors & Awards, awd, voices, 2]
        edu:
            - what: PhD Student in Widget Mechanics
              when: 10/2018 -- present
              where: University of Loremvale
        work:
            - what: University Tutor
              when: 03/2019 -- 09/2019
              where: University of Loremvale
        lang:
            - what: Freedonian
              score: Mothertongue
            - what: Sylvanian
              score: C1
        comp:
            - what: Widgetscript
              score: 0.55
        awd:
            - what: Lorem Excellence Scholarship
              when: 2015 -- 2017
              where: University of Loremvale
        """)
    assert [(e.degree, e.institution, e.start) for e in rec.education] == [
        ("PhD Student in Widget Mechanics", "University of Loremvale", "2018-10")]
    assert [(p.title, p.organization) for p in rec.positions] == [("University Tutor", "University of Loremvale")]
    assert rec.languages == ["Freedonian", "Sylvanian"]
    assert rec.skills == ["Widgetscript"]
    assert [a.name for a in rec.awards] == ["Lorem Excellence Scholarship"]
    assert rec.person.homepage == "https://tarnv.example.org"


def test_languages_under_a_short_key_as_a_map_of_levels():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        lang:
          French: Native proficiency
          Polish: Basic communication skills
        """)
    assert rec.languages == ["French", "Polish"]


def test_grants_under_a_funded_key():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        funded:
          - title: "Widgets that unlearn: a study of gadget habits"
            org: "Ipsum Research Council"
            dates: "Since 2024"
        """)
    assert [(a.name, a.year) for a in rec.awards] == [("Widgets that unlearn: a study of gadget habits", "2024")]


def test_percentage_in_a_value_with_a_tilde_is_no_latex_comment():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        honours:
          - "**Lorem Widget Scholarship** (2018–2023; ~2.5% acceptance rate)."
          - "Ipsum Reviewer Award, Gadget Letters (2025, top 1%) -- honourable"
        """)
    assert [a.name for a in rec.awards] == ["Lorem Widget Scholarship (2018–2023; 2.5% acceptance rate).",
                                            "Ipsum Reviewer Award, Gadget Letters (2025, top 1%) – honourable"]


def test_author_list_with_the_subject_in_bold_initials():
    rec = _yaml("""
        name: Tarn Velloway
        education:
          - degree: "Ph.D. in Widgetry"
            institution: "University of Loremvale"
        publications:
          - title: Widgets at high temperatures
            authors:
            - Quill Harrow\\*
            - '***TV***\\*'
            - Ines Corva
            date: 2026-08
          - title: Gadget phases from widget reversibility
            authors:
            - '***TV***'
            - Quill Harrow
            - Oren Pask
            date: 2025-03
        """)
    got = [[(a.name, a.is_subject, a.equal_contribution) for a in p.authors] for p in rec.publications]
    assert got == [[("Quill Harrow", False, True), ("TV", True, True), ("Ines Corva", False, False)],
                   [("TV", True, False), ("Quill Harrow", False, False), ("Oren Pask", False, False)]]


def test_appointment_with_its_titles_under_affiliations():
    rec = _yaml("""
        name: Tarn Velloway
        appointments:
          - date_start: 2022
            date_end: null
            institution: University of Loremvale
            affiliations:
              - title: Assistant Professor
                dept: Department of Widget Science
              - title: Faculty Fellow
                dept: Institute for Gadget Research
          - date_start: 2018
            date_end: 2020
            institution: Ipsum University
            affiliations:
              - title: Postdoctoral Associate
        """)
    got = [(p.title, p.organization, p.unit, p.start, p.end) for p in rec.positions]
    assert got == [("Assistant Professor", "University of Loremvale", "Department of Widget Science", "2022", None),
                   ("Faculty Fellow", "University of Loremvale", "Institute for Gadget Research", "2022", None),
                   ("Postdoctoral Associate", "Ipsum University", None, "2018", "2020")]
