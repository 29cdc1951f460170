"""LaTeX CV layouts met on real public CVs (session 14), each reduced to an invented snippet:
names, titles, institutions and venues here are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def _pub(r, start: str):
    return next(p for p in r.publications if p.title.startswith(start))


def test_single_argument_publication_macros_under_an_awesome_cv_subsection(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Lena}{Varga}
        \begin{document}
        \cvsection{Publications}
        \cvsubsection{Journal Articles}
        \begin{cvpublications}
          \cvpublication
            {K. Amsel, \textbf{L. Varga}, and P. Noor. Tidal heating of icy moons in eccentric orbits.
            \textit{Planet. Sci. Lett.} 12 (2021) 3, 104.
            \href{https://arxiv.org/abs/2101.01234}{arXiv:2101.01234}.}
          \cvpublication
            {\textbf{L. Varga} and K. Amsel. Cryovolcanic plumes as probes of subsurface oceans.
            \textit{Icarus Reports} 9 (2019) 1, 22.}
        \end{cvpublications}
        \cvsection{Honors}
        \begin{cvhonors}
          \cvhonor{Dorn Prize}{Society of Moons}{Lyon}{2020}
        \end{cvhonors}
        \end{document}
    """)
    assert [p.title for p in r.publications] == [
        "Tidal heating of icy moons in eccentric orbits", "Cryovolcanic plumes as probes of subsurface oceans"]
    first = r.publications[0]
    assert [a.name for a in first.authors] == ["K. Amsel", "L. Varga", "P. Noor"]
    assert first.authors[1].is_subject
    # the arXiv label beside its link is neither the venue nor the year (2101.01234 is no year)
    assert first.year == "2021" and first.status == "published" and "arXiv" not in (first.venue or "")
    assert first.arxiv == "2101.01234"
    assert r.awards and r.awards[0].year == "2020"


def test_a_user_macro_per_reference_is_one_publication_each(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Tomas Ferreyra}
        \section*{Selected Publications}
        \pubitem{\textbf{Ferreyra}, Olund, Bakr. ``Slow mixing in stratified estuaries.'' Ocean Dyn. Lett. 14, 220, 2024.}
        \pubitem{Olund, \textbf{Ferreyra}. ``A tracer budget for shallow lagoons.'' Coastal Rev. 3, 17, 2022.}
        \pubitem{Keel Consortium. ``Ten years of estuary monitoring.'' Estuary Data J. 8, 99, 2021.}
        \end{document}
    """)
    assert [p.title for p in r.publications] == [
        "Slow mixing in stratified estuaries", "A tracer budget for shallow lagoons", "Ten years of estuary monitoring"]
    assert [a.name for a in r.publications[0].authors] == ["Ferreyra", "Olund", "Bakr"]
    assert r.publications[0].authors[0].is_subject
    assert [p.year for p in r.publications] == ["2024", "2022", "2021"]
    assert r.publications[1].venue == "Coastal Rev"


def test_a_tabbing_block_with_a_year_column_before_the_reference(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Publications}
        \tabbedblock{
        \textbf{2018} \> \tabfill{\textbf{R. Ilves}, M. Sato. ``Fast Parsing of Weighted
        Automata'', In \textit{Proc. Workshop on Automata Engineering (WAE 2018)}}
        }
        \tabbedblock{
        \textbf{2016} \> \tabfill{M. Sato, \textbf{R. Ilves}. ``Lazy Determinisation Revisited'', In
        \textit{Proc. Symposium on Language Tools (SLT 2016)}}
        }
        \section{Teaching}
        \tabbedblock{
        \textbf{Autumn 2017} \>\textbf{Teaching Assistant}, \emph{Compiler Design}, Kestrel University
        }
        \tabbedblock{
        \textbf{Spring 2017} \>\textbf{Teaching Assistant}, \emph{Formal Methods}, Kestrel University
        }
        \end{document}
    """)
    assert [p.title for p in r.publications] == ["Fast Parsing of Weighted Automata", "Lazy Determinisation Revisited"]
    assert [p.year for p in r.publications] == ["2018", "2016"]
    assert [a.name for a in r.publications[0].authors] == ["R. Ilves", "M. Sato"]
    assert [(t.course, t.term, t.role) for t in r.teaching] == [
        ("Compiler Design", "Autumn 2017", "Teaching Assistant"), ("Formal Methods", "Spring 2017", "Teaching Assistant")]


def test_quoted_titles_without_authors_and_references_cut_into_two_arguments(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\pubEntry}[2]{\item \textbf{#1} #2}
        \begin{document}
        \section{Publications}
        ``Modal collapse in the \emph{Organon}''.  \emph{Review of Ancient Logic} (2016) 7: 1-40.

        ``A second look at tacit premises''.  \emph{Journal of Informal Reasoning} (2013) 21: 300-321.

        \section{Articles}
        \begin{itemize}
          \pubEntry{Brandt, K., Oyelaran, T., Weiss, P., 2020.}{``Heat pumps in cold districts?'' \textit{Energy Systems Letters}}
          \pubEntry{Oyelaran, T., Brandt, K., 2018}{``Grid tariffs and rooftop storage.'' \textit{Utility Policy}}
        \end{itemize}
        \end{document}
    """)
    first = _pub(r, "Modal collapse")
    assert first.title == "Modal collapse in the Organon"
    assert first.venue == "Review of Ancient Logic" and first.year == "2016"
    assert _pub(r, "A second look").year == "2013"
    heat = _pub(r, "Heat pumps")
    assert heat.title == "Heat pumps in cold districts?"
    assert [a.name for a in heat.authors] == ["K. Brandt", "T. Oyelaran", "P. Weiss"]
    assert heat.venue == "Energy Systems Letters" and heat.year == "2020"
    grid = _pub(r, "Grid tariffs")
    assert [a.name for a in grid.authors] == ["T. Oyelaran", "K. Brandt"] and grid.year == "2018"


def test_contacts_in_a_personal_information_section_and_a_label_value_header(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \par{\centering {\Huge Idris Kallio}\bigskip\par}
        \section*{Personal Information}
        \begin{tabular}{rl}
            \textbf{Phone:}  & +44 7700 900123 \\
            \textbf{Email:}  & \texttt{\href{mailto:ik42@vale.ac.uk}{ik42@vale.ac.uk}} \\
            \textbf{GitHub:} & \texttt{\href{https://github.com/ikallio}{https://github.com/ikallio}}
        \end{tabular}
        \section*{Personal details}
        \begin{description}
          \item[Website] \url{https://ikallio.example.org/}
        \end{description}
        \section*{Education}
        \begin{tabular}{r|p{15cm}}
        2015--2019 & PhD in Geology, University of Vale \\
        \end{tabular}
        \end{document}
    """)
    assert r.person.name == "Idris Kallio"
    assert r.person.emails == ["ik42@vale.ac.uk"]
    assert r.person.phones == ["+44 7700 900123"]
    assert "https://github.com/ikallio" in r.person.profiles
    assert r.person.homepage == "https://ikallio.example.org/"


def test_the_name_in_a_title_a_header_table_or_a_header_macro(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[10pt]{article}
        \begin{document}
        \title{Oskar Lindqvist -- Curriculum Vitae}
        \begin{tabbing}
        \hspace{3cm} \= \hspace{4cm} \= \kill
        {\bf Nationality} \> Sweden\\
        {\bf Email} \> \href{mailto:olq@fjord.se}{olq@fjord.se} \\
        \end{tabbing}
        \section{Education}
        \tabbedblock{\bf{2012-2016} \> BSc in Physics - Fjord University}
        \end{document}
    """)
    assert r.person.name == "Oskar Lindqvist"
    assert r.person.emails == ["olq@fjord.se"]

    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{tabular*}{\textwidth}{l@{\extracolsep{\fill}}r}
          \textbf{\href{https://mira-holt.example.net/}{\Large Mira Holt}} & \href{mailto:mira@holt.example.net}{mira@holt.example.net}\\
          \textit{PhD in Soil Science} & \href{https://mira-holt.example.net/}{mira-holt.example.net} \\
        \end{tabular*}
        \section{Education}
        \begin{itemize}\item PhD in Soil Science, University of Ostrava \hfill 2014 -- 2018\end{itemize}
        \end{document}
    """)
    assert r.person.name == "Mira Holt"

    r = _tex(tmp_path, r"""
        \input{mystyle}
        \begin{document}
        \cvheader
          {Teodor Vasquez-Lind, Ph.D.}
          {Glaciologist, Polar Fellow}
          {Institute of Ice Studies, University of Nordvik}
        \section*{Education}
        \begin{itemize}\item Ph.D., Glaciology, University of Nordvik \hfill 2016 -- 2020\end{itemize}
        \end{document}
    """)
    assert r.person.name == "Teodor Vasquez-Lind"


def test_entry_macro_arguments_that_go_on_over_the_next_line(tmp_path):
    r = _tex(tmp_path, r"""
        \input{mystyle}
        \begin{document}
        {\Huge Ines Ovalle}
        \section*{Positions}
        \roleentry{Orsted Fellow}{Oct. 2023 -- present}
          {Orsted Center for Theoretical Chemistry and Chemistry Department, University of Varn}{}
        \roleentry{Research Associate}{Jul. 2019 -- Sep. 2023}
          {Catalysis Group, Halden Institute for Chemistry}{}
        \section*{Education}
        \datedentry{Ph.D., Chemistry, Magna Cum Laude}{2015 -- 2019}
          {Graduate School of Chemistry; University of Halden}{}
        \datedentry{M.Sc., Physical Chemistry}{2013 -- 2015}
          {University of Varn, with a merit scholarship}{}
        \end{document}
    """)
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Orsted Fellow", "Orsted Center for Theoretical Chemistry and Chemistry Department, University of Varn", "2023-10", True),
        ("Research Associate", "Catalysis Group, Halden Institute for Chemistry", "2019-07", False)]
    assert [(e.degree, e.field, e.institution, e.start, e.end) for e in r.education] == [
        ("Ph.D., Chemistry", "Chemistry", "Graduate School of Chemistry; University of Halden", "2015", "2019"),
        ("M.Sc., Physical Chemistry", "Physical Chemistry", "University of Varn, with a merit scholarship", "2013", "2015")]
    assert r.education[0].honours == ["Magna Cum Laude"]


