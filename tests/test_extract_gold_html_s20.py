"""Session 20, gold pass on HTML CVs: hand-written CV pages sampled from GitHub.

The snippets are invented (names, schools, titles, addresses); each has the shape of a real page."""
from mappers.extract import extract
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


# A page whose <head> is never closed: "<title>…</title>" then "<body>" with no "</head>".
# Python's html.parser nests the whole body inside <head>; the page must still be read.
UNCLOSED_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
\t<meta charset="UTF-8">
\t<link rel="stylesheet" href="./static/style.css">
\t<title>Corwin's CV</title>
<body>
\t<h1>Corwin Altabey</h1>
\t\t<p>Personal email: <a href="mailto:corwin.altabey@example.org">corwin.altabey [at] example [dot] org</a><p/>
\t\t<h2>Education</h2>
\t\t<p>
\t\t\tHollowmere Institute of Technology, Brantford
\t\t\t2019 - 2023
\t\t\tBachelors in Computer Science and Engineering
\t\t</p>
\t\t<h2>Technical skills</h2>
\t\t<ul>
\t\t\t<li>Programming Languages:  C and Python</li>
\t\t\t<li>Tools:  Git and Vim</li>
\t\t</ul>
</body>
</html>
"""


def test_unclosed_head_keeps_the_body(tmp_path):
    rec = _record(tmp_path, UNCLOSED_HEAD)
    assert rec.person.name == "Corwin Altabey"
    assert rec.person.emails == ["corwin.altabey@example.org"]
    assert len(rec.education) == 1
    edu = rec.education[0]
    assert edu.institution == "Hollowmere Institute of Technology"
    assert (edu.start, edu.end) == ("2019", "2023")
    assert edu.level == "bachelor"
    assert "Git and Vim" in rec.skills


def test_head_content_still_dropped(tmp_path):
    # what a closed <head> holds (title, style, script, meta) stays out of the text
    html = ("<html><head><title>Page of Corwin Altabey</title><style>h2{color:red}</style>"
            "<script>var education = 1;</script><meta name='description' content='Education'></head>"
            "<body><h1>Corwin Altabey</h1><h2>Education</h2><ul><li>B.S. in Physics, "
            "Hollowmere University, 2015</li></ul></body></html>")
    text = read_document_text(tmp_path, html)
    assert "color:red" not in text and "var education" not in text
    assert text.count("Education") == 1


def read_document_text(tmp_path, html: str) -> str:
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    return read_document(path).text


# al-folio's rendered CV page (cv/index.html): each entry a list item holding a date column and
# the entry's lines as <h6> headings. The headings are lines of the entry, not sections, and the
# date belongs to the item it sits in (it was given to the entry before it).
CARD_ITEMS = """<html><head><title>cv | Ilse Brandvold</title></head><body><article><div class="cv">
<div class="card mt-3 p-3"> <h3 class="card-title">Basics</h3> <div> <table class="table-cv-map">
<tr> <td> <b>Name</b> </td> <td> Ilse Brandvold </td> </tr>
<tr> <td> <b>Email</b> </td> <td> <a href="mailto:ilse.b@example.edu">ilse.b@example.edu</a> </td> </tr>
</table> </div> </div>
<div class="card mt-3 p-3"> <h3 class="card-title">Work</h3> <div> <ul class="list-group">
<li class="list-group-item"> <div class="row"> <div class="col-md-2 date-column">
<span class="badge"> 2021.03 - Now </span> </div> <div class="col-md-10">
<h6 class="title"> <a href="">Research Assistant</a> </h6> <h6>Department of Ocean Studies, Varnholt University</h6>
<h6 style="font-style: italic"></h6> <ul class="items"> <li> <span class="item">Tidal models</span> </li> </ul>
</div> </div> </li> </ul> </div> </div>
<div class="card mt-3 p-3"> <h3 class="card-title">Education</h3> <div> <ul class="list-group">
<li class="list-group-item"> <div class="row"> <div class="col-md-2"> <table class="table-cv"> <tbody>
<tr> <td> <span class="badge"> 2021.03 - Now </span> </td> </tr>
<tr> <td> <p class="location"> <i class="icon"></i> Tromsdal, Norway </p> </td> </tr> </tbody> </table> </div>
<div class="col-md-10"> <h6 class="title"> <a href="https://example.edu/">PhD</a> </h6>
<h6>Varnholt University</h6> <h6 style="font-style: italic">Oceanography</h6> <ul class="items"> </ul>
</div> </div> </li>
<li class="list-group-item"> <div class="row"> <div class="col-md-2"> <table class="table-cv"> <tbody>
<tr> <td> <span class="badge"> 2016.09 - 2020.07 </span> </td> </tr>
<tr> <td> <p class="location"> <i class="icon"></i> Tromsdal, Norway </p> </td> </tr> </tbody> </table> </div>
<div class="col-md-10"> <h6 class="title"> <a href="https://example.edu/">BSc</a> </h6>
<h6>Varnholt University</h6> <h6 style="font-style: italic">Marine Physics</h6> <ul class="items"> </ul>
</div> </div> </li> </ul> </div> </div>
</div></article></body></html>"""


def test_card_list_items_keep_their_dates(tmp_path):
    rec = _record(tmp_path, CARD_ITEMS, "index.html")
    assert rec.person.name == "Ilse Brandvold"
    assert [(e.degree, e.institution, e.start, e.end, bool(e.current)) for e in rec.education] == [
        ("PhD", "Varnholt University", "2021-03", None, True),
        ("BSc", "Varnholt University", "2016-09", "2020-07", False)]
    assert len(rec.positions) == 1
    pos = rec.positions[0]
    assert pos.title == "Research Assistant"
    assert pos.start == "2021-03" and pos.current
    assert "Varnholt University" in (pos.organization or "") + " " + (pos.unit or "")


def test_card_item_headings_are_not_sections(tmp_path):
    text = read_document_text(tmp_path, CARD_ITEMS)
    assert "###### " not in text
    assert "### Education" in text
    # the item's date opens its block, the item's lines follow without a blank line
    assert "2016.09 - 2020.07\nTromsdal, Norway\nBSc\nVarnholt University\nMarine Physics" in text


def test_plain_list_items_still_bullets(tmp_path):
    # a list item of text (or a paragraph) is still a bullet line
    text = read_document_text(tmp_path, "<html><body><h2>Skills</h2><ul><li>Python</li><li><p>Rust and Go</p></li>"
                                        "<li>Statistics <ul><li>Bayesian methods</li></ul></li></ul></body></html>")
    assert "- Python" in text and "- Statistics" in text and "- Bayesian methods" in text


# A hand-written page: a run of <div class="entry"> blocks (title / subtitle / details lines),
# the first with no list under it. Each entry is set apart as the page shows it.
ENTRY_DIVS = """<html><body><h1>Pella Imruz</h1>
<h2>Research Experience</h2>
<div class="entry">
  <div class="title">Undergraduate Thesis</div>
  <div class="subtitle">Quenby Technical University</div>
  <div class="details">Advisor: Prof. Olam Ferrant • June 2023</div>
