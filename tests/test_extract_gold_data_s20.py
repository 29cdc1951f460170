"""Rules found in session 20 by scoring the extractor against gold records of real YAML CV data
and JSON Resume files (al-folio `_data/cv.yml` and `assets/json/resume.json`, bamos-style
`cv.yaml`, a site's own `cv.yml` of {date, title, affiliation} entries). Each test is an invented
CV in the shape that showed the problem; names, places, venues and addresses are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _yaml(text: str, name: str = "cv.yml"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="yaml", text=text, raw=text))


# a site's own YAML: entries keyed {date, title, affiliation, location}
_AFFILIATION_CV = """
    name: Lorna Quibble
    email: lquibble@lorem.example.edu
    web: http://people.lorem.example.edu/lquibble/

    education:
        - date:         2011-2015
          title:        Ph.D in Computer Science
          affiliation:  Ipsum Institute of Technology
          location:     Springfield, Freedonia
          mentor:       Dr. Ada Dolor
        - date:         2009-2011
          title:        M.Sc in Computer Science
          affiliation:  Ecole Lorem
          location:     Shelbyville, Freedonia

    positions:
        - date:         2016-till date
          title:        Research Scientist (robotics)
          affiliation:  Dolor Research Labs
          location:     Ogdenville, Freedonia
        - date:         2015-2016
          title:        Postdoctoral Associate
          affiliation:  Sit Amet University
          location:     Capital City, Freedonia

    awards:
        - date:   Aug 2011
          detail: Doctoral grant of the Freedonian research council.
        - date:   Jun 2006
          detail: First place in the Lorem Olympiad, among 900 entrants.

    reviews:
        journal:
            - title: Journal of Lorem Graphics
              years:
                - year: 2016
                - year: 2017
            - title: Ipsum Transactions on Vision
              years:
                - year: 2015
        conference:
            - title: LOREMGRAPH
              years:
                - year: 2016
