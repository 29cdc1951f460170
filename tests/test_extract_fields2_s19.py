"""Session 19 (second fields pass): CVs of engineering, the earth and space sciences and
Japanese CVs. Each test is an invented snippet in the shape a real CV of that kind takes; names,
places, societies and awards are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- Japanese section headings ----------------------------------------------------------------
def test_japanese_headings_with_a_record_or_etc_suffix():
    """"教育活動歴" (teaching record), "競争的資金等" (competitive funds, etc.), "所属学会"
    (memberships), "学会および社会における活動等" (activities in societies): each names its section;
    a closing 歴 / 等 / 一覧 keeps the kind of the heading before it."""
    assert classify_heading("教育活動歴") == "teaching"
    assert classify_heading("競争的資金等") == "awards"
    assert classify_heading("所属学会") == "service"
    assert classify_heading("学会および社会における活動等") == "service"
    assert classify_heading("論文査読者") == "service"
    assert classify_heading("研究業績一覧") == "publications"
    assert classify_heading("招待講演") == "talks"


def test_japanese_awards_under_year_bullets_are_read():
    """"* 2022" / "  * 〇〇学会 最優秀発表賞": an award named only in Japanese script is an award
    (the reader asked for a Latin letter in the name and dropped it)."""
    r = extract(_doc("""
        競争的資金等
        ======
        * 2020 - 2023
          * 日本架空振興会 特別研究員 DC1, 3,400,000 JPY

        受賞
        ======
        * 2022
          * 2022年度 架空惑星学会秋季講演会 最優秀発表賞
        * 2019
          * 架空工業大学 優秀学生賞
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("日本架空振興会 特別研究員 DC1", "2020"),
        ("2022年度 架空惑星学会秋季講演会 最優秀発表賞", "2022"),
        ("架空工業大学 優秀学生賞", "2019")]


# --- Markdown tables --------------------------------------------------------------------------
def test_table_with_a_one_dash_separator_and_column_names():
    """"|期間 |所属 |授業科目 |" over "|:-|:-|:-|": kramdown and GFM allow a single dash in a
    separator row; the row of column names (no date in it) is no entry, and each row's date
    column, institution and course are fields of their own."""
    r = extract(_doc("""
        # Teaching

        |Period |Institution |Course |
        |:-|:-|:-|
        | 2006 - 2007 | Lorem University | Data Processing I |
        | 2009 - 2010 | Ipsum College | Programming II |
        """))
    assert [(t.course, t.institution, t.term) for t in r.teaching] == [
        ("Data Processing I", "Lorem University", "2006 - 2007"),
        ("Programming II", "Ipsum College", "2009 - 2010")]


def test_a_dated_first_table_row_is_kept():
    """A table whose first entry is written as its header row (it holds a date) keeps that entry."""
    r = extract(_doc("""
        # Teaching

        | 2004 - 2005 | Dolor University | Statics |
        |---|---|---|
        | 2006 - 2007 | Lorem University | Data Processing I |
        """))
    assert [t.course for t in r.teaching] == ["Statics", "Data Processing I"]


def test_service_table_with_a_japanese_date_column():
    """"|2003年4月 - 現在| 架空知能学会|": the date column dates the membership and is no part of
    its name (an English row "2003 - present" was already read so)."""
    r = extract(_doc("""
        # 学歴

        * 博士課程, 架空工業大学, 2005-2008

        # 所属学会

        |2003年4月 - 現在| 架空知能学会|
        |2006年10月 - 2012年3月| 架空システム学会|
        """))
    assert [(s.role, s.period) for s in r.service] == [
        ("架空知能学会", "2003年4月 - 現在"), ("架空システム学会", "2006年10月 - 2012年3月")]


# --- education details ------------------------------------------------------------------------
def test_two_supervisors_each_with_an_address_in_brackets():
    """"Supervisors: Dr. A (<a@x>) and Dr. B (<b@x>)": both advisors, not only the first (the
    bracketed address ended the list)."""
    r = extract(_doc("""
        Education
        ======
        * **M.Sc. in Structural Engineering**, University of Lorem, Ipsumtown (2015&ndash;2018)
          * Thesis: "Damage detection by blind source separation"
          * Supervisors: Dr. Hale Vorn (<h.vorn@lorem.edu>) and Dr. Pia Sandt (<p.sandt@lorem.edu>)
        """))
    (e,) = r.education
    assert e.advisors == ["Hale Vorn", "Pia Sandt"]
    assert e.thesis == "Damage detection by blind source separation"


