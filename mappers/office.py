"""Word (.docx) and OpenDocument (.odt) CVs → the HTML the project's HTML path reads.

A .docx is turned into semantic HTML by mammoth (headings from Heading styles, lists from
numbering, tables, links with their targets, bold runs as ``<strong>``); an .odt is walked
here with odfpy's element tree into the same HTML. Both then get the same general repairs for
how word-processor CVs are written, and go through ``convert.html_to_text`` with tabs kept:

- a short paragraph that is bold, all capitals or set larger than the body text, and reads as
  a section heading ("Education", "Research Experience"), becomes a heading; the first such
  paragraph that names no section (the name, set large and bold at the top) becomes the title;
  a paragraph style named like a heading ("Title", "Section Heading") counts as one;
- text set in capitals by a character format (Word's "All caps") is written in capitals, as
  the page shows it;
- a tab stays a tab ("2016 – 2020<TAB>Ph.D., …"), the shape the text extractor reads as a
  date cell beside its entry;
- a table used as a date column (each row: a date cell and an entry cell, the entry perhaps
  in several paragraphs) becomes one line per row, "date<TAB>entry", with the entry's other
  paragraphs under it; a table laid out as page columns (several cells with several
  paragraphs) is read cell by cell;
- the page header (and footer lines with an address or a link) comes first: contact lines
  often sit there;
- a link whose label is a generic word ("Website", "PDF", "DOI") keeps its target beside it;
  e-mail and profile links already do in the HTML path.

The zip is checked before any XML is parsed (entry count, the uncompressed size declared for
the whole archive and for the XML read, encryption, DTDs that could expand entities): such
files are refused with a DocumentError naming the problem, as are old binary .doc files.
"""
from __future__ import annotations

import contextlib
import html as htmlmod
import io
import re
import struct
import zipfile
import zlib
from collections import Counter

from cvgraph.errors import DocumentError
from mappers.convert import _alarm, _PDFTimeout

MAX_ZIP_ENTRIES = 2_000            # a CV saved by Word has 10–40 parts, more with many images
MAX_ZIP_UNCOMPRESSED = 200_000_000  # declared size of all parts (images included)
MAX_XML_BYTES = 30_000_000         # declared size of all the XML parts
# declared size of the body (word/document.xml, content.xml): a long CV's is under 1 MB, and
# the converters take about 1 s a megabyte on this machine's slower runs
MAX_BODY_XML_BYTES = 5_000_000
MAX_SECONDS = 60.0                 # wall-clock budget for one document's conversion (as for PDFs)
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"   # compound file: old .doc, or an encrypted .docx
ODT_MIMETYPE = b"application/vnd.oasis.opendocument.text"
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")
# what zipfile raises on damaged archives (unsupported versions and methods included)
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, struct.error, OSError, KeyError, ValueError,
               EOFError, RuntimeError, NotImplementedError)


# ------------------------------------------------------------------------- detection and checks

