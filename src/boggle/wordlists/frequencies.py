"""Word frequencies of a whole list, from the ``wordfreq`` package, computed once and cached.

Every word of a list gets its Zipf frequency (see :mod:`boggle.model.word_levels`) the first
time the list's frequencies are asked for; they are kept in the cache folder
``frequencies`` beside the compiled lists, named by the list's digest and the
``wordfreq`` data file, so later runs read them in a few milliseconds and never import
``wordfreq``.  A list folded by its language's profile (``canción`` is ``cancion`` in the
Spanish list) gets the frequency of the most frequent spelling ``wordfreq`` knows that
folds to it.

Without ``wordfreq`` installed, :class:`~boggle.model.errors.MissingDependencyError` says in
one line what to install; asking for ``all`` words needs nothing.

>>> from boggle import Lexicon
>>> frequencies = list_frequencies(Lexicon.from_words(["the", "cat", "zyzzyva"]))
>>> frequencies.get("the").level, frequencies.get("zyzzyva").level
('common', 'obscure')
"""

from __future__ import annotations

import json
import math
import os
import sys
from _thread import allocate_lock  # threading.Lock, without importing threading
from array import array

from boggle.files.cache import cache_folder, load, store
from boggle.model.errors import MissingDependencyError
from boggle.model.letters import nfc
from boggle.model.word_levels import (
    ALL,
    COMMON,
    INSTALL_HINT,
    STANDARD,
    STANDARD_LIST,
    UNKNOWN,
    WORD_LEVELS,
    WordFrequency,
    check_choice,
    keeps,
    level_for,
)
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.sources import DATA_DIR
from boggle.wordlists.spelling import PROFILES

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from collections.abc import Iterable

    from boggle.model.solution import Solution

FREQUENCY_FORMAT = 3
"""Bump when what a cached entry holds, or how a frequency or level is computed, changes
(3: an English word that is also a name is never common, :data:`NAMES_FILE`)."""

NAMES_FILE = "en-names.txt.gz"
"""The English words that are also names (``barney``, ``dora``, ``eyre``), outside
:data:`~boggle.model.word_levels.STANDARD_LIST`, in the package's data folder: the words of
the bundled lists that SCOWL lists Capitalised as names (its proper-name and upper-case
files up to the default list's size), built with the lists by ``scripts/build_wordlists.py``.
``wordfreq`` counts ``Barney`` and ``barney`` as one word, so such a word is written often
because of the name: it is ``standard`` at most."""

DICTIONARY_AFTER = 2_000
"""After this many lookups in one list's frequencies, a dictionary of its words is made
(about 10 ms for 100,000 words): a long run looks words up in a fraction of a microsecond."""

SOURCE_NAME = "wordfreq"
"""The package the frequencies come from (its data: CC BY-SA 4.0, see ``docs/words.md``)."""


def missing_message() -> str:
    """The one line saying what to install for word frequencies."""
    return f"word frequencies need the wordfreq package; install it with: {INSTALL_HINT}"


def frequencies_available() -> bool:
    """Whether ``wordfreq`` is installed (found without importing it: that costs 140 ms)."""
    return _package_folder() is not None


def _package_folder() -> str | None:
    if "wordfreq" in sys.modules and sys.modules["wordfreq"] is None:
        return None  # blocked, as a test does to play the package's absence
    from importlib.util import find_spec

    try:
        spec = find_spec("wordfreq")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return os.path.dirname(spec.origin)


def source_language(lexicon: Lexicon) -> str:
    """The ``wordfreq`` language of a list: its profile's code (English when it names none)."""
    return lexicon.language or "en"


def _data_identity(language: str) -> str:
    """Which ``wordfreq`` data file gives ``language``'s frequencies (its name, size and time),
    so a new release of the data makes new cache entries."""
    folder = _package_folder()
    if folder is None:
        raise MissingDependencyError(missing_message())
    for size in ("large", "small"):
        path = os.path.join(folder, "data", f"{size}_{language}.msgpack.gz")
        try:
            stat = os.stat(path)
        except OSError:
            continue
        return f"{size}_{language}:{stat.st_size}:{stat.st_mtime_ns}"
    raise MissingDependencyError(f"the installed wordfreq has no data for language {language!r}")


