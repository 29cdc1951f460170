"""Markup → plain text with line structure, using maintained libraries.

PDF: pdfminer.six (layout analysis); HTML: BeautifulSoup; LaTeX: pylatexenc.
Headings become Markdown headings (``# Title``) so the text extractor sees sections.
"""
from __future__ import annotations

import io
import re
import signal
import threading
import time
from contextlib import contextmanager

from cvgraph.errors import DocumentError

from .read import _FRONT_MATTER_BLOCK
from .spans import LIQUID_MAX, LIQUID_PAIRS, replace_any_spans, replace_spans

PDF_MAX_PAGES = 200        # pages read from one PDF (a long academic CV is under 100)
PDF_MAX_SECONDS = 60.0     # wall-clock budget for one PDF's text extraction


class _PDFTimeout(Exception):
    pass


@contextmanager
def _alarm(seconds: float):
    """Interrupt a single pathological page too (SIGALRM) in a process's main thread; an alarm
    already set by the caller is kept and re-armed afterwards. Elsewhere (other threads, or a
    handler installed outside Python) only the per-page check bounds the time."""
    old_handler = signal.getsignal(signal.SIGALRM) if hasattr(signal, "SIGALRM") else None
    if old_handler is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    old_remaining = signal.getitimer(signal.ITIMER_REAL)[0]
    if old_remaining and old_remaining <= seconds:
        yield           # the caller's alarm fires first anyway
        return

    def _expired(signum, frame):
        raise _PDFTimeout()

    started = time.monotonic()
    signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_remaining:
            signal.setitimer(signal.ITIMER_REAL, max(old_remaining - (time.monotonic() - started), 0.001))


# --- reading order ---------------------------------------------------------------------------
# pdfminer groups a page's text into boxes and prints box after box. A CV's layout is rows:
# an entry and its dates on one baseline at both margins (LaTeX tabular or \hfill, moderncv's
# date column, Word's right tab), which box order separates by whole sections. So the page's
# text lines are put back into rows by their baselines, left to right, with a tab where a wide
# gap separates two pieces; a blank line where the vertical gap between rows is larger than
# the page's usual line spacing (entries are set apart that way). A page in two columns (a
# sidebar) is read column by column: a vertical gutter that no line crosses, with more than
# dates and section headings on the narrower side (measured by its text). Within a page: a
# date range broken over lines of a narrow date cell is one date again, a cell's text broken
# by the cell's width is one line again, and section headings set in a left margin column
# become rows of their own. Headers repeated at the top of most pages and footers at the bottom,
# and page numbers, are dropped; ligatures are spelled out and symbol-font bullets become "•".
_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
              "\ufb05": "st", "\ufb06": "st"}
_PUA_BULLET = re.compile(r"^\s*(?:\(cid:\d+\)|[\uf000-\uf0ff\u25aa\u25cf\u25e6\u2023\u2043])\s*")
_SPACE_RUN = re.compile(r" {2,}")
# a browser's "Print to PDF" header and footer cells: the date and time of printing
# ("11/24/26, 3:15 AM", "24/11/2026, 15:15"), the page's address, the page count ("1/3")
_PRINT_STAMP = re.compile(r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4},? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp]\.?[Mm]\.?)?")
_PRINT_URL = re.compile(r"(?:file|https?)://\S+")
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s*)?\d{1,3}\s*(?:(?:of|/)\s*\d{1,3})?\s*$", re.I)
# month names of Spanish, French, German, Portuguese and Italian CVs besides the English ones
_OTHER_MONTHS = (r"enero|janvier|januar|janeiro|gennaio|febrero|f[ée]vrier|februar|fevereiro|febbraio|marzo|mars|m[äa]rz|"
                 r"março|abril|avril|aprile|mayo|mai|maio|maggio|junio|juin|juni|junho|giugno|julio|juillet|juli|julho|"
                 r"luglio|agosto|ao[ûu]t|septiembre|setiembre|septembre|setembro|settembre|octubre|octobre|oktober|"
                 r"outubro|ottobre|noviembre|novembre|novembro|diciembre|d[ée]cembre|dezember|dezembro|dicembre")
