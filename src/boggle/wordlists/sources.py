"""Word-list files on disk: the lists shipped in the package, and the cache's summary of a file.

A summary lets a later start use a word list without reading it: it holds what the compiled
core and a solve need (digest, size, longest word, alphabet) for this very file, named by
:func:`file_identity`.

>>> [entry.name for entry in bundled_lists() if entry.default]
['en-70']
"""

from __future__ import annotations

import json
import os
import time
import zlib

from boggle.files.cache import load, store

TYPE_CHECKING = False  # typing, and dataclasses (12 ms), cost every start time to import
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import Any
else:
    from boggle.model.records import dataclass

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "data")
"""Where the bundled word lists and their manifest live."""


@dataclass(frozen=True)
class BundledList:
    """A word list shipped inside the package."""

    name: str
    file: str
    words: int
    description: str
    default: bool
    language: str = "en"
    licence: str = ""
    source: str = ""


def bundled_lists() -> list[BundledList]:
    """The word lists shipped with the package, from its manifest.

    >>> [(entry.name, entry.language) for entry in bundled_lists()][:4]
    [('en-50', 'en'), ('en-70', 'en'), ('en-80', 'en'), ('es', 'es')]
    """
    manifest = os.path.join(DATA_DIR, "wordlists.json")
    try:
        with open(manifest, encoding="utf-8") as handle:
            entries = json.load(handle)
    except FileNotFoundError:
        return []
    return [
        BundledList(
            e["name"],
            e["file"],
            e["words"],
            e.get("description", ""),
            e.get("default", False),
            e.get("language", "en"),
            e.get("licence", ""),
            e.get("source", ""),
        )
        for e in entries
    ]


SUMMARY_FORMAT = 1
"""Bump when what a summary holds, or how words are normalised, changes."""

SETTLED_SECONDS = 2
"""A file changed less than this long before it is read could change again within one tick
of its timestamps, unseen: no summary is kept for it until it has settled."""


def file_identity(path: str) -> tuple[str, int] | None:
    """A text naming this very file as it is now (path as given and real, size, modification
    and change times, inode), and its latest time in ns; ``None`` if it cannot be examined.

    The change time (ctime) cannot be set back by anyone, so a file written again, copied
    over or replaced gets a new identity even with the same size and modification time.
    """
    try:
        real = os.path.realpath(path)
        stat = os.stat(real)
    except (OSError, ValueError):
        return None
    parts = (SUMMARY_FORMAT, path, real, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    identity = "\n".join(map(str, (*parts, stat.st_ino, stat.st_dev)))
    return identity, max(stat.st_mtime_ns, stat.st_ctime_ns)


def summary_path(folder: str, identity: str) -> str:
    key = identity.encode("utf-8", "surrogateescape")
    return os.path.join(folder, f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}.summary")


def read_summary(path: str, identity: str) -> dict[str, Any] | None:
    """What a summary written for ``identity`` says (``None``: none, damaged, or another file's)."""
    payload = load(path)
    try:
        facts = None if payload is None else json.loads(payload)
    except (ValueError, RecursionError):
        return None
    if not isinstance(facts, dict) or facts.get("identity") != identity:
        return None
    return facts


def settled(changed_ns: int) -> bool:
    """Whether a file changed at ``changed_ns`` may be summarised (:data:`SETTLED_SECONDS`)."""
    return time.time_ns() - changed_ns > SETTLED_SECONDS * 10**9


def write_summary(path: str, facts: dict[str, Any]) -> None:
    """Keep ``facts`` (with their ``identity``) as the summary at ``path``, atomically."""
    store(path, json.dumps(facts, ensure_ascii=False).encode())
