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
        ("Baltic Institute of Marine Science", "MSc in Ocean Physics", "master", "Ocean Physics",
         "2013", "2015")]
    assert r.education[1].location == "Gdynia"
    assert [(p.organization, p.unit, p.title, p.current) for p in r.positions] == [
        ("University of Tarragona", "Lab of Prof. Ana Ruiz", "Research Fellow", True)]
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


# ---------------------------------------------------------------------------------------
# JSON Resume: fields people write their own way
# ---------------------------------------------------------------------------------------
def test_jsonresume_two_digit_years_and_arxiv_dois():
    r = jr({"basics": {"name": "Pilar Soto"},
            "work": [{"name": "Andes Wind Lab", "position": "Engineer", "startDate": "'15", "endDate": "'19"}],
            "education": [{"institution": "University of Valparaiso", "studyType": "BASc",
                           "area": "Mechanical Engineering", "startDate": "'09", "endDate": "'13"}],
            "publications": [{"name": "Gust Loads on Small Rotors", "publisher": "arXiv", "releaseDate": "2024-02-01",
                              "url": "https://doi.org/10.48550/arXiv.2402.01234"}]})
    p = r.positions[0]
    assert (p.start, p.end, p.current) == ("2015", "2019", False)
    e = r.education[0]
    assert (e.start, e.end, e.level) == ("2009", "2013", "bachelor")
    pub = r.publications[0]
    assert (pub.arxiv, pub.doi) == ("2402.01234", "10.48550/arXiv.2402.01234")


def test_jsonresume_education_advisor_thesis_and_honours():
    r = jr({"basics": {"name": "Rhea Lindqvist"},
            "education": [{"institution": "Uppsala Polar Institute", "studyType": "PhD", "area": "Glaciology",
                           "startDate": "2016", "endDate": "2021",
                           "advisor": "Prof. Jonas Berg", "advisor2": "Dr. Mia Holm",
                           "dissertation": "Meltwater Routing under Thin Ice",
                           "honor": "summa cum laude"}]})
    e = r.education[0]
    assert e.advisors == ["Jonas Berg", "Mia Holm"]
    assert e.thesis == "Meltwater Routing under Thin Ice"
    assert e.honours == ["summa cum laude"]


def test_jsonresume_email_that_is_no_address_is_dropped():
    r = jr({"basics": {"name": "Omar Haddad", "email": "omar.haddadatexampledotorg"},
            "work": [{"name": "Levant Optics", "position": "Researcher"}]})
    assert r.person.emails == []
    assert any("omar.haddadatexampledotorg" in s for s in r.report.skipped)


def test_json_cv_data_not_in_json_resume_shape():
    """A JSON file with the person's name at the top and CV sections under keys of its own
    (not JSON Resume's basics/work): read by meaning, as YAML CV data is."""
    r = jr({"name": "Kofi Mensah",
            "contact": {"email": "kofi.mensah@example.org", "github": "https://github.com/kmensah"},
            "education": [{"institution": "University of Ghana", "degree": "BSc in Physics",
                           "duration": "Aug 2019 -- Present"}],
            "work_experience": [{"title": "Research Intern", "organization": "Volta Climate Centre",
                                 "duration": "Mar 2024 -- Aug 2024"}]}, "cv.json")
    assert r.person.name == "Kofi Mensah"
    assert r.person.emails == ["kofi.mensah@example.org"]
    assert r.person.profiles == ["https://github.com/kmensah"]
    assert [(e.institution, e.level, e.field, e.current) for e in r.education] == [
        ("University of Ghana", "bachelor", "Physics", True)]
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Volta Climate Centre", "Research Intern", "2024-03", "2024-08")]
    with pytest.raises(DocumentError, match="not a JSON Resume"):
        jr({"name": "A"})          # a name and nothing else is no CV


def test_yaml_advisors_venues_skills_and_quotes_written_their_own_way():
    r = yml("""
name: Sven Aaltonen
education:
  - degree: PhD in Applied Mathematics
    institution: University of Turku
    year: 2019-Present
    description:
      - Advised by Liisa Koskinen
  - title: M.Sc. Numerical Analysis
    institution: University of Oulu
    description: Advisor, Pekka Rinne
    year: 2018
experience:
  - place: University of Turku
    title: Research Assistant
    advisor: Liisa Koskinen, Jari Vaara
    dates: 2019-2021
publications:
  - name: "Sparse Solvers for Ice Flow"
    event: SIAM CSE 2023
    authors: ["Sven Aaltonen", "Liisa Koskinen"]
service:
  - details: "Workshop: ``Numerics of the Cryosphere''"
    year: 2022
skills:
  - area: Programming
    items: "Python (NumPy, SciPy), Julia, C++"
""")
    assert [e.advisors for e in r.education] == [["Liisa Koskinen"], ["Pekka Rinne"]]
    assert r.positions[0].mentors == ["Liisa Koskinen", "Jari Vaara"]
    pub = r.publications[0]
    assert (pub.venue, pub.year) == ("SIAM CSE", "2023")    # (the year apart, as in text venues: session 17)
    assert r.service[0].role == "Workshop: “Numerics of the Cryosphere”"
    assert r.skills == ["Python (NumPy, SciPy)", "Julia", "C++"]


def test_rendercv_bullets_end_dates_and_custom_connections():
    """RenderCV: a degree with only its end_date, honours as BulletEntry items, a profile
    given as a custom connection."""
    r = yml("""
cv:
  name: Noor Hassan
  custom_connections:
    - placeholder: Google Scholar
      url: https://scholar.google.com/citations?user=AbCdEfGhIjkA
      fontawesome_icon: graduation-cap
  sections:
    education:
      - institution: University of Leeds
        area: Hydrology
        degree: Ph.D.
        end_date: "2021"
      - institution: University of Leeds
        area: Geography
        degree: B.Sc.
        start_date: 2013-09
        end_date: 2016-06
    selected_honors:
      - bullet: Flood Modelling Prize, British Hydrological Society (2020)
      - bullet: Doctoral Scholarship ($12K, 2017)
""", "Noor_Hassan_CV.yaml")
    assert [(e.degree, e.start, e.end) for e in r.education] == [("Ph.D.", None, "2021"),
                                                               ("B.Sc.", "2013-09", "2016-06")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Flood Modelling Prize, British Hydrological Society", "2020"),
        ("Doctoral Scholarship ($12K, 2017)", "2017")]
    assert r.person.profiles == ["https://scholar.google.com/citations?user=AbCdEfGhIjkA"]


