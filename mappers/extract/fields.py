"""Field parsers shared by every extractor: dates, periods, names, author lists, venues,
degrees, e-mails, phones, URLs. Pure functions on strings; each rule is small and named.

All regular expressions here are linear-time on their input (no nested quantifiers over
overlapping classes), and callers bound the input length with :data:`MAX_FIELD`.
"""
from __future__ import annotations

import datetime as _dt
import html
import re
from collections.abc import Iterator
from functools import lru_cache

from cvgraph.record import Author

MAX_FIELD = 4000  # characters; longer inputs are cut before any regex runs

# ---------------------------------------------------------------------------------------
# Text clean-up
# ---------------------------------------------------------------------------------------
_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]{0,200})?/?>")
_ENTITY = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " "}
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212~"


# Full-width forms (CJK typing: "２０１９年３月", "（PhD）", "Beijing，China") are their ASCII
# characters; the ideographic space is a space. One character for one, so spans stay valid.
# full-width forms, and the Latin ligatures a PDF's text keeps ("ﬁnance", "ﬂuorination")
FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20} | {
    0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st"}
_FULLWIDTH_RE = re.compile(r"[\uff01-\uff5e\u3000\ufb00-\ufb06]")


def ascii_forms(text: str) -> str:
    """'２０１９年３月（北京）' → '2019年3月(北京)'; 'e\ufb03cient' → 'efficient'."""
    if text.isascii():
        return text         # (full-width forms are all outside ASCII: nothing to translate)
    return text.translate(FULLWIDTH) if _FULLWIDTH_RE.search(text) else text


_STRIP_MARKUP_RE1 = re.compile(r"[ \t\u00a0]+")
_STRIP_MARKUP_RE2 = re.compile(r"\[([^\]\n]{1,300})\]\((?:[^()\s]{0,500}(?:\([^()\s]{0,100}\)[^()\s]{0,500}){1,2}(?=\))|[^)\s]{0,500})\)")
_MD_IMAGE = re.compile(r"!\[[^\]\n]{0,300}\]\((?:[^)\s]{0,500})(?:\s+\"[^\"\n]{0,200}\")?\)")
# (the first mark is matched before the look-behind: a pattern that opens on a look-behind is
# tried at every position of the text, one that opens on a "_" or "*" only where one stands)
_STRIP_MARKUP_RE3 = re.compile(r"_(?<!\w_)_?([^_\n]+?)_{1,2}(?!\w)")
# (a letter of Chinese or Japanese next to the marks is no word joined to them: those scripts
# write no spaces, "山东省**优秀学生**，" is emphasis inside a line)
_STRIP_MARKUP_RE4 = re.compile(r"\*(?<!(?![\u3040-\u30ff\u3400-\u9fff])[\w*]\*)\*{0,2}(?=[^\s,;.])([^*\n]+?)(?<=\S)\*{1,3}"
                               r"(?!(?![\u3040-\u30ff\u3400-\u9fff])[\w*])")


@lru_cache(maxsize=16384)
def strip_markup(text: str) -> str:
    """Remove HTML tags, Markdown emphasis and LaTeX math dollars; keep the words."""
    # (each step is guarded by a character its pattern cannot match without)
    text = ascii_forms(text[:MAX_FIELD])
    if "<" in text:
        text = _TAG.sub("", text)
    if "&" in text:
        for k, v in _ENTITY.items():
            text = text.replace(k, v)
        if "&" in text and ";" in text:
            # the other named and numbered entities a site's data file writes ("2016&ndash;2019",
            # "Lorem University &mdash; Physics", "&#8217;"): their characters
            text = html.unescape(text)
    # Emphasis opens after a non-word and closes before one: "Kim*, Baek*" keeps its marks.
    if "*" in text:
        text = _STRIP_MARKUP_RE4.sub(r"\1", text)
    if "_" in text:
        text = _STRIP_MARKUP_RE3.sub(r"\1", text)
    if "![" in text:
        text = _MD_IMAGE.sub("", text)         # "![logo](…/uni.png)": a picture, no words of the CV
    if "](" in text:
        text = _STRIP_MARKUP_RE2.sub(r"\1", text)  # [text](url)
    if "`" in text:
        text = text.replace("`", "")          # inline code marks: "`2018 - Present`"
    if "\\" in text:
        text = text.replace("\\[", "[").replace("\\]", "]")
    if "  " in text or "\t" in text or "\u00a0" in text:
        text = _STRIP_MARKUP_RE1.sub(" ", text)   # (one space for one space: nothing else to do)
    return text.strip()


@lru_cache(maxsize=16384)
def clean(text: str) -> str:
    return strip_markup(text).strip(" \t-–—•·*|,;:")


# ---------------------------------------------------------------------------------------
# Dates and periods
# ---------------------------------------------------------------------------------------
MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
    "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9,
    "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
    "dec": 12, "december": 12,
}
# Month names of Spanish, French, German, Portuguese and Italian CVs ("Enero 2023 - Presente",
# "Décembre 2015", "März 2019"); those spelled as in English ("april", "juni") are listed once.
for _n, _names in enumerate((
        "enero janvier januar janeiro gennaio", "febrero février fevrier februar fevereiro febbraio",
        "marzo mars märz maerz março marco", "abril avril aprile", "mayo mai maio maggio",
        "junio juin juni junho giugno", "julio juillet juli julho luglio", "agosto août aout",
        "septiembre setiembre septembre setembro settembre", "octubre octobre oktober outubro ottobre",
        "noviembre novembre novembro", "diciembre décembre decembre dezember dezembro dicembre"), 1):
    for _w in _names.split():
        MONTHS.setdefault(_w, _n)
# and their usual abbreviations ("Fév 2026", "janv. 2019", "Ene 2020", "Okt 2018")
for _w, _n in (("janv", 1), ("ene", 1), ("févr", 2), ("fév", 2), ("fevr", 2), ("fev", 2), ("mär", 3), ("mrz", 3), ("avr", 4),
               ("abr", 4), ("juil", 7), ("ago", 8), ("okt", 10), ("déc", 12), ("dic", 12), ("dez", 12)):
    MONTHS.setdefault(_w, _n)
SEASONS = ("spring", "summer", "fall", "autumn", "winter")


