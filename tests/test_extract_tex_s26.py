r"""LaTeX CV shapes from session 26's fresh batch of LaTeX CVs, each fixed by a general rule and
reduced here to an invented snippet: names, places, institutions, titles and e-mails are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str, name: str = "cv.tex"):
    from mappers.read import read_document

    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


# --- spoken languages written among the skills ----------------------------------------------------

def test_moderncv_languages_row_labelled_in_french_is_languages(tmp_path):
    # \cvitem{Langues}{…} in a French moderncv CV: the levels are French words, the label names
    # spoken languages; they were read as two skills
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvtheme[blue]{classic}
        \firstname{Maelle}
        \familyname{Drouvet}
        \email{maelle.drouvet@example.org}
        \begin{document}
        \maketitle
        \section{Compétences}
        \cvitem{Programmation}{Fortran, Julia, Octave}
        \cvitem{Langues}{Anglais (courant), Italien (notions)}
        \section{Formation}
        \cventry{2015 -- 2018}{Doctorat en mathématiques}{Université de Valbrune}{}{}{}
        \end{document}
    """)
    assert r.languages == ["Anglais", "Italien"]
    assert "Anglais (courant)" not in r.skills and "Fortran" in r.skills


def test_programming_languages_under_a_german_label_stay_skills(tmp_path):
    # guard: German CVs call programming languages "Sprachen" too
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \firstname{Jorin}
        \familyname{Hessbach}
        \email{jorin.hessbach@example.org}
        \begin{document}
        \makecvtitle
        \section{Kenntnisse}
        \cvitem{Sprachen}{Gute Kenntnisse in Fortran, Julia und Octave}
        \section{Ausbildung}
        \cventry{2012 -- 2016}{Promotion in Informatik}{Universität Lindenfurt}{}{}{}
        \end{document}
    """)
    assert r.languages == []
    assert "Julia und Octave" in r.skills


def test_skills_row_with_the_level_before_each_language(tmp_path):
    # "Languages: Native Danish, excellent English, good French." in a skills list read as plain
    # text: the levels come first, the names were kept as skills
    r = _tex(tmp_path, r"""
        \begin{center}
        {\large \textbf{Esben Kolvraa}}
        \end{center}
        Email: esben.kolvraa@example.org

        \textbf{Experience}

        2016--2020 Brindle Analytics, Aarvik: Data Engineer.

        2012--2016 Harrow Systems, Aarvik: Developer.

        \textbf{Education}

        2012 Master of Computer Science, University of Aarvik.

        \textbf{Other Skills}

        Programming: Clojure, Erlang, Elm.

        Languages: Native Danish, excellent English, good French.
    """)
    assert r.languages == ["Danish", "English", "French"]
    assert not any("English" in s for s in r.skills)


def test_unlabelled_line_of_languages_among_skills(tmp_path):
    # a line of spoken languages, some with their level before the name, under a heading naming
    # skills and languages
    from mappers.read import read_document

    path = tmp_path / "cv.md"
    path.write_text(textwrap.dedent("""
        # Dimitra Koulaki

        dimitra.koulaki@example.org

        ## Education

        - 2011, PhD in Geography, University of Pelion

        ## Skills and Languages

        - Shell scripting, SVG/CSS
        - Field survey design
        - English, Fluent Greek, Reading Italian
    """).lstrip())
    r = extract(read_document(path))
    assert r.languages == ["English", "Greek", "Italian"]
    assert "Shell scripting" in r.skills and not any("Greek" in s for s in r.skills)


def test_natural_languages_label_without_colon(tmp_path):
    # "Natural Languages" run into its first item without a colon
    from mappers.read import read_document

    path = tmp_path / "cv.md"
    path.write_text(textwrap.dedent("""
        # Samir Oudane

        samir.oudane@example.org

        ## Education

        - 2014, BSc in Computer Science, Marrow University

        ## Skills

        - Python, Go, Prolog
        - Natural Languages Tamil (native), Danish (basic), and Greek (reading knowledge).
    """).lstrip())
    r = extract(read_document(path))
    assert r.languages == ["Tamil", "Danish", "Greek"]
    assert "Prolog" in r.skills and not any("Tamil" in s for s in r.skills)


# --- a skip's stretch and shrink ------------------------------------------------------------------

def test_vskip_glue_is_no_text(tmp_path):
    # \newcommand{\is}{\par\vskip.5ex plus .4ex} between entries: "plus .4ex" was read into the
    # next entry's degree
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\is}{\par\vskip.5ex plus .4ex minus .2ex}
        \begin{document}
        {\Large Ilse Varnhof}

        ilse.varnhof@example.org
        \section{Education}
        \is
        \textbf{PhD in Hydrology}, University of Tarnwald, 2019
        \is
        \textbf{MSc in Geology}, University of Tarnwald, 2015
        \end{document}
    """)
    text = " ".join(str(e.degree) + " " + str(e.institution) for e in r.education)
    assert "plus" not in text and "minus" not in text
    assert [e.degree for e in r.education][:1] and "Hydrology" in (r.education[0].degree or "") + (r.education[0].field or "")


# --- the mathematicians' reference shape ----------------------------------------------------------

