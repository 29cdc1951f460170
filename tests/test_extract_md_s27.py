"""Rules found in session 27's Markdown pass: a fresh batch of CV pages kept in repositories
(academic-site `_pages/cv.md` lists, Quarto and R Markdown CVs, plain résumé files), whose error
causes were counted over the batch. Each test is an invented CV in the shape that showed the
problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _by_title(rec):
    return {p.title: p for p in rec.positions}


_SITE_LIST = """
    ---
    layout: archive
    title: "Vita"
    ---

    Experience
    ======
    * Jun 2021 - now: Research Assistant in Soil Genomics
      * Lakeside University, Plant Sciences Graduate Program
      * Supervisor: Dr. Ann Vole

    * Sep 2017 - Mar 2021: Research Technician in Virology
      * Dunmore Institute, Department of Microbiology
      * Supervisor(s): Drs. Bea Finch, Cal Moor
    """


def test_a_programme_after_the_organization_is_its_unit_not_a_second_role():
    rec = _doc(_SITE_LIST)
    got = _by_title(rec)
    ra = got["Research Assistant in Soil Genomics"]
    assert (ra.organization, ra.unit) == ("Lakeside University", "Plant Sciences Graduate Program")
    assert ra.start == "2021-06" and ra.current
    assert len(rec.positions) == 2


def test_a_role_named_after_a_programme_stays_a_role():
    rec = _doc("""
        Experience
        ======
        * 2019 - 2021: Lecturer
          * Lakeside University

        * 2021 - 2023
          * Lakeside University, Director of the Honors Program
        """)
    assert "Director of the Honors Program" in {p.title for p in rec.positions}


def test_a_plural_label_in_brackets_names_the_mentors():
    rec = _doc(_SITE_LIST)
    tech = _by_title(rec)["Research Technician in Virology"]
    assert tech.organization == "Dunmore Institute"
    assert tech.mentors == ["Bea Finch", "Cal Moor"]
    assert not any("Supervisor" in (p.organization or "") for p in rec.positions)


def test_advisor_label_with_plural_in_brackets_under_a_dated_role():
    rec = _doc("""
        ## Appointments

        <span style="color:gray">Mar 2021 - Feb 2022</span> : Postdoctoral Fellow<br>
        Regional Modelling Consortium, University of Dunmore
        <br>*Advisor(s): Dr. Ann Vole*
        """)
    assert [(p.title, p.organization, p.mentors) for p in rec.positions] == [
        ("Postdoctoral Fellow", "University of Dunmore", ["Ann Vole"])]


def test_items_under_a_nested_label_describe_the_entry_above():
    rec = _doc("""
        Jobs
        ======
        - *March 2022 - now*: Platform Engineer @ Norvale Systems
          - Timeline:
            - *January 2024:* Promoted to Staff Engineer
            - *August 2023:* Started as a Data Engineer
          - Skills:
            - Terraform
            - Kubernetes
        - May 2020 - August 2020: Tutor @ Lakeside University
          - Supervisors: Ann Vole and Ben Poe
        """)
    assert [(p.title, p.organization) for p in rec.positions] == [
        ("Platform Engineer", "Norvale Systems"), ("Tutor", "Lakeside University")]
    assert "Data Engineer" in rec.positions[0].description


def test_dated_roles_nested_under_an_employer_without_a_label_stay_entries():
    rec = _doc("""
        Jobs
        ======
        - Norvale Systems, Oslo
          - 2020 - 2022: Senior Engineer
          - 2018 - 2020: Engineer
        """)
    assert {p.title for p in rec.positions} == {"Senior Engineer", "Engineer"}


_ACTIVITIES = """
    # Rosa Quill

    ## Activities

    ### Plugin Maintainer | Feb 2016 -- Present | [Code](https://example.org/rq)

    - Look after a handful of editor add-ons and their issue queues.
    - Wrote the user guide for the largest of them last winter.

    ### Study Circle Organizer | Jul 2018 -- Present | Remote

    - Run a fortnightly reading circle on compilers for newcomers.
    - Reviewer for the circle's lightning-talk proposals
    """


def test_a_doubled_hyphen_range_in_a_piped_heading_is_the_whole_period():
    rec = _doc(_ACTIVITIES)
    periods = {s.period for s in rec.service}
    assert "Feb 2016 -- Present" in periods and "Jul 2018 -- Present" in periods
    assert not any("|" in s.role or "--" in s.role for s in rec.service)


def test_sentences_under_a_service_heading_describe_it_but_a_role_line_stays():
    rec = _doc(_ACTIVITIES)
    roles = [s.role for s in rec.service]
    assert not any(r.startswith(("Look after", "Run a fortnightly")) for r in roles)
    assert any("Reviewer" in r for r in roles)      # a role of its own under the heading


def test_an_item_indented_under_a_course_describes_it():
    rec = _doc("""
        ## Teaching

         - **GEO 410: Field Methods in Hydrology**

         - **GEO 220: Scripting for Earth Scientists**

            - Worksheets are kept at [https://example.org/geo220](https://example.org/geo220)

            - We read two chapters of a programming primer each week during 2022.

        ## Skills

        - Python
        """)
    assert [t.course for t in rec.teaching] == ["GEO 410: Field Methods in Hydrology",
                                                "GEO 220: Scripting for Earth Scientists"]


def test_courses_indented_under_an_institution_stay_courses():
    rec = _doc("""
        ## Teaching

        - Lakeside University
            - LOR 101: Introduction to Lorem, Fall 2021
            - LOR 202: Intermediate Ipsum, Spring 2022
        """)
    assert {t.course for t in rec.teaching} >= {"LOR 101: Introduction to Lorem", "LOR 202: Intermediate Ipsum"}


def test_as_role_headers_over_indented_courses():
    rec = _doc("""
        Teaching
        ======
        * As instructor (Dunmore College):
          * Principles of Lorem (Lor 101, two groups), Winter 2021

        * As teaching assistant (Lakeside University):
          * Intermediate Lorem (Lor 210), Autumn 2018 and Spring 2019
          * Advanced Ipsum (Lor 650), Spring 2023

        * As peer tutor for qualifying exam review:
          * Ipsum Theory 1 (Lor 611), Summer 2021
        """)
    got = [(t.course, t.role, t.institution, t.term) for t in rec.teaching]
    assert got == [
        ("Principles of Lorem (Lor 101, two groups)", "instructor", "Dunmore College", "Winter 2021"),
        ("Intermediate Lorem (Lor 210)", "teaching assistant", "Lakeside University", "Autumn 2018 and Spring 2019"),
        ("Advanced Ipsum (Lor 650)", "teaching assistant", "Lakeside University", "Spring 2023"),
        ("Ipsum Theory 1 (Lor 611)", "peer tutor", None, "Summer 2021")]


def test_a_description_in_ed_under_a_course_heading_is_still_no_course():
    rec = _doc("""
        ## Teaching

        ### Teaching Assistant

        - Data Structures (Lor 220), Fall 2021
          - Graded weekly problem sets and ran two review sessions
        """)
    assert [t.course for t in rec.teaching] == ["Data Structures (Lor 220)"]


def test_the_name_in_a_front_matter_description_of_the_cv():
    rec = _doc('''
        ---
        title: "Vita"
        description: "The CV of Rosa M. Quill: education, fieldwork and talks."
        ---

        [rq@lakeside.example.edu](mailto:rq@lakeside.example.edu)

        ## Education

        **Ph.D., Hydrology** <span class="float-end">2020–Present</span>\\
        Lakeside University, Dunmore
        ''', name="cv.qmd")
    assert rec.person.name == "Rosa M. Quill"


def test_a_description_naming_no_person_gives_no_name():
    rec = _doc('''
        ---
        title: "Vita"
        description: "The CV of the lab: members, projects and talks."
        ---

        ## Education

        **Ph.D., Hydrology** <span class="float-end">2020–Present</span>\\
        Lakeside University, Dunmore
        ''', name="cv.qmd")
    assert rec.person.name == ""


def test_a_body_a_dash_then_a_committee_named_with_a_serial_list():
    rec = _doc("""
        # Rosa Quill

        ## Organizations & Committees

        - Dunmore Geological Survey – Access, equity, and outreach committee (2022–2024)
        - Lakeside Biology Student Society, Treasurer (2019–2020)
        """)
    got = [(s.role, s.organization, s.period) for s in rec.service]
    assert ("Access, equity, and outreach committee", "Dunmore Geological Survey", "2022–2024") in got
    assert ("Treasurer", "Lakeside Biology Student Society", "2019–2020") in got


def test_a_service_table_row_gives_dates_post_and_body_but_not_the_place():
    rec = _doc("""
        # Rosa Quill

        ## Service and leadership

        | When | Post | Body | Where |
        | ---- | ---- | ---- | ----- |
        | Sep 2011 - Jun 2015 | Stroke | Lakeside Rowing Club | Dunmore, SC |
        | Apr 2018 | Outreach ambassador | Genetics Day in local schools | Eastfield, SC |
        | Jan 2020 - present | Delegate | Graduate Students Federation | Dunmore, SC |
        """)
    assert [(s.role, s.organization, s.period) for s in rec.service] == [
        ("Stroke", "Lakeside Rowing Club", "Sep 2011 - Jun 2015"),
        ("Outreach ambassador", "Genetics Day in local schools", "Apr 2018"),
        ("Delegate", "Graduate Students Federation", "Jan 2020 - present")]


def test_a_table_row_with_the_body_first_and_the_post_second():
    rec = _doc("""
        # Rosa Quill

        ## Service

        | When | Body | Post |
        | ---- | ---- | ---- |
        | 2021 - 2023 | Lorem Hydrology Society | Treasurer |
        """)
    assert [(s.role, s.organization) for s in rec.service] == [("Treasurer", "Lorem Hydrology Society")]


def test_a_department_after_the_advisor_is_no_second_advisor():
    rec = _doc("""
        ## Appointments

        <span style="color:gray">Jun 2019 - Aug 2019</span> : Graduate Research Assistant<br>
        Lakeside University
        <br>*Advisor(s): Dr. Ann Vole, Ecology and Marine Science, LU*
        """)
    assert [p.mentors for p in rec.positions] == [["Ann Vole"]]


def test_a_town_in_emphasis_after_the_employer_heading_is_its_place():
    rec = _doc("""
        # Rosa Quill

        ## Work experience
        ### Norvale Biotech _Harwick Falls, NY_
        * **Associate Scientist**
          * _June 2022 -- _
          * Building tools to score variant effects

        ### Quillon Analytics _Aliso Creek, CA_
        * **Summer Intern**
          * _Jun - Aug 2016_
          * Ran a pooled analysis of cohort data
        """)
    got = [(p.organization, p.title, p.location, p.start) for p in rec.positions]
    assert got == [("Norvale Biotech", "Associate Scientist", "Harwick Falls, NY", "2022-06"),
                   ("Quillon Analytics", "Summer Intern", "Aliso Creek, CA", "2016-06")]


def test_a_role_in_emphasis_after_the_employer_heading_is_no_place():
    rec = _doc("""
        # Rosa Quill

        ## Work experience
        ### Norvale Biotech _Senior Engineer, Platform_
        * 2019 - 2021
        """)
    assert all(p.location is None for p in rec.positions)
    assert any("Senior Engineer" in (p.title or "") for p in rec.positions)


_DIAGRAM = '''
    # Rosa Quill

    Experience
    ----------
    <pre class="mermaid">
    kanban
        LAB2["2020-2024"]
            task1["Team lead,<br>Lorem Lab"]
            task2["Prof. Dr. Ann Vole"]
        LAB1["2015-2019"]
            task1["Postdoc,<br>Lorem Lab"]
    </pre>

    ```mermaid
    graph TD
        A["2010-2012: Intern"] --> B["2012-2014: Analyst, Lorem Corp"]
    ```

    * 2009 - 2010: Research Assistant, Dunmore Institute
    '''


def test_a_diagram_source_block_is_no_text_of_the_cv():
    rec = _doc(_DIAGRAM)
    assert [(p.title, p.organization) for p in rec.positions] == [("Research Assistant", "Dunmore Institute")]


def test_a_plain_preformatted_block_is_still_read():
    rec = _doc("""
        # Rosa Quill

        Experience
        ----------
        <pre>
        2009 - 2010: Research Assistant, Dunmore Institute
        </pre>
        """)
    assert [(p.title, p.organization) for p in rec.positions] == [("Research Assistant", "Dunmore Institute")]