def _trie_pattern(words) -> str:
    """An alternation of words as a trie ("jan(?:uary)?|ju(?:ly|l|ne|n)…"): the same matches,
    longest first, but one branch tried per letter (five languages' month names kept the date
    patterns as fast as the English ones alone)."""
    tree: dict = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def walk(node: dict) -> str:
        branches = [re.escape(ch) + walk(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        if "" in node:          # a word ends here: what follows is optional (greedy, so longest first)
            return "(?:" + "|".join(branches) + ")?"
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return walk(tree)


_MONTH_NAMES = _trie_pattern(MONTHS)
# also the word in other languages: "2019年9月 – 至今", "seit 2019 – heute", "2018 – présent"
# ("2021 -- on", "2016 - onwards": the open end after a dash, British usage)
PRESENT = (r"(?:present|(?:till|until|up\s+to)\s+(?:now|date)|to\s+date|now|current|today|ongoing|expected|onwards?|on(?![ \t]+[A-Za-z])|至今|迄今|现在|現在|目前|预计|預計|heute|jetzt|pr[ée]sent|"
           r"aujourd['’]hui|actuel(?:lement)?|maintenant|presente|actualidad|actualmente|atual|atualmente|oggi|"
           r"attualmente|laufend|aktuell|derzeit|en\s+cours|in\s+corso|(?:по\s+)?настоящее\s+время|н\.\s?в\.)")

# a day of the month, in a date written month first ("October 5, 2022", "May 3rd, 2019")
_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?"
# One date: "Aug 2019", "Sept. 2017", "August, 2024", "2019.8", "2019/08", "2019-08", "08/2019",
# "Summer 2024", "2019".
DATE = (
    rf"(?:(?:{_MONTH_NAMES})(?:\.?,?\s+|\.|-)(?:19|20)\d\d"
    rf"|(?:{_MONTH_NAMES})\.?\s+{_DAY}(?:\s*[-\u2013\u2014]{{1,2}}\s*{_DAY})?(?:,\s*|\s+)(?:19|20)\d\d"     # "October 5, 2022", "July 11-15, 2022" (US)
    rf"|(?:{'|'.join(SEASONS)}),?\s+(?:19|20)\d\d"
    r"|(?:19|20)\d\d\s?年\s?(?:1[0-2]|0?[1-9])\s?月(?:\s?(?:3[01]|[12]\d|0?[1-9])\s?日)?"   # "2019年3月", "2008年3月23日" (Chinese, Japanese)
    r"|(?:19|20)\d\d\s?년\s?(?:1[0-2]|0?[1-9])\s?월"          # "2019년 3월" (Korean)
    r"|(?:0[1-9]|1[0-2])\.(?:19|20)\d\d(?![\d./])"               # "03.2019"
    r"|(?:3[01]|[12]\d|0?[1-9])\.(?:1[0-2]|0?[1-9])\.(?:19|20)\d\d(?![\d./])"   # "16.3.2007", "01.09.2019" (day first)
    # a full date, year first ("2023.04.01", "2024-04-10", "2019/03/01"): one separator throughout
    r"|(?:19|20)\d\d(?:\.(?:1[0-2]|0?[1-9])\.|-(?:1[0-2]|0?[1-9])-|/(?:1[0-2]|0?[1-9])/)(?:3[01]|[12]\d|0?[1-9])(?![\d])"
    r"|(?:19|20)\d\d[./-](?:1[0-2]|0?[1-9])(?![\d])"
    r"|(?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])/(?:19|20)\d\d"   # "15/03/2019", "03/15/2019" (a full date)
    r"|(?:1[0-2]|0?[1-9])/(?:19|20)\d\d"
    r"|(?:19|20)\d\d)"
)
# ("2022年8月至今": in Chinese "to this day" follows the date with no dash)
_SEP = rf"\s*(?:[{DASHES}]+>?|->|→|to|until|till|à|au|bis|hasta|a|(?=至今|迄今))\s*"   # "Novembre 2012 à Décembre 2015"
# A date may run straight into the next word when PDF text lost a tab ("Spring 2021Teaching").
PERIOD_RE = re.compile(rf"(?<![\w.])({DATE})(?:{_SEP}({DATE}|{PRESENT}))?(?![0-9])(?!(?-i:[a-z]))", re.I)
DATE_RE = re.compile(rf"(?<![\w.])({DATE})(?![\w])", re.I)
YEAR_RE = re.compile(r"(?<![\d])((?:19|20)\d\d)(?![\d])")
SINCE_RE = re.compile(rf"\b(?:s(?:ince|eit)|d(?:epuis|esde|al))\s+({DATE})", re.I)     # "Depuis Décembre 2015"
_FROM_OPENING = re.compile(r"\s*from\s+", re.I)
_SINCE_BEFORE = re.compile(r"(?:\b(?:since|depuis|desde|seit|dal)|\(\s*from)\s+(?:(?:the\s+)?(?:spring|summer|fall|autumn|winter|"
                           r"beginning|start|end|middle)\s+of\s+)?$", re.I)      # "since the summer of 2023"
_MONTH_YEAR = re.compile(rf"({_MONTH_NAMES})(?:\.?,?\s+|\.|-)((?:19|20)\d\d)")
_MONTH_DAY_YEAR = re.compile(rf"({_MONTH_NAMES})\.?\s+{_DAY}(?:\s*[-\u2013\u2014]{{1,2}}\s*{_DAY})?(?:,\s*|\s+)((?:19|20)\d\d)")
# "2012--16", "2020–23": the end year written with two digits
# ("2013-17. GPA: 3.9": a full stop after the short year ends a sentence, not a "17.5")
_SHORT_RANGE = re.compile(rf"(?<![\w.])((?:19|20)\d\d)(\s*[{DASHES}]+\s*)(\d\d)(?![\d/-]|\.\d|:\S)")
# "May–Aug. 2022", "Feb - Aug 2016": two months sharing one year
_MONTH_RANGE = re.compile(rf"(?<![\w.])({_MONTH_NAMES})\.?\s*(?:[{DASHES}]+|to|à|au|a|bis|hasta)\s*({_MONTH_NAMES})\.?,?\s*((?:19|20)\d\d)(?![\d])",
                          re.I)
# "06-09/2013", "1-3/2020": two months of one year
_MONTH_NUMBER_RANGE = re.compile(rf"(?<![\w./])(0?[1-9]|1[0-2])\s*[{DASHES}]\s*(0?[1-9]|1[0-2])\s*/\s*((?:19|20)\d\d)(?![\d/])")
_PRESENT_RE = re.compile(PRESENT, re.I)


_PARSE_DATE_RE1 = re.compile(r"(\d{1,2})/((?:19|20)\d\d)")
_PARSE_DATE_RE2 = re.compile(r"((?:19|20)\d\d)[./-](\d{1,2})")
# a full date ("2019-09-01", "2019/09/01", "2019-09-01T00:00:00Z", "01.09.2019") keeps its month
_PARSE_DATE_YMD = re.compile(r"((?:19|20)\d\d)([./-])(\d{1,2})\2(\d{1,2})(?:[t ][\d:.]+(?:z|[+-][\d:]+)?)?")
_PARSE_DATE_DMY = re.compile(r"(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)")
# "15/03/2019" (day first, as most of the world writes it) or "03/15/2019" (month first, when the
# second number cannot be a month)
_PARSE_DATE_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)")
_PARSE_DATE_CJK = re.compile(r"((?:19|20)\d\d)\s?[年년]\s?(\d{1,2})\s?[月월](?:\s?\d{1,2}\s?[日일])?")
_PARSE_DATE_MY = re.compile(r"(\d{2})\.((?:19|20)\d\d)")


@lru_cache(maxsize=16384)     # (a pure function of a string, returning an immutable value)
def parse_date(text: str) -> str | None:
    """One date → partial ISO ("2019", "2019-08"); seasons keep only the year."""
    text = ascii_forms(text).strip().lower().rstrip(".,")
    m = _MONTH_YEAR.fullmatch(text) or _MONTH_DAY_YEAR.fullmatch(text)
    if m:
        return f"{m.group(2)}-{MONTHS[m.group(1)]:02d}"
    m = _PARSE_DATE_RE2.fullmatch(text)
    if m and 1 <= int(m.group(2)) <= 12:
        return f"{m.group(1)}-{int(m.group(2)):02d}"
    m = _PARSE_DATE_YMD.fullmatch(text)
    if m and 1 <= int(m.group(3)) <= 12 and 1 <= int(m.group(4)) <= 31:
        return f"{m.group(1)}-{int(m.group(3)):02d}"
    m = _PARSE_DATE_DMY.fullmatch(text)
    if m and 1 <= int(m.group(2)) <= 12 and 1 <= int(m.group(1)) <= 31:
        return f"{m.group(3)}-{int(m.group(2)):02d}"
    m = _PARSE_DATE_SLASHED.fullmatch(text) if text.count("/") == 2 else None
    if m:
        first, second = int(m.group(1)), int(m.group(2))
        month = second if 1 <= second <= 12 and 1 <= first <= 31 else first if 1 <= first <= 12 and second <= 31 else None
        return f"{m.group(3)}-{month:02d}" if month else m.group(3)
    m = _PARSE_DATE_CJK.fullmatch(text) or _PARSE_DATE_MY.fullmatch(text)
    if m and m.re is _PARSE_DATE_MY:
        m = _PARSE_DATE_RE1.fullmatch(f"{m.group(1)}/{m.group(2)}")      # "03.2019" as "03/2019"
    elif m and 1 <= int(m.group(2)) <= 12:
        return f"{m.group(1)}-{int(m.group(2)):02d}"
    else:
        m = _PARSE_DATE_RE1.fullmatch(text)
    if m and 1 <= int(m.group(1)) <= 12:
        return f"{m.group(2)}-{int(m.group(1)):02d}"
    m = YEAR_RE.search(text)
    return m.group(1) if m else None


def may_hold_year(text: str) -> bool:
    """False when the text holds no year: every date PERIOD_RE, DATE_RE, _SHORT_RANGE and
    _MONTH_RANGE read has one, 19xx or 20xx (a cheap test that spares those patterns)."""
    return "19" in text or "20" in text


# a range left open: "(2020–)", "2019 –, Lorem", or a date column "2019 -<spaces>Professor, …"
_OPEN_CELL = re.compile(r"\s*[-\u2010-\u2015]+\s*$")     # a date cell that is only "2019 –"
# ("2025年1月- 架空大学准教授": the post named in Japanese or Chinese after the glued dash)
_GLUED_OPEN_DASH = re.compile(r"[-\u2010-\u2014](?=[ \t]+(?:[A-Z]|[\u3040-\u30ff\u3400-\u9fff]))")
_ONGOING_AFTER = re.compile(r"[ \t]*,?[ \t]+[_*]{0,2}(?:ongoing|onwards?)[_*]{0,2}(?![\w-])", re.I)
_OPEN_END = re.compile(r"\s*[-\u2010-\u2015]+(?:\s*(?=[),])|(?=:\s)|(?=\t| {2,}\S))")    # ("2011-: Professor, …" too)


# a year, then a month's name and the end of the date ("2021 Sep --", "2025 Jun)", "2024 Mar,")
# ("2019. Mar - 2020. Jun", a stop after the year as Korean CVs write it, is read as "Sep. 2025")
_YEAR_THEN_MONTH = re.compile(r"(?<![\w.,/-])((?:19|20)\d\d)(\.?) ([A-Za-z]{3,9})(?=\s*(?:--?|[\u2013\u2014~]|to\b|$|[)\],;]))")


@lru_cache(maxsize=16384)     # (a pure function of a string, returning an immutable value)
def find_period(text: str) -> tuple[tuple[str | None, str | None, bool], tuple[int, int]] | None:
    """The first date or date range in text → ((start, end, current), span)."""
    found = _find_period(text)
    if found and "ま" in text and text[found[1][1]: found[1][1] + 2] == "まで":
        # "2005年4月-2007年8月まで" (Japanese "until"): the word belongs to the dates
        found = (found[0], (found[1][0], found[1][1] + 2))
    return found


_MONTH_SLASH_YEAR = re.compile(r"\b([A-Za-z]{3,9}\.?)/((?:19|20)\d\d)\b")


def _find_period(text: str) -> tuple[tuple[str | None, str | None, bool], tuple[int, int]] | None:
    text = ascii_forms(text[:MAX_FIELD])
    if not may_hold_year(text):
        return None     # (every pattern below needs one)
    if _YEAR_THEN_MONTH.search(text):
        # "2021 Sep -- 2025 Jun", "2026 Apr -- Now": the year written before its month, read as
        # "Sep 2021 -- Jun 2025" (the same length, so the span is the same)
        text = _YEAR_THEN_MONTH.sub(lambda mm: f"{mm.group(3)}{mm.group(2)} {mm.group(1)}" if mm.group(3).lower() in MONTHS
                                    else mm.group(0), text)
    if "/" in text and _MONTH_SLASH_YEAR.search(text):
        # "April/2019 -- November/2022" (AltaCV CVs): a month's name, a slash, the year; read as
        # "April 2019 -- November 2022" (the same length); the end had been lost
        text = _MONTH_SLASH_YEAR.sub(lambda mm: mm.group(1) + " " + mm.group(2) if mm.group(1).lower().rstrip(".") in MONTHS
                                     else mm.group(0), text)
    m = PERIOD_RE.search(text)
    short = _SHORT_RANGE.search(text)
    # "2010-12" is December 2010 (ISO); "2010–12", "2010--12", "2010 - 12" and "2012-16" are ranges
    if short and (not m or short.start() <= m.start()) and \
            (short.group(2).strip() not in ("-", "") or short.group(2) != short.group(2).strip() or int(short.group(3)) > 12):
        start_year = int(short.group(1))
        end_year = start_year // 100 * 100 + int(short.group(3))
        if end_year >= start_year:
            return (str(start_year), str(end_year), False), short.span()
    r = _MONTH_RANGE.search(text)
    if r and (not m or r.start() <= m.start()):
        first, second, year = MONTHS[r.group(1).lower()], MONTHS[r.group(2).lower()], int(r.group(3))
        start_year = year - 1 if second < first else year          # "Nov–Feb 2020"
        return (f"{start_year}-{first:02d}", f"{year}-{second:02d}", False), r.span()
    if "/" in text and (r := _MONTH_NUMBER_RANGE.search(text)) and (not m or r.start() <= m.start()):
        # "06-09/2013": June to September of one year (it gave September alone)
        first, second, year = int(r.group(1)), int(r.group(2)), int(r.group(3))
        start_year = year - 1 if second < first else year
        return (f"{start_year}-{first:02d}", f"{year}-{second:02d}", False), r.span()
    if not m:
        m2 = SINCE_RE.search(text)
        if m2:
            return (parse_date(m2.group(1)), None, True), m2.span()
        return None
    start = parse_date(m.group(1))
    end_text = m.group(2)
    if end_text is None:
        since = _SINCE_BEFORE.search(text[max(0, m.start() - 32): m.start()])
        if since:      # "since 10/2016": from then on, the span taking the word in
            end = m.end()
            if since.group(0).startswith("(") and (close := re.match(r"\s*\)", text[end:end + 8])):
                end += close.end()      # "(from Aug 2013)": the bracket it opened
            return (start, None, True), (m.start() - len(since.group(0)), end)
        if m.start() <= 12 and _FROM_OPENING.fullmatch(text[: m.start()]):
            return (start, None, True), (0, m.end())      # "from 2024<TAB>Lorem University": a date column
        if (open_end := _OPEN_END.match(text, m.end())) is not None \
                or (not text[: m.start()].strip() or text[: m.start()].rstrip(" ").endswith("\t")) \
                and (open_end := _OPEN_CELL.match(text, m.end())) is not None:
            return (start, None, True), (m.start(), open_end.end())   # "(2020–)", a cell "2019 –": from then on
        if m.end() < len(text) and text[m.end()] in "-\u2010\u2011\u2012\u2013\u2014" and m.start() <= 2 \
                and (glued := _GLUED_OPEN_DASH.match(text, m.end())) is not None:
            return (start, None, True), (m.start(), glued.end())      # "2013- Consultant, Lorem Energy": from then on
        if (ongoing := _ONGOING_AFTER.match(text, m.end())) is not None:
            return (start, None, True), (m.start(), ongoing.end())    # "[Sep. 2019 _Ongoing_]", "2019 onwards"
        return (start, None, False), m.span()
    if _PRESENT_RE.fullmatch(end_text):
        return (start, None, True), m.span()
    return (start, parse_date(end_text), False), m.span()


# "09/14", "09/14-06/15", "10/15 – present": month/two-digit-year dates (friggeri-cv's date
# column). Read only when they are a whole field, month 1–12, and a lone one only where a date
# column stands, so "1/2", "3/4" (pages) or "12/3" (volume/issue) are never dates.
_MM_YY = r"(0?[1-9]|1[0-2])/(\d\d)"
_MM_YY_PERIOD = re.compile(rf"{_MM_YY}(?:\s*(?:[{DASHES}]+|to)\s*(?:{_MM_YY}|({PRESENT})))?", re.I)


_MM_DASH_YY = re.compile(r"\b(0?[1-9]|1[0-2])-(\d\d)\b")
_MM_DASH_YY_RANGE = re.compile(rf"(?:0?[1-9]|1[0-2])-\d\d\s[{DASHES}]\s(?:(?:0?[1-9]|1[0-2])-\d\d|{PRESENT})", re.I)


def _full_year(yy: str) -> int:
    pivot = (_dt.date.today().year + 5) % 100
    return (2000 if int(yy) <= pivot else 1900) + int(yy)


def month_year_field(text: str, single: bool = False) -> str:
    """A field that is only 'MM/YY' or 'MM/YY–MM/YY' (or '…–present') → the same dates with
    four-digit years ('09/2014 – 06/2015'); any other text unchanged. A lone 'MM/YY' is read
    only when ``single`` (the field stands where a date column is)."""
    stripped = text.strip()
    if len(stripped) > 40:
        return text
    if "/" not in stripped:
        # "03-16 - Now", "09-16 - 03-17": hyphens inside the dates, a spaced dash between them
        # (a range only: a lone "03-16" could be anything)
        if not _MM_DASH_YY_RANGE.fullmatch(stripped):
            return text
        stripped = _MM_DASH_YY.sub(r"\1/\2", stripped)
    m = _MM_YY_PERIOD.fullmatch(stripped)
    if not m or (m.group(3) is None and m.group(5) is None and not single):
        return text
    start = f"{int(m.group(1)):02d}/{_full_year(m.group(2))}"
    if m.group(5):
        return f"{start} – {m.group(5)}"
    if m.group(3) is None:
        return start
    end_year = _full_year(m.group(4))
    if (end_year, int(m.group(3))) < (_full_year(m.group(2)), int(m.group(1))):
        return text
    return f"{start} – {int(m.group(3)):02d}/{end_year}"


# a month and a year cut to two digits after an apostrophe: "Aug '18 - May '23", "Jun '16"
_MONTH_APOSTROPHE_YEAR = re.compile(r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?)\s*['’‘](\d\d)\b'?",
                                    re.I)


def parse_period(text: str) -> tuple[str | None, str | None, bool]:
    if "'" in text or "’" in text or "‘" in text:
        text = _MONTH_APOSTROPHE_YEAR.sub(lambda m: f"{m.group(1)} {_full_year(m.group(2))}", text)   # "Aug '18"
    found = find_period(text)
    return found[0] if found else (None, None, False)


# ---------------------------------------------------------------------------------------
# Contacts
# ---------------------------------------------------------------------------------------
# " {at} ", " at " (before a domain): r"\s*(?:\\?[\{\[\(<]\s*at\s*\\?[\}\]\)>]|\s+at\s+(?=…))\s*",
# written to open on the class of its first characters (a pattern that opens on "\s*" is tried at
# every position of the text): a blank, then as above or " at " opening on that blank; or a
# backslash or bracket, then the rest of "{at}".
_AT_WORD = re.compile(r"[\s\\\{\[\(<](?:(?<=\s)(?:\s*(?:\\?[\{\[\(<]\s*at\s*\\?[\}\]\)>]|\s+at\s+(?=[\w.-]+\s*(?:\.|dot)))"
                      r"|\s*at\s+(?=[\w.-]+\s*(?:\.|dot)))"
                      r"|(?<=\\)[\{\[\(<]\s*at\s*\\?[\}\]\)>]|(?<=[\{\[\(<])\s*at\s*\\?[\}\]\)>])\s*", re.I)
_DOT_WORD = re.compile(r"\s*[\{\[\(<]\s*dot\s*[\}\]\)>]\s*", re.I)
_AT_PROBE = re.compile(r"[\{\[\(<]\s*at\s*\\?[\}\]\)>]|\sat\s+(?=[\w.-]+\s*(?:\.|dot))", re.I)
_DOT_PROBE = re.compile(r"[\{\[\(<]\s*dot\s*[\}\]\)>]", re.I)
EMAIL_RE = re.compile(r"(?<![\w.+-])([\w.+-]{1,64})@((?:[\w-]{1,63}\.)+[A-Za-z]{2,24})(?![\w-])")
# ("+44 7700 900123", "+44 07481 116190": an area or mobile prefix, then one long group)
PHONE_RE = re.compile(r"(?<![\w.])0[1-9](?:[ .]\d\d){4}(?![\w.])|"     # "06 85 37 62 09" (French)
                      r"(?<![\w(])\(\+\d{1,3}\)\s?\d{2,4}(?:[\s.-]?\d{2,4}){1,4}(?![\w])|"
                      r"(?<![\w])\+\d{1,3}\s?\(\d{1,4}\)\s?\d{2,4}(?:[\s.-]\d{2,4}){1,3}(?![\w])|"
                      r"(?<![\w])\+\d{1,3}(?:[\s.-]\d{1,4}){3,6}(?![\w])|(?<![\w])\+\d{1,3}[\s.-]\d{2,5}[\s.-]\d{5,8}(?![\w])|(?<![\w])\+\d{1,3}[\s.-]?\d{6,12}(?![\w])|(?<![\w])(\+?\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}(?:[\s.-]\d{3,4})?(?![\w])")
# (brackets in pairs inside an address are its own: "…/article/S0000-0000(19)30001-2/abstract")
URL_RE = re.compile(r"https?://[^\s<>\"'()\[\]{}|\\^`]+(?:\([^\s<>\"'()\[\]{}|\\^`:]{1,60}\)[^\s<>\"'()\[\]{}|\\^`]*){0,2}|(?<![@\w.])(?:www\.)[\w-]+(?:\.[\w-]+)+(?:/[^\s<>\"'()]*)?")
# profile addresses written without a scheme: "github.com/x", "scholar.google.com/…"
_BARE_PROFILE_RE = re.compile(r"(?<![@\w./])(?:scholar\.google\.[a-z.]{2,6}|(?:[a-z]{2,3}\.)?linkedin\.com|github\.com|"
                              r"gitlab\.com|orcid\.org|dblp\.org|(?:www\.)?researchgate\.net|twitter\.com|x\.com)/[^\s<>\"'()]+")


def deobfuscate_emails(text: str) -> str:
    """'user {AT} host. edu', 'user [at] host [dot] edu', '$\\{AT\\}$' → 'user@host.edu'."""
    text = text[:MAX_FIELD * 4].replace("$", "")
    text = re.sub(r"\\([{}])", r"\1", text)
    # (the probes are the patterns without their leading/trailing "\s*", which made each
    # substitution try every position: no probe match, no match of the pattern)
    if _AT_PROBE.search(text):
        text = _AT_WORD.sub("@", text)
    if _DOT_PROBE.search(text):
        text = _DOT_WORD.sub(".", text)
    if "@" in text and (" dot " in text or " DOT " in text or " Dot " in text):
        # "jdoe at lorem dot edu", "j dot doe AT lorem DOT ac DOT uk": once the "at" is read, the
        # words "dot" joined to the address on either side are its dots
        # (at the top, or on a line that is the address or says "mail": not prose, "worked at Lorem dot com")
        text = _SPELLED_ADDRESS.sub(lambda m: _DOT_SPELLED.sub(".", m.group(0)) if _address_line(text, m) else m.group(0), text)
    # "user@g. harvard.edu": a space after a dot inside a domain is an extraction slip.
    return re.sub(r"(@[\w-]+(?:\.[\w-]+)*\.)\s+(?=[\w-]+\.[A-Za-z]{2,})", r"\1", text)


# an address whose dots are spelled: "j dot doe@lorem dot ac dot uk" (the "at" already read)
_SPELLED_ADDRESS = re.compile(r"(?:[\w+-]+ dot )*[\w.+-]+@[\w-]+(?:(?:\.| dot )[\w-]+)+", re.I)
_DOT_SPELLED = re.compile(r" dot ", re.I)


def _address_line(text: str, m: re.Match[str]) -> bool:
    if m.start() < 600:
        return True         # the top of the page: its contact lines (a plain-text header's lines run together)
    start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
    line = text[start: end if end >= 0 else len(text)]
    return len(line.strip()) <= len(m.group(0)) + 12 or "mail" in line.lower() \
        or re.search(r"[|·•<(\[\t:]\s*$", text[start: m.start()]) is not None


# The characters an address is made of: a match of EMAIL_RE lies inside one run of them, and
# its look-behind and look-ahead reject these characters only, so the pattern is run on the
# runs that hold an '@' (with the text around them in view), not tried at every position.
_EMAIL_RUN = re.compile(r"[\w.+@-]*")


def _email_matches(text: str) -> list[re.Match[str]]:
    """EMAIL_RE.finditer(text), as a list."""
    out: list[re.Match[str]] = []
    at = text.find("@")
    if at < 0:
        return out
    rev, n = text[::-1], len(text)
    while at >= 0:
        start = n - _EMAIL_RUN.match(rev, n - 1 - at).end()
        end = _EMAIL_RUN.match(text, at).end()
        out.extend(EMAIL_RE.finditer(text, start, end))
        at = text.find("@", end)
    return out


def find_emails(text: str) -> list[str]:
    out: list[str] = []
    text = deobfuscate_emails(text)
    for m in _email_matches(text):
        if m.start() and text[m.start() - 1] == "@":
            continue        # "@jdoe@lorem.social": a Mastodon handle, not an address
        email = f"{m.group(1)}@{m.group(2)}".lower().strip(".")
        if email not in out:
            out.append(email)
    return out


_ORCID_ID = re.compile(r"\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b")


_WORDS_BEFORE_NUMBER = re.compile(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?)[ ,]*$")


def _region_before(text: str) -> bool:
    """'…, Virginia ' before a number: a state or country named in full, the number its postcode."""
    m = _WORDS_BEFORE_NUMBER.search(text)
    return m is not None and is_region(m.group(1))


def find_phones(text: str) -> list[str]:
    out = []
    text = _ORCID_ID.sub(" ", text[:MAX_FIELD])          # an ORCID iD is not a phone
    # a number never runs across a column or a line: "Iowa City, IA 52242<tab>319-930-2609"
    fax_cell = False
    for cell in _CELL_BREAK.split(text) if "\t" in text or "\n" in text else (text,):
        if fax_cell and (m := _FAX_NUMBER_AFTER.match(cell)):
            cell = " " * m.end() + cell[m.end():]      # "Fax<tab>(555) 010-2299": the number of a fax cell
        fax_cell = False
        if _FAX_HINT.search(cell):
            cell, fax_cell = _without_fax(cell)
        if "(0)" in cell:
            # "+44 (0)1632 960 123": the trunk zero a caller drops from abroad, in brackets
            for m in _PHONE_TRUNK_ZERO.finditer(cell):
                out.append(m.group(0).strip())
            cell = _PHONE_TRUNK_ZERO.sub(" ", cell)
        for m in PHONE_RE.finditer(cell):
            digits = re.sub(r"\D", "", m.group(0))
            if _ZIP4.fullmatch(m.group(0).strip()) and (_STATE_BEFORE.search(cell[max(0, m.start() - 8):m.start()])
                                                       or _region_before(cell[max(0, m.start() - 30):m.start()])):
                continue        # "Santa Barbara, CA, 93106-5110", "Richmond, Virginia 23284-2014": a ZIP+4 code
            if len(digits) == 8 and _YEAR_MONTH_DAY.fullmatch(digits) and m.group(0)[:1].isdigit():
                continue        # "1992 1102": a date (a birth date from a LaTeX macro's arguments)
            if 8 <= len(digits) <= 15 and not YEAR_RANGE_LIKE.fullmatch(m.group(0).strip()):
                out.append(m.group(0).strip())
        if _PHONE_LABEL_WORD.search(cell):
            # "Tel: 5550102233", "Mobile: 0612 34 56 78": a number after its label
            _labelled_national(cell, out)
        if "|" in cell or "•" in cell or "·" in cell:
            # "07700900123 | jdoe@…": a number without spaces that is an item of a contact line
            out.extend(m.group(1) for m in _LONE_DIGITS.finditer(cell) if m.group(1) not in out)
    return out


# A fax number is not a phone: "Fax: +1 555 010 2299", "Facsimile …", "F: …" (after a "T: …"), a "Fax"
# cell before the number's cell, "…, 555-0102 (fax)". A number labelled as both ("Tel./Fax …",
# "Phone & Fax: …", "Fax/Tel …") is a phone.
_FAX_HINT = re.compile(r"[Ff][Aa][Xx]|[Ff]acsimile|FACSIMILE|[Tt][ée]l[ée]copie|F\s?[:：]")
_FAX_LABEL = re.compile(r"\b(?:fax|facsimile|telefax|t[ée]l[ée]copie(?:ur)?)\b|(?<![\w.])(?-i:F)\s?[:：]", re.I)
_FAX_NUMBER_AFTER = re.compile(r"[\s.:：)\]|-]*(\+?[\d(][\d ().\-/]{5,24}\d)")
_FAX_AFTER_NUMBER = re.compile(r"\+?[\d(][\d ().\-/]{5,24}\d\s*[(\[]\s*(?:fax|facsimile)\s*[)\]]", re.I)
_PHONE_THEN_SLASH = re.compile(r"\b(?:tel|phone|ph|voice)\w*\.?\s*(?:/|&|\+|,|and|or)\s*$", re.I)
_SLASH_THEN_PHONE = re.compile(r"\s*(?:/|&|\+|and|or)\s*(?:tel\w*|phone|voice)\b", re.I)


def _without_fax(cell: str) -> tuple[str, bool]:
    """The cell with its fax numbers blanked, and whether it is a fax label alone (its number then
    stands in the next cell)."""
    for m in reversed(list(_FAX_LABEL.finditer(cell))):
        if _PHONE_THEN_SLASH.search(cell[max(0, m.start() - 24):m.start()]) or _SLASH_THEN_PHONE.match(cell, m.end()):
            continue        # "Tel./Fax: …": the phone's number too
        if not cell[m.end():].strip(" .:：|-"):
            return cell, not cell[:m.start()].strip(" |*_")
        if n := _FAX_NUMBER_AFTER.match(cell, m.end()):
            cell = cell[:m.end()] + " " * (n.end() - m.end()) + cell[n.end():]
    if "(" in cell or "[" in cell:
        cell = _FAX_AFTER_NUMBER.sub(lambda m: " " * len(m.group(0)), cell)
    return cell, False


_LONE_DIGITS = re.compile(r"(?:^|(?<=[|•·]))\s*(\+\d{9,14}|0\d{9,10})\s*(?=$|[|•·])")
_YEAR_MONTH_DAY = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
_PHONE_LABEL_WORD = re.compile(r"\b(?:tel|t[ée]l[ée]phone|telephone|phone|mobile|cell|handy|telefon|m[óo]vil|portable)", re.I)
# "Mobile: 0612 34 56 78", "Tel. 030 1234567", "Tel: 089/12345678", "Tel: 5550102233": a number after
# its label, in a country's own grouping or without spaces, that the shapes of PHONE_RE may not cover
_LABELLED_PHONE = re.compile(
    r"\b(?:tel(?:ephone)?|t[ée]l[ée]phone|phone|mobile|cell(?:phone)?|handy|telefon[oe]?|tel[ée]fono|m[óo]vil|portable)\b\.?"
    r"\s*(?:\([A-Za-z ]{1,20}\)\s*)?[:：]?\s*(\+?(?:\(0\)\s?)?\d[\d ./-]{5,22}\d)(?![\w.-]*\d)", re.I)
# a date, not a number to call: "1990-03-12", "12.03.1990", "1992 11 02"
_DATE_DIGITS = re.compile(r"(?:19|20)\d\d[ ./-][01]?\d[ ./-][0-3]?\d|[0-3]?\d[ ./-][01]?\d[ ./-](?:19|20)\d\d")


def _labelled_national(cell: str, out: list[str]) -> None:
    """Add the number a phone label introduces when it has 7–15 digits and is no date; a number
    found already whose digits end it is replaced by it (PHONE_RE's "30 1234 5678" of
    "(0)30 1234 5678")."""
    for m in _LABELLED_PHONE.finditer(cell):
        number = m.group(1).strip()
        digits = re.sub(r"\D", "", number)
        if not 7 <= len(digits) <= 15 or _DATE_DIGITS.fullmatch(number) or YEAR_RANGE_LIKE.fullmatch(number) \
                or re.fullmatch(r"(?:19|20)\d\d\s+(?:19|20)\d\d", number):
            continue
        known = [k for k, p in enumerate(out) if digits.endswith(re.sub(r"\D", "", p))]
        if known:
            out[known[0]] = number
        else:
            out.append(number)


_CELL_BREAK = re.compile(r"[\t\n]")
_ZIP4 = re.compile(r"\d{5}-\d{4}")
_STATE_BEFORE = re.compile(r"\b[A-Z]{2}\b\.?,?\s*$")
_PHONE_TRUNK_ZERO = re.compile(r"(?<![\w+])\+\d{1,3}\s?\(0\)\s?\d{1,5}(?:[\s.-]\d{2,8}){1,4}(?![\w])")


YEAR_RANGE_LIKE = re.compile(r"(?:19|20)\d\d\s*[-–.]\s*(?:19|20)?\d\d(?:[-–.]\d+)*")


def find_urls(text: str) -> list[str]:
    out = []
    text = text[:MAX_FIELD * 4]
    # (URL_RE's two forms open with "http" and "www.": a line with neither has no match)
    matches = list(URL_RE.finditer(text)) if "http" in text or "www." in text else []
    if ".com/" in text or ".org/" in text or ".net/" in text:
        taken = [m.span() for m in matches]
        matches += [m for m in _BARE_PROFILE_RE.finditer(text)
                    if not any(a <= m.start() < b for a, b in taken)]
        matches.sort(key=lambda m: m.start())
    for m in matches:
        url = m.group(0).rstrip(".,;:)”’\"'»]")
        if not url.lower().startswith("http"):
            url = "https://" + url
        if url not in out:
            out.append(url)
    return out


# A postal address → the town it names (where the subject lives, as `Person.location` keeps it):
# "2401 Lorem Drive Apt 1A, Ann Arbor, MI, 48105" → "Ann Arbor, MI". A line or part that opens on
# a number ("281 Ipsum St", "LB11 Dolor Hall") or names a street, a room or a building is the
# street; postcodes are dropped; a label ("Work Address") and contact lines are no part of it.
_STREET_WORD = re.compile(r"(?<=\S\s)(?:st|str)\b\.?|\b(?:street|road|rd|avenue|ave|av|blvd|boulevard|parkway|pkwy|highway|hwy|drive|dr|lane|ln|way|apt|suite|ste|"
                          r"room|rm|hall|building|bldg|floor|gardens|place|pl|court|ct|crescent|terrace|close|square|sq|"
                          r"office|box|p\.?\s?o\.?|campus|department|dept|school|faculty|universit\w*|univers\w*|institut\w*|istituto|"
                          r"hochschule|[ée]cole|fakult\w*|facult\w*|d[ée]partement\w*|dipartimento|departamento|"
                          r"college|centre|center|laboratory|lab|"
                          # (other languages' streets: "rue Saint-Lorem", "Loremstraße", "via Ipsum", "calle Dolor")
                          r"rue|all[ée]e|chemin|impasse|quai|cours|stra(?:ss|ß)e|gasse|platz|via|viale|piazza|corso|"
                          r"calle|avenida|rua|travessa|ulica|ul|plaza|carrer|camino|straat|laan|gracht|vej|gade|"
                          r"gatan|v[äa]gen)\b\.?|\w(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|straat|laan|vej|gade|gatan|v[äa]gen)\b", re.I)
_POSTCODE = re.compile(r"\s*(?:\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\b\d{4,6}(?:-\d{4})?\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b)\s*")


def town_of_address(lines: list[str]) -> str | None:
    """The town (and region, country) of a postal address given as lines or comma parts."""
    parts: list[str] = []
    for line in lines:
        line = line.strip(" ,.;")
        if not line or "@" in line or "http" in line or "www." in line or re.search(r"address\s*:?$", line, re.I) \
                or len(re.sub(r"\D", "", line)) >= 7 and len(re.sub(r"[\d\s()+./$!\\-]", "", line)) <= 6:
            continue        # a label, an e-mail, a site, a telephone number
        parts.extend(p.strip(" .") for p in line.split(","))
    town = []
    for i, part in enumerate(parts):
        if (i or re.match(r"\d{4,5}\s+[A-ZÀ-Ý][^\d,]{1,30}$", part) and len(parts) == 2 and len(parts[1]) > 2
                and is_region(parts[1])) and \
                re.match(r"\d{4,6}\s+(?=[^\d\s])", part):
            # "20253 Hamburg": the postcode before the town (also on a line that opens with it,
            # "85748 Garching, Germany", when a country, not a state, is all that follows)
            part = part.split(None, 1)[1]
        if not part or re.match(r"\S*\d", part) or _STREET_WORD.search(part):
            continue
        part = _POSTCODE.sub(" ", part).strip(" ,.")
        if part and not re.search(r"\d", part) and len(part) <= 40:
            town.append(part)
    place = ", ".join(dict.fromkeys(town))
    return place if place and len(place) <= 80 else None


# A profile named by its handle, without an address: "GitHub: jdoe", "Twitter: @jdoe",
# "Mastodon: @jdoe@lorem.social", "Bluesky: jdoe.bsky.social". The handle ends the line or is
# followed by a separator or by the next label ("GitHub: jdoe  Twitter: @jdoe"), never by
# another word ("LinkedIn: Jane Doe" is a link's text, not a handle).
# (read at each colon: the label before it, the handle after it — a pattern tried at every
# position of the text cost more than the rest of the header's reading)
_HANDLE_LABEL = re.compile(r"(?<![\w/.@-])(github|gitlab|twitter|x|bluesky|mastodon|linkedin|google\s+scholar)"
                           r"(?:\s+(?:handle|username|user|id))?[*_]*\s*$", re.I)
_HANDLE_VALUE = re.compile(r"\s*[*_`]*(@?[A-Za-z0-9][\w.-]{0,60}(?:@[\w-]+(?:\.[\w-]+)+)?)[*_`]*"
                           r"(?=\s*$|\s*[|·•,;]|\s{2,}|\t|\s+(?:github|gitlab|twitter|x|bluesky|mastodon|linkedin|orcid|e-?mail|"
                           r"phone|tel|mobile|web(?:site)?|homepage|scholar|google)\b)", re.I | re.M)
_COLON = re.compile(r"[:：]")
_HANDLE_URLS = {"google scholar": "https://scholar.google.com/citations?user={}", "github": "https://github.com/{}", "gitlab": "https://gitlab.com/{}", "twitter": "https://twitter.com/{}",
                "x": "https://twitter.com/{}", "bluesky": "https://bsky.app/profile/{}",
                "linkedin": "https://www.linkedin.com/in/{}"}
_NETWORK_WORDS = {"github", "gitlab", "twitter", "x", "bluesky", "mastodon", "linkedin", "profile", "page", "link",
                  "here", "me", "none", "n/a", "na", "available", "upon", "request"}


def profile_handles(text: str) -> list[tuple[str, str]]:
    """(network, profile URL) for each labelled handle in the text (_HANDLE_LABEL, _HANDLE_VALUE)."""
    if ":" not in text and "：" not in text:
        return []
    out = []
    text = text[:MAX_FIELD * 4]
    for c in _COLON.finditer(text):
        lab = _HANDLE_LABEL.search(text, max(0, c.start() - 40), c.start())
        val = _HANDLE_VALUE.match(text, c.end()) if lab else None
        if val is None:
            continue
        net, handle = re.sub(r"\s+", " ", lab.group(1).lower()), val.group(1).rstrip(".")
        if net == "google scholar" and not re.fullmatch(r"[\w-]{7}AAAAJ", handle):
            continue        # (a Scholar user id, "Xy3kQ9wAAAAJ": "Google Scholar: Jane Roe" names no profile)
        if handle.lower().lstrip("@") in _NETWORK_WORDS or re.search(r"\.(?:com|org|net|io)\b", handle) \
                and net not in ("bluesky", "mastodon"):
            continue        # a network's name, or an address written without its scheme (read as a URL)
        if net == "x" and not handle.startswith("@"):
            continue        # ("X: @jdoe"; a lone "x: 5" is no handle)
        if net == "mastodon":
            mm = re.fullmatch(r"@?(\w{1,30})@([\w-]+(?:\.[\w-]+)+)", handle)
            if mm:
                out.append((net, f"https://{mm.group(2)}/@{mm.group(1)}"))
            continue
        if net == "bluesky" and "." not in handle:
            continue
        if net in ("github", "gitlab", "linkedin", "bluesky") and "@" in handle:
            continue
        out.append((net, _HANDLE_URLS[net].format(handle.lstrip("@"))))
    return out


# ---------------------------------------------------------------------------------------
# Names and author lists
# ---------------------------------------------------------------------------------------
_NAME_PARTICLES = {"de", "van", "von", "der", "den", "da", "di", "del", "la", "le", "du", "bin", "al", "y",
                   "do", "dos", "das"}     # (Portuguese: "Ana dos Santos", "Elio do Amaral Roe")
# (a word cut short by a full stop is an initial or a short form — "Jr.", "Mohd." — not a
# journal's "Convers." or "Trans.": no four lower-case letters before the stop)
# (initials with no stop after the last, "J.M", as in "Roe J.M, Poe S.A.", are a name's word too)
_NAME_WORD = re.compile(r"^(?:[A-Z][a-zA-Z'\u00c0-\u024f\-]*(?<![a-z]{4})\.|[A-Z][a-zA-Z'\u00c0-\u024f\-]*|[A-Z]\.(?:-?[A-Z]\.)*|[A-Z](?:\.-?[A-Z]){1,3}|[\u00c0-\u024f][\w'\-]*)$")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _other_script_name_word(word: str) -> bool:
    """A name's word in a script other than Latin: 'Иван', 'Γιώργος' (a capital, then letters),
    'محمد' (a script without capitals: letters only)."""
    if not word.isascii() and _OTHER_SCRIPT_INITIALS.fullmatch(word):
        return True               # "И.", "И.И.", "Ж.-П." (Cyrillic or Greek initials)
    if word.isascii() or not word[0].isalpha() or not word.replace("-", "").replace("'", "").isalpha():
        return False
    first = word[0]
    if "\u00c0" <= first <= "\u024f":
        return False              # Latin letters are _NAME_WORD's
    return first.isupper() or not first.islower()


_OTHER_SCRIPT_INITIALS = re.compile(r"[\u0391-\u03a9\u0400-\u042f]\.(?:-?[\u0391-\u03a9\u0400-\u042f]\.?)*")
# "Wei Zhang (张伟)", "张伟 (Wei Zhang)", "Иван Петров / Ivan Petrov": a name with its other form
_TWO_FORMS = re.compile(r"\s*(.+?)\s*(?:\(\s*(.+?)\s*\)|/\s*(.+?))\s*")


def latin_form(name: str) -> str:
    """A name given in two scripts → its Latin form (the one publication lists use); any
    other name unchanged."""
    name = name.strip()

    def latin(t: str) -> bool:
        letters = [c for c in t if c.isalpha()]
        return bool(letters) and all(c.isascii() or "\u00c0" <= c <= "\u024f" for c in letters)

    m = _TWO_FORMS.fullmatch(name) if len(name) <= 200 and ("(" in name or "/" in name) else None
    if not m:
        # "Wei Zhang 张伟", "张伟 Wei Zhang": the two forms side by side, a space between the scripts
        words = name.split() if len(name) <= 200 else []
        kinds = [latin(w) for w in words]
        cut = next((i for i in range(1, len(words)) if kinds[i] != kinds[i - 1]), None)
        if cut is not None and len(set(kinds[:cut])) == 1 and len(set(kinds[cut:])) == 1 \
                and all(any(c.isalpha() for c in w) for w in words):
            return " ".join(words[:cut] if kinds[0] else words[cut:])
        return name
    a, b = m.group(1), m.group(2) or m.group(3)

    if latin(a) and not latin(b) and any(c.isalpha() for c in b):
        return a
    if latin(b) and not latin(a) and any(c.isalpha() for c in a):
        return b
    return name


# a name written initials first, with no stops: "G Roe", "TE Malliavin", "E H Egelman", "J-P Girault"
INITIALS_FIRST_NAME = re.compile(r"(?:[A-Z]{1,3}|[A-Z]-[A-Z]|[A-Z] [A-Z]) [A-Z][a-z\u00e0-\u00ff'’]+(?:-[A-Z][a-z\u00e0-\u00ff'’]+)?")


@lru_cache(maxsize=16384)
def looks_like_name(text: str, max_words: int = 5) -> bool:
    """'ChonLam Lao', 'Hsien-Hsin S Lee', 'J. Evan Smith', 'Ré' — not 'Research Intern'."""
    text = text.strip()
    if not text or len(text) > 60:
        return False
    # (in ASCII text only 0-9 are digits: ten substring tests instead of a loop over the letters)
    if any(d in text for d in "0123456789") if text.isascii() else any(ch.isdigit() for ch in text):
        return False
    if _CJK.search(text):
        # ("履歴書", "中文简历", "个人主页": what the page is, not whose)
        return 1 <= len(text.replace(" ", "")) <= 6 and not _CJK_NOT_NAME.search(text)
    words = text.split()
    if not 2 <= len(words) <= max_words:
        return False
    if words[0] in ("A", "An", "The") or ":" in text:
        return False
    caps = 0
    for w in words:
        if w in _NAME_PARTICLES:  # lower-case particles: "van", "de"; "Le" is a surname
            continue
        if not _NAME_WORD.match(w) and not _other_script_name_word(w):
            return False
        caps += 1
    return caps >= 2 and not any(w.lower().strip(".") in NOT_NAME_WORDS for w in words)


NOT_NAME_WORDS = {
    "university", "college", "institute", "school", "lab", "laboratory", "research", "intern",
    "engineer", "scientist", "professor", "student", "department", "center", "centre", "inc",
    "corp", "ltd", "llc", "conference", "symposium", "workshop", "journal", "proceedings",
    "transactions", "international", "acm", "ieee", "usenix", "the", "and", "of", "in", "on",
    "for", "with", "award", "prize", "scholarship", "fellowship", "team", "group", "systems",
    "system", "network", "networks", "learning", "data", "computer", "science", "education",
    "experience", "publications", "skills", "teaching", "service", "talks", "awards", "honors",
    "contact", "email", "phone", "curriculum", "vitae", "resume", "cv", "page", "profile",
    "present", "preprint", "arxiv", "google", "microsoft", "technology", "engineering",
    "oral", "poster", "presentation", "spotlight", "highlight", "ccf", "core", "rank", "tier",
    "review", "submitted", "accepted", "revision", "preparation", "forthcoming", "appear", "thesis",
    "dissertation", "msc", "bsc", "phd", "researcher", "postdoctoral", "postdoc", "lecturer", "assistant",
    "associate", "director", "manager", "candidate", "pdf", "download", "version", "english",
    # a page's block headings: "Basic Info", "Personal Information", "Personal Details"
    "info", "information", "basics", "personal", "details",
}
# words of a page's title in Chinese, Japanese or Korean that no name holds: résumé, CV, personal,
# home page, Chinese/English (version), download, university, company
_CJK_NOT_NAME = re.compile(r"简历|簡歷|簡歴|履歴|履历|履歷|経歴|经历|經歷|个人|個人|主页|主頁|首页|下载|下載|中文|英文|日本語|"
                           r"大学|大學|学院|學院|公司|会社|研究所|이력서|경력")

_EQUAL_MARK = re.compile(r"(?:\*|\u2217|†|‡|(?<=[\w.])\+(?!\w)|\^\{?\*\}?|<sup>\s*[*†‡]\s*</sup>|\(\s*(?:co-?first|equal)[^)]*\))", re.I)
# "Li X#", "Li X<sup>#</sup>": '#' marks the corresponding author (the legend CVs put over their lists)
_CORRESPONDING = re.compile(r"(?:✉|#|\(\s*corresponding[^)]*\)|\bcorresponding author\b)", re.I)
# "et al." and the ellipsis of APA 7 ("Moe, B., ... & Zoe, C."): authors left out of the list
# (written as "\bet\.?\s*al\.?|(?<![.\w])\.\s?\.\s?\.(?!\.)|…" case-blind, but opening on the
# class of the three first characters, the alternatives told apart by a look-behind: a pattern
# that opens on a class is tried only where one of its characters stands)
# ("Li, S., Wang, X., 等." in a Chinese CV: "等", "and others", after the last name listed);
# written without a stop or blank only in lower case ("etal"): "Ccc Etal" is a name (hypothesis)
_ET_AL = re.compile(r"[eE.…等](?:(?<=[eE])(?<!\w.)(?:[tT](?:\.\s*|\s+)[aA][lL]|(?<=e)tal)\.?|(?<=\.)(?<![.\w].)\s?\.\s?\.(?!\.)|(?<=…)|"
                    r"(?<=[,，\s]等)\.?(?=\s*(?:[.,;:(]|$)))")
# The separators of an author list: r"\s*(?:,\s*(?:and|&)\s+|,|;|\s+and\s+|\s+&\s+|\uff0c)\s*",
# written to open on the class of its first characters (a pattern that opens on "\s*" is tried at
# every position of the text): a blank, then as above; or a separator opening on that blank
# (" and ", " & "); or ",", ";", "，" and what follows them.
_AUTHOR_SPLIT = re.compile(r"[\s,;\uff0c](?:(?<=\s)(?:\s*(?:,\s*(?:and|&)\s+|,|;|\s+and\s+|\s+&\s+|\uff0c)|\s*and\s+|\s*&\s+)"
                           r"|(?<=,)\s*(?:and|&)\s+|(?<=[,;\uff0c]))\s*")


_SPLIT_AUTHORS_RE1 = re.compile(r"[A-Z][a-z\u00c0-\u024f]{2,}")
_SPLIT_AUTHORS_RE2 = re.compile(r"(?<=[a-z])\d+$")
_SPLIT_AUTHORS_RE3 = re.compile(r"\(.*?\)")
SUP_MARK = re.compile(r"<sup>\s*\\?([*†‡#]+)\s*</sup>", re.I)     # "Doe<sup>*</sup>": an author's mark as HTML
AUTHOR_MARKS = re.compile(r"[*\u2217†‡+#^]")                           # the marks after an author's name ("Li X#")


# French "et" ("and") between names written surname, then initials: "Ladin D. et Roe A.", "Pham H., Lo B. et Roe A-M."
_FRENCH_ET = re.compile(r"(?<=[A-Z\u00c0-\u024f]\.)\s+et\s+(?=[A-Z\u00c0-\u024f][\w'’-]+\s+[A-Z\u00c0-\u024f](?:[.-]|$))")
_MD_ESCAPE = re.compile(r"\\(?=[*#_+†‡.])")


@lru_cache(maxsize=16384)
def _author_part(part: str) -> tuple[str, bool, bool]:
    """One item of an author list → (name without marks, equal contribution, corresponding)."""
    if "\\" in part:
        part = _MD_ESCAPE.sub("", part)     # Markdown escapes: "Li\*", "Sun\#"
    equal = bool(_EQUAL_MARK.search(part))
    corresponding = bool(_CORRESPONDING.search(part))
    name = _CORRESPONDING.sub("", _EQUAL_MARK.sub("", part))
    name = _SPLIT_AUTHORS_RE3.sub("", name)
    name = _SPLIT_AUTHORS_RE2.sub("", name)  # affiliation footnote digits: "Yu Guan2"
    return clean(name).strip("*_ #^"), equal, corresponding      # ("Roe^": a mark the legend explains)


def split_authors(text: str, subject: str | None = None) -> tuple[list[Author], bool] | None:
    """'A, B*, and <u>C</u> et al.' → ([Author...], et_al). None if it is not an author list.

    Markup (HTML, Markdown bold/underline, superscripts) is removed; asterisks/daggers and
    '(co-first author)' become equal_contribution, '(corresponding author)' corresponding.
    """
    # U+2010/U+2011 (the hyphens of typeset names, "Meyer‐Franke") are the ASCII hyphen
    text = text[:MAX_FIELD].replace("\u2010", "-").replace("\u2011", "-")
    text = _suffix_joined(text)
    et_al = bool(_ET_AL.search(text))
    if et_al:
        text = _ET_AL.sub("", text)
    if "<" in text:         # (both patterns open with '<')
        text = SUP_MARK.sub(r"\1", text)
        text = _TAG.sub("", text)
    text = text.replace("**", "").replace("__", "")
    if " et " in text:
        text = _FRENCH_ET.sub(" and ", text)     # "Ladin D. et Roe A.": French "and" between two names
    text = text.strip().rstrip(".").strip()
    if not text:
        return None
    if "." in text:
        text = _INITIAL_RUN_ON.sub(r"\1 ", text)      # "A.Bozzon" → "A. Bozzon"
        if (listed := _surnames_then_initials(text, subject)) is not None:
            return listed, et_al
    authors: list[Author] = []
    parts = _AUTHOR_SPLIT.split(text)
    # "G Roe, N Poe, A Lin, P Moe": initials with no stops before each surname; in such a list an
    # "A" is an author's initial, not the article opening a title
    initials_first = len(parts) >= 3 and sum(bool(INITIALS_FIRST_NAME.fullmatch(p.strip())) for p in parts) >= len(parts) - 1
    for part in parts:
        part = part.strip()
        if not part:
            continue
        name, equal, corresponding = _author_part(part)
        name = name.strip() if name else name
        if not name:
            continue
        if not looks_like_name(name, max_words=6) and not (subject and same_person_name(name, subject)) \
                and not (initials_first and INITIALS_FIRST_NAME.fullmatch(name)):
            # A mononym ("Prabhat", "Numanagić") is a name inside a list of full names.
            if not (_SPLIT_AUTHORS_RE1.fullmatch(name) and name.lower() not in NOT_NAME_WORDS and authors):
                inverted = split_inverted_authors(text, subject) if "," in text else None
                return (inverted[0], inverted[1] or et_al) if inverted else None
        is_subject = bool(subject) and same_person_name(name, subject)
        authors.append(Author(name=name, is_subject=is_subject, equal_contribution=equal,
                              corresponding=corresponding))
    if not authors:
        return None
    return authors, et_al


_SURNAME_DOTTED_INITIALS = re.compile(r"([A-Z\u00c0-\u024f][\w'’\-]+(?:\s+[A-Z\u00c0-\u024f][\w'’\-]+)?)\s+"
                                      r"((?:[A-Z\u00c0-\u024f]\.\s?-?){0,3}[A-Z\u00c0-\u024f]\.?)")


_INITIALS_ONLY = re.compile(r"(?:[A-Z\u00c0-\u024f]\.\s?-?){1,3}")
_LONE_SURNAME = re.compile(r"[A-Z\u00c0-\u024f][\w'’\-]+")


def _surnames_then_initials(text: str, subject: str | None) -> list[Author] | None:
    """'Dorin N.A., Folk V.V., Chard A.V.' (every author written surname first, then
    dotted initials, no comma between them) → ['N.A. Dorin', …]; None when the list is not
    written so throughout."""
    parts = [p.strip() for p in _AUTHOR_SPLIT.split(text) if p.strip()]
    if len(parts) < 2 or len(text) > 600:
        return None
    if any(_INITIALS_ONLY.fullmatch(p) for p in parts[1:]):
        # "Sueur C., Quque M., Naud, A., Criscuolo F.": one name (often the subject's, set in bold)
        # written with a comma before its initials; it was cut into "Naud" and "A." and the whole
        # list refused
        joined: list[str] = []
        for p in parts:
            if joined and _INITIALS_ONLY.fullmatch(p) and _LONE_SURNAME.fullmatch(joined[-1]):
                joined[-1] = f"{joined[-1]} {p}"
            else:
                joined.append(p)
        parts = joined
        if len(parts) < 2:
            return None
    out = []
    for part in parts:
        m = _SURNAME_DOTTED_INITIALS.fullmatch(part)
        if not m or m.group(1).lower() in NOT_NAME_WORDS:
            return None
        out.append(f"{_with_stops(m.group(2).replace(' ', '')).strip()} {m.group(1)}")
    if sum("." in p for p in parts) < len(parts) - 1:
        return None       # ("Smith JA, Doe B": Vancouver, read as written elsewhere)
    return [Author(name=n, is_subject=bool(subject) and same_person_name(n, subject)) for n in out]


_SURNAME = re.compile(r"(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]a|[Dd]el|[Dd]er|[Dd]en|[Dd]i|[Dd]u|[Ll]a|[Ll]e|[Dd]os|[Dd]as|[Tt]en|[Tt]er)\s+)*[A-Z\u00c0-\u024f][\w'’\-]+(?:\s+[A-Z\u00c0-\u024f][\w'’\-]+)?")
# (the run of small letters is possessive: letters such as "ÿ" are in both classes, and a run of
# them could be cut into forenames in every way, exponential in its length; found by atheris)
_GIVEN = re.compile(r"(?:[A-Z\u00c0-\u024f](?:[a-z\u00c0-\u024f'’\-]++|\.|(?=[\s-]|$))(?:\s*-?\s*|$))+")


def _given_form_ok(surname: str, given: str) -> bool:
    """Forenames after a surname: initials ('J.-P.', 'A. B.'), or one forename with at most
    initials after it ('Remy', 'Remy J.'); a two-word surname takes initials only — so
    'Dana Quill, Remy Moss' is never read as one inverted name."""
    words = given.replace("-", " ").split()
    full = [w for w in words if not re.fullmatch(r"[A-Z\u00c0-\u024f]\.?", w)]
    if len(surname.split()) > 1 and full:
        return False
    return len(full) <= 1 and (not full or full[0] == words[0])


_INITIAL_RUN_ON = re.compile(r"(?<![\w.])([A-Z]\.)(?=[A-Z][a-z\u00c0-\u024f])")
_SURNAME_INITIALS = re.compile(r"([A-Z\u00c0-\u024f][\w'’\-]+)\.?\s+((?:[A-Z]\.?\s?-?){1,3})")
def _capital_surname(surname: str, given: str) -> bool:
    """'RAEMY, Julien Antoine' (ISO 690, ABNT): a surname in capitals marks the inverted form,
    so it may take several full forenames."""
    return len(surname) >= 3 and surname.isupper() and not given.isupper() and len(given.split()) <= 3


def _with_stops(given: str) -> str:
    return re.sub(r"\b([A-Z])\b(?!\.)", r"\1.", given)


# "Roe, J. P., Jr, & Doe, A." (APA), "J. Roe, Jr., and A. Doe": a name's suffix set off by commas
# belongs to the name before it (the list was cut into a piece "Jr" and refused)
_SUFFIX_PART = re.compile(r",\s*(Jr|Sr)\.?(?=\s*(?:[,;&]|and\s|$))")
_GIVEN_SUFFIX = re.compile(r"\s+(Jr\.|Sr\.)$")


def _suffix_joined(text: str) -> str:
    """The text with "…, Jr," set next to its name (a cheap test first: most lists have neither)."""
    return _SUFFIX_PART.sub(r" \1.", text) if ("Jr" in text or "Sr" in text) else text


def split_inverted_authors(text: str, subject: str | None = None) -> tuple[list[Author], bool] | None:
    """'Moss, R., Quill, D. and Fern, T.' / 'Roe, J. and K. Doe' (bibliography styles that put
    the surname first: all authors, or the first only) → authors as 'R. Moss', … ; None unless
    the list reads that way throughout."""
    text = text[:MAX_FIELD]
    text = _suffix_joined(text)
    et_al = bool(_ET_AL.search(text))
    body = _TAG.sub("", _ET_AL.sub("", text)).replace("**", "").replace("__", "").strip().rstrip(",")
    if " and " in body and ";" not in body and (bibtex := _bibtex_style_names(body, subject)):
        return bibtex, et_al
    parts = [p.strip() for p in _AUTHOR_SPLIT.split(body) if p.strip()]
    if len(parts) < 2:
        return None
    names: list[tuple[str, bool, bool]] = []
    i = 0
    inverted_all = True
    while i < len(parts):
        surname, equal, corresponding = _author_part(parts[i])
        given = _author_part(parts[i + 1])[0] if i + 1 < len(parts) else ""
        suffix = ""
        if given.endswith(("Jr.", "Sr.")) and (sm := _GIVEN_SUFFIX.search(given)):
            # "Roe, J. P. Jr." (joined above from "Roe, J. P., Jr,"): the forenames without the suffix,
            # which follows the surname
            given, suffix = given[:sm.start()], " " + sm.group(1)
        if (i == 0 or inverted_all) and given and _SURNAME.fullmatch(surname) and "." not in surname \
                and _GIVEN.fullmatch(given) and (_given_form_ok(surname, given) or _capital_surname(surname, given)) \
                and looks_like_name(f"{_with_stops(given)} {surname}", 6):
            given = _with_stops(given)    # "Roe, J" (a trailing period cut) → "J. Roe"; "Lee, A" is not "a"
            names.append((f"{given} {surname}{suffix}", equal or _author_part(parts[i + 1])[1], corresponding))
            i += 2
            inverted_all = True
            continue
        sur_ini = _SURNAME_INITIALS.fullmatch(surname) if i and inverted_all else None
        if sur_ini:
            # "Doe, J.; Roe K.; Poe, A." — one name written surname then initials with no comma
            names.append((f"{_with_stops(sur_ini.group(2)).strip()} {sur_ini.group(1)}", equal, corresponding))
            i += 1
            continue
        if i == 0:
            return None
        inverted_all = False
        # after an inverted first author, the others may be written forenames first ("and K. Doe")
        if not looks_like_name(surname, 6) or re.fullmatch(r"(?:[A-Z]\.?\s*-?\s*)+", surname):
            return None
        names.append((surname, equal, corresponding))
        i += 1
    authors = [Author(name=n, is_subject=bool(subject) and same_person_name(n, subject), equal_contribution=eq,
                      corresponding=co) for n, eq, co in names]
    # Place lists read the same way ("Seattle, Washington"): ask for an initial or the subject.
    if not any(re.search(r"\b[A-Z]\.", n) for n, _, _ in names) and not any(a.is_subject for a in authors):
        return None
    return authors, et_al


def _bibtex_style_names(body: str, subject: str | None) -> list[Author] | None:
    """'Ranta, Aino and Vik, Sanna and Wong, Mei Ling' (BibTeX's own form: " and " between the
    authors, one comma in each): every name surname first, its forenames whole ('Mei Ling',
    'Jose Maria'); None unless every piece reads so."""
    pieces = [p.strip() for p in re.split(r"\s+and\s+", body)]
    if len(pieces) < 2 or any(p.count(",") != 1 for p in pieces):
        return None
    authors = []
    for piece in pieces:
        surname, given = (x.strip() for x in piece.split(","))
        surname, equal, corresponding = _author_part(surname)
        if not (_SURNAME.fullmatch(surname) and "." not in surname and _GIVEN.fullmatch(given)
                and len(given.split()) <= 3 and looks_like_name(f"{given} {surname}", 6)):
            return None
        name = f"{_with_stops(given)} {surname}"
        authors.append(Author(name=name, is_subject=bool(subject) and same_person_name(name, subject),
                              equal_contribution=equal, corresponding=corresponding))
    # ("Seattle, Washington and Portland, Oregon" reads the same way: two pieces must name the subject)
    return authors if len(authors) >= 3 or any(a.is_subject for a in authors) else None


def _fold(text: str) -> str:
    """:func:`cvgraph.iris.fold`, which on ASCII text is exactly ``lower()`` (ASCII has no
    decompositions and no combining marks, and its replacements are all non-ASCII letters)."""
    if text.isascii():
        return text.lower()
    from cvgraph.iris import fold

    return fold(text)


NICKNAMES = {
    "max": "maximilian", "alex": "alexander", "andy": "andrew", "ben": "benjamin", "bob": "robert",
    "chris": "christopher", "dan": "daniel", "dave": "david", "jim": "james", "joe": "joseph",
    "jon": "jonathan", "josh": "joshua", "kate": "katherine", "liz": "elizabeth", "matt": "matthew",
    "mike": "michael", "nick": "nicholas", "pat": "patrick", "rob": "robert", "sam": "samuel",
    "steve": "stephen", "tom": "thomas", "tony": "anthony", "will": "william", "bill": "william",
    "jeff": "jeffrey", "greg": "gregory", "ed": "edward", "ted": "edward", "nate": "nathan",
}


_SAME_PERSON_NAME_RE1 = re.compile(r"[^a-z ]")


_HONORIFICS = re.compile(r"^(?:(?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\.?\s+)+|,?\s+(?:Ph\.?\s?D\.?|M\.?D\.?)$")


def strip_honorifics(name: str) -> str:
    """'Dr. Jakub Ostrowski', 'Jane Roe, PhD' → the name itself."""
    return _HONORIFICS.sub("", name.strip()).strip() or name.strip()


_VANCOUVER = re.compile(r"((?:[A-Z][\w'’\-]+ ){0,2}[A-Z][\w'’\-]+) ([A-Z]{1,3}|(?:[A-Z]\.\s?){1,3})")


@lru_cache(maxsize=16384)     # (one of the two names is the subject's, every time)
def _vancouver_to_initials(name: str) -> str | None:
    """'Lindqvist MK' (Vancouver style: surname, then initials without stops) → 'M. K. Lindqvist';
    also with stops, as Springer's style writes them ('Doe J.', 'Doe J.Q.')."""
    m = _VANCOUVER.fullmatch(name.strip())
    if not m:
        return None
    return " ".join(c + "." for c in m.group(2) if c.isalpha()) + " " + m.group(1)


_JOINED_INITIALS = re.compile(r"\b([A-Z])\.(?=[A-Z]\b)")


@lru_cache(maxsize=16384)
def _spaced_initials(name: str) -> str:
    return _JOINED_INITIALS.sub(r"\1. ", name) if "." in name else name     # (the pattern needs a '.')


@lru_cache(maxsize=16384)
def same_person_name(a: str, b: str) -> bool:
    """Variants of one name as a CV writes its subject: case, hyphens, nicknames, initials,
    Vancouver-style 'Surname AB'; initials without spaces ('A.D. Doe' is 'A. D. Doe')."""
    if "." in a or "." in b:
        a, b = _spaced_initials(a), _spaced_initials(b)
    if _same_person_name(a, b):
        return True
    va, vb = _vancouver_to_initials(a), _vancouver_to_initials(b)
    if va and _same_person_name(va, b) or vb and _same_person_name(a, vb):
        return True
    if ("-" in a or "-" in b) and _compound_surname(a, b):
        return True
    ga, gb = _glued_initials_first(a), _glued_initials_first(b)
    return bool(ga and _same_person_name(ga, b) or gb and _same_person_name(a, gb))


def _compound_surname(a: str, b: str) -> bool:
    """'J. S. Urrea-Lopez' and 'Juan Sebastian Urrea Lopez': one surname of two parts, written
    with a hyphen in one and a space in the other (both parts must be there in both)."""
    for x, y in ((a, b), (b, a)):
        words = x.split()
        if not words or "-" not in words[-1]:
            continue
        parts = [p for p in words[-1].split("-") if p]
        y_words = y.replace("-", " ").split()
        if len(parts) >= 2 and len(y_words) > len(parts) \
                and [_fold(w).lower() for w in y_words[-len(parts):]] == [_fold(p).lower() for p in parts] \
                and _same_person_name(" ".join(words[:-1] + parts), " ".join(y_words)):
            return True
    return False


_GLUED_FIRST = re.compile(r"([A-Z]{2,3}) ((?:[A-Z][a-z\u00c0-\u024f'’\-]+ ?){1,2})")


@lru_cache(maxsize=16384)     # (one of the two names is the subject's, every time)
def _glued_initials_first(name: str) -> str | None:
    """'SJ Kang' (initials run together before the surname, as Google Scholar writes
    authors) → 'S. J. Kang'."""
    m = _GLUED_FIRST.fullmatch(name.strip())
    return " ".join(c + "." for c in m.group(1)) + " " + m.group(2).strip() if m else None


@lru_cache(maxsize=16384)
def _folded_name(name: str) -> str:
    """The name as :func:`_same_person_name` compares it: no honorifics, folded, a-z and spaces
    only (cached: one side is the subject's name, compared with every author of every entry)."""
    return _SAME_PERSON_NAME_RE1.sub("", _fold(strip_honorifics(name)).replace("-", ""))


def _same_person_name(a: str, b: str) -> bool:
    fa = _folded_name(a)
    fb = _folded_name(b)
    if not fa.strip() or not fb.strip():
        # a name in a script with no Latin letters ("张伟", "李娜"): nothing is left of it once
        # folded to a-z, so every such name matched every other; compare it as written
        return bool(a.strip()) and "".join(a.split()).casefold() == "".join(b.split()).casefold()
    if fa.replace(" ", "") == fb.replace(" ", ""):
        return True
    wa, wb = fa.split(), fb.split()
    if not wa or not wb:
        return False
    if wa[-1] != wb[-1]:
        # name order "Lao ChonLam" vs "ChonLam Lao"
        return sorted(wa) == sorted(wb)
    first_a, first_b = wa[0], wb[0]
    if NICKNAMES.get(first_a, first_a) == NICKNAMES.get(first_b, first_b):
        return True
    return (len(first_a) == 1 or len(first_b) == 1) and first_a[0] == first_b[0]


def proper_case_name(name: str, text: str) -> str:
    """An ALL-CAPS heading name → the mixed-case form the document itself uses elsewhere."""
    if not name.isupper():
        return name
    words = name.split()
    pattern = re.compile(r"\b" + r"\s*".join(re.escape(w) for w in words) + r"\b", re.I)
    for m in _case_blind_matches(pattern, words[0], text[:200_000]):
        candidate = re.sub(r"\s+", " ", m.group(0))
        if not candidate.isupper() and candidate[0].isupper():
            return candidate
    # each part of a hyphenated or apostrophed name: "ROE-LINDQVIST" → "Roe-Lindqvist", "O'NEIL" → "O'Neil"
    return " ".join(_NAME_PART.sub(lambda m: m.group(0).capitalize(), w) if len(w) > 1 else w for w in name.split())


_NAME_PART = re.compile(r"[^\W\d_]+")


def _case_blind_matches(pattern: re.Pattern[str], first_word: str, text: str) -> Iterator[re.Match[str]]:
    """pattern.finditer(text), for a case-blind pattern that opens on first_word. The pattern is
    tried only where the lower-cased text holds the lower-cased word (tried at every position,
    it scanned the whole CV): in ASCII text every match starts there. (In other text a case-blind
    match can differ from the lower-cased form: "ſ", "K".)"""
    if not (text.isascii() and first_word.isascii()):
        yield from pattern.finditer(text)
        return
    low, word = text.lower(), first_word.lower()
    pos = low.find(word)
    while pos >= 0:
        m = pattern.match(text, pos)
        if m:
            yield m
        pos = low.find(word, m.end() if m else pos + 1)


def title_case_name(name: str) -> str:
    """A lower-case name (set in small capitals) → 'Jane van Doe': particles stay lower-case,
    except the first word."""
    words = name.split()
    return " ".join(w if i and w in _NAME_PARTICLES else w[:1].upper() + w[1:] for i, w in enumerate(words))


# ---------------------------------------------------------------------------------------
# Degrees
# ---------------------------------------------------------------------------------------
# German doctorates: "Dr. rer. nat.", "Dr. phil.", "Dr.-Ing.", "Dr. sc. techn." (a bare "Dr." is a title)
_DR_GERMAN = r"dr\.\s?(?:rer\.\s?(?:nat|pol|oec|soc|medic|physiol)|phil|sc\.\s?(?:techn|nat|math)|med(?:\.\s?dent)?|iur|jur|theol)|dr\.-ing"
# professional degrees (medicine, law, pharmacy, nursing, social work, policy, architecture, education)
_PROF_DOCTORATE = r"pharm\.?\s?d\.?|d\.?v\.?m\.?|j\.d\.|jd(?![.\w])|dr\.?\s?p\.?h\.?|psy\.?\s?d\.?|d\.?n\.?p\.?|d\.?d\.?s\.?|d\.?m\.?d\.?"
_PROF_MASTER = r"m\.?s\.?n\.?|m\.?s\.?w\.?|m\.?p\.?a\.?|m\.?p\.?p\.?|(?-i:M\.?Ed)\.?|m\.?\s?arch\.?|m\.?f\.?a\.?"
_PROF_BACHELOR = r"m\.?b\.?,?\s?b\.?s\.?|mb\s?ch\.?\s?b\.?|b\.?d\.?s\.?|b\.?s\.?n\.?|b\.?\s?arch\.?|(?-i:B\.?Ed)\.?"
# degrees in other scripts: CJK words have no word breaks around them
_DOCTORATE_OTHER = r"(?i:\b(?:doctor(?:a|ate)?(?=\s+(?:en|in)\s)|docteur|doctorat|doctorado|doutorado|dottorato|doktorat|promotionsstudium|promotion\s+(?:zum|zur)|doktorand(?:in)?|promotion(?=\s+(?:in|im|an|der|des)\s|\s+[^\W\d_]{0,30}(?:wissenschaften|wissenschaft|ik|ie|logie)\b)|habilitation)\b|(?-i:\bHDR\b))|博士(?!后|後)|박사|(?:кандидат|доктор)\w*\s+\w+\s+наук|аспирантур\w*|διδακτορικ\w*|دكتوراه"
_MASTER_OTHER = r"(?i:\b(?:mag[ií]ster|m[áa]ster|maestr[ií]a|mestrado|maestr[oa](?=\s+en\s)|ma[iî]trise(?=\s+(?:de|en|in|d['’])))\b)|硕士|碩士|修士|석사|магистр\w*|магистратур\w*|μεταπτυχιακ\w*|ماجستير"
_BACHELOR_OTHER = r"(?i:\b(?:licenciad[oa]|bacharelado|laurea triennale|ingenier[oa](?=\s+(?:en|civil|comercial|industrial|agr[oó]nom[oa])\b))\b|\blicen[cs]e(?:\s+(?:professionnelle|pro)\b|(?=\s+(?:en|de|d['’])\b))|(?-i:\bLicence(?=\s*,))|\bgrado(?=\s+en\b))|学士|學士|本科|학사|бакалавр\w*|специалитет|πτυχίο|بكالوريوس"
# the US engineering schools' "MSE"/"BSE" (Master/Bachelor of Science in Engineering) and the
# "MSEE", "BSCS" family: capitals only, opening a field and before a field, a comma or the end
# ("Department of MSE", "the MSE loss" are none)
_US_SE_AT = r"(?:^|(?<=[\t(])|(?<=[,;|]\s))"    # opening the text or one of its fields
_US_SE_MASTER = _US_SE_AT + r"(?-i:MSE|MSEE|MSCS|MSME|MSCE)(?=$|[,;:)]|\s+(?:in\s|[A-Z]))"
_US_SE_BACHELOR = _US_SE_AT + r"(?-i:BSE|BSEE|BSCS|BSME|BSCE)(?=$|[,;:)]|\s+(?:in\s|[A-Z]))"
_DOCTORATE = re.compile(r"\b(ph\.?\s?d|d\.?\s?phil|doctor(?:ate|al)?|d\.?sc|sc\.?d|ed\.?d|(?-i:ABD)|all\s+but\s+dissertation|"
                        + _DR_GERMAN + r")\b|"
                        r"(?<![\w.])(?:" + _PROF_DOCTORATE + r")(?![\w])|(?:^|(?<=\t))m\.?d\.?(?=,|$)|"
                        + _DOCTORATE_OTHER, re.I)
_ENGINEER_DEGREE = r"(?i:\bengineer(?:ing)?(?:['’]s)?\s+degree\b|\bdipl[oô]me\s+d['’]\s?ing[ée]nieur\b)"
_MASTER = re.compile(r"(?<![\w.])(?:" + _PROF_MASTER + r")(?![\w])|(?<![\w.])" + _US_SE_MASTER + r"|\b(m\.?a\.?sc\.?|s\.m\.?|sc\.m\.?|a\.m\.|m\.?\s?s\.?c?|m\.?\s?sc|m\.?\s?eng|m\.?\s?phil|m\.?\s?a\.?|mba|m\.?tech|m\.e\.|msci|master'?s?|m\.?res\b\.?|meng|msc|"
                     r"mph|msph|m\.\s?p\.\s?h|m\.\s?s\.\s?p\.\s?h|mgr\.?|diplom[a]?|dipl\.?-?\s?ing\.?|laurea magistrale|magister|(?-i:DEA|DESS)|"
                     # Commonwealth abbreviations: MCom, MEc, MFin, MComp, MMath, MRes, LLM
                     r"m\.?\s?comm?|m\.?\s?ec(?:on)?|m\.?\s?fin|m\.?\s?comp|m\.?\s?math|m\.?\s?stat|m\.?\s?fa|ll\.?\s?m|"
                     # the UK's integrated master's degrees: MPhys, MChem, MBiol, MBiochem, MGeol, MPharm
                     # (and Oxford's joint ones: MPhysPhil, MMathPhil, MCompPhil)
                     r"m\.?(?:phys|chem|biol|biochem|geol|pharm)|m(?:phys|math|comp)phil)(?![\w])|"
                     + _MASTER_OTHER + "|" + _ENGINEER_DEGREE, re.I)
_BACHELOR = re.compile(r"(?<![\w.])(?:" + _PROF_BACHELOR + r")(?![\w])|(?<![\w.])" + _US_SE_BACHELOR + r"|\b(b\.?a\.?sc\.?|s\.b\.?|sc\.b\.?|b\.?\s?s\.?c?|b\.?\s?sc|b\.?\s?eng|b\.?\s?a\.?|b\.?tech|b\.e\.|bachelor'?s?|beng|bsc|undergraduate|a\.?b\.?|"
                       r"licenciatura|licence|laurea|"
                       # BCom, BEc, BBA, BFA, BComp, LLB; an honours year ("Hons", "Honours")
                       r"b\.?\s?comm?|b\.?\s?ec(?:on)?|bba|b\.?\s?fa|b\.?\s?comp|ll\.?\s?b|hons|honours|h\.?\s?b\.?\s?sc)(?![\w])|"
                       + _BACHELOR_OTHER, re.I)
DEGREE_RE = re.compile(
    # (every alternative of the first group opens on one of these letters: the look-ahead turns
    # away every other word start before the alternatives are tried)
    r"(?<![\w])(?=[abdhjlmps])(?:ph\.?\s?d\.?|d\.?\s?phil\.?|doctor(?:ate)?\s+of|master(?:'?s)?(?:\s+of|\s+degree)?|bachelor(?:'?s)?(?:\s+of|\s+degree)?|"
    r"m\.?\s?a\.?\s?sc\.?|b\.?\s?a\.?\s?sc\.?|"      # Master's and Bachelor's of Applied Science: "M.A.Sc.", "MASc", "BASc"
    r"m\.?\s?s\.?c?\.?|m\.?\s?eng\.?|m\.?\s?phil\.?|m\.?\s?res\.?|m\.?\s?a\.|mba|b\.?\s?s\.?c?\.?|b\.?\s?eng\.?|b\.?\s?a\.?|b\.?\s?tech\.?|"
    r"m\.?\s?tech\.?|b\.e\.|m\.e\.|msci|m(?:phys|math|comp)phil|m\.?(?:phys|chem|biol|biochem|geol|pharm|math)|"
    r"s\.m\.|s\.b\.|sc\.m\.|sc\.b\.|a\.m\.|a\.b\.|"  # MIT / Brown / Harvard Latin order: S.M., S.B., A.M., A.B.
    r"(?:^|(?<=\t))ma(?=,|\s+in\s)|^(?-i:MA)(?=\s+(?-i:[A-Z][a-z]))|"   # "MA, English" / "MA in History" / "MA Philosophy" opening the line or a cell after a date column (elsewhere "MA" is Massachusetts)
    r"msc|bsc|h\.?\s?b\.?\s?sc\.?|meng|beng|m\.\s?com|mcom|b\.\s?com|bcom|high school graduate|phd candidate|ph\.?d\.? candidate|"
    r"mph|msph|m\.\s?p\.\s?h\.?|m\.\s?s\.\s?p\.\s?h\.?|mgr\.|(?:high|secondary) school diploma|diploma|dipl\.-ing\.|diplom|staatsexamen|licenciatura|laurea(?: magistrale)?|magister|(?:^|(?<=\t))m\.?d\.?(?=,)|"
    r"baccalaur[ée]at|(?-i:BTS|DUT|DEUG|DEA|DESS)|abitur|matura|maturit[àé]|licentiate(?:\s+(?:of|in))?|"
    r"(?-i:ABD)|all\s+but\s+dissertation|"    # a doctorate with all but the dissertation done (US humanities)
    + _DR_GERMAN + r"\.?|" + _PROF_DOCTORATE + "|" + _PROF_MASTER + "|" + _PROF_BACHELOR + r")(?![\w])|"
    + r"(?<![\w])(?:" + _US_SE_MASTER + "|" + _US_SE_BACHELOR + r")|"
    + "|".join((_DOCTORATE_OTHER, _MASTER_OTHER, _BACHELOR_OTHER))
    # the UK's postgraduate diplomas and certificates ("PGDip in Professional Practice", "PGCert")
    + r"|(?i:\bpg\s?(?:dip|cert)\b|\bpost[- ]?graduate\s+(?:diploma|certificate|program(?:me)?)\b)"
    # (and the US graduate certificate, a university's credential of graduate courses)
    + r"|(?-i:\bGraduate\s+Certificate\b)"
    # the UK's Foundation Degree and the International Baccalaureate (level "other")
    + r"|(?i:\bfoundation\s+degree\b|\binternational\s+baccalaureate\b(?:\s+diploma\b)?)"
    # a dual (integrated) degree, and the school years India's CVs list ("12th Grade", "Class XII")
    + r"|(?i:\bdual\s+degree\b|\b(?:1[0-2]|9)th\s+(?:grade|standard|std\.?)(?![\w])|\bclass\s+(?:x|xii|10|12)\b)"
    # the engineer's degree of French and other European schools ("Engineer Degree", "Diplôme d'ingénieur")
    + r"|" + _ENGINEER_DEGREE, re.I)


# the name of a natural (spoken) language
NATURAL_LANGUAGE = re.compile(
    r"(?i)(?:english|chinese|mandarin|cantonese|spanish|french|german|italian|portuguese|russian|japanese|korean|"
    r"arabic|hindi|bengali|urdu|persian|farsi|turkish|dutch|swedish|norwegian|danish|finnish|polish|czech|slovak|"
    r"hungarian|romanian|greek|hebrew|thai|vietnamese|indonesian|malay|tamil|telugu|swahili|catalan|basque|"
    r"ukrainian|croatian|serbian|slovenian|bulgarian|latin|igbo|yoruba|hausa|amharic|tagalog|filipino)\b")


# ("IB Diploma", "International Baccalaureate", "GCSE": school-leaving too)
_SCHOOL_LEAVING = re.compile(r"\b(?:high[- ]school|secondary|(?:1[0-2]|9)th\s+(?:grade|standard)|class\s+(?:x|xii|10|12)|baccalaur[ée]at\w*|abitur|a-levels?|ged|ib|gcses?|igcses?|"
                             r"matura|leaving cert\w*)\b", re.I)
# "Doctor of Philosophy", "Master of Science": the "of" belongs to the degree's name, not a field.
_DEGREE_NAME_OF = re.compile(
    r"\b(?:doctor|master|bachelor|licentiate)(?:'?s)?\s+(?:of|in)\s+(?:applied\s+|advanced\s+)?(?:philosophy|research|sciences?|arts|engineering|"
    r"technology|computing|laws|letters|fine\s+arts|music|education|commerce|medicine|surgery)\b", re.I)
_FIELD_AFTER = re.compile(r"\b(?:in|of|en|em)\s+(?:(?:the\s+)?school\s+of\s+)?([^#;]+)", re.I)


def field_of_degree(degree: str | None) -> str | None:
    """The field a degree's name states: 'Ph.D. in Physics', 'PhD of Computer Science',
    'Doctor of Philosophy (PhD) in Physics', 'Master of Science, Physics' → the field; 'Doctor
    of Philosophy' alone → None (the "of" is the degree's)."""
    if not degree:
        return None
    masked = _DEGREE_NAME_OF.sub(lambda m: "#" * len(m.group(0)), degree)
    masked = re.sub(r"\([^()]*\)", lambda m: "#" * len(m.group(0)), masked)
    m = _FIELD_AFTER.search(masked)
    if m:
        field = re.split(r"\s+(?:with|minor|major|specialization|concentration)\b|;", m.group(1), flags=re.I)[0]
        return clean(field) or None
    named = _DEGREE_NAME_OF.search(degree)
    if named:
        after = re.match(r"^[#\s]*[,:–—-]\s*([A-Z][^,;#()]{1,80})", masked[named.end():])
        if after:
            return clean(after.group(1)) or None
        # "Master of Technology (Quantum Sensing)": the subject in parentheses after the degree's
        # name; "Master in Engineering Science - Coastal Robotics": the programme's words
        # run on after the name, the subject follows a dash
        tail = degree[named.end():]
        paren = _FIELD_IN_PARENS.match(tail)
        if paren and not DEGREE_RE.search(paren.group(1)) and not NOT_A_FIELD.search(paren.group(1)) \
                and not _NOT_A_FIELD_PARENS.search(paren.group(1)):
            return clean(paren.group(1)) or None
        dashed = _FIELD_AFTER_DASH.match(tail)
        if dashed and re.search(r"[a-z]", dashed.group(1)) and not NOT_A_FIELD.search(dashed.group(1)) \
                and not DEGREE_RE.search(dashed.group(1)):   # (not "- BE", the degree's abbreviation)
            return clean(dashed.group(1)) or None
        return None
    # "Ph.D. Marine Acoustics", "MSc - Applied Geology", "B.Sc., Physics": the words after an
    # abbreviated degree, when they name a subject (not "Candidate", not a university)
    head = DEGREE_RE.match(masked.lstrip())
    if head:
        # ("PhD studies, Applied Ecology", "Master 2 Geophysics": a word for the studies or the
        # French master's year between the degree and its subject)
        rest = re.match(r"^(?:\s+(?:studies|student|candidate)(?=\s*[,:–—-])|\s+[12](?=\s+[A-Z]))?"
                        r"[#\s]*(?:[,:–—-]\s*|\s)([A-Z][A-Za-z&’' -]{1,80}?)\s*(?:[,;:#(]|$)",
                        masked.lstrip()[head.end():])
        if rest and len(rest.group(1).split()) <= 6 and not NOT_A_FIELD.search(rest.group(1)):
            return clean(rest.group(1)) or None
        # "PhD (Philosophy)": the subject in parentheses right after the degree
        paren = _FIELD_IN_PARENS.match(degree.lstrip()[head.end():])
        if paren and not DEGREE_RE.search(paren.group(1)) and not NOT_A_FIELD.search(paren.group(1)) \
                and not _NOT_A_FIELD_PARENS.search(paren.group(1)):
            return clean(paren.group(1)) or None
    return None


_FIELD_IN_PARENS = re.compile(r"\s*\(\s*([A-Z][A-Za-z&’' -]{1,80}?)\s*\)\s*$")
_FIELD_AFTER_DASH = re.compile(r"(?:\s+[A-Z][A-Za-z&’'-]*){1,3}\s+[–—-]\s+([A-Z][A-Za-z&’' -]{1,80}?)\s*$")
_NOT_A_FIELD_PARENS = re.compile(r"\b(?:hons|cantab|oxon|oxford|cambridge|major|minor|double|dual|joint|ongoing|"
                                 r"progress|incomplete|pending|current|completed|part[- ]time|full[- ]time|online|"
                                 r"abd|equivalent|honou?rs?|first|second|class|general|track)\b", re.I)


NOT_A_FIELD = re.compile(r"\b(?:candidate|student|program(?:me)?|degree|diploma|certificate|course\w*|thesis|expected|hono(?:u)?rs|"
                          r"exchange|studies|research|dissertation|visiting|universit\w*|college|institut\w*|school|"
                          r"academy|polytechnic|summa|magna|cum|laude|distinction|with|in|of|at|from)\b", re.I)


def degree_level(text: str) -> str:
    if _SCHOOL_LEAVING.search(text):
        return "other"              # "High School Diploma" is not a (German) university Diplom
    if _DOCTORATE.search(text):
        return "doctorate"
    if _MASTER.search(text):
        return "master"
    if _BACHELOR.search(text):
        return "bachelor"
    return "other"


# ---------------------------------------------------------------------------------------
# Venues
# ---------------------------------------------------------------------------------------
_ACRONYM_YEAR = re.compile(r"(?<![\w])([A-Z][A-Za-z]*[A-Z][A-Za-z]*|[A-Z]{2,})(?:[-\s]?(?:'|’|‘)?\s?(\d{2}|(?:19|20)\d\d))(?![\w])")
_ACRONYM_PAREN = re.compile(r"\(\s*(?:\*\*)?([A-Z][A-Za-z]*[A-Z][A-Za-z0-9]*)(?:\*\*)?(?:\s*(?:'|’)?\s?(\d{2}|(?:19|20)\d\d))?\s*(?:\*\*)?\s*\)")
PREPRINT_VENUES = {"arxiv", "biorxiv", "medrxiv", "ssrn", "corr", "openreview"}


@lru_cache(maxsize=1)
def known_venues() -> dict[str, str]:
    """Acronym (upper) → full name, from the shipped DBLP/CCF venue authority."""
    from cvgraph.authorities import venues

    return {v.acronym.upper(): v.name for v in venues()}


def venue_acronym(text: str) -> str | None:
    """'USENIX ... (NSDI '25)', 'NSDI 2024', "NSDI'22", '*NSDI 2021*' → 'NSDI'."""
    text = strip_markup(text)
    known = known_venues()
    for rx in (_ACRONYM_PAREN, _ACRONYM_YEAR):
        for m in rx.finditer(text):
            acro = m.group(1)
            if acro.upper() in known or rx is _ACRONYM_PAREN:
                return canonical_acronym(acro)
    for token in re.findall(r"[A-Za-z][A-Za-z0-9]+", text):
        if token.upper() in known and (token.isupper() or token[0].isupper() and any(c.isupper() for c in token[1:])):
            return canonical_acronym(token)
    for m in _ACRONYM_YEAR.finditer(text):
        return canonical_acronym(m.group(1))
    m = _ACRONYM_PAREN_WORDS.search(text)
    if m:
        return canonical_acronym(m.group(1))     # "(USENIX Security '25)", "(IEEE S&P 2024)": two words
    return None


_ACRONYM_PAREN_WORDS = re.compile(r"\(\s*((?:ACM|IEEE|USENIX|SIAM|AAAI|IFIP|ISCA|IEEE/CVF)\s+[A-Z][\w&]{1,20})"
                                  r"(?:\s*(?:(?:'|’)\s?\d{2}|(?:19|20)\d\d))?\s*\)")


def canonical_acronym(acro: str) -> str:
    """The authority's spelling of an acronym ('Arxiv' → 'arXiv', 'neurips' → 'NeurIPS')."""
    from cvgraph.authorities import venue_by_acronym

    if acro.lower() == "arxiv":
        return "arXiv"
    v = venue_by_acronym(acro)
    return v.acronym if v else acro


# "17(5), 2035–2062": a volume, its issue and pages (never a year range)
_VOLUME_ISSUE_PAGES = re.compile(r"\b\d{1,4}\s*\(\s*(?!(?:19|20)\d\d\s*\))[\w–-]{1,12}\s*\)\s*[,:]\s*(?:pp?\.?\s*\d+(?:\s*[–-]\s*\d+)?|\d+\s*[–-]\s*\d+)")
_LINK_OR_DOI = re.compile(r"\b(?:https?://|www\.|doi:\s*)\S+|\b10\.\d{4,9}/\S+", re.I)


@lru_cache(maxsize=16384)     # (a pure function of a string, returning an immutable value)
def venue_year(text: str) -> str | None:
    """'NSDI 2024' → '2024'; "NSDI '25" → '2025'; a year anywhere in the venue text (not inside
    a link or a DOI: "https://doi.org/10.9999/pl.2018.00123" says nothing of the year)."""
    text = text[:MAX_FIELD]
    if "/" in text:
        text = _LINK_OR_DOI.sub(" ", text)
    if "(" in text:
        text = _VOLUME_ISSUE_PAGES.sub(" ", text)
    m = YEAR_RE.findall(text)
    if m:
        return m[-1]
    m2 = re.search(r"(?:'|’)\s?(\d{2})(?!\d)", text)
    if m2:
        return "20" + m2.group(1)
    return None


YEAR_OR_RANGE = re.compile(r"(?:19|20)\d\d(?:\s*[-–]\s*(?:(?:19|20)\d\d|present))?", re.I)
_VENUE_YEARS_CUT = re.compile(r"[,;\s]*['’]?\s*" + YEAR_OR_RANGE.pattern, re.I)


def venue_and_years(item: str) -> tuple[str, list[str]]:
    """One item of a service list: 'SIGMOD (2021, 2022)' → ('SIGMOD', ['2021', '2022']),
    'ICRA 2020–2021' → ('ICRA', ['2020–2021']), 'IROS 2019, 2020' → ('IROS', ['2019', '2020'])."""
    item = item[:MAX_FIELD]
    years = YEAR_OR_RANGE.findall(item)
    venue = _VENUE_YEARS_CUT.sub("", item)
    venue = re.sub(r"\(\s*[,;\s]*\)", "", venue).strip(" ,;")
    return venue, years


_PREPRINT_VENUE = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(PREPRINT_VENUES)) + r")(?![a-z])", re.I)


