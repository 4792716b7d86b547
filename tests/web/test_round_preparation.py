"""A list's first round computes its words' levels (common, standard, obscure): about 3 s
with an empty frequency cache, which made the first round on a list a 408 on a loaded
machine. The server computes them first, outside the round's time limit, once a list."""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle.model.word_levels import WORD_LEVELS
from boggle.web.app import WebConfig, create_app
from boggle.web.context import Limits
from boggle.wordlists import frequencies
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.lexicon import Lexicon

BOARD = "fxie amlo ewbx astu"


class SlowLevels:
    """The levels of a list computed slowly (longer than the rounds' 1 s limit): ``fame``
    common, every other word obscure; each list it computed."""

    def __init__(self) -> None:
        self.computed: list[str | None] = []

    def __call__(self, lexicon: Lexicon) -> frequencies.ListFrequencies:
        self.computed.append(lexicon.name)
        time.sleep(1.5)
        common = bytes([WORD_LEVELS.index("common")])
        return frequencies.ListFrequencies.from_words(
            ["fame"], array("H", [400]), common, lexicon.count
        )


@pytest.fixture
def slow_levels(monkeypatch: pytest.MonkeyPatch) -> SlowLevels:
    slow = SlowLevels()
    monkeypatch.setattr(frequencies, "_load_or_build", slow)
    return slow


@pytest.fixture
def served(tmp_path: Path) -> Iterator[TestClient]:
    """A server with a 1 s limit and a list of its own, whose levels no one has computed."""
    words = tmp_path / "mine.txt"
    words.write_text("fame\namble\nmax\nwax\n")
    config = WebConfig(
        limits=Limits(solve_seconds=1.0), preload=False, extra_dictionaries={"mine": words}
    )
    with TestClient(create_app(config)) as client:
        yield client


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/api/play", {"words": ["fame"], "finished": True}),
        ("/api/offline", {}),
        ("/api/solve", {}),
        ("/api/hint", {"found": []}),
    ],
)
def test_a_list_s_first_round_computes_its_levels_before_its_time_starts(
    served: TestClient, slow_levels: SlowLevels, route: str, body: dict[str, Any]
) -> None:
    for _ in range(2):
        answer = served.post(route, json={"board": BOARD, "dictionary": "mine", **body})
        assert answer.status_code == 200, answer.json()
    assert slow_levels.computed == ["mine"]  # once a list: nothing to do the second time
    if route == "/api/play":
        played = answer.json()
        assert played["levels"] == {"common": 1, "standard": 0, "obscure": played["total"] - 1}


def test_a_word_checked_at_a_level_has_its_list_s_levels_computed_first(
    served: TestClient, slow_levels: SlowLevels
) -> None:
    pytest.importorskip("wordfreq", reason="a word level needs wordfreq ([test] extra)")
    checked = {"board": BOARD, "dictionary": "mine", "word_level": "common"}
    answer = served.post("/api/check", json={**checked, "word": "max"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "other_level"  # obscure: not a common word
    assert served.post("/api/check", json={**checked, "word": "fame"}).json()["points"] == 1
    assert slow_levels.computed == ["mine"]
    # every word counts: nothing to compute
    served.post("/api/check", json={"board": BOARD, "word": "fame"})
    assert slow_levels.computed == ["mine"]


def test_a_word_s_meaning_reads_its_list_before_its_time_starts(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/api/define needs the list the word is asked of (Polish: a second or more to read on
    a cold, loaded server): it is read first, outside the 1 s limit, as a round's levels."""
    original = Catalogue.get
    read: list[str | None] = []

    def slow_first_read(self: Catalogue, name: str | None) -> Lexicon:
        if name not in read:
            read.append(name)
            time.sleep(1.5)
        return original(self, name)

    monkeypatch.setattr(Catalogue, "get", slow_first_read)
    answer = served.get("/api/define", params={"word": "fame", "dict": "mine"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["in_word_list"] is True and read == ["mine"]
