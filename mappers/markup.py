"""Org-mode and reStructuredText → the Markdown-shaped text the text extractor reads.

Neither markup has a maintained reader in the project's environment (no orgparse, no
docutils), and a CV uses a small part of either, so both are read line by line here:
headings become ``#`` headings, list items ``- item``, tables ``| a | b |`` rows, links
``[text](url)``, bold stays ``**bold**`` (the mark that names the subject in a publication
list) and other emphasis marks are dropped. Export settings, comments, source blocks and
drawers are dropped. Every rule looks at one line (or a block's bounds found by a linear
scan), so malformed input (unclosed blocks, stray markup, very long lines) gives text, never
an exception or a long run.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from mappers.extract.sections import month_and_year

# ---------------------------------------------------------------- Org-mode

_ORG_HEADING = re.compile(r"(\*+)[ \t]+(.*)")
_ORG_KEYWORD = re.compile(r"[ \t]*#\+([A-Za-z_]+)(?:\[[^\]\n]*\])?:[ \t]?(.*)")
_ORG_BLOCK = re.compile(r"[ \t]*#\+(begin|end)_([A-Za-z]+)[ \t]*(\S*)", re.I)
_ORG_DRAWER = re.compile(r"[ \t]*:([A-Za-z][\w-]*):[ \t]*")
_ORG_PROPERTY = re.compile(r"[ \t]*:([A-Za-z][\w-]*?)\+?:[ \t]+(.*)")
_ORG_TAGS = re.compile(r"[ \t]+:(?:[\w@#%]+:)+[ \t]*$")
_ORG_TODO = re.compile(r"(?:TODO|DONE|NEXT|WAITING|CANCELL?ED)[ \t]+")
_ORG_PRIORITY = re.compile(r"\[#[A-Z0-9]\][ \t]*")
_ORG_LIST = re.compile(r"([ \t]*)(?:[-+]|(?<=\s)\*|\d{1,3}[.)])[ \t]+(?:\[[ Xx-]\][ \t]+)?(.*)")
_ORG_RULE = re.compile(r"[ \t]*\|[-+:| \t]*-[-+:| \t]*\|?[ \t]*")
_ORG_LINK = re.compile(r"\[\[([^\[\]\n]{1,2000})\](?:\[([^\[\]\n]{0,2000})\])?\]")
_ORG_TIMESTAMP = re.compile(r"[<\[]((?:19|20)\d\d)-(0[1-9]|1[0-2])(?:-\d\d)?(?:[ \t][^<>\[\]\n]{0,30})?[>\]]")
_INLINE_CHARS = 20_000          # emphasis is read in a line's first characters (the extractor reads 20,000: MAX_LINE)
_ORG_EMPHASIS = re.compile(r"(?:(?<=^)|(?<=[\s\-({'\"]))([*/=~+_])(?=[^\s*/=~+_])([^\n]{0,300}?[^\s\\])\1"
                           r"(?=[\s\-.,;:!?')}\"\]]|$)")
_ORG_DASHES = re.compile(r"(?<=\w)-{2,3}(?=\w)")
_ORG_SNIPPET = re.compile(r"@@[A-Za-z-]+:[^\n]{0,2000}?@@")
_ORG_MACRO = re.compile(r"\{\{\{[^\n]{0,2000}?\}\}\}")
_ORG_TARGET = re.compile(r"<<(<?)([^<>\n]{0,200}?)>>>?")
_ORG_FOOTNOTE = re.compile(r"\[fn:[^\]\n]{0,200}\]")
_ORG_DESCRIPTION = re.compile(r"(.*?)[ \t]+::(?:[ \t]+|$)(.*)")
_URL_LIKE = re.compile(r"(?:https?|ftp|mailto|file|doi):[^\s<>\"]+|www\.[^\s<>\"]+")
# Keywords whose value is text of the CV; every other #+KEY line is an export setting
_ORG_TEXT_KEYS = {"subtitle", "email", "address", "phone", "mobile", "homepage", "position", "affiliation"}
# PROPERTIES of a heading that say where and when (ox-moderncv / ox-awesomecv CV entries)
# (org-cv takes the first of HOST, ORGANIZATION, INSTITUTION, SCHOOL, EMPLOYER, EVENT)
_ORG_ENTRY_PROPS = ("host", "organization", "organisation", "institution", "school", "university", "employer",
                    "company", "event", "location", "city", "from", "to", "date")
# org-cv's profile keywords give an account name; the site is the keyword's
_ORG_PROFILE_KEYS = {"github": "https://github.com/", "gitlab": "https://gitlab.com/",
                     "linkedin": "https://www.linkedin.com/in/"}
_ORG_RAW_BLOCKS = {"src", "comment"}


def org_to_text(org: str) -> str:
    """An Org-mode document → Markdown-shaped lines (see the module's docstring)."""
    lines = org.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    head: dict[str, str] = {}
    i, n = 0, len(lines)
    joinable: dict[int, bool] = {}       # output lines a paragraph's next source line continues
    skip_level = 0                       # inside a :noexport: or COMMENT subtree of this level
    # where drawers and blocks end, found once (an unclosed one must not cost a scan per line)
    drawer_ends = [j for j, ln in enumerate(lines) if ln.strip().lower() == ":end:"]
    block_ends: dict[str, list[int]] = {}
    for j, ln in enumerate(lines):
        e = _ORG_BLOCK.match(ln) if "#+" in ln[:40] else None
        if e and e.group(1).lower() == "end":
            block_ends.setdefault(e.group(2).lower(), []).append(j)
    while i < n:
        line = lines[i]
        i += 1
        stripped = line.strip()
        first = stripped[:1]
        m = _ORG_HEADING.match(line) if first == "*" else None
        if m:
            level = len(m.group(1))
            if skip_level and level > skip_level:
                continue
            skip_level = 0
            title = m.group(2)
            if _ORG_TAGS.search(title) and re.search(r":(?:noexport|ignore_export):", title):
                skip_level = level
                continue
            title = _ORG_TAGS.sub("", title)
            if _ORG_TODO.match(title) and _org_no_body(lines, i):
                # "* TODO Improve summary" over nothing but the next heading: a note of work to do on
                # the CV, no section of it
                continue
            title = _ORG_PRIORITY.sub("", _ORG_TODO.sub("", title, count=1), count=1)
            if title.startswith("COMMENT"):
                skip_level = level
                continue
            out.append("#" * min(level, 6) + " " + org_inline(title).strip())
            continue
        if skip_level:
            continue
        if not stripped:
            out.append("")
            continue
        if first == "#":
            b = _ORG_BLOCK.match(line)
            if b and b.group(1).lower() == "begin":
                end = _next_at(block_ends.get(b.group(2).lower(), []), i)
                if end is None:              # unclosed block: drop its first line, read on
                    continue
                body = lines[i:end]
                i = end + 1
                out.extend(_org_block(b.group(2).lower(), b.group(3).lower(), body))
                continue
            if b:                            # a stray #+END_…
                continue
            k = _ORG_KEYWORD.match(line)
            if k:
                key, value = k.group(1).lower(), k.group(2).strip()
                if not value or _head_keyword(k, head):
                    continue
                if key in _ORG_TEXT_KEYS:
                    out.append(org_inline(value))
                elif key == "html" and not value.lower().startswith(("<link", "<meta", "<script", "<style")):
                    out.append(value)        # "#+HTML: <h2>Skills</h2>": raw HTML the page exports (as Markdown keeps it)
                elif key in _ORG_PROFILE_KEYS:
                    out.append(value if "/" in value else _ORG_PROFILE_KEYS[key] + value.lstrip("@"))
                continue
            if stripped == "#" or stripped.startswith("# "):
                continue                     # a comment line
        if first == ":" and (drawer := _ORG_DRAWER.fullmatch(line)):
            end = _next_at(drawer_ends, i)
            if end is not None:
                for inner in lines[i:end]:       # export keywords kept in a drawer still count
                    if "#+" in inner and (k := _ORG_KEYWORD.match(inner)):
                        _head_keyword(k, head)
                if drawer.group(1).lower() == "properties":
                    entry = _org_entry_line(lines[i:end])
                    if entry:
                        out.append(entry)
                i = end + 1
                continue
            continue                         # an unclosed drawer: drop its first line only
        if first == "|":
            if _ORG_RULE.fullmatch(line):
                cells = re.split(r"[|+]", line.strip().strip("|"))
                out.append("|" + "|".join("---" for _ in cells) + "|")
            else:
                out.append(org_inline(stripped))
            continue
        if stripped.lower().startswith("#+"):
            continue
        li = _ORG_LIST.fullmatch(line) if first in "-+*0123456789" else None
        if li:
            body = li.group(2)
            d = _ORG_DESCRIPTION.fullmatch(body)
            if d and d.group(1).strip():
                body = f"{d.group(1).strip()}: {d.group(2)}"
            indent = "  " * min(len(li.group(1)) // 2, 3)
            numbered = stripped[:1].isalnum()
            out.append(indent + ("1. " if numbered else "- ") + org_inline(body))
            if not body.rstrip().endswith("\\\\"):
                joinable[len(out) - 1] = True
            continue
        _add_paragraph_line(out, joinable, org_inline(stripped), line[:1].isspace(), stripped.endswith("\\\\"))
    # emphasis that runs over a paragraph's source lines ("/(talk given at Lorem,\n paper
    # forthcoming)/") is read once the lines are joined
    out = [_joined_emphasis(ln) if k in joinable and any(c in ln for c in "/=~") else ln for k, ln in enumerate(out)]
    top: list[str] = []
    name = head.get("author", "")
    if name:
        top.append("# " + org_inline(name))
        if head.get("title") and head["title"] != name:
            top.append(org_inline(head["title"]))
    elif head.get("title"):
        top.append("# " + org_inline(head["title"]))
    if head.get("email"):
        top.append(org_inline(head["email"]))
    if top:
        top.append("")
        if name:   # the name is the one level-1 heading; sections are one level below it
            out = ["#" + ln if ln.startswith("#") else ln for ln in out]
    return "\n".join(_squeeze_blank(top + out))


def _org_no_body(lines: list[str], i: int) -> bool:
    """The heading before line i holds no text: the next line with any is a heading (an Org
    one or "#+HTML: <h2>…</h2>"), or there is none."""
    for ln in lines[i:i + 200]:
        t = ln.strip()
        if not t or t.startswith("# ") or t == "#" or re.match(r"(?i)#\+html:(?:\s*</?[a-z][^<>]*>)*\s*$", t):
            continue        # (a comment, or "#+HTML: </aside>": layout with no text)
        return bool(_ORG_HEADING.match(ln)) or bool(re.match(r"(?i)#\+html:\s*<h[1-6]\b", t))
    return True


def _head_keyword(k: re.Match, head: dict[str, str]) -> bool:
    """#+TITLE, #+AUTHOR, #+EMAIL (the document's head, first one kept): True when ``k`` is one."""
    key, value = k.group(1).lower(), k.group(2).strip()
    if key in ("title", "author", "email") and value:
        head.setdefault(key, value)
        return True
    return False


def _next_at(positions: list[int], start: int) -> int | None:
    """The first of the sorted ``positions`` at or after ``start``."""
    k = bisect_left(positions, start)
    return positions[k] if k < len(positions) else None


def _org_block(kind: str, arg: str, body: list[str]) -> list[str]:
    """A #+BEGIN_… block's lines: LaTeX and HTML export blocks through their own converters
    (an Org CV often sets its entries in a LaTeX tabular), source and comment blocks dropped,
    quotes/verses/examples/centred text kept as text."""
    if kind in _ORG_RAW_BLOCKS or kind == "export" and arg not in ("latex", "html", "markdown", "md"):
        return []
    text = "\n".join(ln.strip() for ln in body)
    if kind == "export" and arg == "latex":
        from mappers.convert import latex_fragment_to_text, strip_latex_comments

        text = latex_fragment_to_text(strip_latex_comments(text.replace("&", " \\hfill ")))
        return [ln for ln in text.split("\n") if ln.strip()]
    if kind == "export" and arg == "html":
        from mappers.convert import html_to_text

        return [ln for ln in html_to_text(text).split("\n") if ln.strip()]
    if kind == "export":
        return list(body)
    return [org_inline(ln) for ln in text.split("\n")]


def _org_entry_line(props: list[str]) -> str:
    """A CV entry's PROPERTIES drawer (ox-moderncv / ox-awesomecv: :EMPLOYER:, :LOCATION:,
    :FROM:, :TO:) → one line "employer, location, from – to"."""
    found: dict[str, str] = {}
    for p in props:
        m = _ORG_PROPERTY.match(p)
        if m and m.group(1).lower() in _ORG_ENTRY_PROPS and m.group(2).strip():
            found.setdefault(m.group(1).lower(), org_inline(m.group(2).strip()))
    names = [found[k] for k in _ORG_ENTRY_PROPS[:-5] if k in found]
    parts = names[:1] + [found[k] for k in ("location", "city") if k in found]
    if "from" in found or "to" in found:
        parts.append(" – ".join(found[k] for k in ("from", "to") if k in found))
    elif "date" in found:
        parts.append(found["date"])
    return ", ".join(parts)


def org_inline(text: str) -> str:
    """Org inline markup → Markdown-shaped text: links, timestamps, emphasis, line breaks."""
    if "\\\\" in text:
        text = text.rstrip()
        if text.endswith("\\\\"):
            text = text[:-2].rstrip()
    if "@@" in text:
        text = _ORG_SNIPPET.sub("", text)
    if "{{{" in text:
        text = _ORG_MACRO.sub("", text)
    if "[fn:" in text:
        text = _ORG_FOOTNOTE.sub("", text)
    if "<<" in text:
        # a link target "<<anchor>>" is not shown; a radio target "<<<word>>>" shows its word
        text = _ORG_TARGET.sub(lambda m: m.group(2) if m.group(1) else "", text)
    if "--" in text:
        # Org's dashes: "2018--2021" is an en dash, "college---lectures" an em dash
        text = _ORG_DASHES.sub(lambda m: "–" if len(m.group(0)) == 2 else " — ", text)
    if "[[" not in text and not any(c in text for c in "*/=~+_<["):
        return text
    kept: list[str] = []

    def keep(s: str) -> str:
        kept.append(s)
        return f"\x00{len(kept) - 1}\x00"

    def link(m: re.Match) -> str:
        target, label = m.group(1).strip(), (m.group(2) or "").strip()
        if target.startswith("file:") or target.startswith("./") or target.startswith("/"):
            return label or ""
        if not label or label == target:
            return keep(target)
        label = _ORG_EMPHASIS.sub(_emphasis, label)
        return keep(f"[{label}]({target})")

    if "[[" in text:
        text = _ORG_LINK.sub(link, text)
    if "-" in text and ("<" in text or "[" in text):
        # a timestamp's day is finer than any date of the record: "<2014-09-01 Mon>" → "Sep 2014"
        text = _ORG_TIMESTAMP.sub(month_and_year, text)
        text = re.sub(r"(?<=\d)--(?=[A-Z]|\d{4})", " – ", text)    # a range of two timestamps
    if any(c in text for c in "*/=~+_"):
        if "/" in text or "www." in text:
            text = _URL_LIKE.sub(lambda m: keep(m.group(0)), text)
        # (on the part of a line the extractor reads: a megabyte-long line of marks stays cheap)
        text = _ORG_EMPHASIS.sub(_emphasis, text[:_INLINE_CHARS]) + text[_INLINE_CHARS:]
    if kept:
        text = re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)
    return text


def _joined_emphasis(text: str) -> str:
    """Org emphasis marks ("/…/", "=…=", "~…~") left in a line made of several source lines:
    dropped, the words kept (addresses untouched)."""
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"\x00{len(kept) - 1}\x00"

    text = _URL_LIKE.sub(keep, text)
    text = _ORG_EMPHASIS.sub(lambda m: m.group(2) if m.group(1) in "/=~" else m.group(0), text[:_INLINE_CHARS]) \
        + text[_INLINE_CHARS:]
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text) if kept else text


