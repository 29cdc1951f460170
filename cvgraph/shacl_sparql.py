"""SHACL-SPARQL constraint queries evaluated in Python over one document's index.

Why: the compiled SHACL engine (`cvgraph.validate`) used to load every document into an
in-memory oxigraph store only to run the shapes' SPARQL constraints on it: ~1.2 ms to load and
~2.8 ms of queries per ~790-triple CV, more than half of its cost. The constraints are small
queries over one document (basic graph patterns, FILTER, BIND, NOT EXISTS and string and
integer functions), so they are evaluated here directly on the subject → predicate → objects
index of N-Triples terms that the Core checks already use.

Exactness comes first. A query is compiled only when every algebra node and function in it is
one this module implements (:func:`compile_select` returns None otherwise, and the engine runs
the query on oxigraph as before). At run time, whatever this module does not decide exactly as
SPARQL 1.1 and oxigraph do raises :class:`Punt`, and that query runs on oxigraph for that
document: literals of datatypes other than plain strings, integers and booleans in operators,
language-tagged arguments of string functions, non-ASCII text under LCASE/UCASE, regular
expressions outside a plain subset or text with line breaks, IRIs that are not absolute, and
comparisons whose SPARQL error semantics would matter. SPARQL errors themselves (an unbound
variable, a failed cast) follow the specification: a FILTER whose expression errs drops the
solution, a BIND that errs leaves its variable unbound, ``||``/``&&`` absorb errors as §17.2
says. `tests/test_shacl_sparql.py` compares both paths: hand-written queries against oxigraph
on every focus node of a test graph, and whole reports on the seeds and the real corpus and a
broken variant of each document.

Terms are kept as the index's N-Triples keys (``<iri>``, ``"lexical"``, ``"l"@lang``,
``"l"^^<dt>``) in solutions; expressions work on small tuples (:func:`value_of`).
"""
from __future__ import annotations

import math
import os
import re
from collections import OrderedDict
from fractions import Fraction
from pathlib import Path

from rdflib import BNode, Literal, URIRef, Variable
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.algebra import translateGroupGraphPattern
from rdflib.plugins.sparql.parserutils import CompValue, Expr

_XSD = "http://www.w3.org/2001/XMLSchema#"
_XSD_INTEGER = _XSD + "integer"
_XSD_BOOLEAN = _XSD + "boolean"
_XSD_STRING = _XSD + "string"
_RDF_LANGSTRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
_INTEGER_LEXICAL = re.compile(r"[+-]?[0-9]+")
_CANONICAL_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_ABSOLUTE_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20<>\"{}|^`\\]*")
# Regular expressions whose XPath (fn:matches) and Python meanings agree on text without line
# breaks: literal characters, classes, groups, alternation, anchors and counted repeats.
_PLAIN_REGEX = re.compile(r"[A-Za-z0-9 .\[\]{}()^$|*+?,:/_#@%&=~!'-]*")
_QUANTIFIER = re.compile(r"\{[0-9]+(?:,[0-9]*)?\}")
_BRACES = re.compile(r"[{}]")


class Punt(Exception):
    """This query on this document is not decided here; run it on oxigraph."""


class _Error(Exception):
    """A SPARQL expression error (§17.3): FILTER drops the solution, BIND leaves it unbound."""


_ERR = _Error()


# --- terms ---------------------------------------------------------------------------------
def nt_escape(lexical: str) -> str:
    """A literal's lexical form as written between the quotes of canonical N-Triples (the
    compiled validator's keys): only \\ \" \n \r escaped."""
    return lexical.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")


_NT_ESCAPE = re.compile(r'\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([tbnrf"\'\\]))')
_NT_ESCAPES = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}


def nt_unescape(lexical: str) -> str | None:
    """An N-Triples string's value, or None when it is not a valid one."""
    rest = _NT_ESCAPE.sub("", lexical)
    if "\\" in rest or '"' in rest:
        return None

    def one(m):
        if m.group(3):
            return _NT_ESCAPES[m.group(3)]
        c = int(m.group(1) or m.group(2), 16)
        if 0xD800 <= c <= 0xDFFF or c > 0x10FFFF:
            raise ValueError(c)
        return chr(c)
    try:
        return _NT_ESCAPE.sub(one, lexical)
    except ValueError:
        return None


