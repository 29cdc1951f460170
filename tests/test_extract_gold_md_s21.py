"""Session 21 (gold pass, Markdown): Markdown, Quarto and R Markdown CV pages sampled from
researchers' GitHub repositories (CV.md, cv/index.md, cv.qmd, content/cv.md, resume.md) were
read against a careful reading (a gold record per CV) and scored field by field. Each test is an
invented snippet in the shape of an error found there; names, titles, venues and organisations
are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- Pandoc / Quarto markup: fenced divs and attribute blocks are layout --------------------
def test_quarto_column_divs_and_link_attributes_are_layout():
    """Quarto CVs set each entry in ":::: {.columns}" with a date column and a text column, and
    open links in a new tab with "{target="_blank"}": the fences and attributes are no text, so
    the dates stand over the entry and the organization is the link's words."""
    r = extract(_doc('''
        ---
        title: "CV"
        ---

        ## Experience

        :::: {.columns}
        ::: {.column width="15%"}
        2021 - 2024
        :::
        ::: {.column width="85%"}
        **Data Analyst**,
        [Lorem Bureau](https://lorem.example.org){target="_blank"}, Nantes.
        :::
        ::::

        :::: {.columns}
        ::: {.column width="15%"}
        2018 - 2021
        :::
        ::: {.column width="85%"}
        **Research Engineer**, [Ipsum Institute](https://ipsum.example.org){target="_blank"}, Lyon.
        :::
        ::::
        ''', name="cv.qmd"))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Data Analyst", "Lorem Bureau", "2021", "2024"), ("Research Engineer", "Ipsum Institute", "2018", "2021")]


def test_a_collapsed_callout_is_hidden_detail_not_a_section():
    """A paper's abstract in a collapsed callout ("::: {.callout-note collapse=true}" over
    "### Abstract"): its heading opens no section and its sentences are no papers, so the next
    paper is still read as one; a heading's own "{.unnumbered}" is no part of it."""
    r = extract(_doc('''
        ## Publications {.unnumbered}

        - Marlo Venn and Tessa Quill (2019). "Sparse Widgets for Lazy Queues". *[Journal of Widget Studies](https://jws.example.org){target="_blank"}*.

        ::: {.callout-note collapse=true}
        ### Abstract
        We study widgets. Lazy queues are everywhere and nobody has counted them.
        :::

        - Tessa Quill and Marlo Venn (2017). "Counting Quiet Queues". *Widget Letters*.
        ''', name="cv.qmd"))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Sparse Widgets for Lazy Queues", "Journal of Widget Studies", "2019"),
        ("Counting Quiet Queues", "Widget Letters", "2017")]


def test_a_bracketed_span_keeps_its_words():
    """"[**Reviewer for [Lorem Letters](url)**]{.content-visible when-profile="en"}" (a span shown
    in one language of a bilingual site): its words, without the brackets and attributes."""
    r = extract(_doc('''
        # Ines Varro

        ## Service

        - [**Reviewer for [Lorem Letters](https://ll.example.org){target="_blank"}**.
          ]{.content-visible when-profile="en"}
        - Reviewer for *Journal of Ipsum Counts*
        ''', name="cv.qmd"))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Lorem Letters"), ("Reviewer", "Journal of Ipsum Counts")]


# --- Pandoc's escaped punctuation --------------------------------------------------------------
def test_pandoc_escaped_pipes_part_fields():
    """Pandoc writes a literal "|" as "\\|" ("**Lorem University** \\| Ghent, Belgium" over an
    indented "Ph.D. in Widget Science \\| September 2018 - June 2022"): the escape is the
    character, so the fields part and the degree is read."""
    r = extract(_doc(r'''
        ## Education

        -   **Lorem University** \| Ghent, Belgium

            Ph.D. in Widget Science \| September 2018 - June 2022

        -   **Ipsum Institute** \| Namur, Belgium

            M.S. in Statistics \| Specialization in Queues \| September 2016 - September 2018
        ''', name="cv.qmd"))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("Lorem University", "Ph.D. in Widget Science", "Widget Science", "2018-09", "2022-06"),
        ("Ipsum Institute", "M.S. in Statistics", "Statistics", "2016-09", "2018-09")]


