"""Session 20 (text pulled out of PDFs): CVs that arrive as the text pdfminer, pdftotext or a
viewer's copy gives of a typeset CV. Every snippet is invented, in the shape such text takes:
numbered section headings, running headers and footers left between the pages, blank lines
inside justified paragraphs, and a table's columns given one after the other."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import (classify_heading, drop_page_furniture, normalise_lines,
                                      pair_column_blocks, rejoin_split_lines)
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.txt", fmt: str = "text") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- numbered section headings ---------------------------------------------------------------
def test_numbered_section_headings_open_their_sections():
    """LaTeX's numbered \\section ("1   Education" — the gap after the number becomes a column
    break), "2. Employment", a biosketch's "C. Contributions to Science" and "IV. PUBLICATIONS":
    the number is no part of the heading, and the sections are read."""
    r = extract(_doc("""
        Curriculum Vitae
        Tamsin Okoro-Vell
        Email: t.okorovell@brackwater.example

        1   Education

        2012–2016: Ph.D. in Applied Physics, University of Brackwater.

        2   Employment

        2020–present: Lecturer in Physics, University of Lindow.
        2016–2020: Research Fellow, Institute for Cold Matter, Fenwick Research Centre.

        3   Publications

        [1] T. Okoro-Vell and P. Marsh, Trapped ions in optical lattices, Phys. Rev. A 99 (2019) 023411.
        """))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D. in Applied Physics", "University of Brackwater", "2016")]
    assert [(p.title, p.organization, p.current) for p in r.positions] == [
        ("Lecturer in Physics", "University of Lindow", True),
        ("Research Fellow", "Fenwick Research Centre", False)]
    assert [p.year for p in r.publications] == ["2019"]


def test_lettered_and_roman_headings_and_a_numbered_title_that_is_no_heading():
    from mappers.extract.sections import _heading_of
    assert _heading_of("C. Contributions to Science", "")[:2] == ("publications", "Contributions to Science")
    assert _heading_of("A. Personal Statement", "")[:2] == ("interests", "Personal Statement")
    assert _heading_of("IV. PUBLICATIONS", "")[:2] == ("publications", "PUBLICATIONS")
    assert _heading_of("2.1\tJournal Articles", "")[:2] == ("publications", "Journal Articles")
    # an item of a numbered list whose words are not all heading words stays an item
    assert _heading_of("3. Teaching Machines to Read Maps", "")[0] is None
    assert _heading_of("2. Range shifts under marine heatwaves.", "")[0] is None
    # the combined headings keep their kind
    assert classify_heading("Skills and Certifications") == "skills"
    assert classify_heading("Education and Training") == "education"
    assert classify_heading("Awards and Honors") == "awards"


# --- running headers, footers and page numbers ------------------------------------------------
PAGED = """\
Roe, CV, p. 1

Wendeline Roe
Department of History, Marrowby College
wroe@marrowby.example

INVITED LECTURES

2024  “Salt Roads,” Institute for Coastal Study, Ferrant
2022  “Tolls and Credit,” Medieval Seminar, Harlow Polytechnic

Updated: March 2, 2026

\fRoe, CV, p. 2

TEACHING

2021–present  Medieval Europe (survey), Marrowby College

Updated: March 2, 2026

