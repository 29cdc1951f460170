"""Session 20 (publications pass): publication lists of real CVs outside computer science
(ecology, economics, linguistics, biology, earth sciences, astronomy) read against a careful
reading. Each test is an invented entry in the shape a real list takes; names, titles and
journals are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.markup import rst_to_text
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _names(pub) -> list[str]:
    return [a.name for a in pub.authors]


# --- Pandoc definition lists: a reference wrapped in the source is one entry ------------------
def test_definition_list_reference_wrapped_over_source_lines_is_one_entry():
    """"2019" / ":    Roe, A.B., C. Poe, … M." / "     Quill, D. Lenz. Title …" (a Pandoc CV,
    the reference wrapped by the editor under its definition marker): one publication with every
    author, not one "publication" per source line."""
    r = extract(_doc("""
        # Hana Velikova

        # Publications

        2019
        :    Roe, A.B., C.D. Poe, **H. Velikova**, J.T. Marsh, M.
             Quill-Dorn, E. Lenz, K.W. Abbe. Drift of kelp canopies along a warming
             coast. Marine Lorem Letters. 12(3): 45--61.
             <http://doi.org/10.5555/mll.2019.0042>

        2017
        :    **Velikova, H.**, J.T. Marsh. Tidal refuges for juvenile sea stars.
             Ipsum Ecology. 8: 101--110.
        """))
    assert len(r.publications) == 2
    first, second = r.publications
    assert _names(first) == ["A.B. Roe", "C.D. Poe", "H. Velikova", "J.T. Marsh", "M. Quill-Dorn",
                             "E. Lenz", "K.W. Abbe"]
    assert [a.is_subject for a in first.authors] == [False, False, True, False, False, False, False]
    assert first.title == "Drift of kelp canopies along a warming coast"
    assert first.venue == "Marine Lorem Letters"
    assert first.year == "2019"
    assert first.doi == "10.5555/mll.2019.0042"
    assert _names(second) == ["H. Velikova", "J.T. Marsh"]
    assert second.title == "Tidal refuges for juvenile sea stars"
    assert second.venue == "Ipsum Ecology"


# --- "Surname, I.I., I.I. Surname, …": only the first author inverted ------------------------
def test_first_author_inverted_then_forenames_first():
    """"**Velikova, H.**, T.A. Marsh, B. Ode. Title. Journal." (ecology and fisheries CVs): the
    first name is written surname first, the others forenames first; all of them are authors, in
    order, and the title is the next sentence (it was read as the title "T.A. Marsh, B. Ode")."""
    r = extract(_doc("""
        # Hana Velikova

        ## Publications

        - **Velikova, H.**, T.A. Marsh, B. Ode, C.N. Fell. Black-tide events in reef fish populations. Journal of Lorem Biology. 114(12): 3252--3257.
        - Quill, R., N.K. Abbe, **H. Velikova**. Inverted biomass in seagrass meadows. Ipsum Letters. 283: 20160816.
        """))
    assert len(r.publications) == 2
    a, b = r.publications
    assert _names(a) == ["H. Velikova", "T.A. Marsh", "B. Ode", "C.N. Fell"]
    assert a.authors[0].is_subject
    assert a.title == "Black-tide events in reef fish populations"
    assert a.venue == "Journal of Lorem Biology"
    assert _names(b) == ["R. Quill", "N.K. Abbe", "H. Velikova"]
    assert b.title == "Inverted biomass in seagrass meadows"


def test_autolink_brackets_are_no_part_of_the_venue():
    """"Journal. 6: 25936. <http://doi.org/…>": the angle brackets of a Markdown autolink go with
    the link; the venue is the journal's name alone (it kept a stray "<")."""
    r = extract(_doc("""
        # Hana Velikova

        ## Publications

        - Abbe, K.A., **H. Velikova**, J.D. Rook. Marine food supply and bears on land. Lorem Reports. 6: 25936. <http://doi.org/10.5555/lrep.25936>
        """))
    (p,) = r.publications
    assert p.venue == "Lorem Reports"
    assert "<" not in (p.venue or "") and p.doi == "10.5555/lrep.25936"


