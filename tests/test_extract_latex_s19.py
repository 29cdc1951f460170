"""LaTeX CV shapes met on real public CVs read in session 19 (researchers' CVs in classes and
hand-made layouts not read before), each reduced to an invented snippet: names, titles,
institutions and venues here are made up."""
from __future__ import annotations

import textwrap
from typing import get_args

from cvgraph.record import PublicationStatus
from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_labelled_thesis_line_in_a_description_item_is_the_thesis_not_the_field(tmp_path):
    # \item[years] Degree @ \emph{School} \\ Thesis title: \emph{…}, defended on … \\ …
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \title{Mira Olsen}
        \maketitle
        \section*{Education}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[2020-2023]
              PhD @ \emph{Universit\'e de Valbonne} \\
              Thesis title: \emph{Rare transitions in a stochastic ocean model}, defended on March $3^\mathrm{rd}$ 2023 \\
              Final grade: very honourable
            \item[2017-2019]
              Master Degree in Physics @ \emph{University of Norrholm} \\
              Thesis title: \emph{Spin waves in thin garnet films}
          \end{description}
        \end{document}
        """)
    phd, msc = r.education
    assert phd.institution == "Université de Valbonne"
    assert phd.thesis == "Rare transitions in a stochastic ocean model"
    assert phd.field is None            # it was "defended on March 3^rd 2023"
    assert msc.thesis == "Spin waves in thin garnet films"
    assert msc.field == "Physics"


def test_advisor_at_the_end_of_a_line_of_an_education_item(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{report}
        \begin{document}
        {\Huge Tomas Brandvik}
        \section*{Education}
        \begin{description}
          \item[Ph.D.] Economics \\
          Westfield University, 2026 (expected) \\
          Field: Industrial Organization, Advisor: Ruth Kallio
          \item[B.A.] Economics \\
          Harrow College, 2017
        \end{description}
        \end{document}
        """)
    phd = r.education[0]
    assert phd.institution == "Westfield University"
    assert phd.advisors == ["Ruth Kallio"]


def test_degree_thesis_and_supervisor_lines_in_a_list_argument(tmp_path):
    # friggeri-cv \entry{dates}{degree}{school}{\begin{itemize} \item bachelor thesis: … \item
    # supervisor of thesis: Prof.Dr. … \end{itemize}}
    r = _tex(tmp_path, r"""
        \documentclass{friggeri-cv}
        \begin{document}
        \header{Jana}{Holm}{physicist}
        \section{Education}
        \begin{entrylist}
          \entry
            {10/15-08/18}
            {Bachelor in Physics}
            {Universit\"at Oberau}
            {\begin{itemize}
              \item grade: 1.7
              \item bachelor thesis: Dust traps in young disks
              \item supervisor of thesis: Prof.Dr. Lukas P. Wend
            \end{itemize}}
        \end{entrylist}
        \end{document}
        """)
    edu = r.education[0]
    assert edu.thesis == "Dust traps in young disks"
    assert edu.advisors == ["Lukas P. Wend"]


