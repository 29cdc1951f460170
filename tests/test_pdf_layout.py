"""Real PDFs in the layouts CVs are printed in, read through the whole reader and extractor.

The CVs are invented (tests/fixtures/pdf/*.html) and printed by headless Chromium
(scripts/make_pdf_fixtures.py), so each PDF carries what a typeset CV carries: dates at the
right margin in their own text boxes, a two-column header, a sidebar, letter-spaced headings,
wrapped references with [n] labels, a running footer, ligatures."""
from __future__ import annotations

from pathlib import Path

import pytest

from mappers.extract import extract
from mappers.read import read_document

PDFS = Path(__file__).parent / "fixtures" / "pdf"


def _read(name: str):
    doc = read_document(PDFS / name)
    assert doc.format == "pdf"
    return doc, extract(doc)


def test_dates_at_the_right_margin_stay_with_their_entries():
    doc, r = _read("tabular.pdf")
    lines = doc.text.splitlines()
    assert "Ph.D., Computer Sciences, University of Wisconsin–Madison\t2014 – 2020" in lines
    assert "B.Sc., Engineering Physics, Uppsala University\t2009 – 2012" in lines
    assert r.person.name == "Tobias Lindqvist"              # first column of a two-column header
    assert r.person.emails == ["tobias.lindqvist@utah.edu"] and r.person.homepage == "https://tlindqvist.github.io"
    assert [(e.institution, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("University of Wisconsin–Madison", "doctorate", "Computer Sciences", "2014", "2020"),
        ("KTH Royal Institute of Technology", "master", "Computer Science", "2012", "2014"),
        ("Uppsala University", "bachelor", "Engineering Physics", "2009", "2012")]
    assert [(p.organization, p.title, p.unit, p.start, p.end, p.current) for p in r.positions] == [
        ("University of Utah", "Assistant Professor", "Kahlert School of Computing", "2021", None, True),
        ("ETH Zürich", "Postdoctoral Researcher", "Programming Methodology Group", "2020", "2021", False),
        ("Microsoft Research", "Research Intern", None, "2018", None, False),
        ("Galois, Inc.", "Research Intern", None, "2016", None, False),
    ]


def test_labelled_references_wrapped_over_lines_are_one_entry_each():
    _, r = _read("tabular.pdf")
    assert [(p.title, [a.name for a in p.authors], p.year) for p in r.publications] == [
        ("Sound probabilistic inference for higher-order programs with unbounded recursion",
         ["T. Lindqvist", "M. Vögeli"], "2024"),
        ("Certified compilation of sampling programs", ["R. Castellanos", "T. Lindqvist", "A. Ramaswamy"], "2021"),
        ("A verified compiler for a probabilistic guarded command language", ["T. Lindqvist", "A. Ramaswamy"], "2019"),
    ]
    assert all(any(a.is_subject for a in p.authors) for p in r.publications)
    # "NSF CAREER Award" is an award, not a "Career" heading
    assert [(a.name, a.year) for a in r.awards][:2] == [
        ("NSF CAREER Award", "2024"), ("ACM SIGPLAN John C. Reynolds Doctoral Dissertation Award, Honorable Mention", "2021")]


def test_numbered_references_wrapped_by_the_margin():
    _, r = _read("wrapped.pdf")
    assert [(p.title, [a.name for a in p.authors], p.venue_acronym, p.year) for p in r.publications] == [
        ("Adaptive step-size selection for stochastic gradient Langevin dynamics on non-convex landscapes",
         ["Laura Beneventi", "Tomás Arriaga", "Henrike Vos"], "ICML", "2024"),
        ("Mixing times of underdamped samplers under weak log-concavity",
         ["Tomás Arriaga", "Laura Beneventi"], "JMLR", "2023"),
    ]


def test_a_sidebar_is_read_as_its_own_column_and_letter_spacing_is_undone():
    doc, r = _read("sidebar.pdf")
    lines = doc.text.splitlines()
    assert lines[0] == "Amara Nwosu-Lindgren"       # the column with the name comes first
    assert "Embedded engineer with seven years of experience building regulated signal-" in lines
    assert r.person.name == "Amara Nwosu-Lindgren" and r.person.emails == ["amara.nwosu@gmail.com"]
    assert [(p.organization, p.title, p.start) for p in r.positions][:2] == [
        ("Getinge AB", "Senior Embedded Software Engineer", "2022-01"),
        ("Mölnlycke Health Care", "Embedded Software Engineer", "2018-09")]
    assert r.skills[:4] == ["Python", "MATLAB", "C/C++", "Signal processing"]
    assert [p.title for p in r.publications][0] == \
        "Low-power QRS detection on microcontrollers using integer wavelet transforms"


def test_letter_spaced_headings_footers_and_a_year_column():
    doc, r = _read("academic.pdf")
    assert "E D U C A T I O N" in doc.text           # as the page sets it; the heading is still found
    assert [(e.institution, e.level, e.start, e.end) for e in r.education] == [
        ("Stanford University", "doctorate", "2016", "2021"),
        ("Indian Institute of Technology Madras", "bachelor", "2012", "2016")]
    assert not any("denotes" in p.title for p in r.publications)
    # one talk per quoted title, the year column read even where the margin moved it mid-line;
    # "Keynote" says what kind of talk it was, the host is the event after it
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Sparsity is not free: lessons from building inference accelerators",
         "MLSys 2024 Workshop on Efficient Systems", "2024"),
        ("Compiler-driven pruning for accelerators", "Seminar, ETH Zürich", "2023")]
    _, m = _read("moderncv.pdf")
    # the first name set above the surname in the largest type, beside the address: one name
    assert m.person.name == "Jonas Okafor-Reinholt" and m.person.homepage == "https://jonasokafor.org"
    assert [a.name for p in m.publications for a in p.authors if a.is_subject] == ["J. Okafor-Reinholt"] * 3
    assert [(p.title, p.year) for p in m.publications] == [
        ("Doubly robust survival estimation with informative censoring and high-dimensional covariates", "2024"),
        ("Target trial emulation for sequential treatment strategies in sepsis", "2023"),
        ("A note on variance estimation for cross-fitted estimators", "2021")]


