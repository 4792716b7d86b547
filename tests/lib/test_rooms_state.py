"""The rooms file (``boggle serve --rooms-file``): a room in any phase written and read back
is the same room, on the next server's clock, and goes on as it would have; a file that is
not a rooms file is never read nor written over; a damaged or newer one is said in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, load_lexicon, solve
from boggle.rooms import Phase, Room, RoomSettings, judge
from boggle.rooms.state import (
    MARK,
    VERSION,
    RoomsFileError,
    check_rooms_file,
    read_rooms,
    restore_room,
    room_json,
    write_rooms,
)

LEXICON = load_lexicon()
BOARD = Board.parse("fxie amlo ewbx astu")
WORDS = [w.word for w in solve(BOARD, LEXICON).words]
ENTRIES = st.lists(st.sampled_from([*WORDS, "zzz", "fa", "FAME", "ox"]), max_size=8)


def made(
    lists: list[list[str]], rounds: int, phase: str, challenge: bool = False, seconds: int = 60
) -> tuple[Room, list[str], float]:
    """A room of ``len(lists)`` players that has finished ``rounds`` rounds, each player
    entering their list, then is left in ``phase`` (``lobby`` only with no round played,
    ``playing`` with the lists entered in a round under way, ``judging`` closed and not yet
    judged, ``results`` as the last round left it); its players' tokens and the clock."""
    room = Room("ABCDEF", RoomSettings(seconds=seconds, challenge=challenge, rounds=9), LEXICON)
    tokens = [room.join(f"p{i}", 0.0).token for i in range(len(lists))]
    now = 1.0
    for _ in range(rounds):
        room.start(tokens[0], now, BOARD)
        for token, entries in zip(tokens, lists, strict=True):
            for entry in entries:
                room.submit(token, entry, now + 1)
        now += seconds
        job = room.close_round(now)
        assert job is not None
        room.record(judge(job))
    if phase in ("playing", "judging"):
        room.start(tokens[0], now, BOARD)
        for token, entries in zip(tokens, lists, strict=True):
            for entry in entries:
                room.submit(token, entry, now + 1)
        now += 10
        if phase == "judging":
            now += seconds
            assert room.close_round(now) is not None
    if len(tokens) > 1:
        room.dropped(tokens[-1], now - 3)  # one player away for 3 s already
    return room, tokens, now


def finished(room: Room, now: float) -> dict[str, Any]:
    """The room's round, played to its end and judged: its summary."""
    now = max(now, room.deadline)
    if room.phase is Phase.JUDGING:
        room.phase = Phase.PLAYING  # judged below as the room would
    job = room.close_round(now)
    assert job is not None
    return room.record(judge(job))


@settings(max_examples=40, deadline=None)
@given(
    lists=st.lists(ENTRIES, min_size=1, max_size=4),
    rounds=st.integers(0, 2),
    phase=st.sampled_from(["lobby", "playing", "judging", "results"]),
    challenge=st.booleans(),
)
def test_a_room_kept_and_read_back_is_the_same_room_and_goes_on_the_same(
    lists: list[list[str]], rounds: int, phase: str, challenge: bool
) -> None:
    if phase == "results" and rounds == 0:
        phase = "lobby"
    if phase == "lobby":
        rounds = 0
    room, tokens, now = made(lists, rounds, phase, challenge)
    kept = json.loads(json.dumps(room_json(room, now)))  # as the file holds it
    later = 5000.0  # another process's clock
    back = restore_room(kept, LEXICON, now=later)
    again = room_json(back, later)
    for player in kept["players"]:  # the connected ones are away from the restart on
        player["away"] = 0.0 if player["away"] is None else player["away"]
    assert again == kept
    assert back.code == room.code and back.host == room.host == tokens[0]
    assert [p.name for p in back.players.values()] == [p.name for p in room.players.values()]
    assert not any(p.connected for p in back.players.values())
    assert back.match.totals == room.match.totals and back.match.table == room.match.table
    assert back.last_summary == room.last_summary
    assert back.last_activity == later - (now - room.last_activity)
    if phase == "judging":
        assert back.phase is Phase.PLAYING and back.remaining(later) == 0.0  # judged at once
    else:
        assert back.phase is room.phase
    if phase == "playing":
        assert back.remaining(later) == room.remaining(now) == 50.0
        for token, entries in zip(tokens, lists, strict=True):
            if entries:  # a word sent before the stop is still one the player has
                assert back.submit(token, entries[0], later + 1).status in ("repeated", "invalid")
            assert back.player(token).feedback[: len(room.player(token).feedback)] == (
                room.player(token).feedback
            )
            room.submit(token, entries[0] if entries else "fame", now + 1)
            if not entries:
                back.submit(token, "fame", later + 1)
    if phase in ("playing", "judging"):
        original, restored = finished(room, now), finished(back, later)
        assert restored["scores"] == original["scores"]
        assert restored["totals"] == original["totals"]
        assert restored["players"] == original["players"]
        assert back.match.table == room.match.table
    if phase == "results":
        back.start(tokens[0], later, BOARD)  # the next round, numbered on
        assert back.round_number == room.round_number + 1


