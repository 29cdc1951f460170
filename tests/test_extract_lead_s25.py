"""Session 25 (lead): two shapes of real CV data files that were refused whole ("not a YAML CV"),
numbered "(1)" reference lists, and a misspelt publications heading. Invented names and text."""
from __future__ import annotations

import re
import textwrap

from mappers.extract import extract
from mappers.read import read_document


def _extract(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return extract(read_document(str(path)))


CATEGORISED = """
categories :
  - signal processing
  - biology
  - teaching
items :
-
  category : signal processing
  title : Research Engineer
  place : Lorem Devices
  date : 2019-2022
  location : Nordval, Freedonia
-
  category: signal processing
  title: Co-founder and director
  place: Ipsum Analytics LTD
  date: 2016--2019
-
  category : biology
  title : Research associate
  place : University of Dolor
  date : 2015
  description : >
     A project on the
     growth of cells.
-
  category : biology
  title : Engineering degree
  place : Ecole Superieure de Lorem
  date : 2008-2011
-
  category : teaching
  date : 2013-2014
  title : Modelling in biology
  place : University of Dolor
"""


def test_flat_list_of_categorised_entries_is_read_by_category(tmp_path):
    r = _extract(tmp_path, "cv.yaml", CATEGORISED)
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Research Engineer", "Lorem Devices", "2019", "2022"),
        ("Co-founder and director", "Ipsum Analytics LTD", "2016", "2019"),
        ("Research associate", "University of Dolor", "2015", None)]
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Engineering degree", "Ecole Superieure de Lorem", "2008", "2011")]
    assert [(t.course, t.institution) for t in r.teaching] == [("Modelling in biology", "University of Dolor")]
    # each entry's line is its "-" line (a bare dash over the keys), not a line of the list of categories
    assert [p.line for p in r.positions] == [6, 12, 17]
    assert r.education[0].line == 25


def test_categories_of_another_list_are_left_alone(tmp_path):
    # a publication list grouped by a "kind" key is one publication list, not sections named by kinds
    r = _extract(tmp_path, "cv.yaml", """
        name: Jane Roe
        publications:
          - {kind: journal, title: Lorem ipsum dolor sit amet, authors: "J. Roe, K. Poe", year: 2020}
          - {kind: journal, title: Consectetur adipiscing elit, authors: "J. Roe", year: 2019}
          - {kind: conference, title: Sed do eiusmod tempor, authors: "J. Roe", year: 2018}
        """)
    assert [p.title for p in r.publications] == ["Lorem ipsum dolor sit amet", "Consectetur adipiscing elit",
                                                 "Sed do eiusmod tempor"]


LINES = """
content:
- '1 '
- ' JANE Q. ROE  '
- ' '
- 'Email : jane.roe@lorem.example  '
- 'Tel. : 202.555.0147  '
- ' '
- 'Positions : '
- ' 2021 -Present:     Economist, Research Department , Lorem Development Bank  '
- ' '
- '2014 -21:           Research Economist, Office of the Chief Economist , Ipsum Bank  '
- ' '
- 'Education : '
- ' 2011 -2014: PhD in Economics, University of Dolor , Freedonia  '
- ' '
- '2011: MS in Economics , University of Dolor , Freedonia  '
- ' '
- 'Selected Referred  Publications:  '
- '(1) Lorem and Ipsum in Open Economies. Journal of Lorem 2020, 12(2), pp. 304-325.'
- '(2) Dolor sit and amet of banks. Review of Ipsum 2019, 23(4), pp. 1580-1603. (with John
  DOE)'
- '(3) Consectetur and Growth. Economics of Dolor 2018, 3(1), pp. 1-18.'
"""


def test_text_cv_kept_as_a_yaml_list_of_lines_is_read_as_text(tmp_path):
    r = _extract(tmp_path, "cv.yaml", LINES)
    assert r.format == "yaml"
    assert r.person.name == "Jane Q. Roe"
    assert r.person.emails == ["jane.roe@lorem.example"]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Economist", "Lorem Development Bank", "2021", None, True),
        ("Research Economist", "Ipsum Bank", "2014", "2021", False)]
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("PhD in Economics", "University of Dolor", "2014"), ("MS in Economics", "University of Dolor", "2011")]
    # one work per "(N)" item (an item with no authors keeps its venue in the title, as in any text CV)
    assert [p.title.split(".")[0] for p in r.publications] == [
        "Lorem and Ipsum in Open Economies", "Dolor sit and amet of banks", "Consectetur and Growth"]
    # lines are those of the YAML source (a wrapped item keeps its first line)
    assert r.person.line == 3
    assert [p.line for p in r.publications] == [19, 20, 22]
    assert any("YAML list of lines" in w for w in r.report.warnings)


def test_a_list_of_strings_under_a_section_key_stays_that_section(tmp_path):
    skills = "\n".join(f"  - Lorem tool {i}" for i in range(15))
    r = _extract(tmp_path, "cv.yaml", "name: Jane Roe\nskills:\n" + skills + "\n")
    assert r.skills == [f"Lorem tool {i}" for i in range(15)]
    assert not r.report.warnings or not any("YAML list of lines" in w for w in r.report.warnings)


def test_references_numbered_in_brackets_are_one_work_each(tmp_path):
    r = _extract(tmp_path, "cv.txt", """
        Jane Roe
        (541) 555-0177
        jane@lorem.example

        Publications:
        (1) Lorem and ipsum in open economies. Journal of Lorem 2020, 12(2), pp. 304-325.
        (2) Ipsum and lorem of the banks. Journal of Ipsum 2019, 23(4) pp. 1580-1603. (with John
        DOE)
        (3) Dolor sit amet and growth. Review of Dolor 2018, 3(1), pp. 1-18.
        """)
    assert [p.title.split(".")[0] for p in r.publications] == [
        "Lorem and ipsum in open economies", "Ipsum and lorem of the banks", "Dolor sit amet and growth"]
    assert not any(re.search(r"(?:^|\s)\(\d\)\s", p.title) for p in r.publications)    # no item mark left in a title
    assert [a.name for a in r.publications[1].authors] == ["Jane Roe", "John DOE"]
    assert r.person.phones == ["(541) 555-0177"]        # a telephone number in brackets is no list mark


def test_misspelt_refereed_heading_opens_the_publications(tmp_path):
    r = _extract(tmp_path, "cv.txt", """
        Jane Roe
        jane@lorem.example

        Teaching Experience:
        2012 - 2014 : Econometrics, University of Lorem.

        Selected Referred Publications:
        1. Lorem and ipsum in open economies. Journal of Lorem 2020, 12(2), pp. 304-325.
        2. Ipsum and lorem of the banks. Journal of Ipsum 2019, 23(4) pp. 1580-1603.
        """)
    assert len(r.teaching) == 1
    assert [p.title.split(".")[0] for p in r.publications] == [
        "Lorem and ipsum in open economies", "Ipsum and lorem of the banks"]
