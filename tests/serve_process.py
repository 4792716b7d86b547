"""`boggle serve` in a subprocess on a free loopback port, for the tests that need a real
server (browser tests, the restart test)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def get_json(url: str, body: dict[str, Any] | None = None, timeout: float = 10) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.load(response)


WARM_UP_SECONDS = 120
"""How long a fresh server's first answers (below) may take on a loaded machine."""


def warm_up(url: str, *, round_process: bool = True) -> None:
    """What a page's first visit asks of a fresh server at ``url``, asked once and waited
    for: every word list counted (the first ``/api/dictionaries``; the first server of a
    test process reads every installed list, about 3 s of CPU, more than 20 s on a loaded
    machine, and the later ones take the counts from the cache's summaries; a page is ready
    only once it has the lists) and, with ``round_process``, the default list loaded in
    `boggle serve`'s round process (the first word a page checks). A test's page then waits
    for neither, and its usual time limits hold. A 408 (the server's own limit, 60 s for the
    lists, passed on a very loaded machine) is asked again: what was read meanwhile is kept.
    For example ``warm_up(ServeProcess(data).url)``.
    """
    asks: list[tuple[str, dict[str, Any] | None]] = [("/api/dictionaries", None)]
    if round_process:
        asks.append(("/api/check", {"board": "fxie amlo ewbx astu", "word": "fame"}))
    for path, body in asks:
        for tries_left in reversed(range(3)):
            try:
                get_json(url + path, body, timeout=WARM_UP_SECONDS)
                break
            except urllib.error.HTTPError as error:
                if error.code != 408 or not tries_left:
                    raise


class PortTaken(RuntimeError):
    """`boggle serve` found its port taken."""


class ServeProcess:
    """`boggle serve --data DATA EXTRA...` (no --data when DATA is None) until :meth:`stop`;
    ready when /api/health answers."""

    def __init__(self, data: Path | None, *extra: str, port: int | None = None) -> None:
        # A free port may be taken by another test process (pytest-xdist) before the server
        # binds it: then the server says so and exits, and another free port is tried.
        for tries_left in reversed(range(3 if port is None else 1)):
            try:
                self.start(port or free_port(), data, *extra)
                return
            except PortTaken:
                if not tries_left:
                    raise

    def start(self, port: int, data: Path | None, *extra: str) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws/rooms"
        command = [sys.executable, "-m", "boggle", "serve", "--port", str(self.port)]
        command += [*(["--data", str(data)] if data is not None else []), *extra]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        # Its output is read as it comes (a pipe nobody reads fills, and the server would
        # then stop at its next line), and /api/health is asked only once it says it serves,
        # its port found free. Asked before (its imports take seconds on a loaded machine),
        # the port could answer for another test process's server that had taken it
        # meanwhile: this one's tests would run against that one while this one exited.
        self.output: list[str] = []
        serving = threading.Event()
        reader = threading.Thread(target=self._read_output, args=(serving,), daemon=True)
        reader.start()
        deadline = time.monotonic() + 60
        while True:
            if serving.wait(0.2) and self.process.poll() is None:
                try:
                    get_json(self.url + "/api/health")
                    return
                except (urllib.error.URLError, ConnectionError):
                    pass
            if self.process.poll() is not None:
                reader.join(10)
                output = "".join(self.output)
                error = PortTaken if "already in use" in output else RuntimeError
                raise error(f"boggle serve exited early: {output}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("boggle serve did not answer within 60 s")
            time.sleep(0.2)

    def _read_output(self, serving: threading.Event) -> None:
        """The server's output, kept in ``output`` line by line until it exits; ``serving``
        set once it says it serves (or once it has exited)."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            if line.startswith("boggle: serving on "):
                serving.set()
        serving.set()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@contextmanager
def serving(data: Path | None, *extra: str, warm: bool = True) -> Iterator[ServeProcess]:
    """`boggle serve --data DATA EXTRA...` (:class:`ServeProcess`), warmed (:func:`warm_up`)
    before it is given unless ``warm`` is false (a test of what a fresh server does first,
    or of limits the warm-up's requests would count against), and stopped after, however
    the block ends: a module's server, as a fixture gives it::

        @pytest.fixture(scope="module")
        def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
            with serving(tmp_path_factory.mktemp("data"), "--solve-timeout", "60") as running:
                yield running

    or a test's own (``with serving(tmp_path, "--rooms-per-address", "0", warm=False) as
    server: ...``).
    """
    running = ServeProcess(data, *extra)
    try:
        if warm:
            warm_up(running.url)
        yield running
    finally:
        running.stop()
