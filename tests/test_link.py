"""The link stage: provisional IRIs → canonical IRIs, with recorded evidence."""
from __future__ import annotations

import random
import time

import pytest
from rdflib import Literal, URIRef

from cvgraph.authorities import NoAuthorities
from cvgraph.config import Settings
from cvgraph.link import (Overrides, compare_names, link_documents, load_overrides, org_display,
                          org_key, parse_name)
from cvgraph.record import Author, CVRecord, Education, Person, Position, Publication
from cvgraph.vocab import CVG, RDF, SCHEMA
from mappers.rdf import SourceInfo, map_record

BASE = "http://example.org/"
S = Settings(base=BASE)
ICNP_A = "Efficient Data-Plane Memory Scheduling for In-Network Aggregation"
ICNP_B = "Preemptive Switch Memory Usage to Accelerate Training Jobs with Shared INA"
ICNP_AUTHORS = ["Hao Wang", "Yuxuan Qin", "ChonLam Lao", "Yanfang Le", "Wenfei Wu", "Kai Chen"]


def P(iri: str) -> URIRef:
    return URIRef(BASE + iri)


def authors(names, subject):
    return [Author(name=n, is_subject=(n == subject)) for n in names]


def doc(name: str, record: CVRecord):
    src = SourceInfo(name=name, sha256="0" * 64, media_type="text/plain", iri=f"{BASE}doc/{name}")
    return map_record(record, src, S)


def lao_record() -> CVRecord:
    me = "ChonLam Lao"
    return CVRecord(
        source_name="lao.txt", format="text",
        person=Person(name="CHONLAM LAO", emails=["chonlamlao@g.harvard.edu"],
                      profiles=["https://github.com/laochonlam"]),
        education=[Education(institution="Harvard University, Boston", level="doctorate", start="2021",
                             current=True, advisors=["Minlan Yu", "Aditya Akella"]),
                   Education(institution="Tsinghua University", level="master", advisors=["Wenfei Wu"])],
        positions=[Position(organization="Google", title="Student Researcher"),
                   Position(organization="Harvard University", title="Research Assistant")],
        publications=[
            Publication(title=ICNP_A, authors=authors(ICNP_AUTHORS, me), venue="ICNP",
                        venue_acronym="ICNP", year="2023"),
            Publication(title="ATP: In-network Aggregation for Multi-tenant Learning",
                        authors=authors(["ChonLam Lao", "Yanfang Le", "Kshiteej Mahajan", "Yixi Chen",
                                         "Wenfei Wu", "Aditya Akella", "Michael Swift"], me),
                        venue="NSDI 2021", venue_acronym="NSDI", year="2021"),
            Publication(title="THC: Accelerating Distributed Deep Learning Using Tensor Homomorphic Compression",
                        authors=authors(["Minghao Li", "Ran Ben Basat", "Shay Vargaftik", "ChonLam Lao",
                                         "Kevin Xu", "Xinran Tang", "Michael Mitzenmacher", "Minlan Yu"], me),
                        venue="NSDI", venue_acronym="NSDI", year="2024"),
        ],
    )


def lao_profile_record() -> CVRecord:
    """The researcher-profile page: same person, no e-mail, the arXiv version of ICNP paper."""
    return CVRecord(
        source_name="lao-profile.txt", format="html", person=Person(name="ChonLam Lao"),
        publications=[Publication(title=ICNP_A, venue="arXiv", venue_acronym="arXiv", year="2022",
                                  status="preprint")],
    )


def wang_record() -> CVRecord:
    me = "Hao Wang"
    return CVRecord(
        source_name="wang.txt", format="text",
        person=Person(name="HAO WANG", emails=["hwangdv@connect.ust.hk"]),
        education=[Education(institution="Hong Kong University of Science and Technology", level="doctorate",
                             advisors=["Kai Chen"]),
                   Education(institution="Peking University", level="bachelor")],
        publications=[
            Publication(title=ICNP_B, authors=authors(ICNP_AUTHORS, me), venue="ICNP",
                        venue_acronym="ICNP", year="2023"),
            Publication(title="Towards Domain-Specific Network Transport for Distributed DNN Training",
                        authors=authors(["Hao Wang", "Han Tian", "Jingrong Chen", "Kai Chen"], me),
                        venue="USENIX Symposium on Networked Systems Design and Implementation",
                        venue_acronym="nsdi", year="2024"),
        ],
    )


