"""Rules found in session 22 by scoring the extractor against gold records of real CV data files
and plain-text CVs sampled from the GitHub index (JSON Resume `assets/json/resume.json` and
`assets/cv/resume.json`, bamos-style `cv.yaml`, RenderCV `*_CV.yaml`, Hugo `data/cv.yaml`,
`cv.txt`). Each test is an invented CV in the shape that showed the problem; names, places,
venues and addresses are made up."""
from __future__ import annotations

import json
import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _yaml(text: str, name: str = "cv.yaml"):
    return _doc(text, name, "yaml")


def _json(data: dict, name: str = "resume.json"):
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="jsonresume", text=text, raw=text))


# a Hugo site's data/cv.yaml: {title, subtitle, period} entries, the institution as the title
_TITLE_SUBTITLE_CV = """
    personal:
      name: "Ilse Marrow"
      email: "ilse.marrow@lorem.example.edu"
    education:
      - title: "LIPSU"
        subtitle: "Ph.D., Dolor Graduate School of Data Science"
        period: "Sep 2021 - Feb 2025"
        location: "Lorem City, Nowhere"
      - title: "Amet University"
        subtitle: "B.S., Department of Statistics and Informatics"
        period: "Mar 2016 - Aug 2020"
    position:
      - title: "LIPSU"
        subtitle: "Technical Research Personnel, Dolor Graduate School of Data Science"
        period: "Mar 2024 - Feb 2027 (Expected)"
      - title: "Vexo Labs"
        subtitle: "Research Intern, Perception Team"
        period: "Jul - Aug 2019; Jan - Feb, Jul - Aug 2020 (Intermittent)"
      - title: "Postdoctoral Researcher"
        subtitle: "Amet University"
        period: "2025 - Present"
"""


def test_title_subtitle_entries_name_the_institution_by_their_words():
    r = _yaml(_TITLE_SUBTITLE_CV)
    eds = [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education]
    assert eds == [("LIPSU", "Ph.D.", None, "2021-09", "2025-02"),
                   ("Amet University", "B.S.", "Statistics and Informatics", "2016-03", "2020-08")]
    posts = [(p.organization, p.title, p.unit) for p in r.positions]
    assert posts == [("LIPSU", "Technical Research Personnel", "Dolor Graduate School of Data Science"),
                     ("Vexo Labs", "Research Intern", "Perception Team"),
                     ("Amet University", "Postdoctoral Researcher", None)]


def test_intermittent_spells_run_from_the_first_to_the_last():
    vexo = _yaml(_TITLE_SUBTITLE_CV).positions[1]
    assert (vexo.start, vexo.end) == ("2019-07", "2020-08")


# bamos/cv-style languages ({title, details}) and a grouped service block whose "reviewing" list
# names one venue per item, one of them with commas in its name
_BAMOS_CV = """
    name:
      first: Perrin
      last: Hollowell
    email: perrin@lorem.example.org
    education:
      - school: Lorem University
        degree: PhD in Ipsum Physics
        dates: 2020 -- Present
    languages:
      - title: Breton
        details: native
      - title: Icelandic
        details: basics
    service:
      reviewing:
        - "Lorem Letters in Physics, Chemistry \\\\& Dolor"
        - "Annals of Ipsum"
      main:
        - details: Student representative, Lorem University
          year: 2024 -- Present
"""


def test_bamos_languages_are_named_under_title():
    assert _yaml(_BAMOS_CV).languages == ["Breton", "Icelandic"]


def test_reviewing_group_gives_one_reviewer_role_per_listed_venue():
    svc = [(s.role, s.organization) for s in _yaml(_BAMOS_CV).service if s.role == "Reviewer"]
    assert svc == [("Reviewer", "Lorem Letters in Physics, Chemistry & Dolor"), ("Reviewer", "Annals of Ipsum")]


