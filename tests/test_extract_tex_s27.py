r"""LaTeX CV shapes from session 27's fresh batch (vita-style article CVs, res.cls, currvita, moderncv,
AltaCV and the longtable/\parbox layout of R-generated CVs), each fixed by a general rule and reduced
here to an invented snippet: names, places, institutions, titles and e-mails are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str, name: str = "cv.tex"):
    from mappers.read import read_document

    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


# --- research interests ------------------------------------------------------------------------------

def test_research_interests_list_item_gives_topics(tmp_path):
    # one item listing the topics at commas: no LaTeX CV gave any interest before
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Orla Vantreece}\\
        orla.vantreece@example.edu
        \section*{Education}
        \begin{itemize}
        \item Ph.D. (Economics), Quellmoor University, 2024
        \end{itemize}
        \section*{Research Interests}
        \begin{itemize}
        \item Labor Economics, Public Finance, Economics of Migration
        \end{itemize}
        \end{document}
    """)
    assert r.person.interests == ["Labor Economics", "Public Finance", "Economics of Migration"]


def test_research_interests_paragraph_keeps_and_inside_a_topic(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Teodor Halvik}\\
        teodor.halvik@example.edu
        \section*{Research Interests}
        Stream processing, parallel and distributed computing,
        simulation of storage systems.
        \section*{Education}
        \begin{itemize}
        \item Ph.D. (Computer Science), Quellmoor University, 2010
        \end{itemize}
        \end{document}
    """)
    assert r.person.interests == ["Stream processing", "Parallel and distributed computing",
                                  "Simulation of storage systems"]


def test_moderncv_interest_rows_skip_the_service_rows(tmp_path):
    # \cvitem{Topic}{…} and \cvitem{}{…}: each value a topic; "Reviewer for" names journals
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Ilse}
        \familyname{Marbeck}
        \email{ilse.marbeck@example.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012--2016}{PhD in Physics}{University of Varnes}{}{}{}
        \section{Research Interests}
        \cvitem{Imaging}{tomographic image reconstruction}
        \cvitem{}{quantitative tracer kinetics}
        \cvitem{Reviewer for}{J Lorem Imaging, Ipsum Physics}
        \end{document}
    """)
    assert r.person.interests == ["Tomographic image reconstruction", "Quantitative tracer kinetics"]


def test_personal_interests_and_prose_are_no_research_interests(tmp_path):
    # guards: pastimes under "Personal Interests", and a sentence about the subject
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Bruna Castellet}\\
        bruna.castellet@example.org
        \section*{Education}
        \begin{itemize}
        \item Ph.D. in Biology, University of Varnes, 2018
        \end{itemize}
        \section*{Research Interests}
        My research is about how small lorem communities adapt, and why some of them never do.
        \section*{Personal Interests}
        \begin{itemize}
        \item Rowing
        \item Choral singing
        \end{itemize}
        \end{document}
    """)
    assert r.person.interests == []


# --- \parbox cells of a longtable (the layout R's CV templates write) ---------------------------------

def test_parbox_width_is_no_text_of_the_entry(tmp_path):
    # "\parbox[t]{0.8\textwidth}{…}" and "\begin{minipage}{0.65\textwidth}": the widths had been read
    # as words ("0.8 PhD in …", "France0.65")
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Maelle Ostrand}\\
        maelle.ostrand@example.org
        \section{Education}
        \begin{longtable}{ll}
        2015-2019 & \parbox[t]{0.8\textwidth}{%
        \textbf{PhD in Botany}\hfill{\footnotesize University of Varnes}\newline
          Varnes, France\par%
          \begin{minipage}{0.65\textwidth}%
        \begin{itemize}%
        \item Advised by Dr. Ada Lindqvist%
        \end{itemize}%
        \end{minipage}}\\
        \end{longtable}
        \end{document}
    """)
    text = " ".join(filter(None, [r.education[0].degree, r.education[0].institution, r.education[0].field]))
    assert "0.8" not in text and "0.65" not in text
    assert r.education[0].start == "2015" and r.education[0].end == "2019"


