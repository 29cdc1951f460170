"""Session 21, PDF round trip: real HTML and Markdown CVs printed to PDF with headless Chromium
and read back; each defect of the PDF path found that way, tested on INVENTED text or an
INVENTED page of the same shape (names, places and titles here are made up)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mappers.convert import _join_centred_date_cells, _joined, _mark_bullets, _Piece, _Row, rows_to_text
from mappers.extract import extract
from mappers.read import read_document

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _print_pdf(tmp_path: Path, html: str) -> Path:
    """An invented page printed by headless Chromium as a browser's "Print to PDF" does (its
    default header and footer: date and title, file URL and page count)."""
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    src = tmp_path / "cv.html"
    src.write_text(html, encoding="utf-8")
    out = tmp_path / "cv.pdf"
    try:
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--print-to-pdf={out}",
                        src.as_uri()], check=True, capture_output=True, timeout=60)
    except (subprocess.SubprocessError, OSError) as exc:
        pytest.skip(f"Chromium could not print: {exc}")
    if not out.exists():
        pytest.skip("Chromium printed no PDF")
    return out


# --- list markers drawn as shapes -------------------------------------------------------

def test_a_small_disc_left_of_a_line_is_its_bullet_and_a_wrapped_line_gets_none():
    """Chromium draws the disc of a `<ul>` item as a filled curve, not a character: without it
    the wrapped tail of an item ("(DESY), Germany") read like an entry of its own."""
    lines = [(83.0, 565.2, 533.8, 576.2, "2020.04 - 2023.07: Staff scientist, Norrvik Light Source"),
             (83.0, 550.9, 181.0, 561.9, "(NLS), Utopia"),
             (83.0, 535.9, 507.3, 546.9, "2017.03 - 2019.12: Group leader, Brisa Institute")]
    marks = [(71.2, 569.3, 75.0, 573.0), (71.2, 540.0, 75.0, 543.8)]
    assert [ln[4] for ln in _mark_bullets(lines, marks)] == [
        "• 2020.04 - 2023.07: Staff scientist, Norrvik Light Source", "(NLS), Utopia",
        "• 2017.03 - 2019.12: Group leader, Brisa Institute"]


def test_rating_dots_a_far_shape_a_large_shape_and_a_typed_bullet_are_no_bullets():
    """Five dots in a row beside a skill are its rating; a shape far left of the text, one as
    tall as the type (an icon) and a line that already opens with a bullet get nothing."""
    lines = [(60.0, 500.0, 120.0, 511.0, "Spanish"),
             (83.0, 480.0, 300.0, 491.0, "Remote sensing"),
             (83.0, 460.0, 300.0, 471.0, "Field surveys"),
             (83.0, 440.0, 300.0, 451.0, "• Grant writing")]
    dots = [(130.0 + 8 * k, 503.7, 134.0 + 8 * k, 507.5) for k in range(5)]
    far = [(20.0, 483.7, 24.0, 487.5)]                 # 59 pt left of the line: no marker of it
    icon = [(66.0, 459.5, 77.0, 471.5)]                # as tall as the type
    typed = [(71.2, 443.7, 75.0, 447.5)]
    assert [ln[4] for ln in _mark_bullets(lines, dots + far + icon + typed)] == [
        "Spanish", "Remote sensing", "Field surveys", "• Grant writing"]


def test_a_printed_list_keeps_its_items_apart(tmp_path):
    """End to end: an invented `<ul>` of positions, two of them wrapped by the page's width, printed
    by Chromium and read back: six items, six positions (before, five: a wrapped tail and the next
    item ran together)."""
    items = [("2023.08 - present", "Senior staff scientist, Institute of Applied Lorem Studies, Valdoria"),
             ("2020.04 - 2023.07", "Staff scientist, Norrvik Light Source for Condensed Matter and Materials (NLS), Utopia"),
             ("2017.03 - 2020.03", "Leader of the Young Investigator Group on Ipsum Detectors, based at the Norrvik Light Source, Utopia"),
             ("2015.03 - 2017.02", "Postdoctoral Fellow, Kelbrook College, Arcadia"),
             ("2013.10 - 2015.02", "Research Associate, Kelbrook College, Arcadia"),
             ("2010.10 - 2013.10", "Postdoctoral Research Associate, University of Marlow, Arcadia")]
    lis = "".join(f"<li>{d}: {t}</li>" for d, t in items)
    html = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>cv</title></head><body style='max-width:40em'>"
            f"<h1>Education</h1><ul><li>Ph.D., Physics, University of Marlow, 2010</li></ul>"
            f"<h1>Current and Previous Positions</h1><ul>{lis}</ul></body></html>")
    doc = read_document(_print_pdf(tmp_path, html))
    bullets = [ln for ln in doc.text.splitlines() if ln.startswith("• ")]
    assert len(bullets) == 7
    r = extract(doc)
    assert [p.start for p in r.positions] == ["2023-08", "2020-04", "2017-03", "2015-03", "2013-10", "2010-10"]


# --- subheadings in a smaller type ------------------------------------------------------

def test_a_subheading_naming_no_section_does_not_end_its_section():
    """Under "Experience" (16 pt), "Research" and "Professional" are set in the subheadings' 13 pt:
    "Professional" names no section, but it is no section heading either (the type of the largest
    headings is), so the posts under it stay positions. A row in the largest headings' type that
    names no section ("Fieldwork") still ends the section above."""
    rows = [_Row("Experience", 700, 684, 16),
            _Row("Research", 676, 663, 13),
            _Row("2018 - Present Kelbrook College | Doctoral Candidate", 655, 645, 10),
            _Row("• Funded through the Lorem programme of the college.", 643, 633, 10),
            _Row("Professional", 637, 624, 13),
            _Row("2016 - 2017 Lorem Press | Editorial Assistant", 616, 606, 10),
            _Row("2014 - 2016 Ipsum Society | Committee member", 604, 594, 10),
            _Row("• Ran a reading group for first-year students.", 592, 582, 10),
            _Row("Fieldwork", 574, 558, 16),
            _Row("2012 Survey of the Marlow dunes", 550, 540, 10),
            _Row("2011 Survey of the Brisa salt marsh", 538, 528, 10)]
    lines = rows_to_text([rows]).splitlines()
    assert "Professional" in lines and "# Professional" not in lines
    assert "# Fieldwork" in lines
    r = extract(read_document_text("\n".join(lines)))
    assert [p.organization for p in r.positions] == ["Kelbrook College", "Lorem Press", "Ipsum Society"]


def read_document_text(text: str):
    from mappers.read import SourceDocument

    return SourceDocument(path="cv.pdf", name="cv.pdf", sha256="0" * 64, format="pdf", text=text)


# --- italic runs ------------------------------------------------------------------------

def test_italic_runs_over_lines_become_one_emphasis():
    """A title set in italic and wrapped by the page is one *…* run over the lines: the run
    closing at a line's end and opening the next line is joined, and a line italic through
    (a title's middle line) is a part of the run."""
    rows = [_Row("Publications", 700, 686, 14),
            _Row("• Ann Lee, Bo Chen, Sparse Lorem Methods for Ipsum and the Discovery of", 680, 670, 10,
                 "• Ann Lee, Bo Chen, *Sparse Lorem Methods for Ipsum and the Discovery of*"),
            _Row("Many Subtypes in Dolor Amet Tissues Across the", 668, 658, 10, None, True),
            _Row("Marlow Cohort, (Accepted to NeurIPS 2020)", 656, 646, 10, "*Marlow Cohort*, (Accepted to NeurIPS 2020)"),
            _Row("• Ann Lee, Cy Katz, Value-based Dolor Learning, (Submitted to AAAI 2021)", 644, 634, 10,
                 "• Ann Lee, Cy Katz, *Value-based Dolor Learning*, (Submitted to AAAI 2021)")]
    for k in range(4):
        rows.append(_Row(f"• A line of the body, number {k}.", 630 - 12 * k, 620 - 12 * k, 10))
    lines = rows_to_text([rows]).splitlines()
    assert lines[1:5] == ["• Ann Lee, Bo Chen, *Sparse Lorem Methods for Ipsum and the Discovery of",
                          "Many Subtypes in Dolor Amet Tissues Across the",
                          "Marlow Cohort*, (Accepted to NeurIPS 2020)",
                          "• Ann Lee, Cy Katz, *Value-based Dolor Learning*, (Submitted to AAAI 2021)"]
    r = extract(read_document_text("\n".join(lines[:5])))
    assert [(p.title, p.year, [a.name for a in p.authors]) for p in r.publications] == [
        ("Sparse Lorem Methods for Ipsum and the Discovery of Many Subtypes in Dolor Amet Tissues Across the Marlow Cohort",
         "2020", ["Ann Lee", "Bo Chen"]),
        ("Value-based Dolor Learning", "2021", ["Ann Lee", "Cy Katz"])]


def test_printed_references_keep_their_italic_titles(tmp_path):
    """End to end: invented references "Authors, <em>Title</em>, (venue year)" in a printed
    list: each title is read from its italics (before, the PDF's plain text ran the four
    references together into one)."""
    refs = [("Ann Lee, Bo Chen", "Sparse Lorem Methods for Ipsum", "(Accepted to NeurIPS 2020)"),
            ("Ann Lee, Cy Katz", "Value-based Dolor Learning and Signal Control for Many Crossings of the Marlow Grid",
             "(Submitted to AAAI 2021)"),
            ("Ann Lee, Di Fox", "Two-stage Choice Models", "(to be submitted to a lorem journal)"),
            ("Lee Ann, Y. Zhou, K.-H. Chew", "Ipsum Junctions", "Brisa Physics Letters, 2013")]
    lis = "".join(f"<li>{a}, <em>{t}</em>, {v}</li>" for a, t, v in refs)
    html = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>cv</title></head><body style='max-width:36em'>"
            f"<h1>Ann Lee</h1><h2>Publications</h2><ul>{lis}</ul></body></html>")
    r = extract(read_document(_print_pdf(tmp_path, html)))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Sparse Lorem Methods for Ipsum", "2020"),
        ("Value-based Dolor Learning and Signal Control for Many Crossings of the Marlow Grid", "2021"),
        ("Two-stage Choice Models", None), ("Ipsum Junctions", "2013")]