# RenderCV: talks and teaching as NormalEntry {name, date, summary}; an "other_information"
# section of labelled bullets
_RENDERCV = """
    cv:
      name: "Tamsin Okonkwo-Reyes"
      email: "tamsin@lorem.example.edu"
      sections:
        education:
          - institution: Lorem State University
            area: Hydrology
            degree: Ph.D.
            start_date: 2021-08
            end_date: 2025-05
        Invited Talks:
          - name: "Rivers That Forget Their Banks"
            date: "2024"
            summary: "Ipsum Department of Geosciences seminar series"
          - name: "A Long Abstract Talk"
            date: "2023"
            summary: "We study how sediment moves. Results show that dams change everything we thought we knew about floods and droughts alike."
        Teaching:
          - name: "GEO 101: Lorem Earth"
            date: "2022"
            summary: "Teaching assistant"
          - name: "GEO 310: Ipsum Methods"
            date: "2023"
            summary: "Instructor of record"
          - name: "Sediment Reading Group"
            date: "2024"
            summary: "Departmental journal club, co-organized with a colleague"
        other_information:
          - bullet: '**Leadership:** Editorial Board, Lorem Water Letters (2024–Present); Executive Committee, Ipsum Young Scientists (2025–2026)'
          - bullet: '**Languages:** Catalan (Native), Tagalog (Basic)'
"""


def test_rendercv_talk_summary_names_where_it_was_given():
    talks = [(t.title, t.host, t.date) for t in _yaml(_RENDERCV, "Lorem_CV.yaml").talks]
    assert talks[0] == ("Rivers That Forget Their Banks", "Ipsum Department of Geosciences seminar series", "2024")
    assert talks[1][1] is None          # a summary of sentences is an abstract, not a host


def test_rendercv_teaching_summary_that_is_a_role_gives_the_role():
    roles = [(t.course, t.role) for t in _yaml(_RENDERCV, "Lorem_CV.yaml").teaching]
    assert roles == [("GEO 101: Lorem Earth", "Teaching assistant"), ("GEO 310: Ipsum Methods", "Instructor of record"),
                     ("Sediment Reading Group", None)]


def test_labelled_bullets_of_an_unknown_section_are_read_by_their_label():
    r = _yaml(_RENDERCV, "Lorem_CV.yaml")
    assert r.languages == ["Catalan", "Tagalog"]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Editorial Board", "Lorem Water Letters", "2024–Present"),
        ("Executive Committee", "Ipsum Young Scientists", "2025–2026")]


# JSON Resume as people extend it: profiles under basics keys of their own or beside "basics",
# spreadsheet dates ("Jun-25"), a "year" on publications, internships among the degrees, a
# "presentations" list, a minor in "area"
_JSON_RESUME = {
    "basics": {"name": "Quill Abernathy-Soto", "email": "quill@lorem.example.org",
               "website": "https://quill.example.org", "linkedin": "https://linkedin.com/in/quill-lorem",
               "github": "quill-lorem"},
    "work": [{"name": "Institute of Lorem, Ipsum University", "position": "Summer Research Intern",
              "startDate": "Jun-25", "endDate": "Aug-25"}],
    "education": [
        {"institution": "Dolor Institute of Technology", "area": "Computer Science", "studyType": "PhD",
         "startDate": "2025-08", "endDate": "TBD"},
        {"institution": "Amet University", "area": "Computer Science", "studyType": "Internship",
         "startDate": "2024-02", "endDate": "2024-09"},
        {"institution": "Consectetur College", "area": "Minor in Linguistics",
         "studyType": "BSc in Data Engineering", "startDate": "2019-09"},
    ],
    "publications": [{"authors": "Abernathy-Soto, Q., et al.", "year": 2022, "title": "Lorem routes with ipsum",
                      "journal": "Journal of Dolor Science"}],
    "presentations": [{"event": "Lorem Ipsum Workshop 2023", "location": "Springfield, Nowhere"},
                      {"title": "Routes and roots", "event": "Dolor Days", "date": "2021-05"}],
}


def test_basics_keys_named_for_a_network_are_profiles():
    p = _json(_JSON_RESUME).person
    assert "https://linkedin.com/in/quill-lorem" in p.profiles
    assert "https://github.com/quill-lorem" in p.profiles
    data = {**_JSON_RESUME, "basics": {"name": "Quill Abernathy-Soto"},
            "profiles": [{"network": "GitHub", "username": "quill-lorem", "url": "https://github.com/quill-lorem"}]}
    assert _json(data).person.profiles == ["https://github.com/quill-lorem"]


def test_month_and_two_digit_year_dates():
    post = _json(_JSON_RESUME).positions[0]
    assert (post.start, post.end) == ("2025-06", "2025-08")


