"""A club's tournament evening in one room: matches one after another (rematches), a
player gone between them, and the evening's standings downloaded at the end."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient

from boggle.rooms import RoomsConfig
from boggle.web.app import WebConfig, create_app


def until(socket: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message in {limit}")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def play(clock: FakeClock, host: Any, words: dict[Any, list[str]]) -> dict[str, Any]:
    """One round: the host starts it, each socket sends its words, time runs out."""
    host.send_json({"type": "start"})
    for socket, sent in words.items():
        until(socket, "round_started")
        for word in sent:
            socket.send_json({"type": "word", "word": word})
            until(socket, "feedback")
    clock.now += 61
    host.send_json({"type": "ping"})
    results = until(host, "results")
    for socket in words:
        if socket is not host:
            until(socket, "results")
    return results


def test_an_evening_of_two_matches_downloads_as_standings() -> None:
    """The results spreadsheet is a log of rounds, a row a player a round: a club's final
    table was not in it (a player gone before a match's last round has no row there), nor
    the evening over its rematches.  ``standings.csv`` is each match's standings with every
    round's points, then every player's points over all the matches."""
    from room_boards import same_boards

    clock = FakeClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    settings = {"seconds": 60, "rounds": 2, "target": 0, "host_plays": False}
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as club,
        client.websocket_connect("/ws/rooms") as ann,
        client.websocket_connect("/ws/rooms") as bob,
        client.websocket_connect("/ws/rooms") as cy,
    ):
        club.send_json({"type": "create", "name": "Club", "settings": settings})
        code = until(club, "joined")["code"]
        for socket, name in ((ann, "Ann"), (bob, "=Bob"), (cy, "Cy")):
            socket.send_json({"type": "join", "code": code, "name": name})
            until(socket, "joined")
        play(clock, club, {ann: ["fame", "mile"], bob: ["limbo"], cy: ["fame"]})
        cy.send_json({"type": "leave"})  # Cy goes home after the first round
        until(cy, "left")
        over = play(clock, club, {ann: ["limbo"], bob: ["mile", "axle"]})
        assert over["match_over"]
        club.send_json({"type": "rematch"})
        play(clock, club, {ann: ["fame"], bob: ["limbo"]})
        answer = client.get(f"/api/rooms/{code}/standings.csv")
        missing = client.get("/api/rooms/ZZZZZZ/standings.csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert f'filename="boggle-room-{code}-standings.csv"' in answer.headers["content-disposition"]
    assert answer.text.splitlines() == [
        "match,rank,player,total,rounds,won,finished,round 1,round 2",
        "1,1,'=Bob,4,2,1,yes,2,2",  # a name a spreadsheet would run as a formula, quoted
        "1,2,Ann,3,2,0,yes,1,2",
        "1,3,Cy,0,1,0,yes,0,",  # gone after round 1: in the table, without round 2
        "2,1,'=Bob,2,1,0,no,2,",  # the rematch under way: its standings so far
        "2,2,Ann,1,1,0,no,1,",
        "evening,1,'=Bob,6,3,1,no,,",
        "evening,2,Ann,4,3,0,no,,",
        "evening,3,Cy,0,1,0,no,,",
    ]
    assert missing.status_code == 404 and "no room" in missing.json()["error"]


def test_the_evening_is_sent_with_a_rematch_s_results_bounded_and_not_stored() -> None:
    """The evening's standings over a room's rematches were only in standings.csv: a
    rematch's results carry them (``evening``: the best 20 players, the others counted),
    the first match's none; they are not stored with the round."""
    from room_boards import same_boards

    from boggle.rooms.export import EVENING_SHOWN

    clock = FakeClock()
    rooms = RoomsConfig(clock=clock, roll=same_boards, progress_seconds=0.1)
    settings = {"seconds": 60, "rounds": 1, "target": 0, "host_plays": True}
    names = [f"p{n:02d}" for n in range(EVENING_SHOWN + 2)]
    with TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client:
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(client.websocket_connect("/ws/rooms")) for _ in names]
            host = sockets[0]
            host.send_json({"type": "create", "name": names[0], "settings": settings})
            code = until(host, "joined")["code"]
            for socket, name in zip(sockets[1:], names[1:], strict=True):
                socket.send_json({"type": "join", "code": code, "name": name})
                until(socket, "joined")
            first = play(clock, host, {sockets[1]: ["fame"], **{s: [] for s in sockets[2:]}})
            assert first["evening"] is None  # one match: its standings are the evening
            host.send_json({"type": "rematch"})
            second = play(clock, host, {sockets[2]: ["limbo"], **{s: [] for s in sockets[3:]}})
        stored = client.get(f"/api/rooms/{code}/results").json()
    evening = second["evening"]
    assert evening["matches"] == 2 and evening["finished"] is True
    assert len(evening["players"]) == EVENING_SHOWN and evening["more"] == 2
    assert evening["players"][:2] == [
        {"rank": 1, "name": "p02", "total": 2, "rounds": 2, "won": 1},
        {"rank": 2, "name": "p01", "total": 1, "rounds": 2, "won": 1},
    ]
    assert all("evening" not in summary for summary in stored["rounds"])


def test_a_club_s_week_long_challenge_downloads_as_a_spreadsheet() -> None:
    """A club's challenge (one board, played by each member in their own time) had its
    results as JSON only; ``results.csv`` is a row a player, best first."""
    client = TestClient(create_app(WebConfig(preload=False)))
    made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu", "seconds": 90})
    code = made.json()["code"]
    for name, words in (("Ann", ["fame", "mile"]), ("=Bob", ["fame", "limbo"]), ("Cy", [])):
        posted = client.post(f"/api/challenges/{code}/results", json={"name": name, "words": words})
        assert posted.status_code == 201, posted.text
    answer = client.get(f"/api/challenges/{code}/results.csv")
    missing = client.get("/api/challenges/NOSUCH23/results.csv")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert f'filename="boggle-challenge-{code}.csv"' in answer.headers["content-disposition"]
    lines = answer.text.splitlines()
    assert lines[0] == "rank,player,points,words,found,only_they_found,posted"
    assert [line.split(",")[:6] for line in lines[1:]] == [
        ["1", "'=Bob", "3", "2", "fame limbo", "limbo"],
        ["2", "Ann", "2", "2", "fame mile", "mile"],
        ["3", "Cy", "0", "0", "", ""],
    ]
    assert missing.status_code == 404 and "no challenge" in missing.json()["error"]


def test_a_tie_in_a_challenge_s_spreadsheet_is_written_as_the_rooms_write_it() -> None:
    """A challenge's results page wrote a tie "1=" (as the rooms' tables and spreadsheets do)
    while its ``results.csv`` wrote "1", "1": the spreadsheet shares the place as "1=" too."""
    client = TestClient(create_app(WebConfig(preload=False)))
    made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu", "seconds": 90})
    code = made.json()["code"]
    for name, words in (("Ann", ["fame"]), ("Bob", ["mile"]), ("Cy", [])):
        posted = client.post(f"/api/challenges/{code}/results", json={"name": name, "words": words})
        assert posted.status_code == 201, posted.text
    lines = client.get(f"/api/challenges/{code}/results.csv").text.splitlines()
    assert sorted(line.split(",")[:3] for line in lines[1:]) == [
        ["1=", "Ann", "1"],
        ["1=", "Bob", "1"],
        ["3", "Cy", "0"],
    ]