_VALUES: dict = {}


def value_of(key: str):
    """The expression value of an index key: ("I", iri), ("S", str) for plain strings,
    ("L", str, lang), ("N", int) for canonical xsd:integer, ("B", bool), ("T", lexical, dt)."""
    v = _VALUES.get(key)
    if v is not None:
        return v
    if key[0] == "<":
        v = ("I", key[1:-1])
    else:
        q = key.rfind('"')
        raw, suffix = key[1:q], key[q + 1:]
        lex = nt_unescape(raw) if "\\" in raw else raw
        if lex is None:
            raise Punt                 # not a valid N-Triples string (the index holds none)
        if not suffix:
            v = ("S", lex)
        elif suffix[0] == "@":
            v = ("L", lex, suffix[1:])
        else:
            dt = suffix[3:-1]
            if dt == _XSD_INTEGER and _CANONICAL_INTEGER.fullmatch(lex) and abs(int(lex)) <= _INT64:
                v = ("N", int(lex))
            elif dt == _XSD_BOOLEAN and lex in ("true", "false"):
                v = ("B", lex == "true")
            elif dt == _XSD_STRING:
                v = ("S", lex)
            else:
                v = ("T", lex, dt)
    if len(_VALUES) > 200_000:
        _VALUES.clear()
    _VALUES[key] = v
    return v


def key_of(v) -> str:
    """The N-Triples key of an expression value (the inverse of :func:`value_of`)."""
    kind = v[0]
    if kind == "I":
        return "<" + v[1] + ">"
    if kind == "S":
        return '"' + nt_escape(v[1]) + '"'
    if kind == "N":
        return f'"{v[1]}"^^<{_XSD_INTEGER}>'
    if kind == "B":
        return f'"{"true" if v[1] else "false"}"^^<{_XSD_BOOLEAN}>'
    if kind == "L":
        return '"' + nt_escape(v[1]) + '"@' + v[2]
    return '"' + nt_escape(v[1]) + '"^^<' + v[2] + ">"


def text_of(key: str) -> str:
    """str() of the term, as pyshacl formats it into messages (the IRI, or the lexical form)."""
    v = value_of(key)
    if v[0] == "N":
        return str(v[1])
    if v[0] == "B":
        return "true" if v[1] else "false"
    return v[1]


def _const(term):
    """A query constant as an expression value."""
    if isinstance(term, URIRef):
        return ("I", str(term))
    if isinstance(term, Literal):
        if term.language:
            return ("L", str(term), term.language)
        dt = str(term.datatype) if term.datatype is not None else None
        if dt is None or dt == _XSD_STRING:
            return ("S", str(term))
        return value_of(key_of(("T", str(term), dt)))
    raise _Unsupported


class _Unsupported(Exception):
    """Compile time: a construct this module does not evaluate."""


# --- expressions ---------------------------------------------------------------------------
def _ebv(v) -> bool:
    kind = v[0]
    if kind == "B":
        return v[1]
    if kind in ("N", "D"):
        return v[1] != 0
    if kind == "S":
        return v[1] != ""
    if kind == "I":
        raise _ERR
    raise Punt           # EBV of other literals (numeric types, ill-typed): not decided here


def _string(v) -> str:
    if v[0] != "S":
        raise Punt       # language-tagged or non-string arguments: argument-compatibility rules
    return v[1]


def _integer(v) -> int:
    if v[0] != "N":
        raise Punt
    return v[1]


def _equal(a, b) -> bool:
    if a == b and a[0] != "T":
        return True
    ka, kb = a[0], b[0]
    if ka == "I" or kb == "I":
        return False                      # an IRI and another term: RDFterm-equal is false
    if ka in _NUMERIC and kb in _NUMERIC:
        return a[1] == b[1]
    if ka == kb and ka in ("S", "B"):
        return False                      # same value space, different values
    raise Punt                            # literals of other or mixed types: errors differ


def _less(a, b) -> bool:
    if (a[0] == b[0] == "S") or (a[0] in _NUMERIC and b[0] in _NUMERIC):
        return a[1] < b[1]
    raise Punt


