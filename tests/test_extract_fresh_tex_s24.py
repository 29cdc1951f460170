r"""LaTeX CV shapes that recurred (three CVs or more) in a fresh batch of real public LaTeX CVs read
in session 24, each reduced to an invented snippet: names, places, institutions and e-mails here
are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


# --- the place in a header line of contacts parted by symbols or table columns ---------------

def test_place_before_textbar_contacts(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}
          {\Huge \textbf{Orla V. Quennell}}\\[4pt]
          Brindlemark, Norway \textbar{} +47 55 12 34 56 \textbar{}
          \href{mailto:oquennell@example.org}{oquennell@example.org}
        \end{center}
        \section{Experience}
        Lorem Analytics \hfill 2019 -- 2022 \\
        Data Engineer
        \end{document}
        """)
    assert r.person.location == "Brindlemark, Norway"
    assert r.person.phones == ["+47 55 12 34 56"]


def test_place_before_cdot_contacts(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}{\Large\textbf{Tamsin Okereke}}\end{center}
        \begin{center}
            \footnotesize Corvallen, Portugal $\cdot$ tokereke@example.org $\cdot$ +351 912 345 678
        \end{center}
        \section{Education}
        \textbf{Lorem University} \hfill 2018 -- 2022
        \end{document}
        """)
    assert r.person.location == "Corvallen, Portugal"


def test_place_after_icon_and_in_table_column(tmp_path):
    # the place after an icon ("\faMapMarker*", "\faMapO:"), in a table's column, with an aside
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{tabular*}{\textwidth}{l@{\extracolsep{\fill}}r}
            \textbf{\Huge{Idris Falconbridge}} & \faEnvelope: \url{ifalcon@example.org} \\
            \faGithub: \url{https://github.com/ifalcon-example} & \faMapO: Wrenhaven, OR (Open to relocation) \\
        \end{tabular*}
        \section{Education}
        \textbf{Lorem University} \hfill 2015 -- 2019
        \end{document}
        """)
    assert r.person.location == "Wrenhaven, OR"
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}
        \LARGE{Bettina Quarrel} \\[4pt]
        \faMapMarker* \ Lisbourne, Italy \ $|$ \ \faPhone \ +39 345-123-4567 \ $|$ \
        \href{mailto:bquarrel@example.org}{\faEnvelope \ bquarrel@example.org}
        \end{center}
        \section{Education}
        \textbf{Lorem Polytechnic} \hfill 2020 -- 2023
        \end{document}
        """)
    assert r.person.location == "Lisbourne, Italy"


def test_street_address_with_number_and_postcode_gives_the_town(tmp_path):
    # a house number and a postcode make seven digits, no telephone number
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\info}[2]{\noindent\textsl{#1} #2 \par}
        \begin{document}
        {\Huge Maren Ostrowicz}
        \info{Email}{mostrowicz@example.org}
        \info{Address}{Lipova Ulica 14B, 51000 Drevnik, Croatia}
        \section*{Education}
        \textbf{Masters in Physics} \hfill 2019--2022
        \end{document}
        """)
    assert r.person.location == "Drevnik, Croatia"


def test_phone_number_is_no_place(tmp_path):
    # guard: a line holding a telephone number and a place-like run of words is not read as the place
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Piet Vandersloot}\\
        Lorem Group, Ipsum Institute \textbar{} +31 20 123 4567
        \section{Education}
        \textbf{Lorem University} \hfill 2015 -- 2019
        \end{document}
        """)
    assert r.person.location is None


# --- spoken languages listed among the skills -------------------------------------------------

def test_languages_label_line_under_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Soren Lindqvale}\\
        \href{mailto:slindqvale@example.org}{slindqvale@example.org}
        \section{Education}
        \textbf{Lorem University} \hfill 2016 -- 2020 \\
        B.Sc. in Physics
        \section{Skills}
        \textbf{Programming:} Python, Rust, CUDA\\
        \textbf{Languages:} Swedish (native), Spanish (fluent, DELE C1)
        \end{document}
        """)
    assert r.languages == ["Swedish", "Spanish"]
    assert "Python" in r.skills and not any("Swedish" in s or "Spanish" in s for s in r.skills)


