"""A room of another language's list over the WebSocket: its boards are drawn from the
list's letters (they were English dice whatever the list), and dice named beside it are
refused in the words of ``boggle roll --language``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
from fastapi.testclient import TestClient
from room_messages import until

from boggle import Board, load_lexicon
from boggle.dice.measured import face_weights
from boggle.web.app import WebConfig, create_app

Socket = Any


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebConfig(preload=False))) as opened:
        yield opened


def create(socket: Socket, **settings: Any) -> dict[str, Any]:
    """The room's state once ``ann`` created it with ``settings``."""
    socket.send_json({"type": "create", "name": "ann", "settings": settings})
    until(socket, "joined")
    return until(socket, "room")


def error_of(socket: Socket, message: dict[str, Any]) -> dict[str, Any]:
    socket.send_json(message)
    return until(socket, "error")


def cli_refusal(capsys: pytest.CaptureFixture[str], dice: str) -> str:
    from boggle.cli.main import main

    assert main(["roll", "--language", "es", "--dice", dice]) == 2
    return capsys.readouterr().err.removeprefix("boggle: error: --").strip()


def test_a_spanish_room_rolls_spanish_letters_at_the_size_asked(client: TestClient) -> None:
    spanish_faces = set(face_weights(load_lexicon("es")))  # no k, no w
    with client.websocket_connect("/ws/rooms") as ann:
        state = create(ann, dictionary="es", size=10)
        assert (state["settings"]["language"], state["settings"]["language_name"]) == (
            "es",
            "Spanish",
        )
        ann.send_json({"type": "start"})
        started = until(ann, "round_started")
        board = Board.parse(started["board"])
        assert (board.rows, board.cols) == (10, 10)
        assert set(board.faces) <= spanish_faces, set(board.faces) - spanish_faces


def test_an_english_room_says_its_language(client: TestClient) -> None:
    with client.websocket_connect("/ws/rooms") as ann:
        assert create(ann, dice="big")["settings"]["language"] == "en"


@pytest.mark.parametrize("dice", ["big", "uniform"])
def test_dice_beside_a_spanish_list_are_refused_at_creation_and_rematch(
    client: TestClient, capsys: pytest.CaptureFixture[str], dice: str
) -> None:
    said_by_cli = cli_refusal(capsys, dice)
    with client.websocket_connect("/ws/rooms") as ann:
        asked = {"dictionary": "es", "dice": dice}
        refused = error_of(ann, {"type": "create", "name": "ann", "settings": asked})
        assert (refused["code"], refused["message"]) == ("bad_settings", said_by_cli)
        create(ann, dictionary="es", rounds=1, target=0)  # the same room without the dice
        refused = error_of(ann, {"type": "rematch", "settings": {**asked, "rounds": 2}})
        assert (refused["code"], refused["message"]) == ("bad_settings", said_by_cli)
