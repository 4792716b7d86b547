"""Hints during a round: a word still unfound, told a little more at each hint.

Successive hints on one word give its length and first letter, then its definition, then
the first cell of its path; the next hint moves on to another word.  A hint never names
a word the player already has (a word found after its hints began is dropped), and
common words are hinted first: the chooser takes a ranking (a number per word, higher
first, such as a Zipf frequency), else the solution's own ``zipf`` per word when it
carries one (common, then standard, then obscure words, by Zipf frequency within a
level, when the solution carries frequencies:
:func:`boggle.wordlists.frequencies.with_frequencies`),
else the words that have a definition first; then shorter words first.

A hint is stateless for the caller: :func:`next_hint` takes the hints given so far
(``(target, level)`` pairs, ``target`` being the word's place in :func:`hint_order`), so
a web page can keep them without ever holding the word.

>>> from boggle import Board, Lexicon, solve
>>> board = Board.parse("fxie amlo ewbx astu")
>>> solution = solve(board, Lexicon.from_words(["fame", "axe", "limb"]))
>>> first = next_hint(solution, found=["axe"], given=[], define=lambda word: "renown")
>>> first.text
'4 letters, starting with F'
>>> second = next_hint(solution, ["axe"], [first.step], define=lambda word: "renown")
>>> second.text, second.level
('4 letters, starting with F: "renown"', 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from boggle.model.board import Cell
from boggle.model.errors import JudgeError
from boggle.model.letters import upper_letters
from boggle.model.render import path_text
from boggle.model.solution import Solution
from boggle.model.word_levels import WORD_LEVELS
from boggle.model.word_levels import rank as level_rank

HINTS_PER_ROUND = 5
"""How many hints a player may ask for in one round on the page (``boggle play`` too)."""

LEVELS = 3
"""Hints on one word: length and first letter, then definition, then first path step."""

Ranking = Mapping[str, float] | Callable[[str], float | None]
"""A number per word, higher hinted first: a mapping (``{"cat": 4.5}``) or a function."""

Definer = Callable[[str], str | None]
"""A word's definition as text, or ``None``."""


@dataclass(frozen=True)
class Hint:
    """One hint: on the word at ``target`` in the hint order, at ``level`` (1 to 3).

    ``text`` says it all for people; the parts are there for a page to show its own way.
    ``word`` is the hinted word, for the library's callers: a shell must not show it.

    >>> from boggle import Lexicon, solve
    >>> hint = next_hint(solve("fxie amlo ewbx astu", Lexicon.from_words(["fame"])), [], [])
    >>> hint.word, hint.step, hint.text
    ('fame', (0, 1), '4 letters, starting with F')
    """

    target: int
    level: int
    word: str
    length: int
    first_letter: str
    definition: str | None = None
    first_cell: Cell | None = None
    text: str = ""

    @property
    def step(self) -> tuple[int, int]:
        """What to pass back to :func:`next_hint` as given: ``(target, level)``."""
        return self.target, self.level

    def to_json(self) -> dict[str, object]:
        """The hint without its word, as the page gets it.

        >>> from boggle import Lexicon, solve
        >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame"]))
        >>> next_hint(solution, [], [(0, 2)]).to_json()
        {'target': 0, 'level': 3, 'length': 4, 'first_letter': 'F', 'definition': None, \
'first_cell': [0, 0], 'text': '4 letters, starting with F (no definition known); it starts \
at [(0,0)]'}
        """
        return {
            "target": self.target,
            "level": self.level,
            "length": self.length,
            "first_letter": self.first_letter,
            "definition": self.definition,
            "first_cell": list(self.first_cell) if self.first_cell is not None else None,
            "text": self.text,
        }


class NoWordsLeft(Exception):
    """Every word of the board is found (or was hinted through): nothing to hint.

    >>> from boggle import Lexicon, solve
    >>> next_hint(solve("fxie amlo ewbx astu", Lexicon.from_words(["fame"])), ["fame"], [])
    Traceback (most recent call last):
    ...
    boggle.game.hints.NoWordsLeft: no words left to hint: every word of the board is found or \
was hinted
    """


def _rank_of(
    solution: Solution, ranking: Ranking | None, define: Definer | None = None
) -> Callable[[str], float]:
    if ranking is None and solution.frequencies is not None:
        return lambda word: _known_rank(solution, word)
    if ranking is None:
        zipf = {item.word: getattr(item, "zipf", None) for item in solution}
        if all(value is None for value in zipf.values()):
            if define is None:
                return lambda word: 0.0
            defined = {item.word: 1.0 if define(item.word) else 0.0 for item in solution}
            return defined.__getitem__
        return lambda word: float(zipf.get(word) or 0.0)
    if callable(ranking):
        function = ranking
        return lambda word: float(function(word) or 0.0)
    table = ranking
    return lambda word: float(table.get(word, 0.0))


def _known_rank(solution: Solution, word: str) -> float:
    """Common words above standard above obscure, then by Zipf frequency."""
    known = solution.frequency(word)
    if known is None:
        return 0.0
    return (len(WORD_LEVELS) - level_rank(known.level)) * 100 + known.zipf


