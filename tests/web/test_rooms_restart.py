"""A finished match's results outlive the server: stop the server, start another on the
same data directory, and GET /api/rooms/{code}/results still has them.

The servers are the web app as `boggle serve` serves it (uvicorn, real sockets), in a thread
of the test process, so that their rooms play a board of known words
(:func:`room_boards.same_boards`) on a clock the test moves (:class:`room_boards.RoomClock`):
a random board has at most one word now and then, and a round on the real clock may end
before a loaded machine has sent its words. `boggle serve --data` keeping its results
across a restart of the process is tested by the challenges' restart test
(tests/web/test_challenges_api.py), which needs no round.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from room_messages import until

pytest.importorskip("fastapi", reason="the web extra is not installed")
from room_boards import RoomClock, same_boards
from served import request, served

from boggle import Board, judge_round, load_lexicon, solve
from boggle.rooms import RoomsConfig, RoomSettings
from boggle.web.app import WebConfig, create_app

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


def rooms_app(data: Path, clock: RoomClock) -> Any:
    """The web app, its results kept under ``data``, its rooms on ``clock`` and their
    boards the same each run."""
    rooms = RoomsConfig(data_dir=data, clock=clock, roll=same_boards)
    return create_app(WebConfig(preload=False, rooms=rooms))


def test_results_survive_a_restart_with_the_same_data_dir(tmp_path: Path) -> None:
    lexicon = load_lexicon()
    board = same_boards(RoomSettings(), lexicon)
    words = [w.word for w in solve(board, lexicon).words[:3]]
    assert len(words) == 3, "the test's board has three words to share out"
    lists = {"ann": words[:2], "bob": words[1:]}  # words[1]: found by both, crossed off
    clock = RoomClock()
    with served(rooms_app(tmp_path, clock)) as port:
        ws_url = f"ws://127.0.0.1:{port}/ws/rooms"
        with sync_client.connect(ws_url) as ann, sync_client.connect(ws_url) as bob:
            settings = {"seconds": 60, "rounds": 1, "target": 0}
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": settings}))
            code = until(ann, "joined")["code"]
            bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
            until(bob, "joined")
            ann.send(json.dumps({"type": "start"}))
            assert Board.parse(until(ann, "round_started")["board"]) == board
            for connection, name in ((ann, "ann"), (bob, "bob")):
                for word in lists[name]:
                    connection.send(json.dumps({"type": "word", "word": word}))
                    assert until(connection, "feedback")["status"] == "accepted"
            clock.now += 61  # the round's time is up: the room's timer ends it
            results = until(ann, "results")
            assert results["match_over"] is True and results["saved"] is True
    assert (tmp_path / "results.sqlite3").is_file()

    with served(rooms_app(tmp_path, RoomClock())) as port:
        status, stored, _ = request(port, "GET", f"/api/rooms/{code}/results")
    assert status == 200, stored
    expected = judge_round(board, lists, lexicon)
    assert stored["code"] == code
    assert [r["scores"] for r in stored["rounds"]] == [expected.scores()]
    assert stored["matches"][0]["totals"] == expected.scores()
    assert stored["matches"][0]["winners"] == expected.winners()
    crossed = [w for w in stored["rounds"][0]["players"][0]["words"] if w["word"] == words[1]]
    assert crossed[0]["status"] == "crossed_off"


def test_a_data_directory_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    finished = subprocess.run(
        [sys.executable, "-m", "boggle", "serve", "--data", str(blocker), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 2
    assert finished.stderr.count("\n") == 1 and "data directory" in finished.stderr
    assert blocker.read_text() == "not a directory"


def test_health_says_when_a_restart_would_lose_a_round(tmp_path: Path) -> None:
    """An operator could not tell when a restart would lose a round being played (its
    words, its score): `GET /api/health` counts the rooms open, those playing a round and
    the players connected, so a restart can wait until no round is being played."""
    clock = RoomClock()
    with served(rooms_app(tmp_path, clock)) as port:

        def rooms() -> Any:
            status, health, _ = request(port, "GET", "/api/health")
            assert status == 200, health
            return health["rooms"]

        assert rooms() == {"open": 0, "playing": 0, "players": 0}
        ws_url = f"ws://127.0.0.1:{port}/ws/rooms"
        with sync_client.connect(ws_url) as ann, sync_client.connect(ws_url) as bob:
            settings = {"seconds": 60, "rounds": 2, "target": 0}
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": settings}))
            code = until(ann, "joined")["code"]
            bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
            until(bob, "joined")
            assert rooms() == {"open": 1, "playing": 0, "players": 2}
            ann.send(json.dumps({"type": "start"}))
            until(ann, "round_started")
            assert rooms() == {"open": 1, "playing": 1, "players": 2}
            clock.now += 61  # the round's time is up: judged, the next one not started
            until(ann, "results")
            assert rooms() == {"open": 1, "playing": 0, "players": 2}
