"""Session 21, gold pass on HTML CVs: CV pages sampled from the GitHub index (cv.htm, vita.html,
_site/cv/index.html, cv/cv.html, _pages/cv.html), scored against hand-written gold records.

The snippets are invented (names, schools, titles, journals); each has the shape of a real page."""
from mappers.extract import extract
from mappers.extract.publications import parse_reference
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.htm"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


def _text(tmp_path, html: str) -> str:
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    return read_document(path).text


# A hand-written page laid out as one <dl>: each <dt> a section's label, each <dd> an entry whose
# head is an <h2> (dates in a <span> floated right); one <dd> left open, so html.parser nests the
# following <dt>s inside it.
DL_SECTIONS = """<html><head><title>Quill Varne</title></head><body>
<div id="page-wrap">
  <h1><a href="">Orrin Q. Varne</a> <span>Computational Science</span></h1>
  <p>orrin.varne@example.edu</p>
  <dl>
    <dt>Education</dt>
    <dd>
      <h2>PhD, Physics Dept. <span class="date">2009</span><br/> University of Talmere, Norland</h2>
      <p><strong>Advisor:</strong> Prof. Edda Rusk</p>
    </dd>
    <dd>
      <h2>BSc, Physics Dept. <span class="date">2004</span><br/> University of Talmere, Norland</h2>
    </dd>
    <dd class="clear"></dd>
    <dt>Teaching</dt>
    <dd class="work">
      <h2>Dept. of Informatics<br/> University of Brennick, Norland <span class="date">Spring 2013</span></h2>
      <p>Adjunct Lecturer<br/>
        &ldquo;Numerical Methods&rdquo;<br/>
    <dd class="clear"></dd>
    <dt>Publications</dt>
    <dd>
      <h2 class="subheading">Original Research</h2><br/>
      <p>Varne OQ, Lusk T "Phase slips in layered lattices." Journal of Lattice Studies, 2012, 8(2): 11-19</p>
      <p>Pell A, Varne OQ "A solver for sparse kinetic models." Computing in Materials, 2010, 3: 40-52</p>
    </dd>
  </dl>
</div></body></html>
"""


def test_dl_sections_read_as_sections(tmp_path):
    text = _text(tmp_path, DL_SECTIONS)
    lines = text.splitlines()
    # each <dt> is a heading; the <h2>s inside the <dd>s are entry lines, not headings
    assert "# Education" in lines and "# Teaching" in lines and "# Publications" in lines
    assert "PhD, Physics Dept. 2009" in lines
    assert "University of Talmere, Norland" in lines
    assert not any(ln.startswith("## ") for ln in lines)


def test_dl_sections_give_degrees_and_publications(tmp_path):
    rec = _record(tmp_path, DL_SECTIONS)
    assert [(e.degree, e.institution, e.end) for e in rec.education] == [
        ("PhD", "University of Talmere", "2009"), ("BSc", "University of Talmere", "2004")]
    assert rec.education[0].field == "Physics Dept"
    titles = [p.title for p in rec.publications]
    assert "Phase slips in layered lattices" in titles
    assert "A solver for sparse kinetic models" in titles
    pub = next(p for p in rec.publications if p.title == "Phase slips in layered lattices")
    assert pub.venue == "Journal of Lattice Studies" and pub.year == "2012"


def test_plain_definition_list_unchanged(tmp_path):
    # a <dl> of label/value pairs (no headings in its <dd>s) is no list of sections
    html = ("<html><body><h1>Orrin Varne</h1><dl><dt>Email</dt><dd>orrin@example.org</dd>"
            "<dt>Phone</dt><dd>+1 555 0100</dd></dl></body></html>")
    lines = _text(tmp_path, html).splitlines()
    assert "# Email" not in lines and "Email" in lines


