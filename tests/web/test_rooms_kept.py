"""`boggle serve --rooms-file FILE`: the open rooms outlive a restart. Stopped by SIGTERM,
the server writes its rooms to FILE and closes the players' connections with 1012 (service
restart); the next server reads FILE, and each player takes their seat back with their
secret, their score and the round under way kept."""

from __future__ import annotations

import functools
import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest
import room_messages
from room_boards import RoomClock, same_boards
from serve_process import ServeProcess
from served import served

from boggle import Board, load_lexicon, solve
from boggle.rooms import RoomsConfig, RoomSettings
from boggle.web.app import WebConfig, create_app

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

until = functools.partial(room_messages.until, limit=50)
"""A room of this module sends up to 50 messages before the one a player waits for."""


def close_code(connection: ClientConnection) -> int | None:
    """The code the server closed ``connection`` with, once it has."""
    try:
        while True:
            connection.recv(timeout=20)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


def stopped(server: ServeProcess) -> str:
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(timeout=30)
    deadline = time.monotonic() + 5  # the reader thread takes the last lines
    while time.monotonic() < deadline and not any("stopping" in x for x in server.output):
        time.sleep(0.05)
    return "".join(server.output)


def test_a_player_takes_their_seat_back_after_a_restart_with_their_score(
    tmp_path: Path,
) -> None:
    rooms_file = tmp_path / "rooms.json"
    server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file))
    try:
        with connect(server.ws_url, open_timeout=10) as ann, connect(server.ws_url) as bob:
            settings = {"seconds": 5, "target": 1000}
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": settings}))
            code = until(ann, "joined")["code"]
            bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
            token = until(bob, "joined")["token"]
            ann.send(json.dumps({"type": "start"}))
            board = Board.parse(until(bob, "round_started")["board"])
            found = solve(board, load_lexicon()).words
            if not found:
                pytest.skip("the board rolled has no word of the list")  # next to never
            bob.send(json.dumps({"type": "word", "word": found[0].word}))
            assert until(bob, "feedback")["status"] == "accepted"
            score = until(bob, "results")["totals"]["bob"]
            assert score == found[0].points > 0
            server.process.send_signal(signal.SIGTERM)
            assert close_code(bob) == 1012  # service restart: the page reconnects
        output = stopped(server)
        assert f"boggle: stopping: 1 open room kept in {rooms_file}, 2 players told" in output
        assert "Traceback" not in output, output
        assert rooms_file.is_file()
    finally:
        server.stop()

    server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file))
    try:
        assert not rooms_file.exists()  # read: a server killed later brings none back as it was
        with connect(server.ws_url, open_timeout=10) as bob:
            bob.send(json.dumps({"type": "rejoin", "code": code, "token": token}))
            joined = until(bob, "joined")
            assert (joined["code"], joined["name"]) == (code, "bob")
            room = until(bob, "room")
            totals = {p["name"]: p["total"] for p in room["players"]}
            assert totals == {"ann": 0, "bob": score}
            assert room["phase"] == "results" and room["results"]["totals"]["bob"] == score
            assert {p["name"]: p["connected"] for p in room["players"]} == {
                "ann": False,
                "bob": True,
            }
        output = stopped(server)
        assert "Traceback" not in output, output
        said = f"boggle: 1 open room back from {rooms_file}, for the players' pages to take"
        assert said in output, output
    finally:
        server.stop()


def test_a_damaged_rooms_file_is_said_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    rooms_file = tmp_path / "rooms.json"
    damaged = b'{"format":"boggle rooms","version":1,"saved":1,"rooms":[{"co'
    rooms_file.write_bytes(damaged)
    server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file))
    try:
        with connect(server.ws_url, open_timeout=10) as ann:
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": {}}))
            until(ann, "joined")
            server.process.send_signal(signal.SIGTERM)
            assert until(ann, "closed")["message"].startswith("the server is stopping")
        output = stopped(server)
    finally:
        server.stop()
    said = [line for line in output.splitlines() if "rooms.json" in line]
    assert len(said) == 1 and "is damaged" in said[0] and "without its rooms" in said[0], output
    assert "boggle: stopping: 1 open room closed, 1 player told" in output
    assert rooms_file.read_bytes() == damaged  # not written over at the stop either