def test_institution_line_with_its_city_over_the_degree_line(tmp_path):
    # \textbf{University, City} \newline \emph{Degree, Field} (GPA: …) \rdate{years} \newline Thesis: …
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\mhead}[1]{\leavevmode\marginpar{#1}}
        \newcommand{\rdate}[1]{\hfill #1}
        \begin{document}
        {\Huge Ilsa Varn}
        \mhead{Education}%
        \textbf{Northgate University, Port Ellis} \newline
        \emph{Ph.D., Computer Science} (GPA: 3.91/4.0) \rdate{2011--2016} \newline
        Thesis: Sensing Stacks for Small Devices

        \medskip
        \textbf{Lindqvist University, Arvika, Sweden} \newline
        \emph{M.Sc., Computer Science} (GPA: 4.1/4.3) \rdate{2009--2011}

        \mhead{Awards}%
        Best Paper Award \rdate{2015}

        \mhead{Teaching}%
        Teaching Assistant, Operating Systems \rdate{2013}
        \end{document}
        """)
    phd, msc = r.education[:2]
    assert (phd.institution, phd.location, phd.field) == ("Northgate University", "Port Ellis", "Computer Science")
    assert phd.thesis == "Sensing Stacks for Small Devices"
    assert (msc.institution, msc.location, msc.field) == ("Lindqvist University", "Arvika, Sweden", "Computer Science")


def test_a_bare_research_heading_over_dated_posts_lists_positions(tmp_path):
    # resume.cls CV: \begin{rSection}{Research} with \begin{pSubsection}{Org, }{City}{Dates}{Role}
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Nora Lindgren}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Ph.D., Statistics} \hfill 2016\\
        {\bf Eastbrook University} \hfill Eastbrook, OR \\
        \end{rSection}
        \begin{rSection}{Research}
        \begin{pSubsection}{Visual Methods Group, }{Eastbrook, OR}{2013-2016}{Graduate Intern}
        {A group studying tools for novices. Director: Paul Venn.}
        \end{pSubsection}
        \begin{pSubsection}{Open Data Project, }{Eastbrook, OR}{2011-2013}{Graduate Student Researcher}{Curriculum for high schools.}
        \end{pSubsection}
        \end{rSection}
        \end{document}
        """)
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Graduate Intern", "Visual Methods Group", "2013", "2016"),
        ("Graduate Student Researcher", "Open Data Project", "2011", "2013")]


def test_a_bare_research_heading_over_quoted_titles_lists_papers(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{report}
        \begin{document}
        {\Huge Otto Ferrand}
        \section*{Education}
        \begin{itemize}
          \item Ph.D. Economics, Westfield University, 2026
        \end{itemize}
        \section*{Research}
        \begin{itemize}
          \item ``Tariffs, Ports and the Timing of Entry''
          \item ``Fares and Search: Evidence from Booking Data'' with Ada Marsh and Lio Brandt
        \end{itemize}
        \end{document}
        """)
    assert [p.title for p in r.publications] == ["Tariffs, Ports and the Timing of Entry",
                                                "Fares and Search: Evidence from Booking Data"]


def test_research_heading_over_plain_prose_stays_unread(tmp_path):
    # (guard) a research statement under "Research" is neither papers nor posts
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Otto Ferrand}
        \section*{Education}
        \begin{itemize}
          \item Ph.D. Economics, Westfield University, 2026
        \end{itemize}
        \section*{Research}
        I study how firms enter markets when transmission capacity is scarce, using structural models.
        \end{document}
        """)
    assert r.publications == [] and r.positions == []


def test_doi_after_a_line_break_stays_in_the_reference(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\huge Rosa Quell}
        \section*{Peer-reviewed publications}
        \begin{itemize}
        \item Amberg, P., Quell, R., \& Tann, E. (2017). Deciding when to stop sampling. \textit{Journal of Choice Studies}, \textit{14}, 70--91, \\ doi: 10.1234/jcs0000286.
        \item Bode, L., \& Quell, R. (2021). Latent factors in visual search. \textit{Learning Representations Meeting},\\\href{https://openreview.example.org/forum?id=abc}{https://openreview.example.org/forum?id=abc}
        \end{itemize}
        \end{document}
        """)
    a, b = r.publications
    assert a.title == "Deciding when to stop sampling"
    assert [x.name for x in a.authors] == ["P. Amberg", "R. Quell", "E. Tann"]
    assert a.year == "2017"
    assert b.title == "Latent factors in visual search"
    assert b.year == "2021"


def test_bold_sub_headings_between_references_are_no_papers(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\mhead}[1]{\leavevmode\marginpar{#1}}
        \begin{document}
        {\Huge Ivo Sand}
        \mhead{Education}%
        \textbf{Northgate University} \newline
        \emph{Ph.D., Computer Science} \hfill 2014

        \mhead{Awards}%
        Best Paper Award \hfill 2013

        \mhead{Publications}%
        \textbf{Conferences}

        \medskip
        Lea Moor, Ivo Sand, \emph{``Sensing Stacks for Small Devices,''} The 9th Workshop on Tiny Systems (TinySys), November 2014.

        \bigskip
        \textbf{Journals}

        \medskip
        Ivo Sand, Lea Moor,\emph{``Private Sharing of Sensor Streams,''} Journal of Mobile Computing, June 2012.

        \bigskip
        \textbf{Posters and Demos}

        \medskip
        Ivo Sand, Kai Berg,\emph{``Middleware for Sensing,''} Engineering Forum, Poster Presentation, May 2013.
        \end{document}
        """)
    assert [p.title for p in r.publications] == ["Sensing Stacks for Small Devices", "Private Sharing of Sensor Streams",
                                                "Middleware for Sensing"]


def test_spanish_articles_and_employment_headings(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Elena Rivas Soto}
        \section{Educación}
        \begin{itemize}
        \item 2016-2019. Maestría en Ciencias Matemáticas, Universidad del Valle Alto.
        \end{itemize}
        \section{Artículos}
        \begin{itemize}
        \item E. Rivas Soto y J. Mora. Grupos discretos y sus límites. \textit{Revista de Geometría} 12 (2021).
        \end{itemize}
        \section{Empleo}
        \begin{itemize}
        \item 2019-2021. Profesora adjunta, Universidad del Valle Alto.
        \end{itemize}
        \end{document}
        """)
    assert len(r.publications) == 1
    assert [p.organization for p in r.positions] == ["Universidad del Valle Alto"]


def test_description_item_labels_in_a_skills_section_are_no_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{enumitem}
        \begin{document}
        \title{Mira Olsen}
        \maketitle
        \section*{Education}
          \begin{description}
            \item[2017-2019] Master Degree in Physics @ \emph{University of Norrholm}
          \end{description}
        \section*{Skills}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[Languages]
              Norwegian (Mother tongue) \\
              English (C1) \\
              Spanish (B1)
            \item[Software]
              Python (with numpy and xarray), Git, Fortran
            \item[Transversal]
              Teamwork, curiosity
          \end{description}
        \end{document}
        """)
    assert r.skills == ["Python", "Git", "Fortran", "Teamwork", "curiosity"]
    assert r.languages == ["Norwegian", "English", "Spanish"]