class ListFrequencies:
    """The frequency and level of every word of one list.

    Only the words ``wordfreq`` knows, or that are ``standard`` by :data:`STANDARD_LIST`,
    are stored, sorted, as one UTF-8 text with each word's start (so reading a cached
    entry splits nothing); any other word of the list is ``0.0``, ``obscure``.
    """

    def __init__(
        self, blob: bytes, starts: array[int], centi_zipf: array[int], levels: bytes, size: int
    ) -> None:
        self.blob = blob
        """The stored words, sorted, each followed by a line end."""
        self.starts = starts
        """Where each stored word starts in :attr:`blob`, and the blob's length last."""
        self.centi_zipf = centi_zipf
        self.levels = levels
        self.list_words = size
        """How many words the whole list has."""
        self._lookups = 0
        self._by_word: dict[str, WordFrequency] | None = None
        self._kept_sets: dict[str, frozenset[str]] = {}

    @classmethod
    def from_words(
        cls, words: list[str], centi_zipf: array[int], levels: bytes, size: int
    ) -> ListFrequencies:
        encoded = [word.encode() for word in words]
        starts = array("I", [0])
        for word in encoded:
            starts.append(starts[-1] + len(word) + 1)
        blob = b"".join(word + b"\n" for word in encoded)
        return cls(blob, starts, centi_zipf, levels, size)

    @property
    def stored(self) -> int:
        """How many words are stored (known to the source, or standard by their list)."""
        return len(self.levels)

    def _index(self, word: str) -> int | None:
        """Where ``word`` is stored: a binary search of the text for the first lookups (a
        solve in a fresh process makes a few dozen), then a dictionary made once."""
        key = word.encode()
        blob, starts = self.blob, self.starts
        low, high = 0, len(self.levels)
        while low < high:
            middle = (low + high) // 2
            if blob[starts[middle] : starts[middle + 1] - 1] < key:
                low = middle + 1
            else:
                high = middle
        if low < len(self.levels) and blob[starts[low] : starts[low + 1] - 1] == key:
            return low
        return None

    def get(self, word: str) -> WordFrequency:
        """The frequency and level of ``word`` (a word of the list).

        The first lookups search the stored text (a solve in a fresh process makes a few
        dozen); after :data:`DICTIONARY_AFTER` of them, a dictionary is made once."""
        if self._by_word is not None:
            return self._by_word.get(word, UNKNOWN)
        self._lookups += 1
        if self._lookups > DICTIONARY_AFTER:
            return self.mapping().get(word, UNKNOWN)
        index = self._index(word)
        if index is None:
            return UNKNOWN
        return WordFrequency(self.centi_zipf[index] / 100, WORD_LEVELS[self.levels[index]])

    @property
    def warm(self) -> bool:
        """Whether this list has been looked up often enough to have made its dictionary."""
        return self._by_word is not None or self._lookups > DICTIONARY_AFTER

    def mapping(self) -> dict[str, WordFrequency]:
        """Every stored word's frequency and level, as a dictionary (made on first use)."""
        if self._by_word is None:
            words = self.blob.decode().split("\n")
            self._by_word = {
                word: WordFrequency(centi / 100, WORD_LEVELS[code])
                for word, centi, code in zip(words, self.centi_zipf, self.levels, strict=False)
            }
        return self._by_word

    def kept_set(self, choice: str) -> frozenset[str]:
        """The list's words that ``choice`` keeps, as a set (made once per choice)."""
        found = self._kept_sets.get(choice)
        if found is None:
            found = self._kept_sets[choice] = frozenset(self.words_kept(choice))
        return found

    def lookup(self, words: Iterable[str]) -> dict[str, WordFrequency]:
        """The frequency and level of each of ``words``."""
        return {word: self.get(word) for word in words}

    def words_kept(self, choice: str) -> list[str]:
        """The list's words that ``choice`` (``common``, ``standard``) keeps, sorted."""
        words = self.blob.decode().split("\n")
        return [
            word
            for word, code in zip(words, self.levels, strict=False)
            if keeps(choice, WORD_LEVELS[code])
        ]

    def level_counts(self) -> dict[str, int]:
        """How many words of the list are at each level."""
        counts = dict.fromkeys(WORD_LEVELS, 0)
        for code in self.levels:
            counts[WORD_LEVELS[code]] += 1
        counts[WORD_LEVELS[-1]] += self.list_words - self.stored
        return counts

    def payload(self) -> bytes:
        """The cache entry's content (read back by :meth:`from_payload`): a JSON header line,
        the word starts (4 bytes each), the frequencies (2 bytes), the levels, the words."""
        header = json.dumps({"words": self.stored, "all": self.list_words}).encode()
        parts = (self.starts.tobytes(), self.centi_zipf.tobytes(), self.levels, self.blob)
        return header + b"\n" + b"".join(parts)

    @classmethod
    def from_payload(cls, payload: bytes) -> ListFrequencies | None:
        """The frequencies a cache entry holds; ``None`` if it does not make sense."""
        try:
            end = payload.index(b"\n")
            header = json.loads(payload[:end])
            count, size = int(header["words"]), int(header["all"])
            at = end + 1
            starts = array("I", payload[at : at + 4 * (count + 1)])
            at += 4 * (count + 1)
            centi = array("H", payload[at : at + 2 * count])
            at += 2 * count
            levels, blob = payload[at : at + count], payload[at + count :]
        except (ValueError, KeyError, TypeError):
            return None
        if len(starts) != count + 1 or len(centi) != count or len(levels) != count:
            return None
        if starts[-1] != len(blob) or any(code >= len(WORD_LEVELS) for code in set(levels)):
            return None
        return cls(blob, starts, centi, levels, size)


