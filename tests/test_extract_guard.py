"""The extract stage's last guard: an entry whose naming field came out blank is dropped (as
skipped, with its line) instead of being mapped to a node the SHACL shapes reject."""
from __future__ import annotations

from cvgraph.record import Author, Award, Publication, Service, Talk
from cvgraph.validate import validate_graph
from mappers.extract import drop_blank_entries, extract
from mappers.read import SourceDocument

from .test_shapes import mapped, realistic_record


def _with_blanks():
    r = realistic_record()
    r.service = [Service(role="Reviewer, NeurIPS", period="2021", line=30),
                 Service(role="", period="2011", line=31)]
    r.awards.append(Award(name="", year="2019", line=40))
    r.talks.append(Talk(title="\t", date="2020", line=50))
    r.publications.append(Publication(title="A Paper", authors=[Author(name="Jane Doe"), Author(name=" ")],
                                      year="2020", line=60))
    r.skills = ["Python", " ", "Rust"]
    return r


def test_blank_entries_make_the_document_invalid_without_the_guard():
    outcome = validate_graph(mapped(_with_blanks()), "jane.pdf")
    assert outcome.violations >= 1
    assert any("roleName" in (res.result_path or "") for res in outcome.results if res.severity == "Violation")


def test_blank_entries_are_dropped_and_reported():
    r = drop_blank_entries(_with_blanks())
    assert [s.role for s in r.service] == ["Reviewer, NeurIPS"]
    assert "" not in [a.name for a in r.awards] and all(a.name.strip() for a in r.awards)
    assert all(t.title.strip() for t in r.talks)
    assert [a.name for a in r.publications[-1].authors] == ["Jane Doe"]
    assert r.skills == ["Python", "Rust"]
    assert r.report.skipped == ["awards entry at line 40 without name dropped",
                                "service entry at line 31 without role dropped",
                                "talks entry at line 50 without title dropped"]
    outcome = validate_graph(mapped(r), "jane.pdf")
    assert outcome.violations == 0, [(x.focus_node, x.result_path, x.message) for x in outcome.results]


def test_extract_applies_the_guard_after_any_extractor(monkeypatch):
    # The format extractors avoid blank entries themselves; the guard is for the one that
    # does not, so one is stood in here to see that `extract` drops and counts correctly.
    import mappers.extract.text as text_extractor
    monkeypatch.setattr(text_extractor, "extract_text", lambda doc: _with_blanks())
    doc = SourceDocument(path="jane.txt", name="jane.txt", sha256="00" * 32, format="text", text="Jane Doe\n")
    r = extract(doc)
    assert [s.role for s in r.service] == ["Reviewer, NeurIPS"]
    assert r.report.counts["service"] == 1
    assert r.report.counts["talks"] == len(realistic_record().talks)
    assert "service entry at line 31 without role dropped" in r.report.skipped


def test_a_publication_listed_twice_is_one_entry_and_a_journal_version_stays_apart():
    from mappers.extract import merge_repeated_publications
    from cvgraph.record import CVRecord, Person

    r = CVRecord(source_name="x.md", format="markdown", person=Person(name="Jane Doe"), publications=[
        Publication(title="Learning to Sort Widgets", venue="ICML", year="2020", line=7),
        Publication(title="Learning to Sort Widgets", venue="JMLR", year="2021", line=8),
        Publication(title="Learning to sort widgets.", authors=[Author(name="Jane Doe")], year="2021",
                    doi="10.1000/xyz", line=14),
        Publication(title="Learning to Sort Widgets", year="2020", urls=["https://example.org/w.pdf"], line=20),
    ])
    merge_repeated_publications(r)
    assert [(p.title, p.venue, p.year, p.doi, [a.name for a in p.authors], p.urls) for p in r.publications] == [
        ("Learning to Sort Widgets", "ICML", "2020", None, [], ["https://example.org/w.pdf"]),
        ("Learning to Sort Widgets", "JMLR", "2021", "10.1000/xyz", ["Jane Doe"], []),
    ]
    assert r.report.skipped == ["publication at line 14 repeats one listed before; merged with it",
                                "publication at line 20 repeats one listed before; merged with it"]


