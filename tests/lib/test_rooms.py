"""The rooms library without the web: settings, the state machine, judging, limits,
stored results and the daily board."""

from __future__ import annotations

import datetime
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, judge_round, load_lexicon, solve
from boggle.rooms import (
    CreationLimiter,
    Hub,
    Phase,
    RateLimiter,
    ResultStore,
    Room,
    RoomError,
    RoomLimits,
    RoomSettings,
    daily_board,
    judge,
    share_line,
)
from boggle.rooms.limits import WATCHING_HOST_GRACE_SECONDS

LEXICON = load_lexicon()
BOARD = Board.parse("fxie amlo ewbx astu")
WORDS = [w.word for w in solve(BOARD, LEXICON).words]


def new_room(**chosen: object) -> Room:
    return Room("ABCDEF", RoomSettings.from_json(chosen, ["en-70"]), LEXICON)


def play_round(room: Room, lists: dict[str, list[str]], tokens: dict[str, str]) -> dict:
    host = next(iter(tokens.values()))
    room.start(host, now=0.0, board=BOARD)
    for name, words in lists.items():
        for word in words:
            room.submit(tokens[name], word, now=1.0)
    job = room.close_round(now=room.settings.seconds)
    assert job is not None
    return room.record(judge(job))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([*WORDS, "zzz", "xyzzy", "fa", "FAME", "e1"]), max_size=12),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_a_rooms_round_scores_what_judge_round_scores(
    entries: list[list[str]], challenge: bool
) -> None:
    room = new_room(challenge=challenge, seconds=60)
    names = [f"p{i}" for i in range(len(entries))]
    tokens = {name: room.join(name, 0.0).token for name in names}
    lists = dict(zip(names, entries, strict=True))
    summary = play_round(room, lists, tokens)
    kept = {p.name: p.entries for p in room.players.values()}
    expected = judge_round(BOARD, kept, LEXICON, None, "all" if challenge else "off")
    assert summary["scores"] == expected.scores()
    assert summary["totals"] == expected.scores()
    # every entry a player sent is in the judged list once, in order (bad letters aside)
    for name in names:
        sent = [w.strip().lower() for w in lists[name] if w.strip().isalpha()]
        assert kept[name] == list(dict.fromkeys(sent))
    found = {v["word"] for p in summary["players"] for v in p["words"]}
    assert {w["word"] for w in summary["unfound"]} == set(WORDS) - found


def test_feedback_for_each_kind_of_word() -> None:
    room = new_room()
    ann = room.join("ann", 0.0)
    room.start(ann.token, 0.0, BOARD)
    feedback = [room.submit(ann.token, w, 1.0) for w in ["fame", "FAME", "ox", "zzz"]]
    assert [f.status for f in feedback] == ["accepted", "repeated", "too_short", "not_on_board"]
    assert feedback[0].path == ((0, 0), (1, 0), (1, 1), (2, 0)) and feedback[0].points == 1
    assert room.submit(ann.token, "fam3", 1.0).status == "invalid"
    assert ann.entries == ["fame", "ox", "zzz"]


def test_a_word_its_list_folds_is_told_and_judged_as_the_language_writes_it() -> None:
    """A Spanish room's AEREA is aérea in the player's feedback, in their words when they come
    back, and in the round's results; ERA, written as the list holds it, has no form."""
    spanish = load_lexicon("es")
    room = Room("ABCDEF", RoomSettings.from_json({"dictionary": "es"}, ["es"]), spanish)
    ann = room.join("ann", 0.0)
    room.start(ann.token, 0.0, Board.parse("aer aea xxx"))
    said = {w: room.submit(ann.token, w, 1.0).to_json() for w in ["aerea", "era", "aérea"]}
    assert said["aerea"]["written"] == ["aérea"] and "written" not in said["era"]
    assert said["aérea"]["status"] == "repeated" and said["aérea"]["written"] == ["aérea"]
    assert [f.written for f in ann.feedback] == [("aérea",), (), ("aérea",)]
    job = room.close_round(now=room.settings.seconds)
    assert job is not None
    verdicts = {v["word"]: v for v in room.record(judge(job))["players"][0]["words"]}
    assert verdicts["aerea"]["written"] == ["aérea"] and "written" not in verdicts["era"]


def test_a_match_ends_at_its_target_and_standings_rank_ties() -> None:
    room = new_room(target=1)
    ann, bob = room.join("ann", 0.0), room.join("bob", 0.0)
    summary = play_round(room, {"ann": ["fame"], "bob": []}, {"ann": ann.token, "bob": bob.token})
    assert summary["match_over"] and summary["winners"] == ["ann"]
    assert room.phase is Phase.OVER
    assert [s["rank"] for s in summary["standings"]] == [1, 2]
    with pytest.raises(RoomError, match="rematch"):
        room.start(ann.token, 0.0)
    room.rematch(ann.token, 0.0)
    assert (room.phase, room.match_number, room.match.totals) == (Phase.LOBBY, 2, {})


