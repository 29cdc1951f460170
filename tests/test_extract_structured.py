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


# ---------------------------------------------------------------------------------------
# JSON Resume: the template's example content is not the subject's
# ---------------------------------------------------------------------------------------
def test_jsonresume_template_entries_left_in_are_not_facts():
    """An al-folio resume.json where the owner changed the name and added an entry, but left
    the template's example entries (the sample's well-known placeholder values) in place."""
    r = jr({"basics": {"name": "Ilse Varga", "email": "albert@einstein.de", "phone": "(912) 123-4567",
                       "url": "https://alshedivat.github.io/al-folio/",
                       "location": {"address": "2712 Broadway St", "city": "San Francisco"},
                       "profiles": [{"network": "Twitter", "username": "AlbertEinstein",
                                     "url": "https://twitter.com/AlbertEinstein"},
                                    {"network": "GitHub", "username": "ivarga"}]},
            "work": [{"name": "Institute for Advanced Study, Princeton University",
                      "position": "Professor of Theoretical Physics", "startDate": "1933-01-01"},
                     {"name": "Danube Soil Lab", "position": "Research Assistant", "startDate": "2021-02"}],
            # one value in common with the sample (the institution) is not the sample's entry
            "education": [{"institution": "University of Zurich, Zurich, Switzerland", "area": "Soil Science",
                           "studyType": "PhD", "endDate": "2020"}],
            "awards": [{"title": "Nobel Prize in Physics", "date": "1921-11-01",
                        "awarder": "Royal Swedish Academy of Sciences"}],
            "publications": [{"name": "Die Grundlage der allgemeinen Relativitätstheorie",
                              "publisher": "Annalen der Physik", "releaseDate": "1916-03-20"},
                             {"name": "Nitrogen Pulses in Floodplain Soils", "publisher": "Soil Letters",
                              "releaseDate": "2023-04-01"}],
            "skills": [{"name": "Physics", "keywords": ["Quantum Mechanics", "Quantum Computing"]},
                       {"name": "Lab", "keywords": ["Mass spectrometry"]}],
            "languages": [{"language": "German", "fluency": "Native speaker"},
                          {"language": "English", "fluency": "Fluent"}]})
    assert r.person.name == "Ilse Varga"
    assert r.person.emails == [] and r.person.phones == [] and r.person.homepage is None
    assert r.person.location is None
    assert r.person.profiles == ["https://github.com/ivarga"]
    assert [(p.organization, p.title) for p in r.positions] == [("Danube Soil Lab", "Research Assistant")]
    assert r.awards == []
    assert [p.title for p in r.publications] == ["Nitrogen Pulses in Floodplain Soils"]
    assert r.skills == ["Mass spectrometry"]
    assert [(e.institution, e.field) for e in r.education] == [("University of Zurich", "Soil Science")]
    assert r.languages == []          # the sample's whole language list
    assert any("template" in w for w in r.report.warnings)


def test_jsonresume_template_name_is_not_the_subject():
    """The JSON Resume sample's own subject left as basics.name, with the sample's contacts:
    the document never states its subject's name."""
    r = jr({"basics": {"name": "Richard Hendriks", "email": "richard.hendriks@mail.com",
                       "phone": "(912) 555-4321", "url": "https://odile-brun.example.org"},
            "work": [{"name": "Pied Piper", "position": "CEO/President", "startDate": "2013-12-01",
                      "endDate": "2014-12-01"},
                     {"name": "Loire Wetland Trust", "position": "Ecologist", "startDate": "2019"}],
            "education": [{"institution": "University of Oklahoma", "area": "Information Technology",
                           "studyType": "Bachelor", "startDate": "2011-06-01", "endDate": "2014-01-01"}],
            "publications": [{"name": "Video compression for 3d media", "publisher": "Hooli",
                              "releaseDate": "2014-10-01"}]})
    assert r.person.name == ""
    assert r.person.emails == [] and r.person.phones == []
    assert r.person.homepage == "https://odile-brun.example.org"
    assert [p.organization for p in r.positions] == ["Loire Wetland Trust"]
    assert r.education == [] and r.publications == []
    assert any("never states its subject's name" in w for w in r.report.warnings)
    # the sample's name alone, with nothing else of the sample, is a name like any other
    r = jr({"basics": {"name": "Richard Hendriks", "email": "rh@geo.example.org"},
            "education": [{"institution": "University of Oklahoma", "area": "Geology", "studyType": "PhD"}],
            "languages": [{"language": "English", "fluency": "Native speaker"}]})
    assert r.person.name == "Richard Hendriks" and r.person.emails == ["rh@geo.example.org"]
    assert [e.field for e in r.education] == ["Geology"] and r.languages == ["English"]
    assert not any("template" in w for w in r.report.warnings)



