"""Rules found in session 19 by reading real Markdown and HTML CVs of researchers the corpus does
not have (plain Jekyll pages, a Hugo page in German, French pages with <dl> date columns, a
WordPress export, Markdown definition lists). Each test is an invented CV in the shape that
showed the problem; names, places and titles are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def edu(r):
    return [(e.degree, e.level, e.field, e.institution, e.end) for e in r.education]


# --- degrees ---------------------------------------------------------------------------------
def test_european_degrees_promotion_habilitation_dea_licentiate_and_abd():
    """German "Promotion <field>", French "Habilitation à diriger des recherches" and "DEA …",
    the Nordic "Licentiate of Philosophy" and the American "ABD" are degrees: they were read
    as the institution's name, or the entry was lost."""
    r = extract(_doc("""
        # Mara Feldkamp

        ## Ausbildung
        - 2021: Promotion Soziologie (Dr. phil.), Universität Lorembach
        - 2014: Master of Arts Soziologie, Universität Ipsheim
        """))
    assert edu(r) == [("Promotion Soziologie", "doctorate", "Soziologie", "Universität Lorembach", "2021"),
                      ("Master of Arts Soziologie", "master", None, "Universität Ipsheim", "2014")]
    r = extract(_doc("""
        # Luc Verbois

        ## Formation
        - Habilitation à diriger des recherches, Université de Lormont, 2012
        - DEA Systèmes dynamiques, Université de Vallonne, 1999
        - *ABD*, History, Eastgate State University
        """))
    assert edu(r) == [("Habilitation à diriger des recherches", "doctorate", None, "Université de Lormont", "2012"),
                      ("DEA Systèmes dynamiques", "master", None, "Université de Vallonne", "1999"),
                      ("ABD", "doctorate", "History", "Eastgate State University", None)]
    r = extract(_doc("""
        # Sanna Vik

        ## Education

        ### Doctor of Philosophy, 2020
        Lakemark University
        Thesis: “Testing Grammars by Search”

        ### Licentiate of Philosophy, 2017
        Lakemark University
        Thesis: “Constraint Rules as Clauses”

        ### Master of Arts, 2014
        Northfjord University
        """))
    assert [(e.degree, e.institution, e.end, e.thesis) for e in r.education] == [
        ("Doctor of Philosophy", "Lakemark University", "2020", "Testing Grammars by Search"),
        ("Licentiate of Philosophy", "Lakemark University", "2017", "Constraint Rules as Clauses"),
        ("Master of Arts", "Northfjord University", "2014", None)]


def test_ma_with_its_field_and_no_comma_opens_a_degree():
    """"MA Philosophy, cum laude, 2007." is a master's degree in philosophy (only "MA," and "MA in"
    were read so; "MA" elsewhere is Massachusetts); the year's full stop leaves no ", ." behind."""
    r = extract(_doc("""
        # Pieter Olde

        ## Education

        - PhD Philosophy, Tolhaven University, cum laude, 2012.
        - MA Philosophy, Tolhaven University, cum laude, 2007.
        """))
    assert [(e.degree, e.level, e.field, e.institution, e.end, e.honours) for e in r.education] == [
        ("PhD Philosophy", "doctorate", "Philosophy", "Tolhaven University", "2012", ["cum laude"]),
        ("MA Philosophy", "master", "Philosophy", "Tolhaven University", "2007", ["cum laude"])]


def test_degree_in_field_from_the_institution():
    """"Laurea degree in History from the Università di Lorem, Italy": the institution follows
    "from (the)" as it follows "at (the)"; the field ends before it."""
    r = extract(_doc("""
        # Ada Ricci

        ## Education
        - Laurea degree in History from the Università di Vellano, Italy (2003)
        - Ph.D. in Geography from Northmoor University (2008)
        """))
    assert [(e.degree, e.field, e.institution, e.location, e.end) for e in r.education] == [
        ("Laurea degree in History", "History", "Università di Vellano", "Italy", "2003"),
        ("Ph.D. in Geography", "Geography", "Northmoor University", None, "2008")]


