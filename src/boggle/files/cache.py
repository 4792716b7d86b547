"""The on-disk cache and atomic file writes.

Structures that are slow to build (a sorted copy of a word list, a compiled
trie) are kept between runs in a per-user cache directory:
``$BOGGLE_CACHE_DIR`` when set (set it empty to turn the cache off), else
``$XDG_CACHE_HOME/boggle``, else the platform's cache folder (``~/.cache/boggle``
on Linux).  The cache is a convenience, never a requirement: when the directory
cannot be used (it is a file, under ``/proc``, read-only, or its disk is full)
:func:`cache_dir` gives ``None`` and the caller builds in memory instead;
failed cache writes are ignored.

Every write goes to a temporary file in the target's own directory, renamed
over the target only once complete (:func:`atomic_file`), so a reader never
sees half a file and a full disk leaves neither a truncated target nor a
temporary file behind.  Cache entries carry their payload's length and a
checksum (:func:`store`, :func:`load`; CRC-32 unless the caller gives a faster one,
as the compiled core does for its multi-megabyte entries), so a truncated, damaged
or edited entry is rebuilt, never trusted, at a fraction of a hash's cost on each start.
An entry is read whole into the process's own memory, never mapped: a file mapped in
memory that someone truncates kills the process that maps it (SIGBUS) on its next read,
so a cache file changed under a running server or a long ``score`` must not be mapped.
Only a regular file of at most :data:`MAX_ENTRY_BYTES` is read, opened without following
a symbolic link and without blocking: a link to ``/dev/zero``, a FIFO or a directory in
the cache's place is not an entry, and is rebuilt over.  A payload starts at a multiple
of :data:`PAYLOAD_ALIGNMENT` bytes into its file, so numbers the payload keeps at aligned
offsets stay aligned in memory (:func:`load_view`).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> store(folder / "entry.bin", b"payload")
True
>>> load(folder / "entry.bin")
b'payload'
>>> _ = (folder / "entry.bin").write_bytes(b"damaged")
>>> load(folder / "entry.bin") is None
True
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import sys
import zlib
from collections.abc import Callable, Iterator, Mapping

from boggle.model.errors import OutputError
from boggle.model.wording import quoted

TYPE_CHECKING = False  # typing and pathlib cost milliseconds to import on every start
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO, TextIO, TypeVar

    Folder = TypeVar("Folder", str, Path)


CACHE_ENV = "BOGGLE_CACHE_DIR"
"""The environment variable naming the cache directory; empty turns the cache off."""

MIN_FREE_BYTES = 1 << 20
"""A cache directory with less free space than this is treated as full."""

PAYLOAD_ALIGNMENT = 64
"""A payload starts this many bytes into its file (a header padded to a cache line)."""

MAX_ENTRY_BYTES = 1 << 30
"""A cache file larger than this is not an entry the project wrote: it is not read."""

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO with no writer is opened, seen and refused
    | getattr(os, "O_NOFOLLOW", 0)  # a link in an entry's place is not followed
    | getattr(os, "O_BINARY", 0)
)

_HEADER_PREFIX = b"boggle-cache 4 "
_HEADER_LENGTH = PAYLOAD_ALIGNMENT
_HEADER_PADDING = b" " * (_HEADER_LENGTH - len(_HEADER_PREFIX) - (16 + 1 + 16 + 1))

Check = Callable[[bytes | memoryview], int]
"""A checksum of a payload, below 2**64: ``zlib.crc32`` by default."""


def cache_root(environ: Mapping[str, str] | None = None) -> Path | None:
    """The configured cache directory (which may not exist yet), or ``None`` if turned off.

    ``environ`` defaults to the process environment.

    >>> cache_root({"BOGGLE_CACHE_DIR": ""}) is None
    True
    >>> cache_root({"BOGGLE_CACHE_DIR": "/tmp/boggle-cache"}).as_posix()
    '/tmp/boggle-cache'
    >>> cache_root({"XDG_CACHE_HOME": "/var/cache"}).as_posix()
    '/var/cache/boggle'
    """
    from pathlib import Path

    root = _cache_root_text(os.environ if environ is None else environ)
    return None if root is None else Path(root)


def _cache_root_text(environ: Mapping[str, str]) -> str | None:
    explicit = environ.get(CACHE_ENV)
    if explicit is not None:
        return explicit or None
    base = environ.get("XDG_CACHE_HOME")
    if base:
        return os.path.join(base, "boggle")
    home = os.path.expanduser("~")
    if home == "~":  # no HOME and no password entry
        return None
    if sys.platform == "win32":
        local = environ.get("LOCALAPPDATA")
        return os.path.join(local, "boggle", "Cache") if local else None
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Caches", "boggle")
    return os.path.join(home, ".cache", "boggle")


def cache_dir(kind: str) -> Path | None:
    """The usable cache folder for one kind of entry (``wordlists``, ``tries``...), or ``None``.

    ``None`` when the cache is turned off or :func:`usable_dir` refuses the
    folder: the caller then works without the cache.
    """
    from pathlib import Path

    folder = cache_folder(kind)
    return None if folder is None else Path(folder)


def cache_folder(kind: str) -> str | None:
    """:func:`cache_dir` as a string (what a start that never imports :mod:`pathlib` uses)."""
    root = _cache_root_text(os.environ)
    return None if root is None else usable_dir(os.path.join(root, kind))


def usable_dir(folder: Folder) -> Folder | None:
    """``folder``, created if needed, when files can be written in it; else ``None``.

    Refused: a path that is a file or cannot be created (``/proc/...``), a
    folder that is not writable, a disk with less than :data:`MIN_FREE_BYTES` free.

    >>> import tempfile
    >>> from pathlib import Path
    >>> usable_dir(Path(tempfile.mkdtemp()) / "wordlists").name
    'wordlists'
    >>> usable_dir(Path("/proc/self/boggle")) is None
    True
    """
    try:
        os.makedirs(folder, exist_ok=True)
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK | os.X_OK):
            return None
        space = os.statvfs(folder) if hasattr(os, "statvfs") else None
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    if space is not None and space.f_bavail * space.f_frsize < MIN_FREE_BYTES:
        return None
    return folder


def writable_dir(folder: Path, what: str) -> Path:
    """``folder``, created if needed, for files a user asked for (unlike the cache, it
    must work): :class:`~boggle.model.errors.OutputError` in one line if it cannot be written.

    >>> from pathlib import Path
    >>> writable_dir(Path("/proc/self/boggle"), "the output directory")
    Traceback (most recent call last):
      ...
    boggle.model.errors.OutputError: cannot create ...: '/proc/self' takes no new directories; ...
    >>> writable_dir(Path(__file__), "the data directory")
    Traceback (most recent call last):
      ...
    boggle.model.errors.OutputError: the data directory '...cache.py' is a file; give a directory
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file (or a link to nothing) of that name: "File exists" misled
        kind = "a link to nothing" if folder.is_symlink() and not folder.exists() else "a file"
        raise OutputError(f"{what} {quoted(str(folder))} is {kind}; give a directory") from None
    except (FileNotFoundError, NotADirectoryError):  # /proc/self/x, FILE/x: say which
        raise OutputError(
            f"cannot create {what} {quoted(str(folder))}: {_no_folder(str(folder))}"
        ) from None
    except OSError as error:
        raise OutputError(f"cannot create {what} {quoted(str(folder))}: {error.strerror}") from None
    if not os.access(folder, os.W_OK):
        raise OutputError(f"cannot write in {what} {quoted(str(folder))}")
    return folder


