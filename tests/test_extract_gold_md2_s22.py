"""Session 22 (gold pass, lightweight markup other than Jekyll pages): Quarto and R Markdown
pages, Hugo ``content/cv.md`` pages, README/CV.md files of "cv" repositories, Emacs Org and
reStructuredText CVs sampled from researchers' GitHub repositories were read against a careful
reading (a gold record per CV) and scored field by field. Each test is an invented snippet in
the shape of an error found there; names, titles, venues and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _read(tmp_path, text: str, name: str):
    """The file as the reader converts it (Org and rST become Markdown-shaped text)."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return read_document(path)


# --- bold group labels inside a skills section ------------------------------------------------
def test_bold_labels_in_a_skills_section_group_skills():
    """Under "## Skills", "**Writing:**" over a line of skills labels a group of the skills; it
    opens no "Writing" section (which would read the skills as publications)."""
    r = extract(_doc('''
        # Mira Quillon

        ## Skills

        **Statistics:**\\
        - Data cleaning, logistic regression, survival curves

        **Writing:**\\
        - APA 7, grant drafting, plain summaries

        **Communication:**\\
        - Public speaking, poster design

        ## Experience

        **Lorem Learning Centre**\\
        *Data Tutor*\\
        June 2021 – Present
        ''', name="cv.qmd"))
    assert not r.publications
    assert r.skills == ["Data cleaning", "logistic regression", "survival curves", "APA 7", "grant drafting",
                        "plain summaries", "Public speaking", "poster design"]
    assert [(p.title, p.organization, p.start) for p in r.positions] == [("Data Tutor", "Lorem Learning Centre",
                                                                        "2021-06")]


# --- reStructuredText field lists written as entries ----------------------------------------
def test_rst_field_lists_as_entries(tmp_path):
    """An rST CV that writes each post as a field list (":Job Title:" / ":Company:" / ":Date:",
    a value on the field's line or indented under it, the labels in any order, a transition
    between posts) gives one post per list; its other fields are details, not posts."""
    r = extract(_read(tmp_path, '''
        Mira Quillon
        ============

        Experience
        ==========
        ==========

        :Job Title: Junior Platform Engineer
        :Company: Lorem Systems BV, Netherlands
        :Date: Mar 2019 – Present
        :Description:
            * Kept the build servers running.
            * Wrote deployment scripts.

        :Job Title:
            Support Technician
        :Date:
            June 2016 - May 2018
        :Company:
            Ipsum Consulting GmbH, Austria
        :Technologies:
            Linux, PostgreSQL

        ....................................................

        Education
        =========

        :University:
          Dolor Technical University
        :Title:
          Bachelor (Bc.)
        :Year:
          2012-2015
        ''', "cv.rst"))
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Junior Platform Engineer", "Lorem Systems BV", "2019-03", None, True),
        ("Support Technician", "Ipsum Consulting GmbH", "2016-06", "2018-05", False)]
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Bachelor", "Dolor Technical University", "2012", "2015")]


def test_rst_field_list_of_languages_stays_as_it_is(tmp_path):
    """A field list with no entry labels (":Czech: native") is read as before: label, value."""
    r = extract(_read(tmp_path, '''
        Oren Vasquel
        ============

        Languages
        ---------

        :Czech:   Mother tongue
        :English: Fluent
        :Slovak:  Full understanding
        :Dutch:   learning
        ''', "cv.rst"))
    assert r.languages == ["Czech", "English", "Slovak", "Dutch"]


# --- a language and its level -------------------------------------------------------------
def test_language_with_a_level_of_its_own_words():
    """"Language: level", "Language - level" or "Language (certificate)": the language, whatever
    words the level is written in ("learning", "full understanding", "CET6")."""
    r = extract(_doc('''
        # Oren Vasquel

        ## Languages

        - Portuguese: learning
        - Italian - Full understanding
        - English (CET6)
        '''))
    assert r.languages == ["Portuguese", "Italian", "English"]


