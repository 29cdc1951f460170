"""Expected facts of the five seed CVs, written from a careful reading of each document.

Complete lists: every education entry, position, publication (with authors in order where
the CV gives them), patent, award, talk. The extractor must get each of them right.
"""
from __future__ import annotations


def edu(rec):
    return [(e.institution, e.level, e.start, e.end, e.current) for e in rec.education]


def pos(rec):
    return [(p.organization, p.title, p.start, p.end, p.current) for p in rec.positions]


def titles(rec):
    return [p.title for p in rec.publications]


def pub(rec, title_start):
    matches = [p for p in rec.publications if p.title.startswith(title_start)]
    assert len(matches) == 1, f"expected one publication starting {title_start!r}, got {titles(rec)}"
    return matches[0]


def authors(p):
    return [a.name for a in p.authors]


# --- 000: ChonLam Lao, text from a PDF with Markdown headings --------------------------------
def test_lao_person(seed_records):
    r = seed_records["lao"]
    assert r.person.name == "ChonLam Lao"          # the heading is ALL CAPS; the body's casing wins
    assert r.person.emails == ["chonlamlao@g.harvard.edu"]   # "$\{AT\}g.$ harvard.edu" with a <br/> inside
    assert r.person.homepage == "https://laochanlam.com/"
    assert set(r.person.profiles) == {"https://github.com/laochonlam",
                                      "https://www.linkedin.com/in/chonlam-lao-384865122"}
    assert r.person.interests == ["Networked systems", "Machine learning systems", "Programmable hardware"]


def test_lao_education(seed_records):
    r = seed_records["lao"]
    assert edu(r) == [
        ("Harvard University", "doctorate", "2021", None, True),
        ("Tsinghua University", "master", "2018", "2021", False),
        ("National Cheng Kung University", "bachelor", "2015", "2018", False),
    ]
    assert r.education[0].advisors == ["Minlan Yu", "Aditya Akella"]
    assert r.education[0].degree == "PhD of Computer Science"
    assert r.education[1].advisors == ["Wenfei Wu"]
    assert r.education[1].thesis == "ATP: In-network Aggregation for Multi-tenant Learning"
    assert r.education[2].degree == "Bachelor of Computer Science & Information Engineering"
    assert "2nd place Outstanding Graduation Project" in r.education[2].honours


def test_lao_positions(seed_records):
    r = seed_records["lao"]
    assert pos(r) == [
        ("Alibaba Cloud", "Research Intern", "2024-06", "2024-12", False),
        ("Google", "Student Researcher", "2022-06", "2023-12", False),
        ("Harvard University", "Research Assistant", "2022-09", None, True),
        ("University of Wisconsin-Madison", "Visiting Scholar", "2019-09", "2020-02", False),
    ]
    assert r.positions[0].location == "Bellevue, WA"


def test_lao_publications(seed_records):
    r = seed_records["lao"]
    assert titles(r) == [
        "TrainMover: An Interruption-Resilient and Reliable ML Training Runtime",
        "EdgeSight: Enabling Modeless and Cost-Efficient Inference at the Edge",
        "THC: Accelerating Distributed Deep Learning Using Tensor Homomorphic Compression",
        "ATP: In-network Aggregation for Multi-tenant Learning",
        "A Generic Service to Provide In-network Aggregation for Key-value Streams",
        "Efficient Data-Plane Memory Scheduling for In-Network Aggregation",
        "RDMA NIC Multipathing for Shared Datacenters",
        "eTran: Extensible Kernel Transport with eBPF",
        "StarPulse: A Datacenter Infrastructure for Large Language Model Training at Scale",
    ]
    thc = pub(r, "THC")
    assert authors(thc) == ["Minghao Li", "Ran Ben Basat", "Shay Vargaftik", "ChonLam Lao", "Kevin Xu",
                            "Xinran Tang", "Michael Mitzenmacher", "Minlan Yu"]
    assert [a.is_subject for a in thc.authors].index(True) == 3     # <u>ChonLam Lao</u> is the subject
    assert (thc.venue_acronym, thc.year, thc.status) == ("NSDI", "2024", "published")
    atp = pub(r, "ATP")
    assert authors(atp)[:2] == ["ChonLam Lao", "Yanfang Le"] and len(atp.authors) == 7
    assert atp.awards == ["Best Paper Award"] and (atp.venue_acronym, atp.year) == ("NSDI", "2021")
    assert pub(r, "A Generic").awards == ["Distinguished Paper Award"]
    star = pub(r, "StarPulse")
    assert star.et_al and authors(star) == ["Qingkai Meng", "Hao Zheng", "Zhenhui Zhang", "ChonLam Lao"]
    for t in ("TrainMover", "EdgeSight", "RDMA NIC"):
        p = pub(r, t)
        assert p.status == "in submission" and p.et_al and authors(p) == ["ChonLam Lao"]   # "first author"


