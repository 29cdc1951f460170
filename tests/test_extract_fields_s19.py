"""Session 19: CVs outside computer science (history, sociology, education, medicine,
chemistry, mathematics, the arts). Each test is an invented snippet in the shape a real CV of
that discipline takes; names, places, books and journals are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def pubs(r):
    return [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue, p.year, p.status)
            for p in r.publications]


# --- publications: the shapes of the humanities and mathematics -----------------------------
def test_co_author_note_after_a_title_is_no_venue():
    """Mathematics pages: "[Title](arXiv), (with Y. Roe). Submitted." and "Title, with Y. Roe.
    Submitted." — the note names co-authors; with no subject named it is dropped, never the venue."""
    r = extract(_doc("""
        ### Preprints

        2. [Lattice walks in irrational cones](https://arxiv.org/abs/1901.00001), with Q. Ferrand. Submitted.

        1. [Heights of toric cycles](https://arxiv.org/abs/1801.00002), (with L. Oyelaran and B. Tamm). Submitted.

        ### Papers

        1. [Sums of prime gaps in short intervals](https://arxiv.org/abs/1701.00003), (with S. Ndiaye). To appear in Acta Arith.
        """))
    assert [(p.title, p.venue, p.status, [a.name for a in p.authors]) for p in r.publications] == [
        ("Lattice walks in irrational cones", None, "in submission", []),
        ("Heights of toric cycles", None, "in submission", []),
        ("Sums of prime gaps in short intervals", "Acta Arith", "published", [])]


def test_co_author_note_gives_authors_when_the_subject_is_named():
    r = extract(_doc("""
        # Henrike Dalgaard

        ## Preprints
        - Boundaries of special cube complexes, with R. Aiyar and T. Yilmaz. Submitted.
        """))
    assert pubs(r) == [("Boundaries of special cube complexes", ["Henrike Dalgaard*", "R. Aiyar", "T. Yilmaz"], None,
                        None, "in submission")]