\f"""


def test_running_header_and_footer_between_form_feeds_are_dropped():
    """pdfminer/pdftotext text keeps each page's header ("Roe, CV, p. 2") and footer
    ("Updated: March 2, 2026") between the form feeds; read as lines they became a talk and a
    course. The lines among the first or last two of most pages that read the same there,
    digits aside, are furniture."""
    kept = [t for _, t in drop_page_furniture(normalise_lines(PAGED), PAGED) if t.strip()]
    assert not any("Updated" in t or "CV, p." in t for t in kept)
    assert "Wendeline Roe" in kept and "TEACHING" in kept
    r = extract(_doc(PAGED))
    assert r.person.name == "Wendeline Roe"
    assert [t.title for t in r.talks] == ["Salt Roads", "Tolls and Credit"]
    assert [t.course for t in r.teaching] == ["Medieval Europe (survey)"]


def test_a_name_set_as_the_running_header_stays_the_name_on_the_first_page():
    text = "Osric Valemont\n\nEDUCATION\n\n2011  Ph.D., Botany, University of Quellin\n\n" \
           "\fOsric Valemont\n\nAWARDS\n\n2019  Fenwick Medal, Society of Lorem Botany\n\n\f"
    kept = [t for _, t in drop_page_furniture(normalise_lines(text), text) if t.strip()]
    assert kept.count("Osric Valemont") == 1 and kept[0] == "Osric Valemont"
    assert extract(_doc(text)).person.name == "Osric Valemont"


def test_page_counter_lines_without_form_feeds_are_dropped_with_the_footer_beside_them():
    """A copy from a viewer has no form feeds: short lines that read the same but for a number
    counting up, a page apart ("Ines Marlow | 1", "| 2"), are a page counter, and a line repeated
    word for word right beside one ("Last updated: June 2026") is the footer of the page before."""
    talks = "\n".join(f"{2000 + k}  “Delta talk {k},” Geography Colloquium, University of Quellin" for k in range(14))
    more = "\n".join(f"{1980 + k}  “Silt talk {k},” Earth Sciences Seminar, Tarrant Institute" for k in range(3))
    text = ("Ines Marlow | 1\nInes Marlow\nimarlow@quellin.example\n\nInvited Talks\n" + talks +
            "\nLast updated: June 2026\nInes Marlow | 2\n" + more + "\nLast updated: June 2026\n")
    r = extract(_doc(text))
    assert r.person.name == "Ines Marlow"
    assert len(r.talks) == 17
    assert not any("Marlow" in (t.title or "") + (t.host or "") or "updated" in (t.title or "").lower() for t in r.talks)


def test_numbered_lines_that_do_not_count_pages_stay():
    """"Calculus 1" / "Calculus 2": entries that differ by a counting number, next to each other,
    are no page counter; nor are lines whose numbers do not count up."""
    for text in ("Teaching\n2019  Teaching Assistant, Calculus 1\n2020  Teaching Assistant, Calculus 2\n",
                 "Grants\nProject Lorem, phase 1\nProject Lorem, phase 3\n"):
        assert drop_page_furniture(normalise_lines(text), text) == normalise_lines(text)


# --- blank lines inside justified paragraphs ---------------------------------------------------
def test_a_reference_split_by_a_blank_line_after_a_justified_line_is_one_reference():
    """pdfminer sets a justified line (its word gaps widened to two spaces) apart from the
    rest of its paragraph by a blank line: "[3] Roe,  A.  (2022).  “Title  of" / "" / "rest.” …".
    The blank line is no break: each reference is read whole."""
    r = extract(_doc("""
        Halvard Quist

        Publications

        [3] Quist,  H.,  &  Brand,  M.  A.  (2022).  “Distance,  demand,  and  the  geography  of

        open-access colleges.” Journal of Lorem Policy, 48(2), 211–239.

        [2] Quist,  H.  (2020).  “Who  pays  when  states  cut?  Tuition  responses  to

        appropriations shocks.” Research in Ipsum Finance, 64(1), 77–104.

        [1] Quist, H. (2018). “Merit aid and border counties.” Lorem Letters, 9(1), 1–19.

        Teaching

        2021  HED 6200: Finance of Higher Education
        """))
    assert [(p.title, p.year, p.venue) for p in r.publications] == [
        ("Distance, demand, and the geography of open-access colleges", "2022", "Journal of Lorem Policy"),
        ("Who pays when states cut? Tuition responses to appropriations shocks", "2020", "Research in Ipsum Finance"),
        ("Merit aid and border counties", "2018", "Lorem Letters"),
    ]
    assert [t.course for t in r.teaching] == ["HED 6200: Finance of Higher Education"]


def test_blank_lines_between_paragraphs_and_before_headings_stay():
    lines = normalise_lines("Summary line that ends here.\n\nNext paragraph of text\n\nPublications\n\n"
                            "Lorem  ipsum  dolor  sit  amet  consectetur\n\nEducation\n")
    assert rejoin_split_lines(lines) == lines
    # a line cut mid-phrase goes on past the blank line; a short line in lower case does not, nor
    # a connective left alone on its line (pdfminer's words of a line it could not set)
    cut = normalise_lines("Roe, A. (2023). State cuts. Graduate School of\n\nEducation, Lorem University.\n\n"
                          "2 items\n\npreprint 2026\n\nand\n\nPriya Roe, Lukas Poe. FlexSparse: a dataflow design.\n")
    assert [t for _, t in rejoin_split_lines(cut)] == [
        "Roe, A. (2023). State cuts. Graduate School of", "Education, Lorem University.", "", "2 items", "",
        "preprint 2026", "", "and", "", "Priya Roe, Lukas Poe. FlexSparse: a dataflow design.", ""]


# --- a table's columns given one after the other ----------------------------------------------
def test_a_date_column_given_as_its_own_block_is_paired_with_the_entries():
    """pdfminer gives a table of years and degrees one column at a time: "2012" / "2006" /
    "2004", a blank line, then the three degrees (and a third column of degree names). The
    two runs of equal length are the table's rows again."""
    r = extract(_doc("""
        Marit Ellory

        EDUCATION

        2012
        2006
        2004

        Ph.D., History, University of Vexley
        M.A., Medieval Studies, University of Vexley
        B.A., History and Classics, Pellham College

        FELLOWSHIPS AND AWARDS

        2023
        2017

        Fellowship for University Teachers, Lorem Endowment
        Best First Book Prize, Society of Ipsum History
        """))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [
        ("Ph.D.", "University of Vexley", "2012"),
        ("M.A.", "University of Vexley", "2006"),
        ("B.A.", "Pellham College", "2004"),
    ]
    assert [(a.name, a.year) for a in r.awards] == [
        ("Fellowship for University Teachers, Lorem Endowment", "2023"),
        ("Best First Book Prize, Society of Ipsum History", "2017"),
    ]