def test_talks_written_as_a_reference_with_the_title_in_quotes(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Nadia}{Orbe}
        \begin{document}
        \cvsection{Presentations}
        \begin{cvpresentations}
          \cvpresentation
          {N. Orbe and T. Lusk. \href{https://example.org/talk1}{``Dust Lanes in Young Spiral Galaxies,''} Annual Galaxies Meeting. Tucson, AZ. (Oral)}
          {Apr. 2023}
          \cvpresentation
          {N. Orbe. ``Cold Gas at High Redshift,'' Winter Astronomy School, Lund. (Poster)}
          {Jan. 2021}
        \end{cvpresentations}
        \cvsection{Education}
        \begin{cventries}
          \cventry{PhD in Astronomy}{University of Tarn}{Tarn}{2018 -- 2022}{}
        \end{cventries}
        \end{document}
    """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Dust Lanes in Young Spiral Galaxies", "Annual Galaxies Meeting", "2023-04"),
        ("Cold Gas at High Redshift", "Winter Astronomy School", "2021-01")]


def test_altacv_skill_ratings_and_achievements_with_a_year(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{altacv}
        \name{Pavel Steno}
        \begin{document}
        \cvsection{Awards}
        \cvachievement{\faTrophy}{Harbour Data Prize (2022)}{For a study of port traffic}
        \divider
        \cvachievement{\faMedal}{Young Modeller Grant (2019)}{Two years of funded research}
        \cvsection{Skills}
        \cvskill{Bayesian modelling}{5}
        \divider
        \cvskill{Stan and PyMC}{4}
        \cvsection{Education}
        \cvevent{PhD in Statistics}{University of Kolby}{2016 -- 2020}{}
        \end{document}
    """)
    assert [(a.name, a.year) for a in r.awards] == [("Harbour Data Prize", "2022"), ("Young Modeller Grant", "2019")]
    assert r.skills == ["Bayesian modelling", "Stan and PyMC"]


def test_resume_subheadings_with_the_role_on_the_second_line_and_labelled_references(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} \hfill #2 \\ \textit{#3} \hfill \textit{#4}}
        \begin{document}
        \textbf{{\huge Wen Adeyemi}}
        \section{Work Experience}
        \begin{itemize}
            \resumeSubheading{Quillon Labs Ltd}{Leeds, UK}
            {Co-Founder}{May 2022 - July 2024}
            \resumeSubheading{University of Arden}{Arden, Norway}
            {Post Doctor}{Aug 2024 - Present}
        \end{itemize}
        \section{Publications}
        \begin{enumerate}
        \setcounter{enumi}{9}
        \item { {\bf [SLE'24]} \textbf{Wen Adeyemi}, Rosa Iqbal, and Tom Vecchi. Typed Holes for Spreadsheet Formulas. In {\em Proceedings of the Conference on Software Language Engineering}, 2024.}
        \addtocounter{enumi}{-2}
        \item { {\bf [JSS'23]} Rosa Iqbal, \textbf{Wen Adeyemi}. Migrating Legacy Macros at Scale. {\em Journal of Software Systems}, 2023.}
        \addtocounter{enumi}{-2}
        \end{enumerate}
        \end{document}
    """)
    assert [(p.title, p.organization, p.location, p.start, p.current) for p in r.positions] == [
        ("Co-Founder", "Quillon Labs Ltd", "Leeds, UK", "2022-05", False),
        ("Post Doctor", "University of Arden", "Arden, Norway", "2024-08", True)]
    assert [p.title for p in r.publications] == ["Typed Holes for Spreadsheet Formulas", "Migrating Legacy Macros at Scale"]
    assert [a.name for a in r.publications[0].authors] == ["Wen Adeyemi", "Rosa Iqbal", "Tom Vecchi"]
    assert r.publications[1].venue == "Journal of Software Systems" and r.publications[1].year == "2023"
    assert "enumi" not in " ".join(p.venue or "" for p in r.publications)


def test_label_value_contact_rows_fax_and_homepage(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{hyperref}
        \begin{document}
        {\huge Greta Solheim}

        \begin{minipage}{0.45\linewidth}
          \href{http://www.tarnby.ac.uk/}{University of Tarnby} \\
          School of Marine Science
        \end{minipage}
        \begin{minipage}{0.45\linewidth}
          \begin{tabular}{ll}
            Phone: & (0044) (0) 161 22 x4410\\
            Fax: &  (0044) (0) 161 930 7777\\
            Email: & \href{mailto:g.solheim@tarnby.ac.uk}{g.solheim@tarnby.ac.uk} \\
            Homepage: & \href{https://gsolheim.example.io/}{https://gsolheim.example.io/} \\
          \end{tabular}
        \end{minipage}

        \section*{Academic qualifications}
        \begin{itemize}
          \item PhD Marine Science, University of Tarnby, 2011.
        \end{itemize}
        \end{document}
    """)
    assert r.person.homepage == "https://gsolheim.example.io/"
    assert r.person.phones == ["(0044) (0) 161 22 x4410"]
    assert r.person.emails == ["g.solheim@tarnby.ac.uk"]


def test_table_rows_role_at_organization_and_field_then_university(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \firstname{\Huge{Ilse}}
        \familyname{Marek}
        \begin{document}
        \section*{Work Experience}
        \begin{tabular}{r|p{15cm}}
        \textsc{June-July 2019} & Research Trainee (Summer) at \textsc{Orvel Instruments Ltd.} \\
        &\footnotesize{Calibrated spectrometers.}\\
        \multicolumn{2}{c}{} \\
        \textsc{May-August 2018} & Intern at \textsc{Halvik Labs}, Bergen \\
        \end{tabular}
        \section{Education and Qualifications}
        \begin{tabular}{lll}
            2019-Present & M.S. & Atmospheric Chemistry, University of Halden \\
            2019         & B.Sc. & Chemistry, Bergen Technical University
        \end{tabular}
        \section{Publications}
        \cvitem{1}{Marek, Ilse, Tor Aas, and Lin Wu. "Ozone traces over fjords." \textit{Air Chemistry Letters} 12 (2021): 101.}
        \end{document}
    """)
    assert r.person.name == "Ilse Marek"
    assert [(p.title, p.organization, p.start) for p in r.positions] == [
        ("Research Trainee (Summer)", "Orvel Instruments Ltd.", "2019-06"), ("Intern", "Halvik Labs", "2018-05")]
    assert [(e.degree, e.field, e.institution) for e in r.education] == [
        ("M.S.", "Atmospheric Chemistry", "University of Halden"), ("B.Sc.", "Chemistry", "Bergen Technical University")]
    pub = r.publications[0]
    assert pub.title == "Ozone traces over fjords" and pub.year == "2021"
    assert [a.name for a in pub.authors][0] == "Ilse Marek" and pub.authors[0].is_subject


def test_moderncv_positions_of_arguments_thesis_subsection_and_award_arguments(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \name{Remy}{Castaing}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2016*}{Ph.D. Sociology}{University of Lorvik}{Lorvik, MN}{}{Major Fields: Labour, Methods}
        \cventry{2009--2012}{Scientific Baccalaureate (A-level)}{Sainte-Odile}{Tours}{\textit{with distinction}}{Mathematics}
        \subsection{Dissertation}
        \cvitem{Title}{\emph{Shift Work and the Household Economy}}
        \cvitem{Advisor}{Hanne Bakke}
        \section{Honors \& Awards}
        \cventry{2014}{Lorvik Centre for Labour Studies}{Summer Research Fellowship}{}{}{}
        \cventry{2012}{University of Lorvik, Morris}{Dean's Award for Campus Service}{}{}{}
        \end{document}
    """)
    assert [(e.degree, e.institution) for e in r.education] == [
        ("Ph.D. Sociology", "University of Lorvik"), ("Scientific Baccalaureate (A-level)", "Sainte-Odile")]
    assert r.education[1].location == "Tours"
    assert r.education[0].thesis == "Shift Work and the Household Economy"
    assert r.education[0].advisors == ["Hanne Bakke"]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Summer Research Fellowship", "2014"), ("Dean's Award for Campus Service", "2012")]


def test_awesome_cv_honors_keep_their_event_only_for_a_rank(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Tove}{Lindahl}
        \begin{document}
        \cvsection{Honors}
        \begin{cvhonors}
          \cvhonor{Graduate Research Fellowship}{Three years of graduate funding}{Umea, Sweden}{2020}
          \cvhonor{Finalist}{Nordic Collegiate Programming Contest}{Oslo, Norway}{2017}
        \end{cvhonors}
        \cvsection{Education}
        \begin{cventries}
          \cventry{PhD in Physics}{University of Umea}{Umea, Sweden}{2020 - 2024}{}
        \end{cventries}
        \end{document}
    """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Graduate Research Fellowship", "2020"), ("Finalist, Nordic Collegiate Programming Contest", "2017")]


def test_an_environment_per_talk_with_its_arguments(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Ada Quist}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Ph.D., Statistics} \hfill 2015\\
        {\bf University of Corvallis} \hfill Corvallis, OR
        \end{rSection}
        \begin{rSection}{Presentations}
        \begin{sSubsection}{Sampling Rare Events in Rivers}{ }{March 2016 }{University of Tillamook}{Tillamook, OR}
        \end{sSubsection}
        \begin{sSubsection}{Teaching R to Teenagers}{ (invited talk, with B. Hale)}{July 2014}{Conference on Teaching Statistics}{Flagstaff, AZ}
        \end{sSubsection}
        \end{rSection}
        \end{document}
    """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Sampling Rare Events in Rivers", "University of Tillamook", "2016-03"),
        ("Teaching R to Teenagers", "Conference on Teaching Statistics", "2014-07")]


def test_status_of_a_latex_publication_list_from_its_heading(tmp_path):
    """'\\section{Working Papers}', '\\subsection{Under Review}' inside '\\section{Publications}':
    the heading's status for the entries that state none; every entry was 'published'."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Lena Varga}

        \section{Publications}
        \subsection{Journal Articles}
        \begin{itemize}
        \item K. Amsel, \textbf{L. Varga}, and P. Noor. Tidal heating of icy moons in eccentric orbits. \textit{Planet. Sci. Lett.} 12, 2021.
        \end{itemize}
        \subsection{Under Review}
        \begin{itemize}
        \item \textbf{L. Varga} and K. Amsel. Cryovolcanic plumes as probes of subsurface oceans. \textit{Icarus Reports}, 2024.
        \end{itemize}
        \section{Working Papers}
        \begin{itemize}
        \item \textbf{L. Varga} and P. Noor. Salt deposits on the night side of small moons. 2025.
        \item \textbf{L. Varga}. Dust rings of quiet planets. Submitted to \textit{Icarus Reports}, 2025.
        \end{itemize}
        \end{document}
        """)
    assert _pub(r, "Tidal heating").status == "published"
    assert _pub(r, "Cryovolcanic plumes").status == "under review"
    assert _pub(r, "Salt deposits").status == "preprint"
    assert _pub(r, "Dust rings").status == "in submission"


# ---------------------------------------------------------------------------------------
# Session 15
# ---------------------------------------------------------------------------------------
def test_a_date_in_an_aside_is_not_the_period_of_the_post(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Employment}
        \begin{itemize}
        \item Senior Analyst (promoted to Principal Analyst in 2017), Office of Tidal Studies, Norrland University, June 2014--May 2020.
        \item Research Fellow, Office of Tidal Studies, Norrland University, 2011--2014 (leave in 2012).
        \end{itemize}
        \end{document}
    """)
    first, second = r.positions
    assert (first.start, first.end) == ("2014-06", "2020-05")
    assert first.title == "Senior Analyst (promoted to Principal Analyst in 2017)"
    assert first.organization == "Office of Tidal Studies"
    assert first.description == "Norrland University"
    # the date outside the brackets comes first: kept as it was
    assert (second.start, second.end) == ("2011", "2014")


def test_res_cls_subsection_arguments_are_organization_dates_title_place(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Oren Falk}
        \begin{document}
        \begin{rSection}{Experience}
        \begin{rSubsection}{Harbor Street Library}{March 2019 - present}{Archive keeper (volunteer)}{Dunmore, PA}
        \item Sorted the map collection
        \end{rSubsection}
        \begin{rSubsection}{Quarry Labs}{2016 - 2018}{Data Engineer}{Scranton, PA}
        \item Wrote pipelines
        \end{rSubsection}
        \end{rSection}
        \end{document}
    """)
    first, second = r.positions
    assert (first.organization, first.title, first.location) == ("Harbor Street Library", "Archive keeper (volunteer)", "Dunmore, PA")
    assert (first.start, first.current) == ("2019-03", True)
    assert (second.organization, second.title, second.location) == ("Quarry Labs", "Data Engineer", "Scranton, PA")


def test_moderncv_teaching_and_service_entries_one_field_per_argument(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \name{Ida}{Brenner}
        \begin{document}
        \section{Education}
        \cventry{2012--2018}{Ph.D. in Geography}{Ridgeway University}{}{}{}
        \section{Teaching}
        \cventry{Spring 2016}{Taught by Dr. Oskar Lind}{Geography 210: Rivers and Cities}{}{}{}
        \cventry{Fall 2015}{Teaching Assistant}{Geography 105: Maps}{Ridgeway University}{}{Graded essays.}
        \section{Service}
        \cventry{2017--2018}{Ridgeway University, North Campus}{Student member, Library Committee}{}{}{}
        \cventry{2016}{Co-chair: Graduate Forum on Maps}{Ridgeway University}{}{}{}
        \end{document}
    """)
    t1, t2 = r.teaching
    assert (t1.course, t1.term, t1.role, t1.institution) == ("Geography 210: Rivers and Cities", "Spring 2016", None, None)
    assert (t2.course, t2.term, t2.role, t2.institution) == ("Geography 105: Maps", "Fall 2015", "Teaching Assistant", "Ridgeway University")
    s1, s2 = r.service
    assert (s1.role, s1.organization, s1.period) == ("Student member, Library Committee", "Ridgeway University, North Campus", "2017–2018")
    assert (s2.role, s2.organization, s2.period) == ("Co-chair: Graduate Forum on Maps", "Ridgeway University", "2016")


def test_courses_under_a_teaching_heading_take_its_role_institution_and_dates(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Halden University} \hfill {\em 2012 - 2018} \\
        Ph.D. in Geography
        \end{rSection}
        \begin{rSection}{Teaching}
        \begin{rSubsection}{Ridgeway College}{Department of Maps}{Fall 2018-present}{}
        \item GEO 120: \textbf{Reading Maps}
        \end{rSubsection}
        \end{rSection}
        \section{Teaching and Mentoring}
        \subsection{Assistant Instructor, Halden University}
        \datedline{GEO 301, Coastal Landforms}{Fall 2017}
        \end{document}
    """)
    t1, t2 = r.teaching
    assert (t1.course, t1.institution, t1.term, t1.role) == ("Reading Maps", "Ridgeway College", "Fall 2018-present", None)
    assert (t2.course, t2.institution, t2.term, t2.role) == ("GEO 301, Coastal Landforms", "Halden University", "Fall 2017", "Assistant Instructor")


def test_a_section_of_teaching_and_service_reads_each_entry_by_its_words(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Education}
        \begin{itemize}
        \item Ph.D. in Geology, Halden University, 2019
        \end{itemize}
        \section*{Mentoring, Teaching, and Service}
        \begin{itemize}
          \item Teaching Assistant, Rocks and Minerals, Halden University, Spring 2018
          \item Program Committee Member, Workshop on Sediments, 2021
          \item Guest lecturer, Field Methods course, 2020
        \end{itemize}
        \end{document}
    """)
    assert [(t.course, t.role, t.institution, t.term) for t in r.teaching] == [
        ("Rocks and Minerals", "Teaching Assistant", "Halden University", "Spring 2018"),
        ("Field Methods course", "Guest lecturer", None, "2020")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Program Committee Member", "Workshop on Sediments", "2021")]


def test_a_description_item_holding_several_bulleted_entries(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\bu}{$\bullet$ }
        \begin{document}
        \section*{Education}
        \begin{description}
          \item[2015-2019] PhD in Geology @ \emph{Halden University}
        \end{description}
        \section*{Awards}
        \begin{description}
          \item[2014] Silver Medal @ Northern Geology Olympiad \\
            Gold Medal @ Regional Science Fair
          \item[2013] Bronze Medal @ Regional Science Fair
        \end{description}
        \section*{Publications}
        \begin{description}
          \item[2021]
          \bu \emph{Salt domes under shallow seas} \cite{a} (my part: the field survey) \\
          \bu \emph{Dating of dune fields by luminescence} \cite{b}
          \item[2019]
          \bu \emph{Pebble shapes on braided rivers} (from my Master thesis)
        \end{description}
        \end{document}
    """)
    assert [(p.title, p.year, p.venue) for p in r.publications] == [
        ("Salt domes under shallow seas", "2021", None),
        ("Dating of dune fields by luminescence", "2021", None),
        ("Pebble shapes on braided rivers", "2019", None)]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Silver Medal @ Northern Geology Olympiad", "2014"), ("Gold Medal @ Regional Science Fair", "2014"),
        ("Bronze Medal @ Regional Science Fair", "2013")]


def test_an_arxiv_label_after_the_venue_is_neither_venue_nor_year(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education}
        \begin{itemize}
        \item Ph.D. in Physics, Halden University, 2019
        \end{itemize}
        \section{Publications}
        \begin{enumerate}
        \item {\bf Mira K. Stone}, Teo Vance
          \emph{Slow rotation of dusty discs}.
          Astro. Lett. 12 (3), 104501.
          arXiv:2104.01234
        \item Teo Vance, {\bf Mira K. Stone},
          \emph{Cold streams around young stars.}
          arXiv:1911.05432
        \end{enumerate}
        \end{document}
    """)
    first, second = r.publications
    assert (first.title, first.venue, first.year, first.status, first.arxiv) == (
        "Slow rotation of dusty discs", "Astro. Lett", "2021", "published", "2104.01234")
    assert [a.name for a in first.authors] == ["Mira K. Stone", "Teo Vance"]
    assert (second.title, second.venue, second.year, second.status, second.arxiv) == (
        "Cold streams around young stars", "arXiv", "2019", "preprint", "1911.05432")


def test_a_talk_macro_with_its_host_first(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{my_cv}
        \begin{document}
        \name{Mira K. Stone}
        \section{Education}
        \datedline{{\bf PhD, Physics}, Halden University}{2014-2019}
        \section{Invited Talks}
        \datedtalk{Ridge University, Tamworth, NSW (virtual talk)}{
           Slow rotation of dusty discs}{
           March 2021}
        \datedtalk{Spring Meeting of Astronomers, Oslo, Norway}{Cold streams around young stars}{May 2019}
        \end{document}
    """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Slow rotation of dusty discs", "Ridge University, Tamworth, NSW", "2021-03"),
        ("Cold streams around young stars", "Spring Meeting of Astronomers, Oslo, Norway", "2019-05")]


