"""Challenges through the API: made from a round's board, list, rules and time, kept in the
rooms' SQLite file, played under names, results judged again on the server, best first,
with the words only each player found; tampered posts get the documented errors."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle import Board, load_lexicon, solve
from boggle.rooms import RoomsConfig
from boggle.rules import preset
from boggle.web.app import WebConfig, create_app

FXIE = "fxie amlo ewbx astu"


def client_for(data: Path | None) -> TestClient:
    return TestClient(create_app(WebConfig(preload=False, rooms=RoomsConfig(data_dir=data))))


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return client_for(tmp_path)


def good_words(count: int) -> list[str]:
    return [w.word for w in solve(Board.parse(FXIE), load_lexicon()).words[:count]]


def test_a_challenge_keeps_the_round_and_ranks_its_players(
    client: TestClient, tmp_path: Path
) -> None:
    made = client.post("/api/challenges", json={"board": FXIE, "rules": "big", "seconds": 90})
    assert made.status_code == 201
    code = made.json()["code"]
    assert made.json()["url"] == f"/challenge/{code}"
    shown = client.get(f"/api/challenges/{code}").json()
    assert (shown["board"], shown["rules"], shown["seconds"]) == (FXIE, "big", 90)
    assert shown["faces"][0] == ["f", "x", "i", "e"] and shown["results"] == []
    assert client.get(f"/challenge/{code}").status_code == 200

    words = [w for w in good_words(12) if len(w) >= 4][:3]  # big rules: 4 letters at least
    ann = client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": words[:1]})
    assert ann.status_code == 200
    bob = client.post(f"/api/challenges/{code}/results", json={"name": "bob", "words": words})
    results = bob.json()["results"]
    assert [r["name"] for r in results] == ["bob", "ann"]
    assert results[0]["only_you"] == sorted(words[1:]) and results[1]["only_you"] == []
    assert results[0]["score"] >= results[1]["score"] > 0
    big_points = {
        w.word: w.points for w in solve(Board.parse(FXIE), load_lexicon(), preset("big")).words
    }
    assert results[1]["words"] == [{"word": words[0], "points": big_points[words[0]]}]
    # kept in the rooms' SQLite file: a new server on the same directory has it
    again = client_for(tmp_path).get(f"/api/challenges/{code}").json()
    assert [r["name"] for r in again["results"]] == ["bob", "ann"]
    assert (tmp_path / "results.sqlite3").is_file()


def test_tampered_posts_get_the_documented_errors(client: TestClient) -> None:
    code = client.post("/api/challenges", json={"board": FXIE, "seconds": 60}).json()["code"]
    words = good_words(2)
    url = f"/api/challenges/{code}/results"
    not_on_board = client.post(url, json={"name": "eve", "words": [words[0], "zebra"]})
    assert not_on_board.status_code == 400 and "zebra" in not_on_board.json()["error"]
    not_a_word = client.post(url, json={"name": "eve", "words": ["fxie"]})
    assert not_a_word.status_code == 400
    twice = client.post(url, json={"name": "eve", "words": [words[0], words[0]]})
    assert twice.status_code == 400
    assert client.post(url, json={"name": "ann", "words": words}).status_code == 200
    taken = client.post(url, json={"name": "ANN", "words": words[:1]})
    assert taken.status_code == 409 and taken.json() == {
        "error": "the name 'ANN' has played this challenge already",
        "status": 409,
    }
    assert [r["name"] for r in client.get(f"/api/challenges/{code}").json()["results"]] == ["ann"]
    for path in ("/api/challenges/NOSUCH", "/api/challenges/x"):
        missing = client.get(path)
        assert missing.status_code == 404 and missing.json()["status"] == 404
    missing = client.post("/api/challenges/NOSUCH/results", json={"name": "a", "words": []})
    assert missing.status_code == 404
    assert client.post(url, json={"name": "   ", "words": []}).status_code == 422
    assert client.post(url, json={"name": "x" * 25, "words": []}).status_code == 422


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"board": "ab1c", "seconds": 60}, 400),
        ({"board": FXIE, "seconds": 2}, 422),
        ({"board": FXIE, "dictionary": "nosuchlist"}, 400),
        ({"board": FXIE, "rules": "nosuchrules"}, 400),
        ({"board": "/".join(["a" * 30] * 30)}, 413),
    ],
)
def test_a_bad_challenge_is_refused(
    client: TestClient, body: dict[str, object], status: int
) -> None:
    answer = client.post("/api/challenges", json=body)
    assert answer.status_code == status and answer.json()["status"] == status