def test_the_host_role_passes_on_when_the_host_leaves() -> None:
    room = new_room()
    ann, bob = room.join("ann", 0.0), room.join("bob", 0.0)
    room.leave(ann.token, 1.0)
    assert room.host == bob.token
    with pytest.raises(RoomError) as refused:
        room.player(ann.token)
    assert refused.value.code == "unknown_player"


def test_a_host_who_leaves_passes_the_role_to_a_player_who_is_there() -> None:
    """The next in line, whose connection had dropped a moment ago, was made host: nobody
    could start a round until they came back or the grace time ran out."""
    room = new_room()
    ann, bob, cat = (room.join(name, 0.0).token for name in ("ann", "bob", "cat"))
    room.dropped(bob, now=9.0)
    room.leave(ann, now=10.0)
    assert room.host == cat
    room.start(cat, now=10.0, board=BOARD)
    assert room.host_grace_left(now=10.0) is None  # nobody to wait for


def test_a_host_who_leaves_nobody_there_makes_a_dropped_player_host_on_its_terms() -> None:
    """With nobody connected the first in line takes the role as a dropped host holds it:
    theirs if back, a connected player's once their grace time (from their drop) is over."""
    room = new_room()  # 30 s of grace
    ann, bob, cat = (room.join(name, 0.0).token for name in ("ann", "bob", "cat"))
    room.dropped(bob, now=5.0)
    room.dropped(cat, now=1.0)
    room.leave(ann, now=10.0)
    assert room.host == bob
    assert room.host_grace_left(now=10.0) == 25.0  # from bob's drop, not from ann's leaving
    dan = room.join("dan", now=12.0)
    assert not room.pass_host_on(now=12.0) and room.host == bob  # bob may be reloading
    assert room.pass_host_on(now=35.0) and room.host == dan.token
    assert room.host_grace_left(now=35.0) is None


def test_a_dropped_player_made_host_who_comes_back_keeps_the_role() -> None:
    room = new_room()
    ann, bob = room.join("ann", 0.0).token, room.join("bob", 0.0).token
    room.dropped(bob, now=5.0)
    room.leave(ann, now=10.0)
    assert room.rejoin(bob, now=50.0).connected  # back, past bob's grace time
    cat = room.join("cat", now=50.0)
    assert not room.pass_host_on(now=50.0) and room.host == bob
    assert room.host_grace_left(now=50.0) is None and cat.token != room.host


def test_a_host_who_comes_back_keeps_the_role_within_or_past_the_grace_time() -> None:
    room = new_room()  # 30 s of grace
    ann, bob = room.join("ann", 0.0), room.join("bob", 0.0)
    room.dropped(ann.token, now=1.0)
    assert room.rejoin(ann.token, now=10.0) is ann and ann.connected
    assert room.host == ann.token and room.host_grace_left(now=10.0) is None
    room.dropped(ann.token, now=20.0)
    room.rejoin(ann.token, now=90.0)  # the role was not passed on yet: still theirs
    assert room.host == ann.token and not room.pass_host_on(now=90.0)
    assert room.last_activity == 90.0 and bob.token != room.host


def test_a_player_back_takes_the_role_of_a_host_gone_past_the_grace_time() -> None:
    """Nobody was there when the host's grace time ran out: the first to come back is host."""
    room = new_room()  # 30 s of grace
    ann, bob, cat = (room.join(name, 0.0) for name in ("ann", "bob", "cat"))
    room.dropped(ann.token, now=1.0)
    room.dropped(bob.token, now=2.0)
    room.dropped(cat.token, now=3.0)
    room.rejoin(cat.token, now=20.0)  # within ann's grace time: ann may be reloading
    assert room.host == ann.token
    room.dropped(cat.token, now=21.0)
    room.rejoin(bob.token, now=40.0)
    assert room.host == bob.token and room.host_grace_left(now=40.0) is None
    room.rejoin(ann.token, now=41.0)  # too late: the role has passed
    assert room.host == bob.token


def test_a_newcomer_takes_the_role_of_a_host_gone_past_the_grace_time() -> None:
    room = new_room()  # 30 s of grace
    ann = room.join("ann", 0.0)
    room.dropped(ann.token, now=1.0)
    bob = room.join("bob", now=10.0)
    assert room.host == ann.token
    room.dropped(bob.token, now=11.0)
    cat = room.join("cat", now=40.0)
    assert room.host == cat.token