# Mathematics CVs: "Title, with A. Roe and B. Poe, Journal, vol, No. n, year, pages." — the title to
# the first comma, the co-authors after "with" (the subject is the missing author), then the venue.
def test_title_with_coauthors_then_venue():
    subject = "Orrin Q. Varne"
    ref = parse_reference("Braided Splines on Hex Grids, with T.K. Lusk, Talmere Journal of Mathematics, 31, "
                          "No. 4, 2015, 101-133.", subject)
    assert ref["title"] == "Braided Splines on Hex Grids"
    assert [a.name for a in ref["authors"]] == [subject, "T.K. Lusk"]
    assert ref["venue"] == "Talmere Journal of Mathematics" and ref["year"] == "2015"
    # a one-word journal is not taken for a co-author
    ref = parse_reference("Scaling Sequences on the Interval, with E. Rusk, Lemmata, 2, No. 3, 2013, 37-58.", subject)
    assert [a.name for a in ref["authors"]] == [subject, "E. Rusk"]
    assert ref["venue"] == "Lemmata" and ref["year"] == "2013"
    # two co-authors, a book with its publisher and a month
    ref = parse_reference("Spline Spaces: A First Course, with Edda Rusk and T.K. Lusk, Brennick & Sons, Inc., "
                          "Talmere, NL, May 2011.", subject)
    assert [a.name for a in ref["authors"]] == [subject, "Edda Rusk", "T.K. Lusk"]
    assert ref["title"] == "Spline Spaces: A First Course" and ref["year"] == "2011"
    assert ref["venue"].startswith("Brennick & Sons")


def test_title_with_coauthors_needs_a_year():
    # no year after the co-authors: not read by this rule (the note may be anything)
    ref = parse_reference("Braided Splines on Hex Grids, with T.K. Lusk, Talmere Journal of Mathematics.",
                          "Orrin Q. Varne")
    assert not (ref and ref.get("venue") == "Talmere Journal of Mathematics" and ref.get("year"))


VITA = """<html><head><title>Orrin Varne's Web Page</title></head><body>
<div id="main">
<h1>Vita - Orrin Q Varne</h1>
<h2>Contact Information</h2>
<h4>Address</h4>
<span>Department of Physics<br/>University of Brennick<br/>Talmere, NL 55105</span>
<h2>Education</h2>
<h4>University of Talmere</h4>
<span>Ph.D., Physics, May 1992<br/><br/>M.S., Physics, June 1989</span>
<h2>Experience</h2>
<h4>University of Brennick</h4>
<span>
Professor of Physics, October, 2004 - Present<br/>
Senior Lecturer in Physics, October, 1999 - July 2004<br/>
Director, Center for Lattice Studies, March 2001 - Present<br/>
</span>
<h4>Talmere State University</h4>
<span>Lecturer in Physics, January 1994 - June 1999<br/></span>
<h4>Norland College</h4>
<span>Instructor of Physics, March 1992 - December 1993, <i>visiting position</i>.<br/></span>
<h2>Journal Articles</h2>
<ul>
<li><a href="a.pdf">Braided Splines on Hex Grids</a>, with <a href="x">T.K. Lusk</a>, <i>Talmere Journal of Mathematics</i>, <strong>31</strong>, No. 4, 2015, 101-133.<p></p>
</ul>
</div></body></html>
"""


def test_vita_heading_gives_name(tmp_path):
    rec = _record(tmp_path, VITA, "vita.html")
    assert rec.person.name == "Orrin Q Varne"


def test_organization_subheading_over_role_lines(tmp_path):
    rec = _record(tmp_path, VITA, "vita.html")
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in rec.positions]
    assert ("Professor of Physics", "University of Brennick", "2004-10", None, True) in got
    assert ("Senior Lecturer in Physics", "University of Brennick", "1999-10", "2004-07", False) in got
    assert ("Lecturer in Physics", "Talmere State University", "1994-01", "1999-06", False) in got
    assert ("Instructor of Physics", "Norland College", "1992-03", "1993-12", False) in got
    director = next(p for p in rec.positions if p.title == "Director")
    assert director.organization == "University of Brennick" and director.start == "2001-03" and director.current
    pub = rec.publications[0]
    assert pub.title == "Braided Splines on Hex Grids"
    assert [a.name for a in pub.authors] == ["Orrin Q Varne", "T.K. Lusk"]
    assert pub.venue == "Talmere Journal of Mathematics" and pub.year == "2015"


