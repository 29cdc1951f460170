"""A careful SPARQL tokenizer used to vet requests before they reach the engine.

pyoxigraph does not expose its parser's algebra to Python, and it *does* ship an HTTP
client: ``SERVICE`` in a query and ``LOAD`` in an update would make the server fetch
arbitrary URLs. So every query/update is scanned with a lexer that follows SPARQL 1.1's
terminals (§19.8) closely enough to never mistake code for a string, comment or IRI:

- long and short string literals (with ``\\`` escapes), IRIREFs (no whitespace, ``<``,
  ``>``, ``"`` … inside; ``\\u`` escapes allowed), ``#`` comments to end of line,
  variables, prefixed names (including ``\\``-escaped local parts) and bare words;
- keywords are matched case-insensitively on bare words only, so ``?service``,
  ``ex:SERVICE``, ``"SERVICE"``, ``<urn:service>`` and ``# SERVICE`` are not keywords.

The scan is deliberately conservative: when in doubt a word is treated as a keyword,
so the worst case is refusing an odd but harmless request, never running a fetch.
pyoxigraph does not process ``\\uXXXX`` escapes outside strings and IRIs (a keyword
written with an escape is a syntax error there), so neither does this lexer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

_PN_CHARS = r"A-Za-z0-9_\-\u00B7\u00C0-\U000EFFFF"
_TOKEN = re.compile(
    "|".join(
        [
            r'(?P<lstring>"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\')',
            r'(?P<string>"(?:[^"\\\n\r]|\\.)*"|\'(?:[^\'\\\n\r]|\\.)*\')',
            r'(?P<iri><(?:[^<>"{}|^`\\\x00-\x20]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*>)',
            r"(?P<comment>#[^\n\r]*)",
            r"(?P<var>[?$][" + _PN_CHARS + r"]+)",
            # prefixed name (prefix part may be empty) or blank node label
            r"(?P<pname>(?:[A-Za-z_\u00C0-\U000EFFFF][" + _PN_CHARS + r".]*)?:"
            r"(?:[" + _PN_CHARS + r".:%]|\\[_~.\-!$&'()*+,;=/?#@%])*)",
            r"(?P<word>[A-Za-z_][A-Za-z0-9_]*)",
            r"(?P<ws>\s+)",
            r"(?P<other>.)",
        ]
    ),
    re.S,
)
_UCHAR = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_PN_ESC = re.compile(r"\\([_~.\-!$&'()*+,;=/?#@%])")

QUERY_FORMS = {"SELECT", "ASK", "CONSTRUCT", "DESCRIBE"}
UPDATE_WORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH"}


class RefusedRequest(Exception):
    """The request uses a feature this endpoint refuses (HTTP status attached)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Analysis:
    form: str | None = None                            # SELECT/ASK/CONSTRUCT/DESCRIBE or None
    service: bool = False
    load: bool = False
    from_default: list[str] = field(default_factory=list)  # FROM <iri> (query)
    from_named: list[str] = field(default_factory=list)    # FROM NAMED <iri> (query)
    using: list[str] = field(default_factory=list)         # USING [NAMED] <iri> (update)
    unresolved: list[str] = field(default_factory=list)    # dataset IRIs we could not resolve
    limit: int | None = None                               # the query's outermost LIMIT

    @property
    def has_dataset_clause(self) -> bool:
        return bool(self.from_default or self.from_named)

    @property
    def family(self) -> str | None:
        if self.form in ("SELECT", "ASK"):
            return "results"
        if self.form in ("CONSTRUCT", "DESCRIBE"):
            return "graph"
        return None


def _scan(text: str) -> list[tuple[str, str, int]]:
    """Significant tokens (kind, text, end offset): whitespace and comments dropped."""
    out = []
    append = out.append
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "ws" or kind == "comment":
            continue
        append((kind, m.group(), m.end()))
    return out


def tokens(text: str) -> list[tuple[str, str]]:
    """Significant tokens (kind, text): whitespace and comments dropped."""
    return [(kind, value) for kind, value, _ in _scan(text)]


def _iri_value(token: str) -> str:
    inner = token[1:-1]
    return _UCHAR.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), inner)


