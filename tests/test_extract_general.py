"""General extraction rules found by reading CVs the corpus does not have (academic site themes,
hand-written LaTeX, PDFs printed from several layouts). Each test is a small invented CV in
the layout that showed the problem; names, places and papers are made up."""
from __future__ import annotations

import textwrap

import pytest

from mappers.extract import extract
from mappers.extract.fields import publication_status
from mappers.extract.sections import split_sections
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def pubs(r):
    return [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue_acronym or p.venue,
             p.year, p.status) for p in r.publications]


# --- headings ------------------------------------------------------------------------------
def test_headings_with_pictographs_and_inline_html_are_sections():
    """Academic homepage themes put an emoji before each heading and links after it."""
    r = extract(_doc("""
        # Dana Quill

        # 🎓 Educations
        - Ph.D. in Statistics, Lakeside University, 2020 - 2024

        # 📝 Selected Works (<a href="/publications">full list</a>)
        - Dana Quill, Remy Moss. Sparse Graph Learning for Tables. ICML 2023.
        """))
    assert [(e.institution, e.level, e.start, e.end) for e in r.education] == [
        ("Lakeside University", "doctorate", "2020", "2024")]
    assert pubs(r) == [("Sparse Graph Learning for Tables", ["Dana Quill*", "Remy Moss"], "ICML", "2023", "published")]


def test_a_dated_parenthesis_keeps_an_entry_heading_an_entry():
    """'### Teaching Assistant (Spring 2015)' is an entry, not a new 'Teaching' section."""
    kinds = [s.kind for s in split_sections("## Teaching\n\n### Teaching Assistant (Spring 2015)\n\nCalculus I\n")]
    assert kinds == ["teaching"]


# --- HTML written inside Markdown ----------------------------------------------------------
def test_html_headings_and_tables_inside_markdown_are_read_with_true_line_numbers():
    r = extract(_doc("""
        # Dana Quill

        ## Experience
        - Research Scientist, Northwind Labs, 2021 - present

        <h2>Honors and Awards</h2>
        <table>
        <tr><td>2018</td><td>Blue Finch Fellowship</td></tr>
        <tr><td>2016</td><td>Lakeside Medal for Teaching</td></tr>
        </table>
        """))
    assert [(p.organization, p.title) for p in r.positions] == [("Northwind Labs", "Research Scientist")]
    assert [(a.name, a.year, a.line) for a in r.awards] == [
        ("Blue Finch Fellowship", "2018", 8), ("Lakeside Medal for Teaching", "2016", 9)]


def test_markup_line_breaks_keep_the_source_line():
    sections = split_sections("# Awards\n\n<ul><li>Prize A, 2019</li><li>Prize B, 2020</li></ul>\nPrize C, 2021\n")
    assert [(line.no, line.text) for line in sections[0].lines] == [
        (3, "Prize A, 2019"), (3, "Prize B, 2020"), (4, "Prize C, 2021")]


# --- publication status --------------------------------------------------------------------
@pytest.mark.parametrize("text, status", [
    ("Under review at ICML", "under review"),
    ("(In Review)", "under review"),
    ("Revise and resubmit, Journal of Widgets", "under review"),
    ("R&R at the Review of Tables", "under review"),
    ("3rd round review, Management Science", "under review"),
    ("submitted to NeurIPS", "in submission"),
    ("Working paper", "preprint"),
    ("Manuscript in preparation", "preprint"),
    ("arXiv:2101.00001", "preprint"),
    ("Proceedings of the Third Round Table on Widgets", None),
    ("Journal of Revisions in Chemistry", None),
    ("Proc. ICML 2021", None),
])
def test_publication_status_words(text, status):
    assert publication_status(text) == status


def test_status_words_in_a_json_resume_release_date():
    import json

    data = {"basics": {"name": "Dana Quill"},
            "publications": [{"name": "Tables at Scale", "publisher": "Journal of Widgets", "releaseDate": "under review"},
                             {"name": "Sparse Rows", "publisher": "Working paper"},
                             {"name": "Dense Rows", "publisher": "Journal of Widgets", "releaseDate": "2020-05-01"}]}
    r = extract(_doc(json.dumps(data, indent=1), "cv.json", "jsonresume"))
    assert [(p.title, p.status, p.year) for p in r.publications] == [
        ("Tables at Scale", "under review", None), ("Sparse Rows", "preprint", None),
        ("Dense Rows", "published", "2020")]


def test_a_date_before_an_award_is_its_year():
    r = extract(_doc("""
        # Dana Quill

        ## Awards
        - March 2024: Outstanding Reviewer, Conference on Widgets
        - 2019 – Best Poster Award, Lakeside Symposium
        - Bronze Prize of 2017 Lakeside Programming Contest
        """))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Outstanding Reviewer, Conference on Widgets", "2024"), ("Best Poster Award, Lakeside Symposium", "2019"),
        ("Bronze Prize of 2017 Lakeside Programming Contest", "2017")]


# --- references that open with their authors -------------------------------------------------
def test_ieee_and_acm_references_with_the_title_in_quotes():
    r = extract(_doc("""
        # Dana Quill

        ## Publications
        * D. Quill and R. Moss, "Patient flow under heavy load," Management Science, vol. 64, 2018.
        * **D. QUILL**, R. MOSS, and T. FERN, "Heat Flow in Layered Glass", *J. Thermal Sci.*, 12 (2016).
        * Dana Quill, Remy Moss. “Topic Models for Triage Notes.” Applied Statistics, 2020.
        """))
    assert pubs(r) == [
        ("Patient flow under heavy load", ["D. Quill*", "R. Moss"], "Management Science", "2018", "published"),
        ("Heat Flow in Layered Glass", ["D. QUILL*", "R. MOSS", "T. FERN"], "J. Thermal Sci", "2016", "published"),
        ("Topic Models for Triage Notes", ["Dana Quill*", "Remy Moss"], "Applied Statistics", "2020", "published"),
    ]


def test_a_title_given_as_a_link_or_quotation_element():
    r = extract(_doc("""
        # Dana Quill

        ## Publications
        1. Dana Quill, Remy Moss, <a href="https://doi.org/10.1/x">Patient Flow Under Heavy Load</a>. _Management Science_, 2018.
        2. Remy Moss, Dana Quill, <q>Topic Models for Triage Notes</q>. _Applied Statistics_, 2020.
        3. Dana Quill, Remy Moss, [Sparse Graph Learning](https://example.org/p.pdf). _Machine Learning_, 2021. [[pdf]](https://example.org/p.pdf)
        """))
    assert pubs(r) == [
        ("Patient Flow Under Heavy Load", ["Dana Quill*", "Remy Moss"], "Management Science", "2018", "published"),
        ("Topic Models for Triage Notes", ["Remy Moss", "Dana Quill*"], "Applied Statistics", "2020", "published"),
        ("Sparse Graph Learning", ["Dana Quill*", "Remy Moss"], "Machine Learning", "2021", "published"),
    ]


def test_surname_first_author_lists_with_the_year_in_brackets():
    """APA / Chicago / Harvard: 'Moss, R., Quill, D. (2021). Title. Venue.'; the first author
    alone may be surname-first ('Roe, J. and K. Doe')."""
    r = extract(_doc("""
        JANE ROE
        jane@example.org

        PUBLICATIONS

        Roe, J. and K. Doe (2019). "Complexity and Local Growth." Acme Working Paper 19-01.

        Roe, J. (2017). "Insurance with Saving." Journal of Risk 12(3), 45-67.

        Moss, Remy and Roe, Jane (2021). **Grammar Testing with Solvers**. Proceedings of the Workshop on Controlled Language.

        Doe, K., Roe, J., & Fern, T. (2015, June). Tables at scale. Journal of Widgets, 4, 1-9.
        """, "cv.txt", "text"))
    assert pubs(r) == [
        ("Complexity and Local Growth", ["J. Roe*", "K. Doe"], "Acme Working Paper 19-01", "2019", "preprint"),
        ("Insurance with Saving", ["J. Roe*"], "Journal of Risk", "2017", "published"),
        ("Grammar Testing with Solvers", ["Remy Moss", "Jane Roe*"], "Workshop on Controlled Language", "2021", "published"),
        ("Tables at scale", ["K. Doe", "J. Roe*", "T. Fern"], "Journal of Widgets", "2015", "published"),
    ]


@pytest.mark.parametrize("text, names", [
    ("Moss, R., Quill, D., & Fern, T.", ["R. Moss", "D. Quill", "T. Fern"]),
    ("van der Berg, J.-P., Smith, A. B.", ["J.-P. van der Berg", "A. B. Smith"]),
    ("Roe, J", ["J. Roe"]),
    ("Dana Quill, Remy Moss", None),          # forenames first: not this rule
    ("Seattle, Washington", None),           # a place reads the same way: needs an initial
    ("Boston, MA, USA", None),
])
def test_surname_first_names(text, names):
    from mappers.extract.fields import split_inverted_authors

    got = split_inverted_authors(text, "Nobody Here")
    assert (got and [a.name for a in got[0]]) == names


def test_year_headings_give_their_entries_a_year():
    r = extract(_doc("""
        # Dana Quill

        ## Publications
        ### 2021
        * Remy Moss and Dana Quill. Grammar Testing with Solvers. Workshop on Controlled Language.
        **2019**
        * Dana Quill, Remy Moss. Sparse Rows. Journal of Widgets, 2018.
        """))
    assert [(p.title, p.year) for p in r.publications] == [("Grammar Testing with Solvers", "2021"), ("Sparse Rows", "2018")]


# --- LaTeX items written as whole references ---------------------------------------------------
def test_latex_items_holding_whole_references_are_read_like_text_references():
    """The subject's own bold name is not the title; italics may hold the title or the venue."""
    r = extract(_doc(r"""
        \documentclass{article}
        \begin{document}
        \begin{center}{\Large Dr. Maria Kowalska}\\ maria.kowalska@example.org\end{center}
        \section{Publications}
        \begin{enumerate}
        \item Nowak, A., \textbf{Kowalska, M.}, Lee, J., \textit{Tidal heating of rocky exoplanets}, 2021, Monthly Notices of the Royal Astronomical Society, 503, 120
        \item \textbf{M. Kowalska}, P. Brown, ``\href{https://doi.org/10.1016/j.corsci.2021.109674}{Rotation of B-type stars}'', \textit{Corrosion Science}, vol. 12, 2019
        \item \textbf{M. Kowalska}, ``Disks around Be stars'', \href{https://ui.adsabs.harvard.edu/abs/2019A%26A...621A..93S}{Astronomy \& Astrophysics}, 2018
        \end{enumerate}
        \end{document}
        """, "cv.tex", "latex"))
    assert r.person.name == "Maria Kowalska"          # an honorific is not part of the name
    assert pubs(r) == [
        ("Tidal heating of rocky exoplanets", ["A. Nowak", "M. Kowalska*", "J. Lee"],
         "Monthly Notices of the Royal Astronomical Society", "2021", "published"),
        ("Rotation of B-type stars", ["M. Kowalska*", "P. Brown"], "Corrosion Science", "2019", "published"),
        ("Disks around Be stars", ["M. Kowalska*"], "Astronomy & Astrophysics", "2018", "published"),
    ]
    assert r.publications[1].doi == "10.1016/j.corsci.2021.109674"


def test_percent_signs_inside_urls_are_not_latex_comments():
    from mappers.convert import protect_url_percents, strip_latex_comments

    tex = r"\href{https://example.org/abs/2019A%26A}{A \& A} % a comment"
    assert protect_url_percents(tex) == r"\href{https://example.org/abs/2019A\%26A}{A \& A} % a comment"
    assert strip_latex_comments(tex).rstrip() == r"\href{https://example.org/abs/2019A\%26A}{A \& A}"


@pytest.mark.parametrize("name, expected", [
    ("Dr. Jakub Ostrowski", "Jakub Ostrowski"), ("Prof. Dr. Ana Lima", "Ana Lima"),
    ("Jane Roe, PhD", "Jane Roe"), ("Drew Barrymore", "Drew Barrymore"),
])
def test_honorifics_are_not_part_of_a_name(name, expected):
    from mappers.extract.fields import same_person_name, strip_honorifics

    assert strip_honorifics(name) == expected
    assert same_person_name(name, expected)


def test_a_journal_whose_name_contains_a_preprint_server_word_is_not_a_preprint():
    from mappers.extract.fields import is_preprint_venue

    assert not is_preprint_venue("Corrosion Science") and is_preprint_venue("CoRR abs/2101.00001")
    assert is_preprint_venue("arXiv preprint arXiv:2101.00001") and not is_preprint_venue("Openreviewers Digest")


# --- YAML CV data --------------------------------------------------------------------------------
def test_yaml_person_block_under_its_own_key_and_al_folio_award_lists():
    r = extract(_doc("""
        basics:
          name: Ana Placeholder
          email: ana@example.org
        sections:
          - title: Honors and Awards
            type: time_table
            contents:
              - year: 2021
                items:
                  - Widget Prize
                  - Gadget Medal
              - year: 2019
                items:
                  - Best Thesis Award
          - title: Journal Peer Review
            contents:
              - Journal of Widgets
          - title: Workshops and Hackathons Attended
            contents:
              - Widget Hackathon 2020
        education:
          - institution: Lakeside University
            degree: PhD
            year: 2020
        """, "cv.yml", "yaml"))
    assert r.person.name == "Ana Placeholder" and r.person.emails == ["ana@example.org"]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Widget Prize", "2021"), ("Gadget Medal", "2021"), ("Best Thesis Award", "2019")]
    assert not r.positions and not r.publications    # "Workshops…" is not work; "Journal Peer Review" is service


@pytest.mark.parametrize("title, kind", [
    ("Journal Peer Review", "service"), ("Peer-reviewed Publications", "publications"),
    ("Workshops and Hackathons Attended", None), ("Work Experience", "positions"), ("Work", "positions"),
])
def test_yaml_section_titles(title, kind):
    from mappers.extract.yamlcv import section_kind

    assert section_kind(title) == kind


def test_the_subject_marked_under_nested_tags_and_a_name_after_a_label_column():
    r = extract(_doc("""
        # About Me
        I am a student.

        # Publications
        <b>Sparse Rows for Tables.</b><br>
        <u><b>Dana Quill</b></u>, Remy Moss. <br>
        In: Proceedings of the 40th International Conference on Machine Learning, 2023. <br>
        <span>CCF A, Oral Presentation.</span>
        """))
    assert r.person.name == "Dana Quill"
    assert [(p.title, [a.name for a in p.authors]) for p in r.publications] == [
        ("Sparse Rows for Tables", ["Dana Quill", "Remy Moss"])]
    t = extract(_doc("Name\tDr Dana Quill\nEmail\tdana@example.org\n\nEDUCATION\nPh.D., Lakeside University, 2020\n",
                     "cv.txt", "text"))
    assert t.person.name == "Dana Quill"


# --- degrees and résumé rows ---------------------------------------------------------------------
@pytest.mark.parametrize("degree, field", [
    ("Ph.D. in Physics", "Physics"), ("PhD of Computer Science", "Computer Science"),
    ("Doctor of Philosophy (PhD) in Physics", "Physics"), ("Doctor of Philosophy", None),
    ("Master of Science, Physics", "Physics"), ("Master of Arts in Transcultural Studies", "Transcultural Studies"),
    ("Bachelor of Science in Computer Science and Engineering; Minor in Economics", "Computer Science and Engineering"),
    ("M.S. in Computer Science with Distinction", "Computer Science"), ("Master of Science (Honours Physics)", None),
])
def test_the_field_a_degree_names(degree, field):
    from mappers.extract.fields import field_of_degree

    assert field_of_degree(degree) == field


def test_resume_rows_with_a_place_column_and_a_date_column():
    """Jake's-resume / awesome-cv rows as PDF text gives them: 'Org<TAB>Place' over
    'Title<TAB>Dates' (or the other way round)."""
    r = extract(_doc("""
        KENJI QUILL
        kq@example.org

        EDUCATION
        Lakeside Institute of Technology\tCambridge, MA
        Bachelor of Science in Computer Science; Minor in Economics\tAug. 2021 – May 2025
        Ph.D., Computer Sciences, University of Wisconsin–Madison\t2014 – 2020

        EXPERIENCE
        Software Engineering Intern\tMay 2024 – Aug. 2024
        Stripe\tSan Francisco, CA
        Northwind Polytechnic\tMilan, Italy
        RESEARCH ASSISTANT, DEIB\tOct. 2018 – Jul. 2019
        """, "cv.txt", "text"))
    assert [(e.institution, e.level, e.field, e.location, e.start, e.end) for e in r.education] == [
        ("Lakeside Institute of Technology", "bachelor", "Computer Science", "Cambridge, MA", "2021-08", "2025-05"),
        ("University of Wisconsin–Madison", "doctorate", "Computer Sciences", None, "2014", "2020")]
    assert [(p.organization, p.title, p.unit, p.location, p.start, p.end) for p in r.positions] == [
        ("Stripe", "Software Engineering Intern", None, "San Francisco, CA", "2024-05", "2024-08"),
        ("Northwind Polytechnic", "RESEARCH ASSISTANT", "DEIB", "Milan, Italy", "2018-10", "2019-07")]


def test_latex_one_line_items_with_a_date_inside_are_kept():
    """'\\item Best Poster Award, EAS Annual Meeting, 2019': the date is cut out of the item,
    not the whole item with it."""
    r = extract(_doc(r"""
        \documentclass{article}
        \begin{document}
        \begin{center}{\Large Maria Kowalska}\end{center}
        \section{Education}
        \textbf{Ph.D. in Astronomy}, University of Wroclaw \hfill 2017
        \section{Positions}
        \begin{itemize}
        \item Postdoctoral Researcher, Copernicus Astronomical Center, 2017--2019
        \end{itemize}
        \section{Invited Talks}
        \begin{itemize}
        \item \textit{Evolution of hot subdwarf stars}, Copernicus Astronomical Center, Warsaw, May 2017
        \end{itemize}
        \section{Teaching}
        \begin{itemize}
        \item Teaching Assistant, Calculus 3, University of Wroclaw, Fall 2014
        \end{itemize}
        \section{Service}
        \begin{itemize}
        \item Referee for Icarus and MNRAS, 2018--2020
        \end{itemize}
        \section{Awards}
        \begin{itemize}
        \item Best Poster Award, EAS Annual Meeting, 2019
        \end{itemize}
        \end{document}
        """, "cv.tex", "latex"))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Copernicus Astronomical Center", "Postdoctoral Researcher", "2017", "2019")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Evolution of hot subdwarf stars", "Copernicus Astronomical Center, Warsaw", "2017-05")]
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Calculus 3", "University of Wroclaw", "Fall 2014", "Teaching Assistant")]
    assert [(s.role, s.period) for s in r.service] == [("Referee for Icarus and MNRAS", "2018–2020")]
    assert [(a.name, a.year) for a in r.awards] == [("Best Poster Award, EAS Annual Meeting", "2019")]


