"""Where a command's CPU goes, thread by thread: the build process's own Python threads, its
bulk-load threads, RocksDB's background threads (compaction and flushes, which run inside the
build process but are no Python code), and its child processes (workers, the linker).

    python -m bench.thread_cpu --name build_10000 --out bench/results -- \\
        .venv/bin/cvgraph build CVS --store STORE

Samples ``/proc/PID/task/*/stat`` of the process tree every ``--interval`` seconds (Linux
only) and writes ``results/thread_cpu_<name>.md`` + ``.json``: CPU seconds per (process,
thread name), user and system time apart; the same per ``--bucket`` seconds of wall time
(10); what sampling missed (threads and processes
that ended between two samples), from ``getrusage`` of the command; and the process tree's
summed RSS (``bench.run.tree_rss``), its peak per timeline row. Thread names are the
kernel's (``comm``): RocksDB names its pools ``rocksdb:low`` / ``rocksdb:high``, the build's
loader threads are ``cvgraph-load``; other threads carry the process name.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import time
from collections import Counter
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _tree(pid: int) -> list[int]:
    import psutil

    try:
        return [pid, *(c.pid for c in psutil.Process(pid).children(recursive=True))]
    except psutil.Error:
        return [pid]


def read_threads(pid: int) -> dict[tuple[int, int], tuple[str, float, float]]:
    """(process id, thread id) → (thread name, user and system CPU seconds so far) for every
    thread of the process tree (Linux ``/proc``: psutil gives threads' times, not their names)."""
    found = {}
    for proc in _tree(pid):
        try:
            tids = os.listdir(f"/proc/{proc}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{proc}/task/{tid}/stat") as fh:
                    stat = fh.read()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            found[(proc, int(tid))] = (name, int(fields[11]) / TICKS, int(fields[12]) / TICKS)
    return found


def profile(cmd: list[str], interval: float = 0.5, bucket: float = 10.0) -> dict:
    """Run ``cmd`` to its end, sampling its threads; the totals, a timeline and the remainder."""
    from bench.run import tree_rss

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd)
    last: dict[tuple[int, int], tuple[float, float]] = {}
    totals: dict[tuple[str, str], list[float]] = {}
    timeline: dict[int, Counter] = {}
    rss_peak: dict[int, int] = {}
    while True:
        done = proc.poll() is not None
        now = time.perf_counter() - start
        k = int(now // bucket)
        for (pid, tid), (name, user, system) in read_threads(proc.pid).items():
            u0, s0 = last.get((pid, tid), (0.0, 0.0))
            last[(pid, tid)] = (user, system)
            if user + system <= u0 + s0:
                continue
            key = ("command" if pid == proc.pid else "child processes", name)
            row = totals.setdefault(key, [0.0, 0.0])
            row[0] += user - u0
            row[1] += system - s0
            timeline.setdefault(k, Counter())[f"{key[0]}: {name}"] += (user - u0) + (system - s0)
        main, rest, _ = tree_rss(proc.pid)
        rss_peak[k] = max(rss_peak.get(k, 0), main + rest)
        if done:
            break
        time.sleep(interval)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_all = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    sampled = sum(u + s for u, s in totals.values())
    return {
        "command": cmd, "returncode": proc.returncode, "wall": wall, "cpu": cpu_all,
        "sampled": sampled, "missed": max(0.0, cpu_all - sampled), "interval": interval,
        "threads": [{"process": p, "thread": t, "cpu": round(u + s, 2), "user": round(u, 2), "system": round(s, 2)}
                    for (p, t), (u, s) in sorted(totals.items(), key=lambda kv: -sum(kv[1]))],
        "timeline": [{"from": int(k * bucket), "cpu": {n: round(v, 2) for n, v in sorted(timeline.get(k, {}).items())},
                      "rss_mib": rss_peak.get(k, 0) >> 20}
                     for k in sorted(set(timeline) | set(rss_peak))],
        "peak_rss_mib": max(rss_peak.values(), default=0) >> 20,
        "bucket": bucket,
    }


def markdown(res: dict, title: str) -> str:
    lines = [f"# CPU by thread: {title}", "",
             f"`{' '.join(res['command'])}` (exit {res['returncode']}); {platform.python_version()}, "
             f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}. Wall {res['wall']:.1f} s; "
             f"CPU {res['cpu']:.1f} s in all (getrusage), {res['sampled']:.1f} s sampled every "
             f"{res['interval']} s, {res['missed']:.1f} s not seen by sampling (threads and processes "
             f"that ended between two samples). Peak RSS of the process tree (summed, sampled): "
             f"{res['peak_rss_mib']:,} MiB.", "",
             "| process | thread | CPU s | user s | system s | share |", "| --- | --- | ---: | ---: | ---: | ---: |"]
    for row in res["threads"]:
        if row["cpu"] >= 0.05:
            share = f"{row['cpu'] / res['cpu']:.0%}" if res["cpu"] > 0 else "–"
            lines.append(f"| {row['process']} | {row['thread']} | {row['cpu']:.1f} | {row.get('user', 0):.1f} | "
                         f"{row.get('system', 0):.1f} | {share} |")
    names = sorted({n for b in res["timeline"] for n in b["cpu"]})
    lines += ["", f"CPU seconds per {res['bucket']:.0f} s of wall time, and the tree's peak RSS in it:", "",
              "| from s | " + " | ".join(names) + " | RSS MiB |", "| ---: |" + " ---: |" * (len(names) + 1)]
    for b in res["timeline"]:
        lines.append(f"| {b['from']} | " + " | ".join(f"{b['cpu'].get(n, 0):.1f}" for n in names)
                     + f" | {b['rss_mib']:,} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--name", required=True, help="results/thread_cpu_<name>.md")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    ap.add_argument("--interval", type=float, default=0.5)
    ap.add_argument("--bucket", type=float, default=10.0, help="seconds of wall time per timeline row")
    ap.add_argument("cmd", nargs=argparse.REMAINDER, help="-- the command to run")
    args = ap.parse_args(argv)
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        ap.error("no command given (put it after --)")
    if not Path("/proc/self/task").is_dir():
        ap.error("needs Linux /proc")
    res = profile(cmd, args.interval, args.bucket)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"thread_cpu_{args.name}.json").write_text(json.dumps(res, indent=1))
    md = markdown(res, args.name)
    (args.out / f"thread_cpu_{args.name}.md").write_text(md)
    print(md)
    return res["returncode"]


if __name__ == "__main__":
    raise SystemExit(main())
