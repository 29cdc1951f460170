"""Publication lists as real CVs write them (session 14), each as an invented snippet: a
reference over several lines, a list's status taken from its heading, quoted linked titles,
Vancouver lists. Names, titles and venues are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _pubs(text: str):
    return extract(_doc(text)).publications


def test_numbered_reference_over_three_lines_authors_emphasised_title_linked_venue():
    """'1. A, B, **Me**,' / '_Title_' / '[Journal 12, 034501 (2023)](url) [[In the News]](url)':
    each line was an entry of its own (the author list became a title, the venue line another)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        1. T Arvo, **M Quell**, KL Brandt,  
           _Spin textures in a driven lattice gas_  
           [Lorem Physical Review B 108, 214403 (2023)](https://doi.org/10.1000/lprb.108.214403) [[**In the News**]](https://news.example.org/spin)
        2. **M Quell**, P Osei,  
           _Cold atoms in a ring trap_  
           [Ipsum Letters 12.034501 (2021)](https://doi.org/10.1000/il.12.034501) [**Editors' Suggestion**]
        """)
    assert [p.title for p in pubs] == ["Spin textures in a driven lattice gas", "Cold atoms in a ring trap"]
    assert [a.name for a in pubs[0].authors] == ["T Arvo", "M Quell", "KL Brandt"]
    assert pubs[0].authors[1].is_subject
    assert [p.venue for p in pubs] == ["Lorem Physical Review B", "Ipsum Letters"]
    assert [p.year for p in pubs] == ["2023", "2021"]
    assert pubs[0].doi == "10.1000/lprb.108.214403"


def test_surname_first_semicolon_list_over_lines_with_quoted_title_and_cite_key_link():
    """ACS style broken over lines: 'Roe, A.; Moss, D. B.; **Quell, M.**;' / '"Title",' /
    '*J. Lorem Chem.*, **2016**, 7, 101--108.' / '[[KEY16_JLC101]](doi)'; the list was cut at
    the first initial ('B.; Quell, M.' became the title) and the cite-key link was a title."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        [2] Roe, A.; Moss, D. B.; **Quell, M.**; Tan, X.;
        "Transient Spectra of Small Clusters", 
        *J. Lorem Chem.*, **2016**, 7, 101--108.
        [[KEY16\\_JLC101]](http://doi.org/10.1000/jlc.6b00001)

        [1] **Quell, M.**; Roe, A.;
        "Fast Propagators for Real-Time Dynamics"
        *J. Ipsum Theory*, **2015**, Submitted.
        """)
    assert [p.title for p in pubs] == ["Transient Spectra of Small Clusters", "Fast Propagators for Real-Time Dynamics"]
    assert [a.name for a in pubs[0].authors] == ["A. Roe", "D. B. Moss", "M. Quell", "X. Tan"]
    assert pubs[0].venue == "J. Lorem Chem" and pubs[0].year == "2016"   # (a venue keeps no final stop)
    assert pubs[0].doi == "10.1000/jlc.6b00001"
    assert [a.name for a in pubs[1].authors] == ["M. Quell", "A. Roe"]
    assert pubs[1].venue == "J. Ipsum Theory" and pubs[1].status == "in submission"


def test_linked_title_whose_text_runs_onto_the_next_line():
    """'- A, B [Title words via' / 'more title words](url), *submitted, 2025*': the entry was lost."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Ola Brandt, **Mira Quell** [Learned Solvers for Stiff Systems via
        Implicit Layers](https://arxiv.org/abs/2501.00001), *submitted, 2025*
        - **Mira Quell**, Ola Brandt. [Kernel Tricks for Sparse Graphs](https://arxiv.org/abs/2401.00002), *Lorem Conference on Learning, 2024*
        """)
    assert [p.title for p in pubs] == ["Learned Solvers for Stiff Systems via Implicit Layers",
                                       "Kernel Tricks for Sparse Graphs"]
    assert [a.name for a in pubs[0].authors] == ["Ola Brandt", "Mira Quell"]
    assert pubs[0].status == "in submission" and pubs[0].arxiv == "2501.00001"


def test_status_of_a_list_comes_from_its_heading_unless_the_entry_states_its_own():
    """Entries under '## Working Papers' were 'published': the list reader was not told its
    heading. An entry that states its own status ('submitted to …') keeps it."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        1. Quell, Mira, and Ola Brandt. 2021. "Prices in Thin Markets." *Lorem Economic Journal* 12 (3): 1–20.

        ## Working Papers

        1. Quell, Mira, and Ola Brandt. 2024. "Search Frictions and Small Firms."
        2. Quell, Mira. 2023. "Credit Lines in Downturns." Submitted to *Ipsum Review of Finance*.

        ## Work in Progress

        * **Trade Credit Networks** (with Ola Brandt)
        """)
    status = {p.title: p.status for p in pubs}
    assert status == {"Prices in Thin Markets": "published", "Search Frictions and Small Firms": "preprint",
                      "Credit Lines in Downturns": "in submission", "Trade Credit Networks": "preprint"}


def test_sub_headings_inside_a_publication_list_set_and_reset_the_status():
    """'**Submitted Manuscripts:**' / '### Under Review' inside one Publications section give
    their entries that status; a later '### Journal Articles' is published again, and a mixed
    heading ('Submitted and In Preparation') gives none."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        ### Under Review

        - Quell, M., & Brandt, O. (2025). Tidal mixing in shallow bays. *Lorem Oceanography*.

        ### Journal Articles

        - Quell, M., & Tan, X. (2022). Sediment plumes after storms. *Ipsum Marine Letters*, 4, 1–9.

        **Submitted Manuscripts:**

        - Brandt, O., & Quell, M. (2025). Wave setup on reef flats. *Dolor Coastal Research*.

        ### Submitted and In Preparation

        - Quell, M. (2025). Estuary fronts in winter. *Sit Amet Journal*.
        """)
    status = {p.title: p.status for p in pubs}
    assert status == {"Tidal mixing in shallow bays": "under review", "Sediment plumes after storms": "published",
                      "Wave setup on reef flats": "in submission", "Estuary fronts in winter": "published"}


def test_chicago_reference_with_linked_coauthors_and_a_quoted_linked_title():
    """'Doe, Jan L., [Ola Brandt](url), and Mira Quell. "[Title](doi)." _Journal_ 17, no. 1
    (2021).': the co-author links were read as quoted titles (the line was not parsed at all),
    and a linked title inside quotes came out as '"“Title”"'."""
    pubs = _pubs("""
        # Mira Quell

        ## Published Papers

        1. Doe, Jan L., [Ola Brandt](https://brandt.example.org/), [Kai P. Tan](https://tan.example.org/), and Mira Quell. "[Rents and Rules: A Map of Local Zoning Evidence](https://doi.org/10.1000/lrj.1137)." _Lorem Review Journal_ 17, no. 1 (2021).
        2. Doe, Jan L., Mira Quell, and Ola Brandt. "[Small Loans, Big Effects.](https://doi.org/10.1000/lrj.1362)" _Lorem Review Journal_ 19, no. 4 (2023): 1-20.
        """)
    assert [p.title for p in pubs] == ["Rents and Rules: A Map of Local Zoning Evidence", "Small Loans, Big Effects"]
    assert [a.name for a in pubs[0].authors] == ["Jan L. Doe", "Ola Brandt", "Kai P. Tan", "Mira Quell"]
    assert [p.venue for p in pubs] == ["Lorem Review Journal", "Lorem Review Journal"]
    assert [p.year for p in pubs] == ["2021", "2023"] and pubs[0].doi == "10.1000/lrj.1137"


def test_conference_written_with_a_spelled_edition_and_notes_in_brackets():
    """'Thirty-seventh Conference on …' and '(*equal contribution)', '(alphabetical order)'
    were kept in the venue's name."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Ola Brandt\\*, **Mira Quell**\\*, Kai Tan. "[Sparse Routing for Mixture Models](https://arxiv.org/abs/1905.00001)" (*equal contribution) Thirty-seventh Lorem Conference on Learning Systems (LCLS) 2019.
        - Ada Lind, **Mira Quell**. [Rare Events and Control Variates](https://arxiv.org/abs/2305.00002) (alphabetical order) Eleventh International Conference on Ipsum Methods (ICIM) 2023
        """)
    assert [p.title for p in pubs] == ["Sparse Routing for Mixture Models", "Rare Events and Control Variates"]
    assert [p.venue for p in pubs] == ["Lorem Conference on Learning Systems", "International Conference on Ipsum Methods"]
    assert [p.venue_acronym for p in pubs] == ["LCLS", "ICIM"]
    assert [a.name for a in pubs[0].authors] == ["Ola Brandt", "Mira Quell", "Kai Tan"]
    assert [p.year for p in pubs] == ["2019", "2023"]


def test_vancouver_list_keeps_and_in_titles_drops_hash_marks_and_pubmed_notes():
    """'Roe A, Lind K, **Quell M#**. Title with and in it. Journal. 2020;…': the title's 'and'
    became a comma (the rest after the names was re-joined from comma-split items), the '#'
    stayed in the subject's name, and PubMed's '[published online ahead of print, …]' note was
    part of the title (or cut it at its full stop)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Roe A, Lind K, **Quell M#**. Tidal stress is a marker of reef decline and predicts bleaching in shallow lagoons. Lorem Mar Biol. 2020;216(7):152996. doi:10.1000/lmb.2020.152996
        - Tan X, Roe A, **Quell M**. A model of plankton blooms in warm and cold fronts [published correction appears in Ipsum Oceanogr. 2020 Mar 9;:]. Ipsum Oceanogr. 2020;30(6):307-382. doi:10.1000/io.2020.0663
        """)
    assert [p.title for p in pubs] == [
        "Tidal stress is a marker of reef decline and predicts bleaching in shallow lagoons",
        "A model of plankton blooms in warm and cold fronts"]
    assert [a.name for a in pubs[0].authors] == ["Roe A", "Lind K", "Quell M"]
    assert pubs[0].authors[2].is_subject
    assert [p.venue for p in pubs] == ["Lorem Mar Biol", "Ipsum Oceanogr"]
    assert [p.year for p in pubs] == ["2020", "2020"]


def test_numbered_bold_working_paper_title_with_coauthors_on_the_same_line():
    """'* **[2] Title,** with [Ola Brandt](url) and Kai Tan.' (then an abstract): the title kept
    its '[2]' and ', with Ola Brandt and Kai Tan', and the co-authors were lost; '(Job Market
    Paper)' is a note, not part of the title."""
    pubs = _pubs("""
        # Mira Quell

        Working Papers
        ======
        * <b> [1] [Search Frictions in Thin Markets](https://example.org/jmp.pdf) </b> <b> (Job Market Paper). </b>

        * <b> [2] Dynamic Programs by Alternating Maximization, </b> with [Ola Brandt](https://brandt.example.org/) and Kai Tan.

          <i> <b> Abstract: </b> </i> We propose a method that alternates between two simple steps. It converges under mild conditions on the model.
        """)
    assert [p.title for p in pubs] == ["Search Frictions in Thin Markets",
                                       "Dynamic Programs by Alternating Maximization"]
    assert [a.name for a in pubs[1].authors] == ["Mira Quell", "Ola Brandt", "Kai Tan"]
    assert [p.status for p in pubs] == ["preprint", "preprint"]


def test_a_heading_listing_a_category_without_a_status_gives_none():
    """'Publications, Preprints' heads published work too: its entries keep their own status."""
    from mappers.extract.publications import heading_status

    assert heading_status("PUBLICATIONS, PREPRINTS") is None
    assert heading_status("Working Papers & Publications") is None
    assert heading_status("Publications and Preprints") is None
    assert heading_status("Standard Preprints") == "preprint"      # "and" only as a word
    assert heading_status("Preprints and Working Papers") == "preprint"
    assert heading_status("Papers Under Review") == "under review"
    assert heading_status("Submitted Papers") == "in submission"


def test_comma_after_the_last_author_before_the_title():
    """'M. Quell, T. Arvo, K. Brandt, Title. Venue, 2020' (and full forenames, and '… and C,  Title'):
    the comma after the last name ends the author list; the whole line was kept as a title."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - M. Quell, T. Arvo, K. Brandt, Cold atoms in a ring trap. Ipsum Letters, 2020.
        - Mira Quell, Tomas Arvo, Karl Brandt,  Solid phases of quiet matter: a survey. In Proceedings of the Dolor Conference, 2019.
        - Mira Quell, Tomas Arvo and Karl Brandt,  Hollow beams for slow light. Under review in Ipsum Letters
        """)
    assert [p.title for p in pubs] == ["Cold atoms in a ring trap", "Solid phases of quiet matter: a survey",
                                       "Hollow beams for slow light"]
    assert [[a.name for a in p.authors] for p in pubs] == [["M. Quell", "T. Arvo", "K. Brandt"],
                                                          ["Mira Quell", "Tomas Arvo", "Karl Brandt"],
                                                          ["Mira Quell", "Tomas Arvo", "Karl Brandt"]]
    assert all(p.authors[0].is_subject for p in pubs)
    assert [p.venue for p in pubs] == ["Ipsum Letters", "Dolor Conference", "Ipsum Letters"]
    assert [p.year for p in pubs] == ["2020", "2019", None]


def test_papers_sub_heading_under_a_talks_section_lists_talks():
    """'## Presentations' / '### Conference Sessions and Papers': papers presented are talks; the
    sub-heading's word "Papers" made them publications."""
    rec = extract(_doc("""
        # Mira Quell

        ## Publications

        * Quell, Mira. "Quiet rivers of the northern plain." _Lorem Historical Review_ 12, no. 3 (2004): 101-120.

        ## Presentations

        ### Conference Sessions and Papers

        * "Mapping the quiet rivers," Lorem Historical Association Annual Meeting, Dolor City, October 2005.
        * "Roads without maps," Ipsum Society for History, Sit Town, March 2004.

        ## Working Papers

        * "Salt roads of the plain," manuscript, 2024.
        """))
    assert [p.title for p in rec.publications] == ["Quiet rivers of the northern plain", "Salt roads of the plain"]
    assert [t.title for t in rec.talks] == ["Mapping the quiet rivers", "Roads without maps"]


def test_book_reviews_read_as_publications_with_the_journal_as_venue():
    """'Review of _Book_, by A (Press, 2002). _Journal_ (October, 2003).' under '### Book Reviews'
    after another sub-heading: the heading ended the publications and the reviews were lost."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        ### Articles

        * Quell, Mira. "Quiet rivers of the northern plain." _Lorem Historical Review_ 12, no. 3 (2004): 101-120.

        ### Book Reviews

        * Review of _Salt and Stone: Rivers of the Northern Plain_ by Tomas Arvo. Lorem-Net, July 2006
        * Review of _Quiet Harbours, 1800-1900_, by Karl Brandt (Dolor University Press, 2002). _Ipsum Historical Review_ (October, 2003).
        * Review of _Roads without Maps_, edited by Ada Roe, and Pia G. Osei (Sit Press, 2001). _Amet Historian_ (Spring, 2004).
        * Review of "The Lantern Makers" by Ola Venn (Press of the Plain, 1999). Consectetur Quarterly 12, no. 2 (2000): 44-46.
        """)
    assert [p.title for p in pubs[1:]] == ["Review of Salt and Stone: Rivers of the Northern Plain",
                                           "Review of Quiet Harbours, 1800-1900", "Review of Roads without Maps",
                                           "Review of The Lantern Makers"]
    assert [p.venue for p in pubs[1:]] == ["Lorem-Net", "Ipsum Historical Review", "Amet Historian",
                                           "Consectetur Quarterly"]
    assert [p.year for p in pubs[1:]] == ["2006", "2003", "2004", "2000"]
    assert pubs[0].title == "Quiet rivers of the northern plain"


# --- session 15: citation styles and markup seen on publication lists outside the corpus ---------

def test_escaped_marks_legend_and_hash_corresponding_author():
    """Markdown escapes its marks: '\\* denotes equal contribution, \\# denotes corresponding
    author' over the list was read as a bulleted entry, and 'Roe\\#' was no author (the whole
    list was lost). '#' marks the corresponding author, '*' equal contribution."""
    pubs = _pubs(r"""
        # Mira Quell

        ## Publications

        \* denotes equal contribution, \# denotes corresponding author

        - Ola Brandt\*, **Mira Quell**\*, Tomas Roe\#. Lattice gases in driven rings. *Lorem Letters*, 2023.
        """)
    assert [p.title for p in pubs] == ["Lattice gases in driven rings"]
    assert [(a.name, a.equal_contribution, a.corresponding) for a in pubs[0].authors] == [
        ("Ola Brandt", True, False), ("Mira Quell", True, False), ("Tomas Roe", False, True)]
    assert pubs[0].venue == "Lorem Letters" and pubs[0].year == "2023"


def test_venue_badge_before_linked_title_then_authors():
    """'<span>LOREM 2025</span> <span>(Oral)</span> [Title](url). A, **Me**, B#': the badge is the
    venue and year; it had become part of the title and the authors the venue."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - <span class="badge">LOREM 2025</span> <span style="color:red">(Oral)</span> [Sparse Kernels for Ring Lattices](https://arxiv.org/abs/2501.00007). Ola Brandt, **Mira Quell**, Tomas Roe#
        - <span class="badge">IEEE TIPS 2023</span> [Fast Solvers for Stiff Flows](https://example.org/p2). **Mira Quell**, Ola Brandt
        """)
    assert [p.title for p in pubs] == ["Sparse Kernels for Ring Lattices", "Fast Solvers for Stiff Flows"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Ola Brandt", "Mira Quell", "Tomas Roe"],
                                                          ["Mira Quell", "Ola Brandt"]]
    assert pubs[0].authors[2].corresponding
    assert [p.venue for p in pubs] == ["LOREM", "IEEE TIPS"]
    assert [p.year for p in pubs] == ["2025", "2023"]


def test_year_heading_beside_an_under_review_heading_ends_that_group():
    """'### Under Review' then '### 2024' at the same level: the 2024 papers were 'under review'
    too. Title first, then the authors, then the venue or status, all set off by commas (an
    abbreviated journal such as 'Ipsum Convers. Lett' is no author)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        ### Under Review

        <ul>
          <li>Drift-Aware Control: A Robust Framework for Ring Lattices, <strong>Mira Quell</strong>, Ola Brandt, Tomas Roe, <strong>Under Review</strong></li>
        </ul>

        ### 2024

        <ul>
          <li><a href="https://example.org/p1">Think Small, Act Fast: Sparse Control at Scale</a>, Pia Osei, <strong>Mira Quell</strong>, <strong>LOREM 2024</strong></li>
          <li><a href="https://example.org/p2">Transferable Attacks on Lattice Controllers</a>, Ola Brandt, <strong>Mira Quell</strong>, <strong>Ipsum Convers. Lett</strong></li>
        </ul>
        """)
    assert [p.title for p in pubs] == ["Drift-Aware Control: A Robust Framework for Ring Lattices",
                                       "Think Small, Act Fast: Sparse Control at Scale",
                                       "Transferable Attacks on Lattice Controllers"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Mira Quell", "Ola Brandt", "Tomas Roe"],
                                                          ["Pia Osei", "Mira Quell"], ["Ola Brandt", "Mira Quell"]]
    assert [p.status for p in pubs] == ["under review", "published", "published"]
    assert [p.venue for p in pubs] == [None, "LOREM", "Ipsum Convers. Lett"]
    assert [p.year for p in pubs] == [None, "2024", "2024"]


def test_et_al_with_a_comma_ends_the_author_list():
    """'A et al, Title. *Journal*. 2022 Jan; (42) 581-600.': the list ran into the title (the
    journal became the title and the year came from the pages)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Ola Brandt, Mira Quell et al, Spin textures in driven lattice gases. *Lorem Phys.* 2022 Jan; (42) 2031-2044.
        - Tomas Roe et al, u-track: following particles in rings. *Submitted*.
        """)
    assert [p.title for p in pubs] == ["Spin textures in driven lattice gases", "u-track: following particles in rings"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Ola Brandt", "Mira Quell"], ["Tomas Roe"]]
    assert all(p.et_al for p in pubs)
    assert pubs[0].venue == "Lorem Phys" and pubs[0].year == "2022"
    assert pubs[1].status == "in submission"


def test_chicago_forthcoming_escaped_numbers_broken_quote_and_link_labels():
    """Chicago author-date with 'Forthcoming.' in the year's place, '12\\.' list numbers, a
    quoted title cut by a Markdown hard line break, and '* sample' / '* [full]' sub-bullets
    naming the entry's links: each of these made entries of its own."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        12\\. Ola Brandt, **Mira Quell**, and Tomas Roe. Forthcoming. “Quiet Rivers and the Salt Roads of the    
             Northern Plain.” 
             *Lorem Historical Review*, forthcoming.

        11\\. **Mira Quell** and Pia Osei. 2019. “Harbours without Maps.” *Ipsum Quarterly*, 8: 3-17.  
            * [full]
            * sample
        """)
    assert [p.title for p in pubs] == ["Quiet Rivers and the Salt Roads of the Northern Plain", "Harbours without Maps"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Ola Brandt", "Mira Quell", "Tomas Roe"],
                                                          ["Mira Quell", "Pia Osei"]]
    assert [p.venue for p in pubs] == ["Lorem Historical Review", "Ipsum Quarterly"]
    assert [p.year for p in pubs] == [None, "2019"]
    assert [p.status for p in pubs] == ["published", "published"]


