"""Session 23, gold pass on HTML CVs: CV pages sampled from the middle and end of the GitHub index's
hit lists (cv.html, CV.html, cv/index.html, resume.html of personal sites), scored against
hand-written gold records.

The snippets are invented (names, employers, schools, events); each has the shape of a real page."""
from mappers.extract import extract
from mappers.extract.fields import find_period
from mappers.extract.sections import classify_heading
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


# An Org-mode export (org-html-export): the name and a subtitle in one <h1> with a <br>, a table
# of link labels, each entry an <h4> "Institution (Degree) [years]" or "Role at Org [dates]" with
# a paragraph under it.
ORG_EXPORT = """<?xml version="1.0" encoding="utf-8"?>
<html><head><meta name="generator" content="Org mode" /></head><body><div id="content">
<h1 class="title">Tamsin Oyelaran<br /><span class="subtitle">Curriculum Vitae</span></h1>
<table><tbody><tr><td><a href="mailto:t.oyelaran@example.org">t.oyelaran@example.org</a></td></tr></tbody></table>
<table><tbody><tr>
<td><a href="https://toyelaran.github.io/"><b>HOME</b></a></td>
<td><a href="https://github.com/toyelaran"><b>GitHub</b></a></td>
<td><a href="https://www.linkedin.com/in/toyelaran/"><b>LinkedIn</b></a></td>
</tr></tbody></table>
<div class="outline-2"><h2>Education</h2>
<div class="outline-4"><h4>Vellmark Institute for Applied Learning (M.Sc.) [2019-21]</h4>
<p class="verse">Orrin University, School of Computing Science. Advised by Prof. Ada Brenn.<br /></p></div>
<div class="outline-4"><h4>Kestrel University of Technology (B.Sc.) [2014-18. GPA: 3.71/4.0]</h4>
<p class="verse">School of Civil Engineering, Structures.<br />Bachelor Thesis: Damping of tall frames.<br /></p></div>
</div>
<div class="outline-2"><h2>Experince</h2>
<div class="outline-4"><h4>Platform Lead at Quarrytown [Mar. 2021 _Ongoing_]</h4>
<p class="verse">Leading the routing platform team.<br /></p></div>
<div class="outline-4"><h4>Data Engineer at Quarrytown [Jan. to Mar. 2021]</h4>
<p class="verse">Batch pipelines for map data.<br /></p></div>
</div>
</div></body></html>"""


def test_name_and_subtitle_in_one_heading(tmp_path):
    # "<h1>Name<br/><span>Curriculum Vitae</span></h1>" reads "Name Curriculum Vitae": the name
    assert _record(tmp_path, ORG_EXPORT).person.name == "Tamsin Oyelaran"


def test_links_in_a_table_row_keep_their_addresses(tmp_path):
    person = _record(tmp_path, ORG_EXPORT).person
    assert person.homepage == "https://toyelaran.github.io/"
    assert any("github.com/toyelaran" in p for p in person.profiles)
    assert any("linkedin.com/in/toyelaran" in p for p in person.profiles)


def test_institution_then_degree_in_brackets_with_short_years(tmp_path):
    edu = _record(tmp_path, ORG_EXPORT).education
    got = [(e.degree, e.institution, e.start, e.end) for e in edu]
    assert got == [("M.Sc.", "Vellmark Institute for Applied Learning", "2019", "2021"),
                   ("B.Sc.", "Kestrel University of Technology", "2014", "2018")]


def test_paragraph_under_a_heading_entry_is_part_of_it(tmp_path):
    edu = _record(tmp_path, ORG_EXPORT).education
    # the parent university named under the degree's heading opens no entry; its school names the field
    assert [e.field for e in edu] == ["Computing Science", "Civil Engineering"]
    assert not any(e.institution == "Orrin University" for e in edu)


def test_misspelt_heading_word(tmp_path):
    positions = _record(tmp_path, ORG_EXPORT).positions
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in positions]
    assert got == [("Platform Lead", "Quarrytown", "2021-03", None, True),
                   ("Data Engineer", "Quarrytown", "2021-01", "2021-03", False)]
    assert classify_heading("Work Expereince") == "positions"
    assert classify_heading("Pubilcations") == "publications"
    assert classify_heading("Experiment") is None      # a real word, not a slip


