"""LaTeX CV shapes met on real public CVs read in session 19 (researchers' CVs in classes and
hand-made layouts not read before), each reduced to an invented snippet: names, titles,
institutions and venues here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_labelled_thesis_line_in_a_description_item_is_the_thesis_not_the_field(tmp_path):
    # \item[years] Degree @ \emph{School} \\ Thesis title: \emph{…}, defended on … \\ …
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \title{Mira Olsen}
        \maketitle
        \section*{Education}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[2020-2023]
              PhD @ \emph{Universit\'e de Valbonne} \\
              Thesis title: \emph{Rare transitions in a stochastic ocean model}, defended on March $3^\mathrm{rd}$ 2023 \\
              Final grade: very honourable
            \item[2017-2019]
              Master Degree in Physics @ \emph{University of Norrholm} \\
              Thesis title: \emph{Spin waves in thin garnet films}
          \end{description}
        \end{document}
        """)
    phd, msc = r.education
    assert phd.institution == "Université de Valbonne"
    assert phd.thesis == "Rare transitions in a stochastic ocean model"
    assert phd.field is None            # it was "defended on March 3^rd 2023"
    assert msc.thesis == "Spin waves in thin garnet films"
    assert msc.field == "Physics"


def test_advisor_at_the_end_of_a_line_of_an_education_item(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{report}
        \begin{document}
        {\Huge Tomas Brandvik}
        \section*{Education}
        \begin{description}
          \item[Ph.D.] Economics \\
          Westfield University, 2026 (expected) \\
          Field: Industrial Organization, Advisor: Ruth Kallio
          \item[B.A.] Economics \\
          Harrow College, 2017
        \end{description}
        \end{document}
        """)
    phd = r.education[0]
    assert phd.institution == "Westfield University"
    assert phd.advisors == ["Ruth Kallio"]


def test_degree_thesis_and_supervisor_lines_in_a_list_argument(tmp_path):
    # friggeri-cv \entry{dates}{degree}{school}{\begin{itemize} \item bachelor thesis: … \item
    # supervisor of thesis: Prof.Dr. … \end{itemize}}
    r = _tex(tmp_path, r"""
        \documentclass{friggeri-cv}
        \begin{document}
        \header{Jana}{Holm}{physicist}
        \section{Education}
        \begin{entrylist}
          \entry
            {10/15-08/18}
            {Bachelor in Physics}
            {Universit\"at Oberau}
            {\begin{itemize}
              \item grade: 1.7
              \item bachelor thesis: Dust traps in young disks
              \item supervisor of thesis: Prof.Dr. Lukas P. Wend
            \end{itemize}}
        \end{entrylist}
        \end{document}
        """)
    edu = r.education[0]
    assert edu.thesis == "Dust traps in young disks"
    assert edu.advisors == ["Lukas P. Wend"]


def test_institution_line_with_its_city_over_the_degree_line(tmp_path):
    # \textbf{University, City} \newline \emph{Degree, Field} (GPA: …) \rdate{years} \newline Thesis: …
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\mhead}[1]{\leavevmode\marginpar{#1}}
        \newcommand{\rdate}[1]{\hfill #1}
        \begin{document}
        {\Huge Ilsa Varn}
        \mhead{Education}%
        \textbf{Northgate University, Port Ellis} \newline
        \emph{Ph.D., Computer Science} (GPA: 3.91/4.0) \rdate{2011--2016} \newline
        Thesis: Sensing Stacks for Small Devices

        \medskip
        \textbf{Lindqvist University, Arvika, Sweden} \newline
        \emph{M.Sc., Computer Science} (GPA: 4.1/4.3) \rdate{2009--2011}

        \mhead{Awards}%
        Best Paper Award \rdate{2015}

        \mhead{Teaching}%
        Teaching Assistant, Operating Systems \rdate{2013}
        \end{document}
        """)
    phd, msc = r.education[:2]
    assert (phd.institution, phd.location, phd.field) == ("Northgate University", "Port Ellis", "Computer Science")
    assert phd.thesis == "Sensing Stacks for Small Devices"
    assert (msc.institution, msc.location, msc.field) == ("Lindqvist University", "Arvika, Sweden", "Computer Science")
