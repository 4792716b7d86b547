"""The HTML pages: each one a file in ``pages/`` with the markup it shares with the others
(the head, the board, the word form, the dice and rules choices) in ``pages/parts/``, one
file a part.

A line ``<!-- part NAME key="value" ... -->`` stands for ``parts/NAME.html``, indented as the
line is, with each ``$key`` in the part replaced by its value (HTML-escaped; in every page and
part ``$version`` is boggle's version, ``$maxseed`` and ``$seedrange`` the seeds the library
takes); a part may hold parts; the page is put together once and kept.  Scripts and
styles stay files in ``static/`` (the Content-Security-Policy allows no inline script).

>>> html = page_text("daily.html")
>>> '<div id="board-wrap">' in html and "<!-- part" not in html
True
>>> "<title>boggle: the daily board</title>" in html
True
>>> f'<span id="version">boggle {__version__}</span>' in html
True
"""

from __future__ import annotations

import functools
import html
import re
import string
from importlib import resources
from pathlib import Path

from fastapi.responses import HTMLResponse

from boggle import __version__
from boggle.dice.cubes import MAX_SEED, SEED_RANGE

__all__ = ["PAGES", "STATIC", "page", "page_text"]

PAGES = Path(str(resources.files("boggle.web") / "pages"))
STATIC = Path(str(resources.files("boggle.web") / "static"))
"""The scripts and styles, served as they are under ``/static/``."""
_PART = re.compile(r'^([ \t]*)<!-- part ([a-z-]+)((?: [a-z]+="[^"]*")*) -->\n', re.MULTILINE)
_VALUE = re.compile(r'([a-z]+)="([^"]*)"')


_LIBRARY_VALUES = {
    "version": html.escape(__version__),
    "maxseed": str(MAX_SEED),
    "seedrange": html.escape(SEED_RANGE),
}
"""The ``$key`` values every page and part may hold."""


def _part(match: re.Match[str]) -> str:
    indent, name, values = match.groups()
    template = string.Template((PAGES / "parts" / f"{name}.html").read_text(encoding="utf-8"))
    given = dict(_LIBRARY_VALUES)
    given.update((key, html.escape(value)) for key, value in _VALUE.findall(values))
    text = template.substitute(given)  # a value the part needs and the page left out: KeyError
    text = _PART.sub(_part, text)  # a part may hold parts (the word form: the round's switches)
    return "".join(indent + line if line.strip() else line for line in text.splitlines(True))


@functools.cache
def page_text(name: str) -> str:
    """The page ``name`` (a file in ``pages/``) with its parts in place."""
    template = string.Template((PAGES / name).read_text(encoding="utf-8"))
    return _PART.sub(_part, template.substitute(_LIBRARY_VALUES))


def page(name: str) -> HTMLResponse:
    """The page ``name`` as an HTTP answer.

    >>> answer = page("daily.html")
    >>> answer.status_code, answer.media_type, answer.body[:15]
    (200, 'text/html', b'<!doctype html>')
    """
    return HTMLResponse(page_text(name))
