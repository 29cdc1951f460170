"""Session 22 (gold pass, Markdown): Markdown CV pages sampled from researchers' GitHub Pages sites
(_pages/cv.md, cv.md, CV.md, _pages/resume.md, resume.md) were read against a careful reading (a
gold record per CV) and scored field by field. Each test is an invented snippet in the shape of an
error found there; names, titles, venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- a chat assistant's citation markers are no content -------------------------------------
def test_chat_citation_markers_are_dropped():
    """A CV drafted with a chat assistant keeps its citation markers
    (":contentReference[oaicite:7]{index=7}") at the end of each item: they are no part of the
    award, the skill or the date before them."""
    r = extract(_doc('''
        ## Awards
        - **Lorem Research Fellowship** (2025). :contentReference[oaicite:17]{index=17}  
        - **Ipsum Best Poster Award** (2023). :contentReference[oaicite:18]{index=18}  

        ## Technical Skills
        - Programming: Python, Julia, LaTeX :contentReference[oaicite:20]{index=20}  
        - Laboratory: spin coating, optical alignment :contentReference[oaicite:21]{index=21}  
        '''))
    assert [(a.name, a.year) for a in r.awards] == [("Lorem Research Fellowship", "2025"),
                                                    ("Ipsum Best Poster Award", "2023")]
    assert {"LaTeX", "optical alignment", "spin coating"} <= set(r.skills)
    assert not any("oaicite" in s or "contentReference" in s for s in r.skills)


# --- service: a role label over the venues listed under it ----------------------------------
def test_role_label_over_nested_venue_lists():
    """"* **Journal Reviewer**:" / "  - A, B, C, etc." and "* **Conference PC**:" / "  - X, Y":
    a label naming a role over a nested list of venues gives one entry per venue with that role;
    a note in brackets ("(Secondary Reviewer)") and a closing "etc." are no venues. A label over
    items that name their own roles ("Session Chair for …") gives no entry of its own."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Academic Service
        * **Conference Chair**:
          - Session (Graph Learning) Chair for LOREMCONF 2022
          - Publication Chair for IPSUMCONF 2023
        * **Journal Reviewer**: 
          - TLOR, Ipsum Letters, Dolor Science Review (Secondary Reviewer), Computer Speech & Sound, etc. 
        * **Conference PC**: 
          - LOREMCONF, IPSUMCONF, JIST/ABC.
        '''))
    got = [(s.role, s.organization) for s in r.service]
    assert got == [
        ("Session (Graph Learning) Chair", "LOREMCONF"), ("Publication Chair", "IPSUMCONF"),
        ("Journal Reviewer", "TLOR"), ("Journal Reviewer", "Ipsum Letters"), ("Journal Reviewer", "Dolor Science Review"),
        ("Journal Reviewer", "Computer Speech & Sound"),
        ("Conference PC", "LOREMCONF"), ("Conference PC", "IPSUMCONF"), ("Conference PC", "JIST/ABC")]


def test_reviewing_label_over_venues_with_years():
    """"* Conference Reviewing" / "  * Neural Lorem Systems (NLS) - 2021, 2022": under a label
    naming the activity, each nested line is a venue reviewed for (the reviewer's role) with the
    years after its dash."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Professional Services
        ======
        * Conference Reviewing
          * Neural Lorem Systems (NLS) - 2021, 2022
          * Conference on Ipsum Intelligence(CII) - 2020, 2021.
          * Dolor Control Letters (D-CL)- 2020.

        * Journal Reviewing
          * Lorem Journal on Optimization - 2019, 2021
        '''))
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert got == [("Reviewer", "Neural Lorem Systems (NLS)", "2021, 2022"),
                   ("Reviewer", "Conference on Ipsum Intelligence(CII)", "2020, 2021"),
                   ("Reviewer", "Dolor Control Letters (D-CL)", "2020"),
                   ("Reviewer", "Lorem Journal on Optimization", "2019, 2021")]


