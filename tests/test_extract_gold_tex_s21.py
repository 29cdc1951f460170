r"""LaTeX CV shapes met on a random sample of real public LaTeX CVs scored against hand-written
gold records in session 21 (moderncv classic/banking/casual, a Wenneker memoir CV, a my_cv class of
\datedline and \datedtalk, plain article CVs with home-made entry macros, a Wilson tabbing CV),
each reduced to an invented snippet: names, titles, institutions, journals and e-mails here are
made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_publication_list_inside_one_cvitem_argument(tmp_path):
    # moderncv: the whole list in the second argument of one \cvitem, one paper per \item
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \email{ilse@brenmoor.org}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \section{Publications}
        \cvitem{}{
          \begin{itemize}
          \item \textbf{Ilse Marwick} and Odo Farrant. \href{https://x.org/1}{Counting Vowels in Quiet Rooms}. ACL 2021.
          \item Petra Lund, \textbf{Ilse Marwick}, and Odo Farrant. \href{https://x.org/2}{Loud Rooms and Their Echoes}. EMNLP 2019.
          \item \textbf{Ilse Marwick}. Small Corpora for Slow Readers. Under review.
          \end{itemize}
        }{}
        \end{document}
        """)
    got = {p.title: p for p in r.publications}
    assert set(got) == {"Counting Vowels in Quiet Rooms", "Loud Rooms and Their Echoes",
                        "Small Corpora for Slow Readers"}
    loud = got["Loud Rooms and Their Echoes"]
    assert [a.name for a in loud.authors] == ["Petra Lund", "Ilse Marwick", "Odo Farrant"]
    assert loud.year == "2019"
    assert got["Counting Vowels in Quiet Rooms"].year == "2021"


def test_publication_list_cut_by_line_breaks_inside_one_argument(tmp_path):
    # a Wenneker CV: \CVItem{Journal papers}{ref \\ ref \\ ref}, the years with a letter
    # ("(2017a)"), a page-layout macro between two references
    r = _tex(tmp_path, r"""
        \documentclass{memoir}
        \begin{document}
        \section{Education}
        Ph.D., Ardwyn University, 2019
        \section{Publications}
        \CVItem{Journal papers}{
        \textbf{Quell, T.}, Varga, M., and Oduya, P. (2017a). \textit{Cold gas in the outer
        rings of dwarf galaxies}. \textbf{Nordic Journal of Astronomy}, 465:313--317.
        \\

        \clearpage

        Varga, M., and \textbf{Quell, T.} (2015). \textit{A survey of faint radio arcs}.
        \textbf{Nordic Journal of Astronomy}, 12:90--99.
        \\
        }
        \end{document}
        """)
    titles = {p.title: p.year for p in r.publications}
    assert titles == {"Cold gas in the outer rings of dwarf galaxies": "2017",
                      "A survey of faint radio arcs": "2015"}


def test_one_reference_in_a_cvitem_stays_one_publication(tmp_path):
    # guard: \cvitem{2020}{one reference} is still read as one paper, not cut at its line break
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \section{Publications}
        \cvitem{2020}{Ilse Marwick and Odo Farrant. Counting Vowels in Quiet Rooms. \\ \textit{Journal of Quiet Studies}, 12(3):1--20, 2020.}
        \end{document}
        """)
    assert [p.title for p in r.publications] == ["Counting Vowels in Quiet Rooms"]


def test_tabbing_rows_under_skill_subsections(tmp_path):
    # a Wilson-style CV: label \> values rows of a tabbing environment, the first row right
    # after the \kill line that sets the tab stops; a "Languages" subsection among the skills
    # lists spoken languages, whose levels are no skills
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        \textbf{2015-2019} Ph.D. in Geology, Ardwyn University
        \section{Skills}
        \subsection{Languages}
        \parbox{\textwidth}{
        \begin{tabbing}
        \hspace{2.75cm} \= \hspace{2.5cm} \= \kill % tab stops
        {\bf Welsh} \> Native \> \\
        {\bf Danish} \> Fluent \> C1 certificate \\
        \end{tabbing}}
        \subsection{Programming}
        \parbox{\textwidth}{
        \begin{tabbing}
        \hspace{5cm} \= \kill
        {\bf Programming Languages} \> Fortran (advanced), Haskell (basic) \\
        {\bf Tools} \> Gnuplot, Make \\
        \end{tabbing}}
        \end{document}
        """)
    assert r.skills == ["Fortran (advanced)", "Haskell (basic)", "Gnuplot", "Make"]
    assert r.languages == ["Welsh", "Danish"]


