"""The shapes of what clients send, in pydantic, shared by the HTTP API and the rooms.

The HTTP requests (:mod:`boggle.web.models`) and a room's settings
(:class:`RoomSettingsRequest`, read by :meth:`boggle.rooms.settings.RoomSettings.from_json`)
use the same field types and the same strict base: no type coercion, no unknown field.
This module needs pydantic (the ``web`` extra); the rest of the library does not import it.

>>> request = RoomSettingsRequest.model_validate({"dice": "uniform", "size": 6})
>>> request.dice, request.size, request.rules
('uniform', 6, None)
>>> try:
...     RoomSettingsRequest.model_validate({"dice": "golden", "colour": "red"})
... except ValidationError as error:
...     print(one_line(error))
'dice' must be one of: classic, new, big, superbig, uniform, letters; got 'golden'; \
unknown setting 'colour'
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, model_validator

from boggle.model.wording import grouped
from boggle.rooms.limits import RoomLimits

__all__ = [
    "DiceName",
    "DictionaryName",
    "OtherWords",
    "RoomDiceName",
    "RoomSettingsRequest",
    "RulesName",
    "StrictModel",
    "ValidationError",
    "WordLevel",
    "one_line",
]

DiceName = Literal["classic", "new", "big", "superbig", "uniform"]
"""The names :func:`boggle.dice.cubes.roll_board` takes (``GENERATORS``)."""
RoomDiceName = Literal["classic", "new", "big", "superbig", "uniform", "letters"]
"""A room's dice: :data:`DiceName`, or ``letters``, an English board of any size drawn from
the list's letters as another language's is (:data:`boggle.rooms.settings.LETTERS`)."""
WordLevel = Literal["common", "standard", "all"]
"""Which words count (:data:`boggle.model.word_levels.CHOICES`)."""
OtherWords = Literal["refused", "zero"]
"""What a listed word outside the level gets (:data:`boggle.game.word_setting.OTHER_WORDS`)."""
DictionaryName = Annotated[
    str | None,
    Field(default=None, max_length=64, description="a name from GET /api/dictionaries"),
]
MIN_LENGTHS = (3, 6)
"""The shortest word a room may count, from 3 letters (the classic rules) to 6 (a club of
strong players on a 5x5 or 6x6 board), and never more than the board's cells
(:meth:`boggle.rooms.settings.RoomSettings.from_json`)."""
RulesName = Annotated[
    Literal["classic", "big"] | None,
    Field(
        default=None,
        description="rules preset (default: classic below 25 cells, big from 25, as on 5x5)",
    ),
]


class StrictModel(BaseModel):
    """The base of every request model: no type coercion, no unknown field.

    >>> class Word(StrictModel):
    ...     word: str
    >>> try:
    ...     Word.model_validate({"word": 5, "colour": "red"})
    ... except ValidationError as error:
    ...     print(one_line(error))
    'word' must be a short text, got 5; unknown setting 'colour'
    """

    model_config = ConfigDict(strict=True, extra="forbid")


class RoomSettingsRequest(StrictModel):
    """A room's settings as a host sends them (absent: the default).

    The server's limits (:class:`~boggle.rooms.limits.RoomLimits`) and the word lists
    it offers come in the validation context (``limits``, ``dictionaries``).

    >>> RoomSettingsRequest.model_validate({"rounds": 3, "challenge": True}).rounds
    3
    >>> context = {"limits": RoomLimits(max_side=5)}
    >>> try:
    ...     RoomSettingsRequest.model_validate({"size": 6}, context=context)
    ... except ValidationError as error:
    ...     print(one_line(error))
    'size' must be a whole number from 2 to 5, got 6
    """

    dice: RoomDiceName = "new"
    size: int | None = Field(
        default=None, description="the side of a board of uniform letters or the list's letters"
    )
    rows: int | None = None
    cols: int | None = None
    dictionary: DictionaryName = None
    rules: RulesName = None
    seconds: int | None = None
    target: int | None = Field(default=None, description="the score that wins; 0: none")
    rounds: int | None = Field(default=None, description="rounds in the match; 0: no limit")
    challenge: bool = False
    cross_off: bool = Field(
        default=True, description="a word two players found scores for neither; false: for each"
    )
    host_plays: bool = Field(
        default=True, description="false: the host shows the board and plays in no round"
    )
    word_level: WordLevel | None = None
    other_words: OtherWords | None = None
    min_length: int | None = Field(
        default=None,
        description="the shortest word that counts, 3 to 6 letters (at most the board's cells); "
        "default: the rules'",
    )

    @model_validator(mode="after")
    def _within_limits(self, info: ValidationInfo) -> RoomSettingsRequest:
        context = info.context if isinstance(info.context, dict) else {}
        limits = context.get("limits") or RoomLimits()
        offered = context.get("dictionaries")
        for name, (low, high) in setting_ends(limits).items():
            value = getattr(self, name)
            if value is not None and not low <= value <= high:
                # the value as it was typed in the page's field, which the player reads back
                raise ValueError(
                    f"'{name}' must be a whole number from {grouped(low)} to {grouped(high)}, "
                    f"got {value}"
                )
        if offered is not None and self.dictionary is not None and self.dictionary not in offered:
            raise ValueError(
                f"'dictionary' must be one of: {', '.join(offered)}; got {self.dictionary!r}"
            )
        return self


def setting_ends(limits: RoomLimits) -> dict[str, tuple[int, int]]:
    """The lowest and highest value of each number a room's settings take, on ``limits``:
    what the create form and the API check (:class:`RoomSettingsRequest`), and a rooms
    file's room read back (:func:`boggle.rooms.state.restore_room`).

    >>> setting_ends(RoomLimits())["seconds"], setting_ends(RoomLimits(max_rounds=9))["rounds"]
    ((5, 600), (0, 9))
    """
    side_ends = (2, limits.max_side)
    return {
        "size": side_ends,
        "rows": side_ends,
        "cols": side_ends,
        "seconds": (limits.min_round_seconds, limits.max_round_seconds),
        "rounds": (0, limits.max_rounds),
        "target": (0, limits.max_target),
        "min_length": MIN_LENGTHS,
    }


def pydantic_message(item: Any) -> str:
    """The message of one of pydantic's problems, with the numbers of its context (a limit,
    a length) grouped by thousands as every message of the command line and the API writes
    them (pydantic writes ``at most 10000 items``).

    >>> too_long = {"max_length": 10000, "actual_length": 10001}
    >>> pydantic_message({"msg": "List should have at most 10000 items after validation, "
    ...     "not 10001", "ctx": too_long})
    'List should have at most 10,000 items after validation, not 10,001'
    """
    import re  # pydantic has imported it already

    message = str(item.get("msg", "invalid"))
    numbers = {
        value
        for value in (item.get("ctx") or {}).values()
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000
    }
    for number in sorted(numbers, key=lambda n: -len(str(n))):  # 10001 before 1000
        message = re.sub(rf"(?<![\d,.]){number}(?![\d,])", grouped(number), message)
    return message


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _problem(item: Any) -> str:
    kind = item.get("type", "")
    where = ".".join(str(part) for part in item.get("loc", ()))
    context = item.get("ctx") or {}
    if kind == "extra_forbidden":
        return f"unknown setting {where!r}"
    if kind == "value_error":
        return str(context.get("error", item.get("msg", "invalid")))
    if kind == "literal_error":
        choices = str(context.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"{where!r} must be one of: {choices}; got {_shown(item.get('input'))}"
    if kind in ("int_type", "int_from_float", "int_parsing"):
        return f"{where!r} must be a whole number, got {_shown(item.get('input'))}"
    if kind == "bool_type":
        return f"{where!r} must be true or false, got {_shown(item.get('input'))}"
    if kind in ("string_type", "string_too_long"):
        return f"{where!r} must be a short text, got {_shown(item.get('input'))}"
    if kind == "model_type":
        return "the settings must be a JSON object"
    return f"{where!r}: {pydantic_message(item)}" if where else pydantic_message(item)


def one_line(error: ValidationError) -> str:
    """What was wrong, in one line for people: the first three problems.

    >>> try:
    ...     RoomSettingsRequest.model_validate({"seconds": "60", "challenge": 1})
    ... except ValidationError as error:
    ...     print(one_line(error))
    'seconds' must be a whole number, got '60'; 'challenge' must be true or false, got 1
    """
    return "; ".join(_problem(item) for item in error.errors()[:3]) or "invalid settings"
