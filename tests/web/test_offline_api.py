"""POST /api/offline: boards kept ahead for solo rounds with no connection, each with what
judging a round on it needs, as POST /api/play would judge it (the page's judge is held to
/api/play in tests/web/test_offline_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle import Board, Lexicon, solve
from boggle.game.offline import GIVEN_UP_WORDS, OFFLINE_MAX_BYTES, OFFLINE_ROUNDS, offline_round
from boggle.model.rules import CLASSIC
from boggle.web.app import WebConfig, create_app
from boggle.web.context import Limits
from boggle.web.routes import FEEDBACK_LABELS


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebConfig(preload=False))) as test_client:
        yield test_client


def finished(client: TestClient, kept: dict[str, Any], **settings: Any) -> Any:
    body = {"board": kept["board"], "words": [], "finished": True, **settings}
    return client.post("/api/play", json=body).json()


def test_the_server_says_how_many_boards_to_keep_and_rolls_them(client: TestClient) -> None:
    answer = client.post("/api/offline", json={})
    assert answer.status_code == 200
    body = answer.json()
    assert body["keep"] == OFFLINE_ROUNDS == len(body["rounds"])
    assert body["max_bytes"] == OFFLINE_MAX_BYTES and body["labels"] == FEEDBACK_LABELS
    assert len({kept["board"] for kept in body["rounds"]}) == OFFLINE_ROUNDS  # newly rolled
    for kept in body["rounds"]:
        played = finished(client, kept)
        # the words that count are the report's words missed, with what it shows of them
        assert sorted(kept["words"], key=lambda w: w["word"]) == sorted(
            played["missed"], key=lambda w: w["word"]
        )
        assert (kept["maximum"], kept["total"]) == (played["maximum"], played["total"])
        assert kept["levels"] == played["levels"] and kept["other"] == []
        assert kept["min_length"] == 3 and kept["rows"] == kept["cols"] == 4
        assert kept["spelled"] == [face for row in kept["faces"] for face in row]


def test_boards_of_another_language_and_size(client: TestClient) -> None:
    body = client.post("/api/offline", json={"dictionary": "es", "rows": 5, "cols": 5}).json()
    kept = body["rounds"][0]
    assert (kept["rows"], kept["cols"], kept["rules"], kept["min_length"]) == (5, 5, "big", 4)
    reading = kept["reading"]
    assert reading["language"] == "es" and reading["fold"] and reading["fold_accents"]
    assert reading["keep"] == "ñ" and "ñ" in reading["alphabet"]
    played = finished(client, kept, dictionary="es")
    assert kept["maximum"] == played["maximum"]


def test_the_words_a_level_leaves_out_are_the_board_s_own(client: TestClient) -> None:
    """A word of the board outside the level is in ``other``: /api/play sets it apart."""
    pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")
    settings = {"word_level": "common", "other_words": "zero"}
    body = client.post("/api/offline", json=settings).json()
    for kept in body["rounds"]:
        assert kept["setting"] == settings
        counted = {w["word"] for w in kept["words"]}
        assert not counted & set(kept["other"])
        assert {w["level"] for w in kept["words"]} <= {"common"}
        played = client.post(
            "/api/play", json={"board": kept["board"], "words": kept["other"], **settings}
        ).json()
        assert [f["status"] for f in played["feedback"]] == ["set_apart"] * len(kept["other"])


def test_a_board_given_is_that_board_s_round_alone(client: TestClient) -> None:
    """A round started online keeps its own board's words, to go on offline."""
    body = client.post("/api/offline", json={"board": "fxie amlo ewbx astu"}).json()
    assert [kept["board"] for kept in body["rounds"]] == ["fxie amlo ewbx astu"]
    played = finished(client, body["rounds"][0])
    assert body["rounds"][0]["maximum"] == played["maximum"]
    refused = client.post("/api/offline", json={"board": "fxie amlo ewbx astu", "rows": 5})
    assert refused.status_code == 400
    assert refused.json()["error"] == "a board given is not rolled: leave out rows"


def test_a_page_missing_boards_asks_for_those_alone(client: TestClient) -> None:
    """After a round played online the page lacked one board of three and the server rolled
    and solved three for it, two thrown away (a third of the work used): ``count`` asks for
    fewer; more than the server keeps, or beside a board given, is refused in one line."""
    body = client.post("/api/offline", json={"count": 1}).json()
    assert len(body["rounds"]) == 1 and body["keep"] == OFFLINE_ROUNDS
    too_many = client.post("/api/offline", json={"count": OFFLINE_ROUNDS + 1})
    assert too_many.status_code == 400
    assert too_many.json()["error"] == "count must be from 1 to 3 (this server keeps 3 boards)"
    beside = client.post("/api/offline", json={"board": "fxie amlo ewbx astu", "count": 1})
    assert beside.status_code == 400
    assert beside.json()["error"] == "a board given is not rolled: leave out count"


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        ({"dictionary": "es", "dice": "new"}, 400, "leave the dice out"),
        ({"dictionary": "nope"}, 400, "unknown word list"),
        ({"dice": "uniform", "rows": 30, "cols": 30}, 413, "too large for this server"),
        ({"word_level": "rare"}, 422, ""),
        ({"seed": 7}, 422, ""),  # kept boards are never the same roll twice
        ({"board": "abc de"}, 400, ""),
    ],
)
def test_bad_settings_are_one_line(
    client: TestClient, body: dict[str, Any], status: int, said: str
) -> None:
    answer = client.post("/api/offline", json=body)
    assert answer.status_code == status
    assert said in answer.json()["error"]


