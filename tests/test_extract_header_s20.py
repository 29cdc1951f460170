"""Rules found in session 20 by reading the tops of real CVs (LaTeX classes with icon macros and
label tables, academicpages' JSON Resume, RS School Markdown pages, HTML pages with spelled-out
addresses, economics job-market text CVs): who the person is, how to reach them, and which
profiles are theirs. Each test is an invented CV in the shape that showed the problem; names,
places and handles are made up."""
from __future__ import annotations

import json
import textwrap

import pytest

from cvgraph.identifiers import classify_profile
from mappers.extract import extract
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


def _tex(tmp_path, text: str):
    from mappers.read import read_document

    path = tmp_path / "cv.tex"
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def _kinds(person) -> dict[str, str]:
    """scheme → identifier IRI of the person's profiles, as the RDF writes them."""
    out = {}
    for url in person.profiles:
        ident = classify_profile(url)
        assert ident is not None, url
        out[ident.scheme] = ident.iri
    return out


# --- identifiers ------------------------------------------------------------------------------
@pytest.mark.parametrize("url, scheme, value, iri", [
    ("https://www.researchgate.net/profile/Lorena-Quist", "ResearchGate", "Lorena-Quist",
     "https://www.researchgate.net/profile/Lorena-Quist"),
    ("https://researchgate.net/profile/Lorena_Quist/research", "ResearchGate", "Lorena_Quist",
     "https://www.researchgate.net/profile/Lorena_Quist"),
    ("https://fosstodon.org/@lquist", "Mastodon", "@lquist@fosstodon.org", "https://fosstodon.org/@lquist"),
    ("https://mastodon.lorem.example/@lquist", "Mastodon", "@lquist@mastodon.lorem.example",
     "https://mastodon.lorem.example/@lquist"),
    ("https://bsky.app/profile/lquist.bsky.social", "Bluesky", "lquist.bsky.social",
     "https://bsky.app/profile/lquist.bsky.social"),
    ("https://www.scopus.com/authid/detail.uri?authorId=57190000001", "Scopus", "57190000001",
     "https://www.scopus.com/authid/detail.uri?authorId=57190000001"),
    ("https://openreview.net/profile?id=~Lorena_Quist1", "OpenReview", "~Lorena_Quist1",
     "https://openreview.net/profile?id=~Lorena_Quist1"),
    ("https://www.webofscience.com/wos/author/rid/A-1234-2019", "ResearcherID", "A-1234-2019",
     "https://www.webofscience.com/wos/author/rid/A-1234-2019"),
    ("http://www.researcherid.com/rid/B-5678-2012", "ResearcherID", "B-5678-2012",
     "https://www.webofscience.com/wos/author/rid/B-5678-2012"),
    ("https://orcid.org/my-orcid?orcid=0000-0002-1825-0097", "ORCID", "0000-0002-1825-0097",
     "https://orcid.org/0000-0002-1825-0097"),
    ("https://x.com/lquist_lab", "Twitter", "lquist_lab", "https://twitter.com/lquist_lab"),
])
def test_profile_kinds_the_brief_names_are_recognised_and_normalised(url, scheme, value, iri):
    ident = classify_profile(url)
    assert ident is not None and (ident.scheme, ident.value, ident.iri) == (scheme, value, iri)


@pytest.mark.parametrize("url", [
    "https://twitter.com/intent/tweet",                       # a page of the site, no handle
    "https://twitter.com/a_handle_far_too_long_for_twitter",  # more than 15 characters
    "https://medium.com/@lquist",                             # "/@user" outside Mastodon
    "https://www.researchgate.net/profile/Lorena-Quist/publication/123_A_Paper",   # a paper's page
    "https://www.scopus.com/authid/detail.uri?authorId=12ab",  # no author number
    "https://orcid.org/my-orcid?orcid=0000-0002-1825-0098",   # bad ORCID check digit
    "https://openreview.net/profile?id=Lorena",               # not a "~Name1" id
])
def test_malformed_or_other_pages_are_no_profiles(url):
    assert classify_profile(url) is None


