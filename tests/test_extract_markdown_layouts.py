"""Layouts of Markdown CVs found on academic sites (session 11), each as an invented snippet:
dates set above what they date, emphasised talk titles, headings that end a section."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def test_a_date_line_above_each_entry_dates_that_entry():
    """'`2015–2020`' over '__University__' over '* PhD …': the dates went to the entry before
    (the first degree got the second's dates), and the role in the bullet was lost."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        `2015–2020`
        __University of Lorem__
        * PhD in Marine Biology

        `2013–2015`
        __Ipsum Institute of Technology__
        * MSc Oceanography

        ## Employment

        `2020–present`
        __Dolor Research Centre__
        * Research scientist

        `2018–2019`
        __Sit Amet Labs__
        * Field technician
        """))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("University of Lorem", "PhD in Marine Biology", "Marine Biology", "2015", "2020"),
        ("Ipsum Institute of Technology", "MSc Oceanography", "Oceanography", "2013", "2015")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Dolor Research Centre", "Research scientist", "2020", None, True),
        ("Sit Amet Labs", "Field technician", "2018", "2019", False)]


def test_a_date_line_below_its_entry_still_dates_that_entry():
    """The date-first rule needs the section to open with a date (or the date to follow a blank
    line): a date set under its entry stays with it."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        __University of Lorem__
        PhD in Marine Biology
        2015–2020

        __Ipsum Institute of Technology__
        MSc Oceanography
        2013–2015
        """))
    assert [(e.institution, e.start, e.end) for e in r.education] == [
        ("University of Lorem", "2015", "2020"), ("Ipsum Institute of Technology", "2013", "2015")]


# The talks and awards of the two year-group layouts below (year bullets, year lines), as read.
DATED_TALKS = [("Annual Meeting of the Lorem Society, Oslo, Norway", "2023"),
               ("Ipsum Workshop on Coastal Ecology, Bergen", "2023"), ("Dolor Seminar, University of Sit", "2021")]
DATED_AWARDS = [("Best Poster Award, Lorem Society", "2019"), ("Travel Grant, Ipsum Foundation", "2019"),
                ("Dean's Fellowship, University of Lorem", "2017")]


def test_year_bullets_date_the_nested_bullets_under_them():
    """'* 2023' over nested items: the year was read as an entry of its own (a talk, a
    publication titled '2023', an empty service role) and the items under it lost their year;
    two nested talks were merged into one talk and its host."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        * 2023
            * Jane Doe and Richard Roe. Tidal mixing in shallow estuaries. Journal of Coastal Dynamics.
        * 2021
            * Jane Doe. Kelp cover in cold water. Marine Letters.

        ## Talks
        * 2023
            * Annual Meeting of the Lorem Society, Oslo, Norway
            * Ipsum Workshop on Coastal Ecology, Bergen
        * 2021
            * Dolor Seminar, University of Sit

        ## Awards
        * 2019
            * Best Poster Award, Lorem Society
            * Travel Grant, Ipsum Foundation
        * 2017
            * Dean's Fellowship, University of Lorem

        ## Service
        * 2022
            * Reviewer for the Journal of Coastal Dynamics
        """))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Tidal mixing in shallow estuaries", "2023"), ("Kelp cover in cold water", "2021")]
    assert [(t.title, t.date) for t in r.talks] == DATED_TALKS
    assert [(a.name, a.year) for a in r.awards] == DATED_AWARDS
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Reviewer", "Journal of Coastal Dynamics", "2022")]


def test_a_year_line_over_a_group_dates_each_line_of_the_group():
    """'**2019**' over two awards, '2023' over two talks, a term over a course: every line of
    the group gets the year (each was undated before, and the talks were merged)."""
    r = extract(_doc("""
        # Jane Doe

        ## Talks

        2023
        Annual Meeting of the Lorem Society, Oslo, Norway
        Ipsum Workshop on Coastal Ecology, Bergen

        2021
        Dolor Seminar, University of Sit

        ## Awards

        **2019**
        Best Poster Award, Lorem Society
        Travel Grant, Ipsum Foundation

        **2017**
        Dean's Fellowship, University of Lorem

        ## Teaching

        `2019–2021`
        Introduction to Oceanography, University of Lorem
        """))
    assert [(t.title, t.date) for t in r.talks] == DATED_TALKS
    assert [(a.name, a.year) for a in r.awards] == DATED_AWARDS
    assert [(t.course, t.institution, t.term) for t in r.teaching] == [
        ("Introduction to Oceanography", "University of Lorem", "2019–2021")]


def test_an_emphasised_talk_title_is_the_title_and_the_rest_its_host():
    """'- *Title*, Host, Nov 2017': the title and the host were read as one title."""
    r = extract(_doc("""
        # Jane Doe

        ## Talks

        - *Tidal Mixing at Scale*, University of Lorem, Nov 2017
        - _Kelp Cover from Above_, Ipsum Society Annual Meeting, May 2015
        """))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Tidal Mixing at Scale", "University of Lorem", "2017-11"),
        ("Kelp Cover from Above", "Ipsum Society Annual Meeting", "2015-05")]


def test_headings_that_end_a_section_and_consulting_work():
    """An unknown heading as high as the section's own ended nothing: 'Group Members' was read
    as publications, the setext heading 'Paid Work' and its entry as teaching. Consulting and
    paid work are positions; 'Org, Role, July-November 2019.' gives the role."""
    r = extract(_doc("""
        # Jane Doe

        # Publications
        - **Jane Doe** and Richard Roe. (2023) Tidal Mixing in Shallow Estuaries. Journal of Coastal Dynamics; 12(3): 455-470.

        # Group Members
        - PhD students

          Anna Smith (University of Lorem, 2023 Fall)

        Teaching
        ======
        * Physical Oceanography (graduate), Fall 2022

        Paid Work
        ======
        • Ipsum Analytics, Data Analyst, July-November 2019.

        Hobbies
        ======
        * Sailing, Kelp Gardening
        """))
    assert [p.title for p in r.publications] == ["Tidal Mixing in Shallow Estuaries"]
    assert [(t.course, t.term) for t in r.teaching] == [("Physical Oceanography (graduate)", "Fall 2022")]
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Ipsum Analytics", "Data Analyst", "2019-07", "2019-11")]
    assert any("Group Members" in s for s in r.report.skipped)
    assert any("Hobbies" in s for s in r.report.skipped)


def test_an_organization_bullet_heads_the_roles_nested_under_it():
    """'* University of Lorem, Springfield, USA' over nested roles was a title-less position of
    its own, and its city became every role's unit (the role's own department was lost)."""
    r = extract(_doc("""
        # Jane Doe

        Academic Positions
        ======
        * University of Lorem, Springfield, USA
        \t* Associate Professor, Department of Marine Science, July 2021 -- present
        \t* Assistant Professor, Department of Marine Science, July 2016 -- June 2021

        * Ipsum Institute, Shelbyville, USA
        \t* Postdoctoral Fellow, Center for Coastal Studies, August 2014 -- June 2016
        """))
    assert [(p.organization, p.title, p.unit, p.location, p.start, p.end) for p in r.positions] == [
        ("University of Lorem", "Associate Professor", "Department of Marine Science", "Springfield, USA", "2021-07", None),
        ("University of Lorem", "Assistant Professor", "Department of Marine Science", "Springfield, USA", "2016-07", "2021-06"),
        ("Ipsum Institute", "Postdoctoral Fellow", "Center for Coastal Studies", "Shelbyville, USA", "2014-08", "2016-06")]


def test_teaching_details_under_a_course_are_not_courses():
    """A role over nested courses, and a course followed by its institution and a sentence about
    it (three <div>s of one item): each detail used to be a course of its own."""
    r = extract(_doc("""
        # Jane Doe

        Teaching Experience
        ======
        * Teaching Assistant, Department of Marine Science, University of Lorem, 09/2019 - 06/2020
          * Graduate-level Physical Oceanography
          * Graded homework for 60 students

        <h2>Lectures</h2>

        <div class="teaching-item">
        <div class="item-title">Teaching Assistant, Introduction to Oceanography</div>
        <div class="item-institution">School of Earth Sciences, University of Lorem, 2019-2021</div>
        <div class="item-details">Ran weekly lab sections for 40 students.</div>
        </div>
        """))
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Graduate-level Physical Oceanography", "University of Lorem", "09/2019 - 06/2020", "Teaching Assistant"),
        ("Introduction to Oceanography", "University of Lorem", "2019-2021", "Teaching Assistant")]


def test_a_supervisors_address_a_heading_and_a_dash_before_the_institution():
    """An al-folio page: the h2 'Selected Work' was taken as the name, the supervisor's e-mail
    as the subject's, and 'Ph.D., Marine Biology — University of Lorem' kept the field inside
    the institution."""
    r = extract(_doc("""
        ---
        layout: page
        title: cv
        ---

        I am a PhD student in marine science.

        <div class="cv-section">
        <h2>Selected Work</h2>
        <div id="papers-container"></div>
        </div>

        <div class="cv-section">
        <h2>Education</h2>
        <div class="education-item">
        <div class="item-title">Ph.D., Marine Biology — University of Lorem, 2021-2026</div>
        </div>
        <div class="education-item">
        <div class="item-title">B.S., Oceanography — Ipsum State University, 2017-2021</div>
        </div>
        </div>

        <h2>Research Experience</h2>
        <div class="cv-entry">
          <div>Research Assistant, Coastal Lab, Dolor University, 2019-2021</div>
          <div>Supervisor: Prof. Richard Roe · <a href="mailto:rroe@dolor.example.edu">rroe@dolor.example.edu</a></div>
        </div>
        """))
    assert r.person.name in (None, "")
    assert r.person.emails == []
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("University of Lorem", "Ph.D.", "Marine Biology", "2021", "2026"),
        ("Ipsum State University", "B.S.", "Oceanography", "2017", "2021")]
    assert [(p.organization, p.title, p.unit) for p in r.positions] == [("Dolor University", "Research Assistant", "Coastal Lab")]


def test_plain_text_positions_stacked_as_role_organization_dates_blocks():
    """Résumé-style text: each position a block of three lines, role and organization in either
    order, then the dates. The role's 'of …' was cut off as an organization, and the blocks fell
    apart into five half-entries."""
    r = extract(_doc("""
        JANE DOE
        Designer


        EXPERIENCE
        ----------

        Lecturer of Visual Communication
        Example School of Art, Sample University
        January 2019–May 2020

        Product Designer
        Acme Studio Springfield, IL
        June 2020–Present
        • Designed the studio's type system, supervised by Richard Roe.

        Widget Works, Springfield, IL
        Junior Designer
        July 2017–December 2018
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.location, p.start, p.end, p.current) for p in r.positions] == [
        ("Sample University", "Lecturer of Visual Communication", None, "2019-01", "2020-05", False),
        ("Acme Studio", "Product Designer", "Springfield, IL", "2020-06", None, True),
        ("Widget Works", "Junior Designer", "Springfield, IL", "2017-07", "2018-12", False)]
    assert r.positions[0].unit == "Example School of Art"     # a school of the university that employs
    assert r.positions[1].description == "Designed the studio's type system, supervised by Richard Roe."
    assert r.positions[1].mentors == ["Richard Roe"]     # read from the bullets as under any header


def test_text_from_a_word_document_name_field_codes_and_year_colon_lines():
    """Text saved from a Word CV: the name followed by a company in parentheses was no name,
    'HYPERLINK "url"' field codes stayed in the text, 'YYYY-YYYY: MSc. Field. Institution.'
    took the institution from the next line, and '1975-89:' left '89:' in the institution."""
    r = extract(_doc("""
        Jane Doe (Doe Media Limited)
        12 Lorem Lane, Springfield
         HYPERLINK "mailto:jane.doe@example.org" jane.doe@example.org
        Education:
        2015-2017: MSc. Public Health. Ipsum School of Tropical Medicine (ISTM).
        2002-2003: MSc. Science Communication, Dolor College, London
        1985-89: Sit Amet Grammar School, Springfield
        """, name="cv.txt", fmt="text"))
    assert r.person.name == "Jane Doe"
    assert r.person.emails == ["jane.doe@example.org"]
    assert [(e.institution, e.location, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("Ipsum School of Tropical Medicine (ISTM)", None, "MSc. Public Health", "Public Health", "2015", "2017"),
        ("Dolor College", "London", "MSc. Science Communication", "Science Communication", "2002", "2003"),
        ("Sit Amet Grammar School", "Springfield", None, None, "1985", "1989")]


# --- session 14: Markdown source lines that continue the line above -------------------------

def test_a_reference_wrapped_over_indented_lines_is_one_publication():
    """A numbered reference written over three indented source lines (one paragraph once
    rendered) was read as three publications, the second and third without authors."""
    r = extract(_doc("""
        # Jane Doe

        # Publications

        1. J. Doe, R. Roe, M. Poe. "Learning Lorem Heuristics for
           Ipsum Compilers", (2019). Dolor Workshop
           (30% acceptance rate), Sitten, Norway.
        1. M. Poe, J. Doe. "A Second Dolor Paper", (2017). Amet Journal.
        """))
    assert [(p.title, [a.name for a in p.authors], p.year) for p in r.publications] == [
        ("Learning Lorem Heuristics for Ipsum Compilers", ["J. Doe", "R. Roe", "M. Poe"], "2019"),
        ("A Second Dolor Paper", ["M. Poe", "J. Doe"], "2017")]


def test_an_award_wrapped_onto_an_indented_line_is_one_award():
    """'* **2015** Lorem studentship, ISRC' / '  grant AB/123.': the second line was an award."""
    r = extract(_doc("""
        # Jane Doe

        # Awards

        * **2017** Best Paper Award, Lorem Conference.
        * **2015** Doctoral studentship, Ipsum Research Council
          grant AB/1234/5.
        * **2009** Dolor Scholarship,
          Sitamet Foundation.
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Best Paper Award, Lorem Conference", "2017"),
        ("Doctoral studentship, Ipsum Research Council grant AB/1234/5", "2015"),
        ("Dolor Scholarship, Sitamet Foundation", "2009")]


def test_a_line_after_a_hard_break_in_a_list_item_belongs_to_that_item():
    """'- **Role**, Org — *dates*' + two trailing spaces + '  Group (Supervisor: X)': the
    indented line became the organization of the next entry, shifting it by one."""
    r = extract(_doc("""
        # Jane Doe

        ## Experience
        - **Postdoctoral Researcher**, Lorem University of Technology — *Dec 2021–2023*  
          Ipsum Systems Group (Supervisor: Rob Roe)
        - **Postdoctoral Researcher**, DOLOR (Amet University / SITA) — *Nov 2020–2021*  
          (Supervisor: Mia Moe)
        - **Software Engineer**, Consec Networks Ltd. — *Jun 2012–Jun 2014*
        """))
    assert [(p.title, p.organization, p.start, p.end, p.mentors) for p in r.positions] == [
        ("Postdoctoral Researcher", "Lorem University of Technology", "2021-12", "2023", ["Rob Roe"]),
        ("Postdoctoral Researcher", "DOLOR (Amet University / SITA)", "2020-11", "2021", ["Mia Moe"]),
        ("Software Engineer", "Consec Networks Ltd.", "2012-06", "2014-06", [])]


def test_a_line_wrapped_mid_phrase_in_the_source_is_one_line():
    """Markdown renders a line that goes on after 'with' / 'for' as one paragraph: each award
    written over two source lines was read as two awards, the first without its year."""
    r = extract(_doc("""
        # Jane Doe

        # Awards

        Best Poster Award, Lorem Society Annual Meeting, held jointly with
        the Ipsum Association, 2019

        Dolor Fellowship of the Amet Foundation for
        early-career researchers, 2018
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Best Poster Award, Lorem Society Annual Meeting, held jointly with the Ipsum Association", "2019"),
        ("Dolor Fellowship of the Amet Foundation for early-career researchers", "2018")]


# --- session 14: headings -------------------------------------------------------------------

def test_headings_with_shortcode_pictographs_and_short_names():
    """'## Education :school:' kept its shortcode (the unknown '## Organizations :busts…:'
    then fed the positions); 'Work', 'Committees and workgroups' were not headings."""
    r = extract(_doc("""
        # Jane Doe

        ## Work
        * 2017 - 2019: Postdoctoral Researcher, Lorem Institute

        ## Organizations :busts_in_silhouette:

        - Since 2010: Member of the Ipsum Club

        ## Education :school:

        - PhD in Geology, University of Dolor, 2016

        ## Committees and workgroups
        * Board member, Sitamet Society

        Work
        ======
        * 2020 - 2022: Research Scientist, Consec Labs
        """))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Lorem Institute", "Postdoctoral Researcher", "2017", "2019"),
        ("Consec Labs", "Research Scientist", "2020", "2022")]
    assert [(e.institution, e.degree, e.end) for e in r.education] == [
        ("University of Dolor", "PhD in Geology", "2016")]
    assert [(s.role, s.organization) for s in r.service] == [("Board member", "Sitamet Society")]


def test_a_role_named_like_a_section_is_an_entry_not_a_heading():
    """'### Graduate Teaching Assistant' under '# Experience' and '**Teaching Assistant**,
    University of …' opened a teaching section: the roles after them became courses."""
    r = extract(_doc("""
        # Jane Doe

        # Experience

        ### Postdoctoral Researcher
        **2017 -- 2018** University of Lorem

        ### Graduate Teaching Assistant
        **2011 -- 2016** Ipsum University

        ### Lab technician intern
        **2009** Dolor Laboratories

        Work experience
        ======
        **Teaching Assistant**, University of Sitamet<br>
        <small>Oct 2017 - May 2024</small>

        **Automation Engineer**, Consec Bank<br>
        <small>Aug 2019 - Dec 2019</small>
        """))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("University of Lorem", "Postdoctoral Researcher", "2017", "2018"),
        ("Ipsum University", "Graduate Teaching Assistant", "2011", "2016"),
        ("Dolor Laboratories", "Lab technician intern", "2009", None),
        ("University of Sitamet", "Teaching Assistant", "2017-10", "2024-05"),
        ("Consec Bank", "Automation Engineer", "2019-08", "2019-12")]
    assert r.teaching == []


