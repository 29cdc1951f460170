r"""LaTeX CV shapes from session 26's second LaTeX round (the first pass's held-out CVs and what it
left), each fixed by a general rule and reduced here to an invented snippet: names, places,
institutions, titles and e-mails are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading


def _tex(tmp_path, text: str, name: str = "cv.tex"):
    from mappers.read import read_document

    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


# --- Italian headings --------------------------------------------------------------------------------

def test_italian_headings_are_known():
    # "Educazione" (education), "Altre attività" (other activities, as the English heading reads),
    # "Lingue e linguaggi di programmazione" (languages, then a heading no list holds)
    assert classify_heading("Educazione") == "education"
    assert classify_heading("Altre attività") == classify_heading("Other Activities")
    assert classify_heading("Lingue e linguaggi di programmazione") == "languages"
    # (combined English headings keep their kind)
    assert classify_heading("Education and Training") == "education"
    assert classify_heading("Awards and Honors") == "awards"


def test_moderncv_with_italian_headings_is_read_not_refused(tmp_path):
    # the whole CV was refused: no heading was known, and the plain-text fallback found no name
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper,italian]{moderncv}
        \moderncvtheme[blue]{classic}
        \firstname{Livia}
        \familyname{Castrone}
        \email{livia.castrone@example.org}
        \begin{document}
        \makecvtitle
        \section{Educazione}
        \cventry{2014 - 2017}{Laurea Triennale in Fisica}{Università di Valmorta}{Valmorta}{108/110}{}
        \cventry{2017 - 2019}{Laurea Magistrale in Fisica}{Università di Valmorta}{Valmorta}{}{}
        \section{Lingue e linguaggi di programmazione}
        \cventry{Italiano}{Madrelingua}{}{}{}{}
        \cventry{Tedesco}{Livello intermedio}{}{}{}{}
        \cventry{Fortran}{Livello avanzato}{}{}{}{}
        \end{document}
    """)
    assert r.person.name == "Livia Castrone"
    assert [e.degree for e in r.education] == ["Laurea Triennale in Fisica", "Laurea Magistrale in Fisica"]
    assert r.languages == ["Italiano", "Tedesco"]
    assert r.skills == ["Fortran"]       # a programming language listed with the spoken ones


# --- marks keyed to a heading's legend ----------------------------------------------------------------

def test_talk_marks_keyed_to_the_heading_legend_leave_titles(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Tomas Elvaren}\\ tomas.elvaren@example.org
        \section{Education}
        Ph.D. in Geology, University of Farrowby, 2019.
        \section{Talks$^{\dagger}$ \& Posters$^{*}$}
        \emph{${}^{*}$Sediment ripples on a tilted shelf}. \\
        Lorem Coastal Meeting. July 2021. \\

        \emph{$^{\dagger}$Slow creep in wet clay beds}. \\
        Ipsum Soil Workshop. March 2020. \\
        \end{document}
    """)
    titles = [t.title for t in r.talks]
    assert titles and all(t[0].isalpha() for t in titles), titles
    assert any(t.startswith("Sediment ripples") for t in titles)
    assert any(t.startswith("Slow creep") for t in titles)


# --- a mentor named after the role -----------------------------------------------------------------

def test_pi_after_the_role_is_the_mentor(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} \hfill #2 \\ \textit{#3} \hfill \textit{#4}}
        \begin{document}
        {\Huge Oda Marrenfeld} \\ oda.marrenfeld@example.org
        \section{Experience}
        \begin{itemize}
        \resumeSubheading{University of Quellbrook}{Quellbrook, Norway}
          {Research Assistant --- PI: Prof. Dr. Harald Vintmo}{Apr. 2022 -- Present}
        \resumeSubheading{Lorem Institute}{Tarnholm, Norway}
          {Student Assistant (Supervisor: Dr. Ines Kolberg)}{Jan. 2020 -- Dec. 2021}
        \end{itemize}
        \section{Education}
        \begin{itemize}
        \resumeSubheading{University of Quellbrook}{Quellbrook, Norway}{M.Sc. in Linguistics}{2019 -- 2021}
        \end{itemize}
        \end{document}
    """)
    got = {p.title: p.mentors for p in r.positions}
    assert got == {"Research Assistant": ["Harald Vintmo"], "Student Assistant": ["Ines Kolberg"]}, got


