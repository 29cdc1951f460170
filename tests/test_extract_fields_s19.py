"""Session 19: CVs outside computer science (history, sociology, education, medicine,
chemistry, mathematics, the arts). Each test is an invented snippet in the shape a real CV of
that discipline takes; names, places, books and journals are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def pubs(r):
    return [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue, p.year, p.status)
            for p in r.publications]


# --- publications: the shapes of the humanities and mathematics -----------------------------
def test_co_author_note_after_a_title_is_no_venue():
    """Mathematics pages: "[Title](arXiv), (with Y. Roe). Submitted." and "Title, with Y. Roe.
    Submitted." — the note names co-authors; with no subject named it is dropped, never the venue."""
    r = extract(_doc("""
        ### Preprints

        2. [Lattice walks in irrational cones](https://arxiv.org/abs/1901.00001), with Q. Ferrand. Submitted.

        1. [Heights of toric cycles](https://arxiv.org/abs/1801.00002), (with L. Oyelaran and B. Tamm). Submitted.

        ### Papers

        1. [Sums of prime gaps in short intervals](https://arxiv.org/abs/1701.00003), (with S. Ndiaye). To appear in Acta Arith.
        """))
    assert [(p.title, p.venue, p.status, [a.name for a in p.authors]) for p in r.publications] == [
        ("Lattice walks in irrational cones", None, "in submission", []),
        ("Heights of toric cycles", None, "in submission", []),
        ("Sums of prime gaps in short intervals", "Acta Arith", "published", [])]


def test_co_author_note_gives_authors_when_the_subject_is_named():
    r = extract(_doc("""
        # Henrike Dalgaard

        ## Preprints
        - Boundaries of special cube complexes, with R. Aiyar and T. Yilmaz. Submitted.
        """))
    assert pubs(r) == [("Boundaries of special cube complexes", ["Henrike Dalgaard*", "R. Aiyar", "T. Yilmaz"], None,
                        None, "in submission")]


def test_a_chicago_chapter_names_its_book_not_its_editors_pages_and_publisher():
    r = extract(_doc("""
        # Mireille Castellan

        ## Book Chapters
        - “Almsgiving and the Urban Poor.” In *A Companion to Early Modern Charity*, edited by Ruth Okonjo and Lars Ebbe, 112–139. Cambridge: Fenwick University Press, 2021.
        - “Gilded Ledgers,” in _The Merchant Highway: A Guide to Archives_. Dana Trimble and Scott Merrow, eds. Armonk, New York: Ashgrove, 2006.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Almsgiving and the Urban Poor", "A Companion to Early Modern Charity", "2021"),
        ("Gilded Ledgers", "The Merchant Highway: A Guide to Archives", "2006")]


def test_an_apa_chapter_names_its_book():
    r = extract(_doc("""
        # Lucía Ferrandiz

        ## Book Chapters
        Whitcombe, D., & Ferrandiz, L. (2022). Belonging in higher education. In M. Tanabe & R. Oduya (Eds.), *Handbook of motivation in schools* (pp. 210–231). Northfield Press.
        """))
    assert pubs(r) == [("Belonging in higher education", ["D. Whitcombe", "L. Ferrandiz*"],
                        "Handbook of motivation in schools", "2022", "published")]


def test_books_with_a_place_and_any_publisher_and_edited_volumes():
    """Chicago books: "Title. Place: Publisher, Year." — the publisher need not say "Press" when
    its place is given; "forthcoming 2026"; an edited volume opening "With A. Roe, eds."."""
    r = extract(_doc("""
        # Mireille Castellan

        ## Books
        - *The Silk Road to Lyon: Trade, Faith and Family, 1500–1650*. Oxford: Harlow Academic Press, forthcoming 2026.
        - With Tomas Brennagh, eds. *Poverty and Piety in Renaissance Europe*. Leiden: Vennstra, 2020.
        - *Merchants of Grace*. Armonk, New York: Ashgrove, 2017.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("The Silk Road to Lyon: Trade, Faith and Family, 1500–1650", "Harlow Academic Press", "2026"),
        ("Poverty and Piety in Renaissance Europe", "Vennstra", "2020"),
        ("Merchants of Grace", "Ashgrove", "2017")]


def test_a_journal_title_with_a_colon_is_no_place_and_publisher():
    """"Title. Journal of Lorem: Subtitle, 2019." is no book: the words before the colon are no place."""
    r = extract(_doc("""
        # Mireille Castellan

        ## Articles
        - Castellan, M. Widows and wool in Lyon. Journal of Early Modern Lorem: Economy and Society, 2019.
        """))
    assert [(p.title, p.venue) for p in r.publications] == [
        ("Widows and wool in Lyon", "Journal of Early Modern Lorem: Economy and Society")]
