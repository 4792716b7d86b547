"""`boggle serve` as its operator runs it: stopped in the seconds after its start, the
lists it warms, its rooms file, its proxy.

The stop test runs `boggle serve` as a process, as an operator does, with its rooms'
warm-up made slow (a list that takes a minute to make ready on a loaded machine).
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from serve_process import free_port, wait_answering

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

SLOW_WARM_UP = """
import sys, time
import boggle.web.rooms as rooms

def slow(self, name):
    print("warming", name, file=sys.stderr, flush=True)
    time.sleep(600)  # a list far longer to make ready than any stop may take

rooms.RoomService._warm = slow
sys.argv = ["boggle", *sys.argv[1:]]
from boggle.__main__ import run
run()
"""


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_server_stopped_while_its_list_warms_up_stops_at_once(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """The rooms' copy of the default list is made ready on a thread just after the port is
    bound. It was the event loop's executor's thread, which the stopping server (Ctrl-C)
    and then the interpreter joined: a server stopped in the seconds after its start
    waited for the list to be ready (seconds for a big list, a minute on a loaded machine)
    before it ended. The warm-up runs on a daemon thread, left to the process's exit."""
    port = free_port()
    command = [sys.executable, "-c", SLOW_WARM_UP, "serve", "--port", str(port)]
    command += ["--data", str(tmp_path / "data"), "--round-processes", "0"]
    running = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    said: list[str] = []
    rest = ""
    try:
        assert running.stderr is not None
        wait_answering(port, running)
        while not (said and said[-1].startswith("warming en-70")):  # the warm-up runs
            said.append(running.stderr.readline())
            assert said[-1], said
        running.send_signal(stop)
        stopped = time.monotonic()
        _, rest = running.communicate(timeout=30)
        took = time.monotonic() - stopped
    finally:
        if running.poll() is None:
            running.kill()
            running.wait()
    output = "".join(said) + rest
    assert took < 5, f"stopping took {took:.1f} s: {output}"
    assert "Traceback" not in output, output
    assert running.returncode in (0, -stop), output