def test_a_chicago_chapter_names_its_book_not_its_editors_pages_and_publisher():
    r = extract(_doc("""
        # Mireille Castellan

        ## Book Chapters
        - “Almsgiving and the Urban Poor.” In *A Companion to Early Modern Charity*, edited by Ruth Okonjo and Lars Ebbe, 112–139. Cambridge: Fenwick University Press, 2021.
        - “Gilded Ledgers,” in _The Merchant Highway: A Guide to Archives_. Dana Trimble and Scott Merrow, eds. Armonk, New York: Ashgrove, 2006.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Almsgiving and the Urban Poor", "A Companion to Early Modern Charity", "2021"),
        ("Gilded Ledgers", "The Merchant Highway: A Guide to Archives", "2006")]


def test_an_apa_chapter_names_its_book():
    r = extract(_doc("""
        # Lucía Ferrandiz

        ## Book Chapters
        Whitcombe, D., & Ferrandiz, L. (2022). Belonging in higher education. In M. Tanabe & R. Oduya (Eds.), *Handbook of motivation in schools* (pp. 210–231). Northfield Press.
        """))
    assert pubs(r) == [("Belonging in higher education", ["D. Whitcombe", "L. Ferrandiz*"],
                        "Handbook of motivation in schools", "2022", "published")]


def test_books_with_a_place_and_any_publisher_and_edited_volumes():
    """Chicago books: "Title. Place: Publisher, Year." — the publisher need not say "Press" when
    its place is given; "forthcoming 2026"; an edited volume opening "With A. Roe, eds."."""
    r = extract(_doc("""
        # Mireille Castellan

        ## Books
        - *The Silk Road to Lyon: Trade, Faith and Family, 1500–1650*. Oxford: Harlow Academic Press, forthcoming 2026.
        - With Tomas Brennagh, eds. *Poverty and Piety in Renaissance Europe*. Leiden: Vennstra, 2020.
        - *Merchants of Grace*. Armonk, New York: Ashgrove, 2017.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("The Silk Road to Lyon: Trade, Faith and Family, 1500–1650", "Harlow Academic Press", "2026"),
        ("Poverty and Piety in Renaissance Europe", "Vennstra", "2020"),
        ("Merchants of Grace", "Ashgrove", "2017")]


def test_a_journal_title_with_a_colon_is_no_place_and_publisher():
    """"Title. Journal of Lorem: Subtitle, 2019." is no book: the words before the colon are no place."""
    r = extract(_doc("""
        # Mireille Castellan

        ## Articles
        - Castellan, M. Widows and wool in Lyon. Journal of Early Modern Lorem: Economy and Society, 2019.
        """))
    assert [(p.title, p.venue) for p in r.publications] == [
        ("Widows and wool in Lyon", "Journal of Early Modern Lorem: Economy and Society")]


# --- sections and entries of other disciplines ---------------------------------------------
def test_pandoc_definition_lists_give_dated_entries_and_talks():
    """Pandoc Markdown CVs set each entry as a definition list: "2015" / ": entry". The ": " is
    a marker, not text (talks read ": “Title.” …" as their title)."""
    r = extract(_doc("""
        # Arne Gullberg

        ## Education

        2001
        : MA, Sociology, University of Lorem, Ipsum

        ## Invited Talks

        2015
        : “Essential Measures: Race and Difference.” Paper presented at the Demography Seminar, University of Lorem, December 8.
        """))
    assert [(e.degree, e.level, e.field, e.institution, e.end) for e in r.education] == [
        ("MA", "master", "Sociology", "University of Lorem", "2001")]
    assert [(t.title, t.date) for t in r.talks] == [("Essential Measures: Race and Difference", "2015-12")]


def test_a_medical_cv_degrees_training_certification_and_clinical_posts():
    """A physician's CV from a PDF with a date column: "MD, School", residency and fellowship
    under "Postdoctoral Training" (education: kind, specialty, hospital), "Board Certification"
    (a credential, not a board served on), an attending physician's post."""
    r = extract(_doc("""
        Rana Okoro-Lind, MD, MPH

        Education
        2004 – 2008\tMD, Northgate University School of Medicine, Northgate, OH
        2011 – 2012\tMPH, Epidemiology, Harbourview University School of Public Health

        Postdoctoral Training
        2008 – 2011\tResidency, Internal Medicine, Portbury General Hospital, Portbury, MD
        2011 – 2014\tFellowship, Infectious Diseases, Harbourview University Hospital

        Board Certification
        2011\tAmerican Board of Internal Medicine, Internal Medicine

        Hospital Appointments
        2014 – present\tAttending Physician, Infectious Diseases Consult Service, Harbourview University Hospital
        """, name="cv.pdf", fmt="pdf"))
    assert [(e.degree, e.level, e.field, e.institution, e.location, e.start, e.end) for e in r.education] == [
        ("MD", "doctorate", None, "Northgate University School of Medicine", "Northgate, OH", "2004", "2008"),
        ("MPH", "master", "Epidemiology", "Harbourview University School of Public Health", None, "2011", "2012"),
        ("Residency", "other", "Internal Medicine", "Portbury General Hospital", "Portbury, MD", "2008", "2011"),
        ("Fellowship", "other", "Infectious Diseases", "Harbourview University Hospital", None, "2011", "2014")]
    assert r.service == []
    assert [(p.title, p.organization, p.unit, p.current) for p in r.positions] == [
        ("Attending Physician", "Harbourview University Hospital", "Infectious Diseases Consult Service", True)]


def test_technical_reports_and_edited_volumes_are_publication_lists():
    """"## Technical Reports" was read as skills ("technical"); its references became skills."""
    r = extract(_doc("""
        # Rafael Morrow

        ## Publications
        ### Technical Reports
        Spillman, J. S. & **Morrow, R.** (2020). Distributed leadership in schools. Lorem Research Series.

        ### Edited Volumes
        - *Poverty and Piety in Renaissance Europe*. Leiden: Vennstra, 2020.

        ## Skills
        - R, Stata
        """))
    assert r.skills == ["R", "Stata"]
    assert [(p.title, p.year) for p in r.publications] == [
        ("Distributed leadership in schools", "2020"), ("Poverty and Piety in Renaissance Europe", "2020")]


def test_headings_behind_an_arrow_or_triangle_glyph_and_exhibitions():
    """An artist's page: "▶ Solo Exhibitions", "▶ Education" (a glyph before each heading);
    exhibitions are read as talks (a title, a venue, a date)."""
    r = extract(_doc("""
        <p>Mara Velloso</p>
        <p>&#x25B6; Solo Exhibitions</p>
        <p><em>Quiet Engines</em>, Lorem Arts Center, Montpelier, VT, 2019</p>
        <p>&#x25B6; Education</p>
        <p>MFA, Studio Art, Ipsum College of Art, 2012</p>
        """, name="cv.html", fmt="html"))
    assert [(t.title, t.date) for t in r.talks] == [("Quiet Engines", "2019")]
    assert [(e.degree, e.field, e.institution, e.end) for e in r.education] == [
        ("MFA", "Studio Art", "Ipsum College of Art", "2012")]


# --- APA lists printed to PDF (hanging indents lost) ------------------------------------------
def test_apa_references_wrapped_by_a_pdf_page_one_author_or_many():
    """A PDF keeps no hanging indent: each APA reference opens with its authors ("Roe, A.
    (2019).", one author too), a line that does not continues the one above. A list of one
    reference (a lone chapter) is joined where its lines stop mid-reference."""
    r = extract(_doc("""
        Lucía Ferrandiz

        PEER-REVIEWED ARTICLES

        Ferrandiz, L., & Whitcombe, D. (2023). Belonging interventions at scale: A
        preregistered field experiment. Journal of Personality and Lorem,
        124(2), 301–325.
        Ferrandiz, L. (2019). Cues of fit in recruitment materials. Social
        Psychological and Personality Lorem, 10(6), 788–797.
        Ferrandiz, L., & Keane, O. (under review). Identity-safe classrooms and STEM
        persistence.

        BOOK CHAPTERS

        Whitcombe, D., & Ferrandiz, L. (2022). Belonging in higher education. In M. Tanabe
        & R. Oduya (Eds.), Handbook of motivation in schools (pp. 210–231). Northfield
        Press.
        """, name="cv.pdf", fmt="pdf"))
    assert pubs(r) == [
        ("Belonging interventions at scale: A preregistered field experiment", ["L. Ferrandiz*", "D. Whitcombe"],
         "Journal of Personality and Lorem", "2023", "published"),
        ("Cues of fit in recruitment materials", ["L. Ferrandiz*"], "Social Psychological and Personality Lorem",
         "2019", "published"),
        ("Identity-safe classrooms and STEM persistence", ["L. Ferrandiz*", "O. Keane"], None, None, "under review"),
        ("Belonging in higher education", ["D. Whitcombe", "L. Ferrandiz*"], "Handbook of motivation in schools",
         "2022", "published")]


def test_apa_conference_presentations_from_a_pdf():
    """APA talks: "Roe, A. (2024, February). Title [Paper presentation]. Meeting, Place." wrapped
    by the page; the bracketed kind is no part of the title, the date is in the brackets."""
    r = extract(_doc("""
        Lucía Ferrandiz

        CONFERENCE PRESENTATIONS

        Ferrandiz, L. (2024, February). Belonging at scale [Paper presentation]. Society
        for Personality and Lorem Psychology Annual Convention, San Diego, CA, United
        States.
        Ferrandiz, L., & Liu, J. (2022, April). Help-seeking norms in first-year seminars
        [Poster presentation]. Lorem Educational Research Association Annual Meeting,
        San Diego, CA.
        """, name="cv.pdf", fmt="pdf"))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Belonging at scale", "Society for Personality and Lorem Psychology Annual Convention, San Diego, CA, United States",
         "2024-02"),
        ("Help-seeking norms in first-year seminars", "Lorem Educational Research Association Annual Meeting, San Diego, CA",
         "2022-04")]


