"""A room's stored results over HTTP (``/api/rooms/{code}/results``, the spreadsheets,
``/api/standings.csv``) as they are read after the room changed: names changed, codes given
twice, a challenge gone."""

from __future__ import annotations

import functools
from typing import Any

import pytest
import room_messages
from room_boards import RoomClock, same_boards

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient

from boggle.rooms import RoomLimits, RoomsConfig
from boggle.web.app import WebConfig, create_app

until = functools.partial(room_messages.until, limit=100)
"""A room of this module sends up to 100 messages before the one a player waits for."""

SETTINGS = {"seconds": 60, "rounds": 1, "target": 0, "host_plays": False}


def play_round(host: Any, clock: RoomClock, *played: tuple[Any, list[str]]) -> dict[str, Any]:
    """The host starts a round, each player sends their words (each answered) and the
    round's time runs out: its results, as the host is sent them."""
    host.send_json({"type": "start"})
    for socket, words in played:
        until(socket, "round_started")
        for word in words:
            socket.send_json({"type": "word", "word": word})
            until(socket, "feedback")
    clock.now += 61
    host.send_json({"type": "ping"})
    results = until(host, "results")
    for socket, _ in played:
        until(socket, "results")
    return results


def test_a_code_given_twice_in_a_merged_standings_counts_once() -> None:
    """``/api/standings.csv?rooms=A,A`` looked ``A`` up twice, each against the address's
    room-code allowance (bursts of 10): six copies of a code were six lookups, and a teacher
    who asked twice was refused 429. A code is looked up once however often it is given."""
    clock = RoomClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    assert RoomLimits().code_lookup_burst == 10
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as teacher,
        client.websocket_connect("/ws/rooms") as pupil,
    ):
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": SETTINGS})
        code = until(teacher, "joined")["code"]
        pupil.send_json({"type": "join", "code": code, "name": "Sam"})
        until(pupil, "joined")
        play_round(teacher, clock, (pupil, ["fame"]))
        given = ",".join([code, code.lower(), f" {code[:3]}-{code[3:]} "] * 2)
        answers = [client.get(f"/api/standings.csv?rooms={given}") for _ in range(9)]
        refused = client.get(f"/api/standings.csv?rooms={code},{code},ABC10O")
    assert [answer.status_code for answer in answers] == [200] * 9, answers[-1].text
    assert answers[0].text.splitlines()[1:] == [f"1,Sam,{code},1,1,1,1,yes"]
    assert f'filename="boggle-standings-{code}.csv"' in answers[0].headers["content-disposition"]
    assert refused.status_code == 400 and "ABC10O" in refused.json()["error"]


def rename(socket: Any, name: str, *others: Any) -> None:
    """The player of ``socket`` takes ``name``; everyone is told."""
    socket.send_json({"type": "rename", "name": name})
    for told in (socket, *others):
        assert until(told, "renamed")["name"] == name


def test_a_stored_match_is_read_under_its_players_names_now() -> None:
    """The results' rounds carry the names changed since (``renamed``) and the spreadsheets
    read them under the new names, but the answer's ``matches`` kept the names their players
    had when each match ended: Bob's won match still said "bob" won after he became Rob. A
    match is renamed by the changes made after its last round, not by those before it (the
    name another player took then is theirs in it)."""
    clock = RoomClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    settings = {**SETTINGS, "rounds": 2}
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as teacher,
        client.websocket_connect("/ws/rooms") as bob,
        client.websocket_connect("/ws/rooms") as cy,
    ):
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": settings})
        code = until(teacher, "joined")["code"]
        for socket, name in ((bob, "bob"), (cy, "cy")):
            socket.send_json({"type": "join", "code": code, "name": name})
            until(socket, "joined")
        play_round(teacher, clock, (bob, ["fame", "mile"]), (cy, []))
        rename(bob, "Bobby", cy, teacher)
        rename(cy, "bob", bob, teacher)  # the name Bob left: Cy's from now on
        over = play_round(teacher, clock, (bob, ["limbo"]), (cy, ["fame"]))
        assert over["match_over"] and over["winners"] == ["Bobby"]
        before = client.get(f"/api/rooms/{code}/results").json()["matches"]
        rename(bob, "Rob", cy, teacher)
        after = client.get(f"/api/rooms/{code}/results").json()
    assert before[0]["winners"] == ["Bobby"] and set(before[0]["totals"]) == {"Bobby", "bob"}
    (match,) = after["matches"]
    assert match["winners"] == ["Rob"]
    assert match["totals"] == {"Rob": before[0]["totals"]["Bobby"], "bob": 1}
    assert [row["name"] for row in match["standings"]] == ["Rob", "bob"]
    assert [sorted(row["scores"]) for row in match["table"]] == [["Rob", "bob"], ["Rob", "bob"]]
    assert [row["scores"]["bob"] for row in match["table"]] == [0, 1]  # Cy's, not merged
    assert "Rob" not in str(after["rounds"][0]["scores"])  # the rounds as played, with renamed
    assert [entry["name"] for entry in after["renamed"]] == ["Bobby", "bob", "Rob"]