@pytest.mark.parametrize("name", sorted(p.name for p in PDFS.glob("*.pdf")))
def test_no_ligature_or_symbol_font_glyphs_are_left(name):
    doc, _ = _read(name)
    assert not any(ch in doc.text for ch in "\ufb00\ufb01\ufb02\ufb03\ufb04") and "(cid:" not in doc.text


def test_a_running_footer_and_page_numbers_are_not_content():
    doc, r = _read("footer.pdf")
    assert "Curriculum Vitae" not in doc.text          # "… — Page 1 of 2", "… — Page 2 of 2"
    assert [(p.title, p.year) for p in r.publications] == [
        ("Mixing times of underdamped samplers", "2023"), ("Unbiased estimators for Langevin diffusions", "2021")]


def test_date_ranges_wrapped_inside_a_narrow_date_column():
    """A date column too narrow for "September 2016 – June 2020" breaks the range over two or
    three lines of its cell, and the entry's text over lines of its own cell; the first page
    has a sidebar, the second only the date column and its headings at the same left edge."""
    doc, r = _read("datecells.pdf")
    lines = doc.text.splitlines()
    assert "September 2016 – June 2020\tPh.D. in Marine Ecology, Tallinn Maritime University, thesis on carbon " \
        "burial in Baltic salt marshes and its seasonal variation" in lines
    assert "October 2022 – Present\tResearch Fellow, Institute of Coastal Ecology, Tallinn Maritime University" in lines
    # the cell's last line opens the second page after it ended the first: not a running header
    assert "2017 – 2019\tTeaching Assistant, Field Methods in Ecology, Tallinn Maritime University" in lines
    # the second page: dates stay with their entries, not read as a column of their own
    assert "2016 – Present\tBaltic Ecology Society" in lines
    assert [(e.institution, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("Tallinn Maritime University", "doctorate", "Marine Ecology", "2016-09", "2020-06"),
        ("University of Tartu", "master", "Environmental Science", "2014-09", "2016-06"),
        ("University of Tartu", "bachelor", "Biology", "2011", "2014")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Tallinn Maritime University", "Research Fellow", "2022-10", None, True),
        ("Norwegian Institute for Fjord Studies", "Postdoctoral Researcher", "2021-01", "2022-09", False),
        ("Wadden Sea Field Station, Texel", "Visiting Researcher", "2019-03", "2019-08", False)]
    assert [(a.name, a.year) for a in r.awards][:4] == [
        ("Baltic Carbon Mapping grant, Estonian Research Agency", "2024"),
        ("Travel grant, Nordic Marine Science Fund", "2021"),
        ("Early Career Award of the Baltic Ecology Society", "2023"),
        ("Best Dissertation Prize in Marine Sciences", "2020")]


def test_section_headings_in_a_left_margin_column():
    """Headings set right-aligned in a narrow left column beside the entries: "EDUCATION"
    beside an entry's first line (pdfminer joins the two into one line across the narrow
    gutter) and "PROFESSIONAL" over "EXPERIENCE" beside two entries."""
    doc, r = _read("margins.pdf")
    lines = doc.text.splitlines()
    assert "EDUCATION" in lines and "PROFESSIONAL EXPERIENCE" in lines and "PUBLICATIONS" in lines
    assert [(e.institution, e.level, e.field, e.end) for e in r.education] == [
        ("University of Lindmark", "doctorate", "Hydrology", "2021"),
        ("Northfield Technical University", "master", "Civil Engineering", "2016")]
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("University of Lindmark", "Assistant Professor", "2023", None),
        ("Alpine Water Institute", "Postdoctoral Researcher", "2021", "2023"),
        ("Northfield Water Board", "Staff Hydrologist", "2016", "2017")]
    assert [(p.title, [a.name for a in p.authors], p.year) for p in r.publications] == [
        ("Snowmelt timing from sparse gauges", ["R. Oyelaran-Holt", "M. Ferreira"], "2023"),
        ("Groundwater recharge in glaciated valleys", ["R. Oyelaran-Holt"], "2021")]


