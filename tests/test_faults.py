"""Faults, with the real CLI in subprocesses: killed builds, concurrent builds, rebuilds under load.

Guarantees checked (see README, "Reliability"):
- a build killed with SIGKILL at any point leaves the previous graph live and intact, a server
  on that store keeps answering, and the next build succeeds and removes the abandoned generation;
- two builds at once never corrupt the store: the second waits for the lock (default) or refuses
  at once with `--no-wait` (exit 1, a message naming the lock);
- a live endpoint answers from the old graph while a rebuild runs and switches atomically.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from cvgraph.store import CURRENT, live_generation

from .conftest import ROOT, SEEDS

pytestmark = pytest.mark.slow

STATS = """SELECT ?docs ?triples WHERE {
  { SELECT (COUNT(DISTINCT ?d) AS ?docs) WHERE { ?d a <http://schema.org/DigitalDocument> } }
  { SELECT (COUNT(*) AS ?triples) WHERE { ?s ?p ?o } }
}"""


def cvgraph(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cvgraph.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def start_build(inputs: Path, store: Path, *extra: str) -> subprocess.Popen:
    # own process group, so SIGKILL reaches the build and any worker processes it started
    return subprocess.Popen([sys.executable, "-m", "cvgraph.cli", "build", str(inputs), "--store", str(store),
                             *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def kill_build(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate(timeout=60)


def stats_cli(store: Path) -> tuple[int, int]:
    res = cvgraph("query", STATS, "--store", str(store), "--format", "json")
    assert res.returncode == 0, res.stderr
    row = json.loads(res.stdout)["results"]["bindings"][0]
    return int(row["docs"]["value"]), int(row["triples"]["value"])


def gens(store: Path) -> set[str]:
    return {p.name for p in store.glob("gen-*") if p.is_dir()}


def copies(dst: Path, n: int, files: list[Path] | None = None) -> Path:
    """`n` copies of the seeds under different names (a build that takes a while)."""
    dst.mkdir(parents=True)
    for i in range(n):
        for f in files or sorted(SEEDS.iterdir()):
            shutil.copy(f, dst / f"c{i:03d}_{f.name}")
    return dst


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`cvgraph serve` in a subprocess."""

    def __init__(self, store: Path, timeout: float = 10):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([sys.executable, "-m", "cvgraph.cli", "serve", "--store", str(store),
                                      "--port", str(self.port), "--timeout", str(timeout)],
                                     cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=10) as r:
                    if json.load(r)["status"] == "ok":
                        return
            except (OSError, ValueError, KeyError):
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                self.stop()
                raise AssertionError("server did not start: " + self.proc.stderr.read().decode()[-2000:])
            time.sleep(0.3)

    def stats(self) -> tuple[int, int]:
        url = self.url + "/sparql?" + urllib.parse.urlencode({"query": STATS})
        req = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            row = json.load(r)["results"]["bindings"][0]
        return int(row["docs"]["value"]), int(row["triples"]["value"])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def seed_store(tmp_path_factory) -> tuple[Path, tuple[int, int]]:
    store = tmp_path_factory.mktemp("faults") / "store"
    res = cvgraph("build", str(SEEDS), "--store", str(store))
    assert res.returncode == 0, res.stdout + res.stderr
    return store, stats_cli(store)


@pytest.fixture
def old_store(seed_store, tmp_path) -> tuple[Path, tuple[int, int]]:
    """A private copy of the seed store (five documents) for one test to abuse."""
    src, stats = seed_store
    dst = tmp_path / "store"
    shutil.copytree(src, dst)
    return dst, stats


def assert_intact(store: Path, live_name: str, stats: tuple[int, int]) -> None:
    assert (store / CURRENT).read_text().strip() == live_name
    assert live_generation(store).name == live_name
    assert stats_cli(store) == stats


# ---- killed builds -------------------------------------------------------------------------------

def test_a_killed_build_leaves_the_old_graph_live(old_store, tmp_path):
    store, old = old_store
    live = live_generation(store).name
    # 100 documents: a build of many seconds whose store write (one bulk load) still lasts long
    # enough to be hit; with 20 the faster store stage could commit before the kill landed.
    big = copies(tmp_path / "big", 20)
    server = Server(store)
    try:
        assert server.stats() == old
        abandoned: set[str] = set()
        # early (during start-up/reading), mid-way (extracting/validating), and while writing the store
        for when in ("early", "mid", "store"):
            proc = start_build(big, store)
            if when == "early":
                time.sleep(0.5)
            elif when == "mid":      # once documents are being processed (the spool fills)
                deadline = time.time() + 120
                while (not any(store.glob(".spool-*/prov/*.nt")) and proc.poll() is None
                       and time.time() < deadline):
                    time.sleep(0.01)
            else:
                deadline = time.time() + 600
                while not (gens(store) - {live} - abandoned) and proc.poll() is None and time.time() < deadline:
                    time.sleep(0.005)
            assert proc.poll() is None, f"the build ended before it could be killed ({when})"
            kill_build(proc)
            new = gens(store) - {live} - abandoned
            if when == "store":
                assert new, "the kill did not land during the store write"
            abandoned |= new
            assert_intact(store, live, old)
            assert server.stats() == old, when
        assert abandoned, "no abandoned generation was left to clean up"
        assert list(store.glob(".spool-*")), "the killed builds left no work folder to clean up"
        # the next build succeeds, goes live, and removes the abandoned generations
        small = copies(tmp_path / "small", 1, sorted(SEEDS.iterdir())[:3])
        res = cvgraph("build", str(small), "--store", str(store))
        assert res.returncode == 0, res.stdout + res.stderr
        new_live = live_generation(store).name
        assert new_live != live and new_live not in abandoned
        assert not (abandoned & gens(store)), "abandoned generations were not removed"
        assert not list(store.glob(".spool-*")), "the killed builds' work folders were not removed"
        new = stats_cli(store)
        assert new[0] == 3
        assert server.stats() == new
    finally:
        server.stop()


# ---- two builds at once -------------------------------------------------------------------------

def _lock_waiters(pids: set[int]) -> bool:
    """True if one of `pids` is blocked waiting for a flock (Linux /proc/locks '->' lines)."""
    try:
        text = Path("/proc/locks").read_text()
    except OSError:
        pytest.skip("/proc/locks is not available")
    for line in text.splitlines():
        parts = line.split()
        if "->" in parts and "FLOCK" in parts:
            # "1: -> FLOCK  ADVISORY  WRITE 16424 fe:00:2190470 0 EOF": the pid follows the mode
            try:
                if int(parts[parts.index("->") + 4]) in pids:
                    return True
            except (ValueError, IndexError):
                continue
    return False


def test_second_build_refuses_with_no_wait_or_waits_for_the_lock(old_store, tmp_path):
    store, old = old_store
    live = live_generation(store).name
    small = copies(tmp_path / "small", 1, sorted(SEEDS.iterdir())[:2])
    # another build holds the writer lock (a real process holding cvgraph.store.writer_lock)
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys, time\nfrom cvgraph.store import writer_lock\n"
                               f"with writer_lock({str(store)!r}):\n"
                               "    print('locked', flush=True)\n    sys.stdin.read()\n"],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        res = cvgraph("build", str(small), "--store", str(store), "--no-wait")
        assert res.returncode == 1, res.stdout + res.stderr
        assert "lock" in res.stderr and str(store) in res.stderr, res.stderr
        assert "Traceback" not in res.stderr
        assert_intact(store, live, old)
        # the default waits: blocked on the lock, nothing written, until the holder lets go
        waiter = start_build(small, store)
        deadline = time.time() + 600
        while not _lock_waiters({waiter.pid}) and waiter.poll() is None and time.time() < deadline:
            time.sleep(0.1)
        assert waiter.poll() is None and _lock_waiters({waiter.pid}), "the second build did not wait"
        time.sleep(1)
        assert gens(store) == {live} and live_generation(store).name == live
        holder.stdin.close()
        holder.wait(timeout=30)
        out, err = waiter.communicate(timeout=600)
        assert waiter.returncode == 0, out + err
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert live_generation(store).name != live
    assert stats_cli(store)[0] == 2


@pytest.mark.parametrize("order", ["big-first", "small-first"])
def test_two_concurrent_builds_never_corrupt(old_store, tmp_path, order):
    store, old = old_store
    a = copies(tmp_path / "a", 1)                                      # 5 documents
    b = copies(tmp_path / "b", 1, sorted(SEEDS.iterdir())[:2])         # 2 documents
    first, second = (a, b) if order == "big-first" else (b, a)
    p1 = start_build(first, store)
    time.sleep(1)
    p2 = start_build(second, store)
    o1, e1 = p1.communicate(timeout=900)
    o2, e2 = p2.communicate(timeout=900)
    assert p1.returncode == 0, o1 + e1
    assert p2.returncode == 0, o2 + e2
    live = live_generation(store)
    assert live is not None
    docs, _ = stats_cli(store)
    assert docs in (5, 2)
    # the live generation is the newest one: the last build to commit won, nothing half-written
    assert live.name == max(gens(store))
    assert len(gens(store)) <= 2
    res = cvgraph("validate", "--store", str(store))
    assert res.returncode == 0, res.stdout + res.stderr


def test_cleanup_skips_a_spool_its_build_removes_meanwhile(tmp_path, monkeypatch):
    """A build lets go of the lock, then removes its spool; the next build's clean-up, listing
    the spools just before, must not fail on the one that vanished (seen once in CI as
    "cvgraph: STORE/.spool-…: No such file or directory" from the second of two concurrent builds)."""
    from cvgraph.store import cleanup_abandoned

    store = tmp_path / "store"
    spool = store / ".spool-0123456789ab"
    spool.mkdir(parents=True)
    kept = store / ".spool-ba9876543210"          # a live build's spool: stays
    kept.mkdir()
    (kept / "pid").write_text(str(os.getpid()))
    real_read_text = Path.read_text

    def read_text(self, *args, **kwargs):
        if self == spool / "pid":                 # its build finishes between the listing and this read
            shutil.rmtree(spool)
        return real_read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_text)
    cleanup_abandoned(store)
    assert not spool.exists() and kept.is_dir()