def test_a_heading_set_in_inline_html_only():
    """'<span>Education</span>' between two rules (a theme's section title) was not a heading."""
    r = extract(_doc("""
        # Jane Doe

        <div class="title">
            <hr>
            <span>Education</span>
            <hr>
        </div>
        <div class="entry">
            <span class="deg">M.Sc. in Statistics, Lorem University, 2020 – 2022</span>
        </div>
        """))
    assert [(e.institution, e.degree, e.start, e.end) for e in r.education] == [
        ("Lorem University", "M.Sc. in Statistics", "2020", "2022")]


# --- session 14: the home page --------------------------------------------------------------

def test_a_file_link_or_an_entry_link_is_not_the_home_page():
    """'[Current CV](…/cv.pdf)' above the sections, and a department's link inside the first
    entry of a CV that opens straight on its sections, were taken as the home page."""
    r = extract(_doc("""
        [Current CV](https://jdoe.example.org/files/Doe_CV.pdf)

        Work experience
        ======
        * **Senior Scientist**, [Lorem Clinic](http://lorem-clinic.example.org), 2019 - Present
        * **PhD researcher**, [Dept. of Ipsum](https://ipsum.example.org/), Dolor University, 2013 - 2017

        Education
        ======
        * **PhD**, Dolor University, 2017
        """))
    assert r.person.homepage is None
    assert [(p.organization, p.title, p.start) for p in r.positions][:1] == [("Lorem Clinic", "Senior Scientist", "2019")]


def test_the_home_page_in_the_header_is_not_its_pdf():
    """The first link of the header was the CV's PDF: the site after it is the home page."""
    r = extract(_doc("""
        # Jane Doe
        [CV (PDF)](https://jdoe.example.org/cv.pdf) · [Home](https://jdoe.example.org/)

        ## Education
        * PhD in Geology, University of Dolor, 2016
        """))
    assert r.person.homepage == "https://jdoe.example.org/"


