"""Session 22, gold pass on HTML CVs: CV pages sampled from the GitHub index (vita/index.html,
_site/cv/index.html, docs/cv.html, index.html of CV-like home pages), scored against hand-written
gold records.

The snippets are invented (names, schools, titles, journals); each has the shape of a real page."""
from mappers.extract import extract
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


def _text(tmp_path, html: str) -> str:
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    return read_document(path).text


# A static export of a single-page app: a loading spinner shown, the rendered CV kept in a
# <div style="display:none"> until the script starts; the social links in the page's <footer>.
SPA_EXPORT = """<!DOCTYPE html><html><head><title>Tamsin Orlo | PhD Student</title></head><body>
<div id="__next"><div class="loader loader-show"><svg viewBox="0 0 32 32"><circle r="0"></circle></svg></div>
<div style="display:none"><div><header><nav><span class="navbar-brand">Tamsin Orlo</span></nav></header>
<main><section id="info"><h1 class="name">Tamsin Orlo</h1><div class="email">tamsin.orlo@example.org</div></section>
<section id="education"><h2>Education</h2><table><tbody><tr><td><span>Sep 2019</span><span> - Present</span></td>
<td><div><span class="degree">Ph.D. in Computer Science</span><br/><span class="institute">University of Varrow</span><br/>
<div class="description"><ul><li>Advisor: Prof. Ewan Lusk</li></ul></div></div></td></tr></tbody></table></section>
<section id="talks"><h2>Invited Talks</h2><table><tbody><tr><td><span>Oct 2021</span></td>
<td><div class="talk-title">Sparse Probes for Lattice Models</div><div>Quarry Symposium, Lenhold.</div></td></tr></tbody></table></section>
</main>
<footer><ul class="socials"><li><a href="https://github.com/torlo-example"><i class="fab fa-github"></i></a></li></ul>
<div class="copyright">Copyright © 2021 Tamsin Orlo.</div></footer>
</div></div></body></html>"""


def test_hidden_wrapper_holding_the_page_is_read(tmp_path):
    rec = _record(tmp_path, SPA_EXPORT)
    assert rec.person.name == "Tamsin Orlo"
    assert "tamsin.orlo@example.org" in rec.person.emails
    assert [(e.institution, e.start, e.current) for e in rec.education] == [("University of Varrow", "2019-09", True)]
    assert rec.education[0].degree.startswith("Ph.D.")
    assert "Sparse Probes for Lattice Models" in [t.title for t in rec.talks]
    # the footer's links are contact details, not lines of the last section
    assert any("github.com/torlo-example" in p for p in rec.person.profiles)


def test_small_hidden_block_still_dropped(tmp_path):
    # a template's note hidden on the page (a small part of it) is not read
    html = ("<html><body><h1>Tamsin Orlo</h1><div style='display: none'><p>Template notes: replace this "
            "text.</p></div><h2>Education</h2><p>PhD, Physics, University of Varrow, 2015</p></body></html>")
    text = _text(tmp_path, html)
    assert "Template notes" not in text and "University of Varrow" in text


def _page(title: str, head: str = "", body: str = "") -> str:
    return (f"<html><head><title>{title}</title>{head}</head><body>{body}"
            "<h2>Education</h2><p>PhD in Geology, University of Varrow, 2014</p></body></html>")


def test_name_from_meta_author_when_title_names_no_one(tmp_path):
    # a blog-named site: the title names the site, the author meta tag the subject (with a degree)
    html = _page("The Lattice Notebook", '<meta name="author" content="Orrin Q. Varne, PhD">',
                 "<h2>About</h2><p>Dr. Orrin Q. Varne is a geologist.</p>")
    assert _record(tmp_path, html).person.name == "Orrin Q. Varne"


def test_meta_author_gives_the_fuller_form_of_the_title_name(tmp_path):
    html = _page("cv | Orrin Varne", '<meta name="author" content="Orrin Q. Varne">',
                 "<table><tr><td><b>Name</b></td><td>Orrin Q. Varne</td></tr></table>")
    assert _record(tmp_path, html).person.name == "Orrin Q. Varne"
    # a shorter author form does not replace the title's; a degree after the title's name is dropped
    html = _page("CV | Tamsin Aud Orlo, Ph.D.", '<meta name="author" content="Tamsin Orlo">', "<p>Tamsin Orlo</p>")
    assert _record(tmp_path, html).person.name == "Tamsin Aud Orlo"