# --- French section headings; rST definition lists under a year ------------------------------
def test_french_talks_and_teaching_headings_and_year_definitions(tmp_path):
    """"Communications scientifiques" / "Communications orales" / "Communications par affiche"
    head talks and "Enseignement et encadrement" teaching; in an rST definition list a year over
    several paragraphs dates each paragraph (each one item of that year)."""
    r = extract(_read(tmp_path, '''
        ================
        Curriculum Vitæ
        ================

        | **Lise MARVAUD**
        | E-mail: lise.marvaud@example.org

        ---------------------------
        Enseignement et encadrement
        ---------------------------

        2011-2012
            **Vacations** à l'Université Lorem :

            - TD de thermodynamique, niveau L2 (30 heures)

        ----------------------------
        Communications scientifiques
        ----------------------------

        Communications orales
        =====================

        2015
            Colloque Ipsum, Lyon, France : *Dynamique des verres de spin en champ faible.*

            Journées Dolor, Paris, France : *Relaxation lente dans les milieux poreux.*

        2013
            Congrès Sitamet, Nantes, France : *Modèles réduits de la diffusion.*
        ''', "cv.rst"))
    assert [(t.title, t.date) for t in r.talks] == [
        ("Dynamique des verres de spin en champ faible", "2015"),
        ("Relaxation lente dans les milieux poreux", "2015"),
        ("Modèles réduits de la diffusion", "2013")]
    assert [t.course for t in r.teaching] == ["TD de thermodynamique, niveau L2 (30 heures)"]


# --- a title with "and" before its colon; CommonMark bracketed link addresses ----------------
def test_title_with_hyphenated_words_before_its_colon_is_no_author_list():
    """"Agentic Lorem and Human-in-the-Loop Ipsum: Field Evidence …" over its authors' line: the
    words before the colon are the title's (a name has no hyphen before a small word), and the
    "[Paper PDF](<papers/A Title.pdf>)" link under it, its address in angle brackets, is no paper."""
    r = extract(_doc('''
        # Mira Quillon

        ## Working Papers

        #### Agentic Lorem and Human-in-the-Loop Ipsum: Field Evidence from Dolor's Service Desks

        Tom Reyes\\*, **Mira Quillon**\\*, and Ann Lo.

        [Paper PDF](<papers/Agentic Lorem and Human-in-the-Loop Ipsum_final.pdf>)

        #### Front-office and Back-office Shifts: Measuring the Cost of Queue Length

        **Mira Quillon**, Tom Reyes, and Ann Lo.

        [Paper PDF](<papers/Front office effort.pdf>)
        ''', name="cv.qmd"))
    assert [(p.title, [a.name for a in p.authors]) for p in r.publications] == [
        ("Agentic Lorem and Human-in-the-Loop Ipsum: Field Evidence from Dolor's Service Desks",
         ["Tom Reyes", "Mira Quillon", "Ann Lo"]),
        ("Front-office and Back-office Shifts: Measuring the Cost of Queue Length",
         ["Mira Quillon", "Tom Reyes", "Ann Lo"])]


# --- "Teaching Assistant for A, B, and C." ----------------------------------------------------
def test_role_for_a_list_of_courses():
    """One sentence naming the role and the courses it was held for gives one course each."""
    r = extract(_doc('''
        # Mira Quillon

        ## Teaching

        Teaching Assistant for Queueing Theory, Data-Driven Pricing, Microeconomics, and Principles and Methods of Lorem.
        '''))
    assert [(t.course, t.role) for t in r.teaching] == [
        ("Queueing Theory", "Teaching Assistant"), ("Data-Driven Pricing", "Teaching Assistant"),
        ("Microeconomics", "Teaching Assistant"), ("Principles and Methods of Lorem", "Teaching Assistant")]


