r"""LaTeX CV shapes met on a second random sample of real public LaTeX CVs scored against
hand-written gold records in session 22 (a US grant biosketch, a résumé class whose entry macro
spreads its arguments over several lines, the "Role (dates) \\ Advisor \\ Org" list of an
astronomer's CV, a res.cls CV), each reduced to an invented snippet: names, titles, institutions,
venues and e-mails here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_professional_preparation_is_education(tmp_path):
    # a US grant biosketch names its degrees "Professional Preparation"; the section was unrecognised
    # and the degrees were dropped
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Odile P. Varnham} \\
        {\url{ovarnham@example.org}}
        \section*{Professional Preparation}
        \begin{itemize}
            \item Ph.D., Ocean Chemistry,
            University of Lorimer, Tessby, WA,
            June 2014
            \item B.S., Chemistry,
            Brackley College, Halden, OR,
            2008
        \end{itemize}
        \section*{Appointments and Positions}
        \begin{itemize}
            \item 2014 -- Present: Research Scientist, Fenwick Marine Laboratory, Tessby, WA
        \end{itemize}
        \end{document}
    """)
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D.", "University of Lorimer", "2014-06"), ("B.S.", "Brackley College", "2008")]
    assert [(p.title, p.organization) for p in r.positions] == [("Research Scientist", "Fenwick Marine Laboratory")]


def test_class_entry_macro_arguments_one_a_line(tmp_path):
    # a résumé class's \resumeitem{Role} / {Org} / {Dates}, one argument a line, the macro defined in
    # the class, not the file: only the first argument was read and the entry was dropped (the
    # one-line form of the same macro was read)
    r = _tex(tmp_path, r"""
        \documentclass{lorem-resume}
        \author{Pia Quennell}
        \begin{document}
        \maketitle
        \section{Education}

        \resumeitem{Bachelor of Science, Geology}
        {Halvorsen College}
        {September 2016 -- June 2020}

        \section{Work Experience}

        \resumeitem{Research Assistant}
        {Halvorsen University}
        {September 2022 -- present}

        \begin{itemize}
        	\item Built sediment models with Professor Ada Brisk.
        \end{itemize}

        \resumeitem{Lab Technician}{Brackley Institute}{March 2020 -- May 2022}

        \resumeitem{Field Guide}
        {Orrin Lake Camp}
        {June -- September 2019}

        \section{Skills}
        {\raggedright
        Python, R
        }
        \end{document}
    """)
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Bachelor of Science, Geology", "Halvorsen College", "2016-09", "2020-06")]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Research Assistant", "Halvorsen University", "2022-09", None, True),
        ("Lab Technician", "Brackley Institute", "2020-03", "2022-05", False),
        ("Field Guide", "Orrin Lake Camp", "2019-06", "2019-09", False)]
    assert r.skills == ["Python", "R"]


def test_advisor_line_in_a_listed_post_is_the_mentor(tmp_path):
    # "Role (dates) \\ Advisor: … \\ Department, School, University, address" (a list after an
    # astronomer's layout): the advisor line came before the organization and was read as the role,
    # the role as the organization
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \textbf{\Large Imre Dalgaard}
        \subsection{Education}
        \begin{list}{}{\cvlist}
          \item
                PhD 2021, Department of Earth Studies, Harwell University, Lorland.\\Advisor: Prof. Wendel Astor
        \end{list}
        \subsection{Work Experience}
        \begin{list}{}{\cvlist}
          \item
              Project Research Assistant (2022/4 - current) \\
              Advisor: Asst prof. Wendel Astor \\
              Department of Earth Studies, Graduate School of Science, Harwell University, 1-2-3 Oka, Tessby 100-0001, Lorland \\
              Theme: Timing of faint pulsars
        \end{list}
        \subsection{Scholarships}
        \begin{list}{}{\cvlist}
          \item 2015/4-2021/3: Lorland Ministry Scholarship (LRD 4M)
        \end{list}
        \end{document}
    """)
    [p] = r.positions
    assert (p.title, p.start, p.current) == ("Project Research Assistant", "2022-04", True)
    assert "Harwell University" in p.organization and p.mentors and p.mentors[0].endswith("Wendel Astor")


def test_advisor_line_under_a_role_and_its_organization(tmp_path):
    # "\years{…} \textbf{Role}, Org, Town, Region \\ Advisor: …" then a list: the role's own line
    # names the organization; the advisor line had been the role and the whole line the organization
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\years}[1]{\marginpar{#1}}
        \begin{document}
        {\Large Imre Dalgaard}
        \section*{Research Experience}

        \years{2017-2022}
        \textbf{Graduate Research Assistant}, Brackley Institute of Technology, Tessby, Lorland\\
        Advisor: Hanne Liv Oster
        \begin{itemize}
            \item I built a solver for timing models, used by two observatories.
        \end{itemize}
        \end{document}
    """)
    [p] = r.positions
    assert (p.title, p.organization, p.start, p.end) == ("Graduate Research Assistant", "Brackley Institute of Technology", "2017", "2022")
    assert p.mentors == ["Hanne Liv Oster"]


