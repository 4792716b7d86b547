"""A room's settings are read by the pydantic model whose field types the HTTP requests use;
what is wrong is one line; the library outside the rooms and the web imports no pydantic."""

from __future__ import annotations

import subprocess
import sys
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pydantic", reason="room settings are read by pydantic (the web extra)")

from boggle.dice.cubes import GENERATORS
from boggle.game.word_setting import OTHER_WORDS
from boggle.model.rules import PRESETS
from boggle.model.word_levels import CHOICES
from boggle.rooms.fields import (
    DiceName,
    OtherWords,
    RoomDiceName,
    RoomSettingsRequest,
    RulesName,
    WordLevel,
)
from boggle.rooms.limits import RoomError, RoomLimits
from boggle.rooms.settings import LETTERS, RoomSettings

LISTS = ["en-70", "en-50"]


def _literal(kind: Any) -> tuple[str, ...]:
    (inner, *_) = typing.get_args(kind) if typing.get_origin(kind) is typing.Annotated else (kind,)
    values = [a for a in typing.get_args(inner) if a is not type(None)]
    if len(values) == 1 and typing.get_origin(values[0]) is typing.Literal:
        values = list(typing.get_args(values[0]))
    return tuple(values)


def test_the_shared_choices_are_the_librarys() -> None:
    assert _literal(DiceName) == GENERATORS
    assert _literal(RoomDiceName) == (*GENERATORS, LETTERS)  # a room's board of the list's letters
    assert _literal(WordLevel) == tuple(CHOICES)
    assert _literal(OtherWords) == OTHER_WORDS
    assert _literal(RulesName) == tuple(PRESETS)


def test_http_requests_use_the_same_field_types() -> None:
    pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
    from boggle.web.models import PlayRequest, RollRequest, SolveRequest

    assert RollRequest.model_fields["dice"].annotation == DiceName
    assert RoomSettingsRequest.model_fields["dice"].annotation == RoomDiceName
    assert PlayRequest.model_fields["word_level"].annotation == WordLevel
    assert PlayRequest.model_fields["other_words"].annotation == OtherWords
    assert SolveRequest.model_fields["rules"].annotation == (
        RoomSettingsRequest.model_fields["rules"].annotation
    )
    assert RollRequest.model_config == RoomSettingsRequest.model_config


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"seconds": 2}, "'seconds' must be a whole number from 5 to 600, got 2"),
        ({"seconds": "90"}, "'seconds' must be a whole number, got '90'"),
        ({"seconds": True}, "'seconds' must be a whole number, got True"),
        ({"dice": "golden"}, "'dice' must be one of: classic, new, big, superbig, uniform"),
        ({"dictionary": "klingon"}, "'dictionary' must be one of: en-70, en-50; got 'klingon'"),
        ({"dice": "uniform", "size": 99}, "'size' must be a whole number from 2 to"),
        ({"challenge": "yes"}, "'challenge' must be true or false, got 'yes'"),
        ({"colour": "red"}, "unknown setting 'colour'"),
        ({"rules": "huge"}, "'rules' must be one of: classic, big; got 'huge'"),
        ({"word_level": "rare"}, "'word_level' must be one of: common, standard, all"),
        ({"dice": "big", "size": 4}, "the big dice fill a 5x5 tray"),
        ({"target": 0}, "a match needs a 'target' score or a number of 'rounds'"),
        ({"dice": [[]]}, "'dice' must be one of"),
    ],
)
def test_bad_settings_are_one_line_naming_the_setting(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(RoomError) as refused:
        RoomSettings.from_json(data, LISTS)
    assert refused.value.code == "bad_settings"
    assert fragment in str(refused.value)
    assert "\n" not in str(refused.value)


def test_good_settings_and_the_servers_limits() -> None:
    chosen = RoomSettings.from_json(
        {
            "dice": "uniform",
            "rows": 3,
            "cols": 6,
            "dictionary": "en-50",
            "rules": "big",
            "seconds": 60,
            "rounds": 3,
            "challenge": True,
        },
        LISTS,
    )
    assert (chosen.rows, chosen.cols, chosen.dictionary, chosen.rules().name) == (
        3,
        6,
        "en-50",
        "big",
    )
    assert (chosen.seconds, chosen.target, chosen.rounds, chosen.challenge) == (60, None, 3, True)
    default = RoomSettings.from_json({}, LISTS)
    assert (default.dice, default.rows, default.dictionary, default.target) == (
        "new",
        4,
        "en-70",
        50,
    )
    assert default.rules().name == "classic"
    with pytest.raises(RoomError, match="from 5 to 30, got 60"):
        RoomSettings.from_json({"seconds": 60}, LISTS, RoomLimits(max_round_seconds=30))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 1000) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
KEYS = st.sampled_from(
    [
        "dice",
        "size",
        "rows",
        "cols",
        "dictionary",
        "rules",
        "seconds",
        "target",
        "rounds",
        "challenge",
        "word_level",
        "other_words",
        "colour",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(KEYS, JSON | st.sampled_from([*GENERATORS, *LISTS, "big", 5, 90])))
def test_any_json_is_settings_or_one_line(data: dict[str, Any]) -> None:
    try:
        chosen = RoomSettings.from_json(data, LISTS)
    except RoomError as error:
        assert error.code == "bad_settings" and "\n" not in str(error) and str(error)
    else:
        assert chosen.dictionary in LISTS and chosen.dice in GENERATORS
        assert chosen.target is not None or chosen.rounds is not None


def test_the_library_outside_rooms_and_web_imports_without_pydantic() -> None:
    code = (
        "import sys\n"
        "sys.modules['pydantic'] = None\n"
        "import boggle, boggle.rooms, boggle.rooms.settings, boggle.search, boggle.scale\n"
        "print(boggle.solve('fxie amlo ewbx astu', boggle.Lexicon.from_words(['fame'])).score)\n"
        "print(boggle.rooms.RoomSettings().rules().name)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "classic"]