# --- mathematics: AMS references and arXiv ids ---------------------------------------------
def test_ams_style_references_and_arxiv_ids_as_venues():
    """"Authors, Title, J. Abbrev. 27 (2023), no. 4, 1501–1560." (AMS), a paper of the subject's
    own with its co-authors in a leading note, and "Authors, Title, arXiv:ID [math.GR], 2024."."""
    r = extract(_doc("""
        # Henrike Dalgaard

        ## Publications
        1. (with D. Amsel and K. Pohl) Cubulating lorem free-by-cyclic groups, Geom. Topol. 27 (2023), no. 4, 1501–1560.
        2. Rigidity for cube complexes with few hyperplanes, J. Topol. 14 (2021), 233–270.
        3. M. Bergstrand, H. Dalgaard, and L. Zeller, Quasi-isometric rigidity of ipsum groups, Invent. Math. 219 (2020), 745–790.

        ## Preprints
        1. H. Dalgaard and T. Yilmaz, Hyperplane collisions and splittings, arXiv:2310.05678 [math.GR], 2023. Submitted.
        """))
    assert pubs(r) == [
        ("Cubulating lorem free-by-cyclic groups", ["Henrike Dalgaard*", "D. Amsel", "K. Pohl"], "Geom. Topol", "2023",
         "published"),
        ("Rigidity for cube complexes with few hyperplanes", [], "J. Topol", "2021", "published"),
        ("Quasi-isometric rigidity of ipsum groups", ["M. Bergstrand", "H. Dalgaard*", "L. Zeller"], "Invent. Math",
         "2020", "published"),
        ("Hyperplane collisions and splittings", ["H. Dalgaard*", "T. Yilmaz"], "arXiv", "2023", "in submission")]
    assert r.publications[-1].arxiv == "2310.05678"


