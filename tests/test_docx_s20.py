"""Word (.docx) and OpenDocument (.odt) CVs (session 20): read by content, converted to the HTML
the project's HTML path reads, extracted by the general text extractor.

Every document is INVENTED and made here: .docx with python-docx, .odt with odfpy, in the
shapes word-processor CVs take (Heading styles; bold or capitals headings; a date-column
table; tabs between dates and entries; hyperlinks for e-mail, ORCID and GitHub; bullets;
contact lines in the page header). Bad input: other zips, old .doc, encrypted, corrupt and
oversized files, zip bombs."""
from __future__ import annotations

import io
import json
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from cvgraph.errors import DocumentError
from mappers import office
from mappers.convert import html_to_text
from mappers.extract import extract
from mappers.read import MEDIA_TYPES, iter_input_files, read_document

from .conftest import ROOT

docx = pytest.importorskip("docx", reason="python-docx writes the test documents (the 'test' extra)")
from docx.enum.style import WD_STYLE_TYPE  # noqa: E402
from docx.opc.constants import RELATIONSHIP_TYPE  # noqa: E402
from docx.oxml import OxmlElement  # noqa: E402
from docx.oxml.ns import qn  # noqa: E402
from docx.shared import Pt  # noqa: E402

DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
ODT_TYPE = "application/vnd.oasis.opendocument.text"


# ---------------------------------------------------------------- writing invented documents

def add_link(paragraph, url: str, label: str, bold: bool = False) -> None:
    """A real w:hyperlink with its relationship (python-docx has no API for one)."""
    r_id = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), r_id)
    run = OxmlElement("w:r")
    if bold:
        props = OxmlElement("w:rPr")
        props.append(OxmlElement("w:b"))
        run.append(props)
    text = OxmlElement("w:t")
    text.text = label
    text.set(qn("xml:space"), "preserve")
    run.append(text)
    link.append(run)
    paragraph._p.append(link)


def runs(paragraph, *pieces) -> None:
    """pieces: text, or (text, 'b') for a bold run."""
    for piece in pieces:
        if isinstance(piece, tuple):
            paragraph.add_run(piece[0]).bold = True
        else:
            paragraph.add_run(piece)


def save(document, path: Path) -> Path:
    document.save(str(path))
    return path


def heading_styles_cv(path: Path) -> Path:
    """Word's own styles: Title for the name, Heading 1 for sections, List Bullet entries."""
    d = docx.Document()
    d.add_paragraph("Orla Brennick", style="Title")
    p = d.add_paragraph("Email: ")
    add_link(p, "mailto:o.brennick@halvard-inst.example.org", "o.brennick@halvard-inst.example.org")
    p.add_run(" | ")
    add_link(p, "https://orcid.org/0000-0002-1825-0097", "ORCID")
    p.add_run(" | ")
    add_link(p, "https://github.com/obrennick", "GitHub")
    d.add_heading("Education", level=1)
    d.add_paragraph("Ph.D. in Marine Geology, Halvard Institute of Technology, 2014 – 2019")
    d.add_paragraph("Advisor: Prof. Tamsin Greaves")
    d.add_paragraph("B.Sc. in Earth Sciences, University of Corrowmere, 2010 – 2014")
    d.add_heading("Professional Experience", level=1)
    d.add_paragraph("Research Scientist, Northfold Ocean Laboratory, 2021 – present")
    d.add_paragraph("Led sediment-core surveys on three cruises.", style="List Bullet")
    d.add_paragraph("Postdoctoral Fellow, Halvard Institute of Technology, 2019 – 2021")
    d.add_heading("Publications", level=1)
    p = d.add_paragraph(style="List Number")
    runs(p, ("Brennick, O.", "b"), ", Ashdown, P., & Velloso, K. (2022). Turbidite timing on a passive margin. "
         "Journal of Sedimentary Records, 14(2), 101–118.")
    p = d.add_paragraph(style="List Number")
    runs(p, "Ashdown, P., ", ("Brennick, O.", "b"), ", & Marsh, L. (2020). Grain-size proxies for storm layers. "
         "Marine Deposits, 8, 45–60.")
    return save(d, path)


def bold_caps_cv(path: Path) -> Path:
    """No Heading styles: sections are bold capitals (typed, or Word's All caps), one larger and
    bold; tabs separate dates from entries; contact lines in the page header."""
    d = docx.Document()
    header = d.sections[0].header.paragraphs[0]
    header.text = "ilsa.varnholt@corrow-univ.example.edu\t+44 20 7946 0321"
    p = d.add_paragraph()
    r = p.add_run("Ilsa Varnholt")
    r.bold, r.font.size = True, Pt(20)
    d.add_paragraph("Lecturer in Computational Linguistics")
    p = d.add_paragraph()
    r = p.add_run("Education")
    r.bold, r.font.all_caps = True, True
    d.add_paragraph("2013 – 2017\tPh.D. in Linguistics, University of Corrowmere")
    d.add_paragraph("2011 – 2013\tM.A. in Applied Linguistics, Tessaly College")
    p = d.add_paragraph()
    r = p.add_run("Academic Appointments")
    r.bold, r.font.size = True, Pt(14)
    d.add_paragraph("2020 – present\tLecturer, Department of Language Sciences, University of Corrowmere")
    d.add_paragraph("2017 – 2020\tResearch Associate, Brannock Speech Institute")
    p = d.add_paragraph()
    p.add_run("SELECTED PUBLICATIONS").bold = True
    p = d.add_paragraph()
    runs(p, ("Varnholt, I.", "b"), ", & Okafor-Lind, D. (2021). Morphological segmentation of low-resource "
         "languages. Computational Linguistics Review, 47(3), 233–260.")
    p = d.add_paragraph()
    runs(p, "Pellam, S., ", ("Varnholt, I.", "b"), ", Quist, A., & Okafor-Lind, D. (2019). Tone in dialect "
         "corpora. Journal of Phonetic Data, 12, 1–19.")
    return save(d, path)