def test_ongoing_after_a_single_date():
    assert find_period("Lead at Lorem [Sep. 2019 _Ongoing_]")[0] == ("2019-09", None, True)
    assert find_period("2016 onwards")[0] == ("2016", None, True)
    assert find_period("2013-17. GPA: 3.9")[0] == ("2013", "2017", False)
    assert find_period("2013-17.5")[0] == ("2013", None, False)


# A page made with a site builder (Nicepage): the section's label in bold and each entry after a
# <br>, the dates first in italics, then " - Role at Unit, Organization" (long lines)
BUILDER_COLUMNS = """<html><head><title>CV</title></head><body>
<h4>Idris Marlowe</h4>
<p><font><font><b><font>Work</font></b>
<br><i>2023 - current</i></font> - Postdoc at Particle Division, Glenrock National Laboratory<br>
<br><i><font> 2021 - 2023 </font></i>
 - Associate research fellow at Glenrock Key Laboratory of Stellar Dust and Faint Galaxy Studies, Harrowgate University of Science and Technology<br>
<br><i><font> 2019 - 2021 </font></i>
 - Post doctoral fellow at Glenrock Key Laboratory of Stellar Dust and Faint Galaxy Studies, Harrowgate University of Science and Technology<br>
</font></p></body></html>"""


def test_dates_first_entries_however_long(tmp_path):
    positions = _record(tmp_path, BUILDER_COLUMNS).positions
    assert [(p.title, p.start, p.end, p.current) for p in positions] == [
        ("Postdoc", "2023", None, True), ("Associate research fellow", "2021", "2023", False),
        ("Post doctoral fellow", "2019", "2021", False)]
    assert not positions[0].description


# al-folio's CV page rendered from its data file: the date badge, the degree as the title, the
# institution, then a bullet spelling the degree out
ALFOLIO_DEGREES = """<html><head><title>Curriculum Vitae | Noor Halvorsen</title></head><body>
<article><div class="cv"><div class="card"><h3 class="card-title">Education</h3>
<ul class="list-group">
<li class="list-group-item"><div class="row"><div class="col-md-2"><span class="badge">2019</span></div>
<div class="col-md-10"><h6 class="title">MS</h6><table class="institution"><tr><td class="institution">University of Westmarch</td></tr></table>
<ul class="items"><li><span class="item">Masters in Mechanical Engineering</span></li></ul></div></div></li>
<li class="list-group-item"><div class="row"><div class="col-md-2"><span class="badge">2017</span></div>
<div class="col-md-10"><h6 class="title">BEng</h6><table class="institution"><tr><td class="institution">Fallowmere University</td></tr></table>
<ul class="items"><li><span class="item">Bachelors in Mechanical Engineering</span></li></ul></div></div></li>
</ul></div></div></article></body></html>"""


def test_degree_spelled_out_in_a_bullet_gives_the_field(tmp_path):
    edu = _record(tmp_path, ALFOLIO_DEGREES).education
    assert [(e.degree, e.institution, e.end, e.field) for e in edu] == [
        ("MS", "University of Westmarch", "2019", "Mechanical Engineering"),
        ("BEng", "Fallowmere University", "2017", "Mechanical Engineering")]


# A hand-written page: "Role at Organization. (years)" items, and a pointer to other pages
ROLE_AT_ITEMS = """<html><head><title>CV | Pim Aldersey</title></head><body><main>
<h2>Employment</h2><ul>
<li>PhD-TA at Fenwick University of Technology. (2023-ongoing)</li>
<li>Student assistant via Lorimer Staffing for Fenwick University of Technology. (2019-2023)</li>
</ul>
<h2>Publications &amp; Teaching</h2>
Both lists can also be found on the <a href="../publications/">publications</a> and <a href="../teaching/">teaching</a> pages of this site.
</main></body></html>"""


def test_short_capital_role_and_role_for_a_university(tmp_path):
    rec = _record(tmp_path, ROLE_AT_ITEMS)
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in rec.positions] == [
        ("PhD-TA", "Fenwick University of Technology", "2023", None, True),
        ("Student assistant via Lorimer Staffing", "Fenwick University of Technology", "2019", "2023", False)]


def test_pointer_to_other_pages_is_no_course(tmp_path):
    rec = _record(tmp_path, ROLE_AT_ITEMS)
    assert rec.teaching == []
    assert rec.publications == []