def test_moderncv_cvcomputer_group_labels_are_no_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \firstname{Léon}
        \familyname{Marchal}
        \begin{document}
        \makecvtitle
        \section{Formation}
        \cventry{2009--2010}{Master 2 informatique}{Université de Valmont}{Valmont}{}{}
        \section{Compétences}
        \cvcomputer{Programmation}{OCaml, Java}{Scripting}{PHP, Ruby}
        \end{document}
        """)
    assert r.skills == ["OCaml", "Java", "PHP", "Ruby"]


def test_language_items_with_their_level_after_a_comma(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Elena Rivas Soto}
        \section{Educación}
        \begin{itemize}
        \item 2016-2019. Maestría en Ciencias Matemáticas, Universidad del Valle Alto.
        \end{itemize}
        \section{Idiomas}
        \begin{itemize}
        \item Español, nativo
        \item Inglés, fluido (TOEFL iBT: 99)
        \item Francés, intermedio
        \end{itemize}
        \end{document}
        """)
    assert r.languages == ["Español", "Inglés", "Francés"]


def test_degree_entries_under_a_research_experience_heading_are_education(tmp_path):
    # one home-made entry macro for jobs and degrees: \Entry{PhD.}{dates}{Institute}{Thesis: …}
    r = _tex(tmp_path, r"""
        \documentclass{scrartcl}
        \newcommand{\Entry}[4]{\noindent \textbf{#1} \hfill #2 \par \noindent \textit{#3} \par \small #4 \par}
        \begin{document}
        {\Huge Pavel Orlov}
        \section*{Work experience}
        \Entry{Northwind Simulations}{2019-present}{Senior C++ Developer}{Reservoir models.}
        \section*{Research experience}
        \Entry{PhD.}{2019-present}{Institute of Numerical Hydrodynamics}
        {{\bf Thesis: Ocean models on heterogeneous computers.}}
        \Entry{MSc.}{2017-2019}{Volga State University}
        {Faculty of Applied Mathematics, Department of Modelling.

        {\bf Thesis: Load balancing with space-filling curves}}
        \end{document}
        """)
    assert [(p.title, p.organization) for p in r.positions] == [("Senior C++ Developer", "Northwind Simulations")]
    assert [(e.degree, e.institution, e.thesis) for e in r.education] == [
        ("PhD.", "Institute of Numerical Hydrodynamics", "Ocean models on heterogeneous computers."),
        ("MSc.", "Volga State University", "Load balancing with space-filling curves")]


