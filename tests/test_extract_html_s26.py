"""Rules found in session 26's HTML pass: a fresh batch of CV pages kept in repositories
(hand-written vita pages, Quarto and Typora exports, academic homepages holding the whole CV),
whose error causes were counted over the batch and over every saved CV of earlier sessions. Each
test is an invented CV in the shape that showed the problem; names, places and organizations are
made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import read_document


def _html(tmp_path, body: str, name: str = "vita.html"):
    path = tmp_path / name
    path.write_text("<html><head><title>Vita</title></head><body>\n" + textwrap.dedent(body) + "\n</body></html>\n",
                    encoding="utf-8")
    return extract(read_document(str(path)))


def test_a_place_line_under_a_degree_is_its_location_not_an_honour(tmp_path):
    # a vita's table of degrees: the degree and year, the school, then the town on a line of its own
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>EDUCATION:</h2>
        <table><tr>
          <td><b>PhD in Geology, </b><b>2004</b><br><br><b>Lorem State University</b></td>
          <td><p><b>MS in Botany, 1999</b></p>
              <p><b>Ipsum College</b><br><b>Vellano, Italy</b></p></td>
        </tr></table>
        <h2>EMPLOYMENT:</h2>
        <ul><li><b>Professor, </b><em>Lorem State University,</em> 2010-present</li></ul>
        """)
    ms = next(e for e in record.education if e.degree and e.degree.startswith("MS"))
    assert ms.location == "Vellano, Italy"
    assert "Vellano, Italy" not in ms.honours


def test_a_place_line_keeps_a_real_honour_and_an_earlier_location(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Education</h2>
        <p>B.Sc. Mathematics, University of Dolor, 2012 - 2016</p>
        <p>First class honours</p>
        <p>Ipsumtown, Nigeria</p>
        """)
    (edu,) = record.education
    assert edu.honours == ["First class honours"]
    assert edu.location == "Ipsumtown, Nigeria"


def test_the_subjects_part_before_an_award_is_no_part_of_its_name(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>AWARDS:</h2>
        <ul>
          <li><strong>Recipient</strong>: Lorem Award for Inventive Teaching, LSU, 2024</li>
          <li><strong>Recipient</strong>, Ipsum Distinguished Teaching Award, 2020</li>
          <li><strong>Nominee:</strong> Dolor Lecturer Award, 2015</li>
        </ul>
        """)
    names = [a.name for a in record.awards]
    assert names[0].startswith("Lorem Award for Inventive Teaching")
    assert names[1] == "Ipsum Distinguished Teaching Award"
    assert names[2].startswith("Nominee")      # not won: the word stays


def test_a_bracketed_note_after_an_award_leaves_no_open_bracket(tmp_path):
    # a Quarto vita: "Name (giver, year, amount)" and an open-ended year range after a fellowship
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Honours and Awards</h2>
        <ul>
          <li><p>Fellow, <em>Journal of Lorem Studies</em> (2015-)</p></li>
          <li><p><em>Ipsum Teaching Award</em> (the University of Dolor, 1998, $1,500)</p></li>
        </ul>
        """)
    names = {a.name: a.year for a in record.awards}
    assert names == {"Fellow, Journal of Lorem Studies": "2015",
                     "Ipsum Teaching Award, the University of Dolor": "1998"}


def test_a_balanced_bracket_in_an_award_name_stays(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Awards</h2>
        <ul>
          <li>Lorem Fellowship (LF), 2019</li>
          <li>Best Paper Award (with B. Coe), Ipsum Conference, 2018</li>
        </ul>
        """)
    assert [a.name for a in record.awards] == ["Lorem Fellowship (LF)", "Best Paper Award (with B. Coe), Ipsum Conference"]


def test_other_github_accounts_on_the_page_are_not_the_subjects(tmp_path):
    # a theme credit in the footer and a tool's repository among the skills link other accounts
    record = _html(tmp_path, """
        <header><h1><a href="/">Mara Velden</a></h1>
          <p><a href="https://github.com/mvelden">GitHub</a> <a href="mailto:mara.velden@lorem.edu">Mail</a></p></header>
        <h2>Skills</h2>
        <p>Testing: <a href="https://github.com/ipsumframework/ipsum">Ipsum</a>, Dolor</p>
        <h2>Publications</h2>
        <p><b>Velden M.</b> (2012), A study of lorem ipsum, <i>J. Dolor Sit.</i>, 39, 1-10.</p>
        <footer><p>Layout adapted from <a href="https://github.com/sitthemes">sitthemes</a>.</p></footer>
        """)
    github = [u for u in record.person.profiles if "github.com" in u]
    assert github == ["https://github.com/mvelden"]