def date_table_cv(path: Path) -> Path:
    """A two-column table: dates on the left, the entry (in several paragraphs) on the right."""
    d = docx.Document()
    p = d.add_paragraph()
    r = p.add_run("Teodor Halsey-Quinn")
    r.bold, r.font.size = True, Pt(18)
    p = d.add_paragraph()
    add_link(p, "mailto:thq@pellow.example.org", "Email")
    p.add_run(" · ")
    add_link(p, "https://github.com/thalseyq", "GitHub")
    d.add_heading("Employment", level=2)
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text = "2018 – present"
    cell = t.cell(0, 1)
    cell.text = ""
    runs(cell.paragraphs[0], ("Associate Professor", "b"), ", School of Computing, Pellow University")
    cell.add_paragraph("Teaching distributed systems and supervising four doctoral students.")
    t.cell(1, 0).text = "2014 – 2018"
    t.cell(1, 1).text = "Assistant Professor, Department of Informatics, Marrick College"
    d.add_heading("Education", level=2)
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text = "2014"
    t.cell(0, 1).text = "Ph.D. in Computer Science, Marrick College"
    t.cell(1, 0).text = "2009"
    t.cell(1, 1).text = "B.Eng. in Software Engineering, Pellow University"
    return save(d, path)


# ---- .odt (odfpy)

def odt_cv(path: Path, *, bold_headings: bool = False) -> Path:
    from odf.opendocument import OpenDocumentText
    from odf.style import Header, MasterPage, PageLayout, Style, TextProperties
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.text import A, H, List, ListItem, P, Span, Tab

    doc = OpenDocumentText()
    bold = Style(name="Bold", family="text")
    bold.addElement(TextProperties(fontweight="bold"))
    big = Style(name="BigBold", family="paragraph")
    big.addElement(TextProperties(fontweight="bold", fontsize="17pt"))
    caps = Style(name="CapsHead", family="paragraph")
    caps.addElement(TextProperties(fontweight="bold", texttransform="uppercase"))
    for s in (bold, big, caps):
        doc.automaticstyles.addElement(s)
    layout = PageLayout(name="pm1")
    doc.automaticstyles.addElement(layout)
    master = MasterPage(name="Standard", pagelayoutname=layout)
    header = Header()
    hp = P(text="Phone +1 555 0142 · ")
    hp.addElement(A(href="mailto:r.ambrose@quellin.example.edu", text="r.ambrose@quellin.example.edu"))
    header.addElement(hp)
    master.addElement(header)
    doc.masterstyles.addElement(master)

    def heading(text: str):
        if bold_headings:
            return P(stylename=caps, text=text.lower())
        return H(outlinelevel=1, text=text)

    doc.text.addElement(P(stylename=big, text="Rosalind Ambrose"))
    p = P()
    p.addElement(A(href="https://orcid.org/0000-0001-5109-3700", text="ORCID"))
    p.addText(" · ")
    p.addElement(A(href="https://github.com/rambrose-lab", text="GitHub"))
    doc.text.addElement(p)
    doc.text.addElement(heading("Education"))
    for when, what in (("2012 – 2016", "Ph.D. in Plant Biology, Quellin University"),
                       ("2008 – 2012", "B.Sc. in Botany, Yarrowby College")):
        p = P(text=when)
        p.addElement(Tab())
        p.addText(what)
        doc.text.addElement(p)
    doc.text.addElement(heading("Research Experience"))
    p = P(text="2019 – present")
    p.addElement(Tab())
    p.addText("Senior Scientist, Fenmarch Botanical Institute")
    doc.text.addElement(p)
    lst = List()
    item = ListItem()
    item.addElement(P(text="Runs the seed-bank genotyping programme."))
    lst.addElement(item)
    doc.text.addElement(lst)
    doc.text.addElement(heading("Awards"))
    table = Table(name="Awards")
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    for when, what in (("2020", "Early Career Award, Society for Plant Physiology"),
                       ("2015", "Graduate Fellowship, Quellin University")):
        row = TableRow()
        for text in (when, what):
            cell = TableCell()
            cell.addElement(P(text=text))
            row.addElement(cell)
        table.addElement(row)
    doc.text.addElement(table)
    doc.text.addElement(heading("Publications"))
    lst = List()
    for before, after in (("", ", Tillery, J., & Oduya, M. (2021). Root exudates under drought. Plant Soil Letters, 5, 1–9."),
                          ("Oduya, M., ", ", & Tillery, J. (2018). Seed dormancy in alpine sedges. Alpine Botany Notes, 3, 20–31.")):
        item = ListItem()
        p = P(text=before) if before else P()
        p.addElement(Span(stylename=bold, text="Ambrose, R."))
        p.addText(after)
        item.addElement(p)
        lst.addElement(item)
    doc.text.addElement(lst)
    doc.save(str(path))
    return path


