r"""LaTeX CV shapes met on a random sample of real public LaTeX CVs scored against hand-written
gold records in session 20 (resume.cls, a \datedsubsection resume class, simpleresumecv, a mycv class,
moderncv, Jake's resume, plain article tables), each reduced to an invented snippet: names,
titles, institutions, journals and e-mails here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.extract.yamlcv import section_kind


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_dated_service_environment_with_sentence_items_is_one_entry(tmp_path):
    # resume.cls \begin{rSubsection}{Org}{}{dates}{role} with bullets saying what was done: one
    # service entry (organization, role, period), not one entry per bullet with the
    # organization read as the role
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Tova Lindqvist}
        \address{tova@norrvik.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Norrvik College} \hfill {\em 2008 - 2012} \\
        B.A. in Statistics
        \end{rSection}
        \begin{rSection}{Service to Department}
        \begin{rSubsection}{Norrvik College Data Science Program Committee}{}{2016-present}{Faculty member}
        \item Help the department plan its curriculum and vote on proposed classes.
        \end{rSubsection}
        \begin{rSubsection}{Three Valleys DataJam}{}{2016-present}{Co-organizer}
        \item Planning the yearly DataJam weekend for undergraduates
        \item The three colleges share the hosting of the event every year in turn.
        \end{rSubsection}
        \end{rSection}
        \begin{rSection}{Memberships in Professional Societies}
        \begin{esSubsection}{Nordic Society for Lorem Statistics }{(NSLS)}{2013-present}{}{}
        \end{esSubsection}
        \end{rSection}
        \end{document}
        """)
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert got == [
        ("Faculty member", "Norrvik College Data Science Program Committee", "2016-present"),
        ("Co-organizer", "Three Valleys DataJam", "2016-present"),
        ("Member", "Nordic Society for Lorem Statistics (NSLS)", "2013-present"),
    ]


def test_dated_environment_with_short_items_stays_a_list_of_entries(tmp_path):
    # a dated heading over short items (the venues reviewed for): each item is an entry
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Tova Lindqvist}
        \address{tova@norrvik.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Norrvik College} \hfill {\em 2008 - 2012} \\
        B.A. in Statistics
        \end{rSection}
        \begin{rSection}{Service}
        \begin{rSubsection}{Reviewer}{}{2019-2021}{}
        \item Journal of Lorem Studies
        \item Ipsum Letters
        \end{rSubsection}
        \end{rSection}
        \end{document}
        """)
    assert len(r.service) == 2


def test_heading_kinds_of_conference_service_attended_and_writing():
    # "Conference Service" lists committees, not conference papers or talks; "… Attended"
    # lists where the subject listened; "Other Writing" lists articles and reviews
    assert section_kind("Conference Service") == "service"
    assert section_kind("Journal and Conference Reviewing") == "service"
    assert section_kind("Workshops and Conferences Attended") is None
    assert section_kind("Other writing") == "publications"
    assert section_kind("Posters and Demos") == "publications"
    assert section_kind("Poster Presentations") == "talks"
    assert classify_heading("Other Writing") == "publications"
    assert classify_heading("Writing") == "publications"
    # (kept: combined headings and conference lists)
    assert section_kind("Conference Papers") == "publications"
    assert section_kind("Awards and Honors") == "awards"
    assert section_kind("Education and Training") == "education"
    assert classify_heading("Technical Writing") != "publications"


def test_conference_service_section_gives_service_not_talks(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Ilse Marren} \\ ilse@marren.example
        \section{Education}
        \begin{itemize}
            \item Ph.D. in Computer Science, University of Corvale \hfill 2019 -- 2024
        \end{itemize}
        \section{Conference Service}
        \begin{itemize}
            \item Artifact Evaluation, LOREM'22
        \end{itemize}
        \end{document}
        """)
    assert not r.talks
    assert [(s.role, s.organization) for s in r.service] == [("Artifact Evaluation", "LOREM'22")]


