"""Session 19: Org-mode and reStructuredText CVs read as formats of their own (mappers/markup.py).

Every document here is invented, in the shapes of real Org and rST CVs on GitHub."""
from __future__ import annotations

import time

import pytest

from cvgraph.errors import DocumentError
from mappers.extract import extract
from mappers.markup import org_inline, org_to_text, rst_to_text
from mappers.read import read_document

ORG_CV = """\
:PROPERTIES:
#+TITLE: Curriculum Vitae
#+AUTHOR: Maren Quillfeather, Ph.D.
#+EMAIL: maren.quill@example.org
#+OPTIONS: toc:nil num:nil
#+LATEX_HEADER: \\usepackage{fancyhdr}
:END:
# a comment the reader drops
* Contact
[[mailto:maren.quill@example.org][maren.quill@example.org]]\\\\
[[https://quill.example.org]]\\\\
* Employment
+ Research Fellow, Brackwater Institute of Tides, Lorem City.
  Advisor Dr. Ivo Pennant.  August 2019 -- August 2021.
+ Postdoctoral Fellow, Department of Ocean Physics, Univ. of Dolorvale.
  September 2016 -- August 2019.
* Education
- Ph.D. in Oceanography, University of Dolorvale, 2016
- B.S. in Applied Mathematics, Amet State University, 2011
* Publications
- *Quillfeather, M.* and Roe, A. (2018). Tidal mixing in narrow straits. /Journal of Invented Oceans/, 12(3), 45--60.
* Setup                                                            :noexport:
#+BEGIN_SRC emacs-lisp
  (setq org-latex-pdf-process (list "latexmk -xelatex %f"))
#+END_SRC
"""


def _write(tmp_path, name: str, text: str):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_org_is_a_format_of_its_own(tmp_path):
    doc = read_document(_write(tmp_path, "cv.org", ORG_CV))
    assert doc.format == "org" and doc.media_type == "text/x-org"
    assert "#+" not in doc.text and ":PROPERTIES:" not in doc.text and "setq" not in doc.text
    assert doc.text.splitlines()[0] == "# Maren Quillfeather, Ph.D."
    assert "## Education" in doc.text.splitlines()


def test_org_cv_reads_like_the_markdown_one(tmp_path):
    r = extract(read_document(_write(tmp_path, "cv.org", ORG_CV)))
    assert r.format == "org"
    assert r.person.name == "Maren Quillfeather"
    assert "maren.quill@example.org" in r.person.emails
    assert {e.institution for e in r.education} == {"University of Dolorvale", "Amet State University"}
    starts = {p.start for p in r.positions}
    assert {"2019-08", "2016-09"} <= starts
    assert len(r.publications) == 1
    pub = r.publications[0]
    assert pub.title.startswith("Tidal mixing in narrow straits")
    assert any(a.is_subject for a in pub.authors)


def test_org_latex_export_blocks_are_read_as_latex(tmp_path):
    org = """#+options: title:nil toc:nil
#+begin_export latex
\\begin{center}{\\scshape\\huge Tomas Vellacourt}\\end{center}
#+end_export
* Education
  #+begin_export latex
  \\begin{tabular}{@{}b{0.15\\textwidth}@{}p{0.85\\textwidth}}
  \\oldstylenums{2019} & \\textbf{University of Lorem}\\\\
  & PhD in Linguistics \\\\
  \\end{tabular}
  #+end_export
"""
    r = extract(read_document(_write(tmp_path, "cv.org", org)))
    assert r.person.name == "Tomas Vellacourt"
    assert [(e.institution, e.end, e.level) for e in r.education] == [("University of Lorem", "2019", "doctorate")]


def test_org_properties_drawer_of_an_entry_gives_its_place_and_dates():
    org = """* Experience
** Senior Analyst
:PROPERTIES:
:CV_ENV: cventry
:FROM: <2014-09-01 Mon>
:TO: <2017-06-30>
:EMPLOYER: Ipsum Analytics
:LOCATION: Loremville
:END:
Built models.
"""
    text = org_to_text(org)
    assert "Ipsum Analytics, Loremville, Sep 2014 – Jun 2017" in text.splitlines()
    assert ":EMPLOYER:" not in text