def test_wrapped_lines_in_a_narrow_single_column_and_group_labels_inside_experience():
    """A CV set in one narrow column (about 47 characters a line) with no date cells: an
    entry's line broken by the column's width is one line again when the next word would not
    have fitted on it; "Research" and "Industry" over the entries of Experience are labels
    grouping them, not a research summary or an entry; the name broken at its hyphen is one."""
    doc, r = _read("narrow.pdf")
    assert "Research" in doc.text.splitlines() and "Industry" in doc.text.splitlines()
    assert r.person.name == "Halvard Ostergaard-Mbeki" and r.person.summary is None
    assert [(p.organization, p.title, p.unit, p.start, p.end, p.current) for p in r.positions][:2] == [
        ("University of Nordhavn", "Associate Professor", "Department of Atmospheric Chemistry", "2021", None, True),
        ("Institute for Polar Studies", "Postdoctoral Researcher", "Laboratory for Aerosol Microphysics, Bremerhaven",
         "2015", "2020", False)]
    assert [(p.title, p.start) for p in r.positions][2:] == [("Research Intern", "2010")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Young Investigator Award of the Nordic Aerosol Society for work on ice nucleation", "2019")]
    assert [(e.institution, e.level, e.field, e.end) for e in r.education] == [
        ("University of Nordhavn", "doctorate", "Atmospheric Chemistry", "2015"),
        ("Technical University of Aalvik", "master", "Physical Chemistry", "2011")]


def test_a_date_at_the_right_of_a_paragraphs_first_line():
    """Entries written as justified paragraphs with the dates floated right of the first line:
    the date is a cell of that row (the justified line's wide spaces hide the gap), the first
    sentence is the entry and the rest of the paragraph describes it."""
    doc, r = _read("paragraphs.pdf")
    lines = doc.text.splitlines()
    assert "Postdoctoral Fellow, Institute for Language Documentation, Lindmark. Built\t2018 – 2021" in lines
    assert not any("  " in ln for ln in lines)         # a justified line's wide spaces are one
    assert [(e.institution, e.degree, e.start, e.end, e.advisors, e.honours) for e in r.education] == [
        ("University of Eastbrook", "Ph.D. in Linguistics", "2012", "2018", ["Miriam Oduya", "Lasse Kettunen"], []),
        ("University of Lindmark", "M.A. in Linguistics", "2010", "2012", [], [])]
    assert [(p.organization, p.title, p.start, p.end, p.current, p.description) for p in r.positions] == [
        ("University of Westmarch", "Assistant Professor", "2021", None, True,
         "Teaching undergraduate phonology and field methods; leading the documentation project on highland "
         "varieties with three doctoral students."),
        ("Institute for Language Documentation", "Postdoctoral Fellow", "2018", "2021", False,
         "Built a searchable corpus of annotated recordings and trained community members in transcription.")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Early Career Research Grant, Westmarch Humanities Council", "2022"),
        ("Dissertation Prize, Society for Highland Studies", "2018")]


def test_a_date_column_set_off_by_a_rule_and_a_narrow_gutter():
    """LaTeX's r|p{…} table (dates right-aligned against a vertical rule, the entry beside it):
    the gutter is narrower than three characters, so the date cell is known by its text
    ("May-August 2018", "2018/19", "2016 to present"); the entry "Trainee at Hollis Audit,
    Leeds" beside it is no place column; a header line that ends its sentence is not joined
    to the description under it."""
    doc, r = _read("rulecolumn.pdf")
    lines = doc.text.splitlines()
    assert "MAY-AUGUST 2018\tTrainee at Hollis Audit, Leeds" in lines and "2018/19\tDean's List, University of Vellmar" in lines
    assert [(p.organization, p.title, p.start, p.end, p.description) for p in r.positions] == [
        ("Quillon Data Systems Ltd.", "Software Trainee", "2019-06", "2019-07",
         "Added caching and request tracing to two internal Java services used by the billing team."),
        ("Hollis Audit", "Trainee", "2018-05", "2018-08",
         "Wrote spreadsheet macros that checked expense claims and reported the mismatches to the audit staff each week."),
        ("Northgate Shipping Terminals", "Summer Intern", "2017-06", "2017-08", "Turned the crane logs into weekly summaries.")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Winner of the Harbour Hack challenge (build a game from a given constraint and theme) at the Vellmar "
         "student hackathon", "2019"),
        ("Dean's List, University of Vellmar", "2018"), ("Dean's List", "2017")]
    assert [(e.institution, e.degree, e.start, e.current) for e in r.education][:1] == [
        ("University of Vellmar", "B.Sc. in Computer Science", "2016", True)]