# --- Entries as blocks of lines (Markdown hard breaks) ----------------------------------------
def test_block_entries_with_manuscript_links_are_one_entry_each():
    """An economics research page: "**Title**" / "(joint with A and B)" / "*Journal, 2019*" /
    "Manuscript: [paper.pdf](…)", each block set apart by a blank line. Every block is one paper;
    the manuscript line is a link of that paper, not a publication titled "Manuscript: paper.pdf"."""
    r = extract(_doc("""
        ---
        title: Research
        ---

        ## Working papers

        **Adaptive sampling of village surveys**  
          (joint with Ola Brandt and Ines Moreau)  
          *Working paper, 2021*  
          Manuscript: [villages.pdf](/files/villages.pdf)  

        **Matching with lotteries**  
          *Working paper, 2020*  
          Manuscript: [lotteries.pdf](/files/lotteries.pdf)  

        ## Publications

        **Shrinkage toward economic theory**  
          (joint with Pia Lind)  
          *Review of Lorem Statistics, 2019*  
          Manuscript: [shrinkage.pdf](/files/shrinkage.pdf)  
          Supplement: [supplement.pdf](/files/supplement.pdf)  

        **Uniform bounds for the delta method**  
          *Journal of Ipsum Methods, 2018*  
          Manuscript: [uniform.pdf](/files/uniform.pdf)  
        """))
    titles = [p.title for p in r.publications]
    assert titles == ["Adaptive sampling of village surveys", "Matching with lotteries",
                      "Shrinkage toward economic theory", "Uniform bounds for the delta method"]
    assert [p.venue for p in r.publications][2:] == ["Review of Lorem Statistics", "Journal of Ipsum Methods"]
    assert [p.year for p in r.publications] == ["2021", "2020", "2019", "2018"]
    assert [p.status for p in r.publications] == ["preprint", "preprint", "published", "published"]


def test_block_entries_opening_with_names_and_year():
    """A linguistics page: "Ana Roe and Ben Poe. Forthcoming." / "Title." / "Accepted in *Journal*." /
    "Data and R code to follow." — the first line gives the authors (and the year or status in its
    place), not a paper titled "Forthcoming"; the note under the venue is no entry of its own."""
    r = extract(_doc("""
        ## Publications

        Ana Roe and Ben Poe. Forthcoming.  
        Cognate guessing in unknown related languages.  
        Accepted for publication in _Lorem Linguistics Quarterly_.  
        Data and R code to follow.

        Ben Poe and Ana Roe. 2014.  
        [Factors in recognising cognates](http://example.org/cognates.pdf)  
        [_Ipsum en Tongval_ 65: 171-210](http://dx.doi.org/10.5555/iet.2014.2).  
        Data and R code available from [a repository](http://dx.doi.org/10.5555/data.1063).
        """))
    assert len(r.publications) == 2
    a, b = r.publications
    assert _names(a) == ["Ana Roe", "Ben Poe"]
    assert a.title == "Cognate guessing in unknown related languages"
    assert a.venue == "Lorem Linguistics Quarterly"
    assert a.year is None
    assert _names(b) == ["Ben Poe", "Ana Roe"]
    assert b.title == "Factors in recognising cognates"
    assert b.year == "2014"
    assert b.venue and b.venue.startswith("Ipsum en Tongval")
    assert b.doi == "10.5555/iet.2014.2"       # (the data set's DOI on the note line is not the paper's)


def test_one_line_references_grouped_by_blank_lines_stay_apart():
    """References one to a line, grouped by blank lines (a year's papers together): a group is no
    entry; each line is a paper of its own."""
    r = extract(_doc("""
        ## Publications

        Roe, A., and B. Poe. 2021. Seed banks in alpine meadows. Journal of Lorem Botany 12: 1-9.
        Poe, B., A. Roe, and C. Moe. 2021. Pollinator loss in valley orchards. Ipsum Ecology 4: 20-31.
        Moe, C., and A. Roe. 2021. Frost timing and bud burst. Lorem Letters 7: 11-19.

        Roe, A. 2019. Lichen cover on granite slopes. Journal of Lorem Botany 10: 5-12.
        Poe, B., and A. Roe. 2019. Moss carpets after fire. Ipsum Ecology 2: 40-47.
        Roe, A., B. Poe, and D. Vale. 2019. Snowmelt and seedling survival. Lorem Letters 5: 1-8.
        """))
    assert len(r.publications) == 6
    assert r.publications[1].title == "Pollinator loss in valley orchards"
    assert r.publications[4].title == "Moss carpets after fire"