def test_referee_section_of_emphasised_journal_names(tmp_path):
    # "Referee and Discussant Service": one item listing the journals, each in \textit; the
    # first emphasised name is not a role
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Education}
        \textbf{Ph.D. in Economics} \hfill 2019\\
        Ardwyn University
        \section*{Referee and Discussant Service}
        \begin{itemize}
          \item \textit{Journal of Quiet Markets}, \textit{Lorem Economic Review}, \textit{Annals of Ipsum Trade}.
        \end{itemize}
        \end{document}
        """)
    assert [(s.role, s.organization) for s in r.service] == [
        ("Referee", "Journal of Quiet Markets"), ("Referee", "Lorem Economic Review"),
        ("Referee", "Annals of Ipsum Trade")]


def test_posts_under_subsections_that_name_the_body_or_the_kind_of_post(tmp_path):
    # a my_cv class: \subsection{Body} over a dated bold post; \subsection{Committees} over a
    # committee with its department on the next line; a referee subsection over two journals;
    # "Member of the …" under a memberships subsection
    r = _tex(tmp_path, r"""
        \documentclass{my_cv}
        \begin{document}
        \name{Orrin Vale}
        \section{Education}
        \datedline{{\bf PhD, Physics}, Ardwyn University}{2014-2020}
        \section{Professional Activities}
        \subsection{Committees}
        \datedline{{\bf Lorem Outreach Committee}}{September 2019-May 2020}
           \\ \indent
           Department of Physics, Ardwyn University
        \subsection{Journal Referee}
        \datedline{Quiet Physics Letters, Annals of Lorem Optics}{April 2020-present}
        \subsection{Professional Organizations}
        \datedline{Member of the Ipsum Physical Society}{2018-present}
        \section{Outreach}
        \subsection{Stargazers Club}
        \datedline{{\bf Treasurer}}{May 2018--February 2019}
        \end{document}
        """)
    got = {(s.role, s.organization) for s in r.service}
    assert got == {("Lorem Outreach Committee", "Department of Physics, Ardwyn University"),
                   ("Journal Referee", "Quiet Physics Letters"), ("Journal Referee", "Annals of Lorem Optics"),
                   ("Member", "Ipsum Physical Society"), ("Treasurer", "Stargazers Club")}


def test_reviewer_label_over_venues_with_years_and_a_post_after_a_team(tmp_path):
    # moderncv \cvitem{Reviewer For}{ACL 2022, …}: one entry per venue, its year the period;
    # \cvitem{Lorem Data Team}{Founding member}: the post is the role, the team the organization
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \section{Service}
        \cvitem{Reviewer For}{LREC 2022, COLING 2020, Quiet NLP Workshop 2019}
        \cvitem{Brenmoor Data Team}{Founding member and former captain.}
        \end{document}
        """)
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert ("Reviewer", "LREC", "2022") in got and ("Reviewer", "COLING", "2020") in got
    assert ("Reviewer", "Quiet NLP Workshop", "2019") in got
    assert any(s.organization == "Brenmoor Data Team" and s.role.startswith("Founding member") for s in r.service)


def test_one_venue_with_a_comma_under_a_reviewer_heading_stays_whole(tmp_path):
    # guard: "Symposium on Lorem, Ipsum and Dolor (LID)" is one venue, not two
    r = _tex(tmp_path, r"""
        \documentclass{my_cv}
        \begin{document}
        \section{Education}
        \datedline{{\bf PhD, Physics}, Ardwyn University}{2014-2020}
        \section{Service}
        \subsection{External Reviewer}
        \datedline{International Symposium on Lorem Attacks, Ipsum and Dolor (LIDS)}{2017}
        \end{document}
        """)
    assert [s.organization for s in r.service] == ["International Symposium on Lorem Attacks, Ipsum and Dolor (LIDS)"]


