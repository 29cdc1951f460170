"""`cvgraph add`/`remove` (the real CLI, in this process) with the wall and CPU time of the parts of a
change: stage seconds (STAGES), wall (TIMES) and CPU (CPU) of chosen functions, as JSON lines on
stderr. Used for bench/results/incremental_fixed_costs_s18.md:

    PYTHONPATH=CODE python bench/incremental_parts.py add --store STORE FILE
    PYTHONPATH=CODE python bench/incremental_parts.py remove --store STORE NAME

Functions missing from the code under test (older versions) are skipped."""
import json, sys, time, functools
t0 = time.perf_counter()
import cvgraph.cli as cli
import cvgraph.build as build
import cvgraph.store as store
import cvgraph.link as link
import cvgraph.validate as validate
T = {}
C = {}
def wrap(owner, name, label=None):
    f = getattr(owner, name)
    label = label or name
    @functools.wraps(f)
    def w(*a, **k):
        s = time.perf_counter(); c = time.process_time()
        try:
            return f(*a, **k)
        finally:
            T[label] = T.get(label, 0.0) + time.perf_counter() - s
            C[label] = C.get(label, 0.0) + time.process_time() - c
    setattr(owner, name, w)
for n in ["_write_cache", "_read_plans", "_write_plans", "_read_features", "_write_document_graph", "_count", "_read_cache", "_relink_document", "_pass1", "cleanup_abandoned", "_unchanged"]:
    if hasattr(build, n): wrap(build, n)
for n in ["replace_graph_lines", "replace_graph", "retract_from_union", "add_with_union", "commit", "_close"]:
    wrap(store.Generation, n, "Gen." + n)
orig_cp = store.Generation.checkpoint_of_live.__func__
def cp(cls, d):
    s = time.perf_counter(); r = orig_cp(cls, d); T["Gen.checkpoint"] = time.perf_counter() - s; return r
store.Generation.checkpoint_of_live = classmethod(cp)
wrap(store, "prune")
wrap(link, "resolve_links")
if hasattr(link, "_LinksGraph"):
    wrap(link._LinksGraph, "text", "LinksGraph.text")
wrap(validate, "validate_ntriples")
if hasattr(build, "FeaturesPack"):
    wrap(build.FeaturesPack, "get", "pack.get")
    wrap(build._FeaturesPackWriter, "add", "packw.add")
    wrap(build._FeaturesPackWriter, "close", "packw.close")
captured = {}
orig = cli._report
def report(args, summary):
    captured.update(summary.seconds)
    captured["graphs"] = summary.changed_graphs
    return orig(args, summary)
cli._report = report
t_imp = time.perf_counter() - t0
rc = cli.main(sys.argv[1:])
captured["wall_in_process"] = time.perf_counter() - t0
captured["imports"] = t_imp
print("STAGES " + json.dumps({k: (round(v, 3) if isinstance(v, float) else v) for k, v in captured.items()}), file=sys.stderr)
print("TIMES " + json.dumps({k: round(v, 3) for k, v in T.items()}), file=sys.stderr)
C["process_total"] = time.process_time()
print("CPU " + json.dumps({k: round(v, 3) for k, v in C.items()}), file=sys.stderr)
sys.exit(rc)