def test_yaml_entries_written_as_lines_of_text():
    r = yml("""
name: Aroha Ngata
education:
  - PhD in Marine Ecology, University of Otago, 2015--2019.
experience:
  - Research Fellow, Cawthron Institute, Nelson, New Zealand, March 2020--present.
  - Field Technician, Department of Conservation, January 2013--June 2015.
""")
    assert [(e.institution, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("University of Otago", "doctorate", "Marine Ecology", "2015", "2019")]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Research Fellow", "Cawthron Institute", "2020-03", None, True),
        ("Field Technician", "Department of Conservation", "2013-01", "2015-06", False)]
    assert [p.line for p in r.positions] == [6, 7]


def test_yaml_institution_with_its_place():
    r = yml("""
- title: Education
  type: time_table
  contents:
    - degree: MSc in Soil Physics
      institution: Universidad de Talca, Talca, Chile
      year: 2017
    - degree: BSc in Agronomy
      institution: Escuela Agricola Andina
      year: 2014
""")
    assert [(e.institution, e.location) for e in r.education] == [
        ("Universidad de Talca", "Talca, Chile"), ("Escuela Agricola Andina", None)]


def test_jsonresume_publisher_that_is_only_a_status():
    r = jr({"basics": {"name": "Ines Moreau"},
            "publications": [{"name": "Tidal Mixing in Fjords", "publisher": "under submission",
                              "releaseDate": "under submission"},
                             {"name": "Ice Shelf Cavities", "publisher": "Journal of Polar Physics",
                              "releaseDate": "submitted"}]})
    assert [(p.venue, p.status) for p in r.publications] == [(None, "in submission"),
                                                            ("Journal of Polar Physics", "in submission")]


def test_yaml_spoken_languages_among_skills():
    """Spoken languages listed in a skills block: a `languages` group, or a 'Languages' row
    whose values carry proficiencies ("French (native)", "Fluent in Malay")."""
    r = yml("""
name: Mei Tan
skills:
  - area: Programming
    items: "Python, R"
  - area: Languages
    items: "French (native), English (fluent), Italian (intermediate)."
""")
    assert r.skills == ["Python", "R"]
    assert r.languages == ["French", "English", "Italian"]
    r = jr({"name": "Mei Tan", "contact": {"email": "mei.tan@example.org"},
            "education": [{"institution": "National University of Singapore", "degree": "BSc in Physics"}],
            "additional_information_and_skills": {
                "programming_languages": ["Java", "Python"],
                "languages": ["Fluent in English", "Intermediate proficiency in Japanese"],
                "interests": ["Bouldering"]}}, "cv.json")
    assert r.skills == ["Java", "Python"]
    assert r.languages == ["English", "Japanese"]
    assert r.person.interests == ["Bouldering"]


def test_yaml_reviewing_lists():
    r = yml("""
name: Paul Weber
service:
  - details: "Reviewing: Journal of Hydrology, Water Resources Research"
    year: 2019-2021
Journal Peer Review:
  - "Hydrology Letters; Ocean Modelling; Tellus A"
""")
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Journal of Hydrology"), ("Reviewer", "Water Resources Research"),
        ("Reviewer", "Hydrology Letters"), ("Reviewer", "Ocean Modelling"), ("Reviewer", "Tellus A")]
    assert r.service[0].period == "2019-2021"


# ---------------------------------------------------------------------------------------
# Session 15: affiliations, degrees in `area`, degrees still expected
# ---------------------------------------------------------------------------------------
def test_jsonresume_affiliation_split_into_unit_organization_and_place():
    """`work.name` and `education.institution` written as "Unit, Organization, City,
    Country": the organization is the university, the department its unit, the rest the
    place; a university named with its campus stays one name."""
    r = jr({"basics": {"name": "Tove Lindqvist"},
            "work": [{"name": "Department of Ocean Sciences, University of Lorem, Springfield, USA",
                      "position": "Lecturer", "startDate": "2021-09"},
                     {"name": "Ipsum University, School of Law", "position": "Tutor", "startDate": "2018"},
                     {"name": "Lunar Optics Laboratory, University of Dolor", "position": "Postdoc",
                      "startDate": "2016", "endDate": "2018"}],
            "education": [{"institution": "Faculty of Physics, University of Sit, Kraków, Poland",
                           "studyType": "PhD", "area": "Physics", "endDate": "2016"},
                          {"institution": "University of California, Berkeley, CA", "studyType": "BA",
                           "area": "Physics", "endDate": "2011"}]})
    assert [(p.organization, p.unit, p.location) for p in r.positions] == [
        ("University of Lorem", "Department of Ocean Sciences", "Springfield, USA"),
        ("Ipsum University", "School of Law", None),
        ("University of Dolor", "Lunar Optics Laboratory", None)]
    assert [(e.institution, e.location) for e in r.education] == [
        ("University of Sit", "Kraków, Poland"), ("University of California, Berkeley", "CA")]


def test_yaml_affiliation_split_into_unit_organization_and_place():
    r = yml("""- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Oskar Brandt
- title: Experience
  type: time_table
  contents:
    - title: Research Associate
      institution: Department of Earth, Sea & Sky, Université de Lorem, Nice, France
      year: 2017 - 2019
    - title: Visiting Scholar
      institution: Lorem College, University of Ipsum
      year: 2016
- title: Education
  type: time_table
  contents:
    - title: PhD in Geodesy
      institution: School of Surveying, Dolor University, Tromsø, Norway
      year: 2016
""")
    assert [(p.organization, p.unit, p.location) for p in r.positions] == [
        ("Université de Lorem", "Department of Earth, Sea & Sky", "Nice, France"),
        ("University of Ipsum", "Lorem College", None)]
    assert [(e.institution, e.location, e.end) for e in r.education] == [("Dolor University", "Tromsø, Norway", "2016")]


def test_jsonresume_degree_name_in_area_and_expected_end():
    """`area` holding the degree's whole name (no studyType), studyType and area swapped,
    and an end date still expected: the degree, its field, and studies still going on."""
    r = jr({"basics": {"name": "Ines Varela"},
            "education": [{"institution": "Lorem University", "area": "Ph.D. in Marine Ecology",
                           "startDate": "2021-09", "endDate": "expected June 2025"},
                          {"institution": "Ipsum University", "studyType": "Chemistry", "area": "Master of Science",
                           "startDate": "2019", "endDate": "2021"},
                          {"institution": "Dolor College", "studyType": "Bachelor", "area": "Biology",
                           "endDate": "2019"}]})
    assert [(e.degree, e.level, e.field, e.end, e.current) for e in r.education] == [
        ("Ph.D. in Marine Ecology", "doctorate", "Marine Ecology", "2025-06", True),
        ("Master of Science", "master", "Chemistry", "2021", False),
        ("Bachelor", "bachelor", "Biology", "2019", False)]
    assert not any(e.unfinished for e in r.education)


