"""Rules found in session 27's HTML pass: a fresh batch of CV pages kept in repositories
(hand-written vitas, static-site CV pages, résumé templates with headed entries), whose error
causes were counted over the batch. Each test is an invented CV in the shape that showed the
problem; names, places and organizations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import read_document


def _html(tmp_path, body: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text("<html><head><title>CV</title></head><body>\n" + textwrap.dedent(body) + "\n</body></html>\n",
                    encoding="utf-8")
    return extract(read_document(str(path)))


def test_an_entry_heading_naming_a_board_is_a_post_not_a_service_section(tmp_path):
    # a résumé template: each post a small heading (its title), then its dates and employer
    record = _html(tmp_path, """
        <h2>Mara Lind</h2>
        <h2>Work Experience</h2>
        <div><h5><b>Data Intern</b></h5><h6>2023</h6><p>Lorem Labs, Oslo</p></div>
        <div><h5><b>Board - Secretary</b></h5><h6>2019 - 2020</h6><p>Ipsum Student Society, Bergen</p></div>
        <div><h5><b>Sandwich Maker</b></h5><h6>2017 - 2019</h6><p>Dolor Cafe, Bergen</p></div>
        <h2>Skills</h2>
        <p>Python, R</p>
        """)
    assert [(p.title, p.organization, p.location) for p in record.positions] == [
        ("Data Intern", "Lorem Labs", "Oslo"),
        ("Board - Secretary", "Ipsum Student Society", "Bergen"),
        ("Sandwich Maker", "Dolor Cafe", "Bergen")]
    assert record.service == []


def test_an_employer_heading_over_its_dates_and_role_keeps_the_role_as_title(tmp_path):
    # guard: the other way round (the employer in the heading, the role on the line under the dates)
    record = _html(tmp_path, """
        <h2>Mara Lind</h2>
        <h2>Work Experience</h2>
        <div><h5><b>Lorem University</b></h5><h6>2019 - 2021</h6><p>Research Assistant</p></div>
        <div><h5><b>Ipsum Hospital</b></h5><h6>2016 - 2019</h6><p>Lab Technician</p></div>
        """)
    assert [(p.title, p.organization) for p in record.positions] == [
        ("Research Assistant", "Lorem University"), ("Lab Technician", "Ipsum Hospital")]


def test_a_sub_heading_of_heading_words_under_posts_still_opens_its_section(tmp_path):
    # guard: "Teaching" in a heading's type under the posts is a section of its own
    record = _html(tmp_path, """
        <h2>Mara Lind</h2>
        <h2>Work Experience</h2>
        <div><h5><b>Data Intern</b></h5><h6>2023</h6><p>Lorem Labs, Oslo</p></div>
        <div><h5><b>Sandwich Maker</b></h5><h6>2017 - 2019</h6><p>Dolor Cafe, Bergen</p></div>
        <h5>Invited Talks</h5>
        <p>Lorem ipsum and the dolor problem, Sit Conference, Oslo, 2021</p>
        """)
    assert [p.title for p in record.positions] == ["Data Intern", "Sandwich Maker"]
    assert len(record.talks) == 1


def test_a_bold_label_heading_with_link_buttons_after_it_opens_the_publications(tmp_path):
    # an old hand-written vita: bold "Label:" lines between <br>s, the publications label followed on
    # its line by bracketed links to other lists
    record = _html(tmp_path, """
        <h1>CV</h1>
        <br><b>Education:</b>
        <br>PhD Geology, Lorem University, 2012
        <br><b><a href="pubs.htm">Publications:</a></b>
        [ <a href="https://example.org/list">preprint list</a> ] [ <a href="https://example.org/cites">citation index</a> ]
        <ol>
          <li>Roe, A., Poe, B., and Doe, C. 2014, Lorem Journal, 12, 345
          <br>A survey of ipsum clouds in the dolor arm</li>
          <li>Roe, A., and Poe, B. 2011, Ipsum Letters, 7, 89
          <br>Sit amet outflows in a young cluster</li>
        </ol>
        <br><b>Refereeing:</b>
        <br>Lorem Journal: 2013 -
        <br>Ipsum Letters: 2014 -
        <br><b>Programming:</b>
        <br>Fluent in: Python, Fortran
        """)
    first, second = record.publications
    assert first.title == "A survey of ipsum clouds in the dolor arm"
    assert [a.name for a in first.authors] == ["A. Roe", "B. Poe", "C. Doe"]
    assert (first.year, first.venue) == ("2014", "Lorem Journal")
    assert second.title == "Sit amet outflows in a young cluster" and second.year == "2011"
    assert all(not e.honours for e in record.education)
    assert "2013" not in record.skills and "Lorem Journal" not in " ".join(record.skills)


def test_a_bracketed_link_label_under_a_reference_is_no_reference(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Publications</h2>
        <ol>
          <li>Roe, A., Poe, B., and Doe, C. 2014, Lorem Journal, 12, 345
          <br>A survey of ipsum clouds in the dolor arm
          <br>[ <a href="paper.pdf">full version</a> ]</li>
          <li>Roe, A., and Poe, B. 2011, Ipsum Letters, 7, 89
          <br>Sit amet outflows in a young cluster</li>
        </ol>
        """)
    assert [p.title for p in record.publications] == [
        "A survey of ipsum clouds in the dolor arm", "Sit amet outflows in a young cluster"]