def list_frequencies(lexicon: Lexicon) -> ListFrequencies:
    """The frequencies of every word of ``lexicon``: from the lexicon, the disk cache, or
    computed (once) from ``wordfreq``.  :class:`MissingDependencyError` without it."""
    return lexicon.cached("frequencies", _load_or_build)  # type: ignore[no-any-return]


def _load_or_build(lexicon: Lexicon) -> ListFrequencies:
    language = source_language(lexicon)
    identity = _data_identity(language)
    folder = cache_folder("frequencies")
    path = None
    if folder is not None:
        key = f"{lexicon.digest}-{language}-{identity}-{FREQUENCY_FORMAT}"
        import zlib

        crc = zlib.crc32(key.encode("utf-8", "surrogateescape"))
        path = os.path.join(folder, f"{lexicon.digest[:32]}-{language}-{crc:08x}.levels")
        payload = load(path)
        if payload is not None:
            found = ListFrequencies.from_payload(payload)
            if found is not None and found.list_words == lexicon.count:
                return found
    built = build_frequencies(lexicon)
    if path is not None:
        store(path, built.payload())
    return built


_folded_lock = allocate_lock()
_folded: dict[str, dict[str, int]] = {}


def _centi_zipf_by_spelling(language: str) -> dict[str, int]:
    """Every spelling ``wordfreq`` knows in ``language``, folded by the language's profile,
    with the largest Zipf frequency (in hundredths) of the spellings that fold to it."""
    with _folded_lock:
        known = _folded.get(language)
        if known is not None:
            return known
        try:
            from wordfreq import get_frequency_list
        except ImportError:
            raise MissingDependencyError(missing_message()) from None
        profile = PROFILES.get(language, PROFILES["en"])
        known = {}
        for index, bucket in enumerate(get_frequency_list(language, "best")):
            centi = _centi_zipf(index)
            for spelling in bucket:
                folded = profile.fold(nfc(spelling))
                if folded not in known:  # buckets come most frequent first
                    known[folded] = centi
        _folded[language] = known
        return known