def test_works_of_one_cv_whose_titles_mint_one_iri_are_two_nodes():
    """The same title at two venues, and long titles alike in their first words ("Part I" /
    "Part II"), are two works: two nodes with one venue each, and a valid document."""
    from cvgraph.vocab import CVG, SCHEMA
    from rdflib.namespace import RDF

    r = realistic_record()
    long = "How Drifting and Evaporating Pebbles Shape Giant Planets and Their Many Moons Over Time: Part "
    r.publications = [
        Publication(title="Learning to Sort Widgets", authors=[Author(name="Jane Doe", is_subject=True)],
                    venue="ICML", year="2020", line=7),
        Publication(title="Learning to Sort Widgets", authors=[Author(name="Jane Doe", is_subject=True)],
                    venue="JMLR", year="2021", line=8),
        Publication(title=long + "I", venue="The Astrophysical Journal", year="2019", line=9),
        Publication(title=long + "II", venue="The Astrophysical Journal", year="2020", line=10),
    ]
    g = mapped(r)
    works = sorted(str(w) for w in g.subjects(RDF.type, SCHEMA.ScholarlyArticle))
    assert len(works) == 4 and works[1] == works[0] + "-2" and works[3] == works[2] + "-2"
    assert all(len(list(g.objects(w, CVG.venueAsWritten))) == 1 for w in g.subjects(RDF.type, SCHEMA.ScholarlyArticle))
    assert validate_graph(g, "jane.pdf").violations == 0


def test_a_conference_paper_and_its_journal_version_stay_two_works_after_linking(tmp_path):
    from cvgraph.build import build
    from cvgraph.config import Settings
    from cvgraph.store import open_read

    cvs = tmp_path / "cvs"
    cvs.mkdir()
    (cvs / "jane.md").write_text(
        "# Jane Q. Doe\n\njane.doe@example.org\n\n## Publications\n\n"
        "1. Jane Q. Doe, Arlo Finch. Learning to Sort Imaginary Widgets. In Proceedings of ICML, 2020.\n"
        "2. Jane Q. Doe, Arlo Finch. Learning to Sort Imaginary Widgets. Journal of Machine Learning Research, 2021.\n"
        "\n## Selected Publications\n\n"
        "- Jane Q. Doe, Arlo Finch. Learning to Sort Imaginary Widgets. Journal of Machine Learning Research, 2021.\n",
        encoding="utf-8")
    (cvs / "arlo.md").write_text(
        "# Arlo Finch\n\narlo@example.org\n\n## Publications\n\n"
        "- Jane Q. Doe, Arlo Finch. Learning to Sort Imaginary Widgets. In Proceedings of ICML, 2020.\n",
        encoding="utf-8")
    summary = build([cvs], tmp_path / "store", Settings(), jobs=1)
    assert summary.committed and summary.violations == 0
    rows = open_read(tmp_path / "store").query(
        "PREFIX cvg: <https://w3id.org/cvgraph/ns#> SELECT ?w ?v (COUNT(DISTINCT ?g) AS ?n) "
        "WHERE { GRAPH ?g { ?w cvg:venueAsWritten ?v } } GROUP BY ?w ?v ORDER BY ?v")
    got = [(str(r["w"].value).rsplit("/", 1)[-1], r["v"].value, int(r["n"].value)) for r in rows]
    assert got == [("learning-to-sort-imaginary-widgets", "ICML", 2),       # both CVs' conference paper
                   ("learning-to-sort-imaginary-widgets-2", "Journal of Machine Learning Research", 1)]


def test_one_title_with_two_different_sets_of_coauthors_is_two_works():
    from mappers.extract import merge_repeated_publications
    from cvgraph.record import CVRecord, Person

    me = Author(name="Jane Doe", is_subject=True)
    r = CVRecord(source_name="x.md", format="markdown", person=Person(name="Jane Doe"), publications=[
        Publication(title="Seasonal Drift", authors=[me, Author(name="Anna Smith"), Author(name="Karl Brown")], line=3),
        Publication(title="Seasonal Drift", authors=[me, Author(name="Richard Roe")], venue="arXiv", line=9),
        Publication(title="Seasonal drift", authors=[Author(name="J. Doe", is_subject=True), Author(name="K. Brown")],
                    year="2025", line=12),
    ])
    merge_repeated_publications(r)
    assert [([a.name for a in p.authors], p.venue, p.year) for p in r.publications] == [
        (["Jane Doe", "Anna Smith", "Karl Brown"], None, "2025"),     # K. Brown: the same paper
        (["Jane Doe", "Richard Roe"], "arXiv", None)]
