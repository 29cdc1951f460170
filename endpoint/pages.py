"""HTML pages: person pages, a generic resource page, the SPARQL query page.

Every piece of text that comes from a CV (names, titles, literals, even IRIs) goes
through ``esc()`` (``html.escape`` with quotes), and only ``http``, ``https`` and
``mailto`` IRIs ever become ``href`` values, so a ``<script>`` in a name or a
``javascript:`` IRI in ``schema:sameAs`` is shown as text and never runs.
"""
from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
SCHEMA = "http://schema.org/"
FOAF = "http://xmlns.com/foaf/0.1/"
_SAFE_SCHEMES = ("http://", "https://", "mailto:")
_YEAR = re.compile(r"^(\d{4})")


def esc(value) -> str:
    return html.escape("" if value is None else str(value), quote=True)


class Linker:
    """Turns IRIs into links: IRIs under the base link to this server's own pages."""

    def __init__(self, base: str, prefixes: dict[str, str]):
        self.base = base
        self.prefixes = sorted(prefixes.items(), key=lambda kv: -len(kv[1]))

    def href(self, iri: str) -> str | None:
        if iri.startswith(self.base):
            rest = iri[len(self.base):]
            return "/" + quote(rest, safe="/:@!$&'()*+,;=-._~%")
        if iri.lower().startswith(_SAFE_SCHEMES):
            return iri
        return None

    def compact(self, iri: str) -> str:
        for name, ns in self.prefixes:
            if iri.startswith(ns) and len(iri) > len(ns):
                return f"{name}:{iri[len(ns):]}"
        return iri

    def link(self, iri: str, label: str | None = None) -> str:
        text = esc(label if label else self.compact(iri))
        href = self.href(iri)
        if href is None:
            return f'<span class="iri">{text}</span>'
        rel = "" if iri.startswith(self.base) else ' rel="nofollow noopener"'
        return f'<a href="{esc(href)}"{rel}>{text}</a>'

    def term(self, t, labels: dict[str, str] | None = None) -> str:
        if t is None:
            return ""
        kind = t[0]
        if kind == "uri":
            return self.link(t[1], (labels or {}).get(t[1]))
        if kind == "bnode":
            return f'<span class="bnode">_:{esc(t[1])}</span>'
        if kind == "literal":
            value, dt, lang = t[1], t[2], t[3]
            extra = ""
            if lang:
                extra = f' <span class="lang">@{esc(lang)}</span>'
            elif dt and not dt.endswith("#string") and not dt.endswith("#langString"):
                extra = f' <span class="dt">^^{esc(self.compact(dt))}</span>'
            return f'<span class="lit">{esc(value)}</span>{extra}'
        return esc(t[1] if len(t) > 1 else t)


def shell(title: str, body: str, alternates: list[tuple[str, str, str]] | None = None,
          head_extra: str = "", search_value: str = "") -> str:
    alt = ""
    for href, mt, label in alternates or []:
        alt += f'<link rel="alternate" type="{esc(mt)}" href="{esc(href)}">\n'
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<link rel="stylesheet" href="/static/style.css">
{alt}{head_extra}</head>
<body>
<header class="top"><a class="brand" href="/">cvgraph</a>
<nav><a href="/">SPARQL query</a> <a href="/sparql">Service description</a>
<a href="/docs">API docs</a> <a href="/health">Health</a></nav>
<form class="search" method="get" action="/search" role="search"><input type="search" name="q"
 placeholder="Search people, titles, organizations" aria-label="Search" value="{esc(search_value)}">