_AMS_LIST = r"""
    \documentclass{article}
    \begin{document}
    \begin{center}{\Huge Ansel Vorquist}\\ ansel.vorquist@example.edu\end{center}
    \section{Education}
    Ph.D., Mathematics, University of Tollmark, 2018
    \section{Publications}
    \begin{enumerate}
        \item Braided orbits of quadratic maps, with R. Ekwall and T. Sorn\textsuperscript{*}, submitted (2026), arXiv:2601.01234.
        \item Heights of periodic points over function fields, with M. J. Oyelaran, \emph{Quill J. Math.} \textbf{41} (2024), no. 2, 101--133.
        \item Sparse necklaces and their cyclotomic parts, \emph{Acta Lorem.} \textbf{17} (2021), 55--70.
        \item Counting points on tangled curves, \emph{Int. Lorem Res. Not.} \textbf{2019}, no. 8, 2211--2240.
    \end{enumerate}
    \end{document}
"""


def test_ams_references_title_coauthors_journal(tmp_path):
    # "Title, with A and B, \emph{Journal} \textbf{vol} (year)": the journal had been read as the
    # title and the title with its co-authors as the venue
    r = _tex(tmp_path, _AMS_LIST)
    by_title = {p.title: p for p in r.publications}
    assert set(by_title) == {"Braided orbits of quadratic maps", "Heights of periodic points over function fields",
                             "Sparse necklaces and their cyclotomic parts", "Counting points on tangled curves"}
    p = by_title["Heights of periodic points over function fields"]
    assert [a.name for a in p.authors] == ["Ansel Vorquist", "M. J. Oyelaran"] and p.authors[0].is_subject
    assert p.venue == "Quill J. Math." and p.year == "2024"
    q = by_title["Braided orbits of quadratic maps"]
    assert [a.name for a in q.authors] == ["Ansel Vorquist", "R. Ekwall", "T. Sorn"]
    assert q.status == "in submission" and q.year == "2026" and q.arxiv == "2601.01234"
    s = by_title["Sparse necklaces and their cyclotomic parts"]
    assert s.venue == "Acta Lorem." and s.year == "2021" and s.authors == []
    assert by_title["Counting points on tangled curves"].year == "2019"


def test_authors_first_reference_is_not_read_as_ams_shape(tmp_path):
    # guard: a reference opening on its authors keeps its authors (the title is not the author list)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Ansel Vorquist}\\ ansel.vorquist@example.edu
        \section{Education}
        Ph.D., Mathematics, University of Tollmark, 2018
        \section{Publications}
        \begin{enumerate}
            \item R. Ekwall, A. Vorquist, Heights of periodic points over function fields, \emph{Quill J. Math.} \textbf{41} (2024), 101--133.
        \end{enumerate}
        \end{document}
    """)
    assert len(r.publications) == 1
    p = r.publications[0]
    assert not p.title.startswith("R. Ekwall")


# --- table cells and home pages -------------------------------------------------------------------

def test_multicolumn_with_braced_alignment_prints_only_its_text(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{tabularx}
        \begin{document}
        {\Huge Ansel Vorquist}\\ ansel.vorquist@example.edu
        \section{Service}
        \begin{tabularx}{\textwidth}{@{}X p{1.7in} r@{}}
            Seminar organizer & University of Tollmark & 2020--2022\\
            \multicolumn{3}{@{}p{\textwidth}@{}}{\textbf{Referee for} Quill J. Math., Acta Lorem.}
        \end{tabularx}
        \end{document}
    """)
    text = " ".join(f"{s.role} {s.organization}" for s in r.service)
    assert "@" not in text and "3@p" not in text
    assert any(s.role == "Referee" and s.organization == "Quill J. Math." for s in r.service)


def test_homepage_tilde_macro(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Liesel}
        \familyname{Ombra}
        \email{liesel.ombra@example.org}
        \homepage{lab.example.edu/\textasciitilde lombra/}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2013}{Ph.D. in Computer Science}{University of Brennick}{}{}{}
        \end{document}
    """)
    assert r.person.homepage == "https://lab.example.edu/~lombra/"


# --- a supervisor's name with a sentence after it; a referee's address after a role ----------------

def test_mentor_and_advisor_names_end_before_the_sentence_after_them(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{casual}
        \name{Corin}{Valdane}
        \email{corin.valdane@example.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2019--present}{PhD Computer Science}{University of Ostrel}{Ostrel}{}{Advisor: Hanna Lorrimer. Topics: mesh repair, rendering}
        \section{Experience}
        \cventry{Summer 2018}{Undergraduate Researcher}{Ostrel Institute of Technology}{}{}
        {Mentor: Prof. Tobias Wren. Built a solver for sparse elastic rods and proved its stability}
        \end{document}
    """)
    assert r.education[0].advisors == ["Hanna Lorrimer"]
    assert r.positions[0].mentors == ["Tobias Wren"]


def test_referee_address_after_a_role_is_left_out(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \name{Corin}{Valdane}
        \email{corin.valdane@example.org}
        \begin{document}
        \makecvtitle
        \section{Experience}
        \cventry{June 2019 -- August 2019}{Data Analyst Intern (m.hollis@lorem-analytics.example)}{Lorem Analytics}{Ostrel}{}{}
        \end{document}
    """)
    assert r.positions[0].title == "Data Analyst Intern"
    assert r.positions[0].organization == "Lorem Analytics"