# A page rendered in the browser by strapdown.js: the whole CV is Markdown inside an <xmp>
STRAPDOWN = """<!DOCTYPE html>
<html>
<title>Curriculum Vitae</title>

<xmp theme="readable" style="display:none;">

Selim Varnaud
=============
> Curious about data.

phone: +33 6 11 22 33 44   
email: s.varnaud@example.org   
[linkedin](http://www.linkedin.com/in/svarnaud-example)   

Professional Experience
-----------------------

####[2014–2015] Attaché de recherche contractuel, Conservatoire Lorem des Métiers (CLM), *Lyon*.
* Databases, lectures and lab sessions - 90 hours.

####[2012–2014] Teaching assistant, Ipsum Graduate School of Engineering, *Lyon*.
* Web programming labs.

Education
---------

####[2011–2015] PhD, Conservatoire Lorem des Métiers (CLM), *Lyon*.
* Filtering of streams of short messages

####[2009–2011] Master, University of Dolor Sciences (UDS), *Oran*.

####[2006–2009] Licence, University of Dolor Sciences (UDS), *Oran*.

</xmp>

<script src="http://strapdownjs.com/v/0.2/strapdown.js"></script>
</html>
"""


def test_markdown_in_an_xmp_block_is_read_as_markdown(tmp_path):
    rec = _record(tmp_path, STRAPDOWN)
    assert rec.person.name == "Selim Varnaud"
    assert rec.person.emails == ["s.varnaud@example.org"]
    assert [(e.degree, e.institution, e.start, e.end) for e in rec.education] == [
        ("PhD", "Conservatoire Lorem des Métiers (CLM)", "2011", "2015"),
        ("Master", "University of Dolor Sciences (UDS)", "2009", "2011"),
        ("Licence", "University of Dolor Sciences (UDS)", "2006", "2009")]
    assert [(p.title, p.organization, p.location) for p in rec.positions] == [
        ("Attaché de recherche contractuel", "Conservatoire Lorem des Métiers (CLM)", "Lyon"),
        ("Teaching assistant", "Ipsum Graduate School of Engineering", "Lyon")]
    # the line numbers are the file's: the name is on line 7
    assert rec.person.line == 7


def test_markdown_snippet_on_an_html_page_is_not_the_page(tmp_path):
    page = ("<html><body><h1>Wren Okafor</h1><h2>Education</h2><p>PhD, Lorem University, 2020</p>"
            + "<p>" + "Long paragraph about research on lorem ipsum dolor. " * 20 + "</p>"
            + "<textarea class='markdown'>**bold** note</textarea></body></html>")
    rec = _record(tmp_path, page)
    assert rec.person.name == "Wren Okafor"
    assert [e.institution for e in rec.education] == ["Lorem University"]


# An old hand-written page: "Qualifications" mixing fellowships, a medal, an honorary chair and
# degrees named by their town; "Positions and Activities" of "YEAR- Role, Org:" paragraphs
QUALIFICATIONS = """<HTML><HEAD><TITLE>cv</TITLE></HEAD><BODY>
<H1>Curriculum Vitae: Alwyn Trevask</H1>
<H2>Qualifications</H2>
<p>1999 Fellow of the Royal Lorem Society</p>
<p>1992 Honorary Professor of Optics at Ipsum University</p>
<P>1988 Awarded the Dolor <I>Gannet</I> medal for work on detectors </P>
<P>1977 Fellow of the Institute of Sit Amet </P>
<P>1966 DPhil, <I>Spin Waves in Layered Magnets</I>, Clarendon, Oxford </P>
<P>1962 BA (Hons, Class I Physics, Oxford </P>
<H2>Positions and Activities</H2>
<STRONG><P>2014- Consultant, Fusora Power: </STRONG>Design work on compact reactors.</P>
<P>1999-2014 <B>Consultant, Lorem Fusion Agency</B></P>
</BODY></HTML>"""