def analyse(text: str, base: str | None = None, prefixes: dict[str, str] | None = None,
            *, scanned: list[tuple[str, str, int]] | None = None) -> Analysis:
    """Scan a query or update: its form, SERVICE/LOAD use, and dataset IRIs (resolved).

    `scanned` is ``_scan(text)`` when the caller already has it (one lexer pass per request)."""
    toks = scanned if scanned is not None else _scan(text)
    result = Analysis()
    pfx = dict(prefixes or {})
    current_base = base

    def resolve(i: int) -> tuple[str | None, int]:
        """Resolve the IRI/pname token at i; returns (iri or None, next index)."""
        if i >= len(toks):
            return None, i
        kind, value = toks[i][0], toks[i][1]
        if kind == "iri":
            iri = _iri_value(value)
            if current_base and not re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", iri):
                iri = urljoin(current_base, iri)
            return iri, i + 1
        if kind == "pname":
            prefix, _, local = value.partition(":")
            if prefix in pfx:
                return pfx[prefix] + _PN_ESC.sub(r"\1", local), i + 1
            result.unresolved.append(value)
            return None, i + 1
        return None, i

    i = 0
    n = len(toks)
    while i < n:
        kind, value = toks[i][0], toks[i][1]
        if kind != "word":
            i += 1
            continue
        word = value.upper()
        if word == "PREFIX" and i + 2 < n and toks[i + 1][0] == "pname" and toks[i + 2][0] == "iri":
            name = toks[i + 1][1].split(":", 1)[0]
            iri = _iri_value(toks[i + 2][1])
            if current_base and not re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", iri):
                iri = urljoin(current_base, iri)
            pfx[name] = iri
            i += 3
            continue
        if word == "BASE" and i + 1 < n and toks[i + 1][0] == "iri":
            iri = _iri_value(toks[i + 1][1])
            current_base = urljoin(current_base, iri) if current_base else iri
            i += 2
            continue
        if word in QUERY_FORMS and result.form is None:
            result.form = word
        elif word == "SERVICE":
            result.service = True
        elif word == "LOAD":
            result.load = True
        elif word in ("FROM", "USING"):
            j = i + 1
            named = j < n and toks[j][0] == "word" and toks[j][1].upper() == "NAMED"
            if named:
                j += 1
            iri, j2 = resolve(j)
            if iri is None and j2 == j:
                # FROM not followed by an IRI: let the parser report it, but fail closed.
                result.unresolved.append(value)
            elif iri is not None:
                if word == "USING":
                    result.using.append(iri)
                elif named:
                    result.from_named.append(iri)
                else:
                    result.from_default.append(iri)
            i = max(j2, i + 1)
            continue
        i += 1
    return result


_LIMIT_VALUE = re.compile(r"(?:\s|#[^\n\r]*)*([0-9]+)(?![0-9A-Za-z_.:])")


def outer_limit(text: str, *, scanned: list[tuple[str, str, int]] | None = None) -> int | None:
    """The value of the query's outermost ``LIMIT`` (outside every ``{ }``), if it has one.

    Sub-query limits are inside braces and do not count; strings, IRIs and comments are
    separate tokens, so a ``LIMIT`` or brace inside them is never seen. Anything unusual
    (two outer LIMITs, a LIMIT without an integer) gives None, i.e. "not known"."""
    depth = 0
    found: list[int] = []
    for kind, value, end in (scanned if scanned is not None else _scan(text)):
        if kind == "other":
            if value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
        elif kind == "word" and depth == 0 and value.upper() == "LIMIT":
            v = _LIMIT_VALUE.match(text, end)
            if v is None:
                return None
            found.append(int(v.group(1)))
    return found[0] if len(found) == 1 else None


# The engine's parser and evaluator recurse over the query: a few thousand nested brackets
# or chained UNIONs/operators overflow the worker's stack (it dies with SIGSEGV). Far below
# that, no real query needs more, so such requests are refused up front with 400.
MAX_DEPTH = 256
MAX_CHAIN = 2000
_CHAIN_OPS = set("+-*/|&=<>!")


def check_shape(text: str, *, scanned: list[tuple[str, str, int]] | None = None) -> None:
    """Refuse requests nested or chained deeper than the engine can evaluate safely."""
    depth = chain = 0
    for kind, value, _ in (scanned if scanned is not None else _scan(text)):
        if kind == "other":
            if value in "{([":
                depth += 1
                if depth > MAX_DEPTH:
                    raise RefusedRequest(400, f"the request is nested too deeply (more than "
                                              f"{MAX_DEPTH} levels of {{}}, () or [])")
            elif value in "})]":
                depth -= 1
            elif value in _CHAIN_OPS:
                chain += 1
        elif kind == "word" and value.upper() in ("UNION", "OPTIONAL", "MINUS"):
            chain += 1
        if chain > MAX_CHAIN:
            raise RefusedRequest(400, f"the request has too many UNION/OPTIONAL/MINUS or operators "
                                      f"(more than {MAX_CHAIN})")


def check_query(text: str, base: str | None, prefixes: dict[str, str] | None) -> Analysis:
    """Analyse a query and refuse what the endpoint does not allow (RefusedRequest).

    The text is lexed once; the shape check, the analysis and the outer LIMIT all read
    that one token list (the same checks as running each on the text)."""
    scanned = _scan(text)
    check_shape(text, scanned=scanned)
    a = analyse(text, base, prefixes, scanned=scanned)
    if a.service:
        raise RefusedRequest(403, "SERVICE (federated query) is not allowed on this endpoint: "
                                  "it would make the server send requests to other hosts")
    if a.load:
        raise RefusedRequest(403, "LOAD is not allowed on this endpoint")
    if a.unresolved:
        raise RefusedRequest(400, "cannot resolve dataset IRI(s): " + ", ".join(a.unresolved))
    if a.form == "SELECT":
        a.limit = outer_limit(text, scanned=scanned)
    return a