_NUMERIC = ("N", "D")
_DECIMAL_LIMIT = 10 ** 15        # far inside oxigraph's decimal range (i128 with 18 decimals)
_INT64 = 2 ** 63 - 1


def _number(v):
    if v[0] not in _NUMERIC:
        raise Punt
    return v[1]


def _numeric(x):
    """An exact arithmetic result as a value: an int stays xsd:integer, a Fraction is an
    xsd:decimal (oxigraph keeps 18 decimals: results are kept small and divisors short, so
    FLOOR and comparisons give what oxigraph gives)."""
    if isinstance(x, int):
        if abs(x) > _INT64:
            raise Punt             # oxigraph's xsd:integer is 64-bit: it errs where Python goes on
        return ("N", x)
    if abs(x) > _DECIMAL_LIMIT or x.denominator > 10 ** 9:
        raise Punt
    return ("D", x)


def _compile_expr(e, scope):
    """A function (solution dict of keys) -> value, raising _Error / Punt."""
    if isinstance(e, Variable):
        name = str(e)

        def var(b):
            k = b.get(name)
            if k is None:
                raise _ERR
            return k if k.__class__ is tuple else value_of(k)
        return var
    if isinstance(e, (URIRef, Literal)):
        c = _const(e)
        return lambda b: c
    if not isinstance(e, CompValue):
        raise _Unsupported
    n = e.name
    if n == "ConditionalOrExpression" or n == "ConditionalAndExpression":
        parts = [_compile_expr(x, scope) for x in [e.expr] + list(e.other)]
        want = n == "ConditionalOrExpression"

        def logic(b):
            err = False
            for f in parts:
                try:
                    if _ebv(f(b)) == want:
                        return ("B", want)
                except _Error:
                    err = True
            if err:
                raise _ERR
            return ("B", not want)
        return logic
    if n == "RelationalExpression":
        left = _compile_expr(e.expr, scope)
        op = e.op
        if op in ("IN", "NOT IN"):
            options = [_compile_expr(x, scope) for x in e.other]
            negate = op == "NOT IN"

            def within(b):
                x = left(b)
                err = False
                for f in options:
                    try:
                        if _equal(x, f(b)):
                            return ("B", not negate)
                    except _Error:
                        err = True
                if err:
                    raise _ERR
                return ("B", negate)
            return within
        right = _compile_expr(e.other, scope)
        if op == "=":
            return lambda b: ("B", _equal(left(b), right(b)))
        if op == "!=":
            return lambda b: ("B", not _equal(left(b), right(b)))
        if op == "<":
            return lambda b: ("B", _less(left(b), right(b)))
        if op == ">":
            return lambda b: ("B", _less(right(b), left(b)))
        if op == "<=":
            return lambda b: ("B", not _less(right(b), left(b)))
        if op == ">=":
            return lambda b: ("B", not _less(left(b), right(b)))
        raise _Unsupported
    if n == "UnaryNot":
        f = _compile_expr(e.expr, scope)
        return lambda b: ("B", not _ebv(f(b)))
    if n == "UnaryMinus":
        f = _compile_expr(e.expr, scope)
        return lambda b: _numeric(-_number(f(b)))
    if n == "UnaryPlus":
        f = _compile_expr(e.expr, scope)
        return lambda b: _numeric(_number(f(b)))
    if n in ("AdditiveExpression", "MultiplicativeExpression"):
        first = _compile_expr(e.expr, scope)
        rest = [(op, _compile_expr(x, scope)) for op, x in zip(e.op, e.other)]
        if any(op not in ("+", "-", "*", "/") for op, _ in rest):
            raise _Unsupported

        def arith(b):
            total = _number(first(b))
            for op, f in rest:
                x = _number(f(b))
                if op == "/":
                    if x == 0:
                        raise _ERR       # integer and decimal division by zero is an error
                    total = Fraction(total) / x
                else:
                    total = total + x if op == "+" else total - x if op == "-" else total * x
                total = _numeric(total)[1]
            return _numeric(total)
        return arith
    if n == "Function":
        if str(e.iri) != _XSD_INTEGER or len(e.expr) != 1 or e.distinct:
            raise _Unsupported
        f = _compile_expr(e.expr[0], scope)

        def to_integer(b):
            v = f(b)
            if v[0] == "N":
                return v
            if v[0] == "D":
                return ("N", math.trunc(v[1]))
            if v[0] == "S":
                if v[1] != v[1].strip():
                    raise Punt         # XSD collapses whitespace before casting; not checked here
                if _INTEGER_LEXICAL.fullmatch(v[1]) is None:
                    raise _ERR
                return _numeric(int(v[1]))
            raise Punt
        return to_integer
    if n.startswith("Builtin_"):
        return _compile_builtin(n[8:], e, scope)
    raise _Unsupported


