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