def test_yaml_degree_expected():
    r = yml("""name: Ines Varela
education:
  - institution: Lorem University
    degree: PhD in Marine Ecology
    year: 2021 - 2025 (expected)
  - institution: Ipsum University
    degree: MSc in Chemistry
    year: 2019 - 2021
""")
    assert [(e.start, e.end, e.current) for e in r.education] == [("2021", "2025", True), ("2019", "2021", False)]


def test_yaml_al_folio_template_entries_left_in_are_not_facts():
    """An al-folio `_data/cv.yml` whose owner put in their name and one entry of their own
    but left the theme's example entries and numbered placeholders."""
    r = yml("""- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Runa Falk
- title: Education
  type: time_table
  contents:
    - title: PhD
      institution: Lorem University
      year: 2022
    - title: PhD
      institution: University of Zurich, Zurich, Switzerland
      year: 1905
      description:
        - Description 1.
- title: Experience
  type: time_table
  contents:
    - title: Postdoctoral Researcher
      institution: Ipsum Institute
      year: 2022 - present
      description:
        - Description 1.
        - Built a tide model.
    - title: Professor of Theoretical Physics
      institution: Institute for Advanced Study, Princeton University
      year: 1933 - 1955
- title: Honors and Awards
  type: time_table
  contents:
    - year: 1921
      items:
        - Nobel Prize in Physics
    - year: 2021
      items:
        - Lorem Medal
- title: Academic Interests
  type: nested_list
  contents:
    - title: Topic 1.
      items:
        - Description 1.
    - title: Tides
""")
    assert r.person.name == "Runa Falk"
    assert [(e.institution, e.end) for e in r.education] == [("Lorem University", "2022")]
    assert [(p.organization, p.description) for p in r.positions] == [("Ipsum Institute", "Built a tide model.")]
    assert [(a.name, a.year) for a in r.awards] == [("Lorem Medal", "2021")]
    assert r.person.interests == ["Tides"]
    assert any("1 positions, 1 education, 1 awards" in w for w in r.report.warnings)


def test_yaml_al_folio_template_name_cleared_only_with_template_entries():
    text = """- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Albert Einstein
- title: Education
  type: time_table
  contents:
    - title: {degree}
      institution: University of Zurich, Zurich, Switzerland
      year: 1905
"""
    assert yml(text.format(degree="PhD")).person.name == ""
    assert yml(text.format(degree="MSc")).person.name == "Albert Einstein"


def test_name_given_in_two_scripts():
    """'Xiao Lin (林晓)': the Latin form is the name publication lists use."""
    assert jr({"basics": {"name": "林晓 (Xiao Lin)"}, "work": [{"name": "Lorem University"}]}).person.name == "Xiao Lin"
    assert yml("name: Xiao Lin (林晓)\neducation:\n  - institution: Lorem University\n    degree: PhD\n").person.name \
        == "Xiao Lin"


def test_yaml_advisor_affiliations_patents_and_awarders():
    """Supervisors with their affiliations in brackets, an al-folio patents time table, and an
    award's awarder (RenderCV/JSON Resume-style keys in YAML)."""
    r = yml("""- title: Education
  type: time_table
  contents:
    - title: PhD in Hydrology
      institution: Lorem University
      year: 2016-2020
      description:
        - "Supervisors: Prof. Ada Roe (Lorem University) and Dr. Ben Poe (Ipsum Institute)"
- title: Patents
  type: time_table
  contents:
    - year: 2019
      items:
        - Self-cleaning rain gauge
- title: Awards
  type: time_table
  contents:
    - title: Young Hydrologist Prize
      awarder: Dolor Water Society
      year: 2021
""")
    assert r.education[0].advisors == ["Ada Roe", "Ben Poe"]
    assert [(p.title, p.date) for p in r.patents] == [("Self-cleaning rain gauge", "2019")]
    assert [(a.name, a.year) for a in r.awards] == [("Young Hydrologist Prize, Dolor Water Society", "2021")]


def test_jsonresume_study_type_naming_only_a_level():
    """studyType "Graduate (Ph.D.)" (a level) with the degree's name in area: the degree is
    area's, and its field comes from it."""
    r = jr({"basics": {"name": "Ines Varela"},
            "education": [{"institution": "Lorem University", "studyType": "Graduate (Ph.D.)",
                           "area": "Ph.D. in Geology", "startDate": "2020"}]})
    assert [(e.degree, e.level, e.field, e.current) for e in r.education] == [
        ("Ph.D. in Geology", "doctorate", "Geology", True)]


def test_yaml_al_folio_languages_row_and_skill_lists_in_items():
    """al-folio: a "Languages" row of General Information gives spoken languages; a skills
    nested list whose items are short comma lists gives one skill per name."""
    r = yml("""- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Runa Falk
    - name: Languages
      value: Icelandic (native), Danish (fluent)
- title: Skills
  type: nested_list
  contents:
    - title: Field Methods
      items:
        - Ice coring, GPR surveys
        - Python (xarray, dask)
""")
    assert r.languages == ["Icelandic", "Danish"]
    assert r.skills == ["Ice coring", "GPR surveys", "Python (xarray, dask)"]


def test_yaml_al_folio_interest_topics_with_items():
    r = yml("""- title: Research Interests
  type: nested_list
  contents:
    - title: Glaciology
      items:
        - Firn densification
        - Ice-shelf calving
""")
    assert r.person.interests == ["Glaciology", "Firn densification", "Ice-shelf calving"]


def test_yaml_reviewer_of_several_venues_in_one_entry():
    r = yml("""- title: Professional Activities
  type: time_table
  contents:
    - title: Reviewer (about 4 papers a year)
      institution: Journal of Lorem, Ipsum Letters, Dolor
      year: 2018 -
    - title: Board Member
      institution: Sit Amet Program & Lorem Panel
      year: 2020
    - title: Reviewer
      institution: Conference on Lorem, AI, and Ipsum Research (CLAIR)
""")
    assert [(s.role, s.organization) for s in r.service] == [
        ("Reviewer", "Journal of Lorem"), ("Reviewer", "Ipsum Letters"), ("Reviewer", "Dolor"),
        ("Board Member", "Sit Amet Program & Lorem Panel"),
        ("Reviewer", "Conference on Lorem, AI, and Ipsum Research (CLAIR)")]


