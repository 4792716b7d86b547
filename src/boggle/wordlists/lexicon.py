"""The word list as a value: :class:`Lexicon`, and how every line of a list is normalised.

Any plain word list works: one word per line, any line endings (``\\n``,
``\\r\\n``, ``\\r``), UTF-8 or Latin-1, optionally gzip-compressed (``.gz``).
Every line is normalised the same way:

* text is put in Unicode NFC form, so decomposed files (``a`` + a combining
  accent, as macOS often writes them) read as composed ones;
* surrounding white space is stripped and empty lines are skipped;
* a word with anything but letters in it (an apostrophe, a digit, a hyphen, a
  space) is dropped: contractions, abbreviations with digits, compounds;
* a word in mixed case (``Paris``, ``McDonald``, ``iPod``) is a proper noun and
  is dropped; all-lowercase and ALL-CAPS words are kept, lowercased;
* duplicates are removed and the words sorted.

Letters are any Unicode letters, so the alphabet is whatever the list uses and
non-English lists work.  Whether a word can be formed on a board is the
solver's business: a word with a ``q`` not followed by ``u`` simply has no path
on a board whose only Q cube is ``Qu``.

Other languages' spelling rules (accent folding, ``ß``, German nouns) are
language profiles: see :mod:`boggle.wordlists.spelling`.  Where a list comes from is
:mod:`boggle.wordlists.sources`; loading it once is :mod:`boggle.wordlists.loading`.

>>> lexicon = Lexicon.from_words(["Cat", "dog", "DOG", "it's", "ant"])
>>> lexicon.words
('ant', 'dog')
>>> "dog" in lexicon, len(lexicon)
(True, 2)
"""

from __future__ import annotations

import operator
import os
from _thread import allocate_lock  # threading.Lock, without importing threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from itertools import islice

from boggle.files.inputs import SNIFF_BYTES, binary_reason, plain_text, read_file
from boggle.model.errors import LexiconError
from boggle.model.letters import LATIN, nfc
from boggle.model.wording import as_text, counted, quoted

TYPE_CHECKING = False  # typing costs every start time to import
if TYPE_CHECKING:
    from typing import Any

MAX_WORDLIST_BYTES = 100 * 1024 * 1024
"""A word list file (or its uncompressed content) may be this large: about 10 million words."""

MAX_WORD_LETTERS = 64
"""Longer lines cannot be Boggle words on any board a person plays; they are dropped."""


def normalise_word(raw: str) -> str | None:
    """The word as a lexicon stores it, or ``None`` if the rules above drop it.

    >>> normalise_word("  Apple "), normalise_word("APPLE"), normalise_word("apple")
    (None, 'apple', 'apple')
    >>> normalise_word("don't"), normalise_word("mp3")
    (None, None)
    """
    if not isinstance(raw, str):
        raise LexiconError(f"a word must be text, got {raw!r} ({type(raw).__name__})")
    word = nfc(raw.strip())
    if not word or not word.isalpha() or len(word) > MAX_WORD_LETTERS:
        return None
    if word.islower():
        return word
    if word.isupper():
        return word.lower()
    return None


def normalise_words(lines: Iterable[str]) -> tuple[str, ...]:
    """Normalise, de-duplicate and sort a sequence of raw lines."""
    kept = set()
    for line in lines:
        word = normalise_word(line)
        if word is not None:
            kept.add(word)
    return tuple(sorted(kept))