# --- text from PDFs: columns, OCR, biomedical references, contacts ------------------------------
def test_pdftotext_layout_columns_of_spaces_are_fields():
    r = extract(_doc("""
        Jane Roe

        EDUCATION
        Ph.D. in Electrical Engineering        Stanford University                    2012
        B.Eng. in Information Engineering      Zhejiang University, Hangzhou, China   2008

        RESEARCH EXPERIENCE
        Associate Professor                    National University of Singapore       Jan 2020 – Present
        Research Fellow                        Nanyang Technological University       2012 – 2015
        Assistant Professor, University of Texas at Austin, 2009–2012
        """, "cv.txt", "text"))
    assert [(e.institution, e.level, e.field, e.end) for e in r.education] == [
        ("Stanford University", "doctorate", "Electrical Engineering", "2012"),
        ("Zhejiang University", "bachelor", "Information Engineering", "2008")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("National University of Singapore", "Associate Professor", "2020-01", None, True),
        ("Nanyang Technological University", "Research Fellow", "2012", "2015", False),
        ("University of Texas at Austin", "Assistant Professor", "2009", "2012", False)]


def test_headings_with_ocr_slips_and_from_other_disciplines():
    r = extract(_doc("""
        Tomas Novak
        novak@example.org

        Se1ected Pub1ications
        1. T. Novak and R. Moessner, "Kitaev materials beyond the honeycomb," Nature Physics 16, 1078 (2020).

        Research Funding
        Lakeside Science Foundation grant, "Frustrated magnets", 2022–2027

        Editorial Boards
        Associate Editor, Journal of Widgets, 2021–present

        Service to the Profession
        Council Member, Widget Society, 2019–2022
        """, "cv.txt", "text"))
    assert [(p.title, [a.name for a in p.authors], p.year) for p in r.publications] == [
        ("Kitaev materials beyond the honeycomb", ["T. Novak", "R. Moessner"], "2020")]
    assert [a.year for a in r.awards] == ["2022"]
    # role and what it was for are apart ("Role, Organization")
    assert [(s.role, s.organization) for s in r.service] == [
        ("Associate Editor", "Journal of Widgets"), ("Council Member", "Widget Society")]


def test_vancouver_references_mark_the_subject_and_keep_the_journal_only():
    r = extract(_doc("""
        Maja Lindqvist

        Publications
        1. Mensah P, Osei A, Lindqvist M. Antimicrobial resistance in gonorrhoea isolates from Accra. Clin Infect Dis. 2021;73(5):e1120-7.
        2. Walmsley SL, Lindqvist MK. HIV pre-exposure prophylaxis: where are we now? CMAJ. 2020 Jun 15;192(24):E650-E651.
        3. Lindqvist MK, Holm SR. Uptake of PrEP among women in Kumasi. Lancet HIV. 2023 Mar;10(3):e155-e164. doi: 10.1016/S2352-3018(22)00345-1
        """, "cv.txt", "text"))
    assert pubs(r) == [
        ("Antimicrobial resistance in gonorrhoea isolates from Accra", ["Mensah P", "Osei A", "Lindqvist M*"],
         "Clin Infect Dis", "2021", "published"),
        ("HIV pre-exposure prophylaxis: where are we now?", ["Walmsley SL", "Lindqvist MK*"], "CMAJ", "2020", "published"),
        ("Uptake of PrEP among women in Kumasi", ["Lindqvist MK*", "Holm SR"], "Lancet HIV", "2023", "published"),
    ]
    assert r.publications[2].doi == "10.1016/S2352-3018(22)00345-1"


def test_contacts_written_without_a_scheme_and_an_orcid_is_not_a_phone():
    r = extract(_doc("""
        Dr. Maja Lindqvist
        Tel: +46 8 16 20 00
        Email: maja.lindqvist@example.org
        ORCID: https://orcid.org/0000-0002-1825-0097
        LinkedIn: linkedin.com/in/majalindqvist   GitHub: github.com/mlindqvist

        Education
        Ph.D. in Microbiology, Lakeside University, 2015
        """, "cv.txt", "text"))
    assert r.person.name == "Maja Lindqvist" and r.person.phones == ["+46 8 16 20 00"]
    assert r.person.profiles == ["https://orcid.org/0000-0002-1825-0097", "https://www.linkedin.com/in/majalindqvist",
                                 "https://github.com/mlindqvist"]
    assert r.person.homepage is None


def test_a_phone_number_never_runs_across_a_column_or_a_line():
    from mappers.extract.fields import find_phones
    # an address cell ending in a postcode beside a phone cell (a LaTeX tabular header)
    assert find_phones("Springfield, IL 62704\t217-555-0143") == ["217-555-0143"]
    assert find_phones("Room 12 62704\n217-555-0143") == ["217-555-0143"]
    assert find_phones("Tel: +44 20 7946 0958\tMobile: +44 7700 900 123") == ["+44 20 7946 0958", "+44 7700 900 123"]
    # (the fax number of the next cell is no phone: session 24)
    assert find_phones("Tel: +44 20 7946 0958\tFax: +44 20 7946 0959") == ["+44 20 7946 0958"]


def test_a_title_in_a_field_then_the_university():
    r = extract(_doc("""
        # Rhea Calder

        ## Experience
        - 2016 - 2020: Lecturer in Oceanography, University of Westmark
        - 2009 - 2016: Professor of Marine Biology, University of Eastholm
        """))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("University of Westmark", "Lecturer in Oceanography", "2016", "2020"),
        ("University of Eastholm", "Professor of Marine Biology", "2009", "2016")]


# --- Markdown section structure ----------------------------------------------------------------
def test_an_unknown_heading_as_high_as_the_section_ends_it_and_group_labels_stay_inside():
    r = extract(_doc("""
        # Tomas Brevik

        ## Posts
        - 2015 to 2020: Lecturer in Geology, University of Westmark

        ## Qualifications
        - 2014: PhD in Geology, University of Westmark

        ## Awards
        - 2018: Ridgeway Medal, Society of Stones

        ## Books and public resources
        - 2021: Field Guide to Basalt, Quarry Press

        ## Experience

        ### Research

        `2018 - Present`
        __University of Dunmore |__ PhD Candidate

        ### Professional

        `2016 - 2017`
        __Corvel Labs |__ Data Analyst
        """))
    assert [(e.institution, e.level, e.field, e.end) for e in r.education] == [
        ("University of Westmark", "doctorate", "Geology", "2014")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("University of Westmark", "Lecturer in Geology", "2015", "2020", False),
        ("University of Dunmore", "PhD Candidate", "2018", None, True),
        ("Corvel Labs", "Data Analyst", "2016", "2017", False)]
    assert [(a.name, a.year) for a in r.awards] == [("Ridgeway Medal, Society of Stones", "2018")]
    assert any("Books and public resources" in s for s in r.report.skipped)


def test_an_impossible_yaml_date_is_text_not_a_crash():
    """Found by fuzz/fuzz_yaml.py: PyYAML's SafeLoader turns '7557-57-06' into a datetime and
    raises ValueError from inside yaml.load; timestamps are now kept as the text written."""
    r = extract(_doc("""
        name: Jane Q. Du
        education:
          - institution: Example University
            start_date: 2015-09-01
            end_date: 7557-57-06
        """, "cv.yaml", "yaml"))
    # the end is unreadable, so the one date left is the degree's date (as for any single date)
    assert [(e.institution, e.start, e.end) for e in r.education] == [("Example University", None, "2015-09")]


@pytest.mark.parametrize("text, period", [
    ("May-Aug. 2022", ("2022-05", "2022-08", False)), ("Feb - Aug 2016", ("2016-02", "2016-08", False)),
    ("Nov–Feb 2020", ("2019-11", "2020-02", False)), ("Sept.2019 - Present", ("2019-09", None, True)),
    ("From Jun., 2022 to Present", ("2022-06", None, True)), ("Aug 2019 - May 2020", ("2019-08", "2020-05", False)),
])
def test_month_ranges_sharing_a_year_and_months_without_a_space(text, period):
    from mappers.extract.fields import parse_period

    assert parse_period(text) == period


# --- HTML pages ------------------------------------------------------------------------------
def test_html_layout_tables_link_targets_glued_spans_and_the_title():
    from mappers.convert import html_to_text

    page = """<html><head><title>CV - Mira Quell</title></head><body>
    <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
    <table><tr><td><div class="menu"><a href="/">Home</a></div></td><td>
    <h2>Contact</h2>
    <p><a href="mailto:mira@quell.example">Email me</a> · <a href="https://orcid.org/0000-0002-1825-0097">ORCID</a></p>
    <h2>Education</h2>
    <ul><li><span>2019 - 2024</span><span>Ph.D. in Computer Science, Northvale University</span></li></ul>
    </td></tr></table></body></html>"""
    text = html_to_text(page)
    assert text.splitlines()[0] == "# Mira Quell"                   # from <title>
    assert "Blog" not in text                                       # <nav> is page chrome
    assert "mira@quell.example" in text and "https://orcid.org/0000-0002-1825-0097" in text
    assert "2019 - 2024 Ph.D. in Computer Science" in text          # two spans, two pieces
    r = extract(SourceDocument(path="cv.html", name="cv.html", sha256="0" * 64, format="html", text=text, raw=page))
    assert r.person.name == "Mira Quell" and r.person.emails == ["mira@quell.example"]
    assert r.person.profiles == ["https://orcid.org/0000-0002-1825-0097"]
    assert [(e.institution, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("Northvale University", "doctorate", "Computer Science", "2019", "2024")]


def test_physics_and_chicago_author_date_references():
    r = extract(_doc("""
        Tomas Novak

        Publications
        1. T. Novak, M. Weber, and R. Moessner, Fractional excitations in a kagome antiferromagnet, Phys. Rev. Lett. 127, 097201 (2021).
        2. A. Haldane, T. Novak, and S. L. Sondhi, Floquet topological insulators, arXiv:2303.01234 (2023).
        3. Novak, Tomas, and Ivan Werning. 2023. "Sovereign Default and the Maturity of Debt." American Economic Review 113 (4): 1021–1058.
        4. Chen, Lu, Tomas Novak, and Sofia Paredes. 2021. "Capital Flow Management in Emerging Markets." Journal of International Economics 131: 103452.
        """, "cv.txt", "text"))
    assert pubs(r) == [
        ("Fractional excitations in a kagome antiferromagnet", ["T. Novak*", "M. Weber", "R. Moessner"],
         "Phys. Rev. Lett", "2021", "published"),
        ("Floquet topological insulators", ["A. Haldane", "T. Novak*", "S. L. Sondhi"], "arXiv", "2023", "preprint"),
        ("Sovereign Default and the Maturity of Debt", ["Tomas Novak*", "Ivan Werning"], "American Economic Review",
         "2023", "published"),
        ("Capital Flow Management in Emerging Markets", ["Lu Chen", "Tomas Novak*", "Sofia Paredes"],
         "Journal of International Economics", "2021", "published"),
    ]


def test_json_resume_volunteer_with_one_date_and_highlights():
    import json

    data = {"basics": {"name": "Iris Maddox"},
            "volunteer": [{"organization": "Symposium on Tidal Systems", "position": "Session Chair", "date": "2023-09"},
                          {"position": "Reviewer", "highlights": ["IROS 2019, 2020", "ICRA 2021", "Journal of Tides"]}]}
    r = extract(_doc(json.dumps(data, indent=1), "cv.json", "jsonresume"))
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Session Chair", "Symposium on Tidal Systems", "2023-09"), ("Reviewer", "IROS", "2019, 2020"),
        ("Reviewer", "ICRA", "2021"), ("Reviewer", "Journal of Tides", None)]


def test_degrees_outside_the_english_pattern_accepted_work_and_venue_tails():
    r = extract(_doc("""
        Jane Roe

        Education
        MD, Stanford University School of Medicine, 2004
        Diploma in Physics, Technische Universität München, 2000
        Licenciatura en Economía, Universidad de Buenos Aires, 1998
        High School Diploma, Lakeside High School, 1994

        Publications
        [1] J. Roe, "Bilingualism and emotion," Annual Review of Clinical Psychology, in press.
        [2] Roe, J., & Lee, K. (forthcoming). Memory and the merchant. Journal of Medieval History.
        [3] W. Zhang and J. Roe, "Intelligent reflecting surface aided ISAC," IEEE Trans. Wireless Commun., vol. 22, no. 5, pp. 3201–3215, May 2023.

        Professional Service
        Program Committee: PLDI 2024, POPL 2023, ESOP 2022

        Conference Presentations
        2023: NBER Summer Institute (IFM), Stanford

        Skills
        Languages: OCaml, Coq, Haskell, Rust
        """, "cv.txt", "text"))
    assert [(e.institution, e.degree, e.level) for e in r.education] == [
        ("Stanford University School of Medicine", "MD", "doctorate"),
        ("Technische Universität München", "Diploma in Physics", "master"),
        ("Universidad de Buenos Aires", "Licenciatura en Economía", "bachelor"),
        ("Lakeside High School", "High School Diploma", "other")]
    assert pubs(r) == [
        ("Bilingualism and emotion", ["J. Roe*"], "Annual Review of Clinical Psychology", None, "published"),
        ("Memory and the merchant", ["J. Roe*", "K. Lee"], "Journal of Medieval History", None, "published"),
        ("Intelligent reflecting surface aided ISAC", ["W. Zhang", "J. Roe*"], "IEEE Trans. Wireless Commun", "2023",
         "published")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Program Committee", "PLDI", "2024"), ("Program Committee", "POPL", "2023"), ("Program Committee", "ESOP", "2022")]
    assert [(t.title, t.date) for t in r.talks] == [("NBER Summer Institute (IFM), Stanford", "2023")]
    assert r.skills == ["OCaml", "Coq", "Haskell", "Rust"] and r.languages == []


def test_roles_listed_under_an_organization_line_and_wrapped_entry_lines():
    r = extract(_doc("""
        Rafael Ferreira

        ACADEMIC POSITIONS

              Boston University, Department of Economics
                    Associate Professor                                   2022 - present
                    Assistant Professor                                     2016 - 2022

              Federal Reserve Bank of New York
                    Visiting Scholar                                        Summer 2019

        RESEARCH EXPERIENCE
        2020–present Associate Professor, Department of Molecular
        Biosciences, Stockholm University
        2013–2014 Clinical Psychology Intern, VA Palo Alto Health Care
        System, Palo Alto, CA

        EDUCATION
        2013 Ph.D., Clinical Psychology, University of California, Los
        Angeles
        2008 B.S., Psychology, Universidad de Granada, Spain
        """, "cv.txt", "text"))
    assert [(p.organization, p.title, p.unit, p.start, p.end) for p in r.positions] == [
        ("Boston University", "Associate Professor", "Department of Economics", "2022", None),
        ("Boston University", "Assistant Professor", "Department of Economics", "2016", "2022"),
        ("Federal Reserve Bank of New York", "Visiting Scholar", None, "2019", None),
        ("Stockholm University", "Associate Professor", "Department of Molecular Biosciences", "2020", None),
        ("VA Palo Alto Health Care System", "Clinical Psychology Intern", None, "2013", "2014")]
    assert [(e.institution, e.degree, e.field, e.end) for e in r.education] == [
        ("University of California, Los Angeles", "Ph.D.", "Clinical Psychology", "2013"),
        ("Universidad de Granada", "B.S.", "Psychology", "2008")]


def test_humanities_and_economics_publication_lists():
    """No author lists: books with their publisher, quoted articles with the journal on the next
    line, '(with …)' co-author notes, and sub-headings that group the list."""
    r = extract(_doc("""
        Eleanor Hartmann

        Publications
        Books
        The Hanseatic Household: Family, Credit, and Commerce in
        Late Medieval Lübeck. Ithaca: Cornell University Press, 2014.
        Articles
        “Widows in the Counting House: Women and Credit in Lübeck.”
        Speculum 88, no. 2 (2013): 401–436.

        Working Papers
        "Inflation Expectations of Firms" (with Olivier Coibion and Yuriy Gorodnichenko), NBER Working Paper No. 29801, 2022.
        """, "cv.txt", "text"))
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year, p.status) for p in r.publications] == [
        ("The Hanseatic Household: Family, Credit, and Commerce in Late Medieval Lübeck", [], "Cornell University Press",
         "2014", "published"),
        ("Widows in the Counting House: Women and Credit in Lübeck", [], "Speculum", "2013", "published"),
        ("Inflation Expectations of Firms", ["Eleanor Hartmann", "Olivier Coibion", "Yuriy Gorodnichenko"],
         "NBER Working Paper No. 29801", "2022", "preprint"),
    ]


def test_latex_entry_macros_one_argument_per_line_in_any_order_and_labelled_items():
    """awesome-cv writes \\cventry alone and each argument on a line of its own; Jake's resume
    puts the organization first (\\resumeSubheading{Org}{Place}{Role}{Dates})."""
    r = extract(_doc(r"""
        \documentclass[11pt,a4paper]{awesome-cv}
        \name{Mara}{Quell}
        \email{mara.quell@example.org}
        \begin{document}
        \makecvheader
        \cvsection{Education}
        \begin{cventries}
          \cventry
            {Ph.D. in Geophysics}
            {Northvale University}
            {Lund, Sweden}
            {2016 -- 2020}
            {}
        \end{cventries}
        \cvsection{Experience}
        \begin{itemize}
        \resumeSubheading{Halvard Research Center}{Oslo, Norway}{Research Scientist}{2020 -- 2023}
        \end{itemize}
        \cvsection{Publications}
        \begin{itemize}
        \item[{[J2]}] \textbf{Mara Quell}, Ossi Laine, ``Tides in fjords,'' \textit{J. Fjord Science}, 12, 33--41 (2021).
        \item Laine, O., \textbf{Quell, M.}, and Holt, T. Sediment transport in braided rivers. \emph{Journal of Fluvial Studies}, 2019.
        \end{itemize}
        \end{document}
        """, "cv.tex", "latex"))
    assert [(e.institution, e.degree, e.start, e.end) for e in r.education] == [
        ("Northvale University", "Ph.D. in Geophysics", "2016", "2020")]
    assert [(p.organization, p.title, p.location, p.start, p.end) for p in r.positions] == [
        ("Halvard Research Center", "Research Scientist", "Oslo, Norway", "2020", "2023")]
    assert [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.year) for p in r.publications] == [
        ("Tides in fjords", ["Mara Quell*", "Ossi Laine"], "2021"),
        ("Sediment transport in braided rivers", ["O. Laine", "M. Quell*", "T. Holt"], "2019")]


@pytest.mark.parametrize("text, period", [
    ("2012--16", ("2012", "2016", False)), ("2020 – 23", ("2020", "2023", False)), ("2012-16", ("2012", "2016", False)),
    ("2010-12", ("2010-12", None, False)), ("Mar-2016 -- Aug-2020", ("2016-03", "2020-08", False)),
])
def test_short_end_years_and_month_hyphen_year(text, period):
    from mappers.extract.fields import parse_period

    assert parse_period(text) == period