# ---------------------------------------------------------------- helpers

def record_of(path: Path):
    return extract(read_document(path))


def authors(pub) -> list[str]:
    return [a.name for a in pub.authors]


def edu(record) -> list[tuple]:
    return [(e.degree, e.institution, e.start, e.end) for e in record.education]


def pos(record) -> list[tuple]:
    return [(p.title, p.organization, p.start, p.end, p.current) for p in record.positions]


def sidebar_cv(path: Path) -> Path:
    """A template laid out with a one-row table: a side column (contact, skills) and the main
    column, whose first paragraph is the name in the largest type."""
    d = docx.Document()
    t = d.add_table(rows=1, cols=2)
    left, right = t.cell(0, 0), t.cell(0, 1)
    left.text = ""
    left.paragraphs[0].add_run("CONTACT").bold = True
    left.add_paragraph("wren.olafsdottir@kelby.example.ac.uk")
    add_link(left.add_paragraph(), "https://wren-lab.example.net/", "Website")
    left.add_paragraph().add_run("SKILLS").bold = True
    left.add_paragraph("R, Stan, field sampling")
    right.text = ""
    r = right.paragraphs[0].add_run("Wren Olafsdottir")
    r.bold, r.font.size = True, Pt(22)
    right.add_paragraph().add_run("EDUCATION").bold = True
    right.add_paragraph("2015 – 2019\tPh.D. in Ecology, Kelby University")
    right.add_paragraph().add_run("EXPERIENCE").bold = True
    right.add_paragraph("2019 – present\tPostdoctoral Researcher, Hollin Field Station")
    return save(d, path)


def custom_styles_cv(path: Path) -> Path:
    """Sections in a paragraph style of the template's own, named like a heading."""
    d = docx.Document()
    d.styles.add_style("Section Title", WD_STYLE_TYPE.PARAGRAPH)
    d.add_paragraph("Bram Castellane", style="Title")
    add_link(d.add_paragraph(), "https://bram-castellane.example.org", "Homepage")
    d.add_paragraph("Teaching", style="Section Title")
    d.add_paragraph("2021 – 2023\tLecturer, Introduction to Statistics (STAT 101), Vennor University")
    d.add_paragraph("Awards", style="Section Title")
    d.add_paragraph("2020\tYoung Investigator Award, Society for Applied Statistics")
    return save(d, path)


# ---------------------------------------------------------------- the formats

def test_formats_and_media_types(tmp_path):
    assert MEDIA_TYPES["docx"] == DOCX_TYPE and MEDIA_TYPES["odt"] == ODT_TYPE
    doc = read_document(heading_styles_cv(tmp_path / "cv.docx"))
    assert (doc.format, doc.media_type) == ("docx", DOCX_TYPE)
    doc = read_document(odt_cv(tmp_path / "cv.odt"))
    assert (doc.format, doc.media_type) == ("odt", ODT_TYPE)


@pytest.mark.parametrize("name", ["cv", "cv.txt", "cv.cv", "resume.dat"])
def test_detected_by_content_whatever_the_extension(tmp_path, name):
    """A Word or OpenDocument file saved without its extension, or under another one, is read
    as what it is: the zip's own parts say so."""
    data = heading_styles_cv(tmp_path / "a.docx").read_bytes()
    (tmp_path / name).write_bytes(data)
    assert read_document(tmp_path / name).format == "docx"
    data = odt_cv(tmp_path / "a.odt").read_bytes()
    (tmp_path / name).write_bytes(data)
    assert read_document(tmp_path / name).format == "odt"


def test_heading_styles_links_and_numbered_publications(tmp_path):
    doc = read_document(heading_styles_cv(tmp_path / "cv.docx"))
    assert doc.text.startswith("# Orla Brennick\n")          # the Title style is the document's title
    assert "\n# Education\n" in doc.text and "\n# Professional Experience\n" in doc.text
    r = extract(doc)
    assert r.person.name == "Orla Brennick"
    assert r.person.emails == ["o.brennick@halvard-inst.example.org"]
    assert r.person.profiles == ["https://orcid.org/0000-0002-1825-0097", "https://github.com/obrennick"]
    assert edu(r) == [("Ph.D. in Marine Geology", "Halvard Institute of Technology", "2014", "2019"),
                      ("B.Sc. in Earth Sciences", "University of Corrowmere", "2010", "2014")]
    assert r.education[0].advisors == ["Tamsin Greaves"]
    assert pos(r) == [("Research Scientist", "Northfold Ocean Laboratory", "2021", None, True),
                      ("Postdoctoral Fellow", "Halvard Institute of Technology", "2019", "2021", False)]
    assert r.positions[0].description == "Led sediment-core surveys on three cruises."
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Turbidite timing on a passive margin", "Journal of Sedimentary Records", "2022"),
        ("Grain-size proxies for storm layers", "Marine Deposits", "2020")]
    assert [authors(p) for p in r.publications] == [["O. Brennick", "P. Ashdown", "K. Velloso"],
                                                   ["P. Ashdown", "O. Brennick", "L. Marsh"]]
    assert [[a.is_subject for a in p.authors] for p in r.publications] == [[True, False, False], [False, True, False]]