# --- skills: group labels --------------------------------------------------------------------
def test_a_languages_group_under_skills_that_names_no_spoken_language_is_skills():
    """"## Skills" over group labels on lines of their own ("Languages" / "Python · C/C++ · Java",
    "Databases" / "SQLite · MySQL · Redis", as an HTML card theme lays them out): programming
    languages and the groups after them are skills, and the labels are no skills."""
    r = extract(_doc('''
        # Ana Lorem

        ## Skills

        Languages
        Python · C/C++ · Java

        Databases
        SQLite · MySQL · Redis
        '''))
    assert r.skills == ["Python", "C/C++", "Java", "SQLite", "MySQL", "Redis"]
    assert r.languages == []


def test_a_languages_heading_under_skills_that_names_spoken_languages_stays_languages():
    r = extract(_doc('''
        # Ana Lorem

        ## Skills

        **Programming**: Python, Julia, Go

        ### Languages

        - English (native), Dutch (fluent)
        '''))
    assert r.skills == ["Python", "Julia", "Go"]
    assert r.languages == ["English", "Dutch"]


def test_bold_group_labels_over_bulleted_skills_are_labels():
    """"__Programming__" over "- Python • R • Git": the bold line labels the group."""
    r = extract(_doc('''
        # Ana Lorem

        ## Skills

        __Programming__
        - Python • R • Git

        __Visual__
        - Gimp • LaTeX • Inkscape
        '''))
    assert r.skills == ["Python", "R", "Git", "Gimp", "LaTeX", "Inkscape"]


def test_a_skill_label_with_its_level_in_brackets_and_a_closing_etc():
    """"**Programming (Fluent)**: Rust, C++" (the level in brackets after the label) and a list
    closed by "etc": the label and "etc" are no skills."""
    r = extract(_doc('''
        # Ana Lorem

        ## Skills
        - **Programming (Fluent)**: Rust, C++, Dart
        - **Penetration Testing**: Nmap, Wireshark, etc
        '''))
    assert r.skills == ["Rust", "C++", "Dart", "Nmap", "Wireshark"]


# --- service: a venue's roles, a labelled list of journals -----------------------------------
def test_a_venue_label_over_its_roles_gives_one_service_entry_per_role():
    """"LOREMCONF: PC (2023-2024), Publicity Chair (2025)" (the venue as the label, the roles held
    for it after): one entry per role, with its years."""
    r = extract(_doc('''
        # Ana Lorem

        ## Academic Service

        ### Conference Program Committee

        - WIDGETS: PC (2023-2024), Publicity Chair (2025)
        - QUEUECON: Artifact PC (2025)
        '''))
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("PC", "WIDGETS", "2023-2024"), ("Publicity Chair", "WIDGETS", "2025"), ("Artifact PC", "QUEUECON", "2025")]


def test_a_labelled_reviewer_list_closing_with_a_titled_journal():
    """"Journal reviewer: TWS, JLQ, and *Annals of Quiet Widgets*": each venue, the last one named
    in words and joined by "and"."""
    r = extract(_doc('''
        # Ana Lorem

        ## Service

        - Journal reviewer: TWS, JLQ, and *Annals of Quiet Widgets*
        '''))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Journal reviewer", "TWS"), ("Journal reviewer", "JLQ"), ("Journal reviewer", "Annals of Quiet Widgets")]


