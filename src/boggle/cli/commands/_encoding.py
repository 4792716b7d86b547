"""Words printed in the output's encoding: a letter a non-UTF-8 locale lacks is escaped.

In a Latin-1 or ASCII locale (``PYTHONIOENCODING=ascii``) a word with a letter the
encoding lacks ("área", "żaba", a board's "ñ") stopped a command with "cannot write 'á' in
the output's encoding". A command that prints words calls :func:`escape_unwritable` before
its report (the letter is shown escaped, ``\\xe1rea``, and the report goes on) and writes
its JSON with :func:`write_json` (every character beyond ASCII escaped the JSON way,
``\\u00e1``, unless the stream is UTF-8: the JSON stays UTF-8 and the same). The
one-line error of :func:`boggle.cli.main.unwritable` is left where escaping cannot be
done: a stream that cannot be set to escape, and a board ``boggle play`` would show the
player unreadable.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing costs milliseconds to import on every start (solve imports this)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def escape_unwritable(*streams: Any) -> None:
    """From here on, ``streams`` (standard output when none is named) write a character
    their encoding lacks escaped (``\\u017c``) rather than stopping at it.

    >>> import io
    >>> latin_1 = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    >>> escape_unwritable(latin_1)
    >>> _ = latin_1.write("żaba café"); latin_1.flush()
    >>> latin_1.buffer.getvalue()
    b'\\\\u017caba caf\\xe9'
    """
    for stream in streams or (sys.stdout,):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def escaped_as(out: Any) -> Callable[[str], str] | None:
    """How ``out`` (standard output, set by :func:`escape_unwritable`) will show a text:
    ``None`` where it writes every character (UTF-8), else a function giving the text with
    what its encoding lacks escaped, so that a report can align its columns by what shows.

    >>> import io
    >>> print(escaped_as(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))("żaba é"))
    \\u017caba é
    >>> escaped_as(io.TextIOWrapper(io.BytesIO(), encoding="utf-8")) is None
    True
    """
    if writes_utf_8(out):
        return None
    encoding = getattr(out, "encoding", None) or "utf-8"

    def escaped(text: str) -> str:
        return text.encode(encoding, "backslashreplace").decode(encoding)

    return escaped


def encodable_json(text: str, out: Any) -> str:
    """JSON ``text`` as ``out`` can write it: as it is to a UTF-8 stream, else with every
    character beyond ASCII escaped (``\\u00e9``, still the same JSON). JSON exchanged
    between programs is UTF-8 (RFC 8259): a Latin-1 locale wrote ``café`` as the byte
    0xe9, which a JSON reader cannot decode, whenever every letter fitted Latin-1.

    >>> import io
    >>> latin_1 = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    >>> print(encodable_json('{"entry": "żaba"}', latin_1))
    {"entry": "\\u017caba"}
    >>> print(encodable_json('{"entry": "café"}', latin_1))
    {"entry": "caf\\u00e9"}
    >>> print(encodable_json('{"entry": "café"}', io.TextIOWrapper(io.BytesIO(), "UTF8")))
    {"entry": "café"}
    """
    if text.isascii() or writes_utf_8(out):
        return text
    import json

    return json.dumps(json.loads(text))


def writes_utf_8(out: Any) -> bool:
    """Whether the stream ``out`` writes UTF-8 (``UTF8``, ``utf_8``; a stream that names
    no encoding is taken to)."""
    import codecs

    try:
        return codecs.lookup(getattr(out, "encoding", None) or "utf-8").name == "utf-8"
    except LookupError:
        return False


def write_json(text: str, out: Any = None) -> None:
    """The JSON ``text`` and a newline to ``out`` (standard output), escaped the JSON way
    unless it writes UTF-8 (:func:`encodable_json`)."""
    stream = sys.stdout if out is None else out
    stream.write(encodable_json(text, stream) + "\n")