def rooms_app(rooms_file: Path, clock: RoomClock) -> Any:
    rooms = RoomsConfig(
        data_dir=rooms_file.parent, clock=clock, roll=same_boards, rooms_file=rooms_file
    )
    return create_app(WebConfig(preload=False, rooms=rooms))


def test_a_round_under_way_goes_on_after_a_restart_with_its_words_and_time_left(
    tmp_path: Path,
) -> None:
    """On a clock the test moves: the round stopped with 40 s left has 40 s left on the next
    server, whatever the time the restart took, and the words sent before count."""
    rooms_file = tmp_path / "rooms.json"
    lexicon = load_lexicon()
    words = [w.word for w in solve(same_boards(RoomSettings(), lexicon), lexicon).words]
    clock = RoomClock()
    with served(rooms_app(rooms_file, clock)) as port:
        url = f"ws://127.0.0.1:{port}/ws/rooms"
        with connect(url) as ann:
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": {"seconds": 60}}))
            joined = until(ann, "joined")
            ann.send(json.dumps({"type": "start"}))
            until(ann, "round_started")
            ann.send(json.dumps({"type": "word", "word": words[0]}))
            assert until(ann, "feedback")["status"] == "accepted"
            clock.now += 20
    assert read_codes(rooms_file) == [joined["code"]]

    clock = RoomClock()
    clock.now = 5.0  # another process's clock
    with served(rooms_app(rooms_file, clock)) as port:
        url = f"ws://127.0.0.1:{port}/ws/rooms"
        with connect(url) as ann:
            ann.send(
                json.dumps({"type": "rejoin", "code": joined["code"], "token": joined["token"]})
            )
            until(ann, "joined")
            room = until(ann, "room")
            assert room["phase"] == "playing" and room["remaining"] == 40.0
            assert [w["word"] for w in room["your_words"]] == [words[0]]
            ann.send(json.dumps({"type": "word", "word": words[0]}))
            assert until(ann, "feedback")["status"] == "repeated"
            ann.send(json.dumps({"type": "word", "word": words[1]}))
            assert until(ann, "feedback")["status"] == "accepted"
            clock.now += 40  # the round's time is up: the room's timer ends it
            results = until(ann, "results")
            counted = [w["word"] for w in results["players"][0]["words"]]
            assert counted == words[:2]


def read_codes(path: Path) -> list[str]:
    return [room["code"] for room in json.loads(path.read_text())["rooms"]]