def test_organization_subheading_over_prose_is_unchanged(tmp_path):
    # a sub-heading over a line that does not end with its dates is no organization over roles
    html = ("<html><body><h1>Orrin Varne</h1><h2>Experience</h2><h4>University of Brennick</h4>"
            "<p>Taught calculus and ran the reading seminar for graduate students.</p></body></html>")
    rec = _record(tmp_path, html, "cv.html")
    assert not any(p.title and "calculus" in p.title for p in rec.positions)


# A two-column page (Bootstrap rows): each <p> an award over "who gave it, year" after a <br>,
# each work entry "<strong>YEAR : Employer (Place)<br></strong>Role".
TWO_COLUMN = """<html><head><title>CV</title></head><body class="cv">
<div class="container body">
  <div class="row"><div class="col-lg-6"><p class="header">Tamsin Oakridge<br></p></div>
  <div class="col-lg-6"><p class="body"> tamsin.oakridge@example.com </p></div></div>
  <div class="row"><div class="col-lg-2"><p class="header">Work Experience</p></div>
  <div class="col-lg-9">
    <p><strong>2019-present : Fernwick (Halden, OR)<br>
    </strong>Staff Engineer and Applied Scientist</p>
    <p><strong>2014 : Brightmoor Labs (Corvale, OR)<br>
    </strong>Research Intern in Acoustic Event Tagging</p>
    <p><strong>2011 : Quillon Inc. (Halden, OR)<br>
    </strong>Analyst and Co-Lead of Product Research</p>
  </div></div>
  <div class="row"><div class="col-lg-2"><p class="header">Awards and Honors</p></div>
  <div class="col-lg-9">
    <p>Harlan Graduate Fellowship <br>
    Corvale University, 2012</p>
    <p>Merrow Summer Research Grant<br>
      Office of Undergraduate Research - Halden College, 2009<br></p>
    <p>Best Demo Award, 2010</p>
  </div></div>
</div></body></html>
"""


def test_award_over_giver_and_year(tmp_path):
    rec = _record(tmp_path, TWO_COLUMN)
    assert [(a.name, a.year) for a in rec.awards] == [
        ("Harlan Graduate Fellowship", "2012"), ("Merrow Summer Research Grant", "2009"),
        ("Best Demo Award", "2010")]


def test_role_under_dated_employer(tmp_path):
    rec = _record(tmp_path, TWO_COLUMN)
    got = [(p.title, p.organization, p.start, p.current) for p in rec.positions]
    assert got == [("Staff Engineer and Applied Scientist", "Fernwick", "2019", True),
                   ("Research Intern in Acoustic Event Tagging", "Brightmoor Labs", "2014", False),
                   ("Analyst and Co-Lead of Product Research", "Quillon Inc.", "2011", False)]


# al-folio's rendered CV page: each publication a card with the release date in a badge, then <h6>
# lines for the title, the publisher ("Published: LRW'24") and the summary.
def _card(date: str, title: str, publisher: str, summary: str) -> str:
    return (f'<li class="list-group-item"><div class="row"><div class="col-md-2"><table class="table-cv"><tbody>'
            f'<tr><td><span class="badge">{date}</span></td></tr></tbody></table></div>'
            f'<div class="col-md-10"><h6 class="title"><a href="">{title}</a></h6>'
            f'<h6 style="font-size: 0.95rem">{publisher}</h6>'
            f'<h6 style="font-style: italic">{summary}</h6></div></div></li>')


ALFOLIO_PUBS = ("<html><body><div class='cv'><div class='card'><h3 class='card-title'>Publications</h3><div>"
                "<ul class='list-group'>"
                + _card("2024.7.30", "Quartz: Caching Sketches for Streaming Joins", "Published: LRW'24",
                        "Designed a cache for streaming joins. Cut latency by 80%.")
                + _card("2024.5.2", "Wren: Private Aggregation over Edge Fleets", "Submitted: TPDX'25",
                        "Proposed a protocol for private aggregation.")
                + "</ul></div></div></div></body></html>")


