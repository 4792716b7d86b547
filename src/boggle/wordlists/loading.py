"""Loading a word list once: the one cache of loaded lists, and the cache's summary of a file.

:func:`load_lexicon` asks :func:`boggle.wordlists.sources.find_list` where the list comes from,
reads it (with its language's profile when it has one) and keeps it in the one cache of this
process, keyed by the file's identity: asking twice is free, and a file is read again when it
has changed on disk.  What an engine compiles from a list is kept on the list itself
(:meth:`boggle.wordlists.lexicon.Lexicon.cached`).

Every list read from a file is summarised in the on-disk cache (``lists/``: digest, size,
longest word, alphabet), keyed by :func:`file_identity` and the language rules it was read
with: a later start with the same file takes the summary and reads the words only when
something asks for them (a server lists the system lists' sizes without reading them).

>>> load_lexicon() is load_lexicon("en-70")
True
>>> load_wordlist(None, "es").language
'es'
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import zlib
from _thread import allocate_lock  # threading.Lock, without importing threading

from boggle.files.cache import cache_folder, load, store
from boggle.model.errors import LexiconError
from boggle.model.wording import quoted
from boggle.wordlists.lexicon import Lexicon, normalise_words
from boggle.wordlists.sources import ListSource, find_list
from boggle.wordlists.spelling import language_profile
from boggle.wordlists.written import (
    KeptForms,
    WrittenForms,
    read_forms,
    respells,
    shipped_forms,
)

TYPE_CHECKING = False  # typing costs every start time to import
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from boggle.wordlists.spelling import LanguageProfile

SUMMARY_FORMAT = 5
"""Bump when what a summary holds, or how words are normalised (by the default rules or a
language profile's code), changes (2: a UTF-8 byte order mark is dropped, so a list that
starts with one keeps its first word; 3: a language's list drops the words it writes only in
capitals, its abbreviations; 4: a file of plain a-z words read with a language's rules gets
them, German ``bzw`` dropped; 5: ``æ``, ``ø``, ``œ`` are vowels, so a Swedish file's ``øl``
is no longer dropped as a word without one)."""

WRITTEN_FORMAT = 3
"""Bump when how the written forms are gathered (:mod:`boggle.wordlists.written`) or kept
(:meth:`~boggle.wordlists.written.KeptForms.text`) changes (2: an English word's forms begin
with the word itself, ``cafe``: ``cafe``, ``café``; 3: a German noun's capital is a form,
``haus``: ``Haus``)."""

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


SUMMARY_FACTS: dict[str, type | tuple[type, ...]] = {
    "digest": str,
    "count": int,
    "longest": int,
    "alphabet": str,
    "source": (str, type(None)),
}
"""What a summary must hold, and of which types, to be trusted."""


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
    if not all(isinstance(facts.get(key), kind) for key, kind in SUMMARY_FACTS.items()):
        return None  # another version's, or edited: its words are read again
    return facts


def settled(changed_ns: int) -> bool:
    """Whether a file changed at ``changed_ns`` may be summarised (:data:`SETTLED_SECONDS`)."""
    return time.time_ns() - changed_ns > SETTLED_SECONDS * 10**9


def write_summary(path: str, facts: dict[str, Any]) -> None:
    """Keep ``facts`` (with their ``identity``) as the summary at ``path``, atomically.

    ASCII JSON: a file name with a byte that is not UTF-8 (a surrogate escape in
    ``identity``) is written as ``\\udcff`` and read back as it was."""
    store(path, json.dumps(facts).encode())


def _summarised(path: str, name: str, profile: LanguageProfile | None = None) -> Lexicon:
    """:meth:`Lexicon.from_file` with ``profile``'s rules (``None``: the default ones), read
    only when its words are first used when the cache holds a summary of this very file read
    with these very rules (see :func:`file_identity`): its digest, size, longest word and
    alphabet are all the compiled core, a solve and a list of the lists need."""
    normalise = normalise_words if profile is None else profile.normalise_words
    plain = None if profile is None else profile.plain_words
    language = None if profile is None else profile.name
    folder = cache_folder("lists")
    found = None if folder is None else file_identity(path)
    if folder is None or found is None:
        return Lexicon.from_file(
            path, name=name, normalise=normalise, plain=plain, language=language
        )
    identity, changed_ns = found
    if profile is not None:  # the same file read by another language's rules: other words
        identity += f"\n{profile!r}"
    entry = summary_path(folder, identity)
    facts = read_summary(entry, identity)
    if facts is None:
        lexicon = Lexicon.from_file(
            path, name=name, normalise=normalise, plain=plain, language=language
        )
        if settled(changed_ns):
            facts = {
                "identity": identity,
                "digest": lexicon.digest,
                "count": lexicon.count,
                "longest": lexicon.longest,
                "alphabet": "".join(sorted(lexicon.alphabet)),
                "source": lexicon.source,
            }
            write_summary(entry, facts)
        return lexicon
    lexicon = Lexicon._normalised(None, name, source=facts["source"])
    digest = facts["digest"]

    def read_words() -> tuple[str, ...]:
        fresh = Lexicon.from_file(
            path, name=name, normalise=normalise, plain=plain, language=language
        )
        if fresh.digest != digest:
            raise LexiconError(f"word list {quoted(str(path))} changed while in use; load it again")
        return fresh.words

    lexicon._read_words = read_words
    lexicon.__dict__.update(
        digest=digest,
        count=facts["count"],
        longest=facts["longest"],
        alphabet=frozenset(facts["alphabet"]),
    )
    return lexicon


_loaded: dict[tuple[str, ...], Lexicon] = {}
"""Every list this process has loaded (the one cache), by where it came from."""
_loaded_lock = allocate_lock()


def load_lexicon(
    name_or_path: str | os.PathLike[str] | None = None,
    language: str | None = None,
    *,
    name: str | None = None,
) -> Lexicon:
    """A bundled list by name, a system list by language code (``de``), or a word list file by
    path, read with ``language``'s profile when one is given; ``None`` gives the default list.

    Loaded lists are kept, so asking twice is free; a file is read again when it has changed
    on disk.  ``name`` names a file's list (default: the file's name).

    >>> english = load_lexicon("en-70")
    >>> english.name, "fame" in english.words, load_lexicon() is english
    ('en-70', True, True)
    """
    if name_or_path is not None and not isinstance(name_or_path, str | os.PathLike):
        raise LexiconError(
            f"a word list is a Lexicon, a list's name or a file's path, not {name_or_path!r}"
        )
    if name is not None and not isinstance(name, str):
        raise LexiconError(f"a word list's name must be text, got {name!r}")
    return load_source(find_list(name_or_path, language, name=name))


def as_lexicon(lexicon: Lexicon | str | os.PathLike[str] | None) -> Lexicon:
    """``lexicon`` itself, or the list its name or path names (:func:`load_lexicon`; ``None``:
    the default list), as every function that takes a word list reads it.

    >>> as_lexicon("en-70") is load_lexicon("en-70"), as_lexicon(None).name
    (True, 'en-70')
    >>> as_lexicon(5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.LexiconError: a word list is a Lexicon, a list's name or a file's ...
    """
    return lexicon if isinstance(lexicon, Lexicon) else load_lexicon(lexicon)


def load_source(source: ListSource) -> Lexicon:
    """The list ``source`` names, loaded once (see :func:`load_lexicon`)."""
    if source.kind == "bundled":
        key: tuple[str, ...] = ("bundled", source.name)
    else:
        found = file_identity(source.path)
        if found is None:
            return Lexicon.from_file(source.path)  # raises the precise error
        key = (source.kind, found[0], source.name, source.language or "")
    with _loaded_lock:
        lexicon = _loaded.get(key)
        if lexicon is None:
            lexicon = _loaded[key] = _read(source)
        return lexicon


def _read(source: ListSource) -> Lexicon:
    profile = None  # a bundled list is stored already normalised by its language's profile
    if source.kind != "bundled" and source.language is not None:
        profile = language_profile(source.language)
    lexicon = _summarised(source.path, source.name, profile)
    lexicon.bundled = source.kind == "bundled"
    lexicon.language = source.language
    language = source.language
    lexicon._read_written = read_forms if language is None else _kept_forms(source, language)
    return lexicon


def _kept_forms(source: ListSource, language: str) -> Callable[[Lexicon], WrittenForms]:
    """:func:`~boggle.wordlists.written.read_forms` for a list of a language, its answer kept
    in the on-disk cache beside the list's summary (``lists/*.written``, keyed by the file's
    identity and the language's rules as the summary is, and by the identity of the forms'
    file shipped beside a bundled list): a French system list's 125,000 forms take a second
    to gather from the file and milliseconds to take up again, and a warm start's solve on
    an English list (``café``) neither opens ``en-written.txt.gz`` nor reads the list's words
    to take up its few forms."""

    profile = language_profile(language)

    def read(lexicon: Lexicon) -> WrittenForms:
        shipped = shipped_forms(source.name) if source.kind == "bundled" else None
        folder = cache_folder("lists") if respells(profile) or shipped is not None else None
        found = None if folder is None else file_identity(source.path)
        beside = None if shipped is None else file_identity(shipped)
        if folder is None or found is None or (shipped is not None and beside is None):
            return read_forms(lexicon)
        identity = f"{found[0]}\n{profile!r}\nwritten {WRITTEN_FORMAT}"
        changed_ns = found[1]
        if beside is not None:
            identity += f"\n{beside[0]}"
            changed_ns = max(changed_ns, beside[1])
        entry = summary_path(folder, identity).removesuffix(".summary") + ".written"
        kept = _read_kept_forms(entry, identity)
        if kept is not None:
            return kept
        forms = read_forms(lexicon)
        if settled(changed_ns):
            payload = json.dumps(identity) + "\0" + KeptForms.text(forms)
            with contextlib.suppress(UnicodeEncodeError):  # a form not UTF-8: not kept
                store(entry, payload.encode())
        return forms

    return read


def _read_kept_forms(entry: str, identity: str) -> KeptForms | None:
    """The forms kept at ``entry`` for ``identity``; ``None``: none, damaged or another's."""
    payload = load(entry)
    if payload is None:
        return None
    try:
        named, _, text = payload.decode().partition("\0")
        if named != json.dumps(identity):
            return None
        return KeptForms.from_text(text)
    except ValueError:  # UnicodeDecodeError is one
        return None


def load_wordlist(name_or_path: str | None, language: str | None = None) -> Lexicon:
    """The list a user names with a list and a language: a language alone is that
    language's list (``es``: the Spanish list), a file with a language is read as it.

    >>> load_wordlist(None, "es").name
    'es'
    """
    if name_or_path is None and language is not None:
        code = language_profile(language).code
        if code != "en":
            return load_lexicon(code)
    return load_lexicon(name_or_path, language)
