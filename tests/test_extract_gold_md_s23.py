"""Session 23 (gold pass, Markdown CV pages on GitHub Pages sites): academicpages, minimal-mistakes
and plain Jekyll CV pages (``_pages/cv.md``, ``_pages/cv.markdown``, ``cv/index.md``, ``resume.md``)
taken from the middle and the end of the stored index's lists were read against a careful reading
(a gold record per CV) and scored field by field. Each test is an invented snippet in the shape of
an error found there; names, titles, venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _service(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(s.role, s.organization, s.period) for s in extract(_doc(text)).service]


# --- service -----------------------------------------------------------------------------------
def test_role_for_a_venue_whose_name_holds_a_colon():
    """"Peer reviewer for Lorem: Practice and Ipsum (LPI-23-0201) 2023": the colon is inside the
    journal's name, not after a role label; the manuscript's number is no part of the name."""
    got = _service('''
        # Ann Example

        Service
        ======
        * Peer reviewer for Lorem: Practice and Ipsum (LPI-23-0201) 2023
        * Peer reviewer for Dolor Standards & Interfaces DSI-D-24-00741
        * Reviewer for journals: Lorem Letters, Ipsum Review
        ''')
    assert ("Peer reviewer", "Lorem: Practice and Ipsum", "2023") in got
    assert ("Peer reviewer", "Dolor Standards & Interfaces", None) in got
    # a generic word after "for" keeps the colon a label's
    assert ("Reviewer for journals", "Lorem Letters", None) in got


def test_committee_for_a_venue():
    """"Artefact Review committee for Foundations of Lorem (FOL) 2024", "Member in the Intake
    Committee for …": the role, then the venue or body it was for."""
    got = _service('''
        # Ann Example

        Service
        ======
        * Program Committee for 12th Lorem Conference on Ipsum Systems (LCIS) 2025
        * Artefact Review committee for Foundations of Lorem Programming (FOLP) 2024
        * Member in the Intake Committee for Lorem Studies (2021-2023)
        ''')
    assert ("Program Committee", "12th Lorem Conference on Ipsum Systems (LCIS)", "2025") in got
    assert ("Artefact Review committee", "Foundations of Lorem Programming (FOLP)", "2024") in got
    assert ("Member", "Intake Committee for Lorem Studies", "2021-2023") in got


def test_organization_over_nested_dated_roles():
    """"* Lorem Alumni Chapter" / "  * Board Member, Tech, 2025 - Present": an organization bullet
    over the dated roles held in it gives each its organization."""
    got = _service('''
        # Ann Example

        ### Service and leadership

        * Lorem Alumni New York Chapter
          * Board Member, Tech, 2025 - Present
        * Ipsum Product Engineering Organization
          * Engineering Fellow, 2022 - 2025
          * Co-Events Director, 2024 - 2025
        * Dolor Association for Computing
          * Webmaster, 2023 - 2024
        ''')
    assert got == [("Board Member, Tech", "Lorem Alumni New York Chapter", "2025 - Present"),
                   ("Engineering Fellow", "Ipsum Product Engineering Organization", "2022 - 2025"),
                   ("Co-Events Director", "Ipsum Product Engineering Organization", "2024 - 2025"),
                   ("Webmaster", "Dolor Association for Computing", "2023 - 2024")]


def test_engagement_heading_is_service():
    """"Engagement" (as "Community Engagement") heads the roles taken on for the field."""
    assert classify_heading("Engagement") == "service"
    assert classify_heading("Community Engagement") == "service"
    assert classify_heading("Skills and Certifications") == "skills"
    got = _service('''
        # Ann Example

        Education
        ======
        * Ph.D in Computer Science, University of Loremton, 2026 (expected)

        Engagement
        ======
        * Reviewer for LOREM (2022), IPSUM (2023), DOLOR
        ''')
    assert ("Reviewer", "LOREM", "2022") in got and ("Reviewer", "DOLOR", None) in got