class Lexicon:
    """A normalised, sorted word list.

    >>> lexicon = Lexicon.from_words(["tea", "EAT", "it's", "Paris", "tea"])
    >>> lexicon.words, "tea" in lexicon
    (('eat', 'tea'), True)

    Engines keep the structures they compile from a lexicon (tries, prefix
    sets, the native core's arrays) in :meth:`cached`, so they are built once
    per lexicon and shared.
    """

    def __init__(self, words: Iterable[str], name: str, source: str | None = None) -> None:
        """Words must already be normalised (see :func:`normalise_word`); they are
        sorted and de-duplicated here.  Raises :class:`LexiconError` naming the
        first word that is not.

        >>> Lexicon(["dog", "ant", "dog"], "pets").words
        ('ant', 'dog')
        """
        self._setup(_checked_words(_given_words(words, "Lexicon", name)), name, source)

    @classmethod
    def _normalised(
        cls, words: tuple[str, ...] | None, name: str, source: str | None = None
    ) -> Lexicon:
        """A lexicon from words already normalised, sorted and unique (no checks)."""
        lexicon = cls.__new__(cls)
        lexicon._setup(words, name, source)
        return lexicon

    def _setup(self, words: tuple[str, ...] | None, name: str, source: str | None) -> None:
        self._words = words
        self._read_words: Callable[[], tuple[str, ...]] | None = None
        self._read_written: Callable[[Lexicon], Mapping[str, tuple[str, ...]]] | None = None
        """What reads the words' written forms (:mod:`boggle.wordlists.loading` sets it)."""
        self.name = name
        self.source = source
        self.bundled = False
        self.language: str | None = None
        """The language profile the words were normalised with (``None``: the default rules)."""
        self._cache: dict[str, object] = {}
        self._lock = allocate_lock()
        self._words_lock = allocate_lock()

    @property
    def words(self) -> tuple[str, ...]:
        """The words, sorted (a list read through its summary is read on first use)."""
        words = self._words
        if words is None:
            with self._words_lock:
                if self._words is None:
                    assert self._read_words is not None
                    self._words = self._read_words()
                words = self._words
        return words

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "custom") -> Lexicon:
        """A lexicon from raw words, normalised as a word list file would be.

        >>> Lexicon.from_words(["Cat", "DOG", "dog", "it's"], name="pets")
        <Lexicon 'pets': 1 word>
        >>> Lexicon.from_words("fame")
        Traceback (most recent call last):
        ...
        boggle.model.errors.LexiconError: Lexicon.from_words takes ... not one text; split it ...
        """
        words = _given_words(words, "Lexicon.from_words", name)
        return cls._normalised(normalise_words(words), name)

    @classmethod
    def from_file(
        cls,
        path: str | os.PathLike[str],
        name: str | None = None,
        normalise: Callable[[Iterable[str]], tuple[str, ...]] = normalise_words,
        plain: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
        language: str | None = None,
    ) -> Lexicon:
        """Read and normalise a word list file (``normalise``: a language profile's rules;
        ``plain``: the same rules given the words of a file of plain a-z words, sorted and
        unique, the common file read faster: :meth:`LanguageProfile.plain_words
        <boggle.wordlists.spelling.LanguageProfile.plain_words>`; ``language``: their
        language's name, said where they drop every word of the file).

        Raises :class:`LexiconError` when the file is missing, unreadable,
        empty, binary, or holds no usable word.

        >>> import tempfile
        >>> from pathlib import Path
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = Path(folder, "pets.txt")
        ...     _ = path.write_text("dog\\nCAT\\nPoodle\\n", encoding="utf-8")
        ...     Lexicon.from_file(path).words
        ('cat', 'dog')
        """
        from pathlib import Path  # not at the top: a start that reads no list never needs it

        if not isinstance(path, str | os.PathLike):
            raise LexiconError(f"a word list file is a path, not {type(path).__name__}")
        file = Path(path)
        shown = os.fspath(path)  # as typed: Path("./words.txt") would show 'words.txt'
        data = read_file(shown, "word list", MAX_WORDLIST_BYTES, LexiconError, gzip=True)
        if not data.strip():
            raise LexiconError(f"word list {quoted(shown)} is empty")
        # a file of plain a-z words is its words under the default rules; a language's rules
        # may drop some of them all the same (Dutch dvd, mmiv; German bzw)
        words = None
        if normalise is normalise_words or plain is not None:
            words = _plain_lowercase_words(data)
            if words is not None and normalise is not normalise_words and plain is not None:
                words = plain(words)
        if words is None:
            words = normalise(_decode(data, shown).splitlines())
        if not words:
            raise LexiconError(_no_usable_words(shown, data, language))
        return cls._normalised(words, name or file.name, source=str(file))

    def __len__(self) -> int:
        return self.count

    @cached_property
    def count(self) -> int:
        """Number of words."""
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.word_set

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {counted(len(self.words), 'word')}>"

    @cached_property
    def word_set(self) -> frozenset[str]:
        """The words as a set, for membership tests."""
        return frozenset(self.words)

    @cached_property
    def alphabet(self) -> frozenset[str]:
        """Every letter used by some word."""
        text = "".join(self.words)
        if text.isascii():  # 26 fast substring scans beat building a set of every letter
            return frozenset(c for c in LATIN if c in text)
        return frozenset(text)

    @cached_property
    def digest(self) -> str:
        """SHA-256 of the normalised words: equal lists have equal digests."""
        import hashlib  # loading OpenSSL costs milliseconds; a summarised list never needs it

        return hashlib.sha256("\n".join(self.words).encode()).hexdigest()

    @cached_property
    def longest(self) -> int:
        """Length of the longest word (0 for an empty lexicon)."""
        return max(map(len, self.words), default=0)

    def cached(self, key: str, build: Callable[[Lexicon], object]) -> Any:
        """The structure stored under ``key``, built by ``build(self)`` the first time.

        >>> lexicon = Lexicon.from_words(["cat", "dog"])
        >>> lexicon.cached("lengths", lambda lex: [len(w) for w in lex.words])
        [3, 3]
        >>> lexicon.cached("lengths", lambda lex: "not built again")
        [3, 3]
        """
        value = self._cache.get(key)
        if value is None:
            with self._lock:
                value = self._cache.get(key)
                if value is None:
                    value = build(self)
                    self._cache[key] = value
        return value

    def written_forms(self) -> Mapping[str, tuple[str, ...]]:
        """How the language writes the words this list holds folded (``aerea``:
        ``("aérea",)``), for those it writes otherwise: see :mod:`boggle.wordlists.written`.

        >>> Lexicon.from_words(["cat"]).written_forms()
        {}
        """
        if self._read_written is None:  # not a list load_lexicon read with a language
            return {}
        return self.cached("written forms", self._read_written)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """Name and size, as JSON output shows them (a byte of a file's name that was not
        UTF-8 as U+FFFD: :func:`~boggle.model.wording.as_text`).

        >>> Lexicon.from_words(["cat", "dog"], name="pets").to_json()
        {'name': 'pets', 'words': 2}
        """
        info: dict[str, Any] = {"name": as_text(self.name), "words": self.count}
        if self.source is not None and not self.bundled:
            info["source"] = as_text(self.source)
        if self.language is not None:
            info["language"] = self.language
        return info


