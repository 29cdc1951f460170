"""Scholarly identifiers: recognise, validate, normalise to the contract's IRI forms."""
from __future__ import annotations

import pytest

from cvgraph.identifiers import (classify_profile, normalise_arxiv, normalise_doi, normalise_orcid,
                                 normalise_patent, normalise_wikidata, orcid_checksum_ok, recognise)


# --- ORCID (ISO 7064 MOD 11-2) ----------------------------------------------------------------
@pytest.mark.parametrize("text,iri", [
    ("0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097"),            # ORCID's example
    ("https://orcid.org/0000-0001-5109-3700", "https://orcid.org/0000-0001-5109-3700"),
    ("ORCID: 0000-0002-1694-233X", "https://orcid.org/0000-0002-1694-233X"),      # X check digit
    ("http://orcid.org/0000-0003-1415-9269/", "https://orcid.org/0000-0003-1415-9269"),
])
def test_orcid_valid(text, iri):
    ident = classify_profile(text) if text.startswith("http") else normalise_orcid(text)
    assert ident is not None and ident.iri == iri and ident.scheme == "ORCID"


@pytest.mark.parametrize("text", ["0000-0002-1825-0098", "0000-0002-1694-2339", "0000-0002-1825-009", "1234-5678"])
def test_orcid_invalid(text):
    assert normalise_orcid(text) is None


def test_orcid_checksum():
    assert orcid_checksum_ok("0000-0002-1825-0097")
    assert not orcid_checksum_ok("0000-0002-1825-0096")


# --- DOI ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,doi", [
    ("10.1145/3544216.3544224", "10.1145/3544216.3544224"),
    ("https://doi.org/10.1109/ICNP59255.2023.10355601", "10.1109/icnp59255.2023.10355601"),
    ("doi:10.48550/arXiv.2003.04821.", "10.48550/arxiv.2003.04821"),
    ("https://dx.doi.org/10.1002/%28SICI%291097-4571", "10.1002/(sici)1097-4571"),
])
def test_doi_lower_cased(text, doi):
    ident = classify_profile(text) if text.startswith("http") else normalise_doi(text)
    assert ident.value == doi and ident.iri == "https://doi.org/" + doi


@pytest.mark.parametrize("text", ["10.12/abc", "11.1145/3544216", "doi: none"])
def test_doi_invalid(text):
    assert normalise_doi(text) is None


# --- arXiv ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,value", [
    ("https://arxiv.org/abs/2003.04821", "2003.04821"),
    ("arXiv:1803.05651v2", "1803.05651"),
    ("https://arxiv.org/pdf/2401.01234v3.pdf", "2401.01234"),
    ("arXiv:0704.0001", "0704.0001"),
    ("hep-th/9901001v1", "hep-th/9901001"),
    ("math.GT/0309136", "math.GT/0309136"),
])
def test_arxiv(text, value):
    ident = classify_profile(text) if text.startswith("http") else normalise_arxiv(text)
    assert ident.value == value and ident.iri == f"https://arxiv.org/abs/{value}"


@pytest.mark.parametrize("text", ["2013.04821", "1412.12345", "1803.0565", "hep-th/9913001", "foo/9901001"])
def test_arxiv_invalid(text):
    assert normalise_arxiv(text) is None