# --- a language level after a space ---------------------------------------------------------------------

def test_language_level_after_a_space(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Oda Marrenfeld} \\ oda.marrenfeld@example.org
        \section{Education}
        M.Sc. in Linguistics, University of Quellbrook, 2021.
        \section{Languages}
        \textbf{Norwegian} native; \textbf{French} C1; \textbf{Spanish} B2
        \end{document}
    """)
    assert r.languages == ["Norwegian", "French", "Spanish"]


# --- res.cls paragraphs ---------------------------------------------------------------------------------

def test_award_groups_under_a_label_line_give_one_award_a_line(tmp_path):
    # an undated label line (the body that gave them) over awards one a line, each with its date
    # after \hfill: the label had been read as the only award of each paragraph
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\large\textbf{Mirela Tosk}}
        \moveleft.5\hoffset\centerline{mirela.tosk@example.org}
        \section{\textsc{Education}}
        {\bf Ph.D. in Astronomy} \hfill {\it 2016 -- 2021} \\
        {\em University of Brennmoor}
        \section{\textsc{Honors \& Awards}}
        {\textsc{University of Brennmoor}}\\
        {\sl Lorem Travel Grant}\hfill 2017, 2018\\
        {\sl Ipsum Honors Scholarship}\hfill 2013 - 2016

        {\textsc{Other}}\\
        Dolor Society Student Award \hfill 2019
        \end{document}
    """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Travel Grant", "2017"), ("Ipsum Honors Scholarship", "2013"), ("Dolor Society Student Award", "2019")]


def test_dated_posts_and_a_heading_over_dated_courses(tmp_path):
    # res.cls posts written as a bold role over the organization and its dates, each with an
    # undated list, then an undated "Teaching Assistant" line over dated course items: the posts had
    # been lost (only the items were read) and the courses were no entries
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\large\textbf{Arvid Pellung}}
        \moveleft.5\hoffset\centerline{arvid.pellung@example.org}
        \section{Education}
        {\bf Ph.D. in Computer Science} \hfill {\it 2012 -- 2018} \\
        {\em University of Harrowgate}
        \section{\sc Research Experience}
        {\bf Research Intern}  \\
        {Lorem Systems Laboratory, Fenwick} \hfill {\it May - Aug, 2016}\\
        \begin{itemize}
        \item Built a key-value store for Ipsum, Dolor Workshop, 2017.
        \end{itemize}

        {\bf Research Assistant}  \\
        {\it Storage Lab, University of Harrowgate} \hfill {\it Spring 2012 - Fall 2018}\\
        \begin{itemize}
        \item Designed parallel indexes for range queries
        \end{itemize}

        {\bf Teaching Assistant} \\
        \begin{itemize}
        \item {TA for Prof. Ewa Marsk, Operating Systems } \hfill {\it Spring 2015}
        \item {TA for Dr. Colm Ridley, Compilers } \hfill {\it Fall 2014}
        \end{itemize}
        \end{document}
    """)
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Research Intern", "Lorem Systems Laboratory, Fenwick"), ("Research Assistant", "Storage Lab, University of Harrowgate")]
    assert "Built a key-value store" in (r.positions[0].description or "")
    assert [(t.course, t.term) for t in r.teaching] == [("Operating Systems", "Spring 2015"), ("Compilers", "Fall 2014")]


def test_one_award_with_a_line_under_it_stays_one_award(tmp_path):
    # guard: a dated award with a line about it under the date is no label over awards
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\large\textbf{Mirela Tosk}}
        \section{\textsc{Education}}
        {\bf Ph.D. in Astronomy} \hfill {\it 2016 -- 2021} \\
        {\em University of Brennmoor}
        \section{\textsc{Awards}}
        {\sl Lorem Thesis Prize}\hfill 2021\\
        Given by the Ipsum Society for the best thesis of the year
        \end{document}
    """)
    assert [a.name for a in r.awards] == ["Lorem Thesis Prize"]