# --- publications ------------------------------------------------------------------------------
_PUBS = '''
    # Cid D. Ipsum

    ## Journal Publications
    * Ann B. Lorem\\*, __Cid D. Ipsum__\\*, Eve F. Dolor, and Gus H. Amet. “Sharper lorem atlases with deep ipsum refinement”. _Journal of Lorem Imaging_, 2024. [doi: 10.1117/1.JLI.11.6.064004](https://doi.org/10.1117/1.JLI.11.6.064004) \\*Equal contribution.

    * Hal I. Sit, **Cid D. Ipsum**, Mia A. D’Orsay, The LOREM-HD Study Team, Ipsum Disease Imaging Initiative, Jon K. Elit, and Kay L. Sed. “Trusting lorem brain charts over ipsum”. _Journal of Lorem Imaging_, 2026. [doi: 10.1117/1.JLI.13.5.054001](https://doi.org/10.1117/1.JLI.13.5.054001)

    * Lea M. Tempor, **Cid D. Ipsum**, and Kay L. Sed for the Ipsum Disease Imaging Initiative and the DOLOR Study team. “Lorem age read from ipsum diffusion”. _Ipsum Neuroscience_, 2025. [doi: 10.1162/imag_a_00552](https://doi.org/10.1162/imag_a_00552)

    ## Conference Papers
    * Ann B. Lorem\\*, Eve F. Dolor\\*, and **Cid D. Ipsum**. “Weighing lorem harmonization for multi-site ipsum”. Accepted to Lorem International Symposium on Ipsum Imaging, April 2026. [doi: 10.48550/arXiv.2604.00251](https://doi.org/10.48550/arXiv.2604.00251) \\*Equal contribution.
    '''


def test_doi_link_and_equal_contribution_note_after_a_reference():
    """"… _Journal_, 2024. [doi: 10.x/y](https://doi.org/…) \\*Equal contribution.": the link's text is
    the DOI (no quoted title, no part of the venue) and the closing note explains the marks."""
    pubs = extract(_doc(_PUBS)).publications
    first = next(p for p in pubs if p.title.startswith("Sharper"))
    assert first.venue == "Journal of Lorem Imaging" and first.year == "2024"
    assert first.doi == "10.1117/1.jli.11.6.064004"
    assert [a.equal_contribution for a in first.authors] == [True, True, False, False]
    last = next(p for p in pubs if p.title.startswith("Weighing"))
    assert last.venue == "Lorem International Symposium on Ipsum Imaging" and last.year == "2026"


def test_study_groups_among_authors_and_a_curly_apostrophe_in_a_surname():
    """Study groups named among the authors ("The LOREM-HD Study Team", "… Initiative") or after
    them ("… and D for the Lorem Initiative and the Dolor Study team") are no authors; "D’Orsay" is
    a surname, its curly apostrophe no quotation mark."""
    pubs = {p.title: p for p in extract(_doc(_PUBS)).publications}
    charts = pubs["Trusting lorem brain charts over ipsum"]
    assert [a.name for a in charts.authors] == ["Hal I. Sit", "Cid D. Ipsum", "Mia A. D'Orsay", "Jon K. Elit", "Kay L. Sed"]
    assert charts.venue == "Journal of Lorem Imaging"
    age = pubs["Lorem age read from ipsum diffusion"]
    assert [a.name for a in age.authors] == ["Lea M. Tempor", "Cid D. Ipsum", "Kay L. Sed"]
    assert age.venue == "Ipsum Neuroscience" and age.year == "2025"


# --- HTML lists in a Markdown page; bold post over its italic organization ----------------------
_HTML_CARDS = '''
    # Ann Example

    ## Education

    <ul>
    <li><b>Loremton University </b><div style="float: right"> August 2023 - Present</div></li>
        <ul>
        <li>PhD, Lorem and Ipsum Engineering</li>
        </ul>
    </ul>

    ## Experience

    <ul>
    <li><b>Undergraduate Choir Minister</b><div style="float: right">August 2019 - June 2023</div>
    <br />
    <i>University of Ipsum</i></li>
        <ul>
        <li>Planned weekly hymns for the chapel</li>
        </ul>
    <li><b>Optics Teaching Assistant</b><div style="float: right"> January 2021 - May 2021<br />January 2022 - May 2022</div>
    <br />
    <i>University of Ipsum</i></li>
        <ul>
        <li>Helped fifty students with mechanics</li>
        </ul>
    <li><b> Circuit Design Intern</b><div style="float: right"> May 2021 - August 2021</div>
    <br />
    <i>Amet Research Associates, Inc.</i></li>
    </ul>
    '''