def _regex(pattern_v, flags_v=None) -> re.Pattern:
    pattern = _string(pattern_v)
    flags = _string(flags_v) if flags_v is not None else ""
    if flags not in ("", "i") or _PLAIN_REGEX.fullmatch(pattern) is None or _class_subtraction(pattern) \
            or "(?" in pattern or _BRACES.search(_QUANTIFIER.sub("", pattern)):
        raise Punt                 # class subtraction, Python-only groups, braces not a quantifier
    if flags == "i" and not pattern.isascii():
        raise Punt
    return _regex_cached(pattern, flags)


def _class_subtraction(pattern: str) -> bool:
    """Is a character class nested (XPath's class subtraction "[a-z-[aeiou]]"), opened with
    "]", or left open? Python reads those otherwise. The pattern has no backslashes."""
    inside = False
    for i, c in enumerate(pattern):
        if c == "[":
            if inside:
                return True
            inside = True
        elif c == "]" and inside:
            if pattern[i - 1] == "[" or pattern[i - 2:i] == "[^":
                return True          # "[]…]": a literal "]" in Python, not in XPath
            inside = False
    return inside


_REGEXES: dict = {}


def _regex_cached(pattern: str, flags: str) -> re.Pattern:
    r = _REGEXES.get((pattern, flags))
    if r is None:
        try:
            r = re.compile(pattern, re.IGNORECASE if flags else 0)
        except re.error:
            raise Punt from None
        _REGEXES[(pattern, flags)] = r
    return r


def _plain_text(s: str) -> str:
    if "\n" in s or "\r" in s:
        raise Punt        # `$` and `.` differ between XPath and Python around line breaks
    return s


def _compile_builtin(name: str, e, scope):
    if name in ("EXISTS", "NOTEXISTS"):
        graph = e.graph
        if isinstance(graph, CompValue) and graph.name == "GroupGraphPatternSub":
            graph = translateGroupGraphPattern(graph)
        pattern = _compile_pattern(graph, scope)
        negate = name == "NOTEXISTS"

        def exists(b):
            return ("B", (not pattern(b)) == negate)
        return exists
    if name == "BOUND":
        var = str(e.arg)
        return lambda b: ("B", var in b)
    if name == "IF":
        c, t, f = (_compile_expr(x, scope) for x in (e.arg1, e.arg2, e.arg3))
        return lambda b: t(b) if _ebv(c(b)) else f(b)
    if name == "CONCAT":
        parts = [_compile_expr(x, scope) for x in e.arg]
        return lambda b: ("S", "".join(_string(f(b)) for f in parts))
    if name == "REGEX":
        text, pattern = _compile_expr(e.text, scope), _compile_expr(e.pattern, scope)
        flags = _compile_expr(e.flags, scope) if "flags" in e else None

        def regex(b):
            r = _regex(pattern(b), flags(b) if flags is not None else None)
            s = _plain_text(_string(text(b)))
            if r.flags & re.IGNORECASE and not s.isascii():
                raise Punt             # Unicode case folding: not checked against oxigraph's
            return ("B", r.search(s) is not None)
        return regex
    if name == "REPLACE":
        arg, pattern, repl = (_compile_expr(x, scope) for x in (e.arg, e.pattern, e.replacement))
        flags = _compile_expr(e.flags, scope) if "flags" in e else None

        def replace(b):
            r = _regex(pattern(b), flags(b) if flags is not None else None)
            rep = _string(repl(b))
            if "$" in rep or "\\" in rep or r.pattern == "" or r.match("") is not None:
                raise Punt            # group references, or a pattern matching "" (an error in XPath)
            return ("S", r.sub(rep, _plain_text(_string(arg(b)))))
        return replace
    if name == "SUBSTR":
        arg, start = _compile_expr(e.arg, scope), _compile_expr(e.start, scope)
        length = _compile_expr(e.length, scope) if "length" in e else None

        def substr(b):
            s = _string(arg(b))
            i = _integer(start(b))
            if i < 1:
                raise Punt
            if length is None:
                return ("S", s[i - 1:])
            n = _integer(length(b))
            return ("S", s[i - 1:i - 1 + max(n, 0)])
        return substr
    if name == "FLOOR":
        f = _compile_expr(e.arg, scope)

        def floor(b):
            v = f(b)
            if v[0] == "N":
                return v
            if v[0] == "D":
                return ("D", Fraction(math.floor(v[1])))
            raise Punt
        return floor
    if name in _UNARY:
        f = _compile_expr(e.arg, scope)
        return _UNARY[name](f)
    if name in _BINARY:
        f, g = _compile_expr(e.arg1, scope), _compile_expr(e.arg2, scope)
        op = _BINARY[name]
        return lambda b: op(_string(f(b)), _string(g(b)))
    raise _Unsupported


