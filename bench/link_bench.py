"""Link-stage benchmark: synthetic people at 1k / 10k / 100k, time and comparisons.

    .venv/bin/python -m bench.link_bench [--sizes 1000,10000,100000] [--seed 1] [--out bench/results]

Each synthetic CV has a subject and publications whose coauthors come from a shared pool of
researchers (so coauthors recur across CVs, as in a real department's CVs), with a realistic
name distribution: family names drawn Zipf-like from common Chinese, Korean, Indian, European
and American surnames (many "Wang", "Li", "Zhang", "Kim", "Smith"), given names from a few
hundred, so different people collide on the same name; 20% of coauthor mentions are spelling
variants (initials, reversed order, upper case, nickname). Records go through the real map
stage (``mappers.rdf.map_record_ntriples``) so the linker sees exactly what a build gives it;
only the link stage is timed: ``link_ntriples`` and, in CPU time, its parts ``link_features`` (per
document), ``resolve_links`` (global) and ``apply_link_plan`` (per document). Results: ``link.md``
and ``link.json`` in ``--out``.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from pathlib import Path

from cvgraph.authorities import NoAuthorities, OfflineAuthorities
from cvgraph.config import Settings
from cvgraph.link import apply_link_plan, link_features, link_ntriples, resolve_links
from cvgraph.record import Author, CVRecord, Education, Person, Position, Publication
from mappers.rdf import SourceInfo, map_record, map_record_ntriples

S = Settings(base="http://bench.example.org/")

FAMILY = ("Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng "
          "Liang Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye "
          "Cheng Wei Su Lu Ding Ren Shen Yao Lao Le Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim "
          "Sharma Patel Singh Kumar Gupta Reddy Rao Iyer Nair Shah Smith Johnson Williams Brown Jones "
          "Miller Davis Garcia Rodriguez Wilson Martinez Anderson Taylor Thomas Moore Jackson Martin "
          "Thompson White Harris Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker "
          "Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Parker Collins "
          "Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Bailey Reed Kelly Howard "
          "Mueller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Rossi Russo "
          "Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Dubois Durand Lefebvre Moreau "
          "Laurent Simon Michel Garnier Faure Andre Mercier Blanc Guerin Boyer").split()
GIVEN = ("Hao Wei Jun Yi Lei Jing Xin Yu Min Jie Tao Bo Chao Ying Hui Lin Ning Peng Qiang Rui Song Ting "
         "Xiang Yan Yang Yong Zhen Kai Lun Fei Ming Wen Yuan Hong Dan Jian Qing Shu Xiao Yun Zhi "
         "Chonlam Yanfang Wenfei Minlan Weiyang Stephanie Michael David John James Robert William "
         "Richard Joseph Thomas Charles Christopher Daniel Matthew Anthony Mark Donald Steven Paul "
         "Andrew Joshua Kenneth Kevin Brian George Timothy Ronald Edward Jason Jeffrey Ryan Jacob "
         "Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon Benjamin Samuel Gregory "
         "Alexander Frank Patrick Raymond Jack Dennis Jerry Tyler Aaron Jose Adam Nathan Henry "
         "Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty "
         "Margaret Sandra Ashley Kimberly Emily Donna Michelle Carol Amanda Dorothy Melissa Deborah "
         "Rebecca Laura Sharon Cynthia Kathleen Amy Angela Shirley Anna Brenda Pamela Emma Nicole "
         "Helen Samantha Katherine Christine Rachel Catherine Maria Heather Diane Julie Joyce "
         "Victoria Kelly Christina Joan Evelyn Lauren Judith Olivia Megan Cheryl Martha Andrea "
         "Frances Hannah Jacqueline Ann Gloria Jean Kathryn Alice Teresa Sara Janice Doris Madison "
         "Julia Grace Judy Abigail Marie Denise Beverly Amber Theresa Marilyn Danielle Diana Brittany "
         "Natalie Sophia Rose Isabella Alexis Kayla Charlotte Minsoo Jiwon Seungho Hyunwoo Jihoon "
         "Arjun Rahul Priya Ananya Vikram Sanjay Anil Deepak Kavya Aditya Rohan Sneha Pooja Amit "
         "Lukas Jonas Felix Leon Paul Marco Luca Matteo Giulia Sofia Pierre Louis Hugo Camille Manon").split()
NICK = {"Michael": "Mike", "William": "Bill", "Robert": "Bob", "Christopher": "Chris", "Daniel": "Dan",
        "Matthew": "Matt", "Joseph": "Joe", "Elizabeth": "Liz", "Jennifer": "Jen", "Alexander": "Alex",
        "Benjamin": "Ben", "Nicholas": "Nick", "Samuel": "Sam", "Thomas": "Tom", "Katherine": "Kate"}
ORGS = ["Harvard University", "Stanford University", "Tsinghua University", "Peking University",
        "University of Washington", "Carnegie Mellon University", "Google", "Microsoft Research",
        "Hong Kong University of Science and Technology", "KAIST", "ETH Zurich", "University of Toronto"]
VENUES = ["NSDI", "SIGCOMM", "OSDI", "SOSP", "ICML", "NeurIPS", "ICLR", "MLSys", "EuroSys", "ATC",
          "INFOCOM", "ICNP", "CoNEXT", "HotNets", "VLDB", "SIGMOD", "KDD", "AAAI", "ISCA", "ASPLOS"]
WORDS = ("efficient scalable distributed learning network memory scheduling aggregation training "
         "inference privacy secure graph stream cache switch programmable data plane compression "
         "quantization federated sparse model serving cluster storage query transport congestion "
         "control adaptive robust fast private verified collective communication heterogeneous "
         "accelerator kernel compiler runtime system framework analysis benchmark").split()


def zipf_choice(rng: random.Random, items: list[str], s: float = 1.1) -> str:
    weights = getattr(zipf_choice, "_w", {}).get((len(items), s))
    if weights is None:
        weights = [1 / (i + 1) ** s for i in range(len(items))]
        zipf_choice._w = {**getattr(zipf_choice, "_w", {}), (len(items), s): weights}
    return rng.choices(items, weights=weights)[0]


def variant(rng: random.Random, name: str) -> str:
    given, family = name.split(" ", 1)
    r = rng.random()
    if r < 0.3:
        return f"{given[0]}. {family}"
    if r < 0.55:
        return f"{family} {given}"
    if r < 0.75:
        return name.upper()
    if r < 0.9 and given in NICK:
        return f"{NICK[given]} {family}"
    return name


def synthetic_records(n_people: int, seed: int = 1) -> list[CVRecord]:
    """About ``n_people`` person mentions: CVs of 1 subject + publications of 3-6 authors."""
    rng = random.Random(seed)
    pool = [f"{rng.choice(GIVEN)} {zipf_choice(rng, FAMILY)}" for _ in range(max(50, n_people // 4))]
    records, mentions, d = [], 0, 0
    while mentions < n_people:
        me = pool[rng.randrange(len(pool))]
        pubs = []
        for j in range(rng.randint(1, 3)):
            co = [pool[rng.randrange(len(pool))] for _ in range(rng.randint(2, 5))]
            names = [me] + [variant(rng, c) if rng.random() < 0.2 else c for c in co]
            names = list(dict.fromkeys(names))
            rng.shuffle(names)
            title = " ".join(rng.sample(WORDS, rng.randint(5, 9))).capitalize()
            v = rng.choice(VENUES)
            pubs.append(Publication(title=title, authors=[Author(name=n, is_subject=(n == me)) for n in names],
                                    venue=v, venue_acronym=v, year=str(2010 + rng.randrange(15))))
            mentions += len(names)
        mentions += 1
        records.append(CVRecord(
            source_name=f"cv{d}.txt", format="text",
            person=Person(name=me, emails=[f"u{d}@example.org"] if rng.random() < 0.5 else []),
            education=[Education(institution=rng.choice(ORGS), level="doctorate")],
            positions=[Position(organization=rng.choice(ORGS), title="Researcher")],
            publications=pubs))
        d += 1
    return records


def graphs_for(records: list[CVRecord]):
    return [map_record(r, SourceInfo(r.source_name, "0" * 64, "text/plain", f"{S.base}doc/{i}"), S)
            for i, r in enumerate(records)]


def ntriples_for(records: list[CVRecord]) -> list[tuple[str, str]]:
    """(document IRI, N-Triples) per record, as the build's map stage gives them to the linker."""
    out = []
    for i, r in enumerate(records):
        iri = f"{S.base}doc/{i}"
        out.append((iri, map_record_ntriples(r, SourceInfo(r.source_name, "0" * 64, "text/plain", iri), S)))
    return out


