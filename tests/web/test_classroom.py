"""A class plays one room: a teacher and some 30 pupils, all behind the school's one
address (its NAT), on the server's default limits."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient

from boggle.rooms import RoomLimits, RoomsConfig
from boggle.web.app import WebConfig, create_app

PUPILS = 30


def until(socket: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message in {limit}")


def test_a_class_of_30_behind_one_address_joins_one_room_on_the_default_limits() -> None:
    """A room took 16 players by default: the 17th pupil of a class was refused
    ``room_full``, and the teacher had to know of ``serve --max-players``."""
    assert RoomLimits().max_players >= PUPILS + 1
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig()))
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        teacher = stack.enter_context(client.websocket_connect("/ws/rooms"))
        teacher.send_json({"type": "create", "name": "Ms Lee", "settings": {"seconds": 60}})
        code = until(teacher, "joined")["code"]
        for number in range(PUPILS):
            # every pupil's page checks the room's link on arrival, from the one address
            assert client.get(f"/api/rooms/{code}").json() == {"code": code, "open": True}
            pupil = stack.enter_context(client.websocket_connect("/ws/rooms"))
            pupil.send_json({"type": "join", "code": code, "name": f"pupil {number}"})
            assert until(pupil, "joined")["name"] == f"pupil {number}"
        room = until(teacher, "room")
        while len(room["players"]) < PUPILS + 1:
            room = until(teacher, "room")
        assert len(room["players"]) == PUPILS + 1
