"""Session 21 (gold pass, Markdown): Markdown, Quarto and R Markdown CV pages sampled from
researchers' GitHub repositories (CV.md, cv/index.md, cv.qmd, content/cv.md, resume.md) were
read against a careful reading (a gold record per CV) and scored field by field. Each test is an
invented snippet in the shape of an error found there; names, titles, venues and organisations
are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- Pandoc / Quarto markup: fenced divs and attribute blocks are layout --------------------
def test_quarto_column_divs_and_link_attributes_are_layout():
    """Quarto CVs set each entry in ":::: {.columns}" with a date column and a text column, and
    open links in a new tab with "{target="_blank"}": the fences and attributes are no text, so
    the dates stand over the entry and the organization is the link's words."""
    r = extract(_doc('''
        ---
        title: "CV"
        ---

        ## Experience

        :::: {.columns}
        ::: {.column width="15%"}
        2021 - 2024
        :::
        ::: {.column width="85%"}
        **Data Analyst**,
        [Lorem Bureau](https://lorem.example.org){target="_blank"}, Nantes.
        :::
        ::::

        :::: {.columns}
        ::: {.column width="15%"}
        2018 - 2021
        :::
        ::: {.column width="85%"}
        **Research Engineer**, [Ipsum Institute](https://ipsum.example.org){target="_blank"}, Lyon.
        :::
        ::::
        ''', name="cv.qmd"))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Data Analyst", "Lorem Bureau", "2021", "2024"), ("Research Engineer", "Ipsum Institute", "2018", "2021")]


def test_a_collapsed_callout_is_hidden_detail_not_a_section():
    """A paper's abstract in a collapsed callout ("::: {.callout-note collapse=true}" over
    "### Abstract"): its heading opens no section and its sentences are no papers, so the next
    paper is still read as one; a heading's own "{.unnumbered}" is no part of it."""
    r = extract(_doc('''
        ## Publications {.unnumbered}

        - Marlo Venn and Tessa Quill (2019). "Sparse Widgets for Lazy Queues". *[Journal of Widget Studies](https://jws.example.org){target="_blank"}*.

        ::: {.callout-note collapse=true}
        ### Abstract
        We study widgets. Lazy queues are everywhere and nobody has counted them.
        :::

        - Tessa Quill and Marlo Venn (2017). "Counting Quiet Queues". *Widget Letters*.
        ''', name="cv.qmd"))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Sparse Widgets for Lazy Queues", "Journal of Widget Studies", "2019"),
        ("Counting Quiet Queues", "Widget Letters", "2017")]


def test_a_bracketed_span_keeps_its_words():
    """"[**Reviewer for [Lorem Letters](url)**]{.content-visible when-profile="en"}" (a span shown
    in one language of a bilingual site): its words, without the brackets and attributes."""
    r = extract(_doc('''
        # Ines Varro

        ## Service

        - [**Reviewer for [Lorem Letters](https://ll.example.org){target="_blank"}**.
          ]{.content-visible when-profile="en"}
        - Reviewer for *Journal of Ipsum Counts*
        ''', name="cv.qmd"))
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Lorem Letters"), ("Reviewer", "Journal of Ipsum Counts")]


# --- Pandoc's escaped punctuation --------------------------------------------------------------
def test_pandoc_escaped_pipes_part_fields():
    """Pandoc writes a literal "|" as "\\|" ("**Lorem University** \\| Ghent, Belgium" over an
    indented "Ph.D. in Widget Science \\| September 2018 - June 2022"): the escape is the
    character, so the fields part and the degree is read."""
    r = extract(_doc(r'''
        ## Education

        -   **Lorem University** \| Ghent, Belgium

            Ph.D. in Widget Science \| September 2018 - June 2022

        -   **Ipsum Institute** \| Namur, Belgium

            M.S. in Statistics \| Specialization in Queues \| September 2016 - September 2018
        ''', name="cv.qmd"))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("Lorem University", "Ph.D. in Widget Science", "Widget Science", "2018-09", "2022-06"),
        ("Ipsum Institute", "M.S. in Statistics", "Statistics", "2016-09", "2018-09")]