_DATE_LIKE = re.compile(r"(?:19|20)\d\d|\b(?:present|now|current|today|since|depuis|desde|seit|dal)\b|"
                        r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b|\b(?:" + _OTHER_MONTHS + r")\b", re.I)


class _Row:
    __slots__ = ("text", "top", "bottom", "height", "styled", "italic")

    def __init__(self, text: str, top: float, bottom: float, height: float,
                 styled: str | None = None, italic: bool = False) -> None:
        self.text, self.top, self.bottom, self.height = text, top, bottom, height
        self.styled, self.italic = styled, italic      # see `_styled`


class _Piece(tuple):
    """A piece of a text line, (x0, y0, x1, y1, text), with `styled`: its text with its italic
    runs marked *…* (None when it has none, or is italic through), and `italic`: the whole
    piece is set in italic."""

    styled: str | None = None
    italic: bool = False


# an italic or oblique face: "Times-Italic", "DejaVuSerif-Italic", "Arial-ItalicMT",
# "NimbusRomNo9L-ReguItal", "Helvetica-Oblique", TeX's "CMTI10" and cm-super's "SFTI1000"
_ITALIC_FONT = re.compile(r"italic|oblique|ital\b|-it$|^(?:cm|sf)ti\d", re.I)
_ITALIC_CACHE: dict[str, bool] = {}
# a marked run with at most one letter or digit in it ("*n*", "*,*"): no emphasis worth keeping
_THIN_RUN = re.compile(r"\*([^*\w]*\w?[^*\w]*)\*")


def _is_italic(fontname: str) -> bool:
    flag = _ITALIC_CACHE.get(fontname)
    if flag is None:
        flag = _ITALIC_CACHE[fontname] = bool(_ITALIC_FONT.search(fontname.split("+", 1)[-1]))
    return flag


def _styled(objs) -> tuple[str | None, bool]:
    """The italic runs of a piece's characters marked *…*, as Markdown marks emphasis: a
    reference's title or venue set in italic ("Ann Lee, Bo Chen, *Sparse Lorem Methods*,
    (NeurIPS 2020)") is read as the emphasised title or venue it is; without the marks the
    reference was one run of words. (styled text or None, whether every letter is italic.)
    A piece holding an asterisk of its own (an equal-contribution mark) is left unmarked."""
    from pdfminer.layout import LTChar

    parts: list[str] = []
    flags: list[bool | None] = []
    for obj in objs:
        t = obj.get_text()
        parts.append(t)
        flags.append(_is_italic(obj.fontname) if isinstance(obj, LTChar) and t.strip() else None)
    shown = [f for f in flags if f is not None]
    if not shown or not any(shown):
        return None, False
    if all(shown):
        return None, True
    if any("*" in t for t in parts):
        return None, False
    out: list[str] = []
    run = False
    for t, f in zip(parts, flags):
        if f is True and not run:
            out.append("*")
            run = True
        elif f is False and run:
            k = len(out)
            while k and not out[k - 1].strip():
                k -= 1          # the run closes before the spaces after it
            out.insert(k, "*")
            run = False
        out.append(t)
    text = "".join(out).replace("\n", " ").strip()
    if run:
        text += "*"
    return _THIN_RUN.sub(r"\1", text), False


def _piece(x0: float, y0: float, x1: float, y1: float, text: str, objs) -> _Piece:
    p = _Piece((x0, y0, x1, y1, text))
    p.styled, p.italic = _styled(objs)
    return p


def _text_lines(layout) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, text) of every text line on a pdfminer page, in any box or figure; a
    list marker drawn as a shape (see `_mark_bullets`) becomes a "• " before its line."""
    from pdfminer.layout import LTCurve, LTTextLine

    out = []
    marks = []
    stack = [layout]
    while stack:
        obj = stack.pop()
        if isinstance(obj, LTTextLine):
            out.extend(_split_line(obj))
            continue
        if isinstance(obj, LTCurve):      # (LTRect and LTLine are curves too)
            if 1.0 <= obj.width <= 8.0 and 1.0 <= obj.height <= 8.0 and 0.6 * obj.height <= obj.width <= 1.6 * obj.height:
                marks.append(obj.bbox)
            continue
        try:
            stack.extend(obj)
        except TypeError:
            pass
    return _mark_bullets(out, marks) if marks and out else out


def _mark_bullets(lines: list, marks: list) -> list:
    """Browsers (Chromium's and Firefox's "Print to PDF") draw a list's markers — the disc,
    circle and square of `<ul>` — as small shapes, not as text: the items of a list lose their
    bullets and a wrapped item reads like two entries. A small shape (at most 0.7 of the type's
    height, about as wide as high) set just left of a line's first letter (the gap under twice
    the type's height) and level with it is that line's bullet. A run of such shapes side by side
    (the dots of a skill rating) is no bullet."""
    if len(marks) > 400:      # a drawing, a chart or a pattern of dots: no list markers
        return lines
    out = list(lines)
    for m in marks:
        mw = m[2] - m[0]
        if any(o is not m and abs(o[1] - m[1]) < mw and 0 < abs(o[0] - m[0]) <= 3 * mw for o in marks):
            continue      # another mark level with it and close beside it: a rating's dots
        mid = (m[1] + m[3]) / 2
        best = None
        for k, ln in enumerate(out):
            h = ln[3] - ln[1]
            if ln[1] <= mid <= ln[3] and m[3] - m[1] <= 0.7 * h and 0 <= ln[0] - m[2] <= 2 * h \
                    and (best is None or ln[0] < out[best][0]):
                best = k
        if best is not None and not _PUA_BULLET.match(out[best][4]) and not out[best][4].startswith(("•", "-", "–", "*")):
            old = out[best]
            out[best] = marked = _Piece((old[0], old[1], old[2], old[3], "• " + old[4]))
            marked.styled = "• " + old.styled if getattr(old, "styled", None) else None
            marked.italic = getattr(old, "italic", False)
    return out


def _split_line(line) -> list[tuple[float, float, float, float, str]]:
    """A pdfminer text line → its pieces, cut where two letters are set further apart than
    0.8 of the type's size: pdfminer joins a heading in a left margin column and the text
    beside it ("EDUCATION University of …") into one line when the gutter is narrow."""
    from pdfminer.layout import LTChar

    objs = list(line)
    cuts = []
    prev = None
    for k, ch in enumerate(objs):
        if isinstance(ch, LTChar):
            if prev is not None and ch.x0 - prev.x1 > 0.8 * max(prev.size, ch.size):
                cuts.append(k)
            prev = ch
    if not cuts:      # one piece: the line's own box, as before
        text = line.get_text().replace("\n", " ").strip()
        return [_piece(line.x0, line.y0, line.x1, line.y1, text, objs)] if text else []
    pieces: list[tuple[float, float, float, float, str]] = []
    for a, b in zip([0] + cuts, cuts + [len(objs)]):
        chars = [ch for ch in objs[a:b] if isinstance(ch, LTChar)]
        text = "".join(ch.get_text() for ch in objs[a:b]).replace("\n", " ").strip()
        if chars and text:
            pieces.append(_piece(min(ch.x0 for ch in chars), min(ch.y0 for ch in chars), max(ch.x1 for ch in chars),
                                 max(ch.y1 for ch in chars), text, objs[a:b]))
    return pieces


def _heading_label(text: str) -> bool:
    """A section heading set in a margin column: heading words only ("WORK", "EXPERIENCE",
    "Key Skills")."""
    from mappers.extract.sections import only_heading_words

    return len(text) <= 40 and text[:1].isupper() and not any(c.isdigit() for c in text) \
        and only_heading_words(text)


def _gutter(lines, x0: float, x1: float) -> float | None:
    """An x between two columns of text that no line crosses (a sidebar layout), or None.
    A narrow side of dates and places beside entries (a date column) is not a column."""
    if len(lines) < 10:
        return None
    width = x1 - x0
    best = None
    dated: dict[int, bool] = {}
    labels: dict[int, bool] = {}
    # lines by their baseline (to the point): a label column's cells stand on the baselines of
    # the entries' first lines beside them
    by_base: dict[int, list] = {}
    for ln in lines:
        by_base.setdefault(round(ln[1]), []).append(ln)
    for step in range(20, 81, 2):
        x = x0 + width * step / 100
        left = [ln for ln in lines if ln[2] <= x]
        right = [ln for ln in lines if ln[0] >= x]
        crossing = len(lines) - len(left) - len(right)
        if crossing > 0.05 * len(lines) or len(left) < 4 or len(right) < 4:
            continue
        # the narrower side by the width its text takes (a page may leave a side's margin empty)
        narrow = left if max(ln[2] for ln in left) - min(ln[0] for ln in left) \
            < max(ln[2] for ln in right) - min(ln[0] for ln in right) else right
        for ln in narrow:
            if id(ln) not in dated:
                dated[id(ln)] = bool(_DATE_LIKE.search(ln[4]))
                labels[id(ln)] = not dated[id(ln)] and _heading_label(ln[4])
        dates = sum(1 for ln in narrow if dated[id(ln)])
        heads = sum(1 for ln in narrow if labels[id(ln)])
        if dates >= 0.5 * (len(narrow) - heads) and (dates or heads >= 0.8 * len(narrow)):
            continue          # dates (and places) or section headings at a margin: rows, not columns
        if _paired(narrow, by_base, x, narrow is left) >= 0.6 * len(narrow):
            continue          # a label column ("Nacionalidad", "2011- 2013", "Journals") beside its entries
        score = crossing
        if best is None or score < best[0]:
            best = (score, x)
    return best[1] if best else None


_NAME_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ][\w'’.-]*")


def _stacked_name(lines):
    """The name set in the page's largest type over two or three rows (moderncv prints the
    first name above the surname, beside the address): (one line holding the whole name, the
    other lines), or None. Only short, capitalised words, stacked, well above the body's type."""
    if len(lines) < 5:
        return None
    heights = sorted(ln[3] - ln[1] for ln in lines)
    big_h = heights[-1]
    if big_h < 1.6 * heights[len(heights) // 2]:
        return None
    big = sorted((ln for ln in lines if ln[3] - ln[1] >= 0.85 * big_h), key=lambda ln: -ln[3])
    words = [w for ln in big for w in ln[4].split()]
    if not 2 <= len(big) <= 3 or len(words) > 4 or any(len(ln[4].split()) > 2 for ln in big) \
            or not all(_NAME_WORD.fullmatch(w) for w in words):
        return None
    for upper, lower in zip(big, big[1:]):
        if upper[1] - lower[3] > 0.6 * big_h or min(upper[2], lower[2]) <= max(upper[0], lower[0]):
            return None           # not stacked: far apart, or side by side
    text = big[0][4]
    for ln in big[1:]:        # "Ostergaard-" over "Mbeki": the hyphen is the name's own
        text += ("" if text.endswith("-") else " ") + ln[4]
    name = (min(ln[0] for ln in big), min(ln[1] for ln in big), max(ln[2] for ln in big),
            max(ln[3] for ln in big), text)
    return name, [ln for ln in lines if ln not in big]


def _type_size(a, b) -> float:
    """About the type size of two pieces side by side: the lower box (a piece may hold a
    cell's wrapped lines)."""
    return min(a[3] - a[1], b[3] - b[1])


def _rows(lines, name=None) -> list[_Row]:
    """Text lines → rows by baseline, top to bottom; pieces of a row left to right, a tab
    between pieces set apart by a wide gap. `name`, a stacked name made one line, is a row
    of its own at its top."""
    lines = sorted(lines, key=lambda ln: (-(ln[1] + ln[3]) / 2, ln[0]))
    rows: list[list] = []
    for ln in lines:
        h = ln[3] - ln[1]
        if rows:
            row = rows[-1]
            top = max(r[3] for r in row)
            bottom = min(r[1] for r in row)
            overlap = min(top, ln[3]) - max(bottom, ln[1])
            if overlap >= 0.5 * min(h, top - bottom):
                row.append(ln)
                continue
        rows.append([ln])
    for row in rows:
        row.sort(key=lambda r: r[0])
    _join_centred_date_cells(rows)
    _join_wrapped_date_cells(rows)
    _join_cell_wraps(rows)
    rows = _margin_headings(rows)
    # the left edge of a column of cells: where the second piece of three rows or more starts,
    # set apart from the first (a label or date cell, not a bullet) by more than 0.8 of the
    # type's size (moderncv's right-aligned "Languages" / "Depuis" cells beside the entries)
    edges: dict[int, int] = {}
    for row in rows:
        if len(row) >= 2 and len(row[0][4]) > 2 and row[1][0] - row[0][2] > 0.8 * _type_size(row[0], row[1]):
            edges[round(row[1][0])] = edges.get(round(row[1][0]), 0) + 1
    edges = {x: n for x, n in edges.items() if n >= 3}
    out = []
    for row in rows:
        text = row[0][4]
        styled = getattr(row[0], "styled", None) or row[0][4]
        for prev, cur in zip(row, row[1:]):
            # (the smaller type's measure: a name in large type beside a contact line in small type
            # is two cells, though the gap is narrow beside the name's letters)
            char_w = min((prev[2] - prev[0]) / max(len(prev[4]), 1), (cur[2] - cur[0]) / max(len(cur[4]), 1))
            gap = cur[0] - prev[2]
            # a date set apart at the row's right end (floated beside a justified paragraph's
            # first line, whose wide word spaces make the usual measure too coarse) is a cell too
            # (or a date column's cell before the entry, set apart by a narrow gutter)
            date = cur if cur is row[-1] and len(cur[4]) <= 30 and _DATE_ONLY.fullmatch(cur[4]) else \
                prev if prev is row[0] and len(prev[4]) <= 30 and _DATE_ONLY.fullmatch(prev[4]) else None
            cell = gap > 3 * max(char_w, 1.0) or date is not None and gap > 0.8 * (date[3] - date[1]) \
                or prev is row[0] and len(prev[4]) > 2 and bool(edges) and gap > 0.8 * _type_size(prev, cur) \
                and any(edges.get(round(cur[0]) + d) for d in (-1, 0, 1))
            text += ("\t" if cell else " ") + cur[4]
            styled += ("\t" if cell else " ") + (getattr(cur, "styled", None) or cur[4])
        top = max(r[3] for r in row)
        bottom = min(r[1] for r in row)
        out.append(_Row(text, top, bottom, min(r[3] - r[1] for r in row), styled if styled != text else None,
                        all(getattr(r, "italic", False) for r in row)))
    if name is not None:
        at = next((i for i, row in enumerate(out) if row.bottom < name[3]), len(out))
        out.insert(at, _Row(name[4], name[3], name[1], name[3] - name[1]))
    return out


# a date or a range alone ("2021 – present", "Sept. 2019 – Jan. 2020", "2018", "May-August 2016", "2016/17",
# "2020–25": the end year in two digits after a dash)
_DATE_ONLY = re.compile(r"(?:(?:since|from)\s+)?(?:[A-Za-z]{3,9}\.?(?:\s?[-\u2010-\u2015]\s?[A-Za-z]{3,9}\.?)?,?\s+)?"
                        r"(?:19|20)\d\d(?:/\d\d)?(?:\s*(?:[-\u2010-\u2015~]+|to|until)"
                        r"\s*(?:(?:[A-Za-z]{3,9}\.?,?\s+)?(?:19|20)\d\d|(?<=[-\u2010-\u2015])\d\d|present|now|current|today|ongoing))?",
                        re.I)
_RANGE_OPEN = re.compile(r"(?:[-\u2010-\u2015]|\b(?:to|until|since|à|au|a|bis|hasta|depuis|desde|seit|dal))\s*$", re.I)
_RANGE_CLOSE = re.compile(r"\s*(?:[-\u2010-\u2015]|to\b|until\b)", re.I)
# a year that opens a range of its own ("2018 –", "2018–2021"): a second row's date, not the end of
# the range above ("2021 –" / "2018 –" in a date column of open and wrapped ranges)
_OWN_RANGE = re.compile(r"(?:19|20)\d\d\s*(?:[-\u2010-\u2015]|\b(?:to|until)\b)", re.I)
_YEAR_IN = re.compile(r"(?:19|20)\d\d")
_MONTH_END = re.compile(r"(?<![\w.])(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|fall|autumn|winter)"
                        r"[a-z]*|" + _OTHER_MONTHS + r")\.?\s*$", re.I)


def _join_centred_date_cells(rows: list[list]) -> None:
    """A date cell set in the middle of its row's height (HTML tables centre a cell's text
    vertically: Chromium prints a one-line "2012–14" beside a two-line entry half-way between
    the entry's lines) is the entry's: a row that is one short date alone, whose middle lies
    between the line above and the line below, both starting right of it at the same left edge
    in the same type at the usual spacing, goes to the head of the line above. Before, the date
    was a row of its own between the entry's lines, and the entry lost its dates."""
    i = 1
    while i + 1 < len(rows):
        row = rows[i]
        if len(row) == 1 and len(row[0][4]) <= 30 and _DATE_ONLY.fullmatch(row[0][4]):
            date, above, below = row[0], rows[i - 1][0], rows[i + 1][0]
            h = above[3] - above[1]
            mid = (date[1] + date[3]) / 2
            def goes_on(upper, lower) -> bool:      # the next line of the same cell
                return abs(upper[0] - lower[0]) <= 2 and upper[1] - lower[3] < 0.6 * h \
                    and abs((lower[3] - lower[1]) - h) <= 0.15 * h

            # (only a cell of two lines: in a taller one the middle is no line's, and the date is
            # left where it is)
            if above[0] > date[2] and goes_on(above, below) and below[3] - 0.2 * h <= mid <= above[1] + 0.2 * h \
                    and len(rows[i - 1]) == 1 and len(rows[i + 1]) == 1 \
                    and not (i >= 2 and goes_on(rows[i - 2][-1], above)) \
                    and not (i + 2 < len(rows) and goes_on(below, rows[i + 2][0])):
                rows[i - 1].insert(0, date)
                del rows[i]
                continue
        i += 1


def _join_wrapped_date_cells(rows: list[list]) -> None:
    """A date range broken over two lines inside its own cell (a date column narrower than
    "October 2026 – Present") is one date: the second line's piece in that cell is moved up
    to the first ("October 2026 –" + "Present", "September" + "2016 – June" + "2020"), so it
    is neither read with the entry's next line nor left alone as an entry of its own. The first
    piece must end in a range's opening (a dash, "to", "since") or a month without its year,
    or the second open with a dash."""
    i = 0
    while i + 1 < len(rows):
        row = rows[i]
        merged = False
        # the cell's next line: on the next row, or on the one after when the entry's text
        # has a line of its own between ("September" / "2016 – June" / "2020"), or two when a
        # cell of three lines has been joined ("Novembre" / "2012 à" / "Décembre" / "2015")
        for n in range(i + 1, min(i + 4, len(rows))) if len(row) >= 2 else ():
            nxt = rows[n]
            for side, other in ((0, row[1]), (-1, row[-2])):
                a, b = row[side], nxt[side]
                inside = b[2] <= other[0] + 1 if side == 0 else b[0] >= other[2] - 1
                if inside and min(a[2], b[2]) > max(a[0], b[0]) and a[1] - b[3] < 0.8 * (a[3] - a[1]) \
                        and (_RANGE_OPEN.search(a[4]) or _RANGE_CLOSE.match(b[4]) or _MONTH_END.search(a[4])) \
                        and _DATE_LIKE.search(a[4]) and _DATE_LIKE.search(b[4]) and len(a[4]) + len(b[4]) <= 40 \
                        and not (_YEAR_IN.search(a[4]) and _RANGE_OPEN.search(a[4]) and _OWN_RANGE.match(b[4])):
                    # (an open range whose year is given, "2021 –", ends at the present when the
                    # line under it opens a range of its own: "2018 –" / "2021" is the next row's)
                    row[side] = (min(a[0], b[0]), b[1], max(a[2], b[2]), a[3], a[4] + " " + b[4])
                    nxt.pop(side)
                    if not nxt:
                        del rows[n]
                    merged = True
                    break
            if merged:
                break
        if not merged:
            i += 1


def _join_cell_wraps(rows: list[list]) -> None:
    """The lines of a table cell broken by the cell's width, beside a date cell ("October
    2022 – Present<TAB>Research Fellow, Institute of Coastal Ecology, Tallinn" / "Maritime
    University"), are one line again: a row with one piece set at the left edge of the row
    above's last cell, in the same type at the usual line spacing, continues that cell when the
    first word of the piece would not have fitted at the end of the line above (the cell's right
    edge is the farthest any line at that left edge reaches). A line that ends early (a cell's
    own line break) and a heading stay apart."""
    edge: dict[int, float] = {}
    for row in rows:
        for p in row:
            edge[round(p[0])] = max(edge.get(round(p[0]), 0.0), p[2])
    i = 0
    tail = None       # the last line joined into row i's last cell (its box and text)
    while i + 1 < len(rows):
        row, nxt = rows[i], rows[i + 1]
        if _wrapped_cells(row, nxt):
            # "2017 – 2018 | Member of Lorem Society for Science and | Lorem" / "Technology |
            # University": two cells wrapped at once, each piece under the cell it continues
            for piece in nxt:
                k = next(j for j, cell in enumerate(row) if j > 0 and _under(cell, piece, j == len(row) - 1))
                cell = row[k]
                row[k] = _joined(cell, piece, " ")
            del rows[i + 1]
            continue
        if len(row) >= 2 and len(nxt) == 1:
            last, cont = row[-1], nxt[0]
            line = tail or last
            h = line[3] - line[1]
            if abs(cont[0] - last[0]) <= 2 and cont[0] > row[0][2] and line[1] - cont[3] < 0.45 * h \
                    and abs((cont[3] - cont[1]) - h) <= 0.15 * h and not _heading_label(cont[4]) \
                    and not (line[4].endswith(".") and cont[4][:1].isupper() and _DATE_ONLY.fullmatch(row[0][4])):
                # (beside a date cell, a sentence that ends the line ends the entry's header: the next
                # line describes it)
                k = round(last[0])
                right = max(edge.get(k - 1, 0.0), edge.get(k, 0.0), edge.get(k + 1, 0.0))
                char_w = (line[2] - line[0]) / max(len(line[4]), 1)
                word = cont[4].split()[0]
                if right - line[2] < (len(word) + 1) * char_w:     # the word did not fit: the width broke the line
                    sep = "" if re.search(r"[A-Za-z]-$", last[4]) and cont[4][:1].isalpha() else " "   # "Information-" / "Seeking"
                    row[-1] = _joined(last, cont, sep)
                    del rows[i + 1]
                    tail = cont
                    continue
        i += 1
        tail = None


def _joined(a, b, sep: str) -> _Piece:
    """Piece `a` and the piece `b` that continues it on the next line, as one piece (their italic
    marks kept, one run where a run goes on over the break)."""
    p = _Piece((a[0], b[1], max(a[2], b[2]), a[3], a[4] + sep + b[4]))
    sa, sb = getattr(a, "styled", None), getattr(b, "styled", None)
    if sa or sb or getattr(a, "italic", False) != getattr(b, "italic", False):
        sa = sa or ("*" + a[4] + "*" if getattr(a, "italic", False) else a[4])
        sb = sb or ("*" + b[4] + "*" if getattr(b, "italic", False) else b[4])
        p.styled = sa[:-1] + sep + sb[1:] if sa.endswith("*") and sb.startswith("*") else sa + sep + sb
    else:
        p.italic = getattr(a, "italic", False)
    return p


def _under(cell, piece, last: bool) -> bool:
    """The piece starts where the cell starts (or, for a row's last cell, set flush right, ends
    where it ends)."""
    return abs(cell[0] - piece[0]) <= 2 or last and abs(cell[2] - piece[2]) <= 2


def _wrapped_cells(row: list, nxt: list) -> bool:
    """The next row continues two or more cells of this one at once: each of its pieces starts
    at the left edge of a different cell after the first (a date cell; the last cell may be
    set flush right), in the same type, at
    the usual line spacing, and the cell it continues ends a word short of the next cell."""
    if len(nxt) < 2 or len(row) < len(nxt) + 1:
        return False
    starts = [j for piece in nxt for j, cell in enumerate(row) if j > 0 and _under(cell, piece, j == len(row) - 1)]
    if len(starts) != len(nxt) or len(set(starts)) != len(nxt):
        return False
    for piece, j in zip(nxt, starts):
        cell = row[j]
        h = cell[3] - cell[1]
        if abs((piece[3] - piece[1]) - h) > 0.15 * h or cell[1] - piece[3] > 0.45 * h or _DATE_LIKE.search(piece[4]):
            return False
        if j + 1 < len(row):
            char_w = (cell[2] - cell[0]) / max(len(cell[4]), 1)
            if row[j + 1][0] - cell[2] > (len(piece[4].split()[0]) + 4) * char_w:
                return False      # the cell ended well before the next one: its own line break
    return True


def _margin_headings(rows: list[list]) -> list[list]:
    """Section headings set in a column of their own left of the text ("EDUCATION" beside an
    entry's first line, "WORK" over "EXPERIENCE" beside two lines) become rows of their own
    before the rows they stand beside. A heading piece ends left of the page's usual left
    edge of text and holds heading words only; pieces stacked directly under it are part of
    it. Dates in such a column are not headings (they stay with their entries)."""
    counts: dict[int, int] = {}
    for row in rows:
        for piece in row:
            counts[round(piece[0])] = counts.get(round(piece[0]), 0) + 1
    if not counts:
        return rows
    body_x = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))[0]
    if not any(row[0][2] < body_x - 2 for row in rows):
        return rows
    out: list[list] = []
    i = 0
    while i < len(rows):
        first = rows[i][0]
        if first[2] < body_x - 2 and not _DATE_LIKE.search(first[4]) and len(first[4]) <= 40:
            stack = [first]
            j = i + 1
            while j < len(rows) and len(stack) < 3:
                below = rows[j][0]
                if below[2] >= body_x - 2 or stack[-1][1] - below[3] > 0.8 * (stack[-1][3] - stack[-1][1]) \
                        or _DATE_LIKE.search(below[4]):
                    break
                stack.append(below)
                j += 1
            while stack and not _heading_label(" ".join(p[4] for p in stack)):
                stack.pop()
            if stack and _classify_heading_text(" ".join(p[4] for p in stack)):
                out.append([(min(p[0] for p in stack), min(p[1] for p in stack), max(p[2] for p in stack),
                             max(p[3] for p in stack), " ".join(p[4] for p in stack))])
                for k in range(i, i + len(stack)):
                    if len(rows[k]) > 1:
                        out.append(rows[k][1:])
                i += len(stack)
                continue
        out.append(rows[i])
        i += 1
    return out


