"""The HTML pages: each one a file in ``pages/`` with the markup it shares with the others
(the head, the board, the word form, the dice and rules choices) in ``pages/parts/``, one
file a part.

A line ``<!-- part NAME key="value" ... -->`` stands for ``parts/NAME.html``, indented as the
line is, with each ``$key`` in the part replaced by its value (HTML-escaped; in every page and
part ``$version`` is boggle's version, ``$maxseed`` and ``$seedrange`` the seeds the library
takes); a part may hold parts; the page is put together once and kept.  Scripts and
styles stay files in ``static/`` (the Content-Security-Policy allows no inline script).

The pages and the files of ``static/`` are read together, once, when the server starts
(``snapshot()``), and served from memory: files changed under a running server (boggle
upgraded in place, not yet restarted) never give a page of one version scripts of the
other.  Each static file's ETag is its content's hash, and ``sw.js`` names the hash of them
all (``static_version()``), so an upgrade gives the service worker a new cache.

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
import hashlib
import html
import mimetypes
import re
import string
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fastapi.responses import HTMLResponse

from boggle import __version__
from boggle.dice.cubes import MAX_SEED, SEED_RANGE

__all__ = [
    "PAGES",
    "STATIC",
    "StaticFile",
    "page",
    "page_text",
    "snapshot",
    "static_files",
    "static_version",
]

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


@dataclass(frozen=True)
class StaticFile:
    """A file of ``static/`` as read when the server started.

    >>> StaticFile(b"body {}", "text/css", '"0123"').media_type
    'text/css'
    """

    body: bytes
    media_type: str
    etag: str
    """The content's hash, quoted as an HTTP ETag."""


_MEDIA_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
_SW_VERSION = re.compile(rb'^const VERSION = "[^"]*";$', re.MULTILINE)


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:16]


@functools.cache
def _static() -> tuple[dict[str, StaticFile], str]:
    read = {
        path.relative_to(STATIC).as_posix(): path.read_bytes()
        for path in sorted(STATIC.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    }
    whole = hashlib.sha256()
    for name, body in read.items():
        whole.update(f"{name}\0{len(body)}\0".encode())
        whole.update(body)
    version = whole.hexdigest()[:16]
    if "sw.js" in read:  # the worker's cache is named after the files it keeps
        read["sw.js"] = _SW_VERSION.sub(f'const VERSION = "{version}";'.encode(), read["sw.js"])
    files = {}
    for name, body in read.items():
        suffix = Path(name).suffix
        kind = _MEDIA_TYPES.get(suffix) or mimetypes.guess_type(name)[0]
        files[name] = StaticFile(body, kind or "application/octet-stream", f'"{_digest(body)}"')
    return files, version


def static_files() -> dict[str, StaticFile]:
    """Every file of ``static/`` by its path there (``icons/icon.svg``), read once.

    >>> kept = static_files()["board.js"]
    >>> kept.media_type, kept.etag.startswith('"'), kept.body == (STATIC / "board.js").read_bytes()
    ('text/javascript', True, True)
    """
    return _static()[0]


def static_version() -> str:
    """The hash of all the static files as read (16 hex digits), which ``sw.js`` names.

    >>> version = static_version()
    >>> len(version), f'const VERSION = "{version}";'.encode() in static_files()["sw.js"].body
    (16, True)
    """
    return _static()[1]


def snapshot() -> None:
    """Read every page and static file now (a server's start), to serve them as they were.

    >>> snapshot()
    >>> page_text("room.html") == page_text("room.html") and "sw.js" in static_files()
    True
    """
    static_files()
    for path in sorted(PAGES.glob("*.html")):
        page_text(path.name)