# ---------------------------------------------------------------------------------------
# YAML: Jekyll/Hugo data files of their own shape
# ---------------------------------------------------------------------------------------
def test_yaml_entries_with_where_role_and_years():
    """A site's own data file: {years|period, title|role, where, detail}."""
    r = yml("""
positions:
  - years: "2021 – present"
    title: "Research Fellow"
    where: "Lab of Prof. Ana Ruiz, University of Tarragona"
education:
  - period: "2015 – 2019"
    role: "PhD, Coastal Hydrology"
    where: "University of Tarragona"
  - years: "2013 – 2015"
    title: "MSc in Ocean Physics"
    where: "Baltic Institute of Marine Science, Gdynia"
service:
  - years: "2019 – 2022"
    title: "Steering committee"
    where: "Iberian Estuary Network"
""")
    assert [(e.institution, e.degree, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("University of Tarragona", "PhD, Coastal Hydrology", "doctorate", "Coastal Hydrology", "2015", "2019"),
        ("Baltic Institute of Marine Science, Gdynia", "MSc in Ocean Physics", "master", "Ocean Physics",
         "2013", "2015")]
    assert [(p.organization, p.title, p.current) for p in r.positions] == [
        ("Lab of Prof. Ana Ruiz, University of Tarragona", "Research Fellow", True)]
    assert [(s.role, s.organization) for s in r.service] == [("Steering committee", "Iberian Estuary Network")]


def test_yaml_data_file_closed_by_a_document_marker():
    """Data files written like front matter, between two `---` lines, are one document."""
    text = "---\nname: Tomas Ek\neducation:\n  - school: University of Umea\n    degree: PhD\n    year: 2020\n---\n"
    assert check_structure("cv.yaml", "yaml", text) == []
    r = yml(text, "cv.yaml")
    assert r.person.name == "Tomas Ek"
    assert [(e.institution, e.end) for e in r.education] == [("University of Umea", "2020")]
    with pytest.raises(DocumentError, match="another document"):
        yml("name: A\neducation: []\n---\nname: B\n")      # a second document with content is not ignored


def test_yaml_citations_written_as_text():
    """Publications given as formatted references ({citation: …} or plain strings)."""
    r = yml("""
name: Lena Morrow
publications:
  - citation: Morrow, L. and K. Adeyemi (2021). "Rainfall Shocks and Farm Credit." Journal of Rural Finance 12(3), 45-67.
    pdf_url: https://example.org/morrow2021.pdf
  - 'Morrow, L. (2019). "Savings Groups in the Sahel." Working Paper 19-04, Institute of Rural Economics.'
""")
    pubs = r.publications
    assert [p.title for p in pubs] == ["Rainfall Shocks and Farm Credit", "Savings Groups in the Sahel"]
    assert [(a.name, a.is_subject) for a in pubs[0].authors] == [("L. Morrow", True), ("K. Adeyemi", False)]
    assert (pubs[0].year, pubs[1].year) == ("2021", "2019")
    assert (pubs[0].venue, pubs[1].venue) == ("Journal of Rural Finance",
                                              "Working Paper 19-04, Institute of Rural Economics")
    assert pubs[0].urls == ["https://example.org/morrow2021.pdf"]