def test_referee_label_over_a_journal_on_the_next_line():
    """"* Referee:" with the journal on the line under it, in a service list: the role held for
    that journal (a "Referees" heading elsewhere names people who recommend the subject)."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Service
        ======
        * Referee:
        Journal of Lorem Behavior and Ipsum
        '''))
    assert [(s.role, s.organization) for s in r.service] == [("Referee", "Journal of Lorem Behavior and Ipsum")]


def test_reviewer_for_venues_with_counts():
    """"Reviewer for Lorem Letters (5 times), Ipsum (2 time), PLOS DOLOR (1 time)": one entry per
    venue; how often the subject reviewed for it is no part of its name."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Service and leadership
        * Reviewer for Lorem Research Letters (5 times), Ipsumfera (2 time), Dolor (1 time), PLOS DOLOR (1 time)
        '''))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Lorem Research Letters"), ("Reviewer", "Ipsumfera"), ("Reviewer", "Dolor"), ("Reviewer", "PLOS DOLOR")]


# --- nested bullets under an award or a course are its details ------------------------------
def test_nested_lines_under_a_dated_award_are_details():
    """"* Lorem Travel Award, 2019" / "  * Conference on Ipsum Systems": the nested bullets under a
    dated award say who gave it and why; they are no awards. A nested bullet with a year of its own
    under an undated group label stays an award (the label is none)."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Awards
        ======
        * Lorem Outstanding Reviewer Award, 2021
          * Given to the best 5% of referees
          * Conference on Ipsum Information Systems
        * 2nd place out of 10+ teams, 2012
          * Dolor Coding Challenge, LOREMSOC
        * Programming contests
          * Ipsum National Contest, 2010
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Outstanding Reviewer Award", "2021"), ("2nd place out of 10+ teams", "2012"),
        ("Ipsum National Contest", "2010")]


def test_nested_term_line_under_a_course():
    """"* Lorem Algorithms, Teaching Assistant" / "  * Spring 2014 - Fall 2015, CS department of
    Lorem": a nested line that opens on a term gives the course above its term and place; it is
    no course."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Teaching
        ======
        * Lorem Algorithms, Teaching Assistant
          * Spring 2014 - Fall 2015, CS department of Lorem
        * Ipsum Networking, Teaching Assistant
          * Fall 2013, CS department of Lorem
        '''))
    assert [(t.course, t.role, t.term, t.institution) for t in r.teaching] == [
        ("Lorem Algorithms", "Teaching Assistant", "Spring 2014 - Fall 2015", "CS department of Lorem"),
        ("Ipsum Networking", "Teaching Assistant", "Fall 2013", "CS department of Lorem")]