def test_bare_interests_heading_counts_in_a_cv_with_papers_only(tmp_path):
    # res.cls "INTERESTS" over topics in a scholar's CV; the same heading over pastimes in a resume
    # with no papers names no research interest
    scholar = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \name{Edvin Saltmarsh}
        \begin{resume}
        \section{EDUCATION} Quellmoor University \\ PhD in Logic (2010-2015)
        \section{INTERESTS}
        \begin{itemize}
        \item Program Synthesis
        \item Type Systems
        \end{itemize}
        \section{PUBLICATIONS}
        \begin{itemize}
        \item Typed Lorem Calculi for Ipsum Streams. Edvin Saltmarsh and Nora Quist. 12th Workshop on Lorem Languages (WLL 2015). Varnes, Norway.
        \end{itemize}
        \end{resume}
        \end{document}
    """)
    assert scholar.person.interests == ["Program Synthesis", "Type Systems"]
    resume = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \name{Edvin Saltmarsh}
        \begin{resume}
        \section{EDUCATION} Quellmoor University \\ BSc in Computer Science (2011-2014)
        \section{EXPERIENCE} Lorem Systems \\ Software Engineer (2014-2020)
        \section{INTERESTS}
        \begin{itemize}
        \item Sailing
        \item Chess
        \end{itemize}
        \end{resume}
        \end{document}
    """, name="resume.tex")
    assert resume.person.interests == []


# --- a place as the last sentence of a reference -------------------------------------------------------

def test_place_sentence_after_the_venue_is_no_part_of_it(tmp_path):
    # "Title. Authors. Venue (ACRONYM 2014), Publisher. City, Country.": the place had run into the
    # venue ("ACM Press Tromsø, Norway")
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \name{Edvin Saltmarsh}
        \begin{resume}
        \section{EDUCATION} Quellmoor University \\ PhD in Logic (2010-2015)
        \section{PUBLICATIONS}
        \begin{itemize}
        \item Typed Lorem Calculi for Ipsum Streams. Edvin Saltmarsh, Nora Quist and Pavel Oram. 12th Workshop on Lorem Languages (WLL 2015), ACM Press. Tromsø, Norway.
        \item Dolor Tables for Sit Amet Queries. Edvin Saltmarsh and Nora Quist. Journal of Ipsum Systems. Lexington, Kentucky, USA.
        \item Consectetur Heaps Revisited. Edvin Saltmarsh and Pavel Oram. Lorem Letters. Georgia.
        \end{itemize}
        \end{resume}
        \end{document}
    """)
    venues = [p.venue for p in r.publications]
    assert venues[0].startswith("Workshop on Lorem Languages") or venues[0].startswith("12th Workshop")
    assert "Norway" not in venues[0] and "Tromsø" not in venues[0]
    assert venues[1] == "Journal of Ipsum Systems"
    # (a lone name that may be a place or a word of the venue stays)
    assert "Georgia" in venues[2]


def test_parbox_cell_lines_are_the_row_fields(tmp_path):
    # "dates & \parbox{…}{\textbf{Role}\hfill{Org}\newline Place\par \begin{itemize}…}": the role,
    # organization and place (the title had held all three), the items its description; a "\\" inside
    # the box is a line of the cell, not the end of the row (a service row had split in two)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Maelle Ostrand}\\
        maelle.ostrand@example.org
        \section{Education}
        \begin{longtable}{ll}
        2013-2017 & \parbox[t]{0.8\textwidth}{\textbf{PhD in Botany}\hfill{\footnotesize University of Varnes}\newline Varnes, France\par}\\
        \end{longtable}
        \section{Academic Experience}
        \begin{longtable}{ll}
        Mar. 2018-\textbf{now} & \parbox{0.8\textwidth}{%
        \textbf{Research Fellow}\hfill{\footnotesize Halden Institute for Lichen Studies}\newline
          Tromsø, Norway\par%
          \begin{minipage}{0.65\textwidth}%
        \begin{itemize}%
        \item Modelling lichen dispersal with Dr. Ines Vahl%
        \end{itemize}%
        \end{minipage}%
        \vspace{\parsep}}\\
        \end{longtable}
        \section{Service}
        \begin{longtable}{ll}
        2019-\textbf{now} & \parbox{0.8\textwidth}{%
        \textbf{Seminar organizer}\\[-0.1cm]{\footnotesize Lichen Club of Varnes}}\\[0.4cm]
        \end{longtable}
        \end{document}
    """)
    pos = r.positions[0]
    assert (pos.title, pos.organization, pos.location) == \
        ("Research Fellow", "Halden Institute for Lichen Studies", "Tromsø, Norway")
    assert pos.start == "2018-03" and pos.current
    assert "lichen dispersal" in (pos.description or "")
    assert len(r.service) == 1 and r.service[0].role == "Seminar organizer"
    assert r.service[0].organization == "Lichen Club of Varnes"


