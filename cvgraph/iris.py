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
from functools import lru_cache
from urllib.parse import quote, urlsplit, urlunsplit

from pyoxigraph import NamedNode

_NON_WORD = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 80


def fold(text: str) -> str:
    """ASCII-fold and lower-case: 'Ré' → 're', 'Łukasz' → 'lukasz'."""
    if text.isascii():
        return text.lower()         # (the common case: NFKD leaves ASCII as it is)
    text = text.replace("ł", "l").replace("Ł", "L").replace("ø", "o").replace("Ø", "O").replace("ß", "ss")
    # NFKD splits accents off as combining marks; those are all non-ASCII, so the ASCII
    # encoding drops them along with what has no ASCII form.
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


# characters beyond the Latin blocks (Greek, Cyrillic, Hebrew, Arabic, Indic, CJK, Hangul, …)
_BEYOND_LATIN = re.compile(r"[^\x00-\u024f\u1e00-\u1eff]")


@lru_cache(maxsize=1 << 14)
def _key_char(ch: str) -> str:
    ascii_form = fold(ch)
    if ascii_form or ch <= "\u024f" or "\u1e00" <= ch <= "\u1eff":
        return ascii_form
    # as for Latin letters, marks go (Ά → α, й → и); what is left is kept if it is a letter or digit
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base.lower() if base.isalnum() else ""


def key_fold(text: str) -> str:
    """:func:`fold` for comparing names, not for IRIs: the same result for text in Latin
    letters, but a letter of another script (清华大学, Московский, Ίδρυμα) is kept, lower-cased,
    instead of dropped. Keys made with :func:`fold` were empty for such names, so every
    organization, venue or title written in them had one key and was taken for one."""
    if text.isascii() or not _BEYOND_LATIN.search(text):
        return fold(text)
    return "".join(map(_key_char, text))


# what parts the words of a key_fold result: anything but a-z, 0-9 and the letters of other scripts
KEY_SEPARATOR = re.compile(r"[^a-z0-9\u0250-\U0010ffff]+")


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


WEB_SCHEMES = frozenset({"http", "https", "mailto", "ftp", "ftps"})
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_BARE_HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)", re.I)
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
# What RFC 3987 allows unescaped in a path, query or fragment (besides letters and digits,
# which quote() never touches); anything else is percent-encoded as UTF-8.
_IRI_SAFE = "/:@!$&'()*+,;=-._~%?"


@lru_cache(maxsize=1 << 14)
def web_iri(text: str) -> str | None:
    """An IRI written in a CV (homepage, profile, paper link, DOI), made loadable, or None.

    RDF stores refuse a document with one invalid IRI in it, so a CV's ``%zz``, space or
    ``[1]`` in a link must not reach them as written. A valid IRI is returned unchanged. An
    invalid one is repaired the way browsers do: a ``%`` that starts no escape becomes
    ``%25``, characters IRIs forbid in the path, query and fragment are percent-encoded, and
    a host name written without a scheme (``www.example.org/~jane``) is read as https. What
    still fails (no host, a malformed one) is None, and so is a link whose scheme is not one
    a CV's links use (``WEB_SCHEMES``; ``javascript:``, ``data:``, ``file:`` are refused). The
    check is Oxigraph's own IRI parser, the one its loader runs, so whatever passes here loads."""
    text = text.strip()
    scheme = _SCHEME.match(text)
    name = scheme.group(1).lower() if scheme else None
    if name is None or "." in name:        # none, or a host: "www.example.org:8080/~jane"
        return web_iri("https://" + text) if _BARE_HOST.match(text) else None
    if name not in WEB_SCHEMES:
        return None
    if _valid(text):
        return text
    try:
        parts = urlsplit(_BAD_PERCENT.sub("%25", text))
    except ValueError:       # e.g. an unclosed IPv6 bracket in the host
        return None
    fixed = urlunsplit((parts.scheme, parts.netloc, quote(parts.path, safe=_IRI_SAFE),
                        quote(parts.query, safe=_IRI_SAFE), quote(parts.fragment, safe=_IRI_SAFE)))
    return fixed if _valid(fixed) else None


def _valid(iri: str) -> bool:
    try:
        NamedNode(iri)
    except ValueError:
        return False
    return True
