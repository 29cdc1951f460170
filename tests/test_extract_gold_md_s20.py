"""Session 20 (gold pass, Markdown): Markdown CV pages sampled at random from researchers'
GitHub sites (academicpages, Minimal Mistakes, Hugo, plain Jekyll) were read against a careful
reading (a gold record per CV) and scored field by field. Each test is an invented snippet in
the shape of an error found there; names, titles, venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- publications: notes after the year are no part of the venue ---------------------------
def test_notes_after_the_closing_year_are_not_the_venue():
    """`A, B, and C*, "Title," Venue (ACR), 2026. Rank-A; Oral.` (a CV that annotates each paper
    with its venue's ranking and its contribution): the venue ends at the year."""
    r = extract(_doc('''
        # Lina Orvath

        ## Publications

        1. Lina Orvath, Tomas Brell, and Ada Quist*, "Folding Sparse Graphs for Lazy Routing," International Conference on Widget Learning (ICWL), 2026. Rank-A; Oral Presentation.
        2. Tomas Brell, Lina Orvath, and Ada Quist*, "A Survey of Quiet Networks," Journal of Lorem Systems, 2024. Q1 Top Journal.
        '''))
    venues = {p.title: p.venue for p in r.publications}
    assert venues["Folding Sparse Graphs for Lazy Routing"] == "International Conference on Widget Learning"
    assert venues["A Survey of Quiet Networks"] == "Journal of Lorem Systems"
    assert [p.year for p in r.publications] == ["2026", "2024"]


def test_event_days_with_the_month_first_are_not_the_venue():
    """`… (LOVE 2011), June 12-15, Porto, Portugal.`: the event's days, month first."""
    r = extract(_doc('''
        # Pim Dorsal

        ## Publications

        1. Dorsal P., Quist A. “Churn-Aware Lorem Overlays” Proceedings of the Third International Conference on Lorem Overlays (LOVE 2011), June 12-15, Porto, Portugal.
        '''))
    p = r.publications[0]
    assert p.title == "Churn-Aware Lorem Overlays"
    assert p.venue == "International Conference on Lorem Overlays"
    assert p.year == "2011"


# --- service: "Reviewer for A, B, and C" ------------------------------------------------------
def test_reviewer_for_a_list_of_venues_gives_one_role_per_venue():
    """`Reviewer for TLOR, JIPS, ICWL (Top Reviewer), QNet, and LCSR.` (a sentence under
    "Academic Service"): the role is "Reviewer" for each venue, the first one included; the
    note in brackets and the sentence's "and" and full stop are no part of a venue."""
    r = extract(_doc('''
        # Lina Orvath

        ## Academic Service

        Reviewer for TLOR, JIPS, ICWL (Top Reviewer), QNet, and LCSR.
        '''))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "TLOR"), ("Reviewer", "JIPS"), ("Reviewer", "ICWL"), ("Reviewer", "QNet"), ("Reviewer", "LCSR")]


def test_reviewer_for_one_journal_keeps_its_name():
    """`Reviewer for the Journal of Lorem Studies` (no list): role and journal as before."""
    r = extract(_doc('''
        # Lina Orvath

        ## Service

        - Reviewer for the Journal of Lorem Studies
        '''))
    assert [(s.role, s.organization) for s in r.service] == [("Reviewer", "Journal of Lorem Studies")]


# --- sections: bold entry titles under Markdown headings; an unknown heading ends a bold one ---
def test_bold_entry_title_with_a_heading_word_under_a_markdown_heading_is_no_section():
    """`**Master’s Honors Project**` under `## Research Experience` (a page whose sections have
    `##` headings and whose entries open with a bold title): the entry's title, not a new
    awards section; the entries after it stay positions. (Which dates go with which entry in
    this layout is still wrong: see "what is left".)"""
    r = extract(_doc('''
        # Mira Tolvanen

        ## Research Experience
        **Master’s Honors Project**  
        *University of Lorem*  
        August 2022

        **Research Intern**  
        *Ipsum Robotics Lab*  
        *January 2023 – April 2023*

        ## Awards
        - Dean's Prize, University of Lorem (2022)
        '''))
    assert [a.name for a in r.awards] == ["Dean's Prize, University of Lorem"]
    assert "Research Intern" in [p.title for p in r.positions]


