"""The web app served by uvicorn on a loopback port in a thread, for tests over a real
socket (the test client reads bodies whole and has no sockets to hold open); its event
loop's clock, on which the server's deadlines run, may be one the test moves on
(:class:`LoopClock`)."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from boggle.web.server import BoundedServer, ServerLimits, server_config

START_SECONDS = 60.0
"""How long uvicorn may take to start on a loaded machine before a test calls it a hang."""


class LoopClock:
    """The clock of a served server's event loop: the real one, ``ahead`` seconds on.

    A deadline of the server (``loop.call_later``) far longer than a loaded machine could
    delay the test passes when the test moves the clock on (:meth:`move_on`), not before:
    ``served(app, limits, clock=clock)``, then ``clock.move_on(limits.head_seconds)``.
    """

    def __init__(self) -> None:
        self.ahead = 0.0
        self.loop: asyncio.AbstractEventLoop | None = None

    def time(self) -> float:
        return time.monotonic() + self.ahead

    def move_on(self, seconds: float) -> None:
        """Move the clock ``seconds`` on; the loop wakes to run what is due by then."""
        assert self.loop is not None, "the server has not started"
        self.ahead += seconds
        self.loop.call_soon_threadsafe(lambda: None)


class LoopClockedServer(BoundedServer):
    """`boggle serve`'s server with its event loop on a :class:`LoopClock`."""

    def __init__(self, config: Any, clock: LoopClock) -> None:
        super().__init__(config)
        self.clock = clock

    async def serve(self, sockets: Any = None) -> None:
        loop = asyncio.get_running_loop()
        loop.time = self.clock.time  # type: ignore[method-assign]
        self.clock.loop = loop
        await super().serve(sockets)


@contextmanager
def serving(
    app: Any,
    limits: ServerLimits | None = None,
    clock: LoopClock | None = None,
    host: str = "127.0.0.1",
    access_log: bool = False,
    proxies: list[str] | None = None,
) -> Iterator[tuple[int, BoundedServer]]:
    """The port ``app`` answers on (at ``host``) and its running server while the block
    runs, set up as `boggle serve` sets it (its event loop on ``clock`` when one is given,
    each request logged with ``access_log``, ``proxies`` believed as
    :func:`~boggle.web.server.server_config` takes them): a test reads the server's state
    (``server.server_state.connections``) to wait for what it needs."""
    config = server_config(
        app, host, 0, limits or ServerLimits(), access_log=access_log, proxies=proxies
    )
    server = BoundedServer(config) if clock is None else LoopClockedServer(config, clock)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + START_SECONDS
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            assert thread.is_alive(), "uvicorn stopped while starting"
            time.sleep(0.05)
        yield server.servers[0].sockets[0].getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def served(
    app: Any, limits: ServerLimits | None = None, clock: LoopClock | None = None
) -> Iterator[int]:
    """The port ``app`` answers on while the block runs (:func:`serving` without the
    server)."""
    with serving(app, limits, clock) as (port, _):
        yield port


def wait_until_connections(server: BoundedServer, count: int) -> None:
    """Wait until ``server`` has accepted ``count`` connections (a client's connect returns
    once the kernel has queued it, before the server's loop has taken it)."""
    deadline = time.monotonic() + START_SECONDS
    while len(server.server_state.connections) < count:
        assert time.monotonic() < deadline, f"the server did not accept {count} connections"
        time.sleep(0.01)


def request(
    port: int, method: str, path: str, body: Any = None, timeout: float = 30
) -> tuple[int, Any, dict[str, str]]:
    """Status, decoded JSON body and headers of one request on a new connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        payload = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if payload is not None else {}
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
        decoded = json.loads(data) if data[:1] in (b"{", b"[") else data.decode()
        return response.status, decoded, {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()
