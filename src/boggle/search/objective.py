"""What search and prove maximise: a board's points, or how many words it holds.

An objective is a scoring table.  ``points`` keeps the rules' table (any table,
``--scoring``); ``words`` scores every word the rules accept 1 point, so a board's
score is its number of words and the best board is the *wordiest*.

>>> from boggle.model.rules import CLASSIC
>>> words = with_objective(CLASSIC, "words")
>>> words.points("tea"), words.points("intercontinental"), words.points("at")
(1, 1, 0)
>>> objective_of(words), objective_of(CLASSIC)
('words', 'points')
>>> with_objective(CLASSIC, "letters")
Traceback (most recent call last):
  ...
boggle.model.errors.BoggleError: unknown objective 'letters'; choose points or words
"""

from __future__ import annotations

from typing import Any

from boggle.model.errors import BoggleError
from boggle.model.records import replace
from boggle.model.rules import Rules, Scoring

OBJECTIVES = ("points", "words")
"""The objectives, the default first."""

WORD_COUNT_SCORING: Scoring = ((1, 1),)
"""Every word 1 point (the rules' shortest length still applies)."""


def with_objective(rules: Rules, objective: str) -> Rules:
    """The rules scoring boards for ``objective`` (``points``: the rules as they are)."""
    if objective not in OBJECTIVES:
        raise BoggleError(f"unknown objective {objective!r}; choose {' or '.join(OBJECTIVES)}")
    if objective == "points" or objective_of(rules) == "words":
        return rules
    return replace(rules, name=f"{rules.name} (words)", scoring=WORD_COUNT_SCORING)


def objective_of(rules: Rules) -> str:
    """``words`` when every word the rules accept scores exactly 1, else ``points``."""
    longest_step = max(length for length, _ in rules.scoring)
    lengths = range(rules.min_length, max(rules.min_length, longest_step) + 1)
    return "words" if all(rules.points_for_length(k) == 1 for k in lengths) else "points"


def objective_of_json(rules: Any) -> str | None:
    """The objective of rules as :meth:`Rules.to_json` writes them; ``None`` when they
    cannot be read."""
    try:
        scoring = tuple(sorted((int(length), int(p)) for length, p in rules["scoring"].items()))
        return objective_of(Rules(str(rules["name"]), int(rules["min_length"]), scoring))
    except (KeyError, TypeError, ValueError, AttributeError, BoggleError):
        return None