def _in_the_way(folder: str) -> str | None:
    """The file in the way of the missing ``folder`` (``F`` of ``F/more``: the nearest
    existing folder above is no directory), or ``None``."""
    above = folder
    while above not in ("", "/", ".") and not os.path.lexists(above):
        above = os.path.dirname(above)
    if above not in ("", "/", ".") and not os.path.isdir(above):
        return above
    return None


def _no_folder(folder: str) -> str:
    """Why the missing ``folder`` could not be made (its parents made as needed): a file in
    the way, or the nearest folder above takes no new ones (``/proc/self``)."""
    in_the_way = _in_the_way(folder)
    if in_the_way is not None:
        return f"not a directory: {quoted(in_the_way)}"
    above = os.path.dirname(folder.rstrip("/")) or "."
    while not os.path.isdir(above) and above not in ("", "/", "."):
        above = os.path.dirname(above) or "."
    return f"{quoted(above)} takes no new directories; give one in another directory"


def not_made(path: str, error: OSError | None = None) -> str:
    """Why a new file at ``path`` could not be made, as the end of a line (``cannot write
    'p': ...``): what is really wrong, where the system's words mislead (``Is a directory``
    for ``FILE/``, ``No such file or directory`` for a file in ``/proc/self``).  ``error``:
    what making it raised (``None``: it was not tried, the folder takes no new files).

    >>> not_made("/proc/self/x", FileNotFoundError(2, "No such file or directory"))
    "'/proc/self' takes no new files; give a file in another directory"
    >>> not_made(__file__ + "/more/x", FileNotFoundError(2, "No such file or directory"))
    "not a directory: '...cache.py'"
    """
    trimmed = path.rstrip("/")
    if path.endswith("/") and trimmed:
        if os.path.isfile(trimmed):
            return (
                f"{quoted(trimmed)} is a file, and the '/' after it names a directory; "
                "drop the '/' to use that file"
            )
        return "a name ending in '/' names a directory; give a file name"
    folder = os.path.dirname(path) or "."
    if error is None or isinstance(error, FileNotFoundError | NotADirectoryError):
        if os.path.isdir(folder):  # there, but no file can be made in it (/proc, /sys)
            return f"{quoted(folder)} takes no new files; give a file in another directory"
        in_the_way = _in_the_way(folder)
        if in_the_way is not None:
            return f"not a directory: {quoted(in_the_way)}"
        return f"no directory {quoted(folder)}"
    return error.strerror or str(error)