# --- Lab pages: "### Title" over "authors · venue" -------------------------------------------
def test_title_heading_over_authors_dot_venue_line():
    """A lab page rendered from HTML: "2024 · 3" (year and number) / "### Title" / "A. Roe, B. Poe ·
    Journal 12, 345 (2024)". The middle dot parts the authors from the venue; the volume, article
    number and year are no part of the venue's name; the numbered year line is no entry."""
    r = extract(_doc("""
        # Mina Torvik

        ## Publications

        * Equal contribution † Correspondence

        2024 · 1

        ### Charge noise in gate-defined lorem dots

        Ola Brandt*, Ines Moreau*, **Mina Torvik†** · Applied Lorem Letters 127, 203503 (2024)

        2023 · 2

        ### Few-electron ipsum regime in double dots

        Kai Lund, Mina Torvik†, Per Vik · Lorem Review B 97, 241115(R) (2023)

        2021 · 3

        ### Cryogenic amplifiers for dolor sensing

        Mina Torvik, Ola Brandt · Appl. Lorem Sci. Technol. 34, 123 (2021)
        """))
    assert [p.title for p in r.publications] == ["Charge noise in gate-defined lorem dots",
                                                 "Few-electron ipsum regime in double dots",
                                                 "Cryogenic amplifiers for dolor sensing"]
    assert [p.venue for p in r.publications] == ["Applied Lorem Letters", "Lorem Review B", "Appl. Lorem Sci. Technol"]
    assert [p.year for p in r.publications] == ["2024", "2023", "2021"]
    assert _names(r.publications[0]) == ["Ola Brandt", "Ines Moreau", "Mina Torvik"]
    assert _names(r.publications[2]) == ["Mina Torvik", "Ola Brandt"]
    assert all(any(a.is_subject for a in p.authors) for p in r.publications)


# --- Publication data files: a top-level list of references ----------------------------------
def test_yaml_list_of_references_is_a_publication_list():
    """A site's "_data/publications.yml": a list of {authors, year, title, journal, doi}, with no
    name anywhere. Each item is a publication; the author in every item is the subject."""
    text = """
        # Publications list, newest first
        - authors: "Ekdal, V., Brun, A. F., and Lind, W. M."
          year: 2024
          title: "Slab dip and mantle flow in lorem subduction zones"
          journal: "Geophys. Lorem Int."
          volume: 236
          doi: "10.5555/glint.2024.489"

        - authors: "Brun, A. F."
          year: 2022
          title: "Pressure build-up beneath ipsum plates"
          journal: "Lorem Res. Lett."
          doi: "10.5555/lrl.2022.330"

        - authors: "Brun, A. F., and Sola, C. B."
          year: 2021
          title: "Slab temperature over the lifetime of a dolor margin"
          journal: "Geochem. Lorem Syst."
          doi: "10.5555/gls.2021.476"
        """
    r = extract(_doc(text, name="publications.yml", fmt="yaml"))
    assert [p.title for p in r.publications] == ["Slab dip and mantle flow in lorem subduction zones",
                                                 "Pressure build-up beneath ipsum plates",
                                                 "Slab temperature over the lifetime of a dolor margin"]
    assert _names(r.publications[0]) == ["V. Ekdal", "A. F. Brun", "W. M. Lind"]
    assert [p.year for p in r.publications] == ["2024", "2022", "2021"]
    assert r.publications[0].doi == "10.5555/glint.2024.489"
    assert r.person.name == "A. F. Brun"
    assert all([a.name for a in p.authors if a.is_subject] == ["A. F. Brun"] for p in r.publications)


def test_no_subject_from_authorship_without_one_clear_author():
    """Two people in every entry (a pair who always write together): neither is taken for the
    subject; the document stays unnamed."""
    r = extract(_doc("""
        ## Publications

        - Roe, A., and B. Poe. 2021. Seed banks in alpine meadows. Journal of Lorem Botany 12: 1-9.
        - Poe, B., and A. Roe. 2020. Pollinator loss in valley orchards. Ipsum Ecology 4: 20-31.
        - Roe, A., and B. Poe. 2019. Frost timing and bud burst. Lorem Letters 7: 11-19.
        """))
    assert len(r.publications) == 3
    assert r.person.name == ""
    assert not any(a.is_subject for p in r.publications for a in p.authors)