def test_name_set_with_font_selection_commands_over_a_tagline(tmp_path):
    # \newcommand{\MyName}[1]{\Huge \usefont{OT1}{phv}{b}{n} \hfill #1 \par \normalsize}
    r = _tex(tmp_path, r"""
        \documentclass{scrartcl}
        \newcommand{\MyName}[1]{
                \Huge \usefont{OT1}{phv}{b}{n} \hfill #1
                \par \normalsize \normalfont}
        \newcommand{\MySlogan}[1]{
                \large \usefont{OT1}{phv}{m}{n}\hfill \textit{#1}
                \par \normalsize \normalfont}
        \begin{document}
        \MyName{Orlov Pavel}
        \MySlogan{Software developer}
        \section*{Work experience}
        \begin{itemize}
        \item 2019-2021. Senior Developer, Northwind Simulations.
        \end{itemize}
        \end{document}
        """)
    assert r.person.name == "Orlov Pavel"


def test_talk_items_labelled_talk_or_poster_before_the_title(tmp_path):
    # \item[2023] \bu Date, City, Country: \textbf{Event}, talk: \emph{Title} \\ \bu …
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{enumitem}
        \newcommand{\bu}{$\bullet$ }
        \begin{document}
        \title{Mira Olsen}
        \maketitle
        \section*{Education}
          \begin{description}
            \item[2020-2023] PhD @ \emph{Universit\'e de Valbonne}
          \end{description}
        \section*{Conferences}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[2024]
              \bu April 8-12, Graz, Austria: \textbf{Alpine Geoscience Union}, talk: \emph{Rare heat extremes in a warming climate} (presented by K. Berg)
            \item[2023]
              \bu June 5-9, Brest, France: \textbf{Summer School on Ocean Waves}, poster: \emph{Predicting heat waves with few data} \\
              \bu March 2-4, Bern, Switzerland: \textbf{Tipping Points Meeting}, PICO talk: \emph{Pushing the overturning past its limit}
          \end{description}
        \end{document}
        """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Rare heat extremes in a warming climate", "Alpine Geoscience Union", "2024"),
        ("Predicting heat waves with few data", "Summer School on Ocean Waves", "2023"),
        ("Pushing the overturning past its limit", "Tipping Points Meeting", "2023")]


def test_organization_with_small_caps_place_over_role_and_unit(tmp_path):
    # \textbf{Org} \rdate{\textsc{city, st}} \newline \emph{Role, Unit} \rdate{dates}
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\mhead}[1]{\leavevmode\marginpar{#1}}
        \newcommand{\rdate}[1]{\hfill #1}
        \begin{document}
        {\Huge Ivo Sand}
        \mhead{Education}%
        \textbf{Northgate University} \newline
        \emph{Ph.D., Computer Science} \rdate{2009--2014}

        \mhead{Experience}%
        \textbf{Northgate University} \rdate{\textsc{port ellis, or}} \newline
        \emph{Graduate Student Researcher, Embedded Sensing Lab.} \rdate{2009--2014}
        \begin{itemize}
          \item Built a mobile-cloud system for sharing sensor data.
        \end{itemize}

        \bigskip
        \textbf{Brightwave Semiconductors} \rdate{\textsc{lake vern, ca}} \newline
        \emph{Intern, Corporate Research and Development} \rdate{2012--2013}

        \mhead{Awards}%
        Best Paper Award \rdate{2013}
        \end{document}
        """)
    assert [(p.organization, p.title, p.unit, p.location, p.start) for p in r.positions] == [
        ("Northgate University", "Graduate Student Researcher", "Embedded Sensing Lab", "Port Ellis, OR", "2009"),
        ("Brightwave Semiconductors", "Intern", "Corporate Research and Development", "Lake Vern, CA", "2012")]


