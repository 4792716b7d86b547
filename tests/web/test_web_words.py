"""The words setting over HTTP: solo rounds, word checks and the daily board."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boggle import solve
from boggle.wordlists.frequencies import with_frequencies

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")
from fastapi.testclient import TestClient

from boggle.web.app import create_app

BOARD = "fxie amlo ewbx astu"
RICH = with_frequencies(solve(BOARD))
COMMON = next(w.word for w in RICH if RICH.frequency(w.word).level == "common")  # type: ignore[union-attr]
OTHER = next(w.word for w in RICH if RICH.frequency(w.word).level != "common")  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.mark.parametrize(("mode", "status"), [("refused", "other_level"), ("zero", "set_apart")])
def test_a_solo_round_counts_only_the_level(client: TestClient, mode: str, status: str) -> None:
    body = client.post(
        "/api/play",
        json={
            "board": BOARD,
            "words": [COMMON, OTHER],
            "finished": True,
            "word_level": "common",
            "other_words": mode,
        },
    ).json()
    assert [f["status"] for f in body["feedback"]] == ["accepted", status]
    assert body["score"] == RICH.by_word[COMMON].points
    assert body["maximum"] == RICH.kept("common").score
    assert body["set_apart"] == ([OTHER] if mode == "zero" else [])
    assert body["levels"] == RICH.level_counts()
    assert OTHER not in {w["word"] for w in body["missed"]}


@pytest.mark.parametrize("mode", ["refused", "zero"])
def test_a_word_off_the_board_is_not_on_the_board_whatever_the_level(
    client: TestClient, mode: str
) -> None:
    """Only a listed word of the board outside the level is set apart or refused as "not a
    common word": a word off the board (common, obscure or none) is "not on the board", and
    never listed apart (every one was, a common "the" said "not a common word")."""
    off = ["the", "zebra", "zzzq"]
    assert not {word for word in off if word in RICH}
    body = client.post(
        "/api/play",
        json={
            "board": BOARD,
            "words": off,
            "finished": True,
            "word_level": "common",
            "other_words": mode,
        },
    ).json()
    assert [f["status"] for f in body["feedback"]] == ["not_on_board"] * 3
    assert [f["message"] for f in body["feedback"]] == [""] * 3
    assert body["set_apart"] == []


def test_a_check_and_the_daily_result_follow_the_level(client: TestClient) -> None:
    check = client.post(
        "/api/check", json={"board": BOARD, "word": OTHER, "word_level": "common"}
    ).json()
    assert check["status"] == "other_level" and check["points"] == 0
    plain = client.post("/api/check", json={"board": BOARD, "word": OTHER}).json()
    assert plain["status"] == "counted"
    daily = client.get("/api/daily", params={"date": "2026-11-23"}).json()
    board = daily["board"]
    rich = with_frequencies(solve(board))
    words = [w.word for w in rich]
    result = client.post(
        "/api/daily/result",
        json={"date": "2026-11-23", "words": words, "word_level": "common", "other_words": "zero"},
    ).json()
    assert result["maximum"] == rich.kept("common").score == result["score"]
    assert set(result["set_apart"]) == set(words) - set(rich.kept("common").by_word)
    assert result["levels"] == rich.level_counts()


def test_an_unknown_level_is_a_client_error(client: TestClient) -> None:
    answer = client.post("/api/play", json={"board": BOARD, "words": [], "word_level": "rare"})
    assert answer.status_code == 422
    daily = client.post("/api/daily/result", json={"date": "2026-11-23", "word_level": "x"})
    assert daily.status_code == 422


def test_a_room_with_an_unknown_level_is_an_error_for_that_client_alone(
    client: TestClient,
) -> None:
    with client.websocket_connect("/ws/rooms") as ann, client.websocket_connect("/ws/rooms") as bob:
        ann.send_json({"type": "create", "name": "ann", "settings": {"word_level": "rare"}})
        error = ann.receive_json()
        assert error["type"] == "error" and error["code"] == "bad_settings"
        assert "'word_level' must be one of: common, standard, all" in error["message"]
        ann.send_json({"type": "ping"})
        assert ann.receive_json() == {"type": "pong"}  # the connection goes on
        settings = {"word_level": "common", "other_words": "zero", "seconds": 60}
        bob.send_json({"type": "create", "name": "bob", "settings": settings})
        assert bob.receive_json()["type"] == "joined"
        room = bob.receive_json()
        assert room["type"] == "room"
        assert room["settings"]["word_level"] == "common"
        assert room["settings"]["other_words"] == "zero"