@lru_cache(maxsize=16384)     # (a pure function of a string, returning an immutable value)
def is_preprint_venue(text: str) -> bool:
    """arXiv, bioRxiv, CoRR, … named as a word ("Corrosion Science" is a journal)."""
    return bool(_PREPRINT_VENUE.search(text))


# What a CV writes where a venue would be, for work not yet published. Review comes first:
# "submitted, under review" is under review. A working paper or manuscript is public but not
# peer-reviewed, which is what "preprint" records.
STATUS_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("under review", re.compile(
        r"\b(under (?:review|revision)|in review|(?:major|minor) revision|revise (?:and|&) resubmit|"
        r"r\s?&\s?r|(?:\d+(?:st|nd|rd|th)|second|third|final)[- ]round (?:of )?(?:review|revision))\b", re.I)),
    ("in submission", re.compile(r"\b(in submission|under submission|submitted|to be submitted)\b", re.I)),
    ("preprint", re.compile(r"\b(working papers?|work in progress|in preparation|in prep\b\.?|manuscript|preprint)\b", re.I)),
]


# What each status pattern cannot match without, in the lower-cased text (every alternative
# holds "rev" or "&", or "ubm"; no other character matches r, e, v, u, b or m under re.I): a
# text without it need not be searched. A status not named here is always searched.
STATUS_NEEDS: dict[str, tuple[str, ...]] = {"under review": ("rev", "&"), "in submission": ("ubm",)}