def test_unknown_markdown_heading_ends_a_bold_labelled_group():
    """`**Languages**: English, Finnish` under `## Technical Skills`, then `## Involvement`: the
    unknown heading, as high as the one the bold label stood under, ends the languages; the
    bold role under it is no skills section."""
    r = extract(_doc('''
        # Mira Tolvanen

        ## Technical Skills
        **Programming**: Python, Go  
        **Languages**: English, Finnish

        ## Involvement
        **Executive Member & Web Lead**  
        *Lorem Students Association, University of Lorem*  
        - Ran the association's web pages.
        '''))
    assert r.languages == ["English", "Finnish"]
    assert r.skills == ["Python", "Go"]


# --- languages named on a labelled line of the personal details --------------------------------
def test_languages_line_among_personal_details_gives_the_languages():
    """`Languages: English, Hindi and Urdu` under "Personal Data" (with "Citizenship:" and
    "Interests:" lines): three spoken languages, though the CV has no Languages section."""
    r = extract(_doc('''
        Ravi Menon
        ==========

        Education
        ---------

        Lorem Institute of Technology, 2021 - 2025, Bachelors in Computer Science

        Personal Data
        -------------

        Citizenship: Indian  
        Languages: English, Hindi and Urdu  
        Interests: Chess, Running
        '''))
    assert r.languages == ["English", "Hindi", "Urdu"]


def test_bold_languages_label_in_a_contact_section_and_certificate_scores():
    """`- **Languages**: Korean (Native), English (IELTS 7.5)` under "Language & Contact": the
    languages without their levels or certificate scores; a programming-language line is none."""
    r = extract(_doc('''
        # Jiwoo Park

        ## Skills
        - **Programming**: Python, R

        ## Language & Contact
        - **Languages**: Korean (Native), English (IELTS 7.5)
        - **Email**: jpark@example.org
        '''))
    assert r.languages == ["Korean", "English"]
    assert "jpark@example.org" in r.person.emails