_ABSOLUTE_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:[^<>\"{}|^`\\\x00-\x20]*")


def with_update_dataset(text: str, using: list[str], using_named: list[str]) -> str:
    """The protocol's ``using-graph-uri`` / ``using-named-graph-uri`` written into the update.

    SPARQL 1.1 Protocol §2.2.3: the parameters give the RDF dataset of the update as USING /
    USING NAMED clauses would, and a request that gives them *and* has USING, USING NAMED or
    WITH in its text must be refused with 400. pyoxigraph takes no dataset for an update, so
    the clauses are inserted before the ``WHERE`` of every DELETE/INSERT operation: the
    ``WHERE`` keywords outside every ``{ }`` (a sub-query's are inside), found by the same
    lexer as the checks, so a "WHERE" in a string, IRI or comment is never touched. The
    ``DELETE WHERE { … }`` short form takes no USING in the grammar and matches the store as
    it is; the other operations (INSERT DATA, CLEAR, …) have no WHERE."""
    for iri in (*using, *using_named):
        if not _ABSOLUTE_IRI.fullmatch(iri):
            raise RefusedRequest(400, f"using-graph-uri / using-named-graph-uri: not an absolute IRI: {iri!r}")
    clauses = "".join(f" USING <{iri}>" for iri in using) + "".join(f" USING NAMED <{iri}>" for iri in using_named)
    toks = _scan(text)
    depth = 0
    cuts: list[int] = []
    previous = None
    for kind, value, end in toks:
        if kind == "other":
            if value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
        elif kind == "word" and depth == 0:
            word = value.upper()
            if word in ("USING", "WITH"):
                raise RefusedRequest(400, "the update names its own dataset (USING, USING NAMED or WITH) and the "
                                          "request gives using-graph-uri / using-named-graph-uri: give one or the "
                                          "other (SPARQL 1.1 Protocol §2.2.3)")
            if word == "WHERE" and not (previous is not None and previous[0] == "word"
                                         and previous[1].upper() == "DELETE"):
                cuts.append(end - len(value))
        previous = (kind, value)
    out, last = [], 0
    for at in cuts:
        out += [text[last:at], clauses.lstrip(), " "]
        last = at
    out.append(text[last:])
    return "".join(out)


def check_update(text: str, base: str | None, prefixes: dict[str, str] | None) -> Analysis:
    scanned = _scan(text)
    check_shape(text, scanned=scanned)
    a = analyse(text, base, prefixes, scanned=scanned)
    if a.load:
        raise RefusedRequest(403, "LOAD is not allowed on this endpoint: "
                                  "it would make the server fetch a URL")
    if a.service:
        raise RefusedRequest(403, "SERVICE is not allowed on this endpoint")
    if a.unresolved:
        raise RefusedRequest(400, "cannot resolve dataset IRI(s): " + ", ".join(a.unresolved))
    return a


_SYNTAX = re.compile(r"error at (\d+):(\d+)(?:-(\d+):(\d+))?:?\s*(.*)", re.S)


def syntax_message(exc: BaseException, kind: str = "query") -> str:
    """pyoxigraph's 'error at 1:28: expected …' → a message naming line and column."""
    text = str(exc)
    m = _SYNTAX.search(text)
    if m:
        line, col, rest = m.group(1), m.group(2), m.group(5).strip()
        return f"SPARQL {kind} syntax error at line {line}, column {col}: {rest} ({text})"
    return f"SPARQL {kind} syntax error: {text}"


class QueryChecks:
    """``check_query`` by query text, remembered (LRU) for the texts seen most recently.

    The check is a pure function of the text (the base and prefixes are fixed per endpoint),
    so a repeated query skips the lexer; refusals are remembered too and raised again
    unchanged. The Analysis returned is shared between requests: callers must not modify it.
    Texts longer than ``max_text`` are checked every time (they would crowd the cache).
    """

    def __init__(self, base: str | None, prefixes: dict[str, str] | None, size: int = 512,
                 max_text: int = 16 * 1024):
        import threading
        from collections import OrderedDict

        self.base, self.prefixes = base, dict(prefixes or {})
        self.size, self.max_text = size, max_text
        self._cache: "OrderedDict[str, Analysis | RefusedRequest]" = OrderedDict()
        self._lock = threading.Lock()   # an app served from several threads' loops (tests)

    def check(self, text: str) -> Analysis:
        cache = self._cache
        with self._lock:
            hit = cache.get(text)
            if hit is not None:
                cache.move_to_end(text)
        if hit is None:
            try:
                hit = check_query(text, self.base, self.prefixes)
            except RefusedRequest as exc:
                hit = exc
            if len(text) <= self.max_text:
                with self._lock:
                    cache[text] = hit
                    if len(cache) > self.size:
                        cache.popitem(last=False)
        if isinstance(hit, RefusedRequest):
            raise RefusedRequest(hit.status, hit.message)
        return hit