# --- e-mails ------------------------------------------------------------------------------------
def test_email_with_spelled_at_and_dot_in_a_header():
    """"jdoe at lorem dot edu", "J dot Doe AT lorem DOT ac DOT uk": written so that robots miss
    it; the header's address was lost."""
    r = extract(_doc("""
        # Lorena Quist

        Assistant Professor, Department of Lorem, Ipsum University

        - Email: lquist at ipsum dot edu

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert r.person.emails == ["lquist@ipsum.edu"]
    r = extract(_doc("""
        LORENA QUIST
        Department of Lorem Studies, Ipsum University
        l dot quist AT ipsum DOT ac DOT uk

        EDUCATION
        Ph.D., Chemistry, Ipsum University, 2019
        """, name="cv.txt", fmt="text"))
    assert r.person.emails == ["l.quist@ipsum.ac.uk"]


def test_spelled_dot_in_prose_far_down_the_page_is_no_address():
    """Prose that happens to say "at … dot com" is not an address: only the top of the page or
    a line that is the address (or says "mail") is read so."""
    filler = "\n".join(f"- Lorem ipsum dolor item {i}, 2015" for i in range(40))
    r = extract(_doc(f"""
        # Lorena Quist

        ## Experience

        {filler}
        - I worked at Lorem dot com for five years on many long projects of the company

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """.replace("\n        " + filler.split("\n")[0], "\n" + filler.split("\n")[0])))
    assert r.person.emails == []


def test_json_resume_email_with_bracketed_at():
    """academicpages' cv.json: "email": "jdoe[at]lorem.edu" was dropped as no address."""
    data = {"basics": {"name": "Lorena Quist", "email": "lquist[at]ipsum.edu"},
            "education": [{"institution": "Ipsum University", "area": "Chemistry", "studyType": "PhD",
                           "endDate": "2019"}]}
    r = extract(_doc(json.dumps(data), name="cv.json", fmt="jsonresume"))
    assert r.person.emails == ["lquist@ipsum.edu"]


def test_job_market_header_office_holders_addresses_are_not_the_subjects():
    """An economics job-market CV names its placement director and administrator at the top,
    their addresses in a column of their own: those were read as the candidate's."""
    r = extract(_doc("""
        LORENA QUIST

        Scholar.ipsum.edu/lquist
        lquist@ipsum.edu

        IPSUM UNIVERSITY
        Placement Director: Marta Velloso
        Graduate Administrator: Tomas Krenn

        VELLOSO@IPSUM.EDU
        TKRENN@IPSUM.EDU

        555-010-4401
        555-010-4402

        EDUCATION
        Ph.D., Economics, Ipsum University, 2024 (expected)
        """, name="cv.txt", fmt="text"))
    assert r.person.name == "Lorena Quist"
    assert r.person.emails == ["lquist@ipsum.edu"]
    assert r.person.phones == []                  # (their numbers, under their addresses)
    # the site capitalised at the start of its line
    assert r.person.homepage == "https://scholar.ipsum.edu/lquist"


# --- phones and places ----------------------------------------------------------------------------
def test_labelled_phone_written_without_spaces_and_labelled_address():
    r = extract(_doc("""
        # Lorena Quist

        - Address: 14 Lorem Avenue, Springfield, IL 62701
        - Tel: 5550102233
        - Email: lquist@ipsum.edu

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert r.person.phones == ["5550102233"]
    assert r.person.location == "Springfield, IL"


def test_latex_tel_link_and_address_rows_and_res_cls_address(tmp_path):
    """"\\href{tel:07700900123}{…}" is a telephone number; an "Address: &" row and res.cls's
    one-argument \\address{street \\\\ town, ST zip \\\\ phone} give the town."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        \begin{center}
        {\Huge Lorena Quist} \\
        \href{tel:07700900123}{07700900123} $|$ \href{mailto:lquist@ipsum.edu}{lquist@ipsum.edu}
        \end{center}
        \section*{Personal Information}
        \begin{tabular}{rl}
            \textbf{Address:} & 12 Dolor Hall, Lorem Gardens, Ipsumford, Loremshire AB1 2CD \\
        \end{tabular}
        \section{Education}
        \begin{itemize}
        \item Ph.D., Chemistry, Ipsum University, 2019
        \end{itemize}
        \end{document}
        """)
    assert r.person.phones == ["07700900123"]
    assert r.person.location == "Ipsumford, Loremshire"
    r = _tex(tmp_path, r"""
        \documentclass{resume}
        \name{Lorena Quist}
        \address{17 Lorem St \\ Springfield, IL 62701 \\ (555) 010-2233}
        \address{lquist@ipsum.edu}
        \begin{document}
        \begin{rSection}{Education}
        {\bf Ipsum University} \hfill {\em 2015 - 2019} \\
        Ph.D. in Chemistry
        \end{rSection}
        \end{document}
        """)
    assert r.person.location == "Springfield, IL"
    assert r.person.phones == ["(555) 010-2233"]


# --- handles and icons -----------------------------------------------------------------------------
def test_handles_without_addresses_in_a_markdown_header():
    r = extract(_doc("""
        # Lorena Quist

        - GitHub: lquist
        - Twitter: @lquist_lab
        - Mastodon: @lquist@fosstodon.org
        - LinkedIn: Lorena Quist

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist", "Twitter": "https://twitter.com/lquist_lab",
                                "Mastodon": "https://fosstodon.org/@lquist"}
    # (the Mastodon handle is not an e-mail address, and "LinkedIn: Lorena Quist" names no slug)
    assert r.person.emails == []


def test_a_handle_does_not_add_a_second_profile_of_a_network_with_an_address():
    r = extract(_doc("""
        # Lorena Quist

        GitHub: lq-lab | [github.com/lquist](https://github.com/lquist)

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist"}


def test_latex_icon_macros_label_handles_and_orcid(tmp_path):
    """"\\faGithub\\ jdoe", "\\faTwitter\\ @jdoe", "\\aiOrcid\\ 0000-…": the icon is the label;
    with the icon dropped the handle and the iD were lost."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{fontawesome5}
        \usepackage{academicons}
        \begin{document}
        \begin{center}
        {\LARGE Lorena Quist}\\
        \faEnvelope\ lquist [at] ipsum [dot] edu \quad \faGithub\ lquist \quad \faTwitter\ @lquist
        \quad \aiOrcid\ 0000-0002-1825-0097 \quad \faLinkedin\ \href{https://www.linkedin.com/in/lorena-quist}{Lorena Quist}
        \end{center}
        \section{Education}
        Ph.D., Physics, Ipsum University, 2019
        \end{document}
        """)
    assert r.person.emails == ["lquist@ipsum.edu"]
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist", "Twitter": "https://twitter.com/lquist",
                                "ORCID": "https://orcid.org/0000-0002-1825-0097",
                                "LinkedIn": "https://www.linkedin.com/in/lorena-quist"}


def test_latex_homepage_macro_holding_a_profile_and_website_macro(tmp_path):
    """altacv's \\homepage{scholar.google.com/…} is the Scholar profile, not a home page;
    simplecv's \\website{…} is the home page."""
    r = _tex(tmp_path, r"""
        \documentclass{altacv}
        \name{Lorena Quist}
        \begin{document}
        \personalinfo{
          \email{lquist@ipsum.edu}
          \homepage{scholar.google.com/citations?user=AbCdEfGhIjKL}
        }
        \makecvheader
        \cvsection{Education}
        \cvevent{Ph.D., Chemistry}{Ipsum University}{2015 -- 2019}{}
        \end{document}
        """)
    assert r.person.homepage is None
    assert _kinds(r.person) == {"GoogleScholar": "https://scholar.google.com/citations?user=AbCdEfGhIjKL"}
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{simplecv}
        \begin{document}
        \headinginline{Lorena Quist}{
            Website: \website{lquist.example} \\
            Email: \email{lquist@ipsum.edu}
        }
        \section{Education}
        Ph.D., Chemistry, Ipsum University, 2019
        \end{document}
        """)
    assert r.person.homepage == "https://lquist.example"


def test_latex_profile_link_labelled_in_a_sidebar(tmp_path):
    """friggeri-cv's aside: "\\textbf{github:} \\href{https://github.com/jdoe/}{@jdoe}" far
    from the header; a project's link under the same label is no profile."""
    r = _tex(tmp_path, r"""
        \documentclass{friggeri-cv}
        \begin{document}
        \header{Lorena}{Quist}{Chemist}
        \begin{aside}
        \section{About Me}
        \textbf{github:}
        \href{https://github.com/lquist-lab/}{@lquist-lab}
        \end{aside}
        \section{Education}
        \begin{entrylist}
        \entry{2015--2019}{Ph.D. in Chemistry}{Ipsum University}{Thesis on lorem.}
        \end{entrylist}
        \section{Software}
        \begin{entrylist}
        \entry{2020}{Dolorkit}{GitHub: \url{https://github.com/other-org/dolorkit}}{A toolkit.}
        \end{entrylist}
        \end{document}
        """)
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist-lab"}


def test_latex_department_link_is_not_the_home_page(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\LARGE Lorena Quist}\\
        \href{https://www.ipsum.edu/chemistry}{Department of Chemistry}, Ipsum University\\
        \href{mailto:lquist@ipsum.edu}{lquist@ipsum.edu}\\
        \href{https://lquist.example.org}{lquist.example.org}
        \section{Education}
        Ph.D., Chemistry, Ipsum University, 2019
        \end{document}
        """)
    assert r.person.homepage == "https://lquist.example.org"


# --- what is not a home page ---------------------------------------------------------------------
def test_photo_and_messenger_links_are_not_the_home_page():
    """An RS School page opens on the profile photo; Telegram is a messenger: neither is the
    home page."""
    r = extract(_doc("""
        ![Photo](https://cdn.lorem.example/lquist.png?size=192)

        # Lorena Quist

        ## Contacts
        - Telegram: [lquist](https://t.me/lquist)
        - E-mail: lquist@ipsum.example

        ## Skills
        * JavaScript
        """))
    assert r.person.name == "Lorena Quist"
    assert r.person.homepage is None


def test_profiles_of_the_new_kinds_in_a_markdown_header_reach_the_rdf():
    r = extract(_doc("""
        # Lorena Quist

        - ResearchGate: https://www.researchgate.net/profile/Lorena-Quist
        - Mastodon: https://fosstodon.org/@lquist
        - Bluesky: https://bsky.app/profile/lquist.bsky.social
        - Scopus: https://www.scopus.com/authid/detail.uri?authorId=57190000001
        - OpenReview: https://openreview.net/profile?id=~Lorena_Quist1
        - Web of Science: https://www.webofscience.com/wos/author/rid/A-1234-2019

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert set(_kinds(r.person)) == {"ResearchGate", "Mastodon", "Bluesky", "Scopus", "OpenReview", "ResearcherID"}
    assert r.person.homepage is None
    from cvgraph.config import Settings
    from mappers.rdf import SourceInfo, map_record

    settings = Settings()
    src = SourceInfo(name="cv.md", sha256="0" * 64, media_type="text/markdown", iri=f"{settings.base}doc/cv-md")
    g = map_record(r, src, settings)
    same_as = {str(o) for _, p, o in g.triples((None, None, None)) if str(p) == "http://schema.org/sameAs"}
    assert same_as >= {"https://www.researchgate.net/profile/Lorena-Quist", "https://fosstodon.org/@lquist",
                       "https://bsky.app/profile/lquist.bsky.social",
                       "https://www.scopus.com/authid/detail.uri?authorId=57190000001",
                       "https://openreview.net/profile?id=~Lorena_Quist1",
                       "https://www.webofscience.com/wos/author/rid/A-1234-2019"}
    ids = {str(o) for _, p, o in g.triples((None, None, None)) if str(p) == "http://schema.org/propertyID"}
    assert ids >= {"ResearchGate", "Mastodon", "Bluesky", "Scopus", "OpenReview", "ResearcherID"}


# --- names ----------------------------------------------------------------------------------------
def test_name_heading_after_a_download_button_and_an_address_line_is_no_name():
    """An HTML CV page: "Download Full CV" (a button) above "<h3>Name</h3>", the headings of the
    sections at the same level; the town line "Lorem City, CA, 93106-5110" was taken as the
    name, and its ZIP+4 code as a telephone number."""
    r = extract(_doc("""
        <div class="cv">
        <a href="/files/cv.pdf" class="btn">Download Full CV</a>
        <div itemscope itemtype="http://schema.org/Person">
        <span itemprop="name"><h3>Lorena Quist</h3></span>
        <address>
        <strong>University of Ipsum</strong><br>
        Department of Chemistry<br>
        Lorem City, CA, 93106-5110<br>
        </address>
        </div>
        <h3>Degrees</h3>
        <p><strong>PhD in Chemistry, University of Ipsum, 2013 - 2019</strong></p>
        <h3>Employment</h3>
        <p><strong>Research Intern, Dolor Labs, Jul 2017 - Sep 2017</strong></p>
        </div>
        """, name="cv.html", fmt="html"))
    assert r.person.name == "Lorena Quist"
    assert r.person.phones == []
    assert r.person.location == "Lorem City, CA"     # (the ZIP+4 code is no telephone number to cut at)


def test_wrapped_address_line_in_a_narrow_column_is_no_name():
    """A sidebar printed to PDF: "Lorem City," / "Ipsum JP" — the second half of a wrapped line
    was read as the name."""
    r = extract(_doc("""
        Info

        Lorem City,
        Ipsum JP
        lquist at ipsum dot net

        EDUCATION
        B.Sc., Computer Science, Ipsum University, 2012
        """, name="cv.txt", fmt="text"))
    assert r.person.name != "Ipsum JP"
    assert r.person.emails == ["lquist@ipsum.net"]


def test_latex_title_macro_arguments_on_one_line(tmp_path):
    """A class's own title macro, "\\maintitle{Name}{Role}{Date}": its arguments ran together
    ("Lorena QuistKernel Engineer…") and the CV had no name; a separator macro that prints nothing
    glued two addresses into one false home page."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{resume}
        \begin{document}
        \maintitle{Lorena Quist}{Systems Engineer}{Revised \today}
        \noindent
        \href{mailto:lquist.at.ipsum.com}{lquist\mbox{}@\mbox{}ipsum.com}\sbull
        \href{https://github.com/lquist}{github.com/lquist}\sbull
        \href{http://linkedin.com/in/lorena-quist}{linkedin.com/in/lorena-quist}

        \roottitle{Experience}

        \headedsection
          {Lorem Networks}
          {\textsc{Galway, Ireland}} {
          \headedsubsection
            {Systems engineer}
            {Mar 2018 -- present}
            {\bodytext{Storage work.}}
        }

        \roottitle{Education}

        \headedsection
          {Ipsum Aviation Institute}
          {\textsc{Lorem City}} {
          \headedsubsection
            {Diploma in Applied Lorem}
            {2009 -- 2015}
            {\bodytext{Diploma thesis.}}
        }
        \end{document}
        """)
    assert r.person.name == "Lorena Quist"
    assert r.person.homepage is None
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist",
                                "LinkedIn": "https://www.linkedin.com/in/lorena-quist"}


# --- PDF-shaped text --------------------------------------------------------------------------------
def test_address_label_column_and_bare_number_in_a_contact_line():
    """Text from a PDF: "Address:<TAB>…" (the label read as a heading of its own) gives the town;
    "07700900123 | jdoe@…" (a contact line printed from a tel: link) gives the number."""
    r = extract(_doc("""
        Lorena Quist
        Address:\t14 Lorem Avenue Apt 2B, Springfield, IL, 62701.
        Phone:\t+1 555 010 2233
        Email:\tlquist@ipsum.edu

        EDUCATION
        2015\tPh.D. Chemistry, Ipsum University
        """, name="cv.txt", fmt="text"))
    assert r.person.location == "Springfield, IL"
    r = extract(_doc("""
        Lorena Quist
        07700900123 | lquist@ipsum.example | github.com/lquist

        EDUCATION
        Ipsum University, M.Sci. Physics, 2017 - 2021
        """, name="cv.txt", fmt="text"))
    assert r.person.phones == ["07700900123"]
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist"}


def test_unlabelled_postal_address_at_the_top_gives_the_town():
    """A word-processor CV saved as text: the second line is the postal address, no label; a
    department page: its address block ends on the town line with a ZIP code."""
    r = extract(_doc("""
        Lorena Quist (Quist Editorial Limited)
        25, Ipsum Lane, Dolor Green, Loremham, Bucks. HP6 5LN
         HYPERLINK "mailto:lquist@ipsum.example" lquist@ipsum.example
        Writer on lorem and ipsum topics
        Education:
        2016-2018: MSc. Epidemiology. Ipsum School of Hygiene.
        2003-2004: MSc. Lorem Studies, Dolor College, Ipsford
        """, name="cv.txt", fmt="text"))
    assert r.person.name == "Lorena Quist"
    assert r.person.emails == ["lquist@ipsum.example"]
    assert r.person.location == "Dolor Green, Loremham, Bucks"
    r = extract(_doc("""
        Lorena Quist
        Department of Chemistry
        Ipsum University
        2001 Lorem Road
        Springfield, IL 62701

        EDUCATION
        Ph.D., Chemistry, Ipsum University, 2019
        """, name="cv.txt", fmt="text"))
    assert r.person.location == "Springfield, IL"


def test_bold_labels_before_a_bare_orcid_and_a_scholar_id():
    """"- **ORCID**: 0000-…" and "- **Google Scholar**: Xy3kQ9wAAAAJ": the bold markup between
    the label and the identifier hid both."""
    r = extract(_doc("""
        # Lorena Quist

        Associate Professor, Ipsum University

        - **Email**: lquist@ipsum.edu
        - **ORCID**: 0000-0002-1825-0097
        - **GitHub**: lquist
        - **Google Scholar**: Xy3kQ9wAAAAJ

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert _kinds(r.person) == {"ORCID": "https://orcid.org/0000-0002-1825-0097", "GitHub": "https://github.com/lquist",
                                "GoogleScholar": "https://scholar.google.com/citations?user=Xy3kQ9wAAAAJ"}
    # an ORCID iD with a bad check digit stays out
    r = extract(_doc("""
        # Lorena Quist

        - **ORCID**: 0000-0002-1825-0098

        ## Education

        - Ph.D., Chemistry, Ipsum University, 2019
        """))
    assert r.person.profiles == []


def test_json_resume_location_keeps_the_town_not_the_street_or_the_room():
    """academicpages' cv.json: "address": "Lorem Strasse 42" or "B-12, room 3" beside the city
    was written into the location; every other format keeps the town."""
    data = {"basics": {"name": "Lorena Quist",
                       "location": {"address": "Loremweg 42", "postalCode": "20253", "city": "Ipsburg",
                                    "countryCode": "DE", "region": ""}},
            "education": [{"institution": "Ipsum University", "area": "Physics", "studyType": "PhD", "endDate": "2019"}]}
    r = extract(_doc(json.dumps(data), name="cv.json", fmt="jsonresume"))
    assert r.person.location == "Ipsburg, DE"
    data["basics"]["location"] = {"address": "B-12, room 3", "city": "", "region": "", "countryCode": ""}
    r = extract(_doc(json.dumps(data), name="cv.json", fmt="jsonresume"))
    assert r.person.location is None
    data["basics"]["location"] = {"address": "Lorem City, Ipsumland"}
    r = extract(_doc(json.dumps(data), name="cv.json", fmt="jsonresume"))
    assert r.person.location == "Lorem City, Ipsumland"


def test_yaml_location_mapping_keeps_the_town():
    """A YAML CV's location given as {road, postCode, city, country}: the road and the postcode
    were written into the location."""
    r = extract(_doc("""
        name: Lorena Quist
        email: lquist@ipsum.example
        location:
          road: 12 Lorem Road
          postCode: "62701"
          city: Springfield
          country: Ipsumland
        education:
          - institution: Ipsum University
            degree: PhD
            year: 2019
        """, name="cv.yaml", fmt="yaml"))
    assert r.person.location == "Springfield, Ipsumland"


def test_latex_page_built_from_its_own_environments_without_line_breaks(tmp_path):
    """A class of one's own: "\\begin{heading1} Name \\end{heading1}", "\\begin{body1} phone
    \\end{body1}" in two columns, no "\\\\" anywhere — the page read as one line and the CV was
    refused ("no name"); multicols' "{2}" printed before the name."""
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{multicol}
        \newenvironment{heading1}{\bfseries\large}{\par}
        \newenvironment{heading2}{\bfseries}{\par}
        \newenvironment{body1}{\small}{\par}
        \newenvironment{body2}{\itshape\small}{\par}
        \begin{document}
          \begin{multicols}{2}
            \begin{heading1}
              Lorena Quist
            \end{heading1}
            \begin{body2} Mobile \end{body2}
            \begin{body1}
              +1555 010 2233
            \end{body1}
            \begin{body2} Email \end{body2}
            \begin{body1}
              lquist@ipsum.example
            \end{body1}
            \begin{body2} Github \end{body2}
            \begin{body1}
              \url{http://github.com/lquist}
            \end{body1}
            \begin{heading2}
              Lorem Systems Inc
            \end{heading2}
            \begin{body2} Sept 2014 - Dec 2014 \end{body2}
            \begin{body1}
              Maintained the validation tools.
            \end{body1}
          \end{multicols}
        \end{document}
        """)
    assert r.person.name == "Lorena Quist"
    assert r.person.emails == ["lquist@ipsum.example"]
    assert r.person.phones == ["+1555 010 2233"]
    assert _kinds(r.person) == {"GitHub": "https://github.com/lquist"}