# --- Title headings over an emphasised venue and the authors ---------------------------------
def test_heading_title_then_emphasised_venue_then_authors():
    """A chemical-engineering page: "## Submitted" / "### Title" / "*Venue* - TBD" / authors, then
    "## 2024" / "### [Title](url)" / "*Venue* - 2024" / authors. Each heading is a paper's title
    (a linked title that says "Programming" is no Skills section); the emphasised line is its venue;
    the year heading at the same level ends the submitted group."""
    r = extract(_doc("""
        ---
        title: Publications
        ---

        ## Submitted

        ### Dispatch of lorem demand under ipsum variation

        *Lorem Systems Letters* - TBD

        Kai Lund, **Rafe Okoro**, Ana Vik

        ## 2024

        ### [Linear and Quadratic Programming for ipsum plants](https://example.org/lqp)

        *Computers & Lorem Engineering* - 2024

        **Rafe Okoro**, Ines Moreau, Kai Lund

        ### [Scheduling dolor systems under forecast uncertainty](https://example.org/sched)

        *Computer Aided Lorem Engineering* - 2024

        Ola Brandt, **Rafe Okoro**
        """))
    assert [p.title for p in r.publications] == ["Dispatch of lorem demand under ipsum variation",
                                                 "Linear and Quadratic Programming for ipsum plants",
                                                 "Scheduling dolor systems under forecast uncertainty"]
    assert [p.venue for p in r.publications][1:] == ["Computers & Lorem Engineering", "Computer Aided Lorem Engineering"]
    assert [p.status for p in r.publications] == ["in submission", "published", "published"]
    assert [p.year for p in r.publications][1:] == ["2024", "2024"]
    assert _names(r.publications[1]) == ["Rafe Okoro", "Ines Moreau", "Kai Lund"]
    assert not r.skills


def test_bare_doi_text_after_apa_venue_is_no_part_of_it():
    """"_Journal_, 92, 104059. [10.5555/jlp.2021.059](https://doi.org/…)": the DOI printed as the
    text of its link ends the reference; the venue is the journal's name (volume and article number
    left out), the DOI is read from the link."""
    r = extract(_doc("""
        ---
        title: Publications
        author: Lena Marsh
        ---

        **Marsh, L.**, Okoro, R., & Vik, A. (2021). Approach training and implicit lorem identification. _Journal of Ipsum Psychology_, 92, 104059. [10.5555/jip.2021.104059](https://doi.org/10.5555/jip.2021.104059)

        Okoro, R., & **Marsh, L**. (2020). Group-level variability of the dolor bias. _European Journal of Lorem Psychology_, 50(3), 612–630. [10.5555/ejlp.2653](https://doi.org/10.5555/ejlp.2653)
        """))
    assert [p.venue for p in r.publications] == ["Journal of Ipsum Psychology", "European Journal of Lorem Psychology"]
    assert [p.doi for p in r.publications] == ["10.5555/jip.2021.104059", "10.5555/ejlp.2653"]
    assert [p.year for p in r.publications] == ["2021", "2020"]


# --- LaTeX: res.cls lists and date-column entry macros ---------------------------------------
def test_latex_et_al_reference_with_lower_case_journal_in_emphasis():
    """"A. Roe et al, Title words. {\\it eLife.} 2021 Mar; (10) e66151." (a biology CV in res.cls):
    the emphasised journal after the title's stop ends the title even when its name opens in lower
    case; it is the venue (it was glued to the title as "… maturation. eLife")."""
    r = extract(_doc(r"""
        \documentclass{res}
        \begin{document}
        \name{Ines Moreau}
        \begin{resume}
        \section{PUBLICATIONS}
        \begin{enumerate}
        \item Kai Lund et al, Talin and vinculin complexes in nascent lorem adhesions. {\it eLife.} 2021 Mar; (10) e66151.
        \item Ola Brandt, Ines Moreau, and Per Vik.  Lattice and Gaussian ipsum sheets compared.  {\it Opt. Lorem.} 2020 Aug; (28) 27052-27077.
        \end{enumerate}
        \end{resume}
        \end{document}
        """, name="cv.tex", fmt="latex"))
    a, b = r.publications
    assert a.title == "Talin and vinculin complexes in nascent lorem adhesions"
    assert a.venue == "eLife" and a.year == "2021" and a.et_al
    assert _names(a) == ["Kai Lund"]
    assert b.title == "Lattice and Gaussian ipsum sheets compared"
    assert _names(b) == ["Ola Brandt", "Ines Moreau", "Per Vik"]


