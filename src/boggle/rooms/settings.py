"""A room's settings, as the host chooses them, checked against the server's limits.

>>> settings = RoomSettings.from_json({"dice": "big", "seconds": 90, "target": 50}, ["en-70"])
>>> settings.rows, settings.cols, settings.rules().name, settings.dictionary
(5, 5, 'big', 'en-70')
>>> RoomSettings.from_json({"seconds": 2}, ["en-70"])
Traceback (most recent call last):
...
boggle.rooms.limits.RoomError: 'seconds' must be a whole number from 5 to 600, got 2
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from boggle.dice.cubes import DICE_SETS, roll_board
from boggle.dice.measured import check_chosen_dice, measured_board, roll_for_language
from boggle.game.word_setting import EVERY_WORD, WordSetting
from boggle.model.board import Board
from boggle.model.checks import check_limits
from boggle.model.errors import BoggleError, DiceError
from boggle.model.rules import Rules, preset, rules_for_board
from boggle.rooms.limits import RoomError, RoomLimits
from boggle.wordlists.lexicon import Lexicon

LETTERS = "letters"
"""A room's dice that are none: each cell drawn from the letters of the room's list, as often
as its words use them (:func:`~boggle.dice.measured.measured_board`), at any size, as another
language's boards are. For a class of younger pupils on a small board: a 3x3 board of
``uniform`` letters (``esz yci dpy``) held a median of 5 words of ``en-50``, half the boards
fewer; of the list's letters, 19."""


@dataclass(frozen=True)
class RoomSettings:
    """What the host chose: the board (dice and size), word list, rules, round length,
    the end of the match (a target score or a number of rounds), the challenge rule,
    whether a word two players found is crossed off and whether the host plays.

    With ``challenge`` on, the server challenges every entry (``judge_round``'s
    ``"all"``): a word not in the list costs a point, a good word earns one more.

    >>> settings = RoomSettings(dice="uniform", rows=3, cols=5, seconds=60, challenge=True)
    >>> settings.rules().name, settings.challenge_mode, settings.target
    ('classic', 'all', 50)
    """

    dice: str = "new"
    rows: int = 4
    cols: int = 4
    dictionary: str = ""
    rules_name: str | None = None
    seconds: int = 180
    target: int | None = 50
    rounds: int | None = None
    challenge: bool = False
    words: WordSetting = EVERY_WORD
    """Which words count, and what the others get (see :mod:`boggle.game.word_setting`)."""
    cross_off: bool = True
    """A word two players found scores for neither (the classic rule); ``False``: it scores
    for each of them, as a class of thirty needs, where every common word is found twice."""
    host_plays: bool = True
    """``False``: the host who makes the room shows the board (a teacher's projector) and
    plays in no round (:attr:`boggle.rooms.room.Player.watching`)."""
    min_length: int | None = None
    """The shortest word that counts, in place of the rules' (3 for classic, 4 for big):
    ``None`` keeps the rules'."""

    def __post_init__(self) -> None:
        check_limits(self)

    def rules(self) -> Rules:
        """The chosen preset, or the one for the board's size.

        >>> RoomSettings().rules().name, RoomSettings(dice="big", rows=5, cols=5).rules().name
        ('classic', 'big')
        >>> RoomSettings(rules_name="big").rules().min_length
        4
        >>> RoomSettings(dice="big", rows=5, cols=5, min_length=5).rules().name
        'big (custom)'
        """
        rules = (
            preset(self.rules_name) if self.rules_name else rules_for_board(self.rows, self.cols)
        )
        return rules.with_overrides(min_length=self.min_length)

    @property
    def challenge_mode(self) -> str:
        return "all" if self.challenge else "off"

    def roll(self, seed: int, lexicon: Lexicon | None = None) -> Board:
        """The board of a round (the same for the same seed), in the language of the room's
        list ``lexicon`` as :func:`~boggle.dice.measured.roll_for_language` rolls it: an
        English list (or none) rolls the dice, another language draws each of the
        ``rows`` x ``cols`` cells from its list's letters.

        >>> board = RoomSettings(dice="uniform", rows=3, cols=5).roll(seed=7)
        >>> board.rows, board.cols, board == RoomSettings(dice="uniform", rows=3, cols=5).roll(7)
        (3, 5, True)
        >>> spanish = Lexicon.from_words(["año", "niño"])
        >>> spanish.language = "es"
        >>> set(RoomSettings().roll(1, spanish).faces) <= set("ainoñ")
        True
        """
        if self.dice == LETTERS:  # the list's letters (uniform ones without a list)
            if lexicon is None:
                return roll_board("uniform", seed, self.rows, self.cols)
            return measured_board(lexicon, self.rows, self.cols, seed)
        if lexicon is None:
            return roll_board(self.dice, seed, self.rows, self.cols)
        return roll_for_language(lexicon, self.dice, seed, self.rows, self.cols)

    def to_json(self) -> dict[str, Any]:
        """The settings as the page shows them and a stored match keeps them.

        >>> RoomSettings(seconds=60).to_json()
        {'dice': 'new', 'rows': 4, 'cols': 4, 'dictionary': '', 'seconds': 60, 'target': 50, \
'rounds': None, 'challenge': False, 'cross_off': True, 'host_plays': True, \
'min_length': None, 'word_level': 'all', 'other_words': 'refused', 'rules': None, \
'rules_used': {'name': 'classic', 'min_length': 3, \
'scoring': {'3': 1, '5': 2, '6': 3, '7': 5, '8': 11}}}
        """
        data = asdict(self)
        data.update(data.pop("words"))
        data["rules"] = data.pop("rules_name")
        data["rules_used"] = self.rules().to_json()
        return data

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        dictionaries: Sequence[str],
        limits: RoomLimits | None = None,
    ) -> RoomSettings:
        """Settings from a client's JSON object; the first of ``dictionaries`` is the default.

        Read by :class:`~boggle.rooms.fields.RoomSettingsRequest`, the pydantic model the
        HTTP requests' fields come from; anything wrong is a :class:`RoomError`
        (``bad_settings``) of one line.

        >>> settings = RoomSettings.from_json({"rounds": 3}, ["en-70", "en-80"])
        >>> settings.dictionary, settings.rounds, settings.target
        ('en-70', 3, None)
        >>> RoomSettings.from_json({"dictionary": "klingon"}, ["en-70"])
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: 'dictionary' must be one of: en-70; got 'klingon'
        """
        from boggle.rooms.fields import MIN_LENGTHS, RoomSettingsRequest, ValidationError, one_line

        limits = limits or RoomLimits()
        context = {"limits": limits, "dictionaries": list(dictionaries)}
        try:
            asked = RoomSettingsRequest.model_validate(data, context=context)
        except ValidationError as error:
            raise RoomError("bad_settings", one_line(error)) from None
        dice: str = asked.dice
        if "dice" not in asked.model_fields_set and (asked.size, asked.rows, asked.cols) not in (
            (None, None, None),
            (4, None, None),
        ):  # no dice named, another size: uniform letters (a language's letters beside its list)
            dice = "uniform"
        if dice in DICE_SETS:
            rows, cols = DICE_SETS[dice].rows, DICE_SETS[dice].cols
            if asked.size is not None and asked.size != rows:
                raise RoomError(
                    "bad_settings",
                    f"the {dice} dice fill a {rows}x{cols} tray; choose '{LETTERS}' (the list's "
                    "letters) or 'uniform' for other sizes",
                )
        else:
            side = 4 if asked.size is None else asked.size
            rows = side if asked.rows is None else asked.rows
            cols = side if asked.cols is None else asked.cols
        if asked.min_length is not None and asked.min_length > rows * cols:
            raise RoomError(
                "bad_settings",
                f"'min_length' must be from {MIN_LENGTHS[0]} to {rows * cols} on a "
                f"{rows}x{cols} board (a word uses each cell once), got {asked.min_length}",
            )
        rounds = asked.rounds or None
        target = (0 if rounds else 50) if asked.target is None else asked.target
        if not target and rounds is None:
            raise RoomError(
                "bad_settings", "a match needs a 'target' score or a number of 'rounds'"
            )
        try:
            words = WordSetting.from_json(asked.model_dump(include={"word_level", "other_words"}))
        except BoggleError as error:  # a level without wordfreq installed
            raise RoomError("bad_settings", str(error)) from None
        return cls(
            dice,
            rows,
            cols,
            asked.dictionary or dictionaries[0],
            asked.rules,
            180 if asked.seconds is None else asked.seconds,
            target or None,
            rounds,
            asked.challenge,
            words,
            asked.cross_off,
            asked.host_plays,
            asked.min_length,
        )


