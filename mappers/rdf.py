"""The map stage: a CVRecord → RDF in the document's own named graph.

Emits the core vocabulary contract (design/core-vocabulary.md) exactly, plus cvgraph's
own terms (ontology/cvgraph.ttl) for what the contract leaves open. Entity IRIs minted
here are *provisional* (name-based); the link stage rewrites them to canonical IRIs.
Document-scoped nodes (credentials, roles, author lists, authorships) live under the
document IRI so two documents never write into each other's nodes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import XSD

from cvgraph.config import Settings
from cvgraph.identifiers import classify_profile, normalise_doi
from cvgraph.iris import mint as _mint_uncached
from cvgraph.iris import slugify, web_iri
from cvgraph.record import CVRecord, Education, Position, Publication
from cvgraph import vocab


class _Terms:
    """A namespace whose terms are built once: rdflib makes a new URIRef on every attribute
    access, which was a visible share of the mapping time (~900 triples per CV)."""

    def __init__(self, namespace):
        self._namespace = namespace
        self._cache: dict[str, URIRef] = {}

    def __getitem__(self, name: str) -> URIRef:
        term = self._cache.get(name)
        if term is None:
            term = self._cache[name] = self._namespace[name]
        return term

    def __getattr__(self, name: str) -> URIRef:
        # Called only for a name not yet looked up: keep the term as an instance attribute so
        # later uses are plain attribute reads.
        if name.startswith("__"):
            raise AttributeError(name)
        term = self[name]
        setattr(self, name, term)
        return term


BIBO, CVG, FOAF, PROV, RDF, SCHEMA = (_Terms(ns) for ns in (vocab.BIBO, vocab.CVG, vocab.FOAF, vocab.PROV,
                                                          vocab.RDF, vocab.SCHEMA))

# Literals repeat (names, levels, statuses); build each once. typed=True keeps True ≠ 1.
_literal = lru_cache(maxsize=1 << 16, typed=True)(Literal)
# Entity IRIs repeat too (coauthors, institutions, venues): ASCII-folding a name into a slug
# is a pure function, computed once per (base, kind, name).
mint = lru_cache(maxsize=1 << 16)(_mint_uncached)


@lru_cache(maxsize=1 << 16)
def _entity(base: str, kind: str, name: str) -> URIRef:
    """The entity's IRI as a term, built once: URIRef checks every character of its text, and
    the same coauthors, institutions and venues come back (in one CV and across CVs)."""
    return URIRef(mint(base, kind, name))

_YEAR = re.compile(r"^\d{4}$")
_YEAR_MONTH = re.compile(r"^\d{4}-\d{2}$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

_UNIVERSITY_WORDS = re.compile(
    r"\b(universit|college|institute of technology|école|ecole|polytechnic|school of)", re.I
)
_CORPORATION_WORDS = re.compile(
    r"\b(inc|corp|corporation|ltd|llc|gmbh|co\.|company|google|microsoft|meta|amazon|alibaba|"
    r"bytedance|huawei|intel|nvidia|ibm|apple|linkedin|adobe|dell|facebook|tencent|baidu)\b", re.I
)


@dataclass(frozen=True)
class SourceInfo:
    """What the map stage needs to know about the source document (plain data)."""

    name: str
    sha256: str
    media_type: str
    iri: str


def date_literal(value: str | None) -> Literal | None:
    """Partial ISO date → xsd:gYear / xsd:gYearMonth / xsd:date literal."""
    if not value:
        return None
    if _YEAR.match(value):
        return _literal(value, datatype=XSD.gYear)
    if _YEAR_MONTH.match(value):
        return _literal(value, datatype=XSD.gYearMonth)
    if _DATE.match(value):
        return _literal(value, datatype=XSD.date)
    return None


def organization_class(name: str) -> URIRef:
    if _UNIVERSITY_WORDS.search(name):
        return SCHEMA.CollegeOrUniversity
    if _CORPORATION_WORDS.search(name):
        return SCHEMA.Corporation
    return SCHEMA.Organization


class _Mapper:
    def __init__(self, record: CVRecord, source: SourceInfo, settings: Settings):
        self.r = record
        self.src = source
        self.base = settings.base
        self.doc = URIRef(source.iri)
        # Triples are collected in an insertion-ordered dict (a set that keeps order) rather than
        # an rdflib Graph: indexing every add is most of the mapping cost, and the build only
        # needs N-Triples text. `graph()` builds the rdflib Graph when a caller wants one.
        self.triples: dict[tuple, None] = {}
        self.pub_iris: set[str] = set()         # publication IRIs minted for this CV
        # A CV that never names its subject still has one: a person scoped to this document.
        self.subject = (self.person_iri(record.person.name) if record.person.name
                        else _entity(self.base, "person", "unnamed " + source.iri.rsplit("/", 1)[-1]))

    # --- minting -------------------------------------------------------------------------
    def person_iri(self, name: str) -> URIRef:
        return _entity(self.base, "person", name)

    def local(self, *parts: str) -> URIRef:
        return URIRef(self.src.iri + "/" + "/".join(parts))

    def add(self, s, p, o) -> None:
        """Add a triple unless the value is missing (None or an empty literal)."""
        t = type(o)   # (the type tests before isinstance only skip rdflib's slow ABC check)
        if t is not URIRef and (o is None or (t is Literal or isinstance(o, Literal)) and not len(o)):
            return
        self.triples[(s, p, o)] = None

    def provenance(self, node: URIRef, line: int | None) -> None:
        self.add(node, PROV.wasDerivedFrom, self.doc)
        if line:
            self.add(node, CVG.sourceLine, _literal(line))

    def person(self, name: str) -> URIRef:
        iri = self.person_iri(name)
        self.add(iri, RDF.type, SCHEMA.Person)
        self.add(iri, RDF.type, FOAF.Person)
        self.add(iri, SCHEMA.name, _literal(name))
        self.add(iri, FOAF.name, _literal(name))
        return iri

    def organization(self, name: str) -> URIRef:
        iri = _entity(self.base, "org", name)
        self.add(iri, RDF.type, SCHEMA.Organization)
        cls = organization_class(name)
        if cls != SCHEMA.Organization:
            self.add(iri, RDF.type, cls)
        self.add(iri, SCHEMA.name, _literal(name))
        return iri

    def unit(self, parent: URIRef, parent_name: str, unit: str) -> URIRef:
        iri = _entity(self.base, "org", f"{parent_name} {unit}")
        self.add(iri, RDF.type, SCHEMA.Organization)
        self.add(iri, SCHEMA.name, _literal(unit))
        self.add(iri, SCHEMA.parentOrganization, parent)
        self.add(parent, SCHEMA.subOrganization, iri)
        return iri

    def venue(self, pub: Publication) -> URIRef | None:
        if not (pub.venue_acronym or pub.venue):
            return None
        key = pub.venue_acronym or pub.venue
        iri = _entity(self.base, "venue", key)
        self.add(iri, RDF.type, SCHEMA.CreativeWorkSeries)
        self.add(iri, RDF.type, CVG.Venue)
        if pub.venue_acronym:
            self.add(iri, SCHEMA.alternateName, _literal(pub.venue_acronym))
        name = pub.venue if pub.venue and pub.venue != pub.venue_acronym else pub.venue_acronym
        self.add(iri, SCHEMA.name, _literal(name))
        return iri

    # --- sections ------------------------------------------------------------------------
    def run(self) -> "_Mapper":
        self.document()
        self.person_node()
        for i, edu in enumerate(self.r.education, 1):
            self.education(i, edu)
        for i, pos in enumerate(self.r.positions, 1):
            self.position(i, pos)
        for i, pub in enumerate(self.r.publications, 1):
            self.publication(i, pub)
        self.patents()
        self.teaching()
        self.service()
        self.talks()
        return self

    def document(self) -> None:
        d = self.doc
        self.add(d, RDF.type, SCHEMA.DigitalDocument)
        self.add(d, RDF.type, PROV.Entity)
        self.add(d, SCHEMA.name, _literal(self.src.name))
        self.add(d, SCHEMA.about, self.subject)
        self.add(d, SCHEMA.sha256, _literal(self.src.sha256))
        self.add(d, SCHEMA.encodingFormat, _literal(self.src.media_type))
        self.add(d, CVG.sourceFormat, _literal(self.r.format))
        for kind, n in sorted(self.r.report.counts.items()):
            count = self.local("count", kind)
            self.add(d, CVG.extractedCount, count)
            self.add(count, CVG.factKind, _literal(kind))
            self.add(count, CVG["count"], _literal(n))
        for msg in self.r.report.skipped:
            self.add(d, CVG.skipped, _literal(msg))
        for msg in self.r.report.warnings:
            self.add(d, CVG.extractionWarning, _literal(msg))

    def person_node(self) -> None:
        rec = self.r.person
        if rec.name:
            p = self.person(rec.name)
        else:
            p = self.subject
            self.add(p, RDF.type, SCHEMA.Person)
            self.add(p, RDF.type, FOAF.Person)
        self.provenance(p, rec.line)
        for email in rec.emails:
            self.add(p, SCHEMA.email, _literal(email))
            self.add(p, FOAF.mbox, _web("mailto:" + email))
        for phone in rec.phones:
            self.add(p, SCHEMA.telephone, _literal(phone))
        if rec.homepage:
            self.add(p, SCHEMA.url, _web(rec.homepage))
            self.add(p, FOAF.homepage, _web(rec.homepage))
        for url in rec.profiles:
            profile = classify_profile(url)
            iri = _web(profile.iri) if profile is not None else None
            if iri is None:
                continue
            self.add(p, SCHEMA.sameAs, iri)
            ident = self.local("identifier", slugify(profile.scheme + "-" + profile.value))
            self.add(p, SCHEMA.identifier, ident)
            self.add(ident, RDF.type, SCHEMA.PropertyValue)
            self.add(ident, SCHEMA.propertyID, _literal(profile.scheme))
            self.add(ident, SCHEMA.value, _literal(profile.value))
            self.add(ident, SCHEMA.url, iri)
        if rec.location:
            self.add(p, SCHEMA.homeLocation, _literal(rec.location))
        if rec.summary:
            self.add(p, SCHEMA.description, _literal(rec.summary))
        for topic in rec.interests:
            self.add(p, SCHEMA.knowsAbout, _literal(topic))
            self.add(p, CVG.researchInterest, _literal(topic))
        for skill in self.r.skills:
            self.add(p, SCHEMA.knowsAbout, _literal(skill))
        for lang in self.r.languages:
            self.add(p, SCHEMA.knowsLanguage, _literal(lang))
        for award in self.r.awards:
            text = award.name if not award.year or award.year in award.name else f"{award.name} ({award.year})"
            self.add(p, SCHEMA.award, _literal(text))

    def period(self, node: URIRef, item) -> None:
        self.add(node, SCHEMA.startDate, date_literal(item.start))
        if not item.current:
            self.add(node, SCHEMA.endDate, date_literal(item.end))

    def education(self, i: int, edu: Education) -> None:
        org = self.organization(edu.institution)
        cred = self.local("credential", str(i))
        self.add(self.subject, SCHEMA.alumniOf, org)
        self.add(self.subject, SCHEMA.hasCredential, cred)
        self.add(cred, RDF.type, SCHEMA.EducationalOccupationalCredential)
        self.add(cred, SCHEMA.recognizedBy, org)
        self.add(cred, SCHEMA.educationalLevel, _literal(edu.level))
        self.add(cred, SCHEMA.name, _literal(edu.degree or f"Studies at {edu.institution}"))
        self.add(cred, CVG.fieldOfStudy, _literal(edu.field) if edu.field else None)
        self.add(cred, SCHEMA.location, _literal(edu.location) if edu.location else None)
        if edu.unfinished:
            self.add(cred, CVG.unfinished, _literal(True))
        for adv in edu.advisors:
            self.add(cred, CVG.advisor, self.person(adv))
        if edu.thesis:
            thesis = self.local("thesis", str(i))
            self.add(thesis, RDF.type, BIBO.Thesis)
            self.add(thesis, RDF.type, SCHEMA.Thesis)
            self.add(thesis, SCHEMA.name, _literal(edu.thesis))
            self.add(thesis, SCHEMA.author, self.subject)
            self.add(cred, CVG.thesis, thesis)
        for honour in edu.honours:
            self.add(cred, SCHEMA.award, _literal(honour))
        self.period(cred, edu)
        self.provenance(cred, edu.line)

    def position(self, i: int, pos: Position) -> None:
        org = self.organization(pos.organization)
        role = self.local("role", str(i))
        self.add(self.subject, SCHEMA.affiliation, org)
        self.add(self.subject, SCHEMA.worksFor, role)
        self.add(role, RDF.type, SCHEMA.EmployeeRole)
        self.add(role, SCHEMA.worksFor, org)
        self.add(role, SCHEMA.roleName, _literal(pos.title) if pos.title else None)
        if pos.unit:
            self.add(role, CVG.unit, self.unit(org, pos.organization, pos.unit))
        self.add(role, SCHEMA.location, _literal(pos.location) if pos.location else None)
        self.add(role, SCHEMA.description, _literal(pos.description) if pos.description else None)
        for mentor in pos.mentors:
            self.add(role, CVG.mentor, self.person(mentor))
        self.period(role, pos)
        self.provenance(role, pos.line)

    def publication_iri(self, pub: Publication) -> URIRef:
        """The work's IRI, minted from its title; a second work of this CV whose title mints the
        same IRI (the same title at another venue, or long titles alike in their first words,
        "… Part I" / "… Part II") gets ``-2``, ``-3``: one node is one work, with one venue."""
        iri = candidate = mint(self.base, "pub", pub.title)
        n = 1
        while candidate in self.pub_iris:
            n += 1
            candidate = f"{iri}-{n}"
        self.pub_iris.add(candidate)
        return URIRef(candidate)

    def publication(self, i: int, pub: Publication) -> None:
        w = self.publication_iri(pub)
        self.add(w, RDF.type, SCHEMA.ScholarlyArticle)
        self.add(w, SCHEMA.name, _literal(pub.title))
        self.add(w, SCHEMA.creativeWorkStatus, _literal(pub.status))
        self.add(w, SCHEMA.datePublished, date_literal(pub.year))
        venue = self.venue(pub)
        if venue is not None:
            self.add(w, SCHEMA.isPartOf, venue)
        if pub.venue:
            self.add(w, CVG.venueAsWritten, _literal(pub.venue))
        for award in pub.awards:
            self.add(w, SCHEMA.award, _literal(award))
        if pub.arxiv:
            self.add(w, SCHEMA.sameAs, _web(f"https://arxiv.org/abs/{pub.arxiv}"))
        if pub.doi and (doi := normalise_doi(pub.doi)):       # (extract keeps the normal form; a
            self.add(w, SCHEMA.sameAs, _web(doi.iri))            # record made elsewhere may not)
        for url in pub.urls:
            self.add(w, SCHEMA.url, _web(url))
        if pub.et_al:
            self.add(w, CVG.authorListTruncated, _literal(True))
        authors = pub.authors or []
        if authors:
            seq = self.local("authors", str(i))
            self.add(w, BIBO.authorList, seq)
            self.add(seq, RDF.type, RDF.Seq)
            for n, author in enumerate(authors, 1):
                a = self.subject if author.is_subject else self.person(author.name)
                self.add(w, SCHEMA.author, a)
                self.add(seq, RDF[f"_{n}"], a)
                ship = self.local("authorship", str(i), str(n))
                self.add(ship, RDF.type, CVG.Authorship)
                self.add(ship, CVG.authorshipOf, w)
                self.add(ship, CVG.authorPosition, _literal(n))
                self.add(ship, CVG.agent, a)
                self.add(ship, CVG.nameAsWritten, _literal(author.name))
                if author.equal_contribution:
                    self.add(ship, CVG.equalContribution, _literal(True))
                if author.corresponding:
                    self.add(ship, CVG.correspondingAuthor, _literal(True))
        else:
            # The CV lists the subject's paper without authors: the subject is an author.
            self.add(w, SCHEMA.author, self.subject)
        self.provenance(w, pub.line)

    def patents(self) -> None:
        for i, pat in enumerate(self.r.patents, 1):
            node = _entity(self.base, "patent", pat.number or pat.title)
            self.add(node, RDF.type, SCHEMA.CreativeWork)
            self.add(node, RDF.type, BIBO.Patent)
            self.add(node, SCHEMA.name, _literal(pat.title))
            if pat.number:
                self.add(node, SCHEMA.identifier, _literal(pat.number))
                compact = re.sub(r"[\s\-/,.]", "", pat.number).upper()
                # Google Patents' publication-number form (not an application's serial number,
                # "US15/433,834": Google Patents has no page for it)
                if re.fullmatch(r"[A-Z]{2}\d{4,}[A-Z]?\d?", compact) and not re.search(r"(?<!\d)\d{2}/\d", pat.number):
                    self.add(node, SCHEMA.sameAs, _web(f"https://patents.google.com/patent/{compact}"))
            inventors = pat.inventors or [self.r.person.name]
            for name in inventors:
                a = self.subject if _same_name(name, self.r.person.name) else self.person(name)
                self.add(node, SCHEMA.author, a)
            self.add(node, SCHEMA.dateCreated, date_literal(pat.date))
            self.add(node, CVG.patentStatus, _literal(pat.status) if pat.status else None)
            self.provenance(node, pat.line)

    def teaching(self) -> None:
        for i, t in enumerate(self.r.teaching, 1):
            node = self.local("teaching", str(i))
            self.add(self.subject, CVG.teaching, node)
            self.add(node, RDF.type, CVG.TeachingRole)
            course = self.local("course", str(i))
            self.add(course, RDF.type, SCHEMA.Course)
            self.add(course, SCHEMA.name, _literal(t.course))
            if t.institution:
                self.add(course, SCHEMA.provider, self.organization(t.institution))
            self.add(node, CVG.course, course)
            self.add(node, SCHEMA.roleName, _literal(t.role) if t.role else None)
            self.add(node, CVG["term"], _literal(t.term) if t.term else None)
            self.provenance(node, t.line)

    def service(self) -> None:
        for i, s in enumerate(self.r.service, 1):
            node = self.local("service", str(i))
            self.add(self.subject, CVG.service, node)
            self.add(node, RDF.type, CVG.ServiceRole)
            self.add(node, SCHEMA.roleName, _literal(s.role))
            self.add(node, CVG.servedFor, _literal(s.organization) if s.organization else None)
            self.add(node, CVG.period, _literal(s.period) if s.period else None)
            self.provenance(node, s.line)

    def talks(self) -> None:
        for i, t in enumerate(self.r.talks, 1):
            node = self.local("talk", str(i))
            self.add(self.subject, CVG.gaveTalk, node)
            self.add(node, RDF.type, CVG.Talk)
            self.add(node, SCHEMA.name, _literal(t.title))
            self.add(node, CVG.host, _literal(t.host) if t.host else None)
            self.add(node, SCHEMA.startDate, date_literal(t.date))
            self.add(node, CVG.dateAsWritten, _literal(t.date) if t.date and not date_literal(t.date) else None)
            self.provenance(node, t.line)


@lru_cache(maxsize=1 << 14)
def _web(text: str) -> URIRef | None:
    """A link the CV wrote, as an IRI every store loads (repaired), or None (not added).

    The extract stage already reports links it drops (`mappers.extract.drop_unusable_links`);
    this guard keeps any other record, e.g. one built by hand or from BibTeX, from making a
    document the store's loader refuses."""
    iri = web_iri(text)
    return URIRef(iri) if iri is not None else None