def lam_record() -> CVRecord:
    me = "Maximilian Lam"
    return CVRecord(
        source_name="lam.txt", format="text", person=Person(name=me),
        education=[Education(institution="Harvard University", level="doctorate"),
                   Education(institution="Stanford University", level="master")],
        positions=[Position(organization="Harvard", title="Graduate Student Researcher", unit="Edge Computing Lab"),
                   Position(organization="Meta", title="Research Scientist Intern", unit="FAIR")],
        publications=[
            Publication(title="GPU-based Private Information Retrieval for On-Device Machine Learning Inference",
                        authors=authors(["Maximilian Lam", "Jeff Johnson", "Hsien-Hsin S Lee",
                                         "Vijay Janapa Reddi", "Gu-Yeon Wei", "David Brooks"], me),
                        venue="ASPLOS", venue_acronym="ASPLOS", year="2024"),
            Publication(title="Quantized Neural Network Inference with Precision Batching",
                        authors=authors(["Maximilian Lam", "Zachary Yedidiah", "Colby Banbury",
                                         "Vijay Janapa Reddi"], me), venue="PACT", venue_acronym="PACT",
                        year="2021"),
            # The CV lists him as "Max Lam" here, and the extractor did not mark him the subject.
            Publication(title="Benchmarking TinyML systems: Challenges and Direction",
                        authors=authors(["Colby R. Banbury", "Vijay Janapa Reddi", "Max Lam"], me),
                        venue="Arxiv Preprint", year="2020", status="preprint"),
        ],
    )


def lee_record() -> CVRecord:
    """A coauthor's CV spelling the name without the middle initial."""
    me = "Hsien-Hsin Lee"
    return CVRecord(
        source_name="lee.txt", format="text", person=Person(name=me),
        publications=[Publication(
            title="GPU-based Private Information Retrieval for On-Device Machine Learning Inference",
            authors=authors(["Maximilian Lam", "Jeff Johnson", "Hsien-Hsin Lee", "Vijay Janapa Reddi",
                             "Gu-Yeon Wei", "David Brooks"], me),
            venue="ASPLOS", venue_acronym="ASPLOS", year="2024")],
    )


def wei_liu_records() -> tuple[CVRecord, CVRecord]:
    a = CVRecord(source_name="wliu-a.txt", format="text",
                 person=Person(name="Wei Liu", emails=["wliu@cs.example.edu"]),
                 education=[Education(institution="Tsinghua University", level="doctorate")],
                 publications=[Publication(title="Graph Sketches for Streams",
                                           authors=authors(["Wei Liu", "Ann Smith"], "Wei Liu"),
                                           venue="SIGMOD", venue_acronym="SIGMOD", year="2020")])
    b = CVRecord(source_name="wliu-b.txt", format="text",
                 person=Person(name="Wei Liu", emails=["wei.liu@bio.example.org"]),
                 education=[Education(institution="University of Toronto", level="doctorate")],
                 publications=[Publication(title="Protein Folding with Priors",
                                           authors=authors(["Wei Liu", "Bob Jones"], "Wei Liu"),
                                           venue="RECOMB", venue_acronym="RECOMB", year="2021")])
    return a, b


def seed_graphs():
    return [doc("lao", lao_record()), doc("lao-profile", lao_profile_record()), doc("wang", wang_record()),
            doc("lam", lam_record()), doc("lee", lee_record())]


def subjects_of(g, p, o):
    return set(g.subjects(p, o))


def union(result):
    from rdflib import Graph
    u = Graph()
    for g in result.graphs:
        for t in g:
            u.add(t)
    return u


@pytest.fixture(scope="module")
def seeds():
    graphs = seed_graphs()
    return graphs, link_documents(graphs, S)


# --- name rules -----------------------------------------------------------------------------
@pytest.mark.parametrize("a,b,method", [
    ("Max Lam", "Maximilian Lam", "nickname"),
    ("Jeff Johnson", "Jeffrey Johnson", "short-form"),
    ("M. Lam", "Maximilian Lam", "initials"),
    ("Hsien-Hsin S Lee", "Hsien-Hsin Lee", "name-variant"),
    ("Lao ChonLam", "ChonLam Lao", "reversed-order"),
    ("Chon Lam Lao", "ChonLam Lao", "name-variant"),
    ("Bob Smith", "Robert Smith", "nickname"),
    ("Christopher Ré", "Chris Re", "nickname"),
    ("Lee, Hsien-Hsin", "Hsien-Hsin Lee", "identical-name"),
    ("Chon-Lam Lao", "Chonlam Lao", "identical-name"),
    ("CHONLAM LAO", "ChonLam Lao", "identical-name"),
])
def test_name_variants_match(a, b, method):
    r = compare_names(parse_name(a), parse_name(b))
    assert r is not None and r[1] == method