# --- a browser's print header and footer on a one-page print ---------------------------

def test_a_browsers_print_header_and_footer_are_dropped_from_a_one_page_print():
    """The time of printing beside the page title at the top, the file's address beside the
    page count at the foot: furniture, though a one-page print never repeats them (they were
    read as a position's description or a publication). A homepage at the foot beside no page
    count, and a first line naming the subject, stay."""
    rows = [_Row("3/7/25, 10:42 PM\tDana Orr – Curriculum Vitae", 780, 772, 8),
            _Row("Dana Orr", 740, 722, 18),
            _Row("Positions", 700, 686, 14),
            _Row("• 2019 - present: Lecturer, Kelbrook College, Arcadia", 680, 670, 10),
            _Row("• 2015 - 2019: Research Associate, University of Marlow, Arcadia", 668, 658, 10),
            _Row("https://dana-orr.example.org", 120, 110, 10),
            _Row("ﬁle:///home/dana/site/cv.html\t1/1", 22, 14, 8)]
    assert rows_to_text([rows]).splitlines() == [
        "Dana Orr", "", "Positions", "• 2019 - present: Lecturer, Kelbrook College, Arcadia",
        "• 2015 - 2019: Research Associate, University of Marlow, Arcadia", "", "https://dana-orr.example.org", ""]