def test_latex_year_argument_then_entry_on_the_next_line():
    """"\\scholarshipentry{2017}" / "{\\textbf{Roe, Ana}, … 2017: ``Title,\\" Presented at …}" (a
    yaac CV): the year column and the reference on the next line are one entry (the year was an
    entry of its own); the escaped straight quote closes the title (it was read as an umlaut)."""
    r = extract(_doc(r"""
        \documentclass{yaac-another-awesome-cv}
        \name{Ana}{Roe}
        \begin{document}
        \sectionTitle{Publications}{\faBook}
        \begin{scholarship}
        	\scholarshipentry{2017}
        			{\textbf{Roe, Ana}, Lund, Kai, \& Brandt, Ola 2017: ``Surface fluxes of lorem gas at ipsum sites,\" Presented at Dolor Annual Meeting, Lyon, France}
        	\scholarshipentry{2015}
        			{\textbf{Roe, A.}, Lund, K., Brandt, O. 2015: ``Isotopic analysis of escaped lorem gases,\" Abstract B12-0343 presented at Ipsum Fall Meeting}
        \end{scholarship}
        \end{document}
        """, name="cv.tex", fmt="latex"))
    assert [p.title for p in r.publications] == ["Surface fluxes of lorem gas at ipsum sites",
                                                 "Isotopic analysis of escaped lorem gases"]
    assert [p.year for p in r.publications] == ["2017", "2015"]
    assert _names(r.publications[0]) == ["Ana Roe", "Kai Lund", "Ola Brandt"]
    assert r.publications[0].authors[0].is_subject


# --- Mathematics pages: numbered titles, an underlined journal, version links ----------------
def test_numbered_titles_with_underlined_journal_and_version_links():
    """"1. Title" / "<ins>Journal</ins>. Vol. 8 (2023), No. 1, 127—139." / "[[Final Preprint. 13
    pages]](…)" / "[(Previous version …)](…)" (hard breaks): the underlined name is the venue (an
    inline element opening a line starts no HTML block), from "Vol." on only numbers; the bracketed
    links are versions of the paper, not papers of their own."""
    r = extract(_doc("""
        ---
        title: Publications and Preprints
        ---

        ### **Publications:**

        1. Heights of lorem points on a pencil  
        <ins>Journal of Ipsum Algebra</ins>. To appear.
        [[Final Preprint. 17 Pages. May 3, 2025]](/files/papers/heights.pdf)  
        [(Previous version. 28 Pages. March 9, 2023)](/files/papers/heights-old.pdf)

        2. Torsion classes on a family of dolor surfaces  
        <ins>Manuscripta Loremica</ins>. Vol. 148 (2020), No. 1-2, 77—96.  
        [[Final Preprint. 15 Pages. April 2, 2019]](/files/papers/torsion.pdf)  

        3. A vanishing theorem for ipsum fibrations  
        (*joint with* [Ana Roe](https://example.org/roe))  
        <ins>Annals of Lorem Theory</ins>. Vol. 7 (2018), No. 3, 201—230.  
        [[Final Preprint. 24 Pages. August 11, 2017]](/files/papers/vanishing.pdf)  
        """))
    assert [p.title for p in r.publications] == ["Heights of lorem points on a pencil",
                                                 "Torsion classes on a family of dolor surfaces",
                                                 "A vanishing theorem for ipsum fibrations"]
    assert [p.venue for p in r.publications] == ["Journal of Ipsum Algebra", "Manuscripta Loremica", "Annals of Lorem Theory"]
    assert [p.year for p in r.publications] == [None, "2020", "2018"]