def _classify_heading_text(text: str) -> bool:
    from mappers.extract.sections import classify_heading

    return classify_heading(text) is not None


def _paired(narrow, by_base: dict[int, list], x: float, left: bool) -> int:
    """How many of the narrow side's lines share their baseline (within a point) with a line
    of the other side: a label or date column set as a table's cells does, line for line
    (but for wrapped cells); a sidebar's lines do so only by chance."""
    n = 0
    for ln in narrow:
        b = round(ln[1])
        if any(o[0] >= x if left else o[2] <= x for k in (b - 1, b, b + 1) for o in by_base.get(k, ())
               if abs(o[1] - ln[1]) <= 1.0):
            n += 1
    return n


class _Page:
    """A page's rows: one column (`rows`), or two columns (`left`, `right`, read in the order
    `right_first` says) between the rows of the page's top and bottom margins (`top`, `bottom`:
    a running header or footer, the print header of a browser)."""

    __slots__ = ("rows", "top", "left", "right", "bottom", "gutter", "width", "right_first", "parts")

    def __init__(self, rows: list[_Row]) -> None:
        self.rows = rows
        # (one column: its body lines' left and right ends, the body lines and the margins'
        # lines, read as a column of the pages before it when it is one)
        self.parts: tuple | None = None
        self.top: list[_Row] = []
        self.left: list[_Row] = []
        self.right: list[_Row] = []
        self.bottom: list[_Row] = []
        self.gutter: float | None = None
        self.width = 0.0
        self.right_first = False


def _page_columns(layout, first_page: bool = False) -> _Page:
    lines = _text_lines(layout)
    if not lines:
        return _Page([])
    stacked = _stacked_name(lines) if first_page else None
    name = None
    if stacked:
        name, lines = stacked
    x0, y0, x1, y1 = layout.bbox
    # the page's top and bottom margins (a twentieth of its height): a header or footer there
    # spans the page, and is read apart from the columns
    band = 0.05 * (y1 - y0)
    body = [ln for ln in lines if ln[1] < y1 - band and ln[3] > y0 + band]
    gutter = _gutter(body, x0, x1) if len(body) >= 2 else None
    left = [ln for ln in body if (ln[0] + ln[2]) / 2 < gutter] if gutter is not None else []
    right = [ln for ln in body if (ln[0] + ln[2]) / 2 >= gutter] if gutter is not None else []
    if not left or not right:
        page = _Page(_rows(lines, name))
        page.width = x1 - x0
        if body and name is None:
            page.parts = (min(ln[0] for ln in body), max(ln[2] for ln in body), body,
                          [ln for ln in lines if ln[1] >= y1 - band], [ln for ln in lines if ln[3] <= y0 + band and ln[1] < y1 - band])
        return page
    page = _Page([])
    page.top = _rows([ln for ln in lines if ln[1] >= y1 - band])
    page.bottom = _rows([ln for ln in lines if ln[3] <= y0 + band and ln[1] < y1 - band])
    # The column holding the page's largest type (the name, as a rule) is read first; a
    # stacked name goes with its column.
    if name is not None:
        page.right_first = (name[0] + name[2]) / 2 >= gutter
    else:
        page.right_first = max(ln[3] - ln[1] for ln in right) > max(ln[3] - ln[1] for ln in left)
    page.left = _rows(left, None if page.right_first else name)
    page.right = _rows(right, name if page.right_first else None)
    page.gutter, page.width = gutter, x1 - x0
    return page


def _blocks(*blocks: list[_Row]) -> list[_Row]:
    """Blocks of rows one after the other, a blank line between each two."""
    out: list[_Row] = []
    for block in blocks:
        if block and out:
            out[-1].bottom = block[0].top + 10 ** 6
        out.extend(block)
    return out


def _column_pages(pages: list[_Page]) -> list[list[_Row]]:
    """Pages → the rows of each page, in reading order. Pages that follow one another in two
    columns at the same gutter (a sidebar layout printed over several pages) are read column by
    column: the first column of every page of the run, then the second. A section that goes on
    at the top of the next page's column goes on in the text (before, the other column of the
    page came between, and a section's tail landed in another section)."""
    out: list[list[_Row]] = []
    i = 0
    while i < len(pages):
        page = pages[i]
        j = i + 1
        if page.gutter is not None:
            while j < len(pages) and pages[j].width == page.width:
                nxt = pages[j]
                if nxt.gutter is None and nxt.parts is not None and (nxt.parts[0] >= page.gutter - 2 or nxt.parts[1] <= page.gutter + 2):
                    # a page in one column on one side of the gutter: that column goes on, the
                    # other has ended
                    xmin, _, body, top, bottom = nxt.parts
                    nxt.gutter, nxt.right_first = page.gutter, page.right_first
                    nxt.top, nxt.bottom = _rows(top), _rows(bottom)
                    nxt.left, nxt.right = ([], _rows(body)) if xmin >= page.gutter - 2 else (_rows(body), [])
                elif nxt.gutter is None or abs(nxt.gutter - page.gutter) > 0.03 * page.width:
                    break
                j += 1
        if j - i < 2:
            if page.gutter is None:
                out.append(page.rows)
            else:
                first, second = (page.right, page.left) if page.right_first else (page.left, page.right)
                out.append(_blocks(page.top, first, second, page.bottom))
            i += 1
            continue
        run = pages[i:j]
        firsts = [(p.right if page.right_first else p.left) for p in run]
        seconds = [(p.left if page.right_first else p.right) for p in run]
        # (each page's header before its part of the first column, its footer after its part of
        # the second: the furniture rules find them at the ends of those parts)
        out.extend(_blocks(p.top, rows) for p, rows in zip(run, firsts))
        out.extend(_blocks(rows, p.bottom) for p, rows in zip(run, seconds))
        i = j
    return out