def test_a_watching_host_a_level_and_a_finished_match_come_back(tmp_path: Path) -> None:
    room = Room("GHJKLM", RoomSettings(seconds=60, target=1, host_plays=False), LEXICON)
    host = room.join("teacher", 0.0)
    host.watching = True
    pupil = room.join("pupil", 0.0)
    room.start(host.token, 0.0, BOARD)
    room.submit(pupil.token, "fame", 1.0)
    summary = room.record(judge(room.close_round(60.0)))  # type: ignore[arg-type]
    assert room.phase is Phase.OVER and summary["match_over"]
    target = tmp_path / "rooms.json"
    assert write_rooms(target, [room], now=70.0) == 1
    kept = read_rooms(target)
    back = restore_room(kept.rooms[0], LEXICON, now=0.0)
    assert back.phase is Phase.OVER and back.player(host.token).watching
    assert back.match_json() == room.match_json()
    back.rematch(host.token, 1.0)
    assert back.match_number == 2 and back.phase is Phase.LOBBY


def test_the_file_is_written_whole_and_begins_with_its_mark(tmp_path: Path) -> None:
    room, _, now = made([["fame"], ["mile"]], 1, "playing")
    target = tmp_path / "rooms.json"
    write_rooms(target, [room], now)
    text = target.read_bytes()
    assert text.startswith(MARK)
    assert json.loads(text)["version"] == VERSION
    assert [p.name for p in tmp_path.iterdir()] == ["rooms.json"]  # no temporary file left
    assert read_rooms(target).rooms[0]["code"] == "ABCDEF"
    write_rooms(target, [], now)  # a rooms file is written over
    assert read_rooms(target).rooms == ()


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (b"my notes, not rooms", "foreign"),
        (b"SQLite format 3\x00" + bytes(100), "foreign"),
        (b'{"rooms": []}', "foreign"),
        (b'{"format":"boggle rooms","version":1,"saved":1,"rooms":[{"co', "damaged"),
        (b'{"format":"boggle rooms","version":1,"rooms":[]}', "damaged"),
        (b'{"format":"boggle rooms","version":99,"saved":1,"rooms":[]}', "newer"),
        (b'{"format":"boggle rooms","version":true,"saved":1,"rooms":[]}', "damaged"),
    ],
)
def test_a_file_that_is_not_a_readable_rooms_file_is_refused_and_never_written_over(
    tmp_path: Path, content: bytes, kind: str
) -> None:
    target = tmp_path / "rooms.json"
    target.write_bytes(content)
    with pytest.raises(RoomsFileError) as raised:
        read_rooms(target)
    assert raised.value.kind == kind
    assert "\n" not in str(raised.value) and str(target) in str(raised.value)
    room, _, now = made([["fame"]], 0, "lobby")
    if kind == "foreign":
        with pytest.raises(RoomsFileError):
            write_rooms(target, [room], now)
        with pytest.raises(RoomsFileError):
            check_rooms_file(target)
        assert target.read_bytes() == content
    else:
        check_rooms_file(target)  # the server starts, without its rooms (said in its log)