# --- a table's date cell centred beside a two-line entry ---------------------------------

def test_a_date_cell_centred_beside_a_two_line_entry_goes_with_the_entry():
    """HTML tables centre a cell vertically: the one-line "2012–14" sits half-way between the two
    lines of its entry. It goes to the head of the entry's first line (before, a row of its own,
    and the entry had no dates). A cell of three lines or more keeps its date where it is."""
    rows = [[(80.0, 716.0, 400.0, 727.0, "Senior Lorem Officer, Blue Ipsum Conservancy")],
            [(20.0, 680.0, 50.0, 691.0, "2012–14"), ],
            [(80.0, 686.0, 520.0, 697.0, "Postdoctoral Scholar, Museum of Lorem and Ipsum Biology, University of")],
            [(80.0, 672.0, 200.0, 683.0, "Arcadia, Marlow")],
            [(80.0, 640.0, 520.0, 651.0, "[20] Lee A, Fox D (2021) Protected areas safeguard lorem populations")],
            [(80.0, 626.0, 520.0, 637.0, "in coastal Arcadia: evidence from long-term population trends.")],
            [(20.0, 615.0, 40.0, 626.0, "2021")],
            [(80.0, 612.0, 520.0, 623.0, "Ornithological Ipsum 123(4):duab035.")],
            [(80.0, 598.0, 300.0, 609.0, "doi: 10.1093/ipsum/duab035")]]
    # (the date's middle, 685.5, lies between the lines at 686–697 and 672–683; a table row's padding
    # sets the entry above apart)
    rows[1], rows[2] = rows[2], rows[1]
    _join_centred_date_cells(rows)
    assert [[p[4] for p in row] for row in rows] == [
        ["Senior Lorem Officer, Blue Ipsum Conservancy"],
        ["2012–14", "Postdoctoral Scholar, Museum of Lorem and Ipsum Biology, University of"],
        ["Arcadia, Marlow"],
        ["[20] Lee A, Fox D (2021) Protected areas safeguard lorem populations"],
        ["in coastal Arcadia: evidence from long-term population trends."],
        ["2021"], ["Ornithological Ipsum 123(4):duab035."], ["doi: 10.1093/ipsum/duab035"]]