def test_rejoin_with_an_unknown_token_is_refused() -> None:
    room = new_room()
    room.join("ann", 0.0)
    with pytest.raises(RoomError, match="join again") as refused:
        room.rejoin("no-such-token", now=1.0)
    assert refused.value.code == "unknown_player"


@given(st.lists(st.sampled_from(["there", "dropped", "long gone"]), min_size=1, max_size=6))
def test_a_leaving_host_hands_the_role_to_the_first_player_there_else_the_first(
    states: list[str],
) -> None:
    room = new_room()
    host = room.join("host", 0.0).token
    others = [room.join(f"p{i}", 0.0).token for i in range(len(states))]
    for token, state in zip(others, states, strict=True):
        if state != "there":
            room.dropped(token, now=100.0 if state == "dropped" else 1.0)
    room.leave(host, now=101.0)
    there = [t for t, state in zip(others, states, strict=True) if state == "there"]
    assert room.host == (there or others)[0]
    assert not room.pass_host_on(now=101.0)  # a rule for an absent host: nothing to change


def test_settings_are_checked() -> None:
    with pytest.raises(RoomError, match="fill a 5x5 tray"):
        RoomSettings.from_json({"dice": "big", "size": 4}, ["en-70"])
    with pytest.raises(RoomError, match="target"):
        RoomSettings.from_json({"target": 0}, ["en-70"])
    uniform = RoomSettings.from_json({"dice": "uniform", "size": 7}, ["en-70"])
    assert (uniform.rows, uniform.cols, uniform.rules().name) == (7, 7, "big")
    assert uniform.roll(3).size == 49


def test_hub_codes_are_fresh_and_idle_rooms_are_found() -> None:
    hub = Hub(RoomLimits(idle_seconds=10), taken=lambda code: code.startswith("A"))
    codes = {hub.create(RoomSettings(), LEXICON, "ann", now=0.0)[0].code for _ in range(30)}
    assert len(codes) == 30 and not any(code.startswith("A") for code in codes)
    assert hub.idle(5.0) == [] and len(hub.idle(11.0)) == 30


def test_a_room_closes_when_its_last_player_leaves_not_when_one_drops() -> None:
    hub = Hub(RoomLimits(max_rooms=1))
    room, ann = hub.create(RoomSettings(), LEXICON, "ann", now=0.0)
    bob = room.join("bob", now=0.0)
    bob.connected = False  # dropped: may come back
    assert hub.leave(room, ann.token, now=1.0) is False and hub.find(room.code) is room
    assert hub.leave(room, bob.token, now=2.0) is True and hub.rooms == {}
    hub.create(RoomSettings(), LEXICON, "cat", now=3.0)  # the slot is free again


def test_room_creations_wait_for_the_fuller_bucket() -> None:
    limits = RoomLimits(
        rooms_per_connection=2,
        seconds_per_room_per_connection=10,
        rooms_per_address=3,
        seconds_per_room_per_address=60,
    )
    gate = CreationLimiter(limits)
    first, second = gate.for_connection(0.0), gate.for_connection(0.0)
    gate.admit(first, "a", 0.0)
    gate.admit(first, "a", 0.0)
    with pytest.raises(RoomError) as refused:
        gate.admit(first, "a", 0.0)
    assert refused.value.code == "rate_limited" and refused.value.retry_after == 10
    gate.admit(second, "a", 0.0)  # the address's third
    with pytest.raises(RoomError) as refused:
        gate.admit(second, "a", 1.0)
    assert refused.value.retry_after == 59 and "address" in refused.value.message
    gate.admit(second, "b", 1.0)  # another address is not held back
    third = gate.for_connection(5.0)
    assert [third.allow(5.0) for _ in range(3)] == [True, True, False]
    free = CreationLimiter(RoomLimits(rooms_per_connection=0, rooms_per_address=0))
    unlimited = free.for_connection(0.0)
    for _ in range(100):
        free.admit(unlimited, "a", 0.0)


def test_rate_limiter_refills_at_its_rate() -> None:
    limiter = RateLimiter(rate=10, burst=2, now=0.0)
    assert [limiter.allow(0.0) for _ in range(3)] == [True, True, False]
    assert limiter.allow(0.1) and not limiter.allow(0.1)


def test_results_are_kept_in_the_file(tmp_path: Path) -> None:
    store = ResultStore(tmp_path / "data")
    store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 2}})
    store.close()
    again = ResultStore(tmp_path / "data")
    assert again.results("ABCDEF")["rounds"][0]["scores"] == {"ann": 2}
    assert again.results("ZZZZZZ") == {"code": "ZZZZZZ", "rounds": [], "matches": []}