def may_state_status(status: str, text_lower: str) -> bool:
    return any(k in text_lower for k in STATUS_NEEDS.get(status, ("",)))


def publication_status(text: str) -> str | None:
    """The status a venue text states ("under review", "in submission", "preprint"), or None
    (published, as far as the text says)."""
    for status, rx in STATUS_PATTERNS:
        if rx.search(text):
            return status
    if is_preprint_venue(text):
        return "preprint"
    return None


# --- the place of an event, written after its venue ---------------------------------------
_EVENT_WORDS = re.compile(r"\b(?:conference|symposium|workshop|proceedings|meeting|congress|"
                          r"forum|summit|colloquium|convention|school|seminar|tutorial|expo)\b|\b(?:conf|proc)\.", re.I)
_CITY_WORD = re.compile(r"(?:[A-ZÀ-ÖØ-Þ][\w'’.-]*|de|la|le|del|da|di|am|an|upon|sur|en|im|on|the)$")
_NOT_CITY = re.compile(r"\b(?:conference|symposium|workshop|proceedings|journal|transactions|letters|review|"
                       r"university|institute|press|society|association|acm|ieee|usenix|vol|pp|no)\b", re.I)
_DATE_PART = re.compile(r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*)?"
                        r"(?:\d{1,2}(?:\s*[-–]\s*\d{1,2})?\s*)?(?:(?:19|20)\d\d)?$"
                        r"|(?:pp?|pages?|vol(?:ume)?|no|issue)\.?\s*(?=[\w().:]*\d)[\w().:]+(?:\s*[-–]\s*\w+)?$", re.I)