@pytest.mark.parametrize("a,b", [
    ("Michael I. Jordan", "Michael J. Jordan"),
    ("Hao Wang", "Hao Wan"),
    ("Kai Chen", "Kang Chen"),
    ("Wei Liu", "Wen Liu"),
])
def test_name_non_variants(a, b):
    assert compare_names(parse_name(a), parse_name(b)) is None


def test_org_normalisation():
    known = {"harvard university"}
    assert org_display("Harvard University, Boston", known) == "Harvard University"
    assert org_display("Harvard University, MA", set()) == "Harvard University"
    assert org_display("University of California, Berkeley", {"university of california"}) == \
        "University of California, Berkeley"
    assert org_key("Google LLC") == org_key("Google Inc.") == org_key("Google") == "google"
    assert org_key("Microsoft Research") != org_key("Microsoft")


# --- the seed CVs ---------------------------------------------------------------------------
def test_person_iris_canonical(seeds):
    graphs, res = seeds
    u = union(res)
    persons = set(u.subjects(RDF.type, SCHEMA.Person))
    assert P("person/chonlam-lao") in persons
    assert P("person/hao-wang") in persons
    assert P("person/maximilian-lam") in persons
    assert P("person/max-lam") not in persons
    assert P("person/hsien-hsin-s-lee") in persons
    assert P("person/hsien-hsin-lee") not in persons
    assert res.mapping[BASE + "person/max-lam"] == BASE + "person/maximilian-lam"
    assert res.mapping[BASE + "person/hsien-hsin-lee"] == BASE + "person/hsien-hsin-s-lee"
    # one name per person in the union; the other forms are alternate names
    assert set(u.objects(P("person/maximilian-lam"), SCHEMA.name)) == {Literal("Maximilian Lam")}
    assert Literal("Max Lam") in set(u.objects(P("person/maximilian-lam"), SCHEMA.alternateName))
    assert set(u.objects(P("person/chonlam-lao"), SCHEMA.name)) == {Literal("ChonLam Lao")}
    # the subject of the CV and the coauthor in another CV are one node
    lao_doc, wang_doc = res.graphs[0], res.graphs[2]
    assert (URIRef(BASE + "doc/lao"), SCHEMA.about, P("person/chonlam-lao")) in lao_doc
    assert (P("person/chonlam-lao"), SCHEMA.name, None) in wang_doc


def test_same_paper_two_titles_merged(seeds):
    graphs, res = seeds
    u = union(res)
    # canonical title: the one used by more documents (two CVs use ICNP_A)
    canon = P("pub/efficient-data-plane-memory-scheduling-for-in-network-aggregation")
    # both titles stay: one as schema:name, the others as schema:alternateName
    names = set(map(str, u.objects(canon, SCHEMA.name)))
    alts = set(map(str, u.objects(canon, SCHEMA.alternateName)))
    assert names | alts == {ICNP_A, ICNP_B}
    assert len(names) == 1
    assert names == {ICNP_A}
    preemptive = BASE + "pub/preemptive-switch-memory-usage-to-accelerate-training-jobs-with-shared-ina"
    assert res.mapping[preemptive] == str(canon)
    works = set(u.subjects(RDF.type, SCHEMA.ScholarlyArticle))
    assert URIRef(preemptive) not in works
    # Hao Wang's CV now points at the canonical work, with its own title as an alternate name
    wang = res.graphs[2]
    assert (canon, SCHEMA.author, P("person/hao-wang")) in wang
    assert (canon, SCHEMA.alternateName, Literal(ICNP_B)) in wang
    # the links graph explains it
    decisions = [d for d in res.links.subjects(CVG.mergedInto, canon)]
    methods = {str(m) for d in decisions for m in res.links.objects(d, CVG.method)}
    assert "same-authors+venue+year" in methods
    evidence = {str(e) for d in decisions for e in res.links.objects(d, CVG.evidence)}
    assert "same first author: Hao Wang" in evidence
    assert "6 of 6 authors shared" in evidence


def test_max_lam_merge_decision(seeds):
    _, res = seeds
    L = res.links
    ds = list(L.subjects(CVG.mergedFrom, P("person/max-lam")))
    assert len(ds) == 1
    d = ds[0]
    assert (d, RDF.type, CVG.MergeDecision) in L
    assert (d, CVG.mergedInto, P("person/maximilian-lam")) in L
    method = str(L.value(d, CVG.method))
    assert method.startswith("nickname+") and "shared-coauthor" in method
    evidence = {str(e) for e in L.objects(d, CVG.evidence)}
    assert "shared coauthor: Vijay Janapa Reddi" in evidence
    score = L.value(d, CVG.score)
    assert score.datatype == URIRef("http://www.w3.org/2001/XMLSchema#decimal")
    assert 0.85 < float(score) <= 1.0
    assert str(d).startswith(BASE + "link/")