# --- Finance pages in reStructuredText: bold title, italic journal, buttons -------------------
def test_rst_bold_title_then_italic_journal_and_link_buttons():
    """An rST research page: "- **Title, and More** *Journal of Lorem,* 35 (2022), 5057-5093" /
    "  with `A <url>`__ [`SSRN <url>`__]". The bold words are the title, however name-like ("Lorem
    Attention and Ipsum Risk Premia" read as two people); the italic name is the journal (rST
    emphasis is kept for the text reader); "[SSRN]" buttons are neither venue nor preprint status;
    a bold title with a colon inside is a title, not an author list."""
    text = """
        Working papers
        ~~~~~~~~~~~~~~

        **Noisy Lorem Returns: Information, Price Pressure, and Reversals**

        With `Ola Brandt <http://example.org/ob>`__ [`SSRN <https://papers.example.org/1>`__]

        Publications
        ~~~~~~~~~~~~

        - **Lorem Attention and Ipsum Risk Premia** *Review of Lorem Studies,* 35 (2022), 5057-5093

          with `Kai Lund <http://example.org/kl>`__ [`RFS <https://example.org/rfs>`__] [`SSRN <https://papers.example.org/2>`__]

        - **Rest in Peace Ipsum Drift** *Critical Lorem Review*, 11 (2022), 613-646 [`CLR <https://example.org/clr.pdf>`__] [`SSRN <https://papers.example.org/3>`__]

        - **Non-Standard Lorem Errors** *Journal of Ipsum, forthcoming*

          Roe, A., Poe, B. J., Moe, F., ... & Vale, Q. [`SSRN <https://papers.example.org/4>`__]
        """
    raw = textwrap.dedent(text).lstrip("\n")
    r = extract(SourceDocument(path="research.rst", name="research.rst", sha256="0" * 64, format="rst",
                               text=rst_to_text(raw), raw=raw))
    assert [p.title for p in r.publications] == ["Noisy Lorem Returns: Information, Price Pressure, and Reversals",
                                                 "Lorem Attention and Ipsum Risk Premia",
                                                 "Rest in Peace Ipsum Drift", "Non-Standard Lorem Errors"]
    assert [p.venue for p in r.publications][1:] == ["Review of Lorem Studies", "Critical Lorem Review", "Journal of Ipsum"]
    assert [p.status for p in r.publications] == ["preprint", "published", "published", "published"]
    assert not r.publications[1].authors
    assert _names(r.publications[3]) == ["A. Roe", "B. J. Poe", "F. Moe", "Q. Vale"] and r.publications[3].et_al


# --- LaTeX: hand-set APA paragraphs and moderncv publication entries --------------------------
def test_latex_hangindent_paragraph_references():
    """"\\text{\\hangindent=0.5in \\textbf{Roe, A. B.}, Poe, C., \\& Moe, D. (\\textit{in prep.}).
    Title. \\par}" (a psychology CV): the length set before the reference is no text (it was read
    as "=0.5in Roe, A. B., …", and no author was found); "(in prep.)" in the year's place is the
    preprint status."""
    r = extract(_doc(r"""
        \documentclass{curve}
        \begin{document}
        \title{Ana B. Roe}
        \begin{rubric}{Publications}
        \subrubric{Journal Articles}

        \text{\hangindent=0.5in \textbf{Roe, A. B.}, Poe, C. D., \& Moe, E. (\textit{in prep.}). Oscillations of lorem control in the ipsum brain. \par }

        \text{\hangindent=0.5in Vale, U., \textbf{Roe, A. B.}, \& Lund, K. (2018). Ipsum correlates are largely heritable. \textit{Journal of Lorem Psychology}, \textit{115}(37), 9312. \par }

        \text{\hangindent=0.5in Lund, K., \& \textbf{Roe, A. B.} (2016). Reward and lorem suppression. \textit{Ipsum Psychophysiology}, \textit{8}, 1268. \par }
        \end{rubric}
        \end{document}
        """, name="cv.tex", fmt="latex"))
    a, b, _ = r.publications
    assert _names(a) == ["A. B. Roe", "C. D. Poe", "E. Moe"] and a.authors[0].is_subject
    assert a.title == "Oscillations of lorem control in the ipsum brain"
    assert a.status == "preprint"
    assert _names(b) == ["U. Vale", "A. B. Roe", "K. Lund"]
    assert b.venue == "Journal of Lorem Psychology" and b.year == "2018"