"""


def test_affiliation_key_names_the_institution_and_the_employer():
    r = _yaml(_AFFILIATION_CV)
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Ph.D in Computer Science", "Ipsum Institute of Technology", "2011", "2015"),
        ("M.Sc in Computer Science", "Ecole Lorem", "2009", "2011")]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Research Scientist (robotics)", "Dolor Research Labs", "2016", None, True),
        ("Postdoctoral Associate", "Sit Amet University", "2015", "2016", False)]
    assert not [s for s in r.report.skipped if "without" in s]


def test_till_date_is_an_open_end():
    from mappers.extract.fields import parse_period

    assert parse_period("2016-till date") == ("2016", None, True)
    assert parse_period("Mar 2019 - till date") == ("2019-03", None, True)
    assert parse_period("2016-2018") == ("2016", "2018", False)


def test_awards_written_under_detail_with_a_date():
    r = _yaml(_AFFILIATION_CV)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Doctoral grant of the Freedonian research council.", "2011"),
        ("First place in the Lorem Olympiad, among 900 entrants.", "2006")]


def test_reviews_section_grouped_by_journal_and_conference_lists_venues():
    r = _yaml(_AFFILIATION_CV)
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Journal of Lorem Graphics"), ("Reviewer", "Ipsum Transactions on Vision"),
        ("Reviewer", "LOREMGRAPH")]


def test_web_key_is_the_homepage():
    r = _yaml(_AFFILIATION_CV)
    assert r.person.homepage == "http://people.lorem.example.edu/lquibble/"
    assert not [s for s in r.report.skipped if "'web'" in s]
    # a "web" key that is no address is no homepage
    r = _yaml("""
        name: Lorna Quibble
        web: yes please
        education:
          - school: Ipsum University
            degree: B.Sc. in Physics
            year: 2012
        """)
    assert r.person.homepage is None


def test_alfolio_contact_row_with_a_spelled_out_address():
    r = _yaml("""
        - title: General Information
          type: map
          contents:
            - name: Full Name
              value: Quinta Lorimer
            - name: Contact
              value: qlorimer [at] mail [dot] ipsum [dot] edu
        - title: Education
          type: time_table
          contents:
            - title: Bachelor of Science in Physics
              institution: Ipsum National University
              year: 2021 - 2025
        """)
    assert r.person.name == "Quinta Lorimer"
    assert r.person.emails == ["qlorimer@mail.ipsum.edu"]


def test_first_and_last_under_a_misspelt_name_key():
    text = """
        nmae:
          first: Oswin
          last: Tarrant
        email: otarrant@lorem.example.org
        url: "otarrant.example.org"
        talks:
          - title: Lorem waves in ipsum media
            location: Dolor Workshop 2021
            year: 2021
        """
    r = _yaml(text)
    assert r.person.name == "Oswin Tarrant"
    assert not r.report.warnings
    # a mapping with other keys besides the name's parts is not the subject's name
    r = _yaml(text.replace("  last: Tarrant", "  last: Tarrant\n          email: x@lorem.example.org"))
    assert r.person.name == ""


def test_yaml_about_states_a_degree_under_way_missing_from_the_education_list():
    r = _yaml("""
        name:
          first: Pim
          last: Vendrell
        about: 'I am a first-year Ph.D. student studying computer science at Lorem University
          where I am advised by Prof. Ada Dolor. I work on ipsum systems.'
        education:
          - school: Ipsum Institute of Technology
            degree: Master of Science in Electrical Engineering
            dates: Aug 2018 -- Dec 2019
        """)
    assert [(e.degree, e.field, e.institution, e.current) for e in r.education] == [
        ("Master of Science in Electrical Engineering", "Electrical Engineering", "Ipsum Institute of Technology", False),
        ("Ph.D.", "computer science", "Lorem University", True)]
    assert r.education[1].advisors == ["Ada Dolor"]


def test_yaml_about_adds_nothing_when_the_list_has_a_current_degree_or_that_institution():
    about = "about: 'I am a PhD student at Lorem University. I study ipsum.'\n"
    for entry in ("  - school: Lorem University\n    degree: PhD in Ipsum\n    dates: 2020 -- 2026\n",
                  "  - school: Dolor University\n    degree: PhD in Ipsum\n    dates: 2021 -- Present\n"):
        r = _yaml("name: Pim Vendrell\n" + about + "education:\n" + entry)
        assert len(r.education) == 1, entry


def test_yaml_about_without_an_education_list_gives_the_degree_at_the_university():
    r = _yaml("""
        name: Pim Vendrell
        about: 'I am a PhD candidate at the Ipsum Languages Institute at Lorem Sit University.
          I am advised by Dr. Ada Dolor in the Sit Lab.'
        talks:
          - title: Dolor waves in ipsum media
            location: Amet Workshop 2020
            year: 2020
        """)
    assert [(e.degree, e.institution, e.current) for e in r.education] == [("PhD", "Lorem Sit University", True)]
    # no first-person sentence: nothing read from the summary
    r = _yaml("""
        name: Pim Vendrell
        about: 'PhD candidate at Lorem Sit University.'
        talks:
          - title: Dolor waves in ipsum media
            year: 2020
        """)
    assert r.education == []


def test_alfolio_expected_graduation_detail_written_unquoted_gives_the_end():
    # "- Expected graduation: Jul 2027." unquoted is a one-key mapping in YAML
    r = _yaml("""
        - title: General Information
          type: map
          contents:
            - name: Full Name
              value: Quinta Lorimer
        - title: Education
          type: time_table
          contents:
            - title: Bachelor of Science (HONS) in Geology
              institution: Ipsum National University
              year: Aug 2023 – Present
              description:
                - Second Major in Lorem Studies.
                - Expected graduation: Jul 2027.
            - title: Master of Science in Chemistry
              institution: Dolor University
              year: 2019 – 2021
              description:
                - Thesis: Lorem ipsum catalysts at sit temperatures
                - "Advisor: Ada Dolor"
        """)
    e1, e2 = r.education
    assert (e1.start, e1.end, e1.current) == ("2023-08", "2027-07", True)
    assert (e2.start, e2.end, e2.current) == ("2019", "2021", False)
    assert e2.thesis == "Lorem ipsum catalysts at sit temperatures"
    assert e2.advisors == ["Ada Dolor"]


def test_bamos_service_detail_post_colon_place():
    r = _yaml("""
        name: Pim Vendrell
        order:
          - [service, Professional Activities]
        service:
          - details: "Mentor: Lorem Engineering Co-op Course"
            year: 2020
          - details: "Reviewing: Lorem Letters, Ipsum Journal"
            year: 2019-2021
          - details: "Workshop: Dolor methods for sit control"
            sub_details: "Organizer"
            year: 2022
        """)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Mentor", "Lorem Engineering Co-op Course", "2020"),
        ("Reviewer", "Lorem Letters", "2019-2021"), ("Reviewer", "Ipsum Journal", "2019-2021"),
        ("Organizer", "Workshop: Dolor methods for sit control", "2022")]


def test_bamos_publication_categories_in_bib_files_are_no_publications():
    r = _yaml("""
        name:
          first: Pim
          last: Vendrell
        order:
          - [all_publications, All Publications]
          - [teaching, Teaching Experience]
        all_publications:
          name: "Pim B. Vendrell"
          categories:
          - heading: Journal Articles
            prefix: J
            file: journals.bib
          - heading: Posters
            prefix: C
            file: posters.bib
        teaching:
          - semester: Spring 2013
            name: Lorem Optics
            short: Q3107
            position: TA
          - semester: Fall 2019
            name: Ipsum Algebra
            short: LU EE 510
            position: Grader
        """)
    assert r.publications == []
    assert any("journals.bib, posters.bib" in s for s in r.report.skipped)
    # a bare course number names no institution; "LU EE 510" names "LU"
    assert [(t.course, t.institution, t.role) for t in r.teaching] == [
        ("Lorem Optics", None, "TA"), ("Ipsum Algebra", "LU", "Grader")]


def test_json_resume_level_study_type_with_degrees_bracketed_in_area(tmp_path):
    import json

    from mappers.read import read_document

    data = {"basics": {"name": "Pim Vendrell", "email": "pim@lorem.example.edu"},
            "education": [
                {"institution": "Lorem University, Springfield", "area": "Chemistry (B.S.), Statistics (B.S.), Music (Minor)",
                 "studyType": "Undergraduate", "startDate": "2018-08", "endDate": "2022-05"},
                {"institution": "Ipsum Center for Music Studies, Sitville", "area": "Music (Theory & Composition)",
                 "studyType": "Undergraduate", "startDate": "2020-01", "endDate": "2020-05"},
                {"institution": "Dolor University", "area": "Ph.D in Physics", "studyType": "Graduate (Ph.D.)",
                 "startDate": "2022-08", "endDate": "present"}]}
    path = tmp_path / "resume.json"
    path.write_text(json.dumps(data))
    r = extract(read_document(path))
    assert r.format == "jsonresume"
    assert [(e.degree, e.level, e.field) for e in r.education] == [
        ("B.S.", "bachelor", "Chemistry, Statistics"),
        ("Undergraduate", "bachelor", "Music (Theory & Composition)"),   # no degree in brackets: as written
        ("Ph.D in Physics", "doctorate", "Physics")]


def test_bamos_activities_without_a_post_are_pastimes_not_service():
    r = _yaml("""
        name: Pim Vendrell
        order:
          - [activities, Activities]
        activities:
          - title: Lorem \\& Folk Fiddle
            year: 2013 -- Present
          - title: Ipsum University Choir
            year: 2014 -- Present
          - title: Treasurer, Dolor Graduate Student Association
            year: 2016 -- 2017
          - title: Sit Amet Outreach Day
            role: Organizer
            year: 2018
        """)
    assert [(s.role, s.organization) for s in r.service] == [
        ("Treasurer", "Dolor Graduate Student Association"), ("Organizer", "Sit Amet Outreach Day")]
    assert sum("not service" in s for s in r.report.skipped) == 2
    # under "Professional Activities" every item is service, as before
    r = _yaml("""
        name: Pim Vendrell
        professional_activities:
          - title: Lorem Workshop on Ipsum
            year: 2019
        """)
    assert [s.role for s in r.service] == ["Lorem Workshop on Ipsum"]


def test_yaml_tilde_inside_an_address_is_kept_and_markdown_links_give_their_label():
    r = _yaml("""
        name: Pim Vendrell
        url: "https://people.lorem.example.edu/~pvendrell/"
        about: 'I am advised by [Dr. Ada Dolor](https://www.lorem.example.edu/~dolor/) in the Sit Lab;
          see also \\href{https://ipsum.example.org/~roe/}{B.~Roe}.'
        talks:
          - title: Lorem ipsum
            year: 2020
        """)
    assert r.person.homepage == "https://people.lorem.example.edu/~pvendrell/"
    assert r.person.summary == "I am advised by Dr. Ada Dolor in the Sit Lab; see also B. Roe."


def test_service_role_key_with_the_event_under_title():
    r = _yaml("""
        name: Pim Vendrell
        service:
          - role: Organizer
            title: Lorem Outreach Day
            year: 2019
          - role: Reviewer
            title: Lorem Letters, Ipsum Journal
            year: 2020
          - role: Session chair
            title: Session chair
            year: 2021
        """)
    assert [(s.role, s.organization) for s in r.service] == [
        ("Organizer", "Lorem Outreach Day"), ("Reviewer", "Lorem Letters"), ("Reviewer", "Ipsum Journal"),
        ("Session chair", None)]


def test_bamos_extracur_key_is_a_section_of_pastimes():
    r = _yaml("""
        name: Pim Vendrell
        order:
          - [extracur, Activities]
        extracur:
          - details: Certified lorem diver, Freedonia | Basic ipsum training
            year: 2025
          - details: Amateur dolor rowing, Europe | Sit Amet Regatta 2024
            year: 2024
          - details: Lorem Student Federation, Freedonia | General Secretary
            year: 2016
        """)
    assert len(r.service) == 1 and "General Secretary" in r.service[0].role
    assert sum("not service" in s for s in r.report.skipped) == 2


def test_bamos_talk_named_by_its_event_and_year_keeps_the_year():
    r = _yaml("""
        name: Pim Vendrell
        talks:
          - title: LOREMCONF 2020
            link: https://video.example.org/lorem
            kind: other
          - title: Ipsum Vision Workshop 2019
            kind: youtube
          - title: Lessons from 2018 for dolor systems
            kind: other
        """)
    assert [(t.title, t.date) for t in r.talks] == [
        ("LOREMCONF 2020", "2020"), ("Ipsum Vision Workshop 2019", "2019"),
        ("Lessons from 2018 for dolor systems", None)]