def test_names_with_titles_person_blocks_and_position_notes():
    """'Dr. …' / '…, PhD' are not part of the name; a `personal:` block is the person's, not a
    section to report; a position's `note:` and `roles:` describe it."""
    assert jr({"basics": {"name": "Dr. Ilse Varga"}, "work": [{"name": "Lorem University"}]}).person.name == "Ilse Varga"
    r = yml("""personal:
  name: "Ilse Varga, PhD"
positions:
  - period: "2019 – now"
    role: "Professor"
    where: "Lorem University"
    roles:
      - "Head of the Ipsum Group"
  - period: "2015 – 2019"
    role: "Lecturer"
    where: "Dolor University"
    note: "In the group of Prof. Ada Roe"
""")
    assert r.person.name == "Ilse Varga"
    assert not any("personal" in s for s in r.report.skipped)
    assert [p.description for p in r.positions] == ["Head of the Ipsum Group", "In the group of Prof. Ada Roe"]


def test_jsonresume_publication_authors():
    """An `authors` key (not in the schema, often added) gives the ordered authors, with the
    subject marked."""
    r = jr({"basics": {"name": "Ilse Varga"},
            "publications": [{"name": "Tides of Lorem", "publisher": "Journal of Ipsum", "releaseDate": "2021",
                              "authors": ["Ada Roe", "Ilse Varga", "Ben Poe"]},
                             {"name": "Ipsum Waves", "publisher": "Dolor Letters", "releaseDate": "2019",
                              "authors": "I. Varga and A. Roe"}]})
    assert [[(a.name, a.is_subject) for a in p.authors] for p in r.publications] == [
        [("Ada Roe", False), ("Ilse Varga", True), ("Ben Poe", False)],
        [("I. Varga", True), ("A. Roe", False)]]


# ---------------------------------------------------------------------------------------
# Session 16: custom YAML/JSON CV data and bamos/cv variants
# ---------------------------------------------------------------------------------------
def test_yaml_grouped_publications_teaching_talks_and_nested_contact():
    """A site's own cv.yaml: publications grouped by kind, courses grouped by institution,
    talks with a year and a day-month date, contacts inside the person's block."""
    r = yml("""
meta:
  name: Tarja Vell
  contact:
    email: tarja.vell@lorem.edu
    phone: "+61 400 000 000"
    website: https://vell.example.org
publications:
  journal_articles:
    - year: 2024
      authors: [K. Ostra, T. Vell, B. Maro]
      title: "Ripples in a Quiet Market."
      journal: Journal of Lorem Studies
      doi: 10.1234/jls.2024.77
  working_papers:
    - year: 2025
      authors: [T. Vell]
      title: Slow Prices
      status: under review
teaching:
  - institution: Lorem University
    courses:
      - {year: 2024, name: Market Design, role: TA}
      - {year: 2023, name: Auction Theory, role: head TA}
invited_talks:
  seminars:
    - year: 2025
      title: Prices as Signals.
      event: Ipsum Workshop on Markets
      location: Springfield, UK
      date: Mar 4
""")
    p = r.person
    assert (p.name, p.emails, p.phones, p.homepage) == (
        "Tarja Vell", ["tarja.vell@lorem.edu"], ["+61 400 000 000"], "https://vell.example.org")
    assert [(x.title, x.venue, x.year, x.doi, x.status) for x in r.publications] == [
        ("Ripples in a Quiet Market", "Journal of Lorem Studies", "2024", "10.1234/jls.2024.77", "published"),
        ("Slow Prices", None, "2025", None, "under review")]
    assert [(a.name, a.is_subject) for a in r.publications[0].authors] == [
        ("K. Ostra", False), ("T. Vell", True), ("B. Maro", False)]
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Market Design", "Lorem University", "2024", "TA"),
        ("Auction Theory", "Lorem University", "2023", "head TA")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [("Prices as Signals", "Ipsum Workshop on Markets", "2025-03")]


def test_yaml_service_groups_sub_details_and_peer_review_sections():
    """A group named for whom the service was done is no role; bamos' ``sub_details`` holding a
    post is the role; a peer-review section lists the venues reviewed for; a role and its
    organization written on one line are told apart."""
    r = yml("""
name: Ilse Marr
reviewing:
  - details: The 12th Conference on Lorem Learning (CoLL)
    year: 2024
service:
  - details: Lorem Society, Ipsum Chapter
    sub_details: Treasurer
    year: 2019-2020
  - details: Workshop on Quiet Data Organizer
    year: 2021
  - details: "Reviewing: Journal of Lorem, Ipsum Letters"
    year: 2022
outreach:
  to_the_university:
    - year_start: 2023
      year_end: present
      role: Secretary
      organization: Graduate Student Society, Lorem University
  to_the_field:
    - year_start: 2020
      year_end: 2021
      description: Managing Editor, Lorem Modelling Initiative
""")
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Reviewer", "The 12th Conference on Lorem Learning (CoLL)", "2024"),
        ("Treasurer", "Lorem Society, Ipsum Chapter", "2019-2020"),
        ("Organizer", "Workshop on Quiet Data", "2021"),
        ("Reviewer", "Journal of Lorem", "2022"),
        ("Reviewer", "Ipsum Letters", "2022"),
        ("Secretary", "Graduate Student Society, Lorem University", "2023-present"),
        ("Managing Editor", "Lorem Modelling Initiative", "2020-2021")]


def test_yaml_bamos_role_and_mentor_in_detail_lines_and_skill_labels():
    """bamos/cv entries whose title key is left out put the role in the first detail line and
    the mentor in "(Mentor: …)"; "Advanced: Python, SQL" has a level before the list, and
    "(4/5)" rates a skill; \\LaTeX is a skill's name; a template's "|" after a place is no part of it."""
    r = yml(r"""
name: {first: Oona, last: Pelt}
industry:
  - place: Lorem Systems Ltd.
    location: Springfield |
    dates: May 2023 -- Sept 2023
    details:
      - "Backend Engineer Intern "
      - "(Mentor: \\href{https://example.org/roe}{Jane Roe})"
skills:
  - title: Programming
    details: "Advanced: Python, SQL"
  - title: Tools
    details: git, tmux, \LaTeX
  - title: Rated
    details: "Julia (4/5), Rust (2/5)"
  - title: Spoken
    details: "Finnish: C2"
""")
    (p,) = r.positions
    assert (p.organization, p.title, p.location, p.mentors, p.description) == (
        "Lorem Systems Ltd.", "Backend Engineer Intern", "Springfield", ["Jane Roe"], None)
    # (a "Spoken" row is the spoken languages: session 18; it was read as a skill "Finnish: C2")
    assert r.skills == ["Python", "SQL", "git", "tmux", "LaTeX", "Julia", "Rust"]
    assert r.languages == ["Finnish"]