def test_a_role_or_degree_and_its_organization_in_one_macro_argument(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{my_cv}
        \begin{document}
        \name{Mira K. Stone}
        \section{Employment}
        \datedline{{\bf Research Associate}, Department of Optics, Halden University}{October 2021-present}
        \section{Education}
        \datedline{{\bf PhD, Physics}, Ridge University}{September 2015-July 2021}
        \indentline
           Advisor: Tomas Berg
        \end{document}
    """)
    (pos,) = r.positions
    assert (pos.title, pos.organization, pos.start, pos.current) == (
        "Research Associate", "Department of Optics, Halden University", "2021-10", True)
    (edu,) = r.education
    assert (edu.degree, edu.field, edu.institution, edu.start, edu.end) == ("PhD", "Physics", "Ridge University", "2015-09", "2021-07")
    assert edu.advisors == ["Tomas Berg"]


def test_teaching_items_labelled_with_the_role(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{report}
        \begin{document}
        \section*{Education}
        \begin{description}
          \item[Ph.D.] Geography \\ Halden University, 2024
        \end{description}
        \section*{Teaching Experience}
        \begin{description}
          \item[Lecturer] GEO 210: Rivers and Cities. Spring 2022.
          \item[TA] GEO 105: Maps. Fall 2020.
        \end{description}
        \end{document}
    """)
    assert [(t.course, t.term, t.role) for t in r.teaching] == [
        ("GEO 210: Rivers and Cities", "Spring 2022", "Lecturer"), ("GEO 105: Maps", "Fall 2020", "TA")]