def test_award_label_under_the_institution_gives_the_degree():
    """An astronomy CV's "Award: PhD in Astrophysics" under the institution line gives the degree
    (it was kept as an honour "Award: …" and the entry had no degree)."""
    r = extract(_doc("""
        ## Education

        * Oct 2007 - Nov 2010: **University of Lorem**, UK  
          Award: PhD in Astrophysics  
          Thesis Title: *"Optical Detection of Galaxy Groups"*  
          Supervisor: Dr. Ivo Marsh

        * Sep 2003 - Jun 2007: **University of Lorem**, UK  
          Award: MSci in Astrophysics - *First Class*
        """))
    assert [(e.degree, e.level, e.advisors, e.honours) for e in r.education] == [
        ("PhD in Astrophysics", "doctorate", ["Ivo Marsh"], []),
        ("MSci in Astrophysics", "master", [], ["First Class"])]


# --- Markdown block quotes, short names with a country code, "till now" ----------------------
def test_education_written_in_block_quotes():
    """A psychology site's CV: the institution as a sub-heading, then "> Degree | dates", ">" and
    "> Advisor: …" in a block quote. The quote marks are no text: the degree is read, and no
    ">" is kept as an honour."""
    r = extract(_doc("""
        Education
        ======
        ### Lorem University
        > PhD Psychology and Neuroscience | 2018-2023(expected)
        >
        > Advisor: Dr. Hana Weil

        ### Ipsum College
        > MA Psychology | 2014-2016
        >
        > Honors Thesis: Measures of risk preference and impulsivity
        """))
    assert [(e.institution, e.degree, e.level, e.advisors, e.thesis, e.honours) for e in r.education] == [
        ("Lorem University", "PhD Psychology and Neuroscience", "doctorate", ["Hana Weil"], None, []),
        ("Ipsum College", "MA Psychology", "master", [], "Measures of risk preference and impulsivity", [])]


def test_degree_then_short_name_and_country_code():
    """"* Ph.D., 2014 - 2018, NPU, CN. Supervisor: Prof. A & B." (a CV from China): the
    university's short name and a two-letter country code make the institution; the entry was
    dropped (a bulleted degree with no institution)."""
    r = extract(_doc("""
        Education
        ======
        * B.S.,   2009 - 2013, Lorem University of Technology.
        * Ph.D.,   2014 - 2018, LPU, CN. Supervisor: Prof. Ming Roe & Tao Poe.
        * 2016 - 2017, University of Ipsum, UK. Supervisor: Prof. Cal Doe.
        """))
    assert [(e.degree, e.institution, e.location, e.start, e.end, e.advisors) for e in r.education] == [
        ("B.S.", "Lorem University of Technology", None, "2009", "2013", []),
        ("Ph.D.", "LPU", "CN", "2014", "2018", ["Ming Roe", "Tao Poe"]),
        (None, "University of Ipsum", "UK", "2016", "2017", ["Cal Doe"])]


def test_post_doc_in_two_words_and_till_now():
    """"Post doc, 2023-till now, LorU, HK. Advisor: Prof. …": "Post doc" is the title, and "till
    now" (like "to date") runs the post to the present."""
    r = extract(_doc("""
        Education
        ======
        * Ph.D., 2014 - 2018, Lorem University, China.

        Work experience
        ======
        * Post doc, 2018-2022, LorU, HK. Advisor: Prof. Li Roe.
        * Post doc, 2023-till now, IpsU, HK. Advisor: Prof. Ann Poe.
        """))
    assert [(p.title, p.start, p.end, p.current, p.mentors) for p in r.positions] == [
        ("Post doc", "2018", "2022", False, ["Li Roe"]),
        ("Post doc", "2023", None, True, ["Ann Poe"])]