# --- an organization's entry over its posts ----------------------------------------------------------

def test_organization_entry_over_dated_role_items(tmp_path):
    # Jake's \resumeSubheading{University}{Place}{}{} with no role and no date, then one item per
    # post "Role, Department (dates)": the university had been read as a post, the departments as
    # the posts' organizations
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} \hfill #2 \\ \textit{#3} \hfill \textit{#4}}
        \begin{document}
        {\Huge Pell Ostrander} \\ pell.ostrander@example.org
        \section{Education}
        \begin{itemize}
        \resumeSubheading{University of Dunmarrow}{Dunmarrow, KS}{Ph.D. in Computer Science}{2019 -- 2024}
        \end{itemize}
        \section{Experience}
        \begin{itemize}
        \resumeSubheading{University of Dunmarrow}{Dunmarrow, KS}{}{}
          \begin{itemize}
          \item Research Assistant, Physics Department (August 2021 - May 2024)
          \item Teaching Assistant, Statistics Department (January 2020 - July 2021)
          \end{itemize}
        \end{itemize}
        \section{Additional Information}
        \textbf{Languages:} Portuguese (Fluent), Greek (Native)

        \textbf{Interests:} hiking, chess
        \end{document}
    """)
    assert [(p.title, p.organization, p.unit) for p in r.positions] == [
        ("Research Assistant", "University of Dunmarrow", "Physics Department"),
        ("Teaching Assistant", "University of Dunmarrow", "Statistics Department")]
    assert r.languages == ["Portuguese", "Greek"]


# --- a thesis line running on into its supervisors; journals under a reviewing heading ----------------

def test_supervisors_after_a_thesis_title_are_advisors(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} \hfill #2 \\ \textit{#3} \hfill \textit{#4}}
        \begin{document}
        {\Huge Oda Marrenfeld} \\ oda.marrenfeld@example.org
        \section{Education}
        \begin{itemize}
        \resumeSubheading{University of Quellbrook}{Quellbrook, Norway}
          {M.A. in Linguistics}{Oct. 2019 -- Jun. 2021}
          {Thesis: Word Order in Spoken Lorem (\textit{A Corpus Study}) \\
          Supervisors: Dr. Harald Vintmo \& Prof. Dr. Ines Kolberg}
        \end{itemize}
        \end{document}
    """)
    [edu] = r.education
    assert edu.thesis == "Word Order in Spoken Lorem (A Corpus Study)"
    assert edu.advisors == ["Harald Vintmo", "Ines Kolberg"]


def test_journals_listed_under_a_reviewing_heading(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Arvid Pellung} \\ arvid.pellung@example.org
        \section{Education}
        Ph.D. in Computer Science, University of Harrowgate, 2018.
        \section{Journal Reviewing Activities}
        \begin{enumerate}
        \item Lorem Transactions on Storage Systems (LTSS), 2021
        \item Journal of Ipsum Data Engineering, 2019
        \end{enumerate}
        \end{document}
    """)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Reviewer", "Lorem Transactions on Storage Systems (LTSS)", "2021"),
        ("Reviewer", "Journal of Ipsum Data Engineering", "2019")]


def test_bold_acronym_glued_to_a_venue_leaves_no_marks(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Arvid Pellung} \\ arvid.pellung@example.org
        \section{Education}
        Ph.D. in Computer Science, University of Harrowgate, 2018.
        \section{Publications}
        \begin{enumerate}
        \item[2] Ewa Marsk, {\bf Arvid Pellung}, and Colm Ridley,
        ``Quiet Trees: Cache-Aware Indexes for Lorem Memory'', To appear in Ipsum
        Transactions on Storage{\bf (ITS)}, Special issue on Dolor Memory, 2017.
        \end{enumerate}
        \end{document}
    """)
    [pub] = r.publications
    assert pub.title == "Quiet Trees: Cache-Aware Indexes for Lorem Memory"
    assert pub.venue and "*" not in pub.venue and pub.venue.startswith("Ipsum Transactions on Storage")