def test_lao_patents_awards_teaching_service(seed_records):
    r = seed_records["lao"]
    assert [p.number for p in r.patents] == ["CN114546633A", "CN114553879A", "CN114553880A"]
    assert all(p.inventors == ["Wenfei Wu", "ChonLam Lao", "Yixi Chen"] for p in r.patents)
    assert r.patents[0].title == "Distributed task processing method and system"
    assert r.patents[0].date == "2020-12" and r.patents[0].status == "pending"
    assert len(r.awards) == 14   # 9 achievements + 5 awards
    assert r.awards[3].name == "Bronze Prize of 2017 ACM-ICPC Asia Taiwan Regional Contest" and r.awards[3].year == "2017"
    assert [(t.course, t.institution) for t in r.teaching] == [
        ("COMPSCI 145: Networking at Scale", "Harvard University"),
        ("Security Technologies in Cyberspace", "Tsinghua University"),
        ("Advanced Competitive Programming", "National Cheng Kung University"),
    ]
    assert [(s.role, s.organization) for s in r.service] == [
        ("reviewer", "IEEE/ACM Transactions on Networking (TON)"),
        ("reviewer", "IEEE Transactions on Services Computing (TSC)"),
        ("external reviewer", "NSDI'22"),
    ]


# --- 001: a researcher-profile web page ---------------------------------------------------
def test_profile_page(seed_records):
    r = seed_records["lao_profile"]
    assert r.person.name == "ChonLam Lao"
    assert [(p.title, p.year, p.status, p.venue_acronym) for p in r.publications] == [
        ("A Few GPUs, A Whole Lotta Scale: Faithful LLM Training Emulation with PrismLLM", "2026", "preprint", "arXiv"),
        ("Efficient Data-Plane Memory Scheduling for In-Network Aggregation", "2022", "preprint", "arXiv"),
    ]
    assert not r.education and not r.positions