def test_moderncv_entries_one_argument_per_line_after_a_month_date(tmp_path):
    # moderncv banking: \cventry{April 2021 - Present} then one argument per line; before, a
    # first argument with a month stopped the macro there and the lines were one run of text
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \section{Experience}
        \cventry{April 2021 - Present}
        		{Research Scientist}
        		{Quillon Labs}
        		{Speech, Phonology}
        		{}
        		{
        			\begin{itemize}
        				\item Built a vowel counter.
        			\end{itemize}
        		}
        \cventry{Winter 2019/2020}
        		{Research Intern}
        		{Fenmark Research - Oslo}
        		{Parsing}
        		{}
        		{}
        \end{document}
        """)
    got = [(p.title, p.organization, p.start) for p in r.positions]
    assert got == [("Research Scientist", "Quillon Labs", "2021-04"),
                   ("Research Intern", "Fenmark Research - Oslo", "2019")]
    assert r.positions[0].current


def test_advisor_argument_is_a_mentor_not_the_role(tmp_path):
    # moderncv \cventry{dates}{Lab}{City}{Role}{\textsc{Advisor: Name}}{}: the advisor
    # argument was read as the role
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2016--2020}{B.S. in Computer Science}{Brenmoor University}{Oslo}{}{}
        \section{Experiences}
        \cventry{2018 -- 2020}{Brenmoor Systems Lab}{Oslo}{Research Assistant}{\textsc{Advisor:  Odo Farrant}}{}
        \cventry{2017}{Quillon}{Bergen, Norway}{Junior Software Engineer}{}{}
        \end{document}
        """)
    got = [(p.title, p.organization, p.mentors) for p in r.positions]
    assert got == [("Research Assistant", "Brenmoor Systems Lab", ["Odo Farrant"]),
                   ("Junior Software Engineer", "Quillon", [])]


def test_cvitem_label_is_the_organization_when_the_role_opens_the_text(tmp_path):
    # \cvitem{Lab}{Role, date: what was done}: the role, the lab, the date (the label was
    # read as the role, or no role at all)
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \section{Research Experience}
        \cvitem{Brenmoor Sound Lab}{Undergraduate Research Assistant, Fall 2014: Faster vowel counts}{}
        \cvitem{Fenmark Glacier Institute}{Field Scientist, Snow Surveyor, May 2013-October 2014}{}
        \end{document}
        """)
    got = [(p.title, p.organization, p.start, p.end) for p in r.positions]
    assert got == [("Undergraduate Research Assistant", "Brenmoor Sound Lab", "2014", None),
                   ("Field Scientist", "Fenmark Glacier Institute", "2013-05", "2014-10")]


def test_grant_items_lose_amount_part_and_project_sentence(tmp_path):
    # "\item 2024/25: Lorem Fund (USD \$50,000), as co-PI. Project: ``…''": the fund's name and
    # its year; the amount, the subject's part and the project's title are no part of the name
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Education}
        \textbf{Ph.D. in Economics} \hfill 2019\\
        Ardwyn University
        \section*{Awards, Honors and Fellowships}
        \begin{itemize}
          \item 2026: Brenmoor--Fenmark Climate Research Fund (USD \$50,000), as co-PI. Project: ``Old Cars and New Roads.''
          \item 2024/25: Collaborative Lorem Fund (CLF), Ipsum Council (Ref.\ C70-24). Project: ``Quiet Markets'' (Co-PI).
          \item 2020: Junior Essay Prize of the Ardwyn Reserve.
        \end{itemize}
        \end{document}
        """)
    got = [(a.name, a.year) for a in r.awards]
    assert got == [("Brenmoor–Fenmark Climate Research Fund", "2026"),
                   ("Collaborative Lorem Fund (CLF), Ipsum Council (Ref. C70-24)", "2024"),
                   ("Junior Essay Prize of the Ardwyn Reserve.", "2020")]


