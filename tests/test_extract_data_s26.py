"""Rules found in session 26's data pass: a fresh batch of CV data files (YAML, site JSON, JSON
Resume) and plain-text CVs, each error written down with its general cause and the causes counted
over the batch and the saved real CVs. Each test is an invented CV in the shape that showed the
problem; names, places and subjects are made up."""
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


def test_section_blocks_with_theme_keys_of_their_own_are_read():
    # {id, title, style: timeline, entries: [...]}: a theme's own "style" key beside the entries
    rec = _json({"name": "Mira Quell", "sections": [
        {"id": "positions", "title": "Positions", "style": "timeline", "entries": [
            {"org": "Lorem Institute of Technology", "role": "Doctoral Researcher", "date": "April 2023 – Present"}]},
        {"id": "education", "title": "Education", "style": "timeline", "entries": [
            {"org": "Lorem Institute of Technology", "role": "M.Sc. Widgetry", "date": "October 2020 – March 2023"}]}]})
    assert [(p.organization, p.title, p.start) for p in rec.positions] == \
        [("Lorem Institute of Technology", "Doctoral Researcher", "2023-04")]
    assert [(e.institution, e.degree) for e in rec.education] == [("Lorem Institute of Technology", "M.Sc. Widgetry")]
    # {title, site: {id: …}, items: [...]}: a map of the site's settings beside the entries
    rec = _yaml("""
        personal:
          name: Mira Quell
        sections:
          - title: 'Education'
            site:
              id: 'cv_education'
            items:
              - title: 'Ph.D. in Applied Widgetry'
                subtitle: 'Ipsum University'
                when: '2018 - 2022'
          - title: 'Talks'
            site: {id: 'talks'}
            items:
              - title: 'Sparse widgets in the wild'
                subtitle: 'Dolor Workshop on Widgets'
                when: '12/11/2019'
    """)
    assert [(e.institution, e.degree, e.start, e.end) for e in rec.education] == \
        [("Ipsum University", "Ph.D. in Applied Widgetry", "2018", "2022")]
    assert [t.title for t in rec.talks] == ["Sparse widgets in the wild"]
    # {type: events, events: [...]}: the theme's type names the key that holds the entries
    rec = _yaml("""
        name: Mira Quell
        Teaching assistant appointments:
          type: events
          events:
          - name: LOR 361 Introduction to Widget Graphics.
            date: Fall 2011
          - name: LOR 225 Widget Structures.
            date: Spring 2011
    """)
    assert [(t.course, t.term) for t in rec.teaching] == \
        [("LOR 361 Introduction to Widget Graphics", "Fall 2011"), ("LOR 225 Widget Structures", "Spring 2011")]


def test_block_with_a_list_beside_its_entries_is_no_section_block():
    # a mapping that holds a second list is an entry (or something else), not a titled block
    rec = _yaml("""
        name: Mira Quell
        education:
          - title: 'Ph.D. in Applied Widgetry'
            institution: 'Ipsum University'
            year: 2022
        extras:
          title: Reading group
          tags: [widgets, gadgets]
          items: [{title: 'Weekly widget club'}]
    """)
    assert [e.institution for e in rec.education] == ["Ipsum University"]
    assert not rec.positions and not rec.talks


def test_given_name_with_surname_beside_it():
    rec = _yaml("""
        header:
          name: Mira
          surname: Quell-Varga
          contacts:
            - { icon: email, label: mquell@lorem.example, url: "mailto:mquell@lorem.example" }
            - { icon: web, label: quell.example, url: "https://quell.example" }
        education:
          - title: PhD in Widgetry
            org: Ipsum University
            dates: 2019 – 2023
    """)
    assert rec.person.name == "Mira Quell-Varga"
    assert rec.person.emails == ["mquell@lorem.example"]
    # a full name with the surname repeated beside it is kept as it is
    rec = _yaml("""
        name: Mira Quell
        surname: Quell
        education:
          - {degree: PhD in Widgetry, institution: Ipsum University, year: 2023}
    """)
    assert rec.person.name == "Mira Quell"


def test_associate_professor_title_left_out_of_mentor_names():
    rec = _yaml("""
        name: Mira Quell
        appointments:
          - title: Postdoctoral Researcher
            institution: Lorem Jiao Tong University
            years: March 2024 – present
            advisor: Assoc. Prof. Dr. Tor-Ivan Blom
          - title: Research Assistant
            institution: Ipsum Institute
            years: 2020 – 2022
            advisor: Associate Professor Ada Roe
    """)
    assert [p.mentors for p in rec.positions] == [["Tor-Ivan Blom"], ["Ada Roe"]]