@pytest.mark.parametrize(("org", "text"), [
    ("see [[https://ex.org/a/b][the /lab/ page]]", "see [the lab page](https://ex.org/a/b)"),
    ("site [[https://ex.org/a_b/c]]", "site https://ex.org/a_b/c"),
    ("*Roe, A.* and /Journal/ =code= ~verb~", "**Roe, A.** and Journal code verb"),
    ("2015/2016 and/or https://ex.org/x/y/ work", "2015/2016 and/or https://ex.org/x/y/ work"),
    ("talk [2018-11-29 Thu] in Lorem", "talk Nov 2018 in Lorem"),
    ("<2014-09-01 Mon 10:00>--<2015-01-31>", "Sep 2014 – Jan 2015"),
    ("a +struck+ word", "a  word"),
    ("line break\\\\", "line break"),
    ("“<<anchor>>Learning Without Borders” [fn:1]", "“Learning Without Borders” "),
    ("a <<<radio>>> word", "a radio word"),
])
def test_org_inline_markup(org, text):
    assert org_inline(org) == text


def test_org_lists_tables_and_headings():
    org = """* Skills
- Python
+ R
1. first
- term :: its description
| 2019 | Lorem Prize |
|------+-------------|
| 2017 | Ipsum Medal |
*not a heading*
"""
    lines = org_to_text(org).splitlines()
    assert lines[:5] == ["# Skills", "- Python", "- R", "1. first", "- term: its description"]
    assert "| 2019 | Lorem Prize |" in lines and "|---|---|" in lines
    assert "**not a heading**" in lines


RST_CV = """\
Wenna Halloran
==============

| wenna.halloran@example.org
| `website <https://halloran.example.org>`_

Experience
==========

**Dolorvale Robotics** - Lead Engineer (March 2017 - Present).

**Amet University** - Postdoctoral Researcher, Prof. Ivo
Pennant (June 2013 - February 2017).

Education
=========

-  **Ph.D.** Physics, Amet University, 2013
-  **B.S.** Mathematics, Lorem College, 2008

Publications
============

**Halloran, W.**, Pennant, I. `Heat flow in invented lattices
<https://doi.org/10.1234/inv.2015.1>`_. Journal of Invented Physics, 2015; 7: 10-20

.. note this comment is dropped
   with its indented body

Awards
------

=====  ===========================
2012   Lorem Fellowship
2010   Ipsum Prize for Teaching
=====  ===========================
"""


def test_rst_is_a_format_of_its_own(tmp_path):
    doc = read_document(_write(tmp_path, "cv.rst", RST_CV))
    assert doc.format == "rst" and doc.media_type == "text/x-rst"
    lines = doc.text.splitlines()
    assert lines[0] == "# Wenna Halloran" and "# Experience" in lines and "## Awards" in lines
    assert "| 2012 | Lorem Fellowship |" in lines
    assert "dropped" not in doc.text and "=====" not in doc.text


def test_rst_cv_reads(tmp_path):
    r = extract(read_document(_write(tmp_path, "cv.rst", RST_CV)))
    assert r.person.name == "Wenna Halloran"
    assert "wenna.halloran@example.org" in r.person.emails
    assert [(p.organization, p.start) for p in r.positions] == [("Dolorvale Robotics", "2017-03"),
                                                                ("Amet University", "2013-06")]
    assert r.positions[1].end == "2017-02"
    assert {e.institution for e in r.education} == {"Amet University", "Lorem College"}
    assert len(r.publications) == 1 and r.publications[0].title.startswith("Heat flow in invented lattices")
    assert {a.year for a in r.awards} == {"2012", "2010"}


def test_rst_adornment_order_decides_heading_levels():
    text = rst_to_text("=====\nTitle\n=====\n\nOne\n---\n\nTwo\n~~~\n\nThree\n-----\n")
    assert [ln for ln in text.splitlines() if ln.startswith("#")] == ["# Title", "## One", "### Two", "## Three"]


# --- bad input: text or a clear error, never an exception from the reader or a long run

BAD_ORG = [
    "#+BEGIN_SRC python\nprint(1)\n" * 2000,                        # blocks never closed
    ":PROPERTIES:\n" * 5000 + "* Education\nAmet University, 2010\n",  # drawers never closed
    "* " + "[[" * 20000 + "x" + "]]" * 5 + "\n",                  # unbalanced links
    "/" * 50000 + "\n" + "*a " * 20000 + "\n",                    # emphasis marks everywhere
    "#+END_EXPORT\n:END:\n#+begin_export latex\n\\textbf{\n",      # stray ends, open LaTeX
    "/a " * 300_000 + "\n",                                       # a megabyte line of would-be emphasis
]