def test_bold_and_capitals_headings_tabs_and_page_header(tmp_path):
    doc = read_document(bold_caps_cv(tmp_path / "cv.docx"))
    lines = doc.text.split("\n")
    # the page header's contact line first; Word's "All caps" written in capitals; bold or
    # larger lines that name a section are headings; the name in the largest type is the title
    assert lines[0] == "ilsa.varnholt@corrow-univ.example.edu\t+44 20 7946 0321"
    assert "# Ilsa Varnholt" in lines
    assert {"## EDUCATION", "## Academic Appointments", "## SELECTED PUBLICATIONS"} <= set(lines)
    assert "2013 – 2017\tPh.D. in Linguistics, University of Corrowmere" in lines
    r = extract(doc)
    assert r.person.name == "Ilsa Varnholt"
    assert r.person.emails == ["ilsa.varnholt@corrow-univ.example.edu"]
    assert r.person.phones == ["+44 20 7946 0321"]
    assert edu(r) == [("Ph.D. in Linguistics", "University of Corrowmere", "2013", "2017"),
                      ("M.A. in Applied Linguistics", "Tessaly College", "2011", "2013")]
    assert pos(r) == [("Lecturer", "University of Corrowmere", "2020", None, True),
                      ("Research Associate", "Brannock Speech Institute", "2017", "2020", False)]
    assert r.positions[0].unit == "Department of Language Sciences"
    assert [p.title for p in r.publications] == ["Morphological segmentation of low-resource languages",
                                                 "Tone in dialect corpora"]
    assert [authors(p) for p in r.publications] == [["I. Varnholt", "D. Okafor-Lind"],
                                                   ["S. Pellam", "I. Varnholt", "A. Quist", "D. Okafor-Lind"]]
    assert [[a.name for a in p.authors if a.is_subject] for p in r.publications] == [["I. Varnholt"], ["I. Varnholt"]]


def test_date_column_table(tmp_path):
    doc = read_document(date_table_cv(tmp_path / "cv.docx"))
    # one line per row, the date cell and the entry cell joined by a tab; the entry's sentence
    # under it is a detail of that entry
    assert "2018 – present\tAssociate Professor, School of Computing, Pellow University\n" \
           "- Teaching distributed systems and supervising four doctoral students." in doc.text
    r = extract(doc)
    assert r.person.name == "Teodor Halsey-Quinn"
    assert r.person.emails == ["thq@pellow.example.org"]
    assert r.person.profiles == ["https://github.com/thalseyq"]
    assert pos(r) == [("Associate Professor", "Pellow University", "2018", None, True),
                      ("Assistant Professor", "Marrick College", "2014", "2018", False)]
    assert r.positions[0].description == "Teaching distributed systems and supervising four doctoral students."
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D. in Computer Science", "Marrick College", "2014"),
        ("B.Eng. in Software Engineering", "Pellow University", "2009")]


def test_page_columns_table_and_the_name_in_the_largest_type(tmp_path):
    """A one-row layout table (side column, main column) is read cell by cell; the name, set in
    the document's largest type in the main column, is read first."""
    doc = read_document(sidebar_cv(tmp_path / "cv.docx"))
    assert doc.text.startswith("# Wren Olafsdottir\n")
    r = extract(doc)
    assert r.person.name == "Wren Olafsdottir"
    assert r.person.emails == ["wren.olafsdottir@kelby.example.ac.uk"]
    assert r.person.homepage == "https://wren-lab.example.net/"     # "Website" keeps its target
    assert r.skills == ["R", "Stan", "field sampling"]
    assert edu(r) == [("Ph.D. in Ecology", "Kelby University", "2015", "2019")]
    assert pos(r) == [("Postdoctoral Researcher", "Hollin Field Station", "2019", None, True)]


def test_custom_heading_styles(tmp_path):
    doc = read_document(custom_styles_cv(tmp_path / "cv.docx"))
    assert "\n## Teaching\n" in doc.text and "\n## Awards\n" in doc.text
    r = extract(doc)
    assert r.person.name == "Bram Castellane"
    assert r.person.homepage == "https://bram-castellane.example.org"
    assert [(t.role, t.course, t.institution, t.term) for t in r.teaching] == [
        ("Lecturer", "Introduction to Statistics (STAT 101)", "Vennor University", "2021 – 2023")]
    assert [(a.name, a.year) for a in r.awards] == [("Young Investigator Award, Society for Applied Statistics", "2020")]


@pytest.mark.parametrize("bold_headings", [False, True], ids=["text-h", "bold-capitals-style"])
def test_odt_cv(tmp_path, bold_headings):
    doc = read_document(odt_cv(tmp_path / "cv.odt", bold_headings=bold_headings))
    lines = doc.text.split("\n")
    assert lines[0] == "Phone +1 555 0142 · r.ambrose@quellin.example.edu"     # the page header
    assert lines[2] == "# Rosalind Ambrose"
    # headings: text:h elements, or paragraphs whose style is bold with text-transform uppercase
    assert ("## RESEARCH EXPERIENCE" if bold_headings else "# Research Experience") in lines
    r = extract(doc)
    assert r.person.name == "Rosalind Ambrose"
    assert r.person.emails == ["r.ambrose@quellin.example.edu"]
    assert r.person.phones == ["+1 555 0142"]
    assert r.person.profiles == ["https://orcid.org/0000-0001-5109-3700", "https://github.com/rambrose-lab"]
    assert edu(r) == [("Ph.D. in Plant Biology", "Quellin University", "2012", "2016"),
                      ("B.Sc. in Botany", "Yarrowby College", "2008", "2012")]
    assert pos(r) == [("Senior Scientist", "Fenmarch Botanical Institute", "2019", None, True)]
    assert r.positions[0].description == "Runs the seed-bank genotyping programme."
    assert [(a.name, a.year) for a in r.awards] == [("Early Career Award, Society for Plant Physiology", "2020"),
                                                    ("Graduate Fellowship, Quellin University", "2015")]
    assert [authors(p) for p in r.publications] == [["R. Ambrose", "J. Tillery", "M. Oduya"],
                                                   ["M. Oduya", "R. Ambrose", "J. Tillery"]]
    assert [[a.is_subject for a in p.authors] for p in r.publications] == [[True, False, False], [False, True, False]]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Root exudates under drought", "Plant Soil Letters", "2021"),
        ("Seed dormancy in alpine sedges", "Alpine Botany Notes", "2018")]