def test_an_unusable_data_directory_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(Exception, match="cannot create the data directory"):
        ResultStore(blocker / "data")


def test_the_daily_board_depends_on_date_list_and_size() -> None:
    day = datetime.date(2026, 11, 23)
    assert str(daily_board(day, "en-70", 4)) != str(daily_board(day, "en-50", 4))
    assert daily_board(day, "en-70", 5).rows == 5
    with pytest.raises(RoomError, match="4, 5, 6"):
        daily_board(day, "en-70", 7)
    assert share_line(day, "en-70", 4, 0, 0, 0).endswith("0% of the maximum")


def test_a_room_reads_typed_words_in_its_lists_language() -> None:
    """Issue 32: `Straße` sent in a German room is the list's `strasse`, found once."""
    from boggle import Lexicon

    german = Lexicon.from_words(["strasse", "rast"])
    german.language = "de"
    room = Room("ABCDEF", RoomSettings.from_json({}, ["en-70"]), german)
    ann = room.join("ann", 0.0)
    room.start(ann.token, now=0.0, board=Board.parse("stras xxxes"))
    first = room.submit(ann.token, "Straße", 1.0)
    assert (first.status, first.word) == ("accepted", "strasse")
    assert room.submit(ann.token, "STRASSE", 1.0).status == "repeated"
    assert ann.entries == ["strasse"]


FULLWIDTH_FAME = "\uff26\uff21\uff2d\uff25"  # what an East Asian keyboard types for FAME


def test_fullwidth_letters_typed_in_a_room_are_the_letters() -> None:
    """Fullwidth letters were read as letters of their own: 'not on the board'."""
    room = new_room()
    ann = room.join("ann", 0.0)
    room.start(ann.token, now=0.0, board=BOARD)
    first = room.submit(ann.token, FULLWIDTH_FAME, 1.0)
    assert (first.status, first.word) == ("accepted", "fame")
    assert room.submit(ann.token, "fame", 1.0).status == "repeated"
    assert ann.entries == ["fame"]


def test_fullwidth_letters_in_solo_play_and_the_judge_are_the_letters() -> None:
    from boggle.game import PlaySession

    session = PlaySession(BOARD, solve(BOARD, LEXICON))
    assert session.submit(FULLWIDTH_FAME).status == "accepted"
    assert session.submit("fame").status == "already_found"
    judged = judge_round(BOARD, {"ann": [FULLWIDTH_FAME.lower(), "fame"]}, LEXICON)
    assert [(v.word, v.status.value) for v in judged.player("ann").verdicts] == [
        ("fame", "counted"),
        ("fame", "repeated"),
    ]


def test_fullwidth_letters_looked_up_are_the_letters() -> None:
    from boggle.definitions import checked_word

    assert checked_word(FULLWIDTH_FAME) == "fame"


def full_room(**limits: object) -> tuple[Room, list[str]]:
    room = Room("ABCDEF", RoomSettings(), LEXICON, RoomLimits(max_players=3, **limits), now=0.0)
    return room, [room.join(name, now=0.0).token for name in ("ann", "bob", "cat")]


def test_a_full_room_gives_the_seat_of_a_player_long_gone_to_a_newcomer() -> None:
    """Players who dropped and never came back (a phone's page closed, a token lost) kept
    their seats for good: a full room of them refused every friend ``room_full``."""
    room, (ann, bob, cat) = full_room(host_grace_seconds=30)
    room.dropped(bob, now=10.0)
    room.dropped(cat, now=5.0)
    with pytest.raises(RoomError, match="full"):
        room.join("dan", now=20.0)  # gone, but not for long: they may be reloading
    dan = room.join("dan", now=40.0)
    assert [p.name for p in room.players.values()] == ["ann", "bob", "dan"]  # cat: gone longest
    assert dan.connected and room.host == ann
    with pytest.raises(RoomError) as refused:
        room.player(cat)
    assert refused.value.code == "unknown_player"


def test_a_seat_with_words_in_the_round_being_played_is_kept() -> None:
    room, (ann, bob, cat) = full_room(host_grace_seconds=30)
    room.start(ann, now=0.0, board=BOARD)
    room.submit(bob, "fame", now=1.0)
    room.dropped(bob, now=2.0)
    with pytest.raises(RoomError, match="full"):
        room.join("dan", now=100.0)  # bob's word counts when the round is judged
    room.dropped(cat, now=3.0)
    assert room.join("dan", now=100.0).name == "dan"
    assert {p.name for p in room.players.values()} == {"ann", "bob", "dan"}


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f469\u200d\U0001f4bb Ann",  # woman technologist: two emoji joined
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag
        "\U0001f469\U0001f3fd\u200d\U0001f373",  # woman cook, skin tone
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
    ],
)
def test_emoji_made_of_several_joined_are_names_and_their_rounds_are_judged(name: str) -> None:
    room = new_room()
    player = room.join(name, 0.0)
    assert player.name == name
    summary = play_round(room, {name: [WORDS[0]]}, {name: player.token})
    assert summary["totals"] == {name: solve(BOARD, LEXICON).words[0].points}