def test_a_list_s_reading_and_faces_as_it_spells_them() -> None:
    french = Lexicon.from_words(["ete"])
    french.language = "fr"
    kept = offline_round(Board.parse("été/"), french, CLASSIC)
    assert kept["faces"] == [["é", "t", "é"]] and kept["spelled"] == ["e", "t", "e"]
    assert kept["reading"]["fold"] and kept["reading"]["language"] == "fr"
    assert [w["word"] for w in kept["words"]] == ["ete"]


def test_the_operator_sets_how_many_boards_are_kept_or_turns_offline_play_off() -> None:
    """``boggle serve --offline-boards N`` (``Limits.offline_boards``): there was no switch,
    every page fetched three boards.  N boards are rolled and kept; 0 turns the route off
    (403, one line), and ``GET /api/options`` says so, so the page asks for none."""
    one = create_app(WebConfig(limits=Limits(offline_boards=1), preload=False))
    with TestClient(one) as served:
        body = served.post("/api/offline", json={}).json()
        assert body["keep"] == 1 and len(body["rounds"]) == 1
        assert served.get("/api/options").json()["limits"]["offline_boards"] == 1
        refused = served.post("/api/offline", json={"count": 2})
        assert refused.status_code == 400
        assert refused.json()["error"] == "count must be from 1 to 1 (this server keeps 1 board)"
    off = create_app(WebConfig(limits=Limits(offline_boards=0), preload=False))
    with TestClient(off) as served:
        assert served.get("/api/options").json()["limits"]["offline_boards"] == 0
        for asked in ({}, {"board": "fxie amlo ewbx astu"}):
            answer = served.post("/api/offline", json=asked)
            assert answer.status_code == 403
            assert answer.json()["error"] == (
                "offline play is off on this server (boggle serve --offline-boards 0)"
            )
    assert Limits().offline_boards == OFFLINE_ROUNDS


def test_a_listed_word_a_search_gives_up_on_is_kept_with_the_round() -> None:
    """The server, holding the board's solution, says a listed word not on the board is not
    on it without a search; the page searched and said it gave up ("not a word"). The round
    keeps the listed words a search gives up on (``given_up``); a board where none can
    keeps none, and one where too many could says so (``None``)."""
    board = Board.parse("abaaa ababa bbaaa abaaa baaaa")
    long_word = "aaaaaaaaaaabaaaaaaa"  # no path: the search gives up past 2,000,000 steps
    kept = offline_round(board, Lexicon.from_words([long_word, "aba", "baa"]), CLASSIC)
    assert kept["given_up"] == [long_word]
    fxie = offline_round(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]), CLASSIC)
    assert fxie["given_up"] == []


def test_given_up_is_named_on_boards_where_more_than_50_words_could_run_long() -> None:
    """``given_up`` was ``None`` (not looked for) wherever more than 50 listed words could
    run long: on every 6x6 board of the superbig dice (faces beginning alike, ``in`` and
    ``i``: every listed word of the board's letters counted), and beside words needing more
    of a letter than the board holds (refused at once, never searched). It names them now."""
    from boggle import load_lexicon
    from boggle.dice.cubes import roll_board
    from boggle.model.rules import BIG

    board = Board.parse("abaaa ababa bbaaa abaaa baaaa")  # 7 b
    long_word = "aaaaaaaaaaabaaaaaaa"
    refused_at_once = ["b" * 8 + "a" * more for more in range(60)]
    lexicon = Lexicon.from_words([long_word, "aba", *refused_at_once])
    assert offline_round(board, lexicon, CLASSIC)["given_up"] == [long_word]
    english = load_lexicon("en-70")
    superbig = roll_board("superbig", 0)
    named = offline_round(superbig, english, BIG)["given_up"]
    assert isinstance(named, list) and 0 < len(named) <= GIVEN_UP_WORDS
    on_board = {item.word for item in solve(superbig, english, BIG).words}
    assert not on_board & set(named)


def test_a_word_without_its_diacritics_names_the_board_s_words_past_20000_steps() -> None:
    """A word typed without the diacritics of words of the board: the server tried the
    list's variants prefix by prefix and stopped after 20,000 (``SPELLING_STEPS``), naming
    others than the page (which reads the board's words) or none. With the board's solution
    it reads the solution's words, as the page does: the first three, sorted."""
    from itertools import product

    from boggle import PlaySession, solve
    from boggle.model.letters import bare_letters

    variants = ["a", "á", "à", "â", "ä", "ã", "å", "ą"]
    words = ["".join(letters) for letters in product(variants, repeat=5)]
    words.remove("aaaaa")
    lexicon = Lexicon.from_words(words)
    board = Board.parse("aáàâ äãåą aáàâ äãåą")
    solution = solve(board, lexicon, CLASSIC)
    said = PlaySession(board, solution).submit("aaaaa")
    first = sorted(item.word for item in solution.words if bare_letters(item.word) == "aaaaa")[:3]
    assert said.status == "not_on_board"
    assert said.message == "; ".join(
        f"{word.upper()} is on the board: type "
        + ", ".join(dict.fromkeys(letter for letter in word if letter != "a"))
        for word in first
    )