def test_award_sentences_keep_their_words_and_give_the_first_year(tmp_path):
    # prose items: "Recipient of a bursary from X in the years 2011, 2012 and 2013." gives the
    # bursary and 2011; a sentence with its years inside keeps them ("… in and 2009" before)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        Ph.D., Ardwyn University, 2019
        \section{Bursaries and scholarships}
        \begin{itemize}
            \item Recipient of a bursary from the Fenmark Trust in the years 2011, 2012 and 2013.
            \item Received the Q7 medal in 2015 from the Lorem Society for the best thesis of the year.
            \item Placed 4th and 3rd in the Brenmoor Mathematics Olympiad in 2008 and 2009 respectively.
        \end{itemize}
        \end{document}
        """)
    got = [(a.name, a.year) for a in r.awards]
    assert got == [("bursary from the Fenmark Trust", "2011"), ("Q7 medal", "2015"),
                   ("Placed 4th and 3rd in the Brenmoor Mathematics Olympiad in 2008 and 2009 respectively.", "2008")]


def test_honors_and_memberships_heading_parts_awards_from_memberships(tmp_path):
    # "Honors and Memberships": a membership is service, the other items are honours
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        \textbf{Master of Science} \hfill 2021 -- 2023\\
        \textit{Ardwyn University}
        \section{Honors and Memberships}
        \begin{itemize}
            \item \textbf{Honorary Invited Member}, Brenmoor Society of Image Processing (BSIP) \hfill 2026--Present
            \item Ranked in the top 1\% nationwide in the Fenmark University Entrance Exam.
            \item Placed in the top ten of the Lorem coding ladder.
        \end{itemize}
        \end{document}
        """)
    assert [s.role for s in r.service] == ["Honorary Invited Member"]
    assert [a.name for a in r.awards] == ["Ranked in the top 1% nationwide in the Fenmark University Entrance Exam.",
                                          "Placed in the top ten of the Lorem coding ladder."]


def test_headings_computational_experience_awards_with_projects_professional_contributions():
    from mappers.extract.yamlcv import section_kind

    assert section_kind("Computational Experience") == "skills"
    assert section_kind("Computer Experience") == "skills"
    assert section_kind("Research Experience") == "positions"
    assert section_kind("Awards, Grants and Work on Funded Projects") == "awards"
    assert section_kind("Research Projects") == "projects"
    assert section_kind("Professional Contributions") == "service"
    assert section_kind("Awards and Honors") == "awards"


def test_year_macro_lists_posts_awards_and_skill_labels(tmp_path):
    # an article CV with a home-made one-argument year macro: "Program Committee Member, PKC
    # 2023." with no year macro before it was read as a date and dropped; a bold award name
    # beside the year macro, with a sentence under it, is the name; a long skill-group label
    # ("Development Tools and Frameworks:") is no skill
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Earned Degrees}
        \years{2016-2022}
        \textbf{PhD in Computer Science}, Ardwyn University, Lorem City
        \section*{Awards}

        \years{2016-2020}\textbf{Ardwyn Presidential Fellowship}\\
        I received a fellowship that Ardwyn offers to the top ten percent of applicants.

        \years{2016}\textbf{Lorem Research Project Award}

        \section*{Professional Contributions}
        \begin{description}
          \item \years{2023}
            Program Committee Member, Quillcon 2023.
          \item
            Program Committee Member, FenSec 2023.
        \end{description}
        \section*{Skills}
        \textbf{Development Tools and Frameworks:} Gnuplot, Make, Fossil
        \end{document}
        """)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Program Committee Member", "Quillcon 2023.", "2023"), ("Program Committee Member", "FenSec", "2023")]
    assert [(a.name, a.year) for a in r.awards] == [("Ardwyn Presidential Fellowship", "2016"),
                                                    ("Lorem Research Project Award", "2016")]
    assert r.skills == ["Gnuplot", "Make", "Fossil"]


def test_header_town_from_an_address_in_lines(tmp_path):
    # an article CV: street lines, then "Town, State, ZIP", no label: the town is the place
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE\bfseries Orrin Vale}
        \medskip

        42 Quillon Street NE\\
        Unit 7\\
        Brenford, Georgia, 30301
        \medskip\\
        Email: \href{mailto:orrin@vale.example}{orrin@vale.example}
        \section*{Earned Degrees}
        \textbf{PhD in Physics}, Ardwyn University, 2019
        \end{document}
        """)
    assert r.person.name == "Orrin Vale"
    assert r.person.location == "Brenford, Georgia"


