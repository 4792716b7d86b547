"""Rules: the minimum word length and the points a word scores by its length.

Both presets score words the same way ("At Play With J: Boggle"'s table): 3 or 4 letters 1
point, 5 letters 2, 6 letters 3, 7 letters 5, 8 or more 11.  They differ in the
shortest word allowed: 3 letters in classic 4x4 Boggle, 4 in Big Boggle.
Length counts letters, so ``Qu`` is two.

>>> CLASSIC.points("fame"), CLASSIC.points("intercontinental")
(1, 11)
>>> BIG.points("fox")
0
>>> Rules.parse_scoring("3:1,5:2,6:3,7:5,8:11") == CLASSIC.scoring
True
>>> rules_for_board(5, 5).name
'big'

Which rules apply to a board is decided here and nowhere else:
:class:`RulesChoice` holds what a user asked for (a preset or none, and any
overrides) and gives the rules of a board of any size.

>>> RulesChoice(min_length=5).for_size(4, 4)
Rules(name='classic (custom)', min_length=5, scoring=((3, 1), (5, 2), (6, 3), (7, 5), (8, 11)))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from boggle.model.checks import whole_number
from boggle.model.errors import RulesError
from boggle.model.wording import grouped, quoted

TYPE_CHECKING = False  # typing, and dataclasses (12 ms), cost every start time to import
if TYPE_CHECKING:
    from dataclasses import dataclass, replace
    from typing import Any

    from boggle.model.board import Board
else:
    from boggle.model.records import dataclass, replace

Scoring = tuple[tuple[int, int], ...]
"""Steps ``(length, points)``, ascending: a word scores the points of the last
step whose length it reaches."""

STANDARD_SCORING: Scoring = ((3, 1), (5, 2), (6, 3), (7, 5), (8, 11))

MAX_WORD_LENGTH = 1000


@dataclass(frozen=True)
class Rules:
    """How words are accepted and scored.

    >>> mine = Rules("mine", min_length=4)
    >>> mine.points("fame"), mine.points("fax")
    (1, 0)
    """

    name: str
    min_length: int
    scoring: Scoring = STANDARD_SCORING

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"the rules' name must be text, got {self.name!r}")
        if (
            not 1
            <= whole_number("min_length", self.min_length, error=RulesError)
            <= MAX_WORD_LENGTH
        ):
            raise RulesError(
                f"minimum word length must be from 1 to {grouped(MAX_WORD_LENGTH)}, "
                f"got {grouped(self.min_length)}"
            )
        object.__setattr__(self, "scoring", _scoring_steps(self.scoring))  # a list, as a tuple
        _check_scoring(self.scoring)

    def points_for_length(self, length: int) -> int:
        """Points of a word of ``length`` letters (0 below the minimum length).

        >>> CLASSIC.points_for_length(2), CLASSIC.points_for_length(6)
        (0, 3)
        """
        if length < self.min_length:
            return 0
        points = 0
        for step_length, step_points in self.scoring:
            if length < step_length:
                break
            points = step_points
        return points

    def points(self, word: str) -> int:
        """Points of ``word`` (its letters counted, ``qu`` as two).

        >>> CLASSIC.points("quiet"), CLASSIC.points("at")
        (2, 0)
        """
        return self.points_for_length(len(word))

    def points_table(self, longest: int) -> list[int]:
        """``points_table(n)[k]`` is the points of a ``k``-letter word, for k up to ``n``.

        >>> CLASSIC.points_table(8)
        [0, 0, 0, 1, 1, 2, 3, 5, 11]
        """
        return [self.points_for_length(k) for k in range(longest + 1)]

    def with_overrides(
        self, *, min_length: int | None = None, scoring: Scoring | None = None
    ) -> Rules:
        """A copy with some fields replaced; the name records that it was changed.

        >>> CLASSIC.with_overrides(min_length=4).name, CLASSIC.with_overrides(min_length=3).name
        ('classic (custom)', 'classic')
        """
        if min_length is None and scoring is None:
            return self
        changed = replace(
            self,
            min_length=self.min_length if min_length is None else min_length,
            scoring=self.scoring if scoring is None else scoring,
        )
        if changed == self:
            return self
        return replace(changed, name=f"{self.name} (custom)")

    @staticmethod
    def parse_scoring(text: str) -> Scoring:
        """Read a scoring table written as ``LENGTH:POINTS`` steps, e.g. ``3:1,5:2,8:11``;
        an empty step (two commas together, or one at an end) is refused, not skipped, and
        so are numbers in other digits than 0-9 (as every number option reads them).

        >>> Rules.parse_scoring("3:1,,5:2")
        Traceback (most recent call last):
        boggle.model.errors.RulesError: scoring '3:1,,5:2' has an empty step ...
        """
        steps = []
        parts = text.replace(" ", "").split(",")
        if parts != [""] and "" in parts:  # a blank text is the empty table, refused below
            raise RulesError(
                f"scoring {quoted(text)} has an empty step (two commas together or one at an "
                "end); write e.g. '3:1,5:2,6:3,7:5,8:11'"
            )
        for part in parts:
            if not part:
                continue
            length_text, sep, points_text = part.partition(":")
            if not sep:
                raise RulesError(
                    f"scoring step {part!r} is not LENGTH:POINTS; write e.g. '3:1,5:2,6:3,7:5,8:11'"
                )
            if not part.isascii() or "_" in part:  # int() takes '٣' and '1_0'
                raise RulesError(
                    f"scoring step {part!r} needs whole numbers in the digits 0-9, e.g. '5:2'"
                )
            try:
                steps.append((int(length_text), int(points_text)))
            except ValueError:
                raise RulesError(f"scoring step {part!r} needs whole numbers, e.g. '5:2'") from None
        scoring = tuple(steps)
        _check_scoring(scoring)
        return scoring

    @staticmethod
    def format_scoring(scoring: Scoring) -> str:
        """The ``LENGTH:POINTS`` text form of a scoring table.

        >>> Rules.format_scoring(((3, 1), (5, 2)))
        '3:1,5:2'
        """
        return ",".join(f"{length}:{points}" for length, points in scoring)

    def to_json(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict.

        >>> Rules("short", min_length=2, scoring=((2, 1), (4, 3))).to_json()
        {'name': 'short', 'min_length': 2, 'scoring': {'2': 1, '4': 3}}
        """
        return {
            "name": self.name,
            "min_length": self.min_length,
            "scoring": {str(length): points for length, points in self.scoring},
        }


