"""The typed CV record: the plain data that flows from *extract* to *map*.

Every reader/extractor produces a :class:`CVRecord`; the mapper turns it into RDF.
Nothing here knows about RDF or files, so each stage can be tested with plain data.

Dates are partial ISO strings: ``"2021"``, ``"2024-05"`` or ``"2024-05-03"``.
An open-ended period ("Present", "now") has ``end=None`` and ``current=True``.
``line`` fields give the 1-based line in the source text where the item starts
(provenance back to the source).
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, Field

EducationLevel = Literal["doctorate", "master", "bachelor", "other"]
PublicationStatus = Literal["published", "preprint", "in submission", "under review"]


class Item(BaseModel):
    """Base for every extracted item: where it came from in the source text."""

    line: Optional[int] = None


class Period(Item):
    start: Optional[str] = None
    end: Optional[str] = None
    current: bool = False


class Person(Item):
    name: str
    emails: list[str] = Field(default_factory=list)
    phones: list[str] = Field(default_factory=list)
    homepage: Optional[str] = None
    # Profile / identifier URLs as found (normalised later by cvgraph.identifiers).
    profiles: list[str] = Field(default_factory=list)
    location: Optional[str] = None
    interests: list[str] = Field(default_factory=list)
    summary: Optional[str] = None


class Education(Period):
    institution: str
    degree: Optional[str] = None          # as the CV names it: "PhD of Computer Science"
    level: EducationLevel = "other"
    field: Optional[str] = None
    unfinished: bool = False
    advisors: list[str] = Field(default_factory=list)
    thesis: Optional[str] = None
    honours: list[str] = Field(default_factory=list)
    location: Optional[str] = None


class Position(Period):
    organization: str
    title: Optional[str] = None           # role name: "Research Intern"
    unit: Optional[str] = None            # lab / team / department
    location: Optional[str] = None
    mentors: list[str] = Field(default_factory=list)
    description: Optional[str] = None


class Author(BaseModel):
    name: str
    is_subject: bool = False
    equal_contribution: bool = False
    corresponding: bool = False


class Publication(Item):
    title: str
    authors: list[Author] = Field(default_factory=list)
    et_al: bool = False                   # the CV truncated the author list
    venue: Optional[str] = None           # as written: "USENIX ... (NSDI '25)"
    venue_acronym: Optional[str] = None   # "NSDI"
    year: Optional[str] = None
    status: PublicationStatus = "published"
    awards: list[str] = Field(default_factory=list)
    arxiv: Optional[str] = None
    doi: Optional[str] = None
    urls: list[str] = Field(default_factory=list)


class Patent(Item):
    title: str
    number: Optional[str] = None
    inventors: list[str] = Field(default_factory=list)
    date: Optional[str] = None
    status: Optional[str] = None


class Award(Item):
    name: str
    year: Optional[str] = None


class Teaching(Item):
    course: str
    institution: Optional[str] = None
    term: Optional[str] = None
    role: Optional[str] = None


class Service(Item):
    role: str
    organization: Optional[str] = None
    period: Optional[str] = None


class Talk(Item):
    title: str
    host: Optional[str] = None
    date: Optional[str] = None


class ExtractionReport(BaseModel):
    """What the extractor did: counts per kind and what it skipped, with reasons."""

    counts: dict[str, int] = Field(default_factory=dict)
    skipped: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


class CVRecord(BaseModel):
    source_name: str                      # file name as given
    format: str                           # text, markdown, html, latex, pdf, jsonresume, yaml, bibtex, org, rst, docx, odt
    person: Person
    education: list[Education] = Field(default_factory=list)
    positions: list[Position] = Field(default_factory=list)
    publications: list[Publication] = Field(default_factory=list)
    patents: list[Patent] = Field(default_factory=list)
    awards: list[Award] = Field(default_factory=list)
    teaching: list[Teaching] = Field(default_factory=list)
    service: list[Service] = Field(default_factory=list)
    talks: list[Talk] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    languages: list[str] = Field(default_factory=list)
    report: ExtractionReport = Field(default_factory=ExtractionReport)

    def fill_counts(self) -> "CVRecord":
        self.report.counts = {
            k: len(getattr(self, k))
            for k in ("education", "positions", "publications", "patents", "awards",
                      "teaching", "service", "talks", "skills", "languages")
        }
        return self
