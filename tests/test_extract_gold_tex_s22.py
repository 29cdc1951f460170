r"""LaTeX CV shapes met on a random sample of real public LaTeX CVs scored against hand-written
gold records in session 22 (plain article CVs with home-made heading and entry macros, resume.cls
CVs, a moderncv banking CV, an awesome-cv CV whose sections are \input files, a pandoc export),
each reduced to an invented snippet: names, titles, institutions, venues and e-mails here are
made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_home_made_heading_macro_stays_a_heading(tmp_path):
    # \newcommand{\Section}[1]{…\textbf{#1}…}: expanded like any one-argument macro, the headings
    # were bold text only, no section was found and the whole CV went to the text reader
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\Line}{\noindent\rule{\textwidth}{0.4pt}}
        \newcommand{\Section}[1]{\Line \par \textbf{\fontsize{13}{13}\selectfont #1} \par \Line \par}
        \newcommand{\Entry}[4]{\noindent\mbox{#1} \hfill \mbox{#2} \\ \mbox{\textit{#3}} \\ {\small #4}}
        \begin{document}
        \textbf{\fontsize{25}{25}\selectfont Tamsin Oakridge}
        \Section{Education}
        \Entry{\textbf{Harwell University}}{2015 - 2019}{Bachelor of Science in Geology}{}
        \Section{Programming Languages and Tools}
        \textbf{Experienced:} Python, Fortran

        \textbf{Familiar:} Julia, Haskell
        \Section{Invited Talks}
        \begin{itemize}
        \item Sediments at the Speed of Light (Loamshire Geology Days) \hfill{2021}
        \end{itemize}
        \end{document}
    """)
    assert [(e.institution, e.degree, e.end) for e in r.education] == \
        [("Harwell University", "Bachelor of Science in Geology", "2019")]
    assert {"Python", "Fortran", "Julia", "Haskell"} <= set(r.skills)
    assert [t.title for t in r.talks] and not r.publications


