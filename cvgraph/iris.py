"""IRI minting: readable, deterministic, collision-safe.

Rules (documented in the README):
- entity IRIs are ``{base}{kind}/{slug}`` where ``slug`` is the ASCII-folded, lower-cased,
  hyphen-joined form of the entity's canonical name (``person/chonlam-lao``,
  ``org/harvard-university``, ``venue/nsdi``, ``pub/<title slug>``);
- names that fold to nothing ASCII (e.g. CJK) get ``{kind}/x-<sha1 prefix>`` of the name;
- the linker appends ``-2``, ``-3`` … when two distinct entities share a slug, ordered by
  a stable key, so rebuilding the same input gives the same IRIs;
- document-scoped nodes (credentials, roles, author lists) live under the document IRI.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 80


def fold(text: str) -> str:
    """ASCII-fold and lower-case: 'Ré' → 're', 'Łukasz' → 'lukasz'."""
    text = text.replace("ł", "l").replace("Ł", "L").replace("ø", "o").replace("Ø", "O").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).encode("ascii", "ignore").decode().lower()


def slugify(text: str, max_len: int = MAX_SLUG) -> str:
    slug = _NON_WORD.sub("-", fold(text)).strip("-")
    if len(slug) > max_len:
        slug = slug[:max_len].rsplit("-", 1)[0] or slug[:max_len]
    if not slug:
        slug = "x-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    return slug


def mint(base: str, kind: str, name: str) -> str:
    return f"{base}{kind}/{slugify(name)}"


def document_iri(base: str, file_name: str) -> str:
    return f"{base}doc/{slugify(file_name)}"