def test_date_built_by_class_macro_from_its_parts(tmp_path):
    # simpleresumecv: \DatestampYD{Aug}{ `17} -- \DatestampY{Present}, \DatestampYMD{2018}{05}{19}:
    # the parts joined into a date the reader knows (the year's century left out after "`")
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Oren Vasko}
        \section{Honors and Awards}
        \begin{itemize}
        \item Lorem Fellowship for Graduate Study \hfill \DatestampYD{Aug}{ `17} -- \DatestampY{Present}
        \item Departmental Award for Undergraduate Research \hfill \DatestampYMD{2018}{05}{19}
        \end{itemize}
        \end{document}
        """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Fellowship for Graduate Study", "2017"),
        ("Departmental Award for Undergraduate Research", "2018"),
    ]


def test_datedsubsection_then_degree_line_and_role_line(tmp_path):
    # a resume class of \datedsubsection and \role: \datedsubsection{\textbf{School}, City, ST}{dates} then the degree
    # on the next line; \datedsubsection{\textbf{Company}, City, ST}{dates} then \role{Title}{note}
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \begin{document}
        \name{Pell Arnaud}
        \basicInfo{\email{pell@lorem.edu}}
        \section{Education}
        \datedsubsection{\textbf{Corvale University}, Corvale, NJ}{2021 -- Present}
        \textit{Ph.D.} in Computer Science, expected May 2026\\
        Advisors: Prof. Hana Lisko \& Prof. Ruben Tamm
        \datedsubsection{\textbf{University of Westmark}, Seattle, WA}{2017 -- 2021}
        \textit{B.S.} in Mathematics, GPA: 3.9/4.0
        \section{Industrial Experience}
        \datedsubsection{\textbf{Quillon Systems}, Remote}{June 2021 -- Sept. 2021}
        \role{Compiler Intern}{(C++/Python)}
        Worked on the optimizer.
        \datedsubsection{\textbf{Ferrow Labs}, Hillsboro, OR}{Mar. 2021 -- June 2021}
        \role{Research Intern}{(Formal Methods)}
        Proved things.
        \end{document}
        """)
    got = [(e.degree, e.field, e.institution, e.location, e.start, e.end, e.current) for e in r.education]
    assert got == [
        ("Ph.D. in Computer Science", "Computer Science", "Corvale University", "Corvale, NJ", "2021", None, True),
        ("B.S. in Mathematics", "Mathematics", "University of Westmark", "Seattle, WA", "2017", "2021", False),
    ]
    assert r.education[0].advisors == ["Hana Lisko", "Ruben Tamm"]
    got = [(p.title, p.organization, p.location, p.start, p.end) for p in r.positions]
    assert got == [
        ("Compiler Intern", "Quillon Systems", "Remote", "2021-06", "2021-09"),
        ("Research Intern", "Ferrow Labs", "Hillsboro, OR", "2021-03", "2021-06"),
    ]


def test_subsection_names_the_organization_and_a_dated_line_the_role(tmp_path):
    # a CV class with \subsection{Organization}[Place], then \begin{positions}\entry{Role}{Dates}
    # and bullets; under "Teaching Experience" the subsection names the course instead
    r = _tex(tmp_path, r"""
        \documentclass{mycv}
        \name{Ansel Korhonen}
        \email{ansel@korhonen.example}
        \begin{document}
        \maketitle
        \section{Education}
        \subsection{Ridgeway Institute of Technology}[Ridgeway, CA]
        \begin{itemize}
          \item B.S. in Physics \printdate{Sep 2016~--~Jun 2020}
        \end{itemize}
        \section{Research \\ Experience}
        \subsection{Quill Lab, Ridgeway Institute of Technology}[Ridgeway, CA]
        \begin{positions}
          \entry{Undergraduate Researcher}{August 2019~--~Present}
        \end{positions}
        \begin{itemize}
          \item Advisors: Prof.~Hedda Lunde, Dr.~Omar Vesik
          \item Working on the stability of lorem ipsum solvers for sparse systems.
        \end{itemize}
        \section{Teaching \\ Experience}
        \subsection{PH12: Waves and Optics}[Ridgeway]
        \begin{positions}
          \entry{Teaching Assistant}{Winter 2020}
        \end{positions}
        \end{document}
        """)
    got = [(p.title, p.organization, p.start, p.current, p.mentors) for p in r.positions]
    assert got == [("Undergraduate Researcher", "Quill Lab, Ridgeway Institute of Technology", "2019-08", True,
                     ["Hedda Lunde", "Omar Vesik"])]
    assert [(t.course, t.role, t.term) for t in r.teaching] == [("PH12: Waves and Optics", "Teaching Assistant", "Winter 2020")]


def test_name_with_an_optional_short_name(tmp_path):
    # \name[Short]{Printed \small{B.S.}}: the printed name without the degree; the optional one
    # when only it is the name the e-mail and profile handles spell (the printed one a template's)
    head = r"""
        \documentclass{mycv}
        %s
        \email{%s}
        \github{%s}
        \begin{document}
        \maketitle
        \section{Education}
        \subsection{Ridgeway Institute of Technology}[Ridgeway, CA]
        \begin{itemize}
          \item B.S. in Physics \printdate{Sep 2016~--~Jun 2020}
        \end{itemize}
        \end{document}
        """
    r = _tex(tmp_path, head % (r"\name[Ansel Korhonen]{Wei ZHANG \small{B.S.}}", "akorhonen@lorem.example", "anselk"))
    assert r.person.name == "Ansel Korhonen"
    r = _tex(tmp_path, head % (r"\name[A. Korhonen]{Ansel Korhonen \small{Ph.D.}}", "ansel@lorem.example", "anselk"))
    assert r.person.name == "Ansel Korhonen"


def test_thousands_separator_does_not_part_a_skills_list(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Tova Lindqvist}
        \address{tova@norrvik.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Norrvik College} \hfill {\em 2008 - 2012} \\
        B.A. in Statistics
        \end{rSection}
        \begin{rSection}{Skills}
        \begin{tabular}{ @{} >{\bfseries}l @{\hspace{6ex}} l }
        Technical Software & R, Python, Stata \\
        Outreach & 2,400 readers, 1,100 followers
        \end{tabular}
        \end{rSection}
        \end{document}
        """)
    assert "2,400 readers" in r.skills and "1,100 followers" in r.skills
    assert not {"2", "400 readers", "1", "100 followers"} & set(r.skills)
    assert {"R", "Python", "Stata"} <= set(r.skills)


def test_languages_row_of_a_qualifications_and_skills_table_is_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Nils Ardent} \\ nils@ardent.example
        \section*{Qualifications and Technical Skills}
        \begin{tabular}{r|p{15cm}}
        \textsc{Languages} & C, Rust, Erlang, Python, SQL\\
        \end{tabular}
        \section*{Education}
        \begin{tabular}{r|p{15cm}}
        \textsc{2016 to present} & University of Corvale, Year 3\\
        \end{tabular}
        \end{document}
        """)
    assert {"C", "Rust", "Erlang", "Python", "SQL"} <= set(r.skills)
    assert [e.institution for e in r.education] == ["University of Corvale"]


def test_mla_volume_issue_year_pages_tail_is_not_the_venue(tmp_path):
    # moderncv \cvitem{1}{Surname, First, A B, and C D. "Title." \textit{Journal} 53.6 (2018): 065005.}
    r = _tex(tmp_path, r"""
        \documentclass[12pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Ilka}
        \familyname{Varro}
        \email{ilka@varro.example}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2020--2023}{B.Sc. Physics}{University of Corvale}{Corvale}{}{}
        \section{Publications}
        \cvitem{1}{Varro, Ilka, Pim Oster, and Lena Dahl. "A rolling drop on a tilted plate." \textit{Lorem Physics Teacher} 41.2 (2019): 025003.}
        \cvitem{2}{Oster, Pim, and Ilka Varro. "Foam in a bottle." \textit{Journal of Ipsum Education} 12 (2021): 45-67.}
        \end{document}
        """)
    got = [(p.title, p.venue, p.year) for p in r.publications]
    assert got == [("A rolling drop on a tilted plate", "Lorem Physics Teacher", "2019"),
                   ("Foam in a bottle", "Journal of Ipsum Education", "2021")]


def test_what_an_award_was_given_for_in_an_aside_is_not_its_name(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Nils Ardent} \\ nils@ardent.example
        \section*{Education}
        \begin{tabular}{r|p{15cm}}
        \textsc{2016 to present} & University of Corvale, Year 3\\
        \end{tabular}
        \section*{Awards}
        \begin{tabular}{r|p{17cm}}
        \textsc{2018} & Winner of the Lorem challenge (\textit{Build a robot from a given kit}) at Hack Ipsum, Corvale\\
        \textsc{2017} & Dean's List (\textit{Awarded for a mean mark over 17 across the year}), University of Corvale \\
        \textsc{2016} & Best Poster Award (ACM Symposium on Lorem Systems) \\
        \end{tabular}
        \end{document}
        """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Winner of the Lorem challenge at Hack Ipsum, Corvale", "2018"),
        ("Dean's List, University of Corvale", "2017"),
        ("Best Poster Award (ACM Symposium on Lorem Systems)", "2016"),
    ]


def test_class_item_macros_and_a_month_after_the_venue(tmp_path):
    # simpleresumecv: \NumberedItem{[1]} opens a reference, \BulletItem an entry; the date macro
    # \DatestampYM{2019}{06} ends the venue, whose month is no part of its name
    r = _tex(tmp_path, r"""
        \documentclass[letterpaper]{simpleresumecv}
        \newcommand{\CVAuthor}{Rasmus Eld}
        \begin{document}
        \Title{\CVAuthor}
        \begin{SubTitle}
        \href{mailto:rasmus@eld.example}{rasmus@eld.example}
        \end{SubTitle}
        \Section
        {Research Experience}
        {Research Experience}
        {PDF:ResearchExperience}
        \Gap
        \BulletItem
        Graduate Research Assistant, Quill Lab
        \hfill
        \DatestampYD{Sep}{ `19} --
        \DatestampYD{May}{ `23}
        \Section
        {Publications}
        {Publications}
        {PDF:Publications}
        \begingroup
        \renewcommand{\MaxNumberedItem}{[88]}
        \BigGap
        \NumberedItem{[1]}
        \underline{Rasmus~Eld}, Tilde Marsk, and Ove Brandt,
        ``Lorem: Sparse Ipsum Solvers for Small Devices'' in
        \textit{Proceedings of the 9th Symposium on Lorem Systems (SLS)
        \DatestampYM{2021}{06}}.
        \Section
        {Posters and Demos}
        {Posters and Demos}
        {PDF:Posters and Demos}
        \BigGap
        \NumberedItem{[1]}
        Tilde Marsk, \underline{Rasmus~Eld}, and Ove Brandt,
        ``Demo: Ipsum Solvers on a Watch'' in
        \textit{Proceedings of the 9th Symposium on Lorem Systems (SLS)
        \DatestampYM{2021}{06}}.
        \end{document}
        """)
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Graduate Research Assistant", "Quill Lab", "2019-09", "2023-05")]
    # ("\renewcommand{\MaxNumberedItem}{[88]}" defines a macro: no item, no "[88]" reference;
    # "Posters and Demos" lists papers)
    pub, demo = r.publications
    assert (pub.title, pub.year) == ("Lorem: Sparse Ipsum Solvers for Small Devices", "2021")
    assert (demo.title, demo.year) == ("Demo: Ipsum Solvers on a Watch", "2021")
    assert [a.name for a in pub.authors] == ["Rasmus Eld", "Tilde Marsk", "Ove Brandt"]
    assert pub.venue and not pub.venue.rstrip().endswith(("Jun", "-06", "June"))


def test_talk_title_naming_a_school_before_an_aside_stays_the_title(tmp_path):
    # resume.cls \begin{sSubsection}{Title}{(with A. Roe)}{Month Year}{Event}{City}: a title with
    # "School" in it is not the host when an aside, not a title, follows it
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Tova Lindqvist}
        \address{tova@norrvik.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Norrvik College} \hfill {\em 2008 - 2012} \\
        B.A. in Statistics
        \end{rSection}
        \begin{rSection}{Presentations}
        \begin{sSubsection}{Lorem for Middle School Pupils}{ (with P. Arnaud)}{July 2015}{Ipsum Users Meeting}{Corvale, CA}
        \end{sSubsection}
        \end{rSection}
        \end{document}
        """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [("Lorem for Middle School Pupils", "Ipsum Users Meeting", "2015-07")]