def test_labelled_field_and_french_thesis_title_under_a_degree():
    """Lines under a degree that name its field with a label ("Major: History", "Subfield: …")
    give the field, not an honour; the French "Titre : …" under a doctorate is its thesis."""
    r = extract(_doc("""
        # Wen Aldous

        ## Education

        ### **2014**
        **PhD, Eastmoor University**
        Subfield: Global and Imperial History

        ### **2005**
        **BA, Eastmoor University**
        Major: History
        """))
    assert [(e.degree, e.field, e.institution, e.end, e.honours) for e in r.education] == [
        ("PhD", "Global and Imperial History", "Eastmoor University", "2014", []),
        ("BA", "History", "Eastmoor University", "2005", [])]
    r = extract(_doc("""
        # Hugo Martel

        ## Formation
        - Doctorat en informatique, Université de Lormont, 2001
          - Titre : Simulation du trafic par agents
        """))
    assert [(e.degree, e.thesis) for e in r.education] == [
        ("Doctorat en informatique", "Simulation du trafic par agents")]


def test_years_inside_a_quoted_thesis_title_are_not_the_degree_dates():
    """"Dissertation title: “Forests and the State, 1922-1945”. (2007)": the years in the
    quoted title are the title's; the degree was conferred in 2007."""
    r = extract(_doc("""
        # Ilse Varga

        ## Education

        Ph.D. degree, Northmoor University. Dissertation title: “Forests and the State, 1922-1945”. (2007)
        """))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Ph.D. degree", "Northmoor University", None, "2007")]
    assert r.education[0].thesis == "Forests and the State, 1922-1945"


# --- headings --------------------------------------------------------------------------------
def test_headings_seen_on_german_french_and_english_pages():
    assert classify_heading("Beschäftigungen") == "positions"
    assert classify_heading("Tätigkeiten") == "positions"
    assert classify_heading("Financements") == "awards"
    assert classify_heading("Responsabilités") == "service"
    assert classify_heading("Séminaires") == "talks"
    assert classify_heading("Research Languages") == "languages"
    assert classify_heading("Programming Languages") == "skills"


def test_german_hugo_page_employment_under_beschaeftigungen():
    """A German "#### Beschäftigungen" list was no section: its posts were lost."""
    r = extract(_doc("""
        #### Beschäftigungen
        - 03/2021 - 08/2024: Wissenschaftlicher Mitarbeiter, Professur für Methoden, Universität Lorembach
        - 10/2014 - 09/2020: Wissenschaftliche Hilfskraft, Institut für Soziologie, Universität Ipsheim

        #### Ausbildung
        - 2020: Promotion Soziologie (Dr. phil.), Universität Lorembach
        """))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Wissenschaftlicher Mitarbeiter", "Universität Lorembach", "2021-03", "2024-08"),
        ("Wissenschaftliche Hilfskraft", "Universität Ipsheim", "2014-10", "2020-09")]
    assert edu(r) == [("Promotion Soziologie", "doctorate", "Soziologie", "Universität Lorembach", "2020")]


def test_parcours_lists_degrees_and_posts_under_a_date_column():
    """A French "Parcours" (<dl> of dates over entries) holds posts and degrees together: an
    entry whose text names a degree is education, the others positions (the date on the line
    above the entry counts with it)."""
    r = extract(_doc("""
        # Nadia Ferrand

        ## Parcours

        <dl>
        <dt>Depuis sept. 2019</dt>
        <dd><strong>Maître de conférences</strong>, <em>Université de Lormont</em>, Lormont, France.</dd>
        <dt>sept. 2015–août 2018</dt>
        <dd><strong>Doctorat en Mathématiques</strong>, <em>Université de Vallonne</em>, Vallonne, France.</dd>
        </dl>
        """))
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("Maître de conférences", "Université de Lormont", "2019-09", True)]
    assert [(e.degree, e.level, e.institution, e.start, e.end) for e in r.education] == [
        ("Doctorat en Mathématiques", "doctorate", "Université de Vallonne", "2015-09", "2018-08")]


