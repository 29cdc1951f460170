r"""LaTeX CV shapes that round 1 of session 24 saw in one or two CVs each, counted again over all the
saved real LaTeX CVs (pooled) and fixed by general rules; each reduced to an invented snippet: names,
places, institutions and e-mails here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


# --- a town or country under a bold "Institution, Town, Country" line is no degree ----------------

def test_degree_in_first_bullet_under_institution_town_country(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Ilse Marwood}
        \section{Education}
        \textbf{Kestrel Institute of Technology}, Ambervale, Norway \hfill 2018 -- 2021
        \begin{itemize}
        \item M.Sc. in Mechanical Engineering
        \item Thesis: Damping of small turbine blades
        \end{itemize}
        \end{document}
        """)
    [e] = r.education
    assert e.institution == "Kestrel Institute of Technology"
    assert e.degree == "M.Sc. in Mechanical Engineering"
    assert e.level == "master"
    assert e.location == "Ambervale, Norway"
    assert e.thesis == "Damping of small turbine blades"


def test_degree_in_nested_bullet_under_bold_item(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Ilse Marwood}
        \section{Education}
        \begin{itemize}
        \item \textcolor{red}{\textbf{Quillon University - Ambervale, Portugal} \hfill \textit{2000 -- 2004}}
          \begin{itemize}
          \item \textbf{Bachelor of Science} in Software Engineering
          \item \textbf{GPA:} 17/20
          \end{itemize}
        \item \textbf{Harrowgate University, Lowmere, Portugal} \hfill 2005 -- 2007
          \begin{itemize}
          \item Master of Arts in Linguistics
          \end{itemize}
        \end{itemize}
        \end{document}
        """)
    assert [(e.degree, e.level) for e in r.education] == [
        ("Bachelor of Science in Software Engineering", "bachelor"), ("Master of Arts in Linguistics", "master")]
    assert [e.location for e in r.education] == ["Portugal", "Lowmere, Portugal"]
    assert r.education[1].institution == "Harrowgate University"


def test_institution_town_country_without_degree(tmp_path):
    # no degree anywhere (only a major among the bullets): the town and the country say where
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Ilse Marwood}
        \section{Education}
        \textbf{Harrowgate National University, Lowmere, Taiwan} \hfill \textit{Jul. 2022 -- Present}
        \begin{itemize}
        \item GPA: 4.1/4.3
        \item Major in Computer Science
        \end{itemize}
        \end{document}
        """)
    [e] = r.education
    assert e.institution == "Harrowgate National University"
    assert e.degree is None
    assert e.location == "Lowmere, Taiwan"
    assert e.current


# --- the place from a contacts macro: \PersonalEntry{Address}{…}, altacv \location, \address -----