@pytest.mark.parametrize(
    "name",
    ["ann\u200d", "\u200dann", "a\u200db", "\u202eann", "ann\U000e0067", "ann\u0000"],
)
def test_invisible_characters_outside_an_emoji_are_refused(name: str) -> None:
    """A joiner or tag that joins no emoji would make two names that look the same."""
    room = new_room()
    room.join("ann", 0.0)
    with pytest.raises(RoomError, match="a name is 1 to 24 printable characters") as refused:
        room.join(name, 1.0)
    assert refused.value.code == "bad_name"


@pytest.mark.parametrize(
    "name",
    [
        "\u0e01\u0e34\u0e48\u0e07",  # Thai: a vowel and a tone mark on one consonant
        "Nguy\u1ec5n",  # Vietnamese, and typed decomposed below
        "Nguye\u0302\u0303n",
        "\u0915\u094d\u0937\u093f",  # Hindi: a conjunct with a virama and a vowel sign
        "1\ufe0f\u20e3 \ud55c",  # a keycap emoji (two marks) and a Hangul syllable
    ],
)
def test_names_with_the_marks_scripts_use_are_taken(name: str) -> None:
    assert new_room().join(name, 0.0).name == unicodedata.normalize("NFC", name)


@pytest.mark.parametrize(
    "name", ["\u0301", "\u0301ann", "\u3164", "\u2800 \u115f", "ann" + "\u0301" * 6]
)
def test_names_that_show_nothing_start_with_a_mark_or_smear_are_refused(name: str) -> None:
    """A combining mark alone sits on what the page shows before the name; a Hangul filler
    or blank braille shows nothing; a letter with five accents (once composed) smears over
    the lines around it."""
    with pytest.raises(RoomError, match="a name is 1 to 24 printable characters") as refused:
        new_room().join(name, 0.0)
    assert refused.value.code == "bad_name"


def test_a_name_typed_composed_or_not_is_one_name() -> None:
    room = new_room()
    assert room.join("Jose\u0301", 0.0).name == "Jos\u00e9"
    with pytest.raises(RoomError, match="taken") as refused:
        room.join("JOS\u00c9", 1.0)
    assert refused.value.code == "name_taken"


def test_a_name_taken_by_a_player_away_says_how_they_take_their_seat_back() -> None:
    room = new_room()
    ann = room.join("ann", 0.0)
    with pytest.raises(RoomError) as there:
        room.join("Ann", 1.0)
    assert "away" not in there.value.message
    room.dropped(ann.token, now=2.0)
    with pytest.raises(RoomError, match=r"is away: their seat is kept .* link") as away:
        room.join("Ann", 99.0)
    assert away.value.code == "name_taken"


@pytest.mark.parametrize(
    "typed",
    [
        "abc234",
        " ABC234 ",
        "abc 234",
        "ABC-234",
        "a b c 2 3 4",
        "http://192.168.1.20:8000/room/ABC234",  # the whole link pasted
        "https://example.org/room/abc-234/?from=qr#join",
    ],
)
def test_a_code_read_out_in_halves_or_pasted_with_spaces_finds_the_room(typed: str) -> None:
    hub = Hub()
    room, _ = hub.create(RoomSettings(), LEXICON, "ann", now=0.0)
    hub.rooms = {"ABC234": room}
    assert hub.find(typed) is room


@pytest.mark.parametrize("typed", ["http://host/room/", "http://host/room/ABC2345", "/room/A?B234"])
def test_a_link_without_a_whole_code_is_refused(typed: str) -> None:
    with pytest.raises(RoomError, match="a room code is 6 characters") as refused:
        Hub().find(typed)
    assert refused.value.code == "bad_code"


def test_a_long_text_given_as_a_code_is_not_echoed_whole() -> None:
    # a `join` of 2,000 characters (or a results URL of 5,000) was echoed back whole
    with pytest.raises(RoomError, match="a room code is 6 characters") as refused:
        Hub().find("A" * 5000)
    assert len(refused.value.message) < 200 and refused.value.message.endswith("...'")