def test_month_with_apostrophe_year(tmp_path):
    # "Sep'22 - Aug'25: Role, Org": the posts had no dates at all
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \textbf{\Large Imre Dalgaard} \hfill \textsf{\small idalgaard@example.org}
        \subsection{Positions}
        \begin{list}{}{\cvlist}
        \item
        Sep'22 - Aug'25: Postdoctoral Scientist, Fenwick Observatory, Tessby, Lorland
        \item
        Aug'22: Bridge Fellow, Harwell Institute for Astronomy, Oka, Lorland
        \end{list}
        \subsection{Education}
        \begin{list}{}{\cvlist}
          \item Sep 2018 - Jul 2022: PhD in Astronomy, Harwell University, Lorland.
        \end{list}
        \subsection{Honors \& Awards}
        \begin{list}{}{\cvlist}
          \item Lorland Early Career Prize, 2021.
        \end{list}
        \end{document}
    """)
    assert [(p.title, p.start, p.end) for p in r.positions] == [
        ("Postdoctoral Scientist", "2022-09", "2025-08"), ("Bridge Fellow", "2022-08", None)]


def test_referee_with_a_dash_or_for_gives_one_entry_a_venue(tmp_path):
    # "Active Referee --- Journal" (the venue on the next line) and "reviewer for A, B, C": the venue
    # had been lost into the role, and the list had been one organization "B, C" under "A"
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \textbf{\Large Imre Dalgaard}
        \subsection{Education}
        \begin{list}{}{\cvlist}
          \item Sep 2018 - Jul 2022: PhD in Astronomy, Harwell University, Lorland.
        \end{list}
        \subsection{Professional service \& activities}
        \begin{list}{}{\cvlist}
          \item Active Referee ---
                LJA
          \item reviewer for LorAJ, IpsRAS, NeurLIPS
        \end{list}
        \subsection{Honors \& Awards}
        \begin{list}{}{\cvlist}
          \item Lorland Early Career Prize, 2021.
        \end{list}
        \end{document}
    """)
    assert [(s.role, s.organization) for s in r.service] == [
        ("Active Referee", "LJA"), ("Reviewer", "LorAJ"), ("Reviewer", "IpsRAS"), ("Reviewer", "NeurLIPS")]