MAX_STEP_POINTS = 1_000_000
"""The most points (or, negative, the fewest) one word may score."""


def _scoring_steps(scoring: object) -> Scoring:
    """``scoring`` as a tuple of ``(length, points)`` pairs, or :class:`RulesError` for a
    value that is not a sequence of pairs."""
    wanted = "scoring is a list of (length, points) steps like ((3, 1), (5, 2))"
    if isinstance(scoring, str) or not isinstance(scoring, Iterable):
        raise RulesError(f"{wanted}, not {type(scoring).__name__}", setting="scoring")
    steps = tuple(scoring)
    for step in steps:
        if isinstance(step, str) or not isinstance(step, Sequence) or len(step) != 2:
            raise RulesError(f"{wanted}; a step was {step!r}", setting="scoring")
    return tuple((length, points) for length, points in steps)


def _check_scoring(scoring: Scoring) -> None:
    if not scoring:
        raise RulesError("the scoring table is empty; write e.g. '3:1,5:2,6:3,7:5,8:11'")
    previous = 0
    for length, points in scoring:
        whole_number("a scoring step's length", length, error=RulesError, setting="scoring")
        whole_number("a scoring step's points", points, error=RulesError, setting="scoring")
        if length < 1 or length > MAX_WORD_LENGTH:
            raise RulesError(
                f"scoring length must be from 1 to {grouped(MAX_WORD_LENGTH)}, "
                f"got {grouped(length)}"
            )
        if length <= previous:
            raise RulesError("scoring steps must be in increasing order of length")
        if not -MAX_STEP_POINTS <= points <= MAX_STEP_POINTS:
            raise RulesError(
                f"scoring points must be from {grouped(-MAX_STEP_POINTS)} to "
                f"{grouped(MAX_STEP_POINTS)}, got {grouped(points)}"
            )
        previous = length