# --- profile URLs ---------------------------------------------------------------------------------
@pytest.mark.parametrize("url,scheme,iri", [
    ("https://dblp.org/pid/56/2293.html", "DBLP", "https://dblp.org/pid/56/2293"),
    ("https://dblp.uni-trier.de/pid/128/4551-1", "DBLP", "https://dblp.org/pid/128/4551-1"),
    ("https://dblp.org/pid/l/ChonLamLao", "DBLP", "https://dblp.org/pid/l/ChonLamLao"),
    ("https://scholar.google.com/citations?user=OtPCcKEAAAAJ&hl=en", "GoogleScholar",
     "https://scholar.google.com/citations?user=OtPCcKEAAAAJ"),
    ("scholar.google.com.hk/citations?hl=zh-CN&user=OtPCcKEAAAAJ", "GoogleScholar",
     "https://scholar.google.com/citations?user=OtPCcKEAAAAJ"),
    ("https://www.semanticscholar.org/author/Maximilian-Lam/40351386", "SemanticScholar",
     "https://www.semanticscholar.org/author/40351386"),
    ("https://openalex.org/A5023888391", "OpenAlex", "https://openalex.org/A5023888391"),
    ("https://api.openalex.org/authors/a5023888391", "OpenAlex", "https://openalex.org/A5023888391"),
    ("https://www.wikidata.org/wiki/Q13371", "Wikidata", "https://www.wikidata.org/entity/Q13371"),
    ("https://github.com/laochonlam", "GitHub", "https://github.com/laochonlam"),
    ("github.com/laochonlam/THC", "GitHub", "https://github.com/laochonlam"),
    ("https://www.linkedin.com/in/Hao-Wang-123/", "LinkedIn", "https://www.linkedin.com/in/hao-wang-123"),
    ("https://hk.linkedin.com/in/chonlam", "LinkedIn", "https://www.linkedin.com/in/chonlam"),
    ("https://patents.google.com/patent/CN114546633A/en", "Patent",
     "https://patents.google.com/patent/CN114546633A"),
])
def test_profiles(url, scheme, iri):
    ident = classify_profile(url)
    assert ident is not None and (ident.scheme, ident.iri) == (scheme, iri)


@pytest.mark.parametrize("url", [
    "https://dblp.org/pid/foo", "https://dblp.org/db/conf/nsdi/nsdi2021.html",
    "https://scholar.google.com/citations?user=short", "https://scholar.google.com/scholar?q=lam",
    "https://www.semanticscholar.org/author/Maximilian-Lam/abc",
    "https://openalex.org/X123", "https://www.wikidata.org/wiki/Q0",
    "https://github.com/orgs/harvard", "https://github.com/-bad-", "https://www.linkedin.com/company/google",
    "https://www.linkedin.com/in/a", "https://example.com/~lam", "not a url",
])
def test_profiles_rejected(url):
    assert classify_profile(url) is None


# --- patents --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,number", [
    ("CN114546633A", "CN114546633A"),
    ("CN 114546633 A", "CN114546633A"),
    ("CN202110123456.7", None),                 # an application number, not a publication
    ("US 10,123,456 B2", "US10123456B2"),
    ("US 2019/0123456 A1", "US20190123456A1"),
    ("EP 3 456 789 A1", "EP3456789A1"),
    ("WO 2020/123456 A1", "WO2020123456A1"),
    ("WO2004/12345", "WO2004012345"),
    ("US 123", None),
    ("JP2020123456A", None),
])
def test_patents(text, number):
    ident = normalise_patent(text)
    if number is None:
        assert ident is None
    else:
        assert ident.value == number and ident.iri == f"https://patents.google.com/patent/{number}"


def test_wikidata():
    assert normalise_wikidata("wd:Q95").iri == "https://www.wikidata.org/entity/Q95"
    assert normalise_wikidata("Q0") is None and normalise_wikidata("FAQ12") is None


def test_recognise_in_text():
    text = ("Benchmarking TinyML systems. Arxiv Preprint, 2020. https://arxiv.org/abs/2003.04821v2 "
            "doi:10.1145/3544216.3544224. ORCID 0000-0002-1825-0097; patent CN114546633A; "
            "bogus 0000-0002-1825-0098")
    iris = [i.iri for i in recognise(text)]
    assert iris == ["https://arxiv.org/abs/2003.04821", "https://doi.org/10.1145/3544216.3544224",
                    "https://orcid.org/0000-0002-1825-0097", "https://patents.google.com/patent/CN114546633A"]
