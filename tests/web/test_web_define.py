"""The page's definitions and hints: GET /api/define and POST /api/hint."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from fastapi.testclient import TestClient

from boggle.game import HINTS_PER_ROUND
from boggle.web.app import WebConfig, create_app
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.lexicon import Lexicon

BOARD = "fxie amlo ewbx astu"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def test_define_a_word(client: TestClient) -> None:
    answer = client.get("/api/define", params={"word": "cats"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["word"] == "cats" and body["base"] == "cat" and body["definitions"]
    assert body["forms"] == ["plural of cat", "present tense (he, she, it) of cat"]
    assert client.get("/api/define", params={"word": "cat"}).json()["forms"] == []


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


def test_define_a_word_of_bytes_that_are_not_utf8_says_so(client: TestClient) -> None:
    answer = client.get("/api/define?word=%E9t%E9&dict=fr")  # été in Latin-1
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "the word is not valid text: it has bytes that are not UTF-8 "
        "(read as U+FFFD REPLACEMENT CHARACTER)"
    )


def test_define_another_language_links_wiktionary(client: TestClient) -> None:
    body = client.get("/api/define", params={"word": "casa", "dict": "es"}).json()
    assert body["url"] == "https://es.wiktionary.org/wiki/Special:Search?search=casa&go=Go"
    polish = client.get("/api/define", params={"word": "żółw", "dict": "pl"}).json()
    assert polish["url"] == "https://pl.wiktionary.org/wiki/%C5%BC%C3%B3%C5%82w"


def test_define_an_english_word_gives_its_written_form_as_the_cli_does(
    client: TestClient,
) -> None:
    """The English lists fold café to cafe and ship its written form: `boggle define cafe
    --json` gave `written: ["café"]`, /api/define (documented as the same) none."""
    both = ["cafe", "café"]  # English writes it both ways
    assert client.get("/api/define", params={"word": "cafe"}).json()["written"] == both
    named = client.get("/api/define", params={"word": "cafe", "dict": "en-70"}).json()
    assert named["written"] == both
    assert client.get("/api/define", params={"word": "cat"}).json()["written"] == []
    # olé has no entry of its own: OLE's "good ole boy" is not its meaning, and the meaning
    # box names OLE alone (it read "OLE (also olé)")
    assert client.get("/api/define", params={"word": "ole"}).json()["written"] == []


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


# letters whose case mapping is several characters, or whose compatibility form is
CASE_MAPPED = [
    ("\u0130", "i"),  # İ: str.lower gives i and a combining dot, refused as "letters only"
    ("\u0130T", "it"),
    ("\ufb01sh", "fish"),  # the ligature fi is the two letters
    ("stra\xdfe", "stra\xdfe"),  # ß: its capital is SS, its lower case itself
    ("\u0149", "\u02bcn"),  # ŉ: NFKC is the apostrophe letter and n
    ("\u01f0", "\u01f0"),  # ǰ: its capital is J and a combining caron
]


@pytest.mark.parametrize(("typed", "looked_up"), CASE_MAPPED)
def test_a_letter_whose_case_changes_length_is_looked_up_alike_from_cli_and_http(
    client: TestClient, typed: str, looked_up: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``/api/define?word=İ`` and ``boggle define İ`` answered "letters only"; now each
    looks the same word up, and the command line's heading shows that word, not another
    (``straße`` was headed ``STRASSE``)."""
    from boggle.cli.main import main

    body = client.get("/api/define", params={"word": typed}).json()
    assert body["word"] == looked_up
    status = main(["define", typed, "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert status in (0, 1)
    assert (printed["word"], printed["definitions"]) == (body["word"], body["definitions"])
    main(["define", typed])
    shown = capsys.readouterr()
    heading = (shown.out or shown.err).splitlines()[0].split(":")[0].split(" (")[0]
    assert heading.lower() == looked_up and len(heading) == len(looked_up), heading


@pytest.mark.parametrize(
    ("typed", "named"),
    [("c4t", "'4'"), ("i\u0307", "U+0307 COMBINING DOT ABOVE"), ("a\tb", "U+0009")],
)
def test_a_word_with_no_letter_says_which_in_one_line_from_cli_and_http(
    client: TestClient, typed: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from boggle.cli.main import main

    answer = client.get("/api/define", params={"word": typed})
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert message.endswith(f"letters only ({named} is not a letter)"), message
    assert main(["define", typed]) == 2
    assert capsys.readouterr().err == f"boggle: error: {message}\n"


def test_a_word_its_list_folds_is_linked_and_shown_as_the_language_writes_it(
    client: TestClient,
) -> None:
    body = client.get("/api/define", params={"word": "AEREA", "dict": "es"}).json()
    assert body["written"] == ["aérea"]
    assert body["url"] == "https://es.wiktionary.org/wiki/a%C3%A9rea"  # the entry, not a search
    plain = client.get("/api/define", params={"word": "casa", "dict": "es"}).json()
    assert plain["written"] == [] and "Special:Search" in plain["url"]
    english = client.get("/api/define", params={"word": "cats"}).json()
    assert english["written"] == []


def test_a_solved_or_missed_word_carries_its_written_form(client: TestClient) -> None:
    solved = client.post("/api/solve", json={"board": "aer aea xxx", "dictionary": "es"}).json()
    words = {entry["word"]: entry for entry in solved["words"]}
    assert words["aerea"]["written"] == ["aérea"] and words["area"]["written"] == ["área"]
    assert "written" not in words["era"]  # as boggle solve --json: only where known
    english = client.post("/api/solve", json={"board": BOARD}).json()
    written = {entry["word"]: entry["written"] for entry in english["words"] if "written" in entry}
    assert written == {"ole": ["ole", "olé"]}  # SCOWL writes it olé, English ole too
    played = {"board": "aer aea xxx", "dictionary": "es", "words": ["era"], "finished": True}
    missed = {
        entry["word"]: entry for entry in client.post("/api/play", json=played).json()["missed"]
    }
    assert missed["aerea"]["written"] == ["aérea"] and missed["axe"]["written"] == []


def test_a_word_found_in_a_round_carries_its_written_form(client: TestClient) -> None:
    """The Play tab names a word found as its language writes it: AEREA (aérea)."""
    played = {"board": "aer aea xxx", "dictionary": "es", "words": ["aerea", "era", "Área"]}
    found = {
        entry["word"]: entry for entry in client.post("/api/play", json=played).json()["found"]
    }
    assert found["aerea"]["written"] == ["aérea"] and found["area"]["written"] == ["área"]
    assert found["era"]["written"] == []


def test_a_word_checked_carries_its_written_form(client: TestClient) -> None:
    """/api/check (the daily board's and a challenge's rounds) says how a folded word is
    written; a word not in the list, or written as held, has none."""

    def check(word: str) -> dict[str, Any]:
        asked = {"board": "aer aea xxx", "dictionary": "es", "word": word}
        return client.post("/api/check", json=asked).json()

    assert check("aerea")["written"] == ["aérea"] and check("Área")["written"] == ["área"]
    assert check("era")["written"] == [] and check("aeaea")["written"] == []
    assert check("zzz")["status"] == "not_on_board" and check("zzz")["written"] == []


def test_a_daily_round_s_verdicts_carry_their_written_forms(client: TestClient) -> None:
    board = client.get("/api/daily?date=2026-11-23&size=4&dictionary=es").json()["board"]
    solved = client.post("/api/solve", json={"board": board, "dictionary": "es"}).json()
    forms = {entry["word"]: entry.get("written") for entry in solved["words"]}
    words = [next(w for w, f in forms.items() if f), next(w for w, f in forms.items() if not f)]
    asked = {"date": "2026-11-23", "size": 4, "dictionary": "es", "words": words}
    verdicts = client.post("/api/daily/result", json=asked).json()["verdicts"]
    assert [verdict.get("written") for verdict in verdicts] == [forms[words[0]], None]


def test_a_word_is_checked_in_the_list_it_is_asked_of(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a word is the list's needs the list (Polish: 462,784 words, a second or more
    on a cold server, once): the one asked of is read, no other (first outside the time
    limit, by the request's preparation, then by its work from the catalogue's cache)."""
    asked: list[str | None] = []
    original = Catalogue.get

    def counting(self: Catalogue, name: str | None) -> Lexicon:
        asked.append(name)
        return original(self, name)

    monkeypatch.setattr(Catalogue, "get", counting)
    assert client.get("/api/define", params={"word": "żółw", "dict": "pl"}).json()["url"]
    assert client.get("/api/define", params={"word": "aerea", "dict": "es"}).json()["written"]
    assert asked == ["pl", "pl", "es", "es"]


def test_a_word_another_language_s_list_lacks_is_said_not_linked(client: TestClient) -> None:
    """/api/define linked a Wiktionary search for any word of another language, a made-up
    one too, as though it were a word; `boggle define` says it is not the list's, with its
    did-you-mean. The API says so too: no url, in_word_list false, did_you_mean."""
    polish = client.get("/api/define", params={"word": "zolw", "dict": "pl"}).json()
    assert polish["url"] is None and polish["in_word_list"] is False
    assert polish["word_list"] == "pl" and polish["did_you_mean"] == ["żółw"]
    made_up = client.get("/api/define", params={"word": "xyzq", "dict": "es"}).json()
    assert made_up["url"] is None and made_up["in_word_list"] is False
    assert made_up["did_you_mean"] == []
    listed = client.get("/api/define", params={"word": "Casa", "dict": "es"}).json()
    assert listed["url"] and listed["in_word_list"] is True and listed["word_list"] == "es"
    english = client.get("/api/define", params={"word": "zzxqv"}).json()
    assert english["in_word_list"] is False and english["word_list"] == "en-70"
    assert "did_you_mean_written" not in polish or polish["did_you_mean_written"] == {}


def test_a_did_you_mean_says_how_its_words_are_written(client: TestClient) -> None:
    """/api/define's did_you_mean named the Portuguese list's coraçao alone, where the word
    is written coração: did_you_mean_written says so, as `boggle define` names it."""
    shown = client.get("/api/define", params={"word": "coracao", "dict": "pt"}).json()
    assert shown["did_you_mean"] == ["coraçao"]
    assert shown["did_you_mean_written"] == {"coraçao": ["coração"]}


def test_a_server_leaving_offensive_words_out_gives_none_of_their_meanings() -> None:
    """`boggle serve --no-offensive` left the words out of every list and `boggle define
    --no-offensive` gave no meaning, but the page's word look-up (GET /api/define) still
    read a slur's gloss to the class: it gives none, and says why."""
    served = TestClient(create_app(WebConfig(preload=False, leave_out_offensive=True)))
    body = served.get("/api/define", params={"word": "Shit"}).json()
    assert body["definitions"] == [] and body["left_out"] == "left out as an offensive word"
    assert served.get("/api/define", params={"word": "cat"}).json()["definitions"]
    assert served.get("/api/define", params={"word": "cat"}).json()["left_out"] is None


def test_a_server_keeping_every_word_gives_an_offensive_word_s_meaning(
    client: TestClient,
) -> None:
    body = client.get("/api/define", params={"word": "shit"}).json()
    assert body["definitions"] and body["left_out"] is None


def test_a_word_typed_with_accents_says_what_it_was_found_under(client: TestClient) -> None:
    """docs/server.md and `boggle define --json` give `looked_up` (café found as cafe); the
    answer's model left it out of GET /api/define."""
    body = client.get("/api/define", params={"word": "café"}).json()
    assert body["definitions"] and body["looked_up"] == "cafe"
    assert client.get("/api/define", params={"word": "cat"}).json()["looked_up"] is None