# --- education: a school of a university named before it -----------------------------------
def test_school_named_before_its_university():
    """"B.A. in Ipsum Studies, Lorem School of Dolor , Ipsum University, 2019": the school is a
    unit of the university named after it, which conferred the degree; a school standing alone
    ("Dolor School of Economics, Springfield") stays the institution."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Education
        ======
        * Ph.D. in Lorem Studies, School of Lorem and Ipsum Policy, Ipsum University, 2024 (expected)
        * B.A. in Ipsum Studies, Lorem School of Dolor , Ipsum University, 2019
        * B.S. in Physics, Faculty of Science, University of Dolor, Springfield, 2015
        * M.Sc. in Finance, Dolor School of Economics, Springfield, 2017
        '''))
    assert [(e.degree, e.institution) for e in r.education] == [
        ("Ph.D. in Lorem Studies", "Ipsum University"), ("B.A. in Ipsum Studies", "Ipsum University"),
        ("B.S. in Physics", "University of Dolor"), ("M.Sc. in Finance", "Dolor School of Economics")]


# --- talks: conference participation, and presentations listed with the papers --------------
def test_conference_participation_lists_talks_named_by_their_event():
    """"## Conference Participation (selected)" / "- **Lorem Fall Meeting**, Springfield, USA —
    Oral presentation (Dec 2024)": talks given; the line names the event and its place, then only
    the kind of talk, so the event stands for the title. (The bold event is no subject's name.)"""
    r = extract(_doc('''
        ## Education
        - **Ph.D., Lorem Science**, Ipsum University, Springfield (2020 – 2025)

        ## Conference Participation (selected)
        - **Lorem Fall Meeting**, Springfield, USA — Oral presentation (Dec 2024).
        - **LMC21**, Dolor City, Ruritania — Poster presentation (Sep 2023).
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Lorem Fall Meeting", "Lorem Fall Meeting, Springfield, USA", "2024-12"),
        ("LMC21", "LMC21, Dolor City, Ruritania", "2023-09")]
    assert r.publications == []
    assert r.person.name != "Lorem Fall Meeting"


def test_publications_and_presentations_keep_papers_and_split_off_talks():
    """"## Publications & presentations": the papers are papers (authors, title, venue); an entry
    with no authors whose title runs on into posters or an event and its year is a talk. A
    "[Lorem page](url)" link after the venue is a link's label, no part of the venue."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Publications & presentations

        - Ben Roe, **Ana Loremsdottir**, Cy Poe. *Tiling the Sphere: Learnable Lorem Partitions for Ipsum Encoding.* LCCV 2026. [arXiv](https://arxiv.org/abs/2606.00001) · [code](https://example.org/c) · [LCCV page](https://example.org/p)
        - **Ana Loremsdottir** et al. *Dolor: Descent Informed by Ipsum Estimation.* Under review, 2026.
        - *A Low-cost Timing System for Training Lorem Animals on Ipsum Tasks.* Posters, LfN 2019 (Springfield) and DOLORCON 2019 (Shelbyville).
        - Early survey of volunteer dropout across lorem health studies. LAGG 2017 World Congress.
        '''))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Tiling the Sphere: Learnable Lorem Partitions for Ipsum Encoding", "LCCV", "2026"),
        ("Dolor: Descent Informed by Ipsum Estimation", None, "2026")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("A Low-cost Timing System for Training Lorem Animals on Ipsum Tasks",
         "LfN 2019 (Springfield) and DOLORCON 2019 (Shelbyville)", "2019"),
        ("Early survey of volunteer dropout across lorem health studies", "LAGG 2017 World Congress", "2017")]


def test_publisher_before_the_journal_is_not_the_venue():
    """"Lorem-Science Publishing, Journal of Ipsum and Computational Dolor, Volume 7, Number 4,
    December 2013": the publisher named before the journal is no part of its name."""
    r = extract(_doc('''
        #### Ana Loremsdottir

        ### Publications
        1. Roe B., Loremsdottir A. “On the Lorem Scenario Implementation Using a Discrete Ipsum Simulator”. Lorem-Science Publishing, Journal of Ipsum and Computational Dolor, Volume 7, Number 4, December 2013.
        '''))
    assert [(p.venue, p.year) for p in r.publications] == [("Journal of Ipsum and Computational Dolor", "2013")]


# --- positions ------------------------------------------------------------------------------
def test_professor_in_brackets_after_the_organization_is_a_mentor():
    """"- **Ph.D. Student**, LRMU (Prof. Ann Roe) (Summer 2020 – Fall 2025)": the person in
    brackets after the organization is the one the subject worked with, no part of its name."""
    r = extract(_doc('''
        ## Research & Teaching Experience
        - **Postdoctoral Researcher**, Ipsum Institute of Technology (Prof. Ben A. Poe), Springfield, USA (Fall 2026 – Present).
        - **Ph.D. Student**, LRMU (Prof. Ann Roe) (Summer 2020 – Fall 2025).
        '''))
    assert [(p.title, p.organization, p.mentors) for p in r.positions] == [
        ("Postdoctoral Researcher", "Ipsum Institute of Technology", ["Ben A. Poe"]),
        ("Ph.D. Student", "LRMU", ["Ann Roe"])]


