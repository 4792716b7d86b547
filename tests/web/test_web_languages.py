"""The page's language choice through the API: lists name their language, rolls follow it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from boggle import Board, load_lexicon
from boggle.wordlists.spelling import foreign_letters

fastapi = pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient  # noqa: E402

from boggle.web.app import Limits, WebConfig, create_app  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    # room enough for a loaded machine (there a roll's 5 s limit answered 408, and counting
    # the lists took over 60 s, which /api/dictionaries allows at least): the lists'
    # languages are tested here, not the limit
    config = WebConfig(preload=False, limits=Limits(solve_seconds=120.0))
    with TestClient(create_app(config)) as running:
        yield running


def test_dictionaries_name_their_language(client: TestClient) -> None:
    lists = {d["name"]: d for d in client.get("/api/dictionaries").json()["dictionaries"]}
    assert (lists["pl"]["language"], lists["pl"]["language_name"]) == ("pl", "Polish")
    assert lists["en-70"]["language"] == "en" and lists["nl"]["language_name"] == "Dutch"


@pytest.mark.parametrize("name", ["es", "nl", "pt", "pl"])
def test_a_roll_follows_the_lists_language(client: TestClient, name: str) -> None:
    answer = client.post("/api/roll", json={"dictionary": name, "seed": 11}).json()
    assert "board" in answer, answer
    board = Board.parse(answer["board"])
    assert (board.rows, board.cols) == (4, 4)
    assert not foreign_letters(board, load_lexicon(name))
    again = client.post("/api/roll", json={"dictionary": name, "seed": 11}).json()
    assert again["board"] == answer["board"]


def test_an_english_list_rolls_the_dice(client: TestClient) -> None:
    answer = client.post("/api/roll", json={"dictionary": "en-70", "seed": 4}).json()
    assert answer["dice"] == "new"
    assert answer["board"] == client.post("/api/roll", json={"seed": 4}).json()["board"]


def test_solve_names_foreign_letters(client: TestClient) -> None:
    polish_board = {"board": "łódź kotx abcd efgh"}
    assert client.post("/api/solve", json=polish_board).json()["foreign_letters"] == [
        "ó",
        "ł",
        "ź",
    ]
    spanish_board = {"board": "año/", "dictionary": "es"}
    answer = client.post("/api/solve", json=spanish_board).json()
    assert "foreign_letters" not in answer and answer["count"] == 1


def test_a_roll_with_an_unknown_list_is_refused(client: TestClient) -> None:
    response = client.post("/api/roll", json={"dictionary": "../etc/passwd"})
    assert response.status_code == 400 and "unknown word list" in response.json()["error"]


def test_an_installed_system_list_is_offered(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from boggle.wordlists.sources import SYSTEM_LISTS, SystemList

    path = tmp_path / "ngerman"
    path.write_text("Straße\nBär\n", encoding="utf-8")
    monkeypatch.setitem(SYSTEM_LISTS, "de", SystemList("de", "wngerman", str(path), "GPL-2+"))
    with TestClient(create_app(WebConfig(preload=False))) as client:
        lists = {d["name"]: d for d in client.get("/api/dictionaries").json()["dictionaries"]}
        assert lists["de"]["language_name"] == "German" and lists["de"]["words"] == 2
        answer = client.post("/api/solve", json={"board": "bär/", "dictionary": "de"}).json()
        assert [w["word"] for w in answer["words"]] == ["bär"]


def test_a_letter_the_list_writes_out_is_named_with_what_it_writes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A German board's ß: the page asked "is the board in another language?"; the answer
    says what the list's words write for it (foreign_written), as the CLI's warning does."""
    from boggle.wordlists.sources import SYSTEM_LISTS, SystemList

    path = tmp_path / "ngerman"
    path.write_text("Straße\nBär\n", encoding="utf-8")
    monkeypatch.setitem(SYSTEM_LISTS, "de", SystemList("de", "wngerman", str(path), "GPL-2+"))
    with TestClient(create_app(WebConfig(preload=False))) as client:
        answer = client.post("/api/solve", json={"board": "ßbär/", "dictionary": "de"}).json()
        assert answer["foreign_letters"] == ["ß"] and answer["foreign_written"] == {"ß": "ss"}
        english = client.post("/api/solve", json={"board": "łódź kotx abcd efgh"}).json()
        assert "foreign_written" not in english


def test_check_folds_the_typed_word_with_the_lists_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 32: `Straße` typed on the page is the German list's `strasse`."""
    from boggle.wordlists.sources import SYSTEM_LISTS, SystemList

    path = tmp_path / "ngerman"
    path.write_text("Straße\nBär\n", encoding="utf-8")
    monkeypatch.setitem(SYSTEM_LISTS, "de", SystemList("de", "wngerman", str(path), "GPL-2+"))
    with TestClient(create_app(WebConfig(preload=False))) as client:
        for typed in ("Straße", "strasse"):
            answer = client.post(
                "/api/check", json={"board": "stras xxxes", "word": typed, "dictionary": "de"}
            ).json()
            assert answer["status"] == "counted" and answer["word"] == "strasse", answer


@pytest.mark.parametrize("dice", ["big", "new", "uniform"])
def test_dice_beside_another_languages_list_are_refused_as_the_cli_refuses_them(
    client: TestClient, capsys: pytest.CaptureFixture[str], dice: str
) -> None:
    # the API rolled a Spanish 4x4 board for "big" dice, silently
    from boggle.cli.main import main

    response = client.post("/api/roll", json={"dictionary": "es", "dice": dice, "seed": 1})
    assert main(["roll", "--language", "es", "--dice", dice]) == 2
    said_by_cli = capsys.readouterr().err.removeprefix("boggle: error: --")
    assert response.status_code == 400
    assert response.json()["error"] + "\n" == said_by_cli
    assert response.json()["error"].startswith(f"dice '{dice}': a Spanish board is not rolled")


def test_another_languages_roll_takes_a_size(client: TestClient) -> None:
    from boggle.dice.measured import roll_for_language

    answer = client.post("/api/roll", json={"dictionary": "nl", "rows": 3, "cols": 5, "seed": 9})
    expected = roll_for_language(load_lexicon("nl"), seed=9, rows=3, cols=5)
    assert answer.json()["board"] == str(expected) and answer.json()["dice"] == "letters of nl"


def test_an_english_list_still_takes_dice(client: TestClient) -> None:
    answer = client.post("/api/roll", json={"dictionary": "en-70", "dice": "big", "seed": 4})
    assert answer.status_code == 200 and (answer.json()["rows"], answer.json()["dice"]) == (
        5,
        "big",
    )


def test_the_daily_board_of_a_spanish_list_is_drawn_from_its_letters(client: TestClient) -> None:
    # it rolled the English big dice (k, w among their faces) for every list
    from boggle.dice.measured import face_weights

    spanish_faces = set(face_weights(load_lexicon("es")))
    for date in ("2026-11-20", "2026-11-21", "2026-11-22"):
        answer = client.get("/api/daily", params={"date": date, "dictionary": "es", "size": 6})
        board = Board.parse(answer.json()["board"])
        assert board.size == 36 and set(board.faces) <= spanish_faces