def test_honours_and_posts_in_a_qualifications_list(tmp_path):
    rec = _record(tmp_path, QUALIFICATIONS)
    assert [(a.name, a.year) for a in rec.awards] == [
        ("Fellow of the Royal Lorem Society", "1999"), ("Dolor Gannet medal for work on detectors", "1988"),
        ("Fellow of the Institute of Sit Amet", "1977")]
    assert [(e.degree, e.institution, e.end) for e in rec.education] == [("DPhil", "Oxford", "1966"), ("BA", "Oxford", "1962")]
    assert ("Honorary Professor of Optics", "Ipsum University", "1992") in [
        (p.title, p.organization, p.start) for p in rec.positions]


def test_positions_and_activities_heading_and_a_glued_open_dash(tmp_path):
    assert classify_heading("Positions and Activities") == "positions"
    assert classify_heading("Activities") == "service"
    rec = _record(tmp_path, QUALIFICATIONS)
    got = [(p.title, p.organization, p.start, p.end, p.current) for p in rec.positions if p.title == "Consultant"]
    assert got == [("Consultant", "Fusora Power", "2014", None, True),
                   ("Consultant", "Lorem Fusion Agency", "1999", "2014", False)]
    assert find_period("2014- Consultant, Fusora Power")[0] == ("2014", None, True)
    assert find_period("2014 - Consultant")[0] == ("2014", None, False)    # a separator, not an open range


def test_lazy_continuation_of_a_markdown_bullet(tmp_path):
    md = ("# Tova Rennick\n\n## Experience\n\n"
          "####[2009–2014] Founder & CEO, Quillon IT, *Oran*.\n"
          "* Ranked among the best young firms by Lorem Ventures, 2010\n(http://example.org/rank).\n"
          "* Showcased at a trade fair.\n\n"
          "####[2007] Intern, Dolor Tobacco Company (DTC), *Oran*.\n"
          "* Upkeep of the information system (Windows Server + SQL\nServer databases)\n")
    rec = _record(tmp_path, md, "cv.md")
    assert [(p.title, p.organization, p.location) for p in rec.positions] == [
        ("Founder & CEO", "Quillon IT", "Oran"), ("Intern", "Dolor Tobacco Company (DTC)", "Oran")]


# A Japanese page titled "履歴書" with the record of schooling as a list under the title and no
# Education heading; the last line an entrance with no leaving yet
JA_SCHOOLING = """<html lang="ja"><head><title>Curriculum Vitae | Kaito Minase</title></head><body>
<h1>Curriculum Vitae / 履歴書</h1>
<ul>
<li>2017年3月 北川県立青葉高等学校 卒業</li>
<li>2017年4月 西都大学理学部 入学</li>
<li>2021年3月 西都大学工学部電子通信科 卒業</li>
<li>2021年4月 西都大学大学院知能学研究科 修士課程 入学</li>
<li>2023年3月 西都大学大学院知能学研究科 修士課程 修了</li>
<li>2023年4月 西都大学大学院知能学研究科 博士課程 入学</li>
</ul></body></html>"""


def test_japanese_schooling_under_a_page_title(tmp_path):
    edu = _record(tmp_path, JA_SCHOOLING).education
    got = [(e.institution, e.degree, e.start, e.end, e.current) for e in edu]
    assert got == [("北川県立青葉高等学校", None, None, "2017-03", False),
                   ("西都大学", "学士", "2017-04", "2021-03", False),
                   ("西都大学", "修士", "2021-04", "2023-03", False),
                   ("西都大学", "博士", "2023-04", None, True)]


# Languages and skills written as phrases (an Org-mode export's verse lines, a strapdown page)
PHRASE_LISTS = """# Noa Feldhaus

## Skills

#### Programming

- Long programming experience in Rust, Python, OCaml, and Unix Scripting
- Graph drawing with Graphviz, Cytoscape, Kepler

#### Other

- Linux, Podman, Flask, LaTeX

## Languages

- Hebrew(native), English(TOEFL iBT: 112 ), and Italian(basic)
- [Dutch] Bilingual (Exam. CNaVT)
"""


def test_skill_phrases_and_a_group_named_other(tmp_path):
    skills = _record(tmp_path, PHRASE_LISTS, "cv.md").skills
    assert {"Rust", "Python", "OCaml", "Unix Scripting", "Graphviz", "Cytoscape", "Kepler",
            "Linux", "Podman", "Flask", "LaTeX"} <= set(skills)
    assert not any(" with " in s or " in " in s for s in skills)