def _same_name(a: str, b: str) -> bool:
    return slugify(a) == slugify(b)


def map_record(record: CVRecord, source: SourceInfo, settings: Settings) -> Graph:
    """Record → the document's named graph (rdflib Graph whose identifier is the doc IRI)."""
    graph = Graph(identifier=URIRef(source.iri))
    for triple in _Mapper(record, source, settings).run().triples:
        graph.add(triple)
    return graph


def map_record_ntriples(record: CVRecord, source: SourceInfo, settings: Settings) -> str:
    """Record → the document's graph as N-Triples text (the build's fast path, no rdflib Graph).

    Each term object is serialised once: a document's terms repeat across its triples (the
    subject, predicates, shared literals), and they are all alive in ``triples`` while this
    runs, so their ids identify them. Subjects and predicates (IRIs, whose hash is their
    string's, kept by the string) are looked up by themselves, which spares the id() calls."""
    triples = _Mapper(record, source, settings).run().triples
    terms: dict = {}
    memo: dict[int, str] = {}
    get_term, get = terms.get, memo.get
    out = []
    for s, p, o in triples:
        a = get_term(s)
        if a is None:
            a = terms[s] = _nt(s)
        b = get_term(p)
        if b is None:
            b = terms[p] = _nt(p)
        c = get(id(o))
        if c is None:
            c = memo[id(o)] = _nt(o)
        out.append(f"{a} {b} {c} .\n")
    return "".join(out)


