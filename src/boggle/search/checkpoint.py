"""The checkpoint of a proof: a JSON-lines file, one finished top-level class a line.

The first line says what is being proved (size, word list digest, rules,
threshold, the top-level classes' buckets); a file for another proof is refused, so results never
mix.  Each finished class is appended and flushed at once, so an interrupted
proof loses at most the classes it was working on.

Nothing in a checkpoint is trusted: the file must be a regular file of at most
:data:`MAX_CHECKPOINT_BYTES` (a device such as ``/dev/zero``, a FIFO, a link in its place
are refused at once, without reading or blocking), and each class line must have the shape
:meth:`Checkpoint.add` writes, a class number of this proof seen once, and its own checksum
(:func:`line_check`: CRC-32 of the line's content and of the proof it belongs to), so a
damaged, edited, hand-made or spliced file is refused in one line, never taken as done work.

>>> header = {"kind": KIND, "size": "2x2"}
>>> record = {"index": 0, "boards": [["aeet", 4]], "bounds": 3, "seconds": 0.01}
>>> line_check(header, record)
'6c2caec0'
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import zlib
from typing import Any, TextIO

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: checkpoints are not locked
    fcntl = None  # type: ignore[assignment]

from boggle.files.cache import not_made
from boggle.files.inputs import describe_size
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.model.wording import quoted
from boggle.search.classes import Layout
from boggle.search.objective import objective_of, objective_of_json
from boggle.search.results import ClassResult
from boggle.wordlists.lexicon import Lexicon

KIND = "boggle-prove-checkpoint"

MAX_CHECKPOINT_BYTES = 1 << 30
"""A checkpoint larger than this is refused before it is read."""

_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
"""A new checkpoint: made here (never one that appeared meanwhile), written at its end."""

_OPEN_FLAGS = (
    os.O_RDWR
    | os.O_APPEND
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO is opened, seen and refused, not waited on
    | getattr(os, "O_NOFOLLOW", 0)  # the file the proof made, not what a link points to
)


class Checkpoint:
    """An open checkpoint file and the classes it already holds."""

    def __init__(
        self,
        stream: TextIO,
        finished: dict[int, ClassResult],
        header: dict[str, Any],
        made: str | None = None,
        was_empty: bool = False,
        shown: str = "",
    ) -> None:
        self.stream = stream
        """The file, open to append: lines are written to its descriptor, never buffered
        (a write refused, the disk full, leaves nothing for a later flush to fail on)."""
        self.shown = shown
        """The file's name as messages show it."""
        self.finished = finished
        self.header = header
        self.made = made
        """The path of the file when this proof made it (or started it in an empty file)."""
        self.was_empty = was_empty
        """The file was there, empty (a user's ``touch`` or ``mktemp``): a proof refused
        leaves it empty, never removes it."""
        self.added = 0

    @classmethod
    def open(
        cls,
        path: str | None,
        rows: int,
        cols: int,
        lexicon: Lexicon,
        rules: Rules,
        above: int,
        layout: Layout,
        classes: int | None = None,
    ) -> Checkpoint | None:
        """Open (or start) the checkpoint at ``path``; ``None`` when there is none.
        An empty file is started as a new one (it holds nothing to overwrite).

        ``classes``: how many top-level classes the proof has (class numbers are below it).
        """
        if path is None:
            return None
        header: dict[str, Any] = {"kind": KIND, "size": f"{rows}x{cols}"}
        if objective_of(rules) != "points":  # absent: points (the checkpoints made before)
            header["objective"] = objective_of(rules)
        header.update(
            {
                "dictionary": lexicon.digest,
                "rules": rules.to_json(),
                "above": above,
                **layout.to_json(),
            }
        )
        finished: dict[int, ClassResult] = {}
        if os.path.lexists(path):
            descriptor, data = _open_existing(path)
            if not data:  # empty (``touch``, ``mktemp``, a proof stopped at once): nothing to lose
                started = _started(descriptor, header, quoted(path))
                return cls(started, finished, header, path, was_empty=True, shown=quoted(path))
            try:
                records, whole_tail = _records(path, data, header, classes)
                finished = {
                    r["index"]: ClassResult(
                        r["index"],
                        tuple((board, score) for board, score in r["boards"]),
                        r["bounds"],
                        r["seconds"],
                    )
                    for r in records
                }
                _mend(descriptor, data, quoted(path), whole_tail)
            except BaseException:
                os.close(descriptor)
                raise
            stream = os.fdopen(descriptor, "a", encoding="utf-8")
        else:
            try:
                descriptor = os.open(path, _NEW_FLAGS, 0o666)
            except OSError as error:
                raise BoggleError(
                    f"cannot write checkpoint {quoted(path)}: {not_made(path, error)}"
                ) from None
            except ValueError:  # a NUL in the path
                raise BoggleError(f"checkpoint {quoted(path)} is not a valid path") from None
            try:
                started = _started(descriptor, header, quoted(path), hold=True)
            except BoggleError:  # the first line refused (the disk full): no file left behind
                with contextlib.suppress(OSError):
                    os.unlink(path)
                raise
            return cls(started, finished, header, made=path, shown=quoted(path))
        return cls(stream, finished, header, shown=quoted(path))

    def add(self, result: ClassResult) -> None:
        record: dict[str, Any] = {
            "index": result.index,
            "boards": [list(pair) for pair in result.boards],
            "bounds": result.bounds,
            "seconds": round(result.seconds, 4),
        }
        record["check"] = line_check(self.header, record)
        _write_line(self.stream.fileno(), json.dumps(record), self.shown)
        self.added += 1

    def close(self) -> None:
        self.stream.close()

    def close_refused(self) -> None:
        """Close it for a proof refused before any class (too long, too many boards...): a
        file this proof made holds only its first line then, and is removed (a file that was
        there empty is emptied again, not removed: it is the user's), so the proof
        may be asked again with other settings and the same file."""
        if self.was_empty and not self.added:
            with contextlib.suppress(OSError, ValueError):
                os.ftruncate(self.stream.fileno(), 0)  # still held: nothing else writes it
        self.stream.close()
        if self.made is not None and not self.added and not self.was_empty:
            with contextlib.suppress(OSError):
                os.unlink(self.made)