# --- Chinese and Japanese advisors ------------------------------------------------------------
def test_cjk_advisor_labels():
    """"导师:陈某某 教授" in a Chinese education row, "指導教員: 山田花子, 鈴木一郎 (学部4年次-博士課程)"
    under a Japanese degree: the advisors (names in Han script, the title after a name and the
    bracketed note dropped), not an honour."""
    r = extract(_doc("""
        # 张小岚

        ## 教育经历

        * 2010年9月 – 2015年7月　伊普苏姆大学　水利工程　博士　导师：陈立德 教授
        * 2006年9月 – 2010年7月　多洛尔大学　土木工程　学士

        ## 学歴

        * 学士課程, 架空工業大学, 2014-2018
          * 指導教員: 山田花子, 鈴木一郎 (学部4年次-博士課程)
        """))
    assert [(e.institution, e.degree, e.advisors, e.honours) for e in r.education] == [
        ("伊普苏姆大学", "博士", ["陈立德"], []),
        ("多洛尔大学", "学士", [], []),
        ("架空工業大学", "学士課程", ["山田花子", "鈴木一郎"], [])]


# --- physics references -----------------------------------------------------------------------
def test_physics_references_collaborations_and_arxiv_after_the_journal():
    """Particle-physics references: "Journal Vol (Year) Page" gives the journal alone; a
    collaboration opening the author list ("The LOREM Collaboration, A, B et al.") or in brackets
    after it ("A et al. (The IPSUM Collaboration)") is neither the title nor an author; a quoted
    title, a journal and a trailing arXiv id keep the journal as the venue and the id apart."""
    r = extract(_doc("""
        # Ilse Marwood

        ## Publications

        1. The LOREM Collaboration, G. Abara, B. Achten, I. Marwood *et al.*, “Search for heavy neutral leptons in W decays,” Phys. Rev. Lett. **128** (2022) 081802.
        2. M. Okafor *et al.* (The IPSUM Collaboration), “Measurement of the muon lifetime in a cosmic-ray telescope,” Phys. Lett. B **812** (2021) 136018.
        3. I. Marwood, P. Lindqvist and A. Kell, “Trigger strategies for displaced jets at high luminosity,” Eur. Phys. J. C **81** (2021) 455, arXiv:2102.01234 [hep-ex].
        4. I. Marwood and P. Lindqvist, “Neural-network vertex finding,” submitted to JINST (2024), arXiv:2403.05678.
        """))
    assert [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.et_al, p.venue, p.year, p.arxiv)
            for p in r.publications] == [
        ("Search for heavy neutral leptons in W decays", ["G. Abara", "B. Achten", "I. Marwood*"], True,
         "Phys. Rev. Lett", "2022", None),
        ("Measurement of the muon lifetime in a cosmic-ray telescope", ["M. Okafor"], True, "Phys. Lett. B", "2021", None),
        ("Trigger strategies for displaced jets at high luminosity", ["I. Marwood*", "P. Lindqvist", "A. Kell"], False,
         "Eur. Phys. J. C", "2021", "2102.01234"),
        ("Neural-network vertex finding", ["I. Marwood*", "P. Lindqvist"], False, "JINST", "2024", "2403.05678")]
    assert r.publications[3].status == "in submission"


# --- degrees of other systems and an open date ------------------------------------------------
def test_spanish_professional_degrees_and_an_open_end():
    """A Chilean ecology CV: "Ingeniero en Biotecnología, Universidad de X, 2020." is a degree
    (the professional engineering title); "Doctor en Ciencias …, 2021 -" is a doctorate under way
    (a dash and nothing after the start); "Maestro en …" is a master's degree."""
    r = extract(_doc("""
        Educación
        ======
        * Ingeniero en Biotecnología Molecular, Universidad de Lorem, 2020.
        * Maestro en Ciencias de Materiales, Universidad de Ipsum, 2016.
        * Doctor en Ciencias mención Ecología, Universidad de Lorem, 2021 -
        """))
    assert [(e.degree, e.level, e.institution, e.start, e.end, e.current) for e in r.education] == [
        ("Ingeniero en Biotecnología Molecular", "bachelor", "Universidad de Lorem", None, "2020", False),
        ("Maestro en Ciencias de Materiales", "master", "Universidad de Ipsum", None, "2016", False),
        ("Doctor en Ciencias mención Ecología", "doctorate", "Universidad de Lorem", "2021", None, True)]