def test_reference_style_links_are_resolved_and_their_definitions_are_not_content():
    """'[Lorem Prize][prize]' with '[prize]: https://…' at the end: every definition line was
    read as an award, and the link text kept its '[…][prize]' brackets."""
    r = extract(_doc("""
        # Jane Doe

        ## Awards

        - November 2017: [Lorem Prize in Library Science][prize]
        - 2015: [Ipsum Travel Grant][]

        [prize]: https://prize.example.org/lorem
        [Ipsum Travel Grant]: https://ipsum.example.org/grant "the grant"
        [home]: https://jdoe.example.org/
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Prize in Library Science", "2017"), ("Ipsum Travel Grant", "2015")]


# --- session 14: degrees ---------------------------------------------------------------------

def test_degree_names_abbreviations_and_institutions_of_other_shapes():
    """M.Tech. and B.E. were not degrees (the whole line became the institution); '(PhD)' after
    'Doctor of Philosophy' was an honour and 'Master in Science' gave the field 'Science';
    'at the … University' and an Italian 'Scuola' were not read as the institution; a comma in
    brackets cut the institution's name."""
    r = extract(_doc("""
        # Jane Doe

        ## Education
        - **M.Tech., Signal Processing**, Lorem Institute of Technology — 2020
        - **B.E., Civil Engineering**, College of Engineering Ipsum (Dolor University, Sitten) — 2012

        Degrees
        ======
        **Doctor of Philosophy (PhD), Computing Science**, University of Amet<br>
        <small>Dec 2019 - Jun 2024</small>

        **Master in Science (MSci), Software Engineering**, University of Amet<br>
        <small>Sep 2014 - Jun 2019</small>

        ## Studies
        - 2018-2020 (expected): **Master of Science in Information Science** at the Consec University of Applied Sciences
        - Ph.D in Applied Mathematics, Scuola Normale Lorem, 2022
        """))
    assert [(e.degree, e.field, e.institution, e.honours) for e in r.education] == [
        ("M.Tech.", "Signal Processing", "Lorem Institute of Technology", []),
        ("B.E.", "Civil Engineering", "College of Engineering Ipsum (Dolor University, Sitten)", []),
        ("Doctor of Philosophy", "Computing Science", "University of Amet", []),
        ("Master in Science", "Software Engineering", "University of Amet", []),
        ("Master of Science in Information Science", "Information Science", "Consec University of Applied Sciences", []),
        ("Ph.D in Applied Mathematics", "Applied Mathematics", "Scuola Normale Lorem", [])]
    assert [e.level for e in r.education][:2] == ["master", "bachelor"]


def test_a_bullet_sign_parts_organization_and_place_and_labels_over_languages():
    """'**2016** Lorem University • Ipsum, Sweden': the '•' was kept inside the institution
    ('Lorem University • Ipsum'); 'Native proficiency: Catalan • Spanish' was one language."""
    r = extract(_doc("""
        # Jane Doe

        # Education

        ### PhD, Hydrology
        **2016** Lorem University • Ipsum, Sweden

        # Experience

        ### Postdoctoral Researcher
        **2017 -- 2018** University of Dolor • Zurich, Switzerland

        # Languages
        *Native proficiency:* Catalan • Spanish
        *Full professional proficiency:* English
        """))
    assert [(e.institution, e.location) for e in r.education] == [("Lorem University", "Ipsum, Sweden")]
    assert [(p.organization, p.location) for p in r.positions] == [("University of Dolor", "Zurich, Switzerland")]
    assert r.languages == ["Catalan", "Spanish", "English"]


# --- session 14: the subject's name ----------------------------------------------------------

def test_a_section_level_heading_after_text_is_not_the_name():
    """'<h2>CS Work</h2>' under the page's opening paragraph, at the level of '<h2>Education</h2>',
    was taken as the subject's name."""
    r = extract(_doc("""
        ---
        layout: page
        title: cv
        ---
        I am a PhD student at Lorem University, advised by Rob Roe.

        <div class="cv-section">
        <h2>CS Work</h2>
        </div>

        <div class="cv-section">
        <h2>Education</h2>
        <div class="item-title">B.S., Computer Science — University of Ipsum, 2021-2025</div>
        </div>
        """))
    assert r.person.name == ""
    assert [(e.degree, e.institution) for e in r.education] == [("B.S.", "University of Ipsum")]


def test_the_name_heading_keeps_its_name_without_a_download_link():
    r = extract(_doc("""
        # Maren Holt Ibsen  <a target="_blank" href="/files/cv.pdf" class="btn">Download CV</a>
        **University of Lorem**

        # Education

        ### PhD, Hydrology
        **2016** Ipsum University
        """))
    assert r.person.name == "Maren Holt Ibsen"


def test_the_name_from_the_front_matter_title_or_summary():
    """'excerpt: "Jane Q. Doe's curriculum vitae (CV)"' / 'description: Current CV for …' when the
    page itself never states the name."""
    r = extract(_doc("""
        ---
        title: "CV"
        excerpt: "Julia Q. Moreau's curriculum vitae (CV)"
        ---

        ## Education
        - 2013-2017: **Bachelor of Science in Library Science** at the Lorem University
        """))
    assert r.person.name == "Julia Q. Moreau"
    r = extract(_doc("""
        ---
        title: CV
        description: Current CV for Tomas Brevik
        ---

        ## Education
        - PhD in Geology, University of Dolor, 2016
        """))
    assert r.person.name == "Tomas Brevik"


def test_an_award_under_a_bold_month_range_and_an_amount_in_other_currencies():
    """'* **June 2026 – March 2027:** Research grant …' kept 'March 2027:' in the award's name,
    and '(350,000 yen)' / '(5,000 EURO)' stayed in it."""
    r = extract(_doc("""
        # Jane Doe

        Funding
        ======
        * **June 2026 – March 2027:** Research grant provided by the Lorem Program (350,000 yen)
        * **August 2018 – June 2019:** Scholarship awarded by Ipsum-DUO for overseas study (5,000 EURO)
        * **March 2024:** Outstanding Completion Award at Dolor 2023 Winter
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Research grant provided by the Lorem Program", "2026"),
        ("Scholarship awarded by Ipsum-DUO for overseas study", "2018"),
        ("Outstanding Completion Award at Dolor 2023 Winter", "2024")]


def test_a_skill_with_its_tools_in_brackets_is_kept():
    """'Data Analysis and Machine Learning (NumPy, pandas, scikit-learn)' counted the bracketed
    tools as words of the skill's name and was dropped as prose."""
    r = extract(_doc("""
        # Jane Doe

        Skills
        ======
        * Python, SQL
        * Data Analysis and Machine Learning (NumPy, pandas, Matplotlib, scikit-learn)
        * Natural Language Processing and LLMs (Hugging Face, prompt engineering, RAG)
        * I have worked with many different tools over the years in several labs
        """))
    assert r.skills == ["Python", "SQL", "Data Analysis and Machine Learning (NumPy, pandas, Matplotlib, scikit-learn)",
                        "Natural Language Processing and LLMs (Hugging Face, prompt engineering, RAG)"]


def test_award_headings_with_a_year_line_and_a_description_under_them():
    """'### Travel grant' / '**2014** Lorem Foundation' / '*I obtained …*' under '# Grants,
    Awards, & Honours': each singular sub-heading opened a new awards section (its name lost),
    and the year line and the description became awards of their own."""
    r = extract(_doc("""
        # Jane Doe

        # Grants, Awards, & Honours

        ### Photo contest winner
        **2016** Lorem Geosciences Union
        *Winner of the 2016 Lorem Geosciences Union photo contest.*

        ### Travel grant
        **2014** Ipsum Foundation
        *I obtained a travel grant to present my research in Vienna.*
        """))
    assert [(a.name, a.year) for a in r.awards] == [("Photo contest winner", "2016"), ("Travel grant", "2014")]


def test_sentences_in_bullets_under_an_award_describe_it():
    """'__Lorem Foundation |__ Protocol Fellowship' / '- Working with the … group.': the bullets
    were read as awards."""
    r = extract(_doc("""
        # Jane Doe

        ## Awards
        `2022 - Present`
        __Lorem Foundation |__ Protocol Fellowship
        - Working with the Robust Incentives group and the Institute for Dolor Studies (IDS).
        - I model flows of resources in complex systems.

        `2015 - 2017`
        __Ipsum |__ Technology Scholarship
        - Selected as one of 25 graduates nationwide for a two-year development programme.
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Protocol Fellowship, Lorem Foundation", "2022"), ("Technology Scholarship, Ipsum", "2015")]


def test_a_dated_role_at_the_organization():
    """'Since August 2017: **Role** at the Lorem University, [Unit](…)' kept 'Since :' in the
    title and 'the' in the organization, and was not current; 'University Intern at the
    University of Ipsum' split inside the title ('University Intern at the University' / 'Ipsum')."""
    r = extract(_doc("""
        # Jane Doe

        ## Experience

        Since August 2017: **Research Assistant in Information Science** at the Lorem University of Applied Sciences, [Dolor School of Management](https://dolor.example.org/)
        - Helping with projects and teaching

        August 2016 - October 2016: **University Intern** at the University of Ipsum, [Digital Humanities Lab](https://dh.example.org/)
        - Writing a report on video formats
        """))
    assert [(p.title, p.organization, p.unit, p.start, p.end, p.current) for p in r.positions] == [
        ("Research Assistant in Information Science", "Lorem University of Applied Sciences",
         "Dolor School of Management", "2017-08", None, True),
        ("University Intern", "University of Ipsum", "Digital Humanities Lab", "2016-08", "2016-10", False)]


def test_a_line_of_punctuation_is_no_publication():
    """Found by the property test: '.—' under an OCR-slipped heading gave a publication with an
    empty title."""
    r = extract(_doc("Jane Q. Doe\nPUB1ICATI0N\r.—\n", name="cv.txt", fmt="text"))
    assert r.publications == []


def test_what_follows_a_known_institution_is_not_its_location_unless_a_place():
    """'**April 2017 – March 2020:** University of Tokyo, Faculty of Letters, French Literature
    (Supervisor: …) (GPA 3.7)': everything after the institution was its location."""
    r = extract(_doc("""
        # Jane Doe

        Education
        ======
        * **April 2017 – March 2020:** University of Tokyo, Faculty of Letters, Department of Language and Culture, French Literature (Supervisor: Rob Roe) (GPA 3.7)
        * **August 2018 – June 2019:** Stockholm University, Cinema Studies
        * **2012 – 2016:** University of Oxford, Oxford, United Kingdom
        """))
    assert [(e.institution, e.field, e.location, e.honours, e.advisors) for e in r.education] == [
        ("University of Tokyo", "French Literature", None, ["GPA 3.7"], ["Rob Roe"]),
        ("Stockholm University", "Cinema Studies", None, [], []),
        ("University of Oxford", None, "Oxford, United Kingdom", [], [])]


def test_a_sentence_in_a_bullet_under_an_education_entry_describes_it():
    """'- Visiting graduate student at the Lorem Institute. Focused on …' under '__University of
    Ipsum__' was an education entry of its own (its 'Institute' read as an institution); a
    degree line ending in a full stop lost its field ('MSc Theoretical Physics.')."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        `2015 - 2018`
        __University of Dolor__
        - MSc Theoretical Physics.

        `Feb - Aug 2016`
        __University of Ipsum__
        - Visiting graduate student at the Lorem Institute. Focused on biophysics and on computational design.
        """))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("University of Dolor", "MSc Theoretical Physics", "Theoretical Physics", "2015", "2018"),
        ("University of Ipsum", None, None, "2016-02", "2016-08")]


def test_a_degree_with_a_field_list_then_a_stop_before_the_institution():
    """'Ph.D. in Biochemistry, Molecular, and Cell Biology. Lorem University - (Expected 2019)':
    the institution was 'and Cell Biology. Lorem University - (Expected )'; with an honour before
    the stop, the honour was the institution's start."""
    r = extract(_doc("""
        # Jane Doe

        ##Education

        Ph.D. in Biochemistry, Molecular, and Cell Biology. Lorem University - (Expected 2019)

        B.Sc. in Biology, Summa cum laude. Ipsum State University - 2013
        """))
    assert [(e.degree, e.field, e.institution, e.end, e.honours) for e in r.education] == [
        ("Ph.D. in Biochemistry, Molecular, and Cell Biology", "Biochemistry, Molecular, and Cell Biology",
         "Lorem University", "2019", []),
        ("B.Sc. in Biology", "Biology", "Ipsum State University", "2013", ["Summa cum laude"])]


def test_a_heading_in_a_leading_span_followed_by_content():
    """Pandoc's Markdown from a LaTeX CV: '<span>Olympiad Awards</span> Gold Medal …' and
    '<span>Coding Skill and Proficiency</span> Python …' were read as patents (the section before)."""
    r = extract(_doc("""
        # CV

        <span>Patents</span>

        -   Jane Doe, <span>*SYSTEM FOR LOREM IPSUM*</span>, filed in 2020

        <span>Olympiad Awards</span> Gold Medal Prize Lorem Mathematics Olympiad 2008
        Gold Medal Prize Ipsum Physics Olympiad 2007

        <span>Coding Skill and Proficiency</span> Python (NumPy); SQL, Spark
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Gold Medal Prize Lorem Mathematics Olympiad", "2008"),
        ("Gold Medal Prize Ipsum Physics Olympiad", "2007")]
    assert r.skills == ["Python (NumPy)", "SQL", "Spark"]
    assert len(r.patents) == 1


def test_an_award_or_service_item_goes_on_over_indented_lines_of_any_case():
    """'* **2014** [IET](…)' / '  Institute of Lorem Technology Prize.' and a linked second line
    were awards of their own; a peer-review item over several indented lines lost its venues."""
    r = extract(_doc("""
        # Jane Doe

        # Awards

        * **2015** Doctoral studentship, ISRC
          [grant AB/1234/5](https://isrc.example.org/grant).
        * **2014** [LTP](https://ltp.example.org)
          Lorem Technology Prize.

        # Academic Activities

        * **Peer reviews:**
          [ACM TLOR](https://tlor.example.org/)
          2016,
          [IPSUM](https://ipsum.example.org/) 2016.
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Doctoral studentship, ISRC grant AB/1234/5", "2015"), ("LTP Lorem Technology Prize", "2014")]
    assert len(r.service) == 1 and "IPSUM" in r.service[0].role


def test_a_name_after_a_degree_with_its_field_is_the_institution():
    """'* M.S.c in Statistical Learning (MASH), Dauphine-ENS 2021-2022 (Second year)': no word
    marks 'Dauphine-ENS' as an institution, so the degree took the institution of the line above."""
    r = extract(_doc("""
        # Jane Doe

        Education
        ======
        * Ph.D in Applied Mathematics, Scuola Normale Lorem, 2022
        * M.S.c in Statistical Learning (MASH), Ipsum-ENS 2021-2022 (Second year)
        * M.Sc. in Financial Mathematics, Dolor-Est-ENPC, 2020-2021
        """))
    assert [(e.degree, e.field, e.institution) for e in r.education] == [
        ("Ph.D in Applied Mathematics", "Applied Mathematics", "Scuola Normale Lorem"),
        ("M.S.c in Statistical Learning", "Statistical Learning", "Ipsum-ENS"),
        ("M.Sc. in Financial Mathematics", "Financial Mathematics", "Dolor-Est-ENPC")]


def test_a_field_with_honors_before_the_institution():
    """'B.A., Philosophy with Honors — University of Lorem' (a known open case): the field and
    honour were read as the start of the institution's name."""
    r = extract(_doc("""
        # Jane Doe

        ## Education
        - B.A., Philosophy with Honors — University of Lorem, 2021-2025
        - B.A., History with Distinction, Ipsum College, 2015-2019
        """))
    assert [(e.degree, e.field, e.institution, e.honours) for e in r.education] == [
        ("B.A.", "Philosophy", "University of Lorem", ["Honors"]),
        ("B.A.", "History", "Ipsum College", ["Distinction"])]


def test_labelled_sub_bullets_fill_their_position():
    """'* **Research Fellow**' over '* **Location:** …' / '* **Date:** …' sub-bullets: the labels
    were kept in the unit, and in plain text each labelled line became a position of its own."""
    md = """
        # Jane Doe

        ## Experience

        * **Research Fellow**
          * **Topic:** Sediment transport in tidal inlets
          * **Location:** Dept. of Coastal Studies, University of Lorem
          * **Date:** 2014 - 2018
        * **Data Analyst**, Ipsum Analytics, 2018 - 2020
        """
    txt = """
        Jane Doe

        EXPERIENCE

        Research Fellow
        Topic: Sediment transport in tidal inlets
        Location: Dept. of Coastal Studies, University of Lorem
        Date: 2014 - 2018
        Data Analyst, Ipsum Analytics, 2018 - 2020
        """
    for doc in (_doc(md), _doc(txt, "cv.txt", "text")):
        r = extract(doc)
        got = [(p.title, p.organization, p.unit, p.start, p.end) for p in r.positions]
        assert got[0] == ("Research Fellow", "University of Lorem", "Dept. of Coastal Studies", "2014", "2018"), got
        assert len(got) == 2, got
        assert r.positions[0].description == "Topic: Sediment transport in tidal inlets"


def test_labelled_sub_bullets_give_a_talk_its_venue_and_date():
    r = extract(_doc("""
        # Jane Doe

        ## Talks

        - **Tides and the Lorem Shelf**
          - Venue: Ipsum Marine Symposium, Dolorville
          - Date: May 2019
        - **Waves of the Amet Basin and Beyond**
          - **Location:** Sitville
          - **Date:** 2021
        """))
    got = [(t.title, t.host, t.date) for t in r.talks]
    assert got == [("Tides and the Lorem Shelf", "Ipsum Marine Symposium, Dolorville", "2019-05"),
                   ("Waves of the Amet Basin and Beyond", "Sitville", "2021")], got


def test_a_long_dated_line_keeps_its_entry_cut_at_the_first_clause():
    """An award or position line of more than 22 words (name, then its description on the same
    line) was dropped as a description; its name ends at the first clause break."""
    r = extract(_doc("""
        Jane Doe

        Awards

        2022 - Present\tLorem Foundation | Coastal Fellowship - Working with the Tidal Dynamics group and the Institute for Ipsum Studies (IIS). - I model flows of sediment in estuaries using numerical methods.

        Experience

        2017 - 2018\tQuux Analytics | Information Officer - Quux is a completely open data publishing company. I helped expand the editorial board, profiling and contacting new editors. (quux.example)
        2016 - 2017\tSitville Museum | Exhibit Designer - Designed, built, and demonstrated a bespoke still for artistic and olfactory research at the museum. (sitville.example)
        """, "cv.txt", "text"))
    assert [(a.name, a.year) for a in r.awards] == [("Coastal Fellowship, Lorem Foundation", "2022")]
    got = [(p.organization, p.title, p.start, p.end) for p in r.positions]
    assert got == [("Quux Analytics", "Information Officer", "2017", "2018"),
                   ("Sitville Museum", "Exhibit Designer", "2016", "2017")], got
    assert r.positions[0].description.startswith("Quux is a completely open data publishing company.")


def test_org_bar_role_in_position_and_teaching_lines():
    """'__Lorem Studio |__ Distiller': the role after the bar was read as the unit; in teaching,
    'Ipsum Lyceum (IL) | Substitute teacher' was one course with no role."""
    r = extract(_doc("""
        # Jane Doe

        ## Experience

        `2016 - 2017`
        __Lorem Studio |__ Distiller
        - Designed and built a bespoke still for olfactory research.

        ## Teaching

        `2015`
        __Ipsum Lyceum (IL) |__ Substitute teacher

        `2014`
        __Teaching Assistant |__ Calculus of Dolor
        """))
    assert [(p.organization, p.title, p.unit, p.start) for p in r.positions] == [
        ("Lorem Studio", "Distiller", None, "2016")]
    got = [(t.course, t.role, t.term) for t in r.teaching]
    assert got == [("Ipsum Lyceum (IL)", "Substitute teacher", "2015"),
                   ("Calculus of Dolor", "Teaching Assistant", "2014")], got


def test_a_kind_of_post_in_brackets_after_the_organization_is_the_role():
    """'The Lorem Foundation (Career Position)': the bracket stayed inside the organization."""
    r = extract(_doc("""
        # Jane Doe

        ## Experience

        * **April 2022 – April 2023:** The Lorem Foundation (Career Position)
        * **2019 – 2022:** Ipsum Institute (Research Fellow)
        """))
    got = [(p.organization, p.title, p.start, p.end) for p in r.positions]
    assert got == [("The Lorem Foundation", "Career Position", "2022-04", "2023-04"),
                   ("Ipsum Institute", "Research Fellow", "2019", "2022")], got


def test_long_runs_of_whitespace_in_a_position_line_are_read_in_linear_time():
    """'Lorem' + 20,000 spaces + '|' given to the position-line reader: its title/organization
    patterns backtracked for ~35 s (extract() collapses such runs earlier; the reader must not rely on it)."""
    import time
    from mappers.extract.sections import Line
    from mappers.extract.text import _position_fields
    for text in ("Lorem" + " " * 20000 + "|", "Date:" + "\t" * 20000 + "x"):
        start = time.perf_counter()
        _position_fields(text, Line(1, text))
        assert time.perf_counter() - start < 2.0


def test_a_date_column_before_a_teaching_line_is_its_term_only():
    """'2015<TAB>Ipsum Lyceum (IL) | Substitute teacher - …' (PDF text): the date at the start
    took the whole line as the term and the entry was lost."""
    r = extract(_doc("""
        Jane Doe

        Teaching

        2015\tIpsum Lyceum (IL) | Substitute teacher - High school physics and maths.
        2013 - 2014\tPrivate tutor - I was a private tutor at the highest level of high school physics.
        """, "cv.txt", "text"))
    got = [(t.course, t.role, t.term) for t in r.teaching]
    assert got == [("Ipsum Lyceum (IL)", "Substitute teacher", "2015"),
                   ("Private tutor", None, "2013 - 2014")], got


def test_a_degree_still_expected_is_current_and_has_no_place():
    """'expected June 2025' after the institution was read as the degree's location, and the
    degree as conferred; the word says the studies are still going on (session 15)."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        - PhD in Marine Biology, University of Lorem, expected June 2026
        - MSc in Oceanography, Ipsum University, 2019 - 2021 (expected)
        - BSc in Biology, Dolor College, 2019
    """))
    assert [(e.institution, e.location, e.start, e.end, e.current) for e in r.education] == [
        ("University of Lorem", None, None, "2026-06", True),
        ("Ipsum University", None, "2019", "2021", True),
        ("Dolor College", None, None, "2019", False)]


def test_cjk_and_dotted_dates_and_full_width_punctuation():
    """Dates written '2019年3月', '03.2019', in full-width digits, or ending in a word for
    'present' in another language; full-width commas and brackets between fields (session 15)."""
    r = extract(_doc("""
        # Wei Lin

        ## Education

        - Ph.D. in Physics，University of Lorem，2015年9月 – 2019年6月
        - M.Sc. in Physics, Ipsum University, 09.2013 - 07.2015
        - B.Sc. in Physics, Dolor University, ２００９年９月～２０１３年６月

        ## Experience

        - Assistant Professor, Sit University, 2019.07 – 至今
        - Research Fellow, Amet Institute, 03.2019 – heute
    """))
    assert [(e.institution, e.start, e.end) for e in r.education] == [
        ("University of Lorem", "2015-09", "2019-06"), ("Ipsum University", "2013-09", "2015-07"),
        ("Dolor University", "2009-09", "2013-06")]
    assert [(p.organization, p.start, p.current) for p in r.positions] == [
        ("Sit University", "2019-07", True), ("Amet Institute", "2019-03", True)]


def test_a_cv_written_in_chinese():
    """Headings, dates, institutions, degrees and titles in Chinese, fields parted by
    ideographic spaces (session 15)."""
    r = extract(_doc("""
        # 林晓

        ## 教育经历

        - 2014年9月 – 2018年6月　东湖大学　海洋科学　博士
        - 2010年9月 – 2014年6月　西山大学　物理学　学士

        ## 工作经历

        - 2018年7月 – 至今　南岭大学　副教授
    """))
    assert r.person.name == "林晓"
    assert [(e.institution, e.degree, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("东湖大学", "博士", "doctorate", "海洋科学", "2014-09", "2018-06"),
        ("西山大学", "学士", "bachelor", "物理学", "2010-09", "2014-06")]
    assert [(p.organization, p.title, p.start, p.current) for p in r.positions] == [
        ("南岭大学", "副教授", "2018-07", True)]


def test_a_cv_written_in_russian():
    r = extract(_doc("""
        # Ольга Смирнова

        ## Образование

        - 2008 – 2013, Северный государственный университет, магистр

        ## Опыт работы

        - 2013 – по настоящее время, Институт геологии, научный сотрудник
    """))
    assert r.person.name == "Ольга Смирнова"
    assert [(e.institution, e.level, e.start, e.end) for e in r.education] == [
        ("Северный государственный университет", "master", "2008", "2013")]
    assert [(p.organization, p.title, p.current) for p in r.positions] == [
        ("Институт геологии", "научный сотрудник", True)]


def test_names_in_greek_and_arabic_script_and_in_two_forms():
    body = "\n\n## Education\n\n- PhD in Physics, University of Lorem, 2019\n"
    assert extract(_doc("# Ελένη Νικολάου" + body)).person.name == "Ελένη Νικολάου"
    assert extract(_doc("# ليلى حسن" + body)).person.name == "ليلى حسن"
    assert extract(_doc("# 林晓 (Xiao Lin)" + body)).person.name == "Xiao Lin"
    assert extract(_doc("# Xiao Lin (林晓)" + body)).person.name == "Xiao Lin"
    # a space between a family and a given name in Han characters is not a field break
    assert extract(_doc("# 山田 花子" + body)).person.name == "山田 花子"


def test_unit_first_organizations_in_text_lines():
    """'School of Engineering, Sit University' in a degree line names the university; in a
    position line with the role last, the school is the unit and the role the title (session 15)."""
    r = extract(_doc("""
        # Jane Roe

        ## Experience

        - School of Computing, National University of Lorem, Lecturer, 2021 - present

        ## Education

        - MSc, School of Engineering, Sit University, Springfield, USA, 2011
    """))
    assert [(p.organization, p.unit, p.title, p.current) for p in r.positions] == [
        ("National University of Lorem", "School of Computing", "Lecturer", True)]
    assert [(e.institution, e.location, e.end) for e in r.education] == [("Sit University", "Springfield, USA", "2011")]


def test_academicpages_example_entries_left_in_a_cv_page_are_dropped():
    """An academicpages CV page keeps the site's example entries next to the owner's own:
    'M.S. in Jekyll, GitHub University', 'Research Assistant / Github University', 'Skill 1',
    'Currently signed in to 43 different slack teams' were read as the owner's."""
    r = extract(_doc("""
        ---
        layout: archive
        title: "CV"
        ---

        Education
        ======
        * B.S. in Botany, Lorem State University, 2019
        * M.S. in Jekyll, GitHub University, 2014
        * Ph.D in Version Control Theory, GitHub University, 2018 (expected)

        Work experience
        ======
        * Summer 2021: Research Assistant
          * Ipsum Herbarium
        * Fall 2015: Research Assistant
          * Github University
          * Duties included: Merging pull requests
          * Supervisor: Professor Hub

        Skills
        ======
        * Plant taxonomy
        * Skill 2
          * Sub-skill 2.1

        Service and leadership
        ======
        * Currently signed in to 43 different slack teams
        * Treasurer, Lorem Botanical Society, 2020
        """))
    assert [(e.institution, e.degree) for e in r.education] == [("Lorem State University", "B.S. in Botany")]
    assert [(p.organization, p.title) for p in r.positions] == [("Ipsum Herbarium", "Research Assistant")]
    assert r.skills == ["Plant taxonomy"]
    assert [s.role for s in r.service] == ["Treasurer"]
    assert any("academicpages sample" in w for w in r.report.warnings)


def test_service_lines_part_role_and_organization_at_a_comma():
    """'Treasurer, Lorem Society, 2020' and 'Lorem Association, Vice President (2019-2020)' kept
    the whole line as the role (and an empty '()'); 'Reviewer, LoremConf 2020, IPSUM 2021' lost
    the second venue's year inside the role."""
    r = extract(_doc("""
        # Jane Doe

        ## Service

        - Treasurer, Lorem Botanical Society, 2020
        - Lorem Graduate Student Association, Vice President (2019-2020)
        - Reviewer, LoremConf 2020, IPSUM 2021
        - Reviewer, IEEE Transactions on Ipsum, 2022
        - Organizer of the Dolor seminar series (2020–2022)
        """))
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert got == [("Treasurer", "Lorem Botanical Society", "2020"),
                   ("Vice President", "Lorem Graduate Student Association", "2019-2020"),
                   ("Reviewer", "LoremConf", "2020"), ("Reviewer", "IPSUM", "2021"),
                   ("Reviewer", "IEEE Transactions on Ipsum", "2022"),
                   ("Organizer", "Dolor seminar series", "2020–2022")], got


def test_degree_lines_without_a_comma_or_an_institution_in_a_bullet_list():
    """'* DPhil University of Lorem, 2022' read the whole line as the degree and dropped the
    entry; '* B.S. in Applied Botany, 2012-2015' (no institution) took the institution of the
    bullet above; 'Ph.D. in Literary, Cultural, and Visual Studies, University of Ipsum' cut
    the field at its first comma and put the rest of the list in the institution."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        - DPhil University of Lorem, 2022
        - MSc Dolor Institute of Technology, 2018
        - Ph.D. in Literary, Cultural, and Visual Studies, University of Ipsum, 2027 (expected)
        - M.Sc. in Botany, Sitamet College, 2015-2017
        - B.S. in Applied Botany, 2012-2015
        """))
    got = [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education]
    assert got == [("University of Lorem", "DPhil", None, None, "2022"),
                   ("Dolor Institute of Technology", "MSc", None, None, "2018"),
                   ("University of Ipsum", "Ph.D. in Literary, Cultural, and Visual Studies",
                    "Literary, Cultural, and Visual Studies", None, "2027"),
                   ("Sitamet College", "M.Sc. in Botany", "Botany", "2015", "2017")], got


def test_authors_line_then_linked_title_line_then_venue_line_per_bullet():
    """'- A. Roe, **Jane Doe** <br/>' / '[Title](url). <br/>' / 'Venue': the linked title was
    read as a whole reference, so the authors' line stood alone and each entry took the
    authors of the bullet after it; the stop after the link became a venue '.', which pushed
    the real venue into an entry of its own."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        - Rob Roe, Ann Poe, **Jane Doe** <br/>
        [Lorem Ipsum Dolor: Sit Amet for Consectetur Graphs](https://example.org/lorem.pdf) <br/>
        Proceedings of the 8th Symposium on Lorem Ipsum (LIS 2023)

        - Ken Koe, **Jane Doe**, and Rob Roe <br/>
        [Adipiscing Elit in Sed Do Eiusmod Tempor](https://example.org/adipiscing). <br/>
        The 3rd Workshop on Incididunt Labore, 2021.
        """))
    got = [([a.name for a in p.authors], p.title, p.venue, p.year) for p in r.publications]
    assert got == [(["Rob Roe", "Ann Poe", "Jane Doe"], "Lorem Ipsum Dolor: Sit Amet for Consectetur Graphs",
                    "Symposium on Lorem Ipsum", "2023"),
                   (["Ken Koe", "Jane Doe", "Rob Roe"], "Adipiscing Elit in Sed Do Eiusmod Tempor",
                    "Workshop on Incididunt Labore", "2021")], got
    assert [p.venue_acronym for p in r.publications] == ["LIS", None]


def test_talks_written_as_references_and_short_talk_bullets():
    """'DOE, Jane and ROE, Rob. Title. Event. Place. 12 December 2019. DOI …' took the speakers
    as the title and the rest as the host; a bullet talk title under five words ('Dolor sets')
    was read as the host of the talk above."""
    r = extract(_doc("""
        # Jane Doe

        ## Presentations

        - DOE, Jane and ROE, Rob. [Lorem ipsum for dolor sets][t1]. *Sitamet Symposium*. Ipsum University, Springfield. 12 December 2019. DOI 10.1234/lorem.1
        - Jane Doe, Rob Roe. Consectetur adipiscing elit. Workshop on Sed Do, Springfield, May 2018.
        - Sparse lorem models in practice
        - Dolor sets
        - Amet graphs, 2016

        [t1]: https://example.org/t1
        """))
    got = [(t.title, t.host, t.date) for t in r.talks]
    assert got == [("Lorem ipsum for dolor sets", "Sitamet Symposium, Ipsum University, Springfield", "2019-12"),
                   ("Consectetur adipiscing elit", "Workshop on Sed Do, Springfield", "2018-05"),
                   ("Sparse lorem models in practice", None, None),
                   ("Dolor sets", None, None),
                   ("Amet graphs", None, "2016")], got


def test_surname_in_capitals_then_several_forenames_is_one_author():
    """'DOE, Jane Mary, ROE, Rob. Title. Journal. 2019.' (ISO 690): two full forenames after a
    surname were not read as one inverted name, so the reference had no authors and the whole
    line became its title."""
    r = extract(_doc("""
        # Jane Mary Doe

        ## Publications

        - DOE, Jane Mary, ROE, Rob. Lorem ipsum dolor sit amet for consectetur sets. *Journal of Ipsum Studies*. 2019.
        - DOE, Jane Mary and POE, Ann Lee. Sed do eiusmod tempor incididunt. *Dolor Review*. 2017.
        """))
    got = [([a.name for a in p.authors], p.title, p.year) for p in r.publications]
    assert got == [(["Jane Mary DOE", "Rob ROE"], "Lorem ipsum dolor sit amet for consectetur sets", "2019"),
                   (["Jane Mary DOE", "Ann Lee POE"], "Sed do eiusmod tempor incididunt", "2017")], got
    assert [[a.is_subject for a in p.authors] for p in r.publications] == [[True, False], [True, False]]


def test_an_institution_as_a_sub_heading_is_no_section_heading():
    """'#### Technical University of Lorem' under '### Education' was read as a skills heading
    ('technical'), so its degree became a skill; '*Funded by a … grant*' under a role was read
    as a second position."""
    r = extract(_doc("""
        # Jane Doe

        ### Education
        #### University of Ipsum
        MEng Lorem Engineering

        #### Technical University of Lorem
        MS Dolor Technology Engineering

        ### Experience
        #### Technical University of Lorem
        **Sitamet Research Assistant**

        *Funded by a Consectetur grant from the Technical University of Lorem*

        * Processed lorem signals
        """))
    assert [(e.institution, e.degree) for e in r.education] == [
        ("University of Ipsum", "MEng Lorem Engineering"),
        ("Technical University of Lorem", "MS Dolor Technology Engineering")]
    assert [(p.organization, p.title) for p in r.positions] == [
        ("Technical University of Lorem", "Sitamet Research Assistant")]
    assert r.skills == []


def test_position_lines_with_a_bold_role_before_at_a_state_and_country_and_a_group_label():
    """'**Photo Archivist for the Lorem Project** at the Sitamet Institute' kept the whole line as
    the organization (no title word in the role); 'Lorem University, NJ, USA' gave the unit
    'NJ'; a 'Group: Amet Lab' sub-bullet was no unit."""
    r = extract(_doc("""
        # Jane Doe

        ## Experience

        - **Postdoctoral Research Associate**, Lorem University, NJ, USA (2022-2024)

        January 2015 - July 2017: **Photo Archivist for the Lorem Digital Project** at the Sitamet Institute of Technology (SIT)

        * 2012-2014: Assistant Professor
          * Dolor Institute of Technology, Japan
          * Group: Amet Lab
        """))
    got = [(p.title, p.organization, p.unit, p.location, p.start, p.end) for p in r.positions]
    assert got == [("Postdoctoral Research Associate", "Lorem University", None, "NJ, USA", "2022", "2024"),
                   ("Photo Archivist for the Lorem Digital Project", "Sitamet Institute of Technology (SIT)", None, None,
                    "2015-01", "2017-07"),
                   ("Assistant Professor", "Dolor Institute of Technology", "Amet Lab", "Japan", "2012", "2014")], got


def test_degree_lines_with_since_a_bracketed_degree_and_a_thesis_after_the_fields():
    """'**Doctoral (Ph.D.) Candidate in Lorem** , University of Ipsum, since 10/2016' read the
    whole line as the institution and 'since' as the date the degree was conferred; '**M.Sc.
    Lorem**, Dolor University, 10/2014-09/2016, … Thesis: _…_' gave only a thesis, which went
    to the degree above."""
    r = extract(_doc("""
        # Jane Doe

        ## Education

        **Doctoral (Ph.D.) Candidate in Lorem** , University of Ipsum, since 10/2016

        **M.Sc. Lorem**, Dolor University, 10/2014-09/2016, research-oriented lorem with a focus on ipsum. Thesis: _Sitamet models of consectetur data_
        """))
    got = [(e.institution, e.degree, e.field, e.start, e.end, e.current, e.thesis) for e in r.education]
    assert got == [("University of Ipsum", "Ph.D. in Lorem", "Lorem", "2016-10", None, True, None),
                   ("Dolor University", "M.Sc. Lorem", "Lorem", "2014-10", "2016-09", False,
                    "Sitamet models of consectetur data")], got


def test_since_before_a_single_date_makes_the_period_current():
    from mappers.extract.fields import find_period
    assert find_period("Lorem University, since 10/2016,") == (("2016-10", None, True), (18, 31))
    assert find_period("Since August 2017: Analyst") == (("2017-08", None, True), (0, 17))
    assert find_period("Lorem University, 2016") == (("2016", None, False), (18, 22))


def test_hons_after_degree_letters_a_pi_note_and_a_placement_line():
    """'B.Sc (Hons) in Pharmacology' gave the degree 'B.Sc' and the honour '(Hons) in …';
    '(PI: Rob Roe)' stayed in the role; '2012-2013: 12 month work placement' over '* Lorem
    University' made the placement the employer and the university its description."""
    r = extract(_doc("""
        # Jane Doe

        ## Education
        * B.Sc (Hons) in Pharmacology, University of Lorem, 2010-2014

        ## Work experience
        * 2017 - 2019: Postdoctoral Researcher (PI: Rob Roe)
          * Ipsum Institute of Technology
        * 2012-2013: 12 month work placement
          * University of Dolor
        """))
    assert [(e.degree, e.field, e.honours, e.institution) for e in r.education] == [
        ("B.Sc in Pharmacology", "Pharmacology", ["Hons"], "University of Lorem")]
    got = [(p.title, p.organization, p.mentors, p.start, p.end) for p in r.positions]
    assert got == [("Postdoctoral Researcher", "Ipsum Institute of Technology", ["Rob Roe"], "2017", "2019"),
                   ("12 month work placement", "University of Dolor", [], "2012", "2013")], got


def test_the_name_beside_cv_in_the_page_title_or_heading():
    """'title: "Curriculum Vitae - Jane Doe"' in the front matter, '# Jane Doe — CV' as the
    page heading: the name sits beside the word CV, and was not found."""
    def name(text: str) -> str:
        return extract(_doc(text)).person.name
    body = """
        Education
        ======
        * PhD in Lorem, University of Ipsum, 2020
        """
    assert name('---\nlayout: archive\ntitle: "Curriculum Vitae - Jane Doe"\n---\n' + textwrap.dedent(body)) == "Jane Doe"
    assert name('---\ntitle: "Jane Doe | CV"\n---\n' + textwrap.dedent(body)) == "Jane Doe"
    assert name("# Jane Doe — CV\n" + textwrap.dedent(body)) == "Jane Doe"
    assert name("# Curriculum Vitae: Jane Q. Doe\n" + textwrap.dedent(body)) == "Jane Q. Doe"
    assert name('---\ntitle: "CV - Publications"\n---\n' + textwrap.dedent(body)) == ""


def test_a_name_heading_after_a_cv_heading_and_plain_resume_lines():
    """'## Curriculum Vitae' / '#### Jane Doe': the name heading, set as deep as a
    '#### Languages: …' skills heading, was taken for a section heading although no text came
    before it; 'IT Systems Administrator, Lorem Insurance' made the role the employer ('Systems');
    'Class of 2003, High School Diploma, …' kept 'Class of' in the institution; '… - Upper
    Second Class Honours' stayed in the degree."""
    r = extract(_doc("""
        ## Curriculum Vitae

        #### Jane Doe
        #### Email: jdoe@example.org

        ### Professional Experience
        #### October 2014 - present: IT Systems Administrator, Lorem Insurance

        ### Education
        #### Class of 2003, High School Diploma, Ipsum International School
        #### 2011 - 2013: MSc Dolor Security - Upper Second Class Honours, Sitamet University

        ### Professional Skills
        #### Programming Languages: Go, Java
        """))
    assert r.person.name == "Jane Doe"
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("IT Systems Administrator", "Lorem Insurance", "2014-10", True)]
    got = [(e.institution, e.degree, e.honours, e.start, e.end) for e in r.education]
    assert got == [("Ipsum International School", "High School Diploma", [], None, "2003"),
                   ("Sitamet University", "MSc Dolor Security", ["Upper Second Class Honours"], "2011", "2013")], got


def test_a_country_after_an_organization_and_a_logo_image_in_a_table_cell():
    """'[University of Lorem, Cameroon](…), 2016 - 2018' gave the unit 'Cameroon' (a country
    outside the short place list); a logo '![unilogo](…/logo.png)' in the cell before became the
    honour '!unilogo'."""
    r = extract(_doc("""
        # Jane Doe

        # Education

        <table>
        <tr>
        <td markdown="1">
        ![unilogo](https://example.org/images/logo.png)
        </td>
        <td markdown="1">
        [**University of Ipsum, Canada**](https://example.org/), 01/2022 - 01/2026
        - **Ph.D in Biostatistics**
        </td>
        </tr>
        </table>

        # Work Experiences

        - [University of Lorem, Cameroon](https://example.org/lorem), 2016 - 2018
        - Dolor Institute, Republic of Korea, 2019 - 2020
        """))
    assert [(e.institution, e.location, e.degree, e.honours) for e in r.education] == [
        ("University of Ipsum", "Canada", "Ph.D in Biostatistics", [])]
    assert [(p.organization, p.unit, p.location) for p in r.positions] == [
        ("University of Lorem", None, "Cameroon"), ("Dolor Institute", None, "Republic of Korea")]


def test_a_role_in_a_subject_is_no_employer():
    """'- Teaching Assistant in Mathematics' under '[University of Lorem](…), 2016 - 2018': the
    subject after 'in' was taken for the employer, so the role became a description."""
    r = extract(_doc("""
        # Jane Doe

        # Work Experience

        [**University of Lorem**](https://example.org/), 2016 - 2018

        - Teaching Assistant in Applied Mathematics

        [**Ipsum Analytics**](https://example.org/ipsum), 2019 - 2020

        - Lecturer in Computer Science
        """))
    got = [(p.organization, p.title) for p in r.positions]
    assert got == [("University of Lorem", "Teaching Assistant in Applied Mathematics"),
                   ("Ipsum Analytics", "Lecturer in Computer Science")], got


def test_teaching_under_role_labels_and_plus_bullets():
    """'TA' / '- **Course** (Ipsum University): Fall 2020, Spring 2023 (… Award)': the course
    bullet after the role label was skipped as a description (long) or read as an institution
    (the bracketed university), and the second course under 'Grader' lost its role; '+' list
    items kept their '+' and 'Role, Term, CODE: Course; Institution.' put everything after the
    term into the term."""
    r = extract(_doc("""
        # Jane Doe

        ## Teaching

        TA

        - **Introduction to Lorem Learning** (Ipsum University): Fall 2020, Spring 2023 (Outstanding Graduate Student Instructor Award)

        Grader

        - **Dolor Security** (Sitamet College): Fall 2016
        - **Amet Structures** (Sitamet College): Spring 2016

        * Course teaching
          + Teaching Assistant, Fall 2022, LOR 7500: Introduction to Coding in R, Data Science for Ipsum; University of Dolor.
          + Lab assistant, Spring 2017 - Spring 2019, MATH 340: Scientific Computing; Sitamet College.
        """))
    got = [(t.course, t.institution, t.term, t.role) for t in r.teaching if t.course != "Course teaching"]
    assert got == [("Introduction to Lorem Learning", "Ipsum University", "Fall 2020, Spring 2023", "TA"),
                   ("Dolor Security", "Sitamet College", "Fall 2016", "Grader"),
                   ("Amet Structures", "Sitamet College", "Spring 2016", "Grader"),
                   ("LOR 7500: Introduction to Coding in R, Data Science for Ipsum", "University of Dolor", "Fall 2022",
                    "Teaching Assistant"),
                   ("MATH 340: Scientific Computing", "Sitamet College", "Spring 2017 - Spring 2019", "Lab assistant")], got


def test_dated_degree_lines_over_their_institution_in_a_text_cv():
    """'2013 – 2015  Masters of Arts in …, Lorem University' ('Masters' was no degree word), then
    '2009 – 2013  Bachelor of Science, Botany' over '  Graduation with Highest Distinction,
    University of Ipsum, Springfield, VA': the bachelor's degree took Lorem University from the
    line above, and the honour stayed in the institution."""
    r = extract(_doc("""
        Jane Doe

        EDUCATION:

        2015 – present    PhD Candidate, Lorem University, Cambridge, MA
        2013 – 2015   Masters of Arts in Dolor Studies, Lorem University
        2009 – 2013     Bachelor of Science, Botany
                Graduation with Highest Distinction, University of Ipsum, Springfield, VA
        """, "cv.txt", "text"))
    got = [(e.institution, e.degree, e.level, e.honours, e.start, e.end) for e in r.education]
    assert got == [("Lorem University", "PhD", "doctorate", [], "2015", None),
                   ("Lorem University", "Masters of Arts in Dolor Studies", "master", [], "2013", "2015"),
                   ("University of Ipsum", "Bachelor of Science", "bachelor", ["Graduation with Highest Distinction"],
                    "2009", "2013")], got


def test_a_venue_line_that_opens_with_the_year():
    """'2017 IEEE 30th Conference on Lorem (CLT)' under its title: the opening year was cut off
    the line and lost."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        - Rob Roe, **Jane Doe**. <br/>
        [Improving the Teaching of Lorem with Automated Ipsum.](https://example.org/x) <br/>
        2017 IEEE 30th Conference on Lorem Teaching and Training (CLT)
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Improving the Teaching of Lorem with Automated Ipsum", "IEEE Conference on Lorem Teaching and Training", "2017")]


def test_a_minor_under_its_degree_is_part_of_it():
    """'* B.S. in Botany, Lorem University, 2014' / '  * Minor in Computer Science, Lorem
    University, 2014': the minor became an education entry of its own whose institution was
    'Minor in Computer Science, Lorem University'."""
    r = extract(_doc("""
        # Jane Doe

        ## Education
        * Ph.D in Genetics, Ipsum Institute of Technology, 2020
        * B.S. in Botany, Lorem University, 2014
          * Minor in Computer Science, Lorem University, 2014
        """))
    got = [(e.institution, e.degree, e.honours) for e in r.education]
    assert got == [("Ipsum Institute of Technology", "Ph.D in Genetics", []),
                   ("Lorem University", "B.S. in Botany", ["Minor in Computer Science"])], got


def test_an_institute_line_then_a_university_line_under_a_role():
    """'* 2017 - 2019: Postdoctoral Researcher (PI: Rob Roe)' over the hard-broken lines
    '[Lorem Change Institute](…)' and 'University of Ipsum': the institute was the employer and
    the university went into the description."""
    r = extract(_doc("""
        # Jane Doe

        Work
        ======
        * 2017 - 2019: Postdoctoral Researcher (PI: [Rob Roe](https://example.org/roe))  
        [Lorem Change Institute](https://example.org/lci)  
        University of Ipsum  

        * 2020 - current: Research Fellow  
        Dolor Institute of Technology  
        """))
    got = [(p.title, p.organization, p.unit, p.mentors, p.description) for p in r.positions]
    assert got == [("Postdoctoral Researcher", "University of Ipsum", "Lorem Change Institute", ["Rob Roe"], None),
                   ("Research Fellow", "Dolor Institute of Technology", None, [], None)], got


def test_script_and_style_blocks_in_a_markdown_page_are_no_content():
    """A `<script src=…>` (MathJax) written in a Markdown page gave the subject's home page,
    and `<style>` rules were read as preamble lines."""
    r = extract(_doc("""
        ---
        layout: page
        ---
        <style>
          .box { border-radius: 8px; }
        </style>
        <script
          src="https://cdn.example.org/mathlib/latest/Math.js?config=TeX"
          type="text/javascript">
        </script>

        # Mara Quellwood

        ## Education

        * PhD in Ocean Physics, University of Lorem, 2021
        """))
    assert r.person.name == "Mara Quellwood"
    assert r.person.homepage is None
    assert [e.institution for e in r.education] == ["University of Lorem"]


def test_a_name_heading_with_its_other_script_form_beside_it():
    """'# Tao Linfeng &nbsp;<span>陶林峰</span>': the name in two scripts side by side, with no
    brackets, was not read as a name at all."""
    r = extract(_doc("""
        <div class="cv-header" markdown="1">

        # Tao Linfeng &nbsp;<span class="zh">陶林峰</span>

        PhD candidate, School of Lorem Studies

        </div>

        ## Education

        * **Ph.D., Marine Acoustics**, 2021 -- 2025
          University of Ipsum
        """))
    assert r.person.name == "Tao Linfeng"
    assert r.person.line == 3


def test_html_heading_title_over_its_authors_and_link_buttons():
    """`<h3>Title</h3>`, an authors' line, a venue line and a row of `<a class="button">`
    links: the title was taken for a topic heading (lost), the venue became the title, and a
    link button ("Zenodo") became an entry of its own."""
    r = extract(_doc("""
        # Petra Vonk

        <div class="section">
        <h2>Publications</h2>
        <h3>Reducing Stochastic Games with Weighted Edges</h3>
            Petra Vonk, Ilse Marren, Oto Brandl <br>
            LOREM 2021, vol 2, pp 10–30

            <div class="links">
                <a href="https://arxiv.org/abs/2101.00001" class="button">Arxiv</a>
                <a href="https://publisher.example.org/chapter/42" class="button">Publisher</a>
                <a href="https://archive.example.org/records/77" class="button">Zenodo</a>
            </div>
        </div>
        """))
    assert len(r.publications) == 1
    p = r.publications[0]
    assert p.title == "Reducing Stochastic Games with Weighted Edges"
    assert [a.name for a in p.authors] == ["Petra Vonk", "Ilse Marren", "Oto Brandl"]
    assert p.year == "2021"
    assert "https://archive.example.org/records/77" in p.urls


def test_a_title_heading_with_no_authors_line_under_it_still_groups_the_list():
    """A topic heading over references (no author list right under it) stays a group label."""
    r = extract(_doc("""
        # Petra Vonk

        ## Publications

        ### Stochastic Games

        * Petra Vonk, Ilse Marren. Reducing games with weighted edges. LOREM 2021.
        """))
    assert [p.title for p in r.publications] == ["Reducing games with weighted edges"]


def test_bar_separated_organization_dates_and_place_line():
    """'Org | Apr. 2021 - Jul. 2022 | Country' under a role (card layouts in `<div>`s): the
    dates were cut out of the middle, leaving 'Org | | Place' as the unit or institution."""
    r = extract(_doc("""
        # Ansel Dorr

        ## Work Experience

        <div class="item">
          <div class="title">Radio Testbed Engineer</div>
          <div class="meta">Lorem Comms Programme - Ipsum Lab | August 2022 - August 2025 | Singapore</div>
          <div class="meta"><em>Open Radio Network Research</em></div>
        </div>

        <div class="item">
          <div class="title">Software Developer</div>
          <div class="meta">Dolor Systems Ltd | Apr. 2021 - Jul. 2022 | Vietnam</div>
        </div>

        ## Education

        <div class="item">
          <div class="title">Bachelor of Electrical Engineering</div>
          <div class="meta">Sit Amet University of Technology | Oct 2016 - Oct 2020 | Hanoi, Vietnam</div>
        </div>
        """))
    assert [(p.title, p.organization, p.start, p.end, p.location) for p in r.positions] == [
        ("Radio Testbed Engineer", "Lorem Comms Programme", "2022-08", "2025-08", "Singapore"),
        ("Software Developer", "Dolor Systems Ltd", "2021-04", "2022-07", "Vietnam")]
    assert r.positions[0].unit == "Ipsum Lab"
    assert "Open Radio Network Research" in (r.positions[0].description or "")
    e = r.education[0]
    assert (e.institution, e.location, e.start, e.end) == ("Sit Amet University of Technology", "Hanoi, Vietnam",
                                                          "2016-10", "2020-10")


_BADGE_PAGE = """
    ---
    layout: page
    title: publications
    ---

    <div class="filter">
      <button data-topic="all">All</button>
      <button data-topic="gen">Generative Models</button>
    </div>

    <div class="publications">
    <h2 class="year">2025</h2>
    <ol class="bibliography">
    <li class="pub">
    <div class="row">
     <div class="col-sm-2 abbr"><abbr class="badge">LCSS</abbr></div>
     <div class="col-sm-8">
      <div class="title">Blending Hope and Doubt in Barycentric Control</div>
      <div class="author">Vardan, Leyla, and <em>Orrin, Tobias</em></div>
      <div class="periodical"><em>Lorem Control Letters</em> 2025</div>
      <div class="links">
     <a href="https://publisher.example.org/doc/1" class="btn btn-sm" role="button">HTML</a>
     </div>
     </div>
    </div>
    </li>
    <li class="pub">
    <div class="row">
     <div class="col-sm-2 abbr"></div>
     <div class="col-sm-8">
      <div class="title">Fair Matching Without Discrimination in Exchange Markets</div>
      <div class="author">Quist, C., <a href="https://scholar.example.org/u1">Marlowe, Dana K.</a>, and <em>Orrin, Tobias</em></div>
      <div class="periodical"><em>Ipsum Analysis</em> 2025</div>
      <div class="links"></div>
     </div>
    </div>
    </li>
    <li class="pub">
    <div class="row">
     <div class="col-sm-2 abbr"><abbr class="badge">arXiv</abbr></div>
     <div class="col-sm-8">
      <div class="title">Distributional Critics for Federated Learning</div>
      <div class="author">Amsel Varga, Petra, <em>Orrin, Tobias</em>, and Lund, Kiri</div>
      <div class="periodical"><em>arXiv preprint</em> 2025</div>
      <div class="links">
     <a href="https://arxiv.org/abs/2501.00002" class="btn btn-sm" role="button">arXiv</a>
     </div>
     </div>
    </div>
    </li>
    </ol>
    </div>
    """


def test_al_folio_badge_list_on_a_page_titled_only_in_front_matter():
    """A rendered al-folio list pasted into a page whose only heading is the front matter's
    `title: publications`: no publications were read; a filter `<button>` gave the subject's
    name; the `<abbr>` badge, the author line ('Surname, Forename' throughout) and the
    `<em>venue</em> year` line each became an entry of its own ('arXiv preprint' a heading)."""
    r = extract(_doc(_BADGE_PAGE))
    assert r.person.name == "Tobias Orrin"
    assert [p.title for p in r.publications] == [
        "Blending Hope and Doubt in Barycentric Control",
        "Fair Matching Without Discrimination in Exchange Markets",
        "Distributional Critics for Federated Learning"]
    assert [[a.name for a in p.authors] for p in r.publications] == [
        ["Leyla Vardan", "Tobias Orrin"],
        ["C. Quist", "Dana K. Marlowe", "Tobias Orrin"],
        ["Petra Amsel Varga", "Tobias Orrin", "Kiri Lund"]]
    assert all(p.authors[-1].is_subject or p.authors[1].is_subject for p in r.publications)
    assert [(p.venue, p.year) for p in r.publications][:2] == [("Lorem Control Letters", "2025"), ("Ipsum Analysis", "2025")]
    assert r.publications[2].status == "preprint" and r.publications[2].arxiv == "2501.00002"
    assert r.publications[0].urls == ["https://publisher.example.org/doc/1"]


def test_a_page_title_names_the_list_only_when_the_body_has_no_section_heading():
    """'title: publications' does not turn a CV page's opening lines into references."""
    r = extract(_doc("""
        ---
        title: publications
        ---
        # Tobias Orrin

        ## Education

        * PhD in Control Theory, University of Lorem, 2020
        """))
    assert r.person.name == "Tobias Orrin"
    assert r.publications == []


def test_a_bracketed_status_between_authors_and_title():
    """'**Me**. [Accepted] Title. Venue, 2024.': the bracketed note kept the reference from being
    read at all (the entry was lost); '**[Short Paper, Under review]**' the same."""
    r = extract(_doc("""
        # Lina Farrow

        ## Publications

        * **Lina Farrow**. [Accepted] DRUMNET: Rule-Based Fusion for Speech Emotion. International Conference on Lorem Signals (ICLS), 2024.

        * **Lina Farrow**, Ode Marsh, and Pim Vale. Voice Detection with Few Labels. Ipsum Multimedia Conference, 2022.

        * **Lina Farrow**. **[Short Paper, Under review]** Soc-PT: Pretraining for Social Media Text. Dolor Language Conference, 2024.
        """))
    assert [p.title for p in r.publications] == ["DRUMNET: Rule-Based Fusion for Speech Emotion",
                                                 "Voice Detection with Few Labels",
                                                 "Soc-PT: Pretraining for Social Media Text"]
    assert [p.year for p in r.publications] == ["2024", "2022", "2024"]
    assert r.publications[2].status == "under review"
    assert r.publications[0].authors[0].is_subject


def test_a_list_introduction_and_template_numbering_are_no_publications():
    """'14 peer-reviewed papers, 6 as first author.', 'Full list on the [Publications](…) page.',
    a '**First author**' label and a '1.' whose text a Liquid loop was to write were entries."""
    r = extract(_doc("""
        # Lina Farrow

        Publications
        ======

        14 peer-reviewed papers, 6 as first author (4 in top venues).
        Full list with links on the [Publications](/publications/) page.

        **First author**

        {% for post in site.publications %}1. {{ post.citation }}
        {% endfor %}

        Awards
        ======

        * Lorem Scholarship, 2025
        """))
    assert r.publications == []
    assert [a.name for a in r.awards] == ["Lorem Scholarship"]


def test_interests_parted_by_middle_dots():
    """'Compositional and zero-shot recognition · vision-language models': split at the dots,
    not at 'and' (which gave 'Compositional' alone)."""
    r = extract(_doc("""
        # Lina Farrow

        Research interests
        ======

        Compositional and generalized zero-shot recognition &middot; visual-semantic representation
        learning &middot; vision-language models

        ## Education

        * PhD in Computer Vision, University of Lorem, 2024
        """))
    assert r.person.interests == ["Compositional and generalized zero-shot recognition",
                                  "Visual-semantic representation learning", "Vision-language models"]


def test_markdown_link_titles_and_emphasised_venues_after_the_title():
    """'[Title](paper.pdf "Title")': the link's title attribute was left in the entry's title
    ('[Title]( "Title")'); 'A and B. Title. *Journal* 12, 2019' took the journal for the title
    and 'B. Title' for an author; '[Title](url). A, B. *Venue*' took 'B. Venue' for the venue."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        1. [Learning to Rank Widgets](https://example.org/widgets.pdf "Learning to Rank Widgets"). Jane Doe, Ann Roe. *Lorem Conference*, 2020.
        2. Jane Doe and Bob Poe. [Sparse Gadget Models](https://example.org/g.pdf 'Download PDF'). *Ipsum Journal*, vol. 12, 2019.
        3. Jane Doe, Cy Moe. Dense Gadget Models. *Ipsum Journal*, vol. 11, 2018.
        """))
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications] == [
        ("Learning to Rank Widgets", ["Jane Doe", "Ann Roe"], "Lorem Conference", "2020"),
        ("Sparse Gadget Models", ["Jane Doe", "Bob Poe"], "Ipsum Journal", "2019"),
        ("Dense Gadget Models", ["Jane Doe", "Cy Moe"], "Ipsum Journal", "2018")]
    assert r.publications[0].urls == ["https://example.org/widgets.pdf"]


def test_an_emphasised_title_after_the_authors_is_still_the_title():
    """'J. Doe and B. Poe. *Title*. Journal, 2019': the emphasis marks the title (no sentence
    before it but the authors)."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        * J. Doe and B. Poe. *Sparse Gadget Models*. Ipsum Journal, 2019.
        """))
    assert [(p.title, [a.name for a in p.authors]) for p in r.publications] == [
        ("Sparse Gadget Models", ["J. Doe", "B. Poe"])]


def test_name_from_a_quarto_title_and_an_open_date_column():
    """A Quarto/R Markdown CV names its subject only in the front matter's `title:`; a table row
    'from 2024 | **Org**, role' was read as a sentence (it opens in lower case) and lost."""
    r = extract(_doc("""
        ---
        title: "Tilda Brenner"
        subtitle: "Department of Lorem, University of Ipsum"
        format:
          pdf:
            toc: false
        ---

        #  Positions
        |||
        |-|---------|
        | from 2024       | **Lorem University of Economics**, assistant professor (tenure track) |
        | 2022 -- 2024    | **University of Ipsum**, assistant professor (non-tenured) |
        """))
    assert r.person.name == "Tilda Brenner"
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Lorem University of Economics", "assistant professor (tenure track)", "2024", None, True),
        ("University of Ipsum", "assistant professor (non-tenured)", "2022", "2024", False)]


