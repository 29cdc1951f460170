"""Hostile and broken input never crashes, hangs or half-writes.

The corpus is written by the tests themselves (into a tmp dir): empty, binary, undecodable,
oversized, scanned/encrypted/truncated/malformed PDFs, a zip renamed .pdf, broken JSON Resume
and YAML, LaTeX that tries ``\\input{/etc/passwd}``, 10,000-deep HTML, and CVs carrying
``<script>`` and SPARQL-looking text. Each file must end in a clear per-file error (a
DocumentError naming the file, with a specific reason) or be read with a warning naming the
problem; a SIGALRM guard turns a hang into a failure. Then one build over all of them plus the
five seeds shows the seeds are built and every bad file is listed with its reason.
"""
from __future__ import annotations

import base64
import importlib.util
import io
import json
import shutil
import signal
import subprocess
import sys
import zipfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from cvgraph.errors import DocumentError
from mappers.extract import extract
from mappers.read import MAX_OTHER_BYTES, read_document

from .conftest import ROOT, SEED_FILES, SEEDS

FUZZ_DIR = ROOT / "fuzz"
_spec = importlib.util.spec_from_file_location("cvgraph_fuzz_common", FUZZ_DIR / "common.py")
fuzz_common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_common)

HANG_GUARD_SECONDS = 120   # not a performance assertion: only turns a hang into a failure

CV_LINES = fuzz_common.SEED_CV_LINES
CV_TEXT = "\n".join(CV_LINES) + "\n"
PASSWD = Path("/etc/passwd")
# A line of /etc/passwd as it is on this machine: it must never appear in anything we produce.
PASSWD_LINE = PASSWD.read_text(errors="replace").splitlines()[0] if PASSWD.exists() else "root:x:0:0:"


def _zip_bytes() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("cv.txt", CV_TEXT)
    return buf.getvalue()