def _centi_zipf(index: int) -> int:
    """The Zipf frequency, in hundredths, of ``wordfreq``'s bucket ``index`` (``index``
    centibels below 1): as ``wordfreq.zipf_frequency`` gives it, rounded to three significant
    digits of the frequency, then to 0.01 Zipf."""
    frequency = 10 ** (-index / 100)
    frequency = round(frequency, math.floor(-math.log10(frequency)) + 3)
    return round(round(math.log10(frequency) + 9, 2) * 100)


def build_frequencies(lexicon: Lexicon) -> ListFrequencies:
    """Compute every word's frequency and level from ``wordfreq`` (seconds for a big list)."""
    language = source_language(lexicon)
    known = _centi_zipf_by_spelling(language)
    standard_list: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    if language == "en":
        standard_list = load_lexicon(STANDARD_LIST).word_set
        names = name_words()
    words: list[str] = []
    centi = array("H")
    levels = bytearray()
    for word in lexicon.words:
        value = known.get(word, 0)
        listed = word in standard_list
        if value <= 0 and not listed:
            continue
        words.append(word)
        centi.append(max(value, 0))
        level = level_for(max(value, 0) / 100, listed)
        if level == COMMON and word in names:
            level = STANDARD  # its count is mostly the name's
        levels.append(WORD_LEVELS.index(level))
    return ListFrequencies.from_words(words, centi, bytes(levels), lexicon.count)


def name_words() -> frozenset[str]:
    """The English words that are also names (:data:`NAMES_FILE`; none when it is missing or
    damaged).

    >>> {"barney", "dora"} <= name_words(), "rose" in name_words()
    (True, False)
    """
    import gzip

    try:
        with gzip.open(os.path.join(DATA_DIR, NAMES_FILE), "rt", encoding="ascii") as file:
            return frozenset(file.read().split())
    except (OSError, EOFError, ValueError):  # missing, cut short or not text: no names known
        return frozenset()


def with_frequencies(solution: Solution) -> Solution:
    """``solution`` with each word's frequency and level (from its list's cached frequencies)."""
    if solution.frequencies is not None:
        return solution
    frequencies = list_frequencies(solution.lexicon)
    if frequencies.warm:
        return solution.with_frequencies(frequencies.mapping())
    return solution.with_frequencies(frequencies.lookup(item.word for item in solution.words))


def at_level(solution: Solution, choice: str) -> Solution:
    """``solution`` with its frequencies, keeping only the words ``choice`` keeps.

    ``all`` keeps every word and needs no ``wordfreq``: the words then carry no frequency.
    """
    if check_choice(choice) == ALL:
        return solution
    rich = with_frequencies(solution)
    frequencies = list_frequencies(solution.lexicon)
    if frequencies.warm:  # many solves: a set of the level's words is quicker to ask
        return rich.only(frequencies.kept_set(choice))
    return rich.kept(choice)


def level_lexicon(lexicon: Lexicon, choice: str) -> Lexicon:
    """The words of ``lexicon`` that ``choice`` keeps, as a lexicon (``lexicon`` itself for
    ``all``): what a command scoring many boards solves with, so every engine and batch
    path counts only those words.

    >>> from boggle import Lexicon
    >>> level_lexicon(Lexicon.from_words(["the", "zyzzyva"]), "common").words
    ('the',)
    """
    if check_choice(choice) == ALL:
        return lexicon

    frequencies = list_frequencies(lexicon)  # not inside cached(): its lock is not re-entrant

    def build(whole: Lexicon) -> Lexicon:
        words = tuple(frequencies.words_kept(choice))
        kept = Lexicon._normalised(words, f"{whole.name} ({choice} words)", whole.source)
        kept.language = whole.language
        kept.bundled = whole.bundled
        return kept

    return lexicon.cached(f"level:{choice}", build)  # type: ignore[no-any-return]
