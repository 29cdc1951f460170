"""Delimited spans (an HTML comment, a Liquid tag, a LaTeX environment) replaced in linear time.

``re.sub(r"<!--.*?-->", …, flags=re.S)`` reads the rest of the text from every opener that has
no closer after it, so a text with many unclosed openers takes time quadratic in its length
(55 s for 80 KB of ``{{``); with a bound (``.{0,500}?``) it reads up to the bound from each.
Here each opener is matched to the first closer after it, found once and reused for the
openers before it, and a kind of span is given up when no closer of its kind is left."""
from __future__ import annotations

from typing import Callable


def newlines_of(span: str) -> str:
    """A replacement that blanks a span but keeps its line breaks, so line numbers stay true."""
    return "\n" * span.count("\n")


def replace_spans(text: str, opener: str, closer: str, repl: Callable[[str], str],
                  limit: int | None = None) -> str:
    """``text`` with every span ``opener … closer`` replaced by ``repl(span)``: what
    ``re.sub(re.escape(opener) + r".{0,LIMIT}?" + re.escape(closer), …, flags=re.S)`` gives
    (``.*?`` when ``limit`` is None): left to right, a span ending at the first closer after its
    opener; an opener whose closer is more than ``limit`` characters on is left as it is."""
    return replace_any_spans(text, ((opener, closer),), repl, limit)


def replace_any_spans(text: str, pairs: tuple[tuple[str, str], ...], repl: Callable[[str], str],
                      limit: int | None = None) -> str:
    """``replace_spans`` for the alternation of several ``(opener, closer)`` pairs, tried in
    their order at each position as ``re.sub("A.*?B|C.*?D", …)`` tries them."""
    kinds = [[opener, closer, text.find(opener), -1] for opener, closer in pairs]   # next opener, its closer
    kinds = [k for k in kinds if k[2] >= 0]
    if not kinds:
        return text
    out: list[str] = []
    pos = 0
    while kinds:
        kind = min(kinds, key=lambda k: k[2])        # leftmost opener; the first pair on a tie
        opener, closer, i, close_at = kind
        body = i + len(opener)
        if close_at < body:
            close_at = kind[3] = text.find(closer, body)
            if close_at < 0:                         # no closer after this opener, none after later ones
                kinds.remove(kind)
                continue
        if limit is None or close_at - body <= limit:
            end = close_at + len(closer)
            out.append(text[pos:i])
            out.append(repl(text[i:end]))
            pos = end
            for k in kinds:                          # openers inside the span are text of the span
                if k[2] < end:
                    k[2] = text.find(k[0], end)
        else:
            kind[2] = text.find(opener, i + 1)
        kinds = [k for k in kinds if k[2] >= 0]
    out.append(text[pos:])
    return "".join(out)


# Jekyll/Liquid template code in a page: a tag ``{% … %}`` or an output ``{{ … }}``, each short
LIQUID_PAIRS = (("{%", "%}"), ("{{", "}}"))
LIQUID_MAX = 500