def test_a_page_title_that_names_no_person_is_no_name():
    """'title: Selected Works' or 'title: Getting Started' is the page's topic, not its subject."""
    for title in ("Selected Works", "Getting Started", "Research Projects"):
        r = extract(_doc(f"""
            ---
            title: "{title}"
            ---

            ## Education

            * PhD in Physics, University of Lorem, 2020
            """))
        assert r.person.name == "", title


def test_degree_then_an_unknown_acronym_institution_and_its_place():
    """'- 2014.09 ~ 2018.06, Ph.D, <br> LUST, Lorem, China' (an R Markdown CV): the dates were
    cut off as a degree of their own, the acronym read as the field and the place as an honour;
    the Ph.D. then took the next degree's dates."""
    r = extract(_doc("""
        # Wen-Jie Tan

        ## Education

        - 2014.09 ~ 2018.06, Ph.D, <br>
          LUST, Lorem, China
        - 2010.09 ~ 2014.06, B.E., <br>
          LUST, Lorem, China
        """))
    assert [(e.degree, e.institution, e.location, e.start, e.end) for e in r.education] == [
        ("Ph.D", "LUST", "Lorem, China", "2014-09", "2018-06"),
        ("B.E.", "LUST", "Lorem, China", "2010-09", "2014-06")]
    assert [e.field for e in r.education] == [None, None]