def test_macro_arguments_read_as_its_definition_says(tmp_path):
    # \pub{Title} / {Authors} / {Venue \lnk{url}{arXiv}}, one argument a line: the later lines were
    # loose text, and each \lnk{…}{…} in them was read as a paper of its own
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\me}{\textbf{Oriel Vantongeren}}
        \newcommand{\venue}[1]{{\itshape #1}}
        \newcommand{\lnk}[2]{{\small[\href{#1}{#2}]}}
        \newcommand{\pub}[3]{\item \parbox[t]{\linewidth}{{\bfseries #1}\\ #2\\ #3}}
        \begin{document}
        {\Large Oriel Vantongeren}\\ \href{mailto:oriel@fenwick.edu}{oriel@fenwick.edu}
        \section{Education}
        \begin{itemize}\item Ph.D. in Computer Science, Fenwick University, 2019 -- 2024\end{itemize}
        \section{Publications}
        \begin{enumerate}
          \pub{Folding Maps for Restless Robots}
              {\me, Hale Ostrander, Wim Petrossian}
              {\venue{ICRA 2024} \enspace \lnk{https://arxiv.org/abs/2401.00001}{arXiv} \lnk{https://x.org/code}{Code}}
          \pub{Quiet Gradients in Loud Networks}
              {Hale Ostrander, \me}
              {\venue{NeurIPS 2023} \enspace \lnk{https://x.org/paper.pdf}{Paper}}
        \end{enumerate}
        \end{document}
    """)
    assert [p.title for p in r.publications] == ["Folding Maps for Restless Robots", "Quiet Gradients in Loud Networks"]
    assert [a.name for a in r.publications[0].authors] == ["Oriel Vantongeren", "Hale Ostrander", "Wim Petrossian"]
    assert [p.year for p in r.publications] == ["2024", "2023"]


def test_two_argument_item_macro_under_an_entry_is_a_line_of_it(tmp_path):
    # the older "Jake's resume" shape: \resumeSubheading{Org}{Place}{Role}{Dates}, then a list
    # macro opening \resumeItem{Topic}{What was done}; each \resumeItem was a post of its own
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeItem}[2]{\item\small{\textbf{#1}{ - #2}}}
        \newcommand{\resumeSubheading}[4]{\item \begin{tabular*}{0.97\textwidth}{l@{\extracolsep{\fill}}r}
          \textbf{#1} & #2 \\ \textit{\small#3} & \textit{\small #4} \\ \end{tabular*}}
        \newcommand{\resumeSubHeadingListStart}{\begin{itemize}[leftmargin=*]}
        \newcommand{\resumeSubHeadingListEnd}{\end{itemize}}
        \newcommand{\resumeItemListStart}{\begin{itemize}}
        \newcommand{\resumeItemListEnd}{\end{itemize}\vspace{-5pt}}
        \begin{document}
        \textbf{\Large Ebba Lindqvist-Marr} \\ ebba@orelund.se
        \section{Experience}
          \resumeSubHeadingListStart
            \resumeSubheading
              {Orelund Grid Institute}{Malmo, Sweden}
              {Research Engineer}{Mar 2019 -- Present}
              \resumeItemListStart
                \resumeItem{Load Forecasting}
                  {Built a forecasting model for regional demand.}
                \resumeItem{Tooling}{Kept the scenario pipeline running.}
              \resumeItemListEnd
            \resumeSubheading
              {Kessel Solar GmbH}{Kiel, Germany}
              {Analyst}{Jan 2016 -- Feb 2019}
          \resumeSubHeadingListEnd
        \section{Education}
          \resumeSubHeadingListStart
            \resumeSubheading{Orelund University}{Lund, Sweden}{Master of Science in Physics}{2014 -- 2016}
          \resumeSubHeadingListEnd
        \end{document}
    """)
    assert [(p.title, p.organization) for p in r.positions] == \
        [("Research Engineer", "Orelund Grid Institute"), ("Analyst", "Kessel Solar GmbH")]
    assert "forecasting model" in (r.positions[0].description or "")


def test_mentor_after_the_role_or_with_a_dash(tmp_path):
    # \entry{Org}{Dates}{Research Intern, mentored by X}{}: the whole third argument was taken for
    # the organization and the organization for the role; "Advisor - Name" was the role
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\entry}[4]{\textbf{#1} \hfill #2 \\ {\itshape #3} \hfill #4 \\}
        \newcommand{\Job}[5]{\noindent\mbox{#1} \hfill \mbox{#2} \\ \mbox{#3} \\ \mbox{#4} \\ {\small #5}}
        \begin{document}
        {\Large Wendeline Aubrac}\\ wendeline@corvel.edu
        \section{Experience}
        \entry{Corvel Vision Lab}{May 2024 -- Aug.\ 2024}{Research Intern, mentored by Pim Sorensen and Ada Kolb}{}
        \entry{Tarrow Institute of Technology}{Feb.\ 2021 -- Nov.\ 2022}{Visiting Student, advised by Lio Brandt}{}
        \Job{\textbf{Research Assisant}}{August, 2019 - February, 2021}{Corvel University}{Advisor - Nell Okafor}{Built things.}
        \end{document}
    """)
    got = [(p.title, p.organization, p.mentors) for p in r.positions]
    assert got == [("Research Intern", "Corvel Vision Lab", ["Pim Sorensen", "Ada Kolb"]),
                   ("Visiting Student", "Tarrow Institute of Technology", ["Lio Brandt"]),
                   ("Research Assisant", "Corvel University", ["Nell Okafor"])]


def test_talk_event_in_brackets_and_kind_of_talk_under_a_title(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Ilario Venndt}
        \address{ilario@quenby.edu}
        \begin{document}
        \begin{rSection}{Education}
        \begin{rSubsection}{Quenby University}{2019 - 2023}{B.S. in Astronomy}{}
        \end{rSubsection}
        \end{rSection}
        \begin{rSection}{Invited Talks}
        \begin{itemize}
        \item \href{https://x.org/v}{Counting Comets Quickly} (\href{https://x.org/m}{Harrow Developers' Meeting}) \hfill{2021}
        \item Tiny Telescopes for Big Skies (Loam Python Days, Ember Conf) \hfill{2019, 2020}
        \item Warm Halos Revisited (with A. Roe) \hfill{2018}
        \end{itemize}
        \end{rSection}
        \begin{rSection}{Scientific Talks}
        \begin{rSubsection}{Where the Dust Settles}{Jul. 2024}{}{}
        \item Oral Presentation, 2024 Brisk Summer Meeting, Lyon, France
        \end{rSubsection}
        \begin{rSubsection}{Notes on Flows}{May 2023}{}{}
        \item Reading Group, Department of Astronomy, Quenby University
        \end{rSubsection}
        \end{rSection}
        \end{document}
    """)
    got = [(t.title, t.host, (t.date or "")[:4]) for t in r.talks]
    assert got[:3] == [("Counting Comets Quickly", "Harrow Developers' Meeting", "2021"),
                       ("Tiny Telescopes for Big Skies", "Loam Python Days", "2019"),
                       ("Warm Halos Revisited (with A. Roe)", None, "2018")]     # (an aside, no event)
    assert got[3] == ("Where the Dust Settles", "Brisk Summer Meeting", "2024")
    assert got[4][0] == "Notes on Flows" and got[4][2] == "2023"


def test_skill_lines_with_lead_phrases_labels_and_diamonds(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Marit Osterhage}
        \address{marit@velden.edu}
        \begin{document}
        \begin{rSection}{Education}
        \begin{rSubsection}{Velden University}{2018 - 2022}{B.S. in Physics}{}
        \end{rSubsection}
        \end{rSection}
        \begin{rSection}{Skills}
            \noindent\textbf{Skilled in:} Rust, Fortran, Gnuplot.

            \noindent\textbf{Experienced with:}
            \begin{itemize}
                \item Tools for spectral fitting and line-profile analysis: Specfit, Lineweaver
            \end{itemize}
            \textbf{Languages:} Proficient in Julia (six years, including work with Plots), Octave \enspace$\diamond$\enspace \textbf{Methods:} Expertise in kriging, and Gaussian processes
        \end{rSection}
        \end{document}
    """)
    assert r.skills == ["Rust", "Fortran", "Gnuplot", "Specfit", "Lineweaver", "Julia", "Octave", "kriging",
                        "Gaussian processes"]


def test_labelled_reviewer_and_teaching_lines_under_one_heading(tmp_path):
    # "Academic Service & Teaching": "\textbf{Reviewer:} A, B, C \\ \textbf{Teaching Assistant,
    # School:} course; course" in one paragraph was one course ("Reviewer: A, B") and nothing else
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Bruna Haverkamp}\\ bruna@lisse.edu
        \section{Education}
        \begin{itemize}\item Ph.D. in Computer Science, Lisse University, 2021 -- 2025\end{itemize}
        \section{Academic Service \& Teaching}
        \textbf{Reviewer:} ICML, WACV, Pattern Letters\\[2pt]
        \textbf{Teaching Assistant, Lisse University:} LIS 310 Data Mining; LIS 120 Discrete Mathematics
        \end{document}
    """)
    assert [(s.role, s.organization) for s in r.service] == \
        [("Reviewer", "ICML"), ("Reviewer", "WACV"), ("Reviewer", "Pattern Letters")]
    assert [(t.role, t.course, t.institution) for t in r.teaching] == \
        [("Teaching Assistant", "LIS 310 Data Mining", "Lisse University"),
         ("Teaching Assistant", "LIS 120 Discrete Mathematics", "Lisse University")]


def test_input_only_awesome_cv_keeps_the_header_town_and_whole_phone(tmp_path):
    # every section in \input files (not followed): the text reader gave the number without its
    # bracketed country code and no town; the header macros have both
    r = _tex(tmp_path, r"""
        \documentclass[11pt, a4paper]{awesome-cv}
        \name{Rodolfo}{Quintanar}
        \position{Data Scientist{\enskip\cdotp\enskip}Applied Mathematician}
        \address{Valparaiso, Chile}
        \mobile{(+56) 9 4417 2290}
        \email{rquintanar@ucv-example.cl}
        \github{rquintanar}
        \begin{document}
        \makecvheader[L]
        \input{cv/education.tex}
        \input{cv/experience.tex}
        \end{document}
    """)
    p = r.person
    assert p.name == "Rodolfo Quintanar"
    assert p.phones == ["(+56) 9 4417 2290"]
    assert p.location == "Valparaiso, Chile"
    assert "https://github.com/rquintanar" in p.profiles


def test_dated_lines_after_a_spacing_line_are_one_entry_each(tmp_path):
    # "\itemsep -2pt" after the heading, then "{Prize}\hfill {2024} \\" lines: the spacing line
    # was taken for the first entry's start, so all the lines were one award ("2pt Prize …")
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Sunniva Attergrave}
        \address{sunniva@kettle.edu}
        \begin{document}
        \begin{rSection}{Education}
        \begin{rSubsection}{Kettle University}{2020 - 2024}{B.S. in Physics}{}
        \end{rSubsection}
        \end{rSection}
        \begin{rSection}{Scholarships and Awards} \itemsep -2pt
        {Bursary of the Kettle Observatory}\hfill {2024\;\;\;\;} \\
        {Marrow Scholarship, Department of Physics, Kettle University}\hfill {2022, 2023}\\
        {Graduate Fellowship, Loamfield University}\hfill {2025\;\;\;\;}\\
        \end{rSection}
        \end{document}
    """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Bursary of the Kettle Observatory", "2024"),
        ("Marrow Scholarship, Department of Physics, Kettle University", "2022"),
        ("Graduate Fellowship, Loamfield University", "2025")]


def test_courses_under_an_assistantships_heading_are_taught_as_assistant(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{banking}
        \name{Halvard}{Quist}
        \email{quist@lakemont.edu}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2016}{Ph.D. Political Science}{Lakemont University}{Fairhaven, MN}{}{}
        \section{Assistantships}
        \subsection{Teaching}
        \cventry{Spring 2014}{Taught by Dr. Ines Varga}{Political Science 3309: Courts and Crowds}{}{}{}
        \cventry{Fall 2013}{Taught by Dr. Oskar Lind}{Political Science 3767: Elites at Work}{}{}{}
        \section{Teaching}
        \cventry{Fall 2015}{Instructor}{Political Science 1001: First Steps}{}{}{}
        \end{document}
    """)
    assert [(t.course, t.role) for t in r.teaching] == [
        ("Political Science 3309: Courts and Crowds", "Teaching Assistant"),
        ("Political Science 3767: Elites at Work", "Teaching Assistant"),
        ("Political Science 1001: First Steps", "Instructor")]


def test_date_column_table_with_current_degree_at_school_and_rows_under(tmp_path):
    # a two-column table, dates on the left: "Current" (no year) was the organization; "Ph.D. at
    # School, Town" gave the town as the institution; "Major: …" on the row under it is the field;
    # a degree row with its school on the next row had no institution; "Pre-prints" was no heading
    r = _tex(tmp_path, r"""
        \documentclass[a4paper,10pt]{article}
        \begin{document}
        \par{\centering{\Huge \textsc{Yorick Pellham}}\bigskip\par}
        \section{Personal Info}
        \begin{tabular}{rl}
            \textsc{email:} & \href{mailto:yorick@harlow.edu}{yorick@harlow.edu}\\
        \end{tabular}
        \section{Work Experience}
        \begin{tabular}{r|p{11cm}}
         \textsc{Current} & Research assistant, \textbf{Harlow University}, Kettering \\
         & \small Adviser: Mina \textsc{Okoro} \\
         \multicolumn{2}{c}{} \\
         \textsc{Mar-Aug 2016} & Software developer at \textbf{Brightwell}, Dunmore \\
        \end{tabular}
        \section{Education}
        \begin{tabular}{r|p{11cm}}
        \textsc{Current} & Ph.D. at \textbf{Harlow University}, Kettering\\
        & Major: Electrical and Computer Engineering\\
        &\textsc{Gpa}: 3.9/4.0 \\&\\
        \multicolumn{2}{c}{} \\
        \small{\textsc{Sep} 2010 - \textsc{July} 2014}& Undergraduate Degree in \textsc{EE} and \textsc{Mathematics} \\ &\normalsize\textbf{Tanmere University}, Tanmere\\
        &\normalsize \textsc{Gpa}: 3.6/4.0\\&\\
        \end{tabular}
        \section{Pre-prints}
        \begin{enumerate}
            \item \textbf{Y. Pellham}, R. Asante and M. Okoro. \textsc{"Flows That Forget Slowly"}, arXiv preprint arXiv:1801.00002 (2018).
        \end{enumerate}
        \end{document}
    """)
    assert [(p.title, p.organization, p.current) for p in r.positions][:1] == \
        [("Research assistant", "Harlow University", True)]
    assert [(e.degree, e.institution, e.field, e.current) for e in r.education] == [
        ("Ph.D.", "Harlow University", "Electrical and Computer Engineering", True),
        ("Undergraduate Degree in EE and Mathematics", "Tanmere University", "EE and Mathematics", False)]
    assert [p.title for p in r.publications] == ["Flows That Forget Slowly"]


def test_pandoc_export_name_section_over_subsection_headings(tmp_path):
    # pandoc's LaTeX of a Markdown CV: "# Name" is the one \section, "## Education" a \subsection,
    # each wrapped in \hypertarget{id}{…}; the whole CV was one section named after the person
    # and went to the text reader
    r = _tex(tmp_path, r"""
        \documentclass[a4paper,11pt]{article}
        \author{}
        \date{}
        \begin{document}
        \hypertarget{odile-brackenridge}{%
        \section{Odile Brackenridge}\label{odile-brackenridge}}

        Lorem-Institut für Gezeiten\\
        Wiesenweg 12\\
        24105 Kiel, Germany

        \href{mailto:odile@ifm-kiel.example}{\nolinkurl{odile@ifm-kiel.example}}

        \hypertarget{education}{%
        \subsection{Education}\label{education}}

        \textbf{Master of Science}\\
        Tarvin University, Tarvin\\
        Duration: 2019-2021

        \hypertarget{skills}{%
        \subsection{Skills}\label{skills}}

        \textbf{Compiled languages}: C , Fortran\\
        \textbf{Others}: LaTeX, Bash scripting

        \hypertarget{awards}{%
        \subsection{Awards and Fellowships}\label{awards}}

        \begin{itemize}
        \item
          \textbf{Kestrel Ocean Fellowship}\\
          Funded by: Department of Tides\\
          Duration: 2019-2021
        \end{itemize}
        \end{document}
    """)
    assert r.person.name == "Odile Brackenridge"
    assert r.person.location == "Kiel, Germany"
    assert [(e.degree, e.institution) for e in r.education] == [("Master of Science", "Tarvin University")]
    assert r.skills == ["C", "Fortran", "LaTeX", "Bash scripting"]
    assert [a.name for a in r.awards][:1] == ["Kestrel Ocean Fellowship"]


def test_degree_dated_with_an_open_dash_is_begun_not_ended(tmp_path):
    # \EducationEntry{School}{August, 2021 -}{PhD …}: a lone date was read as the end (conferral)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\Section}[1]{\textbf{\large #1} \par}
        \newcommand{\EducationEntry}[4]{\noindent\mbox{#1} \hfill \mbox{#2} \\ \mbox{\textit{#3}} \\ {\small #4}}
        \begin{document}
        \textbf{\Large Per Lindahl-Orme}
        \Section{Education}
        \EducationEntry{\textbf{Wexford University}}{August, 2021 -}{PhD in Computer Science}{}
        \EducationEntry{\textbf{Carrow Institute of Technology}}{2019}{MS in Computer Science}{}
        \end{document}
    """)
    assert [(e.institution, e.start, e.end, e.current) for e in r.education] == [
        ("Wexford University", "2021-08", None, True), ("Carrow Institute of Technology", None, "2019", False)]


def test_service_post_dash_venue_and_year(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Aurelio Penhallow}\\ aurelio@trent.edu
        \section{Education}
        \begin{itemize}\item Ph.D. in Computer Science, Trent University, 2020 -- 2025\end{itemize}
        \section{Service}
        \begin{itemize}
        \item Artifact Evaluation Committee - OSDI 2024
        \end{itemize}
        \end{document}
    """)
    assert [(s.role, s.organization, s.period) for s in r.service] == \
        [("Artifact Evaluation Committee", "OSDI", "2024")]


def test_bracketed_venue_and_equal_contribution_note(tmp_path):
    # "A, B. Title. (*: Equal Contribution) (VENUE 2023)." one paper a line: the venue was
    # "(*: Equal Contribution) (VENUE)", or "(VENUE )" with the year cut out of its brackets
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Tove Brannigan}
        \address{tove@marlow.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Marlow University} \hfill {\em Sep. 2020 - Present} \\
        PhD candidate in Department of Computing \\
        \end{rSection}
        \begin{rSection}{Publications}
        {\bf{Tove Brannigan*}}, Ilan Fisk*, Mo Adeyemi. Quiet Planning for Loud Dialogues. (*: Equal Contribution) (AAAI 2023). \\
        Ilan Fisk, {\bf{Tove Brannigan}}, Mo Adeyemi. Benches for Situated Talk. (ACM MM 2024). \\
        \end{rSection}
        \end{document}
    """)
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Quiet Planning for Loud Dialogues", "AAAI", "2023"), ("Benches for Situated Talk", "ACM MM", "2024")]


def test_role_with_its_unit_after_a_comma_beside_an_institute(tmp_path):
    # \resumeSubheading{Institute}{City, Country}{Research Assistant, Unit}{Dates}: "Research" is
    # also an organization word and "Role, Unit" looks like "City, Country", so the role was read
    # as the place and the institute as the role
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} & #2 \\ \textit{#3} & #4 \\}
        \begin{document}
        {\Large Ansel Drummond}\\ ansel@pellow.org
        \section{Experience}
        \begin{itemize}
        \resumeSubheading
          {Pellow Institute for Wind Systems (PIWS)}{Kassel, Germany}
          {Research Assistant, Rotor Testing}{Jul 2012 -- Jul 2014}
        \end{itemize}
        \end{document}
    """)
    assert [(p.title, p.organization, p.location) for p in r.positions] == \
        [("Research Assistant, Rotor Testing", "Pellow Institute for Wind Systems (PIWS)", "Kassel, Germany")]
