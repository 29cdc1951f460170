"""Rules found in session 26's Markdown pass: a fresh batch of CV pages kept in repositories
(R Markdown pagedown résumés, Quarto and academic-site CV pages), whose error causes were counted
over the batch and over every saved Markdown CV of earlier sessions. Each test is an invented CV in
the shape that showed the problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.Rmd", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


_PAGEDOWN = """
    ---
    title: "Jane Roe's CV"
    output:
      pagedown::html_resume:
        self_contained: true
    ---

    Main
    ================================================================================

    Jane Roe {#title}
    --------------------------------------------------------------------------------

    Marine ecologist working on fjord food webs.

    Education {data-icon=graduation-cap data-concise=true}
    --------------------------------------------------------------------------------

    ### Lakeside University

    PhD in Marine Ecology

    Brackwater, Norway `r emo::ji("Norway")`

    2019 - 2015

    ### Kestrel College

    B.Sc. in Biology

    N/A

    2014

    Professional Experience {data-icon=suitcase}
    --------------------------------------------------------------------------------

    ### Senior Analyst

    Ostrander Data Group

    N/A

    currently - 2019

    - Built forecasting tools for tidal data.
    - Led a team of four analysts.

    ### Field Technician

    Greyfield Consulting

    Fenwick, Norway

    09/17 - 04/16

    - Surveyed salmon habitats along the coast.

    Disclaimer {#disclaimer}
    --------------------------------------------------------------------------------

    Last updated on `r Sys.Date()`.
    """


def test_pagedown_entries_over_their_field_paragraphs_are_read_as_entries():
    record = _doc(_PAGEDOWN)
    degrees = {(e.institution, e.degree, e.start, e.end) for e in record.education}
    assert ("Lakeside University", "PhD in Marine Ecology", "2015", "2019") in degrees
    assert ("Kestrel College", "B.Sc. in Biology", None, "2014") in degrees
    assert len(record.education) == 2
    posts = {(p.title, p.organization): p for p in record.positions}
    assert set(posts) == {("Senior Analyst", "Ostrander Data Group"), ("Field Technician", "Greyfield Consulting")}
    analyst = posts["Senior Analyst", "Ostrander Data Group"]
    assert (analyst.start, analyst.current) == ("2019", True)      # "currently - 2019" is written latest first
    assert "forecasting tools" in (analyst.description or "")
    technician = posts["Field Technician", "Greyfield Consulting"]
    assert (technician.start, technician.end) == ("2016-04", "2017-09")   # "09/17 - 04/16": month and short year
    assert technician.location == "Fenwick, Norway"
    # "N/A" is no field, and knitr's inline code prints a value, not text of the source
    dumped = record.model_dump_json()
    assert "N/A" not in dumped and "emo::ji" not in dumped and "Sys.Date" not in dumped
    # the setext headings with attributes are headings: nothing of "Disclaimer" is a language or an entry
    assert not record.languages


def test_a_heading_over_prose_a_list_or_a_date_alone_is_left_as_it_was():
    # a "###" heading is an entry only when short field paragraphs end in a date under it: a
    # group heading over prose, over a list of dated posts, or a year heading is read as before
    record = _doc("""
        ## Research Experience

        ### Fjord ecology group

        I study how tidal mixing shapes food webs in shallow fjords, using moorings and models.

        ### Lakeside University

        - 2018 - 2020: Teaching Assistant, Department of Biology
        - 2016 - 2018: Research Intern, Marine Station

        ### 2015

        Kestrel College
        """, name="cv.md")
    posts = [(p.organization, p.title, p.unit, p.start, p.end) for p in record.positions]
    assert posts == [("Fjord ecology group", None, None, None, None),
                     ("Lakeside University", "Teaching Assistant", "Department of Biology", "2018", "2020"),
                     ("Lakeside University", "Research Intern", "Marine Station", "2016", "2018"),
                     ("Kestrel College", None, None, "2015", None)]
    assert record.positions[0].description.startswith("I study how tidal mixing")


def test_pagedown_publication_entry_keeps_its_title():
    record = _doc("""
        ## Publications {data-icon=book}

        ### Tidal mixing in shallow fjords

        Journal of Coastal Lorem, 14:e113

        N/A

        2024
        """)
    assert [p.title for p in record.publications] == ["Tidal mixing in shallow fjords"]


def test_labelled_bullets_under_interests_name_areas_kinds_skills_and_languages():
    record = _doc("""
        # Jane Roe

        Research Interests
        ======
        * **Tidal Modelling:** Mixing, Shallow fjords, Mooring arrays, Numerical models, Data assimilation
        * **Food Webs:** Cod, Plankton

        Interests
        ======
        * **Research:** Coastal Policy; Fisheries Economics
        * **Teaching:** Field Methods; Marine Statistics & Data Analysis; Scientific Writing for Ecologists

        Skills & Interests
        ======
        * Technical: C/C++, python, ...
        * Language: native Portuguese speaker, English (TOEFL-100)
        * Interests: sailing, chess
        """, name="cv.md")
    interests = record.person.interests
    for topic in ("Tidal Modelling", "Mixing", "Data assimilation", "Food Webs", "Plankton", "Coastal Policy",
                  "Scientific Writing for Ecologists", "Sailing", "Chess"):
        assert topic in interests
    # "Research:" and "Teaching:" name the kind of interest; skills and languages are no interests
    assert not any(":" in t for t in interests)
    assert not {"Research", "Teaching", "C/C++", "python", "English"} & set(interests)
    assert {"C/C++", "python"} <= set(record.skills)
    assert {"Portuguese", "English"} <= set(record.languages)


def test_tex_register_lengths_and_pointer_lines_are_no_works():
    record = _doc("""
        # Publications

        An updated list sits online.

        \\begingroup
        \\setlength{\\parindent}{-0.5in}
        \\setlength{\\leftskip}{0.5in}

        [Google Scholar Profile](https://scholar.example.org/citations?user=LOREM)

        **Roe, J. A.**, & Poe, B. (2020). Mixing in shallow fjords. *Fjord Letters*, *2*(1), 1--9.

        Roe, J. A., Doe, C., & Poe, B. (2019). Cod habitats along the coast. *Lorem Ecology*, *8*, 11--19.

        \\endgroup
        """)
    assert [p.title for p in record.publications] == ["Mixing in shallow fjords", "Cod habitats along the coast"]
    assert "setlength" not in record.model_dump_json()
