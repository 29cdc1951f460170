"""The LaTeX fast path (mappers.convert._fast_latex_to_text) gives exactly what pylatexenc gives.

The fast path reads the LaTeX that CV fields are mostly made of and declines everything else;
whatever it accepts must convert exactly as pylatexenc's LatexNodes2Text (with the options the
converter uses) converts it. Checked on the installed pylatexenc, so an upgrade that changes
its behaviour fails here rather than silently changing the graph.
"""
from __future__ import annotations

import random

from pylatexenc.latex2text import LatexNodes2Text

from mappers.convert import _fast_latex_to_text, _match_brace

PIECES = ["a", "B c", " ", "  ", "\n", "\n\n", "\t", "-", "--", "---", "----", "'", "''", "'''", "~", "&",
          "\\&", "\\%", "\\_", "\\#", "\\$", "\\{", "\\}", "{", "}", "\\textbf{", "\\textit {", "\\emph{",
          "\\underline{", "\\textsc\n{", "\\textrm{", "\\cventry{", "\\cvitem", "\\makecvtitle ", "\\foo  ",
          "\\foo \n\n", "\\\u00e9", "\x03", "\x04", "\x1c", "\u00a0", "2019", "é", ",", "(", "]", "[",
          # declined: pylatexenc must handle these
          "\\texttt{", "\\mbox{", "\\LaTeX", "\\'e", "$x$", "%", "`", "``", "\\begin{x}", "\\end{x}",
          "\\textbf x", "\\", "\\\\", "\\,", "\\item "]


def _pylatexenc(tex: str) -> str:
    return LatexNodes2Text(math_mode="text", strict_latex_spaces=False,
                           keep_braced_groups=False).latex_to_text(tex)


def test_fast_path_matches_pylatexenc_on_generated_fragments():
    rnd = random.Random(20261122)
    accepted = 0
    for _ in range(6000):
        tex = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 12)))
        fast = _fast_latex_to_text(tex)
        if fast is None:
            continue
        accepted += 1
        assert fast == _pylatexenc(tex), repr(tex)
    assert accepted > 1000   # the generator exercises the fast path, not only the fallback


def test_fast_path_on_cv_fields():
    fields = [
        r"\cventry{2013--2018}{Ph.D. in Computer Science}{Hunan University}{}{}{}",
        # (\\ is turned into a newline before the conversion)
        "\\textbf{Zephyr: Private Graph Processing} \n Chiara Russo, \\underline{Maria Park} \n "
        "\\textit{Conference on Neural Information Processing Systems (NeurIPS)}, 2023.",
        r"reducing tail latency by 42\% and cost by 33\% in production",
        r"Research \& Development, 'quoted'' text, pages 1--9, Jan.~2020",
    ]
    for tex in fields:
        fast = _fast_latex_to_text(tex)
        assert fast is not None, tex      # these are what the fast path is for
        assert fast == _pylatexenc(tex), tex
    assert _fast_latex_to_text(fields[0]) == "2013\u20132018Ph.D. in Computer ScienceHunan University"
    assert _fast_latex_to_text(r"\'e") is None and _fast_latex_to_text("$x$") is None


def _match_brace_reference(s: str, i: int) -> int:
    open_ch = s[i]
    close_ch = "}" if open_ch == "{" else "]"
    depth = 0
    j = i
    while j < len(s):
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return -1


def test_match_brace_matches_a_character_scan():
    rnd = random.Random(7)
    alphabet = ["{", "}", "[", "]", "\\", "a", " ", "\\{", "\\}"]
    for _ in range(3000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 20)))
        for i, ch in enumerate(s):
            if ch in "{[":
                assert _match_brace(s, i) == _match_brace_reference(s, i), (s, i)
