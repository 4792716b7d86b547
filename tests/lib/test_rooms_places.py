"""A club's table in a room: a place shared on equal points (written ``1=`` on the room page,
the projector and both spreadsheets) and the shortest word a room counts (3 to 6 letters)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from boggle.rooms.export import results_csv, standings, standings_csv
from boggle.rooms.limits import RoomError
from boggle.rooms.settings import RoomSettings
from boggle.rooms.state import restore_room, room_json

LISTS = ["en-70"]


def _round(match: int, number: int, scores: dict[str, int], over: bool) -> dict[str, Any]:
    return {
        "match": match,
        "round": number,
        "board": "fxie amlo ewbx astu",
        "players": [{"name": name, "score": score, "words": []} for name, score in scores.items()],
        "scores": scores,
        "totals": scores,
        "standings": standings(scores),
        "match_over": over,
        "winners": [],
        "unfound": [],
    }


def test_a_shared_place_is_written_with_an_equals_sign_in_both_spreadsheets() -> None:
    """Two players on equal points shared rank 2, written "2" as the player alone on 1 was:
    the spreadsheets write a shared place "2=", as the room page does."""
    stored = {
        "rounds": [_round(1, 1, {"ann": 5, "bob": 3, "cy": 3, "dee": 1}, True)],
        "matches": [],
    }
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert [(row["match"], row["rank"], row["player"]) for row in table] == [
        ("1", "1", "ann"),
        ("1", "2=", "bob"),
        ("1", "2=", "cy"),
        ("1", "4", "dee"),
        ("evening", "1", "ann"),
        ("evening", "2=", "bob"),
        ("evening", "2=", "cy"),
        ("evening", "4", "dee"),
    ]
    rounds = list(csv.DictReader(io.StringIO(results_csv(stored))))
    assert [row["rank"] for row in rounds if row["player"] != "(nobody found)"] == [
        "1",
        "2=",
        "2=",
        "4",
    ]


@pytest.mark.parametrize(
    "asked, shortest, name",
    [
        ({}, 3, "classic"),
        ({"min_length": 5}, 5, "classic (custom)"),
        ({"dice": "big", "min_length": 6}, 6, "big (custom)"),
        ({"dice": "big", "min_length": 3}, 3, "big (custom)"),
        ({"dice": "uniform", "size": 2, "min_length": 4}, 4, "classic (custom)"),
    ],
)
def test_a_room_counts_words_of_3_to_6_letters(
    asked: dict[str, Any], shortest: int, name: str
) -> None:
    """A room's shortest word was the rules' 3 or 4: a club counting words of 5 letters or
    more on a 5x5 board could not say so."""
    rules = RoomSettings.from_json(asked, LISTS).rules()
    assert (rules.min_length, rules.name) == (shortest, name)


@pytest.mark.parametrize(
    "asked, message",
    [
        ({"min_length": 7}, "'min_length' must be a whole number from 3 to 6, got 7"),
        ({"min_length": 2}, "'min_length' must be a whole number from 3 to 6, got 2"),
        ({"min_length": "5"}, "'min_length' must be a whole number, got '5'"),
        ({"min_length": 4.5}, "'min_length' must be a whole number, got 4.5"),
        (
            {"dice": "uniform", "size": 2, "min_length": 5},
            "'min_length' must be from 3 to 4 on a 2x2 board (a word uses each cell once), got 5",
        ),
    ],
)
def test_a_shortest_word_out_of_reach_is_refused_in_one_line(
    asked: dict[str, Any], message: str
) -> None:
    with pytest.raises(RoomError) as refused:
        RoomSettings.from_json(asked, LISTS)
    assert refused.value.code == "bad_settings"
    assert str(refused.value) == message


def test_the_shortest_word_is_kept_in_the_rooms_file() -> None:
    from boggle import Lexicon
    from boggle.rooms.room import Room

    room = Room(
        "ABCDEF", RoomSettings.from_json({"min_length": 5}, LISTS), Lexicon.from_words(["fame"])
    )
    room.join("ann", now=0.0)
    again = restore_room(room_json(room, 0.0), room.lexicon)
    assert again.settings.min_length == 5 and again.rules.min_length == 5