def test_header_town_from_a_contact_macro_and_a_town_region_line(tmp_path):
    # a my_cv \contact{…}{street, town postcode, country}{…}: the town and country; and a
    # header line that is only "Town, Region, Country"
    r = _tex(tmp_path, r"""
        \documentclass{my_cv}
        \begin{document}
        \name{Orrin Vale}
        \contact{
           Lorem Institute, Ardwyn University
        }{
           Quay Road, Brenford CB4 1XY, UK
        }{
           orrin@vale.example
        }
        \section{Education}
        \datedline{{\bf PhD, Physics}, Ardwyn University}{2014-2020}
        \end{document}
        """)
    assert r.person.location == "Brenford, UK"
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}\Huge Mira Tolan\end{center}
        {12 Lantern Road \hfill mira@tolan.example}

        {Jiading, Shanghai, China}
        \section{Education}
        \textbf{Ardwyn University} \hfill 2013-2017\\
        B.S. in Physics
        \end{document}
        """)
    assert r.person.location == "Jiading, Shanghai, China"


def test_name_in_a_coloured_large_group_with_a_bracketed_first_name(tmp_path):
    # "{\LARGE\bfseries\textcolor{primary}{Yu (Mira) Tolan}}": the colour's name is no text, the
    # bracketed name one goes by is part of the name (the place on the contact line was taken)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \noindent
          {\LARGE\bfseries\textcolor{primary}{Yu (Mira) Tolan}}\\[3pt]
          {\small +852 1234-5678 \quad $\bullet$ \quad mira@tolan.example \quad $\bullet$ \quad Hong Kong SAR}\\[2pt]
        \section*{Education}
        \textbf{Ph.D. in Economics} \hfill 2021\\
        Ardwyn University
        \end{document}
        """)
    assert r.person.name == "Yu (Mira) Tolan"


def test_name_from_a_heading_macro_read_as_the_first_section(tmp_path):
    # Wenneker: \cvheading{Name} is taken for a section heading; with no other name it is the name
    r = _tex(tmp_path, r"""
        \documentclass{memoir}
        \begin{document}
        \cvheading{Tova Lindqvist}
        \cvsubheading{Doctoral student, faint arcs}
        \aboutme{About Me}{Quiet skies and faint arcs.}
        \CVSection{Education}
        \CVItem{2009 - 2012, Master of Astrophysics, Ardwyn University}
        \end{document}
        """)
    assert r.person.name == "Tova Lindqvist"


def test_work_in_progress_heading_is_papers():
    from mappers.extract.yamlcv import section_kind

    assert section_kind("Work in Progress") == "publications"
    assert section_kind("Works in Progress") == "publications"
    assert section_kind("Work Experience") == "positions"


def test_year_only_items_of_a_bibentry_list_are_no_papers(tmp_path):
    # "\item \years{2022} \bibentry{key}": the paper is in a .bib file; the year alone is no paper
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Earned Degrees}
        \textbf{PhD in Computer Science}, Ardwyn University, 2019
        \section*{Conference Publications}
        \begin{description}
          \item \years{2022}
            \bibentry{EC:Vale22}
          \item
            \bibentry{CCS:Vale22}
          \item \years{2021}
            \bibentry{SP:Vale21}
        \end{description}
        \end{document}
        """)
    assert r.publications == []


def test_skill_lines_that_are_sentences_or_lead_phrases(tmp_path):
    # a first-person sentence among the skills is no list of skills ("See my Github account,
    # jdoe, for …"); "Working knowledge in Linux, Vim" gives Linux and Vim; "etc." is no skill
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        \textbf{Ardwyn University} \hfill 2013-2017\\
        B.S. in Physics
        \section{Computational Experience}
           Languages: Fortran, Haskell
        \\ \\
           See my Github account, \href{https://github.com/ovale}{ovale}, for some of the code I wrote.
        \section{Skills}
        \begin{itemize}
        \item Working knowledge in Linux, Vim, Fossil, etc.
        \end{itemize}
        \end{document}
        """)
    assert r.skills == ["Fortran", "Haskell", "Linux", "Vim", "Fossil"]


