"""A phone player's walk through the pages, on the phones the earlier tests did not take: an
iPhone SE's 375x667 and a small phone's 320x568, upright and on their side (667x375), with
touch (headless Chromium, driven by Playwright, against `boggle serve`): a challenge's
results on a phone on its side do not scroll sideways, "Tap to type a word" covers the word
box however its row wraps, and a class's players on the projector go in columns where the
browser has no ``:has()`` (Safari before 15.4, Firefox before 121).

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from challenge_round import make_challenge, play_challenge
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SE_ON_ITS_SIDE: dict[str, Any] = {
    "viewport": {"width": 667, "height": 375},
    "has_touch": True,
    "is_mobile": True,
}
"""An iPhone SE (375x667) turned on its side, with touch and a phone's viewport."""


def sideways(page: Any) -> list[int]:
    """The page's layout width (a phone widens it to what sticks out), and how far the
    page scrolls sideways: [667, 0] on a page that fits a 667 px screen."""
    return list(
        page.evaluate(
            "() => [window.innerWidth, document.documentElement.scrollWidth"
            " - document.documentElement.clientWidth]"
        )
    )


def test_a_challenge_s_results_do_not_scroll_sideways_on_a_phone_on_its_side(
    pages: Pages, server: ServeProcess
) -> None:
    """On its side the results stand in a column beside the board and the table scrolls in
    its area, but a word's "learn" for screen readers (absolutely placed) was placed against
    the page, past the table's area: the phone's page grew to 719 px and scrolled sideways."""
    made = make_challenge(server.url, played={"Wolfeschlegelsteinhausen": ["fame"]})
    page = pages.open(server.url + made["path"], **SE_ON_ITS_SIDE)
    play_challenge(page, "ann", tap=True)
    page.wait_for_selector("#challenge-results .learn-one")
    assert sideways(page) == [667, 0]
