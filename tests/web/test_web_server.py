"""`boggle serve`'s server against hostile clients, over real sockets and bounded in time:
request heads that trickle in are cut off, connections past the cap are closed at once,
and a failed accept() is logged once, not once a retry.

The suite runs on two loaded cores, so nothing here times the server: a wait for what must
happen is a generous guard against a hang (``HANG_SECONDS``), the head deadlines of the
trickle tests are longer than any stall and pass when the test moves the server's clock on
(:class:`~served.LoopClock`), and "at once" is shown by order, with the deadline that would
otherwise close the connection longer than the wait."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import http.client
import json
import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from served import LoopClock, request, served, serving, wait_until_connections

from boggle.web.app import WebConfig, create_app
from boggle.web.server import AcceptErrorLog, ServerLimits, log_config

HANG_SECONDS = 30.0
"""How long a wait for the server may take before the test calls it a hang."""

HEAD_SECONDS = 10 * HANG_SECONDS
"""The head deadline of the trickle tests: their bytes (0.9 s of them) come before it
however long a loaded machine stalls the test (on the real clock, 3 s: a stall of the test
between two bytes was cut off as a trickle, or before its first byte as an idle socket,
and its next byte met a closed socket); the test then moves the server's clock past it."""


def closed_by_server(
    sock: socket.socket, within: float, moving: LoopClock | None = None
) -> bytes | None:
    """What the server sent before closing ``sock`` within ``within`` seconds, or ``None``
    when the connection is still open then; with ``moving``, the server's clock is moved on
    ``HEAD_SECONDS`` every look meanwhile (a deadline armed at any time passes)."""
    sock.settimeout(0.05)
    deadline = time.monotonic() + within
    received = b""
    while time.monotonic() < deadline:
        if moving is not None:
            moving.move_on(HEAD_SECONDS)
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk
    return None


def test_a_slowloris_is_cut_off_and_others_are_answered() -> None:
    clock = LoopClock()
    limits = ServerLimits(head_seconds=HEAD_SECONDS)
    with served(create_app(WebConfig(preload=False)), limits, clock) as port:
        trickling = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
        try:
            head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            for position in range(3):  # one header byte every 0.3 s from every socket
                for sock in trickling:
                    sock.sendall(head[position : position + 1])
                time.sleep(0.3)
            assert request(port, "GET", "/api/health")[0] == 200
            assert closed_by_server(trickling[-1], within=0.1) is None  # before the deadline
            for sock in trickling:
                answer = closed_by_server(sock, within=HANG_SECONDS, moving=clock)
                assert answer is not None, "a trickling connection was left open"
                assert answer.startswith(b"HTTP/1.1 408")
                assert f"longer than {HEAD_SECONDS:g} s".encode() in answer
        finally:
            for sock in trickling:
                sock.close()


def test_idle_connections_close_and_a_keep_alive_one_is_bounded_too() -> None:
    clock = LoopClock()
    # the head deadline, not the keep-alive's, ends the kept connection's next request
    limits = ServerLimits(head_seconds=HEAD_SECONDS, keep_alive_seconds=int(2 * HEAD_SECONDS))
    with served(create_app(WebConfig(preload=False)), limits, clock) as port:
        with socket.create_connection(("127.0.0.1", port)) as idle:
            answer = closed_by_server(idle, within=HANG_SECONDS, moving=clock)
            assert answer == b""  # nothing sent: no 408
        with socket.create_connection(("127.0.0.1", port)) as kept:
            kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            kept.settimeout(HANG_SECONDS)
            assert kept.recv(4096).startswith(b"HTTP/1.1 200")
            for byte in b"GET":  # the next request trickles: cut off by the head deadline
                kept.send(bytes([byte]))
                time.sleep(0.3)
            answer = closed_by_server(kept, within=HANG_SECONDS, moving=clock)
            assert answer is not None and b"HTTP/1.1 408" in answer, answer  # after the 200's


def test_past_the_cap_a_new_client_takes_the_place_of_a_waiting_one() -> None:
    # held heads would be cut off after 2 * HANG_SECONDS: a request answered within
    # HANG_SECONDS was let in at once, in the place of the longest waiting one
    limits = ServerLimits(head_seconds=2 * HANG_SECONDS, max_connections=10)
    with serving(create_app(WebConfig(preload=False)), limits) as (port, server):
        held = []
        try:
            for _ in range(10):  # slow clients: a byte of a request head each, in turn
                held.append(socket.create_connection(("127.0.0.1", port)))
                held[-1].sendall(b"G")
                wait_until_connections(server, len(held))
            assert request(port, "GET", "/api/health", timeout=HANG_SECONDS)[0] == 200
            assert closed_by_server(held[0], within=HANG_SECONDS) is not None  # longest waiting
            assert all(closed_by_server(sock, within=0.1) is None for sock in held[2:])
        finally:
            for sock in held:
                sock.close()