def test_alfolio_publication_cards(tmp_path):
    rec = _record(tmp_path, ALFOLIO_PUBS, "cv.html")
    got = [(p.title, p.venue, p.year) for p in rec.publications]
    assert got == [("Quartz: Caching Sketches for Streaming Joins", "LRW", "2024"),
                   ("Wren: Private Aggregation over Edge Fleets", "TPDX", "2025")]
    assert rec.publications[1].status != "published"
    assert not any("latency" in (p.title or "") for p in rec.publications)


def test_slashed_full_dates():
    from mappers.extract.fields import find_period
    # day first (most of the world), month first only when the second number cannot be a month
    assert find_period("Brennick 14/02/2018 - 30/06/2019")[0] == ("2018-02", "2019-06", False)
    assert find_period("02/14/2018 - 06/30/2019")[0] == ("2018-02", "2019-06", False)
    assert find_period("01/10/2016- In corso")[0] == ("2016-10", None, True)
    assert find_period("09/2018 - 10/2019")[0] == ("2018-09", "2019-10", False)


# A CV template page: each <li> an <h4> "Employer, role" (or "Degree - School") with the place and the
# dates in <span>s under it.
TEMPLATE_LI = """<html><body><header><hgroup><h1>Ilaria Venturo</h1><h2>Data Analyst</h2></hgroup></header>
<section>
<div class="formations"><h3>Istruzione</h3><ul>
<li><h4><strong>Scienze dei dati</strong> - Università di Lorem</h4>
<span class="lieu">Torino</span> <span class="dates">18/09/2016 – 20/07/2019</span><p></p></li>
</ul></div>
</section>
<footer><a href="/sitemap/">Sitemap</a><ul><li><strong>Follow:</strong></li><li><a href="#">Feed</a></li></ul>
<p>&copy; 2024 Ilaria Venturo. Powered by Jekyll.</p></footer>
</body></html>"""


def test_template_dates_and_footer(tmp_path):
    rec = _record(tmp_path, TEMPLATE_LI, "cv.html")
    edu = rec.education[0]
    assert (edu.start, edu.end) == ("2016-09", "2019-07")
    text = _text(tmp_path, TEMPLATE_LI)
    # the page's footer is a part of its own, not lines of the last section
    assert "# Page footer" in text.splitlines()
    assert text.index("Sitemap") > text.index("# Page footer")


AWARD_GROUPS = """<html><body><h1>Ilaria Venturo</h1><h1 id="awards">Honors &amp; Awards</h1>
<ul>
  <li>Nov 2021 Student Travel Award, Lorem Symposium</li>
  <li><strong>Programming contests</strong>:
    <ul>
      <li><strong>Coach</strong>:
        <ul><li>Apr 2019, 12th place, Ipsum Regional Finals</li></ul>
      </li>
      <li><strong>Contestant</strong>:
        <ul><li>Dec 2015 3rd Place, Dolor Open Contest</li></ul>
      </li>
    </ul>
  </li>
</ul></body></html>"""


def test_award_group_labels(tmp_path):
    rec = _record(tmp_path, AWARD_GROUPS, "cv.html")
    names = [a.name for a in rec.awards]
    assert not any(n.rstrip(":") in ("Programming contests", "Coach", "Contestant") for n in names)
    assert len(rec.awards) == 3
    assert [a.year for a in rec.awards] == ["2021", "2019", "2015"]


