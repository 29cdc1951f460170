"""Rules found in session 23 by an anomaly sweep over the publications of about 390 saved real CVs
(titles holding whole references, empty author lists where the text names the authors). Each test
is an invented CV in the shape that showed the problem; names, venues and files are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.fields import split_authors
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _pubs(record) -> dict[str, tuple[list[str], str | None, str | None]]:
    return {p.title: ([a.name for a in p.authors], p.venue, p.year) for p in record.publications}


def test_name_suffix_set_off_by_commas_stays_with_its_name():
    # APA: "Arbo, D. R., Jr, & Orsk, P."; forenames first: "R. Arbo, Jr., and P. Orsk"
    got = split_authors("Quillfeather, D., Arbo, D. R., Jr, & Orsk, P.", "Dana Quillfeather")
    assert got is not None
    assert [a.name for a in got[0]] == ["D. Quillfeather", "D. R. Arbo Jr.", "P. Orsk"]
    assert got[0][0].is_subject
    got = split_authors("D. Quillfeather, R. Arbo, Jr., and P. Orsk", "Dana Quillfeather")
    assert got is not None
    assert [a.name for a in got[0]] == ["D. Quillfeather", "R. Arbo Jr.", "P. Orsk"]
    # a surname that merely starts with the letters is no suffix
    got = split_authors("Jrisk, A., Srinath, B.", None)
    assert got is not None and [a.name for a in got[0]] == ["A. Jrisk", "B. Srinath"]


_APA_LINKED = """
    # Dana Quillfeather

    ## Publications

    2014
    :   Quillfeather, D., Tennyfield, C., Arbo, D. R., Jr, & Orsk, P. (2014). [Stable ponds under changing rain](/pubs/ponds.pdf). Pond Letters 17: 1–9.

    2012
    :   Orsk, P., Quillfeather, D., Tennyfield, C., & Arbo, D. R. [Tools for measuring the width of small ponds](/papers/J. Ponds 2012 Orsk.pdf). *Journal of Ponds*, 93(2), 329–341.