def test_the_subject_is_named_by_bold_marks_when_no_name_heads_the_document(tmp_path):
    """A publication list with the subject's name in bold, and no name at the top: the marks
    are read from the converted HTML, as for web pages."""
    d = docx.Document()
    d.add_heading("Publications", level=1)
    for before, after in (("", ", Lindqvist, A. (2021). Ice-shelf melt rates. Polar Letters, 9, 1–12."),
                          ("Lindqvist, A., ", " (2019). Firn density profiles. Glacier Notes, 2, 5–17."),
                          ("Oyelaran, B., ", ", & Lindqvist, A. (2018). Crevasse mapping. Polar Letters, 6, 33–41.")):
        p = d.add_paragraph(style="List Bullet")
        runs(p, before, ("Harrowgate, M.", "b"), after)
    r = record_of(save(d, tmp_path / "pubs.docx"))
    assert r.person.name == "M. Harrowgate"
    assert [[a.is_subject for a in p.authors] for p in r.publications] == [[True, False], [False, True],
                                                                          [False, True, False]]


def test_footnote_marks_and_notes_are_dropped():
    """mammoth writes a footnote's mark as '[1]' after the word and lists the notes after the
    last section: neither belongs to an entry."""
    html = ('<h1>Publications</h1><ol><li>Roe, J. (2020). Tidal mixing<sup><a href="#footnote-1" id="footnote-ref-1">'
            '[1]</a></sup>. Coastal Letters, 3, 1–9.</li></ol>'
            '<ol><li id="footnote-1"><p> Funded by the Lorem Trust. <a href="#footnote-ref-1">↑</a></p></li></ol>')
    text = html_to_text(office.finish_html(html), keep_tabs=True)
    assert text == "# Publications\n\n- Roe, J. (2020). Tidal mixing. Coastal Letters, 3, 1–9."


def test_tabs_stay_tabs_only_for_word_processor_documents():
    html = "<p>2019 – 2021\t  Lecturer,\tVennor University</p><p>\tindented</p>"
    assert html_to_text(html, keep_tabs=True) == "2019 – 2021\tLecturer,\tVennor University\n\nindented"
    assert html_to_text(html) == "2019 – 2021 Lecturer, Vennor University\n\nindented"     # web pages: white space


# ---------------------------------------------------------------- bad input

def _zip(path: Path, parts: dict[str, bytes], encrypted: bool = False) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    if encrypted:
        # zipfile cannot write encrypted entries: set the "encrypted" flag bit in every local
        # and central header, which is what an encrypting archiver leaves for a reader to see
        raw = bytearray(path.read_bytes())
        for sig, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
            i = raw.find(sig)
            while i != -1:
                raw[i + at] |= 0x1
                i = raw.find(sig, i + 4)
        path.write_bytes(bytes(raw))
        assert all(i.flag_bits & 0x1 for i in zipfile.ZipFile(path).infolist())
    return path


def _refused(path: Path, *words: str) -> str:
    with pytest.raises(DocumentError) as exc:
        read_document(path)
    message = str(exc.value)
    assert message.startswith(path.name + ": ") or path.name in message, message
    for w in words:
        assert w in message, message
    return message


def test_a_zip_that_is_neither_docx_nor_odt(tmp_path):
    _refused(_zip(tmp_path / "cv.docx", {"notes.txt": b"hello"}), "not a Word document", "word/document.xml")
    _refused(_zip(tmp_path / "cv.odt", {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet",
                                        "content.xml": b"<x/>"}), "not an OpenDocument text document")


def test_old_binary_doc_and_rtf_are_refused_with_what_to_do(tmp_path):
    ole = office.OLE2_MAGIC + b"\x00" * 504 + "WordDocument".encode("utf-16-le") + b"\x00" * 2000
    (tmp_path / "cv.doc").write_bytes(ole)
    _refused(tmp_path / "cv.doc", "old binary Word document (.doc)", "save it as .docx or PDF")
    (tmp_path / "cv2.doc").write_bytes(b"Jane Roe\nEducation\n")   # a .doc that is not even OLE2
    _refused(tmp_path / "cv2.doc", ".doc", "save it as .docx or PDF")
    (tmp_path / "cv.rtf").write_bytes(rb"{\rtf1\ansi Jane Roe\par}")
    _refused(tmp_path / "cv.rtf", "Rich Text Format", "save it as .docx or PDF")


