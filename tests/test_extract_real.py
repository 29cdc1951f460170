"""Expected facts of real academic-site CVs (shared corpus), written from a careful reading
of each file, plus small synthetic snippets for each general rule the extractor applies.

The real files are read in place from ROOT.parent / "shared/corpus/real" and the tests skip
with a reason when the shared corpus is absent. Jekyll front matter, Liquid tags and HTML
comments are not content; publications a page pulls from a Jekyll collection are not in the
file and so are not expected.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap


from mappers.extract import extract
from mappers.read import SourceDocument, read_document
from tests.conftest import ROOT, real_file


def _real(name):
    return extract(read_document(real_file(name)))


def edu(r):
    return [(e.institution, e.degree, e.level, e.field, e.start, e.end, e.current) for e in r.education]


def pos(r):
    return [(p.organization, p.title, p.unit, p.start, p.end, p.current) for p in r.positions]


def pubs(r):
    return [(p.title, [a.name for a in p.authors], p.venue_acronym, p.year, p.status) for p in r.publications]


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown", raw: str = "") -> SourceDocument:
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=raw)


# --- xu.md: academicpages CV page, setext headings, nested bullets ---------------------------
def test_xu():
    r = _real("xu.md")
    assert r.person.name == "Qiongwen Xu"             # only the author marked in the publications
    assert r.person.emails == [] and r.person.homepage is None
    assert r.person.profiles == []                    # "[InfraSIM](https://github.com/InfraSIM)" is a project
    assert edu(r) == [
        # "2024 (expected)": the degree was not conferred yet, the studies go on
        ("Rutgers University", "Ph.D. in Computer Science", "doctorate", "Computer Science", None, "2024", True),
        ("Fudan University", "M.S. in Computer Science", "master", "Computer Science", None, "2018", False),
        ("Central China Normal University", "B.Eng. in Electrical Engineering", "bachelor",
         "Electrical Engineering", None, "2015", False),
    ]
    assert pos(r) == [
        ("Huawei Technology Co. Ltd.", "Software Engineer", None, "2018", "2019", False),
        ("DELL EMC", "Software Engineer Intern", None, "2016", None, False),
    ]
    assert pubs(r) == [
        ("Synthesizing Safe and Efficient Kernel Extensions for Packet Processing",
         ["Qiongwen Xu", "Michael D. Wong", "Tanvi Wagle", "Srinivas Narayana", "Anirudh Sivaraman"],
         "SIGCOMM", "2021", "published"),
        ("ParaCon: A Parallel Control Plane for Scaling Up Path Computation in SDN",
         ["Kun Qiu", "Siyuan Huang", "Qiongwen Xu", "Jin Zhao", "Xin Wang", "Stefano Secci"],
         "TNSM", "2017", "published"),
        ("Fast Shortest-path Queries on Large-scale Graphs",
         ["Qiongwen Xu", "Xu Zhang", "Jin Zhao", "Xin Wang", "Tilman Wolf"], "ICNP", "2016", "published"),
    ]
    assert [p.venue for p in r.publications] == [
        "ACM SIGCOMM", "IEEE Transactions on Network and Service Management",
        "IEEE International Conference on Network Protocols"]
    assert [[a.is_subject for a in p.authors].index(True) for p in r.publications] == [0, 2, 0]
    # The talks, teaching and service sections are inside an HTML comment: not content.
    assert not r.talks and not r.teaching and not r.service and not r.awards


# --- qian.md: a home page — prose bio, "Title / [pdf] / <br> / authors / <br> / venue" -------
QIAN = [
    ("StriaTrace: Efficient Tracing and Diagnosis for Online LLM Inference",
     "Haonan Wu, Yanqing Chen, Kun Qian, Xue Li, Jingbo Xu, Erci Xu, Ennan Zhai, Wenyuan Yu, Guangtao Xue, Jingren Zhou",
     "OSDI", "2026"),
    ("EROICA: Online Performance Troubleshooting for Large-scale Model Training",
     "Yu Guan, Zhiyu Yin, Haoyu Chen, Sheng Cheng, Chaojie Yang, Kun Qian, Tianyin Xu, Pengcheng Zhang, Yang Zhang, "
     "Hanyu Zhao, Yong Li, Dennis Cai, Ennan Zhai", "NSDI", "2026"),
    ("ServeGen: Workload Characterization and Generation of Large Language Model Serving in Production",
     "Yuxing Xiang, Xue Li, Kun Qian, Yan Zhang, Wenyuan Yu, Ennan Zhai, Xin Jin, Jingren Zhou", "NSDI", "2026"),
    ("Come Hell or Still Water: Alleviating Tail Latency in Cloud Block Store",
     "Chaolei Hu, Kun Qian, Erci Xu, Yifan Shen, Haoran Zhang, Xue Li, Yuesheng Gu, Lingjun Zhu, Fengyuan Ren, Ennan Zhai",
     "NSDI", "2026"),
    ("Amoeba: Runtime Tensor Parallel Transformation for LLM Inference Services",
     "Haoyu Chen, Xue Li, Kun Qian, Yu Guan, Jin Zhao, Xin Wang", "DAC", "2026"),
    ("Aegaeon: Effective GPU Pooling for Concurrent LLM Serving on the Market",
     "Yuxing Xiang, Xue Li, Kun Qian, Yufan Yang, Diwen Zhu, Wenyuan Yu, Ennan Zhai, Xuanzhe Liu, Xin Jin, Jingren Zhou",
     "SOSP", "2025"),
    ("SkeletonHunter: Diagnosing and Localizing Network Failures in Containerized Large Model Training",
     "Wei Liu, Kun Qian, Zhenhua Li, Tianyin Xu, Yunhao Liu, Weicheng Wang, Yun Zhang, Jiakang Li, Shuhong Zhu, Xue Li, "
     "Hongfei Xu, Fei Feng, Ennan Zhai", "SIGCOMM", "2025"),
    ("SyCCL: Exploiting Symmetry for Efficient Collective Communication Scheduling",
     "Jiamin Cao, Shangfeng Shi, Jiaqi Gao, Weisen Liu, Yifan Yang, Yichi Xu, Zhilong Zheng, Yu Guan, Kun Qian, Ying Liu, "
     "Mingwei Xu, Tianshu Wang, Ning Wang, Jianbo Dong, Binzhang Fu, Dennis Cai, Ennan Zhai", "SIGCOMM", "2025"),
    ("Mitigating Scalability Walls of RDMA-based Container Networks",
     "Wei Liu, Kun Qian, Zhenhua Li, Feng Qian, Tianyin Xu, Yunhao Liu, Yu Guan, Shuhong Zhu, Hongfei Xu, Lanlan Xi, "
     "Chao Qin, Ennan Zhai", "NSDI", "2025"),
    ("Evolution of Aegis: Fault Diagnosis for AI Model Training Service in Production",
     "Jianbo Dong, Kun Qian, Pengcheng Zhang, Zhilong Zheng, Liang Chen, Fei Feng, Yichi Xu, Yikai Zhu, Gang Lu, Xue Li, "
     "Zhihui Ren, Zhicheng Wang, Bin Luo, Peng Zhang, Yang Liu, Yanqing Chen, Yu Guan, Weicheng Wang, Chaojie Yang, "
     "Yang Zhang, Man Yuan, Hanyu Zhao, Yong Li, Zihan Zhao, Shan Li, Xianlong Zeng, Zhiping Yao, Binzhang Fu, Ennan Zhai, "
     "Wei Lin, Chao Wang, Dennis Cai", "NSDI", "2025"),
    ("SimAI: Unifying Architecture Design and Performance Tunning for Large-Scale Large Language Model Training with "
     "Scalability and Precision",
     "Xizheng Wang, Qingxu Li, Yichi Xu, Gang Lu, Dan Li, Li Chen, Heyang Zhou, Linkang Zheng, Sen Zhang, Yikai Zhu, "
     "Yang Liu, Pengcheng Zhang, Kun Qian, Kunling He, Jiaqi Gao, Ennan Zhai, Dennis Cai, Binzhang Fu", "NSDI", "2025"),
    ("Near-Lossless Gradient Compression for Data-Parallel Distributed DNN Training",
     "Xue Li, Cheng Guo, Kun Qian, Menghao Zhang, Mengyu Yang, Mingwei Xu", "SoCC", "2024"),
    ("Demystifying Datapath Accelerator Enhanced Off-path SmartNIC",
     "Xuzheng Chen, Jie Zhang, Ting Fu, Yifan Shen, Shu Ma, Kun Qian, Lingjun Zhu, Chao Shi, Yin Zhang, Ming Liu, Zeke Wang",
     "ICNP", "2024"),
    ("Alibaba HPN: A Data Center Network for Large Language Model Training",
     "Kun Qian, Yongqing Xi, Jiamin Cao, Jiaqi Gao, Yichi Xu, Yu Guan, Binzhang Fu, Xuemei Shi, Fangbo Zhu, Rui Miao, "
     "Chao Wang, Peng Wang, Pengcheng Zhang, Xianlong Zeng, Eddie Ruan, Zhiping Yao, Ennan Zhai, Dennis Cai",
     "SIGCOMM", "2024"),
    ("Crux: GPU-Efficient Communication Scheduling for Deep Learning Training",
     "Jiamin Cao, Yu Guan, Kun Qian, Jiaqi Gao, Wencong Xiao, Jianbo Dong, Binzhang Fu, Dennis Cai, Ennan Zhai",
     "SIGCOMM", "2024"),
    ("Burstable Cloud Block Storage with Data Processing Units",
     "Junyi Shu, Kun Qian, Ennan Zhai, Xuanzhe Liu, Xin Jin", "OSDI", "2024"),
    ("XRON: A Hybrid Elastic Cloud Overlay Network for Video Conferencing at Planetary Scale",
     "Bingyang Wu, Kun Qian, Bo Li, Yunfei Ma, Qi Zhang, Zhigang Jiang, Jiayu Zhao, Dennis Cai, Ennan Zhai, Xuanzhe Liu, "
     "Xin Jin", "SIGCOMM", "2023"),
    ("Predictable vFabric on informative data plane",
     "Shuai Wang, Kaihui Gao, Kun Qian, Dan Li, Rui Miao, Bo Li, Yu Zhou, Ennan Zhai, Chen Sun, Jiaqi Gao, Dai Zhang, "
     "Binzhang Fu, Frank Kelly, Dennis Cai, Hongqiang Harry Liu, Ming Zhang", "SIGCOMM", "2022"),
    ("From luna to solar: the evolutions of the compute-to-storage networks in Alibaba cloud",
     "Rui Miao, Lingjun Zhu, Shu Ma, Kun Qian, Shujun Zhuang, Bo Li, Shuguang Cheng, Jiaqi Gao, Yan Zhuang, "
     "Pengcheng Zhang, Rong Liu, Chao Shi, Binzhang Fu, Jiaji Zhu, Jiesheng Wu, Dennis Cai, Hongqiang Harry Liu",
     "SIGCOMM", "2022"),
    ("Re-architecting Congestion Management in Lossless Ethernet",
     "Wenxue Cheng, Kun Qian, Wanchun Jiang, Tong Zhang, Fengyuan Ren", "NSDI", "2020"),
    ("Gentle flow control: avoiding deadlock in lossless networks",
     "Kun Qian, Wenxue Cheng, Tong Zhang, Fengyuan Ren", "SIGCOMM", "2019"),
    ("FlexGate: High-performance Heterogeneous Gateway in Data Centers",
     "Kun Qian, Sai Ma, Mao Miao, Jianyuan Lu, Tong Zhang, Peilong Wang, Chenghao Sun, Fengyuan Ren", "APNet", "2019"),
    ("Awakening Power of Physical Layer: High Precision Time Synchronization for Industrial Ethernet",
     "Kun Qian, Tong Zhang, Fengyuan Ren", "RTSS", "2017"),
    ("XpressEth: Concise and efficient converged real-time Ethernet",
     "Kun Qian, Fengyuan Ren, Danfeng Shan, Wenxue Cheng, Bo Wang", "IWQoS", "2017"),
]


def test_qian_person_and_bio():
    r = _real("qian.md")
    assert r.person.name == "Kun Qian"
    assert r.person.homepage is None          # the only link in the bio is the advisor's page
    assert edu(r) == [("Tsinghua University", "Ph.D.", "doctorate", None, None, "2020", False)]
    assert r.education[0].advisors == ["Fengyuan Ren"]
    assert pos(r) == [("Alibaba Cloud", "Research Scientist", "Network Research", None, None, True)]


def test_qian_publications():
    r = _real("qian.md")
    assert pubs(r) == [(t, a.split(", "), v, y, "published") for t, a, v, y in QIAN]
    for p in r.publications:
        assert [a.is_subject for a in p.authors].count(True) == 1
        assert p.venue and not any(ch.isdigit() for ch in p.venue), p.venue   # no year, no edition
    by = {p.title.split(":")[0]: p for p in r.publications}
    assert [a.corresponding for a in by["Amoeba"].authors] == [False, False, True, False, False, False]
    assert [a.equal_contribution for a in by["Evolution of Aegis"].authors][:3] == [False, True, False]
    assert by["Aegaeon"].venue == "ACM SIGOPS Symposium on Operating Systems Principles"
    assert by["Burstable Cloud Block Storage with Data Processing Units"].venue == \
        "USENIX Symposium on Operating Systems Design and Implementation"
    assert by["FlexGate"].venue == "Asia-Pacific Workshop on Networking"


# --- shen.md: bio page with <br> entries, U+2011 dashes, no name anywhere --------------------
def test_shen():
    r = _real("shen.md")
    assert r.person.name == ""                 # the page never names its subject
    assert any("never states its subject's name" in w for w in r.report.warnings)
    assert edu(r) == [
        ("Tsinghua University", "Ph.D.", "doctorate", None, "2019", None, True),
        ("Tsinghua University", "B.Eng.", "bachelor", "Computer Science and Technology", "2015", "2019", False),
        ("Zhuhai No.1 High School", "High School Graduate", "other", None, "2012", "2015", False),
    ]
    assert [e.location for e in r.education] == ["Beijing, China", "Beijing, China", "Zhuhai, Guangdong, China"]
    assert r.education[0].advisors == ["Jilong Wang", "Mingwei Xu", "Han Zhang"]
    assert r.education[1].advisors == ["Jun Bi"]
    assert [e.line for e in r.education] == [15, 18, 21]          # true source lines after <br>
    assert pos(r) == [
        ("Sogou Desktop Division", "Intern", "Personalized Reading Department", "2017-07", "2017-09", False),
        ("Ant Group", "Intern", "CT0 Line ‐ Data and Platform Technology Business Group ‐ Basic Security Department "
                                "‐ Security Architecture and Technology Department", "2021-08", "2021-10", False),
    ]
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Publication Co-Chair", "The 1st Workshop on Next-Generation Network Observability (NGNO)", "2025"),
        ("Shadow TPC", "The 21th International Conference on emerging Networking EXperiments and Technologies", "2025"),
    ]
    assert [a.name for a in r.awards] == [
        "Ranked 1st in the Science section of the Guangdong College Entrance Examination",
        "The First Prize of Tsinghua University Freshman Scholarship"]
    assert [(t.course, t.institution, t.term, t.role) for t in r.teaching] == [
        ("Computer Network Management", "Tsinghua University", "Fall 2022 – Spring 2024", "Teaching Assistant")]
    assert not r.publications and not r.talks        # both come from Jekyll collections


# --- shajii.html: HTML CV, degree-first education, heading-per-entry experience -------------
def test_shajii():
    r = _real("shajii.html")
    assert r.person.name == "Shajii"           # the surname the page bolds in every author list
    assert edu(r) == [
        ("Massachusetts Institute of Technology", "Ph.D.", "doctorate", "Computer Science", None, "2021-08", False),
        ("Massachusetts Institute of Technology", "S.M.", "master", "Computer Science", None, "2018-06", False),
        ("Boston University", "B.S.", "bachelor", "Computer Engineering", None, "2016-05", False),
    ]
    assert r.education[2].honours == ["Summa Cum Laude"]
    assert pos(r) == [
        ("Google", "Software Engineering Intern", "YouTube", "2019", None, False),
        ("MIT Computer Science and Artificial Intelligence Laboratory", "Research Intern", "Berger Lab",
         "2013", "2016", False),
        ("Charles River Analytics", "Intern", None, "2013", None, False),
        ("Harvard University", "Research Intern", "Department of Mathematics", "2012", "2013", False),
    ]
    assert [p.location for p in r.positions] == ["Mountain View, CA", None, "Cambridge, MA", None]
    assert [(p.title, [a.name for a in p.authors], p.et_al, p.venue, p.year) for p in r.publications] == [
        ("A Python-based programming language for high-performance computational genomics",
         ["Shajii", "Numanagić"], True, "Nature Biotechnology", "2021"),
        ("Seq: a high-performance language for bioinformatics", ["Shajii", "Numanagić"], True, "OOPSLA", "2019"),
        ("Statistical Binning for Barcoded Reads Improves Downstream Analyses", ["Shajii"], True, "Cell Systems", "2018"),
        ("Fast genotyping of known SNPs through approximate k-mer matching", ["Shajii"], True, "Bioinformatics", "2016"),
    ]
    assert r.publications[1].venue_acronym == "OOPSLA" and r.publications[2].venue_acronym is None
    assert r.publications[2].awards == ["Best Student Paper"]
    assert all(p.authors[0].is_subject for p in r.publications)
    assert [(t.course, t.term, t.role) for t in r.teaching] == [
        ("Applied Algorithms and Data Structures for Engineers", "Spring 2015", "Teaching Assistant and Grader"),
        ("Introduction to Software Engineering", "Spring 2015", "Teaching Assistant and Grader"),
    ]


# --- general rules on small synthetic snippets ----------------------------------------------
def _x(text: str, **kw):
    return extract(_doc(textwrap.dedent(text).lstrip("\n"), **kw))


def test_front_matter_liquid_and_comments_are_not_content():
    r = _x("""
        ---
        layout: archive
        author: Jane Q Doe
        ---
        {% include base_path %}

        Education
        ======
        * Ph.D. in Physics, Stanford University, 2020.
        <!-- Talks
        ======
        * A hidden talk, Somewhere, 2019 -->
        """)
    assert r.person.name == "Jane Q Doe"                     # the front-matter author
    assert [(e.institution, e.end, e.line) for e in r.education] == [("Stanford University", "2020", 9)]
    assert not r.talks


def test_marked_author_names_an_unnamed_page_and_whole_bold_line_is_a_title():
    r = _x("""
        Publications
        ======
        1. **Fast and Safe Packet Processing**
          - **Ann Lee**, Bo Chen and Carl Diaz
          - <i>ACM SIGCOMM 2021</i>
        2. **Slow and Risky Packet Processing**
          - Bo Chen, **Ann Lee**
          - <i>Proceedings of the 18th USENIX Symposium on Networked Systems Design and Implementation (NSDI '22)</i>
        """)
    assert r.person.name == "Ann Lee"
    assert [(p.title, [a.name for a in p.authors], p.venue_acronym, p.year) for p in r.publications] == [
        ("Fast and Safe Packet Processing", ["Ann Lee", "Bo Chen", "Carl Diaz"], "SIGCOMM", "2021"),
        ("Slow and Risky Packet Processing", ["Bo Chen", "Ann Lee"], "NSDI", "2022"),
    ]
    assert r.publications[1].venue == "USENIX Symposium on Networked Systems Design and Implementation"


def test_nested_bullet_names_the_organization():
    r = _x("""
        # Ann Lee
        Work experience
        ======
        * 2018 - 2019: Software Engineer
          * Acme Robotics Ltd.
        * Summer 2016: Research Intern
          * Globex Corporation
          * Participated in [Widget](https://github.com/widget/widget)
        """)
    assert pos(r) == [("Acme Robotics Ltd.", "Software Engineer", None, "2018", "2019", False),
                      ("Globex Corporation", "Research Intern", None, "2016", None, False)]
    assert r.person.profiles == []


def test_run_together_authors_are_split_on_document_evidence():
    r = _x("""
        # Ann Lee
        ## Publications
        Paper One About Things
        <br>
        Ann Lee, Bo Chen, Wei Zhang.
        <br>
        USENIX Symposium on Networked Systems Design and Implementation (NSDI '24).

        Paper Two About Things
        <br>
        Ann Lee, Bo Chen Wei Zhang and Li Chen Mei Zhang。
        <br>
        In Proceedings of the ACM SIGCOMM 2025 Conference (SIGCOMM '25).
        """)
    assert [[a.name for a in p.authors] for p in r.publications] == [
        ["Ann Lee", "Bo Chen", "Wei Zhang"], ["Ann Lee", "Bo Chen", "Wei Zhang", "Li Chen", "Mei Zhang"]]
    assert [(p.venue, p.venue_acronym, p.year) for p in r.publications] == [
        ("USENIX Symposium on Networked Systems Design and Implementation", "NSDI", "2024"),
        ("ACM SIGCOMM Conference", "SIGCOMM", "2025")]


def test_four_word_name_without_evidence_is_kept():
    r = _x("""
        # Ann Lee
        ## Publications
        Paper One About Things
        <br>
        Ann Lee, Maria Fernanda Gomez Lopez.
        <br>
        ACM SIGCOMM 2020.
        """)
    assert [a.name for a in r.publications[0].authors] == ["Ann Lee", "Maria Fernanda Gomez Lopez"]


def test_first_person_bio_gives_degree_and_position_when_no_sections():
    r = _x("""
        I am a senior software engineer in the Storage Team at Example Corp.

        I received my Ph.D. degree from Stanford University in 2019, under the supervision of Prof. Ann Lee.

        ## Publications
        Paper One About Things
        <br>
        **Bo Chen**, Ann Lee.
        <br>
        ACM SIGCOMM 2020.

        Paper Two About Things
        <br>
        **Bo Chen**, Ann Lee.
        <br>
        ACM SIGCOMM 2021.
        """)
    assert r.person.name == "Bo Chen"
    assert pos(r) == [("Example Corp", "Senior Software Engineer", "Storage Team", None, None, True)]
    assert edu(r) == [("Stanford University", "Ph.D.", "doctorate", None, None, "2019", False)]
    assert r.education[0].advisors == ["Ann Lee"]


def test_degree_first_layout_and_latin_degrees():
    r = _x("""
        # Ann Lee
        ## Education
        Ph.D., Computer Science
        Massachusetts Institute of Technology, August 2021

        S.M., Computer Science
        Massachusetts Institute of Technology, June 2018

        B.S., Mathematics, Magna Cum Laude
        Boston University, May 2016
        """)
    assert edu(r) == [
        ("Massachusetts Institute of Technology", "Ph.D.", "doctorate", "Computer Science", None, "2021-08", False),
        ("Massachusetts Institute of Technology", "S.M.", "master", "Computer Science", None, "2018-06", False),
        ("Boston University", "B.S.", "bachelor", "Mathematics", None, "2016-05", False)]
    assert r.education[2].honours == ["Magna Cum Laude"]


def test_service_roles_in_an_experience_section_and_internship_titles():
    r = _x("""
        # Ann Lee
        Professional Experiences
        ======
        * 2024, The 3rd Workshop on Things (WoT) (***Program Co-Chair***)

        Internships
        ======
        * Initech ‐ Storage Department <br>
        July 2017 ‑ Sept. 2017
        """)
    assert [(s.role, s.organization, s.period) for s in r.service] == [
        ("Program Co-Chair", "The 3rd Workshop on Things (WoT)", "2024")]
    assert pos(r) == [("Initech", "Intern", "Storage Department", "2017-07", "2017-09", False)]


def test_link_on_another_persons_name_is_not_the_homepage():
    r = _x("""
        # Ann Lee
        I work with [Bo Chen](https://example.org/~bochen/) on systems. Homepage: https://annlee.example.com
        """)
    assert r.person.homepage == "https://annlee.example.com"


def test_long_line_completes_in_bounded_time():
    """A CV with one 100,000-character line must extract (regexes are bounded), not hang."""
    code = textwrap.dedent("""
        from mappers.read import SourceDocument
        from mappers.extract import extract
        body = ("Ann Lee, Bo Chen, " * 2000 + "a" * 30000 + " (NSDI '24) <b>x " + "**y " * 5000 + "<!-- " + "{% " * 3000 + "2019 - " * 3000)
        text = "# Ann Lee\\n## Publications\\n" + body[:100000] + "\\n## Education\\n* Ph.D., MIT, 2020\\n"
        assert len(text.splitlines()[2]) == 100000
        r = extract(SourceDocument(path="x.md", name="x.md", sha256="0" * 64, format="markdown", text=text))
        print("OK", r.person.name)
    """)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("OK Ann Lee")
