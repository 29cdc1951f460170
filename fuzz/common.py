"""Shared by the fuzz targets and by tests/test_bad_input.py (which loads it by path).

``one_input(fmt, data)`` is the body of every fuzz target: the bytes are written to a temporary
file with the reader's extension, then read, extracted and mapped, and the mapped graph is
parsed as strictly as the store's loader would. A CVGraphError (a per-file error
with a reason) is the expected way to refuse bad input; anything else escaping is a bug and
is re-raised so the fuzzer records a crash.

``text_pdf``/``image_pdf``/``encrypted_pdf`` write small, valid PDFs by hand (no PDF library):
one with a text layer, one with only an image, one with a Standard-security encrypt dictionary.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

EXTENSIONS = {"text": ".txt", "markdown": ".md", "html": ".html", "latex": ".tex",
              "jsonresume": ".json", "yaml": ".yaml", "pdf": ".pdf"}


def one_input(fmt: str, data: bytes) -> None:
    """Read, extract and map ``data`` as a file of format ``fmt``; only CVGraphError may escape quietly."""
    import pyoxigraph

    from cvgraph.config import Settings
    from cvgraph.errors import CVGraphError
    from mappers.extract import extract
    from mappers.rdf import SourceInfo, map_record_ntriples
    from mappers.read import read_document

    fd, name = tempfile.mkstemp(suffix=EXTENSIONS[fmt], prefix="fuzz-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        try:
            doc = read_document(name)
            record = extract(doc)
        except CVGraphError:
            return
        # What the map stage makes of any record must load into a store: parsed here with
        # Oxigraph's strict N-Triples parser, the one its bulk loader runs.
        ntriples = map_record_ntriples(record, SourceInfo(doc.name, doc.sha256, doc.media_type,
                                                          "http://127.0.0.1:8000/doc/fuzz"), Settings())
        for _ in pyoxigraph.parse(ntriples.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES):
            pass
    finally:
        os.unlink(name)


# ---------------------------------------------------------------------------------------
# Hand-written PDFs
# ---------------------------------------------------------------------------------------
def make_pdf(objects: list[str | bytes], trailer_extra: str = "") -> bytes:
    """Objects 1..n (object 1 is the catalog) → a PDF with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        if isinstance(body, str):
            body = body.encode("latin-1")
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R {trailer_extra}>>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


def pdf_stream(data: bytes, extra: str = "") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra.encode()) + data + b"\nendstream"


_CATALOG = "<< /Type /Catalog /Pages 2 0 R >>"


def _pages(n: int, first_page_obj: int = 3) -> str:
    kids = " ".join(f"{first_page_obj + i} 0 R" for i in range(n))
    return f"<< /Type /Pages /Kids [{kids}] /Count {n} >>"


def text_pdf(lines: list[str]) -> bytes:
    """One page, Helvetica, one line of text per item (Latin-1 text)."""
    ops = ["BT", "/F1 11 Tf", "72 740 Td", "14 TL"]
    for ln in lines:
        esc = ln.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        ops.append(f"({esc}) Tj T*")
    ops.append("ET")
    return make_pdf([
        _CATALOG, _pages(1),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        "/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        pdf_stream("\n".join(ops).encode("latin-1")),
    ])


def image_pdf() -> bytes:
    """One page that paints an 8x8 grey image and has no text at all (a 'scanned' page)."""
    return make_pdf([
        _CATALOG, _pages(1),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        "/Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
        pdf_stream(bytes([128] * 64), "/Type /XObject /Subtype /Image /Width 8 /Height 8 "
                                      "/ColorSpace /DeviceGray /BitsPerComponent 8 "),
        pdf_stream(b"q 200 0 0 200 72 500 cm /Im1 Do Q"),
    ])


def encrypted_pdf() -> bytes:
    """RC4 40-bit Standard security whose user password is not empty (the /U entry does not
    match the empty password), so it cannot be opened without the password."""
    return make_pdf([
        _CATALOG, _pages(1),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        "/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        pdf_stream(b"BT /F1 12 Tf 72 720 Td (secret) Tj ET"),
        "<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O <%s> /U <%s> >>" % ("11" * 32, "22" * 32),
    ], trailer_extra="/Encrypt 6 0 R /ID [<%s> <%s>] " % ("ab" * 16, "ab" * 16))


SEED_CV_LINES = [
    "Jane Q. Doe",
    "jane.doe@example.edu",
    "Education",
    "Ph.D. in Computer Science, Example University, 2015 - 2020",
    "Experience",
    "Research Scientist, Example Labs, 2020 - Present",
    "Publications",
    'Jane Q. Doe, John Roe. "A Study of Things." In NSDI 2021.',
]


def seed_inputs(fmt: str) -> list[bytes]:
    """A few small, valid inputs per reader: the starting corpus for fuzzing and the pytest run."""
    text = "\n".join(SEED_CV_LINES) + "\n"
    if fmt == "text":
        seeds = [text.encode()]
        seed_dir = ROOT / "data" / "cvs"
        seeds += [p.read_bytes() for p in sorted(seed_dir.glob("*.txt"))[:2]]
        return seeds
    if fmt == "markdown":
        return [("# Jane Q. Doe\n\n## Education\n\n- **Ph.D.**, Example University, 2015 - 2020\n\n"
                 "## Publications\n\n1. Jane Q. Doe, John Roe. *A Study of Things*. NSDI 2021.\n").encode()]
    if fmt == "html":
        return [("<html><body><h1>Jane Q. Doe</h1><h2>Education</h2><ul><li>Ph.D., Example University, "
                 "2015 - 2020</li></ul><h2>Publications</h2><ol><li>Jane Q. Doe, John Roe. "
                 "<i>A Study of Things</i>. NSDI 2021.</li></ol><script>x()</script></body></html>").encode()]
    if fmt == "latex":
        return [(r"\documentclass{article}\begin{document}\name{Jane Q. Doe}" "\n"
                 r"\section{Education}\begin{itemize}\item Ph.D., Example University, 2015--2020\end{itemize}" "\n"
                 r"\section{Publications}\begin{enumerate}\item Jane Q. Doe, John Roe. \emph{A Study of Things}. "
                 r"NSDI 2021.\end{enumerate}\end{document}" "\n").encode()]
    if fmt == "jsonresume":
        return [(b'{"basics": {"name": "Jane Q. Doe", "email": "jane@example.edu"}, "education": '
                 b'[{"institution": "Example University", "studyType": "PhD", "startDate": "2015-09", '
                 b'"endDate": "2020-06"}], "publications": [{"name": "A Study of Things", '
                 b'"publisher": "NSDI", "releaseDate": "2021"}]}')]
    if fmt == "yaml":
        return [(b"name: Jane Q. Doe\nemail: jane@example.edu\neducation:\n  - institution: Example University\n"
                 b"    degree: PhD\n    start_date: 2015-09\n    end_date: 2020-06\n")]
    if fmt == "pdf":
        return [text_pdf(SEED_CV_LINES), image_pdf(), encrypted_pdf()]
    raise KeyError(fmt)


def fuzz_main(fmt: str, test_one_input) -> None:
    """Run libFuzzer (atheris) on one reader, instrumenting the reading and extracting code."""
    import atheris

    with atheris.instrument_imports():
        import mappers.convert  # noqa: F401
        import mappers.extract  # noqa: F401
        import mappers.extract.fields  # noqa: F401
        import mappers.extract.sections  # noqa: F401
        import mappers.read  # noqa: F401
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