def _mend(descriptor: int, data: bytes, shown: str, whole_tail: bool = False) -> None:
    """Make the checkpoint read as ``data`` end at a line's end: a torn last line cut, the
    first line alone (whole, it was read) or a last class line kept (``whole_tail``: whole
    and checked, only its line end missing) ended; a file that ends well is not written (an
    append-only one, ``chattr +a``, refuses even a truncation to its own length).  A file
    that cannot be mended is a :class:`BoggleError` naming it."""
    ended = data.rfind(b"\n") + 1
    try:
        if not ended or (whole_tail and ended < len(data)):  # whole, with no line end
            os.write(descriptor, b"\n")
        elif ended < len(data):
            os.ftruncate(descriptor, ended)  # a torn last line cut
    except OSError as error:
        raise BoggleError(f"cannot write checkpoint {shown}: {error.strerror}") from None


def line_check(header: dict[str, Any], record: dict[str, Any]) -> str:
    """The checksum a class line carries: CRC-32 of the proof's header and of the line's
    content (every field but ``check``), in hex; a line spliced in from another proof's
    checkpoint, or edited, no longer matches."""
    content = {name: value for name, value in record.items() if name != "check"}
    text = json.dumps([header, content], sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


def _started(descriptor: int, header: dict[str, Any], shown: str, hold: bool = False) -> TextIO:
    """A new checkpoint's stream on ``descriptor`` with its header line written (the file
    first held, :func:`_hold`, when ``hold``); the descriptor closed on failure, and a first
    line refused (the disk full) cut, so that no torn line is left."""
    stream = os.fdopen(descriptor, "a", encoding="utf-8")
    try:
        if hold:
            _hold(descriptor, shown)
        try:
            _write_line(descriptor, json.dumps(header), shown)
        except BoggleError:
            with contextlib.suppress(OSError):
                os.ftruncate(descriptor, 0)
            raise
    except BaseException:
        stream.close()
        raise
    return stream


def _write_line(descriptor: int, text: str, shown: str) -> None:
    """Append ``text`` and a line end to the checkpoint; a write refused (the disk full, a
    quota) is a :class:`BoggleError` naming the file (what was written of the line is a torn
    last line, cut when the proof goes on)."""
    data = (text + "\n").encode()
    try:
        while data:
            data = data[os.write(descriptor, data) :]
    except OSError as error:
        raise BoggleError(f"cannot write checkpoint {shown}: {error.strerror}") from None


def _open_existing(path: str) -> tuple[int, bytes]:
    """An existing checkpoint opened to read and append, and its bytes; :class:`BoggleError`
    in one line unless it is a regular file of at most :data:`MAX_CHECKPOINT_BYTES`."""
    shown = quoted(path)
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        if os.path.islink(path):
            raise BoggleError(
                f"checkpoint {shown} is a symbolic link; name the checkpoint file itself"
            ) from None
        if isinstance(error, IsADirectoryError):
            raise BoggleError(f"checkpoint {shown} is a directory; give a file name") from None
        raise BoggleError(f"cannot open checkpoint {shown}: {error.strerror}") from None
    except ValueError:  # a NUL in the path
        raise BoggleError(f"checkpoint {shown} is not a valid path") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise BoggleError(f"checkpoint {shown} is not a regular file; give a file name")
        _hold(descriptor, shown)  # before anything is read or cut
        if info.st_size > MAX_CHECKPOINT_BYTES:
            raise BoggleError(
                f"checkpoint {shown} is {describe_size(info.st_size)}; the limit is "
                f"{describe_size(MAX_CHECKPOINT_BYTES)}"
            )
        os.set_blocking(descriptor, True)
        data = _read_all(descriptor, MAX_CHECKPOINT_BYTES)
        if data is None:
            raise BoggleError(f"checkpoint {shown} grew past {describe_size(MAX_CHECKPOINT_BYTES)}")
    except OSError as error:
        os.close(descriptor)
        raise BoggleError(f"cannot read checkpoint {shown}: {error.strerror}") from None
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, data


def _hold(descriptor: int, shown: str) -> None:
    """Lock the checkpoint for this proof's life (let go when its file is closed), or refuse
    it in one line when another proof holds it: two proofs appending to one file, each at
    its own offset, wrote over each other's lines.  A file system without locks is used
    unlocked."""
    if fcntl is None:  # pragma: no cover - not POSIX
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise BoggleError(
                f"checkpoint {shown} is in use by another proof running now; wait for it "
                "to end or give another file"
            ) from None


def _read_all(descriptor: int, limit: int) -> bytes | None:
    chunks = []
    total = 0
    while chunk := os.read(descriptor, 1 << 20):
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            return None
    return b"".join(chunks)


def _records(
    path: str, data: bytes, header: dict[str, Any], classes: int | None
) -> tuple[list[dict[str, Any]], bool]:
    """The class lines of a checkpoint for the proof ``header`` names, each checked, and
    whether the last of them had no line end (whole, its checksum matching: kept, to be
    ended; a last line that is not is a torn one, dropped)."""
    lines, tail = _read_lines(path, data)
    shown = quoted(path)
    first = lines[0] if lines else None
    if not isinstance(first, dict) or first.get("kind") != KIND:
        raise BoggleError(f"{shown} is not a prove checkpoint; not overwriting it")
    _fill_older_header(first)
    theirs = first.get("objective") or objective_of_json(first.get("rules")) or "points"
    ours = header.get("objective", "points")
    if theirs != ours:
        raise BoggleError(
            f"checkpoint {shown} is for the {theirs} objective, not {ours}: prove for the "
            f"{theirs} objective or give another checkpoint file",
            setting="objective",
        )
    first.setdefault("objective", theirs)
    for name in header:
        if not _same_json(first.get(name), header[name]):
            differs = (
                "made with another word list"  # its digest says nothing to a reader
                if name == "dictionary"
                else f"{name}: {first.get(name)!r}, here {header[name]!r}"
            )
            raise BoggleError(
                f"checkpoint {shown} is for another proof ({differs}); give the proof's own "
                "options or another checkpoint file"
            )
    seen: set[int] = set()
    for number, record in enumerate(lines[1:], start=2):
        problem = _record_problem(record, header, classes, seen)
        if problem is not None:
            raise BoggleError(f"checkpoint {shown} line {number}: {problem}; not trusting it")
        seen.add(record["index"])
    if tail is not _TORN and _record_problem(tail, header, classes, seen) is None:
        return [*lines[1:], tail], True
    return lines[1:], False


def _same_json(theirs: object, ours: object) -> bool:
    """Whether a header field read from a checkpoint is the one this proof writes, types
    and all: Python's ``==`` took ``540.0`` and ``true`` for ``540`` and ``1``, so a header
    edited by hand passed for this proof's.

    >>> _same_json(540, 540), _same_json(540.0, 540), _same_json(True, 1)
    (True, False, False)
    >>> _same_json({"b": [1, "x"], "a": 2}, {"a": 2, "b": (1, "x")})
    True
    """
    try:
        return json.dumps(theirs, sort_keys=True) == json.dumps(ours, sort_keys=True)
    except (TypeError, ValueError):  # not JSON (never from a file): compared as it is
        return theirs == ours


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_problem(
    record: object, header: dict[str, Any], classes: int | None, seen: set[int]
) -> str | None:
    """What is wrong with one class line, or ``None`` when it is sound."""
    if not isinstance(record, dict) or set(record) != {
        "index",
        "boards",
        "bounds",
        "seconds",
        "check",
    }:
        return "not a finished class (index, boards, bounds, seconds, check)"
    index, boards = record["index"], record["boards"]
    if not _is_int(index) or index < 0 or (classes is not None and index >= classes):
        return f"class number {index!r} is not one of this proof's classes"
    if index in seen:
        return f"class {index} is recorded twice"
    if not isinstance(boards, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and pair[0]
        and _is_int(pair[1])
        and pair[1] > header["above"]
        for pair in boards
    ):
        return "boards are not [board, score] pairs scoring above the threshold"
    if not _is_int(record["bounds"]) or record["bounds"] < 0:
        return "bounds is not a count"
    seconds = record["seconds"]
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds >= 0:
        return "seconds is not a duration"
    if record["check"] != line_check(header, record):
        return "its checksum does not match (damaged, edited or from another proof)"
    return None


def _fill_older_header(header: dict[str, Any]) -> None:
    """Checkpoints written before corners and inner cells had buckets of their own say
    ``corner_buckets: null`` (as the edges) and no ``inner_buckets`` (as the edges)."""
    if header.get("corner_buckets", ...) is None:
        header["corner_buckets"] = header.get("buckets")
    header.setdefault("inner_buckets", header.get("buckets"))


_TORN = object()
"""What :func:`_read_lines` gives for a last line that is not JSON, or is not there."""


def _read_lines(path: str, data: bytes) -> tuple[list[Any], Any]:
    """The JSON lines of a checkpoint, and what follows its last line end: that line read as
    JSON (a class line whole but for its line end), or :data:`_TORN` (nothing, or a line cut
    short when the proof was killed mid-write: dropped).  A file of one line, with no line
    end, is that line."""
    shown = quoted(path)
    raw = data.split(b"\n")
    tail: Any = _TORN
    if len(raw) > 1:
        last = raw.pop()  # what follows the last newline: nothing, or a line cut short
        with contextlib.suppress(json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            tail = json.loads(last) if last.strip() else _TORN
    lines: list[Any] = []
    for number, line in enumerate(raw, start=1):
        try:
            lines.append(json.loads(line))
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            if number > 1 and isinstance(lines[0], dict) and lines[0].get("kind") == KIND:
                raise BoggleError(
                    f"checkpoint {shown} line {number} is damaged (not JSON); not trusting it"
                ) from None
            raise BoggleError(f"{shown} is not a prove checkpoint; not overwriting it") from None
    return lines, tail
