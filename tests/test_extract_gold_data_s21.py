"""Rules found in session 21 by scoring the extractor against gold records of real CV data files
and plain-text CVs sampled from the GitHub index (al-folio `_data/cv.yml` and
`assets/json/resume.json`, bamos-style and other `cv.yaml` files, custom `cv.json` schemas,
`cv.txt`/`CV.txt`). Each test is an invented CV in the shape that showed the problem; names,
places, venues and addresses are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _yaml(text: str, name: str = "cv.yaml"):
    return _doc(text, name, "yaml")


# a CV's own YAML schema: a "personal_data" block, "institution_name" keys, a "url:" map of
# project addresses at the top level
_PERSONAL_DATA_CV = """
    ---
    personal_data:
      first_name: Odile
      last_name: Quenneville
      title: Ph.D. in Lorem Dynamics
      phone: +00 (0)1 23 45 67 89
      email: odile.quenneville@lorem.example.org
      website: https://oquenneville.example.org
      github: https://github.com/oquenneville-lorem
    professional_experience:
      - title: Research fellow
        company_name: Ipsum Research Centre
        start_date: 2022-10-01
    education:
      - title: Ph.D. in Lorem Dynamics
        institution_name: Université de Dolorville
        start_date: 2014-05-01
        end_date: 2017-04-30
      - title: M.Sc. Sit Amet Engineering
        institution_name: Ecole Consectetur
        start_date: 2012-09-01
        end_date: 2013-06-30
    url:
      LOREM_url: http://lorem.example.org
      IPSUM_url: http://ipsum.example.org
"""


def test_personal_data_block_gives_the_person():
    p = _yaml(_PERSONAL_DATA_CV).person
    assert p.name == "Odile Quenneville"
    assert p.emails == ["odile.quenneville@lorem.example.org"]
    assert p.phones == ["+00 (0)1 23 45 67 89"]
    assert "https://github.com/oquenneville-lorem" in p.profiles


def test_url_map_is_not_the_homepage():
    # the top level's "url:" holds project addresses; the homepage is the person block's website
    assert _yaml(_PERSONAL_DATA_CV).person.homepage == "https://oquenneville.example.org"


def test_institution_name_key_names_the_institution():
    edu = _yaml(_PERSONAL_DATA_CV).education
    assert [(e.institution, e.field, e.start, e.end) for e in edu] == [
        ("Université de Dolorville", "Lorem Dynamics", "2014-05", "2017-04"),
        ("Ecole Consectetur", "Sit Amet Engineering", "2012-09", "2013-06")]


# al-folio's time table with the field in a "Major:" detail, and the awards' years written as
# list items of their own ([{year}, {items}, {year}, {items}])
_ALFOLIO_CV = """
    - title: General Information
      type: map
      contents:
        - name: Full Name
          value: Wenli Qiao (乔文立)
    - title: Education
      type: time_table
      contents:
        - title: Master
          institution: Lorem University, Dolorville, Freedonia
          year: 2023-2026 (Expected)
          description:
            - "<b>Major:</b> Software Engineering."
        - title: Bachelor
          institution: Ipsum Forestry University, Sitamet, Freedonia
          year: 2019-2023
          description:
            - "<b>Major:</b> Applied Mathematics."
    - title: Honors and Awards
      type: time_table
      contents:
        - year: 2023
        - items:
            - Outstanding Graduate of Ipsum Forestry University
        - year: 2021
        - items:
            - Lorem Programming Ladder 2020 <b>(Regional First prize)</b>
            - The 9th Dolor Collegiate Programming Contest
