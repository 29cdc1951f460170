"""A BibTeX file given alongside a CV of the same person becomes that person's publication list."""
from __future__ import annotations

from cvgraph.build import build
from cvgraph.config import Settings
from cvgraph.store import open_read

CV = """# Ada Byron

ada@example.org

## Education

University of Cambridge, PhD in Computer Science, 2015 - 2019

## Publications

"A Paper Already In The CV", Ada Byron, Charles Babbage, NSDI 2020.
"""

BIB = r"""
@inproceedings{byron2021,
  title = {Analytical Engines for {Tensor} Programs},
  author = {Byron, Ada and Babbage, Charles and Somerville, Mary},
  booktitle = {Proceedings of the 18th USENIX Symposium on Networked Systems Design and Implementation (NSDI 21)},
  year = {2021},
}
@article{byron2020,
  title = {A Paper Already in the CV},
  author = {Byron, Ada and Babbage, Charles},
  journal = {NSDI},
  year = {2020},
}
@misc{byron2022,
  title = {Notes on the Difference Engine},
  author = {Byron, Ada},
  journal = {arXiv preprint arXiv:2201.00001},
  year = {2022},
}
"""


def titles(store_dir):
    store = open_read(store_dir)
    q = """PREFIX schema: <http://schema.org/>
    SELECT ?t WHERE { ?w a schema:ScholarlyArticle ; schema:name ?t ; schema:author ?a . ?a schema:name "Ada Byron" } ORDER BY ?t"""
    return [r["t"].value for r in store.query(q)]


def test_bib_with_the_same_stem_is_attached(tmp_path):
    data = tmp_path / "in"
    data.mkdir()
    (data / "byron.md").write_text(CV)
    (data / "byron.bib").write_text(BIB)
    summary = build([data], tmp_path / "store", Settings(), jobs=1)
    assert summary.failed == [] and summary.documents == 1
    assert titles(tmp_path / "store") == ["A Paper Already In The CV", "Analytical Engines for Tensor Programs",
                                          "Notes on the Difference Engine"]
    store = open_read(tmp_path / "store")
    authors = [r["n"].value for r in store.query("""PREFIX schema: <http://schema.org/>
      PREFIX bibo: <http://purl.org/ontology/bibo/>
      SELECT ?n WHERE { ?w schema:name "Analytical Engines for Tensor Programs" ; bibo:authorList ?s .
        ?s ?slot ?a . ?a schema:name ?n . FILTER(STRSTARTS(STR(?slot), "http://www.w3.org/1999/02/22-rdf-syntax-ns#_")) }
      ORDER BY ?slot""")]
    assert authors == ["Ada Byron", "Charles Babbage", "Mary Somerville"]


def test_bib_is_attached_by_its_authors_and_a_lone_bib_is_reported(tmp_path):
    data = tmp_path / "in"
    data.mkdir()
    (data / "cv.md").write_text(CV)
    (data / "publications.bib").write_text(BIB)
    (data / "someone-else.bib").write_text(BIB.replace("Byron, Ada", "Noether, Emmy"))
    summary = build([data], tmp_path / "store", Settings(), jobs=1)
    assert [name for name, _ in summary.failed] == ["someone-else.bib"]
    assert "no CV of the same person" in summary.failed[0][1]
    assert "Notes on the Difference Engine" in titles(tmp_path / "store")


def test_patent_entries_of_a_bib_are_patents_not_publications(tmp_path):
    """biblatex '@patent' entries (and 'type = {patent…}') were read as scholarly articles; they
    are the CV's patents, with number, inventors in order, date and the status their type names."""
    from mappers.extract.bibtex import parse_bibtex, parse_bibtex_patents

    bib = BIB + r"""
@patent{byron2019,
  title = {Engine for {Bernoulli} Numbers},
  author = {Byron, Ada and Babbage, Charles},
  number = {US 10,123,456 B2},
  type = {patentus},
  date = {2019-03-05},
}
"""
    assert "Engine for Bernoulli Numbers" not in [p.title for p in parse_bibtex(bib, "Ada Byron")]
    pats = parse_bibtex_patents(bib, "Ada Byron")
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in pats] == [
        ("Engine for Bernoulli Numbers", "US10123456B2", ["Ada Byron", "Charles Babbage"], "2019-03", "granted")]
    data = tmp_path / "in"
    data.mkdir()
    (data / "byron.md").write_text(CV)
    (data / "byron.bib").write_text(bib)
    summary = build([data], tmp_path / "store", Settings(), jobs=1)
    assert summary.failed == []
    assert "Engine for Bernoulli Numbers" not in titles(tmp_path / "store")
    store = open_read(tmp_path / "store")
    names = [r["t"].value for r in store.query("""PREFIX schema: <http://schema.org/>
      PREFIX bibo: <http://purl.org/ontology/bibo/>
      SELECT ?t WHERE { ?w a bibo:Patent ; schema:name ?t }""")]
    assert names == ["Engine for Bernoulli Numbers"]


def test_bib_status_venue_and_names_in_capitals():
    """Session 17: an entry's status comes from biblatex's `pubstate`, from a status its note
    states, or from a preprint server named as its journal (Google Scholar writes "MedRxiv");
    a note's "preprint" does not make a journal paper one. The venue is named as a text
    reference's is (no "Proceedings of the", edition or year). A name exported in capitals is
    capitalized, initials left as they are."""
    from mappers.extract.bibtex import parse_bibtex

    bib = r"""
@inproceedings{a, title = {Lorem Widgets}, author = {Roe, Ada and Quell, Tomas},
  booktitle = {Proceedings of the 2021 IEEE 17th International Symposium on Widget Imaging (ISWI)}, year = {2021}}
@article{b, title = {Ipsum Gadgets}, author = {ROE, ADA and POE, AJ}, journal = {Journal of Gadgets},
  year = {2024}, pubstate = {submitted}}
@article{c, title = {Dolor Sprockets}, author = {Roe, Ada}, journal = {MedRxiv}, year = {2020}}
@unpublished{d, title = {Sit Cogs}, author = {Roe, Ada}, note = {Under review}, year = {2025}}
@article{e, title = {Amet Gears}, author = {Roe, Ada}, journal = {Gear Letters}, year = {2019},
  note = {arXiv preprint available}}
@article{f, title = {Consectetur Axles}, author = {Roe, Ada}, journal = {Axle Review}, year = {2026},
  pubstate = {forthcoming}}
"""
    pubs = parse_bibtex(bib, "Ada Roe")
    assert [(p.title, p.venue, p.venue_acronym, p.status) for p in pubs] == [
        ("Lorem Widgets", "IEEE International Symposium on Widget Imaging", "ISWI", "published"),
        ("Ipsum Gadgets", "Journal of Gadgets", None, "in submission"),
        ("Dolor Sprockets", "MedRxiv", None, "preprint"),
        ("Sit Cogs", None, None, "under review"),
        ("Amet Gears", "Gear Letters", None, "published"),
        ("Consectetur Axles", "Axle Review", None, "published"),
    ]
    assert [(a.name, a.is_subject) for a in pubs[1].authors] == [("Ada Roe", True), ("AJ Poe", False)]
