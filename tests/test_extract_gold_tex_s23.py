r"""LaTeX CV shapes met on a random sample of real public LaTeX CVs scored against hand-written
gold records in session 23 (a CV kept in three languages by a switch macro, moderncv detail
lines under an entry, a section's sub-heading of another kind, author-year references with the
subject in bold), each reduced to an invented snippet: names, titles, institutions, venues and
e-mails here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


_SWITCH_CV = r"""
    \documentclass{article}
    \newcommand{\tri}[3]{\ifdefined\english#1\fi\ifdefined\spanish#2\fi\ifdefined\french#3\fi}
    \ifdefined\english
    \newcommand{\LU}{University of Lorimer}
    \fi
    \ifdefined\spanish
    \newcommand{\LU}{Universidad de Lorimer}
    \fi
    \begin{document}
    {\LARGE ODILE VARNHAM}

    \faEnvelope{} \href{mailto:ovarnham@example.org}{ovarnham@example.org}
    \section*{\tri{WORK EXPERIENCE}{EXPERIENCIA PROFESIONAL}{EXPÉRIENCE PROFESSIONNELLE}}
    \begin{itemize}
    \item \textbf{\tri{March}{Marzo de}{Mars} 2016 -- \tri{May}{mayo de}{mai} 2019}:
      \LU, \textbf{\tri{visiting professor}{profesor invitado}{professeur invité}}
    \end{itemize}
    \section*{\tri{TALKS}{CONFERENCIAS}{CONFÉRENCES}}
    \begin{itemize}
    \item \textbf{\tri{October}{Octubre de}{Octobre} 2018}: \tri{Geometry seminar}{Seminario de geometría}{Séminaire de géométrie},
      Ipsum Institute, Tessby
    \end{itemize}
    \end{document}
"""


def test_language_switch_macro_reads_first_language(tmp_path):
    # \tri{English}{Spanish}{French} with a body that only picks one argument under \ifdefined:
    # all three languages were read as an entry's fields (titles "Marzo de March", organizations
    # "profesor invitado"); the first language's text is the one read
    r = _tex(tmp_path, _SWITCH_CV)
    assert len(r.positions) == 1
    p = r.positions[0]
    assert p.title == "visiting professor"
    assert p.organization == "University of Lorimer"     # (the first \newcommand of \LU)
    assert (p.start, p.end) == ("2016-03", "2019-05")
    assert [t.title for t in r.talks] == ["Geometry seminar"]
    assert not any("Seminario" in (t.title or "") for t in r.talks)


def test_macro_with_two_args_not_a_switch_is_kept(tmp_path):
    # guard: a two-argument macro whose body prints both arguments is no language switch (it is
    # left to the entry reader as before)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\job}[2]{\textbf{#1}, #2}
        \begin{document}
        {\LARGE Odile Varnham}
        \section{Experience}
        \begin{itemize}
        \item 2016 -- 2019: \job{Research Fellow}{Ipsum Institute}
        \end{itemize}
        \end{document}
    """)
    assert [(p.title, p.organization) for p in r.positions] == [("Research Fellow", "Ipsum Institute")]


def test_iffalse_block_is_not_read(tmp_path):
    # \iffalse … \fi keeps text out of the printed CV like a comment; its degree and committee
    # were read as education entries ("Examining committee", "Rusia")
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE Odile Varnham}
        \section*{Education}
        \begin{itemize}
        \item 2014--2018, University of Lorimer, PhD in Mathematics
        \iffalse
          Examining committee: A.~Brell (Tessby College), B.~Kand (Halden University).
        \fi
        \iffalse
        \item 2008--2012, Brackley State University, BSc in Computer Science
        \fi
        \end{itemize}
        \end{document}
    """)
    assert [e.institution for e in r.education] == ["University of Lorimer"]
    assert not any("Brackley" in (e.institution or "") or "committee" in str(e) for e in r.education)


_MODERNCV_DETAILS = r"""
    \documentclass[11pt,a4paper,sans]{moderncv}
    \moderncvstyle{casual}
    \firstname{Odile}
    \familyname{Varnham}
    \email{ovarnham@example.org}
    \begin{document}
    \makecvtitle
    \section{Education}
    \cventry{2009--2013}{Ph.D. Oceanography}{University of Lorimer}{UK}{}{}
    \cvitem{Title}{\emph{Tidal mixing over a lorem shelf}}
    \cvitem{Supervisor}{Professor Ansel Brook}
    \cventry{2008--2009}{M.Sc. Marine Science}{University of Lorimer}{UK}{}{}
    \section{Professional Experience}
    \cventry{2016--present}{Research Scientist}{Ipsum Marine Institute}{France}{}{}
    \cvitem{Team}{Coastal Dynamics}
    \cventry{2013--2016}{Post-doctoral Fellow}{Tessby University}{USA}{}{}
    \cvitem{Supervisor}{Professor Carla Dunmore, Ocean Lab}
    \cvitem{}{Supervised two students}
    \section{Skills}
    \cvitem{Programming}{Python, Fortran}
    \end{document}
