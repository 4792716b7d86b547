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
temporary file behind.  Cache entries carry a checksum of their payload
(:func:`store`, :func:`load`), so a damaged or edited entry is rebuilt, never
trusted.

>>> import tempfile
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
import hashlib
import io
import os
import secrets
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import BinaryIO, TextIO

from boggle.errors import OutputError

CACHE_ENV = "BOGGLE_CACHE_DIR"
"""The environment variable naming the cache directory; empty turns the cache off."""

MIN_FREE_BYTES = 1 << 20
"""A cache directory with less free space than this is treated as full."""

_HEADER_PREFIX = b"boggle-cache 1 sha256="
_HEADER_LENGTH = len(_HEADER_PREFIX) + 64 + 1  # the prefix, 64 hex digits, a newline


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
    if environ is None:
        environ = os.environ
    explicit = environ.get(CACHE_ENV)
    if explicit is not None:
        return Path(explicit) if explicit else None
    base = environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "boggle"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no HOME and no password entry
        return None
    if sys.platform == "win32":
        local = environ.get("LOCALAPPDATA")
        return Path(local) / "boggle" / "Cache" if local else None
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "boggle"
    return home / ".cache" / "boggle"


def cache_dir(kind: str) -> Path | None:
    """The usable cache folder for one kind of entry (``wordlists``, ``tries``...), or ``None``.

    ``None`` when the cache is turned off or :func:`usable_dir` refuses the
    folder: the caller then works without the cache.
    """
    root = cache_root()
    return None if root is None else usable_dir(root / kind)


def usable_dir(folder: Path) -> Path | None:
    """``folder``, created if needed, when files can be written in it; else ``None``.

    Refused: a path that is a file or cannot be created (``/proc/...``), a
    folder that is not writable, a disk with less than :data:`MIN_FREE_BYTES` free.

    >>> import tempfile
    >>> usable_dir(Path(tempfile.mkdtemp()) / "wordlists").name
    'wordlists'
    >>> usable_dir(Path("/proc/self/boggle")) is None
    True
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            return None
        space = os.statvfs(folder) if hasattr(os, "statvfs") else None
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    if space is not None and space.f_bavail * space.f_frsize < MIN_FREE_BYTES:
        return None
    return folder


def writable_dir(folder: Path, what: str) -> Path:
    """``folder``, created if needed, for files a user asked for (unlike the cache, it
    must work): :class:`~boggle.errors.OutputError` in one line if it cannot be written.

    >>> writable_dir(Path("/proc/self/boggle"), "the output directory")
    Traceback (most recent call last):
      ...
    boggle.errors.OutputError: cannot create the output directory '/proc/self/boggle': ...
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {what} {str(folder)!r}: {error.strerror}") from None
    if not os.access(folder, os.W_OK):
        raise OutputError(f"cannot write in {what} {str(folder)!r}")
    return folder


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write whose content replaces ``path`` only once complete.

    The data goes to a temporary file beside ``path``; when the ``with`` block
    ends normally it is flushed and renamed over ``path``.  On any error
    (a full disk, Ctrl-C) the temporary file is removed, ``path`` is left as
    it was, and the error propagates.  The new file gets the usual permissions
    (0666 less the umask).

    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out.txt"
    >>> with atomic_file(target) as out:
    ...     _ = out.write(b"done\\n")
    >>> target.read_bytes()
    b'done\\n'
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise OSError(error.errno, error.strerror, os.fspath(target)) from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
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


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through :func:`atomic_file`; :class:`OSError` on failure."""
    with atomic_file(path) as handle:
        handle.write(data)


def store(path: str | os.PathLike[str], payload: bytes) -> bool:
    """Write a cache entry (a checksum header, then ``payload``); whether it was written.

    Failures (a full disk, a vanished folder) are not errors: the entry is
    simply not cached and nothing is left behind.
    """
    digest = hashlib.sha256(payload).hexdigest().encode()
    try:
        with atomic_file(path) as handle:
            handle.write(_HEADER_PREFIX + digest + b"\n")
            handle.write(payload)
    except OSError:
        return False
    return True


def load(path: str | os.PathLike[str]) -> bytes | None:
    """The payload of a cache entry written by :func:`store`, or ``None``.

    ``None`` when the entry is missing, unreadable, or its checksum does not
    match its payload (a damaged or edited entry); the caller rebuilds it.
    """
    try:
        with open(path, "rb") as handle:
            header = handle.read(_HEADER_LENGTH)
            payload = handle.read()
    except (OSError, ValueError):
        return None
    if not header.startswith(_HEADER_PREFIX) or not header.endswith(b"\n"):
        return None
    expected = header[len(_HEADER_PREFIX) : -1]
    if hashlib.sha256(payload).hexdigest().encode() != expected:
        return None
    return payload
