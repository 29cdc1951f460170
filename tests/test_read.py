"""The read stage: formats, hashes, encodings, and clear errors for bad input."""
from __future__ import annotations

import hashlib

import pytest

from cvgraph.errors import DocumentError
from mappers.read import iter_input_files, read_document

from .conftest import SEED_FILES, SEEDS


def test_seed_is_read_as_text_with_its_hash():
    path = SEEDS / SEED_FILES["lao"]
    doc = read_document(path)
    assert doc.format == "text" and doc.media_type == "text/plain"
    assert doc.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert doc.text.startswith("## CHONLAM LAO")


@pytest.mark.parametrize("content,reason", [
    (b"", "empty file"),
    (b"   \n\t \n", "only whitespace"),
    (bytes(range(256)) * 40, "binary data"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 200, "binary data"),
])
def test_bad_input_gets_a_clear_reason(tmp_path, content, reason):
    bad = tmp_path / "cv.txt"
    bad.write_bytes(content)
    with pytest.raises(DocumentError) as err:
        read_document(bad)
    assert err.value.name == "cv.txt" and reason in err.value.reason


def test_zip_renamed_pdf_is_refused(tmp_path):
    bad = tmp_path / "cv.pdf"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    with pytest.raises(DocumentError, match="zip archive"):
        read_document(bad)


def test_legacy_and_utf16_encodings_are_decoded(tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("José Müller\nUniversité de Genève, 2019 - 2023\n".encode("latin-1"))
    doc = read_document(latin)
    assert "Université de Genève" in doc.text and doc.warnings   # decoded, with a warning
    utf16 = tmp_path / "u16.txt"
    utf16.write_bytes("Ana Pérez\nEducation\n".encode("utf-16"))
    assert read_document(utf16).text.startswith("Ana Pérez")


def test_unsupported_extension(tmp_path):
    f = tmp_path / "cv.pptx"
    f.write_bytes(b"PK\x03\x04whatever")
    with pytest.raises(DocumentError, match="unsupported file type"):
        read_document(f)


def test_folder_expansion_is_sorted_and_skips_hidden(tmp_path):
    (tmp_path / "b.txt").write_text("x")
    (tmp_path / "a.md").write_text("x")
    (tmp_path / ".hidden.txt").write_text("x")
    assert [p.name for p in iter_input_files([tmp_path])] == ["a.md", "b.txt"]