def test_place_from_personal_entry_address(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\NewPart}[1]{\section*{\uppercase{#1}}}
        \newcommand{\PersonalEntry}[2]{
            \noindent\parbox{6em}{
            \textit{#1}}
            \hspace{1em} #2 \par}
        \newcommand{\JobEntry}[4]{
            \noindent \textbf{#1} \hfill #2 \par
            \noindent \textit{#3} \par
            \noindent \small #4 \normalsize \par}
        \begin{document}
        {\Huge Pella Dunstan}
        \NewPart{Personal details}{}
        \PersonalEntry{Address}{Tarnby, Denmark}
        \PersonalEntry{Phone}{+4512345678}
        \PersonalEntry{Email}{\url{pdunstan@example.org}}
        \NewPart{Work experience}{}
        \JobEntry{Lorem Analytics}{2019--2022}{Data Engineer}
        {Pipelines for sensor data.}
        \end{document}
        """)
    assert r.person.location == "Tarnby, Denmark"
    assert r.person.emails == ["pdunstan@example.org"]


def test_place_from_altacv_location(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{altacv}
        \begin{document}
        \name{Pella Dunstan}
        \tagline{Research Engineer}
        \personalinfo{
            \email{pdunstan@example.org}
            \phone{+52 55 1234 5678}
            \location{Lowmere, MX}
        }
        \makecvheader
        \section{Experience}
        \cvevent{Research Engineer}{Lorem Labs}{2020 -- 2023}{Lowmere}
        \end{document}
        """)
    assert r.person.location == "Lowmere, MX"


def test_entry_location_macro_with_dates_is_no_home(tmp_path):
    # guard: an entry's \location{Dates | Place} (sb2nov-like) is no place of the subject
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\location}[1]{\hfill{#1}}
        \begin{document}
        {\Huge Pella Dunstan}
        \location{2019 -- 2022 | Lowmere}
        \section{Experience}
        \textbf{Data Engineer}, Lorem Analytics \hfill 2019 -- 2022
        \end{document}
        """)
    assert r.person.location != "2019 -- 2022 | Lowmere"
    assert "2019" not in (r.person.location or "")


def test_place_from_one_argument_address_with_number_after_street(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Pella Dunstan}
        \address{Calle Lorem 2329, Villa Ambar, Argentina}
        \address{pdunstan@example.org \\ example.org/pd}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Universidad de Lowmere} \hfill {2014 -- 2019} \\
        Licenciatura en Física Teórica
        \end{rSection}
        \end{document}
        """)
    assert r.person.location == "Villa Ambar, Argentina"


# --- an author list in "Surname, Initials" form before the title, no year between ----------------

def test_surname_initials_authors_before_title_in_cvitem(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Nils}{Ambrose}
        \begin{document}
        \makecvtitle
        \section{Publications}
        \cvitem{2025}{\textbf{Ambrose, N.K.} Generic coverings in lattice models. \emph{Journal of Lorem Dynamics}, 35(11), 111103.}
        \cvitem{2023}{Quist, L., \textbf{Ambrose, N.}, Varga, J.P. Learning odd attractors with echo networks. \emph{Nonlinearity}, 36(9), 4674.}
        \cvitem{}{\textbf{Ambrose, N.K.}, Hale, J.L. and Dorn, J.H.P. Echo networks are universal approximators. \emph{Physica D}, 421, 132882.}
        \end{document}
        """)
    pubs = r.publications
    assert [p.title for p in pubs] == ["Generic coverings in lattice models", "Learning odd attractors with echo networks",
                                       "Echo networks are universal approximators"]
    assert [[a.name for a in p.authors] for p in pubs] == [
        ["N.K. Ambrose"], ["L. Quist", "N. Ambrose", "J.P. Varga"], ["N.K. Ambrose", "J.L. Hale", "J.H.P. Dorn"]]
    assert [a.is_subject for a in pubs[1].authors] == [False, True, False]
    assert [p.venue for p in pubs] == ["Journal of Lorem Dynamics", "Nonlinearity", "Physica D"]
    assert [p.year for p in pubs[:2]] == ["2025", "2023"]


def test_place_comma_initials_before_title_is_no_author(tmp_path):
    # guard: one "Name, X.Y." that is not the subject ("Washington, D.C.") is no author list
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Nils}{Ambrose}
        \begin{document}
        \makecvtitle
        \section{Publications}
        \cvitem{2019}{Washington, D.C. Workshop on lattice models: a report. \emph{Lorem Bulletin}, 12(3).}
        \end{document}
        """)
    [p] = r.publications
    assert p.authors == []
    assert p.title.startswith("Washington, D.C. Workshop")


# --- moderncv \cventry{Present}{Role}{Organization}: "Present" alone in the date column ------------

def test_cventry_present_alone_is_current_not_organization(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Nils}{Ambrose}
        \begin{document}
        \makecvtitle
        \section{Experience}
        \cventry{Present}{Research Associate}{University of Lowmere}{Ambervale, UK}{}{Modelling of small pumps.}
        \cventry{2019--2022}{Research Fellow}{Kestrel Institute}{Ambervale, UK}{}{}
        \end{document}
        """)
    first, second = r.positions
    assert (first.title, first.organization, first.location) == ("Research Associate", "University of Lowmere", "Ambervale, UK")
    assert first.current
    assert first.description == "Modelling of small pumps."
    assert (second.organization, second.start, second.end) == ("Kestrel Institute", "2019", "2022")


# --- link-label macros under a reference: \pl{Paper}{url} \pl{Code}{url} ------------------------

def test_label_then_link_macro_lines_are_links_of_the_paper_above(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\pl}[2]{[\href{#2}{#1}]}
        \begin{document}
        {\Large Tamsin Orrey}
        \section{Publications}
        \begin{enumerate}
          \item \textit{Quiet Splats: Feed-Forward Reconstruction of Small Rooms}.
                Lena Maro, \textbf{Tamsin Orrey}, Piet Vandel. In \textit{Lorem Vision Conference}, 2024.
                \pl{Paper}{https://arxiv.org/abs/2401.01234} \pl{Project}{https://example.org/quiet} \pl{Code}{https://example.org/code/quiet}
          \item \textit{Editing Moving Scenes from One Camera with Point Labels}.
                \textbf{Tamsin Orrey}, Lena Maro. In \textit{Lorem Graphics Forum}, 2023.
                \pl{Paper}{https://arxiv.org/abs/2305.04321}
        \end{enumerate}
        \end{document}
        """)
    pubs = r.publications
    assert len(pubs) == 2
    assert not any(p.title in ("Paper", "Project", "Code") for p in pubs)
    assert pubs[0].urls[-3:] == ["https://arxiv.org/abs/2401.01234", "https://example.org/quiet",
                                 "https://example.org/code/quiet"]
    assert pubs[0].arxiv == "2401.01234"
    assert pubs[1].arxiv == "2305.04321"


# --- the name: with the name one goes by in brackets, or only in the running head ----------------

def test_name_with_bracketed_goes_by_name_in_header_environment(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
            \begin{header}
                \textbf{\fontsize{16 pt}{16 pt}\selectfont Mei-Lin (Bruno) Tasko}

                \vspace{0.1 cm}

                \normalsize
                \mbox{\href{mailto:mltasko@example.org}{mltasko@example.org}}
            \end{header}
            \section{Education}
            \textbf{Harrowgate University} \hfill 2019 -- 2023
        \end{document}
        """)
    assert r.person.name == "Mei-Lin (Bruno) Tasko"


def test_name_only_in_fancyhdr_running_head(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{fancyhdr}
        \pagestyle{fancy}
        \lhead{\includegraphics[scale=0.6]{logo.png}}
        \rhead{Mr. OSTRANE Keld\\Tel: +45 1234 5678\\Email: kostrane@example.org}
        \begin{document}
        \section{Education}
        \begin{itemize}
          \item \textbf{M.S. of Remote Sensing} \\ Harrowgate University \\ Lowmere, Denmark. 2020 - 2023.
        \end{itemize}
        \end{document}
        """)
    assert r.person.name == "OSTRANE Keld"
    assert r.person.emails == ["kostrane@example.org"]
