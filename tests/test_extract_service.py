"""Service sections in text and Markdown: year headings, labelled roles, several roles on a line."""
from __future__ import annotations

from mappers.extract import extract
from mappers.read import read_document


def _service(tmp_path, body: str):
    f = tmp_path / "cv.md"
    f.write_text("# Jane Doe\n\njane@example.org\n\n## Service\n\n" + body, encoding="utf-8")
    return [(s.role, s.organization, s.period) for s in extract(read_document(f)).service]


def test_year_headings_are_not_entries_and_labelled_roles_are_split(tmp_path):
    body = ("- 2013\n"
            "- Program Chair: Workshop on Graph Stuff, Lyon, France, Oct. 2013.\n"
            "- 2011\n"
            "- Program Vice-Chair: Symposium on Cluster Things (SCT), Springfield, May 2011.\n")
    assert _service(tmp_path, body) == [
        ("Program Chair", "Workshop on Graph Stuff", "Oct. 2013"),
        ("Program Vice-Chair", "Symposium on Cluster Things (SCT), Springfield", "May 2011"),
    ]


def test_several_labelled_roles_on_one_line(tmp_path):
    body = ("Program committee: ABCA 2024, DEFG 2023, HIJK 2023. Associate editor: Journal of Made-Up "
            "Systems (2023–present). Reviewer: IEEE Transactions on Imaginary Computers, ACM XYZ\n")
    assert _service(tmp_path, body) == [
        ("Program committee", "ABCA", "2024"),
        ("Program committee", "DEFG", "2023"),
        ("Program committee", "HIJK", "2023"),
        ("Associate editor", "Journal of Made-Up Systems", "2023–present"),
        ("Reviewer", "IEEE Transactions on Imaginary Computers", None),
        ("Reviewer", "ACM XYZ", None),
    ]


def test_a_date_heading_over_a_group_dates_lines_without_their_own(tmp_path):
    body = "- 2019\n  - Reviewer for the Journal of Invented Results.\n  - Session chair, Made-Up Conference, June 2019\n"
    assert _service(tmp_path, body) == [
        ("Reviewer", "Journal of Invented Results", "2019"),
        ("Session chair", "Made-Up Conference", "June 2019"),
    ]
