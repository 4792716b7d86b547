"""Every page but solo play (its own modules measure it) on a phone (390x844) and a desktop
(1280x800), in the light and the dark scheme (each page opened once, its scheme then
switched), measured in a real browser: headless Chromium
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

from itertools import pairwise
from typing import Any

import pytest
from browser import ARTIFACTS, PHONE, Pages
from challenge_round import make_challenge
from page_audit import in_each_scheme
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
FOOTER = """() => {
  const footer = document.querySelector('footer.site').getBoundingClientRect();
  const items = [...document.querySelectorAll('footer.site a, footer.site #version')].map(e => {
    const box = e.getBoundingClientRect();
    return {text: e.textContent.trim(), link: e.tagName === 'A', left: box.left, right: box.right,
            middle: Math.round((box.top + box.bottom) / 2), height: box.height};
  });
  const walker = document.createTreeWalker(document.querySelector('footer.site'),
    NodeFilter.SHOW_TEXT);
  let credits = null;
  while (walker.nextNode()) {
    if (walker.currentNode.textContent.includes('word lists')) credits = walker.currentNode;
  }
  const range = document.createRange();
  range.selectNodeContents(credits);
  const lines = [...new Set([...range.getClientRects()].map(r => Math.round(r.top)))];
  return {left: footer.left, right: footer.right, items, lines};
}"""


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


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize(
    "what",
    ["/", "solved", "/words", "room-open", "room-closed", "challenge", "challenge-closed",
     "/daily", "/nowhere"],
)  # fmt: skip
def test_no_page_scrolls_sideways(
    pages: Pages, server: ServeProcess, what: str, screen: str
) -> None:
    page = open_page(pages, server, what, **SCREENS[screen])
    for scheme in in_each_scheme(page):
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


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_footer_s_links_stand_evenly_in_a_centred_row(
    pages: Pages, server: ServeProcess, screen: str
) -> None:
    # On a phone the footer was one run of text: its 44 px links made the first line twice as
    # high as the next ones and left the version alone at the start of the last
    page = pages.open(server.url + "/", **SCREENS[screen])
    for scheme in in_each_scheme(page):
        footer_stands_evenly(page, screen, scheme)


def footer_stands_evenly(page: Any, screen: str, scheme: str) -> None:
    footer = page.evaluate(FOOTER)
    items = footer["items"]
    assert [item["text"] for item in items][:2] == ["Home", "API (OpenAPI)"]
    rows = [[item for item in items if item["middle"] == middle]
            for middle in sorted({item["middle"] for item in items})]  # fmt: skip
    per_row = [len(row) for row in rows]
    assert len(rows) == 1 or min(per_row) >= 2, f"{per_row} items a row: one alone"
    for row in rows:
        gaps = [after["left"] - before["right"] for before, after in pairwise(row)]
        assert not gaps or max(gaps) - min(gaps) <= 1, f"uneven gaps {gaps} on a {screen}"
        left, right = row[0]["left"] - footer["left"], footer["right"] - row[-1]["right"]
        assert abs(left - right) <= 2, (
            f"a row {left:.0f} px from the left, {right:.0f} from the right"
        )
    steps = [after - before for before, after in pairwise(footer["lines"])]
    assert not steps or max(steps) - min(steps) <= 1, f"the credits' lines {steps} px apart"
    if screen == "phone":
        assert all(item["height"] >= 43.5 for item in items if item["link"]), items
    assert page.evaluate(SIDEWAYS) <= 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("footer.site").screenshot(path=str(ARTIFACTS / f"footer-{screen}-{scheme}.png"))


def test_the_solver_s_copy_link_stands_beside_its_link_on_a_desktop(
    pages: Pages, server: ServeProcess
) -> None:
    """At 1280 px a solved board's "Copy link" wrapped onto a line of its own, under "Link to
    this board" at the end of the row above; the two stand together on one line."""
    page = open_page(pages, server, "solved", **DESKTOP)
    link = page.locator("#share-link").bounding_box()
    copy = page.locator("#copy-link").bounding_box()
    assert link is not None and copy is not None
    assert copy["x"] > link["x"] + link["width"], (link, copy)  # beside it, not under it
    assert copy["y"] < link["y"] + link["height"] and link["y"] < copy["y"] + copy["height"]