def office_kind(data: bytes) -> str | None:
    """'docx' or 'odt' when the bytes are a zip holding a Word or OpenDocument text document;
    None for any other zip (or bytes that are no readable zip)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist()[:MAX_ZIP_ENTRIES + 1])
            if "word/document.xml" in names:
                return "docx"
            if "mimetype" in names:
                info = z.getinfo("mimetype")
                if info.file_size <= 200 and not info.flag_bits & 0x1:
                    return "odt" if z.read("mimetype").strip() == ODT_MIMETYPE else None
            if "content.xml" in names and "META-INF/manifest.xml" in names:
                info = z.getinfo("META-INF/manifest.xml")
                if info.file_size <= 1_000_000 and not info.flag_bits & 0x1 and \
                        ODT_MIMETYPE in z.read("META-INF/manifest.xml"):
                    return "odt"
    except _ZIP_ERRORS:
        return None
    return None


def zip_readable(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            z.infolist()
        return True
    except _ZIP_ERRORS:
        return False


def compound_file_problem(data: bytes) -> str:
    """The reason an OLE2 compound file (not a zip) cannot be read."""
    if _ENCRYPTED_PACKAGE in data[:4_000_000]:
        return ("an encrypted (password-protected) Office document; save it without a password, "
                "as .docx or PDF")
    return ("an old binary Word document (.doc) or another pre-2007 Office file; cvgraph reads .docx, "
            ".odt and PDF: save it as .docx or PDF")


def open_zip(name: str, data: bytes, kind: str) -> dict[str, bytes]:
    """The archive's XML parts (name → bytes), after the checks that keep a hostile zip from
    costing memory or time."""
    label = {"docx": "Word document (.docx)", "odt": "OpenDocument text (.odt)"}[kind]
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
        infos = z.infolist()
    except _ZIP_ERRORS as exc:
        raise DocumentError(name, f"corrupt {label}: not a readable zip archive ({exc})") from None
    if len(infos) > MAX_ZIP_ENTRIES:
        raise DocumentError(name, f"{label} has {len(infos):,} zip entries; the limit is {MAX_ZIP_ENTRIES:,} "
                                  "(a zip bomb?)")
    total = sum(i.file_size for i in infos)
    if total > MAX_ZIP_UNCOMPRESSED:
        raise DocumentError(name, f"{label} unpacks to {total / 1e6:,.0f} MB; the limit is "
                                  f"{MAX_ZIP_UNCOMPRESSED // 1_000_000} MB (a zip bomb?)")
    xml = [i for i in infos if i.filename.endswith((".xml", ".rels"))]
    xml_total = sum(i.file_size for i in xml)
    if xml_total > MAX_XML_BYTES:
        raise DocumentError(name, f"{label}'s XML unpacks to {xml_total / 1e6:,.0f} MB; the limit is "
                                  f"{MAX_XML_BYTES // 1_000_000} MB (a zip bomb?)")
    body = next((i for i in infos if i.filename == ("word/document.xml" if kind == "docx" else "content.xml")), None)
    if body is not None and body.file_size > MAX_BODY_XML_BYTES:
        raise DocumentError(name, f"{label}'s text part unpacks to {body.file_size / 1e6:,.1f} MB; the limit is "
                                  f"{MAX_BODY_XML_BYTES // 1_000_000} MB (a CV's is under 1 MB)")
    if any(i.flag_bits & 0x1 for i in infos):
        raise DocumentError(name, f"encrypted (password-protected) {label}; save it without a password")
    if kind == "odt" and "META-INF/manifest.xml" in z.namelist() and \
            b"encryption-data" in _read(name, z, "META-INF/manifest.xml", label):
        raise DocumentError(name, f"encrypted (password-protected) {label}; save it without a password")
    parts: dict[str, bytes] = {}
    for info in xml:
        part = _read(name, z, info.filename, label) if info.file_size else b""
        if b"<!DOCTYPE" in part or b"<!ENTITY" in part:
            raise DocumentError(name, f"{label} part {info.filename} declares a DTD, which no Word or "
                                      "OpenDocument file does (entity expansion refused)")
        parts[info.filename] = part
    return parts


# Table styles and latent-style lists: most of a template's styles.xml (python-docx's default
# has ~9,000 elements, 95 % of them these), never needed here, and parsed by mammoth at ~50 µs
# an element. w:style elements do not nest, so the first closing tag ends each (an empty,
# self-closing one is left alone: it has no closing tag of its own).
_TABLE_STYLE = re.compile(rb"<w:style\b[^>]*\bw:type=\"table\"[^>]*(?<!/)>.*?</w:style>", re.S)
_LATENT_STYLES = re.compile(rb"<w:latentStyles\b[^>]*(?<!/)>.*?</w:latentStyles>", re.S)


def _docx_for_mammoth(parts: dict[str, bytes]) -> bytes:
    """A stored (uncompressed) zip of the XML parts alone, styles.xml without table and latent
    styles: what mammoth reads (images are never opened; see docx_to_html)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for part, value in parts.items():
            if part == "word/styles.xml":
                value = _LATENT_STYLES.sub(b"", _TABLE_STYLE.sub(b"", value))
            z.writestr(part, value)
    return buf.getvalue()


def _failure(name: str, label: str, exc: Exception) -> DocumentError:
    """What a converter's exception means for the user."""
    if isinstance(exc, _PDFTimeout):
        return DocumentError(name, f"{label} took longer than {MAX_SECONDS:.0f} s to read; is it malformed?")
    if isinstance(exc, RecursionError):
        return DocumentError(name, f"{label} is nested too deeply to read")
    return DocumentError(name, f"damaged {label}: {type(exc).__name__}: {str(exc)[:200]}")


def _read(name: str, z: zipfile.ZipFile, part: str, label: str) -> bytes:
    try:
        return z.read(part)
    except _ZIP_ERRORS as exc:
        raise DocumentError(name, f"corrupt {label}: part {part} cannot be unpacked ({exc})") from None


# ------------------------------------------------------------------------- shared heading rule

_HEADING_N = re.compile(r"(?i)heading\s*([1-6])")
_TITLE_STYLE = re.compile(r"(?i)title")
_HEADING_LIKE_STYLE = re.compile(r"(?i)(?<![a-z])(?:heading|section\s*(?:title|head|header)|cv\s*section)(?![a-z])")
_DIGIT = re.compile(r"\d")
# a bold line ending in a role's noun is an entry's role ("Teaching Assistant", "Publications
# Chair"), though its first word names a section
_ROLE_END = re.compile(r"(?i)\b(?:assistant|chair|co-chair|member|fellow|officer|coordinator|reviewer|editor|lead|"
                       r"director|instructor|grader|tutor|intern|associate|representative|organi[sz]er)s?$")