def test_meta_author_absent_from_the_page_is_not_the_subject(tmp_path):
    # a theme's author named in the head only
    html = _page("Notes", '<meta name="author" content="Bertil Haagen">', "<p>Welcome to my notes.</p>")
    assert _record(tmp_path, html).person.name != "Bertil Haagen"


def test_title_words_naming_what_the_page_is(tmp_path):
    # "Curr. Vita · Name": the abbreviation is no name
    html = _page("Curr. Vita &middot; Orrin Varne", body="<h1>Orrin Varne</h1>")
    assert _record(tmp_path, html).person.name == "Orrin Varne"
    # "<title>Name Academy</title>" over "<h1>Name</h1>" in a sidebar
    html = _page("Tamsin Orlo Academy", body="<div class='sidebar'><h1>Tamsin Orlo</h1><p>EMAIL</p></div>")
    assert _record(tmp_path, html).person.name == "Tamsin Orlo"


def test_meta_author_does_not_replace_the_fuller_heading(tmp_path):
    # the heading gives the name in full ("Vita - Orrin Q Varne"); the author tag's shorter form is not put first
    html = _page("Orrin Varne's Web Page", '<meta name="author" content="Orrin Varne">', "<h1>Vita - Orrin Q Varne</h1>")
    assert _record(tmp_path, html).person.name == "Orrin Q Varne"


# A hand-written vita: the sections, then the page's frame: a block of social links with icons only,
# a sidebar "well" of labelled protocol-relative links, a jemdoc-style footer <div> with a theme credit.
FRAMED = """<html><head><title>Orrin Varne - Vita</title></head><body>
<div class="content"><h1>Vita</h1>
<h3>Publications</h3>
<p>Varne OQ, Lusk T.<br/>Phase slips in layered lattices.<br/>J Lattice Stud 2017; 8: 11-19.</p>
<p>Pell A, Varne OQ. A solver for sparse kinetic models. Comput Mater 2016; 3: 40-52.
<a href="https://github.com/opell/kinetic-solver">code</a></p>
<h3>Skills</h3>
<ul><li>Fortran</li><li>Julia</li></ul>
</div>
<div class="socialmedia"><ul>
<li><a href="mailto:orrin.varne@example.org"><i class="fa fa-envelope"></i></a></li>
<li><a href="https://github.com/ovarne-example"><i class="fa fa-github"></i></a></li></ul></div>
<div class="span3"><div class="social well"><ul class="nav"><li class="nav-header">Social</li>
<li><a href="//www.linkedin.com/in/ovarne-example">LinkedIn</a></li></ul></div></div>
<div id="footer"><div id="footer-text">Last edited on May 2<sup>nd</sup> 2021.<br/>
Powered by <a href="https://github.com/someone/some-theme">a site theme</a>.</div></div>
</body></html>"""


def test_frame_after_the_sections_is_no_part_of_them(tmp_path):
    rec = _record(tmp_path, FRAMED)
    assert rec.skills == ["Fortran", "Julia"]
    assert "orrin.varne@example.org" in rec.person.emails
    profiles = " ".join(rec.person.profiles)
    assert "github.com/ovarne-example" in profiles and "linkedin.com/in/ovarne-example" in profiles
    # a theme's repository credited in the footer is nobody's profile
    assert "someone" not in profiles
    assert [p.title for p in rec.publications] == ["Phase slips in layered lattices", "A solver for sparse kinetic models"]
    # a repository linked from a reference is still the reference's
    assert any("github.com/opell/kinetic-solver" in u for u in rec.publications[1].urls)


def test_author_sidebar_before_the_sections_is_left_alone(tmp_path):
    # an academicpages author card (a sidebar) before the CV's sections stays where it is
    html = ("<html><head><title>CV - Orrin Varne</title></head><body><div class='sidebar sticky'>"
            "<h3 class='author__name'>Orrin Varne</h3><ul class='author__urls social-icons'><li>Lenhold, Norland</li>"
            "<li><a href='mailto:orrin.varne@example.org'>Email</a></li></ul></div>"
            "<div class='archive'><h1>Education</h1><ul><li>PhD in Geology, University of Varrow, 2014</li></ul></div></body></html>")
    text = _text(tmp_path, html)
    assert "# Page footer" not in text
    rec = _record(tmp_path, html)
    assert rec.person.name == "Orrin Varne" and [e.institution for e in rec.education] == ["University of Varrow"]


