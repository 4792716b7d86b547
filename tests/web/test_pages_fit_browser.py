"""Every page but solo play (its own modules measure it) on a phone (390x844) and a desktop
(1280x800), in the light and the dark scheme, measured in a real browser: headless Chromium
(the system's, driven by Playwright) against `boggle serve`.

No page scrolls sideways, in its first state or its main other one (a board solved, a room
open, a challenge to play, a room or challenge that is not there, the page not found); every
link of a page's own content is a finger's 44 px high on a phone, not only the header's and
footer's; the front door's four ways in stand one a row on a phone, two by two on a tablet
and side by side on a desktop, never three and a lone one.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages
from challenge_round import make_challenge
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
SMALL_LINKS = """() => [...document.querySelectorAll('main a')].filter(e => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.height < 43.5;
}).map(e => `'${e.textContent.trim()}' ${Math.round(e.getBoundingClientRect().height)} px`)"""
DOOR_ROWS = """() => [...document.querySelectorAll('.doors .door')].map(
  e => Math.round(e.getBoundingClientRect().top))"""


FILLED = {
    "solved": (
        "/solve",
        "#board-input",
        "sers lpei aent rtbe",
        "#solve-button",
        "#solve-panel .word",
    ),
    "room-open": ("/room", "#create-name", "ann", "#create-button", "body[data-code] #room-qr"),
}
"""A state reached by filling in one field and pressing one button: the page, the field, what
is typed, the button and what the page shows once it is there."""


def open_page(pages: Pages, server: ServeProcess, what: str, **options: Any) -> Any:
    """The page ``what`` names, in the state it names, opened with ``options``."""
    if what == "challenge":
        return pages.open(server.url + make_challenge(server.url)["path"], **options)
    if what in FILLED:
        path, field, typed, button, shown = FILLED[what]
        page = pages.open(server.url + path, **options)
        page.fill(field, typed)
        page.click(button)
        page.wait_for_selector(shown)
        return page
    paths = {"room-closed": "/room/ZZZ234", "challenge-closed": "/challenge/ZZZZZZZZ"}
    return pages.open(server.url + paths.get(what, what), **options)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize(
    "what",
    ["/", "solved", "/words", "room-open", "room-closed", "challenge", "challenge-closed",
     "/daily", "/nowhere"],
)  # fmt: skip
def test_no_page_scrolls_sideways(
    pages: Pages, server: ServeProcess, what: str, screen: str, scheme: str
) -> None:
    page = open_page(pages, server, what, color_scheme=scheme, **SCREENS[screen])
    assert page.evaluate(SIDEWAYS) <= 0, f"{what} scrolls sideways on a {screen} ({scheme})"


@pytest.mark.parametrize("what", ["/", "/words", "/nowhere", "room-closed", "challenge-closed"])
def test_a_page_s_own_links_are_a_finger_high(
    pages: Pages, server: ServeProcess, what: str
) -> None:
    # My words with nothing kept: its ways to a round were links inside a sentence, 19 px high
    page = open_page(pages, server, what, **PHONE)
    assert page.locator("main a").count() > 0 or what.endswith("closed")
    assert page.evaluate(SMALL_LINKS) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"fit-{what.strip('/') or 'home'}-phone.png"))


@pytest.mark.parametrize(("width", "rows"), [(390, 4), (700, 2), (1280, 1)])
def test_the_front_door_s_ways_in_never_leave_one_alone(
    pages: Pages, server: ServeProcess, width: int, rows: int
) -> None:
    page = pages.open(server.url + "/", viewport={"width": width, "height": 800})
    tops = page.evaluate(DOOR_ROWS)
    assert len(tops) == 4
    per_row = [tops.count(top) for top in sorted(set(tops))]
    assert len(per_row) == rows and len(set(per_row)) == 1, f"{per_row} doors a row at {width} px"