def test_no_file_an_empty_one_and_a_directory(tmp_path: Path) -> None:
    assert read_rooms(tmp_path / "none.json").rooms == ()
    (tmp_path / "empty.json").write_bytes(b"")
    assert read_rooms(tmp_path / "empty.json").rooms == ()
    with pytest.raises(RoomsFileError, match="a directory"):
        read_rooms(tmp_path)
    with pytest.raises(RoomsFileError, match="cannot be written"):
        check_rooms_file(tmp_path / "missing" / "rooms.json")


def test_a_match_of_a_number_of_rounds_ends_on_its_last_round_after_a_restart() -> None:
    """The rounds a match kept across a restart has played count: its table is kept, not
    its judged rounds, and the match of two rounds is over after the second."""
    room = Room("PQRSTU", RoomSettings(seconds=60, rounds=2, target=None), LEXICON)
    ann = room.join("ann", 0.0)
    room.start(ann.token, 0.0, BOARD)
    room.submit(ann.token, "fame", 1.0)
    room.record(judge(room.close_round(60.0)))  # type: ignore[arg-type]
    back = restore_room(json.loads(json.dumps(room_json(room, 61.0))), LEXICON, now=0.0)
    back.start(ann.token, 1.0, BOARD)
    back.submit(ann.token, "fame", 2.0)
    summary = back.record(judge(back.close_round(61.0)))  # type: ignore[arg-type]
    assert summary["match_over"] and back.phase is Phase.OVER
    assert [row["round"] for row in back.match.table] == [1, 2]
    assert back.match.totals == {"ann": 2}


def test_the_file_holding_seat_secrets_is_never_open_to_other_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary file is created 0600, not made 0600 after its creation: another user
    who opened it in between kept a descriptor that read the secrets written after."""
    import os
    import stat

    created: list[int] = []
    real_open = os.open

    def recording(path: Any, flags: int, mode: int = 0o777, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT:
            created.append(mode)
        return real_open(path, flags, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", recording)
    room, _, now = made([["fame"], ["mile"]], 1, "playing")
    target = tmp_path / "rooms.json"
    write_rooms(target, [room], now)
    assert created and all(mode & 0o077 == 0 for mode in created), [oct(m) for m in created]
    if os.name == "posix":
        assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_the_evening_over_a_room_s_matches_is_kept_across_a_restart() -> None:
    """A room's earlier matches were lost with the server: after its restart the evening on
    the room page would have started again from the match under way."""
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=1), LEXICON)
    ann = room.join("ann", now=0.0)
    room.start(ann.token, now=0.0, board=BOARD)
    room.submit(ann.token, "fame", now=1.0)
    room.record(judge(room.close_round(now=60.0)))
    room.rematch(ann.token, now=61.0)
    kept = json.loads(json.dumps(room_json(room, 62.0)))
    back = restore_room(kept, LEXICON, now=100.0)
    back.start(ann.token, now=100.0, board=BOARD)
    back.record(judge(back.close_round(now=160.0)))
    table = back.evening_table()
    assert table is not None and table["matches"] == 2
    assert table["players"] == [{"rank": 1, "name": "ann", "total": 1, "rounds": 2, "won": 2}]
    older = {key: value for key, value in kept.items() if key != "evening"}  # an older file
    assert restore_room(older, LEXICON, now=100.0).evening == []


def test_the_evening_grows_by_match_not_by_round_and_keeps_the_last_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Room.evening`` grew by one entry a round without end (memory and the rooms file):
    each match is folded into its standings, and past MAX_EVENING_MATCHES the oldest are
    dropped, the evening table saying how many, across a restart too."""
    from boggle.rooms import export

    monkeypatch.setattr(export, "MAX_EVENING_MATCHES", 2)
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=3), LEXICON)
    ann = room.join("ann", now=0.0)
    now = 0.0
    for match in range(4):
        if match:
            room.rematch(ann.token, now=now)
        for _ in range(3):
            room.start(ann.token, now=now, board=BOARD)
            room.submit(ann.token, "fame", now=now + 1.0)
            room.record(judge(room.close_round(now=now + 60.0)))
            now += 61.0
            assert len(room.evening) <= 2
    table = room.evening_table()
    assert table is not None
    assert (table["matches"], table["dropped"], table["finished"]) == (2, 2, True)
    assert table["players"] == [{"rank": 1, "name": "ann", "total": 6, "rounds": 6, "won": 2}]
    back = restore_room(json.loads(json.dumps(room_json(room, now))), LEXICON, now=now)
    assert back.evening_table() == table