def test_a_closed_rooms_code_says_why_rooms_close() -> None:
    with pytest.raises(RoomError, match="no open room 'ABC234': a room closes once") as gone:
        Hub().find("abc 234")
    assert gone.value.code == "unknown_room" and "30 minutes" in gone.value.message
    # rooms live in the server's memory: a page back after a restart reads why its room is gone
    assert gone.value.message.endswith("or when the server stops")


def spanish_words() -> Lexicon:
    spanish = Lexicon.from_words(["año", "niño", "chico"], name="mine")
    spanish.language = "es"
    return spanish


def test_a_spanish_room_and_its_rematch_roll_the_lists_letters_not_english_dice() -> None:
    """A Spanish room rolled English cubes (`e`, `t`, `qu`...) whatever its list: its boards
    are drawn from the list's faces, `ñ` and `ch` among them, at the size asked."""
    from boggle.dice.measured import face_weights

    spanish = spanish_words()
    faces = set(face_weights(spanish))
    room = Room("ABCDEF", RoomSettings(dice="uniform", rows=5, cols=5, dictionary="mine"), spanish)
    ann = room.join("ann", 0.0)
    seen: set[str] = set()
    for round_number in range(12):
        if round_number == 6:
            room.rematch(ann.token, now=0.0, settings=RoomSettings(dictionary="mine"))
        board = room.start(ann.token, now=0.0)
        assert (board.rows, board.cols) == ((5, 5) if round_number < 6 else (4, 4))
        assert set(board.faces) <= faces
        seen |= set(board.faces)
        room.close_round(now=1e6)
        room.abandon_round()  # the next round, without judging this one
    assert {"ñ", "ch"} <= seen


def test_an_english_room_still_rolls_its_dice() -> None:
    settings = RoomSettings.from_json({"dice": "big"}, ["en-70"])
    english = Lexicon.from_words(["fame"])
    assert settings.roll(7, english) == RoomSettings(dice="big", rows=5, cols=5).roll(7)


@pytest.mark.parametrize("dice", ["new", "big", "uniform"])
def test_dice_asked_beside_a_spanish_list_are_refused_in_the_clis_words(dice: str) -> None:
    from boggle.dice.measured import check_chosen_dice
    from boggle.model.errors import DiceError
    from boggle.rooms.settings import check_asked_dice

    with pytest.raises(DiceError) as cli:
        check_chosen_dice(spanish_words(), dice)
    with pytest.raises(RoomError) as refused:
        check_asked_dice({"dice": dice, "size": 5}, spanish_words())
    assert (refused.value.code, refused.value.message) == ("bad_settings", str(cli.value))
    check_asked_dice({"size": 5}, spanish_words())  # no dice named: taken


def test_a_size_without_dice_is_uniform_letters() -> None:
    """``{"size": 5}`` with no dice was refused (the default ``new`` dice fill a 4x4 tray):
    the page sends no dice beside another language's list, only the size."""
    settings = RoomSettings.from_json({"size": 5}, ["en-70"])
    assert (settings.dice, settings.rows, settings.cols) == ("uniform", 5, 5)
    assert RoomSettings.from_json({"size": 4}, ["en-70"]).dice == "new"


@pytest.mark.parametrize(
    ("taken", "look_alike"),
    [
        ("ann", "\u0430nn"),  # a Cyrillic a
        ("ANN", "\u0410NN"),
        ("Nick", "\u039dick"),  # a Greek capital nu
        ("Oscar", "\u041es\u0441ar"),  # Cyrillic O and c
        ("jo\u00eb", "jo\u0435\u0308"),  # a Cyrillic e with a diaeresis
    ],
)
def test_a_name_spelled_with_look_alike_letters_of_another_script_is_the_same_name(
    taken: str, look_alike: str
) -> None:
    """A name "\u0430nn" (its a Cyrillic) joined a room beside "ann": two players whose names read
    the same. A Cyrillic or Greek letter that reads as a Latin one is compared as it."""
    room = new_room()
    room.join(taken, 0.0)
    with pytest.raises(RoomError, match="taken") as refused:
        room.join(look_alike, 1.0)
    assert refused.value.code == "name_taken"


def test_a_name_in_another_script_that_reads_as_no_other_is_a_name() -> None:
    room = new_room()
    room.join("Sasha", 0.0)
    assert room.join("\u0421\u0430\u0448\u0430", 1.0).name == "\u0421\u0430\u0448\u0430"
    assert room.join("\u0412\u043e\u0432\u0430", 2.0).name == "\u0412\u043e\u0432\u0430"