def test_rate_note_and_starred_authors_under_a_title():
    """'Lin\\*, Wu\\*' (equal contribution) read as an emphasised venue; 'Acceptance rate: 25.6%.'
    under an entry became an entry. 'Best Paper Honorable Mention Award' is one award."""
    pubs = _pubs(r"""
        # Mira Quell

        ## Publications

        - <span style="color: royalblue">Quantum Kernels for Ring Lattices.</span>  
            Ola Brandt\*, Pia Osei\*, **Mira Quell** and Tomas Roe  
            In *The 37th Lorem Conference on Learning* (**LCL**), 2023 (Best Paper Honorable Mention Award)  
            Acceptance rate: 25.6%. [[pdf](https://example.org/q.pdf)]  
        """)
    assert [p.title for p in pubs] == ["Quantum Kernels for Ring Lattices"]
    assert [(a.name, a.equal_contribution) for a in pubs[0].authors] == [
        ("Ola Brandt", True), ("Pia Osei", True), ("Mira Quell", False), ("Tomas Roe", False)]
    assert pubs[0].venue == "Lorem Conference on Learning" and pubs[0].year == "2023"
    assert pubs[0].awards == ["Best Paper Honorable Mention Award"]


def test_unknown_sub_heading_beside_a_known_one_stays_in_the_list():
    """'### Poster Sessions' after '### Conference Papers' under '## Presentations': an unknown
    heading as high as the sub-section ended the list, and its talks were lost."""
    rec = extract(_doc("""
        # Mira Quell

        ## Presentations

        ### Conference Papers

        * "Mapping the quiet rivers," Lorem Historical Association Annual Meeting, Dolor City, October 2005.

        ### Poster Sessions

        * "Salt roads of the plain," Ipsum Society for History, Sit Town, March 2004.
        * "Harbours without maps." Amet Education Conference, June 2009, Consectetur, VA.
        """))
    assert [t.title for t in rec.talks] == ["Mapping the quiet rivers", "Salt roads of the plain", "Harbours without maps"]