def _big_text() -> bytes:
    line = b"Research Scientist, Example Labs, 2019 - 2020, working on many things at once\n"
    return b"Jane Q. Doe\n" + line * (20 * 1024 * 1024 // len(line))


def _yaml_bomb() -> bytes:
    rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for key in "bcdefgh":
        rows.append(f"{key}: &{key} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = key
    return ("name: Jane Q. Doe\n" + "\n".join(rows) + f"\npublications: *{prev}\n").encode()


HOSTILE_TEXT = (
    "Jane Q. Doe\njane.doe@example.org\n\nExperience\n"
    "Research Engineer <script>alert(1)</script>, Acme Labs, 2020 - Present\n\nPublications\n"
    'Jane Q. Doe, John Roe. Robust Parsing of "} ; DROP ALL ; { Queries. In NSDI 2021.\n')
HOSTILE_JSON = json.dumps({
    "basics": {"name": "Jane <script>alert(1)</script> Roe", "label": '"} ; DROP ALL ; {',
               "email": "jane.roe@example.org"},
    "work": [{"name": "Acme Labs", "position": "<script>alert(1)</script> Engineer", "startDate": "2020-01"}],
    "publications": [{"name": '"} ; DROP ALL ; { INSERT DATA { <urn:x:s> <urn:x:p> <urn:x:o> } #',
                      "publisher": "NSDI", "releaseDate": "2021"}],
})
# Links no store loads as written: a bad percent escape, brackets, spaces, a malformed host.
BAD_LINKS_JSON = json.dumps({
    "basics": {"name": "Jane Q. Doe", "url": "http://[jane.example.org",
               "profiles": [{"network": "GitHub", "url": "https://github.com/jane%ZZ"}]},
    "publications": [{"name": "Links That Break Loaders", "publisher": "NSDI", "releaseDate": "2021",
                      "url": "https://example.org/papers/links [draft] 100%.pdf"},
                     {"name": "Scripts Are Not Links", "publisher": "NSDI", "releaseDate": "2022",
                      "url": "javascript:alert(1)"}],
})
INPUT_TEX = (r"\documentclass{article}" "\n" r"\begin{document}" "\n" r"\name{Jane Q. Doe}" "\n"
             r"\input{/etc/passwd}" "\n" r"\include{/etc/passwd}" "\n" r"\input /etc/passwd" "\n"
             r"\InputIfFileExists{/etc/passwd}{}{}" "\n" r"\verbatiminput{/etc/passwd}" "\n"
             r"\lstinputlisting{/etc/passwd}" "\n" r"\section{Education}" "\n"
             r"Ph.D., Example University, 2015--2020" "\n" r"\end{document}" "\n")
UNBALANCED_TEX = (r"\documentclass{article}" "\n" r"\name{Jane Q. Doe}" "\n" r"\begin{document}" "\n"
                  r"\section{Education}" "\n" r"Ph.D., Example University, 2015--2020 \textbf{{{" "\n"
                  r"\section{Experience" "\n" r"\begin{itemize}\item unclosed" "\n")

# name → (bytes, expected): ("error", reason fragments) | ("warning", warning fragments) | ("ok", text fragments)
CASES: dict[str, tuple[bytes, tuple[str, tuple[str, ...]]]] = {
    "empty.txt": (b"", ("error", ("empty file",))),
    "whitespace.md": (b"  \n\t\r\n   \n", ("error", ("only whitespace",))),
    "binary.txt": (bytes(range(256)) * 64, ("error", ("binary data",))),
    "png-named.md": (b"\x89PNG\r\n\x1a\n" + bytes(400), ("error", ("binary data",))),
    "invalid-utf8.txt": (CV_TEXT.encode() + b"\xff\xfe\xc3\x28 caf\xe9\n", ("warning", ("not valid UTF-8",))),
    "latin1.txt": (("Jos\u00e9 M\u00fcller\nEducation\nPh.D., Universit\u00e9 de Gen\u00e8ve, 2015 - 2019\n")
                   .encode("latin-1"), ("warning", ("not valid UTF-8", "decoded as"))),
    "utf16-bom.txt": (CV_TEXT.encode("utf-16"), ("ok", ("Jane Q. Doe", "Example University"))),
    "utf16-le-nobom.txt": (CV_TEXT.encode("utf-16-le"), ("warning", ("no byte-order mark", "UTF-16-LE"))),
    "utf16-be-nobom.txt": (CV_TEXT.encode("utf-16-be"), ("warning", ("no byte-order mark", "UTF-16-BE"))),
    "big-20mb.txt": (_big_text(), ("error", ("file is 2", "MB; the limit for text files is"))),
    "long-line.txt": (CV_TEXT.encode() + b"ab, cd. (2019) x*y_ " * 5500 + b"\n",
                      ("warning", ("characters long; only its first",))),
    "scanned.pdf": (fuzz_common.image_pdf(), ("error", ("PDF has no text layer (scanned image?)",))),
    "encrypted.pdf": (fuzz_common.encrypted_pdf(), ("error", ("encrypted PDF",))),
    "truncated.pdf": (fuzz_common.text_pdf(CV_LINES)[:400], ("error", ("truncated or malformed PDF",))),
    "malformed.pdf": (b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ngarbage ]]>> <<\n%%EOF\n",
                      ("error", ("truncated or malformed PDF",))),
    "zip-renamed.pdf": (_zip_bytes(), ("error", ("zip archive renamed .pdf",))),
    "cv-text.pdf": (fuzz_common.text_pdf(CV_LINES), ("ok", ("Jane Q. Doe", "Ph.D. in Computer Science"))),
    "invalid.json": (b'{"basics": {"name": "Jane Q. Doe",\n  "email": }', ("error", ("invalid JSON at line 2, column",))),
    "list.json": (b"[1, 2, 3]", ("error", ("not a JSON Resume",))),
    "wrong-section.json": (b'{"basics": {"name": "Jane Q. Doe"}, "work": {"name": "Acme"}}',
                           ("error", ("'work' must be a list",))),
    "deep.json": (b'{"basics": {"name": "Jane Q. Doe"}, "work": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
                  ("error", ("JSON is nested too deeply",))),
    "invalid.yaml": (b"name: [Jane Q. Doe\neducation: {\n", ("error", ("invalid YAML",))),
    "bomb.yaml": (_yaml_bomb(), ("error", ("YAML expands to more than",))),
    "cycle.yaml": (b"name: Jane Q. Doe\npublications: &p\n  - *p\n", ("error", ("refers to itself",))),
    "deep.yaml": (b"name: Jane Q. Doe\nx: " + b"[" * 5000 + b"]" * 5000 + b"\n", ("error", ("YAML is nested too deeply",))),
    "input-passwd.tex": (INPUT_TEX.encode(), ("ok", ("Jane Q. Doe",))),
    "unbalanced.tex": (UNBALANCED_TEX.encode(), ("warning", ("LaTeX braces are unbalanced", "(the first on line 5)"))),
    "script.html": (b"<html><head><script>document.write('Evil Person')</script></head><body>"
                    b"<h1>Jane Q. Doe</h1><script>alert('Evil Person')</script><h2>Education</h2>"
                    b"<p>Ph.D., Example University, 2015 - 2020</p></body></html>", ("ok", ("Jane Q. Doe",))),
    "deep.html": (b"<html><body><h1>Jane Q. Doe</h1>" + b"<div><span>" * 10_000 + b"Deep Text"
                  + b"</span></div>" * 10_000 + b"</body></html>", ("ok", ("Jane Q. Doe", "Deep Text"))),
    "unclosed-deep.html": (b"<h1>Jane Q. Doe</h1>" + b"<b><i>" * 20_000 + b"Still Here",
                           ("ok", ("Jane Q. Doe", "Still Here"))),
    "hostile.txt": (HOSTILE_TEXT.encode(), ("ok", ("DROP ALL", "alert(1)"))),
    "hostile.json": (HOSTILE_JSON.encode(), ("ok", ("DROP ALL",))),
    # Escapes for half a UTF-16 pair decode to lone surrogates, which no UTF-8 output holds.
    "surrogates.json": (b'{"basics": {"name": "Jane Q. Doe", "summary": "x \\udfff y"},'
                        b' "work": [{"name": "Acme \\ud83d Labs", "position": "Engineer"}]}',
                        ("warning", ("unpaired UTF-16 surrogate escapes",))),
    "surrogates.yaml": (b'name: "Jane Q. Doe"\nsummary: "Smile \\ud83d\\ude00 and \\udfff"\n'
                        b'education:\n  - institution: "Example University"\n    degree: "PhD in Physics"\n',
                        ("warning", ("unpaired UTF-16 surrogate escapes",))),
    "bad-links.json": (BAD_LINKS_JSON.encode(),
                       ("warning", ("link dropped, not a usable IRI: 'http://[jane.example.org'",))),
}
ERRORS = {name: exp[1] for name, (_, exp) in CASES.items() if exp[0] == "error"}


