"""Session 22 (gold pass, Jekyll/academicpages pages and root résumés): Markdown CV pages
(``_pages/cv.md``, ``_pages/resume.md``, ``resume.md``) taken from the middle of the stored
index's lists were read against a careful reading (a gold record per CV) and scored field by
field. Each test is an invented snippet in the shape of an error found there; names, titles,
venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- Chinese headings written as two words run together ----------------------------------------
def test_cjk_heading_of_two_heading_words_run_together():
    """"荣誉奖项" (honours + awards) and "教学服务" (teaching + service) join a heading word
    and another heading word or a generic noun without a joining character."""
    assert classify_heading("荣誉奖项") == "awards"
    assert classify_heading("教学服务") == "teaching"
    assert classify_heading("学术服务") == "service"       # a heading of its own, unchanged
    assert classify_heading("程序开发") is None


def test_spaced_dash_rule_is_no_entry():
    """"- - -" under a heading is a Markdown rule, not a bullet holding "- -"."""
    r = extract(_doc('''
        # 林晓风

        ## 会议报告
        - - -
        - Sparse Lorem Estimation for Ipsum Panels  
        *第九届某某统计学术年会*  
        中国杭州，2018年11月
        '''))
    assert [t.title for t in r.talks] == ["Sparse Lorem Estimation for Ipsum Panels"]


# --- em spaces as column gaps ------------------------------------------------------------------
def test_em_space_columns_in_award_lines():
    """"- 2021 &emsp; Name &emsp; Giver": the em spaces part the year, the award and its giver
    as columns; the year is no part of the name."""
    r = extract(_doc('''
        # Jane Quist

        ## Awards
        - 2021 &emsp; Lorem Fellowship &emsp; Ipsum University
        - 2019 &emsp; Dolor Prize
        '''))
    assert [(a.name, a.year) for a in r.awards] == [("Lorem Fellowship, Ipsum University", "2021"),
                                                    ("Dolor Prize", "2019")]


# --- a bracketed venue badge before the authors ------------------------------------------------
def test_bracketed_venue_badge_before_authors():
    """"* **[LOREMCONF 2025]** **A**, B. "Title." *Venue*.": the badge is no part of the title;
    its year dates the entry, and it names the venue when the reference gives none."""
    r = extract(_doc('''
        # Pia Varga

        Selected Publications
        ======
        * **[LOREMCONF 2025]** **Pia Varga**, Tom Ekwall. "Sparse Ipsum Models for Dolor Graphs." *The 9th Lorem Conference on Learning Systems*.
        * **[IPSUMCON 2024]** Ana Noor, **Pia Varga**, and Tom Ekwall. "Robust Amet Sampling at Scale."
        '''))
    pubs = [(p.title, [a.name for a in p.authors], p.year) for p in r.publications]
    assert pubs == [("Sparse Ipsum Models for Dolor Graphs", ["Pia Varga", "Tom Ekwall"], "2025"),
                    ("Robust Amet Sampling at Scale", ["Ana Noor", "Pia Varga", "Tom Ekwall"], "2024")]
    assert "Lorem Conference on Learning Systems" in (r.publications[0].venue or "")
    assert r.publications[1].venue == "IPSUMCON"


# --- nested dates under a bulleted education entry ---------------------------------------------
def test_nested_date_line_dates_its_own_education_entry():
    """"* **Org**, Place" / "  * Degree (Expected May 2027)" / "  * *Jan. 2024 - Present*": the
    nested dates belong to the entry they are nested in, not to the next one."""
    r = extract(_doc('''
        # Jane Roe

        Education
        ======
        * **Lorem State University**, Springfield, IL, USA
          * Ph.D. Candidate in Applied Physics (Expected May 2027)
          * *Jan. 2024 - Present*

        * **Ipsum Institute of Technology**, Dover, DE, USA
          * M.S. in Applied Physics
          * *Aug. 2020 - May 2022*

        * **Dolor University**, Salem, OR, USA
          * B.S. in Physics
          * *Sep. 2016 - Jun. 2020*
        '''))
    got = [(e.institution, e.start, e.end, e.current) for e in r.education]
    assert got == [("Lorem State University", "2024-01", None, True),
                   ("Ipsum Institute of Technology", "2020-08", "2022-05", False),
                   ("Dolor University", "2016-09", "2020-06", False)]


# --- code spans as skill tags ------------------------------------------------------------------
def test_code_spans_side_by_side_are_one_skill_each():
    """"`Rust` `Go` `Haskell`" under a skills heading: one skill per code span."""
    r = extract(_doc('''
        # Jane Roe

        ## Technical Skills

        ### Languages

        `Rust` `Go` `Haskell` `C++`

        ### Technologies

        Git, Vue, PostgreSQL.
        '''))
    assert r.skills == ["Rust", "Go", "Haskell", "C++", "Git", "Vue", "PostgreSQL"]


# --- volunteer roles ---------------------------------------------------------------------------
def test_mentor_and_volunteer_are_titles():
    """"### *Science Fair Mentor*" / "Ipsum Testing • Jul 2017": a mentor's or a volunteer's role
    is the entry's title, the line under it its organization and date."""
    r = extract(_doc('''
        # Jane Roe

        ## Volunteer Experience

        ### *Science Fair Mentor*

        Ipsum Testing • Jul 2017 – Aug 2017

        - Mentored students.

        ### *Open Day Volunteer*

        Dolor College • May 2016

        - Guided visitors.
        '''))
    got = [(p.title, p.organization, p.start) for p in r.positions]
    assert got == [("Science Fair Mentor", "Ipsum Testing", "2017-07"), ("Open Day Volunteer", "Dolor College", "2016-05")]


