"""The read stage: a file → its bytes, hash, format and decoded text.

Format is decided from the extension and then checked against the content (binary
junk, PDFs without a text layer and undecodable text are refused here with a
:class:`DocumentError` naming the file); a zip holding a Word or OpenDocument text document
is read as one whatever its extension. Markup formats (HTML, LaTeX, PDF, Org, reStructuredText,
Word .docx and OpenDocument .odt) are turned into plain text with line structure kept, so the
text extractor sees one shape;
structured formats (JSON Resume, YAML, BibTeX) keep their raw text for their own parsers.
"""
from __future__ import annotations

import codecs
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from cvgraph.errors import DocumentError

from .spans import newlines_of

# Size limits (decimal MB). A CV's text is tens of kilobytes (the longest in the shared corpus
# is 59 kB); the limits refuse files that cannot be a CV before any parsing time is spent.
MAX_BYTES = 25_000_000           # any file; PDFs carry fonts and images, so they get all of it
MAX_FORMAT_BYTES = {"pdf": 25_000_000, "html": 5_000_000,    # saved web pages carry scripts/styles
                    "docx": 25_000_000, "odt": 25_000_000}   # word-processor files carry images and fonts
MAX_OTHER_BYTES = 2_000_000      # text, Markdown, LaTeX, JSON, YAML, BibTeX
MAX_TEXT_CHARS = 2_000_000       # plain text handed to the extractors (after PDF/HTML/LaTeX conversion)
MAX_NESTING = 100                # levels of JSON/YAML nesting (a JSON Resume has about 5)
MAX_VALUES = 200_000             # YAML values after alias expansion (refuses "billion laughs")
SUPPORTED = {
    ".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown",
    ".qmd": "markdown", ".rmd": "markdown",     # Quarto and R Markdown CVs (Markdown with a YAML header)
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".tex": "latex", ".latex": "latex",
    ".pdf": "pdf",
    ".json": "jsonresume",
    ".yml": "yaml", ".yaml": "yaml",
    ".bib": "bibtex",
    ".org": "org",                               # Emacs Org-mode
    ".rst": "rst", ".rest": "rst",               # reStructuredText (Sphinx, GitHub)
    ".docx": "docx",                             # Word 2007 and later (Office Open XML)
    ".odt": "odt",                               # OpenDocument text (LibreOffice, Google Docs export)
}
# Word-processor files cvgraph cannot read, refused with what to do instead
UNREADABLE_WORD = {".doc": "an old binary Word document (.doc)", ".rtf": "a Rich Text Format document (.rtf)",
                   ".pages": "an Apple Pages document (.pages)", ".wpd": "a WordPerfect document (.wpd)"}
MEDIA_TYPES = {
    "text": "text/plain", "markdown": "text/markdown", "html": "text/html",
    "latex": "application/x-latex", "pdf": "application/pdf", "jsonresume": "application/json",
    "yaml": "application/yaml", "bibtex": "application/x-bibtex",
    "org": "text/x-org", "rst": "text/x-rst",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "odt": "application/vnd.oasis.opendocument.text",
}


@dataclass(frozen=True)
class SourceDocument:
    """A read document: plain data handed to the extract stage."""

    path: str
    name: str
    sha256: str
    format: str
    text: str                      # plain text with line structure (markup converted)
    raw: str = ""                  # the decoded source as written (LaTeX/HTML/JSON/YAML/BibTeX)
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.format]


def detect_format(path: Path, data: bytes) -> str:
    ext = path.suffix.lower()
    if data[:5] == b"%PDF-":
        return "pdf"
    if ext == ".pdf":
        if data[:4] == b"PK\x03\x04":
            raise DocumentError(path.name, "not a PDF (it is a zip archive renamed .pdf)")
        raise DocumentError(path.name, "not a PDF (no %PDF- header)")
    if data[:4] == b"PK\x03\x04":
        from mappers.office import office_kind, zip_readable

        kind = office_kind(data)
        if kind:
            return kind
        if ext in (".docx", ".odt"):
            what = "Word" if ext == ".docx" else "OpenDocument text"
            if not zip_readable(data):
                raise DocumentError(path.name, f"corrupt {what} document: not a readable zip archive "
                                               "(truncated or damaged)")
            raise DocumentError(path.name, f"not {'a' if ext == '.docx' else 'an'} {what} document: a zip archive "
                                           "with neither word/document.xml nor the mimetype "
                                           "application/vnd.oasis.opendocument.text")
    from mappers.office import OLE2_MAGIC, compound_file_problem

    if data[:8] == OLE2_MAGIC:
        raise DocumentError(path.name, compound_file_problem(data))
    if ext in (".docx", ".odt"):
        raise DocumentError(path.name, f"not {'a Word' if ext == '.docx' else 'an OpenDocument text'} document "
                                       "(no zip header; damaged or renamed?)")
    if ext in UNREADABLE_WORD or data[:5] == b"{\\rtf":
        what = UNREADABLE_WORD.get(ext, "a Rich Text Format document (.rtf)")
        raise DocumentError(path.name, f"{what}, which cvgraph does not read; save it as .docx or PDF")
    if ext in SUPPORTED:
        return SUPPORTED[ext]
    if not ext or ext in (".cv", ".resume"):
        return "text"
    raise DocumentError(path.name, f"unsupported file type {ext!r} (supported: {', '.join(sorted(SUPPORTED))})")