@pytest.mark.parametrize("org", BAD_ORG)
def test_org_bad_input_gives_text_quickly(org):
    t = time.perf_counter()
    out = org_to_text(org)
    assert isinstance(out, str)
    assert time.perf_counter() - t < 2.0


BAD_RST = [
    "`" * 50000 + "\n",
    "Title\n" + "=" * 100000 + "\n",
    ".. directive::\n" + "   body\n" * 20000,
    "=== ===\n" + "a   b\n" * 5000,
    "`link <https://ex.org>`_ " * 5000 + "\n",
    "*" * 30000 + "\n" + ":" * 30000 + "\n",
    "`a` " * 300_000 + "\n",
]


@pytest.mark.parametrize("rst", BAD_RST)
def test_rst_bad_input_gives_text_quickly(rst):
    t = time.perf_counter()
    out = rst_to_text(rst)
    assert isinstance(out, str)
    assert time.perf_counter() - t < 2.0


@pytest.mark.parametrize("name", ["junk.org", "junk.rst"])
def test_binary_junk_is_refused_with_a_clear_error(tmp_path, name):
    p = tmp_path / name
    p.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(DocumentError, match="binary"):
        read_document(p)


@pytest.mark.parametrize(("name", "text"), [("empty.org", "#+OPTIONS: toc:nil\n#+LATEX_HEADER: x\n"),
                                            ("empty.rst", ".. comment only\n   nothing else\n")])
def test_markup_only_documents_say_no_text_is_left(tmp_path, name, text):
    with pytest.raises(DocumentError, match="no text left"):
        read_document(_write(tmp_path, name, text))


# --- tables without a header rule whose first cell is a date written year first or in full

YEAR_FIRST_MD = """# Ada Quernby

## Experience

| 2018 Dec | Research Intern, Dolor Laboratory, Springfield |
| 2015 June-Aug | Analyst, Amet Corporation, Lorem City |
| 2012 Mar – 2014 Feb | Engineer, Ipsum Corporation, Dolor City |
"""

YEAR_FIRST_HTML = """<html><body><h1>Ada Quernby</h1><h2>Experience</h2><table>
<tr><td>2018 Dec</td><td>Research Intern, Dolor Laboratory, Springfield</td></tr>
<tr><td>2015 June-Aug</td><td>Analyst, Amet Corporation, Lorem City</td></tr>
<tr><td>2012 Mar – 2014 Feb</td><td>Engineer, Ipsum Corporation, Dolor City</td></tr>
</table></body></html>"""

YEAR_FIRST_ORG = """#+AUTHOR: Ada Quernby
* Experience
| 2018 Dec            | Research Intern, Dolor Laboratory, Springfield |
| 2015 June-Aug       | Analyst, Amet Corporation, Lorem City          |
| 2012 Mar – 2014 Feb | Engineer, Ipsum Corporation, Dolor City               |
"""


@pytest.mark.parametrize(("name", "text"), [("cv.md", YEAR_FIRST_MD), ("cv.html", YEAR_FIRST_HTML),
                                            ("cv.org", YEAR_FIRST_ORG)])
def test_year_first_date_cells_in_tables_without_a_header(tmp_path, name, text):
    r = extract(read_document(_write(tmp_path, name, text)))
    got = [(p.organization, p.title, p.start, p.end) for p in r.positions]
    assert got == [("Dolor Laboratory", "Research Intern", "2018-12", None),
                   ("Amet Corporation", "Analyst", "2015-06", "2015-08"),
                   ("Ipsum Corporation", "Engineer", "2012-03", "2014-02")]


def test_a_year_first_cell_needs_a_month_name():
    from mappers.extract.sections import normalise_text

    # "2019 Lorem" is a year and a word, not a date written year first; "2018 Dec" is one
    assert normalise_text("| 2019 Lorem | Prize for invented work |\n| 2018 Dec | Ipsum Medal |") == [
        "2019 Lorem\tPrize for invented work", "Dec 2018\tIpsum Medal"]


