r"""LaTeX CV shapes from session 25's fresh batch of LaTeX CVs, each fixed by a general rule and
reduced here to an invented snippet: names, places, institutions, titles and e-mails are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def _names(pub) -> list[str]:
    return [a.name for a in pub.authors]


# --- the co-authors in a "(with …)" note: before the title, or after a bold title ----------------

_WITH_NOTES = r"""
    \documentclass{article}
    \def\name{Orla Vennick}
    \begin{document}
    {\huge \name}
    \section*{Contact}
    Email: orla.vennick@example.org
    \section*{Publications}
    \subsection*{Published:}
    \begin{itemize}
    \item (with Tamsin Hale, Ruari Obst) Braided lattice paths and their shadow counts, {\it Journal of Pelagic Combinatorics}, Volume 12, Issue 3, (2024)
    \item (with Ruari Obst) Moments of skew polynomials on the annulus, {\it The Quillon Journal}, Volume 7, (2021)
    \end{itemize}
    \subsection*{Preprints:}
    \begin{itemize}
    \item (with Tamsin Hale) Folded partitions at levels one and two
    \end{itemize}
    \section*{Working papers}
    \begin{itemize}
    \item \textbf{Harbour Tolls, Ferries, and Fares: Evidence from Island Crossings} (with Ines Calloway and Bo Renner) \href{https://example.org/wp1}{[Working paper]}
    \item \textbf{Bargaining over Moorings} (with Ines Calloway)
    \end{itemize}
    \end{document}
    """


def test_with_note_before_the_title_gives_the_authors_title_and_journal(tmp_path):
    r = _tex(tmp_path, _WITH_NOTES)
    by_title = {p.title: p for p in r.publications}
    p = by_title["Braided lattice paths and their shadow counts"]
    assert _names(p) == ["Orla Vennick", "Tamsin Hale", "Ruari Obst"]
    assert p.authors[0].is_subject
    assert p.venue == "Journal of Pelagic Combinatorics"
    assert p.year == "2024"
    p = by_title["Moments of skew polynomials on the annulus"]
    assert _names(p) == ["Orla Vennick", "Ruari Obst"]
    assert p.venue == "The Quillon Journal"
    assert p.year == "2021"


def test_with_note_before_a_title_without_venue(tmp_path):
    r = _tex(tmp_path, _WITH_NOTES)
    [p] = [p for p in r.publications if p.title.startswith("Folded partitions")]
    assert p.title == "Folded partitions at levels one and two"
    assert _names(p) == ["Orla Vennick", "Tamsin Hale"]
    assert p.status == "preprint"


def test_with_note_after_a_bold_title(tmp_path):
    r = _tex(tmp_path, _WITH_NOTES)
    by_title = {p.title: p for p in r.publications}
    # the bold title's words before its commas are no authors
    p = by_title["Harbour Tolls, Ferries, and Fares: Evidence from Island Crossings"]
    assert _names(p) == ["Orla Vennick", "Ines Calloway", "Bo Renner"]
    assert "https://example.org/wp1" in p.urls
    p = by_title["Bargaining over Moorings"]
    assert _names(p) == ["Orla Vennick", "Ines Calloway"]
    assert len(r.publications) == 5


def test_reference_with_author_list_is_not_read_as_a_with_note(tmp_path):
    # guard: a reference that names its authors keeps them (no note, no subject added)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \def\name{Orla Vennick}
        \begin{document}
        {\huge \name}
        \section*{Publications}
        \begin{itemize}
        \item T. Hale, \textbf{O. Vennick} and R. Obst. ``Braided lattice paths.'' \textit{Journal of Pelagic Combinatorics}, 12, 2024.
        \end{itemize}
        \end{document}
        """)
    [p] = r.publications
    assert p.title == "Braided lattice paths"
    assert _names(p) == ["T. Hale", "O. Vennick", "R. Obst"]
    assert p.year == "2024"


# --- the subject's place: no link labels, no date stamp ------------------------------------------