def test_yaml_category_columns_and_custom_json_person_blocks():
    """A page's columns of {category, items} groups; a JSON CV whose person block uses
    firstName/lastName, an address object and a list of {label, url} links."""
    r = yml("""
left:
  - category: Research Career
    items:
      - period: "2021–present"
        title: Postdoctoral Researcher
        institution: Lorem University, Finland
  - category: Education
    items:
      - period: "2015–2020"
        title: PhD Computer Science
        institution: Ipsum University, Norway
right:
  - category: Honors & Awards
    items:
      - period: "2020"
        title: Dolor Thesis Prize
""")
    assert [(p.organization, p.title, p.location, p.current) for p in r.positions] == [
        ("Lorem University", "Postdoctoral Researcher", "Finland", True)]
    assert [(e.institution, e.degree, e.level) for e in r.education] == [("Ipsum University", "PhD Computer Science", "doctorate")]
    assert [(a.name, a.year) for a in r.awards] == [("Dolor Thesis Prize", "2020")]
    j = extract(doc(json.dumps({
        "summary": {"name": {"given": "Ari", "family": "Lund-Berg"},
                    "location": {"city": "Springfield", "region": "Springfield", "country": "Finland"},
                    "contacts": {"phone_e164": "+358400000000", "email": "ari@lund.example"},
                    "links": [{"label": "Website", "url": "https://lund.example"},
                              {"label": "GitHub", "url": "https://github.com/arilund"}]},
        "profile": "Researcher in quiet data.",
        "education": [{"years": "2023--pursuing", "name": "PhD in Informatics", "place": "Dolor Lab",
                       "location": "Lorem University"},
                      {"years": "2016", "name": "Admitted to the Ipsum School", "place": "ranked 4th"}],
        "bibliography": "cv.bib",
        "certifications": [{"name": "Lorem Data Specialization", "issuer": "Ipsum Online", "date": "2020-11"}],
        "language": [{"language": "Finnish", "level": "Native"}],
    }), "jsonresume", "cv.json"))
    p = j.person
    assert (p.name, p.phones, p.emails, p.homepage, p.profiles, p.location, p.summary) == (
        "Ari Lund-Berg", ["+358400000000"], ["ari@lund.example"], "https://lund.example",
        ["https://github.com/arilund"], "Springfield, Finland", "Researcher in quiet data.")
    assert [(e.institution, e.degree, e.start, e.current, e.location) for e in j.education] == [
        ("Lorem University", "PhD in Informatics", "2023", True, None)]
    assert j.publications == []
    assert [a.name for a in j.awards] == ["Lorem Data Specialization, Ipsum Online"]
    assert j.languages == ["Finnish"]


def test_yaml_research_areas_and_commonwealth_degree_abbreviations():
    r = yml("""
name: Pia Dorn
research_areas:
  - Market design
education:
  - {degree: MCom, field: Finance, institution: Lorem University, year: 2021}
  - {degree: Hons, field: Finance, institution: Lorem University, year: 2018}
  - {degree: BCom, field: Commerce, institution: Lorem University, year: 2017}
""")
    assert r.person.interests == ["Market design"]
    assert [e.level for e in r.education] == ["master", "bachelor", "bachelor"]


def test_jsonresume_author_objects_doi_key_and_compound_surname():
    """Author objects ({"name": …}), a "doi" key, typeset hyphens (U+2010) in names, and the
    subject's two-part surname written with a hyphen in the list and a space in basics."""
    r = jr({"basics": {"name": "Luis Ortega Vidal", "location": {"city": "Bogotá", "region": "Colombia",
                                                                  "countryCode": "CO"}},
            "publications": [
                {"title": "Quiet Signals in Lorem", "publisher": "Journal of Ipsum", "releaseDate": "2023-02-01",
                 "doi": "https://doi.org/10.5555/ji.2023.1",
                 "authors": [{"name": "Ana Ruiz\u2010Peña"}, {"name": "L. Ortega-Vidal"}, {"name": "K. Sol"}]},
                {"name": "Dolor Maps", "journal": "Ipsum Letters", "releaseDate": "2021",
                 "authors": "L. Ortega Vidal, M. Ortega"}],
            "work": [{"name": "Lorem University — Department of Physics", "position": "Research Engineer",
                      "startDate": "2020-01", "endDate": "2021-01"},
                     {"name": "School of Earth Sciences, LUST", "position": "PhD candidate", "startDate": "2021-02"}]})
    assert r.person.location == "Bogotá, Colombia"
    a, b = r.publications
    assert (a.doi, [(x.name, x.is_subject) for x in a.authors]) == (
        "10.5555/ji.2023.1", [("Ana Ruiz-Peña", False), ("L. Ortega-Vidal", True), ("K. Sol", False)])
    assert (b.venue, [(x.name, x.is_subject) for x in b.authors]) == (
        "Ipsum Letters", [("L. Ortega Vidal", True), ("M. Ortega", False)])
    assert [(p.organization, p.unit) for p in r.positions] == [
        ("Lorem University", "Department of Physics"), ("LUST", "School of Earth Sciences")]


def test_affiliation_with_an_institute_a_company_or_an_acronym_after_its_unit():
    """"Lab of Prof. X, Institut Y": the institute is the organization; a company the
    organization register knows, or an acronym, after a unit is its organization, not a
    city; a lone city after an organization stays its place."""
    from mappers.extract.fields import split_affiliation

    assert split_affiliation("Lab of Prof. Ada Roe, Institut Lorem, Paris") == ("Institut Lorem", "Lab of Prof. Ada Roe", "Paris")
    assert split_affiliation("Imaging Facility (IF-L), Institut Lorem") == ("Institut Lorem", "Imaging Facility (IF-L)", None)
    assert split_affiliation("Institute for Quantum Lorem, Baidu") == ("Baidu", "Institute for Quantum Lorem", None)
    assert split_affiliation("School of Earth Sciences, LUST") == ("LUST", "School of Earth Sciences", None)
    assert split_affiliation("Lorem Lab, Springfield") == ("Lorem Lab", None, "Springfield")
    assert split_affiliation("Lorem — Ipsum Dolor") == ("Lorem — Ipsum Dolor", None, None)