def new_file_problem(path: str) -> str | None:
    """Why no new file can be made at ``path`` (as :func:`not_made` words it, or the folder
    not writable), found before any work that would end in writing it; ``None`` when one can.
    A folder that is there is tried with a file made and removed at once: its permissions
    do not say it all (root writes in a folder they refuse; in ``/proc`` no new file can be
    made).

    >>> new_file_problem("/proc/self/x.svg")
    "'/proc/self' takes no new files; give a file in another directory"
    >>> new_file_problem(__file__ + "/")
    "'...cache.py' is a file, and the '/' after it names a directory; drop the '/' to use that file"
    """
    folder = os.path.dirname(path)
    if path.endswith("/") or not os.path.isdir(folder or "."):
        return not_made(path, FileNotFoundError(2, "No such file or directory"))
    trial = os.path.join(folder, f".{os.path.basename(path)}.{os.urandom(4).hex()}.tmp")
    try:
        os.close(os.open(trial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except (FileNotFoundError, NotADirectoryError):
        return not_made(path)
    except OSError as error:
        if isinstance(error, PermissionError) or error.errno == errno.EROFS:
            return f"{quoted(folder) if folder else 'the current directory'} is not writable"
        return not_made(path, error)
    with contextlib.suppress(OSError):
        os.unlink(trial)
    return None


def check_replaceable(path: str | os.PathLike[str]) -> None:
    """:class:`~boggle.model.errors.OutputError` in one line when ``path`` is something a
    written file must never take the place of: a device (``/dev/null``), a pipe or a socket.
    Renaming a new file over it would put a plain file in its place (as root, over the
    system's ``/dev/null``); a missing path, a regular file or a symbolic link (replaced
    itself, never what it names) may be written.

    >>> check_replaceable("/dev/null")
    Traceback (most recent call last):
      ...
    boggle.model.errors.OutputError: '/dev/null' is a device, not a regular file; give a file name
    """
    from boggle.files.inputs import file_kind

    target = os.fspath(path)
    try:
        mode = os.lstat(target).st_mode
    except (OSError, ValueError):  # missing (or a name the writer will refuse itself)
        return
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode) or stat.S_ISDIR(mode)):
        raise OutputError(
            f"{quoted(target)} is {file_kind(mode)}, not a regular file; give a file name"
        )


@contextlib.contextmanager
def atomic_file(
    path: str | os.PathLike[str], *, replace_special: bool = False, mode: int = 0o666
) -> Iterator[BinaryIO]:
    """A binary file to write whose content replaces ``path`` only once complete.

    The data goes to a temporary file beside ``path``; when the ``with`` block
    ends normally it is flushed and renamed over ``path``.  On any error
    (a full disk, Ctrl-C) the temporary file is removed, ``path`` is left as
    it was, and the error propagates.  The new file gets the usual permissions
    (0666 less the umask), or ``mode`` (less the umask) from its creation: ``0o600`` for
    secrets, which no other user can open even while they are written.  A device, pipe or
    socket at ``path`` is never replaced (:func:`check_replaceable`), unless
    ``replace_special``: the cache's own entries, where whatever took an entry's place is
    written over.

    >>> import tempfile
    >>> from pathlib import Path
    >>> target = Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_file(target) as out:
    ...     _ = out.write(b"done\\n")
    >>> target.read_bytes()
    b'done\\n'
    """
    target = os.fspath(path)
    if not replace_special:
        check_replaceable(target)
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as error:
        raise OSError(error.errno, error.strerror, os.fspath(target)) from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if not replace_special:
            check_replaceable(target)  # one made while the data was written
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and error.filename is None:  # a write error: name the file
            raise OSError(error.errno, error.strerror, os.fspath(target)) from None
        raise