def test_a_cell_joined_over_its_lines_keeps_its_italic_run():
    """A cell's line joined to the line that continues it keeps its italic marks, one run over the
    join ("*Ornithological*" + "*Ipsum* 123(4)" → "*Ornithological Ipsum* 123(4)")."""
    a = _Piece((80.0, 626.0, 520.0, 637.0, "long-term trends. Ornithological"))
    a.styled = "long-term trends. *Ornithological*"
    b = _Piece((80.0, 612.0, 300.0, 623.0, "Ipsum 123(4):duab035."))
    b.styled = "*Ipsum* 123(4):duab035."
    j = _joined(a, b, " ")
    assert j[4] == "long-term trends. Ornithological Ipsum 123(4):duab035."
    assert j.styled == "long-term trends. *Ornithological Ipsum* 123(4):duab035."
    c = _Piece((80.0, 612.0, 300.0, 623.0, "Letters, 2013"))
    c.italic = True
    assert _joined(a, c, " ").styled == "long-term trends. *Ornithological Letters, 2013*"


# --- posts named after a science ---------------------------------------------------------

def test_posts_named_after_a_science_are_titles():
    """"Principal Ecologist", "Senior Research Ecologist", "Staff Economist": titles, as "Research
    Scientist" is (before, the lines ran into one post, the second title read as its
    organization)."""
    text = ("PROFESSIONAL APPOINTMENTS\n\n2018–\tPrincipal Ecologist, Blue Lorem Conservancy\n"
            "2015–18\tSenior Research Ecologist, Blue Lorem Conservancy\n\n"
            "2014–15\tStaff Economist, Marlow Ipsum Bureau\n")
    r = extract(read_document_text(text))
    assert [(p.title, p.organization, p.start) for p in r.positions] == [
        ("Principal Ecologist", "Blue Lorem Conservancy", "2018"),
        ("Senior Research Ecologist", "Blue Lorem Conservancy", "2015"),
        ("Staff Economist", "Marlow Ipsum Bureau", "2014")]


# --- two columns over several pages --------------------------------------------------------

def _two_column_page(main: list[str], side: list[str], header: str | None = None, footer: str | None = None):
    """An invented page: a main column right of the gutter at x = 200, a sidebar left of it, and
    a browser's header and footer in the page's margins."""
    from mappers.convert import _Page

    def rows(texts, top):
        return [_Row(t, top - 12 * k, top - 12 * k - 10, 10) for k, t in enumerate(texts)]

    page = _Page([])
    page.gutter, page.width, page.right_first = 200.0, 612.0, True
    page.right, page.left = rows(main, 740), rows(side, 740)
    page.top = rows([header], 780) if header else []
    page.bottom = rows([footer], 20) if footer else []
    return page


