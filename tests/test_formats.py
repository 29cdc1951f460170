"""Structured-format extractors (JSON Resume, YAML CV, LaTeX, BibTeX) and markup→text.

Real CVs are read in place from ../shared/corpus/real (never copied); the expected facts
below come from reading those files by hand.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cvgraph.errors import DocumentError
from mappers.convert import html_to_text, latex_to_text
from mappers.extract import extract
from mappers.extract.bibtex import parse_bibtex
from mappers.extract.latex import extract_latex
from mappers.read import SourceDocument, read_document

REAL = Path(__file__).parent.parent.parent / "shared/corpus/real"


def real(name: str):
    path = REAL / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    return extract(read_document(path))


def doc(raw: str, fmt: str, name: str = "x") -> SourceDocument:
    return SourceDocument(path=name, name=name, sha256="0", format=fmt, text=raw, raw=raw)


def authors(pub) -> list[str]:
    return [a.name for a in pub.authors]


# ---------------------------------------------------------------------------------------
# metzen.json (JSON Resume)
# ---------------------------------------------------------------------------------------
def test_metzen_person():
    r = real("metzen.json")
    p = r.person
    assert p.name == "Jan Hendrik Metzen"
    assert p.emails == ["janmetzen@mailbox.org"]
    assert p.phones == []
    assert p.homepage == "https://jmetzen.github.io/"
    assert p.profiles == ["https://twitter.com/jan_metzen", "https://www.linkedin.com/in/jan-hendrik-metzen/",
                          "https://github.com/jmetzen", "https://scholar.google.de/citations?user=w047VfEAAAAJ"]
    assert "Böblingen" in p.location
    assert p.summary.startswith("I am Senior AI Researcher at Aleph Alpha Research.")
    assert "](" not in p.summary  # Markdown links stripped


def test_metzen_positions():
    r = real("metzen.json")
    got = [(x.organization, x.title, x.start, x.end, x.current) for x in r.positions]
    bcai = "Bosch Center for Artificial Intelligence (BCAI), Robert Bosch GmbH"
    bremen = "University of Bremen"          # its unit, the Robotics Research Group, is the position's unit
    dfki = "Robotics Innovation Center, German Research Center for Artificial Intelligence (DFKI RIC, Bremen)"
    assert got == [
        ("Aleph Alpha Research", "Senior AI Researcher", "2024-09-01", None, True),
        (bcai, "Senior Expert 'Robust Scalable Perception'", "2020-01-01", "2024-08-31", False),
        (bcai, "Research Scientist", "2016-03-01", "2019-12-31", False),
        (bremen, "Research Assistant", "2009-11-01", "2016-02-29", False),
        (bremen, "Project Leader 'CASCADE'", "2014-08-01", "2016-01-31", False),
        (dfki, "Team leader 'Sustained Learning'", "2013-01-01", "2015-12-31", False),
        (dfki, "Researcher", "2007-07-01", "2009-10-31", False),
        (bremen, "Research Assistant", "2006-09-01", "2007-06-30", False),
    ]
    assert [x.unit for x in r.positions if x.organization == bremen] == ["Robotics Research Group"] * 3
    assert "Efficient LLM pretraining" in r.positions[0].description
    assert r.positions[0].line == 44   # the '{' of the first work item


def test_metzen_education_awards_languages_service():
    r = real("metzen.json")
    got = [(e.institution, e.degree, e.level, e.field, e.start, e.end) for e in r.education]
    assert got == [
        ("University Bremen", "Dr.rer.nat. (PhD)", "doctorate", "Computer Science", "2009-11-01", "2014-02-28"),
        ("University Münster", "Diploma", "master", "Computer Science", "2001-10-01", "2006-08-30"),   # a German Diplom: master level
    ]
    assert r.education[0].location == "Bremen, Germany"
    assert len(r.awards) == 1 and r.awards[0].name.startswith("Scholarship (2004 - 2006)")
    assert "Studienstiftung des Deutschen Volkes" in r.awards[0].name and r.awards[0].year == "2004"
    assert r.languages == ["German", "English", "Spanish", "French"]
    assert r.publications == [] and r.skills == []
    roles = [(s.role, s.organization) for s in r.service]
    assert len(roles) == 8
    assert roles[0] == ("Core Contributor", "scikit-learn")
    assert ("Senior Area Chair", "AutoML Conference 2022") in roles
    assert ("Member", "ELLIS") in roles
    assert any("SVGStud.io" in s for s in r.report.skipped)   # projects skipped with a note


# ---------------------------------------------------------------------------------------
# JSON Resume: synthetic and error cases
# ---------------------------------------------------------------------------------------
def test_jsonresume_publications_skills_and_open_end():
    data = {"basics": {"name": "Ada Lovelace", "profiles": [{"network": "GitHub", "username": "ada"}]},
            "work": [{"name": "Analytical Engines Ltd", "position": "Engineer", "startDate": "2020-05"}],
            "publications": [{"name": "Notes on the Engine", "publisher": "arXiv", "releaseDate": "2021-03-01",
                              "url": "https://arxiv.org/abs/2103.01234"}],
            "skills": [{"name": "Programming", "keywords": ["Python", "Rust"]}, {"name": "Math"}],
            "interests": [{"name": "Poetry"}]}
    r = extract(doc(json.dumps(data, indent=2), "jsonresume", "ada.json"))
    assert r.person.profiles == ["https://github.com/ada"]
    assert r.positions[0].current and r.positions[0].end is None and r.positions[0].start == "2020-05"
    pub = r.publications[0]
    assert (pub.title, pub.venue, pub.year, pub.status, pub.arxiv, pub.authors) == \
        ("Notes on the Engine", "arXiv", "2021", "preprint", "2103.01234", [])
    assert r.skills == ["Python", "Rust", "Math"]
    assert r.person.interests == ["Poetry"]


@pytest.mark.parametrize("raw, reason", [
    ('{"basics": {"name": "A"', "invalid JSON"),
    ('[1, 2]', "top level is a JSON list"),
    ('{"name": "A"}', "not a JSON Resume"),
    ('{"basics": {"label": "x"}, "work": []}', "JSON Resume has no basics.name"),
    ('{"basics": {"name": "A"}, "work": {"name": "X"}}', "section 'work' must be a list"),
    ('{"basics": {"name": "A"}, "education": ["MIT"]}', "education[0] must be an object"),
])
def test_jsonresume_errors(raw, reason):
    with pytest.raises(DocumentError) as exc:
        extract(doc(raw, "jsonresume", "bad.json"))
    assert reason in exc.value.reason
    assert exc.value.name == "bad.json"


def test_jsonresume_invalid_json_gives_line_and_column():
    with pytest.raises(DocumentError) as exc:    # a missing comma: invalid in JSON and in JSON5
        extract(doc('{\n  "basics": {\n    "name": "A"\n    "label": "B"\n  }\n}', "jsonresume", "bad.json"))
    assert "line 4" in exc.value.reason and "column" in exc.value.reason


def test_jsonresume_with_comments_and_trailing_commas_is_read_with_a_warning(tmp_path):
    """Hand-edited resume.json files (al-folio's among them) carry // comments and trailing
    commas; they are read as JSON5, and the document says so."""
    path = tmp_path / "resume.json"
    path.write_text('{\n  // who\n  "basics": {"name": "Ada Quill", "email": "ada@example.org",},\n'
                    '  "education": [{"institution": "Lakeside University", "studyType": "PhD",\n'
                    '                 "area": "Physics", "endDate": "2019"}, ],  /* done */\n}\n', encoding="utf-8")
    d = read_document(path)
    assert any("JSON5" in w for w in d.warnings)
    r = extract(d)
    assert r.person.name == "Ada Quill" and r.person.emails == ["ada@example.org"]
    assert [(e.institution, e.level, e.end) for e in r.education] == [("Lakeside University", "doctorate", "2019")]


# ---------------------------------------------------------------------------------------
# amos.yml (bamos/cv YAML)
# ---------------------------------------------------------------------------------------
def test_amos_person():
    r = real("amos.yml")
    p = r.person
    assert p.name == "Brandon Amos"
    assert p.emails == ["brandon.amos.cs@gmail.com"]
    assert p.homepage == "https://bamos.github.io"
    assert p.profiles == ["https://github.com/bamos", "https://scholar.google.com/citations?user=d8gdZR4AAAAJ"]
    assert "Reflection AI" in p.summary and "<a" not in p.summary


def test_amos_education():
    r = real("amos.yml")
    got = [(e.institution, e.degree, e.level, e.field, e.start, e.end, e.location) for e in r.education]
    assert got == [
        ("Carnegie Mellon University", "Ph.D. in Computer Science", "doctorate", "Computer Science", "2014", "2019", "Pittsburgh, PA"),
        ("Virginia Tech", "B.S. in Computer Science", "bachelor", "Computer Science", "2011", "2014", "Blacksburg, VA"),
    ]
    phd = r.education[0]
    assert phd.advisors == ["J. Zico Kolter"]
    assert phd.thesis == "Differentiable Optimization-Based Modeling for Machine Learning"
    assert phd.line == 135


def test_amos_positions():
    r = real("amos.yml")
    got = [(x.organization, x.title, x.start, x.end, x.current) for x in r.positions]
    assert got == [
        ("Reflection AI", "Member of Technical Staff", "2025", None, True),
        ("Meta Superintelligence Labs", "Research Scientist in FAIR", "2019", "2025", False),
        ("Cornell Tech", "Visiting Lecturer of Computer Science", "2024", None, False),
        ("Carnegie Mellon University", "Research Assistant", "2016", "2019", False),
        ("Intel Labs", "Research Intern", "2018", None, False),
        ("Google DeepMind", "Research Intern", "2017", None, False),
        ("Carnegie Mellon University", "Research Assistant", "2014", "2016", False),
        ("Adobe Research", "Research Intern", "2014", None, False),
        ("Virginia Tech", "Research Assistant", "2013", "2014", False),
        ("Virginia Tech", "Research Assistant", "2012", "2014", False),
        ("Virginia Tech", "Research Assistant", "2012", "2014", False),
        ("Snowplow", "Software Intern", "2013", "2014", False),
        ("Qualcomm", "Software Intern", "2013", None, False),
        ("Phoenix Integration", "Software Intern", "2012", None, False),
        ("Sunapsys", "Network Administrator Intern", "2011", None, False),
    ]
    assert r.positions[5].mentors == ["Nando de Freitas", "Misha Denil"]
    assert r.positions[5].location == "London"
    assert r.positions[13].description == "C++, C#, and Java development"
    lines = [x.line for x in r.positions]
    assert lines == sorted(lines) and len(set(lines)) == len(lines)


def test_amos_awards_talks_service_teaching_skills():
    r = real("amos.yml")
    assert [(a.name, a.year) for a in r.awards] == [
        ("AISTATS Best Reviewer", "2025"),
        ("Outstanding Paper Award at the ICML Theoretical Foundations Workshop", "2024"),
        ("NeurIPS Top Reviewer", "2022"),
        ("ICML Outstanding Reviewer", "2022"),
        ("ICLR Outstanding Reviewer", "2019"),
        ("Best Paper Award at ACM MMSys", "2017"),
        ("NSF Graduate Research Fellowship", "2016"),
        ("Nine undergraduate scholarships", "2011"),
    ]
    assert r.publications == []   # they live in all.bib
    assert any("all.bib" in s for s in r.report.skipped)
    assert len(r.talks) == 59
    assert (r.talks[0].title, r.talks[0].host, r.talks[0].date) == \
        ("On prompt optimization and coding agents", "Columbia NLP Seminar", "2026")
    assert (r.talks[-1].title, r.talks[-1].host, r.talks[-1].date) == \
        ("Differentiable optimization and control", "UC Berkeley", "2018")
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Applied Machine Learning", "Cornell Tech", "Fall 2024", "Co-instructor"),
        ("Graduate AI", "CMU", "Spring 2017", "TA"),
        ("Distributed Systems", "CMU", "Spring 2016", "TA"),
        ("Software Design and Data Structures", "VT", "Spring 2013", "TA"),
    ]
    assert len(r.service) == 4 + 6 + 25
    assert ("Area Chair", "International Conference on Machine Learning (ICML)") in \
        [(s.role, s.organization) for s in r.service]
    assert r.service[3].role == "CMU CSD MS Admissions" and r.service[3].period == "2014–2015"
    assert r.skills[:3] == ["C", "C++", "Fortran"] and "PyTorch" in r.skills and len(r.skills) == 28


def test_yaml_alfolio_list_format_and_errors():
    raw = """
- title: General Information
  type: map
  contents:
    - name: Full Name
      value: Maria Rossi
    - name: Email
      value: maria@uni.it
- title: Education
  type: time_table
  contents:
    - title: PhD
      institution: <b>University of Padova</b>
      year: 2015 - 2019
      description:
        - "Advisor: Prof. Luca Bianchi"
- title: Experience
  contents:
    - title: Assistant Professor
      institution: Politecnico di Milano
      year: 2020 - present
"""
    r = extract(doc(raw, "yaml", "cv.yml"))
    assert r.person.name == "Maria Rossi" and r.person.emails == ["maria@uni.it"]
    e = r.education[0]
    assert (e.institution, e.degree, e.level, e.start, e.end, e.advisors) == \
        ("University of Padova", "PhD", "doctorate", "2015", "2019", ["Luca Bianchi"])
    p = r.positions[0]
    assert (p.organization, p.title, p.start, p.current) == ("Politecnico di Milano", "Assistant Professor", "2020", True)
    with pytest.raises(DocumentError, match="invalid YAML.*line"):
        extract(doc("name: [a\nb: c", "yaml", "bad.yml"))
    with pytest.raises(DocumentError, match="not a YAML CV"):
        extract(doc("foo: 1\nbar: 2\n", "yaml", "bad.yml"))


# ---------------------------------------------------------------------------------------
# kim.tex (custom macros: timeitemize/timeitem, no preamble in the file)
# ---------------------------------------------------------------------------------------
def test_kim_person():
    r = real("kim.tex")
    p = r.person
    assert p.name == "Dongkwan Kim"
    assert p.emails == ["0xdkay@gmail.com"]
    assert p.homepage == "https://0xdkay.me"
    assert "https://github.com/0xdkay" in p.profiles and "https://www.linkedin.com/in/0xdkay/" in p.profiles
    assert any("p16UJy8AAAAJ" in u for u in p.profiles)


def test_kim_education():
    r = real("kim.tex")
    kaist = "Korea Advanced Institute of Science and Technology (KAIST)"
    got = [(e.institution, e.degree, e.level, e.start, e.end) for e in r.education]
    assert got == [
        (kaist, "Ph.D. in School of Electrical Engineering", "doctorate", "2016-03", "2022-02"),
        (kaist, "M.S. in School of Electrical Engineering", "master", "2014-03", "2016-02"),
        (kaist, "B.S. in School of Computing", "bachelor", "2010-02", "2014-02"),
        ("EURECOM", "Visiting Scholar in Software and System Security", "other", "2014-06", "2014-07"),
    ]
    phd = r.education[0]
    assert phd.advisors == ["Yongdae Kim"]
    assert phd.thesis == ("Improving Large-Scale Vulnerability Analysis of IoT Devices with Heuristics "
                          "and Binary Code Similarity")
    assert phd.location == "South Korea" and phd.line == 152
    assert r.education[3].advisors == ["Aurélien Francillon"]


def test_kim_positions():
    r = real("kim.tex")
    got = [(x.organization, x.title, x.start, x.end, x.current) for x in r.positions]
    assert got == [
        ("Georgia Tech", "Postdoctoral Fellow", "2025-02", None, True),
        ("Samsung Security Center, Samsung SDS", "Senior Engineer", "2022-08", "2024-12", False),
        ("KAIST", "Postdoctoral Researcher", "2022-03", "2022-07", False),
        ("Pinion Industries", "Research Intern", "2013-12", "2014-02", False),
        ("KAIST CERT", "Student Senior", "2010-09", "2012-08", False),
    ]
    assert r.positions[0].location == "Atlanta, GA" and r.positions[0].mentors == ["Taesoo Kim"]
    assert r.positions[0].line == 107


def test_kim_publications():
    r = real("kim.tex")
    pubs = r.publications
    assert len(pubs) == 19 + 8   # international + domestic
    first = pubs[0]
    assert first.title == "BaseComp: A Comparative Analysis for Integrity Protection in Cellular Baseband Software"
    assert authors(first) == ["Eunsoo Kim", "Min Woo Baek", "CheolJun Park", "Dongkwan Kim", "Yongdae Kim", "Insu Yun"]
    assert [a.equal_contribution for a in first.authors][:3] == [True, True, False]
    assert [a.is_subject for a in first.authors] == [False, False, False, True, False, False]
    assert first.venue == "USENIX Security Symposium"
    assert first.year == "2023" and first.line == 300
    second = pubs[1]
    assert second.title == "Un-Rocking Drones: Foundations of Acoustic Injection Attacks and Recovery Thereof"
    assert authors(second) == ["Jinseob Jung", "Dongkwan Kim", "Joonha Jang", "Juhwan Noh", "Changhun Song", "Yongdae Kim"]
    assert second.venue_acronym == "NDSS" and second.year == "2023"
    basespec = next(p for p in pubs if p.title.startswith("BaseSpec"))
    assert [a.equal_contribution for a in basespec.authors][:2] == [True, True]
    assert basespec.venue_acronym == "NDSS" and basespec.year == "2021"
    burnfit = next(p for p in pubs if p.title.startswith("BurnFit"))
    assert burnfit.awards == ["Best Paper Award"] and burnfit.venue_acronym == "WISA"
    thesis = next(p for p in pubs if p.title.startswith("Improving Large-Scale"))
    assert thesis.venue == "Ph.D. Thesis, KAIST" and authors(thesis) == ["Dongkwan Kim"]
    last = pubs[-1]
    assert (last.title, last.year) == ("Security Analysis of Femtocells in Korea", "2014")
    assert authors(last) == ["Eunsoo Kim", "Dongkwan Kim", "Youjin Lee", "Shinjo Park", "Yongdae Kim"]
    assert all(any(a.is_subject for a in p.authors) for p in pubs)


def test_kim_awards_patents_talks_service_teaching():
    r = real("kim.tex")
    assert len(r.awards) == 15 + 3 + 1   # CTFs, academic awards, scholarship (CVE and certificates skipped)
    assert (r.awards[0].name, r.awards[0].year) == ("Finalist, DEFCON 27 CTF", "2019")
    assert ("Best Paper Award, WISA", "2015") in [(a.name, a.year) for a in r.awards]
    assert not any("CVE" in a.name or "Engineer Information" in a.name for a in r.awards)
    assert len(r.patents) == 1 + 6 + 12
    us = r.patents[0]
    assert (us.number, us.date, us.status, us.title) == \
        ("US 10111120", "2018-10", "granted", "Method and Apparatus for Checking Problem in Mobile Communication Network")
    assert r.patents[-1].number == "KR 10-2018-0034616" and r.patents[-1].status == "filed"
    assert len(r.talks) == 21
    assert r.talks[0].host == "Special Lecture for Hyundai Motors Group Security Center" and r.talks[0].date == "2025-01"
    reviewer = [s for s in r.service if s.role.startswith("Secondary Reviewer")]
    assert len(reviewer) == 11
    assert [(t.course, t.role, t.institution, t.term) for t in r.teaching][0] == \
        ("Introduction to Electronics Design Lab. (EE305)", "Teaching Assistant", "KAIST", "Fall 2019")
    assert len(r.teaching) == 7


# ---------------------------------------------------------------------------------------
# yu.tex (article class, itemize + tabular, publications via \printbib)
# ---------------------------------------------------------------------------------------
def test_yu():
    r = real("yu.tex")
    p = r.person
    assert p.name == "Peifeng Yu"
    assert p.emails == ["pfyu@google.com"] and p.phones == ["+1 734 239 2157"]
    assert p.homepage == "https://unlimited-code.works" and p.profiles == ["https://github.com/Aetf"]
    assert [(e.institution, e.degree, e.level, e.field, e.end) for e in r.education] == [
        ("University of Michigan", "PhD", "doctorate", "Computer Science and Engineering", "2022"),
        ("University of Michigan", "MS", "master", "Computer Science and Engineering", "2017"),
        ("Xi'an Jiaotong University", "B.Eng.", "bachelor", "Software Engineering", "2015"),
    ]
    assert [(x.organization, x.title, x.start, x.end, x.current) for x in r.positions] == [
        ("Google", "Software Engineer", "2022-06", None, True),
        ("Facebook", "Internship", "2019-05", "2019-08", False),
    ]
    assert r.positions[0].line == 57
    assert len(r.awards) == 10
    assert (r.awards[0].name, r.awards[0].year) == \
        ("Google Excellent Scholarship ($1500, only one in Xi'an Jiaotong University)", "2014")
    assert r.awards[2].name == "Silver Medal of the ACM-ICPC Asia China Shaanxi Provincial Programming Contest"
    assert (r.awards[-1].name, r.awards[-1].year) == \
        ("“Lu Shidi” Scolarship (RMB6000, 2 of top 10% students in the major)", "2011")
    assert r.publications == []
    assert any("printbib{papers}" in s for s in r.report.skipped)
    # commented-out material (comment environment) is not read
    assert not any("Mozilla" in (x.description or "") for x in r.positions)


# ---------------------------------------------------------------------------------------
# Synthetic LaTeX styles
# ---------------------------------------------------------------------------------------
MODERNCV = r"""\documentclass{moderncv}
\moderncvstyle{classic}
\name{Jane}{Doe}
\email{jane@example.org}
\phone[mobile]{+1 555 123 4567}
\homepage{janedoe.org}
\social[github]{janedoe}
\begin{document}
\makecvtitle
\section{Education}
\cventry{2015--2020}{Ph.D. in Computer Science}{Stanford University}{Stanford, CA}{}{Thesis: Fast Things}
\cventry{2011--2015}{B.S. in Mathematics}{MIT}{Cambridge}{}{}
\section{Experience}
\cventry{2020--Present}{Research Scientist}{Google Research}{Mountain View}{}{Worked on ML.}
\section{Awards}
\cvitem{2019}{Best Paper Award, NeurIPS}
\section{Skills}
\cvitem{Languages}{Python, C++, Rust}
\input{publications}
\end{document}
"""


def test_moderncv():
    r = extract_latex(doc(MODERNCV, "latex", "jane.tex"))
    p = r.person
    assert (p.name, p.emails, p.phones, p.homepage, p.profiles) == \
        ("Jane Doe", ["jane@example.org"], ["+1 555 123 4567"], "https://janedoe.org", ["https://github.com/janedoe"])
    assert [(e.institution, e.degree, e.level, e.start, e.end, e.location) for e in r.education] == [
        ("Stanford University", "Ph.D. in Computer Science", "doctorate", "2015", "2020", None),
        ("MIT", "B.S. in Mathematics", "bachelor", "2011", "2015", None),
    ]
    pos = r.positions[0]
    assert (pos.organization, pos.title, pos.start, pos.current, pos.location) == \
        ("Google Research", "Research Scientist", "2020", True, "Mountain View")
    assert [(a.name, a.year) for a in r.awards] == [("Best Paper Award, NeurIPS", "2019")]
    assert r.skills == ["Python", "C++", "Rust"]
    assert any("\\input{publications} not followed" in s for s in r.report.skipped)
    assert r.education[0].line == 11


def test_awesome_cv():
    tex = r"""\documentclass{awesome-cv}
\name{John}{Smith}
\email{john@smith.io}
\begin{document}
\cvsection{Work Experience}
\begin{cventries}
  \cventry{Software Engineer}{Acme Corp.}{Berlin, Germany}{Jan. 2019 - Present}{\begin{cvitems}\item {Built things}\end{cvitems}}
\end{cventries}
\cvsection{Education}
\begin{cventries}
  \cventry{M.Sc. in Informatics}{Technical University of Munich}{Munich, Germany}{Oct. 2016 - Sep. 2018}{}
\end{cventries}
\cvsection{Honors \& Awards}
\begin{cvhonors}
  \cvhonor{Finalist}{ACM ICPC World Finals}{Beijing, China}{2017}
\end{cvhonors}
\end{document}
"""
    r = extract_latex(doc(tex, "latex"))
    assert r.person.name == "John Smith" and r.person.emails == ["john@smith.io"]
    p = r.positions[0]
    assert (p.organization, p.title, p.location, p.start, p.current) == \
        ("Acme Corp.", "Software Engineer", "Berlin, Germany", "2019-01", True)
    e = r.education[0]
    assert (e.institution, e.degree, e.level, e.start, e.end) == \
        ("Technical University of Munich", "M.Sc. in Informatics", "master", "2016-10", "2018-09")
    assert [(a.name, a.year) for a in r.awards] == [("Finalist, ACM ICPC World Finals", "2017")]


def test_res_cls():
    tex = r"""\documentclass{resume}
\name{Ana Lima}
\address{ana@lima.br}
\begin{document}
\begin{rSection}{Education}
{\bf Universidade de S\~ao Paulo} \hfill {\em 2014 - 2018} \\
B.Sc. in Computer Science
\end{rSection}
\begin{rSection}{Experience}
\begin{rSubsection}{Nubank}{2019 - Present}{Data Engineer}{S\~ao Paulo}
\item Built pipelines.
\end{rSubsection}
\end{rSection}
\end{document}
"""
    r = extract_latex(doc(tex, "latex"))
    assert r.person.name == "Ana Lima" and r.person.emails == ["ana@lima.br"]
    e = r.education[0]
    assert (e.institution, e.degree, e.level, e.start, e.end) == \
        ("Universidade de São Paulo", "B.Sc. in Computer Science", "bachelor", "2014", "2018")
    p = r.positions[0]
    assert (p.organization, p.title, p.start, p.current, p.description) == \
        ("Nubank", "Data Engineer", "2019", True, "Built pipelines.")


def test_article_style_with_expanded_macro():
    tex = r"""\documentclass{article}
\newcommand{\me}[1]{\underline{#1}}
\begin{document}
\begin{center}{\huge Li Wei}\\ liwei@example.com\end{center}
\section{Education}
\begin{itemize}
\item Ph.D., Computer Science, Tsinghua University \hfill 2016--2021
\end{itemize}
% \section{Secret}
\section{Publications}
\begin{enumerate}
\item \textbf{Graph Things at Scale} \\ \me{Li Wei}, Bo Zhang$^*$, and Chen Hu \\ Proceedings of OSDI 2021
\end{enumerate}
\end{document}
"""
    r = extract_latex(doc(tex, "latex"))
    assert r.person.name == "Li Wei" and r.person.emails == ["liwei@example.com"]
    e = r.education[0]
    assert (e.institution, e.degree, e.level, e.field, e.start, e.end) == \
        ("Tsinghua University", "Ph.D.", "doctorate", "Computer Science", "2016", "2021")
    pub = r.publications[0]
    assert pub.title == "Graph Things at Scale"
    assert authors(pub) == ["Li Wei", "Bo Zhang", "Chen Hu"]
    assert pub.authors[0].is_subject and pub.authors[1].equal_contribution
    assert (pub.venue, pub.venue_acronym, pub.year) == ("OSDI", "OSDI", "2021")


def test_latex_to_text_structure():
    tex = r"""\documentclass{article}
\begin{document}
\section{Work \& Study}
\begin{itemize}
\item Engineer at \href{https://acme.com}{Acme} \hfill 2020--2021
\end{itemize}
\begin{tabular}{ll}
2019 & Best Paper \\
2018 & Fellowship
\end{tabular}
\include{extra}
\end{document}
"""
    text = latex_to_text(tex)
    lines = text.splitlines()
    assert "# Work & Study" in lines
    assert any(ln.startswith("- Engineer at Acme https://acme.com") and "2020–2021" in ln for ln in lines)
    assert "2019\tBest Paper" in lines and "2018\tFellowship" in lines
    assert "extra" not in text


# ---------------------------------------------------------------------------------------
# BibTeX
# ---------------------------------------------------------------------------------------
BIB = r"""
@inproceedings{amos2017optnet,
  title={{OptNet}: Differentiable Optimization as a Layer in Neural Networks},
  author={Amos, Brandon and Kolter, J. Zico},
  booktitle={Proceedings of the 34th International Conference on Machine Learning (ICML)},
  year={2017},
  doi={10.5555/3305381.3305396}
}
@article{atanackovic2024meta,
  title={Meta Flow Matching},
  author={Atanackovic, Lazar and Zhang, Xi and Amos, Brandon and others},
  journal={arXiv preprint arXiv:2408.14608},
  year={2024}
}
@misc{x2023,
  title={On {S}chr\"odinger's Bridges},
  author={M{\"u}ller, J{\"o}rg and B. Amos},
  eprint={2301.01234}, archivePrefix={arXiv},
  year={2023}
}
"""


def test_bibtex():
    pubs = parse_bibtex(BIB, "Brandon Amos")
    assert [p.title for p in pubs] == ["OptNet: Differentiable Optimization as a Layer in Neural Networks",
                                       "Meta Flow Matching", "On Schrödinger's Bridges"]
    a, b, c = pubs
    assert authors(a) == ["Brandon Amos", "J. Zico Kolter"] and a.authors[0].is_subject
    assert (a.venue_acronym, a.year, a.doi, a.status) == ("ICML", "2017", "10.5555/3305381.3305396", "published")
    assert authors(b) == ["Lazar Atanackovic", "Xi Zhang", "Brandon Amos"] and b.et_al
    assert (b.arxiv, b.status, b.venue) == ("2408.14608", "preprint", "arXiv")
    assert authors(c) == ["Jörg Müller", "B. Amos"] and c.authors[1].is_subject
    assert (c.arxiv, c.status) == ("2301.01234", "preprint")


# ---------------------------------------------------------------------------------------
# HTML → text
# ---------------------------------------------------------------------------------------
def test_shajii_html_to_text():
    path = REAL / "shajii.html"
    if not path.exists():
        pytest.skip(f"{path} not present")
    text = read_document(path).text
    lines = text.splitlines()
    for heading in ("## Education", "## Research", "## Skills", "## Experience", "## Teaching",
                    "## Publications", "## Miscellaneous"):
        assert heading in lines
    assert "### Software Engineering Intern (Summer 2019)" in lines
    assert "Ph.D., Computer Science" in lines
    assert "Massachusetts Institute of Technology, August 2021" in lines
    assert "- Graded assignments." in lines
    assert any(ln.startswith("- Shajii and Numanagić et al. A Python-based programming language") for ln in lines)
    assert "layout: page" not in text and "{%" not in text and "<" not in text


def test_html_to_text_tables_and_scripts():
    html = """<html><head><title>T</title><style>p{}</style></head><body>
<h1>CV</h1><script>var x=1;</script>
<table><tr><th>Year</th><th>Award</th></tr><tr><td>2020</td><td>Best   Paper</td></tr></table>
<ul><li>One<br>two</li></ul></body></html>"""
    lines = html_to_text(html).splitlines()
    assert lines[0] == "# CV"
    assert "Year\tAward" in lines and "2020\tBest Paper" in lines
    assert "- One" in lines and "two" in lines
    assert "var x" not in "\n".join(lines)


MODERNCV_CVITEM_PUBS = r"""
\documentclass{moderncv}
\moderncvstyle{classic}
\name{Ada}{Byron}
\email{ada@example.org}
\begin{document}
\section{Publications}
\cvitem{2021}{Ada Byron, Charles Babbage, and Mary Somerville. Analytical Engines for Tensor Programs. In USENIX Symposium on Networked Systems Design and Implementation (NSDI), 2021.}
\cvitem{}{Ada Byron and Charles Babbage. Notes on the Difference Engine. arXiv preprint, 2019.}
\end{document}
"""


def test_moderncv_cvitem_publication_list(tmp_path):
    """\\cvitem{YEAR}{…} and \\cvitem{}{…} reference lists: the year is the year, never the title."""
    path = tmp_path / "cv.tex"
    path.write_text(MODERNCV_CVITEM_PUBS)
    rec = extract(read_document(path))
    assert [(p.title, p.year) for p in rec.publications] == [
        ("Analytical Engines for Tensor Programs", "2021"),
        ("Notes on the Difference Engine", "2019"),
    ]
    first = rec.publications[0]
    assert [a.name for a in first.authors] == ["Ada Byron", "Charles Babbage", "Mary Somerville"]
    assert first.authors[0].is_subject and first.venue_acronym == "NSDI"
    assert rec.publications[1].status == "preprint"
