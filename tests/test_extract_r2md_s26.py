"""Rules found in session 26's second Markdown round: the error causes of five counted CV pages
(Quarto, R Markdown, academic-site Markdown) pooled over every saved real CV. Each test is an
invented CV in the shape that showed the problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.qmd", fmt: str = "markdown"):
    text = textwrap.dedent(text).lstrip("\n")
    return extract(SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text))


_GRID = """
    ---
    title: "Curriculum Vitae"
    ---

    # Mara Quillfeather

    ## Education

    ```{=html}
    <div style="display: grid; grid-template-columns: 70% 30%; gap: 1rem 2rem;">
        <div>
            <strong>M.S., Watershed Hydrology</strong><br>
            Department of Watershed Hydrology<br>
            Brindlemoor University<br>
            Hollowford, Oregon<br>
        </div>
        <div>2023</div>

        <div>
            <strong>Graduate Certificate, Soil Informatics</strong><br>
            Brindlemoor University<br>
            Hollowford, Oregon
        </div>
        <div>2022</div>

        <div>
            <strong>B.A., Geography</strong><br>
            Pellworth College<br>
            Dunmere, Maine
        </div>
        <div>2019</div>
    </div>
    ```

    ## Work History

    ```{=html}
    <div style="display: grid; grid-template-columns: 60% 40%; gap: 1rem 2rem;">

        <div>
            <strong>Wetland Data Analyst</strong><br>
            Quarry Creek Research Institute<br>
            Brindlemoor University<br>
            Hollowford, Oregon
        </div>
        <div>October 2023 – Present</div>

        <div>
            <strong>Stream Survey Technician</strong><br>
            Fernbank Conservation Trust<br>
            Dunmere, Maine
        </div>
        <div>May 2020 - September 2023</div>

        <div>
            <strong>Field Assistant</strong><br>
            Osprey Valley Institute<br>
            Tallow Rock, Idaho
        </div>
        <div>June 2019 - August 2019</div>
    </div>
    ```