def test_hand_made_headings_on_lines_of_their_own(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[12pt]{letter}
        \begin{document}
        \begin{center}
        {\Large{\textsc{Oskar Lind}}}\\
        \url{olind@example.edu}
        \end{center}
        \noindent
        {\large{\bf EDUCATION}}

        \begin{description}
        \item []{\bf Ph.D.} -- Geography, Halden University, Halden, Norway, {\bf 2001}
          \begin{itemize}
          \item[] Dissertation: {\it Rivers of the northern plains}
          \item[] Advisor: Prof. Tomas Berg
          \end{itemize}
        \end{description}

        \noindent
        {\large\bf{PROFESSIONAL EXPERIENCE}}

        \begin{description}
        \item [{\bf 07/12 - present:}] Professor, Department of Geography, Ridge University.
        \end{description}

        \noindent
        {\large\bf{PROFESSIONAL SERVICES}}

        \noindent
        {\bf Conference Chairing}
        \begin{itemize}
        \item[--] {\bf Program Chair}: Workshop on \emph{River Maps}, Oslo, Norway, Sep. 2013.
        \end{itemize}
        \end{document}
    """)
    (edu,) = r.education
    assert (edu.degree, edu.field, edu.institution, edu.end) == ("Ph.D.", "Geography", "Halden University", "2001")
    assert (edu.thesis, edu.advisors) == ("Rivers of the northern plains", ["Tomas Berg"])
    (pos,) = r.positions
    # (the university, with the department as its unit: session 18; the department was read as the employer)
    assert (pos.title, pos.organization, pos.unit, pos.start, pos.current) == (
        "Professor", "Ridge University", "Department of Geography", "2012-07", True)
    (svc,) = r.service
    assert (svc.role, svc.organization, svc.period) == ("Program Chair", "Workshop on River Maps, Oslo, Norway", "Sep. 2013")
    assert not r.report.warnings


def test_table_continuation_rows_and_a_header_table_of_contacts(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\ridge}{\href{https://www.ridge.example.edu}{Ridge University}}
        \newcommand{\geo}{\href{https://geo.ridge.example.edu/}{Geography}}
        \begin{document}
        \begin{center}
          \Huge\textsc{Oskar T. Lind}
        \end{center}
        \begin{tabular*}{0.95\textwidth}{lr}
          Room 12 & \texttt{olind@ridge.example.edu} \\
          Halden, ND 58201 & \texttt{701-555-0142} \\
        \end{tabular*}
        \begin{flushleft}
          \Large\textsc{Education}
        \end{flushleft}
        \begin{tabular*}{0.9\textwidth}{clr}
          2021 & Ph.D., \geo & \ridge \\
          (\textit{expected}) & Thesis: \textit{Braided rivers} & \\
           & Advisor: Tomas Berg, Ph.D. & \\[3pt]
          2016 & B.S., \geo & \ridge
        \end{tabular*}
        \begin{flushleft}
          \Large\textsc{Awards}
        \end{flushleft}
        \begin{tabular*}{0.9\textwidth}{cll}
          2019 & Lund Travel Scholarship & \ridge \\
               & Department of Geography & \\
        \end{tabular*}
        \end{document}
    """)
    assert r.person.name == "Oskar T. Lind"
    assert r.person.phones == ["701-555-0142"]
    assert r.person.homepage is None
    phd, bs = r.education
    assert (phd.degree, phd.field, phd.institution, phd.end) == ("Ph.D.", "Geography", "Ridge University", "2021")
    assert (phd.thesis, phd.advisors) == ("Braided rivers", ["Tomas Berg"])
    assert (bs.degree, bs.end, bs.thesis, bs.advisors) == ("B.S.", "2016", None, [])
    assert [(a.name, a.year) for a in r.awards] == [("Lund Travel Scholarship", "2019")]