def test_a_nested_organization_with_its_place_and_an_area_label():
    """'* 2020-Present: Research Fellow' / '  * Lorem Institute for Advanced Study (LIAS), Seoul,
    Republic of Korea' / '  * Area: …': the organization line (nine words with its place) was
    read as a description and the 'Area:' line as the organization."""
    r = extract(_doc("""
        # Ravi Anand

        Work experience
        ======
        * 2020-Present: Research Fellow
          * Lorem Institute for Advanced Study (LIAS), Seoul, Republic of Korea
          * Area: Galaxy evolution, large-scale structures, hydrodynamical simulations
        """))
    p = r.positions[0]
    assert (p.title, p.organization, p.location, p.start, p.current) == (
        "Research Fellow", "Lorem Institute for Advanced Study (LIAS)", "Seoul, Republic of Korea", "2020", True)
    assert p.description.startswith("Area: Galaxy evolution")


def test_economics_entries_with_a_bold_journal_line_under_the_coauthors():
    """'*Title*' / '(with A and B)' / '**Journal**, vol. 3: 10--20, 2021, [doi…](…)': the bold
    journal line was read as the next entry's authors ('Lorem Economic'), shifting the entries."""
    r = extract(_doc("""
        ---
        title: "Tilda Brenner"
        ---

        # Publications
        *Shared scooters and road safety: Evidence from six cities*
          (with C Moss and J Lund)  
          **Lorem Economic Review**,
        	[doi.org/10.1016/j.ler.2023.104593](http://doi.org/10.1016/j.ler.2023.104593)

        *Effects of Forest Programs: Evidence from Dryland Villages*
          (with M Kell and D Ortiz)  
          **Journal of Ipsum Economics**, vol. 153: 102737, 2021,
          [doi.org/10.1016/j.jie.2021.102737](https://doi.org/10.1016/j.jie.2021.102737)
        """))
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications] == [
        ("Shared scooters and road safety: Evidence from six cities", ["Tilda Brenner", "C Moss", "J Lund"],
         "Lorem Economic Review", None),
        ("Effects of Forest Programs: Evidence from Dryland Villages", ["Tilda Brenner", "M Kell", "D Ortiz"],
         "Journal of Ipsum Economics", "2021")]
    assert r.publications[1].doi == "10.1016/j.jie.2021.102737"


