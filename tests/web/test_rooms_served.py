"""The room limits of a real `boggle serve`, over real sockets: create -> leave fills no
room slot, and the connections of one address create rooms at a bounded rate, each
refusal saying when to try again."""

from __future__ import annotations

import contextlib
import json
import urllib.error
from pathlib import Path
from typing import Any

import pytest
from serve_process import serving

from boggle.rooms import ChallengeLimits, RoomLimits

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


def answer(connection: Any, message: dict[str, Any], *kinds: str) -> dict[str, Any]:
    connection.send(json.dumps(message))
    for _ in range(10):
        got: dict[str, Any] = json.loads(connection.recv(timeout=30))
        if got["type"] in kinds:
            return got
    raise AssertionError(f"no {kinds} message")


def create_and_leave(connection: Any) -> dict[str, Any]:
    settings = {"seconds": 60}
    got = answer(
        connection, {"type": "create", "name": "ann", "settings": settings}, "joined", "error"
    )
    if got["type"] == "joined":
        assert answer(connection, {"type": "leave"}, "left")["code"] == got["code"]
    return got


def test_create_and_leave_from_ten_connections_fills_nothing_and_is_rate_limited(
    tmp_path: Path,
) -> None:
    limits = RoomLimits()
    with serving(tmp_path, warm=False) as server, contextlib.ExitStack() as stack:
        connections = [stack.enter_context(sync_client.connect(server.ws_url)) for _ in range(10)]
        answers = [create_and_leave(c) for c in connections for _ in range(3)]
        made = [a for a in answers if a["type"] == "joined"]
        refused = [a for a in answers if a["type"] == "error"]
        assert len(made) == limits.rooms_per_address  # the address's burst, then no more
        assert {a["code"] for a in refused} == {"rate_limited"}
        assert all(0 < a["retry_after"] <= limits.seconds_per_room_per_address for a in refused)
        assert all(f"{a['retry_after']} s" in a["message"] for a in refused)
        for got in made:  # every room left is closed: its slot is free again
            refused_join = answer(
                connections[0], {"type": "join", "code": got["code"], "name": "bob"}, "error"
            )
            assert refused_join["code"] == "unknown_room"


def test_no_limit_per_address_when_the_operator_says_so(tmp_path: Path) -> None:
    with (
        serving(tmp_path, "--rooms-per-address", "0", warm=False) as server,
        contextlib.ExitStack() as stack,
    ):
        connections = [stack.enter_context(sync_client.connect(server.ws_url)) for _ in range(8)]
        answers = [create_and_leave(c) for c in connections for _ in range(2)]
        assert [a["type"] for a in answers] == ["joined"] * 16


@pytest.mark.parametrize("per_address", [None, 0, 2])
def test_the_challenges_one_address_makes_are_the_operators_to_set(
    tmp_path: Path, per_address: int | None
) -> None:
    from challenge_round import make_challenge

    extra = [] if per_address is None else ["--challenges-per-address", str(per_address)]
    burst = ChallengeLimits().per_address if per_address is None else per_address
    with serving(tmp_path, *extra, warm=False) as server:
        made = 0
        for _ in range(12):
            try:
                make_challenge(server.url)
                made += 1
            except urllib.error.HTTPError as error:
                assert error.code == 429
        assert made == (burst or 12)