@contextmanager
def hang_guard(seconds: int = HANG_GUARD_SECONDS):
    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s: the input is not handled in bounded time")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def bad_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bad")
    for name, (data, _) in CASES.items():
        (folder / name).write_bytes(data)
    return folder


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_bad_input_gets_a_reason_or_a_warning(bad_dir, name):
    kind, fragments = CASES[name][1]
    with hang_guard():
        try:
            doc = read_document(bad_dir / name)
            record = extract(doc)
        except DocumentError as exc:
            assert kind == "error", f"{name} was refused but should be read: {exc}"
            assert exc.name == name and str(exc).startswith(f"{name}: ")
            for frag in fragments:
                assert frag in exc.reason, f"{name}: reason {exc.reason!r} lacks {frag!r}"
            return
    assert kind != "error", f"{name} was read but should be refused with {fragments}"
    assert record.source_name == name
    dump = record.model_dump_json()
    assert PASSWD_LINE not in doc.text and PASSWD_LINE not in dump
    if kind == "warning":
        joined = " | ".join(record.report.warnings)
        for frag in fragments:
            assert frag in joined, f"{name}: warnings {record.report.warnings} lack {frag!r}"
    else:
        for frag in fragments:
            assert frag in doc.text, f"{name}: {frag!r} not in the text read"


def test_latex_input_is_never_followed(bad_dir):
    doc = read_document(bad_dir / "input-passwd.tex")
    record = extract(doc)
    assert PASSWD_LINE not in doc.text and PASSWD_LINE not in record.model_dump_json()
    assert record.person.name == "Jane Q. Doe"
    assert [e.institution for e in record.education] == ["Example University"]


def test_html_scripts_are_dropped_and_deep_nesting_is_read(bad_dir):
    doc = read_document(bad_dir / "script.html")
    assert "Evil Person" not in doc.text and "alert" not in doc.text
    deep = read_document(bad_dir / "deep.html").text.splitlines()
    assert deep[0] == "# Jane Q. Doe" and "Deep Text" in deep