def test_a_sub_line_macro_and_undated_items_continue_the_entry_above(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\cvline}[2]{#1 \hfill #2\\}
        \newcommand{\cvsubline}[2]{{\small #1 \hfill #2}\\}
        \begin{document}
        \section{Education}
        \cvline{\textbf{Ph.D.\ in Geography}}{2019--2024 (expected)}
        \cvsubline{Halden University, Norway}{}\\

        \cvline{\textbf{BA in Earth Sciences}}{2015--2018}
        \cvsubline{Ridge College}{}
        \section{Professional Experience}
        \cvline{\textbf{Nordvik Institute} (river think tank), Research Analyst}{2018--2019}
        \begin{itemize}
            \item[--] Mapped flood plains.
        \end{itemize}
        \end{document}
    """)
    assert [(e.degree, e.institution, e.location, e.start, e.end) for e in r.education] == [
        ("Ph.D. in Geography", "Halden University", "Norway", "2019", "2024"),
        ("BA in Earth Sciences", "Ridge College", None, "2015", "2018")]
    (pos,) = r.positions
    assert (pos.title, pos.organization, pos.start, pos.end) == ("Research Analyst", "Nordvik Institute (river think tank)", "2018", "2019")
    assert pos.description == "Mapped flood plains."


def test_conferences_are_talks_and_a_bold_quoted_title_with_a_year_column(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\cvline}[2]{#1 \hfill #2\\}
        \begin{document}
        \section{Education}
        \cvline{\textbf{Ph.D.\ in Geography}, Halden University}{2019--2024}
        \section{Conferences and Seminars}
        \cvline{Annual Meeting of River Geographers, Oslo}{2023}
        \section{Policy Publications}
        \cvline{\textbf{``Floods and the cost of insurance'',}
        \textit{Nordvik} Policy Brief 4, \textit{with K. Amsel}. \href{https://nordvik.example.org/brief-4}{link}}{2021}
        \end{document}
    """)
    assert [(t.title, t.date) for t in r.talks] == [("Annual Meeting of River Geographers, Oslo", "2023")]
    (pub,) = r.publications
    assert (pub.title, pub.venue, pub.year) == ("Floods and the cost of insurance", "Nordvik Policy Brief 4, with K. Amsel", "2021")
    assert pub.urls == ["https://nordvik.example.org/brief-4"]


def test_a_present_date_cell_makes_a_degree_current(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section{Education and Qualifications}
        \begin{tabular}{llll}
            Present & PhD & Marine Geology & Halden University \\
            2016    & MS  & Marine Geology & Halden University
        \end{tabular}
        \end{document}
    """)
    phd, ms = r.education
    assert (phd.degree, phd.field, phd.institution, phd.current, phd.end) == ("PhD", "Marine Geology", "Halden University", True, None)
    assert (ms.degree, ms.field, ms.current, ms.end) == ("MS", "Marine Geology", False, "2016")


def test_margin_heading_macro_and_paragraphs_under_a_styled_subheading(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \newcommand{\marginhead}[1]{\marginpar{\textsf{{\footnotesize #1}}}}
        \def\ind{\hangindent=1 true cm\hangafter=1 \noindent}
        \begin{minipage}[t]{2in}
        Department of Maps \\ Halden University
        \end{minipage}

        \noindent{\Large Oskar Lind}

        \noindent\marginhead{Appointments}%
        \emph{Halden University \vspace{0.01in}}

        \ind 2015--Present. Lecturer.

        \ind 2012--2015. Research Fellow, Coastal Mapping project.

        \noindent\marginhead{Education}%
        \emph{Ridge University \vspace{0.01in}}

        \ind 2011.  DPhil, Geography.

        \noindent\marginhead{Publications}%
        \ind Oskar Lind and Kari Amsel. 2014. ``Braided rivers of the north.'' \emph{Journal of River Maps}, 12: 1--9.
        \end{document}
    """)
    assert r.person.name == "Oskar Lind"
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Lecturer", "Halden University", "2015", None, True),
        ("Research Fellow", "Coastal Mapping project", "2012", "2015", False)]
    (edu,) = r.education
    assert (edu.degree, edu.institution, edu.end) == ("DPhil", "Ridge University", "2011")
    (pub,) = r.publications
    assert (pub.title, pub.year, [a.name for a in pub.authors]) == (
        "Braided rivers of the north", "2014", ["Oskar Lind", "Kari Amsel"])
    assert not r.report.warnings


def test_dated_paragraphs_with_a_starred_list_of_details_under_each(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\rdate}[1]{{\addfontfeature{Numbers=OldStyle} \hfill #1}}
        \begin{document}
        \section*{Education}
        \textbf{Halden Institute of Technology,} Halden, MA \newline
        Ph.D., Marine Geology, Dept. of Earth Sciences \rdate{2016}
        {\small
         \begin{itemize*}
          \item \emph{Dissertation Title}: Sand waves on shallow shelves
         \end{itemize*}
        }

        \medskip
        \textbf{Ridge University,} Ridge, NY \newline
        B.S., Geology \rdate{2010}
        \section*{Research Experience}
        \textbf{Center for Coastal Science,} Halden, MA \newline
        \emph{Postdoctoral Research Associate} \rdate{2016-present}
        \begin{itemize}
        \item Modelled tidal inlets
        \end{itemize}
        \end{document}
    """)
    phd, bs = r.education
    assert (phd.institution, phd.degree, phd.field, phd.end, phd.thesis) == (
        "Halden Institute of Technology", "Ph.D.", "Marine Geology", "2016", "Sand waves on shallow shelves")
    assert (bs.institution, bs.degree, bs.field, bs.end) == ("Ridge University", "B.S.", "Geology", "2010")
    (pos,) = r.positions
    assert (pos.title, pos.organization, pos.start, pos.current, pos.description) == (
        "Postdoctoral Research Associate", "Center for Coastal Science, Halden, MA", "2016", True, "Modelled tidal inlets")


def test_friggeri_entries_journal_volume_and_mixed_surname_initial_lists(tmp_path):
    """friggeri-cv '\\entry{date}{authors}{\\href{…}{A \\& A, Volume 617, id.L7}}{title}' (session 15):
    the venue kept its volume, article id and year ('Lorem Journal, Volume 9, 1316–1325', 'A & A,
    Forthcoming article'); 'Varga, L. K.; Roe T.; Osei, P.' (one name without its comma) lost
    every author; 'L.K. Varga' (initials run together) was not the subject."""
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Lena Kata}{ Varga}{physicist}
        \section{Refereed Publications}
        \begin{entrylist}
          \entry
            {09/18}
            {Varga, L. K.; Roe T.; Osei, P.; Brandt, O.}
            {\href{https://arxiv.org/abs/1809.00001}{A \& A, Volume 617, id.L7}}
            {Surface waves in dusty rings induced by outbursts}
          \entry
            {12/23}
            {Roe, T.; Varga, L.K.}
            {\href{https://arxiv.org/abs/2311.00002}{Lorem Astronomical Journal, Forthcoming article}}
            {Machine learning for overlapping opacities}
          \entry
            {06/23}
            {{Osei}, P.; {Varga}, L. K.}
            {\href{https://arxiv.org/abs/2306.00003}{Ipsum Notices, Volume 524, 1316–1325}}
            {Radius inflation in hot giants}
        \end{entrylist}
        \end{document}
        """)
    p1, p2, p3 = (_pub(r, "Surface waves"), _pub(r, "Machine learning"), _pub(r, "Radius inflation"))
    assert [a.name for a in p1.authors] == ["L. K. Varga", "T. Roe", "P. Osei", "O. Brandt"]
    assert p1.authors[0].is_subject and p2.authors[1].is_subject
    assert [p.venue for p in (p1, p2, p3)] == ["A & A", "Lorem Astronomical Journal", "Ipsum Notices"]
    assert [p.year for p in (p1, p2, p3)] == ["2018", "2023", "2023"]


def test_quoted_latex_references_venue_without_volume_and_written_doi(tmp_path):
    """'\\item Roe, T., \\& \\textbf{Varga, Lena} 2018: ``Title'' \\textit{Journal}, DOI: 10.x/y' and
    '… \\textit{Journal}, 47(999)' (session 15): the written DOI and the volume stayed in the venue,
    and the DOI was not read."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}{\Large Lena Varga}\\ lena.varga@example.org\end{center}
        \section*{Publications}
        \begin{itemize}
        \item Roe, Tomas, Osei, Pia, \& \textbf{Varga, Lena} 2018: ``Hydraulic Lattices'' \textit{Lorem Bibliographies}, DOI: 10.1000/obo/0001-0006
        \item Brandt, O. N., \textbf{Varga, L.}, Roe, T. 2017: ``Growth of a dominant understory shrub in a temperate forest'' \textit{Ipsum Journal of Forest Research}, 47(999)
        \item \textbf{Varga, L.}, Roe, T. 2016: ``Sparse Kernels in Ring Lattices'' \textit{Dolor Symposium on Rings (DSR) (2016)}
        \end{itemize}
        \end{document}
        """)
    p1, p2, p3 = (_pub(r, "Hydraulic"), _pub(r, "Growth"), _pub(r, "Sparse"))
    assert (p1.venue, p1.doi, p1.year) == ("Lorem Bibliographies", "10.1000/obo/0001-0006", "2018")
    assert (p2.venue, p2.year) == ("Ipsum Journal of Forest Research", "2017")
    assert (p3.venue, p3.venue_acronym, p3.year) == ("Dolor Symposium on Rings", "DSR", "2016")
    assert [a.name for a in p2.authors] == ["O. N. Brandt", "L. Varga", "T. Roe"] and p2.authors[1].is_subject


def test_the_name_from_a_preamble_macro_when_the_heading_spells_it_in_pieces(tmp_path):
    """'\\def\\myauthor{…}' in the preamble and a heading built letter by letter with kerning:
    the subject was named 'Unknown' (and every such CV would share one person IRI)."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \def\myauthor{Lena Varga}
        \def\myemail{lena@example.org}
        \begin{document}
        {\Large\textbf{{\textsc{{\addfontfeature{Style=TitlingCaps}L}\kern-1.5pt ena
          {\addfontfeature{Style=TitlingCaps}V}\kern-2pt arga}}}}
        \section*{Education}
        \begin{itemize}\item PhD in Geology, Lorem University, 2019\end{itemize}
        \end{document}
        """)
    assert r.person.name == "Lena Varga"


def test_a_cv_that_names_no_one_has_an_empty_name_not_a_placeholder(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \section*{Education}
        \begin{itemize}\item PhD, Lorem University, 2019\end{itemize}
        \end{document}
        """)
    assert r.person.name == ""
    assert [(e.degree, e.institution) for e in r.education] == [("PhD", "Lorem University")]


def test_friggeri_month_dash_two_digit_year_ranges(tmp_path):
    """'\\entry{03-16 - Now}{…}' (friggeri-cv, months and two-digit years with hyphens): the
    position had no dates and the range stayed in its title."""
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Lena}{ Varga}{engineer}
        \section{experience}
        \begin{entrylist}
          \entry
            {03-16 - Now}
            {Lead platform architect}
            {Lorem Networks, Toulouse, France}
            {Design and deliver deployment tooling.}
          \entry
            {09-14 - 02-16}
            {Software engineer}
            {Ipsum Systems, Toulon, France}
            {Develop guidance software.}
        \end{entrylist}
        \end{document}
        """)
    assert [(p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Lead platform architect", "2016-03", None, True),
        ("Software engineer", "2014-09", "2016-02", False)]


# --- session 16 -----------------------------------------------------------------------------

def test_a_cv_whose_sections_are_all_input_files_keeps_its_header_macros(tmp_path):
    # every section in \input files (not followed): the text reader reads what is left, and the
    # header macros' profiles and phone are kept (their text is a user name or nothing)
    r = _tex(tmp_path, r"""
        \documentclass{customcv}
        \name{Tomas}{Quillan}
        \socialinfo{
          \linkedin{tquillan/}
          \smartphone{1.555.201.3344}\\
          \email{tq@uni.example.edu}
          \github{tquill}
        }
        \begin{document}
        \makecvheader
        \input{section_experience}
        \input{section_publications}
        \end{document}
        """)
    assert r.person.name == "Tomas Quillan"
    assert r.person.emails == ["tq@uni.example.edu"]
    assert r.person.phones == ["1.555.201.3344"]
    assert r.person.profiles == ["https://www.linkedin.com/in/tquillan/", "https://github.com/tquill"]
    assert not r.positions and not r.publications
    assert any("section_experience" in s for s in r.report.skipped)


def test_a_preprint_link_after_a_published_reference_is_no_venue_or_status(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Ines}{Marlow}
        \begin{document}
        \cvsection{Publications}
        \begin{cvpubs}
        \cvpub{K.\ Dorn, \textbf{I.\ Marlow}, \& P.\ Ash (2024). \href{https://doi.org/10.1000/xyz.12}{Sparse sketches for tall least squares}. Proceedings of the Annual Symposium on Discrete Methods, 101--120. (\href{https://arxiv.org/abs/2401.01234}{preprint})}
        \end{cvpubs}
        \end{document}
        """)
    (p,) = r.publications
    assert p.title == "Sparse sketches for tall least squares"
    assert [a.name for a in p.authors] == ["K. Dorn", "I. Marlow", "P. Ash"]
    assert p.venue == "Annual Symposium on Discrete Methods"
    assert p.status == "published" and p.year == "2024"
    assert p.arxiv == "2401.01234"


def test_a_reference_cut_into_arguments_with_the_year_closing_the_authors(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\pubItem}[2]{\item #1 #2}
        \begin{document}
        {\Large Hal Brenner}
        \section{Publications}
        \begin{itemize}
          \pubItem
            {Osk, D., Brenner, H., Lind, P., 2019. }
            {``Grid planning under deep uncertainty for regional heat networks.'' \textit{Heat Planning and Operations}}
        \end{itemize}
        \end{document}
        """)
    (p,) = r.publications
    assert p.title == "Grid planning under deep uncertainty for regional heat networks"
    assert [a.name for a in p.authors] == ["D. Osk", "H. Brenner", "P. Lind"]
    assert p.venue == "Heat Planning and Operations" and p.year == "2019"


def test_entry_macro_title_quoting_a_work_and_a_count_of_other_authors(tmp_path):
    # one argument per field; the title quotes another paper's title (it is not a reference cut
    # into arguments), "& 12 co-authors" is an et al., a status argument is the status
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Ruth}{Penhale}
        \newcommand{\pubentry}[5]{#1 #2 #3 #4 #5}
        \begin{document}
        \cvsection{Publications}
        \begin{cventries}
        \pubentry
            {Reply to “Grazing limits shrub encroachment in dry upland steppe”}
            {Penhale, R., O. Tarn, \& 12 co-authors}
            {Upland Ecology}
            {41(2):10-12}
            {2018}
        \cvpublication
            {R. Penhale, O. Tarn, M. Sell}
            {Seed banks after fire in coastal heath}
            {Journal of Heath Studies}
            {Under review}
        \end{cventries}
        \end{document}
        """)
    p = _pub(r, "Reply to")
    assert p.title == "Reply to “Grazing limits shrub encroachment in dry upland steppe”"
    assert [a.name for a in p.authors] == ["R. Penhale", "O. Tarn"] and p.et_al
    assert p.venue == "Upland Ecology" and p.year == "2018"
    q = _pub(r, "Seed banks")
    assert q.venue == "Journal of Heath Studies" and q.status == "under review"


def test_talk_macro_with_a_country_argument_and_an_empty_title(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{awesome-cv}
        \name{Omar}{Fenwick}
        \begin{document}
        \cvsection{Honors}
        \begin{cvhonors}
          \cvhonor{Early Career Medal}{Limnology Society}{Canada}{2017}
        \end{cvhonors}
        \cvsection{Invited Talks}
        \begin{cvhonors}
          \cvhonor{Lakeside University, Dunmore}{Cold fronts over shallow lakes}{Ireland}{2016}
          \cvhonor{Annual Meeting of the Limnology Society}{Ice cover and mixing}{Canada}{2015}
          \cvhonor{Hillcrest Institute of Technology}{}{Australia}{2013}
        \end{cvhonors}
        \end{document}
        """)
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Cold fronts over shallow lakes", "Lakeside University, Dunmore", "2016"),
        ("Ice cover and mixing", "Annual Meeting of the Limnology Society", "2015")]


def test_education_macro_with_a_place_argument_before_the_programme(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubheading}[4]{\item \textbf{#1} & #2 \\ \textit{#3} & #4}
        \begin{document}
        {\Large Vera Holm}
        \section{Education}
        \begin{itemize}
          \resumeSubheading{Northfield Institute of Technology}{Tallinn, Estonia}
            {Exchange Semester in Chemistry}{Jan 2011 -- Jun 2011}
          \resumeSubheading{Southgate University}{Leeds, United Kingdom}
            {Bachelor of Science in Chemistry}{Oct 2007 -- Sep 2010}
        \end{itemize}
        \end{document}
        """)
    a, b = r.education
    assert (a.institution, a.degree, a.location) == ("Northfield Institute of Technology", "Exchange Semester in Chemistry", "Tallinn, Estonia")
    assert (b.institution, b.degree, b.level) == ("Southgate University", "Bachelor of Science in Chemistry", "bachelor")


def test_fax_number_beside_the_phone_on_one_header_line(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[12pt]{letter}
        \begin{document}
        \begin{center}
        {\Large{\textsc{Mara Ellison}}}\\
        Department of Ocean Sciences, Tidewater University\\
        Voice: +1 808 555-0142~~~~~~~~~Fax: +1 (808) 555-0199\\
        \url{mellison@tidewater.example.edu}
        \end{center}
        {\large{\bf EDUCATION}}
        \begin{description}
        \item []{\bf Ph.D.} -- Oceanography, Tidewater University, {\bf 2004}
        \end{description}
        {\large{\bf AWARDS}}
        \begin{itemize}
        \item[-] Early Career Award, Coastal Society, 2012.
        \end{itemize}
        \end{document}
        """)
    assert r.person.name == "Mara Ellison"
    assert r.person.phones == ["+1 808 555-0142"]


def test_a_reference_item_whose_link_text_is_the_title(tmp_path):
    # "Surname, I. J.: \href{url}{Title}, Abbrev. Journal, doi, year": the colon after the last
    # initial and the abbreviated journal made the reference rules take too much as the title
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Pavel Ostrander}
        \section{Publications}
        \begin{enumerate}
         \item Lunde, S., Kerr, T. B., \textbf{Ostrander, P.}, and Vail, D. J.: \href{http://www.example.org/amt-3-101.html}{A portable chamber for counting frost nuclei in the field}, Atmos. Meas. Tech, doi:10.5194/amt-3-101-2019, 2019.
         \item \textbf{Ostrander, P.}, Vail, D. J., and Kerr, T. B.: Salt haze over northern fjords. Boreal Air Letters, 2017.
        \end{enumerate}
        \end{document}
        """)
    p = r.publications[0]
    assert p.title == "A portable chamber for counting frost nuclei in the field"
    assert [a.name for a in p.authors] == ["S. Lunde", "T. B. Kerr", "P. Ostrander", "D. J. Vail"]
    assert p.venue == "Atmos. Meas. Tech" and p.year == "2019"
    assert p.doi == "10.5194/amt-3-101-2019"


def test_title_paragraph_then_authors_paragraph_in_one_item(tmp_path):
    # the item's first paragraph is only its linked, italic title (with math in it), the second
    # the authors, venue and year; a bold sub-heading may follow the last item
    r = _tex(tmp_path, r"""
        \documentclass[11pt, a4paper]{awesome-cv}
        \name{Noor}{Halvorsen}
        \begin{document}
        \cvsection{Publications}
        \begin{cvitems}
        \item[1] \textit{\href{https://arxiv.org/abs/2101.00001}{\footnotesize{Shear maps on the cut sphere with $C_{\ell}$ priors}} }

        \footnotesize{\textbf{N. Halvorsen}, B. Ostrom, \& C. Tull, \textit{Journal of Sky Surveys}, 12, 2021}
        \item[2] \textit{\href{https://arxiv.org/abs/1901.00002}{\footnotesize{Counting voids in deep fields}}}

        \footnotesize{{D. Pym} et al. (incl. \textbf{N. Halvorsen}), ArXiv:1901.00002, \textit{Submitted to Sky Letters}, 2019}

        \vspace{0.4cm}
        \textbf{Papers under collaboration review:}
        \end{cvitems}
        \end{document}
        """)
    a, b = r.publications
    assert a.title == "Shear maps on the cut sphere with C_ℓ priors"
    assert [x.name for x in a.authors] == ["N. Halvorsen", "B. Ostrom", "C. Tull"] and a.authors[0].is_subject
    assert (a.venue, a.year, a.status, a.arxiv) == ("Journal of Sky Surveys", "2021", "published", "2101.00001")
    assert a.urls == ["https://arxiv.org/abs/2101.00001"]
    assert b.title == "Counting voids in deep fields"
    assert [x.name for x in b.authors] == ["D. Pym"] and b.et_al
    assert (b.venue, b.year, b.status) == ("Sky Letters", "2019", "in submission")


def test_awesome_cv_teaching_entry_place_is_not_the_course(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt, a4paper]{awesome-cv}
        \name{Noor}{Halvorsen}
        \begin{document}
        \cvsection{Education}
        \begin{cventries}
          \cventry{PhD in Astronomy}{Fenwick University}{Leeds, United Kingdom}{2015 - 2019}{}
        \end{cventries}
        \cvsection{Teaching Experience}
        \begin{cventries}
          \cventry
            {Teaching Assistant - Undergraduate level}
            {Fenwick University}
            {Leeds, UK}
            {2016 - 2018}
            {Practical Astronomy 2 (2017, 2018), Observational Astronomy 1 (2017)}
        \end{cventries}
        \end{document}
        """)
    (t,) = r.teaching
    assert t.role == "Teaching Assistant - Undergraduate level" and t.institution == "Fenwick University"
    assert t.course == "Practical Astronomy 2 (2017, 2018), Observational Astronomy 1 (2017)"


def test_moderncv_project_entry_with_advisor_line_list_description_and_grade_line(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper,sans]{moderncv}
        \moderncvstyle{classic}
        \firstname{Lea}
        \familyname{Moravec}
        \email{lea.moravec@example.edu}
        \begin{document}
        \maketitle
        \section{Education}
        \cventry{August 2017 \\ -- July 2021}{Dunmore University}{}{Brno, Czechia}{}{B.Eng. in Control Engineering}
        \cvline{}{\textbf{GPA:} 3.71/4.0}
        \section{Research Experience}
        \cventry{March 2019 \\-- June 2019}{Scheduling jobs on shared lab servers}{}{\hfill Dunmore University \newline Advisor: Professor \href{https://example.edu/~roe}{Tomas Roe}}{}{
            \begin{itemize}
                \item Wrote a queue for the lab's machines.
            \end{itemize}
        }
        \end{document}
        """)
    (e,) = r.education
    assert e.institution == "Dunmore University" and e.level == "bachelor"
    (p,) = r.positions
    assert p.organization == "Dunmore University" and p.title == "Scheduling jobs on shared lab servers"
    assert p.location is None and p.mentors == ["Tomas Roe"]
    assert p.start == "2019-03" and p.end == "2019-06"


def test_deedy_one_argument_macro_lines_name_section_and_bulleted_skills(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[]{deedy-resume-openfont}
        \begin{document}
        \namesection{Rosa}{Calder}{
        \href{mailto:rosa.calder@example.org}{rosa.calder@example.org} | \href{tel:+15550104477}{+1 555 010 4477}\\
        \href{https://github.com/rcalder}{github.com/rcalder}
        }
        \begin{minipage}[t]{0.33\textwidth}
        \section{Education}
        \subsection{Harwick University}
        \descript{Master of Science\\Applied Statistics}
        \location{Jun 2019 | Dunmore, Ireland}
        \sectionsep
        \subsection{Lowfield College}
        \descript{Bachelor of Arts in Mathematics}
        \location{May 2016 | Cork, Ireland}
        \sectionsep
        \section{Skills}
        \subsection{Technical}
        \location{Proficient with:}
        R \textbullet{} Python \textbullet{} .NET \\
        \end{minipage}
        \begin{minipage}[t]{0.66\textwidth}
        \section{Experience}
        \runsubsection{Tidewater Analytics}
        \descript{| Senior Data Scientist}
        \location{Feb 2021 - Present | Galway, Ireland}
        \begin{tightemize}
        \item Built forecasting models for port traffic.
        \end{tightemize}
        \sectionsep
        \runsubsection{Brightwell Labs}
        \descript{| Statistician}
        \location{Jul 2019 – Jan 2021 | Dublin, Ireland}
        \sectionsep
        \end{minipage}
        \end{document}
        """)
    assert r.person.name == "Rosa Calder"
    assert r.person.emails == ["rosa.calder@example.org"]
    assert "https://github.com/rcalder" in r.person.profiles
    assert [(e.institution, e.degree, e.field, e.end) for e in r.education] == [
        ("Harwick University", "Master of Science", "Applied Statistics", "2019-06"),
        ("Lowfield College", "Bachelor of Arts in Mathematics", "Mathematics", "2016-05")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Tidewater Analytics", "Senior Data Scientist", "2021-02", None, True),
        ("Brightwell Labs", "Statistician", "2019-07", "2021-01", False)]
    assert r.skills == ["R", "Python", ".NET"]


def test_bibliography_commands_give_no_entries_and_say_so(tmp_path):
    # the list is built from a .bib file the reader does not open: a citation key is no title
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper,sans]{moderncv}
        \usepackage[style=authoryear,backend=biber]{biblatex}
        \addbibresource{mypapers.bib}
        \name{Ilka}{Brandt}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012--2016}{Ph.D. in Geophysics}{Harbor University}{Kiel}{}{}
        \section{Publications}
        \nocite{*}
        \printbibliography[type=article,heading=subbibliography,title={Journal articles}]
        \section{Invited Talks}
        \fullcite{brandt2019tides}
        \end{document}
        """)
    assert len(r.education) == 1
    assert not r.publications and not r.talks
    assert any("printbibliography" in s for s in r.report.skipped)
    assert any("brandt2019tides" in s for s in r.report.skipped)


def test_skills_with_a_long_aside_and_a_languages_row(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \newcommand{\resumeSubItem}[2]{\item \textbf{#1}{ - #2}}
        \begin{document}
        {\Large Oda Brenner}
        \section{Education}
        \begin{itemize}
          \item Ridgefield University, M.Sc. in Hydrology, 2014
        \end{itemize}
        \section{Skills}
        \begin{itemize}
          \resumeSubItem{Programming}{Python (9 years, mostly with xarray, dask and numba), Fortran, SQL (basic)}
          \resumeSubItem{Languages}{Norwegian (Native), English (Fluent), French (Basic)}
        \end{itemize}
        \end{document}
        """)
    assert r.skills == ["Python", "Fortran", "SQL (basic)"]
    assert r.languages == ["Norwegian", "English", "French"]


def test_patent_items_with_inventors_and_an_item_ending_with_its_environment(tmp_path):
    """RenderCV-style lists: '\\item A, B, \\textbf{Me}, Title, \\textit{Office}, 10-2021-0025895,
    October 2021' (the bold subject was read as the title); a reference item in Google Scholar's
    form; and the bold sub-heading after a list's last item is no part of that item (it gave
    the item above the next group's status)."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \title{Mira Quell -- Curriculum Vitae}
        \maketitle
        \section{Publications}
        \begin{onecolentry}
            \textbf{Featured}
            \begin{highlights}
                \item \textbf{MQ Quell}*, TH Arvo, Folding cranes in a strong wind, \textit{Lorem Journal of Origami} 12 (3), 45--67, 2020
            \end{highlights}
        \end{onecolentry}
        \begin{onecolentry}
            \textbf{Under Review}
            \begin{highlights}
                \item \textbf{MQ Quell}, KL Brandt, Cranes at rest on a shelf, \textit{Folding Letters}, under review, 2025
            \end{highlights}
        \end{onecolentry}
        \section{Patents}
        \begin{onecolentry}
            \begin{highlights}
                \item TH Arvo, KL Brandt, \textbf{MQ Quell}, Stand for paper cranes and use thereof, \textit{Lorem Intellectual Property Office}, 10-2021-0025895, October 2021
            \end{highlights}
        \end{onecolentry}
        \end{document}
        """)
    assert [(p.title, p.venue, p.year, p.status) for p in r.publications] == [
        ("Folding cranes in a strong wind", "Lorem Journal of Origami", "2020", "published"),
        ("Cranes at rest on a shelf", "Folding Letters", "2025", "under review"),
    ]
    assert [a.name for a in r.publications[0].authors] == ["MQ Quell", "TH Arvo"]
    assert [(p.title, p.number, p.inventors, p.date) for p in r.patents] == [
        ("Stand for paper cranes and use thereof", "10-2021-0025895", ["TH Arvo", "KL Brandt", "MQ Quell"], "2021-10")]


def test_rendercv_header_font_size_is_not_part_of_the_name(tmp_path):
    """RenderCV's header '\\fontsize{25 pt}{25 pt}\\selectfont Jane Doe': the sizes were read as
    text ('25 pt25 ptMira Quell'), so the CV had no name and its papers no subject."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
            \begin{header}
                \fontsize{25 pt}{25 pt}\selectfont Mira-Quinn Quell

                \vspace{5 pt}
                \mbox{\hrefWithoutArrow{mailto:mq@example.org}{mq@example.org}}%
            \end{header}
            \section{Publications}
            \begin{highlights}
                \item \textbf{MQ Quell}, TH Arvo, Folding cranes in a strong wind, \textit{Lorem Journal of Origami} 12 (3), 45--67, 2020
            \end{highlights}
        \end{document}
        """)
    assert r.person.name == "Mira-Quinn Quell"
    assert [(a.name, a.is_subject) for a in r.publications[0].authors] == [("MQ Quell", True), ("TH Arvo", False)]