def test_spoken_row_and_label_over_lines(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{tabularx}
        \begin{document}
        {\Huge Ilaria Montebrun}\\
        \href{mailto:imontebrun@example.org}{imontebrun@example.org}
        \section{Education}
        \textbf{Lorem Polytechnic} \hfill Sep 2021 -- Jul 2023 \\
        M.Sc.\ in Computing Engineering
        \section{Skills}
        \begin{tabularx}{\linewidth}{@{} l X @{}}
        \textbf{Languages} & C, C++, Python, Bash \\
        \textbf{Spoken}    & Italian (Native), English (C1) \\
        \end{tabularx}
        \end{document}
        """)
    # "Languages" over programming languages stays a skills group
    assert r.languages == ["Italian", "English"]
    assert {"C++", "Python", "Bash"} <= set(r.skills)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Ilaria Montebrun}\\
        \href{mailto:imontebrun@example.org}{imontebrun@example.org}
        \section{Education}
        \textbf{Lorem Polytechnic} \hfill 2021 -- 2023 \\
        M.Sc. in Computing Engineering
        \section{Skills}
        \textbf{Technical}\\
        Git / Docker / Kubernetes

        \textbf{Languages}\\
        Portuguese (\textit{Native})\newline
        German (\textit{Fluent})
        \end{document}
        """)
    assert r.languages == ["Portuguese", "German"]
    assert not any("Portuguese" in s or "German" in s for s in r.skills)


def test_language_as_label_of_its_level(tmp_path):
    # under "Language Skills": each language the label of its level or certificate
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{enumitem}
        \begin{document}
        {\Huge Wen Harlowe}\\
        \href{mailto:wharlowe@example.org}{wharlowe@example.org}

        \noindent{\normalsize\textbf{Education}}

        \noindent\textbf{Lorem University} \hfill \textit{2016 -- 2020}
        \begin{itemize}
          \item Bachelor of Science in Physics
        \end{itemize}

        \noindent\textbf{Ipsum Institute of Technology} \hfill \textit{2020 -- 2022}
        \begin{itemize}
          \item Master of Science in Mathematics
        \end{itemize}

        \noindent{\normalsize\textbf{Awards and Scholarship}}
        \begin{itemize}
            \item Lorem University scholarship of level B \hfill \textit{2018 Dec}
            \item Dolor Foundation Scholarship \hfill \textit{2019 Dec}
        \end{itemize}

        \noindent{\normalsize\textbf{Language Skills}}
        \begin{itemize}
          \item \textbf{Chinese:} Native
          \item \textbf{English:} IELTS 7, TOEFL 98
        \end{itemize}
        \end{document}
        """)
    assert r.languages == ["Chinese", "English"]
    assert r.skills == []


# --- a skills group's label over its list ----------------------------------------------------

def test_group_label_line_over_list_is_no_skill(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{longtable}
        \begin{document}
        {\Huge Anselm Rothgarde}\\
        \href{mailto:arothgarde@example.org}{arothgarde@example.org}
        \section{Education}
        \textbf{Lorem University} \hfill 2016 -- 2020 \\
        B.Sc. in Physics
        \section{Skills}
        \textbf{Frameworks} \newline
        PyTorch (proficient), JAX (basics)

        \textbf{Tooling}\\
        Git, Docker, Kubernetes
        \end{document}
        """)
    assert {"PyTorch", "JAX", "Git", "Docker", "Kubernetes"} <= {s.split(" (")[0] for s in r.skills}
    assert "Frameworks" not in r.skills and "Tooling" not in r.skills