def _emphasis(m: re.Match) -> str:
    mark, inner = m.group(1), m.group(2)
    if mark == "*":
        return f"**{inner}**"
    if mark == "+":                      # struck-through text is not the CV's claim
        return ""
    return inner


def _add_paragraph_line(out: list[str], joinable: dict[int, bool], text: str, indented: bool,
                        hard_break: bool = False) -> None:
    """A paragraph's source lines are one line of the document (Org and rST join them when
    they render it): a line continues the paragraph or list item above it, unless a list
    item is followed by a line that is not indented (which ends the list) or the line above
    ended with a hard break."""
    last = len(out) - 1
    if last in joinable and out[last].strip() and (indented or not _IS_ITEM.match(out[last])):
        out[last] = out[last].rstrip() + " " + text
        if hard_break:
            del joinable[last]
        return
    out.append(text)
    if not hard_break:
        joinable[len(out) - 1] = True


_IS_ITEM = re.compile(r"\s*(?:-|1\.) ")


def _squeeze_blank(lines: list[str]) -> list[str]:
    out: list[str] = []
    for ln in lines:
        if ln.strip() or out and out[-1].strip():
            out.append(ln.rstrip())
    return out


# ---------------------------------------------------------------- reStructuredText

_RST_ADORNMENT = re.compile(r"([=\-~^\"'`#*+:._])\1{2,}[ \t]*")
_RST_DIRECTIVE = re.compile(r"[ \t]*\.\.(?:[ \t]+|$)")
_RST_FIELD = re.compile(r":([^\s:`][^:`\n]{0,40}):[ \t]+(.*)")
_RST_LIST = re.compile(r"([ \t]*)(?:[-*+•]|#\.|\d{1,3}[.)]|\(\d{1,3}\))[ \t]+(.*)")
_RST_SIMPLE_RULE = re.compile(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*")
_RST_GRID_RULE = re.compile(r"[ \t]*\+(?:[-=]+\+)+[ \t]*")
_RST_LINK = re.compile(r"`([^`<\n]{0,500}?)[ \t]*<([^<>`\n]{1,2000})>`__?")
_RST_LINK_TAIL = re.compile(r"(?:^|(?<=\s))<((?:https?|mailto|ftp):[^<>`\s]{1,2000})>`__?")
_RST_ROLE = re.compile(r":[A-Za-z][\w:+-]{0,30}:`([^`\n]{0,500})`")
_RST_LITERAL = re.compile(r"``([^`\n]{1,500})``")
_RST_REF = re.compile(r"`([^`\n]{1,500})`_{0,2}|(?<=\w)__?(?=[\s.,;:)]|$)")
_RST_SUBST = re.compile(r"\|[A-Za-z][\w -]{0,40}\|_{0,2}")
_RST_ITALIC = re.compile(r"(?<![*\w])\*(?=[^\s*])([^*\n]{0,300}?[^\s*\\])\*(?![*\w])")
# a date as a definition list's term: "2013", "2007-2010", "2019 – present"
_RST_DATE_TERM = re.compile(r"(?:19|20)\d\d(?:[ \t]*[-–—]{1,2}[ \t]*(?:(?:19|20)\d\d|present|now|today|current))?", re.I)
# a field of a field list, its value on the line or (none there) in the indented lines under it
_RST_FIELD_OPEN = re.compile(r"([ \t]*):([^\s:`][^:`\n]{0,40}):(?:[ \t]+(\S.*)|[ \t]*)")
# the labels of a field list that say what an entry of a CV is: its title, its place, its dates
# (":Job Title: Analyst" / ":Company: Lorem Ltd" / ":Date: 2019 - 2021"; ":University:" / ":Title:
# Bachelor" / ":Year: 2011-2014" in education)
_RST_ENTRY_ROLES = {
    "title": "title", "job title": "title", "position": "title", "role": "title", "degree": "title",
    "company": "org", "employer": "org", "organization": "org", "organisation": "org", "institution": "org",
    "university": "org", "school": "org", "affiliation": "org",
    "date": "date", "dates": "date", "year": "date", "years": "date", "period": "date", "duration": "date",
}


def rst_to_text(rst: str) -> str:
    r"""A reStructuredText document → Markdown-shaped lines: titles underlined (and
    overlined) become headings by the order their adornment first appears, as rST defines;
    directives and comments (``.. …``) are dropped with their indented body; simple and
    grid tables become ``| a | b |`` rows; links ``\`text <url>\`_`` become [text](url)."""
    lines = rst.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ").split("\n")
    if ":" in rst:
        lines = _rst_field_entries(lines)
    out: list[str] = []
    styles: list[str] = []
    i, n = 0, len(lines)
    columns: list[tuple[int, int]] | None = None
    joinable: dict[int, bool] = {}
    date_term: str | None = None     # a definition list's term that is a date ("2013" over its items)
    while i < n:
        line = lines[i]
        i += 1
        stripped = line.strip()
        if not stripped:
            out.append("")
            continue
        nxt = lines[i] if i < n else ""
        if not line[:1].isspace():
            date_term = None
        # a title: text over an adornment at least as long (an overline too, when present)
        over = bool(_RST_ADORNMENT.fullmatch(line)) and i + 1 < n and _RST_ADORNMENT.fullmatch(lines[i + 1] or " ") \
            and lines[i].strip() and not _RST_ADORNMENT.fullmatch(lines[i])
        if over:
            style = "o" + line.strip()[0]
            title, i = lines[i].strip(), i + 2
        elif nxt and _RST_ADORNMENT.fullmatch(nxt) and len(nxt.rstrip()) >= min(len(line.rstrip()), 4) \
                and not _RST_ADORNMENT.fullmatch(line) and not line[:1].isspace() \
                and not _RST_SIMPLE_RULE.fullmatch(nxt):
            style, title, i = nxt.strip()[0], stripped, i + 1
        else:
            style = ""
        if style:
            if style not in styles:
                styles.append(style)
            out.append("#" * min(styles.index(style) + 1, 6) + " " + rst_inline(title))
            continue
        if _RST_DIRECTIVE.match(line):
            indent = len(line) - len(line.lstrip())
            keep_body = re.match(r"[ \t]*\.\.[ \t]+(?:topic|sidebar|rubric|note|container|class|only)::", line)
            if keep_body and keep_body.group(0).endswith("rubric::"):
                out.append("## " + rst_inline(line.split("::", 1)[1].strip()))
            while i < n and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
                if keep_body and lines[i].strip() and not lines[i].lstrip().startswith(":"):
                    out.append(rst_inline(lines[i].strip()))
                i += 1
            continue
        if _RST_SIMPLE_RULE.fullmatch(line):
            columns = [m.span() for m in re.finditer(r"=+", line)]
            continue
        if _RST_GRID_RULE.fullmatch(line):
            continue
        if _RST_ADORNMENT.fullmatch(stripped) and len(stripped) >= 4 and out[-1:] == [""]:
            continue        # a transition (a line of 4 or more punctuation marks alone): a rule, no text
        if columns and not line[:1].isspace():
            cells = [line[a:b if k + 1 < len(columns) else None].strip() for k, (a, b) in enumerate(columns)]
            out.append("| " + " | ".join(rst_inline(c) for c in cells) + " |")
            continue
        if stripped.startswith("|") and stripped.endswith("|") and stripped.count("|") >= 3:
            out.append("| " + " | ".join(rst_inline(c.strip()) for c in stripped.strip("|").split("|")) + " |")
            continue
        if stripped.startswith("| ") or stripped == "|":       # a line block
            out.append(rst_inline(stripped[2:]))
            continue
        f = _RST_FIELD.fullmatch(stripped) if stripped[:1] == ":" else None
        if f:
            # a field list used as a date column (":2003: Rutgers University, Ph.D.") is a
            # table row; any other field is a label and its value
            label = f.group(1).strip()
            sep = "\t" if re.search(r"(?:19|20)\d\d", label) else ": "
            out.append(f"{label}{sep}{rst_inline(f.group(2))}")
            continue
        li = _RST_LIST.fullmatch(line) if stripped[:1] in "-*+•#(0123456789" else None
        if li:
            indent = "  " * min(len(li.group(1)) // 2, 3)
            numbered = not stripped[:1] in "-*+•"
            out.append(indent + ("1. " if numbered else "- ") + rst_inline(li.group(2)))
            joinable[len(out) - 1] = True
            continue
        if not line[:1].isspace():
            if _RST_DATE_TERM.fullmatch(stripped) and nxt[:1].isspace() and nxt.strip():
                date_term = stripped
        elif date_term and out[-1:] == [""]:
            # "2013" / "    First paper …" / "" / "    Second paper …": a definition of several
            # paragraphs under a date is one item of that date each
            stripped = f"{date_term} {stripped}"
        _add_paragraph_line(out, joinable, rst_inline(stripped), line[:1].isspace())
    return "\n".join(_squeeze_blank(out))


def _rst_field_entries(lines: list[str]) -> list[str]:
    """Field lists written as CV entries (":Job Title: Analyst" / ":Company: Lorem Ltd, Oslo" /
    ":Date: Jul 2017 – Present" / ":Description:" over bullets): each entry's title, place and
    dates become the lines of an entry ("**Analyst**" / "Lorem Ltd, Oslo" / "Jul 2017 – Present",
    as a line block keeps them apart) and its other fields labelled items under it. A field whose
    value stands in the indented lines under its name (":Title:" / "    Analyst") has that value.
    A field list with fewer than two of those labels (":Czech: native") is left as it is."""
    out: list[str] = []
    i, n = 0, len(lines)
    while i < n:
        m = _RST_FIELD_OPEN.fullmatch(lines[i]) if lines[i].lstrip()[:1] == ":" else None
        if not m:
            out.append(lines[i])
            i += 1
            continue
        # the run of fields at this indent (blank lines between them allowed)
        indent = len(m.group(1))
        fields: list[tuple[str, str, list[str]]] = []     # (label, value on its line, indented body)
        j = i
        while j < n:
            f = _RST_FIELD_OPEN.fullmatch(lines[j]) if lines[j].lstrip()[:1] == ":" else None
            if not f or len(f.group(1)) != indent:
                break
            body, k = [], j + 1
            while k < n and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > indent):
                body.append(lines[k])
                k += 1
            while body and not body[-1].strip():
                body.pop()
                k -= 1
            fields.append((f.group(2).strip(), (f.group(3) or "").strip(), body))
            j = k
            while j < n and not lines[j].strip() and j + 1 < n and _RST_FIELD_OPEN.fullmatch(lines[j + 1]) \
                    and len(lines[j + 1]) - len(lines[j + 1].lstrip()) == indent:
                j += 1          # a blank line between two fields of the list
        # entries: a role named again opens the next entry
        entries: list[list[tuple[str, str, list[str]]]] = [[]]
        seen: set[str] = set()
        for fld in fields:
            role = _RST_ENTRY_ROLES.get(fld[0].lower())
            if role and role in seen:
                entries.append([])
                seen = set()
            if role:
                seen.add(role)
            entries[-1].append(fld)
        for entry in entries:
            roles = {_RST_ENTRY_ROLES[f[0].lower()]: f for f in entry if f[0].lower() in _RST_ENTRY_ROLES}
            plain = {f[0]: " ".join([f[1], *(b.strip() for b in f[2])]).strip() for f in entry
                     if not any(_RST_LIST.fullmatch(b) for b in f[2] if b.strip())}
            if len(roles) < 2 or not ({"title", "org"} & roles.keys()) \
                    or any(r[0] not in plain or not plain[r[0]] for r in roles.values()):
                for label, value, body in entry:
                    if not value and body and label in plain:
                        out.append(" " * indent + f":{label}: " + plain[label])
                    else:
                        out.append(" " * indent + f":{label}:" + (" " + value if value else ""))
                        out.extend(body)
                continue
            out.append("")
            for role in ("title", "org", "date"):
                if role in roles:
                    value = plain[roles[role][0]]
                    out.append("| " + (f"**{value}**" if role == "title" else value))
            for label, value, body in entry:
                if label.lower() in _RST_ENTRY_ROLES:
                    continue
                if label in plain:
                    if plain[label]:
                        out.append(f"- {label}: {plain[label]}")
                    continue
                out.append(f"- {label}:" + (" " + value if value else ""))
                out.extend("  " + b.strip() if b.strip() else "" for b in body)
            out.append("")
        i = j
    return out


def rst_inline(text: str) -> str:
    """rST inline markup → Markdown-shaped text: links, roles, literals, references."""
    if "`" in text:
        text = _RST_LINK.sub(lambda m: f"[{m.group(1).strip()}]({m.group(2).strip()})" if m.group(1).strip()
                             else m.group(2).strip(), text)
        text = _RST_LINK_TAIL.sub(r"\1", text)     # the end of a link begun on a line above
        text = _RST_ROLE.sub(r"\1", text)
        text = _RST_LITERAL.sub(r"\1", text)
    if "`" in text or "_" in text:
        text = _RST_REF.sub(lambda m: m.group(1) or "", text)
        if "`" in text:                  # a link or literal begun or ended on another line
            text = re.sub(r"(?:^|(?<=\s))`+|`+(?=[\s.,;:]|$)", "", text)
    if "|" in text:
        text = _RST_SUBST.sub("", text)
    if "*" in text:
        # *emphasis* is Markdown's own: kept, as the text reader reads an emphasised journal
        # or title by it; a lone '*' is no emphasis and stays as it is
        text = _RST_ITALIC.sub(r"*\1*", text)
    return text.replace("\\ ", "").strip()