def test_resume_cls_address_of_contacts_gives_no_place_from_link_labels(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Pell Ardagh}
        \address{pell@example.edu \\ (555)-010-2299 \\ \href{https://scholar.example.org/pa}{google scholar} \\ \href{https://github.com/pellardagh}{github}}
        \begin{document}
        \begin{rSection}{Education}
        \textbf{Ph.D., Ecology, University of Tarnwick} \hfill 2024-
        \end{rSection}
        \end{document}
        """)
    assert r.person.emails == ["pell@example.edu"]
    assert r.person.location is None


def test_moderncv_address_with_update_stamp_is_no_place(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{banking}
        \firstname{Sevrin}
        \familyname{Oakhurst}
        \address{Born in Velmora (IT), 01/02/1990}{Last update: May 2026}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2016-2018}{MSc in Economics}{University of Tarnwick}{Italy}{}{}
        \end{document}
        """)
    assert r.person.location is None


def test_moderncv_address_town_and_country_still_read(tmp_path):
    # guard: a town and a country are the place
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{banking}
        \firstname{Sevrin}
        \familyname{Oakhurst}
        \address{12 Lorem Street}{Velmora}{Italy}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2016-2018}{MSc in Economics}{University of Tarnwick}{Italy}{}{}
        \end{document}
        """)
    assert r.person.location == "Velmora, Italy"


# --- an e-mail address with an escaped underscore -------------------------------------------------

def test_email_with_escaped_underscore_is_whole(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}
        \textbf{\Huge Wren Castellane} \\
        \href{mailto:wren_castellane@mail.example.edu}{\underline{wren\_castellane@mail.example.edu}} $|$ \href{https://example.org}{example.org}
        \end{center}
        \section{Education}
        \textbf{Lorem University} \hfill 2020 -- 2024 \\
        B.Sc. in Physics
        \end{document}
        """)
    assert r.person.emails == ["wren_castellane@mail.example.edu"]


# --- "Post-doc" is a role ---------------------------------------------------------------------------

def test_post_doc_role_comma_organisation_comma_dates(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Employment}
        \begin{itemize}
        \item Post-doc, Dolor University, Mar. 2024 - Dec. 2024
        \item Lecturer, University of Lorem, Jan. 2021 - Feb. 2024
            \begin{itemize}
            \item Taught calculus.
            \end{itemize}
        \end{itemize}
        \end{document}
        """)
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Post-doc", "Dolor University"), ("Lecturer", "University of Lorem")]
    assert r.positions[0].start == "2024-03" and r.positions[0].end == "2024-12"


# --- section headings: contest results, programming languages, courses taken ------------------

def test_competitive_programming_section_is_no_skills_list(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE \textbf{Noor Halloway}}
        \section*{Competitive Programming}
        \begin{itemize}
          \item Grandmaster on Lorem Judge, max rating 2600.
          \item Champion, Ipsum Regional Contest, 2019; 4th Place, Dolor Finals, 2021.
        \end{itemize}
        \section*{Skills}
        Python, C++, Rust
        \end{document}
        """)
    assert r.skills == ["Python", "C++", "Rust"]
    assert any(a.name.startswith("Champion, Ipsum Regional Contest") for a in r.awards)


def test_program_languages_heading_gives_skills_not_spoken_languages(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \firstname{Noor}
        \familyname{Halloway}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2019 -- 2022}{Bachelor's Degree in Mathematics}{University of Lorem}{}{}{}
        \section{Computer Languages}
        \cvitem{}{Proficient in: C++, Python, Haskell}
        \section{Languages}
        \cvitem{English}{Native}
        \cvitem{Welsh}{Intermediate}
        \end{document}
        """)
    assert {"C++", "Python", "Haskell"} <= set(r.skills)
    assert r.languages == ["English", "Welsh"]


def test_courses_taken_at_a_school_are_no_degrees(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{banking}
        \firstname{Noor}
        \familyname{Halloway}
        \newcommand{\pub}[2]{\cvlistitem{#1. \\ #2}}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2019 -- 2022}{Bachelor's Degree in Mathematics}{University of Lorem, Italy.}{}{}{}
        \section{Courses for the School of Advanced Studies}
        \pub{Distributed Systems 28h (2023)}{Reference: a textbook on distributed algorithms.}
        \pub{Category Theory 28h (2021)}{Keywords: functors, natural transformations.}
        \end{document}
        """)
    assert [e.degree for e in r.education] == ["Bachelor's Degree in Mathematics"]


# --- an APA reference in a macro's argument keeps its year ------------------------------------------

def test_apa_reference_in_numbered_macro_keeps_its_year(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \firstname{Noor}
        \familyname{Halloway}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2019 -- 2022}{Bachelor's Degree in Mathematics}{University of Lorem}{}{}{}
        \section{Publications}
        \cvitem{2}{Halloway, N., Doe, Y., \& Poe, W. (2026). Degree of lorem interpretability. \textit{Journal of Ipsum Science}, 1--21.}
        \cvitem{1}{Doe, Y., \& Halloway, N. (2019a). Sit amet over dolor fields. \textit{Ipsum Letters}, 4(2), 10--20.}
        \end{document}
        """)
    assert [(p.title, p.year, p.venue) for p in r.publications] == [
        ("Degree of lorem interpretability", "2026", "Journal of Ipsum Science"),
        ("Sit amet over dolor fields", "2019", "Ipsum Letters")]
    assert _names(r.publications[1]) == ["Y. Doe", "N. Halloway"]