def test_posts_told_in_sentences(tmp_path):
    # "Employed by X as a Y from A to B.": organization, role and period; "Self-employed as …"
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        PhD (Mathematics), Ardwyn University, 2020
        \section{Employment History}
        \begin{itemize}
            \item Self-employed as a private tutor for school pupils from 2007 to 2014.
            \item Employed by \href{https://bank.example}{The Quillon Bank of Lorem} as a Risk Modeller from March to September 2016.
            \item Employed by Ardwyn's Department of Mathematics as a Sessional Tutor from May to October 2018, teaching two first-year courses.
            \item Employed by Ardwyn's Department of Mathematics as a Lecturer from July 2020.
        \end{itemize}
        \end{document}
        """)
    got = [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions]
    assert got == [("Self-employed", "private tutor for school pupils", "2007", "2014", False),
                   ("The Quillon Bank of Lorem", "Risk Modeller", "2016-03", "2016-09", False),
                   ("Ardwyn's Department of Mathematics", "Sessional Tutor", "2018-05", "2018-10", False),
                   ("Ardwyn's Department of Mathematics", "Lecturer", "2020-07", None, True)]
    assert r.positions[2].description == "teaching two first-year courses"


def test_role_and_date_macro_with_the_place_on_the_next_line(tmp_path):
    # \cvEntrySimple{Role}{dates} then "\textit{Lab, University, Country, Supervisor: Dr. X}":
    # the role, the university (the lab its unit), the country, the supervisor
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\cvEntrySimple}[2]{\noindent\textbf{#1} \hfill \textit{#2}\\}
        \begin{document}
        \section{Education}
        \textbf{Bachelor of Science} \hfill 2019 -- 2023\\
        \textit{Ardwyn University}
        \section{Research Experience}
        \cvEntrySimple{Research Assistant}{2023 -- 2025}
        \textit{Vowel Lab, Ardwyn University, Norway, Supervisor: Dr. Odo Farrant}
        \begin{itemize}
            \item Counted vowels.
        \end{itemize}
        \end{document}
        """)
    p = r.positions[0]
    assert (p.title, p.organization, p.unit, p.location, p.start, p.end) == \
        ("Research Assistant", "Ardwyn University", "Vowel Lab", "Norway", "2023", "2025")
    assert p.mentors == ["Odo Farrant"]


