"""Synthetic CV corpus for benchmarks: `python -m bench.generate --n N --seed S --out DIR`.

The generator first builds a small *world* and then writes one CV per person:

- people with realistic names (a mix of cultures); about 2 % of people share their full name
  with another, different person (different institutions, email and papers): name collisions;
- institutions drawn from the ROR projection in ``data/authorities/ror.tsv.gz`` (universities
  for degrees, universities and companies for positions); venues from
  ``data/authorities/venues.csv``;
- labs (a PI and 4–14 members at one institution); papers written inside a lab, with about a
  third taking a coauthor from another lab; every paper has ONE ordered author list, so each
  CV that lists it shows the same authors in the same order (a real coauthor network);
- title variants: about 8 % of the times a CV lists a paper, it writes the title differently
  (case, a trailing period, "-" for ":", British/American spelling), as CVs do.

Each CV is rendered in one of the corpus's shapes: text pulled from a PDF (headings with
``##``/``**``, stray ``<br/>``, obfuscated e-mail, run-on lines, like ``data/cvs/``),
Markdown as on academic sites, LaTeX moderncv (``\\cventry``), and JSON Resume. Documents
are 4–10 KB, as the seeds are. Output is deterministic for a given ``--n`` and ``--seed``.

Alongside the CVs the generator writes ``DIR/../<name>.truth.jsonl`` (outside the input
folder, so the build never reads it): per document, the facts it wrote (name, degrees,
positions, papers with title as written, authors, venue acronym and year), used by
``bench/check_extraction.py``-style comparisons in ``bench/run.py``.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import re
import shutil
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AUTH = ROOT / "data" / "authorities"

FIRST = """James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Lisa Matthew Nancy Anthony Betty Mark Sandra
Steven Ashley Paul Emily Andrew Donna Joshua Michelle Kevin Carol Brian Amanda George Melissa Timothy
Deborah Ryan Stephanie Jacob Rebecca Nicholas Laura Eric Helen Jonathan Anna Stephen Maria Wei Jing Li
Hao Yang Jun Xin Yu Lei Ming Hui Yan Qiang Tao Chen Bo Fang Kai Lin Rui Zhen Yifan Haonan Xinyu Zihan
Yuxuan Siyuan Jiaqi Mingyu Zhiwei Ananya Arjun Priya Rohan Vikram Aditi Sanjay Kavya Rahul Neha Amit
Deepak Sneha Ravi Pooja Hiroshi Yuki Takashi Haruka Kenji Sakura Minjun Seoyeon Jiwoo Hyunwoo Soyeon
Thanh Linh Minh Lukas Sophie Jonas Lena Felix Marie Leon Hannah Paul Clara Luca Giulia Marco Chiara
Matteo Sara Pierre Camille Antoine Chloe Nicolas Julie Pablo Lucia Javier Elena Diego Carmen Ahmed Fatima
Omar Layla Youssef Mariam Ivan Olga Dmitri Anastasia Sergei Ekaterina Mateusz Zofia Jakub Agnieszka
Lars Ingrid Erik Astrid Mikael Freya Tomas Petra Ole Kari Nikos Eleni Yannis Dimitra Kwame Ama Chidi
Ngozi Tunde Amara Joao Beatriz Rafael Mariana Tiago Ines""".split()

LAST = """Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson
Baker Hall Rivera Campbell Mitchell Carter Roberts Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun
Ma Zhu Hu Guo He Lin Luo Gao Zheng Liang Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan
Yuan Cai Jiang Yu Du Ye Cheng Wei Su Lu Ding Ren Shen Yao Patel Sharma Gupta Singh Kumar Reddy Iyer
Nair Rao Joshi Mehta Shah Desai Banerjee Chatterjee Tanaka Suzuki Takahashi Watanabe Ito Yamamoto
Nakamura Kobayashi Kim Park Choi Jung Kang Cho Yoon Jang Lim Tran Le Pham Hoang Mueller Schmidt Schneider
Fischer Weber Meyer Wagner Becker Hoffmann Rossi Russo Ferrari Esposito Bianchi Romano Dubois Moreau
Laurent Lefebvre Fernandez Gomez Diaz Alvarez Romero Hassan Ali Ibrahim Mahmoud Ivanov Petrov Smirnov
Kowalski Nowak Wojcik Johansson Andersson Karlsson Nielsen Hansen Jensen Novak Horvat Papadopoulos
Georgiou Mensah Okafor Adeyemi Silva Santos Oliveira Costa Pereira""".split()

TOPIC_A = """Scalable Efficient Robust Adaptive Fast Secure Private Fair Interpretable Distributed Federated
Verifiable Incremental Elastic Resilient Lightweight Practical Predictable Sparse Learned Hierarchical
Decentralized Energy-Efficient Low-Latency High-Throughput Programmable Cost-Effective""".split()
TOPIC_B = """Inference|Training|Scheduling|Caching|Replication|Consensus|Compression|Retrieval|Routing|Indexing|
Verification|Aggregation|Serving|Storage|Transport|Congestion Control|Load Balancing|Query Optimization|
Anomaly Detection|Memory Management|Garbage Collection|Model Parallelism|Key-Value Stores|Graph Processing|
Stream Processing|Network Telemetry|Packet Scheduling|Code Generation|Fuzzing|Program Synthesis|
Vector Search|Recommendation|Speech Recognition|Image Segmentation|Object Detection|Tokenization|
Checkpointing|Live Migration|Fault Tolerance|Resource Allocation""".replace("\n", "").split("|")
TOPIC_C = """Large Language Models|Datacenter Networks|Edge Devices|GPU Clusters|Serverless Computing|
Multi-tenant Clouds|Programmable Switches|Mobile Networks|Heterogeneous Hardware|Disaggregated Memory|
Persistent Memory|Smart NICs|Sensor Networks|Autonomous Vehicles|Medical Imaging|Scientific Workflows|
Web Applications|Blockchains|Time Series|Knowledge Graphs|Microservices|Video Analytics|
Wide-Area Networks|Relational Databases|Mixture-of-Experts Models""".replace("\n", "").split("|")
NAMES_SYS = """Atlas Orion Helix Nimbus Vortex Quasar Falcon Tesseract Aurora Zephyr Mosaic Prism Cobalt
Lumen Sparrow Kestrel Meridian Polaris Cascade Ember Nova Pulsar Tundra Harbor Beacon Echo Fathom Ripple
Summit Trident Vega Willow Zenith Argus Borealis Cinder Drift Flux Glacier""".split()

FIELDS = ["Computer Science", "Electrical Engineering", "Computer Engineering", "Statistics",
          "Applied Mathematics", "Information Engineering", "Data Science", "Physics"]
DEGREES = {"bachelor": ["B.S. in {f}", "Bachelor of Science in {f}", "BSc in {f}", "B.Eng. in {f}"],
           "master": ["M.S. in {f}", "Master of Science in {f}", "MSc in {f}", "M.Eng. in {f}"],
           "doctorate": ["Ph.D. in {f}", "PhD in {f}", "Doctor of Philosophy in {f}"]}
ROLES_ACAD = ["Assistant Professor", "Associate Professor", "Postdoctoral Researcher", "Research Scientist",
              "Research Assistant", "Visiting Scholar", "Lecturer"]
ROLES_IND = ["Research Intern", "Software Engineer Intern", "Research Scientist", "Software Engineer",
             "Senior Research Engineer", "Student Researcher"]
AWARDS = ["Best Paper Award", "Distinguished Paper Award", "Best Student Paper Award"]
HONOURS = ["Outstanding Graduate", "Dean's List", "National Scholarship", "Graduate Fellowship",
           "Outstanding Reviewer Award", "Teaching Excellence Award", "Doctoral Dissertation Award"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
STYLES = [("pdftext", ".txt", 0.45), ("markdown", ".md", 0.2), ("moderncv", ".tex", 0.2), ("jsonresume", ".json", 0.15)]


@dataclass
class Paper:
    pid: int
    title: str
    authors: list[int]          # person ids, in order
    venue: tuple[str, str]      # (acronym, full name)
    year: int
    award: str | None = None


@dataclass
class Person:
    pid: int
    name: str
    email: str
    homepage: str
    education: list[dict] = field(default_factory=list)
    positions: list[dict] = field(default_factory=list)
    papers: list[int] = field(default_factory=list)
    honours: list[str] = field(default_factory=list)
    interests: list[str] = field(default_factory=list)
    lab: int = 0
    extras: dict = field(default_factory=dict)


def ascii_slug(s: str) -> str:
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "", s.lower())


def load_institutions(rng: random.Random) -> tuple[list[str], list[str]]:
    unis, companies = [], []
    with gzip.open(AUTH / "ror.tsv.gz", "rt", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            name = row["name"]
            if not name.isascii() or len(name) > 60 or "," in name or "(" in name:
                continue
            types = row["types"]
            if "education" in types and re.search(r"\bUniversity\b|Institute of Technology", name):
                unis.append(name)
            elif "company" in types:
                companies.append(name)
    unis.sort()
    companies.sort()
    return unis, companies


def load_venues() -> list[tuple[str, str]]:
    with open(AUTH / "venues.csv", encoding="utf-8") as fh:
        return [(r["acronym"], r["name"]) for r in csv.DictReader(fh) if r["acronym"].isalnum()]


def make_title(rng: random.Random, used: set[str]) -> str:
    while True:
        shape = rng.random()
        a, b, c = rng.choice(TOPIC_A), rng.choice(TOPIC_B), rng.choice(TOPIC_C)
        if shape < 0.45:
            t = f"{rng.choice(NAMES_SYS)}: {a} {b} for {c}"
        elif shape < 0.7:
            t = f"Towards {a} {b} in {c}"
        elif shape < 0.85:
            t = f"{a} {b} with {rng.choice(TOPIC_A)} {rng.choice(TOPIC_B)} on {c}"
        else:
            t = f"Understanding {b} Failures in {c}"
        if t not in used:
            used.add(t)
            return t


def title_variant(rng: random.Random, title: str) -> str:
    """How CVs write the same paper differently."""
    r = rng.random()
    if r < 0.3 and ": " in title:
        return title.replace(": ", " - ", 1)
    if r < 0.55:
        head, *rest = title.split(" ")
        return " ".join([head] + [w if w[0].isupper() and w.isupper() else w.lower() for w in rest])
    if r < 0.8:
        return title.replace("Optimization", "Optimisation").replace("Decentralized", "Decentralised") + "."
    return title.upper() if len(title) < 60 else title.replace(" for ", " For ")


COURSES = ["Operating Systems", "Computer Networks", "Distributed Systems", "Machine Learning",
           "Database Systems", "Algorithms", "Compilers", "Computer Architecture", "Data Mining"]


def extras(rng: random.Random, p: "Person", inst_pool, venues) -> dict:
    """Teaching, service, talks, skills, and longer position descriptions (not checked)."""
    return {
        "teaching": [(rng.choice(["Teaching Assistant", "Instructor", "Guest Lecturer"]),
                      f"{rng.choice(COURSES)} ({rng.choice(['CS', 'EE', 'ECE'])}{rng.randint(100, 699)})",
                      rng.choice(["Fall", "Spring"]) + f" {rng.randint(2012, 2025)}", p.education[0]["institution"])
                     for _ in range(rng.randint(1, 4))],
        "service": [(rng.choice(["Program Committee", "Reviewer", "Artifact Evaluation Committee",
                                 "Publicity Chair"]), rng.choice(venues)[0], rng.randint(2016, 2026))
                    for _ in range(rng.randint(2, 6))],
        "talks": [(f"{rng.choice(TOPIC_A)} {rng.choice(TOPIC_B)} at Scale", rng.choice(inst_pool),
                   (rng.randint(2015, 2025), rng.randint(1, 12))) for _ in range(rng.randint(1, 4))],
        "skills": rng.sample(["Python", "C++", "Rust", "Go", "CUDA", "PyTorch", "TensorFlow", "P4", "eBPF",
                              "DPDK", "Kubernetes", "Spark", "SQL", "Verilog", "LaTeX"], 6),
        "details": [" ".join([f"Designed and built a {rng.choice(TOPIC_A).lower()} {rng.choice(TOPIC_B).lower()}",
                              f"layer for {rng.choice(TOPIC_C).lower()}, reducing tail latency by",
                              f"{rng.randint(12, 70)}% and cost by {rng.randint(5, 40)}% in production.",
                              f"Collaborated with the {rng.choice(TOPIC_B).lower()} team on",
                              f"{rng.choice(TOPIC_C).lower()} deployments."]) for _ in range(3)],
    }


def build_world(n: int, seed: int):
    rng = random.Random(seed)
    unis, companies = load_institutions(rng)
    venues = load_venues()
    n_inst = max(20, min(len(unis), n // 8))
    inst_pool = rng.sample(unis, n_inst)
    comp_pool = rng.sample(companies, max(10, min(len(companies), n // 40)))
    # people and name collisions
    people: list[Person] = []
    names_used: dict[str, int] = {}
    for pid in range(n):
        if people and rng.random() < 0.02:
            name = rng.choice(people).name          # a different person with the same name
        else:
            for _ in range(50):
                name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
                if name not in names_used:
                    break
        k = names_used.get(name, 0)
        names_used[name] = k + 1
        first, last = name.split(" ", 1)
        user = f"{first[0].lower()}{ascii_slug(last)}{k or ''}{pid % 97}"
        people.append(Person(pid, name, "", ""))
        people[-1].email = f"{user}@{ascii_slug(rng.choice(inst_pool))[:12]}.edu"
        people[-1].homepage = f"https://{user}.github.io/"
    # labs
    order = list(range(n))
    rng.shuffle(order)
    labs: list[list[int]] = []
    i = 0
    while i < n:
        size = rng.randint(5, 15)
        labs.append(order[i:i + size])
        i += size
    lab_inst = [rng.choice(inst_pool) for _ in labs]
    for li, members in enumerate(labs):
        for p in members:
            people[p].lab = li
    # careers
    for p in people:
        phd_end = rng.randint(2008, 2026)
        cur = phd_end >= 2025
        f = rng.choice(FIELDS)
        bach_inst, mast_inst = rng.choice(inst_pool), rng.choice(inst_pool)
        phd_inst = lab_inst[p.lab]
        edu = [{"level": "doctorate", "institution": phd_inst, "degree": rng.choice(DEGREES["doctorate"]).format(f=f),
                "start": phd_end - rng.randint(4, 6), "end": None if cur else phd_end,
                "advisor": None}]
        if rng.random() < 0.55:
            edu.append({"level": "master", "institution": mast_inst, "degree": rng.choice(DEGREES["master"]).format(f=f),
                        "start": edu[-1]["start"] - 2, "end": edu[-1]["start"], "advisor": None})
        edu.append({"level": "bachelor", "institution": bach_inst, "degree": rng.choice(DEGREES["bachelor"]).format(f=f),
                    "start": edu[-1]["start"] - 4, "end": edu[-1]["start"], "advisor": None})
        p.education = edu
        pos = []
        for _ in range(rng.randint(1, 3)):
            y = rng.randint(edu[0]["start"], min(2025, (edu[0]["end"] or 2025) + 3))
            m = rng.randint(1, 12)
            if rng.random() < 0.5:
                org, role = rng.choice(comp_pool), rng.choice(ROLES_IND)
            else:
                org, role = rng.choice(inst_pool), rng.choice(ROLES_ACAD)
            dur = rng.randint(3, 30)
            ey, em = y + (m - 1 + dur) // 12, (m - 1 + dur) % 12 + 1
            end = None if ey >= 2026 else (ey, em)
            pos.append({"organization": org, "title": role, "start": (y, m), "end": end})
        pos.sort(key=lambda x: x["start"], reverse=True)
        p.positions = pos
        p.honours = rng.sample(HONOURS, rng.randint(1, 3))
        p.interests = rng.sample(TOPIC_B, 3)
        p.extras = extras(rng, p, inst_pool, venues)
    # papers: per lab, some with an outside coauthor
    papers: list[Paper] = []
    used_titles: set[str] = set()
    for li, members in enumerate(labs):
        for _ in range(int(len(members) * rng.uniform(2.0, 4.0))):
            k = min(len(members), rng.randint(2, 6))
            authors = rng.sample(members, k)
            if rng.random() < 0.35:
                other = rng.randrange(n)
                if other not in authors:
                    authors.insert(rng.randrange(len(authors) + 1), other)
            year = rng.randint(2012, 2025)
            award = rng.choice(AWARDS) if rng.random() < 0.04 else None
            paper = Paper(len(papers), make_title(rng, used_titles), authors, rng.choice(venues), year, award)
            papers.append(paper)
            for a in authors:
                people[a].papers.append(paper.pid)
    return rng, people, papers


# -- rendering --------------------------------------------------------------------------------

def _ym(d) -> str:
    return f"{MONTHS[d[1] - 1]} {d[0]}"


def _iso(d) -> str:
    return f"{d[0]}-{d[1]:02d}"


def cv_papers(rng, p: Person, papers, people):
    """The papers this CV lists, newest first, each with the title as this CV writes it."""
    mine = sorted((papers[i] for i in p.papers), key=lambda x: (-x.year, x.pid))[:18]
    out = []
    for pp in mine:
        title = title_variant(rng, pp.title) if rng.random() < 0.08 else pp.title
        out.append((pp, title, [people[a].name for a in pp.authors]))
    return out


SUMMARY = ("{name} is a {role} working on {i0}, {i1} and {i2}. {pron} research builds systems that make "
           "{c0} more reliable and cheaper to operate, combining measurement studies of production "
           "deployments with new abstractions and careful implementation. Recent work studies {i0} "
           "under failures and how {i1} interacts with hardware accelerators.")


def render_pdftext(rng, p: Person, pubs) -> str:
    L = []
    L.append(f"## {p.name.upper()}" if rng.random() < 0.6 else p.name)
    user, host = p.email.split("@")
    email = f"{user} {{AT}} {host}" if rng.random() < 0.3 else p.email
    L.append(f"\n{email} ◊ [{p.homepage}]({p.homepage})\n")
    L.append(SUMMARY.format(name=p.name, role="researcher", i0=p.interests[0], i1=p.interests[1],
                            i2=p.interests[2], pron="Their", c0=rng.choice(TOPIC_C)).replace("\n", " ") + "\n")
    L.append("#### **EDUCATION**\n" if rng.random() < 0.5 else "EDUCATION\n")
    for e in p.education:
        end = e["end"] or "Present"
        L.append(f"{e['degree']}, {e['institution']}\n\n{e['start']} - {end}\n")
    L.append("#### **EXPERIENCE**\n" if rng.random() < 0.5 else "EXPERIENCE\n")
    for x in p.positions:
        end = _ym(x["end"]) if x["end"] else "Present"
        L.append(f"## {x['title']} @ {x['organization']}\n\n{_ym(x['start'])} - {end}\n")
        L.append(f"{rng.choice(p.extras['details'])}<br/>\n")
    L.append("#### **PUBLICATIONS**\n" if rng.random() < 0.5 else "PUBLICATIONS\n")
    for pp, title, authors in pubs:
        names = [f"<u>{a}</u>" if a == p.name else a for a in authors]
        award = f" (**{pp.award}**)" if pp.award else ""
        venue = f"*{pp.venue[0]} {pp.year}*" if rng.random() < 0.5 else f"{pp.venue[0]} {pp.year}"
        L.append(f"\"{title}\", {', '.join(names)}, {venue}.{award}\n")
    L.append("#### **HONORS AND AWARDS**\n")
    for h in p.honours:
        L.append(f"- {h}, {rng.randint(2010, 2025)}")
    x = p.extras
    L.append("\nTEACHING\n")
    for role, course, term, inst in x["teaching"]:
        L.append(f"{role}, {course}, {inst}, {term}\n")
    L.append("PROFESSIONAL SERVICE\n")
    for role, venue, year in x["service"]:
        L.append(f"- {role}, {venue} {year}")
    L.append("\nINVITED TALKS\n")
    for title, host, d in x["talks"]:
        L.append(f"\"{title}\", {host}, {_ym(d)}\n")
    L.append("SKILLS\n\nProgramming: " + ", ".join(x["skills"]))
    return "\n".join(L) + "\n"


def render_markdown(rng, p: Person, pubs) -> str:
    L = ["---", "layout: default", "---", "", f"# {p.name}", "",
         SUMMARY.format(name=p.name, role="researcher", i0=p.interests[0], i1=p.interests[1],
                        i2=p.interests[2], pron="My", c0=rng.choice(TOPIC_C)), "",
         f"Email: {p.email}", "", "## Education", ""]
    for e in p.education:
        end = e["end"] or "present"
        L.append(f"- **{e['degree']}**, {e['institution']}, {e['start']}–{end}")
    L += ["", "## Experience", ""]
    for x in p.positions:
        end = _ym(x["end"]) if x["end"] else "Present"
        L.append(f"- **{x['title']}**, {x['organization']}, {_ym(x['start'])} – {end}")
        L.append(f"  {rng.choice(p.extras['details'])}")
    L += ["", "## Publications", ""]
    for pp, title, authors in pubs:
        names = [f"**{a}**" if a == p.name else a for a in authors]
        L.append(f"{title}")
        L.append("<br>")
        L.append(", ".join(names) + ".")
        L.append("<br>")
        award = f" **{pp.award}**" if pp.award else ""
        L.append(f"{pp.venue[1]} (**{pp.venue[0]} '{str(pp.year)[2:]}**).{award}")
        L.append("")
    L += ["## Awards", ""] + [f"- {h}" for h in p.honours]
    x = p.extras
    L += ["", "## Teaching", ""] + [f"- {role}, *{course}*, {inst}, {term}" for role, course, term, inst in x["teaching"]]
    L += ["", "## Service", ""] + [f"- {role}: {venue} {year}" for role, venue, year in x["service"]]
    L += ["", "## Talks", ""] + [f"- *{t}*, {host}, {_ym(d)}" for t, host, d in x["talks"]]
    L += ["", "## Skills", "", ", ".join(x["skills"])]
    return "\n".join(L) + "\n"


def _tex(s: str) -> str:
    return s.replace("&", r"\&").replace("%", r"\%").replace("_", r"\_").replace("#", r"\#")


def render_moderncv(rng, p: Person, pubs) -> str:
    first, last = p.name.split(" ", 1)
    L = [r"\documentclass[11pt,a4paper,sans]{moderncv}", r"\moderncvstyle{classic}", r"\moderncvcolor{blue}",
         r"\usepackage[utf8]{inputenc}", r"\usepackage[scale=0.75]{geometry}",
         f"\\name{{{first}}}{{{last}}}", f"\\email{{{p.email}}}", f"\\homepage{{{p.homepage[8:]}}}",
         r"\begin{document}", r"\makecvtitle", "", r"\section{Education}"]
    for e in p.education:
        end = e["end"] or "present"
        L.append(f"\\cventry{{{e['start']}--{end}}}{{{_tex(e['degree'])}}}{{{_tex(e['institution'])}}}{{}}{{}}{{}}")
    L += ["", r"\section{Experience}"]
    for x in p.positions:
        end = _iso(x["end"]) if x["end"] else "present"
        L.append(f"\\cventry{{{_iso(x['start'])}--{end}}}{{{_tex(x['title'])}}}{{{_tex(x['organization'])}}}{{}}{{}}"
                 f"{{{_tex(rng.choice(p.extras['details']))}}}")
    L += ["", r"\section{Publications}", r"\begin{itemize}"]
    for pp, title, authors in pubs:
        names = [f"\\underline{{{a}}}" if a == p.name else a for a in authors]
        award = f" \\textbf{{{pp.award}}}." if pp.award else ""
        L.append(f"\\item \\textbf{{{_tex(title)}}} \\\\ {', '.join(names)} \\\\ "
                 f"\\textit{{{_tex(pp.venue[1])} ({pp.venue[0]})}}, {pp.year}.{award}")
    L.append(r"\end{itemize}")
    L += ["", r"\section{Honors and Awards}"]
    for h in p.honours:
        L.append(f"\\cvitem{{{rng.randint(2010, 2025)}}}{{{_tex(h)}}}")
    L += ["", r"\section{Teaching}"]
    for role, course, term, inst in p.extras["teaching"]:
        L.append(f"\\cventry{{{term}}}{{{role}}}{{{_tex(course)}}}{{{_tex(inst)}}}{{}}{{}}")
    L += ["", r"\section{Professional Service}"]
    for role, venue, year in p.extras["service"]:
        L.append(f"\\cvitem{{{year}}}{{{role}, {venue}}}")
    L += ["", r"\section{Invited Talks}"]
    for t, host, d in p.extras["talks"]:
        L.append(f"\\cvitem{{{_ym(d)}}}{{\\textit{{{t}}}, {_tex(host)}}}")
    L += ["", r"\section{Skills}", f"\\cvitem{{Programming}}{{{', '.join(p.extras['skills'])}}}"]
    L += ["", r"\end{document}"]
    return "\n".join(L) + "\n"


def render_jsonresume(rng, p: Person, pubs) -> str:
    doc = {
        "basics": {"name": p.name, "label": "Researcher", "email": p.email, "url": p.homepage,
                   "summary": SUMMARY.format(name=p.name, role="researcher", i0=p.interests[0],
                                             i1=p.interests[1], i2=p.interests[2], pron="Their",
                                             c0=rng.choice(TOPIC_C)),
                   "profiles": [{"network": "GitHub", "username": p.homepage[8:].split(".")[0]}]},
        "work": [{"name": x["organization"], "position": x["title"], "startDate": _iso(x["start"]),
                  **({"endDate": _iso(x["end"])} if x["end"] else {}),
                  "summary": rng.choice(p.extras["details"]),
                  "highlights": p.extras["details"][:2]} for x in p.positions],
        "education": [{"institution": e["institution"], "studyType": e["degree"].split(" in ")[0],
                       "area": e["degree"].split(" in ")[-1], "startDate": str(e["start"]),
                       **({"endDate": str(e["end"])} if e["end"] else {})} for e in p.education],
        "publications": [{"name": title, "publisher": f"{pp.venue[1]} ({pp.venue[0]})",
                          "releaseDate": str(pp.year),
                          "summary": "Authors: " + ", ".join(authors)} for pp, title, authors in pubs],
        "awards": [{"title": h, "date": str(rng.randint(2010, 2025))} for h in p.honours],
        "interests": [{"name": i} for i in p.interests],
        "skills": [{"name": "Programming", "keywords": p.extras["skills"]}],
        "volunteer": [{"organization": v, "position": r, "startDate": str(y)} for r, v, y in p.extras["service"]],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


RENDER = {"pdftext": render_pdftext, "markdown": render_markdown, "moderncv": render_moderncv,
          "jsonresume": render_jsonresume}


def generate(n: int, seed: int, out: Path) -> Path:
    """Write n CVs into `out` (emptied first) and the truth file beside it; returns the truth path."""
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    rng, people, papers = build_world(n, seed)
    truth_path = out.parent / f"{out.name}.truth.jsonl"
    weights = [w for _, _, w in STYLES]
    with open(truth_path, "w", encoding="utf-8") as truth:
        for p in people:
            style, ext, _ = rng.choices(STYLES, weights)[0]
            pubs = cv_papers(rng, p, papers, people)
            text = RENDER[style](rng, p, pubs)
            fname = f"cv{p.pid:06d}{ext}"
            sub = out / f"{p.pid // 1000:03d}"          # ≤1000 files per folder
            sub.mkdir(exist_ok=True)
            (sub / fname).write_text(text, encoding="utf-8")
            truth.write(json.dumps({
                "file": fname, "style": style, "person": p.pid, "name": p.name,
                "education": [{"institution": e["institution"], "level": e["level"],
                               "start": str(e["start"]), "end": str(e["end"]) if e["end"] else None}
                              for e in p.education],
                "positions": [{"organization": x["organization"], "title": x["title"]} for x in p.positions],
                "publications": [{"paper": pp.pid, "title": title, "authors": authors,
                                  "venue": pp.venue[0], "year": str(pp.year)} for pp, title, authors in pubs],
            }, ensure_ascii=False) + "\n")
    return truth_path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, required=True, help="number of CVs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True, help="output folder (emptied first)")
    args = ap.parse_args(argv)
    truth = generate(args.n, args.seed, args.out)
    print(f"wrote {args.n} CVs to {args.out} (truth: {truth})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
