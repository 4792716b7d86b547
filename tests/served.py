"""The web app served by uvicorn on a loopback port in a thread, for tests over a real
socket (the test client reads bodies whole and has no sockets to hold open)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from boggle.web.server import BoundedServer, ServerLimits, server_config


@contextmanager
def served(app: Any, limits: ServerLimits | None = None) -> Iterator[int]:
    """The port ``app`` answers on while the block runs, set up as `boggle serve` sets it."""
    server = BoundedServer(server_config(app, "127.0.0.1", 0, limits or ServerLimits()))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            assert thread.is_alive(), "uvicorn stopped while starting"
            time.sleep(0.05)
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)


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