def style_heading_level(style_name: str | None) -> int | None:
    """A heading level from a paragraph style's name: 'Heading 2' → 2, 'Title' → 1, a custom
    style named like a heading ('Section Title', 'CV Heading') → 2."""
    if not style_name:
        return None
    s = style_name.replace("_20_", " ").strip()
    if m := _HEADING_N.fullmatch(s):
        return int(m.group(1))
    if _TITLE_STYLE.fullmatch(s):
        return 1
    if _HEADING_LIKE_STYLE.search(s) and "sub" not in s.lower():
        return 2
    return None


def visual_heading(text: str, bold: bool, caps: bool, larger: bool, seen_heading: bool) -> int | None:
    """The heading level of a paragraph set apart only by its look (None: body text).

    Short (≤ 6 words, ≤ 60 characters, no tab) and bold, in capitals or larger than the body.
    It is a section heading when its words name a section; otherwise only a larger, bold or
    capitals line with no digit is one, and the first such line (the name at the top) is the
    title."""
    from mappers.extract.sections import classify_heading

    t = text.strip().rstrip(":").strip()
    if not t or len(t) > 60 or "\t" in t or "\n" in t or len(t.split()) > 6 or not (bold or caps or larger):
        return None
    if classify_heading(t) and (caps or larger or not _ROLE_END.search(t)):
        return 2
    if larger and (bold or caps) and not _DIGIT.search(t):
        return 2 if seen_heading else 1
    return None


_TITLE_MARK = "cvgraph title"      # the paragraph set in the document's one largest type
_TITLE_CLASS = "cvgraph-title"


def title_like(text: str) -> bool:
    """The document's title (its largest type, in one paragraph): short, no digit, no section's name."""
    from mappers.extract.sections import classify_heading

    t = text.strip()
    return 0 < len(t) <= 60 and "\t" not in t and len(t.split()) <= 6 and not _DIGIT.search(t) \
        and not classify_heading(t)


