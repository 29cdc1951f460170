"""Where a command's CPU goes, thread by thread: the build process's own Python threads, its
bulk-load threads, RocksDB's background threads (compaction and flushes, which run inside the
build process but are no Python code), and its child processes (workers, the linker).

    python -m bench.thread_cpu --name build_10000 --out bench/results -- \\
        .venv/bin/cvgraph build CVS --store STORE

Samples ``/proc/PID/task/*/stat`` of the process tree every ``--interval`` seconds (Linux
only) and writes ``results/thread_cpu_<name>.md`` + ``.json``: CPU seconds per (process,
thread name), the same per 10 s of wall time, and what sampling missed (threads and processes
that ended between two samples), from ``getrusage`` of the command; and the process tree's
summed RSS, its peak per timeline row. Thread names are the
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
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(c) for c in fh.read().split()]
    except OSError:
        return []


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(_children(p))
    return out


def read_threads(pid: int) -> dict[tuple[int, int], tuple[str, float]]:
    """(process id, thread id) → (thread name, CPU seconds so far) for every thread of the tree."""
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
            found[(proc, int(tid))] = (name, (int(fields[11]) + int(fields[12])) / TICKS)
    return found


def tree_rss(pid: int) -> int:
    """Resident bytes of the process tree (summed RSS: shared pages count once per process)."""
    total = 0
    for proc in _tree(pid):
        try:
            with open(f"/proc/{proc}/statm") as fh:
                total += int(fh.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            continue
    return total


def profile(cmd: list[str], interval: float = 0.5, bucket: float = 10.0) -> dict:
    """Run ``cmd`` to its end, sampling its threads; the totals, a timeline and the remainder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd)
    last: dict[tuple[int, int], float] = {}
    totals: Counter = Counter()
    timeline: dict[int, Counter] = {}
    rss_peak: dict[int, int] = {}
    while True:
        done = proc.poll() is not None
        now = time.perf_counter() - start
        for (pid, tid), (name, cpu) in read_threads(proc.pid).items():
            delta = cpu - last.get((pid, tid), 0.0)
            last[(pid, tid)] = cpu
            if delta <= 0:
                continue
            key = ("command" if pid == proc.pid else "child processes", name)
            totals[key] += delta
            timeline.setdefault(int(now // bucket), Counter())[f"{key[0]}: {name}"] += delta
        k = int(now // bucket)
        rss_peak[k] = max(rss_peak.get(k, 0), tree_rss(proc.pid))
        if done:
            break
        time.sleep(interval)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_all = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    sampled = sum(totals.values())
    return {
        "command": cmd, "returncode": proc.returncode, "wall": wall, "cpu": cpu_all,
        "sampled": sampled, "missed": max(0.0, cpu_all - sampled), "interval": interval,
        "threads": [{"process": p, "thread": t, "cpu": round(v, 2)} for (p, t), v in totals.most_common()],
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
             "| process | thread | CPU s | share |", "| --- | --- | ---: | ---: |"]
    for row in res["threads"]:
        if row["cpu"] >= 0.05:
            lines.append(f"| {row['process']} | {row['thread']} | {row['cpu']:.1f} | "
                         f"{row['cpu'] / res['cpu']:.0%} |")
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