def test_author_names_without_commas_around_the_bold_subject():
    """'Ola Brandt **Mira Quell** Tomas Roe. Title. Venue, 2021.' (no commas between the names):
    the entry was lost."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Ola Brandt **Mira Quell** Tomas Roe. Spin textures in driven lattice gases. Lorem Letters, 2021.
        - Pia Osei **Mira Quell**. Cold atoms in ring traps. Ipsum Review, 2020.
        """)
    assert [p.title for p in pubs] == ["Spin textures in driven lattice gases", "Cold atoms in ring traps"]
    assert [[(a.name, a.is_subject) for a in p.authors] for p in pubs] == [
        [("Ola Brandt", False), ("Mira Quell", True), ("Tomas Roe", False)], [("Pia Osei", False), ("Mira Quell", True)]]
    assert [p.venue for p in pubs] == ["Lorem Letters", "Ipsum Review"]


def test_sentence_case_title_running_into_the_journal():
    """'A, B. Quiet rivers of the plain Lorem Historical Review 12, 2019.' (no stop after the
    title): the journal, volume and year were part of the title."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Pia Osei, Mira Quell. Quiet rivers of the northern plain Lorem Historical Review 12, 2019.
        - Pia Osei, Mira Quell. Salt Roads And Harbours Of The Plain Ipsum Review 3, 2018.
        """)
    assert pubs[0].title == "Quiet rivers of the northern plain"
    assert pubs[0].venue == "Lorem Historical Review" and pubs[0].year == "2019"
    # a title in Title Case gives no evidence of where it ends: left whole
    assert pubs[1].title == "Salt Roads And Harbours Of The Plain Ipsum Review 3, 2018"