def _str(v):
    kind = v[0]
    if kind == "D":
        raise Punt                         # the canonical decimal form: not written here
    if kind in ("I", "S", "L", "T"):
        return ("S", v[1])
    if kind == "N":
        return ("S", str(v[1]))
    return ("S", "true" if v[1] else "false")


def _case(lower: bool):
    def run(f):
        def change(b):
            s = _string(f(b))
            if not s.isascii():
                raise Punt                 # Unicode case mappings: not checked against oxigraph's
            return ("S", s.lower() if lower else s.upper())
        return change
    return run


def _datatype(v):
    kind = v[0]
    if kind == "I":
        raise _ERR
    return ("I", {"S": _XSD_STRING, "L": _RDF_LANGSTRING, "N": _XSD_INTEGER, "B": _XSD_BOOLEAN,
                  "D": _XSD + "decimal"}.get(kind) or v[2])


def _iri(v):
    if v[0] == "I":
        return v
    s = _string(v)
    if _ABSOLUTE_IRI.fullmatch(s) is None or "%" in s:
        raise Punt                         # relative IRIs resolve against a base; invalid ones err
    return ("I", s)


_UNARY = {
    "STR": lambda f: lambda b: _str(f(b)),
    "LCASE": _case(True),
    "UCASE": _case(False),
    "STRLEN": lambda f: lambda b: ("N", len(_string(f(b)))),
    "isIRI": lambda f: lambda b: ("B", f(b)[0] == "I"),
    "isURI": lambda f: lambda b: ("B", f(b)[0] == "I"),
    "isLITERAL": lambda f: lambda b: ("B", f(b)[0] != "I"),
    "isBLANK": lambda f: lambda b: ("B", False),      # the compiled engine reads no blank nodes
    "DATATYPE": lambda f: lambda b: _datatype(f(b)),
    "IRI": lambda f: lambda b: _iri(f(b)),
    "URI": lambda f: lambda b: _iri(f(b)),
}


def _after(s: str, t: str):
    i = s.find(t)
    return ("S", s[i + len(t):] if i >= 0 else "")


def _before(s: str, t: str):
    i = s.find(t)
    return ("S", s[:i] if i >= 0 else "")


_BINARY = {
    "STRSTARTS": lambda s, t: ("B", s.startswith(t)),
    "STRENDS": lambda s, t: ("B", s.endswith(t)),
    "CONTAINS": lambda s, t: ("B", t in s),
    "STRAFTER": _after,
    "STRBEFORE": _before,
}


# --- graph patterns ------------------------------------------------------------------------
def _term(x):
    """A triple-pattern position: ("v", name) or ("k", key)."""
    if isinstance(x, Variable):
        return ("v", str(x))
    if isinstance(x, (URIRef, Literal)):
        return ("k", key_of(_const(x)))
    raise _Unsupported