def test_a_dot_set_as_a_small_heading_between_entries_is_a_spacer(tmp_path):
    # a hand-written page that spaces its entries with "<h5> . </h5>"
    record = _html(tmp_path, """
        <h1>Dr. Ann Roe</h1>
        <h3>Education</h3>
        <p><strong>Ph.D. in Geology</strong> (2015)</p>
        <p>University of Lorem, Canada</p>
        <h5> . </h5>
        <p><strong>M.A. in Geology</strong> (2011)</p>
        <p>University of Lorem, Canada</p>
        <h3>Research Experience</h3>
        <p>Research Fellow at the Ipsum Center, 2021-present</p>
        <h5> . </h5>
        <p>Postdoctoral researcher at the Ipsum Center, 2016-2021</p>
        """)
    assert [e.honours for e in record.education] == [[], []]
    assert all(p.organization != "." for p in record.positions)
    assert len(record.positions) == 2


def test_the_tasks_listed_under_a_course_are_no_course_of_their_own(tmp_path):
    # a word-processor export: each course a dated paragraph, what was done in it the next paragraph
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <p><font size="5">Teaching Experience</font></p>
        <p><font size="2">2020</font> Linear Algebra</p>
        <p>Assignment grading, discussions</p>
        <p><font size="2">2022</font> Numerical Methods</p>
        <p>Tutorials, software support and exam preparation</p>
        """)
    assert [t.course for t in record.teaching] == ["Linear Algebra", "Numerical Methods"]


def test_two_line_breaks_part_the_entries_of_a_hand_written_list(tmp_path):
    # "<br><br>" between the entries of a page written without paragraphs: the entries are set apart
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Field Experience</h2>
        <b>Lorem Bird Survey</b>, Field Assistant (April 2017 - August 2017)<br>
        Ipsum Ornithology Society<br>
        <br>
        <b>Dolor Wetland Project</b>, Banding Assistant (June 2015 - July 2015)<br>
        Institute for Sit Populations<br>
        <br>
        <b>Amet Plover Count</b>, Monitor (May 2014 - June 2014)<br>
        Consectetur River Alliance<br>
        """)
    assert len(record.positions) == 3
    assert [p.unit for p in record.positions] == [
        "Ipsum Ornithology Society", "Institute for Sit Populations", "Consectetur River Alliance"]


def test_a_degree_line_opening_with_candidate_for_is_that_degree(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Degrees</h2>
        Candidate for Ph.D. in Marine Botany, October 2021 <br>
        Lorem Polytechnic, Springfield <br>
        <br>
        Ph.D. in Sociology, March 2013 – 2019 <br>
        Ipsum College, Shelbyville <br>
        """)
    assert [(e.degree, e.institution) for e in record.education] == [
        ("Ph.D. in Marine Botany", "Lorem Polytechnic"), ("Ph.D. in Sociology", "Ipsum College")]


def test_a_long_post_header_opening_on_its_employer_is_a_post_not_a_description(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Work Experience</h2>
        <b>Lorem Bird Observatory</b>, Watch Naturalist (June 2017)<br>
        Showed visitors the pair of falcons nesting downtown and told them about their habits.<br><br>
        <b>Ipsum Academy of Arts</b>, Records Officer, Gala Planner, and Outreach Specialist (April 2014 - October 2016)<br>
        Ran the yearly gala and kept the records of the members and their dues.<br><br>
        """)
    assert [(p.organization, p.start) for p in record.positions] == [
        ("Lorem Bird Observatory", "2017-06"), ("Ipsum Academy of Arts", "2014-04")]