def test_a_third_column_of_short_cells_joins_the_rows_and_unequal_runs_stay():
    lines = normalise_lines("2021\n2016\n\nPolicy Studies, Lorem University\nPublic Policy, Ipsum College\n\n"
                            "Ph.D.\nM.P.P.\n")
    assert [t for _, t in pair_column_blocks(lines) if t] == [
        "2021\tPolicy Studies, Lorem University\tPh.D.", "2016\tPublic Policy, Ipsum College\tM.P.P."]
    uneven = normalise_lines("2021\n2016\n\nPolicy Studies, Lorem University\n")
    assert pair_column_blocks(uneven) == uneven


# --- characters and scan slips of text from PDFs -----------------------------------------------
def test_ligatures_and_unmapped_glyphs_in_plain_text():
    """pdfminer's text keeps the ligatures ("ﬂuorination", "e\ufb03cient") and writes a glyph of an
    icon font it cannot map as "(cid:0)": the words are spelled out, and such a glyph is a bullet
    where it opens a line ("(cid:0) Education" is the heading) and nothing elsewhere."""
    r = extract(_doc("""
        Oriel Banfield-Sato
        (cid:0) obanfield@quarry.example   (cid:0) linkedin.com/in/obanfieldsato

        (cid:0) Education

        Ph.D. in Chemistry, University of Quarry, 2019

        (cid:0) Publications

        1. O. Banfield-Sato, R. Lisle, “Late-stage \ufb02uorination of e\ufb03cient catalysts”, Journal of Lorem Chemistry, 12(3), 44–51, 2021.
        """))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [("Ph.D. in Chemistry", "University of Quarry", "2019")]
    assert [p.title for p in r.publications] == ["Late-stage fluorination of efficient catalysts"]
    assert r.person.emails == ["obanfield@quarry.example"]