# --- Org: raw HTML lines, task headings with no body; a role sub-heading is an entry ----------
def test_org_html_lines_and_empty_task_headings(tmp_path):
    """An Org CV laid out for HTML export: "#+HTML: <h2>Skills</h2>" is a heading of the page,
    and "* TODO Put links here" over nothing but the next heading is a note to self, no section
    (here it would have taken the skills under it)."""
    r = extract(_read(tmp_path, '''
        #+TITLE: Ravi Ondaatje
        #+OPTIONS: toc:nil num:nil
        #+HTML_HEAD: <link rel="stylesheet" type="text/css" href="cv.css" />

        #+HTML: <aside>
        #+HTML: <h1 id="name">Ravi Ondaatje</h1>
        Lorem City, India
        ravi.ondaatje@example.org
        * TODO Put links here
        #+HTML: <h2>Skills</h2>
        - Elm
        - PostgreSQL
        - Rust
        * TODO List more skills
        #+HTML: </aside>

        * Summary
        A developer who likes small tools.
        * TODO Polish summary
        * Education
        ** Ipsum Institute of Technology, Lorem City
        Bachelor of Technology, Electrical Engineering
        2016-2020
        ''', "cv.org"))
    assert r.skills == ["Elm", "PostgreSQL", "Rust"]
    assert [(e.institution, e.start, e.end) for e in r.education] == [("Ipsum Institute of Technology", "2016", "2020")]