TEACHING_PARAGRAPHS = """<html><head><title>Orrin Varne</title></head><body><h1>Orrin Varne</h1>
<h2>Teaching Experience</h2>
<p><strong>Lecturer</strong>, Numerical Lattice Methods, Division of Applied Computing, University of Varrow, 2013.</p>
<ul><li>3 hour undergraduate and graduate course</li><li>Co-taught with Ewan Lusk</li><li><a href="#">Course Material</a></li></ul>
<p><strong>Lab Assistant</strong>, Introductory programming, Department of Informatics, University of Varrow, Autumn 2009 and 2010.</p>
<ul><li>Prepared weekly labs, and</li><li>Taught 2 hour weekly lab.</li></ul>
<h2>Courses Taught</h2>
<p>University of Varrow</p>
<ul><li>Spring 2019: Geology of Rivers</li><li>Fall 2019: Sediment Transport</li></ul>
</body></html>"""


def test_bullets_under_a_course_paragraph_describe_it(tmp_path):
    rec = _record(tmp_path, TEACHING_PARAGRAPHS)
    courses = [(t.role, t.course) for t in rec.teaching]
    assert any(r == "Lecturer" and c.startswith("Numerical Lattice Methods") for r, c in courses)
    assert any(r == "Lab Assistant" and c.startswith("Introductory programming") for r, c in courses)
    assert not any("Co-taught" in c or "hour" in c or "Prepared" in c for _, c in courses)
    # dated bullets under an institution line are courses still
    assert {"Geology of Rivers", "Sediment Transport"} <= {c for _, c in courses}


def test_executive_titles_before_their_employer(tmp_path):
    # "<p><strong>Title</strong>, Employer, years.</p>" one after another: chief officers and VPs are roles
    html = ("<html><head><title>Orrin Varne</title></head><body><h1>Orrin Varne</h1><h2>Industry Experience</h2>"
            "<p><strong>Chief Product Lead</strong>, Quillfin, 2023-present.</p>"
            "<p><strong>Chief Technology Officer</strong>, Lattica, 2022-2023.</p>"
            "<p><strong>VP Data and Algorithms</strong>, Sedimenta, 2021-2022.</p>"
            "<p><strong>Chief Data Scientist</strong>, Varrow Homes, 2017-2021.</p></body></html>")
    rec = _record(tmp_path, html)
    assert [(p.title, p.organization, p.start, p.end) for p in rec.positions] == [
        ("Chief Product Lead", "Quillfin", "2023", None), ("Chief Technology Officer", "Lattica", "2022", "2023"),
        ("VP Data and Algorithms", "Sedimenta", "2021", "2022"), ("Chief Data Scientist", "Varrow Homes", "2017", "2021")]


# A rendered CV of date cells: each talk a date, its title and the event under it; each award a date,
# its name and a paragraph describing it.
DATE_CELLS = """<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1>
<section><h2>Honors and Awards</h2><table><tbody>
<tr><td><span>2018</span></td><td><span><strong>Quarry Data Challenge Grand Prize</strong></span><br/>
<div><p>For &quot;Sparse Probes for Lattice Models&quot;</p></div></td></tr>
<tr><td><span>2016 - 2020</span></td><td><span><strong>Varrow Doctoral Fellowship</strong></span><br/>
<div><p>Forty fellowships awarded across the region each year.</p></div></td></tr>
<tr><td><span>2015</span></td><td><span>Honorable Mention in the Lenhold Modelling Contest</span></td></tr>
</tbody></table></section>
<section><h2>Invited Talks</h2><table><tbody>
<tr><td><span>Oct 2018</span></td><td><div><div>Sparse Probes for Lattice Models</div>
<div><span>Quarry Visual Analytics Symposium, </span><span>Lenhold, NL.</span></div></div></td></tr>
<tr><td><span>Nov 2017</span></td><td><div><div>A Survey of Lattice Solvers</div>
<div><span>Guest Lecture, </span><span>University of Varrow.</span></div></div></td></tr>
</tbody></table></section></body></html>"""


