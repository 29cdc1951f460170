r"""LaTeX CV shapes from the second round of session 27 (the first round's held-out CVs), each fixed
by a general rule and reduced here to an invented snippet: names, places, institutions, titles and
addresses are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract


def _tex(tmp_path, text: str, name: str = "cv.tex"):
    from mappers.read import read_document

    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return extract(read_document(path))


def test_tabular_star_position_before_column_spec(tmp_path):
    # "\begin{tabular*}{width}[t]{spec}": the spec was read as the first row's text
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Tamsin Quorley}\\
        tamsin.quorley@example.org
        \section{Education}
        \begin{tabular*}{0.97\textwidth}[t]{p{0.5\textwidth} @{\hskip 0.1cm} r}
          Ph.D. in Geology, Varnhold University & 2015 -- 2020 \\
        \end{tabular*}
        \end{document}
    """)
    assert len(r.education) == 1
    edu = r.education[0]
    assert "textwidth" not in (edu.institution or "") and "p0.5" not in (edu.institution or "")
    assert edu.institution == "Varnhold University"
    assert edu.start == "2015" and edu.end == "2020"


def test_profile_written_as_address_and_as_text_kept_once(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \usepackage{hyperref}
        \begin{document}
        \begin{center}
        {\Huge Tamsin Quorley} \\
        \href{mailto:tq@example.org}{tq@example.org} $|$
        \href{https://linkedin.com/in/tamsin-quorley}{linkedin.com/in/tamsin-quorley} $|$
        \href{https://github.com/tquorley}{github.com/tquorley}
        \end{center}
        \section{Education}
        \begin{itemize}
        \item Ph.D. in Geology, Varnhold University, 2020
        \end{itemize}
        \end{document}
    """)
    linkedin = [u for u in r.person.profiles if "linkedin" in u]
    assert len(linkedin) == 1
    assert any("github.com/tquorley" in u for u in r.person.profiles)


def test_thesis_in_progress_is_no_title(tmp_path):
    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Tamsin Quorley}\\
        tamsin.quorley@example.org
        \section{Education}
        \begin{tabular}{ll}
          2026 & Ph.D., Hydrology, Varnhold University \\
               & Thesis: \textit{In progress} \\
          2021 & M.S., Hydrology, Varnhold University \\
               & Thesis: \textit{Sediment transport in braided rivers} \\
        \end{tabular}
        \end{document}
    """)
    theses = {e.degree: e.thesis for e in r.education}
    assert theses.get("Ph.D.") is None
    # (a real title stays)
    assert theses.get("M.S.") == "Sediment transport in braided rivers"


def test_same_profile_with_and_without_www_kept_once(tmp_path):
    from mappers.extract import one_profile_per_address

    r = _tex(tmp_path, r"""
        \documentclass{article}
        \begin{document}
        {\Huge Tamsin Quorley}\\
        tamsin.quorley@example.org
        \end{document}
    """)
    r.person.profiles = ["https://www.linkedin.com/in/tamsin-quorley", "https://github.com/tquorley",
                         "https://linkedin.com/in/tamsin-quorley/"]
    one_profile_per_address(r)
    assert r.person.profiles == ["https://www.linkedin.com/in/tamsin-quorley", "https://github.com/tquorley"]