def test_moderncv_description_lines_give_advisors_thesis_and_honours():
    r = extract(_doc(r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Lena}{Varga}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2015--2020}{Ph.D. in Neuroscience}{Greyhaven University}{Toronto, Canada}{}{Advisors: Marc Ouellet \& Rita Kahn\\Thesis: Predicting memory decline from resting-state networks}
        \cventry{2013--2015}{M.Sc. in Psychology, Summa Cum Laude}{Eastwick University}{Ottawa, Canada}{}{Advisor: Paul Drury\\Thesis: Attention lapses in older adults}
        \end{document}
        """, "cv.tex", "latex"))
    assert [(e.institution, e.degree, e.field, e.advisors, e.thesis, e.honours, e.start, e.end) for e in r.education] == [
        ("Greyhaven University", "Ph.D. in Neuroscience", "Neuroscience", ["Marc Ouellet", "Rita Kahn"],
         "Predicting memory decline from resting-state networks", [], "2015", "2020"),
        ("Eastwick University", "M.Sc. in Psychology", "Psychology", ["Paul Drury"], "Attention lapses in older adults",
         ["Summa Cum Laude"], "2013", "2015")]


# --- session 9 ----------------------------------------------------------------------------------
def test_the_place_an_event_was_held_is_not_part_of_its_venue():
    """'…, Vienna, Austria, July 2020': where the conference met, after its name (and before or
    after pages and dates). A thesis line naming no event keeps its city."""
    r = extract(_doc("""
        # Jane Q. Doe

        ## Publications

        1. Jane Q. Doe, Bob Smith. Learning to Rank Things. In *Proceedings of the 37th International Conference on Machine Learning (ICML)*, Vienna, Austria, July 2020.
        2. Jane Q. Doe and Carl Jones. Fast Graph Queries. In Proceedings of the ACM SIGMOD Conference, Portland, OR, USA, pp. 1–12, 2019.
        3. J. Q. Doe, A. Lee. "Neural stuff," in Proc. IEEE CVPR, Salt Lake City, UT, 2018, pp. 100-108.
        4. Jane Q. Doe, Bob Smith. A workshop paper. Workshop on Systems for ML at NeurIPS, Montréal, Canada, December 2018.
        5. Jane Q. Doe, Dan Roe. Fusing Kernels on the Fly. In Proceedings of the Symposium on Operating Systems Principles, Virtual Event, Germany, 2021.
        6. Jane Q. Doe. Learning Things at Scale. PhD thesis, University of California, Berkeley, CA, 2015.
        """))
    assert [(p.venue, p.venue_acronym, p.year) for p in r.publications] == [
        ("International Conference on Machine Learning", "ICML", "2020"),
        ("ACM SIGMOD Conference", "SIGMOD", "2019"),
        ("Proc. IEEE CVPR", "CVPR", "2018"),
        ("Workshop on Systems for ML at NeurIPS", "NeurIPS", "2018"),
        ("Symposium on Operating Systems Principles", "SOSP", "2021"),
        ("PhD thesis, University of California, Berkeley, CA", None, "2015"),
    ]


def test_apa_lists_with_two_initials_and_three_authors():
    """'Doe, J. Q., & Smith, B.': the author list does not end at the first initial, and 'Lee, A'
    (its stop cut) is the initial A, not the word 'a'."""
    r = extract(_doc("""
        # Jane Q. Doe

        ## Publications

        - Doe, J. Q., & Smith, B. (2018). Robust parsing. *Journal of Data Science*, 12(3), 45–67.
        - Doe, J. Q., Smith, B., & Lee, A. (2017). Parsing robustly again. Journal of Data Science, 11(2), 1–9.
        - Doe, J. Q., Smith, B., and Lee, A. Parsing at scale. Journal of Data Science, 2016.
        """))
    assert pubs(r) == [
        ("Robust parsing", ["J. Q. Doe*", "B. Smith"], "Journal of Data Science", "2018", "published"),
        ("Parsing robustly again", ["J. Q. Doe*", "B. Smith", "A. Lee"], "Journal of Data Science", "2017", "published"),
        ("Parsing at scale", ["J. Q. Doe*", "B. Smith", "A. Lee"], "Journal of Data Science", "2016", "published"),
    ]


def test_dblp_springer_and_labelled_references():
    """Lists copied from DBLP ('A, B: Title. Venue 11(7): 813-825 (2015)'), Springer's style
    ('Doe J., Smith B. (2017) Title. In: Proceedings of X. Springer, pp 1–10', the subject
    written surname first with a stop), a '[1]' label after a bullet, and pages after the
    venue's closing stop."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications

        - [1] J. Doe, B. Smith, and C. Lee, “Deep tables for all,” IEEE Trans. Pattern Anal. Mach. Intell., vol. 42, no. 3, pp. 1–10, Mar. 2020.
        - Doe J., Smith B. (2017) Tables on the web. In: Proceedings of WISE 2017. Springer, pp 1–10
        - Jane Doe, Bob Smith, Carl Lee: Table union search at scale. Proc. VLDB Endow. 11(7): 813-825 (2015)
        - Bob Smith, Jane Doe. 2014. Semantic tables. In Proceedings of the 2014 Conference on Empirical Methods in Natural Language Processing (EMNLP). 100–110.
        """))
    assert [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue, p.year)
            for p in r.publications] == [
        ("Deep tables for all", ["J. Doe*", "B. Smith", "C. Lee"], "IEEE Trans. Pattern Anal. Mach. Intell", "2020"),
        ("Tables on the web", ["J. Doe*", "B. Smith"], "WISE", "2017"),
        ("Table union search at scale", ["Jane Doe*", "Bob Smith", "Carl Lee"], "Proc. VLDB Endow", "2015"),
        ("Semantic tables", ["Bob Smith", "Jane Doe*"],
         "Conference on Empirical Methods in Natural Language Processing", "2014"),
    ]


def test_a_plain_text_cv_with_quoted_talks_listed_service_and_dated_awards():
    """The shape of many US academic CVs as pdftotext gives them: one talk per quoted title,
    'Program Committee: SIGMOD (2021, 2022), VLDB (2020–2022)' with its years, a labelled
    line after a long one is its own entry, and an award's closing year is its year."""
    r = extract(_doc("""
        JANE Q. DOE
        jdoe@example.edu

        HONORS AND AWARDS
        NSF CAREER Award, 2022
        Sloan Research Fellowship (2021)

        INVITED TALKS
        "Learning over Tables," Google Research, Mountain View, CA, March 2021
        "Tables Everywhere," University of California, Berkeley, November 2020

        PROFESSIONAL SERVICE
        Program Committee: SIGMOD (2021, 2022), VLDB (2020–2022), ICDE 2021
        Reviewer: ACM TODS, VLDB Journal
        """, name="cv.txt", fmt="text"))
    assert [(a.name, a.year) for a in r.awards] == [("NSF CAREER Award", "2022"), ("Sloan Research Fellowship", "2021")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Learning over Tables", "Google Research, Mountain View, CA", "2021-03"),
        ("Tables Everywhere", "University of California, Berkeley", "2020-11")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Program Committee", "SIGMOD", "2021, 2022"), ("Program Committee", "VLDB", "2020–2022"),
        ("Program Committee", "ICDE", "2021"), ("Reviewer", "ACM TODS", None), ("Reviewer", "VLDB Journal", None)]


def test_education_dissertation_lines_and_an_honour_after_the_field():
    """'Dissertation: …' is the thesis (it was kept as an honour), an honour in brackets after
    the field does not hide the institution, and an 'Advisors:' value cut by the page's margin
    is joined back."""
    r = extract(_doc("""
        JANE Q. DOE
        jdoe@example.edu

        EDUCATION
        Ph.D., Computer Science, Massachusetts Institute of Technology, 2018
          Dissertation: Learning over Tables with Sparse Joins and Learned Indexes. Advisors: Margaret
          Ellison and Rahul Venkataraman.
        B.S., Mathematics and Computer Science (summa cum laude), University of Michigan, 2013
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.field, e.end, e.thesis, e.advisors, e.honours) for e in r.education] == [
        ("Ph.D.", "Massachusetts Institute of Technology", "Computer Science", "2018",
         "Learning over Tables with Sparse Joins and Learned Indexes", ["Margaret Ellison", "Rahul Venkataraman"], []),
        ("B.S.", "University of Michigan", "Mathematics and Computer Science", "2013", None, [], ["summa cum laude"]),
    ]


def test_markdown_positions_under_organisation_headings_and_an_advised_by_note():
    r = extract(_doc("""
        # Jane Q. Doe

        ## Experience

        ### Stanford University
        *Assistant Professor*, Department of Computer Science, 2020–present

        ### University of Washington, Seattle, WA
        Postdoctoral Researcher (2018–2020), advised by Magdalena Balazinska

        **Microsoft Research**, Redmond, WA — Research Intern, Summer 2016
        """))
    assert [(p.title, p.organization, p.unit, p.start, p.end, p.current, p.mentors) for p in r.positions] == [
        ("Assistant Professor", "Stanford University", "Department of Computer Science", "2020", None, True, []),
        ("Postdoctoral Researcher", "University of Washington", None, "2018", "2020", False, ["Magdalena Balazinska"]),
        ("Research Intern", "Microsoft Research", None, "2016", None, False, []),
    ]


def test_latex_typewriter_text_and_logos_are_kept(tmp_path):
    """pylatexenc's text table has no \\texttt, \\textsf or \\LaTeX: they were dropped with their
    argument, so a skills line read 'Languages: , ; typesetting with  and'."""
    from mappers.read import read_document

    tex = tmp_path / "cv.tex"
    tex.write_text(textwrap.dedent(r"""
        \documentclass{article}
        \begin{document}
        \name{Jane Q. Doe}
        \section{Education}
        Ph.D. in Computer Science, Example University, 2015--2020
        \section{Skills}
        \texttt{Python}, \texttt{C++}, \textsf{Rust}, \LaTeX{}, \BibTeX
        \end{document}
        """))
    doc = read_document(tex)
    assert "Python, C++, Rust, LaTeX, BibTeX" in doc.text
    assert extract(doc).skills == ["Python", "C++", "Rust", "LaTeX", "BibTeX"]


def test_latex_logos_in_fragments_keep_their_word_and_the_space_after():
    """A fragment (a YAML value, a LaTeX field) ending in \\LaTeX lost it in the fast path, and
    pylatexenc drops the space after an argument-less macro ("\\TeX and" gave "TeXand")."""
    from mappers.convert import latex_fragment_to_text

    assert latex_fragment_to_text(r"git, tmux, \LaTeX") == "git, tmux, LaTeX"
    assert latex_fragment_to_text(r"\TeX and \LaTeX{} notes") == "TeX and LaTeX notes"
    assert latex_fragment_to_text(r"\LaTeXe, \BibTeX") == "LaTeX2e, BibTeX"


def test_res_cls_entries_without_blank_lines_between_them(tmp_path):
    """res.cls CVs write '{\\bf Org} \\hfill {\\em dates} \\\\ degree' entries one after another:
    the second was lost inside the first's paragraph. Each entry also keeps its own line."""
    from mappers.read import read_document

    tex = tmp_path / "cv.tex"
    tex.write_text(textwrap.dedent(r"""
        \documentclass{resume}
        \name{Jane Q. Doe}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Massachusetts Institute of Technology} \hfill {\em Sep 2013 - Jun 2018} \\
        Ph.D.\ in Computer Science \\
        {\bf University of Michigan} \hfill {\em Sep 2009 - May 2013} \\
        B.S.\ in Mathematics
        \end{rSection}
        \begin{rSection}{Experience}
        \begin{rSubsection}{Google}{June 2018 - Present}{Software Engineer}{Mountain View, CA}
        \item Built things.
        \end{rSubsection}
        \end{rSection}
        \end{document}
        """).lstrip())
    r = extract(read_document(tex))
    assert [(e.institution, e.degree, e.start, e.end, e.line) for e in r.education] == [
        ("Massachusetts Institute of Technology", "Ph.D. in Computer Science", "2013-09", "2018-06", 5),
        ("University of Michigan", "B.S. in Mathematics", "2009-09", "2013-05", 7)]
    assert [(p.title, p.organization, p.current) for p in r.positions] == [("Software Engineer", "Google", True)]


def test_json_resume_volunteer_venues_with_year_ranges():
    """A JSON Resume 'volunteer' role without an organization lists its venues as highlights;
    a range of years ('ICRA 2020–2021') left 'ICRA–' as the venue. Text service lists and these
    highlights now share one venue/years splitter."""
    import json

    data = {"basics": {"name": "Jane Doe"},
            "volunteer": [{"position": "Reviewer",
                           "highlights": ["ICRA 2020–2021", "IROS 2019, 2020", "NeurIPS (2021, 2022)", "CoRL"]}]}
    r = extract(_doc(json.dumps(data, indent=1), "cv.json", "jsonresume"))
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Reviewer", "ICRA", "2020–2021"), ("Reviewer", "IROS", "2019, 2020"),
        ("Reviewer", "NeurIPS", "2021, 2022"), ("Reviewer", "CoRL", None)]


def test_plain_text_talks_cut_by_the_margin_and_titles_ended_by_a_stop():
    """pdftotext breaks a long quoted talk title over two lines (the title was cut at the margin
    and its second half became the host), and many CVs write 'Title. Host, Place, Date.'
    (the host stayed in the title)."""
    r = extract(_doc("""
        JANE Q. DOE
        jdoe@example.edu

        INVITED TALKS
        "Learning over Tables with Sparse Graph Models and Their Many Uses in Data
        Systems," Google Research, Mountain View, CA, March 2021
        “Tables Everywhere,” University of California, Berkeley, November 2020
        Scalable Query Processing for Scientific Data. Department of Computer Science,
        University of Toronto, Toronto, Canada, October 2019.
        Keynote: Data Systems for Everyone. International Workshop on Data Management
        on New Hardware (DaMoN), June 2018.
        Why Indexes Still Matter for Learned Systems Today. Stanford University, May 2017.
        """, name="cv.txt", fmt="text"))
    assert [(t.title, t.host, t.date, t.line) for t in r.talks] == [
        ("Learning over Tables with Sparse Graph Models and Their Many Uses in Data Systems",
         "Google Research, Mountain View, CA", "2021-03", 5),
        ("Tables Everywhere", "University of California, Berkeley", "2020-11", 7),
        ("Scalable Query Processing for Scientific Data",
         "Department of Computer Science, University of Toronto, Toronto, Canada", "2019-10", 8),
        ("Keynote: Data Systems for Everyone",
         "International Workshop on Data Management on New Hardware (DaMoN)", "2018-06", 10),
        ("Why Indexes Still Matter for Learned Systems Today", "Stanford University", "2017-05", 12)]


def test_grant_lines_keep_the_grant_name_without_amount_role_and_years():
    """Grants are read as awards; the amount and the holder's role after the name were kept in it."""
    r = extract(_doc("""
        JANE Q. DOE

        GRANTS AND FUNDING
        NSF CAREER: Learned Data Systems for Scientific Discovery, $550,000, 2022–2027, PI.
        Google Faculty Research Award, $75,000 (2020)
        DARPA Safe Systems Program, 2019–2022, Co-PI
        Young Investigator Award, 2018
        """, name="cv.txt", fmt="text"))
    assert [(a.name, a.year) for a in r.awards] == [
        ("NSF CAREER: Learned Data Systems for Scientific Discovery", "2022"),
        ("Google Faculty Research Award", "2020"), ("DARPA Safe Systems Program", "2019"),
        ("Young Investigator Award", "2018")]


def test_header_orcid_and_site_written_without_an_address_scheme():
    """Printed CVs give 'ORCID 0000-…' without orcid.org and a site without https:// or www."""
    r = extract(_doc("""
        Jane Doe
        jane@example.org | janedoe.github.io | ORCID iD: 0000-0002-1825-0097
        Node.js, e.g. Python

        Education
        Ph.D. in Physics, Lakeside University, 2010
        """, name="cv.txt", fmt="text"))
    assert r.person.homepage == "https://janedoe.github.io"
    assert r.person.profiles == ["https://orcid.org/0000-0002-1825-0097"]
    # an ORCID whose check digit is wrong is not a profile
    r = extract(_doc("""
        Jane Doe
        ORCID 0000-0002-1825-0098
        """, name="cv.txt", fmt="text"))
    assert r.person.profiles == []


def test_full_dates_keep_their_month(tmp_path):
    """RenderCV and other YAML CVs write '2019-09-01': only the year was kept."""
    from mappers.extract.fields import parse_date
    from mappers.read import read_document

    assert [parse_date(t) for t in ("2019-09-01", "2019/09/01", "2019-09-01T00:00:00Z", "01.09.2019",
                                    "2019-13-01", "2019-09", "Sep 2019")] == [
        "2019-09", "2019-09", "2019-09", "2019-09", "2019", "2019-09", "2019-09"]
    cv = tmp_path / "cv.yaml"
    cv.write_text(textwrap.dedent("""
        cv:
          name: Jane Doe
          sections:
            education:
              - institution: Lakeside University
                area: Computer Science
                degree: BS
                start_date: 2019-09-01
                end_date: 2023-06-15
            experience:
              - company: Acme Corp
                position: Software Intern
                start_date: 2022-05-23
                end_date: 2022-08-19
        """).lstrip())
    r = extract(read_document(cv))
    assert [(e.institution, e.start, e.end) for e in r.education] == [("Lakeside University", "2019-09", "2023-06")]
    assert [(p.organization, p.start, p.end) for p in r.positions] == [("Acme Corp", "2022-05", "2022-08")]


def test_field_of_study_after_an_abbreviated_degree():
    """'Ph.D. Marine Acoustics', 'MSc - Applied Geology', 'B.Sc., Physics' name their field
    without 'in'; 'PhD Candidate' and 'Ph.D. Stanford University' do not."""
    from mappers.extract.fields import field_of_degree

    assert [field_of_degree(t) for t in (
        "Ph.D. Marine Acoustics", "MSc - Applied Geology", "B.Sc., Physics", "B.Sc. (Hons) Physics",
        "PhD Candidate", "Ph.D. Stanford University", "B.A. Summa Cum Laude", "Doctor of Philosophy",
        "M.S. in Computer Science")] == [
        "Marine Acoustics", "Applied Geology", "Physics", "Physics", None, None, None, None, "Computer Science"]
    data = {"basics": {"name": "Jane Doe"},
            "education": [{"institution": "Lakeside University", "studyType": "Ph.D. Marine Acoustics"}]}
    import json
    r = extract(_doc(json.dumps(data), "cv.json", "jsonresume"))
    assert [(e.degree, e.level, e.field) for e in r.education] == [
        ("Ph.D. Marine Acoustics", "doctorate", "Marine Acoustics")]


def _yaml(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.yaml"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_bamos_yaml_sections_named_by_the_order_list_and_the_current_position(tmp_path):
    """bamos/cv names sections in 'order: [[key, Heading]]'; 'industry:' and 'research:' were
    not recognised and 'current_position:' was dropped as a person field."""
    r = _yaml(tmp_path, """
        name:
          first: Jane
          last: Doe
        email: jane@example.org
        order:
          - [education, Education]
          - [current_position, Current Position]
          - [industry, Industry Experience]
          - [research, Research Experience]
        current_position:
          - place: Lakeside University
            title: Assistant Professor
            dates: 2024 -- Present
        education:
          - school: Lakeside University
            degree: Ph.D. in Robotics
            dates: 2018 -- 2023
        industry:
          - place: Acme Robotics
            title: Research Intern
            dates: 2021
        research:
          - place: Lakeside University
            title: Graduate Research Assistant
            dates: 2018 -- 2023
        """)
    assert [(e.institution, e.field, e.start, e.end, e.line) for e in r.education] == [
        ("Lakeside University", "Robotics", "2018", "2023", 15)]
    assert [(p.organization, p.title, p.start, p.end, p.current, p.line) for p in r.positions] == [
        ("Lakeside University", "Assistant Professor", "2024", None, True, 11),
        ("Acme Robotics", "Research Intern", "2021", None, False, 19),
        ("Lakeside University", "Graduate Research Assistant", "2018", "2023", False, 23)]
    assert not any("order" in s for s in r.report.skipped)


def test_yaml_cv_without_a_name_and_with_variant_keys(tmp_path):
    """An al-folio cv.yml without its 'General Information' block was refused ('no name'); it
    is read with an unnamed subject, as text CVs are. Keys written 'start-date', 'year_start',
    'institute', 'currently-employed', a nested 'contact:' block, and a service entry's
    'institution' are read."""
    r = _yaml(tmp_path, """
        - title: Education
          type: time_table
          contents:
            - title: PhD in Oceanography
              institution: Lakeside University
              year: 2019 - 2024
        - title: Professional Service
          type: time_table
          contents:
            - title: Reviewer
              institution: Journal of Imaginary Hydrology
              year: 2022
        """)
    assert r.person.name == "" and any("unnamed" in w for w in r.report.warnings)
    assert [(e.institution, e.field) for e in r.education] == [("Lakeside University", "Oceanography")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Reviewer", "Journal of Imaginary Hydrology", "2022")]
    r = _yaml(tmp_path, """
        name: Jane Doe
        contact:
          email: jane@example.org
          website: https://janedoe.example.org
        employment-history:
          - company: Acme Corp
            position: Engineer
            currently-employed: true
            start-date: 2021-07-12
            end-date: null
        professional_employment:
          - year_start: 2018
            year_end: 2021
            title: Analyst
            organization: Example Bank
        education-history:
          - institute: Lakeside University
            major: Computer Science
            degree: Bachelor's Degree
            start-date: 2014-08-21
            end-date: 2018-05-06
        """)
    assert (r.person.emails, r.person.homepage) == (["jane@example.org"], "https://janedoe.example.org")
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Acme Corp", "Engineer", "2021-07", None, True), ("Example Bank", "Analyst", "2018", "2021", False)]
    assert [(e.institution, e.field, e.start, e.end) for e in r.education] == [
        ("Lakeside University", "Computer Science", "2014-08", "2018-05")]
    assert r.report.skipped == []


def test_legend_lines_and_plus_marks_for_co_first_authors():
    """Lab pages mark co-first authors with '+' and explain their marks in legend lines
    ('boldface denotes group members'); the legends became publications and a '+' after a
    name stopped the author list (the first author was taken as the title)."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        ___boldface denotes group members___
        ___+ denotes co-first authors___

        - **Anna Smith+**, **Karl Brown+** and **Jane Doe***. (2024) Tidal Mixing in Shallow Estuaries. Journal of Coastal Dynamics; 12(3): 455-470.
        - Anna Smith+, **Jane Doe+** and Richard Roe*. (2022) Kelp Cover from Drone Imagery. Remote Sensing of Coasts; 4(2): 33-49.
        - **Jane Doe** and Richard Roe. (2021) Boldface Networks for Tables. Ocean Letters.
        """))
    assert [(p.title, [a.name + ("*" if a.is_subject else "") + ("+" if a.equal_contribution else "")
                       for a in p.authors], p.venue, p.year) for p in r.publications] == [
        ("Tidal Mixing in Shallow Estuaries", ["Anna Smith+", "Karl Brown+", "Jane Doe*"],
         "Journal of Coastal Dynamics", "2024"),
        ("Kelp Cover from Drone Imagery", ["Anna Smith+", "Jane Doe*+", "Richard Roe+"], "Remote Sensing of Coasts", "2022"),
        ("Boldface Networks for Tables", ["Jane Doe*", "Richard Roe"], "Ocean Letters", "2021")]


def test_adjacent_html_spans_in_markdown_are_separate_pieces():
    """'<span>Ph.D., Marine Biology</span><span>2016 – 2021</span>' in a Markdown page gave the
    field 'Marine Biology2016' (the same HTML in an .html page was read right)."""
    r = extract(_doc("""
        # Jane Doe

        ## Education
        <div class="cv-entry">
          <div class="cv-head"><span class="cv-role">Ph.D., Marine Biology</span><span class="cv-date">2016 – 2021</span></div>
          <div class="cv-org">University of Lorem, Springfield, USA</div>
        </div>

        ## Experience
        <div class="cv-entry">
          <div class="cv-head"><span class="cv-role">Research Assistant</span><span class="cv-date">Jan 2014 – May 2016</span></div>
          <div class="cv-org">Ipsum Institute, Shelbyville, USA</div>
        </div>
        """))
    assert [(e.degree, e.field, e.start, e.end) for e in r.education] == [("Ph.D.", "Marine Biology", "2016", "2021")]
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Research Assistant", "Ipsum Institute", "2014-01", "2016-05")]


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_latex_subsections_of_an_unnamed_section_and_publication_headings(tmp_path):
    """'Academic Accolades' is not a heading cvgraph knows, but its subsections are (grants,
    prizes): each is read by its own heading (the awards came out of the plain-text fallback
    as 'Imaginary Science FellowshipFictional Foundation'). 'Manuscripts Under Review' was
    read as reviewing service and 'Book Chapters' was skipped; 'Submitted to' is not a venue."""
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Jane}
        \familyname{Doe}
        \begin{document}
        \makecvtitle
        \section{Academic Accolades}
        \subsection{Grants and Fellowships}
        \cventry{2019}{Imaginary Science Fellowship}{}{}{}{Fictional Foundation}
        \cventry{2017}{Travel Grant}{}{}{}{Invented University}
        \subsection{Prizes}
        \cventry{2016}{Best Pretend Paper Award}{}{}{}{Made-Up Conference}
        \end{document}
        """)
    assert [(a.name, a.year) for a in r.awards] == [
        ("Imaginary Science Fellowship", "2019"), ("Travel Grant", "2017"), ("Best Pretend Paper Award", "2016")]
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \begin{document}
        \begin{center}{\Large Jane Doe}\\ jane@example.org\end{center}
        \section*{Journal Articles}
        \begin{enumerate}
        \item Doe, J., \& Roe, R. (2021). Fast gizmos for everyone. \textit{Journal of Pretend Methods}, 3, 5--9.
        \end{enumerate}
        \section*{Manuscripts Under Review}
        \begin{enumerate}
        \item Doe, J., \& Poe, A. (2024). Slow gizmos for no one. Submitted to \textit{Journal of Pretend Methods}.
        \end{enumerate}
        \section*{Book Chapters}
        \begin{enumerate}
        \item Doe, J. (2020). Widgets in practice. In \textit{Handbook of Fictional Methods} (pp. 101--120). Nowhere Press.
        \end{enumerate}
        \end{document}
        """)
    assert [(p.title, p.year, p.status) for p in r.publications] == [
        ("Fast gizmos for everyone", "2021", "published"), ("Slow gizmos for no one", "2024", "in submission"),
        ("Widgets in practice", "2020", "published")]
    assert [p.venue for p in r.publications[:2]] == ["Journal of Pretend Methods"] * 2
    assert r.service == []