def test_html_list_in_markdown_keeps_its_nesting_and_floated_dates():
    """An HTML list written in a Markdown page: a list inside an item is nested under it, a line of
    list tags or a lone "<br />" is no paragraph gap, and a "float: right" element is the line's
    date column (two periods stacked in it stay on the line)."""
    from mappers.extract.sections import normalise_lines
    lines = [t for _, t in normalise_lines(textwrap.dedent(_HTML_CARDS)) if t.strip()]
    assert "- <b>Loremton University </b>\tAugust 2023 - Present" in lines
    assert "  - PhD, Lorem and Ipsum Engineering" in lines
    at = lines.index("- <b>Undergraduate Choir Minister</b>\tAugust 2019 - June 2023")
    assert lines[at + 1] == "<i>University of Ipsum</i>"
    assert lines[at + 2] == "  - Planned weekly hymns for the chapel"
    assert "- <b>Optics Teaching Assistant</b>\tJanuary 2021 - May 2021, January 2022 - May 2022" in lines


def test_bold_post_over_italic_organization():
    """"- **Post**<TAB>dates" over "*Organization*": the bold words are the post (whatever they
    read like), the italic line where it was held; two spells run from the first start to the last end."""
    r = extract(_doc(_HTML_CARDS))
    got = [(p.title, p.organization, p.start, p.end) for p in r.positions]
    assert got == [("Undergraduate Choir Minister", "University of Ipsum", "2019-08", "2023-06"),
                   ("Optics Teaching Assistant", "University of Ipsum", "2021-01", "2022-05"),
                   ("Circuit Design Intern", "Amet Research Associates, Inc.", "2021-05", "2021-08")]
    assert [(e.degree, e.institution, e.start) for e in r.education] == [("PhD", "Loremton University", "2023-08")]
    md = extract(_doc('''
        # Ann Example

        ## Experience

        - **Undergraduate Choir Minister**\tAugust 2019 - June 2023
          *University of Ipsum*
          - Planned weekly hymns
        - **Summer Lab Intern**\tJune 2022 - August 2022
          *Dolor National Laboratory*
          - Explored deep learning
        '''))
    assert [(p.title, p.organization) for p in md.positions] == [
        ("Undergraduate Choir Minister", "University of Ipsum"), ("Summer Lab Intern", "Dolor National Laboratory")]