def test_mph_written_with_stops():
    """A public-health CV: "M.P.H in Environmental Health Science, Lorem University, 2013" is a
    master's degree (only "MPH" was read, and the whole line became the institution)."""
    r = extract(_doc("""
        Education
        ======
        * Ph.D in Environmental Health, Lorem University, 2022 (expected)
        * M.P.H in Occupational Health and Safety Studies, Lorem University, 2013
        * M.P.H. in Epidemiology, Ipsum University, 2010
        """))
    assert [(e.degree, e.level, e.institution) for e in r.education] == [
        ("Ph.D in Environmental Health", "doctorate", "Lorem University"),
        ("M.P.H in Occupational Health and Safety Studies", "master", "Lorem University"),
        ("M.P.H. in Epidemiology", "master", "Ipsum University")]


def test_uk_postgraduate_diploma_is_a_degree():
    """An architect's "PGDip in Professional Practice … (ARB/RIBA Part 3) -- 2014" under the
    school's heading names the degree (it was read as no degree)."""
    r = extract(_doc("""
        ## Education

        ### Lorem School of Architecture

        PGDip in Professional Practice & Management in Architecture (Part 3) -- 2014

        ### University of Ipsum

        M.Arch in Architecture (Part 2) -- 2010
        """))
    assert [(e.institution, e.degree, e.end) for e in r.education] == [
        ("Lorem School of Architecture", "PGDip in Professional Practice & Management in Architecture", "2014"),
        ("University of Ipsum", "M.Arch in Architecture", "2010")]


# --- an engineering CV's grants and service ---------------------------------------------------
def test_sponsored_projects_are_grants_and_a_service_date_is_no_venue():
    """An engineering CV: "Sponsored Projects" lists grants ("PI, “Title,” Agency, $412,000"; the
    role before the name is no part of it); "Member, Lorem Committee on Bridge Loads, 2017 –
    present" is one role with its period, not two venues."""
    r = extract(_doc("""
        # Tomasz Veld

        ## Education

        * Ph.D., Civil Engineering, University of Dolor, 2012

        ## Sponsored Projects

        * 2021 – 2024: PI, “Digital twins for load rating of steel bridges,” Lorem Department of Transportation, $412,000
        * 2018 – 2020: Co-PI, “Sensor networks for bearing condition,” Ipsum Science Agency, $299,800

        ## Professional Service

        * Member, Lorem Committee on Bridge Loads, 2017 – present
        """))
    assert [(a.name.startswith("“Digital twins"), a.name.startswith("“Sensor networks"), a.year) for a in r.awards] == [
        (True, False, "2021"), (False, True, "2018")]
    assert not any(a.name.lower().startswith(("pi,", "co-pi")) for a in r.awards)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Member", "Lorem Committee on Bridge Loads", "2017 – present")]


def test_japanese_date_with_a_day():
    """"2008年3月23日" (year, month, day) is a date of that month: the day no longer stops the
    month from being read, so no "年3月23日" is left in an entry's fields."""
    from mappers.extract.fields import find_period
    assert find_period("2008年3月23日") == (("2008-03", None, False), (0, 10))
    r = extract(_doc("""
        # 職歴

        | 2008年4月1日 - 2011年3月31日 | 架空大学 理工学部 助教 |
        """))
    (p,) = r.positions
    assert (p.start, p.end, p.organization) == ("2008-04", "2011-03", "架空大学")


def test_uk_integrated_masters_foundation_degree_and_ib():
    """The UK's integrated master's degrees (MPhys, MChem, …) are master's degrees; a Foundation
    Degree and the International Baccalaureate are degrees of level "other" (all four were read
    as institutions with no degree); "J. Math. Phys." stays a journal."""
    r = extract(_doc("""
        # Nora Vale

        ## Education

        - MPhys in Physics, University of Northmoor, 2016
        - MChem, Lorem University, 2014
        - Foundation Degree in Engineering, Ipsum College, 2010
        - International Baccalaureate Diploma, Lorem International School, 2008

        ## Publications

        - A. Roe and N. Vale, Spin chains at finite size, J. Math. Phys. 58 (2017) 101.
        """))
    assert [(e.degree, e.level, e.institution, e.end) for e in r.education] == [
        ("MPhys in Physics", "master", "University of Northmoor", "2016"),
        ("MChem", "master", "Lorem University", "2014"),
        ("Foundation Degree in Engineering", "other", "Ipsum College", "2010"),
        ("International Baccalaureate Diploma", "other", "Lorem International School", "2008")]
    assert [(p.title, p.venue) for p in r.publications] == [("Spin chains at finite size", "J. Math. Phys")]