def test_nested_role_at_unit_under_a_dated_organization():
    """"* **10/2022 -- Present, Lorem University**" / "  - Research Fellow at School of Computing,
    Lorem Department": under a dated organization with no role, a nested "Role at Unit" line names
    the role and its unit; the focus line under it is a detail."""
    r = extract(_doc('''
        # Ana Loremsdottir

        <font color=RoyalBlue size=4><b>Experience</b></font>
        * **10/2022 -- Present, Lorem University**
          - Research Fellow at School of Computing, Ipsum Department
          - Focus on: Lorem Reasoning, Ipsum Graphs
        * **05/2018 -- 06/2022, Dolor Group**
          - Research Intern at Retail Lorem Business Group
        '''))
    assert [(p.title, p.organization, p.unit, p.start, p.end) for p in r.positions] == [
        ("Research Fellow", "Lorem University", "School of Computing, Ipsum Department", "2022-10", None),
        ("Research Intern", "Dolor Group", "Retail Lorem Business Group", "2018-05", "2022-06")]


def test_dated_sentence_nested_under_a_post_describes_it():
    """"* **Lorem Consulting**" / "  * Associate (March 2018 - September 2019)" / "    * Joined first as
    a summer trainee working on … (March 2018 - August 2018).": a sentence nested
    under a post is its description, though it carries dates; no post of its own."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Work experience
        ------

        * **Lorem Consulting**
          * Associate (March 2018 - September 2019)
            * Joined first as a summer trainee working on ipsum tooling for dolor rules (March 2018 - August 2018).
            * Supported the lorem account managers with budgets.
        * **Ipsum Labs**
          * Junior Security Specialist (August 2016 - December 2017)
            * Began as a trainee rolling out the lorem standard for the firm (August 2016 - January 2017).
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Associate", "Lorem Consulting", "2018-03", "2019-09"),
        ("Junior Security Specialist", "Ipsum Labs", "2016-08", "2017-12")]


def test_earlier_research_heading_and_bold_head_before_prose():
    """"## Earlier research" lists research posts; "- **Research Fellow, Lorem Lab (ipsum science),
    University of Dolor**, May 2019 – May 2021. Built a …": the bold head and its dates are the
    post, the sentences after the full stop describe it."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Earlier research

        - **Research Fellow, Lorem Lab (ipsum science), University of Dolor**, May 2019 – May 2021. Built a low-cost timing board for lorem experiments. Analysed 3 TB of ipsum recordings.
        - **Research Assistant, Ipsum Lab (dolor science), University of Dolor**, Aug 2017 – Apr 2019. Lorem simulation software; ipsum imaging.
        '''))
    assert [(p.title, p.unit, p.organization, p.start, p.end) for p in r.positions] == [
        ("Research Fellow", "Lorem Lab (ipsum science)", "University of Dolor", "2019-05", "2021-05"),
        ("Research Assistant", "Ipsum Lab (dolor science)", "University of Dolor", "2017-08", "2019-04")]


# --- degrees, events, notes on an organization, dates in emphasis ---------------------------
def test_honours_bachelor_and_post_graduate_program_are_degrees():
    """"HBSc. in Lorem Informatics, University of Lorem, 2020 - 2024" (an honours bachelor, as
    Canadian universities write it) and "Post Graduate Program in Lorem Analytics: Ipsum Applications,
    Lorem School of Business, UT Ipsum" name degrees: their institutions are read after them."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Education

        - **Post Graduate Program in Lorem Analytics: Ipsum Applications**, Lorem School of Business, UT Ipsum, Mar – Nov 2024.
        - HBSc. in Lorem Informatics and Ipsum Biology, University of Lorem, 2020 - 2024
        '''))
    assert [(e.degree, e.level, e.institution) for e in r.education] == [
        ("Post Graduate Program in Lorem Analytics: Ipsum Applications", "other", "Lorem School of Business"),
        ("HBSc. in Lorem Informatics and Ipsum Biology", "bachelor", "University of Lorem")]