def test_newline_in_a_plain_cell_only_wraps_the_name(tmp_path):
    # guard: a \newline inside an ordinary cell continues a long name (one award, not two fields)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Maelle Ostrand}\\
        maelle.ostrand@example.org
        \section{Education}
        \begin{itemize}
        \item PhD in Botany, University of Varnes, 2017
        \end{itemize}
        \section{Awards}
        \begin{tabular}{lp{12cm}}
            2016 & Bronze Medal of the Northern Lichen
                    \newline Survey Photography Contest \\
        \end{tabular}
        \end{document}
    """)
    assert [a.name for a in r.awards] == ["Bronze Medal of the Northern Lichen Survey Photography Contest"]


# --- pandoc's CSL bibliography under a \subsection -------------------------------------------------------

def test_numbered_csl_references_under_a_subsection_are_read(tmp_path):
    # pandoc writes each reference as "\leavevmode\vadjust pre{\hypertarget{ref-…}{}}%" then a
    # numbered paragraph, under \subsection{Publications} inside another section: the paragraphs of
    # the subsection had been dropped (no entry), then "pre 1." and the bold name read as the title
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Maelle Ostrand}\\
        maelle.ostrand@example.org
        \section{Education}
        \begin{itemize}
        \item PhD in Botany, University of Varnes, 2017
        \end{itemize}
        \hypertarget{research-output}{%
        \section{Research Output}\label{research-output}}

        Nine articles, 200 citations.

        \hypertarget{publications}{%
        \subsection{Publications}\label{publications}}

        \hypertarget{refs}{}
        \leavevmode\vadjust pre{\hypertarget{ref-halvorsen2022}{}}%
        1. Halvorsen, P., Denby, K., \textbf{Ostrand, M.},
        Quist, L., \& Thorsen, W.
        (2022). The Lichen Cover of Northern Boulders Is Scale
        Dependent. \emph{Lorem Ecology}, \emph{forthcoming}.

        \leavevmode\vadjust pre{\hypertarget{ref-ostrand2021}{}}%
        2. \textbf{Ostrand, M.}, Berg, E., \& Winter, M. (2021). Harmonizing
        Lichen Names. \emph{Methods in Lorem}, \emph{12}(3), 1--9.
        \url{https://doi.org/10.5555/2041-99X.77}
        \end{document}
    """)
    assert [p.title for p in r.publications] == [
        "The Lichen Cover of Northern Boulders Is Scale Dependent", "Harmonizing Lichen Names"]
    assert [a.name for a in r.publications[0].authors][:3] == ["P. Halvorsen", "K. Denby", "M. Ostrand"]
    assert r.publications[1].venue == "Methods in Lorem" and r.publications[1].year == "2021"
    assert r.publications[1].doi == "10.5555/2041-99x.77"


# --- profile links atop a publication list ---------------------------------------------------------------