<button type="submit">Search</button></form></header>
<main>
{body}
</main>
</body>
</html>
"""


def _value(t) -> str | None:
    return None if t is None else t[1]


def _period(start, end) -> str:
    s, e = _value(start), _value(end)
    if s and e:
        return f"{s} – {e}"
    if s:
        return f"{s} – present"
    if e:
        return f"until {e}"
    return ""


def alternates_html(alternates: list[tuple[str, str, str]]) -> str:
    links = " · ".join(f'<a href="{esc(h)}" type="{esc(mt)}">{esc(label)}</a>'
                       for h, mt, label in alternates)
    return f'<p class="alternates">Also as: {links}</p>'


# --- queries the pages need (run in a worker with ?this bound to the resource) ----------------
# pyoxigraph's `substitutions` require the substituted variable in the SELECT projection.

Q_TRIPLES = "SELECT DISTINCT ?this ?p ?o WHERE { ?this ?p ?o } ORDER BY ?p ?o LIMIT 3000"
Q_INCOMING = "SELECT DISTINCT ?this ?s ?p WHERE { ?s ?p ?this } ORDER BY ?p ?s LIMIT 1000"
Q_LABELS = """SELECT DISTINCT ?this ?x ?label WHERE {
  { ?this ?p ?x } UNION { ?x ?p ?this }
  ?x schema:name ?label
} LIMIT 5000"""
Q_EDUCATION = """SELECT ?this ?cred ?name ?level ?org ?orgName ?start ?end ?field WHERE {
  ?this schema:hasCredential ?cred .
  OPTIONAL { ?cred schema:name ?name }
  OPTIONAL { ?cred schema:educationalLevel ?level }
  OPTIONAL { ?cred schema:recognizedBy ?org . OPTIONAL { ?org schema:name ?orgName } }
  OPTIONAL { ?cred schema:startDate ?start }
  OPTIONAL { ?cred schema:endDate ?end }
  OPTIONAL { ?cred cvg:fieldOfStudy ?field }
} ORDER BY DESC(STR(?start)) ?cred"""
Q_POSITIONS = """SELECT ?this ?role ?title ?org ?orgName ?start ?end WHERE {
  ?this schema:worksFor ?role .
  OPTIONAL { ?role schema:roleName ?title }
  OPTIONAL { ?role schema:worksFor ?org . OPTIONAL { ?org schema:name ?orgName } }
  OPTIONAL { ?role schema:startDate ?start }
  OPTIONAL { ?role schema:endDate ?end }
} ORDER BY DESC(STR(?start)) ?role"""
Q_WORKS = """SELECT ?this ?work ?title ?date ?venue ?venueName ?status ?patent WHERE {
  ?work schema:author ?this .
  OPTIONAL { ?work schema:name ?title }
  OPTIONAL { ?work schema:datePublished ?date }
  OPTIONAL { ?work schema:dateCreated ?date }
  OPTIONAL { ?work schema:isPartOf ?venue . OPTIONAL { ?venue schema:name ?venueName } }
  OPTIONAL { ?work schema:creativeWorkStatus ?status }
  BIND(EXISTS { ?work a bibo:Patent } AS ?patent)
} ORDER BY DESC(STR(?date)) ?title"""
Q_AUTHORS = """SELECT DISTINCT ?this ?work ?author ?name ?li WHERE {
  ?work schema:author ?this ; schema:author ?author .
  OPTIONAL { ?author schema:name ?name }
  OPTIONAL { ?work bibo:authorList ?seq . ?seq ?li ?author }
}"""
Q_DOCS = """SELECT DISTINCT ?this ?doc ?name WHERE {
  ?doc schema:about ?this .
  OPTIONAL { ?doc schema:name ?name }
} ORDER BY ?name"""

Q_GRAPH_CONTENT = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?s ?p ?o LIMIT 2000"

Q_DOC_STATUS = """PREFIX sh: <http://www.w3.org/ns/shacl#>
SELECT ?this ?doc ?name ?report ?conforms ?severity (COUNT(DISTINCT ?res) AS ?n) WHERE {
  ?doc schema:about ?this .
  OPTIONAL { ?doc schema:name ?name }
  OPTIONAL { ?report a sh:ValidationReport ; cvg:validates ?doc .
             OPTIONAL { ?report sh:conforms ?conforms }
             OPTIONAL { ?report sh:result ?res . OPTIONAL { ?res sh:resultSeverity ?severity } } }
} GROUP BY ?this ?doc ?name ?report ?conforms ?severity ORDER BY ?name ?doc"""

PERSON_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_EDUCATION, Q_POSITIONS, Q_WORKS, Q_AUTHORS,
                  Q_DOC_STATUS]
GENERIC_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS]


def is_person(triples: list[dict]) -> bool:
    return any(r.get("p") == ("uri", RDF_TYPE) and r.get("o") in (("uri", SCHEMA + "Person"),
                                                                 ("uri", FOAF + "Person"))
               for r in triples)


def _group_first(rows: list[dict], key: str) -> list[dict]:
    """Merge rows sharing `key` (duplicates from several graphs/names): first value wins."""
    merged: dict = {}
    for r in rows:
        k = r.get(key)
        if k is None:
            continue
        cur = merged.setdefault(k, {})
        for name, v in r.items():
            cur.setdefault(name, v)
    return list(merged.values())


def _triples_table(linker: Linker, triples: list[dict], labels: dict[str, str]) -> str:
    rows = "".join(
        f"<tr><td>{linker.term(r.get('p'))}</td><td>{linker.term(r.get('o'), labels)}</td></tr>\n"
        for r in triples)
    return f'<table class="triples"><thead><tr><th>Property</th><th>Value</th></tr></thead>' \
           f"<tbody>{rows}</tbody></table>"


def _incoming_table(linker: Linker, incoming: list[dict], labels: dict[str, str]) -> str:
    if not incoming:
        return ""
    rows = "".join(
        f"<tr><td>{linker.term(r.get('s'), labels)}</td><td>{linker.term(r.get('p'))}</td></tr>\n"
        for r in incoming)
    return ('<h2>Referenced by</h2><table class="triples"><thead><tr><th>Subject</th>'
            f"<th>Property</th></tr></thead><tbody>{rows}</tbody></table>")


def _labels(rows: list[dict]) -> dict[str, str]:
    out: dict[str, str] = {}
    for r in rows:
        x, label = r.get("x"), r.get("label")
        if x and label and x[0] == "uri":
            out.setdefault(x[1], label[1])
    return out


def generic_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows = results[:3]
    labels = _labels(label_rows)
    name = next((r["o"][1] for r in triples if r.get("p") == ("uri", SCHEMA + "name")), None)
    types = [linker.term(r["o"]) for r in triples if r.get("p") == ("uri", RDF_TYPE)]
    title = name or linker.compact(iri)
    body = [f"<h1>{esc(title)}</h1>",
            f'<p class="iri-line"><code>{esc(iri)}</code></p>']
    if types:
        body.append(f'<p class="types">{" · ".join(types)}</p>')
    body.append(alternates_html(alternates))
    body.append(_triples_table(linker, triples, labels))
    body.append(_incoming_table(linker, incoming, labels))
    return shell(title, "\n".join(body), alternates)


def graph_page(iri: str, rows: list[dict], linker: Linker) -> str:
    body = ["<h1>Named graph</h1>", f'<p class="iri-line"><code>{esc(iri)}</code></p>',
            f'<p class="alternates">Also as: <a href="/graph?graph={esc(quote(iri, safe=""))}'
            f'&amp;format=turtle">Turtle</a> · <a href="/graph?graph={esc(quote(iri, safe=""))}'
            f'&amp;format=nt">N-Triples</a></p>']
    trs = "".join(f"<tr><td>{linker.term(r.get('s'))}</td><td>{linker.term(r.get('p'))}</td>"
                  f"<td>{linker.term(r.get('o'))}</td></tr>\n" for r in rows)
    body.append('<table class="triples"><thead><tr><th>Subject</th><th>Property</th><th>Value</th>'
                f"</tr></thead><tbody>{trs}</tbody></table>")
    if len(rows) >= 2000:
        body.append('<p class="hint">Showing the first 2000 statements.</p>')
    return shell(linker.compact(iri), "\n".join(body))


def person_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows, edu, pos, works, authors, docs = results[:8]
    labels = _labels(label_rows)

    def values(prop: str) -> list:
        seen, out = set(), []
        for r in triples:
            if r.get("p") == ("uri", prop) and r["o"] not in seen:
                seen.add(r["o"])
                out.append(r["o"])
        return out

    names = values(SCHEMA + "name") or values(FOAF + "name")
    name = names[0][1] if names else linker.compact(iri)
    body = [f'<h1 class="person-name">{esc(name)}</h1>',
            f'<p class="iri-line"><code>{esc(iri)}</code></p>']
    other_names = [n[1] for n in names[1:]]
    if other_names:
        body.append(f'<p class="aka">Also written as: {esc(", ".join(other_names))}</p>')
    for prop, label in ((SCHEMA + "description", None), (SCHEMA + "homeLocation", "Location")):
        for v in values(prop):
            body.append(f"<p>{esc(label + ': ') if label else ''}{esc(v[1])}</p>")
    body.append(alternates_html(alternates))

    # Contacts and identifiers
    contact = []
    for v in values(SCHEMA + "email"):
        addr = v[1]
        contact.append(f'<li>Email: <a href="mailto:{esc(quote(addr, safe="@.+-_"))}">{esc(addr)}</a></li>')
    for v in values(SCHEMA + "telephone"):
        contact.append(f"<li>Phone: {esc(v[1])}</li>")
    for v in values(SCHEMA + "url") + values(FOAF + "homepage"):
        if v[0] == "uri":
            contact.append(f"<li>Web: {linker.link(v[1], v[1])}</li>")
    ids = [f"<li>{linker.link(v[1], v[1])}</li>" for v in values(SCHEMA + "sameAs") if v[0] == "uri"]
    if contact:
        body.append("<h2>Contact</h2><ul class=\"contact\">" + "".join(dict.fromkeys(contact)) + "</ul>")
    if ids:
        body.append("<h2>Identifiers and profiles</h2><ul class=\"ids\">" + "".join(ids) + "</ul>")
    topics = [v[1] for v in values(SCHEMA + "knowsAbout") if v[0] == "literal"]
    if topics:
        body.append("<h2>Interests and skills</h2><p>" + esc(", ".join(topics)) + "</p>")

    # Education and positions: one timeline, newest first
    timeline: list[tuple[str, str, str]] = []  # (sort key, kind, html)
    edu = _group_first(edu, "cred")
    if edu:
        items = []
        for r in edu:
            org = r.get("org")
            org_html = linker.link(org[1], _value(r.get("orgName"))) if org else ""
            degree = esc(_value(r.get("name")) or _value(r.get("level")) or "")
            field = _value(r.get("field"))
            period = _period(r.get("start"), r.get("end"))
            items.append(f"<strong>{degree}</strong>{esc(', ' + field) if field else ''}"
                         f"{' — ' + org_html if org_html else ''}")
            timeline.append((_sort_date(r), "education", items[-1], period))

    # Positions
    pos = _group_first(pos, "role")
    if pos:
        items = []
        for r in pos:
            role = r["role"]
            org = r.get("org")
            if org:
                org_html = linker.link(org[1], _value(r.get("orgName")))
            elif role[0] == "uri" and not role[1].startswith(linker.base + "doc/"):
                org_html = linker.link(role[1], labels.get(role[1]))  # worksFor → org directly
            else:
                org_html = ""
            title = _value(r.get("title"))
            period = _period(r.get("start"), r.get("end"))
            items.append(f"{'<strong>' + esc(title) + '</strong>' if title else ''}"
                         f"{' — ' if title and org_html else ''}{org_html}")
            timeline.append((_sort_date(r), "position", items[-1], period))
    if timeline:
        body.append(timeline_html(timeline))

    # Publications grouped by year, with ordered, linked coauthors
    author_map: dict = defaultdict(dict)
    for r in authors:
        work, author = r.get("work"), r.get("author")
        if not work or not author:
            continue
        li = _value(r.get("li")) or ""
        position = 10_000
        if li.startswith(RDF_NS + "_") and li[len(RDF_NS) + 1:].isdigit():
            position = int(li[len(RDF_NS) + 1:])
        cur = author_map[work[1]].get(author)
        label = _value(r.get("name"))
        if cur is None or position < cur[0]:
            author_map[work[1]][author] = (position, label or (cur[1] if cur else None))
    works = _group_first(works, "work")
    pubs = [w for w in works if _value(w.get("patent")) not in ("true", "1")]
    patents = [w for w in works if _value(w.get("patent")) in ("true", "1")]

    def work_item(w) -> str:
        work = w["work"]
        title = _value(w.get("title")) or linker.compact(work[1])
        parts = [f'<span class="title">{linker.link(work[1], title)}</span>']
        auths = sorted(author_map.get(work[1], {}).items(), key=lambda kv: (kv[1][0], kv[1][1] or ""))
        if auths:
            rendered = []
            for author, (_, label) in auths:
                if author == ("uri", iri):
                    rendered.append(f"<strong>{esc(label or name)}</strong>")
                else:
                    rendered.append(linker.link(author[1], label) if author[0] == "uri" else esc(label))
            parts.append(f'<span class="authors">{", ".join(rendered)}</span>')
        venue = w.get("venue")
        if venue:
            parts.append(f'<span class="venue">{linker.link(venue[1], _value(w.get("venueName")))}</span>')
        status = _value(w.get("status"))
        if status and status.lower() not in ("published",):
            parts.append(f'<span class="status">{esc(status)}</span>')
        return "<li>" + ". ".join(parts) + "</li>"

    if pubs:
        by_year: dict[str, list] = defaultdict(list)
        for w in pubs:
            m = _YEAR.match(_value(w.get("date")) or "")
            by_year[m.group(1) if m else "Undated"].append(w)
        years = sorted((y for y in by_year if y != "Undated"), reverse=True)
        if "Undated" in by_year:
            years.append("Undated")
        body.append(f"<h2>Publications ({len(pubs)})</h2>")
        for y in years:
            body.append(f'<h3 class="year">{esc(y)}</h3><ul class="pubs">'
                        + "".join(work_item(w) for w in by_year[y]) + "</ul>")
    if patents:
        body.append(f"<h2>Patents ({len(patents)})</h2><ul class=\"patents\">"
                    + "".join(work_item(w) for w in patents) + "</ul>")

    network = coauthor_svg(iri, name, author_map, linker)
    if network:
        body.append("<h2>Coauthor network</h2>" + network)

    if docs:
        body.append(docs_html(docs, linker))

    body.append("<details><summary>All statements</summary>"
                + _triples_table(linker, triples, labels) + _incoming_table(linker, incoming, labels)
                + "</details>")
    return shell(name, "\n".join(body), alternates)


# --- the query page ---------------------------------------------------------------------------

def example_queries(person: str, org: str, prefixes: dict[str, str]) -> list[dict]:
    def pfx(*names: str) -> str:
        return "".join(f"PREFIX {n}: <{prefixes[n]}>\n" for n in names if n in prefixes)

    return [
        {"title": "People and their names", "query": pfx("schema") + """