def test_orgs(seeds):
    _, res = seeds
    u = union(res)
    orgs = set(u.subjects(RDF.type, SCHEMA.Organization))
    assert P("org/harvard-university") in orgs
    assert P("org/harvard-university-boston") not in orgs
    assert P("org/harvard") not in orgs          # alias used by the same person (Maximilian Lam)
    assert res.mapping[BASE + "org/harvard"] == BASE + "org/harvard-university"
    assert set(u.objects(P("org/harvard-university"), SCHEMA.name)) == {Literal("Harvard University")}
    # the unit follows its parent's canonical IRI
    assert (P("org/harvard-university-edge-computing-lab"), SCHEMA.parentOrganization,
            P("org/harvard-university")) in u
    ev = {str(e) for d in res.links.subjects(CVG.mergedFrom, P("org/harvard"))
          for e in res.links.objects(d, CVG.evidence)}
    assert any("Maximilian Lam" in e for e in ev)


def test_venues(seeds):
    _, res = seeds
    u = union(res)
    assert res.mapping.get(BASE + "venue/nsdi") is None          # "nsdi" and "NSDI" share a slug
    nsdi = P("venue/nsdi")
    assert Literal("USENIX Symposium on Networked Systems Design and Implementation") in \
        set(u.objects(nsdi, SCHEMA.name))
    assert len(set(u.objects(nsdi, SCHEMA.name))) == 1


def test_same_name_different_people_split():
    a, b = wei_liu_records()
    graphs = [doc("wliu-a", a), doc("wliu-b", b)]
    res = link_documents(graphs, S)
    ga, gb = res.graphs
    assert (URIRef(BASE + "doc/wliu-a"), SCHEMA.about, P("person/wei-liu")) in ga
    assert (URIRef(BASE + "doc/wliu-b"), SCHEMA.about, P("person/wei-liu-2")) in gb
    assert res.document_mappings[BASE + "doc/wliu-b"][BASE + "person/wei-liu"] == BASE + "person/wei-liu-2"
    assert BASE + "person/wei-liu" not in res.mapping
    d = res.links.value(None, CVG.mergedInto, P("person/wei-liu-2"))
    assert str(res.links.value(d, CVG.method)) == "same-name-split"
    assert "different e-mails" in str(res.links.value(d, CVG.evidence))
    # shuffled: same answer
    res2 = link_documents(list(reversed(graphs)), S)
    assert (URIRef(BASE + "doc/wliu-b"), SCHEMA.about, P("person/wei-liu-2")) in res2.graphs[0]


def test_same_name_with_shared_coauthor_merges():
    a, b = wei_liu_records()
    b.publications[0].authors.append(Author(name="Ann Smith"))
    res = link_documents([doc("wliu-a", a), doc("wliu-b", b)], S)
    assert (URIRef(BASE + "doc/wliu-b"), SCHEMA.about, P("person/wei-liu")) in res.graphs[1]


def test_variant_without_evidence_not_merged():
    a = CVRecord(source_name="a", format="text", person=Person(name="Max Lam"))
    b = CVRecord(source_name="b", format="text", person=Person(name="Maximilian Lam"))
    res = link_documents([doc("a", a), doc("b", b)], S)
    assert res.mapping == {}
    assert len(res.links) == 0


def test_shared_identifier_alone_merges():
    a = CVRecord(source_name="a", format="text",
                 person=Person(name="Lao ChonLam", profiles=["https://github.com/laochonlam"]))
    b = CVRecord(source_name="b", format="text",
                 person=Person(name="C. Lao", profiles=["https://github.com/laochonlam"]))
    res = link_documents([doc("a", a), doc("b", b)], S)
    assert res.mapping == {BASE + "person/c-lao": BASE + "person/lao-chonlam"}


