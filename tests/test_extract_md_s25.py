"""Rules found in session 25's Markdown/HTML pass: a fresh batch of CV pages kept in repositories
(Quarto and R Markdown CVs, academic-site CV pages), whose error causes were counted over the batch
and over every saved Markdown/HTML CV of earlier sessions. Each test is an invented CV in the shape
that showed the problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.qmd", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


def _all_text(record) -> str:
    return record.model_dump_json()


def test_quarto_and_rmarkdown_code_chunks_are_no_entries():
    # a data-driven CV: each section printed by a chunk of R or Python from a spreadsheet
    record = _doc("""
        ---
        title: "Curriculum Vitae"
        format: html
        ---

        ```{r}
        #| label: setup
        #| include: false
        library(dplyr)
        cv_entries <- readr::read_csv("data/entries.csv")
        ```

        ## Employment

        ```{r}
        #| results: asis
        print_section("employment", separate_line = FALSE)
        ```

        ## Publications

        ``` {r pubs, echo=FALSE}
        print_refs("papers.bib")
        ```

        ## Grants Awarded

        ```{python}
        #| echo: false
        for g in grants:
            print(f"**{g['name']}** ({g['year']})")
        ```

        ## Teaching

        ~~~{.python}
        glue_data("{what}, {where}")
        ~~~

        - Introduction to Lorem Statistics, Ipsum College, 2021
        """)
    assert record.positions == []
    assert record.publications == []
    assert record.awards == []
    assert [t.course for t in record.teaching] == ["Introduction to Lorem Statistics"]
    dump = _all_text(record)
    for code in ("print_section", "results: asis", "{r}", "print_refs", "{python}", "glue_data"):
        assert code not in dump


def test_raw_html_blocks_are_read_and_embedded_page_fallbacks_dropped():
    record = _doc("""
        ### Education

        **Vellano Institute of Technology** — Lorem City

        Doctorate in Lorem Studies, to finish June 2030

        ### Technical Skills

        **Languages:** R, Python, Julia

        ```{=html}
        <iframe src="cv.pdf" width="100%" height="800px">
          <p>This viewer cannot show the file.
          <a href="cv.pdf">Fetch the document here.</a></p>
        </iframe>
        ```
        """)
    assert record.skills == ["R", "Python", "Julia"]
    dump = _all_text(record)
    assert "=html" not in dump
    assert "cannot show the file" not in dump
    assert "Fetch the document" not in dump


def test_a_cv_typeset_in_a_plain_fenced_block_is_still_read():
    # a plain fence ("```" or "```text") is no code chunk: its text is the CV
    record = _doc("""
        ```text
        Tobin Marrow
        tobin.marrow@example.org

        EXPERIENCE

        2019-2023    Lorem Analytics, Senior Engineer
        ```
        """, name="resume.md")
    assert record.person.emails == ["tobin.marrow@example.org"]
    assert [(p.organization, p.start) for p in record.positions] == [("Lorem Analytics", "2019")]


def test_an_unclosed_chunk_fence_leaves_the_rest_of_the_page():
    record = _doc("""
        ## Education

        ```{r}
        - Ph.D. in Botany, Ipsum University, 2015
        - M.S. in Botany, Ipsum University, 2011
        """)
    assert [e.end for e in record.education] == ["2015", "2011"]


def test_a_label_over_a_group_of_works_is_no_work():
    # a plain label line, an italic status label, a numbered label and a table header over references
    record = _doc("""
        # Ada Lorem

        ## Publications

        Original Research

        Lorem A, Ipsum B, and Dolor C "Peptides in tunable solvents" J. Chem. Phys. 150, 104501 (2019)

        Work in Progress

        “Blending limiters for fast schemes.” with Ipsum B and Dolor C

        *In prep*

        * Lorem A., Ipsum B. Exploring the niche of things. Written for: *Frontiers in Stuff*.

        1. Periodicals

        - **Lorem, A.**, Ipsum, B. (2018). A study of things. *Journal of Stuff*.
        """, name="cv.md")
    assert [p.title for p in record.publications] == [
        "Peptides in tunable solvents",
        "Blending limiters for fast schemes",
        "Exploring the niche of things",
        "A study of things",
    ]


def test_bare_titles_not_over_a_reference_stay_works():
    # a list of bare short titles (no reference under them) is left as it is
    record = _doc("""
        # Ada Lorem

        ## Publications

        + Lorem Naturalist
        + Ipsum Letters
        """, name="cv.md")
    assert [p.title for p in record.publications] == ["Lorem Naturalist", "Ipsum Letters"]


def test_inline_tex_in_a_pandoc_markdown_cv_is_read_as_its_text():
    # layout commands in a row on a line, a TeX logo, a French quotation, a forced line break in a title
    record = _doc(r"""
        # Ada Lorem

        \noindent\rule{0.8\linewidth}{0.4pt}

        ## Skills

        - $\LaTeX$
        - Office et \LaTeX

        ## Honors

        - Prix de thèse, catégorie \og Lorem et Ipsum \fg, 2014

        ## Publications

        - **A. Lorem**, B. Ipsum. Velocity spikes seen by a probe \\and bright points seen by a camera. *Lorem Journal*, 2021.
        """, name="cv.md")
    assert record.skills == ["LaTeX", "Office et LaTeX"]
    assert [a.name for a in record.awards] == ["Prix de thèse, catégorie “Lorem et Ipsum”"]
    assert [p.title for p in record.publications] == [
        "Velocity spikes seen by a probe and bright points seen by a camera"]
    assert "rule" not in record.model_dump_json()


def test_a_school_then_the_universitys_acronym_names_the_university_as_employer():
    record = _doc("""
        # Ada Lorem

        ## Current position

        **Lecturer**, School of Lorem and Ipsum, UNVL, 2026–present

        ## Experience

        - 2020 - 2024: Research Assistant, Faculty of Dolor Studies, TUQ
        """, name="cv.md")
    assert [(p.title, p.organization, p.unit) for p in record.positions] == [
        ("Lecturer", "UNVL", "School of Lorem and Ipsum"),
        ("Research Assistant", "TUQ", "Faculty of Dolor Studies"),
    ]


def test_a_postdoctoral_research_heading_lists_posts():
    record = _doc("""
        ---
        layout: archive
        title: "CV"
        ---

        Postdoctoral Research
        ======
        * May 2016 - July 2018: Postdoctoral researcher, Department of Lorem, Ipsum State University
        \t* Advisor: Dr. Ada Roe

        Education
        ======
        * Ph.D. in Ecology, University of Dolor, 2016
        """, name="cv.md")
    assert [(p.title, p.organization, p.start) for p in record.positions] == [
        ("Postdoctoral researcher", "Ipsum State University", "2016-05")]


def test_pandoc_unnumbered_marks_and_kramdown_attribute_lists_are_no_text():
    record = _doc("""
        # Ada Lorem

        ## Education

        - B.Sc. in Lorem, University of Ipsum, 2017
          - [Grade sheet](grades.pdf){: .btn .btn--black target="_blank" }

        ## Talks {-}

        - Ipsum methods, Lorem Workshop, Vellano, 2019
        """, name="cv.md")
    assert "{:" not in record.model_dump_json() and "{-}" not in record.model_dump_json()
    assert len(record.talks) == 1 and record.talks[0].title.startswith("Ipsum methods")


def test_a_bold_post_with_its_dates_floated_right_is_an_entry_not_a_heading():
    # Quarto/Bootstrap: the dates in '<span class="float-end">'; the bold titles start like headings
    record = _doc("""
        ## Experience

        **Graduate Research Assistant** <span class="float-end">2020–2021</span>\\
        *Lorem Lab, Department of Ipsum, Dolor State University*\\
        Collected and analysed stream data.

        **Teaching Assistant** <span class="float-end">2019–2020</span>\\
        *Department of Ipsum, Dolor State University*\\
        Taught two sections of an ecology lab.

        **Undergraduate Researcher** <span class="float-end">2016–2018</span>\\
        *Department of Vellum Studies, Quill Tech University*\\
        Sorted and identified samples.
        """)
    assert [(p.title, p.start, p.end) for p in record.positions] == [
        ("Graduate Research Assistant", "2020", "2021"),
        ("Teaching Assistant", "2019", "2020"),
        ("Undergraduate Researcher", "2016", "2018"),
    ]
    assert record.teaching == []


def test_dates_in_brackets_opening_a_list_item_are_its_date_column():
    record = _doc("""
        ## Education
        - [2021 - 2025] — **PhD in Lorem Sciences**
          Lorem University of Ipsum, England, UK.
        - [2020 - 2021] - **MSc in Mathematics**
          Lorem University of Ipsum, England, UK.

        ## Work Experience
        - [2022, 2023, 2024] — **Seasonal intern: Risk analyst**
          Dolor Capital, London

        ## Academic positions
        - [2022-] **Guest doctoral researcher with the Vellum Institute**
          University of Quill, England, UK.
        """, name="cv.md")
    assert [(e.degree, e.start, e.end) for e in record.education] == [
        ("PhD in Lorem Sciences", "2021", "2025"), ("MSc in Mathematics", "2020", "2021")]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in record.positions] == [
        ("Seasonal intern: Risk analyst", "Dolor Capital", "2022", "2024", False),
        ("Guest doctoral researcher", "University of Quill", "2022", None, True),
    ]


def test_programming_languages_listed_with_spoken_ones_are_skills():
    record = _doc("""
        Education
        ======
        * Ph.D. in Lorem, University of Ipsum, 2024

        Languages
        ======
        * Python
        * Stata
        * English
        * Portuguese
        """, name="cv.md")
    assert record.languages == ["English", "Portuguese"]
    assert record.skills == ["Python", "Stata"]


def test_a_sub_heading_naming_only_a_scope_is_no_service_or_teaching_entry():
    record = _doc("""
        # Ada Lorem

        ## Service

        ### Departmental

        - Graduate admissions committee, 2019-2021

        ### University

        - Faculty senate, 2020-2022

        ## Teaching Experience

        ### Semester

        Lecturer, Data Analysis, Department of Lorem, Ipsum University, Fall 2019
        """, name="cv.md")
    assert [s.role for s in record.service] == ["Graduate admissions committee", "Faculty senate"]
    assert [t.course for t in record.teaching] == ["Data Analysis, Department of Lorem"]