_NT_ESCAPES = {ord("\\"): "\\\\", ord('"'): '\\"', ord("\n"): "\\n", ord("\r"): "\\r"}
_IRI_UNSAFE = re.compile(r'[\x00-\x20<>"{}|^`\\]')


@lru_cache(maxsize=1 << 16)
def _nt_iri(iri: str) -> str:
    if _IRI_UNSAFE.search(iri):
        iri = _IRI_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04X}", iri)
    return f"<{iri}>"


def _nt(term) -> str:
    """One term in N-Triples syntax (RDF 1.1 N-Triples, section 2)."""
    t = type(term)      # (the type tests before isinstance only skip rdflib's slow ABC check)
    if t is URIRef or (t is not Literal and isinstance(term, URIRef)):
        return _nt_iri(str(term))
    lexical = str(term)
    if '"' in lexical or "\\" in lexical or "\n" in lexical or "\r" in lexical:
        lexical = lexical.translate(_NT_ESCAPES)    # (only then: translate looks up every character)
    language = term.language
    if language:
        return f'"{lexical}"@{language}'
    datatype = term.datatype
    if datatype is not None and str(datatype) != "http://www.w3.org/2001/XMLSchema#string":
        return f'"{lexical}"^^<{datatype}>'
    return f'"{lexical}"'