def test_a_dropped_or_swapped_letter_in_an_affiliation_word_is_read_as_the_word():
    """A scan's "Unversity", "Departmnet", "Insitute": the words that anchor an organization are
    read as themselves (one inner letter dropped or two swapped), so the entry is still read;
    a word of its own ("Profesor" in Spanish, "Lecture", "Proceeding") is left alone."""
    from mappers.extract.sections import normalise_text
    assert normalise_text("Departmnet of Lorem, Insitute of Ipsum, Westmere Unversity") == [
        "Department of Lorem, Institute of Ipsum, Westmere University"]
    assert normalise_text("Profesor Titular; Guest Lecture; Proceeding") == ["Profesor Titular; Guest Lecture; Proceeding"]
    r = extract(_doc("""
        Ailsa Brennock

        Education

        2016  Ph.D. in Economics, Ashgrove Unversity
        """))
    assert [(e.degree, e.institution, e.end) for e in r.education] == [("Ph.D. in Economics", "Ashgrove University", "2016")]


def test_a_quotation_cut_by_the_margin_goes_on_past_the_blank_line():
    lines = normalise_lines("1. A. Roe, B. Poe, “A reduced-order model of wall motion from 4D\n\n"
                            "MRI”, Journal of Lorem Methods, 24(3), 301–318, 2023.\n")
    assert [t for _, t in rejoin_split_lines(lines) if t] == [
        "1. A. Roe, B. Poe, “A reduced-order model of wall motion from 4D",
        "MRI”, Journal of Lorem Methods, 24(3), 301–318, 2023."]


# --- a biosketch's contributions ----------------------------------------------------------------
def test_a_biosketch_contribution_lists_its_lettered_references_and_is_no_work_itself():
    """An NIH biosketch's "C. Contributions to Science": each contribution is a numbered
    paragraph in the first person, with the works it cites lettered under it ("a. Roe AB, …").
    The lettered lines are the list's items; the paragraph and the closing "Complete List of
    Published Work in MyBibliography: https://…" are no works."""
    r = extract(_doc("""
        BIOGRAPHICAL SKETCH

        C. Contributions to Science
        1. Thermal tolerance of intertidal snails. Early in my career I showed that the daily range
        of body temperature, not its mean, predicts mortality in snail beds. This changed how
        field temperatures are logged.
        a. Quarrie LM, Pennock JD, Vossel AM. Daily thermal range predicts mortality in intertidal
        snails. Ecol Lett. 2016;19(7):812-821.
        b. Quarrie LM, Vossel AM. Heat-shock protein expression across a tidal gradient. Mar Biol.
        2015;162(3):455-466.
        2. Range shifts under marine heatwaves. My laboratory documented the northward shift of
        three barnacle species after the 2019 heatwave, using surveys repeated since 1990.
        a. Aldane M, Whitlow SB, Quarrie LM. Barnacle range edges after a marine heatwave. Glob
        Change Biol. 2021;27(18):4410-4424.

        Complete List of Published Work in MyBibliography: https://www.example.org/myncbi/lorem.quarrie.1/bibliography/public/
        """))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Daily thermal range predicts mortality in intertidal snails", "2016"),
        ("Heat-shock protein expression across a tidal gradient", "2015"),
        ("Barnacle range edges after a marine heatwave", "2021"),
    ]
    assert [len(p.authors) for p in r.publications] == [3, 2, 3]


def test_dates_given_apart_pair_with_the_degrees_that_open_multi_line_entries():
    """The date column of an education table as its own run ("2021–now" / "" / "2018–2021" /
    "" / "2014–2018"), then the entries, each over several lines (thesis, supervisors): each date
    goes with the entry whose first line opens with a degree, when there are as many."""
    r = extract(_doc("""
        Maren Holtby-Asare

        Education

        2021–now

        2018–2021

        2014–2018

        Ph.D. in Computational Linguistics, University of Tessel, Germany.
        Thesis: Prosody as a cue for switch points.
        Supervisors: Prof. Dr. Arnulf Brenk and Dr. Odile Marchal
        M.A. in Linguistics, University of Tessel, Germany.

        B.A. in Portuguese Studies, University of Varn,
        Germany.

        Teaching

        2023  Introduction to Corpus Linguistics (tutorial), University of Tessel
        """))
    assert [(e.degree, e.institution, e.start, e.end, e.current) for e in r.education] == [
        ("Ph.D. in Computational Linguistics", "University of Tessel", "2021", None, True),
        ("M.A. in Linguistics", "University of Tessel", "2018", "2021", False),
        ("B.A. in Portuguese Studies", "University of Varn", "2014", "2018", False),
    ]