def test_br_pieces_inside_a_list_item_are_its_details():
    """'* Aug 2011-present: Professor <br> Department of X <br> University of Y': each piece the
    `<br>` made was read as an entry of its own (14 positions from 7); 'Dean' is a role."""
    r = extract(_doc("""
        # Lorna Pike

        Academic employment
        ======

        * Aug 2020-Aug 2025: Dean <br> University of Lorem

        * Aug 2011-present: Professor <br> Department of Mathematical Sciences <br> University of Lorem

        * 1994-1996: Postdoctoral Fellow <br> Department of Applied Ipsum <br> Dolor University
        """))
    assert [(p.title, p.organization, p.unit, p.start) for p in r.positions] == [
        ("Dean", "University of Lorem", None, "2020-08"),
        ("Professor", "University of Lorem", "Department of Mathematical Sciences", "2011-08"),
        ("Postdoctoral Fellow", "Dolor University", "Department of Applied Ipsum", "1994")]


def test_quarto_and_r_markdown_files_are_read_as_markdown(tmp_path):
    """`cv.qmd` / `cv.Rmd` (Quarto, R Markdown) were refused as an unsupported file type."""
    from mappers.read import read_document
    for name in ("cv.qmd", "cv.Rmd"):
        path = tmp_path / name
        path.write_text('---\ntitle: "Tilda Brenner"\n---\n\n# Degrees\n\n* PhD in Economics, University of Lorem, 2020\n')
        doc = read_document(path)
        assert doc.format == "markdown"
        r = extract(doc)
        assert r.person.name == "Tilda Brenner"
        assert [e.institution for e in r.education] == ["University of Lorem"]


def test_degree_year_in_brackets_then_institution_then_subject_lines(tmp_path):
    """'Ph.D. (2017) <br> Institute <br> Mechanical Engineering' in an HTML list: the brackets the
    year left were an honour '( )', and the subject line an honour instead of the field."""
    html = """<html><body><h1>Ravi Sood</h1>
    <h2>Education</h2>
    <ul>
      <li><span>Ph.D. (2017) <br /> Lorem Institute of Technology <br /> Mechanical Engineering <br /></span></li>
      <li><span>M.Tech. (2013) <br /> Ipsum Engineering College, Ludhiana <br /> Production Engineering <br /></span></li>
    </ul></body></html>"""
    from mappers.read import read_document
    (tmp_path / "cv.html").write_text(html)
    r = extract(read_document(tmp_path / "cv.html"))
    assert [(e.degree, e.institution, e.field, e.end, e.honours) for e in r.education] == [
        ("Ph.D.", "Lorem Institute of Technology", "Mechanical Engineering", "2017", []),
        ("M.Tech.", "Ipsum Engineering College", "Production Engineering", "2013", [])]