def test_a_kept_challenge_deleted_since_is_no_longer_a_link() -> None:
    """A room keeps the challenge its host made of a round, and its results name it with its
    link (``path``) after the room has closed; a challenge nobody played for ``keep_days`` is
    deleted (pruned), and the link then led to a 404. The results say it has expired, with
    no link, and an open room's pages are told so when it is pruned (its rooms file too)."""
    from boggle.rooms.state import restore_room, room_json

    clock = RoomClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as teacher,
        client.websocket_connect("/ws/rooms") as pupil,
    ):
        service = client.app.state.rooms
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": SETTINGS})
        code = until(teacher, "joined")["code"]
        pupil.send_json({"type": "join", "code": code, "name": "Sam"})
        until(pupil, "joined")
        play_round(teacher, clock, (pupil, ["fame"]))
        made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu"}).json()
        teacher.send_json({"type": "challenge", "code": made["code"]})
        kept = {"code": made["code"], "path": made["path"], "match": 1, "round": 1}
        assert until(pupil, "room")["challenge"] == kept
        assert client.get(f"/api/rooms/{code}/results").json()["challenge"] == kept
        with service.store.transaction() as db:  # nobody played it for keep_days
            db.execute("UPDATE challenges SET played = 0, created = 0")
        assert service.store.prune() == 1
        assert client.get(f"/api/challenges/{made['code']}").status_code == 404
        expired = {"code": made["code"], "match": 1, "round": 1, "expired": True}
        assert client.get(f"/api/rooms/{code}/results").json()["challenge"] == expired
        client.portal.call(service.expire_challenges)
        assert until(pupil, "room")["challenge"] == expired
        room = service.hub.rooms[code]
        assert restore_room(room_json(room, clock()), room.lexicon).challenge == expired
        for socket in (pupil, teacher):
            socket.send_json({"type": "leave"})
            until(socket, "left")
        assert client.get(f"/api/rooms/{code}/results").json()["challenge"] == expired


def test_a_failing_challenge_expiry_does_not_end_the_hourly_prune(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The hourly prune told the open rooms of their challenges deleted
    (``expire_challenges``) outside its guard: an exception there ended the loop, and old
    results were never pruned again for the server's life. It is one line of the log (once
    per cause), and the next prune runs all the same."""
    import time

    from boggle.rooms.storage import ResultStore
    from boggle.web import rooms as web_rooms

    pruned: list[float | None] = []
    real_prune = ResultStore.prune

    def counted(store: ResultStore, now: float | None = None) -> int:
        pruned.append(now)
        return real_prune(store, now)

    async def failing(service: Any) -> None:
        raise RuntimeError("the rooms changed while they were read")

    monkeypatch.setattr(ResultStore, "prune", counted)
    monkeypatch.setattr(web_rooms.RoomService, "expire_challenges", failing)
    monkeypatch.setattr(web_rooms, "PRUNE_SECONDS", 0.01)
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig(clock=RoomClock())))
    with caplog.at_level("ERROR", logger="boggle"), TestClient(app):
        deadline = time.monotonic() + 30
        while len(pruned) < 3:
            assert time.monotonic() < deadline, f"the prune stopped after {len(pruned)} runs"
            time.sleep(0.01)
    said = [r.getMessage() for r in caplog.records if r.name.startswith("boggle")]
    assert said == [
        "the rooms' kept challenges not checked: RuntimeError: the rooms changed while they"
        " were read (logged once per cause)"
    ], said


def test_a_room_whose_expiry_fails_leaves_the_other_rooms_checked(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The hourly check of the rooms' kept challenges (``expire_challenges``) went through
    the rooms in one piece: one room's failure (its broadcast to a socket closing) ended the
    check for every room after it, whose pages kept a link to a deleted challenge for the
    hour. Each room is checked on its own; the one that failed is one line in the log."""
    clock = RoomClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as first_host,
        client.websocket_connect("/ws/rooms") as first_pupil,
        client.websocket_connect("/ws/rooms") as second_host,
        client.websocket_connect("/ws/rooms") as second_pupil,
    ):
        service = client.app.state.rooms
        codes, expired = [], []
        for host, pupil in ((first_host, first_pupil), (second_host, second_pupil)):
            host.send_json({"type": "create", "name": "Ms Lee", "settings": SETTINGS})
            codes.append(until(host, "joined")["code"])
            pupil.send_json({"type": "join", "code": codes[-1], "name": "Sam"})
            until(pupil, "joined")
            play_round(host, clock, (pupil, ["fame"]))
            made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu"}).json()
            host.send_json({"type": "challenge", "code": made["code"]})
            assert until(pupil, "room")["challenge"]["code"] == made["code"]
            expired.append({"code": made["code"], "match": 1, "round": 1, "expired": True})
        assert list(service.hub.rooms)[:2] == codes  # the failing room is checked first
        with service.store.transaction() as db:  # nobody played them for keep_days
            db.execute("UPDATE challenges SET played = 0, created = 0")
        assert service.store.prune() == 2
        told = service.broadcast_room

        async def closing(room: Any, joiner: Any = None) -> None:
            if room.code == codes[0]:
                raise RuntimeError("the socket closed as the room was sent")
            await told(room, joiner)

        monkeypatch.setattr(service, "broadcast_room", closing)
        with caplog.at_level("ERROR", logger="boggle"):
            client.portal.call(service.expire_challenges)
        assert until(second_pupil, "room")["challenge"] == expired[1]
        assert [service.hub.rooms[code].challenge for code in codes] == expired
    said = [r.getMessage() for r in caplog.records if r.name.startswith("boggle")]
    assert said == [
        f"room {codes[0]}'s kept challenge not checked: RuntimeError: the socket closed as"
        " the room was sent (logged once per cause)"
    ], said
