"""LaTeX CVs (moderncv, awesome-cv, res.cls, plain article, custom macro styles) → CVRecord.

The source (``doc.raw``) is scanned into sections (``\\section``, ``\\cvsection``,
``\\sectiontitle``, ``rSection``...) holding nodes: *groups* (an environment with arguments,
``\\begin{timeitemize}[..]{Org}{Dates}``, or a ``\\subsection``), *macro entries* (any macro with
two or more brace arguments: ``\\cventry``, ``\\cvhonor``, ``\\timeitem``...), list *items*,
tabular *rows* and loose *text* paragraphs. Each node's fields (arguments, or the lines of an
item split at ``\\\\`` and ``\\hfill``) are then read by their shapes: a date, a degree, an
institution, a role, an author list, a venue. Field text is converted with pylatexenc.

``\\input``/``\\include`` are never followed (noted in the report). Simple one-argument
``\\newcommand`` macros are expanded; multi-argument ones are kept as entry macros. A document
without any section macro is first searched for hand-made headings (:func:`_promote_headings`);
one without any recognisable section falls back to the general text extractor on
:func:`mappers.convert.latex_to_text`.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field, replace

from cvgraph.errors import DocumentError
from cvgraph.identifiers import classify_profile, normalise_doi
from cvgraph.record import (Author, Award, CVRecord, Education, Patent, Person, Position, Publication,
                            Service, Talk, Teaching)
from mappers.convert import _match_brace, excluded_environments, latex_fragment_to_text
from mappers.spans import newlines_of, replace_spans
from mappers.extract.fields import (DEGREE_RE, NOT_A_FIELD, clean, degree_level, field_of_degree, find_emails, find_period,
                                    find_phones, find_urls, is_region, looks_like_name, profile_handles, town_of_address, month_year_field, publication_status, same_person_name,
                                    strip_honorifics, title_case_name, NATURAL_LANGUAGE,
                                    split_affiliation, split_authors, venue_acronym, venue_year)
from mappers.extract.sections import classify_heading
from mappers.extract.text import _BARE_ORCID, _OTHER_AND, ADVISOR_LABEL_OTHER, MEMBERSHIP_HEADING, SERVICE_ROLE_WORDS, THESIS_LABEL, _HONOUR_PHRASE, cjk_degree_field, committee_advisors, referee_list, referee_role, without_honour_mark, languages_in_run, _language_name, _NATURAL_LANGUAGE, _PROGRAMMING_LANGUAGE
from mappers.extract.yamlcv import _PROFICIENCY, names_in, period_of, section_kind
from mappers.extract.patents import _granted_number, number_in, parse_patent, patent_number, status_of
from mappers.read import SourceDocument

LIST_ENVS = {"itemize", "enumerate", "description", "compactitem", "compactenum", "inparaenum",
             "itemize*", "enumerate*", "description*", "cvlist"}      # (the starred ones of mdwlist and enumitem)
TABULAR_ENVS = {"tabular", "tabular*", "tabularx", "longtable", "tabu", "supertabular", "tabbing"}
TRANSPARENT_ENVS = {"document", "center", "flushleft", "flushright", "minipage", "multicols",
                    "cventries", "cvhonors", "cvskills", "cvitems", "publications", "small",
                    "footnotesize", "quote", "quotation", "samepage", "adjustwidth", "list",
                    "paracol", "spacing", "singlespace", "onehalfspace",
                    "cv"}       # (currvita's \begin{cv}{Name}: the whole CV, its argument the header's name)
FORMAT_MACROS = {
    "textbf", "textit", "emph", "underline", "uline", "textsc", "texttt", "textsf", "textrm",
    "textnormal", "textsuperscript", "textsubscript", "textcolor", "color", "colorbox", "href",
    "url", "mbox", "makebox", "hbox", "fbox", "parbox", "raisebox", "hspace", "vspace", "small",
    "footnote", "footnotesize", "large", "Large", "LARGE", "huge", "Huge", "bf", "it", "em",
    "setlength", "addtolength", "renewcommand", "newcommand", "providecommand", "def",
    "newenvironment", "renewenvironment", "usepackage", "documentclass", "geometry", "hypersetup",
    "definecolor", "titleformat", "titlespacing", "setlist", "pagestyle", "thispagestyle",
    "fontsize", "selectfont", "frac", "multicolumn", "multirow", "cline", "rule", "label", "ref",
    "cite", "nocite", "scalebox", "resizebox", "includegraphics", "phantom", "hphantom",
    "vphantom", "fancyhead", "fancyfoot", "rhead", "lhead", "chead", "rfoot", "lfoot", "cfoot",
    "moderncvstyle", "moderncvcolor", "moderncvtheme", "photo", "quote", "extrainfo",
    "setcounter", "addtocounter", "stepcounter", "addtocategory", "sethlcolor", "hl", "ding",
    "faicon", "textup", "addfontfeature", "addfontfeatures", "MakeUppercase", "uppercase", "lowercase", "MakeLowercase", "sout",
    "item", "begin", "end", "newline", "linebreak", "name", "email", "phone", "homepage",
    "social", "address", "mobile", "position", "title", "author", "date", "info", "firstname",
    "familyname", "iam", "me", "myname", "self",
}
_INVENTORS_LABEL = re.compile(r"\s*(?:co-?)?inventors?\s*:\s*", re.I)
# (\fullcite{key}, \bibentry{key}: a whole reference from the .bib file, whose key is no text)
SKIP_MACROS = {"input", "include", "bibliography", "printbib", "printbibliography",
               "addbibresource", "bibliographystyle", "nocite", "includeonly", "subfile", "import",
               "fullcite", "footfullcite", "bibentry"}
# (awesome-cv's \cvsubsection is a subsection, not a section of its own)
# (Deedy's \namesection{First}{Last}{contacts} is the page's header, not a section)
SECTION_MACRO = re.compile(r"^(?![a-z]*subsection)(?!namesection$)(?:[a-z]*section[a-z]*|sectiontitle|cvheading|part)$", re.I)
SUBSECTION_MACRO = re.compile(r"^(?:sub[a-z]*section[a-z]*|cvsubsection|subsectiontitle)$", re.I)

INSTITUTION_WORDS = re.compile(
    r"\b(universi\w*|uniwersytet|college|institut\w*|istituto|school|academy|polytechnic|hochschule|[ée]cole|gymnasium|"
    r"escola|escuela|scuola|schule|lyc[ée]e|liceo|politecnico|polytechnique|"
    r"kaist|postech|mit|eth|epfl|caltech|ucla|ucsd|cmu|tech)\b", re.I)
ORG_WORDS = re.compile(
    r"\b(inc|corp\w*|ltd|llc|gmbh|co(?!-)|company|labs?|laborator\w*|research|center|centre|"
    r"industries|group|google|microsoft|meta|facebook|amazon|apple|ibm|intel|nvidia|samsung|"
    r"bank|agency|foundation|startup|institut\w*|universi\w*|college|tech)\b", re.I)
ROLE_WORDS = re.compile(
    r"\b(engineer|developer|scientist|researcher|research|fellow|post-?doc\w*|intern\w*|professor|"
    r"lecturer|instructor|assistant|associate|student|manager|director|lead|head|consultant|"
    r"analyst|officer|founder|co-?founder|cto|ceo|chair|member|visiting|staff|architect|"
    r"administrator|programmer|advisor|editor|coordinator|senior|junior|principal|president|"
    r"statistician|economist|technician|specialist|trainee|apprentice|"
    # the same in Spanish, French, German, Portuguese and Italian CVs ("Profesora adjunta, Universidad …")
    r"profesor[a]?|professeure?|professor[a]|docente|investigador[a]?|pesquisador[a]?|chercheur|chercheuse|"
    r"forscher(?:in)?|ingenier[oa]|ing[ée]nieure?|ingegnere|becari[oa]|doctorant[e]?|doktorand(?:in)?|"
    r"ricercat(?:ore|rice)|assegnista|ayudante|asistente|enseignante?|mitarbeiter(?:in)?)\b"
    # and in Chinese, Japanese and Korean CVs ("高级工程师, \emph{Lorem 公司}")
    r"|教授|讲师|講師|研究员|研究員|博士后|博士後|工程师|工程師|实习生|助教|准教授|研究助理|교수|연구원|강사", re.I)
# "Classes: A, B, and C" / "Courses taught: …" under a teaching post
_COURSES_LINE = re.compile(r"\s*(?:classes|courses)(?:\s+(?:taught|assisted))?\s*:\s*(\S.*?)\.?\s*$", re.I)
TEACHING_ROLE = re.compile(r"^\s*(?:(?:graduate|undergraduate|senior|head|lead|assistant|guest|adjunct|course|co-?)\s+){0,2}"
                           r"(teaching assistant|ta|instructor|lecturer|tutor|grader|teaching fellow)\b", re.I)


# a course taught, told as "TA for Prof. Jane Roe, Course" or "Teaching Assistant for Course"
_TA_FOR = re.compile(r"(?P<role>(?-i:TA)|teaching assistant|teaching fellow|grader|tutor)\s+(?:for|in|of)\s+"
                     r"(?:(?:prof(?:essor)?\.?|dr\.?)\s+[^,;()]{2,60}?,\s*)?(?P<course>[^,;()]{3,100})", re.I)


# ---------------------------------------------------------------------------------------
# Scanning
# ---------------------------------------------------------------------------------------
@dataclass
class Node:
    kind: str                       # group | macro | item | row | text
    name: str = ""
    args: list[str] = field(default_factory=list)       # raw LaTeX of brace args
    opts: list[str] = field(default_factory=list)       # raw LaTeX of [optional] args
    head: str = ""                  # raw LaTeX of an item / text body
    details: list[str] = field(default_factory=list)   # raw LaTeX of sub-items / \subitem{..}
    children: list["Node"] = field(default_factory=list)
    pos: int = 0
    depth: int = 0
    in_detail: bool = False


@dataclass
class Section:
    title: str
    pos: int
    nodes: list[Node] = field(default_factory=list)
    loose: list[tuple[int, str]] = field(default_factory=list)


_ITEM_LABEL = re.compile(r"\{?\[\s*[A-Za-z]{0,3}\s*\d{1,3}\s*\]\}?|[A-Za-z]{1,3}\s?\d{1,3}|\d{1,3}\.?|"
                         r"\$?\\(?:bullet|star|ast)\$?|")


# a role's own noun ("Research Scientist"), and an organization's ("Halvard Research Center")
_TITLE_NOUN = re.compile(r"\b(?:engineer|developer|scientist|researcher|fellow|post-?doc\w*|intern|professor|lecturer|"
                         r"student|candidate|manager|director|consultant|analyst|officer|architect|assistant|associate)\s*$", re.I)
_ORG_NOUN = re.compile(r"\b(?:center|centre|lab|labs|laborator\w*|institut\w*|universi\w*|college|school|inc|ltd|llc|"
                       r"gmbh|corp\w*|company|group|foundation|agency|bank)\b\.?\s*$", re.I)
_LIST_IN_ARG = re.compile(r"\\begin\s*\{(?:itemize|enumerate|description|cvitems)\*?\}|\\item\b")
_MENTOR_LINE = re.compile(r"(?:\\newline|\\\\)\s*((?:advisors?|supervisors?|mentors?|managers?|hosts?)\s*:.*)$", re.I | re.S)


def _args_without_mentor_lines(args: list[str]) -> tuple[list[str], list[str]]:
    """A macro's arguments with a labelled line set under one of them cut off, and those lines
    (moderncv's \\cventry{…}{Project}{}{University \\newline Advisor: Professor Roe}{}{…}: the
    organization is the first line; the advisor line is the position's mentor)."""
    out, lines = [], []
    for a in args:
        m = _MENTOR_LINE.search(a) if ("\\newline" in a or "\\\\" in a) else None
        if m and one_line(a[:m.start()]):
            out.append(a[:m.start()])
            lines.append(one_line(m.group(1)))
        elif len(a) <= 200 and (mm := _MENTOR_ARG.fullmatch(text := one_line(a))):
            # an argument that is only "\textsc{Advisor: Jane Roe}" (or "Manager - Jane Roe"): the
            # mentor, never the role
            out.append("")
            lines.append(f"{mm.group(1)}: {mm.group(2)}")
        elif len(a) <= 300 and "by" in a and (mm := _MENTORED_BY.search(text := one_line(a))) and text[:mm.start()].strip():
            # "Research Intern, mentored by Jane Roe and Ann Poe" / "Research Assistant, advised by
            # Prof. Jane Roe": the role, and its mentors (the whole was taken for the organization)
            out.append(text[:mm.start()])
            lines.append("Mentor: " + mm.group(1))
        else:
            out.append(a)
    return out, lines


# a mentor named after the role in the same field: "Role --- PI: Name", "Role, Supervisor: Name", "Role (Mentor: Name)"
_TITLE_MENTOR = re.compile(r"\s*(?:[-–—,;|]\s*|\(\s*)(?:(?-i:PIs?)|(?:co-?)?(?:advisors?|supervisors?|mentors?|hosts?))\s*:\s*([^():]{3,120}?)\s*\)?\s*$", re.I)
_MENTOR_ARG = re.compile(r"(advisors?|supervisors?|mentors?|managers?|hosts?)\s*(?::|\s[-–—])\s*(\S.{0,150})", re.I)
_MENTORED_BY = re.compile(r"\s*[,;(]\s*(?:co-?)?(?:mentored|advised|supervised|hosted|managed)\s+by\s+([^()]{2,150}?)\)?\.?\s*$", re.I)


_GRADE_LINE = re.compile(r"(?:c?gpa|grade|final grade|average|mark|score)s?\b[^:\n]{0,20}:", re.I)
_DETAIL_LABEL = re.compile(r"(?:thesis|dissertation|co-?advisors?|advisors?|supervisors?|advised by)\b(?:\s+title)?\s*:?|"
                           r"(?:(?:dissertation|thesis|doctoral)\s+)?committee\s*:|"
                           + THESIS_LABEL + r"(?:\s+title)?\s*:|" + ADVISOR_LABEL_OTHER, re.I)
_UNIT_START = re.compile(r"(?:faculty|facultad|faculdade|facolt[àa]|facult[ée]|fakult[äa]t|institut[eo]?|instituto|"
                         r"department|departamento|dipartimento|d[ée]partement|school|escuela|[ée]cole|"
                         r"laborato\w*|college)\s+(?:of|de|di|des|du|für|d')\b", re.I)
_UNIVERSITY = re.compile(r"\buniv\w*", re.I)     # ("Univ.", "Universidad", "University", …)
_ROLE_AT_ORG = re.compile(r"([^@]{2,60}?)\s*@\s*([^@]{2,120})")
# what follows a school's name in the same field: a role or network it was held in, or a link
_INST_ASIDE = re.compile(r"\s+(?:as an?|as|within|funded by)\s+|\s+https?://|\s+www\.", re.I)
# a full stop between two sentences (not after an initial, a degree's letters or an abbreviation)
_SENTENCE_BREAK = re.compile(r"(?<=[a-zà-ÿ)]{2})(?<!\bDept)(?<!\bUniv)(?<!\bInst)(?<!\bvs)(?<!\bapprox)(?<!\bed)"
                             r"(?<!\bSt)(?<!\bMt)(?<!\bNo)(?<!\bCo)(?<!\bInc)(?<!\bLtd)(?<!\bDr)(?<!\bProf)"
                             r"\.\s+(?=[A-ZÀ-Þ])")
_GRADE_ASIDE = re.compile(r"\s*\((?:c?gpa|grade|final grade|average)\b[^()]{0,60}\)", re.I)
# one capitalised place name of one to three words ("Los Angeles", "Seoul", "Korea")
_PLACE_PART = re.compile(r"[A-Z][\w.'’\-]*(?:\s+[A-Z][\w.'’\-]*){0,2}")
_LABEL_AFTER_SENTENCE = re.compile(r"(?<=[.;])\s+(?=(?:thesis|dissertation|advisors?|supervisors?)\b[^:.]{0,20}:)", re.I)
# "…, Advisor: Jane Roe" at the end of a line of an education item
_TRAILING_DETAIL = re.compile(r"[,;]\s*(?:co-?)?(?:advisors?|supervisors?)\s*:\s*\S", re.I)
# "Title, defended on October 15th 2024": the defence date is not part of the thesis title
_DEFENDED = re.compile(r",?\s*\(?\bdefended\b(?:\s+(?:on|in))?\s+[^,;()]{0,40}\d{4}\)?\.?\s*$", re.I)
_PLACE_ARG = re.compile(r"[A-Z][\w.'’\- ]{1,30},\s*[A-Z][\w.'’\- ]{1,30}|Remote|Online")


_INITIAL = re.compile(r"(?<![^\W\d_])[^\W\d_a-zа-я]\.")


_STUDENT_STATUS = re.compile(r"(?:(?:graduate|post-?graduate|doctoral|ph\.?\s?d\.?|master'?s?|msc|undergraduate)\s+)"
                             r"(?:student|candidate|researcher)", re.I)


def _authors_arg(arg: str) -> bool:
    r"""A class's publication macro opens on its authors, "\paper{\textbf{Doe J.}, Roe K.}" then
    "{Title over two lines}" / "{Journal}{2021}": the title's group goes on the next line even when
    it spans two lines (a first argument otherwise goes on only with a group closing on its line)."""
    if len(arg) > 400 or not _INITIAL.search(arg):
        return False
    got = split_authors(one_line(arg))
    return bool(got) and all(_INITIAL.search(a.name) for a in got[0])


def read_args(s: str, i: int, max_args: int = 9, lone: bool = True) -> tuple[list[str], list[str], int]:
    """Brace and bracket arguments starting at s[i] (spaces/one newline allowed between). ``lone``:
    a first argument may go on with a one-line brace group on the next line (not for headings)."""
    args: list[str] = []
    opts: list[str] = []
    one_per_line = False      # "\cventry" alone, then one "{…}" per line (awesome-cv's layout)
    while len(args) + len(opts) < max_args:
        j = i
        newlines = 0
        while j < len(s) and s[j] in " \t\n":
            newlines += s[j] == "\n"
            j += 1
        if not args and not opts and newlines == 1:
            one_per_line = True
        if newlines > 0 and args and not (one_per_line and newlines == 1) and \
                not (newlines == 1 and (len(args) >= 2 or _YEAR_ARG.fullmatch(args[0]) or _date_first_arg(args[0])
                                       or lone and (_one_line_group(s, j) or _authors_arg(args[0])))
                                 and _continued_args(s, j)):
            # ("\scholarshipentry{2018}" / "{A, B: Title, Journal}": a year column, then the entry's
            # own argument on the next line, goes on like a macro's later arguments; so does
            # "\cventry{April 2021 - Present}" / "{Research Scientist}" / "{Org}", one per line, and a
            # class's "\resumeitem{Degree}" / "{School}" / "{Dates}" that the file does not define, when
            # the next line is a brace group that closes on it; "{\raggedright" over many lines is a group)
            break   # otherwise the arguments of an entry macro do not continue on the next line
        if j < len(s) and s[j] in "{[":
            if s[j] == "[" and args:
                break
            k = _match_brace(s, j)
            if k < 0:
                break
            (args if s[j] == "{" else opts).append(s[j + 1:k - 1])
            i = k
        else:
            break
    return args, opts, i


def declared_arities(src: str) -> dict[str, int]:
    """\\newcommand{\\pub}[3]{…}: how many arguments each home-made macro of two or more takes."""
    out: dict[str, int] = {}
    if "newcommand" in src:
        for m in _NEWCOMMAND.finditer(src):
            n = int(m.group(2) or 0)
            if n >= 2 and m.group(1) not in FORMAT_MACROS and m.group(1) not in SKIP_MACROS:
                out[m.group(1)] = n
    return out


def read_declared_args(s: str, i: int, n: int) -> tuple[list[str], list[str], int]:
    """The ``n`` arguments of a macro whose definition gives their number, read as TeX reads them:
    spaces and one line break are skipped between them (a blank line ends them)."""
    args: list[str] = []
    opts: list[str] = []
    while len(args) + len(opts) < n:
        j = i
        while j < len(s) and s[j] in " \t":
            j += 1
        if j < len(s) and s[j] == "\n":
            j += 1
            while j < len(s) and s[j] in " \t":
                j += 1
            if j < len(s) and s[j] == "\n":
                break
        if j >= len(s) or s[j] not in "{[" or s[j] == "[" and args:
            break
        k = _match_brace(s, j)
        if k < 0:
            break
        (args if s[j] == "{" else opts).append(s[j + 1:k - 1])
        i = k
    return args, opts, i


def _date_first_arg(arg: str) -> bool:
    """A first argument that is a date or period with a year ("April 2021 - Present", "Winter
    2019/2020", "Summer 2018"), nothing else."""
    return len(arg) <= 40 and "\\" not in arg and re.search(r"(?:19|20)\d\d", arg) is not None and date_only(arg.strip())


def _one_line_group(s: str, j: int) -> bool:
    """The brace group at s[j] closes on its own line."""
    k = _match_brace(s, j) if j < len(s) and s[j] == "{" else -1
    return k > 0 and "\n" not in s[j:k]


_YEAR_ARG = re.compile(r"\s*(?:19|20)\d\d(?:\s*[-–]{1,2}\s*(?:(?:19|20)\d\d|present|now|today))?\s*", re.I)
_FONT_GROUP = re.compile(r"\{\s*\\(?:bf|it|em|sc|sl|tt|rm|sf|bfseries|itshape|scshape|large|Large|LARGE|huge|Huge|small|"
                         r"footnotesize|scriptsize|normalsize|color|centering)\b")
_REST_OF_LINE = re.compile(r"[ \t]*(?:%[^\n]*)?(?:\n|$)|[ \t]*\{")


def _continued_args(s: str, j: int) -> bool:
    """The next line goes on with an entry macro's arguments (\roleentry{Role}{Dates} /
    {Organization}{}): it is brace groups only, and no font group ({\bf …})."""
    if j >= len(s) or s[j] != "{" or _FONT_GROUP.match(s, j):
        return False
    k = _match_brace(s, j)
    return k > 0 and _REST_OF_LINE.match(s, k) is not None


_RATING = re.compile(r"\d(?:\.\d)?(?:\s*/\s*\d{1,2})?|[★☆●○]+")
_LINE_START = re.compile(r"(?:^|\n)[ \t]*\Z")
_LINE_MACRO = re.compile(r"^[ \t]*\\([A-Za-z]+)[ \t]*\n?[ \t]*\{", re.M)
_WORD = re.compile(r"[^\W\d_]{2}")
_TOKEN = re.compile(r"\\(begin|end)\s*\{([^{}]+)\}|\\item\b|\\([A-Za-z]+)\*?")


_NEWCOMMAND = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*(?:\[(\d)\])?\s*(?:\[[^\]]*\])?\s*\{")
_DEF = re.compile(r"\\(?:[egx]?def)\s*\\([A-Za-z]+)\s*\{")
_DEF_NOT_TEXT = re.compile(r"[#=]|\\@|\\(?:begin|end|def|let|(?:re)?newcommand|make\w*|cs\w*|expandafter|if\w*|fi)\b")
# \newcommand{\email}{jdoe@example.org}, \newcommand{\github}{jdoe}: a name a class would use for a
# macro with an argument, defined by the file as plain text (an address, a handle); used inside
# another macro (\MAIL{\email}) it was never expanded and the e-mail was lost
_TEXT_CONSTANT = re.compile(r"[\w.@+:/~-]+(?:[ \t][\w.@+:/~-]+){0,3}")
# a one-argument macro that only centres or aligns its text (\newcommand{\maintitle}[1]{\begin{center}
# \textbf{\Huge #1}\end{center}}): expanded like a font macro (the name it printed was not found)
_NOT_ALIGNMENT_ENV = re.compile(r"\\begin\s*\{(?!(?:center|flushleft|flushright)\})")
_WORD_BEFORE_PARAMETER = re.compile(r"(\\[A-Za-z@]+)#")
_NAME_MACROS = {"myname", "me", "self", "iam"}     # \newcommand{\myname}{Jane Doe}: its text, wherever used
# a language switch, \newcommand{\lang}[3]{\ifdefined\english#1\fi\ifdefined\spanish#2\fi…}: a body that
# is only conditional groups each printing one argument (the CV in two or three languages, one
# chosen when it is compiled)
_SWITCH_BRANCH = r"\\if(?:defined|x|[A-Za-z@]{0,20})\s*\\[A-Za-z@]+\s*#\d\s*(?:\\else\s*#\d\s*)?\\fi\s*"
_LANGUAGE_SWITCH = re.compile(r"\s*(?:%s){2,6}" % _SWITCH_BRANCH)


# a class's own list-item macros, with no argument or only a number label (simpleresumecv's
# \BulletItem, \SubBulletItem, \NumberedItem{[3]}): items ("\resumeItem{text}" takes its text)
_CLASS_ITEM = re.compile(r"(?<!command\{)(?<!command)\\(?:[A-Z][A-Za-z]{0,20})?Item\b(?:[ \t]*\{\s*[\[(]?\s*\d{1,3}\s*[\])]?\s*\}|(?![ \t]*[{\[]))")
_MONTH_ABBR = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_DATE_MACRO = re.compile(r"\\[A-Za-z]*[Dd]ate[A-Za-z]*((?:[ \t]*\{[^{}\n]{0,16}\}){2,3})")
_DATE_MACRO_ARG = re.compile(r"\{([^{}]*)\}")
_DATE_PART = re.compile(r"(?:[`'’‘]\d\d|\d{1,4}|[A-Za-z]{3,9}\.?)")


def _date_macro_text(m: re.Match[str]) -> str:
    r"""A date built by a class's macro from its parts (simpleresumecv's \DatestampYD{Sep}{ `19},
    \DatestampYM{2021}{06}, \DatestampYMD{2018}{05}{19}) → a date the reader knows ("Sep 2019",
    "Jun 2021", "19 May 2018"); other macros, and arguments that are not date parts, are left."""
    parts = [a.strip() for a in _DATE_MACRO_ARG.findall(m.group(1))]
    if not all(_DATE_PART.fullmatch(a) for a in parts):
        return m.group(0)
    # ("`17": a year written with its century left out, in the date macro's own argument)
    parts = [("20" if int(a[1:]) < 70 else "19") + a[1:] if a[:1] in "`'’‘" else a for a in parts]
    if all(a.isdigit() for a in parts):
        years = [a for a in parts if len(a) == 4]
        if len(years) != 1:
            return m.group(0)
        month, day = ([a for a in parts if a != years[0]] + [None, None])[:2]
        if month is None or not 1 <= int(month) <= 12:
            return years[0] if month is None else m.group(0)
        # ("Jun 2019", "19 May 2017": a month by its name reads as a date and leaves no "-06" in a venue)
        return " ".join(x for x in (day and str(int(day)), _MONTH_ABBR[int(month) - 1], years[0]) if x)
    return " ".join(parts)


# \newcommand{\resumeItemListStart}{\begin{itemize}}: a macro that only opens or closes a list
# (expanded, the scanner sees how deep the entries under it are)
_LIST_MACRO_BODY = re.compile(r"\s*(?:\\vspace\*?\{[^{}]*\}\s*)*\\(?:begin|end)\s*\{(?:itemize|enumerate|description)\}"
                              r"(?:\s*\[[^\[\]{}]{0,80}\])?(?:\s*\\vspace\*?\{[^{}]*\})*\s*")


_TABLE_POSITION = re.compile(r"[ \t]*\[[tbc]\][ \t]*(?=\{)")


def expand_simple_macros(tex: str, max_args: int = 1, defs_from: str | None = None) -> str:
    """Expand \\newcommand{\\x}[n]{body} with n ≤ max_args (e.g. \\iam{..}) and text macros
    \\def\\x{body}; keep multi-arg macros. The definitions are read from ``defs_from`` (the
    source with comments blanked) when given."""
    src = tex if defs_from is None else defs_from
    defs: dict[str, tuple[int, str]] = {}
    new_defined: set[str] = set()
    for m in _NEWCOMMAND.finditer(src):
        k = _match_brace(src, m.end() - 1)
        if k < 0:
            continue
        n = int(m.group(2) or 0)
        body = src[m.end():k - 1]
        if not m.group(0).startswith("\\re"):
            if m.group(1) in new_defined:
                # \newcommand{\UES}{…} a second time: only one of the two is compiled (each sits in
                # its own \ifdefined\english … \fi block of a CV kept in several languages); the
                # first, as with the first argument of a language switch
                continue
            new_defined.add(m.group(1))
        if 2 <= n <= 6 and _LANGUAGE_SWITCH.fullmatch(body):
            # \biling{Education}{Educación}{Formation}: the first language's text (all three were
            # read as one entry's fields)
            defs[m.group(1)] = (n, "#1")
            continue
        if n <= max_args and (m.group(1) not in FORMAT_MACROS or n == 0 and m.group(1) in _NAME_MACROS
                              or n == 0 and _TEXT_CONSTANT.fullmatch(body)) \
                and ("\\begin" not in body or n == 0 and _LIST_MACRO_BODY.fullmatch(body)
                     or n == 1 and not _NOT_ALIGNMENT_ENV.search(body)) and "#2" not in body \
                and not (n == 1 and (SECTION_MACRO.match(m.group(1)) or SUBSECTION_MACRO.match(m.group(1)))):
            # (a home-made heading macro, \newcommand{\Section}[1]{\textbf{\large #1}\hrule}, stays
            # a heading: expanded, its title was only bold text and no section was found)
            # ("\scshape#1": a control word ends before the parameter; replaced as text,
            # "\scshapeJane Doe" would be one unknown macro and the name lost)
            # (its line breaks are blanks: expanded where it is used, the lines after would be
            # numbered past their place in the source)
            body = body.replace("\n", " ")
            defs[m.group(1)] = (n, _WORD_BEFORE_PARAMETER.sub(r"\1 #", body) if n else body)
    # \def\myemail{jdoe@example.edu}: a text macro without parameters (not \def\ind{\hangindent=…})
    for m in _DEF.finditer(src):
        k = _match_brace(src, m.end() - 1)
        body = src[m.end():k - 1] if k > 0 else ""
        if k > 0 and m.group(1) not in FORMAT_MACROS | SKIP_MACROS and not _DEF_NOT_TEXT.search(body):
            defs[m.group(1)] = (0, body)
    if not defs:
        return tex
    for _ in range(4):      # (a macro inside a macro's argument inside another: up to four levels)
        before_pass = tex
        out, pos = [], 0
        for mm in re.finditer(r"\\(" + "|".join(map(re.escape, defs)) + r")(?![A-Za-z])", tex):
            if mm.start() < pos:
                continue
            n, body = defs[mm.group(1)]
            # skip the definition itself
            before = tex[max(0, mm.start() - 20):mm.start()]
            if re.search(r"(?:newcommand\*?\s*\{?|\\def\s*)$", before):
                continue
            out.append(tex[pos:mm.start()])
            if n == 0:
                out.append(body)
                pos = mm.end()
            else:
                j = mm.end()
                while j < len(tex) and tex[j] in " \t":
                    j += 1
                if j < len(tex) and tex[j] == "{":
                    k = _match_brace(tex, j)
                    if k > 0 and n >= 2:
                        # a language switch: its first argument, the others skipped
                        first, kk = tex[j + 1:k - 1], k
                        for _ in range(n - 1):
                            while kk < len(tex) and tex[kk] in " \t":
                                kk += 1
                            if kk >= len(tex) or tex[kk] != "{" or (kk := _match_brace(tex, kk)) < 0:
                                break
                        else:
                            out.append(first)
                            pos = kk
                            continue
                        out.append(mm.group(0))
                        pos = mm.end()
                        continue
                    if k > 0:
                        out.append(body.replace("#1", tex[j + 1:k - 1]))
                        pos = k
                        continue
                out.append(mm.group(0))
                pos = mm.end()
        out.append(tex[pos:])
        tex = "".join(out)
        if tex == before_pass:
            break
    return tex


# the brace arguments a layout box takes ("\\begin{minipage}[t]{0.66\\textwidth}"): its width,
# column count or margins, never text (they read "[t]0.66" before the first entry)
_LAYOUT_ARGS = {"minipage": 1, "multicols": 1, "adjustwidth": 2, "paracol": 1, "spacing": 1}
_LAYOUT_ARG = re.compile(r"\s*(?:\[[^\[\]{}]{0,40}\]\s*){0,3}\{(?:[^{}]|\{[^{}]*\}){0,80}\}")


def _after_layout_args(body: str, env: str, at: int) -> int:
    for _ in range(_LAYOUT_ARGS.get(env, 0)):
        mm = _LAYOUT_ARG.match(body, at)
        if not mm:
            break
        at = mm.end()
    return at


def scan(body: str, base: int, report_skipped: list[str],
         arities: dict[str, int] | None = None) -> tuple[list[Section], str]:
    """Body → sections with nodes. Returns (sections, header text before the first section).
    ``arities``: the number of arguments of the home-made macros the preamble defines."""
    sections: list[Section] = []
    # one-argument macros written at the start of two or more lines: entry macros
    counts: dict[str, int] = {}
    for mm in _LINE_MACRO.finditer(body):
        counts[mm.group(1)] = counts.get(mm.group(1), 0) + 1
    entry_macros = {n for n, c in counts.items() if c >= 2 and n not in FORMAT_MACROS and n not in SKIP_MACROS
                    and not SECTION_MACRO.match(n) and not SUBSECTION_MACRO.match(n)}
    header_end = None
    cvlist_sections = False       # (a currvita CV: its sections are \begin{cvlist}{Heading})
    stack: list[tuple[str, Node | None]] = []     # open environments (name, group node or None)
    cur_sec: Section | None = None
    cur: Node | None = None      # node receiving text
    pos = 0
    i = 0

    def attach(text: str, at: int) -> None:
        if not text.strip() or cur_sec is None:
            return
        if "\\" in text and len(text) <= 80 and _LAYOUT_LINE.fullmatch(text):
            return      # spacing only ("\itemsep -2pt" after \begin{itemize}): no text of an entry
        if cur is not None and cur.kind in ("item", "text"):
            if cur.in_detail and cur.details:
                cur.details[-1] += text
            else:
                cur.head += text
        elif cur is not None and cur.kind == "macro" and text.strip() and not re.fullmatch(r"[\s\\{}]*", text):
            cur.details.append(text)
        else:
            cur_sec.loose.append((base + at, text))

    def container() -> list[Node]:
        for _, g in reversed(stack):
            if g is not None:
                return g.children
        return cur_sec.nodes if cur_sec is not None else []

    def list_depth() -> int:
        return sum(1 for name, _ in stack if name in LIST_ENVS or name not in TRANSPARENT_ENVS)

    while True:
        m = _TOKEN.search(body, i)
        if not m:
            attach(body[pos:], pos)
            break
        tok = m.group(0)
        if m.group(1):                     # \begin / \end
            env = m.group(2).strip()
            if m.group(1) == "begin":
                if env in TABULAR_ENVS:
                    end_m = re.compile(r"\\end\s*\{" + re.escape(env) + r"\}").search(body, m.end())
                    stop = end_m.start() if end_m else len(body)
                    attach(body[pos:m.start()], pos)
                    inner = body[m.end():stop]
                    # skip the column spec (and a width for tabular*/tabularx; tabbing has none)
                    _, _, j = read_args(inner, 0, max_args=2 if env in ("tabular*", "tabularx") else 1, lone=False) \
                        if env != "tabbing" else ([], [], 0)
                    if env in ("tabular*", "tabularx") and _TABLE_POSITION.match(inner, j):
                        # "\begin{tabular*}{0.9\textwidth}[t]{l r}": the vertical position between
                        # the width and the column spec (the spec was read as the first row's text)
                        j = read_args(inner, _TABLE_POSITION.match(inner, j).end(), max_args=1, lone=False)[2]
                    rows_src = inner[j:]
                    offset = m.end() + j
                    row_start = 0
                    for sep in [*_top_level_breaks(rows_src), None]:
                        row_end = sep.start() if sep else len(rows_src)
                        row = rows_src[row_start:row_end]
                        lead = len(row) - len(row.lstrip())
                        at = base + offset + row_start + lead
                        row_start = sep.end() if sep else len(rows_src)
                        if env == "tabbing":
                            # "{\bf OS} \> MacOs, Linux \\": the tab stops part the cells; the line
                            # that only sets them ("\hspace{3cm} \= … \kill") is no row, and
                            # ends like a line break
                            if "\\kill" in row:
                                row = row.rsplit("\\kill", 1)[1]
                                at += len(row) - len(row.lstrip())
                            cells = re.split(r"\\[>+-]", row)
                        else:
                            cells = re.split(r"(?<!\\)&", row)
                        cells = [re.sub(r"\\(?:hline|toprule|midrule|bottomrule)\b|\\cline\{[^}]*\}", "", c) for c in cells]
                        # a list inside a cell's box ("… & \parbox{…}{\textbf{Role} … \begin{itemize}
                        # \item …}"): its items describe the row's entry
                        row_details: list[str] = []
                        if "\\item" in row:
                            cells = [_cell_without_lists(c, row_details) for c in cells]
                        if "parbox" in row and any(_BOX_OPEN.match(c) and _CELL_LINES.search(c) for c in cells):
                            # a cell set in a box of lines ("2019-2023 & \parbox{…}{\textbf{PhD in
                            # Lorem}\hfill{Ipsum University}\newline Varnes, Norway}"): each line and
                            # part a cell of its own, as a macro's arguments are
                            # (a \\newline in a plain cell only wraps a long name: "Silver Medal of the
                            # Lorem Contest \\newline Ipsum Provincial Round" is one award)
                            cells = [p for c in cells for p in (_cell_parts(c) if _BOX_OPEN.match(c) else [c])]
                        if any(c.strip() for c in cells) and cur_sec is not None:
                            container().append(Node("row", args=cells, pos=at, details=row_details))
                    i = pos = end_m.end() if end_m else len(body)
                    cur = None
                    continue
                args, opts, j = read_args(body, m.end(), lone=False)
                # currvita's \begin{cvlist}{Education} \item[2008 - 2012] …: a section, its heading the
                # argument, its entries the items (\begin{cvlist}{} continues one)
                cvlist = env == "cvlist" and bool(args) and one_line(args[0])
                if cvlist or (re.search(r"section", env, re.I) and args and "subsection" not in env.lower()):
                    cvlist_sections = cvlist_sections or cvlist
                    attach(body[pos:m.start()], pos)
                    if header_end is None:
                        header_end = m.start()
                    cur_sec = Section(title=args[0], pos=base + m.start())
                    sections.append(cur_sec)
                    stack.append((env, None))
                    cur = None
                    i = pos = j
                    continue
                if env in LIST_ENVS or env in TRANSPARENT_ENVS or not (args or opts):
                    attach(body[pos:m.start()], pos)
                    stack.append((env, None))
                    if cur is not None and cur.kind == "item" and env in LIST_ENVS:
                        cur.in_detail = True
                        cur.details.append("")
                    i = pos = j if env in LIST_ENVS else _after_layout_args(body, env, m.end())
                    continue
                attach(body[pos:m.start()], pos)
                node = Node("group", name=env, args=args, opts=opts, pos=base + m.start(), depth=len(stack))
                if cur_sec is not None:
                    container().append(node)
                stack.append((env, node))
                cur = node
                i = pos = j
                continue
            # \end{env}
            attach(body[pos:m.start()], pos)
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == env:
                    closed = stack[k]
                    del stack[k:]
                    if closed[1] is not None or env in LIST_ENVS:
                        cur = None
                    elif cur is not None and cur.kind == "item" and cur.depth > k:
                        cur = None      # an item ends with the environment it was opened in
                    if re.search(r"section", env, re.I):
                        cur = None
                    break
            if cur is not None and cur.kind == "item" and env in LIST_ENVS and cur.in_detail:
                cur.in_detail = False
            i = pos = m.end()
            continue
        if tok == "\\item":
            attach(body[pos:m.start()], pos)
            opt = ""
            j = m.end()
            mm = re.match(r"\s*\[", body[j:])
            if mm and (k := _match_brace(body, j + mm.end() - 1)) > 0:      # "\item[{[J2]}]": brackets inside
                opt = body[j + mm.end():k - 1]
                j = k
                if _ITEM_LABEL.fullmatch(opt.strip()):
                    opt = ""          # a reference's label ("[J2]", "1."), not a field of the entry
            depth = len(stack)
            if cur is not None and cur.kind == "item" and depth > cur.depth:
                cur.in_detail = True
                cur.details.append(opt + " ")
            else:
                node = Node("item", head=(opt + " \\hfill ") if opt else "", pos=base + m.start(), depth=depth)
                if cur_sec is not None:
                    container().append(node)
                cur = node
            i = pos = j
            continue
        name = m.group(3)
        if name in SKIP_MACROS:
            args, _, j = read_args(body, m.end(), max_args=2, lone=False)
            attach(body[pos:m.start()], pos)
            if args:
                report_skipped.append(f"\\{name}{{{args[-1].strip()}}} not followed (content of another file)")
            elif name in ("printbibliography", "printbib"):
                report_skipped.append(f"\\{name} not followed (its list is built from a bibliography file)")
            i = pos = j
            continue
        if SECTION_MACRO.match(name) or SUBSECTION_MACRO.match(name):
            args, opts, j = read_args(body, m.end(), max_args=3, lone=False)
            if not args:
                i = m.end()
                continue
            attach(body[pos:m.start()], pos)
            # (in a CV whose sections are currvita's cvlist headings, a \subsection between two
            # lists is a heading of the same level: "\subsection*{Competitions}" after the list of
            # "Consulting" is no part of it)
            if SECTION_MACRO.match(name) or cvlist_sections and not any(n == "cvlist" for n, _ in stack):
                if header_end is None:
                    header_end = m.start()
                cur_sec = Section(title=args[0], pos=base + m.start())
                sections.append(cur_sec)
                stack = [(n, g) for n, g in stack if g is None and n in TRANSPARENT_ENVS]
                cur = None
                if len(args) == 2 and arities and arities.get(name) == 2 and "\n" in args[1] and not opts:
                    # a home-made heading macro whose second argument is the section's text
                    # (\newcommand{\cvsection}[2]{\parbox{…}{#1}\parbox{…}{#2}}, the entries one a
                    # line inside it): read on inside that argument (its entries had been the
                    # heading's and every section was empty)
                    _, _, j1 = read_args(body, m.end(), max_args=1, lone=False)
                    k = body.find("{", j1)
                    if 0 <= k < j:
                        i = pos = k + 1
                        continue
            elif cur_sec is not None:
                node = Node("group", name=name, args=args, opts=opts, pos=base + m.start())
                cur_sec.nodes.append(node)
                stack = [(n, g) for n, g in stack if g is None] + [("\0sub", node)]
                cur = node
            i = pos = j
            continue
        if name in FORMAT_MACROS or cur_sec is None:
            i = m.end()
            continue
        if arities and name in arities:
            # (\pub{Title} / {Authors} / {Venue \lnk{url}{arXiv}}, one argument a line: read as the
            # definition says, the later lines were loose text and \lnk{…}{…} an entry of its own)
            args, opts, j = read_declared_args(body, m.end(), arities[name])
        else:
            args, opts, j = read_args(body, m.end())
        if len(args) >= 2:
            attach(body[pos:m.start()], pos)
            if cur is not None and cur.kind == "macro" and cur.name != name and list_depth() > cur.depth:
                # another macro in a list opened under an entry macro (\resumeSubheading{Org}{…}
                # then \begin{itemize} \resumeItem{Topic}{What was done}): a line of that entry
                cur.details.append(" \\hfill ".join(args))
                i = pos = j
                continue
            node = Node("macro", name=name, args=args, opts=opts, pos=base + m.start(), depth=list_depth())
            container().append(node)
            cur = node
            i = pos = j
            continue
        line_start = _LINE_START.search(body, max(0, m.start() - 200), m.start()) is not None
        if len(args) == 1 and line_start and name in entry_macros and \
                (cur is None or cur.kind == "text" or cur.kind == "item" and cur.name in entry_macros or
                 cur.kind == "group" and SUBSECTION_MACRO.match(cur.name)) and _WORD.search(tex_text(args[0])):
            # a one-argument entry macro, one per line (\cvpublication{A, B. Title. Venue 2020.},
            # \pubitem{…}, \cvtag{Python}, \cvlistitem{…}): each is an entry of its own
            attach(body[pos:m.start()], pos)
            node = Node("item", name=name, head=args[0], pos=base + m.start(), depth=len(stack))
            container().append(node)
            cur = node
            i = pos = j
            continue
        if len(args) == 1 and cur is not None and cur.kind in ("macro", "group", "item") and line_start:
            # a one-argument line macro after an entry: \subitem{Advisor: ...}
            attach(body[pos:m.start()], pos)
            if cur.kind == "item":
                cur.details.append(args[0])
            else:
                cur.details.append(args[0])
            i = pos = j
            continue
        i = m.end()
    header = body[:header_end] if header_end is not None else ""
    return sections, header


# ---------------------------------------------------------------------------------------
# Field text
# ---------------------------------------------------------------------------------------
_TEX_TEXT_RE1 = re.compile(r"(?<![ \t])[ \t]*\n[ \t]*")     # (run starts only: linear on long runs of spaces)


_ESCAPED_QUOTE = re.compile(r'\\"(?=[\s.,;:!?)\]]|[B-DF-HJ-NP-TV-XZ]|$)')


def tex_text(tex: str, links: bool = True) -> str:
    """LaTeX → text; a source newline is a space, only \\\\ / \\newline break lines. With links
    False, \\href{url}{text} is its text only."""
    tex = _TEX_TEXT_RE1.sub(" ", tex or "")
    if '\\"' in tex:
        # '``Title,\" Presented at …' (an escaped straight quote closing a quotation): an umlaut
        # accent goes on a vowel, never on a space, a capital consonant or a stop
        tex = _ESCAPED_QUOTE.sub('"', tex)
    if "\\addfontfeature" in tex:
        tex = _FONT_FEATURE.sub("", tex)      # (fontspec's settings are no text: "Numbers=OldStyle")
    return latex_fragment_to_text(tex, links).strip()


_LANGUAGES_LABEL = re.compile(r"(?:foreign\s+|spoken\s+|natural\s+)?languages?\s*:?", re.I)
# the label in another language: spoken languages only, whatever the items ("\cvitem{Langues}
# {Anglais (courant), Espagnol (bon niveau)}": the levels are no English words)
_LANGUAGES_LABEL_OTHER = re.compile(r"(?:langues(?:\s+[ée]trang[èe]res)?|(?:fremd)?sprach(?:en|kenntnisse)|idiomas|"
                                    r"lenguas|lingue|l[íi]nguas)\s*:?", re.I)
# (and a value naming a language, in that language or in English: German CVs call programming
# languages "Sprachen" too, "\cvitem{Sprachen}{C, C++, Python}")
_LANGUAGE_NAME_OTHER = re.compile(r"(?:anglais|fran[çc]ais|espagnol|allemand|italien|chinois|arabe|portugais|russe|japonais|"
                                  r"englisch|deutsch|franz[öo]sisch|spanisch|italienisch|chinesisch|russisch|"
                                  r"ingl[ée]s|espa[ñn]ol|franc[ée]s|alem[áa]n|italiano|portugu[ée]s|chino|"
                                  r"inglese|francese|spagnolo|tedesco|cinese|ingl[êe]s|espanhol|franc[êe]s|alem[ãa]o)\b", re.I)
_ASIDE_IN_SKILL = re.compile(r"\s*\(([^()]{0,300})\)")


_SKILL_LEAD = re.compile(r"^(?:(?:working|basic|good|strong|solid|some|extensive|deep)\s+(?:knowledge|experience)|"
                         r"(?:highly\s+)?(?:proficient|experienced|skilled|expert|expertise|familiar|familiarity|fluent|"
                         r"proficiency|competent|versed))\s+(?:in|of|with|at)\s+", re.I)
_SKILL_LEAD_ONLY = re.compile(_SKILL_LEAD.pattern.removesuffix(r"\s+") + r"\s*:?", re.I)     # ("Experienced with:")


def _top_level_parts(text: str) -> list[str]:
    """A list of skills parted at commas, semicolons, bullets and bars outside brackets."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ",;•·▪◦|♢◇⋄◆":
            if ch == "," and text[k - 1:k].isdigit() and text[k + 1:k + 4].isdigit() and not text[k + 4:k + 5].isdigit():
                continue        # a thousands separator ("3,700 followers"), not a list's comma
            parts.append(text[start:k].strip())
            start = k + 1
    parts.append(text[start:].strip())
    return parts


_FONT_FEATURE = re.compile(r"\\addfontfeatures?\s*\{[^{}]*\}")
_WS_RUN = re.compile(r"\s+")


def _degree_line_below(node: Node) -> str | None:
    """The first line under an entry's head when it opens with a degree ("\\item M.Sc. in
    Physics" under "\\textbf{Ridge University}, Tamworth, Australia"), else None."""
    for d in node.details:
        for ln in tex_text(d).split("\n"):
            if (ln := light_clean(ln)):
                return ln if DEGREE_RE.match(ln) else None
    return None


def light_clean(text: str) -> str:
    """Whitespace and edge punctuation only (no Markdown rules: '*' marks equal contribution)."""
    return _WS_RUN.sub(" ", text).strip(" \t-–—•·∙◦▪|,;:")


def one_line(tex: str, links: bool = False) -> str:
    """A field's text on one line; a link is its text (the address of \\href{url}{text} is not
    part of a degree, an institution or a role)."""
    return light_clean(tex_text(tex, links))


def split_fields(tex: str, links: bool = False) -> list[str]:
    """An item body → its fields: lines (\\\\) and \\hfill-separated parts, cleaned."""
    out = []
    for line in tex_text(tex, links).split("\n"):
        parts = [p for p in (light_clean(part) for part in line.split("\t")) if p]
        out.extend(arg_dates(parts))
    return out


def arg_dates(fields: list[str]) -> list[str]:
    """Fields with their 'MM/YY' dates written out ('09/14-06/15' → '09/2014 – 06/2015'); a lone
    'MM/YY' only as the first or last field (a date column)."""
    return [month_year_field(f, single=i in (0, len(fields) - 1)) for i, f in enumerate(fields)]


_HREF_START = re.compile(r"\\href\s*\{")
_LINK_MACRO = re.compile(r"\\(?!href\b|url\b)[A-Za-z]+\s*\{\s*((?:https?://|www\.)[^{}\s]{1,500})\s*\}\s*\{")
# a box's raise or width before its text ("\\raisebox{-2.5pt}{…}" read "-2.5ptpaper")
_LEADING_LENGTH = re.compile(r"^\s*-?\d*\.?\d+\s*(?:pt|em|ex|cm|mm|in|bp)\s*")


def _without_label_links(tex: str) -> str:
    """\\href{url}{paper}, \\href{url}{\\raisebox{-2pt}{\\tcbox{code}}}: a link whose text is only a
    link's label ("paper", "code", "pdf", "slides") is taken out of the argument's text."""
    from mappers.extract.publications import PDF_LINK

    out, pos = [], 0
    for m in _HREF_START.finditer(tex):
        if m.start() < pos:
            continue
        k = _match_brace(tex, m.end() - 1)
        if k < 0:
            break
        j = k
        while j < len(tex) and tex[j] in " \t":
            j += 1
        if j >= len(tex) or tex[j] != "{":
            continue
        e = _match_brace(tex, j)
        if e < 0:
            break
        label = _LEADING_LENGTH.sub("", one_line(tex[j + 1:e - 1]))
        if label and PDF_LINK.fullmatch(label):
            out.append(tex[pos:m.start()] + " ")
            pos = e
    out.append(tex[pos:])
    return "".join(out)


def arg_fields(args: list[str]) -> list[str]:
    """A macro's or group's brace arguments → field texts."""
    return arg_dates([one_line(a) for a in args])


_DATE_ONLY_RE1 = re.compile(r"\b(from|to|since|until|expected|present|now|current)\b|[()\[\],.;:–—-]", re.I)


def date_only(text: str) -> bool:
    """The field is a date or period (perhaps with 'From', a place or a team before it)."""
    found = find_period(text)
    if not found:
        return False
    rest = (text[:found[1][0]] + text[found[1][1]:]).strip()
    rest = _DATE_ONLY_RE1.sub(" ", rest)
    return len(rest.split()) <= 4


def _date_column(text: str) -> bool:
    """The field is a date and nothing else ("2021", "Spring 2019", "2019--2021 (expected)"),
    not a date with other words ("Roe, T., Doe, K., 2018")."""
    found = find_period(text)
    if not found:
        return False
    rest = text[:found[1][0]] + text[found[1][1]:]
    return all(len(w) < 2 or w.lower() in _DATE_WORDS for w in re.findall(r"[^\W\d_]+", rest))


_DATE_WORDS = {"expected", "present", "now", "current", "since", "from", "until", "to", "and"}


# "Sep'22", "Aug ’25": a month with an apostrophe and two digits of the year
_APOSTROPHE_YEAR = re.compile(r"(?<![\w])((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6})\.?\s?['’](\d\d)(?![\w'’])", re.I)


def _apostrophe_years(text: str) -> str:
    """"Sep'22 - Aug'25" → "Sep 2022 - Aug 2025" (the two-digit year read as other short years are)."""
    if "'" not in text and "’" not in text:
        return text
    from mappers.extract.fields import _full_year

    return _APOSTROPHE_YEAR.sub(lambda m: f"{m.group(1)} {_full_year(m.group(2))}", text)


def _without_footnotes(tex: str) -> str:
    """An entry's text without its \\footnote{…} asides ("UGC\\footnote{University Grants …} - Junior
    Fellowship": the footnote's words had run into the award's name)."""
    while (at := tex.find("\\footnote")) >= 0:
        j = at + len("\\footnote")
        while j < len(tex) and tex[j] in " \t":
            j += 1
        k = _match_brace(tex, j) if j < len(tex) and tex[j] == "{" else -1
        if k < 0:
            break
        tex = tex[:at] + tex[k:]
    return tex


# a "Research Interests" heading (not "Objective", "Summary" or "About me", which also class as
# interests): its entries are topics
_INTERESTS_TITLE = re.compile(r"\binterests?\b|\bresearch\s+(?:areas?|fields?|topics?|focus)\b", re.I)
# "Personal Interests", "Hobbies and Interests": pastimes, no research interests
_BARE_INTERESTS = re.compile(r"(?:my\s+)?interests?", re.I)
_PERSONAL_INTERESTS = re.compile(r"\b(?:personal|hobb\w*|other|outside|extra-?curricular|leisure)\b", re.I)
# "Reviewer for", "Associate Editor for": a labelled row among the topics naming where the
# subject serves
_INTEREST_SERVICE_LABEL = re.compile(r"\b(?:reviewer|referee|editor|member)\b", re.I)
# a sentence about the subject ("My research …", "I am …"), no list of topics
_INTEREST_PROSE = re.compile(r"(?:I|We|My|Our|This|In\s+my|Broadly|Currently)\s", re.I)


def _top_level_breaks(src: str) -> list[re.Match[str]]:
    """The line breaks (\\\\) of a tabular that end its rows: those outside any brace group (a
    "\\\\" inside a cell's \\parbox{…}{…} parts the lines of the cell, not two rows)."""
    out, depth, at = [], 0, 0
    for m in _TEX_LINE_BREAK.finditer(src):
        for ch in _BRACE_CHAR.findall(src, at, m.start()):
            depth += 1 if ch == "{" else -1 if depth > 0 else 0
        at = m.end()
        if depth == 0:
            out.append(m)
    return out


_BRACE_CHAR = re.compile(r"(?<!\\)[{}]")
_CELL_LIST = re.compile(r"\\begin\s*\{(itemize|enumerate|description)\}(.*?)\\end\s*\{\1\}", re.S)
# a cell laid out in lines: a box's line breaks, \hfill, \newline or \par
_CELL_LINES = re.compile(r"\\\\|\\newline\b|\\hfill\b|\\par\b")


_BOX_OPEN = re.compile(r"\s*\\parbox\s*(?:\[[^\[\]{}]{0,20}\]\s*){0,3}\{[^{}]{0,40}\}\s*\{")
_CELL_PART_TOKEN = re.compile(r"\\\\(?:\[[^\]]*\])?|\\newline\b|\\hfill\b|\\par\b|(?<!\\)[{}]")


def _cell_parts(cell: str) -> list[str]:
    """A table cell set in a \\parbox of lines (\\\\, \\newline, \\hfill, \\par) → the raw LaTeX
    of its lines and parts, those with text."""
    c = cell
    if (m := _BOX_OPEN.match(c)) is not None and (k := _match_brace(c, m.end() - 1)) > 0:
        c = c[m.end():k - 1]
    parts, depth, last = [], 0, 0
    for t in _CELL_PART_TOKEN.finditer(c):
        tok = t.group(0)
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            parts.append(c[last:t.start()])
            last = t.end()
    parts.append(c[last:])
    return [p for p in parts if one_line(p)] or [cell]


_PROFILE_LABEL = re.compile(r"(?:(?:my|full|complete|google|scholar|orcid|researchgate|dblp|scopus|publons|"
                            r"semantic|web|of|science|inspire|ads|nasa|citations?|profile|page|id|identifier|"
                            r"link|list|see|at|on|also|available|publications?|here)\b[\s:,–-]*)+", re.I)


def _profile_line(tex: str) -> str | None:
    """A line of a publication list that only points to a profile page: a short label naming it
    ("Google Scholar profile", "ORCID ID", "Full list on DBLP") and one link to a profile site.
    The profile's address, or None."""
    if "http" not in tex and "orcid" not in tex.lower():
        return None
    # (the address as written in \\href{…}: "&" in its query is no column of a table)
    urls = [u.replace("\\", "") for u in re.findall(r"\\(?:href|url)\s*\{([^{}]*)\}", tex)] or find_urls(tex_text(tex, True))
    if len(set(urls)) != 1 or (ident := classify_profile(urls[0])) is None:
        return None
    label = light_clean(_ADDRESS.sub(" ", tex_text(tex, False)))
    if len(label.split()) > 8 or not _PROFILE_LABEL.fullmatch(label):
        return None
    return ident.iri


# a line that is only a bold label ("\\bf University Services", "{\\bf Conference Chairing}",
# "\\textbf{Reviewing:}"), and a label naming a kind of entries: a few words, no date or sentence
_BOLD_LABEL_HEAD = re.compile(r"\s*(?:\{\s*)?\\(?:bf|textbf|bfseries)\b[^\\\n]{0,80}?(?:\}\s*)?", re.S)
_CATEGORY_LABEL = re.compile(r"[^\W\d_][\w&,/'’ -]{0,60}?[:.]?", re.U)
_ROLE_IN_DESCRIPTION = re.compile(
    r"(?:(?:worked|working|served|serving|employed|hired)\s+as\s+(?:an?\s+)?)?"
    r"(?P<role>(?:[\w-]+\s+){0,3}?(?:engineer|developer|intern|assistant|researcher|scientist|fellow|lecturer|"
    r"instructor|tutor|consultant|analyst|programmer|architect|manager))\b(?:\s+(?:for|in|at|on|of|with)\b|\s*[.,;]|\s*$)", re.I)


def _role_in_description(text: str) -> str | None:
    """The role a post's description opens with: "Worked as a software engineering intern on the
    X project" → "software engineering intern", "Undergraduate Teaching Assistant for the Y course"
    → "Undergraduate Teaching Assistant", "Software engineer." → "Software engineer"."""
    m = _ROLE_IN_DESCRIPTION.match(text)
    if m is None:
        return None
    role = m.group("role").strip()
    return role[:1].upper() + role[1:]


_PARAGRAPH_NUMBER = re.compile(r"\s*(?:\[\d{1,3}\]|\d{1,3}\.)[ \t]+(?=\S)")


def _loose_under(sec: Section, sub: Node, subsections: list[Node]) -> list[tuple[int, str]]:
    """The paragraphs of a section that stand under one of its \\subsection headings (after it,
    before the next): a subsection holding only paragraphs ("\\subsection{Publications}" over
    numbered references) has no entries of its own, its text is the section's loose text."""
    if sub.children:
        return []
    after = [n.pos for n in subsections if n.pos > sub.pos]
    stop = min(after) if after else None
    return [(pos, text) for pos, text in sec.loose if pos >= sub.pos and (stop is None or pos < stop)]


def _cell_without_lists(cell: str, details: list[str]) -> str:
    """A table cell with its lists taken out; their items are added to ``details``."""
    def take(m: re.Match[str]) -> str:
        details.extend(t for t in re.split(r"\\item\b(?:\s*\[[^\]]*\])?", m.group(2)) if one_line(t))
        return " "
    return _CELL_LIST.sub(take, cell)


def node_fields(node: Node) -> list[str]:
    if node.kind in ("group", "macro", "row"):
        return [_apostrophe_years(f) for f in [one_line(o) for o in node.opts] + arg_fields(node.args)]
    head = _without_footnotes(node.head) if "\\footnote" in node.head else node.head
    return split_fields(_apostrophe_years(head))


_MARKED_TEX = [
    # (also "{ \em Journal}", a blank before the switch)
    (re.compile(r"\\textbf\s*\{|\{[ \t]*\\(?:bf|bfseries)\b\s*"), "**"),
    (re.compile(r"\\(?:emph|textit|textsl)\s*\{|\{[ \t]*\\(?:it|em|itshape|sl)\b\s*"), "*"),
]


def marked_text(tex: str) -> str:
    """An item's LaTeX → one line of text with bold as **…** and italics as *…*, so the text-side
    reference rules (which read emphasis) apply."""
    out = tex
    for rx, mark in _MARKED_TEX:
        while (m := rx.search(out)) is not None:
            start = m.end() - 1 if out[m.end() - 1] == "{" else m.start()
            if out[start] != "{":
                break
            k = _match_brace(out, start)
            if k < 0:
                break
            inner = re.sub(r"^\s*\\(?:bf|bfseries|it|em|itshape|sl)\b\s*", "", out[start + 1:k - 1])
            # ("{\bf \em Doe, J. }and Roe, K.": a blank inside the group's end still parts it from
            # the next word; "**Doe, J.**and" had hidden the author list)
            # (and "{\bf Title}{\em Journal}", two groups side by side, keep their marks apart: "***")
            trail = " " if inner[-1:].isspace() or out[k:k + 1] in ("{", "\\") else ""
            out = out[: m.start()] + mark + inner.strip() + mark + trail + out[k:]
    return light_clean(tex_text(out).replace("\n", " "))


_BRACKETED_VENUE = re.compile(r"\(\s*([^()]*?[^()\s])\s*\)")
_EQUAL_NOTE = re.compile(r"\s*\((?:[*†‡#]+\s*[:=]?\s*)?(?:equal(?:ly)?\s+contribut\w*|co-?first\s+authors?|joint\s+first\s+authors?)\)",
                         re.I)


# a year in brackets closing an author list: "Roe, A., & Poe, B. (2026)", "(2019a)", "(2020, March)"
_YEAR_AFTER_AUTHORS = re.compile(r"\(\s*((?:19|20)\d\d)[a-z]?(?:,\s*[^()]{1,20})?\s*\)\s*$")
# The subject's co-authors in a note: "(with A. Roe, B. Poe) Title, *Journal*, Volume 4, (2021)"
# (the note before the title) and "**Title** (with A. Roe and B. Poe) [Working paper] url" (after
# a bold title); marked text (latex.marked_text)
_WITH_NOTE_LEAD = re.compile(r"\(\s*(?:joint\s+(?:work\s+)?)?with\s+([^()*]{3,300}?)\s*\)[\s,.;:]*")
_BOLD_TITLE_WITH = re.compile(r"\*\*([^*]{8,400}?)[\s,.;:]*\*\*[\s,.;:]*\(\s*(?:joint\s+(?:work\s+)?)?with\s+"
                              r"([^()*]{3,300}?)\s*\)[\s,.;:]*")
_TITLE_THEN_ITALIC = re.compile(r"([^*]{8,400}?)[\s,.;:]+\*([^*]{2,200})\*(.*)")
_NOTE_TAIL_CUT = re.compile(r"\[|https?://")


def with_note_reference(text: str, subject: str) -> Publication | None:
    """A reference whose co-authors stand in a "(with …)" note, before the title or after a bold
    title (``_WITH_NOTE_LEAD``, ``_BOLD_TITLE_WITH``): the subject and the co-authors are its
    authors, the title is the text up to an italic venue (or the bold span), the year the one after
    it. None for other shapes, or when the note names no one or the subject is unknown."""
    if not subject or text[:1] not in "(*":
        return None
    venue, tail = None, ""
    if (m := _WITH_NOTE_LEAD.match(text)) is not None:
        names, title = m.group(1), text[m.end():]
        if (tv := _TITLE_THEN_ITALIC.fullmatch(title)) is not None:
            title, venue, tail = tv.group(1), tv.group(2), tv.group(3)
        elif "*" in title:
            return None                 # (an emphasis the rule does not place)
    elif (m := _BOLD_TITLE_WITH.match(text)) is not None:
        names, title, tail = m.group(2), m.group(1), text[m.end():]
        if (iv := re.match(r"\*([^*]{2,200})\*", tail)) is not None:
            venue, tail = iv.group(1), tail[iv.end():]
    else:
        return None
    if (cut := _NOTE_TAIL_CUT.search(title)) is not None:
        title = title[: cut.start()]    # a link's label and address after the title
    title = clean(title).strip(" ,.;:")
    others = split_authors(names, subject)
    if len(title.split()) < 3 or not others or not others[0]:
        return None
    year = re.search(r"\b(?:19|20)\d\d\b", _NOTE_TAIL_CUT.split(tail, 1)[0])
    authors = [Author(name=subject, is_subject=True)] + [a for a in others[0] if not a.is_subject]
    return Publication(title=title, authors=authors, venue=clean(venue).strip(" ,.;") if venue else None,
                       year=year.group(0) if year else None, urls=find_urls(text))


# the American Mathematical Society's shape: "Title, with A. Roe and B. Poe, *Journal* **12** (2021),
# 1–20": the italic journal followed by a bold volume and the year in brackets, or by the year set
# as the volume ("*Int. Math. Res. Not.* **2020**, no. 4")
_AMS_VENUE = re.compile(r"\*([^*]{2,120})\*(?=\s*(?:\*\*\d{1,4}[A-Z]?\*\*)?[\s,]*\(\s*(?:19|20)\d\d\s*\)|\s*\*\*(?:19|20)\d\d\*\*)")
# ("…, with A. Roe, submitted (2026), arXiv:2601.00001": no journal yet, its status and year)
_AMS_UNPUBLISHED = re.compile(r",\s*(submitted|preprint|in preparation)\s*\(\s*(?:19|20)\d\d\s*\)", re.I)
_AMS_STATUS_LEAD = re.compile(r"[\s,]*\b(to appear|accepted|forthcoming|submitted)(?:\s+(?:in|to))?\s*$", re.I)
_AUTHORS_FIRST = re.compile(r"^(?:[A-Z]\.[\s-]*)+[A-Z][\w'’-]+\s*,|^[A-Z][\w'’-]+,\s*(?:[A-Z]\.\s*)+[,&]")


def ams_reference(text: str, subject: str) -> Publication | None:
    """A reference in the mathematicians' shape (``_AMS_VENUE``): the text before the journal is
    the title, and ", with …" after it names the co-authors (the subject is then an author too;
    with no such note no author is named). None when the text before the journal opens on an
    author list or holds an emphasis or a quotation (another shape)."""
    if not subject:
        return None
    m = _AMS_VENUE.search(text) if "*" in text else None
    if m is None and (m := _AMS_UNPUBLISHED.search(text)) is None:
        return None
    prefix, status = text[:m.start()], None
    if m.re is _AMS_UNPUBLISHED:
        status = "in submission" if m.group(1).lower() == "submitted" else "preprint"
    if (lead := _AMS_STATUS_LEAD.search(prefix)) is not None:
        status = "in submission" if lead.group(1).lower() == "submitted" else None
        prefix = prefix[:lead.start()]
    parts = re.split(r",\s+with\s+", prefix.rstrip(" ,.;:"), maxsplit=1)
    title, names = parts[0], parts[1] if len(parts) > 1 else ""
    title = clean(title).strip(" ,.;:")
    if len(title.split()) < 3 or "*" in title or '"' in title or "“" in title or _AUTHORS_FIRST.match(title):
        return None
    authors: list[Author] = []
    if names:
        named = split_authors(names.replace("*", " ").strip(" ,."), subject)
        if not named or not named[0]:
            return None
        authors = [Author(name=subject, is_subject=True)] + [a for a in named[0] if not a.is_subject]
    year = re.search(r"\b(?:19|20)\d\d\b", text[m.end():])
    if m.re is _AMS_UNPUBLISHED:
        year = re.search(r"(?:19|20)\d\d", m.group(0))
    pub = Publication(title=title, authors=authors, venue=clean(m.group(1)).strip(" ,;") if m.re is _AMS_VENUE else None,
                      year=year.group(0) if year else None, urls=find_urls(text))
    if status:
        pub.status = status
    if (label := _ARXIV_LABEL.search(text)) and (ident := re.search(r"\d{4}\.\d{4,5}", label.group(0))):
        pub.arxiv = ident.group(0)
    return pub


def reference_from_text(text: str, subject: str) -> Publication | None:
    """A whole reference on one line → Publication, when its authors and title can be told
    apart (publications._parse_full); None otherwise."""
    from mappers.extract.publications import _finish, _parse_full

    urls = [u.rstrip("*") for u in find_urls(text)]      # (not an emphasis mark after it)
    # "\\href{https://arxiv.org/abs/2007.14881}{arXiv:2007.14881}", "Phys. Rev. D 9, 12.
    # arXiv:2005.05417": the label names the preprint (its id is kept); left in, it was the
    # venue ("preprint") and its year (2007, 2005: the id's year and month, not a year)
    label = _ARXIV_LABEL.search(text)
    text = _ARXIV_LABEL.sub("", text)
    if "ontribut" in text or "irst" in text:
        # "(*: Equal Contribution)" after the title: the marks' meaning, no part of the venue
        text = _EQUAL_NOTE.sub("", text)
    entry = _parse_full(_URL_IN_TEXT.sub("", text), subject)
    if not entry or not entry.get("authors") or not entry.get("title"):
        return None
    entry["urls"] = urls
    pub = _finish(entry, subject)
    if pub is None:
        return None                   # (a title _finish refuses: a year, a date stamp, a list's note)
    if pub.venue and pub.venue.startswith("(") and (vm := _BRACKETED_VENUE.fullmatch(pub.venue)):
        pub.venue = vm.group(1)       # "Title. (ACM MM 2024).": the venue in brackets, its year taken out
    if label and (ident := re.search(r"(\d\d)(\d\d)\.\d{4,5}", label.group(0))):
        pub.arxiv = pub.arxiv or ident.group(0)
        if not pub.venue:
            pub.venue, pub.venue_acronym = "arXiv", "arXiv"
            pub.status = publication_status("arXiv") or pub.status
        if not pub.year and 1 <= int(ident.group(2)) <= 12:
            pub.year = "20" + ident.group(1)          # (a new-style id: YYMM.NNNNN, since 2007)
    return pub


# A link's address in a reference's text (\\href{url}{text} gives "text url"); a closing
# bracket after it is the text's own ("(\\href{https://arxiv.org/abs/2508.06486}{preprint})"
# gives "(preprint https://…)": with the bracket taken too, "(preprint" was left in the venue
# and made the published paper a preprint)
_URL_IN_TEXT = re.compile(r"\s*(?:https?://|doi:\s*10\.)[^\s”\"]+?(?=[,.;)\]]?\**(?:[\s”\"]|$))", re.I)
_THESIS_HEAD = re.compile(r"(?:(?:ph\.?\s?d\.?|doctoral|master'?s?|bachelor'?s?|m\.?sc?\.?|b\.?sc?\.?)\s+)?(?:thesis|dissertation)", re.I)
_AWARD_WORD = re.compile(r"\b(?:awards?|prizes?|fellowships?|fellow|scholarships?|scholar|grants?|medal|honou?rs?|distinction|"
                         r"laureate|winner|stipend|bursary|studentship|dean'?s list|recognition|mention)\b", re.I)
_REF_NUMBER = re.compile(r"\[?[A-Za-z]{0,2}\d{1,3}[.)]?\]?")       # \cvitem{3}{reference}, \cvitem{[J2]}{…}
# a venue and year before an italic title: "(**Under review, Lorem 2026**) *Title*", "NeurIPS 2023 *Title*"
_VENUE_TAG = re.compile(r"^\s*\(?\**([A-Z][^*()\n]{0,50}?\b(?:19|20)\d\d(?:\s*/\s*[^*()\n]{1,20}?(?:19|20)\d\d)?[^*()\n]{0,30}?)"
                        r"\**\)?[ \t]*\n?[ \t]*(?=\*[^*\s][^*]{10,}\*)")
# "*Title*. A, **B**, C*." (the authors, the subject's name unbolded, up to the full stop ending
# their list, before any link or note)
_ITALIC_TITLE = re.compile(r"\*([^*]{10,400})\*[.,]?\s+")
_AUTHOR_RUN = re.compile(r"((?:[^*\[\]()]|(?<=[a-z])\*){3,600}?)\.?\s*(?:$|\n\s*\n|\[|\*\*|\\)")
_TAG_STATUS = re.compile(r"\b(?:under review|accepted|submitted|to appear|in press|forthcoming)\b\s*,?", re.I)
_REF_LABEL = re.compile(r"^(?:\*\*)?\[[^\[\]]{1,40}\](?:\*\*)?\s*")      # "**[EMNLP'24]** A, B. Title…"
_ARXIV_LABEL = re.compile(r"\barXiv\s*:\s*\d{4}\.\d{4,5}(?:v\d{1,2})?\b\.?", re.I)
_QUOTE_MARKS = ("``", "“", '"')
_AUTHOR_SEP = re.compile(r",\s*|(?<!\s)\s+and\s+|(?<!\s)\s*&\s*")
_YEAR_AT_END = re.compile(r"(?<![,.\s])[,.\s]*\(?((?:19|20)\d\d)[a-z]?\)?$")
# a line break "\\\\" with its optional space ("\\\\[2pt]")
_TEX_LINE_BREAK = re.compile(r"\\\\(?:\[[^\]]*\])?")
_BRACKETED_LINE = re.compile(r"\((.{3,200})\)")
_AT_LEAD = re.compile(r"^(?:am|an\s+der|an\s+dem|beim|bei|at|à\s+la|au|à)\s+", re.I)


def _title_over_bracketed_org(raw_args: list[str]) -> tuple[str, str, str | None, str | None] | None:
    """An entry macro whose one text argument is two lines, "Post \\\\ (Unit, Organization)", beside
    dates only → (title, organization, unit, place); else None."""
    texts = [a for a in raw_args if one_line(a) and not date_only(one_line(a))]
    if len(texts) != 1 or "\\\\" not in texts[0]:
        return None
    lines = [ln for ln in (clean(tex_text(part).replace("\n", " ")) for part in _TEX_LINE_BREAK.split(texts[0])) if ln]
    if len(lines) != 2 or not (m := _BRACKETED_LINE.fullmatch(lines[1])) or not 1 <= len(lines[0].split()) <= 14 \
            or lines[0].startswith("("):
        return None
    inner = _AT_LEAD.sub("", m.group(1).strip())
    org, unit, place = split_affiliation(inner)
    return lines[0].strip(" ,;"), org or inner, unit or None, place or None


# (German quotes too, „Titel“, and guillemets, « Titre »)
_QUOTED_TITLE = re.compile(r"(?:[“„\"]|«\s?)([^”“„«»\"]{8,400}?)[,.;:]?(?:[”“\"]|\s?»)")
_NAME_PIECE = re.compile(r"(?:[A-Z][\w'’.-]*\s?){1,4}")


_LINK_WORD = re.compile(r"[.,;]?\s*\[?\b(?:link|pdf|url|web)\]?$", re.I)


_STATUS_ONLY = re.compile(r"(?:(?:currently\s+)?under\s+(?:review|revision)|submitted|in\s+submission|in\s+press|"
                          r"accepted|forthcoming|in\s+preparation|to\s+appear|revise\s+and\s+resubmit|r\s*&\s*r)\.?", re.I)
_MORE_AUTHORS = re.compile(r",?\s*(?:\band\b|&)\s*\d{1,4}\s+(?:co-?authors|others|more)\.?$", re.I)


_HREF_TEXT = re.compile(r"\\href\s*\{[^{}]*\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}")


def _with_link_title(pub: Publication | None, tex: str, text: str, subject: str) -> Publication | None:
    """A reference whose title is its one long link's text ("Doe, J., Roe, D. J.: \\href{url}
    {Title of the work}, Atmos. Chem. Phys., 2016"): when the reference rules took more than that
    text as the title (the colon after an initial, the abbreviated journal's first word), the
    link's text is the title and the reference is read as one whose title is quoted."""
    if pub is None:
        return None
    links = [t for mm in _HREF_TEXT.finditer(tex) if len((t := one_line(mm.group(1))).split()) >= 3
             and not re.search(r"https?://|\bdoi\b|arxiv", t, re.I)]
    if len(links) != 1 or links[0] not in pub.title or len(pub.title) <= len(links[0]) + 2 or links[0] not in text:
        return pub
    quoted = quoted_reference(text.replace(links[0], "“" + links[0] + "”", 1), subject)
    if quoted is None or quoted.title != links[0].strip(" ,.;:") or len(quoted.authors) < len(pub.authors):
        return pub
    return quoted


_PARAGRAPHS = re.compile(r"\n[ \t]*\n|\\\\[ \t]*\n")
_WHOLLY_MARKED = re.compile(r"\*{1,2}([^*]{8,400})\*{1,2}\.?")
_INCLUDING_SUBJECT = re.compile(r"\s*\((?:incl\.?|including)\s+[^()]{1,80}\)")


def _title_paragraph_first(tex: str, subject: str) -> Publication | None:
    """An item whose first paragraph is only its emphasized (or linked) title and whose second
    is the authors, then the venue and year ("\\textit{Title}" a blank line, then "A. Roe,
    \\textbf{J. Doe}, \\textit{Journal}, 12, 2021"): the reference rules read authors first, and
    took the title and the first author together as the title."""
    parts = [p for p in _PARAGRAPHS.split(tex.strip()) if p.strip()]
    if len(parts) < 2 or any(not _WHOLLY_MARKED.fullmatch(marked_text(p).strip().rstrip(":")) for p in parts[2:3]) or len(parts) > 3:
        return None          # (a third paragraph only when it is a bold sub-heading after the item)
    tm = _WHOLLY_MARKED.fullmatch(_URL_IN_TEXT.sub("", marked_text(parts[0])).strip())
    if not tm or len(tm.group(1).split()) < 3:
        return None
    rest = marked_text(parts[1]).strip()
    # the authors run to the first emphasized span (the venue) or the arXiv label
    cut = re.search(r"(?:,\s*|\s)(?=\*[^*]|arxiv\s*:)", rest, re.I)
    authors_text = _INCLUDING_SUBJECT.sub("", rest[:cut.start()] if cut else rest).strip(" ,;")
    parsed = split_authors(authors_text, subject) if authors_text else None
    if not parsed:
        return None
    authors, et_al = parsed
    after = rest[cut.end():] if cut else ""
    vm = re.search(r"(?<!\*)\*([^*]{2,200})\*(?!\*)", after)
    venue = vm.group(1).strip(" ,.;:") if vm else None
    status = (publication_status(venue) if venue else None) or "published"
    if venue and status == "in submission":
        venue = re.sub(r"^submitted\s+to\s+", "", venue, flags=re.I) or venue
    years = re.findall(r"\b((?:19|20)\d\d)\b", _ARXIV_LABEL.sub("", after))
    urls = find_urls(tex_text(tex))
    arxiv = next((mm.group(1) for u in [*urls, rest] if (mm := re.search(r"arxiv(?:\.org/abs/|\s*:\s*)(\d{4}\.\d{4,5})", u, re.I))), None)
    doi = next((d.value for u in urls if "doi.org/" in u and (d := normalise_doi(u))), None)
    acronym = None
    if venue:
        from mappers.extract.publications import _venue_name, venue_without_numbers
        venue = venue_without_numbers(venue)
        acronym = venue_acronym(venue)
        venue = _venue_name(venue, acronym) or venue
    return Publication(title=tm.group(1).strip(" ,.;:"), authors=authors, et_al=et_al or bool(_INCLUDING_SUBJECT.search(rest)),
                       venue=venue, venue_acronym=acronym, year=years[-1] if years else None, status=status,
                       urls=urls, arxiv=arxiv, doi=doi)


def _opens_with_quote(arg: str) -> bool:
    """A macro argument whose text starts with a quotation mark (the quoted title of a reference
    cut into arguments: ``{``Title.'' \\textit{Journal}}``)."""
    return light_clean(tex_text(arg, links=False)).lstrip(" *_").startswith(("“", '"', "``", "‘‘"))


def _quoted_title_reference(text: str, subject: str) -> Publication | None:
    """A reference with its title in quotes: the whole-reference rules' reading when they find
    that title, else the quoted one ('Doe, J., Roe, R., 2019. “Title.” *Journal*': the whole-
    reference rules took the authors and the year into the title and the journal for authors)."""
    pub = reference_from_text(text, subject)
    q = _QUOTED_TITLE.search(text)
    if pub is not None and q and pub.title.strip(" ,.;:“”\"") != q.group(1).strip(" ,.;:“”\""):
        pub = quoted_reference(text, subject) or pub
    return pub or quoted_reference(text, subject)


def quoted_reference(text: str, subject: str) -> Publication | None:
    """A reference whose title is in quotes, when the reference rules cannot part its authors
    ('Doe, Roe, Moe. “Title.” Journal 9, 2023.': surnames only; '“Title”. Journal (2017)': no
    authors at all): the quoted words are the title, what precedes them the authors, what
    follows the venue."""
    m = _QUOTED_TITLE.search(text)
    if not m or len(m.group(1).split()) < 2:
        return None
    before = text[:m.start()].strip(" .,;:")
    if not before.strip("* "):
        before = ""           # ("**“Title”,** Venue": only the title's bold mark)
    after = text[m.end():].strip(" .,;:")
    authors, et_al = [], False
    ym = _YEAR_AT_END.search(before)
    if ym:                        # "Doe, J., Roe, R., 2019. “Title.”": the year closes the author list
        before = before[:ym.start()].strip(" .,;:")
    if before:
        parsed = split_authors(before, subject)
        if parsed:
            authors, et_al = parsed
        else:
            pieces = [p.strip() for p in _AUTHOR_SEP.split(re.sub(r"\bet al\.?", "", before)) if p.strip()]
            if not pieces or not all(_NAME_PIECE.fullmatch(p.replace("*", "")) for p in pieces):
                return None
            et_al = bool(re.search(r"\bet al\b", before))
            last = subject.split()[-1].lower() if subject else None

            def is_subject(p: str) -> bool:       # "**Doe**": the subject marks a lone surname
                name = p.replace("*", "").strip()
                return bool(subject) and same_person_name(name, subject) or \
                    p.startswith("**") and last is not None and name.split()[-1].lower() == last
            authors = [Author(name=p.replace("*", "").strip(), is_subject=is_subject(p)) for p in pieces]
    from mappers.extract.publications import _DOI_WRITTEN, _venue_name, venue_without_numbers

    written = _DOI_WRITTEN.search(after)          # "…, DOI: 10.1093/obo/…": the DOI, not the venue
    venue = _URL_IN_TEXT.sub("", _DOI_WRITTEN.sub("", after))
    venue = venue.replace("*", "").strip(" .,;:")
    if (lm := _LINK_WORD.search(venue[-12:])):       # a link's word ("… Viegi. link")
        venue = venue[:len(venue) - len(venue[-12:]) + lm.start()]
    venue = venue.strip(" .,;:") or None
    year = (venue_year(venue) if venue else None) or (ym.group(1) if ym else None)
    status = (publication_status(venue) if venue else None) or "published"
    urls = find_urls(text)
    arxiv = next((mm.group(1) for u in urls if (mm := re.search(r"arxiv\.org/abs/(\d{4}\.\d{4,5})", u))), None)
    doi = next((d.value for u in urls if "doi.org/" in u and (d := normalise_doi(u))), None) or \
        (written.group(1) if written else None)
    acronym = None
    if venue:
        venue = _ARXIV_LABEL.sub("", venue).strip(" .,;:") or None
    if venue:
        # "Canadian Journal of Forest Research, 47(999)": the journal's name, as other formats give it
        venue = venue_without_numbers(venue)
        acronym = venue_acronym(venue)
        venue = _venue_name(venue, acronym) or venue
    return Publication(title=m.group(1).strip(" ,.;:").replace("*", ""), authors=authors, et_al=et_al,
                       venue=venue, venue_acronym=acronym, year=year,
                       status=status, urls=urls, arxiv=arxiv, doi=doi)


def first_bold(tex: str) -> str | None:
    """The text of the first bold or italic group ("\\textbf{…}", "{\\bf …}", whichever comes first)."""
    found = [mm for mm in (re.search(r"\\(?:textbf|emph|textit)\s*\{", tex), re.search(r"\{\\(?:bf|bfseries|it|em)\b", tex)) if mm]
    m = min(found, key=lambda mm: mm.start()) if found else None
    if not m:
        return None
    start = m.end() - 1 if tex[m.end() - 1] == "{" else m.start()
    k = _match_brace(tex, start)
    if k < 0:
        return None
    inner = tex[start + 1:k - 1]
    inner = re.sub(r"^\\(?:bf|bfseries|it|em)\b", "", inner)
    return one_line(inner) or None


VENUE_WORDS = re.compile(r"proceedings|conference|symposium|journal|workshop|transactions|letters|"
                         r"arxiv|thesis|[A-Z][A-Za-z]*[A-Z]{2,}", re.I)


_COLLABORATION = re.compile(r"(?:the\s+)?(?:[\w-]+\s+){1,4}(?:collaboration|consortium|group)", re.I)
_VENUE_NAME_WORD = re.compile(r"\b(?:proceedings|conference|symposium|journal|workshop|transactions|letters|review|"
                              r"annals|bulletin)\b", re.I)
_DATED_LABEL = re.compile(r"\s*\(?\s*(?:exp(?:ected)?|est(?:imated)?|ca)\.?\s*\)?\s*(?:19|20)\d\d\s*", re.I)
_DOI_IN_FIELD = re.compile(r"\bdoi\s*:\s*(10\.\d{4,9}/[^\s,;]+?)(?=[.,;]?(?:\s|$))", re.I)
_STATUS_FOR = re.compile(r"(?:in\s+preparation|submitted|under\s+review|accepted|to\s+appear)\s+(?:for|to|at|in|by|with)\s+", re.I)
_STATUS_LEAD = re.compile(r"(?:in\s+preparation|submitted|under\s+review|accepted|to\s+appear|in\s+press)\b", re.I)
_VENUE_NOUN = re.compile(r"\b(?:proceedings|conference|symposium|journal|workshop|transactions|arxiv|volume|vol\.|"
                         r"issue|forthcoming|in press)(?!\w)|\bpp\.|\b\d+\s*\(\d+\)", re.I)


def split_commas(text: str) -> list[str]:
    """'Ph.D., Computer Science, Tsinghua University' → its parts (not inside parentheses)."""
    return [p.strip() for p in re.split(r",\s+(?![^()]*\))", text) if p.strip()]


_ASIDE = re.compile(r"\([^()]{0,200}\)")


def outside_asides(text: str) -> str:
    """The text with its bracketed asides blanked (same length), when its first date lies in one
    and another date lies outside ("Fellow (promoted to Senior Fellow in 2011), …, 2008--2013":
    the promotion's year is not the post's period); the text as it is otherwise."""
    if "(" not in text:
        return text
    found = find_period(text)
    if not found:
        return text
    blank = _ASIDE.sub(lambda m: " " * len(m.group(0)), text)
    a, b = found[1]
    if blank[a:b] == text[a:b] or not find_period(blank):
        return text
    return blank


def period_in(fields: list[str]) -> tuple[tuple[str | None, str | None, bool], int | None]:
    for i, f in enumerate(fields):
        if date_only(f):
            return period_of(f), i
    for i, f in enumerate(fields):
        if find_period(f):
            return period_of(outside_asides(f)), i
    for i, f in enumerate(fields):
        if _CURRENT_ONLY.fullmatch(f):
            return (None, None, True), i      # a date column saying only "Current" (no year)
    return (None, None, False), None


_OPEN_DASH_RAW = re.compile(r"(?:19|20)\d\d\s*\}?\s*(?:-{1,3}|–|—)\s*\}?\s*$")     # (in the LaTeX, "{August, 2021 -}")
# a date argument ending in a dash inside a longer line: "\years{August 2022 -}{\textbf{Role}}, Org"
_OPEN_DASH_ARG = re.compile(r"(?:19|20)\d\d\s*(?:-{1,3}|–|—)\s*\}")


def _open_dash_in(node: Node) -> bool:
    """An argument or a line of the entry holds a date range left open ("{Feb 2021 -}", "2021 --"
    at a line's end): begun, not ended."""
    return any(_OPEN_DASH_RAW.search(x) or _OPEN_DASH_ARG.search(x)
               for x in [*node.args, *_LINE_BREAK.split(node.head)] if "-" in x or "–" in x or "—" in x)
_CURRENT_ONLY = re.compile(r"\s*(?:current(?:ly)?|present|ongoing|now)\s*", re.I)


def date_text(fields: list[str], di: int | None) -> str | None:
    """The date as written in the field period_in found ("Fall 2014" of "TA, Calculus, Fall 2014")."""
    if di is None:
        return None
    found = find_period(outside_asides(fields[di]))
    return fields[di] if date_only(fields[di]) or not found else fields[di][found[1][0]:found[1][1]].strip()


# "Lorem Physics Summit (September 11-13, 2020)": a name without commas, its date in brackets
_NAME_BRACKET_DATE = re.compile(r"([^(),]*?[^\W\d_][^(),]*?)\s*\(([^()]{4,40})\)\s*")


def without_period(fields: list[str], di: int | None) -> list[str]:
    """The fields without the date period_in found: a field that is only a date goes; from a
    field that says more ("Best Poster Award, EAS Annual Meeting, 2019") only the date is cut."""
    out = []
    for i, f in enumerate(fields):
        if i == di and _CURRENT_ONLY.fullmatch(f):
            continue
        if i == di and not date_only(f):
            found = find_period(outside_asides(f))
            if found:
                a, b = found[1]
                # "Title (2009--11), Host": the comma after the date still parts the two
                gap = ", " if re.match(r"\s*(?:\)\s*)?[,;]", f[b:]) else " "
                after = re.sub(r"^\.\s+", "", f[b:].lstrip(" ,;:–—-)"))       # "2011--2015. Lecturer."
                f = re.sub(r"\(\s*\)", "", f[:a].rstrip(" ,;:–—-(") + gap + after).strip(" ,;:–—-")
                f = re.sub(r"\s+\.$", "", f)        # "…, Bristol, 2008--2013.": not "Bristol ."
            out.append(f)
        elif i != di:
            out.append(f)
    return [f for f in out if f]


# ---------------------------------------------------------------------------------------
# Extractor
# ---------------------------------------------------------------------------------------
_LAYOUT_LINE = re.compile(r"\s*(?:\\[A-Za-z]+\*?\s*(?:\{\s*-?\d*\.?\d+\s*(?:pt|em|ex|cm|mm|in|bp)\s*\}|"
                          r"=?\s*-?\d*\.?\d+\s*(?:pt|em|ex|cm|mm|in|bp)\b)?\s*)+")


_ADDRESS = re.compile(r"(?:https?://|www\.|doi:\s*)\S+", re.I)


def _dated_entries(para: str) -> list[tuple[int, str]]:
    """A paragraph of res.cls-style entries with no blank line between them
    ('{\\bf MIT} \\hfill {\\em 2013 -- 2018} \\\\ Ph.D. ... {\\bf UMich} \\hfill ...'): one
    entry per line that carries a date, when the paragraph opens with such a line and has
    several (each entry then starts at its dated line). Returns (offset in para, entry)."""
    lines = para.split("\n")
    # (a year inside a link is no entry's date: "\url{https://doi.org/10.1111/2041-210X.1}" under a
    # reference had been cut off as an entry of its own)
    dated = [i for i, line in enumerate(lines) if line.strip() and find_period(_ADDRESS.sub(" ", tex_text(line)))]
    # (a line of spacing only, "\itemsep -2pt" under the heading, is not the first entry's)
    first = next((i for i, line in enumerate(lines) if line.strip() and not _LAYOUT_LINE.fullmatch(line)), None)
    if len(dated) < 2 or dated[0] != first:
        return [(0, para)]
    starts = [first]
    for i in dated[1:]:
        opening, here = tex_text(lines[starts[-1]]), tex_text(lines[i])
        if i == starts[-1] + 1 and INSTITUTION_WORDS.search(opening) and not DEGREE_RE.search(opening) \
                and DEGREE_RE.search(here) and not INSTITUTION_WORDS.search(here):
            # "{\bf Lorem University} \hfill {\em 2015 -- Present} \\" / "B.Sc. in Physics \hfill {\em
            # Expected: 2019}": the degree under its school, dated too, is the same entry's line
            continue
        starts.append(i)
    if len(starts) < 2:
        return [(0, para)]
    offsets = [sum(len(line) + 1 for line in lines[:i]) for i in starts]
    return [(off, "\n".join(lines[a:b])) for off, a, b in zip(offsets, starts, starts[1:] + [len(lines)])]


_DASH_OR_AT = re.compile(r"(?<!\s)\s+[-–—@|]\s+")


def _role_then_unit(text: str) -> bool:
    """'Research Assistant, Process Technology': a role (its "Research" is no organization word
    here), then the unit after a comma. (Not read as a role, the argument was taken for the place,
    and the organization for the role.)"""
    if "," not in text or INSTITUTION_WORDS.search(text):
        return False
    head = re.sub(r"^(?:\w+\s+)?research\s+", "", split_commas(text)[0].strip(), flags=re.I)
    return len(head.split()) <= 4 and ROLE_WORDS.match(head) is not None and not ORG_WORDS.search(head)


def _degree_and_institution(text: str) -> list[str]:
    """'PhD in Physics - University of Nowhere' → its two parts (a degree and an institution
    joined by a dash or '@'); any other text as it is."""
    parts = _DASH_OR_AT.split(text, maxsplit=2)
    if len(parts) != 2 and " at " in text:
        parts = text.split(" at ")        # "Ph.D. at Ridge University" (the degree, then where)
    if len(parts) != 2:
        return [text]
    kinds = [(bool(DEGREE_RE.search(p) or degree_level(p) != "other"), bool(INSTITUTION_WORDS.search(p))) for p in parts]
    if sorted(kinds) == [(False, True), (True, False)]:
        return parts
    if kinds == [(True, False), (False, False)] and len(parts[0].split()) <= 3 and len(parts[1].split()) <= 4:
        return parts          # "Ph.D. -- Computer Science": a degree, then its field
    return [text]


_TEACHING_HEADING = re.compile(r"\bteach|\bcourses?\b|\binstruct", re.I)
_SERVICE_HEADING = re.compile(r"\bservice|\boutreach|\bcommittee|\breview", re.I)
_TEACHING_WORDS = re.compile(r"\b(?:courses?|taught|teaching|instructor|lecturer|lectures|tutor\w*|syllabus|"
                             r"class(?:es)?|seminar course|lab sections?)\b", re.I)
# a field that is only a teaching role ("\\item[TA] Course", "\\item[Professor] Course")
# "Teaching Assistant - BIOL 619 Topics in Lorem", "Instructor: LORE 101": a role, a separator, a course
_COURSE_CODE_IN = re.compile(r"\b[A-Z]{2,6}[ -]?\d{2,4}[A-Z]?\b")
_ROLE_DASH_COURSE = re.compile(r"(\S[^-–—:|]{1,60}?)\s+[-–—:|]\s+(\S.{2,300})")
_TEACHING_ROLE_FIELD = re.compile(r"(?:(?:graduate|undergraduate|senior|head|lead|assistant|associate|adjunct|visiting|guest|"
                                  r"course|co-?)\s+){0,2}(?:teaching assistant|ta|instructor|lecturer|tutor|grader|"
                                  r"teaching fellow|professor)", re.I)
_ONGOING = re.compile(r"\(?(?:present|now|current|ongoing|in progress|expected)\)?", re.I)
# environments whose arguments are {Organization}{Dates}{Title}{Place} (res.cls)
_ORG_DATE_TITLE_PLACE = {"rSubsection"}
# a length of time ("3 ans ½", "6 months", "4 Monate"): no employer's name
_DURATION = re.compile(r"\b\d{1,2}(?:[.,]\d)?\s*(?:½\s*)?(?:years?|yrs?|months?|mos?|weeks?|ans?|mois|semaines?|jahre?|monate?|"
                       r"wochen|años|meses|semanas|anni|mesi|anos)\b", re.I)
_TEXT_KINDS = {"education", "positions", "publications", "patents", "awards", "teaching", "service", "talks", "skills",
               "languages"}
# "Taught by Dr. Roe", "Instructor: Prof. Roe": who gave the course, not the course
_INSTRUCTOR_NOTE = re.compile(r"(?:(?:co-?)?taught by|under|with|(?:course\s+)?(?:instructors?|professors?|lecturers?|"
                              r"supervisors?)\s*:)\s+(?:dr\.?|prof\.?|professor)?\s*[A-Z]", re.I)
_HOST_WORDS = re.compile(r"\b(?:meeting|conference|workshop|symposium|seminar|colloquium|congress|school|summit|forum|"
                         r"universi\w*|institut\w*|college|observatory|laborator\w*)\b", re.I)
_ENDS_WITH_PLACE = re.compile(r",\s*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}\.?\s*(?:\([^()]{0,40}\))?\s*$")


def _place_only(text: str) -> bool:
    """A field naming only a place: a country or region, or a city before one ('Ireland',
    'Cambridge, UK', 'Stuttgart and Karlsruhe, Germany')."""
    parts = [p.strip() for p in text.split(",")]
    return 1 <= len(parts) <= 3 and len(text) <= 60 and not any(c.isdigit() for c in text) and \
        is_region(parts[-1]) and all(0 < len(p.split()) <= 4 for p in parts) and \
        not _HOST_WORDS.search(text) and not INSTITUTION_WORDS.search(text) and not ORG_WORDS.search(text)


# "Lorem Congress on Ipsum (Town) — Title of the talk": an event, a spaced dash, then the title
_EVENT_DASH_TITLE = re.compile(r"(.{4,150}?)\s+(?:—|–|--)\s+(.{4,300})")
# the event's town, or how it was held, in brackets at its end: "(Pellston)", "(Online)"
_EVENT_PLACE_BRACKET = re.compile(r"\((?:online|virtual|remote|[A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)?(?:,\s*[A-Z][a-zà-ÿ]+)?)\)$", re.I)


def _host_like(text: str) -> bool:
    """A talk's host rather than its title: an institution or a meeting, or a place at its end
    ("Ridge University, Tamworth, NSW", "Spring Meeting, Oslo, Norway (virtual talk)")."""
    return bool(_HOST_WORDS.search(text) or _ENDS_WITH_PLACE.search(text))


# "github: @jdoe" among the skills is a contact, not a skill
_URL_ONLY = re.compile(r"\s*(?:https?://|www\.)\S+\s*")
_DANGLING_DASH = re.compile(r"[-–—]\s*$")


def _joined_split_range(fields: list[str], raw: list[str] | None = None) -> list[str]:
    """A period cut over two arguments ("March 2023 -" then "Present", "\\textbf{April -}" then
    "July 2025") joined into the first; the second left empty, so the others keep their places.
    ``raw`` is the arguments' LaTeX, when the fields lost the dash in cleaning."""
    out = list(fields)
    if raw is not None and len(raw) != len(out):
        return out
    for i in range(len(out) - 1):
        a, b = out[i].strip(), out[i + 1].strip()
        dash = _DANGLING_DASH.search(a) or raw is not None and _DANGLING_DASH.search(raw[i].rstrip(" }"))
        if a and b and len(a) <= 20 and dash and len(b) <= 20 and \
                (date_only(b) or re.fullmatch(r"(?:present|now|today|current|ongoing)\.?", b, re.I)) \
                and (joined := f"{a.rstrip(' -–—')} - {b}") and date_only(joined):
            out[i], out[i + 1] = joined, ""
    return out


_SERVED_AS = re.compile(r"\b(?:served|serve|acted|volunteered|volunteer|sat)\s+(?:(?:as\s+(?:an?\s+|the\s+)?(?P<role>[a-z][\w -]{1,50}?)"
                        r"\s+(?:of|on|for|at|in|with|to)\s+)|(?:at|with|for)\s+)(?:the\s+)?(?P<org>[A-Z][^,;\n]{2,160})")
# where an organization named in a sentence ends: the dates, or what the post was for
_ORG_TAIL = re.compile(r"\s+(?:since|from|between|during|until|representing|for\s+the\s+purpose|in\s+(?:19|20)\d\d)\b|"
                       r"\.\s|\s+(?:for|in|to)\s+(?:identify|train|help|support|set)\w*")
_EMPLOYED_AS = re.compile(r"(?:I\s+(?:was|am|have\s+been)\s+)?(?:(?:employed|hired|engaged|contracted|appointed)\s+by\s+"
                          r"(?P<org>[^\n]{2,120}?)|self-employed)\s+as\s+(?:an?\s+|the\s+)?(?P<title>[^\n]{2,100}?)\s+"
                          r"(?P<when>(?:from|since|between)\s+[^,;\n]{4,60}?)\s*(?:[,;]\s*(?P<rest>[^\n]*)|\.?)\s*$", re.I)
_FIRST_PERSON = re.compile(r"(?<![\w/.-])I(?![\w/.-])|\b(?:my|me)\b|\bI['’](?:ve|m)\b")
_CONTACT_NOT_SKILL = re.compile(r"(?<!\w)@\w|\b(?:github|gitlab|twitter|linkedin|orcid|e-?mail|website|homepage)\s*:", re.I)


_REVIEWER_FOR = re.compile(r"((?:external\s+|ad[- ]hoc\s+|journal\s+|conference\s+|active\s+)?(?:reviewer|referee)s?(?:\s+(?:for|of))?|"
                           r"(?:technical\s+)?program(?:me)?\s+committee(?:\s+member)?|pc\s+member|area\s+chair)"
                           r"(?:\s*:\s*|(?:(?<=for)|(?<=\bof))\s+|\s+[—–]\s+|\s*---?\s*)(\S.*)",
                           re.I)
_ROLE_COURSES = re.compile(r"([^:,;]{2,50}?)(?:,\s*([^:;]{2,80}?))?\s*:\s*(\S.*)")
_FIELD_LABEL = re.compile(r"\s*(?:major|(?:field|area)\s+of\s+study)\s*:\s*"
                          r"([^:]{2,80}?)\s*$", re.I)
_ASSISTANTSHIP = re.compile(r"\bassistantships?\b", re.I)
_LABELLED_LINE = re.compile(r"[^:,;]{2,40}(?:,[^:,;]{2,60})?:\s+\S")     # ("Reviewer: A, B", "TA, Lorem University: C; D")
_LINE_BREAK = re.compile(r"\\\\(?:\[[^\]]{0,20}\])?")
_BULLET_START = re.compile(r"\s*(?:\$\s*\\(?:bullet|cdot|circ|diamond|star|ast)\s*\$|\\(?:textbullet|textperiodcentered)\b|[•◦▪‣∙·]|"
                           r"\\item\b)")
_LABEL_SEP = " \\hfill "


_ITEM_SPLIT = re.compile(r"\\item\b(?:\s*\[[^\[\]]{0,20}\])?")
_LIST_ENV_MARK = re.compile(r"\\(?:begin|end)\s*\{(?:itemize|enumerate|description)\*?\}(?:\s*\[[^\[\]]{0,80}\])?")
_PARAGRAPH_OR_BREAK = re.compile(r"\\\\(?:\[[^\]]{0,20}\])?|\n[ \t]*\n")
_REF_YEAR = re.compile(r"\b(?:19|20)\d\d[a-z]?\b|\bin (?:prep|press)|\bunder review\b|\bsubmitted\b", re.I)


def _references_in_arg(node: Node) -> list[tuple[int, str]]:
    """The references of a list written inside one argument of an entry macro, with where each
    starts in that argument: the items of an itemize (moderncv's \\cvitem{}{\\begin{itemize}\\item …}), or two or
    more references cut by line breaks or blank lines (\\CVItem{Journal papers}{A, B (2017).
    \\textit{Title}. Journal. \\\\ C, D (2013). …}). The other arguments are empty or a short label;
    a piece counts as a reference when it has eight words or more and a year or a status; others
    (page-layout macros between the lines) are dropped. Empty when the macro is no such list."""
    args = node.args
    long_args = [i for i, a in enumerate(args) if len(a) > 200]
    if len(long_args) != 1 or any(len(one_line(a).split()) > 4 for i, a in enumerate(args) if i != long_args[0]):
        return []
    arg = args[long_args[0]]
    if _LIST_IN_ARG.search(arg):
        cut = _ITEM_SPLIT
        arg = _LIST_ENV_MARK.sub(lambda m: " " * len(m.group(0)), arg)
    else:
        cut = _PARAGRAPH_OR_BREAK
    spans, start = [], 0
    for m in [*cut.finditer(arg), None]:
        end = m.start() if m else len(arg)
        spans.append((start, arg[start:end]))
        start = m.end() if m else end
    pieces = [(at, piece) for at, piece in spans
              if len((text := one_line(piece)).split()) >= 8 and _REF_YEAR.search(text)]
    if len(pieces) < 2:
        return []
    return [(at + len(piece) - len(piece.lstrip()), piece.strip()) for at, piece in pieces]


def _split_bulleted(nodes: list[Node]) -> list[Node]:
    """A list item holding several bulleted entries, one per line (a description item
    "\\item[2021] \\textbullet{} Entry one \\\\ \\textbullet{} Entry two"): one item per
    entry, each keeping the item's label (its year); groups' children alike."""
    out: list[Node] = []
    for node in nodes:
        if node.kind == "group" and node.children:
            node.children = _split_bulleted(node.children)
        if node.kind != "item" or not node.head or not _LINE_BREAK.search(node.head):
            out.append(node)
            continue
        label, sep, body = node.head.partition(_LABEL_SEP)
        if not sep:
            label, body = "", node.head
        lines = [ln for ln in _LINE_BREAK.split(body) if ln.strip()]
        starts = [_BULLET_START.match(ln) for ln in lines]
        if len(lines) < 2 or not all(starts):
            out.append(node)
            continue
        for ln, m in zip(lines, starts):
            entry = ln[m.end():].strip()
            head = (label + _LABEL_SEP + entry) if sep else entry
            out.append(replace(node, head=head, details=list(node.details) if ln is lines[-1] else []))
    return out


_STYLED_LINE = re.compile(r"\s*(?:\\noindent\b\s*)?(?:\\(?:emph|textit|textbf|textsc|underline)\s*\{|\{\s*\\(?:em|it|bf|sc)\b)")


_THESIS_ADVISOR_TAIL = re.compile(r"[\s,;.]+(?:co-?)?(?:advisors?|supervisors?)\s*:\s*(\S.{2,200})$", re.I)
# a course with its years in brackets, one a line: "Lorem Modelling (2019)", "Ipsum Biology (2018, 2019)"
_COURSE_YEARS = re.compile(r"([^()]{3,120}?)\s*\(((?:19|20)\d\d(?:\s*[,–-]{1,2}\s*(?:(?:19|20)\d\d|\d\d))*)\)\.?")
_SECTION_UNIT = re.compile(r"(?:section|division|unit|chair)\s+(?:of|for)\s", re.I)
_ORG_PI_ASIDE = re.compile(r"\s*\(\s*(?:prof(?:essor)?\.?|dr\.?)\s+([A-Z][^()]{2,60}?)\s*\)$", re.I)
_LANGUAGES_LINE = re.compile(r"(?:spoken\s+|foreign\s+|natural\s+)?languages?\s*:\s*([^:\n]{2,200}?)\s*$", re.I)


def _org_entries_over_items(nodes: list[Node]) -> list[Node]:
    """An entry macro naming only an organization (and its place), with no role and no date, over
    dated items each opening on a role (\\resumeSubheading{Lorem University}{City, ST}{}{} then
    "\\item Research Assistant, Physics Department (May 2020 - June 2022)"): a group headed by the
    organization, whose items are its posts (the organization had been read as a post of its own,
    the departments as the posts' organizations)."""
    out: list[Node] = []
    group: Node | None = None
    for n in nodes:
        if n.kind == "macro":
            group = None
            fields = [f for f in node_fields(n) if f]
            if 1 <= len(fields) <= 2 and period_in(fields)[1] is None and \
                    (INSTITUTION_WORDS.search(fields[0]) or ORG_WORDS.search(fields[0])) and \
                    not any(ROLE_WORDS.search(f) for f in fields) and \
                    (len(fields) == 1 or _PLACE_ARG.fullmatch(fields[1]) or _place_only(fields[1])):
                group = Node("group", name="\0para", args=[fields[0]], pos=n.pos)
                out.append(group)
                out.append(n)           # (taken out again below when dated posts follow it)
                continue
        elif n.kind == "item" and group is not None and (f := node_fields(n)) and period_in(f)[1] is not None \
                and ROLE_WORDS.search(f[0].split(",")[0]):
            group.children.append(n)
            continue
        elif n.kind != "item":
            group = None
        out.append(n)
    if not any(g.kind == "group" and g.name == "\0para" and g.children for g in out):
        return nodes
    # the organization's own macro goes where its group has posts; a group with none is dropped
    return [m for i, m in enumerate(out)
            if not (m.kind == "group" and m.name == "\0para" and not m.children)
            and not (i > 0 and out[i - 1].kind == "group" and out[i - 1].name == "\0para" and out[i - 1].children
                     and m.kind == "macro" and m.pos == out[i - 1].pos)]


def _under_subheadings(nodes: list[Node]) -> list[Node]:
    """Paragraphs under a styled sub-heading paragraph ("\\emph{Ridge University}" then
    "\\ind 2011--2015. Lecturer." …): a group headed by it, when dated paragraphs follow; the
    paragraphs as they are otherwise."""
    def heading(n: Node) -> bool:
        text = one_line(n.head)
        return bool(_STYLED_LINE.match(n.head)) and 0 < len(text.split()) <= 10 and not find_period(text) and \
            "\n" not in tex_text(n.head).strip()

    if not any(heading(n) for n in nodes):
        return nodes
    out: list[Node] = []
    group: Node | None = None
    for n in nodes:
        if heading(n):
            group = Node("group", name="\0para", args=[n.head], pos=n.pos)
            out.append(group)
        elif group is not None:
            group.children.append(n)
        else:
            out.append(n)
    if not any(g.kind == "group" and any(period_in(node_fields(c))[1] is not None for c in g.children) for g in out):
        return nodes
    # a sub-heading with nothing under it is a paragraph again
    return [g if g.kind != "group" or g.children else Node("text", head=g.args[0], pos=g.pos) for g in out]


def _joined_macro_lines(first: str, lines: list[Node], pos: int) -> Node:
    """One entry from the one-argument macro lines that make it up, a line each ('|'
    separating the parts of a line: "Jun 2022 | Porto Alegre, Brazil")."""
    heads = [first, *(n.head for n in lines)]
    parts = [p.strip() for h in heads for p in re.split(r"(?<!\\)\|", h) if p.strip()]
    return Node("item", name=lines[0].name if lines else "", head=" \\\\ ".join(parts),
                details=[d for n in lines for d in n.details], pos=pos)


def _one_line_macro_entries(nodes: list[Node]) -> list[Node]:
    """Entries written as one-argument macro lines, one part per line (Deedy's
    \\runsubsection{Org} \\descript{| Role} \\location{Dates | Place}, or \\subsection{School}
    then \\descript{Degree} \\location{Date | Place}): each line was read as an entry of its own.
    A subsection holding only such lines is one entry headed by its title; a section made only of
    such lines, two or more kinds of them, is cut into entries where the first kind recurs."""
    def one_line_macro(n: Node) -> bool:
        return n.kind == "item" and n.name not in ("", "item") and not n.children

    out: list[Node] = []
    for n in nodes:
        if n.kind == "group" and SUBSECTION_MACRO.match(n.name) and n.args and n.children and \
                all(one_line_macro(c) for c in n.children) and len({c.name for c in n.children}) >= 2:
            out.append(_joined_macro_lines(n.args[0], n.children, n.pos))
        else:
            out.append(n)
    if len(out) >= 3 and all(one_line_macro(n) for n in out) and len({n.name for n in out}) >= 2 and \
            sum(1 for n in out if n.name == out[0].name) >= 2:
        runs: list[list[Node]] = []
        for n in out:
            if n.name == out[0].name or not runs:
                runs.append([n])
            else:
                runs[-1].append(n)
        out = [_joined_macro_lines(r[0].head, r[1:], r[0].pos) if len(r) > 1 else r[0] for r in runs]
    return out


# moderncv's labelled lines under an entry, \cventry{2007--2011}{Ph.D. Psychology}{Lorem University}…
# then \cvitem{Title}{…} \cvitem{Supervisor}{…} \cvitem{Team}{…} \cvitem{}{Lecturing to 200 students}
_ENTRY_DETAIL_LABEL = re.compile(
    r"(?:(?:thesis|dissertation|project|research)\s+)?(?:title|topic|subject)|(?:co-?)?(?:advis[oe]rs?|supervisors?|"
    r"mentors?|hosts?)|(?:research\s+)?(?:team|group|lab)|description|details?|grade|gpa|keywords?|focus|tasks?",
    re.I)


_WHOLE_REF_YEAR = re.compile(r"\b(?:19[5-9]\d|20[0-4]\d)\b")


def _period_index(fields: list[str]) -> tuple[list[str], int | None]:
    """The fields and the index of the one holding the period (for without_period)."""
    return fields, period_in(fields)[1]


def _subheading_kind(title: str) -> str | None:
    """The kind of a sub-heading as section() reads it: "Conference & school talks" names talks
    (section_kind reads "conference" as papers); "Conferences" alone, under publications, lists
    conference papers."""
    kind = section_kind(title)
    if kind == "publications" and re.search(r"\b(?:talks?|presentations?|seminars?)\b", title, re.I) and \
            not re.search(r"paper|publication|proceeding|article|journal|abstract|poster", title, re.I):
        return "talks"
    return kind


def _entry_detail_lines(nodes: list[Node]) -> list[Node]:
    r"""A \cvitem (or \cvline) with a detail label (Title, Supervisor, Team) or no label, just
    after a \cventry-like macro of four or more arguments, is a line of that entry: each was read
    as an entry of its own (an education "Title", a post "Supervisor Professor …"). A \cvitem with
    any other label (a year, "Programming") stays an entry."""
    out: list[Node] = []
    for n in nodes:
        if n.kind == "group" and n.children:
            n.children = _entry_detail_lines(n.children)
        prev = out[-1] if out else None
        if n.kind == "macro" and n.name.lower() in ("cvitem", "cvline") and len(n.args) >= 2 and \
                prev is not None and prev.kind == "macro" and len(prev.args) >= 4 and \
                prev.name.lower() in ("cventry", "cvevent", "cvdoubleentry", "cvitemwithcomment") and \
                ((label := one_line(n.args[0]).strip(" :")) == "" or _ENTRY_DETAIL_LABEL.fullmatch(label)) and \
                one_line(n.args[1]):
            prev.details.append(f"{label}: {n.args[1]}" if label else n.args[1])
            continue
        out.append(n)
    return out


def _merge_continuation_rows(nodes: list[Node]) -> list[Node]:
    """Nodes continuing the entry above them, not entries of their own:
    - a table row with an empty first cell, or only an aside there ("(expected)"), and no date
      ("& Advisor: A. Roe &"): a detail of the row before it;
    - a "sub" variant of the entry macro before it (\\cvline{Degree}{2014--2018} then
      \\cvsubline{University}{}): more arguments of that entry;
    - undated list items after a dated entry macro: its description."""
    out: list[Node] = []
    for node in nodes:
        if node.kind == "group" and node.children:
            node.children = _merge_continuation_rows(node.children)
        prev = out[-1] if out else None
        if node.kind == "macro" and prev is not None and prev.kind == "macro" and \
                re.sub(r"sub", "", node.name, count=1, flags=re.I).lower() == prev.name.lower() != node.name.lower():
            prev.args = [*prev.args, *node.args]
            prev.details.extend(node.details)
            continue
        if node.kind == "item" and prev is not None and \
                (prev.kind == "macro" or prev.kind == "row" and (len(one_line(node.head).split()) >= 6 or
                                                                 one_line(node.head).endswith("."))) and \
                period_in(node_fields(node))[1] is None and period_in(node_fields(prev))[1] is not None:
            # (also a sentence in a list under a dated table row, res.cls "\begin{tabular}{p{3in} r}
            # Lorem Labs & From June 2014 to May 2015 \end{tabular} \begin{itemize} \item[] Worked on
            # …": what was done there, no entry of its own)
            prev.details.append(" ".join([node.head, *node.details]))
            continue
        if node.kind == "row" and out and out[-1].kind == "row" and len(node.args) >= 2:
            first = one_line(node.args[0])
            if (not first or re.fullmatch(r"\(.*\)", first)) and period_in(node_fields(node))[1] is None:
                text = " ".join(f for f in arg_fields(node.args[1:]) if f)
                if text:
                    out[-1].details.append(text)
                continue
        out.append(node)
    return out


# a proficiency alone, in English, Spanish, French, German, Portuguese or Italian
_LEVEL_ONLY = re.compile(r"(?:native|mother tongue|fluent|bilingual|proficient|intermediate|basic|beginner|elementary|"
                         r"advanced|conversational|working(?: proficiency)?|professional(?: proficiency)?|[ABC][12]|"
                         r"nativ[oa]|lengua materna|fluido|fluida|intermedio|intermedia|b[áa]sico|b[áa]sica|avanzado|"
                         r"avanzada|langue maternelle|courant|interm[ée]diaire|notions|d[ée]butant|"
                         r"muttersprache|flie(?:ß|ss)end|grundkenntnisse|gut|sehr gut|fluente|madrelingua|"
                         r"avan[çc]ado|intermedi[áa]rio|buono|ottimo)(?:\s+level)?\.?", re.I)
_LABELLED_DETAIL = re.compile(r"\s*[^\s:：]{1,12}(?:\s[^\s:：]{1,12})?\s*[:：]\s*(?:\S|$)")


_DEGREE_IN_FIELD = re.compile(r"(\S+(?:\s\S+)?)\s+(?:in|of)\s+[A-Z]")


def _degree_entry(fields: list[str]) -> bool:
    """An entry of a positions section that is a degree: one field is only a degree's name
    ("PhD.", "MSc."), another names an institution, and none names a role."""
    deg = [f for f in fields if f and len(f.split()) <= 3 and DEGREE_RE.fullmatch(f.strip(" ."))]
    named = [f for f in fields if f and len(f.split()) <= 10 and (m := _DEGREE_IN_FIELD.match(f)) and DEGREE_RE.fullmatch(m.group(1))]
    if not deg and len(named) == 1 and fields and named[0] == next((f for f in fields if f and not date_only(f)), None):
        # moderncv \cventry{2018--2024}{PhD in Computer Science}{Lorem University}… among the posts:
        # the entry's title is a degree in a field, which no post's title is
        return not any(ROLE_WORDS.search(f) for f in fields if f and f != named[0] and len(f.split()) <= 8)
    if len(deg) != 1:
        return False
    others = [f for f in fields if f and f not in deg and not date_only(f)]
    return any(INSTITUTION_WORDS.search(f) for f in others) and \
        not any(ROLE_WORDS.search(f) for f in others if len(f.split()) <= 8)


# "…, talk: Title", "…, PICO talk: Title", "poster: Title": the kind of a talk labelling its title
_TALK_KIND_LABEL = re.compile(r"(?:^|[,;.]\s*)(?:(?:invited|keynote|contributed|oral|plenary|pico|poster|short|lightning)\s+)?"
                              r"(?:talk|poster|presentation|seminar|lecture)\s*:\s*(?P<title>\S.*)$", re.I)
_TRAILING_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")
_EVENT_ASIDE = re.compile(r"\s*\(\s*([A-Z0-9][^()]{1,120}?)\s*\)$")
_NOT_EVENT_ASIDE = re.compile(r"(?:invited|keynote|contributed|oral|plenary|poster|talk|virtual|online|remote|with|joint|"
                              r"in\s+\w+$|co-?|presented|given|video|slides|recording|abstract|[\d\s,–-]+$)", re.I)
_TALK_KIND_LEAD = re.compile(r"\s*(?:(?:invited|keynote|contributed|oral|plenary|poster|short|lightning|spotlight|seminar)\s+)?"
                             r"(?:talk|poster|presentation|lecture)s?(?:\s*[,:;–—-]\s*|\s+(?=[A-Z0-9]))", re.I)
_UNIT_TAIL = re.compile(r"\b(?:lab(?:oratory)?|group|team|department|dept|division|cent(?:er|re)|unit|"
                        r"research and development|r\s?&\s?d)\b", re.I)


def _small_caps_place(text: str) -> str:
    """A place set in small capitals and written in lower case ("san diego, ca") as it is
    spelled ("San Diego, CA"); any other text as it is."""
    if not text.islower() or len(text) > 60:
        return text
    parts = [p.strip() for p in text.split(",")]
    return ", ".join(p.upper() if len(p) == 2 and i == len(parts) - 1 else p.title() for i, p in enumerate(parts))


def _logo_moved(node: Node) -> tuple[str, str] | None:
    r"""moderncv's \cventry whose third argument (the institution or employer) holds only a logo
    (\includegraphics), its fourth a short place and its fifth a name: (place, name)."""
    if node.kind != "macro" or node.name != "cventry" or len(node.args) < 5 or \
            "\\includegraphics" not in node.args[2] or one_line(node.args[2]):
        return None
    place, name = one_line(node.args[3]), one_line(node.args[4])
    if not place or not name or len(place.split()) > 3 or len(name.split()) > 8 or "," in name or \
            date_only(name) or _LIST_IN_ARG.search(node.args[4]):
        return None
    return place, name


# an italic span in marked text ("*Title*", not the "**" of bold)
_ITALIC_SPAN = re.compile(r"(?<!\*)\*(?!\*)([^*]{3,400}?)(?<!\*)\*(?!\*)")


def _words_beside_date(text: str) -> int:
    """How many words a field holds besides its date (-1: no date): "Aug. 2019" 0, "Lorem Summer
    School 2019" 3."""
    found = find_period(text)
    if not found:
        return -1
    a, b = found[1]
    return len(re.findall(r"[^\W\d_]{3,}", text[:a] + " " + text[b:]))


def _quoted_title_lines(head: str) -> list[tuple[int, str]]:
    """The lines of a paragraph (parted by \\\\) when two or more hold text and every one of
    them opens with a quoted title; (offset, line) each. Empty otherwise."""
    lines, start = [], 0
    for m in [*_TEX_LINE_BREAK.finditer(head), None]:
        end = m.start() if m else len(head)
        if (text := one_line(head[start:end])):
            lines.append((start, head[start:end], text))
        start = m.end() if m else end
    if len(lines) < 2 or not all(_QUOTED_START.match(t) for _, _, t in lines):
        return []
    return [(at, line) for at, line, _ in lines]


def _authors_only(text: str, subject: str) -> bool:
    """The text is an author list and nothing else (two or more authors, or the subject)."""
    if not text or len(text) > 400 or any(c.isdigit() for c in text) or _QUOTED_START.search(text):
        return False
    parsed = split_authors(text.strip(" ."), subject)
    return bool(parsed) and (len(parsed[0]) >= 2 or parsed[0][0].is_subject)


_ABSTRACT_ENV = re.compile(r"\\begin\s*\{(quote|quotation|abstract)\}.*?\\end\s*\{\1\}", re.S)
_ABSTRACT_WORD = re.compile(r"(?:abstract|summary)\b", re.I)
_BOLD_OPEN_AT_END = re.compile(r"(?:\\text(?:bf|it)\s*\{|\{\\bf)[ \t]*$")


def _without_abstract(head: str) -> str:
    """An item's LaTeX without the abstract set under its reference: a quote environment, or a
    paragraph of its own opening on "Abstract" (its environment already gone)."""
    if "\\begin" in head:
        head = _ABSTRACT_ENV.sub("", head)
    for m in _ABSTRACT_WORD.finditer(head):
        before = _BOLD_OPEN_AT_END.sub("", head[:m.start()][-40:])
        kept = head[:m.start() - 40 if m.start() > 40 else 0] + before
        text = kept.rstrip(" \t\n")
        if kept[len(text):].count("\n") >= 2:
            return text
    return head


_EMPHASIS = re.compile(r"(?<!\*)\*([^*]{2,200})\*(?!\*)")


def _keep_quoted_title(pub: Publication, text: str, subject: str) -> None:
    """An item that opens on its quoted title keeps it as the title ("“Title” with A and B.
    *Conditionally accepted* at *Journal*": the emphasised status was read as the title and the
    rest as the venue); "with A, B and C" after it names the subject's co-authors (economics
    CVs), and the emphasised words after that give the status and the venue."""
    q = _QUOTED_TITLE.search(text)
    if not q or q.start() > 3 or len(q.group(1).split()) < 2:
        return
    quoted = " ".join(q.group(1).replace("*", "").split()).strip(" ,.;:")     # (emphasis inside the title)
    after = text[q.end():].strip(" ,.;:")
    if "with" in after and "://" in after:
        # "(with \href{https://…}{A. Roe})": a co-author's linked page is no part of the names
        after = _URL_IN_TEXT.sub("", after).replace(" ,", ",").replace(" )", ")")
    wm = re.match(r"\(?with\s+([^()*.]{3,300}?)(?:\)|\.(?=\s|$)|$)", after)
    same = pub.title.strip(" ,.;:“”\"") == quoted.strip("“”\"")
    if same and not wm:
        return
    pub.title = quoted
    if wm and not pub.authors and subject and (parsed := split_authors(wm.group(1), None)):
        pub.authors = [Author(name=subject, is_subject=True), *parsed[0]]
        after = after[wm.end():]
    if same and pub.venue and not re.match(r"\(?with\b", pub.venue) and quoted not in pub.venue:
        return        # (the venue read after the co-authors stands: "*R&R at Journal*")
    status, venue = None, None
    for em in _EMPHASIS.findall(after):
        em = em.strip(" ,.;:")
        # ("Conditionally accepted", "Forthcoming": published as far as the four statuses go, even
        # under a "Working Papers" heading)
        st = publication_status(em) or ("published" if re.fullmatch(r"(?:(?:conditionally|provisionally)\s+)?accepted|"
                                                                    r"forthcoming|in\s+press|to\s+appear", em, re.I) else None)
        if st and len(em.split()) <= 4:
            status = status or st
        elif em:
            venue = em
    if status:
        pub.status = status
    if venue:
        pub.venue = venue
    elif pub.venue and (re.match(r"\(?with\b", pub.venue) or quoted in pub.venue):
        pub.venue = None        # (the co-author note or the whole line was read as the venue)


# a status in the year's place after the authors ("…. Forthcoming (2012). Title")
_STATUS_IN_YEAR_SLOT = re.compile(r"\.\s+(forthcoming|accepted|in press|to appear|under review|submitted)"
                                  r"(?:\s*\(((?:19|20)\d\d)\))?\.\s+", re.I)
# skill macros of two labelled groups (moderncv)
_TWO_LABEL_MACROS = {"cvcomputer", "cvdoubleitem"}
# an item whose label was set as its first column ("\item[Software] …" → "Software \hfill …")
_LABEL_COLUMN = re.compile(r"\s*[^\\\n{}]{1,40}?\s*\\hfill\b")
# a line holding only a DOI, a link or a link's word (what an item puts after a line break)
_LINK_ONLY = re.compile(r"(?:doi\s*:?\s*10\.\S+|https?://\S+|arxiv\s*:\s*\S+|\[?(?:pdf|link|code|slides|preprint|html)\]?)"
                        r"[\s.,;]*", re.I)
# a bold sub-heading inside a publication list ("Journals", "Conference Papers", "Posters and Demos")
_PUB_SUBHEADING = re.compile(r"(?:(?:refereed|peer[- ]reviewed|selected|international|national|other|invited)\s+)?"
                             r"(?:journals?(?:\s+(?:papers|articles|publications))?|conferences?(?:\s+(?:papers|proceedings|"
                             r"publications))?|workshops?(?:\s+papers)?|posters?(?:\s+(?:and|&)\s+demos?)?|demos?|books?|"
                             r"book chapters|chapters|preprints|working papers|articles|papers|proceedings|theses|"
                             r"technical reports|reports|abstracts|patents)\s*:?", re.I)
# "Research", "Current Research", "Research Work": a heading that lists papers on some CVs and
# research posts on others
_RESEARCH_HEADING = re.compile(r"(?:(?:current|ongoing|selected|recent)\s+)?research(?:\s+(?:work|activities))?", re.I)
_QUOTED_START = re.compile(r"[\"\u201c\u201d\u00ab]|''|``")


def _research_kind(nodes: list[Node]) -> str | None:
    r"""What a "Research" section lists, by its entries: quoted titles are papers ("Free Riding
    the Wave?" with A. Roe), dated entries with a role are posts (\pSubsection{Lab}{City}{2013-2015}
    {Graduate Intern}); anything else stays unread."""
    entries = [n for n in nodes if n.kind in ("item", "text", "group", "macro")]
    if not entries:
        return None
    quoted = sum(1 for n in entries if _QUOTED_START.match(one_line(n.head) if n.kind in ("item", "text")
                                                            else one_line(n.args[0]) if n.args else ""))
    if 2 * quoted > len(entries):
        return "publications"
    posts = 0
    for n in entries:
        fields = node_fields(n)
        if period_in(fields)[1] is not None and any(ROLE_WORDS.search(f) for f in fields if not date_only(f)):
            posts += 1
    return "positions" if 2 * posts > len(entries) else None


# (a post, and the words that name a body rather than a post in it: "Lorem Program Committee")
_SERVICE_POST = re.compile(SERVICE_ROLE_WORDS.pattern[:-3] + r"|coordinator|representative|delegate|interviewer|"
                           r"organizing|co-organizer|ambassador|liaison|treasurer|secretary)\b", re.I)
_VENUE_YEAR_ITEM = re.compile(r"([A-Z][\w&'’./ -]{1,80}?)(?:\s+'?((?:19|20)?\d\d))?")


def _reviewed_venues(text: str) -> list[tuple[str, str | None]]:
    """'ACL ARR 2022, EMNLP 2021, Journal of Lorem' after a reviewer label: each venue with its
    year (four digits, or "'21" given its century); empty unless it is two or more such items."""
    items = [i.strip() for i in text.rstrip(" .").split(",")]
    out = []
    for item in items:
        m = _VENUE_YEAR_ITEM.fullmatch(item)
        if not m or len(m.group(1).split()) > 8:
            return _venues_with_years(text)
        year = m.group(2)
        if year and len(year) == 2:
            year = "20" + year
        out.append((m.group(1).strip(), year))
    return out if len(out) >= 2 else []


_YEAR_TOKEN = r"(?:'\d\d|(?:19|20)\d\d)"
_YEARS_RUN = re.compile(r"\s*\(\s*" + _YEAR_TOKEN + r"(?:\s*[,;.]\s*" + _YEAR_TOKEN + r")*\s*\)|\s+" + _YEAR_TOKEN +
                        r"(?:\s*[,;.]\s*" + _YEAR_TOKEN + r")*")
_SHORT_ASIDE = re.compile(r"\s*\([^()]{0,40}\)")


def _venues_with_years(text: str) -> list[tuple[str, str | None]]:
    """'ICLR '24, '25 | ICML '22 (top reviewer) | TPAMI '24', 'Lorem (2019, 2022), Lorem Asia
    (2022)': venues parted by bars, or by commas outside brackets, each with its years; the first
    year is the entry's. Empty unless two or more venues, each a short name."""
    if "|" in text:
        parts = text.split("|")
    else:
        parts, depth, start = [], 0, 0
        for k, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")" and depth > 0
            if ch == "," and depth == 0:
                parts.append(text[start:k])
                start = k + 1
        parts.append(text[start:])
    out: list[tuple[str, str | None]] = []
    for part in (p.strip(" .;") for p in parts):
        if not part:
            continue
        if re.fullmatch(_YEAR_TOKEN, part):
            continue            # a further year of the venue before ("Lorem 2019, 2021")
        years = re.findall(_YEAR_TOKEN, part)
        name = _SHORT_ASIDE.sub("", _YEARS_RUN.sub("", part)).strip(" ,.;")
        if not name or len(name.split()) > 8 or not name[:1].isupper() or not years:
            return []
        year = years[0].lstrip("'")
        out.append((name, "20" + year if len(year) == 2 else year))
    return out if len(out) >= 2 else []


_ONE_NAMED_VENUE = re.compile(r"[^()]{3,200}\(\s*[A-Z][A-Za-z&.\-]{1,14}\s*\)[\s.]*")
_SERVICE_BODY = re.compile(r"\b(?:committee|council|board|society|association|department|conference|competition|"
                           r"datafest|club|union)\b", re.I)
_ACRONYM_FIELD = re.compile(r"\(\s*[A-Z][A-Za-z&.\-]{1,12}\s*\)")
# the post held on a committee, written after its name ("Graduate Council, member", "Search
# Committee (tenure-line), chair", "Review Board, vice chair and member (since 2017)")
_POST_WORD = r"(?:(?:vice|co)[- ]?)?(?:chair(?:person)?|member|organi[sz]er|advisor|adviser|president|secretary|treasurer|" \
             r"alternate|representative|coordinator|liaison|editor|reviewer|referee)"
_TRAILING_POST = re.compile(r"(?P<body>[^,]{3,150}?),\s*(?P<post>(?:(?:founding|associate|elected|ex[- ]officio|faculty|student)\s+)?"
                            + _POST_WORD + r"(?:\s*(?:and|&|/)\s*" + _POST_WORD + r")?)(?:\s*\((?P<note>[^()]{1,40})\))?\s*\.?")
# the post, then the body or venue it served ("Editorial board member, \textit{Journal}")
_LEADING_POST = re.compile(r"(?P<post>[^,]{2,60}?\b" + _POST_WORD + r"s?),\s*(?P<body>[^,].{1,150})", re.I)


def _post_and_body(text: str) -> tuple[str, str] | None:
    """'Graduate Council, member' / 'Editorial board member, Lorem Studies': (post, body) when one
    side of the comma is a post only and the other names what was served; None otherwise."""
    if "," not in text:
        return None
    if (m := _TRAILING_POST.fullmatch(text)) and m.group("post")[:1].islower() and not _SERVICE_POST.fullmatch(m.group("body").strip()):
        # (lower case after the comma: a post in running text, not "Lorem Society, Member States")
        return m.group("post"), m.group("body").strip()
    if (m := _LEADING_POST.fullmatch(text)) and len(m.group("post").split()) <= 5 and \
            not _SERVICE_POST.search(m.group("body")) and "," not in m.group("body"):
        return m.group("post").strip(), m.group("body").strip()
    return None


def _join_acronym_fields(fields: list[str]) -> list[str]:
    r"""An argument that is only the acronym of the one before it ("American Lorem Association",
    "(ALA)") joins it: one organization, not a role and an organization."""
    out: list[str] = []
    for f in fields:
        if out and out[-1] and _ACRONYM_FIELD.fullmatch(f.strip()):
            out[-1] = f"{out[-1].rstrip()} {f.strip()}"
        else:
            out.append(f)
    return out


def _heading_with_dated_role(group: Node, role: re.Pattern[str]) -> Node | None:
    r"""A subsection that names the organization, with one dated line under it that names only
    the role, and bullets (\subsection{Lorem Lab, Ridge University}[City] \begin{positions}
    \entry{Research Intern}{June 2017 -- July 2018} \end{positions} \begin{itemize} …): one
    entry, its organization the heading's (else the role was read as the organization)."""
    if not group.args or not one_line(group.args[0]) or period_in(node_fields(group))[1] is not None:
        return None
    dated = [c for c in group.children if c.kind == "macro" and period_in(node_fields(c))[1] is not None]
    if len(dated) != 1 or any(c.kind not in ("item", "text") for c in group.children if c is not dated[0]):
        return None
    cf = node_fields(dated[0])
    named = [f for f in without_period(cf, period_in(cf)[1]) if f]
    heading = one_line(group.args[0])
    # (the dated line names a role and the heading does not: "\subsection{Assistant Instructor,
    # Lorem University} \datedline{GEO 301}{Fall 2017}" is the other way round)
    if len(named) != 1 or not role.search(named[0]) or (role.search(heading) and not ORG_WORDS.search(heading)
                                                         and not INSTITUTION_WORDS.search(heading)):
        return None
    return Node("macro", name=dated[0].name, args=[*dated[0].args, *group.args], opts=list(group.opts),
                pos=dated[0].pos, details=list(dated[0].details))


_AWARD_HEADING = re.compile(r"\b(?:honou?rs?|awards?|prizes?|distinctions?)\b", re.I)
_RECEIVED_AWARD = re.compile(r"(?:(?:was\s+)?(?:the\s+)?recipient\s+of|received|was\s+awarded|awarded)\s+(?:an?\s+|the\s+)?"
                             r"(?P<name>.{4,160}?)\s+in\s+(?:the\s+(?:years?\s+)?)?(?P<year>(?:19|20)\d\d)\b.{0,300}", re.I)
_GRANT_AMOUNT = re.compile(r"\s*\((?:USD|US\$|HKD|CAD|AUD|EUR|GBP|CHF|RMB|CNY|\$|€|£)\s?\$?\d[\d,.]{0,12}\s?(?:[kKM]|million)?\)")
_AWARD_TAIL = re.compile(r",?\s+as\s+(?:co-?)?PI\b.*$|(?<=[a-z)])\.\s+(?:Project|Title|Amount|Role|Ref)\b\s*:.*$", re.S)
_YEAR_REST = re.compile(r"^/\s?\d{2}\s*:\s*")
_ITALIC_ASIDE = re.compile(r"\(\s*\\(?:textit|emph|textsl)\s*\{([^{}]{12,300})\}\s*\)")
_AWARD_REASON = re.compile(r"\s*\((?=(?:awarded|given|granted|presented|for|to|make|made|in recognition|"
                           r"recogni[sz]ing|based on|selected)\b)[^()]{12,300}\)(?=\s*(?:[,;]|$|at\b|in\b))", re.I)
_REMOTE = re.compile(r"remote(?:ly)?|online|virtual", re.I)
_ROLE_LINE_MACRO = re.compile(r"(?:job)?role|jobtitle|position(?:title)?", re.I)


def _with_role_lines(nodes: list[Node]) -> list[Node]:
    r"""A role line under a dated entry (a resume class of \datedsubsection and \role: \datedsubsection{\textbf{Lorem
    Labs}, City}{2022 -- 2023} then \role{Research Intern}{(Python/C++)}): the entry's title, one
    entry with it, not an entry of its own."""
    out: list[Node] = []
    for n in nodes:
        prev = out[-1] if out else None
        if n.kind == "macro" and _ROLE_LINE_MACRO.fullmatch(n.name) and n.args and prev is not None and \
                prev.kind == "macro" and prev.name != n.name and period_in(node_fields(prev))[1] is not None and \
                period_in(node_fields(n))[1] is None:
            prev.args = [*prev.args, n.args[0]]
            # (the note after the role, "(Python/C++)", describes the work)
            prev.details[:0] = [a for a in n.args[1:] if a.strip()]
            prev.details.extend(n.details)
            continue
        out.append(n)
    return out


def _date_column_item(node: Node) -> bool:
    """An item whose date stands in a field of its own ("\\item Course \\hfill {\\it Fall 2013}"), not
    a year inside its sentence ("\\item Designed the logging, VLDB, 2016.")."""
    fields = node_fields(node)
    di = period_in(fields)[1]
    return di is not None and date_only(fields[di])


def _award_lines(fields: list[str]) -> list[tuple[str, str]] | None:
    """A paragraph's fields read as awards one a line, each name followed by its date ("A", "2017",
    "B", "2015 - 2018"), under an undated label line or none: the (name, date) pairs, or None.
    Two awards at least, or one with an award's word under a label with none."""
    label, body = (fields[0], fields[1:]) if len(fields) % 2 else (None, fields)
    names, dates = body[0::2], body[1::2]
    if label is not None and (date_only(label) or find_period(label) is not None or len(label.split()) > 10):
        return None
    if not all(date_only(d) for d in dates) or any(date_only(n) or not _WORD.search(n) or len(n.split()) > 20 for n in names):
        return None
    if len(names) < 2 and not (label is not None and _AWARD_WORD.search(names[0]) and not _AWARD_WORD.search(label)):
        return None
    return list(zip(names, dates))


class _LatexExtractor:
    def __init__(self, doc: SourceDocument, record: CVRecord, raw: str):
        self.doc = doc
        self.r = record
        self.raw = raw
        self.bare_interests: list[Node] = []     # (the entries under a bare "Interests" heading)

    def line(self, pos: int) -> int:
        return self.raw.count("\n", 0, pos) + 1

    def note(self, text: str) -> None:
        self.r.report.skipped.append(text)

    # -- dispatch ---------------------------------------------------------------------
    def _dated_paragraphs_with_lists(self, sec: Section, nodes: list[Node], service: bool = False) -> list[Node] | None:
        """Dated paragraphs, each with an undated list under it ("\\textbf{Ridge University} \\hfill
        2016 \\\\ Ph.D., Geology" then "\\item Thesis: …"): the paragraphs are the entries, the items
        their details. An undated paragraph may head a list of items each with its date in a field of
        its own ("{\\bf Teaching Assistant}" over "\\item TA for Prof. Roe, Course \\hfill {\\it Fall
        2013}"): those items stay entries. None when the section is not of this shape."""
        undated = all(period_in(node_fields(n))[1] is None for n in nodes)
        paras = [p for p in self._loose_nodes(sec, subheadings=False) if p.kind == "text"]
        ordered = sorted([*paras, *nodes], key=lambda n: n.pos)
        kept: set[int] = set()          # the dated items under an undated heading paragraph
        bodies: dict[int, Node] = {}    # the dated roles under a dated paragraph naming a body
        head = None
        for n in ordered:
            if n.kind == "text":
                head = n
            elif head is not None and _date_column_item(n):
                if period_in(node_fields(head))[1] is None:
                    kept.add(id(n))
                elif service and (hf := [f for f in node_fields(head) if f]) and not date_only(hf[0]) and \
                        not SERVICE_ROLE_WORDS.search(hf[0]) and not ROLE_WORDS.search(hf[0]):
                    # "{\sl Lorem Society} \hfill 2013 - 2018 \\ University" over "\item President \hfill
                    # 2016 - 2017": the society's roles, each its own entry
                    bodies[id(n)] = head
                    kept.add(id(n))
        if not undated and not (kept and all(id(n) in kept or not _date_column_item(n) for n in nodes)):
            return None
        if not any(period_in(node_fields(p))[1] is not None for p in paras):
            return nodes if undated else None
        merged: list[Node] = []
        groups: dict[int, Node] = {}
        for n in ordered:
            if id(n) in bodies:
                body = bodies[id(n)]
                if id(body) not in groups:
                    groups[id(body)] = Node("group", name="\0para", args=[[f for f in node_fields(body) if f][0]], pos=body.pos)
                    if merged and merged[-1] is body:
                        merged[-1] = groups[id(body)]
                    else:
                        merged.append(groups[id(body)])
                groups[id(body)].children.append(n)
            elif n.kind == "item" and merged and merged[-1].kind == "text" and id(n) not in kept:
                merged[-1].details.append(" ".join([n.head, *n.details]))
            else:
                merged.append(n)
        return merged

    def section(self, sec: Section) -> None:
        title = one_line(sec.title)
        kind = section_kind(title)
        if kind is None and title and (other := classify_heading(title)) in _TEXT_KINDS:
            kind = other    # a heading the text reader knows: "Ausbildung", "Expérience professionnelle", "Schooling"
        nodes = list(sec.nodes)
        if not nodes and sec.loose:
            nodes = self._loose_nodes(sec)
        elif nodes and sec.loose and all(n.kind == "item" for n in nodes) and \
                (merged_nodes := self._dated_paragraphs_with_lists(sec, nodes, kind == "service")) is not None:
            nodes = merged_nodes
        elif nodes and sec.loose and kind == "education":
            # res.cls: a dated paragraph naming a degree ("{\bf Lorem University} \hfill {\em 2015 --
            # Present} \\ B.Sc. in Physics") beside \rSubsection groups (a summer school, activities)
            # is an entry too (loose text beside groups was dropped)
            paras = [p for p in self._loose_nodes(sec, subheadings=False) if p.kind == "text"
                     and period_in(node_fields(p))[1] is not None and DEGREE_RE.search(tex_text(p.head))]
            if paras:
                nodes = sorted([*paras, *nodes], key=lambda n: n.pos)
        if sec.nodes and sec.loose and kind == "skills":
            # labelled lines beside a list ("\textbf{Skilled in:} Python, Git" above "\textbf{Used:}"
            # and its items): the lines name skills too (they were dropped)
            nodes = sorted([*nodes, *(p for p in self._loose_nodes(sec, subheadings=False) if p.kind == "text")],
                           key=lambda n: n.pos)
        if any(n.kind == "macro" and n.name.lower() in ("cvitem", "cvline") or n.kind == "group" for n in nodes):
            nodes = _entry_detail_lines(nodes)
        nodes = _with_role_lines(_merge_continuation_rows(_split_bulleted(_one_line_macro_entries(nodes))))
        if kind == "positions" and any(n.kind == "macro" for n in nodes):
            nodes = _org_entries_over_items(nodes)
        if kind in ("publications", "talks") or kind is None and classify_heading(title) in ("publications", "talks"):
            nodes = self._authors_then_reference(nodes)
        subsections = [n for n in nodes if n.kind == "group" and SUBSECTION_MACRO.match(n.name) and n.args]
        if kind is None and any(section_kind(one_line(n.args[0])) for n in subsections):
            # "Academic Accolades" → \subsection{Grants and Fellowships}, \subsection{Prizes}: each
            # subsection is read by its own heading
            outer, self.outer_title = getattr(self, "outer_title", ""), title
            for n in nodes:
                if n in subsections:
                    self.section(Section(title=n.args[0], pos=n.pos, nodes=list(n.children),
                                         loose=_loose_under(sec, n, subsections)))
                else:
                    self.note(f"entry at line {self.line(n.pos)} of section '{title}' (unrecognised) not mapped")
            self.outer_title = outer
            return
        if kind in ("positions", "publications") and subsections:
            # "Professional Experience" → \subsection{Research}, \subsection{Teaching}; "Publications
            # & Talks" → \subsection{Conference & school talks}: a sub-heading of another kind (the
            # courses, the talks) is read by its own heading; the courses were posts, the talks papers
            own = [n for n in subsections if _subheading_kind(one_line(n.args[0])) not in (None, kind)
                   and _subheading_kind(one_line(n.args[0])) in ("teaching", "talks")]
            if own:
                for n in own:
                    self.section(Section(title=n.args[0], pos=n.pos, nodes=list(n.children),
                                         loose=_loose_under(sec, n, subsections)))
                nodes = [n for n in nodes if n not in own]
        if kind is None and not sec.nodes and sec.loose and _THESIS_HEAD.fullmatch(title):
            # a "Dissertation" section of labelled lines ("Title: …", "Committee: Co-chairs: A and
            # B"): the thesis of the doctorate listed above it, not a section of its own
            self._thesis_section("\n".join(t for _, t in sec.loose))
            return
        if kind is None and (_CONTACT_SECTION.fullmatch(title) or classify_heading(title) == "contact") and \
                any(n.kind == "row" for n in nodes):
            # "Personal Information" table: its "Programming Languages: & Python, R" and
            # "Languages: & English, French" rows (and the rows under them with no label) are the
            # skills and languages; its other rows are contacts, read with the header
            label_kind = None
            for n in nodes:
                cells = [one_line(a) for a in n.args] if n.kind == "row" else []
                if len(cells) < 2:
                    continue
                if cells[0].strip(" :"):
                    label_kind = classify_heading(cells[0].strip(" :"))
                # (a row with no label under it was made a detail of this one)
                for value in [n.args[1], *n.details]:
                    if label_kind == "skills" and one_line(value):
                        self.do_skills(Node("row", args=["skills", value], pos=n.pos), None)
                    elif label_kind == "languages" and one_line(value):
                        self._add_languages(one_line(value))
            return
        if kind is None and _RESEARCH_HEADING.fullmatch(title):
            kind = _research_kind(nodes)      # a bare "Research" heading: papers, or research posts
        if kind == "interests" and _INTERESTS_TITLE.search(title) and not _PERSONAL_INTERESTS.search(title):
            if _BARE_INTERESTS.fullmatch(one_line(title)):
                # a bare "Interests" heading: research topics in a scholar's CV (one listing papers),
                # pastimes in a resume; read once all sections are (``interests_of_scholar``)
                self.bare_interests.extend(nodes)
                return
            for node in nodes:
                self.do_interests(node, None)
            return
        if kind is None or kind in ("projects", "references", "advising", "interests"):
            if kind is None and any(self._is_teaching(n) for n in nodes):
                kind = "service"
            else:
                if kind is None:
                    for n in nodes:
                        # "\textbf{Languages:} English (Fluent), Chinese (Native)" under "Additional
                        # Information": a line labelled as spoken languages names them, whatever the heading
                        if n.kind == "text" and (lm := _LANGUAGES_LINE.match(one_line(n.head))):
                            self._add_languages(lm.group(1))
                self.note(f"section '{title}' ({kind or 'unrecognised'}, {len(nodes)} entr(y/ies)) not mapped")
                return
        if kind == "publications" and re.search(r"\bconferences?\b", title, re.I) and \
                not re.search(r"paper|publication|proceeding|article|journal|abstract|poster", title, re.I):
            kind = "talks"        # "Conferences and Seminars", "Conferences": where the subject spoke
        if kind in ("teaching", "service") and _TEACHING_HEADING.search(title) and _SERVICE_HEADING.search(title):
            kind = "teaching_or_service"      # "Mentoring, Teaching, and Service": each entry by its words
        elif kind == "service" and not _SERVICE_HEADING.search(title) and \
                any(TEACHING_ROLE.match(f) for n in nodes for f in without_period(*_period_index(node_fields(n)))[:1]):
            # "Related activities & experience" (service by its heading, which names no service) with
            # a teaching assistantship among the activities: each entry by its words (the courses
            # had been service roles)
            kind = "teaching_or_service"
        if kind in ("awards", "service") and MEMBERSHIP_HEADING.search(title) and _AWARD_HEADING.search(title):
            kind = "awards_or_service"        # "Honors and Memberships": each entry by its words
        handler = getattr(self, "do_" + kind, None)
        if handler is None:
            self.note(f"section '{title}' ({kind}) not mapped")
            return
        self.section_referee = referee_role(title)     # (a list of journals under it: do_service)
        # ("Teaching Assistantships", or "Assistantships" over \subsection{Teaching}: the role of
        # each course that names none)
        self.section_assistant = bool(_ASSISTANTSHIP.search(title + " " + getattr(self, "outer_title", "")))
        self.section_members = bool(MEMBERSHIP_HEADING.search(title))   # (societies listed alone: do_service)
        n0, p0 = len(self.r.publications), len(self.r.patents)
        for node in nodes:
            handler(node, None)
        if kind in ("publications", "patents") and nodes and sec.loose:
            self._loose_subheadings(sec, self.r.publications[n0:] if kind == "publications" else self.r.patents[p0:])
        if kind == "publications":
            self._heading_status(self.r.publications[n0:], title)

    def _loose_subheadings(self, sec: Section, entries: list) -> None:
        """Short lines of text between the lists of a section ('\textbf{Under Review}',
        '\textbf{Pending}' over a RenderCV list) give the entries after them their status,
        unless an entry states its own."""
        from mappers.extract.patents import patent_heading_status
        from mappers.extract.publications import heading_status

        heads = []
        for pos, text in sec.loose:
            label = one_line(text).strip(" :")
            if label and len(label.split()) <= 4:
                heads.append((self.line(pos), label))
        if not heads:
            return
        for entry in entries:
            above = [label for line, label in heads if entry.line is not None and line <= entry.line]
            if not above:
                continue
            if isinstance(entry, Patent):
                entry.status = entry.status or patent_heading_status(above[-1])
            elif entry.status == "published" and (status := heading_status(above[-1])):
                entry.status = status

    def _thesis_section(self, tex: str) -> None:
        edu = next((e for e in self.r.education if e.level == "doctorate"), None) or \
            next((e for e in self.r.education if not e.thesis), None)
        if edu is None:
            self.note("thesis section with no degree above it not mapped")
            return
        for line in (light_clean(ln) for ln in tex_text(tex).split("\n")):
            if (m := re.match(r"(?:thesis\s+|dissertation\s+)?title\s*:\s*(.+)", line, re.I)):
                edu.thesis = edu.thesis or m.group(1).strip(" .")
            elif (m := re.match(r"(?:(?:thesis|dissertation)\s+)?(?:committee\s*:\s*)?(?:co-?)?(?:chairs?|advisors?|"
                                r"supervisors?)\s*:\s*(.+)", line, re.I)):
                names = [n for n in names_in(m.group(1)) if looks_like_name(n)]
                edu.advisors.extend(n for n in names if n not in edu.advisors)

    def _authors_then_reference(self, nodes: list[Node]) -> list[Node]:
        """A paragraph holding only an author list, then a paragraph with the title and venue
        ("Doe, A. V., Roe, N. A." / blank line / "Title. \textit{Journal, 2021}"): one reference."""
        out: list[Node] = []
        i = 0
        while i < len(nodes):
            n = nodes[i]
            if n.kind == "text" and i + 1 < len(nodes) and nodes[i + 1].kind == "text" and \
                    _authors_only(one_line(n.head), self.r.person.name):
                out.append(replace(n, head=n.head.rstrip() + " " + nodes[i + 1].head.lstrip()))
                i += 2
                continue
            out.append(n)
            i += 1
        return out

    def _heading_status(self, pubs: list[Publication], heading: str) -> None:
        """The status a publication list's heading names ("Working Papers" → preprint) for its
        entries that state none (as read_publications does for text CVs)."""
        from mappers.extract.publications import heading_status
        status = heading_status(heading)
        if status:
            for pub in pubs:
                if pub.status == "published":
                    pub.status = status

    def _loose_nodes(self, sec: Section, subheadings: bool = True) -> list[Node]:
        """Loose text (res.cls style) → one text node per paragraph."""
        out = []
        for at, text in sec.loose:
            start = 0
            # ("\\noindent Referee for A, B and C.\\par", a one-argument line macro's expansion: a
            # paragraph's end closing a line parts it from the next line, as a blank line does)
            for gap in [*_PARAGRAPH_GAP.finditer(text), None]:
                end = gap.start() if gap else len(text)
                para = text[start:end]
                if para.strip() and tex_text(para).strip():
                    for offset, entry in _dated_entries(para):
                        lead = len(entry) - len(entry.lstrip())      # the entry's first character
                        out.append(Node("text", head=entry, pos=at + start + offset + lead))
                start = gap.end() if gap else end
        return _under_subheadings(out) if subheadings else out

    def _is_teaching(self, node: Node) -> bool:
        fields = node_fields(node)
        return bool(fields) and bool(TEACHING_ROLE.match(fields[0]))

    def _children_or_self(self, node: Node) -> list[tuple[Node, Node | None]]:
        if node.kind == "group" and node.children:
            return [(c, node) for c in node.children]
        return [(node, None)]

    # -- education ----------------------------------------------------------------------
    def do_education(self, node: Node, parent: Node | None) -> None:
        if node.kind == "row" and (cells := [f for f in node_fields(node) if f]) and len(cells) == 2 and \
                classify_heading(cells[0]) in ("skills", "languages") and cells[1].count(",") >= 2 and \
                not DEGREE_RE.search(cells[1]) and not find_period(cells[1]):
            # "Qualifications and Technical Skills": its "Languages & C, Java, Haskell, …" row is a
            # skills list, not a degree "C" in the field "Java"
            self.do_skills(node, parent)
            return
        if node.kind == "group" and node.children and node.args and _THESIS_HEAD.fullmatch(one_line(node.args[0])):
            # \subsection{Dissertation} \cvitem{Title}{…} \cvitem{Advisor}{…}: the thesis of a
            # degree listed above it (the first one without a thesis), not a degree of its own
            edu = next((e for e in self.r.education if not e.thesis), None)
            for c in node.children:
                f = node_fields(c)
                if edu is None or len(f) < 2:
                    continue
                if re.fullmatch(r"(?:thesis\s+|dissertation\s+)?title", f[0], re.I):
                    edu.thesis = f[1]
                elif re.fullmatch(r"(?:co-?)?(?:advisors?|supervisors?)", f[0], re.I):
                    edu.advisors.extend(n for n in names_in(f[1]) if n not in edu.advisors)
            return
        if node.kind == "group" and node.children:
            if all(c.kind == "item" for c in node.children) and period_in(node_fields(node))[1] is not None:
                self._education_entry(node, None, extra_details=[c.head for c in node.children])
                return
            for child in node.children:
                self._education_entry(child, node)
            return
        if node.kind in ("item", "text", "macro") and (fields := [f for f in node_fields(node) if f]) and \
                not any(DEGREE_RE.search(f) or degree_level(f) != "other" for f in fields) and \
                any(_TITLE_NOUN.search(p) and not _ORG_NOUN.search(p) for f in fields for p in split_commas(f)) and \
                any(INSTITUTION_WORDS.search(f) or ORG_WORDS.search(f) for f in fields) and \
                not any(_STUDENT_STATUS.fullmatch(f) for f in fields):
            # (not "Graduate student", "PhD candidate" at a university under Education: a degree
            # under way, which had been made a post and left out of the degrees)
            # "2012 - 2014, Research assistant, Lorem Observatories" among the degrees: a post held
            # between two degrees, no degree of its own
            self._position(node, node_fields(node), node.details)
            return
        self._education_entry(node, None)

    def _education_entry(self, node: Node, group: Node | None, extra_details: list[str] = ()) -> None:
        fields = node_fields(node)
        if node.kind == "macro" and (filled := [f for f in fields if f]) and all(_GRADE_LINE.match(f) for f in filled):
            # moderncv's \cvline{}{GPA: 3.4/4.0} under a \cventry: the grade of the degree
            # above, not an entry with "GPA: 3.4/4.0" as its institution
            return
        item_labelled: list[str] = []
        item_location = None
        if node.kind in ("item", "text", "row"):
            # a line of the item that opens with a label ("Thesis title: …, defended on …",
            # "Advisor: …"), or ends on one ("Field: IO, Advisor: Jane Roe"), is a detail of the
            # degree: cut into comma parts, it gave the field ("defended on October 2024")
            kept = []
            # (or the degree on the first line under it: "\textbf{Ridge University}, Tamworth,
            # Australia \hfill 2018 -- 2021" over "\item M.Sc. in Physics")
            has_degree = any(DEGREE_RE.search(f) for f in fields) or \
                (node.kind in ("item", "text") and _degree_line_below(node) is not None)
            for fi, f in enumerate(fields):
                f = _GRADE_ASIDE.sub("", f).strip()       # "Ph.D., Physics (GPA: 3.9/4.0)"
                if fi <= 2 and not _AWARD_WORD.search(f) and (parts := split_commas(f)) and len(parts) > 1 and \
                        (has_degree or is_region(parts[-1])) and \
                        INSTITUTION_WORDS.search(parts[0]) and not DEGREE_RE.search(f) and \
                        all(_PLACE_PART.fullmatch(q) and not INSTITUTION_WORDS.search(q) and not ORG_WORDS.search(q)
                            for q in parts[1:]):
                    # the institution's own line, "Ridge University, Tamworth, Australia" over the
                    # degree's line: the parts after its name say where (one was read as the field);
                    # so without a degree when a country or region ends it (the town had been
                    # read as the degree)
                    kept.append(parts[0])
                    item_location = item_location or ", ".join(parts[1:])
                    continue
                if _DETAIL_LABEL.match(f) and ":" in f:
                    item_labelled.append(f)
                elif ":" in f and (m := _TRAILING_DETAIL.search(f)):
                    kept.append(f[:m.start()].strip())
                    item_labelled.append(f[m.start():].lstrip(",; "))
                else:
                    kept.append(f)
            # ("2011-2016. Licenciatura en Matemáticas. Facultad de Ciencias, Universidad …": the
            # sentences of an item are its fields too)
            kept = [x for f in kept for x in (_SENTENCE_BREAK.split(f) if ". " in f else [f]) if x.strip(" .")]
            fields = [p for f in kept for c in split_commas(f) for p in _degree_and_institution(c)]
        elif any(DEGREE_RE.search(f) and INSTITUTION_WORDS.search(f) and "," in f for f in fields):
            # \datedline{{\bf PhD, Physics}, Ridge University}{2014--2019}: a degree and its
            # institution in one argument
            fields = [q for f in fields for p in (split_commas(f) if DEGREE_RE.search(f) and INSTITUTION_WORDS.search(f)
                                                  else [f]) for q in _degree_and_institution(p)]
        (start, end, current), di = period_in(fields)
        if di is not None and date_only(fields[di]) and (found := find_period(fields[di])):
            # "2017-2021 Bachelor in Physics": a date, then the degree (which is kept)
            a, b = found[1]
            degree_part = re.sub(r"^\.\s+", "", (fields[di][:a] + " " + fields[di][b:]).strip(" ,;:–—-"))
            if DEGREE_RE.search(degree_part):
                fields = [*fields[:di], fields[di][a:b], degree_part, *fields[di + 1:]]
        rest = without_period(fields, di)
        if di is None and any(_ONGOING.fullmatch(f) for f in rest):
            # a date column reading "Present" (\begin{tabular} Present & PhD & Field & University)
            current = True
            rest = [f for f in rest if not _ONGOING.fullmatch(f)]
        # labelled lines in a macro's description argument ("Advisors: …\\Thesis: …") are details
        labelled: list[str] = []
        if node.kind == "macro":
            for arg in node.args:
                # (a list's items are lines with their bullet: "* supervisor of thesis: …")
                # (and a label after a sentence: "Faculty of Physics. Thesis: …", its paragraph
                # break lost)
                lines = [re.sub(r"^[*\u2022\u2013-]\s+", "", part) for ln in tex_text(arg).split("\n")
                         for part in _LABEL_AFTER_SENTENCE.split(light_clean(ln)) if part]
                if lines and any(_DETAIL_LABEL.match(ln) for ln in lines):
                    labelled.extend(lines)
                    rest = [f for f in rest if f != one_line(arg)]
        degrees = [f for f in rest if DEGREE_RE.search(f) or degree_level(f) != "other"]
        if len(degrees) >= 2 and re.fullmatch(r"[A-Z]{2}", degrees[0]):
            degrees = degrees[1:]      # "Cambridge, MA" then "Ph.D., Physics": the state is no degree
        degree = degrees[0] if degrees else None
        detail_lines: list[str] = []
        degree_below = False
        below = [*node.details, *extra_details] if node.kind in ("macro", "group") else \
            [*node.details] if node.kind in ("item", "text") and node.details and \
            any(INSTITUTION_WORDS.search(f) for f in rest) and _degree_line_below(node) is not None else []
        if degree is None and below and rest:
            # \datedsubsection{\textbf{Lorem University}, City, ST}{2022 -- Present} then the line
            # "\textit{Ph.D.} in Physics, expected 2027\\ Advisors: …" under it: that line's degree
            # (and the labelled lines after it are details); so with a dated school environment
            # whose first item is the degree ("\ressubitem{B.S. in X. GPA: …}")
            lines = [light_clean(ln) for d in below for ln in tex_text(d).split("\n") if light_clean(ln)]
            if lines and DEGREE_RE.match(lines[0]):
                degree = re.split(r"[,.]\s*(?=(?:expected|exp\.|anticipated|gpa|grade|rank)\b)", lines[0], maxsplit=1, flags=re.I)[0]
                degree = _GRADE_ASIDE.sub("", degree).strip(" ,;.")
                detail_lines, degree_below = lines[1:], True
        rest = [f for f in rest if f != degree]
        honour_in_degree = None
        if degree:
            degree, honour_in_degree = without_honour_mark(degree)      # "BSc (Hons, 1st class) in Physics"
        if degree and not honour_in_degree and (hm := re.search(r",\s*((?:summa|magna)?\s*cum laude|with (?:high |highest )?(?:honou?rs|distinction)|"
                                       r"first[- ]class(?: honou?rs)?)\s*$", degree, re.I)):
            degree, honour_in_degree = degree[:hm.start()].strip(), hm.group(1)   # "M.Sc. in Psychology, Summa Cum Laude"
        inst = next((f for f in rest if INSTITUTION_WORDS.search(f)), None)
        if inst and _UNIT_START.match(inst) and \
                (uni := next((f for f in rest[rest.index(inst) + 1:] if _UNIVERSITY.search(f)), None)):
            inst = uni      # "Instituto de Matemáticas, Universidad …": the faculty or institute of a university
        location = item_location
        if group is not None:
            gfields = [f for f in node_fields(Node("group", args=group.args)) if f and not date_only(f)]
            gopts = [one_line(o) for o in group.opts if one_line(o)]
            if not inst:
                inst = next((f for f in gfields if INSTITUTION_WORDS.search(f)), gfields[0] if gfields else None)
            location = gopts[0] if gopts else None
        elif node.kind == "group" and node.opts:
            location = one_line(node.opts[0]) or None
            rest = [f for f in rest if f != location]
        if not inst and rest:
            # (not a country or "City, Region" argument when another one can name the school:
            # \twentyitem{2019-2020}{Master of …}{México}{CINVESTAV - IPN})
            inst = next((f for f in rest if not _place_only(f)), rest[0])
            if inst != rest[0] and location is None and node.kind == "macro" and _place_only(rest[0]):
                location = rest[0]
                rest = rest[1:]
        if inst in rest:
            rest.remove(inst)
        if degree_below and inst and location is None and (parts := split_commas(inst)) and len(parts) > 1 and \
                INSTITUTION_WORDS.search(parts[0]) and is_region(parts[-1]) and \
                all(_PLACE_PART.fullmatch(q) and not INSTITUTION_WORDS.search(q) and not ORG_WORDS.search(q) for q in parts[1:]):
            # "Lorem University, Springfield, IL" (a region last: "University of X, Berkeley" stays whole)
            inst, location = parts[0], ", ".join(parts[1:])
        if inst and (cut := _INST_ASIDE.search(inst)) and INSTITUTION_WORDS.search(inst[:cut.start()]):
            # "École … de Lyon as H2020 Fellow within the Lorem network https://…": the school only
            inst = inst[:cut.start()].strip(" ,;")
        if node.kind == "macro" and not degree and (places := [f for f in rest if _place_only(f)]) and len(rest) > len(places):
            # \resumeSubheading{University}{City, Country}{Exchange semester in Physics}{Dates}:
            # the place is where, not what (it was read as the degree)
            location = location or places[0]
            rest = [f for f in rest if f not in places]
        if not degree and rest and not INSTITUTION_WORDS.search(rest[0]) and len(rest[0].split()) <= 10:
            degree = rest.pop(0)
        margs = arg_fields(node.args) if node.kind == "macro" and node.name == "cventry" and len(node.args) == 6 else []
        if node.name == "cventry" and len(margs) == 6 and date_only(margs[0]) and margs[1] and margs[2] and \
                not (INSTITUTION_WORDS.search(margs[1]) and not INSTITUTION_WORDS.search(margs[2])) and \
                not DEGREE_RE.search(margs[2]) and not INSTITUTION_WORDS.search(inst or "") and \
                (inst != margs[2] or not (degree and margs[1].startswith(degree))):
            # moderncv's \cventry{dates}{degree}{institution}{city}{grade}{description}: its
            # places say which is which when no word does ("Baccalaureate" / "Saint-Ursule")
            degree, inst = margs[1], margs[2]
            if margs[3] and not location and len(margs[3].split()) <= 4 and not INSTITUTION_WORDS.search(margs[3]):
                location = margs[3]     # its fourth argument: the city
        if (moved := _logo_moved(node)) and INSTITUTION_WORDS.search(moved[1]):
            # \cventry{2004--2009}{Degree}{\includegraphics{logo}}{City}{School}{…}: a logo in the
            # institution's place; the school is named after the city
            if degree in (moved[0], moved[1]) and one_line(node.args[1]):
                degree = one_line(node.args[1])     # (the city was read as the degree)
            location, inst = moved[0], moved[1]
        if not inst and degree and node.kind == "row" and node.details:
            # a table's degree row with its school on the row under it ("Undergraduate Degree in
            # Physics" / "\textbf{Ridge University}, Tamworth"): that line names the institution
            below = one_line(node.details[0])
            parts = split_commas(below)
            if parts and INSTITUTION_WORDS.search(parts[0]) and ":" not in below and len(parts[0].split()) <= 10:
                inst, location = parts[0], location or (", ".join(parts[1:]) or None)
        if not inst:
            self.note(f"education entry without institution at line {self.line(node.pos)}")
            return
        # "B.A. in Economics, \textit{summa cum laude}, Lorem College": an honour of its own field
        honour_fields = [f for f in rest if _HONOUR_PHRASE.fullmatch(f.strip(" .,;"))]
        rest = [f for f in rest if f not in honour_fields]
        field_of = None
        if degree and (fd := _FIELD_DASH_DEGREE.fullmatch(degree)) and DEGREE_RE.fullmatch(fd.group(2)):
            # "Advanced Computer Science - MSc": the subject, then the degree after a dash
            degree, field_of = fd.group(2), fd.group(1)
        if degree and not field_of:
            field_of = field_of_degree(degree) or cjk_degree_field(degree)
        # ("导师：Prof. Ann Roe", "Advisor: …": a labelled line is no field)
        short_rest = [f for f in rest if len(f.split()) <= 8 and not re.search(r"gpa|grade|\d\.\d", f, re.I)
                      and not _LABELLED_DETAIL.match(f)]
        if not field_of:
            # "Major: Electrical Engineering" on a line of its own under the degree (not "Field: IO",
            # an economist's specialty under "Ph.D. Economics")
            field_of = next((lm.group(1).strip(" .") for t in [*rest, *labelled, *item_labelled, *detail_lines,
                                                               *(one_line(d) for d in node.details)]
                             if ":" in t and (lm := _FIELD_LABEL.match(t))), None)
        if not field_of and short_rest and node.kind in ("row", "item", "text"):
            # the field written after the degree ("…, Cambridge, MA \\ Ph.D., Atmospheric Science"),
            # else the first short one
            after = fields[fields.index(degree) + 1:] if degree in fields else []
            field_of = next((f for f in after if f in short_rest), short_rest[0])
        if not field_of and degree and node.kind == "macro" and degree in fields:
            # moderncv \cventry{2012}{M.A.}{Hispanic Linguistics}{University}: the argument after
            # the degree names its subject (not an institution, a place or a date)
            after = next((f for f in fields[fields.index(degree) + 1:] if f), None)
            if after and after in rest and len(after.split()) <= 6 and not INSTITUTION_WORDS.search(after) \
                    and not _PLACE_ARG.fullmatch(after) and not date_only(after) and not DEGREE_RE.search(after) \
                    and not NOT_A_FIELD.search(after) and re.match(r"[A-Z]", after):
                field_of = after
        if start and not end and not current and _open_dash_in(node):
            current = True      # \EducationEntry{School}{August, 2021 -}{PhD …}: begun, not ended
        if start and not end and not current:
            start, end = None, start
        if field_of and _SECTION_UNIT.match(field_of):
            # "PhD \\ Section of Lorem Studies \\ Department of Biology \\ University": a section of a
            # department written under the degree is no field of study
            field_of = None
        edu = Education(institution=inst, degree=degree, level=degree_level(degree) if degree else "other",
                        field=field_of, start=start, end=end, current=current, location=location,
                        line=self.line(node.pos))
        if honour_in_degree:
            edu.honours.append(honour_in_degree)
        edu.honours.extend(f.strip(" .,;") for f in honour_fields if f.strip(" .,;") not in edu.honours)
        for text in [*labelled, *item_labelled, *detail_lines,
                     *(() if degree_below else (one_line(d) for d in [*node.details, *extra_details]))]:
            m = re.match(THESIS_LABEL + r"(?:\s+title)?\s*:\s*(.+)", text, re.I)
            if m:
                edu.thesis = _DEFENDED.sub("", m.group(1)).strip()
                if (qm := re.match(r"[\"“«]([^\"“”«»]{3,300})[\"”»]", edu.thesis)):
                    # 'Thesis: "Title"' (and whatever line ran on after it): the quoted title
                    edu.thesis = qm.group(1).strip(" ,.")
                if ":" in edu.thesis and (am := _THESIS_ADVISOR_TAIL.search(edu.thesis)) and am.start() > 0:
                    # "Thesis: Title \\ Supervisors: Dr. Jane Roe \& Prof. Ann Poe" read as one line: the
                    # supervisors after the title are the advisors
                    edu.advisors.extend(n for n in names_in(_names_before_sentence(am.group(1)))
                                        if not DEGREE_RE.fullmatch(n.strip(" .")) and n not in edu.advisors)
                    edu.thesis = edu.thesis[:am.start()].strip(" ,;.")
                continue
            m = re.match(r"(?:co-?)?(?:advisors?|supervisors?|advised by)(?:\s+of\s+(?:the\s+)?(?:thesis|dissertation))?"
                         r"\s*:?\s*(.+)", text, re.I)
            other = None if m else re.match(r"(?:" + ADVISOR_LABEL_OTHER + r")\s*(.+)", text, re.I)
            if not (m or other) and (chairs := committee_advisors(text)):
                edu.advisors.extend(n for n in chairs if n not in edu.advisors)     # "Committee: A (chair), B"
                continue
            if m or other:
                # ("Advisor: Brian Roe, Ph.D.": the degree after a name is no advisor)
                names = names_in(_names_before_sentence(m.group(1))) if m else names_in(other.group(1), _OTHER_AND)
                edu.advisors.extend(n for n in names if not DEGREE_RE.fullmatch(n.strip(" ."))
                                    and n not in edu.advisors)
                continue
            if re.search(r"honou?rs|cum laude|distinction", text, re.I):
                edu.honours.append(text)
        self.r.education.append(edu)

    # -- positions ----------------------------------------------------------------------
    def do_positions(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group" and (one := _heading_with_dated_role(node, ROLE_WORDS)) is not None:
            self._position(one, node_fields(one),
                           [*one.details, *(" ".join([c.head, *c.details]) for c in node.children if c.kind == "item")])
            return
        if node.kind == "group":
            fields = node_fields(node)
            if period_in(fields)[1] is not None or node.opts:
                details = []
                for c in node.children:
                    if c.kind == "item":
                        details.append(" ".join([c.head, *c.details]))
                self._position(node, fields, details + node.details)
                return
            for child in node.children:
                self.do_positions(child, node)
            return
        fields = node_fields(node)
        if _degree_entry(fields):
            # \EducationEntry{PhD.}{2019-present}{Institute of …}{Thesis: …} under "Research
            # experience": a degree and its school, no post
            self._education_entry(node, None)
            return
        under = None
        if parent is not None and parent.name == "\0para":
            under = one_line(parent.args[0]) or None      # a sub-heading paragraph: the organization
        self._position(node, fields, node.details, under)

    def _position(self, node: Node, fields: list[str], details: list[str], under: str | None = None) -> None:
        mentor_lines: list[str] = []
        fields = _joined_split_range(fields, node.args if node.kind == "macro" else None)
        if node.kind in ("item", "text") and len(fields) == 1 and (pm := _EMPLOYED_AS.match(fields[0])):
            # "Employed by Lorem Bank as a Data Analyst from February to October 2016.", "Self-employed
            # as a private tutor from 2007 to 2014.": a post told in a sentence
            (start, end, current), _ = period_in([pm.group("when")])
            org = (pm.group("org") or "Self-employed").strip(" ,")
            self.r.positions.append(Position(
                organization=org, title=pm.group("title").strip(" ,"), start=start, end=end, current=current,
                description=(pm.group("rest") or "").strip(" .") or None, line=self.line(node.pos)))
            return
        (start, end, current), di = period_in(fields)
        if start and not end and not current and _open_dash_in(node):
            current = True      # \rSubsection{Lorem Lab}{Feb 2021 -}{Role}{}: begun, not ended (as for degrees)
        rest = without_period(fields, di)
        # moderncv's \cventry{Present}{Role}{Organization}…: a date column reading only "Present"
        # (the period is current); it had been read as the organization
        ongoing_column = node.kind == "macro" and di == 0 and bool(_ONGOING.fullmatch(fields[0])) and \
            not fields[0].lower().strip("()").startswith("expected")
        title = org = location = unit = None
        if di is not None and date_only(fields[di]) and node.kind in ("item", "text") and (found := find_period(fields[di])):
            # "2011--2015. Lecturer.": a short role beside the date is kept
            left = re.sub(r"^\.\s+", "", (fields[di][:found[1][0]] + " " + fields[di][found[1][1]:]).strip(" ,;:–—-()"))
            if ROLE_WORDS.search(left) and left not in rest:
                rest = [left.rstrip("."), *rest]
        if node.kind in ("item", "text") and len(rest) >= 2 and (labelled := [f for f in rest[1:] if _MENTOR_ARG.fullmatch(f)]):
            # "Research Assistant (2023/4 - current) \\ Advisor: Prof. Roe \\ Department, University": a
            # line that only names the advisor is the post's mentor, never its organization; the
            # organization is then the next line (unless the role's line names it: "Role, Org, Town")
            rest = [f for f in rest if f not in labelled]
            if len(rest) == 1 and "," not in rest[0] and details and (below := one_line(details[0])) and \
                    not _MENTOR_ARG.fullmatch(below):
                rest, details = [rest[0], below], details[1:]
            details = [*labelled, *details]
        if under and node.kind == "text" and len(rest) == 1 and ROLE_WORDS.search(rest[0]) and "," not in rest[0]:
            rest = [rest[0], under]
        elif under and node.kind == "item" and len(ru := rest if len(rest) != 1 else [p.strip() for p in rest[0].split(",")]) == 2 \
                and ROLE_WORDS.search(ru[0]) and not ROLE_WORDS.search(ru[1]) and not INSTITUTION_WORDS.search(ru[1]) \
                and len(ru[1].split()) <= 8:
            # "\item Research Assistant, Physics Department (2020 - 2022)" under its organization's
            # entry: the role, the unit, then the organization
            rest = [ru[0], ru[1], under]
        if node.kind in ("item", "text") and len(rest) >= 3 and \
                (places := [f for f in rest[1:] if _place_only(_small_caps_place(f))]) and len(rest) - len(places) >= 2:
            # "\textbf{Org} \hfill \textsc{san diego, ca} \\ \emph{Intern, Unit} \hfill 2012": the
            # place beside the organization is where (it stood between the organization and the role)
            location = _small_caps_place(places[0])
            rest = [f for f in rest if f not in places]
        if node.kind in ("item", "text") and len(rest) >= 2 and not rest[0].isascii() \
                and any(_LABELLED_DETAIL.match(f) for f in rest[1:]):
            # "{\bf 高级工程师, \emph{Org}} \\ 方向：三维重建" (a CV in Chinese): a labelled line under the
            # entry ("direction: …") is a detail, not its organization
            rest = [rest[0]] + [f for f in rest[1:] if not _LABELLED_DETAIL.match(f)]
        if node.kind in ("item", "text") and len(rest) >= 2 and "," in rest[0] and ROLE_WORDS.search(rest[0]) \
                and all(len(f.split()) > 10 and f.rstrip().endswith((".", ")")) for f in rest[1:]):
            # "Org (City), {Research Intern} \hfill Summer 2022 \\ Worked with … on ….": the lines under
            # the entry's line are sentences describing it, not its organization
            details = [*rest[1:], *details]
            rest = rest[:1]
        if node.kind in ("item", "text") and len(rest) == 1 and "," in rest[0]:
            rest = split_commas(rest[0]) + rest[1:]
        from_row = node.kind == "row"
        if node.kind == "row" and len([f for f in rest if f]) == 1:
            rest = [f for f in rest if f]
            if "," in rest[0]:
                rest = split_commas(rest[0])
            node = replace(node, kind="text")     # a table row of one cell: "Trainee at Org, City"
        if node.kind in ("item", "text") and rest:
            m = re.match(r"(.+?)\s+(?:at|@)\s+(.+)$", rest[0])
            if m and len(m.group(1).split()) <= 8:
                title, org = m.group(1).strip(), m.group(2).strip()
                if 2 <= len(rest) <= 3 and is_region(rest[-1]) and all(len(p.split()) <= 3 for p in rest[1:]):
                    location = ", ".join(rest[1:])     # "Trainee at Lorem, Hong Kong": the place after the organization
                    rest = rest[:1]
            elif len(rest) >= 2 and ROLE_WORDS.search(rest[0]) and \
                    (not ROLE_WORDS.search(rest[1]) or INSTITUTION_WORDS.search(rest[1]) and not INSTITUTION_WORDS.search(rest[0])):
                # (also "Graduate Research Assistant, Lorem Research Institute of X": both name a
                # research word, the second an institution; they had been read the other way round)
                title, org = rest[0], rest[1]
                if len(rest) >= 3 and all(len(f.split()) <= 8 for f in rest[1:]):
                    # "Postdoctoral Scholar, Becker Institute, University of Lorem[, UK]": the
                    # parts after the role are an affiliation (unit, organization, place), not a description
                    o, u, place = split_affiliation(", ".join(rest[1:]))
                    if node.kind == "text" and "\\\\" in node.head and not u and o.count(",") == 1 and \
                            (ou := [x.strip() for x in o.split(",")]) == rest[1:3] and \
                            (ORG_WORDS.search(ou[1]) or INSTITUTION_WORDS.search(ou[1])) and \
                            not (ORG_WORDS.search(ou[0]) or INSTITUTION_WORDS.search(ou[0])) and len(ou[0].split()) <= 6:
                        # "Role \\ Theory Group \\ Lorem Centre for X Research \\ City, Country": a
                        # line, then the organization its words name (then the place): the first is the unit
                        u, o = ou
                    if (u or place) and "," not in o:
                        org, unit, location = o, u, place or location
                        rest = [rest[0], org]
            elif len(rest) >= 2 and ROLE_WORDS.search(rest[1]):
                org, title = rest[0], rest[1]
                head, _, tail = title.partition(",")
                if tail and ROLE_WORDS.search(head) and _UNIT_TAIL.search(tail) and not ROLE_WORDS.match(tail.strip()):
                    # "Graduate Student Researcher, Embedded Systems Lab." under its university
                    title, unit = head.strip(), tail.strip(" .")
            elif len(rest) <= 2 and node.kind == "item" and (ta := _TA_FOR.fullmatch(", ".join(rest).strip(" ."))):
                # "\item TA for Prof. Jane Roe, Linear Algebra \hfill Fall 2013" among the posts: a
                # course taught (no post: no organization is named)
                self.r.teaching.append(Teaching(course=ta.group("course").strip(), role=ta.group("role"),
                                                term=fields[di] if di is not None and date_only(fields[di]) else None,
                                                line=self.line(node.pos)))
                return
            elif from_row and len(rest) == 1 and di is not None and date_only(fields[di]) and details and len(rest[0].split()) <= 8 and \
                    not rest[0].endswith(".") and not find_period(rest[0]) and (desc := one_line(details[0])):
                # a dated table row naming only where ("Lorem Labs Zurich & From June 2014 to
                # September 2014"), what was done told in the list under it: the post is there,
                # its role the one the description opens with ("Worked as a software engineering
                # intern on …", "Teaching Assistant for the … course", "Software engineer.")
                org, title = rest[0], _role_in_description(desc)
            else:
                self.note(f"entry at line {self.line(node.pos)} has no organisation/role shape: {rest[0][:60]}")
                return
        else:
            opts = [one_line(o) for o in node.opts if one_line(o)]
            raw_args, mentor_lines = _args_without_mentor_lines(node.args)
            args = _joined_split_range(arg_fields(raw_args), raw_args)
            # (an argument holding a list is the description: never the place or organization;
            # nor is one that is only a web address, \job{…}{Org}{https://org.example}{Role})
            args = ["" if _LIST_IN_ARG.search(raw) or _URL_ONLY.fullmatch(a) else a for raw, a in zip(raw_args, args)]
            org_first = node.name in _ORG_DATE_TITLE_PLACE and len(args) >= 3 and date_only(args[1]) and \
                args[0] and args[2] and not date_only(args[2]) and \
                not (ROLE_WORDS.search(args[0]) and not ROLE_WORDS.search(args[2]))
            two = [a for a in args if a]
            args = [a for a in args if a and not date_only(a) and len(a.split()) <= 14
                    and not (ongoing_column and a is args[0])]
            one = [a for a in args if a]
            parts = split_commas(one[0]) if len(one) == 1 else []
            lead = split_commas(two[1])[0].strip() if len(two) == 2 and len(node.args) <= 3 else ""
            if not opts and (broken := _title_over_bracketed_org(raw_args)) is not None:
                # moderncv \cvitem{1997 -- 2003}{Research Associate \\ (Physics Department, Lorem
                # University)}: the post, and under it in brackets where it was held
                title, org, unit, location = broken
            elif not org_first and not opts and lead and lead != two[1] and len(lead.split()) <= 6 and \
                    (ROLE_WORDS.search(lead) or _TITLE_NOUN.search(lead)) and not ROLE_WORDS.search(two[0]) \
                    and not date_only(two[0]):
                # moderncv \cvitem{Lorem Lab}{Research Assistant, Fall 2014: what was done}: the
                # label is the organization, the role opens the text beside it
                title, org = lead, two[0]
            elif not org_first and not opts and len(parts) >= 2 and ROLE_WORDS.search(parts[0]):
                # \datedline{{\bf Research Fellow}, Ridge University}{2020--}: a role and its
                # organization in one argument
                title, org = parts[0], ", ".join(parts[1:])
            elif not org_first and not opts and len(parts) >= 2 and ROLE_WORDS.search(parts[-1]) and \
                    not ROLE_WORDS.search(parts[0]) and len(parts[-1].split()) <= 8:
                # \cvline{{\bf Ridge Bank} (think tank), Research Analyst}{2019--2021}: the role last
                title, org = parts[-1], ", ".join(parts[:-1])
            elif node.name == "entry" and len(node.args) == 4 and (a0 := one_line(node.args[0])) \
                    and (date_only(a0) or not _WORD.search(a0) or di == 0) \
                    and one_line(node.args[1]) and one_line(node.args[2]) and not _LIST_IN_ARG.search(node.args[1]):
                # friggeri-cv \entry{dates}{title}{organization, place}{description}: its arguments'
                # order ("year abroad" / "Carnforth, England" had the title read as the organization)
                title, org = one_line(node.args[1]), one_line(node.args[2])
                parts = split_commas(org)
                if len(parts) >= 2 and (len(parts) >= 3 or ORG_WORDS.search(parts[0]) or INSTITUTION_WORDS.search(parts[0])) \
                        and (_place_only(", ".join(parts[1:])) or is_region(parts[-1])):
                    org, location = parts[0], ", ".join(parts[1:])     # "Lorem Networks, Toulouse, France"
                elif _place_only(org) or is_region(org):
                    location = org                                      # "Carnforth, England": a place only
                if one_line(node.args[3]) and not details:
                    details = [node.args[3]]
            elif org_first:
                # res.cls \rSubsection{Org}{Dates}{Title}{Place}: its arguments' order, when no
                # word says otherwise ("Scheduler (volunteer)" names no role)
                org, title = one_line(node.args[0]), one_line(node.args[2])
                location = (one_line(node.args[3]) or None) if len(node.args) >= 4 else None
            elif opts and ROLE_WORDS.search(opts[0]):
                parts = [p.strip() for p in opts[0].split(",")]
                title, location = parts[0], ", ".join(parts[1:]) or None
                org = args[0] if args else None
            else:
                short = [a for a in args if len(a.split()) <= 10]
                roles = [a for a in short if ROLE_WORDS.search(a) and not ORG_WORDS.search(a) or _role_then_unit(a)] or \
                    [a for a in short if _TITLE_NOUN.search(a) and not _ORG_NOUN.search(a)]
                if roles and len(short) >= 2:
                    # the role wherever it sits (\resumeSubheading{Org}{Place}{Role}{Dates}); a
                    # "City, Region" argument is the place, the other one the organization
                    title = roles[0]
                    others = [a for a in short if a != title]
                    places = [a for a in others if _PLACE_ARG.fullmatch(a) and not ORG_WORDS.search(a)]
                    orgs = [a for a in others if a not in places]
                    org = orgs[0] if orgs else (others[0] if others else None)
                    if org and not INSTITUTION_WORDS.search(org) and (earlier := [
                            a for a in args[:args.index(org)] if a != title and INSTITUTION_WORDS.search(a)]):
                        # \job{…}{Lorem Institute of X, City}{…}{Role}{Theory group.}: the institution
                        # written out before the role (too long for the short list), not the line after
                        org = earlier[0]
                    location = places[0] if places else (orgs[1] if len(orgs) > 1 else None)
                    if location in (None, org) and org and "," in org and (parts := split_commas(org)) and len(parts) >= 2 \
                            and (_REMOTE.fullmatch(parts[-1]) or is_region(parts[-1])) and not is_region(parts[0]):
                        # "\textbf{Lorem Labs}, Springfield, OR" / "Lorem Graphics, Remote": the place
                        # after the organization in its argument
                        org, location = parts[0], ", ".join(parts[1:])
                elif roles and len(args) >= 2 and (longer := [a for a in args if a != roles[0]
                                                               and (ORG_WORDS.search(a) or INSTITUTION_WORDS.search(a))]):
                    # \roleentry{Fellow}{2022 -- 2024}{Center for …, University of …}: the
                    # organization written out at length
                    title, org = roles[0], longer[0]
                elif roles and len(short) == 1 and (longer := [a for a in args if a != roles[0] and len(a.split()) <= 14]):
                    # moderncv \cventry{since 2015}{Postdoctoral researcher}{}{Lorem University,
                    # Varnes, Department of X and Y}{}{…}: the role, and the one other argument, too
                    # long for a short one, where it was held (the role had been read as the
                    # organization and lost as the title)
                    title, org = roles[0], longer[0]
                elif len(short) >= 3 and _PLACE_ARG.fullmatch(short[1]) and not _PLACE_ARG.fullmatch(short[2]):
                    # \resumeSubheading{Org}{City, Country}{Role}{Dates} with a role no word marks
                    org, location, title = short[0], short[1], short[2]
                elif short:
                    title = short[0] if len(short) >= 2 else None
                    org = short[1] if len(short) >= 2 else short[0]
                    location = short[2] if len(short) >= 3 else None
        if node.kind == "macro" and title is None and org and _TITLE_NOUN.search(org) and not _ORG_NOUN.search(org) \
                and not INSTITUTION_WORDS.search(org) and details and (below := one_line(details[0]).strip(" ,.;")):
            # \cvEntrySimple{Research Assistant}{2023 -- 2025} then "\textit{Lorem Lab, University of
            # Ipsum, Country, Supervisor: Dr. Roe}" on the next line: the role, then where (and who
            # supervised, named after the place)
            if (sup := re.search(r"[,;]?\s*(?:supervis\w*|advis\w*|mentor\w*)(?:\s+by)?\s*:?\s+(?=[A-Z])", below, re.I)):
                mentor_lines.append("Supervisor: " + below[sup.end():])
                below = below[:sup.start()].strip(" ,;")
            if below and len(below.split()) <= 20:
                o, u, place = split_affiliation(below)
                title, org, unit, location = org, o or below, u, place
        if org and node.kind == "macro" and _DURATION.search(org) and len(org.split()) <= 6:
            # \cventry{2017 -- 2020}{Developer}{CDI - 3 ans}{}{Lorem (Lyon)}{…}: a contract's length
            # stands where the employer goes; the employer is the argument no other field took
            others = [a for a in arg_fields(node.args) if a and a not in (title, org) and not date_only(a)
                      and len(a.split()) <= 6 and not _DURATION.search(a) and not (a == location and _place_only(a))]
            if others:
                org = others[0]
                if org == location:
                    location = None
                if not location and (pm := re.fullmatch(r"(.+?)\s*\(([A-ZÀ-Ý][\w'’.-]+(?:[ ,]+[A-ZÀ-Ý][\w'’.-]+){0,2})\)", org)):
                    org, location = pm.group(1), pm.group(2)
        if (moved := _logo_moved(node)) and moved[1] != title:
            # \cventry{dates}{Role}{\includegraphics{logo}}{City}{Employer}{…}: a logo in the
            # employer's place; the employer is named after the city (the city was the employer)
            location, org = moved
        if not org:
            self.note(f"position without organisation at line {self.line(node.pos)}")
            return
        if node.kind in ("item", "text"):
            org = re.sub(r"(?<=[a-z]{3})\.$", "", org)     # the sentence's full stop ("…, Mapping project.")
        desc = [one_line(d) for d in details if one_line(d)]
        if node.kind == "macro" and not desc:
            # \cventry{2018--2021}{Engineer}{Org}{City}{}{Built the billing services}: an argument
            # that is none of the header's fields (a list, or words) describes the post
            used = {title, org, location, *mentor_lines}
            for raw in node.args:
                lines = [ln for ln in (light_clean(ln.lstrip("*")) for ln in tex_text(raw, links=False).split("\n")) if ln]
                text = " ".join(lines)
                if text and text not in used and not date_only(text) and not any(u and u in text for u in used) \
                        and (_LIST_IN_ARG.search(raw) or len(text.split()) >= 3):
                    desc.extend(lines)
        extra = [f for f in rest[1:] if f not in (title, org, location)] if node.kind in ("item", "text") else []
        mentors = []
        for d in [*desc, *(mentor_lines if node.kind not in ("item", "text") else [])]:
            m = re.match(r"(?:manager|mentor|supervisor|advisor|host)s?\s*:\s*(.+)", d, re.I)
            if m:
                mentors.extend(names_in(_names_before_sentence(m.group(1))))
        if org and org.endswith(")") and (pm := _ORG_PI_ASIDE.search(org)) and pm.start() > 0:
            # "Lorem University, City, ST, USA(Prof. Jane Roe)": the professor in brackets after the
            # organization is the post's mentor, and a place written before it is the location
            mentors.extend(n for n in names_in(pm.group(1)) if n not in mentors)
            org = org[:pm.start()].strip(" ,")
            if not location and "," in org:
                o, u, place = split_affiliation(org)
                if place and not u and "," not in o:
                    org, location = o, place
        if title and ":" in title and (tm := _TITLE_MENTOR.search(title)) and tm.start() > 0:
            # "Research Assistant --- PI: Dr. Jane Roe", "Intern (Mentor: Ann Poe)": the one who led the
            # work, written after the role, is its mentor, no part of the title
            mentors.extend(n for n in names_in(_names_before_sentence(tm.group(1))) if n not in mentors)
            title = title[:tm.start()].strip(" ,;-–—") or title
        if title and "@" in title:
            # "Summer Intern (jroe@lorem.example)": a referee's address after the role is no part of it
            title = _BRACKETED_EMAIL.sub("", title).strip() or title
        self.r.positions.append(Position(
            organization=org, title=title, location=location, unit=unit, start=start, end=end, current=current,
            mentors=mentors, description="\n".join([*extra, *desc]) or None, line=self.line(node.pos)))
        if title and TEACHING_ROLE.match(title):
            # a teaching assistant's post with "Classes: Algorithms, Real Analysis I, and Calculus II"
            # under it: the courses taught, with the post's role and school
            for d in desc:
                if ":" in d and (cm := _COURSES_LINE.match(d)):
                    courses = [c.strip(" .") for c in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", cm.group(1)) if c.strip(" .")]
                    if len(courses) >= 2 and all(len(c.split()) <= 6 and c[:1].isupper() for c in courses):
                        self.r.teaching.extend(Teaching(course=c, role=title, institution=org, line=self.line(node.pos))
                                               for c in courses)

    # -- awards ---------------------------------------------------------------------------
    def do_awards(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group" and node.children:
            gtitle = " ".join(node_fields(node))
            if re.search(r"certificat|vulnerabilit|\bcve\b|licen[cs]e", gtitle, re.I):
                self.note(f"'{gtitle}' ({len(node.children)} entr(y/ies)) not awards; skipped")
                return
            for child in node.children:
                self.do_awards(child, node)
            return
        fields = node_fields(node)
        if node.kind == "group" and not fields:
            return
        if node.kind in ("item", "text") and len(fields) == 1 and (pm := _RECEIVED_AWARD.fullmatch(fields[0])):
            # "Recipient of a bursary from the Lorem Foundation in the years 2011, 2012 and 2013.",
            # "Received the Ipsum medal in 2015 from the Dolor Society for the best thesis": the
            # award and its (first) year; the year was cut out of the middle of the sentence
            self.r.awards.append(Award(name=pm.group("name").strip(" ,;"), year=pm.group("year"),
                                       line=self.line(node.pos)))
            return
        if node.kind in ("item", "text") and len(fields) >= 3 and (pairs := _award_lines(fields)):
            # a paragraph of awards, one a line with its date after \hfill, under a line naming the
            # body that gave them ("{\textsc{Lorem University}}\\ {\sl Travel Grant} \hfill 2017\\
            # …"): one award per line (the group's label had been read as the only award)
            for name, when in pairs:
                (ps, _, _), _ = period_in([when])
                m = re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", when)
                self.r.awards.append(Award(name=name, year=ps[:4] if ps else (m.group(0) if m else None),
                                           line=self.line(node.pos)))
            return
        (start, _, _), di = period_in(fields)
        rest = without_period(fields, di)
        if not rest and di is not None and (found := find_period(fields[di])) is not None:
            # "Sloan Research Fellowship, 2023": a short name beside its year is no date field
            a, b = found[1]
            named = re.sub(r"\(\s*\)", "", fields[di][:a] + fields[di][b:]).strip(" ,;:–—-()")
            if _AWARD_WORD.search(named) and len(named.split()) >= 2:
                rest = [named]
        if node.kind in ("item", "text") and len(rest) == 1 and len(rest[0].split()) >= 8 and \
                (bold := first_bold(node.head)) and not date_only(bold) and len(bold.split()) <= 12 and \
                bold not in rest[0] and _WORD.search(bold):
            # "\years{2016}\textbf{Lorem President's Fellowship}\\ I received a fellowship that …":
            # the bold name, not the sentence under it (the name went with the year)
            rest = [bold]
        if node.kind == "item" and di is not None and date_only(fields[di]) and len(rest) >= 2 and \
                all(_AWARD_WORD.search(f) and len(f.split()) <= 16 for f in rest):
            # "\item[2016] Bronze Medal, Physics Olympiad \\ Gold Medal, Chemistry Olympiad": one
            # award per line, each of the item's year
            for f in rest:
                self.r.awards.append(Award(name=f, year=start[:4] if start else None, line=self.line(node.pos)))
            return
        if node.kind == "macro" and di is not None and date_only(fields[di]) and \
                di == next(i for i, f in enumerate(fields) if f) and (found := find_period(fields[di])):
            # \cvachievement{\faTrophy}{Ivy Prize (2023)}{What it was for}: the first argument
            # names the award, its year in brackets (a short name with a year is no date field)
            a, b = found[1]
            named = re.sub(r"\(\s*\)", "", fields[di][:a] + fields[di][b:]).strip(" ,;:–—-()")
            if _WORD.search(named):
                rest.insert(0, named)
        if not rest and di is not None and node.kind in ("item", "text") and (found := find_period(fields[di])):
            # "\item Lorem Cup (finalist 2017)", "\item Ipsum Prize 2015": a short award with its year
            # (read as a date with a few words around it, and dropped whole)
            a, b = found[1]
            named = re.sub(r"\(\s*\)", "", fields[di][:a].rstrip() + " " + fields[di][b:].lstrip()).strip(" ,;:–—-")
            named = re.sub(r"\s+\)", ")", named)
            if _WORD.search(named):
                rest = [named]
        if node.kind in ("item", "text") and len(fields) == 1 and di == 0 and rest and len(fields[0].split()) >= 8 and \
                (found := find_period(fields[0])) and len(fields[0][found[1][1]:].split()) >= 3 and \
                len(fields[0][:found[1][0]].split()) >= 3:
            # "Placed 4th in the Lorem Olympiad in 2008 and 2009 respectively": a sentence with its
            # year inside keeps its words (cutting the year out left "… in and 2009")
            rest = [fields[0].strip()]
        if not rest:
            return
        name = rest[0]
        if name.count("(") == name.count(")") + 1 and ")" not in name[name.rfind("("):]:
            name = re.sub(r"\s*\(\s*$", "", name) + (")" if not name.rstrip().endswith("(") else "")   # "… (winner 2017)"
        if node.kind == "macro" and len(rest) >= 2 and not _AWARD_WORD.search(rest[0]) and _AWARD_WORD.search(rest[1]) \
                and (ORG_WORDS.search(rest[0]) or INSTITUTION_WORDS.search(rest[0])) and node.name != "cvitemwithcomment":
            # (not moderncv's \cvitemwithcomment{2022}{Lorem Commons Project}{Research grant}, whose
            # last argument is a comment on the award named before it)
            # moderncv \cventry{2012}{Institute of X}{Fellowship in Y}: the awarding body, then the award
            name = rest[1]
        elif node.kind == "macro" and len(rest) >= 3 and node.name.lower().endswith(("honor", "award")) and \
                not _AWARD_WORD.search(rest[0]):
            # awesome-cv \cvhonor{Finalist}{ACM ICPC World Finals}{…}: a rank needs its event
            # (not "NSF Graduate Fellowship, Graduate school funding")
            name = f"{rest[0]}, {rest[1]}"
        if "(" in name:
            # "Dean's List (Awarded to students who average above …), Lorem University", "Winner
            # of the X challenge (\textit{Make a game from a given theme}) at Y": what the award is
            # for, in an aside (an italic one of four words or more), is no part of its name
            raw = " ".join([node.head, *node.args])
            for italic in _ITALIC_ASIDE.findall(raw):
                if len((said := one_line(italic)).split()) >= 4:
                    name = name.replace(f" ({said})", "").replace(f"({said})", "")
            name = _AWARD_REASON.sub("", name).strip() or name
        # (a grant's amount and the subject's part in it, and what follows the name's sentence,
        # "… Fund (USD $50,000), as co-PI. Project: “…”", are no part of the name; so is the rest
        # of an academic year "2024/25:" read as a date)
        name = _AWARD_TAIL.sub("", _GRANT_AMOUNT.sub("", _YEAR_REST.sub("", name))).strip(" ,;") or name
        # ("Participated in the Lorem Summer School in 2011.": the word before the year cut off)
        name = re.sub(r"(?<=\w)\s+(?:in|on|at|during|since)$", "", name)
        # ("IMPRS Fellowship, 2018--2022." with its period taken out: no ", ." left behind)
        name = re.sub(r"\s*,\s*\.$", "", name) or name
        year = start[:4] if start else None
        if not year:
            m = re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", " ".join(fields))
            year = m.group(0) if m else None
        self.r.awards.append(Award(name=name, year=year, line=self.line(node.pos)))

    # -- publications -------------------------------------------------------------------
    def do_publications(self, node: Node, parent: Node | None) -> None:
        if node.kind == "macro" and len(node.args) == 2 and self.r.publications and \
                (link := _label_and_link(node.args)) is not None:
            # \pl{Paper}{https://…} \pl{Code}{https://…} under a reference (a two-argument link
            # macro, \newcommand{\pl}[2]{[\href{#2}{#1}]}): the links of the paper above, not
            # papers titled "Paper" and "Code"
            last = self.r.publications[-1]
            if link not in last.urls:
                last.urls.append(link)
            if not last.arxiv and (am := re.search(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", link)):
                last.arxiv = am.group(1)
            return
        if node.kind == "macro" and any("{http" in a or "{www." in a for a in node.args):
            # a file's own link macro, \lnk{https://…}{arXiv} (\newcommand{\lnk}[2]{[\href{#1}{#2}]}):
            # an address then a label, read as the \href it stands for (its address and label had
            # run together into the venue and the urls, "NeurIPS https://…arXiv https://…Code")
            node = replace(node, args=[_LINK_MACRO.sub(r"\\href{\1}{", a) if "{" in a else a for a in node.args])
        if node.kind == "macro" and (pieces := _references_in_arg(node)):
            # \cvitem{}{\begin{itemize}\item ref \item ref\end{itemize}}, \CVItem{Journal papers}{ref
            # \\ ref \\ ref}: one argument holding the whole list, one paper per item or line
            n0 = len(self.r.publications)
            arg_at = max(self.raw.find(max(node.args, key=len), node.pos), node.pos)
            for at, piece in pieces:
                self.do_publications(Node("item", head=piece, pos=arg_at + at), node)
            label = one_line(node.args[0]) if node.args else ""
            if label and len(label.split()) <= 4:
                self._heading_status(self.r.publications[n0:], label)
            return
        if node.kind == "group":
            n0 = len(self.r.publications)
            for child in node.children:
                self.do_publications(child, node)
            if SUBSECTION_MACRO.match(node.name) and node.args:
                # "\subsection{Working Papers}" inside the list: its entries' status (applied
                # first, so the section's own heading fills in only what is left)
                self._heading_status(self.r.publications[n0:], one_line(node.args[0]))
            return
        if node.kind == "macro" and node.args and \
                len(filled := [a for a in node.args if clean(one_line(a))]) == 1 and filled[0] is node.args[-1] and \
                len(one_line(filled[0]).split()) >= 8 and _WHOLE_REF_YEAR.search(one_line(filled[0])):
            # \cvitem{}{A, \textbf{B}, C. 2018. Title. \textit{Journal}}, a class's \publi{…}: a macro
            # whose one filled argument (an empty label before it) is a whole reference, read as a
            # list item holding it; the subject's name in bold had been read as the title
            self.do_publications(Node("item", head=filled[0], pos=node.pos), parent)
            return
        if node.kind == "macro":
            # a link's text; its address is read below (a link labelled only "paper" or "code" is
            # no text of the reference: it had run into the venue, "ICLR -2.5ptpaper-2.5ptcode")
            fields = arg_fields([_without_label_links(a) if "\\href" in a else a for a in node.args])
            head = ""
        else:
            if node.kind == "text" and "\\\\" in node.head and (lines := _quoted_title_lines(node.head)):
                # a paragraph of papers, one a line, each opening with its quoted title
                # ("``Title'' (with A. Roe) \\ \smallskip \noindent ``Title'' \\ …", an economist's
                # working papers): one reference per line (all had been read as one)
                for at, line in lines:
                    self.do_publications(Node("item", head=line, pos=node.pos + at), parent)
                return
            if (profile := _profile_line(node.head)) is not None:
                # "Google Scholar profile \href{https://scholar.google.com/…}{link}", "ORCID ID
                # \href{https://orcid.org/…}{link}" atop the list: where the papers are listed, the
                # subject's profiles (each had been a paper titled by its label and address)
                if profile not in self.r.person.profiles:
                    self.r.person.profiles.append(profile)
                return
            if node.kind == "text" and (num := _PARAGRAPH_NUMBER.match(node.head)) is not None:
                # "1. Roe, A., \textbf{Doe, J.}, … (2022). Title. \emph{Journal}": a paragraph opening
                # with its number (pandoc's numbered CSL list): the bold name had been read as the title
                node = replace(node, head=node.head[num.end():])
            fields = split_fields(node.head, links=True)
            head = node.head
            if len(fields) >= 2 and all(_LINK_ONLY.fullmatch(f) for f in fields[1:]):
                # "A, B (2017). Title. *Journal*, 146, 776--805, \\ doi: 10.1037/…": a line break
                # before the item's DOI or link does not cut the reference in two
                fields = [" ".join(fields)]
            elif len(fields) == 1 and node.kind == "text" and _PUB_SUBHEADING.fullmatch(fields[0]) and \
                    first_bold(head) == fields[0]:
                # "\textbf{Journals}" between the references of a list: a sub-heading, no paper
                return
        # \cvitem{YEAR}{reference} / \cvitem{}{reference}: an empty or date-only label field is
        # the year column of a reference list, never the title.
        label_year = None
        ref_args = node.args
        # ("Mar 2020", a month and a year and nothing else, is a date column too: the venue-word test
        # takes any word of three letters for an acronym)
        if node.kind == "macro" and len(fields) >= 2 and (not clean(fields[0]) or _REF_NUMBER.fullmatch(fields[0]) or
                                                           (date_only(fields[0]) and not VENUE_WORDS.search(fields[0]))
                                                           or _date_column(fields[0]) or _DATED_LABEL.fullmatch(fields[0])):
            if clean(fields[0]) and not _REF_NUMBER.fullmatch(fields[0]):
                p = period_of(fields[0])[0]
                label_year = p[:4] if p else None
            fields = fields[1:]
            ref_args = node.args[1:]
        fields = [f for f in fields if clean(f)]
        if not fields:
            return
        if head and len(fields) >= 2 and len(fields[0]) <= 40 and fields[0][:1].isalnum() and \
                any(c.isdigit() for c in fields[0]) and date_only(fields[0]) and not VENUE_WORDS.search(fields[0]) and \
                (p := period_of(fields[0])[0]):
            # a year column before the reference ("\textbf{2016} \> A, B. Title. Venue"): its year
            label_year, fields = p[:4], fields[1:]
        bold = first_bold(head) if head else None
        if bold and label_year and date_only(bold):
            bold = None
        subject = self.r.person.name
        slot_status = None

        venue_tag = None

        def keep(pub) -> bool:
            """Add a publication read as a whole reference (its year from a year column when it
            names none); False when the text was no reference."""
            if pub is None:
                return False
            if label_year and not pub.year:
                pub.year = label_year
            if venue_tag:
                # the venue and year of a tag before the title ("Under review, Lorem 2026"): its
                # status word apart
                status = publication_status(venue_tag)
                name = _TAG_STATUS.sub("", venue_tag).strip(" ,;:/")
                if not pub.year and (y := re.search(r"(?:19|20)\d\d", name)):
                    pub.year = y.group(0)
                name = re.sub(r"\s*\b(?:19|20)\d\d\b", "", name).strip(" ,;:/")
                if name and not pub.venue:
                    pub.venue = name
                if status and status != "published" and pub.status == "published":
                    pub.status = status
            if slot_status and pub.status == "published":
                pub.status = slot_status
            pub.line = self.line(node.pos)
            self.r.publications.append(pub)
            return True

        if head and node.kind != "macro" and (len(fields) == 1 or bold and split_authors(bold, subject)
                                               or _opens_with_quote(head)):
            # (also an item that opens on its quoted title: "``Title'' (with A. Roe), \textit{Journal}, 2021")
            # An item written as one reference ("A, \textbf{B}, ``Title'', \textit{Venue}, 2019"):
            # read with the same reference rules as text CVs, emphasis kept as Markdown marks.
            # (an abstract set under the reference, \begin{quote}…\end{quote}, is not part of it)
            text = _REF_LABEL.sub("", marked_text(_without_abstract(head)))
            if label_year:
                text = re.sub(r"^\**\s*" + label_year + r"\s*\**\s*", "", text)
            if text[:1] not in "(*" and (_AMS_VENUE.search(text) or _AMS_UNPUBLISHED.search(text)) and \
                    keep(ams_reference(text, subject)):
                # "Title, with A. Roe, *Journal* **12** (2021), 1–20": the journal had been the title
                return
            if text[:1] in "(*" and keep(with_note_reference(text, subject)):
                # "(with A. Roe) Title, \textit{Journal}, (2021)", "\textbf{Title} (with A. Roe)": the
                # co-authors in a note; the italic journal had been the title, the bold title's words
                # before a comma the authors
                return
            if (tag := _VENUE_TAG.match(text)) and len(tag.group(1).split()) <= 8 and \
                    not split_authors(tag.group(1), subject):
                # "(\textbf{Under review, Lorem 2026}) \textit{Title}. A, B.", "NeurIPS 2023 &
                # \textit{Title}. A, B.": a venue and year set before the italic title are no part
                # of it (the title had opened with them, or the venue had been an author's name)
                venue_tag, text = tag.group(1).strip(), text[tag.end():]
                if (tm := _ITALIC_TITLE.match(text)) and \
                        (am := _AUTHOR_RUN.match(re.sub(r"\*\*([^*]{2,60})\*\*", r"\1", text[tm.end():]))) and \
                        (named := split_authors(am.group(1), subject)):
                    # the italic title, then the authors (the venue and year were the tag): read so,
                    # the reference rules had taken the last author for the venue
                    pub = Publication(title=clean(tm.group(1)).rstrip(". "), authors=named[0], et_al=named[1])
                    for u in find_urls(head):
                        pub.urls.append(u)
                    if keep(pub):
                        return
            if (sm := _STATUS_IN_YEAR_SLOT.search(text[:300])) and split_authors(text[:sm.start()], subject):
                # "A and B. Forthcoming (2012). “Title” in *Book*" (authors, year, title): the
                # status stands where the year goes; it was read as the title
                # (accepted, forthcoming, in press: published, as far as the four statuses go)
                slot_status = publication_status(sm.group(1))
                label_year = label_year or sm.group(2)
                text = text[:sm.start()] + ". " + text[sm.end():]
            if keep(_title_paragraph_first(head, subject)):
                return
            if _opens_with_quote(head):
                # "``Title'' (with A. Roe), \textit{Journal}, 2021" (economics CVs): read as the text
                # reader reads such a line, the co-authors in brackets after the title
                from mappers.extract.publications import read_publications
                from mappers.extract.sections import Line

                got = read_publications([Line(0, text, False, True, 0)], subject, self.r.report)
                if len(got) == 1:
                    _keep_quoted_title(got[0], text, subject)
                if len(got) == 1 and keep(got[0]):
                    return
            if keep(_with_link_title(reference_from_text(text, subject) or quoted_reference(text, subject), head, text, subject)):
                return
        if node.kind == "macro" and fields and any(q in a for a in ref_args for q in _QUOTE_MARKS) and \
                (len([a for a in ref_args if clean(one_line(a)) and not _date_column(one_line(a))]) == 1 or
                 any(_opens_with_quote(a) for a in ref_args)) and \
                _QUOTED_TITLE.search(text := " ".join(marked_text(a) for a in ref_args if clean(one_line(a))
                                                      and not _date_column(one_line(a)))):
            # \resumeSubItem{Doe, J., Roe, R., 2019.}{``Title.'' \textit{Journal}}: the arguments
            # are one reference cut in two, its title in quotes (a date column apart: its year),
            # or one argument holding it all; not a title argument quoting a work inside it
            # (\pubentry{Reply to “…”}{Authors}{…})
            if not label_year:
                label_year = next((p[:4] for a in ref_args if _date_column(one_line(a)) and (p := period_of(one_line(a))[0])), None)
            if keep(_quoted_title_reference(text, subject)):
                return
        title = bold if head else None
        lead_authors = None
        if title and ": " in title and (named := split_authors(title.split(": ", 1)[0], self.r.person.name)) \
                and len(title.split(": ", 1)[1].split()) >= 3 \
                and (len(named[0]) >= 2 and any(re.search(r"\b[A-Z]\.", a.name) for a in named[0])):
            # (names with initials, two or more: "Pay As You Want: Bypassing …" is a title with its colon)
            # "\textbf{J. Roe, A. Poe and B. Moe: \textit{Title}}\\ Journal 79 (2019) 588\\ doi:…": the
            # names before the colon are the authors, the title is after it
            fields = [f for f in fields if clean(f) != title]
            lead_authors, title = named, title.split(": ", 1)[1].strip()
        if title:
            fields = [f for f in fields if clean(f) != title]
            # "\emph{Title} (my part: the proofs)": what follows the title in its own field;
            # an aside in brackets is no venue
            fields = [f[len(title):].strip(" ,.;:") if f.startswith(title) else f for f in fields]
            fields = [f for f in fields if f and not re.fullmatch(r"\([^()]*\)\.?", f)]
        authors, et_al, venue, year, awards, status = [], False, None, label_year, [], "published"
        if lead_authors:
            authors, et_al = lead_authors
        subject = self.r.person.name
        rest = []
        for f in fields:
            if not authors and _COLLABORATION.fullmatch(f.strip()):
                authors = [Author(name=f.strip())]    # \cventry{2022}{CMS Collaboration}{Title}…: the authors
                continue
            if not authors:
                # ("A. Doe, B. Roe, & 36 co-authors": the count of the others is an "et al.")
                more = _MORE_AUTHORS.search(f)
                parsed = split_authors(f[:more.start()] if more else f, subject)
                if parsed and len(parsed[0]) >= 1 and (len(parsed[0]) > 1 or subject and parsed[0][0].is_subject):
                    authors, et_al = parsed
                    et_al = et_al or more is not None
                    continue
            rest.append(f)
        lead_run = None
        if not title and not authors and len(rest) == 1 and (lead_run := _SURNAME_INITIALS_RUN.match(rest[0])) and \
                (parsed := split_authors(lead_run.group(1), subject)) and \
                (len(parsed[0]) >= 2 or parsed[0][0].is_subject):
            # "Roe, A.B., Doe, C. Title. Journal, 35(11)": authors as "Surname, Initials" and no year
            # after them; the initials' full stops hid the end of the list (it stayed in the title)
            authors, et_al = parsed
            rest = [rest[0][lead_run.end():]]
        if not title and (not authors or lead_run) and len(rest) == 1:
            # One field holding a whole reference: "Authors. Title. Venue, Year."
            parts = [p.strip() for p in re.split(r"(?<=[a-z0-9)])\.\s+", rest[0]) if p.strip()]
            if len(parts) >= 2:
                parsed = None if authors else split_authors(parts[0], subject)
                if parsed:
                    authors, et_al = parsed
                    if not year and (ym := _YEAR_AFTER_AUTHORS.search(parts[0])):
                        # "Roe, A., \& Poe, B. (2026). Title. \textit{Journal}" (APA, in a macro's
                        # argument: \cvitem{5}{…}): the year in brackets after the authors had been lost
                        year = ym.group(1)
                    parts = parts[1:]
                title, rest = parts[0], parts[1:]
        if not title and rest:
            # never a date; past a venue ("Journal of …") when a plainer field follows
            # (friggeri's \entry{date}{authors}{venue}{title})
            cands = [f for f in rest if not (date_only(f) and not VENUE_WORDS.search(f))] or rest
            if authors and len(cands) >= 2 and _VENUE_NOUN.search(cands[0]) and not _VENUE_NOUN.search(cands[1]):
                cands = [cands[1], cands[0], *cands[2:]]
            title = cands[0]
            rest.remove(title)
        if not title or not _WORD.search(title):
            # (nothing but a year: "\item \years{2022} \bibentry{key}", the paper in another file)
            return
        # the venue is the field naming a journal or stating the paper's status ("in preparation for
        # Physical Review Letters") when there is one: not a note before it ("Presented at …") nor
        # an internal identifier ("CADI-line TOP-21-005")
        venue_like = [f for f in rest if _VENUE_NAME_WORD.search(f) or _STATUS_LEAD.match(f)]
        for f in rest:
            if venue_like and f not in venue_like and not (date_only(f) and not VENUE_WORDS.search(f)) \
                    and not _STATUS_ONLY.fullmatch(f) and venue is None:
                continue
            if date_only(f) and not VENUE_WORDS.search(f):
                p = period_of(f)[0]
                # (the entry's date column gives its year; a dated note after it, "Presented at
                # Lorem Detectors 2019", does not replace it)
                year = p[:4] if p and not label_year else year
                continue
            if _STATUS_ONLY.fullmatch(f):
                # an argument of its own stating the status (awesome-cv's \cvpublication{Authors}
                # {Title}{Journal}{Under review}): the status, not the venue
                status = publication_status(f) or status
                continue
            if re.search(r"best .*paper|award|honou?rable mention|distinguished", f, re.I) and len(f.split()) <= 8:
                awards.append(f)
                continue
            if re.match(r"acceptance rate", f, re.I):
                continue
            if venue is None:
                venue = f
        if venue:
            if not year:
                year = venue_year(venue)
            status = publication_status(venue) or status if status == "published" else status
            if (lead := _STATUS_FOR.match(venue)) and venue[lead.end():].strip():
                venue = venue[lead.end():].strip()      # "in preparation for Physical Review Letters": the journal
            # "A & A, Volume 617, id.L7", "MNRAS, Volume 524, 1316–1325": the journal's name only
            from mappers.extract.publications import _venue_name, venue_without_numbers
            venue = venue_without_numbers(venue)
        urls = find_urls(tex_text(head or " ".join(node.args)))
        arxiv = None
        m = re.search(r"arxiv(?:\.org/abs/|:)\s*(\d{4}\.\d{4,5})", " ".join([head, venue or "", *urls]), re.I)
        if m:
            arxiv = m.group(1)
        doi = next((d.value for u in urls if "doi.org/" in u and (d := normalise_doi(u))), None)
        if not doi and "doi" in head.lower() and (written := _DOI_IN_FIELD.search(tex_text(head))) \
                and (d := normalise_doi(written.group(1))):
            doi = d.value        # "doi:10.1140/epjc/s10052-019-7092-x" on a line of its own under the reference
        acronym = venue_acronym(venue) if venue and not re.search(r"thesis", venue, re.I) else None
        if venue:
            # the name as other formats give it: no year, edition or "(ACRO)" ("AAAI Conference on …")
            venue = _venue_name(venue, acronym) or venue
        self.r.publications.append(Publication(
            title=title.rstrip("."), authors=authors, et_al=et_al, venue=venue,
            venue_acronym=acronym,
            year=year, status=status, awards=awards, urls=urls, arxiv=arxiv, doi=doi, line=self.line(node.pos)))

    # -- patents --------------------------------------------------------------------------
    def do_patents(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group":
            for child in node.children:
                self.do_patents(child, node)
            return
        number = first_bold(node.head) if node.kind == "item" else None
        status = None
        if parent is not None:
            gt = " ".join(node_fields(parent)).lower()
            status = "filed" if "application" in gt else "granted" if re.search(r"registration|grant|issued", gt) else None
        if node.kind == "item" and not (number and re.search(r"\d", number)):
            # "\item A, B, \textbf{Me}, Title, \textit{Patent Office}, 10-2021-0025895, Oct 2021": one line
            # holding the whole patent, read as text patents are
            line = one_line(node.head)
            entry = parse_patent(line, self.r.person.name) if line.count(",") >= 2 or ". " in line else None
            if entry and (entry["inventors"] or entry["number"]):
                entry["status"] = entry["status"] or status
                self.r.patents.append(Patent(line=self.line(node.pos), **entry))
                return
        fields = [f for f in node_fields(node) if f != number]
        (start, _, _), di = period_in(fields)
        rest = without_period(fields, di)
        if number and not re.search(r"\d", number):
            rest.insert(0, number)
            number = None
        if not rest:
            return
        inventors: list[str] = []
        if node.kind == "macro":
            whole = [f for f in rest if f.count(",") >= 2 or ". " in f.rstrip(". ") or _QUOTE_MARKS[0] in f or "“" in f]
            entry = parse_patent(whole[0], self.r.person.name) if len(whole) == 1 else None
            if entry and (entry["inventors"] or entry["number"] or len(rest) == 1):
                # \cvitem{2019}{A, B, ``Title,'' U.S. Patent 10,123,456, issued 2019.}: one argument
                # holding the whole patent, read as text patents are
                entry["date"], entry["status"] = entry["date"] or start, entry["status"] or status
                self.r.patents.append(Patent(line=self.line(node.pos), **entry))
                return
            # \cventry{2018}{Title}{US 9,876,543 B2}{}{}{Inventors: A, B}: a field per part
            for f in rest[1:]:
                found = number_in(f)
                if found and not number and len(re.findall(r"[A-Za-z]{3,}", f.replace(found[0], ""))) <= 3:
                    number = patent_number(found[0])
                    status = status or status_of(f) or ("granted" if _granted_number(f, number) else None)
                elif (label := _INVENTORS_LABEL.match(f)) or not inventors and len(rest) > 2 and split_commas(f) \
                        and all(looks_like_name(n) for n in split_commas(f)):
                    inventors = [n.strip(" .") for n in split_commas(f[label.end():] if label else f) if n.strip(" .")]
        self.r.patents.append(Patent(title=rest[0], number=number, inventors=inventors, date=start, status=status,
                                     line=self.line(node.pos)))

    # -- talks ----------------------------------------------------------------------------
    def do_talks(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group" and not node.children and len([a for a in node.args if one_line(a)]) >= 2:
            # an environment per talk (\begin{talk}{Title}{}{March 2016}{Host}{City}\end{talk}):
            # read like an entry macro
            node = replace(node, kind="macro")
        if node.kind == "group":
            for child in node.children:
                self.do_talks(child, node)
            return
        if node.kind == "macro" and node.args and \
                len(filled := [a for a in node.args if clean(one_line(a))]) == 1 and filled[0] is node.args[-1] and \
                len(one_line(filled[0]).split()) >= 8 and _WHOLE_REF_YEAR.search(one_line(filled[0])):
            # a class's \publi{\textbf{Doe J.}, Roe K. (2017) Title. Meeting. City.} under "Presentations":
            # one argument holding the whole talk, read as a list item
            node = Node("item", head=filled[0], pos=node.pos)
        if node.kind in ("item", "text") and "``" not in node.head and "“" not in node.head and \
                (emph := first_bold(node.head)) and self.r.person.name and \
                (named := split_authors(emph, self.r.person.name)) and any(a.is_subject for a in named[0]) and \
                (pub := reference_from_text(marked := marked_text(node.head), self.r.person.name)) and pub.title and \
                len(pub.title.split()) >= 3 and not ((it := _ITALIC_SPAN.search(marked)) and it.group(1).strip(" ,.;:") == pub.title):
            # "\textbf{Doe J.}, Roe K. (2017) Title of the talk. Lorem Meeting. City.": the speakers
            # first, the subject in bold (the bold name had been read as the title); an italic title
            # ("\textbf{Doe, J.}, \textit{Title}, City, Country, Event, date") is read below, with the
            # place taken out of the event, and so is a quoted one ("… 2009 ``Title'' Paper presented at …")
            self.r.talks.append(Talk(title=pub.title, host=pub.venue, date=pub.year, line=self.line(node.pos)))
            return
        fields = node_fields(node)
        (start, _, _), di = period_in(fields)
        rest = without_period(fields, di)
        if di == 0 and len(fields) >= 2 and date_only(fields[0]) and (bd := _NAME_BRACKET_DATE.fullmatch(fields[0])) \
                and _date_column(bd.group(2)):
            # "\textbf{Lorem Physics Summit} (September 11-13, 2020)\\ Organized by …": a short name
            # with its date in brackets opens the item; the name is the talk's (the event's), not
            # a place beside a date column
            rest = [bd.group(1), *rest]
        if parent is not None:
            gfields = [f for f in node_fields(parent) if f]
            title = gfields[0] if gfields else None
            host = rest[0] if rest else None
            if start is None and len(gfields) >= 2:
                (start, _, _), _ = period_in(gfields[1:])      # the date beside the title
            if host and (km := _TALK_KIND_LEAD.match(host)) and host[km.end():].strip():
                # "Oral Presentation, 2024 Lorem Meeting, Arles, France" under the talk's title:
                # the kind of talk and the place are not the event
                host = host[km.end():].strip()
                pl = host.split(",")
                while len(pl) > 1 and _place_only(", ".join(pl[1:]).strip()):
                    pl = pl[:1]
                host = pl[0].strip() if len(pl) == 1 else host
        else:
            if node.kind == "macro" and any(_place_only(f) for f in rest):
                # a place argument is neither title nor host (\cvhonor{Host}{Title}{Country}{2016});
                # with the title argument left empty only the host remains: no talk to read
                rest = [f for f in rest if not _place_only(f)]
                if len(rest) == 1 and _host_like(rest[0]):
                    return
            if node.kind == "macro" and len(rest) >= 2 and _host_like(rest[0]) and not _host_like(rest[1]) \
                    and not re.fullmatch(r"\(.*\)", rest[1]):
                # (not before an aside: "Lorem for Middle School Pupils" then "(with A. Roe)")
                # \datedtalk{Host, City, ST}{Title}{Date}: the host first, as its words say
                rest = [rest[1], rest[0], *rest[2:]]
            title = rest[0] if rest else None
            # (an aside in brackets, "(invited talk, with A. Roe)", is not the host)
            hosts = [f for f in rest[1:] if not re.fullmatch(r"\(.*\)", f)]
            host = hosts[0] if hosts else None
            # one field: "\textit{Title}, Host, City" or "Title, Host, City"
            one_arg = [a for a in node.args if clean(one_line(a)) == title] if node.kind == "macro" and len(rest) == 1 else []
            if title and host is None and len(one_arg) == 1:
                # \cvitem{2023}{\textit{Title of the talk}, Lorem Workshop, Town} (a date argument, then one
                # argument holding the whole talk): the emphasised title, then where it was given;
                # \cvitem{2022}{Lorem Congress (Town) — Title of the talk.}: the event, a dash, the title
                emph = first_bold(one_arg[0])
                ed = _EVENT_DASH_TITLE.fullmatch(title)
                if emph and title.startswith(emph) and title != emph and len(emph.split()) >= 2 \
                        and title[len(emph):].lstrip()[:1] in (",", ".", ":", ";"):
                    title, host = emph, title[len(emph):].strip(" ,;:.")
                elif ed and (_host_like(ed.group(1)) or _EVENT_PLACE_BRACKET.search(ed.group(1))) \
                        and not _host_like(ed.group(2)) and len(ed.group(2).split()) >= 3:
                    title, host = ed.group(2).strip(" .;,"), ed.group(1).strip(" ,;")
            if title and host is None and node.kind == "item":
                emph = first_bold(node.head)
                ev = _EVENT_ASIDE.search(title) if title.endswith(")") else None
                if ev and not _NOT_EVENT_ASIDE.match(ev.group(1)) and title[:ev.start()].strip(" ,;:-"):
                    # "Title of the Talk (Lorem Developers' Meeting)", "Title (Lorem India, Ipsum
                    # USA)": the event in brackets after the title (the first, when several)
                    title, host = title[:ev.start()].strip(" ,;:-"), ev.group(1).split(",")[0].strip()
                elif emph and title.startswith(emph) and title != emph and _authors_only(emph, self.r.person.name) and \
                        (it := _ITALIC_SPAN.search(marked := marked_text(node.head))) and len(it.group(1).split()) >= 3:
                    # "\textbf{Doe, J.}, Roe, A., \textit{Title of the talk}, City, Event, May 2019": the
                    # bold speaker is no title; the italic words are, the event after them (the
                    # speaker's name had been the title of every talk)
                    after = [p.strip() for p in marked[it.end():].split(",") if p.strip(" .*")]
                    if len(after) >= 3 and is_region(after[1].strip(" .*")):
                        after = after[2:]       # "City, Country, Event": the event
                    after = [p for p in after if not _place_only(p) and not find_period(p)]
                    title, host = it.group(1).strip(" ,.;:"), (after[0].strip(" .*") if after else None)
                elif emph and title.startswith(emph) and title != emph:
                    title, host = emph, title[len(emph):].strip(" ,;:")
                elif title.count(",") >= 1:
                    title, host = [x.strip() for x in title.split(",", 1)]
        if title and (q := _QUOTED_TITLE.search(title)) and len(q.group(1).split()) >= 2 and \
                q.group(1).strip(" ,.;:") != title.strip(" ,.;:“”\""):
            # "A. Doe and B. Roe. “Title,” Host. City. (Oral)": the title is what is quoted, the
            # host what follows it (the speakers before it are not part of either)
            after = [p.strip() for p in re.split(r"(?<=[a-z)])\.\s+|,\s+(?=[A-Z])", title[q.end():].strip(" .,;:")) if p.strip()]
            after = [p for p in after if not re.fullmatch(r"\(.*\)", p)]
            before = title[:q.start()].strip()
            if not after and host is None and before.endswith(":") and 1 <= len(before.split()) <= 8:
                # "Lorem University, Ipsum: „Title“": the host named before the quoted title
                host = before.rstrip(" :")
            title, host = q.group(1).strip(" ,.;:"), (after[0].strip(" .") if after else host)
        if node.kind in ("item", "text") and title and host is None and len(title.split()) >= 8 and \
                (pub := reference_from_text(marked_text(node.head), self.r.person.name)) and pub.authors and \
                (len(pub.authors) >= 2 or pub.authors[0].is_subject):
            # "A. Doe, B. Roe. Title of the talk. *Meeting 2017*": speakers, then title and meeting
            title, host = pub.title, pub.venue
        whole = ", ".join(rest)
        if ":" in whole and (lm := _TALK_KIND_LABEL.search(whole)) and \
                len((t := _TRAILING_ASIDE.sub("", lm.group("title")).strip(" ,.;:")).split()) >= 2:
            # "June 11-13, Toulouse, France: \textbf{Workshop on X}, talk: \emph{Title}": the
            # words after "talk:"/"poster:" are the title, the event before it the host (not
            # "June 11-13", the first comma part)
            title = t
            before = whole[:lm.start()]
            if (pm := re.match(r"([^:]{1,60}):\s+", before)) and len(pm.group(1).split()) <= 6:
                before = before[pm.end():]      # ("June 11-13, Toulouse, France: " the date and place)
            host = before.strip(" ,;") or host
        if title and title[0] in _TALK_MARK_FIRST and (mk := _TALK_MARK.match(title)):
            # "$^{\dagger}$Title", "${}^{*}$Title" under "Talks$^\dagger$ & Posters$^*$": the mark keyed
            # to the heading's legend (a talk or a poster), no part of the title
            title = title[mk.end():]
        if title:
            self.r.talks.append(Talk(title=title, host=host, date=start, line=self.line(node.pos)))

    # -- service / teaching ---------------------------------------------------------------
    def do_service(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group" and node.children and not self._described_service(node):
            for child in node.children:
                self.do_service(child, node)
            return
        if node.kind in ("item", "text") and len([d for d in node.details if one_line(d)]) >= 2 and \
                _BOLD_LABEL_HEAD.fullmatch(node.head) and _CATEGORY_LABEL.fullmatch(one_line(node.head)):
            # "{\bf University Service}" then its list ("\item[--] Fall 2015: Associate Chair of …"):
            # a bold line naming a kind of service over the entries (it had been one entry, its
            # list dropped); a year alone among the items dates the entries under it
            year = None
            for d in node.details:
                text = one_line(d)
                if not text:
                    continue
                if re.fullmatch(r"(?:19|20)\d\d", text):
                    year = text
                    continue
                n0 = len(self.r.service)
                head = re.sub(r"^[\s\-–—*•]+", "", d)
                at = self.raw.find(head.strip()[:40], node.pos)
                self.do_service(Node("item", head=head, pos=at if at >= 0 else node.pos), node)
                for entry in self.r.service[n0:]:
                    entry.period = entry.period or year
            return
        fields = _join_acronym_fields(node_fields(node))
        if node.kind in ("item", "text") and len(fields) == 1 and len(fields[0].split()) >= 8 and \
                (sm := _SERVED_AS.search(fields[0])):
            # "Since September 2014 I have served as a member of the Lorem committee for the SAMO.",
            # "From January 2012 I have volunteered at Ipsum Church, …": the post and where, told
            # in a sentence (the whole sentence was the role)
            role = (sm.group("role") or "Volunteer").strip()
            org = _ORG_TAIL.split(sm.group("org"), maxsplit=1)[0].strip(" ,;.")
            role = role[:1].upper() + role[1:]
            found = find_period(fields[0])
            self.r.service.append(Service(role=role, organization=org or None,
                                          period=fields[0][found[1][0]:found[1][1]] if found else None,
                                          line=self.line(node.pos)))
            return
        if node.kind in ("item", "text") and (":" in (line := one_line(node.head)) or "—" in line or "–" in line or
                                               "-" in line or " for " in line or " of " in line) and \
                (lm := _REVIEWER_FOR.fullmatch(line)):
            # "\textbf{Reviewer:} CVPR, ICCV, NeurIPS", "reviewer for ApJ, MNRAS, NeurIPS": one entry
            # per venue (the first was read with the role, the others as one organization);
            # "Active Referee --- MNRAS": the role, a dash, the one venue (the venue had been lost)
            # (the last of "A, B, and C" without its "and")
            venues = [re.sub(r"^(?:and|&)\s+", "", v.strip(" .")) for v in re.split(r"\s*[,;]\s*", lm.group(2)) if v.strip(" .")]
            dashed = ":" not in line[:lm.start(2)]
            if (len(venues) >= 2 or dashed and len(venues) == 1) and all(len(v.split()) <= 6 and v[:1].isupper() for v in venues):
                role = lm.group(1).strip()
                if dashed:
                    role = re.sub(r"\s+(?:for|of)$", "", role)
                    role = role[:1].upper() + role[1:]
                for v in venues:
                    period = find_period(v)
                    org = (v[:period[1][0]] + v[period[1][1]:]).strip(" ,") if period else v
                    self.r.service.append(Service(role=role, organization=org or v,
                                                  period=v[period[1][0]:period[1][1]] if period else None,
                                                  line=self.line(node.pos)))
                return
        role = getattr(self, "section_referee", None)
        journals = referee_list(fields[0]) if role and len(fields) == 1 else None
        if journals:
            # "Referee Service": "\textit{Journal A}, \textit{Journal B}, …" (before the first
            # emphasised name is taken for a role)
            for journal in journals:
                self.r.service.append(Service(role=role, organization=journal, line=self.line(node.pos)))
            return
        if role and node.kind == "item" and 1 <= len(fields) <= 2 and not SERVICE_ROLE_WORDS.search(text := ", ".join(fields)) \
                and not TEACHING_ROLE.match(text):
            # "\item ACM Transactions on Lorem (TOL), 2019" under "Journal Reviewing": the journal the
            # subject reviewed for, and when (the journal had been read as the role)
            found = find_period(text)
            venue = (text[:found[1][0]] + text[found[1][1]:]).strip(" ,;.") if found else text.strip(" ,;.")
            if venue and venue[:1].isupper() and len(venue.split()) <= 12 and "," not in venue:
                self.r.service.append(Service(role=role, organization=venue,
                                              period=text[found[1][0]:found[1][1]] if found else None,
                                              line=self.line(node.pos)))
                return
        at = next((m for f in fields if "@" in f and (m := _ROLE_AT_ORG.fullmatch(f))), None) \
            if node.kind == "item" else None
        if at:
            # "Ecological Volunteering @ \emph{Lorem Trust}": the role, then where (the emphasised
            # organization was taken for the role)
            fields = [*(f for f in fields if date_only(f)), at.group(1).strip(), at.group(2).strip()]
        elif node.kind == "item":
            bold = first_bold(node.head)
            if bold:
                # "{\bf Publicity Chair}: Conference on X, City": the bold role, then the rest
                fields = [bold] + [f[len(bold):].strip(" :,;–—-") if f.startswith(bold) else f for f in fields if f != bold]
                fields = [f for f in fields if f]
        if not fields:
            return
        if node.kind == "item" and len(fields) == 1 and " - " in fields[0]:
            # "Artifact Evaluation Committee - SOSP 2023": the post, a dash, the venue
            left, right = fields[0].rsplit(" - ", 1)
            if SERVICE_ROLE_WORDS.search(left) and len(right.split()) <= 5 and re.search(r"[A-Z]{2,}", right) \
                    and not SERVICE_ROLE_WORDS.search(right):
                found = find_period(right)
                venue = (right[:found[1][0]] + right[found[1][1]:]).strip(" ,") if found else right
                fields = [left.strip(), venue.strip(), *([right[found[1][0]:found[1][1]]] if found and venue.strip() else [])]
        if TEACHING_ROLE.match(fields[0]):
            self._teaching(node, fields)
            return
        if node.kind == "macro" and len(named := [f for f in fields if f]) == 2 and referee_role(named[0]) and \
                len(named[0].split()) <= 3 and find_period(named[1]) and (venues := _venues_with_years(named[1])):
            # moderncv \cvitemwithcomment{Reviewer}{Lorem (2019, 2022), Lorem Asia (2022)}{}: one entry
            # per venue, before the years in brackets are taken for the entry's period (the first
            # venue had been "Lorem, 2022), Lorem Asia (2022)")
            post = "Referee" if named[0].lower().startswith("referee") else "Reviewer"
            for venue, year in venues:
                self.r.service.append(Service(role=post, organization=venue, period=year, line=self.line(node.pos)))
            return
        (start, end, current), di = period_in(fields)
        period_text = date_text(fields, di)
        rest = without_period(fields, di)
        if not rest and di is not None and node.kind in ("item", "text") and (found := find_period(fields[di])):
            # "\item Program Committee Member, PKC 2023.": a post and its venue beside the year,
            # read as a date with a few words around it (and dropped whole)
            named = re.sub(r"\s+", " ", fields[di][:found[1][0]] + " " + fields[di][found[1][1]:]).strip(" ,;:–—-().")
            if SERVICE_ROLE_WORDS.search(named):
                rest, period_text = [named], fields[di][found[1][0]:found[1][1]]
        if not rest:
            return
        if getattr(self, "section_members", False) and len(rest) == 1 and not SERVICE_ROLE_WORDS.search(rest[0]) \
                and len(rest[0].split()) <= 12:
            # "Professional Memberships": \cvhonor{Lorem Society for Virology}{}{}{}: a society the
            # subject is a member of
            self.r.service.append(Service(role="Member", organization=rest[0], period=period_text,
                                          line=self.line(node.pos)))
            return
        if node.kind == "group" and len(rest) >= 2:
            # resume.cls \begin{rSubsection}{Lorem Committee}{}{2015-present}{Co-organizer}: the
            # organization first, then the role (unless only the first field names a role)
            org, role = rest[0], rest[1]
            if _SERVICE_POST.search(role) is None and _SERVICE_POST.search(org) and not _SERVICE_BODY.search(org):
                org, role = role, org
        elif parent is not None and (label := next((f for f in node_fields(parent) if f), None)):
            role, org = label, rest[0]
            if referee_role(label) and not _ONE_NAMED_VENUE.fullmatch(rest[0]) and (journals := referee_list(rest[0])):
                # \subsection{Journal Referee} over "Physical Review D, Physical Review Letters" (not
                # one venue with a comma in its name and its acronym after it: "Symposium on
                # Research in Attacks, Intrusions and Defenses (RAID)")
                for journal in journals:
                    self.r.service.append(Service(role=label, organization=journal, period=period_text,
                                                  line=self.line(node.pos)))
                return
            if not _SERVICE_POST.search(label) and (split := _post_and_body(rest[0])):
                # "Graduate Council, member" under a bold "Lorem University" (or "Editorial Work"):
                # the post and the body are both on the line; the label over them is only where
                role, org = split
            elif not _SERVICE_POST.search(label) and _SERVICE_POST.search(rest[0]):
                # the entry names the post, the heading over it the body ("\subsection{Open Labs}"
                # over "\datedline{\textbf{Treasurer}}{2018--2019}"), or only the kind of post
                # ("\subsection{Committees}" over a committee, its department on the line below)
                role, org = rest[0], label
                if section_kind(label):
                    org = next((t for d in node.details if (t := one_line(d).strip(" ,.;"))), None) or \
                        (rest[1] if len(rest) > 1 else None)
                if (member := re.match(r"(?:an?\s+)?member\s+of\s+(?:the\s+)?(.{3,120})$", role, re.I)):
                    role, org = "Member", member.group(1)      # "Member of the Lorem Society"
        elif node.kind == "macro" and len(rest) >= 2:
            if referee_role(rest[0]) and len(rest[0].split()) <= 3 and (venues := _reviewed_venues(rest[1])):
                # moderncv \cvitem{Reviewer for}{ACL 2022, EMNLP 2021, NAACL 2021}: one entry per
                # venue, its year the period
                post = "Referee" if rest[0].lower().startswith("referee") else "Reviewer"
                for venue, year in venues:
                    self.r.service.append(Service(role=post, organization=venue, period=year or period_text,
                                                  line=self.line(node.pos)))
                return
            # one argument per field (moderncv \cventry{2014}{University of X, City}{Committee
            # member}): the one an institution's word marks is the organization; \cvitem{Lorem
            # Data Team}{Founding member}: the one naming a post is the role
            if (INSTITUTION_WORDS.search(rest[0]) or ORG_WORDS.search(rest[0])) and \
                    not (INSTITUTION_WORDS.search(rest[1]) or ORG_WORDS.search(rest[1])) or \
                    _SERVICE_POST.search(rest[1]) and not _SERVICE_POST.search(rest[0]):
                org, role = rest[0], rest[1]
            else:
                role, org = rest[0], rest[1]
        elif (split := _post_and_body(rest[0])) and _TRAILING_POST.fullmatch(rest[0]):
            role, org = split       # "Lorem Committee, co-chair": the body first, then the post
        else:
            parts = [p.strip() for p in rest[0].split(",")]
            role = parts[0]
            org = ", ".join(parts[1:]) or (rest[1] if len(rest) > 1 else None)
            at = re.match(r"(.{2,60}?)\s+at\s+(.+)$", role) if org and " at " in role else None
            if at and (ROLE_WORDS.search(at.group(1)) or SERVICE_ROLE_WORDS.search(at.group(1))) and is_region(org.split(",")[-1].strip()):
                # "Volunteer at Lorem Reserve, Hong Kong": the role, then its organization (the place after it)
                role, org = at.group(1), at.group(2)
        if not org and node.kind == "item" and parent is not None and parent.name == "\0para" and parent.args:
            org = one_line(parent.args[0]) or None      # a role under its body's paragraph
        self.r.service.append(Service(role=role, organization=org, period=period_text,
                                      line=self.line(node.pos)))

    @staticmethod
    def _described_service(node: Node) -> bool:
        r"""An environment entry whose own arguments give a date and what was done, and whose
        items are sentences about it (\begin{rSubsection}{Lorem Committee}{}{2012-2015}{Planning
        Member} \item Assisted in planning …): one service entry, its items the description
        (a list of short items under a dated heading stays a list of entries)."""
        fields = [f for f in node_fields(node) if f]
        (_, _, _), di = period_in(fields)
        if di is None or not without_period(fields, di):
            return False
        return all(c.kind == "item" and len(one_line(c.head).split()) >= 6 for c in node.children)

    def do_awards_or_service(self, node: Node, parent: Node | None) -> None:
        """An entry of a section whose heading names both honours and memberships: a membership
        or post when its words name one (member, chair, …), an award otherwise."""
        if node.kind == "group" and node.children:
            for child in node.children:
                self.do_awards_or_service(child, node)
            return
        if _SERVICE_POST.search(" ".join(node_fields(node))):
            self.do_service(node, parent)
        else:
            self.do_awards(node, parent)

    def do_teaching_or_service(self, node: Node, parent: Node | None) -> None:
        """An entry of a section whose heading names both teaching and service: teaching when
        its words say so (a teaching role, a course), service otherwise."""
        if node.kind == "group" and node.children:
            for child in node.children:
                self.do_teaching_or_service(child, node)
            return
        fields = node_fields(node)
        if node.kind == "text" and len(fields) >= 2 and "\\\\" in node.head and \
                len(lines := [ln for ln in _LINE_BREAK.split(node.head) if one_line(ln)]) >= 2 and \
                all(_LABELLED_LINE.match(one_line(ln)) for ln in lines):
            # "\textbf{Reviewer:} A, B \\ \textbf{Teaching Assistant, Lorem University:} C; D": one
            # labelled line each (the reviewing venues were read as a course)
            for ln in lines:
                self.do_teaching_or_service(replace(node, head=ln, details=[]), parent)
            return
        if fields and (TEACHING_ROLE.match(fields[0]) or _TEACHING_WORDS.search(" ".join(fields))):
            self.do_teaching(node, parent)
        else:
            self.do_service(node, parent)

    def do_teaching(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group" and (one := _heading_with_dated_role(node, TEACHING_ROLE)) is not None:
            # \subsection{CS2: Lorem Methods}[School] then \entry{Teaching Assistant}{Winter 2021}
            self._teaching(one, node_fields(one))
            return
        if node.kind == "group" and node.children:
            for child in node.children:
                self.do_teaching(child, node)
            return
        if node.kind in ("item", "text") and ";" in node.head and (lm := _ROLE_COURSES.fullmatch(one_line(node.head))) \
                and TEACHING_ROLE.match(lm.group(1)) and len(courses := [c.strip(" .") for c in lm.group(3).split(";")
                                                                         if c.strip(" .")]) >= 2:
            # "\textbf{Teaching Assistant, Lorem University:} CS 101 Intro; CS 202 Systems": the role
            # and where, then one course each (the whole line was one course)
            for c in courses:
                self.r.teaching.append(Teaching(course=c, role=lm.group(1).strip(), institution=(lm.group(2) or "").strip() or None,
                                                line=self.line(node.pos)))
            return
        fields = node_fields(node)
        if node.kind == "text" and len(fields) >= 3 and TEACHING_ROLE.fullmatch(fields[0].strip(" :")) and \
                len(courses := list(itertools.takewhile(bool, (_COURSE_YEARS.fullmatch(f) for f in fields[1:])))) >= 2:
            # "{\bf Teaching Assistant} \\ Lorem Modelling (2019) \\ Ipsum Biology (2018, 2019)": the role
            # over one course a line, each with its years (the lines had been read as one course and its term)
            for cm in courses:
                self.r.teaching.append(Teaching(course=cm.group(1).strip(" ,"), role=fields[0].strip(" :"),
                                                term=cm.group(2), line=self.line(node.pos)))
            if len(courses) + 1 < len(fields):
                self.note(f"lines after the courses at line {self.line(node.pos)} not mapped: {fields[len(courses) + 1][:60]}")
            return
        if node.kind == "text" and len(starts := [k for k, f in enumerate(fields) if TEACHING_ROLE.match(f)]) >= 2 \
                and starts[0] == 0:
            # one paragraph of posts, each "Lecturer, Lorem University \\ \textit{Course} \hfill Term":
            # a post starts at each line naming a teaching role (the first post had been read
            # alone, the later ones lost)
            for a, b in zip(starts, [*starts[1:], len(fields)]):
                self._teaching(node, fields[a:b], parent)
            return
        if node.kind == "item":
            bold = first_bold(node.head)
            if bold:
                fields = [bold] + [f for f in fields if f != bold]
        if fields:
            self._teaching(node, fields, parent)

    def _teaching(self, node: Node, fields: list[str], parent: Node | None = None) -> None:
        (start, _, _), di = period_in(fields)
        if di is not None and _words_beside_date(fields[di]) >= 2 and \
                (later := next((k for k in range(di + 1, len(fields)) if _words_beside_date(fields[k]) == 0), None)):
            # "Teaching Assistant \\ Lorem Summer School 2019 \\ {\sl University} \hfill Aug. 2019": the
            # date column is the term, not the year in the course's name
            (start, _, _), di = period_in(fields[later:])
            di = None if di is None else di + later
        term = date_text(fields, di)
        rest = without_period(fields, di)
        if di is not None and all(TEACHING_ROLE.match(f) or _TEACHING_ROLE_FIELD.fullmatch(f) for f in rest) and \
                (found := find_period(fields[di])):
            # "\item[TA] ECON 410: Microeconomics. Fall 2023.": the dated field holds the course
            a, b = found[1]
            course = (fields[di][:a] + " " + fields[di][b:]).strip(" ,.;:–—-()")
            if _WORD.search(course):
                rest, term = [*rest, course], fields[di][a:b].strip()
        if not rest:
            return
        role = inst = None
        if node.kind in ("macro", "row") and len(rest) >= 2:
            # awesome-cv's \cventry{Teaching Assistant - BIOL 619 Topics in Lorem}{University}{City}{Term}:
            # the role, a dash, then the course in one argument
            split_role = []
            # (only when no other argument names the courses: "Teaching Assistant - Undergraduate
            # level" over a list of courses keeps its level with the role)
            courses_apart = any(not (INSTITUTION_WORDS.search(g) or _place_only(g) or TEACHING_ROLE.match(g))
                                for g in rest[1:])
            for f in rest:
                rc = _ROLE_DASH_COURSE.fullmatch(f) if " " in f else None
                if rc and TEACHING_ROLE.match(rc.group(1)) and len(rc.group(1).split()) <= 5 \
                        and (_COURSE_CODE_IN.search(rc.group(2)) or not courses_apart):
                    split_role += [rc.group(1), rc.group(2)]
                else:
                    split_role.append(f)
            rest = split_role
        if node.kind in ("macro", "row") and len(rest) >= 2 or \
                node.kind == "item" and len(rest) >= 2 and _TEACHING_ROLE_FIELD.fullmatch(rest[0]):
            # one argument per field (moderncv \cventry{Fall 2013}{Teaching Assistant}{Course}
            # {University}, \cventry{Spring 2014}{Taught by Dr. Roe}{Course}): a teaching role, an
            # institution and the instructor's name each have their own argument
            role = next((f for f in rest if (TEACHING_ROLE.match(f) or _TEACHING_ROLE_FIELD.fullmatch(f))
                         and len(f.split()) <= 5), None)
            inst = next((f for f in rest if f != role and INSTITUTION_WORDS.search(f) and len(f.split()) <= 10
                         and not f.endswith(".")), None)      # (not "Received a University award.")
            # (awesome-cv's \cventry{Role}{University}{City, Country}{Dates}{Courses}: the place
            # is not the course)
            others = [f for f in rest if f not in (role, inst) and not _INSTRUCTOR_NOTE.match(f)
                      and not (role and _place_only(f))]
            if not others:
                return
            rest = others
        parts = [p.strip() for p in re.split(r",\s+(?![^()]*\))", rest[0]) if p.strip()]
        if parts and TEACHING_ROLE.match(parts[0]) and not role:
            role = parts.pop(0)
        if len(parts) >= 2 and not inst and (INSTITUTION_WORDS.search(parts[-1]) or re.fullmatch(r"[A-Z]{2,}", parts[-1])):
            inst = parts.pop()
        elif len(parts) == 1 and role and not inst and len(rest) >= 2 and INSTITUTION_WORDS.search(parts[0]) and \
                len(parts[0].split()) <= 8:
            inst = parts.pop()      # "Lecturer, Lorem University" over the course's own line
        if parent is not None and (not role or not inst or not term):
            # "\subsection{Teaching Assistant, Ridge University}" or res.cls's
            # \rSubsection{Ridge University}{Department}{2013-2015}{} over the courses
            gfields = [f for f in node_fields(parent) if f and not date_only(f)]
            for f in gfields:
                gparts = split_commas(f)
                if gparts and TEACHING_ROLE.match(gparts[0]) and len(gparts[0].split()) <= 5:
                    role, gparts = role or gparts[0], gparts[1:]
                rest_of = ", ".join(gparts)
                if not inst and INSTITUTION_WORDS.search(rest_of) and len(rest_of.split()) <= 10:
                    inst = rest_of
            gall = [f for f in node_fields(parent) if f]
            if not term and (gdi := period_in(gall)[1]) is not None:
                term = date_text(gall, gdi)
        course = ", ".join(parts) or (rest[1] if len(rest) > 1 else None)
        if not inst and not parts and node.kind in ("item", "text") and len(rest) >= 3 and \
                INSTITUTION_WORDS.search(rest[2]) and len(rest[2].split()) <= 10:
            inst = rest[2]      # the role, the course, then the school on a line of its own
        if course and re.search(r"[a-z]{3}\.$", course):
            course = course[:-1]          # "Data Science." (the sentence's full stop, not "Intro.")
        if course:
            if role is None and getattr(self, "section_assistant", False):
                role = "Teaching Assistant"
            self.r.teaching.append(Teaching(course=course, institution=inst, term=term, role=role,
                                            line=self.line(node.pos)))

    # -- skills ---------------------------------------------------------------------------
    def do_interests(self, node: Node, parent: Node | None) -> None:
        """An entry under a "Research Interests" heading: its topics, parted at commas and
        semicolons ("and" joins the words of one topic: "parallel and distributed computing").
        An item or paragraph that is a sentence about the subject names no topic; a labelled row
        (\\cvitem{Label}{Topic}) gives its value, unless the label is a service role ("Reviewer
        for": journals, not topics)."""
        if node.kind == "group":
            for child in node.children:
                self.do_interests(child, node)
            return
        if node.kind in ("macro", "row"):
            cells = [one_line(a) for a in node.args]
            if len(cells) >= 2 and _INTEREST_SERVICE_LABEL.search(cells[0]):
                return
            texts = [c for c in cells[1:] if c] if len(cells) >= 2 else cells
        else:
            texts = [one_line(node.head)]
        person = self.r.person
        for text in texts:
            first = re.split(r"(?<=[a-z)])\.\s+(?=[A-Z])", text, maxsplit=1)[0]
            if _INTEREST_PROSE.match(first) or len(first.split()) > 60:
                continue
            for item in re.split(r"[,;]\s*(?:and\s+)?", first):
                item = item.strip(" .:;")
                if 1 <= len(item.split()) <= 8 and not re.search(r"https?://|@", item) and \
                        item.lower() not in (t.lower() for t in person.interests):
                    person.interests.append(item[0].upper() + item[1:])

    def do_skills(self, node: Node, parent: Node | None) -> None:
        if node.kind == "group":
            # (a "\subsection{Languages}" among the skills: its rows are spoken languages, their
            # levels no skills)
            spoken = bool(SUBSECTION_MACRO.match(node.name) and node.args and
                          section_kind(one_line(node.args[0])) == "languages")
            for child in node.children:
                if spoken:
                    self.do_languages(child, node)
                else:
                    self.do_skills(child, node)
            return
        fields = node_fields(node)
        if any(NATURAL_LANGUAGE.search(f) for f in fields):
            fields = self._spoken_among_skills(fields)
            if not fields:
                return
        if node.kind in ("text", "item") and len(fields) >= 2:
            # a group's label on a line of its own over the line listing it ("\textbf{Libraries}
            # \newline PyTorch (proficient), JAX (basics)"): a label, no skill
            fields = [f for k, f in enumerate(fields)
                      if not (k + 1 < len(fields) and _GROUP_LABEL_LINE.fullmatch(f) and _LISTING.search(fields[k + 1]))]
        elif node.kind == "item" and node.details and len(fields) == 1 and _GROUP_LABEL_LINE.fullmatch(fields[0]):
            # "\item \textbf{Programming Languages}" over its own list of sub-items: the sub-items
            # are the skills, the item's words their group's label
            fields = [one_line(d) for d in node.details if one_line(d)]
        values = fields[1:] if node.kind in ("macro", "row") and len(fields) >= 2 else fields
        if node.kind == "macro" and node.name in _TWO_LABEL_MACROS and len(fields) == 4:
            # moderncv's \cvcomputer{Label}{skills}{Label}{skills}: the first and third
            # arguments name the groups ("Scripting" was read as a skill)
            values = [fields[1], fields[3]]
        elif node.kind == "item" and len(fields) >= 2 and _LABEL_COLUMN.match(node.head) and \
                len(fields[0].split()) <= 4 and "," not in fields[0]:
            # \item[Software] Python, Git: the item's label names the group, it is no skill
            values = fields[1:]
        if values is not fields and all(_RATING.fullmatch(v) for v in values):
            values = fields[:1]      # AltaCV's \cvskill{Python}{4}: a skill and its rating
        if values is not fields and (_LANGUAGES_LABEL.fullmatch(fields[0]) and any(_PROFICIENCY.search(v) for v in values)
                                     or _LANGUAGES_LABEL_OTHER.fullmatch(fields[0])
                                     and any(_LANGUAGE_NAME_OTHER.match(v.strip()) or NATURAL_LANGUAGE.match(v.strip())
                                             for v in values)):
            # a "Languages" row among the skills naming how well (\cvitem{Languages}{German
            # (native), English (fluent)}), not "Languages: Python, C++" (programming ones)
            self._add_languages(", ".join(values))
            return
        for v in values:
            if _FIRST_PERSON.search(v):
                continue        # "See my Github account, jdoe, for the projects I work on": a sentence
            # (a group label, up to 40 characters, or a longer one before a list: "Packages for
            # spectra and absorption analysis: Cloudy, VoigtFit")
            v = re.sub(r"^[^:]{1,40}:\s*|^[^:,]{41,80}:\s*(?=[^,:]{1,40},)", "", v)
            # ("Working knowledge in Linux, Vim", "Proficient in Python", "Expertise in X": the
            # skills, not the phrase before them)
            if _SKILL_LEAD_ONLY.fullmatch(v.strip()):
                continue        # a label line over its list ("\textbf{Experienced with:}" above the items)
            v = _SKILL_LEAD.sub("", v)
            # (Deedy's "C# \textbullet{} PHP \textbullet{} SQL": bullets, bars and diamonds part
            # them too; not inside brackets: "Python (8 years, with pandas, numpy)" is one skill,
            # its long aside dropped)
            for s in _top_level_parts(v):
                s = _ASIDE_IN_SKILL.sub(lambda mm: "" if len(mm.group(1).split()) >= 4 else mm.group(0), s)
                if ":" in s:
                    s = _SKILL_LEAD.sub("", re.sub(r"^[^:,]{1,40}:\s*(?=\S)", "", s))     # ("… ♢ Deep learning: PyTorch")
                s = re.sub(r"^(?:and|or|&)\s+", "", s.strip(" ")).rstrip(".")       # (".NET" keeps its dot)
                if s and len(s) <= 40 and s not in self.r.skills and not _CONTACT_NOT_SKILL.search(s) and \
                        s.lower() not in ("etc", "etc.", "and more", "…", "..."):
                    self.r.skills.append(s)

    def _spoken_among_skills(self, fields: list[str]) -> list[str]:
        """The fields of a skills entry without the spoken languages it names, which go to the
        languages: a "Languages" (or "Spoken") label over a list of natural languages, on its own
        line or before a colon ("Languages: English (fluent), Mandarin (native)"), and a language
        named as the label of its level ("Chinese: Native", "English: IELTS 7"). A "Languages"
        label over programming languages ("Languages: C, C++, Python") stays a skills group."""
        kept: list[str] = []
        k = 0
        while k < len(fields):
            f = fields[k].strip()
            label, _, rest = f.partition(":") if ":" in f[:40] else (f, "", "")
            label = label.strip()
            if _SPOKEN_GROUP_LABEL.fullmatch(label):
                lists = [rest] if rest.strip() else []
                j = k + 1
                if not lists:
                    while j < len(fields) and _spoken_list(fields[j]):
                        lists.append(fields[j])
                        j += 1
                if lists and all(_spoken_list(t) for t in lists):
                    for t in lists:
                        # (each without its level: "English (fluent, CET-6)" → "English")
                        self._add_languages(_LIST_AND.sub(", ", re.sub(r"\s*\([^()]*\)", "", t)))
                    k = j
                    continue
            elif rest.strip() and NATURAL_LANGUAGE.fullmatch(label) and len(rest) <= 40:
                # "Chinese: Native", "Japanese: N2" under "Language Skills"
                self._add_languages(label)
                k += 1
                continue
            kept.append(fields[k])
            k += 1
        return kept

    def do_languages(self, node: Node, parent: Node | None) -> None:
        for f in node_fields(node)[:1]:
            self._add_languages(f)

    def _add_languages(self, text: str) -> None:
        for s in re.split(r"\s*[,;]\s*", text):
            s = re.sub(r"\s*\(.*?\)", "", s).strip()
            if _LEVEL_ONLY.fullmatch(s):
                continue        # "Español, nativo", "Inglés, fluido": the level of the language before it
            if s and _PROGRAMMING_LANGUAGE.fullmatch(s) and not _NATURAL_LANGUAGE.fullmatch(s):
                # "Languages and programming languages" (\cventry{C++}{Intermediate}): a programming
                # language listed with the spoken ones is a skill
                if s not in self.r.skills:
                    self.r.skills.append(s)
                continue
            if ":" in s or " " in s:
                # "English: Full professional proficiency" → "English"; "Kurdish: Limited working
                # proficiency" too (a name the list does not hold, then a level); "German C2",
                # "Mandarin Chinese native" (a known language's level after a space)
                s = _language_name(s)
            if s and (run := languages_in_run(s)):
                # "german first language english fluent" (one per line in a side column)
                self.r.languages.extend(n for n in run if n not in self.r.languages)
            elif s and s not in self.r.languages:
                self.r.languages.append(s)


_TALK_MARK_FIRST = frozenset("^*†‡§")
_TALK_MARK = re.compile(r"\^?[*†‡§]{1,3}\s*(?=[^\W_]|[\"“‘'])")


# ---------------------------------------------------------------------------------------
# Person
# ---------------------------------------------------------------------------------------
PROFILE_HOSTS = re.compile(r"github\.com|gitlab\.com|linkedin\.com|scholar\.google|twitter\.com|x\.com/|orcid\.org|"
                           r"dblp\.|researchgate\.net|semanticscholar\.org|bsky\.app", re.I)
SOCIAL_URLS = {"github": "https://github.com/{}", "linkedin": "https://www.linkedin.com/in/{}",
               "twitter": "https://twitter.com/{}", "orcid": "https://orcid.org/{}",
               "googlescholar": "https://scholar.google.com/citations?user={}",
               "gitlab": "https://gitlab.com/{}", "x": "https://x.com/{}"}


_ARG_JOIN = re.compile(r"(?<=[A-Za-z])\}[ \t]*\{")
_PAR_CMD = re.compile(r"\\par\b")
_HEADING_MACRO = re.compile(r"\\(?!(?:sub)*section)[A-Za-z]*head(?:er|ing)?[A-Za-z]*\s*\{((?:[^{}]|\{[^{}]*\}){2,120}?)\}")


_DEGREE_AFTER_NAME = re.compile(r"\s*\\(?:small|footnotesize|scriptsize|normalsize|textsc|textrm)\b\s*\{[^{}]{0,20}\}\s*$")
_HANDLE_TEXT = re.compile(r"[\w.+-]+(?=@)|https?://[^\s{}]+|\\(?:github|gitlab|homepage|website|linkedin|twitter)\s*\{[^{}]*\}")


# a full stop after a name's last word (two letters or more), then a capital: a sentence follows
_SENTENCE_AFTER = re.compile(r"(?<=[^\W\d_]{2})\.\s+(?=[A-Z])")
_ABBREVIATION_WORD = re.compile(r"(?:prof|profs|dr|drs|mr|mrs|ms|jr|sr|st|assoc|asst|hon)$", re.I)


def _names_before_sentence(text: str) -> str:
    """'Jane Roe. Implemented a solver for …' → 'Jane Roe': the names a supervisor's label gives,
    without the sentence run on after them (its words had been names: "Jane Roe. Topics: lorem",
    "ipsum"); a full stop after a title ("Prof. Jane Roe") or an initial ("J. Roe") ends nothing."""
    for m in _SENTENCE_AFTER.finditer(text):
        word = re.search(r"[^\W\d_]+$", text[:m.start()])
        if word and not _ABBREVIATION_WORD.match(word.group(0)):
            return text[:m.start()]
    return text


_BRACKETED_EMAIL = re.compile(r"\s*\(\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*\)")
_TILDE_MACRO = re.compile(r"\\textasciitilde\b\s*(?:\{\s*\})?\s*|\\~\s*(?:\{\s*\})?|\$\s*\\sim\s*\$")


def _printed_or_short_name(printed: str, short: str | None, tex: str) -> str:
    """\\name[Short Name]{Printed Name \\small{B.S.}}: the printed name without the degree set small
    after it, unless only the optional name is the one the e-mail address, home page and profile
    handles spell (a class's template name left in the printed argument)."""
    name = one_line(_DEGREE_AFTER_NAME.sub("", printed))
    alt = one_line(short) if short else ""
    if not alt or not looks_like_name(alt) or alt == name:
        return name or alt
    handles = " ".join(_HANDLE_TEXT.findall(tex)).lower()

    def spelled(n: str) -> bool:
        words = re.findall(r"[^\W\d_]+", unicodedata.normalize("NFKD", n).encode("ascii", "ignore").decode().lower())
        return any(len(w) >= 3 and w in handles for w in words) or "".join(words) in handles

    if handles and spelled(alt) and not spelled(name):
        return alt
    return name


def _person(tex: str, header: str, contact: str = "", body_header: str | None = None) -> Person:
    """The subject from the title macros and the header (text before the first section);
    ``contact`` is the LaTeX of a "Contact" section (friggeri-cv's aside), read for addresses."""
    name = ""
    m = re.search(r"\\name(?:section)?\s*\{([^{}]*)\}\s*\{([^{}]*)\}", tex)
    if m:
        name = f"{one_line(m.group(1))} {one_line(m.group(2))}".strip()
    if not name:
        m = re.search(r"\\name\s*(?:\[([^\[\]{}]{1,80})\])?\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if m:
            name = _printed_or_short_name(m.group(2), m.group(1), tex)
    if not name:
        fn = re.search(r"\\firstname\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)        # \firstname{\Huge{Jane}}
        ln = re.search(r"\\(?:familyname|lastname)\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if fn or ln:
            name = " ".join(one_line(x.group(1)) for x in (fn, ln) if x)
    if not name:
        # twentysecondcv's \cvname{First\\Last}, \fullname{…}, \myfullname{…}
        m = re.search(r"\\(?:cv|my)?(?:full)?name\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if m and looks_like_name(cand := one_line(m.group(1).replace("\\\\", " "))):
            name = cand
    if not name:
        m = re.search(r"\\author\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if m:
            name = one_line(m.group(1).split("\\\\")[0])
    if not name:
        # friggeri-cv: \header{First}{Last}{subtitle}
        m = re.search(r"\\header\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if m and looks_like_name(cand := f"{one_line(m.group(1))} {one_line(m.group(2))}".strip()):
            name = cand
    if not name and "head" in tex:
        # a class's own header macro: "\headinginline{Jane Doe}{Website: …}", "\cvheader{Jane Doe}"
        for mm in _HEADING_MACRO.finditer(tex):
            if looks_like_name(cand := one_line(mm.group(1))):
                name = cand
                break
    if not name:
        for mm in re.finditer(r"\{\s*(?:\\[A-Za-z]+\s*)*\\(?:huge|Huge|LARGE|Large|large|scshape)\b\s*(?:\\[A-Za-z]+\s*)*((?:[^{}]|\{[^{}]*\})*)\}"
                              r"|\\(?:textbf|textsc)\s*\{\s*(?:\\[A-Za-z]+\s*)*((?:[^{}]|\{[^{}]*\})*)\}", header):
            inner = mm.group(1) or mm.group(2) or ""
            if "color" in mm.group(0)[:mm.start(1) - mm.start(0) if mm.group(1) else 0]:
                # "{\LARGE\bfseries\textcolor{primary}{Jane Doe}}": the colour's name is no text
                inner = re.sub(r"^\s*\{[A-Za-z][\w!.]{0,30}\}(?=\s*\{)", "", inner)
            cand = one_line(inner)
            if cand.islower() and re.search(r"\\(?:textsc|scshape)\b", mm.group(0)):
                cand = title_case_name(cand)       # small capitals: "jane doe" prints as a name
            # ("Yu (Jasmine) Hao": a name with the name one goes by in brackets)
            if looks_like_name(cand) or "(" in cand and looks_like_name(_GOES_BY.sub("", cand)):
                name = cand
                break
    if not name:
        # \title{Jane Doe -- Curriculum Vitae} (the plain article's title as the page's heading)
        m = re.search(r"\\title\s*\{((?:[^{}]|\{[^{}]*\})*)\}", tex)
        if m:
            parts = [p for p in (light_clean(x) for x in _CV_WORDS.split(one_line(m.group(1)))) if p]
            if len(parts) == 1 and _CV_WORDS.search(one_line(m.group(1))) and looks_like_name(parts[0]):
                name = parts[0]
    if not name:
        # header lines, and the cells of a header table ("Jane Doe<TAB>jdoe@…"), a degree after
        # the name ("Jane Doe, Ph.D.") left out; never a label row ("Nationality<TAB>Norway")
        # (a table's "&" parts cells; a macro's arguments written one per line part lines)
        # (a blank line ends a paragraph: "{\Large Jane Doe}" after a block of addresses)
        top = _PARA_BREAK.sub(lambda _: "\\\\\n", body_header if body_header is not None else header)
        # (and "\par" ends one: "\Huge Jane Doe \par" over "\large \textit{Economist} \par")
        top = _PAR_CMD.sub(lambda _: "\\\\\n", top)
        # (a title macro's arguments on one line, "\maintitle{Jane Roe}{Economist}{…}": each a line)
        top = _TITLE_ARGS.sub(lambda mm: mm.group(1) + "}\\\\{", top) if "}{" in top else top
        for line in tex_text(_ARG_PER_LINE.sub(lambda _: "}\\\\{", _CELL_SEP.sub(lambda _: "\\hfill ", top)),
                             links=False).split("\n"):
            cells = [clean(c) for c in line.split("\t") if clean(c)]
            if cells and _LABEL_WORD.match(cells[0]):
                continue
            cand = next((strip_honorifics(c) for c in [clean(line), *cells] if looks_like_name(strip_honorifics(c))
                         # (or with the name one goes by in brackets, "Mei-Lin (Bruno) Tasko", as above)
                         or "(" in c and looks_like_name(_GOES_BY.sub("", strip_honorifics(c)))), None)
            if cand:
                name = cand
                break
    if not name and "head" in tex:
        # the name only in the page's running head (fancyhdr's \rhead{Mr. Jane Doe\\Tel: …\\Email: …}):
        # the head's first line
        for mm in _RUNNING_HEAD.finditer(tex):
            first = light_clean(tex_text(_TEX_LINE_BREAK.split(mm.group(1))[0]).replace("\n", " "))
            if first and looks_like_name(cand := strip_honorifics(first)):
                name = cand
                break
    if not name:
        # the name only in a preamble macro ("\def\myauthor{Jane Doe}", "\newcommand{\myname}
        # {Jane Doe}") when the heading spells it in pieces (kerning, small capitals, fonts)
        m = _NAME_MACRO.search(tex)
        if m and looks_like_name(light_clean(m.group(1))):
            name = light_clean(m.group(1))
    person = Person(name=name or "")
    # (the preamble's macro definitions are not the subject's addresses: "\newcommand{\uni}
    # {\href{https://uni.example}{University}}" names an institution's page)
    # (a contact section's label/value macros, "\PersonalEntry{Phone}{+7 …}", print their
    # arguments apart: glued, "Phone+79651818175" was no phone)
    contact = _ARG_JOIN.sub("}\t{", contact) if contact else contact
    contact_src = _without_definitions(header) + "\n" + contact + "\n" + "\n".join(
        mm.group(0) for mm in re.finditer(r"\\(?:email|phone|mobile|homepage|social|info|address|extrainfo|github|linkedin|twitter|orcid)\b(?:\s*\[[^\]]*\])?\s*\{(?:[^{}]|\{[^{}]*\})*\}", tex))
    # an icon before a handle or an identifier ("\faGithub\ jdoe", "\aiOrcid~0000-…") is its label
    if "\\fa" in contact_src or "\\ai" in contact_src:
        contact_src = _ICON_MACRO.sub(lambda mm: " " + _ICON_LABELS[k] + ": " if (k := _icon_key(mm)) else mm.group(0),
                                      contact_src)
    # (a table's cells apart: "Phone: & …" is read as a label and its value)
    text = tex_text(_CELL_SEP.sub(lambda _: "\\hfill ", contact_src) if "&" in contact_src else contact_src)
    # label/value rows (a tabular, tabbing or description header: "Phone: & …", "{\bf Fax} \> …",
    # "\item[Homepage] …"): a fax number is not the subject's phone, a "Homepage" row is the homepage
    labelled: dict[str, list[str]] = {}
    for line in text.split("\n"):
        lm = _CONTACT_LABEL.search(line)
        if lm and lm.group("value").strip():
            kind = next(k for k, v in lm.groupdict().items() if v and k.startswith("k_"))
            # (label/value macros run on one line, "Address\tTown, Country Phone\t+7 …": the value
            # ends before the next label)
            labelled.setdefault(kind, []).append(_NEXT_LABEL.split(lm.group("value"), maxsplit=1)[0].strip())
    if "k_fax" in labelled:
        text = "\n".join(ln for ln in text.split("\n") if not _FAX_LINE.match(ln))
        # ("Voice: +1 808 555-0101   Fax: +1 (808) 555-0102": the fax number beside the phone)
        text = _FAX_NUMBER.sub(" ", text)
    # whitespace runs squeezed: the e-mail patterns are slow on long runs of spaces
    # ("ada\_roe@lorem.edu": an underscore escaped in the source is part of the address, which had
    # been cut at the backslash, "_roe@lorem.edu")
    person.emails = find_emails(_WS_RUN.sub(" ", contact_src.replace("mailto:", " ").replace("\\_", "_"))) or \
        find_emails(_WS_RUN.sub(" ", text))
    for mm in re.finditer(r"\\(?:(?:smart|cell|tele)?phone|mobile)\s*(?:\[[^\]]*\])?\s*\{([^{}]*)\}", tex):
        person.phones.append(one_line(mm.group(1)))
    if not person.phones:
        for v in labelled.get("k_phone", []):
            v = re.split(r"\s*[|·•;]\s*|\s{2,}|\t", v)[0]      # ("07700 900123 | jdoe@…": the next contact)
            found = find_phones(v) or ([v] if 7 <= len(re.sub(r"\D", "", v)) <= 15 and len(v) <= 30 else [])
            person.phones.extend(p for p in found if p not in person.phones)
    if not person.phones:
        # (per line and table cell: "Iowa City, IA 52242 & 319-555-0100" holds one number)
        person.phones = list(dict.fromkeys(p for seg in re.split(r"[\t\n]", text) for p in find_phones(seg)))[:2]
    if not person.phones and "tel:" in contact_src:
        # "\href{tel:07700900123}{…}": the link says it is a telephone number
        person.phones = [t for t in dict.fromkeys(mm.group(1).strip() for mm in _TEL_LINK.finditer(contact_src))
                         if 7 <= len(re.sub(r"\D", "", t)) <= 15][:2]
    # (not mailto:, tel:, nor a macro the file does not define, "\href{\orcidurl}{…}", whose
    # name had been read as the address "https://orcidurl")
    urls = [u.replace("\\", "") for u in re.findall(r"\\href\s*\{([^{}]*)\}", contact_src)
            if not re.match(r"(?!https?:)[a-z][a-z0-9+.-]*:", u.strip(), re.I) and not re.fullmatch(r"\s*\\[A-Za-z@]+\s*", u)]
    urls += find_urls(text)
    for mm in re.finditer(r"\\social\s*\[([a-z]+)\]\s*\{([^{}]*)\}", tex):
        tmpl = SOCIAL_URLS.get(mm.group(1).lower())
        if tmpl:
            urls.append(tmpl.format(mm.group(2).strip()))
    for mm in re.finditer(r"\\(github|linkedin|twitter|orcid|gitlab)\s*\{([^{}]*)\}", tex):
        urls.append(SOCIAL_URLS[mm.group(1)].format(mm.group(2).strip()))
    # "GitHub: jdoe", "\faTwitter\ @jdoe" (icons read as labels above): a handle without its
    # address, when no address of that network is given; "ORCID: 0000-…", "\aiOrcid\ 0000-…"
    given = {ident.scheme for u in urls if (ident := classify_profile(u)) is not None}
    # (moderncv's \fax or \extrainfo put to use for handles: "\fax{Github: jdoe, Twitter: @jdoe}";
    # only its labelled handles are read, never a number)
    spare = " \n".join(one_line(mm.group(1)).replace(", ", "\n") for mm in _SPARE_CONTACT_MACRO.finditer(tex))
    for _net, u in [*profile_handles(text), *(profile_handles(spare) if spare else [])]:
        ident = classify_profile(u)
        if ident is not None and ident.scheme not in given:
            urls.append(ident.iri)
    if "ORCID" not in given:
        urls += ["https://orcid.org/" + mm.group(1).upper() for mm in _BARE_ORCID.finditer(text)]
    hp = re.search(r"\\(?:homepage|website|webpage)\s*\{([^{}]*)\}", tex)
    if hp:
        # (a tilde written as a macro, "mplab.example.edu/\textasciitilde jroe/", "\~{}jroe": "~")
        u = _TILDE_MACRO.sub("~", hp.group(1).strip()).replace("\\", "")
        u = u if re.match(r"https?://", u) else "https://" + u
        if classify_profile(u) is not None:
            urls.append(u)          # "\homepage{scholar.google.com/citations?user=…}": a profile, not a home page
        else:
            person.homepage = u
    if person.homepage is None:
        site = next((u for v in labelled.get("k_web", []) for u in find_urls(v) if not PROFILE_HOSTS.search(u)), None)
        if site:
            person.homepage = site
    urls = [u for u in urls if not any(o != u and o.startswith(u) for o in urls)]
    # "\href{https://lorem.edu/civil}{Department of Civil Engineering}": the page of the
    # department or the institution the header names, not the subject's home page (unless no
    # other page is given)
    org_pages = {mm.group(1).strip() for mm in _HREF_WITH_TEXT.finditer(contact_src) if _ORG_LINK_TEXT.search(mm.group(2))} \
        if "\\href" in contact_src else set()
    org_page = None
    for u in urls:
        in_org = u.strip() in org_pages
        u = u.replace("\\_", "_").replace("\\%", "%").replace("\\#", "#").rstrip("/") + ("/" if u.endswith("/") else "")
        if not re.match(r"https?://", u):
            u = "https://" + u
        if PROFILE_HOSTS.search(u) or classify_profile(u) is not None:
            if u not in person.profiles:
                person.profiles.append(u)
        elif in_org:
            org_page = org_page or u
        elif person.homepage is None and not re.search(r"\.pdf$", u):
            person.homepage = u
    if person.homepage is None and org_page and not re.search(r"\.pdf$", org_page):
        person.homepage = org_page
    if "\\address" in tex and (am := _ADDRESS_MACRO.search(tex)):
        # moderncv's \address{street}{city}{country}: where the subject lives is its town and
        # country (a lone argument is kept when it holds no street number)
        raw_args = re.findall(r"\{((?:[^{}]|\{[^{}]*\})*)\}", am.group(0))
        parts = [one_line(a) for a in raw_args]
        parts = [p for p in parts if p]
        if len(raw_args) == 1 and "\\\\" in raw_args[0]:
            # res.cls / resume.cls: \address{street \\ town, ST 02141 \\ phone}, one argument in lines
            parts = [town_of_address([t for x in _TEX_LINE_BREAK.split(raw_args[0])
                                      if (t := one_line(x)) and not _NOT_A_PLACE.search(t)]) or ""]
        if len(parts) == 1 and "|" in parts[0]:
            # "03.09.1998. | Belgrade, Serbia": a birth date and the town, set on one line
            parts = [" ".join(q for q in parts[0].split("|") if not _DATE_IN_PLACE.search(q)).strip()]
        place = ", ".join(parts[1:]) if len(parts) >= 2 else (parts[0] if parts and not re.search(r"\d", parts[0]) else "")
        if not place and len(parts) == 1 and "@" not in parts[0] and len(streets := split_commas(parts[0])) >= 2 and \
                re.search(r"\d", streets[0]) and (town := town_of_address([", ".join(streets[1:])])) and \
                is_region(split_commas(town)[-1]):
            # \address{Lorem Street 2329, Town, Country}: one argument, the street (its number
            # after the name) first; the town and country after it
            place = town
        if place and len(place) <= 80 and "@" not in place and not _DATE_IN_PLACE.search(place) and \
                not _NOT_A_PLACE.search(place):
            # (not "Last update: August 2026", nor the labels of links set in the argument: "google
            # scholar", "github")
            person.location = place
    if not person.location and (loc := next(iter(labelled.get("k_loc", [])), None)):
        # "\textbf{Location:} Vancouver, Canada": the place is the value itself (the town of a
        # street address is read below); the line had been left unread
        loc = re.split(r"\s*[|·•;]\s*|\s{2,}|\t", loc)[0].strip(" ,.")
        if 2 <= len(loc) <= 60 and "@" not in loc and not re.search(r"\d{3}|https?:", loc):
            person.location = loc
    if not person.location and "\\location" in tex and (lm := _LOCATION_MACRO.search(_without_definitions(tex))) and \
            (loc := one_line(lm.group(1)).strip(" ,.")) and 2 <= len(loc) <= 60 and not re.search(r"[\d@|]", loc):
        # altacv's \location{Town, Country} among the header's contacts (an entry's \location{Dates
        # | Place} holds digits)
        person.location = loc
    if not person.location and labelled.get("k_addr"):
        # "Address: & 2401 Lorem Drive, Ann Arbor, MI, 48105": the town of a labelled postal address
        person.location = town_of_address([labelled["k_addr"][0]])
    if not person.location and (body_header or header):
        person.location = _header_place(_without_definitions(body_header if body_header is not None else header))
    if any("orcid.org/" in u for u in person.profiles):
        # an ORCID iD written with TeX dashes ("0000--0002--5538--8845", printed as en dashes): its
        # groups are joined by hyphens
        person.profiles = list(dict.fromkeys(_ORCID_DASHES.sub("-", u) if "orcid.org/" in u else u
                                             for u in person.profiles))
    return person


_ORCID_DASHES = re.compile(r"(?<=\d)(?:--|[–—])(?=\d)")


# a skills group's label on a line of its own (up to four words, no list, no sentence; "[]" is an
# empty optional argument left before it) and a line that lists items
_GROUP_LABEL_LINE = re.compile(r"(?:\[\]\s*)?[A-Z][\w+#.-]*(?:\s+(?:&\s+)?[\w+#.-]+){0,3}")
_LISTING = re.compile(r",\s*\S|\s/\s\S|\s[•·|]\s")
# the label of a skills group that lists spoken languages: "Languages", "Spoken", "Language skills"
_SPOKEN_GROUP_LABEL = re.compile(r"(?:(?:spoken|foreign|natural)\s+)?languages?(?:\s+(?:spoken|skills?))?|spoken",
                                 re.I)
_LIST_AND = re.compile(r"\s+(?:&|and)\s+")


def _spoken_list(text: str) -> bool:
    """'Italian (Native), English (C1)', 'German (native), English & Farsi/Dari (fluent)': a list
    whose items name natural languages (the first one and most of them), their levels in brackets."""
    items = [i.strip() for i in re.split(r"[,;]|\s+(?:&|and)\s+", re.sub(r"\([^()]*\)", "", text)) if i.strip()]
    named = [i for i in items if NATURAL_LANGUAGE.match(i) and len(i.split()) <= 4]
    return bool(items) and items[0] in named and 3 * len(named) >= 2 * len(items)


# where the lines of a header part: line breaks, a macro's arguments, spacing and bullets
# (also a bar, dot or diamond set as a symbol, "\\textbar{}", "$\\cdot$", and a table's column sign: "Town,
# Country \\textbar{} +45 …", "\\faLinkedin … & \\faMapO: Town, ST")
_HEADER_PIECE = re.compile(r"\\\\(?:\[[^\]]*\])?|\n|\}\s*\{|\\hfill\b|\\quad\b|\$\\bullet\$|\\textbullet\b|[|·•]"
                           r"|\\textbar\b(?:\{\})?|\$?\\(?:cdot|vert|diamond)\b\$?|(?<!\\)&")
# a telephone number's run of digits (seven or more; a street number and a postcode are parted by words)
_PHONE_RUN = re.compile(r"\d(?:[\s().-]{0,2}\d){6,}")
_TOWN_POSTCODE_END = re.compile(r",\s*\d{5}$|\b[A-Z]{2,3}\s+\d{4}$")     # "Atlanta, Georgia, 30309", "Perth, WA 6102"
_PLACE_PIECE = re.compile(r"[A-Z][\w'’.-]*(?:\s[A-Z][\w'’.-]*){0,2}(?:,\s*[A-Z][\w'’.-]*(?:\s[A-Z][\w'’.-]*){0,2}){1,2}")


def _header_place(header: str) -> str | None:
    """The town of an address set in lines at the top of the page, no label before it: a line
    with a postcode ("Wilberforce Road, Lorem CB3 0WA, UK", "Atlanta, Georgia, 30309") gives its
    town; a line that is only "Town, Region[, Country]" whose last part is a region or country is
    the place ("Jiading, Shanghai, China")."""
    from mappers.extract.text import _POSTAL_LINE

    for piece in _HEADER_PIECE.split(header[:4000]):
        # (without what an icon before the place leaves, "* Milan, Italy", ": Town, ST", and an aside
        # after it: "Town, ST (Open to relocation)")
        t = re.sub(r"\s*\([^()]{1,40}\)$", "", one_line(piece).strip(" ,.;{}")).lstrip("*:· ")
        if not t or len(t) > 80 or "@" in t or "http" in t or "www." in t or _PHONE_RUN.search(t):
            continue
        if _POSTAL_LINE.search(t) or _TOWN_POSTCODE_END.search(t):
            # (a town, not what is left of a street: "Yonsei-ro, Seodaemun-gu, Seoul, Korea")
            if (town := town_of_address([t])) and not re.search(r"\d", town) and town.count(",") <= 2:
                return town
        elif _PLACE_PIECE.fullmatch(t) and is_region(t.rsplit(",", 1)[1].strip()) and \
                not INSTITUTION_WORDS.search(t) and not ORG_WORDS.search(t):
            return t
    return None


def _labelled_profile_links(body: str, person: Person) -> None:
    """A link in a sidebar or a section of the body that its label names as a network's profile
    ("\\textbf{github:} \\href{https://github.com/jdoe/}{@jdoe}"), to the profile page itself
    (not "GitHub: \\url{https://github.com/jdoe/project}", a project's page)."""
    def bare(u: str) -> str:
        return re.sub(r"^https?://(?:www\.)?", "", u.strip().lower()).rstrip("/")

    low = body.lower()
    if not any(w in low for w in _PROFILE_LABEL_WORDS):
        return
    have = {bare(u) for u in person.profiles}
    # (read at each link: its address, and the label just before it)
    for mm in _LINK_ADDRESS.finditer(body):
        lab = _LINK_LABEL.search(body, max(0, mm.start() - 60), mm.start())
        if lab is None:
            continue
        url = mm.group(1).replace("\\_", "_").strip()
        ident = classify_profile(url)
        if ident is not None and ident.scheme.lower().startswith(lab.group(1).lower()[:5]) \
                and bare(url) == bare(ident.iri) and bare(ident.iri) not in have:
            person.profiles.append(ident.iri)
            have.add(bare(ident.iri))


_HREF_WITH_TEXT = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{((?:[^{}]|\{[^{}]*\}){0,300})\}")
_ORG_LINK_TEXT = re.compile(r"\b(?:department|dept\.?|university|universit[äé]|institute|school|college|faculty|"
                            r"laborator(?:y|ies)|lab|centre|center|group)\b", re.I)
_PROFILE_LABEL_WORDS = ("github", "gitlab", "twitter", "linkedin", "orcid", "googlescholar", "researchgate", "mastodon",
                        "bluesky")
_LINK_ADDRESS = re.compile(r"\\(?:href|url)\s*\{([^{}\s]{8,300})\}")
_LINK_LABEL = re.compile(r"\b(github|gitlab|twitter|linkedin|orcid|googlescholar|researchgate|mastodon|bluesky)"
                         r"\s*:?\s*\}?\s*:?(?:\s|~|\\\\|\\newline\b)*$", re.I)
_TEL_LINK = re.compile(r"\\href\s*\{tel:([+\d][\d \-.()/]{5,24})\}", re.I)
# fontawesome / academicons icons of the profiles, and fontawesome 5's "\faIcon{github}"
_ICON_MACRO = re.compile(r"\\(?:fa|ai)(?:Icon\*?\s*(?:\[[^\]]*\])?\s*\{\s*([A-Za-z-]+)\s*\}|"
                         r"(Github|Gitlab|XTwitter|Twitter|Linkedin|Orcid|ORCID|GoogleScholar|Researchgate|ResearchGate|"
                         r"Mastodon|Bluesky)[A-Za-z]*)\*?(?![A-Za-z])(?:\s*\{\})?(?:\\[ ,;:]|~)?")
_ICON_LABELS = {"github": "GitHub", "gitlab": "GitLab", "xtwitter": "X", "twitter": "Twitter", "linkedin": "LinkedIn",
                "orcid": "ORCID", "googlescholar": "Google Scholar", "researchgate": "ResearchGate",
                "mastodon": "Mastodon", "bluesky": "Bluesky"}


def _icon_key(m: re.Match[str]) -> str:
    """The _ICON_LABELS key of an icon macro ("" for an icon that labels nothing read here)."""
    name = (m.group(1) or m.group(2) or "").lower().replace("-", "")
    for key in _ICON_LABELS:
        if name.startswith(key):
            return key
    return ""


_FIELD_DASH_DEGREE = re.compile(r"([A-Z][^–—\d]{2,80}?)\s+[-–—]\s+([A-Za-z][A-Za-z.]{1,10})")
_SPARE_CONTACT_MACRO = re.compile(r"\\(?:fax|extrainfo)\s*\{((?:[^{}]|\{[^{}]*\}){1,300})\}")
# "Roe, A.B., Doe, C. and Poe, D.E. " before a title: names written "Surname, Initials", the last
# initials' full stop then a space and the title's first capital
_SURNAME_INITIALS = r"[A-Z][\w'’-]+(?:[ -][A-Z][\w'’-]+)?,\s?(?:[A-Z]\.\s?-?){1,4}"
_SURNAME_INITIALS_RUN = re.compile(r"((?:" + _SURNAME_INITIALS + r"(?:,\s|\s(?:and|&)\s|;\s|,\s(?:and|&)\s))*"
                                   + _SURNAME_INITIALS + r")\s+(?=[A-Z\d“\"])")
_PAPER_LINK_LABEL = re.compile(r"\[?(?:paper|pdf|code|project(?: page)?|website|web|slides?|video|poster|arxiv|preprint|doi|"
                         r"html|bibtex|github|link|demo|data(?:set)?|talk|blog|supp(?:lementary)?|abstract)\]?", re.I)


def _label_and_link(args: list[str]) -> str | None:
    """A link macro's two arguments, a link label ("Paper", "Code", "Project") and a bare
    address, in either order → the address; else None."""
    a, b = (one_line(x).strip() for x in args)
    for label, url in ((a, b), (b, a)):
        if _PAPER_LINK_LABEL.fullmatch(label) and re.fullmatch(r"(?:https?://|www\.)\S{3,500}", url):
            return url
    return None


_GOES_BY = re.compile(r"\s*\([A-Z][\w'’.-]{1,20}\)")     # "Yu (Jasmine) Hao": the name one goes by
_RUNNING_HEAD = re.compile(r"\\(?:[lcr]head|fancyhead(?:\[[A-Za-z,]{1,8}\])?)\s*\{((?:[^{}]|\{[^{}]*\}){2,400})\}")
_LOCATION_MACRO = re.compile(r"\\location\s*\{((?:[^{}]|\{[^{}]*\}){1,80})\}")
_NEXT_LABEL = re.compile(r"\s+(?:(?:tele)?phone|tel|mobile|cell|e-?mail|fax|address|location|home\s?page|web(?:site|page)?|url|"
                         r"github|gitlab|linkedin|orcid|twitter|skype|nationality|citizenship|born|birth(?:day|date)?|"
                         r"date of birth)\s*:?\t", re.I)
# words no place holds: a date stamp's label, a birth note, a profile link's label
_NOT_A_PLACE = re.compile(r"(?i)\b(?:last\s+(?:update[ds]?|modified|revised)|updated|born|google\s+scholar|scholar|github|"
                          r"gitlab|linked\s?in|orcid|researchgate|twitter|web\s?site|home\s?page|web\s?page|curriculum|"
                          r"vitae)\b|:\s")
_ADDRESS_MACRO = re.compile(r"\\address\s*\{(?:[^{}]|\{[^{}]*\})*\}(?:\s*\{(?:[^{}]|\{[^{}]*\})*\}){0,2}")
_DATE_IN_PLACE = re.compile(r"\b\d{1,2}[./]\d{1,2}[./](?:19|20)?\d\d\b")


# "Contact", "Contact details", "Personal information", "Personal details": the subject's own
# addresses (not "Personal profile", a summary whose links are someone else's)
_CONTACT_SECTION = re.compile(r"(?:personal\s+)?contacts?(?:\s+(?:details|information|info))?|"
                              r"personal\s+(?:details|information|info|data|particulars)", re.I)
_CONTACT_WORD = re.compile(r"\b(?:contacts?|contactos?|contatos?|kontakt\w*|coordonn[ée]es)\b", re.I)
_CURRVITA_NAME = re.compile(r"\\begin\s*\{cv\}\s*\{((?:[^{}]|\{[^{}]*\}){2,80})\}")
_REFEREES_TITLE = re.compile(r"referee|reference|referenz|référence|referencia|referência|referenze", re.I)
_CONTACT_LABEL = re.compile(r"(?:^|(?<=\s))(?:(?P<k_web>home\s?page|web\s?site|web\s?page|web|url|personal page)|(?P<k_fax>fax)|"
                            r"(?P<k_phone>(?:mobile\s+|home\s+|office\s+|work\s+)?(?:phone|tel(?:ephone)?|mobile|cell))|"
                            r"(?P<k_addr>(?:home\s+|postal\s+|mailing\s+|permanent\s+|current\s+)?address)|"
                            r"(?P<k_loc>(?:current\s+)?location|based\s+in|residence|place\s+of\s+residence)"
                            r")\s*:?[ \t]*(?:\t|:)[ \t]*(?P<value>.{1,300})$", re.I)
_FAX_LINE = re.compile(r"(?<![ \t])[ \t]*fax\b", re.I)
_FAX_NUMBER = re.compile(r"\bfax\s*[:.]?[ \t]*\+?[\d(][\d \t().\-/]{5,24}\d", re.I)
_CELL_SEP = re.compile(r"(?<!\\)&")
_PARA_BREAK = re.compile(r"\n[ \t]*\n(?=[ \t]*[^ \t\n])")
_TITLE_ARGS = re.compile(r"(\\(?!href\b|url\b|textcolor\b|color\b|fontsize\b|setlength\b|rule\b|hspace\b|vspace\b)"
                         r"[A-Za-z]+\*?\s*\{[^{}\\]{2,60})\}[ \t]*\{(?=[A-Z])")
_ARG_PER_LINE = re.compile(r"\}[ \t]*\n[ \t]*\{")
_CV_WORDS = re.compile(r"(?:[-–—:|,·][ \t]*)?\b(?:curriculum[ \t]+vit(?:ae|æ)|cv|r[ée]sum[ée])\b(?:[ \t]*[-–—:|,·])?", re.I)
_LABEL_WORD = re.compile(r"(?:nationality|citizenship|address|e-?mail|phone|mobile|tel|telephone|born|birth|"
                         r"date of birth|birthplace|website|homepage|web|languages?|gender|marital)\b", re.I)


def _without_definitions(tex: str) -> str:
    """The text with its \\newcommand / \\def definitions blanked."""
    if "\\newcommand" not in tex and "\\def" not in tex and "\\renewcommand" not in tex:
        return tex
    spans = []
    for rx in (_NEWCOMMAND, _DEF):
        for _, m in zip(range(300), rx.finditer(tex)):        # (a preamble's few hundred at most)
            # (a definition's body within 4,000 characters: unbalanced braces cost no more)
            k = _match_brace(tex[m.end() - 1:m.end() + 4000], 0)
            if k > 0:
                spans.append((m.start(), m.end() - 1 + k))
    out, pos = [], 0
    for a, b in sorted(spans):
        if a >= pos:
            out += [tex[pos:a], " "]
            pos = b
    return "".join(out) + tex[pos:]


# "\def\myauthor{Jane Doe}", "\newcommand{\fullname}{Jane Doe}", "\newcommand*\myname{…}"
_NAME_MACRO = re.compile(r"\\(?:def|(?:re)?newcommand\*?)\s*\{?\\(?:my|the|cv)?(?:author|name|fullname|authorname)"
                         r"\}?\s*\{([^{}\\]{3,80})\}", re.I)

_ONE_SECTION = re.compile(r"\\section\*?\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_SUBSECTION_TITLE = re.compile(r"\\subsection\*?\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_SUB_LEVEL = re.compile(r"\\sub(sub)?section(\*?)(?![A-Za-z])")


def _name_section_lifted(body: str) -> str:
    """A page whose one \\section is the subject's name, its headings \\subsections (pandoc's
    export of a Markdown CV: "# Jane Roe", "## Education"): the name is set as bold text and each
    heading one level up (all of the CV was one section, named after the person). Same length."""
    secs = list(_ONE_SECTION.finditer(body))
    if len(secs) != 1:
        return body
    title = one_line(secs[0].group(1))
    if not looks_like_name(title) or section_kind(title) or classify_heading(title) not in (None, "other"):
        return body
    if sum(1 for t in _SUBSECTION_TITLE.findall(body) if section_kind(one_line(t))) < 2:
        return body
    at = secs[0].start()
    star = body.startswith("\\section*", at)
    body = body[:at] + (" \\textbf " if star else " \\textbf") + body[at + len("\\section") + star:]
    return _SUB_LEVEL.sub(lambda m: ("\\subsection" if m.group(1) else "\\section") + m.group(2) + "   ", body)


_VADJUST = re.compile(r"(?:\\leavevmode\s*)?\\vadjust\s*pre\s*\{[^{}]*\}")
_HYPERTARGET = re.compile(r"\\hypertarget\s*\{[^{}]*\}\s*\{")


def _unwrap_hypertargets(tex: str) -> str:
    """Pandoc's ``\\hypertarget{id}{%\\n\\subsection{Education}\\label{education}}`` → the heading
    inside (read as an argument, the heading was hidden and the whole CV one section). Spaces
    stand in for the wrapper, so every line stays where it was."""
    out, pos = [], 0
    for m in _HYPERTARGET.finditer(tex):
        if m.start() < pos:
            continue
        k = _match_brace(tex, m.end() - 1)
        if k < 0:
            continue
        out += [tex[pos:m.start()], " " * (m.end() - m.start()), tex[m.end():k - 1], " "]
        pos = k
    out.append(tex[pos:])
    return "".join(out)


# a margin note opening a line ("\\marginnote{\\scriptsize 2019--2021}Role, Org \\\\", the years of a
# Taraborelli-style CV set in the margin by a one-argument macro): the line's date column, read
# as "2019--2021 \\hfill Role, Org". As a macro at the start of two or more lines it had been taken
# for an entry macro, its years run into the text ("2019--2021Role") and the lines after the
# second joined into one entry.
_MARGIN_NOTE = re.compile(r"^([ \t]*(?:\\noindent\s*)?)\\margin(?:note|par)\s*\{((?:[^{}\n]|\{[^{}\n]*\}){0,120})\}", re.M)


# RenderCV's \begin{twocolentry}{Aug 2021 – May 2026} \textbf{School}, Degree \end{twocolentry}: the
# environment's argument is the right-hand column (the dates), its body the entry
_COLUMN_ENTRY = re.compile(r"\\begin\{(two|three)colentry\}\s*((?:\{(?:[^{}]|\{[^{}]*\})*\}\s*){1,2})(.*?)\\end\{\1colentry\}", re.S)


def _column_entry_text(m: re.Match[str]) -> str:
    """The entry's text, then its column after \\hfill; the lines the arguments took are kept as
    blank lines before it (every later line keeps its number)."""
    args = re.findall(r"\{((?:[^{}]|\{[^{}]*\})*)\}", m.group(2))
    column = " ".join(a.strip() for a in args[-1:]).replace("\n", " ")
    lead = "\n" * m.group(2).count("\n")
    body = m.group(3).strip()
    if len(args) == 2 and (first := args[0].strip()):
        body = first.replace("\n", " ") + " \\hfill " + body     # (threecolentry: a left column first)
    return f"{lead}{body} \\hfill {column}" + "\n" * (m.group(3).count("\n") - body.count("\n"))


_PARAGRAPH_GAP = re.compile(r"\n[ \t]*\n|(?<=\S)[ \t]*\\par[ \t]*\n")
_NOTE_DATE = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\b(?:present|current|now)\b", re.I)


def _margin_note_column(m: re.Match[str]) -> str:
    text = m.group(2)
    if not _NOTE_DATE.search(text):
        return m.group(0)       # (a heading in the margin, "\\marginpar{Education}", stays one)
    # (no braces around it: "\\noindent" over a line opening with "{" reads as an entry macro)
    return f"{m.group(1)}{text} \\hfill "


def extract_latex(doc: SourceDocument) -> CVRecord:
    raw = doc.raw or doc.text
    skipped: list[str] = []
    # Comments and comment environments are blanked (line structure kept for provenance).
    tex = _blank_comments(raw)
    if "\\iffalse" in tex:
        tex = _IFFALSE_BLOCK.sub(lambda m: newlines_of(m.group(0)), tex)
        raw = _IFFALSE_BLOCK.sub(lambda m: newlines_of(m.group(0)), raw)    # (read by the fallback)
    tex = blanked = _blank_envs(tex, excluded_environments(tex))
    tex = expand_simple_macros(tex)
    if "\\margin" in tex:
        tex = _MARGIN_NOTE.sub(_margin_note_column, tex)
    if "colentry}" in tex:
        tex = _COLUMN_ENTRY.sub(_column_entry_text, tex)
    if "\\hypertarget" in tex:
        tex = _unwrap_hypertargets(tex)
    if "\\vadjust" in tex:
        # pandoc's "\leavevmode\vadjust pre{\hypertarget{ref-…}{}}%" before each reference of a
        # CSL bibliography: no text ("pre" had opened each reference)
        tex = _VADJUST.sub(lambda m: " " * len(m.group(0)), tex)
    if "ate" in tex:
        tex = _DATE_MACRO.sub(_date_macro_text, tex)
    if "Item" in tex:
        tex = _CLASS_ITEM.sub(r"\\item ", tex)
    m = re.search(r"\\begin\s*\{document\}", tex)
    base = m.end() if m else 0
    preamble = tex[:m.start()] if m else ""
    body = tex[base:]
    body = body.split("\\end{document}")[0]
    if "\\subsection" in body and (lifted := _name_section_lifted(body)) != body:
        tex, body = tex[:base] + lifted + tex[base + len(body):], lifted
    arities = declared_arities(preamble)
    sections, header = scan(body, base, skipped, arities)
    if not sections and (promoted := _promote_headings(body)) != body:
        # hand-made headings ("{\large\bf EDUCATION}" on a line of its own)
        # read as sections; the rewritten text keeps every line where it was
        skipped_again: list[str] = []
        found, found_header = scan(promoted, base, skipped_again, arities)
        if found:
            sections, header, skipped[:] = found, found_header, skipped_again
            tex, body = tex[:base] + promoted + tex[base + len(body):], promoted
    if not m:
        header = header or body[:2000]
    elif not sections:
        header = body[:2000]       # no section at all (custom headings): the top of the page
    contact = "\n".join(tex[sec.pos:min(nxt.pos if nxt else len(tex), sec.pos + 4000)]
                         for sec, nxt in zip(sections, [*sections[1:], None])
                         if _CONTACT_SECTION.fullmatch(title := one_line(sec.title)) or _CONTACT_WORD.search(title)
                         or classify_heading(title) == "contact")
    # (the header's lines are read without the preamble, whose definitions are no text)
    person = _person(preamble + "\n" + header, preamble + "\n" + header, contact, body_header=header if m else None)
    if not person.name and (cvm := _CURRVITA_NAME.search(header)) and looks_like_name(named := one_line(cvm.group(1))):
        person.name = named         # currvita's \begin{cv}{Jane Roe}: the name the CV is headed with
    if not person.name and sections and looks_like_name(first := one_line(sections[0].title)) \
            and section_kind(first) is None and classify_heading(first) in (None, "other"):
        # a class's heading macro that prints the name, read as the first section's heading
        # (Wenneker's \cvheading{Jane Doe} above "\CVSection{Education}")
        person.name = first
    if "\\href" in body or "\\url" in body:
        _labelled_profile_links(body, person)
    if not person.emails and "@" in body:
        # no address in the header or a contact section: one written in the body ("\textbf{Email}
        # \href{mailto:…}{…}" under "About"), outside a list of referees
        person.emails = find_emails(_WS_RUN.sub(" ", "\n".join(
            tex[sec.pos:nxt.pos if nxt else len(tex)].replace("mailto:", " ").replace("\\_", "_")
            for sec, nxt in zip(sections, [*sections[1:], None])
            if not _REFEREES_TITLE.search(one_line(sec.title)))[:200000]))[:2]
    record = CVRecord(source_name=doc.name, format="latex", person=person)
    record.report.skipped.extend(skipped)
    if not sections:
        return _fallback(doc, record, expand_simple_macros(raw, max_args=0, defs_from=blanked))
    ex = _LatexExtractor(doc, record, tex)
    for sec in sections:
        ex.section(sec)
    if ex.bare_interests and record.publications:
        for node in ex.bare_interests:
            ex.do_interests(node, None)
    if "/" in body and _RATED_MACRO.search(body):
        _rated_lists(body, record)
    if not any((record.education, record.positions, record.publications, record.awards)):
        return _fallback(doc, record, expand_simple_macros(raw, max_args=0, defs_from=blanked))
    return record


# twentysecondcv's \skills{{Java/9.5}, {Docker, Git/8}} and \languages{{Spanish - Native/10}}: a
# macro naming skills or languages whose argument is a list of "{name/rating}" groups
_RATED_MACRO = re.compile(r"\\([A-Za-z]*(?:skill|language)[A-Za-z]*)\s*\{", re.I)
_RATING_END = re.compile(r"/\s*\d{1,3}(?:\.\d{1,2})?$")      # (on the item without its closing spaces)


def _rated_lists(body: str, record: CVRecord) -> None:
    from mappers.extract.text import _language_name

    for m in _RATED_MACRO.finditer(body):
        end = _match_brace(body, m.end() - 1)
        if end < 0:
            continue
        items = re.findall(r"\{([^{}]*)\}", body[m.end():end - 1])
        items = [it.rstrip() for it in items]
        if len(items) < 2 or not all(_RATING_END.search(it) for it in items):
            continue
        names = [light_clean(tex_text(_RATING_END.sub("", it))) for it in items]
        if "language" in m.group(1).lower():
            for n in names:
                if n and (n := _language_name(n)) not in record.languages:
                    record.languages.append(n)
        else:
            for n in names:
                for part in _top_level_parts(n):
                    if part and part not in record.skills:
                        record.skills.append(part)


_MACRO_BRACE = re.compile(r"\\([A-Za-z]+)[ \t]*\{")
_HEADING_LINE = re.compile(r"(?m)^[ \t]*(?:\\noindent\b\s*)?((?:\{\s*)*\\(?:large|Large|LARGE|bf|bfseries|textbf|textsc|scshape|"
                           r"sffamily|underline)\b[^\n]{0,120}?)[ \t]*(?:\\\\)?[ \t]*$")
_SIZE_MACRO = re.compile(r"\\(?:large|Large|LARGE|huge|Huge)\b")
_MACRO_OR_BRACE = re.compile(r"\\[A-Za-z]+|[{}\\]")


def _promote_headings(body: str) -> str:
    """A document with no section macro: its hand-made headings as \\part{…} — a one-argument
    macro whose arguments name two or more known sections (\\marginhead{Education},
    \\marginhead{Publications}), and lines holding only a large or capitalised bold heading
    ("{\\large{\\bf EDUCATION}}") when two or more such lines name known sections."""
    uses: dict[str, list[str]] = {}
    for _, mm in zip(range(5000), _MACRO_BRACE.finditer(body)):
        name = mm.group(1)
        if name in FORMAT_MACROS or name in SKIP_MACROS or len(uses) >= 200 and name not in uses:
            continue
        k = _match_brace(body[mm.end() - 1:mm.end() + 120], 0)      # (a heading's argument is short)
        if k > 0 and not re.match(r"[ \t]*\{", body[mm.end() - 1 + k:]) and "#" not in body[mm.end():mm.end() - 2 + k]:
            uses.setdefault(name, []).append(body[mm.end():mm.end() - 2 + k])
    names = set()
    for name, args in uses.items():
        if len(args) < 3 or len(args) > 60:
            continue
        kinds = [section_kind(" ".join(_MACRO_OR_BRACE.sub(" ", a).split())) for a in args]    # (a cheap reading)
        if len({k for k in kinds if k}) >= 2 and sum(1 for k in kinds if k) * 4 >= len(args) * 3:
            names.add(name)
    if names:
        def to_part(mm: re.Match) -> str:
            k = _match_brace(body[mm.end():mm.end() + 121], 0)
            return "\\part" if k > 0 and "#" not in body[mm.end():mm.end() + k] else mm.group(0)    # (not in a definition)
        body = re.sub(r"\\(?:" + "|".join(map(re.escape, sorted(names))) + r")(?![A-Za-z])[ \t]*(?=\{)", to_part, body)
    lines = []
    for hm in _HEADING_LINE.finditer(body):
        words = _MACRO_OR_BRACE.sub(" ", hm.group(1)).split()
        if not words or len(words) > 6:
            continue          # (a cheap look first: most such lines are no heading)
        text = one_line(hm.group(1))
        if text and len(text.split()) <= 6 and section_kind(text) and \
                (text.isupper() or _SIZE_MACRO.search(hm.group(1))) and "\\item" not in hm.group(1) and "&" not in hm.group(1):
            lines.append((hm.start(1), hm.end(1), text))
    if len(lines) < 2:
        return body
    parts, pos = [], 0
    for a, b, text in lines:
        parts += [body[pos:a], "\\part{" + re.sub(r"[\\{}]", "", text) + "}"]
        pos = b
    return "".join(parts) + body[pos:]


def _fallback(doc: SourceDocument, record: CVRecord, tex: str) -> CVRecord:
    """The general text extractor on the document's text; ``tex`` is the source as written
    with its text macros expanded (\\def\\myemail{…} used in \\href{mailto:\\myemail}{…})."""
    from mappers.convert import latex_to_text
    from mappers.extract.text import extract_text

    text = latex_to_text(tex)
    if text.count("\n") < 3 and tex.count("\\end{") >= 4:
        # a page laid out in the class's own environments, no line breaks ("\begin{heading1} Jane
        # Roe \end{heading1}", "\begin{body1} jdoe@… \end{body1}"): each environment ends a
        # paragraph, or the whole CV is one line; multicols' column count is no text
        text = latex_to_text(_END_ENV.sub(lambda mm: mm.group(0) + "\n\n",
                                          _PAR_WORD.sub("\n\n", _MULTICOLS_ARG.sub(r"\1", tex))))
    text_doc = replace(doc, text=text)
    try:
        out = extract_text(text_doc)
    except DocumentError:
        if not (record.person.name and _CV_NAME_MACRO.search(tex) and
                any("not followed" in s for s in record.report.skipped)):
            raise
        # a CV class's header (\name{…}{…}, \email{…}) with every section in \input files, which
        # are not followed: the subject and addresses, nothing else (no text to read)
        record.report.warnings.append("the CV's sections are in other files (\\input); only its header was read")
        return record
    out.format = "latex"
    if not out.person.name and record.person.name:
        out.person = record.person
    else:
        if record.person.name and out.person.name != record.person.name and _CV_NAME_MACRO.search(tex):
            # the class's \name{First}{Last} over the text reader's guess (which ran the name into
            # the town of the address line under it: "Jane Roe Valparaiso")
            out.person.name = record.person.name
        _add_macro_contacts(out.person, record.person)
    out.report.skipped[:0] = record.report.skipped
    out.report.warnings.append("no LaTeX CV structure recognised; read as plain text")
    return out


_PAR_WORD = re.compile(r"\\par(?![A-Za-z])")
_END_ENV = re.compile(r"\\end\s*\{[A-Za-z0-9*]+\}")
_MULTICOLS_ARG = re.compile(r"(\\begin\s*\{multicols\*?\})\s*\{\d+\}")
_CV_NAME_MACRO = re.compile(r"\\(?:name|firstname|familyname|lastname)\s*\{")


def _add_macro_contacts(person: Person, from_macros: Person) -> None:
    """The addresses the LaTeX header gave (``\\github{user}``, ``\\linkedin{user}``,
    ``\\phone{…}``, ``\\homepage{…}``) added to those the plain text gave: a CV whose sections are
    all in \\input files falls back to the text reader, and the text of such a macro is only the
    user name (or nothing at all), so the profiles and phones were lost."""
    for u in from_macros.profiles:
        if u not in person.profiles:
            person.profiles.append(u)
    for e in from_macros.emails:
        if e not in person.emails:
            person.emails.append(e)
    if not person.phones:
        person.phones = list(from_macros.phones)
    else:
        # (\mobile{(+56) 9 1234 5678}: the text gave the number without its bracketed country code)
        digits = [re.sub(r"\D", "", p) for p in from_macros.phones]
        person.phones = [next((m for m, d in zip(from_macros.phones, digits)
                               if (pd := re.sub(r"\D", "", p)) and len(d) > len(pd) and d.endswith(pd)), p)
                         for p in person.phones]
    if person.homepage is None:
        person.homepage = from_macros.homepage
    if person.location is None:
        person.location = from_macros.location      # (awesome-cv's \address{Town, Country})


_BLANK_COMMENTS_RE1 = re.compile(r"(?<!\\)(?:\\\\)*%")


# \iffalse … \fi: text kept out of the printed CV (an older degree, a committee list), like a
# comment block; one with a conditional inside it is left alone (its \fi may be the inner one's)
_IFFALSE_BLOCK = re.compile(r"\\iffalse(?![A-Za-z@])(?:(?!\\if|\\fi(?![A-Za-z@]))[\s\S])*\\fi(?![A-Za-z@])")


def _blank_comments(tex: str) -> str:
    from mappers.convert import protect_url_percents

    tex = protect_url_percents(tex)
    out = []
    for line in tex.split("\n"):
        mm = _BLANK_COMMENTS_RE1.search(line)
        out.append(line[:mm.end() - 1] if mm else line)
    return "\n".join(out)


def _blank_envs(tex: str, names: set[str]) -> str:
    # (re.sub of "\\begin{NAME}.*?\\end{NAME}" in linear time: many unclosed ones made it quadratic)
    for name in names:
        tex = replace_spans(tex, "\\begin{" + name + "}", "\\end{" + name + "}", newlines_of)
    return tex

