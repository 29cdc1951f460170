"""Session 22, second gold pass on HTML CVs: CV pages sampled from the GitHub index (cv.html,
cv/index.html, vita.html of personal sites), scored against hand-written gold records.

The snippets are invented (names, employers, schools, events); each has the shape of a real page."""
from mappers.extract import extract
from mappers.extract.fields import find_phones
from mappers.extract.sections import classify_heading
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


# A static-site CV page (Markdown rendered to HTML): each post a sub-heading "Employer - dates",
# then a paragraph "**Role** - what the work was".
EMPLOYER_HEADINGS = """<html><head><title>cv</title><meta name="author" content="Oren Valdis"></head><body>
<article><h1>Oren Valdis</h1>
<h1 id="work">Work Experience</h1>
<h2>Quillby - May 2022 - Present</h2>
<p><strong>Staff Engineer</strong> - Working on the edge runtime team.</p>
<h2>Marrow Labs, Inc. - Sept 2017 - March 2019</h2>
<p><strong>Compiler Engineer</strong> - Worked on a compiler for tensor programs, targeting a custom chip.</p>
<ul><li>Improved compile times across the board.</li></ul>
<h1 id="education">Education</h1>
<h2><strong>BS, Computer Science</strong>, December 2008</h2>
<p>Varrow State University, Varrow, OR</p>
<h1 id="tech">Technologies</h1>
<p><strong>Languages</strong> - haskell, ocaml, rust, python</p>
<p><strong>Tools</strong> - git, bazel, gdb</p>
</article></body></html>"""


def test_role_dash_prose_under_a_dated_employer_heading(tmp_path):
    rec = _record(tmp_path, EMPLOYER_HEADINGS)
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in rec.positions]
    assert got == [("Staff Engineer", "Quillby", "2022-05", None, True),
                   ("Compiler Engineer", "Marrow Labs, Inc.", "2017-09", "2019-03", False)]
    # the sentence after the dash describes the work; it names no employer
    assert rec.positions[0].description.startswith("Working on the edge runtime team")


def test_skill_group_label_before_a_dash(tmp_path):
    rec = _record(tmp_path, EMPLOYER_HEADINGS)
    assert {"haskell", "ocaml", "rust", "python", "git", "bazel", "gdb"} <= set(rec.skills)
    assert not any(s.lower().startswith(("languages", "tools")) for s in rec.skills)


