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


def _play(room: Any, host: Any, words: list[tuple[Any, list[str]]], now: float) -> dict[str, Any]:
    from boggle import Board
    from boggle.rooms.room import judge

    room.start(host.token, now=now, board=Board.parse("fxie amlo ewbx astu"))
    for player, entered in words:
        for word in entered:
            room.submit(player.token, word, now=now + 1)
    return room.record(judge(room.close_round(now=now + 60)))


def test_a_removed_player_keeps_their_points_marked_in_standings_evening_and_csv() -> None:
    """A player the host removed kept their points in the standings with nothing to say
    why they were gone: the results, the evening and both spreadsheets mark them
    "(removed)", and a name joined again is a new player's, unmarked."""
    from boggle import Lexicon
    from boggle.rooms.room import Room

    lexicon = Lexicon.from_words(["fame", "mile", "limbo"])
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=2, target=None), lexicon)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    first = _play(room, ann, [(ann, ["fame"]), (bob, ["limbo", "mile"])], now=0.0)
    assert first["removed"] == []
    room.remove(ann.token, "bob", now=70.0)
    assert first["removed"] == ["bob"]  # the results shown now, sent to a page joining
    last = _play(room, ann, [(ann, ["mile"])], now=100.0)
    assert last["removed"] == ["bob"] and last["totals"] == {"ann": 2, "bob": 3}
    stored = {"rounds": [first, last], "matches": []}
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert [(row["match"], row["player"]) for row in table] == [
        ("1", "bob (removed)"),
        ("1", "ann"),
        ("evening", "bob (removed)"),
        ("evening", "ann"),
    ]
    rounds = list(csv.DictReader(io.StringIO(results_csv(stored))))
    assert [row["player"] for row in rounds if row["round"] == "1"] == [
        "ann",
        "bob (removed)",
        "(nobody found)",
    ]
    room.rematch(ann.token, now=200.0)
    _play(room, ann, [(ann, ["fame"])], now=300.0)
    evening = room.evening_table()
    assert evening is not None
    assert [(p["name"], p.get("removed", False)) for p in evening["players"]] == [
        ("ann", False),
        ("bob", True),
    ]
    room.join("bob", now=400.0)  # another bob: a new player
    assert room.removed == []


def test_a_player_removed_after_the_last_round_is_marked_in_the_open_rooms_csv() -> None:
    """The results stored before the removal do not name it: an open room's answer adds
    the names removed since (``removed``), and the spreadsheet marks them."""
    stored = {"rounds": [_round(1, 1, {"ann": 2, "bob": 3}, True)], "removed": ["bob"]}
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert [row["player"] for row in table] == [
        "bob (removed)",
        "ann",
        "bob (removed)",
        "ann",
    ]


def test_a_removed_player_who_joins_again_is_no_longer_marked() -> None:
    """The host removed bob by mistake and bob joined again under his name: his points go
    on under it, but the evening (the room page, the projector) and both spreadsheets went on
    marking him "bob (removed)" for the rest of the evening, as each round once removed
    counted; the names removed now are those of the room's latest round (or the open room)."""
    from boggle import Lexicon
    from boggle.rooms.room import Room

    lexicon = Lexicon.from_words(["fame", "mile", "limbo"])
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=2, target=None), lexicon)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    first = _play(room, ann, [(ann, ["fame"]), (bob, ["limbo"])], now=0.0)
    room.remove(ann.token, "bob", now=70.0)
    second = _play(room, ann, [(ann, ["mile"])], now=100.0)
    assert second["removed"] == ["bob"]
    room.rematch(ann.token, now=200.0)
    bob = room.join("bob", now=210.0)  # back, by the host's leave
    third = _play(room, ann, [(bob, ["mile"])], now=300.0)
    assert third["removed"] == []
    evening = room.evening_table()
    assert evening is not None
    assert [(p["name"], p.get("removed", False)) for p in evening["players"]] == [
        ("bob", False),
        ("ann", False),
    ]
    stored = {"rounds": [first, second, third], "matches": [], "removed": room.removed}
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert "bob (removed)" not in [row["player"] for row in table]
    rounds = list(csv.DictReader(io.StringIO(results_csv(stored))))
    assert "bob (removed)" not in [row["player"] for row in rounds]


def test_the_evening_s_shared_place_is_worked_out_over_every_player_not_the_20_listed() -> None:
    """The evening lists the best 20: the 20th and 21st on equal points share 20th place, but
    the room page worked its "=" out over the 20 listed and wrote the 20th "20". Each row
    listed says whether its place is shared (``shared``) among every player."""
    from boggle.rooms.export import EVENING_SHOWN, evening_table

    scores = {f"p{n:02d}": 1 for n in range(1, EVENING_SHOWN)}  # 19 on 1 point: 1=
    scores.update({"p20": 0, "p21": 0})  # 20= and 20=, the second not listed
    table = evening_table(
        [_round(1, 1, scores, True), _round(2, 1, dict.fromkeys(scores, 0), True)]
    )
    assert table is not None and table["more"] == 1
    listed = table["players"]
    assert [(row["rank"], row.get("shared", False)) for row in listed[-2:]] == [
        (1, True),
        (20, True),
    ]
    alone = evening_table([_round(1, 1, {"ann": 2, "bob": 1}, True), _round(2, 1, {}, True)])
    assert alone is not None and [row.get("shared") for row in alone["players"]] == [None, None]