def test_a_sidebar_layout_over_two_pages_is_read_column_by_column():
    """A CSS grid CV printed over two pages: the main column goes on at the top of page 2's main
    column, so the pages are read column by column (the main column of both pages, then the
    sidebar of both); the browser's header and footer of each page are dropped (they lay across
    the gutter). Before, page 1's sidebar came between the two halves of "Experience", and the
    posts on page 2 were read as awards."""
    from mappers.convert import _column_pages

    p1 = _two_column_page(["Dana Orr", "Experience", "• 2019 - present: Lecturer, Kelbrook College"],
                          ["Education", "• 2015 Ph.D., University of Marlow"],
                          "3/7/25, 10:42 PM\tDana Orr – CV", "file:///home/dana/cv.html\t1/2")
    p2 = _two_column_page(["• 2016 - 2019: Research Associate, University of Marlow"],
                          ["Awards", "• 2014 Lorem Prize of the Ipsum Society"],
                          "3/7/25, 10:42 PM\tDana Orr – CV", "file:///home/dana/cv.html\t2/2")
    lines = [ln for ln in rows_to_text(_column_pages([p1, p2])).splitlines() if ln]
    assert lines == ["Dana Orr", "Experience", "• 2019 - present: Lecturer, Kelbrook College",
                     "• 2016 - 2019: Research Associate, University of Marlow",
                     "Education", "• 2015 Ph.D., University of Marlow", "Awards", "• 2014 Lorem Prize of the Ipsum Society"]
    # one page alone in two columns is read as before: its first column, then the other
    one = [ln for ln in rows_to_text(_column_pages([p1])).splitlines() if ln]
    assert one == ["Dana Orr", "Experience", "• 2019 - present: Lecturer, Kelbrook College",
                   "Education", "• 2015 Ph.D., University of Marlow"]


def test_a_printed_grid_cv_whose_sidebar_ends_on_page_one(tmp_path):
    """End to end: an invented CV in a CSS grid (sidebar 1fr in smaller type, main 2fr) whose main column runs
    onto page 2 while the sidebar ends on page 1: page 2 is one column right of page 1's gutter,
    and goes on with page 1's main column. Every post is a position, none an award."""
    posts = "".join(
        f"<p><b>{2020 - 2 * k} - {2022 - 2 * k}</b> {('Kelbrook College', 'University of Marlow')[k % 2]} | "
        f"{('Lecturer', 'Research Fellow', 'Research Associate', 'Teaching Fellow')[k % 4]}</p>"
        f"<ul><li>Ran the lorem survey of the Marlow dunes and wrote the yearly report on it.</li>"
        f"<li>Kept the ipsum archive of the college in good order for its many readers.</li></ul>"
        for k in range(14))
    html = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Dana Orr</title><style>"
            ".g{display:grid;grid-template-columns:1fr 2fr;gap:2em} body{font-family:serif;font-size:11pt}"
            "h2{font-size:16pt} .side{font-size:9.5pt}</style></head><body><div class='g'><div class='side'>"
            "<h2>Education</h2><p><b>2010 - 2014</b> University of Marlow</p><ul><li>Ph.D. in Lorem Studies.</li></ul>"
            "<h2>Awards</h2><p><b>2013</b> Ipsum Society Prize</p><h2>Skills</h2><ul><li>Field surveys</li>"
            "<li>Archive work</li><li>Lorem statistics</li><li>Dune mapping</li></ul></div>"
            f"<div class='main'><h1>Dana Orr</h1><h2>Experience</h2>{posts}</div></div></body></html>")
    doc = read_document(_print_pdf(tmp_path, html))
    r = extract(doc)
    assert len(r.positions) == 14
    assert [a.name for a in r.awards] == ["Ipsum Society Prize"]


# --- "Languages" as a group of the skills -------------------------------------------------

@pytest.mark.parametrize("fmt", ["pdf", "markdown"])
def test_a_languages_group_right_under_the_skills_heading_lists_programming_languages(fmt):
    """"Technical Skills" / "Languages" / "Python" …: a group of the skills (HTML's h2 / h3, flat
    in a PDF's text), not the languages the subject speaks (before, every skill below it was
    read as a spoken language). Under "Skills" with English and French, "Languages" stays
    languages."""
    if fmt == "pdf":
        text = ("Technical Skills\n\nLanguages\n\nPython\nJava\nC#\n\nBackend programming\n\nNode.js\n.NET Core\n\n"
                "Professional Experience\n\nData Engineer\tLorem Labs\tAug 2018 - Jun 2019\n")
    else:
        text = ("## Technical Skills\n\n### Languages\n\n- Python\n- Java\n- C#\n\n### Backend programming\n\n"
                "- Node.js\n- .NET Core\n\n## Professional Experience\n\n**Data Engineer**, Lorem Labs, Aug 2018 - Jun 2019\n")
    from mappers.read import SourceDocument

    r = extract(SourceDocument(path="cv", name="cv", sha256="0" * 64, format=fmt, text=text))
    assert r.languages == []
    assert {"Python", "Java", "C#", "Node.js"} <= set(r.skills)
    spoken = extract(read_document_text("Dana Orr\n\nEducation\n\nPh.D., University of Marlow, 2015\n\n"
                                        "Skills\n\nLanguages\n\nEnglish (native), French (fluent)\n\nLaTeX, Git\n"))
    assert spoken.languages and not any("Python" in s for s in spoken.skills)


