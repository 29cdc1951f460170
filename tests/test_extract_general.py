"""General extraction rules found by reading CVs the corpus does not have (academic site themes,
hand-written LaTeX, PDFs printed from several layouts). Each test is a small invented CV in
the layout that showed the problem; names, places and papers are made up."""
from __future__ import annotations

import textwrap

import pytest

from mappers.extract import extract
from mappers.extract.fields import publication_status
from mappers.extract.sections import split_sections
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def pubs(r):
    return [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue_acronym or p.venue,
             p.year, p.status) for p in r.publications]


# --- headings ------------------------------------------------------------------------------
def test_headings_with_pictographs_and_inline_html_are_sections():
    """Academic homepage themes put an emoji before each heading and links after it."""
    r = extract(_doc("""
        # Dana Quill

        # 🎓 Educations
        - Ph.D. in Statistics, Lakeside University, 2020 - 2024

        # 📝 Selected Works (<a href="/publications">full list</a>)
        - Dana Quill, Remy Moss. Sparse Graph Learning for Tables. ICML 2023.
        """))
    assert [(e.institution, e.level, e.start, e.end) for e in r.education] == [
        ("Lakeside University", "doctorate", "2020", "2024")]
    assert pubs(r) == [("Sparse Graph Learning for Tables", ["Dana Quill*", "Remy Moss"], "ICML", "2023", "published")]


def test_a_dated_parenthesis_keeps_an_entry_heading_an_entry():
    """'### Teaching Assistant (Spring 2015)' is an entry, not a new 'Teaching' section."""
    kinds = [s.kind for s in split_sections("## Teaching\n\n### Teaching Assistant (Spring 2015)\n\nCalculus I\n")]
    assert kinds == ["teaching"]


# --- HTML written inside Markdown ----------------------------------------------------------
def test_html_headings_and_tables_inside_markdown_are_read_with_true_line_numbers():
    r = extract(_doc("""
        # Dana Quill

        ## Experience
        - Research Scientist, Northwind Labs, 2021 - present

        <h2>Honors and Awards</h2>
        <table>
        <tr><td>2018</td><td>Blue Finch Fellowship</td></tr>
        <tr><td>2016</td><td>Lakeside Medal for Teaching</td></tr>
        </table>
        """))
    assert [(p.organization, p.title) for p in r.positions] == [("Northwind Labs", "Research Scientist")]
    assert [(a.name, a.year, a.line) for a in r.awards] == [
        ("Blue Finch Fellowship", "2018", 8), ("Lakeside Medal for Teaching", "2016", 9)]


def test_markup_line_breaks_keep_the_source_line():
    sections = split_sections("# Awards\n\n<ul><li>Prize A, 2019</li><li>Prize B, 2020</li></ul>\nPrize C, 2021\n")
    assert [(line.no, line.text) for line in sections[0].lines] == [
        (3, "Prize A, 2019"), (3, "Prize B, 2020"), (4, "Prize C, 2021")]


# --- publication status --------------------------------------------------------------------
@pytest.mark.parametrize("text, status", [
    ("Under review at ICML", "under review"),
    ("(In Review)", "under review"),
    ("Revise and resubmit, Journal of Widgets", "under review"),
    ("R&R at the Review of Tables", "under review"),
    ("3rd round review, Management Science", "under review"),
    ("submitted to NeurIPS", "in submission"),
    ("Working paper", "preprint"),
    ("Manuscript in preparation", "preprint"),
    ("arXiv:2101.00001", "preprint"),
    ("Proceedings of the Third Round Table on Widgets", None),
    ("Journal of Revisions in Chemistry", None),
    ("Proc. ICML 2021", None),
])
def test_publication_status_words(text, status):
    assert publication_status(text) == status


def test_status_words_in_a_json_resume_release_date():
    import json

    data = {"basics": {"name": "Dana Quill"},
            "publications": [{"name": "Tables at Scale", "publisher": "Journal of Widgets", "releaseDate": "under review"},
                             {"name": "Sparse Rows", "publisher": "Working paper"},
                             {"name": "Dense Rows", "publisher": "Journal of Widgets", "releaseDate": "2020-05-01"}]}
    r = extract(_doc(json.dumps(data, indent=1), "cv.json", "jsonresume"))
    assert [(p.title, p.status, p.year) for p in r.publications] == [
        ("Tables at Scale", "under review", None), ("Sparse Rows", "preprint", None),
        ("Dense Rows", "published", "2020")]


def test_a_date_before_an_award_is_its_year():
    r = extract(_doc("""
        # Dana Quill

        ## Awards
        - March 2024: Outstanding Reviewer, Conference on Widgets
        - 2019 – Best Poster Award, Lakeside Symposium
        - Bronze Prize of 2017 Lakeside Programming Contest
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Outstanding Reviewer, Conference on Widgets", "2024"), ("Best Poster Award, Lakeside Symposium", "2019"),
        ("Bronze Prize of 2017 Lakeside Programming Contest", "2017")]