def test_itemsep_after_begin_itemize_is_no_entry(tmp_path):
    # res.cls CV: "{\bf School,} Degree \hfill dates" then "\begin{itemize} \itemsep -2pt" — the
    # spacing command was read as an education entry named "2pt", one per degree
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \name{Imre Dalgaard\\[12pt]}
        \begin{resume}
        \section{Education}
        	{\bf Harwell University,} PhD Physics \hfill 2019 -- present
        	\begin{itemize} \itemsep -2pt
        		\item advisor: Wendel Astor
        	\end{itemize}

        	{\bf Brackley College,} Physics, BA \hfill 2015 -- 2018
        	\begin{itemize} \itemsep -2pt
        		\item ranked first of the year
        	\end{itemize}

        \section{Academic \\ Honors}
        Lorland Prize in Physics (Harwell, 2022, \$3k)\\
        Oka Scholarship (Brackley, 2017, \$1k)\\
        \end{resume}
        \end{document}
    """)
    assert [(e.institution, e.start) for e in r.education] == [("Harwell University", "2019"), ("Brackley College", "2015")]
    assert not any("2pt" in (e.degree or "") + (e.institution or "") + (e.field or "") for e in r.education)


def test_courses_listed_under_a_teaching_assistant_post(tmp_path):
    # "\resumeitem{Teaching Assistant}{College}{dates}" with "Classes: A, B, and C" in its list: the
    # courses were only words of the post's description
    r = _tex(tmp_path, r"""
        \documentclass{lorem-resume}
        \author{Pia Quennell}
        \begin{document}
        \maketitle
        \section{Education}
        \resumeitem{Bachelor of Arts, Geology}{Halvorsen College}{September 2016 -- June 2020}
        \section{Work Experience}
        \resumeitem{Teaching Assistant}{Halvorsen College}{March 2018 -- June 2020}
        \begin{itemize}
        	\item Hold office hours and grade homework for geology classes.
        	\item Classes:
        	      Sediment Studies,
        	      Rock Mechanics I,
        	      and Field Mapping.
        \end{itemize}
        \resumeitem{Lab Technician}{Brackley Institute}{June 2020 -- May 2022}
        \end{document}
    """)
    assert [(t.course, t.role, t.institution) for t in r.teaching] == [
        ("Sediment Studies", "Teaching Assistant", "Halvorsen College"),
        ("Rock Mechanics I", "Teaching Assistant", "Halvorsen College"),
        ("Field Mapping", "Teaching Assistant", "Halvorsen College")]
    assert [p.title for p in r.positions] == ["Teaching Assistant", "Lab Technician"]


def test_footnote_in_an_award_is_no_part_of_its_name(tmp_path):
    # "LRC\footnote{Lorland Research Council} - Junior Fellowship, 2017-2018": the footnote's words
    # ran into the name; "Oka Fellowship, 2018--2022." had left "Oka Fellowship, ."
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \textbf{\Large Imre Dalgaard} \hfill \textsf{\small idalgaard@example.org}
        \subsection{Education}
        \begin{list}{}{\cvlist}
          \item Sep 2018 - Jul 2022: PhD in Astronomy, Harwell University, Lorland.
        \end{list}
        \subsection{Positions}
        \begin{list}{}{\cvlist}
        \item
        Sep 2022 - Aug 2025: Postdoctoral Scientist, Fenwick Observatory, Tessby, Lorland
        \end{list}
        \subsection{Honors \& Awards}
        \begin{list}{}{\cvlist}
          \item Oka Fellowship, 2018--2022.
          \item LRC\footnote{Lorland Research Council, Govt. of Lorland} - Junior Fellowship, 2017-2018.
        \end{list}
        \end{document}
    """)
    assert [(a.name, a.year) for a in r.awards] == [("Oka Fellowship", "2018"), ("LRC - Junior Fellowship", "2017")]


def test_link_to_an_undefined_macro_is_no_home_page(tmp_path):
    # "\href{\orcidurl}{ORCID: \orcid}" with the macros in an \input file: the macro's name had been
    # taken for the address "https://orcidurl", the home page; a macro the file defines is followed
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \input{aliases}
        \newcommand{\siteurl}{https://idalgaard.example.org}
        \begin{document}
        \textbf{\Large Imre Dalgaard} \\
        \textsf{\small
            \href{mailto:idalgaard@example.org}{idalgaard@example.org} | %
            \href{\orcidurl}{ORCID: \orcid} | %
            \href{\siteurl}{my site}
        }
        \subsection{Education}
        \begin{list}{}{\cvlist}
          \item Sep 2018 - Jul 2022: PhD in Astronomy, Harwell University, Lorland.
        \end{list}
        \subsection{Positions}
        \begin{list}{}{\cvlist}
        \item Sep 2022 - Aug 2025: Postdoctoral Scientist, Fenwick Observatory, Tessby, Lorland
        \end{list}
        \subsection{Honors \& Awards}
        \begin{list}{}{\cvlist}
          \item Oka Fellowship, 2018--2022.
        \end{list}
        \end{document}
    """)
    assert r.person.homepage == "https://idalgaard.example.org"