def test_a_name_changed_reads_its_stored_rounds_under_the_new_one_across_a_restart() -> None:
    """Bob became Bobby after his first match: the rounds stored before (under "bob") made a
    second player of him in both spreadsheets. The room keeps each change (``renames``,
    in the rooms file too) and the rounds stored before it are read under the new name; a new
    "bob" who joins later is another player."""
    import json

    from boggle import Lexicon
    from boggle.rooms.room import Room

    lexicon = Lexicon.from_words(["fame", "mile", "limbo"])
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=1, target=None), lexicon)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    first = json.loads(json.dumps(_play(room, ann, [(bob, ["fame"])], now=0.0)))  # as stored
    room.rename(bob.token, "Bobby", now=70.0)
    room = restore_room(json.loads(json.dumps(room_json(room, 80.0))), lexicon, now=80.0)
    assert room.renames == [{"old": "bob", "name": "Bobby", "match": 1, "round": 1}]
    room.rematch(room.host or "", now=90.0)
    late = room.join("bob", now=95.0)
    second = _play(room, room.players[room.host or ""], [(late, ["mile"])], now=100.0)
    stored = {"rounds": [first, second], "matches": []}
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert [(row["match"], row["player"], row["total"]) for row in table] == [
        ("1", "Bobby", "1"),
        ("1", "ann", "0"),
        ("2", "bob", "1"),
        ("2", "Bobby", "0"),
        ("2", "ann", "0"),
        ("evening", "Bobby", "1"),
        ("evening", "bob", "1"),
        ("evening", "ann", "0"),
    ]
    rounds = list(csv.DictReader(io.StringIO(results_csv(stored))))
    assert [row["player"] for row in rounds if row["match"] == "1"][:2] == ["ann", "Bobby"]


def test_a_name_changed_after_a_round_that_could_not_be_judged_renames_the_rounds_after_it() -> (
    None
):
    """A round that could not be judged (``abandon_round``) keeps its number: the next one
    stored is round 2 with one round in the match's table. A name changed after it was
    placed after round 1 (the table's length), so round 2 kept "bob" in both spreadsheets
    beside Bobby's later points: the change is placed after the last round numbered."""
    import json

    from boggle import Board, Lexicon
    from boggle.rooms.room import Room

    lexicon = Lexicon.from_words(["fame", "mile", "limbo"])
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=None, target=None), lexicon)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
    assert room.close_round(now=60.0) is not None
    room.abandon_round()  # the judging failed: the room is back in its lobby
    kept = json.loads(json.dumps(_play(room, ann, [(bob, ["fame"])], now=100.0)))  # as stored
    assert kept["round"] == 2
    room.rename(bob.token, "Bobby", now=170.0)
    later = _play(room, ann, [(bob, ["mile"])], now=200.0)
    stored = {"rounds": [kept, later], "matches": []}
    rounds = list(csv.DictReader(io.StringIO(results_csv(stored))))
    assert {row["player"] for row in rounds} == {"ann", "Bobby", "(nobody found)"}
    table = list(csv.DictReader(io.StringIO(standings_csv(stored))))
    assert [(row["player"], row["total"]) for row in table if row["match"] == "evening"] == [
        ("Bobby", "2"),
        ("ann", "0"),
    ]


def test_a_player_changes_their_name_a_few_times_between_two_rounds_not_without_end() -> None:
    """A name could change without end between rounds (10 messages a second from one page):
    each change was said to the whole class ("bob is now called Bobby.", on the projector
    too) and kept in the room's ``renames``, which every later round's results carry and
    the rooms file keeps, growing by the hour. A player changes it at most
    ``MAX_RENAMES_BETWEEN_ROUNDS`` times between two rounds (``too_many_renames``), and
    again after the next round has started."""
    from boggle import Lexicon
    from boggle.rooms.room import MAX_RENAMES_BETWEEN_ROUNDS, Room

    lexicon = Lexicon.from_words(["fame", "mile", "limbo"])
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=None, target=None), lexicon)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    for n in range(MAX_RENAMES_BETWEEN_ROUNDS):
        room.rename(bob.token, f"bob{n}", now=1.0)
    with pytest.raises(RoomError) as refused:
        room.rename(bob.token, "Bobby", now=2.0)
    assert refused.value.code == "too_many_renames" and bob.name == f"bob{n}"
    assert room.rename(ann.token, "Anna", now=2.0) == "ann"  # the others' own changes
    _play(room, ann, [(bob, ["fame"])], now=10.0)
    assert room.rename(bob.token, "Bobby", now=80.0) == f"bob{n}"
    assert len(room.renames) == MAX_RENAMES_BETWEEN_ROUNDS + 2


def test_a_negative_score_is_a_number_in_every_spreadsheet_and_a_formula_name_is_not() -> None:
    """With the challenge rule a word that is none costs a point: a round's -1 was written
    "'-1" (a text, as a name "-1" that a spreadsheet would run as a formula is), so a
    column of points did not add up. A number is written as a number; a text that starts
    as a formula does (= + - @) is still quoted, in each of the room's spreadsheets."""
    from boggle.rooms.export import challenge_csv, merged_standings_csv

    scores = {"ann": 2, "-bob": -1, "@cy": -3}
    stored = {"code": "ABCDEF", "rounds": [_round(1, 1, scores, True)], "matches": []}
    posted = {"rank": 2, "score": -1, "count": 1, "posted": 0.0, "words": [], "only": []}
    challenge = {"results": [{**posted, "name": "+dee"}]}
    tables = {
        "results": results_csv(stored),
        "standings": standings_csv(stored),
        "merged": merged_standings_csv([stored]),
        "challenge": challenge_csv(challenge),
    }
    for name, text in tables.items():
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert "-1" in cells and "'-1" not in cells, (name, text)
        for formula in ("-bob", "@cy", "+dee"):
            assert formula not in cells, (name, text)
    assert "'-bob" in tables["standings"] and "'+dee" in tables["challenge"]