def test_publication_year_key_gives_the_year():
    pub = _json(_JSON_RESUME).publications[0]
    assert (pub.year, pub.venue) == ("2022", "Journal of Dolor Science")


def test_internship_listed_among_degrees_is_a_post():
    r = _json(_JSON_RESUME)
    assert [e.institution for e in r.education] == ["Dolor Institute of Technology", "Consectetur College"]
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions if p.organization == "Amet University"] == [
        ("Amet University", "Intern", "2024-02", "2024-09")]


def test_minor_in_area_leaves_the_major_of_the_degree():
    edu = _json(_JSON_RESUME).education[1]
    assert (edu.degree, edu.field) == ("BSc in Data Engineering", "Data Engineering")


def test_presentations_list_gives_talks():
    talks = [(t.title, t.host, t.date) for t in _json(_JSON_RESUME).talks]
    assert talks == [("Lorem Ipsum Workshop 2023", None, "2023"), ("Routes and roots", "Dolor Days", "2021-05")]


def _text(text: str, name: str = "cv.txt"):
    return _doc(text, name, "text")


# a plain-text CV made for parsers: "- Entry — fields" lines with "  • " notes under them,
# "Link:" lines, publications as a line and labelled lines under it
_PARSER_TEXT_CV = """
    Rosalind Quarrie-Bex
    Plain text CV.

    CONTACT
    - Email: rqb@lorem.example.org
    - Website: https://rqb.example.org

    CAREER HIGHLIGHTS
    - Tool author: Wrote a 300-page guide to ipsum statistics (Dolor Press, Mar 2024)
      Link: https://dolor.example.org/guide

    EDUCATION
    - Lorem Institute of Technology — Springfield, OR
      • PhD Student, Computer Science — Robotics (2023–Present)
      • Advisor: Dr. Ada Penhallow
    - Ipsum State University — Shelbyville, KY
      • MSE Biomedical Engineering: Imaging Focus (2020–2022)

    TEXTBOOK
    - Ipsum Statistics for the Curious — Dolor Press, Printed March 2024.
      Authors: Rosalind Quarrie-Bex, Tobias Wren.
      Details: 300 pages, 90 figures.
      Link: https://dolor.example.org/guide

    SELECTED PUBLICATIONS
    - Sparse Lorem Probes — ICLR 2025.
      Authors: R. Quarrie-Bex*, T. Wren*, et al. (* indicates equal contribution)
      Notes: An open-source suite for probing ipsum models.
      Link: https://arxiv.org/abs/2501.00001

    SKILLS SUMMARY
    - Languages: Python (advanced), Rust, SQL
    - Tools: PyTorch, Docker

    LEADERSHIP & COMMUNITY ENGAGEMENT
    - Head of Outreach — Lorem Robotics Society — 2025
      • Developing the society's funding plan for 2025-2026.
    - Workshop Organizer — Ipsum Meeting — 2024
      • Organized a 150-person meeting; raised the funding.
      Link: https://ipsum.example.org/meeting

    TALKS & DEMOS
    - Probing Sparse Models — Dolor National Laboratory, 2025
      • Invited talk on probes for code models.

    FUN
    - Chess: club champion, twice
"""


def test_parser_text_cv_headings():
    r = _text(_PARSER_TEXT_CV)
    assert r.skills == ["Python (advanced)", "Rust", "SQL", "PyTorch", "Docker"]
    assert not [p for p in r.positions if "guide" in (p.organization + (p.title or "")).lower()]
    assert [t.course for t in r.teaching] == []        # "FUN" ends the section above it
    assert "Ipsum Statistics for the Curious" in [p.title for p in r.publications]


def test_labelled_publication_lines_give_authors_title_and_venue():
    pubs = {p.title: p for p in _text(_PARSER_TEXT_CV).publications}
    assert set(pubs) == {"Ipsum Statistics for the Curious", "Sparse Lorem Probes"}
    book = pubs["Ipsum Statistics for the Curious"]
    assert [a.name for a in book.authors] == ["Rosalind Quarrie-Bex", "Tobias Wren"]
    assert (book.year, book.urls) == ("2024", ["https://dolor.example.org/guide"])
    probes = pubs["Sparse Lorem Probes"]
    assert [a.name for a in probes.authors] == ["R. Quarrie-Bex", "T. Wren"]
    assert (probes.venue, probes.year, probes.et_al) == ("ICLR", "2025", True)