def test_postdoctoral_fellowships_under_education_and_thesis_chairs():
    """Biology and public-health CVs list the postdoc under Education ("Postdoctoral Fellowship
    in Biostatistics, Lorem School of Public Health, 2010"); "Thesis Chairs: Dr. A, Dr. B
    (co-chair)" names the advisors."""
    r = extract(_doc("""
        Education
        ======
        * PhD, Molecular Epidemiology, University of Lorem Baltimore, 2018
          * Thesis Chairs: Dr. Joana Ferreira da Costa, Dr. Christoph V. Ploeg (co-chair)
        * Postdoctoral Fellowship in Biostatistics, Ipsum School of Public Health, 2010
        * Postdoctoral Fellowship, Lorem General Hospital/Ipsum Medical School, Vinter Center for Lorem Biology, 2005
        """))
    assert [(e.degree, e.field, e.institution, e.location, e.end, e.advisors) for e in r.education] == [
        ("PhD", "Molecular Epidemiology", "University of Lorem Baltimore", None, "2018",
         ["Joana Ferreira da Costa", "Christoph V. Ploeg"]),
        ("Postdoctoral Fellowship", "Biostatistics", "Ipsum School of Public Health", None, "2010", []),
        ("Postdoctoral Fellowship", None, "Lorem General Hospital/Ipsum Medical School", None, "2005", [])]


# --- grants --------------------------------------------------------------------------------
def test_grants_with_group_labels_amounts_and_roles():
    """Social-science and medical CVs list grants in groups ("Funded", "Under Review") with the
    amount and the subject's role after the grant ("… $498,000. Role: PI"); a long grant line with
    an amount keeps its title and funder; a year on a line of its own dates the grant under it."""
    r = extract(_doc("""
        Lucía Ferrandiz

        GRANTS

        Funded

        2022–2025\tLorem Science Foundation, ECR Core Research. “Scaling belonging interventions in community colleges.” Principal Investigator ($498,000).
        2016–2019\tK23 AI100001, NIAID. “Rapid diagnostics in bloodstream infection.” Role: PI.

        Under Review

        2025\tInstitute of Ipsum Sciences, Goal 3. Principal Investigator ($3,200,000).
        """, name="cv.pdf", fmt="pdf"))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Science Foundation, ECR Core Research. “Scaling belonging interventions in community colleges”", "2022"),
        ("K23 AI100001, NIAID. “Rapid diagnostics in bloodstream infection”", "2016"),
        ("Institute of Ipsum Sciences, Goal 3", "2025")]


