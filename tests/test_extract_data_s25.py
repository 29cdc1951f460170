"""Rules found in session 25's data pass: a fresh batch of CV data files (YAML, JSON Resume, site
JSON) and plain-text CVs, each error written down with its general cause and the causes counted
over the batch and the saved real CVs of the same kind. Each test is an invented CV in the shape
that showed the problem; names, places and subjects are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.publications import parse_reference
from mappers.read import SourceDocument


def _yaml(text: str, name: str = "cv.yaml"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="yaml", text=text, raw=text))


def test_comma_style_reference_ends_authors_after_and_and_title_before_in_proceedings():
    # "A B, C D and E F, Title, In the Proceedings of …, pp. 1-9, Place, May, 2021.": the comma after
    # the name that follows "and" ends the authors, the comma before "In the Proceedings" the title
    entry = parse_reference("Wilma Quist, Omar Pell, Lina Vos and Ada Brand, Adaptive Widget Partitioning for "
                            "Sparse Graphs, In the Proceedings of the 12th Lorem Symposium on Widget Computing "
                            "(LSWC 2021), pp. 104-113, Ipsum, Dolor, May, 2021.", "Omar Pell")
    assert entry["title"] == "Adaptive Widget Partitioning for Sparse Graphs"
    assert [a.name for a in entry["authors"]] == ["Wilma Quist", "Omar Pell", "Lina Vos", "Ada Brand"]
    assert entry["venue"].startswith("In the Proceedings of the 12th Lorem Symposium")
    # no space after the comma, two authors with the subject among them
    entry = parse_reference("Omar Pell and Lina Vos, Lazy Widget Management for Batch Pipelines,In the "
                            "Proceedings of the 31st Lorem Symposium on Widgets (LSW 2017), pp. 88-97, Ipsum, "
                            "May, 2017.", "Omar Pell")
    assert entry["title"] == "Lazy Widget Management for Batch Pipelines"
    assert [a.name for a in entry["authors"]] == ["Omar Pell", "Lina Vos"]


def test_comma_style_rule_leaves_titles_with_and_alone():
    # a title of two name-like phrases joined by "and", with neither the subject nor three names
    # before it, is no list of authors
    entry = parse_reference("Adaptive Control and Machine Learning, Lorem Press, 2020.", "Omar Pell")
    assert not entry or not any(a.name == "Machine Learning" for a in entry.get("authors") or [])


def test_comma_style_references_in_a_yaml_list():
    r = _yaml("""
        name: Omar Pell
        conferences:
          - "Wilma Quist, Omar Pell and Ada Brand, Scalable Widget Routing for Sparse Meshes, In the Proceedings of the 9th Lorem Conference on Widget Systems (LCWS 2019), pp. 12-20, Ipsum, June, 2019."
        """)
    (pub,) = r.publications
    assert pub.title == "Scalable Widget Routing for Sparse Meshes"
    assert [a.name for a in pub.authors] == ["Wilma Quist", "Omar Pell", "Ada Brand"]
    assert pub.year == "2019"


def test_award_bullets_keep_their_year_out_of_the_name():
    # RenderCV's {bullet: "Name, Awarder (Year)"} (no date key): the year closing the name is the
    # award's year; an acronym's year, a list of awards and a year inside the name stay
    r = _yaml("""
        cv:
          name: Wilma Quist
          sections:
            selected_honors:
              - bullet: "Lorem Graduate Fellowship, Ipsum Science Foundation (2022)"
              - bullet: "Dolor Community Fellow, AGU (2024–2026)"
              - bullet: "Poster at the Lorem Health Congress (LHC 2024)"
              - bullet: "Lorem Fellowship (2021); Ipsum Fellowship, doctoral selection (2019)."
        """)
    names = {a.name: a.year for a in r.awards}
    assert names["Lorem Graduate Fellowship, Ipsum Science Foundation"] == "2022"
    assert names["Dolor Community Fellow, AGU"] == "2024"
    assert "Poster at the Lorem Health Congress (LHC 2024)" in names
    assert not any(n.endswith("(2022)") or n.endswith("(2024–2026)") for n in names)


def test_yaml_venue_keeps_its_name_and_the_status_apart():
    # {journal: "ECCV, In Review"}: the venue is "ECCV", the status "under review";
    # "arXiv preprint, submitted to Lorem Letters": the venue the work went to
    r = _yaml("""
        cv:
          name: Wilma Quist
          sections:
            publications:
              - title: Sparse Widget Flows for Lorem Imaging
                authors: [Wilma Quist, Omar Pell]
                journal: LWC, In Review
              - title: Dense Widget Flows for Ipsum Imaging
                authors: [Wilma Quist]
                journal: arXiv preprint, submitted to Lorem Widget Letters
                date: 2025-03
        """)
    first, second = r.publications
    assert (first.venue, first.status) == ("LWC", "under review")
    assert (second.venue, second.status) == ("Lorem Widget Letters", "in submission")


def test_rendercv_one_line_entries_name_languages_and_awards_by_their_label():
    # RenderCV's one-line entries {label, details}: the label is the language or the award; the
    # details are the level or the description (the languages had been dropped, the awards named
    # by their descriptions)
    r = _yaml("""
        cv:
          name: Wilma Quist
          sections:
            Languages:
              - label: French
                details: Native
              - label: Dutch
                details: B1
            Personal Achievements:
              - label: Lorem Scheduler
                details: An open source planner that became the faculty's official tool.
        """)
    assert r.languages == ["French", "Dutch"]
    assert [a.name for a in r.awards] == ["Lorem Scheduler"]


def _json(text: str, name: str = "resume.json"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="jsonresume", text=text, raw=text))


def test_site_json_workplace_key_and_apostrophe_years():
    # a site's own resume.json: {title, workplace, time: "Aug '18 - May '23"}: the workplace is the
    # organization (the posts had been dropped), "Aug '18" a month of 2018 (the dates were lost)
    r = _json("""
        {
          "personal_info": {"name": "Wilma Quist", "email": "wq@example.org"},
          "education": [{"school": "Lorem University", "year": "Aug '18 - Aug '23", "degree": "PhD",
                         "major": "Widget Engineering"}],
          "experience": [{"title": "Research Intern", "workplace": "Ipsum Widget Labs",
                          "time": "May '20 - Dec '20"}]
        }
        """)
    (edu,) = r.education
    assert (edu.start, edu.end) == ("2018-08", "2023-08")
    (post,) = r.positions
    assert (post.organization, post.title, post.start, post.end) == ("Ipsum Widget Labs", "Research Intern",
                                                                     "2020-05", "2020-12")


def test_site_yaml_full_name_and_education_employer_key():
    # {fullName: …} names the person; an education entry {title: "Diplom (MSc), Physics",
    # employer: Lorem University} names its school under "employer" (the degrees had been dropped)
    r = _yaml("""
        fullName: Wilma Quist
        jobTitle: Widget Developer
        education:
          - title: Diplom (MSc), Physics
            employer: Universität Lorem, Germany
            from: 2005-10
            until: 2011-11
        """)
    assert r.person.name == "Wilma Quist"
    (edu,) = r.education
    assert edu.institution == "Universität Lorem"
    assert (edu.start, edu.end) == ("2005-10", "2011-11")


def test_teaching_courses_grouped_under_a_named_place():
    # {name: Lorem University, courses: [{position, number, title, term}]}: the name is the
    # place's, each course is a teaching entry there (the place had been read as the only course)
    r = _yaml("""
        name: Wilma Quist
        teaching:
          - name: Lorem University
            courses:
              - position: Teaching Assistant
                number: WID 551
                title: Widget Signal Processing II
                term: Fall 2020
              - position: Lab Assistant
                number: WID 169
                title: Circuits for Widgets
                term: Spring 2017
        """)
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Widget Signal Processing II", "Lorem University", "Fall 2020", "Teaching Assistant"),
        ("Circuits for Widgets", "Lorem University", "Spring 2017", "Lab Assistant")]


def _text(text: str, name: str = "cv.txt"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format="text", text=text, raw=text))


def test_text_publications_dated_by_a_year_and_a_comma():
    # "2020, Title." / authors / "In: Proceedings of …" (a plain-text CV's date column set off by a
    # comma): the year dates the work and is no part of its title
    r = _text("""
        Wilma Quist

        Publications

        2020, Dependent Widget Systems as Macros.
              Wilma Quist, Omar Pell, Lina Vos.
              In: Proceedings of the 47th Symposium on Principles of Widget Languages (POWL).
        2018, Symbolic Widgets for Lenient Symbolic Execution.
              Wilma Quist, Omar Pell, and Ada Brand.
              In: Proceedings of the 45th Symposium on Principles of Widget Languages (POWL).
        """)
    assert [(p.year, p.title) for p in r.publications] == [
        ("2020", "Dependent Widget Systems as Macros"),
        ("2018", "Symbolic Widgets for Lenient Symbolic Execution")]


def test_rated_skill_rows_under_qualifications_are_skills():
    # {name, level: "⬛ ⬛ ⬛ ⬜"} rows under "qualifications" (a heading read as education): skills
    # with a rating, not schools
    r = _yaml("""
        name: Wilma Quist
        education:
          - school: Lorem University
            degree: Ph.D.
            major: Widget Psychology
            year: 2018
        qualifications:
          - name: R statistics
            level: ⬛ ⬛ ⬛ ⬛ ⬛
          - name: Widget scoring
            level: ⬛ ⬛ ⬛ ⬜ ⬜
        """)
    assert [e.institution for e in r.education] == ["Lorem University"]
    assert "R statistics" in r.skills and "Widget scoring" in r.skills


def test_retrieved_from_is_no_venue():
    # APA's software reference "… (2023). _name: what it does._ Retrieved from <url>": no venue
    r = _yaml("""
        name: Wilma Quist
        publications:
          software:
            - |
              Quist, W. (2023). _widgetkit: Methodically organize widget data._ Retrieved from <https://example.org/widgetkit>
        """)
    (pub,) = r.publications
    assert pub.venue is None
    assert pub.year == "2023"


def test_rendercv_talk_bullets_give_title_host_and_year():
    # RenderCV's {bullet: "**Title**, Event, Place (Year)"} under a talks section (the talks had
    # been dropped)
    r = _yaml("""
        cv:
          name: Wilma Quist
          sections:
            selected_talks:
              - bullet: "**Widget capture in the wild**, Lorem Society of Widgets, Ipsum, Dolor (2025)"
        """)
    (talk,) = r.talks
    assert (talk.title, talk.host, talk.date) == ("Widget capture in the wild", "Lorem Society of Widgets, Ipsum, Dolor",
                                                  "2025")


def test_thesis_mapping_gives_title_and_supervisor():
    # {thesis: {title, external_url, language, supervisor}}: the title alone is the thesis, the
    # supervisor its advisor (the URL had been joined to the title, the advisor lost)
    r = _yaml("""
        name: Wilma Quist
        degrees:
          - start: 2012
            end: 2016
            title: Doctorate in Physics
            university: Lorem University
            thesis:
              title: Protection of widget states and the measurement postulate
              external_url: https://example.org/thesis/123
              language: Portuguese
              supervisor: Omar de Jesus Pell
        """)
    (edu,) = r.education
    assert edu.thesis == "Protection of widget states and the measurement postulate"
    assert edu.advisors == ["Omar de Jesus Pell"]


def test_professor_named_after_a_post_title_is_its_mentor():
    # {position: "Research Scientist, Professor Jane Roe"}: the professor is the post's mentor
    r = _yaml("""
        cv:
          name: Wilma Quist
          sections:
            experience:
              - company: Lorem University, The Graduate Center
                position: Research Scientist, Professor Omar Pell
                start_date: 2021-01
                end_date: 2022-12
        """)
    (post,) = r.positions
    assert post.title == "Research Scientist"
    assert post.mentors == ["Omar Pell"]


def test_single_quoted_title_in_a_reference_string():
    # "A, B, C. 'Title' in VENUE 2022" (a site's JSON list of strings): the title in single quotes
    r = _json("""
        {
          "personal_info": {"name": "Wilma Quist"},
          "publications": [
            "Wilma Quist, Omar Pell, Ada Brand. 'A simulation test-bed for fault-tolerant widget control' in LWC 2022",
            "Omar Pell, Wilma Quist. 'Widget energy management with deep learning' in Lorem Conference on Smart Widgets, (LCSW), 2019."
          ]
        }
        """)
    assert [(p.title, p.year) for p in r.publications] == [
        ("A simulation test-bed for fault-tolerant widget control", "2022"),
        ("Widget energy management with deep learning", "2019")]
    assert [a.name for a in r.publications[0].authors] == ["Wilma Quist", "Omar Pell", "Ada Brand"]


def test_text_cv_revised_selected_papers_is_the_venue_and_awards_dated_with_a_comma():
    # "In: Revised Selected Papers of …" under a reference is its venue (it had been read as a
    # second publication); "2010, Lorem Award," dates the award and leaves its name
    r = _text("""
        Wilma Quist

        Publications

        2011, Tracing Widget Stacks into Lazy Sequences.
              Wilma Quist, Omar Pell, and Lina Vos.
              In: Revised Selected Papers of the 23rd International Symposium on Widget Languages (IWL).

        Awards

        2010, Outstanding Widget Teaching Award,
              College of Widget Sciences, Lorem University.
        """)
    (pub,) = r.publications
    assert pub.title == "Tracing Widget Stacks into Lazy Sequences"
    assert pub.venue and "Widget Languages" in pub.venue
    (award,) = r.awards
    assert award.year == "2010"
    assert not award.name.startswith("2010")


def test_month_and_year_under_a_start_year_key():
    # {startYear: "Mar 2009", endYear: "Nov 2009"}: a month and a year under a year key (the dates
    # had been lost; a bare year there was read already)
    r = _yaml("""
        positions:
          - title: Research Associate
            organization: School of Widget Sciences, Lorem University, Ipsum
            startYear: Mar 2009
            endYear: Nov 2009
          - title: Research Fellow
            organization: Dolor University, Ipsum
            startYear: 2014
            endYear: 2016
        """)
    assert [(p.start, p.end) for p in r.positions] == [("2009-03", "2009-11"), ("2014", "2016")]


def test_conference_entries_holding_a_talk_or_poster():
    # {name: Lorem Meeting, location, year, talk|poster: {authors, title}} under "conferences": the
    # talk given there (it had been read as a paper titled after the meeting)
    r = _yaml("""
        name: Wilma Quist
        conferences:
          - name: Lorem Widget Meeting
            location: Ipsum, Dolor
            year: 2019
            talk:
              authors:
                - Wilma Quist
                - Omar Pell
              title: Characterizing unwanted coupling in widget gates
          - name: Sit Summer Meeting
            year: 2017
            poster:
              authors:
                - Wilma Quist
              title: Widget error correction with continuous checks
        """)
    assert r.publications == []
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Characterizing unwanted coupling in widget gates", "Lorem Widget Meeting", "2019"),
        ("Widget error correction with continuous checks", "Sit Summer Meeting", "2017")]


def test_json_resume_host_label_names_the_mentor():
    # "summary": "Host: Jane Roe; Peers: …" (an internship's host): the post's mentor
    r = _json("""
        {
          "basics": {"name": "Wilma Quist"},
          "work": [
            {"name": "Lorem Labs", "position": "Research Intern", "startDate": "2024-05",
             "summary": "Host: Omar Pell; Peers: Ada Brand and Lina Vos."},
            {"name": "Ipsum AI", "position": "Student Researcher", "startDate": "2025-06",
             "summary": "Hosts: Omar Pell, Ada Brand"}
          ]
        }
        """)
    assert [p.mentors for p in r.positions] == [["Omar Pell"], ["Omar Pell", "Ada Brand"]]


def test_thesis_note_after_an_honour_sentence():
    # "Magna Cum Laude. Thesis: Title, supervised by A and B. Thesis link": the thesis, its
    # advisors, and the honour before it
    r = _yaml("""
        name: Wilma Quist
        studies:
          - name: Advanced master of Widget Science
            where: Lorem University
            description: "Magna Cum Laude. Thesis: Pruning Redundant Filters of Widget Networks, supervised by Omar Pell and Ada de Brand. Thesis link"
            when: 2014 - 2015
        """)
    (edu,) = r.education
    assert edu.thesis == "Pruning Redundant Filters of Widget Networks"
    assert edu.advisors == ["Omar Pell", "Ada de Brand"]
    assert edu.honours == ["Magna Cum Laude."]