def test_moderncv_cventry_publications_dated_by_month():
    """moderncv \\cventry{Mar 2020}{Author}{Title}{Presented at …}{\\textit{Journal, Volume 15, March
    2020 (C03047)}}: a month and year is the date column, not the title (the acronym test read
    "Mar" as a venue's name); the journal is the venue, not the note before it; "\\cventry{(exp)
    2022}{LOREM Collaboration}{Title}{ID-123}{in preparation for Ipsum Review Letters}": the
    collaboration is the author and the paper a preprint for that journal."""
    r = extract(_doc(r"""
        \documentclass[10pt,a4paper,sans]{moderncv}
        \moderncvstyle{classic}
        \firstname{Rafe}
        \familyname{Okoro}
        \begin{document}
        \makecvtitle
        \section{Peer Reviewed Publications}
        \cventry{Mar 2020}{Rafe Okoro}{Upgrades to the lorem strip chambers}{Presented at Ipsum Detectors 2019}{\textit{Journal of Lorem Instrumentation, Volume 15, March 2020 (C03047)}}{}
        \section{Papers in Progress}
        \cventry{(exp) 2022}{LOREM Collaboration}{Evidence for four ipsum quarks}{ID-21-005}{\textit{in preparation for Ipsum Review Letters}}{}
        \end{document}
        """, name="cv.tex", fmt="latex"))
    a, b = r.publications
    assert a.title == "Upgrades to the lorem strip chambers" and a.year == "2020"
    assert a.venue == "Journal of Lorem Instrumentation"
    assert _names(a) == ["Rafe Okoro"] and a.authors[0].is_subject
    assert b.title == "Evidence for four ipsum quarks"
    assert _names(b) == ["LOREM Collaboration"]
    assert b.status == "preprint" and b.venue == "Ipsum Review Letters"


def test_latex_bold_authors_colon_title_over_venue_and_doi_lines():
    """"\\textbf{J. Roe, K. Lund and P. Vik: \\textit{Title}}\\\\ Eur. Lorem J. C 79 (2019) 588\\\\
    doi:10.5555/…\\\\ arXiv:1805.03636 [hep-ph]\\\\ 11 citations." (a physics CV): the names before the
    colon are the authors, the title follows it; the journal line is the venue (not the arXiv line),
    the written DOI is the DOI; a rule's size ("\\hrule height 4pt") is no publication."""
    r = extract(_doc(r"""
        \documentclass{article}
        \begin{document}
        {\huge Jon Roe}

        \section*{Publications}
        \hrule  height 4pt
        \vspace{0.2cm}

        \textbf{J. Roe, K. Lund and P. Vik: \textit{Some results on lorem flavour violation}}\\
        Eur. Lorem J. C 79 (2019) 588\\
        doi:10.5555/eljc/s10052-019-7092-x\\
        arXiv:1805.03636 [hep-ph]\\
        11 citations.

        ~

        \textbf{J. Roe, K. Lund and P. Vik: \textit{Ipsum decays: a phenomenological approach}}\\
        arXiv:2012.14799 [hep-ph]\\
        6 citations.
        \end{document}
        """, name="cv.tex", fmt="latex"))
    a, b = r.publications
    assert a.title == "Some results on lorem flavour violation"
    assert _names(a) == ["J. Roe", "K. Lund", "P. Vik"] and a.authors[0].is_subject
    assert a.venue and a.venue.startswith("Eur. Lorem J. C") and a.year == "2019"
    assert a.doi == "10.5555/eljc/s10052-019-7092-x" and a.arxiv == "1805.03636"
    assert b.title == "Ipsum decays: a phenomenological approach" and b.status == "preprint"