def test_determinism_under_shuffling():
    graphs = seed_graphs() + [doc("wliu-a", wei_liu_records()[0]), doc("wliu-b", wei_liu_records()[1])]
    ref = link_documents(graphs, S)
    ref_links = sorted(ref.links)
    ref_docs = {str(g.identifier): sorted(g) for g in ref.graphs}
    rng = random.Random(7)
    for _ in range(3):
        shuffled = graphs[:]
        rng.shuffle(shuffled)
        res = link_documents(shuffled, S)
        assert [g.identifier for g in res.graphs] == [g.identifier for g in shuffled]
        assert res.mapping == ref.mapping
        assert sorted(res.links) == ref_links
        assert {str(g.identifier): sorted(g) for g in res.graphs} == ref_docs


@pytest.mark.parametrize("name, text, reason", [
    ("int.yaml", "must_link: 5\n", "must_link must be a list of items, not a int"),
    ("one.yaml", "must_link:\n  - [\"Max Lam\"]\n", "must_link item 1 needs two references"),
    ("ref.yaml", "cannot_link:\n  - [a, [b]]\n", "cannot_link item 1: a reference is a name, an IRI"),
    ("noname.yaml", "must_link:\n  - {a: {document: doc/a}, b: x}\n", "must_link item 1: a reference is"),
    ("typo.yaml", "mustlink:\n  - [a, b]\n", "unknown override key(s) 'mustlink'"),
    ("list.json", "[[\"a\", \"b\"]]", "holds a mapping with must_link / cannot_link, not a list"),
    ("bad.json", "{\"must_link\": [[\"a\", \"b\"]", "invalid JSON"),
    ("bad.yaml", "must_link: [[a, b]\n", "invalid YAML"),
])
def test_malformed_override_files_are_refused_with_the_file_and_reason(tmp_path, name, text, reason):
    """A typo or a malformed item used to be ignored (or end in a traceback): the user would
    believe a decision applied that was not."""
    from cvgraph.errors import ConfigError

    f = tmp_path / name
    f.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_overrides(f)
    assert str(err.value).startswith(f"{f}: ") and reason in str(err.value)
    with pytest.raises(ConfigError, match="cannot read the override file"):
        load_overrides(tmp_path / "missing.yaml")


def test_overrides(tmp_path):
    a = CVRecord(source_name="a", format="text", person=Person(name="Max Lam"))
    b = CVRecord(source_name="b", format="text", person=Person(name="Maximilian Lam"))
    f = tmp_path / "overrides.yaml"
    f.write_text("must_link:\n  - [\"Max Lam\", \"person/maximilian-lam\"]\n")
    res = link_documents([doc("a", a), doc("b", b)], S, load_overrides(f))
    assert res.mapping == {BASE + "person/max-lam": BASE + "person/maximilian-lam"}
    d = res.links.value(None, CVG.mergedFrom, P("person/max-lam"))
    assert str(res.links.value(d, CVG.method)) == "user-override"
    assert str(res.links.value(d, CVG.evidence)) == "user override"

    # cannot-link beats the evidence that would otherwise merge them
    graphs = seed_graphs()
    j = tmp_path / "o.json"
    j.write_text('{"cannot_link": [["Max Lam", "Maximilian Lam"]]}')
    res = link_documents(graphs, S, load_overrides(j))
    assert BASE + "person/max-lam" not in res.mapping
    # and a document-scoped cannot-link splits an identical name
    ov = Overrides(cannot_link=[({"name": "ChonLam Lao", "document": BASE + "doc/lao"},
                                 {"name": "ChonLam Lao", "document": BASE + "doc/wang"})])
    res = link_documents(graphs, S, ov)
    assert res.document_mappings[BASE + "doc/wang"][BASE + "person/chonlam-lao"] == BASE + "person/chonlam-lao-2"


def test_microsoft_research_is_a_unit_of_microsoft():
    r = CVRecord(source_name="z", format="text", person=Person(name="Liangyu Zhao"),
                 positions=[Position(organization="Microsoft Research", unit="RiSE"),
                            Position(organization="Microsoft", unit="Azure Compute Core"),
                            Position(organization="Google LLC")])
    r2 = CVRecord(source_name="y", format="text", person=Person(name="Someone Else"),
                  positions=[Position(organization="Google")])
    res = link_documents([doc("z", r), doc("y", r2)], S)
    assert (P("org/microsoft-research"), SCHEMA.parentOrganization, P("org/microsoft")) in res.links
    assert res.mapping[BASE + "org/google-llc"] == BASE + "org/google"
    assert BASE + "org/microsoft-research" not in res.mapping