# ---- rebuild under a live endpoint --------------------------------------------------------------

def test_endpoint_switches_atomically_during_a_rebuild(old_store, tmp_path):
    store, old = old_store
    new_input = copies(tmp_path / "new", 1, sorted(SEEDS.iterdir())[:3])
    server = Server(store)
    answers: list[tuple[int, int]] = []
    errors: list[str] = []
    stop = threading.Event()

    def hammer():
        while not stop.is_set():
            try:
                answers.append(server.stats())
            except Exception as exc:  # any failed request is a finding
                errors.append(repr(exc))

    t = threading.Thread(target=hammer, daemon=True)
    try:
        t.start()
        res = cvgraph("build", str(new_input), "--store", str(store))
        assert res.returncode == 0, res.stdout + res.stderr
        time.sleep(1.5)
        stop.set()
        t.join(timeout=60)
        new = stats_cli(store)
        assert new[0] == 3 and new != old
        assert errors == []
        assert len(answers) >= 10
        assert set(answers) <= {old, new}, set(answers) - {old, new}
        # atomic and monotonic: old answers, then new answers, never back
        first_new = answers.index(new)
        assert all(a == old for a in answers[:first_new])
        assert all(a == new for a in answers[first_new:])
        assert answers[0] == old
        assert server.stats() == new
    finally:
        stop.set()
        server.stop()