def hint_order(
    solution: Solution, ranking: Ranking | None = None, define: Definer | None = None
) -> list[str]:
    """The board's words in the order they are hinted: highest rank first, then shorter,
    then A-Z (see the module docstring for the ranking used when none is given).

    >>> from boggle import Board, Lexicon, solve
    >>> solution = solve(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame", "east"]))
    >>> hint_order(solution), hint_order(solution, {"fame": 5.0})
    (['east', 'fame'], ['fame', 'east'])
    """
    rank = _rank_of(solution, ranking, define)
    return sorted((item.word for item in solution), key=lambda w: (-rank(w), len(w), w))


def next_hint(
    solution: Solution,
    found: Collection[str],
    given: Sequence[tuple[int, int]],
    define: Definer | None = None,
    ranking: Ranking | None = None,
) -> Hint:
    """The hint after those ``given`` (``(target, level)`` pairs, oldest first), for a
    player who has ``found`` these words.  Raises :class:`NoWordsLeft` when no word is
    left to hint.  ``define`` gives a word's definition (default: none).

    >>> from boggle import Lexicon, solve
    >>> solution = solve("fxie amlo ewbx astu", Lexicon.from_words(["fame", "mile"]))
    >>> next_hint(solution, found=["mile"], given=[]).text
    '4 letters, starting with F'

    A word that starts on a die of two letters starts with its face:

    >>> next_hint(solve("[qu]it xxx", Lexicon.from_words(["quit"])), [], []).text
    '4 letters, starting with QU'
    """
    _check_hint_inputs(solution, found, given)
    order = hint_order(solution, ranking, define)
    have = {word.strip().lower() for word in found}
    if given:
        target, level = given[-1]
        if 0 <= target < len(order) and order[target] not in have and level < LEVELS:
            return _hint(solution, order, target, level + 1, define)
    hinted = {target for target, _ in given}
    for target, word in enumerate(order):
        if word not in have and target not in hinted:
            return _hint(solution, order, target, 1, define)
    raise NoWordsLeft("no words left to hint: every word of the board is found or was hinted")


def _check_hint_inputs(solution: object, found: object, given: object) -> None:
    """:class:`JudgeError` in one line for a ``solution``, ``found`` or ``given`` of
    :func:`next_hint` of the wrong type (one text for ``found`` would be its letters)."""
    if not isinstance(solution, Solution):
        raise JudgeError(
            f"next_hint takes the board's Solution (solve(board, lexicon)), "
            f"not {type(solution).__name__}"
        )
    if (
        isinstance(found, str)
        or not isinstance(found, Iterable)
        or not all(isinstance(word, str) for word in found)
    ):
        raise JudgeError("next_hint's found are the words found, a list of texts like ['fame']")
    if not isinstance(given, Iterable) or not all(
        isinstance(pair, tuple | list)
        and len(pair) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
        for pair in given
    ):
        raise JudgeError(
            "next_hint's given are the hints given, (word number, level) pairs like [(0, 1)]"
        )


INFLECTIONS = ("s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "'s")
"""Endings after which a word in a definition is still the word (masked with it); its last
letter may be doubled before those of a vowel (``running``)."""


def masked(text: str, word: str) -> str:
    """``text`` with ``word`` (any case, alone or with an ending of :data:`INFLECTIONS`)
    written as blanks, so that a definition does not give the word away; a longer word
    that merely starts with it is left whole (``are`` in ``area``).

    >>> masked("domestic cats; a Cat show", "cat")
    'domestic ___s; a ___ show'
    >>> masked("a unit of surface area", "are")
    'a unit of surface area'
    """
    if not word:
        return text
    doubled = re.escape(word[-1]) + "?"
    endings = "|".join(
        (doubled if ending[0] in "aeiou" else "") + re.escape(ending) for ending in INFLECTIONS
    )
    return re.sub(
        rf"\b{re.escape(word)}(?=(?:{endings})?\b)", "_" * len(word), text, flags=re.IGNORECASE
    )


def hint_definition(word: str, language: str = "en") -> str | None:
    """The first gloss of ``word`` in ``language`` for a hint, with the word's base form
    blanked too, so that the gloss does not give the word away (``performs``: "carry out or
    perform an action"); ``None`` when it has none (or none can be read).  A base of several
    words (``status_quo`` for ``quo``) is the clue itself and stays.

    >>> hint_definition("performs")
    'carry out or _______ an action'
    >>> hint_definition("zzzq") is None
    True
    """
    from boggle.definitions import define
    from boggle.model.errors import BoggleError

    try:
        entry = define(word, language)
    except BoggleError:
        return None
    gloss = entry.first
    if gloss is None:
        return None
    if entry.base and entry.base != word and entry.base.isalpha():
        gloss = masked(gloss, entry.base)
    return masked(gloss, word)


def _hint(
    solution: Solution, order: Sequence[str], target: int, level: int, define: Definer | None
) -> Hint:
    word = order[target]
    path = solution.by_word[word].path
    # the face of the die it starts on: CHAL starts with CH on a Spanish board, QUIT with QU
    first_letter = upper_letters(solution.board.face(*path[0]))
    text = f"{len(word)} letters, starting with {first_letter}"
    definition = None
    first_cell = None
    if level >= 2:
        definition = define(word) if define is not None else None
        if definition:
            definition = masked(definition, word)
        text += f': "{definition}"' if definition else " (no definition known)"
    if level >= 3:
        first_cell = path[0]
        text += f"; it starts at {path_text(path[:1])}"
    return Hint(target, level, word, len(word), first_letter, definition, first_cell, text)
