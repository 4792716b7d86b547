"""Reading files a user names, with every check made before the reading.

A named file must be a regular file (a FIFO, a device such as ``/dev/zero``,
a directory are refused at once: nothing blocks, nothing reads forever), no
larger than the limit for what it holds, and not binary (a NUL byte in its
first 64 KiB: a 2 GB sparse file is refused after reading 64 KiB).  Standard
input (``-``) is read up to the same limit.  gzip data is decompressed up to
the limit too, so a small compressed bomb cannot fill the memory.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> path = f"{folder}/words.txt"
>>> _ = open(path, "w").write("ale\\nales\\n")
>>> read_file(path, "word list", 1000)
b'ale\\nales\\n'
>>> read_file("/dev/zero", "word list", 1000)
Traceback (most recent call last):
...
boggle.model.errors.BoggleError: word list '/dev/zero' is a device, not a regular file
"""

from __future__ import annotations

import io
import os
import stat
import sys
import zlib
from collections.abc import Iterator

from boggle.model.errors import BoggleError
from boggle.model.wording import quoted

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import BinaryIO

SNIFF_BYTES = 65536
"""How much of a file is looked at for NUL bytes before it is read whole."""

GZIP_MAGIC = b"\x1f\x8b"

UTF8_BOM = b"\xef\xbb\xbf"
"""The byte order mark some editors (Windows' Notepad) put before UTF-8 text: no part of its
first line, so it is dropped where a file is read (it made the first word of a list not a
word, dropped without a word, and the first board of a file not a board)."""


