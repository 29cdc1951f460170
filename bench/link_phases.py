"""Memory of the build's link step, phase by phase, on a built store's cached link features.

    python bench/link_phases.py REPO STORE/gen-*/cvgraph-cache OUT

Runs ``resolve_links`` over the cache's feature files the way the build's link step does
(read one file at a time, no provisional → canonical mapping, the ROR tables released after
the organizations), then writes the links graph and the plans into OUT. Prints, per phase of
the linker, the process's RSS at its end and its peak inside it (sampled every 20 ms), and the
peak of the whole run (``ru_maxrss``). REPO is the cvgraph checkout to measure, so two commits
can be compared on the same features (`bench/results/build_100000.md`).
"""
import resource
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, sys.argv[1])

import psutil  # noqa: E402

import cvgraph.link as L  # noqa: E402
from cvgraph import build as B  # noqa: E402
from cvgraph.config import Settings  # noqa: E402

cache = Path(sys.argv[2])
out = Path(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
keys = sorted(p.stem for p in (cache / "features").rglob("*.pkl"))
proc = psutil.Process()
state = {"phase": "start"}
peaks: dict[str, int] = {}
t0 = time.perf_counter()


def sampler() -> None:
    while state["phase"] != "done":
        rss = proc.memory_info().rss
        phase = state["phase"]
        if rss > peaks.get(phase, 0):
            peaks[phase] = rss
        time.sleep(0.02)


def watch(owner, name: str) -> None:
    """Wrap ``owner.name`` so that it sets the current phase and reports its memory."""
    orig = getattr(owner, name)

    def wrapped(*args, **kwargs):
        state["phase"] = name
        result = orig(*args, **kwargs)
        print(f"{name:22s} end rss {proc.memory_info().rss / 2**20:7.0f}  peak in {peaks.get(name, 0) / 2**20:7.0f}"
              f"  t {time.perf_counter() - t0:6.1f}", flush=True)
        return result

    setattr(owner, name, wrapped)


for phase in ("collect", "link_orgs", "finish_orgs", "link_venues", "link_persons", "_identity_phase",
              "_identifier_phase", "_variant_phase", "finish_persons", "link_works", "_similar_works",
              "finish_works", "output", "_links_graph"):
    watch(L._Linker, phase)
watch(L.LinkPlan, "write_links")
watch(B, "_write_plans")


def features():
    for key in keys:
        yield B._read_features(B.doc_file(cache, "features", key))


threading.Thread(target=sampler, daemon=True).start()
plan = L.resolve_links(features(), Settings(), None, with_mapping=False, release_authorities=True)
with open(out / B.LINKS_FILE, "w", encoding="utf-8", newline="\n") as fh:
    plan.write_links(fh)
B._write_plans(out, plan)
state["phase"] = "done"
print("peak", round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024), "MiB; total",
      round(time.perf_counter() - t0, 1), "s")