def test_bold_title_with_authors_and_year_in_brackets_and_link_label_lines():
    """'__Title__ (A. Quell, 2023)' then ' - <a>Arxiv link</a>, <a>Summary on Twitter</a>': the
    byline was lost and the link labels became the venue; an arXiv paper with no venue is a
    preprint. '__MSc Thesis__' over its thesis is a group label, and 'Under supervision of …'
    is no venue."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        ### Articles
        `2023`
        __A fair game for dividing cake among many players__ (M. Quell, 2023)
         - <a href="https://arxiv.org/abs/2301.00009"> Arxiv link </a>, <a href="https://example.org/thread"> Summary on Twitter </a>

        ### Theses
        `2018`
        __MSc Thesis__
         - <a href="/thesis.pdf"> Symmetry Structures in Lattice Models</a> (M. Quell, 2018) Under supervision of prof. Ola Brandt
        """)
    assert [p.title for p in pubs] == ["A fair game for dividing cake among many players",
                                       "Symmetry Structures in Lattice Models"]
    assert [[a.name for a in p.authors] for p in pubs] == [["M. Quell"], ["M. Quell"]]
    assert [p.year for p in pubs] == ["2023", "2018"]
    assert [p.venue for p in pubs] == [None, None]
    assert pubs[0].arxiv == "2301.00009" and pubs[0].status == "preprint"
    assert pubs[1].status == "published"


def test_year_column_before_every_entry():
    """A date column read before each entry ('2024' / entry / '2023' / entry): only the first
    year line was taken as a year; the others became publications titled '2023', '2021' and
    their entries took the first year."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        2024
        M. Quell, O. Brandt. “Spin textures in driven lattice gases.” Lorem Letters 80(1): 101-109.
        2023
        P. Osei, M. Quell. “Cold atoms in ring traps.” Ipsum Review 118(544): 2301-2314.
        2021
        M. Quell. “A note on sparse kernels.” Dolor Statistics 40(22): 4790-4801.
        """)
    assert [p.title for p in pubs] == ["Spin textures in driven lattice gases", "Cold atoms in ring traps",
                                       "A note on sparse kernels"]
    assert [p.year for p in pubs] == ["2024", "2023", "2021"]


def test_bold_year_before_an_agu_style_reference():
    """'**2019** Roe, T. J., F. Brandt, **M. Quell**, and H. Osei. *Title.* Journal, In Press.':
    the bold year before the reference hid its first author, and the entry was lost."""
    pubs = _pubs("""
        # M. Quell

        ## Refereed:

        **2019** Roe, T. J. W., F. Brandt, **M. Quell**, S.B. Osei, and H. Venn. *Large variations in the mass budget of a tidewater glacier.* The Lorem Cryosphere, In Press.

        **2016** Arvo, K. D., F. Brandt, **M. Quell**, and H. Venn. *Dynamics of a plume in a fjord.* Journal of Ipsum Research
        """)
    assert [p.title for p in pubs] == ["Large variations in the mass budget of a tidewater glacier", "Dynamics of a plume in a fjord"]
    assert [a.name for a in pubs[0].authors] == ["T. J. W. Roe", "F. Brandt", "M. Quell", "S.B. Osei", "H. Venn"]
    assert [p.year for p in pubs] == ["2019", "2016"]
    assert [p.venue for p in pubs] == ["The Lorem Cryosphere", "Journal of Ipsum Research"]


def test_preprint_servers_keep_their_names_and_a_date_after_a_bar():
    """'**Title**' / '<br/>MedRxiv | Sep 22, 2021' / a DOI link: 'MedRxiv | …' was read as the
    next entry's title, and every preprint server was called arXiv."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        **A framework for describing lattice gases**
        <br/>BioRxiv | Dec 5, 2023
        <br/>[https://doi.org/10.1101/2023.12.04.000001](https://doi.org/10.1101/2023.12.04.000001)

        **Changes in a ring trap before and after cooling**
        <br/>MedRxiv | Sep 22, 2021
        <br/>[https://doi.org/10.1101/2021.09.17.00000002](https://doi.org/10.1101/2021.09.17.00000002)
        """)
    assert [p.title for p in pubs] == ["A framework for describing lattice gases", "Changes in a ring trap before and after cooling"]
    assert [p.venue_acronym for p in pubs] == ["bioRxiv", "medRxiv"]
    assert [p.year for p in pubs] == ["2023", "2021"]
    assert [p.status for p in pubs] == ["preprint", "preprint"]
    assert [p.doi for p in pubs] == ["10.1101/2023.12.04.000001", "10.1101/2021.09.17.00000002"]


def test_first_person_introduction_over_a_list_is_no_publication():
    """'Here is a list of the publications I (co-)authored, newest first.' over the list was a
    publication with that sentence as its title."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        Here is an up-to-date list of publications I (co-)authored, in chronological order,
        starting with the most recent ones.

        1. Roe, T., Brandt, O., **Quell, M.** (2019). Spin textures in driven lattice gases. Lorem Letters, 4(2), 10-19.
        """)
    assert [p.title for p in pubs] == ["Spin textures in driven lattice gases"]
    assert [a.name for a in pubs[0].authors] == ["T. Roe", "O. Brandt", "M. Quell"]


def test_backslash_line_breaks_title_authors_and_dated_venue_lines():
    """'* **Title** [[Link]](url)\\' / 'A, B\\*, C\\' / 'Journal 2023 and oral presentation at …':
    the backslash (a Markdown hard break) stuck to the last author and the entry broke into
    three; a dated third line under a title and its authors is the venue."""
    pubs = _pubs(r"""
        # Mira Quell

        ## Publications (\* denotes equal contribution)
        * **Lattice Gases with Sparse Kernels** \
        O. Brandt, M. Quell\*, T. Roe\*, P. Osei\
        Annual Lorem Reviews of Lattice Science 2024 [[Link]](https://example.org/a)

        * **Evaluation of Ring Traps Using 20,000 Sequence Models** [[Link]](https://example.org/b)\
        Mira Quell, Ola Brandt, Biobank Lorem Project, François Aguet\
        Ipsum Research 2023 and oral presentation at Lorem Conference on Rings (LCR) 2023
        """)
    assert [p.title for p in pubs] == ["Lattice Gases with Sparse Kernels",
                                       "Evaluation of Ring Traps Using 20,000 Sequence Models"]
    assert [(a.name, a.equal_contribution) for a in pubs[0].authors] == [
        ("O. Brandt", False), ("M. Quell", True), ("T. Roe", True), ("P. Osei", False)]
    assert [a.name for a in pubs[1].authors] == ["Mira Quell", "Ola Brandt", "Biobank Lorem Project", "François Aguet"]
    assert [p.venue for p in pubs] == ["Annual Lorem Reviews of Lattice Science", "Ipsum Research"]
    assert [p.year for p in pubs] == ["2024", "2023"]