# --- "至今" right after a date -------------------------------------------------------------------
def test_cjk_to_this_day_right_after_the_date():
    """"2022年8月至今，研究员": "至今" ("to this day") follows the start date with no dash; the
    post goes on, and "至今" is no organization."""
    r = extract(_doc('''
        # 林晓风

        ## 工作经历
        - 2022年8月至今，研究员   
        [某某大学](https://example.org/) [统计系](https://example.org/s)    
        - 2021年12月 - 2022年7月， 研究助理  
        [某某城市大学](https://example.org/c)
        '''))
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions]
    assert got[0][:2] == ("研究员", "某某大学 统计系") and got[0][2:] == ("2022-08", None, True)
    assert got[1] == ("研究助理", "某某城市大学", "2021-12", "2022-07", False)


# --- an undated bold header over a line of the host and dates ----------------------------------
def test_line_under_undated_bold_header_dates_it():
    """"**Vice President – Lorem Sailing Club**" / "University of Ipsum (Oct 2024 – Present)": the
    plain line right under the bold header dates that entry; it opens no entry of its own.
    Treasurer and leader are titles."""
    r = extract(_doc('''
        # Jane Roe

        # Experience

        **Study Leader - Mathematics**  
        Dolor University (Feb 2023 – Feb 2024)  
        - Led sessions with groups of students.

        **Vice President – Lorem Sailing Club**  
        University of Ipsum (Oct 2024 – Present)  
        - Planned club events.

        **Treasurer – The Amet Fund**  
        Dolor University (Feb 2023 – Feb 2024)  
        - Managed the budget.
        '''))
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions]
    assert got == [("Study Leader", "Mathematics", "2023-02", "2024-02", False),
                   ("Vice President", "Lorem Sailing Club", "2024-10", None, True),
                   ("Treasurer", "The Amet Fund", "2023-02", "2024-02", False)]


# --- a project's "Website" link is no homepage -------------------------------------------------
def test_website_link_of_a_project_is_not_the_homepage():
    """"[Code](…) • [Website](…)" under a project names that project's site; the person's
    homepage is not taken from it."""
    r = extract(_doc('''
        # Jane Roe

        Lorem City, Canada • (555) 010-2030 • [jane.roe@example.org](mailto:jane.roe@example.org)

        ## Projects

        ### *Raffle Picker*

        Web App • Jun 2017 – Present

        [Code](https://github.com/example/raffle) • [Website](http://www.example.org/raffle/)

        - Picks winners at random.
        '''))
    assert r.person.homepage is None
    assert r.person.emails == ["jane.roe@example.org"]


# --- a visit set inside a bulleted education list ----------------------------------------------
def test_visiting_post_inside_an_education_item_is_a_position():
    """"- **Ph.D. in Economics**, 2024" / "  **Visiting Scholar**" / "  *Ipsum University*" /
    "  January 2023–April 2023": the visit is a post of its own; the next degree keeps its own
    institution. "Research Trainee" is a title."""
    r = extract(_doc('''
        # Jane Roe

        ## Work Experience

        - **Research Trainee**  
          *Dolor Central Bank*  
          June 2022–December 2022

        ## Education

        - **Ph.D. in Economics**, 2024  
          *University of Lorem*

          **Visiting Scholar**  
          *Ipsum University*  
          January 2023–April 2023

        - **M.Sc. in Economics**, 2019  
          *University of Dolor*
        '''))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D. in Economics", "University of Lorem", "2024"), ("M.Sc. in Economics", "University of Dolor", "2019")]
    got = [(p.title, p.organization, p.start, p.end) for p in r.positions]
    assert got == [("Research Trainee", "Dolor Central Bank", "2022-06", "2022-12"),
                   ("Visiting Scholar", "Ipsum University", "2023-01", "2023-04")]


