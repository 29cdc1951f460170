"""Rules found in session 24 by an anomaly sweep over the 386 real CVs saved by sessions 20-23
(single dates read as the wrong end, skill group labels kept as skills, talks and their titles,
awards and service entries that are whole sentences). Each test is an invented CV in the shape
that showed the error; names, journals, societies and places are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str, fmt: str):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _service(r):
    return [(s.role, s.organization, s.period) for s in r.service]


def test_reviewer_of_abbreviated_journals_gives_one_entry_per_journal():
    # journals named by their abbreviations ("J. Lor. Chem. Soc."), the date column read into the
    # line, and a list ending "… Phys. and Ipsum." with no comma before "and"
    r = _doc("""
        Ansel Pruitt
        ansel.pruitt@lorem.example.org

        SERVICE
        2021–present  Reviewer: J. Lor. Chem. Soc., Ips. Lett., Dol. Catal.
        Referee for Phys. Rev. E, J. Low Lorem Phys. and Ipsum.
        Reviewer for Lorem Letters, Ipsum Review, Dolor Journal
        """, "cv.txt", "text")
    assert _service(r) == [
        ("Reviewer", "J. Lor. Chem. Soc.", "2021–present"),
        ("Reviewer", "Ips. Lett.", "2021–present"),
        ("Reviewer", "Dol. Catal.", "2021–present"),
        ("Referee", "Phys. Rev. E", None),
        ("Referee", "J. Low Lorem Phys.", None),
        ("Referee", "Ipsum", None),
        ("Reviewer", "Lorem Letters", None),
        ("Reviewer", "Ipsum Review", None),
        ("Reviewer", "Dolor Journal", None),
    ]


def test_memberships_parted_by_bullets_are_one_society_each():
    # a line of societies under "Professional Memberships", parted by bullets (a PDF's text, the
    # line wrapped after a bullet)
    r = _doc("""
        Ansel Pruitt
        ansel.pruitt@lorem.example.org

        Professional Memberships
        Society for the Study of Lorem Policy • Ipsum Research Forum •
        Dolor Finance Association

        Teaching
        2018          LRM 101: Introduction to Lorem
        """, "cv.txt", "text")
    assert _service(r) == [
        ("Member", "Society for the Study of Lorem Policy", None),
        ("Member", "Ipsum Research Forum", None),
        ("Member", "Dolor Finance Association", None),
    ]


def test_bold_group_labels_over_lists_are_no_skills():
    # a Markdown skills section: bold lines naming each group over a list of the tools in it
    r = _doc("""
        # Ansel Pruitt

        ## Skills

        **Workflow Orchestration**

        * ***Lorempipe***
          * Tasklet
          * Flowmill
        * Ipsumflow

        **Query Languages**

        * ***SQL***
          * Dolorbase
          * SQLite

        **Software**

        * Gitlet
        * Overleaf
        """, "cv.md", "markdown")
    assert r.skills == ["Tasklet", "Flowmill", "Ipsumflow", "Dolorbase", "SQLite", "Gitlet", "Overleaf"]


def test_plain_group_labels_are_no_skills_but_named_fields_stay():
    # PDF text: plain group labels over bulleted tools; a label line that lists two groups
    r = _doc("""
        Ansel Pruitt
        ansel.pruitt@lorem.example.org

        SKILLS
        Database and caching
        • Redis
        • PostgreSQL

        Operating Systems, Softwares and Libraries
        Linux, Windows, Docker

        Embedded Systems, Signal Processing, Lorem Tools
        """, "cv.txt", "text")
    assert "Database and caching" not in r.skills
    assert "Operating Systems" not in r.skills and "Softwares and Libraries" not in r.skills
    # ("Embedded Systems" names a field, "Lorem Tools" a tool: skills)
    assert {"Redis", "PostgreSQL", "Linux", "Windows", "Docker", "Embedded Systems", "Lorem Tools"} <= set(r.skills)


def test_latex_date_argument_left_open_is_a_current_post_or_degree():
    # a date argument ending in a dash ("{Mar 2022 -}", "\hfill{2024-}", a tabbing cell
    # "\bf{2022-}" over "\bf{Present}"): begun, not ended; a degree so dated is under way, not
    # conferred in that year
    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        {\Large Ansel Pruitt}
        \section{Employment}
        \begin{rSubsection}{Lorem Vision Laboratory, University of Ipsum}{Mar 2022 -}{Graduate Research Assistant}{}
        \item Studying how lorem ipsum dolor works.
        \end{rSubsection}
        \begin{rSubsection}{Dolor Lab, Amet College}{Jan 2019 - Dec 2021}{Research Technician}{}
        \item Built things.
        \end{rSubsection}

        \section{Education}
        \tabbedblock{
        \bf{2022-} \> \href{http://example.org/}{PhD in Lorem Physics} - University of Ipsum, Amet, Spain\\
        \bf{Present}\\[5pt]
        }

        \tabbedblock{
        \bf{2019-2021} \> Master in Dolor Physics - University of Ipsum, Amet, Spain\\[5pt]
        }
        \end{document}
        """, "cv.tex", "latex")
    posts = [(p.title, p.start, p.end, p.current) for p in r.positions]
    assert ("Graduate Research Assistant", "2022-03", None, True) in posts
    assert ("Research Technician", "2019-01", "2021-12", False) in posts
    degrees = [(e.degree, e.start, e.end, e.current) for e in r.education]
    assert degrees == [("PhD in Lorem Physics", "2022", None, True), ("Master in Dolor Physics", "2019", "2021", False)]

    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        {\Large Ansel Pruitt}
        \section{\textbf{Employment}}
        \smallskip
        \centering
        Adjunct Lecturer, Faculty of Lorem, University of Amet, Norway \hfill{2024-}

        \section{\textbf{Research Fields}}
        Lorem Studies, Ipsum Theory\hfill{}
        \end{document}
        """, "cv.tex", "latex")
    assert [(p.title, p.start, p.end, p.current) for p in r.positions] == [("Adjunct Lecturer", "2024", None, True)]


def test_open_range_before_chinese_or_japanese_text_is_current():
    # "2020年4月- 所属" (a Japanese list of posts, the dash glued to the date, then a blank) and
    # "2022.09–预计 2027.06" (a Chinese degree under way: "预计" = expected)
    r = _doc("""
        # 山田 花子

        ## 職歴

        - 2016年4月-2020年3月	架空理工大学情報系助教
        - 2020年4月- 架空理工大学情報系講師

        ## 教育经历

        <div class="resume-entry">
        <div class="resume-entry-heading"><h4>架空理工大学 · 应用统计 · 博士在读</h4><span>2022.09–预计 2027.06</span></div>
        </div>
        """, "cv.md", "markdown")
    assert [(p.start, p.end, p.current) for p in r.positions] == [("2016-04", "2020-03", False), ("2020-04", None, True)]
    assert [(e.start, e.end, e.current) for e in r.education] == [("2022-09", None, True)]


def test_post_then_event_body_and_place_is_split():
    # an HTML list of service posts: the post, the event, its dates, the body and the town
    r = _doc("""
        <html><body><h1>Ansel Pruitt</h1>
        <h2>Professional Activities</h2>
        <ul>
        <li><span class="em">Local Organizer</span>, Spring Western Section Meeting, October 12-14, 2018, Lorem Mathematical Society, Springfield, MN</li>
        <li><span class="em">Organizer</span>, Ipsum Student Research Day, July 30 - August 2, 2012, University of Dolor, Portland, OR.</li>
        <li><span class="em">Associate Editor</span>, <i>Journal of Lorem Analysis</i>, 1998-2003.</li>
        </ul>
        </body></html>
        """, "cv.html", "html")
    assert _service(r) == [
        ("Local Organizer", "Spring Western Section Meeting, Lorem Mathematical Society", "October 12-14, 2018"),
        ("Organizer", "Ipsum Student Research Day, University of Dolor", "July 30 - August 2, 2012"),
        ("Associate Editor", "Journal of Lorem Analysis", "1998-2003"),
    ]


def test_awards_run_on_with_their_years_or_a_description_are_split_or_cut():
    # RenderCV bullets: two awards on one line, each closed by its year
    r = _doc("""
        cv:
          name: Ansel Pruitt
          sections:
            Fellowships and Training:
              - bullet: Lorem Minerva Fellowship (2021); Ipsum Fellowship, graduate school selection (2019).
        """, "cv.yaml", "yaml")
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Minerva Fellowship", "2021"), ("Ipsum Fellowship, graduate school selection", "2019")]
    # an honour named in a first sentence, then a sentence describing it
    r = _doc("""
        name: Ansel Pruitt
        honors:
          - place: University of Lorem
            location: Ipsum, Spain
            title: Granted Dolor Scholarship. Competitive contract for the training of research staff
            dates: 2021
        """, "cv.yaml", "yaml")
    assert [(a.name, a.year) for a in r.awards] == [("Granted Dolor Scholarship", "2021")]


def test_latex_superscript_marks_and_ordinals_in_talks():
    # a one-letter superscript keyed to a legend ("$^i$ = invited") before each item is no part of
    # the title; "$17^{th}$" is the ordinal "17th"
    r = _doc(r"""
        \documentclass{article}
        \begin{document}
        {\Large Ansel Pruitt}
        \section{Talks}
        $^i$\emph{Invited}, $^s$\emph{Schools}
        \begin{itemize}
        \item $^i$ Mar 2023:  \emph{Lorem Absorber Meeting}, Ipsumburg, 28 Mar, 2023 (\textit{Talk}).
        \item $^s$ Aug 2019:  \emph{Summer School: Dolor Formation}, Ametville, 20 Aug 2019.
        \end{itemize}
        \section{Conference Presentations}
        $17^{th}$ Conference on Lorem Computing, University of Ipsum, Norway \hfill{2024} \\
        \end{document}
        """, "cv.tex", "latex")
    titles = [t.title for t in r.talks]
    assert len(titles) == 3 and not any("^" in t for t in titles)
    assert titles[0].startswith("Lorem Absorber Meeting")
    assert titles[1].startswith("Summer School: Dolor Formation")
    assert titles[2].startswith("17th Conference on Lorem Computing")


def test_talk_written_event_date_colon_title():
    # an HTML list of talks: "Event, Month Day, Year: Title" (linked), then a seminar line and a
    # bold label over the schools attended
    r = _doc("""
        <html><body><h1>Ansel Pruitt</h1>
        <h2>Talks</h2>
        <p>
        <br> Lorem Observatory lunch talk, July 26, 2015
        <br> <a href="talks/a.pdf">Dolor of Star Birth, June 21, 2012: Mapping the cold ipsum gas with LORAS</a>
        <br> <a href="talks/b.pdf">AM2010 conference, September 19th, 2010: The Lorem Galactic Survey and Ipsum Follow-up</a>
        <br> <a href="talks/c.pdf">Amet seminar: The Lorem Galactic Survey</a>
        <br>
        <br> <b class="heading">Summer Schools:</b>
        <br> Lorem single-dish school, Ipsumtown, Spain, September 2009
        </p>
        </body></html>
        """, "cv.html", "html")
    talks = [(t.title, t.host, t.date) for t in r.talks]
    assert ("Mapping the cold ipsum gas with LORAS", "Dolor of Star Birth", "2012-06") in talks
    assert ("The Lorem Galactic Survey and Ipsum Follow-up", "AM2010 conference", "2010-09") in talks
    seminar = [t for t in r.talks if t.title.startswith("Amet seminar")]
    assert seminar and seminar[0].host is None and seminar[0].date is None
    assert all(t.host != "Summer Schools:" for t in r.talks)


def test_talk_in_three_lines_bold_title_speakers_event():
    # a setext Markdown CV: each talk is its bold title, the speakers' names, then the event and
    # date, one line under the other
    r = _doc("""
        Ansel Pruitt
        ============

        Workshop Presentations
        -------------------------------
         **Tuning Hand-Written Lorem Kernels for Ipsum Machines: Lessons Learned.**
        A Pruitt, B. Roe, C. Doe, D. Poe.
        Lorem Conference on Parallel Ipsum for Scientific Dolor (PID), March 2015.

         **Another Lorem Study of Ipsum.**
        A Pruitt, B. Roe.
        Ipsum Workshop on Dolor Systems (IWDS), May 2013.

        Technical Referee for Journals
        -------------------------------
        * Lorem Letters
        """, "cv.md", "markdown")
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Tuning Hand-Written Lorem Kernels for Ipsum Machines: Lessons Learned",
         "Lorem Conference on Parallel Ipsum for Scientific Dolor (PID)", "2015-03"),
        ("Another Lorem Study of Ipsum", "Ipsum Workshop on Dolor Systems (IWDS)", "2013-05"),
    ]


def test_year_glued_to_a_quoted_talk_title():
    # an HTML CV exported from an editor that writes "”" on both sides of a quotation, the year
    # set right before it: "2021”Title” during visit at Place"
    r = _doc("""
        <html><body><h1>Ansel Pruitt</h1>
        <p>Talks</p>
        <p><font>2021</font>&rdquo;Lorem Flux Schemes for ipsum conservation laws&rdquo; during visit at Dolor-Institute</p>
        <p><font>2023</font>&rdquo;Error based stepping for Lorem Schemes&rdquo; at Amet conference on Ipsum Mathematics (ACIM)</p>
        </body></html>
        """, "cv.html", "html")
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Lorem Flux Schemes for ipsum conservation laws", "Dolor-Institute", "2021"),
        ("Error based stepping for Lorem Schemes", "Amet conference on Ipsum Mathematics (ACIM)", "2023"),
    ]


def test_note_after_a_talks_date_is_no_part_of_it():
    # a French list of talks: the event, the place, the date, then a note in lower case on the audience
    r = _doc("""
        # Ansel Pruitt

        ## Participation à des séminaires

        - Atelier Lorem, Institut Ipsum, 14 octobre 2015, audience internationale.
        - Colloque Dolor, Université d'Amet, 3 mars 2016.
        - Keynote *Lorem pour tous*, Ipsum Expo, Lyon, 5 juillet 2018, audience internationale (120 personnes).
        """, "cv.md", "markdown")
    talks = [(t.title, t.date) for t in r.talks]
    assert ("Atelier Lorem, Institut Ipsum", "2015-10") in talks
    assert ("Colloque Dolor, Université d'Amet", "2016-03") in talks
    assert not any("audience" in t.title or "audience" in (t.host or "") for t in r.talks)
    assert [t.date for t in r.talks] == ["2015-10", "2016-03", "2018-07"]


def test_awards_run_together_in_pasted_text_are_split_at_their_years():
    # text pasted from a PDF: the awards of one section run together on one line, each ending with
    # its year
    r = _doc("""
        Ansel Pruitt
        ansel.pruitt@lorem.example.org

        Awards
        Lorem Postdoctoral Fellowship, 2021 Best Student Poster, Ipsum Congress on Dolor Mechanics, 2019
        Technical Skills
        Programming: C++, Python
        """, "cv.txt", "text")
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Postdoctoral Fellowship", "2021"), ("Best Student Poster, Ipsum Congress on Dolor Mechanics", "2019")]