def test_the_challenge_page_compares_names_with_the_servers_look_alikes() -> None:
    """static/challenge.js compares a name with the results' names before the round, as the
    server does: its table of look-alike letters is the server's."""
    from boggle.rooms.limits import LOOK_ALIKES

    script = (Path(__file__).parents[2] / "src/boggle/web/static/challenge.js").read_text()
    start = script.index("const LOOK_ALIKES")
    table = script[start : script.index(";", start)]
    letters = (
        "".join(re.findall(r'"((?:\\u[0-9a-f]{4})+)"', table)).encode().decode("unicode_escape")
    )
    latin = re.findall(r'"([a-z]+)"\[at\]', table)[0]
    assert dict(zip(letters, latin, strict=True)) == LOOK_ALIKES


def test_the_daily_board_of_a_spanish_list_is_drawn_from_its_letters() -> None:
    from boggle.dice.measured import face_weights

    spanish = spanish_words()
    day = datetime.date(2026, 11, 23)
    boards = [daily_board(day + datetime.timedelta(n), "mine", 6, spanish) for n in range(8)]
    assert all(set(b.faces) <= set(face_weights(spanish)) for b in boards)
    assert {b.size for b in boards} == {36}
    english = load_lexicon("en-70")
    assert daily_board(day, "en-70", 4, english) == daily_board(day, "en-70", 4)


@pytest.mark.parametrize("look_alike", ["\uff21\uff2e\uff2e", "\uff41nn", "ANN"])
def test_a_name_in_fullwidth_letters_is_the_same_name(look_alike: str) -> None:
    """ANN typed in fullwidth letters (U+FF21 U+FF2E U+FF2E, a phone's East Asian keyboard)
    joined a room beside "ann": two players whose names read alike. Names are compared as
    NFKC and case-folded."""
    room = new_room()
    room.join("ann", 0.0)
    with pytest.raises(RoomError, match="taken") as refused:
        room.join(look_alike, 1.0)
    assert refused.value.code == "name_taken"


def test_a_room_for_a_class_scores_a_word_for_every_player_who_found_it() -> None:
    """With thirty players every common word is found twice, and the cross-off rule left
    it to score for nobody: a class's room turns the rule off (``cross_off: false``)."""
    lists = {"ann": ["fame", "mile"], "bob": ["fame"]}
    classic = new_room()
    tokens = {name: classic.join(name, now=0.0).token for name in lists}
    assert play_round(classic, lists, tokens)["scores"] == {"ann": 1, "bob": 0}
    room = new_room(cross_off=False)
    assert room.settings.to_json()["cross_off"] is False
    tokens = {name: room.join(name, now=0.0).token for name in lists}
    summary = play_round(room, lists, tokens)
    assert summary["scores"] == {"ann": 2, "bob": 1} and summary["cross_off"] is False
    with pytest.raises(RoomError, match="cross_off"):
        new_room(cross_off="no")


def test_a_teacher_s_room_shows_the_board_on_the_host_s_screen_without_the_host_playing() -> None:
    """The host was always a player: a teacher projecting the board was a player of 0
    points in every round's results and the standings.  ``host_plays: false`` makes the
    room's maker a watcher: no words, in no round's results nor the standings."""
    hub = Hub()
    settings = RoomSettings.from_json({"host_plays": False, "seconds": 60}, ["en-70"])
    room, teacher = hub.create(settings, LEXICON, "Ms Lee", now=0.0)
    assert teacher.watching and room.host == teacher.token
    sam = room.join("Sam", now=0.0)
    assert not sam.watching
    room.start(teacher.token, now=0.0, board=BOARD)  # the host still starts the rounds
    with pytest.raises(RoomError, match="show the board") as refused:
        room.submit(teacher.token, "fame", now=1.0)
    assert refused.value.code == "watching"
    assert room.submit(sam.token, "fame", now=1.0).status == "accepted"
    job = room.close_round(now=60.0)
    assert job is not None
    summary = room.record(judge(job))
    assert [p["name"] for p in summary["players"]] == ["Sam"]
    assert summary["totals"] == {"Sam": 1}
    assert [row["name"] for row in summary["standings"]] == ["Sam"]
    playing, _ = hub.create(RoomSettings(), LEXICON, "ann", now=0.0)
    assert not next(iter(playing.players.values())).watching


def test_the_host_removes_a_player_the_class_should_not_read() -> None:
    """A pupil in under a silly name, or twice, stayed for the whole lesson: the host
    removes them, and they may join again under another name."""
    room = new_room()
    ann, bob = room.join("Ms Lee", now=0.0), room.join("Poo Face", now=0.0)
    with pytest.raises(RoomError, match="only the host") as refused:
        room.remove(bob.token, "Ms Lee", now=1.0)
    assert refused.value.code == "not_host"
    with pytest.raises(RoomError) as refused:
        room.remove(ann.token, "nobody", now=1.0)
    assert refused.value.code == "unknown_name"
    with pytest.raises(RoomError) as refused:
        room.remove(ann.token, "ms lee", now=1.0)
    assert refused.value.code == "bad_field"
    assert room.remove(ann.token, "poo face", now=1.0) is bob
    assert [p.name for p in room.players.values()] == ["Ms Lee"]
    assert room.join("Bob", now=2.0).name == "Bob"