def test_a_browsers_print_header_and_footer_in_pdfminers_text_are_no_content():
    """pdfminer's text of a one-page browser print: the time of printing, the page title, the
    body, the file's address and "1/1", each a line of its own. The stamp, the address and the
    count go (the address was read as the last post's description); the title line stays."""
    from mappers.read import SourceDocument

    text = ("3/7/25, 10:42 PM\n\nDana Orr – CV\n\nPositions\n\n"
            "2019 - present: Lecturer, Kelbrook College, Arcadia\n"
            "2015 - 2019: Research Associate, University of Marlow, Arcadia\n\n"
            "\ufb01le:///home/dana/site/cv.html\n\n1/1\n\n\f")
    r = extract(SourceDocument(path="cv.txt", name="cv.txt", sha256="0" * 64, format="text", text=text))
    assert [(p.title, p.start, p.description) for p in r.positions] == [
        ("Lecturer", "2019", None), ("Research Associate", "2015", None)]
    assert not any("file" in (p.description or "") + p.organization for p in r.positions)


# --- a quoted title after initials-first authors and a closing "and" -----------------------

def test_a_quoted_title_after_an_oxford_and_is_the_title():
    """"A. B. Lee, C. D. Fox, and E. F. Roe. “Title”, Phys. Rev. Lett. 120, 216101 (2018).": the
    quotes bound the title (before, the APS reading cut the authors at the last comma and took
    "and E. F. Roe. “Title”" for the title). The APS shape without quotes reads as before."""
    from mappers.extract.publications import parse_reference

    for ref, authors in [
            ("A. B. Lee, C. D. Fox, and E. F. Roe. “Sparse lorem methods for ipsum”, Phys. Rev. Lett. 120, 216101 (2018).",
             ["A. B. Lee", "C. D. Fox", "E. F. Roe"]),
            ('G.H. Poe, A.B. Lee, and I.J. Kay. "Sparse lorem methods for ipsum", J. Appl. Phys. 118, 135709 (2018).',
             ["G.H. Poe", "A.B. Lee", "I.J. Kay"])]:
        e = parse_reference(ref, "")
        assert (e["title"], [a.name for a in e["authors"]], e.get("year")) == ("Sparse lorem methods for ipsum", authors, "2018")
    e = parse_reference("T. Roe, M. Kay, and R. Lee, Lorem ipsum in dolor, Phys. Rev. Lett. 127, 097201 (2021).", "")
    assert (e["title"], [a.name for a in e["authors"]], e.get("venue")) == (
        "Lorem ipsum in dolor", ["T. Roe", "M. Kay", "R. Lee"], "Phys. Rev. Lett.")


def test_a_plain_title_followed_by_its_byline_in_brackets():
    """"2023 A compositional lorem game (A. Roe, 2023)": the title (bold on the web page, plain in
    its PDF), then the authors in initials and surname and the year in brackets. A publisher and
    year in brackets ("(Springer, 2019)") is no byline."""
    from mappers.extract.publications import parse_reference

    e = parse_reference("2023 A compositional lorem game to divide an ipsum cake (A. Roe, 2023)", "")
    assert (e["title"], [a.name for a in e["authors"]], e["year"]) == ("A compositional lorem game to divide an ipsum cake", ["A. Roe"], "2023")
    e = parse_reference("Dolor Structures in the Lorem Model (A. Roe and B. C. Lee, 2018) Under supervision of prof. Di Fox", "")
    assert (e["title"], [a.name for a in e["authors"]], e["year"]) == ("Dolor Structures in the Lorem Model", ["A. Roe", "B. C. Lee"], "2018")
    e = parse_reference("Lorem methods for ipsum (Springer, 2019)", "")
    assert e is None