def test_the_line_under_a_headed_school_and_its_dates_is_no_school_of_its_own(tmp_path):
    # a résumé template's schools, each a small heading, its years a smaller one, a note under them
    record = _html(tmp_path, """
        <h2>Mara Lind</h2>
        <h2>Education</h2>
        <div><h5><b>MSc Geology - Lorem University</b></h5><h6>2021 - 2023</h6><p>Thesis: Ipsum sediments.</p></div>
        <div><h5><b>High School - Dolor Gymnasium - Oslo</b></h5><h6>2014 - 2017</h6><p>Lorem Science Academy</p></div>
        """)
    assert [e.institution for e in record.education] == ["Lorem University", "High School - Dolor Gymnasium - Oslo"]


def test_a_fields_heading_lists_the_subjects_fields_not_honours_of_a_degree(tmp_path):
    record = _html(tmp_path, """
        <div align="center">
        <p><font size="+5">Ann Roe</font></p>
        <p><font size="5"><strong><em>Degrees</em></strong></font></p>
        <p>&#8226; B.A., Ipsum College, 1976<br>&#8226; Ph.D., Lorem State University, 1981</p>
        <p><font size="5"><strong><em>Fields</em></strong></font></p>
        <p>&#8226; Labour economics<br>&#8226; Public finance</p>
        </div>
        """)
    assert all(not e.honours for e in record.education)
    assert "Labour economics" in record.person.interests


def test_terms_and_a_role_over_course_lines_give_them_to_each_course(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Teaching Experience</h2>
        <p><strong>Fall 2015, 2016, 2017 : Teaching Assistant<br></strong>LOR210: Lorem Methods (Ipsum University, CA)</p>
        <p><strong>Spring 2012 &ndash; Spring 2013 : Course Instructor (LOR99 Coordinator)<br></strong>LOR99: Teaching Lorem (Ipsum University, CA)</p>
        <p><strong>Winter 2010 &ndash; 2012 : Section Leader<br></strong>LOR106A : Lorem Basics (Ipsum University, CA)<br>
        LOR106B : Lorem Abstractions (Ipsum University, CA)</p>
        """)
    assert [(t.course, t.role, t.term) for t in record.teaching] == [
        ("LOR210: Lorem Methods", "Teaching Assistant", "Fall 2015, 2016, 2017"),
        ("LOR99: Teaching Lorem", "Course Instructor (LOR99 Coordinator)", "Spring 2012 – Spring 2013"),
        ("LOR106A : Lorem Basics", "Section Leader", "Winter 2010 – 2012"),
        ("LOR106B : Lorem Abstractions", "Section Leader", "Winter 2010 – 2012")]


def test_an_award_held_from_a_year_to_present_keeps_its_name_whole(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Scholarships</h2>
        <p>2019-Present Lorem Institute Research fellowship</p>
        <p>2016 - Present Ipsum Merit Scholarship</p>
        """)
    assert [(a.name, a.year) for a in record.awards] == [
        ("Lorem Institute Research fellowship", "2019"), ("Ipsum Merit Scholarship", "2016")]


def test_a_count_of_the_papers_over_the_list_is_no_paper(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Publications</h2>
        <p>First author: total 2 papers (March 3, 2020)</p>
        <ol>
          <li>Roe, A., Poe, B., and Doe, C. 2014, Lorem Journal, 12, 345
          <br>A survey of ipsum clouds in the dolor arm</li>
          <li>Roe, A., and Poe, B. 2011, Ipsum Letters, 7, 89
          <br>Sit amet outflows in a young cluster</li>
        </ol>
        """)
    assert len(record.publications) == 2


def test_a_bracketed_group_leader_under_a_post_is_its_mentor_not_an_employer(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h3>Research Experience</h3>
        <p>Research Fellow at the Ipsum Center, 2021-present</p>
        <p>Postdoctoral researcher at the Ipsum Center, 2016-2021</p>
        <p><span>(Group Leader: Dr. Ben Poe)</span></p>
        """)
    assert [p.organization for p in record.positions] == ["Ipsum Center", "Ipsum Center"]
    assert record.positions[1].mentors == ["Ben Poe"]