def test_latex_quoted_titles_with_linked_journal_volume_and_page():
    """"\\item ``Title'', \\href{doi}{MNRAS, 453, 2075}, 2015" (an astronomer's list): the volume and
    page after the journal's name, set off by commas ("MNRAS, 453", "Proc. Lorem 6473, 647308"), are
    no part of the venue."""
    r = extract(_doc(r"""
        \documentclass{article}
        \begin{document}
        {\huge Vera Lund}
        \subsection*{PUBLICATIONS}
        \begin{itemize}
          \item ``Do the lorem light curves need reprocessing?", \href{http://dx.doi.org/10.5555/mnras/stv1797}{MNRAS, 453, 2075}, 2015
          \item ``Ipsum studies of dolor films", \href{http://dx.doi.org/10.5555/12.706773}{Proc. Lorem 6473, 647308}, 2007
        \end{itemize}
        \end{document}
        """, name="cv.tex", fmt="latex"))
    assert [p.venue for p in r.publications] == ["MNRAS", "Proc. Lorem"]
    assert [p.year for p in r.publications] == ["2015", "2007"]
    assert r.publications[0].doi == "10.5555/mnras/stv1797"


def test_generational_suffix_in_a_surname_first_author_list():
    """"Roe, J. D., Poe, M. M., Lund, P. R., Jr, & Vik, T. [Title](url). *Journal*, 111(40), 1–9."
    (APA lists on ecology pages): "Jr" after a name's initials is part of that name, not the end of the
    author list (the title was read as "Jr, & Vik, T. “Title”")."""
    r = extract(_doc("""
        # Jana Roe

        ## Publications

        - **Roe, J. D.**, Poe, M. M., Lund, P. R., Jr, & Vik, T. [Collapse of a lorem network in an ipsum valley](/pubs/collapse.pdf). *Journal of Lorem Networks*, 111(40), 14472–14477.
        - Vik, T., & **Roe, J. D.** (2012). Tools for quantifying dolor niches. *Journal of Ipsum Ecology*, 93(2), 329–341.
        """))
    a = r.publications[0]
    assert a.title == "Collapse of a lorem network in an ipsum valley"
    assert _names(a) == ["J. D. Roe", "M. M. Poe", "P. R. Lund", "T. Vik"]
    assert a.venue == "Journal of Lorem Networks"


def test_latex_vita_read_as_text_single_author_chicago_lines():
    """A sociology vita with no CV class (read as text): "\\ind Ana Roe. 2004. ``\\href{url}{Title}.''
    \\emph{Journal} 52:~610--633." — one author written forenames first, the year, the quoted title:
    the name is the author (one name alone was no author list); the link's address is no part of
    the title; the subject, named by the LaTeX source, is marked among the authors."""
    r = extract(_doc(r"""
        \documentclass[11pt]{article}
        \newcommand{\marginhead}[1]{\marginpar{\textsf{{\footnotesize\vspace{-1em}\flushright #1}}}}
        \def\ind{\hangindent=1 true cm\hangafter=1 \noindent}
        \begin{document}
        \noindent{\Large {\textsc{ana roe}}}
        \reversemarginpar

        \marginhead{Publications}
        \medskip
        \noindent\emph{Journal articles \vspace{0.05in}}

        \ind Ola Brandt and Ana Roe. 2009. ``\href{http://example.org/trust.pdf}{Trust Networks in Lorem Guilds}.'' \emph{Annual Review of Ipsum} 41:~112--139.

        \ind Ana Roe. 2005. ``\href{http://example.org/gift.pdf}{Gift Exchange in Volunteer Fire Brigades}.'' \emph{Ipsum Sociological Review} 52:~610--633.

        \ind Ana Roe. 2001. ``\href{http://example.org/arch.pdf}{Archives, Owners and the Ipsum Record}.'' \emph{Journal of Lorem Philosophy} 8:~77--98.
        \end{document}
        """, name="vita.tex", fmt="latex"))
    titles = [p.title for p in r.publications]
    assert titles == ["Trust Networks in Lorem Guilds", "Gift Exchange in Volunteer Fire Brigades",
                      "Archives, Owners and the Ipsum Record"]
    assert [_names(p) for p in r.publications] == [["Ola Brandt", "Ana Roe"], ["Ana Roe"], ["Ana Roe"]]
    assert all(p.authors[-1].is_subject for p in r.publications)
    assert [p.venue for p in r.publications] == ["Annual Review of Ipsum", "Ipsum Sociological Review",
                                                 "Journal of Lorem Philosophy"]
    assert [p.year for p in r.publications] == ["2009", "2005", "2001"]