def test_a_talk_line_naming_only_the_event_gives_the_host():
    """"* 2022:" / "8th Annual Lorem: Theory and Ipsum (LTI) Conference": the line names only the
    event presented at; it is the talk's host (and stands for its title). A talk title with an
    event word late in a sentence keeps no host it does not name."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Conference Presentations
        ======
        * 2022:
        8th Annual Lorem: Theory and Ipsum (LTI) Conference
        * 2023:
        Dolor International Workshop on Microlorem: Empirics, Experiments and Theory (DIWM)
        * 2024:
        What lorem ipsum tells us about dolor sit amet and the consectetur workshop
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("8th Annual Lorem: Theory and Ipsum (LTI) Conference", "8th Annual Lorem: Theory and Ipsum (LTI) Conference", "2022"),
        ("Dolor International Workshop on Microlorem: Empirics, Experiments and Theory (DIWM)",
         "Dolor International Workshop on Microlorem: Empirics, Experiments and Theory (DIWM)", "2023"),
        ("What lorem ipsum tells us about dolor sit amet and the consectetur workshop", None, "2024")]


def test_heading_entry_dated_by_an_emphasised_line_with_a_note():
    """"### Research Associate — Lorem Lab, Ipsum University" / "*Nov 2025 – present* (a note).
    Advisor: …": the emphasised dates opening the line under the heading date the post; a note in
    lower-case words after the organization's name ("(a strategy consultancy)") describes it."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Experience

        ### Research Associate — Lorem Vision Lab, Ipsum University
        *Nov 2025 – present* (visiting student at first; staff after the degree). Advisor: Ben Roe.

        - Built a lorem encoder.

        ### Chief Scientist — 1234 Dolor Partners (a lorem strategy consultancy)
        *May 2026 – present*

        - Lead the data practice.
        '''))
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Research Associate", "Lorem Vision Lab, Ipsum University", "2025-11", True),
        ("Chief Scientist", "1234 Dolor Partners", "2026-05", True)]


def test_bold_role_first_then_where_it_was_held():
    """"- **Mentor**, LRMU Academy Summer Program (Summer 2025)" and "- **Directed Research**, LRMU
    (Prof. Ann Roe) (Fall 2019)": a bold head naming no organization, then one that does (its
    words, or an acronym): the role, then where; "Research" alone makes no organization."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Research & Teaching Experience
        - **Mentor**, LRMU Academy Summer Program (Summer 2025).
        - **Directed Research**, LRMU (Prof. Ann Roe) (Fall 2019).
        - **Lorem Analytics**, Data Analyst (2018).
        '''))
    assert [(p.title, p.organization, p.mentors) for p in r.positions][:2] == [
        ("Mentor", "LRMU Academy Summer Program", []), ("Directed Research", "LRMU", ["Ann Roe"])]
    assert r.positions[2].organization == "Lorem Analytics"


def test_colocated_note_is_not_part_of_the_venue():
    """"Publication Chair for LOREMCONF 2023 (collocated with IPSUMCONF 2023)": where the venue was
    held is no part of its name."""
    r = extract(_doc('''
        # Ana Loremsdottir

        ## Academic Service
        * **Conference Chair**:
          - Publication Chair for LOREMCONF 2023 (collocated with IPSUMCONF 2023)
          - Web Chair for DOLORCONF 2021 (co-located with IPSUMCONF 2021)
        '''))
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Publication Chair", "LOREMCONF", "2023"), ("Web Chair", "DOLORCONF", "2021")]


def test_research_project_over_its_lab_and_dates():
    """"* Deciphering lorem regulation with ipsum models" / "  * Roe Laboratory, University of Lorem" /
    "  * 2022/04 - 2023/08, Advisor: Dr. Ann Roe" / "  * Processed …": a project named by a top-level
    item, the lab and the dates nested under it: a post at that lab, so dated, the advisor its
    mentor; the project's name describes it."""
    r = extract(_doc('''
        # Ana Loremsdottir

        Research experience
        ======
        * Deciphering lorem regulation with interpretable ipsum models
          * Roe Laboratory, University of Lorem
          * 2022/04 - 2023/08, Advisor: Dr. Ann Roe
          * Processed the dolor data at sit amet level

        * Finding ipsum driver genes with lorem networks
          * Poe Laboratory, University of Lorem
          * 2023/09 - 2024/08, Advisor: Dr. Ben Poe
        '''))
    assert [(p.organization, p.start, p.end, p.mentors) for p in r.positions] == [
        ("Roe Laboratory", "2022-04", "2023-08", ["Ann Roe"]), ("Poe Laboratory", "2023-09", "2024-08", ["Ben Poe"])]
    assert "Deciphering lorem regulation" in (r.positions[0].description or "")
