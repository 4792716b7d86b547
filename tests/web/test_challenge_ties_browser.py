"""A tie in a challenge's results, as a room's standings write it (headless Chromium driven by
Playwright): "1 Ann / 1 Bob (you)" read as two firsts with nothing saying why, where a room's
table wrote "1=" and said "Equal points share a place (2=): there is no tie-break."

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import pytest
from browser import Pages
from challenge_round import make_challenge, play_challenge
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

PLACES = """() => [...document.querySelectorAll("#challenge-results tbody tr")]
  .map((row) => [row.cells[0].textContent, row.cells[1].textContent])"""
"""Each row's place and name, as the table shows them."""


def test_a_tie_in_a_challenge_s_results_shares_its_place_and_says_so(
    pages: Pages, server: ServeProcess
) -> None:
    made = make_challenge(server.url, played={"Ann": ["fame"], "Cy": []})
    page = pages.open(server.url + made["path"])
    play_challenge(page, "Bob", ["fame"])
    assert page.evaluate(PLACES) == [["1=", "Ann"], ["1=", "Bob (you)"], ["3", "Cy"]]
    ties = page.locator("#challenge-ties")
    assert ties.is_visible()
    assert ties.inner_text() == "Equal points share a place (2=): there is no tie-break."
    summary = page.locator("#challenge-summary").inner_text()
    assert summary.endswith("; rank 1= of 3."), summary


def test_a_challenge_s_results_without_a_tie_say_no_rule(
    pages: Pages, server: ServeProcess
) -> None:
    made = make_challenge(server.url, played={"Ann": ["fame", "mile"]})
    page = pages.open(server.url + made["path"])
    play_challenge(page, "Bob", ["fame"])
    assert page.evaluate(PLACES) == [["1", "Ann"], ["2", "Bob (you)"]]
    assert page.locator("#challenge-ties").is_hidden()
    assert page.locator("#challenge-summary").inner_text().endswith("; rank 2 of 2.")


def test_a_tie_for_the_best_names_everyone_in_it_before_the_round(
    pages: Pages, server: ServeProcess
) -> None:
    """Before a friend's round the page said "the best is Ann: 1 point, 1 word" when Bob had
    the same points: a tie for the top names every player in it."""
    played = {"Ann": ["fame"], "Bob": ["fame"], "Dee": ["fame"], "Cy": []}
    made = make_challenge(server.url, played=played)
    info = pages.open(server.url + made["path"]).locator("#challenge-info").text_content()
    assert info.endswith(
        "4 people have played it; the best are Ann, Bob and Dee: 1 point, 1 word."
        " Your turn to beat that."
    ), info
    alone = make_challenge(server.url, played={"Ann": ["fame"], "Cy": []})
    info = pages.open(server.url + alone["path"]).locator("#challenge-info").text_content()
    assert info.endswith(
        "2 people have played it; the best is Ann: 1 point, 1 word. Your turn to beat that."
    ), info


def test_a_tie_for_the_best_on_other_word_counts_gives_the_points_each(
    pages: Pages, server: ServeProcess
) -> None:
    """Ann's two words and Bob's one are worth 2 points each: the line before the round says
    the points they share, not one player's word count as though it were both's."""
    played = {"Ann": ["fame", "mile"], "Bob": ["limbo"], "Cy": []}
    made = make_challenge(server.url, played=played)
    info = pages.open(server.url + made["path"]).locator("#challenge-info").text_content()
    assert info.endswith(
        "3 people have played it; the best are Ann and Bob: 2 points each. Your turn to beat that."
    ), info


NAME_LISTS = """async () => {
  const { nameList } = await import("/static/board.js");
  return [["Amir"], ["Amir", "Bea"], ["Amir", "Bea", "Cy"], ["Amir", "Bea", "Cy", "Dee"]]
    .map((names) => nameList(names));
}"""
"""``nameList`` of board.js (the challenge's and the room's pages' names in a sentence)."""


def test_names_are_joined_as_a_sentence_says_them(pages: Pages, server: ServeProcess) -> None:
    made = make_challenge(server.url)
    page = pages.open(server.url + made["path"])
    assert page.evaluate(NAME_LISTS) == [
        "Amir",
        "Amir and Bea",
        "Amir, Bea and Cy",
        "Amir, Bea, Cy and Dee",
    ]