def test_title_site_name_is_no_person(tmp_path):
    # academicpages: "<title>CV - Corin's Personal Website</title>", the name in the sidebar's <h3>
    html = ("<html><head><title>CV - Corin's Personal Website</title></head><body>"
            "<div class='masthead'><nav><a href='/'>Corin's Personal Website</a></nav></div>"
            "<div class='sidebar'><h3 class='author__name'>Corin Daleth Amsel</h3>"
            "<p class='author__bio'>PhD student in Computer Science</p></div>"
            "<div class='archive'><h1 id='education'>Education</h1><ul><li>B.Sc. in Computer Engineering, "
            "Lorem University, 2011 - 2015</li></ul></div></body></html>")
    rec = _record(tmp_path, html, "index.html")
    assert rec.person.name == "Corin Daleth Amsel"


def test_h1_full_name_over_title_short_form(tmp_path):
    html = ("<html><head><title>Bill Varne</title></head><body>"
            "<h1 class='fn'><a href=''>Wilhelm A. Varne</a> <span class='header'>Computational Science, "
            "Drug Design</span></h1><p>varne@example.edu</p>"
            "<h2>Education</h2><p>PhD, Chemistry, University of Talmere, 2007</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.person.name == "Wilhelm A. Varne"
    lines = _text(tmp_path, html).splitlines()
    assert "# Wilhelm A. Varne" in lines and "Computational Science, Drug Design" in lines
    # the middle initial the title leaves out
    html2 = html.replace("<title>Bill Varne</title>", "<title>Wilhelm Varne</title>").replace(
        "<a href=''>Wilhelm A. Varne</a> <span class='header'>Computational Science, Drug Design</span>",
        "<a href='/'>Wilhelm A. Varne</a>")
    assert _record(tmp_path, html2).person.name == "Wilhelm A. Varne"
    # a title that names the person as the <h1> does is still read
    html3 = html.replace("<title>Bill Varne</title>", "<title>Wilhelm A. Varne | CV</title>")
    assert _record(tmp_path, html3).person.name == "Wilhelm A. Varne"


NESTED_SKILLS = """<html><body><h1>Ilaria Venturo</h1><h1 id="skills">Skills</h1>
<ul>
  <li>Programming
    <ul><li>Python, Julia, C++</li></ul>
  </li>
  <li>Data Stores
    <ul><li>PostgreSQL, Redis</li></ul>
  </li>
</ul>
<h1 id="work">Work experience</h1>
<ul>
  <li><strong>Data Engineer</strong> at <strong>Lorem Analytics</strong>: Torino, Italy Mar. 2018 - Dec 2020
    <ul><li>As a data engineer at Lorem Analytics, I built the pipelines for the billing team.</li></ul>
  </li>
</ul></body></html>"""


def test_nested_list_items_indented(tmp_path):
    lines = _text(tmp_path, NESTED_SKILLS).splitlines()
    assert "- Programming" in lines and "  - Python, Julia, C++" in lines


def test_skill_group_labels_over_nested_items(tmp_path):
    rec = _record(tmp_path, NESTED_SKILLS, "cv.html")
    assert rec.skills == ["Python", "Julia", "C++", "PostgreSQL", "Redis"]
    # the nested sentence under the post describes it: no post of its own
    assert [(p.title, p.organization) for p in rec.positions] == [("Data Engineer", "Lorem Analytics")]


TEACHING_TERM_ROLE = """<html><body><p class="header">Tamsin Oakridge</p>
<div class="row"><div class="col-lg-2"><p class="header">Teaching Experience</p></div><div class="col-lg-9">
<p><strong>Fall 2016 : Teaching Assistant <br></strong>CS210: Lorem Systems (Corvale University, OR)</p>
<p><strong>Spring 2015 : Instructor<br></strong>QRX Reasoning: Data and Charts (Corvale University, OR)<br>
<a target="_blank" href="https://example.org/qrx">Course website</a></p>
</div></div></body></html>"""


def test_course_with_bracketed_institution_and_place(tmp_path):
    rec = _record(tmp_path, TEACHING_TERM_ROLE)
    got = [(t.course, t.role, t.term) for t in rec.teaching]
    assert ("CS210: Lorem Systems", "Teaching Assistant", "Fall 2016") in got
    assert ("QRX Reasoning: Data and Charts", "Instructor", "Spring 2015") in got
    assert not any(t.course in ("OR)", "Course website") for t in rec.teaching)


TEMPLATE_WORK = """<html><body><header><hgroup><h1>Ilaria Venturo</h1><h2>Data Analyst</h2></hgroup></header>
<section><div class="experiences"><h3>Esperienze</h3><ul>
<li><h4><strong>Dolor Metrics S.r.l.</strong>, Data Analyst</h4>
<span class="lieu">Torino</span> <span class="dates">02/2020 - in corso</span><p></p></li>
<li><h4><strong>Amet Studio S.p.a.</strong>, Junior Developer</h4>
<span class="lieu">Genova</span> <span class="dates">14/01/2018 - 30/11/2019</span><p></p></li>
</ul></div></section></body></html>"""


def test_city_alone_before_dates_under_header(tmp_path):
    rec = _record(tmp_path, TEMPLATE_WORK, "cv.html")
    got = [(p.title, p.organization, p.location, p.start, p.end, p.current) for p in rec.positions]
    assert got == [("Data Analyst", "Dolor Metrics S.r.l.", "Torino", "2020-02", None, True),
                   ("Junior Developer", "Amet Studio S.p.a.", "Genova", "2018-01", "2019-11", False)]


def test_presentational_tags_part_pieces_and_hidden_blocks(tmp_path):
    # TeXmacs' export: dates in <font> inside a tag no HTML knows, glued to the entry in the source;
    # a template's notes in a <div style="display: none">
    html = ("<html><head><title>No title</title></head><body>"
            "<div class='toggle' style='display: none'><p>CV template (ver 0.5), based on "
            "<a href='https://github.com/loremcv/cv'>https://github.com/loremcv/cv</a></p></div>"
            "<p><b>Ilaria Venturo</b></p><p>ilaria@example.org</p>"
            "<p><font style='font-size: 118.9%'>Publications</font></p>"
            "<p style='margin-top: 0.1em'><class style='font-family: sans-serif'><font style='font-size: 75.0%'>2022"
            "</font></class>Ilaria Venturo, Tomas Reyl, and Ada Quint. &ldquo;Flux limiters for lattice "
            "schemes&rdquo;. Journal of Lorem Physics 412 (2022)</p></body></html>")
    text = _text(tmp_path, html)
    assert "2022 Ilaria Venturo, Tomas Reyl" in text
    assert "CV template" not in text and "loremcv" not in text
    # a word styled in part stays one word
    assert "Bold" in _text(tmp_path, "<html><body><p><b>B</b>old and <i>it</i>alic</p></body></html>")


def test_street_then_town_gives_location(tmp_path):
    html = ("<html><body><div class='row'><div class='col-lg-6'><p class='header'>Tamsin Oakridge</p></div>"
            "<div class='col-lg-6'><p class='body'>tamsin.oakridge@example.com</p>"
            "<p class='body'>412 W Lorem Avenue<br>Corvale, OR</p></div></div>"
            "<div class='row'><p class='header'>Education</p><p>2011 &ndash; 2016: Corvale University<br>"
            "<em>PhD in Computer Science</em></p></div></body></html>")
    rec = _record(tmp_path, html)
    assert rec.person.location == "Corvale, OR"


def test_unclosed_list_items_stay_at_one_level(tmp_path):
    # "<li>" left open (its end tag is optional): html.parser nests the next items inside it; they are
    # items of the same list, not nested ones
    html = ("<html><body><h1>Orrin Varne</h1><h2>Talks</h2><ol>"
            "<li>Roe, A., Varne, O. 2011, Lorem Journal, 18, 21<br>Winds in the outer disk"
            "<li>Varne, O., Poe, B. 2009, Ipsum Letters, 7, 310<br>Dust lanes of young clusters"
            "</ol><ul><li>Outer<ul><li>Inner</li></ul></li></ul></body></html>")
    lines = _text(tmp_path, html).splitlines()
    assert "- Varne, O., Poe, B. 2009, Ipsum Letters, 7, 310" in lines
    assert "- Outer" in lines and "  - Inner" in lines