def test_role_sub_heading_under_experience_is_an_entry():
    """"### Web Developer" under "## Experience" is a post (a role's words), no "Web" contact
    section."""
    r = extract(_doc('''
        # Ravi Ondaatje

        ## Experience

        ### Web Developer

        Lorem Solutions Pvt. Ltd., Sep 2018 – Jan 2020

        ### Data Analyst

        Ipsum Retail, Mar 2016 – Aug 2018
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Web Developer", "Lorem Solutions Pvt. Ltd.", "2018-09", "2020-01"),
        ("Data Analyst", "Ipsum Retail", "2016-03", "2018-08")]


# --- HTML cards in R Markdown: the date column before the heading; the page footer -----------
def test_date_column_before_each_heading():
    """"<div class="when">2024 — 2026</div>" before "<h4>MSPH, Biostatistics</h4>": where a
    section opens with a date over its first heading, each date belongs to the heading under it
    (not to the entry above); a footer's "© 2026 Name" and address are no skills."""
    r = extract(_doc('''
        ---
        title: "CV"
        ---

        <div class="cv-grid">
        <div class="mono">Education</div>
        <div class="cv-block">
        <div class="cv-entry">
        <div class="when">2024 — 2026</div>
        <div class="what">
        <h4>MSPH, Biostatistics</h4>
        <div class="where">Lorem School of Public Health, Ipsum University</div>
        <p>Coursework: survival analysis, trial design.</p>
        </div>
        </div>
        <div class="cv-entry">
        <div class="when">2020 — 2024</div>
        <div class="what">
        <h4>BS, Applied Mathematics</h4>
        <div class="where">Ipsum University</div>
        </div>
        </div>
        </div>
        </div>

        <div class="cv-grid">
        <div class="mono">Experience</div>
        <div class="cv-block">
        <div class="cv-entry">
        <div class="when">Aug — Dec 2025</div>
        <div class="what">
        <h4>Clinical Data Analyst</h4>
        <div class="where">Dolor Healthcare · Springfield</div>
        </div>
        </div>
        <div class="cv-entry">
        <div class="when">Jun 2023 — May 2024</div>
        <div class="what">
        <h4>Research Assistant</h4>
        <div class="where">Lorem School of Public Health, Ipsum University</div>
        </div>
        </div>
        </div>
        </div>

        <div class="cv-grid">
        <div class="mono">Skills</div>
        <div class="cv-block">
        <div class="what"><p>R, SAS, Python.</p></div>
        </div>
        </div>

        <footer class="footer">
        <span>© 2026 Kai Lindqvist</span>
        <span>kai.lindqvist@example.org</span>
        </footer>
        ''', name="cv.Rmd"))
    assert [(e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("MSPH", "Biostatistics", "2024", "2026"), ("BS", "Applied Mathematics", "2020", "2024")]
    assert [(p.title, p.start, p.end) for p in r.positions] == [
        ("Clinical Data Analyst", "2025-08", "2025-12"), ("Research Assistant", "2023-06", "2024-05")]
    assert r.skills == ["R", "SAS", "Python"]


# --- a table an R document printed ------------------------------------------------------------
def test_r_printed_table_missing_values():
    """knitr's pipe table ("| what | when | with |" over "| :--- | :--- |", spaces before the
    pipes): the row of column names is no entry, "NA" is a missing value and "2018 - NA" a
    period with no end."""
    r = extract(_doc('''
        # Employment

        | what                | when        | with              | where   |
        | :------------------ | :---------- | :---------------- | :------ |
        | Junior researcher   | 2018 - NA   | Lorem Crop Labs   | Ghent   |
        | Technician          | 2015 - 2016 | Ipsum Agro        | NA      |
        ''', name="README.md"))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Junior researcher", "Lorem Crop Labs", "2018", None), ("Technician", "Ipsum Agro", "2015", "2016")]


# --- Org description lists: dashes, emphasis over joined lines; service under teaching ----------
def test_org_description_list_cv(tmp_path):
    """"- 2018--2021 :: BA …" (Org's "--" an en dash), emphasis running over a paragraph's
    source lines ("/15th Annual Lorem\\n Conference/") is dropped once they are joined, and
    "Session chair at …" / "Submission review for …" under "Teaching & Academic Service" are
    service, the outreach lecture teaching."""
    r = extract(_read(tmp_path, '''
        #+TITLE: Wren Castellan
        #+AUTHOR: Wren Castellan
        #+OPTIONS: toc:nil num:nil

        * Education
        - 2017--2020 :: BA Classics, University of Lorem
        - 2020--2021 :: MPhil Classics, University of Ipsum

        * Teaching & Academic Service
        - 2021 :: Session chair at /9th Annual Ipsum Graduate Conference
          in Ancient Philosophy/
        - 2022 :: Submission review for Dolor Undergraduate Classics
          Journal
        ''', "cv.org"))
    assert [(e.level, e.institution, e.start, e.end) for e in r.education] == [
        ("bachelor", "University of Lorem", "2017", "2020"), ("master", "University of Ipsum", "2020", "2021")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Session chair", "9th Annual Ipsum Graduate Conference in Ancient Philosophy", "2021"),
        ("Submission review", "Dolor Undergraduate Classics Journal", "2022")]
    assert not r.teaching


def test_done_sentences_under_a_service_entry_are_no_roles():
    """"**Society Secretary** — Lorem College, Apr 2023" over "- Hosted workshops on …": the
    bullets tell what was done in the role, they are no roles of their own (a bullet that
    names a role, "- Chaired the …", stays one)."""
    r = extract(_doc('''
        # Nell Ashgrove

        ## Memberships & Affiliations

        **Debate Society Secretary** — Lorem College, Apr 2023\\
        - Hosted workshops on essay writing, grants, and interviews\\
        - Planned a speaker series with visiting scholars

        **Ipsum Reading Circle** — Dolor University, Dec 2022\\
        - Chaired the monthly meetings of the circle
        '''))
    assert [(s.role, s.organization, s.period) for s in r.service][:2] == [
        ("Debate Society Secretary — Lorem College", None, "Apr 2023"),
        ("Member", "Ipsum Reading Circle — Dolor University", "Dec 2022")]
    assert len(r.service) == 3 and "Chaired" in (r.service[2].organization or r.service[2].role)


# --- Quarto icon shortcodes as bullets ------------------------------------------------------
def test_icon_shortcode_opening_a_line_is_a_bullet():
    """"{{< fa solid check >}} Segmentation des clients <br>" under a post: the icon marks a
    list item (what was done), not a post of its own."""
    r = extract(_doc('''
        ---
        title: "Data Scientist"
        ---

        ## Expériences professionnelles

        ### Senior Data Scientist

        ***Lorem & Fils*** [10/2022 -- Aujourd'hui]{.cvdate} <br>

        {{< fa solid check size=Small >}} Segmentation comportementale des clients <br>
        {{< fa solid check size=Small >}} Reporting automatique des ventes <br>

        ### Data Analyst

        ***Ipsum Télécom*** [03/2015 -- 07/2015]{.cvdate} <br>

        {{< fa solid check size=Small >}} Modélisation de la valeur client <br>
        ''', name="cv.qmd"))
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Senior Data Scientist", "Lorem & Fils", "2022-10", None, True),
        ("Data Analyst", "Ipsum Télécom", "2015-03", "2015-07", False)]


# --- authors written initials first with no stops ---------------------------------------------
def test_initial_a_in_an_initials_first_author_list():
    """"G Roe, N Poe-Lind, A Quist, P Moe. *Title.* Journal." (initials first, no stops): "A
    Quist" is an author, not the article "A" opening the title; a list may open with one."""
    r = extract(_doc('''
        # Gaspard Roe

        ## Publications

        - G Roe, N Poe-Lind, D Amsel-Kirch, A Quist, P Moe, TE Corbel. *Slow motions of a lorem receptor
          traced with recurrent grids.* Journal of Ipsum Modeling. 12(3), 101-117.
        - A Orsini, G Roe, J-M Varlet. *Grouping of binding modes with grids.* Dolor Informatics.
          8(2), 17-29.
        '''))
    assert [(p.title, [a.name for a in p.authors]) for p in r.publications] == [
        ("Slow motions of a lorem receptor traced with recurrent grids",
         ["G Roe", "N Poe-Lind", "D Amsel-Kirch", "A Quist", "P Moe", "TE Corbel"]),
        ("Grouping of binding modes with grids", ["A Orsini", "G Roe", "J-M Varlet"])]


def test_event_then_emphasised_title_talks():
    """"Poster JFLX : *Title.*" (the kind of talk first), "Congrès Lorem, Spectro : un atelier VII :
    *Title.*" (a colon inside the event) and "École d'hiver Ipsum. *Title.* (url)" (a full stop
    before the title, its page after it): the event, then the emphasised title."""
    r = extract(_doc('''
        # Lise Marvaud

        ## Communications orales

        2013 École d'hiver Ipsum Bioinformatics. *Determination of lorem structure from sparse data.* (http://ipsum.example.org/)

        ## Communications par affiche

        2010 Poster JFLX : *Nouveaux ligands de la dolorase.*

        2010 Poster, Congrès Lorem/Sitamet, Spectro : un atelier de chimie VII : *New dolorase blockers: a joint study.*
        '''))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Determination of lorem structure from sparse data", "École d'hiver Ipsum Bioinformatics", "2013"),
        ("Nouveaux ligands de la dolorase", "JFLX", "2010"),
        ("New dolorase blockers: a joint study", "Congrès Lorem/Sitamet, Spectro : un atelier de chimie VII", "2010")]


def test_bold_post_title_naming_an_internship_is_no_section():
    """"**Network Support Engineer, Internship**" under "## Work Experience": a post's title that
    holds a role's words among others, not an "Internships" section (whose posts would all be
    read as internships)."""
    r = extract(_doc('''
        # Ann Lindgren

        ## Work Experience

        **Network Support Engineer, Internship**
        Lorem Systems, Austria
        July 2014 - July 2015

        **Platform Engineer**
        Ipsum Cloud GmbH, Austria
        August 2015 - Feb 2016
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Network Support Engineer, Internship", "Lorem Systems", "2014-07", "2015-07"),
        ("Platform Engineer", "Ipsum Cloud GmbH", "2015-08", "2016-02")]


def test_degree_class_after_the_field_is_an_honour(tmp_path):
    """"- 2016--2019 :: BA History First Class, University of Lorem" (an Org description list):
    the class of the degree is an honour, not part of its field."""
    r = extract(_read(tmp_path, '''
        #+AUTHOR: Tamsin Greave

        * Education
        - 2016--2019 :: BA History First Class, University of Lorem
        - 2019--2020 :: MPhil History, University of Ipsum
        ''', "cv.org"))
    assert [(e.degree, e.field, e.honours, e.start, e.end) for e in r.education] == [
        ("BA History", "History", ["First Class"], "2016", "2019"),
        ("MPhil History", "History", [], "2019", "2020")]


def test_master_of_computing_then_its_field():
    """"Master of Computing, Computer Science" (a Hugo page's degree line under the school in
    bold): "of Computing" names the degree, the field is the item after it."""
    r = extract(_doc('''
        ## Education

        **Lorem National University**
        Master of Computing, Computer Science, *Aug 2023 - May 2025*

        **Ipsum Polytechnic University**
        Bachelor of Engineering, Information Security, *Sep 2019 - Jun 2023*
        ''', name="content/cv.md"))
    assert [(e.institution, e.field, e.start, e.end) for e in r.education] == [
        ("Lorem National University", "Computer Science", "2023-08", "2025-05"),
        ("Ipsum Polytechnic University", "Information Security", "2019-09", "2023-06")]


def test_talk_over_two_years_given_at_a_named_event(tmp_path):
    """"- 2023--2024 :: Title /(talk given at LoremConf2023, paper forthcoming in Ipsum)/": the
    range dates the talk (its first year), the bracketed note names where it was given."""
    r = extract(_read(tmp_path, '''
        #+AUTHOR: Tamsin Greave

        * Talks
        - 2023--2024 :: Vagueness in proper names and the limits of supervaluation /(talk given at
          LoremConf2023, paper forthcoming in Ipsum Philosophica 2024)/
        ''', "cv.org"))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Vagueness in proper names and the limits of supervaluation", "LoremConf2023", "2023")]


def test_development_activities_are_no_service():
    """"Development activities & conferences" (a README an R document printed: workshops and
    meetings attended) lists training, not service roles; "Service Activities" stays service."""
    r = extract(_doc('''
        # Employment

        | what              | when        | with            | where |
        | :---------------- | :---------- | :-------------- | :---- |
        | Junior researcher | 2018 - NA   | Lorem Crop Labs | Ghent |

        # Development activities & conferences

        | what                      | when | with | where | why        |
        | :------------------------ | :--- | :--- | :---- | :--------- |
        | Lorem Phenotyping Workshop | 2018 | NA   | NA    | logical(0) |
        | useIpsum conference        | 2017 | NA   | NA    | logical(0) |

        # Service Activities

        - Reviewer, Journal of Lorem Studies
        ''', name="README.md"))
    assert [(s.role, s.organization) for s in r.service] == [("Reviewer", "Journal of Lorem Studies")]


def test_role_with_research_in_it_under_its_organization():
    """"**Lorem Health Centre**\\" / "*Research Coordinator*\\" / "June 2021 – Present": a role
    word that heads the line ("Coordinator", "Director", "Officer", "Tutor") makes it the title,
    though "Research" can open an organization's name."""
    r = extract(_doc('''
        # Mira Quillon

        ## Experience

        **Lorem Health Centre**\\
        *Research Coordinator*\\
        June 2021 – Present\\
        - Ran the trial visits

        **Ipsum Learning Commons**\\
        *Writing Tutor*\\
        Aug 2020 – Present
        ''', name="cv.qmd"))
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Research Coordinator", "Lorem Health Centre", "2021-06", True),
        ("Writing Tutor", "Ipsum Learning Commons", "2020-08", True)]
