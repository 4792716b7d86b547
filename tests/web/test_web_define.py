"""The page's definitions and hints: GET /api/define and POST /api/hint."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from fastapi.testclient import TestClient

from boggle.game import HINTS_PER_ROUND
from boggle.web.app import WebConfig, create_app

BOARD = "fxie amlo ewbx astu"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def test_define_a_word(client: TestClient) -> None:
    answer = client.get("/api/define", params={"word": "cats"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["word"] == "cats" and body["base"] == "cat" and body["definitions"]


def test_define_a_word_with_no_entry(client: TestClient) -> None:
    body = client.get("/api/define", params={"word": "zzxqv"}).json()
    assert body["definitions"] == []


@pytest.mark.parametrize(
    "params", [{"word": ""}, {"word": "ab1"}, {"word": "cat", "dict": "nope"}, {}]
)
def test_define_bad_input_is_a_json_4xx(client: TestClient, params: dict[str, str]) -> None:
    answer = client.get("/api/define", params=params)
    assert 400 <= answer.status_code < 500
    assert "error" in answer.json() or "detail" in answer.json()


def test_define_another_language_links_wiktionary(client: TestClient) -> None:
    body = client.get("/api/define", params={"word": "casa", "dict": "es"}).json()
    assert body["url"] == "https://es.wiktionary.org/wiki/casa"


def test_hints_go_deeper_then_run_out(client: TestClient) -> None:
    given: list[list[int]] = []
    found = ["fame", "awl"]
    for level in (1, 2, 3):
        body = client.post("/api/hint", json={"board": BOARD, "found": found, "given": given})
        body = body.json()
        assert body["hint"]["level"] == level and body["used"] == level
        assert "word" not in body["hint"]
        given.append([body["hint"]["target"], body["hint"]["level"]])
    assert body["hint"]["first_cell"] is not None
    given += [[99, 3]] * (HINTS_PER_ROUND - len(given))
    over = client.post("/api/hint", json={"board": BOARD, "given": given})
    assert over.status_code == 400 and "no hints left" in over.json()["error"]


def test_hint_with_no_words_left(client: TestClient) -> None:
    body = client.post("/api/hint", json={"board": "xxxx xxxx xxxx xxxx"}).json()
    assert body["hint"] is None and "no words left" in body["message"]


@pytest.mark.parametrize(
    "payload",
    [{"board": "not a board!"}, {"board": BOARD, "given": [[1]]}, {"board": BOARD, "x": 1}],
)
def test_hint_bad_input_is_a_json_4xx(client: TestClient, payload: dict[str, object]) -> None:
    answer = client.post("/api/hint", json=payload)
    assert 400 <= answer.status_code < 500