def test_gbt_7714_document_type_codes_end_the_title():
    """Chinese CVs (GB/T 7714): 'Title[J]. Journal, 2013, 35(8): 1798-1828', 'Title[C]//Proceedings
    of …. 2020, 34(05): 84-91', 'Title[J]. arXiv preprint arXiv:2508.00001, 2025': the code and the
    venue ran into the title."""
    pubs = _pubs("""
        # Quell Mira

        ## Publications

        1. Quell M, Roe T, Osei P, et al. Tensor kernels for ring classification[C]//Proceedings of the Lorem Conference on Artificial Intelligence. 2020, 34(05): 8409-8416.
        2. Brandt O, Quell M. Lattice learning: A review and new perspectives[J]. Ipsum transactions on pattern analysis, 2013, 35(8): 1798-1828.
        3. Osei P, Quell M, Roe T, et al. OpenRing: Open Foundations for Ring Agents[J]. arXiv preprint arXiv:2508.00001, 2025: 1-4
        """)
    assert [p.title for p in pubs] == ["Tensor kernels for ring classification", "Lattice learning: A review and new perspectives",
                                       "OpenRing: Open Foundations for Ring Agents"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Quell M", "Roe T", "Osei P"], ["Brandt O", "Quell M"],
                                                          ["Osei P", "Quell M", "Roe T"]]
    assert [p.venue for p in pubs] == ["Lorem Conference on Artificial Intelligence", "Ipsum transactions on pattern analysis",
                                       "arXiv preprint"]
    assert [p.year for p in pubs] == ["2020", "2013", "2025"]
    assert pubs[2].arxiv == "2508.00001" and pubs[2].status == "preprint"


def test_markdown_paragraph_wrapped_inside_bold_title_and_status_line():
    """'_A, B_. **Title words of a' / 'title, continued**. In _Proceedings of the' / 'Lorem Conference_, 2023' /
    '**(accepted for publication)**.': a Markdown paragraph wrapped in the source inside its bold
    title or italic venue fell into several entries; kramdown's '{: .chip}' is no part of the venue."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        _Mira Quell and Ola Brandt_. **Automatic Flaw Detection in Ring
        Lattices - Replication and Comparison**. In _Proceedings of the 26th Lorem
        Conference on Model Languages_, 2023
        **(accepted for publication)**.

        _Tomas Roe, Pia Osei and Mira Quell_. **Hybrid Analysis of Ring Kernels**. In _Ipsum Forum on Specification
        & Design (IFSD)_, 2022. [Best Paper Award](){: .chip .award}
        """)
    assert [p.title for p in pubs] == ["Automatic Flaw Detection in Ring Lattices - Replication and Comparison",
                                       "Hybrid Analysis of Ring Kernels"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Mira Quell", "Ola Brandt"], ["Tomas Roe", "Pia Osei", "Mira Quell"]]
    assert [p.venue for p in pubs] == ["Lorem Conference on Model Languages", "Ipsum Forum on Specification & Design"]
    assert [p.year for p in pubs] == ["2023", "2022"]
    assert pubs[1].awards == ["Best Paper Award"]


def test_bold_title_then_authors_then_in_colon_venue():
    """'- **Title**' / '  G. van Arvo, A.Quell, P.J. Roe' / '  in: LCR 2020, Proceedings of …' (one
    Markdown list item): the title, authors and venue ran together and the entry was lost;
    'A.Quell' (no space after the initial) is 'A. Quell'."""
    pubs = _pubs("""
        # Ada Quell

        ## Papers

        - **Analyzing Worker Performance in Online Ring Mapping Tasks**
          G. van Arvo, S. Osei, A.Quell, P.J. Roe
          in: LCR 2020, Proceedings of the 8th Lorem Conference on Ring Computation, Dolor, the Netherlands, October 26-29, 2020, LRM.
        - **Detecting, classifying, and mapping storefronts using street imagery**
          S. Brandt Noor, A.Quell
          in: IRC 2019, Proceedings of the 2019 Ipsum Conference on Retrieval, p. 495-501, 2019, ACM.
        """)
    assert [p.title for p in pubs] == ["Analyzing Worker Performance in Online Ring Mapping Tasks",
                                       "Detecting, classifying, and mapping storefronts using street imagery"]
    assert [[a.name for a in p.authors] for p in pubs] == [["G. van Arvo", "S. Osei", "A. Quell", "P.J. Roe"],
                                                          ["S. Brandt Noor", "A. Quell"]]
    assert all(p.authors[-1 if i else 2].is_subject for i, p in enumerate(pubs))
    assert [p.year for p in pubs] == ["2020", "2019"]


def test_with_coauthors_escaped_quote_and_four_word_linked_title():
    """'12\\. With A, **Me**, and B. 2018. “Title.” *Journal*' (co-authors after 'With'), a Markdown
    '\\"' closing a title, and '[Four Word Linked Title](url). A, **Me**' (a linked title that reads
    like a name): the first two lost their authors or kept the escape, the third its title."""
    pubs = _pubs(r"""
        # Mira Quell

        ## Publications

        12\. With Ola Brandt, **Mira Quell**, and Tomas Roe. 2018. “Application of an adapted lattice instrument.” *Lorem Research*, 8: 3-17.

        11\. Pia Osei and **Mira Quell**. 2017. “Refining ring trap risk factors in the cold patient.\" *Ipsum Care*.

        - <span class="badge">LOREM 2024</span> [Dynamic Graph Information Bottleneck](https://example.org/p). Ola Brandt, **Mira Quell**
        """)
    assert [p.title for p in pubs] == ["Application of an adapted lattice instrument",
                                       "Refining ring trap risk factors in the cold patient", "Dynamic Graph Information Bottleneck"]
    assert [[a.name for a in p.authors] for p in pubs] == [["Ola Brandt", "Mira Quell", "Tomas Roe"], ["Pia Osei", "Mira Quell"],
                                                          ["Ola Brandt", "Mira Quell"]]
    assert [p.venue for p in pubs] == ["Lorem Research", "Ipsum Care", "LOREM"]


def test_a_title_ending_in_the_numeral_of_a_part():
    """'… Part I. The Journal, 2019': the single capital before the full stop is the part's
    numeral, not an initial, so the title ends there (the venue was 'Journal' and the title ran on)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        1. Mira Quell, Pia Osei. Pebbles and Giant Planets: Part I. The Lorem Astrophysical Journal, 2019.
        2. Mira Quell, Pia Osei. Pebbles and Giant Planets: Part II. The Lorem Astrophysical Journal, 2020.
        3. T. Arvo, J. I. Brandt, Mira Quell. Cold atoms in a ring trap. Ipsum Letters, 2021.
        """)
    assert [(p.title, p.venue, p.year) for p in pubs] == [
        ("Pebbles and Giant Planets: Part I", "The Lorem Astrophysical Journal", "2019"),
        ("Pebbles and Giant Planets: Part II", "The Lorem Astrophysical Journal", "2020"),
        ("Cold atoms in a ring trap", "Ipsum Letters", "2021")]
    assert [a.name for a in pubs[2].authors] == ["T. Arvo", "J. I. Brandt", "Mira Quell"]