# --- talks: the event in bold first, the title in emphasis last ---------------------------------
def test_bold_event_place_year_speakers_then_emphasised_title():
    """"__Lorem Genetics Conference__, Madison WI<TAB>2018. Roe A, Poe B. _Title._": the event, where
    and when, the speakers, then the talk's title."""
    r = extract(_doc('''
        # Ann Example

        ##Presentations

        __Meeting of the Lorem and Ipsum Society__, Springfield IL\t2018. Example A, Sample B. _Double lorem insertion gives a substrate for ipsum._

        __2017 Society for Dolor Evolution Meeting__, Austin TX\t2017. Example A, Sample B. _Tandem lorem elements in ipsum populations_
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Double lorem insertion gives a substrate for ipsum", "Meeting of the Lorem and Ipsum Society, Springfield IL", "2018"),
        ("Tandem lorem elements in ipsum populations", "2017 Society for Dolor Evolution Meeting, Austin TX", "2017")]


# --- a teaching post with its course -------------------------------------------------------------
def test_teaching_assistant_for_a_course_at_an_organization():
    """"**TA for LRM 201 (Lorem Tools) at University of Ipsum LRM Department**" over "*Jan 2018 to
    Sep 2018, Jan 2019 to Dec 2019*": the post (TA) at the organization, held in two spells, and the
    course taught; "Fall 2024: Teaching Assistant" over "Teaching assistant for LRM 574: …" names the
    course too."""
    r = extract(_doc('''
        # Ann Example

        ### Previous experience

        **TA for LRM 201 (Lorem Tools) at University of Ipsum LRM Department**

        *January 2018 to September 2018, January 2019 to December 2019*

        A course on the lorem tools every student needs.

        Work experience
        ======
        * Fall 2024: Teaching Assistant
          * Teaching assistant for LRM 574: Introduction to Dolor Learning
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("TA", "University of Ipsum LRM Department", "2018-01", "2019-12")]
    assert [(t.course, t.role) for t in r.teaching] == [
        ("LRM 201 (Lorem Tools)", "TA"), ("LRM 574: Introduction to Dolor Learning", "Teaching Assistant")]


# --- a career path: degrees and honours among the posts ------------------------------------------
def test_career_heading_lists_degrees_and_honours_among_posts():
    """"# Scientific Career": dated entries of posts, degrees ("<i>Master of Arts:</i> Field
    (Institution)") and honours ("2014: Lorem-Scholarship at …") together; a "Thesis:" line is the
    degree's detail, whatever years its title holds."""
    r = extract(_doc('''
        # Ann Example

        # Scientific Career

        **2021--today**
        <div class="entry">
        <i>Research Assistant</i>, Universität Loremburg<br>
        </div><br>

        **2012 -- 2015**
        <div class="entry">
        <i>Master of Arts:</i> Classical Lorem Studies (Ipsum-Universität Dolor)<br>
        2014: Lorem-Scholarship at <i>Universidad de Ipsum</i><br>
        Thesis: <i>Die Lorem-Epoche im Ipsum von Dolor 2012-2013</i>
        </div><br>

        **2008--2012**
        <div class="entry">
        <i>Bachelor of Arts:</i> Amet Sciences (Ipsum-Universität Dolor)<br>
        </div><br>
        '''))
    assert [(e.degree, e.field, e.institution, e.start, e.end) for e in r.education] == [
        ("Master of Arts", "Classical Lorem Studies", "Ipsum-Universität Dolor", "2012", "2015"),
        ("Bachelor of Arts", "Amet Sciences", "Ipsum-Universität Dolor", "2008", "2012")]
    assert r.education[0].thesis and r.education[0].thesis.startswith("Die Lorem-Epoche")
    assert [(p.title, p.organization, p.start) for p in r.positions] == [
        ("Research Assistant", "Universität Loremburg", "2021")]
    assert [(a.name, a.year) for a in r.awards] == [("Lorem-Scholarship at Universidad de Ipsum", "2014")]
    assert classify_heading("Scientific Career") == "positions"


def test_minor_between_two_degrees_and_their_institution():
    """"B.S. in Lorem, B.S. in Ipsum, Minor in Dolor, Amet State University, 2014-2018": two degrees;
    the minor is no part of the institution."""
    r = extract(_doc('''
        # Ann Example

        Education
        ======
        * Ph.D in Lorem Science, University of Ipsum Chicago, 2020-2025 (expected)
        * B.S. in Lorem Science, B.S. in Ipsum Studies, Minor in Dolor, Amet State University, 2014-2018
        '''))
    got = [(e.degree, e.institution, e.start, e.end, e.honours) for e in r.education[1:]]
    assert got == [("B.S. in Lorem Science", "Amet State University", "2014", "2018", ["Minor in Dolor"]),
                   ("B.S. in Ipsum Studies", "Amet State University", "2014", "2018", ["Minor in Dolor"])]


# --- skills --------------------------------------------------------------------------------------
def test_skill_over_phrases_describing_its_use():
    """"* Lorem" over "  * Service development via Ipsum" / "  * Data visualization via Dolor, etc.": the
    short bullet is the skill, the nested phrases say what was done with it; a group label over a
    list of skills ("Programming" / "Python") stays a label."""
    r = extract(_doc('''
        # Ann Example

        ### Skills

        * Lorem
          * Service development via Ipsum
          * Data visualization via Dolor, etc.
        * Amet
          * Plugin development
        * Programming
          * Rust
          * Go
        * Machine Learning
          * deep learning, reinforcement learning
        '''))
    assert r.skills == ["Lorem", "Amet", "Rust", "Go", "deep learning", "reinforcement learning"]


def test_run_on_service_items_with_a_date_before_the_colon():
    """"Referee for Lorem Letters and Ipsum. 2023–present: Member of the … Committee." (two items
    run together in text pasted from a PDF): the colon follows a date, so it is no colon inside the
    venue's name; the venue and the next item are not glued into one organization."""
    got = _service('''
        Ann Example

        Service
        Referee for Lorem Letters, Ipsum Review and Dolor. 2023–present: Member of the departmental Sit Committee.
        ''')
    assert got, "the service line is read"
    assert not any(org and "Lorem Letters" in org and "Sit Committee" in org for _, org, _ in got)