def test_two_github_accounts_none_named_for_the_subject_both_stay(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <p><a href="https://github.com/xq7">GitHub</a> · <a href="https://github.com/lorem-group">Group</a></p>
        <h2>Education</h2>
        <p>PhD in Physics, Lorem University, 2019</p>
        """)
    assert [u for u in record.person.profiles if "github.com" in u] == ["https://github.com/xq7", "https://github.com/lorem-group"]


def test_a_bracketed_place_and_years_over_a_list_of_courses_heads_them(tmp_path):
    # a faculty page: "(Institution, years)" in a paragraph, then the courses taught there
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Teaching</h2>
        <p class="note">(Lorem University of Technology, 2018–2024)</p>
        <ul><li>Python Programming</li><li>Queueing Models</li></ul>
        <p class="note">(Ipsum Data Agency, 2017–2018)</p>
        <ul><li>Introduction to Machine Learning</li><li>Sensor Analytics</li></ul>
        <p class="note">(Dolor National University)</p>
        <ul><li>Intro Coding Lab (TA, Fall 2013)</li></ul>
        """)
    got = [(t.course, t.institution, t.term) for t in record.teaching]
    assert got == [("Python Programming", "Lorem University of Technology", "2018–2024"),
                   ("Queueing Models", "Lorem University of Technology", "2018–2024"),
                   ("Introduction to Machine Learning", "Ipsum Data Agency", "2017–2018"),
                   ("Sensor Analytics", "Ipsum Data Agency", "2017–2018"),
                   ("Intro Coding Lab", "Dolor National University", "Fall 2013")]


def test_a_level_label_over_courses_is_no_course(tmp_path):
    # a Quarto vita: "Graduate:" in italics, then the courses as lines of one paragraph
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Courses Taught</h2>
        <ul>
        <li><p><em>Graduate:</em></p><p>Lorem Methods I<br>Lorem Methods II</p></li>
        <li><p><em>Independent Studies:</em></p><p>Ipsum Estimation (1996)<br></p></li>
        </ul>
        """)
    assert [t.course for t in record.teaching] == ["Lorem Methods I", "Lorem Methods II", "Ipsum Estimation"]


def test_a_row_of_link_labels_and_a_status_line_belong_to_the_card_above(tmp_path):
    # a homepage's publication cards: title heading, authors, venue (or a status), then link labels
    record = _html(tmp_path, """
        <h1>Mara Velden</h1>
        <h2>Publications</h2>
        <article><h3>Lorem: A Framework for Ipsum Generation via Dolor Matching</h3>
          <p>Ann Roe, Mara Velden, and Ben Coe</p><p>NeurIPS 2024 Workshop: AB1, CD2</p>
          <p><a href="https://example.org/a">Paper (AB1)</a> / <a href="https://example.org/b">Paper (CD2)</a></p></article>
        <article><h3>Sit Amet: Discovering Consectetur with Deep Learning</h3>
          <p>Ben Coe, Mara Velden, and Ann Roe</p><p>Under Review</p>
          <p><a href="https://example.org/c">Paper</a> / <a href="https://github.com/bcoe/sitamet">Code</a></p></article>
        <article><h3>Adipiscing Elit: Predicting Lorem Properties by Denoising</h3>
          <p>Ann Roe and Mara Velden</p><p>ICML, 2023</p>
          <p><a href="https://example.org/d">Paper</a></p></article>
        """)
    got = [(p.title.split(":")[0], p.status, p.year) for p in record.publications]
    assert got == [("Lorem", "published", "2024"), ("Sit Amet", "under review", None), ("Adipiscing Elit", "published", "2023")]


def test_a_degree_at_its_school_written_with_an_at_sign(tmp_path):
    # a timeline resume: the dates, then "Degree @ School"
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h3>Education</h3>
        <ul class="timeline">
          <li><div class="date">Sep 2020 - May 2026 (Expected)</div>
              <div class="subject">Ph.D in Data Science @ Lorem Brook University</div></li>
          <li><div class="date">Sep 2016 - May 2020</div>
              <div class="subject">Bachelors of Data Science @ Lorem Brook University</div></li>
        </ul>
        <h3>Professional Experience</h3>
        <ul class="timeline">
          <li><div class="date">Jun - Aug 2019</div><div class="subject">Research Intern @ Ipsum Research</div></li>
        </ul>
        """)
    assert [(e.level, e.institution) for e in record.education] == [("doctorate", "Lorem Brook University"),
                                                                    ("bachelor", "Lorem Brook University")]
    assert [(p.title, p.organization) for p in record.positions] == [("Research Intern", "Ipsum Research")]