SELECT DISTINCT ?person ?name WHERE {
  ?person a schema:Person ;
          schema:name ?name .
}
ORDER BY ?name
LIMIT 500"""},
        {"title": "People with a CV (document subjects)", "query": pfx("schema") + """
SELECT ?doc ?file ?person ?name WHERE {
  ?doc a schema:DigitalDocument ;
       schema:about ?person .
  OPTIONAL { ?doc schema:name ?file }
  OPTIONAL { ?person schema:name ?name }
}
ORDER BY ?file"""},
        {"title": "Coauthors of a person", "query": pfx("schema") + f"""
SELECT ?coauthor ?name (COUNT(DISTINCT ?pub) AS ?papers) WHERE {{
  VALUES ?person {{ <{person}> }}
  ?pub schema:author ?person , ?coauthor .
  FILTER(?coauthor != ?person)
  OPTIONAL {{ ?coauthor schema:name ?name }}
}}
GROUP BY ?coauthor ?name
ORDER BY DESC(?papers) ?name"""},
        {"title": "Everyone who studied at an organization", "query": pfx("schema") + f"""
SELECT DISTINCT ?person ?name ?degree WHERE {{
  VALUES ?org {{ <{org}> }}
  ?person schema:alumniOf ?org ;
          schema:name ?name .
  OPTIONAL {{
    ?person schema:hasCredential ?cred .
    ?cred schema:recognizedBy ?org ;
          schema:name ?degree .
  }}
}}
ORDER BY ?name"""},
        {"title": "Papers per venue and year", "query": pfx("schema") + """
