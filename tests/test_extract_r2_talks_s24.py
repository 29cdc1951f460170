"""Talk rules found in session 24's second round by detectors run over the 488 saved real CVs
(a talk's host holding its date or a note on how it was given, a list whose talk titles are
bullets with the event on the line under each, one LaTeX argument holding the whole talk).
Each test is an invented CV in the shape that showed the error; names, events and places are
made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _file(tmp_path, text: str, name: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return extract(read_document(path))


def _talks(r):
    return [(t.title, t.host, t.date) for t in r.talks]


def test_latex_talk_host_loses_its_date_and_how_it_was_given(tmp_path):
    # "\emph{Event}, Town, Country, days, year (\textit{Talk})": the days, the year and the note
    # in brackets are no part of the host; the month goes to the talk's date
    r = _file(tmp_path, r"""
        \documentclass[12pt]{article}
        \begin{document}
        \textbf{\Large Orla Quennell} \hfill orla.quennell@lorem.example.org\\
        \subsection{Positions}
        \begin{list}{}{\cvlist}
        \item
        Sep 2022 - Aug 2025: Research Fellow, Lorem Institute of Ipsum, Dunmore, UK
        \end{list}
        \subsection{Education}
        \begin{list}{}{\cvlist}
        \item
        2016 - 2022: PhD in Ipsum, Dunmore University, Dunmore, UK
        \end{list}
        \subsection{Talks}
        \begin{list}{}{\cvlist}
        \item Mar 2023:  \emph{Lorem Collaboration Summer Meeting}, Dunmore, UK, Mar 3 - Mar 7, 2023 (\textit{Talk}).
        \item Nov 2022:  \emph{Ipsum Winter Meeting}, Pellston, Chile, 8-12 Nov, 2022 (\textit{Virtual}).
        \item Apr 2022:  \emph{Flows around Dolor Stars}, QRT, Ambridge, 19 Apr, 2022 (\textit{Talk}).
        \end{list}
        \end{document}
        """, "cv.tex")
    assert _talks(r) == [
        ("Lorem Collaboration Summer Meeting", "Dunmore, UK", "2023-03"),
        ("Ipsum Winter Meeting", "Pellston, Chile", "2022-11"),
        ("Flows around Dolor Stars", "QRT, Ambridge", "2022-04"),
    ]


def test_yaml_talk_where_ending_in_month_and_year_gives_the_month():
    r = _doc("""
        name: Orla Quennell
        talks:
          - title: "Typed Folds"
            where: "Lorem Castle, Workshop on Approximate Ipsum, November 2015"
        """, "cv.yaml", "yaml")
    assert _talks(r) == [("Typed Folds", "Lorem Castle, Workshop on Approximate Ipsum", "2015-11")]


def test_host_with_another_year_or_several_events_is_kept():
    # a year in the host that is not the talk's ("…, 2009" under a 2012 talk) is no date to cut,
    # and a list of events parted by ";" each with its own date stays whole
    r = _doc("""
        Orla Quennell

        TALKS
        "Typed Folds", Lorem Fellows Reunion, Class of 2009, 2009, Dunmore. March 2012.
        """, "cv.txt", "text")
    assert [t.host for t in r.talks] == ["Lorem Fellows Reunion, Class of 2009, 2009, Dunmore"]
    assert [t.date for t in r.talks] == ["2012-03"]


def test_html_talk_titles_with_their_event_on_the_line_below(tmp_path):
    # an HTML list of talks: the title emphasised, then a line break and the event, its place and
    # its date, then the links to the slides; one talk per item (each item had been two talks,
    # the event line the second one's title)
    r = _file(tmp_path, """
        <html><body>
        <h1>Cora Vantelli</h1>
        <h2>Talks</h2>
        <ul>
          <li><em>Lattice Walks for Sparse Graphs</em>
            <br/>Ninth Lorem Workshop on Ipsum Methods (LWIM'14).  Dunmore, OR.  March 3, 2014.
            <br/>
            <a href="/slides/a.pdf">Slides</a>
          </li>
          <li><em>Ordered Folds in Typed Calculi</em>
            <br/>Second Dolor Verification Day (DVD'15).  Pellston, MI.  May 9, 2015.
            <br/>
            <a href="/slides/b.pdf">Slides</a> <a href="/dvd15/">Site</a> <a href="/v">Video (with member access)</a>
          </li>
        </ul>
        </body></html>
        """, "cv.html")
    assert _talks(r) == [
        ("Lattice Walks for Sparse Graphs", "Ninth Lorem Workshop on Ipsum Methods (LWIM'14). Dunmore, OR.", "2014-03"),
        ("Ordered Folds in Typed Calculi", "Second Dolor Verification Day (DVD'15). Pellston, MI.", "2015-05"),
    ]


def test_latex_date_argument_then_one_argument_holding_the_talk(tmp_path):
    # \cvitem{YEAR}{\textit{Title}, Event, Place. Month Year.} and \cvitem{YEAR}{Event (Town) — Title.}
    r = _file(tmp_path, r"""
        \documentclass[11pt,a4paper,sans]{moderncv}
        \moderncvstyle{classic}
        \firstname{Cora}
        \familyname{Vantelli}
        \email{cora.vantelli@lorem.example.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2019--2024}{Ph.D. in Applied Ipsum}{Dunmore University}{Dunmore}{}{}
        \section{Talks}
        \cvitem{2024}{\textit{Sparse Lattice Walks on Folded Graphs}, Ninth Lorem Workshop on Ipsum, Dunmore University, Dunmore, OR, USA. October 2024.}
        \cvitem{2023}{\textit{Braided Sums}, presented at LOREM'23}
        \section{Selected Talks}
        \cvitem{2023}{Dolor Congress on Applied Ipsum (Pellston) — Ordered Folds in Typed Calculi.}
        \cvitem{2022}{Sit Amet Days (Online) — Braided Sums and Their Limits.}
        \end{document}
        """, "cv.tex")
    assert _talks(r) == [
        ("Sparse Lattice Walks on Folded Graphs", "Ninth Lorem Workshop on Ipsum, Dunmore University, Dunmore, OR, USA",
         "2024-10"),
        ("Braided Sums", "LOREM'23", "2023"),
        ("Ordered Folds in Typed Calculi", "Dolor Congress on Applied Ipsum (Pellston)", "2023"),
        ("Braided Sums and Their Limits", "Sit Amet Days", "2022"),
    ]


def test_event_only_talk_loses_the_date_from_its_title_and_host():
    # a line naming only the event (the event stands for the title and is the host): its days,
    # its year and the note on how it was given are cut from both
    r = _doc("""
        # Orla Quennell

        orla.quennell@lorem.example.org

        ## Education

        - PhD in Ipsum, Dunmore University, 2016-2022

        ## Invited Talks

        - Lorem Conference on Folded Ipsum, Dunmore, UK, Mar 3 - Mar 7, 2023 (Talk).
        - Second Dolor Symposium, Pellston, Chile, 8-12 Nov, 2022 (Virtual).
        """, "cv.md", "markdown")
    assert _talks(r) == [
        ("Lorem Conference on Folded Ipsum, Dunmore, UK", "Lorem Conference on Folded Ipsum, Dunmore, UK", "2023-03"),
        ("Second Dolor Symposium, Pellston, Chile", "Second Dolor Symposium, Pellston, Chile", "2022-11"),
    ]


def test_markdown_html_item_bold_event_with_year_then_session_then_italic_title():
    # "<li><b>YEAR Event</b>, Town, ST. Symposium X: Session. <i>Title</i></li>" in a Markdown page:
    # the italic words are the title (they had been read into the host, the event as the title)
    r = _doc("""
        # Cora Vantelli

        ## Education

        - PhD in Ipsum, Dunmore University, 2010-2015

        ## Presentations

        <ol>
            <li><b>2016 Lorem Spring Meeting</b>, Dunmore, OR. Symposium QQ: Ipsum Damage in Dolor Solids. <i>Fast Annealing of Folded Lattices in Sit Crystals</i></li>
            <li><b>2014 Amet Conference</b>, Pellston, MI. Symposium RT-02: Ipsum Response of Solids. <i>Pulsed beams and their lorem defects.</i></li>
        </ol>
        """, "cv.md", "markdown")
    assert _talks(r) == [
        ("Fast Annealing of Folded Lattices in Sit Crystals",
         "Lorem Spring Meeting, Dunmore, OR, Symposium QQ: Ipsum Damage in Dolor Solids", "2016"),
        ("Pulsed beams and their lorem defects", "Amet Conference, Pellston, MI, Symposium RT-02: Ipsum Response of Solids", "2014"),
    ]


def test_presented_at_words_are_no_part_of_the_host():
    r = _doc("""
        name: Orla Quennell
        talks:
          - title: "Typed Folds"
            where: "Invited talk given to Lorem Geophysical Society (LGS)"
          - title: "Braided Sums"
            where: "presented at Ipsum 2022"
          - title: "Sparse Walks"
            where: "Poster presented at the Dolor Economists Conference, Dunmore"
        """, "cv.yaml", "yaml")
    assert [t.host for t in r.talks] == ["Lorem Geophysical Society (LGS)", "Ipsum 2022", "Dolor Economists Conference, Dunmore"]


def test_pandoc_nth_macro_and_french_day_ranges_in_event_only_talks():
    # "- \nth{2} Lorem Workshop, Town, Country, 12--14 avril 2019." (a pandoc CV): the ordinal
    # written out, the day range cut with the date; the talk's date at the end even when the
    # event's name holds its year
    r = _doc("""
        # Orla Quennell

        ## Education

        - PhD in Ipsum, Dunmore University, 2010-2015

        ## Exposés

        - \\nth{1} Lorem-Ipsum Workshop on Folded Graphs 2018, Dunmore Tech, 3--4 juin 2018.
        - \\nth{2} Dolor-Amet ML Workshop, Pellston, Chile, 12--14 avril 2019.
        - \\nth{23} Sit Symposium, Ambridge, Norway, 9--11 octobre 2019.
        """, "cv.md", "markdown")
    assert [(t.title, t.date) for t in r.talks] == [
        ("1st Lorem-Ipsum Workshop on Folded Graphs 2018, Dunmore Tech", "2018-06"),
        ("2nd Dolor-Amet ML Workshop, Pellston, Chile", "2019-04"),
        ("23rd Sit Symposium, Ambridge, Norway", "2019-10"),
    ]


def test_one_field_talk_title_then_event_or_host_then_title():
    # "Title, Lorem Group Seminar" and "Lorem University, Town. Title of the talk." with no host
    # read: parted at the event's comma part / at the full stop after the proper name; a short
    # title before an event word and a title whose first sentence is no proper name stay whole
    r = _doc("""
        name: Orla Quennell
        talks:
          - title: "Weighted Lorem Counting in Typed Graphs, Ipsum Group Seminar"
            date: 2022
          - title: "Dunmore University, Pellston. Folded lattices across the seasons."
            date: 2014
          - title: "Folds, a Workshop"
            date: 2013
          - title: "Braided sums revisited. Notes on lorem bounds"
            date: 2012
        """, "cv.yaml", "yaml")
    assert [(t.title, t.host) for t in r.talks] == [
        ("Weighted Lorem Counting in Typed Graphs", "Ipsum Group Seminar"),
        ("Folded lattices across the seasons", "Dunmore University, Pellston"),
        ("Folds, a Workshop", None),
        ("Braided sums revisited. Notes on lorem bounds", None),
    ]


def test_pasted_quoted_talks_run_on_in_one_line_are_parted():
    r = _doc("""
        Orla Quennell
        orla.quennell@lorem.example.org

        Education
        PhD in Ipsum, Dunmore University, 2010–2015

        Talks
        “Folded lattices for sparse walks”, Lorem Field Symposium, Pellston, July 2021. “Braided sums in typed calculi”, Ipsum Seminar, University of Dunmore, March 2019.
        """, "cv.txt", "text")
    assert _talks(r) == [
        ("Folded lattices for sparse walks", "Lorem Field Symposium, Pellston", "2021-07"),
        ("Braided sums in typed calculi", "Ipsum Seminar, University of Dunmore", "2019-03"),
    ]


def test_year_stop_quoted_title_host_then_month():
    # "2009. “Title.” Host, Unit. May." (a talk list under its years, the month last)
    r = _doc("""
        Orla Quennell
        orla.quennell@lorem.example.org

        Education
        PhD in Ipsum, Dunmore University, 2000–2005

        Invited Talks
        2009. “Rank and Renown in Lorem Studies.” University of Dunmore, Pellston School of Ipsum. May.
        """, "cv.txt", "text")
    assert _talks(r) == [("Rank and Renown in Lorem Studies", "University of Dunmore, Pellston School of Ipsum", "2009-05")]


def test_date_in_brackets_at_the_end_of_a_talk_title():
    r = _doc("""
        name: Orla Quennell
        talks:
          - title: "The Lorem Astronomy Meeting (LAM) (May 2-6, 2021)"
            date: 2021
          - title: "Folded Lattices (Part 2)"
            date: 2021
        """, "cv.yaml", "yaml")
    assert [(t.title, t.date) for t in r.talks] == [("The Lorem Astronomy Meeting (LAM)", "2021-05"),
                                                   ("Folded Lattices (Part 2)", "2021")]


def test_kind_of_talk_before_the_emphasised_title():
    r = _doc("""
        # Orla Quennell

        ## Education

        - PhD in Ipsum, Dunmore University, 2010-2015

        ## Talks

        - Keynote *Folded Lattices for Everyone*, Lorem Expo, Pellston, 5 juillet 2018.
        - Invited talk: *Braided Sums*, Ipsum Days, Dunmore, 3 mai 2017.
        """, "cv.md", "markdown")
    assert _talks(r) == [("Folded Lattices for Everyone", "Lorem Expo, Pellston", "2018-07"),
                         ("Braided Sums", "Ipsum Days, Dunmore", "2017-05")]
