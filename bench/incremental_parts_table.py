"""Tables of bench/incremental_parts.py logs (lines "LABEL add|remove rc=N wall=S load=L" then its STAGES/TIMES/CPU lines), best per line for variants A and B."""
import json, re, sys
def parse(path):
    rows = []
    lines = open(path).read().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"(\w+) (add|remove) rc=(\d+) wall=([\d.]+) load=([\d.]+)", line)
        if not m or m[1] == "Bwarm":
            continue
        d = {}
        for l in lines[i + 1:i + 4]:
            for tag in ("STAGES", "TIMES", "CPU"):
                if l.startswith(tag + " "):
                    d[tag] = json.loads(l[len(tag) + 1:])
        rows.append((m[1], m[2], float(m[4]), float(m[5]), d))
    return rows
def metrics(wall, d):
    st, tm, cpu = d["STAGES"], d["TIMES"], d.get("CPU")
    feat = tm.get("_read_features", 0) + tm.get("pack.get", 0)
    out = {"wall": wall, "link decisions": tm["resolve_links"] - feat, "outside the decisions": wall - (tm["resolve_links"] - feat),
           "validate stage": st["validate"], "store stage": st["store"], "reading features": feat,
           "links graph line diff": tm.get("Gen.replace_graph_lines", 0), "cache files written": tm["_write_cache"],
           "prune": tm.get("prune", 0), "links text (link.py)": tm.get("LinksGraph.text", 0), "imports": st["imports"]}
    if cpu:
        cf = cpu.get("_read_features", 0) + cpu.get("pack.get", 0)
        out["CPU outside the decisions"] = cpu["process_total"] - (cpu["resolve_links"] - cf)
        out["CPU total"] = cpu["process_total"]
    return out
rows = [r for p in sys.argv[1:] for r in parse(p)]
for op in ("add", "remove"):
    table = {}
    for v in ("A", "B"):
        ms = [metrics(w, d) for vv, o, w, load, d in rows if vv == v and o == op]
        keys = list(ms[0])
        table[v] = ({k: min(m[k] for m in ms if k in m) for k in keys if any(k in m for m in ms)}, len(ms))
    print(f"\n| {op} (best of {table['A'][1]} / {table['B'][1]}), s | A: session start | B: s18-addpath |")
    print("| --- | ---: | ---: |")
    for k in table["A"][0]:
        print(f"| {k} | {table['A'][0][k]:.2f} | {table['B'][0].get(k, float('nan')):.2f} |")