def split_times(graphs: list[tuple[str, str]], auth) -> dict:
    """CPU time (time.process_time: the machine is shared) of the link stage's three parts:
    ``link_features`` per document, ``resolve_links`` (global), ``apply_link_plan`` per
    document; the per-document parts run in worker processes in a build."""
    import gc

    gc.collect()
    c0 = time.process_time()
    features = [link_features(iri, text, S.base) for iri, text in graphs]
    c1 = time.process_time()
    plan = resolve_links(features, S, authorities=auth)
    c2 = time.process_time()
    changed = sum(apply_link_plan(text, plan.document_plan(iri)) is not None for iri, text in graphs)
    c3 = time.process_time()
    n = max(1, len(graphs))
    return {"features_ms_per_doc": round((c1 - c0) * 1000 / n, 3), "resolve_cpu_seconds": round(c2 - c1, 2),
            "apply_ms_per_doc": round((c3 - c2) * 1000 / n, 3), "rewritten_documents": changed}


def run(sizes: list[int], seed: int, out: Path, authorities: str) -> dict:
    auth = OfflineAuthorities() if authorities == "offline" else NoAuthorities()
    if authorities == "offline":                    # load the tables before timing
        auth.match_org("Harvard University")
        auth.match_venue("NSDI", "NSDI")
    results = []
    for n in sizes:
        t0 = time.perf_counter()
        graphs = ntriples_for(synthetic_records(n, seed))
        gen = time.perf_counter() - t0
        t0, c0 = time.perf_counter(), time.process_time()
        res = link_ntriples(graphs, S, authorities=auth)
        secs, cpu = time.perf_counter() - t0, time.process_time() - c0
        split = split_times(graphs, auth)
        st = res.stats
        row = {"people": st.mentions.get("person", 0), "documents": len(graphs), "seconds": round(secs, 2),
               "cpu_seconds": round(cpu, 2), **split,
               "generate_seconds": round(gen, 1), "person_entities": st.entities.get("person", 0),
               "person_comparisons": st.person_comparisons, "person_name_comparisons": st.person_name_comparisons,
               "pub_comparisons": st.pub_comparisons, "org_comparisons": st.org_comparisons,
               "largest_person_block": st.largest_person_block, "merges": st.merges,
               "all_pairs": st.mentions.get("person", 0) * (st.mentions.get("person", 0) - 1) // 2}
        row["comparisons"] = row["person_comparisons"] + row["person_name_comparisons"] + row["pub_comparisons"]
        results.append(row)
        print(json.dumps(row), flush=True)
        del graphs, res
    for a, b in zip(results, results[1:]):
        b["growth"] = {"people": round(b["people"] / a["people"], 2), "time": round(b["seconds"] / a["seconds"], 2),
                       "comparisons": round(b["comparisons"] / max(1, a["comparisons"]), 2)}
    report = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
              "authorities": authorities, "seed": seed, "results": results}
    out.mkdir(parents=True, exist_ok=True)
    (out / "link.json").write_text(json.dumps(report, indent=2) + "\n")
    lines = ["# Link-stage benchmark", "",
             f"`python -m bench.link_bench --sizes {','.join(map(str, sizes))} --seed {seed}` on "
             f"{os.cpu_count()} CPUs, Python {platform.python_version()}, authorities: {authorities}. "
             "Only the link stage is timed (the synthetic CVs are mapped first): `link_ntriples` "
             "(wall and CPU time), then its three parts in CPU time: `link_features` and "
             "`apply_link_plan` per document (worker processes in a build) and `resolve_links` "
             "(global, one process).", "",
             "| person mentions | documents | link time (s) | link CPU (s) | features (ms/doc) | resolve CPU (s) | apply (ms/doc) | comparisons | all pairs | largest block | merges | growth ×people | growth ×time | growth ×comparisons |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        g = r.get("growth", {})
        lines.append(f"| {r['people']:,} | {r['documents']:,} | {r['seconds']} | {r['cpu_seconds']} | "
                     f"{r['features_ms_per_doc']} | {r['resolve_cpu_seconds']} | {r['apply_ms_per_doc']} | "
                     f"{r['comparisons']:,} | "
                     f"{r['all_pairs']:,} | {r['largest_person_block']} | {r['merges']:,} | "
                     f"{g.get('people', '')} | {g.get('time', '')} | {g.get('comparisons', '')} |")
    (out / "link.md").write_text("\n".join(lines) + "\n")
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    ap.add_argument("--authorities", choices=("offline", "none"), default="offline")
    a = ap.parse_args(argv)
    run([int(x) for x in a.sizes.split(",")], a.seed, a.out, a.authorities)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
