"""Rules found in session 23 by an anomaly sweep over the ~390 real CVs saved by sessions 20-23
(detectors for suspicious values in the person, awards, teaching, service, talks, skills and
languages). Each test is an invented CV in the shape that showed the error; names, places and
addresses are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def test_page_footer_and_date_stamp_are_no_languages():
    # a plain-text CV whose last section is the languages, then the page's footer line (the
    # subject's name, "Curriculum Vitae", the page number) and a date stamp
    r = _doc("""
        Orla Quensby
        orla.quensby@lorem.example.org

        Education
        2019        PhD in Lorem Studies, University of Ipsum

        Languages
        Danish      native
        English     fluent (C1)
                               Orla Quensby · Curriculum Vitae · 1/1

        updated 4/2/21
        """, "cv.txt", "text")
    assert r.person.name == "Orla Quensby"
    assert r.languages == ["Danish", "English"]


def test_pandoc_definition_list_levels_and_notes_are_no_languages():
    # Pandoc definition lists: the language as the term, its level as the definition, and a
    # dated certificate under it ("~" marker)
    r = _doc("""
        # Tamsin Ewold

        Languages
        ---------

        Dutch
        :    Native

        English
        :    Full professional proficiency

            2016
              ~ Lorem Language Test: 7.5

        Korean
        :    Limited working proficiency

            2020
              ~ Ipsum Proficiency Certificate level 3
        """, "cv.md", "markdown")
    assert r.languages == ["Dutch", "English", "Korean"]


def test_language_list_full_stop_and_last_updated_line():
    # a LaTeX article CV: the languages as a sentence-like list ending in a full stop, and a
    # "Last updated" line after it
    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        {\Large Bram Osterhout}

        \section*{Languages}
        Swedish, Finnish, Italian.

        \vfill
        Last updated: March 2025
        \end{document}
        """, "cv.tex", "latex")
    assert r.languages == ["Swedish", "Finnish", "Italian"]


def test_skill_date_stamp_dropped_level_words_with_language_kept(tmp_path):
    # an HTML CV page: a definition list whose last term is the skills, then the page's
    # "updated <month year>" stamp in a heading of its own
    path = tmp_path / "cv.html"
    path.write_text("""<html><body><h1>Pell Durnay</h1>
    <dl>
      <dt>Education</dt>
      <dd><p>2014 PhD in Lorem Chemistry, University of Ipsum</p></dd>
      <dt>Skills and Languages</dt>
      <dd><p><br />
        Fortran programming, LaTeX<br />
        Electron microscopy<br />
        English, Fluent Danish, Some Portuguese<br />
      </p></dd>
    </dl>
    <h2><span class="date"><em>updated June 2019</em></span></h2>
    </body></html>""", encoding="utf-8")
    r = extract(read_document(path))
    assert "LaTeX" in r.skills
    assert not any("updated" in s for s in r.skills + r.languages)


def test_referee_address_under_a_french_references_heading():
    # a reStructuredText CV in French: the subject's address in the header, a referee's address
    # in the "Références" section at the end
    r = _doc("""
        ===============
        Yvette Carrodin
        ===============

        | E-mail : yvette.carrodin@lorem.example.fr

        ---------
        Formation
        ---------

        - 2012 : Doctorat en chimie, Université de Dolor

        ----------
        Références
        ----------

        | Pr. Anselme Vidrac
        | Directeur du laboratoire d'ipsum
        | anselme.vidrac@ipsum.example.fr
        """, "cv.rst", "markdown")
    assert r.person.emails == ["yvette.carrodin@lorem.example.fr"]


def test_month_day_year_dates_are_one_date():
    # US dates, the month first and the day (or days) before the year's comma
    from mappers.extract.fields import find_period, parse_date

    for text, date, part in (
            ("Organizer, Lorem Section Meeting, October 28–30, 2019, Ipsum Society", "2019-10", "October 28–30, 2019"),
            ("Dolor Colloquium (May 3rd, 2021)", "2021-05", "May 3rd, 2021"),
            ("Sit seminar, Aug 14 2018", "2018-08", "Aug 14 2018")):
        (start, _end, _cur), (a, b) = find_period(text)
        assert (start, text[a:b]) == (date, part)
    assert parse_date("July 11-15, 2022") == "2022-07"
    (start, end, _cur), _span = find_period("Mar 3, 2019 – June 1, 2020")
    assert (start, end) == ("2019-03", "2020-06")