"""


def test_major_detail_gives_the_field():
    edu = _yaml(_ALFOLIO_CV, "cv.yml").education
    assert [(e.degree, e.field) for e in edu] == [("Master", "Software Engineering"), ("Bachelor", "Applied Mathematics")]


def test_year_item_before_its_awards_dates_them():
    awards = _yaml(_ALFOLIO_CV, "cv.yml").awards
    assert [(a.year, a.name[:30]) for a in awards] == [
        ("2023", "Outstanding Graduate of Ipsum "),
        ("2021", "Lorem Programming Ladder 2020 "),
        ("2021", "The 9th Dolor Collegiate Progr")]


def _text(text: str, name: str = "cv.txt"):
    return _doc(text, name, "text")


# a plain-text CV with no name line, each section headed "- Heading" over unbulleted lines
_DASH_HEADED_CV = """
    - Education
    2019 - 2022: PhD in Lorem Visualisation, Ipsum-Dolor University, Freedonia
    2016 - 2019: Bioinformatics Engineer Degree, INSA Sitamet, Freedonia


    - Experiences
    2023 - 2025: Lorem Visualisation Research Engineer, University of Consectetur

    - Hobbies
    Piano
"""


def test_dash_headings_open_sections():
    r = _text(_DASH_HEADED_CV)
    assert [(e.institution, e.start, e.end) for e in r.education] == [
        ("Ipsum-Dolor University", "2019", "2022"), ("INSA Sitamet", "2016", "2019")]
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Lorem Visualisation Research Engineer", "University of Consectetur")]


def test_one_dash_heading_word_in_a_list_is_an_item():
    # a single "- Teaching" in a list of interests heads nothing: two such lines are needed
    r = _text("""
        Jane Roe

        Interests
        - Teaching
        I like explaining things.
        - Gardening
    """)
    assert r.teaching == [] and r.person.interests


def test_engineer_degree_with_its_field_before_it():
    e = _text(_DASH_HEADED_CV).education[1]
    assert (e.level, e.field) == ("master", "Bioinformatics")


def test_field_before_a_bachelor_or_master():
    r = _text("""
        Jane Roe

        Education
        2018 - 2020: Computer science Master I, Lorem University
        2015 - 2018: Applied Physics Bachelor, Ipsum University
        2014: Outstanding Master's Graduate, Dolor University
    """)
    assert [(e.level, e.field, e.institution) for e in r.education[:2]] == [
        ("master", "Computer science", "Lorem University"), ("bachelor", "Applied Physics", "Ipsum University")]
    # an honour that names a degree is not read as one
    assert all(e.level == "other" for e in r.education[2:])


# a CV.txt that is a third-person biography in the IEEE style, and nothing else
_IEEE_BIO = ("Marek Quillfeather is a Principal Researcher at the Lorem Vision Group, Ipsum Research, "
             "Dolorville, France. He received the B.Eng. and M.Eng. degrees from the Department of "
             "Automation, Sitamet University, Dolorville, France, in 2003 and 2006, respectively, and "
             "the D.Phil. degree from the School of Computing, the Consectetur University of "
             "Science and Technology, Adipiscing, in 2010. He works on lorem and ipsum.")


def test_third_person_bio_names_its_subject():
    assert _text(_IEEE_BIO).person.name == "Marek Quillfeather"


def test_third_person_bio_degrees_with_respectively():
    edu = _text(_IEEE_BIO).education
    assert [(e.degree, e.level, e.field, e.institution, e.end) for e in edu] == [
        ("B.Eng.", "bachelor", "Automation", "Sitamet University", "2003"),
        ("M.Eng.", "master", "Automation", "Sitamet University", "2006"),
        ("D.Phil.", "doctorate", "Computing", "Consectetur University of Science and Technology", "2010")]


def test_third_person_bio_current_post():
    (p,) = _text(_IEEE_BIO).positions
    assert p.title == "Principal Researcher" and p.current and "Lorem Vision Group" in p.organization


def test_first_person_degrees_in_a_field_respectively():
    r = _text("""
        Jane Roe

        I received the B.S. and M.S. degrees in Lorem Physics from Ipsum University in 2011 and 2013,
        respectively. I am a Research Scientist at Dolor Labs.
    """)
    assert [(e.degree, e.field, e.institution, e.end) for e in r.education] == [
        ("B.S.", "Lorem Physics", "Ipsum University", "2011"), ("M.S.", "Lorem Physics", "Ipsum University", "2013")]


def _json(text: str, name: str = "cv.json"):
    return _doc(text, name, "jsonresume")


# a CV's own JSON schema: posts written as one phrase, teaching keyed by role and contest
_PROSE_POSTS_CV = """
    {
      "profile": {"firstName": "Ines", "lastName": "Quartermain", "email": "ines@quartermain.example.org"},
      "experience": [
        {"years": "2022--2023",
         "position": "Extended position at Lorem Institute \\\\textbf{Dolorville, France}, with Ada Roe on various projects.",
         "description": ""},
        {"years": "2019",
         "position": "Internship at Ipsum Labs \\\\textbf{Sitamet, Japan}, supervised by Brett Poe (5 months).",
         "description": "Work on lorem ipsum."}
      ],
      "teaching": [
        {"years": "2021", "position": "Lorem lab sessions", "details": "Python at Ipsum School (30 students)"},
        {"years": "2017--2024", "position": "Coach", "details": "for the school's teams", "contest": "Dolor Programming Contest"}
      ]
    }