def test_entries_kept_as_one_text_field_and_labelled_rows():
    # {html: "…"}: the entry is its text; a "Languages:" row of spoken languages gives languages
    rec = _json({"name": "Mira Quell", "sections": [
        {"id": "education", "title": "Education", "style": "timeline", "entries": [
            {"org": "Ipsum University", "role": "PhD in Widgetry", "date": "2021 – 2024"}]},
        {"id": "awards", "title": "Awards", "style": "list", "entries": [
            {"html": "Lorem Dean's Honour Roll, Winter Term 2021/22"},
            {"html": "Widget grant no.&nbsp;552047130 of the Ipsum Foundation, since May&nbsp;2023"}]},
        {"id": "skills", "title": "Skills", "style": "list", "entries": [
            {"html": "<strong>Programming:</strong> Python, OCaml, C"},
            {"html": "<strong>Languages:</strong> Dutch (native), English (C1), Italian (B1)"}]}]})
    assert [(a.name, a.year) for a in rec.awards][0] == ("Lorem Dean's Honour Roll, Winter Term 2021/22", "2021")
    assert rec.awards[1].year == "2023"          # not "2047" from inside the grant's number
    assert rec.skills == ["Python", "OCaml", "C"]
    assert rec.languages == ["Dutch", "English", "Italian"]
    # RenderCV {label: Languages, details: "…"} naming only spoken languages, under skills
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            education:
              - {institution: Ipsum University, area: Widgetry, degree: PhD, start_date: 2019, end_date: 2023}
            skills:
              - label: Languages
                details: Dutch, English, Italian
              - label: Programming
                details: R, Git (basics)
    """)
    assert rec.languages == ["Dutch", "English", "Italian"]
    assert rec.skills == ["R", "Git (basics)"]


def test_languages_label_with_programming_languages_stays_skills():
    rec = _yaml("""
        name: Mira Quell
        education:
          - {degree: PhD in Widgetry, institution: Ipsum University, year: 2023}
        skills:
          - title: Languages
            details: Python, Julia, C++
    """)
    assert rec.skills == ["Python", "Julia", "C++"] and not rec.languages


def test_teaching_role_and_course_in_one_field_and_skill_groups():
    rec = _json({"name": "Mira Quell", "sections": [
        {"id": "education", "title": "Education", "style": "timeline", "entries": [
            {"org": "Ipsum University", "role": "PhD in Widgetry", "date": "2021 – 2024"}]},
        {"id": "teaching", "title": "Teaching Experience", "style": "collapsible", "entries": [
            {"org": "Ipsum University, Dolor", "role": "Widget Analysis 2 | Assistant", "date": "April 2024 – September 2024"}]},
        {"title": "Teaching", "type": "timeline", "items": [
            {"period": "", "title": "Instructor — Gadgets with Lorem", "org": "Amet College"}]},
        {"title": "Technical Skills", "type": "skills", "groups": [
            {"label": "Programming", "items": ["Python", "OCaml"]},
            {"label": "Mathematics", "items": ["Topology"]}]}]})
    assert [(t.course, t.role, t.institution) for t in rec.teaching] == [
        ("Widget Analysis 2", "Assistant", "Ipsum University, Dolor"),
        ("Gadgets with Lorem", "Instructor", "Amet College")]
    assert rec.skills == ["Python", "OCaml", "Topology"]


def test_site_json_with_degrees_and_posts_but_no_name_is_read():
    # a site's data file that holds only sections (no name, no person block), as the same data in YAML is read
    rec = _json({"experience": [{"title": "Affiliated Researcher", "institution": "Lorem Institute for Widgets",
                                 "location": "Ipsum, Dolorland", "start": "2023-06", "end": None}],
                 "education": [{"title": "Ph.D. Widget Policy", "institution": "Ipsum Polytechnic", "start": "2021-09",
                                "end": "2024-06", "description": "<strong>Thesis:</strong> Uncertain Widgets in Practice"
                                "<br><strong>Supervisor:</strong> Prof. Tor Blom<br>Defense forthcoming."}]})
    assert [(p.organization, p.title) for p in rec.positions] == [("Lorem Institute for Widgets", "Affiliated Researcher")]
    assert [(e.thesis, e.advisors) for e in rec.education] == [("Uncertain Widgets in Practice", ["Tor Blom"])]
    assert not rec.person.name


def test_degree_advisors_and_label_value_fields():
    rec = _yaml("""
        name: Mira Quell
        education:
          - institution: Lorem Technical University
            degree: "Dr. rer. nat. in Widgetry, *summa cum laude*. Advisor: Prof. Ada Roe"
            years: 2017–2021
          - title: MSc in Gadget Studies
            org: Ipsum University · Widget Lab
            dates: 2015 – 2017
            fields:
              - [Thesis, "*Gadgets and their widgets.*"]
              - [Supervisors, "Tor Blom and Ada Roe."]
          - school: Dolor University
            degree: Ph.D. candidate Widgetry
            dates: 2019-present
            thesis: Thesis -- Widgets at Scale (working title)
            advisor1: Tor Blom, Ph.D
            advisor2: Prof. Ada Roe, Ph.D
        experience:
          - title: Postdoctoral Researcher
            org: Amet University · Mind, Widget & Gadget Center (MWG)
            dates: Since 2024
            fields:
              - [PI, "Ada Roe."]
    """)
    first, second, third = rec.education
    assert (first.degree, first.advisors, first.honours) == ("Dr. rer. nat. in Widgetry", ["Ada Roe"], ["summa cum laude"])
    assert (second.thesis, second.advisors) == ("Gadgets and their widgets", ["Tor Blom", "Ada Roe"])
    assert (third.thesis, third.advisors) == ("Widgets at Scale (working title)", ["Tor Blom", "Ada Roe"])
    (post,) = rec.positions
    assert (post.organization, post.unit, post.mentors) == \
        ("Amet University", "Mind, Widget & Gadget Center (MWG)", ["Ada Roe"])


def test_conference_groups_of_talks_topics_refereeing_and_bibtex_keys():
    rec = _yaml("""
        name: Mira Quell
        conferences:
          oral:
            - authors: Quell, M., & Blom, T.
              year: 2025
              title: Widgets under pressure.
              venue: XI Lorem Widget Congress, Ipsum, Dolorland, July 23–25.
          poster:
            - authors: Blom, T., & Quell, M.
              year: 2024
              title: Gadget drift in small samples.
              venue: 28th Annual Meeting of the Ipsum Society, Amet, October 2–4.
        talks:
          - year: 2023
            topic: Widget markets and their discontents
            conference: Lorem Central Meeting
            place: Ipsum/ Dolorland
        refereeing:
          - title: Lorem Widget Review
        Other publications:
          type: pubs
          pubs:
          - 'Quell:2012'
          - 'Quell:2011a'
        education:
          - {degree: PhD in Widgetry, institution: Ipsum University, year: 2023,
             details: "Advisors: Prof. Ada Roe - Prof. Tor Blom"}
    """)
    assert [(t.title, t.date) for t in rec.talks] == [("Widgets under pressure", "2025"),
                                                       ("Gadget drift in small samples", "2024"),
                                                       ("Widget markets and their discontents", "2023")]
    assert rec.talks[2].host == "Lorem Central Meeting"
    assert not rec.publications
    assert [(s.role, s.organization) for s in rec.service] == [("Reviewer", "Lorem Widget Review")]
    assert rec.education[0].advisors == ["Ada Roe", "Tor Blom"]


def test_section_of_no_known_kind_holding_only_posts():
    rec = _yaml("""
        name: Mira Quell
        training:
          - title: Research Intern (Remote)
            institution: Lorem National Centre for Widgets
            years: May 2021 – Aug 2021
            advisor: Prof. Dr. Ada Roe
          - title: Research Assistant
            institution: Ipsum University
            years: Dec 2018 – Dec 2020
        courses_attended:
          - title: Summer School on Widget Statistics
            org: Dolor University
            dates: Jul. 2024
    """)
    assert [(p.title, p.organization, p.start, p.mentors) for p in rec.positions] == [
        ("Research Intern (Remote)", "Lorem National Centre for Widgets", "2021-05", ["Ada Roe"]),
        ("Research Assistant", "Ipsum University", "2018-12", [])]


def test_subtitle_names_the_organization_before_the_town_and_talk_kind_leads():
    rec = _yaml("""
        personal: {name: Mira, surname: Quell}
        skills:
          langs:
            - {title: Dutch, info: Mothertongue}
            - {title: English, info: "Fluent, CEFR C1"}
          skills:
            - {title: Programming, info: "Julia, OCaml"}
        sections:
          - title: Education
            items:
              - {title: Ph.D. in Widgetry, subtitle: Ipsum University, when: 2018 - Present, where: Dolor (IT)}
          - title: Other experiences
            items:
              - {title: Secretary and web editor, subtitle: Lorem Association of Widget Students, when: 09/2014 - 12/2017, where: Amet (IT)}
          - title: Talks and Posters
            items:
              - {title: 'Invited talk | Widgets in high dimension', subtitle: 'Widget group, Ipsum University', when: 12/11/2019, where: Sit (CH)}
          - title: Teaching
            items:
              - {title: Tutoring for widget courses, subtitle: Ipsum University, when: Spring 2019 - Present, where: Dolor (IT)}
    """)
    assert rec.person.name == "Mira Quell"
    assert [(p.title, p.organization) for p in rec.positions] == \
        [("Secretary and web editor", "Lorem Association of Widget Students")]
    assert [(t.title, t.host) for t in rec.talks] == [("Widgets in high dimension", "Widget group, Ipsum University")]
    assert [(t.course, t.institution) for t in rec.teaching] == [("Tutoring for widget courses", "Ipsum University")]
    assert rec.languages == ["Dutch", "English"] and rec.skills == ["Julia", "OCaml"]


def test_subtitle_naming_a_teaching_role_is_no_institution():
    rec = _yaml("""
        name: Mira Quell
        teaching:
          - title: "WID:1005"
            subtitle: Primary Instructor
            semester: Fall 2022
    """)
    assert [(t.course, t.institution) for t in rec.teaching] == [("WID:1005", None)]


def test_rendercv_subheading_entries_are_no_entries():
    rec = _yaml("""
        cv:
          name: Mira Quell
          sections:
            presentations:
            - name: Invited talks
            - name: Widgets and their makers
              summary: Lorem Institute for Gadgets, Ipsum
              date: 2026
            - name: Conference presentations
            - name: Widget trust in small samples
              summary: Dolor General Meeting, Amet
              date: 2025
            publications:
            - title: Peer-reviewed publications
              authors:
              - (*n* = 1)
            - title: Widget Drift in Practice
              authors: ['**M. Quell**', T. Blom]
              journal: Lorem Letters
              date: 2025
            - title: Working papers
              authors:
              - (*n* = 1)
            - title: Gadget Markets Revisited
              authors: ['**M. Quell**']
              date: 2026
            awards:
            - name: Lorem Widget Prize
            - name: Ipsum Fellowship
              date: 2021
    """)
    assert [t.title for t in rec.talks] == ["Widgets and their makers", "Widget trust in small samples"]
    assert [p.title for p in rec.publications] == ["Widget Drift in Practice", "Gadget Markets Revisited"]
    assert [a.name for a in rec.awards] == ["Lorem Widget Prize", "Ipsum Fellowship"]   # one name-only entry is an entry


def test_theme_events_and_jobs_written_as_lines():
    rec = _yaml("""
        name: Mira Quell
        Education:
          type: events
          events:
          - name: Ipsum University, Springfield, OR, USA. MSc in Widget Science.
            date: 2012
        Reviewerships:
          type: events
          events:
          - name: Lorem Transactions on Widgets.
            date: 2012-2014
          - name: WidgetVis.
            date: 2014
        Academic positions:
          type: jobs
          jobs:
          - title: Research assistant
            location: Gadget Lab, Ipsum Widget Science Department
            dates:
              start: January 2011
              finish: December 2012
    """)
    assert [(e.institution, e.degree, e.location, e.end) for e in rec.education] == \
        [("Ipsum University", "MSc in Widget Science", "Springfield, OR, USA", "2012")]
    assert [(s.role, s.organization, s.period) for s in rec.service] == \
        [("Reviewer", "Lorem Transactions on Widgets", "2012-2014"), ("Reviewer", "WidgetVis", "2014")]
    assert [(p.title, p.organization, p.start, p.end) for p in rec.positions] == \
        [("Research assistant", "Gadget Lab, Ipsum Widget Science Department", "2011-01", "2012-12")]


def test_list_of_posts_and_a_degree_under_a_key_of_no_kind():
    rec = _json({"list": [
        {"date": "2019 - Now", "organization": "Lorem University", "position": "Assistant Professor in Widget Studies"},
        {"date": "2015 - 2019", "organization": "University of Ipsum (UoI)", "position": "PhD in Widget Studies"}]})
    assert [(p.organization, p.title, p.current) for p in rec.positions] == \
        [("Lorem University", "Assistant Professor in Widget Studies", True)]
    assert [(e.institution, e.degree, e.start, e.end) for e in rec.education] == \
        [("University of Ipsum (UoI)", "PhD in Widget Studies", "2015", "2019")]