def test_skill_dash_prose_still_one_skill(tmp_path):
    # "**Erlang** - building services, …" (prose after the dash): the bold word is the skill, as before
    html = ("<html><body><h1>Oren Valdis</h1><h2>Skills</h2>"
            "<p><strong>Erlang</strong> - building fault tolerant services for a small team of developers, "
            "and running them in production for years.</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.skills == ["Erlang"]


def test_and_before_the_last_skill(tmp_path):
    html = ("<html><body><h1>Oren Valdis</h1><h2>Skills</h2>"
            "<p>Python, OCaml, and LaTeX</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.skills == ["Python", "OCaml", "LaTeX"]


# A hand-written page: "<b>Employer</b>, Role (Month Year - Month Year)", the role in words the
# extractor did not know as a post ("Contractor", "Inspector") or beginning with "Research".
EMPLOYER_COMMA_ROLE = """<html><head><title>Curriculum Vitae</title></head><body>
<h1>Curriculum Vitae</h1><p>Ines Parlow<br>ines.parlow@example.edu</p>
<h2>Work Experience</h2>
<b>Brackley Quiz League</b>, Survey and Data Contractor (September 2015 - August 2016)<br>
Kept the league tables and wrote the weekly notes.<br><br>
<b>Lorimer Tourism Center</b>, Undergraduate Research Assistant (June 2012 - August 2012)<br>
Interviewed visitors and collected questionnaires.<br><br>
<b>Dellwood Department of Lakes</b>, Boat Inspector (May 2011 - September 2011)<br>
</body></html>"""


def test_employer_comma_role_with_dates(tmp_path):
    rec = _record(tmp_path, EMPLOYER_COMMA_ROLE)
    got = [(p.title, p.organization, p.start, p.end) for p in rec.positions]
    assert got == [("Survey and Data Contractor", "Brackley Quiz League", "2015-09", "2016-08"),
                   ("Undergraduate Research Assistant", "Lorimer Tourism Center", "2012-06", "2012-08"),
                   ("Boat Inspector", "Dellwood Department of Lakes", "2011-05", "2011-09")]


def test_research_institute_after_a_comma_is_still_the_organization(tmp_path):
    # "Lecturer, Lorem Research Institute": a research organization, no post
    html = ("<html><body><h1>Ines Parlow</h1><h2>Experience</h2>"
            "<p>Lecturer, Marlow Research Institute, 2019 - 2021</p></body></html>")
    rec = _record(tmp_path, html)
    assert [(p.title, p.organization) for p in rec.positions] == [("Lecturer", "Marlow Research Institute")]


# An old hand-written vita: contact sub-headings, roles under their university's sub-heading.
OLD_VITA = """<html><head><title>Tobin Ashgrove's Web Page</title></head><body>
<h1>Vita - Tobin R Ashgrove</h1>
<h2>Contact Information</h2>
<h4>Address</h4><span>Department of Geology<br/>14 Fenwick Road<br/>Varrow College<br/>Lenhold, MN 55199</span>
<h4>Telephone</h4><span>Department of Geology: (555)010-2200<br/>FAX: (555)010-2299<br/></span>
<h4>Electronic Communication</h4><span>Email: tashgrove@example.edu<br/>
World Wide Web: <a href="http://people.example.edu/tashgrove/">http://people.example.edu/tashgrove/</a></span>
<h2>Experience</h2>
<h4>Varrow College</h4>
<span>Chair, Department of Geology, June 2011 - Present<br/>
Professor of Geology, September, 2003 - Present<br/></span>
<h2>Education</h2><p>Ph.D., Geology, Lenhold University, 1991</p>
</body></html>"""


def test_contact_sub_headings_give_phone_and_home_page(tmp_path):
    rec = _record(tmp_path, OLD_VITA)
    assert rec.person.phones[:1] == ["(555)010-2200"]
    assert "people.example.edu/tashgrove" in (rec.person.homepage or "")


def test_chair_of_a_department_is_a_post(tmp_path):
    rec = _record(tmp_path, OLD_VITA)
    got = [(p.title, p.organization, p.start, p.current) for p in rec.positions]
    assert ("Chair", "Varrow College", "2011-06", True) in got
    assert ("Professor of Geology", "Varrow College", "2003-09", True) in got
    assert not rec.service


def test_phone_without_space_after_its_area_code():
    assert find_phones("Department of Geology: (555)010-2200") == ["(555)010-2200"]


def test_contact_sub_heading_kinds():
    assert [classify_heading(h) for h in ("Telephone", "Phone", "Email", "Electronic Communication")] == ["contact"] * 4
    # combined headings keep their kind
    assert classify_heading("Skills and Certifications") == "skills"
    assert classify_heading("Education and Training") == "education"
    assert classify_heading("Awards and Honors") == "awards"


# A Jekyll theme's rendered CV page: the page title gives a short form of the name, the basics
# table's "Name" row the full one (a Portuguese particle in it).
BASICS_TABLE = """<html><head><title>cv | Lia do C. Varanda</title><meta name="author" content="Lia do C. Varanda"></head>
<body><h1 class="post-title">cv</h1><div class="cv"><h3>Basics</h3><table>
<tr><td><b>Name</b></td><td>Lia do Carmo Varanda</td></tr>
<tr><td><b>Email</b></td><td><a href="mailto:lia@example.org">lia@example.org</a></td></tr></table>
<h3>Education</h3><ul><li><span class="badge">2012.03 - 2017.05</span><h6>PhD</h6><h6>University of Lenhold</h6>
<h6>Physics</h6></li></ul></div></body></html>"""


def test_basics_name_row_gives_the_full_name(tmp_path):
    rec = _record(tmp_path, BASICS_TABLE)
    assert rec.person.name == "Lia do Carmo Varanda"


def test_shorter_name_row_does_not_replace(tmp_path):
    html = BASICS_TABLE.replace("Lia do Carmo Varanda", "Lia Varanda")
    rec = _record(tmp_path, html)
    assert rec.person.name == "Lia do C. Varanda"


# A vita of talks (a table: the month and two-digit year, then the event; the next row its host
# and place) and of meetings co-organized.
TALKS_AND_MEETINGS = """<html><head><title>Piet Marrow - Curriculum Vitae</title></head><body>
<aside><h1><a href="./">Piet Marrow</a></h1></aside>
<article><h1>Curriculum Vitae</h1>
<h2>Conference and seminar talks</h2>
<table>
<tr><td>09/19</td><td>International Conference &ldquo;Lorem Days of Analysis&rdquo;</td></tr>
<tr><td></td><td>Dornholm, Austria</td></tr>
<tr><td>05/18</td><td>Seminar &ldquo;Ipsum Waves Seminar&rdquo;</td></tr>
<tr><td></td><td><em>Institute for Lorem Studies</em>, Gellen, Germany</td></tr>
</table>
<h2>Co-organized conferences and seminars</h2>
<ul>
<li>Dec. 03, 2018 &mdash; Dec. 05, 2018<br /><a href="https://example.org">International conference &ldquo;Dolor equations and their uses&rdquo;</a><br />Dolgovo, Russia</li>
<li>May. 21, 2018 &mdash; May. 26, 2018<br /><a href="https://example.org">Minisymposium &ldquo;Inverse Lorem&rdquo;</a><br />Cirkel, Malta</li>
</ul></article></body></html>"""


def test_talk_table_month_slash_two_digit_year_and_host_row(tmp_path):
    rec = _record(tmp_path, TALKS_AND_MEETINGS)
    got = [(t.date, t.host) for t in rec.talks]
    assert got == [("2019-09", "Dornholm, Austria"), ("2018-05", "Institute for Lorem Studies, Gellen, Germany")]
    assert "Lorem Days of Analysis" in rec.talks[0].title


def test_co_organized_meetings_are_service(tmp_path):
    rec = _record(tmp_path, TALKS_AND_MEETINGS)
    roles = [s.role for s in rec.service]
    assert len(roles) == 2
    assert "Dolor equations and their uses" in roles[0] and "Inverse Lorem" in roles[1]
    # the days of each meeting and its place are no roles
    assert not any("2018" in r or "Malta" in r for r in roles)
    assert classify_heading("Co-organized conferences and seminars") == "service"
    assert classify_heading("Workshops organized") == "service"
    assert classify_heading("Conference and seminar talks") == "talks"


# A static site's list of works: a heading of the month and year over a heading of the title, then
# a paragraph about the work (the talk's paragraph opens with the event it was given at).
DATED_WORKS = """<html><head><title>cv</title><meta name="author" content="Oren Valdis"></head><body>
<article><h1>Oren Valdis</h1>
<h1 id="pubs">Publications and Talks</h1>
<h2>November 2021</h2><h3>Lowering Lorem to Machine Code</h3>
<p>IpsumConf 2021, introducing the compiler, and the background of the project. <a href="https://example.org/v">talk</a></p>
<h2>September 2016</h2><h3>DolorOS: A tiny kernel for field sensors, RV.</h3>
<p>Presents the DolorOS kernel and the sensors it runs on. <a href="dolor.pdf">paper</a></p>
<h2>August 2015</h2><h3>Worry Free Lorem</h3>
<p>Explains how the Lorem language is built and checked. <a href="lorem.pdf">paper</a></p>
</article></body></html>"""


def test_date_heading_over_title_heading_entries(tmp_path):
    rec = _record(tmp_path, DATED_WORKS)
    got = [(p.title, p.venue, p.year) for p in rec.publications]
    assert got == [("DolorOS: A tiny kernel for field sensors", "RV", "2016"), ("Worry Free Lorem", None, "2015")]
    assert [(t.title, t.host, t.date) for t in rec.talks] == [("Lowering Lorem to Machine Code", "IpsumConf 2021", "2021-11")]


def test_responsibilities_heading_is_service(tmp_path):
    html = ("<html><body><h1>Ines Parlow</h1><h2>Responsibilities</h2><ul>"
            "<li><b>Sep 2023 - present</b> Member of the Equity committee at Lorem Observatory</li>"
            "<li><b>Apr 2022</b> Co-chair of the Ipsum Exoplanet Meeting</li></ul></body></html>")
    rec = _record(tmp_path, html)
    assert len(rec.service) == 2 and not rec.positions
    assert classify_heading("Administrative Responsibilities") == "service"
    assert classify_heading("Positions and Responsibilities") == "positions"


# al-folio's rendered CV (JSON Resume data): a date badge with the place under it, then the
# degree, the school and the field; a work card: "Role at Unit", the employer, a summary sentence.
ALFOLIO_CARDS = """<html><head><title>cv | Lia Varanda</title></head><body><h1 class="post-title">cv</h1>
<div class="cv"><h3 class="card-title">Work</h3><ul><li class="list-group-item"><div class="row">
<div class="date-column"><table><tr><td><span class="badge">2025.04 - now</span></td></tr></table></div>
<div><h6 class="title">Lecturer at Lorem Engineering Program (LEP)</h6>
<h6 style="font-size: 0.95rem">University of Lenhold</h6>
<h6 style="font-size: 0.95rem; font-style: italic">Teaching and study of lorem design.</h6>
<ul class="items"><li><span class="item">Physical Chemistry</span></li></ul></div></div></li></ul>
<h3 class="card-title">Education</h3><ul><li class="list-group-item"><div class="row">
<div class="date-column"><table><tr><td><span class="badge">2012.03 - 2017.05</span></td></tr>
<tr><td><p class="location">Vila do Lenhold, Brazil</p></td></tr></table></div>
<div><h6 class="title">PhD</h6><h6>University of Lenhold</h6><h6 style="font-style: italic">Physics</h6></div></div></li></ul>
</div></body></html>"""


def test_alfolio_education_date_badge_over_its_place(tmp_path):
    rec = _record(tmp_path, ALFOLIO_CARDS)
    assert [(e.degree, e.institution, e.field, e.start, e.end) for e in rec.education] == [
        ("PhD", "University of Lenhold", "Physics", "2012-03", "2017-05")]


def test_alfolio_work_card_role_at_unit_then_employer(tmp_path):
    rec = _record(tmp_path, ALFOLIO_CARDS)
    got = [(p.title, p.organization, p.unit, p.start, p.current) for p in rec.positions]
    assert got == [("Lecturer", "University of Lenhold", "Lorem Engineering Program (LEP)", "2025-04", True)]
    assert "Teaching and study of lorem design" in (rec.positions[0].description or "")


def test_employer_comma_role_then_the_body_it_was_for(tmp_path):
    # "<b>Project</b>, Role (dates)<br>Body": the role's words name no known post; the line under
    # the entry is the body the project belongs to, no post of its own
    html = ("<html><body><h1>Ines Parlow</h1><h2>Field Research Experience</h2>"
            "<b>Lenhold Songbird Count</b>, Plot Recorder (May 2016 - July 2016)<br>"
            "Lenhold State Birders Union<br><br></body></html>")
    rec = _record(tmp_path, html)
    got = [(p.title, p.organization, p.unit, p.start, p.end) for p in rec.positions]
    assert got == [("Plot Recorder", "Lenhold Songbird Count", "Lenhold State Birders Union", "2016-05", "2016-07")]