def _is_caps(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _larger(size: float | None, body: float | None) -> bool:
    if size is None:
        return False
    return size >= body * 1.15 if body else size >= 13


# ------------------------------------------------------------------------- .docx (mammoth)

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def docx_to_html(name: str, data: bytes) -> tuple[str, str]:
    """A .docx → (HTML for the text, mammoth's HTML as the raw source, one block a line)."""
    import mammoth
    from mammoth import documents as md

    parts = open_zip(name, data, "docx")
    label = "Word document (.docx)"

    styles = _DocxStyles(name, parts.get("word/styles.xml"), label)

    def transform(document):
        document = styles.resolve(document)
        sizes: Counter = Counter()
        for run in _descendants(document, md.Run):
            n = len(_run_text(run).strip())
            if n:
                sizes[run.font_size] += n
        body = sizes.most_common(1)[0][0] if sizes else None
        largest = max((k for k in sizes if k is not None), default=None)
        at_largest = sum(1 for p in _descendants(document, md.Paragraph)
                         if (rs := _text_runs(p)) and all(r.font_size == largest for r in rs)) if largest else 0
        seen = [False]

        def walk(el):
            if isinstance(el, (md.HasChildren, md.TableCellUnmerged)):
                el = el.copy(children=[walk(c) for c in el.children])
            if isinstance(el, md.Paragraph):
                el = paragraph(el)
            return el

        def paragraph(p):
            level = style_heading_level(p.style_name)
            if level is not None and not _HEADING_N.fullmatch((p.style_name or "").strip()):
                seen[0] = seen[0] or level > 1
                return p.copy(style_id=f"Heading{level}", style_name=f"Heading {level}")
            if level is not None:
                seen[0] = True
                return p
            if p.numbering is not None:
                return p
            runs = _text_runs(p)
            if not runs:
                return p
            text = "".join(_run_text(r) for r in _descendants(p, md.Run))
            bold = all(r.is_bold for r in runs)
            caps = all(r.is_all_caps or _is_caps(_run_text(r)) for r in runs)
            larger = all(_larger(r.font_size, body) for r in runs)
            if at_largest == 1 and larger and all(r.font_size == largest for r in runs) \
                    and title_like(text):
                return p.copy(style_id="CvgraphTitle", style_name=_TITLE_MARK)
            level = visual_heading(text, bold, caps, larger, seen[0])
            if level is None:
                return p
            seen[0] = True
            return p.copy(style_id=f"Heading{level}", style_name=f"Heading {level}")

        return walk(document)

    try:
        with _alarm(MAX_SECONDS):
            result = mammoth.convert_to_html(io.BytesIO(_docx_for_mammoth(parts)), transform_document=transform,
                                             convert_image=mammoth.images.img_element(lambda image: {}),
                                             ignore_empty_paragraphs=True,
                                             style_map=f"p[style-name='{_TITLE_MARK}'] => h1.{_TITLE_CLASS}:fresh")
    except DocumentError:
        raise
    except Exception as exc:   # noqa: BLE001 - a damaged part fails in many ways inside the library
        raise _failure(name, label, exc) from None
    body_html = result.value
    top = _docx_margin_html(name, parts, label)
    return finish_html(top + body_html), _raw_lines(body_html)


_W_OFF = {"0", "false", "off", "none"}


class _DocxStyles:
    """Bold, capitals and type size that paragraph and character styles (with their basedOn
    parents and the document defaults) give a run; mammoth gives only a run's own formatting."""

    def __init__(self, name: str, xml: bytes | None, label: str) -> None:
        from xml.etree import ElementTree as ET

        self.styles: dict[str, tuple[str | None, dict]] = {}
        self.defaults: dict = {}
        self.default_paragraph: str | None = None
        self.cache: dict[str, dict] = {}
        if not xml:
            return
        try:
            root = ET.fromstring(xml)
        except (ET.ParseError, ValueError) as exc:
            raise DocumentError(name, f"damaged {label}: word/styles.xml is not well-formed XML ({exc})") from None
        rpr = root.find(f"{_W}docDefaults/{_W}rPrDefault/{_W}rPr")
        if rpr is not None:
            self.defaults = self._props(rpr)
        for st in root.iter(f"{_W}style"):
            sid = st.get(f"{_W}styleId")
            if not sid:
                continue
            based = st.find(f"{_W}basedOn")
            rpr = st.find(f"{_W}rPr")
            self.styles[sid] = (based.get(f"{_W}val") if based is not None else None,
                                self._props(rpr) if rpr is not None else {})
            if st.get(f"{_W}type") == "paragraph" and (st.get(f"{_W}default") or "") in ("1", "true", "on"):
                self.default_paragraph = sid

    @staticmethod
    def _props(rpr) -> dict:
        out: dict = {}
        for key, tag in (("bold", "b"), ("caps", "caps")):
            el = rpr.find(f"{_W}{tag}")
            if el is not None:
                out[key] = (el.get(f"{_W}val") or "true").lower() not in _W_OFF
        sz = rpr.find(f"{_W}sz")
        if sz is not None and (sz.get(f"{_W}val") or "").isdigit():
            out["size"] = int(sz.get(f"{_W}val")) / 2
        return out

    def props(self, sid: str | None, depth: int = 0) -> dict:
        if not sid or sid not in self.styles or depth > 20:
            return {}
        if sid not in self.cache:
            based, own = self.styles[sid]
            self.cache[sid] = {**self.props(based, depth + 1), **own}
        return self.cache[sid]

    def resolve(self, document):
        """The document with each run's bold, capitals and size made what the page shows, and
        text in capitals written so."""
        from mammoth import documents as md

        if not self.styles and not self.defaults:
            return _caps_written(document)

        def walk(el, paragraph_props: dict):
            if isinstance(el, md.Paragraph):
                paragraph_props = {**self.defaults, **self.props(el.style_id or self.default_paragraph)}
            if isinstance(el, md.Run):
                inherited = {**paragraph_props, **self.props(el.style_id)}
                el = el.copy(is_bold=el.is_bold or bool(inherited.get("bold")),
                             is_all_caps=el.is_all_caps or bool(inherited.get("caps")),
                             font_size=el.font_size if el.font_size is not None else inherited.get("size"))
            if isinstance(el, (md.HasChildren, md.TableCellUnmerged)):
                el = el.copy(children=[walk(c, paragraph_props) for c in el.children])
            return el

        return _caps_written(walk(document, dict(self.defaults)))


def _caps_written(document):
    from mammoth import documents as md

    def walk(el):
        if isinstance(el, md.Run) and el.is_all_caps:
            return el.copy(children=[md.Text(c.value.upper()) if isinstance(c, md.Text) else c for c in el.children])
        if isinstance(el, (md.HasChildren, md.TableCellUnmerged)):
            return el.copy(children=[walk(c) for c in el.children])
        return el

    return walk(document)


def _descendants(el, kind) -> list:
    found = []
    stack = list(getattr(el, "children", ()))[::-1]
    while stack:
        child = stack.pop()
        if isinstance(child, kind):
            found.append(child)
        stack.extend(list(getattr(child, "children", ()))[::-1])
    return found


def _text_runs(paragraph) -> list:
    from mammoth import documents as md

    return [r for r in _descendants(paragraph, md.Run) if _run_text(r).strip()]


def _run_text(run) -> str:
    from mammoth import documents as md

    return "".join(c.value if isinstance(c, md.Text) else "\t" if isinstance(c, md.Tab) else ""
                   for c in run.children)


def _docx_margin_html(name: str, parts: dict[str, bytes], label: str) -> str:
    """The page headers' paragraphs, and footer paragraphs with an address or a link, as HTML."""
    from xml.etree import ElementTree as ET

    lines: list[str] = []
    margins = sorted((n for n in parts if re.fullmatch(r"word/(?:header|footer)\d*\.xml", n)),
                     key=lambda n: (n.startswith("word/footer"), len(n), n))
    for part in margins:
        rels: dict[str, str] = {}
        rel_part = part.replace("word/", "word/_rels/", 1) + ".rels"
        try:
            if rel_part in parts:
                for rel in ET.fromstring(parts[rel_part]).iter(f"{_REL}Relationship"):
                    rels[rel.get("Id", "")] = rel.get("Target", "")
            root = ET.fromstring(parts[part])
        except (ET.ParseError, ValueError) as exc:
            raise DocumentError(name, f"damaged {label}: {part} is not well-formed XML ({exc})") from None
        footer = part.startswith("word/footer")
        for p in root.iter(f"{_W}p"):
            line = _docx_inline(p, rels).strip()
            if not line or line in lines:
                continue
            if footer and not ("@" in line or "<a " in line or re.search(r"https?://|www\.", line)):
                continue
            lines.append(line)
    return "<header>" + "".join(f"<p>{line}</p>" for line in lines) + "</header>" if lines else ""


def _docx_inline(el, rels: dict[str, str]) -> str:
    out = []
    for child in el:
        tag = child.tag
        if tag == f"{_W}t":
            out.append(htmlmod.escape(child.text or ""))
        elif tag == f"{_W}tab":
            out.append("\t")
        elif tag in (f"{_W}br", f"{_W}cr"):
            out.append("<br>")
        elif tag == f"{_W}hyperlink":
            inner = _docx_inline(child, rels)
            target = rels.get(child.get(f"{_R}id", ""), "")
            out.append(f'<a href="{htmlmod.escape(target)}">{inner}</a>' if target else inner)
        elif tag in (f"{_W}instrText", f"{_W}delText", f"{_W}rPr", f"{_W}pPr"):
            continue
        elif tag == f"{_W}p" and out:
            out.append("<br>" + _docx_inline(child, rels))
        else:
            out.append(_docx_inline(child, rels))
    return "".join(out)


# ------------------------------------------------------------------------- .odt (odfpy)

_NS_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_NS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_NS_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
_NS_FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
_NS_XLINK = "http://www.w3.org/1999/xlink"
_NS_DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"


class _OdtStyles:
    """Bold, capitals and size of a named style, its parents' properties inherited."""

    def __init__(self, roots) -> None:
        self.styles: dict[str, object] = {}
        for root in roots:
            if root is None:
                continue
            for el in root.childNodes:
                if getattr(el, "qname", None) == (_NS_STYLE, "style"):
                    self.styles[el.getAttrNS(_NS_STYLE, "name") or ""] = el
        self.cache: dict[str, dict] = {}

    def props(self, name: str | None) -> dict:
        if not name:
            return {}
        if name in self.cache:
            return self.cache[name]
        self.cache[name] = {}       # a cycle of parents ends here
        el = self.styles.get(name)
        if el is None:
            return {}
        merged = dict(self.props(el.getAttrNS(_NS_STYLE, "parent-style-name")))
        for child in el.childNodes:
            if getattr(child, "qname", None) == (_NS_STYLE, "text-properties"):
                weight = child.getAttrNS(_NS_FO, "font-weight")
                if weight:
                    merged["bold"] = weight in ("bold", "600", "700", "800", "900")
                transform = child.getAttrNS(_NS_FO, "text-transform")
                if transform:
                    merged["caps"] = transform == "uppercase"
                size = child.getAttrNS(_NS_FO, "font-size") or ""
                if m := re.fullmatch(r"([\d.]+)pt", size):
                    merged["size"] = float(m.group(1))
                elif (m := re.fullmatch(r"([\d.]+)%", size)) and merged.get("size"):
                    merged["size"] = merged["size"] * float(m.group(1)) / 100
        merged["display"] = el.getAttrNS(_NS_STYLE, "display-name") or name
        self.cache[name] = merged
        return merged


def odt_to_html(name: str, data: bytes) -> tuple[str, str]:
    """An .odt → (HTML for the text, the same HTML one block a line as the raw source)."""
    from odf.opendocument import load

    open_zip(name, data, "odt")
    label = "OpenDocument text (.odt)"
    try:
        with _alarm(MAX_SECONDS):
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                # odfpy prints a part it cannot parse (to stdout) and goes on without it
                doc = load(io.BytesIO(data))
            if "<office:document-content" in printed.getvalue():
                raise DocumentError(name, f"damaged {label}: content.xml is not well-formed XML")
            main, margin = _odt_html(doc)
    except DocumentError:
        raise
    except Exception as exc:   # noqa: BLE001 - a damaged part fails in many ways inside the library
        raise _failure(name, label, exc) from None
    kept: list[str] = []
    for footer, line in sorted(margin, key=lambda x: x[0]):
        if line not in kept and (not footer or "@" in line or "<a " in line or re.search(r"https?://|www\.", line)):
            kept.append(line)
    top = "<header>" + "".join(f"<p>{line}</p>" for line in kept) + "</header>" if kept else ""
    return finish_html(top + main), _raw_lines(main)


def _odt_html(doc) -> tuple[str, list[tuple[bool, str]]]:
    """The body's HTML and the page headers' and footers' lines (footer?, HTML)."""
    styles = _OdtStyles([doc.styles, doc.automaticstyles])
    body = doc.text
    sizes: Counter = Counter()
    para_sizes: list[set] = []
    _odt_sizes(body, styles, sizes, para_sizes)
    writer = _OdtWriter(styles, sizes.most_common(1)[0][0] if sizes else None)
    largest = max((k for k in sizes if k is not None), default=None)
    if largest is not None and sum(1 for ps in para_sizes if ps == {largest}) == 1:
        writer.largest = largest
    margin = []
    for master in doc.masterstyles.childNodes:
        for part in master.childNodes:
            local = getattr(part, "qname", (None, ""))[1]
            if local.startswith(("header", "footer")):
                margin.extend((local.startswith("footer"), line) for line in writer.margin_lines(part))
    return writer.blocks(body, listed=False), margin


def _odt_sizes(body, styles: _OdtStyles, sizes: Counter, para_sizes: list[set]) -> None:
    """Characters per type size over the body, and the set of sizes each paragraph's text has."""
    stack = [(body, {}, None)]
    while stack:
        node, props, para = stack.pop()
        qname = getattr(node, "qname", None)
        if qname is None:
            data = getattr(node, "data", "")
            if data.strip():
                sizes[props.get("size")] += len(data.strip())
                if para is not None:
                    para.add(props.get("size"))
            continue
        if qname[0] == _NS_TEXT and qname[1] in ("p", "h", "span"):
            props = {**props, **{k: v for k, v in styles.props(node.getAttrNS(_NS_TEXT, "style-name")).items()
                                 if k != "display"}}
            if qname[1] != "span":
                para = set()
                para_sizes.append(para)
        stack.extend((c, props, para) for c in node.childNodes)


class _OdtWriter:
    def __init__(self, styles: _OdtStyles, body_size: float | None) -> None:
        self.styles = styles
        self.body = body_size
        self.seen = False
        self.largest: float | None = None     # set when one paragraph alone is in the largest type

    def margin_lines(self, part) -> list[str]:
        lines = []
        for node in _odt_iter(part):
            if getattr(node, "qname", None) in ((_NS_TEXT, "p"), (_NS_TEXT, "h")):
                html, _ = self.inline(node, {})
                if html.strip():
                    lines.append(html.strip())
        return lines

    def blocks(self, el, listed: bool) -> str:
        out: list[str] = []
        for node in el.childNodes:
            qname = getattr(node, "qname", None)
            if qname is None:
                continue
            ns, local = qname
            if ns == _NS_TEXT and local in ("p", "h"):
                out.append(self.paragraph(node, listed))
            elif ns == _NS_TEXT and local == "list":
                out.append(self.list(node))
            elif ns == _NS_TABLE and local == "table":
                out.append(self.table(node))
            elif ns == _NS_TEXT and local in ("section", "index-body") or \
                    ns == _NS_TABLE and local in ("table-header-rows", "table-rows", "table-row-group"):
                out.append(self.blocks(node, listed))
            elif (ns, local) in ((_NS_TEXT, "table-of-content"), (_NS_TEXT, "alphabetical-index"),
                                 (_NS_TEXT, "bibliography")):
                for child in node.childNodes:
                    if getattr(child, "qname", None) == (_NS_TEXT, "index-body"):
                        out.append(self.blocks(child, listed))
        return "".join(out)

    def list(self, node) -> str:
        items = []
        for item in node.childNodes:
            if getattr(item, "qname", None) in ((_NS_TEXT, "list-item"), (_NS_TEXT, "list-header")):
                inner = self.blocks(item, listed=True)
                # a list item is one block: its first paragraph's <p> is unwrapped
                inner = re.sub(r"^<p>(.*?)</p>", r"\1", inner, count=1, flags=re.S)
                items.append(f"<li>{inner}</li>")
        return f"<ul>{''.join(items)}</ul>" if items else ""

    def table(self, node) -> str:
        rows = []
        for row in _odt_rows(node):
            cells = [f"<td>{self.blocks(cell, listed=False)}</td>" for cell in row.childNodes
                     if getattr(cell, "qname", None) == (_NS_TABLE, "table-cell")]
            rows.append(f"<tr>{''.join(cells)}</tr>")
        return f"<table>{''.join(rows)}</table>"

    def paragraph(self, node, listed: bool) -> str:
        style = self.styles.props(node.getAttrNS(_NS_TEXT, "style-name"))
        html, runs = self.inline(node, {k: v for k, v in style.items() if k != "display"})
        if not html.strip():
            return ""
        level = None
        if node.qname[1] == "h":
            try:
                level = min(6, max(1, int(node.getAttrNS(_NS_TEXT, "outline-level") or 1)))
            except ValueError:
                level = 1
        else:
            level = style_heading_level(style.get("display"))
            text = "".join(t for t, _ in runs)
            shown = [(t, p) for t, p in runs if t.strip()]
            if level is None and self.largest is not None and shown and _larger(self.largest, self.body) \
                    and all(p.get("size") == self.largest for _, p in shown) and title_like(text):
                return f'<h1 class="{_TITLE_CLASS}">{html}</h1>'
            if level is None and not listed:
                level = visual_heading(
                    text, bool(shown) and all(p.get("bold") for _, p in shown),
                    bool(shown) and all(p.get("caps") or _is_caps(t) for t, p in shown),
                    bool(shown) and all(_larger(p.get("size"), self.body) for _, p in shown), self.seen)
        if level is None:
            return f"<p>{html}</p>"
        self.seen = self.seen or level > 1 or node.qname[1] == "h"
        return f"<h{level}>{html}</h{level}>"

    def inline(self, node, props: dict) -> tuple[str, list[tuple[str, dict]]]:
        """(HTML, [(text, its properties)]) of a paragraph's content."""
        out: list[str] = []
        runs: list[tuple[str, dict]] = []
        for child in node.childNodes:
            qname = getattr(child, "qname", None)
            if qname is None:
                text = getattr(child, "data", "")
                if props.get("caps"):
                    text = text.upper()
                runs.append((text, props))
                piece = htmlmod.escape(text)
                out.append(f"<strong>{piece}</strong>" if props.get("bold") and text.strip() else piece)
                continue
            ns, local = qname
            if ns == _NS_TEXT and local == "tab":
                out.append("\t")
                runs.append(("\t", props))
            elif ns == _NS_TEXT and local == "s":
                try:
                    n = min(100, int(child.getAttrNS(_NS_TEXT, "c") or 1))
                except ValueError:
                    n = 1
                out.append(" " * n)
                runs.append((" " * n, props))
            elif ns == _NS_TEXT and local == "line-break":
                out.append("<br>")
                runs.append(("\n", props))
            elif ns == _NS_TEXT and local in ("note", "bookmark", "bookmark-start", "bookmark-end",
                                              "reference-mark", "soft-page-break", "change", "tracked-changes"):
                continue
            elif ns == _NS_TEXT and local == "a":
                inner, inner_runs = self.inline(child, props)
                href = child.getAttrNS(_NS_XLINK, "href") or ""
                out.append(f'<a href="{htmlmod.escape(href)}">{inner}</a>' if href else inner)
                runs.extend(inner_runs)
            elif ns == _NS_TEXT and local == "span":
                style = self.styles.props(child.getAttrNS(_NS_TEXT, "style-name"))
                inner, inner_runs = self.inline(child, {**props, **{k: v for k, v in style.items() if k != "display"}})
                out.append(inner)
                runs.extend(inner_runs)
            elif ns == _NS_DRAW:
                # a text box or frame inside the paragraph: its paragraphs, after this one's text
                boxes = [b for b in _odt_iter(child) if getattr(b, "qname", None) == (_NS_DRAW, "text-box")]
                for box in boxes:
                    out.append("<br>" + self.blocks(box, listed=False))
            else:
                inner, inner_runs = self.inline(child, props)
                out.append(inner)
                runs.extend(inner_runs)
        return "".join(out), runs


def _odt_iter(el):
    stack = [el]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(getattr(node, "childNodes", ())))