def test_link_lines_and_sentence_notes_are_no_entries():
    r = _text(_PARSER_TEXT_CV)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Head of Outreach", "Lorem Robotics Society", "2025"), ("Workshop Organizer", "Ipsum Meeting", "2024")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [("Probing Sparse Models", "Dolor National Laboratory", "2025")]


def test_degree_lines_under_a_dashed_institution_line():
    eds = [(e.institution, e.degree, e.field, e.level) for e in _text(_PARSER_TEXT_CV).education]
    assert eds[0] == ("Lorem Institute of Technology", "PhD", "Computer Science — Robotics", "doctorate")
    assert eds[1][0] == "Ipsum State University" and eds[1][2:] == ("Biomedical Engineering", "master")


def test_engineering_school_degree_abbreviations():
    from mappers.extract.fields import degree_level

    assert [degree_level(t) for t in ("MSE in Robotics", "BSE, Mechanical Engineering", "MSEE")] == \
        ["master", "bachelor", "master"]
    # not a degree: a department's or a loss function's name
    assert [degree_level(t) for t in ("Department of MSE, Lorem University", "Training with the MSE loss")] == \
        ["other", "other"]


# one paragraph per post, the long one opening on its role and closing on its dates
_PARAGRAPH_POSTS = """
    JANE ROE
    ========

    Email: jane.roe@lorem.example.org


    EXPERIENCE
    ==========

    Research Analyst, Lorem Policy Institute, Springfield, Nowhere, January 2018--present.

    Teaching Assistant for undergraduate ipsum theory and dolor economics, Department of Ipsum Studies, Amet University, Nowhere, February 2016--November 2017.

    Summer Intern, Actuarial Team, Sit Partners, Springfield, Nowhere, November 2015--February 2016.
"""


def test_long_dated_paragraph_opening_on_a_role_is_a_post():
    posts = [(p.title, p.organization, p.start, p.end) for p in _text(_PARAGRAPH_POSTS).positions]
    assert ("Teaching Assistant for undergraduate ipsum theory and dolor economics", "Amet University",
            "2016-02", "2017-11") in posts
    assert len(posts) == 3


def test_person_block_dblp_and_semantic_scholar_keys_are_profiles():
    r = _yaml("""
        personal:
          name: "Ilse Marrow"
          github: "imarrow-lorem"
          dblp: "123/4567"
          semantic_scholar: "I.-Marrow/1234567890"
        education:
          - institution: Amet University
            degree: B.S.
            period: "2016 - 2020"
    """)
    assert r.person.profiles == ["https://github.com/imarrow-lorem", "https://dblp.org/pid/123/4567",
                                 "https://www.semanticscholar.org/author/I.-Marrow/1234567890"]


# a site's own cv.yaml with bamos-like keys and no "order:" list
_SITE_CV = """
    contact:
      name:
        first: Wendell
        last: Ashgrove
      email: wendell@lorem.example.org
    education:
      - school: Lorem State University
        degree: Ph.D.
        major: Ipsum Psychology
        year: 2019
    research:
      - dates: 2021 -
        title: Assistant Project Scientist
        name: Dolor Learning Lab
        location: Lorem State University
        advisor: Amara Quist
      - dates: 2019 – 2021
        title: Postdoctoral Fellow
        name: Sit Amet Institute
    teaching:
      - dates: 2020 – 2021
        title: Lecturer
        course: "PSY 101: Lorem Statistics"
        location: Lorem State University
    teaching_assisting:
      - course: "PSY 85: Intro to Ipsum Science"
        dates: Spring, 2016
    participation_in_schools,_workshops_and_conferences:
      - name: "Lorem Winter School"
        date: "January 2020"
        summary: "Ipsum Institute"
    service:
      - title: Symposium Director
        dates: 2016 – 2018
        name: The 3rd annual Dolor in Action Symposium
        location: Lorem State University
      - name: Referee for journals
        start_date: 2022
        end_date: present
        summary: Lorem Letters (6 times), Ipsum Review (2 times), and Dolor Journal (once).
"""