def test_a_zip_code_after_a_state_named_in_full_is_no_phone(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <p>Department of Lorem<br>1015 Ipsum Ave.<br>Dolor City, Virginia 22904-4123</p>
        <p><b>Office:</b> 210 Lorem Hall<br><b>Phone:</b> (804) 555-0142</p>
        <h2>Education</h2><p>PhD in Physics, Lorem University, 2019</p>
        """)
    assert record.person.phones == ["(804) 555-0142"]


def test_a_title_first_reference_of_the_subjects_own_list_is_parted(tmp_path):
    # a vita's numbered list of the subject's papers: title, (with co-authors), journal, numbers, year
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <b>RESEARCH PUBLICATIONS:</b>
        <ol>
          <li><a href="r/a.pdf">Lorem models via ipsum embeddings</a>, <i>Dolor 2024 Proceedings</i>, 2024.</li>
          <li>Sit groups of half amets (with Ben Coe), <i>Consectetur</i>, <strong>12</strong>(4) 101-119, 2020.</li>
          <li><a href="r/c.pdf">Adipiscing elit and sed reconstruction</a>, <i>Tempor Mathematicae Theory</i>, 17, 210-219, 2019.</li>
          <li>Magna aliqua and incididunt, <i>J. Lab. Anal. and Appl.</i>, <strong>7</strong>, No. 2, March 2005, 44-59.</li>
          <li>A homotopy of lorem ipsum functions, PhD thesis, Lorem State University, 1996.</li>
        </ol>
        """)
    got = [(p.title, p.venue, p.year) for p in record.publications]
    assert got == [("Lorem models via ipsum embeddings", "Dolor 2024 Proceedings", "2024"),
                   ("Sit groups of half amets", "Consectetur", "2020"),
                   ("Adipiscing elit and sed reconstruction", "Tempor Mathematicae Theory", "2019"),
                   ("Magna aliqua and incididunt", "J. Lab. Anal. and Appl.", "2005"),
                   ("A homotopy of lorem ipsum functions", "PhD thesis, Lorem State University", "1996")]


def test_korean_year_stop_month_dates_and_a_template_placeholder_profile(tmp_path):
    # "2019. Mar - 2020. Jun" badges over each lab; the footer's GitHub link left as the template's
    record = _html(tmp_path, """
        <h1>Curriculum Vitae</h1><span class="tag-pill">@ Mina Park</span>
        <div class="section-header">Research Experience</div>
        <div><span class="period-badge">2019. Mar - 2020. Jun</span>
          <div class="lab-name">Lorem Dynamics Lab</div><div class="lab-desc">Undergraduate Intern</div></div>
        <div><span class="period-badge">2016. Jan - 2016. Dec</span>
          <div class="lab-name">Lab of Ipsum Studies</div><div class="lab-desc">Intern</div></div>
        <footer><a href="https://github.com/yourusername">GitHub</a> | <a href="mailto:mpark@lorem.ac.kr">Email</a></footer>
        """)
    assert [(p.start, p.end, p.organization) for p in record.positions] == [
        ("2019-03", "2020-06", "Lorem Dynamics Lab"), ("2016-01", "2016-12", "Lab of Ipsum Studies")]
    assert not any("yourusername" in u for u in record.person.profiles)


def test_a_pointer_to_a_fuller_record_and_a_back_to_top_link_are_no_works(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h4>3. Selected Peer Reviewed Publications</h4>
        <p>[For a full record of works, look up the <a href="https://example.org/ads">ADS</a> page.]</p>
        <ul>
          <li><p>Roe, A. and Coe, B. (2013). Lorem ipsum of the dolor detector. <em>Sit Physics</em>, 50, 26-31.</p></li>
          <li><p>Roe, A. (2012). On the amet of consectetur observatories. <em>Adipiscing Journal</em>, 35, 641-650.</p></li>
        </ul>
        <a href="#" class="back-to-top">Top</a>
        """)
    assert [p.year for p in record.publications] == ["2013", "2012"]