def test_rooms_that_cannot_come_back_are_left_out_and_the_others_come_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A room whose word list the new server does not offer is named in one line of the
    log; one idle past the limit, counting the time the server was down, is closed as it
    would have been; the others come back, and the file, read, is removed."""
    from fastapi.testclient import TestClient

    from boggle.rooms import Room
    from boggle.rooms.state import write_rooms
    from boggle.wordlists.sources import DEFAULT_WORDLIST

    lexicon = load_lexicon()
    settings = RoomSettings(dictionary=DEFAULT_WORDLIST)
    rooms = [Room(code, settings, lexicon, now=0.0) for code in ("ABCDEF", "GHJKLM")]
    rooms.append(Room("PQRSTU", settings, lexicon, now=-3600.0))  # idle an hour
    from boggle.rooms.state import read_rooms

    for room in rooms:
        room.join("ann", now=room.last_activity)
    rooms_file = tmp_path / "rooms.json"
    write_rooms(rooms_file, rooms, now=0.0)
    kept = json.loads(rooms_file.read_text())
    kept["rooms"][1]["settings"]["dictionary"] = "klingon"
    rooms_file.write_text(json.dumps(kept, separators=(",", ":")))
    app = rooms_app(rooms_file, RoomClock())
    with caplog.at_level("WARNING", logger="boggle"), TestClient(app):
        assert list(app.state.rooms.hub.rooms) == ["ABCDEF"]
    said = [r.getMessage() for r in caplog.records if "did not come back" in r.getMessage()]
    assert len(said) == 1 and "GHJKLM" in said[0] and "klingon" in said[0], said
    # never served (no connection): its rooms are written back for the next start
    assert [room["code"] for room in read_rooms(rooms_file).rooms] == ["ABCDEF"]


def kept_rooms_file(tmp_path: Path, idle: dict[str, float]) -> Path:
    """A rooms file of one room per code, each idle that many seconds."""
    from boggle.rooms import Room
    from boggle.rooms.state import write_rooms
    from boggle.wordlists.sources import DEFAULT_WORDLIST

    lexicon = load_lexicon()
    settings = RoomSettings(dictionary=DEFAULT_WORDLIST)
    rooms = [Room(code, settings, lexicon, now=-seconds) for code, seconds in idle.items()]
    for room in rooms:
        room.join("ann", now=room.last_activity)
    rooms_file = tmp_path / "rooms.json"
    write_rooms(rooms_file, rooms, now=0.0)
    return rooms_file


def test_a_server_that_cannot_bind_its_port_keeps_the_rooms_file_for_the_next_start(
    tmp_path: Path,
) -> None:
    """The rooms are read as the app starts, before the port is bound: when the bind fails
    the file is still there with its rooms, and it is removed only once a server serves."""
    import asyncio
    import socket

    import uvicorn

    from boggle.rooms.state import read_rooms
    from boggle.web.server import BoundedServer

    rooms_file = kept_rooms_file(tmp_path, {"ABCDEF": 10.0, "GHJKLM": 20.0})
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        app = rooms_app(rooms_file, RoomClock())
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, lifespan="on", log_level="critical"
        )
        with pytest.raises(SystemExit):
            asyncio.run(BoundedServer(config).serve())
    finally:
        taken.close()
    assert sorted(room["code"] for room in read_rooms(rooms_file).rooms) == ["ABCDEF", "GHJKLM"]

    server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file))
    try:
        assert not rooms_file.exists()  # served: removed
        output = stopped(server)
        assert "boggle: 2 open rooms back from" in output, output
    finally:
        server.stop()


def test_no_more_rooms_come_back_than_the_limit_the_most_recently_active_first(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from fastapi.testclient import TestClient

    from boggle.rooms.limits import RoomLimits

    rooms_file = kept_rooms_file(tmp_path, {"ABCDEF": 300.0, "GHJKLM": 10.0, "PQRSTU": 100.0})
    rooms = RoomsConfig(
        data_dir=tmp_path,
        clock=RoomClock(),
        roll=same_boards,
        rooms_file=rooms_file,
        limits=RoomLimits(max_rooms=2),
    )
    app = create_app(WebConfig(preload=False, rooms=rooms))
    with caplog.at_level("WARNING", logger="boggle"), TestClient(app):
        assert sorted(app.state.rooms.hub.rooms) == ["GHJKLM", "PQRSTU"]
    said = [r.getMessage() for r in caplog.records if "over the limit of 2" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("1 rooms of"), said


class HeldSocket:
    """A room connection for :class:`~boggle.web.rooms.RoomService` alone: what it is sent."""

    client = ("127.0.0.1", 5000)

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


@pytest.mark.parametrize("keeping", [True, False], ids=["rooms kept", "rooms closed"])
def test_a_room_created_as_the_server_stops_is_refused_saying_why(
    tmp_path: Path, keeping: bool
) -> None:
    """A create waiting for its word list when the server began to stop made its room after
    the others were written to the rooms file (or told and closed): a room neither kept nor
    closed, its host's page left to reconnect to a room the next server does not have. From
    the stop's start no room is created or joined, and the client is told why."""
    import asyncio

    from boggle import Lexicon
    from boggle.rooms.limits import RoomError
    from boggle.rooms.protocol import parse_message
    from boggle.rooms.state import read_rooms
    from boggle.web.rooms import RoomService

    rooms_file = tmp_path / "rooms.json"
    app = rooms_app(rooms_file, RoomClock())
    config = app.state.config.rooms if keeping else RoomsConfig(data_dir=tmp_path)
    service = RoomService(config, app.state.context.catalogue)
    list_read = asyncio.Event()

    async def slow_list(name: str) -> Lexicon:
        await list_read.wait()
        return Lexicon.from_words(["fame"])

    service.lexicon_of = slow_list  # type: ignore[method-assign]

    def create(name: str) -> Any:
        message = {"type": "create", "name": name, "settings": {}}
        return service.handle(
            HeldSocket(),  # type: ignore[arg-type]
            parse_message(json.dumps(message), service.limits),
            None,
        )

    async def stop_while_creating() -> tuple[Any, Any]:
        creating = asyncio.create_task(create("ann"))
        await asyncio.sleep(0.05)  # the create waits for its list
        stopped = await (service.keep_all() if keeping else service.close_all())
        list_read.set()
        late = await asyncio.gather(creating, create("bob"), return_exceptions=True)
        return stopped, late

    stopped, late = asyncio.run(stop_while_creating())
    assert stopped == (0, 0)
    for refused in late:
        assert isinstance(refused, RoomError) and refused.code == "stopping", refused
        assert "the server is stopping" in refused.message and "no room can be created" in (
            refused.message
        )
    assert service.hub.rooms == {}
    if keeping:
        assert read_rooms(rooms_file).rooms == ()