def test_quoted_thesis_title_under_an_altacv_event(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[10pt,a4paper]{altacv}
        \begin{document}
        \name{Rui Tavares}
        \makecvheader
        \cvsection{Education}
        \cvevent{MSc in Artificial Intelligence}{Lisbon Polytechnic of Sciences}{2019 -- 2021}{}
        Thesis: "Tracing Faults in Learning Pipelines"
        \textbf{Published in Journal of Applied Systems}
        \end{document}
        """)
    assert r.education[0].thesis == "Tracing Faults in Learning Pipelines"


def test_status_in_the_year_slot_of_an_author_year_title_reference(tmp_path):
    # a margin-heading vita: "Authors. Year. ``Title'' \emph{Venue}" with "Accepted"/"Forthcoming (2012)"
    # where the year goes
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\marginhead}[1]{\marginpar{#1}}
        \def\ind{\hangindent=1 true cm\hangafter=1 \noindent}
        \begin{document}
        \noindent{\Large Dr Ilse Marwick}

        \noindent\marginhead{Education}%
        \emph{University of Harwell}

        \ind 2006.  DPhil, Energy Policy.

        \noindent\marginhead{Appointments}%
        \emph{Harwell Institute of Technology}

        \ind 2011--Present. Lecturer.

        \noindent\marginhead{Publications}%
        \ind Piet Roder and Ilse Marwick.  Accepted. ``A short history of district heating'' in \emph{Energy Review}.

        \ind Ilse Marwick and Nils Shaw. Forthcoming (2012). ``Planning low-carbon towns'' in \emph{Greener Cities}, edited by A.\ Berg. London: Norfield Press.

        \ind Ilse Marwick. 2010. ``Service niches in a city's energy system'' \emph{Journal of Urban Quality} 21(1):~6--19.
        \end{document}
        """)
    # (accepted and forthcoming work is "published" as far as the four statuses go: "accepted" is
    # no value the record or the shapes allow, and gave a SHACL violation per paper)
    assert [(p.title, p.year, p.status) for p in r.publications] == [
        ("A short history of district heating", None, "published"),
        ("Planning low-carbon towns", "2012", "published"),
        ("Service niches in a city's energy system", "2010", "published")]
    assert {p.status for p in r.publications} <= set(get_args(PublicationStatus))
    assert [a.name for a in r.publications[0].authors] == ["Piet Roder", "Ilse Marwick"]