SELECT ?venue ?venueName ?year (COUNT(DISTINCT ?pub) AS ?papers) WHERE {
  ?pub a schema:ScholarlyArticle ;
       schema:isPartOf ?venue .
  OPTIONAL { ?venue schema:name ?venueName }
  OPTIONAL { ?pub schema:datePublished ?date }
  BIND(SUBSTR(STR(?date), 1, 4) AS ?year)
}
GROUP BY ?venue ?venueName ?year
ORDER BY ?venueName ?year"""},
        {"title": "Organizations and their alumni count", "query": pfx("schema") + """
SELECT ?org ?name (COUNT(DISTINCT ?person) AS ?alumni) WHERE {
  ?person schema:alumniOf ?org .
  OPTIONAL { ?org schema:name ?name }
}
GROUP BY ?org ?name
ORDER BY DESC(?alumni)
LIMIT 100"""},
        {"title": "Named graphs and their sizes", "query": """
SELECT ?graph (COUNT(*) AS ?triples) WHERE {
  GRAPH ?graph { ?s ?p ?o }
}
GROUP BY ?graph
ORDER BY DESC(?triples)"""},
        {"title": "A person as RDF (CONSTRUCT)", "query": pfx("schema") + f"""
CONSTRUCT {{ ?person ?p ?o }} WHERE {{
  VALUES ?person {{ <{person}> }}
  ?person ?p ?o .
}}"""},
    ]


def _json_for_script(value) -> str:
    """JSON safe to embed in a <script> element (no '</script>' or '<!--' can appear)."""
    return (json.dumps(value, ensure_ascii=False)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def query_page(examples: list[dict], formats: dict, prefixes: dict[str, str], base: str,
               timeout: float, max_results: int) -> str:
    # next to this module (not importlib.resources: under a stale editable install `endpoint`
    # can resolve as a namespace package, where files() raises and the page would be a 500)
    template = (Path(__file__).resolve().parent / "templates" / "query.html").read_text(encoding="utf-8")
    config = {"examples": examples, "formats": formats, "prefixes": prefixes, "base": base,
              "timeout": timeout, "maxResults": max_results}
    return (template
            .replace("{{CONFIG_JSON}}", _json_for_script(config))
            .replace("{{BASE}}", esc(base))
            .replace("{{TIMEOUT}}", esc(f"{timeout:g}"))
            .replace("{{MAX_RESULTS}}", esc(str(max_results))))


def error_page(status: int, title: str, message: str) -> str:
    return shell(f"{status} {title}", f"<h1>{esc(status)} {esc(title)}</h1><p>{esc(message)}</p>")


# --- shared pieces: timeline, validation status, coauthor network -----------------------------

def _sort_date(r: dict) -> str:
    return _value(r.get("start")) or _value(r.get("end")) or ""


def timeline_html(entries: list[tuple[str, str, str, str]]) -> str:
    """Education and positions on one vertical timeline, newest first; undated last."""
    dated = sorted((e for e in entries if e[0]), key=lambda e: e[0], reverse=True)
    undated = [e for e in entries if not e[0]]
    items = []
    for key, kind, content, period in dated + undated:
        year = _YEAR.match(key)
        items.append(f'<li class="tl-{esc(kind)}"><span class="tl-when">{esc(period or (year.group(1) if year else ""))}'
                     f'</span><span class="tl-kind">{"Education" if kind == "education" else "Position"}</span>'
                     f'<span class="tl-what">{content}</span></li>')
    return '<h2>Education and positions</h2><ol class="timeline">' + "".join(items) + "</ol>"


def validation_summary(rows: list[dict]) -> dict[str, dict]:
    """Rows of Q_DOC_STATUS (one per doc × severity) → {doc: {name, report, conforms, counts}}."""
    out: dict[str, dict] = {}
    for r in rows:
        doc = r.get("doc")
        if not doc:
            continue
        cur = out.setdefault(doc[1], {"name": _value(r.get("name")), "report": r.get("report") is not None,
                                      "conforms": None, "counts": defaultdict(int)})
        if r.get("report") is not None:
            cur["report"] = True
        if r.get("conforms") is not None:
            cur["conforms"] = _value(r["conforms"]) in ("true", "1")
        sev = _value(r.get("severity"))
        n = int(_value(r.get("n")) or 0)
        if sev and n:
            cur["counts"][sev.rsplit("#", 1)[-1]] += n
    return out


def status_html(info: dict) -> str:
    if not info["report"]:
        return '<span class="badge unknown">not validated</span>'
    counts = info["counts"]
    parts = [f"{n} {kind.lower()}{'s' if n != 1 else ''}" for kind, n in sorted(counts.items())]
    if info["conforms"] and not counts.get("Violation"):
        label = "conforms to the SHACL shapes" + (f" ({', '.join(parts)})" if parts else "")
        return f'<span class="badge ok">{esc(label)}</span>'
    return f'<span class="badge bad">{esc("does not conform: " + ", ".join(parts))}</span>'


def docs_html(rows: list[dict], linker: Linker) -> str:
    items = [f"<li>{linker.link(doc, info['name'])} {status_html(info)}</li>"
             for doc, info in validation_summary(rows).items()]
    return '<h2>Source documents</h2><ul class="docs">' + "".join(items) + "</ul>"


def coauthor_svg(iri: str, name: str, author_map: dict, linker: Linker, max_nodes: int = 36) -> str:
    """The person's coauthor network as an inline SVG (drawn here, no script): the person in
    the middle, coauthors on a circle ordered by shared works, a line per shared work count
    (thicker = more), and light lines between coauthors who wrote together."""
    import math

    shared: dict = defaultdict(int)
    labels: dict = {}
    works_of: dict = defaultdict(set)
    for work, authors in author_map.items():
        people = [a for a in authors if a[0] == "uri"]
        if ("uri", iri) not in people:
            continue
        for a in people:
            if a != ("uri", iri):
                shared[a] += 1
                works_of[a].add(work)
                if authors[a][1]:
                    labels.setdefault(a, authors[a][1])
    if not shared:
        return ""
    nodes = sorted(shared, key=lambda a: (-shared[a], labels.get(a) or a[1]))[:max_nodes]
    size, cx, cy = 700, 350, 350
    radius = 200 if len(nodes) > 8 else 150
    pos, angles = {}, {}
    for i, a in enumerate(nodes):
        angle = 2 * math.pi * (i + 0.5) / len(nodes) - math.pi / 2
        angles[a] = angle
        pos[a] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    lines = []
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            if works_of[a] & works_of[b]:
                (x1, y1), (x2, y2) = pos[a], pos[b]
                lines.append(f'<line class="co" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    for a in nodes:
        x, y = pos[a]
        lines.append(f'<line class="ego" x1="{cx}" y1="{cy}" x2="{x:.1f}" y2="{y:.1f}" '
                     f'stroke-width="{min(1 + shared[a], 8)}"/>')
    circles = []
    for a in nodes:
        x, y = pos[a]
        label = labels.get(a) or linker.compact(a[1])
        n = shared[a]
        # labels run outwards along the radius, so neighbours never overlap
        deg = math.degrees(angles[a])
        right = x >= cx
        rot = deg if right else deg + 180
        gap = 11 + min(n, 6)
        tx, ty = x + gap * math.cos(angles[a]), y + gap * math.sin(angles[a])
        inner = (f'<title>{esc(label)}: {n} shared work{"s" if n != 1 else ""}</title>'
                 f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{5 + min(n, 6)}"/>'
                 f'<text x="{tx:.1f}" y="{ty:.1f}" dy="4" text-anchor="{"start" if right else "end"}" '
                 f'transform="rotate({rot:.1f} {tx:.1f} {ty:.1f})">{esc(label)}</text>')
        href = linker.href(a[1])
        if href:
            circles.append(f'<a class="node" href="{esc(href)}">{inner}</a>')
        else:
            circles.append(f'<g class="node">{inner}</g>')
    centre = (f'<g class="node self"><title>{esc(name)}</title><circle cx="{cx}" cy="{cy}" r="14"/>'
              f'<text x="{cx}" y="{cy + 32}" text-anchor="middle">{esc(name)}</text></g>')
    more = len(shared) - len(nodes)
    caption = (f"{len(shared)} coauthor{'s' if len(shared) != 1 else ''}"
               + (f"; the {len(nodes)} with the most shared works are drawn" if more > 0 else ""))
    return (f'<figure class="network"><svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 0 {size + 120} {size}" '
            f'role="img" aria-label="Coauthor network of {esc(name)}" class="coauthors">'
            + "".join(lines) + "".join(circles) + centre +
            f'</svg><figcaption>{esc(caption)}</figcaption></figure>')


# --- organization, venue, publication and document pages ----------------------------------------

Q_ORG_PEOPLE = """SELECT DISTINCT ?this ?person ?name ?relation ?detail ?start ?end WHERE {
  {
    ?person schema:hasCredential ?c . ?c schema:recognizedBy ?this . BIND("studied" AS ?relation)
    OPTIONAL { ?c schema:name ?detail } OPTIONAL { ?c schema:startDate ?start } OPTIONAL { ?c schema:endDate ?end }
  } UNION {
    ?person schema:alumniOf ?this . BIND("studied" AS ?relation)
    FILTER NOT EXISTS { ?person schema:hasCredential ?c2 . ?c2 schema:recognizedBy ?this }
  } UNION {
    ?person schema:worksFor ?role . ?role schema:worksFor ?this . BIND("worked" AS ?relation)
    OPTIONAL { ?role schema:roleName ?detail } OPTIONAL { ?role schema:startDate ?start }
    OPTIONAL { ?role schema:endDate ?end }
  } UNION {
    ?person schema:worksFor ?role . ?role cvg:unit ?unit . ?unit schema:parentOrganization ?this .
    BIND("worked" AS ?relation)
    OPTIONAL { ?role schema:roleName ?detail } OPTIONAL { ?role schema:startDate ?start }
    OPTIONAL { ?role schema:endDate ?end }
  } UNION {
    ?person schema:affiliation ?this . BIND("affiliated" AS ?relation)
  }
  ?person a schema:Person .
  OPTIONAL { ?person schema:name ?name }
} ORDER BY ?relation ?name DESC(STR(?start))"""
Q_ORG_UNITS = """SELECT DISTINCT ?this ?x ?label WHERE {
  { ?x schema:parentOrganization ?this } UNION { ?this schema:parentOrganization ?x }
  OPTIONAL { ?x schema:name ?label } } ORDER BY ?label"""

Q_VENUE_PAPERS = """SELECT ?this ?work ?title ?date ?status WHERE {
  ?work schema:isPartOf ?this .
  OPTIONAL { ?work schema:name ?title } OPTIONAL { ?work schema:datePublished ?date }
  OPTIONAL { ?work schema:creativeWorkStatus ?status }
} ORDER BY DESC(STR(?date)) ?title"""
Q_VENUE_AUTHORS = """SELECT DISTINCT ?this ?work ?author ?name ?li WHERE {
  ?work schema:isPartOf ?this ; schema:author ?author .
  OPTIONAL { ?author schema:name ?name }
  OPTIONAL { ?work bibo:authorList ?seq . ?seq ?li ?author }
}"""

Q_PUB_AUTHORS = """SELECT DISTINCT ?this ?author ?name ?li ?written WHERE {
  ?this schema:author ?author .
  OPTIONAL { ?author schema:name ?name }
  OPTIONAL { ?this bibo:authorList ?seq . ?seq ?li ?author }
  OPTIONAL { ?a cvg:authorshipOf ?this ; cvg:agent ?author ; cvg:nameAsWritten ?written }
}"""
Q_PUB_DOCS = """PREFIX sh: <http://www.w3.org/ns/shacl#>
SELECT ?this ?doc ?name ?report ?conforms ?severity (COUNT(DISTINCT ?res) AS ?n) WHERE {
  ?this prov:wasDerivedFrom ?doc .
  OPTIONAL { ?doc schema:name ?name }
  OPTIONAL { ?report a sh:ValidationReport ; cvg:validates ?doc .
             OPTIONAL { ?report sh:conforms ?conforms }
             OPTIONAL { ?report sh:result ?res . OPTIONAL { ?res sh:resultSeverity ?severity } } }
} GROUP BY ?this ?doc ?name ?report ?conforms ?severity ORDER BY ?name ?doc"""

Q_DOC_REPORT = """PREFIX sh: <http://www.w3.org/ns/shacl#>
SELECT ?this ?report ?conforms ?res ?severity ?focus ?path ?value ?message WHERE {
  ?report a sh:ValidationReport ; cvg:validates ?this .
  OPTIONAL { ?report sh:conforms ?conforms }
  OPTIONAL { ?report sh:result ?res .
             OPTIONAL { ?res sh:resultSeverity ?severity } OPTIONAL { ?res sh:focusNode ?focus }
             OPTIONAL { ?res sh:resultPath ?path } OPTIONAL { ?res sh:value ?value }
             OPTIONAL { ?res sh:resultMessage ?message } }
} ORDER BY ?severity ?focus"""

ORG_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_ORG_PEOPLE, Q_ORG_UNITS]
VENUE_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_VENUE_PAPERS, Q_VENUE_AUTHORS]
PUB_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_PUB_AUTHORS, Q_PUB_DOCS]
DOC_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_DOC_REPORT]


def queries_for(kind: str) -> list[str]:
    return {"person": PERSON_QUERIES, "org": ORG_QUERIES, "venue": VENUE_QUERIES,
            "pub": PUB_QUERIES, "patent": PUB_QUERIES, "doc": DOC_QUERIES}.get(kind, GENERIC_QUERIES)


def _header(iri: str, triples: list[dict], linker: Linker, alternates) -> tuple[str, list[str]]:
    names = [r["o"][1] for r in triples if r.get("p") == ("uri", SCHEMA + "name")]
    title = names[0] if names else linker.compact(iri)
    types = list(dict.fromkeys(linker.term(r["o"]) for r in triples if r.get("p") == ("uri", RDF_TYPE)))
    body = [f"<h1>{esc(title)}</h1>", f'<p class="iri-line"><code>{esc(iri)}</code></p>']
    other = [n for n in dict.fromkeys(names[1:])]
    alt = [r["o"][1] for r in triples if r.get("p") == ("uri", SCHEMA + "alternateName")]
    if other or alt:
        body.append(f'<p class="aka">Also known as: {esc(", ".join(dict.fromkeys(other + alt)))}</p>')
    if types:
        body.append(f'<p class="types">{" · ".join(types)}</p>')
    body.append(alternates_html(alternates))
    return title, body


def _links_list(triples: list[dict], linker: Linker, props: tuple[str, ...], heading: str) -> str:
    links = list(dict.fromkeys(r["o"][1] for r in triples
                               if r.get("p") in {("uri", p) for p in props} and r["o"][0] == "uri"))
    if not links:
        return ""
    return f"<h2>{esc(heading)}</h2><ul class=\"ids\">" + "".join(
        f"<li>{linker.link(u, u)}</li>" for u in links) + "</ul>"


def _all_statements(linker, triples, incoming, labels) -> str:
    return ("<details><summary>All statements</summary>" + _triples_table(linker, triples, labels)
            + _incoming_table(linker, incoming, labels) + "</details>")


def org_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows, people, units = results
    labels = _labels(label_rows)
    title, body = _header(iri, triples, linker, alternates)
    for prop, label in ((SCHEMA + "location", "Location"), (SCHEMA + "addressCountry", "Country")):
        for r in triples:
            if r.get("p") == ("uri", prop):
                body.append(f"<p>{esc(label)}: {linker.term(r['o'], labels)}</p>")
    body.append(_links_list(triples, linker, (SCHEMA + "sameAs", SCHEMA + "url"), "Identifiers and links"))
    sections = {"studied": "People who studied here", "worked": "People who worked here",
                "affiliated": "Affiliated people"}
    for relation, heading in sections.items():
        rows = [r for r in people if _value(r.get("relation")) == relation]
        if not rows:
            continue
        by_person: dict = {}
        for r in rows:
            entry = by_person.setdefault(r["person"], {"name": _value(r.get("name")), "details": []})
            detail = _value(r.get("detail"))
            period = _period(r.get("start"), r.get("end"))
            text = ", ".join(x for x in (detail, period) if x)
            if text and text not in entry["details"]:
                entry["details"].append(text)
        items = []
        for person, entry in sorted(by_person.items(), key=lambda kv: (kv[1]["name"] or kv[0][1])):
            details = f' <span class="period">— {esc("; ".join(entry["details"]))}</span>' if entry["details"] else ""
            items.append(f"<li>{linker.link(person[1], entry['name'])}{details}</li>")
        body.append(f"<h2>{esc(heading)} ({len(by_person)})</h2><ul class=\"people\">" + "".join(items) + "</ul>")
    if units:
        body.append("<h2>Related units</h2><ul>" + "".join(
            f"<li>{linker.link(r['x'][1], _value(r.get('label')))}</li>"
            for r in _group_first(units, "x") if r["x"][0] == "uri") + "</ul>")
    body.append(_all_statements(linker, triples, incoming, labels))
    return shell(title, "\n".join(body), alternates)


def _ordered_authors(rows: list[dict]) -> dict:
    """rows with ?work ?author ?name ?li → {work: {author: (position, name)}}."""
    out: dict = defaultdict(dict)
    for r in rows:
        work, author = r.get("work"), r.get("author")
        if not work or not author:
            continue
        li = _value(r.get("li")) or ""
        position = int(li[len(RDF_NS) + 1:]) if li.startswith(RDF_NS + "_") and li[len(RDF_NS) + 1:].isdigit() else 10_000
        cur = out[work[1]].get(author)
        if cur is None or position < cur[0]:
            out[work[1]][author] = (position, _value(r.get("name")) or (cur[1] if cur else None))
    return out


def venue_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows, papers, author_rows = results
    labels = _labels(label_rows)
    title, body = _header(iri, triples, linker, alternates)
    body.append(_links_list(triples, linker, (SCHEMA + "sameAs", SCHEMA + "url"), "Identifiers and links"))
    authors = _ordered_authors(author_rows)
    papers = _group_first(papers, "work")
    by_year: dict[str, list] = defaultdict(list)
    for w in papers:
        m = _YEAR.match(_value(w.get("date")) or "")
        by_year[m.group(1) if m else "Undated"].append(w)
    years = sorted((y for y in by_year if y != "Undated"), reverse=True) + (["Undated"] if "Undated" in by_year else [])
    if papers:
        body.append(f"<h2>Papers ({len(papers)})</h2>")
    for y in years:
        items = []
        for w in by_year[y]:
            work = w["work"][1]
            names = [linker.link(a[1], label) if a[0] == "uri" else esc(label)
                     for a, (_, label) in sorted(authors.get(work, {}).items(), key=lambda kv: kv[1][0])]
            items.append(f'<li><span class="title">{linker.link(work, _value(w.get("title")))}</span>'
                         + (f'. <span class="authors">{", ".join(names)}</span>' if names else "") + "</li>")
        body.append(f'<h3 class="year">{esc(y)}</h3><ul class="pubs">' + "".join(items) + "</ul>")
    body.append(_all_statements(linker, triples, incoming, labels))
    return shell(title, "\n".join(body), alternates)


def pub_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows, author_rows, docs = results
    labels = _labels(label_rows)
    title, body = _header(iri, triples, linker, alternates)

    def one(prop):
        return next((r["o"] for r in triples if r.get("p") == ("uri", prop)), None)

    facts = []
    date = one(SCHEMA + "datePublished") or one(SCHEMA + "dateCreated")
    if date:
        facts.append(f"<dt>Year</dt><dd>{esc(date[1])}</dd>")
    venue = one(SCHEMA + "isPartOf")
    if venue:
        facts.append(f"<dt>Venue</dt><dd class=\"venue\">{linker.term(venue, labels)}</dd>")
    written = one("https://w3id.org/cvgraph/ns#venueAsWritten")
    if written and not venue:
        facts.append(f"<dt>Venue (as written)</dt><dd>{esc(written[1])}</dd>")
    status = one(SCHEMA + "creativeWorkStatus")
    if status:
        facts.append(f"<dt>Status</dt><dd>{esc(status[1])}</dd>")
    ident = one(SCHEMA + "identifier")
    if ident and ident[0] == "literal":
        facts.append(f"<dt>Identifier</dt><dd>{esc(ident[1])}</dd>")
    by_author: dict = {}
    for r in author_rows:
        a = r.get("author")
        if not a:
            continue
        li = _value(r.get("li")) or ""
        position = int(li[len(RDF_NS) + 1:]) if li.startswith(RDF_NS + "_") and li[len(RDF_NS) + 1:].isdigit() else 10_000
        cur = by_author.get(a)
        name = _value(r.get("name")) or _value(r.get("written"))
        if cur is None or position < cur[0]:
            by_author[a] = (position, name or (cur[1] if cur else None))
    if by_author:
        items = [f"<li>{linker.link(a[1], label) if a[0] == 'uri' else esc(label)}</li>"
                 for a, (_, label) in sorted(by_author.items(), key=lambda kv: (kv[1][0], kv[1][1] or ""))]
        facts.insert(0, f'<dt>Authors</dt><dd><ol class="authors">{"".join(items)}</ol></dd>')
    if facts:
        body.append('<dl class="facts">' + "".join(facts) + "</dl>")
    body.append(_links_list(triples, linker, (SCHEMA + "sameAs", SCHEMA + "url"), "Links (sameAs)"))
    if docs:
        body.append(docs_html(docs, linker).replace("<h2>Source documents</h2>", "<h2>Listed in</h2>"))
    body.append(_all_statements(linker, triples, incoming, labels))
    return shell(title, "\n".join(body), alternates)


def doc_page(iri: str, results: list, linker: Linker, alternates) -> str:
    triples, incoming, label_rows, report_rows = results
    labels = _labels(label_rows)
    title, body = _header(iri, triples, linker, alternates)
    about = [r["o"] for r in triples if r.get("p") == ("uri", SCHEMA + "about")]
    if about:
        body.append("<p>About: " + ", ".join(linker.term(a, labels) for a in about) + "</p>")
    info = {"name": title, "report": bool(report_rows), "conforms": None, "counts": defaultdict(int)}
    results_html = []
    for r in report_rows:
        if r.get("conforms") is not None:
            info["conforms"] = _value(r["conforms"]) in ("true", "1")
        if r.get("res") is not None:
            sev = (_value(r.get("severity")) or "").rsplit("#", 1)[-1] or "Result"
            info["counts"][sev] += 1
            results_html.append(
                f"<tr><td>{esc(sev)}</td><td>{linker.term(r.get('focus'), labels)}</td>"
                f"<td>{linker.term(r.get('path'))}</td><td>{linker.term(r.get('value'))}</td>"
                f"<td>{esc(_value(r.get('message')) or '')}</td></tr>")
    body.append(f"<h2>Validation</h2><p>{status_html(info)}</p>")
    if results_html:
        body.append('<table class="triples"><thead><tr><th>Severity</th><th>Node</th><th>Path</th>'
                    '<th>Value</th><th>Message</th></tr></thead><tbody>' + "".join(results_html) + "</tbody></table>")
    body.append(_triples_table(linker, triples, labels))
    body.append(_incoming_table(linker, incoming, labels))
    return shell(title, "\n".join(body), alternates)


def render(kind: str, iri: str, results: list, linker: Linker, alternates) -> str:
    """The HTML page of a resource, by the kind of its IRI (person/org/venue/pub/patent/doc)."""
    if kind == "person" and is_person(results[0]):
        return person_page(iri, results, linker, alternates)
    if kind == "org":
        return org_page(iri, results, linker, alternates)
    if kind == "venue":
        return venue_page(iri, results, linker, alternates)
    if kind in ("pub", "patent"):
        return pub_page(iri, results, linker, alternates)
    if kind == "doc" and len(results) == 4:
        return doc_page(iri, results, linker, alternates)
    return generic_page(iri, results[:3], linker, alternates)


# --- search -----------------------------------------------------------------------------------

Q_SEARCH_INDEX = """SELECT DISTINCT ?s ?label ?type ?primary WHERE {
  { ?s schema:name ?label BIND(true AS ?primary) } UNION { ?s schema:alternateName ?label }
  ?s a ?type .
  VALUES ?type { schema:Person schema:Organization schema:ScholarlyArticle schema:CreativeWork
                 cvg:Venue schema:CreativeWorkSeries bibo:Patent schema:Thesis }
  FILTER(isIRI(?s))
}"""
SEARCH_KINDS = [("person", "People"), ("org", "Organizations"), ("pub", "Publications"),
                ("venue", "Venues"), ("patent", "Patents"), ("other", "Other")]
_KIND_OF_TYPE = {SCHEMA + "Person": "person", SCHEMA + "Organization": "org",
                 SCHEMA + "ScholarlyArticle": "pub", SCHEMA + "CreativeWork": "pub",
                 SCHEMA + "Thesis": "pub", "https://w3id.org/cvgraph/ns#Venue": "venue",
                 SCHEMA + "CreativeWorkSeries": "venue", "http://purl.org/ontology/bibo/Patent": "patent"}
_KIND_RANK = {"person": 0, "org": 1, "venue": 2, "patent": 3, "pub": 4, "other": 5}


def search_index(rows: list[dict]) -> list[tuple[str, str, str, str]]:
    """Rows of Q_SEARCH_INDEX → (folded label, display name, iri, kind): one entry per label
    (names and alternate names are all searched), shown by the resource's schema:name."""
    from cvgraph.iris import fold

    kinds: dict[str, str] = {}
    labels: dict[str, set] = defaultdict(set)
    names: dict[str, str] = {}
    for r in rows:
        s, label, t = r.get("s"), r.get("label"), r.get("type")
        if not s or not label:
            continue
        if r.get("primary") is not None:
            names[s[1]] = min(names.get(s[1], label[1]), label[1])
        kind = _KIND_OF_TYPE.get(t[1] if t else "", "other")
        if s[1] not in kinds or _KIND_RANK[kind] < _KIND_RANK[kinds[s[1]]]:
            kinds[s[1]] = kind
        labels[s[1]].add(label[1])
    return [(fold(label), names.get(iri, label), iri, kinds[iri])
            for iri, ls in labels.items() for label in sorted(ls)]


