"""The words setting of a room in a real browser (headless Chromium against the app served
with rooms on the test's clock, which play FXIE): common words only, the others at 0 points
shown apart, the unfound common first.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer

from boggle import Board, solve
from boggle.wordlists.frequencies import with_frequencies

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")


def test_a_room_of_common_words_sets_the_others_apart(
    browser: Any, clocked_server: ClockedServer
) -> None:
    # the round ends when the test moves the rooms' clock: a round of 8 real seconds on
    # `boggle serve` could end before a loaded machine had entered its words, and its random
    # board could lack a common or an uncommon word (FXIE has both)
    server = clocked_server
    players = Pages(browser)
    try:
        ann = players.open(server.url + "/room")
        ann.fill("#create-name", "ann")
        ann.fill("#create-seconds", str(LONGEST_ROUND))
        ann.select_option("#create-words-level", "common")
        ann.select_option("#create-words-others", "zero")
        ann.click("#create-button")
        # the settings come in the "room" message after "joined" (which gives the code)
        ann.wait_for_selector("body[data-code][data-phase='lobby']")
        assert "common words only (others score 0)" in ann.locator("#match-info").inner_text()
        ann.click("#start-button")
        ann.wait_for_selector("body[data-phase='playing'] #board .cube")
        board = Board.parse(ann.locator("#board").get_attribute("data-board") or "")
        rich = with_frequencies(solve(board))
        levels = {w.word: rich.frequency(w.word).level for w in rich}  # type: ignore[union-attr]
        common = [w for w, level in levels.items() if level == "common"]
        others = [w for w, level in levels.items() if level != "common"]
        assert common and others, f"the board {board} lacks a common or an uncommon word"
        for word, status in ((common[0], "accepted"), (others[0], "set_apart")):
            ann.fill("#word-input", word)
            ann.press("#word-input", "Enter")
            ann.wait_for_selector(f"#my-words li[data-word='{word}'][data-status='{status}']")
        server.clock.now += LONGEST_ROUND
        ann.wait_for_selector("#results:not([hidden])")
        counts = rich.level_counts() or {}
        assert (
            ann.locator("#levels")
            .inner_text()
            .startswith(
                f"The board's words: {counts['common']} common, {counts['standard']} standard, "
                f"{counts['obscure']} obscure"
            )
        )
        assert ann.locator("#set-apart p[data-name='ann']").inner_text() == f"ann: {others[0]}"
        score = ann.locator(".result-player[data-name='ann']").get_attribute("data-score")
        assert score == str(rich.by_word[common[0]].points)
        shown = ann.eval_on_selector_all(
            "#unfound [data-level]", "b => b.map(x => x.dataset.level)"
        )
        order = ["common", "standard", "obscure"]
        assert shown and [order.index(level) for level in shown] == sorted(
            order.index(level) for level in shown
        )
        ARTIFACTS.mkdir(exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "room-words-results.png"), full_page=True)
    finally:
        players.close()