def test_bibentry_items_are_references_to_a_bib_file_not_titles(tmp_path):
    """'\\item \\bibentry{DBLP:conf/x/Roe20}' names an entry of a .bib file: its key was read as a
    publication's title. It is reported as not followed; a patent line in a list beside it keeps
    its title before the inventors."""
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \name{Mira}{Quell}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2018--2021}{Ph.D. in Folding}{Lorem University}{Oslo}{}{}
        \section{Publications}
          \begin{enumerate}
            \item \bibentry{DBLP:journals/corr/abs-1908-11215}
            \item \bibentry{DBLP:conf/wassa/QuellA18}
          \end{enumerate}
        \section{Patents}
          \begin{enumerate}
            \item Paper Crane Folding Machine, Tomas Arvo, K. L. Brandt and Mira Quell, US Patent Pending, A machine for cranes
          \end{enumerate}
        \end{document}
        """)
    assert r.publications == []
    assert any("bibentry" in s for s in r.report.skipped)
    assert [(p.title, p.inventors, p.status) for p in r.patents] == [
        ("Paper Crane Folding Machine", ["Tomas Arvo", "K. L. Brandt", "Mira Quell"], "pending")]


def test_patents_in_moderncv_entry_macros(tmp_path):
    """'\\cvitem{2019}{A, B, ``Title,'' U.S. Patent 10,123,456, issued 2019.}' (the whole reference
    was the title) and '\\cventry{2018}{Title}{US 9,876,543 B2}{}{}{Inventors: A, B}' (number and
    inventors were lost)."""
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \name{Mira}{Quell}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2010--2015}{Ph.D. in Folding}{Lorem University}{Oslo}{}{}
        \section{Patents}
        \cvitem{2019}{M. Quell, T. Arvo, ``Method for folding paper cranes,'' U.S. Patent 10,123,456, issued Mar. 5, 2019.}
        \cvitem{}{M. Quell and K. Brandt. \textit{Stand for paper cranes}. US Patent Application 16/123,456, filed 2020.}
        \cventry{2018}{Box for folded cranes}{US 9,876,543 B2}{}{}{Inventors: M. Quell, T. Arvo}
        \end{document}
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in r.patents] == [
        ("Method for folding paper cranes", "US10123456", ["M. Quell", "T. Arvo"], "2019-03", "granted"),
        ("Stand for paper cranes", "US16/123,456", ["M. Quell", "K. Brandt"], "2020", "filed"),
        ("Box for folded cranes", "US9876543B2", ["M. Quell", "T. Arvo"], "2018", "granted"),
    ]


def test_bold_lines_between_lists_give_the_status_of_the_entries_under_them(tmp_path):
    """RenderCV: '\\textbf{Registration}' and '\\textbf{Pending}' over the lists of a Patents
    section, '\\textbf{Working Papers}' over a publication list (the lines were dropped, so the
    entries had no status)."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \title{Mira Quell -- Curriculum Vitae}
        \maketitle
        \section{Patents}
        \begin{onecolentry}
            \textbf{Registration}
        \end{onecolentry}
        \begin{onecolentry}
            \begin{highlights}
                \item TH Arvo, \textbf{MQ Quell}, Stand for paper cranes, \textit{Lorem Patent Office}, 10-2021-0025895, October 2021
            \end{highlights}
        \end{onecolentry}
        \begin{onecolentry}
            \textbf{Pending}
        \end{onecolentry}
        \begin{onecolentry}
            \begin{highlights}
                \item \textbf{MQ Quell}, KL Brandt, Box for paper cranes, \textit{Lorem Patent Office}, 10-2025-0078871, June 2025
            \end{highlights}
        \end{onecolentry}
        \section{Publications}
        \begin{onecolentry}
            \textbf{Working Papers}
            \begin{highlights}
                \item \textbf{MQ Quell}, KL Brandt, Cranes in the rain, \textit{Lorem Letters}, 2025
            \end{highlights}
        \end{onecolentry}
        \end{document}
        """)
    assert [(p.title, p.status) for p in r.patents] == [("Stand for paper cranes", "granted"),
                                                        ("Box for paper cranes", "pending")]
    assert [(p.title, p.status) for p in r.publications] == [("Cranes in the rain", "preprint")]


def test_a_bracketed_link_label_after_a_latex_reference(tmp_path):
    """'… \\textit{Journal}, 974(2), p.292. [\\href{url}{Paper}]': the link's address took the
    closing bracket with it, so '[Paper' (and the page before it) stayed in the venue."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \title{Mira Quell -- Curriculum Vitae}
        \maketitle
        \section{Publications}
        \begin{enumerate}
            \item Arvo, T., \textbf{\underline{Quell, M.}}, Osei, P. (2024). Variable cranes in windy rooms. \textit{The Lorem Journal of Folding}, 974(2), p.292. [\href{https://example.org/cranes}{Paper}]
            \item \textbf{\underline{Quell, M.}}, Osei, P. (2023). Cranes at rest. \textit{Folding Workshop 2023.} \textbf{(oral)} [\href{https://example.org/rest}{Paper}]
        \end{enumerate}
        \end{document}
        """)
    assert [(p.title, p.venue, p.year, p.urls) for p in r.publications] == [
        ("Variable cranes in windy rooms", "The Lorem Journal of Folding", "2024", ["https://example.org/cranes"]),
        ("Cranes at rest", "Folding Workshop", "2023", ["https://example.org/rest"])]


def test_a_class_header_macro_gives_the_name(tmp_path):
    r"""'\headinginline{Jane Lorem}{Website: \website{…} \\ Email: \email{…}}' (simplecv): the name
    was in no macro the reader knew, and the record had none."""
    r = _tex(tmp_path, r"""
        \documentclass[letterpaper,11pt]{article}
        \usepackage{simplecv}
        \begin{document}
        \headinginline{Jane Lorem}{
            Website: \website{lorem.me} \\
            Email: \email{jane@lorem.me}
        }
        \section{Education}
        \outerlist{
        \entrybig
        {\textbf{Ipsum Institute of Technology}}{Tokyo, Japan}
        {M.S. in Computing Science}{2018\textendash 2020}
        }
        \end{document}
        """)
    assert r.person.name == "Jane Lorem"
    assert [(e.institution, e.degree) for e in r.education] == [("Ipsum Institute of Technology", "M.S. in Computing Science")]


def test_role_at_organization_then_place_in_a_table_row(tmp_path):
    r"""'\textsc{May-August 2016} & Trainee at \textsc{Lorem}, Hong Kong \\' (an r|p table): the place
    went into the description; under a service heading 'Volunteer at Ipsum Reserve, Hong Kong' made
    the role 'Volunteer at Ipsum Reserve' and the place its organization."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Jane Lorem}
        \section*{Work Experience}
        \begin{tabular}{r|p{15cm}}
        \textsc{May-August 2016} & Trainee at \textsc{Lorem Partners}, Hong Kong \\
        &\footnotesize{Wrote VBA modules in Word to create custom toolbars.}\\
        \textsc{June-August 2015} & Summer Intern at Ipsum Terminals, Rotterdam, Netherlands \\
        \end{tabular}
        \section*{Community Service}
        \begin{tabular}{r|p{14cm}}
        \textsc{2010-2014} & Volunteer at Dolor Butterfly Reserve, Hong Kong \\
        \end{tabular}
        \end{document}
        """)
    assert [(p.title, p.organization, p.location, p.description) for p in r.positions] == [
        ("Trainee", "Lorem Partners", "Hong Kong", "Wrote VBA modules in Word to create custom toolbars."),
        ("Summer Intern", "Ipsum Terminals", "Rotterdam, Netherlands", None)]
    assert [(s.role, s.organization) for s in r.service] == [("Volunteer", "Dolor Butterfly Reserve")]


# --- session 18 -------------------------------------------------------------------------------

def test_headings_in_other_languages_are_read_as_in_text_cvs(tmp_path):
    # "Ausbildung", "Berufserfahrung", "Sprachen" (and "Schooling"): the LaTeX reader's own
    # heading table is English only; the sections were skipped as unrecognised
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Lena}{Varga}
        \begin{document}
        \makecvtitle
        \section{Ausbildung}
        \cventry{2014--2018}{Bachelor of Science Informatik}{Technische Universität Lorem}{Ipsumstadt}{}{}
        \section{Schooling}
        \cventry{2006--2014}{Abitur}{Dolor-Gymnasium}{Ipsumstadt}{}{}
        \section{Berufserfahrung}
        \cventry{2018--2021}{Softwareentwicklerin}{Dolor GmbH}{Ipsumstadt}{}{}
        \section{Sprachen}
        \cvitem{Deutsch}{Muttersprache}
        \end{document}
        """)
    assert [(e.degree, e.institution) for e in r.education] == [
        ("Bachelor of Science Informatik", "Technische Universität Lorem"), ("Abitur", "Dolor-Gymnasium")]
    assert [(p.title, p.organization, p.location) for p in r.positions] == [
        ("Softwareentwicklerin", "Dolor GmbH", "Ipsumstadt")]
    assert r.languages == ["Deutsch"]


def test_an_entry_macros_description_argument_describes_the_position(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Lena}{Varga}
        \begin{document}
        \makecvtitle
        \section{Experience}
        \cventry{2018--2021}{Software Engineer}{Dolor Inc}{Boston}{}{Built the billing services}
        \cventry{2016--2018}{Data Analyst}{Ipsum Labs}{Boston}{}{\begin{itemize}\item Wrote reports\item Cleaned data\end{itemize}}
        \cventry{2015--2016}{Intern}{Amet Ltd}{Boston}{}{}
        \end{document}
        """)
    assert [(p.title, p.organization, p.description) for p in r.positions] == [
        ("Software Engineer", "Dolor Inc", "Built the billing services"),
        ("Data Analyst", "Ipsum Labs", "Wrote reports\nCleaned data"),
        ("Intern", "Amet Ltd", None)]


def test_a_macros_optional_argument_and_a_figure_are_no_text(tmp_path):
    # friggeri-style side column: "\smartdiagram[bubble diagram]{…}" gave the skill
    # "[bubble diagram] Python"; languages one per line gave "german first language english fluent"
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Lena Varga}

        lena@example.org
        \section{Programming}
        \smartdiagram[bubble diagram]{\textbf{Python}, \textbf{CUDA}, \textbf{Bash}}
        \section{Languages}
        \textbf{german}
        first language
        ~
        \textbf{english}
        fluent
        \end{document}
        """)
    assert r.skills == ["Python", "CUDA", "Bash"]
    assert r.languages == ["German", "English"]


def test_french_and_portuguese_cvs_headings_places_and_contract_lengths(tmp_path):
    # "Formations", "Expériences": headings; \address{street}{city}: where the subject lives;
    # "CDI - 3 ans" where moderncv puts the employer: a contract's length, the employer is the
    # argument after it
    r = _tex(tmp_path, r"""
        \documentclass[11pt,a4paper]{moderncv}
        \moderncvtheme[blue]{classic}
        \firstname{Lena}
        \familyname{Varga}
        \address{12 rue Lorem}{69000 Ipsumville}
        \email{lena@example.org}
        \begin{document}
        \maketitle
        \section{Expériences}
        \cventry{2017 -- 2020}{Développeuse Front}{CDI - 3 ans ½}{}{Dolor (Ipsumville)}{}
        \cventry{2012}{Développeuse .NET}{Stage - 4 mois}{}{Amet SA}{}
        \section{Formations}
        \cventry{2011 -- 2012}{Licence Professionnelle}{Université de Lorem}{}{}{}
        \end{document}
        """)
    assert r.person.location == "69000 Ipsumville"
    assert [(p.title, p.organization, p.location) for p in r.positions] == [
        ("Développeuse Front", "Dolor", "Ipsumville"), ("Développeuse .NET", "Amet SA", None)]
    assert [(e.degree, e.institution) for e in r.education] == [("Licence Professionnelle", "Université de Lorem")]


def test_a_friggeri_cv_in_portuguese(tmp_path):
    # the address only under "Sobre" (About) and in a "Páginas e Contactos" aside; "Escola" is a
    # school; "Licenciatura em …" states its field
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Lena}{Varga}
               {Engenheira}
        \begin{aside}
          \section{Páginas e Contactos}
            \href{https://github.com/lena-varga-0}{github/lena-varga-0}
        \end{aside}
        \section{Sobre}
        \textbf{Email} \href{mailto:lena@example.org}{lena@example.org}
        \section{Educação}
        \begin{entrylist}
          \entry
            {2010-2013}
            {Licenciatura em Engenharia Informática}
            {Universidade de Lorem}
            {}
          \entry
            {2007–2010}
            {Ensino Secundário}
            {Escola Secundária de Ipsum}
            {}
        \end{entrylist}
        \end{document}
        """)
    assert r.person.name == "Lena Varga"
    assert r.person.emails == ["lena@example.org"]
    assert r.person.profiles == ["https://github.com/lena-varga-0"]
    assert [(e.degree, e.institution, e.field) for e in r.education] == [
        ("Licenciatura em Engenharia Informática", "Universidade de Lorem", "Engenharia Informática"),
        ("Ensino Secundário", "Escola Secundária de Ipsum", None)]


def test_short_awards_with_their_year_in_a_competitions_list(tmp_path):
    # "Amet Cup (finalist 2017)" read as a date with a few words around it was dropped whole;
    # "(winner 2017)" lost its closing bracket with the year; "Competitions" lists awards
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Lena Varga}

        lena@example.org \quad (+385)915550100
        \section{Experience}
        \begin{itemize}
          \item Research Intern, Lorem Labs, 2019
        \end{itemize}
        \section{COMPETITIONS}
        \begin{itemize}
          \item National Contest in Lorem (winner 2017)
          \item Amet Cup (finalist 2017)
          \item Sit Prize 2015
        \end{itemize}
        \end{document}
        """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("National Contest in Lorem (winner)", "2017"), ("Amet Cup (finalist)", "2017"), ("Sit Prize", "2015")]
    assert r.person.phones == ["(+385)915550100"]


def test_a_grade_in_a_degrees_name_is_no_part_of_it(tmp_path):
    # resume.cls: "M.S. in Computer Science (GPA 4.0)" under the institution's line
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Lena Varga}
        \address{lena@example.org}
        \begin{document}
        \begin{rSection}{Education}

        {\bf University of Lorem} \hfill {\em September 2018 - December 2020} \\
        M.S. in Computer Science (GPA 4.0)

        {\bf Ipsum University} \hfill {\em September 2014 - June 2018} \\
        B.Tech in Physics, CGPA: 9.1/10

        \end{rSection}
        \end{document}
        """)
    assert [(e.degree, e.field, e.institution) for e in r.education] == [
        ("M.S. in Computer Science", "Computer Science", "University of Lorem"),
        ("B.Tech in Physics", "Physics", "Ipsum University")]


def test_a_twentysecondcv_sidebar_name_rated_skills_and_a_place_argument(tmp_path):
    # \cvname{First\\Last}; \skills{{Name/rating}, …} and \languages{{Language - Level/rating}};
    # \twentyitem{dates}{degree}{place}{school}: a country argument is where, not the school
    r = _tex(tmp_path, r"""
        \documentclass[letterpaper]{twentysecondcv}
        \cvname{Lena\\Varga Roe}
        \cvmail{lena@example.org}
        \begin{document}
        \skills{
            {Java Spring/9.5},
            {Docker, OpenShift/8.5},
            {Linux/7.5}}
        \languages{{Spanish - Native/10}, {English - Intermediate/7}}
        \makeprofile
        \cvsection{Education}
        \begin{twenty}
            \twentyitem{2019-2020}{Master of Computer Science}{México}{LOREM - IPSUM}
            \twentyitem{2014-2018}{Computer Systems Engineering}{Perú}{Escuela Superior de Dolor}
        \end{twenty}
        \end{document}
        """)
    assert r.person.name == "Lena Varga Roe"
    assert r.skills == ["Java Spring", "Docker", "OpenShift", "Linux"]
    assert r.languages == ["Spanish", "English"]
    assert [(e.degree, e.institution, e.location) for e in r.education] == [
        ("Master of Computer Science", "LOREM - IPSUM", "México"),
        ("Computer Systems Engineering", "Escuela Superior de Dolor", "Perú")]


def test_a_skills_level_or_others_label_is_no_skill(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Lena}{Varga}{Engenheira}
        \section{Contacts}
        lena@example.org
        \section{Experience}
        \begin{entrylist}
          \entry{2019-2021}{Software Engineer}{Lorem Labs}{Built services}
        \end{entrylist}
        \section{Skills}
        \begin{entrylist}
          \entry{}{Ruby on Rails}{Experienced}{Rspec, Devise}
          \entry{}{Others}{}{Git, Haskell}
        \end{entrylist}
        \end{document}
        """)
    assert not {"Experienced", "Others"} & set(r.skills)
    assert {"Ruby on Rails", "Rspec", "Devise", "Git", "Haskell"} <= set(r.skills)