def test_markdown_author_profile_front_matter_is_read_as_cv_data():
    """A Hugo Blox author profile keeps the CV in its front matter (education, work, awards,
    skills with item objects, profile links with a mailto:, interests); the page's text is a
    biography. The theme's sample awards left in the file are dropped."""
    r = extract(doc("""---
title: Mira K. Sand
first_name: Mira
last_name: Sand
role: PhD Student
organizations:
  - name: Lorem Institute of Technology
profiles:
  - icon: at-symbol
    url: 'mailto:mira@lorem.example'
  - icon: brands/github
    url: https://github.com/mirasand
interests:
  - Quiet Memory
education:
  - area: PhD Psychology
    institution: Lorem Institute of Technology
    date_start: 2024-08-19
    date_end: 2029-05-01
  - area: BS Psychology
    institution: Ipsum State University
    date_start: 2018-08-27
    date_end: 2021-12-18
work:
  - position: Research Coordinator
    company_name: Dolor Health
    date_start: 2023-04-01
    date_end: '2024-07-01'
skills:
  - name: Technical Skills
    items:
      - {name: Python, percent: 50, icon: code-bracket}
      - {name: R, percent: 40, icon: chart-bar}
  - name: Hobbies
    items:
      - {name: Climbing, percent: 60}
awards:
  - title: "Sit Academy: Deep Learning"
    date: '2025-07-25'
    awarder: Sit Academy
  - title: Blockchain Fundamentals
    date: '2023-07-01'
    awarder: edX
---

## About Me

Mira Sand studies memory.
""", "markdown", "_index.md"))
    p = r.person
    assert (p.name, p.emails, p.profiles, p.interests) == (
        "Mira K. Sand", ["mira@lorem.example"], ["https://github.com/mirasand"], ["Quiet Memory", "Climbing"])
    assert [(e.institution, e.degree, e.level, e.field, e.start) for e in r.education] == [
        ("Lorem Institute of Technology", "PhD Psychology", "doctorate", "Psychology", "2024-08"),
        ("Ipsum State University", "BS Psychology", "bachelor", "Psychology", "2018-08")]
    assert [(x.organization, x.title, x.start, x.end) for x in r.positions] == [
        ("Dolor Health", "Research Coordinator", "2023-04", "2024-07")]
    assert r.skills == ["Python", "R"]
    assert [(a.name, a.year) for a in r.awards] == [("Sit Academy: Deep Learning", "2025")]
    assert r.service == []              # "organizations:" names the profile's affiliation, not service


def test_markdown_landing_page_experience_blocks_and_swapped_role_keys():
    """A Hugo landing page whose sections are experience blocks with items; an item whose
    organization is written under ``title`` and the role under ``company`` is read the right
    way round."""
    r = extract(doc("""---
title: ''
type: landing
sections:
  - block: about.biography
    content:
      title: Biography
      username: admin
  - block: experience
    content:
      title: Work Experience
      items:
        - title: Lorem Research Group
          company: Deep Learning Engineer
          location: Springfield, Finland
          date_start: '2023-11-01'
          date_end: ''
        - title: Data Analyst
          company: Sit Consulting
          date_start: '2021-01-01'
          date_end: '2022-06-30'
        - title: Research Engineer
          company: Ipsum Institute of Physics
          date_start: '2019-01-01'
          date_end: '2020-12-31'
  - block: collection
    content:
      title: Recent Papers
      filters:
        folders: [publication]
---
""", "markdown", "_index.md"))
    assert [(p.organization, p.title, p.start, p.current) for p in r.positions] == [
        ("Lorem Research Group", "Deep Learning Engineer", "2023-11", True),
        ("Sit Consulting", "Data Analyst", "2021-01", False),
        ("Ipsum Institute of Physics", "Research Engineer", "2019-01", False)]


def test_jsonresume_thesis_and_advisor_written_as_course_lines():
    """A degree's "courses" list holding "Dissertation: …" and "Advisor: …" lines: the thesis
    and the advisor, not courses."""
    r = jr({"basics": {"name": "Omar Feld"},
            "education": [{"institution": "Lorem University", "studyType": "Ph.D.", "area": "Computer Science",
                           "startDate": "2016-08", "endDate": "2020-12",
                           "courses": ["Dissertation: Quiet Agents in Loud Rooms", "Advisor: Ada Roe"]},
                          {"institution": "Ipsum University", "studyType": "M.S.", "endDate": "2013",
                           "courses": ["Thesis: Who Speaks First?", "Algorithms"]}]})
    assert [(e.thesis, e.advisors) for e in r.education] == [
        ("Quiet Agents in Loud Rooms", ["Ada Roe"]), ("Who Speaks First?", [])]
    assert r.report.skipped == ["education courses at Ipsum University ignored"]


def test_yaml_advisors_and_mentors_named_inside_detail_sentences():
    r = yml("""
name: Ines Valo
education:
  - years: "1998 – 2002"
    title: PhD in Physics
    where: Lab of Prof. Ada Roe, Institut Lorem, Paris
    detail: "Dynamics of quiet proteins. Supervisors: B. Poe & C. Moe."
  - degree: BS Psychology
    institution: Ipsum State University
    year: 2018
    summary: "Thesis on memory. Supervised by Dana Kell, PhD. Presented at conferences."
experience:
  - place: Dolor Institute
    title: Research Intern
    dates: 2017
    details:
      - "Worked on forests, supervised by Eli Sato (2 months)."
""")
    assert [(e.institution, e.advisors) for e in r.education] == [
        ("Institut Lorem", ["B. Poe", "C. Moe"]), ("Ipsum State University", ["Dana Kell"])]
    assert [p.mentors for p in r.positions] == [["Eli Sato"]]


