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

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from boggle.dice.cubes import DICE_SETS, roll_board
from boggle.game.word_setting import EVERY_WORD, WordSetting
from boggle.model.board import Board
from boggle.model.errors import BoggleError
from boggle.model.rules import PRESETS, Rules, preset, rules_for_board
from boggle.rooms.limits import RoomError, RoomLimits

DICE_NAMES = (*DICE_SETS, "uniform")


@dataclass(frozen=True)
class RoomSettings:
    """What the host chose: the board (dice and size), word list, rules, round length,
    the end of the match (a target score or a number of rounds) and the challenge rule.

    With ``challenge`` on, the server challenges every entry (``judge_round``'s
    ``"all"``): a word not in the list costs a point, a good word earns one more.
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

    def rules(self) -> Rules:
        """The chosen preset, or the one for the board's size."""
        return preset(self.rules_name) if self.rules_name else rules_for_board(self.rows, self.cols)

    @property
    def challenge_mode(self) -> str:
        return "all" if self.challenge else "off"

    def roll(self, seed: int) -> Board:
        """The board of a round."""
        return roll_board(self.dice, seed, self.rows, self.cols)

    def to_json(self) -> dict[str, Any]:
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
        """Settings from a client's JSON object; the first of ``dictionaries`` is the default."""
        limits = limits or RoomLimits()
        known = {"dice", "size", "rows", "cols", "dictionary", "rules", "seconds", "target"}
        known |= {"rounds", "challenge", "word_level", "other_words"}
        if unknown := sorted(set(data) - known):
            raise RoomError("bad_settings", f"unknown setting {unknown[0]!r}")
        dice = _choice(data, "dice", DICE_NAMES, "new")
        if dice in DICE_SETS:
            rows, cols = DICE_SETS[dice].rows, DICE_SETS[dice].cols
            size = data.get("size")
            if size is not None and size != rows:
                raise RoomError(
                    "bad_settings",
                    f"the {dice} dice fill a {rows}x{cols} tray; choose 'uniform' for other sizes",
                )
        else:
            side = _whole(data, "size", 4, 2, limits.max_side)
            rows = _whole(data, "rows", side, 2, limits.max_side)
            cols = _whole(data, "cols", side, 2, limits.max_side)
        dictionary = _choice(data, "dictionary", tuple(dictionaries), dictionaries[0])
        rules_name = _choice(data, "rules", (*PRESETS, ""), "") or None
        seconds = _whole(data, "seconds", 180, limits.min_round_seconds, limits.max_round_seconds)
        rounds = _whole(data, "rounds", 0, 0, limits.max_rounds) or None
        target = _whole(data, "target", 0 if rounds else 50, 0, limits.max_target) or None
        if target is None and rounds is None:
            raise RoomError(
                "bad_settings", "a match needs a 'target' score or a number of 'rounds'"
            )
        challenge = data.get("challenge", False)
        if not isinstance(challenge, bool):
            raise RoomError("bad_settings", "'challenge' must be true or false")
        try:
            words = WordSetting.from_json(data)
        except BoggleError as error:  # an unknown level, or no wordfreq installed
            raise RoomError("bad_settings", str(error)) from None
        return cls(
            dice, rows, cols, dictionary, rules_name, seconds, target, rounds, challenge, words
        )


def _choice(data: Mapping[str, Any], key: str, choices: Sequence[str], default: str) -> str:
    value = data.get(key)
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        shown = ", ".join(c for c in choices if c) or "(none)"
        raise RoomError("bad_settings", f"{key!r} must be one of: {shown}; got {value!r}")
    return value


def _whole(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RoomError(
            "bad_settings", f"{key!r} must be a whole number from {low} to {high}, got {value!r}"
        )
    return value