def test_language_items_with_glued_notes_and_bracket_labels(tmp_path):
    assert _record(tmp_path, PHRASE_LISTS, "cv.md").languages == ["Hebrew", "English", "Italian", "Dutch"]


def test_languages_each_with_a_bracketed_level_joined_by_dashes(tmp_path):
    """"**Catalan** (mother tongue) - **Spanish** (native) - **English, French** (C1) - …": the rule
    above (a language, then its note in brackets) must not keep only the first language of a run."""
    text = ("# Ann Example\n\n## Languages\n\n**Catalan** (mother tongue) - **Spanish** (native) - **English, French** "
            "(full professional proficiency C1) - **Italian** (limited working proficiency B1) - **German** (elementary A1)\n")
    assert _record(tmp_path, text, "cv.md").languages == ["Catalan", "Spanish", "English", "French", "Italian", "German"]


# Works and awards each under a sub-heading, the paragraph under it the venue (or what it was for)
HEADED_WORKS = """# Ines Tarvaal

## Awards and Fellowships

#### Visiting Studentship at Lorem University [Jun. to Sep. 2021]

Robotics and games. Prof. Ada Brenn.

#### Silver Medal at the 24th National Ipsum Olympiad [Sep. 2014]

## Publications

#### Steering a Lorem Robot with Ipsum Sampling (1st Author)

Submitted to Lorem Journal of Robotics, published by Ipsum University.

#### Shape Design of a Dolor Sit Wiper Arm (1st Author)

LOREM2017: Annual International Conference on Ipsum Engineering.
"""


def test_work_titles_as_sub_headings(tmp_path):
    rec = _record(tmp_path, HEADED_WORKS, "cv.md")
    got = [(p.title, p.venue, p.year, p.status) for p in rec.publications]
    assert got == [("Steering a Lorem Robot with Ipsum Sampling", "Lorem Journal of Robotics", None, "in submission"),
                   ("Shape Design of a Dolor Sit Wiper Arm", "LOREM2017: Annual International Conference on Ipsum Engineering",
                    "2017", "published")]


def test_award_headings_with_a_paragraph_under_one(tmp_path):
    rec = _record(tmp_path, HEADED_WORKS, "cv.md")
    assert [(a.name, a.year) for a in rec.awards] == [("Visiting Studentship at Lorem University", "2021"),
                                                     ("Silver Medal at the 24th National Ipsum Olympiad", "2014")]


def test_group_headings_over_lists_are_not_titles(tmp_path):
    md = ("# Ines Tarvaal\n\n## Publications\n\n#### Journal Papers\n\n"
          "- A. Roe and I. Tarvaal. Lorem ipsum dolor sit. Journal of Amet, 2019.\n\n"
          "#### Conference Papers\n\n- I. Tarvaal. Consectetur adipiscing elit. In Proc. of LOREM, 2018.\n")
    titles = [p.title for p in _record(tmp_path, md, "cv.md").publications]
    assert titles == ["Lorem ipsum dolor sit", "Consectetur adipiscing elit"]


def test_author_lines_under_title_headings_are_not_venues(tmp_path):
    md = ("# Ines Tarvaal\n\n## Working Papers\n\n#### Measuring Sit Amet Desks in Lorem Markets\n\n"
          "Tom Varga, **Ines Tarvaal**, and Ann Lo.\n\n#### Consectetur Shifts: The Cost of Adipiscing Queues\n\n"
          "**Ines Tarvaal** and Tom Varga.\n")
    pubs = _record(tmp_path, md, "cv.md").publications
    assert [(p.title, [a.name for a in p.authors], p.venue) for p in pubs] == [
        ("Measuring Sit Amet Desks in Lorem Markets", ["Tom Varga", "Ines Tarvaal", "Ann Lo"], None),
        ("Consectetur Shifts: The Cost of Adipiscing Queues", ["Ines Tarvaal", "Tom Varga"], None)]


def test_a_miscellaneous_section_read_line_by_line(tmp_path):
    md = ("# Ines Tarvaal\n\nMiscellaneous\n-------------\n\n"
          "[2016] External reviewer for LOREMCONF'16 (*International Conference on Lorem Systems*)\n\n"
          "[2017] Invited speaker at the Ipsum Data Days conference\n\n"
          "[2014] Finalist at the Dolor national coding contest, Oran\n")
    rec = _record(tmp_path, md, "cv.md")
    assert [(v.role, v.period) for v in rec.service] == [("External reviewer", "2016")]
    assert [(t.title, t.date) for t in rec.talks] == [("Invited speaker at the Ipsum Data Days conference", "2017")]
    assert [(a.name, a.year) for a in rec.awards] == [("Finalist at the Dolor national coding contest, Oran", "2014")]


