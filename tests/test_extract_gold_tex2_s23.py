r"""LaTeX CV shapes met on a random sample of real public LaTeX CVs (moderncv, res.cls, a
Taraborelli-style article CV with the years in the margin, home-made entry macros) scored against
hand-written gold records in session 23, each reduced to an invented snippet: names, titles,
institutions, venues and e-mails here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


_MARGIN_YEARS = r"""
    \documentclass{article}
    \usepackage{marginnote}
    \newcommand{\years}[1]{\marginnote{\scriptsize #1}}
    \reversemarginpar
    \begin{document}
    {\LARGE Perrin Q. Adelstone}\\[1cm]
    Halloway State University\\
    \textsc{email:} padelstone@example.edu

    \section*{Current Position}
    \noindent
    \years{2021-present}Professor, Department of Lorem Studies, Halloway State University

    \section*{Service to the University}
    \textbf{\textsc{Halloway State University}}

    \noindent
    \years{2022-present}Data Ethics Working Group, co-chair\\
    \years{2019-present}Library Council, member\\
    \years{2017-2020}Field Ethics Panel, vice chair and secretary\\
    \years{2015}Special Appeals Committee, chair

    \textbf{\textsc{Editorial Work}}

    \noindent
    \years{2016-2018}Editorial board member, \textit{Ipsum Quarterly}
    \end{document}
"""


def test_margin_note_years_are_a_date_column(tmp_path):
    # \years{…} set the years in the margin with \marginnote: as a macro at the start of two or more
    # lines it was taken for an entry macro, its years ran into the text ("2019-presentLibrary
    # Council") and the lines after the second were joined into one entry
    r = _tex(tmp_path, _MARGIN_YEARS)
    periods = {s.organization: s.period for s in r.service}
    assert periods.get("Library Council") == "2019-present"
    assert periods.get("Special Appeals Committee") == "2015"
    assert len(r.service) == 5
    assert [(p.title, p.start, p.current) for p in r.positions] == [("Professor", "2021", True)]


def test_committee_then_post_under_a_bold_label(tmp_path):
    # "Library Council, member" under a bold "Halloway State University": the post after the comma
    # is the role, the council the organization (the whole line had been the role and the bold
    # label the organization)
    r = _tex(tmp_path, _MARGIN_YEARS)
    got = {(s.role, s.organization) for s in r.service}
    assert ("co-chair", "Data Ethics Working Group") in got
    assert ("member", "Library Council") in got
    assert ("vice chair and secretary", "Field Ethics Panel") in got
    assert ("Editorial board member", "Ipsum Quarterly") in got


def test_post_after_comma_needs_a_lower_case_post(tmp_path):
    # guard: a capitalised word after the comma is part of a name, not a post ("Lorem Society,
    # Member States" is no role "Member States"), and a comma between two bodies splits nothing
    from mappers.extract.latex import _post_and_body

    assert _post_and_body("Lorem Society, Member States Forum") is None
    assert _post_and_body("Graduate Council, member") == ("member", "Graduate Council")
    assert _post_and_body("Program Committee, Lorem Conference") is None
    assert _post_and_body("Search Committee (tenure-line), chair") == ("chair", "Search Committee (tenure-line)")


def test_tag_links_are_no_part_of_the_venue(tmp_path):
    # moderncv \cventry{year}{title}{authors}{venue \paperTag{url}\codeTag{url}}: the tags are links
    # drawn as boxes labelled "paper" and "code" (\href{url}{\raisebox{-2pt}{\tcbox{paper}}}); their
    # labels and the box's raise had run into the venue ("ICLR -2.5ptpaper-2.5ptcode")
    r = _tex(tmp_path, r"""
        \documentclass[10pt]{moderncv}
        \moderncvstyle{classic}
        \usepackage[most]{tcolorbox}
        \newcommand{\paperTag}[1]{\href{#1}{\raisebox{-2.5pt}{\tcbox[
            pubtagstyle,
            colback=paperbg
          ]{paper}}}}
        \newcommand{\codeTag}[1]{\href{#1}{\raisebox{-2.5pt}{\tcbox[pubtagstyle]{code}}}}
        \firstname{Tamsin}
        \familyname{Oberlin}
        \email{toberlin@example.org}
        \begin{document}
        \makecvtitle
        \section{Selected Publications}
        \cventry{2024}{Sparse Lorem Probes for Ipsum Models}{\underline{T. Oberlin}, K. Vasquel, D. Hamrick}{ICLR 2024 (Poster) \paperTag{https://example.org/p1}\codeTag{https://example.org/c1}}{}{}
        \cventry{2023}{Dolor Attacks on Amet Pipelines}{R. Kessing, \underline{T. Oberlin}}{USENIX Security 2023 \paperTag{https://example.org/p2}}{}{}
        \end{document}
        """)
    assert [(p.title, p.year) for p in r.publications] == [
        ("Sparse Lorem Probes for Ipsum Models", "2024"), ("Dolor Attacks on Amet Pipelines", "2023")]
    for p in r.publications:
        assert p.venue and "pt" not in p.venue and "paper" not in p.venue and "code" not in p.venue
    assert r.publications[1].venue == "USENIX Security"


def test_a_link_with_words_of_its_own_stays_in_the_venue(tmp_path):
    # guard: only a link whose whole text is a link's label goes; a linked venue name stays
    from mappers.extract.latex import _without_label_links

    assert "Lorem Workshop" in _without_label_links(r"\href{https://example.org}{Lorem Workshop} 2021")
    assert _without_label_links(r"ICML \href{https://example.org}{[pdf]}").strip() == "ICML"


_LABEL_COLUMN_CV = r"""
    \documentclass[11pt]{article}
    \newcommand{\cvsection}[2]{%
      \noindent
      \parbox[t]{1.1in}{\raggedright\scshape #1}%
      \hspace{0.2in}%
      \parbox[t]{5in}{#2}%
      \par\vspace{0.13in}
    }
    \newcommand{\datedline}[2]{\noindent #1\hfill #2\par}
    \newcommand{\contline}[1]{\noindent #1\par}
    \begin{document}
    \begin{center}
    {\large\bfseries WENDELIN ARKWRIGHT}\\
    \href{mailto:warkwright@example.org}{warkwright@example.org}
    \end{center}

    \cvsection{Appointments}{%
      \datedline{Lorem Postdoctoral Fellow, Dunmore Space Laboratory}{2023--present}
      \datedline{Graduate Researcher, University of Halloway}{2018--2023}
    }

    \cvsection{Education}{%
      \datedline{Ph.D., Planetary Science, University of Halloway}{2023}
      \contline{Dissertation: Ipsum Winds on Warm Lorem Worlds.}
    }

    \cvsection{Selected\\Awards}{%
      \datedline{Halloway Predoctoral Fellowship}{2022--2023}
      \datedline{Ipsum Travel Grant}{2020}
    }

    \cvsection{Service}{%
      \contline{Referee for \emph{Lorem Journal}, \emph{Ipsum Letters}, and Dolor Reviews.}
      \contline{Organised the department's weekly lunch talks.}
    }
    \end{document}
"""


def test_heading_macro_whose_second_argument_holds_the_section(tmp_path):
    # \cvsection{Label}{…entries…}: the label in one box, the section's entries in the other. The
    # second argument had been read as part of the heading, every section was empty (the text
    # fallback then found half of it)
    r = _tex(tmp_path, _LABEL_COLUMN_CV)
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Lorem Postdoctoral Fellow", "Dunmore Space Laboratory", "2023", True),
        ("Graduate Researcher", "University of Halloway", "2018", False)]
    assert [(e.degree, e.institution, e.end) for e in r.education] == [("Ph.D.", "University of Halloway", "2023")]
    assert [(a.name, a.year) for a in r.awards] == [("Halloway Predoctoral Fellowship", "2022"), ("Ipsum Travel Grant", "2020")]


def test_lines_ending_in_par_are_paragraphs(tmp_path):
    # "\contline{…}" expands to "\noindent …\par": each line is a paragraph of its own, so the
    # referee line is read alone, and "A, B, and C" gives C without its "and" (the two lines had
    # been one entry, "Referee for A" at "B, and C. Organised …")
    r = _tex(tmp_path, _LABEL_COLUMN_CV)
    got = [(s.role, s.organization) for s in r.service]
    assert ("Referee", "Lorem Journal") in got
    assert ("Referee", "Ipsum Letters") in got
    assert ("Referee", "Dolor Reviews") in got
    assert not any("Organised" in (s.organization or "") for s in r.service)


def test_one_line_heading_argument_is_still_a_title(tmp_path):
    # guard: a two-argument heading macro whose second argument is on the heading's line
    # (\mysection{Education}{\faGraduationCap}) keeps both as its heading; the entries follow it
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\mysection}[2]{\section*{#2 #1}}
        \begin{document}
        {\Large Wendelin Arkwright} \\ warkwright@example.org
        \mysection{Education}{}
        \textbf{University of Halloway} \hfill 2016 -- 2020 \\
        B.Sc. in Physics
        \end{document}
        """)
    assert [(e.institution, e.start, e.end) for e in r.education] == [("University of Halloway", "2016", "2020")]


def test_talk_led_by_a_bold_speaker_takes_the_italic_title(tmp_path):
    # res.cls "TALKS": "\textbf{Speaker}, Co-speaker, \textit{Title}, City, Country, Event, Date,
    # kind": the bold name had been the title of every talk
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \centerline{\huge\bf Dr. Rasmus Telwen}
        \centerline{rtelwen@example.org}
        \begin{resume}
        \section{EDUCATION}
        {\bf Doctor of Philosophy, Astronomy} \hfill Oct. 2010 - Sep. 2015 \\
        {\sl University of Halloway, Halloway, Norway}
        \section{TALKS}
        \begin{enumerate}
            \item \textbf{Telwen, R.}, \textit{Lorem oscillations in hot ipsum stars}, Bergen, Norway, Halloway Astronomical Institute, May 25, 2020, \textbf{invited talk}
            \item \textbf{Telwen, R.}, Oskarsen, B., \textit{Dolor mixing in massive amet stars}, Lyon, France, 7th Meeting on Lorem Stars, June 23 - 28, 2019, contributed talk
        \end{enumerate}
        \end{resume}
        \end{document}
        """)
    assert [(t.title, t.host, (t.date or "")[:4]) for t in r.talks] == [
        ("Lorem oscillations in hot ipsum stars", "Halloway Astronomical Institute", "2020"),
        ("Dolor mixing in massive amet stars", "7th Meeting on Lorem Stars", "2019")]


def test_teaching_posts_in_one_paragraph(tmp_path):
    # "Lecturer, Lorem University \hfill{} \\ \textbf{\textit{Course}} \hfill{Term}" four times in one
    # paragraph: one course per post (only the first had been read, with the university as its course)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \centering \textbf{\Large Ines Vantongeren} \\
        ivantongeren@example.org
        \section{Education}
        Ph.D. in Economics, University of Dunmore \hfill{2024}
        \section{Teaching Experience}
        Lecturer, University of Halloway \hfill{} \\
        \textbf{\textit{Numerical Lorem Methods}} \hfill{Autumn Term, 2025} \\
        \smallskip
        Teaching Assistant, University of Dunmore \hfill{} \\
        \textbf{\textit{EC101 Ipsum Statistics}} \hfill{Term 2, 2021-2022} \\
        \smallskip
        Teaching Assistant, University of Dunmore \hfill{} \\
        \textbf{\textit{EC202 Dolor Theory}} \hfill{Term 1, 2021-2022}
        \end{document}
        """)
    assert [(t.course, t.role, t.institution) for t in r.teaching] == [
        ("Numerical Lorem Methods", "Lecturer", "University of Halloway"),
        ("EC101 Ipsum Statistics", "Teaching Assistant", "University of Dunmore"),
        ("EC202 Dolor Theory", "Teaching Assistant", "University of Dunmore")]


def test_teaching_course_with_a_year_in_its_name(tmp_path):
    # res.cls "{\bf Teaching Assistant} \\ Lorem Summer School 2019 \\ {\sl University} \hfill Aug. 2019":
    # the date column is the term; the school's name with its year had been read as the term and
    # the university as the course
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \centerline{\huge\bf Rasmus Telwen}
        \centerline{rtelwen@example.org}
        \begin{resume}
        \section{EDUCATION}
        {\bf Doctor of Philosophy, Astronomy} \hfill Oct. 2010 - Sep. 2015 \\
        {\sl University of Halloway, Halloway, Norway}
        \section{TEACHING \\ EXPERIENCE}
        {\bf Teaching Assistant} \\
        Lorem Summer School 2019 \\
        {\sl University of Dunmore, Santa Ipsa} \hfill Aug. 2019

        {\bf Lecturer} \\
        Basics of the Dolor code \\
        {\sl University of Halloway} \hfill Oct. 2013 - Jan. 2014
        \end{resume}
        \end{document}
        """)
    assert [(t.course, t.role, t.institution, t.term) for t in r.teaching] == [
        ("Lorem Summer School 2019", "Teaching Assistant", "University of Dunmore, Santa Ipsa", "Aug. 2019"),
        ("Basics of the Dolor code", "Lecturer", "University of Halloway", "Oct. 2013 - Jan. 2014")]


_MODERNCV_SERVICE = r"""
    \documentclass[11pt]{moderncv}
    \moderncvstyle{casual}
    \name{Corin}{Haldane}
    \email{chaldane@example.org}
    \begin{document}
    \makecvtitle
    \section{Education}
    \cventry{2018--2023}{PhD Computer Science}{University of Halloway}{}{}{}
    \section{Service}
    \cvitemwithcomment{Reviewer}{LOREMCONF (2019, 2022), LOREMCONF Asia (2022)}{}
    \cventry{}{Reviewer}{}{IPSA '24, '25 | DOLOR '22 (top reviewer), '24 | TAMET '24 | IEEE S\&L '26}{}{}
    \end{document}
"""


def test_reviewer_venues_with_years_in_brackets(tmp_path):
    # \cvitemwithcomment{Reviewer}{A (2019, 2022), B (2022)}: one entry per venue with its first year
    # (the bracketed years had been taken for the period and cut the list: "A, 2022), B (2022)")
    r = _tex(tmp_path, _MODERNCV_SERVICE)
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert ("Reviewer", "LOREMCONF", "2019") in got
    assert ("Reviewer", "LOREMCONF Asia", "2022") in got


def test_reviewer_venues_parted_by_bars(tmp_path):
    # "IPSA '24, '25 | DOLOR '22 (top reviewer), '24 | …": venues parted by bars, each with its
    # two-digit years (the line had given no entry)
    r = _tex(tmp_path, _MODERNCV_SERVICE)
    got = [(s.organization, s.period) for s in r.service if s.line and s.line > 10]
    assert ("IPSA", "2024") in got and ("DOLOR", "2022") in got
    assert ("TAMET", "2024") in got and ("IEEE S&L", "2026") in got


def test_venue_list_without_years_is_not_read_this_way():
    # guard: the bracket/bar reading needs a year on every venue
    from mappers.extract.latex import _venues_with_years

    assert _venues_with_years("Lorem Journal, Ipsum Letters") == []
    assert _venues_with_years("LOREMCONF (2019), and the local ipsum club") == []


def test_award_comment_is_not_the_award(tmp_path):
    # moderncv \cvitemwithcomment{2022}{Lorem Commons Project}{Research grant}: the second argument
    # names the award, the third comments on it ("Research grant" had been the name three times)
    r = _tex(tmp_path, r"""
        \documentclass[10pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Tamsin}
        \familyname{Oberlin}
        \email{toberlin@example.org}
        \begin{document}
        \makecvtitle
        \section{Experiences}
        \cventry{2024--present}{Research Scientist}{Lorem Labs}{}{}{}
        \cventry{2018--2024}{PhD in Computer Science}{UC Halloway}{}{}{Ipsum robustness, advised by Prof. A. Roe}
        \cventry{2014--2018}{BSE in Electrical Engineering (High Honor)}{Dunmore University}{}{}{}
        \section{Awards \& Grants}
        \cvitemwithcomment{2023}{Exemplary Lorem Tutor Award}{Teaching award}
        \cvitemwithcomment{2022}{Google-Lorem Commons Project}{Research grant}
        \cvitemwithcomment{2021--2022}{Center for Ipsum Security (CIS)}{Research grant}
        \end{document}
        """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Exemplary Lorem Tutor Award", "2023"), ("Google-Lorem Commons Project", "2022"),
        ("Center for Ipsum Security (CIS)", "2021")]


def test_degree_in_a_field_among_the_posts_is_education(tmp_path):
    # \cventry{2018--2024}{PhD in Computer Science}{UC Halloway} under "Experiences": a degree (both
    # degrees had been posts titled "PhD in Computer Science" and "BSE in …")
    r = _tex(tmp_path, r"""
        \documentclass[10pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Tamsin}
        \familyname{Oberlin}
        \email{toberlin@example.org}
        \begin{document}
        \makecvtitle
        \section{Experiences}
        \cventry{2024--present}{Research Scientist}{Lorem Labs}{}{}{}
        \cventry{2018--2024}{PhD in Computer Science}{UC Halloway}{}{}{Ipsum robustness, advised by Prof. A. Roe}
        \cventry{2014--2018}{BSE in Electrical Engineering (High Honor)}{Dunmore University}{}{}{}
        \end{document}
        """)
    assert [(p.title, p.organization) for p in r.positions] == [("Research Scientist", "Lorem Labs")]
    assert [(e.institution, e.start, e.end) for e in r.education] == [
        ("UC Halloway", "2018", "2024"), ("Dunmore University", "2014", "2018")]
    assert r.education[0].level == "doctorate" and r.education[1].level == "bachelor"


def test_paragraph_of_quoted_titles_is_one_paper_a_line(tmp_path):
    # "``Title'' (Job market paper) \\ \smallskip \noindent ``Title'' (with A, B) \\ …" in one
    # paragraph under "Working papers": one paper per line (all had been one, the later titles its venue)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \centering \textbf{\Large Ines Vantongeren} \\
        ivantongeren@example.org
        \section{Education}
        Ph.D. in Economics, University of Dunmore \hfill{2024}
        \section{Working papers}
        \href{https://example.org/jmp.pdf}{``Lorem Learning in Ipsum Agent Models''} (Job market paper) \\
        \smallskip
        \noindent ``Dolor Games Solved by Amet Reinforcement'' \\
        \smallskip
        \noindent ``Consectetur Time and Adipiscing Inequality'' (with Bram Oduya, Celine Parvaz)
        \end{document}
        """)
    assert [p.title for p in r.publications] == [
        "Lorem Learning in Ipsum Agent Models", "Dolor Games Solved by Amet Reinforcement",
        "Consectetur Time and Adipiscing Inequality"]
    assert [a.name for a in r.publications[2].authors] == ["Ines Vantongeren", "Bram Oduya", "Celine Parvaz"]
    assert all(p.status == "preprint" for p in r.publications)


def test_rendercv_column_entries(tmp_path):
    # RenderCV's LaTeX: \begin{twocolentry}{dates} \textbf{School}, Degree \end{twocolentry} with the
    # highlights in a \begin{onecolentry} below; the entries had been lost and their highlights
    # ("GPA: 3.9/4.0") read as degrees and posts
    r = _tex(tmp_path, r"""
        \documentclass[10pt, letterpaper]{article}
        \usepackage{paracol}
        \newenvironment{onecolentry}{\begin{adjustwidth}{0 cm}{0 cm}}{\end{adjustwidth}}
        \newenvironment{twocolentry}[2][]{
            \onecolentry
            \def\secondColumn{#2}
            \setcolumnwidth{\fill, 4.5 cm}
            \begin{paracol}{2}
        }{
            \switchcolumn \raggedleft \secondColumn
            \end{paracol}
            \endonecolentry
        }
        \newenvironment{highlights}{\begin{itemize}}{\end{itemize}}
        \begin{document}
            \begin{header}
                \fontsize{25 pt}{25 pt}\selectfont Oona Brevik
                \mbox{\href{mailto:obrevik@example.edu}{obrevik@example.edu}}
            \end{header}
            \section{Education}
                \begin{twocolentry}{
                    Aug 2021 – May 2026
                }
                    \textbf{Halloway University}, Ph.D. in Biomedical Engineering\end{twocolentry}

                \vspace{0.10 cm}
                \begin{onecolentry}
                    \begin{highlights}
                        \item GPA: 3.97/4.00
                    \end{highlights}
                \end{onecolentry}
            \section{Selected Experience}
                \begin{twocolentry}{
                    Jun 2024 – Sept 2024
                }
                    \textbf{Applied Scientist Intern}, Lorem Cloud AI -- Santa Ipsa, CA\end{twocolentry}

                \vspace{0.10 cm}
                \begin{onecolentry}
                    \begin{highlights}
                        \item Trained dolor models for amet generation.
                    \end{highlights}
                \end{onecolentry}
        \end{document}
        """)
    assert [(e.institution, e.degree, e.start, e.end) for e in r.education] == [
        ("Halloway University", "Ph.D. in Biomedical Engineering", "2021-08", "2026-05")]
    assert [(p.title, p.start, p.end) for p in r.positions] == [("Applied Scientist Intern", "2024-06", "2024-09")]
    # (the place after " -- " still stays with the organization: "Lorem Cloud AI – Santa Ipsa")
    assert r.positions[0].organization.startswith("Lorem Cloud AI")
    # (every line keeps its number: the experience entry's text is on line 36 of the file)
    assert r.positions[0].line == 36


def test_moved_box_length_is_no_text(tmp_path):
    # res.cls header: "\moveleft.5\hoffset\centerline{Town, Country}": the length read "5Town, Norway"
    # and the place line was not found
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \moveleft.5\hoffset\centerline{\huge\bf Rasmus Telwen}
        \moveleft\hoffset\vbox{\hrule width\resumewidth height 1pt}\smallskip
        \moveleft.5\hoffset\centerline{Halden, Norway}
        \moveleft.5\hoffset\centerline{rtelwen@example.org}
        \begin{resume}
        \section{EDUCATION}
        {\bf Doctor of Philosophy, Astronomy} \hfill Oct. 2010 - Sep. 2015 \\
        {\sl University of Halloway, Halloway, Norway}
        \end{resume}
        \end{document}
        """)
    assert r.person.name == "Rasmus Telwen"
    assert r.person.location == "Halden, Norway"


def test_kern_length_is_no_text():
    from mappers.convert import latex_fragment_to_text

    assert latex_fragment_to_text(r"Lorem\kern 5.0 pt Ipsum").split() == ["Lorem", "Ipsum"]
    assert latex_fragment_to_text(r"\moveleft.5\hoffset Lorem").strip() == "Lorem"


def test_linked_co_author_after_with(tmp_path):
    # "``Title'' (with \href{https://…}{A. Roe})": the co-author's page is no part of the name (the
    # paper had no authors)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \centering \textbf{\Large Ines Vantongeren} \\
        ivantongeren@example.org
        \section{Education}
        Ph.D. in Economics, University of Dunmore \hfill{2024}
        \section{Working papers}
        \noindent ``Consectetur Time and Adipiscing Inequality'' (with \href{https://example.edu/staff/bo/}{Bram Oduya}) \\
        \smallskip
        \noindent ``Dolor Games Solved by Amet Reinforcement'' (with Celine Parvaz)
        \end{document}
        """)
    assert [[a.name for a in p.authors] for p in r.publications] == [
        ["Ines Vantongeren", "Bram Oduya"], ["Ines Vantongeren", "Celine Parvaz"]]