def test_a_letter_spaced_name_stacked_margin_headings_and_three_line_blocks():
    """res.cls: the name set letter-spaced (pdfminer gives 'D R   M I R A   …', one space between
    letters, more between words), headings of two or three stacked lines in a left margin
    column with words beyond the heading vocabulary ("NON-ACADEMIC", "EXTERNAL"), and entries
    as 'Role<TAB>dates' over the organization and its department."""
    doc, r = _read("rescls.pdf")
    lines = doc.text.splitlines()
    assert lines[0] == "DR MIRA OSTENFELD" and r.person.name == "Mira Ostenfeld"
    assert "NON-ACADEMIC APPOINTMENTS" in lines and "EXTERNAL FUNDING AND AWARDS" in lines
    assert [(p.title, p.organization, p.unit, p.start, p.end) for p in r.positions] == [
        ("Lecturer in Ocean Governance", "University of Harrowgate", "School of Marine Policy", "2019", "2024"),
        ("Research Fellow in Fisheries Law", "Kelbrook College", "Department of Law", "2016", "2019"),
        ("Policy Advisor", "Coastal Trust of Lindmark", None, "2020", "2022")]
    assert [(e.degree, e.institution) for e in r.education] == [("PhD", "Kelbrook College")]
    assert [(a.name, a.year) for a in r.awards] == [("Tidewater Early Career Grant", "2021"),
                                                   ("Kelbrook Prize for Legal Writing", "2015")]


def test_a_heading_in_larger_type_and_a_year_column_with_two_digit_end_years():
    """An article-class CV: 'Academic career and university education' in \\large bold type is a
    heading though 'university' names no section (its list mixes positions and degrees); a
    year column holding '2019–22' is a cell of its own; a year column dates the talks; cells
    wrapped side by side are joined cell by cell."""
    doc, r = _read("hskip.pdf")
    lines = doc.text.splitlines()
    assert "# Academic career and university education" in lines
    assert "2019–22\tResearch Fellow, Department of Physics, Kelbrook College" in lines
    assert [(p.title, p.organization, p.unit, p.start, p.end, p.current) for p in r.positions] == [
        ("Associate Professor", "University of Westmarch", "Institute of Theoretical Physics", "2023", None, True),
        ("Research Fellow", "Kelbrook College", "Department of Physics", "2019", "2022", False)]
    assert [(e.degree, e.institution, e.start, e.end, e.advisors) for e in r.education] == [
        ("PhD in Physics", "University of Eastbrook", "2015", "2019", ["O Lindqvist"]),
        ("Masters in Physics", "University of Eastbrook", "2013", "2015", [])]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Starting grant, Westmarch Science Fund | 900 kEUR", "2022"), ("Best poster prize, Soft Matter Days, Lindmark", "2018")]
    # "Title, Event, Place" under a talk of that shape is the next talk, not that talk's host
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Active Gels Far From Equilibrium", "Lorentz Meeting, Leiden", "2024"),
        ("Entropy in Living Matter", "Spring Colloquium, Trieste", None),
        ("Flocks and Swarms", "Winter Workshop, Les Houches", "2021")]
    # a row whose role cell and place cell both wrap: each piece of the next line goes to its cell
    assert "2020–23\tMember of the Graduate Committee for Science and Technology\tKelbrook College" in lines
    assert [(s.role, s.period) for s in r.service] == [("Member", "2020–23"), ("Organizer", "2017–19")]