# --- awards: a year and month written "2024.11" ----------------------------------------------
def test_an_award_dated_year_dot_month_keeps_the_date_out_of_its_name():
    """"Best Paper Award, Lorem Conference on Widgets, 2024.11" (year and month with a full stop):
    the date is the award's year, no part of its name."""
    r = extract(_doc('''
        # Ana Lorem

        ## Awards

        - Best Paper Award, Lorem Conference on Widgets, 2024.11
        - Department Award, Ipsum University, 2021.3
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Best Paper Award, Lorem Conference on Widgets", "2024"), ("Department Award, Ipsum University", "2021")]


# --- Chinese CVs: the name in the page title, "等" closing an author list ---------------------
def test_a_chinese_title_name_then_resume_gives_the_name():
    """"# 王小明个人简历" ("Wang Xiaoming's personal résumé"): the name before "个人简历"; a title
    that is only "个人简历" names no one."""
    named = extract(_doc('''
        # 王小明个人简历

        ## 教育背景
        - **某某大学**（2016-2020），计算机学士
        '''))
    assert named.person.name == "王小明"
    unnamed = extract(_doc('''
        # 个人简历

        ## 教育背景
        - **某某大学**（2016-2020），计算机学士
        '''))
    assert unnamed.person.name == ""


def test_deng_closing_an_author_list_is_et_al():
    """"Roe, A*., Poe, B*., 等. (2025). Title. *Journal*" ("等", "and others"): the list is cut
    short, "等" is no author."""
    r = extract(_doc('''
        # Ana Roe

        ## Publications
        - Roe, A*., Poe, B*., Moe, C., 等. (2025). Quiet widgets in lazy queues. *Journal of Widget Studies*, 12, 1033.
        '''))
    p = r.publications[0]
    assert [a.name for a in p.authors] == ["A. Roe", "B. Poe", "C. Moe"]
    assert p.et_al is True


# --- talks: an event heading over the talk's abstract ----------------------------------------
def test_an_event_heading_over_an_abstract_is_one_talk():
    """"### Lorem Widget Conference 2022" over "**Abstract**: …" (a Hugo page that embeds the
    video after it): one talk at that event in that year; the abstract is no talk."""
    r = extract(_doc('''
        # Ana Lorem

        ## Presentations

        ### Lorem Widget Conference 2022

        **Abstract**: Widgets remain a persistent problem for queue developers who try to count them. This talk shows the tricks people use and how to resist them.

        ### Ipsum Queue Symposium 2020

        **Abstract**: We present a new plugin for counting quiet queues, built on an older framework.
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Lorem Widget Conference", "Lorem Widget Conference", "2022"),
        ("Ipsum Queue Symposium", "Ipsum Queue Symposium", "2020")]


# --- French CVs: "et" between authors, « » around titles, "Interventions" --------------------
def test_a_french_reference_with_et_and_guillemets():
    """"Ladin D. et Roe A. (2018), « Titre », *Revue*." (French: "et" for "and", the title in
    guillemets): the two authors, the title, the venue and the year."""
    r = extract(_doc('''
        # Ana Roe

        ## Publications

        - Ladin D. et Roe A. (2018), « Du bon usage des widgets en file d'attente », *Journées de Méthodologie des Files*.
        '''))
    p = r.publications[0]
    assert (p.title, [a.name for a in p.authors], p.venue, p.year) == (
        "Du bon usage des widgets en file d'attente", ["D. Ladin", "A. Roe"], "Journées de Méthodologie des Files", "2018")


def test_interventions_are_talks_titled_then_dated_then_hosted():
    """"### Interventions" (French for talks given) over "Title (2021), [Event (2021)](url)." and
    "Title (deux jours, 2019), Host, Place.": each line a talk; the bracketed year dates it and
    the rest names the event."""
    r = extract(_doc('''
        # Ana Roe

        ## Publications / Interventions

        ### Interventions

        - Filtering quiet widgets in lazy queues (2021), [WQM (2021)](https://wqm.example.org){target="_blank"}.

        - Animation d'un atelier sur les files (deux jours, 2019), Banque de Lorem, Ipsum.
        ''', name="cv.qmd"))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Filtering quiet widgets in lazy queues", "WQM", "2021"),
        ("Animation d'un atelier sur les files", "Banque de Lorem, Ipsum", "2019")]