def test_date_cells_talk_event_and_award_description(tmp_path):
    rec = _record(tmp_path, DATE_CELLS)
    assert [(t.title, t.host, t.date) for t in rec.talks] == [
        ("Sparse Probes for Lattice Models", "Quarry Visual Analytics Symposium, Lenhold, NL", "2018-10"),
        ("A Survey of Lattice Solvers", "Guest Lecture, University of Varrow", "2017-11")]
    assert [(a.name, a.year) for a in rec.awards] == [
        ("Quarry Data Challenge Grand Prize", "2018"), ("Varrow Doctoral Fellowship", "2016"),
        ("Honorable Mention in the Lenhold Modelling Contest", "2015")]


def test_talks_one_per_line_stay_apart(tmp_path):
    # "Title, Meeting, Place" on consecutive lines: each a talk, the second no event of the first
    html = ("<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1><h2>Talks</h2>"
            "<p>Active Lattices Far From Rest, Lorenz Meeting, Leiden, 2024<br/>"
            "Entropy in Sediment Beds, Spring Colloquium, Trieste</p></body></html>")
    rec = _record(tmp_path, html)
    assert [t.title.split(",")[0] for t in rec.talks] == ["Active Lattices Far From Rest", "Entropy in Sediment Beds"]


def test_skills_after_a_proficiency_lead(tmp_path):
    html = ("<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1><h2>Skills</h2><table>"
            "<tr><td><span>Programming</span></td><td><div><p>Proficient in Julia, Fortran, and Haskell/OCaml</p>"
            "<p>Familiar with Prolog and Ada</p><p>Numerical Analysis and Inverse Problems</p>"
            "<p>Experienced with a range of solver libraries, meshes and formats, especially for sediments.</p></div></td></tr>"
            "</table></body></html>")
    rec = _record(tmp_path, html)
    assert rec.skills[:6] == ["Julia", "Fortran", "Haskell/OCaml", "Prolog", "Ada", "Numerical Analysis and Inverse Problems"]
    # prose after the lead is left as it was read
    assert "a range of solver libraries" not in rec.skills


def test_dates_written_as_a_sentence_before_the_entry(tmp_path):
    # "2016 - 2020. School.<br/>Town, ST. Degree" / "2020 - Present. Role, Unit.<br/>Employer. Town, ST."
    html = ("<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1><h3>Education</h3>"
            "<p>2016 - 2020. Varrow School of Medicine.<br/>Lenhold, NL. M.D.</p>"
            "<h3>Experience</h3><p>2020 - Present. Resident Physician, General Surgery.<br/>Quarry General Hospital. Lenhold, NY.</p>"
            "<p>Summer 2017. Medical Research Assistant.<br/>Varrow University Medical Center. Lenhold, NY.</p></body></html>")
    rec = _record(tmp_path, html)
    assert rec.education[0].institution == "Varrow School of Medicine" and rec.education[0].start == "2016"
    assert [(p.title, p.organization, p.start) for p in rec.positions] == [
        ("Resident Physician", "Quarry General Hospital", "2020"), ("Medical Research Assistant", "Varrow University Medical Center", "2017")]


def test_more_link_under_an_entry_is_no_post(tmp_path):
    html = ("<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1><h3>Experience</h3>"
            "<div><h4>Research Assistant, Varrow Lattice Lab <span>07/2019 - 11/2020</span></h4>"
            "<li>Built a solver for sparse lattice models.</li><a href='cv.html'>...more details</a></div>"
            "<div><h4>Software Engineer Intern, Quillfin <span>07/2018 - 09/2018</span></h4>"
            "<a href='more.html'>Read more</a></div></body></html>")
    rec = _record(tmp_path, html)
    assert not any("more" in (p.organization or "").lower() or "more" in (p.title or "").lower() for p in rec.positions)
    assert [p.start for p in rec.positions] == ["2019-07", "2018-07"]


def test_giver_line_naming_the_year_of_an_awardee(tmp_path):
    html = ("<html><head><title>Tamsin Orlo</title></head><body><h1>Tamsin Orlo</h1><h3>Honors &amp; Awards</h3>"
            "<p>Quarry Grant in Sediment Research<br />Lenhold Academy of Geology, 2017 Awardee</p>"
            "<p>Varrow Lattice Prize, 2015</p></body></html>")
    rec = _record(tmp_path, html)
    assert [(a.name, a.year) for a in rec.awards] == [("Quarry Grant in Sediment Research", "2017"), ("Varrow Lattice Prize", "2015")]
