"""`boggle serve` as its operator runs it: stopped with rooms open (Ctrl-C, or SIGTERM from
systemd or a container), and its log of requests.

Each test runs `boggle serve` as a process (tests/serve_process.py), as an operator does.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
from pathlib import Path

import pytest
from serve_process import ServeProcess, free_port, get_json, wait_answering

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
from websockets.sync.client import connect
from websockets.typing import Origin


def output_once_stopped(server: ServeProcess, stop: signal.Signals | None) -> str:
    """The server's output once ``stop`` (if not sent already) has stopped it."""
    if stop is not None:
        server.process.send_signal(stop)
    server.process.wait(timeout=20)
    deadline = time.monotonic() + 5  # the reader thread takes the last lines
    while time.monotonic() < deadline and not any("stopping" in x for x in server.output):
        time.sleep(0.05)
    return "".join(server.output)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_stopping_the_server_tells_the_players_of_open_rooms_and_says_how_many(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """Stopped with a round being played, the server closed the players' connections with
    uvicorn's 1012 ("service restart") and said nothing: the pages tried to take their seats
    again, and on the next server read that the room had closed for want of players or
    messages. The players are told the server is stopping, their room closed, and the
    operator reads one line of how many rooms were closed. SIGHUP (the terminal or ssh
    session closed) killed the server on the spot: it stops as SIGTERM does."""
    server = ServeProcess(tmp_path / "data")
    try:
        with connect(server.ws_url, open_timeout=10) as socket:
            socket.send(json.dumps({"type": "create", "name": "ann", "settings": {}}))
            joined = json.loads(socket.recv(timeout=10))
            assert joined["type"] == "joined"
            socket.send(json.dumps({"type": "start"}))
            while json.loads(socket.recv(timeout=10))["type"] != "round_started":
                pass
            server.process.send_signal(stop)
            while (message := json.loads(socket.recv(timeout=10)))["type"] != "closed":
                pass
        assert message["code"] == joined["code"]
        assert "the server is stopping" in message["message"]
        output = output_once_stopped(server, None)  # a second Ctrl-C would force the exit
        assert "boggle: stopping: 1 open room closed, 1 player told" in output, output
        assert "Traceback" not in output, output
    finally:
        server.stop()


def test_a_server_stopped_at_once_says_it_stops_and_nothing_else(tmp_path: Path) -> None:
    """Stopped within seconds of its start (a typo in a unit file, a restart loop), the
    server's worker process, still loading its word list, found the server gone and ended
    with a BrokenPipeError traceback on the operator's terminal."""
    server = ServeProcess(tmp_path / "data")
    try:
        output = output_once_stopped(server, signal.SIGTERM)
        assert "Traceback" not in output, output
        assert output.splitlines()[-1] == "boggle: stopping", output
    finally:
        server.stop()


def test_the_access_log_has_one_line_a_request_with_its_time_client_and_status(
    tmp_path: Path,
) -> None:
    """The server logged no request at all: an operator could not see who used it or what
    failed. `--access-log` writes one line a request; without it, none."""
    logged = ServeProcess(tmp_path / "logged", "--access-log")
    quiet = ServeProcess(tmp_path / "quiet")
    try:
        for server in (logged, quiet):
            get_json(server.url + "/api/health")
            with pytest.raises(urllib.error.HTTPError):
                get_json(server.url + "/api/nowhere")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any("nowhere" in x for x in logged.output):
            time.sleep(0.05)
    finally:
        logged.stop()
        quiet.stop()
    line = r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 127\.0\.0\.1:\d+ "GET /api/%s HTTP/1\.1" %s'
    output = "".join(logged.output)
    assert re.search(line % ("health", "200 OK"), output), output
    assert re.search(line % ("nowhere", "404 Not Found"), output), output
    assert not any("/api/" in x for x in quiet.output), quiet.output


def test_the_access_log_has_the_room_websockets_accepted_refused_and_closed(
    tmp_path: Path,
) -> None:
    """`--access-log` left out the room WebSockets (`/ws/rooms`), accepted or refused: an
    operator saw no player come or go. Each has a line as a request's, its upgrade's answer
    (101, or the refusal's status), and an accepted one a second once closed, with its code."""
    server = ServeProcess(tmp_path / "data", "--access-log")
    try:
        with connect(server.ws_url, open_timeout=10) as socket:
            socket.send(json.dumps({"type": "create", "name": "ann", "settings": {}}))
            assert json.loads(socket.recv(timeout=10))["type"] == "joined"
        with pytest.raises(Exception, match="403"):  # a page of another site
            connect(server.ws_url, open_timeout=10, origin=Origin("http://elsewhere.example"))
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and sum("/ws/rooms" in x for x in server.output) < 3:
            time.sleep(0.05)
    finally:
        server.stop()
    line = r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 127\.0\.0\.1:\d+ "GET /ws/rooms HTTP/1\.1" %s\n'
    output = "".join(server.output)
    assert re.search(line % "101 Switching Protocols", output), output
    assert re.search(line % "closed 1000 OK", output), output
    assert re.search(line % "403 Forbidden", output), output


def test_the_rooms_and_the_players_a_room_takes_are_the_operator_s_to_set(
    tmp_path: Path,
) -> None:
    """A server on a small machine could not hold its rooms and players below the defaults
    (500 rooms, 40 players a room): `--max-rooms` and `--max-players` set them."""
    server = ServeProcess(tmp_path / "data", "--max-rooms", "1", "--max-players", "1")
    try:
        with (
            connect(server.ws_url, open_timeout=10) as ann,
            connect(server.ws_url, open_timeout=10) as bob,
        ):
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": {}}))
            code = json.loads(ann.recv(timeout=10))["code"]
            bob.send(json.dumps({"type": "create", "name": "bob", "settings": {}}))
            refused = json.loads(bob.recv(timeout=10))
            assert refused["type"] == "error" and refused["code"] == "too_many_rooms", refused
            bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
            refused = json.loads(bob.recv(timeout=10))
            assert refused["code"] == "room_full" and "1 player at most" in refused["message"]
    finally:
        server.stop()


def test_the_documented_systemd_unit_runs_options_boggle_serve_takes() -> None:
    """docs/web.md's systemd unit: its `ExecStart` is a `boggle serve` the parser takes
    (an option renamed or mistyped there would stop the service at its first start)."""
    from boggle.cli.main import build_parser

    doc = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    unit = re.search(r"```ini\n(.*?)```", doc, flags=re.S)
    assert unit, "docs/web.md has no systemd unit"
    start = re.search(r"^ExecStart=(\S+) (.*)$", unit.group(1), flags=re.M)
    assert start and start.group(1).endswith("/bin/boggle"), unit.group(1)
    args = build_parser("serve").parse_args(start.group(2).split())
    assert args.access_log and args.allowed_host == ["boggle.example.org"] and args.data


def test_the_documented_unit_waits_for_the_network_it_asks_for() -> None:
    """`After=network-online.target` alone orders the unit after a target nothing may pull
    in (systemd starts it only when a unit wants it): the server could start before the
    network is up. The unit wants the target it waits for."""
    import configparser

    doc = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    unit = re.search(r"```ini\n(.*?)```", doc, flags=re.S)
    assert unit, "docs/web.md has no systemd unit"
    parsed = configparser.ConfigParser(strict=False, interpolation=None)
    parsed.read_string(unit.group(1))
    after = parsed["Unit"].get("After", "").split()
    wanted = parsed["Unit"].get("Wants", "").split() + parsed["Unit"].get("Requires", "").split()
    assert "network-online.target" in after
    assert [name for name in after if name.endswith("-online.target") and name not in wanted] == []


def test_the_documented_unit_s_server_answers_the_restart_recipe_s_health_check() -> None:
    """docs/server.md restarts once `curl http://127.0.0.1:8000/api/health` says no round is
    played, but the documented unit's `--allowed-host boggle.example.org` replaced the
    loopback names: the check got 400 and the wait never ended (nor did any monitor on the
    machine see the server up). The names given are added to the loopback names."""
    from fastapi.testclient import TestClient

    from boggle.cli.commands.serve import allowed_hosts
    from boggle.cli.main import build_parser
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig

    docs = Path(__file__).resolve().parents[2] / "docs"
    unit = re.search(r"```ini\n(.*?)```", (docs / "web.md").read_text(encoding="utf-8"), re.S)
    start = re.search(r"^ExecStart=\S+ (.*)$", unit.group(1) if unit else "", flags=re.M)
    assert start, "docs/web.md has no systemd unit"
    args = build_parser("serve").parse_args(start.group(1).split())
    recipe = re.search(r"until curl -fsS (http://\S+)", (docs / "server.md").read_text("utf-8"))
    assert recipe, "docs/server.md has no restart recipe"
    hosts = allowed_hosts(args.host, args.allowed_host)
    with TestClient(create_app(WebConfig(preload=False, allowed_hosts=hosts))) as client:
        answer = client.get(recipe.group(1))
        assert answer.status_code == 200 and '"playing":0' in answer.text, answer.text
        assert client.get("https://boggle.example.org/api/health").status_code == 200
        assert client.get("http://rebinding.example/api/health").status_code == 400


def test_ctrl_c_at_once_stops_the_server_and_its_worker_without_a_traceback(
    tmp_path: Path,
) -> None:
    """Ctrl-C reaches every process of the terminal's foreground group: typed as soon as the
    server answered, it reached the round worker while its interpreter was still importing,
    and the terminal filled with that process's KeyboardInterrupt traceback."""
    command = [sys.executable, "-m", "boggle", "serve", "--port", str(free_port())]
    command += ["--data", str(tmp_path / "data")]
    running = subprocess.Popen(
        command,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own
    )
    try:
        port = command[command.index("--port") + 1]
        wait_answering(port, running)
        os.killpg(running.pid, signal.SIGINT)  # as the terminal sends Ctrl-C
        _, said = running.communicate(timeout=30)
    finally:
        if running.poll() is None:
            running.kill()
            running.wait()
    assert running.returncode == 0 and "Traceback" not in said, said
    assert said.splitlines()[-1] == "boggle: stopping", said


def test_a_websocket_refused_before_the_app_is_logged_with_the_forwarded_address(
    tmp_path: Path,
) -> None:
    """An upgrade the websockets library refused (400: no Sec-WebSocket-Key) before the app,
    and uvicorn's proxy middleware, ran was logged with the proxy's address, not the one it
    passes on in X-Forwarded-For, as every other request is: it is the one passed on."""
    import socket

    server = ServeProcess(tmp_path / "data", "--access-log")  # believes a proxy on 127.0.0.1
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(
                b"GET /ws/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 198.51.100.9\r\n"
                b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n"
            )
            assert raw.recv(100).startswith(b"HTTP/1.1 400 ")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any("/ws/rooms" in x for x in server.output):
            time.sleep(0.05)
    finally:
        server.stop()
    output = "".join(server.output)
    assert re.search(r' 198\.51\.100\.9:0 "GET /ws/rooms HTTP/1\.1" 400 Bad Request\n', output), (
        output
    )


def test_a_request_the_server_cannot_read_is_an_access_line_not_a_warning(
    tmp_path: Path,
) -> None:
    """Each request uvicorn could not read (a scanner's junk, a TLS hello on the plain port)
    was a line "WARNING Invalid HTTP request received." in the server's own log, without who
    sent it or why, and none in the access log; `curl --http2` (an `Upgrade: h2c`) was one
    "WARNING Unsupported upgrade request." each. They are client errors: one access line
    each, with the connection's address and the status, and nothing in the server's log."""
    import socket

    server = ServeProcess(tmp_path / "data", "--access-log")
    try:
        for raw in (
            b"GARBAGE\r\n\r\n",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS client hello
            b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 20_000,  # no end
            b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings"
            b"\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n",
        ):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(raw)
                assert sock.recv(100).startswith(b"HTTP/1.1 ")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and "".join(server.output).count('" 4') < 3:
            time.sleep(0.05)
        time.sleep(0.2)  # a warning would come with the answer's line
    finally:
        server.stop()
    output = "".join(server.output)
    line = r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 127\.0\.0\.1:\d+ "-" %s\n'
    assert len(re.findall(line % "400 Bad Request", output)) == 2, output
    assert re.search(line % "431 Request Header Fields Too Large", output), output
    assert re.search(r' "GET /api/health HTTP/1\.1" 200 OK\n', output), output
    assert "WARNING" not in output and "Invalid HTTP" not in output, output
