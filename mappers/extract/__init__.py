"""The extract stage: a SourceDocument → a typed CVRecord.

Dispatches on the document's format: structured formats (JSON Resume, YAML CV data,
BibTeX, LaTeX CV classes) have their own parsers; everything else (plain text, Markdown,
text from PDFs and HTML) goes through the general text extractor, which finds sections,
entries and fields. Raises DocumentError when a document is not a CV.
"""
from __future__ import annotations

from cvgraph.errors import DocumentError
from cvgraph.record import CVRecord
from mappers.extract.fields import strip_honorifics
from mappers.read import SourceDocument


def extract(doc: SourceDocument) -> CVRecord:
    if doc.format == "jsonresume":
        from .jsonresume import extract_jsonresume as parse
    elif doc.format == "yaml":
        from .yamlcv import extract_yaml as parse
    elif doc.format == "bibtex":
        raise DocumentError(doc.name, "a BibTeX file is a publication list, not a CV; "
                                      "give it alongside a CV of the same person")
    elif doc.format == "latex":
        from .latex import extract_latex as parse
    else:
        from .text import extract_text as parse
    record = parse(doc)
    record.person.name = strip_honorifics(record.person.name)   # the name, not "Dr. …"
    record.report.warnings[:0] = list(doc.warnings)
    return record.fill_counts()