def _compile_bgp(triples, scope):
    """Match triple patterns on the index, most-bound pattern first (given the variables the
    solutions coming in have bound); a function solution -> list of solutions."""
    pats = [tuple(_term(x) for x in t) for t in triples]
    order, bound = [], set(scope)
    while pats:
        def score(p):
            return sum(4 if i == 0 else 2 if i == 2 else 1
                       for i, (kind, x) in enumerate(p) if kind == "k" or x in bound)
        best = max(pats, key=score)
        pats.remove(best)
        order.append(best)
        bound |= {x for kind, x in best if kind == "v"}
    steps = [_triple_step(*pat) for pat in order]

    def match(b):
        sols = [b]
        for step in steps:
            nxt: list = []
            for s in sols:
                step(s, nxt)
            if not nxt:
                return nxt
            sols = nxt
        return sols
    return match


def _triple_step(sp, pp, op):
    """One triple pattern: a function (solution, out) appending each extension to out."""
    (ks, sv), (kp, pv), (ko, ov) = sp, pp, op
    sc = sv if ks == "k" else None
    pc = pv if kp == "k" else None
    oc = ov if ko == "k" else None

    def step(b, out):
        s = sc if sc is not None else b.get(sv)
        p = pc if pc is not None else b.get(pv)
        o = oc if oc is not None else b.get(ov)
        if s.__class__ is tuple or p.__class__ is tuple or o.__class__ is tuple:
            raise Punt                    # a computed decimal in a triple pattern
        if s is not None:
            pm = b[_DOC].spo.get(s)
            if not pm:
                return
            for pp_, objs in (((p, pm.get(p) or ()),) if p is not None else pm.items()):
                nb = b if p is not None else _bind(b, pv, pp_)
                if nb is None:
                    continue
                if o is not None:
                    if o in objs:
                        out.append(nb)
                    continue
                for x in objs:
                    nb2 = _bind(nb, ov, x)
                    if nb2 is not None:
                        out.append(nb2)
            return
        doc = b[_DOC]
        triples = ((ss, p, oo) for ss, oo in doc.by_predicate(p)) if p is not None else \
            ((ss, pp_, oo) for ss, pm in doc.spo.items() for pp_, objs in pm.items() for oo in objs)
        for ss, pp_, oo in triples:
            if o is not None and oo != o:
                continue
            nb = _bind(b, sv, ss)
            if nb is not None and p is None:
                nb = _bind(nb, pv, pp_)
            if nb is not None and o is None:
                nb = _bind(nb, ov, oo)
            if nb is not None:
                out.append(nb)
    return step


def _bind(b: dict, name: str, key: str):
    """b extended with name = key, or None when name is bound to another term."""
    old = b.get(name)
    if old is not None:
        return b if old == key else None
    nb = dict(b)
    nb[name] = key
    return nb


def _compile_pattern(p, scope):
    """A function solution -> list of solutions, for the algebra node p; `scope` is the
    set of variables bound in the solutions given to it. A solution is a dict of variable name
    -> key, which also holds the document under the key "" (no variable has that name)."""
    if not isinstance(p, CompValue):
        raise _Unsupported
    n = p.name
    if n == "BGP":
        return _compile_bgp(p.triples, scope)
    if n in ("Filter", "Extend"):
        return _compile_group(p, scope)
    if n == "Join":
        if p.p2.name != "BGP":
            raise _Unsupported          # a group joined bottom-up: filters inside see less
        left = _compile_pattern(p.p1, scope)
        right = _compile_bgp(p.p2.triples, scope | _pattern_vars(p.p1))

        def joined(b):
            return [x for s in left(b) for x in right(s)]
        return joined
    raise _Unsupported


_DOC = ""        # the key of the document in a solution dict


def _conjuncts(e) -> list:
    if isinstance(e, CompValue) and e.name == "ConditionalAndExpression":
        return [c for x in [e.expr] + list(e.other) for c in _conjuncts(x)]
    return [e]


def _mentioned(e, out: set) -> set:
    """Every variable an expression mentions, inside EXISTS patterns too."""
    if isinstance(e, Variable):
        out.add(str(e))
    elif isinstance(e, dict):
        for v in e.values():
            _mentioned(v, out)
    elif isinstance(e, (list, tuple, set)):
        for v in e:
            _mentioned(v, out)
    return out


