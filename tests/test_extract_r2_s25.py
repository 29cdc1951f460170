"""Rules of session 25's second round: causes each seen in one or two CVs of the session's fresh
batches, counted again over every saved real CV (the pool) and fixed in order of the CVs showing
them. Each test is an invented CV in the shape that showed the problem; names, places and
organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def test_level_notes_leave_languages_the_name_list_does_not_hold():
    # a level after a language that is not in the list of known names: bracketed, after a dash,
    # after Pandoc's "---" and after a colon
    record = _doc("""
        # Alma Quillfeather

        ## Skills

        * Programming: Python, Julia, SQL
        * Languages: English (Native), Ewe (Native), Dagbani (Intermediate)

        ## Languages

        **Quechua** --- Fluent (B2 level)<br>
        **Spanish** --- Fluent (C1 level)<br>
        Old Norse - reading<br>
        """)
    assert record.languages == ["English", "Ewe", "Dagbani", "Quechua", "Spanish", "Old Norse"]
    assert "Python" in record.skills


def test_level_after_a_colon_leaves_an_unlisted_language_in_latex(tmp_path):
    record = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\huge Tomas Ferrandiz}
        \section*{Education}
        Ph.D. in Linguistics, University of Eastvale, 2021
        \section*{Languages}
        \begin{itemize}
            \item \textbf{English:} Full professional proficiency
            \item \textbf{Tigrinya:} Limited working proficiency
            \item \textbf{Lingala:} Mother tongue
        \end{itemize}
        \end{document}
        """)
    assert record.languages == ["English", "Tigrinya", "Lingala"]


def test_an_unlisted_language_with_no_level_note_is_kept_whole():
    # guards: a name with a year or a note that is no level stays as written; a programming
    # language with a level is not turned into a spoken one's name
    from mappers.extract.text import _language_name
    assert _language_name("Wolof (2019)") == "Wolof (2019)"
    assert _language_name("Python (advanced)") == "Python (advanced)"
    assert _language_name("Wolof") == "Wolof"


def test_a_post_glossed_in_brackets_is_no_organization():
    # "Post (the same post said another way)" over the organization's line: the bracket is no title
    # and the post's name no organization
    record = _doc("""
        # Ines Varlowe

        Work experience
        ======
        * 2019- current: Chargée de recherche (tenured researcher)
          * Institut Morvanel, Orlanne

        * 2016-2019: Research Fellow (postdoc)
          * University of Quenby (UK)

        * 2014-2016: Brackwater Research Institute (Visiting Scholar)
        """)
    posts = [(p.organization, p.title) for p in record.positions]
    assert posts[0][0] == "Institut Morvanel" and posts[0][1].startswith("Chargée de recherche")
    assert posts[1] == ("University of Quenby", "Research Fellow (postdoc)")
    # guard: an organization, then a post in brackets, is read as before
    assert posts[2] == ("Brackwater Research Institute", "Visiting Scholar")


def test_talks_written_as_references_have_their_titles_not_their_authors():
    # talks listed like references, the authors first: APA with the year in brackets, the year
    # after an inverted name, and Vancouver names before a quoted title
    record = _doc("""
        # Maren T. Oskarsdottir

        ## Presentations

        **Oskarsdottir, M.T.**, Fenwick, D.R., Laughlin, P. (2024). *Seasonal drift in upland peat carbon*. Society for Wetland Studies, Boulder, CO.

        **Oskarsdottir, MT**. 2019. Grazing pressure and moss cover on northern heaths. Highland Ecology Forum. (Poster presentation)

        Oskarsdottir MT and Fenwick DR "Nitrogen pulses after snowmelt in alpine soils." Nordic Soil Days, June 2017, Tromsvik

        Invited talk: Moss, mud and microbes, Lakeside Ecology Seminar, 2016
        """)
    talks = [(t.title, t.host, t.date) for t in record.talks]
    assert talks[0] == ("Seasonal drift in upland peat carbon", "Society for Wetland Studies, Boulder, CO", "2024")
    assert talks[1][0] == "Grazing pressure and moss cover on northern heaths"
    assert talks[1][1].startswith("Highland Ecology Forum") and talks[1][2] == "2019"
    assert talks[2][0] == "Nitrogen pulses after snowmelt in alpine soils"
    assert talks[2][1].startswith("Nordic Soil Days") and talks[2][2].startswith("2017")
    # guard: a talk that names no authors keeps its own reading
    assert not any("Oskarsdottir" in (t.title + (t.host or "")) for t in record.talks)
    assert len(record.talks) == 4 and "Moss, mud and microbes" in record.talks[3].title


def test_pandoc_triple_hyphens_part_fields_like_an_em_dash():
    # a Quarto CV whose lines are "**Title** --- Organization, Country [dates]{.cv-date}" and
    # "**Category** --- items": "---" is Pandoc's em dash
    record = _doc("""
        ---
        title: "Curriculum Vitae"
        ---

        Odile FERRANTE | <odile@example.org> | Turin, Italy<br><br>

        ## Experience

        **Pricing Analyst Intern** --- Quillmart, Italy [2023 -- 2024]{.cv-date}<br>
        **Junior Data Engineer** --- Brackenfold Systems, Portugal [2019 -- 2021]{.cv-date}<br>

        ## Skills

        **Programming** --- Python, R, Julia<br>
        **Data Tools** --- Airflow, DuckDB, Spark<br>

        ## Awards

        **Lorem Merit Scholarship** --- by the University of Eastvale [2020 -- 2022]{.cv-date}<br>
        """, name="cv.qmd")
    posts = [(p.title, p.organization, p.location, p.start, p.end) for p in record.positions]
    assert posts == [("Pricing Analyst Intern", "Quillmart", "Italy", "2023", "2024"),
                     ("Junior Data Engineer", "Brackenfold Systems", "Portugal", "2019", "2021")]
    assert record.skills == ["Python", "R", "Julia", "Airflow", "DuckDB", "Spark"]
    # the span of years after the giver is the award's period, no part of its name
    assert [(a.name, a.year) for a in record.awards] == [("Lorem Merit Scholarship — by the University of Eastvale", "2020")]


def test_triple_hyphens_between_dates_stay_a_span():
    # guard: "2019.09 --- 2021.06" is a span of dates, not two fields
    record = _doc("""
        # Wen Ardley

        ## Experience

        **Research Assistant** --- 2019.09 --- 2021.06 $\\hfill$ _Lorem Institute of Technology_, Eastvale
        """)
    assert [(p.start, p.end) for p in record.positions] == [("2019-09", "2021-06")]


def test_latex_post_line_then_sentences_describing_it(tmp_path):
    # "Org (City), {Role} \hfill date \\ sentence": the sentence under the line is the post's
    # description, not its organization
    record = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\huge Petra Lindqvist}
        \section*{Education}
        Ph.D. in Operations Research, University of Eastvale, 2023
        \section*{Industry Experience}
        \begin{itemize}
        \item  Quillon Analytics Lab (Boston), {Research Intern} \hfill Summer 2022\\[1ex]
        Worked with Mara Tellis on fast solvers for sparse transport problems arising in logistics. A paper on the method is in preparation.

        \item Lorem Institute of Technology (LIT), {Research Engineer} \hfill July 2018 -- Aug.\ 2020
        \end{itemize}
        \end{document}
        """)
    posts = [(p.organization, p.title, p.start) for p in record.positions]
    assert posts == [("Quillon Analytics Lab (Boston)", "Research Intern", "2022"),
                     ("Lorem Institute of Technology (LIT)", "Research Engineer", "2018-07")]
    assert record.positions[0].description.startswith("Worked with Mara Tellis")