# --- ACS references ------------------------------------------------------------------------------
def test_acs_references_with_two_initials_and_marks_after_them():
    """ACS style: "Surname, D. M.; Surname, S.‡; Surname, E.* Title. J. Abbr. 2024, 63, e2024…".
    Two initials and a mark after them stay in the author list, so the title is the title; a
    legend "(‡equal contribution; *corresponding author; …)" set as a line of the list is no
    work, and gives the marks their meaning."""
    r = extract(_doc("""
        Dr. Odalys Brennan-Kyte

        PUBLICATIONS

        (‡equal contribution; *corresponding author; underlined: students)
        12. Lunde, T.; Reyes, D. M.; Brennan-Kyte, O.* Photoredox ring opening of cyclic amines. J. Lorem Chem. Soc. 2025, 147, 10422–10431.
        11. Reyes, D. M.‡; Hartley, S.‡; Brennan-Kyte, O.* Nickel-catalyzed arylation of strained rings. Ipsum Chem. 2024, 63, e202401188.
        10. Brennan-Kyte, O.; Feld, I. Site-selective amination of natural products. Nature Lorem 2020, 581, 415–420.
        """))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Photoredox ring opening of cyclic amines", "2025"),
        ("Nickel-catalyzed arylation of strained rings", "2024"),
        ("Site-selective amination of natural products", "2020"),
    ]
    second = r.publications[1]
    assert [a.name for a in second.authors] == ["D. M. Reyes", "S. Hartley", "O. Brennan-Kyte"]
    assert second.authors[0].equal_contribution and second.authors[1].equal_contribution
    assert second.authors[2].is_subject
    # (a legend giving two marks two meanings is not told apart yet: "*" reads as equal
    # contribution like "‡"; see the README text of this session)


# --- an economics job-market CV ------------------------------------------------------------------
def test_placement_officers_and_referees_contacts_are_not_the_subjects():
    """A job-market CV lists its placement officers (and referees) with their e-mails and phones
    near the top: "Placement Officers" and "Referees" are sections of others' contacts."""
    r = extract(_doc("""
        Orla Benedetti-Achebe
        Department of Economics, Lorem University
        Cell: (312) 555-0199
        Email: obenedetti@lorem.example

        Placement Officers
        Professor Garth Hollin	gholl@lorem.example
        (312) 555-0101

        Education
        2020–2026	Ph.D. in Economics, Lorem University

        Referees
        Professor Nadia Fenn, nfenn@lorem.example
        """))
    assert r.person.emails == ["obenedetti@lorem.example"]
    assert r.person.phones == ["(312) 555-0199"]
    assert classify_heading("Placement Director") == "other" and classify_heading("Referees") == "other"


def test_a_full_line_goes_on_with_a_short_tail_that_ends_its_sentence():
    """"2019–2022: Research Fellow, Institute for Cold Matter, Vellmar Research" (cut by the
    margin) / "Centre, Germany.": the tail ends the sentence but still holds the name's last
    word, so it goes on with the line above, as "… Journal of Development" / "Studies Letters,
    2023, 12(1): 44–61." does in a reference."""
    r = extract(_doc("""
        Rowan Pellicott

        Employment

        2022–present: Lecturer in Physics, University of Kestrel Bay, United Kingdom of Lorem.
        2019–2022: Research Fellow, Institute for Quantum Matter, Vellmar Research
        Centre, Germany.
        2017–2019: Postdoctoral Research Associate, Department of Physics, University of Carrow.
        """))
    assert [(p.title, p.organization, p.unit) for p in r.positions][1] == (
        "Research Fellow", "Vellmar Research Centre", "Institute for Quantum Matter")
    assert len(r.positions) == 3