def _compile_group(p, scope):
    """A chain of FILTERs and BINDs over a pattern, as one loop per solution. A FILTER's
    conjuncts are tested as early as they can be: right after the last BIND of a variable they
    mention (a solution is kept only if every conjunct is true, whatever their order, and an
    erring conjunct drops it, as the whole && would)."""
    ops = []
    node = p
    while isinstance(node, CompValue) and node.name in ("Filter", "Extend"):
        ops.append(node)
        node = node.p
    ops.reverse()                                  # innermost (first evaluated) first
    base = _compile_pattern(node, scope)
    bound = scope | _pattern_vars(node)
    binds: list = []                               # (var, expression node) in evaluation order
    tests: dict = {}                               # number of binds before -> [conjuncts]
    for op in ops:
        if op.name == "Extend":
            binds.append((str(op.var), op.expr))
            continue
        for c in _conjuncts(op.expr):
            vs = _mentioned(c, set())
            at = max((i + 1 for i, (v, _) in enumerate(binds) if v in vs), default=0)
            tests.setdefault(at, []).append(c)
    steps = []
    for i in range(len(binds) + 1):
        for c in tests.get(i, ()):
            steps.append((None, _compile_expr(c, bound)))
        if i < len(binds):
            var, expr = binds[i]
            steps.append((var, _compile_expr(expr, bound)))
            bound = bound | {var}

    def group(b):
        out = []
        for s in base(b):
            s = dict(s)
            for var, f in steps:
                if var is None:
                    try:
                        if not _ebv(f(s)):
                            break
                    except _Error:
                        break
                else:
                    if var in s:
                        raise Punt          # BIND of a variable bound already (pre-bound $this)
                    try:
                        v = f(s)
                    except _Error:
                        continue
                    s[var] = v if v[0] == "D" else key_of(v)   # decimals stay values (no key)
            else:
                out.append(s)
        return out
    return group


def _pattern_vars(p) -> set:
    vs = p.get("_vars") if isinstance(p, CompValue) else None
    return {str(v) for v in vs} if vs else set()


class CompiledSelect:
    """A SELECT query compiled for evaluation over one document's index."""

    def __init__(self, pattern, variables: tuple[str, ...], distinct: bool):
        self._pattern = pattern
        self.variables = variables
        self._distinct = distinct

    def rows(self, doc, focus: list[str]) -> list[tuple]:
        """Solutions for `?this` bound to each focus node in turn: tuples of keys (None for
        unbound) in the order of `variables`; Punt when the answer is not decided here."""
        out: list = []
        seen: set = set()
        names = self.variables
        for f in focus:
            for s in self._pattern({_DOC: doc, "this": f}):
                row = tuple(s.get(n) for n in names)
                if any(x.__class__ is tuple for x in row):
                    raise Punt            # a computed decimal projected: its canonical form
                if self._distinct:
                    if row in seen:
                        continue
                    seen.add(row)
                out.append(row)
        return out


def compile_select(query: str) -> CompiledSelect | None:
    """`query`: a SELECT whose `$this` is pre-bound by :meth:`CompiledSelect.rows` and which
    projects ?this. None when the query uses anything this module does not evaluate."""
    algebra = parsed_algebra(query)
    if algebra is None:
        return None
    node = algebra.p if algebra.name == "SelectQuery" else None
    distinct = False
    try:
        if node is None:
            raise _Unsupported
        if node.name in ("Distinct", "Reduced"):
            distinct = node.name == "Distinct"
            node = node.p
        if node.name != "Project":
            raise _Unsupported
        variables = tuple(str(v) for v in node.PV)
        if "this" not in variables or len(set(variables)) != len(variables):
            raise _Unsupported
        pattern = _compile_pattern(node.p, {"this"})
    except _Unsupported:
        return None
    return CompiledSelect(pattern, variables, distinct)


# --- the parsed algebra, cached on disk ----------------------------------------------------
# rdflib's pyparsing SPARQL parser takes ~1 s for the shapes' constraint queries, in every
# process that validates (most of the validator's compilation). Its algebra (CompValue / Expr
# trees) cannot be unpickled, so it is kept as JSON of plain values, one file per query text,
# keyed by the text and the versions of rdflib and pyparsing; the closures above are then
# compiled from the rebuilt trees as from the parser's. An unreadable or malformed file is
# parsed again (and rewritten).
ALGEBRA_FORMAT = 1