"""


def test_moderncv_labelled_lines_belong_to_the_entry_above(tmp_path):
    # \cvitem{Title}{…} / \cvitem{Supervisor}{…} / \cvitem{Team}{…} / \cvitem{}{…} under a \cventry:
    # each was an education or post entry of its own ("Title", "Supervisor Professor …")
    r = _tex(tmp_path, _MODERNCV_DETAILS)
    assert [(e.degree, e.institution) for e in r.education] == [
        ("Ph.D. Oceanography", "University of Lorimer"), ("M.Sc. Marine Science", "University of Lorimer")]
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Research Scientist", "Ipsum Marine Institute"), ("Post-doctoral Fellow", "Tessby University")]
    assert not any("Supervisor" in (p.title or "") + (p.organization or "") for p in r.positions)
    # a \cvitem with another label is still an entry of its own
    assert {"Python", "Fortran"} <= set(r.skills)


def test_subheading_of_another_kind_is_read_by_its_own_heading(tmp_path):
    # "Professional Experience" over \subsection{Research} and \subsection{Teaching}: the courses
    # were posts; "Publications & Talks" over \subsection{Conference & school talks}: the talks
    # were papers. A sub-heading naming courses or talks is read by its own heading.
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper,sans]{moderncv}
        \moderncvstyle{casual}
        \firstname{Odile}
        \familyname{Varnham}
        \email{ovarnham@example.org}
        \begin{document}
        \makecvtitle
        \section{Professional Experience}
        \subsection{Research}
        \cventry{2016--present}{Research Scientist}{Ipsum Marine Institute}{France}{}{}
        \subsection{Teaching}
        \cventry{2015}{M210 Coastal Processes}{Tessby University}{}{}{}
        \section{Publications \& Talks}
        \subsection{Journal papers}
        \cvitem{2019}{O. Varnham, A. Brook. Tidal mixing over a lorem shelf. \textit{Journal of Ipsum Oceans}, 12, 2019.}
        \subsection{Conference \& school talks}
        \cventry{2021}{Lorem Ocean Meeting 2021 (poster)}{Halden}{}{}{}
        \end{document}
    """)
    assert [p.title for p in r.positions] == ["Research Scientist"]
    assert [c.course for c in r.teaching] == ["M210 Coastal Processes"]
    # (a talk named only by its meeting: the meeting is read as the host)
    assert len(r.talks) == 1 and "Lorem Ocean Meeting 2021" in (r.talks[0].title or "") + (r.talks[0].host or "")
    assert [p.title for p in r.publications] == ["Tidal mixing over a lorem shelf"]