@contextlib.contextmanager
def atomic_text_file(path: str | os.PathLike[str], newline: str | None = None) -> Iterator[TextIO]:
    """:func:`atomic_file` for text, UTF-8 (``newline=""`` for :mod:`csv`)."""
    with atomic_file(path) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", newline=newline)
        yield text
        text.flush()
        text.detach()  # leave the binary file open for atomic_file to finish


def write_atomic(
    path: str | os.PathLike[str], data: bytes, *, replace_special: bool = False
) -> None:
    """Write ``data`` to ``path`` through :func:`atomic_file`; :class:`OSError` on failure."""
    with atomic_file(path, replace_special=replace_special) as handle:
        handle.write(data)


def _header(payload: bytes | memoryview, check: Check) -> bytes:
    """The prefix, checksum and length in hex, padded to :data:`PAYLOAD_ALIGNMENT` bytes."""
    return b"%s%016x %016x%s\n" % (_HEADER_PREFIX, check(payload), len(payload), _HEADER_PADDING)


def store(path: str | os.PathLike[str], payload: bytes, check: Check = zlib.crc32) -> bool:
    """Write a cache entry (a header with the payload's checksum and length, then
    ``payload``); whether it was written.

    Failures (a full disk, a vanished folder) are not errors: the entry is
    simply not cached and nothing is left behind.
    """
    try:
        with atomic_file(path, replace_special=True) as handle:
            handle.write(_header(payload, check))
            handle.write(payload)
    except OSError:
        return False
    return True


def read_entry_file(path: str | os.PathLike[str], limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """The bytes of the cache file ``path``, read into memory; ``None`` if it is not one.

    ``None`` when the file is missing or unreadable, a symbolic link (not followed), not a
    regular file (a FIFO, a device, a directory: refused before any read, nothing blocks) or
    larger than ``limit`` bytes.  The bytes are the process's own: whatever happens to the
    file afterwards (truncated, rewritten) cannot change them.

    >>> read_entry_file("/dev/zero") is None
    True
    """
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        return _read_up_to(descriptor, info.st_size + 1, limit)
    except OSError:
        return None
    finally:
        os.close(descriptor)


def _read_up_to(descriptor: int, expected: int, limit: int) -> bytes | None:
    """Read to the end of the file; ``None`` past ``limit`` bytes (a file still growing)."""
    chunks = []
    total = 0
    while True:
        chunk = os.read(descriptor, max(expected - total, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            return None
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def load(path: str | os.PathLike[str], check: Check = zlib.crc32) -> bytes | None:
    """The payload of a cache entry written by :func:`store`, or ``None``.

    ``None`` when the entry is missing, not a regular file of at most
    :data:`MAX_ENTRY_BYTES` (:func:`read_entry_file`), of another length than its
    header says (truncated) or its checksum (``check``, as :func:`store` was given)
    does not match (a damaged or edited entry); the caller rebuilds it.
    """
    payload = load_view(path, check)
    return None if payload is None else payload.tobytes()


def load_view(path: str | os.PathLike[str], check: Check = zlib.crc32) -> memoryview | None:
    """:func:`load`, but the payload is a read-only view of the file's bytes, not a second copy
    of them: a multi-megabyte entry is read once.  The view starts :data:`PAYLOAD_ALIGNMENT`
    bytes into a buffer of the process's own, so what the payload keeps at aligned offsets
    stays aligned; a file truncated or rewritten meanwhile changes nothing.

    >>> import tempfile
    >>> from pathlib import Path
    >>> entry = Path(tempfile.mkdtemp()) / "entry.bin"
    >>> store(entry, b"payload")
    True
    >>> bytes(load_view(entry))
    b'payload'
    """
    data = read_entry_file(path)
    if data is None:
        return None
    view = memoryview(data)
    header, payload = view[:_HEADER_LENGTH], view[_HEADER_LENGTH:]
    if header != _header(payload, check):
        return None
    return payload