def test_encrypted_documents(tmp_path):
    # Word encrypts a .docx into a compound file holding an "EncryptedPackage" stream
    enc = office.OLE2_MAGIC + b"\x00" * 504 + "EncryptedPackage".encode("utf-16-le") + b"\x00" * 2000
    (tmp_path / "cv.docx").write_bytes(enc)
    _refused(tmp_path / "cv.docx", "encrypted", "password")
    # a zip whose entries are encrypted
    _refused(_zip(tmp_path / "z.docx", {"word/document.xml": b"<w:document/>"}, encrypted=True), "encrypted")
    # an .odt whose manifest says its parts are encrypted
    manifest = (b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
                b'<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/>'
                b'</manifest:file-entry></manifest:manifest>')
    _refused(_zip(tmp_path / "cv.odt", {"mimetype": office.ODT_MIMETYPE, "META-INF/manifest.xml": manifest,
                                        "content.xml": b"\x93\x01garbage"}), "encrypted")


def test_corrupt_documents(tmp_path, capsys):
    data = heading_styles_cv(tmp_path / "good.docx").read_bytes()
    (tmp_path / "cut.docx").write_bytes(data[: len(data) // 2])
    _refused(tmp_path / "cut.docx", "corrupt Word document", "not a readable zip")
    (tmp_path / "junk.docx").write_bytes(b"Jane Roe, curriculum vitae")
    _refused(tmp_path / "junk.docx", "not a Word document", "no zip header")
    _refused(_zip(tmp_path / "bad-xml.docx", {"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<w:document><w:body"}),
             "damaged Word document")
    _refused(_zip(tmp_path / "bad.odt", {"mimetype": office.ODT_MIMETYPE, "content.xml": b"<office:document-content"}),
             "damaged OpenDocument text")
    # a good .odt whose content.xml is cut short: odfpy prints such a part and goes on without it;
    # it is refused, and nothing reaches stdout
    good = odt_cv(tmp_path / "good.odt")
    with zipfile.ZipFile(good) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    parts["content.xml"] = parts["content.xml"][: len(parts["content.xml"]) // 2]
    capsys.readouterr()
    _refused(_zip(tmp_path / "cut-content.odt", parts), "damaged OpenDocument text", "content.xml")
    assert capsys.readouterr().out == ""
    empty = docx.Document()
    _refused(save(empty, tmp_path / "empty.docx"), "no text left")


def test_zip_bombs_are_refused_before_parsing(tmp_path, monkeypatch):
    # the XML parts unpack past the limit (30 MB of spaces compress to ~30 kB)
    big = b"<x>" + b" " * (office.MAX_XML_BYTES + 1) + b"</x>"
    path = _zip(tmp_path / "bomb.docx", {"word/document.xml": b"<w:document/>", "customXml/item1.xml": big})
    assert path.stat().st_size < 200_000
    started = time.perf_counter()
    _refused(path, "unpacks to", "zip bomb")
    assert time.perf_counter() - started < 2.0
    # the text part alone past its own limit, in either format
    big = b"<w:document>" + b" " * (office.MAX_BODY_XML_BYTES + 1) + b"</w:document>"
    _refused(_zip(tmp_path / "long.docx", {"word/document.xml": big}), "text part unpacks to", "5 MB")
    _refused(_zip(tmp_path / "long.odt", {"mimetype": office.ODT_MIMETYPE, "content.xml": big}),
             "text part unpacks to", "5 MB")
    # too many entries
    parts = {"word/document.xml": b"<w:document/>"} | {f"word/media/i{n}.bin": b"" for n in range(office.MAX_ZIP_ENTRIES)}
    _refused(_zip(tmp_path / "many.docx", parts), "zip entries", "zip bomb")
    # the whole archive (images included) past its limit: the limit lowered so the test stays small
    monkeypatch.setattr(office, "MAX_ZIP_UNCOMPRESSED", 1_000_000)
    _refused(_zip(tmp_path / "media.docx", {"word/document.xml": b"<w:document/>", "word/media/x.png": b"\0" * 2_000_000}),
             "unpacks to", "zip bomb")


def test_a_conversion_past_its_time_limit_is_refused(tmp_path, monkeypatch):
    """As for PDFs: the converters run under a wall-clock alarm. A converter that never ends
    (stood in for by one that sleeps) is stopped at the limit, lowered here to 0.3 s."""
    import mammoth

    def forever(*args, **kwargs):
        while True:
            time.sleep(0.05)

    monkeypatch.setattr(office, "MAX_SECONDS", 0.3)
    monkeypatch.setattr(mammoth, "convert_to_html", forever)
    monkeypatch.setattr(office, "_odt_html", forever)
    for path in (heading_styles_cv(tmp_path / "cv.docx"), odt_cv(tmp_path / "cv.odt")):
        started = time.perf_counter()
        _refused(path, "took longer than", "malformed")
        assert time.perf_counter() - started < 5


def test_entity_declarations_are_refused(tmp_path):
    laughs = (b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
              b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
              b'<w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>')
    _refused(_zip(tmp_path / "dtd.docx", {"word/document.xml": laughs}), "DTD")


def test_word_owner_files_are_skipped_by_the_folder_walk(tmp_path):
    heading_styles_cv(tmp_path / "cv.docx")
    (tmp_path / "~$cv.docx").write_bytes(b"\x05Owner" + b"\0" * 150)      # Word's lock file beside an open document
    assert [p.name for p in iter_input_files([tmp_path])] == ["cv.docx"]


# ---------------------------------------------------------------- end to end

def test_cvgraph_build_on_a_folder_with_a_docx(tmp_path):
    folder = tmp_path / "cvs"
    folder.mkdir()
    bold_caps_cv(folder / "varnholt.docx")
    odt_cv(folder / "ambrose.odt")
    store = tmp_path / "store"
    res = subprocess.run([sys.executable, "-m", "cvgraph.cli", "build", str(folder), "--store", str(store)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr + res.stdout
    assert "documents: 2" in res.stdout and "SHACL violations: 0" in res.stdout, res.stdout
    query = """SELECT ?name ?type ?person WHERE { GRAPH ?g { ?doc a schema:DigitalDocument, prov:Entity ;
                 schema:name ?name ; schema:encodingFormat ?type ; schema:about ?p . ?p schema:name ?person }
                 FILTER(?g = ?doc) } ORDER BY ?name"""
    res = subprocess.run([sys.executable, "-m", "cvgraph.cli", "query", query, "--store", str(store), "--format", "json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    rows = [(b["name"]["value"], b["type"]["value"], b["person"]["value"])
            for b in json.loads(res.stdout)["results"]["bindings"]]
    assert rows == [("ambrose.odt", ODT_TYPE, "Rosalind Ambrose"), ("varnholt.docx", DOCX_TYPE, "Ilsa Varnholt")]


def test_right_hand_dates_typed_bullets_and_a_table_with_dates_on_the_right(tmp_path):
    """Entries with their dates after a (right-aligned) tab, bullets typed as '•' and a tab,
    bold role lines that are no headings, and a table whose right column holds the dates."""
    d = docx.Document()
    p = d.add_paragraph()
    r = p.add_run("Selma Drakeford")
    r.bold, r.font.size = True, Pt(16)
    d.add_paragraph("selma.drakeford@ostrava-tech.example.cz")
    d.add_paragraph().add_run("EXPERIENCE").bold = True
    runs(d.add_paragraph(), ("Marlow Polytechnic", "b"), "\t2019 – Present")
    d.add_paragraph("Assistant Professor of Chemistry")
    d.add_paragraph("•\tTaught organic chemistry to 200 undergraduates each year.")
    runs(d.add_paragraph(), ("Ostrava Institute of Technology", "b"), "\tSep 2016 – Aug 2019")
    d.add_paragraph("Postdoctoral Researcher")
    d.add_paragraph().add_run("TEACHING").bold = True
    d.add_paragraph().add_run("Teaching Assistant").bold = True       # a role in bold: not a heading
    d.add_paragraph("Organic Chemistry I, University of Velmar, Fall 2011")
    d.add_paragraph().add_run("EDUCATION").bold = True
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Ph.D. in Chemistry, Ostrava Institute of Technology", "2016"
    t.cell(1, 0).text, t.cell(1, 1).text = "M.Sc. in Chemistry, University of Velmar", "2012"
    doc = read_document(save(d, tmp_path / "cv.docx"))
    assert "Marlow Polytechnic\t2019 – Present" in doc.text
    assert "Teaching Assistant" in doc.text.split("\n") and "## Teaching Assistant" not in doc.text
    r = extract(doc)
    assert r.person.name == "Selma Drakeford"
    assert pos(r) == [("Assistant Professor of Chemistry", "Marlow Polytechnic", "2019", None, True),
                      ("Postdoctoral Researcher", "Ostrava Institute of Technology", "2016-09", "2019-08", False)]
    assert r.positions[0].description == "Taught organic chemistry to 200 undergraduates each year."
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D. in Chemistry", "Ostrava Institute of Technology", "2016"),
        ("M.Sc. in Chemistry", "University of Velmar", "2012")]
    assert [(t.role, t.course, t.institution, t.term) for t in r.teaching] == [
        ("Teaching Assistant", "Organic Chemistry I", "University of Velmar", "Fall 2011")]


def _mutations(data: bytes, rng) -> list[bytes]:
    """Truncations, flipped bytes, and archives re-packed with their XML parts cut or scrambled."""
    out = [data[:n] for n in (30, 200, len(data) // 3, len(data) - 30)]
    for _ in range(8):
        b = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        out.append(bytes(b))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    for _ in range(10):
        name = rng.choice([n for n in parts if n.endswith(".xml")])
        xml = bytearray(parts[name])
        for _ in range(rng.randint(1, 20)):
            at = rng.randrange(len(xml))
            if rng.random() < 0.5:
                del xml[at: at + rng.randint(1, 40)]
            else:
                xml[at:at] = rng.choice([b"<", b">", b"&", b"</w:p>", b"<w:tbl>", b"<text:p>", b"\xff", b'"'])
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            for n, v in parts.items():
                z.writestr(n, bytes(xml) if n == name else v)
        out.append(buf.getvalue())
    return out


@pytest.mark.parametrize("fmt", ["docx", "odt"])
def test_damaged_documents_give_a_document_error_or_a_record(tmp_path, fmt):
    """Seeded mutations of a good document: each is read and extracted, or refused with a
    DocumentError naming the file; no other exception escapes."""
    import random

    from cvgraph.errors import CVGraphError

    good = heading_styles_cv(tmp_path / "g.docx") if fmt == "docx" else odt_cv(tmp_path / "g.odt")
    rng = random.Random(20)
    outcomes = {"record": 0, "refused": 0}
    for n, data in enumerate(_mutations(good.read_bytes(), rng)):
        path = tmp_path / f"m{n}.{fmt}"
        path.write_bytes(data)
        try:
            extract(read_document(path))
            outcomes["record"] += 1
        except CVGraphError as exc:
            assert path.name in str(exc)
            outcomes["refused"] += 1
    assert outcomes["refused"] >= 4          # the truncations at least


def test_headings_whose_look_comes_from_a_style(tmp_path):
    """A template's own paragraph style, named like no heading, that makes its text bold, in
    capitals and larger (the look is the style's, not the runs'): its section names are
    headings, written in capitals as the page shows them. A paragraph style based on it
    inherits the look."""
    d = docx.Document()
    label = d.styles.add_style("Resume Label", WD_STYLE_TYPE.PARAGRAPH)
    label.font.bold, label.font.all_caps, label.font.size = True, True, Pt(13)
    child = d.styles.add_style("Resume Label Accent", WD_STYLE_TYPE.PARAGRAPH)
    child.base_style = label
    big = d.styles.add_style("Resume Name", WD_STYLE_TYPE.PARAGRAPH)
    big.font.bold, big.font.size = True, Pt(24)
    d.add_paragraph("Ines Marchetti-Vale", style="Resume Name")
    d.add_paragraph("ines.mv@doravan.example.edu")
    d.add_paragraph("Education", style="Resume Label")
    d.add_paragraph("2016 – 2021\tPh.D. in Economics, Doravan University")
    d.add_paragraph("Employment", style="Resume Label Accent")
    d.add_paragraph("2021 – present\tAssistant Professor of Economics, Kestrel College")
    doc = read_document(save(d, tmp_path / "cv.docx"))
    lines = doc.text.split("\n")
    assert lines[0] == "# Ines Marchetti-Vale"
    assert "## EDUCATION" in lines and "## EMPLOYMENT" in lines
    r = extract(doc)
    assert r.person.name == "Ines Marchetti-Vale"
    assert edu(r) == [("Ph.D. in Economics", "Doravan University", "2016", "2021")]
    assert pos(r) == [("Assistant Professor of Economics", "Kestrel College", "2021", None, True)]


def test_section_labels_in_the_left_column_of_a_table(tmp_path):
    """A label-column layout: each row holds a section's name (bold) on the left and its
    entries (several paragraphs) on the right; combined names keep their kind."""
    d = docx.Document()
    p = d.add_paragraph()
    r = p.add_run("Casimir Oyelowo-Brandt")
    r.bold, r.font.size = True, Pt(18)
    d.add_paragraph("c.ob@fennick.example.edu")
    t = d.add_table(rows=3, cols=2)
    rows = (("Education and Training", ["2014 – 2018\tPh.D. in Sociology, Fennick University",
                                        "2012 – 2014\tM.A. in Sociology, Fennick University"]),
            ("Awards and Honors", ["2019\tBest Dissertation Award, Sociological Society of Arven",
                                   "2016\tTravel Grant, Fennick University"]),
            ("Skills and Certifications", ["Stata, R, qualitative interviewing"]))
    for n, (label, entries) in enumerate(rows):
        left, right = t.cell(n, 0), t.cell(n, 1)
        left.text = ""
        left.paragraphs[0].add_run(label).bold = True
        right.text = entries[0]
        for e in entries[1:]:
            right.add_paragraph(e)
    doc = read_document(save(d, tmp_path / "cv.docx"))
    assert "Awards and Honors\t2019\tBest Dissertation Award, Sociological Society of Arven\n" \
           "2016\tTravel Grant, Fennick University" in doc.text
    r = extract(doc)
    assert r.person.name == "Casimir Oyelowo-Brandt"
    assert edu(r) == [("Ph.D. in Sociology", "Fennick University", "2014", "2018"),
                      ("M.A. in Sociology", "Fennick University", "2012", "2014")]
    assert [(a.name, a.year) for a in r.awards] == [("Best Dissertation Award, Sociological Society of Arven", "2019"),
                                                    ("Travel Grant, Fennick University", "2016")]
    assert r.skills == ["Stata", "R", "qualitative interviewing"]
    assert r.positions == []


def test_only_table_and_latent_styles_are_cut_before_mammoth():
    """The speed-up (styles mammoth would parse for nothing) keeps every paragraph and character
    style, and leaves empty self-closing elements, which have no closing tag, alone."""
    styles = (b'<w:styles><w:latentStyles w:count="1"><w:lsdException w:name="x"/></w:latentStyles>'
              b'<w:style w:type="table" w:styleId="Empty"/>'
              b'<w:style w:type="paragraph" w:styleId="Label"><w:name w:val="Resume Label"/><w:rPr><w:b/></w:rPr></w:style>'
              b'<w:style w:type="table" w:styleId="Grid"><w:tblPr/><w:tblStylePr w:type="firstRow"/></w:style>'
              b'<w:style w:type="character" w:styleId="Strong"><w:rPr><w:b/></w:rPr></w:style></w:styles>')
    packed = office._docx_for_mammoth({"word/styles.xml": styles})
    with zipfile.ZipFile(io.BytesIO(packed)) as z:
        assert z.read("word/styles.xml") == (
            b'<w:styles><w:style w:type="table" w:styleId="Empty"/>'
            b'<w:style w:type="paragraph" w:styleId="Label"><w:name w:val="Resume Label"/><w:rPr><w:b/></w:rPr></w:style>'
            b'<w:style w:type="character" w:styleId="Strong"><w:rPr><w:b/></w:rPr></w:style></w:styles>')