def test_short_talks_with_full_dates_each_a_talk():
    # a plain list of talks, each "Event or kind, Month Day, Year" on a line of its own
    r = _doc("""
        Wendel Harroway
        wendel.harroway@lorem.example.edu

        Talks
        Lorem Ipsum conference, September, 2015
        Dolor University noon seminar, July 26, 2015
        Amet Centre noon seminar, July 17, 2015
        Informal meeting, Sed Institute, May 20 2015
        Brown-bag talk, Ipsum Springs, April 3 2014
        """, "cv.txt", "text")
    assert [(t.title, t.date) for t in r.talks] == [
        ("Lorem Ipsum conference", "2015-09"), ("Dolor University noon seminar", "2015-07"),
        ("Amet Centre noon seminar", "2015-07"), ("Informal meeting, Sed Institute", "2015-05"),
        ("Brown-bag talk, Ipsum Springs", "2014-04")]


def test_latex_item_event_name_then_bracketed_full_date():
    # a Pandoc-made LaTeX CV: each item the event in bold with its dates in brackets, then
    # lines about it after "\\\\"
    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        \section{Lorem Q. Ipsum}

        \hypertarget{education}{%
        \subsection{Education}\label{education}}

        \begin{itemize}
        \item
          \textbf{University of Dolor}, PhD in Astrophysics, 2019--2023
        \item
          \textbf{Ipsum Institute of Science}, BSc in Physics, 2015--2019
        \end{itemize}

        \hypertarget{conferences-and-seminars}{%
        \subsection{Conferences and Seminars}\label{conferences-and-seminars}}

        \begin{itemize}
        \item
          \textbf{Lorem Day: IPSUM workshop} (October 5, 2022)\\
          Went in person to the Lorem Observatory, Nordheim
        \item
          \textbf{Precisio Lorem Physics Summit} (September 11-13, 2020)\\
          Hosted by Lorem University, Ipsumpur\\
          Gave a short talk on sit amet to the
          student session.
        \end{itemize}
        \end{document}
        """, "cv.tex", "latex")
    assert [(t.title, t.date) for t in r.talks] == [
        ("Lorem Day: IPSUM workshop", "2022-10"), ("Precisio Lorem Physics Summit", "2020-09")]
    assert r.talks[1].host == "Hosted by Lorem University, Ipsumpur"


def test_service_month_ranges_and_event_days():
    # an HTML CV's list of responsibilities, each led by a bold "Mon YYYY - Mon YYYY" range, and
    # service lines naming an event with its days before the year
    r = _doc("""
        # Jane Quillory

        jane.quillory@lorem.example.org

        ## Responsibilities

        - Sep 2024 - Dec 2025 Member of the Data Board of the Lorem Survey
        - Jun 2024 Organiser of a side session at the Ipsum 22 meeting
        - Local Organizer, Dolor Regional Meeting, October 28-30, 2016, Amet Society, Lorem City, MN
        - Organizer, Sit Undergraduate Workshop, July 31 - August 3, 2011, University of Ipsum, Dolorton, MN
        - Lorem Ridge Station, Trail Volunteer (September 2016 - October 2016)
        """, "cv.md", "markdown")
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert got[0] == ("Member", "Data Board of the Lorem Survey", "Sep 2024 - Dec 2025")
    assert got[1][2] == "Jun 2024" and got[1][0] == "Organiser"
    # (session 24: the post is read apart from the event and body it was held for, the town left out)
    assert got[2] == ("Local Organizer", "Dolor Regional Meeting, Amet Society", "October 28-30, 2016")
    assert got[3] == ("Organizer", "Sit Undergraduate Workshop, University of Ipsum", "July 31 - August 3, 2011")
    assert got[4][2] == "September 2016 - October 2016" and "(" not in got[4][0]


def test_course_that_opens_with_its_term():
    # a LaTeX list of courses, each item its term in bold, a colon, then the course
    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        {\Large Nadia Verholt}

        \section*{Education}
        \begin{itemize}
        \item PhD in Mathematics, University of Lorem, 2016
        \end{itemize}

        \section*{Teaching}
        \begin{itemize}
        \item \textbf{Fall 2021}: \textbf{Ipsum field theory}, graduate course, Dolor Institute, Amet.
        \item \textbf{March 2019}: Sit modules for third-year students
        \end{itemize}
        \end{document}
        """, "cv.tex", "latex")
    courses = [(t.course, t.term) for t in r.teaching]
    assert len(courses) == 2
    assert courses[0][1] == "Fall 2021" and courses[0][0].startswith("Ipsum field theory")
    assert courses[1] == ("Sit modules for third-year students", "March 2019")


def test_orcid_broken_by_a_space_is_no_phone():
    # text pasted from a PDF whose ORCID iD was broken at the margin, the break become a space
    r = _doc("""
        Greta Vollmerhaus
        ✉ greta.v@ipsum.example   ☏ +49 30 555 0147   ORCID 0000-0003- 2468-135X

        Education
        2020        PhD in Lorem Studies, University of Dolor
        """, "cv.txt", "text")
    assert r.person.phones == ["+49 30 555 0147"]