def test_friggeri_entry_arguments_in_their_order_when_no_word_marks_the_role(tmp_path):
    # \entry{dates}{title}{organization or place}{description}: "year abroad" / "Lorem, Ipsumland"
    # had the title read as the organization and the description as the title
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Lena}{Varga}{physicist}
        \section{Experience}
        \begin{entrylist}
          \entry
            {09/14-06/15}
            {year abroad}
            {Amet, England}
            {theology studies}
          \entry
            {03-16 - Now}
            {Lead platform architect}
            {Lorem Networks, Toulouse, France}
            {Design and deliver deployment tooling.}
        \end{entrylist}
        \end{document}
        """)
    assert [(p.title, p.organization, p.location, p.description, p.start) for p in r.positions] == [
        ("year abroad", "Amet, England", "Amet, England", "theology studies", "2014-09"),
        ("Lead platform architect", "Lorem Networks", "Toulouse, France", "Design and deliver deployment tooling.", "2016-03")]


def test_an_economics_cv_with_a_section_macro_rules_committee_and_coauthors_in_brackets(tmp_path):
    """An article-class CV whose \\cvsection macro draws a \\rule (its lengths are no text); a
    thesis committee whose chair advises; an honour in a field of its own; items that open on a
    quoted title with "(with …)" co-authors (economics CVs); a short fellowship beside its year;
    a "Referee Service" list of journals (one service per journal)."""
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \newcommand{\cvsection}[1]{\vspace{8pt}\noindent{\large\textbf{#1}}\\[-4pt]\rule{\textwidth}{0.4pt}}
        \begin{document}
        \begin{center}
        {\LARGE \textbf{Amara Kessington-Vu}}\\[4pt]
        \href{mailto:akv@example.org}{akv@example.org}
        \end{center}

        \cvsection{Education}
        \begin{tabular}{@{}p{0.18\textwidth}p{0.78\textwidth}@{}}
        2018 & Ph.D. in Economics, University of Lakeview \\
             & \textit{Committee:} Jonah Pereira (chair), Elise Marchetti \\
        2012 & B.A. in Mathematics and Economics, \textit{summa cum laude}, Westbrook College \\
        \end{tabular}

        \cvsection{Working Papers}
        \begin{itemize}
        \item ``Monetary Shocks and Household Debt'' (with Elise Marchetti), \textit{R\&R at American Economic Review}
        \end{itemize}

        \cvsection{Publications}
        \begin{itemize}
        \item ``Banks and Bubbles'' (with J. Pereira), \textit{Review of Economic Studies}, 2021, 88(4): 1650--1688.
        \end{itemize}

        \cvsection{Fellowships \& Awards}
        \begin{itemize}
        \item Sloan Research Fellowship, 2023
        \end{itemize}

        \cvsection{Referee Service}
        American Economic Review, Econometrica, Journal of Monetary Economics
        \end{document}
        """)
    assert [(e.degree, e.institution, e.advisors, e.honours) for e in r.education] == [
        ("Ph.D. in Economics", "University of Lakeview", ["Jonah Pereira"], []),
        ("B.A. in Mathematics and Economics", "Westbrook College", [], ["summa cum laude"])]
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year, p.status) for p in r.publications] == [
        ("Monetary Shocks and Household Debt", ["Amara Kessington-Vu", "Elise Marchetti"], "American Economic Review",
         None, "under review"),
        ("Banks and Bubbles", ["Amara Kessington-Vu", "J. Pereira"], "Review of Economic Studies", "2021", "published")]
    assert [(a.name, a.year) for a in r.awards] == [("Sloan Research Fellowship", "2023")]
    assert [(s.role, s.organization) for s in r.service] == [
        ("Referee", "American Economic Review"), ("Referee", "Econometrica"), ("Referee", "Journal of Monetary Economics")]


def test_a_table_row_of_role_unit_organization_and_place(tmp_path):
    """"Postdoctoral Scholar, Becker Institute, University of Lakeview" in a tabular row: the
    parts after the role are the unit, the organization and the place, not a description."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE Amara Vu}

        \section*{Employment}
        \begin{tabular}{ll}
        2018--2020 & Postdoctoral Scholar, Becker Institute, University of Lakeview \\
        2016--2018 & Research Fellow, Department of Economics, University of Westmarch, UK \\
        2014--2016 & Research Assistant, Lorem Labs \\
        \end{tabular}
        \end{document}
        """)
    assert [(p.title, p.organization, p.unit, p.location, p.description) for p in r.positions] == [
        ("Postdoctoral Scholar", "University of Lakeview", "Becker Institute", None, None),
        ("Research Fellow", "University of Westmarch", "Department of Economics", "UK", None),
        ("Research Assistant", "Lorem Labs", None, None, None)]