def test_period_cut_over_two_arguments_and_a_web_address_argument(tmp_path):
    # a Wilson \job{March 2023 -}{Present}{Org}{https://…}{Role}{…} and \stay{\textbf{April -}}
    # {\textbf{July 2025}}{…}: the period joined; the address is never the organization
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        PhD in Physics, Ardwyn University, 2019
        \section{Employment History}
        \job
        {Nov 2021 -}{Sep 2022}
        {Lorem Institute of Materials, Brenford}
        {https://lorem.example/}
        {Research Assistant}
        {Theory group.}
        \stay
        {\textbf{April -}}{\textbf{July 2025}}
        {Fenmark Institute, University of Quillon, Norway}
        {https://fenmark.example/}
        {Visiting Researcher}
        {A spring visit.}
        \end{document}
        """)
    got = [(p.title, p.start, p.end) for p in r.positions]
    assert got == [("Research Assistant", "2021-11", "2022-09"), ("Visiting Researcher", "2025-04", "2025-07")]
    assert not any("http" in p.organization for p in r.positions)


def test_service_told_in_sentences(tmp_path):
    # "Since … I have served as a member of the X committee for Y.", "From … I have volunteered
    # at Z, …": the post and the body (the whole sentence was the role, with no organization)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        PhD (Mathematics), Ardwyn University, 2020
        \section{Service}
        \begin{itemize}
            \item Since March 2015 I have served as a member of the Junior Problems committee for the Lorem Olympiad. The committee sets the papers.
            \item From May 2013 I have volunteered at Fenmark Food Bank, at its harbour branch until 2016.
            \item I have served as the treasurer of the Quillon Chess Club since August 2019.
        \end{itemize}
        \end{document}
        """)
    got = [(s.role, s.organization, s.period) for s in r.service]
    assert got == [("Member", "Junior Problems committee for the Lorem Olympiad", "Since March 2015"),
                   ("Volunteer", "Fenmark Food Bank", "From May 2013"),
                   ("Treasurer", "Quillon Chess Club", "since August 2019")]


def test_institution_written_out_before_the_role_is_the_organization(tmp_path):
    # a Wilson \job{start}{end}{Institute …, City, Country}{url}{Role}{Lorem group.}: the long
    # institution argument is the organization, not the short line about the group after the role
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        PhD in Physics, Ardwyn University, 2019
        \section{Employment History}
        \job
        {Nov 2021 -}{Sep 2022}
        {Instituto de Lorem Ipsum de los Materiales de Quillon (ILIQ), CSIC, Brenford, Spain}
        {https://iliq.example/}
        {Research Assistant}
        {\href{https://iliq.example/tqm/}{Theory of Quiet Materials group}.}
        \end{document}
        """)
    p = r.positions[0]
    assert p.title == "Research Assistant"
    assert p.organization.startswith("Instituto de Lorem Ipsum de los Materiales de Quillon (ILIQ)")


def test_degree_in_the_first_line_under_a_dated_school_environment(tmp_path):
    # \begin{ressubsec}{School}{City \hfill dates}{} \ressubitem{B.S. in X, Unit. GPA: …}: the
    # degree and field from the line under the school (the degree was lost)
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newenvironment{ressubsec}[3]{\item \textbf{#1}---#2 \textit{#3} \begin{itemize}}{\end{itemize}}
        \newcommand{\ressubitem}[1]{\item #1}
        \begin{document}
        \section{Education}
        \begin{itemize}
            \begin{ressubsec}{Ardwyn University}{Brenford, Norway \hfill \textbf{Sept. 2013-Jun. 2017}}{}
                \ressubitem{B.S. in Quiet Acoustics, School of Sound. GPA: 3.9/4.0. Rank: 2nd of 40. }
            \end{ressubsec}
        \end{itemize}
        \end{document}
        """)
    e = r.education[0]
    assert e.institution == "Ardwyn University" and (e.start, e.end) == ("2013-09", "2017-06")
    assert e.degree.startswith("B.S. in Quiet Acoustics") and "GPA" not in e.degree


def test_post_listed_among_the_degrees_is_a_position(tmp_path):
    # "\CVItem{2012 - 2014, Research assistant, Lorem Observatories}" between two degrees: a
    # post, not a degree without a name
    r = _tex(tmp_path, r"""
        \documentclass{memoir}
        \begin{document}
        \CVSection{Education}
        \CVItem{2009 - 2012, Master of Astrophysics, Ardwyn University}
        \CVItem{2012 - 2014, Research assistant, Lorem Observatories of Quillon}
        \CVItem{2014 - now, PhD candidate, Brenford University}
        \end{document}
        """)
    assert [e.institution for e in r.education] == ["Ardwyn University", "Brenford University"]
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Research assistant", "Lorem Observatories of Quillon", "2012", "2014")]


def test_skill_and_language_rows_of_a_personal_information_table(tmp_path):
    # "Personal Information" table: "Programming Languages: & …" (and the unlabelled row under
    # it) are skills, "Languages: & …" spoken languages; the section was not read at all
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Personal Information}
        \begin{center} \begin{tabular}{ll}
        	Full name: 				& Orrin Bale Vale \\
        	Email:					& \href{mailto:orrin@vale.example}{orrin@vale.example} \\
        	Languages:				& Welsh, \footnotesize{Danish} \\
        	Programming Languages:	& Fortran, Haskell, \LaTeX \\
        							& \footnotesize{Gnuplot, Make} \\
        \end{tabular} \end{center}
        \section{Educational History}
        PhD (Mathematics), Ardwyn University, 2020
        \end{document}
        """)
    assert r.skills == ["Fortran", "Haskell", "LaTeX", "Gnuplot", "Make"]
    assert r.languages == ["Welsh", "Danish"]
    assert r.person.emails == ["orrin@vale.example"]


def test_handles_written_in_a_spare_moderncv_contact_macro(tmp_path):
    # moderncv \fax{Github: jdoe, Twitter: @jdoe}: the profiles; a fax number there stays no phone
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \email{ilse@brenmoor.org}
        \fax{Github: imarwick, Twitter: @imarwickQ}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \end{document}
        """)
    assert r.person.profiles == ["https://github.com/imarwick", "https://twitter.com/imarwickQ"]
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \firstname{Ilse}
        \familyname{Marwick}
        \fax{+47 22 33 44 55}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012 - 2017}{Ph.D. in Linguistics}{Brenmoor University}{}{}{}
        \end{document}
        """)
    assert r.person.profiles == [] and r.person.phones == []


def test_field_then_degree_after_a_dash(tmp_path):
    # moderncv \cventry{2018--2019}{Quiet Acoustics - MSc}{School}…: degree MSc in Quiet Acoustics
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \name{Ilse}{Marwick}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2018--2019}{Quiet Acoustics - MSc}{Brenmoor University}{Oslo}{}{Sound speciality}
        \end{document}
        """)
    e = r.education[0]
    assert (e.degree, e.field, e.level, e.institution) == ("MSc", "Quiet Acoustics", "master", "Brenmoor University")