def test_one_argument_macro_holding_a_reference(tmp_path):
    # \cvitem{}{\textbf{Varnham, O.}, Brook, A. 2018. Title. \textit{Journal}}: the subject's bold
    # name had been read as the title, the whole author list with it; the argument is one reference
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper,sans]{moderncv}
        \moderncvstyle{casual}
        \firstname{Odile}
        \familyname{Varnham}
        \email{ovarnham@example.org}
        \begin{document}
        \makecvtitle
        \section{Publications}
        \cvitem{}{\textbf{Varnham, O.}, Brook, A., Dunmore, C. 2018. Tidal mixing over a lorem shelf and its seasonal cycle. \textit{Journal of Ipsum Oceans 12:274}}
        \cvitem{}{Brook, A., \textbf{Varnham, O.}, Kand, B. 2016. Sediment plumes of the Halden estuary. \textit{Lorem Marine Letters}}
        \end{document}
    """)
    assert [(p.title, p.year) for p in r.publications] == [
        ("Tidal mixing over a lorem shelf and its seasonal cycle", "2018"),
        ("Sediment plumes of the Halden estuary", "2016")]
    assert [a.name for a in r.publications[0].authors] == ["O. Varnham", "A. Brook", "C. Dunmore"]
    assert r.publications[1].authors[1].is_subject


def test_surname_initials_list_with_one_comma_name(tmp_path):
    # "Brook A., Dunmore C., \textbf{Varnham, O.}, Kand B. (2021). Title. Venue": a list written
    # "Surname I." with one name (the subject's) written "Surname, I.": the list was refused and
    # the bold name read as the title
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE Odile Varnham}

        ovarnham@example.org
        \section{Journal articles}
        \begin{itemize}
        \item Brook A., Dunmore C., \textbf{Varnham, O.}, Kand B. (2021). Sediment plumes of the Halden estuary. Lorem Marine Letters, 12, 115.
        \item \textbf{Varnham, O.}, Brook A., Kand B. (2019). Tidal mixing over a lorem shelf. Journal of Ipsum Oceans, 4, 51--60.
        \end{itemize}
        \end{document}
    """)
    assert [p.title for p in r.publications] == ["Sediment plumes of the Halden estuary", "Tidal mixing over a lorem shelf"]
    assert [a.name for a in r.publications[0].authors] == ["A. Brook", "C. Dunmore", "O. Varnham", "B. Kand"]
    assert r.publications[0].year == "2021"


def test_talk_written_as_a_reference_with_the_subject_in_bold(tmp_path):
    # a class's one-argument macro holding the whole talk, "\publi{\textbf{Varnham O.}, Brook A.
    # (2017) Title. Meeting. date. City.}": the bold name had been read as the talk's title
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE Odile Varnham}

        ovarnham@example.org
        \section{Experience}
        \begin{content}
          \begin{position}{Ipsum Marine Institute}{2019 -- present}{Research Scientist}{}{}
          \item Tidal models of the lorem shelf.
          \end{position}
        \end{content}
        \section{Presentations}
        \begin{content}
          \publi
          {\textbf{Varnham O.}, Brook A., Kand B. (2017) Tidal mixing over a lorem shelf in winter. Lorem Ocean Symposium. 4th of July. Halden, Norway. \textit{Oral communication}}

          \publi
          {\textbf{Varnham O.} (2015) Sediment plumes of the Halden estuary. Ipsum Student Colloquium. 18th of February. Tessby, Norway.}
        \end{content}
        \end{document}
    """)
    assert [t.title for t in r.talks] == ["Tidal mixing over a lorem shelf in winter", "Sediment plumes of the Halden estuary"]
    assert [t.date for t in r.talks] == ["2017", "2015"]
    assert "Lorem Ocean Symposium" in (r.talks[0].host or "")


def test_class_paper_macro_title_over_two_lines(tmp_path):
    # a class's \paper{authors} / {title over two lines} / {journal}{year}{volume} / {doi}, one argument
    # group a line: the title's group spans two lines, so the arguments stopped after the authors
    # (four of five papers were lost, one took the next paper's title)
    r = _tex(tmp_path, r"""
        \documentclass{lorem_cv}
        \name{Odile V. Varnham}
        \begin{document}
          \begin{cvSection}{Publications}
            \paper{\textbf{Varnham O.V.}, Brook A.}
              {Tidal mixing over a lorem shelf and its seasonal
              cycle in the Halden basin}
              {Journal of Ipsum Oceans}{2021}{\textbf{76} 22}
              {10.0000/ipsum.2021.22}
            \paper{Brook A., Kand B., \textbf{Varnham O.}}
              {Sediment plumes of the Halden estuary under storm
              conditions}
              {Lorem Marine Letters}{2019}{12}{}
          \end{cvSection}
        \end{document}
    """)
    assert [(p.title, p.year) for p in r.publications] == [
        ("Tidal mixing over a lorem shelf and its seasonal cycle in the Halden basin", "2021"),
        ("Sediment plumes of the Halden estuary under storm conditions", "2019")]
    assert [a.name for a in r.publications[1].authors] == ["A. Brook", "B. Kand", "O. Varnham"]


def test_graduate_student_under_education_is_a_degree_under_way(tmp_path):
    # "\appointment{2020 -- now}{Graduate student}{Lorimer State University, Faculty of Physics}" under
    # Education: it was made a post (a title noun at a university) and left out of the degrees
    r = _tex(tmp_path, r"""
        \documentclass{lorem_cv}
        \name{Odile V. Varnham}
        \begin{document}
          \begin{cvSection}{Education}
            \appointment{2020 -- now}{Graduate student}
              {Lorimer State University, Faculty of Physics}
            \appointment{2016 -- 2020}{B.Sc. in Physics}
              {Lorimer State University, Faculty of Physics}
          \end{cvSection}
          \begin{cvSection}{Experience}
            \appointment{2019 -- 2021}{Research assistant}{Ipsum Marine Institute}
          \end{cvSection}
        \end{document}
    """)
    assert [(e.degree, e.start, e.current) for e in r.education] == [("Graduate student", "2020", True),
                                                                     ("B.Sc. in Physics", "2016", False)]
    assert all("Lorimer State University" in (e.institution or "") for e in r.education)
    assert [p.title for p in r.positions] == ["Research assistant"]


def test_open_end_written_on_after_a_dash(tmp_path):
    # "Nov 2021~--~on", "2016 -- onwards": the post goes on (it had no end and was not current);
    # "on" followed by a word ("-- on leave") is no open end
    from mappers.extract.fields import find_period

    assert find_period("Nov 2021~--~on")[0] == ("2021-11", None, True)
    assert find_period("2016 -- onwards")[0] == ("2016", None, True)
    assert find_period("2015 - on leave")[0][2] is False
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\experience}[4]{{\bf #2} \newline {#3} \hfill {#1} {#4}}
        \begin{document}
        {\LARGE Odile Varnham}

        ovarnham@example.org
        \section{Professional Experience}
        \experience{Nov 2021~--~on}{Coding Coordinator}{Ipsum Training Program}{}
        \experience{Apr 2019~--~Mar 2022}{Postdoctoral Researcher}{Lorem Geophysical Institute}{}
        \end{document}
    """)
    got = {p.title: p for p in r.positions}
    assert got["Coding Coordinator"].current and got["Coding Coordinator"].start == "2021-11"
    assert not got["Postdoctoral Researcher"].current