# --- resume.cls rSection: role over unit, organization and place; a role over dated course lines -------

def test_rsection_posts_units_and_course_lines(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Nives Tarrant}
        \address{nives.tarrant@example.org}
        \begin{document}
        \begin{rSection}{Work History}
        {\bf Postdoctoral researcher} \hfill {\em March 2021 -- Present}\\
        Theory in Lorem Sciences\\
        Ipsum Centre for Integrative Dolor Research\\
        Valmora, Norway
        \end{rSection}
        \begin{rSection}{Education}
        {\bf PhD} \hfill {\em 2017 -- 2021}
        \\ Section of Lorem Informatics
        \\ Department of Biology
        \\ University of Tarnholm
        \\ Tarnholm, Norway
        \end{rSection}
        \begin{rSection}{Teaching}
        {\bf Teaching Assistant} \\
        Spatial Lorem Modelling (2020)\\
        Animal Ipsum Biology (2019, 2020)\\
        Dolor Systems (2018)
        \end{rSection}
        \end{document}
    """)
    [pos] = r.positions
    assert (pos.organization, pos.unit, pos.location) == (
        "Ipsum Centre for Integrative Dolor Research", "Theory in Lorem Sciences", "Valmora, Norway")
    [edu] = r.education
    assert edu.field is None and edu.institution == "University of Tarnholm"
    assert [(t.course, t.term, t.role) for t in r.teaching] == [
        ("Spatial Lorem Modelling", "2020", "Teaching Assistant"),
        ("Animal Ipsum Biology", "2019, 2020", "Teaching Assistant"),
        ("Dolor Systems", "2018", "Teaching Assistant")]


def test_professor_in_brackets_after_the_organization_is_the_mentor(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\large\textbf{Arvid Pellung}}
        \moveleft.5\hoffset\centerline{arvid.pellung@example.org}
        \section{Education}
        {\bf Ph.D. in Computer Science} \hfill {\it 2012 -- 2018} \\
        {\em University of Harrowgate}
        \section{Research Experience}
        {\bf Research Intern}  \\
        {Lorem Institute of Technology, Fenwick, MA, USA(Prof. Ewa Marsk)} \hfill {\it May - Aug, 2016}\\

        {\bf Visiting Scholar}  \\
        {University of Ipsum, Dolor, CA, USA (Prof. Colm Ridley)} \hfill {\it Nov 2016 - Jan 2017}\\
        \end{document}
    """)
    assert [(p.organization, p.location, p.mentors) for p in r.positions] == [
        ("Lorem Institute of Technology", "Fenwick, MA, USA", ["Ewa Marsk"]),
        ("University of Ipsum", "Dolor, CA, USA", ["Colm Ridley"])]


def test_res_cls_service_paragraphs_and_a_body_over_its_roles(tmp_path):
    # res.cls service: "role \hfill dates \\ body \\ place" paragraphs, then a dated paragraph naming a
    # society over its roles, each dated: the paragraphs had been dropped and the roles had no society
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\large\textbf{Mirela Tosk}}
        \section{\textsc{Education}}
        {\bf Ph.D. in Astronomy} \hfill {\it 2016 -- 2021} \\
        {\em University of Brennmoor}
        \section{\textsc{Outreach \& Service}}
        {\sl Volunteer }\hfill 2019, 2020\\
        Lorem Scholars Project\\
        University of Brennmoor\\
        {\footnotesize Taught pupils to write small programs.}

        {\sl Ipsum Students Society}  \hfill 2013 - 2017\\
        Dolor State University
        \begin{itemize}
        \item[-] President \hfill 2015 - 2016
        \item[-] Treasurer \hfill 2014 - 2015
        \end{itemize}
        \end{document}
    """)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Volunteer", "Lorem Scholars Project", "2019, 2020"),
        ("President", "Ipsum Students Society", "2015 - 2016"),
        ("Treasurer", "Ipsum Students Society", "2014 - 2015")]