def test_a_grant_dated_on_the_line_above_with_a_long_description():
    r = extract(_doc("""
        # Arne Gullberg

        ## Grants Awarded

        ### External Funding

        2007
        : “The Uneven Reach of Public Services: Lorem Contracts, Neighbourhood Budgets and Housing Need.” Lorem Science Foundation Grant SBR #0648320. $104,452. Co-Principal Investigator with Irene Tallis.
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("“The Uneven Reach of Public Services: Lorem Contracts, Neighbourhood Budgets and Housing Need.” "
         "Lorem Science Foundation Grant SBR #0648320", "2007")]


def test_a_group_label_over_journal_articles_in_a_pdf_list():
    """"Articles in Refereed Journals" over references (a sub-heading set in italics) is no publication."""
    r = extract(_doc("""
        Mireille Castellan

        Publications
        Articles in Refereed Journals
        “Widows and Wool: Women’s Credit Networks in Lyon.” Journal of Early Modern Lorem 42, no. 3 (2019): 311–340.
        """, name="cv.pdf", fmt="pdf"))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Widows and Wool: Women’s Credit Networks in Lyon", "Journal of Early Modern Lorem", "2019")]


# --- talks ---------------------------------------------------------------------------------
def test_talk_lines_of_the_sciences_and_humanities():
    """"Title – Meeting, Place (2023)" (a dash before the host, the year in brackets);
    "“Title,” Event 2012, July 16–20, 2012, Place (with A and B)." (the date inside the host,
    co-speakers and the subject's role in brackets); "**Event.** Title. Place. (Mar 2023). Note"."""
    r = extract(_doc("""
        # Ana Colliard

        ## Conference Presentations

        * Pincer ligands show distinct binding modes – Lorem Chemical Society National Meeting, San Francisco, CA (2023)
        * “Mapping Parish Registers in Time and Space,” Lorem Humanities 2012, July 16–20, 2012, Vellano, Italy (with Beth Nowak and Dan McCloud).
        * “Small Museums and Their Online Visitors,” Annual Meeting of the Ipsum Council for Public History, March 10–14, 2010, Eastport, ME. (Session chair)
        * **Lorem Physical Society March Meeting.** Side-chain length and melt flow. Las Vegas, NV. <i>(Mar 2023).</i> ***Award Winner.***
        """))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Pincer ligands show distinct binding modes", "Lorem Chemical Society National Meeting, San Francisco, CA",
         "2023"),
        ("Mapping Parish Registers in Time and Space", "Lorem Humanities 2012, Vellano, Italy", "2012-07"),
        ("Small Museums and Their Online Visitors", "Annual Meeting of the Ipsum Council for Public History, Eastport, ME", "2010-03"),
        ("Side-chain length and melt flow", "Lorem Physical Society March Meeting, Las Vegas, NV", "2023-03")]


def test_courses_listed_after_their_institution_and_reading_knowledge_of_languages():
    """Humanities CVs: "Lorem College: Course; Course; Course" (the institution, then the
    courses taught there) and "Latin (reading knowledge)" (a level, like "(fluent)")."""
    r = extract(_doc("""
        # Mireille Castellan

        ## Teaching
        Elmbrook College: Europe in the Age of Reformation; Early Modern France; Historical Methods (senior seminar)

        ## Languages
        French (fluent), Italian (reading), Latin (reading knowledge)
        """))
    assert [(t.course, t.institution) for t in r.teaching] == [
        ("Europe in the Age of Reformation", "Elmbrook College"), ("Early Modern France", "Elmbrook College"),
        ("Historical Methods (senior seminar)", "Elmbrook College")]
    assert r.languages == ["French", "Italian", "Latin"]


def test_award_years_after_a_dash_and_before_an_ordinal():
    """"Lorem Fellowship, LLNL – 2025" (the year after a dash) and "2022 **1st Place Speaker**, …"
    (a year before a name that opens with an ordinal); a year glued to the name stays read as it is."""
    r = extract(_doc("""
        # Ana Colliard

        ## Fellowships and Awards
        * Lindau Laureate Fellowship, Lorem National Laboratory – 2025
        * 2022 **1st Place Speaker**, Ipsum Graduate Symposium in Lorem Materials
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lindau Laureate Fellowship, Lorem National Laboratory", "2025"),
        ("1st Place Speaker, Ipsum Graduate Symposium in Lorem Materials", "2022")]


def test_a_year_cell_with_a_status_note_dates_the_reference_under_it():
    """Pandoc CVs: "2018, exp." / ": Roe, Ana. “Title.” *Journal*, Forthcoming." — the cell is the
    reference's year, not a publication."""
    r = extract(_doc("""
        # Ana Gullberg

        ## Refereed Articles

        2018, exp.
        : Gullberg, Ana. "How Young Voters Name Their Lorem Identity." *Emerging Lorem*, Forthcoming.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("How Young Voters Name Their Lorem Identity", "Emerging Lorem", "2018")]


def test_languages_labelled_inside_a_skills_list_lose_their_levels():
    r = extract(_doc("""
        Lucía Ferrandiz

        SKILLS
        R, Mplus, multilevel modeling
        Languages: Spanish (native), English (fluent)
        """, name="cv.pdf", fmt="pdf"))
    assert r.languages == ["Spanish", "English"]
    assert r.skills == ["R", "Mplus", "multilevel modeling"]


def test_an_apa_title_that_asks_a_question_keeps_its_subtitle():
    """"Roe, A. (2019). Who belongs? Cues of fit in recruitment. Journal, 10(6), 788–797.": the
    sentence after the question (no numbers) is the subtitle; the journal follows it. A question
    title before a venue of its own stays apart from it."""
    r = extract(_doc("""
        # Lucía Ferrandiz

        ## Articles
        - Ferrandiz, L. (2019). Who belongs? Cues of fit in recruitment materials. Social Psychological and Lorem Science, 10(6), 788–797.
        - Ferrandiz, L. (2021). Who stays? Lorem Review of Education.
        """))
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Who belongs? Cues of fit in recruitment materials", "Social Psychological and Lorem Science", "2019"),
        ("Who stays?", "Lorem Review of Education", "2021")]


def test_abd_is_an_unfinished_doctorate():
    """US humanities CVs: "*ABD*, History, Lorem Mason University" (all but dissertation)."""
    r = extract(_doc("""
        ## Education

        * *ABD*, History, Lorem Mason University
        * *Master of Arts*, History, Ipsum Polytechnic Institute (2003)
        """))
    assert [(e.degree, e.level, e.field, e.institution, e.unfinished) for e in r.education] == [
        ("ABD", "doctorate", "History", "Lorem Mason University", True),
        ("Master of Arts", "master", "History", "Ipsum Polytechnic Institute", False)]


def test_a_talk_title_loses_the_stop_inside_its_quotes():
    """A date column, then "“Title.” Grand Rounds, Department, University, Place." (a medical CV)."""
    r = extract(_doc("""
        Rana Okoro-Lind

        Invited Presentations
        2023\t“Diagnostic stewardship in the era of rapid PCR.” Grand Rounds, Department of Medicine, Northgate University, Northgate, OH.
        """, name="cv.pdf", fmt="pdf"))
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Diagnostic stewardship in the era of rapid PCR", "Grand Rounds, Department of Medicine, Northgate University, Northgate, OH",
         "2023")]


def test_credential_headings_do_not_take_combined_headings():
    """The credentials rule ("Board Certification", "Medical Licensure", "Bar Admissions" are no
    service) must not take headings that name another kind first: "Skills and Certifications"
    lists skills, "Education and Certifications" degrees, "Awards and Certifications" awards."""
    from mappers.extract.sections import classify_heading

    assert [classify_heading(h) for h in ("Board Certification", "Medical Licensure", "Bar Admissions",
                                          "Licenses & Certifications")] == ["other"] * 4
    assert [classify_heading(h) for h in ("Skills and Certifications", "Technical Skills & Certifications",
                                          "Education and Certifications", "Awards and Certifications")] == [
        "skills", "skills", "education", "awards"]
    r = extract(_doc("""
        # Ines Marlowe

        ## Skills and Certifications

        - Python, R, SQL
        - Certified Lorem Analyst (2019)

        ## Education and Certifications

        - Ph.D. in Statistics, Northmoor University, 2018
        """))
    assert {"Python", "R", "SQL"} <= set(r.skills)
    assert [(e.institution, e.level) for e in r.education] == [("Northmoor University", "doctorate")]