def test_acronym_and_its_expansion_in_one_cv_are_one_organization():
    """A CV that names "Northvale Polytechnic University" for a post and "NPU" for a course it
    taught there names one organization, though no person links the course's provider; an
    acronym that expands to two organizations in different CVs is not merged with either."""
    from cvgraph.record import Teaching
    one = CVRecord(source_name="a", format="text", person=Person(name="Tamsin Arkwright"),
                   positions=[Position(title="Lecturer", organization="Northvale Polytechnic University")],
                   teaching=[Teaching(course="Compilers", institution="NPU")])
    res = link_documents([doc("a", one)], S, authorities=NoAuthorities())
    assert res.mapping[BASE + "org/npu"] == BASE + "org/northvale-polytechnic-university"
    assert any("acronym+same-document" in str(o) for o in res.links.objects(None, CVG.method))
    other = CVRecord(source_name="b", format="text", person=Person(name="Odile Brenner"),
                     positions=[Position(title="Lecturer", organization="Northern Plains University")],
                     teaching=[Teaching(course="Databases", institution="NPU")])
    res = link_documents([doc("a", one), doc("b", other)], S, authorities=NoAuthorities())
    assert BASE + "org/npu" not in res.mapping
    canon = {res.mapping.get(BASE + f"org/{k}", BASE + f"org/{k}")
             for k in ("northvale-polytechnic-university", "northern-plains-university")}
    assert len(canon) == 2


def test_names_in_other_scripts_keep_their_keys():
    """Organizations, venues and titles written in CJK, Cyrillic or Greek folded to an empty
    key, so all of them were taken for one (and a ROR lookup of such a name stopped the
    build with an IndexError). Each keeps its own key now: different names stay apart, the
    same name in two CVs is one entity."""
    def cv(src, person, orgs, pubs):
        return CVRecord(source_name=src, format="text", person=Person(name=person),
                        positions=[Position(title="Researcher", organization=o) for o in orgs],
                        publications=[Publication(title=t, venue=v, year="2020",
                                                  authors=authors([person, "Zhao Min"], person)) for t, v in pubs])
    a = cv("a", "Lin Qiaowen", ["清华大学", "Московский университет", "Ίδρυμα Έρευνας"],
           [("基于深度学习的图像检索方法", "计算机学报")])
    b = cv("b", "Zhao Min", ["清华大学", "北京大学"],
           [("面向大规模图数据的查询优化", "软件学报"), ("基于深度学习的图像检索方法", "计算机学报")])
    res = link_documents([doc("a", a), doc("b", b)], S)       # offline ROR: no match, no error
    orgs = {res.mapping.get(str(o), str(o)) for o in union(res).subjects(RDF.type, SCHEMA.Organization)}
    names = {str(n) for o in orgs for n in union(res).objects(URIRef(o), SCHEMA.name)}
    assert {"清华大学", "Московский университет", "Ίδρυμα Έρευνας", "北京大学"} <= names
    assert len(orgs) == 4                                     # 清华大学 once, named in both CVs
    works = {res.mapping.get(str(w), str(w)) for w in union(res).subjects(SCHEMA.author, None)}
    assert len(works) == 2                                    # the shared title merged, the other apart
    venues = {res.mapping.get(str(v), str(v)) for v in union(res).objects(None, SCHEMA.isPartOf)}
    assert len(venues) == 2


def test_an_organization_named_in_its_own_script_meets_its_english_name_through_ror():
    """ROR lists 清华大学 as an alias of Tsinghua University: a CV in Chinese and a CV in English
    name one organization, linked to its ROR record."""
    a = CVRecord(source_name="a", format="text", person=Person(name="Lin Qiaowen"),
                 positions=[Position(title="Researcher", organization="清华大学")])
    b = CVRecord(source_name="b", format="text", person=Person(name="Odile Brenner"),
                 positions=[Position(title="Visiting Scholar", organization="Tsinghua University")])
    res = link_documents([doc("a", a), doc("b", b)], S)
    g = union(res)
    orgs = set(g.subjects(RDF.type, SCHEMA.Organization)) | set(g.subjects(RDF.type, SCHEMA.CollegeOrUniversity))
    assert len(orgs) == 1
    (org,) = orgs
    assert (org, SCHEMA.sameAs, URIRef("https://ror.org/03cve4549")) in res.links

def test_coauthors_on_one_paper_never_merge():
    r = CVRecord(source_name="x", format="text", person=Person(name="Kai Chen"),
                 publications=[Publication(title="T", authors=authors(["Kai Chen", "K. Chen", "Bo Li"], "Kai Chen")),
                               Publication(title="U", authors=authors(["Kai Chen", "K. Chen", "Bo Li"], "Kai Chen"))])
    res = link_documents([doc("x", r)], S)
    assert BASE + "person/k-chen" not in res.mapping