def test_an_undated_miscellany_is_left_alone(tmp_path):
    md = "# Ines Tarvaal\n\n## Miscellaneous\n\n- Chair of the school's chess club, 2012\n- Likes hiking and baking\n- 2015 marathon finisher\n"
    rec = _record(tmp_path, md, "cv.md")
    assert rec.service == [] and rec.awards == []


# (written after the held-out check) a hand-written list: "Org (years) Role" items, then the page's links
ORG_DATES_ROLE = """<html><body><h1>Research and CV</h1>
<h2>Research Positions, Current and Former:</h2>
<ul><li>Lorem State University (2008-2011) Research Associate
<li>Ipsum Marine Centre (2023-) Research Scientist</ul>
<h2>Research outreach:</h2>
<ul><li>Dolor Week: flood-ready drainage showcase</ul>
<p><a href="https://scholar.google.com/citations?user=AbCdEf0AAAAJ">Google Scholar profile</a></p>
<p><a href="files/cv.pdf">Full CV</a></p>
</body></html>"""


def test_bracketed_dates_between_organization_and_role(tmp_path):
    rec = _record(tmp_path, ORG_DATES_ROLE)
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in rec.positions] == [
        ("Research Associate", "Lorem State University", "2008", "2011", False),
        ("Research Scientist", "Ipsum Marine Centre", "2023", None, True)]


def test_page_links_are_no_service(tmp_path):
    roles = [v.role for v in _record(tmp_path, ORG_DATES_ROLE).service]
    assert not any("Full CV" in r or "Scholar" in r for r in roles)


# (written after the held-out check) a résumé template with the section's label in a column of its
# own, as high as the employers beside it: <h2> label | <h2> employer, <h3> role, <h4> dates, prose
LABEL_COLUMN = """<html><head><title>Dara Quenby</title></head><body><div id="doc2"><div id="inner">
<div id="hd"><h1>Dara Quenby</h1><h2>Web Developer</h2></div>
<div id="bd"><div class="yui-b">
<div class="yui-gf"><div class="yui-u first"><h2>Work Experience</h2></div>
<div class="yui-u last">
<div class="job"><h2>Brindle Ads</h2><h3>Backend Intern</h3><h4>May 2016 - August 2016</h4>
<p>Fixed bugs and refactored the bidding service in a team of four.</p>
<span><strong>Technologies: </strong>Go, SQL</span></div>
<div class="job last"><h2>Open Lab Project</h2><h3>JavaScript Developer</h3><h4>June 2015 - September 2015</h4>
<p>Built parts of a course platform for colleges.</p></div>
</div></div>
<div class="yui-gf"><div class="yui-u first"><h2>Projects</h2></div>
<div class="yui-u last"><div class="job"><h2>Tidebell</h2><h3>Game Developer</h3><h4>March 2016</h4><p>A party game.</p></div></div></div>
</div></div></div></div></body></html>"""


def test_label_column_resume_template(tmp_path):
    positions = _record(tmp_path, LABEL_COLUMN).positions
    assert [(p.title, p.organization, p.start, p.end) for p in positions] == [
        ("Backend Intern", "Brindle Ads", "2016-05", "2016-08"),
        ("JavaScript Developer", "Open Lab Project", "2015-06", "2015-09")]


def test_honorary_title_with_no_institution_is_an_honour(tmp_path):
    # (no organization to hold the post: recorded as an honour, and no crash on the missing part)
    md = "# Jo Varrow\n\n## Qualifications\n\n1990 Honorary Professor of Optics\n\n1991 Honorary Fellow\n\n1980 PhD, Lorem University\n"
    rec = _record(tmp_path, md, "cv.md")
    assert [(a.name, a.year) for a in rec.awards] == [("Honorary Professor of Optics", "1990"), ("Honorary Fellow", "1991")]
    assert [(e.degree, e.institution, e.end) for e in rec.education] == [("PhD", "Lorem University", "1980")]