def test_a_round_that_came_back_is_judged_once_the_file_is_gone_and_stored_once(
    tmp_path: Path,
) -> None:
    """A round whose time ran out while the server started (between reading the rooms file
    and binding its port: its lists take seconds to read) was judged and stored then, the
    file still on disk; a server killed outright at that moment (SIGKILL) left it for the
    next, which judged and stored the round again. The rounds that come back are ended only
    once the file is removed (the server serves), so a killed server has judged none."""
    import asyncio

    from boggle.rooms import Room
    from boggle.rooms.state import write_rooms
    from boggle.web.rooms import RoomService
    from boggle.wordlists.sources import DEFAULT_WORDLIST

    lexicon = load_lexicon()
    settings = RoomSettings(dictionary=DEFAULT_WORDLIST, seconds=60)
    board = same_boards(settings, lexicon)
    words = [w.word for w in solve(board, lexicon).words]
    room = Room("ABCDEF", settings, lexicon, now=0.0)
    ann = room.join("ann", now=0.0)
    room.start(ann.token, now=0.0, board=board)
    room.submit(ann.token, words[0], now=1.0)
    rooms_file = tmp_path / "rooms.json"
    write_rooms(rooms_file, [room], now=59.5)  # half a second left
    clock = RoomClock()
    app = rooms_app(rooms_file, clock)

    async def start(serve: bool) -> list[dict[str, Any]]:
        service = RoomService(app.state.config.rooms, app.state.context.catalogue)

        async def warm(name: str) -> Any:
            return lexicon

        service.lexicon_of = warm  # type: ignore[method-assign]
        await service.restore()
        assert service.restored == 1
        if serve:
            service.serving()
        clock.now += 5  # the round's time is up
        for _ in range(100 if serve else 20):  # judged in a moment once due
            await asyncio.sleep(0.05)
            stored = service.store.results("ABCDEF")["rounds"]
            if stored:
                break
        for task in list(service.tasks):  # killed: nothing of the stop runs
            task.cancel()
        await asyncio.gather(*service.tasks, return_exceptions=True)
        service.store.close()
        return stored

    assert asyncio.run(start(serve=False)) == []  # killed before it served: nothing judged
    assert rooms_file.exists()
    stored = asyncio.run(start(serve=True))
    assert not rooms_file.exists()
    assert len(stored) == 1 and [w["word"] for w in stored[0]["players"][0]["words"]] == [words[0]]