# --- awards: "Giver | Award" ------------------------------------------------------------------
def test_an_award_after_its_giver_and_a_pipe():
    """"`2022 - Present`" over "__Lorem Foundation |__ Research Fellowship" (the giver in bold, a
    pipe, then the award): the award named first, then who gave it."""
    r = extract(_doc('''
        # Ana Roe

        ## Awards
        `2022 - Present`
        __Lorem Foundation |__ Research Fellowship
        - Working with the quiet widgets group on lazy queues.

        `2015 - 2017`
        __Ipsum Corp |__ Technology Scholarship
        - Selected as one of twenty students for a two-year programme.
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Research Fellowship, Lorem Foundation", "2022"), ("Technology Scholarship, Ipsum Corp", "2015")]


# --- education: research visits nested under a degree ----------------------------------------
def test_visits_nested_under_a_degree_inside_its_span_are_no_degrees():
    """"- 2021-2025: Ph.D. in Widget Science, Lorem University" over nested "- 2023/08-2023/09:
    Ipsum University, Brazil" lines: stays abroad during the degree, no degrees of their own; a
    nested line that names a degree is still one."""
    r = extract(_doc('''
        # Ana Roe

        ## Education

        - 2021-2025: Ph.D. in Widget Science, Lorem University, Japan
          - Supervised by Prof. Dolor Sit
          - 2025/01-2025/02: Ipsum University, USA
          - 2023/08-2023/09: Amet Institute of Technology, Brazil
        - 2019-2021: M.Sc. in Widget Science, Lorem University, Japan
        '''))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Ph.D. in Widget Science", "Lorem University", "2021", "2025"),
        ("M.Sc. in Widget Science", "Lorem University", "2019", "2021")]


# --- teaching: level tags and their key -------------------------------------------------------
def test_course_level_tags_and_their_key_are_no_part_of_the_courses():
    """"U = undergraduate, G = graduate." over "- [G] Quiet Widgets, Lorem University, 2026": the
    key is no course and the tag is no part of the course's name."""
    r = extract(_doc('''
        # Ana Roe

        ## Teaching

        U = undergraduate, G = graduate.

        ### Courses

        - [G] Quiet Widgets, Lorem University, 2026
        - [U2] Introduction to Queues, Lorem University, 2024

        ### Teaching Assistant

        - [U1] Counting Widgets, Lorem University, 2019-2020
        '''))
    assert [(t.course, t.institution, t.term) for t in r.teaching] == [
        ("Quiet Widgets", "Lorem University", "2026"), ("Introduction to Queues", "Lorem University", "2024"),
        ("Counting Widgets", "Lorem University", "2019-2020")]
    assert r.teaching[2].role == "Teaching Assistant"


# --- education: pipes between cells, a "Current:" label, dual degrees and school years --------
def test_education_headings_with_pipes_between_degree_date_and_school():
    """"### BS-MS | Aug 2018 - April 2022 | Lorem Institute" and "### 12th Grade | April 2018 |
    Ipsum Academy Sr. Sec. School": the pipes part degree, date and institution."""
    r = extract(_doc('''
        ## **Education**

        ### BS-MS | Aug 2018 - April 2022 | Lorem Institute of Science
        - **CPI**: 9.1

        ### 12th Grade | April 2018 | Ipsum Academy Sr. Sec. School
        - **Physics**: 96
        ''', name="resume.md"))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("BS-MS", "Lorem Institute of Science", "2018-08", "2022-04"),
        ("12th Grade", "Ipsum Academy Sr. Sec. School", None, "2018-04")]


def test_a_current_label_before_a_dual_degree_at_an_institute():
    """"- *Current :* Dual Degree in Widget Science and Linguistics at Lorem Institute of Technology, Ipsum,
    India": a degree under way, named "Dual Degree", at the institute after "at"."""
    r = extract(_doc('''
        ## Education

        - *Current :* Dual Degree in Widget Science and Linguistics at Lorem Institute of Technology, Ipsum, India
        ''', name="cv.md"))
    e = r.education[0]
    assert (e.degree, e.field, e.institution, e.location, e.current) == (
        "Dual Degree in Widget Science and Linguistics", "Widget Science and Linguistics", "Lorem Institute of Technology", "Ipsum, India", True)


# --- positions: employer, place, then the post ------------------------------------------------
def test_employer_place_then_post_with_dates_in_brackets():
    """"### Lorem Pharma, Shenzhen, China, Quality Analyst (Jul 2020 - Jul 2021)" and the same in
    Chinese with full-width commas ("某某制药，中国深圳，质量分析员（2020年7月-2021年7月）"): the employer
    first, the place, then the post."""
    r = extract(_doc('''
        # Ana Roe

        ## Work Experience

        ### Lorem Pharma, Shenzhen, China, Quality Analyst (Jul 2020 - Jul 2021)
        - Ran assays in a regulated laboratory.

        ### 某某制药，中国深圳，质量分析员（2018年7月-2019年7月）
        - 负责质量控制。
        '''))
    assert [(p.organization, p.location, p.title, p.start, p.end) for p in r.positions] == [
        ("Lorem Pharma", "Shenzhen, China", "Quality Analyst", "2020-07", "2021-07"),
        ("某某制药", "中国深圳", "质量分析员", "2018-07", "2019-07")]


def test_employer_unit_then_post_is_not_read_as_a_place():
    """"Lorem Lab, Data Team, Research Engineer, 2019": "Data Team" is a unit, so the line is not
    read as employer, place, post."""
    r = extract(_doc('''
        # Ana Roe

        ## Experience

        - Lorem Lab, Data Team, Research Engineer, 2019
        '''))
    assert all(p.location != "Data Team" for p in r.positions)


# --- positions: a label over an entry's bullets ------------------------------------------------
def test_a_duties_label_over_bullets_is_no_post():
    """"Duties:" and "Key Achievements:" on lines of their own over an entry's bullets (an HTML
    card theme's labels): labels, no posts."""
    r = extract(_doc('''
        # Ana Roe

        ## Research Experience

        **Lorem University**, Data Scientist, August 2022 – May 2025

        Duties:

        - Led research projects on quiet widgets funded by two agencies
        - Published findings in widget conferences

        Key Achievements:

        - Counted lazy queues with hierarchical widgets

        **Ipsum Systems**, Software Engineer, Jan 2018 – Jul 2019

        Duties:

        - Developed widget software in three languages
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Data Scientist", "Lorem University", "2022-08", "2025-05"),
        ("Software Engineer", "Ipsum Systems", "2018-01", "2019-07")]


# --- person: another thing's website is no home page -----------------------------------------
def test_a_course_website_link_in_teaching_is_not_the_homepage():
    """"Slides are posted on the [course website](…)" under Teaching: the course's site, not the
    subject's home page; a "[Website](…)" link in the header still is."""
    r = extract(_doc('''
        # Ana Roe

        ## Teaching

        ### WID101: Introduction to Widgets (2021)

        A semester-long course on widgets. Slides and notes are posted on the [course website](https://www.example.edu/class/wid101/).
        '''))
    assert r.person.homepage is None
    r = extract(_doc('''
        # Ana Roe

        [Website](https://anaroe.example.org) · [GitHub](https://github.com/anaroe-widgets)

        ## Teaching

        ### WID101: Introduction to Widgets (2021)

        Slides and notes are posted on the [course website](https://www.example.edu/class/wid101/).
        '''))
    assert r.person.homepage == "https://anaroe.example.org"