def test_past_the_cap_with_every_connection_busy_a_new_one_is_closed() -> None:
    import threading

    from boggle.web import routes

    release = threading.Event()
    entered = threading.Semaphore(0)
    real_solve = routes.solve

    def stuck_solve(*args: Any, **kwargs: Any) -> Any:
        entered.release()
        release.wait(2 * HANG_SECONDS)
        return real_solve(*args, **kwargs)

    # a connection kept waiting would be cut off after 2 * HANG_SECONDS (its head deadline):
    # one closed within HANG_SECONDS was closed at once, for the cap
    limits = ServerLimits(max_connections=2, head_seconds=2 * HANG_SECONDS)
    app = create_app(WebConfig(preload=False))
    with pytest.MonkeyPatch.context() as patch, served(app, limits) as port:
        patch.setattr(routes, "solve", stuck_solve)
        busy = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        try:
            body = b'{"board": "fxie amlo ewbx astu"}'
            for sock in busy:
                sock.sendall(
                    b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Content-Type: application/json\r\n"
                    + f"Content-Length: {len(body)}\r\n\r\n".encode()
                    + body
                )
            for _ in busy:  # both requests are being answered, not waiting to be read
                assert entered.acquire(timeout=HANG_SECONDS), "a solve never started"
            with socket.create_connection(("127.0.0.1", port)) as extra:
                assert closed_by_server(extra, within=HANG_SECONDS) is not None
            assert all(closed_by_server(sock, within=0.1) is None for sock in busy)
        finally:
            release.set()
            for sock in busy:
                sock.close()


def test_accept_errors_are_logged_once_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    handler = AcceptErrorLog(interval=60)
    loop = asyncio.new_event_loop()
    try:
        failure = OSError(errno.EMFILE, "Too many open files")
        with caplog.at_level(logging.ERROR, logger="uvicorn.error"):
            for _ in range(1000):
                handler(
                    loop,
                    {"message": "socket.accept() out of system resource", "exception": failure},
                )
        lines = [r.getMessage() for r in caplog.records]
        assert lines == ["cannot accept connections: Too many open files"]
        assert handler.repeats == 999
        handler._last_said -= 61  # a minute later: said again, with the count
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="uvicorn.error"):
            handler(
                loop, {"message": "socket.accept() out of system resource", "exception": failure}
            )
        assert "999 more" in caplog.records[0].getMessage()
    finally:
        loop.close()


