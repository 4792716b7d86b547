"""A results file that cannot be written (a full disk, a read-only one) loses no round:
the players get their results, /api/health says saving fails, and the round is written
once the disk has room again.  And a room task that fails tells its players.

Every server here is the app in the test process (a test client, or uvicorn in a thread
over real sockets), its rooms on the test's clock and boards (:mod:`room_boards`)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from room_messages import until

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient
from room_boards import RoomClock, same_boards
from served import request, served

from boggle import Board, load_lexicon, solve
from boggle.rooms import RoomsConfig, RoomSettings
from boggle.web.app import WebConfig, create_app

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


def eventually(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return check()


@pytest.fixture()
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    import boggle.web.rooms

    monkeypatch.setattr(boggle.web.rooms, "RETRY_FIRST_SECONDS", 0.05)
    monkeypatch.setattr(boggle.web.rooms, "RETRY_MAX_SECONDS", 0.2)


def test_results_reach_the_players_when_the_file_refuses_writes(
    tmp_path: Path, quick_retries: None
) -> None:
    clock = RoomClock()
    rooms = RoomsConfig(data_dir=tmp_path, clock=clock, roll=same_boards, progress_seconds=0.1)
    with TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client:
        store = client.app.state.rooms.store
        store._db.execute("PRAGMA query_only = ON")  # as a read-only file (root ignores chmod)
        with client.websocket_connect("/ws/rooms") as ann:
            settings = {"seconds": 30, "rounds": 1, "target": 0}
            ann.send_json({"type": "create", "name": "ann", "settings": settings})
            code = until(ann, "joined")["code"]
            ann.send_json({"type": "start"})
            board = Board.parse(until(ann, "round_started")["board"])
            word = solve(board, load_lexicon()).words[0]
            ann.send_json({"type": "word", "word": word.word})
            until(ann, "feedback")
            clock.now += 31
            results = until(ann, "results")
            assert results["scores"] == {"ann": word.points} and results["saved"] is False
            health = client.get("/api/health").json()
            assert health["status"] == "degraded"
            assert health["results"]["saving"] == "failing" and health["results"]["held"] == 2
            assert "readonly" in health["results"]["error"]
            store._db.execute("PRAGMA query_only = OFF")
            saved = eventually(lambda: client.get("/api/health").json()["status"] == "ok", 10)
            assert saved
            stored = client.get(f"/api/rooms/{code}/results").json()
            assert stored["rounds"][0]["scores"] == {"ann": word.points}
            assert stored["matches"][0]["winners"] == ["ann"]
            assert client.get("/api/health").json()["results"]["bytes"] > 0


def test_a_room_task_that_fails_tells_the_players_and_the_room_plays_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import boggle.web.rooms

    def broken(job: Any) -> Any:
        raise RuntimeError("judge broke")

    clock = RoomClock()
    rooms = RoomsConfig(clock=clock, progress_seconds=0.1)
    with (
        TestClient(create_app(WebConfig(preload=False, rooms=rooms))) as client,
        client.websocket_connect("/ws/rooms") as ann,
    ):
        ann.send_json({"type": "create", "name": "ann", "settings": {"seconds": 30}})
        until(ann, "joined")
        monkeypatch.setattr(boggle.web.rooms, "judge", broken)
        ann.send_json({"type": "start"})
        until(ann, "round_started")
        clock.now += 31
        error = until(ann, "error")
        assert error["code"] == "server_error" and "RuntimeError" in error["message"]
        monkeypatch.undo()
        ann.send_json({"type": "start"})  # back in the lobby: the host starts again
        assert until(ann, "round_started")["round"] == 2
        clock.now += 31
        assert until(ann, "results")["saved"] is True


# ---------------------------------------------------------------------- a real server


@contextlib.contextmanager
def breakable_disk(directory: Path) -> Iterator[tuple[Callable[[], None], Callable[[], None]]]:
    """``directory`` on a disk the test can break and mend: a 4 MiB tmpfs it fills (as
    root), else a directory it makes read-only (SQLite cannot make its journal there).
    Skips, saying why, when neither can be done here."""
    directory.mkdir()
    filler = directory / "filler"
    if os.geteuid() == 0:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(directory)],
            capture_output=True,
            text=True,
        )
        if mounted.returncode != 0:
            pytest.skip(f"cannot mount a small tmpfs to fill: {mounted.stderr.strip()}")

        def fill() -> None:
            with filler.open("wb") as out, contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * 65536)
                    out.flush()

        try:
            yield fill, filler.unlink
        finally:
            subprocess.run(["umount", "-l", str(directory)], check=False)
        return

    probe = directory / "probe"
    directory.chmod(0o555)
    try:
        try:
            probe.touch()
        except PermissionError:
            pass
        else:
            pytest.skip("a read-only directory is still writable here and tmpfs needs root")
        directory.chmod(0o755)
        yield (lambda: directory.chmod(0o555)), (lambda: directory.chmod(0o755))
    finally:
        directory.chmod(0o755)


def recv(connection: Any, kind: str) -> dict[str, Any]:
    for _ in range(30):
        message: dict[str, Any] = json.loads(connection.recv(timeout=30))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message")


@contextlib.contextmanager
def uvicorn_logged_too(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """uvicorn's own log (which does not reach the root logger) in ``caplog`` as well: what
    `boggle serve` prints is all there."""
    uvicorn_log = logging.getLogger("uvicorn")
    uvicorn_log.addHandler(caplog.handler)
    try:
        yield
    finally:
        uvicorn_log.removeHandler(caplog.handler)


def test_a_full_disk_loses_no_round_over_real_sockets(
    tmp_path: Path, quick_retries: None, caplog: pytest.LogCaptureFixture
) -> None:
    # the app as `boggle serve` serves it, in a thread of this process: its rooms play a
    # board of known words on a clock this test moves (a random board has at most one word
    # now and then; a round on the real clock may end before a loaded machine's words)
    caplog.set_level(logging.WARNING)  # what `boggle serve` prints
    lexicon = load_lexicon()
    board = same_boards(RoomSettings(), lexicon)
    words = [w.word for w in solve(board, lexicon).words[:2]]
    assert len(words) == 2, "the test's board has a word for each player"
    data = tmp_path / "disk"
    clock = RoomClock()
    with breakable_disk(data) as (break_disk, mend_disk):
        rooms = RoomsConfig(data_dir=data, clock=clock, roll=same_boards)
        app = create_app(WebConfig(preload=False, rooms=rooms))
        with served(app) as port, uvicorn_logged_too(caplog):
            ws_url = f"ws://127.0.0.1:{port}/ws/rooms"
            with sync_client.connect(ws_url) as ann, sync_client.connect(ws_url) as bob:
                settings = {"seconds": 60, "rounds": 1, "target": 0}
                ann.send(json.dumps({"type": "create", "name": "ann", "settings": settings}))
                code = recv(ann, "joined")["code"]
                bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
                recv(bob, "joined")
                break_disk()
                ann.send(json.dumps({"type": "start"}))
                assert Board.parse(recv(ann, "round_started")["board"]) == board
                for connection, word in ((ann, words[0]), (bob, words[-1])):
                    connection.send(json.dumps({"type": "word", "word": word}))
                    assert recv(connection, "feedback")["status"] == "accepted"
                clock.now += 61  # the round's time is up: the room's timer ends it
                results = [recv(ann, "results"), recv(bob, "results")]
            assert results[0] == results[1] and results[0]["saved"] is False
            health = request(port, "GET", "/api/health")[1]
            assert health["status"] == "degraded" and health["results"]["saving"] == "failing"
            assert health["results"]["held"] == 2 and health["results"]["error"]
            mend_disk()

            def saved() -> bool:
                return bool(request(port, "GET", "/api/health")[1]["status"] == "ok")

            # tried again every 0.2 s (quick_retries): the limit is a hung server's
            assert eventually(saved, 60), "the held round was not written once the disk mended"
            stored = request(port, "GET", f"/api/rooms/{code}/results")[1]
            assert stored["rounds"][0]["scores"] == results[0]["scores"]
            assert stored["matches"][0]["winners"] == results[0]["winners"]
    output = caplog.text
    assert output.count("results not saved") == 1, output  # once per cause
    assert "saved again" in output
    assert "never retrieved" not in output and "Traceback" not in output