def test_a_name_with_points_only_in_a_dropped_match_is_not_taken_by_a_rename(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rename refuses a name with points in the room's standings (a player who left), or
    the spreadsheets, which read every stored round, add the two players' points up under
    one name. Past MAX_EVENING_MATCHES the oldest matches were dropped from the evening and
    their names forgotten: Cy's points of match 1 went to Bob renamed "Cy". Those names stay
    taken (across a restart too), and follow a rename as the stored rounds do."""
    from boggle.rooms import export
    from boggle.rooms.limits import RoomError

    monkeypatch.setattr(export, "MAX_EVENING_MATCHES", 1)
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=1), LEXICON)
    ann, bob, cy = (room.join(name, now=0.0) for name in ("ann", "bob", "Cy"))
    room.start(ann.token, now=0.0, board=BOARD)
    room.submit(cy.token, "fame", now=1.0)
    room.record(judge(room.close_round(now=60.0)))
    room.leave(cy.token, now=61.0)
    room.rematch(ann.token, now=62.0)
    room.start(ann.token, now=63.0, board=BOARD)
    room.record(judge(room.close_round(now=123.0)))
    assert room.evening_dropped == 1 and "Cy" not in str(room.evening)
    back = restore_room(json.loads(json.dumps(room_json(room, 124.0))), LEXICON, now=124.0)
    for kept in (room, back):
        with pytest.raises(RoomError) as refused:
            kept.rename(bob.token, "cy", now=125.0)
        assert refused.value.code == "name_taken" and "has points" in refused.value.message
    room.rename(bob.token, "Bobby", now=125.0)  # bob's rounds are read as Bobby's: bob is free
    assert room.rename(ann.token, "bob", now=126.0) == "ann"
    with pytest.raises(RoomError):
        room.rename(ann.token, "BOBBY", now=127.0)


def test_a_rooms_file_s_dropped_names_are_a_list_of_names_at_most_the_last_kept() -> None:
    """A rooms file's ``dropped_names`` (the names of the matches dropped from the evening)
    was read as any iterable: a text "Cy" came back as the names "C" and "y", an object as
    its keys, and a list of any length was kept whole where the room keeps the last
    MAX_DROPPED_NAMES. One that is not a list of texts leaves the room out; past the limit
    the last ones are kept, as the room keeps them."""
    from boggle.rooms.limits import MAX_DROPPED_NAMES

    kept = json.loads(json.dumps(room_json(Room("ABCDEF", RoomSettings(), LEXICON), 0.0)))
    assert restore_room(kept, LEXICON).dropped_names == []
    older = {key: value for key, value in kept.items() if key != "dropped_names"}
    assert restore_room(older, LEXICON).dropped_names == []
    for odd in ("Cy", {"Cy": 1}, None, ["Cy", 7]):
        with pytest.raises(TypeError):
            restore_room({**kept, "dropped_names": odd}, LEXICON)
    many = [f"p{number}" for number in range(MAX_DROPPED_NAMES + 5)]
    back = restore_room({**kept, "dropped_names": many}, LEXICON)
    assert back.dropped_names == many[5:]


@pytest.mark.parametrize(
    "rows, shortest, says",
    [
        (4, 1, "'min_length' must be a whole number from 3 to 6, got 1"),
        (4, 2, "'min_length' must be a whole number from 3 to 6, got 2"),
        (4, 7, "'min_length' must be a whole number from 3 to 6, got 7"),
        (4, 99, "'min_length' must be a whole number from 3 to 6, got 99"),
        (2, 5, "'min_length' must be a whole number from 3 to 4, got 5"),
    ],
)
def test_a_shortest_word_a_room_could_not_be_made_with_does_not_come_back(
    rows: int, shortest: int, says: str
) -> None:
    """A rooms file's ``min_length`` was only checked to be at least 1: a room came back
    counting two-letter words, or (99) none, where a room is made with 3 to 6 (at most the
    board's cells). It is refused as another bad field is: the server leaves the room out,
    in one line of its log."""
    from boggle.model.errors import BoggleError

    room = Room("ABCDEF", RoomSettings(dice="uniform", rows=rows, cols=rows), LEXICON)
    kept = json.loads(json.dumps(room_json(room, 0.0)))
    kept["settings"]["min_length"] = shortest
    with pytest.raises(BoggleError) as refused:
        restore_room(kept, LEXICON)
    assert str(refused.value) == says
    for fine in (None, 3, min(6, rows * rows)):
        kept["settings"]["min_length"] = fine
        assert restore_room(kept, LEXICON).settings.min_length == fine


@pytest.mark.parametrize(
    "renames",
    [
        [{"old": "bob", "name": "Bobby"}],  # no match, no round
        [{"old": "bob", "name": 7, "match": 1, "round": 1}],
        [{"old": "bob", "name": "Bobby", "match": "one", "round": 1}],
        [["bob", "Bobby", 1, 1]],
    ],
)
def test_a_name_change_the_rooms_file_damaged_leaves_the_room_out(renames: Any) -> None:
    """A rooms file's ``renames`` were read back unchecked: a change without its match and
    round brought the room back, and its results (``/api/rooms/{code}/results`` and both
    spreadsheets) then failed on every request. A damaged change is refused as another bad
    field is (the server leaves the room out, in one line of its log); a whole one comes
    back as kept."""
    from boggle.rooms.export import renamed_rounds

    room = Room("ABCDEF", RoomSettings(seconds=60), LEXICON)
    ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    room.start(ann.token, now=0.0, board=BOARD)
    room.submit(bob.token, "fame", now=1.0)
    stored = json.loads(json.dumps(room.record(judge(room.close_round(now=60.0)))))
    room.rename(bob.token, "Bobby", now=61.0)
    kept = json.loads(json.dumps(room_json(room, 62.0)))
    back = restore_room(kept, LEXICON, now=100.0)
    assert back.renames == [{"old": "bob", "name": "Bobby", "match": 1, "round": 1}]
    assert renamed_rounds({"rounds": [stored], "renamed": back.renames})[0]["scores"] == {
        "ann": 0,
        "Bobby": 1,
    }
    kept["renames"] = renames
    with pytest.raises((KeyError, TypeError, ValueError)):
        restore_room(kept, LEXICON, now=100.0)


def kept_with_a_challenge() -> tuple[dict[str, Any], dict[str, Any]]:
    """A room's rooms-file entry after a round the host made a challenge of, and that
    challenge as the room keeps it."""
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=2), LEXICON)
    ann = room.join("ann", now=0.0)
    room.start(ann.token, now=0.0, board=BOARD)
    room.record(judge(room.close_round(now=60.0)))
    made = room.keep_challenge(ann.token, "ABCDEFGH", str(BOARD))
    return json.loads(json.dumps(room_json(room, 62.0))), made


def test_the_challenge_made_of_a_room_is_kept_across_a_restart() -> None:
    """The challenge the host made of a round is the room's: a restart keeps it, an older
    file has none, and one whose fields are not a challenge's leaves the room out."""
    kept, made = kept_with_a_challenge()
    assert restore_room(kept, LEXICON, now=100.0).challenge == made
    older = {key: value for key, value in kept.items() if key != "challenge"}
    assert restore_room(older, LEXICON, now=100.0).challenge is None
    with pytest.raises(TypeError):
        restore_room({**kept, "challenge": {**made, "code": 7}}, LEXICON)


@pytest.mark.parametrize(
    "changes, says",
    [
        ({"seconds": 2}, "'seconds' must be a whole number from 5 to 600, got 2"),
        ({"seconds": 100_000}, "'seconds' must be a whole number from 5 to 600, got 100000"),
        ({"rounds": 999, "target": None}, "'rounds' must be a whole number from 1 to 50, got 999"),
        ({"target": 10_001}, "'target' must be a whole number from 1 to 10000, got 10001"),
        (
            {"dice": "uniform", "rows": 40, "cols": 40},
            "'rows' must be a whole number from 2 to 10, got 40",
        ),
        (
            {"dice": "uniform", "rows": 4, "cols": 1},
            "'cols' must be a whole number from 2 to 10, got 1",
        ),
        ({"dice": "big", "rows": 4, "cols": 4}, "the big dice fill a 5x5 tray, got 4x4"),
    ],
)
def test_a_room_with_settings_the_create_form_refuses_does_not_come_back(
    changes: dict[str, Any], says: str
) -> None:
    """A rooms file's seconds, rounds, target and size were only checked to be at least 1:
    a room came back with a round of a day, 999 rounds or a 40x40 board, which neither the
    create form nor the API would make. They are checked against the server's limits, as
    those check them; such a room is left out, in one line of the log."""
    from boggle.model.errors import BoggleError
    from boggle.rooms import RoomLimits

    kept = json.loads(json.dumps(room_json(Room("ABCDEF", RoomSettings(), LEXICON), 0.0)))
    kept["settings"].update(changes)
    with pytest.raises(BoggleError) as refused:
        restore_room(kept, LEXICON)
    assert str(refused.value) == says
    kept["settings"].update({"seconds": 600, "rounds": 50, "target": None, "dice": "new"})
    kept["settings"].update({"rows": 4, "cols": 4})
    assert restore_room(kept, LEXICON).settings.seconds == 600
    with pytest.raises(BoggleError, match="'seconds' must be a whole number from 5 to 300"):
        restore_room(kept, LEXICON, RoomLimits(max_round_seconds=300))


@pytest.mark.parametrize(
    "changes, says",
    [
        ({"dice": "golden"}, "'dice' must be one of: classic, new, big, superbig, uniform, "),
        ({"dice": 5}, "'dice' must be one of: classic, new, big, superbig, uniform, "),
        ({"word_level": "rare"}, "'word_level' must be one of: common, standard, all; got"),
        ({"other_words": "half"}, "'other_words' must be one of: refused, zero; got"),
    ],
)
def test_a_room_with_dice_or_a_word_setting_no_room_has_does_not_come_back(
    changes: dict[str, Any], says: str
) -> None:
    """A rooms file's dice and word setting were read back unchecked: a room of dice
    'golden' came back and each Start failed ("unknown dice 'golden'"), one of a word level
    'rare' judged its rounds with no such level. Such a room is left out, as one with a
    round length no room has."""
    from boggle.model.errors import BoggleError

    kept = json.loads(json.dumps(room_json(Room("ABCDEF", RoomSettings(), LEXICON), 0.0)))
    kept["settings"].update(changes)
    with pytest.raises(BoggleError) as refused:
        restore_room(kept, LEXICON)
    assert str(refused.value).startswith(says), refused.value


def test_a_kept_challenge_s_link_is_its_code_s_not_the_file_s_path() -> None:
    """A rooms file's challenge came back with the ``path`` written in it, which the host's
    page makes its link of (`javascript:...` a link that runs a script): the path is the
    code's, a code that is no challenge's leaves the room out."""
    kept, made = kept_with_a_challenge()
    odd = {**made, "code": "abcdefgh", "path": "javascript:alert(1)"}
    assert restore_room({**kept, "challenge": odd}, LEXICON).challenge == made
    with pytest.raises(ValueError, match="no challenge"):
        restore_room({**kept, "challenge": {**made, "code": "<b>hi</b>"}}, LEXICON)


@pytest.mark.parametrize("field", ["idle", "away"])
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-1"])
def test_a_room_whose_times_are_not_a_number_of_seconds_does_not_come_back(
    field: str, value: str
) -> None:
    """A rooms file's ``idle`` of NaN (JSON as Python reads it) brought the room back never
    to be closed as idle (no time is past NaN), a player's ``away`` of NaN a seat never
    freed: a room whose times are not a number of seconds is left out."""
    room = Room("ABCDEF", RoomSettings(), LEXICON)
    room.join("ann", now=0.0)
    room.dropped(next(iter(room.players)), now=1.0)
    kept = json.loads(json.dumps(room_json(room, 2.0)))
    text = json.dumps(kept)
    if field == "idle":
        kept["idle"] = json.loads(value)
    else:
        kept["players"][0]["away"] = json.loads(value)
    assert restore_room(json.loads(text), LEXICON, now=10.0).players
    with pytest.raises(ValueError, match="seconds"):
        restore_room(kept, LEXICON, now=10.0)


@pytest.mark.parametrize("expired", ["yes", 1, 0, None, "true"])
def test_a_kept_challenge_s_expired_is_true_or_false(expired: Any) -> None:
    """A rooms file's challenge ``expired`` that was not exactly true (``"yes"``, 1) was read
    as not expired: the room came back offering the link of a challenge deleted since. Only
    true or false (none: an older file) is read; another value leaves the room out, as
    another bad field does."""
    kept, made = kept_with_a_challenge()
    gone = {"code": made["code"], "match": made["match"], "round": made["round"]}
    assert restore_room({**kept, "challenge": {**made, "expired": False}}, LEXICON).challenge == (
        made
    )
    back = restore_room({**kept, "challenge": {**gone, "expired": True}}, LEXICON)
    assert back.challenge == {**gone, "expired": True}
    with pytest.raises(TypeError, match="expired must be true or false"):
        restore_room({**kept, "challenge": {**made, "expired": expired}}, LEXICON)


@pytest.mark.parametrize("removed", ["Cy", {"Cy": 1}, None, ["Cy", 7]])
def test_a_rooms_file_s_removed_names_are_a_list_of_names(removed: Any) -> None:
    """A rooms file's ``removed`` (the players the host removed) was read as any iterable:
    a text "Cy" came back as the names "C" and "y" (marked removed in the standings), an
    object as its keys. One that is not a list of texts leaves the room out, as
    ``dropped_names`` does."""
    room = Room("ABCDEF", RoomSettings(), LEXICON)
    room.removed = ["Cy"]
    kept = json.loads(json.dumps(room_json(room, 0.0)))
    assert restore_room(kept, LEXICON).removed == ["Cy"]
    older = {key: value for key, value in kept.items() if key != "removed"}
    assert restore_room(older, LEXICON).removed == []
    with pytest.raises(TypeError):
        restore_room({**kept, "removed": removed}, LEXICON)


def kept_with_an_evening() -> dict[str, Any]:
    """A rooms-file entry of a room in its second match (the evening: the first)."""
    room = Room("ABCDEF", RoomSettings(seconds=60, rounds=1), LEXICON)
    ann = room.join("ann", now=0.0)
    room.start(ann.token, now=0.0, board=BOARD)
    room.submit(ann.token, "fame", now=1.0)
    room.record(judge(room.close_round(now=60.0)))
    room.rematch(ann.token, now=61.0)
    return json.loads(json.dumps(room_json(room, 62.0)))


@pytest.mark.parametrize(
    "change",
    [
        lambda entry: "match 1",
        lambda entry: {key: value for key, value in entry.items() if key != "match"},
        lambda entry: {**entry, "match": "1"},
        lambda entry: {**entry, "round": None},
        lambda entry: {**entry, "standings": "ann"},
        lambda entry: {**entry, "standings": [{"name": "ann", "total": "1", "rank": 1}]},
        lambda entry: {**entry, "standings": [{"name": 7, "total": 1, "rank": 1}]},
        lambda entry: {**entry, "standings": [{"name": "ann", "total": 1}]},
        lambda entry: {**entry, "match_over": "yes"},
        lambda entry: {**entry, "winners": "ann"},
        lambda entry: {**entry, "played": {"ann": "1"}},
        lambda entry: {**entry, "played": ["ann"]},
        lambda entry: {**entry, "scores": {"ann": None}},
        lambda entry: {**entry, "removed": "Cy"},
    ],
)
def test_an_evening_entry_the_rooms_file_damaged_leaves_the_room_out(change: Any) -> None:
    """A rooms file's evening entries were read back unchecked: a room with a damaged one
    came back, and the next round's results (``Room.record``, which folds the evening) or
    its evening table failed. One that is not a match's entry leaves the room out, as
    another bad field does; a whole one comes back as kept and the evening goes on."""
    kept = kept_with_an_evening()
    entry = kept["evening"][0]
    assert set(entry) == {
        "match",
        "round",
        "standings",
        "match_over",
        "winners",
        "played",
        "removed",
    }
    back = restore_room(kept, LEXICON, now=100.0)
    assert back.evening == kept["evening"]
    ann = next(iter(back.players))
    back.start(ann, now=100.0, board=BOARD)
    back.record(judge(back.close_round(now=160.0)))
    table = back.evening_table()
    assert table is not None and table["matches"] == 2
    with pytest.raises((KeyError, TypeError, ValueError)):
        restore_room({**kept, "evening": [change(entry)]}, LEXICON, now=100.0)


@pytest.mark.parametrize("evening, dropped", [({"match": 1}, 0), ([], "2"), ([], -1)])
def test_the_evening_and_its_dropped_count_are_of_their_kind(evening: Any, dropped: Any) -> None:
    """The evening is a list of matches, its dropped count a whole number of 0 or more."""
    kept = {**kept_with_an_evening(), "evening": evening, "evening_dropped": dropped}
    with pytest.raises((TypeError, ValueError)):
        restore_room(kept, LEXICON, now=100.0)


@pytest.mark.parametrize(
    "where",
    ["challenge", "match_number", "round_number", "target", "totals", "good_words", "points"],
)
def test_an_infinite_whole_number_in_the_rooms_file_leaves_the_room_out(where: str) -> None:
    """JSON's ``Infinity`` (Python reads it) where the file keeps a whole number raised
    ``OverflowError``, which the server's read-back does not expect: its start failed with a
    traceback.  It leaves the room out, as another field not of its kind does."""
    kept, _ = kept_with_a_challenge()
    if where == "challenge":
        kept["challenge"]["match"] = float("inf")
    elif where in ("match_number", "round_number"):
        kept[where] = float("inf")
    elif where == "target":
        kept["match"]["target"] = float("inf")
    elif where == "totals":
        kept["match"]["totals"] = {"ann": float("inf")}
    else:  # a player's, in a round being played
        room = Room("ABCDEF", RoomSettings(seconds=60), LEXICON)
        ann = room.join("ann", now=0.0)
        room.start(ann.token, now=0.0, board=BOARD)
        room.submit(ann.token, "fame", now=1.0)
        kept = json.loads(json.dumps(room_json(room, 2.0)))
        player = kept["players"][0]
        if where == "good_words":
            player["good_words"] = float("inf")
        else:
            player["feedback"][0]["points"] = float("inf")
    with pytest.raises(ValueError, match="not a whole one"):
        restore_room(kept, LEXICON, now=100.0)