# (a page or number has a digit: "Norway" and "Portugal" are no "no. rway" or "p. ortugal")
_PLACE_ALIASES = ("USA", "U.S.A.", "US", "U.S.", "UK", "U.K.", "England", "Scotland", "Wales",
                  "Northern Ireland", "Korea", "Russia", "Vietnam", "Macau", "The Netherlands", "Holland",
                  "UAE", "Czech Republic", "PR China", "P.R. China", "Virtual", "Virtual Event", "Online",
                  "Republic of Korea", "Turkey", "Ivory Coast", "Hong Kong", "Taiwan", "Palestine")


@lru_cache(maxsize=1)
def _regions() -> tuple[frozenset[str], frozenset[str]]:
    """(country and region names, lower-cased; region codes such as 'CA', 'NSW'), from ISO 3166
    as pycountry ships it: names for every country, and the states and provinces of the countries
    whose CVs write them after a city (United States, Canada, Australia, India, China)."""
    import pycountry

    names = {alias.lower() for alias in _PLACE_ALIASES}
    for country in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            value = getattr(country, attr, None)
            if value:
                names.add(value.lower())
    # "The Gambia", "the Netherlands", "The Bahamas": the article CVs write before some names
    names |= {"the " + n for n in names if not n.startswith("the ") and "," not in n and " of " not in n}
    codes = set()
    for sub in pycountry.subdivisions:
        if sub.country_code in ("US", "CA", "AU", "IN", "CN"):
            names.add(sub.name.lower())
            if sub.country_code in ("US", "CA", "AU"):
                codes.add(sub.code.split("-", 1)[1])
    return frozenset(names), frozenset(codes)