</div>
<div class="entry">
  <div class="title">Research Intern</div>
  <div class="subtitle">January 2022 – April 2022</div>
  <ul><li>Labelled a corpus of bird calls.</li></ul>
</div>
</body></html>"""


def test_repeated_entry_divs_are_separate_blocks(tmp_path):
    text = read_document_text(tmp_path, ENTRY_DIVS)
    assert "Advisor: Prof. Olam Ferrant • June 2023\n\nResearch Intern\nJanuary 2022 – April 2022" in text
    # the lines of one entry stay together
    assert "Undergraduate Thesis\nQuenby Technical University\nAdvisor:" in text


def test_lone_div_with_class_is_not_set_apart(tmp_path):
    # a single classed block (no sibling of its class) keeps the old reading: lines, no blank
    text = read_document_text(tmp_path, '<html><body><h2>Education</h2><div class="edu"><div>B.S. in Physics</div>'
                                        '<div>Quenby University</div></div><div class="other"><div>2019</div>'
                                        '<div>2020</div></div></body></html>')
    assert "B.S. in Physics\nQuenby University\n2019\n2020" in text


# A loose list: "<li><p>…</p></li>", a date and a linked title in each paragraph.
LOOSE_LIST = """<html><head><title>Corwin Altabey - CV</title></head><body><h1>Corwin Altabey</h1>
<h2>Publications</h2>
<ul>
  <li><p><span>Aug 2023</span><span id="right"><a href="/p/sorting.pdf">Popularity of Sorting Algorithms over the Decades</a></span></p></li>
  <li><p><span>July 2022</span><span id="right"><a href="/p/display.pdf">Evolution of Display Hardware: A Survey</a></span></p></li>