def test_a_heading_naming_no_known_section_in_the_headings_type_ends_the_section_above():
    """'Fieldwork' set in the very type of 'Grants' and 'Awards' is a heading, though no section
    the reader knows: its dated lines are no awards (before, 'Fieldwork' and its eight campaigns
    were read as nine awards)."""
    doc, r = _read("datecells.pdf")
    assert "# Fieldwork" in doc.text.splitlines()
    assert [(a.name, a.year) for a in r.awards] == [
        ("Baltic Carbon Mapping grant, Estonian Research Agency", "2024"), ("Travel grant, Nordic Marine Science Fund", "2021"),
        ("Early Career Award of the Baltic Ecology Society", "2023"), ("Best Dissertation Prize in Marine Sciences", "2020")]


def test_a_sentence_broken_by_the_pages_end_goes_on_at_the_next_pages_top():
    """A reference whose line ends mid-phrase at the foot of a page and goes on in lower case at
    the top of the next is one paragraph: the blank line between pages does not cut it (it was
    read as two references). A page ending on a full stop keeps its blank line."""
    from mappers.convert import _Row, rows_to_text

    page1 = [_Row("1. Ann Lee and Bo Chen. Sparse methods for the discovery of", 700, 690, 10),
             _Row("subtypes in many studies and other", 688, 678, 10)]
    page2 = [_Row("purposes. Journal of Lorem Statistics, 2016.", 760, 750, 10),
             _Row("2. Cy Katz. Targeted screens. Cancer Research, 2015.", 748, 738, 10)]
    page3 = [_Row("three. A line in lower case after a full stop.", 760, 750, 10)]
    assert rows_to_text([page1, page2, page3]).splitlines() == [
        "1. Ann Lee and Bo Chen. Sparse methods for the discovery of", "subtypes in many studies and other",
        "purposes. Journal of Lorem Statistics, 2016.", "2. Cy Katz. Targeted screens. Cancer Research, 2015.",
        "", "three. A line in lower case after a full stop.", ""]


def test_an_entry_wrapped_in_the_headings_type_is_no_heading():
    """An entry set in the section headings' type size, broken after "de" or a comma
    ("Universidad Nacional de" / "Lorem"), is the entry's lines, not two unnamed headings."""
    from mappers.convert import _Row, rows_to_text
    rows = [_Row("Education", 700, 687, 13), _Row("Licenciado en Física,", 660, 647, 13),
            _Row("Universidad Nacional de", 640, 627, 13), _Row("Lorem", 620, 607, 13),
            _Row("Agosto 2015-Junio 2019", 600, 591, 9), _Row("Stack software", 570, 557, 13),
            _Row("Lorem, Ipsum", 540, 531, 9), _Row("Other line", 520, 511, 9)] + \
        [_Row(f"Dolor sit amet line {i}", 500 - 12 * i, 491 - 12 * i, 9) for i in range(6)]
    lines = [ln for ln in rows_to_text([rows]).splitlines() if ln]
    # ("Education" is left for the sections reader, which knows it; before, the two entry lines were marked)
    assert [ln for ln in lines if ln.startswith("# ")] == ["# Stack software"]
    assert "Universidad Nacional de" in lines and "Lorem" in lines


def test_a_label_column_beside_its_entries_is_no_sidebar():
    """A wide label column (currvita, Europass: "Nacionalidad", "2011- 2013", "Journals") whose
    cells stand on the baselines of the entries' first lines is read row by row; a sidebar whose
    lines keep their own leading is still a column of its own."""
    from mappers.convert import _gutter

    label_page, sidebar = [], []
    y = 760.0
    for label, lines in [("Nacionalidad", 1), ("Fecha de", 2), ("Dirección", 1), ("2011- 2013", 3),
                         ("Journals", 4), ("Idiomas", 1), ("Teléfonos", 2), ("2007", 2)]:
        label_page.append((72.0, y, 72.0 + 6 * len(label), y + 10, label))
        for i in range(lines):
            label_page.append((210.0, y - 13 * i, 520.0, y - 13 * i + 10, f"Lorem ipsum dolor sit amet {i}"))
        y -= 13 * lines + 8
    assert _gutter(label_page, 0.0, 595.0) is None
    for i in range(14):        # a sidebar in smaller type and its own leading
        sidebar.append((40.0, 760.0 - 11.3 * i, 150.0, 768.0 - 11.3 * i, f"Skill {i}"))
    for i in range(20):
        sidebar.append((210.0, 760.0 - 14.6 * i, 520.0, 770.0 - 14.6 * i, f"Lorem ipsum dolor sit amet {i}"))
    assert _gutter(sidebar, 0.0, 595.0) is not None


