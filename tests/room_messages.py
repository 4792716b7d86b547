"""A room's messages read from its socket, for the tests that play a room over `/ws/rooms`
without a page: the socket of the test client (``client.websocket_connect``, read with
``receive_json``) or a real connection (``websockets.sync.client.connect``, read with
``recv``), one reader for both::

    ann.send_json({"type": "create", "name": "ann", "settings": {}})
    code = until(ann, "joined")["code"]
"""

from __future__ import annotations

import json
from typing import Any

MESSAGES = 30
"""How many messages :func:`until` reads at most before it gives up on the one awaited."""


def until(socket: Any, kind: str, limit: int = MESSAGES, *, timeout: float = 30) -> dict[str, Any]:
    """The next message of type ``kind`` on ``socket``, the others before it skipped (at most
    ``limit`` messages read); a real connection waits at most ``timeout`` seconds a message."""
    receive_json = getattr(socket, "receive_json", None)
    for _ in range(limit):
        message: dict[str, Any] = (
            receive_json() if receive_json is not None else json.loads(socket.recv(timeout=timeout))
        )
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message in {limit}")