@pytest.mark.parametrize(
    ("warm", "fragment"),
    [
        (["fr-nowhere"], "--warm: no word list 'fr-nowhere' is offered; choose from en-50,"),
        (["en-80,,es"], "--warm: an empty name in 'en-80,,es'"),
    ],
)
def test_a_list_to_warm_that_is_not_offered_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, warm: list[str], fragment: str
) -> None:
    from boggle.cli.main import main

    argv = ["serve", "--data", str(tmp_path), "--port", "1"]
    status = main([*argv, *(f"--warm={entry}" for entry in warm)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"boggle: error: {fragment}"), err


def test_a_list_named_with_a_comma_can_be_warmed() -> None:
    """``--dict-file 'a,b=PATH'`` offers a list named ``a,b`` (the refusal even listed it among
    the names to choose from), but ``--warm a,b`` was read as two names, ``a`` and ``b``, and
    refused: an option's whole text that names an offered list is that list."""
    from boggle.cli.commands.serve import lists_to_warm

    offered = ["en-70", "a,b", "es"]
    assert lists_to_warm(["a,b", "es"], offered) == ("a,b", "es")
    assert lists_to_warm([" a,b "], offered) == ("a,b",)
    assert lists_to_warm(["es,en-70"], offered) == ("es", "en-70")


def test_the_lists_the_operator_names_are_warmed_after_the_default_one_at_a_time(
    tmp_path: Path,
) -> None:
    """Only the default list was made ready as the server started: a class playing in
    Spanish waited seconds for its first room's words to be checked. `--warm` names more
    (`WebConfig.warm_lists`), each made ready in turn after the default list, one thread at
    a time (never two lists built at once), the start not waiting for them."""
    import threading

    from fastapi.testclient import TestClient

    from boggle.rooms import RoomsConfig
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig
    from boggle.web.rooms import RoomService

    order: list[str] = []
    running: list[str] = []
    most = 0
    lock = threading.Lock()
    real = RoomService._warm

    def counted(self: RoomService, name: str) -> object:
        nonlocal most
        with lock:
            order.append(name)
            running.append(name)
            most = max(most, len(running))
        try:
            return real(self, name)
        finally:
            with lock:
                running.remove(name)

    config = WebConfig(warm_lists=("en-50", "en-70", "en-50"), rooms=RoomsConfig(data_dir=tmp_path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoomService, "_warm", counted)
        with TestClient(create_app(config)) as client:
            rooms = client.app.state.rooms  # type: ignore[attr-defined]
            deadline = time.monotonic() + 120
            while set(rooms.warm) != {"en-70", "en-50"}:
                assert time.monotonic() < deadline, order
                time.sleep(0.05)
    assert order == ["en-70", "en-50"]
    assert most == 1


def test_a_list_to_warm_that_no_list_has_is_refused_by_the_app() -> None:
    from boggle.model.errors import LexiconError
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig

    with pytest.raises(LexiconError, match="unknown word list 'xx'"):
        create_app(WebConfig(warm_lists=("xx",)))


def test_a_list_to_warm_given_as_one_text_is_refused_in_one_line() -> None:
    """``WebConfig(warm_lists="es")`` read each letter as a list name: "unknown word list
    'e'", a list the operator never named."""
    from boggle.model.errors import LexiconError
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig

    with pytest.raises(LexiconError) as refused:
        create_app(WebConfig(warm_lists="es"))  # type: ignore[arg-type]
    assert (
        str(refused.value) == "warm_lists is a tuple of list names like ('es',), not one text 'es'"
    )


def test_a_rooms_file_another_user_keeps_in_a_sticky_directory_is_refused_at_the_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rooms file in a directory the server may write to was taken, but in a sticky one
    (`/tmp`) a file of another user can be neither removed nor replaced: the server read its
    rooms, could not remove the file once serving (one line in the log), and a server killed
    later left the next to bring those rooms back and play their rounds again. It is refused
    at the start in one line, exit status 2."""
    import os
    import stat

    from boggle.cli.main import main
    from boggle.rooms.state import check_rooms_file, write_rooms

    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777 | stat.S_ISVTX)
    rooms_file = folder / "rooms.json"
    write_rooms(rooms_file, [], now=0.0)
    check_rooms_file(rooms_file)  # the file's owner may
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(rooms_file).st_uid + 4321, raising=False)
    with socket.socket() as holder:  # taken: a file let through stops at the port, not serving
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        argv = ["serve", "--data", str(tmp_path / "data"), "--rooms-file", str(rooms_file)]
        status = main([*argv, "--port", str(holder.getsockname()[1])])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(
        f"boggle: error: --rooms-file: the rooms file {rooms_file} cannot be removed or "
        f"replaced by this user: its directory {folder} is sticky"
    ), err
    assert rooms_file.read_bytes().startswith(b'{"format":"boggle rooms"')  # left as it was
    damaged = folder / "damaged.json"
    damaged.write_bytes(b'{"format":"boggle rooms","version":1,')
    check_rooms_file(damaged)  # never removed nor written over: left as it is, as before
    folder.chmod(0o755)
    check_rooms_file(rooms_file)  # not sticky: the directory's writer may


def serve_a_kept_rooms_file(tmp_path: Path) -> Path:
    """A rooms file read by a server that then serves (:meth:`RoomService.serving`)."""
    import asyncio

    from boggle.rooms import RoomsConfig
    from boggle.rooms.state import write_rooms
    from boggle.web.rooms import RoomService
    from boggle.wordlists.catalogue import Catalogue

    tmp_path.mkdir()
    rooms_file = tmp_path / "rooms.json"
    write_rooms(rooms_file, [], now=0.0)
    service = RoomService(RoomsConfig(data_dir=tmp_path, rooms_file=rooms_file), Catalogue())

    async def start() -> None:
        await service.restore()
        service.serving()

    asyncio.run(start())
    return rooms_file


def test_a_rooms_file_that_cannot_be_removed_once_serving_is_emptied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A rooms file that could not be removed once the server served (its directory's
    permissions changed since the start, the file made immutable) stayed as it was, one line
    in the log: a server killed later left the next to bring back the rooms as they were at
    this start. It is emptied, which the next start reads as no rooms; one that can be
    neither removed nor emptied is an error saying what it means and what to do."""
    import builtins
    import os

    real_unlink, real_open = os.unlink, builtins.open

    def refused(path: object, *args: object, **kwargs: object) -> None:
        if str(path).endswith("rooms.json"):
            raise PermissionError(1, "Operation not permitted", str(path))
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", refused)
    with caplog.at_level("WARNING", logger="boggle.rooms"):
        rooms_file = serve_a_kept_rooms_file(tmp_path / "one")
    assert rooms_file.read_bytes() == b""  # no rooms for the next start
    assert "cannot be removed (Operation not permitted): it is emptied" in caplog.text

    def no_write(path: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if str(path).endswith("rooms.json") and mode != "rb":
            raise PermissionError(1, "Operation not permitted", str(path))
        return real_open(path, mode, *args, **kwargs)  # type: ignore[call-overload]

    caplog.clear()
    monkeypatch.setattr(builtins, "open", no_write)
    with caplog.at_level("WARNING", logger="boggle.rooms"):
        rooms_file = serve_a_kept_rooms_file(tmp_path / "two")
    assert rooms_file.read_bytes().startswith(b'{"format":"boggle rooms"')
    assert "can be neither removed nor emptied (Operation not permitted): remove it by hand" in (
        caplog.text
    )


def upgrade(port: int, *headers: str) -> tuple[int, str]:
    """A room WebSocket upgrade on 127.0.0.1:``port``, as a proxy on this machine passes it
    on with ``headers``: the status and the body of the answer."""
    import json

    head = [
        "GET /ws/rooms HTTP/1.1",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        *headers,
    ]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer or (
            answer.startswith(b"HTTP/1.1 4") and b"}" not in answer
        ):
            chunk = raw.recv(4096)
            if not chunk:
                break
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    body = answer.partition(b"\r\n\r\n")[2]
    return status, json.loads(body)["error"] if status != 101 else ""


def test_a_page_behind_a_tls_proxy_that_says_nothing_is_told_the_option_it_needs(
    tmp_path: Path,
) -> None:
    """A TLS proxy on this machine (port 443) that passes `Host: localhost` on, no port, and
    no X-Forwarded-Proto: the page of https://localhost was refused its room socket as
    another program's page on 443, "only from the server's own port (80 or 8000)", which
    left the operator to guess. The refusal says, in its one line, what the proxy must send
    and the option that names it; a proxy that sends it is believed (one on this machine by
    default), and one the server was told not to believe is told so."""
    from serve_process import ServeProcess

    page = ("Host: localhost", "Origin: https://localhost")
    server = ServeProcess(tmp_path / "data")
    try:
        status, error = upgrade(server.port, *page)
        assert status == 403, error
        assert "only from the server's own port" in error and "\n" not in error, error
        assert "have the proxy send X-Forwarded-Proto" in error, error
        assert "--forwarded-allow-ips" in error, error
        assert upgrade(server.port, *page, "X-Forwarded-Proto: https")[0] == 101
        status, error = upgrade(server.port, "Host: localhost", "Origin: http://localhost:3000")
        assert status == 403 and "forwarded" not in error.lower(), error  # another program
    finally:
        server.stop()
    server = ServeProcess(tmp_path / "data", "--forwarded-allow-ips", "none")
    try:
        status, error = upgrade(server.port, *page, "X-Forwarded-Proto: https")
        assert status == 403, error
        assert error.endswith(
            "the X-Forwarded-Proto sent with it is believed only from a proxy whose address "
            "--forwarded-allow-ips names (this connection came from 127.0.0.1)"
        ), error
    finally:
        server.stop()