def test_bold_item_over_sub_items_gives_the_sub_items(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Anselm Rothgarde}\\
        \href{mailto:arothgarde@example.org}{arothgarde@example.org}
        \section{Education}
        \textbf{Lorem University} \hfill 2016 -- 2020 \\
        B.Sc. in Physics
        \section{Technical Skills}
        \begin{list}{}{\setlength{\leftmargin}{0pt}}
        \item \textcolor{RedViolet}{\textbf{Speech Tools}} \vspace{0.5em}
              \begin{itemize}
                  \item Alignment: Lorem Aligner, Ipsum Sync
                  \item Annotation: DolorTag
              \end{itemize}
        \item \textcolor{RedViolet}{\textbf{Programming Languages}} \vspace{0.5em}
              \begin{itemize}
                  \item Python, Julia
              \end{itemize}
        \end{list}
        \end{document}
        """)
    assert {"Lorem Aligner", "Ipsum Sync", "DolorTag", "Python", "Julia"} <= set(r.skills)
    assert "Speech Tools" not in r.skills and "Programming Languages" not in r.skills


def test_single_skill_line_is_kept(tmp_path):
    # guard: a short line that lists nothing after it is a skill, not a label
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Anselm Rothgarde}\\
        \href{mailto:arothgarde@example.org}{arothgarde@example.org}
        \section{Education}
        \textbf{Lorem University} \hfill 2016 -- 2020 \\
        B.Sc. in Physics
        \section{Skills}
        \begin{itemize}
        \item Finite Element Methods
        \item Python, Fortran
        \end{itemize}
        \end{document}
        """)
    assert "Finite Element Methods" in r.skills and "Python" in r.skills


# --- a year written before its month ----------------------------------------------------------

def test_year_before_month_period():
    from mappers.extract.fields import find_period

    assert find_period("2021 Sep -- 2025 Jun")[0] == ("2021-09", "2025-06", False)
    assert find_period("2026 Apr -- Now")[0] == ("2026-04", None, True)
    # guard: a year before other words is the year alone
    assert find_period("ICML 2019 Long Beach")[0] == ("2019", None, False)


# --- a venue and year set before an italic title ---------------------------------------------

_TAGGED_PAPERS = r"""
    \documentclass{article}
    \usepackage{enumitem}
    \newcommand{\me}{\textbf{Odile Prestwick}}
    \begin{document}
    {\Huge ODILE PRESTWICK}\\
    \href{mailto:oprestwick@example.org}{oprestwick@example.org}
    \section{Education}
    \textbf{Lorem University} \hfill Sept. 2018 -- June 2022 \\
    B.Eng. in Computer Science
    \section{Publications}
    \begin{enumerate}[label=\arabic*.]
      \item (\textbf{Under review, LRNC 2026})
            \textit{Folding Lattices for Sparse Quorum Estimation}.
            Hale Vintner\textsuperscript{*}, \me, Priya Okonkwo-Lund, Dmitri Aldous.
      \item (\textbf{VISX 2023})
            \textit{Ripple Meshes: Streaming Geometry for Shared Rooms}.
            Tomasz Erwell, \me, Ines Caldarro.
    \end{enumerate}
    \end{document}
    """


def test_venue_tag_before_italic_title(tmp_path):
    r = _tex(tmp_path, _TAGGED_PAPERS)
    got = [(p.title, p.venue, p.year, p.status, [a.name for a in p.authors]) for p in r.publications]
    assert got == [
        ("Folding Lattices for Sparse Quorum Estimation", "LRNC", "2026", "under review",
         ["Hale Vintner", "Odile Prestwick", "Priya Okonkwo-Lund", "Dmitri Aldous"]),
        ("Ripple Meshes: Streaming Geometry for Shared Rooms", "VISX", "2023", "published",
         ["Tomasz Erwell", "Odile Prestwick", "Ines Caldarro"]),
    ]


def test_author_list_before_italic_title_is_no_tag(tmp_path):
    # guard: "A. Roe and B. Doe (2019). *Title*": the authors, not a venue tag, open the item
    r = _tex(tmp_path, _TAGGED_PAPERS.replace(r"(\textbf{VISX 2023})", r"Tomasz Erwell and Ines Caldarro (2023)."))
    second = r.publications[1]
    assert second.title == "Ripple Meshes: Streaming Geometry for Shared Rooms"
    assert second.venue != "Tomasz Erwell and Ines Caldarro"