def test_labelled_location_and_constant_email_macro(tmp_path):
    # "\textbf{Location:} Vancouver-like town, Country" in the header: the place was not read; the
    # e-mail defined as a constant (\newcommand{\email}{…}) and used inside another macro
    # (\MAIL{\email}) was never expanded, so no e-mail was found
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\email}{ovarnham@example.org}
        \newcommand{\MAIL}[1]{\href{mailto:#1}{#1}}
        \begin{document}
        \begin{center}\textbf{\Huge Odile Varnham}\end{center}
        \begin{flushleft}
            \textbf{Location:} Tessby, Norway
            \\
            \textbf{email:} \MAIL{\email}
        \end{flushleft}
        \section{Education}
        \begin{itemize}
        \item 2014--2018, University of Lorimer, PhD in Geophysics
        \end{itemize}
        \end{document}
    """)
    assert r.person.location == "Tessby, Norway"
    assert r.person.emails == ["ovarnham@example.org"]


def test_name_from_a_centring_title_macro_over_nested_constants(tmp_path):
    # \maintitle{\fullname}, \fullname = \firstname{} \familyname, \maintitle centring its text: the
    # name was never expanded (three levels of macros, and a macro body with a center environment)
    # and no name was found; an ORCID iD written with TeX dashes gave a link with en dashes
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\firstname}{Odile}
        \newcommand{\familyname}{Varnham Brell}
        \newcommand{\orcid}{0000--0002--1825--0097}
        \newcommand{\fullname}{\firstname{} \familyname}
        \newcommand{\maintitle}[1]{
            \begin{center}
                \textbf{\Huge #1}
            \end{center}
        }
        \newcommand{\ORCID}[1]{\href{https://orcid.org/#1}{#1}}
        \begin{document}
        \maintitle{\fullname}
        \textbf{email:} \href{mailto:ovarnham@example.org}{ovarnham@example.org} \hfill \textbf{ORCID:} \ORCID{\orcid}
        \section{Education}
        \begin{itemize}
        \item 2014--2018, University of Lorimer, PhD in Geophysics
        \end{itemize}
        \end{document}
    """)
    assert r.person.name == "Odile Varnham Brell"
    assert "https://orcid.org/0000-0002-1825-0097" in r.person.profiles
    assert not any("–" in u for u in r.person.profiles)


def test_activities_section_with_a_teaching_assistantship(tmp_path):
    # "Related activities & experience" (a service heading that names no service) holding a teaching
    # assistantship, a lab course taught, and other activities: the courses had been service roles
    r = _tex(tmp_path, r"""
        \documentclass{lorem_cv}
        \name{Odile V. Varnham}
        \begin{document}
          \begin{cvSection}{Education}
            \appointment{2016 -- 2020}{B.Sc. in Physics}{Lorimer State University}
          \end{cvSection}
          \begin{cvSection}{Related activities \& experience}
            \appointment{2018}{Teaching assistant}{Ocean sensors course,
              Faculty of Physics, Lorimer SU}
            \appointment{2019 -- 2021}{Volunteer coordinator}{Halden Beach Cleanup Association}
          \end{cvSection}
        \end{document}
    """)
    assert [(t.role, "Ocean sensors course" in (t.course or "")) for t in r.teaching] == [("Teaching assistant", True)]
    assert not any("Ocean sensors" in (s.organization or "") + (s.role or "") for s in r.service)
    assert any("Halden Beach Cleanup" in (s.organization or "") for s in r.service)


# --- mends made when the passes were merged, each after a change on a saved real CV -----------
def test_centring_name_macro_with_a_font_switch_before_its_parameter(tmp_path):
    r"""\newcommand{\bigname}[1]{\begin{center}\Huge\scshape#1\end{center}}: expanded as text,
    "\scshapeJana Roe" was one unknown control word; the name was lost and a template's unused
    \newcommand{\name}{…} taken instead."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\name}{Template Person}
        \newcommand{\bigname}[1]{
            \begin{center}\fontfamily{phv}\selectfont\Huge\scshape#1\end{center}
        }
        \begin{document}
        \bigname{Jana Roe}
        \section*{Education}
        \begin{itemize}
        \item B.S. in Lorem Studies, Ipsum University, 2013--2017
        \end{itemize}
        \end{document}
        """)
    assert r.person.name == "Jana Roe"