"""


def test_apa_reference_with_suffix_and_a_linked_title_whose_file_name_has_blanks():
    pubs = _pubs(_doc(_APA_LINKED, "cv.md", "markdown"))
    # (both had been one title holding the whole reference, with no authors)
    assert pubs["Stable ponds under changing rain"] == (
        ["D. Quillfeather", "C. Tennyfield", "D. R. Arbo Jr.", "P. Orsk"], "Pond Letters", "2014")
    assert pubs["Tools for measuring the width of small ponds"] == (
        ["P. Orsk", "D. Quillfeather", "C. Tennyfield", "D. R. Arbo"], "Journal of Ponds", "2012")


_LINK_MACRO_CV = r"""
\documentclass{article}
\newcommand{\me}{\textbf{Dana Quillfeather}}
\newcommand{\venue}[1]{{\itshape #1}}
\newcommand{\lnk}[2]{{\small[\href{#1}{#2}]}}
\newcommand{\pub}[3]{\item \parbox[t]{\linewidth}{{\bfseries #1}\\ #2\\ #3}}
\begin{document}
\begin{center}{\Large Dana Quillfeather}\end{center}
\section{Publications}
\begin{enumerate}
  \pub{Counting Pebbles: Dense Estimates for Shallow Streams}
      {\me, Oren Vale, Tilda Marsh}
      {\venue{PondConf 2025} \enspace \lnk{https://example.org/abs/2501.00001}{arXiv} \lnk{https://example.org/pebbles}{Project} \lnk{https://example.org/code}{Code}}
  \pub{Shallow Streams Revisited}
      {Oren Vale, \me}
      {\venue{Journal of Streams 2024}}
\end{enumerate}
\end{document}
"""


def test_own_link_macro_with_address_and_label_is_no_part_of_the_venue():
    rec = _doc(_LINK_MACRO_CV, "cv.tex", "latex")
    first = next(p for p in rec.publications if p.title.startswith("Counting Pebbles"))
    # (the addresses and labels had run together: "PondConf https://…00001arXiv https://…pebblesProject …")
    assert first.venue == "PondConf"
    assert first.urls == ["https://example.org/abs/2501.00001", "https://example.org/pebbles", "https://example.org/code"]
    assert first.status == "published"
    assert [a.name for a in first.authors] == ["Dana Quillfeather", "Oren Vale", "Tilda Marsh"]


_OWN_WORKS = """
    # Dana Quillfeather

    ## Publications

    - A Pebble Counting Method Based on Shallow Streams, *2021 IEEE International Conference on Pond Computing (PPC-2021)*, 2021, 89-075.

    - Counting Pebbles in Northern Lakes, *Journal of Small Waters*, 2019, 12(3): 44-51.

    - Counting Pebbles in Southern Lakes, *Journal of Small Waters*, 2018.
"""


def test_title_then_emphasised_venue_and_year_with_no_author_list():
    pubs = _pubs(_doc(_OWN_WORKS, "cv.md", "markdown"))
    # (the first had been one title holding venue, year and pages; the others no publication at all)
    assert pubs == {
        "A Pebble Counting Method Based on Shallow Streams":
            ([], "IEEE International Conference on Pond Computing (PPC-2021)", "2021"),
        "Counting Pebbles in Northern Lakes": ([], "Journal of Small Waters", "2019"),
        "Counting Pebbles in Southern Lakes": ([], "Journal of Small Waters", "2018"),
    }


_OLD_SWITCHES = r"""
\documentclass{article}
\begin{document}
\begin{center}{\Large Dana Quillfeather}\end{center}
\section*{Articles}
{\bf \em Quillfeather, D.} {\bf Barriers to counting pebbles before school}{ \em Numbers Weekly,} Vol. 28, Issue 4. (2015).

{\bf \em Quillfeather, D. }and Hollin, R. {\bf Teaching Maps to Teenagers.}{ \em Proceedings of the 9th Meeting on Maps.} (2014).
\end{document}
"""


def test_old_font_switches_bold_names_bold_title_italic_journal():
    pubs = _pubs(_doc(_OLD_SWITCHES, "cv.tex", "latex"))
    # (the first title had run into its journal, "… school Numbers Weekly, Vol"; the second had been
    # the subject's name, its venue "and Hollin, R. Teaching Maps …")
    assert pubs["Barriers to counting pebbles before school"] == (["D. Quillfeather"], "Numbers Weekly", "2015")
    names, venue, year = pubs["Teaching Maps to Teenagers"]
    assert names == ["D. Quillfeather", "R. Hollin"] and "Meeting on Maps" in venue and year == "2014"
    assert "Quillfeather, D" not in pubs


def test_stop_for_comma_after_one_surname_in_an_inverted_list():
    # "Farrow. J." among "Surname, I." names: a typing slip, still one author
    got = split_authors("Marlow, B., Tennyfield, C., Arbo, D., Farrow. J., Gable, K., Quillfeather, D., Orsk, P.",
                        "Dana Quillfeather")
    assert got is not None
    assert [a.name for a in got[0]] == ["B. Marlow", "C. Tennyfield", "D. Arbo", "J. Farrow", "K. Gable",
                                        "D. Quillfeather", "P. Orsk"]
    assert [a.is_subject for a in got[0]].count(True) == 1


_BLOG_BUTTON = """
    # Dana Quillfeather

    ## Publications

    2014
    :   Quillfeather, D., & Orsk, P. [Stable ponds under changing rain](/pubs/ponds.pdf). *Pond Letters* 17(3), 273–283. doi:10.1111/ele.00000 [**Blog Post**](/posts/ponds/)
"""


def test_blog_post_button_after_a_reference_is_no_part_of_the_venue():
    pubs = _pubs(_doc(_BLOG_BUTTON, "cv.md", "markdown"))
    # (the venue had been "Pond Letters Blog Post")
    assert pubs["Stable ponds under changing rain"] == (["D. Quillfeather", "P. Orsk"], "Pond Letters", "2014")


_SERVICE_SUBHEADING = """
    # Dana Quillfeather

    dana@quill.example.org

    ## Service and leadership
    ### Conferences and Publications
    * **PondConf** Reviewer
    * **Journal of Small Waters** Reviewer
    * **LAKE** Program Committee

    ## Publications

    - Quillfeather, D., & Orsk, P. (2014). Stable ponds under changing rain. *Pond Letters*, 17, 1–9.
"""


def test_publications_subheading_under_service_lists_venues_served():
    rec = _doc(_SERVICE_SUBHEADING, "cv.md", "markdown")
    # (each venue's name had been read as a paper's title)
    assert [p.title for p in rec.publications] == ["Stable ponds under changing rain"]
    assert [(s.organization, s.role) for s in rec.service[:2]] == [("PondConf", "Reviewer"),
                                                                  ("Journal of Small Waters", "Reviewer")]
    assert len(rec.service) == 3 and [s.line for s in rec.service] == [7, 8, 9]