"""


def test_post_written_as_one_phrase():
    posts = _json(_PROSE_POSTS_CV).positions
    assert [(p.title, p.organization, p.location, p.start) for p in posts] == [
        ("Extended position", "Lorem Institute Dolorville", "France", "2022"),
        ("Internship", "Ipsum Labs Sitamet", "Japan", "2019")]
    assert posts[1].mentors == ["Brett Poe"]


def test_teaching_keyed_by_role_and_contest():
    t = _json(_PROSE_POSTS_CV).teaching
    assert [(x.course, x.role) for x in t] == [("Lorem lab sessions", None), ("Dolor Programming Contest", "Coach")]


# a Chinese CV's service lines: a role label in Chinese, venues with their CCF rank, "、" lists
_CJK_SERVICE_CV = """
    Lin Qiaoyu（林乔雨）

    学术服务
    会议审稿人: LOREMCONF 2024（CCF-A），IPSUMCONF 2025（CCF-B），DOLOR Annual Meeting 2025（管理学顶会）

    技术程序委员会成员: SITCONF 2025

    技能
    Python、C++、Rust
"""


def test_cjk_reviewer_label_gives_one_role_per_venue():
    svc = _text(_CJK_SERVICE_CV).service
    assert [(s.role, s.organization, s.period) for s in svc] == [
        ("会议审稿人", "LOREMCONF", "2024"), ("会议审稿人", "IPSUMCONF", "2025"),
        ("会议审稿人", "DOLOR Annual Meeting", "2025"), ("技术程序委员会成员", "SITCONF", "2025")]


def test_ideographic_comma_separates_list_items():
    assert {"Python", "C++", "Rust"} <= set(_text(_CJK_SERVICE_CV).skills)


_IEEE_BIO_SERVICE = ("Ottilie Brandvold is an Associate Professor at Lorem University, Dolorville, France. She has "
                     "served or will serve as area chair and a senior PC member of LOREMCONF, "
                     "IPSUMCONF, DOLORCONF and so on. She is currently associate editor of Lorem Transactions on "
                     "Circuits and Sitamet, Ipsum Letters, and Dolor Review. She is the director of the Amet Lab.")


def test_third_person_bio_service_one_role_per_venue():
    svc = _text(_IEEE_BIO_SERVICE).service
    assert [(s.role, s.organization) for s in svc] == [
        ("area chair and senior PC member", "LOREMCONF"),
        ("area chair and senior PC member", "IPSUMCONF"),
        ("area chair and senior PC member", "DOLORCONF"),
        ("associate editor", "Lorem Transactions on Circuits and Sitamet"),
        ("associate editor", "Ipsum Letters"),
        ("associate editor", "Dolor Review")]     # (a director's post is not service)


def test_bio_service_not_read_when_the_cv_has_a_service_section():
    r = _text("Jane Roe\n\n" + _IEEE_BIO_SERVICE + "\n\nService\n\nReviewer: LOREMCONF 2024, IPSUMCONF 2025\n")
    assert [s.role for s in r.service] == ["Reviewer", "Reviewer"]


def test_data_degree_with_its_field_first():
    edu = _yaml("""
        name: Jane Roe
        education:
          - years: "2018"
            name: Lorem science Master I
            place: Ipsum Normal School
          - years: "2017"
            name: Lorem science Bachelor
            place: Ipsum Normal School
    """).education
    assert [(e.level, e.field) for e in edu] == [("master", "Lorem science"), ("bachelor", "Lorem science")]


def test_framed_headings_open_sections():
    r = _text("""
        Jane Roe

        ------Education------------
        Lorem University, BSc in Physics, 2015

        ====== Employment ======
        Research Assistant, Ipsum Lab, 2016-2018

        ---------- other notes ----------
        Dolor sit amet
    """)
    assert [(e.institution, e.degree) for e in r.education] == [("Lorem University", "BSc in Physics")]
    assert [(p.title, p.organization) for p in r.positions] == [("Research Assistant", "Ipsum Lab")]


def test_slovenian_headings():
    r = _text("""
        Jana Novak

        -------izobrazba----------
        Univerza v Lorem, Fakulteta za ipsum, 2015

        -------zaposlitev----------
        Raziskovalka, Inštitut Dolor, 2016-2018

        ------------spretnosti/znanja--------------
        Python, Rust
    """)
    # (the post's line under "zaposlitev" and the skills under "spretnosti/znanja": each section read as its kind)
    assert [(p.start, p.end) for p in r.positions] == [("2016", "2018")]
    assert {"Python", "Rust"} <= set(r.skills)


def test_outstanding_reviewer_list_in_service_is_awards():
    r = _text("""
        Jane Roe

        Service
        Reviewer: LOREMCONF 2024, IPSUMCONF 2025

        Outstanding Reviewer: LOREMCONF 2023, Ipsum Letters

        优秀审稿人：DOLOR（管理学年会）、SITCONF、Amet Networks
    """)
    assert [(s.role, s.organization) for s in r.service] == [("Reviewer", "LOREMCONF"), ("Reviewer", "IPSUMCONF")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Outstanding Reviewer, LOREMCONF", "2023"), ("Outstanding Reviewer, Ipsum Letters", None),
        ("优秀审稿人, DOLOR", None), ("优秀审稿人, SITCONF", None), ("优秀审稿人, Amet Networks", None)]


def test_volunteering_event_item():
    svc = _yaml("""
        name: Jane Roe
        education-history:
          - institute: Lorem University
            degree: PhD
        volunteering:
          - institute: Lorem University
            event: Camp Ipsum
            description: Teaching pupils the basics of programming
            dates: [2021-06-28]
    """).service
    assert [(s.role, s.organization) for s in svc] == [("Volunteer", "Camp Ipsum")]


def test_summary_states_a_society_post():
    r = _json("""
        {"basics": {"name": "Jane Roe", "email": "jroe@lorem.example.edu",
                    "summary": "I am a PhD student in Lorem at Ipsum University and Co-President of the Lorem Graduate Student Association (LGSA). I completed an MSc at Dolor University."},
         "education": [{"institution": "Ipsum University", "area": "Lorem", "studyType": "PhD", "startDate": "2025"}]}
    """)
    assert [(s.role, s.organization) for s in r.service] == [("Co-President", "Lorem Graduate Student Association")]
    # a member of a lab is no service post
    assert _json('{"basics": {"name": "Jane Roe", "summary": "I am a PhD student at Ipsum University and a member '
                 'of the Lorem Lab."}, "education": [{"institution": "Ipsum University", "studyType": "PhD"}]}').service == []