def test_lncs_series_and_editors_are_not_part_of_the_venue():
    """Springer's LNCS style: 'In: Editor, A. (ed.) ACRO 2010. LNCS, vol. 6049, pp. 1–9. Springer
    (2010)' — the editors, the series and its volume were kept in the venue."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Quell, M., Arvo, T.: Folding paper cranes quickly. In: Brandt, K., Osei, P. (eds.) WIDG 2010. LNCS, vol. 6049, pp. 239–252. Springer, Heidelberg (2010)
        - Quell, M., Arvo, T.: Cranes in the wind. In: Proceedings of the 12th International Symposium on Paper Folding (ISPF'04), LNCS, vol. 3383, pp. 206–216. Springer (2005)
        - M. Quell and T. Arvo. Cranes at rest. In Proceedings of the European Conference on Lorem Folding (ECLF 2020), LNCS Vol. 1234, pp. 45–67, Springer Publ., 2020.
        - M. Quell and T. Arvo. Cranes in a box. Lecture Notes in Computer Science, vol. 1234, Springer, 2019.
        - Quell, M.; Arvo, T. [Cranes on a string](https://example.org/c). In: The International Conference on Folding Science - ICFS2019. Lecture notes in computer science, vol.11536 (253-266), Springer.
        - Quell, M., Arvo, T. Cranes in the rain. *The 8th Annual Folding Workshop*, Jun 2021, Seattle, United States. [⟨hal-01234567⟩](https://hal.example.org/hal-01234567)
        """)
    assert [p.venue for p in pubs] == ["WIDG", "International Symposium on Paper Folding",
                                       "European Conference on Lorem Folding", "Lecture Notes in Computer Science",
                                       "The International Conference on Folding Science - ICFS2019", "Annual Folding Workshop"]
    assert [p.year for p in pubs] == ["2010", "2005", "2020", "2019", "2019", "2021"]
    assert all(p.authors[0].is_subject for p in pubs)


def test_google_scholar_citations_with_glued_initials_and_vancouver_lines():
    """'A, B, **MQ Quell***, Title, *Journal* 46 (4), 521–530, 2024' (Google Scholar's form, the
    subject written with initials run together: the whole line was the title); a Vancouver
    reference over three lines with a '[PMID: …](url)' line and a 'Journal 2015 May 21:id' date."""
    pubs = _pubs("""
        # Mira-Quinn Quell

        ## Publications

        - **MQ Quell***, TH Arvo†, Quantum-Enhanced Folding of Paper Cranes in Wind Tunnels, *Lorem Journal of Origami*, 147027, 2025
        - KL Brandt*, PO Osei, **MQ Quell**, TH Arvo†, Mutational analysis of paper strength, *Folding Letters* 46 (4), 521–530, 2024

        ## Other papers

        Arvo TH, Quell MQ, Brandt KL.  
        *Crane strength under humid conditions*  
        **Origami Research** 2015 May 21:btv317.
        [PMID: 12345678](https://pubmed.example.org/12345678)

        Osei P, Quell MQ.  
        *Cranes in boxes*  
        **Folding Methods** 2016 Oct 1;12(10):902-3.
        [PMID: 12345679](https://pubmed.example.org/12345679)
        """)
    assert [p.title for p in pubs] == ["Quantum-Enhanced Folding of Paper Cranes in Wind Tunnels",
                                       "Mutational analysis of paper strength",
                                       "Crane strength under humid conditions", "Cranes in boxes"]
    assert [a.name for a in pubs[1].authors] == ["KL Brandt", "PO Osei", "MQ Quell", "TH Arvo"]
    assert [a.is_subject for a in pubs[0].authors] == [True, False]
    assert pubs[1].authors[2].is_subject and pubs[2].authors[1].is_subject
    assert [p.venue for p in pubs] == ["Lorem Journal of Origami", "Folding Letters", "Origami Research", "Folding Methods"]
    assert [p.year for p in pubs] == ["2025", "2024", "2015", "2016"]
    assert pubs[3].urls == ["https://pubmed.example.org/12345679"]


def _patents(text: str):
    return extract(_doc(text)).patents


def test_patent_lines_in_the_common_shapes():
    """A patent's title, number, inventors in order, date and status in the shapes CVs use: a
    quoted title then 'United States Patent Number …' (the list's '27-' numbering and the quotes
    were in the title), inventors then title then an application number with a filing note, a
    title with a tab and its year, a row of columns, APA and IEEE references to a patent."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        12- "Folding cranes from square sheets" United States Patent Number US9123456
        2. **Mira Quell**, Tomas Arvo, and K. L. Brandt. Wind tunnel for paper cranes. *US15/433,834*. **(Filed in multiple countries)**
        * Humidity guard for folded paper\t2021
        * US 10,123,456 B2 | 2019-03-05 | Crane stand with a tilted base
        * Quell, M., Arvo, T. (2018). Box for folded cranes. U.S. Patent No. 10,234,567.
        * M. Quell, P. Osei, "Crane hanger," US Patent App. 16/123,456, filed Jan. 2020 (pending).
        """)
    got = [(p.title, p.number, p.inventors, p.date, p.status) for p in pats]
    assert got == [
        ("Folding cranes from square sheets", "US9123456", [], None, "granted"),
        ("Wind tunnel for paper cranes", "US15/433,834", ["Mira Quell", "Tomas Arvo", "K. L. Brandt"], None, "filed"),
        ("Humidity guard for folded paper", None, [], "2021", None),
        ("Crane stand with a tilted base", "US10123456B2", [], "2019-03", "granted"),
        ("Box for folded cranes", "US10234567", ["M. Quell", "T. Arvo"], "2018", "granted"),
        ("Crane hanger", "US16/123,456", ["M. Quell", "P. Osei"], "2020-01", "pending"),
    ]



def test_a_year_after_a_patent_number_with_thousands_commas_is_its_date():
    """'US 11,222,333, 2022': the comma and space end the number (a thousands comma is followed
    by a digit), so the year is the patent's date, not digits of its number ('US11,222,333,2022')."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        1. Paper crane stand with a magnetic base, US 11,222,333, 2022 (with T. Arvo)
        2. Tomas Arvo, Mira Quell. Folding jig for cranes. US 10,987,654 B1, 2019.
        """)
    got = [(p.title, p.number, p.date, p.status) for p in pats]
    assert got == [
        ("Paper crane stand with a magnetic base", "US11222333", "2022", "granted"),
        ("Folding jig for cranes", "US10987654B1", "2019", "granted"),
    ]

def test_patent_number_lines_over_their_titles_and_labelled_lines_under_a_patent():
    """A site's patent cards: a line naming only the number ('Patent application 2026001781',
    'U.S. Patent 12,243,293'), the title under it and a sentence describing it — three patents
    (each line was one), and a nested 'Date of Application:' line under a patent gives its date."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        <div class="list">
          <article>
            <p class="date">Patent application 2026001781</p>
            <h3><a href="https://patents.example.org/2026001781">Crane alignment system</a></h3>
            <p>Methods for aligning paper cranes on a shelf with a template.</p>
          </article>
          <article>
            <p class="date">U.S. Patent 12,243,293</p>
            <h3><a href="https://patents.example.org/12243293">Training sets for crane defects</a></h3>
            <p>A patent covering the making of training sets for folding defects.</p>
          </article>
        </div>

        ## Other Patents

        * Method for pleating paper, CN 202110572838.8
          * Date of Application: 2021.05.31
        * (Last updated: March 2022)
        """)
    got = [(p.title, p.number, p.status, p.date) for p in pats]
    assert got == [
        ("Crane alignment system", "2026001781", "filed", None),
        ("Training sets for crane defects", "US12243293", "granted", None),
        ("Method for pleating paper", "CN202110572838.8", "filed", "2021-05"),
    ]


