"""The command line end to end, as a user runs it: build, query, export, validate, serve."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from rdflib import Dataset, Graph

from cvgraph.store import open_read

from .conftest import ROOT, SEEDS

SUBJECTS = """
SELECT ?doc ?name WHERE { ?doc a schema:DigitalDocument ; schema:about ?p . ?p schema:name ?name } ORDER BY ?doc
"""
PEOPLE_IRIS = "SELECT DISTINCT ?p WHERE { ?p a schema:Person } ORDER BY ?p"


def cvgraph(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cvgraph.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def cli_store(tmp_path_factory) -> Path:
    store = tmp_path_factory.mktemp("cli") / "store"
    res = cvgraph("build", str(SEEDS), "--store", str(store))
    assert res.returncode == 0, res.stderr + res.stdout
    assert "documents: 5" in res.stdout and "SHACL violations: 0" in res.stdout
    return store


def query_json(store: Path, q: str) -> list[dict]:
    res = cvgraph("query", q, "--store", str(store), "--format", "json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)["results"]["bindings"]


def test_build_summary_and_subjects(cli_store):
    rows = query_json(cli_store, SUBJECTS)
    assert [r["name"]["value"] for r in rows] == ["ChonLam Lao", "ChonLam Lao", "Hao Wang", "Maximilian Lam", "Liangyu Zhao"]
    assert rows[0]["doc"]["value"] == "http://127.0.0.1:8000/doc/000-d56ed223fd5c3e0d-txt"


def test_query_table_and_file(cli_store, tmp_path):
    qfile = tmp_path / "q.rq"
    qfile.write_text("SELECT (COUNT(*) AS ?n) WHERE { ?d a schema:DigitalDocument }")
    res = cvgraph("query", "@" + str(qfile), "--store", str(cli_store))
    assert res.returncode == 0 and res.stdout.splitlines()[2].strip() == "5"
    bad = cvgraph("query", "SELECT WHERE {", "--store", str(cli_store))
    assert bad.returncode == 1 and "syntax error" in bad.stderr and "Traceback" not in bad.stderr


def test_export_trig_and_jsonld_round_trip_to_the_store_counts(cli_store, tmp_path):
    store = open_read(cli_store)
    quads = len(list(store.query("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }")))       # the named graphs
    union = len(list(store.query("SELECT DISTINCT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }")))
    assert union == len(list(store.query("SELECT * WHERE { ?s ?p ?o }")))       # default graph = the merge
    del store
    trig = tmp_path / "all.trig"
    assert cvgraph("export", "--store", str(cli_store), "--format", "trig", "-o", str(trig)).returncode == 0
    ds = Dataset()
    ds.parse(trig, format="trig")
    assert len(list(ds.quads((None, None, None, None)))) == quads
    nq = cvgraph("export", "--store", str(cli_store), "--format", "nquads")
    assert len([l for l in nq.stdout.splitlines() if l.strip()]) == quads
    jsonld = tmp_path / "all.jsonld"
    assert cvgraph("export", "--store", str(cli_store), "--format", "jsonld", "-o", str(jsonld)).returncode == 0
    doc = json.loads(jsonld.read_text())
    assert "@context" in doc                      # compacted with the project's context
    g = Graph()
    g.parse(jsonld, format="json-ld")
    assert len(g) == union
    ttl = cvgraph("export", "--store", str(cli_store), "--format", "turtle")
    assert len(Graph().parse(data=ttl.stdout, format="turtle")) == union


def test_validate_command(cli_store):
    res = cvgraph("validate", "--store", str(cli_store))
    assert res.returncode == 0, res.stdout
    assert "0 violation(s)" in res.stdout


def test_bad_file_is_named_others_built_and_rebuild_keeps_iris(tmp_path):
    data = tmp_path / "cvs"
    shutil.copytree(SEEDS, data)
    (data / "junk.txt").write_bytes(bytes(range(256)) * 64)
    store = tmp_path / "store"
    res = cvgraph("build", str(data), "--store", str(store))
    assert res.returncode == 1
    assert "junk.txt" in res.stderr and "binary" in res.stderr
    assert "documents: 5" in res.stdout and "failed files: 1" in res.stdout
    first = [r["p"]["value"] for r in query_json(store, PEOPLE_IRIS)]
    (data / "junk.txt").unlink()
    res2 = cvgraph("build", str(data), "--store", str(store))
    assert res2.returncode == 0, res2.stderr
    assert [r["p"]["value"] for r in query_json(store, PEOPLE_IRIS)] == first
    assert "http://127.0.0.1:8000/person/chonlam-lao" in first


def test_a_build_where_every_file_fails_keeps_the_previous_graph(tmp_path, cli_store):
    store = tmp_path / "store"
    shutil.copytree(cli_store, store)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_text("")
    res = cvgraph("build", str(bad), "--store", str(store))
    assert res.returncode == 1 and "empty.txt: empty file" in res.stderr
    assert "store unchanged" in res.stdout
    assert len(query_json(store, SUBJECTS)) == 5


@pytest.mark.parametrize("base, reason", [("http://x y/", "Invalid IRI code point ' '"),
                                          ("example.org/cv/", "No scheme found")])
def test_an_invalid_base_is_refused_before_anything_is_built(tmp_path, cli_store, base, reason):
    """Every minted IRI starts with the base: a bad one is refused with its reason, and the
    store is left as it was (it used to reach the loader and stop the build with a traceback)."""
    store = tmp_path / "store"
    shutil.copytree(cli_store, store)
    res = cvgraph("--base", base, "build", str(SEEDS), "--store", str(store))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert f"cvgraph: base IRI {base!r} is not an absolute IRI" in res.stderr and reason in res.stderr
    assert len(query_json(store, SUBJECTS)) == 5


def test_unwritable_output_and_a_file_as_the_store_are_clear_errors(tmp_path, cli_store):
    """Each used to end in a Python traceback (FileNotFoundError, FileExistsError)."""
    missing = tmp_path / "no" / "such" / "dir" / "x.trig"
    res = cvgraph("export", "--store", str(cli_store), "--format", "trig", "-o", str(missing))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.strip() == f"cvgraph: {missing}: No such file or directory"
    afile = tmp_path / "store-is-a-file"
    afile.write_text("not a store")
    for args in (["build", str(SEEDS)], ["add", str(SEEDS / "000_d56ed223fd5c3e0d.txt")], ["query", "ASK {}"], ["validate"]):
        res = cvgraph(*args, "--store", str(afile))
        assert res.returncode == 1 and "Traceback" not in res.stderr, (args, res.stderr)
        assert f"the store {afile} is a file, not a directory" in res.stderr, args
    assert afile.read_text() == "not a store"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_sparql_over_http(cli_store):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cvgraph.cli", "serve", "--store", str(cli_store),
                             "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}/sparql?" + urllib.parse.urlencode(
            {"query": "PREFIX schema: <http://schema.org/>\n" + SUBJECTS})
        deadline = time.time() + 60
        while True:
            try:
                req = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
                with urllib.request.urlopen(req, timeout=10) as resp:
                    body = json.load(resp)
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.time() > deadline or proc.poll() is not None:
                    raise AssertionError("server did not start: " + proc.stderr.read().decode()[-2000:])
                time.sleep(0.3)
        names = [b["name"]["value"] for b in body["results"]["bindings"]]
        assert names == ["ChonLam Lao", "ChonLam Lao", "Hao Wang", "Maximilian Lam", "Liangyu Zhao"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as resp:
            assert resp.status == 200 and "text/html" in resp.headers["Content-Type"]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