def test_a_name_in_large_type_beside_a_contact_line_is_two_cells():
    """The gap after a name in large type is judged by the smaller type beside it: the name and
    the contact line at its right are two cells (before, one line: "Ann Roe ✉ …", no name)."""
    from mappers.convert import _rows

    rows = _rows([(72.0, 700.0, 300.0, 728.0, "Madison Lorem"),
                  (330.0, 705.0, 520.0, 715.0, "✉ madison.lorem@example.org ⌂ lorem.io"),
                  (72.0, 680.0, 300.0, 690.0, "Curriculum Vitae")])
    assert rows[0].text == "Madison Lorem\t✉ madison.lorem@example.org ⌂ lorem.io"


def test_a_narrow_gutter_after_label_cells_and_date_cells_in_french_over_lines():
    """moderncv's hint column: labels and dates set right against a narrow gutter (about an em)
    before the entries' left edge. Where three rows or more start their second piece at the
    same edge past such a gutter, each is a cell ("Anglais<TAB>Courant"), and a date cell
    broken over lines in French ("Novembre" / "2012 à" / "Décembre" / "2015") is one cell."""
    from mappers.convert import _rows

    lines = []
    y = 700.0
    for date_lines, body in [(["Depuis", "Décembre", "2015"], ["Ingénieur logiciel, LOREM SA, Paris.", "Lorem ipsum dolor sit amet:"]),
                             (["Novembre", "2012 à", "Décembre", "2015"], ["Ingénieur essais, IPSUM SARL,", "Lyon.", "Dolor sit amet."]),
                             (["Anglais"], ["Courant, parlé occasionnel."]), (["Allemand"], ["Notions."])]:
        for k in range(max(len(date_lines), len(body))):
            if k < len(date_lines):
                w = 6.0 * len(date_lines[k])
                lines.append((162.0 - w, y - 13 * k, 162.0, y - 13 * k + 10, date_lines[k]))
            if k < len(body):
                lines.append((173.0, y - 13 * k, 173.0 + 5.5 * len(body[k]), y - 13 * k + 10, body[k]))
        y -= 13 * max(len(date_lines), len(body)) + 6
    texts = [r.text for r in _rows(lines)]
    assert any(t.startswith("Depuis Décembre 2015\tIngénieur logiciel, LOREM SA, Paris.") for t in texts)
    assert any(t.startswith("Novembre 2012 à Décembre 2015\tIngénieur essais, IPSUM SARL,") for t in texts)
    assert "Anglais\tCourant, parlé occasionnel." in texts and "Allemand\tNotions." in texts


def test_unmapped_glyphs_inside_a_row_are_dropped():
    """A pictograph set in a font with no character map ("📅", "✉" → "(cid:0)") inside a row
    is no text; at a row's start it is still read as a bullet."""
    from mappers.convert import _clean_row

    assert _clean_row("monmail@example.org / (cid:0) 07 00 00 00 00 / (cid:12) Nantes") == \
        "monmail@example.org / 07 00 00 00 00 / Nantes"
    assert _clean_row("(cid:3) Lorem item") == "• Lorem item"


def test_languages_in_a_label_column_keep_the_language_only():
    """moderncv's "English<TAB>Native", "Portuguese<TAB>Intermediate Listener, Advanced Reader":
    the languages, not their levels as languages of their own."""
    doc, r = _read("moderncv.pdf")
    assert r.languages == ["English", "German", "Yoruba"]


def test_a_compound_word_broken_after_its_hyphen_beside_a_date_cell_keeps_no_space():
    """"Information-" / "Seeking" wrapped in an entry beside a year cell: one word, the hyphen
    kept ("Information- Seeking" before)."""
    from mappers.convert import _rows

    lines = [(72.0, 700.0, 96.0, 710.0, "2025"),
             (140.0, 700.0, 520.0, 710.0, "A. Roe, J. Doe. When We Want to Know: Exploring Information-"),
             (140.0, 687.0, 420.0, 697.0, "Seeking for Lorem Stimuli. Ipsum Journal."),
             (72.0, 660.0, 96.0, 670.0, "2024"),
             (140.0, 660.0, 400.0, 670.0, "J. Doe. Another Lorem Paper. Dolor Letters.")]
    texts = [r.text for r in _rows(lines)]
    assert texts[0] == "2025\tA. Roe, J. Doe. When We Want to Know: Exploring Information-Seeking for Lorem Stimuli. Ipsum Journal."