def search(index: list[tuple[str, str, str, str]], q: str, limit: int = 60,
           cutoff: float = 80.0) -> list[tuple[str, str, str, float]]:
    """Fuzzy search with rapidfuzz over ASCII-folded, lower-cased labels (the linker's fold):
    WRatio (which weighs whole-string, partial and token-order-free similarity), an exact
    substring ranking first. Returns (iri, label, kind, score), best first, one per IRI."""
    from rapidfuzz import fuzz, process

    from cvgraph.iris import fold

    fq = " ".join(fold(q).split())
    if not fq:
        return []
    choices = [e[0] for e in index]
    best: dict[str, tuple[str, str, str, float]] = {}
    for _, score, i in process.extract(fq, choices, scorer=fuzz.WRatio, limit=None, score_cutoff=cutoff):
        folded, label, iri, kind = index[i]
        if fq in folded:
            score = 100.0 + len(fq) / max(len(folded), 1)  # exact substring: first, tighter first
        if iri not in best or score > best[iri][3]:
            best[iri] = (iri, label, kind, score)
    ranked = sorted(best.values(), key=lambda r: (-r[3], _KIND_RANK[r[2]], r[1]))
    return ranked[:limit]


def search_page(q: str, hits: list[tuple[str, str, str, float]], linker: Linker, total: int) -> str:
    body = ["<h1>Search</h1>"]
    if not q.strip():
        body.append('<p class="hint">Type a name, a title or an organization in the search box. '
                    'Matching is fuzzy: accents, case, word order and small typos do not matter.</p>')
        return shell("Search", "\n".join(body), search_value=q)
    body.append(f'<p class="hint">{len(hits)} result{"s" if len(hits) != 1 else ""} for '
                f'<strong>{esc(q)}</strong> among {total} labelled resources.</p>')
    for kind, heading in SEARCH_KINDS:
        group = [h for h in hits if h[2] == kind]
        if not group:
            continue
        body.append(f'<h2>{esc(heading)}</h2><ul class="search-results" data-kind="{esc(kind)}">' + "".join(
            f'<li>{linker.link(iri, label)} <span class="score">{min(score, 100):.0f}</span></li>'
            for iri, label, _, score in group) + "</ul>")
    if not hits:
        body.append("<p>No matches.</p>")
    return shell(f"Search: {q}", "\n".join(body), search_value=q)