# --- session 11: LaTeX fields ---
def test_latex_href_fields_show_the_link_text_and_publications_keep_the_address(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \usepackage{hyperref}
        \begin{document}
        \begin{center}{\Large Jane Doe}\\ \href{mailto:jane@example.org}{jane@example.org}\end{center}
        \section*{Education}
        \begin{itemize}
        \item 2015--2020 \quad \href{https://phd.example.edu/}{PhD in Imaginary Physics} - \href{https://www.example.edu/}{University of Nowhere}, Springfield
        \end{itemize}
        \section*{Experience}
        \cventry{2020--2022}{Research Scientist}{\href{https://lab.example.com/}{Gadget Research Lab}}{Springfield}{}{}
        \section*{Talks}
        \begin{itemize}
        \item Widgets at scale (2009--11), \href{https://u.example.edu/}{University of Nowhere}
        \end{itemize}
        \section*{Publications}
        \cvpub{2021}{Jane Doe and Richard Roe}{\href{https://doi.org/10.9999/jpm.2021.3}{Journal of Pretend Methods}}{Fast gizmos for everyone}
        \end{document}
        """)
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("University of Nowhere", "PhD in Imaginary Physics", "Imaginary Physics", "2015", "2020")]
    assert [(p.organization, p.title) for p in r.positions] == [("Gadget Research Lab", "Research Scientist")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [("Widgets at scale", "University of Nowhere", "2009")]
    [pub] = r.publications
    assert (pub.title, pub.venue, pub.year, pub.doi) == (
        "Fast gizmos for everyone", "Journal of Pretend Methods", "2021", "10.9999/jpm.2021.3")
    assert pub.urls == ["https://doi.org/10.9999/jpm.2021.3"]


def test_latex_text_macros_expand_everywhere_and_a_small_caps_name_is_title_cased(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \def\myemail{jdoe@example.edu}
        \newcommand{\myname}{Jane Doe}
        \newcommand\myorg{Invented State University}
        \def\ind{\hangindent=1cm\hangafter=1 \noindent}
        \begin{document}
        {\Large \myname} \hfill \href{mailto:\myemail}{\myemail}
        \section*{Education}
        \begin{itemize}
        \item 2010 \quad Ph.D., Imaginary Studies, \myorg
        \end{itemize}
        \end{document}
        """)
    assert (r.person.name, r.person.emails) == ("Jane Doe", ["jdoe@example.edu"])
    assert [(e.institution, e.degree, e.end) for e in r.education] == [("Invented State University", "Ph.D.", "2010")]
    # no section the LaTeX reader knows: read as text, the macros still expanded and the name
    # in lower-case small capitals title-cased
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{article}
        \newcommand{\marginhead}[1]{\marginpar{\textsf{\footnotesize #1}}}
        \def\ind{\hangindent=1cm\hangafter=1 \noindent}
        \def\myemail{jdoe@example.edu}
        \begin{document}
        \noindent{\Large {\textsc{jane van doe}}} \hfill \href{mailto:\myemail}{\myemail}

        \marginhead{Appointments}

        \ind 2015--Present. Associate Professor of Imaginary Studies, University of Nowhere.
        \end{document}
        """)
    assert (r.person.name, r.person.emails) == ("Jane van Doe", ["jdoe@example.edu"])


def test_latex_tilde_in_a_url(tmp_path):
    for tilde in (r"$\sim$", r"\~{}", r"\textasciitilde{}"):
        r = _tex(tmp_path, r"""
            \documentclass{resume}
            \name{Jane Doe}
            \address{jane.doe@example.org \\ www.example.edu/TILDEjdoe}
            \begin{document}
            \begin{rSection}{Education}
            {\bf Invented State University} \hfill {\em 2007 - 2013} \\
            PhD (Philosophy)
            \end{rSection}
            \end{document}
            """.replace("TILDE", tilde))
        assert r.person.homepage == "https://www.example.edu/~jdoe", tilde
        # "Degree (Field)"
        assert [(e.degree, e.field) for e in r.education] == [("PhD (Philosophy)", "Philosophy")]
    from mappers.convert import latex_fragment_to_text
    assert latex_fragment_to_text(r"\href{https://www.example.edu/~jdoe}{home}") == "home https://www.example.edu/~jdoe"
    assert latex_fragment_to_text(r"\url{https://www.example.edu/~jdoe}") == "https://www.example.edu/~jdoe"
    assert latex_fragment_to_text(r"Dr.~Doe") == "Dr. Doe"


def test_latex_friggeri_header_month_year_dates_and_entry_fields(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[]{friggeri-cv}
        \begin{document}
        \header{Jane}{Doe}{imaginary physicist}
        \begin{aside}
        \section{Contact}
        jane.doe@example.org
        \href{https://github.com/janedoe-example}{@janedoe-example}
        \end{aside}
        \section{Education}
        \begin{entrylist}
          \entry
            {10/15-08/18}
            {Bachelor in Physics}
            {University of Nowhere}
            {Thesis on pretend waves}
        \end{entrylist}
        \section{Publications}
        \begin{entrylist}
          \entry
            {09/18}
            {Doe, J.; Roe, R.; Poe, A.}
            {\href{https://arxiv.org/abs/0000.00001}{Journal of Made-Up Astronomy, Volume 617, id.L7}}
            {Surface gadgets in protoplanetary widgets}
        \end{entrylist}
        \section{Experience}
        \begin{entrylist}
          \entry
            {09/14-06/15}
            {Research assistant}
            {Pretend Observatory}
            {Data reduction}
        \end{entrylist}
        \end{document}
        """)
    assert (r.person.name, r.person.emails, r.person.profiles) == (
        "Jane Doe", ["jane.doe@example.org"], ["https://github.com/janedoe-example"])
    assert [(e.institution, e.degree, e.start, e.end) for e in r.education] == [
        ("University of Nowhere", "Bachelor in Physics", "2015-10", "2018-08")]
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("Pretend Observatory", "Research assistant", "2014-09", "2015-06")]
    [pub] = r.publications
    assert (pub.title, pub.venue, pub.year, pub.status, pub.arxiv) == (
        "Surface gadgets in protoplanetary widgets", "Journal of Made-Up Astronomy", "2018",
        "published", "0000.00001")
    assert [a.name for a in pub.authors] == ["J. Doe", "R. Roe", "A. Poe"] and pub.authors[0].is_subject


def test_month_year_fields_are_read_only_as_whole_date_fields():
    from mappers.extract.fields import month_year_field
    assert month_year_field("09/14-06/15") == "09/2014 – 06/2015"
    assert month_year_field("10/15 - present") == "10/2015 – present"
    assert month_year_field("09/18", single=True) == "09/2018"
    assert month_year_field("09/18") == "09/18"                 # a lone one only in a date column
    for text in ("1/2", "3/4", "12/3", "13/14", "00/14", "06/15-09/14", "pp. 09/14-06/15", "12/3-4/5"):
        assert month_year_field(text, single=True) == text


def test_latex_short_year_range_in_an_entry_keeps_both_sides(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Large Jane Doe}
        \section*{Experience}
        \begin{itemize}
        \item Visiting Scholar (2009--11), University of Nowhere
        \end{itemize}
        \section*{Talks}
        \begin{itemize}
        \item Widgets at scale (2012--14), Invented State University
        \end{itemize}
        \end{document}
        """)
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("Visiting Scholar", "University of Nowhere", "2009", "2011")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [("Widgets at scale", "Invented State University", "2012")]


def test_degree_field_in_parentheses():
    from mappers.extract.fields import field_of_degree
    assert field_of_degree("PhD (Philosophy)") == "Philosophy"
    assert field_of_degree("M.A. (Hispanic Linguistics)") == "Hispanic Linguistics"
    for degree in ("Doctor of Philosophy (PhD)", "M.Sc. (Hons)", "MA (Cantab)", "PhD (expected)", "B.A. (Honours)",
                   "MSc (Distinction)", "BS (Double Major)"):
        assert field_of_degree(degree) is None, degree


def test_latex_moderncv_degree_field_in_its_own_argument(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass[11pt]{moderncv}
        \moderncvstyle{classic}
        \firstname{Jane}
        \familyname{Doe}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2012}{M.A.}{Imaginary Linguistics}{Invented State University}{Springfield, ST}{}
        \cventry{2009}{B.A.}{}{University of Nowhere}{Springfield, ST}{}
        \cventry{2016}{Ph.D.}{University of Nowhere}{Springfield, ST}{}{}
        \end{document}
        """)
    assert [(e.institution, e.degree, e.field, e.end) for e in r.education] == [
        ("Invented State University", "M.A.", "Imaginary Linguistics", "2012"),
        ("University of Nowhere", "B.A.", None, "2009"),
        ("University of Nowhere", "Ph.D.", None, "2016")]


# --- session 11: publication author lists ---
def test_apa_author_list_with_an_ellipsis_and_capitalised_surname_particles():
    """APA 7 writes '…' (or '...') for the authors it leaves out, and surnames such as
    'Van Der Berg' or 'De La Cruz' carry capitalised particles before the initials; either
    made the whole reference fail (its title became 'Doe, J')."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        - Roe, R., Doe, J., Moe, B., ... & Zoe, C. (2023). A made-up benchmark for imaginary agents. *Journal of Fictional Cognition*, 4, 1–9.
        - Poe, A., Doe, J., Van Der Berg, D., De La Cruz, M., & Roe, R. (2019). Widgets in sick gadgets. Pretend Letters, 2, 12.
        - Doe, J., van den Berg, D., Di Rocco, A., … & Zoe, C. (2020). Gadgets for all. Journal of Invented Results, 3, 4–5.
        """))
    assert pubs(r) == [
        ("A made-up benchmark for imaginary agents", ["R. Roe", "J. Doe*", "B. Moe", "C. Zoe"],
         "Journal of Fictional Cognition", "2023", "published"),
        ("Widgets in sick gadgets", ["A. Poe", "J. Doe*", "D. Van Der Berg", "M. De La Cruz", "R. Roe"],
         "Pretend Letters", "2019", "published"),
        ("Gadgets for all", ["J. Doe*", "D. van den Berg", "A. Di Rocco", "C. Zoe"],
         "Journal of Invented Results", "2020", "published")]
    # the ellipsis stands for authors left out
    assert [p.et_al for p in r.publications] == [True, False, True]


def test_semicolon_separated_surname_first_authors_without_a_bracketed_year():
    """MDPI / ACS style: 'Surname, I.; Surname, I. Title. Journal …' with the year under a
    year heading, at the end, or after the journal; the subject's name in bold must not end
    the author list. The title starts after the last initials."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        ### 2023
        **Doe, J.**; Roe, R.P. Tidal Mixing in Shallow Estuaries Revisited. Journal of Coastal Dynamics. 12(3), 455–470.

        Smith, A.; **Doe, J.**; Brown, K. A Hexagonal Grid for Ocean Model Coupling. Ocean Modelling Letters. 8, 101–118.

        ### 2021
        - Doe, J.; Smith, A. Seasonal Kelp Cover from Drone Imagery. Remote Sensing of Coasts. 4(2), 33–49, 2020.
        - Roe, R. P.; Van Der Berg, D.; Doe, J. Gadget Drift in Shallow Bays. Coastal Widget Letters 2019, 7, 101–108.

        ### 2018
        Poe, A.; **Doe, J.** Kelp Forests of Invented Bays. Pretend Earth Data. 17(5), 2035–2062. [**DOI**](https://doi.org/10.9999/ped-17-2035-2018) / [**PDF**](https://example.org/kelp.pdf)
        """))
    assert pubs(r) == [
        ("Tidal Mixing in Shallow Estuaries Revisited", ["J. Doe*", "R.P. Roe"], "Journal of Coastal Dynamics",
         "2023", "published"),
        ("A Hexagonal Grid for Ocean Model Coupling", ["A. Smith", "J. Doe*", "K. Brown"], "Ocean Modelling Letters",
         "2023", "published"),
        ("Seasonal Kelp Cover from Drone Imagery", ["J. Doe*", "A. Smith"], "Remote Sensing of Coasts",
         "2020", "published"),
        ("Gadget Drift in Shallow Bays", ["R. P. Roe", "D. Van Der Berg", "J. Doe*"], "Coastal Widget Letters",
         "2019", "published"),
        # the pages "2035–2062" are not a year; "[**DOI**](…) / [**PDF**](…)" are links, not the venue
        ("Kelp Forests of Invented Bays", ["A. Poe", "J. Doe*"], "Pretend Earth Data", "2018", "published")]
    assert r.publications[-1].doi == "10.9999/ped-17-2035-2018"


def test_the_bracketed_year_after_the_authors_outranks_a_year_inside_a_doi():
    """'(2019)' right after the authors is the year; the '2018' inside the DOI link is not."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        - Poe, A., Doe, J., & Roe, R. (2019). Widgets in sick gadgets. *Pretend Letters*, 2, 12. https://doi.org/10.9999/pl.2018.00123
        - Doe, J., & Roe, R. (2021). Gizmos in bays. Pretend Letters, 4, 1–2. [PDF](https://example.org/files/gizmos-2017.pdf)
        """))
    assert [(p.title, p.venue, p.year, p.doi) for p in r.publications] == [
        ("Widgets in sick gadgets", "Pretend Letters", "2019", "10.9999/pl.2018.00123"),
        ("Gizmos in bays", "Pretend Letters", "2021", None)]
    # where a venue text is all there is, a year inside its DOI or link is not the year either
    from mappers.extract.fields import venue_year

    assert venue_year("Pretend Letters, 2, 12. [PDF] https://doi.org/10.9999/pl.2018.00123") is None
    assert venue_year("Pretend Letters 2019, 2, 12. doi:10.9999/pl.2018.00123") == "2019"
    assert venue_year("Pretend Letters, 2, 12, 10.9999/pl.2018.00123, 2017") == "2017"