# --- scaling ---------------------------------------------------------------------------------
_SYL = ("ka", "lo", "mi", "ran", "te", "su", "vo", "ha", "ji", "ne", "pa", "ri", "sto", "wen", "yu",
        "zi", "an", "bel", "cor", "dan", "el", "fa", "gi", "hu", "is", "jo")
FIRST = [f"{a}{b}".capitalize() for a in _SYL for b in _SYL[:16]]                   # 416 given names
LAST = [f"{a}{b}{c}".capitalize() for a in _SYL for b in _SYL[:12] for c in ("n", "s", "ro")]  # 936


WORDS = [f"{a}{b}" for a in ("net", "data", "learn", "graph", "stream", "cache", "sched", "train", "infer", "switch",
                             "memory", "query", "secure", "private", "fast", "robust", "sparse", "quant", "edge", "cloud")
         for b in ("ing", "er", "ers", "ed", "ation", "able", "ive", "ity", "work", "flow")]


def synthetic_graphs(n_people: int, seed: int = 1):
    """Documents with a subject and 4 coauthors each: about n_people person nodes."""
    rng = random.Random(seed)
    graphs = []
    for d in range(n_people // 5):
        names = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(5)]
        if rng.random() < 0.3:                                  # spelling variants
            f, l = names[1].split()
            names[1] = rng.choice([f"{f[0]}. {l}", f"{l} {f}", f"{f.upper()} {l.upper()}"])
        rec = CVRecord(source_name=f"s{d}", format="text",
                       person=Person(name=names[0], emails=[f"p{d}@example.org"]),
                       publications=[Publication(title=" ".join(rng.sample(WORDS, 7)).capitalize(),
                                                 authors=authors(names, names[0]), venue="SYN",
                                                 venue_acronym="SYN", year=str(2000 + d % 20))])
        graphs.append(doc(f"s{d}", rec))
    return graphs


def test_scaling_is_not_quadratic():
    small = link_documents(synthetic_graphs(1000), S)
    t0 = time.perf_counter()
    big_graphs = synthetic_graphs(5000)
    big = link_documents(big_graphs, S)
    elapsed = time.perf_counter() - t0
    assert big.stats.mentions["person"] >= 4000

    def work(st):
        return st.person_comparisons + st.person_name_comparisons + st.pub_comparisons

    n = big.stats.mentions["person"]
    # All-pairs would be n²/2 ≈ 12.5M comparisons for 5,000 people. Blocking compares only
    # spellings that share a block key (last name + first initial) and only component pairs
    # that share an evidence token: well under one comparison per person node.
    assert work(big.stats) < n, (small.stats, big.stats)
    assert work(big.stats) < (n * n / 2) / 1000
    assert big.stats.largest_person_block < 50
    assert work(small.stats) < small.stats.mentions["person"]
    print(f"5000-person link: {elapsed:.2f}s, {work(big.stats)} comparisons ({work(small.stats)} for 1000)")


def test_reversed_name_order_with_shared_coauthor():
    r = CVRecord(source_name="r", format="text", person=Person(name="Yanfang Le"),
                 publications=[Publication(title="Some Other Paper",
                                           authors=authors(["Yanfang Le", "Lao ChonLam", "Wenfei Wu"], "Yanfang Le"))])
    res = link_documents([doc("lao", lao_record()), doc("r", r)], S)
    assert res.mapping[BASE + "person/lao-chonlam"] == BASE + "person/chonlam-lao"
    d = res.links.value(None, CVG.mergedFrom, P("person/lao-chonlam"))
    assert str(res.links.value(d, CVG.method)).startswith("reversed-order+shared-coauthor")


def test_in_place_gives_the_same_graphs():
    ref = link_documents(seed_graphs(), S)
    graphs = seed_graphs()
    res = link_documents(graphs, S, in_place=True)
    assert all(a is b for a, b in zip(res.graphs, graphs))
    assert [sorted(g) for g in res.graphs] == [sorted(g) for g in ref.graphs]
    assert sorted(res.links) == sorted(ref.links)


def test_venue_series_name_has_no_year():
    # the rules alone (no authority): the series name as written, without the year
    res = link_documents([doc("lao", lao_record())], S, authorities=NoAuthorities())
    names = set(map(str, res.graphs[0].objects(P("venue/nsdi"), SCHEMA.name)))
    assert names == {"NSDI"}