</ul>
<h2>Presentations</h2>
<ul>
  <li><p><span>July 2022</span><span id="right"><a href="/t/1.pdf">Carry Lookahead Adders</a></span></p></li>
  <li><p><span>July 2022</span><span id="right"><a href="/t/2.pdf">Binary Search Trees</a></span></p></li>
  <li><p><span>Feb 2022</span><span id="right"><a href="/t/3.pdf">Strain Gauge Sensors</a></span></p></li>
</ul>
</body></html>"""


def test_loose_list_paragraph_on_its_bullet_line(tmp_path):
    text = read_document_text(tmp_path, LOOSE_LIST)
    assert "- Aug 2023 Popularity of Sorting Algorithms over the Decades" in text
    assert "\n-\n" not in text


def test_month_year_before_title_is_the_date(tmp_path):
    rec = _record(tmp_path, LOOSE_LIST)
    assert [(p.title, p.year) for p in rec.publications] == [
        ("Popularity of Sorting Algorithms over the Decades", "2023"),
        ("Evolution of Display Hardware: A Survey", "2022")]
    assert [(t.title, t.date) for t in rec.talks] == [
        ("Carry Lookahead Adders", "2022-07"), ("Binary Search Trees", "2022-07"),
        ("Strain Gauge Sensors", "2022-02")]
    assert all(not t.host for t in rec.talks)


def test_month_word_that_is_no_month_stays_in_the_title(tmp_path):
    # "Marine 2020 …" opens with no month: the words stay the title's
    html = ("<html><body><h1>Corwin Altabey</h1><h2>Publications</h2><ul>"
            "<li>Marine 2020 Survey of Coastal Kelp Beds. Journal of Shore Ecology, 2021.</li></ul></body></html>")
    rec = _record(tmp_path, html)
    assert len(rec.publications) == 1
    assert rec.publications[0].title.startswith("Marine 2020 Survey")


def test_last_updated_stamp_is_no_publication(tmp_path):
    html = ("<html><body><h1>Pella Imruz</h1><h2>Publications</h2>"
            '<div class="pub"><strong>[1] Pella Imruz, Olam Ferrant.</strong> “Sparse Voxel Priors for Bridge '
            'Inspection.” <em>Journal of Structural Sensing</em>, 12(3), 101-118, 2024.</div>'
            '<div class="pub"><strong>[2] Olam Ferrant, Pella Imruz.</strong> “Updated 2019 Guidelines for Deck '
            'Surveys.” <em>Bridge Engineering Letters</em>, 2020.</div>'
            '<p class="meta">Last updated: September 16, 2025</p></body></html>')
    rec = _record(tmp_path, html)
    titles = [p.title for p in rec.publications]
    assert titles == ["Sparse Voxel Priors for Bridge Inspection", "Updated 2019 Guidelines for Deck Surveys"]


# An academicpages CV written in HTML: <h4> entries with "Start: … - End: …" under them, the posts
# under "Work and Teaching Experience".
H4_START_END = """---
layout: single
title: "CV"
permalink: /cv/
---
<h2 id="education">Education</h2>
<h4>PhD in Computer Science, University of Quenby</h4>
<p><b>Start</b>: 2019 - <b>End</b>: 2023 </p>
<h4>Master of Science in Computer Science, University of Quenby</h4>
<p>
Final Vote: 110 cum laude<br>
<b>Start</b>: 2015 - <b>End</b>: 2017
</p>
<h2 id="work">Work and Teaching Experience</h2>
<h4>Visiting Researcher, Institute for Assistive Sensing Lorvale</h4>
<p><b>Start</b>: Jan 2021 - <b>End</b>: Apr 2021 </p>
<p style="font-style: italic;">I built sensor fusion models there for four months.</p>
<h4>Teaching Assistant on "Formal Languages", BSc in Computer Science, University of Quenby</h4>
<p><b>Start</b>: Nov 2019 - <b>End</b>: Sep 2021</p>
"""


def test_start_end_labels_around_a_period(tmp_path):
    rec = _record(tmp_path, H4_START_END)
    assert [(e.degree, e.institution, e.start, e.end) for e in rec.education] == [
        ("PhD in Computer Science", "University of Quenby", "2019", "2023"),
        ("Master of Science in Computer Science", "University of Quenby", "2015", "2017")]


def test_work_and_teaching_experience_holds_posts(tmp_path):
    rec = _record(tmp_path, H4_START_END)
    assert [(p.title, p.start, p.end) for p in rec.positions] == [
        ("Visiting Researcher", "2021-01", "2021-04"),
        ('Teaching Assistant on "Formal Languages"', "2019-11", "2021-09")]
    assert rec.positions[0].organization == "Institute for Assistive Sensing Lorvale"
    assert not rec.teaching


def test_combined_teaching_headings_keep_their_first_kind():
    from mappers.extract.sections import classify_heading
    assert classify_heading("Work and Teaching Experience") == "positions"
    assert classify_heading("Research & Teaching Experience") == "positions"
    assert classify_heading("Teaching and Research Experience") == "teaching"
    assert classify_heading("Teaching Experience") == "teaching"
    assert classify_heading("Skills and Certifications") == "skills"
    assert classify_heading("Education and Training") == "education"
    assert classify_heading("Awards and Honors") == "awards"


def test_skill_group_label_with_slash_or_ampersand(tmp_path):
    html = ("<html><body><h1>Pella Imruz</h1><h2>Technical Skills</h2>"
            "<p><strong>Programming:</strong> Python, Go, Rust<br>"
            "<strong>ML/AI Frameworks:</strong> PyTorch, JAX, Keras<br>"
            "<strong>Tools &amp; Platforms:</strong> Docker, Kubernetes</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.skills == ["Python", "Go", "Rust", "PyTorch", "JAX", "Keras", "Docker", "Kubernetes"]


def test_languages_line_under_personal_data(tmp_path):
    html = ("<html><body><h1>Corwin Altabey</h1><h2>Education</h2><p>B.Sc. in Physics, Hollowmere University, 2021</p>"
            "<h2>Personal Data</h2><p>Citizenship: Nordlandic<br/>Languages: English, Hindi<br/>"
            "Interests: Chess, Running</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.languages == ["English", "Hindi"]


def test_programming_languages_line_under_personal_data_is_no_spoken_language(tmp_path):
    html = ("<html><body><h1>Corwin Altabey</h1><h2>Personal Information</h2><p>Languages: Python, Haskell</p>"
            "</body></html>")
    rec = _record(tmp_path, html)
    assert rec.languages == []


def test_award_dated_in_its_cut_description(tmp_path):
    html = ("<html><body><h1>Pella Imruz</h1><h2>Awards, Scholarships and Achievements</h2><ul>"
            "<li>Velmar Guild’s Young Maker Prize - First Place - Province of Nordland, awarded at the regional spring fair in Feb 2020</li>"
            "<li>Ipsum Foundation Bursary for Upper School - Tuition support granted on entrance results, renewed "
            "every term for six years, from Jan 2013 through Jun 2019</li></ul></body></html>")
    rec = _record(tmp_path, html)
    assert [(a.name, a.year) for a in rec.awards] == [
        ("Velmar Guild’s Young Maker Prize", "2020"),
        ("Ipsum Foundation Bursary for Upper School", "2013")]


def test_town_and_state_as_an_item_of_the_contact_line(tmp_path):
    html = ('<html><body><main><h1>Pella Imruz</h1><div class="meta">Springfield, IL · pella@example.edu · '
            'pella.github.io · github.com/pella-imruz</div><h2>Education</h2><p>B.S. in Physics, Quenby University, '
            '2019</p></main></body></html>')
    rec = _record(tmp_path, html)
    assert rec.person.location == "Springfield, IL"
    assert rec.person.emails == ["pella@example.edu"]


def test_name_and_degree_on_the_contact_line_is_no_location(tmp_path):
    html = ('<html><body><h1>Pella Imruz</h1><p>Pella Imruz, PhD · pella@example.edu · pella.github.io</p>'
            '<h2>Education</h2><p>B.S. in Physics, Quenby University, 2019</p></body></html>')
    rec = _record(tmp_path, html)
    assert rec.person.location is None


def test_second_round_review_with_a_hyphen_is_under_review(tmp_path):
    html = ("<html><body><h1>Pella Imruz</h1><h2>Publications</h2>"
            '<div class="pub"><strong>[1] Pella Imruz, Olam Ferrant.</strong> “Voxel Damage Maps for Deck '
            'Inspection.” <em>Journal of Structural Sensing</em> (Under Second-Round Review).</div></body></html>')
    rec = _record(tmp_path, html)
    assert len(rec.publications) == 1
    pub = rec.publications[0]
    assert (pub.venue, pub.status) == ("Journal of Structural Sensing", "under review")


# A Jekyll page named cv.html whose body is Markdown (setext headings, "*" bullets, Liquid loops).
MARKDOWN_IN_HTML = """---
layout: archive
title: "CV"
permalink: /cv/
---

