"""A `--scheduler` that is malformed, unreachable or not Dask is one line, soon (issue 32:
tracebacks after 20 s, and 400 s of silence when an HTTP server answered)."""

from __future__ import annotations

import http.server
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from boggle.scale.cluster import ClusterError, probe_scheduler


def serve(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A TCP server on a free port whose every connection is handed to ``answer``."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    kept: list[socket.socket] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            kept.append(connection)
            answer(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for connection in kept:
            connection.close()
        listener.close()


@pytest.fixture
def web_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def ssh_server() -> Iterator[str]:
    yield from serve(lambda connection: connection.sendall(b"SSH-2.0-OpenSSH_9.2\r\n"))


ANSWER_SECONDS = 30.0
"""The probe's wait where the test's server speaks first: it returns as soon as the answer
comes, so a loaded machine's slow answer is not taken for silence (for the silent and the
web server, which wait to be asked, 0.5 s of silence is what is tested)."""


@pytest.fixture
def silent_server() -> Iterator[str]:
    yield from serve(lambda connection: None)


@pytest.mark.parametrize(
    "address",
    [
        "not a url",
        "10.0.0.5",
        "tcp://host:notaport",
        "http://[::1",
        "tcp://:8786",
        "tcp://h:0",
        "tcp://h:" + "9" * 5000,
        "inproc://x",
        "ucx://127.0.0.1:1",
        "ws://x",
    ],
)
def test_a_malformed_address_is_refused_before_any_connection(address: str) -> None:
    with pytest.raises(ClusterError, match=r"not a Dask scheduler address: .* tcp://HOST:PORT"):
        probe_scheduler(address, timeout=0.5)


def test_a_closed_port_is_refused() -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        port = holder.getsockname()[1]  # bound, not listening: connections are refused
        with pytest.raises(ClusterError, match=r"cannot reach the Dask scheduler .* refused"):
            probe_scheduler(f"tcp://127.0.0.1:{port}", timeout=0.5)


def test_a_web_server_is_named(web_server: str) -> None:
    with pytest.raises(ClusterError, match=r"a web server answered \('HTTP/1.0 200 OK'\)"):
        # its silence, then the HTTP question: answered at once, but a loaded machine may be
        # late, and the probe returns as soon as the answer comes
        probe_scheduler(web_server, timeout=0.5, http_timeout=ANSWER_SECONDS)


def test_another_server_is_quoted(ssh_server: str) -> None:
    with pytest.raises(ClusterError, match=r"something else answered: 'SSH-2\.0-OpenSSH_'"):
        probe_scheduler(ssh_server, timeout=ANSWER_SECONDS)


def test_a_silent_server_is_given_up_on(silent_server: str) -> None:
    with pytest.raises(ClusterError, match=r"accepted the connection but said nothing in 0\.5 s"):
        probe_scheduler(silent_server, timeout=0.5)


def test_a_dask_handshake_passes() -> None:
    """The first bytes of a scheduler's handshake (a frame: its length, one frame of 42)."""
    frame = (58).to_bytes(8, "little") + (1).to_bytes(8, "little") + (42).to_bytes(8, "little")

    def handshake(connection: socket.socket) -> None:
        connection.sendall(frame + b"\x83" * 50)

    for address in serve(handshake):
        probe_scheduler(address, timeout=ANSWER_SECONDS)


def boggle_score(address: str, http_wait: float | None = None) -> subprocess.CompletedProcess[str]:
    """`boggle score --scheduler ADDRESS` in a process of its own (``python -m boggle``);
    with ``http_wait``, its probe gives a server that is silent at first that many seconds
    to answer the HTTP question (its :data:`~boggle.scale.cluster.HTTP_ANSWER_SECONDS`)."""
    pytest.importorskip("distributed", reason="the dask extra (distributed) is not installed")
    start = ["-m", "boggle"]
    if http_wait is not None:  # as `python -m boggle` runs, the wait set first
        start = ["-c", HTTP_WAIT_THEN_BOGGLE.format(seconds=http_wait)]
    return subprocess.run(
        [sys.executable, *start, "score", "--scheduler", address],
        input="abcd\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


HTTP_WAIT_THEN_BOGGLE = (
    "import runpy, sys; from boggle.scale import cluster; "
    "cluster.HTTP_ANSWER_SECONDS = {seconds!r}; sys.argv[0] = 'boggle'; "
    "runpy.run_module('boggle', run_name='__main__', alter_sys=True)"
)


@pytest.mark.parametrize(
    "address", ["not a url", "tcp://host:notaport", "inproc://x", "ucx://127.0.0.1:1"]
)
def test_the_command_line_says_one_line_and_no_traceback_at_exit(address: str) -> None:
    """Before, the error line came, then a Client's clean-up traceback 20 s later; an
    ``inproc://`` address said "(not enough values to unpack (expected 3, got 1))" and a
    ``ucx://`` one was a TypeError traceback, each with the clean-up traceback after."""
    done = boggle_score(address)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("boggle: error: not a Dask scheduler address")
    assert done.stderr.count("\n") == 1, done.stderr


def test_the_command_line_names_a_web_server(web_server: str) -> None:
    # the test's web server answers at once, but a loaded machine may be later than the
    # probe's 1 s: its wait is made as long as the other answers' here
    done = boggle_score(web_server, http_wait=ANSWER_SECONDS)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "a web server answered ('HTTP/1.0 200 OK')" in done.stderr