def test_venue_authority_name_and_links():
    # with the offline venue table, the series takes the authority's full name and links
    res = link_documents([doc("lao", lao_record())], S)
    nsdi = P("venue/nsdi")
    names = set(map(str, res.graphs[0].objects(nsdi, SCHEMA.name)))
    assert names == {"USENIX Symposium on Networked Systems Design and Implementation"}
    assert Literal("NSDI") in set(res.graphs[0].objects(nsdi, SCHEMA.alternateName))
    assert (nsdi, SCHEMA.sameAs, URIRef("https://dblp.org/streams/conf/nsdi")) in res.links
    assert (nsdi, SCHEMA.alternateName, Literal("NSDI")) in res.links
    # no authority link for a venue the table does not know
    assert not any(str(o).startswith("https://dblp.org/") for o in
                   res.links.objects(P("venue/arxiv"), SCHEMA.sameAs))


def test_org_authority_links_in_links_graph():
    res = link_documents([doc("wang", wang_record()), doc("lao", lao_record())], S)
    L = res.links
    pku = P("org/peking-university")
    assert (pku, SCHEMA.sameAs, URIRef("https://ror.org/02v51f717")) in L
    assert (pku, SCHEMA.sameAs, URIRef("https://www.wikidata.org/entity/Q16952")) in L
    assert (pku, RDF.type, SCHEMA.CollegeOrUniversity) in L
    ident = L.value(pku, SCHEMA.identifier)
    assert (ident, RDF.type, SCHEMA.PropertyValue) in L
    assert str(L.value(ident, SCHEMA.propertyID)) == "ROR" and str(L.value(ident, SCHEMA.value)) == "02v51f717"
    # a company without a location hint is ambiguous in ROR (Google US / Singapore / ...): no link
    assert not list(L.objects(P("org/google"), SCHEMA.sameAs))
    # the document graphs carry no authority statements
    for g in res.graphs:
        assert not any(str(o).startswith("https://ror.org/") for o in g.objects(None, SCHEMA.sameAs))


def test_authority_acronym_merges_orgs_of_different_people():
    # "PKU" in one CV, "Peking University" in another: no shared person, but one ROR record
    a = CVRecord(source_name="a", format="text", person=Person(name="Ann Example"),
                 positions=[Position(organization="PKU", title="Intern", location="Beijing")])
    b = CVRecord(source_name="b", format="text", person=Person(name="Bo Example"),
                 education=[Education(institution="Peking University", level="bachelor")])
    res = link_documents([doc("a", a), doc("b", b)], S)
    assert res.mapping[BASE + "org/pku"] == BASE + "org/peking-university"
    d = res.links.value(None, CVG.mergedFrom, P("org/pku"))
    assert str(res.links.value(d, CVG.method)) == "same-authority-record"
    # without authorities they stay apart
    res = link_documents([doc("a", a), doc("b", b)], S, authorities=NoAuthorities())
    assert BASE + "org/pku" not in res.mapping


# --- incremental ----------------------------------------------------------------------------
def _seed_provisional():
    from cvgraph.build import process_document
    from tests.conftest import SEEDS

    out = []
    for f in sorted(SEEDS.iterdir()):
        r = process_document(str(f), S)
        assert r.error is None
        from rdflib import Graph
        g = Graph(identifier=URIRef(r.doc_iri))
        g.parse(data=r.ntriples, format="nt")
        out.append(g)
    return out


def test_incremental_add_equals_full_rebuild():
    from rdflib.compare import isomorphic
    from cvgraph.link import changed_documents, relink

    graphs = _seed_provisional()
    full = link_documents(graphs, S)
    for k in range(len(graphs)):              # each seed added last to the four others
        rest = graphs[:k] + graphs[k + 1:]
        before = link_documents(rest, S)
        inc = relink(rest, S, added=[graphs[k]])
        assert inc.mapping == full.mapping
        assert inc.document_mappings == full.document_mappings
        assert {str(g.identifier): set(g) for g in inc.graphs} == {str(g.identifier): set(g) for g in full.graphs}
        assert set(inc.links) == set(full.links)
        assert all(isomorphic(a, b) for a, b in zip(sorted(inc.graphs, key=lambda g: str(g.identifier)),
                                                     sorted(full.graphs, key=lambda g: str(g.identifier))))
        changed = changed_documents(before, inc)
        assert str(graphs[k].identifier) in changed
    # and removing it again gives the four-document result; the inputs were never modified
    sizes = [len(g) for g in graphs]
    back = relink(graphs, S, removed=[str(graphs[0].identifier)])
    ref = link_documents(graphs[1:], S)
    assert set(back.links) == set(ref.links) and back.mapping == ref.mapping
    assert [len(g) for g in graphs] == sizes