def algebra_cache_dir() -> Path | None:
    """Where parsed queries are kept: ``$CVGRAPH_CACHE_DIR`` (empty: none), else
    ``$XDG_CACHE_HOME/cvgraph`` or ``~/.cache/cvgraph``."""
    value = os.environ.get("CVGRAPH_CACHE_DIR")
    if value is not None:
        return Path(value) if value else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cvgraph"


def _algebra_file(folder: Path, query: str) -> Path:
    import hashlib

    import pyparsing
    import rdflib

    tag = f"{ALGEBRA_FORMAT}\0{rdflib.__version__}\0{pyparsing.__version__}\0{query}"
    return folder / f"sparql-{hashlib.sha256(tag.encode('utf-8')).hexdigest()[:40]}.json"


def parsed_algebra(query: str):
    """rdflib's algebra of ``query`` (as ``prepareQuery(query).algebra``), from the disk cache
    when it holds it; None when rdflib cannot parse the query."""
    import json

    folder = algebra_cache_dir()
    path = _algebra_file(folder, query) if folder is not None else None
    if path is not None:
        try:
            return algebra_from_plain(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError, KeyError, IndexError):
            pass
    try:
        algebra = prepareQuery(query).algebra
    except Exception:                      # noqa: BLE001 - rdflib's parser raises many kinds
        return None
    if path is not None:
        try:
            data = json.dumps(algebra_to_plain(algebra), ensure_ascii=True, separators=(",", ":"))
        except TypeError:                  # something in the tree this encoding does not know
            return algebra
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_text(data, encoding="ascii")
            os.replace(tmp, path)
        except OSError:
            pass                           # a read-only or full disk: parse again next time
    return algebra


def algebra_to_plain(x):
    """An algebra tree as JSON values: lists tagged by their first item."""
    if isinstance(x, CompValue):
        attrs = {k: v for k, v in vars(x).items() if k not in ("name", "_evalfn", "ctx")}
        return ["E" if isinstance(x, Expr) else "C", x.name,
                [[k, algebra_to_plain(v)] for k, v in OrderedDict.items(x)],
                [[k, algebra_to_plain(v)] for k, v in attrs.items()]]
    if isinstance(x, Variable):
        return ["v", str(x)]
    if isinstance(x, URIRef):
        return ["u", str(x)]
    if isinstance(x, Literal):
        return ["l", str(x), None if x.datatype is None else str(x.datatype), x.language]
    if isinstance(x, BNode):
        return ["b", str(x)]
    if x is None or type(x) is bool or type(x) is int:
        return x
    if type(x) is str:
        return ["s", x]
    if isinstance(x, list):
        return ["L", [algebra_to_plain(v) for v in x]]
    if isinstance(x, tuple):
        return ["T", [algebra_to_plain(v) for v in x]]
    if isinstance(x, (set, frozenset)):
        return ["S" if isinstance(x, set) else "F", [algebra_to_plain(v) for v in x]]
    raise TypeError(f"{type(x).__name__} in a parsed query")


def algebra_from_plain(x):
    """The tree :func:`algebra_to_plain` wrote, rebuilt with rdflib's classes."""
    if not isinstance(x, list):
        if x is None or isinstance(x, (bool, int)):
            return x
        raise ValueError("not an encoded algebra")
    tag = x[0]
    if tag == "C" or tag == "E":
        node = Expr(x[1]) if tag == "E" else CompValue(x[1])
        for k, v in x[2]:
            node[k] = algebra_from_plain(v)
        for k, v in x[3]:
            setattr(node, k, algebra_from_plain(v))
        return node
    if tag == "v":
        return Variable(x[1])
    if tag == "u":
        return URIRef(x[1])
    if tag == "l":
        return Literal(x[1], lang=x[3], datatype=None if x[2] is None else URIRef(x[2]))
    if tag == "b":
        return BNode(x[1])
    if tag == "s":
        return x[1]
    if tag == "L":
        return [algebra_from_plain(v) for v in x[1]]
    if tag == "T":
        return tuple(algebra_from_plain(v) for v in x[1])
    if tag == "S":
        return {algebra_from_plain(v) for v in x[1]}
    if tag == "F":
        return frozenset(algebra_from_plain(v) for v in x[1])
    raise ValueError(f"unknown tag {tag!r}")