def _is_region(part: str) -> bool:
    names, codes = _regions()
    low = part.lower()
    if low.rstrip(".") in names or low in names or part in codes:
        return True
    # "México", "Perú", "España": a name written with its accents
    return not part.isascii() and _unaccented(low).rstrip(".") in names


def _unaccented(text: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def is_region(part: str) -> bool:
    """A country's name (ISO 3166, common aliases) or a state or province of the countries whose
    CVs write one after a city: 'Cameroon', 'United Kingdom', 'Ontario', 'NSW'."""
    return _is_region(part)


def _is_city(part: str) -> bool:
    words = part.split()
    return (0 < len(words) <= 4 and len(part) <= 32 and not any(c.isdigit() for c in part)
            and _CITY_WORD.match(words[0]) is not None and words[0][0].isupper()
            and all(_CITY_WORD.match(w) for w in words) and not _NOT_CITY.search(part))


def strip_event_place(venue: str) -> str:
    """'Proceedings of ICML, Vienna, Austria' → 'Proceedings of ICML'; also 'Portland, OR, USA',
    'Salt Lake City, UT', 'Montréal, QC, Canada', 'Virtual Event, China'.

    The place is where the event was held, not part of the venue's name. It is taken off only
    when the text before it names an event (conference, workshop, proceedings …) or a known
    venue acronym, and only as a city followed by a state, province or country: so
    'University of California, Berkeley, CA' in a thesis line, which names no event, is kept."""
    if "," not in venue:
        return venue
    parts = [p.strip() for p in venue.split(",")]
    end = len(parts)              # dates and pages after the place ("…, Austria, July 12-18, 2020") stay
    while end > 1 and _DATE_PART.match(parts[end - 1]):
        end -= 1
    dates, parts = parts[end:], parts[:end]
    k = len(parts)
    while k > 1 and _is_region(parts[k - 1]):
        k -= 1
    regions = len(parts) - k
    if regions == 0:
        return venue
    if k > 1 and _is_city(parts[k - 1]) and not _is_region(parts[k - 1]):
        k -= 1
    elif regions < 2 and parts[-1].lower() not in ("virtual", "virtual event", "online"):
        return venue          # a city is needed before a single region ("…, Washington" alone may be a name)
    rest = ", ".join(parts[:k]).strip()
    if not rest or not (_EVENT_WORDS.search(rest) or venue_acronym(rest)):
        return venue
    return ", ".join([rest, *dates])


# --- an affiliation written as "Unit, Organization, City, Country" ---------------------------
# the word that makes a part the organization itself (a university, a company), not a unit of it
_TOP_ORG = re.compile(r"\b(?:universi\w*|uniwersytet|egyetem|universitat|polytechnic|politecnico|polytechnique|"
                      r"hochschule|[ée]cole|scuola|escuela|escola|inc|corp(?:oration)?|gmbh|ltd|llc|plc|"
                      r"institute\s+of\s+technology|academy\s+of\s+sciences?)\b|\b(?:ETH|EPFL|MIT|KAIST|HKUST|CNRS)\b"
                      r"|\buniv\.(?=\s)",
                      re.I)
# the word a unit's name opens with ("Department of Physics", "Lunar Laboratory") or ends with
_UNIT_HEAD = re.compile(r"^(?:the\s+)?(?:department|dept\.?|school|faculty|division|college|institute|institut|"
                        r"laborator(?:y|ies)|lab|labs|cent(?:er|re)|group|chair|program(?:me)?|unit|section|"
                        r"graduate\s+school|"
                        # (German, French, Spanish, Italian, Portuguese)
                        r"fakultät|fachbereich|lehrstuhl|arbeitsgruppe|abteilung|faculté|département|laboratoire|équipe|"
                        r"facultad|departamento|laboratorio|facoltà|dipartimento|faculdade)(?!\w)", re.I)
_UNIT_TAIL = re.compile(r"\b(?:department|dept\.?|laborator(?:y|ies)|lab|labs|group|team|cent(?:er|re)|institute|"
                        r"school|faculty|division|program(?:me)?|unit|college|facility)$", re.I)
# a unit that belongs to an institute as well as to a university ("Lab of Prof. X, Institut Lorem")
_SMALL_UNIT = re.compile(r"^(?:the\s+)?(?:department|dept\.?|laborator(?:y|ies)|lab|labs|group|team|chair|unit|section)\b|"
                         r"\b(?:laborator(?:y|ies)|lab|labs|group|team|facility)$", re.I)
_INSTITUTE = re.compile(r"^(?:the\s+)?(?:institut[eo]?|cent(?:er|re)|hospital|academy)\b", re.I)


def _is_known_org(name: str) -> bool:
    """'University of California, Berkeley': a name with its campus that the organization
    register knows as one name (the city after it is then not a place)."""
    from cvgraph.authorities import is_known_org_name

    return is_known_org_name(name)
_COMPANY_SUFFIX = re.compile(r"(?:inc|ltd|llc|gmbh|co|corp|plc|s\.?a|s\.?l|s\.?r\.?l|s\.?a\.?s|ag|b\.?v|l\.?p)\.?", re.I)


_AFFILIATION_COMMA = re.compile(r",(?![^()]{0,200}\))")      # not inside brackets: "Lorem Lab (LL, Springfield)"


def _is_unit(part: str) -> bool:
    if part.endswith(")") and 0 < part.rfind("(") >= len(part) - 200:
        part = part[: part.rfind("(")].rstrip()              # "Lorem Lab (LL)"
    return (_UNIT_HEAD.match(part) is not None or _UNIT_TAIL.search(part) is not None) and not _TOP_ORG.search(part)


_SPACED_DASH = re.compile(r"\s[—–|]\s")


def _names_org(part: str) -> bool:
    """'USTC', 'Tencent': an acronym or a name the organization register knows (not a city)."""
    return re.fullmatch(r"[A-Z][A-Z&]{2,9}", part) is not None and not _is_region(part) or _is_known_org(part)


_INITIALISM = re.compile(r"[A-Z][A-Z&]{1,7}")
_NOT_INITIAL = frozenset("of for the and de der des du di del la le für fur & at in on".split())


def _is_initialism_of(acronym: str, name: str) -> bool:
    """'NSRC' of 'Northern Space Research Center', 'TUI' of 'Technical University of Ipsum':
    the acronym's letters are the initials of the name's words, small words skipped or not."""
    if not _INITIALISM.fullmatch(acronym) or len(name) < 2 * len(acronym):
        return False
    words = [w for w in re.split(r"[\s\-]+", name) if w]
    letters = acronym.replace("&", "")
    full = "".join(w[0] for w in words).upper()
    main = "".join(w[0] for w in words if w.lower() not in _NOT_INITIAL).upper()
    return len(letters) >= 2 and letters in (full, main)


def split_affiliation(text: str) -> tuple[str, str | None, str | None]:
    """An affiliation as CV data writes it → (organization, unit, place).

    'Department of Physics, University of Lorem, Springfield, USA' → ('University of Lorem',
    'Department of Physics', 'Springfield, USA'); 'Lorem University, School of Law' →
    ('Lorem University', 'School of Law', None); 'Lorem Institute, Berlin, Germany' →
    ('Lorem Institute', None, 'Berlin, Germany').

    The place is the country or state at the end (ISO 3166 names and region codes), with the
    city before it; a lone last part of at most three words with no organization word is a
    place too. Of the other parts, the one that names a university or a company is the
    organization when every part before it is a unit (a department, school, laboratory,
    centre...), or every part after it is; otherwise the parts stay together."""
    text = clean(text)
    if "," not in text and _SPACED_DASH.search(text):
        # "Lorem University — Department of Physics": a dash between the organization and its
        # unit (kept whole when the parts are not one)
        org, unit, place = split_affiliation(_SPACED_DASH.sub(", ", text))
        return (org, unit, place) if unit else (text, None, None)
    if "," not in text or text.count(",") > 8:      # more parts than an affiliation has: a list
        return text, None, None
    parts: list[str] = []
    for p in (p.strip() for p in _AFFILIATION_COMMA.split(text[:MAX_FIELD])):
        if parts and _COMPANY_SUFFIX.fullmatch(p):
            parts[-1] += ", " + p           # "Lorem, Inc." is one name
        elif parts and _is_initialism_of(p, parts[-1]):
            parts[-1] += f" ({p})"            # "Northern Space Research Center, NSRC": its acronym
        elif p:
            parts.append(p)
    k = len(parts)
    while k > 1 and _is_region(parts[k - 1].rstrip(".")):
        k -= 1
    if k >= 2 and k < len(parts) and _is_known_org(parts[k - 2] + ", " + parts[k - 1]):
        pass                                 # the city after it is its campus, not a place
    elif k < len(parts):
        if k > 1 and _is_city(parts[k - 1]) and not _is_region(parts[k - 1]) \
                and not (_is_unit(parts[k - 1]) or _TOP_ORG.search(parts[k - 1]) or ORG_WORD.search(parts[k - 1])):
            k -= 1
    elif len(parts) >= 2 and len(parts[-1].split()) <= 3 and not _TOP_ORG.search(parts[-1]) \
            and not ORG_WORD.search(parts[-1]) and not _is_unit(parts[-1]) and _is_city(parts[-1]) \
            and not _names_org(parts[-1]) \
            and (ORG_WORD.search(parts[-2]) or _TOP_ORG.search(parts[-2])) and not _is_known_org(", ".join(parts[-2:])):
        k -= 1                               # "Lorem Grammar School, Springfield"
    place = ", ".join(parts[k:]).rstrip(".") or None
    head: list[str] = []
    for p in parts[:k]:
        if head and _is_known_org(head[-1] + ", " + p):
            head[-1] += ", " + p             # "University of California, Berkeley" is one name
        else:
            head.append(p)
    org, unit = ", ".join(head), None
    tops = [i for i, p in enumerate(head) if _TOP_ORG.search(p)]
    if not tops and len(head) == 2 and _is_unit(head[0]) != _is_unit(head[1]):
        tops = [i for i, p in enumerate(head) if not _is_unit(p) and _names_org(p)]   # "AI Lab, Tencent"
    if not tops and len(head) == 2 and _SMALL_UNIT.search(head[0].split("(")[0].strip()) and _INSTITUTE.match(head[1]):
        org, unit = head[1], head[0]        # "Imaging Facility, Institut Lorem": the institute's unit
    if len(head) >= 2 and len(tops) == 1:
        i = tops[0]
        before, after = head[:i], head[i + 1:]
        if before and not after and _is_unit(before[0]):
            org, unit = head[i], ", ".join(before)        # unit first: "Department of X, University Y"
        elif after and not before and _is_unit(after[0]):
            org, unit = head[i], ", ".join(after)         # organization first: "University Y, Department of X"
    return org, unit, place


# a word that makes a part an organization's name rather than a place
ORG_WORD = re.compile(r"\b(?:universi\w*|college|institut\w*|school|academy|laborator\w*|lab|labs|cent(?:er|re)|"
                      r"observator\w*|hospital|foundation|museum|society|association|agency|ministry|council|"
                      r"company|corporation|group|team|department|faculty|division|program(?:me)?|committee)\b"
                      r"|\buniv\.(?=\s)", re.I)


def without_template(dropped: list[str], kind: str, items: list, is_template) -> list:
    """``items`` without those ``is_template`` finds to be a site template's examples; how many
    of ``kind`` were left out is added to ``dropped`` (for the one warning that names them)."""
    kept = [i for i in items if not is_template(i)]
    if len(kept) < len(items):
        dropped.append(f"{len(items) - len(kept)} {kind}")
    return kept
