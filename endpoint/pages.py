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
from importlib import resources
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
          head_extra: str = "") -> str:
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
<a href="/docs">API docs</a> <a href="/health">Health</a></nav></header>
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

PERSON_QUERIES = [Q_TRIPLES, Q_INCOMING, Q_LABELS, Q_EDUCATION, Q_POSITIONS, Q_WORKS, Q_AUTHORS, Q_DOCS]
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
    triples, incoming, label_rows, edu, pos, works, authors, docs = results
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

    # Education
    edu = _group_first(edu, "cred")
    if edu:
        items = []
        for r in edu:
            org = r.get("org")
            org_html = linker.link(org[1], _value(r.get("orgName"))) if org else ""
            degree = esc(_value(r.get("name")) or _value(r.get("level")) or "")
            field = _value(r.get("field"))
            period = _period(r.get("start"), r.get("end"))
            items.append(f"<li><strong>{degree}</strong>{esc(', ' + field) if field else ''}"
                         f"{' — ' + org_html if org_html else ''}"
                         f"{' <span class=period>(' + esc(period) + ')</span>' if period else ''}</li>")
        body.append("<h2>Education</h2><ul class=\"education\">" + "".join(items) + "</ul>")

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
            items.append(f"<li>{'<strong>' + esc(title) + '</strong>' if title else ''}"
                         f"{' — ' if title and org_html else ''}{org_html}"
                         f"{' <span class=period>(' + esc(period) + ')</span>' if period else ''}</li>")
        body.append("<h2>Positions</h2><ul class=\"positions\">" + "".join(items) + "</ul>")

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

    docs = _group_first(docs, "doc")
    if docs:
        body.append("<h2>Source documents</h2><ul class=\"docs\">" + "".join(
            f"<li>{linker.link(d['doc'][1], _value(d.get('name')))}</li>" for d in docs) + "</ul>")

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
    template = resources.files("endpoint").joinpath("templates/query.html").read_text(encoding="utf-8")
    config = {"examples": examples, "formats": formats, "prefixes": prefixes, "base": base,
              "timeout": timeout, "maxResults": max_results}
    return (template
            .replace("{{CONFIG_JSON}}", _json_for_script(config))
            .replace("{{BASE}}", esc(base))
            .replace("{{TIMEOUT}}", esc(f"{timeout:g}"))
            .replace("{{MAX_RESULTS}}", esc(str(max_results))))


def error_page(status: int, title: str, message: str) -> str:
    return shell(f"{status} {title}", f"<h1>{esc(status)} {esc(title)}</h1><p>{esc(message)}</p>")