# --- Chinese teaching roles over their courses -------------------------------------------------
def test_chinese_teaching_role_label_over_courses():
    """"- **助教**" (teaching assistant) over "&emsp; 课程名 (2018年秋季学期)" lines: the role of
    every course under it, no course of its own; "授课教师" (course teacher) likewise."""
    r = extract(_doc('''
        # 林晓风

        ## 教学经历
        - **助教**  
          某某大学硕士课程:  
            &emsp; 多元统计分析 (2018年秋季学期)  
            &emsp; 时间序列分析 (2019年春季学期)
        - **授课教师**  
          *统计学习导论*， 本科生讨论班，某某大学 (2019年秋季学期)
        '''))
    got = [(t.course, t.role) for t in r.teaching]
    assert got[:2] == [("多元统计分析", "助教"), ("时间序列分析", "助教")]
    assert got[2][1] == "授课教师" and got[2][0].startswith("统计学习导论")
    assert len(got) == 3


# --- "Organization: Unit" on the line under a role ---------------------------------------------
def test_organization_colon_unit_under_a_role():
    """"* Jun 2023-Present:Research Assistant" / "  * Lorem Business School: Applied Ipsum Lab":
    the organization, a colon, then its lab (a unit of it)."""
    r = extract(_doc('''
        # Jane Roe

        Work experience
        ======
        * Jun 2023-Present:Research Assistant 
          * Lorem Business School: Applied Ipsum Lab
          * Duties included:
            * Data cleaning.
        '''))
    got = [(p.title, p.organization, p.unit, p.start, p.current) for p in r.positions]
    assert got == [("Research Assistant", "Lorem Business School", "Applied Ipsum Lab", "2023-06", True)]


# --- a role that opens with a heading word ------------------------------------------------------
def test_role_opening_with_experience_is_no_heading():
    """"### *Experience Fair Volunteer*" under "## Volunteer Experience" is an entry's role (its
    last word a role), not a new "Experience" section; headings joining topics keep their kind."""
    assert classify_heading("Experience Fair Volunteer") is None
    assert classify_heading("Leadership and Volunteer") == "service"
    assert classify_heading("Experience as Coordinator") == "positions"
    r = extract(_doc('''
        # Jane Roe

        ## Volunteer Experience

        ### *Experience Fair Volunteer*

        Lorem College • May 2016 – Jun 2016

        - Guided visitors.
        '''))
    assert [(p.title, p.organization, p.start) for p in r.positions] == [
        ("Experience Fair Volunteer", "Lorem College", "2016-05")]


# --- an HTML card's link beside its dates -------------------------------------------------------
def test_card_link_beside_dates_leaves_the_dates():
    """An HTML card written into a Markdown page (org, role, date, then a link whose text is its
    address): the dates date the post; the link is no description."""
    r = extract(_doc('''
        ---
        layout: single
        ---

        <div class="cv-section">
          <h2 class="cv-section__title">Research Experience</h2>
          <div class="cv-entry">
            <div class="cv-entry__left">
              <p class="cv-entry__org">Lorem State University</p>
              <p class="cv-entry__role">Graduate Research Assistant</p>
              <p class="cv-entry__date">August 2022 – May 2025</p>
              <a class="cv-entry__link" href="https://www.example.edu/">https://www.example.edu/</a>
            </div>
            <div class="cv-entry__right">
              <ul>
                <li>Led research projects on ipsum.</li>
              </ul>
            </div>
          </div>
        </div>
        '''))
    got = [(p.title, p.organization, p.start, p.end, p.description) for p in r.positions]
    assert got == [("Graduate Research Assistant", "Lorem State University", "2022-08", "2025-05",
                    "Led research projects on ipsum.")]


# --- a town as the first item of a header line ---------------------------------------------------
def test_town_first_on_a_header_line_without_contacts():
    """"Lorem City, Canada • Open to relocation in May 2018" in the header (a line of no e-mail
    or link): its first item, a town and its country, is the person's location."""
    r = extract(_doc('''
        # Jane Roe

        Lorem City, Canada • Open to relocation in May 2018

        (555) 010-2030 • [jane.roe@example.org](mailto:jane.roe@example.org)

        ## Education

        - BSc, Lorem University, 2018
        '''))
    assert r.person.location == "Lorem City, Canada"