def _given_words(words: Iterable[str], caller: str, name: str) -> list[str] | tuple[str, ...]:
    """``words`` as a sequence, and :class:`LexiconError` for words that are one text (whose
    letters would be the words) or no iterable at all, or for a ``name`` that is not text."""
    if isinstance(words, str | bytes) or not isinstance(words, Iterable):
        kind = "one text" if isinstance(words, str) else type(words).__name__
        split = "; split it first: text.split()" if isinstance(words, str) else ""
        raise LexiconError(f"{caller} takes the words as a list of texts, not {kind}{split}")
    if not isinstance(name, str):
        raise LexiconError(f"a word list's name must be text, got {name!r}")
    return words if isinstance(words, list | tuple) else list(words)


def _checked_words(words: Iterable[str]) -> tuple[str, ...]:
    """The words sorted and unique; :class:`LexiconError` for one that is not a normalised word."""
    unique = set()
    for word in words:
        if not isinstance(word, str) or normalise_word(word) != word:
            raise LexiconError(
                f"{word!r} is not a word a lexicon holds: give letters only, in lower case, "
                f"1 to {MAX_WORD_LETTERS} of them (Lexicon.from_words normalises raw words)"
            )
        unique.add(word)
    return tuple(sorted(unique))


_LOWERCASE_AND_NEWLINES = LATIN.encode() + b"\r\n"


def _no_usable_words(shown: str, data: bytes, language: str | None) -> str:
    """Why the word list file ``shown`` (its bytes ``data``) gives no word: ``language``'s
    rules dropped each word the default rules keep, or it holds none.

    >>> _no_usable_words("nl.txt", b"dvd\\nmmiv\\n", "Dutch")
    "word list 'nl.txt' has no usable words: the rules for Dutch drop each of its 2 words \
(such as 'dvd')"
    >>> _no_usable_words("x.txt", b"Paris\\n", None)
    "word list 'x.txt' has no usable words (one lowercase word per line expected)"
    """
    kept: tuple[str, ...] = ()
    if language is not None:
        kept = _plain_lowercase_words(data) or normalise_words(_decode(data, shown).splitlines())
    if kept:
        return (
            f"word list {quoted(shown)} has no usable words: the rules for {language} drop "
            f"each of its {counted(len(kept), 'word')} (such as {quoted(kept[0])})"
        )
    return f"word list {quoted(shown)} has no usable words (one lowercase word per line expected)"


def _plain_lowercase_words(data: bytes) -> tuple[str, ...] | None:
    """A fast path for the common file: only a-z and line ends.  ``None`` for any other."""
    if data.translate(None, _LOWERCASE_AND_NEWLINES):
        return None
    words = data.decode("ascii").split()
    if max(map(len, words), default=0) > MAX_WORD_LETTERS:
        return None
    if all(map(operator.lt, words, islice(words, 1, None))):  # sorted and unique
        return tuple(words)
    return tuple(sorted(set(words)))


def read_lines(path: str) -> list[str]:
    """The lines of a word list file as :meth:`Lexicon.from_file` reads them (gzipped or
    not; UTF-8, else Latin-1), before any word is normalised; :class:`LexiconError` when the
    file cannot be read, is empty or is binary.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "es.txt")
    ...     _ = path.write_bytes("año\\nAérea\\n".encode("latin-1"))
    ...     read_lines(str(path))
    ['año', 'Aérea']
    """
    data = read_file(path, "word list", MAX_WORDLIST_BYTES, LexiconError, gzip=True)
    return _decode(data, path).splitlines()


def _decode(data: bytes, shown: str) -> str:
    if b"\x00" in data[:65536]:
        reason = binary_reason(data[:SNIFF_BYTES])
        if reason.startswith("looks binary"):
            reason += ", one word per line"
        raise LexiconError(f"word list {quoted(shown)} {reason}")
    if not data.strip():
        raise LexiconError(f"word list {quoted(shown)} is empty")
    return plain_text(data, f"word list {quoted(shown)}", LexiconError)