def _odt_rows(table) -> list:
    rows = []
    for child in table.childNodes:
        qname = getattr(child, "qname", None)
        if qname == (_NS_TABLE, "table-row"):
            rows.append(child)
        elif qname and qname[0] == _NS_TABLE and qname[1] in ("table-header-rows", "table-rows", "table-row-group"):
            rows.extend(_odt_rows(child))
    return rows


# ------------------------------------------------------------------------- shared HTML repairs

_GENERIC_LABEL = re.compile(
    r"(?i)\s*\[?\s*(?:(?:my|personal|lab|group|project)\s+)?(?:web\s*site|web\s*page|home\s*page|site|blog|link|url|"
    r"pdf|doi|arxiv|paper|preprint|full\s+text|code|slides|video|poster|html|page)\s*\]?\s*")


_NOTE_REF = re.compile(r"^#(?:footnote|endnote)-\d")
_NOTE_ID = re.compile(r"^(?:footnote|endnote)-\d")


def finish_html(html: str) -> str:
    """The repairs shared by both formats (see the module's docstring): date-column tables
    become lines, generic link labels keep their targets."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    # footnotes and endnotes: mammoth's "[1]" marks would stick to titles and names, and the
    # notes, listed after the last section, are no entries of it
    for a in soup.find_all("a", href=_NOTE_REF):
        (a.parent if a.parent is not None and a.parent.name == "sup" else a).decompose()
    for li in soup.find_all("li", id=_NOTE_ID):
        listing = li.parent
        li.decompose()
        if listing is not None and listing.name == "ol" and not listing.find("li"):
            listing.decompose()
    for a in soup.find_all("a"):
        href = (a.get("href") or "").strip()
        label = a.get_text(" ").strip()
        if re.match(r"(?i)https?://", href) and _GENERIC_LABEL.fullmatch(label) \
                and href.split("://", 1)[1].rstrip("/") not in label:
            a.insert_after(" " + href)
    # the name set in the largest type, wherever the layout put it (a side column's table
    # cell), is read first, after the page header's lines
    title = soup.find("h1", class_=_TITLE_CLASS)
    if title is not None:
        title.extract()
        del title["class"]
    for table in reversed(soup.find_all("table")):
        _table_to_lines(soup, table)
    if title is not None:
        first = soup.find("header")
        if first is not None and first.parent is soup:
            first.insert_after(title)
        else:
            soup.insert(0, title)
    return str(soup)


_SENTENCE_END = re.compile(r"[.!?]\s*$")
_HEADING_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _table_to_lines(soup, table) -> None:
    rows = [tr for tr in table.find_all("tr") if tr.find_parent("table") is table]
    grid = []
    for tr in rows:
        cells = [td for td in tr.find_all(["td", "th"], recursive=False)]
        blocks = [[c for c in td.children if getattr(c, "name", None) or str(c).strip()] for td in cells]
        if sum(len(b) > 1 for b in blocks) > 1:
            return              # page columns laid out with a table: read cell by cell
        grid.append(blocks)
    groups = []
    for blocks in grid:
        first = soup.new_tag("div")
        extra = []
        filled = [cell for cell in blocks if cell]
        for cell in filled:
            head = cell[0]
            kind = getattr(head, "name", None)
            if kind in _HEADING_TAGS and len(filled) == 1:
                rest = cell          # a row that is only a heading (a merged cell) stays a heading
            elif kind in ("p", None, "strong", "b", "em", "i", "a", "span") or kind in _HEADING_TAGS:
                if first.contents:
                    first.append("\t")
                if kind == "p" or kind in _HEADING_TAGS:
                    for c in list(head.contents):
                        first.append(c.extract())
                else:
                    first.append(head.extract() if hasattr(head, "extract") else str(head))
                rest = cell[1:]
            else:
                rest = cell
            for b in rest:
                if getattr(b, "name", None) == "p":
                    # a sentence under the entry, in its cell, describes it (as a bullet would);
                    # a short line (an organization, a place) stays a line of the entry
                    if _SENTENCE_END.search(b.get_text()) and len(b.get_text().split()) >= 6:
                        b.name = "li"
                        b = b.wrap(soup.new_tag("ul"))
                    else:
                        b.name = "div"
                extra.append(b.extract() if hasattr(b, "extract") else str(b))
        if not first.contents and not extra:
            continue
        group = soup.new_tag("section")
        if first.contents:
            group.append(first)
        for b in extra:
            group.append(b)
        groups.append(group)
    wrapper = soup.new_tag("div")
    for g in groups:
        wrapper.append(g)
    table.replace_with(wrapper)


_BLOCK_END = re.compile(r"(</(?:p|h[1-6]|li|tr|table|ul|ol|header)>)")


def _raw_lines(html: str) -> str:
    """HTML one block a line: the form the subject's marks (bold names in author lists) are
    read from."""
    return _BLOCK_END.sub(r"\1\n", html)