def test_patents_over_several_lines_under_status_headings_and_a_google_patents_link():
    """'- A and **Me**.' / 'Title, 2013.' / 'US Patent 9,596,412.' (lines with no list marker go on
    with the item above: each was a patent of its own), the status a sub-heading gives the
    patents under it, a count of patents ('6 patents currently under review') that is none, and
    the number in a Google Patents link."""
    pats = _patents("""
        # Mira Quell

        ## Patents Granted
        - Tomas Arvo and **Mira Quell**.
        Stand for folded paper cranes with a tilted base, 2013.
        US Patent 9,596,412.
        - **Mira Quell**.
        Box for cranes, 2011.
        US Patent App. 20120176505A1.

        ## Pending Patents
        T. Arvo, **M. Quell**, **Hanger for paper cranes**, [European Patent](https://patents.google.com/patent/ES2889699A1/en), 2021.

        6 patents currently under review.
        """)
    got = [(p.title, p.number, p.inventors, p.date, p.status) for p in pats]
    assert got == [
        ("Stand for folded paper cranes with a tilted base", "US9596412", ["Tomas Arvo", "Mira Quell"], "2013", "granted"),
        ("Box for cranes", "US20120176505A1", ["Mira Quell"], "2011", "filed"),
        ("Hanger for paper cranes", "ES2889699A1", ["T. Arvo", "M. Quell"], "2021", "pending"),
    ]


def test_patent_title_before_its_inventors_and_abnt_volume_and_pages():
    """'Title, A, B and C, US Patent Pending, note' (the title was read as an inventor, the note
    as the title), and ABNT references ('**Journal**, v. 84, p. 102332, 2020': 'v. 84' stayed in
    the venue)."""
    r = extract(_doc("""
        # Mira Quell

        ## Patents

        - Folding Paper Crane Generation, Tomas Arvo, K. L. Brandt and Mira Quell, US Patent Pending, A framework for paper cranes

        ## Publications

        - QUELL, M.; ARVO, T.; BRANDT, K. L. Folding cranes in a strong wind. **Lorem Journal of Origami**, v. 84, p. 102332, 2020.
        - ARVO, T. et al. **Cranes at rest**. Lorem Journal of Origami, v. 3, n. 4, p. 1137-1155, 2003.
        """))
    assert [(p.title, p.inventors, p.status) for p in r.patents] == [
        ("Folding Paper Crane Generation", ["Tomas Arvo", "K. L. Brandt", "Mira Quell"], "pending")]
    assert [(p.title, p.venue, p.year) for p in r.publications] == [
        ("Folding cranes in a strong wind", "Lorem Journal of Origami", "2020"),
        ("Cranes at rest", "Lorem Journal of Origami", "2003")]
    assert r.publications[0].authors[0].is_subject


def test_patents_with_co_inventors_labelled_items_status_tags_and_the_title_after_the_number():
    """'Title (with A and B)' then '  * Patent Issued, number 9,983,959'; a Chinese patent line
    with a date column, a kind label, labelled items and inventors after the title ('… Patent
    number: ZL 2021 1 0408724.X'); '[Pending] A, and **Me**, "Title", *Korean Patent*'; and
    'US Patent App. 16/278,392, 2019, [Title](url)' (the number was the title)."""
    pats = _patents("""
        # Mira Quell

        Patents
        ======
        * Folding cranes from square sheets (with Tomas Arvo and K. L. Brandt)
          * Patent Issued, number 9,983,959
        * 2023-06 Chinese national invention patent: A crane stand with a tilted base, Date of authorization: 2021.04.16, Tomas Arvo, **Mira Quell**, Pia Osei. Patent number: ZL 2021 1 0408724.X
        * **[Pending]** Tomas Arvo, and **Mira Quell**, &quot;Hanger for paper cranes&quot;, *Korean Patent*
        * US Patent App. 16/278,392, 2019, [Box for folded cranes](https://patents.example.org/16278392).
        """)
    got = [(p.title, p.number, p.inventors, p.date, p.status) for p in pats]
    assert got == [
        ("Folding cranes from square sheets", "9,983,959", ["Mira Quell", "Tomas Arvo", "K. L. Brandt"], None, "granted"),
        ("A crane stand with a tilted base", "ZL202110408724.X", ["Tomas Arvo", "Mira Quell", "Pia Osei"], "2021-04", "granted"),
        ("Hanger for paper cranes", None, ["Tomas Arvo", "Mira Quell"], None, "pending"),
        ("Box for folded cranes", "US16/278,392", [], "2019", "filed"),
    ]


def test_event_place_and_days_as_sentences_after_the_venue_and_a_more_link():
    """'Proceedings of X. 2015. Miami, USA. *(to appear)*' and '…, LREC 2012. 21-27 May 2012.
    Istanbul, Turkey.': the place and the days of the event were kept in the venue; '[More on
    Google Scholar...](url)' under the list was read as a publication."""
    pubs = _pubs("""
        # Mira Quell

        ## Selected publications
        -  **Quell, M.** and Arvo, T. **Folding cranes with one sheet.** Proceedings of Fold Summit XV. 2015. Miami, USA. *(to appear)*
        -   Brandt, K.L., **Quell, M.**, Osei, P. [Cranes in a dry climate.](papers/dry.pdf) Proceedings of the International Conference on Paper Folding, ICPF 2012. 21-27 May 2012. Istanbul, Turkey.
        - [More on Google Scholar...](https://scholar.example.org/citations?user=x)
        """)
    assert [(p.title, p.venue, p.year) for p in pubs] == [
        ("Folding cranes with one sheet", "Fold Summit XV", "2015"),
        ("Cranes in a dry climate", "International Conference on Paper Folding, ICPF", "2012")]


def test_gbt_7714_references_in_chinese_and_only_the_subject_marked():
    """A Chinese CV's references ('张伟, 李娜. 标题[J]. 期刊, 2020, 43(5): 1-9.'): the sentence after
    a stop opens with a Han character (the whole line was the title), and a name in Han
    characters is the subject's only when it is the same name (every Han name matched every
    other: nothing was left of them once folded to a-z)."""
    pubs = _pubs("""
        # 张伟

        ## 发表论文

        1. 张伟, 李娜, 王强. 纸鹤折叠的新方法[J]. 折纸学报, 2020, 43(5): 1-9.
        2. 李娜, 张伟*. 纸鹤识别研究[C]//第十届全国折纸会议论文集. 2019: 12-20.
        """)
    assert [(p.title, p.venue, p.year) for p in pubs] == [
        ("纸鹤折叠的新方法", "折纸学报", "2020"), ("纸鹤识别研究", "第十届全国折纸会议论文集", "2019")]
    assert [[(a.name, a.is_subject) for a in p.authors] for p in pubs] == [
        [("张伟", True), ("李娜", False), ("王强", False)], [("李娜", False), ("张伟", True)]]


def test_vancouver_capital_names_before_a_title_with_a_colon_and_a_conference_date():
    """'ARVO T, QUELL M, BRANDT KL. R-FOLD: A model …' (the names up to the title's colon were read
    as the author list, so 'BRANDT KL. R-FOLD' was an author) and a Vancouver conference paper
    '…; 2004 May 3-5; Oslo, Norway. p. 442-446' (date and place were kept in the venue)."""
    pubs = _pubs("""
        # Tomas Arvo

        ## Publications

        - ARVO T, QUELL M, BRANDT KL. R-FOLD: A recursive model for crane folding. SDM 2004.
        - Arvo T, Quell M. Folding cranes fast. In: Proceedings of the Lorem Conference; 2004 May 3-5; Oslo, Norway. p. 442-446.
        """)
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in pubs] == [
        ("R-FOLD: A recursive model for crane folding", ["ARVO T", "QUELL M", "BRANDT KL"], "SDM", "2004"),
        ("Folding cranes fast", ["Arvo T", "Quell M"], "Lorem Conference", "2004")]


