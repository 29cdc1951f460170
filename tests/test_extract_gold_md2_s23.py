"""Session 23 (gold pass, Markdown CVs kept as repository files: ``CV.md``, ``cv/cv.md``,
``resume/resume.md``, pandoc Markdown, Quarto and R Markdown CVs, taken from the middle and end of
the hit lists) were read against a careful reading (a gold record per CV) and scored field by
field. Each test is an invented snippet in the shape of an error found there; names, titles,
venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _read(tmp_path, text: str, name: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return read_document(path)


# --- pandoc definition lists: works under their dates -----------------------------------------
def test_pandoc_definition_list_of_works_under_dates(tmp_path):
    """"2021/03 [J]" / ":    **Roe**, Poe: *Title*. In: Venue" (a pandoc CV's publications, each
    a definition under its date and a mark of its kind): each definition is one work of that year,
    the date is not its title."""
    r = extract(_read(tmp_path, '''
        Publications
        ------------

        2021/03 [J]
        :    **Jana Roe**, Sam Poe and Lee Doe: *Lorem Ipsum Dolor Sit Amet for Graph Tasks*. In: Proceedings of the 9th Lorem Conference (LC '21), pp. 1–8.

        2020/06 [W]
        :    Sam Poe, **Jana Roe**: *Consectetur Adipiscing Elit in Sequence Models*. In: Journal of Ipsum 12, pp. 3–9.
        ''', "cv.md"))
    assert [p.title for p in r.publications] == ["Lorem Ipsum Dolor Sit Amet for Graph Tasks",
                                                 "Consectetur Adipiscing Elit in Sequence Models"]
    assert [p.year for p in r.publications] == ["2021", "2020"]
    assert [a.name for a in r.publications[1].authors] == ["Sam Poe", "Jana Roe"]


def test_works_listed_as_items_of_one_definition_under_a_year(tmp_path):
    """"2015" / ":<TAB>* Roe, J., Poe, S. [Title](url). *Venue*." / "<TAB>* …" (a Pandoc definition
    under a year holding a Markdown list of works): every item is a work of that year, not only the
    first (the year's line is taken out when the definition dates its work)."""
    r = extract(_read(tmp_path, """
        Publications
        ------------

        2015
        :\t* Roe, J., Poe, S. [Lorem ipsum dolor in sit amet](https://example.org/a.pdf). *Journal of Ipsum*, 3, 1-9.

        \t* Doe, L., Roe, J. [Consectetur adipiscing in elit models](https://example.org/b.pdf). *Lorem Letters*, 7, 2-4.

        2014
        :\t* Roe, J., Doe, L. [Sed do eiusmod tempor in networks](https://example.org/c.pdf). *Dolor Review*, 1, 5-6.
        """, "cv.md"))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Lorem ipsum dolor in sit amet", "2015"), ("Consectetur adipiscing in elit models", "2015"),
        ("Sed do eiusmod tempor in networks", "2014")]


def test_year_stays_the_heading_when_its_definition_holds_only_a_bullet_sign(tmp_path):
    """"2014" / ":<TAB>*  <div …></div> Roe, J., …" (a badge's empty <div> first in the item: the
    reader cuts the line there, so the definition holds only the bullet sign): the year stays the
    heading of the works under it, as before the rule that makes the year each work's date."""
    r = extract(_read(tmp_path, """
        Publications
        ------------

        2014
        :\t*  <div class='badge-embed' data-doi="10.1000/x1"></div> Roe, J., Poe, S., Doe, L. [Lorem ipsum dolor in sit amet](https://example.org/a.pdf). *Journal of Ipsum*, 3, 1-9.

        \t* <div class='badge-embed' data-doi="10.1000/x2"></div> Doe, L., Roe, J. [Consectetur adipiscing in elit models](https://example.org/b.pdf). *Lorem Letters*, 7, 2-4.
        """, "cv.md"))
    assert r.publications and all(p.year == "2014" for p in r.publications)