def test_stretched_gaps_are_single_again_and_a_word_like_a_month_is_no_date():
    """A justified line's doubled gaps are single spaces in the record ("Review  of  Harbours
    …" is read as "Review of Harbours …"), and a publisher's line that opens with a word that
    starts like a month ("Marrow University Press, 2021.") still goes on with the book above."""
    r = extract(_doc("""
        Hester Vallance

        Publications

        2. Salt and Sovereignty: Coastal Markets in the Angevin World, 1150–1250. Ithaca:

        Marrow University Press, 2021.

        1. Review  of  Harbours  of  the  Empire,  by  Rosalind  Thackery.  American  Historical

        Digest 128 (2023): 912–913.
        """))
    assert [(p.title, p.year) for p in r.publications] == [
        ("Salt and Sovereignty: Coastal Markets in the Angevin World, 1150–1250", "2021"),
        ("Review of Harbours of the Empire", "2023"),
    ]
    assert r.publications[1].venue == "American Historical Digest"


def test_labelled_apa_talks_keep_their_wrapped_venue_line():
    """"[3] Roe, C. T. (2025, November). Title." / "Association …, Portland, OR.": in a list of
    talks whose items carry labels, the unlabelled line under an item is the rest of it (its
    venue), not a talk of its own; a line with its own date still opens one."""
    r = extract(_doc("""
        Corwen Halby

        Presentations

        [3] Halby, C. T. (2025, November). Open-access colleges and commuting zones.
        Association for the Study of Lorem Policy, Portland, OR.
        [2] Halby, C. T., & Brisk, M. A. (2024, April). Rural dual enrollment. Education
        Research Forum, Chicago, IL.
        2019  Border counties and merit aid, Finance Ipsum Meeting, Denver, CO.
        """))
    assert [(t.title, t.host, t.date) for t in r.talks][:2] == [
        ("Open-access colleges and commuting zones", "Association for the Study of Lorem Policy, Portland, OR", "2025-11"),
        ("Rural dual enrollment", "Education Research Forum, Chicago, IL", "2024-04"),
    ]
    assert len(r.talks) == 3 and r.talks[2].date == "2019"


def test_physics_references_with_an_arxiv_id_after_the_pages():
    """"A. Roe, B. Poe and C. Doe, Title, Phys. Rev. D 98 (2018) 074512, [arXiv:1807.01234]." (the
    JHEP/physics style, the title set in italics that the PDF's text loses): the arXiv id after
    the pages no longer hides the journal, so the title is not cut at "Phys."."""
    r = extract(_doc("""
        Tamsin Okoro-Vell

        Publications

        [1] T. Okoro-Vell, J. Marsh and H. Quist, Rényi entropies of lattice gauge theories, Phys. Rev. D 98 (2018) 074512, [arXiv:1807.01234].
        [2] T. Okoro-Vell, Entanglement and the area law, Ann. Phys. 441 (2022) 168890, arXiv:2111.09876 [hep-th].
        """))
    assert [(p.title, p.year, p.venue, p.arxiv) for p in r.publications] == [
        ("Rényi entropies of lattice gauge theories", "2018", "Phys. Rev. D", "1807.01234"),
        ("Entanglement and the area law", "2022", "Ann. Phys", "2111.09876"),
    ]
    assert [a.name for a in r.publications[0].authors] == ["T. Okoro-Vell", "J. Marsh", "H. Quist"]


def test_furniture_never_takes_the_whole_text():
    """Pages that hold nothing but the lines they repeat: those lines are the text, kept."""
    text = "Jane Lorem | 1\nField notes, Ipsum Bay\n\fJane Lorem | 2\nField notes, Ipsum Bay\n\f"
    kept = [t for _, t in drop_page_furniture(normalise_lines(text), text) if t.strip()]
    assert kept == ["Jane Lorem | 1", "Field notes, Ipsum Bay", "Jane Lorem | 2", "Field notes, Ipsum Bay"]