def test_text_pdf_is_read_line_by_line(bad_dir):
    doc = read_document(bad_dir / "cv-text.pdf")
    assert doc.format == "pdf" and doc.media_type == "application/pdf"
    lines = [ln.strip() for ln in doc.text.splitlines() if ln.strip()]
    assert lines == CV_LINES
    record = extract(doc)
    assert record.person.name == "Jane Q. Doe"
    assert record.person.emails == ["jane.doe@example.edu"]


def test_pdf_page_and_time_limits_are_reported():
    from mappers.convert import read_pdf

    three_pages = fuzz_common.make_pdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
        *["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
          "/Resources << /Font << /F1 6 0 R >> >> /Contents %d 0 R >>" % (7 + i) for i in range(3)],
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        *[fuzz_common.pdf_stream(b"BT /F1 12 Tf 72 720 Td (Page %d) Tj ET" % (i + 1)) for i in range(3)],
    ])
    text, warnings = read_pdf("long.pdf", three_pages)
    assert [ln for ln in text.split() if ln != "Page"] == ["1", "2", "3"] and warnings == []
    text, warnings = read_pdf("long.pdf", three_pages, max_pages=2)
    assert "Page 1" in text and "Page 2" in text and "Page 3" not in text
    assert warnings == ["PDF has more than 2 pages; only the first 2 were read"]
    with pytest.raises(DocumentError, match=r"long\.pdf: PDF took longer than 0 s to read"):
        read_pdf("long.pdf", three_pages, max_seconds=0)


def test_size_limit_is_checked_before_parsing(tmp_path):
    f = tmp_path / "just-over.md"
    f.write_bytes(b"# Jane Q. Doe\n" + b"x" * MAX_OTHER_BYTES)
    with pytest.raises(DocumentError, match=r"just-over\.md: file is 2\.0 MB; the limit for markdown files is 2 MB"):
        read_document(f)


def test_one_build_over_bad_files_and_seeds(bad_dir, tmp_path):
    """Every file is attempted: the seeds and the readable hostile files are built and stored as
    literal text; every bad file is listed with its reason; exit status 1."""
    import pyoxigraph as ox

    from cvgraph.build import build
    from cvgraph.config import Settings
    from cvgraph.store import open_read

    folder = tmp_path / "in"
    shutil.copytree(bad_dir, folder)
    for name in SEED_FILES.values():
        shutil.copy(SEEDS / name, folder / name)
    store = tmp_path / "store"
    with hang_guard(600):
        summary = build([folder], store, Settings(), jobs=1)
    failed = dict(summary.failed)
    assert set(failed) == set(ERRORS), summary.render()
    for name, fragments in ERRORS.items():
        assert all(f in failed[name] for f in fragments), (name, failed[name])
    assert summary.exit_code == 1 and summary.committed
    assert summary.documents == len(CASES) - len(ERRORS) + len(SEED_FILES)
    assert set(summary.reports) == (set(CASES) - set(ERRORS)) | set(SEED_FILES.values())
    assert all(SEED_FILES[k] in summary.reports for k in SEED_FILES)

    st = open_read(store)

    def names(q: str) -> set[str]:
        return {row[0].value for row in st.query("PREFIX schema: <http://schema.org/> " + q)}

    docs = names("SELECT ?n WHERE { ?d a schema:DigitalDocument ; schema:name ?n }")
    assert docs == set(summary.reports)
    people = names("SELECT ?n WHERE { ?p a schema:Person ; schema:name ?n }")
    for seed in ("ChonLam Lao", "Hao Wang", "Liangyu Zhao", "Maximilian Lam"):
        assert seed in people
    # SPARQL-looking text and script tags are data: stored as plain literals, never executed.
    literals = [row[0] for row in st.query('SELECT ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o) && '
                                           'CONTAINS(STR(?o), "DROP ALL")) }')]
    assert any('"} ; DROP ALL ; {' in lit.value for lit in literals)
    assert all(isinstance(lit, ox.Literal) for lit in literals)
    assert not list(st.quads_for_pattern(ox.NamedNode("urn:x:s"), None, None, None))
    assert names('SELECT ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o) && CONTAINS(STR(?o), "alert(1)")) }')
    everything = "\n".join(str(q) for q in st.quads_for_pattern(None, None, None, None))
    assert PASSWD_LINE not in everything
    # Lone surrogates are read as U+FFFD; a pair YAML left as two halves is its character.
    assert {"Acme \ufffd Labs", "Smile \U0001F600 and \ufffd"} <= names(
        "SELECT ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o) && CONTAINS(STR(?o), \"\ufffd\")) }")
    # A mis-escaped link is stored repaired (percent-encoded), not allowed to stop the load.
    assert "https://example.org/papers/links%20%5Bdraft%5D%20100%25.pdf" in names(
        "SELECT ?u WHERE { ?w schema:url ?u }")
    # and a javascript:, data: or file: "link" is not a link at all
    assert not names('SELECT ?o WHERE { ?s ?p ?o FILTER(isIRI(?o) && REGEX(STR(?o), "^(javascript|data|file):", "i")) }')