def test_research_list_of_dated_posts_is_positions_and_a_lab_belongs_to_the_named_university():
    posts = [(p.title, p.organization, p.unit, p.start) for p in _yaml(_SITE_CV).positions]
    assert posts == [("Assistant Project Scientist", "Lorem State University", "Dolor Learning Lab", "2021"),
                     ("Postdoctoral Fellow", "Sit Amet Institute", None, "2019")]


def test_teaching_roles_from_title_key_and_from_an_assisting_section():
    roles = [(t.course, t.role) for t in _yaml(_SITE_CV).teaching]
    assert roles == [("PSY 101: Lorem Statistics", "Lecturer"), ("PSY 85: Intro to Ipsum Science", "Teaching Assistant")]


def test_schools_and_workshops_attended_are_no_publications():
    r = _yaml(_SITE_CV)
    assert not r.publications and not r.talks


def test_service_title_is_the_role_and_name_what_it_was_for():
    svc = [(s.role, s.organization, s.period) for s in _yaml(_SITE_CV).service]
    assert svc[0] == ("Symposium Director", "The 3rd annual Dolor in Action Symposium", "2016 – 2018")
    assert svc[1:] == [("Referee", "Lorem Letters", "2022-present"), ("Referee", "Ipsum Review", "2022-present"),
                       ("Referee", "Dolor Journal", "2022-present")]


def test_teaching_summary_naming_the_lecturer_is_no_role():
    r = _yaml("""
        cv:
          name: "Tamsin Okonkwo-Reyes"
          sections:
            education:
              - institution: Lorem State University
                degree: Ph.D.
                end_date: 2025
            teaching_experience:
              - name: Lorem Matter (MSc course)
                date: "Winter 2025"
                summary: "Lecturer: Ada Penhallow"
    """, "Lorem_CV.yaml")
    assert [(t.course, t.role) for t in r.teaching] == [("Lorem Matter (MSc course)", None)]


# JSON Resume written by a script of its own: venue with its year and no date, a "teaching"
# list, a "service" list of {role, venues: [{name, years}]}
_SCRIPTED_RESUME = {
    "basics": {"name": "Ottilie Vanterpool", "email": "ottilie@lorem.example.ch"},
    "education": [{"institution": "Lorem Institute of Technology", "studyType": "Ph.D.", "area": "Ipsum Systems",
                   "startDate": "2024"}],
    "publications": [{"title": "Noise and Lorem: Assessing Ipsum Fidelity", "authors": ["**Ottilie Vanterpool**", "Cyprian Dale"],
                      "dateRange": {"start": "2025-01", "end": "2025-05"}, "venue": "LOREMCONF 2025 (CORE A)",
                      "status": "Accepted"}],
    "teaching": [{"course": "Ipsum in Business", "level": "BSc", "institution": "Lorem Institute of Technology",
                  "startDate": "2023", "role": "Teaching Support & Lecturer"}],
    "service": [{"role": "Reviewer", "venues": [{"name": "Lorem Conference on Dolor Systems", "years": "2024–Present"},
                                                {"name": "Ipsum Symposium (IPS)", "years": "2025–Present"}]}],
}


def test_publication_year_from_the_venue_when_no_date_is_given():
    assert _json(_SCRIPTED_RESUME).publications[0].year == "2025"


def test_teaching_list_in_json_resume():
    t = _json(_SCRIPTED_RESUME).teaching
    assert [(x.course, x.institution, x.role) for x in t] == [
        ("Ipsum in Business", "Lorem Institute of Technology", "Teaching Support & Lecturer")]


def test_service_role_with_a_list_of_venues():
    svc = [(s.role, s.organization, s.period) for s in _json(_SCRIPTED_RESUME).service]
    assert svc == [("Reviewer", "Lorem Conference on Dolor Systems", "2024–Present"),
                   ("Reviewer", "Ipsum Symposium (IPS)", "2025–Present")]


def test_post_written_as_role_for_organization_with_no_title():
    r = _yaml("""
        name:
          first: Perrin
          last: Hollowell
        research:
          - place: Independent Consultant for Lorem Ipsum Ltd
            location: Springfield, Nowhere
            dates: 07/2013
          - place: University of Dolor
            title: Post doctoral fellow
            dates: 03/2012 -- 06/2013
        order:
          - [research, Research Experience]
    """)
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Independent Consultant", "Lorem Ipsum Ltd"), ("Post doctoral fellow", "University of Dolor")]