def test_hugo_cv_heading_references_and_role_headings_over_employer_subheadings():
    """'### A and B. *Title with X and Y.* Venue. November 2025. [[doi](…)][[paper](…)]': the title's
    'X and Y' was read as two authors and the authors as the title, ']]]' and the month stayed in
    the venue; '### Intern, Software Engineer' over '#### Lorem Ltd (Jun 2024 - Sep 2024)' gave two
    positions, one with a role for its organization."""
    r = extract(_doc("""
        # curriculum vitae

        ## Employment

        ### Intern, Software Engineer

        #### Lorem Ltd (Jun 2024 - Sep 2024)

        - Ported the compressor from C to CUDA

        ## Publications

        ### Bram Ostler and Mara Venn. *Characterizing CUDA and OpenMP Synchronization Primitives.* Proceedings of the Lorem Symposium on Workloads. September 2024. [[doi](https://doi.org/10.1000/ls.2024.34)][[paper](./pdf/LS24.pdf)]

        ### Bram Ostler and Mara Venn. *Trees for Progressive Compression.* Ipsum Workshops '25. November 2025. [[doi](https://doi.org/10.1000/iw.2025.1)]
        """))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Intern, Software Engineer", "Lorem Ltd", "2024-06", "2024-09")]
    assert [(p.title, [a.name for a in p.authors], p.year) for p in r.publications] == [
        ("Characterizing CUDA and OpenMP Synchronization Primitives", ["Bram Ostler", "Mara Venn"], "2024"),
        ("Trees for Progressive Compression", ["Bram Ostler", "Mara Venn"], "2025")]
    assert r.publications[0].venue == "Lorem Symposium on Workloads"
    assert "November" not in (r.publications[1].venue or "") and "]" not in (r.publications[1].venue or "")
    assert r.publications[0].doi == "10.1000/ls.2024.34"


def test_a_degree_line_with_an_emphasis_mark_never_closed():
    """'  _Doctor of Philosophy (Ph.D.) in X <span>2025 — Present</span>' (the closing '_' left
    out): the degree was not read and the entry kept no degree."""
    r = extract(_doc("""
        # Li Wen

        Education
        ======
        * **Lorem Jiao Tong University** <span style="float:right;"> Shanghai, China </span><br/>
          _Doctor of Philosophy (Ph.D.) in Bioinformatics <span style="float:right;"> 2025 &mdash; Present </span><br/>
          Supervisor: Prof. Wei Yu, Department of Bioinformatics
        """))
    e = r.education[0]
    assert (e.institution, e.degree, e.field, e.start, e.current) == (
        "Lorem Jiao Tong University", "Doctor of Philosophy in Bioinformatics", "Bioinformatics", "2025", True)


def test_a_word_then_an_inline_span_are_two_words():
    """'<p>Lorem University<span class="date">2016 – 2021</span></p>': the institution and the
    dates ran together ('University2016'), so neither was read."""
    r = extract(_doc("""
        # Tobias Orrin

        ## Education

        <p><b>PhD in Control Theory</b></p>
        <p>Lorem University<span class="date">2016 – 2021</span></p>
        """))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("PhD in Control Theory", "Lorem University", "2016", "2021")]


# --- session 17: pandoc Markdown with raw LaTeX, RS School CVs, hand-made HTML pages --------------

def test_pandoc_markdown_hfill_is_a_column_break_and_layout_lines_are_no_text():
    r"""'Lorem University \hfill 2014-2019 \' (a pandoc CV sets its dates at the right margin with
    raw LaTeX): '\hfill' stayed in every institution, award, course and talk host, and the dates
    were not read as a column; '\vfill' and '\hfill _Updated \today._' are layout, not text."""
    r = extract(_doc(r"""
        ---
        fontfamily: ebgaramond
        ---
        \hyphenpenalty=10000

        # Nora Quill
        nora@example.org

        ## Education
        Lorem University \hfill 2014-2019 \
        Ph.D., History

        Ipsum College \hfill 2008-2012\
        B.A., History

        ## Awards
        Dolor Foundation Dissertation Fellowship ($30,000) \hfill 2018-2019

        Sit Amet Teaching Prize \hfill 2016-2017

        ## Presentations
        "Counting Novels" \hfill July 2019 \
        DH 2019. Utrecht, Netherlands.

        "Average Readers" \hfill May 2017 \
        Novel Workshop. Lorem, CA.

        ## Service
        Reviewer for the Ipsum Conference \hfill 2016-

        \vfill
        \hfill _Updated \today._
        """))
    assert [(e.institution, e.start, e.end) for e in r.education] == [
        ("Lorem University", "2014", "2019"), ("Ipsum College", "2008", "2012")]
    assert [(a.name, a.year) for a in r.awards] == [("Dolor Foundation Dissertation Fellowship", "2018"),
                                                    ("Sit Amet Teaching Prize", "2016")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Counting Novels", "DH 2019. Utrecht, Netherlands.", "2019-07"),
        ("Average Readers", "Novel Workshop. Lorem, CA.", "2017-05")]
    assert [(s.role, s.organization) for s in r.service] == [("Reviewer", "Ipsum Conference")]
    assert "\\" not in r.model_dump_json().replace("\\n", "").replace('\\"', "")


def test_underscore_rule_is_no_text_and_language_levels_leave_the_language():
    """An RS School CV: '___' rules under each heading (read as the summary's first word), a
    'Languages' list of 'Ukrainian - Native' items and a 'Level of English' section whose one
    line is 'English B1 - Intermediate' (the heading was no section: the line was lost)."""
    r = extract(_doc("""
        # Ivan Lorem
        ___
        ### Contacts
        * Email: ivan@example.org
        ____
        ### About Me
        ___

        I am a bank clerk who wants to become a front-end developer, and I study every day.

        ### Skills
        * HTML
        * CSS

        ### Languages
        * Ukrainian - Native
        * Polish (fluent)
        * German: A2

        ### Level of English
        ____
        English B1 - Intermediate
        """))
    assert r.person.summary.startswith("I am a bank clerk")
    assert r.languages == ["Ukrainian", "Polish", "German", "English"]
    assert r.skills == ["HTML", "CSS"]


def test_english_heading_over_a_level_only_gives_english():
    r = extract(_doc("""
        # Olga Ipsum

        ## English
        B2 (Upper-Intermediate)
        """))
    assert r.languages == ["English"]


def test_language_items_that_name_no_level_are_kept_as_written():
    """Only a level is dropped: 'Sign language basics' or a language with no level stay whole. A
    level after a name the list of languages does not hold is a level too (session 25: 'Twi
    (Native)', 'Kurdish: Limited working proficiency' in real CVs), so 'Klingon - fluent' is Klingon."""
    r = extract(_doc("""
        # Olga Ipsum

        ## Languages
        * English
        * Mandarin Chinese (native)
        * Klingon - fluent
        * Sign language basics
        """))
    assert r.languages == ["English", "Mandarin Chinese", "Klingon", "Sign language basics"]


def test_bulleted_research_interests_are_each_a_topic():
    """'## Research Interests' over '- Machine learning' / '- Robotics' / '- Micro- and
    nano-electronics': only the first bullet was read, and 'Micro- and' was joined into 'Microand'."""
    r = extract(_doc("""
        # Jane Roe

        ## Research Interests

        - Machine learning
        - Robotics and control
        - Micro- and nano-electronics
        - I also enjoy teaching.

        ## Education

        - PhD in Physics, Lorem University, 2020
        """))
    assert r.person.interests == ["Machine learning", "Robotics and control", "Micro- and nano-electronics"]


def test_research_heading_over_dated_entries_lists_research_posts():
    """'## Research' alone reads as a research summary; over dated entries (a date above each, a
    supervisor line and a paragraph in the first person) it lists research posts, and the
    paragraphs describe them instead of opening entries of their own."""
    r = extract(_doc("""
        # Jane Roe

        ## Research

        Sep 2015 – Dec 2015

        Research Intern – Lorem Institute, Ipsum, Germany

        Supervisor: Dr. Ada Byron

        Two months internship in the field of chemistry during which I carried out many calculations.

        Jan 2015

        Research Assistant – Dolor Laboratory, Amet, Argentina

        Supervisor: Dr. Alan Turing

        One month internship in which small devices were made and measured in the clean room.

        ## Skills

        Python
        """))
    assert [(p.title, p.organization, p.location, p.start, p.end, p.mentors) for p in r.positions] == [
        ("Research Intern", "Lorem Institute", "Ipsum, Germany", "2015-09", "2015-12", ["Ada Byron"]),
        ("Research Assistant", "Dolor Laboratory", "Amet, Argentina", "2015-01", None, ["Alan Turing"])]
    assert r.positions[0].description.startswith("Two months internship")
    assert r.person.summary is None


def test_research_heading_over_prose_stays_a_summary():
    r = extract(_doc("""
        # Jane Roe

        ## Research

        My research studies how glaciers respond to warming, using field data from 2015 to 2020 and models.

        ## Education

        - PhD in Physics, Lorem University, 2020
        """))
    assert r.positions == [] and r.person.summary.startswith("My research studies")


def test_html_title_name_ending_in_s_accordion_heading_and_copyright_footer(tmp_path):
    """'<title>CV - Simon Lemaires</title>' gave 'Simon Lemaire' (the page's "'s" was stripped as
    a set of characters); '<button class="accordion"><h3>Interests</h3></button>' lost the heading
    with the button, so the interests went to the languages above; 'Copyright © 2017 …' in the
    footer was read as one more language."""
    from mappers.read import read_document
    html = """<html><head><title>CV - Simon Lemaires</title></head><body>
    <h2>Education</h2>
    <ul><li>PhD in Physics, Lorem University, 2020</li></ul>
    <div class="side">
      <h3>Languages</h3>
      <ul class="languages"><li><span>Spanish</span>Native</li><li><span>English</span>Fluent</li></ul>
      <button class="accordion"><h3>Interests</h3></button>
      <div class="panel"><ul><li>Materials modeling</li><li>Computer simulations</li></ul></div>
    </div>
    <div class="footer">Copyright © 2017 Simon Lemaires</div>
    </body></html>"""
    (tmp_path / "cv.html").write_text(html)
    r = extract(read_document(tmp_path / "cv.html"))
    assert r.person.name == "Simon Lemaires"
    assert r.languages == ["Spanish", "English"]
    assert r.person.interests == ["Materials modeling", "Computer simulations"]


def test_html_title_possessive_is_dropped(tmp_path):
    from mappers.read import read_document
    (tmp_path / "cv.html").write_text("<html><head><title>Jane Roe's Homepage</title></head><body>"
                                      "<h2>Education</h2><ul><li>PhD, Lorem University, 2020</li></ul></body></html>")
    assert extract(read_document(tmp_path / "cv.html")).person.name == "Jane Roe"


def test_ib_diploma_is_a_school_leaving_qualification():
    """'\\textsc{2014 IB Diploma} & 35 points' (a LaTeX table row) read as a master's degree (a German Diplom)."""
    from mappers.extract.fields import degree_level
    assert degree_level("2014 IB Diploma") == degree_level("IB Diploma 35 points") == "other"
    assert degree_level("International Baccalaureate Diploma") == "other"
    assert degree_level("Diploma in Physics") == "master"


def test_pandoc_title_line_then_emphasised_venue_and_co_authors():
    r"""'"Title" \hfill [under review] \' over '*Journal*. Co-authored with Roe, J.D.' (one paragraph
    broken into lines): the venue line was read as a second publication titled with the journal,
    '[revise and resubmit]' was no status and left '[]' in the venue, and 'Co-authored with …' over
    two lines gave no authors."""
    r = extract(_doc(r"""
        # Nora Quill

        ## Publications
        "Counting Ipsum Novels" \hfill [under review]\
        *Lorem Literature*

        "Reading the *Dolor Anthology*" \hfill [revise and resubmit]\
        *Sit Amet Studies*. Co-authored with Roe, J.D.

        *Suspense: A Study in Narrative* \hfill [in preparation]\
        Co-authored with Vale, Mark; Poe, Edna;\
        Frank, Morgan.

        "The Novel as Data" \hfill 2018 \
        *The Lorem Companion to the Novel*
        """))
    got = [(p.title, p.venue, p.status, [a.name for a in p.authors]) for p in r.publications]
    assert got == [
        ("Counting Ipsum Novels", "Lorem Literature", "under review", []),
        ("Reading the Dolor Anthology", "Sit Amet Studies", "under review", ["Nora Quill", "J.D. Roe"]),
        ("Suspense: A Study in Narrative", None, "preprint", ["Nora Quill", "Mark Vale", "Edna Poe", "Morgan Frank"]),
        ("The Novel as Data", "The Lorem Companion to the Novel", "published", []),
    ]
    assert r.publications[3].year == "2018"


def test_expected_year_in_brackets_and_ma_ab_degrees():
    r"""'Lorem University \hfill 2014-[2021]' kept only the start ('[2021]', an expected year, was
    no date); 'MA, English' and 'A.B. *magna cum laude*, English' under an institution were no degrees."""
    r = extract(_doc(r"""
        # Nora Quill

        ## Education
        Lorem University \hfill 2014-[2021] \
        Ph.D., English\
        MA, English

        Ipsum College \hfill 2008-2012\
        A.B. *magna cum laude*, English
        """))
    got = [(e.institution, e.degree, e.level, e.field, e.start, e.end) for e in r.education]
    assert got == [("Lorem University", "Ph.D.", "doctorate", "English", "2014", "2021"),
                   ("Lorem University", "MA", "master", "English", "2014", "2021"),
                   ("Ipsum College", "A.B.", "bachelor", None, "2008", "2012")]


def test_setext_dash_underline_is_a_heading_not_a_table_row():
    """'Submitted' over '---------' (a setext heading): the underline was blanked as a table's
    separator row, so 'Submitted' was no heading and its papers were lost."""
    r = extract(_doc("""
        ---
        title: Curriculum Vitae
        ---

        Submitted
        ---------

        Doe, J. and Roe, A., A study of lorem ipsum in dolor sit amet. Journal of Lorem, 2020.

        Publications
        ---------

        Doe, J. and Roe, A. (2019) Another study of the ipsum. Journal of Dolor, 3, 4-5.
        """))
    assert [(p.title, p.status) for p in r.publications] == [
        ("A study of lorem ipsum in dolor sit amet", "in submission"),
        ("Another study of the ipsum", "published")]