# ---------------------------------------------------------------------------------------
# The fuzz targets, exercised without atheris on seeds and simple mutations of them
# ---------------------------------------------------------------------------------------
FUZZ_FORMATS = ["text", "markdown", "html", "latex", "jsonresume", "yaml", "pdf"]


def _load_target(fmt: str):
    spec = importlib.util.spec_from_file_location(f"fuzz_{fmt}", FUZZ_DIR / f"fuzz_{fmt}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _mutations(data: bytes) -> list[bytes]:
    n = len(data)
    flipped = bytearray(data)
    for i in range(0, n, 7):
        flipped[i] ^= 0x5A
    return [data, data[: n // 2], data[n // 3:], bytes(flipped), data[::-1], data * 3, b"", b"\x00" + data]


@pytest.mark.parametrize("fmt", FUZZ_FORMATS)
def test_fuzz_target_handles_seeds_and_mutations(fmt):
    target = _load_target(fmt)
    assert target.FORMAT == fmt
    with hang_guard():
        for seed in fuzz_common.seed_inputs(fmt):
            for data in _mutations(seed):
                target.test_one_input(data)   # only CVGraphError may be raised inside; it is swallowed


# Found by fuzz/fuzz_latex.py (CI, session 23): a LaTeX reference whose "title" is only a year
# ("Jane Q. Doe, John Roe. \\DI 2022."): publications._finish refuses it (None), and the LaTeX
# reader then read .venue of None.
LATEX_YEAR_TITLE = (rb"\documentclass{article}\begin{document}\name{Jane Q. Doe}" b"\n"
                    rb"\section{Education}\begin{itemize}\item Ph.D., Example University, 2016--2020\&nd{itemize}" b"\n"
                    rb"\section{Publications}\begin{enumerate}\item Jane Q. Doe, John Roe. \DI 2022.\end{enumerate}"
                    rb"\end{document}" b"\n")


def test_latex_reference_whose_title_is_a_year_is_no_publication():
    from mappers.extract.latex import reference_from_text

    assert reference_from_text("Jane Q. Doe, John Roe. 2022.", "Jane Q. Doe") is None
    _load_target("latex").test_one_input(LATEX_YEAR_TITLE)     # raised AttributeError before


# Found by fuzz/run.sh (session 26, 90 s each, markdown and latex): an author list holding a run of
# "ÿ" (a letter of both the capital and the small-letter class of fields._GIVEN) took minutes, as
# the run could be cut into forenames in every way; the small-letter run is now possessive.
GIVEN_NAME_RUN = {
    "markdown": b"# Jane Q. Doe\n\n## Publications\n\n:\t Ja#;" + b"\xff" * 70 + b" Jae Q. TOe, John*. \xa9\xff.\n",
    "latex": (rb"\documentclass{article}\begin{document}\section{Publications}. Doe, " + b"\xff" * 90
              + rb"Jo\documhn Roe. \emph{A Study}\end{document}" + b"\n"),
}


@pytest.mark.parametrize("fmt", sorted(GIVEN_NAME_RUN))
def test_a_run_of_letters_in_an_author_list_is_read_in_bounded_time(fmt):
    from mappers.extract.fields import _GIVEN

    with hang_guard(10):
        assert _GIVEN.fullmatch("J" + "\u00ff" * 60 + " 1") is None
        _load_target(fmt).test_one_input(GIVEN_NAME_RUN[fmt])


def test_a_run_of_grade_letters_is_read_in_bounded_time():
    """Found by a sweep of every module-level pattern over 48-character runs of letters (session 26):
    publications._NOTE_ONLY read each 'A.' of a run in two ways, exponential in the run."""
    from mappers.extract.publications import _NOTE_ONLY

    with hang_guard(10):
        assert _NOTE_ONLY.fullmatch("A." * 60 + "!") is None
    assert _NOTE_ONLY.fullmatch("CCF A*, Oral") and _NOTE_ONLY.fullmatch("Oral session on graphs") is None


def test_fuzz_one_input_reraises_bugs(monkeypatch):
    """The harness must surface a non-CVGraphError (that is what makes a fuzzer finding)."""
    import mappers.extract as ex

    def boom(doc):
        raise ValueError("bug")

    monkeypatch.setattr(ex, "extract", boom)
    with pytest.raises(ValueError):
        fuzz_common.one_input("text", CV_TEXT.encode())


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FUZZ_FORMATS)
def test_atheris_short_run(fmt, tmp_path):
    pytest.importorskip("atheris", reason="atheris not installed (optional 'fuzz' extra)")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i, seed in enumerate(fuzz_common.seed_inputs(fmt)):
        (corpus / f"seed-{i}").write_bytes(seed)
    # -seed: the same mutations in every run of one commit, so CI does not turn red at random on
    # inputs no one can name beforehand; open-ended exploration is fuzz/run.sh's job
    proc = subprocess.run([sys.executable, str(FUZZ_DIR / f"fuzz_{fmt}.py"), "-seed=1", "-runs=200", "-max_total_time=5",
                           "-max_len=20000", "-rss_limit_mb=2048", str(corpus)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]


# Found by fuzz/fuzz_pdf.py: a 632-byte PDF whose page tree makes pdfminer.six's resolve1 loop
# forever (an object reference that resolves to itself). The time limit must stop it.
PDFMINER_LOOP = base64.b64decode("JVBERi0xLjQKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50ID0gPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTSBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iago1IDAgb2JqCjw8IC9MZW5ndGggMzI4ID4+CnN0cmVhbQpCVAovRjEgMTEgVGYKNzIgNzQwIFRkCjE0IFRMCihKYW5lIFEuaWVudGlzdCwgRXhhbXBsZSBMPCAvVHlwZSAvUGFnZXMgL0tpZHMgWzMgMCBSXSAvQ291bnQgMSA+PgplbmRvYmoKMyAwIG9iago8PCBGMSAxMiBUZiA3MiA3MjAgVGQgKHNlY3JldCkgVGpzLiIgSW4gTlNESSAyMDIxLikgVGogVCoKRVQKZW5kc3RyZWFtCmVuZG9iagp4cmVmCjAgNgowyzAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwMTUgMDAwMDAgbiAKMDAwMDAwMDA2NCAwMDAwMCBuIAowMDAwMDAwMTIxIDAwMDAwIG4gCjAwMDAwMDAyNDcgMDAwMDAgbiAKMDAwMDAwMDMxNyAwMDAwMCBuIAp0cmFpbGVyCjw8IC9TaXplIDYgL1Jvb3QgMSAwIFIgPj4Kc3RhcnR4cmVmCjY5NgolJUVPRgo=")


# Found by fuzz/run.sh (session 23): a 901-byte PDF whose catalogue object refers to itself
# ("/Root 1 0 R" inside object 1): pdfminer.six's resolve1 follows the reference forever while
# opening the document, before any page.
PDFMINER_ROOT_LOOP = base64.b64decode("JVBERi0xLjQKJeLjz9MKMSAwIG9iagp8PCAvVHlwZSAvL1NpemUgNiAvUm9vdCAxIDAgUiA+PgpzdGFydHhyZWYKNjk2CiUlRU9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAxIDAgUiAvTWVkaWFCb3ggWzAgMCA2MTIgNzkyXSAvUmVzb3VyY2VzIDw8IC9Gb250IDw8IC9GMSA0IDAgUiA+PiA+PiAvQ29udGVudHMgNSAwIFIgPj4KZW5kb2JqCjQgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5d2UgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iago1IDAgb2JqCjw8IC9MZW5ndGggMzI4ID4+CnN0cmVhbQpCVAovRjEgMTEgVGYKNzIgNzQwIFRkCjE0IFRMCgAAAAAAAAAVIERvZSkgVGogVCoKKGphbmUuZG9lQGV4//9tcGxlLmVkdSkgVGogVCoKKEVkdWNhtLS0tCn/////////////////////////////////IFRqIFQqCihQaC5ELiBpbiBDb21wdXRlciBTY2llbmNlLCBFeGFtcGxlIFVuaXZlcnNpdHksNSAxMjAgLSAyMDIwKSBUaiBUKgooRXhwZXJpZW5jZSkgVGogVCoKKFJlc2VhcmNoIFNjaWVudGlzdCwgRXhhAAAAAAAAAAJzLCAyMDIwIC0gUHJbZXNlbnQpIFRqIFQqCihQdWJsaWNhdGlvbnMpIFRqIFQqCihKYXZlIFEuIERvZSwgSm9obiBSb2UuMiAiQSBTdHVkeSBvZiBUaGluZ3MuIiBJbiBOCkVUCmVTVEkgMjAyMS4pIFRqIFQqCkVUCmVuZHN0cmVhbQplbmRvYmoKeHJlZgowIDYKMDAwMDAwMDAwMDA2NTUzNSBmIAowMDAwMDAwMDE1IDAwMDAwIG4gCjAw/v7+MDAwMDAwNjQgXTAwMDAwIG4gCjAwMDAwMDAxMjEgMDAwMDAgbiAKMDAwMDAwMDI0NyAwMDAwMCBuIAowMDAwMDAwMzE3IDAwMDAwIG4gCnRyYWlsZXIKPDwgL1NpemUgNiAvUm9vdCAxIDAgUiA+PgpzdGFydHhyZWYKNjk2CiUlRU9GCg==")


@pytest.mark.parametrize("data", [PDFMINER_LOOP, PDFMINER_ROOT_LOOP], ids=["page-tree", "root"])
def test_pdf_reference_loop_is_stopped_by_the_time_limit(data):
    from mappers.convert import read_pdf

    with hang_guard(), pytest.raises(DocumentError, match=r"loop\.pdf: PDF took longer than 2 s to read"):
        read_pdf("loop.pdf", data, max_seconds=2)


def test_a_file_name_that_is_not_utf8_is_built_and_removed(tmp_path):
    """Linux file names are bytes. One that is not UTF-8 reached the RDF and the build's index
    as lone surrogates: the file failed with an internal error, and once that was mended the
    whole build stopped writing its index. It is now built under its name with U+FFFD, with a
    warning, and `remove` finds it by its path."""
    import os

    from cvgraph.build import build, remove_documents
    from cvgraph.config import Settings
    from cvgraph.store import open_read

    folder = tmp_path / "in"
    folder.mkdir()
    raw = os.path.join(os.fsencode(folder), b"cv-\xff\xfe.txt")
    with open(raw, "wb") as f:
        f.write(CV_TEXT.encode())
    shutil.copy(SEEDS / SEED_FILES["lao"], folder / SEED_FILES["lao"])
    store = tmp_path / "store"
    summary = build([folder], store, Settings(), jobs=1)
    assert summary.exit_code == 0 and not summary.failed, summary.render()
    shown = "cv-\ufffd\ufffd.txt"
    assert "the file name is not valid UTF-8; it is recorded as 'cv-\ufffd\ufffd.txt'" in \
        summary.reports[shown]["warnings"]
    names = {row[0].value for row in open_read(store).query(
        "PREFIX schema: <http://schema.org/> SELECT ?n WHERE { ?d a schema:DigitalDocument ; schema:name ?n }")}
    assert names == {shown, SEED_FILES["lao"]}
    removed = remove_documents([os.fsdecode(raw)], store, Settings())
    assert removed.exit_code == 0, removed.render()
    names = {row[0].value for row in open_read(store).query(
        "PREFIX schema: <http://schema.org/> SELECT ?n WHERE { ?d a schema:DigitalDocument ; schema:name ?n }")}
    assert names == {SEED_FILES["lao"]}