def _furniture(page_rows: list[list[_Row]]) -> set[str]:
    """Texts of the first and last rows repeated on most pages (running headers and footers),
    with their digits blanked so 'Page 2 of 3' matches 'Page 1 of 3'."""
    if len(page_rows) < 2:
        return set()
    seen: dict[tuple[str, str], int] = {}
    for rows in page_rows:
        # a header repeats at the top of pages, a footer at the bottom: a line that ends one
        # page and opens the next (an entry's wrapped tail) is neither
        keys = {("top", re.sub(r"\d+", "#", r.text.strip())) for r in rows[:2]} \
            | {("bottom", re.sub(r"\d+", "#", r.text.strip())) for r in rows[-2:]}
        for k in keys:
            seen[k] = seen.get(k, 0) + 1
    return {k[1] for k, n in seen.items() if n >= max(2, (len(page_rows) + 1) // 2)}


_SPACED_WORD = re.compile(r"\S{1,2}(?: \S{1,2})+")


def _unspace_letters(cell: str) -> str:
    """'D R   J A N E   D O E' (a name or heading set letter-spaced: pdfminer puts a space
    between letters and two or more between words) → 'DR JANE DOE'. Every word must be
    letters set apart, at least five of them in all; other text is left as it is."""
    words = _SPACE_RUN.split(cell.strip())
    if len(words) < 2 or not all(_SPACED_WORD.fullmatch(w) for w in words) \
            or sum(w.count(" ") + 1 for w in words) < 5:
        return cell
    return " ".join(w.replace(" ", "") for w in words)


_CID = re.compile(r"\(cid:\d+\) ?")


def _clean_row(text: str) -> str:
    for lig, plain in _LIGATURES.items():
        text = text.replace(lig, plain)
    if "(cid:" in text and not _PUA_BULLET.match(text):
        # a glyph with no character behind it inside a row (a pictograph: "📅", "✉"): no text
        text = _CID.sub("", text).rstrip()
    if "  " in text and " " in text[1:3]:
        text = "\t".join(_unspace_letters(cell) for cell in text.split("\t"))
    if "  " in text:      # a justified line's wide word spaces (pdfminer adds one to the glyph's)
        text = _SPACE_RUN.sub(" ", text)
    return _PUA_BULLET.sub("• ", text) if _PUA_BULLET.match(text) else text


def _large_heading(row: _Row, usual: float) -> bool:
    """A row set alone in type larger than the page's usual, naming a section ("Scientific
    positions and education" in \\large bold): a section heading even when its words are not
    all heading words nor in capitals (an entry set in the body's bold type is not one). \\large
    at 11 pt is 12 pt: 1.09 times the body's type."""
    if row.height < 1.08 * usual or "\t" in row.text or len(row.text) > 60 or row.text.startswith("#"):
        return False
    text = _clean_row(row.text)
    # (capitals and heading words alone are read as a heading anyway; their line is left as it is)
    return not text.isupper() and not _heading_label(text) and _classify_heading_text(text)


_UNNAMED_HEADING = re.compile(r"[A-Z][^\d\t@:;,.|]{1,40}")
# a row left open (a comma, "of", "de", "and" at its end) goes on in the next: that row, and the
# row ending so, are an entry's lines set in large type ("Licenciatura en Matemáticas," /
# "Universidad Nacional Autónoma de" / "México"), no headings
_OPEN_END = re.compile(r"(?:,|\b(?:of|for|and|the|at|in|on|to|de|del|des|du|la|le|en|et|y|e|und|für|der|di|da|do|dos|das))$", re.I)


def _unnamed_heading(row: _Row, text: str, usual: float, heading_heights: list[float]) -> bool:
    """A short row alone in the very type of the section headings seen before it ("Stack
    software" set like "Experience"): a heading, though its words name no section the reader
    knows; marked so that it ends the section above instead of joining it. Only the type of the
    largest headings counts: a row in the type of a subheading ("Theses" set like "Articles"
    under "Publications", "Professional" like "Research" under "Experience") is a part of its
    section, and ending the section there lost the entries below it."""
    if not heading_heights or row.height < 1.08 * usual:
        return False
    top = max(heading_heights)
    return bool(_UNNAMED_HEADING.fullmatch(text)) and len(text.split()) <= 5 \
        and not _OPEN_END.search(text) and abs(row.height - top) <= 0.03 * top and not _classify_heading_text(text)


def _print_furniture(text: str) -> bool:
    """A browser's print header or footer at a page's top or foot: the time of printing beside
    the page's title ("11/24/26, 3:15 AM<TAB>Jane Roe – CV"), or the page's address beside the page
    count ("file:///home/jr/cv.html<TAB>1/2"). On a one-page print nothing repeats, so the
    running-header rule never saw them, and they became a position's description or a
    publication."""
    if text.count("\t") > 2 or len(text) > 300:
        return False
    cells = [c.strip() for c in text.split("\t")]
    if any(_PRINT_STAMP.fullmatch(c) for c in cells):
        return True
    return any(_PRINT_URL.fullmatch(c) for c in cells) and any(_PAGE_NUMBER.match(c) for c in cells)


def rows_to_text(page_rows: list[list[_Row]], furniture_pages: list[list[_Row]] | None = None) -> str:
    """Rows → text. `furniture_pages`, the printed pages' rows when `page_rows` are parts of
    pages (the columns of a run of two-column pages): the running headers and footers are the
    lines repeated at those pages' tops and feet, not at the parts'."""
    text = _rows_text(page_rows, drop_furniture=True, furniture_pages=furniture_pages)
    return text if text.strip() else _rows_text(page_rows, drop_furniture=False)


_RUNS_ON_END = re.compile(r"[A-Za-z,]$")
_RUNS_ON_START = re.compile(r"[a-z]")


def _runs_on(last: str, first: str) -> bool:
    """The last line of a page ends mid-sentence (a word or a comma, no tab) and the first line
    of the next page goes on in lower case: one paragraph, or one reference, over the break."""
    return "\t" not in last and "\t" not in first and bool(_RUNS_ON_END.search(last)) \
        and bool(_RUNS_ON_START.match(first)) and not last.startswith("#")


def _rows_text(page_rows: list[list[_Row]], drop_furniture: bool, furniture_pages: list[list[_Row]] | None = None) -> str:
    furniture = _furniture(page_rows if furniture_pages is None else furniture_pages) if drop_furniture else set()
    out: list[str] = []
    heading_heights: list[float] = []     # type sizes of the section headings seen so far
    for rows in page_rows:
        heights = sorted(r.height for r in rows) or [0.0]
        usual = heights[len(heights) // 2]
        prev = None
        for i, row in enumerate(rows):
            if re.sub(r"\d+", "#", row.text.strip()) in furniture \
                    or drop_furniture and (i == len(rows) - 1 or i == 0) and _PAGE_NUMBER.match(row.text) \
                    or drop_furniture and (i < 2 or i >= len(rows) - 2) and _print_furniture(_clean_row(row.text)):
                continue      # page furniture (kept only when a document has nothing else)
            text = _clean_row(row.text)
            if prev is None and out and out[-1] == "" and len(out) >= 2 and _runs_on(out[-2], text):
                out.pop()     # a sentence broken by the page's end goes on at the next page's top
            if prev is not None and prev.bottom - row.top > 0.6 * usual and out and out[-1]:
                out.append("")
            if row.height >= 1.08 * usual and "\t" not in text and _classify_heading_text(text):
                heading_heights.append(row.height)
            heading = _large_heading(row, usual) or _unnamed_heading(row, text, usual, heading_heights) \
                and not (out and _OPEN_END.search(out[-1] or (out[-2] if len(out) >= 2 else "")))
            if not heading and out and out[-1].endswith("*") and not out[-1].startswith("#"):
                # an italic run goes on from the line above: one emphasis over the lines
                if row.italic:
                    out[-1], text = out[-1][:-1], text + "*"
                elif row.styled and row.styled.startswith("*"):
                    out[-1], text = out[-1][:-1], _clean_row(row.styled)[1:]
                elif row.styled:
                    text = _clean_row(row.styled)
            elif not heading and row.styled:
                text = _clean_row(row.styled)
            out.append(("# " if heading else "") + text)
            prev = row
        if out and out[-1]:
            out.append("")
    return "\n".join(out) + "\n"


def read_pdf(name: str, data: bytes, *, max_pages: int = PDF_MAX_PAGES,
             max_seconds: float = PDF_MAX_SECONDS) -> tuple[str, list[str]]:
    """PDF bytes → (text, warnings), bounded in pages and time; DocumentError with the reason
    for encrypted, truncated/malformed and text-less (scanned) PDFs."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LAParams
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException

    warnings: list[str] = []
    page_cols: list[_Page] = []
    pages = 0
    deadline = time.monotonic() + max_seconds
    try:
        with _alarm(max_seconds + 1):
            rsrc = PDFResourceManager(caching=True)
            device = PDFPageAggregator(rsrc, laparams=LAParams())
            interpreter = PDFPageInterpreter(rsrc, device)
            for page in PDFPage.get_pages(io.BytesIO(data), maxpages=max_pages + 1, caching=True):
                if pages == max_pages:
                    warnings.append(f"PDF has more than {max_pages} pages; only the first {max_pages} were read")
                    break
                if time.monotonic() > deadline:
                    raise _PDFTimeout()
                interpreter.process_page(page)
                page_cols.append(_page_columns(device.get_result(), first_page=pages == 0))
                pages += 1
            device.close()
    except _PDFTimeout:
        raise DocumentError(name, f"PDF took longer than {max_seconds:.0f} s to read "
                                  f"({pages} pages done); is it malformed?") from None
    except (PDFPasswordIncorrect, PDFEncryptionError) as exc:
        raise DocumentError(name, f"encrypted PDF: it needs a password to open "
                                  f"({type(exc).__name__})") from exc
    except (PDFSyntaxError, PSException) as exc:
        raise DocumentError(name, f"truncated or malformed PDF ({type(exc).__name__}: {exc})") from exc
    except RecursionError:
        raise DocumentError(name, "malformed PDF: its objects are nested too deeply") from None
    except Exception as exc:  # pdfminer raises many internal types on broken files
        raise DocumentError(name, f"truncated or malformed PDF ({type(exc).__name__}: {exc})") from exc
    # (each printed page's rows top to bottom, for its running header and footer)
    printed = [p.rows if p.gutter is None else p.top + p.left + p.right + p.bottom for p in page_cols]
    text = rows_to_text(_column_pages(page_cols), printed)
    if pages == 0:
        raise DocumentError(name, "truncated or malformed PDF (no pages found)")
    if not text.strip():
        raise DocumentError(name, "PDF has no text layer (scanned image?); run OCR first")
    return text, warnings


# ---------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------


def _nothing(span: str) -> str:
    return ""


_HTML_BLOCK = {"p", "div", "section", "article", "header", "footer", "main", "nav", "aside",
               "ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "blockquote", "pre", "form",
               "figure", "figcaption", "address", "center", "hr", "body", "html"}
# <head> itself is not dropped: what it may hold (title, meta, link, style, script, base) is, and
# Python's html.parser nests the whole page inside a <head> its author never closed
# ("<head><title>CV</title><body>…"); dropping the element would drop the CV with it.
_HTML_DROP = {"script", "style", "noscript", "template", "svg", "iframe", "button", "nav",
              "select", "option", "title", "meta", "link", "base"}


_TAB_GAP = re.compile(r" ?\t[\t ]*")      # tabs (with the spaces around them) kept as one tab


class _Lines:
    """Collects text into lines; blank lines separate blocks (at most one in a row)."""

    def __init__(self, keep_tabs: bool = False) -> None:
        self.lines: list[str] = []
        self.cur = ""
        self.soft = False
        self.last = 0          # the length of the last piece of text added
        self.keep_tabs = keep_tabs

    def text(self, s: str) -> None:
        if self.keep_tabs and "\t" in s:
            s = _TAB_GAP.sub("\t", re.sub(r"[^\S\t]+", " ", s))
            if self.cur.endswith((" ", "\t")):
                s = s.lstrip(" \t") if self.cur.endswith("\t") else s
                self.cur = self.cur.rstrip(" ")
            if not s.strip(" "):
                self.cur += s if self.cur else ""
                return
        else:
            s = re.sub(r"\s+", " ", s)
        if not s.strip() and (not self.cur or self.cur.endswith((" ", "\t"))):
            return
        if not self.cur:
            s = s.lstrip()
        if self.soft and self.cur and s and self.cur[-1].isalnum() and s[0].isalnum() \
                and len(s.strip()) > 1 and self.last > 1:
            # "<span>2018</span><span>Lecturer</span>": two pieces, not one word (but "fo<span>r</span>
            # mation", a letter styled apart, is one)
            s = " " + s
        self.soft = False
        self.last = len(s.strip())
        self.cur += s

    def boundary(self) -> None:
        """The end of an element that is its own piece of text on the page (a span, a link)."""
        self.soft = True

    def raw(self, s: str) -> None:
        self.cur += s

    def newline(self) -> None:
        line = re.sub(r"[ \u00a0]+", " ", self.cur).strip(" ")
        if line.startswith("- ") and self.cur.startswith("  "):
            line = " " * (len(self.cur) - len(self.cur.lstrip(" "))) + line     # (a nested item's indent)
        if self.keep_tabs and "\t" in line:
            line = _TAB_GAP.sub("\t", line).strip(" \t")
        if line.strip():
            self.lines.append(line)
        self.cur = ""

    def blank(self) -> None:
        self.newline()
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def result(self) -> str:
        self.newline()
        while self.lines and self.lines[-1] == "":
            self.lines.pop()
        return "\n".join(self.lines)


_HIDDEN = re.compile(r"(?:^|;)\s*display\s*:\s*none\b", re.I)
_HEADING_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
# inline elements that may style part of a word ("<b>W</b>ord"): no boundary after them
_WORD_INLINE = frozenset(("b", "strong", "i", "em", "u", "s", "sub", "sup", "mark", "ins", "del", "code", "tt", "kbd",
                          "var", "samp", "abbr", "q", "big", "strike", "wbr", "bdi", "bdo", "dfn", "cite", "data"))
_CARD_TAGS = ["div", "table", "h1", "h2", "h3", "h4", "h5", "h6"]
_LAYOUT_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "p", "div", "table"]
_PROFILE_HOSTS = re.compile(r"^https?://(?:www\.)?(?:orcid\.org|[a-z]{0,3}\.?linkedin\.com|github\.com|gitlab\.com|"
                            r"scholar\.google\.[a-z.]+|dblp\.org|dblp\.uni-trier\.de|researchgate\.net|"
                            r"twitter\.com|x\.com)/\S+", re.I)


_ENTRY_PARTS = frozenset(("div", "p", "ul", "ol", "table", "h3", "h4", "h5", "h6"))


def _repeated_entry(div) -> bool:
    """A <div> with a class, beside another <div> of the same class, holding two or more blocks:
    one entry of a list of alike entries. Only the nearest sibling elements are looked at."""
    cls = div.get("class")
    if not cls:
        return False
    if not any(sib is not None and sib.name == "div" and sib.get("class") == cls
               for sib in (div.find_previous_sibling(True), div.find_next_sibling(True))):
        return False
    parts = 0
    for c in div.children:
        if getattr(c, "name", None) in _ENTRY_PARTS:
            parts += 1
            if parts >= 2:
                return True
    return False


def _sectioned_dl(dl) -> bool:
    """A <dl> laid out as the page's sections: short <dt> labels, and headings inside its <dd>s
    ("<dt>Education</dt><dd><h2>PhD, Chemistry <span>2007</span></h2>…</dd>"). The <dt>s and
    <dd>s are looked for at any depth: a <dd> or <p> left open nests the next ones inside it."""
    if dl is None:
        return False
    dts = dl.find_all("dt")
    if not dts or any(len(dt.get_text(" ").split()) > 6 for dt in dts):
        return False
    return any(dd.find(_HEADING_TAGS) is not None for dd in dl.find_all("dd"))


def _lead_name(h1, title: str) -> str | None:
    """The name an <h1> opens with in an element of its own ('<a>Jane Q. Roe</a>'), when more text
    (a tagline in a <span>) follows it; None otherwise."""
    from bs4 import Tag

    from mappers.extract.fields import looks_like_name

    first = next((c for c in h1.children if str(c).strip()), None)
    if not isinstance(first, Tag) or first.name in ("br", "img"):
        return None
    lead = re.sub(r"\s+", " ", first.get_text(" ")).strip()
    if not lead or not title.startswith(lead) or len(title) <= len(lead) + 2 or not looks_like_name(lead, max_words=4):
        return None
    return lead


_FRAME_MARKS = re.compile(r"footer|sidebar|social", re.I)
# a repository, not a person's page ("Powered by <a href="https://github.com/owner/theme">…</a>")
_REPOSITORY = re.compile(r"^https?://(?:www\.)?(?:github|gitlab)\.com/[^/?#\s]+/[^/?#\s]+", re.I)


def _frame_block(el) -> bool:
    """A block the page's frame holds, not the CV: its class or id names a footer, a sidebar or
    social links ("socialmedia", "footer-container", "sidebar")."""
    marks = " ".join(el.get("class") or []) + " " + (el.get("id") or "")
    return bool(marks.strip()) and _FRAME_MARKS.search(marks) is not None


def _link_target(a, frame: bool = False) -> str | None:
    """The address of a mailto: or profile link when the link's text does not show it (in the
    page's frame, ``frame``, not a repository's: a theme's credit, "Powered by …")."""
    href = (a.get("href") or "").strip()
    if href.startswith("//"):
        href = "https:" + href      # a protocol-relative link ("//github.com/jroe")
    mailto = href.lower().startswith("mailto:")
    if not mailto and not _PROFILE_HOSTS.match(href):
        if href[:4].lower() == "http" and _HOME_LABEL.fullmatch(" ".join(_first_strings(a, 8)).strip()):
            return href     # "<a href="https://jroe.github.io/">HOME</a>": the person's own site, named so
        return None
    # the link's text as get_text(" ") gives it, from its first pieces only: links opened and never
    # closed nest (html.parser), and the whole text of each made a page of them quadratic
    text = " ".join(_first_strings(a, _LINK_TEXT_PIECES)).strip()
    if mailto:
        address = href[7:].split("?")[0].strip()
        return address if "@" in address and address not in text else None
    if href.split("://", 1)[1].rstrip("/") not in text and not (frame and _REPOSITORY.match(href)):
        return href
    return None


_LINK_TEXT_PIECES = 64
# the text of a link to the person's own site
_HOME_LABEL = re.compile(r"(?i)(?:my\s+|personal\s+)?(?:home\s?page|home|web\s?site|web\s?page)")


def _first_strings(tag, n: int) -> list[str]:
    """The first ``n`` of the strings ``tag.get_text()`` joins (text and CDATA, not comments or
    declarations), in document order. (bs4's own ``strings`` first walks down to the subtree's
    last leaf, a step as long as the nesting is deep.)"""
    from bs4 import CData, NavigableString

    out: list[str] = []
    stack = [iter(tag.contents)]
    while stack and len(out) < n:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif isinstance(child, NavigableString):
            if type(child) in (NavigableString, CData):
                out.append(str(child))
        elif child.contents:
            stack.append(iter(child.contents))
    return out


# a degree or title written with a name ("Jane Roe, Ph.D.", "Dr. Jane Roe"): not part of it
# a name given by its initials and surname ("A. M. Roe", "J Roe"): not the name in full
_INITIALS_NAME = re.compile(r"(?:[A-Z](?:\.\s*|\s+|-)){1,3}[A-Z][\w'’-]+$")
_NAME_DEGREE = re.compile(r"(?i)^(?:dr|prof)\.?\s+|,?\s+(?:ph\.?\s?d|m\.?d|d\.?phil|m\.?sc|m\.?s|mba)\.?$")


# the title an HTML editor gives a new page ("Untitled Document", "New Page 1"): no one's name
_EDITOR_TITLE = re.compile(r"(?i)(?:untitled|new page|no title|document)(?:\s+(?:document|page|\d+))?")
_EMAIL_TEXT = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+")


def _email_names(soup) -> list[str]:
    """The lower-case letters before the '@' of each e-mail address the page gives (a mailto:
    link's or its text's): 'sjroe', 'jane.roe' → 'janeroe'."""
    found = [a["href"][7:] for a in soup.find_all("a", href=True) if a["href"][:7].lower() == "mailto:"]
    found += _EMAIL_TEXT.findall((soup.body or soup).get_text(" "))
    return [re.sub(r"[^a-z]", "", e.split("@")[0].lower()) for e in found if "@" in e]


def _fits_email(name: str, locals_: list[str]) -> bool:
    """Whether a word of ``name`` (three letters or more) is in one of the e-mail names."""
    words = [w for w in re.findall(r"[a-z]+", name.lower()) if len(w) >= 3]
    return any(w in loc for w in words for loc in locals_)


def _name_from_title(soup) -> str | None:
    """'CV - Lucas Meraud', 'Lucas Meraud | Homepage' → 'Lucas Meraud' (a page's <title>)."""
    from mappers.extract.fields import looks_like_name

    if soup.title is None or not soup.title.string or _EDITOR_TITLE.fullmatch(soup.title.string.strip()):
        return None
    for part in re.split(r"\s+[-|–—:·•]\s+|\s*[|·•]\s*", soup.title.string.strip()):
        # ("Curr. Vita · Jane Roe": what the page is, not whose)
        part = re.sub(r"(?i)(?:['’]s\s+)?\b(?:curriculum vitae|(?:curr\.\s*)?vita|cv|résumé|resume|(?:personal\s+|academic\s+)?(?:homepage|home page|"
                      r"web\s?page|web\s?site|page|site))\b", "", part).strip(" ,")
        part = re.sub(r"['’]s?$", "", part)     # "Jane Doe's" (the page's), not "Jones" → "Jone"
        part = _NAME_DEGREE.sub("", part).strip(" ,")     # "CV | Jane Q. Roe, Ph.D."
        if looks_like_name(part, max_words=4):
            return part
    return None


def _meta_author(soup) -> str | None:
    """The page's '<meta name="author" content="Jane Q. Roe, PhD">' as a name ('Jane Q. Roe'), when
    its surname is in the page's text too (a theme's own author is not the subject)."""
    from mappers.extract.fields import looks_like_name

    meta = soup.find("meta", attrs={"name": re.compile(r"^author$", re.I)})
    content = re.sub(r"\s+", " ", (meta.get("content") or "") if meta is not None else "").strip()
    content = _NAME_DEGREE.sub("", content).strip(" ,")
    if not looks_like_name(content, max_words=4):
        return None
    body = soup.body or soup
    return content if content.split()[-1].lower() in body.get_text(" ").lower() else None


# the kinds of section a filter button may name: lists of entries ("Research" or "About" cards are
# projects and prose, not the subject's interests)
_FILTER_KINDS = frozenset(("publications", "talks", "positions", "education", "awards", "service", "teaching",
                           "skills", "patents"))
_FILTER_CLASS = re.compile(r"^\s*\.([\w-]{2,40})\s*$")
_EMPHASIS = {"i": "*", "em": "*"}
# what an emphasised span may hold for its text to be written with marks round it: text and
# inline styling, no link (its address is kept apart), break or block
_EMPHASIS_INNER = frozenset(("b", "strong", "i", "em", "span", "sub", "sup", "small", "u", "font"))


def _after_break(el) -> bool:
    """Whether ``el`` comes right after a <br> (only white space between)."""
    from bs4 import NavigableString

    for n, sib in enumerate(el.previous_siblings):
        if n > 3:
            return False
        if isinstance(sib, NavigableString):
            if str(sib).strip():
                return False
            continue
        return sib.name == "br"
    return False


def _text_after_on_line(el) -> bool:
    """Whether text follows ``el`` on its line (before a break or a block)."""
    from bs4 import NavigableString

    for n, sib in enumerate(el.next_siblings):
        if n > 8:
            return True
        if isinstance(sib, NavigableString):
            if str(sib).strip():
                return True
        elif sib.name in ("br", "li", "dt", "dd", "tr", "td") or sib.name in _HTML_BLOCK or sib.name in _HEADING_TAGS:
            return False
        elif "".join(_first_strings(sib, 4)).strip():
            return True
    return False


def _emphasis(el, before: str) -> str | None:
    """'<i>Lorem Ipsum</i>' → ' *Lorem Ipsum* ': the text of an emphasised span with Markdown's
    marks round it (and the white space it had on either side), when the span is a phrase that
    sets part of a line apart (a title, a venue, an event): not a letter or part of a word styled
    apart ("<b>W</b>ord"), not the whole line, a label ("<i>Education:</i>") or a date; no link,
    break or block inside, no '*' or '_' in it. None otherwise (the span is read as plain text)."""
    from bs4 import NavigableString, Tag

    # (a few pieces at most, walked by hand: an emphasis left open holds the rest of the page, and
    # bs4's own walk of the descendants first finds the last one, the whole subtree for each)
    stack, n = [iter(el.contents)], 0
    while stack:
        d = next(stack[-1], None)
        if d is None:
            stack.pop()
            continue
        n += 1
        if n > 40:
            return None
        if isinstance(d, Tag):
            if d.name not in _EMPHASIS_INNER:
                return None
            stack.append(iter(d.contents))
    raw = el.get_text()
    text = re.sub(r"\s+", " ", raw).strip()
    if len(text) < 2 or "*" in text or "_" in text or not any(c.isalpha() for c in text) \
            or text[-1] == ":" or (len(text.split()) <= 4 and any(c.isdigit() for c in text)):
        return None
    after = el.next_sibling
    if before[-1:].isalnum() and not raw[:1].isspace():
        return None
    if isinstance(after, NavigableString) and str(after)[:1].isalnum() and not raw[-1:].isspace():
        return None
    if not before.strip(" -\t") and not _text_after_on_line(el):
        return None     # (the whole line: its emphasis parts nothing)
    mark = _EMPHASIS[el.name.lower()]
    # ("<i>Policy Advisor</i><span>2020 – 2022</span>": an element of its own after it is set apart)
    spaced = raw[-1:].isspace() or isinstance(after, Tag) and after.name != "br" and "".join(_first_strings(after, 2))[:1].isalnum()
    return (" " if raw[:1].isspace() else "") + mark + text + mark + (" " if spaced else "")


def html_to_text(html: str, keep_tabs: bool = False) -> str:
    """HTML → text: headings as '# ' lines, list items as '- ' lines, table rows as
    tab-separated cells, <br> as line breaks, blocks separated by one blank line.
    Scripts/styles, Jekyll front matter and Liquid tags are dropped. With ``keep_tabs`` a tab
    in the text stays a tab (word-processor documents separate dates from entries with one);
    in a web page it is white space like any other."""
    from bs4 import BeautifulSoup, Comment, NavigableString, Tag

    from mappers.extract.sections import classify_heading

    # Liquid tags and outputs (spans.replace_any_spans: linear time; "\{\{.*?\}\}" read the rest of
    # the page from every "{{" without "}}", 55 s for 80 KB)
    html = replace_any_spans(_FRONT_MATTER_BLOCK.sub("", html), LIQUID_PAIRS, _nothing, limit=LIQUID_MAX)
    soup = BeautifulSoup(html, "html.parser")
    out = _Lines(keep_tabs)

    def inline_text(node) -> str:
        out_text = ""
        prev = ""
        for piece in node.find_all(string=True):
            if isinstance(piece, Comment):
                continue
            piece = str(piece)
            # "Ma fo<span>r</span>mation" (a letter styled apart): one word; "<span>2018</span>
            # <span>Lecturer</span>": two pieces
            joined = prev[-1:].isalnum() and piece[:1].isalnum() and (len(prev.strip()) <= 1 or len(piece.strip()) <= 1)
            out_text += ("" if joined else " ") + piece
            prev = piece
        return re.sub(r"\s+", " ", out_text).strip()

    page_chars: list[int] = []

    def holds_page(node) -> bool:
        """A hidden element that holds most of the page's text is the page itself, hidden until a
        script runs (a static export of a single-page app shows a loading spinner and keeps the
        rendered CV in '<div style="display:none">' until it starts): read, not dropped."""
        if not page_chars:
            page_chars.append(len(re.sub(r"\s+", "", soup.get_text())))
        return len(re.sub(r"\s+", "", node.get_text())) * 2 > page_chars[0]

    # Typora's export keeps a paragraph's single line breaks as they were typed and shows them
    # ("<p><span>Jane Roe</span>\n<span>12 Lorem Street</span></p>": two lines), unless its
    # "white-space: normal" option for paragraphs was chosen
    body = soup.body
    soft_breaks = body is not None and "typora-export" in (body.get("class") or []) \
        and not re.search(r"\.typora-export\s+p\b[^{}]*\{[^{}]*white-space\s*:\s*normal", html)
    # the categories of a filtered grid (isotope, mixitup: "<button data-filter=".talk">Talks</button>")
    # that name sections of a CV, by the class their items carry
    filters: dict[str, str] = {}
    for el in soup.find_all(attrs={"data-filter": _FILTER_CLASS}, limit=20):
        label = re.sub(r"\s+", " ", el.get_text(" ")).strip()
        if label and len(label) <= 40 and classify_heading(label) in _FILTER_KINDS:
            filters.setdefault(_FILTER_CLASS.match(el["data-filter"]).group(1), label)
    if len(filters) < 2:
        filters = {}
    shown = [""]
    in_card = [0]       # how many card-like list items (see "li" below) hold the current element
    in_item = [0]       # how many plain list items hold it
    in_entry_dd = [0]   # how many <dd>s of a sectioned <dl> (see "dt" below) hold it
    in_list = [0]       # how many <ul>/<ol> hold it
    in_furniture = [0]  # how many page footers or link blocks (see "footer" below) hold it
    headed = [False]    # whether a heading naming a section of the CV ("Education") has been written

    def walk(root) -> None:
        # Iterative (an explicit stack), so 10,000-deep nesting cannot exhaust the Python stack.
        stack: list[tuple] = [(iter(root.children), None)]
        while stack:
            children, after = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                if after is not None:
                    after()
                continue
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:
                    if soft_breaks and "\n" in child and child.find_parent("p") is not None:
                        # a Typora export: a line break inside a paragraph is shown as one
                        for i, part in enumerate(str(child).split("\n")):
                            if i:
                                out.newline()
                            out.text(part)
                    else:
                        out.text(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            name = child.name.lower()
            if (style := child.get("style")) and "none" in style and _HIDDEN.search(style) \
                    and not holds_page(child):
                continue        # "<div style="display: none">…": not shown on the page (a template's notes)
            if filters and name in ("div", "li", "article", "section") \
                    and (cat := next((c for c in (child.get("class") or ()) if c in filters), None)) and cat != shown[0]:
                # a filtered grid's first item of a category ("<div class="list-item publication">" under
                # the buttons "<button data-filter=".publication">Publications</button>"): the page
                # shows no heading for its kind, the button names it
                shown[0] = cat
                out.blank()
                out.raw("## " + filters[cat])
                out.blank()
                headed[0] = True
            if name in _HTML_DROP:
                if name == "button" and child.find(_HEADING_TAGS):
                    # an accordion's toggle holding the section's heading ("<button><h3>Interests</h3>
                    # </button>"): the heading is the page's, the control around it is not
                    stack.append((iter(child.find_all(_HEADING_TAGS)), None))
                continue
            if re.fullmatch(r"h[1-6]", name) and in_card[0]:
                # a heading inside a list item is a line of that entry, not a section of the CV
                # (al-folio's rendered CV: "<li><div>2016.09 - 2020.07</div><div><h6>BSc</h6>
                # <h6>University of …</h6><h6>Physics</h6></div></li>")
                out.newline()
                stack.append((iter(child.children), out.newline))
            elif re.fullmatch(r"h[1-6]", name) and in_entry_dd[0]:
                # a heading inside the <dd> of a sectioned <dl>: the head of one entry of that
                # section, its <br>-separated parts lines of it
                out.blank()
                stack.append((iter(child.children), out.newline))
            elif re.fullmatch(r"h[1-6]", name):
                out.blank()
                title = inline_text(child)
                lead = _lead_name(child, title) if name == "h1" else None
                if lead:
                    # "<h1><a>Jane Q. Roe</a> <span>Computational Science, Drug Design</span></h1>": the
                    # name, then the tagline set beside it as a line of its own
                    out.raw("# " + lead)
                    out.blank()
                    out.raw(title[len(lead):].strip())
                elif title:
                    out.raw("#" * int(name[1]) + " " + title)
                    headed[0] = headed[0] or classify_heading(title) is not None
                out.blank()
            elif name == "br":
                if not out.cur.strip() and _after_break(child):
                    # "…<br><br>…" (a hand-written page's paragraph break): a blank line, as between blocks
                    out.blank()
                else:
                    out.newline()
            elif name == "li" and child.find(_CARD_TAGS, recursive=False) is not None:
                # a list item built as a card (its date, title and place in <div>s, a <table> or
                # headings): one entry, set apart by blank lines, its blocks lines of it
                out.blank()
                in_card[0] += 1
                stack.append((iter(child.children), lambda: (in_card.__setitem__(0, in_card[0] - 1), out.blank())))
            elif name == "li":
                out.newline()
                # a nested list's items are indented under their parent's, as Markdown writes them
                # (by the lists around the item: an <li> left open holds the next <li>s, which are
                # items of the same list)
                out.raw("  " * min(max(in_list[0] - 1, 0), 6) + "- ")
                in_item[0] += 1
                stack.append((iter(child.children), lambda: (in_item.__setitem__(0, in_item[0] - 1), out.newline())))
            elif name == "p" and in_item[0] and not in_card[0]:
                # "<li><p>July 2022 <a>Logic Families</a></p></li>" (a loose list): the paragraph is
                # the item's text, on its bullet's line, not a block apart from an empty bullet
                if out.cur.strip() != "-":
                    out.newline()
                stack.append((iter(child.children), out.newline))
            elif name in ("dt", "dd") and _sectioned_dl(child.find_parent("dl")):
                # "<dl><dt>Education</dt><dd><h2>MSc, Field <span>2011</span></h2><p>…</p></dd>":
                # each <dt> is a section heading of the page, the headings in its <dd> are entries
                if name == "dt":
                    out.blank()
                    title = inline_text(child)
                    if title:
                        out.raw("# " + title)
                    out.blank()
                else:
                    out.blank()
                    in_entry_dd[0] += 1
                    stack.append((iter(child.children), lambda: (in_entry_dd.__setitem__(0, in_entry_dd[0] - 1), out.blank())))
            elif name in ("dt", "dd"):
                out.newline()
                stack.append((iter(child.children), out.newline))
            elif name == "tr" and child.find(_LAYOUT_TAGS):
                # a page laid out with a table (jemdoc and the like): each cell is a block
                out.newline()
                stack.append((iter(child.children), out.newline))
            elif name in ("td", "th"):
                out.newline()
                stack.append((iter(child.children), out.newline))
            elif name == "tr":
                out.newline()
                # (a row of links, "HOME | GitHub | LinkedIn", keeps the addresses its labels hide)
                cells = [inline_text(td) + "".join(" " + t for a in td.find_all("a", href=True)
                                                   if (t := _link_target(a, in_furniture[0] > 0)))
                         for td in child.find_all(["td", "th"], recursive=False)]
                if any(cells):
                    out.raw("\t".join(cells))
                out.newline()
            elif name == "a" and (target := _link_target(child, in_furniture[0] > 0)):
                # an address only the link holds (mailto:, an ORCID or GitHub page) is kept
                stack.append((iter(child.children), lambda t=target: (out.text(" " + t), out.boundary())))
            elif (name == "footer" or name in ("div", "aside", "ul") and headed[0] and _frame_block(child)) \
                    and not in_card[0] and not in_item[0] and not in_furniture[0]:
                # the page's footer (site credits, "Follow", a sitemap link) is a part of its own,
                # not lines of the CV's last section; so is a block of social links or a sidebar
                # after the CV's sections ("<div class="socialmedia">", "<div id="footer">")
                in_furniture[0] += 1
                stack.append((iter(()), lambda: in_furniture.__setitem__(0, in_furniture[0] - 1)))
                out.blank()
                out.raw("# Page footer")
                out.blank()
                stack.append((iter(child.children), out.blank))
            elif name == "div" and not in_card[0] and _repeated_entry(child):
                # one of a run of alike entry blocks ("<div class="entry"><div class="title">…</div>
                # <div class="subtitle">…</div><div class="details">…</div></div>" after another):
                # set apart by blank lines, as the page shows them
                out.blank()
                stack.append((iter(child.children), out.blank))
            elif name in ("ul", "ol"):
                out.newline()
                in_list[0] += 1
                ends_list = not in_card[0]
                stack.append((iter(child.children), lambda e=ends_list: (in_list.__setitem__(0, in_list[0] - 1),
                                                                       out.blank() if e else out.newline())))
            elif name in _HTML_BLOCK:
                if name in ("ul", "ol", "dl", "table") or name == "div" or in_card[0]:
                    out.newline()
                else:
                    out.blank()
                ends_block = not in_card[0] and name in ("p", "blockquote", "pre", "table", "section", "article",
                                                         "ul", "ol")
                stack.append((iter(child.children), out.blank if ends_block else out.newline))
            elif name in _EMPHASIS and not keep_tabs and (mark := _emphasis(child, out.cur)):
                # "<li>J. Roe. <i>Lorem Ipsum</i>. Journal, 2020</li>": the emphasis a hand-written
                # page sets its title, venue or employer apart with is kept as Markdown writes it
                # ("*Lorem Ipsum*"), which the text reader knows (a web page only: an office
                # document's runs are styled at random)
                out.text(mark)
                out.boundary()
            elif name in ("span", "a", "time", "small"):
                stack.append((iter(child.children), out.boundary))
            elif name not in _WORD_INLINE:
                # "<font>2020-2024</font></class><b>Ph.D.</b>" (TeXmacs, old editors; a tag no HTML
                # knows): its own piece of text on the page, like a <span>
                stack.append((iter(child.children), out.boundary))
            else:
                stack.append((iter(child.children), None))

    from mappers.extract.fields import looks_like_name

    name = _name_from_title(soup)
    first_h1 = soup.find("h1")
    h1_spaced = re.sub(r"\s+", " ", first_h1.get_text(" ")) if first_h1 is not None else ""
    h1_lower = h1_spaced.lower()

    def named_in_full_by_h1(n: str) -> bool:
        """"<title>Bill Roe</title>" over "<h1>William A. Roe</h1>": the page's own heading names the
        subject in full (the surname, not this form); a shorter or familiar form is not put before it."""
        return n.split()[-1].lower() in h1_lower.split() and n.lower() not in h1_lower \
            and not _INITIALS_NAME.match(h1_spaced.strip())

    if name and named_in_full_by_h1(name):
        name = None
    elif name and first_h1 is not None:
        h1_text = h1_spaced.strip()
        if name.startswith(h1_text + " ") and looks_like_name(h1_text, max_words=4):
            # "<title>Jane Roe Academy</title>" over "<h1>Jane Roe</h1>": the title's words after the
            # name the page's heading gives name the site, not the subject
            name = h1_text
    author = _meta_author(soup)
    if author and named_in_full_by_h1(author):
        author = None
    if author and (not name or (author.split()[-1].lower() == name.split()[-1].lower()
                                and author.split()[0].lower() == name.split()[0].lower() and len(author) > len(name))):
        # '<meta name="author" content="Jane Q. Roe">': the subject, when the title names no one
        # ("The Lorem Blog") or gives the same name shorter ("cv | Jane Roe")
        name = author
    if name and (locals_ := _email_names(soup)) and not _fits_email(name, locals_):
        # "<title>Lorem Chem Notes | résumé</title>" (the site's name) or a logo over "<h1>Jane Roe</h1>"
        # and "jroe@…": a heading that is a name the page's e-mail address holds names the subject
        name = next((t for h in soup.find_all(["h1", "h2", "h3"], limit=12)
                     if looks_like_name(t := re.sub(r"\s+", " ", h.get_text(" ")).strip(), max_words=4)
                     and _fits_email(t, locals_)), name)
    if name:
        out.raw("# " + name)
        out.blank()
    walk(soup)
    text = out.result()
    # A list that ends a block is followed by a blank line; collapse runs of blank lines.
    return re.sub(r"\n{3,}", "\n\n", text)


# ---------------------------------------------------------------------------------------
# LaTeX
# ---------------------------------------------------------------------------------------
_URL_ARG = re.compile(r"(\\(?:href|url)\s*\{)([^{}\n]*)(\})")


def protect_url_percents(tex: str) -> str:
    """'%' inside \\href{…}/\\url{…} is part of the URL (hyperref reads it verbatim), not a
    comment: written as '\\%' so comment stripping keeps it."""
    return _URL_ARG.sub(lambda m: m.group(1) + re.sub(r"(?<!\\)%", r"\\%", m.group(2)) + m.group(3), tex)


def strip_latex_comments(tex: str) -> str:
    """Drop %-comments (not \\%); a line that was only a comment disappears entirely."""
    tex = protect_url_percents(tex)
    out = []
    for line in tex.split("\n"):
        m = re.search(r"(?<!\\)(?:\\\\)*%", line)
        if m:
            cut = line[:m.start() + len(m.group(0)) - 1]
            if not cut.strip():
                continue
            line = cut
        out.append(line)
    return "\n".join(out)


def drop_environments(tex: str, names: set[str]) -> str:
    # (re.sub of "\\begin{NAME}.*?\\end{NAME}" in linear time: many unclosed ones made it quadratic)
    for name in names:
        tex = replace_spans(tex, "\\begin{" + name + "}", "\\end{" + name + "}", _nothing)
    return tex


def excluded_environments(tex: str) -> set[str]:
    """`comment` plus environments turned off with \\excludecomment{x} (comment package)."""
    names = {"comment"}
    names.update(re.findall(r"(?m)^[^%\n]*\\excludecomment\{([^{}]+)\}", tex))
    return names


# The rewrites below all start with a backslash or a dollar sign.
_NEEDS_REWRITE = re.compile(r"[\\$]")
_LINE_BREAKS = re.compile(r"\\(?:newline|linebreak)\b|\\\\(?:\[[^\]]*\])?|\\tabularnewline\b")
# \hfill, a quad, and the tab stop of a tabbing environment ("{\bf Email} \> jdoe@…")
_HSPACE = re.compile(r"\\hfill\b|\\hfil\b|\\quad\b|\\qquad\b|(?<!\\)\\>")
_STAR = re.compile(r"\$\s*(?:\{\s*\}\s*)?\^\s*\{?\\ast\}?\s*\$|\$\s*(?:\{\s*\}\s*)?\^\s*\{?\*\}?\s*\$|\\textsuperscript\{\s*\*\s*\}|\$\\ast\$")
# a superscript of letters right after a number, in math mode: an ordinal's ending ("4$^{th}$",
# "$32^{nd}$", "2$^{\text{nd}}$", Spanish "$7^{ma}$", French "1\up{ère}" of babel-french)
_ORDINAL_SUP = re.compile(r"(?:(?<=\d)\s*\$|\$\s*(\d{1,4}))\s*\^\s*\{?\s*(?:\\(?:text|textrm|mathrm)\s*\{)?\s*([^\W\d_]{1,4})\s*\}?\s*\}?\s*\$"
                          r"|(?<=\d)\\up\s*\{\s*([^\W\d_]{1,4})\s*\}")
# a one-letter superscript standing alone (no word or number before it): a mark keyed to a legend
# ("$^i$ = invited talk", "$^s$ = school"), no text
_MARK_SUP = re.compile(r"(?<![\w$^])\$\s*\^\s*\{?\s*[a-z]\s*\}?\s*\$")
_DAGGER = re.compile(r"\$\s*(?:\{\s*\}\s*)?\^\s*\{?\\dagger\}?\s*\$|\\textsuperscript\{\s*\\dagger\s*\}|\$\\dagger\$")
_SIM = re.compile(r"\$\s*\\sim\s*\$|\\~\s*\{\s*\}|\\textasciitilde\b\s*(?:\{\s*\})?")
# a tilde written as a character ("~" itself is a no-break space in LaTeX): held as a private-use
# character through the conversion, which keeps it, and made "~" at the end
_TILDE = "\ue07e"
_TIMES = re.compile(r"\$\s*\\times\s*\$")
# (the text may nest braces two deep: \href{url}{\footnotesize{… $C_{\ell}$ …}})
_HREF = re.compile(r"\\href\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}")
_URL = re.compile(r"\\(?:url|email)\s*\{([^{}]*)\}")
_FA = re.compile(r"\\fa[A-Za-z]+\b(?:\s*\{[^{}]*\})?|\\faicon\s*\{[^{}]*\}")
# (a skip's stretch and shrink go with it: "\\vskip.5ex plus .4ex" left "plus .4ex" as text)
_SPACE_CMD = re.compile(r"\\(?:vspace|hspace|vskip|hskip)\*?\s*(?:\{[^{}]*\}|-?[\d.]+\s*(?:pt|em|ex|cm|mm|in)"
                        r"(?:\s*(?:plus|minus)\s*-?[\d.]*\s*(?:pt|em|ex|cm|mm|in|fil{1,3})){0,2})")
# a box moved or a kern by a length ("\moveleft.5\hoffset\centerline{Lorem, Norway}", res.cls's header;
# "\kern 5.0 pt"): the length is no text (it read "5Lorem, Norway")
_MOVE_CMD = re.compile(r"\\(?:moveleft|moveright|kern)(?![A-Za-z])\s*-?(?:\d*\.?\d+)?\s*(?:\\[A-Za-z]+|(?:pt|em|ex|cm|mm|in|bp)(?![A-Za-z]))")
# (also \fontsize{25 pt}{25 pt}, RenderCV's header: "25 pt25 ptJane Doe" was no name)
_LENGTH_CMD = re.compile(r"\\(?:setlength|addtolength|setcounter|addtocounter|fontsize|rule\s*(?:\[[^\]]*\])?)\s*\{[^{}]*\}\s*\{[^{}]*\}")
# NFSS font selection: "\usefont{OT1}{phv}{b}{n}", "\fontfamily{phv}\selectfont" (a name
# heading printed "OT1phvbn Jane Doe", no name)
_FONT_SELECT = re.compile(r"\\usefont\s*\{[^{}]*\}\s*\{[^{}]*\}\s*\{[^{}]*\}\s*\{[^{}]*\}|"
                          r"\\font(?:family|series|shape|encoding)\s*\{[^{}]*\}")
# \multicolumn{2}{c}{text}: its text (the column count and alignment printed "2c")
# (the alignment may hold braces itself: \multicolumn{3}{@{}p{\textwidth}@{}}{text} printed "3@p@")
# a box's width ("\parbox[t]{0.85\textwidth}{…}", "\begin{minipage}[t]{0.7\textwidth}"): its first
# brace argument is a length, never text (a row read "0.85 PhD in Lorem")
_BOX_WIDTH = re.compile(r"(\\parbox|\\begin\s*\{minipage\})[ \t]*(?:\[[^\[\]{}\n]{0,20}\][ \t]*){0,3}\{[^{}\n]{0,40}\}")
_MULTICOLUMN = re.compile(r"\\multicolumn\s*\{[^{}]*\}\s*\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}")
# "\smartdiagram[bubble diagram]{…}", "\foo[opt]{…}": an optional argument is no text (a list
# item's label, "\item[2019]", is); a figure is none either
_MACRO_OPTION = re.compile(r"(\\(?!item\b)[A-Za-z]+\*?)[ \t]*\[[^\[\]{}\n\\]{0,80}\]")
_GRAPHICS = re.compile(r"\\include(?:graphics|svg)\*?\s*(?:\[[^\[\]]{0,200}\]\s*)?\{[^{}]{0,300}\}")
_REF_CMD = re.compile(r"\\(?:label|ref|cite|nocite|index|pagestyle|thispagestyle)\s*\{[^{}]*\}")
_MACRO_OR_BRACE = re.compile(r"\\[A-Za-z]+\*?|[{}]")
_SPACES = re.compile(r"[ ]+")
_TAB_SPACE = re.compile(r"\s*\t\s*")
_l2t = None


_TEXT_FONT_MACROS = ("texttt", "textsf", "textsl", "textup", "textmd", "textnormal", "textlf", "mbox", "hbox")
_LOGO_MACROS = {"LaTeX": "LaTeX", "TeX": "TeX", "LaTeXe": "LaTeX2e", "BibTeX": "BibTeX", "XeTeX": "XeTeX",
                "XeLaTeX": "XeLaTeX", "LuaLaTeX": "LuaLaTeX", "pdfLaTeX": "pdfLaTeX"}

_LOGO = re.compile(r"\\(" + "|".join(sorted(_LOGO_MACROS, key=len, reverse=True)) + r")(?![A-Za-z])(?:\{\})?")


def _latex2text():
    """One converter and one parsing context for the process. pylatexenc builds both from its
    static tables on every construction (most of the cost of converting a short fragment), and
    a conversion changes neither. The parsing context is pylatexenc's default one with
    ``test_for_specials`` answered from an index (see :func:`_indexed_specials_db`)."""
    global _l2t
    if _l2t is None:
        from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec
        from pylatexenc.latex2text import get_default_latex_context_db as text_db
        from pylatexenc.latexwalker import get_default_latex_context_db

        # pylatexenc's text table has no entry for these, so it dropped them with their
        # argument: "\texttt{Python}, \LaTeX" gave ", ".
        texts = text_db()
        texts.add_context_category("cvgraph", prepend=True, macros=[
            *(MacroTextSpec(name, simplify_repl="%(1)s") for name in _TEXT_FONT_MACROS
              if texts.get_macro_spec(name) is None),
            *(MacroTextSpec(name, simplify_repl=text) for name, text in _LOGO_MACROS.items())])
        conv = LatexNodes2Text(latex_context=texts, math_mode="text", strict_latex_spaces=False,
                               keep_braced_groups=False)
        _l2t = (conv, _indexed_specials_db(get_default_latex_context_db()))
    return _l2t


def _indexed_specials_db(db):
    """A copy of the LatexContextDb ``db`` whose ``test_for_specials`` looks only at the specials
    that start with the character at the position. pylatexenc's own scans every special of every
    category at every character and keeps the first longest match in category order; the index
    lists, per first character, the specials in that same order and the loop keeps the same
    first longest match, so it returns the same spec (a special can only match where its first
    character is)."""
    from pylatexenc.macrospec import LatexContextDb

    class IndexedSpecialsDb(LatexContextDb):
        def test_for_specials(self, s, pos, parsing_state=None):
            cands = index.get(s[pos:pos + 1])
            if not cands:
                return None
            best, best_len = None, 0
            for chars, n, spec in cands:
                if n > best_len and s.startswith(chars, pos):
                    best, best_len = spec, n
            return best

    index: dict[str, list] = {}
    for cat in db.category_list:
        for chars, spec in db.d[cat]["specials"].items():
            if chars:
                index.setdefault(chars[0], []).append((chars, len(chars), spec))
    new = IndexedSpecialsDb()
    new.category_list = list(db.category_list)
    new.d = db.d
    new.unknown_macro_spec = db.unknown_macro_spec
    new.unknown_environment_spec = db.unknown_environment_spec
    new.unknown_specials_spec = db.unknown_specials_spec
    return new


# The fast path below reads the LaTeX that CV fragments are mostly made of, and returns None
# for anything else, which then goes to pylatexenc. What it reads, and what pylatexenc's walker
# and LatexNodes2Text (math_mode="text", strict_latex_spaces=False, keep_braced_groups=False)
# make of it:
#   - characters other than \ { } $ % & ~ ` ' - : kept as they are, whitespace included
#     (every run of whitespace ends up in a characters node, and this strict_latex_spaces
#     setting keeps whitespace-only nodes);
#   - braces: a group gives its contents;
#   - \textbf \textit \emph \textsc \textrm \underline, followed by optional spaces and a brace:
#     the contents of that brace (known to both pylatexenc tables, one brace argument, text =
#     the argument's text);
#   - an alphabetic macro that neither pylatexenc table knows (moderncv's \cventry, \cvitem,
#     \makecvtitle ...): nothing, and the whitespace after it is dropped (its post-space);
#     any braces after it are ordinary groups, so their contents stay;
#   - \& \% \_ \# \$ \{ \}: the character;
#   - specials, longest first at each position: --- → —, -- → –, '' → ”, ~ → no-break space,
#     & → three spaces.
# Comments, math, environments, backquotes, accents and other known macros, a whitespace run
# with a blank line after a macro, and unbalanced braces are left to pylatexenc.
_FAST_PLAIN = re.compile(r"[^\\{}$%&~`'\-]+")
_FAST_FORMAT = frozenset({"textbf", "textit", "emph", "textsc", "textrm", "underline"})
_FAST_ESCAPES = {"&": "&", "%": "%", "_": "_", "#": "#", "$": "$", "{": "{", "}": "}"}
_FAST_SPECIALS = (("---", "\u2014"), ("--", "\u2013"), ("''", "\u201d"))
_unknown_macros: dict[str, bool] = {}
_macro_tables = None


def _macro_unknown(name: str) -> bool:
    """Neither the walker's nor the converter's table has the macro (so it takes no arguments
    and converts to nothing)."""
    global _macro_tables
    unknown = _unknown_macros.get(name)
    if unknown is None:
        if _macro_tables is None:
            from pylatexenc.latex2text import get_default_latex_context_db as text_db
            from pylatexenc.latexwalker import get_default_latex_context_db as walker_db

            _macro_tables = (walker_db(), text_db())
        unknown = name not in ("begin", "end") and all(db.get_macro_spec(name) is None for db in _macro_tables)
        if len(_unknown_macros) < 10_000:
            _unknown_macros[name] = unknown
    return unknown


def _fast_latex_to_text(tex: str) -> str | None:
    out: list[str] = []
    depth = 0
    i, n = 0, len(tex)
    plain = _FAST_PLAIN.match
    while i < n:
        m = plain(tex, i)
        if m:
            out.append(m.group(0))
            i = m.end()
            continue
        c = tex[i]
        if c == "{":
            depth += 1
            i += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return None
            i += 1
        elif c == "\\":
            if i + 1 >= n:
                return None
            c2 = tex[i + 1]
            if c2.isalpha():
                j = i + 2
                while j < n and tex[j].isalpha():
                    j += 1
                name = tex[i + 1:j]
                k = j
                while k < n and tex[k].isspace():
                    k += 1
                if "\n\n" in tex[j:k]:
                    return None
                if name in _FAST_FORMAT:
                    if k >= n or tex[k] != "{":
                        return None
                elif not _macro_unknown(name):
                    return None
                i = k
            elif c2 in _FAST_ESCAPES:
                out.append(_FAST_ESCAPES[c2])
                i += 2
            else:
                return None
        elif c == "-" or c == "'":
            for chars, repl in _FAST_SPECIALS:
                if tex.startswith(chars, i):
                    out.append(repl)
                    i += len(chars)
                    break
            else:
                out.append(c)
                i += 1
        elif c == "~":
            out.append("\u00a0")
            i += 1
        elif c == "&":
            out.append("   ")
            i += 1
        else:                       # $ % `
            return None
    if depth:
        return None
    return "".join(out)


# a length assigned in the text: "\hangindent=0.5in", "\parindent=0pt", "\leftskip=-1em"
# (and a rule's size, "\hrule height 4pt": no text either)
DIMEN_SET = re.compile(r"\\[A-Za-z]{2,20}\s*=\s*-?\d*\.?\d+\s*(?:in|pt|em|ex|cm|mm|bp|pc|sp)\b[ \t]*|"
                       r"\\[hv]rule(?:\s+(?:height|depth|width)\s+-?\d*\.?\d+\s*(?:in|pt|em|ex|cm|mm|bp|pc|sp)\b)+[ \t]*")


def latex_fragment_to_text(tex: str, links: bool = True) -> str:
    """One LaTeX fragment → Unicode text (accents, \\&, --, ~); \\\\ and \\newline → newline,
    \\href{url}{text} → 'text url' (only 'text' when links is False: a field's words, not where
    they point), \\hfill → tab. ``$\\sim$``, ``\\~{}``, ``\\textasciitilde`` and a "~" inside a
    URL are "~". No comments expected."""
    if '"`' in tex:
        # babel's German shorthands: "`Titel"' is „Titel“ ("< and "> are guillemets); a text that
        # opens one uses them, so "' closes it
        tex = tex.replace('"`', "„").replace('"\'', "“").replace('"<', "«").replace('">', "»")
    if ("=" in tex or "rule" in tex) and "\\" in tex:
        # "\hangindent=0.5in", "\parindent=0pt": a length set inside the text is none of it
        tex = DIMEN_SET.sub(" ", tex)
    if "TeX" in tex:
        # \LaTeX is a word: the fast path below took it for an unknown macro and dropped it, and
        # pylatexenc drops the space after it ("\TeX and" gave "TeXand")
        tex = _LOGO.sub(lambda m: _LOGO_MACROS[m.group(1)], tex)
    if _NEEDS_REWRITE.search(tex):
        tex = _LINE_BREAKS.sub("\n", tex)
        tex = _HSPACE.sub("\t", tex)
        tex = _STAR.sub("*", tex)
        tex = _DAGGER.sub("†", tex)
        if "^" in tex or "\\up" in tex:
            # "32$^{nd}$ Lorem Conference", "$7^{ma}$", "1\up{ère}": an ordinal's ending
            tex = _ORDINAL_SUP.sub(lambda m: (m.group(1) or "") + (m.group(2) or m.group(3)), tex)
            tex = _MARK_SUP.sub("", tex)            # "\item $^i$ Aug 2023: …": a one-letter mark (a legend's key)
        tex = _SIM.sub(_TILDE, tex)
        tex = _TIMES.sub("×", tex)
        tex = _HREF.sub(lambda m: _href_text(m.group(1), m.group(2), links), tex)
        tex = _URL.sub(lambda m: m.group(1).replace("\\", "").replace("~", _TILDE), tex)
        tex = _FA.sub("", tex)
        tex = _SPACE_CMD.sub(" ", tex)
        if "\\move" in tex or "\\kern" in tex:
            tex = _MOVE_CMD.sub(" ", tex)
        tex = _LENGTH_CMD.sub("", tex)
        if "\\font" in tex or "\\usefont" in tex:
            tex = _FONT_SELECT.sub("", tex)
        tex = _MULTICOLUMN.sub("", tex)
        if "box" in tex or "minipage" in tex:
            tex = _BOX_WIDTH.sub(lambda m: "" if m.group(1) == "\\parbox" else m.group(1), tex)
        tex = _REF_CMD.sub("", tex)
        if "[" in tex:
            tex = _MACRO_OPTION.sub(r"\1", tex)
        if "\\include" in tex:
            tex = _GRAPHICS.sub("", tex)
    text = _fast_latex_to_text(tex)
    if text is None:
        try:
            conv, db = _latex2text()
            text = conv.latex_to_text(tex, latex_context=db)
        except Exception:
            text = _MACRO_OR_BRACE.sub("", tex)
    text = text.replace("\u00a0", " ").replace(_TILDE, "~")
    lines = [_SPACES.sub(" ", ln.replace("\t", " \t ")).strip() for ln in text.split("\n")]
    lines = [_TAB_SPACE.sub("\t", ln).strip("\t ") for ln in lines]
    return "\n".join(lines)


def _href_text(url: str, text: str, links: bool = True) -> str:
    # "%" stays escaped: the text is converted from LaTeX once more, where a bare "%" would
    # start a comment and cut the rest of the line
    url = re.sub(r"(?<!\\)%", r"\\%", url.strip().replace("\\#", "#").replace("\\_", "_").replace("\\&", "&"))
    if url.startswith("mailto:"):
        url = url[len("mailto:"):]
    if re.match(r"\s*(?:https?://|www\.)", text):
        text = text.replace("~", _TILDE)         # the text is the address itself
    if not links:
        return text
    plain = re.sub(r"\\[A-Za-z]+|[{}\s]", "", text)
    if not plain:
        return " " + url.replace("~", _TILDE) + " "
    if url.rstrip("/") in text.replace(_TILDE, "~") or url.rstrip("/").split("://")[-1] in text.replace(_TILDE, "~"):
        return text
    return text + " " + url.replace("~", _TILDE)


_BRACE_STOPS = {"{": re.compile(r"[\\{}]"), "[": re.compile(r"[\\\[\]]")}


def _match_brace(s: str, i: int) -> int:
    """Index just after the group that opens at s[i] ('{' or '['); -1 if unbalanced.
    A backslash escapes the next character. (Jumps from one backslash or bracket to the next.)
    A scan that passes ``_SCAN_BUDGET`` stops without closing its group (an unbalanced brace in a
    long text) finishes with the text's table of groups (``_group_ends``), made once per text:
    scanning to the end from every unclosed brace of a text was quadratic (50 s for 80 KB of
    ``\\cventry{…}{`` rows)."""
    open_ch = s[i]
    table = _GROUP_TABLES.get((id(s), open_ch))
    if table is not None and table[0] is s and i in table[1]:
        return table[1][i]
    stops = _BRACE_STOPS.get(open_ch)
    if stops is None:     # not a bracket (callers never ask): a character and ']' as before
        stops = re.compile("[\\\\" + re.escape(open_ch) + "\\]]")
    depth = 0
    j = i
    budget = _SCAN_BUDGET
    while True:
        m = stops.search(s, j)
        if m is None:
            return -1
        j = m.start()
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == open_ch:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
        budget -= 1
        if not budget and open_ch in _BRACE_STOPS:
            ends = _group_ends(s, open_ch)
            if len(_GROUP_TABLES) >= 8:
                del _GROUP_TABLES[next(iter(_GROUP_TABLES))]
            _GROUP_TABLES[(id(s), open_ch)] = (s, ends)     # (the text is kept: its id stays its own)
            if i in ends:          # s[i] opens a group as a scan from the text's start reads it
                return ends[i]
            budget = -1            # (an escaped bracket the caller took for an opener: scan on)


_SCAN_BUDGET = 2000
# (id of a text, bracket) -> (the text, its _group_ends), for the last few texts that needed one
_GROUP_TABLES: dict[tuple[int, str], tuple[str, dict[int, int]]] = {}


def _group_ends(s: str, open_ch: str) -> dict[int, int]:
    """Every unescaped ``open_ch`` of ``s`` → the index just after its group, -1 when it is not
    closed: what ``_match_brace`` answers for it, for all of them in one pass."""
    close_ch = "}" if open_ch == "{" else "]"
    stops = _BRACE_STOPS[open_ch]
    ends: dict[int, int] = {}
    stack: list[int] = []
    j = 0
    while (m := stops.search(s, j)) is not None:
        j = m.start()
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == open_ch:
            stack.append(j)
        elif c == close_ch and stack:
            ends[stack.pop()] = j + 1
        j += 1
    for k in stack:
        ends[k] = -1
    return ends


def latex_to_text(tex: str) -> str:
    """A LaTeX document → plain text with line structure for the text extractor.

    Section-like commands become '# Title' lines; itemize/enumerate items become '- ' lines;
    tabular rows become tab-separated cells; \\\\ is a line break; \\href{url}{text} → 'text url'.
    \\input/\\include are never followed; comment environments are dropped.
    """
    tex = strip_latex_comments(tex)
    tex = drop_environments(tex, excluded_environments(tex))
    if "=" in tex or "rule" in tex:
        tex = DIMEN_SET.sub(" ", tex)       # ("\hangindent=0.5in" before a reference: no text)
    m = re.search(r"\\begin\{document\}", tex)
    if m:
        preamble = tex[:m.start()]
        body = tex[m.end():]
        body = body.split("\\end{document}")[0]
        # Keep the title block macros of CV classes (\name, \email...) from the preamble.
        keep = []
        for mm in re.finditer(r"\\(name|firstname|familyname|author|title|address|email|phone|mobile|homepage|info)\b", preamble):
            j = mm.end()
            args = []
            while True:
                while j < len(preamble) and preamble[j] in " \t":
                    j += 1
                if j < len(preamble) and preamble[j] in "{[":
                    k = _match_brace(preamble, j)
                    if k < 0:
                        break
                    if preamble[j] == "{":
                        args.append(preamble[j + 1:k - 1])
                    j = k
                else:
                    break
            if args:
                keep.append(" ".join(args))
        body = "\n".join(keep) + "\n" + body
    else:
        body = tex
    body = re.sub(r"\\(?:input|include|bibliography|printbibliography|printbib|addbibresource)\b\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}", "", body)
    body = re.sub(r"\\(?:maketitle|clearpage|newpage|pagebreak|noindent)\b", "", body)
    NL, PAR, TAB, ITEM, SOFT = "\x03", "\x04", "\x01", "\x02", "\x05"
    # LaTeX line semantics: a single newline is a space; a blank line is a paragraph break.
    body = re.sub(r"\\\\(?:\[[^\]]*\])?|\\tabularnewline\b", NL, body)
    body = re.sub(r"\\(?:newline|linebreak)\b", SOFT, body)
    body = re.sub(r"\n[ \t]*\n\s*", PAR, body)
    body = body.replace("\n", " ")

    def heading(title: str) -> str:
        title = latex_fragment_to_text(title).replace("\n", " ").strip()
        title = re.sub(r"([&%$#_{}])", r"\\\1", title)   # it is converted once more below
        return f"{PAR}# {title}{PAR}"

    body = re.sub(r"\\(?:sub)*section\*?\s*\{((?:[^{}]|\{[^{}]*\})*)\}", lambda mm: heading(mm.group(1)), body)
    body = re.sub(r"\\(?:cvsection|sectiontitle|resumesection|cvSection)\s*\{((?:[^{}]|\{[^{}]*\})*)\}",
                  lambda mm: heading(mm.group(1)), body)
    body = re.sub(r"\\begin\{rSection\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}", lambda mm: heading(mm.group(1)), body)

    def tabular(mm: re.Match) -> str:
        inner = re.sub(r"\\(?:toprule|midrule|bottomrule|hline|cline\{[^}]*\})", "", mm.group(2))
        out = []
        for row in inner.split(NL):
            cells = [c.replace(PAR, " ").replace(SOFT, " ").strip() for c in re.split(r"(?<!\\)&", row)]
            if any(cells):
                out.append(TAB.join(cells))
        return PAR + NL.join(out) + PAR

    body = re.sub(r"\\begin\{(tabular\*?|tabularx|longtable|tabu)\}(?:\s*\{[^{}]*\})?\s*(?:\[[^\]]*\])?\s*\{(?:[^{}]|\{[^{}]*\})*\}(.*?)\\end\{\1\}",
                  tabular, body, flags=re.S)
    # Lists: each \item starts a '- ' line, indented by nesting depth.
    out, depth, pos = [], 0, 0
    for mm in re.finditer(r"\\begin\{(?:itemize|enumerate|description)\}(?:\s*\[[^\]]*\])?|\\end\{(?:itemize|enumerate|description)\}|\\item\b\s*(?:\[([^\]]*)\])?", body):
        out.append(body[pos:mm.start()])
        tok = mm.group(0)
        if tok.startswith("\\begin"):
            depth += 1
            out.append(NL)
        elif tok.startswith("\\end"):
            depth = max(0, depth - 1)
            out.append(NL)
        else:
            label = (mm.group(1) + " ") if mm.group(1) else ""
            out.append(NL + "  " * max(0, depth - 1) + ITEM + label)
        pos = mm.end()
    out.append(body[pos:])
    body = "".join(out)
    text = latex_fragment_to_text(body)
    text = text.replace(NL, "\n").replace(SOFT, "\n").replace(PAR, "\n\n").replace(TAB, "\t")
    lines: list[str] = []
    for ln in text.split("\n"):
        indent = re.match(r"[ ]*", ln).group(0) if ITEM in ln else ""
        ln = re.sub(r"[ ]+", " ", ln).strip(" ")
        ln = ln.replace(ITEM, "- ").replace("-  ", "- ")
        if not ln.strip():
            if lines and lines[-1] != "":
                lines.append("")
            continue
        lines.append(indent + ln.strip())
    return "\n".join(lines).strip() + "\n"