def roll_at_random(settings: RoomSettings, lexicon: Lexicon | None = None) -> Board:
    """A round's board rolled from a seed nobody can guess, in the language of the room's
    list ``lexicon`` as :meth:`RoomSettings.roll` rolls it (a server's rooms roll this way:
    :class:`boggle.rooms.RoomsConfig`'s ``roll``).

    >>> board = roll_at_random(RoomSettings(dice="uniform", rows=3, cols=5))
    >>> board.rows, board.cols
    (3, 5)
    """
    return settings.roll(secrets.randbelow(2**31), lexicon)


def check_asked_dice(asked: Mapping[str, Any], lexicon: Lexicon) -> None:
    """Refuse dice the host named (``asked``: the settings as sent) beside ``lexicon``, a
    list of another language than English: its boards draw each cell from the list's
    letters (:meth:`RoomSettings.roll`), so the dice would be ignored.  The refusal is
    :func:`~boggle.dice.measured.check_chosen_dice`'s, as ``boggle roll`` and
    ``/api/roll`` word it.

    >>> spanish = Lexicon.from_words(["casa"])
    >>> spanish.language = "es"
    >>> check_asked_dice({"size": 5}, spanish)  # no dice named: the size sets the shape
    >>> check_asked_dice({"dice": "big"}, Lexicon.from_words(["cat"]))  # English: dice roll
    >>> check_asked_dice({"dice": "big"}, spanish)
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: dice 'big': a Spanish board is not rolled from dice; each cell \
is drawn from the letters of the words of 'custom', so leave the dice out (the size sets the shape)
    """
    dice = asked.get("dice")
    if isinstance(dice, str) and dice != LETTERS:  # the list's letters: every language's
        try:
            check_chosen_dice(lexicon, dice)
        except DiceError as error:
            raise RoomError("bad_settings", str(error)) from None