def test_an_academic_cv_with_a_year_column_in_text_from_a_pdf():
    """A year column before every entry: a reference wrapped over lines goes on under its year;
    "University of Lorem" keeps its place word; a field written as a list ("Decision, Risk, and
    Financial Sciences") after the degree; MCom/BCom; an amount set in a column of its own and a
    name cut after "of"; the role after a course."""
    from mappers.read import SourceDocument

    text = "\n".join([
        "JANA DOE\tjana.doe@example.org +61 400 555 010", "", "EDUCATION", "",
        "2027\tPhD, Decision, Risk, and Financial Sciences, University of Melbourne",
        "2024\tMCom, Commerce, University of Melbourne",
        "2019\tBCom, Commerce, University of Melbourne", "",
        "PUBLICATIONS", "",
        "2024\tA. Roe, T. Vale, J. Doe, S. R. Poe, J. A.",
        "Lane, C. E. Moss, and T. Hart.",
        "Lorem Endgame Intervention Impacts on Health Gains: A Simulation Study of",
        "the Ipsum Action Plan. Dolor Control, 33(2):173–184.",
        "2023\tS. R. Poe, J. Doe. The Total Health Gains of Warm Housing. Social Science & Medicine, 334, 115954.", "",
        "AWARDS AND HONORS", "",
        "2025\tLorem Young Talent Award, Society for Experimental Ipsum", "",
        "$4,000 USD",
        "2024\tIpsum Global Scholars Award for High Achieving Students, Faculty of",
        "Business and Economics\t$1,500 AUD", "",
        "TEACHING", "",
        "2026\tBehavioural Finance (undergraduate), TA, University of Melbourne",
        "2025\tMachine Learning in Finance (postgraduate), head TA, University of Melbourne", ""])
    r = extract(SourceDocument(path="cv.pdf", name="cv.pdf", sha256="0" * 64, format="pdf", text=text, raw=text))
    assert [(e.degree, e.field, e.institution, e.location) for e in r.education] == [
        ("PhD", "Decision, Risk, and Financial Sciences", "University of Melbourne", None),
        ("MCom", "Commerce", "University of Melbourne", None),
        ("BCom", "Commerce", "University of Melbourne", None)]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Lorem Endgame Intervention Impacts on Health Gains: A Simulation Study of the Ipsum Action Plan",
         "Dolor Control", "2024"),
        ("The Total Health Gains of Warm Housing", "Social Science & Medicine", "2023")]
    assert [a.name for a in r.publications[0].authors][-3:] == ["J. A. Lane", "C. E. Moss", "T. Hart"]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Young Talent Award, Society for Experimental Ipsum", "2025"),
        ("Ipsum Global Scholars Award for High Achieving Students, Faculty of Business and Economics", "2024")]
    assert [(t.course, t.role, t.institution) for t in r.teaching] == [
        ("Behavioural Finance (undergraduate)", "TA", "University of Melbourne"),
        ("Machine Learning in Finance (postgraduate)", "head TA", "University of Melbourne")]


def test_a_word_style_table_cv_an_orcid_cut_by_the_margin_and_elsevier_references():
    """A CV set as tables of dates and entries (as word processors export them): an ORCID iD is
    no phone number; "…, UK. Host: Prof. …" after an entry is its mentor, not a description;
    Elsevier's "Authors, Title, J. Am. Chem. Soc. 144 (2022) 1234–1242. doi:…" gives title,
    journal, year and DOI; "(110/110 cum laude)" is an honour without its brackets; a course
    line after its date column is a course."""
    doc, r = _read("wordtable.pdf")
    assert r.person.phones == ["+39 051 555 0199"]
    assert r.person.profiles == ["https://orcid.org/0000-0003-4444-5557"]
    assert [(p.title, p.organization, p.unit, p.location, p.mentors, p.start, p.end) for p in r.positions] == [
        ("Associate Professor of Physical Chemistry", "Università di Valdoro", None, None, [], "2020", None),
        ("Marie Skłodowska-Curie Fellow", "University of Northbridge", "Institute of Molecular Sciences", "UK",
         ["Alan Whitcombe"], "2016", "2020"),
        ("Postdoctoral Researcher", "Université de Montclair", "Laboratoire de Chimie", "France", [], "2014", "2016")]
    assert [(e.degree, e.thesis, e.advisors, e.honours) for e in r.education] == [
        ("PhD in Chemistry", "Ultrafast dynamics of photoactive proteins", ["Giorgio Bellini"], []),
        ("Laurea Magistrale in Chimica", None, [], ["110/110 cum laude"])]
    assert [(p.title, [a.name for a in p.authors], p.et_al, p.venue, p.year, p.doi) for p in r.publications] == [
        ("Coherent energy transfer in light-harvesting complexes", ["S. Marangoni-Lind", "A. Whitcombe"], False,
         "J. Am. Chem. Soc", "2022", "10.1021/jacs.2c01234"),
        ("Photoactive yellow protein folding observed in real time", ["P. Russo", "S. Marangoni-Lind", "G. Bellini"],
         False, "Nat. Chem", "2020", None),
        ("Ultrafast spectroscopy of retinal proteins", ["S. Marangoni-Lind"], True, "Phys. Chem. Chem. Phys",
         "2016", None)]
    assert [(t.course, t.institution, t.term) for t in r.teaching] == [
        ("Physical Chemistry II (BSc Chemistry)", "Università di Valdoro", "2020 – present")]


