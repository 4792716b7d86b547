"""The room protocol over WebSockets, with the framework's test client and a clock the
tests move: every bad message gets an ``error`` and the connection and room go on."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from room_messages import until

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient
from room_boards import same_boards

from boggle import Board, judge_round, load_lexicon, solve
from boggle.rooms import RoomLimits, RoomsConfig
from boggle.web.app import WebConfig, create_app

Socket = Any

HANG_SECONDS = 30
"""How long a wait for what the server must send may take before the test calls it a hang."""


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def clock() -> FakeClock:
    return FakeClock()


def make_client(clock: FakeClock, **limits: Any) -> TestClient:
    """The app, its rooms on ``clock`` with these limits, playing the same boards each run
    (FXIE for a 4x4 room: a test's words are there whatever the dice would have rolled)."""
    rooms = RoomsConfig(
        limits=RoomLimits(**limits), clock=clock, roll=same_boards, progress_seconds=0.1
    )
    config = WebConfig(preload=False, rooms=rooms)
    return TestClient(create_app(config))


@pytest.fixture()
def client(clock: FakeClock) -> Iterator[TestClient]:
    with make_client(clock) as opened:
        yield opened


def alive(socket: Socket) -> None:
    """The connection still answers."""
    socket.send_json({"type": "ping"})
    assert until(socket, "pong") == {"type": "pong"}


def create(socket: Socket, name: str = "ann", **settings: Any) -> str:
    socket.send_json({"type": "create", "name": name, "settings": {"seconds": 60, **settings}})
    joined = until(socket, "joined")
    until(socket, "room")
    return str(joined["code"])


def join(socket: Socket, code: str, name: str) -> dict[str, Any]:
    socket.send_json({"type": "join", "code": code, "name": name})
    joined = until(socket, "joined")
    until(socket, "room")
    return joined


def error_of(socket: Socket, message: Any, text: bool = False) -> dict[str, Any]:
    if text:
        socket.send_text(message)
    else:
        socket.send_json(message)
    return until(socket, "error")


def test_a_round_is_judged_by_judge_round_with_a_common_word_crossed_off(
    client: TestClient, clock: FakeClock
) -> None:
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        code = create(ann)
        join(bob, code, "bob")
        until(ann, "room")  # bob's arrival
        ann.send_json({"type": "start"})
        started = until(ann, "round_started")
        assert until(bob, "round_started")["board"] == started["board"]
        assert started["remaining"] == 60
        board = Board.parse(started["board"])
        words = [w.word for w in solve(board, load_lexicon()).words]  # FXIE's: 3 and more
        lists = {"ann": [words[0], words[1], "zzzq"], "bob": [words[0], words[2]]}
        for socket, name in ((ann, "ann"), (bob, "bob")):
            for word in lists[name]:
                socket.send_json({"type": "word", "word": word})
                feedback = until(socket, "feedback")
                assert feedback["word"] == word
                assert feedback["status"] == ("accepted" if word != "zzzq" else "not_on_board")
        assert feedback["words"] == {"ann": 2, "bob": 2}  # bob's last word: everyone's counts
        seen = [ann.receive_json()]
        while seen[-1].get("words") != {"ann": 2, "bob": 2}:
            seen.append(ann.receive_json())
        assert {m["type"] for m in seen} == {"progress"}  # counts only, never bob's words
        clock.now += 61
        results = until(ann, "results")
        assert until(bob, "results") == results
        expected = judge_round(board, lists, load_lexicon())
        assert results["scores"] == expected.scores()
        assert results["totals"] == expected.scores()
        common = [w for w in results["players"][1]["words"] if w["word"] == words[0]]
        assert common[0]["status"] == "crossed_off"
        assert results["players"] == [p.to_json() for p in expected.players]
        rank = {"common": 0, "standard": 1, "obscure": 2}  # common first, then best first
        best = [(rank[w["level"]], -w["points"], -len(w["word"])) for w in results["unfound"]]
        assert best == sorted(best)
        assert sum(results["levels"].values()) == len(words)
        assert {w["word"] for w in results["unfound"]}.isdisjoint(words[:3])
        stored = client.get(f"/api/rooms/{code}/results").json()
        assert stored["rounds"][0]["scores"] == expected.scores()


def test_unknown_types_bad_json_and_wrong_field_types_get_errors(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as socket:
        assert error_of(socket, {"type": "dance"})["code"] == "unknown_type"
        assert error_of(socket, "not json", text=True)["code"] == "bad_json"
        assert error_of(socket, [1, 2])["code"] == "bad_message"
        assert error_of(socket, {"word": "fame"})["code"] == "bad_message"
        assert error_of(socket, {"type": "join", "code": 123456, "name": "x"})["code"] == (
            "bad_field"
        )
        assert error_of(socket, {"type": "create", "name": "x", "settings": "big"})["code"] == (
            "bad_field"
        )
        assert error_of(socket, {"type": "join", "code": "ABCDEF"})["code"] == "bad_field"
        assert error_of(socket, {"type": "ping", "extra": 1})["code"] == "bad_field"
        assert error_of(socket, {"type": "word", "word": "fame"})["code"] == "not_in_room"
        alive(socket)
        code = create(socket)
        assert error_of(socket, {"type": "word", "word": ["fame"]})["code"] == "bad_field"
        assert error_of(socket, {"type": "word", "word": "fame"})["code"] == "not_playing"
        assert error_of(socket, {"type": "join", "code": code, "name": "x"})["code"] == (
            "already_in_room"
        )
        alive(socket)


def test_bad_settings_are_refused_with_the_reason(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as socket:
        for settings, fragment in (
            ({"seconds": 1}, "'seconds'"),
            ({"dice": "golden"}, "'dice'"),
            ({"dictionary": "klingon"}, "'dictionary'"),
            ({"dice": "uniform", "size": 99}, "'size'"),
            ({"challenge": "yes"}, "'challenge'"),
            ({"colour": "red"}, "'colour'"),
        ):
            error = error_of(socket, {"type": "create", "name": "ann", "settings": settings})
            assert error["code"] == "bad_settings" and fragment in error["message"]
        alive(socket)


def test_an_oversized_message_is_refused_and_the_connection_lives(clock: FakeClock) -> None:
    with (
        make_client(clock, max_message_bytes=200) as client,
        client.websocket_connect("/ws/rooms") as socket,
    ):
        error = error_of(socket, {"type": "word", "word": "a" * 500})
        assert error["code"] == "too_large" and "200" in error["message"]
        alive(socket)


def test_words_after_time_up_are_refused_and_the_round_is_judged(
    client: TestClient, clock: FakeClock
) -> None:
    with client.websocket_connect("/ws/rooms") as socket:
        create(socket, seconds=30)
        socket.send_json({"type": "start"})
        until(socket, "round_started")
        clock.now += 30
        error = error_of(socket, {"type": "word", "word": "fame"})
        assert error["code"] == "time_up"
        # named: a word typed offline is sent once the connection is back, maybe late
        assert "FAME came after the end of the round" in error["message"]
        assert until(socket, "results")["scores"] == {"ann": 0}
        assert error_of(socket, {"type": "word", "word": "fame"})["code"] == "time_up"


def test_joining_a_full_or_unknown_room_or_with_a_taken_name(clock: FakeClock) -> None:
    with make_client(clock, max_players=2) as client, contextlib.ExitStack() as stack:
        ann, bob, cat = (stack.enter_context(client.websocket_connect("/ws/rooms")) for _ in "abc")
        code = create(ann)
        assert error_of(bob, {"type": "join", "code": code, "name": "ANN"})["code"] == "name_taken"
        assert error_of(bob, {"type": "join", "code": "ZZZZZZ", "name": "b"})["code"] == (
            "unknown_room"
        )
        assert error_of(bob, {"type": "join", "code": "no", "name": "b"})["code"] == "bad_code"
        assert error_of(bob, {"type": "join", "code": code, "name": ""})["code"] == "bad_name"
        assert error_of(bob, {"type": "join", "code": code, "name": "x" * 25})["code"] == "bad_name"
        join(bob, code.lower(), "bob")
        error = error_of(cat, {"type": "join", "code": code, "name": "cat"})
        assert error["code"] == "room_full" and "2 players" in error["message"]
        alive(cat)
        alive(ann)
        ann.send_json({"type": "start"})  # the room plays on
        assert until(bob, "round_started")["round"] == 1


def test_only_the_host_starts_and_the_room_survives(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        code = create(ann)
        join(bob, code, "bob")
        error = error_of(bob, {"type": "start"})
        assert error["code"] == "not_host"
        assert error_of(bob, {"type": "rematch"})["code"] == "not_host"
        ann.send_json({"type": "start"})
        assert until(bob, "round_started")["round"] == 1
        assert error_of(ann, {"type": "start"})["code"] == "round_running"


def test_a_host_who_leaves_passes_the_role_to_a_player_there_not_one_just_dropped(
    client: TestClient,
) -> None:
    """bob, next in line, dropped a moment before ann left: cat, who is there, is host and
    can start the next round (the role went to bob and nobody could for the grace time)."""
    with contextlib.ExitStack() as stack:
        ann, cat = (stack.enter_context(client.websocket_connect("/ws/rooms")) for _ in "ac")
        code = create(ann)
        with client.websocket_connect("/ws/rooms") as bob:
            join(bob, code, "bob")
            join(cat, code, "cat")
        state = until(cat, "room")
        while [p["connected"] for p in state["players"]] != [True, False, True]:
            state = until(cat, "room")  # the server has seen bob drop
        ann.send_json({"type": "leave"})
        until(ann, "left")
        state = until(cat, "room")
        assert [p["name"] for p in state["players"]] == ["bob", "cat"]
        assert state["host"] == "cat"
        cat.send_json({"type": "start"})
        assert until(cat, "round_started")["round"] == 1


def test_a_dropped_player_made_host_passes_the_role_on_when_the_rooms_clock_says(
    clock: FakeClock,
) -> None:
    """ann leaves with nobody there but bob, who dropped: bob is host as a dropped host is,
    and dan, who comes a moment later, takes the role when bob's grace time is over on the
    rooms' clock (the server waited the grace time on its own clock, after ann left)."""
    with make_client(clock, host_grace_seconds=600) as client, contextlib.ExitStack() as stack:
        ann, dan = (stack.enter_context(client.websocket_connect("/ws/rooms")) for _ in "ad")
        code = create(ann)
        with client.websocket_connect("/ws/rooms") as bob:
            join(bob, code, "bob")
        state = until(ann, "room")
        while [p["connected"] for p in state["players"]] != [True, False]:
            state = until(ann, "room")  # the server has seen bob drop
        clock.now += 100
        ann.send_json({"type": "leave"})
        until(ann, "left")
        dan.send_json({"type": "join", "code": code, "name": "dan"})
        until(dan, "joined")
        assert until(dan, "room")["host"] == "bob"  # he may be reloading
        assert error_of(dan, {"type": "start"})["code"] == "not_host"
        clock.now += 500  # bob's grace time is over
        hosts = []
        deadline = time.monotonic() + HANG_SECONDS
        while "dan" not in hosts and time.monotonic() < deadline:
            dan.send_json({"type": "ping"})
            while (message := dan.receive_json())["type"] != "pong":
                hosts += [message["host"]] if message["type"] == "room" else []
            clock.now += 1  # refills the message rate, which runs on the rooms' clock too
            time.sleep(0.1)
        assert hosts == ["dan"]
        dan.send_json({"type": "start"})
        assert until(dan, "round_started")["round"] == 1


def test_the_others_are_told_the_host_is_away_and_when_the_role_passes_on(
    client: TestClient, clock: FakeClock
) -> None:
    """Who can start the next round when the host's phone lost the connection: the room
    says the host is away and in how many seconds the role passes on (``host_away``)."""
    with client.websocket_connect("/ws/rooms") as bob:
        with client.websocket_connect("/ws/rooms") as ann:
            code = create(ann)
            join(bob, code, "bob")
            assert until(ann, "room")["host_away"] is None
        state = until(bob, "room")
        while state["players"][0]["connected"]:
            state = until(bob, "room")  # the server has seen ann drop
        assert (state["host"], state["host_away"]) == ("ann", 30)
        clock.now += 31
        state = until(bob, "room")
        assert (state["host"], state["host_away"]) == ("bob", None)


def test_the_room_opened_again_in_another_tab_takes_the_seat_and_the_first_is_told(
    client: TestClient,
) -> None:
    """The room's link tapped again on a phone opens a second tab, which rejoins: the first
    is told, in words that say where the game went."""
    with (
        client.websocket_connect("/ws/rooms") as first,
        client.websocket_connect("/ws/rooms") as second,
        contextlib.ExitStack() as stack,
    ):
        first.send_json({"type": "create", "name": "ann", "settings": {"seconds": 60}})
        joined = until(first, "joined")
        second.send_json({"type": "rejoin", "code": joined["code"], "token": joined["token"]})
        assert until(second, "joined")["name"] == "ann"
        told = until(first, "error")
        assert told["code"] == "replaced"
        assert "another tab or on another device" in told["message"]
        # a join under the seat's name would be refused while the other tab holds the seat:
        # the way back is the seat's token (the room's link, the page's "Back to the room")
        assert "join again" not in told["message"]
        assert "room's link here again to take your seat back" in told["message"]
        third = stack.enter_context(client.websocket_connect("/ws/rooms"))
        third.send_json({"type": "join", "code": joined["code"], "name": "ann"})
        assert until(third, "error")["code"] == "name_taken"
        third.send_json({"type": "rejoin", "code": joined["code"], "token": joined["token"]})
        assert until(third, "joined")["name"] == "ann"


def test_too_many_messages_a_second(clock: FakeClock) -> None:
    with (
        make_client(clock, messages_per_second=2, message_burst=3) as client,
        client.websocket_connect("/ws/rooms") as socket,
    ):
        for _ in range(4):
            socket.send_json({"type": "ping"})
        for _ in range(3):
            assert socket.receive_json() == {"type": "pong"}
        error = socket.receive_json()
        assert error["code"] == "rate_limited" and "2 a second" in error["message"]
        clock.now += 1
        alive(socket)


def test_rooms_per_server_and_words_per_round(clock: FakeClock) -> None:
    with (
        make_client(clock, max_rooms=1, max_words_per_round=2) as client,
        client.websocket_connect("/ws/rooms") as ann,
        client.websocket_connect("/ws/rooms") as bob,
    ):
        create(ann)
        error = error_of(bob, {"type": "create", "name": "bob", "settings": {}})
        assert error["code"] == "too_many_rooms"
        ann.send_json({"type": "start"})
        until(ann, "round_started")
        for word in ("zzz", "qqq"):
            ann.send_json({"type": "word", "word": word})
            until(ann, "feedback")
        error = error_of(ann, {"type": "word", "word": "xxx"})
        assert error["code"] == "too_many_words" and "2 words" in error["message"]


def test_a_player_who_reconnects_keeps_their_words(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as ann:
        ann.send_json({"type": "create", "name": "ann", "settings": {"seconds": 60}})
        joined = until(ann, "joined")
        code, token = joined["code"], joined["token"]
        ann.send_json({"type": "start"})
        board = Board.parse(until(ann, "round_started")["board"])
        word = solve(board, load_lexicon()).words[0].word
        ann.send_json({"type": "word", "word": word})
        until(ann, "feedback")
    with client.websocket_connect("/ws/rooms") as again:
        assert error_of(again, {"type": "rejoin", "code": code, "token": "x"})["code"] == (
            "unknown_player"
        )
        again.send_json({"type": "rejoin", "code": code, "token": token})
        assert until(again, "joined")["name"] == "ann"
        state = until(again, "room")
        assert state["phase"] == "playing"
        assert [w["word"] for w in state["your_words"]] == [word]
        assert state["players"][0]["connected"] is True
        again.send_json({"type": "word", "word": word})
        assert until(again, "feedback")["status"] == "repeated"


def test_a_match_ends_at_its_rounds_and_a_rematch_starts_anew(
    client: TestClient, clock: FakeClock
) -> None:
    with client.websocket_connect("/ws/rooms") as socket:
        code = create(socket, rounds=1, target=0)
        socket.send_json({"type": "start"})
        until(socket, "round_started")
        clock.now += 61
        results = until(socket, "results")
        assert results["match_over"] is True and results["winners"] == ["ann"]
        with client.websocket_connect("/ws/rooms") as late:
            late.send_json({"type": "join", "code": code, "name": "bob"})
            shown = until(late, "room")["results"]
            assert shown == {key: value for key, value in results.items() if key != "type"}
        assert until(socket, "room")["results"] is None  # the host has them already
        assert error_of(socket, {"type": "start"})["code"] == "match_over"
        socket.send_json({"type": "rematch"})
        state = until(socket, "room")
        assert (state["phase"], state["match"], state["round"]) == ("lobby", 2, 0)
    stored = client.get(f"/api/rooms/{code}/results").json()
    assert [m["match"] for m in stored["matches"]] == [1]
    assert stored["matches"][0]["winners"] == ["ann"]


def test_a_rematch_may_change_the_board_size_round_length_and_goal(
    client: TestClient, clock: FakeClock
) -> None:
    """Friends who played a 4x4 match of 60 s rounds ask for a 5x5 one of 90 s rounds: the
    host's rematch carries the new settings (checked as ``create``'s are); without
    settings it keeps the old ones."""
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        code = create(ann, rounds=1, target=0)
        join(bob, code, "bob")
        ann.send_json({"type": "start"})
        until(bob, "round_started")
        clock.now += 61
        until(bob, "results")
        asked = {"dice": "big", "seconds": 90, "rounds": 2, "target": 0}
        refused = error_of(bob, {"type": "rematch", "settings": asked})
        assert refused["code"] == "not_host"
        refused = error_of(ann, {"type": "rematch", "settings": {**asked, "seconds": 2}})
        assert refused["code"] == "bad_settings" and "seconds" in refused["message"]
        ann.send_json({"type": "rematch", "settings": asked})
        state = until(bob, "room")
        settings = state["settings"]
        assert (state["phase"], state["match"]) == ("lobby", 2)
        assert (settings["rows"], settings["seconds"], settings["rounds"]) == (5, 90, 2)
        assert settings["rules_used"]["name"] == "big"
        ann.send_json({"type": "start"})
        started = until(bob, "round_started")
        assert (started["rows"], started["seconds"]) == (5, 90)
        assert error_of(ann, {"type": "rematch", "settings": asked})["code"] == "round_running"
        clock.now += 91
        until(bob, "results")
        ann.send_json({"type": "start"})
        until(bob, "round_started")
        clock.now += 91
        assert until(bob, "results")["match_over"] is True
        ann.send_json({"type": "rematch"})  # the same again
        assert until(bob, "room")["settings"] == settings
    stored = client.get(f"/api/rooms/{code}/results").json()
    assert [m["settings"]["rows"] for m in stored["matches"]] == [4, 5]


def test_idle_rooms_are_closed(clock: FakeClock) -> None:
    with make_client(clock, idle_seconds=0.2) as client:
        with client.websocket_connect("/ws/rooms") as socket:
            code = create(socket)
            clock.now += 5
            closed = until(socket, "closed")
            assert closed["code"] == code and "idle" in closed["message"]
        answer = client.get(f"/api/rooms/{code}/results")
        assert answer.status_code == 404


def test_results_of_unknown_or_malformed_codes(client: TestClient) -> None:
    assert client.get("/api/rooms/ZZZZZZ/results").status_code == 404
    answer = client.get("/api/rooms/bad/results")
    assert answer.status_code == 400 and "6 characters" in answer.json()["error"]


def test_the_challenge_rule_costs_a_point_for_a_non_word(
    client: TestClient, clock: FakeClock
) -> None:
    with client.websocket_connect("/ws/rooms") as socket:
        create(socket, challenge=True)
        socket.send_json({"type": "start"})
        board = Board.parse(until(socket, "round_started")["board"])
        good = solve(board, load_lexicon()).words[0]
        for word in (good.word, "qxzqxz"):
            socket.send_json({"type": "word", "word": word})
            until(socket, "feedback")
        clock.now += 61
        results = until(socket, "results")
        expected = judge_round(board, {"ann": [good.word, "qxzqxz"]}, load_lexicon(), None, "all")
        assert results["scores"] == expected.scores() == {"ann": good.points + 1 - 1}


def test_the_daily_board_is_the_same_for_a_date_and_changes_the_next_day(
    client: TestClient,
) -> None:
    first = client.get("/api/daily", params={"date": "2026-11-23"}).json()
    again = client.get("/api/daily", params={"date": "2026-11-23"}).json()
    other = client.get("/api/daily", params={"date": "2026-11-24"}).json()
    assert first["board"] == again["board"] != other["board"]
    assert client.get("/api/daily", params={"date": "23/11/2026"}).status_code == 400
    assert client.get("/api/daily", params={"dictionary": "klingon"}).status_code == 400
    board = Board.parse(first["board"])
    solution = solve(board, load_lexicon())
    words = [w.word for w in solution.words[:3]]
    result = client.post(
        "/api/daily/result", json={"date": "2026-11-23", "words": [*words, "zzzz"]}
    ).json()
    assert result["score"] == sum(w.points for w in solution.words[:3])
    assert result["maximum"] == solution.score
    assert not any(word in result["share"] for word in words)
    assert f"{result['score']} points, 3 words" in result["share"]


@pytest.mark.parametrize("path", ["/room", "/room/ABC234", "/daily"])
def test_the_pages_have_no_inline_scripts_or_styles(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert "style=" not in page and "<style" not in page
    scripts = re.findall(r"<script[^>]*>", page)
    assert scripts and all("src=" in tag for tag in scripts)
    assert not re.search(r"\son[a-z]+=", page), "an inline event handler"
    for script in re.findall(r'src="(/static/[^"]+)"', page):
        assert client.get(script).status_code == 200


def test_large_rounds_are_judged_on_the_judging_thread(
    client: TestClient, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    import boggle.web.rooms

    monkeypatch.setattr(boggle.web.rooms, "INLINE_JUDGING", 0)
    with client.websocket_connect("/ws/rooms") as socket:
        create(socket)
        socket.send_json({"type": "start"})
        board = Board.parse(until(socket, "round_started")["board"])
        word = solve(board, load_lexicon()).words[0]
        socket.send_json({"type": "word", "word": word.word})
        until(socket, "feedback")
        clock.now += 61
        assert until(socket, "results")["scores"] == {"ann": word.points}


def test_a_room_everyone_left_closes_at_once_so_create_and_leave_fill_nothing(
    clock: FakeClock,
) -> None:
    unlimited = {"rooms_per_connection": 0, "rooms_per_address": 0}
    with make_client(clock, max_rooms=3, **unlimited) as client:
        codes = []
        for _ in range(10):
            with client.websocket_connect("/ws/rooms") as socket:
                codes.append(create(socket))
                socket.send_json({"type": "leave"})
                assert until(socket, "left")["code"] == codes[-1]
        assert client.app.state.rooms.hub.rooms == {}
        with client.websocket_connect("/ws/rooms") as socket:
            for code in codes[-2:]:
                refused = error_of(socket, {"type": "join", "code": code, "name": "bob"})
                assert refused["code"] == "unknown_room"
            create(socket)  # a slot is free


def test_a_room_whose_players_only_dropped_stays_open_for_them(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as ann:
        code = create(ann)
        with client.websocket_connect("/ws/rooms") as bob:
            join(bob, code, "bob")
        until(ann, "room")  # bob dropped
        ann.send_json({"type": "leave"})
        until(ann, "left")
    assert code in client.app.state.rooms.hub.rooms  # bob may still rejoin
    with client.websocket_connect("/ws/rooms") as carl:
        join(carl, code, "carl")


def test_room_creation_is_rate_limited_per_connection_and_says_when_to_retry(
    clock: FakeClock,
) -> None:
    limits = {"rooms_per_connection": 2, "seconds_per_room_per_connection": 20}
    with (
        make_client(clock, rooms_per_address=0, **limits) as client,
        client.websocket_connect("/ws/rooms") as socket,
    ):
        for _ in range(2):
            create(socket)
            socket.send_json({"type": "leave"})
            until(socket, "left")
        clock.now += 5
        refused = error_of(socket, {"type": "create", "name": "ann", "settings": {}})
        assert refused["code"] == "rate_limited" and refused["retry_after"] == 15
        assert "this connection" in refused["message"] and "15 s" in refused["message"]
        with client.websocket_connect("/ws/rooms") as other:  # another connection may
            create(other)
        clock.now += 15
        create(socket)


def test_room_creation_is_rate_limited_per_address(clock: FakeClock) -> None:
    limits = {"rooms_per_address": 2, "seconds_per_room_per_address": 30}
    with make_client(clock, rooms_per_connection=0, **limits) as client:
        with (
            client.websocket_connect("/ws/rooms") as ann,
            client.websocket_connect("/ws/rooms") as bob,
        ):
            create(ann)
            create(bob)
        with client.websocket_connect("/ws/rooms") as cat:
            refused = error_of(cat, {"type": "create", "name": "cat", "settings": {}})
            assert refused["code"] == "rate_limited" and refused["retry_after"] == 30
            assert "your address" in refused["message"]
            alive(cat)
            clock.now += 30
            create(cat)


def test_a_rooms_state_says_open_closed_with_results_or_unknown_and_counts_misses(
    clock: FakeClock,
) -> None:
    """GET /api/rooms/CODE: open while a player is there, closed (not 404) once its players
    left a round's results behind, 404 for a code no room had; misses count as lookups."""
    with make_client(clock, code_lookup_burst=3) as client:
        with client.websocket_connect("/ws/rooms") as ann:
            code = create(ann)
            ann.send_json({"type": "start"})
            until(ann, "round_started")
            clock.now += 61
            until(ann, "results")
            for _ in range(5):  # an open room's link is never refused
                assert client.get(f"/api/rooms/{code.lower()}").json() == {
                    "code": code,
                    "open": True,
                }
            ann.send_json({"type": "leave"})
            until(ann, "left")
        assert client.get(f"/api/rooms/{code}").json() == {"code": code, "open": False}
        unknown = "ZZZZZZ" if code != "ZZZZZZ" else "ZZZZZY"
        answer = client.get(f"/api/rooms/{unknown}")
        assert answer.status_code == 404 and unknown in answer.json()["error"]
        assert client.get("/api/rooms/AB").status_code == 400
        assert client.get(f"/api/rooms/{unknown}").status_code == 404  # the third miss
        refused = client.get(f"/api/rooms/{unknown}")  # the burst of 3 spent on misses
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        # as every 429 of the API (the challenges' too): the wait in the body as well
        assert refused.json()["retry_after"] == int(refused.headers["Retry-After"])
        assert set(refused.json()) == {"error", "status", "retry_after"}


def test_the_rooms_list_is_warmed_as_the_server_starts_without_holding_its_start(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room's first word off its board (`word in lexicon`) built the list's set of words
    on the event loop, and its first create read and compiled the list: seconds on a cold
    server. The rooms' list is warmed as the server starts, set of words included, on a
    thread the start does not wait for (the port is bound as soon as without it)."""
    import threading

    from boggle.web.rooms import RoomService

    release = threading.Event()
    warm = RoomService._warm

    def held(self: RoomService, name: str) -> Any:
        release.wait(HANG_SECONDS)
        return warm(self, name)

    monkeypatch.setattr(RoomService, "_warm", held)
    app = create_app(WebConfig(preload=True, rooms=RoomsConfig(data_dir=tmp_path)))
    with TestClient(app) as client:  # started, the warm-up held
        assert client.get("/api/health").status_code == 200
        service = app.state.rooms
        assert service.warm == {}
        release.set()
        deadline = time.monotonic() + HANG_SECONDS
        while not service.warm and time.monotonic() < deadline:
            time.sleep(0.05)
        lexicon = service.warm[service.lists.default]
        assert "word_set" in vars(lexicon)  # built, not at the first word


def test_a_list_being_warmed_is_waited_for_not_warmed_again(tmp_path: Any) -> None:
    """A room created while the start's warm-up reads its list waits for that one: two
    threads reading and compiling the same list took twice the CPU from the event loop."""
    import asyncio
    import threading

    from boggle import Lexicon
    from boggle.web.rooms import RoomService

    app = create_app(WebConfig(preload=False, rooms=RoomsConfig(data_dir=tmp_path)))
    service = RoomService(app.state.config.rooms, app.state.context.catalogue)
    release = threading.Event()
    warmed: list[str] = []

    def held(name: str) -> Lexicon:
        warmed.append(name)
        release.wait(HANG_SECONDS)
        service.warm[name] = Lexicon.from_words(["fame"])
        return service.warm[name]

    service._warm = held  # type: ignore[method-assign]

    async def two_askers() -> list[Lexicon]:
        first = asyncio.create_task(service.lexicon_of("en-70"))
        second = asyncio.create_task(service.lexicon_of("en-70"))
        await asyncio.sleep(0.05)
        first.cancel()  # one asker gone: the other still gets the list
        release.set()
        return [await second, await service.lexicon_of("en-70")]

    got = asyncio.run(two_askers())
    assert warmed == ["en-70"] and got[0] is got[1]


def test_a_player_renames_between_rounds_and_keeps_their_points(
    client: TestClient, clock: FakeClock
) -> None:
    """A pupil who joined as "bob" changes their name in the lobby: refused during a round, a
    name another player has or one with points of its own is refused in one line, and the
    new name keeps bob's points in the match and in the evening after a rematch."""
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        code = create(ann, rounds=1, target=0)
        join(bob, code, "bob")
        ann.send_json({"type": "start"})
        until(bob, "round_started")
        refused = error_of(bob, {"type": "rename", "name": "Bobby"})
        assert refused["code"] == "round_running"
        bob.send_json({"type": "word", "word": "fame"})
        assert until(bob, "feedback")["status"] == "accepted"
        clock.now += 61
        until(bob, "results")
        refused = error_of(bob, {"type": "rename", "name": "ANN"})
        assert (refused["code"], refused["message"]) == (
            "name_taken",
            "the name 'ANN' is taken in this room",
        )
        assert error_of(bob, {"type": "rename", "name": "  "})["code"] == "bad_name"
        assert error_of(bob, {"type": "rename", "name": 7})["code"] == "bad_field"
        bob.send_json({"type": "rename", "name": " Bobby "})
        for socket in (ann, bob):
            assert until(socket, "renamed") == {"type": "renamed", "old": "bob", "name": "Bobby"}
            state = until(socket, "room")
            assert [(p["name"], p["total"]) for p in state["players"]] == [
                ("ann", 0),
                ("Bobby", 1),
            ]
        assert state["you"] == "Bobby"
        ann.send_json({"type": "rematch"})
        until(bob, "room")
        ann.send_json({"type": "start"})
        until(bob, "round_started")
        bob.send_json({"type": "word", "word": "mile"})
        until(bob, "feedback")
        clock.now += 61
        results = until(bob, "results")
        assert results["totals"] == {"ann": 0, "Bobby": 1}
        assert [(p["name"], p["total"]) for p in results["evening"]["players"]] == [
            ("Bobby", 2),
            ("ann", 0),
        ]
        # the rounds stored before the change (bob's 1 point) are read under the new name
        table = client.get(f"/api/rooms/{code}/standings.csv").text.splitlines()
        assert [line for line in table if line.startswith("evening")] == [
            "evening,1,Bobby,2,2,2,yes,",
            "evening,2,ann,0,2,0,yes,",
        ]
        rounds = client.get(f"/api/rooms/{code}/results.csv").text
        assert ",bob," not in rounds and rounds.count(",Bobby,") == 2
        bob.send_json({"type": "leave"})
        until(bob, "left")
        with client.websocket_connect("/ws/rooms") as cy:
            join(cy, code, "cy")
            # bob's name has no points now (Bobby has them); Bobby's, who left, has
            cy.send_json({"type": "rename", "name": "bob"})
            assert until(cy, "renamed")["name"] == "bob"
            refused = error_of(cy, {"type": "rename", "name": "bobby"})
            assert refused["code"] == "name_taken" and "standings" in refused["message"]


def test_a_rename_to_the_name_a_player_has_is_answered_to_them_alone(
    client: TestClient, clock: FakeClock
) -> None:
    """The rename box opens holding the player's name: **Change** pressed as it was sent
    `rename` with that same name, and the server answered nothing, the box staying open
    for an answer that never came. The player alone gets `renamed` (the same name), nothing
    said to the others and no change counted."""
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        code = create(ann, rounds=1, target=0)
        join(bob, code, "bob")
        for _ in range(4):  # more than the 3 changes between rounds: none counted
            bob.send_json({"type": "rename", "name": " bob "})
            assert told_before_pong(bob) == [{"type": "renamed", "old": "bob", "name": "bob"}]
        assert told_before_pong(ann) == []
        bob.send_json({"type": "rename", "name": "Bobby"})
        assert until(ann, "renamed") == {"type": "renamed", "old": "bob", "name": "Bobby"}


def told_before_pong(socket: Socket) -> list[dict[str, Any]]:
    """What ``socket`` is told, but the room's updates, before the answer to a ping."""
    socket.send_json({"type": "ping"})
    said = []
    while (message := socket.receive_json())["type"] != "pong":
        if message["type"] != "room":
            said.append(message)
    return said
