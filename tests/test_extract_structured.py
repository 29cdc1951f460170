"""JSON Resume and YAML CV data in the shapes people write (session 14).

Each test is an invented document (invented names, titles and places) of a shape seen in real
public resume.json / cv.yml files; the assertions are the values a careful reader takes from it.
"""
from __future__ import annotations

import json

import pytest

from cvgraph.errors import DocumentError
from mappers.extract import extract
from mappers.read import SourceDocument, check_structure


def doc(raw: str, fmt: str, name: str = "x") -> SourceDocument:
    return SourceDocument(path=name, name=name, sha256="0", format=fmt, text=raw, raw=raw)


def jr(data: dict, name: str = "resume.json"):
    return extract(doc(json.dumps(data, indent=2), "jsonresume", name))


def yml(text: str, name: str = "cv.yml"):
    return extract(doc(text, "yaml", name))


# ---------------------------------------------------------------------------------------
# JSON Resume: sections under names of their own
# ---------------------------------------------------------------------------------------
def test_jsonresume_sections_under_their_own_names():
    """al-folio users rename sections ("Programming Skills", "Language Skills", "Research
    Interests"); the key's meaning says which section it is."""
    r = jr({"basics": {"name": "Maren Osk"},
            "Programming Skills": [{"name": "Coding", "keywords": ["Fortran", "Julia"]}],
            "Language Skills": [{"language": "Icelandic", "fluency": "Native"},
                                {"language": "Danish", "fluency": "Fluent"}],
            "Research Interests": [{"name": "Glaciology", "keywords": ["Ice sheets", "Firn"]}],
            "Selected Honors": [{"title": "Tindur Medal", "date": "2019-05", "awarder": "Nordic Ice Society"}],
            "hobbies_and_more": [{"name": "Knitting"}]})
    assert r.skills == ["Fortran", "Julia"]
    assert r.languages == ["Icelandic", "Danish"]
    assert r.person.interests == ["Glaciology", "Ice sheets", "Firn"]
    assert [(a.name, a.year) for a in r.awards] == [("Tindur Medal, Nordic Ice Society", "2019")]
    assert any("hobbies_and_more" in s for s in r.report.skipped)
    assert not any("Programming Skills" in s for s in r.report.skipped)