# --- 002: Hao Wang, PDF text with tab columns and Markdown tables ---------------------------
def test_wang(seed_records):
    r = seed_records["wang"]
    assert r.person.name == "Hao Wang"
    assert r.person.emails == ["hwangdv@connect.ust.hk"]
    assert r.person.phones == ["+852 68758509"]
    assert "https://github.com/whwh1996" in r.person.profiles
    assert edu(r) == [
        ("Hong Kong University of Science and Technology", "doctorate", "2019-08", None, True),
        ("Peking University", "bachelor", "2015-09", "2019-07", False),
    ]
    assert r.education[0].advisors == ["Kai Chen"]
    assert pos(r) == [
        ("HKUST", "Phd Program", "2019-09", None, True),
        ("HKUST", "UG Visiting Internship Program", "2019-03", "2019-06", False),
        ("Naturali", "Research Intern", "2018-01", "2018-06", False),
        ("PKU", "Student Research Assistant", "2017-04", "2019-03", False),
    ]
    assert r.positions[0].unit == "iSING Lab" and r.positions[3].mentors == ["Tong Yang"]
    assert len(r.publications) == 10
    ina = pub(r, "Preemptive Switch Memory Usage")
    assert authors(ina) == ["Hao Wang", "Yuxuan Qin", "ChonLam Lao", "Yanfang Le", "Wenfei Wu", "Kai Chen"]
    assert (ina.venue_acronym, ina.year) == ("ICNP", "2023")
    rec = pub(r, "Accelerating Neural Recommendation")
    assert rec.title == "Accelerating Neural Recommendation Training with Embedding Scheduling"  # "(*Sixth Author*)" removed
    assert authors(rec)[5] == "Hao Wang" and rec.authors[5].is_subject
    idb = pub(r, "ID Bloom Filter")
    assert [a.equal_contribution for a in idb.authors][:3] == [True, True, False]   # "Peng Liu*, Hao Wang*"
    tacc = pub(r, "Tacc")
    assert (tacc.status, tacc.venue_acronym, tacc.year) == ("preprint", "arXiv", "2021")
    assert [(a.name, a.year) for a in r.awards][0] == ("Travel Grants, ICNP", "2023")
    assert len(r.awards) == 6
    assert [(t.role, t.course) for t in r.teaching] == [("TA", "COMP 3511 – Operating Systems"),
                                                        ("TA", "COMP 5621 – Computer Networks")]
    assert r.teaching[0].term == "Spring 2020, Spring 2021, Fall 2022"
    assert r.languages == ["Mandarin", "English"]


# --- 003: Maximilian Lam, a two-column PDF flattened into tabs ------------------------------
def test_lam(seed_records):
    r = seed_records["lam"]
    assert r.person.name == "Maximilian Lam"
    assert r.person.phones == ["408-528-4004"]
    assert r.person.profiles == ["https://scholar.google.com/citations?user=OtPCcKEAAAAJ"]
    assert edu(r) == [
        ("Harvard University", "doctorate", "2019-08", "2024-05", False),
        ("Stanford University", "master", "2017-08", "2019-05", False),
        ("University of California, Berkeley", "bachelor", "2013-08", "2017-05", False),
    ]
    assert r.education[0].advisors == ["Michael Mitzenmacher", "Edward Suh", "Vijay Janapa Reddi",
                                       "Gu-Yeon Wei", "David Brooks"]
    assert r.education[0].thesis.startswith("Systems and Algorithms for Efficient, Secure and Private Machine")
    assert [(p.organization, p.title, p.unit) for p in r.positions] == [
        ("Meta", "Research Scientist Intern", "FAIR"),
        ("Harvard", "Graduate Student Researcher", "Edge Computing Lab"),
        ("Stanford", "Graduate Student Researcher", "Hazy Research"),
        ("Google", "Software Engineering Intern", "Platforms Team"),
        ("Google", "Software Engineering Intern", "Search Team"),
        ("Linkedin", "Software Engineering Intern", "Tools Team"),
    ]
    assert r.positions[5].start == "2015-05"         # the date comes after the bullets
    assert len(r.publications) == 14
    gpu = pub(r, "GPU-based Private Information Retrieval")
    assert (gpu.venue_acronym, gpu.year, gpu.arxiv) == ("ASPLOS", "2024", "2301.10904")
    assert authors(gpu)[6] == "Hsien-Hsin S Lee" and len(gpu.authors) == 11
    tiny = pub(r, "Widening Access to Applied Machine Learning with TinyML")
    assert authors(tiny)[-2:] == ["Matthew Stewart", "Dustin Tingley"] and len(tiny.authors) == 24
    quarl = pub(r, "QuaRL")
    assert [a.equal_contribution for a in quarl.authors] == [True, True, True, False, False, False]
    bench = pub(r, "Benchmarking TinyML")
    assert bench.et_al and authors(bench) == ["Colby R. Banbury", "Vijay Janapa Reddi", "Max Lam"]
    assert bench.authors[2].is_subject                 # "Max Lam" is the subject too
    cat = pub(r, "Cataloging the Visible Universe")
    assert authors(cat)[-1] == "Prabhat" and (cat.venue_acronym, cat.year) == ("IPDPS", "2018")
    assert [(t.role, t.institution, t.term) for t in r.teaching] == [
        ("Teaching Assistant", "Harvard", "Spring 2021"),
        ("Teaching Assistanct", "Stanford", "May 2017 - Aug 2019"),
    ]
    assert len(r.awards) == 2 and r.awards[1].year == "2019"
    assert any("end 2018-05 is before start 2018-08" in w for w in r.report.warnings)


