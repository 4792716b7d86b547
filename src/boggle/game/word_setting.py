"""A game's choice of words: which level counts, and what happens to the others.

A room's host, the daily board and a solo round choose ``word_level``
(``common``, ``standard`` or ``all``, see :mod:`boggle.model.word_levels`) and what a word of
the list outside that level gets (``other_words``):

* ``refused``: "count common words only": it is not a word of this game and is not kept;
* ``zero``: "obscure words score 0 and are shown apart": accepted, 0 points, listed apart.

Either way such a word never counts, is never crossed off and never costs a challenge.

>>> from boggle import Board, Lexicon, solve
>>> from boggle.model.word_levels import WordFrequency
>>> setting = WordSetting.from_json({"word_level": "common", "other_words": "zero"})
>>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "ambo"]))
>>> solution = solution.with_frequencies({"fame": WordFrequency(3.3, "common")})
>>> setting.outside(solution, "ambo"), setting.outside(solution, "fame")
(True, False)
>>> setting.counted(solution).score, [w["word"] for w in unfound_json(solution, set(), 5)]
(1, ['fame', 'ambo'])
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boggle.model.checks import whole_number
from boggle.model.errors import MissingDependencyError
from boggle.model.solution import ScoredWord, Solution
from boggle.model.word_levels import ALL, CHOICES, WordLevelError, keeps, rank
from boggle.wordlists.frequencies import (
    frequencies_available,
    list_frequencies,
    missing_message,
    with_frequencies,
)
from boggle.wordlists.lexicon import Lexicon

OTHER_WORDS = ("refused", "zero")
"""What a word of the list outside the game's level gets (see the module docstring)."""

WORDS_TO_LEARN = 10
"""The missed words a round offers to learn, common first (``boggle play`` lists them with
their meanings; the pages keep as many: ``KEEP_PER_ROUND`` in ``learn.js``)."""


@dataclass(frozen=True)
class WordSetting:
    """Which words count (``word_level``) and what the others get (``other_words``)."""

    word_level: str = ALL
    other_words: str = "refused"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WordSetting:
        """The setting of a client's JSON object (absent keys: every word counts);
        :class:`WordLevelError` for an unknown value,
        :class:`~boggle.model.errors.MissingDependencyError` for a level without ``wordfreq``.

        >>> WordSetting.from_json({"word_level": "rare"})
        Traceback (most recent call last):
          ...
        boggle.model.word_levels.WordLevelError: 'word_level' must be one of: common, ...
        """
        level = data.get("word_level", ALL)
        if level is None:
            level = ALL
        if not isinstance(level, str) or level not in CHOICES:
            raise WordLevelError(
                f"'word_level' must be one of: {', '.join(CHOICES)}; got {str(level)[:40]!r}"
            )
        others = data.get("other_words", "refused")
        if others is None:
            others = "refused"
        if not isinstance(others, str) or others not in OTHER_WORDS:
            raise WordLevelError(
                f"'other_words' must be one of: {', '.join(OTHER_WORDS)}; got {str(others)[:40]!r}"
            )
        if level != ALL and not frequencies_available():
            raise MissingDependencyError(missing_message())
        return cls(level, others)

    def to_json(self) -> dict[str, str]:
        return {"word_level": self.word_level, "other_words": self.other_words}

    def outside(self, solution: Solution, word: str) -> bool:
        """Whether ``word`` (a word of the board's solution) is outside the game's level."""
        if self.word_level == ALL:
            return False
        found = solution.frequency(word)
        return found is not None and not keeps(self.word_level, found.level)

    def outside_list(self, lexicon: Lexicon, word: str) -> bool:
        """Whether ``word`` of ``lexicon`` is outside the game's level (from the list's
        cached frequencies: a word checked alone, with no solution at hand)."""
        if self.word_level == ALL:
            return False
        return not keeps(self.word_level, list_frequencies(lexicon).get(word).level)

    def counted(self, solution: Solution) -> Solution:
        """The words that count (the maximum a player can reach)."""
        if self.word_level == ALL or solution.frequencies is None:
            return solution
        return solution.kept(self.word_level)


EVERY_WORD = WordSetting()
"""The default: every word of the list counts."""


def with_levels(solution: Solution) -> Solution:
    """``solution`` with its words' frequencies when ``wordfreq`` is installed, else as is."""
    try:
        return with_frequencies(solution)
    except MissingDependencyError:
        return solution


def prepare_levels(lexicon: Lexicon) -> None:
    """Compute now the levels of ``lexicon``'s words that :func:`with_levels` reads (once a
    list in a process: about 3 s for the default list with an empty frequency cache, a few
    milliseconds from the cache, nothing once done); nothing without ``wordfreq``.  A server
    calls this before a round's time limit starts, so that the limit is the round's own.

    >>> lexicon = Lexicon.from_words(["the", "zyzzyva"])
    >>> prepare_levels(lexicon)  # computed now, kept with the list for its rounds
    >>> lexicon.cached("frequencies", lambda _: "computed again").get("the").level
    'common'
    """
    with contextlib.suppress(MissingDependencyError):  # with_levels then gives it as it is
        list_frequencies(lexicon)


def unfound_json(solution: Solution, found: set[str], limit: int) -> list[dict[str, Any]]:
    """The words nobody found, common first (then most points, longest, A-Z) so the list
    teaches, each with its ``level`` and ``zipf`` when known (and ``written``, see
    :meth:`~boggle.model.solution.Solution.word_json`); at most ``limit``, or every
    one when ``limit`` is 0 (a whole number of at least 0, as a server's
    ``max_unfound_shown``, where 0 is no limit: else a
    :class:`~boggle.model.errors.BoggleError` in one line naming ``limit``).

    >>> from boggle import Board, Lexicon, solve
    >>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]))
    >>> [w["word"] for w in unfound_json(solution, set(), 0)], unfound_json(solution, {"fame"}, 5)
    (['fame'], [])
    >>> unfound_json(solution, set(), 2.5)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: limit must be a whole number, got 2.5
    """
    whole_number("limit", limit, at_least=0)
    missed = [w for w in solution.words if w.word not in found]
    missed.sort(key=lambda w: (_rank(solution, w), -w.points, -len(w.word), w.word))
    return [solution.word_json(item) for item in missed[: limit or None]]


def _rank(solution: Solution, item: ScoredWord) -> int:
    frequency = solution.frequency(item.word)
    return 0 if frequency is None else rank(frequency.level)