CLASSIC = Rules("classic", min_length=3)
"""Classic 4x4 Boggle: words of 3 letters or more."""

BIG = Rules("big", min_length=4)
"""Big Boggle (5x5 and larger): words of 4 letters or more."""

PRESETS: dict[str, Rules] = {"classic": CLASSIC, "big": BIG}


def preset(name: str) -> Rules:
    """The preset called ``name`` (``classic`` or ``big``).

    >>> preset("Big").min_length
    4
    """
    if not isinstance(name, str):
        raise RulesError(
            f"a preset is named by text ({', '.join(PRESETS)}), not {type(name).__name__}"
        )
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError(f"unknown rules {name!r}; choose one of: {', '.join(PRESETS)}") from None


LARGE_BOARD_CELLS = 25
"""Boards of this many cells or more (5x5 and up) are played by the big preset."""


@dataclass(frozen=True)
class RulesChoice:
    """The rules a user asked for: a preset (``None``: the preset of the board's size)
    and overrides of its minimum length and scoring.

    Bad choices are refused when the choice is made, before any board is seen.

    >>> choice = RulesChoice()
    >>> choice.for_size(4, 4).name, choice.for_size(5, 5).name, choice.for_board(None).name
    ('classic', 'big', 'classic')
    >>> RulesChoice("big", min_length=3).for_size(4, 4).min_length
    3
    """

    preset: str | None = None
    min_length: int | None = None
    scoring: Scoring | None = None

    def __post_init__(self) -> None:
        _ = self.small, self.large  # refuse an unknown preset or a bad override now

    @property
    def fixed(self) -> bool:
        """True when the rules do not depend on the board's size."""
        return self.preset is not None

    @property
    def small(self) -> Rules:
        """The rules of a board of fewer than :data:`LARGE_BOARD_CELLS` cells."""
        return self._with_overrides(preset(self.preset) if self.preset else CLASSIC)

    @property
    def large(self) -> Rules:
        """The rules of a board of :data:`LARGE_BOARD_CELLS` cells or more."""
        return self._with_overrides(preset(self.preset) if self.preset else BIG)

    def for_cells(self, cells: int) -> Rules:
        """The rules of a board of ``cells`` cells.

        >>> RulesChoice().for_cells(16).name, RulesChoice().for_cells(25).name
        ('classic', 'big')
        """
        return self.large if cells >= LARGE_BOARD_CELLS else self.small

    def for_size(self, rows: int, cols: int) -> Rules:
        """The rules of a board of ``rows`` x ``cols`` (whole numbers: ``4.0`` is refused).

        >>> RulesChoice().for_size(5, 5).name
        'big'
        """
        whole_number("rows", rows, at_least=1, error=RulesError)
        whole_number("cols", cols, at_least=1, error=RulesError)
        return self.for_cells(rows * cols)

    def for_board(self, board: Board | None) -> Rules:
        """The rules of ``board``; a board that could not be read gets the small board's.
        A ``min_length`` asked for that is longer than any word the board can hold
        (:attr:`~boggle.model.board.Board.longest_word_length`) is refused: no word
        would score.

        >>> from boggle.model.board import Board
        >>> RulesChoice().for_board(Board.parse("abcde " * 5)).name
        'big'
        >>> RulesChoice(min_length=17).for_board(Board.parse("fxie amlo ewbx astu"))
        Traceback (most recent call last):
        ...
        boggle.model.errors.RulesError: min_length must be from 1 to 16 on this board ...
        """
        if board is None:
            return self.small
        from boggle.model.board import Board  # not at the top: board.py imports this module

        if not isinstance(board, Board):
            raise RulesError(f"the rules are chosen for a Board, not {type(board).__name__}")
        longest = board.longest_word_length
        if self.min_length is not None and self.min_length > longest:
            raise RulesError(
                f"min_length must be from 1 to {grouped(longest)} on this board (its longest "
                f"possible word: every face's letters once), got {grouped(self.min_length)}",
                setting="min_length",
            )
        return self.for_cells(board.size)

    def _with_overrides(self, base: Rules) -> Rules:
        return base.with_overrides(min_length=self.min_length, scoring=self.scoring)