def test_a_name_and_advisor_after_the_school_is_the_advisor_not_the_place(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Education</h2>
        <b>Ph.D. Student in Marine Botany</b><br>
        Lorem State University, Ben Poe, Advisor<br>
        <br>
        <b>B.S. in Geology</b><br>
        Ipsum College, 2012<br>
        """)
    phd = record.education[0]
    assert phd.institution == "Lorem State University"
    assert phd.advisors == ["Ben Poe"] and phd.location is None


def test_a_role_at_a_school_over_course_lines_is_their_role_and_institution(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h3>Courses Taught</h3>
        <p>Instructor at the Lorem Institute of Technology</p>
        <p><span>Mental Arithmetic</span></p>
        <p>Teaching Fellow at Ipsum State College</p>
        <p><span>Elementary Botany</span></p>
        """)
    assert [(t.course, t.role, t.institution) for t in record.teaching] == [
        ("Mental Arithmetic", "Instructor", "Lorem Institute of Technology"),
        ("Elementary Botany", "Teaching Fellow", "Ipsum State College")]


def test_the_degree_word_again_with_notes_under_a_degree_describes_it(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Degrees</h2>
        Master’s Degree in Botany, October 2010 – June 2011 <br>
        Lorem State University, Springfield <br>
        Master, Research Track, GPA 3.9 <br>
        <br>
        Bachelor’s Degree in Geology, October 2006 – June 2010 <br>
        Ipsum College, Shelbyville <br>
        """)
    assert [(e.degree, e.institution) for e in record.education] == [
        ("Master’s Degree in Botany", "Lorem State University"), ("Bachelor’s Degree in Geology", "Ipsum College")]
    assert record.education[0].honours == ["Research Track, GPA 3.9"]


def test_a_secondary_school_diploma_is_a_school_leaving_degree_not_a_school(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Degrees</h2>
        Secondary School Diploma, October 2003 – June 2006 <br>
        Lorem Collegiate Institute, Springfield <br>
        """)
    (edu,) = record.education
    assert (edu.degree, edu.institution, edu.level) == ("Secondary School Diploma", "Lorem Collegiate Institute", "other")


def test_a_scope_label_over_awards_is_no_award(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <p><font size="5">Academic achievements</font></p>
        <p>Institute Awards</p>
        <p><font size="2">2017</font> Lorem Institute medal for an outstanding thesis</p>
        <p>National Competitions</p>
        <p><font size="2">2016</font> Rank 12 in the Ipsum entrance examination</p>
        """)
    assert [a.year for a in record.awards] == ["2017", "2016"]


def test_co_authors_of_three_names_after_with_are_authors_not_a_venue(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Work in Progress</h2>
        <p>&ldquo;Domain-invariant lorem limiter for ipsum schemes.&rdquo; with Ben Kumar Poe, and Carl Doe</p>
        <p>&ldquo;Dolor schemes for viscous flows&rdquo; with Carl Doe</p>
        """)
    first, second = record.publications
    assert [a.name for a in first.authors] == ["Ann Roe", "Ben Kumar Poe", "Carl Doe"] and not first.venue
    assert [a.name for a in second.authors] == ["Ann Roe", "Carl Doe"]


def test_each_dated_item_of_a_title_first_list_is_a_reference_of_its_own(tmp_path):
    # a mathematician's list: the linked title, co-authors after "with" (or none), the journal in
    # italics, volume, number, date and pages
    record = _html(tmp_path, """
        <h1>Vita - Ann Roe</h1>
        <h2>Journal Articles</h2>
        <ul>
        <li><a href="a.pdf">Bounds on the growth of lorem sequences</a>, with <a href="b">D. Poe</a>, <i>J. Lorem Anal.</i>, No. 30, 2008, 37-52.<p></p>
        <li><a href="c.pdf">Frames and Integer Lorem Maps</a>, <i>J. Ipsum Appl.</i>, <strong>7</strong>, No. 2, March 2004, 11-				28.<p></p>
        <li><a href="d.pdf">Several Identities for Dolor Splines</a>, <i>Dolor Th. Appl.</i>, <strong>9</strong>, No. 3,				2001, 5-19.<p></p>
        </ul>
        """)
    assert [(p.title, p.year) for p in record.publications] == [
        ("Bounds on the growth of lorem sequences", "2008"), ("Frames and Integer Lorem Maps", "2004"),
        ("Several Identities for Dolor Splines", "2001")]