# --- 004: Liangyu Zhao, PDF text with inline headings ---------------------------------------
def test_zhao(seed_records):
    r = seed_records["zhao"]
    assert r.person.name == "Liangyu Zhao"
    assert r.person.emails == ["liangyu@cs.washington.edu"]
    assert r.person.homepage == "https://liangyurain.github.io/"
    assert r.person.interests[:3] == ["Machine learning systems", "Distributed systems", "Collective communications"]
    assert [(e.degree, e.level, e.start, e.end, e.current, e.unfinished) for e in r.education] == [
        ("Ph.D. in Computer Science", "doctorate", "2021", None, True, False),
        ("M.S. in Computer Science", "master", "2020", "2021", False, True),
        ("B.S. in Computer Science", "bachelor", "2015", "2020", False, False),
        ("B.S. in Applied & Computational Mathematical Sciences", "bachelor", "2015", "2020", False, False),
    ]
    assert {e.institution for e in r.education} == {"University of Washington"}
    assert r.education[0].advisors == ["Arvind Krishnamurthy"]
    assert [(p.organization, p.title, p.unit, p.location) for p in r.positions] == [
        ("Microsoft Research", "Part-Time Researcher", "Research in Software Engineering (RiSE)", "Redmond, WA"),
        ("Microsoft Research", "Research Intern", "Research in Software Engineering (RiSE)", "Redmond, WA"),
        ("ByteDance", "Research Intern", "AI-Lab", "Bellevue, WA"),
        ("Microsoft", "Software Engineer Intern", "Azure Compute Core", "Redmond, WA"),
        ("Google", "Software Engineer Intern", "Ads Infra", "Mountain View, CA"),
        ("Microsoft", "Software Engineer Intern", "Azure Compute Core", "Redmond, WA"),
        ("Zap Surgical Systems", "Software Engineer Intern", None, "San Carlos, CA"),
    ]
    assert r.positions[1].mentors == ["Saeed Maleki"] and r.positions[2].mentors == ["Yibo Zhu"]
    assert [(p.venue_acronym, p.year) for p in r.publications] == [
        ("arXiv", None), ("arXiv", None), ("NSDI", "2025"), ("SIGCOMM", "2024"), ("HPDC", "2024"),
        ("ICLR", "2021"), ("SOSP", "2019")]
    assert authors(pub(r, "Nexus")) == ["Haichen Shen", "Lequn Chen", "Yuchen Jin", "Liangyu Zhao", "Bingyu Kong",
                                        "Matthai Philipose", "Arvind Krishnamurthy", "Ravi Sundaram"]
    assert authors(pub(r, "ForestColl"))[0] == "Liangyu Zhao" and pub(r, "ForestColl").status == "in submission"
    rethink = pub(r, "Rethinking Machine Learning Collective Communication")
    assert rethink.venue == "ACM Special Interest Group on Data Communication" and len(rethink.authors) == 8
    assert [(t.host, t.date) for t in r.talks] == [
        ("Microsoft Research", "2024-08"), ("ByteDance", "2024-08"), ("AMD Research", "2024-07"),
        ("FOCI Annual Symposium, University of Washington", "2023-10"),
        ("Harvard Cloud Networking and Systems Group", "2023-07")]