def test_full_date_cells_give_the_month(tmp_path):
    md = """# Ada Quernby

## Teaching

| 2018-11-29 | Guest lecture, Lorem Physics 200A, Ipsum University |
| 2014-12-11 | Guest lecture, Dolor 361, Amet University |

## Invited Talks

| 2019-01-07 | "Invented lattice heat flow." Invited seminar. Ipsum University. |
"""
    r = extract(read_document(_write(tmp_path, "cv.md", md)))
    assert [(t.course, t.term) for t in r.teaching] == [("Guest lecture, Lorem Physics 200A", "Nov 2018"),
                                                       ("Guest lecture, Dolor 361", "Dec 2014")]
    assert [(t.title, t.date) for t in r.talks] == [("Invented lattice heat flow", "2019-01")]


ORG_CV_ENTRIES = """#+TITLE: Data Engineer
#+AUTHOR: Corvin Ashdale
#+EMAIL: corvin.ashdale@example.org
#+MOBILE: (+9) 12345678
#+GITHUB: corvin-ash
#+LINKEDIN: corvin-ashdale
#+CVSTYLE: classic

* Employment
** Senior Data Engineer
:PROPERTIES:
:CV_ENV: cventry
:FROM:     <2018-02-01>
:TO:       Present
:LOCATION: Lorem City, Ipsumland
:EMPLOYER: Dolor Analytics Inc.
:END:

- Built invented pipelines
** Data Analyst
:PROPERTIES:
:CV_ENV: cventry
:FROM:     <2014-09-01 Mon>
:TO:     <2017-12-07>
:EMPLOYER: Amet Insurance Group
:END:
* Education
** M.Sc. in Statistics
:PROPERTIES:
:CV_ENV: cventry
:FROM: 2012
:TO: 2014
:SCHOOL: University of Lorem
:END:
"""


def test_org_cv_entries_from_property_drawers(tmp_path):
    """org-cv (ox-moderncv / ox-awesomecv) CVs: a heading is the entry's title, its drawer
    names the employer or school, the place and the dates; #+GITHUB/#+LINKEDIN name accounts."""
    r = extract(read_document(_write(tmp_path, "cv.org", ORG_CV_ENTRIES)))
    assert r.person.name == "Corvin Ashdale"
    assert {"https://github.com/corvin-ash", "https://www.linkedin.com/in/corvin-ashdale"} <= set(r.person.profiles)
    got = [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions]
    assert got == [("Dolor Analytics Inc.", "Senior Data Engineer", "2018-02", None, True),
                   ("Amet Insurance Group", "Data Analyst", "2014-09", "2017-12", False)]
    assert [(e.institution, e.level, e.start, e.end) for e in r.education] == [("University of Lorem", "master", "2012", "2014")]


def test_rst_field_list_used_as_a_date_column(tmp_path):
    rst = """Ivo Pennant
===========

:Email: ivo.pennant@example.org

Education
---------
:2011:  University of Dolorvale, Lorem City, Ph.D. Physics

:2005: Amet State University, B.S. in Mathematics

.. Skills
.. ------
.. * commented out: not part of the CV
"""
    doc = read_document(_write(tmp_path, "cv.rst", rst))
    assert "2011\tUniversity of Dolorvale, Lorem City, Ph.D. Physics" in doc.text.splitlines()
    assert "Email: ivo.pennant@example.org" in doc.text.splitlines() and "commented" not in doc.text
    r = extract(doc)
    assert r.person.emails == ["ivo.pennant@example.org"]
    assert [(e.institution, e.end, e.level) for e in r.education] == [
        ("University of Dolorvale", "2011", "doctorate"), ("Amet State University", "2005", "bachelor")]


@pytest.mark.parametrize("name", ["cv.md", "cv.org"])
def test_a_paragraph_closed_by_its_dates_is_a_post(tmp_path, name):
    """A post written as prose whose last sentence is only its dates (Org and rST join a
    paragraph's lines, as Markdown does): the first clause heads it, the dates are its period."""
    body = ("Research Fellow, Brackwater Institute of Tides, Lorem City. Advisors Dr. Ivo Pennant and\n"
            "Dr. Ada Roe.  August 2019-August 2021.\n")
    text = ("# Maren Quill\n\n## Employment\n\n### Current position\n\n" + body if name == "cv.md"
            else "#+AUTHOR: Maren Quill\n* Employment\n** Current position\n" + body)
    r = extract(read_document(_write(tmp_path, name, text)))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Brackwater Institute of Tides", "Research Fellow", "2019-08", "2021-08")]
    assert r.positions[0].mentors == ["Ivo Pennant", "Ada Roe"]