def test_a_broken_orcid_and_a_course_after_a_date_column_in_text():
    """The same in text from a PDF: "ORCID 0000-0003-" / "4444-5557" (the line numbers kept) and
    "2020 – present Physical Chemistry II, Università di" / "Valdoro" (a single space after the date)."""
    from mappers.extract.sections import normalise_lines

    text = "Sofia Marangoni-Lind\nsofia@example.org · ORCID 0000-0003-\n4444-5557 · Valdoro\n\nTEACHING\n\n" \
           "2020 – present Physical Chemistry II (BSc Chemistry), Università di\nValdoro\n"
    lines = normalise_lines(text)
    assert lines[1] == (2, "sofia@example.org · ORCID 0000-0003-4444-5557") and lines[2] == (3, " · Valdoro")
    from mappers.read import SourceDocument
    r = extract(SourceDocument(path="cv.txt", name="cv.txt", sha256="0" * 64, format="text", text=text, raw=text))
    assert r.person.phones == [] and r.person.profiles == ["https://orcid.org/0000-0003-4444-5557"]
    assert [(t.course, t.institution, t.term) for t in r.teaching] == [
        ("Physical Chemistry II (BSc Chemistry)", "Università di Valdoro", "2020 – present")]


def test_an_open_range_over_a_wrapped_range_in_a_date_column():
    """"2021–" (to the present) over "2018–" / "2021" (a range wrapped in a narrow date column):
    the second row's range is its own, not the end of the open one (session 19)."""
    doc, r = _read("opendates.pdf")
    assert "2021–\tAssociate Professor (Docent), University of Lindholm" in doc.text.splitlines()
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Associate Professor (Docent)", "University of Lindholm", "2021", None, True),
        ("Hedrick Assistant Adjunct Professor", "University of Westshore", "2018", "2021", False),
        ("Postdoctoral Fellow", "Institute for Pure and Applied Geometry", "2017", "2018", False)]


def test_a_collaboration_paper_with_a_long_wrapped_author_list():
    """A particle physicist's CV printed from HTML (invented): a collaboration paper opens on "The
    LOREM Collaboration," then 31 names wrapped over three PDF lines and "et al."; the
    collaboration is neither title nor author, every name stays in order with the subject last,
    and "Phys. Rev. Lett. 128 (2022) 081802" gives the journal alone (session 19)."""
    doc, r = _read("physcollab.pdf")
    assert any(line.startswith("2. The LOREM Collaboration, G. Abara,") for line in doc.text.splitlines())
    collab = r.publications[1]
    names = [a.name for a in collab.authors]
    assert collab.title == "Search for heavy neutral leptons in decays of W bosons at √s = 13 TeV"
    assert len(names) == 31 and names[:3] == ["G. Abara", "B. Achten", "C. Adeyemi"] and names[-1] == "I. Marwood"
    assert collab.authors[-1].is_subject and collab.et_al
    assert (collab.venue, collab.year) == ("Phys. Rev. Lett", "2022")
    assert [(p.title, p.venue, p.year, p.arxiv) for p in (r.publications[0], r.publications[2])] == [
        ("Trigger strategies for displaced jets at high luminosity", "Eur. Phys. J. C", "2021", "2102.01234"),
        ("Measurement of the muon lifetime in a cosmic-ray telescope", "Phys. Lett. B", "2021", None)]