def test_moderncv_entries_with_a_logo_in_the_employers_place(tmp_path):
    # \cventry{dates}{Role}{\includegraphics{logo}}{City}{Employer}{description}
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \usepackage{graphicx}
        \firstname{Léon}
        \familyname{Marchal}
        \begin{document}
        \makecvtitle
        \section{Expériences professionnelles}
        \cventry{Janvier 2011 -- Mars 2012}{Consultant en informatique}{\includegraphics[width=3cm]{logo1.png}}{Lyon}{Valmont Technologies}{Expert Java sur un serveur mobile.}
        \cventry{Avril -- Septembre 2010}{Stagiaire Recherche}{\includegraphics[width=3.5cm]{logo2.jpg}}{Brion}{Orvane Systèmes -- Laboratoire d'Intelligence Artificielle}{Agents dirigés par des buts}
        \section{Formation}
        \cventry{2004 -- 2009}{Diplôme d'ingénieur en informatique}{\includegraphics[width=1.5cm]{logo3.jpg}}{Valmont}{École Supérieure des Techniques de Valmont}{Cycle ingénierie, mention bien.}
        \end{document}
        """)
    assert [(p.title, p.organization, p.location) for p in r.positions] == [
        ("Consultant en informatique", "Valmont Technologies", "Lyon"),
        ("Stagiaire Recherche", "Orvane Systèmes – Laboratoire d'Intelligence Artificielle", "Brion")]
    edu = r.education[0]
    assert (edu.institution, edu.location) == ("École Supérieure des Techniques de Valmont", "Valmont")
    assert edu.degree == "Diplôme d'ingénieur en informatique"


def test_author_paragraph_then_title_paragraph_is_one_reference(tmp_path):
    # "Authors" / blank line / "Title. \textit{Journal, vol, year}" (scrartcl CV, \sepspace between)
    r = _tex(tmp_path, r"""
        \documentclass{scrartcl}
        \newcommand{\sepspace}{\vspace*{1em}}
        \newcommand{\NewPart}[1]{\section*{\uppercase{#1}}}
        \begin{document}
        {\Huge Pavel Orlov}
        \NewPart{Publications}{}

        Orlov, P. V., Gusak, A. V., Dainov, N. A.

        Shallow water solvers on heterogeneous computers.
        \textit{Supercomputing Letters, 8(4), 2022}
        \sepspace

        Dainov N.A., Orlov P.V., Gusak A.V.

        Storm surges in a shallow bay.
        \textit{Coastal Oceanography. Vol.26, 2019.}
        \sepspace

        \NewPart{Presentations}{}

        Orlov P.V., Dainov N.A., and Gusak A.V.

        Coupled solvers for coastal tide models.
        \textit{62nd Scientific Conference of the Volga Institute, 2017.}
        \end{document}
        """)
    assert [(p.title, p.year) for p in r.publications] == [
        ("Shallow water solvers on heterogeneous computers", "2022"),
        ("Storm surges in a shallow bay", "2019")]
    assert [a.name for a in r.publications[1].authors] == ["N.A. Dainov", "P.V. Orlov", "A.V. Gusak"]
    assert [(t.title, t.date) for t in r.talks] == [("Coupled solvers for coastal tide models", "2017")]


def test_authors_written_surname_then_dotted_initials():
    from mappers.extract.fields import split_authors

    authors, _ = split_authors("Fenwick J.A., Dorne B., Lusk C.D.")
    assert [a.name for a in authors] == ["J.A. Fenwick", "B. Dorne", "C.D. Lusk"]
    # (Vancouver without stops is read as before; forename-first lists are no inverted list)
    assert [a.name for a in split_authors("Fenwick JA, Dorne B")[0]] == ["Fenwick JA", "Dorne B"]
    assert [a.name for a in split_authors("A. Fenwick, B. Dorne")[0]] == ["A. Fenwick", "B. Dorne"]


def test_quoted_title_with_co_authors_then_emphasised_status_and_journal(tmp_path):
    # economics working papers: ``Title'' with A, B, and C. \textit{Conditionally accepted} at
    # \textit{Journal}, an abstract in a quote environment under it
    r = _tex(tmp_path, r"""
        \documentclass{report}
        \begin{document}
        {\Huge Otto Ferrand}
        \section*{Education}
        \begin{itemize}
          \item Ph.D. Economics, Westfield University, 2026
        \end{itemize}
        \section*{Working Papers}
        \begin{itemize}
          \item ``Fares and Search: Evidence from Booking Data'' with Ada Marsh, Lio Brandt, and Remy Kaur. \textit{Conditionally accepted} at \textit{Journal of Transport Markets}
          \begin{quote}
            \textbf{Abstract}: We study how travellers search and when they buy, using a carrier's website data.
          \end{quote}
          \item ``Quality and Mergers'' (with Ada Marsh), Review of Lorem Studies, 2023.
        \end{itemize}
        \end{document}
        """)
    a, b = r.publications
    assert a.title == "Fares and Search: Evidence from Booking Data"
    assert [x.name for x in a.authors] == ["Otto Ferrand", "Ada Marsh", "Lio Brandt", "Remy Kaur"]
    # "accepted" is no status of its own (published, as far as the four go), so the "Working Papers"
    # heading's status stands, as for every entry that states none (README: Left)
    assert (a.venue, a.status) == ("Journal of Transport Markets", "preprint")
    assert b.title == "Quality and Mergers"
    assert b.venue and "Review of Lorem Studies" in b.venue


def test_sentence_items_of_degree_unit_and_university(tmp_path):
    # an Org-mode export: "2016-2019. Degree. Institute, University, City." with labelled sub-items
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \begin{document}
        {\Huge Elena Rivas Soto}
        \section{Educación}
        \begin{itemize}
        \item 2011-2016. Licenciatura en Matemáticas. Facultad de Ciencias, Universidad del Valle Alto (UVA), Ciudad Norte.
        \begin{itemize}
        \item Título de tesis: Grupos discretos y sus límites.
        \item Asesor: Tomás Ledo Varga.
        \end{itemize}
        \item 2016-2019. Maestría en Ciencias Matemáticas. Instituto de Matemáticas, Universidad del Valle Alto (UVA), Ciudad Norte.
        \end{itemize}
        \end{document}
        """)
    lic, mae = r.education
    assert (lic.degree, lic.institution, lic.field) == ("Licenciatura en Matemáticas", "Universidad del Valle Alto (UVA)",
                                                        "Matemáticas")
    assert lic.advisors == ["Tomás Ledo Varga"] and lic.thesis.startswith("Grupos discretos")
    assert (mae.degree, mae.institution) == ("Maestría en Ciencias Matemáticas", "Universidad del Valle Alto (UVA)")


def test_phone_in_a_label_value_macro_of_a_personal_details_section(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{scrartcl}
        \newlength{\spacebox}
        \newcommand{\PersonalEntry}[2]{\noindent\parbox{\spacebox}{\textit{#1}}\hspace{1.5em} #2 \par}
        \begin{document}
        {\Huge Pavel Orlov}
        \section*{Personal details}
        \PersonalEntry{Address}{Kazan, Russia}
        \PersonalEntry{Phone}{+79001234567}
        \PersonalEntry{Email}{\url{p.orlov@example.org}}
        \section*{Work experience}
        \begin{itemize}
        \item 2019-2021. Senior Developer, Northwind Simulations.
        \end{itemize}
        \end{document}
        """)
    assert r.person.phones == ["+79001234567"]
    assert r.person.emails == ["p.orlov@example.org"]


def test_two_months_of_one_year_written_with_numbers():
    from mappers.extract.fields import find_period

    assert find_period("01-04/2012")[0] == ("2012-01", "2012-04", False)
    assert find_period("06-09/2013, 06-09/2012")[0] == ("2013-06", "2013-09", False)
    # (month/year ranges are read as before)
    assert find_period("03/2020-04/2021")[0] == ("2020-03", "2021-04", False)


def test_honours_in_brackets_written_in_spanish_or_french():
    from mappers.extract.text import without_honour_mark

    assert without_honour_mark("Licenciatura en Física (con mención honorífica)") == \
        ("Licenciatura en Física", "con mención honorífica")
    assert without_honour_mark("Master en Chimie (mention très bien)") == ("Master en Chimie", "mention très bien")


def test_role_at_organization_items_and_a_school_with_an_aside(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{enumitem}
        \begin{document}
        \title{Mira Olsen}
        \maketitle
        \section*{Education}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[2020-2023]
              PhD @ \emph{Universit\'e de Valbonne} as MSCA Fellow within the \emph{OceanNet} network \url{https://oceannet.example.org/} \\
              Thesis title: \emph{Rare transitions in a stochastic ocean model}
          \end{description}
        \section*{Volunteering}
          \begin{description}[style=multiline,leftmargin=3cm,align=right]
            \item[Sep 2025]
              Trail Restoration Volunteer @ \emph{Northfjord Trust}
          \end{description}
        \end{document}
        """)
    assert r.education[0].institution == "Université de Valbonne"
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Trail Restoration Volunteer", "Northfjord Trust", "Sep 2025")]


def test_a_stack_heading_lists_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[10pt,a4paper]{altacv}
        \begin{document}
        \name{Rui Tavares}
        \makecvheader
        \cvsection{Experience}
        \cvevent{Data Scientist}{Lisbon Tax Office}{Nov 2017 -- Nov 2018}{Portugal}
        \cvsection{Stack software}
        {\LaTeXraggedright
        \cvtag{Linux}
        \cvtag{PyTorch}
        \cvtag{Kubernetes}
        \par}
        \end{document}
        """)
    assert r.skills == ["Linux", "PyTorch", "Kubernetes"]


def test_a_line_of_fellowships_under_a_degree_gives_no_location(tmp_path):
    # (guard for the institution-line rule) resume.cls: degree, school, thesis, then honours
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Nora Lindgren}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Ph.D., Statistics} \hfill 2015\\
        {\bf Eastbrook University} \hfill Eastbrook, OR \\
        {\bf Dissertation:} Tools for Learning Statistics \\
        \emph{Summer Fellowship, \\ Lorem Circle of Teaching Fellows, Final Year Fellowship.}
        \end{rSection}
        \end{document}
        """)
    edu = r.education[0]
    assert edu.thesis == "Tools for Learning Statistics"
    assert edu.location != "Dissertation Year Fellowship."


def test_a_dissertation_section_of_labelled_lines_belongs_to_the_doctorate(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Nora Lindgren}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Ph.D., Statistics} \hfill 2015\\
        {\bf Eastbrook University} \hfill Eastbrook, OR \\

        {\bf B.A., Mathematics} \hfill 2010\\
        {\bf Harrow College} \hfill Harrow, MN \\
        \end{rSection}
        \begin{rSection}{Dissertation}
        {\bf Title:} {\em Small Tools for Teaching Data Analysis}
        \\{\bf Committee:} Co-chairs: Ruth Kallio (Statistics) and Paul Venn (Statistics).
        \\ Additional members: Ines Brandt (Statistics), Omar Lisle (Computer Science).
        \end{rSection}
        \end{document}
        """)
    phd = r.education[0]
    assert phd.thesis == "Small Tools for Teaching Data Analysis"
    assert phd.advisors == ["Ruth Kallio", "Paul Venn"]
    assert r.education[1].advisors == []


def test_new_patterns_stay_fast_on_long_adversarial_text():
    import time

    from mappers.extract import latex as L

    cases = [lambda: L._without_abstract("\n" * 20000 + "x"),
             lambda: L._without_abstract("\n \t abstract" * 2000),
             lambda: L._SENTENCE_BREAK.split("ab. " * 5000),
             lambda: L._TALK_KIND_LABEL.search(", talk " * 3000),
             lambda: L._ROLE_AT_ORG.fullmatch("a" * 20000 + "@" + "b" * 100),
             lambda: L._DEFENDED.sub("", "x, defended on " + "a " * 10000 + "2020")]
    for case in cases:
        t = time.perf_counter()
        case()
        assert time.perf_counter() - t < 1.0