# --- Markdown definition lists --------------------------------------------------------------
def test_markdown_definition_list_reads_the_term_for_every_definition():
    """kramdown/pandoc definition lists ("Tolhaven University" / ": Lecturer, 2012–2013." /
    ": PhD researcher, 2006–2011."): every definition is an entry under its term; only the
    first one had the term as its organization (the others had none, or their role as it)."""
    r = extract(_doc("""
        ---
        layout: page
        title: Vita
        ---

        ## Education

        Tolhaven University
        : PhD Philosophy, cum laude, 2012.
        : MA Philosophy, cum laude, 2007.

        ## Experience

        Westbrook University
        : Lecturer, 2017–2018.
        : Postdoc researcher, 2016.

        Tolhaven University
        : Lecturer, 2012–2013.
        : PhD researcher, 2006–2011.
        """))
    assert [(e.degree, e.level, e.institution, e.end) for e in r.education] == [
        ("PhD Philosophy", "doctorate", "Tolhaven University", "2012"),
        ("MA Philosophy", "master", "Tolhaven University", "2007")]
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Lecturer", "Westbrook University", "2017", "2018"),
        ("Postdoc researcher", "Westbrook University", "2016", None),
        ("Lecturer", "Tolhaven University", "2012", "2013"),
        ("PhD researcher", "Tolhaven University", "2006", "2011")]


# --- dates set above their entries ------------------------------------------------------------
def test_a_long_entry_under_a_date_heading_is_an_entry_not_a_description():
    """"#### September 2013 – September 2018" / (blank line) / a sentence of seventeen words naming
    the role and the institution: the heading dates that entry; it was read as a description of
    the entry above, by its length."""
    r = extract(_doc("""
        # Sanna Vik

        ## Employment

        #### September 2018 – January 2024
        Senior developer at Lorem Grammars AB.

        #### September 2013 – September 2018

        PhD student at the University of Lakemark and Northfjord Institute of Technology, Department of Computer Science and Engineering.
        """))
    assert [(p.title, p.organization, p.start, p.end, p.description) for p in r.positions] == [
        ("Senior developer", "Lorem Grammars AB", "2018-09", "2024-01", None),
        ("PhD student", "University of Lakemark and Northfjord Institute of Technology", "2013-09", "2018-09", None)]


def test_dt_dd_date_column_dates_the_entry_beside_it():
    """Hugo/Bootstrap pages write a date column as "<dt>janv. 2019</dt>" / "<dd>Talk …</dd>": each
    date belongs to the definition after it (every talk had the date of the one below it, and
    the first none)."""
    r = extract(_doc("""
        # Nadia Ferrand

        ## Exposés

        <dl class="row">

        <dt class="col-sm-3">mai 2019</dt>
        <dd class="col-sm-9"><strong>Journées de topologie</strong>, <em>Université de Lormont</em>, Lormont, France.</dd>

        <dt class="col-sm-3">janv. 2019</dt>
        <dd class="col-sm-9"><strong>Séminaire de géométrie</strong>, <em>Université de Vallonne</em>, Vallonne, France.</dd>

        </dl>

        ## Enseignement

        <dl class="row">
        <dt class="col-sm-3">2018–2019</dt>
        <dd class="col-sm-9">Analyse 1, L1 (TD, 36h).</dd>
        </dl>
        """))
    assert [t.date for t in r.talks] == ["2019-05", "2019-01"]
    assert [t.title.split(",")[0] for t in r.talks] == ["Journées de topologie", "Séminaire de géométrie"]
    assert [(c.course, c.term) for c in r.teaching] == [("Analyse 1, L1 (TD, 36h)", "2018–2019")]