def test_place_in_brackets_after_an_organization_is_its_location():
    """'Hospital for Lorem (Toronto, Ontario, Canada)' under a role: the comma inside the brackets
    cut the organization ('Hospital for Lorem (Toronto') and made 'Ontario, Canada)' its unit."""
    r = extract(_doc("""
        # Jane Roe

        ## Work Experience

        - Oct. 2018-Present
        :  **Research Student**  
        Hospital for Lorem Children (Toronto, Ontario, Canada)

        - May-Dec. 2018
        :  **Biostatistician Intern**  
        Ipsum Institute for Cancer Research (Montreal, Quebec, Canada)

        ## Education

        - Sept.2019 - Present:   **Ph.D. in Biostatistics**  
        University of Dolor (Toronto, Ontario, Canada)
        """))
    assert [(p.title, p.organization, p.location, p.start) for p in r.positions] == [
        ("Research Student", "Hospital for Lorem Children", "Toronto, Ontario, Canada", "2018-10"),
        ("Biostatistician Intern", "Ipsum Institute for Cancer Research", "Montreal, Quebec, Canada", "2018-05")]
    assert [(e.institution, e.location) for e in r.education] == [("University of Dolor", "Toronto, Ontario, Canada")]


def test_dash_and_dot_leaders_part_columns():
    """'2016-2018    LOREM FINANCIAL, Principal Engineer ---------- Boston MA' (a plain-text resume):
    the leader of dashes was left in the place, which was not read as one."""
    r = extract(_doc("""
        Ron Lorem
        ron@example.org

        EXPERIENCE

        2016-2018    LOREM FINANCIAL, Principal Engineer ------------------------- Boston MA
             Led the frontend strategy and wrote recommender apps for personal finance.

        2012-2016    IPSUM LOGICS, Senior Engineer ...................... Cambridge MA
             Led the systems design and the software implementation of the products.
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.location) for p in r.positions] == [
        ("LOREM FINANCIAL", "Principal Engineer", "Boston, MA"), ("IPSUM LOGICS", "Senior Engineer", "Cambridge, MA")]


def test_organization_colon_role_lines_and_key_competencies(tmp_path):
    """'<p><strong>Lorem Pvt Ltd:</strong> Senior Software Developer (Remote)</p>': the whole line
    was the role (or the country before the colon went into it), and two such positions were
    dropped for want of an organization; 'Key Competencies' was no skills heading."""
    from mappers.read import read_document
    html = """<html><head><title>Jane Lorem</title></head><body>
    <h1>Jane Lorem</h1>
    <h2>Key Competencies</h2>
    <ul><li>Software Design</li><li>AWS Cloud</li><li>Kotlin (Spring Boot, Ktor)</li></ul>
    <h2>Professional Experience</h2>
    <p><strong>Lorem Pvt Ltd:</strong> Senior Software Developer (Remote)</p>
    <p><strong>Ipsum Technology, UK:</strong> Software Engineer</p>
    <p><strong>DolorCommand:</strong> Lead Software Engineer (Remote)</p>
    <h2>Projects</h2>
    <p><strong>Responsibilities:</strong> Lead engineer for the team</p>
    </body></html>"""
    (tmp_path / "cv.html").write_text(html)
    r = extract(read_document(tmp_path / "cv.html"))
    assert [(p.organization, p.title, p.location) for p in r.positions] == [
        ("Lorem Pvt Ltd", "Senior Software Developer (Remote)", None),
        ("Ipsum Technology", "Software Engineer", "UK"),
        ("DolorCommand", "Lead Software Engineer (Remote)", None)]
    assert r.skills == ["Software Design", "AWS Cloud", "Kotlin (Spring Boot, Ktor)"]


def test_bold_title_over_emphasised_authors_over_venue():
    """'**Title**' / '*J. Doe, A. Roe*' / 'NeurIPS 2020' (two-space breaks): the emphasised authors'
    line was also read as the venue, so the venue line opened an entry of its own and went to the
    next paper."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        **Deep Learning for Lorem**  
        *J. Doe, A. Roe*  
        NeurIPS 2020

        **Ipsum Methods**  
        *Jane Doe and Bob Poe*  
        ICML 2021
        """))
    got = [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications]
    assert got == [("Deep Learning for Lorem", ["J. Doe", "A. Roe"], "NeurIPS", "2020"),
                   ("Ipsum Methods", ["Jane Doe", "Bob Poe"], "ICML", "2021")]


def test_teaching_role_subheadings_give_their_role_to_every_course_under_them():
    r"""'### Instructor of Record' read as a course ('of Record', role 'Instructor'); under '###
    Teaching Assistant' only the first course had the role; '(1850-1950)' in a course's name was
    taken for its term instead of the date column."""
    r = extract(_doc(r"""
        # Nora Quill

        ## Teaching
        ### Instructor of Record
        English 184E: Literary Text Mining \hfill 2019-2020 \
        Lorem University

        World Humanities 101 \hfill 2018-2019 \
        Ipsum College

        ### As teaching assistant
        English 396L: Pedagogy with Jane Roe \hfill 2017-2018

        English 100C: Literary History III (1850-1950) with Ada Poe \hfill 2014-2015
        """))
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("English 184E: Literary Text Mining", "Lorem University", "2019-2020", "Instructor of Record"),
        ("World Humanities 101", "Ipsum College", "2018-2019", "Instructor of Record"),
        ("English 396L: Pedagogy with Jane Roe", None, "2017-2018", "teaching assistant"),
        ("English 100C: Literary History III (1850-1950) with Ada Poe", None, "2014-2015", "teaching assistant")]


def test_languages_written_as_a_sentence_give_the_languages_it_names():
    """'## Human languages' over 'I am fluent in French and in English. I have some notions of
    German.': the heading was no section; read as one, the sentence was one 'language'."""
    r = extract(_doc("""
        # Simon Lorem

        ## Human languages
        I am fluent in **French and in English**. I have minimal school level notions of German.

        ## Interests
        - Exploring new frontend frameworks.
        - Contributing to open-source projects.
        """))
    assert r.languages == ["French", "English", "German"]
    assert r.person.interests == ["Exploring new frontend frameworks", "Contributing to open-source projects"]


def test_subject_after_a_degree_with_its_field_is_no_institution():
    """'**Master of Math, Statistics**' over 'University of Lorem (City, Region, Country)' and the
    essay and supervisor lines (two-space breaks): 'Statistics' was the institution, so the
    university line opened an entry of its own that took the supervisor, and the next degree
    merged with it."""
    r = extract(_doc("""
        # Bo Lorem

        ## Education

        - Sept.2017 - May 2019:   **Master of Math, Statistics**  
        University of Lorem (Waterloo, Ontario, Canada)  
        Supervisor: *Pengfei Roe*

        - Sept.2014 - May 2017:   **Bachelor of Math, Statistics & Computational Math**  
        University of Lorem (Waterloo, Ontario, Canada)
        """))
    assert [(e.degree, e.institution, e.location, e.start, e.advisors) for e in r.education] == [
        ("Master of Math", "University of Lorem", "Waterloo, Ontario, Canada", "2017-09", ["Pengfei Roe"]),
        ("Bachelor of Math", "University of Lorem", "Waterloo, Ontario, Canada", "2014-09", [])]


# --- session 18 -------------------------------------------------------------------------------

def test_a_labelled_list_item_heading_ends_at_the_next_item_beside_it():
    # "* Languages:" with its languages nested under it, then more header items: they are no
    # languages (they were "Permission to work: Lorem", "Recommendations: LinkedIn")
    r = extract(_doc("""
        # Jana Doe

        * Email: jana@example.org
        * Location: Lorem City, Ipsumland
        * Languages:
          * Portuguese - native
          * English - intermediate
        * Permission to work: Ipsumland
        * Recommendations: [LinkedIn](https://www.linkedin.com/in/jana-doe-0000)

        ## Experience

        ### Software engineer at Dolor LLC

        *12.2014 - present* | Lorem City
        """))
    assert r.languages == ["Portuguese", "English"]
    assert r.person.location == "Lorem City, Ipsumland"
    assert [(p.title, p.organization) for p in r.positions] == [("Software engineer", "Dolor LLC")]


def test_a_bold_skill_followed_by_prose_is_that_skill_and_a_list_loses_its_full_stop():
    r = extract(_doc("""
        # Jana Doe

        jana@example.org

        ## Technical Experience

        ### Programming languages

        * **Erlang** - developing applications, troubleshooting and correcting existing code. Most of my code is in Erlang.
        * **JavaScript** - ES5 and ES6 standards. Used technologies: **React**, **Flux**.
        * **Frontend** - React, Vue, Svelte, jQuery

        ### Tools

        Linux, emacs, git, REST, SNMP, JSONRPC2.
        """))
    assert "Erlang" in r.skills and "JavaScript" in r.skills
    assert not any(s.startswith(("Erlang -", "JavaScript -")) for s in r.skills)
    assert "JSONRPC2" in r.skills and "JSONRPC2." not in r.skills
    assert "Vue" in r.skills       # a dash before a list of tools: the list is read


def test_a_date_first_layout_with_paragraphs_under_each_entry():
    # "dec.2020 - feb.2021 Title - Org": the dates open the header (in lower case: it was read as
    # prose); the undated paragraphs under a complete header describe it (each became an entry
    # "Built sites with Lorem" / "WordPress", and the next header went to its description)
    r = extract(_doc("""
        # Jana Doe

        jana@example.org

        ## Experience

        dec.2020 - feb.2021 Web Developer Intern - Lorem Maniac LILLE

        Built sites with Shopify, WordPress

        Made logos, videos

        dec.2019 - aug.2020 Spanish Teacher - Lycée Ipsum

        Prepared Spanish lessons: sequences and cultural additions
        """))
    assert [(p.title, p.organization, p.start, p.end, p.description) for p in r.positions] == [
        ("Web Developer Intern", "Lorem Maniac LILLE", "2020-12", "2021-02", "Built sites with Shopify, WordPress Made logos, videos"),
        ("Spanish Teacher", "Lycée Ipsum", "2019-12", "2020-08", "Prepared Spanish lessons: sequences and cultural additions")]


def test_a_heading_holding_only_dates_dates_the_paragraph_under_it():
    r = extract(_doc("""
        # Jana Doe

        jana@example.org

        ## Education

        ### Oct 2015 - June 2016

        Master International Trade - University of Lorem

        ### Oct 2003 - June 2006

        Bachelor of Arts - Ipsum University
        """))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Master International Trade", "University of Lorem", "2015-10", "2016-06"),
        ("Bachelor of Arts", "Ipsum University", "2003-10", "2006-06")]


def test_a_french_html_cv_possessive_headings_and_a_letter_styled_apart():
    # "Ma fo<span>r</span>mation" read "Ma fo r mation"; "Mes compétences", "Mon expérience"
    # are headings after their possessive
    from mappers.read import SourceDocument as Doc
    html = """<html><head><title>Mon CV</title></head><body>
    <h1>Jana<br>Doe</h1><p>Développeuse web</p>
    <h2>Mes compétences</h2><p>Travail en équipe / Gestion administrative</p>
    <h2>Ma fo<span class="r">r</span>mation</h2>
    <h3><mark>oct.2015 - juin 2016</mark></h3>
    <p>Master Commerce International - Université Lorem 10</p>
    <h2>Mon expérience</h2>
    <p>déc.2019 - août.2020 <span class="job">Professeure d'espagnol</span> - <span class="place">Lycée Ipsum</span></p>
    <p>Préparation de cours d'espagnol</p>
    <p>jan.2016 - nov.2018<span class="job"> Coordinatrice de formation</span> - <span class="place">Dolor PARIS</span></p>
    <p><a href="mailto:jana@example.org">Écrivez-moi</a></p>
    </body></html>"""
    from mappers.convert import html_to_text
    text = html_to_text(html)
    assert "## Ma formation" in text
    r = extract(Doc(path="cv.html", name="cv.html", sha256="0" * 64, format="html", text=text, raw=html))
    assert [(e.degree, e.institution, e.start) for e in r.education] == [
        ("Master Commerce International", "Université Lorem 10", "2015-10")]
    assert [(p.title, p.organization, p.start) for p in r.positions] == [
        ("Professeure d'espagnol", "Lycée Ipsum", "2019-12"), ("Coordinatrice de formation", "Dolor PARIS", "2016-01")]


def test_a_german_markdown_cv_degree_colon_institution_and_ongoing_studies():
    # "**M.Sc. Physik** (10.2016-09.2018): TU Lorem": the degree, its dates, a colon, the
    # institution; "laufend" (ongoing); "Hochschulstudium"; "**Data Scientist** (…): Org, City"
    r = extract(_doc("""
        # Lena Musterfrau

        - E-Mail: lena@example.org

        ## Hochschulstudium

        - **Dr. rer. nat.** (12.2020-laufend): Lorem Zentrum/Hochschule Ipsum
        - **M.Sc. Physik** (10.2016-09.2018): TU Lorem
        - **Abitur** (09.2004-06.2013): Dolor-Gymnasium Amet

        ## Berufserfahrung

        - **Data Scientist** (01.2019-heute): Lorem AG, Ipsumstadt
        - **Werkstudentin** (04.2017-09.2018): Ipsum GmbH
        """))
    assert [(e.degree, e.institution, e.start, e.end, e.current) for e in r.education] == [
        ("Dr. rer. nat.", "Lorem Zentrum/Hochschule Ipsum", "2020-12", None, True),
        ("M.Sc. Physik", "TU Lorem", "2016-10", "2018-09", False),
        ("Abitur", "Dolor-Gymnasium Amet", "2004-09", "2013-06", False)]
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Data Scientist", "Lorem AG", "2019-01", True), ("Werkstudentin", "Ipsum GmbH", "2017-04", False)]


def test_labelled_skill_groups_on_one_line_and_a_graded_thesis():
    """"**Languages:** Python, C++ · **ML:** PyTorch · **Tools:** Docker" in a skills list: the
    groups are skills (the "Languages:" label opens no natural-languages section there), a
    two-letter label ("ML:") is a label; a thesis's grade in brackets is no part of its title."""
    r = extract(_doc("""
        # Jonas Ebbesen-Park

        ## Education
        **M.Sc. Computer Science** — ETH Zürich · *2019 – 2021*
        Thesis: *Offline reinforcement learning for manipulation* (grade 5.75/6)

        ## Skills
        **Languages:** Python, C++, Rust · **ML:** PyTorch, JAX · **Tools:** Docker, ROS2

        ## Languages
        Norwegian (native), English (C2)
        """))
    assert r.skills == ["Python", "C++", "Rust", "PyTorch", "JAX", "Docker", "ROS2"]
    assert r.languages == ["Norwegian", "English"]
    assert [e.thesis for e in r.education] == ["Offline reinforcement learning for manipulation"]