def test_conferences_subsection_under_publications_lists_papers(tmp_path):
    r"""\subsection{Conferences} under Publications lists conference papers, not talks (a
    sub-heading naming talks or presentations is read as talks)."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Jana Roe}
        \section{Publications}
        \subsection{Conferences}
        \begin{enumerate}
        \item \underline{Jana Roe}, Sam Poe, and Lee Doe, ``Lorem: Mapping Ipsum Events to Dolor'' in \textit{Proceedings of the 9th Lorem Symposium on Ipsum Systems (LSIS)}, 2019.
        \end{enumerate}
        \subsection{Invited Talks}
        \begin{enumerate}
        \item ``Dolor sit amet for ipsum'', Lorem University, 2020.
        \end{enumerate}
        \end{document}
        """)
    assert [p.title for p in r.publications] == ["Lorem: Mapping Ipsum Events to Dolor"]
    assert len(r.talks) == 1 and "Mapping" not in r.talks[0].title



def test_line_numbers_after_a_macro_whose_body_spans_lines(tmp_path):
    r"""A one-argument macro whose body is written over several lines, used before the sections:
    expanded with its line breaks, every entry after it was numbered past its line in the source."""
    src = textwrap.dedent(r"""
        \documentclass{article}
        \newcommand{\bigname}[1]{
            \begin{center}
            \Huge\scshape#1
            \end{center}
        }
        \newcommand{\entry}[1]{
            \item #1
        }
        \begin{document}
        \bigname{Jana Roe}
        \section*{Awards}
        \begin{itemize}
        \entry{Lorem Prize for Ipsum Design, 2016}
        \entry{Dolor Medal of the Sit Society, 2015}
        \end{itemize}
        \end{document}
        """).lstrip()
    r = _tex(tmp_path, src)
    lines = src.splitlines()
    assert [a.name for a in r.awards] == ["Lorem Prize for Ipsum Design", "Dolor Medal of the Sit Society"]
    assert [lines[a.line - 1].strip()[:12] for a in r.awards] == ["\\entry{Lorem", "\\entry{Dolor"]