def test_yaml_patent_numbers_in_other_fields_and_patents_written_as_lines():
    """A patent entry whose number is in another field ('role: "Korea patent no.: 10-2022-…"') or
    only in a Google Patents link, and a patent given as one formatted line (the whole line was
    the title)."""
    r = yml("""
        name: Mira Quell
        patents:
          - patent: Method for folding paper cranes
            role: "Korea patent no.: 10-2022-0113751"
            year: 2022
          - title: Stand for cranes
            url: https://patents.google.com/patent/US20180260451A1
            date: 2017-03-08
            authors: [Tomas Arvo, Mira Quell]
          - "Mira Quell, Tomas Arvo. Box for cranes. KR 10-2020-0158722, filed 2020."
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in r.patents] == [
        ("Method for folding paper cranes", "10-2022-0113751", [], "2022", None),
        ("Stand for cranes", "US20180260451A1", ["Tomas Arvo", "Mira Quell"], "2017-03", None),
        ("Box for cranes", "KR10-2020-0158722", ["Mira Quell", "Tomas Arvo"], "2020", "filed"),
    ]


def test_json_resume_patents_key_and_a_patent_among_the_publications():
    """A "patents" list (not in JSON Resume's schema; it was ignored as an unknown key) and a
    publication whose publisher is a patent number (it was a publication with the number as its
    venue)."""
    r = jr({"basics": {"name": "Mira Quell"},
            "patents": [{"title": "Stand for cranes", "number": "US 10,123,456 B2", "date": "2019-03-05",
                         "inventors": ["Tomas Arvo", "Mira Quell"], "status": "Granted"},
                        {"name": "Box for cranes", "releaseDate": "2020-07-01",
                         "url": "https://patents.google.com/patent/US20200123456A1"}],
            "publications": [{"name": "Hanger for cranes", "publisher": "US Patent 9,876,543", "releaseDate": "2018-01-02"},
                             {"name": "Cranes at rest", "publisher": "Lorem Journal of Origami", "releaseDate": "2018"}]})
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in r.patents] == [
        ("Hanger for cranes", "US9876543", [], "2018-01-02", None),
        ("Stand for cranes", "US 10,123,456 B2", ["Tomas Arvo", "Mira Quell"], "2019-03-05", "granted"),
        ("Box for cranes", "US20200123456A1", [], "2020-07-01", None),
    ]
    assert [p.title for p in r.publications] == ["Cranes at rest"]
    assert not any("patents" in s for s in r.report.skipped)


def test_rendercv_publication_whose_journal_is_a_patent_number():
    """RenderCV has no patent entry: 'journal: US Patent 10,123,456 B2' under publications is a
    patent (it was a publication with the number as its journal)."""
    r = yml("""
        cv:
          name: Mira Quell
          sections:
            publications:
              - title: Stand for paper cranes
                authors: ["***Mira Quell***", "Tomas Arvo"]
                journal: US Patent 10,123,456 B2
                date: 2019-03-05
              - title: Cranes at rest
                authors: ["***Mira Quell***", "Tomas Arvo"]
                journal: Lorem Journal of Origami
                date: 2020-01
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in r.patents] == [
        ("Stand for paper cranes", "US10123456B2", ["Mira Quell", "Tomas Arvo"], "2019-03", "granted")]
    assert [p.title for p in r.publications] == ["Cranes at rest"]


def test_json_resume_keyword_lists_and_placeholder_contacts():
    """Session 17: a skill keyword holding a list ("HTML5, HTML", "pip, npm, bower") gives one
    skill each (split outside parentheses, as YAML skill lists are); a phone "Upon request" is no
    number and an address "Upon request" no part of the location."""
    r = jr({"basics": {"name": "Tomas Quell", "phone": "Upon request",
                       "location": {"address": "Available upon request", "city": "Lorem",
                                    "region": "Ipsum", "countryCode": "US"}},
            "skills": [{"name": "Tools", "level": "Master",
                        "keywords": ["Docker", "pip, npm, bower", "PHP MVC (Custom, Cake, etc)"]},
                       {"name": "Markup", "keywords": ["HTML5; CSS3"]}]})
    assert r.person.phones == []
    assert r.person.location == "Lorem, Ipsum, US"
    assert r.skills == ["Docker", "pip", "npm", "bower", "PHP MVC (Custom, Cake, etc)", "HTML5", "CSS3"]
    r = yml("name: Tomas Quell\nphone: On request\nemail: tq@example.org\n"
            "education:\n  - institution: Lorem University\n    degree: PhD\n    year: 2020\n")
    assert r.person.phones == [] and r.person.emails == ["tq@example.org"]


def test_yaml_award_lines_lose_their_years_and_presentations_are_talks():
    """Session 17: an award written as one line ("Lorem Prize, Lorem Society, 2018.", "…,
    2014--2016.") keeps its year as the year, not in its name; a reference whose venue is
    "Paper presented at …" or "Poster session presented at …" (APA's form for a conference
    presentation) is a talk at that event, not a publication."""
    r = yml(
        "name: Tomas Quell\n"
        "honours:\n"
        "  - Lorem Prize for the best paper, Lorem Association of Economists, 2018.\n"
        "  - Ipsum Scholarship, University of Ipsum, 2014--2016.\n"
        "  - Dolor Medal (2012)\n"
        "publications:\n"
        "  - citation: Quell, T. and A. Roe (2019). \"Sit Amet Growth.\" Journal of Lorem 12(3), 1-20.\n"
        "conferences:\n"
        "  - citation: Quell, T. (2018, June). \"Consectetur Demand.\" Paper presented at the Lorem Economists Conference, Springfield.\n"
        "  - citation: Quell, T. and A. Roe (2017, May). \"Adipiscing Risks.\" Poster session presented at the Ipsum Annual Meeting.\n")
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Prize for the best paper, Lorem Association of Economists", "2018"),
        ("Ipsum Scholarship, University of Ipsum", "2014"), ("Dolor Medal", "2012")]
    assert [p.title for p in r.publications] == ["Sit Amet Growth"]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Consectetur Demand", "Lorem Economists Conference, Springfield", "2018"),
        ("Adipiscing Risks", "Ipsum Annual Meeting", "2017")]


def test_structured_venues_named_as_text_venues_and_profile_urls_as_usernames():
    """Session 17: a JSON Resume or YAML publication's venue is named as a text reference's
    ("Proceedings of the 31st IEEE International Conference on …" → "IEEE International Conference
    on …", the year and a bracketed acronym left out, the acronym kept apart), so one paper has one
    venue name in every format; a profile whose `username` is the whole address is that address."""
    r = jr({"basics": {"name": "Tomas Quell", "profiles": [
                {"network": "LinkedIn", "username": "https://www.linkedin.com/in/tomas-quell-123/", "url": ""},
                {"network": "GitHub", "username": "tquell"}]},
            "publications": [{"name": "Lorem Widgets", "releaseDate": "2022",
                              "publisher": "Proceedings of the 31st IEEE International Conference on Widget Sensing (WISE 2022)"}]})
    assert r.person.profiles == ["https://www.linkedin.com/in/tomas-quell-123/", "https://github.com/tquell"]
    assert [(p.venue, p.venue_acronym, p.year) for p in r.publications] == [
        ("IEEE International Conference on Widget Sensing", "WISE", "2022")]
    r = yml("cv:\n  name: Tomas Quell\n  sections:\n    publications:\n"
            "      - title: Ipsum Gadgets\n        authors: [Tomas Quell, Ada Roe]\n        date: 2021-05\n"
            "        journal: Proceedings of the 12th International Symposium on Gadget Design (ISGD '21)\n")
    assert [(p.venue, p.venue_acronym, p.year) for p in r.publications] == [
        ("International Symposium on Gadget Design", "ISGD", "2021")]