# --- pandoc definition lists: a nested definition list inside an entry ------------------------
def test_nested_definition_list_inside_a_post_is_its_details(tmp_path):
    """"    Major projects" / "      ~ *Lorem* - …" indented inside a post's definition (a definition
    list nested in it): the details of that post, not a "projects" section that swallows the
    posts after it."""
    r = extract(_read(tmp_path, '''
        Experience
        ----------

        2019/08&thinsp;–&thinsp;present
        :    **Research Associate**, *Lorem Institute of Technology*<q>, Ipsum, Dolor</q>\\
             Research on sit amet.

            Major projects
              ~ *Quux corpus* - A corpus of lorem ipsum documents.\\
                ➟ result: many downloads
              ~ *Server care* - Administration of compute servers.

        2017/04&thinsp;–&thinsp;2017/08
        :    **Python Developer**, *Ipsumsoft GmbH*<q>, Dolor, Sit</q>\\
             Part-time development.
        ''', "cv.md"))
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Research Associate", "Lorem Institute of Technology"), ("Python Developer", "Ipsumsoft GmbH")]
    assert r.positions[1].start == "2017-04" and r.positions[1].end == "2017-08"


# --- pandoc definition lists: lines after a hard break ----------------------------------------
def test_lines_after_a_hard_break_in_a_definition_are_its_details(tmp_path):
    """":    **Visiting Researcher**, *Lorem University*\\" / "     Research on …" / "     Project
    outcome published at LOREM 2024." — the lines after the backslash break go on the same
    definition: details of that post, not a post of their own (the year in them is no date)."""
    r = extract(_read(tmp_path, '''
        Experience
        ----------

        2022/08&thinsp;–&thinsp;2022/10
        :    **Visiting Researcher**, *Lorem University*<q>, Ipsum, Dolor</q>\\
             Research on sit amet at the Consectetur Group for *Adipiscing Elit*.\\
             Project outcome published at LOREM 2024.

        2020/07&thinsp;–&thinsp;2020/08
        :    **Research Intern**, *Ipsum Institute*<q>, Dolor, Sit</q>\\
             Research on amet consectetur.
        ''', "cv.md"))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Visiting Researcher", "Lorem University", "2022-08", "2022-10"),
        ("Research Intern", "Ipsum Institute", "2020-07", "2020-08")]


# --- contacts in the front matter of a pandoc / R Markdown CV ----------------------------------
def test_front_matter_contacts_of_an_r_markdown_cv():
    """'email:', 'phone:', 'github:' and 'address:' in an R Markdown CV's YAML header (the
    template prints them at the top): the subject's e-mail, phone, GitHub profile and town."""
    r = extract(_doc('''
        ---
        output: pdf_document
        title: "CV"
        author: Mira Quillon
        address: "Room 12, Lorem Department, Ipsum University, 3 Dolor Rd., Springfield, Canada"
        email: mquillon@example.org
        phone: "+1-555-0100"
        github: mquillon
        fontsize: 11pt
        ---

        # EDUCATION

        Ipsum University, Springfield, Canada \\\\hfill 2017-present

        Degree: M.S. Psychology
        ''', name="CV.Rmd"))
    assert r.person.name == "Mira Quillon"
    assert r.person.emails == ["mquillon@example.org"]
    assert r.person.phones == ["+1-555-0100"]
    assert "https://github.com/mquillon" in r.person.profiles
    assert r.person.location and r.person.location.startswith("Springfield")


def test_front_matter_homepage_on_a_profile_host_is_a_profile():
    """'homepage: https://github.com/jroe' in a pandoc CV's header names the GitHub profile; the
    body's own e-mail is kept and the header's settings ('protect-email: false') are no contacts."""
    r = extract(_doc('''
        ---
        firstname: Jana
        lastname: Roe
        homepage: https://github.com/janaroe
        email: jroe@example.org
        settings:
          protect-email: false
        ---

        Experience
        ----------

        2019/08 – present
        :    **Research Associate**, *Lorem Institute*
        '''))
    assert r.person.emails == ["jroe@example.org"]
    assert "https://github.com/janaroe" in r.person.profiles
    assert not r.person.homepage


