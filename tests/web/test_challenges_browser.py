"""A challenge in a real browser (headless Chromium driven by Playwright, against `boggle
serve`): made after a solo round, opened in a second browser context (another player),
played there, and both results shown, best first, with the words only each found.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import Pages, chromium
from serve_process import ServeProcess

from boggle import Board, load_lexicon, solve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    running = ServeProcess(tmp_path_factory.mktemp("data"))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture()
def pages() -> Iterator[Pages]:
    with chromium() as browser:
        opened = Pages(browser)
        yield opened
        opened.close()


def type_word(page: Any, box: str, word: str) -> None:
    page.fill(box, word)
    page.press(box, "Enter")


def test_a_challenge_from_a_solo_round_played_by_a_friend(
    pages: Pages, server: ServeProcess
) -> None:
    found = [w.word for w in solve(Board.parse(FXIE), load_lexicon()).words]
    ann_word, bob_words = found[0], [found[0], found[1]]

    ann = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    ann.fill("#play-time", "60")
    ann.click("#play-start")
    ann.wait_for_selector("#play-form:not([hidden])")
    type_word(ann, "#play-input", ann_word)
    ann.wait_for_selector("#play-feedback.good")
    ann.click("#play-end")
    ann.wait_for_selector("#play-results:not([hidden]) .challenge-make")
    ann.fill("#play-results .challenge-name", "ann")
    ann.click("#play-results .challenge-make")
    link = ann.locator("#play-results .challenge-link")
    link.wait_for()
    url = link.get_attribute("href") or ""
    assert url.startswith("/challenge/") and link.text_content() == server.url + url

    bob = pages.open(server.url + url)
    assert "60 seconds" in (bob.locator("#challenge-info").text_content() or "")
    bob.fill("#challenge-name", "bob")
    bob.click("#challenge-start")
    bob.wait_for_selector("#board .cube")
    assert bob.locator("#board").get_attribute("data-board") == FXIE
    assert bob.evaluate("() => document.activeElement.id") == "word-input"
    for word in bob_words:
        type_word(bob, "#word-input", word)
        bob.wait_for_selector(f"#my-words li[data-word='{word}']")
    bob.click("#challenge-stop")
    bob.wait_for_selector("body[data-played='true']")
    names = bob.eval_on_selector_all(
        "#challenge-results li", "items => items.map(i => i.dataset.name)"
    )
    assert names == ["bob", "ann"]  # best first
    only_bob = bob.locator("#challenge-results li[data-name='bob'] .only-you").text_content()
    assert only_bob == f"Only you: {bob_words[1]}"
    assert bob.locator("#challenge-results li[data-name='bob']").get_attribute("class") == (
        "result-player you"
    )
