"""Session 20, gold pass on HTML CVs: hand-written CV pages sampled from GitHub.

The snippets are invented (names, schools, titles, addresses); each has the shape of a real page."""
from mappers.extract import extract
from mappers.read import read_document


def _record(tmp_path, html: str, name: str = "cv.html"):
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return extract(read_document(path))


# A page whose <head> is never closed: "<title>…</title>" then "<body>" with no "</head>".
# Python's html.parser nests the whole body inside <head>; the page must still be read.
UNCLOSED_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
\t<meta charset="UTF-8">
\t<link rel="stylesheet" href="./static/style.css">
\t<title>Corwin's CV</title>
<body>
\t<h1>Corwin Altabey</h1>
\t\t<p>Personal email: <a href="mailto:corwin.altabey@example.org">corwin.altabey [at] example [dot] org</a><p/>
\t\t<h2>Education</h2>
\t\t<p>
\t\t\tHollowmere Institute of Technology, Brantford
\t\t\t2019 - 2023
\t\t\tBachelors in Computer Science and Engineering
\t\t</p>
\t\t<h2>Technical skills</h2>
\t\t<ul>
\t\t\t<li>Programming Languages:  C and Python</li>
\t\t\t<li>Tools:  Git and Vim</li>
\t\t</ul>
</body>
</html>
"""


def test_unclosed_head_keeps_the_body(tmp_path):
    rec = _record(tmp_path, UNCLOSED_HEAD)
    assert rec.person.name == "Corwin Altabey"
    assert rec.person.emails == ["corwin.altabey@example.org"]
    assert len(rec.education) == 1
    edu = rec.education[0]
    assert edu.institution == "Hollowmere Institute of Technology"
    assert (edu.start, edu.end) == ("2019", "2023")
    assert edu.level == "bachelor"
    assert "Git and Vim" in rec.skills


def test_head_content_still_dropped(tmp_path):
    # what a closed <head> holds (title, style, script, meta) stays out of the text
    html = ("<html><head><title>Page of Corwin Altabey</title><style>h2{color:red}</style>"
            "<script>var education = 1;</script><meta name='description' content='Education'></head>"
            "<body><h1>Corwin Altabey</h1><h2>Education</h2><ul><li>B.S. in Physics, "
            "Hollowmere University, 2015</li></ul></body></html>")
    text = read_document_text(tmp_path, html)
    assert "color:red" not in text and "var education" not in text
    assert text.count("Education") == 1


def read_document_text(tmp_path, html: str) -> str:
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    return read_document(path).text