# --- presentations cited with their authors and year -------------------------------------------
def test_presentation_cited_with_authors_year_and_quoted_title():
    """"**Roe, J. A.**, Poe, S. (2017). “Title”, presented as a poster at the 12th yearly gathering of
    the Lorem Society." under "Conference Presentations": the quoted words are the talk's title, the
    words after "presented … in/at" its event, the year in brackets its date — not a talk titled
    with its authors."""
    r = extract(_doc('''
        # Mira Quillon

        ## Conference Presentations

        **Quillon, M.**, Poe, S. (2017). “Lorem: A shiny tool for ipsum analysis”, presented as a poster at the 12th yearly gathering of Dolor Studies (GDS).

        Tam, C., **Quillon, M.**, et al. (2015). “An embodied approach to sit amet words”, given as an oral talk in a symposium of the 9th Consectetur Meeting.
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Lorem: A shiny tool for ipsum analysis", "12th yearly gathering of Dolor Studies (GDS)", "2017"),
        ("An embodied approach to sit amet words", "9th Consectetur Meeting", "2015")]


# --- reviewing: "Venue (ACR): years" under a reviewer's heading ---------------------------------
def test_reviewer_heading_over_plain_venue_year_lines():
    """"Technical Referee for Journals" is a service heading (not skills, for its "Technical"); under
    it and under "External Reviewer for Conferences/Workshops", a plain "Lorem Symposium on Ipsum
    (LSI): 2016" line names the venue reviewed for and the years."""
    r = extract(_doc('''
        Mira Quillon
        ============

        Technical Referee for Journals
        -------------------------------
        International Journal of Lorem Programming (IJLP): 2016, 2017

        External Reviewer for Conferences/Workshops
        --------------------------------------------
        IEEE International Symposium on Lorem and Ipsum Processing with Dolor Applications (ISLIP): 2016  
        International Conference on Parallel Sit Amet (ICPSA): 2015  
        '''))
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Referee", "International Journal of Lorem Programming (IJLP)", "2016, 2017"),
        ("Reviewer", "IEEE International Symposium on Lorem and Ipsum Processing with Dolor Applications (ISLIP)", "2016"),
        ("Reviewer", "International Conference on Parallel Sit Amet (ICPSA)", "2015")]
    assert not r.skills


# --- European degree names; a "Stay Abroad" list -----------------------------------------------
def test_doctor_in_field_maitrise_and_license_are_degrees_and_stays_abroad_are_posts():
    """"Doctor in Physics at the [Lorem University]", "Maîtrise de Mathématique, Université de
    Dolor" and "License de Mathématique, …" (a kramdown definition list under a bold "**Education**"
    label): degrees at their institutions, not institutions named by the whole line. "**Stay
    Abroad**" over "Visiting Scholar at Sit University, Italy." lists visiting posts."""
    r = extract(_doc('''
        **Education**

        Oct 2006 &mdash; April 2010
        :   Doctor in Physics at the [Lorem University Ipsum](http://example.org)<br>
            Thesis: [Dolor sit amet](http://example.org/t)

        Sep 1998 &mdash; Sep 1999
        :   Maîtrise de Mathématique, Université de Dolor, France.

        Sep 1997 &mdash; Sep 1998
        :   License de Mathématique, Université de Dolor, France.

        **Stay Abroad**

        Apr 2012 &mdash; Jun 2012
        :   Visiting Scholar at Sit University, Italy.
        '''))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Doctor in Physics", "Lorem University Ipsum", "2006-10", "2010-04"),
        ("Maîtrise de Mathématique", "Université de Dolor", "1998-09", "1999-09"),
        ("License de Mathématique", "Université de Dolor", "1997-09", "1998-09")]
    assert r.education[0].level == "doctorate"
    assert [(p.title, p.organization, p.start) for p in r.positions] == [("Visiting Scholar", "Sit University", "2012-04")]


# --- a bold name with its entry going on after it on the same line -------------------------------
def test_bold_name_then_dash_or_bracket_heads_an_entry_not_a_section():
    """"**Lorem Consulting Services** — IT Analyst" under "## Experience" is a post at that firm (no
    "Services" section), and "**Article Ipsum Pipeline** *(NLP · Airflow)*" under "## Key Projects"
    is a project (no "Articles" section of publications)."""
    r = extract(_doc('''
        # Mira Quillon

        ## Experience

        **Dolor Bank of Ipsum** — Senior Test Engineer
        *May 2021 – Feb 2022 · Lorem City*
        - Wrote lorem tests

        **Lorem Consulting Services** — IT Analyst / Software Engineer
        *Jun 2014 – Apr 2020 · Ipsum Town*
        - Six years of sit amet

        ## Key Projects

        **Article Ipsum Pipeline** *(NLP · Airflow)*
        - A pipeline that extracts keywords from lorem articles.
        - Stack: Airflow · Python

        ## Skills

        Python · SQL
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Senior Test Engineer", "Dolor Bank of Ipsum", "2021-05", "2022-02"),
        ("IT Analyst / Software Engineer", "Lorem Consulting Services", "2014-06", "2020-04")]
    assert not r.publications and not r.service


def test_bold_label_with_its_colon_over_emphasised_venues_is_still_a_label():
    """"**Reviewer for:** *Lorem Letters*, *Ipsum Review*" under "## Service": the colon inside the
    bold marks a label, so the line is the role and one venue per item (the rule above, a bold name
    then an emphasised note, first read it as one post's head: role "Reviewer for", the whole list
    as one organization, on a saved real CV)."""
    r = extract(_doc('''
        # Mira Quillon

        ## Service

        **Reviewer for:** *Lorem Letters*, *Ipsum Review*, *Dolor Sit B*, *Amet Nature*.
        '''))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Lorem Letters"), ("Reviewer", "Ipsum Review"), ("Reviewer", "Dolor Sit B"),
        ("Reviewer", "Amet Nature")]


# --- the professor a course was taught for ------------------------------------------------------
def test_mentor_after_a_course_taught_is_no_part_of_the_course():
    """"2017 Teaching Assistant, General Lorem Course, Mentor: Prof. Sam Poe": the course is
    "General Lorem Course"; the professor named after it is not part of its name."""
    r = extract(_doc('''
        # Mira Quillon

        # TEACHING EXPERIENCE

        2017 Teaching Assistant, General Lorem Course, Mentor: Prof. Sam Poe

        2016 Teaching Assistant, Seminar on Ipsum and Dolor Course, Supervisor: Dr. Lee Doe
        '''))
    assert [(t.course, t.role, t.term) for t in r.teaching] == [
        ("General Lorem Course", "Teaching Assistant", "2017"),
        ("Seminar on Ipsum and Dolor Course", "Teaching Assistant", "2016")]


# --- pandoc lists of awards and talks under their dates -----------------------------------------
def test_bold_award_dash_italic_giver_and_dated_emphasised_talk(tmp_path):
    """"**Travel Grant** - *Lorem House of Young Scientists*" is the award and its giver, kept as
    cvgraph keeps them ("Name, Giver"); "2020/11" / ":    *Title of the talk*. Ipsum Symposium, …"
    is a talk of 2020 titled by its emphasised words, its event after them."""
    r = extract(_read(tmp_path, '''
        Awards and Scholarships
        -----------------------

        2022/08&thinsp;–&thinsp;2022/10
        :    **Travel Grant** - *Lorem House of Young Scientists*\\
             For a research stay at Ipsum University.

        Invited Talks
        -------------

        2020/11
        :    *How the Lorem Institute deals with the ipsum season*. 7th Dolor symposium on distance teaching, Sit Institute, Amet.
        ''', "cv.md"))
    assert r.awards and r.awards[0].name == "Travel Grant, Lorem House of Young Scientists"
    assert r.awards[0].year == "2022"
    assert [(t.title, t.date) for t in r.talks] == [("How the Lorem Institute deals with the ipsum season", "2020")]
    assert r.talks[0].host.startswith("7th Dolor symposium on distance teaching")


# --- one CV per Quarto profile ------------------------------------------------------------------
def test_quarto_page_holding_its_cv_once_per_profile_is_read_in_the_first():
    """A Quarto page that holds the same CV twice, in "::: {.content-visible when-profile="english"}"
    and ":::: {.content-visible when-profile="french"}" divs, is read in the first profile only:
    the French copy adds no posts of its own."""
    r = extract(_doc('''
        ---
        title: "CV"
        ---

        ::: {.content-visible when-profile="english"}
        ## Academic positions

        2021-2023 - Postdoctoral Researcher at [Dolor](https://example.org/d) (Dolor Institute of Studies).

        2020-2021 - Teaching Fellow at [Sit University](https://example.org/s).
        :::

        :::: {.content-visible when-profile="french"}
        ## Parcours professionnel

        2021-2023 - Chercheur postdoctoral à l'[Dolor](https://example.org/d) (Institut Dolor).

        2020-2021 - ATER à l'[Université Sit](https://example.org/s).
        ::::
        ''', name="index.qmd"))
    assert [(p.title, p.start, p.end) for p in r.positions] == [
        ("Postdoctoral Researcher", "2021", "2023"), ("Teaching Fellow", "2020", "2021")]