def test_structured_arxiv_venues_give_the_id_apart():
    """Session 17: a RenderCV/YAML or JSON Resume publication whose journal is "arXiv preprint
    arXiv:2301.00001" has the venue "arXiv" and the id apart (as text and BibTeX references
    have); an arxiv.org link gives the id of a YAML entry too."""
    r = yml("cv:\n  name: Tomas Quell\n  sections:\n    publications:\n"
            "      - title: Dolor Sit\n        authors: [Ada Roe, '*Tomas Quell*']\n"
            "        journal: arXiv preprint arXiv:2301.00001\n        date: 2023-01\n"
            "      - title: Amet Gears\n        authors: [Tomas Quell]\n        journal: NeurIPS 2023\n"
            "        url: https://arxiv.org/abs/2302.00002\n        date: 2023-12\n")
    assert [(p.venue, p.arxiv, p.status) for p in r.publications] == [
        ("arXiv", "2301.00001", "preprint"), ("NeurIPS", "2302.00002", "published")]
    assert [a.is_subject for a in r.publications[0].authors] == [False, True]
    r = jr({"basics": {"name": "Tomas Quell"},
            "publications": [{"name": "Dolor Sit", "publisher": "arXiv preprint arXiv:2301.00001", "releaseDate": "2023"}]})
    assert [(p.venue, p.arxiv, p.status) for p in r.publications] == [("arXiv", "2301.00001", "preprint")]


def test_hugo_academic_social_links_under_link_and_icon():
    """Session 17: the older Hugo Academic author page writes its links as `social:` items
    `{icon: github, icon_pack: fab, link: …}`: the `link` is the address (a mailto: an e-mail),
    the icon names the network. Neither was read."""
    r = yml("title: Mira Sand\nsocial:\n- icon: envelope\n  icon_pack: fas\n  link: 'mailto:mira@lorem.example'\n"
            "- icon: github\n  icon_pack: fab\n  link: https://github.com/msand\n"
            "education:\n  courses:\n  - course: M.S. in Widget Science\n    institution: Lorem University\n    year: 2021\n")
    assert r.person.emails == ["mira@lorem.example"]
    assert r.person.profiles == ["https://github.com/msand"]


def test_a_research_area_written_as_a_yaml_key_is_the_topic():
    # "- Markets: information aggregation, …": YAML reads the item as a one-key mapping; the
    # topic was lost
    r = yml("""
meta:
  name: Jana Doe
  contact:
    email: jana@example.org
research_areas:
  - Markets: information aggregation and market design.
  - Simulation modelling of public health interventions.
professional_employment:
  - year_start: 2020
    year_end: present
    title: Research Fellow
    organization: Lorem University
""")
    assert r.person.interests == ["Markets", "Simulation modelling of public health interventions."]
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Research Fellow", "Lorem University", "2020", True)]


def test_yaml_json_resume_shape_keeps_a_summary_with_its_highlights_and_a_leading_dot():
    r = yml("""
basics:
  name: Jana Doe
  email: jana@example.org
skills:
  - name: Backend
    keywords:
      - ".Net / C#"
      - Java.
work:
  - name: Lorem
    position: Software Engineer
    startDate: "2022-11-10"
    summary: >
      Helping Lorem build an exchange.
    highlights:
      - Worked with Golang and Kafka.
""")
    assert r.skills == [".Net / C#", "Java"]
    assert [(p.organization, p.description) for p in r.positions] == [
        ("Lorem", "Helping Lorem build an exchange.\nWorked with Golang and Kafka.")]


def test_a_rendercv_publications_doi_link_gives_its_doi():
    r = yml("""
cv:
  name: Jana Doe
  email: jana@example.org
  sections:
    Selected Publications:
      - title: Unsupervised Lorem Enhancement with Ipsum Priors
        authors:
          - Jana Doe
          - Ann Roe
        journal: Acoustical Lorem and Technology
        date: 2025-02
        url: https://doi.org/10.1250/alt.e24.66
""")
    assert [(p.title, p.venue, p.year, p.doi) for p in r.publications] == [
        ("Unsupervised Lorem Enhancement with Ipsum Priors", "Acoustical Lorem and Technology", "2025", "10.1250/alt.e24.66")]


def test_json_resume_authors_in_a_summary_honours_mark_and_a_supervisor_in_a_highlight():
    """Authors written in a publication's "summary" (the schema has no authors key) are its
    authors when the subject is among them; "BEng (Hons)" is the degree and an honour; "Supervised
    by Prof. …" in a highlight names the position's mentor ("Mentored …" does not)."""
    r = jr({"basics": {"name": "Lina Haddad-Ortiz"},
            "work": [{"name": "Université de Lorem", "position": "Postdoctoral Fellow", "startDate": "2019",
                      "endDate": "2021-08", "highlights": ["Supervised by Prof. Marc Tremblet",
                                                           "Mentored Jane Roe and Bo Chen"]}],
            "education": [{"institution": "University of Ipsum", "area": "Computer Engineering",
                           "studyType": "BEng (Hons)", "endDate": "2014"}],
            "publications": [{"name": "Sparse Attention at Scale", "publisher": "NeurIPS", "releaseDate": "2023",
                              "summary": "L. Haddad-Ortiz, M. Tremblet, K. Osei"},
                             {"name": "Token Pruning", "publisher": "Interspeech", "releaseDate": "2022",
                              "summary": "We prune tokens, and it works"}]})
    assert [(p.title, [a.name for a in p.authors]) for p in r.publications] == [
        ("Sparse Attention at Scale", ["L. Haddad-Ortiz", "M. Tremblet", "K. Osei"]), ("Token Pruning", [])]
    assert [(e.degree, e.level, e.honours) for e in r.education] == [("BEng", "bachelor", ["Hons"])]
    assert [p.mentors for p in r.positions] == [["Marc Tremblet"]]


def test_rendercv_one_line_entries_a_year_label_and_spoken_languages():
    """RenderCV's one-line entries: {label: 2020, details: Award} dates the award; a "Spoken"
    row with proficiencies lists languages, a "Languages" row of programming languages skills."""
    r = yml("""
        cv:
          name: Tomasz Wielgus-Reyes
          sections:
            awards:
              - label: 2020
                details: Best Student Paper, ICFP
            skills:
              - label: Languages
                details: Coq, OCaml, Rust
              - label: Spoken
                details: Polish (native), English (fluent), Spanish (B2)
        """)
    assert [(a.name, a.year) for a in r.awards] == [("Best Student Paper, ICFP", "2020")]
    assert r.skills == ["Coq", "OCaml", "Rust"] and r.languages == ["Polish", "English", "Spanish"]
