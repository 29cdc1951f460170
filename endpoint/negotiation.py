"""Content negotiation: the formats the endpoint speaks and a q-value aware Accept matcher.

Three families of formats exist:

- ``RESULTS``: SELECT / ASK results (SPARQL 1.1 Query Results JSON, XML, CSV, TSV);
- ``GRAPH``:   CONSTRUCT / DESCRIBE results, resource descriptions, one graph of the
  Graph Store Protocol (Turtle, JSON-LD, N-Triples, RDF/XML, N-Quads, TriG);
- ``DATASET``: the whole store with its named graphs (TriG, N-Quads).

``negotiate()`` picks the best offer for an ``Accept`` header (RFC 9110 §12.5.1): the
highest q wins; ties go to the more specific media range (``text/csv`` over ``text/*``
over ``*/*``), then to the range the client listed first, then to the server's order
(the first offer of each family is its default). ``q=0`` excludes a type. A ``format=``
parameter overrides ``Accept``; ``resolve_format()`` maps its short names and media types.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Format:
    key: str                      # internal name, e.g. "json", "turtle"
    media_type: str               # canonical media type sent in Content-Type
    label: str                    # human label (query page, service description)
    sd_iri: str                   # W3C format IRI (http://www.w3.org/ns/formats/)
    suffix: str = ""              # file suffix for linked-data URLs / downloads
    aliases: tuple[str, ...] = field(default=())  # other media types accepted for it

    @property
    def content_type(self) -> str:
        if self.media_type.startswith("text/"):
            return self.media_type + "; charset=utf-8"
        return self.media_type


_F = "http://www.w3.org/ns/formats/"

RESULTS: tuple[Format, ...] = (
    Format("json", "application/sparql-results+json", "JSON", _F + "SPARQL_Results_JSON", "srj",
           ("application/json",)),
    Format("xml", "application/sparql-results+xml", "XML", _F + "SPARQL_Results_XML", "srx",
           ("application/xml", "text/xml")),
    Format("csv", "text/csv", "CSV", _F + "SPARQL_Results_CSV", "csv"),
    Format("tsv", "text/tab-separated-values", "TSV", _F + "SPARQL_Results_TSV", "tsv"),
)

GRAPH: tuple[Format, ...] = (
    Format("turtle", "text/turtle", "Turtle", _F + "Turtle", "ttl", ("application/x-turtle",)),
    Format("jsonld", "application/ld+json", "JSON-LD", _F + "JSON-LD", "jsonld",
           ("application/json",)),
    Format("ntriples", "application/n-triples", "N-Triples", _F + "N-Triples", "nt"),
    Format("rdfxml", "application/rdf+xml", "RDF/XML", _F + "RDF_XML", "rdf",
           ("application/xml", "text/xml")),
    Format("nquads", "application/n-quads", "N-Quads", _F + "N-Quads", "nq"),
    Format("trig", "application/trig", "TriG", _F + "TriG", "trig"),
)

_GRAPH_BY_KEY = {f.key: f for f in GRAPH}
# TriG first: it is the default for whole-store exports.
DATASET: tuple[Format, ...] = (_GRAPH_BY_KEY["trig"], _GRAPH_BY_KEY["nquads"])

# Formats a linked-data resource is offered in (by Accept or by URL suffix).
RESOURCE: tuple[Format, ...] = tuple(f for f in GRAPH if f.key in ("turtle", "jsonld", "ntriples"))

BY_KEY: dict[str, Format] = {f.key: f for f in RESULTS + GRAPH}

# Short names accepted by `format=`; some depend on the family (json → JSON-LD for graphs).
_SHORT = {
    "json": {"results": "json", "graph": "jsonld", "dataset": None},
    "srj": {"results": "json"},
    "xml": {"results": "xml", "graph": "rdfxml"},
    "srx": {"results": "xml"},
    "csv": {"results": "csv"},
    "tsv": {"results": "tsv"},
    "turtle": {"graph": "turtle"},
    "ttl": {"graph": "turtle"},
    "nt": {"graph": "ntriples"},
    "ntriples": {"graph": "ntriples"},
    "n-triples": {"graph": "ntriples"},
    "nq": {"graph": "nquads", "dataset": "nquads"},
    "nquads": {"graph": "nquads", "dataset": "nquads"},
    "n-quads": {"graph": "nquads", "dataset": "nquads"},
    "trig": {"graph": "trig", "dataset": "trig"},
    "rdfxml": {"graph": "rdfxml"},
    "rdf": {"graph": "rdfxml"},
    "rdf+xml": {"graph": "rdfxml"},
    "jsonld": {"graph": "jsonld"},
    "json-ld": {"graph": "jsonld"},
}

FAMILIES = {"results": RESULTS, "graph": GRAPH, "dataset": DATASET}


class UnknownFormat(ValueError):
    """The `format=` value names no format at all."""


def resolve_format(value: str, family: str) -> Format | None:
    """`format=` value → the Format of `family`, or None if that family lacks it.

    Raises UnknownFormat if the value names no known format in any family.
    """
    v = value.strip().lower()
    offers = FAMILIES[family]
    if "," in v:
        # A list of media types (SPARQLWrapper sends format=application/ld+json,application/x-json+ld):
        # the first one this family offers; None (→ 406) if only other families know them.
        known = False
        for part in v.split(","):
            if not part.strip():
                continue
            try:
                f = resolve_format(part, family)
            except UnknownFormat:
                continue
            known = True
            if f is not None:
                return f
        if not known:
            raise UnknownFormat(value)
        return None
    if "/" in v:
        mt = v.split(";", 1)[0].strip()
        known = False
        for f in offers:
            if mt == f.media_type or mt in f.aliases:
                return f
        for fam in FAMILIES.values():
            if any(mt == f.media_type or mt in f.aliases for f in fam):
                known = True
        if not known:
            raise UnknownFormat(value)
        return None
    if v not in _SHORT:
        raise UnknownFormat(value)
    key = _SHORT[v].get(family)
    if key is None:
        return None
    return next((f for f in offers if f.key == key), None)


@dataclass(frozen=True)
class MediaRange:
    type: str
    subtype: str
    q: float
    index: int

    @property
    def specificity(self) -> int:
        if self.type == "*":
            return 1
        if self.subtype == "*":
            return 2
        return 3

    def matches(self, media_type: str) -> bool:
        t, _, s = media_type.partition("/")
        return (self.type == "*" or self.type == t) and (self.subtype == "*" or self.subtype == s)


def parse_accept(header: str | None) -> list[MediaRange]:
    """Parse an Accept header; malformed entries are skipped, a missing header means */*."""
    if header is None or not header.strip():
        return [MediaRange("*", "*", 1.0, 0)]
    ranges = []
    for index, part in enumerate(header.split(",")):
        pieces = [p.strip() for p in part.split(";")]
        mt = pieces[0].lower()
        if "/" not in mt:
            if mt == "*":  # some clients send a bare "*"
                mt = "*/*"
            else:
                continue
        t, _, s = mt.partition("/")
        if not t or not s or (t == "*" and s != "*"):
            continue
        q = 1.0
        for param in pieces[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
                q = min(max(q, 0.0), 1.0)
        ranges.append(MediaRange(t, s, q, index))
    return ranges


def negotiate(header: str | None, offers: tuple[Format, ...] | list[Format],
              explicit_only: tuple[str, ...] = ()) -> tuple[Format, str] | None:
    """Best (format, media type to send) for the Accept header, or None (→ 406).

    A format's aliases are matched too (``application/json`` gets SPARQL JSON results);
    the media type sent back is the one the client asked for. Media types listed in
    ``explicit_only`` (e.g. text/html) are chosen only when named exactly, never via */*.
    """
    ranges = parse_accept(header)
    best = None
    best_key = None
    for server_index, fmt in enumerate(offers):
        for mt in (fmt.media_type,) + fmt.aliases:
            matching = [r for r in ranges if r.matches(mt)]
            if mt in explicit_only:
                matching = [r for r in matching if r.specificity == 3]
            if not matching:
                continue
            # The most specific range decides the q of this media type (RFC 9110).
            top = max(r.specificity for r in matching)
            decisive = [r for r in matching if r.specificity == top]
            q = max(r.q for r in decisive)
            index = min(r.index for r in decisive if r.q == q)
            if q <= 0:
                continue
            # An alias only wins if the client named it exactly.
            if mt != fmt.media_type and top != 3:
                continue
            key = (q, top, -index, -server_index, mt == fmt.media_type)
            if best_key is None or key > best_key:
                best_key = key
                best = (fmt, mt)
    return best


HTML = Format("html", "text/html", "HTML", "", "html")


def content_type_for(fmt: Format, media_type: str) -> str:
    if media_type.startswith("text/"):
        return media_type + "; charset=utf-8"
    return media_type