"""


def test_html_grid_date_cell_dates_the_cell_before_it():
    """A two-column CSS grid in raw HTML (Quarto's ```{=html} block): each entry cell is followed
    by its date cell. Read line by line, each date opened the next entry (every post got the
    next one's dates and the place line of the one before)."""
    r = _doc(_GRID)
    posts = [(p.title, p.organization, p.start, p.end, p.current, p.location) for p in r.positions]
    assert posts == [
        ("Wetland Data Analyst", "Quarry Creek Research Institute", "2023-10", None, True, "Hollowford, Oregon"),
        ("Stream Survey Technician", "Fernbank Conservation Trust", "2020-05", "2023-09", False, "Dunmere, Maine"),
        ("Field Assistant", "Osprey Valley Institute", "2019-06", "2019-08", False, "Tallow Rock, Idaho"),
    ]
    degrees = [(e.degree, e.field, e.institution, e.end) for e in r.education]
    assert degrees == [
        ("M.S.", "Watershed Hydrology", "Brindlemoor University", "2023"),
        ("Graduate Certificate", "Soil Informatics", "Brindlemoor University", "2022"),
        ("B.A.", "Geography", "Pellworth College", "2019"),
    ]


def test_html_grid_with_dates_first_is_left_alone():
    """A grid whose date cells come first ("<div>2020</div>" then the entry's cell) pairs each
    date with the cell after it: the date-after rule must not move a date to the entry before."""
    text = """
        # Mara Quillfeather

        ## Work History

        <div class="grid">
            <div>2021 - 2023</div>
            <div>
                <strong>Stream Survey Technician</strong><br>
                Fernbank Conservation Trust<br>
            </div>
            <div>2019 - 2020</div>
            <div>
                <strong>Field Assistant</strong><br>
                Osprey Valley Institute<br>
            </div>
        </div>
    """
    from mappers.extract.sections import _grid_date_cells
    body = textwrap.dedent(text)
    assert _grid_date_cells(body) == body


_RMD_LATEX = r"""
    ---
    output:
      pdf_document:
        latex_engine: xelatex
        template: "./cv-template.tex"
    name: "Tamsin Orrevale"
    title: "Doctoral Researcher"
    contact:
      - text: "t.orrevale@quellmark.example"
        link: "mailto:t.orrevale@quellmark.example"
        icon: "Envelope"
    #  - text: "Old site"
    #    link: "https://old.quellmark.example/~torrevale"
      - text: "torrevale"
        link: "https://github.com/torrevale"
        icon: "Github"
      - text: "0000-0002-1825-0097"
        link: "https://orcid.org/my-orcid?orcid=0000-0002-1825-0097"
        acad: "Orcid"
      - text: "Website"
        link: "Torrevale.github.io"
        icon: "Globe"
    ---

    # Summary

    Plant virologist. \small Virus ecology \hspace{.03in} \textbullet \hspace{.03in} Host range

    # Grants

    \normalsize Quellmark Travel Grant (€2,500) \hfill 2023 \thinspace

    \phantom{.5in} \small Role: Visiting Researcher

    # Service

      \textbullet{} Treasurer, Lorem Student Council \hfill 2022-Present \thinspace

      \textbullet{} Workshop Chair, Ipsum Virology Days \hfill 2020-2021 \thinspace

    # Presentations

    ## Invited talks

    \normalsize

    Tracing hosts of plant viruses in wetland soils

    \vspace{-.07in} \hfill \small 3-5 June 2024 \thinspace

    \phantom{.5in} \textbullet{} \small Meadowbrook Virus Meeting 2024, Dunmere, Portugal

    # Honors and Awards

    \noindent\textit{(selected)}

    \textbullet{} Best Poster Award, Ipsum Virology Days 2021 \thinspace

    \textbullet{} Quellmark Doctoral Scholarship, 2019-2022
"""


def test_rmarkdown_latex_template_bullets_spaces_and_contact_list():
    """An R Markdown CV written for a LaTeX template: '\\textbullet{}' opens list items, '\\phantom{…}'
    indents a detail line, '\\hspace{…}' and '\\vspace{…}' print no text, '(selected)' notes the list
    is a selection, 'Role:' under a grant is no grant, and the contacts are a YAML 'contact:' list in
    the front matter (a commented-out item is no contact)."""
    r = _doc(_RMD_LATEX, name="cv.Rmd")
    assert r.person.emails == ["t.orrevale@quellmark.example"]
    assert r.person.profiles == ["https://github.com/torrevale", "https://orcid.org/0000-0002-1825-0097"]
    assert r.person.homepage == "https://torrevale.github.io"
    assert [(a.name, a.year) for a in r.awards] == [
        ("Quellmark Travel Grant", "2023"),
        ("Best Poster Award, Ipsum Virology Days", "2021"),
        ("Quellmark Doctoral Scholarship", "2019"),
    ]
    assert [(s.role, s.organization) for s in r.service] == [
        ("Treasurer", "Lorem Student Council"), ("Workshop Chair", "Ipsum Virology Days")]
    assert [(t.title, t.host) for t in r.talks] == [
        ("Tracing hosts of plant viruses in wetland soils", "Meadowbrook Virus Meeting 2024, Dunmere, Portugal")]
    assert "\\" not in (r.person.summary or "")


def test_lettered_numbers_initials_without_last_stop_and_bracketed_addresses():
    """'a.1)' / 'b.2)' number items within lettered groups; 'Roe J.M' (surname, then initials with no
    stop after the last) is a name, so the list of such names is the authors, not the title; a
    Markdown link's address may hold brackets in pairs ('…/S0000-0000(19)30001-2/abstract')."""
    text = """
        # Ada Quenby

        ## Publications

        a.1) **Quenby A.J**, Marlow T, Fenwick S.A. [Dose kernels for curved catheter sources](https://journal.example/article/S0000-0000(19)30001-2/abstract) (2019). Lorem Physics. Vol 12. Issue 3.

        a.2) Marlow T, **Quenby A.J**, Oduya K.E. [Track structure of slow ions in water](https://journal.example/doi/10.1000/lp.123) (2021). Ipsum Med. Phys. Vol 48.

        b.1) **Quenby A.J**, Fenwick S.A. [A spectrum library for ion beams](https://data.example/xyz) (2022). Dolor Data Repository.
    """
    r = _doc(text, name="cv.md")
    # (the surname of each of the first two authors: the names are written in either order)
    works = [(p.title, [max(a.name.split(), key=len) for a in p.authors][:2], p.year) for p in r.publications]
    assert works == [
        ("Dose kernels for curved catheter sources", ["Quenby", "Marlow"], "2019"),
        ("Track structure of slow ions in water", ["Marlow", "Quenby"], "2021"),
        ("A spectrum library for ion beams", ["Quenby", "Fenwick"], "2022"),
    ]
    assert r.publications[0].urls == ["https://journal.example/article/S0000-0000(19)30001-2/abstract"]


def test_degree_sub_bullets_open_spans_and_award_giver_lines():
    """'- Ph.D., Field, March 1995,' over nested 'Title:' / 'Advisor:' / 'Department:' bullets: the
    title is the thesis and the department no degree; '2011-: Role, …' is a post held since 2011;
    'Awarded by … on March 9, 2023.' and 'Selected based on …' under a bold award say who gave it
    and why, they are no awards."""
    text = """
        # Curriculum Vitae

        ## Education

        - Ph.D., Marine Informatics, March 2001,
            - Kestrel University, Brightwater, Norland
            - Title: Tidal models for shallow estuaries on sparse grids
            - Advisor: Prof. Odile Brancaster
            - Department: Department of Ocean Engineering, School of Engineering

        - M.S., Marine Informatics, March 1998,
            - Kestrel University, Brightwater, Norland
            - Title: A language for wave tank experiments
            - Department: Department of Ocean Engineering, School of Engineering

        ## Experience

        - 2001-2010: Research Scientist, Lorem Ocean Laboratory, Norland
        - 2011-: Professor, Faculty of Marine Science, Kestrel University

        ## Honors and Awards

        **Early Career Modelling Award**
        Awarded by the Ipsum Hydrographic Society on June 11, 2019.
        Selected based on the best paper presented at the society's annual meeting.

        **Outstanding Reviewer Award, 2016**
        Awarded by Dolor Ocean Letters on March 9, 2017.
    """
    r = _doc(text, name="cv.md")
    assert [(e.degree, e.institution, e.thesis) for e in r.education] == [
        ("Ph.D.", "Kestrel University", "Tidal models for shallow estuaries on sparse grids"),
        ("M.S.", "Kestrel University", "A language for wave tank experiments"),
    ]
    assert r.education[0].advisors == ["Odile Brancaster"]
    assert [(p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Research Scientist", "2001", "2010", False), ("Professor", "2011", None, True)]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Early Career Modelling Award", "2019"), ("Outstanding Reviewer Award", "2016")]


def test_place_line_under_a_degree_is_its_location():
    """'**Master of Science (MSc.), Field**' / 'Institution' / 'Town, Region, Country': the last line,
    a town and its region (and country), is where the degree was taken, not an honour."""
    text = """
        # Curriculum Vitae

        ## Education
        **Doctor of Philosophy (PhD.), Ocean Physics**
        Kestrel University
        Brightwater, Quebec, Canada

        **Bachelor of Science (BSc.), Physics**
        Lorem College
        Dunmere, Maine
    """
    r = _doc(text, name="cv.md")
    assert [(e.degree, e.institution, e.location, e.honours) for e in r.education] == [
        ("Doctor of Philosophy", "Kestrel University", "Brightwater, Quebec, Canada", []),
        ("Bachelor of Science", "Lorem College", "Dunmere, Maine", []),
    ]


def test_talks_with_dotted_vancouver_authors_and_italic_group_labels():
    """Talks written as references whose authors are 'Roe J.M' (initials with stops between them,
    alone or with others) have the sentence after the authors as their title; a line wholly in
    italics over the numbered items of a list is a group label, no work and no talk; 'Accessible
    at: <link>' under a work is its link."""
    text = """
        # Ada Quenby

        ## Publications

        _Journal articles_

        a.1) **Quenby A.J**, Marlow T. [Dose kernels for curved catheter sources](https://journal.example/a1) (2019). Lorem Physics. Vol 12.
        Accessible at: [https://code.example/kernels](https://code.example/kernels)

        _Data sets, videos and other works_

        b.1) **Quenby A.J**, Fenwick S.A. **A spectrum library for ion beams** (2022). Dolor Data Repository.

        ## Talks and Presentations

        _Invited talks at national and international meetings_

        d.1) **Quenby A.J**. **Curved sources in small vessels (Oral)**. Ipsum Brachytherapy Workshop. June 7, 2017, Brightwater, Norland.

        d.2) **Quenby A.J**, Marlow T. **Track structure of slow ions (Poster)**. Annual Meeting of the Lorem Radiation Society. July 15, 2018, Dunmere, Norland.
    """
    r = _doc(text, name="cv.md")
    assert [p.title for p in r.publications] == [
        "Dose kernels for curved catheter sources", "A spectrum library for ion beams"]
    assert "https://code.example/kernels" in r.publications[0].urls
    assert [t.title for t in r.talks] == ["Curved sources in small vessels (Oral)", "Track structure of slow ions (Poster)"]


def test_master_of_research_is_a_degree():
    """'MRes' / 'M.Res.' (the UK's Master of Research) is a master's degree: the field after it is
    read as the field, not the place after the school's name."""
    text = """
        # Tamsin Orrevale

        ## Education

        ## Brindlemoor University | School of Data Sciences, Norland

        - **MRes**, Marine Informatics \\hfill 2020
          - Dissertation: Reading tide tables with small models

        ## Kestrel University

        - M.Res. in Ocean Physics, 2017
    """
    r = _doc(text, name="cv.Rmd")
    assert [(e.degree, e.level, e.field) for e in r.education] == [
        ("MRes", "master", "Marine Informatics"), ("M.Res. in Ocean Physics", "master", "Ocean Physics")]