def test_what_status_phrases_leave_in_a_venue_and_server_ids():
    """'Under review at X', '(minor revision)', 'Conditionally accepted at X', 'To appear at X'
    left 'at X', '()' and 'Conditionally at X' in the venue; a bioRxiv id and a 'doi: https://…'
    label are no part of the venue's name."""
    pubs = _pubs("""
        # Mira Quell

        ## Papers

        - M. Quell and T. Arvo. Folding cranes. Under review at Lorem Journal of Origami, 2025.
        - M. Quell and T. Arvo. Cranes at rest. Lorem Journal of Origami (minor revision), 2025.
        - M. Quell and T. Arvo. Cranes in boxes. Conditionally accepted at Lorem Journal of Origami, 2025.
        - M. Quell and T. Arvo. Cranes on strings. To appear at FOLD 2021.
        - M. Quell and T. Arvo. Cranes on shelves. To Appear in Lorem Journal of Origami, 2024.
        - M. Quell, T. Arvo. Cranes in the rain. bioRxiv 2024.01.01.573000; doi: https://doi.org/10.1101/2024.01.01.573000
        """)
    assert [(p.venue, p.year, p.status) for p in pubs] == [
        ("Lorem Journal of Origami", "2025", "under review"),
        ("Lorem Journal of Origami", "2025", "under review"),
        ("Lorem Journal of Origami", "2025", "published"),
        ("FOLD", "2021", "published"),
        ("Lorem Journal of Origami", "2024", "published"),
        ("bioRxiv", "2024", "preprint"),
    ]
    assert pubs[5].doi == "10.1101/2024.01.01.573000"


def test_patent_inventors_after_a_quoted_title_or_in_springer_form_and_office_codes():
    """'"Title", A, B, EP Patent 2385483 (Nov. 21, 2012), assignee: …' (the inventors after the
    quoted title were lost, and the number lost its office), 'Roe B., Quell M. Title. EP 2385483
    B1, 2012.' (the names were part of the title); a B kind code is a granted patent."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        - "Folding of paper cranes in windy rooms", Tomas Arvo, Mira Quell, EP Patent 2385483 (Nov. 21, 2012), assignee: Lorem GmbH
        - Arvo T., Quell M. Stand for paper cranes. EP 2385484 B1, 2013.
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in pats] == [
        ("Folding of paper cranes in windy rooms", "EP2385483", ["Tomas Arvo", "Mira Quell"], "2012-11", None),
        ("Stand for paper cranes", "EP2385484B1", ["T. Arvo", "M. Quell"], "2013", "granted"),
    ]


def test_two_word_venue_acronyms_in_brackets():
    """'(USENIX Security '25)', '(IEEE S&P 2024)': an acronym of a publisher and a word, which the
    venue table does not know (no acronym was read, and the brackets stayed in the venue)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - M. Quell and T. Arvo. Folding cranes. In 34th USENIX Security Symposium (USENIX Security '25), 2025.
        - M. Quell and T. Arvo. Cranes at rest. In IEEE Symposium on Security and Privacy (IEEE S&P 2024), 2024.
        """)
    assert [(p.venue, p.venue_acronym, p.year) for p in pubs] == [
        ("USENIX Security Symposium", "USENIX Security", "2025"),
        ("IEEE Symposium on Security and Privacy", "IEEE S&P", "2024")]


def test_caret_author_marks_and_a_dagger_equal_contribution_note():
    """'Roe^, Me^, Poe' (a caret marking students or co-first authors: the line was no reference)
    and '(†equal contribution)' after the reference (it stayed in the venue)."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - Tomas Arvo^, Mira Quell^, Pia Osei. Folding cranes. ICFP 2022.
        - Tomas Arvo†, Mira Quell†, Pia Osei. Cranes at rest. ICFP 2021. (†equal contribution)
        """)
    assert [(p.title, [a.name for a in p.authors], p.venue) for p in pubs] == [
        ("Folding cranes", ["Tomas Arvo", "Mira Quell", "Pia Osei"], "ICFP"),
        ("Cranes at rest", ["Tomas Arvo", "Mira Quell", "Pia Osei"], "ICFP")]
    assert pubs[0].authors[1].is_subject and pubs[1].authors[1].equal_contribution


def test_event_places_starting_like_a_page_or_number_and_abbreviated_proceedings():
    """'…, Oslo, Norway' and '…, Porto, Portugal' kept their places ('Norway' read as 'No. rway' and
    'Portugal' as 'p. ortugal', a number and a page), and 'Proc. … Conf.' named no event."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - T. Arvo et al., "Cranes at rest," in Proc. IEEE Int. Conf. Folding (ICF), Oslo, Norway, 2021, pp. 1–6.
        - M. Quell and T. Arvo, "Cranes in boxes," in Proceedings of the Lorem Folding Workshop, Porto, Portugal, 2019.
        """)
    assert [(p.venue, p.year) for p in pubs] == [("Proc. IEEE Int. Conf. Folding", "2021"),
                                                 ("Lorem Folding Workshop", "2019")]
    assert pubs[0].et_al and [a.name for a in pubs[0].authors] == ["T. Arvo"]


def test_notes_in_a_patents_section_are_no_patents_and_inline_inventors():
    """'Inventor on 12 granted US patents …' and 'See Google Patents for a full list.' were read as
    patents; 'Inventors: A, B.' written inside the line gives the inventors."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        Inventor on 12 granted US patents and 5 pending applications.

        See [Google Patents](https://patents.example.org/?inventor=Mira+Quell) for a full list.

        * **Folding machine** — US 10,123,456 B2 (2019)
        * Crane stand. US Patent 9,876,543. Granted: 2018-02-06. Inventors: Mira Quell, Tomas Arvo.
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in pats] == [
        ("Folding machine", "US10123456B2", [], "2019", "granted"),
        ("Crane stand", "US9876543", ["Mira Quell", "Tomas Arvo"], "2018-02", "granted")]


def test_journals_named_proceedings_of_the_keep_their_names():
    """Session 17: "Proceedings of the" before an event is left out of the venue's name ("…
    of the Lorem Conference on X"), but some journals are named so: the VLDB Endowment's, the
    National Academy of Sciences', the IEEE's, the Royal Society's, a mathematical society's,
    the ACM's PACM series. Their names had been cut to "VLDB Endowment", "IEEE", ..."""
    pubs = _pubs("""
        # Mira Quell

        ## Publications

        - **M. Quell**, T. Arvo. "Lorem Joins." Proceedings of the VLDB Endowment (PVLDB), 2023.
        - **M. Quell**. "Ipsum Cells." Proceedings of the National Academy of Sciences, 2021.
        - T. Arvo, **M. Quell**. "Dolor Radios." Proceedings of the IEEE, 2020.
        - **M. Quell**, T. Arvo. "Sit Types." In Proceedings of the ACM on Programming Languages, 2019.
        - **M. Quell**. "Amet Widgets." In Proceedings of the 12th Lorem Conference on Widgets (LCW), 2018.
        """)
    assert [(p.venue, p.year) for p in pubs] == [
        ("Proceedings of the VLDB Endowment", "2023"), ("Proceedings of the National Academy of Sciences", "2021"),
        ("Proceedings of the IEEE", "2020"), ("Proceedings of the ACM on Programming Languages", "2019"),
        ("Lorem Conference on Widgets", "2018")]
    assert pubs[0].venue_acronym == "PVLDB"


def test_patent_inventors_after_the_title_as_a_sentence_of_their_own():
    """"NUMBER. Title. Inventors. Granted YEAR." and "Title. Inventors. NUMBER.": the names
    after the title are the inventors, not part of the title or dropped."""
    pats = _patents("""
        # Mira Quell

        ## Patents

        * US 11,234,567 B2. Systems and methods for folding cranes. M. Quell, T. Arvo. Granted 2022.
        * Crane hanger with a swivel. Mira Quell and Pia Osei. US 10,987,654 B1, 2021.
        """)
    assert [(p.title, p.number, p.inventors, p.date, p.status) for p in pats] == [
        ("Systems and methods for folding cranes", "US11234567B2", ["M. Quell", "T. Arvo"], "2022", "granted"),
        ("Crane hanger with a swivel", "US10987654B1", ["Mira Quell", "Pia Osei"], "2021", "granted")]