@pytest.mark.parametrize(
    ("head", "status", "reason"),
    [
        (b"GARBAGE\r\n\r\n", 400, "illegal request line"),
        (b"GET /api/rooms/\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "request line"),
        (
            b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
            b"Content-Length: 6\r\n\r\n",
            400,
            "conflicting Content-Length headers",
        ),
        (b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX\x00: b\r\n\r\n", 400, "header line"),
        (b"POST /api/solve HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 400, "chunked"),
        (b"GET /api/health HTTP/1.1\r\nX: " + b"a" * 20_000, 431, "over the limit of 16,384"),
        # whole, in one write (h11 held its limit only for a head still incomplete)
        (
            b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 20_000 + b"\r\n\r\n",
            431,
            "over the limit of 16,384",
        ),
    ],
    ids=[
        "request-line",
        "not-ascii",
        "two-lengths",
        "nul",
        "gzip",
        "head-too-large",
        "whole-head-too-large",
    ],
)
def test_a_request_that_is_not_http_gets_the_apis_json_error_saying_why(
    head: bytes, status: int, reason: str
) -> None:
    """Was uvicorn's "Invalid HTTP request received." in plain text, whatever the reason."""
    with served(create_app(WebConfig(preload=False))) as port:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(head)
            answer = closed_by_server(sock, within=HANG_SECONDS)
        assert answer is not None, "the connection was left open"
        status_line, _, body = answer.partition(b"\r\n\r\n")
        assert status_line.startswith(f"HTTP/1.1 {status} ".encode())
        assert b"content-type: application/json" in status_line.lower()
        error = json.loads(body)
        assert error["status"] == status
        assert error["error"].startswith("the request cannot be read as HTTP/1.1: ")
        assert reason in error["error"] and error["error"].isprintable()
        assert request(port, "GET", "/api/health")[0] == 200  # and the server answers others


def test_a_head_just_within_the_limit_is_answered() -> None:
    """The limit of 16,384 bytes is the head's: request line, header lines and the blank
    line, counted as sent."""
    start = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX: "
    with served(create_app(WebConfig(preload=False))) as port:
        for size, status in ((16_384, b"200"), (16_385, b"431")):
            filler = b"a" * (size - len(start) - 4)
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(start + filler + b"\r\n\r\n")
                answer = sock.recv(100)
            assert answer.startswith(b"HTTP/1.1 " + status), (size, answer)


def test_the_server_s_own_warnings_and_errors_are_timestamped_lines_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The `boggle` loggers' errors (a room's results not stored) had no handler: they went
    through Python's last-resort handler, a bare line without a time, unlike the access
    log's, and uvicorn's own had none either. `boggle serve`'s logging writes both as one
    kind of line on standard error: the time, the level, the message."""
    import logging.config
    import re

    names = ("boggle", "uvicorn", "uvicorn.error", "uvicorn.access")
    saved = {name: logging.getLogger(name).__dict__.copy() for name in names}
    try:
        logging.config.dictConfig(log_config(access_log=False))
        logging.getLogger("boggle.rooms").error("the results of room %s were not stored", "AB2")
        logging.getLogger("uvicorn.error").warning("cannot accept connections")
    finally:
        for name, state in saved.items():
            logging.getLogger(name).__dict__.update(state)
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
    err = capsys.readouterr().err
    expected = rf"{stamp} ERROR the results of room AB2 were not stored\n{stamp} WARNING cannot"
    assert re.match(expected + r" accept connections\n$", err), err


@contextlib.contextmanager
def access_lines() -> Iterator[tuple[list[str], logging.Handler]]:
    """The access log's lines as ``boggle serve`` writes them, and the handler that keeps
    them: added to ``uvicorn.access`` once the server has started (which sets its logging);
    the logger as it was afterwards."""
    from boggle.web.server import ACCESS_LINE, AccessLine

    access = logging.getLogger("uvicorn.access")
    saved = access.__dict__.copy()
    lines: list[str] = []

    class Lines(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    handler = Lines()
    handler.setFormatter(AccessLine(fmt=ACCESS_LINE, use_colors=False))
    try:
        yield lines, handler
    finally:
        access.removeHandler(handler)
        access.__dict__.update(saved)


def test_the_access_log_writes_an_ipv6_client_in_brackets() -> None:
    """A client on IPv6 was logged as ``::1:54321``, its port not told from its address:
    it is ``[::1]:54321``, as servers write it, for a request and a room WebSocket alike."""
    from websockets.sync.client import connect

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    app = create_app(WebConfig(preload=False))
    with (
        access_lines() as (lines, handler),
        serving(app, host="::1", access_log=True) as (port, _),
    ):
        logging.getLogger("uvicorn.access").addHandler(handler)
        connection = http.client.HTTPConnection("::1", port, timeout=HANG_SECONDS)
        connection.request("GET", "/api/health")
        assert connection.getresponse().status == 200
        connection.close()
        with connect(f"ws://[::1]:{port}/ws/rooms", open_timeout=HANG_SECONDS):
            pass
        deadline = time.monotonic() + HANG_SECONDS
        while len(lines) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert len(lines) == 3, lines
    for line, answer in zip(lines, ("/api/health", "/ws/rooms", "/ws/rooms"), strict=True):
        assert f' "GET {answer} HTTP/1.1" ' in line, lines
        assert " [::1]:" in line and " ::1:" not in line, lines


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (["192.0.2.1"], "198.51.100.9", "127.0.0.1"),  # not from a proxy it believes
        ([], "198.51.100.9", "127.0.0.1"),  # --forwarded-allow-ips none
        (["127.0.0.1"], "198.51.100.9", "198.51.100.9"),  # from the proxy: believed
        # a client's own header, the proxy's appended after it: the proxy's is believed
        (["127.0.0.1"], "203.0.113.5, 198.51.100.9", "198.51.100.9"),
    ],
    ids=["other-proxy", "none", "loopback-proxy", "appended"],
)
def test_a_forwarded_address_is_believed_only_from_a_proxy_named(
    proxies: list[str], forwarded: str, client: str
) -> None:
    """A client that is not a proxy the server believes (`--forwarded-allow-ips`) cannot
    name its own address in X-Forwarded-For: the address it connects from is the one the
    server knows (its limits by address, the access log); from a proxy believed, the
    address the proxy adds last is the client's, whatever the client sent before it."""
    app = create_app(WebConfig(preload=False))
    with (
        access_lines() as (lines, handler),
        serving(app, access_log=True, proxies=proxies) as (port, _),
    ):
        logging.getLogger("uvicorn.access").addHandler(handler)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_SECONDS)
        connection.request("GET", "/api/health", headers={"X-Forwarded-For": forwarded})
        assert connection.getresponse().status == 200
        connection.close()
        deadline = time.monotonic() + HANG_SECONDS
        while not lines and time.monotonic() < deadline:
            time.sleep(0.05)
    assert len(lines) == 1, lines
    assert f" {client}:" in lines[0] and '"GET /api/health HTTP/1.1" 200' in lines[0], lines