def test_profile_link_lines_in_publications_are_profiles(tmp_path):
    # moderncv: "Full list on my Scholar page: \href{…}{here}" and "ORCID identifier \href{…}{here}"
    # had been two papers titled by their labels; a reference with a link stays a paper
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Ilse}
        \familyname{Marbeck}
        \email{ilse.marbeck@example.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012--2016}{PhD in Physics}{University of Varnes}{}{}{}
        \section{Papers}
        Full list on my Scholar page: \href{https://scholar.google.fr/citations?user=AbC123xyzAAJ&hl=fr&oi=ao}{\textcolor{blue}{here}} \\

        ORCID identifier \href{https://orcid.org/0000-0001-5109-3700}{\textcolor{blue}{here}}

        I. Marbeck and T. Oram. Tracer kinetics in lorem tissue. \emph{Journal of Ipsum Physics}, 12(3):1--9, 2019. \href{https://dx.doi.org/10.5555/jip.2019.12}{here}
        \end{document}
    """)
    assert "https://scholar.google.com/citations?user=AbC123xyzAAJ" in r.person.profiles
    assert "https://orcid.org/0000-0001-5109-3700" in r.person.profiles
    assert [p.title for p in r.publications] == ["Tracer kinetics in lorem tissue"]


# --- "Month/Year" dates -----------------------------------------------------------------------------------

def test_month_slash_year_period_keeps_its_end(tmp_path):
    # AltaCV \cvevent{Role}{Org}{March/2018 -- October/2021}{}: the end had been lost (read as "2018" only)
    r = _tex(tmp_path, r"""
        \documentclass[10pt,a4paper,withhyper]{altacv}
        \begin{document}
        \name{Tomas Ferrand}
        \personalinfo{\email{tomas.ferrand@example.com}}
        \makecvheader
        \cvsection{Experience}
        \cvevent{Embedded Developer}{Lorem Rail Systems}{March/2018 -- October/2021}{}
        \cvevent{Firmware Engineer}{Ipsum Motors}{Nov./2021 -- Present}{}
        \cvsection{Education}
        \cvevent{BSc in Electrical Engineering}{University of Varnes}{2014--2018}{}
        \end{document}
    """)
    assert [(p.start, p.end, p.current) for p in r.positions] == [("2018-03", "2021-10", False), ("2021-11", None, True)]


# --- moderncv: the employer in the place's argument --------------------------------------------------------

def test_cventry_role_with_the_employer_in_the_fourth_argument(tmp_path):
    # \cventry{dates}{Role}{}{Employer, Country, Department of …}{}{description}: the role had been
    # read as the organization (and the title lost) when the employer's words name no organization
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Ilse}
        \familyname{Marbeck}
        \email{ilse.marbeck@example.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012--2016}{PhD in Physics}{University of Varnes}{}{}{}
        \section{Experience}
        \cventry{since May 2017}{Postdoctoral scientist}{}{KU Halden, Norway, Department of Imaging and
                 Tracers, Division of Nuclear Physics}{}
                {Working with Prof. Oda Lind, I develop reconstruction methods for tracer imaging and
                 apply them to clinical lorem data sets of several hospitals.}
        \end{document}
    """)
    pos = r.positions[0]
    assert pos.title == "Postdoctoral scientist"
    assert pos.organization.startswith("KU Halden")
    assert pos.start == "2017-05" and pos.current


# --- a bold label over a list of service ---------------------------------------------------------------------

def test_bold_labels_over_service_lists_give_their_items(tmp_path):
    # "{\bf Department Service}" / "{\bf Event Organization}" lines, each over its list (a year alone
    # among the items dates those under it): each item is an entry; the labels had been the only
    # two entries and the lists dropped
    r = _tex(tmp_path, r"""
        \documentclass[12pt]{article}
        \begin{document}
        \centerline{\Large\textsc{Oskar Vennberg}}
        \centerline{\url{oskar.vennberg@example.edu}}
        \bigskip

        \noindent
        {\large{\bf DEGREES}}

        {\bf Ph.D.}, Mathematics, University of Varnes, 2004.

        \noindent
        {\large\bf{SERVICE}}

        \noindent
        {\bf Department Service}
        \begin{itemize}
        \item [--] Spring 2016: Graduate Admissions Officer of the Mathematics Department.
        \item [--] Fall 2012 - Fall 2014: Seminar Coordinator, Varnes Institute of Logic.
        \end{itemize}

        \noindent
        {\bf Event Organization}
        \begin{itemize}
        \item [2015]
        \item[--] {\bf Program Chair}: 7th Workshop on Lorem Algebra (WLA), Tromsø, Norway.
        \item[--] {\bf Local Chair}: Nordic Ipsum Days, Halden, Norway, Aug. 2015.
        \end{itemize}
        \end{document}
    """)
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert len(got) == 4
    assert got[0][2] == "Spring 2016" and got[1][2] == "Fall 2012 - Fall 2014"
    assert got[2][0] == "Program Chair" and got[2][1].startswith("7th Workshop on Lorem Algebra") and got[2][2] == "2015"
    assert got[3][0] == "Local Chair" and got[3][2] == "Aug. 2015"


# --- currvita ----------------------------------------------------------------------------------------------

def test_currvita_cvlist_headings_are_sections(tmp_path):
    # \begin{cv}{Name} … \begin{cvlist}{Education} \item[dates] …: the headings had not been seen, the
    # whole CV went to the plain-text reader (degrees lost, other people's e-mails taken for the
    # subject's, sentences read as awards); a \subsection* between two lists is a heading too
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{currvita}
        \begin{document}
        \begin{cv}{Vida Kranjc}
        \begin{cvlist}{}
        \item[Email] vida.kranjc@example.si
        \item[Telephone] +386 1 555 0199
        \end{cvlist}
        \begin{cvlist}{Studies}
        \item[2009 - 2014] PhD in Robotics \\
        University of Varnes
        \end{cvlist}
        \begin{cvlist}{Employment}
        \item[2016 - present] Research Scientist \\
        Lorem Institute of Robotics
        \end{cvlist}
        \begin{cvlist}{Visits}
        \item[2013] Ipsum University \\
        Host: Tarjei Holm (\href{mailto:tarjei.holm@example.edu}{tarjei.holm@example.edu})
        \end{cvlist}
        \subsection*{Contests}
        I took part in many contests during my studies.
        \begin{cvlist}{}
        \item[2010] Northern Collegiate Programming Contest
        \item[2011] Lorem Data Challenge
        \end{cvlist}
        \end{cv}
        \end{document}
    """)
    assert r.person.name == "Vida Kranjc"
    assert r.person.emails == ["vida.kranjc@example.si"]
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == \
        [("PhD in Robotics", "University of Varnes", "2009", "2014")]
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == \
        [("Research Scientist", "Lorem Institute of Robotics", "2016", True)]
    assert [(a.name, a.year) for a in r.awards] == \
        [("Northern Collegiate Programming Contest", "2010"), ("Lorem Data Challenge", "2011")]


# --- res.cls: a dated table row over a description ------------------------------------------------------------

def test_dated_row_naming_only_the_place_takes_the_role_from_its_description(tmp_path):
    # "\begin{tabular}{p{7cm} r} Lorem Labs Oslo & From May 2013 to August 2013 \end{tabular}" then
    # "\begin{itemize} \item[] Worked as a data engineering intern on …": one post (the description
    # had been a post of its own, its sentence split at a comma into a role and an organization)
    r = _tex(tmp_path, r"""
        \documentclass[margin]{res}
        \begin{document}
        \name{Edvin Saltmarsh}
        \begin{resume}
        \section{EDUCATION} Quellmoor University \\ PhD in Logic (2010-2015)
        \section{WORK}
            \begin{tabular}{p{7cm} r}
              Lorem Labs Oslo &  From May 2013 to August 2013
            \end{tabular}
            \begin{itemize}
              \item[] Worked as a data engineering intern on the Ipsum pipeline, a streaming system for sensor data.
            \end{itemize}
            \begin{tabular}{p{7cm} r}
              Quellmoor University &  From September 2015
            \end{tabular}
            \begin{itemize}
              \item[] Research engineer.
            \end{itemize}
        \end{resume}
        \end{document}
    """)
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions]
    assert got == [("Data engineering intern", "Lorem Labs Oslo", "2013-05", "2013-08", False),
                   ("Research engineer", "Quellmoor University", "2015-09", None, True)]
    assert "Ipsum pipeline" in r.positions[0].description


def test_role_then_institute_both_naming_research(tmp_path):
    # "\item [{\bf 09/95 - 10/96}:] Graduate Research Assistant, Lorem Research Institute of Varnes (LRIV),
    # Varnes, Norway.": the role, then where (both hold "Research"; they had been swapped); guard:
    # "Halden Research Center, Research Scientist" keeps the organization first
    r = _tex(tmp_path, r"""
        \documentclass[12pt]{article}
        \begin{document}
        \centerline{\Large\textsc{Oskar Vennberg}}
        \centerline{\url{oskar.vennberg@example.edu}}
        \bigskip

        \noindent
        {\large{\bf DEGREES}}

        {\bf Ph.D.}, Mathematics, University of Varnes, 2004.

        \noindent
        {\large{\bf APPOINTMENTS}}

        \begin{description}
        \item [{\bf 01/05 - 06/09:}] Halden Research Center, Research Scientist.
        \item [{\bf 09/95 - 10/96}:] Graduate Research Assistant, Lorem Research Institute of Varnes (LRIV), Varnes, Norway.
        \end{description}
        \end{document}
    """)
    got = [(p.title.rstrip("."), p.organization) for p in r.positions]
    assert got == [("Research Scientist", "Halden Research Center"),
                   ("Graduate Research Assistant", "Lorem Research Institute of Varnes (LRIV)")]