{% include base_path %}

Education
======
* Ph.D. in Linguistics, University of Quenby, 2024
* B.A. in Philosophy, Hollowmere College, 2018

Work experience
======
* 2019-2024: Research Assistant
  * Quenby Speech Lab, University of Quenby

Publications
======
  <ul>{% for post in site.publications reversed %}
    {% include archive-single-cv.html %}
  {% endfor %}</ul>
"""


def test_markdown_in_an_html_file_is_read_as_markdown(tmp_path):
    path = tmp_path / "cv.html"
    path.write_text(MARKDOWN_IN_HTML, encoding="utf-8")
    doc = read_document(path)
    assert doc.format == "markdown"
    assert any("holds Markdown" in w for w in doc.warnings)
    rec = extract(doc)
    assert [(e.degree, e.institution, e.end) for e in rec.education] == [
        ("Ph.D. in Linguistics", "University of Quenby", "2024"),
        ("B.A. in Philosophy", "Hollowmere College", "2018")]


def test_html_page_with_a_bullet_like_line_stays_html(tmp_path):
    html = ("<!DOCTYPE html><html><body><h1>Pella Imruz</h1><h2>Education</h2>\n* not a list\n"
            "<ul><li>B.S. in Physics, Quenby University, 2019</li></ul></body></html>")
    path = tmp_path / "cv.html"
    path.write_text(html, encoding="utf-8")
    assert read_document(path).format == "html"


def test_section_number_and_lone_present_are_no_employers(tmp_path):
    # a portfolio page's numbered section labels ("01") and a "Present" date set apart from its
    # partner are read as lines of their own: no position names them as its employer
    html = ("<html><body><h1>Pella Imruz</h1><section><div><span>01</span><h3>Experience</h3></div>"
            "<div><p>Present</p><p>Aug 2021</p><p>Lorvale Systems</p><h4>Systems Engineer</h4></div></section>"
            "<section><div><span>02</span><h3>Education</h3></div><div><p>B.S. in Physics, Quenby University, 2019</p>"
            "</div></section></body></html>")
    rec = _record(tmp_path, html)
    orgs = [p.organization for p in rec.positions]
    assert "Present" not in orgs and "01" not in orgs and "02" not in orgs
