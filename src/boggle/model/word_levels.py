"""How well known a word is: its Zipf frequency and its level (values only, no loading).

A word's Zipf frequency is how often it is written, on a log scale: ``3.0`` is about
once per million words, ``1.5`` about once per 30 million.  :mod:`boggle.wordlists.frequencies`
reads it from the ``wordfreq`` package for every word of a list; this module names
the thresholds and the levels, so a :class:`~boggle.model.solution.Solution` can carry them
without importing the loader.

* ``common``: Zipf at least :data:`COMMON_ZIPF` (but an English word that is also a name,
  ``barney``, outside :data:`STANDARD_LIST`, is ``standard`` at most: its count is mostly
  the name's, see :data:`boggle.wordlists.frequencies.NAMES_FILE`);
* ``standard``: Zipf at least :data:`STANDARD_ZIPF`, or (English) in the
  :data:`STANDARD_LIST` list;
* ``obscure``: every other word of the list.

``--words common|standard|all`` (:data:`CHOICES`) keeps the words of that level and the
levels above it (``all``: every word).

>>> level_for(3.2), level_for(2.0), level_for(0.0), level_for(0.0, in_standard_list=True)
('common', 'standard', 'obscure', 'standard')
>>> keeps("standard", "common"), keeps("common", "standard"), keeps("all", "obscure")
(True, False, True)
"""

from __future__ import annotations

from collections import namedtuple

from boggle.model.errors import BoggleError

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import NamedTuple

    class _FrequencyFields(NamedTuple):
        zipf: float
        level: str
else:
    _FrequencyFields = namedtuple("WordFrequency", ["zipf", "level"])

COMMON_ZIPF = 3.0
"""A word at least this frequent (about once per million words written) is ``common``."""

STANDARD_ZIPF = 1.5
"""A word at least this frequent (about once per 30 million words) is ``standard``."""

STANDARD_LIST = "en-50"
"""English words of this bundled list (the words of a small dictionary) are ``standard``
at least, however rarely they are written."""

COMMON = "common"
STANDARD = "standard"
OBSCURE = "obscure"
ALL = "all"

WORD_LEVELS = (COMMON, STANDARD, OBSCURE)
"""A word's level, best known first."""

CHOICES = (COMMON, STANDARD, ALL)
"""What ``--words`` (and a game's setting) may ask for: the words kept."""

DEFAULT_CHOICE = ALL
"""Every word of the list counts unless asked otherwise."""

INSTALL_HINT = 'pip install "boggle[words]"'
"""What to install for word frequencies (the ``wordfreq`` package)."""

_RANK = {COMMON: 0, STANDARD: 1, OBSCURE: 2}
_KEPT_UP_TO = {COMMON: 0, STANDARD: 1, ALL: 2}


class WordLevelError(BoggleError):
    """An unknown level of words was asked for."""


class WordFrequency(_FrequencyFields):
    """A word's Zipf frequency (rounded to 0.01, ``0.0`` when the source never saw it) and
    its level (``common``, ``standard`` or ``obscure``).

    >>> WordFrequency(3.5, "common").to_json()
    {'zipf': 3.5, 'level': 'common'}
    """

    __slots__ = ()

    def to_json(self) -> dict[str, object]:
        return {"zipf": self.zipf, "level": self.level}


UNKNOWN = WordFrequency(0.0, OBSCURE)
"""The frequency of a word the source has never seen."""


def level_for(zipf: float, in_standard_list: bool = False) -> str:
    """The level of a word written ``zipf`` often (``in_standard_list``: English, and in
    :data:`STANDARD_LIST`)."""
    if zipf >= COMMON_ZIPF:
        return COMMON
    if zipf >= STANDARD_ZIPF or in_standard_list:
        return STANDARD
    return OBSCURE


def check_choice(text: str) -> str:
    """``text`` when it names a level of words to keep; :class:`WordLevelError` otherwise.

    >>> check_choice("common")
    'common'
    >>> check_choice("rare")
    Traceback (most recent call last):
      ...
    boggle.model.word_levels.WordLevelError: unknown level of words 'rare'; choose ...
    """
    if text not in CHOICES:
        raise WordLevelError(
            f"unknown level of words {text!r}; choose {', '.join(CHOICES[:-1])} or {CHOICES[-1]}"
        )
    return text


def keeps(choice: str, level: str) -> bool:
    """Whether asking for ``choice`` (``common``, ``standard``, ``all``) keeps a word of
    ``level`` (``common``, ``standard``, ``obscure``)."""
    return _RANK[level] <= _KEPT_UP_TO[choice]


def rank(level: str) -> int:
    """0 for ``common``, 1 for ``standard``, 2 for ``obscure``: sort by it for common-first."""
    return _RANK[level]