# --- awards and languages -------------------------------------------------------------------
def test_bold_award_names_under_year_headings_with_their_givers_below():
    """"### **2019**" / "**Junior Scholar Fellowship**" / "Lorem Program" / "Ipsum Council": the bold
    line is the award (it was taken for a sub-heading of awards, its name lost) and the plain
    lines under it (hard line breaks) name who gave it: no awards of their own."""
    r = extract(_doc("""
        # Wen Aldous

        ## Awards and Grants

        ### **2019**  
        **Transregional Junior Scholar Fellowship**  
        Lorem Program short-term residency grant  
        Ipsum Research Council

        ### **2016-2017**  
        **Postdoctoral Fellowship**  
        The Lorem Foundation/  
        Ipsum Council of Learned Societies

        ### 2015
        **Faculty Development Grant**  
        Westbrook University
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Transregional Junior Scholar Fellowship", "2019"), ("Postdoctoral Fellowship", "2016"),
        ("Faculty Development Grant", "2015")]


def test_language_levels_on_the_line_below_and_languages_in_a_skills_section():
    """"**Japanese**" / "Intermediate reading and speaking": the second line is the level, not a
    language; under "Languages and skills", "German, Italian – mother-tongues;" names spoken
    languages, not skills."""
    r = extract(_doc("""
        # Wen Aldous

        ## Research Languages

        **Japanese**  
        Intermediate reading and speaking

        **Bengali, German**  
        Fluent
        """))
    assert r.languages == ["Japanese", "Bengali", "German"]
    r = extract(_doc("""
        # Ilse Varga

        ## Languages and skills

        German, Italian – mother-tongues;
        English – excellent, written and oral;
        French – good spoken, basic written.

        ## Education
        - Ph.D. in History, Northmoor University, 2007
        """))
    assert r.languages == ["German", "Italian", "English", "French"]
    assert r.skills == []


# --- publications --------------------------------------------------------------------------
def test_bibtex_style_author_lists_with_whole_forenames():
    """"Rantala, Aino and Vik, Sanna and Soh, Jeremy and Wong, Mei Ling (2022). **Title**. Venue":
    BibTeX's own author form (" and " between authors, one comma in each) with forenames of two
    words; with four authors the reference was read as one title."""
    r = extract(_doc("""
        # Sanna Vik

        ## Publications

        * Rantala, Aino and Vik, Sanna and Soh, Jeremy and Wong, Mei Ling (2022). **Turning Tax Rules into Checkable Lorem Formulas**. Legal Knowledge Systems: Proceedings of the International Conference (LKS 2022).
        * Vik, Sanna and Osa, Jose Maria and Etxe, Itziar. **Pruning a Lorem Rule Set**. Proceedings of the Workshop on Ipsum Grammars, 2017.
        """))
    assert [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.year) for p in r.publications] == [
        ("Turning Tax Rules into Checkable Lorem Formulas",
         ["Aino Rantala", "Sanna Vik*", "Jeremy Soh", "Mei Ling Wong"], "2022"),
        ("Pruning a Lorem Rule Set", ["Sanna Vik*", "Jose Maria Osa", "Itziar Etxe"], "2017")]
    from mappers.extract.fields import split_authors
    assert split_authors("Seattle, Washington and Portland, Oregon") is None


# --- positions -------------------------------------------------------------------------------
def test_br_pieces_role_unit_university_with_chair_and_dean():
    """academicpages "* dates: Role <br> Unit <br> University" items: a one-word role with no
    role word ("Chair") was the organization and the employer a description; "Dean of the
    School of Natural Sciences <br> University of X" gave the organization "Natural Sciences";
    the chair of a department is a post, not a committee's chair (service)."""
    r = extract(_doc("""
        # Lena Harrow

        Academic employment
        ======

        * Aug 2026 - Present: Dean of the School of Natural Sciences <br> University of Westmarch

        * Aug 2020-Aug 2025: Dean of the Graduate College <br> Vice Provost for Graduate Education <br> University of Lorem

        * Jan 2015-Aug 2020: Chair <br> Department of Mathematical Sciences <br> University of Lorem

        * Aug 2004-Aug 2011: Associate Professor <br> Department of Mathematical Sciences <br> University of Lorem
        """))
    assert [(p.title, p.unit, p.organization, p.start) for p in r.positions] == [
        ("Dean", "School of Natural Sciences", "University of Westmarch", "2026-08"),
        ("Dean", "Graduate College", "University of Lorem", "2020-08"),
        ("Chair", "Department of Mathematical Sciences", "University of Lorem", "2015-01"),
        ("Associate Professor", "Department of Mathematical Sciences", "University of Lorem", "2004-08")]
    assert r.service == []


def test_reference_links_over_two_lines_and_tex_page_dashes():
    """A Markdown reference link whose text wraps ("[Algebra-based monitoring:" / "Algorithms and
    applications][2]") was left as written, brackets and all, in the title; pages typed with
    TeX's double hyphen ("17(6): 1724--1737") stayed in the venue."""
    r = extract(_doc("""
        # Publications

        ### Journal articles

        1. Yan Chen, Dana Quill, and Remy Moss.
           [Algebra-based scalable overlay monitoring:
           Algorithms, evaluation, and applications][2].
           _ACM Transactions on Networking_, 15(5): 1084--1097, 2007.
        2. Dana Quill and Remy Moss.
           [Symmetry of bound states in the semiclassical limit][3].
           _Letters in Mathematical Physics_, 81(2):107--117, 2007.

          [2]: http://dx.doi.org/10.1109/TNET.2007.896251
          [3]: http://dx.doi.org/10.1007/s11005-007-0178-7
        """))
    assert [(p.title, p.venue, p.year, p.doi) for p in r.publications] == [
        ("Algebra-based scalable overlay monitoring: Algorithms, evaluation, and applications",
         "ACM Transactions on Networking", "2007", "10.1109/tnet.2007.896251"),
        ("Symmetry of bound states in the semiclassical limit", "Letters in Mathematical Physics", "2007",
         "10.1007/s11005-007-0178-7")]


# --- text pulled from a PDF whose headings stand in a left margin ------------------------------
def test_margin_headings_of_a_text_cv_run_in_split_and_page_headers():
    """pdftotext of a res.cls CV: a one-word heading shares its section's first line ("Education
    Doctor of Philosophy …", "Languages English, Russian", "References Ada Roe, …"), two-word
    headings stand on two lines ("Professional" / "Experience", "Journal" / "Articles"), each
    page repeats "Name" / "Curriculum Vitae 2"; a long committee line does not swallow the
    next degree as its wrapped tail."""
    r = extract(_doc("""
        Morgan T. Quill
        Curriculum Vitae
        quill@example.edu
        Education Doctor of Philosophy in Computer Science
        Westmarch State University, 1999.
        Committee: Ada Roe (Chair), Paul Anders, Darrel Whitby, Wade Troxwell, Ina Lomb
        Master of Science in Computer Science
        Lakeside Tech University, 1991.
        Languages English, Russian
        Professional
        Experience
        Research Scientist, Lorem Labs, Houston, Texas, 1999--2003.

        Morgan T. Quill
        Curriculum Vitae 2
        Journal
        Articles
        Morgan T. Quill and Ada Roe. Evaluating robustness in layered robot control. Journal of Robot Studies, 1999.
        References Ada Roe, Department of Computer Science, Westmarch State University.
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Doctor of Philosophy in Computer Science", "Westmarch State University", "1999"),
        ("Master of Science in Computer Science", "Lakeside Tech University", "1991")]
    assert r.languages == ["English", "Russian"]
    assert [(p.title, p.organization) for p in r.positions] == [("Research Scientist", "Lorem Labs")]
    assert [(p.title, p.year) for p in r.publications] == [("Evaluating robustness in layered robot control", "1999")]
    assert r.service == [] and r.awards == []


def test_a_strong_paragraph_listing_several_topics_is_a_heading():
    """A WordPress page exported to Markdown sets its headings as "<p><strong>…</strong></p>";
    "Further qualifications, work experiences, honours and grants" (seven words, a list of short
    topics) was no heading, so its grants were read as courses of the teaching list above."""
    r = extract(_doc("""
        <p><strong>Teaching experiences</strong></p>
        <p>Introduction to geography, Undergraduate course, Università di Vellano (2008-2009)</p>
        <p><strong>Further qualifications, work experiences, honours and grants</strong></p>
        <p>Lorem Travel Endowment Grant (Mar 2005)</p>
        <p>Ipsum Foundation Support Grant (Mar 2011)</p>
        """))
    assert [c.course for c in r.teaching] == ["Introduction to geography, Undergraduate course"]
    assert [(a.name, a.year) for a in r.awards] == [("Lorem Travel Endowment Grant", "2005"),
                                                    ("Ipsum Foundation Support Grant", "2011")]


def test_years_before_1950_in_a_course_name_are_its_period_not_its_term():
    """History courses name the period they cover: "Lorem Dynasties I (1601-1899)" had the term
    "1899" and the role "1601"; "Europe 1789-1914, …, Fall 2019" lost half its name."""
    r = extract(_doc("""
        # Ann Roe

        ## Courses Taught

        - Lorem Dynasties I (1601-1899)
        - Europe 1789-1914, Lorem University, Fall 2019
        """))
    assert [(c.course, c.institution, c.term, c.role) for c in r.teaching] == [
        ("Lorem Dynasties I (1601-1899)", None, None, None),
        ("Europe 1789-1914", "Lorem University", "Fall 2019", None)]


def test_employer_first_then_role_then_unit_and_commas_inside_brackets():
    """"Lorem University, Visiting Assistant Professor, History Department (2001-2007)": the employer,
    the role, the unit (the role and unit were one unit); "…, Lecturer (History Dept, New College)":
    commas inside brackets part nothing; "Westbrook University, Science Studies, Postdoctoral
    Fellow": the role last."""
    r = extract(_doc("""
        # Ann Roe

        ## Academic Positions
        - Lorem University, Lecturer (History Dept, New College, Faculty of Information) (2010-2019)
        - Lorem University, Visiting Assistant Professor, History Department (2001-2007)
        - Westbrook University, Science and Technology Studies, Postdoctoral Fellow (1998-1999)
        """))
    assert [(p.title, p.unit, p.organization, p.start, p.end) for p in r.positions] == [
        ("Lecturer (History Dept, New College, Faculty of Information)", None, "Lorem University", "2010", "2019"),
        ("Visiting Assistant Professor", "History Department", "Lorem University", "2001", "2007"),
        ("Postdoctoral Fellow", "Science and Technology Studies", "Westbrook University", "1998", "1999")]


def test_wordpress_paragraph_per_post_with_month_and_two_digit_years():
    """A WordPress vita: one paragraph per post, "Role at Organization. Research topic: … (Nov 10 –
    Feb 11)": months with two-digit years closing a line that has no four-digit year are read
    with four ("(from Aug 13)", like "since", runs to the present), and a long paragraph whose
    dates close it is headed by its first clause and those dates (each post had become the
    description of the one above)."""
    r = extract(_doc("""
        <p><strong>Academic posts</strong></p>
        <p>Visiting Assistant Professor in Environmental History at Northmoor University (from Aug 13)</p>
        <p>Scholar-in-Residence at the Lorem Museum in Vellano. Research topic: “The mean sea level. A history of science and diplomacy” (since Jan 13)</p>
        <p>Post-doc research fellow at the Ipsum Institute of Vallonne. Research topic: “Nature: conservation or use? Resources in and around the valley” (Oct 08 – Sep 10)</p>
        <p><strong>Honours and grants</strong></p>
        <p>Lorem Travel Endowment Grant (Mar 05)</p>
        """))
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Visiting Assistant Professor in Environmental History", "Northmoor University", "2013-08", None, True),
        ("Scholar-in-Residence", "Lorem Museum in Vellano", "2013-01", None, True),
        ("Post-doc research fellow", "Ipsum Institute of Vallonne", "2008-10", "2010-09", False)]
    assert [(a.name, a.year) for a in r.awards] == [("Lorem Travel Endowment Grant", "2005")]


def test_lower_case_prof_before_a_supervisor_name():
    """"Supervisor: prof. Ada Roe." (a lower-case title, as Italian and German CVs write it) names
    the advisor; only "Prof." was read."""
    r = extract(_doc("""
        # Ilse Varga

        ## Education
        - Ph.D., Northmoor University. Supervisor: prof. Ada M. Roe. (2007)
        """))
    assert [(e.degree, e.institution, e.end, e.advisors) for e in r.education] == [
        ("Ph.D.", "Northmoor University", "2007", ["Ada M. Roe"])]