def test_a_full_room_never_gives_the_host_s_seat_to_a_newcomer() -> None:
    """In a full room a player gone over 30 s had their seat given to a newcomer: that
    could be the host's, the teacher's projector asleep."""
    settings = RoomSettings.from_json({"host_plays": False}, ["en-70"])
    room, host = Hub(RoomLimits(max_players=3)).create(settings, LEXICON, "Ms Lee", now=0.0)
    bob, cat = room.join("bob", now=0.0), room.join("cat", now=0.0)
    room.dropped(host.token, now=1.0)
    room.dropped(bob.token, now=2.0)
    dan = room.join("dan", now=100.0)  # bob's seat, not the host's (gone longer)
    assert host.token in room.players and bob.token not in room.players
    assert dan.token in room.players and cat.token in room.players
    room.dropped(cat.token, now=101.0)
    with pytest.raises(RoomError, match="full"):  # cat not gone 30 s yet, the host long gone
        room.join("eve", now=101.0)
    with pytest.raises(RoomError, match="full"):
        room.join("eve", now=120.0)
    room.join("eve", now=200.0)
    assert host.token in room.players and cat.token not in room.players


def test_a_teacher_who_shows_the_board_stays_host_while_the_laptop_sleeps() -> None:
    """The host role passed to the first connected pupil 30 s after the host's
    connection dropped: a projector's laptop asleep handed control of the class's room
    to a pupil.  A host who shows the board and does not play keeps it for 10 minutes
    away (back within them, or leaving); a playing host still passes it on after 30 s."""
    hub = Hub()
    settings = RoomSettings.from_json({"host_plays": False, "seconds": 60}, ["en-70"])
    room, teacher = hub.create(settings, LEXICON, "Ms Lee", now=0.0)
    sam = room.join("Sam", now=0.0)
    room.dropped(teacher.token, now=1.0)
    assert not room.pass_host_on(now=500.0) and room.host == teacher.token
    assert room.host_grace_left(now=500.0) == 101.0
    room.join("Ann", now=500.0)
    assert room.host == teacher.token
    room.rejoin(teacher.token, now=590.0)
    assert room.host == teacher.token and room.host_grace_left(now=900.0) is None
    room.leave(teacher.token, now=902.0)
    assert room.host == sam.token
    playing = new_room()
    ann, bob = playing.join("ann", now=0.0), playing.join("bob", now=0.0)
    playing.dropped(ann.token, now=1.0)
    assert playing.pass_host_on(now=40.0) and playing.host == bob.token


def test_a_teacher_who_never_comes_back_leaves_the_class_a_host() -> None:
    """A host who shows the board kept the role however long their page was away: a
    teacher's page that never came back left the pupils unable to start a round until the
    room closed after its idle time.  After ``WATCHING_HOST_GRACE_SECONDS`` (10 minutes),
    or the room's idle time if shorter, the role passes as a playing host's does."""
    settings = RoomSettings.from_json({"host_plays": False, "seconds": 60}, ["en-70"])
    room, teacher = Hub().create(settings, LEXICON, "Ms Lee", now=0.0)
    sam = room.join("Sam", now=0.0)
    room.dropped(teacher.token, now=10.0)
    assert WATCHING_HOST_GRACE_SECONDS == 600
    assert room.host_grace_left(now=10.0) == 600.0
    assert not room.pass_host_on(now=609.0) and room.host == teacher.token
    assert room.pass_host_on(now=610.0) and room.host == sam.token
    room.start(sam.token, now=611.0, board=BOARD)  # the class plays on
    room.rejoin(teacher.token, now=700.0)  # back: still showing the board, no longer host
    assert room.host == sam.token and teacher.watching
    brief = RoomLimits(idle_seconds=300)  # a room that closes sooner: its idle time
    room, teacher = Hub(brief).create(settings, LEXICON, "Ms Lee", now=0.0)
    sam = room.join("Sam", now=0.0)
    room.dropped(teacher.token, now=10.0)
    assert room.host_grace_left(now=10.0) == 300.0
    assert not room.pass_host_on(now=309.0) and room.pass_host_on(now=310.0)
    assert room.host == sam.token
    patient = RoomLimits(host_grace_seconds=900)  # never less than a playing host's
    assert patient.host_grace(watching=True) == 900.0