RulesLike = Rules | RulesChoice | str | None
"""What every public function takes as ``rules``: fixed :class:`Rules`, a
:class:`RulesChoice`, a preset's name (``classic``, ``big``), or ``None`` for the
preset of the board's size."""


def as_rules(rules: RulesLike) -> Rules | RulesChoice:
    """``rules`` as given to a public function, in one of two forms: fixed :class:`Rules`,
    or a :class:`RulesChoice` that picks the rules by the board's size.

    >>> as_rules("big") is BIG, as_rules(None) == RulesChoice(), as_rules(CLASSIC) is CLASSIC
    (True, True, True)
    >>> as_rules("huge")
    Traceback (most recent call last):
    ...
    boggle.model.errors.RulesError: unknown rules 'huge'; choose one of: classic, big
    """
    if rules is None:
        return RulesChoice()
    if isinstance(rules, Rules | RulesChoice):
        return rules
    if isinstance(rules, str):
        return preset(rules)
    raise RulesError(
        f"rules must be Rules, a RulesChoice, a preset name ({', '.join(PRESETS)}) or None, "
        f"not {type(rules).__name__}"
    )


def choose_rules(rules: RulesLike, board: Board | None) -> Rules:
    """The rules for ``board``: ``rules`` when fixed, else chosen by the board's size.

    >>> choose_rules(None, None) is CLASSIC, choose_rules(BIG, None) is BIG
    (True, True)
    >>> choose_rules("big", None) is BIG
    True
    """
    chosen = as_rules(rules)
    return chosen if isinstance(chosen, Rules) else chosen.for_board(board)


def rules_for_size(rules: RulesLike, rows: int, cols: int) -> Rules:
    """The rules for a ``rows`` x ``cols`` board: ``rules`` when fixed, else by its size.

    >>> rules_for_size(None, 5, 5) is BIG, rules_for_size("classic", 5, 5) is CLASSIC
    (True, True)
    """
    chosen = as_rules(rules)
    return chosen if isinstance(chosen, Rules) else chosen.for_size(rows, cols)


def rules_for_board(board_or_rows: Board | int, cols: int | None = None, /) -> Rules:
    """The default preset for a board, or a board of ``rows`` x ``cols``: classic below 25
    cells (4x4 and smaller), big from 5x5.

    >>> rules_for_board(4, 4).name, rules_for_board(5, 5).name
    ('classic', 'big')
    >>> from boggle.model.board import Board
    >>> rules_for_board(Board.parse("abcde " * 5)).name
    'big'
    """
    from boggle.model.board import Board, check_size

    if isinstance(board_or_rows, Board):
        if cols is not None:
            raise RulesError("rules_for_board takes a board, or its rows and cols: not both")
        return RulesChoice().for_board(board_or_rows)
    if cols is None:
        raise RulesError("rules_for_board takes a board, or its rows and cols: cols is missing")
    check_size(board_or_rows, cols)  # a board's sides: 0x0 or 2000x2000 is no board
    return RulesChoice().for_size(board_or_rows, cols)
