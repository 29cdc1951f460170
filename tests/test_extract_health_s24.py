"""Session 24, code health: fax numbers are not phones; the Pandoc list of works whose items hold
an inline `<span>`. Invented names, places and numbers in the shapes of real CVs."""
from __future__ import annotations

import textwrap

import pytest

from mappers.extract import extract
from mappers.extract.fields import find_phones
from mappers.read import SourceDocument, read_document


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


@pytest.mark.parametrize("text,phones", [
    # a fax number after its label, wherever it stands
    ("Fax: 030 7654321", []),
    ("FAX: (555)010-2299", []),
    ("Facsimile: +1 (555) 010-2299", []),
    ("Phone: +1 555 010 2200 Fax: +1 555 010 2299", ["+1 555 010 2200"]),
    ("Phone: (555) 010-2200; fax (555) 010-2299", ["(555) 010-2200"]),
    ("Fax: +1 555 010 2299 · Phone: +1 555 010 2200", ["+1 555 010 2200"]),
    ("T: +44 20 7946 0958  F: +44 20 7946 0959", ["+44 20 7946 0958"]),
    ("+1 555 010 2200 (office), +1 555 010 2299 (fax)", ["+1 555 010 2200"]),
    # a table: the label in one cell, the number in the next (HTML cells, Markdown pipes)
    ("Phone\t(555) 010-2200\nFax\t(555) 010-2299", ["(555) 010-2200"]),
    ("Fax:\n(555) 010-2299\nPhone:\n(555) 010-2200", ["(555) 010-2200"]),
    ("| Phone | (555) 010-2200 |\n| Fax | (555) 010-2299 |", ["(555) 010-2200"]),
    # a number for both the telephone and the fax is a phone
    ("Tel./Fax +49 30 1234 5678", ["+49 30 1234 5678"]),
    ("Tel/Fax: (555) 010-2200", ["(555) 010-2200"]),
    ("Phone & Fax: +1 555 010 2200", ["+1 555 010 2200"]),
    ("Fax/Telephone: +1 555 010 2200", ["+1 555 010 2200"]),
    # near shapes left alone: a town named Fairfax, a "PDF:" link label, an unlabelled number
    ("Lorem Hall, Fairfax, VA · (555) 010-2200", ["(555) 010-2200"]),
    ("PDF: +1 555 010 2200", ["+1 555 010 2200"]),
])
def test_a_fax_number_is_not_a_phone(text, phones):
    assert find_phones(text) == phones


def test_a_fax_row_of_an_html_contact_table_is_not_a_phone(tmp_path):
    path = tmp_path / "cv.html"
    path.write_text("""<html><body><h1>Wren Oakhurst</h1>
        <table><tr><td>Phone</td><td>(555) 010-2200</td></tr><tr><td>Fax</td><td>(555) 010-2299</td></tr>
        <tr><td>Email</td><td>wren@example.edu</td></tr></table>
        <h2>Education</h2><p>Ph.D., Geology, Lenhold University, 1991</p></body></html>""")
    person = extract(read_document(path)).person
    assert person.phones == ["(555) 010-2200"]
    assert person.emails == ["wren@example.edu"]


def test_a_fax_line_under_the_phone_lines_of_an_html_vita(tmp_path):
    # "<span>FAX:</span> (555)…" under the office and department numbers of an old hand-written vita
    path = tmp_path / "vita.html"
    path.write_text("""<html><body><h1>Vita - Tobin R Ashgrove</h1>
        <p>Office: (555)010-2200<br/>
        Department: (555)010-2201<br/>
        <span class="hl">FAX:</span> (555)010-2299<br/>
        Email: tashgrove@example.edu</p>
        <h2>Education</h2><p>Ph.D., Geology, Lenhold University, 1991</p></body></html>""")
    assert extract(read_document(path)).person.phones == ["(555)010-2200", "(555)010-2201"]


def test_a_tel_fax_number_in_a_markdown_header_is_the_phone():
    person = extract(_doc("""
        # Wren Oakhurst

        Department of Lorem, Ipsum University
        Tel./Fax +49 30 1234 5678 · wren@example.org

        ## Education

        - PhD, Lorem University, 2020
        """)).person
    assert person.phones == ["+49 30 1234 5678"]


# A work of more than 40 words that the reference reader cannot take apart (here an author list
# that ends in a working group's name), in a Pandoc definition list under its year: it was read as
# the abstract of the work before it and lost (a saved CV lost two works of 2011 so, when its "Jr,"
# author lists were still refused). 40 words or fewer, it had been kept.
_LONG_REFUSED = ("Quill J. and the Lorem Ipsum Dolor Sit Amet Working Group of the Valley Society of Stones and "
                 "Rivers. Merging lorem availability with ipsum mixing models: the role of neutral dolor "
                 "assumptions in the valley of lorem. Lorem ONE 6(7), e22015.")


def test_a_long_work_under_its_year_is_not_the_abstract_of_the_work_before():
    assert len(_LONG_REFUSED.split()) > 40
    text = f"""
        # Jana Quill

        Publications
        =========

        2012
        :\t* Roe, A. B., & Quill, J. [Counting lorem stones in the ipsum valley](/papers/roe2012.pdf). *Journal of Lorem Studies* 93(2), 329–341.

        2011
        :\t* {_LONG_REFUSED}
        """
    pubs = extract(_doc(text)).publications
    assert [(p.line, p.year) for p in pubs] == [(7, "2012"), (10, "2011")]
    assert pubs[0].title == "Counting lorem stones in the ipsum valley"
    assert "Merging lorem availability" in pubs[1].title


def test_a_long_work_in_the_next_item_of_the_list_is_not_an_abstract():
    text = f"""
        # Jana Quill

        ## Publications

        1. Roe, A. B., & Quill, J. (2012). Counting lorem stones in the ipsum valley. *Journal of Lorem Studies*, 93(2), 329–341.

        1. {_LONG_REFUSED}
        """
    pubs = extract(_doc(text)).publications
    assert [p.line for p in pubs] == [5, 7]
    assert "Merging lorem availability" in pubs[1].title


def test_a_long_paragraph_under_a_work_is_still_its_abstract():
    # (the same words in a paragraph of the item, not an item and not opening with a year: the
    # prose under the entry)
    text = f"""
        # Jana Quill

        ## Publications

        - Roe, A. B., & Quill, J. (2012). Counting lorem stones in the ipsum valley. *Journal of Lorem Studies*, 93(2), 329–341.

          {_LONG_REFUSED}

        - Quill, J. (2010). A short note on ipsum. *Lorem Letters*, 4, 1–2.
        """
    pubs = extract(_doc(text)).publications
    assert [(p.line, p.title, p.venue) for p in pubs] == [
        (5, "Counting lorem stones in the ipsum valley", "Journal of Lorem Studies"),
        (9, "A short note on ipsum", "Lorem Letters")]