def test_labels_of_schools_and_collaborations_end_the_talks_and_awards_above_them(tmp_path):
    record = _html(tmp_path, """
        <h1>CV</h1>
        <br><b>Talks:</b>
        <br> Lorem conference, September, 2019
        <br> Ipsum lunch talk, July 26, 2019
        <br><b>Summer Schools:</b>
        <br> Dolor single-dish school, Granada, Spain, September 2011
        <br><b>Awards / Honors:</b>
        <br> 2012 Lorem Graduate Fellowship
        <br><b>Large Collaborations:</b>
        <br> 2010-2012 LOREM: a survey of the ipsum sky
        """)
    assert len(record.talks) == 2
    assert [a.name for a in record.awards] == ["Lorem Graduate Fellowship"]


def test_a_field_listed_to_its_and_after_a_comma_stays_in_the_degree(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Degrees</h2>
        <b>B.S. in Marine Studies, Law and Economics</b>, <i>magna cum laude</i><br>
        Lorem State University, 2011<br>
        """)
    (edu,) = record.education
    assert edu.degree == "B.S. in Marine Studies, Law and Economics"
    assert edu.honours == ["magna cum laude"]


def test_the_level_under_a_school_is_no_school_of_its_own(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Degrees</h2>
        <p>2009 &ndash; 2013: Lorem University &ndash; Springfield, MA<br><em>BS in Botany</em></p>
        <p>2006 &ndash; 2007: Ipsum Academy &ndash; Shelbyville, OH<br><em>Secondary school; finished with honours</em></p>
        """)
    assert [e.institution for e in record.education] == ["Lorem University", "Ipsum Academy"]
    assert record.education[1].honours == ["finished with honours"]


def test_an_organization_then_its_post_in_a_volunteer_list(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h2>Outreach and Volunteer Experience</h2>
        <b>Lorem Botanical Garden</b>, Tour Guide Volunteer (April 2018 - May 2018)<br><br>
        <b>Lorem Botanical Garden</b>, Outreach Consultant (March 2015 - April 2018)<br><br>
        <b>Ipsum Valley Water Board</b>, Newsletter Designer (June 2014 - July 2014)<br><br>
        """)
    assert [(s.organization, s.role) for s in record.service] == [
        ("Lorem Botanical Garden", "Tour Guide Volunteer"), ("Lorem Botanical Garden", "Outreach Consultant"),
        ("Ipsum Valley Water Board", "Newsletter Designer")]


def test_an_apa_author_list_with_one_comma_missing_runs_to_its_year(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <h3><strong>Selected Publications</strong></h3>
        <p><b>Roe</b>, A.B., Poe C., Doe, E., Loe, J. & Moe, B. (2017). Weighing the lorem of ipsum sounds. <i>Journal of Dolor</i>, <i>43</i>(9), 1594-1611.</p>
        """)
    (pub,) = record.publications
    assert pub.title == "Weighing the lorem of ipsum sounds"
    assert [a.name for a in pub.authors] == ["A.B. Roe", "C. Poe", "E. Doe", "J. Loe", "B. Moe"]


def test_the_head_of_a_unit_then_its_organization(tmp_path):
    record = _html(tmp_path, """
        <h1>Ann Roe</h1>
        <p><strong><em>Professional Experience</em></strong></p>
        <p>&#8226; Chief Economist and Head of Lorem Sovereign Research, IPSUM BANK, 2001-2006<br>
        &#8226; Senior Economist, Dolor Bank of Springfield, 1990-2001</p>
        """)
    assert [(p.title, p.organization) for p in record.positions] == [
        ("Chief Economist and Head of Lorem Sovereign Research", "IPSUM BANK"), ("Senior Economist", "Dolor Bank of Springfield")]