def describe_size(count: int) -> str:
    """A byte count for people.

    >>> describe_size(512), describe_size(3 * 1024 * 1024), describe_size(2 * 1024**3)
    ('512 bytes', '3.0 MB', '2.0 GB')
    """
    if count < 1024 * 1024:
        return f"{count:,} bytes"
    if count < 1024**3:
        return f"{count / 1024**2:.1f} MB"
    return f"{count / 1024**3:.1f} GB"


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, for a message.

    >>> file_kind(os.stat("/").st_mode)
    'a directory'
    """
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def open_regular(
    path: str | os.PathLike[str],
    what: str,
    error: type[BoggleError] = BoggleError,
    buffering: int = -1,
) -> BinaryIO:
    """Open ``path`` for reading in binary; ``error`` unless it is a regular file.

    Opened without blocking, so a FIFO with no writer is refused, not waited on.
    ``buffering``: the buffer's size in bytes, as :func:`open` takes it (the most a
    ``peek`` gives: the file system's block, often 4 KiB, by default).
    """
    shown = os.fspath(path)
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{what} {quoted(shown)} does not exist") from None
    except PermissionError:
        raise error(f"{what} {quoted(shown)} cannot be read (permission denied)") from None
    except IsADirectoryError:
        raise error(f"{what} {quoted(shown)} is a directory, not a file") from None
    except OSError as problem:
        raise error(f"{what} {quoted(shown)} cannot be read: {problem.strerror}") from None
    except ValueError:  # a NUL character in the path
        raise error(f"{what} {quoted(shown)} is not a valid path") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise error(f"{what} {quoted(shown)} is a directory, not a file")
        raise error(f"{what} {quoted(shown)} is {file_kind(mode)}, not a regular file")
    if hasattr(os, "set_blocking"):
        os.set_blocking(descriptor, True)
    return os.fdopen(descriptor, "rb", buffering)


def looks_binary(head: bytes) -> bool:
    """Whether the first bytes of a file say it is not text (a NUL byte, and not gzip).

    >>> looks_binary(b"ale\\nales\\n"), looks_binary(b"\\x00\\x00")
    (False, True)
    >>> looks_binary(b"\\x1f\\x8b\\x00")
    False
    """
    return not head.startswith(GZIP_MAGIC) and b"\x00" in head[:SNIFF_BYTES]


def binary_reason(head: bytes) -> str:
    """What is wrong with a file whose first bytes :func:`looks_binary`: text in UTF-16 or
    UTF-32 (a byte order mark, or a NUL beside every other byte: what Windows tools save
    as "Unicode"), which is read as UTF-8 or Latin-1 only, or binary data.

    >>> binary_reason("fame\\n".encode("utf-16")), binary_reason("fame\\n".encode("utf-16-be"))
    ('is UTF-16 or UTF-32 text; save it as UTF-8', 'is UTF-16 or UTF-32 text; save it as UTF-8')
    >>> binary_reason(b"\\x7fELF\\x02\\x01\\x00\\x00"), binary_reason(bytes(64))
    ('looks binary; give a text file', 'looks binary; give a text file')
    """
    odd, even = head[1::2], head[0::2]

    def zeros(half: bytes) -> float:
        return half.count(0) / len(half)

    # ASCII in UTF-16: a NUL beside each letter, never two side by side (all NULs: binary)
    wide = len(head) >= 4 and {round(zeros(odd)), round(zeros(even))} == {0, 1}
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) or wide:
        return "is UTF-16 or UTF-32 text; save it as UTF-8"
    return "looks binary; give a text file"


def read_file(
    path: str | os.PathLike[str],
    what: str,
    limit: int,
    error: type[BoggleError] = BoggleError,
    gzip: bool = False,
) -> bytes:
    """The bytes of a regular file (``-``: standard input), checked before reading it whole.

    Refused with ``error``: not a regular file, larger than ``limit`` bytes,
    binary (:func:`looks_binary`).  With ``gzip``, gzip data is decompressed,
    also up to ``limit``.
    """
    shown = os.fspath(path)
    from_stdin = shown == "-"
    if from_stdin:
        handle, shown = _stdin_bytes(), "<stdin>"
    else:
        handle = open_regular(path, what, error)
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            handle.close()
            raise error(
                f"{what} {quoted(shown)} is {describe_size(size)}; "
                f"the limit is {describe_size(limit)}"
            )
    try:
        head = handle.read(SNIFF_BYTES)
        if looks_binary(head):
            raise error(f"{what} {quoted(shown)} {binary_reason(head)}")
        # fewer bytes than asked: the end came (at a terminal, reading on waits for another Ctrl-D)
        ended = len(head) < SNIFF_BYTES
        data = head if ended else head + handle.read(limit + 1 - len(head))
    except OSError as problem:
        raise error(f"{what} {quoted(shown)} cannot be read: {problem.strerror}") from None
    finally:
        if not from_stdin:
            handle.close()
    if len(data) > limit:
        raise error(f"{what} {quoted(shown)} is over the limit of {describe_size(limit)}")
    if gzip and data.startswith(GZIP_MAGIC):
        data = gunzip(data, limit, f"{what} {quoted(shown)}", error)
    return data.removeprefix(UTF8_BOM)


def gunzip(data: bytes, limit: int, shown: str, error: type[BoggleError] = BoggleError) -> bytes:
    """Decompress gzip ``data`` (one or more members) to at most ``limit`` bytes.

    >>> import gzip
    >>> gunzip(gzip.compress(b"ale\\n") + gzip.compress(b"ales\\n"), 100, "list")
    b'ale\\nales\\n'
    """
    parts: list[bytes] = []
    total = 0
    rest = data
    try:
        while rest:
            inflater = zlib.decompressobj(wbits=31)
            part = inflater.decompress(rest, limit + 1 - total)
            total += len(part)
            parts.append(part)
            if total > limit or inflater.unconsumed_tail:
                raise error(f"{shown} is over the limit of {describe_size(limit)} uncompressed")
            if not inflater.eof:
                raise error(f"{shown} is a damaged gzip file")
            rest = inflater.unused_data
            if rest and not rest.startswith(GZIP_MAGIC):
                break  # trailing padding after the last member
    except zlib.error:
        raise error(f"{shown} is a damaged gzip file") from None
    return b"".join(parts)


def iter_lines(
    path: str | os.PathLike[str],
    what: str,
    max_line: int,
    error: type[BoggleError] = BoggleError,
    *,
    refuse_binary: bool = True,
) -> Iterator[str]:
    """The lines of a text file (``-``: standard input), without their line ends.

    Read as they come, so memory stays small however long the file: plain or
    gzip, each line UTF-8 or else Latin-1.  A line longer than ``max_line``
    characters is cut to ``max_line + 1`` (whoever reads it refuses it) and the
    rest of it skipped.  Refused with ``error``: not a regular file, binary
    (:func:`looks_binary`, or a control character in its first bytes as :func:`text_file`
    finds, or a NUL or another ASCII control byte further on, where it comes, its line
    named: :func:`refuse_control_bytes`; not without ``refuse_binary``: typed words, a NUL
    among them one bad word, not a lost round), a damaged gzip file.
    """
    import gzip  # here, not at the top: a solve with a cached list reads no file

    shown = os.fspath(path)
    raw: BinaryIO
    from_stdin = shown == "-"
    if from_stdin:
        raw, shown = _stdin_bytes(), "<stdin>"
    else:
        raw = open_regular(path, what, error, SNIFF_BYTES)  # peeked at: all the bytes sniffed
    try:
        stream: BinaryIO = raw
        first = _peek(raw)
        if not first and hasattr(raw, "peek"):
            # Ended before its first byte.  Each further peek or read of a terminal would
            # wait for another Ctrl-D: `boggle score` at a terminal took three to end.
            return
        if first.startswith(GZIP_MAGIC):
            stream = gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[assignment]
        if refuse_binary:
            head = _peek(stream)
            if looks_binary(head):
                raise error(f"{what} {quoted(shown)} {binary_reason(head)}")
            # binary data with no NUL in its first bytes: one line, not each line a bad one
            _refuse_control(head, f"{what} {quoted(shown)}", error, head=True)
            # and binary data further on (a NUL or a control byte past the first bytes):
            # the same line, where it is found, not each line a bad one
            stream = _ControlBytesRefused(stream, f"{what} {quoted(shown)}", error)  # type: ignore[assignment]
        yield from _read_lines(stream, max_line)
    except (gzip.BadGzipFile, EOFError, zlib.error):
        raise error(f"{what} {quoted(shown)} is a damaged gzip file") from None
    except OSError as problem:
        raise error(f"{what} {quoted(shown)} cannot be read: {problem.strerror}") from None
    finally:
        if not from_stdin:
            raw.close()


CONTROL_CODES = frozenset({*range(0x00, 0x09), *range(0x0E, 0x1B), *range(0x1C, 0x20), 0x7F})
"""The bytes no text file holds in any encoding read (UTF-8, Latin-1): an ASCII control
character but a tab, a line end, a vertical tab, a form feed or an escape (a terminal's
colours in text kept from one; shown escaped) (never part of a UTF-8 character, so looked
for in bytes, a block at a time).  The one definition: :data:`CONTROL_BYTES`, the fast
test for none and the check of decoded text (which adds Latin-1's C1 controls) are made
from it."""

CONTROL_BYTES = b"[" + b"".join(b"\\x%02x" % code for code in sorted(CONTROL_CODES)) + b"]"
""":data:`CONTROL_CODES` as a pattern of bytes (for :func:`re.search`)."""

_NOT_CONTROL = bytes(sorted(set(range(256)) - CONTROL_CODES))
"""The bytes to delete for the fast test: what is left of a block is its control bytes."""

_CONTROL_CHARACTERS = (
    "[" + "".join(f"\\x{code:02x}" for code in sorted({*CONTROL_CODES, *range(0x80, 0xA0)})) + "]"
)
""":data:`CONTROL_CODES` and the C1 controls (U+0080 to U+009F, the bytes 0x80 to 0x9f of a
file read as Latin-1) as a pattern of text."""

_ASCII = bytes(range(0x80))
_LEAD_AND_LATIN = bytes(range(0xC0, 0x100))


def refuse_control_bytes(
    data: bytes, shown: str, error: type[BoggleError] = BoggleError, first_line: int = 1
) -> None:
    """``error`` naming the first of :data:`CONTROL_BYTES` in ``data`` and its line (the
    first of ``data`` is ``first_line``), when it holds one.

    >>> refuse_control_bytes(b"fame\\nlime\\n", "word list 'w'")
    >>> refuse_control_bytes(b"fame\\nli\\x00me\\n", "word list 'w'", first_line=70_000)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: word list 'w' is not a text file (it has the control byte \
0x00 on line 70,001); give a text file
    """
    if not data.translate(None, _NOT_CONTROL):  # no control byte: the common case, fast
        return
    import re  # here: the start of a command that reads no file imports no more than it did

    if found := re.search(CONTROL_BYTES, data):
        line = first_line + data.count(b"\n", 0, found.start())
        byte = f"byte 0x{data[found.start()]:02x} on line {line:,}"
        raise error(f"{shown} is not a text file (it has the control {byte}); give a text file")


def plain_text(data: bytes, shown: str, error: type[BoggleError] = BoggleError) -> str:
    """The text of a word list or a round file read whole (:func:`read_file`), UTF-8 else
    Latin-1 (:func:`decoded_text`), refused where it holds a NUL or another ASCII control
    byte (:func:`refuse_control_bytes`), wherever it is; the bytes 0x80 to 0x9f of a
    Windows-1252 file (a curly quote, ``œ``) are not refused: read as Latin-1, its words with them
    are dropped as before.

    >>> plain_text("cœur\\n".encode("cp1252"), "word list 'fr.txt'")
    'c\\x9cur\\n'
    """
    refuse_control_bytes(data, shown, error)
    return decoded_text(data, shown, error)


class _ControlBytesRefused:
    """A binary stream read a block at a time (``read1``) whose blocks are looked at for
    :data:`CONTROL_BYTES` (:func:`refuse_control_bytes`), their lines counted."""

    def __init__(self, stream: BinaryIO, shown: str, error: type[BoggleError]) -> None:
        self._read = getattr(stream, "read1", stream.read)
        self.shown, self.error = shown, error
        self.line = 1

    def read1(self, size: int = -1) -> bytes:
        block: bytes = self._read(size)
        refuse_control_bytes(block, self.shown, self.error, self.line)
        self.line += block.count(b"\n")
        return block

    read = read1


def _read_lines(stream: BinaryIO, max_line: int, block_size: int = SNIFF_BYTES) -> Iterator[str]:
    """The lines of ``stream`` (see :func:`iter_lines`), split and decoded a block at a time.

    >>> list(_read_lines(io.BytesIO(b"ab\\r\\n\\ncaf\\xe9\\nlonger line\\nend"), 4))
    ['ab', '', 'café', 'longe', 'end']
    >>> list(_read_lines(io.BytesIO(b"\\xef\\xbb\\xbffame\\nlime\\n"), 10, block_size=1))
    ['fame', 'lime']
    """
    read = getattr(stream, "read1", stream.read)  # what has come, without waiting for more
    pending = b""  # the start of a line whose end has not come yet
    skipping = False  # inside the rest of a line already cut
    start = True  # a byte order mark (UTF8_BOM) may come first, even a byte at a time
    while block := read(block_size):
        if start:
            block, pending = pending + block, b""
            if len(block) < len(UTF8_BOM) and UTF8_BOM.startswith(block):
                pending = block
                continue
            block, start = block.removeprefix(UTF8_BOM), False
        if skipping:
            end = block.find(b"\n")
            if end < 0:
                continue
            block, skipping = block[end + 1 :], False
        data = pending + block
        end = data.rfind(b"\n")
        complete, pending = (data[:end], data[end + 1 :]) if end >= 0 else (None, data)
        if complete is not None:
            yield from _decoded_lines(complete, max_line)
        if len(pending) > max_line:
            yield from _decoded_lines(pending, max_line)
            pending, skipping = b"", True
    if pending:
        yield from _decoded_lines(pending, max_line)


def _decoded_lines(data: bytes, max_line: int) -> list[str]:
    """Lines of ``data`` (``\\n`` between them) without their ``\\r``: UTF-8, else Latin-1
    line by line; a line longer than ``max_line`` bytes is cut to ``max_line + 1``."""
    pieces = data.split(b"\n")
    if max(map(len, pieces)) > max_line:
        pieces = [piece[: max_line + 1] for piece in pieces]
        data = b"\n".join(pieces)
    try:
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        lines = [_decoded(piece) for piece in pieces]
    if b"\r" in data:
        lines = [line.rstrip("\r") for line in lines]
    return lines


def text_file(data: bytes, shown: str, error: type[BoggleError] = BoggleError) -> str:
    """The text of a file read whole (:func:`read_file`): UTF-8, else Latin-1
    (:func:`decoded_text`); refused with ``error`` when it holds a control character no text
    file holds (any but a tab, a line end, a vertical tab, a form feed or an escape: binary
    data with no NUL in its first bytes, read as Latin-1, or gzip data that unpacked to
    binary), in one line naming the first and its line, wherever it is.

    >>> text_file("caña\\n".encode("latin-1"), "board file 'b.txt'")
    'caña\\n'
    >>> text_file(b"\\x89PNG\\r\\n\\x1a\\n<svg", "board file 'b.png'")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: board file 'b.png' is not a text file (it has the control \
byte 0x89 on line 1); give a text file
    """
    return _refuse_control(data, shown, error)


def decoded_text(data: bytes, shown: str, error: type[BoggleError] = BoggleError) -> str:
    """``data`` decoded: UTF-8, else (no byte of it a UTF-8 character past ASCII) Latin-1;
    ``error`` naming the line of the first byte that is not UTF-8 when others are (a UTF-8
    file with a stray byte, or two files of two encodings put together: read as Latin-1, its
    UTF-8 letters would all be others, "aÃ±o" for "año", and its words silently lost).

    >>> decoded_text("año\\n".encode(), "f"), decoded_text("año\\n".encode("latin-1"), "f")
    ('año\\n', 'año\\n')
    >>> decoded_text(b"a\\xc3\\xb1o\\nz\\xffz\\n", "word list 'f'")
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: word list 'f' is not UTF-8 on line 2 (the byte 0xff), yet \
has UTF-8 text; save it all as UTF-8
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        first = problem.start
    # a UTF-8 character past ASCII is a lead byte then continuation bytes (0x80 to 0xbf),
    # which a Latin-1 word list seldom has (its letters are 0xc0 to 0xff): looked for only
    # then; each byte that is not UTF-8 is one character, so a character made of several
    # bytes makes the text shorter than the bytes
    has_continuation = bool(data.translate(None, _ASCII).translate(None, _LEAD_AND_LATIN))
    if has_continuation and len(data.decode("utf-8", "surrogateescape")) < len(data):
        line = data.count(b"\n", 0, first) + 1
        raise error(
            f"{shown} is not UTF-8 on line {line:,} (the byte 0x{data[first]:02x}), yet has "
            "UTF-8 text; save it all as UTF-8"
        )
    return data.decode("latin-1")


def _refuse_control(
    data: bytes, shown: str, error: type[BoggleError], *, head: bool = False
) -> str:
    """:func:`text_file` of ``data``, or, with ``head``, of the first bytes of a longer file
    (a character cut at their end is not read as Latin-1 for it, nor one cut there taken
    for a byte that is not UTF-8).

    >>> _refuse_control("ñ".encode()[:1], "f", BoggleError, head=True)
    ''
    """
    if head:  # the lines of a file read a block at a time are decoded line by line
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as problem:
            if problem.reason == "unexpected end of data":
                return _refuse_control(data[: problem.start], shown, error, head=True)
            text = data.decode("latin-1")
    else:
        text = decoded_text(data, shown, error)
    latin_1 = len(text) == len(data) and not data.isascii()
    import re  # here: the start of a command that reads no file imports no more than it did

    if control := re.search(_CONTROL_CHARACTERS, text):
        code = ord(control.group())
        what = f"byte 0x{code:02x}" if code < 0x80 or latin_1 else f"character U+{code:04X}"
        line = text.count("\n", 0, control.start()) + 1
        raise error(
            f"{shown} is not a text file (it has the control {what} on line {line:,}); "
            "give a text file"
        )
    return text


def _decoded(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


def _stdin_bytes() -> BinaryIO:
    """Standard input as bytes (a text-only stand-in, as tests use, is read and encoded)."""
    buffer: BinaryIO | None = getattr(sys.stdin, "buffer", None)
    return buffer if buffer is not None else io.BytesIO(sys.stdin.read().encode())


def _peek(stream: BinaryIO) -> bytes:
    """The first bytes ``stream`` will give, without consuming them."""
    peek = getattr(stream, "peek", None)
    return peek(SNIFF_BYTES)[:SNIFF_BYTES] if peek is not None else b""