# --- a date before the entry, then a dash ------------------------------------------------------
def test_year_and_month_before_an_award_name_is_its_date():
    """`- **2024.05** — Poster Award, Lorem Society Symposium` (year.month in bold, an em dash):
    the award's year, not words of its name."""
    r = extract(_doc('''
        # Jiwoo Park

        ## Awards

        - **2024.05** — Poster Award, Lorem Society Symposium
        - **2023.11** — Ipsum Travel Grant
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Poster Award, Lorem Society Symposium", "2024"), ("Ipsum Travel Grant", "2023")]


def test_month_and_year_before_a_talk_title_is_its_date():
    """`*   July 2022 - [Logic Gates](url)`: the talk's date, then its title."""
    r = extract(_doc('''
        Ravi Menon
        ==========

        Presentations
        -------------

        *   July 2022 - [Logic Gates](https://example.org/slides/logic.pdf)
        *   Feb 2021 - [Binary Search](https://example.org/slides/search.pdf)
        '''))
    assert [(t.title, t.date) for t in r.talks] == [("Logic Gates", "2022-07"), ("Binary Search", "2021-02")]


# --- sections: a course list taken as high as "Teaching"; a heading written in a list item ----
def test_courses_taken_heading_ends_the_teaching_section():
    """`## Selected PhD courses` after `## Teaching` (the courses the subject took, each with
    its lecturers): a section of its own, not courses taught, though "PhD" names a degree."""
    r = extract(_doc('''
        # Ada Lindqvist

        ## Teaching
        - Spring 2025: Teaching Assistant, Intermediate Lorem Economics

        ## Selected PhD courses
        - Advanced Ipsum Econometrics (Lorem University / A. Roe, B. Poe)
        - Dolor Microeconomics (Lorem University / C. Doe)
        '''))
    courses = [t.course for t in r.teaching]
    assert not any("Econometrics" in c or "Microeconomics" in c for c in courses)
    assert len(r.teaching) == 1


def test_heading_written_in_a_list_item_is_a_heading():
    """`- ## Honors` (a heading typed in a list item, which Markdown renders as a heading)
    after a talks list: the awards under it are awards, not talks."""
    r = extract(_doc('''
        # Ada Lindqvist

        ## Conference presentations
        - **2025** Lorem Workshop (Aarhus, Denmark)

        - ## Honors
        - Ipsum Foundation Grant, 2026
        '''))
    assert [(a.name, a.year) for a in r.awards] == [("Ipsum Foundation Grant", "2026")]
    assert all("Ipsum Foundation" not in t.title for t in r.talks)


# --- positions: a unit before its organization's acronym; a unit in brackets after the title ---
def test_unit_then_the_acronym_of_its_organization():
    """`**Digital Technology Office, LUST**, Product Designer, *2020*` and `Plant Virology Lab, KNUA`
    under a role: the organization is the acronym, the unit the words before it."""
    r = extract(_doc('''
        # Min Seo

        ## Experience

        **Digital Technology Office, LUST**, Product Designer, *2020*

        **Lorem Soft Co., Ltd.**, Visual Design Intern, *2019*
        '''))
    got = [(p.title, p.organization, p.unit) for p in r.positions]
    assert got[0] == ("Product Designer", "LUST", "Digital Technology Office")
    assert got[1][:2] == ("Visual Design Intern", "Lorem Soft Co., Ltd.")


def test_a_place_acronym_after_a_lab_is_no_organization():
    """`Ipsum Research Lab, NYC`: NYC is where, not whose; the lab stays the organization."""
    r = extract(_doc('''
        # Min Seo

        ## Experience

        - 2021 - 2022: Research Intern, Ipsum Research Lab, NYC
        '''))
    assert r.positions[0].organization != "NYC"


def test_division_in_brackets_after_the_title_is_the_unit():
    """`Jul 2024 – Sep 2024: Data Analyst Intern (Lorem Mapping Division)` / `Lorem Motors`:
    the title without the division, which is the unit."""
    r = extract(_doc('''
        # Min Seo

        Work Experience
        ======
        Jul 2024 – Sep 2024: Data Analyst Intern (Lorem Mapping Division)
        Lorem Motors Corporation
        Responsibilities:
        Map data analysis
        '''))
    p = r.positions[0]
    assert (p.title, p.unit, p.organization, p.start, p.end) == (
        "Data Analyst Intern", "Lorem Mapping Division", "Lorem Motors Corporation", "2024-07", "2024-09")


# --- skills: labelled lines set as deeper headings; a label with a slash ------------------------
def test_labelled_skill_lines_set_as_deeper_headings_stay_skills():
    """`#### Programming Languages: Go, Java` … `#### Directory Services: Lorem Directory` under
    `### Professional Skills`: labelled skill lines in a heading's type, not sections of their own
    (nor a languages or service section)."""
    r = extract(_doc('''
        ## Curriculum Vitae

        #### Tomas Brell
        #### Email: tbrell@example.org

        ### Professional Skills
        #### Programming Languages: Go, Java
        #### Databases: Postgres, MySQL
        #### Directory Services: Lorem Directory
        '''))
    assert r.skills == ["Go", "Java", "Postgres", "MySQL", "Lorem Directory"]
    assert r.languages == [] and r.service == []


def test_skill_label_with_a_slash_is_no_skill():
    """`**ML/AI Frameworks**: PyTorch, JAX`: the label (with its slash) is not part of the first skill."""
    r = extract(_doc('''
        # Tomas Brell

        ## Technical Skills
        **Programming**: Python, Go  
        **ML/AI Frameworks**: PyTorch, JAX
        '''))
    assert r.skills == ["Python", "Go", "PyTorch", "JAX"]


# --- education: degree / dates / institution on three lines -------------------------------------
def test_dates_between_a_degree_and_its_institution_date_the_degree():
    """`M.Sc. in Lorem Science` / `2019 – 2023` / `Lorem University, South Korea` (HTML cards in a
    Minimal Mistakes page, one span per line): the dates are the degree's."""
    r = extract(_doc('''
        # Hana Seo

        ## Education

        <div>
          <span class="cv-item-title">M.Sc. in Lorem Science</span>
          <span class="cv-item-date">2023 – 2025 (expected)</span><br>
          <span class="cv-item-sub">Lorem University, South Korea</span><br>
        </div>

        <div>
          <span class="cv-item-title">B.Sc. in Ipsum Biology</span>
          <span class="cv-item-date">2019 – 2023</span><br>
          <span class="cv-item-sub">Lorem University, South Korea</span><br>
        </div>
        '''))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("M.Sc. in Lorem Science", "Lorem University", "2023", "2025"),
        ("B.Sc. in Ipsum Biology", "Lorem University", "2019", "2023")]


# --- publications: "**1.** *Title*" / authors (year). *Venue*, IF / "→ note" ---------------------
def test_title_line_then_authors_year_and_emphasised_venue_is_one_entry():
    """`**1.** *Title*` / `Roe A\\*, **Seo HN\\***, et al. (2024). *Venue*, IF 4.7` / `→ my part`
    (hard line breaks): one paper; the bold number is the list's, the emphasised words on the
    second line are the venue, the arrow line a note."""
    r = extract(_doc(r'''
        # Hana Seo

        ## Publications

        **1.** *Drift of kelp canopies along a warming coast*  
        Roe A\*, Poe B\*, **Seo HN\***, et al. (2024). *Lorem Marine Letters*, IF 4.7  
        → Sample collection and statistical analysis

        **2.** *Tidal refuges for juvenile sea stars*  
        Roe A\*, **Seo HN\***, et al. (2023). *Ipsum Research*, IF 5.0  
        → Data curation
        '''))
    got = [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications]
    assert got == [
        ("Drift of kelp canopies along a warming coast", ["Roe A", "Poe B", "Seo HN"], "Lorem Marine Letters", "2024"),
        ("Tidal refuges for juvenile sea stars", ["Roe A", "Seo HN"], "Ipsum Research", "2023")]


def test_bold_role_with_bracketed_dates_under_a_markdown_heading_is_an_entry():
    """`**Research Fellow, Project Lorem** (2023–2024)` / `University of Ipsum, Exeter, UK` after an
    entry with bullets under `## Research and Professional Experience`: a post of its own, not a
    section ("Project" is a heading's word)."""
    r = extract(_doc('''
        # Ana Dorsey

        ## Research and Professional Experience

        **Research Associate** (Present)
        University of Lorem, Coventry, UK
        - Building **lorem pipelines**

        **Research Fellow, Project Lorem** (2023–2024)
        University of Ipsum, Exeter, UK
        - Scheduling **ipsum queues**

        **Research Intern** (2015–2016)
        Institut Dolor, Grenoble, France
        '''))
    got = [(p.title, p.organization, p.start, p.end) for p in r.positions]
    assert ("Research Fellow", "University of Ipsum", "2023", "2024") in got
    assert ("Research Intern", "Institut Dolor", "2015", "2016") in got


# --- talks: "**YEAR** — Event (Place)" / "*Title*" ----------------------------------------------
def test_dated_event_line_then_emphasised_title_line_is_one_talk():
    """`**2023** — Lorem Congress on Ipsum Mathematics (Kyoto)` / `*Learning Ipsum Attractors*`
    (a hard line break): the event, then the talk's title in emphasis; one talk."""
    r = extract(_doc('''
        # Ana Dorsey

        ## Selected Conference Talks

        **2023** — Lorem Congress on Ipsum Mathematics (Kyoto)
        *Learning Ipsum Flows with Lorem Machines*

        **2022** — Dolor Methods Workshop (Online)
        *Dolor Bounds for Sparse Networks*
        '''))
    got = [(t.title, t.host, t.date) for t in r.talks]
    assert got == [("Learning Ipsum Flows with Lorem Machines", "Lorem Congress on Ipsum Mathematics (Kyoto)", "2023"),
                   ("Dolor Bounds for Sparse Networks", "Dolor Methods Workshop", "2022")]


# --- venue tails: "Volume 7, Number 4"; an acronym with a digit and its year ---------------------
def test_volume_and_number_words_and_a_digit_acronym_with_its_year_are_cut():
    """`…, Journal of Lorem Computing, Volume 7, Number 4, December 2013.` and `… (LO2VE 2011),
    June 12-15, …`: the venue's name without volume and number, and without the bracketed
    acronym that holds a digit and the year."""
    r = extract(_doc('''
        # Pim Dorsal

        ## Publications

        1. Roe M., Dorsal P. “Churn in Lorem Swarms”. Journal of Lorem Computing, Volume 7, Number 4, December 2013.
        2. Dorsal P., Quist A. “Churn-Aware Lorem Overlays” Proceedings of the Third International Conference on Lorem Overlays (LO2VE 2011), June 12-15, Porto, Portugal.
        '''))
    assert [(p.venue, p.year) for p in r.publications] == [
        ("Journal of Lorem Computing", "2013"), ("International Conference on Lorem Overlays", "2011")]


# --- awards: a sentence under an award's bullet --------------------------------------------------
def test_sentence_under_an_award_bullet_describes_it():
    """`- Ipsum Foundation Grant, 2026  ` / `Awarded in support of a planned research visit to a
    partner university.` (a hard line break inside the item): one award; the sentence is no award."""
    r = extract(_doc('''
        # Ada Lindqvist

        ## Honors
        - Ipsum Foundation Grant, 2026  
        Awarded in support of a planned research visit to a partner university abroad.
        - Dolor Prize for Young Economists, 2024
        '''))
    assert [(a.name, a.year) for a in r.awards] == [("Ipsum Foundation Grant", "2026"),
                                                   ("Dolor Prize for Young Economists", "2024")]
