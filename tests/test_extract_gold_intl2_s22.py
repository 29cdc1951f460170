"""Session 22 (second gold pass, CVs not in English): CVs in German, Spanish, Chinese and Korean
sampled from researchers' GitHub repositories (Markdown, Pandoc Markdown, LaTeX moderncv and
res.cls) were read against a careful reading (a gold record per CV) and scored field by field.
Each test is an invented snippet in the shape of an error found there; names, titles, venues
and organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.fields import find_period, split_affiliation
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _tex(body: str) -> SourceDocument:
    head = "\\documentclass{moderncv}\n\\moderncvstyle{classic}\n\\firstname{Alma}\\familyname{Quell}\n\\begin{document}\n"
    return _doc(head + textwrap.dedent(body).lstrip("\n") + "\n\\end{document}\n", "cv.tex", "latex")


# --- dates ----------------------------------------------------------------------------------
def test_full_dates_year_first_make_a_range():
    """"2020.09.24 - 2023.09.22" (a Chinese CV's day-exact dates) gave the start only and left
    ".24 - 2023.09.22" to the text; the same with "-" and "/" between the parts."""
    assert find_period("2020.09.24 - 2023.09.22")[0] == ("2020-09", "2023-09", False)
    assert find_period("2023.12.01 - 至今")[0] == ("2023-12", None, True)
    assert find_period("2024-04-10 - 2026-12-31")[0] == ("2024-04", "2026-12", False)
    assert find_period("2019/03/01 - 2020/02/28")[0] == ("2019-03", "2020-02", False)
    # (a year and a month alone, and mixed separators, read as before)
    assert find_period("2019.9-2020.1")[0] == ("2019-09", "2020-01", False)
    assert find_period("2019-09")[0] == ("2019-09", None, False)


def test_day_first_dates_with_one_digit_month():
    """German "16.3.2007" (day, month, year) was no date: a dated talk had no year."""
    assert find_period("16.3.2007")[0] == ("2007-03", None, False)
    assert find_period("01.09.2019 - 31.08.2021")[0] == ("2019-09", "2021-08", False)
    assert find_period("1.2.3.2019") is None


# --- headings -------------------------------------------------------------------------------
def test_german_and_spanish_headings():
    for heading, kind in [("Akademische Grade", "education"), ("Schulische Ausbildung", "education"),
                          ("Otra Formación Académica", "education"), ("Berufstätigkeit", "positions"),
                          ("Situación Profesional Actual", "positions"), ("Actividades Anteriores", "positions"),
                          ("Publicaciones en Revistas", "publications"), ("Capítulos de Libros", "publications"),
                          ("Tecnologías", "skills"), ("Habilidades técnicas", "skills"), ("Wettbewerbe", "awards"),
                          ("服务经历", "service"), ("Zur Person", "contact")]:
        assert classify_heading(heading) == kind, heading


def test_aside_after_a_foreign_heading():
    """"Auswärtige Vorträge (Auswahl)": "(a selection)" is no part of the heading."""
    assert classify_heading("Auswärtige Vorträge (Auswahl)") == "talks"
    assert classify_heading("Publicaciones (selección)") == "publications"
    assert classify_heading("Vorträge (2019)") is None      # (a date in brackets is kept: not an aside)


def test_memberships_beside_hobbies_name_no_kind():
    """"Mitgliedschaften und Freizeitinteressen": memberships (service) and hobbies (interests)
    together; the sports club and the piano are not service."""
    assert classify_heading("Mitgliedschaften") == "service"
    assert classify_heading("Mitgliedschaften und Freizeitinteressen") is None


def test_combined_english_headings_keep_their_kind():
    assert classify_heading("Skills and Certifications") == "skills"
    assert classify_heading("Education and Training") == "education"
    assert classify_heading("Awards and Honors") == "awards"


# --- LaTeX ----------------------------------------------------------------------------------
def test_babel_german_quotes_and_host_before_the_quoted_title():
    """moderncv `\\cvitem{16.3.2007}{Universität Lorvan: "`Title"'}` (ngerman's shorthand quotes):
    the quotes were left as `"\\`` and `"'`, so the whole line was the title and no host."""
    r = extract(_tex(r'''
        \section{Berufstätigkeit}
        \cvitem{seit August 2007}{Research Fellow \\
        (School of Physics, University of Ipswold)}
        \section{Auswärtige Vorträge (Auswahl)}
        \cvitem{16.3.2007}{Universität Lorvan: "`Gitter und Symmetrie"'}
        \cvitem{6.11.2008}{University of Kestrel, Ambry: "`Short words in
        braid groups"'}
        '''))
    assert [(t.title, t.host, (t.date or "")[:4]) for t in r.talks] == [
        ("Gitter und Symmetrie", "Universität Lorvan", "2007"),
        ("Short words in braid groups", "University of Kestrel, Ambry", "2008")]


def test_moderncv_post_over_bracketed_organization():
    """`\\cvitem{1997 -- 2003}{Post \\\\ (Unit, Organization)}`: three of five posts were lost and
    two had the post and the place together as the organization."""
    r = extract(_tex(r'''
        \section{Berufstätigkeit}
        \cvitem{1992 -- 1997}{Studentische Hilfskraft für die Übungen
        zur Analysis \\
        (Fakultät für Physik, Universität Lorvan)}
        \cvitem{1997 -- 2003}{Wissenschaftlicher Angestellter \\
        (am Lehrstuhl B für Physik der TU Kestel)}
        \cvitem{seit August 2007}{Research Fellow \\
        (School of Physics, University of Ipswold)}
        '''))
    got = [(p.title, p.organization, p.unit, p.start, p.end, p.current) for p in r.positions]
    assert got == [
        ("Studentische Hilfskraft für die Übungen zur Analysis", "Universität Lorvan", "Fakultät für Physik", "1992", "1997", False),
        ("Wissenschaftlicher Angestellter", "Lehrstuhl B für Physik der TU Kestel", None, "1997", "2003", False),
        ("Research Fellow", "University of Ipswold", "School of Physics", "2007-08", None, True)]


def test_units_named_in_other_languages():
    assert split_affiliation("Fakultät für Physik, Universität Lorvan") == ("Universität Lorvan", "Fakultät für Physik", None)
    assert split_affiliation("Departamento de Física, Universidad de Kestel") == \
        ("Universidad de Kestel", "Departamento de Física", None)
    assert split_affiliation("Lorem Metals, S.L.") == ("Lorem Metals, S.L.", None, None)


# --- education ------------------------------------------------------------------------------
def test_german_career_path_of_degrees():
    """"Akademischer Werdegang" (a career path: degrees and posts together): a Diplom and a
    course of study (Studium) went to positions, and the doctoral studies "am Institut … der
    Universität Y" took the next line's institution."""
    r = extract(_doc('''
        ## Akademischer Werdegang

        - **Juli 2017:** Dr. rer. nat. in Physik, Universität Lorvan (magna cum laude).
        - **Mai 2008 – September 2012:** Promotionsstudium am Physikalischen Institut der Universität Lorvan
        - **April 2008:** Diplom in Physik, Universität Kestel.
        - **Oktober 2003 – April 2008:** Studium der Physik (Nebenfach Chemie), Universität Kestel
        '''))
    assert r.positions == []
    got = [(e.degree, e.institution, e.start, e.end) for e in r.education]
    assert got[1] == ("Promotionsstudium", "Physikalischen Institut der Universität Lorvan", "2008-05", "2012-09")
    assert got[2] == ("Diplom in Physik", "Universität Kestel", None, "2008-04")
    assert len(got) == 4 and "Universität Kestel" in got[3][1] and got[3][2:] == ("2003-10", "2008-04")


def test_german_an_der_before_an_acronym_institution():
    r = extract(_doc('''
        ## Ausbildung

        - 1997 -- 2003: Promotionsstudium an der RWTH Lorvan
        '''))
    assert [(e.degree, e.institution) for e in r.education] == [("Promotionsstudium", "RWTH Lorvan")]


def test_chinese_field_space_degree():
    """`**物理学 博士**, *Department of Physics*, 东方大学, 日本`: a space between the field and
    the degree word; the whole line was the institution."""
    r = extract(_doc('''
        ## **教育经历**
        * 2020.09.24 - 2023.09.22
          * **材料学 博士**,  *Department of Physics*, 青川大学, 日本
        '''))
    got = [(e.degree, e.field, e.start, e.end) for e in r.education]
    assert got == [("博士", "材料学", "2020-09", "2023-09")]
    assert "青川大学" in r.education[0].institution


# --- positions ------------------------------------------------------------------------------
def test_definition_list_post_in_emphasis_opening_the_paragraph():
    """Pandoc definition lists "2007 - 2008" / ": Organization", then a paragraph opening with
    the post in emphasis, "*Post*. What was done …", hard-wrapped: the post was left in the
    description, or the first source line was the title and the next one a new entry."""
    r = extract(_doc('''
        Experiencia
        -----------

        2011 - 2012
        : Lorem Metals

        *Investigador*. Trabajo sobre planificación de turnos en la
        planta de laminado.

        2006 - 2006
        :   Universidad de Kestel

        *Profesor asociado*. Docente a media jornada del Área de
        Matemática Aplicada. Clases de Bases de Datos y
        Redes.

        2006 - 2006
        :   DOLOR, S.L.

        *Consultor I+D*. Prototipos de robots para pintar marcas viales.
        '''))
    got = [(p.title, p.organization, p.start, p.end) for p in r.positions]
    assert got == [("Investigador", "Lorem Metals", "2011", "2012"),
                   ("Profesor asociado", "Universidad de Kestel", "2006", "2006"),
                   ("Consultor I+D", "DOLOR, S.L.", "2006", "2006")]
    assert r.positions[1].description.startswith("Docente a media jornada del Área de Matemática Aplicada.")


# --- publications ---------------------------------------------------------------------------
def test_harvard_style_references():
    """Google Scholar's "Harvard" export, "Roe, A., Poe, B. and **Doe, J.**, 2021. Title. In
    Proceedings of …, ACM." (a Chinese CV's list): the whole reference was the title."""
    r = extract(_doc('''
        # Jia Doe

        ## 发表文章

        1. Roe, A., Poe, B. and **Doe, J.**, 2021. Lorem Ipsum: Dolor Sit Amet for Edge Networks. In Proceedings of the ACM Workshop on Lorem Systems (LS), ACM.

        1. **Doe, J.** and Roe A., 2020. Prophet: Toward Fast Lorem Prediction for Reactive Flows. In *Transactions on Lorem (TOL)*, IEEE/ACM, 1529-1538.
        '''))
    got = [(p.title, [a.name for a in p.authors], p.year) for p in r.publications]
    assert got == [("Lorem Ipsum: Dolor Sit Amet for Edge Networks", ["A. Roe", "B. Poe", "J. Doe"], "2021"),
                   ("Prophet: Toward Fast Lorem Prediction for Reactive Flows", ["J. Doe", "A. Roe"], "2020")]
    assert [a.is_subject for a in r.publications[0].authors] == [False, False, True]
    assert "Workshop on Lorem Systems" in r.publications[0].venue
    assert r.publications[1].venue.startswith("Transactions on Lorem")


def test_hard_wrapped_vancouver_references_in_a_loose_list():
    """A numbered list with a blank line between its items, each PubMed citation hard-wrapped
    with no indent (Markdown's lazy continuation): each source line was read as a reference of
    its own, and the PubMed identifiers were kept in the venue."""
    r = extract(_doc('''
        Publicaciones en Revistas
        -------------------------

        1.	Roe AF, Poe GF, Quell RG, Marsh EG, Dunn MG, et al. Lorem tags chromatin sites
        that lose methyl groups in ipsum cells. Genome Lorem. 2015 Jan;25(1):27-40. PubMed PMID: 11111111; PubMed Central
        PMCID: PMC2222222.

        2.	Vale AG, Roe HG, Stone A, Muir JI, Poe GF,
        Roe AF, Dunn MF. Ipsum X Receptor Agonist Modifies the Methylation Profile of Synapse
        Genes in a Mouse Model of Lorem
        Disease. J Mol Lorem. 2015 Nov 9. [Epub ahead of print] PubMed PMID:
        33333333.
        '''))
    got = [(p.title, p.venue, p.year, len(p.authors)) for p in r.publications]
    assert got == [("Lorem tags chromatin sites that lose methyl groups in ipsum cells", "Genome Lorem", "2015", 5),
                   ("Ipsum X Receptor Agonist Modifies the Methylation Profile of Synapse Genes in a Mouse Model of Lorem Disease",
                    "J Mol Lorem", "2015", 7)]


def test_bold_group_labels_and_numbered_documents():
    """"* **网络标准**" over a nested numbered list (the nested indent lost), and items
    "**RFC 9999** - Title. 2022, Sept." (a document's series and number in bold, a dash, the
    title): the labels were read as publications and the items had the number as their title."""
    r = extract(_doc('''
        # Jia Doe

        ## 发表文章

        * **网络标准**

            1. **RFC 9999** - Lorem Extension: Path Ipsum. 2022, Sept.

            1. **Active Draft (Working Group Call)** - Dolor Models for the Lorem Protocol. 2024, Jan.

        * **Internet Standards Track**

            1. **Doe, J.** and Roe A., 2020. Prophet: Toward Fast Lorem Prediction for Reactive Flows. In *Transactions on Lorem (TOL)*, IEEE/ACM.
        '''))
    got = [(p.title, p.venue, p.year) for p in r.publications]
    assert got[:2] == [("Lorem Extension: Path Ipsum", "RFC 9999", "2022"),
                       ("Dolor Models for the Lorem Protocol", "Active Draft", "2024")]
    assert [p.title for p in r.publications][2:] == ["Prophet: Toward Fast Lorem Prediction for Reactive Flows"]


def test_short_bold_title_over_its_authors_is_no_group_label():
    """(the rule above must not take a short bold title, with its authors and venue nested
    under it, for a group label)"""
    r = extract(_doc('''
        # Jia Doe

        ## Publications

        1. **Fast Lorem Queries on Large Graphs**
          - **Jia Doe**, Ann Roe, Ben Poe, Cas Moss, Dan Quell
          - <i>Proceedings of IEEE Conference on Lorem Protocols (**LCP**), 2016</i>
        '''))
    assert [(p.title, p.year) for p in r.publications] == [("Fast Lorem Queries on Large Graphs", "2016")]


# --- awards ---------------------------------------------------------------------------------
def test_labelled_lines_nested_under_a_grant_are_its_details():
    """"* 青川大学人才基金项目 (**主持**)" / "  * 项目名: …" / "  * 时间: 2024.04.10 - 2026.12.31": the
    project's name and dates, nested under the grant, were read as awards of their own."""
    r = extract(_doc('''
        ## **基金项目**
        * 青川大学人才基金项目 (**主持**)
          * 项目名: 量子信息中的理论问题研究
          * 时间: 2024.04.10 - 2026.12.31

        * Lorem Foundation Early Career Grant (PI)
          * Amount: 100k EUR
          * Period: 2023 - 2025
        '''))
    assert [(a.name, a.year) for a in r.awards] == [("青川大学人才基金项目 (主持)", "2024"),
                                                    ("Lorem Foundation Early Career Grant", "2023")]


def test_several_dated_degrees_under_one_school():
    """"* **青川大学**" then "*博士 (计算机科学)*, 2017.03 - 至今", "*硕士 …*", "*本科 …*": the third
    and later degrees waited for an institution below them that never came, and were lost."""
    r = extract(_doc('''
        教育经历
        ---------

        *   **青川大学**

            *博士 (材料学)*, 2017.03 - 至今

            *硕士 (材料学)*, 2015.09 - 2017.03

            *B.S. (Chemistry)*, 2011.09 - 2015.07
        '''))
    got = [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education]
    assert got == [("青川大学", "博士", "材料学", "2017-03", None), ("青川大学", "硕士", "材料学", "2015-09", "2017-03"),
                   ("青川大学", "B.S.", "Chemistry", "2011-09", "2015-07")]


def test_korean_department_after_the_university_is_the_field():
    r = extract(_doc('''
        ### 학력
        - 한빛대학교 산업공학과, 전자공학과(복수전공) (2015년 3월 - 2020년 2월)
        '''))
    assert [(e.institution, e.field, e.start, e.end) for e in r.education] == [("한빛대학교", "산업공학과", "2015-03", "2020-02")]


def test_rescls_school_line_then_its_dated_degree_line():
    """res.cls: "{\\bf Universidad} \\hfill {\\em Agosto 2015 - Presente} \\\\ Licenciatura …
    \\hfill {\\em Graduación estimada: 2019} \\\\ Promedio: 9.71": the degree's line, dated too,
    was split off as a second entry (the grade line its institution) and the school had no degree;
    beside an \\rSubsection the paragraph was dropped."""
    r = extract(_doc(r'''
        \documentclass{resume}
        \name{Ana Quell}
        \begin{document}
        \begin{rSection}{Educación}

        {\bf Universidad de Lorvan} \hfill {\em Agosto 2015 - Presente} \\
        Licenciatura en Física Teórica \hfill {\em Graduación estimada: 2019} \\
        Promedio actual: 9.1

        \begin{rSubsection}{Escuela de Verano Ipsum}{Julio 2016}{}{}
        Un curso intensivo de dos semanas sobre grafos.
        \end{rSubsection}

        \end{rSection}
        \begin{rSection}{Experiencia}

        \begin{rSubsection}{Universidad de Lorvan}{Agosto 2017 - Presente}{Ayudante de cátedra}{}
        \item Clases prácticas de programación funcional.
        \end{rSubsection}

        \end{rSection}
        \end{document}
        ''', "cv.tex", "latex"))
    # (with an \rSubsection beside it, the paragraph was dropped: loose text beside groups was not read)
    assert [(e.institution, e.degree, e.start, e.current) for e in r.education][:1] == [
        ("Universidad de Lorvan", "Licenciatura en Física Teórica", "2015-08", True)]