def test_trailing_link_labels_are_not_part_of_the_venue_or_title():
    """'[PDF]', '[code]', '[slides]', '[arXiv]', '[Download]', '[ Coming Soon ]' and '(preprint)'
    written after a reference are the labels of its links, not words of its venue or title."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        - Doe, J., & Roe, R. (2021). Fast gizmos for everyone. Journal of Pretend Methods, 3, 5–9. [PDF]
        - Doe, J., & Roe, R. (2020). Slow gizmos. Journal of Pretend Methods, 2, 1–4. [code] [slides]
        - Doe, J., & Poe, A. (2019). Gizmo theory. Pretend Letters, 1, 7–8. [arXiv] (preprint)
        - Doe, J. (2018). Widget drift. Journal of Invented Results, 5, 10–12. [Download]
        - Doe, J. (2017). Gadget waves. Journal of Invented Results, 4, 1–3. [ Coming Soon ]
        """))
    assert pubs(r) == [
        ("Fast gizmos for everyone", ["J. Doe*", "R. Roe"], "Journal of Pretend Methods", "2021", "published"),
        ("Slow gizmos", ["J. Doe*", "R. Roe"], "Journal of Pretend Methods", "2020", "published"),
        ("Gizmo theory", ["J. Doe*", "A. Poe"], "Pretend Letters", "2019", "published"),
        ("Widget drift", ["J. Doe*"], "Journal of Invented Results", "2018", "published"),
        ("Gadget waves", ["J. Doe*"], "Journal of Invented Results", "2017", "published")]


def test_latex_reference_with_a_pdf_link_label_and_a_doi_year():
    """The LaTeX form of the two rules above: '\\href{doi}{[PDF]}' after the journal."""
    from pathlib import Path
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        r = _tex(Path(d), r"""
            \documentclass[11pt]{article}
            \begin{document}
            \begin{center}{\Large Jane Doe}\\ jane@example.org\end{center}
            \section*{Publications}
            \begin{itemize}
            \item Roe, R., \textbf{Doe, J.}, Moe, B., ... \& Zoe, C. (2023). A made-up benchmark for imaginary agents. \\ \textit{Journal of Fictional Cognition}
            \item Poe, A.$^*$, \textbf{Doe, J.}$^*$, Moe, B. C., Van Der Berg, D., \& Roe, R. (2019). Widgets in sick gadgets. \textit{Pretend Letters, 2, 12.} \href{https://doi.org/10.9999/pl.2018.00123}{[PDF]}
            \end{itemize}
            \end{document}
            """)
    assert pubs(r) == [
        ("A made-up benchmark for imaginary agents", ["R. Roe", "J. Doe*", "B. Moe", "C. Zoe"],
         "Journal of Fictional Cognition", "2023", "published"),
        ("Widgets in sick gadgets", ["A. Poe", "J. Doe*", "B. C. Moe", "D. Van Der Berg", "R. Roe"],
         "Pretend Letters", "2019", "published")]


def test_in_preparation_is_a_status_not_a_venue():
    """'In Preparation' / 'in prep.' where the venue would be: work not yet out, which the
    status vocabulary records as a preprint (as for 'working paper'); never the venue 'Preparation'."""
    r = extract(_doc("""
        # Jane Doe

        ## Publications
        - Doe, J., Roe, R., & Poe, A. (2024). Invented priors shape pretend learning. *In Preparation.*
        - Doe, J., & Roe, R. (2025). Gizmos at scale. In prep.
        - Doe, J. (2023). Widget drift. Manuscript in preparation.
        """))
    assert pubs(r) == [
        ("Invented priors shape pretend learning", ["J. Doe*", "R. Roe", "A. Poe"], None, "2024", "preprint"),
        ("Gizmos at scale", ["J. Doe*", "R. Roe"], None, "2025", "preprint"),
        ("Widget drift", ["J. Doe*"], None, "2023", "preprint")]
    assert publication_status("in prep.") == "preprint"


def test_working_paper_headings_with_a_coauthor_line_and_an_abstract():
    """Economics sites: '### Title [Download]', then 'with A and B' (the subject's co-authors),
    then an abstract paragraph. The abstract and the 'with' line were read as publications, and a
    heading with no link ('[ Coming Soon ]') was dropped as a topic heading."""
    r = extract(_doc("""
        # Jane Doe

        ## Working Papers
        ### Tidal Mixing and Kelp Growth in Shallow Estuaries <small>[<a href="/files/tidal.pdf">Download</a>]</small>
        <small>with <a href="https://example.org/roe">Richard Roe</a></small>
        <div style="text-align: justify"><small>
        We study how tidal mixing shapes kelp growth. We find that mixing explains most of the variation in growth rates.
        </small></div>

        ### Seasonal Drift of Coastal Plankton <small>[ Coming Soon ]</small>
        <small>with Anna Smith and Karl Brown</small>

        ## Preprints
        - Jane Doe and Richard Roe. (arXiv 2025) Seasonal Drift of Coastal Plankton. arXiv:2501.01234.
        """))
    # (the status of a working paper would come from its section's name, which is not read here)
    assert [x[:4] for x in pubs(r)] == [
        ("Tidal Mixing and Kelp Growth in Shallow Estuaries", ["Jane Doe*", "Richard Roe"], None, None),
        ("Seasonal Drift of Coastal Plankton", ["Jane Doe*", "Anna Smith", "Karl Brown"], None, None),
        ("Seasonal Drift of Coastal Plankton", ["Jane Doe*", "Richard Roe"], "arXiv", "2025")]
    assert r.publications[-1].status == "preprint"


# --- text from PDFs with a date column before the entries ---------------------------------
def test_date_column_first_awards_and_wrapped_entries():
    """PDF text of a CV whose dates stand in a column left of the entries: an award line opening
    with a month and year keeps them as its date (the name was split off as a second award),
    and a line broken by the margin after a date cell continues the entry, not the date."""
    r = extract(_doc("""
        Noor Vasquez-Lindahl

        Education

        April 2017 – March 2021\tPh.D. in Linguistics, University of Eastmoor, Faculty of Letters and
        Humanities (Supervisor: Aino Kettunen)
        April 2013 – March 2017\tB.A. in Linguistics, Westbrook College

        Awards

        November 2023\tEarly Career Prize of the Phonology Circle
        June 2026 – March 2027\tResearch grant of the Example Language Fund (350,000 yen)
        """, name="cv.txt", fmt="text"))
    assert [(e.institution, e.level, e.field, e.start, e.end) for e in r.education] == [
        ("University of Eastmoor", "doctorate", "Linguistics", "2017-04", "2021-03"),
        ("Westbrook College", "bachelor", "Linguistics", "2013-04", "2017-03")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Early Career Prize of the Phonology Circle", "2023"),
        ("Research grant of the Example Language Fund", "2026")]


def test_work_alone_is_a_positions_heading():
    r = extract(_doc("""
        Noor Vasquez-Lindahl

        WORK
        Lecturer, University of Eastmoor, 2022 – present
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.start) for p in r.positions] == [("University of Eastmoor", "Lecturer", "2022")]


# --- text pulled out of PDFs: narrow columns, paragraph entries (session 15) ------------------
def test_text_from_a_narrow_column_joins_lines_broken_by_its_width():
    """pdftotext of a CV set in a narrow column: no line is 60 characters wide, so a line is
    known to be broken by the width when the next line's first word would not have fitted on
    it. A line that ends on a date ends its entry; a one-word label ("Industry") groups entries."""
    r = extract(_doc("""
        Ilona Brattvik-Sorensen
        Institute of Soil Science, Vesterby University
        ilona.bs@vesterby-example.no

        Education
        Ph.D. in Soil Science, Institute of Soil Science,
        Tromsvik, 2019
        M.Sc. in Environmental Chemistry, University of
        Lindholm, 2015

        Experience
        Research
        Senior Researcher, Laboratory for Soil Carbon
        Dynamics, Vesterby University, 2020–present
        Doctoral Researcher, Group for Root Ecology,
        Institute of Soil Science, Tromsvik, 2015–2019
        Industry
        Field Technician, Survey Division, Nordjord
        Mapping Company, 2012–2014

        Awards
        Early Career Prize of the Northern Soil Science
        Association for work on carbon in peatlands, 2021
        Best Poster Award, Nordic Soil Meeting, 2018
        Travel Grant of the Vesterby University Fund, 2017
        """, name="cv.txt", fmt="text"))
    assert r.person.summary is None
    assert [(e.institution, e.degree, e.end) for e in r.education] == [
        ("Institute of Soil Science", "Ph.D. in Soil Science", "2019"),
        ("University of Lindholm", "M.Sc. in Environmental Chemistry", "2015")]
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Vesterby University", "Senior Researcher", "2020", None, True),
        ("Institute of Soil Science", "Doctoral Researcher", "2015", "2019", False),
        ("Nordjord Mapping Company", "Field Technician", "2012", "2014", False)]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Early Career Prize of the Northern Soil Science Association for work on carbon in peatlands", "2021"),
        ("Best Poster Award, Nordic Soil Meeting", "2018"),
        ("Travel Grant of the Vesterby University Fund", "2017")]


def test_text_of_a_paragraph_entry_with_its_dates_at_the_end_of_the_first_line():
    """pdftotext (without -layout) puts the date set right of a paragraph's first line at the
    end of that line: the first sentence is the entry, the rest of the paragraph its description;
    an undated sentence under a dated award describes it."""
    r = extract(_doc("""
        Tomasz Ewerlöf-Adeyemi

        Appointments
        Research Engineer, Centre for Applied Acoustics, Marlow Institute of Technology. Designed 2019 – 2023
        the microphone arrays for the outdoor noise survey and wrote the calibration software used
        by the field teams.
        Visiting Scholar, Department of Physics, Orrin University. Measured 2017 – 2018
        sound speed profiles in shallow lakes.

        Awards
        Young Acoustician Grant, Acoustical Society of Marlow.\t2020
        Funding for a six-month visit to a partner laboratory and the purchase of two hydrophones.
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.unit, p.start, p.end, p.description) for p in r.positions] == [
        ("Marlow Institute of Technology", "Research Engineer", "Centre for Applied Acoustics", "2019", "2023",
         "Designed the microphone arrays for the outdoor noise survey and wrote the calibration software used by "
         "the field teams."),
        ("Orrin University", "Visiting Scholar", "Department of Physics", "2017", "2018",
         "Measured sound speed profiles in shallow lakes.")]
    assert [(a.name, a.year) for a in r.awards] == [("Young Acoustician Grant, Acoustical Society of Marlow", "2020")]