def decode_text(name: str, data: bytes) -> tuple[str, list[str]]:
    """Bytes → str. UTF-8 (with or without BOM), UTF-16/32 by BOM; else a detected legacy encoding."""
    warnings: list[str] = []
    for bom, enc in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                     (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                     (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(enc), warnings
            except UnicodeDecodeError as exc:
                raise DocumentError(name, f"invalid {enc} text: {exc.reason} at byte {exc.start}") from exc
    utf16 = utf16_without_bom(data)
    if utf16:
        try:
            return data.decode(utf16), [f"no byte-order mark; decoded as {utf16.upper()}"]
        except UnicodeDecodeError as exc:
            raise DocumentError(name, f"invalid {utf16.upper()} text: {exc.reason} at byte {exc.start}") from exc
    if looks_binary(data):
        raise DocumentError(name, "binary data, not a text document (control bytes in the content)")
    try:
        return data.decode("utf-8"), warnings
    except UnicodeDecodeError as exc:
        bad_at = exc.start
    from charset_normalizer import from_bytes

    matches = from_bytes(data[:200_000])
    best = matches.best()
    # Short texts are ambiguous between legacy code pages; Western CVs are far more often
    # Windows-1252/Latin-1, so prefer those when they read as cleanly as the best guess.
    for m in matches:
        if m.encoding in ("cp1252", "latin_1", "iso8859_15") and best is not None and m.chaos <= best.chaos + 0.05:
            best = m
            break
    if best is None or best.encoding is None:
        raise DocumentError(name, f"not valid UTF-8 (byte {bad_at}) and no other text encoding fits")
    warnings.append(f"not valid UTF-8 (byte {bad_at}); decoded as {best.encoding}")
    return data.decode(best.encoding, errors="replace"), warnings


def utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le'/'utf-16-be' when the bytes look like BOM-less UTF-16 text: a NUL in (nearly)
    every other byte, on one side only — which ASCII-range text in UTF-16 always has."""
    sample = data[:4096]
    sample = sample[: len(sample) - len(sample) % 2]
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    even_nul = sample[0::2].count(0)
    odd_nul = sample[1::2].count(0)
    if odd_nul >= 0.5 * pairs and even_nul <= 0.02 * pairs:
        return "utf-16-le"
    if even_nul >= 0.5 * pairs and odd_nul <= 0.02 * pairs:
        return "utf-16-be"
    return None


def looks_binary(data: bytes) -> bool:
    """NUL bytes, or many C0 control bytes other than tab/newline/CR/FF, mean binary."""
    sample = data[:65536]
    if not sample:
        return False
    if b"\x00" in sample:
        return True
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return controls / len(sample) > 0.01


# C0 control bytes other than tab, newline, form feed and carriage return.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13))


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n % 1_000_000 else f"{n // 1_000_000} MB"


def file_name(path: str | Path) -> str:
    """The file's name as text. Linux file names are bytes; Python keeps bytes that are not
    UTF-8 as lone surrogates (PEP 383), which no UTF-8 output (RDF, JSON, a terminal) can
    hold, so those bytes are shown as U+FFFD."""
    name = Path(path).name
    if _SURROGATE.search(name):
        name = os.fsencode(name).decode("utf-8", "replace")
    return name


def read_document(path: str | Path) -> SourceDocument:
    """Read one file; raise DocumentError (naming the file) if it cannot be a CV."""
    path = Path(path)
    name = file_name(path)
    name_warnings = [] if name == path.name else [f"the file name is not valid UTF-8; it is recorded as {name!r}"]
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise DocumentError(name, f"file is {size / 1e6:.1f} MB; the limit is {_mb(MAX_BYTES)}")
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError(name, f"cannot read file: {exc.strerror or exc}") from exc
    if not data.strip():
        raise DocumentError(name, "empty file" if not data else "file contains only whitespace")
    fmt = detect_format(path, data)
    limit = MAX_FORMAT_BYTES.get(fmt, MAX_OTHER_BYTES)
    if len(data) > limit:
        raise DocumentError(name, f"file is {len(data) / 1e6:.1f} MB; the limit for {fmt} files is {_mb(limit)} "
                                  "(a CV's text is tens of kB)")
    sha = hashlib.sha256(data).hexdigest()
    warnings: list[str] = []
    try:
        if fmt == "pdf":
            from mappers.convert import read_pdf

            text, warnings = read_pdf(name, data)
            raw = text
        elif fmt in ("docx", "odt"):
            from mappers.convert import html_to_text
            from mappers.office import docx_to_html, odt_to_html

            html, raw = (docx_to_html if fmt == "docx" else odt_to_html)(name, data)
            text = html_to_text(html, keep_tabs=True)
        else:
            text, warnings = decode_text(name, data)
            raw = text
            if not text.strip():
                raise DocumentError(name, "file contains only whitespace")
            if fmt == "html" and (block := _markdown_block(text)) is not None:
                # a page that renders Markdown in the browser (strapdown.js: "<xmp theme=…">
                # # Jane Roe …</xmp>"): the Markdown it holds, on the lines it holds them
                text = block
                fmt = "markdown"
                name_warnings.append(f"{name}: the .html page holds its text as Markdown; read as Markdown")
            elif fmt == "html" and _markdown_in_html(text):
                # a Jekyll page named .html whose body is written in Markdown ("Education\n======",
                # "* M.S. in …"): read as the Markdown it is
                fmt = "markdown"
                name_warnings.append(f"{name}: the .html file holds Markdown; read as Markdown")
            elif fmt == "html":
                from mappers.convert import html_to_text

                text = html_to_text(text)
            elif fmt == "latex":
                from mappers.convert import latex_to_text

                text = latex_to_text(text)
            elif fmt == "org":
                from mappers.markup import org_to_text

                text = org_to_text(text)
            elif fmt == "rst":
                from mappers.markup import rst_to_text

                text = rst_to_text(text)
    except RecursionError:
        raise DocumentError(name, f"{fmt} document is nested too deeply to read") from None
    warnings[:0] = name_warnings
    warnings.extend(check_structure(name, fmt, text))
    if len(text) > MAX_TEXT_CHARS:
        raise DocumentError(name, f"text is {len(text):,} characters; the limit is {MAX_TEXT_CHARS:,}")
    if not text.strip():
        raise DocumentError(name, f"no text left after converting the {fmt} markup")
    if fmt not in ("jsonresume", "yaml", "bibtex"):
        warnings.extend(long_line_warnings(text))
    if fmt == "latex":
        warnings.extend(latex_brace_warnings(raw))
    return SourceDocument(path=str(path), name=name, sha256=sha, format=fmt, text=text, raw=raw,
                          warnings=tuple(warnings))


_MD_HEADING = re.compile(r"(?m)^(?:#{1,6} \S.*|[^\s<][^\n<]{0,80}\n(?:={3,}|-{3,})[ \t]*)$")
_MD_BULLET = re.compile(r"(?m)^[ \t]{0,8}[*+-] \S")
_HTML_BLOCK_TAG = re.compile(r"(?i)<(?:p|div|h[1-6]|li|table|tr|section|article|br|body|html)\b")
_FRONT_MATTER_BLOCK = re.compile(r"\A\ufeff?---[ \t]*\n.*?\n---[ \t]*\n", re.S)


# the element a browser-side Markdown renderer reads (strapdown.js's <xmp>, a <textarea> or a
# <script type="text/markdown">), its text left as written
_MARKDOWN_OPEN = re.compile(r"<(xmp|textarea|script)\b([^<>]{0,300})>", re.I)
_MARKDOWN_CLOSE = {tag: re.compile(r"</" + tag + r"\s*>", re.I) for tag in ("xmp", "textarea", "script")}
_TAGS_AND_SPACE = re.compile(r"<[^<>]*>|\s+")
_SPACE = re.compile(r"\s+")


def _markdown_block(text: str) -> str | None:
    """The Markdown of a page whose body is one block of Markdown for a script to render (most of
    its text in an <xmp>, or in a <textarea>/<script> marked as Markdown), the lines before and
    after it blank so line numbers stay the file's; None for any other page."""
    head_text = text[:200_000]
    low = head_text.lower()
    if "<xmp" not in low and "markdown" not in low:
        return None
    # (each element's closer found by its own search, and a tag with no closer left is not looked
    # for again: the lazy "(.*?)</\1>" read the rest of the page from every unclosed <script>)
    pos, unclosed = 0, set()
    for m in _MARKDOWN_OPEN.finditer(head_text):
        tag = m.group(1).lower()
        if m.start() < pos or tag in unclosed:
            continue
        close = _MARKDOWN_CLOSE[tag].search(head_text, m.end())
        if close is None:
            unclosed.add(tag)
            continue
        pos = close.end()
        if tag != "xmp" and "markdown" not in m.group(2).lower():
            continue
        body = text[m.end():close.start()]
        body_len = len(_SPACE.sub("", body))
        if body_len < 200 or len(_TAGS_AND_SPACE.sub("", text[: m.start()] + text[close.end():])) * 2 > body_len:
            continue        # a snippet of Markdown on a page of its own text, not the page
        return newlines_of(text[: m.end()]) + body + newlines_of(text[close.start():])
    return None


def _markdown_in_html(text: str) -> bool:
    """An .html file written in Markdown (a Jekyll page): two or more Markdown headings, Markdown
    bullets, and fewer HTML block tags than Markdown lines; no <html> or <body>."""
    body = _FRONT_MATTER_BLOCK.sub("", text[:200_000], count=1)
    low = body[:5000].lower()
    if "<html" in low or "<body" in low or "<!doctype" in low:
        return False
    headings = len(_MD_HEADING.findall(body))
    if headings < 2:
        return False
    md_lines = headings + len(_MD_BULLET.findall(body))
    return md_lines >= 4 and len(_HTML_BLOCK_TAG.findall(body)) * 2 < md_lines


def long_line_warnings(text: str) -> list[str]:
    """The text extractor reads the first MAX_LINE characters of a line; say so when it cuts."""
    from mappers.extract.sections import MAX_LINE

    long = [(no, len(line)) for no, line in enumerate(text.split("\n"), 1) if len(line) > MAX_LINE]
    if not long:
        return []
    no, n = long[0]
    more = f" (and {len(long) - 1} more such lines)" if len(long) > 1 else ""
    return [f"line {no} is {n:,} characters long; only its first {MAX_LINE:,} were read{more}"]


def latex_brace_warnings(tex: str) -> list[str]:
    """Unbalanced braces make LaTeX parsers swallow the rest of the document into one argument;
    say where, so a thin record is explained."""
    opened: list[int] = []
    for no, line in enumerate(tex.split("\n"), 1):
        i = 0
        while i < len(line):
            c = line[i]
            if c == "\\":
                i += 2
                continue
            if c == "%":
                break
            if c == "{":
                opened.append(no)
            elif c == "}":
                if not opened:
                    return [f"LaTeX braces are unbalanced: a '}}' on line {no} closes nothing"]
                opened.pop()
            i += 1
    if opened:
        return [f"LaTeX braces are unbalanced: {len(opened)} '{{' never closed (the first on line {opened[0]}); "
                "text after it may be misread"]
    return []


JSON5_MAX_CHARS = 2_000_000   # the lenient reader is pure Python; strict JSON has no such limit


# A JSON or YAML string escape for half of a UTF-16 pair (\ud83d, \U0000DE00). Parsers
# decode an unpaired one to a lone surrogate, which no UTF-8 output can hold.
_SURROGATE_ESCAPE = re.compile(r"\\(?:u|U0000)[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_WARNING = "unpaired UTF-16 surrogate escapes (e.g. \\ud800) read as U+FFFD"


def without_surrogates(value, text: str):
    """``value`` parsed from ``text`` with its strings made encodable: a surrogate pair left as
    two halves (YAML does that) becomes its character and an unpaired half becomes U+FFFD.
    Returns (value, whether an unpaired half was replaced). Only text that holds such an
    escape is walked."""
    if not _SURROGATE_ESCAPE.search(text):
        return value, False
    replaced = False

    def fix(v):
        nonlocal replaced
        if isinstance(v, str):
            if _SURROGATE.search(v):
                v = v.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
                replaced = replaced or "\ufffd" in v
            return v
        if isinstance(v, dict):
            return {fix(k): fix(x) for k, x in v.items()}
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v

    return fix(value), replaced


def parse_json(name: str, text: str) -> tuple[object, bool, bool]:
    """JSON text → (value, lenient, surrogates replaced: see ``without_surrogates``).
    Hand-edited JSON Resume files (al-folio's resume.json and the like) often carry ``//``
    comments and trailing commas, which strict JSON refuses; such a file is read with the
    JSON5 grammar (``json5``, a superset of JSON) and ``lenient`` is True.
    Anything JSON5 refuses too is reported with the strict parser's line and column."""
    try:
        value, replaced = without_surrogates(json.loads(text), text)
        return value, False, replaced
    except json.JSONDecodeError as exc:
        strict = exc
    if len(text) <= JSON5_MAX_CHARS:
        import json5

        try:
            value, replaced = without_surrogates(json5.loads(text), text)
            return value, True, replaced
        except ValueError:
            pass
    hint = ""
    if re.search(r"(?m)^\s*//|/\*", text) or re.search(r",\s*[}\]]", text):
        hint = " (read as JSON5 too, which allows comments and trailing commas: invalid there as well)"
    raise DocumentError(name, f"invalid JSON at line {strict.lineno}, column {strict.colno}: {strict.msg}{hint}")


_YAML_CLOSING = re.compile(r"\n(?:---|\.\.\.)[ \t]*(?:\n[ \t]*(?:#[^\n]*)?)*\s*\Z")


def yaml_one_document(text: str) -> str:
    """YAML data files written like front matter, between two `---` lines, end with a
    document marker followed by nothing: that closing marker is cut, so the file is the one
    document it holds (a second document with content still makes the file invalid)."""
    if "\n---" not in text and "\n..." not in text:
        return text
    return _YAML_CLOSING.sub("\n", text)


def check_structure(name: str, fmt: str, text: str) -> list[str]:
    """JSON and YAML are parsed once here to refuse, with a reason, what would make their
    readers crash or hang: syntax errors, nesting past MAX_NESTING levels, YAML aliases that
    refer to themselves or expand past MAX_VALUES values. Returns warnings (JSON read leniently)."""
    if fmt == "jsonresume":
        try:
            data, lenient, replaced = parse_json(name, text)
        except RecursionError:
            raise DocumentError(name, f"JSON is nested too deeply (the limit is {MAX_NESTING} levels)") from None
        stack = [(data, 1)]
        while stack:
            value, depth = stack.pop()
            if depth > MAX_NESTING:
                raise DocumentError(name, f"JSON is nested too deeply (the limit is {MAX_NESTING} levels)")
            if isinstance(value, dict):
                stack.extend((v, depth + 1) for v in value.values())
            elif isinstance(value, list):
                stack.extend((v, depth + 1) for v in value)
        warnings = [SURROGATE_WARNING] if replaced else []
        if lenient:
            warnings.append("not strict JSON (comments, trailing commas or other JSON5 syntax); read as JSON5")
        return warnings
    elif fmt == "yaml":
        import yaml

        try:
            root = yaml.compose(yaml_one_document(text), Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            return []  # the YAML reader reports syntax errors with their line and column
        except RecursionError:
            raise DocumentError(name, f"YAML is nested too deeply (the limit is {MAX_NESTING} levels)") from None
        if root is not None:
            scalars = _check_yaml_nodes(name, root)
            if without_surrogates(scalars, text)[1]:
                return [SURROGATE_WARNING]
    return []


def _check_yaml_nodes(name: str, root) -> list[str]:
    """Refuses cycles, expansion past MAX_VALUES and nesting past MAX_NESTING; returns the
    scalars' values."""
    import yaml

    scalars: list[str] = []
    values = 0
    on_path: set[int] = set()
    stack: list[tuple[object, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, leaving = stack.pop()
        if leaving:
            on_path.discard(id(node))
            continue
        if id(node) in on_path:
            raise DocumentError(name, "YAML alias refers to itself (a cycle)")
        values += 1
        if values > MAX_VALUES:
            raise DocumentError(name, f"YAML expands to more than {MAX_VALUES:,} values "
                                      "(aliases repeated inside aliases?)")
        if depth > MAX_NESTING:
            raise DocumentError(name, f"YAML is nested too deeply (the limit is {MAX_NESTING} levels)")
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            scalars.append(node.value)
            continue
        on_path.add(id(node))
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in reversed(children))
    return scalars


def iter_input_files(paths: list[Path]) -> list[Path]:
    """Expand folders (recursively) into files, sorted for determinism; skip hidden files and
    the owner files Word leaves beside a document it has open (``~$cv.docx``)."""
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob("*") if f.is_file() and not f.name.startswith("~$")
                                and not any(part.startswith(".") for part in f.relative_to(p).parts)))
        else:
            files.append(p)
    return files