def test_text_of_a_month_year_date_column_and_thesis_supervisors_with_two_titles():
    """friggeri-cv prints dates as 'MM/YY-MM/YY' in a column before each entry; German CVs give
    supervisors two titles ('Prof. Dr.'), and a name broken after its middle initial goes on
    on the next line."""
    r = extract(_doc("""
        Jonte Vasquez-Lindahl

        Education
        10/16-09/19 Bachelor in Physics\tUniversität Kaltenbach
        • thesis: Dust settling in young circumstellar discs
        • supervisor of thesis: Prof. Dr. Mareike T.
        Oldenkott
        11/19-12/21 Master in Astronomy\tUniversität Kaltenbach
        • supervisors: Dr. Ilka Brandstetter, Prof. Dr. Ruben Almqvist

        Publications
        09/21 Vasquez-Lindahl, J.; Oldenkott, M. T.
        Settling of porous grains in flared discs
        03/23 Vasquez-Lindahl, J. and Brandstetter, I.
        A grid of disc models for dust rings
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.start, e.end, e.advisors) for e in r.education] == [
        ("Bachelor in Physics", "Universität Kaltenbach", "2016-10", "2019-09", ["Mareike T. Oldenkott"]),
        ("Master in Astronomy", "Universität Kaltenbach", "2019-11", "2021-12", ["Ilka Brandstetter", "Ruben Almqvist"])]
    assert r.education[0].thesis == "Dust settling in young circumstellar discs"


def test_text_of_a_resume_template_education_with_thesis_bullets_and_semicolon_notes():
    """Jake's/sb2nov résumé printed to PDF: 'Org<TAB>Place' over 'Degree; honour<TAB>Dates', a
    '• PhD thesis - Title' bullet wrapped over lines as wide as the page, grades after a
    semicolon."""
    r = extract(_doc("""
        Ragnhild Okonjo-Tervo
        ragnhild.ot@example.org

        Education
        University of Vellmar\tVellmar, Norway
        Doctor of Engineering at the Faculty of Process Engineering; Summa Cum Laude\tOct 2016 – Jun 2021
        • PhD thesis - Modelling Heat Recovery in District Networks with Seasonal Storage and Variable
        Supply Temperatures Across Several Connected Urban Areas of Different Sizes
        Lindholm Technical University\tLindholm, Sweden
        Master of Science in Energy Management; 1.2 (GPA: 3.9)\tOct 2013 – Sep 2015
        """, name="cv.txt", fmt="text"))
    assert [(e.institution, e.degree, e.level, e.start, e.end, e.honours, e.thesis) for e in r.education] == [
        ("University of Vellmar", "Doctor of Engineering at the Faculty of Process Engineering", "doctorate",
         "2016-10", "2021-06", ["Summa Cum Laude"],
         "Modelling Heat Recovery in District Networks with Seasonal Storage and Variable Supply Temperatures "
         "Across Several Connected Urban Areas of Different Sizes"),
        ("Lindholm Technical University", "Master of Science in Energy Management", "master", "2013-10", "2015-09",
         ["1.2 (GPA: 3.9)"], None)]


def test_text_of_bulleted_references_with_the_date_right_of_their_last_line():
    """Each reference a bullet over four lines, its date set right of the last line after an
    acceptance-rate note: one entry per bullet, the note is not the venue's name; a title word
    wrapped onto a line of its own ("Software") is the title's, not a group label."""
    r = extract(_doc("""
        Maren Tshabalala-Voss

        Publications
        • Tracing Integrity Checks in Cellular Baseband Firmware and Related Embedded
        Software
        Aino Raski, Maren Tshabalala-Voss, and Pavel Drobnik
        Proceedings of the 34th USENIX Security Symposium (Security'25)
        Acceptance rate: 17.2% (400 of 2,325)\tAug. 2025
        • Spoofing Gyroscopes with Ultrasound in Small Drones
        Maren Tshabalala-Voss and Aino Raski
        Proceedings of the 2024 Network and Distributed System Security Symposium (NDSS'24)
        Acceptance rate: 15.0% (140 of 930)\tFeb. 2024
        """, name="cv.txt", fmt="text"))
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications] == [
        ("Tracing Integrity Checks in Cellular Baseband Firmware and Related Embedded Software",
         ["Aino Raski", "Maren Tshabalala-Voss", "Pavel Drobnik"], "USENIX Security Symposium", "2025"),
        ("Spoofing Gyroscopes with Ultrasound in Small Drones", ["Maren Tshabalala-Voss", "Aino Raski"],
         "Network and Distributed System Security Symposium", "2024")]


def test_text_of_month_year_dates_with_hyphens_from_to_ranges_and_a_sidebar_read_last():
    """'03-16 - Now' (month-year with hyphens, a spaced dash between), 'From Sep., 2015 to Dec.,
    2015' ('From' belongs to the dates), and a sidebar read after the main column whose first
    heading is 'ADDRESS': it opens a section of its own instead of running on in Experience."""
    r = extract(_doc("""
        Odile Marchetti-Sørensen

        Experience
        03-16 - Now Lead platform engineer\tOrvale Cloud Ltd, Toulouse, France
        Built the deployment pipeline for the private cloud of the company and its partners.
        09-13 - 02-16 Software Engineer\tBrisant Systems GmbH, Toulon, France
        Wrote the message bus that carries the readings of the ship sensors to the bridge.
        Research Intern, Lorvik Institute\tFrom Jun., 2012 to Aug., 2012

        ADDRESS
        12 Rue des Lilas
        31000 Toulouse
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Orvale Cloud Ltd", "Lead platform engineer", "2016-03", None, True),
        ("Brisant Systems GmbH", "Software Engineer", "2013-09", "2016-02", False),
        ("Lorvik Institute", "Research Intern", "2012-06", "2012-08", False)]


def test_text_of_bullet_signs_on_rows_of_their_own_and_adviser_spelling():
    """A bullet sign set off its item's baseline comes out as a row of its own ('•' / '2017 -
    2019: …'): it marks the next line as an item. 'Thesis adviser:' and 'Thesis topic:' label
    the advisor and the thesis like 'advisor' and 'title'."""
    r = extract(_doc("""
        Ines Halloran-Kiptoo

        Education
        Ph.D. in Soil Physics, Marden University, 2016
        Thesis topic: Water repellency of burnt forest soils
        Thesis adviser: Professor Otto Lindqvist

        Work

        •
        2017 - 2019: Postdoctoral Researcher with the Fire Ecology Group (PI: Lena Ström)
        Tarn Institute of Ecology
        University of Tarn

        •
        2020 - current: Research Fellow, Marden University
        """, name="cv.txt", fmt="text"))
    assert [(e.institution, e.thesis, e.advisors) for e in r.education] == [
        ("Marden University", "Water repellency of burnt forest soils", ["Otto Lindqvist"])]
    # one position per bullet (the organization lines under the first item are not yet read
    # apart from the next item: an organization on a line of its own heads the roles after it)
    assert [(p.start, p.end, p.current) for p in r.positions] == [("2017", "2019", False), ("2020", None, True)]


def test_text_of_short_list_items_of_similar_length_is_no_narrow_column():
    """Lists of short items (awards, service roles) of similar length look like a narrow column
    by their lengths alone; with no line broken mid-phrase they are items, each its own."""
    r = extract(_doc("""
        Lena Okoro-Hale
        lena@example.org

        Awards
        Best Paper Award, Conference on Widgets
        Outstanding Reviewer, Journal of Things
        Travel Grant of the Widget Society
        Young Scientist Prize in Applied Widgets
        Dean's List, University of Lorem
        Service
        Program committee member, WidgetConf
        Reviewer for the Journal of Widget Science
        Organizer of the Lorem Widget Workshop
        Session chair at the Ipsum Meeting
        Mentor in the Lorem summer school for students
        Judge at the regional science fair
        Member of the Widget Society since the start
        Volunteer at the city museum on Sundays
        Treasurer of the graduate student union
        Skills
        Python, R and SQL for data analysis work
        Statistics and the design of field trials
        """, name="cv.txt", fmt="text"))
    assert [a.name for a in r.awards] == [
        "Best Paper Award, Conference on Widgets", "Outstanding Reviewer, Journal of Things",
        "Travel Grant of the Widget Society", "Young Scientist Prize in Applied Widgets",
        "Dean's List, University of Lorem"]


def test_text_of_a_dated_header_after_a_wide_bullet_item_is_the_next_entry():
    """'• Designed … in the company' (the widest line, no full stop) / 'Research Scientist, Ipsum
    Labs Inc, 2018–2021': an unbulleted dated line after a bullet item heads the next entry; it
    was read as the rest of the bullet because the bullet ran to the full width."""
    r = extract(_doc("""
        Jane Roe-Matsuda

        Experience
        Senior Data Engineer, Lorem Analytics Ltd\t2021 – present
        • Designed the streaming ingestion service used by all of the product teams in the company
        Research Scientist, Ipsum Labs Inc, 2018–2021
        • Built forecasting models for the energy trading desk and the risk team
        """, name="cv.txt", fmt="text"))
    assert [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions] == [
        ("Lorem Analytics Ltd", "Senior Data Engineer", "2021", None, True),
        ("Ipsum Labs Inc", "Research Scientist", "2018", "2021", False)]


def test_text_of_award_lines_with_a_labelled_title_under_them():
    """'• Best Paper Award, WISC<TAB>Nov. 2020' / '• Title: …': the labelled line names the
    awarded paper; it is not an award of its own."""
    r = extract(_doc("""
        Ari Lindgren-Mwangi

        Awards
        • Best Paper Award, Workshop on Information Security\tNov. 2020
        • Title: Blocking Identifier Mapping in Cellular Networks
        • Best Presentation Award, Nordic Security Workshop\tFeb. 2016
        """, name="cv.txt", fmt="text"))
    assert [(a.name, a.year) for a in r.awards] == [
        ("Best Paper Award, Workshop on Information Security", "2020"),
        ("Best Presentation Award, Nordic Security Workshop", "2016")]


# --- session 16: PDF and plain-text layouts ---------------------------------------------------
def test_text_of_a_list_mixing_positions_and_degrees_under_one_heading():
    """'Positions and education' (one dated list, a CV's career in order): each dated line goes to
    education when it names a degree, to positions otherwise; before, the positions were lost."""
    r = extract(_doc("""
        Tove Brannigan

        Positions and Education
        Since 2022 Associate Professor, Department of Geology, University of Harrowgate
        2018–22\tPostdoctoral Researcher, Kelbrook Institute of Earth Sciences
        2014–18\tPhD in Geophysics, University of Eastbrook
        2012–14\tMSc in Geology, University of Eastbrook
        """, name="cv.txt", fmt="text"))
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Associate Professor", "University of Harrowgate", "2022", None, True),
        ("Postdoctoral Researcher", "Kelbrook Institute of Earth Sciences", "2018", "2022", False)]
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("PhD in Geophysics", "University of Eastbrook", "2014", "2018"),
        ("MSc in Geology", "University of Eastbrook", "2012", "2014")]


def test_text_of_year_columns_with_two_digit_end_years_and_talks_after_a_year():
    """'2024–27 Seed grant, …' keeps no '2024–27' in the award's name; '2025 Title, Event,
    Place' (a year column read as text) dates the talk and the next year's line is the next
    talk, not the host of the one above."""
    r = extract(_doc("""
        Jane Roe

        Awards
        2024–27 Seed grant, Lorem Council
        2019 Best poster prize, Dolor Meeting

        Invited talks
        2025 Statistical Physics of Foams, Summer School, Lausanne
        2024 Soft Matter Days, Leiden
        """, name="cv.txt", fmt="text"))
    assert [(a.name, a.year) for a in r.awards] == [("Seed grant, Lorem Council", "2024"),
                                                   ("Best poster prize, Dolor Meeting", "2019")]
    assert [(t.title, t.date) for t in r.talks] == [
        ("Statistical Physics of Foams, Summer School, Lausanne", "2025"), ("Soft Matter Days, Leiden", "2024")]


def test_text_of_role_and_place_over_employer_and_dates():
    """Awesome-CV's rows: 'Role<TAB>Place' over 'EMPLOYER<TAB>dates'. A role with no title word
    ('Field agent') was read as an organization of its own and the employer as a second entry."""
    r = extract(_doc("""
        Jane Roe

        Experience
        Field agent\tLeeds, UK
        LOREM WATER TRUST\tMay 2021 - Aug. 2021
        • part-time placement in river science
        Research assistant\tYork, UK
        University of York\tMay 2019 - Aug. 2019
        • full-time project on lake sediments
        """, name="cv.txt", fmt="text"))
    assert [(p.title, p.organization, p.location, p.start, p.end) for p in r.positions] == [
        ("Field agent", "LOREM WATER TRUST", "Leeds, UK", "2021-05", "2021-08"),
        ("Research assistant", "University of York", "York, UK", "2019-05", "2019-08")]


def test_text_of_role_over_organization_over_department_blocks():
    """res.cls blocks: 'Role<TAB>dates' / organization / department, a blank line between blocks.
    The department closes its block (the organization's unit); it was taken for the
    organization of the next block's role. 'Lecturer in Ocean Governance' names a subject."""
    r = extract(_doc("""
        Jane Roe

        Appointments
        Lecturer in Ocean Governance\t2019 – 2024
        University of Harrowgate
        School of Marine Policy

        Research Fellow in Fisheries Law\t2016 – 2019
        Kelbrook College
        Department of Law
        """, name="cv.txt", fmt="text"))
    assert [(p.title, p.organization, p.unit, p.start, p.end) for p in r.positions] == [
        ("Lecturer in Ocean Governance", "University of Harrowgate", "School of Marine Policy", "2019", "2024"),
        ("Research Fellow in Fisheries Law", "Kelbrook College", "Department of Law", "2016", "2019")]


def test_text_of_group_labels_between_numbered_references_and_bulleted_awards():
    """'Methodology' / 'Application' / 'Book Chapter' between numbered references, 'Student
    Awards' / 'Travel Awards' over bulleted awards: labels, not entries nor part of the
    reference above; a Chicago venue 'Journal, 111, no. 513 (2016): 27-42' keeps its name only."""
    r = extract(_doc("""
        ZHIWEI (KARL) MARTENS
        kmartens@lorem-example.edu

        PUBLICATIONS
        Methodology
        1. Zhiwei Martens, Ann Carter. Sparse methods for subtype discovery in omics studies. Journal of Lorem Statistics, 111, no. 513 (2016): 27-42.
        2. Bo Li, Zhiwei Martens. (2012) A suite of R packages for meta-analysis. Bioinformatics, 28:2534-2536.
        Application
        3. Cy Katz, Zhiwei Martens. (2015) Targeted screens in the mouse genome. Cancer Research 8, no. 10 (2015): 1000-1009.

        AWARDS
        Student Awards
        • Lorem Statistics Association, student of the year\tMarch 2016
        Travel Awards
        • Ipsum Optimization Summer School\tAug 2016
        """, name="cv.txt", fmt="text"))
    assert r.person.name == "Zhiwei Martens"       # the called-by name in brackets is not part of it
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Sparse methods for subtype discovery in omics studies", "Journal of Lorem Statistics", "2016"),
        ("A suite of R packages for meta-analysis", "Bioinformatics", "2012"),
        ("Targeted screens in the mouse genome", "Cancer Research", "2015")]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Lorem Statistics Association, student of the year", "2016"), ("Ipsum Optimization Summer School", "2016")]


def test_text_of_advisors_with_their_degrees_is_no_second_degree():
    """'– Advisors: Ann B. Carter, ScD and Dan Evans, PhD' under a degree: the advisors' titles,
    not a second PhD at the same university."""
    r = extract(_doc("""
        Jane Roe

        EDUCATION
        University of Lorem,\tPittsburgh, PA, US
        • Ph.D. in Biostatistics\tSummer 2017
        – Advisors: Ann B. Carter, ScD and Dan Evans, PhD
        • M.S. in Physics\tApr 2012
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.advisors) for e in r.education] == [
        ("Ph.D. in Biostatistics", "University of Lorem", ["Ann B. Carter", "Dan Evans"]),
        ("M.S. in Physics", "University of Lorem", [])]


def test_text_of_degree_over_an_institution_with_no_institution_word():
    """AltaCV: 'MSc in Artificial Intelligence' / 'Lorem BarcelonaTech' / '2019 – 2021'. The line
    right under a degree that waits for its institution names it, though no word says so;
    before, the degrees piled up until an institution with 'University' in its name came."""
    r = extract(_doc("""
        Jane Roe

        Education

        PhD in Artificial Intelligence
        Lorem BarcelonaTech
        • 2021 – 2025
        Research focus: human-on-the-loop learning

        MSc in Artificial Intelligence
        Lorem BarcelonaTech
        • 2019 – 2021

        BSc in Computer Science
        Ipsum National University
        • 2011 – 2016
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("PhD in Artificial Intelligence", "Lorem BarcelonaTech", "2021", "2025"),
        ("MSc in Artificial Intelligence", "Lorem BarcelonaTech", "2019", "2021"),
        ("BSc in Computer Science", "Ipsum National University", "2011", "2016")]


def test_an_emphasised_specialisation_under_a_degree_is_no_institution():
    """'<h3>Masters in Computer Science</h3>' / '<i>Specialisation Data Science and AI</i>' /
    'University of Lorem' / dates: the italic line describes the degree; the institution is the
    university below it (the rule above took the italic line for the institution and made the
    university a second, degree-less entry)."""
    r = extract(_doc("""
        # Jane Roe

        ## Education

        <h3>Masters in Computer Science</h3>
        <i>Specialisation Data Science and AI</i><br>

        University of Lorem<br>
        Sep 2019 - Jun 2022<br>

        <h3>Bachelor in Computer Science</h3>
        Track Software Engineering<br>
        University of Lorem<br>
        Sep 2016 - Jun 2019<br>
        """, name="cv.md", fmt="markdown"))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Masters in Computer Science", "University of Lorem", "2022-06"),
        ("Bachelor in Computer Science", "University of Lorem", "2019-06")]


def test_text_of_bulleted_entries_wrapped_onto_a_dated_line_and_countries_in_brackets():
    """Bulleted degrees, each an entry with its year at the end, one wrapped by the page: its
    dated tail ends that item (it was read as the next entry's header, which is right only
    under unbulleted headers). A country in brackets after an institution is its place."""
    r = extract(_doc("""
        Jane Roe

        Education
        • Ph.D. in Biology, summa cum laude, Centre for Integrative Lorem Research/Ipsum
        University (Germany), 2017
        • M.Sc. in Systems Ecology and Sustainable Development, University of Dolor (Romania), 2007

        Work experience
        • Oct. 2017 - Feb. 2019\tPostdoctoral Researcher at Amet University, Department of Bioscience (Denmark)
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.location, e.end) for e in r.education] == [
        ("Ph.D. in Biology", "Centre for Integrative Lorem Research/Ipsum University", "Germany", "2017"),
        ("M.Sc. in Systems Ecology and Sustainable Development", "University of Dolor", "Romania", "2007")]
    assert [(p.title, p.organization, p.unit, p.location) for p in r.positions] == [
        ("Postdoctoral Researcher", "Amet University", "Department of Bioscience", "Denmark")]


def test_text_of_a_scan_with_ocr_slips_and_a_word_broken_before_a_date_column():
    """Text from a scanned PDF: 'EDUCATl0N' (l and 0 for I and O in capitals) is the Education
    heading; '2O15', '2Ol3', '2O21.' are years; 'Post-' / 'doctoral Fellow, …<TAB>2019 – 2022' is
    one line though its second half carries a date column (the hyphen is kept: without a
    dictionary 'opti-cal' cannot be told from 'higher-order'). 'CS107' is left as it is."""
    r = extract(_doc("""
        Jane Roe
        jane.roe@lorem-example.edu

        EDUCATl0N
        Ph.D. in Physics, University of Lorem, 2O15 - 2O19
        M.Sc. in Physics, University of Ipsum, 2Ol3

        EXPERIENCE
        Post-
        doctoral Fellow, Department of Physics, University of Dolor\t2019 – 2O22

        TEACHING
        Teaching Assistant, CS107 Computer Organization, University of Lorem, 2016

        PUBLICATIONS
        1. J. Roe and A. Lee. Quantum dots in optical cavities. Physical Review B, 99(3):1-9, 2019.
        2. J. Roe. A meta-
        analysis of spin chains. Journal of Lorem Physics, 12, 2O21.
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("Ph.D. in Physics", "University of Lorem", "2015", "2019"), ("M.Sc. in Physics", "University of Ipsum", None, "2013")]
    assert [(p.title, p.organization, p.unit, p.start, p.end) for p in r.positions] == [
        ("Post-doctoral Fellow", "University of Dolor", "Department of Physics", "2019", "2022")]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Quantum dots in optical cavities", "Physical Review B", "2019"),
        ("A meta-analysis of spin chains", "Journal of Lorem Physics", "2021")]
    assert "CS107" in r.teaching[0].course


def test_text_of_title_coauthors_and_venue_blocks_without_authors_names():
    """res.cls publications: 'Title' / 'with A and B' / 'Journal (Forthcoming)' / 'Paper available
    here.', blocks set apart by blank lines. The subject wrote them with the co-authors named;
    the journal with a status in brackets is the venue; the link's text is no entry (before,
    the co-authors' line ran into the title and each other line was a publication of its own).
    'DR JANE ROE-LINDQVIST' is the subject without the title."""
    r = extract(_doc("""
        DR JANE ROE-LINDQVIST
        j.roe@lorem-example.ac.uk

        PUBLICATIONS

        Measuring Attitudes towards Spending with a Tax Summary Experiment
        with Ola Brandt and Tomas Quell
        Lorem Journal of Political Science (Forthcoming)
        Paper available here.

        Agenda Setting and Legislative Voting in the Ipsum Parliament
        with Tomas Quell
        Journal of Dolor Politics (2018)
        Paper available here.
        """, name="cv.txt", fmt="text"))
    assert r.person.name == "Jane Roe-Lindqvist"
    assert [(p.title, [a.name + ("*" if a.is_subject else "") for a in p.authors], p.venue, p.year)
            for p in r.publications] == [
        ("Measuring Attitudes towards Spending with a Tax Summary Experiment",
         ["Jane Roe-Lindqvist*", "Ola Brandt", "Tomas Quell"], "Lorem Journal of Political Science", None),
        ("Agenda Setting and Legislative Voting in the Ipsum Parliament",
         ["Jane Roe-Lindqvist*", "Tomas Quell"], "Journal of Dolor Politics", "2018")]


def test_text_of_supervision_lines_naming_two_doctors():
    """Awesome-CV bullets 'supervision: Drs. Ann Poisot and Dom Gravel' under a degree or a
    job name its advisors or mentors ("Drs." and "Profs." are plural titles); the line was an
    honour of the degree, and only the last name was read under the job."""
    r = extract(_doc("""
        Jane Roe

        Education

        Lorem University\tMontreal, Canada
        PH.D. IN BIOLOGICAL SCIENCES\tsince Sept. 2019
        • option General Biology
        • supervision: Drs. Ann Poisot and Dom Gravel

        Experience

        Research agent\tMontreal, Canada
        LOREM WATER TRUST\tMay 2021 - Aug. 2021
        • part-time internship in river science
        • supervision: Drs. Andrew Gonzo and Ann Poisot
        """, name="cv.txt", fmt="text"))
    assert [(e.institution, e.advisors, e.honours) for e in r.education] == [
        ("Lorem University", ["Ann Poisot", "Dom Gravel"], ["option General Biology"])]
    assert [(p.title, p.organization, p.mentors) for p in r.positions] == [
        ("Research agent", "LOREM WATER TRUST", ["Andrew Gonzo", "Ann Poisot"])]


# --- session 17: CVs in Spanish, French and German ------------------------------------------
def test_ascii_headings_month_names_range_words_and_job_titles_of_other_languages():
    """A Spanish CV's headings are plain ASCII ("Experiencia Laboral"), its dates spell the
    months in Spanish or French ("Enero 2023 - Presente", "Novembre 2012 à Décembre 2015") and
    its entries are "EMPLOYER, Role" with the role in Spanish: the sections, periods and titles
    are read (before, the headings were not seen and nothing was extracted)."""
    r = extract(_doc("""
        Lucia Arbolada

        Experiencia Laboral

        LOREMDATA, Ingeniero de Datos
        Enero 2023 - Presente

        IPSUM SA, Becario de Datos
        Marzo 2021 a Diciembre 2022

        DOLOR SARL, Ingénieur développement
        Novembre 2012 à Décembre 2015

        Educación

        Licenciatura en Física,
        Universidad de Lorem
        Agosto 2015 - Junio 2019
        """, "cv.txt", "text"))
    got = [(p.organization, p.title, p.start, p.end, p.current) for p in r.positions]
    assert got == [("LOREMDATA", "Ingeniero de Datos", "2023-01", None, True),
                   ("IPSUM SA", "Becario de Datos", "2021-03", "2022-12", False),
                   ("DOLOR SARL", "Ingénieur développement", "2012-11", "2015-12", False)]
    assert [(e.institution, e.start, e.end) for e in r.education] == [("Universidad de Lorem", "2015-08", "2019-06")]


def test_degrees_and_headings_of_spanish_and_french_cvs():
    """"Docteur en …", "Magíster en …" are degrees (doctorate, master) and "Títulos y Grados
    Académicos", "Enseñanza" name the education and teaching sections."""
    r = extract(_doc("""
        Ana Lorem Ipsum

        Títulos y Grados Académicos

        2013\tDocteur en Informatique
        Université de Lorem, Francia

        Enseñanza

        2012- 2013\tProfesora tiempo parcial, Departamento de Física, Universidad de Ipsum, Chile.
        """, "cv.txt", "text"))
    assert [(e.degree, e.level, e.institution) for e in r.education] == \
        [("Docteur en Informatique", "doctorate", "Université de Lorem")]
    assert [t.institution for t in r.teaching] == ["Universidad de Ipsum"]


def test_french_and_spanish_since_words_and_month_ranges():
    """"Depuis Décembre 2015" is an open period from that month, "Février à juillet 2012" two
    months of one year; neither word is left in the entry."""
    r = extract(_doc("""
        Hugo Lorem

        Expériences

        Depuis Décembre 2015\tIngénieur logiciel, LOREM SA, Paris.

        Février à juillet 2012\tStagiaire, IPSUM SARL, Lyon.
        """, "cv.txt", "text"))
    got = [(p.start, p.end, p.current, p.title) for p in r.positions]
    assert got == [("2015-12", None, True, "Ingénieur logiciel"), ("2012-02", "2012-07", False, "Stagiaire")]


def test_an_arxiv_id_after_a_journal_is_a_note_and_its_digits_no_year():
    """"Class. Lorem Grav. 37 (15), 155003. arXiv:2005.05417": a journal paper whose arXiv id
    follows as a note; the id's "2005" is no year, the paper no preprint, "arXiv" not its venue.
    A bare "arXiv:2005.05417" stays a preprint, still without a year read from the id."""
    r = extract(_doc("""
        Jane Roe

        Publications

        1. Jane Roe, Ann Lee. Dynamics of lorem gravity in spherical symmetry. Class. Lorem Grav. 37 (15), 155003. arXiv:2005.05417
        2. Jane Roe, Bo Chen, Scalarized ipsum dynamics. Phys. Rev. D 101 (4), 044015 (2020). arXiv:1911.11027
        3. Jane Roe. A preprint on lorem. arXiv:2005.05417
        """, "cv.txt", "text"))
    got = [(p.venue, p.year, p.status, p.arxiv) for p in r.publications]
    assert got[0][1:] == (None, "published", "2005.05417") and "arXiv" not in (got[0][0] or "")
    assert got[1][1:] == ("2020", "published", "1911.11027") and "arXiv" not in (got[1][0] or "")
    assert got[2] == ("arXiv", None, "preprint", "2005.05417")


def test_a_line_of_place_and_dates_under_an_org_and_role_header():
    """"### Lorem Bank — Engineer" over "**Montréal, QC | Septembre 2021 – Présent**" (and the
    same printed to PDF): the place and dates are the header's, not a second position whose
    organization is the city."""
    r = extract(_doc("""
        # Jane Roe

        ## Expérience professionnelle

        ### Lorem Bank — Ingénieur DevOps principal

        **Montréal, QC | Septembre 2021 – Présent**

        - Standardisé la livraison continue pour douze équipes.

        ### Ipsum Ltd — DevOps Engineer

        **Springfield, Ontario (remote) | January 2018 – August 2021**

        - Centralised pipelines.
        """))
    got = [(p.organization, p.title, p.location, p.start, p.end, p.current) for p in r.positions]
    assert got == [("Lorem Bank", "Ingénieur DevOps principal", "Montréal, QC", "2021-09", None, True),
                   ("Ipsum Ltd", "DevOps Engineer", "Springfield, Ontario (remote)", "2018-01", "2021-08", False)]


def test_a_dates_line_opening_the_description_under_a_header_and_french_abbreviations():
    """"Ipsum SA, Analyst" over "Oct 2023 - Sept 2024 - Ran the reports.": the dates are the
    header's and the rest describes it (before, a second position named "Ran the reports");
    "Fév 2026 - Maintenant" is an open period."""
    r = extract(_doc("""
        Jane Roe

        Experience

        Ipsum SA, Analyst
        Oct 2023 - Sept 2024 - Ran the ipsum reports for the lorem team.

        Lorem SARL, Ingénieure logiciel
        Fév 2026 - Maintenant - Développe la plateforme de données.
        """, "cv.txt", "text"))
    got = [(p.organization, p.title, p.start, p.end, p.current, p.description) for p in r.positions]
    assert got == [("Ipsum SA", "Analyst", "2023-10", "2024-09", False, "Ran the ipsum reports for the lorem team."),
                   ("Lorem SARL", "Ingénieure logiciel", "2026-02", None, True, "Développe la plateforme de données.")]


def test_arrow_ranges_and_a_foreign_heading_word_beside_dates_is_a_role():
    """vitae/Awesome-CV prints "Agosto 2021 --> Presente" as "Agosto 2021 –> Presente": a range.
    "DOCENCIA<TAB>Agosto 2021 –> Presente" (a role in capitals beside its dates) does not open a
    teaching section though "Docencia" names one."""
    r = extract(_doc("""
        Ana Roe

        Experiencia laboral

        Carrera Lorem, Universidad Ipsum\tSantiago, Chile
        DOCENCIA\tAgosto 2021 –> Presente
        Métodos cuantitativos para alumnos de cuarto semestre.
        """, "cv.txt", "text"))
    assert not r.teaching
    assert [(p.start, p.current) for p in r.positions if p.start] == [("2021-08", True)]


def test_german_month_abbreviations_and_scholarship_heading():
    """"Mrz. 2014 – Aug. 2016" (German "März") is a period; "Stipendien" (scholarships) names
    the awards."""
    r = extract(_doc("""
        Max Lorem

        Berufserfahrung

        Bankkaufmann, Lorem Bank eG\tMrz. 2014 – Aug. 2016

        Stipendien

        Aufstiegsstipendium, Stiftung Ipsum\t2018
        """, "cv.txt", "text"))
    assert [(p.start, p.end) for p in r.positions] == [("2014-03", "2016-08")]
    assert [a.year for a in r.awards] == ["2018"]


def test_german_headings_for_skills_and_references():
    """"Programmiersprachen", "Kompetenzen" name skills and "Referenzen" (referees) ends the list
    above: the referees' names and e-mails are no languages or skills."""
    r = extract(_doc("""
        # Lebenslauf

        Max Lorem

        ## Sprachen

        * Englisch
        * Deutsch

        ## Programmiersprachen

        * JavaScript
        * PHP

        ## Referenzen

        **Erika Ipsum**
        Abteilungsleiterin, Lorem AG
        """))
    assert r.languages == ["Englisch", "Deutsch"] and r.skills == ["JavaScript", "PHP"]


def test_language_levels_of_other_languages_in_a_label_column():
    """"French<TAB>Courant", "German<TAB>Fließend": a level in another language beside the
    language, in a label column, is no part of its name (the level words of the label-column
    rule were shadowed by a later pattern of the same name after session 17's merge)."""
    r = extract(_doc("""
        Jane Lorem
        jane@example.org

        Education

        PhD in Physics, University of Lorem, 2015

        Languages

        English\tNative
        French\tCourant
        German\tFließend
        Spanish\tNativo
        """, "cv.txt", "text"))
    assert r.languages == ["English", "French", "German", "Spanish"]


def test_a_labelled_location_in_the_header_is_where_the_subject_lives():
    r = extract(_doc("""
        Jana Doe
        Data Engineer
        Location: Lorem City, Ipsumland
        jana@example.org

        EXPERIENCE
        Dolor Inc, Data Engineer 2019 - 2023
        """, name="cv.txt", fmt="text"))
    assert r.person.location == "Lorem City, Ipsumland"
    # a label deeper in the CV is an entry's place, not the subject's
    r = extract(_doc("""
        Jana Doe
        jana@example.org

        EXPERIENCE
        Dolor Inc, Data Engineer 2019 - 2023
        Location: Amet Town
        """, name="cv.txt", fmt="text"))
    assert r.person.location is None


def test_more_headings_of_other_languages():
    from mappers.extract.sections import classify_heading

    assert [classify_heading(h) for h in ("Formations", "Educação", "Formação Académica", "Erfahrung",
                                          "Conhecimentos", "Prémios", "Interesses", "Centres d’intérêt",
                                          "Projetos", "Fremdsprachen")] == [
        "education", "education", "education", "positions", "skills", "awards", "interests", "interests",
        "other", "languages"]
    r = extract(_doc("""
        Jana Doe
        jana@example.org

        FORMATIONS
        Licence en Informatique, Université de Lorem, 2015 - 2018

        EXPÉRIENCES
        Dolor SA, Développeuse 2018 - 2021
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.field, e.institution) for e in r.education] == [
        ("Licence en Informatique", "Informatique", "Université de Lorem")]


def test_phone_numbers_with_the_country_code_in_brackets():
    from mappers.extract.fields import find_phones

    assert find_phones("Mobile (+385)915550100") == ["(+385)915550100"]
    assert find_phones("(+385) 915550100 / 915550101") == ["(+385) 915550100"]
    assert find_phones("+58 (412) 555-10-93") == ["+58 (412) 555-10-93"]
    assert find_phones("pp. 123-456, 2019") == []


def test_since_a_season_of_a_year_opens_a_period():
    from mappers.extract.fields import find_period

    assert find_period("since the summer of 2023")[0] == ("2023", None, True)
    assert find_period("since fall of 2020")[0] == ("2020", None, True)
    assert find_period("in the summer of 2023")[0] == ("2023", None, False)
    r = extract(_doc("""
        # Jana Doe

        jana@example.org

        ## Education

        <div class="entry">
            <span class="fat-text">PhD student in Statistics,&nbsp&nbsp </span>
            <span class="italic-text">Lorem University</span>
            <span class="gray-italic-text">since the summer of 2023</span>
        </div>
        """))
    assert [(e.degree, e.institution, e.start, e.end, e.current) for e in r.education] == [
        ("PhD in Statistics", "Lorem University", "2023", None, True)]


def test_a_french_cv_as_text_from_a_pdf_contracts_schools_and_phones():
    # "CDI - 3 ans ½" / "Stage - 4 mois" between the role and the employer: the contract and its
    # length are no field; "BTS", "Baccalauréat" at a "Lycée" are entries; "06 85 …" is a phone
    r = extract(_doc("""
        Jana Doe\t☎ 06 55 37 62 09 69005 Ipsumville
        Développeuse Web\t✉ jana@example.org

        # Expériences

        2017 – 2020\tDéveloppeuse Front, CDI - 3 ans ½, Lorem (Ipsumville).
        Création d’une plateforme de formation

        2012\tDéveloppeuse .NET, Stage - 4 mois, Dolor SA (Amet).

        # Formations

        2009 – 2011\tBTS, Lycée Professionnel Lorem (Amet).
        Informatique de Gestion

        2008\tBaccalauréat, Lycée Ipsum d’Amet.
        """, name="cv.pdf", fmt="pdf"))
    assert r.person.phones == ["06 55 37 62 09"]
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Développeuse Front", "Lorem (Ipsumville)"), ("Développeuse .NET", "Dolor SA (Amet)")]
    assert [(e.degree, e.institution, e.start, e.end) for e in r.education] == [
        ("BTS", "Lycée Professionnel Lorem (Amet)", "2009", "2011"), ("Baccalauréat", "Lycée Ipsum d’Amet", None, "2008")]


def test_skills_and_languages_in_text_from_a_pdf_without_list_marks():
    # the PDF gives no bullets and no bold: "Erlang - developing …" is the skill Erlang; a
    # labelled header line after the languages ("Permission to work: …") is no language
    r = extract(_doc("""
        Jana Doe

        Email: jana@example.org
        Location: Lorem City, Ipsumland
        Languages:
        Portuguese - native
        English - intermediate
        Permission to work: Ipsumland

        Experience

        Software engineer at Dolor LLC
        12.2014 - present | Lorem City

        Technical Experience

        Programming languages
        Erlang - developing applications, troubleshooting and correcting existing code. Most of my
        code is written in Erlang.
        JavaScript - ES5 and ES6 standards. Used technologies: React, Flux.
        Python - used only for a pet project that is not released yet.
        Frontend - React, Vue, Svelte
        """, name="cv.pdf", fmt="pdf"))
    assert r.languages == ["Portuguese", "English"]
    assert r.skills[:3] == ["Erlang", "JavaScript", "Python"]
    assert "Vue" in r.skills and "Svelte" in r.skills
    assert r.person.location == "Lorem City, Ipsumland"


def test_an_economics_job_market_cv_headings_with_colons_and_roles_for_professors():
    # "Undergraduate Studies:", "Graduate Studies:", "Personal Information:", "Teaching and
    # Research Fields:" (fields, not courses); "Spring, 2013" over its course; "…, teaching fellow
    # for Professor X" and "Lorem University, research assistant to Professor Y"
    r = extract(_doc("""
        JANA DOE
        jana.doe@example.org

        Personal Information:
        Date of birth: 1 March 1990
        Undergraduate Studies:
        B.Sc., Economics, University of Lorem, 1st class honors, 2009
        Graduate Studies:
        Ipsum University, 2010 to present
        Ph.D. Candidate in Economics
        Teaching and Research Fields:
        Primary fields: Macroeconomics, Applied Theory.
        Teaching Experience:
        Spring, 2013
        Ec1123, Ipsum University, teaching fellow for Professor Ann Roe.
        Research Experience and Other Employment:
        2014
        Ipsum University, research assistant to Professor Ben Poe.
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.institution, e.end, e.current) for e in r.education] == [
        ("B.Sc.", "University of Lorem", "2009", False), ("Ph.D. in Economics", "Ipsum University", None, True)]
    assert [(t.course, t.role, t.institution, t.term) for t in r.teaching] == [
        ("Ec1123", "teaching fellow", "Ipsum University", "Spring, 2013")]
    assert [(p.title, p.organization, p.start, p.mentors) for p in r.positions] == [
        ("research assistant", "Ipsum University", "2014", ["Ben Poe"])]


def test_degrees_listed_under_no_heading_on_a_department_page():
    # a page whose degrees follow its address with no Education heading (two joined by the
    # page's width); "minor Mathematics" before the institution is an honour; a list of fields
    # under "Secondary Fields of Specialization" is no name
    r = extract(_doc("""
        Department of Economics
        Lorem University
        12 Ipsum Road

        Curriculum Vitae

        Ph.D., Economics, Lorem University, 2018 (expected) M.A., Economics, Lorem University, 2013
        M.Sc., Economics (with distinction), Ipsum School of Economics, 2012
        B.A., Economics, minor Mathematics, Dolor University, 2009

        Secondary Fields of Specialization

        Economic History , Applied Econometrics

        Job Market Paper

        Earning More by Doing Less: Lorem Specialization and the Ipsum Premium (PDF)
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.field, e.institution, e.end) for e in r.education] == [
        ("Ph.D.", "Economics", "Lorem University", "2018"), ("M.A.", "Economics", "Lorem University", "2013"),
        ("M.Sc.", "Economics", "Ipsum School of Economics", "2012"), ("B.A.", "Economics", "Dolor University", "2009")]
    assert r.education[-1].honours == ["minor Mathematics"]
    assert r.person.name != "Economic History"
    assert [p.title for p in r.publications] == ["Earning More by Doing Less: Lorem Specialization and the Ipsum Premium"]


def test_the_subject_in_brackets_after_a_degree_is_its_field():
    r = extract(_doc("""
        Jana Doe
        jana@example.org

        EDUCATION
        Ph.D. (economics), The University of Lorem at Ipsum, 2018
        M.S. (Computer Science), Dolor University, 2015
        BSc (Hons), Amet University, 2013
        """, name="cv.txt", fmt="text"))
    assert [(e.degree, e.field, e.institution) for e in r.education] == [
        ("Ph.D.", "economics", "The University of Lorem at Ipsum"), ("M.S.", "Computer Science", "Dolor University"),
        ("BSc", None, "Amet University")]


def test_an_honour_after_the_institution_is_no_place():
    r = extract(_doc("""
        Jana Doe
        jana@example.org

        ## Education
        - B.Sc., Economics, University of Lorem, 1st class honors, 2009
        - MSc, Physics, Ipsum University, with distinction, 2011
        - PhD, Dolor University, Boston, USA, 2016
        """))
    assert [(e.degree, e.institution, e.location, e.honours) for e in r.education] == [
        ("B.Sc.", "University of Lorem", None, ["1st class honors"]),
        ("MSc", "Ipsum University", None, ["with distinction"]),
        ("PhD", "Dolor University", "Boston, USA", [])]


# --- advisor and thesis labels in other languages (session 18) ------------------------------
@pytest.mark.parametrize("heading, entry, thesis_line, advisor_line, degree, thesis, advisors", [
    ("Formación académica", "Doctorado en Informática, Universidad de Valdeluz, 2015 - 2019",
     "Tesis doctoral: Aprendizaje de grafos dispersos", "Director de tesis: Álvaro Pujol Garrido",
     "Doctorado en Informática", "Aprendizaje de grafos dispersos", ["Álvaro Pujol Garrido"]),
    ("Formation", "Doctorat en informatique, Université de Bellerive, 2015 - 2019",
     "Thèse : Apprentissage de graphes épars", "Directrice de thèse : Claire Lavande",
     "Doctorat en informatique", "Apprentissage de graphes épars", ["Claire Lavande"]),
    ("Ausbildung", "Promotionsstudium Informatik, Universität Lindenau, 2015 - 2019",
     "Doktorarbeit: Lernen dünner Graphen", "Betreuer: Prof. Dr. Karl Mohnfeld",
     "Promotionsstudium Informatik", "Lernen dünner Graphen", ["Karl Mohnfeld"]),
    ("Formação acadêmica", "Doutorado em Ciência da Computação, Universidade de Vale Claro, 2015 - 2019",
     "Tese: Aprendizado de grafos esparsos", "Orientadores: Carlos Prado e Ângela Leme",
     "Doutorado em Ciência da Computação", "Aprendizado de grafos esparsos", ["Carlos Prado", "Ângela Leme"]),
    ("Istruzione", "Dottorato in Informatica, Università di Montelago, 2015 - 2019",
     "Tesi di dottorato: Apprendimento di grafi sparsi", "Relatore: Prof. Marco Bellandi",
     "Dottorato in Informatica", "Apprendimento di grafi sparsi", ["Marco Bellandi"]),
])
def test_thesis_and_advisor_labels_in_other_languages(heading, entry, thesis_line, advisor_line, degree,
                                                       thesis, advisors):
    """CVs written in Spanish, French, German, Portuguese or Italian label the thesis and the
    advisor of a degree in their own words: "Tesis doctoral:", "Thèse :", "Doktorarbeit:",
    "Betreuer:", "Orientadores:", "Relatore:"."""
    r = extract(_doc(f"""
        # Noa Ferral

        ## {heading}
        - {entry}
          {thesis_line}
          {advisor_line}
        """))
    assert [(e.degree, e.level, e.start, e.end, e.thesis, e.advisors) for e in r.education] == [
        (degree, "doctorate", "2015", "2019", thesis, advisors)]


def test_supervision_phrases_in_other_languages_name_advisors_inline():
    """"sous la direction de", "sob orientação de", "(relatore: …)" on the degree's own line."""
    r = extract(_doc("""
        # Noa Ferral

        ## Formation
        - Doctorat en informatique, Université de Bellerive, 2016 - 2020, sous la direction de Pierre Lavande
        - Mestrado em Estatística, Universidade de Vale Claro, 2014 - 2016, sob orientação de Rita Moura
        - Laurea magistrale in Fisica, Università di Montelago, 2012 - 2014 (relatore: Prof. Marco Bellandi)

        ## Expérience professionnelle
        - Directrice de recherche, Institut de Bellerive, 2020 - présent
        """))
    assert [(e.institution, e.advisors) for e in r.education] == [
        ("Université de Bellerive", ["Pierre Lavande"]), ("Universidade de Vale Claro", ["Rita Moura"]),
        ("Università di Montelago", ["Marco Bellandi"])]
    assert [(p.title, p.organization) for p in r.positions] == [("Directrice de recherche", "Institut de Bellerive")]


def test_moderncv_thesis_and_advisor_lines_in_other_languages():
    r = extract(_doc(r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Noa}{Ferral}
        \begin{document}
        \makecvtitle
        \section{Formación}
        \cventry{2015--2019}{Doctorado en Informática}{Universidad de Valdeluz}{Valdeluz, España}{}{Directores de tesis: Álvaro Pujol y Marta Ruiz\\Tesis doctoral: Aprendizaje de grafos dispersos}
        \cventry{2012--2014}{Master en Statistique}{Université de Bellerive}{Bellerive, France}{}{Mémoire de master : Graphes épars\\Sous la direction de Claire Lavande}
        \end{document}
        """, "cv.tex", "latex"))
    assert [(e.institution, e.advisors, e.thesis) for e in r.education] == [
        ("Universidad de Valdeluz", ["Álvaro Pujol", "Marta Ruiz"], "Aprendizaje de grafos dispersos"),
        ("Université de Bellerive", ["Claire Lavande"], "Graphes épars")]


def test_an_honours_mark_in_brackets_after_the_degree_is_an_honour():
    """"BSc(Hons, 1st class) in …": the comma inside the brackets parts nothing; "BSc (Hons)
    Mathematics, First Class": both marks are honours and "First Class" is no field of study."""
    r = extract(_doc("""
        # Noa Ferral

        ## Education
        - BSc(Hons, 1st class) in Computer Science, University of Lorem, 2010 - 2014
        - BSc (Hons) Mathematics, First Class, University of Ipsum, 2006 - 2009
        - B.Eng. (Hons.) in Electrical Engineering, Dolor University, 2002 - 2006
        - MSc (Distinction) in Data Science, Amet College, 2014 - 2015
        - BA (First Class Honours), History, Sit University, 1998
        """))
    assert [(e.degree, e.level, e.field, e.institution, e.end, e.honours) for e in r.education] == [
        ("BSc in Computer Science", "bachelor", "Computer Science", "University of Lorem", "2014", ["Hons, 1st class"]),
        ("BSc Mathematics", "bachelor", "Mathematics", "University of Ipsum", "2009", ["Hons", "First Class"]),
        ("B.Eng. in Electrical Engineering", "bachelor", "Electrical Engineering", "Dolor University", "2006", ["Hons."]),
        ("MSc in Data Science", "master", "Data Science", "Amet College", "2015", ["Distinction"]),
        ("BA", "bachelor", "History", "Sit University", "1998", ["First Class Honours"])]


def test_moderncv_honours_mark_in_the_degree_argument():
    r = extract(_doc(r"""
        \documentclass{moderncv}
        \moderncvstyle{classic}
        \name{Noa}{Ferral}
        \begin{document}
        \makecvtitle
        \section{Education}
        \cventry{2010--2014}{BSc (Hons, 1st class) in Computer Science}{University of Lorem}{Lorem, UK}{}{}
        \cventry{2014--2015}{MSc (Distinction) in Data Science}{Amet College}{London, UK}{}{}
        \end{document}
        """, "cv.tex", "latex"))
    assert [(e.degree, e.field, e.institution, e.honours) for e in r.education] == [
        ("BSc in Computer Science", "Computer Science", "University of Lorem", ["Hons, 1st class"]),
        ("MSc in Data Science", "Data Science", "Amet College", ["Distinction"])]


def test_text_cv_thesis_topic_and_tutors_in_other_languages():
    """A CV pulled out of a PDF, dates in a column: "Tema de Tesis:", "Tutores: A y B",
    "Sujet de thèse :" under the degree they belong to."""
    r = extract(_doc("""
        Noa Ferral
        noa@example.org

        FORMACIÓN
        2015 - 2019   Doctorado en Informática, Universidad de Valdeluz
                      Tema de Tesis: Aprendizaje de grafos dispersos
                      Tutores: Álvaro Pujol y Marta Ruiz
        2012 - 2014   Máster en Estadística, Universidad de Valdeluz
                      Sujet de thèse : Graphes épars
        """, "cv.txt", "text"))
    assert [(e.degree, e.start, e.end, e.thesis, e.advisors, e.honours) for e in r.education] == [
        ("Doctorado en Informática", "2015", "2019", "Aprendizaje de grafos dispersos", ["Álvaro Pujol", "Marta Ruiz"], []),
        ("Máster en Estadística", "2012", "2014", "Graphes épars", [], [])]


def test_an_acronym_after_an_organization_name_is_neither_unit_nor_place():
    """"Northern Space Research Center, NSRC": the letters are the name's initials, so the
    acronym stays with the name (as in "Institute for Lorem Studies (ILS)"); "Amazon, AWS" and
    a state code ("…, CA") are not initialisms of the name and keep their readings."""
    from mappers.extract.fields import split_affiliation

    r = extract(_doc("""
        # Noa Ferral

        ## Experience
        - Research Scientist, Northern Space Research Center, NSRC, 2019 - present
        - Postdoctoral Researcher, Institute for Lorem Studies (ILS), Berlin, Germany, 2017 - 2019

        ## Education
        - PhD in Physics, Technical University of Ipsum, TUI, 2013 - 2017
        """))
    assert [(p.title, p.organization, p.unit, p.location) for p in r.positions] == [
        ("Research Scientist", "Northern Space Research Center (NSRC)", None, None),
        ("Postdoctoral Researcher", "Institute for Lorem Studies (ILS)", None, "Berlin, Germany")]
    assert [(e.institution, e.location) for e in r.education] == [("Technical University of Ipsum (TUI)", None)]
    assert split_affiliation("Lorem Institute of Technology, LIT") == ("Lorem Institute of Technology (LIT)", None, None)
    assert split_affiliation("Lorem University, Springfield, CA") == ("Lorem University", None, "Springfield, CA")


def test_under_supervision_of_without_the_names_the_advisor():
    r = extract(_doc("""
        # Noa Ferral

        ## Education
        - PhD in Physics, Technical University of Ipsum, 2013 - 2017, under supervision of Prof. Karl Mohnfeld
        - MSc in Physics, Lorem University, 2011 - 2013 (under guidance of Dr. Ann Lee)
        """))
    assert [(e.institution, e.advisors) for e in r.education] == [
        ("Technical University of Ipsum", ["Karl Mohnfeld"]), ("Lorem University", ["Ann Lee"])]


@pytest.mark.parametrize("fmt, body", [
    ("text", """
        TEACHING
        Lakeshore University
           CS 421: Compilers (Fall 2022, Fall 2023)
           CS 590: Probabilistic Programming (Spring 2023)
        Northvale University
           Teaching Assistant, CS 101: Introduction to Programming (Fall 2014)
        """),
    ("markdown", """
        ## Teaching
        - Lakeshore University
          - CS 421: Compilers (Fall 2022, Fall 2023)
          - CS 590: Probabilistic Programming (Spring 2023)
        - Northvale University
          - Teaching Assistant, CS 101: Introduction to Programming (Fall 2014)
        """),
])
def test_an_institution_alone_heads_the_courses_under_it(fmt, body):
    """An institution on a line of its own over the courses taught there (a CV from PDF keeps no
    indentation): each course is given there, not at the next institution's line."""
    r = extract(_doc("Marisol Quentara\nmq@example.org\n\n" + textwrap.dedent(body).lstrip("\n"),
                     "cv.txt" if fmt == "text" else "cv.md", fmt))
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("CS 421: Compilers", "Lakeshore University", "Fall 2022, Fall 2023", None),
        ("CS 590: Probabilistic Programming", "Lakeshore University", "Spring 2023", None),
        ("CS 101: Introduction to Programming", "Northvale University", "Fall 2014", "Teaching Assistant")]


def test_a_cv_from_pdf_with_german_doctorate_accented_city_apa_pages_and_labelled_talks():
    """"Dr. rer. nat. in …" is a doctorate; "…, Saarbrücken, Germany" is the place (an accented
    city); "(pp. 45–57)" after the proceedings is no part of the venue; a talk's kind before or
    after its quoted title ("Keynote: “…”", "“…”, Invited talk, …") is neither title nor host,
    and a year column before a quoted title is its date."""
    r = extract(_doc("""
        Dr. Tobias Renner-Akkad
        Email: t.renner@example.net

        PROFESSIONAL EXPERIENCE
        Max Weber Institute for Informatics, Saarbrücken, Germany
        Postdoctoral Researcher                                    Oct 2015 – Feb 2017

        EDUCATION
        University of Heidelberg                                   2011 – 2015
        Dr. rer. nat. in Computer Science (magna cum laude)

        SELECTED PUBLICATIONS
        1. Lindqvist, E., Renner-Akkad, T. (2021). Entity linking at web scale. In
           Proceedings of EMNLP 2021 (pp. 45–57).

        TALKS
        2023  Keynote: "Sparse experts for search", ECIR Workshop on Retrieval, Dublin
        2021  "Entity linking at web scale", Invited talk, University of Amsterdam
        """, "cv.txt", "text"))
    assert [(p.title, p.organization, p.location) for p in r.positions] == [
        ("Postdoctoral Researcher", "Max Weber Institute for Informatics", "Saarbrücken, Germany")]
    assert [(e.degree, e.level, e.field, e.honours) for e in r.education] == [
        ("Dr. rer. nat. in Computer Science", "doctorate", "Computer Science", ["magna cum laude"])]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [("Entity linking at web scale", "EMNLP", "2021")]
    assert [(t.title, t.host, t.date) for t in r.talks] == [
        ("Sparse experts for search", "ECIR Workshop on Retrieval, Dublin", "2023"),
        ("Entity linking at web scale", "University of Amsterdam", "2021")]


def test_a_medical_cv_from_pdf_legend_in_the_heading_vancouver_lines_and_professional_degrees():
    """"Publications (selected, * = corresponding author)" is a heading with its legend: its '*'
    marks the corresponding author; Vancouver references wrapped by the page without bullets or
    blank lines are joined (each opens with its authors); MBBS, PharmD, MSN … are degrees."""
    r = extract(_doc("""
        Priya Nandakumar-Osei
        p.nandakumar@example.org

        Education
        PhD Epidemiology, London School of Tropical Studies, 2012
        MBBS, Christian Medical College Vellore, 2005
        PharmD, University of Westmarch, 2003
        MSN, University of Westmarch, 2001

        Publications (selected, * = corresponding author)
        Nandakumar-Osei P*, Adeyemi K, Lowe S. Malaria vaccine uptake in rural
        Ghana: a cluster randomised trial. Lancet Glob Health. 2022;10(3):e155-e164.
        doi: 10.1016/S2214-109X(22)00001-1
        Adeyemi K, Nandakumar-Osei P. Seasonal drivers of transmission. Malar J.
        2019;18:201.
        """, "cv.txt", "text"))
    assert [(e.degree, e.level, e.institution) for e in r.education] == [
        ("PhD Epidemiology", "doctorate", "London School of Tropical Studies"),
        ("MBBS", "bachelor", "Christian Medical College Vellore"),
        ("PharmD", "doctorate", "University of Westmarch"), ("MSN", "master", "University of Westmarch")]
    assert [(p.title, p.year, [(a.name, a.equal_contribution, a.corresponding) for a in p.authors])
            for p in r.publications] == [
        ("Malaria vaccine uptake in rural Ghana: a cluster randomised trial", "2022",
         [("Nandakumar-Osei P", False, True), ("Adeyemi K", False, False), ("Lowe S", False, False)]),
        ("Seasonal drivers of transmission", "2019",
         [("Adeyemi K", False, False), ("Nandakumar-Osei P", False, False)])]
    assert r.publications[0].doi == "10.1016/S2214-109X(22)00001-1"


def test_univ_abbreviation_and_countries_written_with_the():
    """"Univ. of Lorem" names a university (the organization; the school before it is its unit);
    "The Gambia" and "the Netherlands" are countries (the place, not a unit)."""
    r = extract(_doc("""
        Noa Ferral
        noa@example.org

        Employment
        2019-now     Associate Professor, School of Public Health, Univ. of Greenmoor
        2014-2019    Lecturer in Epidemiology, Univ. of Greenmoor
        2012-2014    Research Fellow, Medical Research Council Unit, The Gambia
        2010-2012    Research Fellow, Lorem Institute, the Netherlands
        """, "cv.txt", "text"))
    assert [(p.title, p.organization, p.unit, p.location) for p in r.positions] == [
        ("Associate Professor", "Univ. of Greenmoor", "School of Public Health", None),
        ("Lecturer in Epidemiology", "Univ. of Greenmoor", None, None),
        ("Research Fellow", "Medical Research Council Unit", None, "The Gambia"),
        ("Research Fellow", "Lorem Institute", None, "the Netherlands")]


def test_open_ended_years_in_brackets_board_and_fellow_posts_and_a_bracketed_teaching_role():
    """"(2020-)" runs to the present; "Editorial board, Journal" and "Fellow, Society" give the
    post and the organization; "Course (module lead, 2016–present)" gives role and term."""
    from mappers.extract.fields import find_period

    assert find_period("Associate editor, Lorem Letters (2020 – )") == (("2020", None, True), (33, 40))
    r = extract(_doc("""
        Noa Ferral
        noa@example.org

        Teaching
        MSc Epidemiology: Infectious Disease Modelling (module lead, 2016–present)

        Memberships & Service
        Editorial board, Malaria Journal (2020-)
        Fellow, Royal Society of Tropical Medicine and Hygiene
        """, "cv.txt", "text"))
    assert [(t.course, t.role, t.term) for t in r.teaching] == [
        ("MSc Epidemiology: Infectious Disease Modelling", "module lead", "2016–present")]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Editorial board", "Malaria Journal", "2020–present"),
        ("Fellow", "Royal Society of Tropical Medicine and Hygiene", None)]


def test_a_physics_cv_scan_slips_open_date_column_quoted_titles_and_nordic_universities():
    """A scanned CV: "Univers1ty" is read as "University" (a 0/1 between letters, only where that
    gives a word CVs use: "k8s", "Python3" stay); "2019 -<spaces>Professor, …" runs to the
    present; "Universitet" names a university; a thesis and APS-style titles in quotes lose their
    quotes, and "Nature Physics 15, 101-106 (2019)" gives the journal and the year."""
    r = extract(_doc("""
        Henrik Oyelaran-Falk
        h.oyelaran@example.org

        EDUCATION
        2008 - 2012 PhD in Physics, Fjordvik Universitet, Norway.
                    Thesis: "Spin transport in layered materials". Supervisor: Prof. Ingrid Dahle.
        2006 - 2008 MSc in Physics, Univers1ty of Nordhavn, Denmark.

        PROFESSIONAL EXPERIENCE
        2019 -      Professor, Department of Physics, Fjordvik Universitet
        2015 - 2019 Associate Professor, Department of Physics, Fjordvik Universitet

        PUBLICATIONS
        1) H. Oyelaran-Falk, I. Dahle, "Spin transport in graphene bilayers", Phys. Rev. B 98, 045123 (2018).
        2) K. Berg, H. Oyelaran-Falk, and I. Dahle, “Magnon drag in thin films,” Nature Physics 15, 101-106 (2019).

        SKILLS
        k8s, Python3, C++
        """, "cv.txt", "text"))
    assert [(e.institution, e.location, e.thesis, e.advisors) for e in r.education] == [
        ("Fjordvik Universitet", "Norway", "Spin transport in layered materials", ["Ingrid Dahle"]),
        ("University of Nordhavn", "Denmark", None, [])]
    assert [(p.title, p.organization, p.unit, p.start, p.end, p.current) for p in r.positions] == [
        ("Professor", "Fjordvik Universitet", "Department of Physics", "2019", None, True),
        ("Associate Professor", "Fjordvik Universitet", "Department of Physics", "2015", "2019", False)]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Spin transport in graphene bilayers", "Phys. Rev. B", "2018"),
        ("Magnon drag in thin films", "Nature Physics", "2019")]
    assert r.skills == ["k8s", "Python3", "C++"]


def test_a_definition_list_of_appointments_an_open_date_and_a_uk_phone():
    """An HTML page's <dl> of appointments: "2018–" over its entry runs to the present; "Reader"
    is an academic rank (its line is an entry, not the organization of the one above); "+44 (0)1632
    960 123" is one phone number with its trunk zero in brackets."""
    r = extract(_doc("""
        # Rafael Okonkwo-Brandt
        r.okonkwo@example.org | Tel. +44 (0)1632 960 123

        ## Appointments

        2018–
        Professor, University of Westmarch
        2012–2018
        Reader, University of Westmarch
        2008–2012
        Lecturer, Harbourside University
        """))
    assert r.person.phones == ["+44 (0)1632 960 123"]
    assert [(p.title, p.organization, p.start, p.end, p.current) for p in r.positions] == [
        ("Professor", "University of Westmarch", "2018", None, True),
        ("Reader", "University of Westmarch", "2012", "2018", False),
        ("Lecturer", "Harbourside University", "2008", "2012", False)]


@pytest.mark.parametrize("line,phones", [
    ("Mobile: 0612 34 56 78", ["0612 34 56 78"]),                 # Dutch mobile, 4-2-2-2
    ("Tel. 030 1234567", ["030 1234567"]),                        # German area code and number
    ("Tel: 089/12345678", ["089/12345678"]),
    ("Mobile: 07700 900123", ["07700 900123"]),                   # UK mobile, 5-6
    ("Teléfono: 91 123 45 67", ["91 123 45 67"]),
    ("Tel: (0)30 1234 5678", ["(0)30 1234 5678"]),                # the trunk zero kept, not cut off
    ("Telephone (office): 030 1234567, Fax: 030 7654321", ["030 1234567"]),   # the fax is not the phone
    ("Phone: 1990-03-12", []),                                    # a date after a label is no number
    ("Mobile Computing, 2019", []),
])
def test_a_labelled_number_in_a_countrys_own_grouping_is_a_phone(line, phones):
    """A number written without "+" in the grouping of its country, right after a phone label:
    the general shapes missed these (only "06 12 34 56 78" and unspaced digits were found)."""
    from mappers.extract.fields import find_phones
    assert find_phones(line) == phones
    text = f"# Ada Quillfeather\n\n{line} · ada@example.org\n\n## Education\n\n- PhD, Lorem University, 2020\n"
    cv = extract(SourceDocument(path="cv.md", name="cv.md", sha256="0" * 64, format="markdown", text=text, raw=text))
    assert cv.person.phones == phones


def test_a_date_of_eight_digits_is_not_a_phone():
    """A birth date given as a LaTeX macro's arguments ('{1992}{11}{02}') reads as "1992 1102",
    which the general phone shape (two groups of four digits) took for a number; a labelled
    number or one with a country code stays a phone."""
    from mappers.extract.fields import find_phones
    assert find_phones("1992 1102") == []
    assert find_phones("2012 3456") == ["2012 3456"]           # no month and day: a number
    assert find_phones("+1 2019 1102") == ["+1 2019 1102"]
    text = ("\\documentclass{article}\n\\newcommand{\\setmydatenumber}[4]{}\n"
            "\\setmydatenumber{birthdate}{1992}{11}{02}\n\\begin{document}\n\\section*{Ada Quillfeather}\n"
            "ada@example.org\n\\section*{Education}\n\\begin{itemize}\n\\item PhD in Physics, Lorem University, 2020\n"
            "\\end{itemize}\n\\end{document}\n")
    cv = extract(_doc(text, "cv.tex", "latex"))
    assert cv.person.emails == ["ada@example.org"] and cv.person.phones == []
